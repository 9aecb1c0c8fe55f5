#include <string.h>

#include "codec_internal.h"

#define EMIT_FIELD(k)                                                                              \
    do {                                                                                           \
        unsigned s_ = gcn_fast_slot(f, k);                                                         \
        uint32_t v_ = in->field[s_];                                                               \
        over |= v_ & ~gcn_width_mask(f->slot_w[s_]);                                               \
        w |= (uint64_t)v_ << f->slot_lo[s_];                                                       \
    } while (0)

gcn_status gcn_codec_emit(const gcn_tables *t, const gcn_inst *in, int literal, uint8_t *out,
                          size_t cap, size_t *len)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_layout_row *l = codec_layout(t, in->gen, row->encoding);
    /* Only the fields the instruction uses on the generation are written, each checked to fit:
     * the others (and bits no field covers) are zero, which is the canonical form. They are the
     * decoder's fetch steps (its fast plan, the same fields as its plan row) taken the other way:
     * a step that repeats the last one changes nothing. */
    const gcn_fast_plan *f = &t->fast_plans[(unsigned)in->gen * t->ninsns + in->insn];
    uint64_t w = codec_put(l->match_value, l->slot[l->opcode_slot], row->opcode[in->gen]);
    uint32_t over = 0;
    unsigned i;
    switch (f->nfetch) {
    case 16: {
        /* more fields than a fast plan orders (MUBUF's 12): the plan row's, one by one */
        const gcn_plan_row *p = &t->plans[(unsigned)in->gen * t->ninsns + in->insn];
        for (i = 0; i < p->n; i++) {
            uint32_t v = in->field[p->op[i].slot];
            over |= v & ~gcn_width_mask(p->op[i].width);
            w |= (uint64_t)v << p->op[i].lo;
        }
        break;
    }
    case 8:
        EMIT_FIELD(7);
        EMIT_FIELD(6);
        EMIT_FIELD(5);
        EMIT_FIELD(4);
        /* fall through */
    case 4:
        EMIT_FIELD(3);
        EMIT_FIELD(2);
        /* fall through */
    case 2:
        EMIT_FIELD(1);
        EMIT_FIELD(0);
        /* fall through */
    default:
        break;
    }
    if (over)
        return GCN_ERR_OPERAND;
    if (!(f->flags & GCN_FAST_OK) || (f->flags & (GCN_FAST_UNMODELLED | GCN_FAST_SLOW))) {
        /* a plan with refused bits (the others have none: test_decode_fast): a field value that
         * sets one (op_sel's SRC2 bit on an instruction of two sources) makes a word the
         * decoder refuses, so it is no instruction to encode either */
        const gcn_plan_row *p = &t->plans[(unsigned)in->gen * t->ninsns + in->insn];
        if (w & p->zero)
            return GCN_ERR_OPERAND;
        if ((w ^ p->ones) & p->unmodelled)
            return GCN_ERR_NO_ENCODING;
    }
    if (cap < (size_t)l->bytes + (literal ? 4 : 0))
        return GCN_ERR_TRUNCATED;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* one store for a word without a literal */
    if (!literal && l->bytes == 8) {
        memcpy(out, &w, 8);
        *len = 8;
        return GCN_OK;
    }
    if (!literal && l->bytes == 4) {
        uint32_t w4 = (uint32_t)w;
        memcpy(out, &w4, 4);
        *len = 4;
        return GCN_OK;
    }
#endif
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

gcn_status gcn_encode(const gcn_inst *in, uint8_t *out, size_t cap, size_t *len)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_insn_row *row;
    int literal = 0;
    gcn_status st;
    if (!in || !out || !len || in->gen >= t->ngens || in->insn >= t->ninsns)
        return GCN_ERR_INVALID;
    row = &t->insns[in->insn];
    if (!codec_layout(t, in->gen, row->encoding)->present || row->opcode[in->gen] == GCN_NO_INSN)
        return GCN_ERR_NO_OPCODE;
    st = gcn_codec_check_operands(t, in, &literal);
    if (st != GCN_OK)
        return st;
    return gcn_codec_emit(t, in, literal, out, cap, len);
}
