/* The encoding catalogue (see encodings.h). Every fact is read off the pages; what the pages
 * leave to the reader (an encoding's size, where no sentence states it, is the field table's
 * highest bit) is said in the catalogue's "readings", and every place two statements disagree
 * goes to its "disagreements". */
#define _POSIX_C_SOURCE 200809L
#include "encodings.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "text.h"
#include "util/file.h"

#define ENC_MAX_GENS 8
#define ENC_MAX_FIELDS 32
#define ENC_MAX_RULES 24
#define ENC_MAX_CONDS 3
#define ENC_FROM 96

typedef struct enc_cond {
    char field[24];
    int lo, hi;
    unsigned long value;
} enc_cond;

typedef struct enc_rule {
    int extra;     /* 0: a literal dword follows; 1: an extra dword (SDWA, DPP) follows */
    char what[24]; /* "literal", "VOP_SDWA", ... */
    enc_cond cond[ENC_MAX_CONDS];
    int ncond;
    char from[ENC_FROM];
} enc_rule;

typedef struct enc_field {
    char name[24];
    int lo, hi;
    char desc[160];
    unsigned line;
} enc_field;

typedef struct enc_entry {
    char name[32];
    int gen;
    int dwords;
    int id_lo, id_hi;
    unsigned long id_value;
    char id_written[40];
    int op_lo, op_hi;
    enc_field field[ENC_MAX_FIELDS];
    int nfield;
    enc_rule rule[ENC_MAX_RULES];
    int nrule;
    char from[8][ENC_FROM];
    int nfrom;
    int disputed;
    int value_digits; /* when the value is written with fewer digits than the field has bits */
} enc_entry;

typedef struct enc_ctx {
    gcn_diag *diag;
    gcn_strs gens; /* every generation the pages' titles, captions and tables name, sorted */
    int frozen;    /* after the first pass: a generation named elsewhere is no new one */
    enc_entry *e;
    size_t n, cap;
    cJSON *disagreements, *readings;
    unsigned long literal_code;
    char literal_from[ENC_FROM];
} enc_ctx;

static gcn_status oom(enc_ctx *c)
{
    gcn_diag_set(c->diag, NULL, 0, 0, "out of memory");
    return GCN_ERR_NOMEM;
}

static gcn_status bad(enc_ctx *c, const char *file, size_t line, const char *fmt, const char *what)
{
    gcn_diag_set(c->diag, file, (unsigned)line, 0, fmt, what ? what : "");
    return GCN_ERR_SYNTAX;
}

static int gen_index(enc_ctx *c, const char *id)
{
    size_t i;
    for (i = 0; i < c->gens.n; i++)
        if (strcmp(c->gens.v[i], id) == 0)
            return (int)i;
    if (c->frozen || c->gens.n >= ENC_MAX_GENS || !gcn_strs_push(&c->gens, id))
        return -1;
    return (int)c->gens.n - 1;
}

/* The generations a text names, as a bit mask over c->gens (0: none named). */
static unsigned gens_of(enc_ctx *c, const char *s)
{
    gcn_strs g = {0};
    unsigned mask = 0;
    size_t i;
    text_gens(s, &g);
    for (i = 0; i < g.n; i++) {
        int k = gen_index(c, g.v[i]);
        if (k >= 0)
            mask |= 1u << k;
    }
    gcn_strs_free(&g);
    return mask;
}

static void note(cJSON *list, const char *what, const char *from, const char *detail)
{
    cJSON *o, *it;
    cJSON_ArrayForEach(it, list)
    {
        if (strcmp(cJSON_GetObjectItem(it, "from")->valuestring, from) == 0 &&
            strcmp(cJSON_GetObjectItem(it, "detail")->valuestring, detail) == 0)
            return; /* the same statement, read for another generation */
    }
    o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "what", what);
    cJSON_AddStringToObject(o, "from", from);
    cJSON_AddStringToObject(o, "detail", detail);
    cJSON_AddItemToArray(list, o);
}

static int contains_ci(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (; *s; s++) {
        size_t i;
        for (i = 0; i < n && s[i] && tolower((unsigned char)s[i]) == tolower((unsigned char)w[i]);
             i++)
            ;
        if (i == n)
            return 1;
    }
    return 0;
}

/* "0b110100" (or decimal / hex) at s; returns 0 when no number is there. */
static int read_value(const char *s, unsigned long *v, char *written, size_t wsize)
{
    const char *e = s;
    if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
        e = s + 2;
        *v = 0;
        while (*e == '0' || *e == '1')
            *v = *v * 2 + (unsigned long)(*e++ - '0');
        if (e == s + 2)
            return 0;
    } else if (isdigit((unsigned char)*s)) {
        char *end;
        *v = strtoul(s, &end, 0);
        e = end;
    } else {
        return 0;
    }
    snprintf(written, wsize, "%.*s", (int)(e - s), s);
    return 1;
}

/* "needs 8 bytes", "need 4 bytes (dword)", "requires two dword", "needs two dwords": the size a
 * sentence states, in dwords (0: none stated). */
static int stated_dwords(const char *l)
{
    const char *p = strstr(l, "need");
    if (!p)
        p = strstr(l, "require");
    if (!p)
        return 0;
    for (; *p; p++) {
        if (isdigit((unsigned char)*p) && strncmp(p + strspn(p, "0123456789"), " bytes", 6) == 0)
            return atoi(p) / 4;
        if (strncmp(p, "two dword", 9) == 0)
            return 2;
        if (strncmp(p, "one dword", 9) == 0)
            return 1;
    }
    return 0;
}

