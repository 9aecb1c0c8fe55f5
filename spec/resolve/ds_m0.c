#include "ds_m0.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/m0.h"

#define MAX_GENS 8

static const char *const role_names[] = {
#define GCN_M0_ROLE_NAME(e, name) name,
    GCN_M0_ROLE_LIST(GCN_M0_ROLE_NAME)
#undef GCN_M0_ROLE_NAME
};

typedef struct m0_class {
    const cJSON *node;
    const char *name;
    const cJSON *insns; /* the names it lists; NULL for "*" (every DS instruction no list names) */
    unsigned gens;      /* bit per generation index */
    int role[2];        /* [GCN_M0_LDS / GCN_M0_GDS] */
    const char *erratum;
    int differs; /* some instruction x generation it settles differs from the documents */
} m0_class;

typedef struct m0_ctx {
    const gcn_json_doc *doc;
    gcn_diag *diag;
    const gcn_errata *errata;
    unsigned char *used; /* per erratum x decision (m0 decisions): covers some departure */
    size_t used_stride;
    const char *const *gens;
    size_t ngens;
    m0_class *cls;
    size_t ncls;
    int documents[2];
} m0_ctx;

static gcn_status role_of(m0_ctx *c, const cJSON *parent, const char *key, int *out)
{
    const char *s = NULL;
    size_t k;
    gcn_status st = gcn_json_str(c->doc, parent, key, 1, &s, c->diag);
    if (st != GCN_OK)
        return st;
    for (k = 0; k < GCN_M0_ROLE_COUNT; k++)
        if (strcmp(s, role_names[k]) == 0) {
            *out = (int)k;
            return GCN_OK;
        }
    return gcn_json_error(c->doc, cJSON_GetObjectItemCaseSensitive(parent, key), c->diag,
                          "\"%s\" is no role of M0 (limit, free, operand, unused)", s);
}

static int gen_index(const m0_ctx *c, const char *id)
{
    size_t i;
    for (i = 0; i < c->ngens; i++)
        if (strcmp(c->gens[i], id) == 0)
            return (int)i;
    return -1;
}

/* "roles" describes each kind once, so that the file says what its words mean */
static gcn_status check_roles(m0_ctx *c)
{
    const cJSON *a = NULL, *r;
    unsigned seen = 0;
    size_t k;
    gcn_status st = gcn_json_arr(c->doc, c->doc->root, "roles", 1, &a, c->diag);
    if (st != GCN_OK)
        return st;
    cJSON_ArrayForEach(r, a)
    {
        static const char *const keys[] = {"role", "what", NULL};
        const char *what = NULL;
        int role = 0;
        if ((st = gcn_json_only_keys(c->doc, r, keys, c->diag)) != GCN_OK ||
            (st = role_of(c, r, "role", &role)) != GCN_OK ||
            (st = gcn_json_str(c->doc, r, "what", 1, &what, c->diag)) != GCN_OK)
            return st;
        if (seen & (1u << role))
            return gcn_json_error(c->doc, r, c->diag, "role \"%s\" is described twice",
                                  role_names[role]);
        seen |= 1u << role;
    }
    for (k = 0; k < GCN_M0_ROLE_COUNT; k++)
        if (!(seen & (1u << k)))
            return gcn_json_error(c->doc, a, c->diag, "\"roles\" does not describe \"%s\"",
                                  role_names[k]);
    return GCN_OK;
}

static gcn_status read_documents(m0_ctx *c, const gcn_facts *facts)
{
    static const char *const keys[] = {"facts", "lds", "gds", "note", NULL};
    const cJSON *d = NULL, *fa = NULL, *f;
    gcn_status st;
    if ((st = gcn_json_obj(c->doc, c->doc->root, "documents", 1, &d, c->diag)) != GCN_OK ||
        (st = gcn_json_only_keys(c->doc, d, keys, c->diag)) != GCN_OK ||
        (st = gcn_json_arr(c->doc, d, "facts", 1, &fa, c->diag)) != GCN_OK ||
        (st = role_of(c, d, "lds", &c->documents[GCN_M0_LDS])) != GCN_OK ||
        (st = role_of(c, d, "gds", &c->documents[GCN_M0_GDS])) != GCN_OK)
        return st;
    if (!cJSON_GetArraySize(fa))
        return gcn_json_error(c->doc, fa, c->diag, "the documents' roles need the facts saying so");
    cJSON_ArrayForEach(f, fa)
    {
        if (!cJSON_IsString(f) || !gcn_facts_find(facts, f->valuestring))
            return gcn_json_error(c->doc, f, c->diag, "no fact %s (facts.json drifted?)",
                                  cJSON_IsString(f) ? f->valuestring : "(not a string)");
    }
    return GCN_OK;
}

