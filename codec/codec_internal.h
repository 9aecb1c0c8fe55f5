/* Shared by the codec's runtime files: field access and operand checks over the generated
 * tables. */
#ifndef GCN_CODEC_INTERNAL_H
#define GCN_CODEC_INTERNAL_H

#include <stddef.h>
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

/* The constant bus (gcn_cbus_row) on an instruction's fields: the distinct scalar values it
 * reads (val: code | width << 8; the literal GCN_CBUS_LITERAL), the operand index of an
 * LDS_DIRECT outside the slot that may hold it (-1: none). */
#define GCN_CBUS_LITERAL 0xffffu
typedef struct codec_cbus_count {
    unsigned n;
    uint16_t val[GCN_CBUS_SOURCES + 2];
    int lds_op;
} codec_cbus_count;

static inline void codec_cbus_add(codec_cbus_count *r, uint16_t key)
{
    unsigned k;
    for (k = 0; k < r->n; k++)
        if (r->val[k] == key)
            return;
    r->val[r->n++] = key;
}

static inline void codec_cbus_values(const gcn_tables *t, const gcn_inst *in, const gcn_cbus_row *c,
                                     int literal, codec_cbus_count *r)
{
    const gcn_insn_row *row = &t->insns[in->insn];
    unsigned i;
    r->n = 0;
    r->lds_op = -1;
    for (i = 0; i < c->n; i++) {
        const gcn_operand_row *op = &row->operand[c->op[i]];
        uint32_t v = in->field[op->slot];
        if (v >= 256)
            continue; /* a VGPR */
        if (v == c->lds_code) {
            if (op->slot != c->lds_slot && r->lds_op < 0)
                r->lds_op = c->op[i];
            continue;
        }
        if ((c->classes >> (t->code_info[in->gen * 256u + v] & 0xfu)) & 1)
            codec_cbus_add(r, (uint16_t)(v | (unsigned)op->regs << 8));
    }
    if (c->implicit != 0xffu)
        codec_cbus_add(r, (uint16_t)(c->implicit | (unsigned)c->implicit_regs << 8));
    if (literal)
        codec_cbus_add(r, GCN_CBUS_LITERAL);
}

/* Does the instruction keep its plan's constant bus rule? */
static inline int codec_cbus_ok(const gcn_tables *t, const gcn_inst *in, const gcn_cbus_row *c,
                                int literal)
{
    codec_cbus_count r;
    if (!c->n)
        return 1;
    codec_cbus_values(t, in, c, literal, &r);
    return r.n <= c->limit && r.lds_op < 0;
}

/* Does the decoder refuse the word for its constant bus rule alone (every operand valid, the
 * values together too many, or LDS_DIRECT outside SRC0)? For the known-disagreement lists. */
int gcn_codec_cbus_refuses(int gen, const uint8_t *bytes, size_t len);

/* Why an instruction breaks its constant bus rule (codec/cbus.c), for the parser's and the
 * decoder's messages: the reason in buf, its length; 0 when it keeps it. */
size_t gcn_codec_cbus_why(const gcn_tables *t, const gcn_inst *in, int literal, char *buf,
                          size_t size);

