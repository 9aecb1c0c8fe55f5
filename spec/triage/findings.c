#include "findings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *id, *name, *heading;
    int blocking;
    const char *description;
} categories[] = {
#define GCN_FC_ROW(e, id, name, heading, blocking, description)                                    \
    {id, name, heading, blocking, description},
    GCN_FINDING_CATEGORY_LIST(GCN_FC_ROW)
#undef GCN_FC_ROW
};

const char *gcn_finding_cat_id(gcn_finding_cat c)
{
    return (unsigned)c < GCN_FC_COUNT ? categories[c].id : "?";
}

const char *gcn_finding_cat_heading(gcn_finding_cat c)
{
    return (unsigned)c < GCN_FC_COUNT ? categories[c].heading : "?";
}

const char *gcn_finding_cat_name(gcn_finding_cat c)
{
    return (unsigned)c < GCN_FC_COUNT ? categories[c].name : "?";
}

const char *gcn_finding_cat_description(gcn_finding_cat c)
{
    return (unsigned)c < GCN_FC_COUNT ? categories[c].description : "?";
}

int gcn_finding_cat_blocking(gcn_finding_cat c)
{
    return (unsigned)c < GCN_FC_COUNT ? categories[c].blocking : 0;
}

int gcn_finding_cat_from_id(const char *id, gcn_finding_cat *c)
{
    unsigned i;
    for (i = 0; i < GCN_FC_COUNT; i++)
        if (strcmp(categories[i].id, id) == 0) {
            *c = (gcn_finding_cat)i;
            return 1;
        }
    return 0;
}

void gcn_findings_free(gcn_findings *l)
{
    size_t i;
    for (i = 0; i < l->n; i++) {
        free(l->v[i].key);
        free(l->v[i].encoding);
        free(l->v[i].subject);
        free(l->v[i].message);
        free(l->v[i].group);
        gcn_strs_free(&l->v[i].facts);
        gcn_strs_free(&l->v[i].gens);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int same_facts(const gcn_strs *a, const gcn_strs *b)
{
    size_t i;
    if (a->n != b->n)
        return 0;
    for (i = 0; i < a->n; i++)
        if (strcmp(a->v[i], b->v[i]) != 0)
            return 0;
    return 1;
}

static int conflict_family(gcn_finding_cat c)
{
    return c == GCN_FC_OPCODE_CONFLICT || c == GCN_FC_DUP_MNEMONIC || c == GCN_FC_DUP_OPCODE ||
           c == GCN_FC_MISSPELLED;
}

static int share_fact(const gcn_strs *a, const gcn_strs *b)
{
    size_t i;
    for (i = 0; i < b->n; i++)
        if (gcn_strs_has(a, b->v[i]))
            return 1;
    return 0;
}

gcn_finding *gcn_findings_add(gcn_findings *l, gcn_finding_cat cat, const char *encoding,
                              const char *subject, const gcn_strs *facts, const gcn_strs *gens,
                              const char *fmt, ...)
{
    gcn_strs fs = {0};
    gcn_finding *x;
    size_t i;
    char msg[2048];
    va_list ap;
    if (facts)
        for (i = 0; i < facts->n; i++)
            if (!gcn_strs_has(&fs, facts->v[i]))
                gcn_strs_push(&fs, facts->v[i]);
    if (fs.n > 1)
        qsort(fs.v, fs.n, sizeof(*fs.v), str_cmp);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    /* One defect, one finding: the same finding for other generations (same facts), the same
     * text copied into other sections (same message), or one conflict seen through two tables
     * (shared facts) all merge. */
    for (i = 0; i < l->n; i++) {
        x = &l->v[i];
        if (x->cat == cat && !x->group &&
            ((same_facts(&x->facts, &fs) && strcmp(x->message, msg) == 0) ||
             (strcmp(x->subject, subject ? subject : "") == 0 &&
              strcmp(x->encoding ? x->encoding : "", encoding ? encoding : "") == 0 &&
              (strcmp(x->message, msg) == 0 ||
               (conflict_family(cat) && share_fact(&x->facts, &fs)))))) {
            size_t k;
            for (k = 0; k < fs.n; k++)
                if (!gcn_strs_has(&x->facts, fs.v[k]))
                    gcn_strs_push(&x->facts, fs.v[k]);
            if (x->facts.n > 1)
                qsort(x->facts.v, x->facts.n, sizeof(*x->facts.v), str_cmp);
            for (k = 0; gens && k < gens->n; k++)
                if (!gcn_strs_has(&x->gens, gens->v[k]))
                    gcn_strs_push(&x->gens, gens->v[k]);
            if (x->gens.n > 1)
                qsort(x->gens.v, x->gens.n, sizeof(*x->gens.v), str_cmp);
            gcn_strs_free(&fs);
            return x;
        }
    }
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 64;
        gcn_finding *v = realloc(l->v, ncap * sizeof(*v));
        if (!v) {
            gcn_strs_free(&fs);
            return NULL;
        }
        l->v = v;
        l->cap = ncap;
    }
    x = &l->v[l->n++];
    memset(x, 0, sizeof(*x));
    x->cat = cat;
    x->encoding = gcn_strdup(encoding);
    x->subject = gcn_strdup(subject ? subject : "");
    x->message = gcn_strdup(msg);
    x->facts = fs;
    for (i = 0; gens && i < gens->n; i++)
        if (!gcn_strs_has(&x->gens, gens->v[i]))
            gcn_strs_push(&x->gens, gens->v[i]);
    if (x->gens.n > 1)
        qsort(x->gens.v, x->gens.n, sizeof(*x->gens.v), str_cmp);
    return x;
}

gcn_finding *gcn_findings_add_grouped(gcn_findings *l, gcn_finding_cat cat, const char *encoding,
                                      const char *subject, const char *group, const gcn_strs *facts,
                                      const char *fmt, ...)
{
    char msg[2048];
    size_t i, k;
    gcn_finding *x;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    for (i = 0; i < l->n; i++) {
        x = &l->v[i];
        if (x->cat != cat || !x->group || strcmp(x->group, group) != 0)
            continue;
        for (k = 0; facts && k < facts->n; k++)
            if (!gcn_strs_has(&x->facts, facts->v[k]))
                gcn_strs_push(&x->facts, facts->v[k]);
        if (x->facts.n > 1)
            qsort(x->facts.v, x->facts.n, sizeof(*x->facts.v), str_cmp);
        return x;
    }
    /* a new finding: add it past the merge rules, then mark its group */
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 64;
        gcn_finding *v = realloc(l->v, ncap * sizeof(*v));
        if (!v)
            return NULL;
        l->v = v;
        l->cap = ncap;
    }
    x = &l->v[l->n++];
    memset(x, 0, sizeof(*x));
    x->cat = cat;
    x->encoding = gcn_strdup(encoding);
    x->subject = gcn_strdup(subject ? subject : "");
    x->message = gcn_strdup(msg);
    x->group = gcn_strdup(group);
    for (k = 0; facts && k < facts->n; k++)
        if (!gcn_strs_has(&x->facts, facts->v[k]))
            gcn_strs_push(&x->facts, facts->v[k]);
    if (x->facts.n > 1)
        qsort(x->facts.v, x->facts.n, sizeof(*x->facts.v), str_cmp);
    return x;
}

