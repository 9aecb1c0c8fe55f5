/* LLVM's assembler text for a decoded instruction: the same bytes llvm-mc prints.
 *
 * The text is built with a cursor held in a register, in the caller's buffer when it has room
 * for any text of the instruction (gcngen's text_max and SLACK), else in a local one that is
 * large enough for any (GCN_TEXT_MAX; gcngen bounds every table string's length) and then
 * copied, snprintf-style. Every string the tables hold (mnemonics, operand spellings, modifier
 * names) sits in the generated string pool with padding after it, so it is copied in whole
 * blocks; numbers are assembled in a register and stored at once. */
#include <string.h>

#include "codec_internal.h"

/* Longer than any text: a mnemonic, 4 operands and 4 modifiers at their longest (gcngen checks
 * the table strings' lengths against GCN_NAME_MAX) */
#define GCN_TEXT_MAX 512
#define SLACK 32 /* room for a block copy's overrun */

/* A string of the pool: n bytes (at most GCN_NAME_MAX), copied as 32 bytes, and 16 more past
 * 32. The reads stay in the pool: every string has GCN_POOL_PAD bytes after it and the pool
 * ends with GCN_POOL_TAIL more. */
CODEC_INLINE char *put_pool(char *p, const char *s, unsigned n)
{
    memcpy(p, s, 32);
    if (n > 32)
        memcpy(p + 32, s + 32, 16);
    return p + n;
}

/* LLVM's names of the GPR indexing mode's bits, bit 0 first (AMDGPU's gpr_idx(...) syntax). */
const char *const gcn_codec_gpr_idx_names[4] = {"SRC0", "SRC1", "SRC2", "DST"};
/* LLVM's names of the interpolation parameters P10, P20, P0, by their value in VSRC (probed with
 * llvm-mc on every generation: spec/errata.json E141, which the page leaves out) */
const char *const gcn_codec_interp_slot_names[3] = {"p10", "p20", "p0"};
/* the attribute channels, by ATTRCHAN (the VINTRP page: "X - 0, Y - 1, Z - 2, W - 3") */
const char gcn_codec_attr_chans[4] = {'x', 'y', 'z', 'w'};

/* A string literal of the code. */
#define PUT_LIT(p, lit) (memcpy((p), (lit), sizeof(lit) - 1), (p) + sizeof(lit) - 1)

/* "00".."99" as little-endian 16-bit values: the first digit in the low byte */
#define PAIR(k) (uint16_t)(('0' + (k) / 10) | ('0' + (k) % 10) << 8)
#define PAIRS10(t)                                                                                 \
    PAIR(t), PAIR(t + 1), PAIR(t + 2), PAIR(t + 3), PAIR(t + 4), PAIR(t + 5), PAIR(t + 6),         \
        PAIR(t + 7), PAIR(t + 8), PAIR(t + 9)
static const uint16_t digit_pairs[100] = {PAIRS10(0),  PAIRS10(10), PAIRS10(20), PAIRS10(30),
                                          PAIRS10(40), PAIRS10(50), PAIRS10(60), PAIRS10(70),
                                          PAIRS10(80), PAIRS10(90)};
#undef PAIRS10
#undef PAIR

/* Numbers: the digits are assembled in a register and stored at once (bytes stored one by one
 * and then reloaded as a block would stall on store forwarding); the store may run past the
 * digits, into room the buffer keeps (SLACK). */
CODEC_INLINE char *dec(char *p, unsigned long long v)
{
    unsigned n = 1, i;
    uint64_t r = 0;
    unsigned long long x;
    if (v < 10000) {
        /* the common case (register numbers, offsets): four digits from two pairs, leading
         * zeros shifted out */
        uint32_t q;
        n += (v >= 10) + (v >= 100) + (v >= 1000);
        q = (uint32_t)digit_pairs[v / 100] | (uint32_t)digit_pairs[v % 100] << 16;
        q >>= 8 * (4 - n);
        memcpy(p, &q, 4); /* little-endian hosts (x86-64, aarch64) */
        return p + n;
    }
    for (x = v; x >= 10 && n < 8; x /= 10)
        n++;
    if (v >= 100000000ull) {
        /* nine digits or more: the upper part first, then eight with leading zeros */
        p = dec(p, v / 100000000ull);
        v %= 100000000ull;
        n = 8;
    }
    for (i = n; i-- > 0; v /= 10)
        r |= (uint64_t)('0' + v % 10) << (8 * i);
    memcpy(p, &r, 8); /* little-endian hosts (x86-64, aarch64) */
    return p + n;
}

