/* The executor on hand-checked programs, per encoding and generation. Every expected value is
 * computed here from first principles (a popcount loop, the bytes written, the address
 * arithmetic the descriptions state), never from the pseudocode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

static const char *const all_gens[] = {"gfx6", "gfx7", "gfx8", "gfx9"};
static const char *const smem_gens[] = {"gfx8", "gfx9"};

static unsigned popcount(uint64_t v)
{
    unsigned n = 0;
    for (; v; v >>= 1)
        n += (unsigned)(v & 1);
    return n;
}

static uint32_t reverse32(uint32_t v)
{
    uint32_t r = 0;
    int i;
    for (i = 0; i < 32; i++)
        if (v & (1u << i))
            r |= 1u << (31 - i);
    return r;
}

static const uint32_t samples[] = {0,           1,           0x80000000u, 0xffffffffu,
                                   0x12345678u, 0xf0f0f0f1u, 0x7fffffffu, 0x00010000u};
#define NSAMPLES (sizeof(samples) / sizeof(samples[0]))

/* ---- SOP1 --------------------------------------------------------------------------------- */

static void sop1_bit_counts(void **st)
{
    size_t g, i;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        for (i = 0; i < NSAMPLES; i++) {
            uint64_t v64 = (uint64_t)samples[i] << 32 | samples[(i + 3) % NSAMPLES];
            ot_set_s(s, 0, samples[i]);
            ot_run(s, "s_bcnt1_i32_b32 s1, s0", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 1), popcount(samples[i]));
            assert_int_equal(s->scc, popcount(samples[i]) != 0);
            ot_run(s, "s_bcnt0_i32_b32 s1, s0", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 1), 32 - popcount(samples[i]));
            ot_set_s(s, 2, (uint32_t)v64);
            ot_set_s(s, 3, (uint32_t)(v64 >> 32));
            ot_run(s, "s_bcnt1_i32_b64 s1, s[2:3]", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 1), popcount(v64));
            ot_run(s, "s_brev_b32 s4, s0", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 4), reverse32(samples[i]));
            ot_run(s, "s_not_b64 s[6:7], s[2:3]", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 6), ~(uint32_t)v64);
            assert_int_equal(ot_s(s, 7), ~(uint32_t)(v64 >> 32));
            assert_int_equal(s->scc, ~v64 != 0);
        }
        ot_free(s);
    }
}

static void sop1_find_first(void **st)
{
    size_t g, i;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        for (i = 0; i < NSAMPLES; i++) {
            uint32_t v = samples[i];
            int ff1 = -1, ff0 = -1, flbit = -1, k;
            for (k = 0; k < 32 && ff1 < 0; k++)
                if (v >> k & 1)
                    ff1 = k;
            for (k = 0; k < 32 && ff0 < 0; k++)
                if (!(v >> k & 1))
                    ff0 = k;
            for (k = 31; k >= 0 && flbit < 0; k--)
                if (v >> k & 1)
                    flbit = 31 - k;
            ot_set_s(s, 0, v);
            ot_run(s, "s_ff1_i32_b32 s1, s0", GCN_AS_CORRECTED);
            assert_int_equal((int32_t)ot_s(s, 1), ff1);
            ot_run(s, "s_ff0_i32_b32 s1, s0", GCN_AS_CORRECTED);
            assert_int_equal((int32_t)ot_s(s, 1), ff0);
            ot_run(s, "s_flbit_i32_b32 s1, s0", GCN_AS_CORRECTED);
            assert_int_equal((int32_t)ot_s(s, 1), flbit);
        }
        ot_free(s);
    }
}

