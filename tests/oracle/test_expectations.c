/* Per-instruction expectations written from first principles and the documents' descriptions,
 * never from their pseudocode: each model below is this file's own C (popcount by a loop, bit
 * reversal bit by bit, sign extension by casts, DS atomics by their prose). Every instruction
 * is run on every generation where it exists, on boundary values; then one program is run on
 * every generation where all its instructions exist and must end in the same state. The last
 * test prints how many instructions the file checks ("expectations: N instructions"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

static const uint64_t b64[] = {0,
                               1,
                               2,
                               0x7f,
                               0x80,
                               0xff,
                               0x7fff,
                               0x8000,
                               0xffff,
                               0x7fffffff,
                               0x80000000,
                               0xffffffff,
                               0x100000000ull,
                               0x7fffffffffffffffull,
                               0x8000000000000000ull,
                               0xffffffffffffffffull,
                               0x0123456789abcdefull,
                               0xf0f0f0f00f0f0f0full,
                               0x0000000100000001ull,
                               0x8000000000000001ull};
#define NB (sizeof(b64) / sizeof(b64[0]))

/* instructions checked, counted once each */
static char checked[512][48];
static unsigned nchecked;

static void count(const char *name)
{
    unsigned i;
    for (i = 0; i < nchecked; i++)
        if (strcmp(checked[i], name) == 0)
            return;
    if (nchecked < 512)
        snprintf(checked[nchecked++], sizeof(checked[0]), "%s", name);
}

static int insn_row(const char *upper)
{
    int i, n = gcn_insn_count();
    for (i = 0; i < n; i++) {
        const char *m = gcn_insn_mnemonic(i);
        size_t k;
        for (k = 0; m[k] && upper[k] && (m[k] == upper[k] || m[k] - 32 == upper[k]); k++)
            ;
        if (!m[k] && !upper[k])
            return i;
    }
    return -1;
}

/* generation gen has the instruction (lower-case mnemonic) */
static int has(const char *mnemonic, int gen)
{
    char up[48];
    size_t k;
    int row;
    for (k = 0; mnemonic[k] && k + 1 < sizeof(up); k++)
        up[k] = (char)(mnemonic[k] >= 'a' && mnemonic[k] <= 'z' ? mnemonic[k] - 32 : mnemonic[k]);
    up[k] = 0;
    row = insn_row(up);
    return row >= 0 && gcn_insn_opcode(row, gen) >= 0;
}

static uint64_t s64(const gcn_wave_state *s, unsigned n)
{
    return ot_s(s, n) | (uint64_t)ot_s(s, n + 1) << 32;
}

static void set_s64(gcn_wave_state *s, unsigned n, uint64_t v)
{
    ot_set_s(s, n, (uint32_t)v);
    ot_set_s(s, n + 1, (uint32_t)(v >> 32));
}

/* ---- SOP1 ---------------------------------------------------------------------------------- */

typedef struct sop1_in {
    uint64_t src, dst, exec;
    int scc;
    uint64_t pc;
} sop1_in;

typedef struct sop1_out {
    uint64_t dst, exec, pc;
    int scc;
} sop1_out;

typedef void (*sop1_model)(const sop1_in *in, sop1_out *out);

static unsigned popcount64(uint64_t v)
{
    unsigned n = 0;
    for (; v; v >>= 1)
        n += v & 1;
    return n;
}

static uint64_t reverse(uint64_t v, unsigned bits)
{
    uint64_t r = 0;
    unsigned i;
    for (i = 0; i < bits; i++)
        if (v >> i & 1)
            r |= 1ull << (bits - 1 - i);
    return r;
}

/* first bit (from bit 0) equal to want, -1 when none */
static uint32_t find_first(uint64_t v, unsigned bits, unsigned want)
{
    unsigned i;
    for (i = 0; i < bits; i++)
        if ((v >> i & 1) == want)
            return i;
    return 0xffffffffu;
}

/* leading bits from the MSB: position of the first bit equal to want, -1 when none */
static uint32_t from_msb(uint64_t v, unsigned bits, unsigned want)
{
    unsigned i;
    for (i = 0; i < bits; i++)
        if ((v >> (bits - 1 - i) & 1) == want)
            return i;
    return 0xffffffffu;
}

#define M32(x) ((uint32_t)(x))
static void m_mov(const sop1_in *i, sop1_out *o)
{
    o->dst = i->src;
}
static void m_not(const sop1_in *i, sop1_out *o)
{
    o->dst = ~i->src;
    o->scc = o->dst != 0;
}
static void m_not32(const sop1_in *i, sop1_out *o)
{
    o->dst = M32(~i->src);
    o->scc = o->dst != 0;
}
static void m_brev32(const sop1_in *i, sop1_out *o)
{
    o->dst = reverse(M32(i->src), 32);
}
static void m_brev64(const sop1_in *i, sop1_out *o)
{
    o->dst = reverse(i->src, 64);
}
static void m_bcnt0_32(const sop1_in *i, sop1_out *o)
{
    o->dst = 32 - popcount64(M32(i->src));
    o->scc = o->dst != 0;
}
static void m_bcnt0_64(const sop1_in *i, sop1_out *o)
{
    o->dst = 64 - popcount64(i->src);
    o->scc = o->dst != 0;
}
static void m_bcnt1_32(const sop1_in *i, sop1_out *o)
{
    o->dst = popcount64(M32(i->src));
    o->scc = o->dst != 0;
}
static void m_bcnt1_64(const sop1_in *i, sop1_out *o)
{
    o->dst = popcount64(i->src);
    o->scc = o->dst != 0;
}
static void m_ff0_32(const sop1_in *i, sop1_out *o)
{
    o->dst = find_first(M32(i->src), 32, 0);
}
static void m_ff0_64(const sop1_in *i, sop1_out *o)
{
    o->dst = find_first(i->src, 64, 0);
}
static void m_ff1_32(const sop1_in *i, sop1_out *o)
{
    o->dst = find_first(M32(i->src), 32, 1);
}
static void m_ff1_64(const sop1_in *i, sop1_out *o)
{
    o->dst = find_first(i->src, 64, 1);
}
static void m_flbit_b32(const sop1_in *i, sop1_out *o)
{
    o->dst = from_msb(M32(i->src), 32, 1);
}
static void m_flbit_b64(const sop1_in *i, sop1_out *o)
{
    o->dst = from_msb(i->src, 64, 1);
}
/* the first bit from the MSB that differs from the sign bit */
static void m_flbit_i32(const sop1_in *i, sop1_out *o)
{
    o->dst = from_msb(M32(i->src), 32, !(M32(i->src) >> 31));
}
static void m_flbit_i64(const sop1_in *i, sop1_out *o)
{
    o->dst = from_msb(i->src, 64, !(i->src >> 63));
}
static void m_sext8(const sop1_in *i, sop1_out *o)
{
    o->dst = M32((int32_t)(int8_t)(uint8_t)i->src);
}
static void m_sext16(const sop1_in *i, sop1_out *o)
{
    o->dst = M32((int32_t)(int16_t)(uint16_t)i->src);
}
static void m_abs(const sop1_in *i, sop1_out *o)
{
    uint32_t v = M32(i->src);
    o->dst = v >> 31 ? M32(0u - v) : v; /* INT_MIN stays */
    o->scc = o->dst != 0;
}
static void m_bitset0_32(const sop1_in *i, sop1_out *o)
{
    o->dst = M32(i->dst) & ~(1u << (i->src & 31));
}
static void m_bitset1_32(const sop1_in *i, sop1_out *o)
{
    o->dst = M32(i->dst) | 1u << (i->src & 31);
}
static void m_bitset0_64(const sop1_in *i, sop1_out *o)
{
    o->dst = i->dst & ~(1ull << (i->src & 63));
}
static void m_bitset1_64(const sop1_in *i, sop1_out *o)
{
    o->dst = i->dst | 1ull << (i->src & 63);
}
static uint64_t wqm(uint64_t v, unsigned bits)
{
    uint64_t r = 0;
    unsigned q;
    for (q = 0; q < bits; q += 4)
        if (v >> q & 15)
            r |= 15ull << q;
    return r;
}
static uint64_t quadmask(uint64_t v, unsigned bits)
{
    uint64_t r = 0;
    unsigned q;
    for (q = 0; q < bits; q += 4)
        if (v >> q & 15)
            r |= 1ull << (q / 4);
    return r;
}
static void m_wqm32(const sop1_in *i, sop1_out *o)
{
    o->dst = wqm(M32(i->src), 32);
    o->scc = o->dst != 0;
}
static void m_wqm64(const sop1_in *i, sop1_out *o)
{
    o->dst = wqm(i->src, 64);
    o->scc = o->dst != 0;
}
static void m_quad32(const sop1_in *i, sop1_out *o)
{
    o->dst = quadmask(M32(i->src), 32);
    o->scc = o->dst != 0;
}
static void m_quad64(const sop1_in *i, sop1_out *o)
{
    o->dst = quadmask(i->src, 64);
    o->scc = o->dst != 0;
}
static void m_cmov(const sop1_in *i, sop1_out *o)
{
    if (i->scc)
        o->dst = i->src;
}
static void m_bitreplicate(const sop1_in *i, sop1_out *o)
{
    unsigned b;
    o->dst = 0;
    for (b = 0; b < 32; b++)
        if (i->src >> b & 1)
            o->dst |= 3ull << (2 * b);
}
static void m_getpc(const sop1_in *i, sop1_out *o)
{
    o->dst = i->pc + 4;
}
static void m_setpc(const sop1_in *i, sop1_out *o)
{
    o->pc = i->src;
}
static void m_swappc(const sop1_in *i, sop1_out *o)
{
    o->dst = i->pc + 4;
    o->pc = i->src;
}
/* S_<OP>_SAVEEXEC_B64: SDST = old EXEC; EXEC = OP(SSRC0, EXEC); SCC = EXEC != 0 */
#define SAVEEXEC(name, expr)                                                                       \
    static void name(const sop1_in *i, sop1_out *o)                                                \
    {                                                                                              \
        uint64_t s = i->src, e = i->exec;                                                          \
        o->dst = e;                                                                                \
        o->exec = (expr);                                                                          \
        o->scc = o->exec != 0;                                                                     \
    }
SAVEEXEC(m_and_se, s &e)
SAVEEXEC(m_or_se, s | e)
SAVEEXEC(m_xor_se, s ^ e)
SAVEEXEC(m_andn2_se, s & ~e)
SAVEEXEC(m_orn2_se, s | ~e)
SAVEEXEC(m_nand_se, ~(s &e))
SAVEEXEC(m_nor_se, ~(s | e))
SAVEEXEC(m_xnor_se, ~(s ^ e))
SAVEEXEC(m_andn1_se, ~s &e)
SAVEEXEC(m_orn1_se, ~s | e)
/* the WREXEC forms write the new EXEC to SDST */
static void m_andn1_wr(const sop1_in *i, sop1_out *o)
{
    o->exec = ~i->src & i->exec;
    o->dst = o->exec;
    o->scc = o->exec != 0;
}
static void m_andn2_wr(const sop1_in *i, sop1_out *o)
{
    o->exec = i->src & ~i->exec;
    o->dst = o->exec;
    o->scc = o->exec != 0;
}

typedef struct sop1_case {
    const char *name;
    int dst64, src64;
    sop1_model model;
} sop1_case;

