/* What the generated semantics (gen/gcngen semantics -> gcn_semantics.inc) are written against:
 * the context one instruction runs in, and the helpers its C calls. oracle/semantics.c is the
 * one file that includes the generated code, right after this header.
 *
 * Every helper has defined behaviour for every input, so the generated code is clean under
 * UBSan whatever the documents' pseudocode does:
 *  - integer arithmetic is done in the unsigned type of the operation's width and converted
 *    back (signed overflow wraps, two's complement);
 *  - a shift by a count >= the width of the shifted (promoted) type gives 0 (<<, unsigned >>)
 *    or the sign (signed >>): the bits shifted out are lost, as in the wider arithmetic the
 *    pseudocode means; a negative count is a huge one. (C leaves both undefined; x86 and the
 *    GCN shift instructions would mask the count. The documents mask explicitly where they
 *    mean it: SSRC0&31.)
 *  - x / 0 and x % 0 give 0; INT_MIN / -1 wraps;
 *  - a float converted to an integer saturates, NaN gives 0;
 *  - a local array, a register tuple, a lane or an SGPR number out of range reads 0 and drops
 *    the write. */
#ifndef GCN_ORACLE_SEM_RT_H
#define GCN_ORACLE_SEM_RT_H

#include <stdint.h>
#include <string.h>

#include "codec/tables.h"
#include "gcnspec/oracle.h"

#if !defined(__SIZEOF_INT128__)
#error "the oracle needs a 128-bit integer type (GCC or Clang on a 64-bit target)"
#endif
__extension__ typedef unsigned __int128 gs_u128;

/* The helpers the generated code calls on every operand and lane: always inlined (the
 * compiler would otherwise keep some as calls, the largest cost of one instruction). */
#define GS_INLINE static inline __attribute__((always_inline))

#define GS_NOREG 0xffffu
#define GS_LOOP_MAX 1000000u /* a pseudocode loop that runs longer fails the instruction */

/* Where a generation keeps the machine registers the pseudocode names (generated from the
 * spec's scalar operand table: gen/sem_vocab.c says which spelling each name maps to). */
typedef struct gs_regs {
    uint8_t exec_lo, exec_hi, vcc_lo, vcc_hi, m0;
    uint8_t cond_scc, cond_vccz, cond_execz; /* the condition source codes (0xff: none) */
    uint8_t gcn14;                           /* GCN14 is true on this generation */
    uint8_t nttmp;
    uint8_t ttmp[32];    /* the code of TTMP n */
    uint64_t sgpr_rd[2]; /* codes < 128 that SGPR[n] may read ... */
    uint64_t sgpr_wr[2]; /* ... and write */
} gs_regs;

/* A resolved operand of one decoded instruction. */
enum {
    GS_OPD_NONE,
    GS_OPD_VGPR,  /* reg: the first VGPR */
    GS_OPD_SREG,  /* reg: the first scalar register code */
    GS_OPD_CONST, /* value: an inline constant or the literal, at the operand's width */
    GS_OPD_SCC,   /* the condition sources: 0/1 */
    GS_OPD_VCCZ,
    GS_OPD_EXECZ,
    GS_OPD_IMM,    /* value: the field */
    GS_OPD_OFFSET, /* a scalar memory offset: off_imm + the register parts */
};

typedef struct gs_src {
    uint8_t kind; /* GS_OPD_SREG/SCC/VCCZ/EXECZ, GS_OPD_NONE: absent */
    uint8_t code;
} gs_src;

typedef struct gs_opd {
    uint8_t kind, regs;
    uint16_t reg;
    uint64_t value;
    int64_t off_imm; /* OFFSET: the immediate part, in bytes */
    gs_src off_reg;  /* OFFSET: the register the OFFSET field names (IMM=0) */
    gs_src off_soff; /* OFFSET: SOFFSET (SOE=1) */
} gs_opd;

typedef struct gs_ctx gs_ctx;
typedef gcn_status (*gs_fn)(gs_ctx *x);

/* The DS bytes one run touched (oracle/outcomes.c runs one lane at a time to find the lanes
 * whose accesses overlap). Off the normal path: gs_ctx.log is NULL there. */