static void sop1_moves_and_constants(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        ot_run(s, "s_mov_b32 s0, 0x12345678", GCN_AS_WRITTEN); /* the literal */
        assert_int_equal(ot_s(s, 0), 0x12345678u);
        ot_run(s, "s_mov_b64 s[2:3], -16", GCN_AS_WRITTEN); /* an inline integer, 64 bits */
        assert_int_equal(ot_s(s, 2), 0xfffffff0u);
        assert_int_equal(ot_s(s, 3), 0xffffffffu);
        ot_run(s, "s_mov_b64 s[2:3], 0.5", GCN_AS_WRITTEN); /* an inline float, as a double */
        assert_int_equal(ot_s(s, 2), 0);
        assert_int_equal(ot_s(s, 3), 0x3fe00000u);
        ot_run(s, "s_mov_b32 s4, 1.0", GCN_AS_WRITTEN); /* as a float */
        assert_int_equal(ot_s(s, 4), 0x3f800000u);
        ot_run(s, "s_mov_b32 s5, 64", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 5), 64);
        ot_set_s(s, 6, 0x80);
        ot_run(s, "s_sext_i32_i8 s7, s6", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 7), 0xffffff80u);
        ot_set_s(s, 6, 0x17fff);
        ot_run(s, "s_sext_i32_i16 s7, s6", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 7), 0x7fff);
        ot_set_s(s, 6, 0x80000000u);
        ot_run(s, "s_abs_i32 s7, s6", GCN_AS_WRITTEN); /* |INT_MIN| wraps to itself */
        assert_int_equal(ot_s(s, 7), 0x80000000u);
        ot_set_s(s, 6, (uint32_t)-5);
        ot_run(s, "s_abs_i32 s7, s6", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 7), 5);
        /* s_cmov moves only with SCC set */
        ot_set_s(s, 8, 1);
        ot_set_s(s, 9, 2);
        s->scc = 0;
        ot_run(s, "s_cmov_b32 s8, s9", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 8), 1);
        s->scc = 1;
        ot_run(s, "s_cmov_b32 s8, s9", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 8), 2);
        /* vcc and exec by name */
        ot_run(s, "s_mov_b64 vcc, -1", GCN_AS_WRITTEN);
        assert_true(gcn_state_vcc(s) == ~0ull);
        ot_run(s, "s_mov_b32 m0, 0x1234", GCN_AS_WRITTEN);
        assert_int_equal(gcn_state_m0(s), 0x1234);
        ot_free(s);
    }
}

static void sop1_exec_masks(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        uint64_t exec = 0xff00ff00f0f0f0f0ull, src = 0x0ff00ff00ff00ff0ull;
        gcn_state_set_exec(s, exec);
        ot_set_s(s, 6, (uint32_t)src);
        ot_set_s(s, 7, (uint32_t)(src >> 32));
        ot_run(s, "s_and_saveexec_b64 s[4:5], s[6:7]", GCN_AS_WRITTEN);
        assert_true(((uint64_t)ot_s(s, 5) << 32 | ot_s(s, 4)) == exec);
        assert_true(gcn_state_exec(s) == (src & exec));
        assert_int_equal(s->scc, (src & exec) != 0);
        gcn_state_set_exec(s, exec);
        ot_run(s, "s_orn2_saveexec_b64 s[4:5], s[6:7]", GCN_AS_CORRECTED);
        assert_true(gcn_state_exec(s) == (src | ~exec));
        gcn_state_set_exec(s, exec);
        ot_run(s, "s_xor_saveexec_b64 s[4:5], s[6:7]", GCN_AS_WRITTEN);
        assert_true(gcn_state_exec(s) == (src ^ exec));
        ot_free(s);
    }
}

static void sop1_quad_and_wqm(void **st)
{
    size_t g, i;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        for (i = 0; i < NSAMPLES; i++) {
            uint32_t v = samples[i], quad = 0, wqm = 0;
            unsigned q;
            for (q = 0; q < 8; q++)
                if ((v >> (4 * q)) & 15) {
                    quad |= 1u << q;
                    wqm |= 15u << (4 * q);
                }
            ot_set_s(s, 0, v);
            ot_run(s, "s_quadmask_b32 s1, s0", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 1), quad);
            ot_run(s, "s_wqm_b32 s1, s0", GCN_AS_WRITTEN);
            assert_int_equal(ot_s(s, 1), wqm);
        }
        ot_free(s);
    }
}

static void sop1_relative_moves(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        ot_set_s(s, 12, 0xabcd);
        gcn_state_set_m0(s, 2);
        ot_run(s, "s_movrels_b32 s0, s10", GCN_AS_WRITTEN); /* s0 = SGPR[10 + M0] */
        assert_int_equal(ot_s(s, 0), 0xabcd);
        ot_set_s(s, 1, 0x777);
        gcn_state_set_m0(s, 3);
        ot_run(s, "s_movreld_b32 s10, s1", GCN_AS_WRITTEN); /* SGPR[10 + M0] = s1 */
        assert_int_equal(ot_s(s, 13), 0x777);
        ot_free(s);
    }
}