CODEC_INLINE char *hex(char *p, unsigned long long v)
{
    unsigned n = 1, i;
    uint64_t r = 0;
    if (v > 0xffffffffull) {
        /* wider than 32 bits: the upper digits, then eight with leading zeros */
        p = hex(p, v >> 32);
        for (i = 8; i-- > 0; v >>= 4) {
            unsigned d = (unsigned)(v & 15);
            r |= (uint64_t)(d < 10 ? '0' + d : 'a' + d - 10) << (8 * i);
        }
        memcpy(p, &r, 8);
        return p + 8;
    }
    while ((v >> (4 * n)) && n < 8)
        n++;
    for (i = n; i-- > 0; v >>= 4) {
        unsigned d = (unsigned)(v & 15);
        r |= (uint64_t)(d < 10 ? '0' + d : 'a' + d - 10) << (8 * i);
    }
    memcpy(p, "0x", 2);
    memcpy(p + 2, &r, 8);
    return p + 2 + n;
}

/* A C string (a table's name) into p. */
CODEC_INLINE char *put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* The field of `bits` bits at `lo` of a 16-bit immediate. */
CODEC_INLINE unsigned imm_part(uint32_t v, unsigned lo, unsigned bits)
{
    return (v >> lo) & ((1u << bits) - 1u);
}

/* s_waitcnt's counters as LLVM writes them: each counter not at its largest value (which means
 * no wait), all of them when every one is; the bits no counter holds are not written. */
static char *waitcnt(char *p, const gcn_simm16_row *r, uint32_t v)
{
    unsigned c, k, val[GCN_WAIT_COUNTERS], max[GCN_WAIT_COUNTERS], all_max = 1, first = 1;
    for (c = 0; c < GCN_WAIT_COUNTERS; c++) {
        unsigned at = 0;
        val[c] = max[c] = 0;
        for (k = 0; k < r->wait_nparts[c]; k++) {
            val[c] |= imm_part(v, r->wait_lo[c][k], r->wait_bits[c][k]) << at;
            max[c] |= ((1u << r->wait_bits[c][k]) - 1u) << at;
            at += r->wait_bits[c][k];
        }
        all_max &= val[c] == max[c];
    }
    for (c = 0; c < GCN_WAIT_COUNTERS; c++) {
        if (!r->wait_name[c] || (val[c] == max[c] && !all_max))
            continue;
        if (!first)
            *p++ = ' ';
        first = 0;
        p = put_str(p, r->wait_name[c]);
        *p++ = '(';
        p = dec(p, val[c]);
        *p++ = ')';
    }
    return p;
}

/* Is v a sendmsg LLVM writes by name: message, operation and stream valid for the message? */
static int sendmsg_named(const gcn_simm16_row *r, uint32_t v, unsigned *id, unsigned *op,
                         unsigned *stream, int *takes_stream)
{
    unsigned set;
    *id = imm_part(v, r->msg_lo[0], r->msg_bits[0]);
    *op = imm_part(v, r->msg_lo[1], r->msg_bits[1]);
    *stream = imm_part(v, r->msg_lo[2], r->msg_bits[2]);
    set = *id < 16 ? r->msg_ops[*id] : 0;
    *takes_stream = set && r->msg_streams[*id] && *op != 0;
    return *id < 16 && r->msg_name[*id] &&
           (set ? *op < 8 && r->op_name[set][*op] != NULL : *op == 0) &&
           (*takes_stream || *stream == 0);
}

void gcn_codec_canon_simm16(const gcn_tables *t, gcn_inst *in)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_simm16_row *r = &t->simm16[in->gen];
    unsigned i, c, k;
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        uint32_t *v = &in->field[op->slot];
        if (op->format == GCN_FMT_WAITCNT) {
            uint32_t keep = 0;
            for (c = 0; c < GCN_WAIT_COUNTERS; c++)
                for (k = 0; k < r->wait_nparts[c]; k++)
                    keep |= ((1u << r->wait_bits[c][k]) - 1u) << r->wait_lo[c][k];
            *v &= keep;
        } else if (op->format == GCN_FMT_SENDMSG) {
            unsigned id, mop, stream;
            int ts;
            if (sendmsg_named(r, *v, &id, &mop, &stream, &ts))
                *v = id << r->msg_lo[0] | mop << r->msg_lo[1] | (ts ? stream << r->msg_lo[2] : 0);
        }
    }
}

/* sendmsg(...) as LLVM writes it: the names where message, operation and stream are valid for
 * the message (the operation only where the message takes one, the stream only where the
 * operation names one), else the three numbers where they are all the value holds, else the
 * value in decimal. */
static char *sendmsg(char *p, const gcn_simm16_row *r, uint32_t v)
{
    unsigned id, op, stream;
    int takes_stream;
    if (sendmsg_named(r, v, &id, &op, &stream, &takes_stream)) {
        p = PUT_LIT(p, "sendmsg(");
        p = put_str(p, r->msg_name[id]);
        if (r->msg_ops[id]) {
            p = PUT_LIT(p, ", ");
            p = put_str(p, r->op_name[r->msg_ops[id]][op]);
            if (takes_stream) {
                p = PUT_LIT(p, ", ");
                p = dec(p, stream);
            }
        }
        *p++ = ')';
        return p;
    }
    if (v == (id << r->msg_lo[0] | op << r->msg_lo[1] | stream << r->msg_lo[2])) {
        p = PUT_LIT(p, "sendmsg(");
        p = dec(p, id);
        p = PUT_LIT(p, ", ");
        p = dec(p, op);
        p = PUT_LIT(p, ", ");
        p = dec(p, stream);
        *p++ = ')';
        return p;
    }
    return dec(p, v);
}