#define GS_LOG_MAX 8
typedef struct gs_access_log {
    unsigned n;
    uint8_t space[GS_LOG_MAX]; /* 0: LDS, 1: GDS */
    uint8_t write[GS_LOG_MAX];
    uint32_t lo[GS_LOG_MAX], hi[GS_LOG_MAX]; /* [lo, hi) byte offsets into lds / gds */
} gs_access_log;
void gcn_gs_log_access(const gs_ctx *x, uint64_t addr, unsigned n, int write);
/* gcn_exec_options.written, when set: a store's bytes joined to its space's range (out of
 * line, the test too: one copy of its branches, not one in every instruction's code). */
void gcn_gs_note_ds_write(const gs_ctx *x, uint64_t addr, unsigned n);

/* M0's role in a DS instruction's accesses on one generation (gcnspec/m0.h's kinds, from
 * gcn.json's "m0"): 2 bits each for the written LDS and GDS roles, then the corrected ones. */
#define GS_M0(wlds, wgds, clds, cgds) ((uint8_t)((wlds) | (wgds) << 2 | (clds) << 4 | (cgds) << 6))
/* One variant's two roles (index 0 written, 1 corrected): LDS in bits 1:0, GDS in 3:2. */
#define GS_M0_OF(m0, v) ((uint8_t)((m0) >> (4 * (v)) & 0xfu))

typedef struct gs_desc {
    gs_fn fn[2]; /* [0 written, 1 corrected], NULL: no executable semantics */
    const gs_regs *regs;
    uint16_t insn;
    uint8_t gen, size, nops, nmods, lgkm;
    uint8_t m0; /* GS_M0(...) of the instruction on its generation */
    gs_opd op[GCN_MAX_OPERANDS];
    uint32_t mod[GCN_MAX_MODIFIERS]; /* modifier field values (0 where the gen lacks it) */
} gs_desc;

struct gs_ctx {
    gcn_wave_state *s;
    const gs_desc *d;
    const gs_regs *r;
    const uint8_t *order; /* lane order, NULL: ascending */
    uint64_t exec0;       /* EXEC when the instruction started */
    gs_access_log *log;   /* NULL, or where DS accesses are recorded */
    gcn_written *written; /* gcn_exec_options.written */
    uint8_t m0role;       /* GS_M0_OF the running variant */
    uint8_t *dsm;         /* the DS window: LDS, or GDS from its M0 base ... */
    uint64_t ds_limit;    /* ... and the bytes an access may reach */
    uint64_t smem_base;
    gcn_status status;
    const char *why;
    int pc_written;
    unsigned nlanes;
    uint8_t lanes[GCN_LANES];
    int vstaged;
    uint64_t vset[4]; /* the VGPRs gs_vset wrote (bit r % 64 of vset[r / 64]) */
    uint64_t vmask[GCN_MAX_OPERANDS][4];
    uint32_t vstage[GCN_MAX_OPERANDS][4][GCN_LANES];
};

/* What the generator knows about an instruction (both variants: [gcn_variant]). */
typedef struct gs_meta {
    const char *name, *encoding;
    const char *why[2]; /* why a variant does not execute, or the reason it has no effect */
    const char *written_at, *erratum;
    int corrected;
    int atomic[2], wave[2];
    unsigned imm_scale, literal_scale; /* bytes per unit of an offset immediate / literal */
    unsigned lgkm;                     /* what one execution adds to LGKM_CNT */
} gs_meta;

typedef struct gs_table {
    unsigned ngens, ninsns;
    const gs_regs *regs;   /* [gen] */
    const gs_fn *fns;      /* [(gen * ninsns + insn) * 2 + variant], NULL: does not execute */
    const uint8_t *status; /* same index: gcn_sem_status */
    const uint8_t *m0;     /* [gen * ninsns + insn]: GS_M0(...) */
    const char *const *m0_erratum; /* same index: the erratum correcting M0's role, or NULL */
    const gs_meta *meta;           /* [insn] */
    const char *sha256;
} gs_table;

static inline void gs_fail(gs_ctx *x, gcn_status st, const char *why)
{
    if (x->status == GCN_OK) {
        x->status = st;
        x->why = why;
    }
}

static inline void gs_loop_fail(gs_ctx *x)
{
    gs_fail(x, GCN_ERR_INVALID, "a pseudocode loop ran more than a million iterations");
}

/* ---- integer arithmetic ------------------------------------------------------------------- */

