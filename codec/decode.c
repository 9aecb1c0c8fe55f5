#include <string.h>

#include "codec_internal.h"

int codec_scalar_reg_ok(const gcn_tables *t, unsigned gen, unsigned code, unsigned regs, int dst)
{
    const gcn_scalar_row *r;
    unsigned k;
    if (code > 255)
        return 0;
    r = codec_scalar(t, gen, code);
    if (dst ? !r->dst : !r->src)
        return 0;
    if (r->sclass != GCN_SC_SGPR && r->sclass != GCN_SC_SPECIAL && r->sclass != GCN_SC_TTMP)
        return 0;
    if (regs == 1)
        return r->name32 != NULL;
    if (regs == 2)
        return r->pair;
    /* wider tuples: SGPRs or TTMPs, 4-aligned, all of one class */
    if ((r->sclass != GCN_SC_SGPR && r->sclass != GCN_SC_TTMP) || (r->index & 3) ||
        code + regs - 1 > 255)
        return 0;
    for (k = 1; k < regs; k++) {
        const gcn_scalar_row *n = codec_scalar(t, gen, code + k);
        if (n->sclass != r->sclass || n->index != r->index + (int)k)
            return 0;
    }
    return 1;
}

/* A source operand (SSRC0): a register, an inline constant, a condition, or the literal. */
static int ssrc_ok(const gcn_tables *t, unsigned gen, unsigned code, unsigned regs, int *literal)
{
    const gcn_scalar_row *r = codec_scalar(t, gen, code);
    if (!r->src)
        return 0;
    switch (r->sclass) {
    case GCN_SC_LITERAL:
        *literal = 1;
        return 1;
    case GCN_SC_INLINE_INT:
    case GCN_SC_INLINE_FLOAT:
        return 1;
    case GCN_SC_COND:
        return regs == 1 ? r->name32 != NULL : r->name64 != NULL;
    default:
        return codec_scalar_reg_ok(t, gen, code, regs, 0);
    }
}

int64_t codec_smem_imm(const gcn_operand_row *op, const gcn_layout_row *l, unsigned gen,
                       uint64_t raw)
{
    unsigned w = l->slot[op->slot].width;
    if ((op->signed_gens >> gen) & 1 && w && w < 64 && (raw >> (w - 1)) & 1)
        return (int64_t)(raw | ~((1ull << w) - 1));
    return (int64_t)raw;
}

int codec_inline_code(const gcn_tables *t, unsigned gen, int64_t v, unsigned regs)
{
    unsigned c;
    if (regs == 1 && v >= 0x80000000ll && v <= 0xffffffffll)
        v -= 0x100000000ll;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *r = codec_scalar(t, gen, c);
        if (!r->src)
            continue;
        if (r->sclass == GCN_SC_INLINE_INT && r->ivalue == v)
            return (int)c;
        if (r->sclass == GCN_SC_INLINE_FLOAT &&
            ((regs == 1 && (uint32_t)v == r->f32) || (regs == 2 && (uint64_t)v == r->f64)))
            return (int)c;
    }
    return -1;
}

static int fits_slot(const gcn_layout_row *l, unsigned slot, uint32_t v)
{
    unsigned w = slot == GCN_NO_SLOT ? 0 : l->slot[slot].width;
    return w >= 32 || (uint64_t)v < (1ull << w);
}

