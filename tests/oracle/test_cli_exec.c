/* gcnspec exec: a run prints what changed (or everything, which loads back), --trace prints
 * each instruction, -o writes atomically, the corrected semantics are the default; bad state
 * files, bad programs, instructions without semantics in the chosen variant (saying how to run
 * the corrected one) and bad flags each give file:line[:col]: message and a non-zero exit, and
 * leave no output file. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../cli/cli_support.h"
#include "gcnspec/codec.h"

static int setup(void **st)
{
    (void)st;
    cli_enter_scratch();
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    cli_leave_scratch();
    return 0;
}

static const char state[] =
    "{\"generation\": \"gfx9\",\n"
    " \"sgprs\": {\"s0\": \"0xf0f0f0f1\", \"exec\": \"0xffffffffffffffff\", "
    "\"m0\": \"0xffffffff\"},\n"
    " \"vgprs\": {\"v1\": {\"base\": 0, \"step\": 4}, \"v2\": 7}}\n";

static void put(const char *name, const char *text)
{
    file_write(name, text, strlen(text));
}

static void expect_exit(const gcn_proc_result *r, int code)
{
    if (r->exit_code != code || r->signal)
        fail_msg("exit %d (signal %d), expected %d\nstdout: %s\nstderr: %s", r->exit_code,
                 r->signal, code, r->out.data ? r->out.data : "", r->err.data ? r->err.data : "");
}

static void runs(void **st)
{
    gcn_proc_result r;
    char *full;
    size_t len;
    (void)st;
    put("st.json", state);
    put("prog.s", "s_bcnt1_i32_b32 s1, s0   ; popcount\n"
                  "ds_write_b32 v1, v2 offset:16\n"
                  "ds_read_b32 v3, v1 offset:16\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--gen", "gfx9", "--semantics", "corrected", "--state", "st.json", "prog.s",
            NULL);
    expect_exit(&r, 0);
    assert_non_null(strstr(r.out.data, "\"s1\": \"0x00000011\""));
    assert_non_null(strstr(r.out.data, "\"v3\": \"0x00000007\""));
    assert_null(strstr(r.out.data, "\"s0\""));
    gcn_proc_result_free(&r);
    /* --trace: one line per instruction on stderr */
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--semantics", "corrected", "--trace", "prog.s",
            NULL);
    expect_exit(&r, 0);
    assert_non_null(strstr(r.err.data, "s_bcnt1_i32_b32 s1, s0"));
    assert_non_null(strstr(r.err.data, "ds_read_b32 v3, v1 offset:16"));
    gcn_proc_result_free(&r);
    /* --full to a file, which loads back: running nothing on it prints it again */
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--semantics", "corrected", "--full", "-o",
            "full.json", "prog.s", NULL);
    expect_exit(&r, 0);
    full = file_read("full.json", &len);
    assert_non_null(full);
    put("empty.s", "; nothing\n");
    gcn_proc_result_free(&r);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "full.json", "--full", "empty.s", NULL);
    expect_exit(&r, 0);
    assert_string_equal(r.out.data, full);
    free(full);
    gcn_proc_result_free(&r);
}

static void runs_bytes(void **st)
{
    gcn_proc_result r;
    gcn_inst in;
    gcn_diag d;
    uint8_t bytes[12];
    size_t n;
    (void)st;
    put("st.json", state);
    assert_int_equal(gcn_parse(gcn_gen_lookup("gfx9"), "s_not_b32 s2, s0", &in, &d), GCN_OK);
    assert_int_equal(gcn_encode(&in, bytes, sizeof(bytes), &n), GCN_OK);
    file_write("prog.bin", (const char *)bytes, n);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--binary", "prog.bin", NULL);
    expect_exit(&r, 0);
    assert_non_null(strstr(r.out.data, "\"s2\": \"0x0f0f0f0e\""));
    gcn_proc_result_free(&r);
    /* a word no encoding has */
    file_write("bad.bin", "\xff\xff\xff\xff", 4);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--binary", "bad.bin", NULL);
    expect_exit(&r, 1);
    assert_non_null(strstr(r.err.data, "bad.bin:+0: "));
    gcn_proc_result_free(&r);
}