/* The fast plan f for the word w: its SMEM variant by IMM and SOE, or f itself. */
static inline const gcn_fast_plan *codec_fast_variant(const gcn_tables *t, const gcn_fast_plan *f,
                                                      uint64_t w)
{
    unsigned m = f->flags & GCN_FAST_VARIANTS;
    if (m)
        f = &t->fast_variants[f->variants + gcn_fast_variant_index(w, f->imm_lo, f->soe_lo, m)];
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
/* codec/suggest.c, for messages: the mnemonic of the spec closest to m[0, n) (any generation;
 * of two as close, one gen has), NULL when none is close; the ids of the generations in mask,
 * "gcn1.2, gcn1.4". */
#define GCN_SUGGEST_MAX 64
const gcn_insn_row *gcn_codec_closest_mnemonic(const gcn_tables *t, const char *m, size_t n,
                                               int gen);
size_t gcn_codec_gens_text(const gcn_tables *t, unsigned mask, char *buf, size_t size);
/* Every generation with its LLVM names: "gcn1.0 (gfx6, tahiti), gcn1.1 (gfx7, bonaire), ..." */
size_t gcn_codec_gen_choices(const gcn_tables *t, char *buf, size_t size);

gcn_status gcn_codec_decode_plan(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);

/* Checks every operand of an instruction whose fields are set; sets *literal when an operand
 * takes the 32-bit literal that follows the word. */
gcn_status gcn_codec_check_operands(const gcn_tables *t, const gcn_inst *in, int *literal);
/* The bytes of an instruction whose operands gcn_codec_check_operands accepted (literal: what it
 * said): the fields checked to fit, the rest zero. */
gcn_status gcn_codec_emit(const gcn_tables *t, const gcn_inst *in, int literal, uint8_t *out,
                          size_t cap, size_t *len);
/* Checks that every field the instruction uses holds its value (nothing would be cut when
 * encoding). Decoded fields always do. */
gcn_status gcn_codec_check_fields(const gcn_tables *t, const gcn_inst *in);

/* The inline constant code that stands for the value an operand of `regs` registers reads,
 * or -1. A 32-bit operand reads v as 32 bits (0xfffffff0 is -16; 0x3f800000 is 1.0), as
 * LLVM's assembler and printer do; a 64-bit operand reads it whole. */
int gcn_codec_inline_code(const gcn_tables *t, unsigned gen, int64_t v, unsigned regs);
/* The inline float constant code whose value a half source (format f16) reads from the 16-bit
 * pattern h (0x3800: 0.5, 0x3118: 1/(2*pi)), as LLVM reads a half operand's bits, or -1. */
int gcn_codec_inline_half_code(const gcn_tables *t, unsigned gen, uint32_t h);
/* A float as a half's bits in *h, rounded to nearest even, as LLVM converts a half operand's
 * number (0.3: 0x34cd, -0.0: 0x8000); 0 when it overflows (65520.0) or falls below the
 * smallest normal half (1e-6), which llvm-mc 14 and 19 refuse ('invalid operand for
 * instruction'). */
int gcn_codec_half_bits(double d, uint32_t *h);
/* The format of instruction row insn's 16-bit VALU sources, "f16" (halves) or "i16"
 * (integers), "-" when it has none: what the known-disagreement lists match as "source16". */
const char *gcn_codec_source16(const gcn_tables *t, unsigned insn);

/* An operand's value in LLVM's syntax (codec/expr.c): an absolute expression (64 bits,
 * wrapping) or a floating-point number (a whole operand, at most one '-' before it). */
typedef struct codec_value_t {
    int is_float;
    int64_t i;
    double d;
} codec_value_t;
/* Why a value does not parse: the message and the offset in the line it points at. */
typedef struct codec_value_err {
    size_t at;
    char msg[160];
} codec_value_err;
/* The end of the floating-point number at s[i] (LLVM's lexer: digits with a '.' or an 'e', a
 * hex float with 'p'), or 0 when s[i] starts none. s is lower case. */
size_t gcn_codec_float_end(const char *s, size_t i);
/* An absolute expression at s[*pos] (blanks before it skipped); *pos moves past it. 1, or 0
 * with e filled. */
int gcn_codec_expr(const char *s, size_t *pos, int64_t *v, codec_value_err *e);
/* The common case of either, read directly: an optional '-' and a decimal (no leading 0) or 0x
 * number that ends the expression (no operator, point, exponent or suffix after it). 0 when the
 * text is anything else, for the general parser, which reads the same value. */
int gcn_codec_plain_number(const char *s, size_t *pos, int64_t *v);
/* A float, or else an absolute expression. */
int gcn_codec_value(const char *s, size_t *pos, codec_value_t *v, codec_value_err *e);

/* A slow path kept out of its caller, so that the caller's fast path saves no registers. */
#if defined(__GNUC__)
#define CODEC_NOINLINE __attribute__((noinline))
#else
#define CODEC_NOINLINE
#endif

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

/* The printer's general path (codec/print.c), for codec/textgen, which renders the texts of
 * gcn_codec_print_texts through it, and for the tests that hold gcn_print to it. p needs room
 * for the text and 32 bytes more. Operand i alone, no separator; modifier i with the space
 * before it, or nothing (as gcn_print omits it). */
char *gcn_codec_put_operand(char *p, const gcn_inst *in, unsigned i);
char *gcn_codec_put_modifier(char *p, const gcn_inst *in, unsigned i);
/* A number step's value (gcn_print_step.num), as gcn_print writes it; textgen probes the
 * general path's texts against it. */
char *gcn_codec_put_number(char *p, uint32_t v, unsigned num, unsigned bits);
/* LLVM's names of the GPR indexing mode's bits (GCN_FMT_GPR_IDX), bit 0 first. */
extern const char *const gcn_codec_gpr_idx_names[4];
/* The largest value instruction insn takes in slot on gen (operands.json "max": a GCN_CK_VGPR
 * check on the slot), else a field of width bits' largest. */
unsigned gcn_codec_slot_max(const gcn_tables *t, unsigned gen, unsigned insn, unsigned slot,
                            unsigned width);
extern const char *const gcn_codec_interp_slot_names[3];
extern const char gcn_codec_attr_chans[4];
/* Clears the bits of an instruction's waitcnt and sendmsg immediates that their text leaves
 * out (GCN_PLAN_CANON_SIMM16), so that it encodes as its text assembles. */
void gcn_codec_canon_simm16(const gcn_tables *t, gcn_inst *in);
/* gcn_print by the general path alone, every step printed as it would be without texts. */
size_t gcn_codec_print_general(const gcn_inst *in, char *buf, size_t size);

/* raw as a w-bit two's complement value (w in 1..63), sign-extended. */
static inline int64_t codec_sext(uint64_t raw, unsigned w)
{
    return (raw >> (w - 1)) & 1 ? (int64_t)(raw | ~((1ull << w) - 1)) : (int64_t)raw;
}

/* The value of the smem immediate offset as written (sign-extended where it is signed). */
static inline int64_t codec_smem_imm(const gcn_operand_row *op, const gcn_layout_row *l,
                                     unsigned gen, uint64_t raw)
{
    unsigned w = l->slot[op->slot].width;
    if ((op->signed_gens >> gen) & 1 && w && w < 64)
        return codec_sext(raw, w);
    return (int64_t)raw;
}

/* The decoder's steps are inlined into their callers: one function, no spills between them
 * (-O0 cannot inline a recursive one). */
#if defined(__GNUC__)
#define CODEC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define CODEC_UNLIKELY(x) (x)
#endif
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define CODEC_INLINE static inline __attribute__((always_inline))
#else
#define CODEC_INLINE static inline
#endif

/* The vector path (x86-64 with AVX2): the fast path's fields in one 8-lane step and its checks
 * from them (codec_fast_work_avx2) in place of the per-field fetches. gcn_decode and gcn_disasm are
 * each bound once, when the program is loaded, to their AVX2 form or their portable one (GNU
 * indirect functions, which ELF hosts with glibc resolve): no call pays for the choice. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__) && defined(__GLIBC__)
#include <immintrin.h>
#define CODEC_AVX2 1
#define CODEC_TARGET_AVX2 __attribute__((target("avx2")))
_Static_assert(GCN_INST_MAX_FIELDS == 24, "codec_fast_work_avx2 writes 24 fields");
/* A resolver runs while the program is being relocated, before any constructor: it reads the
 * CPU's model itself (__builtin_cpu_init) and is not instrumented (the sanitizers' runtimes
 * are not set up yet); "used": clang does not count the ifunc attribute as a use. */
#define CODEC_UNINSTRUMENTED __attribute__((no_sanitize("address", "undefined")))
#define CODEC_RESOLVER __attribute__((used)) CODEC_UNINSTRUMENTED
/* Does this CPU run the vector path? The one test the resolvers and gcn_codec_avx2_host make. */
static inline CODEC_UNINSTRUMENTED int codec_cpu_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
/* The AVX2 forms (decode.c, print.c) */
gcn_status gcn_codec_decode_avx2(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);
gcn_status gcn_codec_disasm_avx2(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                                 size_t *nbytes, gcn_inst *out);
#endif

/* Does gcn_decode run the vector path on this host? (what the resolvers chose: the tests and
 * the benchmark name the path by it) */
int gcn_codec_avx2_host(void);
/* The portable forms, on every host: gcn_decode and gcn_disasm where the CPU lacks AVX2, and
 * what the tests hold the AVX2 forms to and the benchmark times beside them. */
gcn_status gcn_codec_decode_portable(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);
gcn_status gcn_codec_disasm_portable(int gen, const uint8_t *bytes, size_t len, char *buf,
                                     size_t size, size_t *nbytes, gcn_inst *out);

/* *out all zeros, in halves the compiler writes inline (a memset of all of it, 104 bytes, is
 * a `rep stos` on x86-64 with GCC: the plan path's loop over plain VOP2 words took half as long
 * again as with 16 fields, 72 bytes) */
static inline void codec_inst_clear(gcn_inst *out)
{
    _Static_assert(sizeof(gcn_inst) % 2 == 0, "gcn_inst is cleared in two halves");
    memset(out, 0, sizeof(*out) / 2);
    memset((char *)out + sizeof(*out) / 2, 0, sizeof(*out) / 2);
}

/* The field of slot s in the word w, as plan f fetches it (0 where it does not). */
static inline uint32_t codec_fast_field(const gcn_fast_plan *f, uint64_t w, unsigned s)
{
    return (uint32_t)(w >> f->slot_lo[s]) & gcn_width_mask(f->slot_w[s]);
}

#define CODEC_FAST_FETCH(k)                                                                        \
    do {                                                                                           \
        unsigned s_ = gcn_fast_slot(f, k);                                                         \
        out->field[s_] = codec_fast_field(f, w, s_);                                               \
    } while (0)
#define CODEC_FAST_CHECK(k)                                                                        \
    acc |= t->check_rows[f->ck_at[k] + codec_fast_field(f, w, f->ck_slot[k])]

/* The fields, one by one: 8, 4, 2 or 0 fetches, steps past the plan's own repeat its last
 * one; the fields it does not fetch are 0. */
CODEC_INLINE void codec_fast_fields(const gcn_fast_plan *f, uint64_t w, gcn_inst *out)
{
    memset(out->field, 0, sizeof(out->field) / 2); /* halves: codec_inst_clear */
    memset(out->field + GCN_INST_MAX_FIELDS / 2, 0, sizeof(out->field) / 2);
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
}

#ifdef CODEC_AVX2
_Static_assert(GCN_FAST_SLOTS == 8, "codec_fast_work_avx2 takes 8 slots in one vector");
/* The fields of the first 8 slots as one vector: each slot's 32-bit half of the word
 * (slot_lo / 32), shifted (slot_lo % 32) and cut to its slot_w bits (none for the slots the
 * plan does not fetch: all ones shifted left by 0 leaves no bit of the field; by 32, all of
 * them); the other 16 slots 0. Then the 4 checks' values from that vector (ck_slot), their row
 * offsets added, and the 4 row bytes ORed together (returned). */
CODEC_INLINE CODEC_TARGET_AVX2 unsigned
codec_fast_work_avx2(const gcn_tables *t, const gcn_fast_plan *f, uint64_t w, gcn_inst *out)
{
    const uint8_t *rows = t->check_rows;
    __m256i lo = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)f->slot_lo));
    __m256i wd = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)f->slot_w));
    __m256i v =
        _mm256_permutevar8x32_epi32(_mm256_set1_epi64x((long long)w), _mm256_srli_epi32(lo, 5));
    uint32_t slot4;
    __m128i c;
    v = _mm256_srlv_epi32(v, _mm256_and_si256(lo, _mm256_set1_epi32(31)));
    v = _mm256_andnot_si256(_mm256_sllv_epi32(_mm256_set1_epi32(-1), wd), v);
    _mm256_storeu_si256((__m256i *)(void *)out->field, v);
    _mm256_storeu_si256((__m256i *)(void *)(out->field + 8), _mm256_setzero_si256());
    _mm256_storeu_si256((__m256i *)(void *)(out->field + 16), _mm256_setzero_si256());
    memcpy(&slot4, f->ck_slot, 4);
    c = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
        v, _mm256_castsi128_si256(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)slot4)))));
    c = _mm_add_epi32(c, _mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)f->ck_at)));
    return (unsigned)(rows[(uint32_t)_mm_cvtsi128_si32(c)] |
                      rows[(uint32_t)_mm_extract_epi32(c, 1)] |
                      rows[(uint32_t)_mm_extract_epi32(c, 2)] |
                      rows[(uint32_t)_mm_extract_epi32(c, 3)]);
}
#endif

