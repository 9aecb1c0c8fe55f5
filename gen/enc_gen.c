/* gcngen encodings: spec/encodings.json (with spec/encoding-decisions.json settling what the
 * pages dispute) -> gcn_catalogue.inc, the rows of codec/catalogue.h. The generation indices
 * are gcn.json's, and an encoding is marked modelled on the generations where gcn.json gives
 * it a layout. Checks, each failing the build with the entry's file:line:
 *   - every disputed identification is settled by exactly one decision, and every decision
 *     settles one;
 *   - no two encodings of one generation overlap unless one's fixed bits lie within the
 *     other's (then the one fixing more bits is taken); equal bits are a conflict. */
#include "enc_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

#define EG_MAX 128
#define EG_MAX_RULES 1024
#define EG_MAX_GENS 8

typedef struct eg_rule {
    uint64_t mask, match;
    int extra;
    const char *what;
} eg_rule;

typedef struct eg_row {
    const cJSON *node;
    const char *name, *from;
    uint32_t mask, match;
    unsigned gens, modelled, dwords, rule, nrules, bits;
} eg_row;

typedef struct eg {
    gcn_json_doc spec, cat, dec;
    gcn_diag *diag;
    const char *gen_id[EG_MAX_GENS];
    unsigned ngens;
    eg_row row[EG_MAX];
    unsigned nrows;
    eg_rule rule[EG_MAX_RULES];
    unsigned nrules;
    int *used; /* per decision */
} eg;

static int popcount32(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static int gen_of(const eg *g, const char *id)
{
    unsigned i;
    for (i = 0; i < g->ngens; i++)
        if (strcmp(g->gen_id[i], id) == 0)
            return (int)i;
    return -1;
}

static int hex_field(eg *g, const gcn_json_doc *doc, const cJSON *o, const char *key, uint64_t *v)
{
    const char *s = NULL;
    if (gcn_json_str(doc, o, key, 1, &s, g->diag) != GCN_OK)
        return 0;
    if (!gcn_parse_u64(s, v)) {
        gcn_json_error(doc, cJSON_GetObjectItem(o, key), g->diag, "\"%s\" is no number: '%s'", key,
                       s);
        return 0;
    }
    return 1;
}

/* 1 when the catalogue's name for an encoding is the spec's encoding spec: the same name, or a
 * '/'-list of its forms ("VOP3A/VOP3B" of VOP3), each the spec's name and one letter that the
 * catalogue does not list as an encoding of its own (VOP3P is one). */
static int names_encoding(const eg *g, const char *name, const char *spec)
{
    size_t n = strlen(spec);
    const char *p = name;
    if (strcmp(name, spec) == 0)
        return 1;
    while (*p) {
        size_t k = strcspn(p, "/");
        const cJSON *e;
        if (k != n + 1 || strncmp(p, spec, n) != 0)
            return 0;
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(g->cat.root, "encodings"))
        {
            const cJSON *o = cJSON_GetObjectItem(e, "name");
            if (cJSON_IsString(o) && strlen(o->valuestring) == k &&
                strncmp(o->valuestring, p, k) == 0)
                return 0;
        }
        p += k + (p[k] == '/');
    }
    return 1;
}

/* The generations where gcn.json gives the encoding a layout: the codec decodes it there. */
static unsigned modelled_gens(const eg *g, const char *name)
{
    const cJSON *e, *l, *x;
    unsigned m = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(g->spec.root, "encodings"))
    {
        const cJSON *n = cJSON_GetObjectItem(e, "name");
        if (!cJSON_IsString(n) || !names_encoding(g, name, n->valuestring))
            continue;
        cJSON_ArrayForEach(l, cJSON_GetObjectItem(e, "layouts"))
        {
            cJSON_ArrayForEach(x, cJSON_GetObjectItem(l, "gens"))
            {
                int k = cJSON_IsString(x) ? gen_of(g, x->valuestring) : -1;
                if (k >= 0)
                    m |= 1u << k;
            }
        }
    }
    return m;
}

/* The identification an entry takes: its "id", or the reading a decision takes. */
static const cJSON *identity(eg *g, const cJSON *e, const char *name)
{
    const cJSON *id = cJSON_GetObjectItem(e, "id"), *alts = cJSON_GetObjectItem(e, "id_readings"),
                *d, *a;
    int k = 0;
    if (id)
        return id;
    if (!alts) {
        gcn_json_error(&g->cat, e, g->diag, "%s has neither \"id\" nor \"id_readings\"", name);
        return NULL;
    }
    cJSON_ArrayForEach(d, cJSON_GetObjectItem(g->dec.root, "decisions"))
    {
        const cJSON *en = cJSON_GetObjectItem(d, "encoding"),
                    *take = cJSON_GetObjectItem(d, "take");
        if (cJSON_IsString(en) && strcmp(en->valuestring, name) == 0 && cJSON_IsString(take)) {
            g->used[k] = 1;
            cJSON_ArrayForEach(a, alts)
            {
                const cJSON *r = cJSON_GetObjectItem(a, "reading");
                if (cJSON_IsString(r) && strcmp(r->valuestring, take->valuestring) == 0)
                    return a;
            }
            gcn_json_error(&g->dec, take, g->diag, "%s has no reading '%s'", name,
                           take->valuestring);
            return NULL;
        }
        k++;
    }
    gcn_json_error(&g->cat, alts, g->diag,
                   "the pages dispute %s's identifying bits and no decision in the decisions "
                   "file settles it (add one, with evidence)",
                   name);
    return NULL;
}

