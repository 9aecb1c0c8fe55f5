#include <string.h>

#include "codec_internal.h"

int gcn_codec_inline_code(const gcn_tables *t, unsigned gen, int64_t v, unsigned regs)
{
    const uint8_t *f = t->inline_float_codes + gen * 16u;
    unsigned k;
    if (regs == 1 && v >= 0x80000000ll && v <= 0xffffffffll)
        v -= 0x100000000ll;
    if (v >= -128 && v <= 127 && t->inline_int_code[gen * 256u + (uint8_t)(int8_t)v] != 0xff)
        return t->inline_int_code[gen * 256u + (uint8_t)(int8_t)v];
    for (k = 0; k < 16 && f[k] != 0xff; k++) {
        const gcn_scalar_row *r = codec_scalar(t, gen, f[k]);
        if ((regs == 1 && (uint32_t)v == r->f32) || (regs == 2 && (uint64_t)v == r->f64))
            return f[k];
    }
    return -1;
}

/* A float's bits as a half's, rounded to nearest even (the inline floats are exact halves but
 * 1/(2*pi), which rounds to 0x3118 as LLVM's). */
static uint32_t f32_half(uint32_t f)
{
    uint32_t sign = (f >> 16) & 0x8000u, mant = f & 0x7fffffu, q, rest;
    int e = (int)((f >> 23) & 0xffu) - 127;
    if (e > 15)
        return sign | 0x7c00u;
    if (e < -24)
        return sign;
    mant |= 0x800000u;
    /* the half's significand: 11 bits for a normal value, fewer below 2^-14 */
    {
        unsigned shift = (unsigned)(13 + (e < -14 ? -14 - e : 0));
        q = mant >> shift;
        rest = mant & ((1u << shift) - 1u);
        if (rest > (1u << (shift - 1)) || (rest == (1u << (shift - 1)) && (q & 1u)))
            q++;
    }
    if (e < -14)
        return sign | q; /* a subnormal (q = 0x400 is the smallest normal, as its bits say) */
    return sign |
           ((q & 0x800u) ? ((uint32_t)(e + 16) << 10) : ((uint32_t)(e + 15) << 10 | (q & 0x3ffu)));
}

int gcn_codec_inline_half_code(const gcn_tables *t, unsigned gen, uint32_t h)
{
    const uint8_t *f = t->inline_float_codes + gen * 16u;
    unsigned k;
    for (k = 0; k < 16 && f[k] != 0xff; k++)
        if (f32_half(codec_scalar(t, gen, f[k])->f32) == (h & 0xffffu))
            return f[k];
    return -1;
}

const char *gcn_codec_source16(const gcn_tables *t, unsigned insn)
{
    const gcn_insn_row *row;
    unsigned i;
    if (insn >= t->ninsns)
        return "-";
    row = &t->insns[insn];
    for (i = 0; i < row->noperands; i++)
        if (row->operand[i].kind == GCN_KIND_VSRC &&
            (row->operand[i].format == GCN_FMT_F16 || row->operand[i].format == GCN_FMT_I16))
            return row->operand[i].format == GCN_FMT_F16 ? "f16" : "i16";
    return "-";
}

static int fits_slot(const gcn_layout_row *l, unsigned slot, uint32_t v)
{
    unsigned w = slot == GCN_NO_SLOT ? 0 : l->slot[slot].width;
    return w >= 32 || (uint64_t)v < (1ull << w);
}

gcn_status gcn_codec_check_fields(const gcn_tables *t, const gcn_inst *in)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_layout_row *l = codec_layout(t, in->gen, row->encoding);
    unsigned i;
    for (i = 0; i < row->nfetch; i++)
        if ((row->fetch_gens[i] >> in->gen) & 1 &&
            !fits_slot(l, row->fetch[i], in->field[row->fetch[i]]))
            return GCN_ERR_OPERAND;
    return GCN_OK;
}

