#include "enc_cases.h"

#include <string.h>

#include "codec/codec_internal.h"

typedef struct gen_ctx {
    const gcn_tables *t;
    int gen;
    int (*fn)(const gcn_enc_case *, void *);
    void *ctx;
    size_t count;
    int stop;
} gen_ctx;

static void emit_as(gen_ctx *g, const gcn_inst *in, const char *what, const char *slot,
                    int canonical)
{
    gcn_enc_case c;
    const gcn_insn_row *row = &g->t->insns[in->insn];
    unsigned i;
    int literal = 0;
    if (g->stop)
        return;
    c.inst = *in;
    /* an operand its flag leaves out holds nothing (as the decoder reads such a word) */
    for (i = 0; i < row->noperands; i++)
        if (gcn_operand_absent(&row->operand[i], c.inst.field))
            c.inst.field[row->operand[i].slot] = 0;
    in = &c.inst;
    /* only well-formed instructions: the operand checks of the codec decide */
    if (gcn_codec_check_fields(g->t, in) != GCN_OK ||
        gcn_codec_check_operands(g->t, in, &literal) != GCN_OK)
        return;
    c.inst.has_literal = (uint8_t)literal;
    if (!literal)
        c.inst.literal = 0;
    c.inst.size = (uint8_t)(codec_layout(g->t, in->gen, in->encoding)->bytes + (literal ? 4 : 0));
    c.what = what;
    c.slot = slot;
    c.canonical = canonical;
    g->count++;
    if (g->fn(&c, g->ctx))
        g->stop = 1;
}

static void emit(gen_ctx *g, const gcn_inst *in, const char *what, const char *slot)
{
    emit_as(g, in, what, slot, 1);
}

/* The first code, at or after `from`, that is a valid register of `regs` for the kind. */
static int first_reg(const gcn_tables *t, unsigned gen, unsigned from, unsigned regs, int dst)
{
    unsigned c;
    for (c = from; c < 256; c++)
        if (codec_scalar_reg_ok(t, gen, c, regs, dst))
            return (int)c;
    for (c = 0; c < from && c < 256; c++)
        if (codec_scalar_reg_ok(t, gen, c, regs, dst))
            return (int)c;
    return -1;
}

static uint32_t mask_of(unsigned width)
{
    return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

/* A valid base form: registers away from the ends, immediates small, required flags set. */
static void base(gen_ctx *g, const gcn_insn_row *row, const gcn_layout_row *l, gcn_inst *in)
{
    /* one scalar value per VALU instruction (its plan's constant bus): a second scalar source
     * (V_WRITELANE_B32's lane) reads an inline constant, so that the cases of the first keep
     * the rule */
    int cbus = g->t->plans[(unsigned)in->gen * g->t->ninsns + in->insn].cbus.n != 0, scalars = 0;
    unsigned i;
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        int c;
        switch (op->kind) {
        case GCN_KIND_VGPR:
            in->field[op->slot] = 1 + 8 * i;
            break;
        case GCN_KIND_SDST:
        case GCN_KIND_SGPR:
            c = first_reg(g->t, in->gen, 8 + 16 * i, op->regs, 1);
            in->field[op->slot] = c < 0 ? 0 : (uint32_t)c;
            break;
        case GCN_KIND_SSRC:
            c = first_reg(g->t, in->gen, 8 + 16 * i, op->regs, 0);
            if (cbus && scalars++)
                c = gcn_codec_inline_code(g->t, in->gen, (int64_t)i, op->regs);
            in->field[op->slot] = c < 0 ? 0 : (uint32_t)c;
            break;
        case GCN_KIND_SBASE:
            c = first_reg(g->t, in->gen, 40, op->regs, 0);
            in->field[op->slot] = c < 0 ? 0 : (uint32_t)c / 2;
            break;
        case GCN_KIND_VSRC:
        case GCN_KIND_VSRC_VGPR:
            in->field[op->slot] = 256 + 1 + 8 * i; /* a VGPR */
            break;
        case GCN_KIND_SMEM_OFFSET:
        case GCN_KIND_SMRD_OFFSET:
            in->field[op->slot] = 4;
            if (op->aux[0] != GCN_NO_SLOT)
                in->field[op->aux[0]] = 1;
            break;
        case GCN_KIND_IMM:
            in->field[op->slot] = 1 & mask_of(l->slot[op->slot].width);
            break;
        case GCN_KIND_VDATA_MIMG:
            /* an image's data: one component (a gather4's picks it, an atomic's dword) */
            in->field[op->aux[0]] = 1;
            break;
        default:
            break;
        }
    }
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        if (m->required)
            in->field[m->slot] = 1;
        /* a buffer format: its parts' defaults, the form written without it */
        if (m->format == GCN_FMT_BUF_FORMAT) {
            in->field[m->slot] = g->t->buf_formats[in->gen].dfmt_default;
            in->field[m->slot2] = g->t->buf_formats[in->gen].nfmt_default;
        }
        /* a modifier whose bits are 1 by default (VOP3P's op_sel_hi): all of them */
        if (m->format == GCN_FMT_SRC_BITS && m->default_ones) {
            in->field[m->slot] = mask_of(l->slot[m->slot].width);
            if (m->slot2 != GCN_NO_SLOT)
                in->field[m->slot2] = mask_of(l->slot[m->slot2].width);
        }
    }
    /* operands written with a flag: the base form writes them */
    for (i = 0; i < row->noperands; i++)
        if (row->operand[i].when != GCN_NO_SLOT)
            in->field[row->operand[i].when] = 1;
}