static int erratum_known(const gcn_errata *e, const char *id)
{
    size_t i;
    for (i = 0; i < e->n; i++)
        if (strcmp(e->v[i].id, id) == 0)
            return 1;
    return 0;
}

/* A departure from the documents (name on gen, written roles w, the class's k) against the
 * "m0" decisions of the erratum the class names: where it has any, one must decide the role
 * of every space that departs, for this instruction (or every one) and generation. */
static gcn_status check_decided(m0_ctx *c, const m0_class *k, const char *name, int g,
                                const int w[2])
{
    size_t i, q;
    int any = 0;
    for (i = 0; i < c->errata->n; i++) {
        const gcn_erratum *x = &c->errata->v[i];
        if (strcmp(x->id, k->erratum) != 0)
            continue;
        for (q = 0; q < x->ndecisions; q++) {
            const gcn_decision *d = &x->decisions[q];
            const char *r[2];
            int sp, ok = 1;
            if (d->op != GCN_DEC_M0)
                continue;
            any = 1;
            r[GCN_M0_LDS] = d->lds;
            r[GCN_M0_GDS] = d->gds;
            if (strcmp(d->encoding, "DS") != 0 || (d->mnemonic && strcmp(d->mnemonic, name)) ||
                !gcn_genset_has(&d->gens, c->gens[g]))
                continue;
            for (sp = 0; sp < 2; sp++)
                if (w[sp] != k->role[sp] && (!r[sp] || strcmp(r[sp], role_names[k->role[sp]])))
                    ok = 0;
            if (ok) {
                c->used[i * c->used_stride + q] = 1;
                return GCN_OK;
            }
        }
    }
    if (!any)
        return GCN_OK; /* its decisions are of another kind (a corrected block reading M0) */
    return gcn_json_error(c->doc, k->node, c->diag,
                          "class %s: no \"m0\" decision of %s gives %s on %s (lds %s, gds %s)",
                          k->name, k->erratum, name, c->gens[g], role_names[k->role[0]],
                          role_names[k->role[1]]);
}

static const cJSON *find_ds(const cJSON *instructions, const char *name)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, instructions)
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "name");
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "encoding");
        if (cJSON_IsString(n) && cJSON_IsString(e) && strcmp(e->valuestring, "DS") == 0 &&
            strcmp(n->valuestring, name) == 0)
            return o;
    }
    return NULL;
}

static gcn_status read_class(m0_ctx *c, const cJSON *o, const gcn_errata *errata,
                             const cJSON *instructions, m0_class *k)
{
    static const char *const keys[] = {"class",   "instructions", "gens",    "lds", "gds",
                                       "erratum", "note",         "sources", NULL};
    const cJSON *ins, *gens = NULL, *src = NULL, *x;
    const char *note = NULL;
    gcn_status st;
    memset(k, 0, sizeof(*k));
    k->node = o;
    if ((st = gcn_json_only_keys(c->doc, o, keys, c->diag)) != GCN_OK ||
        (st = gcn_json_str(c->doc, o, "class", 1, &k->name, c->diag)) != GCN_OK ||
        (st = role_of(c, o, "lds", &k->role[GCN_M0_LDS])) != GCN_OK ||
        (st = role_of(c, o, "gds", &k->role[GCN_M0_GDS])) != GCN_OK ||
        (st = gcn_json_str(c->doc, o, "erratum", 0, &k->erratum, c->diag)) != GCN_OK ||
        (st = gcn_json_str(c->doc, o, "note", 1, &note, c->diag)) != GCN_OK ||
        (st = gcn_json_arr(c->doc, o, "gens", 0, &gens, c->diag)) != GCN_OK ||
        (st = gcn_json_arr(c->doc, o, "sources", 1, &src, c->diag)) != GCN_OK)
        return st;
    if (!cJSON_GetArraySize(src))
        return gcn_json_error(c->doc, src, c->diag, "class %s: a role needs its sources", k->name);
    if (k->erratum && !erratum_known(errata, k->erratum))
        return gcn_json_error(c->doc, cJSON_GetObjectItemCaseSensitive(o, "erratum"), c->diag,
                              "class %s names %s, which spec/errata.json lacks", k->name,
                              k->erratum);
    if (!gens)
        k->gens = (1u << c->ngens) - 1;
    cJSON_ArrayForEach(x, gens)
    {
        int g = cJSON_IsString(x) ? gen_index(c, x->valuestring) : -1;
        if (g < 0)
            return gcn_json_error(c->doc, x, c->diag, "class %s: unknown generation", k->name);
        k->gens |= 1u << g;
    }
    ins = cJSON_GetObjectItemCaseSensitive(o, "instructions");
    if (cJSON_IsString(ins) && strcmp(ins->valuestring, "*") == 0)
        return GCN_OK;
    if (!cJSON_IsArray(ins) || !cJSON_GetArraySize(ins))
        return gcn_json_error(c->doc, ins ? ins : o, c->diag,
                              "class %s: \"instructions\" is a list of DS mnemonics or \"*\"",
                              k->name);
    cJSON_ArrayForEach(x, ins)
    {
        if (!cJSON_IsString(x) || !find_ds(instructions, x->valuestring))
            return gcn_json_error(c->doc, x, c->diag, "class %s: no DS instruction %s", k->name,
                                  cJSON_IsString(x) ? x->valuestring : "(not a string)");
    }
    k->insns = ins;
    return GCN_OK;
}