static enc_entry *new_entry(enc_ctx *c)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        enc_entry *e = realloc(c->e, cap * sizeof(*e));
        if (!e)
            return NULL;
        c->e = e;
        c->cap = cap;
    }
    memset(&c->e[c->n], 0, sizeof(c->e[0]));
    return &c->e[c->n++];
}

static const enc_field *field_named(const enc_entry *e, const char *name)
{
    int i;
    for (i = 0; i < e->nfield; i++)
        if (strcmp(e->field[i].name, name) == 0)
            return &e->field[i];
    return NULL;
}

static int add_rule(enc_entry *e, const enc_rule *r)
{
    int i;
    for (i = 0; i < e->nrule; i++)
        if (e->rule[i].extra == r->extra && e->rule[i].ncond == r->ncond &&
            memcmp(e->rule[i].cond, r->cond, sizeof(r->cond)) == 0)
            return 1; /* the same rule stated on another page */
    if (e->nrule == ENC_MAX_RULES)
        return 0;
    e->rule[e->nrule++] = *r;
    return 1;
}

/* ---- one GcnInstrs page ----------------------------------------------------------------- */

typedef struct page {
    const doc_lines *L;
    const char *file;
    char title_name[32]; /* first encoding the title names: VOP2 of "VOP2/VOP3" */
    unsigned title_gens, page_gens;
    size_t end; /* the "### Instruction set" line */
    int stated;
    size_t stated_line;
} page;

static gcn_status field_table(enc_ctx *c, page *p, size_t head)
{
    size_t cap = head - 1, r;
    const char *caption, *lf;
    char name[32];
    unsigned gens;
    enc_field f[ENC_MAX_FIELDS];
    unsigned fgens[ENC_MAX_FIELDS];
    int nf = 0, g, stated;
    while (cap > 1 && line_is_blank(doc_line(p->L, cap)))
        cap--;
    caption = doc_line(p->L, cap);
    lf = strstr(caption, "List of fields for ");
    if (lf) {
        const char *s = lf + 19, *e;
        if (text_starts(s, "the "))
            s += 4;
        e = strstr(s, " encoding");
        if (!e || (size_t)(e - s) >= sizeof(name))
            return bad(c, p->file, cap, "field table caption names no encoding: '%s'", caption);
        snprintf(name, sizeof(name), "%.*s", (int)(e - s), s);
    } else {
        snprintf(name, sizeof(name), "%s", p->title_name);
    }
    gens = gens_of(c, caption);
    if (!gens)
        gens = p->title_gens;
    if (!gens)
        gens = p->page_gens;
    stated = stated_dwords(caption);
    if (!stated)
        stated = p->stated;
    for (r = head + 2; r <= p->L->n; r++) {
        gcn_strs cells = {0};
        const char *l = doc_line(p->L, r);
        long lo, hi;
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        if (!text_cells(l, &cells))
            return oom(c);
        if (cells.n == 3 && nf < ENC_MAX_FIELDS && text_bits(cells.v[0], &lo, &hi) &&
            !strchr(cells.v[0], ',')) {
            snprintf(f[nf].name, sizeof(f[nf].name), "%s", cells.v[1]);
            snprintf(f[nf].desc, sizeof(f[nf].desc), "%s", cells.v[2]);
            f[nf].lo = (int)lo;
            f[nf].hi = (int)hi;
            f[nf].line = (unsigned)r;
            fgens[nf] = gens_of(c, cells.v[2]);
            nf++;
        }
        gcn_strs_free(&cells);
    }
    for (g = 0; g < ENC_MAX_GENS; g++) {
        enc_entry *e;
        int i, maxbit = 0, have_id = 0;
        unsigned bit = 1u << g;
        if (gens && !(gens & bit))
            continue;
        if (!gens && g >= (int)c->gens.n)
            continue;
        if (!(e = new_entry(c)))
            return oom(c);
        snprintf(e->name, sizeof(e->name), "%s", name);
        e->gen = g;
        e->op_lo = e->op_hi = -1;
        snprintf(e->from[e->nfrom++], ENC_FROM, "%s:%zu", p->file, head);
        for (i = 0; i < nf; i++) {
            if (fgens[i] && !(fgens[i] & bit))
                continue;
            if (e->nfield < ENC_MAX_FIELDS)
                e->field[e->nfield++] = f[i];
            if (f[i].hi > maxbit)
                maxbit = f[i].hi;
            if (strcmp(f[i].name, "OPCODE") == 0) {
                e->op_lo = f[i].lo;
                e->op_hi = f[i].hi;
            }
            if (strcmp(f[i].name, "ENCODING") == 0) {
                const char *must = strstr(f[i].desc, "Must be ");
                e->id_lo = f[i].lo;
                e->id_hi = f[i].hi;
                if (must &&
                    read_value(must + 8, &e->id_value, e->id_written, sizeof(e->id_written))) {
                    have_id = 1;
                } else {
                    /* "Encoding type is 0b110010 for GCN 1.0/1.1 or 0b110101 for GCN 1.2/1.4." */
                    size_t k;
                    for (k = 2; k < p->end && !have_id; k++) {
                        const char *l = doc_line(p->L, k), *s = strstr(l, "Encoding type is ");
                        while (s && (s = strstr(s, "0b")) != NULL) {
                            unsigned long v;
                            char w[40], part[96];
                            const char *nx;
                            if (!read_value(s, &v, w, sizeof(w)))
                                break;
                            s += strlen(w);
                            nx = strstr(s, " or ");
                            snprintf(part, sizeof(part), "%.*s",
                                     (int)(nx ? (size_t)(nx - s) : strlen(s)), s);
                            if (gens_of(c, part) & bit) {
                                e->id_value = v;
                                snprintf(e->id_written, sizeof(e->id_written), "%s", w);
                                snprintf(e->from[e->nfrom++], ENC_FROM, "%s:%zu", p->file, k);
                                have_id = 1;
                                break;
                            }
                        }
                    }
                }
                if (have_id)
                    snprintf(e->from[e->nfrom++], ENC_FROM, "%s:%u", p->file, f[i].line);
            }
        }
        if (!have_id)
            return bad(c, p->file, head,
                       "field table of %s gives no ENCODING value for a generation", name);
        if ((int)strlen(e->id_written) - 2 != e->id_hi - e->id_lo + 1 &&
            text_starts(e->id_written, "0b")) {
            char d[400];
            snprintf(d, sizeof(d),
                     "%s: ENCODING is bits %d-%d but its value %s has %d digits: either the "
                     "field or the value is wrong (both readings kept; spec/encoding-decisions."
                     "json decides)",
                     name, e->id_lo, e->id_hi, e->id_written, (int)strlen(e->id_written) - 2);
            note(c->disagreements, "encoding-value-width", e->from[e->nfrom - 1], d);
            e->value_digits = (int)strlen(e->id_written) - 2;
        }
        e->dwords = maxbit / 32 + 1;
        if (stated && stated != e->dwords) {
            char d[200];
            snprintf(d, sizeof(d),
                     "%s: the page states %d dword(s), the field table reaches bit %d (%d); "
                     "the table's size is used",
                     name, stated, maxbit, e->dwords);
            note(c->disagreements, "encoding-size", e->from[0], d);
        }
        /* source operand fields: a value of the literal code calls for a literal dword */
        for (i = 0; i < e->nfield; i++) {
            const enc_field *sf = &e->field[i];
            int width = sf->hi - sf->lo + 1;
            enc_rule rl;
            if (!contains_ci(sf->desc, "source") || !contains_ci(sf->desc, "operand") ||
                !contains_ci(sf->desc, "scalar"))
                continue;
            if (contains_ci(sf->desc, "vector") && width < 9) {
                char d[240], from[ENC_FROM];
                snprintf(from, sizeof(from), "%s:%u", p->file, sf->line);
                snprintf(d, sizeof(d),
                         "%s %s is %d bits but described as '%s': scalar and vector operand "
                         "codes need 9 bits; taken as a vector register number (no literal)",
                         name, sf->name, width, sf->desc);
                note(c->disagreements, "operand-field-width", from, d);
                continue;
            }
            memset(&rl, 0, sizeof(rl));
            snprintf(rl.what, sizeof(rl.what), "literal");
            snprintf(rl.cond[0].field, sizeof(rl.cond[0].field), "%s", sf->name);
            rl.cond[0].lo = sf->lo;
            rl.cond[0].hi = sf->hi;
            rl.cond[0].value = c->literal_code;
            rl.ncond = 1;
            snprintf(rl.from, sizeof(rl.from), "%s:%u", p->file, sf->line);
            if (!add_rule(e, &rl))
                return oom(c);
        }
    }
    return GCN_OK;
}