#define GS_INT_COMMON(sfx, T, BITS)                                                                \
    static inline T gs_min_##sfx(T a, T b)                                                         \
    {                                                                                              \
        return b < a ? b : a;                                                                      \
    }                                                                                              \
    static inline T gs_max_##sfx(T a, T b)                                                         \
    {                                                                                              \
        return b > a ? b : a;                                                                      \
    }

#define GS_UINT_OPS(sfx, T, BITS)                                                                  \
    GS_INT_COMMON(sfx, T, BITS)                                                                    \
    static inline T gs_shl_##sfx(T a, uint64_t n)                                                  \
    {                                                                                              \
        return n >= (BITS) ? (T)0 : (T)(a << n);                                                   \
    }                                                                                              \
    static inline T gs_shr_##sfx(T a, uint64_t n)                                                  \
    {                                                                                              \
        return n >= (BITS) ? (T)0 : (T)(a >> n);                                                   \
    }                                                                                              \
    static inline T gs_div_##sfx(T a, T b)                                                         \
    {                                                                                              \
        return b == 0 ? (T)0 : (T)(a / b);                                                         \
    }                                                                                              \
    static inline T gs_mod_##sfx(T a, T b)                                                         \
    {                                                                                              \
        return b == 0 ? (T)0 : (T)(a % b);                                                         \
    }

#define GS_SINT_OPS(sfx, T, UT, BITS)                                                              \
    GS_INT_COMMON(sfx, T, BITS)                                                                    \
    static inline T gs_shl_##sfx(T a, uint64_t n)                                                  \
    {                                                                                              \
        return n >= (BITS) ? (T)0 : (T)((UT)a << n);                                               \
    }                                                                                              \
    static inline T gs_shr_##sfx(T a, uint64_t n)                                                  \
    {                                                                                              \
        if (a < 0)                                                                                 \
            return n >= (BITS) ? (T)-1 : (T) ~(~(UT)a >> n);                                       \
        return n >= (BITS) ? (T)0 : (T)((UT)a >> n);                                               \
    }                                                                                              \
    static inline T gs_div_##sfx(T a, T b)                                                         \
    {                                                                                              \
        if (b == 0)                                                                                \
            return 0;                                                                              \
        if (b == -1)                                                                               \
            return (T)((UT)0 - (UT)a);                                                             \
        return (T)(a / b);                                                                         \
    }                                                                                              \
    static inline T gs_mod_##sfx(T a, T b)                                                         \
    {                                                                                              \
        return b == 0 || b == -1 ? (T)0 : (T)(a % b);                                              \
    }

GS_SINT_OPS(i32, int32_t, uint32_t, 32)
GS_UINT_OPS(u32, uint32_t, 32)
GS_SINT_OPS(i64, int64_t, uint64_t, 64)
GS_UINT_OPS(u64, uint64_t, 64)
GS_UINT_OPS(u128, gs_u128, 128)

GS_INLINE int32_t gs_abs_i32(int32_t a)
{
    return a < 0 ? (int32_t)(0u - (uint32_t)a) : a;
}

GS_INLINE int64_t gs_abs_i64(int64_t a)
{
    return a < 0 ? (int64_t)(0ull - (uint64_t)a) : a;
}

/* SWAR counts: no call into libgcc where the target has no popcount instruction */
GS_INLINE int32_t gs_popc64(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int32_t)((v * 0x0101010101010101ull) >> 56);
}

GS_INLINE int32_t gs_popc32(uint32_t v)
{
    return gs_popc64(v);
}

GS_INLINE int32_t gs_popc128(gs_u128 v)
{
    return gs_popc64((uint64_t)v) + gs_popc64((uint64_t)(v >> 64));
}

GS_INLINE uint32_t gs_rev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

GS_INLINE uint64_t gs_rev64(uint64_t v)
{
    return (uint64_t)gs_rev32((uint32_t)v) << 32 | gs_rev32((uint32_t)(v >> 32));
}

/* ---- floats ------------------------------------------------------------------------------- */

GS_INLINE float gs_asf32(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    return f;
}

GS_INLINE double gs_asf64(uint64_t v)
{
    double f;
    memcpy(&f, &v, 8);
    return f;
}

GS_INLINE uint32_t gs_f32bits(float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    return v;
}