/* The IMM/SOE-dependent rules of an SMEM offset operand. */
static int smem_offset_ok(const gcn_tables *t, const gcn_inst *in, const gcn_operand_row *op,
                          const gcn_layout_row *l)
{
    int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
    int soe = op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
    uint32_t v = in->field[op->slot];
    /* IMM=0, SOE=0: OFFSET holds an SGPR number (the register bits; the rest unused).
     * IMM=0, SOE=1: the address is SGPR[SOFFSET] alone; OFFSET is unused. SOFFSET holds an
     * SGPR number too. */
    unsigned only = op->only_code[in->gen];
    if (!imm && !soe &&
        ((op->reg_mask && v > op->reg_mask) || !codec_scalar_reg_ok(t, in->gen, v, 1, 1) ||
         (only != 0xffu && v != only)))
        return 0;
    if (!imm && soe && v)
        return 0;
    if (soe && (op->aux[2] == GCN_NO_SLOT ||
                !codec_scalar_reg_ok(t, in->gen, in->field[op->aux[2]], 1, 1) ||
                (only != 0xffu && in->field[op->aux[2]] != only)))
        return 0;
    return 1;
}

/* Decoding: the bits of a field the instruction does not use as written are dropped, so that
 * the fields are canonical (an SMEM OFFSET holding an SGPR number keeps its register bits;
 * SOFFSET is unused with SOE=0; SOE=1 with IMM=0, SGPR[SOFFSET] alone, becomes the same
 * address in the IMM=0, SOE=0 form). */
static void normalize(const gcn_tables *t, gcn_inst *in, const gcn_plan_row *p)
{
    unsigned i;
    for (i = 0; i < p->nck; i++) {
        const gcn_operand_row *op;
        const gcn_layout_row *l;
        int soe;
        if (p->ck[i].kind != GCN_CK_SMEM_OFFSET)
            continue;
        op = &t->insns[in->insn].operand[p->ck[i].arg];
        l = codec_layout(t, in->gen, in->encoding);
        soe = op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
        if (!soe && op->aux[2] != GCN_NO_SLOT)
            in->field[op->aux[2]] = 0; /* SOFFSET is read only with SOE=1 */
        if (op->aux[0] == GCN_NO_SLOT || in->field[op->aux[0]])
            continue;
        if (soe) {
            /* SGPR[SOFFSET] alone: the same address as IMM=0, SOE=0 with that SGPR in OFFSET,
             * the canonical form (and the one the text 'sN' assembles to) */
            in->field[op->slot] = in->field[op->aux[2]];
            in->field[op->aux[1]] = 0;
            in->field[op->aux[2]] = 0;
        } else if (op->reg_mask)
            in->field[op->slot] &= op->reg_mask;
    }
}

/* The IMM-dependent rules of an SMRD offset operand; *literal when it is the trailing one. */
static int smrd_offset_ok(const gcn_tables *t, const gcn_inst *in, const gcn_operand_row *op,
                          int *literal)
{
    uint32_t v = in->field[op->slot];
    if (op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]])
        return 1;
    if ((t->code_info[in->gen * 256u + (v & 0xffu)] & 0xfu) == GCN_SC_LITERAL && v < 256 &&
        (op->literal_gens >> in->gen) & 1) {
        *literal = 1;
        return 1;
    }
    return codec_scalar_reg_ok(t, in->gen, v, 1, 0);
}