/* The instructions whose section says a literal follows the instruction word ("Constant
 * literal follows after instruction word", "IMM32 is immediate 32-bit value after instruction
 * dword"): each mnemonic with its section line. */
static gcn_status literal_sections(enc_ctx *c, page *p, gcn_strs *names, gcn_strs *froms)
{
    size_t i, head = 0;
    char joined[4096];
    size_t jn = 0;
    for (i = p->end + 1; i <= p->L->n + 1; i++) {
        const char *l = i <= p->L->n ? doc_line(p->L, i) : "#### ";
        if (text_starts(l, "#### ")) {
            if (head && (strstr(joined, "after instruction word") ||
                         strstr(joined, "after instruction dword"))) {
                const char *s = doc_line(p->L, head) + 5;
                char from[ENC_FROM];
                snprintf(from, sizeof(from), "%s:%zu", p->file, head);
                while (*s) {
                    size_t n = strcspn(s, ", ");
                    char *m = gcn_strndup(s, n);
                    if (!m || !gcn_strs_push(names, m) || !gcn_strs_push(froms, from)) {
                        free(m);
                        return oom(c);
                    }
                    free(m);
                    s += n;
                    s += strspn(s, ", ");
                }
            }
            head = i;
            jn = 0;
            joined[0] = '\0';
            continue;
        }
        if (head && jn + strlen(l) + 2 < sizeof(joined)) {
            jn += (size_t)snprintf(joined + jn, sizeof(joined) - jn, "%s ", l);
        }
    }
    return GCN_OK;
}

static enc_entry *entry_for(enc_ctx *c, const char *name, int gen)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        if (c->e[i].gen == gen && strcmp(c->e[i].name, name) == 0)
            return &c->e[i];
    return NULL;
}

/* Opcode tables ("Opcode | ... | Mnemonic (GCN 1.2)"): the opcodes of the literal-taking
 * mnemonics, per generation, in the page's first encoding (the "Opcode" column; an
 * "Opcode(VOP3)" column is another encoding's). */