GS_INLINE uint64_t gs_f64bits(double f)
{
    uint64_t v;
    memcpy(&v, &f, 8);
    return v;
}

/* MIN/MAX of floats: IEEE 754 minNum/maxNum (a NaN operand gives the other one), and -0 is
 * below +0 so that the result does not depend on the operands' order. */
#define GS_FLOAT_MINMAX(sfx, T, BITS)                                                              \
    static inline T gs_min_##sfx(T a, T b)                                                         \
    {                                                                                              \
        if (a != a)                                                                                \
            return b;                                                                              \
        if (b != b)                                                                                \
            return a;                                                                              \
        if (a == b)                                                                                \
            return gs_##sfx##bits(a) > gs_##sfx##bits(b) ? a : b;                                  \
        return b < a ? b : a;                                                                      \
    }                                                                                              \
    static inline T gs_max_##sfx(T a, T b)                                                         \
    {                                                                                              \
        if (a != a)                                                                                \
            return b;                                                                              \
        if (b != b)                                                                                \
            return a;                                                                              \
        if (a == b)                                                                                \
            return gs_##sfx##bits(a) < gs_##sfx##bits(b) ? a : b;                                  \
        return b > a ? b : a;                                                                      \
    }
GS_FLOAT_MINMAX(f32, float, 32)
GS_FLOAT_MINMAX(f64, double, 64)

/* float -> integer: saturating, NaN gives 0 */
#define GS_F2I(sfx, T, LO, HI)                                                                     \
    static inline T gs_f2##sfx(double f)                                                           \
    {                                                                                              \
        if (f != f)                                                                                \
            return 0;                                                                              \
        if (f <= (double)(LO))                                                                     \
            return (T)(LO);                                                                        \
        if (f >= (double)(HI))                                                                     \
            return (T)(HI);                                                                        \
        return (T)f;                                                                               \
    }
GS_F2I(i8, int8_t, INT8_MIN, INT8_MAX)
GS_F2I(i16, int16_t, INT16_MIN, INT16_MAX)
GS_F2I(i32, int32_t, INT32_MIN, INT32_MAX)
GS_F2I(i64, int64_t, INT64_MIN, INT64_MAX)
GS_F2I(u8, uint8_t, 0, UINT8_MAX)
GS_F2I(u16, uint16_t, 0, UINT16_MAX)
GS_F2I(u32, uint32_t, 0, UINT32_MAX)
GS_F2I(u64, uint64_t, 0, UINT64_MAX)

/* ---- local arrays ------------------------------------------------------------------------- */

#define GS_ARRAY_OPS(sfx, T)                                                                       \
    static inline T gs_aget_##sfx(const T *a, uint64_t n, uint64_t i)                              \
    {                                                                                              \
        return i < n ? a[i] : (T)0;                                                                \
    }                                                                                              \
    static inline T gs_aset_##sfx(T *a, uint64_t n, uint64_t i, T v)                               \
    {                                                                                              \
        if (i < n)                                                                                 \
            a[i] = v;                                                                              \
        return v;                                                                                  \
    }
GS_ARRAY_OPS(u8, uint8_t)
GS_ARRAY_OPS(u16, uint16_t)
GS_ARRAY_OPS(u32, uint32_t)
GS_ARRAY_OPS(u64, uint64_t)
GS_ARRAY_OPS(u128, gs_u128)
GS_ARRAY_OPS(i8, int8_t)
GS_ARRAY_OPS(i16, int16_t)
GS_ARRAY_OPS(i32, int32_t)
GS_ARRAY_OPS(i64, int64_t)
GS_ARRAY_OPS(f32, float)
GS_ARRAY_OPS(f64, double)

/* ---- register tuples held in locals (uint32_t o[n], written-mask w) ---------------------- */

GS_INLINE uint64_t gs_cat64(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | (uint64_t)hi << 32;
}

static inline gs_u128 gs_oget(const uint32_t *o, unsigned n, uint64_t first, unsigned count)
{
    gs_u128 v = 0;
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < n)
            v |= (gs_u128)o[first + k] << (32 * k);
    return v;
}

static inline gs_u128 gs_oset(uint32_t *o, uint32_t *w, unsigned n, uint64_t first, unsigned count,
                              gs_u128 v)
{
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < n) {
            o[first + k] = (uint32_t)(v >> (32 * k));
            *w |= 1u << (first + k);
        }
    return v;
}