/* The checks, one by one (4, 2 or 0; steps past the plan's own repeat its first): the check
 * rows' bits ORed together. */
CODEC_INLINE unsigned codec_fast_checks(const gcn_tables *t, const gcn_fast_plan *f, uint64_t w)
{
    unsigned acc = 0;
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
    return acc;
}

/* The fields, then the checks (the portable path's codec_fast_work_avx2). */
CODEC_INLINE unsigned codec_fast_work(const gcn_tables *t, const gcn_fast_plan *f, uint64_t w,
                                      gcn_inst *out)
{
    codec_fast_fields(f, w, out);
    return codec_fast_checks(t, f, w);
}

/* out's instruction, generation, encoding and size, no literal (the plan's head): two stores
 * (the head in one where the host is little-endian), written as soon as the plan is known, so
 * that a reader of *out (gcn_print) waits on nothing after it. */
CODEC_INLINE void codec_fast_head(gcn_inst *out, const gcn_fast_plan *f)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(gcn_inst, insn) == 0 && offsetof(gcn_inst, gen) == 2 &&
                       offsetof(gcn_inst, encoding) == 3 && offsetof(gcn_inst, size) == 4 &&
                       offsetof(gcn_inst, has_literal) == 5 && offsetof(gcn_inst, literal) == 8,
                   "gcn_inst's head is the 8 bytes codec_fast_head stores");
    memcpy(out, &f->head, 8);
    out->literal = 0;