/* Every code the scalar operand can hold: registers of the width, and for sources the inline
 * constants, conditions and the literal (with two literal values). */
static void scalar_codes(gen_ctx *g, const gcn_inst *b, const gcn_operand_row *op, int dst,
                         const char *slot)
{
    unsigned c;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *r = codec_scalar(g->t, (unsigned)g->gen, c);
        gcn_inst in = *b;
        in.field[op->slot] = c;
        if (codec_scalar_reg_ok(g->t, (unsigned)g->gen, c, op->regs, dst)) {
            emit(g, &in,
                 r->sclass == GCN_SC_SGPR   ? "sgpr"
                 : r->sclass == GCN_SC_TTMP ? "ttmp"
                                            : "special",
                 slot);
        } else if (!dst && r->src) {
            if (r->sclass == GCN_SC_LITERAL &&
                (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16)) {
                /* a 16-bit source: 16-bit literals */
                in.literal = 0x1234u;
                emit(g, &in, "literal", slot);
                /* -16 as a 16-bit operand reads it: an inline constant's value */
                in.literal = 0xfff0u;
                emit_as(g, &in, "literal", slot, 0);
                if (op->format == GCN_FMT_F16) {
                    /* a half reads 0x3800 as 0.5, an inline constant's value */
                    in.literal = 0x3800u;
                    emit_as(g, &in, "literal", slot, 0);
                }
            } else if (r->sclass == GCN_SC_LITERAL) {
                in.literal = 0x12345678u;
                emit(g, &in, "literal", slot);
                /* -16 as a 32-bit operand reads it: an inline constant's value */
                in.literal = 0xfffffff0u;
                emit_as(g, &in, "literal", slot, op->regs != 1);
            } else if (r->sclass == GCN_SC_INLINE_INT) {
                emit(g, &in, "inline-int", slot);
            } else if (r->sclass == GCN_SC_INLINE_FLOAT) {
                emit(g, &in, "inline-float", slot);
            } else if (r->sclass == GCN_SC_COND) {
                emit(g, &in, "cond", slot);
            }
        }
    }
}

/* The symbolic 16-bit immediates: each value LLVM names and the forms it falls back to, made
 * canonical as the decoder makes them (the bits their text leaves out cleared). */
