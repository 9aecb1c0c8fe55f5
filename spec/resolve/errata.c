#include "errata.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/m0.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

static const char *const op_names[] = {
#define GCN_DEC_NAME(e, s) s,
    GCN_DECISION_OP_LIST(GCN_DEC_NAME)
#undef GCN_DEC_NAME
};

const char *gcn_decision_op_name(gcn_decision_op op)
{
    return (unsigned)op < GCN_DEC_COUNT ? op_names[op] : "?";
}

int gcn_genset_has(const gcn_strs *gens, const char *gen)
{
    return gens->n == 0 || gcn_strs_has(gens, gen);
}

static void decision_free(gcn_decision *d)
{
    free(d->encoding);
    free(d->mnemonic);
    gcn_strs_free(&d->gens);
    free(d->from);
    free(d->to);
    free(d->fact);
    free(d->section);
    free(d->field);
    free(d->syntax);
    free(d->code);
    free(d->peer);
    free(d->lds);
    free(d->gds);
}

void gcn_errata_free(gcn_errata *e)
{
    size_t i, k;
    for (i = 0; i < e->n; i++) {
        gcn_erratum *x = &e->v[i];
        free(x->id);
        free(x->title);
        free(x->classification);
        free(x->rationale);
        gcn_strs_free(&x->facts);
        gcn_strs_free(&x->sources);
        for (k = 0; k < x->nquotes; k++) {
            free(x->quotes[k].at);
            free(x->quotes[k].text);
        }
        free(x->quotes);
        for (k = 0; k < x->npeers; k++) {
            free(x->peers[k].peer);
            free(x->peers[k].cmd);
            free(x->peers[k].stdin_text);
            free(x->peers[k].stdout_text);
            free(x->peers[k].stderr_text);
            gcn_strs_free(&x->peers[k].args);
        }
        free(x->peers);
        for (k = 0; k < x->ndecisions; k++)
            decision_free(&x->decisions[k]);
        free(x->decisions);
    }
    free(e->v);
    free(e->path);
    memset(e, 0, sizeof(*e));
}

static gcn_status dup_str(const gcn_json_doc *doc, const cJSON *o, const char *key, int req,
                          char **out, gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, o, key, req, &s, diag);
    if (st == GCN_OK && s) {
        *out = gcn_strdup(s);
        if (!*out)
            return GCN_ERR_NOMEM;
    }
    return st;
}

static gcn_status str_list(const gcn_json_doc *doc, const cJSON *o, const char *key, int req,
                           gcn_strs *out, gcn_diag *diag)
{
    const cJSON *a = NULL, *c;
    gcn_status st = gcn_json_arr(doc, o, key, req, &a, diag);
    if (st != GCN_OK || !a)
        return st;
    cJSON_ArrayForEach(c, a)
    {
        if (!cJSON_IsString(c))
            return gcn_json_error(doc, c, diag, "\"%s\" must list strings", key);
        if (!gcn_strs_push(out, c->valuestring))
            return GCN_ERR_NOMEM;
    }
    return GCN_OK;
}

static const char *const gen_ids[] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", NULL};

static gcn_status check_gens(const gcn_json_doc *doc, const cJSON *o, const gcn_strs *gens,
                             gcn_diag *diag)
{
    size_t i;
    for (i = 0; i < gens->n; i++) {
        const char *const *g;
        int ok = 0;
        for (g = gen_ids; *g; g++)
            if (strcmp(*g, gens->v[i]) == 0)
                ok = 1;
        if (!ok)
            return gcn_json_error(doc, o, diag, "unknown generation \"%s\"", gens->v[i]);
    }
    return GCN_OK;
}