#else
    memset(out, 0, offsetof(gcn_inst, field));
    out->insn = (uint16_t)f->head;
    out->gen = (uint8_t)(f->head >> 16);
    out->encoding = (uint8_t)(f->head >> 24);
    out->size = (uint8_t)(f->head >> 32);
#endif
}

/* The literal, when the checks (acc) say an operand takes it: the upper half of the 8 bytes
 * the fast path read (gcngen makes slow any plan whose literal would not follow a 32-bit word),
 * its low half when a 16-bit source takes it (bit 2, as the plan rows cut it);
 * GCN_ERR_OPERAND when an operand holds no valid value. */
CODEC_INLINE gcn_status codec_fast_finish(const gcn_fast_plan *f, unsigned acc, uint64_t w,
                                          gcn_inst *out)
{
    if (acc & 1)
        return GCN_ERR_OPERAND;
    if (acc & 2) {
        out->has_literal = 1;
        out->literal = (uint32_t)(w >> 32) & (acc & 4 ? 0xffffu : 0xffffffffu);
        out->size = (uint8_t)((f->head >> 32) + 4);
    }
    return GCN_OK;
}

/* A word of a row where encodings nest by a source's code (gcn_dispatch_row.nested: SDWA/DPP
 * in VOP1/VOP2/VOPC) that fails the fast checks may be a nested encoding's: the plan path scans
 * the row. Elsewhere the fast path's answer stands. */