static gcn_status literal_opcodes(enc_ctx *c, page *p, const gcn_strs *names, const gcn_strs *froms,
                                  int *found)
{
    size_t i;
    unsigned caption_gens = 0;
    for (i = 2; i < p->end; i++) {
        const char *l = doc_line(p->L, i);
        gcn_strs head = {0};
        size_t r, k;
        if (text_starts(l, "List of") && strstr(l, "by opcode"))
            caption_gens = gens_of(c, l);
        if (!strchr(l, '|') || !text_is_table_separator(doc_line(p->L, i + 1)))
            continue;
        if (!text_cells(l, &head))
            return oom(c);
        if (head.n < 2 || strcmp(head.v[0], "Opcode") != 0) {
            gcn_strs_free(&head);
            continue;
        }
        for (r = i + 2; r <= p->L->n; r++) {
            const char *row = doc_line(p->L, r);
            gcn_strs cells = {0};
            long dec, hexval;
            char *hex = NULL;
            const char *end;
            if (line_is_blank(row) || !strchr(row, '|'))
                break;
            if (!text_cells(row, &cells))
                return oom(c);
            if (cells.n && text_opcode(cells.v[0], &dec, &hex, &hexval, &end)) {
                for (k = 1; k < cells.n && k < head.n; k++) {
                    size_t m;
                    unsigned g = gens_of(c, head.v[k]);
                    if (!text_starts(head.v[k], "Mnemonic"))
                        continue;
                    if (!g)
                        g = caption_gens ? caption_gens : p->page_gens;
                    for (m = 0; m < names->n; m++) {
                        size_t len = strlen(names->v[m]);
                        int gi;
                        if (strncmp(cells.v[k], names->v[m], len) != 0 ||
                            (cells.v[k][len] && cells.v[k][len] != ' '))
                            continue;
                        found[m] = 1;
                        for (gi = 0; gi < ENC_MAX_GENS; gi++) {
                            enc_entry *e;
                            enc_rule rl;
                            if (!(g & (1u << gi)) || !(e = entry_for(c, p->title_name, gi)))
                                continue;
                            if (e->op_lo < 0) {
                                char d[200], from[ENC_FROM];
                                snprintf(from, sizeof(from), "%s:%zu", p->file, r);
                                snprintf(d, sizeof(d),
                                         "%s takes a literal (%s) but %s has no OPCODE field on "
                                         "%s",
                                         names->v[m], froms->v[m], e->name, c->gens.v[gi]);
                                note(c->disagreements, "literal-opcode", from, d);
                                continue;
                            }
                            memset(&rl, 0, sizeof(rl));
                            snprintf(rl.what, sizeof(rl.what), "literal");
                            snprintf(rl.cond[0].field, sizeof(rl.cond[0].field), "OPCODE");
                            rl.cond[0].lo = e->op_lo;
                            rl.cond[0].hi = e->op_hi;
                            rl.cond[0].value = (unsigned long)dec;
                            rl.ncond = 1;
                            snprintf(rl.from, sizeof(rl.from), "%s:%zu", p->file, r);
                            if (!add_rule(e, &rl)) {
                                free(hex);
                                gcn_strs_free(&cells);
                                gcn_strs_free(&head);
                                return oom(c);
                            }
                        }
                    }
                }
            }
            free(hex);
            gcn_strs_free(&cells);
        }
        gcn_strs_free(&head);
        i = r;
    }
    return GCN_OK;
}

/* "For GCN1.1 when IMM=0 and OFFSET field has value 0xff then next dword is contant literal." */
static gcn_status literal_prose(enc_ctx *c, page *p)
{
    size_t i;
    for (i = 2; i < p->end; i++) {
        const char *l = doc_line(p->L, i), *s;
        unsigned g;
        int gi;
        enc_rule rl;
        if (!strstr(l, "next dword is") || !strstr(l, "literal"))
            continue;
        g = gens_of(c, l);
        memset(&rl, 0, sizeof(rl));
        snprintf(rl.what, sizeof(rl.what), "literal");
        snprintf(rl.from, sizeof(rl.from), "%s:%zu", p->file, i);
        for (s = l; *s && rl.ncond < ENC_MAX_CONDS; s++) {
            char name[24], w[40];
            size_t n = 0;
            unsigned long v;
            const char *q;
            if (!isupper((unsigned char)*s) || (s > l && isalnum((unsigned char)s[-1])))
                continue;
            while (n < sizeof(name) - 1 && (isupper((unsigned char)s[n]) || s[n] == '_'))
                n++;
            snprintf(name, sizeof(name), "%.*s", (int)n, s);
            q = s + n;
            if (*q == '=')
                q++;
            else if (text_starts(q, " field has value "))
                q += 17;
            else
                continue;
            if (!read_value(q, &v, w, sizeof(w)))
                continue;
            snprintf(rl.cond[rl.ncond].field, sizeof(rl.cond[0].field), "%s", name);
            rl.cond[rl.ncond++].value = v;
        }
        for (gi = 0; gi < ENC_MAX_GENS; gi++) {
            enc_entry *e;
            enc_rule r2 = rl;
            int k, ok = 1;
            if (!(g & (1u << gi)) || !(e = entry_for(c, p->title_name, gi)))
                continue;
            for (k = 0; k < r2.ncond; k++) {
                const enc_field *f = field_named(e, r2.cond[k].field);
                if (!f) {
                    ok = 0;
                    break;
                }
                r2.cond[k].lo = f->lo;
                r2.cond[k].hi = f->hi;
            }
            if (!ok || !r2.ncond)
                return bad(c, p->file, i, "literal rule names no field of the encoding: '%s'", l);
            if (!add_rule(e, &r2))
                return oom(c);
        }
    }
    return GCN_OK;
}