CODEC_INLINE gcn_status check_plan(const gcn_tables *t, const gcn_inst *in, const gcn_plan_row *p,
                                   int *literal)
{
    unsigned i;
    *literal = 0;
    for (i = 0; i < p->nck; i++) {
        const gcn_check_op *c = &p->ck[i];
        uint32_t v = in->field[c->slot];
        int ok;
        switch (c->kind) {
        case GCN_CK_VGPR:
            ok = v <= c->arg;
            break;
        case GCN_CK_REG:
            ok = v < 256 && (t->reg_ok[in->gen * 256u + v] >> c->arg) & 1;
            break;
        case GCN_CK_SBASE:
            ok = v < 128 && (t->reg_ok[in->gen * 256u + v * 2] >> c->arg) & 1;
            break;
        case GCN_CK_SSRC: {
            unsigned bits = v < 256 ? t->reg_ok[in->gen * 256u + v] : 0;
            ok = (bits >> (c->arg & ~GCN_CK_NO_LITERAL)) & 1;
            if (ok && (bits & GCN_OK_LITERAL)) {
                ok = !(c->arg & GCN_CK_NO_LITERAL);
                *literal = 1;
            }
            break;
        }
        case GCN_CK_SMEM_OFFSET: {
            const gcn_insn_row *row = &t->insns[in->insn];
            ok = smem_offset_ok(t, in, &row->operand[c->arg],
                                codec_layout(t, in->gen, row->encoding));
            break;
        }
        case GCN_CK_SMRD_OFFSET:
            ok = smrd_offset_ok(t, in, &t->insns[in->insn].operand[c->arg], literal);
            break;
        case GCN_CK_ONE:
            ok = v == 1;
            break;
        case GCN_CK_BITS:
            ok = c->arg >= 32 || v < (1u << c->arg);
            break;
        case GCN_CK_LITERAL:
        case GCN_CK_LITERAL16:
            ok = 1;
            *literal = 1;
            break;
        case GCN_CK_VSRC:
        case GCN_CK_VSRC16:
        case GCN_CK_VSRC_NO_LITERAL: {
            unsigned bits = v < 256 ? t->reg_ok[in->gen * 256u + v] : 0;
            if (v >= 256) {
                ok = v - 256u <= 256u - (1u << (c->arg >> 7));
                break;
            }
            ok = ((bits >> (c->arg & 0x7fu)) & 1) || (!(c->arg >> 7) && (bits & GCN_OK_VSRC));
            if (ok && (bits & GCN_OK_LITERAL)) {
                if (c->kind == GCN_CK_VSRC_NO_LITERAL)
                    ok = 0;
                else
                    *literal = 1;
            }
            break;
        }
        case GCN_CK_VSRC_VGPR:
            ok = v >= 256 && v - 256u <= c->arg;
            break;
        case GCN_CK_SRSRC:
            ok = v < 64 && (t->reg_ok[in->gen * 256u + v * 4] >> c->arg) & 1;
            break;
        case GCN_CK_SADDR: {
            const gcn_operand_row *op = &t->insns[in->insn].operand[c->arg];
            ok = v == op->aux[0] || (v < 256 && codec_scalar_reg_ok(t, in->gen, v, op->regs, 1));
            break;
        }
        case GCN_CK_VREGS: {
            unsigned n = gcn_operand_regs(&t->insns[in->insn].operand[c->arg], in->gen, in->field);
            ok = n ? v + n <= 256u : v == 0;
            break;
        }
        default:
            ok = 0;
        }
        if (!ok)
            return GCN_ERR_OPERAND;
    }
    /* the constant bus: one scalar value per VALU instruction, LDS_DIRECT in SRC0 alone */
    if (p->cbus.n && !codec_cbus_ok(t, in, &p->cbus, *literal))
        return GCN_ERR_OPERAND;
    return GCN_OK;
}

unsigned gcn_codec_slot_max(const gcn_tables *t, unsigned gen, unsigned insn, unsigned slot,
                            unsigned width)
{
    const gcn_plan_row *pl = &t->plans[gen * t->ninsns + insn];
    unsigned i;
    for (i = 0; i < pl->nck; i++) {
        if (pl->ck[i].slot == slot && pl->ck[i].kind == GCN_CK_VGPR)
            return pl->ck[i].arg;
        if (pl->ck[i].slot == slot && pl->ck[i].kind == GCN_CK_BITS && pl->ck[i].arg < 32)
            return (1u << pl->ck[i].arg) - 1u;
    }
    return width >= 32 ? 0xffffffffu : (1u << width) - 1u;
}

gcn_status gcn_codec_check_operands(const gcn_tables *t, const gcn_inst *in, int *literal)
{
    return check_plan(t, in, &t->plans[in->gen * t->ninsns + in->insn], literal);
}

/* The rest of decoding once the encoding and instruction are known: the fields the
 * instruction uses, its operand checks, its literal. */