CODEC_INLINE gcn_status codec_fast_nested(const gcn_dispatch_row *d, gcn_status st, int gen,
                                          const uint8_t *bytes, size_t len, gcn_inst *out)
{
    if (st == GCN_ERR_OPERAND && d->nested)
        return gcn_codec_decode_plan(gen, bytes, len, out);
    return st;
}

/* The words whose plan is not GCN_FAST_OK (SMEM variants, slow plans, no instruction): a
 * function of its own, reached by a tail call, so that the common path keeps no register
 * across a call (decode.c; the _avx2 form on the vector path). */
gcn_status gcn_codec_decode_flagged(const gcn_fast_plan *f, uint64_t w, int gen,
                                    const uint8_t *bytes, size_t len, gcn_inst *out);
#ifdef CODEC_AVX2
gcn_status gcn_codec_decode_flagged_avx2(const gcn_fast_plan *f, uint64_t w, int gen,
                                         const uint8_t *bytes, size_t len, gcn_inst *out);
#endif

/* The body of codec_decode_fast (WORK: codec_fast_work, the fields and the checks; FLAGGED:
 * gcn_codec_decode_flagged) and of codec_decode_fast_avx2 (their _avx2 forms): one text,
 * compiled for two targets. The fast path takes an instruction of one known encoding (a
 * dispatch row of one encoding is its match: gcngen sends the others to the scan), 8 bytes
 * readable; gcn_codec_decode_plan the rest, and the instructions whose plan is slow. The key map
 * names the plan, and the plan the instruction: two lookups after the word. */
