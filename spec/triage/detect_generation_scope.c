/* Statements without a generation that contradict a generation-qualified one: a section's
 * description states a rule with no generation ("It accepts only offset as M0 or any
 * immediate.") that the page writes elsewhere, word for word, for some generations only ("...
 * (only GCN 1.2)"), while the section's instruction exists on others too. Read as written, the
 * unqualified copy extends the rule to generations where the page says it does not hold. Notes
 * that state the rule for a wildcard of mnemonics covering the section ("S_BUFFER_STORE_\* ...
 * for GCN 1.2") are quoted with it. Copies of one sentence are one finding. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "spec/extract/text.h"
#include "spec/model/claims.h"

typedef struct sentence {
    const gcn_fact *fact;
    const gcn_fact *section; /* NULL for a note */
    char *raw;               /* the sentence as written */
    char *norm;              /* lower-case words, generation qualifiers removed */
    gcn_strs gens;           /* the qualifier's generations; empty = unqualified */
} sentence;

typedef struct sentences {
    sentence *v;
    size_t n, cap;
} sentences;

/* Removes "(GCN 1.2)", "(only GCN 1.2)", "for GCN 1.2/1.4", "only for GCN 1.4", "In GCN 1.4"
 * and keeps the other words, lower-cased, one blank apart. */
static char *normalize(const char *s)
{
    size_t n = strlen(s), k = 0;
    char *out = malloc(n + 1);
    const char *p = s;
    int blank = 1;
    if (!out)
        return NULL;
    while (*p) {
        if (*p == '(') {
            const char *e = strchr(p, ')');
            if (e) {
                size_t len = (size_t)(e - p);
                char *inner = malloc(len + 1);
                int qualifier;
                if (!inner) {
                    free(out);
                    return NULL;
                }
                memcpy(inner, p, len);
                inner[len] = 0;
                qualifier = strstr(inner, "GCN") != NULL;
                free(inner);
                if (qualifier) {
                    p = e + 1;
                    continue;
                }
            }
        }
        if (strncmp(p, "GCN", 3) == 0) {
            /* "GCN 1.2/1.4": the name and its numbers */
            p += 3;
            while (*p == ' ' || *p == '/' || *p == '.' || isdigit((unsigned char)*p))
                p++;
            continue;
        }
        if (isalnum((unsigned char)*p) || *p == '_') {
            out[k++] = (char)tolower((unsigned char)*p);
            blank = 0;
        } else if (!blank) {
            out[k++] = ' ';
            blank = 1;
        }
        p++;
    }
    while (k && out[k - 1] == ' ')
        k--;
    out[k] = 0;
    /* drop the words a qualifier leaves behind at the ends ("for", "only for", "in") */
    for (;;) {
        size_t l = strlen(out);
        if (l >= 4 && strcmp(out + l - 4, " for") == 0)
            out[l - 4] = 0;
        else if (l >= 5 && strcmp(out + l - 5, " only") == 0)
            out[l - 5] = 0;
        else
            break;
    }
    if (strncmp(out, "in ", 3) == 0)
        memmove(out, out + 3, strlen(out + 3) + 1);
    return out;
}

static gcn_status push(sentences *l, const gcn_fact *fact, const gcn_fact *section,
                       const char *text)
{
    sentence *s;
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 64;
        sentence *v = realloc(l->v, ncap * sizeof(*v));
        if (!v)
            return GCN_ERR_NOMEM;
        l->v = v;
        l->cap = ncap;
    }
    s = &l->v[l->n];
    memset(s, 0, sizeof(*s));
    s->fact = fact;
    s->section = section;
    s->norm = normalize(text);
    s->raw = text_trim(text);
    if (!s->norm || !s->raw) {
        free(s->norm);
        free(s->raw);
        return GCN_ERR_NOMEM;
    }
    text_gens(text, &s->gens);
    l->n++;
    return GCN_OK;
}

/* Splits prose into sentences at '.' followed by a blank, a line break or the end (a note's
 * sentences run across its lines). */
static gcn_status split(sentences *l, const gcn_fact *fact, const gcn_fact *section,
                        const char *prose)
{
    const char *p = prose, *start = prose;
    gcn_status st = GCN_OK;
    for (; st == GCN_OK; p++) {
        if (*p == 0 || (*p == '.' && (p[1] == ' ' || p[1] == 0 || p[1] == '\n'))) {
            if (p > start) {
                char *one = gcn_strndup(start, (size_t)(p - start));
                if (!one)
                    return GCN_ERR_NOMEM;
                st = push(l, fact, section, one);
                free(one);
            }
            if (!*p)
                break;
            start = p + 1;
        }
    }
    return st;
}

/* "S_BUFFER_STORE_\*" (or "S_STORE_*") covers the mnemonic. */
static int wildcard_covers(const char *text, const char *mnemonic)
{
    const char *p = text;
    while ((p = strchr(p, '*')) != NULL) {
        const char *b = p, *w;
        size_t n;
        if (b > text && b[-1] == '\\')
            b--; /* "S_STORE_\*": Markdown's escaped star */
        w = b;
        while (w > text &&
               (isupper((unsigned char)w[-1]) || isdigit((unsigned char)w[-1]) || w[-1] == '_'))
            w--;
        n = (size_t)(b - w);
        if (n >= 3 && strncmp(mnemonic, w, n) == 0)
            return 1;
        p++;
    }
    return 0;
}