static const sop1_case sop1_cases[] = {
    {"s_mov_b32", 0, 0, m_mov},
    {"s_mov_b64", 1, 1, m_mov},
    {"s_not_b32", 0, 0, m_not32},
    {"s_not_b64", 1, 1, m_not},
    {"s_brev_b32", 0, 0, m_brev32},
    {"s_brev_b64", 1, 1, m_brev64},
    {"s_bcnt0_i32_b32", 0, 0, m_bcnt0_32},
    {"s_bcnt0_i32_b64", 0, 1, m_bcnt0_64},
    {"s_bcnt1_i32_b32", 0, 0, m_bcnt1_32},
    {"s_bcnt1_i32_b64", 0, 1, m_bcnt1_64},
    {"s_ff0_i32_b32", 0, 0, m_ff0_32},
    {"s_ff0_i32_b64", 0, 1, m_ff0_64},
    {"s_ff1_i32_b32", 0, 0, m_ff1_32},
    {"s_ff1_i32_b64", 0, 1, m_ff1_64},
    {"s_flbit_i32_b32", 0, 0, m_flbit_b32},
    {"s_flbit_i32_b64", 0, 1, m_flbit_b64},
    {"s_flbit_i32", 0, 0, m_flbit_i32},
    {"s_flbit_i32_i64", 0, 1, m_flbit_i64},
    {"s_sext_i32_i8", 0, 0, m_sext8},
    {"s_sext_i32_i16", 0, 0, m_sext16},
    {"s_abs_i32", 0, 0, m_abs},
    {"s_bitset0_b32", 0, 0, m_bitset0_32},
    {"s_bitset1_b32", 0, 0, m_bitset1_32},
    {"s_bitset0_b64", 1, 0, m_bitset0_64},
    {"s_bitset1_b64", 1, 0, m_bitset1_64},
    {"s_wqm_b32", 0, 0, m_wqm32},
    {"s_wqm_b64", 1, 1, m_wqm64},
    {"s_quadmask_b32", 0, 0, m_quad32},
    {"s_quadmask_b64", 1, 1, m_quad64},
    {"s_cmov_b32", 0, 0, m_cmov},
    {"s_cmov_b64", 1, 1, m_cmov},
    {"s_bitreplicate_b64_b32", 1, 0, m_bitreplicate},
    {"s_getpc_b64", 1, -1, m_getpc},
    {"s_setpc_b64", -1, 1, m_setpc},
    {"s_swappc_b64", 1, 1, m_swappc},
    {"s_and_saveexec_b64", 1, 1, m_and_se},
    {"s_or_saveexec_b64", 1, 1, m_or_se},
    {"s_xor_saveexec_b64", 1, 1, m_xor_se},
    {"s_andn2_saveexec_b64", 1, 1, m_andn2_se},
    {"s_orn2_saveexec_b64", 1, 1, m_orn2_se},
    {"s_nand_saveexec_b64", 1, 1, m_nand_se},
    {"s_nor_saveexec_b64", 1, 1, m_nor_se},
    {"s_xnor_saveexec_b64", 1, 1, m_xnor_se},
    {"s_andn1_saveexec_b64", 1, 1, m_andn1_se},
    {"s_orn1_saveexec_b64", 1, 1, m_orn1_se},
    {"s_andn1_wrexec_b64", 1, 1, m_andn1_wr},
    {"s_andn2_wrexec_b64", 1, 1, m_andn2_wr},
};

static void sop1_models(void **st)
{
    size_t c, a, b;
    int gen;
    unsigned runs = 0;
    (void)st;
    for (c = 0; c < sizeof(sop1_cases) / sizeof(sop1_cases[0]); c++) {
        const sop1_case *k = &sop1_cases[c];
        for (gen = 0; gen < gcn_gen_count(); gen++) {
            gcn_wave_state *s;
            char text[96];
            if (!has(k->name, gen))
                continue;
            s = ot_state(gcn_gen_id(gen));
            if (k->dst64 < 0)
                snprintf(text, sizeof(text), "%s s[20:21]", k->name);
            else if (k->src64 < 0)
                snprintf(text, sizeof(text), "%s s[10:11]", k->name);
            else
                snprintf(text, sizeof(text), "%s %s, %s", k->name, k->dst64 ? "s[10:11]" : "s10",
                         k->src64 ? "s[20:21]" : "s20");
            for (a = 0; a < NB; a++)
                for (b = 0; b < 4; b++) {
                    sop1_in in;
                    sop1_out want, got;
                    in.src = b64[a];
                    in.dst = b64[(a * 7 + b + 3) % NB];
                    in.exec = b64[(a + 2 * b + 5) % NB];
                    in.scc = (int)(b & 1);
                    in.pc = 0x1000;
                    set_s64(s, 20, k->src64 ? in.src : M32(in.src));
                    set_s64(s, 10, in.dst);
                    gcn_state_set_exec(s, in.exec);
                    s->scc = (uint32_t)in.scc;
                    s->pc = in.pc;
                    want.dst = k->dst64 ? in.dst : M32(in.dst);
                    want.exec = in.exec;
                    want.scc = in.scc;
                    want.pc = in.pc + 4;
                    k->model(&in, &want);
                    if (!k->dst64)
                        want.dst = M32(want.dst) | (in.dst & 0xffffffff00000000ull);
                    ot_run(s, text, GCN_AS_CORRECTED);
                    got.dst = s64(s, 10);
                    got.exec = gcn_state_exec(s);
                    got.scc = (int)s->scc;
                    got.pc = s->pc;
                    if (got.dst != want.dst || got.exec != want.exec || got.scc != want.scc ||
                        got.pc != want.pc)
                        fail_msg("%s on %s, src 0x%llx dst 0x%llx exec 0x%llx scc %d: got dst "
                                 "0x%llx exec 0x%llx scc %d pc 0x%llx, want 0x%llx 0x%llx %d "
                                 "0x%llx",
                                 text, gcn_gen_id(gen), (unsigned long long)in.src,
                                 (unsigned long long)in.dst, (unsigned long long)in.exec, in.scc,
                                 (unsigned long long)got.dst, (unsigned long long)got.exec, got.scc,
                                 (unsigned long long)got.pc, (unsigned long long)want.dst,
                                 (unsigned long long)want.exec, want.scc,
                                 (unsigned long long)want.pc);
                    runs++;
                }
            ot_free(s);
            count(k->name);
        }
    }
    assert_true(runs > 1000);
}

/* S_MOVRELS/S_MOVRELD: the register M0 past the named one */
static void sop1_relative(void **st)
{
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        unsigned m0;
        for (m0 = 0; m0 < 6; m0++) {
            unsigned r;
            for (r = 0; r < 40; r++)
                ot_set_s(s, r, 0x100 + r);
            gcn_state_set_m0(s, m0);
            ot_run(s, "s_movrels_b32 s1, s20", GCN_AS_CORRECTED);
            assert_int_equal(ot_s(s, 1), 0x100 + 20 + m0);
            ot_run(s, "s_movreld_b32 s10, s2", GCN_AS_CORRECTED);
            assert_int_equal(ot_s(s, 10 + m0), 0x102);
            ot_run(s, "s_movrels_b64 s[2:3], s[20:21]", GCN_AS_CORRECTED);
            assert_int_equal(ot_s(s, 2), 0x100 + 20 + m0);
            assert_int_equal(ot_s(s, 3), 0x100 + 21 + m0);
            ot_run(s, "s_movreld_b64 s[30:31], s[4:5]", GCN_AS_CORRECTED);
            assert_int_equal(ot_s(s, 30 + m0), 0x104);
            assert_int_equal(ot_s(s, 31 + m0), 0x105);
        }
        ot_free(s);
    }
    count("s_movrels_b32");
    count("s_movreld_b32");
    count("s_movrels_b64");
    count("s_movreld_b64");
}

/* ---- DS atomics ------------------------------------------------------------------------------ */

typedef uint64_t (*ds_model)(uint64_t old, uint64_t d0, uint64_t d1, unsigned bits);

static uint64_t mask(unsigned bits)
{
    return bits == 64 ? ~0ull : (1ull << bits) - 1;
}
static int64_t sx(uint64_t v, unsigned bits)
{
    return bits == 64 ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
}
static double fl(uint64_t v, unsigned bits)
{
    if (bits == 64) {
        double d;
        memcpy(&d, &v, 8);
        return d;
    } else {
        float f;
        uint32_t u = (uint32_t)v;
        memcpy(&f, &u, 4);
        return f;
    }
}
static uint64_t flbits(double d, unsigned bits)
{
    if (bits == 64) {
        uint64_t v;
        memcpy(&v, &d, 8);
        return v;
    } else {
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
}
static int is_nan(uint64_t v, unsigned bits)
{
    double d = fl(v, bits);
    return d != d;
}
static uint64_t d_add(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return (o + a) & mask(n);
}
static uint64_t d_sub(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return (o - a) & mask(n);
}
static uint64_t d_rsub(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return (a - o) & mask(n);
}
/* "increment ... wrap to 0 when the value reaches DATA" */
static uint64_t d_inc(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return o >= a ? 0 : (o + 1) & mask(n);
}
/* "decrement ... reload DATA when the value is 0 or above DATA" */
static uint64_t d_dec(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return (o == 0 || o > a) ? a : (o - 1) & mask(n);
}
static uint64_t d_min_i(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return sx(a, n) < sx(o, n) ? a : o;
}
static uint64_t d_max_i(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    return sx(a, n) > sx(o, n) ? a : o;
}
static uint64_t d_min_u(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    (void)n;
    return a < o ? a : o;
}
static uint64_t d_max_u(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    (void)n;
    return a > o ? a : o;
}
static uint64_t d_and(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    (void)n;
    return o & a;
}
static uint64_t d_or(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    (void)n;
    return o | a;
}
static uint64_t d_xor(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    (void)n;
    return o ^ a;
}
/* "masked OR: clear the bits of DATA, set those of DATA2" */
static uint64_t d_mskor(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)n;
    return (o & ~a) | b;
}
static uint64_t d_xchg(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)o;
    (void)b;
    (void)n;
    return a;
}
/* "compare with DATA, store DATA2 when equal" */
static uint64_t d_cmpst(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)n;
    return o == a ? b : o;
}
static uint64_t d_cmpst_f(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    return fl(o, n) == fl(a, n) ? b : o;
}
/* IEEE minNum/maxNum: a NaN gives the other operand; -0 below +0 */
static uint64_t d_min_f(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    if (is_nan(o, n))
        return a;
    if (is_nan(a, n))
        return o;
    if (fl(a, n) == fl(o, n))
        return sx(a, n) < 0 ? a : o; /* the one with the sign bit */
    return fl(a, n) < fl(o, n) ? a : o;
}
static uint64_t d_max_f(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    if (is_nan(o, n))
        return a;
    if (is_nan(a, n))
        return o;
    if (fl(a, n) == fl(o, n))
        return sx(a, n) < 0 ? o : a;
    return fl(a, n) > fl(o, n) ? a : o;
}
static uint64_t d_add_f(uint64_t o, uint64_t a, uint64_t b, unsigned n)
{
    (void)b;
    if (n == 32) {
        float x = (float)fl(o, 32), y = (float)fl(a, 32), z = x + y;
        uint32_t u;
        memcpy(&u, &z, 4);
        return u;
    }
    return flbits(fl(o, 64) + fl(a, 64), 64);
}

typedef struct ds_case {
    const char *stem; /* ds_<stem>[_rtn]_<type> */
    const char *types[2];
    ds_model model;
    int data1;
    int float_type;
} ds_case;

static const ds_case ds_cases[] = {
    {"add", {"u32", "u64"}, d_add, 0, 0},       {"sub", {"u32", "u64"}, d_sub, 0, 0},
    {"rsub", {"u32", "u64"}, d_rsub, 0, 0},     {"inc", {"u32", "u64"}, d_inc, 0, 0},
    {"dec", {"u32", "u64"}, d_dec, 0, 0},       {"min", {"i32", "i64"}, d_min_i, 0, 0},
    {"max", {"i32", "i64"}, d_max_i, 0, 0},     {"min", {"u32", "u64"}, d_min_u, 0, 0},
    {"max", {"u32", "u64"}, d_max_u, 0, 0},     {"and", {"b32", "b64"}, d_and, 0, 0},
    {"or", {"b32", "b64"}, d_or, 0, 0},         {"xor", {"b32", "b64"}, d_xor, 0, 0},
    {"mskor", {"b32", "b64"}, d_mskor, 1, 0},   {"cmpst", {"b32", "b64"}, d_cmpst, 1, 0},
    {"cmpst", {"f32", "f64"}, d_cmpst_f, 1, 1}, {"min", {"f32", "f64"}, d_min_f, 0, 1},
    {"max", {"f32", "f64"}, d_max_f, 0, 1},     {"add", {"f32", NULL}, d_add_f, 0, 1},
    {"wrxchg", {"b32", "b64"}, d_xchg, 0, 0},
};