#define CODEC_DECODE_FAST_BODY(WORK, FLAGGED)                                                      \
    const gcn_tables *t = &gcn_codec_table_data;                                                   \
    const gcn_dispatch_row *d;                                                                     \
    const gcn_fast_plan *f;                                                                        \
    uint64_t w;                                                                                    \
    if (!out || (unsigned)gen >= t->ngens || !bytes || len < 8)                                    \
        return gcn_codec_decode_plan(gen, bytes, len, out);                                        \
    w = codec_load8(bytes);                                                                        \
    d = &t->dispatch[(unsigned)gen * 512u + ((uint32_t)w >> 23)];                                  \
    f = d->key_plans + ((w >> d->key_lo) & d->key_mask);                                           \
    if (f->flags != GCN_FAST_OK &&                                                                 \
        (f->flags != (GCN_FAST_OK | GCN_FAST_UNMODELLED) || (w & gcn_fast_refused(f))))            \
        return FLAGGED(f, w, gen, bytes, len, out);                                                \
    codec_fast_head(out, f);                                                                       \
    return codec_fast_nested(d, codec_fast_finish(f, WORK(t, f, w, out), w, out), gen, bytes, len, \
                             out)

/* The same for a plan that is not GCN_FAST_OK: its SMEM variant (where the key map could not
 * name it), a plan whose symbolic immediate is made canonical after it (GCN_FAST_CANON), the
 * plan rows where that is slow or there is no instruction. */
#define CODEC_DECODE_FLAGGED_BODY(WORK)                                                            \
    const gcn_tables *t = &gcn_codec_table_data;                                                   \
    gcn_status st_;                                                                                \
    f = codec_fast_variant(t, f, w);                                                               \
    if ((f->flags & ~(GCN_FAST_CANON | GCN_FAST_UNMODELLED | GCN_FAST_CBUS)) != GCN_FAST_OK)       \
        return gcn_codec_decode_plan(gen, bytes, len, out);                                        \
    if ((f->flags & GCN_FAST_UNMODELLED) && (w & gcn_fast_refused(f)))                             \
        return gcn_codec_decode_plan(gen, bytes, len, out);                                        \
    codec_fast_head(out, f);                                                                       \
    st_ =                                                                                          \
        codec_fast_nested(&t->dispatch[(unsigned)gen * 512u + ((uint32_t)w >> 23)],                \
                          codec_fast_finish(f, WORK(t, f, w, out), w, out), gen, bytes, len, out); \
    if (st_ == GCN_OK && (f->flags & GCN_FAST_CANON))                                              \
        gcn_codec_canon_simm16(t, out);                                                            \
    if (st_ == GCN_OK && (f->flags & GCN_FAST_CBUS) &&                                             \
        !codec_cbus_ok(t, out, &t->plans[(unsigned)gen * t->ninsns + out->insn].cbus,              \
                       out->has_literal))                                                          \
        st_ = GCN_ERR_OPERAND;                                                                     \
    return st_

/* gcn_decode, inlined into its callers (gcn_decode, gcn_disasm): the fast path, and
 * gcn_codec_decode_plan for what it does not take, which gives the same answer
 * (tests/codec/test_decode_fast.c holds them to it). */
CODEC_INLINE gcn_status codec_decode_fast(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    CODEC_DECODE_FAST_BODY(codec_fast_work, gcn_codec_decode_flagged);
}

#ifdef CODEC_AVX2
/* The same with the vector path's fields (gcn_codec_decode_avx2 is its one caller). */
CODEC_INLINE CODEC_TARGET_AVX2 gcn_status codec_decode_fast_avx2(int gen, const uint8_t *bytes,
                                                                 size_t len, gcn_inst *out)
{
    CODEC_DECODE_FAST_BODY(codec_fast_work_avx2, gcn_codec_decode_flagged_avx2);
}
#endif
#undef CODEC_DECODE_FAST_BODY
#undef CODEC_FAST_FETCH
#undef CODEC_FAST_CHECK

#endif