CODEC_INLINE gcn_status finish(const gcn_tables *t, int gen, const uint8_t *bytes, size_t len,
                               unsigned enc, unsigned nbytes, uint16_t insn, uint64_t w,
                               gcn_inst *out)
{
    const gcn_plan_row *p = &t->plans[(unsigned)gen * t->ninsns + insn];
    unsigned i;
    int literal = 0;
    gcn_status st;
    /* a field the codec does not model yet (VOP3's ABS/NEG) is set: not decoded at all, so
     * that nothing is printed that the word does not say */
    if ((w ^ p->ones) & p->unmodelled)
        return GCN_ERR_NO_ENCODING;
    if (w & p->zero)
        return GCN_ERR_OPERAND;
    codec_inst_clear(out);
    out->insn = insn;
    out->gen = (uint8_t)gen;
    out->encoding = (uint8_t)enc;
    out->size = (uint8_t)nbytes;
    /* only the fields the instruction uses: the others are not part of what it says */
    for (i = 0; i < p->n; i++)
        out->field[p->op[i].slot] = (uint32_t)((w >> p->op[i].lo) & ((1ull << p->op[i].width) - 1));
    if (p->smem & GCN_PLAN_SMEM)
        normalize(t, out, p);
    if (p->smem & GCN_PLAN_CANON_SIMM16)
        gcn_codec_canon_simm16(t, out);
    /* an operand its flag leaves out of the text is not part of what the word says */
    if (p->smem & GCN_PLAN_WHEN) {
        const gcn_insn_row *row = &t->insns[insn];
        for (i = 0; i < row->noperands; i++)
            if (gcn_operand_absent(&row->operand[i], out->field))
                out->field[row->operand[i].slot] = 0;
    }
    /* an operand of no registers (a buffer address 'off') says nothing of its field */
    if (p->smem & GCN_PLAN_NOREGS) {
        const gcn_insn_row *row = &t->insns[insn];
        for (i = 0; i < row->noperands; i++)
            if (gcn_kind_vaddr(row->operand[i].kind) &&
                !gcn_operand_regs(&row->operand[i], (unsigned)gen, out->field))
                out->field[row->operand[i].slot] = 0;
    }
    st = check_plan(t, out, p, &literal);
    if (st != GCN_OK)
        return st;
    if (literal) {
        if (len < (size_t)nbytes + 4)
            return GCN_ERR_TRUNCATED;
        out->has_literal = 1;
        out->literal = (uint32_t)codec_load4(bytes + nbytes);
        out->size = (uint8_t)(nbytes + 4);
        /* a 16-bit source reads the literal's low half: the rest is not part of what it says */
        for (i = 0; i < p->nck; i++)
            if (p->ck[i].kind == GCN_CK_VSRC16 || p->ck[i].kind == GCN_CK_LITERAL16)
                out->literal &= 0xffffu;
    }
    return GCN_OK;
}

/* The layout of the encoding the first dword w belongs to on gen, and its index in *enc: of
 * nested encodings, the one that fixes more bits (gcngen checks that they nest); NULL when
 * none matches. */
static const gcn_layout_row *word_layout(const gcn_tables *t, int gen, uint64_t w, unsigned *enc)
{
    const gcn_layout_row *l = NULL;
    unsigned e;
    for (e = 0; e < t->nencodings; e++) {
        const gcn_layout_row *c = codec_layout(t, (unsigned)gen, e);
        if (!c->present || ((w ^ c->match_value) & c->match_mask & 0xffffffffull))
            continue;
        if (!l || (c->match_mask & l->match_mask) == l->match_mask) {
            l = c;
            *enc = e;
        }
    }
    return l;
}

/* Top bits that several encodings allow: each layout is tried in turn. */
static gcn_status decode_scan(const gcn_tables *t, int gen, const uint8_t *bytes, size_t len,
                              gcn_inst *out)
{
    uint64_t w = codec_load4(bytes), opcode;
    unsigned e, best = GCN_ENC_NONE;
    uint16_t insn;
    const gcn_layout_row *l = word_layout(t, gen, w, &best);
    if (l) {
        e = best;
        if (len < l->bytes)
            return GCN_ERR_TRUNCATED;
        if (l->bytes >= 8)
            w = codec_load8(bytes);
        opcode = codec_get(w, l->slot[l->opcode_slot]);
        insn = opcode < l->opcode_count ? l->opcode_map[opcode] : GCN_NO_INSN;
        if (insn == GCN_NO_INSN)
            return GCN_ERR_NO_OPCODE;
        if (insn == GCN_PENDING_INSN)
            return GCN_ERR_NO_ENCODING;
        return finish(t, gen, bytes, len, e, l->bytes, insn, w, out);
    }
    return GCN_ERR_NO_ENCODING;
}