static int read_rules(eg *g, eg_row *r, const cJSON *list, int extra)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, list)
    {
        eg_rule *u;
        if (g->nrules == EG_MAX_RULES) {
            gcn_json_error(&g->cat, x, g->diag, "more than %d rules", EG_MAX_RULES);
            return 0;
        }
        u = &g->rule[g->nrules];
        if (!hex_field(g, &g->cat, x, "mask", &u->mask) ||
            !hex_field(g, &g->cat, x, "match", &u->match))
            return 0;
        u->extra = extra;
        if (gcn_json_str(&g->cat, x, "what", 1, &u->what, g->diag) != GCN_OK)
            return 0;
        if (r->dwords < 2 && (u->mask >> 32)) {
            gcn_json_error(&g->cat, x, g->diag, "a rule of the 1-dword %s reads bits past 31",
                           r->name);
            return 0;
        }
        g->nrules++;
        r->nrules++;
    }
    return 1;
}

static int read_catalogue(eg *g)
{
    const cJSON *e, *x;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(g->cat.root, "encodings"))
    {
        eg_row *r;
        const cJSON *id;
        uint64_t mask, match;
        long long dwords;
        const char *name = NULL;
        if (g->nrows == EG_MAX) {
            gcn_json_error(&g->cat, e, g->diag, "more than %d encodings", EG_MAX);
            return 0;
        }
        r = &g->row[g->nrows];
        memset(r, 0, sizeof(*r));
        r->node = e;
        if (gcn_json_str(&g->cat, e, "name", 1, &name, g->diag) != GCN_OK ||
            gcn_json_int(&g->cat, e, "dwords", 1, 1, 2, &dwords, g->diag) != GCN_OK)
            return 0;
        r->name = name;
        r->dwords = (unsigned)dwords;
        if (cJSON_IsTrue(cJSON_GetObjectItem(e, "disputed"))) {
            gcn_json_error(&g->cat, e, g->diag,
                           "the pages disagree on %s (see \"disagreements\"); settle it in the "
                           "documents' errata before it can be generated",
                           name);
            return 0;
        }
        if (!(id = identity(g, e, name)) || !hex_field(g, &g->cat, id, "mask", &mask) ||
            !hex_field(g, &g->cat, id, "match", &match))
            return 0;
        if ((mask >> 32) || (match & ~mask)) {
            gcn_json_error(&g->cat, id, g->diag, "%s: match 0x%llx is not within mask 0x%llx", name,
                           (unsigned long long)match, (unsigned long long)mask);
            return 0;
        }
        r->mask = (uint32_t)mask;
        r->match = (uint32_t)match;
        r->bits = (unsigned)popcount32(r->mask);
        cJSON_ArrayForEach(x, cJSON_GetObjectItem(e, "gens"))
        {
            int k = cJSON_IsString(x) ? gen_of(g, x->valuestring) : -1;
            if (k < 0) {
                gcn_json_error(&g->cat, x, g->diag, "%s: generation not in gcn.json", name);
                return 0;
            }
            r->gens |= 1u << k;
        }
        r->modelled = modelled_gens(g, name) & r->gens;
        x = cJSON_GetArrayItem(cJSON_GetObjectItem(e, "from"), 0);
        r->from = cJSON_IsString(x) ? x->valuestring : "";
        r->rule = g->nrules;
        if (!read_rules(g, r, cJSON_GetObjectItem(e, "literal"), 0) ||
            !read_rules(g, r, cJSON_GetObjectItem(e, "extra_dword"), 1))
            return 0;
        g->nrows++;
    }
    return 1;
}

/* Two encodings of one generation whose identifications can both hold must be nested. */
static int check_overlaps(eg *g)
{
    unsigned i, j;
    for (i = 0; i < g->nrows; i++)
        for (j = i + 1; j < g->nrows; j++) {
            const eg_row *a = &g->row[i], *b = &g->row[j];
            uint32_t common = a->mask & b->mask;
            unsigned both = a->gens & b->gens, k;
            int nested;
            if (!both || (a->match & common) != (b->match & common))
                continue;
            nested = (a->mask != b->mask) && (common == a->mask || common == b->mask);
            if (nested)
                continue;
            for (k = 0; !(both & (1u << k)); k++)
                ;
            gcn_json_error(&g->cat, b->node, g->diag,
                           "on %s, %s (%s: mask 0x%08x match 0x%08x) and %s (%s: mask 0x%08x "
                           "match 0x%08x) both match a word and neither lies within the other",
                           g->gen_id[k], a->name, a->from, a->mask, a->match, b->name, b->from,
                           b->mask, b->match);
            return 0;
        }
    return 1;
}