static const uint64_t fvals32[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000,
                                   0xff800000, 0x7fc00000, 0x00000001, 0x7f7fffff, 0x40490fdb};
static const uint64_t fvals64[] = {0,
                                   0x8000000000000000ull,
                                   0x3ff0000000000000ull,
                                   0xbff0000000000000ull,
                                   0x7ff0000000000000ull,
                                   0xfff0000000000000ull,
                                   0x7ff8000000000000ull,
                                   1,
                                   0x400921fb54442d18ull,
                                   0xc000000000000000ull};

static uint64_t lds_read(const gcn_wave_state *s, unsigned addr, unsigned bytes)
{
    uint64_t v = 0;
    memcpy(&v, s->lds + addr, bytes);
    return v;
}

static void lds_write(gcn_wave_state *s, unsigned addr, uint64_t v, unsigned bytes)
{
    memcpy(s->lds + addr, &v, bytes);
}

static uint64_t vreg(const gcn_wave_state *s, unsigned r, unsigned lane, unsigned bits)
{
    uint64_t v = s->vgpr[r][lane];
    if (bits == 64)
        v |= (uint64_t)s->vgpr[r + 1][lane] << 32;
    return v;
}

static void set_vreg(gcn_wave_state *s, unsigned r, unsigned lane, uint64_t v, unsigned bits)
{
    s->vgpr[r][lane] = (uint32_t)v;
    if (bits == 64)
        s->vgpr[r + 1][lane] = (uint32_t)(v >> 32);
}

/* Every lane at its own address (offset:8 on top), lane 5 off: memory and the returned value
 * against the model, for both widths and the returning and plain forms. */
static void ds_atomic_models(void **st)
{
    size_t c;
    int gen, w, rtn;
    unsigned runs = 0;
    (void)st;
    for (c = 0; c < sizeof(ds_cases) / sizeof(ds_cases[0]); c++)
        for (w = 0; w < 2; w++)
            for (rtn = 0; rtn < 2; rtn++) {
                const ds_case *k = &ds_cases[c];
                unsigned bits = w ? 64 : 32, bytes = bits / 8;
                char name[48], text[128];
                if (!k->types[w] || (strcmp(k->stem, "wrxchg") == 0 && !rtn))
                    continue;
                snprintf(name, sizeof(name), "ds_%s%s_%s", k->stem, rtn ? "_rtn" : "", k->types[w]);
                /* registers: ADDR v1, DATA v2(+3), DATA2 v6(+7), VDST v10(+11) */
                snprintf(text, sizeof(text), "%s %s%sv1, %s%s%s offset:8", name,
                         rtn ? (w ? "v[10:11]" : "v10") : "", rtn ? ", " : "", w ? "v[2:3]" : "v2",
                         k->data1 ? ", " : "", k->data1 ? (w ? "v[6:7]" : "v6") : "");
                for (gen = 0; gen < gcn_gen_count(); gen++) {
                    gcn_wave_state *s;
                    unsigned round, lane;
                    if (!has(name, gen))
                        continue;
                    s = ot_state(gcn_gen_id(gen));
                    for (round = 0; round < 6; round++) {
                        uint64_t old[GCN_LANES], d0[GCN_LANES], d1[GCN_LANES];
                        gcn_state_set_exec(s, ~(1ull << 5));
                        for (lane = 0; lane < GCN_LANES; lane++) {
                            unsigned i = lane + 64 * round;
                            const uint64_t *vals = k->float_type ? (w ? fvals64 : fvals32) : b64;
                            unsigned nv = k->float_type ? 10 : NB;
                            old[lane] = vals[i % nv] & mask(bits);
                            d0[lane] = vals[(i / nv + i * 3) % nv] & mask(bits);
                            d1[lane] = vals[(i * 7 + 1) % nv] & mask(bits);
                            if (round == 5) /* equal operands: the compare-and-store path */
                                d0[lane] = old[lane];
                            s->vgpr[1][lane] = 16 * lane;
                            set_vreg(s, 2, lane, d0[lane], bits);
                            set_vreg(s, 6, lane, d1[lane], bits);
                            set_vreg(s, 10, lane, 0xdeadbeefcafef00dull & mask(bits), bits);
                            lds_write(s, 16 * lane + 8, old[lane], bytes);
                        }
                        ot_run(s, text, GCN_AS_CORRECTED);
                        for (lane = 0; lane < GCN_LANES; lane++) {
                            uint64_t want =
                                lane == 5
                                    ? old[lane]
                                    : k->model(old[lane], d0[lane], d1[lane], bits) & mask(bits);
                            uint64_t got = lds_read(s, 16 * lane + 8, bytes);
                            uint64_t ret = vreg(s, 10, lane, bits);
                            uint64_t want_ret =
                                rtn && lane != 5 ? old[lane] : 0xdeadbeefcafef00dull & mask(bits);
                            if (got != want || ret != want_ret)
                                fail_msg("%s on %s lane %u: old 0x%llx data 0x%llx data2 0x%llx: "
                                         "memory 0x%llx (want 0x%llx), vdst 0x%llx (want 0x%llx)",
                                         text, gcn_gen_id(gen), lane, (unsigned long long)old[lane],
                                         (unsigned long long)d0[lane], (unsigned long long)d1[lane],
                                         (unsigned long long)got, (unsigned long long)want,
                                         (unsigned long long)ret, (unsigned long long)want_ret);
                            runs++;
                        }
                    }
                    ot_free(s);
                    count(name);
                }
            }
    assert_true(runs > 10000);
}

/* ---- DS reads and writes --------------------------------------------------------------------- */

static void ds_read_write_models(void **st)
{
    static const struct {
        const char *name;
        unsigned bytes, sign;
    } reads[] = {{"ds_read_u8", 1, 0},   {"ds_read_i8", 1, 1},   {"ds_read_u16", 2, 0},
                 {"ds_read_i16", 2, 1},  {"ds_read_b32", 4, 0},  {"ds_read_b64", 8, 0},
                 {"ds_read_b96", 12, 0}, {"ds_read_b128", 16, 0}};
    static const struct {
        const char *name;
        unsigned bytes;
    } writes[] = {{"ds_write_b8", 1},  {"ds_write_b16", 2},  {"ds_write_b32", 4},
                  {"ds_write_b64", 8}, {"ds_write_b96", 12}, {"ds_write_b128", 16}};
    int gen;
    size_t i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        unsigned lane, k;
        for (k = 0; k < GCN_LDS_BYTES; k++)
            s->lds[k] = (uint8_t)(k * 37 + 11);
        for (lane = 0; lane < GCN_LANES; lane++)
            s->vgpr[1][lane] = 32 * lane; /* 16-byte aligned: the b96/b128 forms need it */
        for (i = 0; i < sizeof(reads) / sizeof(reads[0]); i++) {
            char text[96];
            unsigned n = reads[i].bytes, regs = n < 4 ? 1 : n / 4;
            if (!has(reads[i].name, gen))
                continue;
            if (regs == 1)
                snprintf(text, sizeof(text), "%s v20, v1 offset:16", reads[i].name);
            else
                snprintf(text, sizeof(text), "%s v[20:%u], v1 offset:16", reads[i].name,
                         20 + regs - 1);
            ot_run(s, text, GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++) {
                unsigned a = 32 * lane + 16, r;
                if (n < 4) {
                    uint32_t v = (uint32_t)lds_read(s, a, n);
                    if (reads[i].sign)
                        v = n == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
                    assert_int_equal(s->vgpr[20][lane], v);
                } else {
                    for (r = 0; r < regs; r++)
                        assert_int_equal(s->vgpr[20 + r][lane], lds_read(s, a + 4 * r, 4));
                }
            }
            count(reads[i].name);
        }
        for (i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
            char text[96];
            unsigned n = writes[i].bytes, regs = n < 4 ? 1 : n / 4, r;
            if (!has(writes[i].name, gen))
                continue;
            for (lane = 0; lane < GCN_LANES; lane++)
                for (r = 0; r < 4; r++)
                    s->vgpr[30 + r][lane] = 0x01020304u * (lane + 1) + r * 0x11111111u;
            if (regs == 1)
                snprintf(text, sizeof(text), "%s v1, v30 offset:4", writes[i].name);
            else
                snprintf(text, sizeof(text), "%s v1, v[30:%u]", writes[i].name, 30 + regs - 1);
            gcn_state_set_exec(s, 0xfffffffffffffffeull); /* lane 0 off */
            {
                uint8_t before[32];
                memcpy(before, s->lds, 32);
                ot_run(s, text, GCN_AS_CORRECTED);
                assert_memory_equal(before, s->lds, 32);
            }
            for (lane = 1; lane < GCN_LANES; lane++) {
                unsigned a = 32 * lane + (regs == 1 ? 4 : 0);
                if (n < 4)
                    assert_int_equal(lds_read(s, a, n), s->vgpr[30][lane] & ((1u << (8 * n)) - 1));
                else
                    for (r = 0; r < regs; r++)
                        assert_int_equal(lds_read(s, a + 4 * r, 4), s->vgpr[30 + r][lane]);
            }
            gcn_state_set_exec(s, ~0ull);
            count(writes[i].name);
        }
        ot_free(s);
    }
}

/* Two addresses: OFFSET0/OFFSET1 in elements (4 or 8 bytes), x64 for the ST64 forms */
static void ds_two_address_models(void **st)
{
    static const struct {
        const char *name;
        unsigned elem, write;
    } forms[] = {{"ds_write2_b32", 4, 1}, {"ds_write2st64_b32", 256, 1},
                 {"ds_write2_b64", 8, 1}, {"ds_write2st64_b64", 512, 1},
                 {"ds_read2_b32", 4, 0},  {"ds_read2st64_b32", 256, 0},
                 {"ds_read2_b64", 8, 0},  {"ds_read2st64_b64", 512, 0}};
    int gen;
    size_t i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
            unsigned wide = strstr(forms[i].name, "b64") != NULL, e = forms[i].elem, lane, k;
            unsigned o0 = 3, o1 = 7, size = wide ? 8 : 4;
            char text[128];
            if (!has(forms[i].name, gen))
                continue;
            for (k = 0; k < GCN_LDS_BYTES; k++)
                s->lds[k] = (uint8_t)(k * 13 + 5);
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[1][lane] = 64 * lane;
                for (k = 0; k < 4; k++)
                    s->vgpr[40 + k][lane] = 0xa0000000u + lane * 16 + k;
            }
            if (forms[i].write)
                snprintf(text, sizeof(text), "%s v1, %s, %s offset0:%u offset1:%u", forms[i].name,
                         wide ? "v[40:41]" : "v40", wide ? "v[42:43]" : "v41", o0, o1);
            else
                snprintf(text, sizeof(text), "%s %s, v1 offset0:%u offset1:%u", forms[i].name,
                         wide ? "v[50:53]" : "v[50:51]", o0, o1);
            ot_run(s, text, GCN_AS_CORRECTED);
            /* lanes at the top: 64 bytes apart, no later lane writes over their two addresses
             * (a lower lane's second address may meet a higher lane's first under ST64; the
             * higher lane writes last) */
            for (lane = 63; lane >= 60; lane--) {
                unsigned a0 = 64 * lane + o0 * e, a1 = 64 * lane + o1 * e;
                if (forms[i].write) {
                    assert_int_equal(lds_read(s, a0, 4), s->vgpr[40][lane]);
                    assert_int_equal(lds_read(s, a1, 4), s->vgpr[wide ? 42 : 41][lane]);
                    if (wide)
                        assert_int_equal(lds_read(s, a1 + 4, 4), s->vgpr[43][lane]);
                } else {
                    assert_int_equal(s->vgpr[50][lane], lds_read(s, a0, 4));
                    assert_int_equal(s->vgpr[wide ? 52 : 51][lane], lds_read(s, a1, 4));
                    if (wide) {
                        assert_int_equal(s->vgpr[51][lane], lds_read(s, a0 + 4, 4));
                        assert_int_equal(s->vgpr[53][lane], lds_read(s, a1 + 4, 4));
                    }
                }
                (void)size;
            }
            count(forms[i].name);
        }
        ot_free(s);
    }
}