GS_INLINE uint32_t gs_oset32(uint32_t *o, uint32_t *w, uint32_t v)
{
    o[0] = v;
    *w |= 1u;
    return v;
}

GS_INLINE uint64_t gs_oset64(uint32_t *o, uint32_t *w, uint64_t v)
{
    o[0] = (uint32_t)v;
    o[1] = (uint32_t)(v >> 32);
    *w |= 3u;
    return v;
}

/* ---- machine state ------------------------------------------------------------------------ */

GS_INLINE uint64_t gs_pair(const gs_ctx *x, unsigned lo, unsigned hi)
{
    return (uint64_t)x->s->sreg[lo] | (uint64_t)x->s->sreg[hi] << 32;
}

GS_INLINE uint64_t gs_exec(const gs_ctx *x)
{
    return gs_pair(x, x->r->exec_lo, x->r->exec_hi);
}

GS_INLINE uint64_t gs_set_exec(gs_ctx *x, uint64_t v)
{
    x->s->sreg[x->r->exec_lo] = (uint32_t)v;
    x->s->sreg[x->r->exec_hi] = (uint32_t)(v >> 32);
    return v;
}

GS_INLINE uint64_t gs_vcc(const gs_ctx *x)
{
    return gs_pair(x, x->r->vcc_lo, x->r->vcc_hi);
}

GS_INLINE uint64_t gs_set_vcc(gs_ctx *x, uint64_t v)
{
    x->s->sreg[x->r->vcc_lo] = (uint32_t)v;
    x->s->sreg[x->r->vcc_hi] = (uint32_t)(v >> 32);
    return v;
}

GS_INLINE uint32_t gs_m0(const gs_ctx *x)
{
    return x->s->sreg[x->r->m0];
}

GS_INLINE uint32_t gs_set_m0(gs_ctx *x, uint32_t v)
{
    x->s->sreg[x->r->m0] = v;
    return v;
}

GS_INLINE uint32_t gs_scc(const gs_ctx *x)
{
    return x->s->scc;
}

/* SCC is one bit: it takes the truth of what is assigned (the blocks assign comparisons). */
GS_INLINE uint32_t gs_set_scc(gs_ctx *x, int truth)
{
    x->s->scc = truth != 0;
    return x->s->scc;
}

GS_INLINE uint64_t gs_pc(const gs_ctx *x)
{
    return x->s->pc;
}

GS_INLINE uint64_t gs_set_pc(gs_ctx *x, uint64_t v)
{
    x->s->pc = v;
    x->pc_written = 1;
    return v;
}

GS_INLINE uint32_t gs_csp(const gs_ctx *x)
{
    return x->s->csp;
}

GS_INLINE uint32_t gs_set_csp(gs_ctx *x, uint32_t v)
{
    x->s->csp = v;
    return v;
}

GS_INLINE uint32_t gs_mode(const gs_ctx *x)
{
    return x->s->mode;
}

GS_INLINE uint32_t gs_set_mode(gs_ctx *x, uint32_t v)
{
    x->s->mode = v;
    return v;
}

GS_INLINE uint32_t gs_vskip(const gs_ctx *x)
{
    return x->s->vskip;
}

GS_INLINE uint32_t gs_set_vskip(gs_ctx *x, uint32_t v)
{
    x->s->vskip = v != 0;
    return x->s->vskip;
}

GS_INLINE uint64_t gs_clock(const gs_ctx *x)
{
    return x->s->clock;
}

/* SGPR[n]: the scalar register file by 7-bit code (SGPR n is code n; VCC, M0, EXEC and the
 * TTMPs are further codes). A code the generation does not give SGPR[] reads 0 and drops. */
static inline int gs_bit128(const uint64_t *m, uint64_t n)
{
    return n < 128 && ((m[n >> 6] >> (n & 63)) & 1);
}

static inline gs_u128 gs_sgprs(const gs_ctx *x, uint64_t first, unsigned count)
{
    gs_u128 v = 0;
    unsigned k;
    for (k = 0; k < count; k++)
        if (gs_bit128(x->r->sgpr_rd, first + k))
            v |= (gs_u128)x->s->sreg[first + k] << (32 * k);
    return v;
}

