/* Shared by the codec's runtime files: field access and operand checks over the generated
 * tables. */
#ifndef GCN_CODEC_INTERNAL_H
#define GCN_CODEC_INTERNAL_H

#include <string.h>

#include "gcnspec/codec.h"
#include "tables.h"

static inline const gcn_layout_row *codec_layout(const gcn_tables *t, unsigned gen, unsigned enc)
{
    return &t->layouts[gen * t->nencodings + enc];
}

static inline const gcn_scalar_row *codec_scalar(const gcn_tables *t, unsigned gen, unsigned code)
{
    return &t->scalars[gen * 256u + (code & 0xffu)];
}

static inline uint64_t codec_get(uint64_t w, gcn_slot_row s)
{
    return s.width ? (w >> s.lo) & ((s.width >= 64 ? ~0ull : (1ull << s.width) - 1)) : 0;
}

static inline uint64_t codec_put(uint64_t w, gcn_slot_row s, uint64_t v)
{
    uint64_t m;
    if (!s.width)
        return w;
    m = (s.width >= 64 ? ~0ull : (1ull << s.width) - 1);
    return (w & ~(m << s.lo)) | ((v & m) << s.lo);
}

static inline uint64_t codec_load(const uint8_t *b, size_t n)
{
    uint64_t w = 0;
    size_t i;
    for (i = 0; i < n && i < 8; i++)
        w |= (uint64_t)b[i] << (8 * i);
    return w;
}

/* Little-endian loads of exactly 4 and 8 bytes (compiled to one load on x86-64/aarch64). */
static inline uint64_t codec_load4(const uint8_t *b)
{
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24;
}

static inline uint64_t codec_load8(const uint8_t *b)
{
    return codec_load4(b) | codec_load4(b + 4) << 32;
}

/* The generated tables (codec/tables.c): reached directly by the hot paths. */
extern const gcn_tables gcn_codec_table_data;

/* Is `code` (the first of `regs` registers) a register operand the field may hold?
 * dst: as a destination (7-bit fields), else as a source. gcngen decided it for 1, 2, 4, 8
 * and 16 registers (gcn_scalar_row.ok). */
static inline int codec_scalar_reg_ok(const gcn_tables *t, unsigned gen, unsigned code,
                                      unsigned regs, int dst)
{
    int k = regs == 1 ? 0 : regs == 2 ? 1 : regs == 4 ? 2 : regs == 8 ? 3 : regs == 16 ? 4 : -1;
    if (code > 255 || k < 0)
        return 0;
    return (t->reg_ok[gen * 256u + code] & GCN_REG_OK((unsigned)k, dst)) != 0;
}

/* The fast plan f for the word w: its SMEM variant by IMM and SOE, or f itself. */
static inline const gcn_fast_plan *codec_fast_variant(const gcn_tables *t, const gcn_fast_plan *f,
                                                      uint64_t w)
{
    if (f->var_mask)
        f = &t->fast_variants[f->variants + (((unsigned)(w >> f->imm_lo) & f->var_mask & 1u) |
                                             ((unsigned)(w >> f->soe_lo << 1) & f->var_mask & 2u))];
    return f;
}

/* The fast plan of instruction insn on gen for the word w. */
static inline const gcn_fast_plan *codec_fast_plan(const gcn_tables *t, unsigned gen, unsigned insn,
                                                   uint64_t w)
{
    return codec_fast_variant(t, &t->fast_plans[gen * t->ninsns + insn], w);
}

/* gcn_decode without its fast path: the plan rows alone (the reference the fast path is
 * tested against). */
gcn_status codec_decode_plan(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);

/* Checks every operand of an instruction whose fields are set; sets *literal when an operand
 * takes the 32-bit literal that follows the word. */
gcn_status codec_check_operands(const gcn_tables *t, const gcn_inst *in, int *literal);
/* The bytes of an instruction whose operands codec_check_operands accepted (literal: what it
 * said): the fields checked to fit, the rest zero. */
gcn_status codec_emit(const gcn_tables *t, const gcn_inst *in, int literal, uint8_t *out,
                      size_t cap, size_t *len);
/* Checks that every field the instruction uses holds its value (nothing would be cut when
 * encoding). Decoded fields always do. */
gcn_status codec_check_fields(const gcn_tables *t, const gcn_inst *in);

/* The inline constant code that stands for the value an operand of `regs` registers reads,
 * or -1. A 32-bit operand reads v as 32 bits (0xfffffff0 is -16; 0x3f800000 is 1.0), as
 * LLVM's assembler and printer do; a 64-bit operand reads it whole. */
int codec_inline_code(const gcn_tables *t, unsigned gen, int64_t v, unsigned regs);

