#include "facts.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "util/file.h"
#include "util/json.h"

static const char *const kind_names[] = {
#define GCN_FACT_KIND_NAME(e, s) s,
    GCN_FACT_KIND_LIST(GCN_FACT_KIND_NAME)
#undef GCN_FACT_KIND_NAME
};

const char *gcn_fact_kind_name(gcn_fact_kind kind)
{
    return (unsigned)kind < GCN_FACT_KIND_COUNT ? kind_names[kind] : "?";
}

int gcn_fact_kind_from_name(const char *name, gcn_fact_kind *kind)
{
    unsigned i;
    for (i = 0; i < GCN_FACT_KIND_COUNT; i++)
        if (strcmp(kind_names[i], name) == 0) {
            *kind = (gcn_fact_kind)i;
            return 1;
        }
    return 0;
}

char *gcn_strdup(const char *s)
{
    return s ? gcn_strndup(s, strlen(s)) : NULL;
}

char *gcn_strndup(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

int gcn_strs_push(gcn_strs *l, const char *s)
{
    char **v = realloc(l->v, (l->n + 1) * sizeof(*v));
    char *d;
    if (!v)
        return 0;
    l->v = v;
    d = gcn_strdup(s ? s : "");
    if (!d)
        return 0;
    l->v[l->n++] = d;
    return 1;
}

int gcn_strs_has(const gcn_strs *l, const char *s)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        if (strcmp(l->v[i], s) == 0)
            return 1;
    return 0;
}

void gcn_strs_free(gcn_strs *l)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

void gcn_facts_init(gcn_facts *f)
{
    memset(f, 0, sizeof(*f));
}

static void fact_free(gcn_fact *x)
{
    size_t i;
    free(x->id);
    free(x->file);
    free(x->doc);
    free(x->encoding);
    free(x->text);
    free(x->name);
    free(x->section);
    free(x->ref);
    free(x->label);
    free(x->description);
    free(x->value);
    free(x->remark);
    free(x->form);
    gcn_strs_free(&x->gens);
    gcn_strs_free(&x->cells);
    gcn_strs_free(&x->topics);
    gcn_strs_free(&x->modifiers);
    gcn_strs_free(&x->candidates);
    free(x->hex);
    free(x->mnemonic);
    for (i = 0; i < x->nclaims; i++) {
        free(x->claims[i].gen);
        free(x->claims[i].mnemonic);
        free(x->claims[i].ref);
        free(x->claims[i].description);
    }
    free(x->claims);
    for (i = 0; i < x->nparts; i++) {
        free(x->parts[i].hex);
        free(x->parts[i].text);
        free(x->parts[i].form);
        gcn_strs_free(&x->parts[i].gens);
    }
    free(x->parts);
    for (i = 0; i < x->noperands; i++) {
        free(x->operands[i].name);
        free(x->operands[i].text);
    }
    free(x->operands);
    free(x->code);
}

void gcn_facts_free(gcn_facts *f)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        fact_free(&f->v[i]);
    free(f->v);
    for (i = 0; i < f->ndocs; i++) {
        free(f->docs[i].file);
        free(f->docs[i].style);
        free(f->docs[i].encoding);
        free(f->docs[i].title);
        free(f->docs[i].sha256);
        free(f->docs[i].skipped);
        free(f->docs[i].root);
    }
    free(f->docs);
    free(f->by_id);
    memset(f, 0, sizeof(*f));
}

gcn_fact *gcn_facts_add(gcn_facts *f, gcn_fact_kind kind, const char *file, unsigned line)
{
    gcn_fact *x;
    if (f->n == f->cap) {
        size_t ncap = f->cap ? f->cap * 2 : 256;
        gcn_fact *v = realloc(f->v, ncap * sizeof(*v));
        if (!v)
            return NULL;
        f->v = v;
        f->cap = ncap;
    }
    x = &f->v[f->n];
    memset(x, 0, sizeof(*x));
    x->kind = kind;
    x->file = gcn_strdup(file);
    if (!x->file)
        return NULL;
    x->line = line;
    x->last_line = line;
    x->lo = x->hi = x->hexval = x->bytes = -1;
    f->n++;
    return x;
}