/* hwreg(ID[, OFFSET, SIZE]) as LLVM writes it: the register's name where the generation has
 * one, the offset and size unless they are 0 and 32 (the whole register). */
static char *hwreg(char *p, const gcn_simm16_row *r, uint32_t v)
{
    unsigned id = imm_part(v, r->hwreg_lo[0], r->hwreg_bits[0]);
    unsigned off = imm_part(v, r->hwreg_lo[1], r->hwreg_bits[1]);
    unsigned size = imm_part(v, r->hwreg_lo[2], r->hwreg_bits[2]) + 1;
    p = PUT_LIT(p, "hwreg(");
    p = id < 64 && r->hwreg_name[id] ? put_str(p, r->hwreg_name[id]) : dec(p, id);
    if (off != 0 || size != 32) {
        p = PUT_LIT(p, ", ");
        p = dec(p, off);
        p = PUT_LIT(p, ", ");
        p = dec(p, size);
    }
    *p++ = ')';
    return p;
}

/* A number: a number step's value (gcn_print_step.num), and an SMEM immediate on the general
 * path. HEXS: a `bits`-bit value whose top bit is its sign, written as '-' and the magnitude. */
CODEC_INLINE char *put_number(char *p, uint32_t v, unsigned num, unsigned bits)
{
    if (num == GCN_NUM_DEC)
        return dec(p, v);
    if (num == GCN_NUM_HEXS && bits && bits <= 32 && codec_sext(v, bits) < 0) {
        *p++ = '-';
        return hex(p, (unsigned long long)-codec_sext(v, bits));
    }
    return hex(p, v);
}

char *gcn_codec_put_number(char *p, uint32_t v, unsigned num, unsigned bits)
{
    return put_number(p, v, num, bits);
}

/* "[a:b]" */
CODEC_INLINE char *range(char *p, unsigned long long a, unsigned long long b)
{
    *p++ = '[';
    p = dec(p, a);
    *p++ = ':';
    p = dec(p, b);
    *p++ = ']';
    return p;
}

/* Does an inline integer constant have this value? */
static int inline_int(const gcn_tables *t, unsigned gen, uint32_t v)
{
    int c = gcn_codec_inline_code(t, gen, v, 1);
    return c >= 0 && codec_scalar(t, gen, (unsigned)c)->sclass == GCN_SC_INLINE_INT;
}

CODEC_INLINE char *scalar(char *p, const gcn_tables *t, const gcn_inst *in, unsigned code,
                          unsigned regs)
{
    const gcn_scalar_row *r = codec_scalar(t, in->gen, code);
    if (r->sclass == GCN_SC_LITERAL) {
        /* a literal holding an inline constant's value is written as that constant, as LLVM
         * does (the text then assembles to the shorter, canonical form) */
        int ic = gcn_codec_inline_code(t, in->gen, in->literal, regs);
        if (ic < 0)
            return hex(p, in->literal);
        r = codec_scalar(t, in->gen, (unsigned)ic);
    }
    if (regs == 1)
        return r->name32 ? put_pool(p, r->name32, r->len32) : PUT_LIT(p, "?");
    if (regs == 2 || r->sclass == GCN_SC_INLINE_INT || r->sclass == GCN_SC_INLINE_FLOAT)
        return r->name64 ? put_pool(p, r->name64, r->len64) : PUT_LIT(p, "?");
    /* a register tuple of 3 or more: s[a:b] / ttmp[a:b] */
    p = r->sclass == GCN_SC_TTMP ? PUT_LIT(p, "ttmp") : PUT_LIT(p, "s");
    return range(p, (unsigned long long)r->index, (unsigned long long)(r->index + (int)regs - 1));
}

/* LLVM's offset:swizzle(...) forms; what fits none is written in decimal. The bit layout is
 * the one the documents give for DS_SWIZZLE_B32 (OFFSET[15] selects the quad permute; AND, OR
 * and XOR masks in bits 0-4, 5-9, 10-14). */
