/* The operand-code page against the llvm-mc-curated scalar operands (see operands_check.h). */
#define _POSIX_C_SOURCE 200809L
#include "operands_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/file.h"
#include "util/json.h"

#define OC_CODES 512
#define OC_GENS 8
#define OC_NAME 96

typedef struct cur_fact {
    const cJSON *node;
    const char *id, *cls, *asm32, *asm64, *note;
    long long lo, hi, first_index;
    int has_first, invalid;
    const cJSON *aliases, *evidence, *gens;
} cur_fact;

typedef struct page_row {
    const char *from, *row, *name, *kind, *prefix;
    long lo, hi, first;
    int reserved;
    unsigned gens;
} page_row;

/* One reading that disagrees, before grouping. */
typedef struct oc_group {
    const char *cls, *reason;
    int fact;            /* curated fact index */
    unsigned gens;       /* mask */
    unsigned char *code; /* OC_CODES flags */
    int rows[64];        /* page rows, in page order */
    int nrows;
} oc_group;

typedef struct oc_ctx {
    gcn_json_doc doc;
    gcn_diag *diag;
    const char *gen[OC_GENS];
    int ngen;
    cur_fact *f;
    int nf;
    page_row *r;
    int nr;
    int cur[OC_GENS][OC_CODES]; /* curated fact index, -1 none */
    oc_group *g;
    int ng, capg;
} oc_ctx;

static const char *const class_order[] = {"page-erratum", "page-silent", "scalar-scope",
                                          "name-differs"};
#define OC_NCLASS 4

static int gen_of(oc_ctx *c, const char *id)
{
    int i;
    for (i = 0; i < c->ngen; i++)
        if (strcmp(c->gen[i], id) == 0)
            return i;
    if (c->ngen == OC_GENS)
        return -1;
    c->gen[c->ngen] = id;
    return c->ngen++;
}

/* ---- the curated file ----------------------------------------------------------------------- */

