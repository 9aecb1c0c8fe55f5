/* Same-address atomics: the groups of lanes (DS) and channels (vISA) on overlapping bytes, every
 * order of a small group, sampling for a large one, and the judgement of an observed state:
 * each order's result is allowed, a result no order gives is flagged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

static void assemble(const gcn_wave_state *s, const char *text, gcn_inst *in)
{
    gcn_program p;
    gcn_diag d;
    if (gcn_program_parse(&p, s->gen, 0, text, "test", &d) != GCN_OK)
        fail_msg("%s: %s", text, d.msg);
    *in = *gcn_program_inst(&p, 0);
    gcn_program_free(&p);
}

static gcn_wave_state *copy(const gcn_wave_state *s)
{
    gcn_wave_state *c = malloc(sizeof(*c));
    assert_non_null(c);
    memcpy(c, s, sizeof(*s));
    return c;
}

/* three lanes add-and-return at one address: 3! orders, each returning different old values */
static void ds_add_rtn_three_lanes(void **st)
{
    gcn_wave_state *s = ot_state("gfx9"), *obs;
    gcn_inst in;
    gcn_outcome_report r;
    gcn_exec_options o = {GCN_AS_CORRECTED, NULL, 0, NULL};
    gcn_diag d;
    uint8_t order[GCN_LANES];
    unsigned k;
    (void)st;
    gcn_state_set_exec(s, 0x7); /* lanes 0, 1, 2 */
    for (k = 0; k < 3; k++) {
        s->vgpr[1][k] = 0x100;
        s->vgpr[2][k] = 1u << k;
    }
    ot_lds_write32(s, 0x100, 1000);
    assemble(s, "ds_add_rtn_u32 v3, v1, v2", &in);
    assert_int_equal(gcn_exec_outcomes(s, &in, &o, NULL, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 1);
    assert_int_equal(r.largest, 3);
    assert_true(r.exhaustive);
    assert_int_equal(r.orders, 6);
    assert_int_equal(r.outcomes, 6);
    assert_false(r.checked);
    /* lanes 2, 0, 1: lane 2 sees 1000, lane 0 1004, lane 1 1005 */
    obs = copy(s);
    for (k = 0; k < GCN_LANES; k++)
        order[k] = (uint8_t)k;
    order[0] = 2;
    order[1] = 0;
    order[2] = 1;
    o.lane_order = order;
    assert_int_equal(gcn_exec_inst(obs, &in, &o, &d), GCN_OK);
    assert_int_equal(obs->vgpr[3][2], 1000);
    assert_int_equal(obs->vgpr[3][0], 1004);
    assert_int_equal(obs->vgpr[3][1], 1005);
    o.lane_order = NULL;
    assert_int_equal(gcn_exec_outcomes(s, &in, &o, NULL, obs, &r, &d), GCN_OK);
    assert_true(r.checked);
    assert_true(r.allowed);
    /* a return no order gives: two lanes both seeing 1000 */
    obs->vgpr[3][0] = 1000;
    assert_int_equal(gcn_exec_outcomes(s, &in, &o, NULL, obs, &r, &d), GCN_OK);
    assert_false(r.allowed);
    assert_non_null(strstr(r.why, "no order"));
    /* a lane outside the group that changed */
    obs->vgpr[3][0] = 1004;
    obs->vgpr[7][40] ^= 1;
    assert_int_equal(gcn_exec_outcomes(s, &in, &o, NULL, obs, &r, &d), GCN_OK);
    assert_false(r.allowed);
    assert_non_null(strstr(r.why, "v7 lane 40"));
    /* a lost update: memory must be 1007 in every order */
    obs->vgpr[7][40] ^= 1;
    ot_lds_write32(obs, 0x100, 1006);
    assert_int_equal(gcn_exec_outcomes(s, &in, &o, NULL, obs, &r, &d), GCN_OK);
    assert_false(r.allowed);
    ot_free(s);
    free(obs);
}

/* 64 lanes adding to one address: too many to run every order; every sampled order sums the
 * same; distinct addresses form no group */
static void ds_large_group_and_no_group(void **st)
{
    gcn_wave_state *s = ot_state("gfx8");
    gcn_inst in;
    gcn_outcome_report r;
    gcn_outcome_limits lim = {0, 50, 1};
    gcn_diag d;
    unsigned k;
    (void)st;
    for (k = 0; k < GCN_LANES; k++) {
        s->vgpr[1][k] = 0x200;
        s->vgpr[2][k] = k;
    }
    assemble(s, "ds_add_u32 v1, v2", &in);
    assert_int_equal(gcn_exec_outcomes(s, &in, NULL, &lim, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 1);
    assert_int_equal(r.largest, 64);
    assert_false(r.exhaustive);
    assert_int_equal(r.orders, 50);
    assert_int_equal(r.outcomes, 1);
    for (k = 0; k < GCN_LANES; k++)
        s->vgpr[1][k] = 4 * k;
    assert_int_equal(gcn_exec_outcomes(s, &in, NULL, &lim, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 0);
    assert_true(r.exhaustive);
    assert_int_equal(r.outcomes, 1);
    /* reads of one address do not conflict */
    for (k = 0; k < GCN_LANES; k++)
        s->vgpr[1][k] = 0x200;
    assemble(s, "ds_read_b32 v5, v1", &in);
    assert_int_equal(gcn_exec_outcomes(s, &in, NULL, &lim, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 0);
    /* two-address writes: lane 0's second dword is lane 1's first */
    gcn_state_set_exec(s, 3);
    s->vgpr[1][0] = 0x300;
    s->vgpr[1][1] = 0x304;
    s->vgpr[2][0] = 1;
    s->vgpr[2][1] = 2;
    s->vgpr[3][0] = 3;
    s->vgpr[3][1] = 4;
    assemble(s, "ds_write2_b32 v1, v2, v3 offset1:1", &in);
    assert_int_equal(gcn_exec_outcomes(s, &in, NULL, &lim, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 1);
    assert_int_equal(r.outcomes, 2);
    ot_free(s);
}

/* vISA: three channels compare-and-exchange one dword */
static void visa_cmpxchg(void **st)
{
    gcn_visa_state *s = malloc(sizeof(*s)), *obs = malloc(sizeof(*obs));
    gcn_outcome_report r;
    gcn_diag d;
    static const uint8_t order[] = {1, 0, 2, 3};
    int op = gcn_visa_op_lookup("CMPXCHG");
    unsigned k;
    (void)st;
    assert_non_null(s);
    assert_non_null(obs);
    assert_true(op >= 0);
    assert_int_equal(gcn_visa_state_init(s, 4), GCN_OK);
    /* channels 0-2 at offset 8, channel 3 alone at 16: CMPXCHG new = (old==src1) ? src0 */
    for (k = 0; k < 3; k++)
        s->element_offset[k] = 8;
    s->element_offset[3] = 16;
    s->src1[0] = 0; /* expects 0 */
    s->src0[0] = 5;
    s->src1[1] = 5; /* expects 5 */
    s->src0[1] = 6;
    s->src1[2] = 0;
    s->src0[2] = 7;
    assert_int_equal(gcn_visa_outcomes(s, (unsigned)op, NULL, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.groups, 1);
    assert_int_equal(r.largest, 3);
    assert_int_equal(r.orders, 6);
    assert_true(r.outcomes >= 3 && r.outcomes <= 6);
    memcpy(obs, s, sizeof(*s));
    assert_int_equal(gcn_visa_exec(obs, (unsigned)op, order, &d), GCN_OK);
    assert_int_equal(gcn_visa_outcomes(s, (unsigned)op, NULL, obs, &r, &d), GCN_OK);
    assert_true(r.allowed);
    obs->surface[8] = 99;
    assert_int_equal(gcn_visa_outcomes(s, (unsigned)op, NULL, obs, &r, &d), GCN_OK);
    assert_false(r.allowed);
    /* overlapping but unequal dwords (offsets 8 and 10) conflict too */
    s->element_offset[1] = 10;
    assert_int_equal(gcn_visa_outcomes(s, (unsigned)op, NULL, NULL, &r, &d), GCN_OK);
    assert_int_equal(r.largest, 3);
    free(s);
    free(obs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(ds_add_rtn_three_lanes),
                                       cmocka_unit_test(ds_large_group_and_no_group),
                                       cmocka_unit_test(visa_cmpxchg)};
    return cmocka_run_group_tests_name("oracle_outcomes", tests, NULL, NULL);
}