static void bad_input(void **st)
{
    gcn_proc_result r;
    (void)st;
    put("st.json", state);
    put("prog.s", "s_not_b32 s2, s0\n");
    /* a bad state file: its file:line:col, no output file */
    put("bad.json", "{\"generation\": \"gfx9\",\n \"vgprs\": {\"v1\": [1, 2]}}\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "bad.json", "-o", "out.json", "prog.s", NULL);
    expect_exit(&r, 1);
    assert_int_equal(expect_input_error(&r, "bad.json", 2), 2);
    expect_absent("out.json");
    gcn_proc_result_free(&r);
    /* the state and --gen disagree */
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--gen", "gfx6", "--state", "st.json", "prog.s", NULL);
    expect_exit(&r, 1);
    assert_non_null(strstr(r.err.data, "st.json:1:"));
    gcn_proc_result_free(&r);
    /* a bad program line */
    put("badprog.s", "s_not_b32 s2, s0\ns_not_b32 s2, v0\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "-o", "out.json", "badprog.s", NULL);
    expect_exit(&r, 1);
    assert_int_equal(expect_input_error(&r, "badprog.s", 2), 2);
    expect_absent("out.json");
    gcn_proc_result_free(&r);
    /* no semantics as written: where in the program, why (the document's line), and how to
       run the corrected block */
    put("swz.s", "s_not_b32 s2, s0\nds_swizzle_b32 v2, v1 offset:0x801b\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--semantics", "written", "swz.s", NULL);
    expect_exit(&r, 1);
    assert_non_null(strstr(r.err.data, "swz.s:2: DS_SWIZZLE_B32 as written does not execute"));
    assert_non_null(strstr(r.err.data, "003_0fdec2520ee21c48.txt:1485:28"));
    assert_non_null(strstr(r.err.data, "as corrected by E044 it executes"));
    assert_non_null(strstr(r.err.data, "--semantics corrected"));
    gcn_proc_result_free(&r);
    /* a loop that never ends stops at --max-steps */
    put("loop.s", "s_getpc_b64 s[4:5]\ns_setpc_b64 s[4:5]\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "st.json", "--max-steps", "100", "loop.s", NULL);
    expect_exit(&r, 1);
    assert_non_null(strstr(r.err.data, "stopped after 100 steps"));
    gcn_proc_result_free(&r);
}

/* The default is the corrected semantics: the first ds_write_b32 a user runs on gfx9 executes
 * (as written its block does not compile: erratum E045), and with M0 = 0, since GCN 1.4's LDS
 * accesses are not limited by M0 (E053). As written, the run stops at that line, and the
 * message says how to run the corrected block. */
static void defaults_to_corrected(void **st)
{
    static const char m0_zero[] = "{\"generation\": \"gfx9\",\n"
                                  " \"sgprs\": {\"exec\": \"0xffffffffffffffff\", \"m0\": 0},\n"
                                  " \"vgprs\": {\"v1\": {\"base\": 0, \"step\": 4}, \"v2\": 7}}\n";
    gcn_proc_result r;
    (void)st;
    put("m0.json", m0_zero);
    put("prog.s", "ds_write_b32 v1, v2 offset:16\n"
                  "ds_read_b32 v3, v1 offset:16\n");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "m0.json", "prog.s", NULL);
    expect_exit(&r, 0);
    assert_non_null(strstr(r.out.data, "\"v3\": \"0x00000007\""));
    gcn_proc_result_free(&r);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--state", "m0.json", "--semantics", "written", "prog.s", NULL);
    expect_exit(&r, 1);
    assert_null(r.out.data && *r.out.data ? r.out.data : NULL);
    assert_non_null(strstr(r.err.data, "prog.s:1: DS_WRITE_B32 as written does not execute: "
                                       "003_0fdec2520ee21c48.txt:"));
    assert_non_null(strstr(r.err.data, "as corrected by E045 it executes"));
    assert_non_null(strstr(r.err.data, "--semantics corrected"));
    gcn_proc_result_free(&r);
    /* the help says which is the default */
    memset(&r, 0, sizeof(r));
    cli_run(&r, "exec", "--help", NULL);
    expect_exit(&r, 0);
    assert_non_null(strstr(r.out.data, "--semantics S    corrected (default"));
    gcn_proc_result_free(&r);
}

static void usage_errors(void **st)
{
    static const char *const cases[][6] = {
        {"exec", "prog.s", NULL},
        {"exec", "--state", "st.json", "--semantics", "both", NULL},
        {"exec", "--state", "st.json", "--gen", "gfx11", NULL},
        {"exec", "--state", "st.json", "--bogus", NULL},
        {"exec", "--state", "st.json", "--max-steps", "0", NULL},
        {"exec", "--state", "st.json", "a.s", "b.s", NULL},
    };
    size_t i;
    (void)st;
    put("st.json", state);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gcn_proc_result r;
        memset(&r, 0, sizeof(r));
        cli_runv(&r, (char *const *)cases[i]);
        expect_exit(&r, 2);
        assert_non_null(strstr(r.err.data, "gcnspec exec: "));
        gcn_proc_result_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runs),         cmocka_unit_test(runs_bytes),
        cmocka_unit_test(bad_input),    cmocka_unit_test(defaults_to_corrected),
        cmocka_unit_test(usage_errors),
    };
    return cmocka_run_group_tests_name("cli_exec", tests, setup, teardown);
}