/* M0 and the two memories, from the documents' NOTEs and what LLVM and AMD's Vega description
 * do (spec/curated/ds_m0.json): GCN 1.0-1.2 bound LDS by M0 (an access any byte of which is at
 * or past min(M0, 64 KiB) reads 0 and drops its write); GCN 1.4 does not, as corrected (E053),
 * while as written the NOTE's bound holds there too. GDS is M0[15:0] bytes from byte M0[31:16]
 * on every generation, both ways. (As written DS_WRITE_B32 does not execute (E045): the written
 * side is read with DS_READ_B32.) */
static void ds_m0_limit_model(void **st)
{
    static const uint32_t m0s[] = {0, 0x100, 0x10000, 0xffffffffu};
    static const uint32_t gds_m0s[] = {0x04000010, 0x00000000, 0xfff00100, 0x0000ffff};
    int gen;
    size_t i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        int gcn14 = strcmp(gcn_gen_id(gen), "gcn1.4") == 0;
        for (i = 0; i < sizeof(m0s) / sizeof(m0s[0]); i++) {
            gcn_wave_state *s = ot_state(gcn_gen_id(gen));
            unsigned lane, v;
            gcn_state_set_m0(s, m0s[i]);
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[1][lane] = 4 * lane + 0xc0; /* lanes 0-15 below 0x100, the rest past it */
                s->vgpr[2][lane] = 0x5000 + lane;
            }
            for (lane = 0; lane < 0x200; lane++)
                s->lds[lane] = 0x77;
            for (v = 0; v < 2; v++) {
                gcn_variant var = v ? GCN_AS_CORRECTED : GCN_AS_WRITTEN;
                uint32_t bound = !v || !gcn14 ? (m0s[i] < 0x10000 ? m0s[i] : 0x10000) : 0x10000;
                for (lane = 0; lane < GCN_LANES; lane++)
                    s->vgpr[3][lane] = 0xdead;
                if (v)
                    ot_run(s, "ds_write_b32 v1, v2", GCN_AS_CORRECTED);
                ot_run(s, "ds_read_b32 v3, v1", var);
                for (lane = 0; lane < GCN_LANES; lane++) {
                    unsigned a = 4 * lane + 0xc0;
                    uint32_t mem = v && a + 4 <= bound ? 0x5000 + lane : 0x77777777u;
                    if (lds_read(s, a, 4) != mem || s->vgpr[3][lane] != (a + 4 <= bound ? mem : 0))
                        fail_msg("%s, M0 0x%x, %s, lane %u: LDS 0x%x, v3 0x%x; want 0x%x, 0x%x",
                                 gcn_gen_id(gen), m0s[i], v ? "as corrected" : "as written", lane,
                                 (unsigned)lds_read(s, a, 4), s->vgpr[3][lane], mem,
                                 a + 4 <= bound ? mem : 0);
                }
            }
            ot_free(s);
        }
        for (i = 0; i < sizeof(gds_m0s) / sizeof(gds_m0s[0]); i++) {
            gcn_wave_state *s = ot_state(gcn_gen_id(gen));
            uint32_t base = gds_m0s[i] >> 16, size = gds_m0s[i] & 0xffffu, lane;
            uint32_t end = base + size < 0x10000 ? base + size : 0x10000;
            gcn_state_set_m0(s, gds_m0s[i]);
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[1][lane] = 4 * lane;
                s->vgpr[2][lane] = 0x9000 + lane;
                s->vgpr[3][lane] = 0xdead;
            }
            ot_run(s, "ds_write_b32 v1, v2 gds", GCN_AS_CORRECTED);
            ot_run(s, "ds_read_b32 v3, v1 gds", GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++) {
                uint32_t a = base + 4 * lane, in = a + 4 <= end, got;
                memcpy(&got, s->gds + (a < 0x10000 - 4 ? a : 0xfffc), 4);
                if ((in && got != 0x9000 + lane) || s->vgpr[3][lane] != (in ? 0x9000 + lane : 0))
                    fail_msg("%s, GDS M0 0x%08x, lane %u: GDS 0x%x, v3 0x%x", gcn_gen_id(gen),
                             gds_m0s[i], lane, got, s->vgpr[3][lane]);
            }
            assert_int_equal(lds_read(s, 0, 4), 0); /* LDS untouched */
            ot_free(s);
        }
    }
}

/* One addressing form of the SRC2 instructions: OFFSET, the bits ORed into ADDR above A, A of
 * lane k = base + stride * k, and B = A + 4 * b_dwords (aligned down to the width). */
typedef struct src2_form {
    unsigned offset;
    uint32_t addr_hi;
    unsigned base, stride;
    int b_dwords;
} src2_form;

/* Every SRC2 instruction (ds_<op>_src2_<type> of ds_cases, and ds_write_src2_b32/b64) on every
 * generation that has it, in each form, as corrected: memory at A becomes the operation's model
 * of A and B (B's value for the write), B is kept. Returns the lanes checked. */
static unsigned src2_check(const src2_form *forms, size_t nforms)
{
    size_t c, f;
    int gen, w;
    unsigned runs = 0;
    for (c = 0; c < sizeof(ds_cases) / sizeof(ds_cases[0]) + 1; c++)
        for (w = 0; w < 2; w++) {
            const ds_case *k = c < sizeof(ds_cases) / sizeof(ds_cases[0]) ? &ds_cases[c] : NULL;
            unsigned bits = w ? 64 : 32, bytes = bits / 8;
            char name[48];
            if (k && (!k->types[w] || k->data1 || strcmp(k->stem, "wrxchg") == 0))
                continue;
            if (k)
                snprintf(name, sizeof(name), "ds_%s_src2_%s", k->stem, k->types[w]);
            else
                snprintf(name, sizeof(name), "ds_write_src2_b%u", bits);
            for (gen = 0; gen < gcn_gen_count(); gen++) {
                gcn_wave_state *s;
                if (!has(name, gen))
                    continue;
                s = ot_state(gcn_gen_id(gen));
                for (f = 0; f < nforms; f++) {
                    const src2_form *m = &forms[f];
                    uint64_t a_old[GCN_LANES], b_val[GCN_LANES];
                    unsigned lane, A[GCN_LANES], B[GCN_LANES];
                    char text[96];
                    snprintf(text, sizeof(text), "%s v1 offset:%u", name, m->offset);
                    for (lane = 0; lane < GCN_LANES; lane++) {
                        const uint64_t *vals = k && k->float_type ? (w ? fvals64 : fvals32) : b64;
                        unsigned nv = k && k->float_type ? 10 : NB, i = lane + 64 * (unsigned)f;
                        A[lane] = m->base + m->stride * lane;
                        s->vgpr[1][lane] = m->addr_hi | A[lane];
                        B[lane] = (unsigned)((int)A[lane] + 4 * m->b_dwords) & ~(bytes - 1);
                        a_old[lane] = vals[i % nv] & mask(bits);
                        b_val[lane] = vals[(i * 7 + 3) % nv] & mask(bits);
                        lds_write(s, A[lane], a_old[lane], bytes);
                        lds_write(s, B[lane], b_val[lane], bytes);
                    }
                    ot_run(s, text, GCN_AS_CORRECTED);
                    for (lane = 0; lane < GCN_LANES; lane++) {
                        uint64_t want = k ? k->model(a_old[lane], b_val[lane], 0, bits) & mask(bits)
                                          : b_val[lane];
                        uint64_t got = lds_read(s, A[lane], bytes);
                        if (got != want)
                            fail_msg("%s on %s lane %u: A 0x%x = 0x%llx, B 0x%x = 0x%llx: 0x%llx, "
                                     "want 0x%llx",
                                     text, gcn_gen_id(gen), lane, A[lane],
                                     (unsigned long long)a_old[lane], B[lane],
                                     (unsigned long long)b_val[lane], (unsigned long long)got,
                                     (unsigned long long)want);
                        assert_int_equal(lds_read(s, B[lane], bytes), b_val[lane]);
                        runs++;
                    }
                }
                ot_free(s);
                count(name);
            }
        }
    return runs;
}

/* SRC2 forms: memory at A combined with memory at B (no data register). Addressing as the
 * description's listing gives it: OFFSET[15] = 0: A = ADDR, B = A + OFFSET[14:0] * 4 (a small
 * positive offset here); OFFSET[15] = 1: A = ADDR[16:0], B = A + ADDR[31:17] * 4. 64-bit
 * forms align both to 8 bytes. */
static void ds_src2_models(void **st)
{
    static const src2_form forms[] = {{4, 0, 0, 32, 4}, {0x8000, 3u << 17, 0, 32, 3}};
    (void)st;
    assert_true(src2_check(forms, sizeof(forms) / sizeof(forms[0])) > 1000);
}

/* GCN 1.4's D16 forms: a byte or half read into one half of VDST, the other kept; the high
 * half of a register written as a byte or half */
static void ds_d16_models(void **st)
{
    static const struct {
        const char *name;
        unsigned bytes, sign, hi;
    } reads[] = {{"ds_read_u8_d16", 1, 0, 0},  {"ds_read_u8_d16_hi", 1, 0, 1},
                 {"ds_read_i8_d16", 1, 1, 0},  {"ds_read_i8_d16_hi", 1, 1, 1},
                 {"ds_read_u16_d16", 2, 0, 0}, {"ds_read_u16_d16_hi", 2, 0, 1}};
    int gen;
    size_t i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s;
        unsigned lane, k;
        if (!has("ds_read_u8_d16", gen))
            continue;
        s = ot_state(gcn_gen_id(gen));
        for (k = 0; k < 4096; k++)
            s->lds[k] = (uint8_t)(k * 53 + 200);
        for (lane = 0; lane < GCN_LANES; lane++)
            s->vgpr[1][lane] = 2 * lane;
        for (i = 0; i < sizeof(reads) / sizeof(reads[0]); i++) {
            char text[96];
            snprintf(text, sizeof(text), "%s v20, v1 offset:6", reads[i].name);
            for (lane = 0; lane < GCN_LANES; lane++)
                s->vgpr[20][lane] = 0x12345678u ^ (lane * 0x01010101u);
            {
                uint32_t keep[GCN_LANES];
                for (lane = 0; lane < GCN_LANES; lane++)
                    keep[lane] = s->vgpr[20][lane];
                ot_run(s, text, GCN_AS_CORRECTED);
                for (lane = 0; lane < GCN_LANES; lane++) {
                    uint32_t v = (uint32_t)lds_read(s, 2 * lane + 6, reads[i].bytes), half;
                    half = reads[i].sign ? (uint16_t)(int16_t)(int8_t)v : (uint16_t)v;
                    if (reads[i].hi)
                        assert_int_equal(s->vgpr[20][lane], (half << 16) | (keep[lane] & 0xffff));
                    else
                        assert_int_equal(s->vgpr[20][lane], (keep[lane] & 0xffff0000u) | half);
                }
            }
            count(reads[i].name);
        }
        for (lane = 0; lane < GCN_LANES; lane++) {
            s->vgpr[1][lane] = 4 * lane;
            s->vgpr[2][lane] = 0xa1b2c3d4u + lane;
        }
        ot_run(s, "ds_write_b8_d16_hi v1, v2 offset:1024", GCN_AS_CORRECTED);
        ot_run(s, "ds_write_b16_d16_hi v1, v2 offset:2048", GCN_AS_CORRECTED);
        for (lane = 0; lane < GCN_LANES; lane++) {
            assert_int_equal(lds_read(s, 4 * lane + 1024, 1), (s->vgpr[2][lane] >> 16) & 0xff);
            assert_int_equal(lds_read(s, 4 * lane + 2048, 2), s->vgpr[2][lane] >> 16);
        }
        count("ds_write_b8_d16_hi");
        count("ds_write_b16_d16_hi");
        ot_free(s);
    }
}