/* Words of three or more characters the two sentences share. */
static size_t shared_words(const char *a, const char *b)
{
    size_t n = 0;
    const char *p = a;
    while (*p) {
        size_t len = strcspn(p, " ");
        if (len >= 2) {
            const char *q = b;
            while (*q) {
                size_t l2 = strcspn(q, " ");
                if (l2 == len && strncmp(p, q, len) == 0) {
                    n++;
                    break;
                }
                q += l2;
                while (*q == ' ')
                    q++;
            }
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    return n;
}

/* The opcode-line facts with a section, by section id, then in the facts' order. */
typedef struct line_index {
    const gcn_fact **v;
    size_t n;
} line_index;

static int by_section(const void *a, const void *b)
{
    const gcn_fact *x = *(const gcn_fact *const *)a, *y = *(const gcn_fact *const *)b;
    int c = strcmp(x->section, y->section);
    return c ? c : (x < y ? -1 : x > y);
}

static gcn_status line_index_build(const gcn_facts *f, line_index *ix)
{
    size_t i;
    ix->n = 0;
    ix->v = malloc((f->n ? f->n : 1) * sizeof(*ix->v));
    if (!ix->v)
        return GCN_ERR_NOMEM;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_OPCODE_LINE && f->v[i].section)
            ix->v[ix->n++] = &f->v[i];
    qsort(ix->v, ix->n, sizeof(*ix->v), by_section);
    return GCN_OK;
}

static void section_gens(const gcn_facts *f, const line_index *ix, const gcn_fact *section,
                         gcn_strs *out)
{
    size_t lo = 0, hi = ix->n, k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix->v[mid]->section, section->id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < ix->n && strcmp(ix->v[lo]->section, section->id) == 0; lo++) {
        const gcn_fact *x = ix->v[lo];
        for (k = 0; k < x->nparts; k++) {
            size_t g;
            if (!x->parts[k].gens.n) {
                gcn_doc_gens(f, section->file, section->encoding, out);
                continue;
            }
            for (g = 0; g < x->parts[k].gens.n; g++)
                if (!gcn_strs_has(out, x->parts[k].gens.v[g]))
                    gcn_strs_push(out, x->parts[k].gens.v[g]);
        }
    }
}

static gcn_status report(const gcn_facts *f, const line_index *ix, const sentences *l, size_t u,
                         gcn_findings *out)
{
    const sentence *s = &l->v[u];
    gcn_strs sgens = {0}, ids = {0}, quals = {0};
    size_t i, k;
    gcn_status st = GCN_OK;
    char beyond[64] = "", group[600];
    section_gens(f, ix, s->section, &sgens);
    for (i = 0; i < l->n; i++) {
        const sentence *q = &l->v[i];
        if (!q->gens.n || !q->section || strcmp(q->norm, s->norm) != 0 ||
            strcmp(q->fact->encoding, s->fact->encoding) != 0)
            continue;
        /* the generations the unqualified copy claims and the qualified one leaves out */
        for (k = 0; k < sgens.n; k++)
            if (!gcn_strs_has(&q->gens, sgens.v[k]) && !strstr(beyond, sgens.v[k])) {
                strncat(beyond, beyond[0] ? ", " : "", sizeof(beyond) - strlen(beyond) - 1);
                strncat(beyond, sgens.v[k], sizeof(beyond) - strlen(beyond) - 1);
            }
        if (!gcn_strs_has(&ids, q->fact->id))
            gcn_strs_push(&ids, q->fact->id);
        for (k = 0; k < q->gens.n; k++)
            if (!gcn_strs_has(&quals, q->gens.v[k]))
                gcn_strs_push(&quals, q->gens.v[k]);
    }
    if (ids.n && beyond[0]) {
        gcn_finding *x;
        /* notes stating the rule for a wildcard covering the section, with a generation */
        for (i = 0; i < l->n; i++) {
            const sentence *n = &l->v[i];
            if (n->section || !n->gens.n || strcmp(n->fact->encoding, s->fact->encoding) != 0 ||
                !wildcard_covers(n->raw, s->section->name) || shared_words(n->norm, s->norm) < 3 ||
                gcn_strs_has(&ids, n->fact->id))
                continue;
            gcn_strs_push(&ids, n->fact->id);
        }
        gcn_strs_push(&ids, s->fact->id);
        snprintf(group, sizeof(group), "gen-scope|%s|%s", s->fact->encoding, s->norm);
        x = gcn_findings_add_grouped(
            out, GCN_FC_GEN_SCOPE, s->fact->encoding, s->section->name, group, &ids,
            "%s states a rule with no generation ('%s'), which the page restricts elsewhere to "
            "%s%s: as written it also claims it for %s",
            s->section->name, s->raw, quals.v[0], quals.n > 1 ? " and others" : "", beyond);
        if (!x)
            st = GCN_ERR_NOMEM;
    }
    gcn_strs_free(&sgens);
    gcn_strs_free(&ids);
    gcn_strs_free(&quals);
    return st;
}

gcn_status gcn_detect_generation_scope(const gcn_facts *f, gcn_findings *out)
{
    sentences l = {0};
    line_index ix = {0};
    size_t i;
    gcn_status st = line_index_build(f, &ix);
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind == GCN_FACT_DESCRIPTION && x->description && x->section)
            st = split(&l, x, gcn_facts_find(f, x->section), x->description);
        else if (x->kind == GCN_FACT_NOTE && x->text)
            st = split(&l, x, NULL, x->text);
    }
    for (i = 0; i < l.n && st == GCN_OK; i++)
        if (l.v[i].section && !l.v[i].gens.n && l.v[i].norm[0] &&
            strchr(l.v[i].norm, ' ') /* a sentence, not a word */)
            st = report(f, &ix, &l, i, out);
    for (i = 0; i < l.n; i++) {
        free(l.v[i].raw);
        free(l.v[i].norm);
        gcn_strs_free(&l.v[i].gens);
    }
    free(l.v);
    free(ix.v);
    return st;
}