static int fact_cmp(const void *a, const void *b)
{
    const gcn_fact *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    if (c)
        return c;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    /* the parts of one row (a field over several bit ranges) carry their own ids */
    if (x->id && y->id)
        return strcmp(x->id, y->id);
    return x->id || y->id ? (x->id ? 1 : -1) : 0;
}

static char *make_id(const gcn_fact *x)
{
    size_t n = strlen(x->file) + 64;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s:%u:%s", x->file, x->line, gcn_fact_kind_name(x->kind));
    return s;
}

gcn_status gcn_facts_finish(gcn_facts *f, gcn_diag *diag)
{
    size_t i;
    f->by_id_n = 0; /* the index points into v's old order */
    qsort(f->v, f->n, sizeof(*f->v), fact_cmp);
    for (i = 0; i < f->n; i++) {
        if (i && fact_cmp(&f->v[i - 1], &f->v[i]) == 0) {
            gcn_diag_set(diag, f->v[i].file, f->v[i].line, 0, "two %s facts on one line",
                         gcn_fact_kind_name(f->v[i].kind));
            return GCN_ERR_INVALID;
        }
        if (!f->v[i].id) {
            f->v[i].id = make_id(&f->v[i]);
            if (!f->v[i].id) {
                gcn_diag_set(diag, f->v[i].file, 0, 0, "out of memory");
                return GCN_ERR_NOMEM;
            }
        }
    }
    return GCN_OK;
}

static int by_id_cmp(const void *a, const void *b)
{
    const gcn_fact *x = *(const gcn_fact *const *)a, *y = *(const gcn_fact *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x < y ? -1 : x > y);
}

/* The index of f's facts by id; 0 when it cannot be built (out of memory: the caller scans). */
static int by_id_index(gcn_facts *f)
{
    size_t i, n = 0;
    if (f->by_id && f->by_id_v == f->v && f->by_id_n == f->n)
        return 1;
    free(f->by_id);
    f->by_id = malloc((f->n ? f->n : 1) * sizeof(*f->by_id));
    f->by_id_n = 0;
    if (!f->by_id)
        return 0;
    for (i = 0; i < f->n; i++)
        if (f->v[i].id)
            f->by_id[n++] = &f->v[i];
    qsort(f->by_id, n, sizeof(*f->by_id), by_id_cmp);
    f->by_id_len = n;
    f->by_id_v = f->v;
    f->by_id_n = f->n;
    return 1;
}

const gcn_fact *gcn_facts_find(const gcn_facts *f, const char *id)
{
    /* the index is a cache: built on a const object's behalf (no gcn_facts is defined const) */
    gcn_facts *m = (gcn_facts *)f;
    size_t i;
    if (by_id_index(m)) {
        size_t lo = 0, hi = m->by_id_len;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (strcmp(m->by_id[mid]->id, id) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < m->by_id_len && strcmp(m->by_id[lo]->id, id) == 0)
            return m->by_id[lo];
    }
    for (i = 0; i < f->n; i++)
        if (f->v[i].id && strcmp(f->v[i].id, id) == 0)
            return &f->v[i];
    return NULL;
}

/* ---- JSON out ----------------------------------------------------------------------------- */

static cJSON *strs_json(const gcn_strs *l)
{
    cJSON *a = cJSON_CreateArray();
    size_t i;
    for (i = 0; a && i < l->n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(l->v[i]));
    return a;
}

static void add_str(cJSON *o, const char *k, const char *v)
{
    if (v)
        cJSON_AddStringToObject(o, k, v);
}

