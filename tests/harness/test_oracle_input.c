/* The oracle targets' state helpers (harness/oracle_input.c): the VGPRs a run wrote outside the
 * instruction's operands are found, and the comparison looks at the rows set up and the rows
 * either run wrote, nothing else. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "gcnspec/codec.h"
#include "harness/oracle_input.h"

static void parse(int gen, const char *text, gcn_inst *in)
{
    gcn_diag d;
    assert_int_equal(gcn_parse(gen, text, in, &d), GCN_OK);
}

/* Runs text on bank 0 of gen from x, its rows set up; returns the instruction. */
static void run(int gen, const char *text, ox_state *x, gcn_inst *in)
{
    gcn_exec_options o;
    gcn_diag d;
    parse(gen, text, in);
    ox_set_touch(x, in);
    ox_begin(0, gen, x, OX_TOUCHED);
    memset(&o, 0, sizeof(o));
    o.variant = GCN_AS_CORRECTED;
    assert_int_equal(ox_exec(0, gen, in, &o, &d), GCN_OK);
}

static void stray_vgpr_found(void **st)
{
    static const uint8_t none[1];
    int gen;
    (void)st;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        ox_state x;
        gcn_inst in, other;
        ox_read_state(none, 0, &x);
        run(gen, "ds_read_b64 v[8:9], v1", &x, &in);
        assert_int_equal(ox_stray_vgpr(0, gen, &in), -1);
        /* as if the oracle had run an instruction naming v[9:10]: v8 is outside */
        parse(gen, "ds_read_b64 v[9:10], v1", &other);
        assert_int_equal(ox_stray_vgpr(0, gen, &other), 8);
        parse(gen, "ds_write_b32 v1, v2", &other);
        assert_int_equal(ox_stray_vgpr(0, gen, &other), 8);
        /* a store writes no VGPR; ox_begin empties the record */
        run(gen, "ds_write_b32 v1, v2", &x, &in);
        assert_int_equal(ox_stray_vgpr(0, gen, &other), -1);
        /* the other bank's record is its own */
        assert_int_equal(ox_stray_vgpr(1, gen, &other), -1);
    }
}

static void compared_rows(void **st)
{
    static const uint8_t none[1];
    int a = gcn_gen_lookup("gcn1.2"), b = gcn_gen_lookup("gcn1.4");
    ox_state x;
    gcn_inst in;
    char what[32], detail[256];
    (void)st;
    assert_true(a >= 0 && b >= 0);
    ox_read_state(none, 0, &x);
    /* dword accesses: GCN 1.2 and 1.4 differ on a misaligned 64-bit one */
    run(a, "ds_read2_b32 v[8:9], v1 offset1:1", &x, &in);
    run(b, "ds_read2_b32 v[8:9], v1 offset1:1", &x, &in);
    assert_int_equal(ox_diff(a, b, &x, OX_TOUCHED, what, sizeof(what), detail, sizeof(detail)), 0);
    /* a row neither set up nor written is no part of the comparison */
    ox_wave(0, b)->vgpr[200][0] ^= 1;
    assert_int_equal(ox_diff(a, b, &x, OX_ALL, what, sizeof(what), detail, sizeof(detail)), 0);
    /* a row set up (the address) and a row written (the result) are */
    ox_wave(0, b)->vgpr[1][3] ^= 1;
    assert_int_equal(ox_diff(a, b, &x, OX_TOUCHED, what, sizeof(what), detail, sizeof(detail)), 1);
    assert_string_equal(what, "vgpr");
    assert_non_null(strstr(detail, "v1 lane 3"));
    ox_wave(0, b)->vgpr[1][3] ^= 1;
    ox_wave(0, b)->vgpr[9][63] ^= 1;
    assert_int_equal(ox_diff(a, b, &x, OX_TOUCHED, what, sizeof(what), detail, sizeof(detail)), 1);
    assert_non_null(strstr(detail, "v9 lane 63"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stray_vgpr_found),
        cmocka_unit_test(compared_rows),
    };
    return cmocka_run_group_tests_name("oracle_input", tests, NULL, NULL);
}