static int finding_cmp(const void *a, const void *b)
{
    const gcn_finding *x = a, *y = b;
    int c;
    if (x->cat != y->cat)
        return x->cat < y->cat ? -1 : 1;
    c = strcmp(x->encoding ? x->encoding : "", y->encoding ? y->encoding : "");
    if (c)
        return c;
    c = strcmp(x->subject, y->subject);
    if (c)
        return c;
    if (x->facts.n && y->facts.n)
        return strcmp(x->facts.v[0], y->facts.v[0]);
    return (int)x->facts.n - (int)y->facts.n;
}

void gcn_findings_finish(gcn_findings *l)
{
    size_t i;
    if (l->n > 1)
        qsort(l->v, l->n, sizeof(*l->v), finding_cmp);
    for (i = 0; i < l->n; i++) {
        gcn_finding *x = &l->v[i];
        char key[512];
        size_t k, dup = 0;
        for (k = i; k > 0; k--) {
            const gcn_finding *p = &l->v[k - 1];
            if (p->cat != x->cat || strcmp(p->subject, x->subject) != 0 ||
                strcmp(p->encoding ? p->encoding : "", x->encoding ? x->encoding : "") != 0)
                break;
            dup++;
        }
        if (dup)
            snprintf(key, sizeof(key), "%s/%s/%s/%zu", gcn_finding_cat_id(x->cat),
                     x->encoding ? x->encoding : "-", x->subject, dup + 1);
        else
            snprintf(key, sizeof(key), "%s/%s/%s", gcn_finding_cat_id(x->cat),
                     x->encoding ? x->encoding : "-", x->subject);
        free(x->key);
        x->key = gcn_strdup(key);
    }
}

gcn_status gcn_find_errata(const gcn_facts *facts, const struct gcn_pseudo_env *env,
                           gcn_findings *out, gcn_diag *diag)
{
    return gcn_find_errata_words(facts, env, NULL, out, diag);
}

gcn_status gcn_find_errata_words(const gcn_facts *facts, const struct gcn_pseudo_env *env,
                                 const struct gcn_wordlist *words, gcn_findings *out,
                                 gcn_diag *diag)
{
    static gcn_status (*const detectors[])(const gcn_facts *,
                                           gcn_findings *) = {gcn_detect_opcodes,
                                                              gcn_detect_names,
                                                              gcn_detect_fields,
                                                              gcn_detect_text,
                                                              gcn_detect_visa,
                                                              gcn_detect_pages,
                                                              gcn_detect_labels,
                                                              gcn_detect_operation_prose,
                                                              gcn_detect_tables,
                                                              gcn_detect_generation_scope,
                                                              gcn_detect_unsectioned_rows,
                                                              gcn_detect_cut_off,
                                                              gcn_detect_description_values,
                                                              gcn_detect_visa_surfaces,
                                                              gcn_detect_visa_names,
                                                              gcn_detect_visa_widths};
    size_t i;
    gcn_status st = GCN_OK;
    memset(out, 0, sizeof(*out));
    for (i = 0; i < sizeof(detectors) / sizeof(detectors[0]) && st == GCN_OK; i++)
        st = detectors[i](facts, out);
    if (st == GCN_OK)
        st = gcn_detect_pseudocode(facts, env, out);
    if (st == GCN_OK)
        st = gcn_detect_spelling(facts, words, out);
    if (st != GCN_OK) {
        gcn_diag_set(diag, "", 0, 0, "errata detection failed: %s", gcn_status_str(st));
        return st;
    }
    gcn_findings_finish(out);
    return GCN_OK;
}