static void add_strs(cJSON *o, const char *k, const gcn_strs *l)
{
    if (l->n)
        cJSON_AddItemToObject(o, k, strs_json(l));
}

static cJSON *fact_json(const gcn_fact *x)
{
    cJSON *o = cJSON_CreateObject();
    char at[600];
    size_t i;
    if (!o)
        return NULL;
    add_str(o, "id", x->id);
    add_str(o, "kind", gcn_fact_kind_name(x->kind));
    if (x->last_line > x->line)
        snprintf(at, sizeof(at), "%s:%u-%u", x->file, x->line, x->last_line);
    else
        snprintf(at, sizeof(at), "%s:%u", x->file, x->line);
    add_str(o, "at", at);
    add_str(o, "doc", x->doc);
    add_str(o, "encoding", x->encoding);
    add_str(o, "section", x->section);
    add_str(o, "ref", x->ref);
    add_str(o, "label", x->label);
    add_str(o, "form", x->form);
    add_str(o, "name", x->name);
    add_str(o, "mnemonic", x->mnemonic);
    if (x->kind == GCN_FACT_FIELD && x->lo >= 0) {
        cJSON *b = cJSON_AddArrayToObject(o, "bits");
        cJSON_AddItemToArray(b, cJSON_CreateNumber((double)x->lo));
        cJSON_AddItemToArray(b, cJSON_CreateNumber((double)x->hi));
    }
    if (x->kind == GCN_FACT_OPCODE_ROW && x->lo >= 0)
        cJSON_AddNumberToObject(o, "opcode", (double)x->lo);
    add_str(o, "hex", x->hex);
    if (x->bytes >= 0)
        cJSON_AddNumberToObject(o, "bytes", (double)x->bytes);
    add_str(o, "value", x->value);
    add_strs(o, "gens", &x->gens);
    add_strs(o, "cells", &x->cells);
    if (x->nclaims) {
        cJSON *a = cJSON_AddArrayToObject(o, "claims");
        for (i = 0; i < x->nclaims; i++) {
            cJSON *c = cJSON_CreateObject();
            cJSON_AddStringToObject(c, "gen", x->claims[i].gen);
            cJSON_AddStringToObject(c, "mnemonic", x->claims[i].mnemonic);
            if (x->claims[i].opcode >= 0)
                cJSON_AddNumberToObject(c, "opcode", (double)x->claims[i].opcode);
            add_str(c, "ref", x->claims[i].ref);
            add_str(c, "description", x->claims[i].description);
            cJSON_AddItemToArray(a, c);
        }
    }
    add_strs(o, "candidates", &x->candidates);
    if (x->nparts) {
        cJSON *a = cJSON_AddArrayToObject(o, "parts");
        for (i = 0; i < x->nparts; i++) {
            const gcn_opcode_part *p = &x->parts[i];
            cJSON *c = cJSON_CreateObject();
            cJSON_AddNumberToObject(c, "dec", (double)p->dec);
            if (p->hex)
                cJSON_AddStringToObject(c, "hex", p->hex);
            if (p->gens.n)
                cJSON_AddItemToObject(c, "gens", strs_json(&p->gens));
            if (p->form)
                cJSON_AddStringToObject(c, "form", p->form);
            cJSON_AddStringToObject(c, "text", p->text ? p->text : "");
            cJSON_AddItemToArray(a, c);
        }
    }
    if (x->noperands) {
        cJSON *a = cJSON_AddArrayToObject(o, "operands");
        for (i = 0; i < x->noperands; i++) {
            const gcn_operand_ref *r = &x->operands[i];
            cJSON *c = cJSON_CreateObject();
            int k;
            cJSON_AddStringToObject(c, "name", r->name);
            if (r->nwidths) {
                cJSON *w = cJSON_AddArrayToObject(c, "regs");
                for (k = 0; k < r->nwidths; k++)
                    cJSON_AddItemToArray(w, cJSON_CreateNumber(r->widths[k]));
            }
            if (r->text)
                cJSON_AddStringToObject(c, "text", r->text);
            cJSON_AddItemToArray(a, c);
        }
    }
    add_strs(o, "modifiers", &x->modifiers);
    add_strs(o, "topics", &x->topics);
    add_str(o, "remark", x->remark);
    add_str(o, "description", x->description);
    if (x->code) {
        cJSON_AddNumberToObject(o, "code_line", x->code_line);
        if (x->kind == GCN_FACT_OPERATION)
            cJSON_AddBoolToObject(o, "fenced", x->fenced);
        add_str(o, "code", x->code);
    }
    add_str(o, "text", x->text);
    return o;
}