static gcn_status read_page(enc_ctx *c, const char *dir, const char *name, doc_lines *L)
{
    char *path = gcn_path_join(dir, name), *text = NULL;
    size_t len = 0;
    gcn_status st;
    if (!path)
        return oom(c);
    st = gcn_read_file(path, &text, &len, c->diag);
    free(path);
    if (st != GCN_OK)
        return st;
    st = doc_lines_split(L, name, text, len, c->diag);
    free(text);
    return st;
}

static gcn_status instr_page(enc_ctx *c, const char *dir, const char *name, int pass)
{
    doc_lines L;
    page p;
    const char *title, *isa;
    size_t i;
    gcn_status st;
    if ((st = read_page(c, dir, name, &L)) != GCN_OK)
        return st;
    memset(&p, 0, sizeof(p));
    p.L = &L;
    p.file = name;
    title = doc_line(&L, 1);
    isa = strstr(title, "GCN ISA ");
    if (!text_starts(title, "## ") || !isa) {
        doc_lines_free(&L);
        return bad(c, name, 1, "expected the title '## GCN ISA <encoding> instructions'", NULL);
    }
    snprintf(p.title_name, sizeof(p.title_name), "%.*s", (int)strcspn(isa + 8, " /"), isa + 8);
    p.title_gens = gens_of(c, title);
    p.end = L.n + 1;
    for (i = 2; i <= L.n; i++) {
        const char *l = doc_line(&L, i);
        if (strcmp(l, "### Instruction set") == 0) {
            p.end = i;
            break;
        }
        if ((text_starts(l, "List of") && strstr(l, "by opcode")) || text_starts(l, "Table of") ||
            (text_starts(l, " Opcode") && strchr(l, '|')))
            p.page_gens |= gens_of(c, l);
        else if (pass == 0 && (strstr(l, "List of fields") || text_starts(l, "Encoding type is")))
            gens_of(c, l);
    }
    if (pass == 0) { /* the first pass only learns the generations */
        doc_lines_free(&L);
        return GCN_OK;
    }
    for (i = 2; i < p.end; i++) {
        const char *l = doc_line(&L, i);
        if (strchr(l, '|') && text_is_table_separator(doc_line(&L, i + 1)) &&
            text_starts(l, "Bits")) {
            if ((st = field_table(c, &p, i)) != GCN_OK)
                break;
            continue;
        }
        if (!p.stated && !strchr(l, '|') && stated_dwords(l) && !strstr(l, "List of fields")) {
            p.stated = stated_dwords(l);
            p.stated_line = i;
        }
    }
    if (st == GCN_OK)
        st = literal_prose(c, &p);
    if (st == GCN_OK) {
        gcn_strs names = {0}, froms = {0};
        st = literal_sections(c, &p, &names, &froms);
        if (st == GCN_OK && names.n) {
            int *found = calloc(names.n, sizeof(int));
            size_t m;
            if (!found)
                st = oom(c);
            else
                st = literal_opcodes(c, &p, &names, &froms, found);
            for (m = 0; st == GCN_OK && m < names.n; m++)
                if (!found[m])
                    note(c->disagreements, "literal-opcode", froms.v[m],
                         "the section says a literal follows, but no opcode table of the page "
                         "lists the instruction");
            free(found);
        }
        gcn_strs_free(&names);
        gcn_strs_free(&froms);
    }
    doc_lines_free(&L);
    return st;
}

/* GcnOperands.md: the source operand code that stands for a literal ("Literal constant
 * (follows instruction dword)"). */
static gcn_status operands_page(enc_ctx *c, const char *dir)
{
    doc_lines L;
    size_t i;
    gcn_status st;
    if ((st = read_page(c, dir, "GcnOperands.md", &L)) != GCN_OK)
        return st;
    for (i = 1; i <= L.n; i++) {
        gcn_strs cells = {0};
        const char *l = doc_line(&L, i);
        if (strchr(l, '|') && strstr(l, "Literal constant") && text_cells(l, &cells) &&
            cells.n >= 3 && isdigit((unsigned char)cells.v[0][0])) {
            c->literal_code = strtoul(cells.v[0], NULL, 10);
            snprintf(c->literal_from, sizeof(c->literal_from), "GcnOperands.md:%zu", i);
            gcn_strs_free(&cells);
            break;
        }
        gcn_strs_free(&cells);
    }
    doc_lines_free(&L);
    if (!c->literal_from[0])
        return bad(c, "GcnOperands.md", 1, "no operand code row says 'Literal constant'%s", NULL);
    return GCN_OK;
}

/* GcnSdwaDpp.md: "The VOP_SDWA encoding is enabled by setting 0xf9 in VSRC0 field in
 * VOP1/VOP2/VOPC encoding." The page's title says GCN 1.2, which it introduces them in
 * ("provides two new VOP encoding enhancements"): they hold from GCN 1.2 on. */
