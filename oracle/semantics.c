/* The one file that includes the generated semantics (gen/gcngen semantics ->
 * gcn_semantics.inc), written against sem_rt.h. */
#include "oracle_internal.h"

/* semantics.none: the instruction changes nothing the oracle models */
static gcn_status gs_no_effect(gs_ctx *x)
{
    return x->status;
}

#include "gcn_semantics.inc"

const gs_table *gcn_gs_table_get(void)
{
    return &gs_table_data;
}

const char *gcn_m0_role_name(gcn_m0_role role)
{
    static const char *const names[] = {
#define GS_M0_ROLE_NAME(e, name) name,
        GCN_M0_ROLE_LIST(GS_M0_ROLE_NAME)
#undef GS_M0_ROLE_NAME
    };
    return (unsigned)role < GCN_M0_ROLE_COUNT ? names[role] : "?";
}

const char *gcn_sem_spec_sha256(void)
{
    return gs_table_data.sha256;
}

gcn_status gcn_sem_info_get(int insn, int gen, gcn_sem_info *out)
{
    const gs_table *t = &gs_table_data;
    const gs_meta *m;
    unsigned v, from;
    if (insn < 0 || (unsigned)insn >= t->ninsns || gen < 0 || (unsigned)gen >= t->ngens)
        return GCN_ERR_INVALID;
    m = &t->meta[insn];
    memset(out, 0, sizeof(*out));
    out->name = m->name;
    out->encoding = m->encoding;
    /* v: the generated tables' index (0 written, 1 corrected); out's arrays are [gcn_variant] */
    for (v = 0; v < 2; v++) {
        gcn_variant pv = v ? GCN_AS_CORRECTED : GCN_AS_WRITTEN;
        out->status[pv] =
            (gcn_sem_status)t->status[((unsigned)gen * t->ninsns + (unsigned)insn) * 2 + v];
        out->why[pv] = out->status[pv] == GCN_SEM_COMPILED ? NULL
                       : m->why[v]                         ? m->why[v]
                                                           : m->why[0];
    }
    out->written_at = m->written_at;
    out->erratum = m->erratum;
    {
        size_t at = (size_t)gen * t->ninsns + (size_t)insn;
        uint8_t m0 = t->m0[at];
        for (v = 0; v < 2; v++) {
            uint8_t r = GS_M0_OF(m0, v);
            out->m0[v ? GCN_AS_CORRECTED : GCN_AS_WRITTEN][GCN_M0_LDS] = (gcn_m0_role)(r & 3u);
            out->m0[v ? GCN_AS_CORRECTED : GCN_AS_WRITTEN][GCN_M0_GDS] = (gcn_m0_role)(r >> 2);
        }
        out->m0_erratum = t->m0_erratum[at];
        out->corrected = m->corrected || GS_M0_OF(m0, 0) != GS_M0_OF(m0, 1);
    }
    from = m->corrected ? 1 : 0;
    out->atomic = m->atomic[from];
    out->wave_level = m->wave[from];
    return GCN_OK;
}