char *gcn_facts_to_json(const gcn_facts *f)
{
    cJSON *root = cJSON_CreateObject(), *docs, *facts;
    size_t i;
    char *s;
    cJSON_AddStringToObject(root, "schema", "gcnspec-facts/1");
    cJSON_AddStringToObject(root, "generator", "gcnspec extract");
    docs = cJSON_AddArrayToObject(root, "documents");
    for (i = 0; i < f->ndocs; i++) {
        const gcn_doc_info *d = &f->docs[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "file", d->file);
        cJSON_AddStringToObject(o, "style", d->style);
        cJSON_AddStringToObject(o, "encoding", d->encoding);
        cJSON_AddStringToObject(o, "title", d->title ? d->title : "");
        cJSON_AddNumberToObject(o, "lines", d->lines);
        cJSON_AddStringToObject(o, "sha256", d->sha256 ? d->sha256 : "");
        if (d->skipped)
            cJSON_AddStringToObject(o, "skipped", d->skipped);
        cJSON_AddItemToArray(docs, o);
    }
    facts = cJSON_AddArrayToObject(root, "facts");
    for (i = 0; i < f->n; i++)
        cJSON_AddItemToArray(facts, fact_json(&f->v[i]));
    s = gcn_json_print_depth(root, 2);
    cJSON_Delete(root);
    return s;
}

gcn_status gcn_facts_write(const gcn_facts *f, const char *path, gcn_diag *diag)
{
    char *s = gcn_facts_to_json(f);
    gcn_status st;
    if (!s) {
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = gcn_write_file_atomic(path, s, strlen(s), diag);
    free(s);
    return st;
}

/* ---- JSON in ------------------------------------------------------------------------------ */

static gcn_status load_strs(const gcn_json_doc *doc, const cJSON *o, const char *key, gcn_strs *out,
                            gcn_diag *diag)
{
    const cJSON *a = NULL, *c;
    gcn_status st = gcn_json_arr(doc, o, key, 0, &a, diag);
    if (st != GCN_OK || !a)
        return st;
    cJSON_ArrayForEach(c, a)
    {
        if (!cJSON_IsString(c))
            return gcn_json_error(doc, c, diag, "\"%s\" must hold strings", key);
        if (!gcn_strs_push(out, c->valuestring))
            return GCN_ERR_NOMEM;
    }
    return GCN_OK;
}

static gcn_status load_optstr(const gcn_json_doc *doc, const cJSON *o, const char *key, char **out,
                              gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, o, key, 0, &s, diag);
    if (st == GCN_OK && s) {
        *out = gcn_strdup(s);
        if (!*out)
            return GCN_ERR_NOMEM;
    }
    return st;
}

static gcn_status parse_at(const gcn_json_doc *doc, const cJSON *node, const char *at, gcn_fact *x,
                           gcn_diag *diag)
{
    const char *colon = strrchr(at, ':');
    char *end;
    unsigned long a, b;
    if (!colon || colon == at)
        return gcn_json_error(doc, node, diag, "\"at\" must be file:line, got \"%s\"", at);
    a = strtoul(colon + 1, &end, 10);
    b = a;
    if (*end == '-')
        b = strtoul(end + 1, &end, 10);
    if (*end || a == 0 || b < a)
        return gcn_json_error(doc, node, diag, "\"at\" must be file:line, got \"%s\"", at);
    x->file = gcn_strndup(at, (size_t)(colon - at));
    x->line = (unsigned)a;
    x->last_line = (unsigned)b;
    return x->file ? GCN_OK : GCN_ERR_NOMEM;
}