static gcn_status sdwa_page(enc_ctx *c, const char *dir)
{
    doc_lines L;
    size_t i;
    unsigned since;
    int first = -1, g;
    gcn_status st;
    if ((st = read_page(c, dir, "GcnSdwaDpp.md", &L)) != GCN_OK)
        return st;
    since = gens_of(c, doc_line(&L, 1));
    for (g = 0; g < ENC_MAX_GENS; g++)
        if (since & (1u << g)) {
            first = g;
            break;
        }
    if (first < 0) {
        doc_lines_free(&L);
        return bad(c, "GcnSdwaDpp.md", 1, "the title names no generation%s", NULL);
    }
    {
        char d[200], from[ENC_FROM];
        snprintf(from, sizeof(from), "GcnSdwaDpp.md:1");
        snprintf(d, sizeof(d),
                 "the page introduces VOP_SDWA and VOP_DPP as new in %s: taken to hold on %s and "
                 "every later generation",
                 c->gens.v[first], c->gens.v[first]);
        note(c->readings, "sdwa-dpp-generations", from, d);
    }
    for (i = 1; i <= L.n; i++) {
        const char *l = doc_line(&L, i), *s = strstr(l, " encoding is enabled by setting ");
        char what[24], fname[24], w[40], encs[64];
        unsigned long v;
        const char *q, *in, *enc;
        if (!text_starts(l, "The ") || !s)
            continue;
        snprintf(what, sizeof(what), "%.*s", (int)(s - l - 4), l + 4);
        q = s + 32;
        if (!read_value(q, &v, w, sizeof(w)))
            continue;
        q += strlen(w);
        if (!text_starts(q, " in "))
            continue;
        in = q + 4;
        snprintf(fname, sizeof(fname), "%.*s", (int)strcspn(in, " "), in);
        enc = strstr(in, " field in ");
        if (!enc)
            continue;
        enc += 10;
        snprintf(encs, sizeof(encs), "%.*s", (int)strcspn(enc, " "), enc);
        {
            char *tok = encs, *slash;
            do {
                slash = strchr(tok, '/');
                if (slash)
                    *slash = '\0';
                for (g = first; g < (int)c->gens.n; g++) {
                    enc_entry *e = entry_for(c, tok, g);
                    const enc_field *f;
                    enc_rule rl;
                    char from[ENC_FROM];
                    snprintf(from, sizeof(from), "GcnSdwaDpp.md:%zu", i);
                    if (!e) {
                        char d[160];
                        snprintf(d, sizeof(d), "%s names encoding %s, which no page gives on %s",
                                 what, tok, c->gens.v[g]);
                        note(c->disagreements, "sdwa-dpp-encoding", from, d);
                        continue;
                    }
                    f = field_named(e, fname);
                    if (!f && fname[0] == 'V') {
                        char d[200];
                        f = field_named(e, fname + 1);
                        snprintf(d, sizeof(d),
                                 "%s names field %s, which %s does not have; taken as its %s", what,
                                 fname, tok, fname + 1);
                        if (f && g == first)
                            note(c->disagreements, "sdwa-dpp-field", from, d);
                    }
                    if (!f) {
                        doc_lines_free(&L);
                        return bad(c, "GcnSdwaDpp.md", i, "no such field in the encoding: '%s'",
                                   fname);
                    }
                    memset(&rl, 0, sizeof(rl));
                    rl.extra = 1;
                    snprintf(rl.what, sizeof(rl.what), "%s", what);
                    snprintf(rl.cond[0].field, sizeof(rl.cond[0].field), "%s", f->name);
                    rl.cond[0].lo = f->lo;
                    rl.cond[0].hi = f->hi;
                    rl.cond[0].value = v;
                    rl.ncond = 1;
                    snprintf(rl.from, sizeof(rl.from), "%s", from);
                    if (!add_rule(e, &rl)) {
                        doc_lines_free(&L);
                        return oom(c);
                    }
                }
                tok = slash ? slash + 1 : NULL;
            } while (tok);
        }
    }
    doc_lines_free(&L);
    return GCN_OK;
}

/* ---- merge, check and write ------------------------------------------------------------- */

static int same_identity(const enc_entry *a, const enc_entry *b)
{
    return a->dwords == b->dwords && a->id_lo == b->id_lo && a->id_hi == b->id_hi &&
           a->id_value == b->id_value && a->op_lo == b->op_lo && a->op_hi == b->op_hi;
}

/* The same encoding on the same generation from several pages (VOP3A/VOP3B is on four): one
 * entry when they agree, both kept and the disagreement listed when they do not. */
static gcn_status merge(enc_ctx *c)
{
    size_t i, j, k = 0;
    for (i = 0; i < c->n; i++) {
        enc_entry *a = &c->e[i];
        int merged = 0;
        for (j = 0; j < k; j++) {
            enc_entry *b = &c->e[j];
            int r;
            if (b->gen != a->gen || strcmp(b->name, a->name) != 0)
                continue;
            if (!same_identity(a, b)) {
                char d[640];
                snprintf(d, sizeof(d),
                         "%s on %s: %s gives bits %d-%d = %s, %d dwords; %s gives bits %d-%d = "
                         "%s, %d dwords",
                         a->name, c->gens.v[a->gen], b->from[0], b->id_lo, b->id_hi, b->id_written,
                         b->dwords, a->from[0], a->id_lo, a->id_hi, a->id_written, a->dwords);
                note(c->disagreements, "encoding-identity", a->from[0], d);
                a->disputed = b->disputed = 1;
                continue;
            }
            for (r = 0; r < a->nfrom && b->nfrom < 8; r++)
                snprintf(b->from[b->nfrom++], ENC_FROM, "%s", a->from[r]);
            for (r = 0; r < a->nrule; r++)
                if (!add_rule(b, &a->rule[r]))
                    return oom(c);
            merged = 1;
            break;
        }
        if (!merged)
            c->e[k++] = *a;
    }
    c->n = k;
    return GCN_OK;
}