/* Exchanges at two addresses: both old dwords returned, both new stored */
static void ds_wrxchg2_models(void **st)
{
    static const struct {
        const char *name;
        unsigned elem, wide;
    } forms[] = {{"ds_wrxchg2_rtn_b32", 4, 0},
                 {"ds_wrxchg2st64_rtn_b32", 256, 0},
                 {"ds_wrxchg2_rtn_b64", 8, 1},
                 {"ds_wrxchg2st64_rtn_b64", 512, 1}};
    int gen;
    size_t i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
            unsigned lane, e = forms[i].elem, n = forms[i].wide ? 8 : 4, k;
            char text[128];
            uint64_t old0[GCN_LANES], old1[GCN_LANES];
            if (!has(forms[i].name, gen))
                continue;
            for (k = 0; k < GCN_LDS_BYTES; k += 4) {
                uint32_t v = k * 2654435761u;
                memcpy(s->lds + k, &v, 4);
            }
            gcn_state_set_exec(s, 0xf000000000000000ull); /* lanes 60-63: no overlaps */
            for (lane = 60; lane < 64; lane++) {
                s->vgpr[1][lane] = 64 * lane;
                for (k = 0; k < 4; k++)
                    s->vgpr[40 + k][lane] = 0xb0000000u + lane * 16 + k;
                old0[lane] = lds_read(s, 64 * lane + 1 * e, n);
                old1[lane] = lds_read(s, 64 * lane + 2 * e, n);
            }
            snprintf(text, sizeof(text), "%s %s, v1, %s, %s offset0:1 offset1:2", forms[i].name,
                     forms[i].wide ? "v[50:53]" : "v[50:51]", forms[i].wide ? "v[40:41]" : "v40",
                     forms[i].wide ? "v[42:43]" : "v41");
            ot_run(s, text, GCN_AS_CORRECTED);
            for (lane = 60; lane < 64; lane++) {
                assert_int_equal(lds_read(s, 64 * lane + e, 4), s->vgpr[40][lane]);
                assert_int_equal(lds_read(s, 64 * lane + 2 * e, 4),
                                 s->vgpr[forms[i].wide ? 42 : 41][lane]);
                assert_int_equal(s->vgpr[50][lane], (uint32_t)old0[lane]);
                if (forms[i].wide) {
                    assert_int_equal(s->vgpr[51][lane], (uint32_t)(old0[lane] >> 32));
                    assert_int_equal(s->vgpr[52][lane], (uint32_t)old1[lane]);
                    assert_int_equal(s->vgpr[53][lane], (uint32_t)(old1[lane] >> 32));
                } else {
                    assert_int_equal(s->vgpr[51][lane], (uint32_t)old1[lane]);
                }
            }
            gcn_state_set_exec(s, ~0ull);
            count(forms[i].name);
        }
        ot_free(s);
    }
}

/* Lanes reading other lanes (AMD's descriptions, as gem5 carries them for Vega): swizzle's
 * quad-permute and bitmask modes, backward and forward permutes, append and consume */
static void ds_cross_lane_models(void **st)
{
    static const unsigned swz[] = {0x801b, 0x80e4, 0x8000, 0x041f, 0x00a0, 0x7c1f, 0x03e0};
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        uint64_t exec = 0xfedcba9876543210ull ^ 0x00ff00ff00ff00ffull, seed = 7;
        unsigned lane, k;
        for (lane = 0; lane < GCN_LANES; lane++)
            s->vgpr[2][lane] = 0x1000u + lane;
        for (k = 0; k < sizeof(swz) / sizeof(swz[0]); k++) {
            char text[64];
            uint32_t want[GCN_LANES];
            for (lane = 0; lane < GCN_LANES; lane++) {
                unsigned in;
                if (swz[k] & 0x8000) {
                    in = (lane & ~3u) + ((swz[k] >> (2 * (lane & 3))) & 3);
                } else {
                    unsigned andm = swz[k] & 31, orm = (swz[k] >> 5) & 31,
                             xorm = (swz[k] >> 10) & 31;
                    in = (lane & 0x20) | ((((lane & andm) | orm) ^ xorm) & 31);
                }
                want[lane] = exec >> in & 1 ? s->vgpr[2][in] : 0;
                s->vgpr[3][lane] = 0xdead;
            }
            gcn_state_set_exec(s, exec);
            snprintf(text, sizeof(text), "ds_swizzle_b32 v3, v2 offset:%u", swz[k]);
            ot_run(s, text, GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++)
                if (exec >> lane & 1) {
                    if (s->vgpr[3][lane] != want[lane])
                        fail_msg("%s on %s lane %u: 0x%x, want 0x%x", text, gcn_gen_id(gen), lane,
                                 s->vgpr[3][lane], want[lane]);
                } else {
                    assert_int_equal(s->vgpr[3][lane], 0xdead);
                }
        }
        count("ds_swizzle_b32");
        if (has("ds_bpermute_b32", gen)) {
            uint32_t want[GCN_LANES], tmp[GCN_LANES];
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[1][lane] = (uint32_t)ot_rand(&seed) & 0x3fc;
                s->vgpr[3][lane] = 0xdead;
                s->vgpr[4][lane] = 0xdead;
            }
            gcn_state_set_exec(s, exec);
            ot_run(s, "ds_bpermute_b32 v3, v1, v2 offset:8", GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++) {
                unsigned from = ((s->vgpr[1][lane] + 8) >> 2) & 63;
                want[lane] = exec >> from & 1 ? s->vgpr[2][from] : 0;
                assert_int_equal(s->vgpr[3][lane], exec >> lane & 1 ? want[lane] : 0xdead);
            }
            ot_run(s, "ds_permute_b32 v4, v1, v2 offset:8", GCN_AS_CORRECTED);
            memset(tmp, 0, sizeof(tmp));
            for (lane = 0; lane < GCN_LANES; lane++) /* ascending: a later lane wins */
                if (exec >> lane & 1)
                    tmp[((s->vgpr[1][lane] + 8) >> 2) & 63] = s->vgpr[2][lane];
            for (lane = 0; lane < GCN_LANES; lane++)
                assert_int_equal(s->vgpr[4][lane], exec >> lane & 1 ? tmp[lane] : 0xdead);
            count("ds_bpermute_b32");
            count("ds_permute_b32");
        }
        /* append/consume: the dword at M0 + OFFSET (M0 holds the counter's address, as LLVM
           and AMD's Vega description have it: E054) moves by the active lanes; each gets the
           old value */
        {
            unsigned pc = 0;
            uint64_t m;
            for (m = exec; m; m &= m - 1)
                pc++;
            lds_write(s, 0x140, 1000, 4);
            lds_write(s, 0x40, 77, 4);
            gcn_state_set_exec(s, exec);
            gcn_state_set_m0(s, 0x100);
            ot_run(s, "ds_append v5 offset:64", GCN_AS_CORRECTED);
            assert_int_equal(lds_read(s, 0x140, 4), 1000 + pc);
            ot_run(s, "ds_consume v6 offset:64", GCN_AS_CORRECTED);
            assert_int_equal(lds_read(s, 0x140, 4), 1000);
            assert_int_equal(lds_read(s, 0x40, 4), 77);
            gcn_state_set_m0(s, 0xffffffffu);
            for (lane = 0; lane < GCN_LANES; lane++)
                if (exec >> lane & 1) {
                    assert_int_equal(s->vgpr[5][lane], 1000);
                    assert_int_equal(s->vgpr[6][lane], 1000 + pc);
                }
            count("ds_append");
            count("ds_consume");
        }
        ot_free(s);
    }
}

/* What the spec says has no modelled effect (cache maintenance, probes, DS_NOP ...) leaves a
 * random state as it was, but for PC, the clock and LGKM_CNT */
static void no_effect_models(void **st)
{
    int insn, n = gcn_insn_count(), gen;
    gcn_wave_state *s = malloc(sizeof(*s)), *before = malloc(sizeof(*before));
    uint64_t seed = 11;
    (void)st;
    assert_non_null(s);
    assert_non_null(before);
    for (insn = 0; insn < n; insn++)
        for (gen = 0; gen < gcn_gen_count(); gen++) {
            gcn_sem_info info;
            gcn_inst in;
            gcn_exec_options o;
            gcn_diag d;
            int t;
            char name[48];
            size_t k;
            if (gcn_sem_info_get(insn, gen, &info) != GCN_OK ||
                info.status[GCN_AS_CORRECTED] != GCN_SEM_NONE)
                continue;
            for (t = 0; t < 5; t++) {
                gcn_random_state(s, gen, &seed);
                if (!gcn_random_inst(insn, gen, &seed, &in))
                    fail_msg("%s: no encoding", info.name);
                memcpy(before, s, sizeof(*s));
                memset(&o, 0, sizeof(o));
                o.variant = GCN_AS_CORRECTED;
                assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
                assert_true(s->pc == before->pc + in.size);
                assert_true(s->clock == before->clock + 1);
                before->pc = s->pc;
                before->clock = s->clock;
                before->lgkm_cnt = s->lgkm_cnt;
                assert_memory_equal(before, s, sizeof(*s));
            }
            for (k = 0; info.name[k] && k + 1 < sizeof(name); k++)
                name[k] = (char)(info.name[k] >= 'A' && info.name[k] <= 'Z' ? info.name[k] + 32
                                                                            : info.name[k]);
            name[k] = 0;
            count(name);
        }
    free(s);
    free(before);
}

/* The rest that the descriptions define: DS_WRAP_RTN_B32, S_BUFFER_STORE_*, S_SET_GPR_IDX_IDX,
 * the plain moves S_MOV_FED_B32/S_MOV_REGRD_B32 (no error injection or register-read
 * semantics modelled), S_RFE_B64 (PC from SSRC0) and S_CBRANCH_JOIN (pop EXEC and PC from the
 * control stack in SGPRs unless CSP equals SSRC0) */