static gcn_status load_fact(const gcn_json_doc *doc, const cJSON *o, gcn_fact *x, gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",       "kind",      "at",     "doc",      "encoding",    "section",    "ref",
        "label",    "form",      "name",   "mnemonic", "bits",        "opcode",     "hex",
        "bytes",    "value",     "gens",   "cells",    "claims",      "candidates", "parts",
        "operands", "modifiers", "topics", "remark",   "description", "code_line",  "fenced",
        "code",     "text",      NULL};
    const char *s = NULL;
    const cJSON *a = NULL, *c;
    long long v;
    gcn_status st;
    memset(x, 0, sizeof(*x));
    x->lo = x->hi = x->hexval = x->bytes = -1;
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "a fact must be an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK)
        return st;
    if ((st = gcn_json_str(doc, o, "kind", 1, &s, diag)) != GCN_OK)
        return st;
    if (!gcn_fact_kind_from_name(s, &x->kind))
        return gcn_json_error(doc, o, diag, "unknown fact kind \"%s\"", s);
    if ((st = gcn_json_str(doc, o, "at", 1, &s, diag)) != GCN_OK)
        return st;
    if ((st = parse_at(doc, o, s, x, diag)) != GCN_OK)
        return st;
    if ((st = gcn_json_str(doc, o, "id", 1, &s, diag)) != GCN_OK)
        return st;
    x->id = gcn_strdup(s);
#define OPT(key, field)                                                                            \
    if ((st = load_optstr(doc, o, key, &x->field, diag)) != GCN_OK)                                \
        return st;
    OPT("doc", doc)
    OPT("encoding", encoding)
    OPT("section", section)
    OPT("ref", ref)
    OPT("label", label)
    OPT("form", form)
    OPT("name", name)
    OPT("mnemonic", mnemonic)
    OPT("hex", hex)
    OPT("value", value)
    OPT("remark", remark)
    OPT("description", description)
    OPT("code", code)
    OPT("text", text)