static void simm16_cases(gen_ctx *g, const gcn_inst *b, const gcn_operand_row *op, const char *slot)
{
    const gcn_simm16_row *r = &g->t->simm16[g->gen];
    gcn_inst in = *b;
    uint32_t v[160];
    size_t n = 0, k;
    unsigned i, j;
    if (op->format == GCN_FMT_WAITCNT) {
        /* no wait, wait for all, each counter alone at 0 and at 1, every bit set */
        static const uint32_t w[] = {0x0000, 0xffff, 0x0f7f, 0x0f70, 0x0f0f, 0x007f, 0x0f71,
                                     0x0f1f, 0x017f, 0xcf7f, 0x3f7f, 0x1234, 0x4f7f};
        for (k = 0; k < sizeof(w) / sizeof(w[0]); k++)
            v[n++] = w[k];
    } else if (op->format == GCN_FMT_SENDMSG) {
        /* every message with every operation and streams 0 and 3, and values beyond */
        for (i = 0; i < 16; i++)
            for (j = 0; j < 8; j++) {
                v[n++] = i << r->msg_lo[0] | j << r->msg_lo[1];
                if (j && n < 150)
                    v[n++] = i << r->msg_lo[0] | j << r->msg_lo[1] | 3u << r->msg_lo[2];
                if (n >= 150)
                    break;
            }
        v[n++] = 0x8001;
        v[n++] = 0x1234;
        v[n++] = 0xffff;
    } else {
        /* every register id, whole and in part */
        for (i = 0; i < 64; i += 3)
            v[n++] = i << r->hwreg_lo[0] | 31u << r->hwreg_lo[2];
        for (i = 1; i < 8; i++)
            v[n++] = i << r->hwreg_lo[0] | (i * 3) << r->hwreg_lo[1] | i << r->hwreg_lo[2];
        v[n++] = 0xffff;
        v[n++] = 0x0000;
    }
    for (k = 0; k < n; k++) {
        in.field[op->slot] = v[k] & 0xffffu;
        gcn_codec_canon_simm16(g->t, &in);
        emit(g, &in, "imm", slot);
    }
}

