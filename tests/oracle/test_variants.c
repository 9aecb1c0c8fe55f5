/* The two variants: for errata of every kind (a wrong statement, an unparsable block, a
 * misspelt name, a parenthesis), a state on which the pseudocode as written and as corrected
 * give different outcomes; and, over every instruction an erratum corrects, whether a random
 * search finds such a state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

/* Runs text on copies of s as written and as corrected: the outcomes (status, state) must
 * differ. Returns the corrected copy (caller frees); *written_status says how written ended. */
static gcn_wave_state *both(const gcn_wave_state *s, const char *text, gcn_status *written_status,
                            gcn_diag *wd)
{
    gcn_wave_state *w = malloc(sizeof(*w)), *c = malloc(sizeof(*c));
    gcn_diag cd;
    assert_non_null(w);
    assert_non_null(c);
    memcpy(w, s, sizeof(*s));
    memcpy(c, s, sizeof(*s));
    *written_status = ot_try(w, text, GCN_AS_WRITTEN, wd);
    if (ot_try(c, text, GCN_AS_CORRECTED, &cd) != GCN_OK)
        fail_msg("%s as corrected: %s", text, cd.msg);
    if (*written_status == GCN_OK && memcmp(w, c, sizeof(*w)) == 0)
        fail_msg("%s: as written and as corrected agree on this state", text);
    free(w);
    return c;
}

/* E027: as written, DS_CMPST_RTN_B32 stores VDST to memory before comparing */
static void e027_cmpst_rtn(void **st)
{
    gcn_wave_state *s = ot_state("gfx9"), *c, *w = malloc(sizeof(*w));
    gcn_status ws;
    gcn_diag d;
    unsigned k;
    (void)st;
    for (k = 0; k < GCN_LANES; k++) {
        s->vgpr[1][k] = 0x40 + 4 * k; /* ADDR */
        s->vgpr[2][k] = 1000 + k;     /* VDATA0: the value memory holds, so they compare equal */
        s->vgpr[3][k] = 7;            /* VDATA1: stored on a match */
        s->vgpr[4][k] = 0xdead;       /* VDST */
        ot_lds_write32(s, 0x40 + 4 * k, 1000 + k);
    }
    c = both(s, "ds_cmpst_rtn_b32 v4, v1, v2, v3", &ws, &d);
    assert_int_equal(ws, GCN_OK);
    for (k = 0; k < GCN_LANES; k++) {
        assert_int_equal(c->vgpr[4][k], 1000 + k); /* the old value */
        assert_int_equal(ot_lds_read32(c, 0x40 + 4 * k), 7);
    }
    memcpy(w, s, sizeof(*s));
    ot_run(w, "ds_cmpst_rtn_b32 v4, v1, v2, v3", GCN_AS_WRITTEN);
    for (k = 0; k < GCN_LANES; k++) {
        assert_int_equal(w->vgpr[4][k], 0xdead);                  /* VDST never written */
        assert_int_equal(ot_lds_read32(w, 0x40 + 4 * k), 0xdead); /* overwritten with it */
    }
    free(w);
    free(c);
    ot_free(s);
}

/* E044: as written, DS_SWIZZLE_B32 does not parse: it does not execute at all */
static void e044_swizzle(void **st)
{
    gcn_wave_state *s = ot_state("gfx8"), *c;
    gcn_status ws;
    gcn_diag d;
    unsigned k;
    (void)st;
    for (k = 0; k < GCN_LANES; k++)
        s->vgpr[1][k] = k;
    c = both(s, "ds_swizzle_b32 v2, v1 offset:0x801b", &ws, &d);
    assert_int_equal(ws, GCN_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.msg, "003_0fdec2520ee21c48.txt:1485"));
    for (k = 0; k < GCN_LANES; k++) /* quad-perm 0x1b reverses each quad */
        assert_int_equal(c->vgpr[2][k], (k & ~3u) | (3 - (k & 3)));
    free(c);
    ot_free(s);
}

/* E048: as written, S_CBRANCH_JOIN reads SGPRS, no name */
static void e048_cbranch_join(void **st)
{
    gcn_wave_state *s = ot_state("gfx6"), *c;
    gcn_status ws;
    gcn_diag d;
    (void)st;
    s->csp = 1;
    ot_set_s(s, 10, 0); /* SSRC0 != CSP: pop */
    ot_set_s(s, 0, 0x0000ffff);
    ot_set_s(s, 1, 0);
    ot_set_s(s, 2, 0x80);
    c = both(s, "s_cbranch_join s10", &ws, &d);
    assert_int_equal(ws, GCN_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.msg, "unknown name 'SGPRS'"));
    assert_int_equal(c->csp, 0);
    assert_true(gcn_state_exec(c) == 0xffff);
    assert_int_equal(c->pc, 0x80);
    free(c);
    ot_free(s);
}

/* E042: as written, the SMEM atomics open one parenthesis too many */
static void e042_atomic_add(void **st)
{
    gcn_wave_state *s = ot_state("gfx9"), *c;
    gcn_status ws;
    gcn_diag d;
    uint32_t v = 40;
    (void)st;
    ot_set_s(s, 2, 0x1000);
    ot_set_s(s, 3, 0);
    ot_set_s(s, 4, 2);
    assert_int_equal(gcn_smem_write(s, 0x1010, &v, 4), GCN_OK);
    c = both(s, "s_atomic_add s4, s[2:3], 0x10", &ws, &d);
    assert_int_equal(ws, GCN_ERR_UNSUPPORTED);
    assert_non_null(strstr(d.msg, "never closed"));
    gcn_smem_read(c, 0x1010, &v, 4);
    assert_int_equal(v, 42);
    assert_int_equal(ot_s(c, 4), 2); /* no glc: SDATA keeps its value */
    free(c);
    ot_free(s);
}