#undef OPT
    if ((st = gcn_json_arr(doc, o, "bits", 0, &a, diag)) != GCN_OK)
        return st;
    if (a) {
        if (cJSON_GetArraySize(a) != 2 || !cJSON_IsNumber(a->child) ||
            !cJSON_IsNumber(a->child->next) || !(a->child->valuedouble >= 0) ||
            !(a->child->valuedouble <= 127) || !(a->child->next->valuedouble >= 0) ||
            !(a->child->next->valuedouble <= 127))
            return gcn_json_error(doc, a, diag, "\"bits\" must be [lo, hi]");
        x->lo = (long)a->child->valuedouble;
        x->hi = (long)a->child->next->valuedouble;
    }
    v = -1;
    if ((st = gcn_json_int(doc, o, "opcode", 0, 0, 1L << 20, &v, diag)) != GCN_OK)
        return st;
    if (v >= 0)
        x->lo = (long)v;
    v = -1;
    if ((st = gcn_json_int(doc, o, "bytes", 0, 0, 64, &v, diag)) != GCN_OK)
        return st;
    x->bytes = (long)v;
    v = 0;
    if ((st = gcn_json_int(doc, o, "code_line", 0, 0, 100000000, &v, diag)) != GCN_OK)
        return st;
    x->code_line = (unsigned)v;
    if ((st = gcn_json_bool(doc, o, "fenced", 0, &x->fenced, diag)) != GCN_OK)
        return st;
    if (x->hex) {
        uint64_t h;
        if (gcn_parse_u64(x->hex, &h))
            x->hexval = (long)h;
    }
    if ((st = load_strs(doc, o, "gens", &x->gens, diag)) != GCN_OK ||
        (st = load_strs(doc, o, "cells", &x->cells, diag)) != GCN_OK ||
        (st = load_strs(doc, o, "candidates", &x->candidates, diag)) != GCN_OK ||
        (st = load_strs(doc, o, "modifiers", &x->modifiers, diag)) != GCN_OK ||
        (st = load_strs(doc, o, "topics", &x->topics, diag)) != GCN_OK)
        return st;
    a = NULL;
    if ((st = gcn_json_arr(doc, o, "claims", 0, &a, diag)) != GCN_OK)
        return st;
    if (a) {
        x->claims = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->claims));
        if (!x->claims)
            return GCN_ERR_NOMEM;
        cJSON_ArrayForEach(c, a)
        {
            const char *g = NULL, *m = NULL, *r = NULL, *d = NULL;
            long long op = -1;
            if ((st = gcn_json_str(doc, c, "gen", 1, &g, diag)) != GCN_OK ||
                (st = gcn_json_str(doc, c, "mnemonic", 1, &m, diag)) != GCN_OK ||
                (st = gcn_json_str(doc, c, "ref", 0, &r, diag)) != GCN_OK ||
                (st = gcn_json_str(doc, c, "description", 0, &d, diag)) != GCN_OK ||
                (st = gcn_json_int(doc, c, "opcode", 0, -1, 100000000, &op, diag)) != GCN_OK)
                return st;
            x->claims[x->nclaims].gen = gcn_strdup(g);
            x->claims[x->nclaims].mnemonic = gcn_strdup(m);
            x->claims[x->nclaims].opcode = (long)op;
            x->claims[x->nclaims].ref = r ? gcn_strdup(r) : NULL;
            x->claims[x->nclaims].description = d ? gcn_strdup(d) : NULL;
            x->nclaims++;
        }
    }
    a = NULL;
    if ((st = gcn_json_arr(doc, o, "parts", 0, &a, diag)) != GCN_OK)
        return st;
    if (a) {
        x->parts = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->parts));
        if (!x->parts)
            return GCN_ERR_NOMEM;
        cJSON_ArrayForEach(c, a)
        {
            gcn_opcode_part *p = &x->parts[x->nparts];
            const char *t = NULL;
            p->hexval = -1;
            if ((st = gcn_json_int(doc, c, "dec", 1, 0, 1L << 20, &v, diag)) != GCN_OK)
                return st;
            p->dec = (long)v;
            if ((st = load_optstr(doc, c, "hex", &p->hex, diag)) != GCN_OK)
                return st;
            if (p->hex) {
                uint64_t h;
                if (gcn_parse_u64(p->hex, &h))
                    p->hexval = (long)h;
            }
            if ((st = load_strs(doc, c, "gens", &p->gens, diag)) != GCN_OK)
                return st;
            if ((st = load_optstr(doc, c, "form", &p->form, diag)) != GCN_OK)
                return st;
            if ((st = gcn_json_str(doc, c, "text", 1, &t, diag)) != GCN_OK)
                return st;
            p->text = gcn_strdup(t);
            x->nparts++;
        }
    }
    a = NULL;
    if ((st = gcn_json_arr(doc, o, "operands", 0, &a, diag)) != GCN_OK)
        return st;
    if (a) {
        x->operands = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->operands));
        if (!x->operands)
            return GCN_ERR_NOMEM;
        cJSON_ArrayForEach(c, a)
        {
            gcn_operand_ref *r = &x->operands[x->noperands];
            const char *n = NULL;
            const cJSON *w = NULL, *e;
            if ((st = gcn_json_str(doc, c, "name", 1, &n, diag)) != GCN_OK)
                return st;
            r->name = gcn_strdup(n);
            if ((st = load_optstr(doc, c, "text", &r->text, diag)) != GCN_OK)
                return st;
            if ((st = gcn_json_arr(doc, c, "regs", 0, &w, diag)) != GCN_OK)
                return st;
            if (w) {
                cJSON_ArrayForEach(e, w)
                {
                    if (!cJSON_IsNumber(e) || r->nwidths >= 4 || !(e->valuedouble >= 0) ||
                        !(e->valuedouble <= 64))
                        return gcn_json_error(doc, e, diag, "bad register count");
                    r->widths[r->nwidths++] = (int)e->valuedouble;
                }
            }
            x->noperands++;
        }
    }
    return GCN_OK;
}