static char *swizzle(char *p, unsigned v)
{
    if ((v & 0xff00u) == 0x8000u) {
        unsigned i;
        p = PUT_LIT(p, "swizzle(QUAD_PERM");
        for (i = 0; i < 4; i++) {
            *p++ = ',';
            *p++ = (char)('0' + ((v >> (2 * i)) & 3));
        }
        *p++ = ')';
    } else if (!(v & 0x8000u)) {
        unsigned and_m = v & 31, or_m = (v >> 5) & 31, xor_m = (v >> 10) & 31;
        unsigned pop = 0, k;
        for (k = 0; k < 5; k++)
            pop += (xor_m >> k) & 1;
        if (and_m == 31 && or_m == 0 && pop == 1) {
            p = PUT_LIT(p, "swizzle(SWAP,");
            p = dec(p, xor_m);
            *p++ = ')';
        } else if (and_m == 31 && or_m == 0 && xor_m > 0 && ((xor_m + 1) & xor_m) == 0) {
            p = PUT_LIT(p, "swizzle(REVERSE,");
            p = dec(p, xor_m + 1);
            *p++ = ')';
        } else {
            unsigned group = 31 - and_m + 1;
            if (group > 1 && (group & (group - 1)) == 0 && or_m < group && xor_m == 0) {
                p = PUT_LIT(p, "swizzle(BROADCAST,");
                p = dec(p, group);
                *p++ = ',';
                p = dec(p, or_m);
                *p++ = ')';
            } else {
                unsigned p0 = or_m ^ xor_m, p1 = ((31 & and_m) | or_m) ^ xor_m, m;
                p = PUT_LIT(p, "swizzle(BITMASK_PERM,\"");
                for (m = 16; m; m >>= 1) {
                    int a = (p0 & m) != 0, b = (p1 & m) != 0;
                    *p++ = a == b ? (a ? '1' : '0') : (a ? 'i' : 'p');
                }
                p = PUT_LIT(p, "\")");
            }
        }
    } else {
        p = dec(p, v);
    }
    return p;
}

/* A VALU source without its modifiers: 256-511 v0-v255; below, a scalar operand code. */
CODEC_INLINE char *vsrc(char *p, const gcn_tables *t, const gcn_inst *in, const gcn_operand_row *op,
                        uint32_t v)
{
    if (v >= 256) {
        *p++ = 'v';
        v -= 256;
        return op->regs == 1 ? dec(p, v) : range(p, v, (unsigned long long)v + op->regs - 1);
    }
    if ((op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16) &&
        codec_scalar(t, in->gen, v)->sclass == GCN_SC_LITERAL) {
        /* the literal's low 16 bits, an inline integer when they read as one (0xfff0: -16),
         * and of a half the inline float whose half they are (0x3800: 0.5), as LLVM writes
         * them (the text assembles to the inline constant, which reads the same value) */
        int64_t s16 = (int64_t)(int16_t)(uint16_t)(in->literal & 0xffffu);
        int ic = s16 >= -16 && s16 <= 64 ? gcn_codec_inline_code(t, in->gen, s16, 1) : -1;
        if (ic < 0 && op->format == GCN_FMT_F16)
            ic = gcn_codec_inline_half_code(t, in->gen, in->literal);
        return ic < 0 ? hex(p, in->literal & 0xffffu) : scalar(p, t, in, (unsigned)ic, 1);
    }
    if (op->format == GCN_FMT_F64 && op->regs == 2 &&
        codec_scalar(t, in->gen, v)->sclass == GCN_SC_LITERAL) {
        /* the literal is the double's upper half: an inline constant when the double is */
        int ic = gcn_codec_inline_code(t, in->gen, (int64_t)((uint64_t)in->literal << 32), 2);
        return ic < 0 ? hex(p, in->literal) : scalar(p, t, in, (unsigned)ic, 2);
    }
    return scalar(p, t, in, v, op->regs);
}