static void misc_models(void **st)
{
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        unsigned lane, i;
        if (has("ds_wrap_rtn_b32", gen)) {
            uint32_t old[GCN_LANES];
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[1][lane] = 4 * lane;
                s->vgpr[2][lane] = (uint32_t)b64[lane % NB];
                s->vgpr[3][lane] = (uint32_t)b64[(lane * 5 + 1) % NB];
                old[lane] = (uint32_t)b64[(lane * 3 + 2) % NB];
                lds_write(s, 4 * lane, old[lane], 4);
            }
            ot_run(s, "ds_wrap_rtn_b32 v4, v1, v2, v3", GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++) {
                uint32_t d0 = s->vgpr[2][lane], d1 = s->vgpr[3][lane];
                assert_int_equal(lds_read(s, 4 * lane, 4),
                                 old[lane] >= d0 ? old[lane] - d0 : old[lane] + d1);
                assert_int_equal(s->vgpr[4][lane], old[lane]);
            }
            count("ds_wrap_rtn_b32");
        }
        if (has("s_buffer_store_dword", gen)) {
            static const char *const st_names[] = {"s_buffer_store_dword", "s_buffer_store_dwordx2",
                                                   "s_buffer_store_dwordx4"};
            uint64_t base = 0x9000;
            ot_set_s(s, 4, (uint32_t)base);
            ot_set_s(s, 5, 0x00100000u);
            ot_set_s(s, 6, 0xffffffffu);
            ot_set_s(s, 7, 0);
            for (i = 0; i < 3; i++) {
                unsigned n = 1u << i, r;
                char text[96];
                uint32_t got[4];
                for (r = 0; r < n; r++)
                    ot_set_s(s, 60 + r, 0xbeef0000u + 16 * i + r);
                if (n == 1)
                    snprintf(text, sizeof(text), "%s s60, s[4:7], 0x18", st_names[i]);
                else
                    snprintf(text, sizeof(text), "%s s[60:%u], s[4:7], 0x18", st_names[i],
                             60 + n - 1);
                ot_run(s, text, GCN_AS_CORRECTED);
                gcn_smem_read(s, base + 0x18, got, 4 * n);
                for (r = 0; r < n; r++)
                    assert_int_equal(got[r], 0xbeef0000u + 16 * i + r);
                count(st_names[i]);
            }
        }
        if (has("s_set_gpr_idx_idx", gen)) {
            gcn_state_set_m0(s, 0x12345678u);
            ot_set_s(s, 9, 0xabcdef9au);
            ot_run(s, "s_set_gpr_idx_idx s9", GCN_AS_CORRECTED);
            assert_int_equal(gcn_state_m0(s), 0x1234569au);
            count("s_set_gpr_idx_idx");
        }
        for (i = 0; i < 2; i++) {
            const char *name = i ? "s_mov_regrd_b32" : "s_mov_fed_b32";
            char text[64];
            if (!has(name, gen))
                continue;
            ot_set_s(s, 9, 0x5a5a0000u + i);
            snprintf(text, sizeof(text), "%s s8, s9", name);
            ot_run(s, text, GCN_AS_CORRECTED);
            assert_int_equal(ot_s(s, 8), 0x5a5a0000u + i);
            count(name);
        }
        set_s64(s, 12, 0x2468);
        s->pc = 0x100;
        ot_run(s, "s_rfe_b64 s[12:13]", GCN_AS_CORRECTED);
        assert_true(s->pc == 0x2468);
        count("s_rfe_b64");
        /* the control stack: slot k is SGPR[4k:4k+1] = EXEC, SGPR[4k+2:4k+3] = PC */
        s->csp = 2;
        set_s64(s, 4, 0x00000000ffff0000ull);
        set_s64(s, 6, 0x3000);
        ot_set_s(s, 20, 2);
        s->pc = 0x200;
        ot_run(s, "s_cbranch_join s20", GCN_AS_CORRECTED); /* CSP == SSRC0: on */
        assert_true(s->pc == 0x204);
        assert_int_equal(s->csp, 2);
        ot_set_s(s, 20, 0);
        ot_run(s, "s_cbranch_join s20", GCN_AS_CORRECTED); /* pop slot 1 */
        assert_int_equal(s->csp, 1);
        assert_true(gcn_state_exec(s) == 0x00000000ffff0000ull);
        assert_true(s->pc == 0x3000);
        count("s_cbranch_join");
        ot_free(s);
    }
}

/* ---- SMEM / SMRD ------------------------------------------------------------------------------
 */

static void smem_models(void **st)
{
    static const char *const loads[] = {"s_load_dword", "s_load_dwordx2", "s_load_dwordx4",
                                        "s_load_dwordx8", "s_load_dwordx16"};
    static const char *const bloads[] = {"s_buffer_load_dword", "s_buffer_load_dwordx2",
                                         "s_buffer_load_dwordx4", "s_buffer_load_dwordx8",
                                         "s_buffer_load_dwordx16"};
    int gen;
    unsigned i;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        /* GCN 1.0/1.1 (SMRD): the immediate offset counts dwords; GCN 1.2/1.4: bytes */
        unsigned scale = gen <= gcn_gen_lookup("gfx7") ? 4 : 1;
        uint64_t base = 0x123400000ull;
        uint8_t mem[512];
        for (i = 0; i < sizeof(mem); i++)
            mem[i] = (uint8_t)(i * 29 + 3);
        assert_int_equal(gcn_smem_write(s, base, mem, sizeof(mem)), GCN_OK);
        set_s64(s, 2, base);
        /* a buffer descriptor: base address in bits 47:0 (the stride field above it set) */
        ot_set_s(s, 4, (uint32_t)base);
        ot_set_s(s, 5, (uint32_t)(base >> 32) | 0x00100000u);
        ot_set_s(s, 6, 0xffffffffu);
        ot_set_s(s, 7, 0);
        for (i = 0; i < 5; i++) {
            unsigned n = 1u << i, r;
            char text[96], dst[16];
            if (n == 1)
                snprintf(dst, sizeof(dst), "s40");
            else
                snprintf(dst, sizeof(dst), "s[40:%u]", 40 + n - 1);
            snprintf(text, sizeof(text), "%s %s, s[2:3], 0x8", loads[i], dst);
            if (has(loads[i], gen)) {
                ot_run(s, text, GCN_AS_CORRECTED);
                for (r = 0; r < n; r++) {
                    uint32_t v;
                    memcpy(&v, mem + 8 * scale + 4 * r, 4);
                    assert_int_equal(ot_s(s, 40 + r), v);
                }
                count(loads[i]);
            }
            snprintf(text, sizeof(text), "%s %s, s[4:7], 0x4", bloads[i], dst);
            if (has(bloads[i], gen)) {
                ot_run(s, text, GCN_AS_CORRECTED);
                for (r = 0; r < n; r++) {
                    uint32_t v;
                    memcpy(&v, mem + 4 * scale + 4 * r, 4);
                    assert_int_equal(ot_s(s, 40 + r), v);
                }
                count(bloads[i]);
            }
        }
        if (has("s_store_dword", gen)) {
            static const char *const stores[] = {"s_store_dword", "s_store_dwordx2",
                                                 "s_store_dwordx4"};
            for (i = 0; i < 3; i++) {
                unsigned n = 1u << i, r;
                char text[96];
                uint32_t got[4];
                for (r = 0; r < n; r++)
                    ot_set_s(s, 60 + r, 0xc0de0000u + i * 16 + r);
                if (n == 1)
                    snprintf(text, sizeof(text), "%s s60, s[2:3], 0x40", stores[i]);
                else
                    snprintf(text, sizeof(text), "%s s[60:%u], s[2:3], 0x40", stores[i],
                             60 + n - 1);
                ot_run(s, text, GCN_AS_CORRECTED);
                gcn_smem_read(s, base + 0x40, got, 4 * n);
                for (r = 0; r < n; r++)
                    assert_int_equal(got[r], 0xc0de0000u + i * 16 + r);
                count(stores[i]);
            }
        }
        /* the clock: instructions executed before this one */
        s->clock = 1000;
        ot_run(s, "s_memtime s[70:71]", GCN_AS_CORRECTED);
        assert_int_equal(s64(s, 70), 1000);
        assert_int_equal(s->clock, 1001);
        count("s_memtime");
        if (has("s_memrealtime", gen)) {
            ot_run(s, "s_memrealtime s[72:73]", GCN_AS_CORRECTED);
            assert_int_equal(s64(s, 72), 1001);
            count("s_memrealtime");
        }
        ot_free(s);
    }
}

/* GCN 1.4's scalar atomics, plain and through a buffer descriptor, 32 and 64-bit, with and
 * without GLC (which returns the value memory held); CMPSWAP's data is {new, compare} */
static void smem_atomic_models(void **st)
{
    static const struct {
        const char *op;
        ds_model model;
    } ops[] = {{"add", d_add},    {"sub", d_sub},    {"swap", d_xchg},  {"smin", d_min_i},
               {"umin", d_min_u}, {"smax", d_max_i}, {"umax", d_max_u}, {"and", d_and},
               {"or", d_or},      {"xor", d_xor},    {"inc", d_inc},    {"dec", d_dec},
               {"cmpswap", NULL}};
    int gen = gcn_gen_lookup("gfx9");
    gcn_wave_state *s = ot_state("gfx9");
    uint64_t base = 0x40000ull;
    size_t o;
    int wide, buf, glc;
    unsigned runs = 0;
    (void)st;
    for (o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
        for (wide = 0; wide < 2; wide++)
            for (buf = 0; buf < 2; buf++) {
                char name[48];
                unsigned bits = wide ? 64 : 32, bytes = bits / 8, cmp = ops[o].model == NULL;
                unsigned nregs = (wide ? 2 : 1) * (cmp ? 2 : 1);
                size_t a, b;
                snprintf(name, sizeof(name), "s_%satomic_%s%s", buf ? "buffer_" : "", ops[o].op,
                         wide ? "_x2" : "");
                if (!has(name, gen))
                    fail_msg("%s missing on gfx9", name);
                for (glc = 0; glc < 2; glc++)
                    for (a = 0; a < NB; a += 3)
                        for (b = 0; b < NB; b += 2) {
                            char text[96], data[16];
                            uint64_t old = b64[a] & mask(bits), d0 = b64[b] & mask(bits);
                            uint64_t d1 = (b % 4 == 0 ? old : b64[(a + b) % NB]) & mask(bits);
                            uint64_t want, got = 0, ret;
                            set_s64(s, 2, base);
                            ot_set_s(s, 4, (uint32_t)base);
                            ot_set_s(s, 5, (uint32_t)(base >> 32));
                            ot_set_s(s, 6, 0xffffffffu);
                            ot_set_s(s, 7, 0);
                            assert_int_equal(gcn_smem_write(s, base + 0x20, &old, bytes), GCN_OK);
                            if (nregs == 1)
                                snprintf(data, sizeof(data), "s40");
                            else
                                snprintf(data, sizeof(data), "s[40:%u]", 40 + nregs - 1);
                            set_s64(s, 40, d0);
                            if (cmp) { /* {new, compare}: each one register or a pair */
                                if (wide)
                                    set_s64(s, 42, d1);
                                else
                                    ot_set_s(s, 41, (uint32_t)d1);
                            }
                            snprintf(text, sizeof(text), "%s %s, %s, 0x20%s", name, data,
                                     buf ? "s[4:7]" : "s[2:3]", glc ? " glc" : "");
                            ot_run(s, text, GCN_AS_CORRECTED);
                            want = cmp ? (old == d1 ? d0 : old) : ops[o].model(old, d0, 0, bits);
                            gcn_smem_read(s, base + 0x20, &got, bytes);
                            if (got != (want & mask(bits)))
                                fail_msg("%s: memory 0x%llx data 0x%llx (cmp 0x%llx): 0x%llx, "
                                         "want 0x%llx",
                                         text, (unsigned long long)old, (unsigned long long)d0,
                                         (unsigned long long)d1, (unsigned long long)got,
                                         (unsigned long long)want);
                            ret = wide ? s64(s, 40) : ot_s(s, 40);
                            assert_true(ret == (glc ? old : d0));
                            runs++;
                        }
                count(name);
            }
    ot_free(s);
    assert_true(runs > 1000);
}

/* ---- one program on every generation ----------------------------------------------------------
 */

static const char cross_program[] = "s_mov_b32 s1, s0\n"
                                    "s_not_b32 s2, s0\n"
                                    "s_brev_b32 s3, s0\n"
                                    "s_bcnt1_i32_b32 s4, s0\n"
                                    "s_ff1_i32_b32 s5, s0\n"
                                    "s_flbit_i32_b32 s6, s0\n"
                                    "s_sext_i32_i16 s7, s0\n"
                                    "s_abs_i32 s8, s0\n"
                                    "s_wqm_b64 s[10:11], s[0:1]\n"
                                    "s_quadmask_b32 s12, s0\n"
                                    "s_bitset1_b32 s13, s4\n"
                                    "s_movrels_b32 s14, s0\n"
                                    "ds_write_b32 v1, v2 offset:16\n"
                                    "ds_add_rtn_u32 v3, v1, v2 offset:16\n"
                                    "ds_inc_rtn_u32 v4, v1, v5 offset:16\n"
                                    "ds_write2_b32 v1, v2, v5 offset0:8 offset1:9\n"
                                    "ds_read2_b32 v[6:7], v1 offset0:8 offset1:4\n"
                                    "ds_max_rtn_i32 v8, v1, v5 offset:36\n"
                                    "ds_cmpst_rtn_b32 v9, v1, v2, v5 offset:16\n"
                                    "ds_read_u16 v10, v1 offset:2\n"
                                    "s_and_saveexec_b64 s[20:21], s[16:17]\n"
                                    "ds_xor_rtn_b32 v11, v1, v5\n";

static void cross_generation(void **st)
{
    gcn_wave_state *first = NULL;
    int gen, ran = 0;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        gcn_program p;
        gcn_exec_result r;
        gcn_exec_options o;
        gcn_diag d;
        unsigned lane, k;
        uint64_t seed = 99;
        if (gcn_program_parse(&p, gen, 0, cross_program, "cross.s", &d) != GCN_OK) {
            /* an instruction the generation lacks */
            ot_free(s);
            continue;
        }
        ot_set_s(s, 0, 0x8001f0a0u);
        ot_set_s(s, 1, 0x00ff0001u);
        set_s64(s, 16, 0x00000000ffff0000ull);
        gcn_state_set_m0(s, 2); /* s_movrels reads s[0 + 2] */
        for (lane = 0; lane < GCN_LANES; lane++) {
            s->vgpr[1][lane] = 64 * lane;
            s->vgpr[2][lane] = (uint32_t)ot_rand(&seed);
            s->vgpr[5][lane] = (uint32_t)ot_rand(&seed) & 0xff;
        }
        for (k = 0; k < GCN_LDS_BYTES; k += 4) {
            uint32_t v = (uint32_t)ot_rand(&seed);
            memcpy(s->lds + k, &v, 4);
        }
        gcn_state_set_m0(s, 0xffffffffu);
        /* the movrels above wants M0 = 2 at its turn: write M0 between the scalar and DS
         * parts instead of relying on it, by running the program in two halves */
        memset(&o, 0, sizeof(o));
        o.variant = GCN_AS_CORRECTED;
        gcn_state_set_m0(s, 2);
        while (s->pc < p.base + p.bytes) {
            const gcn_inst *in = gcn_program_inst(&p, (size_t)p.at[(s->pc - p.base) / 4]);
            if (gcn_inst_encoding(in)[0] == 'D')
                gcn_state_set_m0(s, 0xffffffffu);
            assert_int_equal(gcn_exec_step(s, &p, &o, &d), GCN_OK);
        }
        (void)r;
        gcn_program_free(&p);
        ran++;
        if (!first) {
            first = s;
            continue;
        }
        for (k = 0; k < 32; k++)
            if (ot_s(first, k) != ot_s(s, k))
                fail_msg("s%u: %s 0x%08x, %s 0x%08x", k, gcn_gen_id(first->gen), ot_s(first, k),
                         gcn_gen_id(gen), ot_s(s, k));
        assert_true(gcn_state_exec(first) == gcn_state_exec(s));
        assert_int_equal(first->scc, s->scc);
        assert_memory_equal(first->vgpr, s->vgpr, sizeof(s->vgpr));
        assert_memory_equal(first->lds, s->lds, sizeof(s->lds));
        assert_true(first->pc == s->pc);
        ot_free(s);
    }
    assert_int_equal(ran, gcn_gen_count()); /* every instruction above exists everywhere */
    ot_free(first);
}

