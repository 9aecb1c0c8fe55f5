/* The one file that includes the generated semantics (gen/gcngen semantics ->
 * gcn_semantics.inc), written against sem_rt.h. */
#include "oracle_internal.h"

/* semantics.none: the instruction changes nothing the oracle models */
static gcn_status gs_no_effect(gs_ctx *x)
{
    return x->status;
}

#include "gcn_semantics.inc"

const gs_table *gs_table_get(void)
{
    return &gs_table_data;
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
    for (v = 0; v < 2; v++) {
        out->status[v] =
            (gcn_sem_status)t->status[((unsigned)gen * t->ninsns + (unsigned)insn) * 2 + v];
        out->why[v] = out->status[v] == GCN_SEM_COMPILED ? NULL : m->why[v] ? m->why[v] : m->why[0];
    }
    out->written_at = m->written_at;
    out->erratum = m->erratum;
    out->corrected = m->corrected;
    from = m->corrected ? 1 : 0;
    out->atomic = m->atomic[from];
    out->wave_level = m->wave[from];
    return GCN_OK;
}