/* Operand i of a valid instruction into p, without the separator before it; returns the end. */
CODEC_INLINE char *put_operand(char *p, const gcn_tables *t, const gcn_inst *in, unsigned i)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_operand_row *op = &row->operand[i];
    uint32_t v = in->field[op->slot];
    switch (op->kind) {
    case GCN_KIND_VGPR:
    case GCN_KIND_VADDR_BUF:
    case GCN_KIND_VADDR_SADDR:
    case GCN_KIND_VDATA_MIMG: {
        /* as many registers as the generation and the flags say (a D16 VDATA, tfe, a buffer
         * address: 'off' with none) */
        unsigned n = gcn_operand_regs(op, in->gen, in->field);
        if (!n)
            return PUT_LIT(p, "off");
        *p++ = 'v';
        return n == 1 ? dec(p, v) : range(p, v, (unsigned long long)v + n - 1);
    }
    case GCN_KIND_SRSRC:
        return scalar(p, t, in, v * 4, op->regs);
    case GCN_KIND_SADDR:
        /* the field's 'off' code (aux[0]): no scalar address */
        if (v == op->aux[0])
            return PUT_LIT(p, "off");
        return scalar(p, t, in, v, op->regs);
    case GCN_KIND_SDST:
    case GCN_KIND_SGPR:
    case GCN_KIND_SSRC:
        return scalar(p, t, in, v, op->regs);
    case GCN_KIND_SBASE:
        return scalar(p, t, in, v * 2, op->regs);
    case GCN_KIND_VSRC:
    case GCN_KIND_VSRC_VGPR: {
        /* the source modifiers as LLVM writes them: -x, |x|, -|x|; a negated constant without
         * abs as neg(x), so that '-' never reads as the constant's sign */
        unsigned neg =
            op->neg_slot != GCN_NO_SLOT && ((in->field[op->neg_slot] >> op->mod_bit) & 1u);
        unsigned abs =
            op->abs_slot != GCN_NO_SLOT && ((in->field[op->abs_slot] >> op->mod_bit) & 1u);
        unsigned imm, negm;
        if (!(neg | abs))
            return vsrc(p, t, in, op, v);
        if (v < 256) {
            unsigned sc = codec_scalar(t, in->gen, v)->sclass;
            imm = sc == GCN_SC_INLINE_INT || sc == GCN_SC_INLINE_FLOAT || sc == GCN_SC_LITERAL;
        } else {
            imm = 0;
        }
        negm = neg && !abs && imm;
        if (neg)
            p = negm ? PUT_LIT(p, "neg(") : PUT_LIT(p, "-");
        if (abs)
            *p++ = '|';
        p = vsrc(p, t, in, op, v);
        if (abs)
            *p++ = '|';
        if (negm)
            *p++ = ')';
        return p;
    }
    case GCN_KIND_SMEM_OFFSET: {
        /* the layout, looked up here only: no other operand reads it */
        const gcn_layout_row *l = codec_layout(t, in->gen, row->encoding);
        int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
        int soe = op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
        /* the immediate: signed where the generation says so */
        unsigned num = (op->signed_gens >> in->gen) & 1 ? GCN_NUM_HEXS : GCN_NUM_HEX;
        if (soe) {
            /* SGPR[SOFFSET] (+ the immediate, written as offset:) */
            p = scalar(p, t, in, in->field[op->aux[2]], 1);
            if (imm)
                p = put_number(PUT_LIT(p, " offset:"), v, num, l->slot[op->slot].width);
        } else if (imm) {
            p = put_number(p, v, num, l->slot[op->slot].width);
        } else {
            p = scalar(p, t, in, v, 1);
        }
        return p;
    }
    case GCN_KIND_SMRD_OFFSET: {
        int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
        if (imm)
            return hex(p, v);
        if (codec_scalar(t, in->gen, v)->sclass == GCN_SC_LITERAL)
            return hex(p, in->literal); /* a dword offset, never an inline constant */
        return scalar(p, t, in, v, 1);
    }
    case GCN_KIND_IMM:
        if (op->format == GCN_FMT_GPR_IDX && v < 16u) {
            unsigned b, n = 0;
            p = PUT_LIT(p, "gpr_idx(");
            for (b = 0; b < 4; b++)
                if (v >> b & 1u) {
                    if (n++)
                        *p++ = ',';
                    size_t len = strlen(gcn_codec_gpr_idx_names[b]);
                    memcpy(p, gcn_codec_gpr_idx_names[b], len);
                    p += len;
                }
            *p++ = ')';
            return p;
        }
        if (op->format == GCN_FMT_INTERP_SLOT && v < 3u)
            return put_str(p, gcn_codec_interp_slot_names[v]);
        if (op->format == GCN_FMT_WAITCNT)
            return waitcnt(p, &t->simm16[in->gen], v);
        if (op->format == GCN_FMT_SENDMSG)
            return sendmsg(p, &t->simm16[in->gen], v);
        if (op->format == GCN_FMT_HWREG)
            return hwreg(p, &t->simm16[in->gen], v);
        if (op->format == GCN_FMT_HEX || op->format == GCN_FMT_GPR_IDX ||
            (op->format == GCN_FMT_INLINE && !inline_int(t, in->gen, v)))
            return hex(p, v);
        return dec(p, v);
    case GCN_KIND_ATTR:
        /* attrN.c: the attribute and, from the aux slot, its channel */
        p = PUT_LIT(p, "attr");
        p = dec(p, v);
        *p++ = '.';
        *p++ = gcn_codec_attr_chans[in->field[op->aux[0]] & 3u];
        return p;
    case GCN_KIND_LABEL:
        /* a branch's signed dword offset, as LLVM's disassembler writes it: the field's value */
        return dec(p, v);
    case GCN_KIND_LITERAL32: {
        /* the 32-bit constant after the word, written as LLVM writes a 32-bit literal: the
         * inline constant (integer or float) that has its value, else hex; a constant that is
         * no source (V_MADMK_F32's K) in hex always, and of a 16-bit one its low half */
        int ic = gcn_codec_inline_code(t, in->gen, in->literal, 1);
        if (op->format == GCN_FMT_HEX)
            return hex(p, in->literal);
        if (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16)
            return hex(p, in->literal & 0xffffu);
        if (ic >= 0)
            return scalar(p, t, in, (unsigned)ic, 1);
        return hex(p, in->literal);
    }
    case GCN_KIND_VCC:
        /* the register the 32-bit form implies (a carry, a condition): in no field */
        return PUT_LIT(p, "vcc");
    default:
        *p++ = '?';
        return p;
    }
}

/* A buffer format, LLVM's ' format:[DATA,NUM]' with each part left out at its default and
 * nothing at both (data format d, number format n; their fields' widths keep them in the
 * tables' range). */