gcn_status codec_check_operands(const gcn_tables *t, const gcn_inst *in, int *literal)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_layout_row *l = codec_layout(t, in->gen, row->encoding);
    unsigned i;
    *literal = 0;
    /* every field the instruction uses holds its value (nothing is cut at encoding) */
    for (i = 0; i < row->nmodifiers; i++)
        if ((row->modifier[i].gens >> in->gen) & 1 &&
            !fits_slot(l, row->modifier[i].slot, in->field[row->modifier[i].slot]))
            return GCN_ERR_OPERAND;
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        uint32_t v = in->field[op->slot];
        unsigned k;
        if (!fits_slot(l, op->slot, v))
            return GCN_ERR_OPERAND;
        for (k = 0; k < 3; k++)
            if (op->aux[k] != GCN_NO_SLOT && !fits_slot(l, op->aux[k], in->field[op->aux[k]]))
                return GCN_ERR_OPERAND;
        switch (op->kind) {
        case GCN_KIND_VGPR:
            if (v + op->regs - 1 > 255)
                return GCN_ERR_OPERAND;
            break;
        case GCN_KIND_SDST:
        case GCN_KIND_SGPR:
            if (!codec_scalar_reg_ok(t, in->gen, v, op->regs, 1))
                return GCN_ERR_OPERAND;
            break;
        case GCN_KIND_SSRC:
            if (!ssrc_ok(t, in->gen, v, op->regs, literal))
                return GCN_ERR_OPERAND;
            break;
        case GCN_KIND_SBASE:
            if (!codec_scalar_reg_ok(t, in->gen, v * 2, op->regs, 0))
                return GCN_ERR_OPERAND;
            break;
        case GCN_KIND_SMEM_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            int soe =
                op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
            /* OFFSET (IMM=0) and SOFFSET hold SGPR numbers: registers of the 7-bit range */
            if (!imm && !codec_scalar_reg_ok(t, in->gen, v, 1, 1))
                return GCN_ERR_OPERAND;
            if (soe && (op->aux[2] == GCN_NO_SLOT ||
                        !codec_scalar_reg_ok(t, in->gen, in->field[op->aux[2]], 1, 1)))
                return GCN_ERR_OPERAND;
            break;
        }
        case GCN_KIND_SMRD_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            if (!imm) {
                const gcn_scalar_row *r = codec_scalar(t, in->gen, v);
                if (r->sclass == GCN_SC_LITERAL && (op->literal_gens >> in->gen) & 1)
                    *literal = 1;
                else if (!codec_scalar_reg_ok(t, in->gen, v, 1, 0))
                    return GCN_ERR_OPERAND;
            }
            break;
        }
        case GCN_KIND_IMM:
            break;
        default:
            return GCN_ERR_OPERAND;
        }
    }
    return GCN_OK;
}

gcn_status gcn_decode(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l = NULL;
    uint64_t w, opcode;
    unsigned e, i;
    int literal = 0;
    uint16_t insn;
    gcn_status st;
    if (gen < 0 || (unsigned)gen >= t->ngens || !bytes || !out)
        return GCN_ERR_INVALID;
    if (len < 4)
        return GCN_ERR_TRUNCATED;
    w = codec_load(bytes, len < 8 ? len : 8);
    for (e = 0; e < t->nencodings; e++) {
        const gcn_layout_row *c = codec_layout(t, (unsigned)gen, e);
        if (c->present && (w & c->match_mask & 0xffffffffull) ==
                              (c->match_value & c->match_mask & 0xffffffffull)) {
            l = c;
            break;
        }
    }
    if (!l)
        return GCN_ERR_NO_ENCODING;
    if (len < l->bytes)
        return GCN_ERR_TRUNCATED;
    if (l->bytes < 8)
        w &= 0xffffffffull;
    opcode = codec_get(w, l->slot[l->opcode_slot]);
    insn = opcode < l->opcode_count ? l->opcode_map[opcode] : GCN_NO_INSN;
    if (insn == GCN_NO_INSN)
        return GCN_ERR_NO_OPCODE;
    memset(out, 0, sizeof(*out));
    out->insn = insn;
    out->gen = (uint8_t)gen;
    out->encoding = (uint8_t)e;
    out->size = l->bytes;
    for (i = 0; i < t->encodings[e].nslots; i++)
        out->field[i] = (uint32_t)codec_get(w, l->slot[i]);
    st = codec_check_operands(t, out, &literal);
    if (st != GCN_OK)
        return st;
    if (literal) {
        if (len < (size_t)l->bytes + 4)
            return GCN_ERR_TRUNCATED;
        out->has_literal = 1;
        out->literal = (uint32_t)codec_load(bytes + l->bytes, 4);
        out->size = (uint8_t)(l->bytes + 4);
    }
    return GCN_OK;
}