static int by_bits(const void *x, const void *y)
{
    const eg_row *a = x, *b = y;
    if (a->bits != b->bits)
        return a->bits > b->bits ? -1 : 1;
    return strcmp(a->name, b->name);
}

static void c_str(gcn_buf *b, const char *s)
{
    gcn_buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            gcn_buf_putc(b, '\\');
        gcn_buf_putc(b, *s);
    }
    gcn_buf_putc(b, '"');
}

static int emit(eg *g, const char *out, const char *sha)
{
    gcn_buf b;
    unsigned i;
    int ok;
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "/* Generated by gcngen encodings from spec/encodings.json (sha256 %s). Do "
                   "not edit: re-extract the documents. */\n\n"
                   "static const gcn_cat_rule gcn_cat_rule_data[] = {\n",
                   sha);
    for (i = 0; i < g->nrules; i++) {
        gcn_buf_printf(&b, "    {0x%016llxull, 0x%016llxull, %d, ",
                       (unsigned long long)g->rule[i].mask, (unsigned long long)g->rule[i].match,
                       g->rule[i].extra);
        c_str(&b, g->rule[i].what);
        gcn_buf_puts(&b, "},\n");
    }
    if (!g->nrules)
        gcn_buf_puts(&b, "    {0, 0, 0, \"\"},\n");
    gcn_buf_puts(&b, "};\n\nstatic const gcn_cat_row gcn_cat_row_data[] = {\n");
    for (i = 0; i < g->nrows; i++) {
        const eg_row *r = &g->row[i];
        gcn_buf_puts(&b, "    {");
        c_str(&b, r->name);
        gcn_buf_printf(&b, ", 0x%08xu, 0x%08xu, 0x%02x, 0x%02x, %u, %u, %u, ", r->mask, r->match,
                       r->gens, r->modelled, r->dwords, r->nrules, r->rule);
        c_str(&b, r->from);
        gcn_buf_puts(&b, "},\n");
    }
    gcn_buf_printf(&b, "};\n\n#define GCN_CAT_ROW_COUNT %uu\n", g->nrows);
    ok = !b.oom && gcn_write_file_atomic(out, b.data, b.len, g->diag) == GCN_OK;
    gcn_buf_free(&b);
    return ok;
}

int eg_generate(const char *spec_path, const char *enc_path, const char *dec_path,
                const char *out_path, gcn_diag *diag)
{
    eg *g = calloc(1, sizeof(eg));
    const cJSON *x, *d;
    char *text = NULL, sha[65];
    size_t len = 0;
    unsigned k;
    int ok = 0;
    if (!g) {
        gcn_diag_set(diag, NULL, 0, 0, "out of memory");
        return 0;
    }
    g->diag = diag;
    if (gcn_read_file(enc_path, &text, &len, diag) != GCN_OK)
        goto done;
    gcn_sha256_hex(text, len, sha);
    if (gcn_json_parse(&g->cat, enc_path, text, len, diag) != GCN_OK ||
        gcn_json_load(&g->spec, spec_path, diag) != GCN_OK ||
        gcn_json_load(&g->dec, dec_path, diag) != GCN_OK)
        goto done;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(g->spec.root, "generations"))
    {
        const cJSON *id = cJSON_GetObjectItem(x, "id");
        if (!cJSON_IsString(id) || g->ngens == EG_MAX_GENS) {
            gcn_json_error(&g->spec, x, diag, "a generation needs an \"id\" (at most %d)",
                           EG_MAX_GENS);
            goto done;
        }
        g->gen_id[g->ngens++] = id->valuestring;
    }
    g->used = calloc((size_t)cJSON_GetArraySize(cJSON_GetObjectItem(g->dec.root, "decisions")) + 1,
                     sizeof(int));
    if (!g->used || !read_catalogue(g) || !check_overlaps(g))
        goto done;
    k = 0;
    cJSON_ArrayForEach(d, cJSON_GetObjectItem(g->dec.root, "decisions"))
    {
        if (!g->used[k++]) {
            gcn_json_error(&g->dec, d, diag,
                           "this decision settles nothing the catalogue disputes (remove it)");
            goto done;
        }
    }
    qsort(g->row, g->nrows, sizeof(g->row[0]), by_bits);
    ok = emit(g, out_path, sha);
done:
    free(text);
    free(g->used);
    gcn_json_free(&g->cat);
    gcn_json_free(&g->spec);
    gcn_json_free(&g->dec);
    free(g);
    return ok;
}
