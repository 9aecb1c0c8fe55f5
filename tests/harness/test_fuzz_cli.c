/* gcnspec fuzz on bad flags: an unknown option, a missing value, an unknown target or engine,
 * out-of-range jobs or time, a stray argument, no target: each a usage error (exit 2, "gcnspec
 * fuzz: ..." naming what was wrong, a pointer to --help) that writes nothing. --list names every
 * target of harness/targets.h; run outside the source tree, with no binary built, or with a
 * malformed .options file, it says so and exits non-zero. A campaign's findings go to its own
 * directory unless --reports names another, and a skipped gfx6/gfx7 reassembly is said. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli_support.h"
#include "harness/targets.h"

static int setup(void **state)
{
    (void)state;
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    return 0;
}

static void expect_scratch_empty(void)
{
    DIR *dp = opendir(cli_scratch());
    struct dirent *e;
    assert_non_null(dp);
    while ((e = readdir(dp)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            fail_msg("a usage error left %s in the working directory", e->d_name);
    closedir(dp);
}

typedef struct bad_case {
    const char *args[8];
    const char *named; /* what the message must name */
} bad_case;

static const bad_case bad_cases[] = {
    {{"--bogus", "--target", "byte_roundtrip", NULL}, "--bogus"},
    {{"--target", NULL}, "--target"},
    {{"--target", "no_such_target", NULL}, "no_such_target"},
    {{"--target", "byte_roundtrip", "--engine", "honggfuzz", NULL}, "honggfuzz"},
    {{"--target", "byte_roundtrip", "--jobs", "0", NULL}, "'0'"},
    {{"--target", "byte_roundtrip", "--jobs", "65", NULL}, "'65'"},
    {{"--target", "byte_roundtrip", "--jobs", "two", NULL}, "'two'"},
    {{"--target", "byte_roundtrip", "--time", "-5", NULL}, "'-5'"},
    {{"--target", "byte_roundtrip", "--time", "10s", NULL}, "'10s'"},
    {{"--target", "byte_roundtrip", "--sanitizers", "address;rm", NULL}, "address;rm"},
    {{"--target", "byte_roundtrip", "stray", NULL}, "stray"},
    {{"--jobs", "1", NULL}, "--target is required"},
    {{"--target", "byte_roundtrip", "--check-bars", NULL}, "--check-bars goes with --bench"},
    {{"--bench", "--target", "cross_gen", NULL}, "--bench picks its targets"},
    {{"--bench", "--engine", "afl", NULL}, "--bench picks its targets"},
};

static void test_bad_flags_are_usage_errors(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
        char *args[12];
        size_t k = 0;
        gcn_proc_result r;
        const char *err;
        args[k++] = "fuzz";
        for (; bad_cases[i].args[k - 1]; k++)
            args[k] = (char *)bad_cases[i].args[k - 1];
        args[k] = NULL;
        cli_runv(&r, args);
        err = r.err.data ? r.err.data : "";
        if (r.exit_code != 2)
            fail_msg("case %zu: expected exit 2, got %d:\n%s", i, r.exit_code, err);
        if (strncmp(err, "gcnspec fuzz: ", 14) != 0 || !strstr(err, "--help"))
            fail_msg("case %zu: not a usage message:\n%s", i, err);
        if (!strstr(err, bad_cases[i].named))
            fail_msg("case %zu: the message does not name '%s':\n%s", i, bad_cases[i].named, err);
        gcn_proc_result_free(&r);
        expect_scratch_empty();
    }
}

static void test_list_names_every_target(void **state)
{
    static const char *const names[] = {
#define TARGET_NAME(name, src, kind, llvm, role, summary) #name,
        GCN_FUZZ_TARGET_LIST(TARGET_NAME)
#undef TARGET_NAME
    };
    gcn_proc_result r;
    size_t i, lines = 0;
    const char *p;
    (void)state;
    cli_run(&r, "fuzz", "--list", NULL);
    assert_int_equal(r.exit_code, 0);
    assert_non_null(r.out.data);
    for (p = r.out.data; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, sizeof(names) / sizeof(names[0]));
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char want[64];
        snprintf(want, sizeof(want), "%s\t", names[i]);
        if (strncmp(r.out.data, want, strlen(want)) != 0 && !strstr(r.out.data, want))
            fail_msg("--list does not name %s:\n%s", names[i], r.out.data);
    }
    gcn_proc_result_free(&r);
    expect_scratch_empty();
}