static char *buf_format(char *p, const gcn_modifier_row *m, const gcn_buf_format_row *r, uint32_t d,
                        uint32_t n)
{
    if (d == r->dfmt_default && n == r->nfmt_default)
        return p;
    *p++ = ' ';
    p = put_pool(p, m->asm_name, m->asm_len);
    if (d >= GCN_BUF_DFMTS || n >= GCN_BUF_NFMTS) {
        /* past the tables (no decoded word: its fields are 4 and 3 bits): LLVM's format:N */
        *p++ = ':';
        return dec(p, n * GCN_BUF_DFMTS + d);
    }
    p = PUT_LIT(p, ":[");
    if (d != r->dfmt_default) {
        memcpy(p, r->dfmt_name[d], r->dfmt_len[d]);
        p += r->dfmt_len[d];
        if (n != r->nfmt_default)
            *p++ = ',';
    }
    if (n != r->nfmt_default) {
        memcpy(p, r->nfmt_name[n], r->nfmt_len[n]);
        p += r->nfmt_len[n];
    }
    *p++ = ']';
    return p;
}

/* Modifier i of a valid instruction into p, with the space before it; nothing where the
 * generation lacks it or its value is not written. Returns the end. */
static char *put_modifier(char *p, const gcn_tables *t, const gcn_inst *in, unsigned i)
{
    const gcn_modifier_row *m = &t->insns[in->insn].modifier[i];
    uint32_t v = in->field[m->slot];
    if (m->format == GCN_FMT_SRC_BITS && ((m->gens >> in->gen) & 1)) {
        /* name:[S0,...]: source k's bit is bit k of the field with field_hi's above it (VOP3P's
         * op_sel_hi, E270); LLVM writes all of them, or none at the default (all 0, or all 1) */
        unsigned k, all = (1u << m->values) - 1u;
        if (m->slot2 != GCN_NO_SLOT)
            v |= in->field[m->slot2]
                 << codec_layout(t, in->gen, t->insns[in->insn].encoding)->slot[m->slot].width;
        if ((v & all) == (m->default_ones ? all : 0u))
            return p;
        *p++ = ' ';
        p = put_pool(p, m->asm_name, m->asm_len);
        p = PUT_LIT(p, ":[");
        for (k = 0; k < m->values; k++) {
            *p++ = (char)('0' + ((v >> k) & 1u));
            *p++ = k + 1u < m->values ? ',' : ']';
        }
        return p;
    }
    if (!((m->gens >> in->gen) & 1) || (v == 0 && (m->omit_zero || m->format == GCN_FMT_FLAG)))
        return p;
    if (m->format == GCN_FMT_BUF_FORMAT)
        return buf_format(p, m, &t->buf_formats[in->gen], v, in->field[m->slot2]);
    if (m->format == GCN_FMT_OP_SEL && m->values) {
        /* op_sel:[S0,...,D]: the sources' bits from the lowest, then the destination's, the
         * field's top bit (LLVM writes all of them, or none when all are 0) */
        unsigned w = codec_layout(t, in->gen, t->insns[in->insn].encoding)->slot[m->slot].width, k;
        *p++ = ' ';
        p = put_pool(p, m->asm_name, m->asm_len);
        p = PUT_LIT(p, ":[");
        for (k = 0; k < m->values; k++) {
            unsigned bit = k + 1u < m->values ? k : w - 1u;
            *p++ = (char)('0' + ((v >> bit) & 1u));
            *p++ = k + 1u < m->values ? ',' : ']';
        }
        return p;
    }
    *p++ = ' ';
    if (m->format == GCN_FMT_OMOD) {
        static const char omod_text[4][6] = {"", "mul:2", "mul:4", "div:2"};
        memcpy(p, omod_text[v & 3u], 5);
        return p + 5;
    }
    p = put_pool(p, m->asm_name, m->asm_len);
    if (m->format == GCN_FMT_FLAG)
        return p;
    *p++ = ':';
    if (m->format == GCN_FMT_HEX)
        return hex(p, v);
    if (m->format == GCN_FMT_SWIZZLE)
        return swizzle(p, v);
    if (m->format == GCN_FMT_SDEC) {
        /* a signed field: its top bit is the sign */
        unsigned w = codec_layout(t, in->gen, t->insns[in->insn].encoding)->slot[m->slot].width;
        if (w && w < 32 && (v >> (w - 1)) & 1u) {
            *p++ = '-';
            return dec(p, (1u << w) - v);
        }
    }
    return dec(p, v);
}

char *gcn_codec_put_operand(char *p, const gcn_inst *in, unsigned i)
{
    return put_operand(p, &gcn_codec_table_data, in, i);
}

char *gcn_codec_put_modifier(char *p, const gcn_inst *in, unsigned i)
{
    return put_modifier(p, &gcn_codec_table_data, in, i);
}