static gcn_status load_curated(oc_ctx *c, const char *path)
{
    const cJSON *facts, *o;
    gcn_status st;
    int i;
    if ((st = gcn_json_load(&c->doc, path, c->diag)) != GCN_OK)
        return st;
    if ((st = gcn_json_arr(&c->doc, c->doc.root, "facts", 1, &facts, c->diag)) != GCN_OK)
        return st;
    c->f = calloc((size_t)cJSON_GetArraySize(facts) + 1, sizeof(*c->f));
    if (!c->f) {
        gcn_diag_set(c->diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    cJSON_ArrayForEach(o, facts)
    {
        cur_fact *f = &c->f[c->nf];
        const cJSON *codes, *g;
        long long fi = 0;
        f->node = o;
        if ((st = gcn_json_str(&c->doc, o, "id", 1, &f->id, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->doc, o, "class", 1, &f->cls, c->diag)) != GCN_OK ||
            (st = gcn_json_arr(&c->doc, o, "gens", 1, &f->gens, c->diag)) != GCN_OK ||
            (st = gcn_json_arr(&c->doc, o, "codes", 1, &codes, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->doc, o, "asm32", 0, &f->asm32, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->doc, o, "asm64", 0, &f->asm64, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->doc, o, "note", 0, &f->note, c->diag)) != GCN_OK ||
            (st = gcn_json_arr(&c->doc, o, "aliases", 0, &f->aliases, c->diag)) != GCN_OK ||
            (st = gcn_json_arr(&c->doc, o, "evidence", 1, &f->evidence, c->diag)) != GCN_OK)
            return st;
        if (cJSON_GetObjectItem(o, "first_index")) {
            if ((st = gcn_json_int(&c->doc, o, "first_index", 1, 0, OC_CODES, &fi, c->diag)) !=
                GCN_OK)
                return st;
            f->has_first = 1;
            f->first_index = fi;
        }
        if (cJSON_GetArraySize(codes) != 2 || !cJSON_IsNumber(cJSON_GetArrayItem(codes, 0)) ||
            !cJSON_IsNumber(cJSON_GetArrayItem(codes, 1)))
            return gcn_json_error(&c->doc, codes, c->diag, "codes: expected [first, last]");
        f->lo = (long long)cJSON_GetArrayItem(codes, 0)->valuedouble;
        f->hi = (long long)cJSON_GetArrayItem(codes, 1)->valuedouble;
        if (f->lo < 0 || f->hi >= OC_CODES || f->lo > f->hi)
            return gcn_json_error(&c->doc, codes, c->diag,
                                  "codes: expected 0 <= first <= last < %d", OC_CODES);
        f->invalid = strcmp(f->cls, "invalid") == 0;
        cJSON_ArrayForEach(g, f->gens)
        {
            int k;
            long long code;
            if (!cJSON_IsString(g))
                return gcn_json_error(&c->doc, g, c->diag, "gens: expected strings");
            if ((k = gen_of(c, g->valuestring)) < 0)
                return gcn_json_error(&c->doc, g, c->diag, "more than %d generations", OC_GENS);
            for (code = f->lo; code <= f->hi; code++) {
                if (c->cur[k][code] >= 0)
                    return gcn_json_error(&c->doc, o, c->diag,
                                          "'%s' and '%s' both give %s code %lld",
                                          c->f[c->cur[k][code]].id, f->id, g->valuestring, code);
                c->cur[k][code] = c->nf;
            }
        }
        c->nf++;
    }
    for (i = 0; i < c->nf; i++) {
        const cJSON *a;
        cJSON_ArrayForEach(a, c->f[i].aliases)
        {
            if (!cJSON_IsString(a))
                return gcn_json_error(&c->doc, a, c->diag, "aliases: expected strings");
        }
    }
    return GCN_OK;
}

/* A curated spelling at a code: "{n}" is first_index + the code's place; anything else in
 * braces (a pair, a literal's format) is no name to compare. */
static int expand(const cur_fact *f, const char *tmpl, long code, char *out, size_t size)
{
    const char *at;
    if (!tmpl)
        return 0;
    at = strstr(tmpl, "{n}");
    if (at) {
        if (!f->has_first)
            return 0;
        snprintf(out, size, "%.*s%lld%s", (int)(at - tmpl), tmpl, f->first_index + (code - f->lo),
                 at + 3);
    } else
        snprintf(out, size, "%s", tmpl);
    return strchr(out, '{') == NULL;
}

static int curated_names(const cur_fact *f, long code, const char *name)
{
    char buf[OC_NAME];
    const cJSON *a;
    if (expand(f, f->asm32, code, buf, sizeof(buf)) && strcasecmp(buf, name) == 0)
        return 1;
    if (expand(f, f->asm64, code, buf, sizeof(buf)) && strcasecmp(buf, name) == 0)
        return 1;
    cJSON_ArrayForEach(a, f->aliases)
    {
        if (strcasecmp(a->valuestring, name) == 0)
            return 1;
    }
    return 0;
}

/* ---- the page ------------------------------------------------------------------------------- */

static gcn_status load_page(oc_ctx *c, const cJSON *page)
{
    const cJSON *codes = cJSON_GetObjectItem(page, "codes"), *o;
    if (!cJSON_IsArray(codes)) {
        gcn_diag_set(c->diag, NULL, 0, 0, "the page facts hold no 'codes' list");
        return GCN_ERR_INVALID;
    }
    c->r = calloc((size_t)cJSON_GetArraySize(codes) + 1, sizeof(*c->r));
    if (!c->r) {
        gcn_diag_set(c->diag, NULL, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    cJSON_ArrayForEach(o, codes)
    {
        page_row *r = &c->r[c->nr];
        const cJSON *cd = cJSON_GetObjectItem(o, "codes"), *g,
                    *names = cJSON_GetObjectItem(o, "names");
        r->from = cJSON_GetStringValue(cJSON_GetObjectItem(o, "from"));
        r->row = cJSON_GetStringValue(cJSON_GetObjectItem(o, "row"));
        r->name = cJSON_GetStringValue(cJSON_GetObjectItem(o, "name"));
        r->kind = cJSON_GetStringValue(cJSON_GetObjectItem(o, "name_kind"));
        r->reserved = cJSON_IsTrue(cJSON_GetObjectItem(o, "reserved"));
        if (!r->from || !r->row || !r->name || !r->kind || cJSON_GetArraySize(cd) != 2) {
            gcn_diag_set(c->diag, NULL, 0, 0, "a page fact lacks from, row, name or codes");
            return GCN_ERR_INVALID;
        }
        r->lo = (long)cJSON_GetArrayItem(cd, 0)->valuedouble;
        r->hi = (long)cJSON_GetArrayItem(cd, 1)->valuedouble;
        if (names) {
            r->prefix = cJSON_GetStringValue(cJSON_GetObjectItem(names, "prefix"));
            r->first = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(names, "first"));
        }
        cJSON_ArrayForEach(g, cJSON_GetObjectItem(o, "gens"))
        {
            int k = cJSON_IsString(g) ? gen_of(c, g->valuestring) : -1;
            if (k < 0) {
                gcn_diag_set(c->diag, r->from, 0, 0, "unreadable generation list");
                return GCN_ERR_INVALID;
            }
            r->gens |= 1u << k;
        }
        c->nr++;
    }
    return GCN_OK;
}

/* The name a row gives a code ("" when it gives none). */
static void row_name(const page_row *r, long code, char *out, size_t size)
{
    if (strcmp(r->kind, "none") == 0)
        out[0] = '\0';
    else if (strcmp(r->kind, "range") == 0 && r->prefix)
        snprintf(out, size, "%s%ld", r->prefix, r->first + (code - r->lo));
    else
        snprintf(out, size, "%s", r->name);
}

static int row_matches(const oc_ctx *c, int gen, const page_row *r, long code, const cur_fact *f)
{
    char name[OC_NAME];
    int at;
    if (r->reserved || !strcmp(r->kind, "none"))
        return r->reserved && f->invalid;
    if (f->invalid)
        return 0;
    row_name(r, code, name, sizeof(name));
    if (strcmp(r->kind, "wide") != 0)
        return curated_names(f, code, name);
    /* one name over a register pair: llvm-mc's 64-bit spelling at the pair's first code */
    at = c->cur[gen][r->lo];
    return at >= 0 && !c->f[at].invalid && curated_names(&c->f[at], r->lo, name);
}

/* Whether llvm-mc gives the code (or this row's reading of it) on another generation. */
static int elsewhere(const oc_ctx *c, int gen, const page_row *r, long code, int any_reading)
{
    char name[OC_NAME];
    int k;
    row_name(r, code, name, sizeof(name));
    for (k = 0; k < c->ngen; k++) {
        int at = c->cur[k][code];
        if (k == gen || at < 0 || c->f[at].invalid)
            continue;
        if (any_reading)
            return 1;
        if (!name[0])
            continue;
        if (strcmp(r->kind, "wide") == 0) {
            at = c->cur[k][r->lo];
            if (at >= 0 && !c->f[at].invalid && curated_names(&c->f[at], r->lo, name))
                return 1;
        } else if (curated_names(&c->f[at], code, name))
            return 1;
    }
    return 0;
}

static oc_group *group_for(oc_ctx *c, const char *cls, const char *reason, int fact)
{
    int i;
    for (i = 0; i < c->ng; i++)
        if (!strcmp(c->g[i].cls, cls) && !strcmp(c->g[i].reason, reason) && c->g[i].fact == fact)
            return &c->g[i];
    if (c->ng == c->capg) {
        int cap = c->capg ? c->capg * 2 : 32;
        oc_group *v = realloc(c->g, (size_t)cap * sizeof(*v));
        if (!v)
            return NULL;
        c->g = v;
        c->capg = cap;
    }
    memset(&c->g[c->ng], 0, sizeof(*c->g));
    c->g[c->ng].cls = cls;
    c->g[c->ng].reason = reason;
    c->g[c->ng].fact = fact;
    c->g[c->ng].code = calloc(OC_CODES, 1);
    if (!c->g[c->ng].code)
        return NULL;
    return &c->g[c->ng++];
}

static int add_to_group(oc_ctx *c, const char *cls, const char *reason, int fact, int gen,
                        long code, int row)
{
    oc_group *g = group_for(c, cls, reason, fact);
    int i;
    if (!g)
        return 0;
    g->gens |= 1u << gen;
    g->code[code] = 1;
    if (row < 0)
        return 1;
    for (i = 0; i < g->nrows; i++)
        if (g->rows[i] == row)
            return 1;
    if (g->nrows < (int)(sizeof(g->rows) / sizeof(g->rows[0])))
        g->rows[g->nrows++] = row;
    return 1;
}

/* ---- output --------------------------------------------------------------------------------- */

static cJSON *gens_json(const oc_ctx *c, unsigned mask)
{
    cJSON *a = cJSON_CreateArray();
    int k;
    for (k = 0; k < c->ngen; k++)
        if (mask & (1u << k))
            cJSON_AddItemToArray(a, cJSON_CreateString(c->gen[k]));
    return a;
}

static cJSON *ranges_json(const unsigned char *code)
{
    cJSON *a = cJSON_CreateArray();
    int i = 0;
    while (i < OC_CODES) {
        int j;
        cJSON *p;
        if (!code[i]) {
            i++;
            continue;
        }
        for (j = i; j + 1 < OC_CODES && code[j + 1]; j++)
            ;
        p = cJSON_CreateArray();
        cJSON_AddItemToArray(p, cJSON_CreateNumber(i));
        cJSON_AddItemToArray(p, cJSON_CreateNumber(j));
        cJSON_AddItemToArray(a, p);
        i = j + 1;
    }
    return a;
}

static cJSON *quote_json(const page_row *r)
{
    cJSON *q = cJSON_CreateObject();
    cJSON_AddStringToObject(q, "at", r->from);
    cJSON_AddStringToObject(q, "text", r->row);
    return q;
}

static cJSON *fact_json(const oc_ctx *c, int i)
{
    const cur_fact *f = &c->f[i];
    cJSON *o = cJSON_CreateObject(), *ev = cJSON_CreateArray(), *e;
    char name[OC_NAME];
    cJSON_AddStringToObject(o, "id", f->id);
    cJSON_AddStringToObject(o, "class", f->cls);
    cJSON_AddItemToObject(o, "gens", cJSON_Duplicate(f->gens, 1));
    {
        cJSON *cd = cJSON_AddArrayToObject(o, "codes");
        cJSON_AddItemToArray(cd, cJSON_CreateNumber((double)f->lo));
        cJSON_AddItemToArray(cd, cJSON_CreateNumber((double)f->hi));
    }
    if (expand(f, f->asm32, f->lo, name, sizeof(name)))
        cJSON_AddStringToObject(o, "name", name);
    else
        cJSON_AddNullToObject(o, "name");
    cJSON_AddStringToObject(o, "note", f->note ? f->note : "");
    cJSON_ArrayForEach(e, f->evidence)
    {
        cJSON *x = cJSON_CreateObject();
        const char *peer = cJSON_GetStringValue(cJSON_GetObjectItem(e, "peer"));
        const char *cmd = cJSON_GetStringValue(cJSON_GetObjectItem(e, "cmd"));
        cJSON_AddStringToObject(x, "peer", peer ? peer : "");
        cJSON_AddStringToObject(x, "cmd", cmd ? cmd : "");
        cJSON_AddItemToArray(ev, x);
    }
    cJSON_AddItemToObject(o, "evidence", ev);
    return o;
}

static const char *detail_of(const oc_group *g)
{
    if (!strcmp(g->cls, "page-erratum") && !strcmp(g->reason, "reserved-range"))
        return "the page calls these codes reserved on these generations; llvm-mc assigns them";
    if (!strcmp(g->cls, "page-erratum"))
        return "the page gives these codes a reading on these generations that llvm-mc gives "
               "only on other generations: a generation qualifier is missing or wrong";
    if (!strcmp(g->cls, "page-silent"))
        return "no row of the page covers these codes on these generations (rows for other "
               "generations are listed); llvm-mc assigns them";
    if (!strcmp(g->cls, "scalar-scope"))
        return "llvm-mc's scalar operands reject these codes on every generation; the page "
               "gives them a meaning (a VALU-only source, to check against VALU operands)";
    return "the page and llvm-mc both assign these codes, under names that do not match";
}

static int class_rank(const char *cls)
{
    int i;
    for (i = 0; i < OC_NCLASS; i++)
        if (!strcmp(class_order[i], cls))
            return i;
    return OC_NCLASS;
}

static int first_code(const oc_group *g)
{
    int i;
    for (i = 0; i < OC_CODES; i++)
        if (g->code[i])
            return i;
    return OC_CODES;
}

static int group_cmp(const void *a, const void *b)
{
    const oc_group *x = a, *y = b;
    int d = class_rank(x->cls) - class_rank(y->cls);
    unsigned lx = x->gens & (~x->gens + 1), ly = y->gens & (~y->gens + 1);
    if (d)
        return d;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    if ((d = first_code(x) - first_code(y)) != 0)
        return d;
    return strcmp(x->reason, y->reason);
}

/* ---- the comparison ------------------------------------------------------------------------- */

static gcn_status compare(oc_ctx *c, cJSON *summary)
{
    int k;
    for (k = 0; k < c->ngen; k++) {
        int counts[OC_NCLASS] = {0}, agree = 0, unassigned = 0, page_codes = 0, compared = 0,
            not_compared = 0, rows = 0, i;
        long code;
        cJSON *s = cJSON_CreateObject();
        for (i = 0; i < c->nr; i++)
            rows += (c->r[i].gens >> k) & 1u;
        for (code = 0; code < OC_CODES; code++) {
            int at = c->cur[k][code], readings = 0, cls = -1;
            for (i = 0; i < c->nr; i++) {
                const page_row *r = &c->r[i];
                if (!((r->gens >> k) & 1u) || code < r->lo || code > r->hi)
                    continue;
                readings++;
                if (at < 0 || row_matches(c, k, r, code, &c->f[at]))
                    continue;
                {
                    const cur_fact *f = &c->f[at];
                    int rc;
                    const char *why;
                    if (!f->invalid && r->reserved)
                        rc = 0, why = "reserved-range";
                    else if (f->invalid)
                        rc = elsewhere(c, k, r, code, 1) ? 0 : 2, why = rc ? "" : "generation";
                    else
                        rc = elsewhere(c, k, r, code, 0) ? 0 : 3, why = rc ? "" : "generation";
                    if (!add_to_group(c, class_order[rc], why, at, k, code, i))
                        goto nomem;
                    if (cls < 0)
                        cls = rc;
                }
            }
            page_codes += readings > 0;
            if (at < 0) {
                not_compared += readings > 0;
                continue;
            }
            compared++;
            if (!readings) {
                if (c->f[at].invalid) {
                    unassigned++;
                    continue;
                }
                cls = 1;
                if (!add_to_group(c, class_order[1], "", at, k, code, -1))
                    goto nomem;
            }
            if (cls < 0)
                agree++;
            else
                counts[cls]++;
        }
        cJSON_AddStringToObject(s, "gen", c->gen[k]);
        cJSON_AddNumberToObject(s, "page_rows", rows);
        cJSON_AddNumberToObject(s, "page_codes", page_codes);
        cJSON_AddNumberToObject(s, "compared", compared);
        cJSON_AddNumberToObject(s, "agree", agree);
        cJSON_AddNumberToObject(s, "both_unassigned", unassigned);
        for (i = 0; i < OC_NCLASS; i++)
            cJSON_AddNumberToObject(s, class_order[i], counts[i]);
        cJSON_AddNumberToObject(s, "not_compared", not_compared);
        cJSON_AddItemToArray(summary, s);
    }
    return GCN_OK;
nomem:
    gcn_diag_set(c->diag, NULL, 0, 0, "out of memory");
    return GCN_ERR_NOMEM;
}

/* For a page-silent group: the rows that cover its codes on other generations. */
static cJSON *rows_elsewhere(const oc_ctx *c, const oc_group *g)
{
    cJSON *a = cJSON_CreateArray();
    int i;
    for (i = 0; i < c->nr; i++) {
        const page_row *r = &c->r[i];
        long code;
        if (r->gens & g->gens)
            continue;
        for (code = r->lo; code <= r->hi && code < OC_CODES; code++)
            if (g->code[code]) {
                cJSON_AddItemToArray(a, quote_json(r));
                break;
            }
    }
    return a;
}

static void finding_json(const oc_ctx *c, const oc_group *g, cJSON *list)
{
    cJSON *o = cJSON_CreateObject(), *p;
    char key[512];
    int i;
    snprintf(key, sizeof(key), "operands/%s%s%s/%s", g->cls, g->reason[0] ? "/" : "", g->reason,
             c->f[g->fact].id);
    cJSON_AddStringToObject(o, "key", key);
    cJSON_AddStringToObject(o, "class", g->cls);
    if (g->reason[0])
        cJSON_AddStringToObject(o, "reason", g->reason);
    cJSON_AddItemToObject(o, "gens", gens_json(c, g->gens));
    cJSON_AddItemToObject(o, "codes", ranges_json(g->code));
    if (g->nrows) {
        p = cJSON_AddArrayToObject(o, "page");
        for (i = 0; i < g->nrows; i++)
            cJSON_AddItemToArray(p, quote_json(&c->r[g->rows[i]]));
    } else
        cJSON_AddItemToObject(o, "page_elsewhere", rows_elsewhere(c, g));
    cJSON_AddItemToObject(o, "curated", fact_json(c, g->fact));
    if (!strcmp(g->reason, "generation")) {
        /* what llvm-mc gives these codes where it does */
        cJSON *e = cJSON_AddArrayToObject(o, "curated_elsewhere");
        int seen[256], ns = 0, k, code;
        for (k = 0; k < c->ngen; k++) {
            if (g->gens & (1u << k))
                continue;
            for (code = 0; code < OC_CODES; code++) {
                int at = c->cur[k][code], j, dup = 0;
                if (!g->code[code] || at < 0 || c->f[at].invalid)
                    continue;
                for (j = 0; j < ns; j++)
                    dup |= seen[j] == at;
                if (dup || ns == 256)
                    continue;
                seen[ns++] = at;
                cJSON_AddItemToArray(e, cJSON_CreateString(c->f[at].id));
            }
        }
    }
    cJSON_AddStringToObject(o, "detail", detail_of(g));
    cJSON_AddItemToArray(list, o);
}

static const char *str_or_empty(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, key));
    return s ? s : "";
}

gcn_status gcn_operands_cross_check(const cJSON *page, const char *curated_path, cJSON **out,
                                    gcn_diag *diag)
{
    oc_ctx *c = calloc(1, sizeof(*c));
    gcn_status st;
    cJSON *root = NULL, *summary, *findings, *classes;
    int i, k;
    *out = NULL;
    if (!c) {
        gcn_diag_set(diag, NULL, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    c->diag = diag;
    for (k = 0; k < OC_GENS; k++)
        for (i = 0; i < OC_CODES; i++)
            c->cur[k][i] = -1;
    if ((st = load_curated(c, curated_path)) != GCN_OK || (st = load_page(c, page)) != GCN_OK)
        goto done;
    root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", "gcnspec-operands-findings/1");
    cJSON_AddStringToObject(root, "page", str_or_empty(page, "document"));
    cJSON_AddStringToObject(root, "page_sha256", str_or_empty(page, "sha256"));
    cJSON_AddStringToObject(root, "curated", gcn_path_base(curated_path));
    /* the peers and versions the curated evidence was taken with */
    cJSON_AddItemToObject(root, "peers",
                          cJSON_IsArray(cJSON_GetObjectItem(c->doc.root, "peers"))
                              ? cJSON_Duplicate(cJSON_GetObjectItem(c->doc.root, "peers"), 1)
                              : cJSON_CreateArray());
    classes = cJSON_AddObjectToObject(root, "classes");
    cJSON_AddStringToObject(classes, "page-erratum",
                            "the page gives a reading llvm-mc gives only on other generations "
                            "(generation), or calls a code llvm-mc assigns reserved "
                            "(reserved-range)");
    cJSON_AddStringToObject(classes, "page-silent",
                            "no page row covers the code on the generation; llvm-mc assigns it");
    cJSON_AddStringToObject(classes, "scalar-scope",
                            "llvm-mc's scalar operands reject the code on every generation; "
                            "the page gives it a meaning (VALU-only)");
    cJSON_AddStringToObject(classes, "name-differs",
                            "both assign the code, under names that do not match");
    summary = cJSON_AddArrayToObject(root, "summary");
    if ((st = compare(c, summary)) != GCN_OK)
        goto done;
    qsort(c->g, (size_t)c->ng, sizeof(*c->g), group_cmp);
    findings = cJSON_AddArrayToObject(root, "findings");
    for (i = 0; i < c->ng; i++)
        finding_json(c, &c->g[i], findings);
done:
    for (i = 0; i < c->ng; i++)
        free(c->g[i].code);
    free(c->g);
    free(c->f);
    free(c->r);
    gcn_json_free(&c->doc);
    free(c);
    if (st != GCN_OK) {
        cJSON_Delete(root);
        return st;
    }
    *out = root;
    return GCN_OK;
}