/* SRC2 forms with a negative index. The 16-bit index repeats its sign in bit 15 (AMD's Vega
 * description: {offset1[6], offset1[6:0], offset0} and {A[31], A[31:17]}), so it is a signed
 * dword count: index -1 is the dword before A (erratum E051's reading). OFFSET = 0x7fff gives
 * index -1, 0x7ff8 index -8; OFFSET[15] with ADDR[31:17] all ones gives -1 too. As written
 * the listing multiplies the 16-bit pattern unsigned: B lands past the LDS and reads 0. */
static void ds_src2_negative(void **st)
{
    static const src2_form forms[] = {{0x7fff, 0, 0x1000, 64, -1},
                                      {0x7ff8, 0, 0x1000, 64, -8},
                                      {0x8000, 0xfffe0000u, 0x1000, 64, -1}};
    (void)st;
    assert_true(src2_check(forms, sizeof(forms) / sizeof(forms[0])) > 1000);
    /* as written, index -1 is 0xffff dwords up: B = A + 0x3fffc is past the LDS and reads 0,
     * so an add leaves A as it was */
    {
        gcn_wave_state *s = ot_state("gfx9");
        unsigned lane;
        for (lane = 0; lane < GCN_LANES; lane++) {
            s->vgpr[1][lane] = 0x1000 + 64 * lane;
            lds_write(s, 0x1000 + 64 * lane, 5, 4);
            lds_write(s, 0x1000 + 64 * lane - 4, 7, 4);
        }
        ot_run(s, "ds_add_src2_u32 v1 offset:32767", GCN_AS_WRITTEN);
        for (lane = 0; lane < GCN_LANES; lane++)
            assert_int_equal(lds_read(s, 0x1000 + 64 * lane, 4), 5);
        ot_run(s, "ds_add_src2_u32 v1 offset:32767", GCN_AS_CORRECTED);
        for (lane = 0; lane < GCN_LANES; lane++)
            assert_int_equal(lds_read(s, 0x1000 + 64 * lane, 4), 12);
        ot_free(s);
    }
}

/* GCN 1.4's DS_READ_ADDTID_B32 / DS_WRITE_ADDTID_B32: lane k's dword at M0[15:0] + OFFSET + 4k
 * (the description), M0's upper half ignored. As corrected (E050) nothing but the end of the
 * LDS limits the access; as written the NOTE's M0 limit applies as well, so with M0 = 0x100 as
 * the base every lane is past the limit: the read returns 0, the write stores nothing. */
static void addtid_models(void **st)
{
    static const uint32_t m0s[] = {0x00000100, 0x12340200, 0x0000fe00, 0x0000ff80};
    static const unsigned offs[] = {0, 4, 0x40};
    gcn_wave_state *s;
    unsigned i, j, lane;
    int gen = gcn_gen_lookup("gfx9");
    (void)st;
    if (!has("ds_read_addtid_b32", gen) || !has("ds_write_addtid_b32", gen))
        fail_msg("GCN 1.4 lacks the ADDTID instructions");
    s = ot_state("gfx9");
    for (i = 0; i < sizeof(m0s) / sizeof(m0s[0]); i++)
        for (j = 0; j < sizeof(offs) / sizeof(offs[0]); j++) {
            char text[64];
            uint64_t exec = 0xfffffffffffffffeull ^ (1ull << 40);
            memset(s->lds, 0xa5, sizeof(s->lds));
            gcn_state_set_m0(s, m0s[i]);
            gcn_state_set_exec(s, exec);
            for (lane = 0; lane < GCN_LANES; lane++) {
                s->vgpr[2][lane] = 0x5a000000u + lane;
                s->vgpr[3][lane] = 0xdeadu;
            }
            snprintf(text, sizeof(text), "ds_write_addtid_b32 v2 offset:%u", offs[j]);
            ot_run(s, text, GCN_AS_CORRECTED);
            snprintf(text, sizeof(text), "ds_read_addtid_b32 v3 offset:%u", offs[j]);
            ot_run(s, text, GCN_AS_CORRECTED);
            for (lane = 0; lane < GCN_LANES; lane++) {
                unsigned a = (m0s[i] & 0xffffu) + offs[j] + 4 * lane;
                int active = (exec >> lane) & 1, in = a + 4 <= GCN_LDS_BYTES;
                if (!active) {
                    assert_int_equal(s->vgpr[3][lane], 0xdeadu);
                    if (in)
                        assert_int_equal(lds_read(s, a, 4), 0xa5a5a5a5u);
                    continue;
                }
                assert_int_equal(s->vgpr[3][lane], in ? 0x5a000000u + lane : 0);
                if (in)
                    assert_int_equal(lds_read(s, a, 4), 0x5a000000u + lane);
            }
        }
    /* as written: base 0x100 is also the limit */
    memset(s->lds, 0xa5, sizeof(s->lds));
    gcn_state_set_m0(s, 0x100);
    gcn_state_set_exec(s, ~0ull);
    ot_run(s, "ds_read_addtid_b32 v3", GCN_AS_WRITTEN);
    for (lane = 0; lane < GCN_LANES; lane++)
        assert_int_equal(s->vgpr[3][lane], 0);
    ot_free(s);
    count("ds_read_addtid_b32");
    count("ds_write_addtid_b32");
}

/* GCN 1.4's S_SCRATCH_*: SBASE + OFFSET (dword-aligned) + the SGPR offset (dword-aligned)
 * times 64 (the wave's 64 lanes share each scratch dword slot); loads into SDATA, stores from
 * it, 1/2/4 dwords */
static void scratch_models(void **st)
{
    static const uint32_t soffs[] = {0, 3, 4, 0x41, 0x400};
    static const unsigned imms[] = {0, 3, 0x10, 0x7c};
    static const char *const names[] = {"s_scratch_load_dword",    "s_scratch_load_dwordx2",
                                        "s_scratch_load_dwordx4",  "s_scratch_store_dword",
                                        "s_scratch_store_dwordx2", "s_scratch_store_dwordx4"};
    int gen = gcn_gen_lookup("gfx9");
    gcn_wave_state *s = ot_state("gfx9");
    uint64_t base = 0x20000ull;
    unsigned n, i, j, r;
    (void)st;
    for (n = 0; n < 6; n++)
        if (!has(names[n], gen))
            fail_msg("GCN 1.4 lacks %s", names[n]);
    set_s64(s, 2, base);
    for (i = 0; i < sizeof(soffs) / sizeof(soffs[0]); i++)
        for (j = 0; j < sizeof(imms) / sizeof(imms[0]); j++)
            for (n = 0; n < 3; n++) {
                unsigned dwords = 1u << n;
                uint64_t addr = base + (imms[j] & ~3u) + (uint64_t)(soffs[i] & ~3u) * 64;
                uint32_t mem[4], got[4];
                char text[96], reg[16];
                for (r = 0; r < 4; r++)
                    mem[r] = 0x31000000u + i * 0x10000 + j * 0x100 + n * 0x10 + r;
                assert_int_equal(gcn_smem_write(s, addr, mem, sizeof(mem)), GCN_OK);
                ot_set_s(s, 0, soffs[i]);
                if (dwords == 1)
                    snprintf(reg, sizeof(reg), "s40");
                else
                    snprintf(reg, sizeof(reg), "s[40:%u]", 40 + dwords - 1);
                snprintf(text, sizeof(text), "%s %s, s[2:3], s0 offset:0x%x", names[n], reg,
                         imms[j]);
                ot_run(s, text, GCN_AS_CORRECTED);
                for (r = 0; r < dwords; r++)
                    assert_int_equal(ot_s(s, 40 + r), mem[r]);
                for (r = 0; r < dwords; r++)
                    ot_set_s(s, 40 + r, 0xc0000000u + r + n * 4);
                snprintf(text, sizeof(text), "%s %s, s[2:3], s0 offset:0x%x", names[3 + n], reg,
                         imms[j]);
                ot_run(s, text, GCN_AS_CORRECTED);
                gcn_smem_read(s, addr, got, sizeof(got));
                for (r = 0; r < 4; r++)
                    assert_int_equal(got[r], r < dwords ? 0xc0000000u + r + n * 4 : mem[r]);
            }
    ot_free(s);
    for (n = 0; n < 6; n++)
        count(names[n]);
}