static int lists(const m0_class *k, const char *name)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, k->insns)
    {
        if (strcmp(x->valuestring, name) == 0)
            return 1;
    }
    return 0;
}

/* The class settling name on generation g: the one listing it, else the one "*" class. */
static gcn_status class_for(m0_ctx *c, const char *name, int g, const m0_class **out)
{
    size_t i;
    int pass;
    *out = NULL;
    for (pass = 0; pass < 2 && !*out; pass++)
        for (i = 0; i < c->ncls; i++) {
            const m0_class *k = &c->cls[i];
            if (!(k->gens & (1u << g)) || (pass == 0 ? !k->insns || !lists(k, name) : !!k->insns))
                continue;
            if (*out)
                return gcn_json_error(c->doc, k->node, c->diag,
                                      "%s on %s is settled by class %s and by class %s", name,
                                      c->gens[g], (*out)->name, k->name);
            *out = k;
        }
    if (!*out)
        return gcn_json_error(c->doc, c->doc->root, c->diag,
                              "DS %s on %s: no class gives M0's role (list it, or add a \"*\" "
                              "class for the generation)",
                              name, c->gens[g]);
    return GCN_OK;
}

/* The documents give a block of their own (not a curated one, not none/unsupported). */
static int documents_block(const cJSON *insn)
{
    const cJSON *sem = cJSON_GetObjectItemCaseSensitive(insn, "semantics");
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(sem, "written");
    return cJSON_IsObject(w) && !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(w, "curated"));
}

static cJSON *roles_obj(const int role[2])
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "lds", role_names[role[GCN_M0_LDS]]);
    cJSON_AddStringToObject(o, "gds", role_names[role[GCN_M0_GDS]]);
    return o;
}

static gcn_status emit(m0_ctx *c, const char *name, cJSON *insn)
{
    const cJSON *ops = cJSON_GetObjectItemCaseSensitive(insn, "opcodes"), *oc;
    const char *iname = cJSON_GetObjectItemCaseSensitive(insn, "name")->valuestring;
    int block = documents_block(insn);
    cJSON *list = cJSON_CreateArray();
    gcn_status st = GCN_OK;
    cJSON_ArrayForEach(oc, ops)
    {
        const cJSON *gid = cJSON_GetObjectItemCaseSensitive(oc, "gen");
        int g = cJSON_IsString(gid) ? gen_index(c, gid->valuestring) : -1, written[2];
        const m0_class *k;
        m0_class *mk;
        cJSON *e;
        char source[300];
        if (g < 0)
            continue;
        if ((st = class_for(c, iname, g, &k)) != GCN_OK)
            break;
        mk = &c->cls[k - c->cls];
        /* as written, the NOTEs hold wherever the instruction reaches memory, except where a
         * curated block reads M0 itself: the documents give no block there, and the curated
         * reading of M0 stands for both variants */
        memcpy(written, k->role, sizeof(written));
        if (k->role[GCN_M0_LDS] != GCN_M0_UNUSED &&
            (block ||
             (k->role[GCN_M0_LDS] != GCN_M0_OPERAND && k->role[GCN_M0_GDS] != GCN_M0_OPERAND)))
            memcpy(written, c->documents, sizeof(written));
        e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "gen", c->gens[g]);
        cJSON_AddStringToObject(e, "lds", role_names[k->role[GCN_M0_LDS]]);
        cJSON_AddStringToObject(e, "gds", role_names[k->role[GCN_M0_GDS]]);
        if (memcmp(written, k->role, sizeof(written)) != 0) {
            if (!k->erratum) {
                cJSON_Delete(e);
                st = gcn_json_error(c->doc, k->node, c->diag,
                                    "class %s: %s on %s is (lds %s, gds %s) as the documents "
                                    "write it, (lds %s, gds %s) here: name the erratum that says "
                                    "why",
                                    k->name, iname, c->gens[g], role_names[written[0]],
                                    role_names[written[1]], role_names[k->role[0]],
                                    role_names[k->role[1]]);
                break;
            }
            if ((st = check_decided(c, k, iname, g, written)) != GCN_OK) {
                cJSON_Delete(e);
                break;
            }
            cJSON_AddItemToObject(e, "written", roles_obj(written));
            cJSON_AddStringToObject(e, "erratum", k->erratum);
            mk->differs = 1;
        }
        snprintf(source, sizeof(source), "%s#%s", name, k->name);
        cJSON_AddStringToObject(e, "source", source);
        cJSON_AddItemToArray(list, e);
    }
    if (st != GCN_OK)
        cJSON_Delete(list);
    else
        cJSON_AddItemToObject(insn, "m0", list);
    return st;
}