/* E031 and E036 compile both ways and compute something else */
static void e031_e036_both_compile(void **st)
{
    gcn_wave_state *s = ot_state("gfx9"), *c;
    gcn_status ws;
    gcn_diag d;
    (void)st;
    gcn_state_set_exec(s, 0x00000000ffffffffull);
    ot_set_s(s, 6, 0x0000ffff);
    ot_set_s(s, 7, 0x0000ffff);
    c = both(s, "s_orn2_saveexec_b64 s[4:5], s[6:7]", &ws, &d);
    assert_int_equal(ws, GCN_OK);
    assert_true(gcn_state_exec(c) == (0x0000ffff0000ffffull | ~0x00000000ffffffffull));
    free(c);
    s->sreg[gcn_state_ttmp_code(s, 0)] = 0x500;
    ot_set_s(s, 8, 0x900);
    ot_set_s(s, 9, 0);
    c = both(s, "s_rfe_b64 s[8:9]", &ws, &d);
    assert_int_equal(ws, GCN_OK);
    assert_int_equal(c->pc, 0x900);
    free(c);
    ot_free(s);
}

/* Every instruction with a correction: the library's search (gcn_variants_search, which the
 * errata report runs too) for a state where the two variants end differently; the state it
 * returns must reproduce the difference here. Those whose written form does not execute differ
 * everywhere. */
static void search_differences(void **st)
{
    gcn_wave_state *s = malloc(sizeof(*s)), *w = malloc(sizeof(*w)), *c = malloc(sizeof(*c));
    int insn, n = gcn_insn_count();
    unsigned differ = 0, refused = 0, same = 0, corrected = 0;
    gcn_variant_search_limits lim = {0, 0, 0, 1};
    (void)st;
    assert_non_null(s);
    assert_non_null(w);
    assert_non_null(c);
    for (insn = 0; insn < n; insn++) {
        gcn_variant_witness wit;
        gcn_sem_info info;
        gcn_diag d;
        int gen, any = 0;
        assert_int_equal(gcn_variants_search(insn, &lim, s, &wit, &d), GCN_OK);
        /* corrected on some generation: the block, or M0's role there */
        for (gen = 0; gen < gcn_gen_count(); gen++) {
            assert_int_equal(gcn_sem_info_get(insn, gen, &info), GCN_OK);
            any |= info.corrected;
        }
        assert_int_equal(wit.verdict == GCN_VARIANTS_ONE, !any);
        if (wit.verdict == GCN_VARIANTS_ONE)
            continue;
        assert_int_equal(
            gcn_sem_info_get(insn, wit.verdict == GCN_VARIANTS_ABSENT ? 0 : wit.gen, &info),
            GCN_OK);
        if (!info.erratum)
            info.erratum = info.m0_erratum ? info.m0_erratum : "-"; /* M0's role corrected */
        corrected++;
        if (wit.verdict == GCN_VARIANTS_DIFFER) {
            gcn_exec_options o;
            gcn_status sw, sc;
            memset(&o, 0, sizeof(o));
            memcpy(w, s, sizeof(*s));
            memcpy(c, s, sizeof(*s));
            o.variant = GCN_AS_WRITTEN;
            sw = gcn_exec_inst(w, &wit.inst, &o, &d);
            o.variant = GCN_AS_CORRECTED;
            sc = gcn_exec_inst(c, &wit.inst, &o, &d);
            assert_int_equal(sw, wit.status[GCN_AS_WRITTEN]);
            assert_int_equal(sc, wit.status[GCN_AS_CORRECTED]);
            assert_true(sw != sc || memcmp(w, c, sizeof(*w)) != 0);
            printf("%-24s %s: differ on %s (%s) after %llu runs\n", info.name, info.erratum,
                   gcn_gen_id(wit.gen), wit.text, (unsigned long long)wit.tried);
            differ++;
        } else if (wit.verdict == GCN_VARIANTS_REFUSED) {
            printf("%-24s %s: as written it does not execute: %s\n", info.name, info.erratum,
                   wit.why);
            refused++;
        } else {
            printf("%-24s %s: no distinguishing state in %llu runs\n", info.name, info.erratum,
                   (unsigned long long)wit.tried);
            same++;
        }
    }
    printf("corrected instructions: %u; %u differ on a state found, %u do not execute as "
           "written, %u agree on every state tried\n",
           corrected, differ, refused, same);
    assert_int_equal(differ + refused + same, corrected);
    assert_true(differ >= 4); /* E026, E031 (x2), E036 */
    free(s);
    free(w);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(e027_cmpst_rtn),         cmocka_unit_test(e044_swizzle),
        cmocka_unit_test(e048_cbranch_join),      cmocka_unit_test(e042_atomic_add),
        cmocka_unit_test(e031_e036_both_compile), cmocka_unit_test(search_differences),
    };
    return cmocka_run_group_tests_name("oracle_variants", tests, NULL, NULL);
}