static inline gs_u128 gs_set_sgprs(gs_ctx *x, uint64_t first, unsigned count, gs_u128 v)
{
    unsigned k;
    for (k = 0; k < count; k++)
        if (gs_bit128(x->r->sgpr_wr, first + k))
            x->s->sreg[first + k] = (uint32_t)(v >> (32 * k));
    return v;
}

static inline gs_u128 gs_ttmps(const gs_ctx *x, uint64_t first, unsigned count)
{
    gs_u128 v = 0;
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < x->r->nttmp)
            v |= (gs_u128)x->s->sreg[x->r->ttmp[first + k]] << (32 * k);
    return v;
}

static inline gs_u128 gs_set_ttmps(gs_ctx *x, uint64_t first, unsigned count, gs_u128 v)
{
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < x->r->nttmp)
            x->s->sreg[x->r->ttmp[first + k]] = (uint32_t)(v >> (32 * k));
    return v;
}

/* GWS[n], GWSFLAG[n]: the global wave sync resources' counters and phase bits (a resource
 * number the state lacks reads 0 and drops the write, like any index out of range);
 * GWSWAIT: whether the last GWS instruction would have queued the wave. */
static inline gs_u128 gs_gwsarr(const uint32_t *a, uint64_t first, unsigned count)
{
    gs_u128 v = 0;
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < GCN_GWS_RESOURCES)
            v |= (gs_u128)a[first + k] << (32 * k);
    return v;
}

static inline gs_u128 gs_set_gwsarr(uint32_t *a, uint64_t first, unsigned count, gs_u128 v)
{
    unsigned k;
    for (k = 0; k < count; k++)
        if (first + k < GCN_GWS_RESOURCES)
            a[first + k] = (uint32_t)(v >> (32 * k));
    return v;
}

static inline gs_u128 gs_gwss(const gs_ctx *x, uint64_t first, unsigned count)
{
    return gs_gwsarr(x->s->gws_counter, first, count);
}

static inline gs_u128 gs_set_gwss(gs_ctx *x, uint64_t first, unsigned count, gs_u128 v)
{
    return gs_set_gwsarr(x->s->gws_counter, first, count, v);
}

static inline gs_u128 gs_gwsflags(const gs_ctx *x, uint64_t first, unsigned count)
{
    return gs_gwsarr(x->s->gws_flag, first, count);
}

static inline gs_u128 gs_set_gwsflags(gs_ctx *x, uint64_t first, unsigned count, gs_u128 v)
{
    return gs_set_gwsarr(x->s->gws_flag, first, count, v);
}

GS_INLINE uint32_t gs_gwswait(const gs_ctx *x)
{
    return x->s->gws_wait;
}

GS_INLINE uint32_t gs_set_gwswait(gs_ctx *x, uint32_t v)
{
    x->s->gws_wait = v;
    return v;
}

/* ---- operands ----------------------------------------------------------------------------- */

GS_INLINE uint32_t gs_src_value(const gs_ctx *x, gs_src s)
{
    switch (s.kind) {
    case GS_OPD_SREG:
        return x->s->sreg[s.code];
    case GS_OPD_SCC:
        return x->s->scc;
    case GS_OPD_VCCZ:
        return gs_vcc(x) == 0;
    case GS_OPD_EXECZ:
        return gs_exec(x) == 0;
    default:
        return 0;
    }
}

/* Register k of scalar operand i: its register, its constant's dword k, or a condition. */
GS_INLINE uint32_t gs_sread(const gs_ctx *x, unsigned i, unsigned k)
{
    const gs_opd *p = &x->d->op[i];
    switch (p->kind) {
    case GS_OPD_SREG:
        return x->s->sreg[(p->reg + k) & 0xffu];
    case GS_OPD_CONST:
        return k < 2 ? (uint32_t)(p->value >> (32 * k)) : 0;
    case GS_OPD_SCC:
    case GS_OPD_VCCZ:
    case GS_OPD_EXECZ: {
        gs_src s = {p->kind, 0};
        return k ? 0 : gs_src_value(x, s);
    }
    default:
        return 0;
    }
}

/* Writes register k of scalar operand i (a constant operand is no destination). */
GS_INLINE void gs_swrite(gs_ctx *x, unsigned i, unsigned k, uint32_t v)
{
    const gs_opd *p = &x->d->op[i];
    if (p->kind == GS_OPD_SREG)
        x->s->sreg[(p->reg + k) & 0xffu] = v;
}