static void operand_cases(gen_ctx *g, const gcn_inst *b, const gcn_operand_row *op,
                          const gcn_layout_row *l)
{
    const char *slot = g->t->encodings[b->encoding].slot_name[op->slot];
    gcn_inst in = *b;
    unsigned c;
    switch (op->kind) {
    case GCN_KIND_VGPR:
        in.field[op->slot] = 0;
        emit(g, &in, "vgpr-first", slot);
        in.field[op->slot] = 256 - op->regs;
        emit(g, &in, "vgpr-last", slot);
        in.field[op->slot] = 128;
        emit(g, &in, "vgpr", slot);
        break;
    case GCN_KIND_SDST:
    case GCN_KIND_SGPR:
        scalar_codes(g, b, op, 1, slot);
        break;
    case GCN_KIND_SSRC:
        scalar_codes(g, b, op, 0, slot);
        break;
    case GCN_KIND_VSRC:
    case GCN_KIND_VSRC_VGPR:
        /* VGPRs at 256 + n; a vsrc's scalar codes below */
        in.field[op->slot] = 256;
        emit(g, &in, "vgpr-first", slot);
        in.field[op->slot] = 512 - op->regs;
        emit(g, &in, "vgpr-last", slot);
        in.field[op->slot] = 256 + 128;
        emit(g, &in, "vgpr", slot);
        if (op->kind == GCN_KIND_VSRC)
            scalar_codes(g, b, op, 0, slot);
        break;
    case GCN_KIND_SBASE:
        for (c = 0; c < 256; c += 2)
            if (codec_scalar_reg_ok(g->t, (unsigned)g->gen, c, op->regs, 0)) {
                in.field[op->slot] = c / 2;
                emit(g, &in, "sbase", slot);
            }
        break;
    case GCN_KIND_SMEM_OFFSET: {
        unsigned w = l->slot[op->slot].width;
        int sgn = (op->signed_gens >> g->gen) & 1;
        uint32_t vals[] = {0,
                           1,
                           0x3c,
                           sgn ? mask_of(w - 1) : mask_of(w),
                           sgn ? 1u << (w - 1) : 0,
                           sgn ? mask_of(w) : 0};
        size_t k;
        in.field[op->aux[0]] = 1;
        for (k = 0; k < sizeof(vals) / sizeof(vals[0]); k++) {
            in.field[op->slot] = vals[k];
            emit(g, &in, "smem-imm", slot);
        }
        in.field[op->aux[0]] = 0;
        for (c = 0; c < 256; c++)
            if (codec_scalar_reg_ok(g->t, (unsigned)g->gen, c, 1, 1)) {
                in.field[op->slot] = c;
                emit(g, &in, "smem-sgpr", slot);
            }
        /* GCN 1.4: SGPR[SOFFSET] + immediate (SOE) */
        if (op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width) {
            in.field[op->aux[0]] = 1;
            in.field[op->aux[1]] = 1;
            in.field[op->aux[2]] = 5;
            in.field[op->slot] = 0x10;
            emit(g, &in, "smem-soe", slot);
        }
        break;
    }
    case GCN_KIND_SMRD_OFFSET: {
        in.field[op->aux[0]] = 1;
        in.field[op->slot] = 0;
        emit(g, &in, "smrd-imm", slot);
        in.field[op->slot] = mask_of(l->slot[op->slot].width);
        emit(g, &in, "smrd-imm", slot);
        in.field[op->aux[0]] = 0;
        for (c = 0; c < 256; c++) {
            const gcn_scalar_row *r = codec_scalar(g->t, (unsigned)g->gen, c);
            in.field[op->slot] = c;
            if (codec_scalar_reg_ok(g->t, (unsigned)g->gen, c, 1, 0))
                emit(g, &in, "smrd-sgpr", slot);
            else if (r->sclass == GCN_SC_LITERAL && (op->literal_gens >> g->gen) & 1) {
                in.literal = 0x100;
                emit(g, &in, "smrd-literal", slot);
                in.literal = 0xffffffffu;
                emit(g, &in, "smrd-literal", slot);
            }
        }
        break;
    }
    case GCN_KIND_IMM:
        if (op->format == GCN_FMT_WAITCNT || op->format == GCN_FMT_SENDMSG ||
            op->format == GCN_FMT_HWREG) {
            simm16_cases(g, &in, op, slot);
            break;
        }
        /* 0 and the largest value (operands.json "max", else the field's); every value of an
         * interpolation parameter */
        {
            unsigned max =
                gcn_codec_slot_max(g->t, in.gen, in.insn, op->slot, l->slot[op->slot].width);
            if (op->format == GCN_FMT_INTERP_SLOT) {
                for (c = 0; c <= max; c++) {
                    in.field[op->slot] = c;
                    emit(g, &in, "imm", slot);
                }
                break;
            }
            in.field[op->slot] = 0;
            emit(g, &in, "imm", slot);
            in.field[op->slot] = max;
            emit(g, &in, "imm", slot);
        }
        break;
    case GCN_KIND_ATTR:
        /* the first, a middle and the last attribute (operands.json "max"), each channel */
        {
            unsigned max =
                gcn_codec_slot_max(g->t, in.gen, in.insn, op->slot, l->slot[op->slot].width);
            unsigned attrs[3] = {0, max / 2, max}, k;
            for (k = 0; k < 3; k++)
                for (c = 0; c < 4; c++) {
                    in.field[op->slot] = attrs[k];
                    in.field[op->aux[0]] = c;
                    emit(g, &in, k == 0 ? "attr-first" : k == 2 ? "attr-last" : "attr", slot);
                }
        }
        break;
    case GCN_KIND_LABEL: {
        /* forward, backward, the ends of the signed range */
        static const uint32_t offs[] = {0, 1, 0x7fff, 0x8000, 0xfffe, 0xffff};
        size_t k;
        for (k = 0; k < sizeof(offs) / sizeof(offs[0]); k++) {
            in.field[op->slot] = offs[k] & mask_of(l->slot[op->slot].width);
            emit(g, &in, "label", slot);
        }
        break;
    }
    case GCN_KIND_LITERAL32: {
        /* inline integer values (written in decimal), others (hex), the ends */
        static const uint32_t lits[] = {
            0, 1, 64, 65, 0xfffffff0u, 0xffffffefu, 0x12345678u, 0x80000000u, 0xffffffffu};
        /* a 16-bit constant (V_MADAK_F16's K): the dword's low half */
        static const uint32_t lits16[] = {0, 1, 0x40, 0x3c00, 0x8000, 0xfff0, 0xffff};
        const uint32_t *v =
            (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16) ? lits16 : lits;
        size_t k, n = (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16)
                          ? sizeof(lits16) / sizeof(lits16[0])
                          : sizeof(lits) / sizeof(lits[0]);
        for (k = 0; k < n; k++) {
            in.literal = v[k];
            emit(g, &in, "literal32", op->name);
        }
        break;
    }
    default:
        break;
    }
}