/* Decoding by the plan rows: every case (gcn_decode's fast path takes the common ones). */
gcn_status gcn_codec_decode_plan(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_dispatch_row *d;
    uint64_t w, opcode;
    uint16_t insn;
    if (gen < 0 || (unsigned)gen >= t->ngens || !bytes || !out)
        return GCN_ERR_INVALID;
    if (len < 4)
        return GCN_ERR_TRUNCATED;
    w = codec_load4(bytes);
    /* the encoding: one table lookup on the top bits, then its fixed bits confirmed */
    d = &t->dispatch[(unsigned)gen * 512u + (unsigned)(w >> 23)];
    if (d->enc == GCN_ENC_SCAN || d->nested)
        return decode_scan(t, gen, bytes, len, out);
    if (d->enc == GCN_ENC_NONE || ((uint32_t)w ^ d->match_value) & d->match_mask)
        return GCN_ERR_NO_ENCODING;
    if (len < d->bytes)
        return GCN_ERR_TRUNCATED;
    if (d->bytes >= 8)
        w = codec_load8(bytes);
    opcode = (w >> d->opcode_lo) & d->opcode_mask;
    insn = d->opcode_map[opcode];
    if (insn == GCN_NO_INSN)
        return GCN_ERR_NO_OPCODE;
    if (insn == GCN_PENDING_INSN)
        return GCN_ERR_NO_ENCODING;
    return finish(t, gen, bytes, len, d->enc, d->bytes, insn, w, out);
}

gcn_status gcn_codec_decode_flagged(const gcn_fast_plan *f, uint64_t w, int gen,
                                    const uint8_t *bytes, size_t len, gcn_inst *out)
{
    CODEC_DECODE_FLAGGED_BODY(codec_fast_work);
}

gcn_status gcn_codec_decode_portable(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    return codec_decode_fast(gen, bytes, len, out);
}

#ifdef CODEC_AVX2
CODEC_TARGET_AVX2 gcn_status gcn_codec_decode_flagged_avx2(const gcn_fast_plan *f, uint64_t w,
                                                           int gen, const uint8_t *bytes,
                                                           size_t len, gcn_inst *out)
{
    CODEC_DECODE_FLAGGED_BODY(codec_fast_work_avx2);
}

CODEC_TARGET_AVX2 gcn_status gcn_codec_decode_avx2(int gen, const uint8_t *bytes, size_t len,
                                                   gcn_inst *out)
{
    return codec_decode_fast_avx2(gen, bytes, len, out);
}

int gcn_codec_avx2_host(void)
{
    return codec_cpu_avx2();
}

typedef gcn_status decode_fn(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);

CODEC_RESOLVER static decode_fn *resolve_decode(void)
{
    return codec_cpu_avx2() ? gcn_codec_decode_avx2 : gcn_codec_decode_portable;
}

gcn_status gcn_decode(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
    __attribute__((ifunc("resolve_decode")));
#else
int gcn_codec_avx2_host(void)
{
    return 0;
}

gcn_status gcn_decode(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    return codec_decode_fast(gen, bytes, len, out);
}
#endif

int gcn_codec_cbus_refuses(int gen, const uint8_t *bytes, size_t len)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_layout_row *l = NULL;
    const gcn_plan_row *p;
    gcn_plan_row rest;
    gcn_inst in;
    uint64_t w, opcode;
    uint16_t insn;
    unsigned best = 0, i;
    int literal = 0;
    if (gen < 0 || (unsigned)gen >= t->ngens || !bytes || len < 4 ||
        gcn_codec_decode_plan(gen, bytes, len, &in) != GCN_ERR_OPERAND)
        return 0;
    w = codec_load4(bytes);
    l = word_layout(t, gen, w, &best);
    if (!l || len < l->bytes)
        return 0;
    if (l->bytes >= 8)
        w = codec_load8(bytes);
    opcode = codec_get(w, l->slot[l->opcode_slot]);
    insn = opcode < l->opcode_count ? l->opcode_map[opcode] : GCN_NO_INSN;
    if (insn == GCN_NO_INSN || insn == GCN_PENDING_INSN)
        return 0;
    p = &t->plans[(unsigned)gen * t->ninsns + insn];
    if (!p->cbus.n || ((w ^ p->ones) & p->unmodelled) || (w & p->zero))
        return 0;
    memset(&in, 0, sizeof(in));
    in.insn = insn;
    in.gen = (uint8_t)gen;
    in.encoding = (uint8_t)best;
    for (i = 0; i < p->n; i++)
        in.field[p->op[i].slot] = (uint32_t)((w >> p->op[i].lo) & ((1ull << p->op[i].width) - 1));
    /* every operand valid alone, the constant bus broken */
    rest = *p;
    rest.cbus.n = 0;
    if (check_plan(t, &in, &rest, &literal) != GCN_OK)
        return 0;
    return !codec_cbus_ok(t, &in, &p->cbus, literal);
}