static gcn_status load_decision(const gcn_json_doc *doc, const cJSON *o, const gcn_facts *facts,
                                const gcn_erratum *owner, gcn_decision *d, gcn_diag *diag)
{
    static const char *const keys[] = {"op",   "encoding", "mnemonic", "gens",  "opcode", "from",
                                       "to",   "fact",     "section",  "field", "bits",   "syntax",
                                       "code", "peer",     "lds",      "gds",   NULL};
    static const char *const roles[] = {
#define GCN_M0_ROLE_NAME(e, name) name,
        GCN_M0_ROLE_LIST(GCN_M0_ROLE_NAME)
#undef GCN_M0_ROLE_NAME
            NULL};
    const char *op = NULL;
    unsigned i, col;
    gcn_status st;
    long long v;
    memset(d, 0, sizeof(*d));
    d->opcode = -1;
    d->lo = d->hi = -1;
    gcn_json_where(doc, o, &d->line, &col);
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "a decision must be an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, o, "op", 1, &op, diag)) != GCN_OK)
        return st;
    for (i = 0; i < GCN_DEC_COUNT; i++)
        if (strcmp(op_names[i], op) == 0)
            break;
    if (i == GCN_DEC_COUNT)
        return gcn_json_error(doc, o, diag, "unknown decision \"%s\"", op);
    d->op = (gcn_decision_op)i;
    if ((st = dup_str(doc, o, "encoding", d->op != GCN_DEC_NONE, &d->encoding, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "mnemonic", 0, &d->mnemonic, diag)) != GCN_OK ||
        (st = str_list(doc, o, "gens", 0, &d->gens, diag)) != GCN_OK ||
        (st = check_gens(doc, o, &d->gens, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "from", d->op == GCN_DEC_RENAME, &d->from, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "to", d->op == GCN_DEC_RENAME, &d->to, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "fact", 0, &d->fact, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "section", d->op == GCN_DEC_SECTION || d->op == GCN_DEC_WRITTEN,
                      &d->section, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "field", d->op == GCN_DEC_FIELD, &d->field, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "syntax", d->op == GCN_DEC_SYNTAX, &d->syntax, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "code", d->op == GCN_DEC_SEMANTICS, &d->code, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "peer", d->op == GCN_DEC_PEER_LACKS, &d->peer, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "lds", 0, &d->lds, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "gds", 0, &d->gds, diag)) != GCN_OK)
        return st;
    if (d->op == GCN_DEC_M0) {
        const char *r[2] = {d->lds, d->gds};
        for (i = 0; i < 2; i++) {
            const char *const *k;
            for (k = roles; r[i] && *k && strcmp(*k, r[i]) != 0; k++)
                ;
            if (r[i] && !*k)
                return gcn_json_error(doc, o, diag, "\"%s\" is no role of M0", r[i]);
        }
        if (!d->lds && !d->gds)
            return gcn_json_error(doc, o, diag, "decision \"m0\" needs \"lds\" or \"gds\"");
    } else if (d->lds || d->gds) {
        return gcn_json_error(doc, o, diag, "\"lds\" and \"gds\" belong to decision \"m0\"");
    }
    if ((d->op == GCN_DEC_OPCODE || d->op == GCN_DEC_ABSENT || d->op == GCN_DEC_SECTION ||
         d->op == GCN_DEC_SYNTAX || d->op == GCN_DEC_SEMANTICS || d->op == GCN_DEC_WRITTEN ||
         d->op == GCN_DEC_PEER_LACKS) &&
        !d->mnemonic)
        return gcn_json_error(doc, o, diag, "decision \"%s\" needs \"mnemonic\"", op);
    if (d->op == GCN_DEC_OPCODE) {
        /* the widest opcode field is VOP3's on GCN 1.2/1.4 (bits 16-25); the resolver's field
         * checks hold a value to its own encoding's field */
        if ((st = gcn_json_int(doc, o, "opcode", 1, 0, 1023, &v, diag)) != GCN_OK)
            return st;
        d->opcode = (long)v;
    }
    if (d->op == GCN_DEC_FIELD) {
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "bits");
        if (!b)
            return gcn_json_error(doc, o, diag,
                                  "decision \"field\" needs \"bits\" ([lo, hi] or "
                                  "null to remove the field)");
        if (!cJSON_IsNull(b)) {
            if (!cJSON_IsArray(b) || cJSON_GetArraySize(b) != 2 || !cJSON_IsNumber(b->child) ||
                !cJSON_IsNumber(b->child->next))
                return gcn_json_error(doc, b, diag, "\"bits\" must be [lo, hi] or null");
            d->lo = (long)b->child->valuedouble;
            d->hi = (long)b->child->next->valuedouble;
            if (d->lo < 0 || d->hi < d->lo || d->hi > 127)
                return gcn_json_error(doc, b, diag, "\"bits\" [%ld, %ld] is not a bit range", d->lo,
                                      d->hi);
        }
    }
    if (d->fact && !gcn_strs_has(&owner->facts, d->fact))
        return gcn_json_error(doc, o, diag, "\"fact\" \"%s\" must be among the erratum's facts",
                              d->fact);
    if (d->section && !gcn_facts_find(facts, d->section))
        return gcn_json_error(doc, o, diag, "\"section\": no fact \"%s\" (facts.json drifted?)",
                              d->section);
    if (d->section && !gcn_strs_has(&owner->facts, d->section))
        return gcn_json_error(
            doc, o, diag, "\"section\" \"%s\" must also be among the erratum's facts", d->section);
    return GCN_OK;
}