/* DS_CONDXCHG32_RTN_B64 (AMD's RDNA3/CDNA4 definition): the two dwords at (ADDR + OFFSET) &
 * 0xfff8 are returned, and each is replaced by its half of the data with bit 31 cleared only
 * when that half's bit 31 is set. DS_CONDXCHG32_RTN_B128 has no source: the oracle's assumption
 * (four dwords at & 0xfff0) is what is checked. */
static void condxchg_models(void **st)
{
    static const uint32_t data[] = {0x00000000, 0x80000000, 0x7fffffff, 0xffffffff,
                                    0x80000001, 0x12345678, 0x92345678};
    int gen, wide;
    (void)st;
    for (wide = 0; wide < 2; wide++) {
        const char *name = wide ? "ds_condxchg32_rtn_b128" : "ds_condxchg32_rtn_b64";
        unsigned dwords = wide ? 4 : 2, align = wide ? 0xfff0u : 0xfff8u;
        for (gen = 0; gen < gcn_gen_count(); gen++) {
            gcn_wave_state *s;
            unsigned lane, k, offset;
            if (!has(name, gen))
                continue;
            s = ot_state(gcn_gen_id(gen));
            for (offset = 0; offset <= 8; offset += 8) {
                char text[96];
                uint32_t old[GCN_LANES][4];
                gcn_state_set_exec(s, ~(1ull << 9));
                for (lane = 0; lane < GCN_LANES; lane++) {
                    /* own 16-byte slot per lane, some unaligned; the last lane wraps past 64 KiB */
                    uint32_t addr = lane == 63 ? 0xfffcu : 0x400u + 32 * lane + (lane & 7);
                    unsigned a = (addr + offset) & align;
                    s->vgpr[1][lane] = addr;
                    for (k = 0; k < dwords; k++) {
                        old[lane][k] = 0x0a000000u + lane * 16 + k + offset;
                        lds_write(s, a + 4 * k, old[lane][k], 4);
                        s->vgpr[8 + k][lane] = data[(lane + k * 3) % 7];
                        s->vgpr[4 + k][lane] = 0xdead;
                    }
                }
                snprintf(text, sizeof(text), "%s v[4:%u], v1, v[8:%u] offset:%u", name,
                         4 + dwords - 1, 8 + dwords - 1, offset);
                ot_run(s, text, GCN_AS_CORRECTED);
                for (lane = 0; lane < GCN_LANES; lane++) {
                    unsigned a = (s->vgpr[1][lane] + offset) & align;
                    for (k = 0; k < dwords; k++) {
                        uint32_t d = s->vgpr[8 + k][lane];
                        if (lane == 9) {
                            assert_int_equal(s->vgpr[4 + k][lane], 0xdead);
                            assert_int_equal(lds_read(s, a + 4 * k, 4), old[lane][k]);
                            continue;
                        }
                        assert_int_equal(s->vgpr[4 + k][lane], old[lane][k]);
                        assert_int_equal(lds_read(s, a + 4 * k, 4),
                                         (d >> 31) ? (d & 0x7fffffffu) : old[lane][k]);
                    }
                }
            }
            ot_free(s);
            count(name);
        }
    }
}

/* DS_ORDERED_COUNT, one wave's view: the counter is the GDS dword at (M0[31:16] & ~3) +
 * OFFSET[7:2] * 4; OFFSET[13:12] 0 adds, 1 exchanges the ADDR value of the first active lane
 * (0 with EXEC = 0); every active lane gets the old counter; 2 and 3 leave it. A counter past
 * the end of GDS reads 0 and is not written. */
static void ordered_count_models(void **st)
{
    static const uint32_t m0s[] = {0x01000007, 0x0103ffff, 0xff000000, 0xfffc0000};
    static const unsigned offs[] = {0x304, 0x1304, 0x0004, 0x10fc, 0x2304, 0x3304};
    static const uint64_t execs[] = {~0ull, 0xffffffffffff0000ull, 0x8000000000000000ull, 0};
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s;
        unsigned i, j, e, lane;
        if (!has("ds_ordered_count", gen))
            continue;
        s = ot_state(gcn_gen_id(gen));
        for (i = 0; i < 4; i++)
            for (j = 0; j < 6; j++)
                for (e = 0; e < 4; e++) {
                    char text[64];
                    unsigned addr = ((m0s[i] >> 16) & 0xfffcu) + (offs[j] & 0xfcu);
                    unsigned op = (offs[j] >> 12) & 3, first = 0;
                    int in = addr + 4 <= GCN_GDS_BYTES;
                    uint32_t before = 0x7ffffff0u + i + j, data = 0, want;
                    if (in)
                        memcpy(s->gds + addr, &before, 4);
                    gcn_state_set_m0(s, m0s[i]);
                    gcn_state_set_exec(s, execs[e]);
                    for (lane = 0; lane < GCN_LANES; lane++) {
                        s->vgpr[5][lane] = 0x11 * (lane + 1) + (uint32_t)e;
                        s->vgpr[1][lane] = 0xbeef;
                    }
                    while (first < GCN_LANES && !((execs[e] >> first) & 1))
                        first++;
                    if (first < GCN_LANES)
                        data = s->vgpr[5][first];
                    snprintf(text, sizeof(text), "ds_ordered_count v1, v5 offset:%u gds", offs[j]);
                    ot_run(s, text, GCN_AS_CORRECTED);
                    want = op == 0 ? before + data : op == 1 ? data : before;
                    if (in) {
                        uint32_t got;
                        memcpy(&got, s->gds + addr, 4);
                        assert_int_equal(got, want);
                    }
                    for (lane = 0; lane < GCN_LANES; lane++)
                        assert_int_equal(s->vgpr[1][lane],
                                         (execs[e] >> lane) & 1 ? (in ? before : 0) : 0xbeef);
                }
        ot_free(s);
        count("ds_ordered_count");
    }
}

/* Global wave sync, a model of AMD's description (gem5's Vega text) for one wave: resource
 * rid = (M0[21:16] + OFFSET) mod 64; INIT sets the counter to the data (first active lane's
 * ADDR; 0 with EXEC = 0) and clears the flag; SEMA_V adds 1, SEMA_BR the data; SEMA_P takes 1
 * from a counter above 0 (as signed), else the wave would wait; RELEASE_ALL leaves no waves
 * queued (counter 0); BARRIER: the last wave (counter <= 0) flips the flag and reloads the
 * counter with the data, any earlier one takes 1 and would wait. */
typedef struct gws_model {
    uint32_t counter[64], flag[64], wait;
} gws_model;

static void gws_models(void **st)
{
    static const char *const ops[] = {"ds_gws_init",   "ds_gws_sema_v",           "ds_gws_sema_br",
                                      "ds_gws_sema_p", "ds_gws_sema_release_all", "ds_gws_barrier"};
    static const uint32_t datas[] = {0, 1, 2, 3, 0x7fffffff, 0x80000000, 0xffffffff};
    static const uint32_t m0s[] = {0, 0x00010000, 0x003f0000, 0xffffffff, 0x00c50000};
    static const unsigned offsets[] = {0, 1, 5, 63, 64, 0xffff};
    static const uint64_t execs[] = {~0ull, 0x20, 0x8000000000000000ull, 0};
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        gcn_wave_state *s = ot_state(gcn_gen_id(gen));
        gws_model m;
        uint64_t seed = 0x9e3779b97f4a7c15ull + (uint64_t)gen;
        unsigned step, k, seen[6] = {0};
        memset(&m, 0, sizeof(m));
        for (step = 0; step < 3000; step++) {
            unsigned op = (unsigned)(ot_rand(&seed) % 6), lane, rid, first = 0;
            uint32_t m0 = m0s[ot_rand(&seed) % 5], data = 0;
            unsigned offset = offsets[ot_rand(&seed) % 6] & (step < 1500 ? 3u : 0xffffu);
            uint64_t exec = execs[ot_rand(&seed) % 4];
            char text[96];
            if (!has(ops[op], gen))
                continue;
            gcn_state_set_m0(s, m0);
            gcn_state_set_exec(s, exec);
            for (lane = 0; lane < GCN_LANES; lane++)
                s->vgpr[5][lane] = datas[(lane + step) % 7];
            while (first < GCN_LANES && !((exec >> first) & 1))
                first++;
            if (first < GCN_LANES)
                data = s->vgpr[5][first];
            rid = (((m0 >> 16) & 63) + (offset & 63)) % 64;
            if (op == 0 || op == 2 || op == 5)
                snprintf(text, sizeof(text), "%s v5 offset:%u gds", ops[op], offset);
            else
                snprintf(text, sizeof(text), "%s offset:%u gds", ops[op], offset);
            ot_run(s, text, GCN_AS_CORRECTED);
            switch (op) {
            case 0:
                m.counter[rid] = data;
                m.flag[rid] = 0;
                m.wait = 0;
                break;
            case 1:
                m.counter[rid]++;
                m.wait = 0;
                break;
            case 2:
                m.counter[rid] += data;
                m.wait = 0;
                break;
            case 3:
                if ((int32_t)m.counter[rid] > 0) {
                    m.counter[rid]--;
                    m.wait = 0;
                } else {
                    m.wait = 1;
                }
                break;
            case 4:
                m.counter[rid] = 0;
                m.wait = 0;
                break;
            default:
                if ((int32_t)m.counter[rid] <= 0) {
                    m.flag[rid] ^= 1;
                    m.counter[rid] = data;
                    m.wait = 0;
                } else {
                    m.counter[rid]--;
                    m.wait = 1;
                }
                break;
            }
            seen[op]++;
            for (k = 0; k < 64; k++) {
                if (s->gws_counter[k] != m.counter[k] || s->gws_flag[k] != m.flag[k])
                    fail_msg("%s on %s (step %u, M0 0x%x): resource %u counter 0x%x flag %u, "
                             "want 0x%x %u",
                             text, gcn_gen_id(gen), step, m0, k, s->gws_counter[k], s->gws_flag[k],
                             m.counter[k], m.flag[k]);
            }
            assert_int_equal(s->gws_wait, m.wait);
        }
        for (k = 0; k < 6; k++)
            if (has(ops[k], gen)) {
                assert_true(seen[k] > 100);
                count(ops[k]);
            }
        ot_free(s);
    }
}

static void report_count(void **st)
{
    int insn, n = gcn_insn_count();
    unsigned missing = 0;
    (void)st;
    printf("expectations: %u instructions checked against models written in this file\n", nchecked);
    printf("not checked here:");
    for (insn = 0; insn < n; insn++) {
        const char *m = gcn_insn_mnemonic(insn);
        unsigned i;
        for (i = 0; i < nchecked && strcmp(checked[i], m) != 0; i++)
            ;
        if (i == nchecked) {
            printf(" %s", m);
            missing++;
        }
    }
    printf(" (%u)\n", missing);
    assert_true(nchecked >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sop1_models),
        cmocka_unit_test(sop1_relative),
        cmocka_unit_test(ds_atomic_models),
        cmocka_unit_test(ds_read_write_models),
        cmocka_unit_test(ds_two_address_models),
        cmocka_unit_test(ds_m0_limit_model),
        cmocka_unit_test(ds_src2_models),
        cmocka_unit_test(ds_d16_models),
        cmocka_unit_test(ds_wrxchg2_models),
        cmocka_unit_test(smem_atomic_models),
        cmocka_unit_test(ds_cross_lane_models),
        cmocka_unit_test(no_effect_models),
        cmocka_unit_test(misc_models),
        cmocka_unit_test(smem_models),
        cmocka_unit_test(cross_generation),
        cmocka_unit_test(ds_src2_negative),
        cmocka_unit_test(addtid_models),
        cmocka_unit_test(scratch_models),
        cmocka_unit_test(condxchg_models),
        cmocka_unit_test(ordered_count_models),
        cmocka_unit_test(gws_models),
        cmocka_unit_test(report_count),
    };
    return cmocka_run_group_tests_name("oracle_expectations", tests, NULL, NULL);
}
