#include "codec_internal.h"

gcn_status gcn_encode(const gcn_inst *in, uint8_t *out, size_t cap, size_t *len)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    uint64_t w;
    unsigned i;
    int literal = 0;
    gcn_status st;
    if (!in || !out || !len || in->gen >= t->ngens || in->insn >= t->ninsns)
        return GCN_ERR_INVALID;
    row = &t->insns[in->insn];
    l = codec_layout(t, in->gen, row->encoding);
    if (!l->present || row->opcode[in->gen] == GCN_NO_INSN)
        return GCN_ERR_NO_OPCODE;
    st = codec_check_fields(t, in);
    if (st == GCN_OK)
        st = codec_check_operands(t, in, &literal);
    if (st != GCN_OK)
        return st;
    if (cap < (size_t)l->bytes + (literal ? 4 : 0))
        return GCN_ERR_TRUNCATED;
    /* Only the fields the instruction uses are written: the others (and bits no field
     * covers) are zero, which is the canonical form. */
    w = l->match_value;
    for (i = 0; i < row->nfetch; i++)
        if ((row->fetch_gens[i] >> in->gen) & 1)
            w = codec_put(w, l->slot[row->fetch[i]], in->field[row->fetch[i]]);
    w = codec_put(w, l->slot[l->opcode_slot], row->opcode[in->gen]);
    for (i = 0; i < l->bytes; i++)
        out[i] = (uint8_t)(w >> (8 * i));
    *len = l->bytes;
    if (literal) {
        for (i = 0; i < 4; i++)
            out[l->bytes + i] = (uint8_t)(in->literal >> (8 * i));
        *len += 4;
    }
    return GCN_OK;
}