static void sop1_program_counter(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        s->pc = 0x1000;
        ot_run(s, "s_getpc_b64 s[0:1]", GCN_AS_WRITTEN); /* the next instruction's address */
        assert_int_equal(ot_s(s, 0), 0x1004);
        assert_int_equal(s->pc, 0x1004);
        ot_set_s(s, 2, 0x2000);
        ot_set_s(s, 3, 0);
        ot_run(s, "s_swappc_b64 s[4:5], s[2:3]", GCN_AS_WRITTEN);
        assert_int_equal(s->pc, 0x2000);
        assert_int_equal(ot_s(s, 4), 0x1008);
        ot_run(s, "s_setpc_b64 s[4:5]", GCN_AS_WRITTEN);
        assert_int_equal(s->pc, 0x1008);
        ot_free(s);
    }
}

/* gcn_exec_options.written: a jump is recorded, even one to the next instruction's address
 * (S_SETPC_B64 to PC + 4), a fall-through is not; an LDS store records its bytes */
static void written_record(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        gcn_written w;
        gcn_exec_options o;
        gcn_inst in;
        gcn_diag d;
        memset(&o, 0, sizeof(o));
        o.variant = GCN_AS_CORRECTED;
        o.written = &w;
        memset(&w, 0, sizeof(w));
        s->pc = 0x100;
        assert_int_equal(gcn_parse(s->gen, "s_mov_b32 s0, s1", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_int_equal(w.pc_written, 0);
        assert_true(s->pc == 0x104);
        ot_set_s(s, 2, 0x108);
        ot_set_s(s, 3, 0);
        assert_int_equal(gcn_parse(s->gen, "s_setpc_b64 s[2:3]", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_int_equal(w.pc_written, 1);
        assert_true(s->pc == 0x108);
        assert_true(w.lo[0] >= w.hi[0]); /* no store */
        gcn_state_set_m0(s, 0xffffffffu);
        gcn_state_set_exec(s, 1); /* lane 0 alone */
        s->vgpr[1][0] = 0x40;
        assert_int_equal(gcn_parse(s->gen, "ds_write_b32 v1, v2 offset:16", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_int_equal(w.lo[0], 0x50);
        assert_int_equal(w.hi[0], 0x54);
        assert_true((w.vgpr[0] | w.vgpr[1] | w.vgpr[2] | w.vgpr[3]) == 0); /* no VGPR */
        /* VGPRs: the destination's registers, whichever way the block writes them */
        assert_int_equal(gcn_parse(s->gen, "ds_read_b64 v[70:71], v1", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_true(w.vgpr[0] == 0 && w.vgpr[1] == (3ull << 6) && w.vgpr[2] == 0 && w.vgpr[3] == 0);
        memset(&w, 0, sizeof(w));
        assert_int_equal(gcn_parse(s->gen, "ds_add_rtn_u32 v255, v1, v2", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_true(w.vgpr[0] == 0 && w.vgpr[3] == 1ull << 63);
        memset(&w, 0, sizeof(w));
        assert_int_equal(gcn_parse(s->gen, "ds_swizzle_b32 v3, v1 offset:0x1f", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_true(w.vgpr[0] == 1ull << 3 && w.vgpr[1] == 0);
        /* no lane active: nothing written */
        memset(&w, 0, sizeof(w));
        gcn_state_set_exec(s, 0);
        assert_int_equal(gcn_parse(s->gen, "ds_read_b32 v5, v1", &in, &d), GCN_OK);
        assert_int_equal(gcn_exec_inst(s, &in, &o, &d), GCN_OK);
        assert_true(w.vgpr[0] == 0);
        ot_free(s);
    }
}

/* S_CBRANCH_JOIN as corrected: with CSP != SSRC0 it pops EXEC and PC from SGPR[CSP*4 ...] */
static void sop1_cbranch_join(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        s->pc = 0x100;
        s->csp = 2;
        ot_set_s(s, 20, 1); /* SSRC0 */
        ot_set_s(s, 4, 0x11111111);
        ot_set_s(s, 5, 0x22222222);
        ot_set_s(s, 6, 0x400);
        ot_set_s(s, 7, 0);
        ot_run(s, "s_cbranch_join s20", GCN_AS_CORRECTED);
        assert_int_equal(s->csp, 1);
        assert_true(gcn_state_exec(s) == 0x2222222211111111ull);
        assert_int_equal(s->pc, 0x400);
        /* CSP == SSRC0: no pop, on to the next instruction */
        ot_run(s, "s_cbranch_join s20", GCN_AS_CORRECTED);
        assert_int_equal(s->csp, 1);
        assert_int_equal(s->pc, 0x404);
        /* ... which is 8 bytes on when SSRC0 is the literal (E052: the block's PC += 4 would
         * land in the literal) */
        s->csp = 0x12345678;
        ot_run(s, "s_cbranch_join 0x12345678", GCN_AS_CORRECTED);
        assert_int_equal(s->csp, 0x12345678);
        assert_int_equal(s->pc, 0x40c);
        ot_free(s);
    }
}

/* ---- DS ----------------------------------------------------------------------------------- */

static void set_lanes(gcn_wave_state *s, unsigned v, uint32_t base, uint32_t step)
{
    unsigned k;
    for (k = 0; k < GCN_LANES; k++)
        s->vgpr[v][k] = base + step * k;
}

static void ds_write_read_back(void **st)
{
    size_t g;
    unsigned k;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        set_lanes(s, 1, 0, 4);            /* addresses lane * 4 */
        set_lanes(s, 2, 0x1000, 0x10001); /* data */
        gcn_state_set_exec(s, 0x00000000ffff00ffull);
        ot_run(s, "ds_write_b32 v1, v2 offset:16", GCN_AS_CORRECTED);
        for (k = 0; k < GCN_LANES; k++) {
            int active = (0x00000000ffff00ffull >> k) & 1;
            assert_int_equal(ot_lds_read32(s, 16 + 4 * k), active ? 0x1000 + 0x10001 * k : 0);
        }
        gcn_state_set_exec(s, ~0ull);
        ot_run(s, "ds_read_b32 v3, v1 offset:16", GCN_AS_WRITTEN);
        for (k = 0; k < GCN_LANES; k++)
            assert_int_equal(s->vgpr[3][k], ot_lds_read32(s, 16 + 4 * k));
        /* two addresses, offsets in dwords; the ST64 form in 64-dword strides */
        ot_lds_write32(s, 0x200, 0xaaaa);
        ot_lds_write32(s, 0x200 + 4 * 5, 0xbbbb);
        set_lanes(s, 4, 0x200, 0);
        ot_run(s, "ds_read2_b32 v[6:7], v4 offset1:5", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[6][9], 0xaaaa);
        assert_int_equal(s->vgpr[7][9], 0xbbbb);
        set_lanes(s, 4, 0x100, 0);
        gcn_state_set_exec(s, 1);
        ot_run(s, "ds_write2st64_b32 v4, v2, v3 offset0:1 offset1:2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x100 + 256), s->vgpr[2][0]);
        assert_int_equal(ot_lds_read32(s, 0x100 + 512), s->vgpr[3][0]);
        ot_free(s);
    }
}

/* every active lane adds to one address, in ascending lane order; _RTN returns the running
 * value */
static void ds_atomics_same_address(void **st)
{
    size_t g;
    unsigned k;
    uint64_t exec = 0xf0f0f0f0f0f0f0f1ull;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        uint32_t sum = 1000;
        set_lanes(s, 1, 0x40, 0);
        set_lanes(s, 2, 3, 7);
        ot_lds_write32(s, 0x40, 1000);
        gcn_state_set_exec(s, exec);
        ot_run(s, "ds_add_rtn_u32 v3, v1, v2", GCN_AS_WRITTEN);
        for (k = 0; k < GCN_LANES; k++) {
            if (!((exec >> k) & 1)) {
                assert_int_equal(s->vgpr[3][k], 0);
                continue;
            }
            assert_int_equal(s->vgpr[3][k], sum);
            sum += 3 + 7 * k;
        }
        assert_int_equal(ot_lds_read32(s, 0x40), sum);
        /* signed and unsigned minimum */
        ot_lds_write32(s, 0x80, 5);
        set_lanes(s, 1, 0x80, 0);
        set_lanes(s, 2, (uint32_t)-3, 0);
        ot_run(s, "ds_min_i32 v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x80), (uint32_t)-3);
        ot_run(s, "ds_min_u32 v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x80), (uint32_t)-3);
        /* inc wraps to 0 once the value reaches VDATA0 */
        ot_lds_write32(s, 0x80, 0);
        set_lanes(s, 2, 2, 0);
        gcn_state_set_exec(s, 0x1f); /* five increments: 1, 2, 0, 1, 2 */
        ot_run(s, "ds_inc_u32 v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x80), 2);
        ot_free(s);
    }
}

static void ds_narrow_reads(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        s->lds[0x10] = 0x80;
        s->lds[0x11] = 0xff;
        set_lanes(s, 1, 0x10, 0);
        ot_run(s, "ds_read_u8 v2, v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[2][0], 0x80);
        ot_run(s, "ds_read_i8 v2, v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[2][0], 0xffffff80u);
        ot_run(s, "ds_read_u16 v2, v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[2][0], 0xff80);
        ot_run(s, "ds_read_i16 v2, v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[2][0], 0xffffff80u);
        ot_lds_write32(s, 0x18, 0x11111111);
        ot_lds_write32(s, 0x1c, 0x22222222);
        set_lanes(s, 1, 0x18, 0);
        ot_run(s, "ds_read_b64 v[4:5], v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[4][7], 0x11111111);
        assert_int_equal(s->vgpr[5][7], 0x22222222);
        ot_free(s);
    }
}

/* M0 limits LDS as the documents' NOTE says: on every generation as written, on GCN 1.0-1.2
 * only as corrected (GCN 1.4's LDS accesses do not read M0, erratum E053). GDS is addressed
 * from M0[31:16], M0[15:0] bytes long, on every generation both ways. */
static void ds_m0_limits_and_gds(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        int limited = strcmp(all_gens[g], "gfx9") != 0;
        ot_lds_write32(s, 0xfc, 0x5555);
        ot_lds_write32(s, 0x100, 0x6666);
        gcn_state_set_m0(s, 0x100);
        set_lanes(s, 1, 0xfc, 4); /* lane 0 inside the limit, lane 1 beyond */
        ot_run(s, "ds_read_b32 v2, v1", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[2][0], 0x5555);
        assert_int_equal(s->vgpr[2][1], 0);
        ot_run(s, "ds_read_b32 v2, v1", GCN_AS_CORRECTED);
        assert_int_equal(s->vgpr[2][0], 0x5555);
        assert_int_equal(s->vgpr[2][1], limited ? 0 : 0x6666);
        set_lanes(s, 3, 0x7777, 0);
        ot_run(s, "ds_write_b32 v1, v3", GCN_AS_CORRECTED);
        assert_int_equal(ot_lds_read32(s, 0xfc), 0x7777);
        assert_int_equal(ot_lds_read32(s, 0x100), limited ? 0x6666 : 0x7777); /* dropped? */
        /* GDS: base 0x400, 0x10 bytes */
        gcn_state_set_m0(s, 0x04000010);
        set_lanes(s, 1, 0, 4);
        set_lanes(s, 3, 0x9000, 1);
        ot_run(s, "ds_write_b32 v1, v3 gds", GCN_AS_CORRECTED);
        assert_int_equal(s->gds[0x400], 0x00);
        assert_int_equal(s->gds[0x401], 0x90);
        assert_int_equal(s->gds[0x40c + 0], 0x03);
        assert_int_equal(s->gds[0x410], 0); /* lane 4 is past the 16 bytes */
        assert_int_equal(ot_lds_read32(s, 0), 0);
        ot_free(s);
    }
}

static unsigned swizzle_lane(unsigned lane, unsigned off)
{
    if (off & 0x8000)
        return (lane & ~3u) | ((off >> (2 * (lane & 3))) & 3u);
    return (lane & 32u) |
           ((((lane & 31u) & (off & 31u)) | ((off >> 5) & 31u)) ^ ((off >> 10) & 31u));
}

static void ds_swizzle(void **st)
{
    static const unsigned offsets[] = {0x8000 | 0x1b, 0x001f, 0x041f, 0x7c1f, 0x00e0};
    size_t g, i;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        uint64_t exec = 0x7fffffffffffff7full;
        for (i = 0; i < sizeof(offsets) / sizeof(offsets[0]); i++) {
            char text[64];
            unsigned k;
            set_lanes(s, 1, 0x100, 3);
            gcn_state_set_exec(s, exec);
            snprintf(text, sizeof(text), "ds_swizzle_b32 v2, v1 offset:%u", offsets[i]);
            ot_run(s, text, GCN_AS_CORRECTED);
            for (k = 0; k < GCN_LANES; k++) {
                unsigned from = swizzle_lane(k, offsets[i]);
                if (!((exec >> k) & 1))
                    continue;
                assert_int_equal(s->vgpr[2][k], (exec >> from) & 1 ? 0x100 + 3 * from : 0);
            }
        }
        ot_free(s);
    }
}

static void ds_bpermute(void **st)
{
    static const char *const gens[] = {"gfx8", "gfx9"};
    size_t g;
    unsigned k;
    (void)st;
    for (g = 0; g < 2; g++) {
        gcn_wave_state *s = ot_state(gens[g]);
        uint64_t exec = 0xfffffffffffffffeull;
        for (k = 0; k < GCN_LANES; k++)
            s->vgpr[1][k] = 4 * ((k * 7 + 3) & 63); /* ADDR: a lane id times 4 */
        set_lanes(s, 2, 0x500, 1);
        gcn_state_set_exec(s, exec);
        ot_run(s, "ds_bpermute_b32 v3, v1, v2", GCN_AS_CORRECTED);
        for (k = 1; k < GCN_LANES; k++) {
            unsigned from = (k * 7 + 3) & 63;
            assert_int_equal(s->vgpr[3][k], (exec >> from) & 1 ? 0x500 + from : 0);
        }
        assert_int_equal(s->vgpr[3][0], 0); /* inactive: untouched */
        ot_free(s);
    }
}

static void ds_append(void **st)
{
    size_t g;
    unsigned k;
    uint64_t exec = 0x00ff00ff00ff00ffull;
    (void)st;
    for (g = 0; g < 4; g++) {
        gcn_wave_state *s = ot_state(all_gens[g]);
        ot_lds_write32(s, 0x20, 40);
        gcn_state_set_exec(s, exec);
        ot_run(s, "ds_append v5 offset:32", GCN_AS_WRITTEN);
        for (k = 0; k < GCN_LANES; k++)
            assert_int_equal(s->vgpr[5][k], (exec >> k) & 1 ? 40 : 0);
        assert_int_equal(ot_lds_read32(s, 0x20), 40 + popcount(exec));
        ot_free(s);
    }
}

static uint32_t f32_bits(float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    return v;
}

/* floats: IEEE binary32 arithmetic; registers hold the bits; MIN of a NaN is the other value */
static void ds_floats(void **st)
{
    static const char *const gens[] = {"gfx8", "gfx9"};
    size_t g;
    (void)st;
    for (g = 0; g < 2; g++) {
        gcn_wave_state *s = ot_state(gens[g]);
        gcn_state_set_exec(s, 1);
        set_lanes(s, 1, 0x20, 0);
        ot_lds_write32(s, 0x20, f32_bits(1.5f));
        set_lanes(s, 2, f32_bits(2.25f), 0);
        ot_run(s, "ds_add_f32 v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x20), f32_bits(3.75f));
        ot_run(s, "ds_max_rtn_f32 v3, v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(s->vgpr[3][0], f32_bits(3.75f)); /* the old value's bits */
        assert_int_equal(ot_lds_read32(s, 0x20), f32_bits(3.75f));
        ot_lds_write32(s, 0x20, 0x7fc00000u); /* a NaN */
        ot_run(s, "ds_min_f32 v1, v2", GCN_AS_WRITTEN);
        assert_int_equal(ot_lds_read32(s, 0x20), f32_bits(2.25f));
        ot_free(s);
    }
}

/* ---- SMEM and SMRD ------------------------------------------------------------------------- */

static void put64(gcn_wave_state *s, uint64_t addr, uint64_t v)
{
    assert_int_equal(gcn_smem_write(s, addr, &v, 8), GCN_OK);
}

static void smem_loads(void **st)
{
    size_t g;
    (void)st;
    for (g = 0; g < 2; g++) {
        gcn_wave_state *s = ot_state(smem_gens[g]);
        uint64_t base = 0x0000123400000000ull;
        unsigned k;
        ot_set_s(s, 0, (uint32_t)base);
        ot_set_s(s, 1, (uint32_t)(base >> 32) | 0xabcd0000u); /* bits 63:48 are no address */
        put64(s, base + 0x10, 0x1122334455667788ull);
        ot_run(s, "s_load_dwordx2 s[4:5], s[0:1], 0x10", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 4), 0x55667788u);
        assert_int_equal(ot_s(s, 5), 0x11223344u);
        /* an SGPR offset, in bytes */
        ot_set_s(s, 9, 0x14);
        ot_run(s, "s_load_dword s6, s[0:1], s9", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 6), 0x11223344u);
        /* x16 */
        for (k = 0; k < 16; k++) {
            uint32_t w = 0x1000 + k;
            gcn_smem_write(s, base + 0x100 + 4 * k, &w, 4);
        }
        ot_run(s, "s_load_dwordx16 s[16:31], s[0:1], 0x100", GCN_AS_WRITTEN);
        for (k = 0; k < 16; k++)
            assert_int_equal(ot_s(s, 16 + k), 0x1000 + k);
        /* a buffer descriptor: its base is in the first 48 bits */
        ot_set_s(s, 8, (uint32_t)(base + 0x100));
        ot_set_s(s, 9, (uint32_t)((base + 0x100) >> 32) | 0x00040000u);
        ot_set_s(s, 10, 0xffffffff);
        ot_set_s(s, 11, 0x12345);
        ot_run(s, "s_buffer_load_dwordx4 s[12:15], s[8:11], 0x8", GCN_AS_WRITTEN);
        for (k = 0; k < 4; k++)
            assert_int_equal(ot_s(s, 12 + k), 0x1002 + k);
        /* a store, read back */
        ot_set_s(s, 40, 0xfeedface);
        ot_run(s, "s_store_dword s40, s[0:1], 0x200", GCN_AS_WRITTEN);
        {
            uint32_t w = 0;
            gcn_smem_read(s, base + 0x200, &w, 4);
            assert_int_equal(w, 0xfeedface);
        }
        /* the clock: instructions executed so far */
        ot_run(s, "s_memtime s[2:3]", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 2), 5);
        ot_free(s);
    }
}

/* gfx9: a signed immediate, and SOFFSET added with SOE */
static void smem_gfx9_offsets(void **st)
{
    gcn_wave_state *s = ot_state("gfx9");
    uint64_t base = 0x8000;
    (void)st;
    ot_set_s(s, 0, (uint32_t)base);
    ot_set_s(s, 1, 0);
    put64(s, base - 8, 0xaaaaaaaabbbbbbbbull);
    put64(s, base + 0x30, 0xccccccccddddddddull);
    ot_run(s, "s_load_dword s4, s[0:1], -0x8", GCN_AS_WRITTEN);
    assert_int_equal(ot_s(s, 4), 0xbbbbbbbbu);
    ot_set_s(s, 7, 0x20);
    ot_run(s, "s_load_dword s5, s[0:1], s7 offset:0x14", GCN_AS_WRITTEN);
    assert_int_equal(ot_s(s, 5), 0xccccccccu);
    /* an atomic, as corrected (E042), returning the old value with glc */
    put64(s, base + 0x40, 10);
    ot_set_s(s, 6, 5);
    ot_run(s, "s_atomic_add s6, s[0:1], 0x40 glc", GCN_AS_CORRECTED);
    assert_int_equal(ot_s(s, 6), 10);
    {
        uint32_t w = 0;
        gcn_smem_read(s, base + 0x40, &w, 4);
        assert_int_equal(w, 15);
    }
    ot_free(s);
}

/* GCN 1.0/1.1: the immediate (and the GCN 1.1 literal) count dwords, an SGPR offset bytes */
static void smrd_loads(void **st)
{
    static const char *const gens[] = {"gfx6", "gfx7"};
    size_t g;
    (void)st;
    for (g = 0; g < 2; g++) {
        gcn_wave_state *s = ot_state(gens[g]);
        uint64_t base = 0x40000;
        ot_set_s(s, 2, (uint32_t)base);
        ot_set_s(s, 3, 0);
        put64(s, base + 0x10, 0x0000000200000001ull);
        ot_run(s, "s_load_dword s0, s[2:3], 0x4", GCN_AS_WRITTEN); /* 4 dwords = 16 bytes */
        assert_int_equal(ot_s(s, 0), 1);
        ot_set_s(s, 9, 0x14);
        ot_run(s, "s_load_dword s0, s[2:3], s9", GCN_AS_WRITTEN); /* 0x14 bytes */
        assert_int_equal(ot_s(s, 0), 2);
        ot_run(s, "s_load_dwordx2 s[4:5], s[2:3], 0x4", GCN_AS_WRITTEN);
        assert_int_equal(ot_s(s, 4), 1);
        assert_int_equal(ot_s(s, 5), 2);
        if (g == 1) {
            put64(s, base + 4 * 0x100, 0x99);
            ot_run(s, "s_load_dword s0, s[2:3], 0x100", GCN_AS_WRITTEN); /* the literal */
            assert_int_equal(ot_s(s, 0), 0x99);
        }
        ot_free(s);
    }
}

/* A program through the program API: decoded from bytes, pc moving through it */
static void program_run(void **st)
{
    static const char text[] = "s_mov_b32 s0, 5\n"
                               "; a comment\n"
                               "s_add_u32_missing_is_an_error\n";
    static const char good[] = "s_mov_b32 s0, 5\n"
                               "s_bcnt1_i32_b32 s1, s0   // popcount\n"
                               "s_getpc_b64 s[2:3]\n";
    gcn_program p;
    gcn_diag d;
    gcn_exec_result r;
    gcn_exec_options o;
    gcn_wave_state *s = ot_state("gfx8");
    (void)st;
    memset(&o, 0, sizeof(o));
    assert_int_equal(gcn_program_parse(&p, s->gen, 0, text, "prog.s", &d), GCN_ERR_SYNTAX);
    assert_string_equal(d.file, "prog.s");
    assert_int_equal(d.line, 3);
    s->pc = 0x100;
    assert_int_equal(gcn_program_parse(&p, s->gen, 0x100, good, "prog.s", &d), GCN_OK);
    assert_int_equal(gcn_exec_run(s, &p, &o, &r, &d), GCN_OK);
    assert_int_equal(r.steps, 3);
    assert_int_equal(r.end, GCN_END_FELL_THROUGH);
    assert_int_equal(ot_s(s, 1), 2);
    assert_int_equal(ot_s(s, 2), 0x10c);
    assert_int_equal(s->pc, 0x10c);
    gcn_program_free(&p);
    ot_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sop1_bit_counts),
        cmocka_unit_test(sop1_find_first),
        cmocka_unit_test(sop1_moves_and_constants),
        cmocka_unit_test(sop1_exec_masks),
        cmocka_unit_test(sop1_quad_and_wqm),
        cmocka_unit_test(sop1_relative_moves),
        cmocka_unit_test(sop1_program_counter),
        cmocka_unit_test(sop1_cbranch_join),
        cmocka_unit_test(written_record),
        cmocka_unit_test(ds_write_read_back),
        cmocka_unit_test(ds_atomics_same_address),
        cmocka_unit_test(ds_narrow_reads),
        cmocka_unit_test(ds_m0_limits_and_gds),
        cmocka_unit_test(ds_swizzle),
        cmocka_unit_test(ds_bpermute),
        cmocka_unit_test(ds_append),
        cmocka_unit_test(ds_floats),
        cmocka_unit_test(smem_loads),
        cmocka_unit_test(smem_gfx9_offsets),
        cmocka_unit_test(smrd_loads),
        cmocka_unit_test(program_run),
    };
    return cmocka_run_group_tests_name("oracle_exec", tests, NULL, NULL);
}