/* Step `what` of a print program (gcn_print_step) on the general path, its separator first: a
 * call of its own, which keeps the registers of the text's loop free. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static char *
put_step(char *p, const gcn_tables *t, const gcn_inst *in, unsigned what)
{
    const gcn_operand_row *ops = t->insns[in->insn].operand;
    unsigned k, first = 1;
    if (what == GCN_PRINT_REST) {
        for (k = 0; k < t->insns[in->insn].noperands; k++)
            p = put_step(p, t, in, k);
        for (k = 0; k < t->insns[in->insn].nmodifiers; k++)
            p = put_modifier(p, t, in, k);
        return p;
    }
    if (what >= GCN_PRINT_MODIFIER)
        return put_modifier(p, t, in, what - GCN_PRINT_MODIFIER);
    /* an operand its flag leaves out (an atomic's VDST without glc) is not written, and the
     * next one written is the first */
    if (gcn_operand_absent(&ops[what], in->field))
        return p;
    for (k = 0; k < what && first; k++)
        first = gcn_operand_absent(&ops[k], in->field);
    p = first ? PUT_LIT(p, " ") : PUT_LIT(p, ", ");
    return put_operand(p, t, in, what);
}

/* The text of a valid instruction into p by the general path alone; returns the end. */
static char *text_general(char *p, const gcn_tables *t, const gcn_inst *in)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    unsigned i;
    p = put_pool(p, row->mnemonic, gcn_mnemonic_len(row, in->gen));
    for (i = 0; i < row->noperands; i++)
        p = put_step(p, t, in, i);
    for (i = 0; i < row->nmodifiers; i++)
        p = put_modifier(p, t, in, i);
    return p;
}

/* Steps k on of program pp by every means (texts, number steps, SMEM variants, the general
 * path), after the text up to p; returns the end. */
static char *steps_from(char *p, const gcn_tables *t, const gcn_inst *in, const gcn_print_prog *pp,
                        unsigned k)
{
    const gcn_print_texts *x = &gcn_codec_print_texts;
    const gcn_text16 *texts = x->texts;
    unsigned n = pp->n;
    for (; k < n; k++) {
        /* the step read whole before the text is stored (a char store may alias it) */
        gcn_print_step s = pp->step[k];
        uint32_t v = in->field[s.slot];
        if (s.what == GCN_PRINT_MORE) {
            /* the program goes on in another (k wraps to 0) */
            pp = &x->progs[s.at];
            n = pp->n;
            k = ~0u;
            continue;
        }
    step:
        if (v < s.count) {
            const gcn_text16 *e = &texts[s.at + v];
            if (e->n != GCN_TEXT_GENERAL) {
                memcpy(p, e, 16);
                p += e->n;
                continue;
            }
        } else if (s.num >= GCN_NUM_VARIANT) {
            /* the step of this IMM and SOE, or of these source modifiers (never a variant step
             * itself) */
            s = *gcn_print_variant(x, &s, in->field);
            v = in->field[s.slot];
            goto step;
        } else if (s.num) {
            const gcn_text16 *e = &texts[s.at + s.count];
            memcpy(p, e, 16);
            p = put_number(p + e->n, v, s.num, s.bits);
            continue;
        }
        p = put_step(p, t, in, s.what);
    }
    return p;
}

/* The text of a valid instruction into p; returns the end. */
static char *text(char *p, const gcn_tables *t, const gcn_inst *in)
{
    const gcn_print_texts *x = &gcn_codec_print_texts;
    const gcn_print_prog *pp;
    if (!x->progs)
        return text_general(p, t, in);
    pp = gcn_print_prog_of(x, in->gen, in->insn);
    p = put_pool(p, (const char *)&x->texts[pp->mnemonic], pp->mnemonic_len);
    return steps_from(p, t, in, pp, 0);
}

/* len bytes of src into buf, snprintf-style (at most size - 1 and a NUL); returns len. */
static size_t put_cut(char *buf, size_t size, const char *src, size_t len)
{
    size_t n;
    if (!size)
        return len;
    n = len < size - 1 ? len : size - 1;
    memcpy(buf, src, n);
    buf[n] = 0;
    return len;
}

/* The text of a valid instruction into a local buffer, then what fits of it into buf: a call
 * of its own, so that the common case below keeps no local buffer. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t
print_cut(const gcn_tables *t, const gcn_inst *in, char *buf, size_t size)
{
    char tmp[GCN_TEXT_MAX + SLACK];
    return put_cut(buf, size, tmp, (size_t)(text(tmp, t, in) - tmp));
}

/* print_valid's text from step k of pp on, after the text up to p in buf: a call of its own,
 * so that the common case keeps its registers and calls nothing. Returns the length. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t
print_rest(const gcn_tables *t, const gcn_inst *in, const gcn_print_prog *pp, char *buf, char *p,
           unsigned k)
{
    p = steps_from(p, t, in, pp, k);
    *p = 0;
    return (size_t)(p - buf);
}

/* The text of a valid instruction into buf, snprintf-style. Where buf has room for any text of
 * the instruction, the mnemonic and then each step whose value has a text (one block copy
 * each) go straight there; the first other step, and the rest after it, go to print_rest. */