static unsigned long long cond_mask(const enc_cond *cd)
{
    int w = cd->hi - cd->lo + 1;
    return (w >= 64 ? ~0ull : ((1ull << w) - 1)) << cd->lo;
}

static cJSON *rule_json(const enc_rule *r)
{
    cJSON *o = cJSON_CreateObject(), *when = cJSON_CreateArray();
    int k;
    unsigned long long mask = 0, value = 0;
    char hex[32];
    cJSON_AddStringToObject(o, "what", r->what);
    for (k = 0; k < r->ncond; k++) {
        cJSON *cd = cJSON_CreateObject();
        cJSON_AddStringToObject(cd, "field", r->cond[k].field);
        cJSON_AddNumberToObject(cd, "lo", r->cond[k].lo);
        cJSON_AddNumberToObject(cd, "hi", r->cond[k].hi);
        cJSON_AddNumberToObject(cd, "value", (double)r->cond[k].value);
        cJSON_AddItemToArray(when, cd);
        mask |= cond_mask(&r->cond[k]);
        value |= ((unsigned long long)r->cond[k].value << r->cond[k].lo) & cond_mask(&r->cond[k]);
    }
    cJSON_AddItemToObject(o, "when", when);
    snprintf(hex, sizeof(hex), "0x%016llx", mask);
    cJSON_AddStringToObject(o, "mask", hex);
    snprintf(hex, sizeof(hex), "0x%016llx", value);
    cJSON_AddStringToObject(o, "match", hex);
    cJSON_AddStringToObject(o, "from", r->from);
    return o;
}

static int rule_cmp(const void *x, const void *y)
{
    const enc_rule *a = x, *b = y;
    int k;
    if (a->extra != b->extra)
        return a->extra - b->extra;
    for (k = 0; k < ENC_MAX_CONDS; k++) {
        int d = strcmp(a->cond[k].field, b->cond[k].field);
        if (d)
            return d;
        if (a->cond[k].value != b->cond[k].value)
            return a->cond[k].value < b->cond[k].value ? -1 : 1;
    }
    return strcmp(a->from, b->from);
}

static int from_cmp(const void *x, const void *y)
{
    return strcmp((const char *)x, (const char *)y);
}

/* One JSON object per entry, without its generations, so that entries alike on several
 * generations share one object. */
static cJSON *id_json(const char *reading, int lo, int hi, unsigned long value, const char *written)
{
    cJSON *id = cJSON_CreateObject();
    char hex[32];
    unsigned long long mask = (((1ull << (hi - lo + 1)) - 1) << lo);
    if (reading)
        cJSON_AddStringToObject(id, "reading", reading);
    cJSON_AddNumberToObject(id, "lo", lo);
    cJSON_AddNumberToObject(id, "hi", hi);
    cJSON_AddStringToObject(id, "value", written);
    snprintf(hex, sizeof(hex), "0x%08llx", mask & 0xffffffffull);
    cJSON_AddStringToObject(id, "mask", hex);
    snprintf(hex, sizeof(hex), "0x%08llx",
             ((unsigned long long)value << lo) & mask & 0xffffffffull);
    cJSON_AddStringToObject(id, "match", hex);
    return id;
}

static cJSON *entry_json(const enc_entry *e)
{
    cJSON *o = cJSON_CreateObject(), *lit = cJSON_CreateArray(), *extra = cJSON_CreateArray(),
          *from = cJSON_CreateArray();
    int k;
    cJSON_AddStringToObject(o, "name", e->name);
    cJSON_AddNumberToObject(o, "dwords", e->dwords);
    if (e->value_digits) {
        /* the field's bits hold the value, or the value's digits say which bits it fixes */
        cJSON *alts = cJSON_CreateArray();
        cJSON_AddItemToArray(alts,
                             id_json("field", e->id_lo, e->id_hi, e->id_value, e->id_written));
        cJSON_AddItemToArray(alts, id_json("value", e->id_hi - e->value_digits + 1, e->id_hi,
                                           e->id_value, e->id_written));
        cJSON_AddItemToObject(o, "id_readings", alts);
    } else {
        cJSON_AddItemToObject(o, "id",
                              id_json(NULL, e->id_lo, e->id_hi, e->id_value, e->id_written));
    }
    if (e->op_lo >= 0) {
        cJSON *op = cJSON_CreateObject();
        cJSON_AddNumberToObject(op, "lo", e->op_lo);
        cJSON_AddNumberToObject(op, "hi", e->op_hi);
        cJSON_AddItemToObject(o, "opcode", op);
    }
    for (k = 0; k < e->nrule; k++)
        cJSON_AddItemToArray(e->rule[k].extra ? extra : lit, rule_json(&e->rule[k]));
    cJSON_AddItemToObject(o, "literal", lit);
    cJSON_AddItemToObject(o, "extra_dword", extra);
    for (k = 0; k < e->nfrom; k++)
        cJSON_AddItemToArray(from, cJSON_CreateString(e->from[k]));
    cJSON_AddItemToObject(o, "from", from);
    if (e->disputed)
        cJSON_AddBoolToObject(o, "disputed", 1);
    return o;
}

static int gen_cmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

static int by_name_gen(const void *x, const void *y)
{
    const enc_entry *a = x, *b = y;
    int d = strcmp(a->name, b->name);
    return d ? d : a->gen - b->gen;
}