static gcn_status load_peer(const gcn_json_doc *doc, const cJSON *o, gcn_peer_run *p,
                            gcn_diag *diag)
{
    static const char *const keys[] = {"peer", "args", "stdin", "cmd", "stdout", "stderr", NULL};
    gcn_status st;
    memset(p, 0, sizeof(*p));
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "peer evidence must be an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "peer", 1, &p->peer, diag)) != GCN_OK ||
        (st = str_list(doc, o, "args", 1, &p->args, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "stdin", 1, &p->stdin_text, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "cmd", 1, &p->cmd, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "stdout", 1, &p->stdout_text, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "stderr", 1, &p->stderr_text, diag)) != GCN_OK)
        return st;
    return GCN_OK;
}

static gcn_status load_erratum(const gcn_json_doc *doc, const cJSON *o, const gcn_facts *facts,
                               gcn_erratum *x, gcn_diag *diag)
{
    static const char *const keys[] = {"id",        "title",     "category",
                                       "facts",     "evidence",  "classification",
                                       "decisions", "rationale", NULL};
    static const char *const classes[] = {
#define GCN_CLASS_NAME(id, text) id,
        GCN_CLASSIFICATION_LIST(GCN_CLASS_NAME)
#undef GCN_CLASS_NAME
            NULL};
    const char *cat = NULL;
    const cJSON *ev = NULL, *a = NULL, *c;
    const char *const *k;
    unsigned col;
    size_t i;
    int ok = 0;
    gcn_status st;
    gcn_json_where(doc, o, &x->line, &col);
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "an erratum must be an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "id", 1, &x->id, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "title", 1, &x->title, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "classification", 1, &x->classification, diag)) != GCN_OK ||
        (st = dup_str(doc, o, "rationale", 1, &x->rationale, diag)) != GCN_OK ||
        (st = str_list(doc, o, "facts", 1, &x->facts, diag)) != GCN_OK)
        return st;
    /* "category": one id, or a list when one defect shows as findings of several kinds */
    {
        const cJSON *cj = cJSON_GetObjectItemCaseSensitive(o, "category"), *ci;
        if (!cj)
            return gcn_json_error(doc, o, diag, "%s: missing required key \"category\"", x->id);
        if (cJSON_IsString(cj)) {
            cat = cj->valuestring;
            if (!gcn_finding_cat_from_id(cat, &x->category))
                return gcn_json_error(doc, cj, diag, "%s: unknown category \"%s\"", x->id, cat);
            x->categories = 1u << x->category;
        } else if (cJSON_IsArray(cj) && cJSON_GetArraySize(cj) > 0) {
            cJSON_ArrayForEach(ci, cj)
            {
                gcn_finding_cat one;
                if (!cJSON_IsString(ci) || !gcn_finding_cat_from_id(ci->valuestring, &one))
                    return gcn_json_error(doc, ci, diag, "%s: unknown category", x->id);
                if (!x->categories)
                    x->category = one;
                x->categories |= 1u << one;
            }
        } else {
            return gcn_json_error(doc, cj, diag,
                                  "%s: \"category\" must be a category or a list of them", x->id);
        }
    }
    for (k = classes; *k; k++)
        if (strcmp(*k, x->classification) == 0)
            ok = 1;
    if (!ok)
        return gcn_json_error(doc, o, diag, "%s: unknown classification \"%s\"", x->id,
                              x->classification);
    for (i = 0; i < x->facts.n; i++)
        if (!gcn_facts_find(facts, x->facts.v[i]))
            return gcn_json_error(doc, o, diag, "%s cites fact \"%s\", which facts.json lacks",
                                  x->id, x->facts.v[i]);
    if ((st = gcn_json_obj(doc, o, "evidence", 1, &ev, diag)) != GCN_OK)
        return st;
    {
        static const char *const ekeys[] = {"quotes", "peers", "sources", NULL};
        if ((st = gcn_json_only_keys(doc, ev, ekeys, diag)) != GCN_OK ||
            (st = str_list(doc, ev, "sources", 0, &x->sources, diag)) != GCN_OK)
            return st;
    }
    if ((st = gcn_json_arr(doc, ev, "quotes", 1, &a, diag)) != GCN_OK)
        return st;
    x->quotes = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->quotes));
    if (!x->quotes)
        return GCN_ERR_NOMEM;
    cJSON_ArrayForEach(c, a)
    {
        gcn_quote *q = &x->quotes[x->nquotes++];
        const gcn_fact *hit = NULL;
        size_t j;
        if ((st = dup_str(doc, c, "at", 1, &q->at, diag)) != GCN_OK ||
            (st = dup_str(doc, c, "text", 1, &q->text, diag)) != GCN_OK)
            return st;
        /* the quote must be in a fact written at that place (file:line, any line of a
         * multi-line fact) */
        {
            const char *colon = strrchr(q->at, ':');
            char *end = NULL;
            unsigned long l = colon ? strtoul(colon + 1, &end, 10) : 0;
            size_t flen = colon ? (size_t)(colon - q->at) : 0;
            if (colon && end != colon + 1 && !*end && isdigit((unsigned char)colon[1]))
                for (j = 0; j < facts->n && !hit; j++) {
                    const gcn_fact *fx = &facts->v[j];
                    if (strncmp(fx->file, q->at, flen) == 0 && !fx->file[flen] &&
                        (l == fx->line || (l >= fx->line && l <= fx->last_line)) && fx->text &&
                        strstr(fx->text, q->text))
                        hit = fx;
                }
        }
        if (!hit)
            return gcn_json_error(doc, c, diag, "%s: quote \"%s\" is not what %s says", x->id,
                                  q->text, q->at);
    }
    a = NULL;
    if ((st = gcn_json_arr(doc, ev, "peers", 0, &a, diag)) != GCN_OK)
        return st;
    if (a) {
        x->peers = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->peers));
        if (!x->peers)
            return GCN_ERR_NOMEM;
        cJSON_ArrayForEach(c, a)
        {
            if ((st = load_peer(doc, c, &x->peers[x->npeers++], diag)) != GCN_OK)
                return st;
        }
    }
    a = NULL;
    if ((st = gcn_json_arr(doc, o, "decisions", 1, &a, diag)) != GCN_OK)
        return st;
    x->decisions = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof(*x->decisions));
    if (!x->decisions)
        return GCN_ERR_NOMEM;
    cJSON_ArrayForEach(c, a)
    {
        if ((st = load_decision(doc, c, facts, x, &x->decisions[x->ndecisions++], diag)) != GCN_OK)
            return st;
    }
    if (!x->ndecisions)
        return gcn_json_error(doc, o, diag, "%s has no decision (use {\"op\": \"none\"})", x->id);
    return GCN_OK;
}