gcn_status gcn_resolve_ds_m0(const gcn_json_doc *doc, const char *name, const gcn_facts *facts,
                             const gcn_errata *errata, const char *const *gens, size_t ngens,
                             cJSON *instructions, gcn_diag *diag)
{
    static const char *const keys[] = {"schema",    "topic",   "title", "roles",
                                       "documents", "classes", NULL};
    m0_ctx c;
    const cJSON *a = NULL, *o;
    cJSON *insn;
    size_t i;
    gcn_status st;
    memset(&c, 0, sizeof(c));
    c.doc = doc;
    c.diag = diag;
    c.errata = errata;
    c.gens = gens;
    c.ngens = ngens < MAX_GENS ? ngens : MAX_GENS;
    if ((st = gcn_json_only_keys(doc, doc->root, keys, diag)) != GCN_OK ||
        (st = check_roles(&c)) != GCN_OK || (st = read_documents(&c, facts)) != GCN_OK ||
        (st = gcn_json_arr(doc, doc->root, "classes", 1, &a, diag)) != GCN_OK)
        return st;
    for (i = 0; i < errata->n; i++)
        if (errata->v[i].ndecisions > c.used_stride)
            c.used_stride = errata->v[i].ndecisions;
    c.used = calloc(errata->n * c.used_stride + 1, 1);
    c.cls = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*c.cls));
    if (!c.used || !c.cls) {
        st = GCN_ERR_NOMEM;
        goto out;
    }
    cJSON_ArrayForEach(o, a)
    {
        for (i = 0; i < c.ncls; i++)
            if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "class")) &&
                strcmp(c.cls[i].name, cJSON_GetObjectItemCaseSensitive(o, "class")->valuestring) ==
                    0) {
                st = gcn_json_error(doc, o, diag, "two classes are called %s", c.cls[i].name);
                goto out;
            }
        if ((st = read_class(&c, o, errata, instructions, &c.cls[c.ncls])) != GCN_OK)
            goto out;
        c.ncls++;
    }
    cJSON_ArrayForEach(insn, instructions)
    {
        const cJSON *enc = cJSON_GetObjectItemCaseSensitive(insn, "encoding");
        if (cJSON_IsString(enc) && strcmp(enc->valuestring, "DS") == 0 &&
            (st = emit(&c, name, insn)) != GCN_OK)
            goto out;
    }
    /* an "m0" decision that decides no departure is stale */
    for (i = 0; i < errata->n; i++) {
        size_t q;
        for (q = 0; q < errata->v[i].ndecisions; q++)
            if (errata->v[i].decisions[q].op == GCN_DEC_M0 && !c.used[i * c.used_stride + q]) {
                gcn_diag_set(diag, errata->path ? errata->path : "spec/errata.json",
                             errata->v[i].decisions[q].line, 0,
                             "%s: this \"m0\" decision gives no DS instruction of %s its M0 role "
                             "(no class there names %s, or none departs from the documents)",
                             errata->v[i].id, name, errata->v[i].id);
                st = GCN_ERR_CONFLICT;
                goto out;
            }
    }
    for (i = 0; i < c.ncls; i++)
        if (c.cls[i].erratum && !c.cls[i].differs) {
            st = gcn_json_error(doc, c.cls[i].node, diag,
                                "class %s names %s, but every instruction it settles has the "
                                "documents' roles",
                                c.cls[i].name, c.cls[i].erratum);
            goto out;
        }
out:
    free(c.cls);
    free(c.used);
    return st;
}