/* A source's modifiers (VOP3's floating-point sources): negated, absolute, both, on the base
 * value and on an inline float; negated on an inline integer (LLVM writes a negated constant
 * neg(x), so that '-' never reads as its sign). The case names the source's slot. */
static void source_mod_cases(gen_ctx *g, const gcn_inst *b, const gcn_operand_row *op)
{
    static const gcn_sclass classes[] = {GCN_SC_INLINE_FLOAT, GCN_SC_INLINE_INT};
    static const char *const what[2][4] = {
        {"", "source-neg", "source-abs", "source-neg-abs"},
        {"", "source-neg-const", "source-abs-const", "source-neg-abs-const"}};
    unsigned k, c, m;
    const char *slot = g->t->encodings[b->encoding].slot_name[op->slot];
    if (op->neg_slot == GCN_NO_SLOT && op->abs_slot == GCN_NO_SLOT)
        return;
    for (k = 0; k <= 2; k++) {
        gcn_inst in = *b;
        if (k) {
            /* the last code of the constant class */
            for (c = 0; c < 256; c++)
                if (codec_scalar(g->t, (unsigned)g->gen, c)->sclass == classes[k - 1])
                    in.field[op->slot] = c;
        }
        for (m = 1; m <= (k == 2 ? 1u : 3u); m++) {
            unsigned neg = m & 1, abs = m >> 1;
            gcn_inst x = in;
            if ((neg && op->neg_slot == GCN_NO_SLOT) || (abs && op->abs_slot == GCN_NO_SLOT))
                continue;
            if (neg)
                x.field[op->neg_slot] |= 1u << op->mod_bit;
            if (abs)
                x.field[op->abs_slot] |= 1u << op->mod_bit;
            emit(g, &x, what[k != 0][m], slot);
        }
    }
}

