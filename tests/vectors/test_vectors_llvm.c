/* The conformance vectors against the installed llvm-mc versions (14 and 19): gcnspec check
 * passes over every vector with zero unexplained mismatches, and the lit files pass with
 * LLVM's lit, that version's llvm-mc and FileCheck.
 *
 *   test_vectors_llvm [check|lit 14|19]
 *
 * runs one of the four parts (the suite runs each as a test of its own, so that they spread
 * over the cores: tests/vectors/CMakeLists.txt), without arguments all four. Exit 77 (skipped)
 * when that llvm-mc (llvm-mc-14 for all four), or lit for a lit part, is not installed. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli_support.h"

static char known1[1024], known2[1024], known3[1024];
static char lit_py[1024];
static char *dir;

static int setup(void **state)
{
    (void)state;
    cli_enter_scratch();
    snprintf(known1, sizeof(known1), "%s/spec/peers/llvm-mc-known.json", test_source_dir());
    snprintf(known2, sizeof(known2), "%s/spec/peers/llvm-known.json", test_source_dir());
    snprintf(known3, sizeof(known3), "%s/vectors/llvm-mc-vectors-known.json", test_source_dir());
    /* the vectors come from the suite's fixture (vectors_generate, tests/vectors/CMakeLists.txt):
     * every generation, or GCN 1.4's alone under the sanitizers */
    if (!getenv("GCN_TEST_VECTORS"))
        fail_msg("GCN_TEST_VECTORS is not set (run the test through ctest)");
    dir = strdup(getenv("GCN_TEST_VECTORS"));
    {
        char *index = path_join2(dir, "index.json");
        if (!file_exists(index))
            fail_msg("%s: no vectors (the fixture vectors_generate writes them)", dir);
        free(index);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(dir);
    cli_leave_scratch();
    return 0;
}

static int installed(int version)
{
    char p[64];
    snprintf(p, sizeof(p), "/usr/lib/llvm-%d/bin/llvm-mc", version);
    return file_exists(p);
}

static void check_version(int version)
{
    char impl[32], report[32];
    gcn_proc_result r;
    if (!installed(version))
        return;
    snprintf(impl, sizeof(impl), "llvm-mc-%d", version);
    snprintf(report, sizeof(report), "conf%d", version);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", impl, "--report", report, "--known", known1, "--known", known2,
            "--known", known3, dir, NULL);
    if (r.exit_code != 0 || !strstr(r.out.data, " 0 unexplained"))
        fail_msg("%s: exit %d\n%s%s", impl, r.exit_code, r.out.data ? r.out.data : "",
                 r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
}

static void lit_version(int version)
{
    char bin[96], *argv[8];
    gcn_proc_result r;
    if (!installed(version))
        return;
    snprintf(bin, sizeof(bin), "-Dllvm_bin=/usr/lib/llvm-%d/bin", version);
    argv[0] = "python3";
    argv[1] = lit_py;
    argv[2] = "-q";
    argv[3] = bin;
    argv[4] = path_join2(dir, "lit");
    argv[5] = NULL;
    memset(&r, 0, sizeof(r));
    {
        char *py = gcn_proc_find("python3");
        assert_non_null(py);
        gcn_proc_run(py, argv, "", 0, 600, &r);
        free(py);
    }
    if (r.exit_code != 0)
        fail_msg("lit with LLVM %d failed:\n%s%s", version, r.out.data ? r.out.data : "",
                 r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    free(argv[4]);
}

static void test_check_llvm14(void **state)
{
    (void)state;
    check_version(14);
}

static void test_check_llvm19(void **state)
{
    (void)state;
    check_version(19);
}

static void test_lit_llvm14(void **state)
{
    (void)state;
    lit_version(14);
}

static void test_lit_llvm19(void **state)
{
    (void)state;
    lit_version(19);
}

/*   test_vectors_llvm [check|lit 14|19]: one of the four parts (the suite runs each as a test
 *   of its own, tests/vectors/CMakeLists.txt), or all of them */
int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_llvm14),
        cmocka_unit_test(test_check_llvm19),
        cmocka_unit_test(test_lit_llvm14),
        cmocka_unit_test(test_lit_llvm19),
    };
    char filter[64];
    int version = 14, lit = 1;
    glob_t g;
    if (argc == 3 && (strcmp(argv[1], "check") == 0 || strcmp(argv[1], "lit") == 0) &&
        (strcmp(argv[2], "14") == 0 || strcmp(argv[2], "19") == 0)) {
        version = atoi(argv[2]);
        lit = argv[1][0] == 'l';
        snprintf(filter, sizeof(filter), "test_%s_llvm%d", argv[1], version);
        cmocka_set_test_filter(filter);
    } else if (argc != 1) {
        fprintf(stderr, "usage: test_vectors_llvm [check|lit 14|19]\n");
        return 2;
    }
    if (!installed(version)) {
        fprintf(stderr, "llvm-mc-%d is not installed: skipped\n", version);
        return 77;
    }
    if (glob("/usr/lib/llvm-*/build/utils/lit/lit.py", 0, NULL, &g) == 0 && g.gl_pathc)
        snprintf(lit_py, sizeof(lit_py), "%s", g.gl_pathv[0]);
    else if (lit) {
        fprintf(stderr, "LLVM's lit.py is not installed: skipped\n");
        return 77;
    }
    globfree(&g);
    return cmocka_run_group_tests_name("vectors_llvm", tests, setup, teardown);
}