/* The lane DS_SWIZZLE_B32 with this offset reads for `lane` (0-31): the documents' two modes,
 * OFFSET[15] = 1: within each quad, lane pair k of OFFSET[7:0] selects; OFFSET[15] = 0: on the
 * lane's 5 bits, ((lane & AND) | OR) ^ XOR with the masks in OFFSET[4:0], [9:5], [14:10]. Two
 * offsets that agree on every lane are the same instruction (the text of one may encode the
 * other). */
static inline unsigned codec_swizzle_lane(uint32_t off, unsigned lane)
{
    if (off & 0x8000u)
        return (lane & ~3u) | ((off >> (2 * (lane & 3))) & 3u);
    return (((lane & (off & 31u)) | ((off >> 5) & 31u)) ^ ((off >> 10) & 31u)) & 31u;
}

/* The value of the smem immediate offset as written (sign-extended where it is signed). */
int64_t codec_smem_imm(const gcn_operand_row *op, const gcn_layout_row *l, unsigned gen,
                       uint64_t raw);

/* The decoder's steps are inlined into their callers: one function, no spills between them
 * (-O0 cannot inline a recursive one). */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define CODEC_INLINE static inline __attribute__((always_inline))
#else
#define CODEC_INLINE static inline
#endif

#define CODEC_FAST_FETCH(k) out->field[f->slot[k]] = (uint32_t)(w >> f->lo[k]) & f->mask[k]
#define CODEC_FAST_CHECK(k)                                                                        \
    acc |= t->check_rows[f->ck_at[k] + ((unsigned)(w >> f->ck_lo[k]) & f->ck_mask[k])]

/* gcn_decode, inlined into its callers (gcn_decode, gcn_disasm). The fast path: an
 * instruction of one known encoding, 8 bytes readable, a fast plan (no branch on operand
 * kinds); everything else goes to codec_decode_plan, which gives the same answer
 * (tests/codec/test_decode_fast.c holds them to it). */
CODEC_INLINE gcn_status codec_decode_fast(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_dispatch_row *d;
    const gcn_fast_plan *f;
    uint64_t w, opcode;
    unsigned insn, acc = 0;
    if ((unsigned)gen >= t->ngens || !bytes || !out || len < 8)
        return codec_decode_plan(gen, bytes, len, out);
    w = codec_load8(bytes);
    d = &t->dispatch[(unsigned)gen * 512u + ((uint32_t)w >> 23)];
    if (d->enc >= GCN_ENC_SCAN || ((uint32_t)w ^ d->match_value) & d->match_mask)
        return codec_decode_plan(gen, bytes, len, out);
    opcode = (w >> d->opcode_lo) & d->opcode_mask;
    insn = d->opcode_map[opcode];
    if (insn == GCN_NO_INSN)
        return codec_decode_plan(gen, bytes, len, out);
    f = codec_fast_variant(t, d->fast + insn, w);
    if (f->slow)
        return codec_decode_plan(gen, bytes, len, out);
    memset(out, 0, sizeof(*out));
    out->insn = (uint16_t)insn;
    out->gen = (uint8_t)gen;
    out->encoding = d->enc;
    out->size = d->bytes;
    /* 8, 4, 2 or 0 fetches, 4, 2 or 0 checks: steps past the plan's own repeat or pass */
    switch (f->nfetch) {
    case 8:
        CODEC_FAST_FETCH(7);
        CODEC_FAST_FETCH(6);
        CODEC_FAST_FETCH(5);
        CODEC_FAST_FETCH(4);
        /* fall through */
    case 4:
        CODEC_FAST_FETCH(3);
        CODEC_FAST_FETCH(2);
        /* fall through */
    case 2:
        CODEC_FAST_FETCH(1);
        CODEC_FAST_FETCH(0);
        /* fall through */
    default:
        break;
    }
    switch (f->ncheck) {
    case 4:
        CODEC_FAST_CHECK(3);
        CODEC_FAST_CHECK(2);
        /* fall through */
    case 2:
        CODEC_FAST_CHECK(1);
        CODEC_FAST_CHECK(0);
        /* fall through */
    default:
        break;
    }
    if (acc & 1)
        return GCN_ERR_OPERAND;
    if (acc & 2) {
        if (len < (size_t)d->bytes + 4)
            return GCN_ERR_TRUNCATED;
        out->has_literal = 1;
        out->literal = (uint32_t)codec_load4(bytes + d->bytes);
        out->size = (uint8_t)(d->bytes + 4);
    }
    return GCN_OK;
}
#undef CODEC_FAST_FETCH
#undef CODEC_FAST_CHECK

#endif