static void modifier_cases(gen_ctx *g, const gcn_inst *b, const gcn_modifier_row *m,
                           const gcn_layout_row *l)
{
    const char *slot = g->t->encodings[b->encoding].slot_name[m->slot];
    gcn_inst in = *b;
    unsigned w = l->slot[m->slot].width;
    if (!((m->gens >> g->gen) & 1) || !w || m->required)
        return;
    if (m->format == GCN_FMT_FLAG) {
        in.field[m->slot] = !b->field[m->slot];
        emit(g, &in, "flag", slot);
        return;
    }
    if (m->format == GCN_FMT_SWIZZLE) {
        /* one of each printed form, and values that fit none */
        static const uint32_t sw[] = {0x8000, 0x801f, 0x80e4, 0x001f, 0x041f, 0x7c1f, 0x0c1f,
                                      0x003c, 0x0038, 0x1224, 0x03e0, 0xffff, 0x8100, 0x1234};
        size_t k;
        for (k = 0; k < sizeof(sw) / sizeof(sw[0]); k++) {
            in.field[m->slot] = sw[k] & mask_of(w);
            /* 0x1234: BITMASK_PERM with bits the form does not print (OR and XOR masks
             * overlapping the AND mask); it reads back as 0x1224 */
            emit_as(g, &in, "swizzle", slot, sw[k] != 0x1234);
        }
        return;
    }
    if (m->format == GCN_FMT_SRC_BITS) {
        /* every combination of its sources' values (source k's bit is bit k of the field with
         * field_hi's above it; the bits past the sources keep the base's), and one value with
         * the instruction's other list modifiers and flags set, whose order llvm-mc fixes */
        const gcn_insn_row *row = &g->t->insns[b->insn];
        unsigned w2 = m->slot2 != GCN_NO_SLOT ? l->slot[m->slot2].width : 0, k;
        uint32_t base = in.field[m->slot] | (w2 ? in.field[m->slot2] << w : 0), v;
        uint32_t all = (1u << m->values) - 1u;
        const char *slot2 = w2 ? g->t->encodings[b->encoding].slot_name[m->slot2] : slot;
        for (v = 0; v <= all; v++) {
            uint32_t c = (base & ~all) | v;
            in.field[m->slot] = c & mask_of(w);
            if (w2)
                in.field[m->slot2] = c >> w;
            emit(g, &in, "src-bits", v & ((1u << w) - 1u) ? slot : slot2);
        }
        in.field[m->slot] = (base ^ 1u) & mask_of(w);
        if (w2)
            in.field[m->slot2] = base >> w;
        for (k = 0; k < row->nmodifiers; k++) {
            const gcn_modifier_row *o = &row->modifier[k];
            if (o == m || !((o->gens >> g->gen) & 1))
                continue;
            if (o->format == GCN_FMT_FLAG)
                in.field[o->slot] = 1;
            else if (o->format == GCN_FMT_SRC_BITS)
                in.field[o->slot] ^= 2u & mask_of(l->slot[o->slot].width);
        }
        emit(g, &in, "src-bits-modifiers", slot);
        return;
    }
    if (m->format == GCN_FMT_OP_SEL) {
        /* every combination of its values (a source's bit, then the destination's: the
         * field's top bit), and all of them with the instruction's other modifiers set, whose
         * order llvm-mc fixes (op_sel before clamp and the output modifier) */
        const gcn_insn_row *row = &g->t->insns[b->insn];
        uint32_t v;
        unsigned k;
        for (v = 1; v < (1u << m->values); v++) {
            in.field[m->slot] = 0;
            for (k = 0; k < m->values; k++)
                if ((v >> k) & 1u)
                    in.field[m->slot] |= 1u << (k + 1u < m->values ? k : w - 1u);
            emit(g, &in, "op-sel", slot);
        }
        for (k = 0; k < row->nmodifiers; k++)
            if (row->modifier[k].slot != m->slot && ((row->modifier[k].gens >> g->gen) & 1) &&
                (row->modifier[k].format == GCN_FMT_FLAG ||
                 row->modifier[k].format == GCN_FMT_OMOD))
                in.field[row->modifier[k].slot] = 1;
        emit(g, &in, "op-sel-modifiers", slot);
        return;
    }
    if (m->format == GCN_FMT_BUF_FORMAT) {
        /* every data format with the default number format, every number format with the
         * default data format, and both parts at once */
        const char *slot2 = g->t->encodings[b->encoding].slot_name[m->slot2];
        uint32_t v;
        for (v = 0; v <= mask_of(w); v++) {
            in.field[m->slot] = v;
            emit(g, &in, "modifier", slot);
        }
        in.field[m->slot] = b->field[m->slot];
        for (v = 0; v <= mask_of(l->slot[m->slot2].width); v++) {
            in.field[m->slot2] = v;
            emit(g, &in, "modifier", slot2);
            in.field[m->slot] = mask_of(w) - v;
            emit(g, &in, "modifier", slot);
            in.field[m->slot] = b->field[m->slot];
        }
        return;
    }
    in.field[m->slot] = 0;
    emit(g, &in, "modifier-zero", slot);
    in.field[m->slot] = 1;
    emit(g, &in, "modifier", slot);
    /* the largest value the plan takes (a modifier's "max"), else the field's */
    in.field[m->slot] = gcn_codec_slot_max(g->t, in.gen, in.insn, m->slot, w);
    emit(g, &in, "modifier-max", slot);
}

size_t gcn_enc_cases(int gen, int (*fn)(const gcn_enc_case *c, void *ctx), void *ctx)
{
    gen_ctx g;
    unsigned i, k;
    memset(&g, 0, sizeof(g));
    g.t = gcn_codec_tables();
    g.gen = gen;
    g.fn = fn;
    g.ctx = ctx;
    if (gen < 0 || (unsigned)gen >= g.t->ngens)
        return 0;
    for (i = 0; i < g.t->ninsns && !g.stop; i++) {
        const gcn_insn_row *row = &g.t->insns[i];
        const gcn_layout_row *l = codec_layout(g.t, (unsigned)gen, row->encoding);
        gcn_inst b;
        if (row->opcode[gen] == GCN_NO_INSN || !l->present)
            continue;
        memset(&b, 0, sizeof(b));
        b.insn = (uint16_t)i;
        b.gen = (uint8_t)gen;
        b.encoding = row->encoding;
        base(&g, row, l, &b);
        emit(&g, &b, "base", NULL);
        for (k = 0; k < row->noperands; k++) {
            operand_cases(&g, &b, &row->operand[k], l);
            source_mod_cases(&g, &b, &row->operand[k]);
        }
        for (k = 0; k < row->nmodifiers; k++)
            modifier_cases(&g, &b, &row->modifier[k], l);
    }
    return g.count;
}