GS_INLINE uint32_t gs_number(const gs_ctx *x, unsigned i)
{
    return x->d->op[i].reg;
}

GS_INLINE uint32_t gs_imm(const gs_ctx *x, unsigned i)
{
    return (uint32_t)x->d->op[i].value;
}

GS_INLINE uint32_t gs_mod(const gs_ctx *x, unsigned j)
{
    return x->d->mod[j];
}

/* Scalar memory offsets. parts: 1 the immediate, 2 the register the OFFSET field names, 4
 * SOFFSET. OFFSET in a block is every part the block does not name on its own. */
GS_INLINE int64_t gs_offset(const gs_ctx *x, unsigned i, unsigned parts)
{
    const gs_opd *p = &x->d->op[i];
    int64_t v = 0;
    if (parts & 1)
        v += p->off_imm;
    if (parts & 2)
        v += (int64_t)gs_src_value(x, p->off_reg);
    if (parts & 4)
        v += (int64_t)gs_src_value(x, p->off_soff);
    return v;
}

GS_INLINE uint32_t gs_soffset(const gs_ctx *x, unsigned i)
{
    return gs_src_value(x, x->d->op[i].off_soff);
}

/* SGPROFFSET: the SGPR part of the offset (the OFFSET field's register, or SOFFSET). */
GS_INLINE uint32_t gs_sgproffset(const gs_ctx *x, unsigned i)
{
    return (uint32_t)gs_offset(x, i, 6);
}

/* ---- vector operands ---------------------------------------------------------------------- */

/* The lanes the instruction runs for: EXEC's, in the chosen order. */
GS_INLINE void gs_lanes(gs_ctx *x)
{
    unsigned k, n = 0;
    uint64_t m = x->exec0;
    if (!x->order) {
        for (; m; m &= m - 1)
            x->lanes[n++] = (uint8_t)__builtin_ctzll(m);
    } else {
        for (k = 0; k < GCN_LANES; k++) {
            unsigned lane = x->order[k] & 63u;
            if ((m >> lane) & 1)
                x->lanes[n++] = (uint8_t)lane;
        }
    }
    x->nlanes = n;
}

/* Register k of vector operand i in lane */
GS_INLINE uint32_t gs_vreg(const gs_ctx *x, unsigned i, unsigned k, uint32_t lane)
{
    return x->s->vgpr[(x->d->op[i].reg + k) & 0xffu][lane & 63u];
}

/* Written straight into the register: a per-lane block that reads no other lane's registers
 * cannot see it before the instruction ends. */
GS_INLINE void gs_vset(gs_ctx *x, unsigned i, unsigned k, uint32_t lane, uint32_t v)
{
    unsigned r = (x->d->op[i].reg + k) & 0xffu;
    x->s->vgpr[r][lane & 63u] = v;
    x->vset[r / 64] |= 1ull << (r % 64);
}

/* Vector writes are staged and land when the instruction ends: every read of a vector
 * operand, in any lane, sees the registers as they were before the instruction. */
static inline void gs_vstage(gs_ctx *x, unsigned i, uint64_t lane, const uint32_t *o, uint32_t w)
{
    unsigned k, n = x->d->op[i].regs;
    if (lane >= GCN_LANES || !w)
        return;
    if (!x->vstaged) {
        memset(x->vmask, 0, sizeof(x->vmask));
        x->vstaged = 1;
    }
    for (k = 0; k < n && k < 4; k++)
        if ((w >> k) & 1) {
            x->vstage[i][k][lane] = o[k];
            x->vmask[i][k] |= 1ull << lane;
        }
}

/* An unindexed vector destination written by a wave-level block: every lane active when the
 * instruction started receives it. */
static inline void gs_vbroadcast(gs_ctx *x, unsigned i, const uint32_t *o, uint32_t w)
{
    unsigned lane;
    for (lane = 0; lane < GCN_LANES; lane++)
        if ((x->exec0 >> lane) & 1)
            gs_vstage(x, i, lane, o, w);
}

/* X[lane]: operand i's whole value in another lane, before the instruction. */
static inline gs_u128 gs_vlane(const gs_ctx *x, unsigned i, uint64_t lane)
{
    const gs_opd *p = &x->d->op[i];
    gs_u128 v = 0;
    unsigned k;
    if (lane >= GCN_LANES)
        return 0;
    for (k = 0; k < p->regs && k < 4; k++)
        v |= (gs_u128)x->s->vgpr[(p->reg + k) & 0xffu][lane] << (32 * k);
    return v;
}