/* The scratch directory is no source tree: without --no-build there is nothing to build. */
static void test_outside_the_source_tree(void **state)
{
    gcn_proc_result r;
    (void)state;
    cli_run(&r, "fuzz", "--target", "byte_roundtrip", "--time", "1", NULL);
    assert_int_equal(r.exit_code, 2);
    assert_non_null(r.err.data);
    if (!strstr(r.err.data, "source tree"))
        fail_msg("the message does not say why:\n%s", r.err.data);
    gcn_proc_result_free(&r);
    expect_scratch_empty();
}

static void test_binary_not_built(void **state)
{
    gcn_proc_result r;
    (void)state;
    cli_run(&r, "fuzz", "--target", "parsers", "--no-build", "--build-dir", "nowhere", "--dir",
            "campaign", "--time", "1", NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(r.err.data);
    if (!strstr(r.err.data, "nowhere/harness/fuzz_parsers is not built"))
        fail_msg("the message does not name the missing binary:\n%s", r.err.data);
    gcn_proc_result_free(&r);
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A target's .options file with a line that is no libFuzzer flag: file:line: message, exit 1,
 * before anything starts. */
static void test_bad_options_file(void **state)
{
    gcn_proc_result r;
    (void)state;
    assert_int_equal(system("mkdir -p bt/harness bt/corpus"), 0);
    put("bt/harness/fuzz_parsers", "");
    put("bt/corpus/fuzz_parsers.options", "[libfuzzer]\nmax_len = 64\nentropic 0\n");
    cli_run(&r, "fuzz", "--target", "parsers", "--no-build", "--build-dir", "bt", "--dir",
            "campaign", "--time", "1", NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(r.err.data);
    if (!strstr(r.err.data, "bt/corpus/fuzz_parsers.options:3: expected 'key = value'"))
        fail_msg("the message does not name the file and line:\n%s", r.err.data);
    gcn_proc_result_free(&r);
}

static int exists(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The triage of a campaign writes its findings into the campaign's directory, not into reports/
 * (the committed ones), unless asked; and it says why the gfx6/gfx7 reassembly did not run. */
static void triage_only(const char *target, const char *reports, const char *findings,
                        const char *why)
{
    gcn_proc_result r;
    char bin[128], opt[128];
    assert_int_equal(system("mkdir -p bt2/harness bt2/corpus"), 0);
    snprintf(bin, sizeof(bin), "bt2/harness/fuzz_%s", target);
    snprintf(opt, sizeof(opt), "bt2/corpus/fuzz_%s.options", target);
    put(bin, "");
    put(opt, "[libfuzzer]\nmax_len = 64\n");
    if (reports)
        cli_run(&r, "fuzz", "--target", target, "--triage", "--no-build", "--build-dir", "bt2",
                "--dir", "camp", "--reports", reports, "-q", NULL);
    else
        cli_run(&r, "fuzz", "--target", target, "--triage", "--no-build", "--build-dir", "bt2",
                "--dir", "camp", "-q", NULL);
    if (r.exit_code != 0)
        fail_msg("gcnspec fuzz --triage exited %d:\n%s", r.exit_code, r.err.data ? r.err.data : "");
    if (!exists(findings))
        fail_msg("no %s", findings);
    if (!reports && exists("reports/findings.json"))
        fail_msg("the campaign wrote reports/findings.json without --reports");
    if (!r.err.data || !strstr(r.err.data, why))
        fail_msg("expected '%s' in:\n%s", why, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
}

static void test_findings_stay_in_the_campaign(void **state)
{
    (void)state;
    triage_only("cross_gen", NULL, "camp/findings.json",
                "gfx6/gfx7 reassembly skipped: not applicable");
    triage_only("byte_roundtrip", NULL, "camp/findings.md",
                "gfx6/gfx7 reassembly skipped: --triage only triages");
    triage_only("byte_roundtrip", "reports", "reports/findings.json", "reassembly skipped");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_flags_are_usage_errors),
        cmocka_unit_test(test_list_names_every_target),
        cmocka_unit_test(test_outside_the_source_tree),
        cmocka_unit_test(test_binary_not_built),
        cmocka_unit_test(test_bad_options_file),
        cmocka_unit_test(test_findings_stay_in_the_campaign),
    };
    return cmocka_run_group_tests_name("fuzz_cli", tests, setup, teardown);
}