gcn_status gcn_extract_encodings(const char *dir, cJSON **out, gcn_diag *diag)
{
    enc_ctx c;
    DIR *d;
    struct dirent *de;
    gcn_strs pages = {0};
    gcn_status st = GCN_OK;
    size_t i, j;
    int pass;
    cJSON *root, *encs;
    memset(&c, 0, sizeof(c));
    c.diag = diag;
    c.disagreements = cJSON_CreateArray();
    c.readings = cJSON_CreateArray();
    *out = NULL;
    d = opendir(dir);
    if (!d) {
        gcn_diag_set(diag, dir, 0, 0,
                     "cannot open the documents directory (give the CLRX pages' "
                     "directory, e.g. documents/clrx)");
        cJSON_Delete(c.disagreements);
        cJSON_Delete(c.readings);
        return GCN_ERR_IO;
    }
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (text_starts(de->d_name, "GcnInstrs") && n > 3 && strcmp(de->d_name + n - 3, ".md") == 0)
            gcn_strs_push(&pages, de->d_name);
    }
    closedir(d);
    if (!pages.n) {
        gcn_diag_set(diag, dir, 0, 0,
                     "no GcnInstrs*.md page here (give the CLRX pages' directory)");
        st = GCN_ERR_IO;
    }
    if (pages.n)
        qsort(pages.v, pages.n, sizeof(char *), gen_cmp);
    if (st == GCN_OK)
        st = operands_page(&c, dir);
    /* pass 0 learns every generation the pages name, so that generation indices are in order */
    for (pass = 0; pass < 2 && st == GCN_OK; pass++) {
        for (i = 0; i < pages.n && st == GCN_OK; i++)
            st = instr_page(&c, dir, pages.v[i], pass);
        if (pass == 0 && st == GCN_OK) {
            qsort(c.gens.v, c.gens.n, sizeof(char *), gen_cmp);
            c.frozen = 1;
        }
    }
    if (st == GCN_OK)
        st = sdwa_page(&c, dir);
    if (st == GCN_OK)
        st = merge(&c);
    if (st != GCN_OK) {
        gcn_strs_free(&pages);
        gcn_strs_free(&c.gens);
        free(c.e);
        cJSON_Delete(c.disagreements);
        cJSON_Delete(c.readings);
        return st;
    }
    {
        char rd[200];
        snprintf(rd, sizeof(rd),
                 "a source operand field holding %lu (the literal's operand code) is followed by "
                 "a 32-bit literal",
                 c.literal_code);
        note(c.readings, "literal-code", c.literal_from, rd);
        note(c.readings, "encoding-size", "GcnInstrs*.md",
             "an encoding's size is its field table's highest bit, rounded up to dwords; where a "
             "sentence states a size too, the two are compared");
        note(c.readings, "identification", "GcnInstrs*.md",
             "an encoding is identified by its ENCODING field; where one encoding's bits lie "
             "within another's (SOPK within SOP2, VOP1 within VOP2, VOP3P within VOP3A/VOP3B), "
             "the one fixing more bits is taken");
    }
    if (c.n)
        qsort(c.e, c.n, sizeof(c.e[0]), by_name_gen);
    root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", "gcnspec-encodings/1");
    cJSON_AddStringToObject(root, "generator", "gcnspec extract --encodings");
    encs = cJSON_AddArrayToObject(root, "encodings");
    for (i = 0; i < c.n; i = j) {
        /* entries of one name alike on several generations share an object */
        cJSON *first;
        char *key;
        qsort(c.e[i].rule, (size_t)c.e[i].nrule, sizeof(enc_rule), rule_cmp);
        qsort(c.e[i].from, (size_t)c.e[i].nfrom, ENC_FROM, from_cmp);
        first = entry_json(&c.e[i]);
        key = cJSON_PrintUnformatted(first);
        {
            cJSON *gens = cJSON_CreateArray();
            cJSON_AddItemToArray(gens, cJSON_CreateString(c.gens.v[c.e[i].gen]));
            for (j = i + 1; j < c.n && strcmp(c.e[j].name, c.e[i].name) == 0; j++) {
                cJSON *o;
                char *k2;
                int same;
                qsort(c.e[j].rule, (size_t)c.e[j].nrule, sizeof(enc_rule), rule_cmp);
                qsort(c.e[j].from, (size_t)c.e[j].nfrom, ENC_FROM, from_cmp);
                o = entry_json(&c.e[j]);
                k2 = cJSON_PrintUnformatted(o);
                same = key && k2 && strcmp(key, k2) == 0;
                free(k2);
                cJSON_Delete(o);
                if (!same)
                    break;
                cJSON_AddItemToArray(gens, cJSON_CreateString(c.gens.v[c.e[j].gen]));
            }
            {
                /* name and gens first, for people reading the file */
                cJSON *o = cJSON_CreateObject(), *it;
                cJSON_AddItemToObject(o, "name", cJSON_DetachItemFromObject(first, "name"));
                cJSON_AddItemToObject(o, "gens", gens);
                while ((it = first->child) != NULL) {
                    char *kname = gcn_strdup(it->string);
                    cJSON_AddItemToObject(o, kname, cJSON_DetachItemViaPointer(first, it));
                    free(kname);
                }
                cJSON_Delete(first);
                first = o;
            }
        }
        free(key);
        cJSON_AddItemToArray(encs, first);
    }
    cJSON_AddItemToObject(root, "disagreements", c.disagreements);
    cJSON_AddItemToObject(root, "readings", c.readings);
    gcn_strs_free(&pages);
    gcn_strs_free(&c.gens);
    free(c.e);
    *out = root;
    return GCN_OK;
}