CODEC_INLINE size_t print_valid(const gcn_tables *t, const gcn_inst *in, char *buf, size_t size)
{
    const gcn_print_texts *x = &gcn_codec_print_texts;
    const gcn_print_prog *pp;
    const gcn_print_step *step, *end;
    const gcn_text16 *texts;
    char *p;
    if (!x->progs)
        return print_cut(t, in, buf, size);
    pp = gcn_print_prog_of(x, in->gen, in->insn);
    if (size < (size_t)pp->text_max + SLACK)
        return print_cut(t, in, buf, size);
    texts = x->texts;
    p = put_pool(buf, (const char *)&texts[pp->mnemonic], pp->mnemonic_len);
    for (step = pp->step, end = step + pp->n; step < end; step++) {
        const gcn_print_step *s = step;
        uint32_t v = in->field[s->slot];
        const gcn_text16 *e;
        if (CODEC_UNLIKELY(v >= s->count)) {
            if (s->what == GCN_PRINT_MORE) {
                /* the program goes on in another: its steps from the first */
                pp = &x->progs[s->at];
                step = pp->step;
                end = step + pp->n;
                s = step;
                v = in->field[s->slot];
                if (v < s->count)
                    goto text;
            }
            if (s->num >= GCN_NUM_VARIANT) {
                /* the step of this IMM and SOE, or of these source modifiers (never a variant
                 * step itself) */
                s = gcn_print_variant(x, s, in->field);
                v = in->field[s->slot];
            }
            if (v >= s->count)
                break;
        }
    text:
        e = &texts[s->at + v];
        if (CODEC_UNLIKELY(e->n == GCN_TEXT_GENERAL))
            break;
        memcpy(p, e, 16);
        p += e->n;
    }
    if (step < end)
        return print_rest(t, in, pp, buf, p, (unsigned)(step - pp->step));
    *p = 0;
    return (size_t)(p - buf);
}

size_t gcn_codec_print_general(const gcn_inst *in, char *buf, size_t size)
{
    const gcn_tables *t = &gcn_codec_table_data;
    char tmp[GCN_TEXT_MAX + SLACK];
    if (!in || in->gen >= t->ngens || in->insn >= t->ninsns)
        return gcn_print(in, buf, size);
    return put_cut(buf, size, tmp, (size_t)(text_general(tmp, t, in) - tmp));
}

size_t gcn_print(const gcn_inst *in, char *buf, size_t size)
{
    const gcn_tables *t = &gcn_codec_table_data;
    static const char invalid[] = "<invalid>";
    if (in && in->gen < t->ngens && in->insn < t->ninsns)
        return print_valid(t, in, buf, size);
    return put_cut(buf, size, invalid, sizeof(invalid) - 1);
}

/* gcn_disasm after its decoder: the text of the instruction it decoded (st, in). */
CODEC_INLINE gcn_status disasm_print(gcn_status st, const gcn_inst *in, char *buf, size_t size,
                                     size_t *nbytes)
{
    if (st != GCN_OK) {
        if (buf && size)
            buf[0] = 0;
        return st;
    }
    if (nbytes)
        *nbytes = in->size;
    if (buf)
        print_valid(&gcn_codec_table_data, in, buf, size);
    return GCN_OK;
}

gcn_status gcn_codec_disasm_portable(int gen, const uint8_t *bytes, size_t len, char *buf,
                                     size_t size, size_t *nbytes, gcn_inst *out)
{
    _Alignas(128) gcn_inst local; /* on no 4 KiB page boundary (gcn_inst in codec.h) */
    gcn_inst *in = out ? out : &local;
    return disasm_print(codec_decode_fast(gen, bytes, len, in), in, buf, size, nbytes);
}

#ifdef CODEC_AVX2
/* The vector path's decoder is a call of its own: the printer stays portable code (compiled
 * for AVX2 inside this function, it was slower). */
gcn_status gcn_codec_disasm_avx2(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                                 size_t *nbytes, gcn_inst *out)
{
    _Alignas(128) gcn_inst local; /* on no 4 KiB page boundary (gcn_inst in codec.h) */
    gcn_inst *in = out ? out : &local;
    return disasm_print(gcn_codec_decode_avx2(gen, bytes, len, in), in, buf, size, nbytes);
}

typedef gcn_status disasm_fn(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                             size_t *nbytes, gcn_inst *out);

CODEC_RESOLVER static disasm_fn *resolve_disasm(void)
{
    return codec_cpu_avx2() ? gcn_codec_disasm_avx2 : gcn_codec_disasm_portable;
}

gcn_status gcn_disasm(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                      size_t *nbytes, gcn_inst *out) __attribute__((ifunc("resolve_disasm")));
#else
gcn_status gcn_disasm(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                      size_t *nbytes, gcn_inst *out)
{
    return gcn_codec_disasm_portable(gen, bytes, len, buf, size, nbytes, out);
}
#endif