/* The reasons gcn_decode_why writes, without printf (the byte round trip target asks for one
 * on every input): pieces appended to buf, cut to size - 1 bytes (size > 0). */
typedef struct why_buf {
    char *buf;
    size_t size, len;
} why_buf;

static void why_str(why_buf *b, const char *s)
{
    size_t n = strlen(s), room = b->size - 1 - b->len;
    n = n < room ? n : room;
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = 0;
}

/* v in decimal, or in hex with `digits` digits and 0x */
static void why_num(why_buf *b, unsigned long long v, unsigned digits)
{
    char tmp[24], *p = tmp + sizeof(tmp) - 1;
    unsigned k = 0;
    *p = 0;
    do {
        *--p = "0123456789abcdef"[digits ? v & 15 : v % 10];
        v = digits ? v >> 4 : v / 10;
        k++;
    } while (v || k < digits);
    if (digits) {
        *--p = 'x';
        *--p = '0';
    }
    why_str(b, p);
}

static void why_start(why_buf *b, char *buf, size_t size)
{
    b->buf = buf;
    b->size = size;
    b->len = 0;
    buf[0] = 0;
}

gcn_status gcn_decode_why(int gen, const uint8_t *bytes, size_t len, char *why, size_t size)
{
    const gcn_tables *t = &gcn_codec_table_data;
    gcn_inst in;
    gcn_status st = gcn_decode(gen, bytes, len, &in);
    uint64_t w;
    unsigned e, best = t->nencodings;
    why_buf b;
    if (!why || !size)
        return st;
    why_start(&b, why, size);
    why_str(&b, gcn_status_str(st));
    if (st == GCN_OK || st == GCN_ERR_INVALID || len < 4)
        return st;
    w = codec_load4(bytes);
    /* the word's encoding: of nested ones, the one that fixes more bits (a VOP3P word has
     * VOP3's fixed bits too, and nine of its own) */
    word_layout(t, gen, w, &best);
    for (e = 0; e < t->nencodings; e++) {
        const gcn_layout_row *l = codec_layout(t, (unsigned)gen, e);
        const gcn_plan_row *p;
        uint64_t opcode;
        uint16_t insn;
        unsigned i;
        int literal = 0, any_literal = 0;
        if (e != best)
            continue;
        if (st == GCN_ERR_TRUNCATED) {
            why_start(&b, why, size);
            why_str(&b, "truncated ");
            why_str(&b, t->encodings[e].name);
            why_str(&b, " instruction: ");
            why_num(&b, l->bytes, 0);
            why_str(&b, len >= l->bytes ? " bytes and a literal, " : " bytes, ");
            why_num(&b, len, 0);
            why_str(&b, " given");
            return st;
        }
        if (l->bytes >= 8)
            w = codec_load8(bytes);
        opcode = codec_get(w, l->slot[l->opcode_slot]);
        insn = opcode < l->opcode_count ? l->opcode_map[opcode] : GCN_NO_INSN;
        if (insn == GCN_NO_INSN || insn == GCN_PENDING_INSN) {
            why_start(&b, why, size);
            why_str(&b, t->encodings[e].name);
            why_str(&b, " opcode ");
            why_num(&b, opcode, 0);
            why_str(&b, insn == GCN_PENDING_INSN ? " on " : " is no instruction on ");
            why_str(&b, gcn_gen_id(gen));
            if (insn == GCN_PENDING_INSN)
                why_str(&b, " is another page's form, not modelled yet");
            return st;
        }
        p = &t->plans[(unsigned)gen * t->ninsns + insn];
        if (((w ^ p->ones) & p->unmodelled) | (w & p->zero)) {
            /* the lowest refused bit: a field not modelled yet, or one the instruction lacks */
            uint64_t un = (w ^ p->ones) & p->unmodelled;
            uint64_t bit = un ? un : (w & p->zero);
            unsigned k = 0;
            while (!(bit & 1)) {
                bit >>= 1;
                k++;
            }
            why_start(&b, why, size);
            why_str(&b, t->insns[insn].mnemonic);
            why_str(&b, ": bit ");
            why_num(&b, k, 0);
            why_str(&b, un ? (p->ones >> k & 1 ? " is clear: a bit the instruction sets (not "
                                                 "modelled when clear)"
                                               : " is set: source modifiers, op_sel or another "
                                                 "form's field (not modelled yet)")
                           : " is set: a modifier field the instruction does not "
                             "take (clear it)");
            return st;
        }
        /* the first operand check that fails names its field and value */
        memset(&in, 0, sizeof(in));
        in.insn = insn;
        in.gen = (uint8_t)gen;
        in.encoding = (uint8_t)e;
        p = &t->plans[(unsigned)gen * t->ninsns + insn];
        for (i = 0; i < p->n; i++)
            in.field[p->op[i].slot] =
                (uint32_t)((w >> p->op[i].lo) & ((1ull << p->op[i].width) - 1));
        normalize(t, &in, p);
        for (i = 0; i < p->nck; i++) {
            gcn_plan_row one = *p;
            one.nck = 1;
            one.ck[0] = p->ck[i];
            one.cbus.n = 0; /* the operand alone: the constant bus reads them together */
            if (check_plan(t, &in, &one, &literal) != GCN_OK && p->ck[i].kind == GCN_CK_ONE) {
                why_start(&b, why, size);
                why_str(&b, t->insns[insn].mnemonic);
                why_str(&b, ": ");
                why_str(&b, t->encodings[e].slot_name[p->ck[i].slot]);
                why_str(&b, "=0, but the instruction requires it set");
                return st;
            }
            if (check_plan(t, &in, &one, &literal) != GCN_OK) {
                why_start(&b, why, size);
                why_str(&b, t->insns[insn].mnemonic);
                why_str(&b, ": ");
                why_str(&b, t->encodings[e].slot_name[p->ck[i].slot]);
                why_str(&b, "=");
                why_num(&b, in.field[p->ck[i].slot], 0);
                why_str(&b, " is not a valid operand there");
                return st;
            }
            any_literal |= literal;
        }
        /* every operand is valid alone: the constant bus rule, which reads them together */
        if (p->cbus.n) {
            char cb[256];
            if ((size_t)l->bytes + 4 <= len)
                in.literal = (uint32_t)codec_load4(bytes + l->bytes);
            if (gcn_codec_cbus_why(t, &in, any_literal, cb, sizeof(cb))) {
                why_start(&b, why, size);
                why_str(&b, cb);
            }
        }
        return st;
    }
    /* the segments of one word (FLAT, GLOBAL, SCRATCH: gcn.json "segment_of"), whose layouts
     * differ in one fixed field alone: a value of it that none takes is reserved */
    {
        int one = 1;
        unsigned n = 0, last = 0, at = 0;
        for (e = 0; e < t->nencodings && one; e++) {
            const gcn_layout_row *l = codec_layout(t, (unsigned)gen, e);
            uint64_t diff = (w ^ l->match_value) & l->match_mask & 0xffffffffull;
            unsigned k, bad = 0, k_at = 0, same = 0;
            /* only encodings that share their word with another (segments) */
            for (k = 0; k < t->nencodings; k++)
                same += k != e && strcmp(t->encodings[k].cat, t->encodings[e].cat) == 0;
            if (!l->present || !diff || !same)
                continue;
            for (k = 0; k < t->encodings[e].nslots; k++) {
                gcn_slot_row sr = l->slot[k];
                uint64_t m = sr.width ? (((1ull << sr.width) - 1) << sr.lo) : 0;
                if (diff & m) {
                    bad++;
                    k_at = k;
                    diff &= ~m;
                }
            }
            if (bad != 1 || diff)
                continue;
            if (n &&
                (strcmp(t->encodings[e].cat, t->encodings[last].cat) != 0 ||
                 strcmp(t->encodings[e].slot_name[k_at], t->encodings[last].slot_name[at]) != 0))
                one = 0;
            n++;
            last = e;
            at = k_at;
        }
        if (one && n >= 2) {
            why_start(&b, why, size);
            why_str(&b, t->encodings[last].cat);
            why_str(&b, ": ");
            why_str(&b, t->encodings[last].slot_name[at]);
            why_str(&b, "=");
            why_num(&b, codec_get(w, codec_layout(t, (unsigned)gen, last)->slot[at]), 0);
            why_str(&b, " is reserved: none of the word's segments has it");
            return st;
        }
    }
    why_start(&b, why, size);
    why_str(&b, "no encoding of ");
    why_str(&b, gcn_gen_id(gen));
    why_str(&b, " matches the word ");
    why_num(&b, (uint32_t)w, 8);
    return st;
}
