#include "variant_evidence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/oracle.h"
#include "util/json.h"

/* A state file's JSON on one line */
static char *compact(char *json)
{
    cJSON *j = json ? cJSON_Parse(json) : NULL;
    char *out = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    free(json);
    return out;
}

static char *ending(gcn_status st, const gcn_wave_state *s, const gcn_wave_state *other)
{
    char buf[128];
    size_t n;
    char *out;
    if (st == GCN_OK)
        return compact(gcn_state_to_json(s, other));
    snprintf(buf, sizeof(buf), "\"fails: %s\"", gcn_status_str(st));
    n = strlen(buf) + 1;
    out = malloc(n);
    if (out)
        memcpy(out, buf, n);
    return out;
}

static int known(const gcn_errata *e, const char *id)
{
    size_t i;
    if (!e)
        return 1;
    for (i = 0; i < e->n; i++)
        if (strcmp(e->v[i].id, id) == 0)
            return 1;
    return 0;
}

gcn_status gcn_variant_evidence_build(const gcn_errata *e, gcn_variant_evidence_set *out,
                                      gcn_diag *diag)
{
    gcn_wave_state *s = malloc(sizeof(*s)), *w = malloc(sizeof(*w)), *c = malloc(sizeof(*c));
    gcn_wave_state *zero = malloc(sizeof(*zero));
    gcn_variant_search_limits lim = {0, 0, 0, 1};
    size_t cap = 0;
    int insn, n = gcn_insn_count();
    gcn_status st = GCN_OK;
    memset(out, 0, sizeof(*out));
    if (!s || !w || !c || !zero)
        st = GCN_ERR_NOMEM;
    for (insn = 0; insn < n && st == GCN_OK; insn++) {
        gcn_variant_witness wit;
        gcn_sem_info info;
        gcn_variant_evidence *v;
        int m0_only;
        if ((st = gcn_variants_search(insn, &lim, s, &wit, diag)) != GCN_OK)
            break;
        if (wit.verdict == GCN_VARIANTS_ONE || wit.verdict == GCN_VARIANTS_ABSENT)
            continue;
        /* the erratum correcting its block, else M0's role where the search found it */
        gcn_sem_info_get(insn, wit.gen, &info);
        m0_only = !info.erratum;
        if (!info.erratum)
            info.erratum = info.m0_erratum;
        if (!info.erratum || !known(e, info.erratum))
            continue;
        if (out->n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            gcn_variant_evidence *nv = realloc(out->v, nc * sizeof(*nv));
            if (!nv) {
                st = GCN_ERR_NOMEM;
                break;
            }
            out->v = nv;
            cap = nc;
        }
        v = &out->v[out->n++];
        memset(v, 0, sizeof(*v));
        snprintf(v->erratum, sizeof(v->erratum), "%s", info.erratum);
        v->m0_only = m0_only;
        snprintf(v->insn, sizeof(v->insn), "%s", info.name);
        v->tried = wit.tried;
        if (wit.verdict == GCN_VARIANTS_REFUSED) {
            snprintf(v->verdict, sizeof(v->verdict), "refused");
            snprintf(v->why, sizeof(v->why), "%s", wit.why ? wit.why : "");
        } else if (wit.verdict == GCN_VARIANTS_NOT_FOUND) {
            snprintf(v->verdict, sizeof(v->verdict), "not-found");
        } else {
            gcn_exec_options o;
            gcn_diag d;
            gcn_status sw, sc;
            snprintf(v->verdict, sizeof(v->verdict), "differ");
            snprintf(v->gen, sizeof(v->gen), "%s", gcn_gen_id(wit.gen));
            snprintf(v->text, sizeof(v->text), "%s", wit.text);
            memset(&o, 0, sizeof(o));
            memcpy(w, s, sizeof(*s));
            memcpy(c, s, sizeof(*s));
            o.variant = GCN_AS_WRITTEN;
            sw = gcn_exec_inst(w, &wit.inst, &o, &d);
            o.variant = GCN_AS_CORRECTED;
            sc = gcn_exec_inst(c, &wit.inst, &o, &d);
            gcn_state_init(zero, wit.gen);
            v->state = compact(gcn_state_to_json(s, zero));
            v->written = ending(sw, w, c);
            v->corrected = ending(sc, c, w);
            if (!v->state || !v->written || !v->corrected)
                st = GCN_ERR_NOMEM;
        }
    }
    free(s);
    free(w);
    free(c);
    free(zero);
    if (st != GCN_OK)
        gcn_variant_evidence_free(out);
    return st;
}