gcn_status gcn_errata_load(gcn_errata *e, const char *path, const gcn_facts *facts, gcn_diag *diag)
{
    gcn_json_doc doc;
    const cJSON *list = NULL, *c;
    const char *schema = NULL;
    char *text = NULL;
    size_t len = 0, i, j;
    gcn_status st;
    memset(e, 0, sizeof(*e));
    if ((st = gcn_read_file(path, &text, &len, diag)) != GCN_OK)
        return st;
    gcn_sha256_hex(text, len, e->sha256);
    st = gcn_json_parse(&doc, path, text, len, diag);
    free(text);
    if (st != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    e->path = gcn_strdup(path);
    if (!cJSON_IsObject(doc.root)) {
        st = gcn_json_error(&doc, doc.root, diag, "errata must be a JSON object");
        goto out;
    }
    if ((st = gcn_json_str(&doc, doc.root, "schema", 1, &schema, diag)) != GCN_OK)
        goto out;
    if (strcmp(schema, "gcnspec-errata/1") != 0) {
        st = gcn_json_error(&doc, doc.root, diag, "unknown schema \"%s\"", schema);
        goto out;
    }
    if ((st = gcn_json_arr(&doc, doc.root, "errata", 1, &list, diag)) != GCN_OK)
        goto out;
    e->v = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(*e->v));
    if (!e->v) {
        st = GCN_ERR_NOMEM;
        goto out;
    }
    cJSON_ArrayForEach(c, list)
    {
        st = load_erratum(&doc, c, facts, &e->v[e->n++], diag);
        if (st != GCN_OK)
            goto out;
    }
    for (i = 0; i < e->n; i++)
        for (j = i + 1; j < e->n; j++)
            if (strcmp(e->v[i].id, e->v[j].id) == 0) {
                gcn_diag_set(diag, path, e->v[j].line, 0, "duplicate erratum id \"%s\"",
                             e->v[j].id);
                st = GCN_ERR_INVALID;
                goto out;
            }
out:
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, path, 0, 0, "out of memory");
    gcn_json_free(&doc);
    if (st != GCN_OK)
        gcn_errata_free(e);
    return st;
}

const gcn_erratum *gcn_errata_settling(const gcn_errata *e, const gcn_finding *f)
{
    size_t i, k;
    for (i = 0; i < e->n; i++) {
        const gcn_erratum *x = &e->v[i];
        int all = 1;
        if (!(x->categories & (1u << f->cat)))
            continue;
        for (k = 0; k < f->facts.n && all; k++)
            if (!gcn_strs_has(&x->facts, f->facts.v[k]))
                all = 0;
        if (all && f->facts.n)
            return x;
    }
    return NULL;
}