static inline gs_u128 gs_vlane_set(gs_ctx *x, unsigned i, uint64_t lane, gs_u128 v)
{
    uint32_t o[4];
    unsigned k;
    for (k = 0; k < 4; k++)
        o[k] = (uint32_t)(v >> (32 * k));
    gs_vstage(x, i, lane, o, (1u << x->d->op[i].regs) - 1);
    return v;
}

/* ---- memory ------------------------------------------------------------------------------- */

/* The DS window, by M0's role in the instruction's access (the running variant's, for the
 * space its GDS bit picks). GCN_M0_LIMIT: LDS is its first min(M0, 64 KiB) bytes; GDS is
 * M0[15:0] bytes from byte M0[31:16], cut at the end of GDS. Any other role: the whole memory
 * from byte 0 (M0 is no window; where the pseudocode reads M0 itself, it adds what it means).
 * An access any byte of which lies outside reads 0 and drops its write (the documents do not
 * say; AMD's hardware does this). */
GS_INLINE void gs_ds_window(gs_ctx *x, uint32_t gds)
{
    uint32_t m0 = gs_m0(x);
    unsigned role = (x->m0role >> (gds ? 2 : 0)) & 3u;
    x->dsm = gds ? x->s->gds : x->s->lds;
    x->ds_limit = gds ? GCN_GDS_BYTES : GCN_LDS_BYTES;
    if (role != GCN_M0_LIMIT)
        return;
    if (gds) {
        uint32_t base = m0 >> 16, size = m0 & 0xffffu;
        x->dsm = x->s->gds + base;
        x->ds_limit = size < GCN_GDS_BYTES - base ? size : GCN_GDS_BYTES - base;
    } else {
        x->ds_limit = m0 < GCN_LDS_BYTES ? m0 : GCN_LDS_BYTES;
    }
}

/* little-endian n bytes (n <= 8) */
GS_INLINE uint64_t gs_le_load(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, n);
#else
    unsigned k;
    for (k = 0; k < n; k++)
        v |= (uint64_t)p[k] << (8 * k);
#endif
    return v;
}

GS_INLINE void gs_le_store(uint8_t *p, unsigned n, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, n);
#else
    unsigned k;
    for (k = 0; k < n; k++)
        p[k] = (uint8_t)(v >> (8 * k));
#endif
}

GS_INLINE uint64_t gs_ld_ds(const gs_ctx *x, uint64_t addr, unsigned n)
{
    if (addr > x->ds_limit || n > x->ds_limit - addr)
        return 0;
    if (__builtin_expect(x->log != NULL, 0))
        gcn_gs_log_access(x, addr, n, 0);
    return gs_le_load(x->dsm + addr, n);
}

GS_INLINE uint64_t gs_st_ds(gs_ctx *x, uint64_t addr, unsigned n, uint64_t v)
{
    if (addr > x->ds_limit || n > x->ds_limit - addr)
        return v;
    if (__builtin_expect(x->log != NULL, 0))
        gcn_gs_log_access(x, addr, n, 1);
    gcn_gs_note_ds_write(x, addr, n);
    gs_le_store(x->dsm + addr, n, v);
    return v;
}

/* SMEM: the base address (bits 47:0) of SBASE, a 64-bit address for S_LOAD/S_STORE/
 * S_ATOMIC/S_SCRATCH, the first two dwords of the buffer descriptor for S_BUFFER_* (its base
 * address field). */
GS_INLINE void gs_smem_base(gs_ctx *x, unsigned i)
{
    uint32_t o[2];
    const gs_opd *p = &x->d->op[i];
    o[0] = x->s->sreg[p->reg & 0xffu];
    o[1] = x->s->sreg[(p->reg + 1) & 0xffu];
    x->smem_base = gs_cat64(o[0], o[1]) & 0xffffffffffffull;
}

uint64_t gcn_gs_ld_sm(gs_ctx *x, uint64_t addr, unsigned n);
uint64_t gcn_gs_st_sm(gs_ctx *x, uint64_t addr, unsigned n, uint64_t v);

#endif