gcn_status gcn_facts_load(gcn_facts *f, const char *path, gcn_diag *diag)
{
    gcn_json_doc doc;
    const cJSON *docs = NULL, *facts = NULL, *c;
    const char *schema = NULL;
    gcn_status st;
    gcn_facts_init(f);
    if ((st = gcn_json_load(&doc, path, diag)) != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    if (!cJSON_IsObject(doc.root)) {
        st = gcn_json_error(&doc, doc.root, diag, "facts file must hold a JSON object");
        goto out;
    }
    if ((st = gcn_json_str(&doc, doc.root, "schema", 1, &schema, diag)) != GCN_OK)
        goto out;
    if (strcmp(schema, "gcnspec-facts/1") != 0) {
        st = gcn_json_error(&doc, doc.root, diag, "unknown schema \"%s\"", schema);
        goto out;
    }
    if ((st = gcn_json_arr(&doc, doc.root, "documents", 1, &docs, diag)) != GCN_OK ||
        (st = gcn_json_arr(&doc, doc.root, "facts", 1, &facts, diag)) != GCN_OK)
        goto out;
    f->docs = calloc((size_t)cJSON_GetArraySize(docs) + 1, sizeof(*f->docs));
    if (!f->docs) {
        st = GCN_ERR_NOMEM;
        goto out;
    }
    cJSON_ArrayForEach(c, docs)
    {
        gcn_doc_info *d = &f->docs[f->ndocs++];
        const char *s;
        long long lines = 0;
#define REQ(key, field)                                                                            \
    s = NULL;                                                                                      \
    if ((st = gcn_json_str(&doc, c, key, 1, &s, diag)) != GCN_OK)                                  \
        goto out;                                                                                  \
    d->field = gcn_strdup(s);
        REQ("file", file)
        REQ("style", style)
        REQ("encoding", encoding)
        REQ("title", title)
        REQ("sha256", sha256)
#undef REQ
        if ((st = load_optstr(&doc, c, "skipped", &d->skipped, diag)) != GCN_OK)
            goto out;
        if ((st = gcn_json_int(&doc, c, "lines", 1, 0, 100000000, &lines, diag)) != GCN_OK)
            goto out;
        d->lines = (unsigned)lines;
    }
    f->cap = (size_t)cJSON_GetArraySize(facts) + 1;
    f->v = calloc(f->cap, sizeof(*f->v));
    if (!f->v) {
        st = GCN_ERR_NOMEM;
        goto out;
    }
    cJSON_ArrayForEach(c, facts)
    {
        st = load_fact(&doc, c, &f->v[f->n], diag);
        f->n++;
        if (st != GCN_OK)
            goto out;
    }
    {
        size_t i, j;
        for (i = 0; i + 1 < f->n; i++)
            for (j = i + 1; j < f->n && f->v[j].line == f->v[i].line; j++)
                if (strcmp(f->v[i].id, f->v[j].id) == 0) {
                    st = gcn_json_error(&doc, facts, diag, "duplicate fact id \"%s\"", f->v[i].id);
                    goto out;
                }
    }
out:
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, path, 0, 0, "out of memory");
    gcn_json_free(&doc);
    if (st != GCN_OK)
        gcn_facts_free(f);
    return st;
}
