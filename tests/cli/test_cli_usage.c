/* gcnspec's flags, for every subcommand, read off its own --help: every documented option is
 * accepted; an unknown option, a missing value or a stray argument is a usage error (exit 2,
 * "gcnspec CMD: ..." and a pointer to --help) that touches nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_support.h"

static const char *const commands[] = {"extract", "resolve", "errata", "run"};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

typedef struct option_doc {
    char longname[32];
    char shortname; /* 0 when none */
    int takes_value;
} option_doc;

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

/* The scratch directory (the working directory) is still empty: a usage error wrote nothing. */
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

static void expect_usage_error(const gcn_proc_result *r, const char *cmd, const char *names)
{
    const char *err = r->err.data ? r->err.data : "";
    char prefix[64];
    if (r->exit_code != 2)
        fail_msg("gcnspec %s: expected exit 2 (usage), got %d:\n%s", cmd, r->exit_code, err);
    snprintf(prefix, sizeof(prefix), "gcnspec %s: ", cmd);
    if (strncmp(err, prefix, strlen(prefix)) != 0)
        fail_msg("the usage error does not start with '%s':\n%s", prefix, err);
    if (!strstr(err, "--help"))
        fail_msg("the usage error does not point at --help:\n%s", err);
    if (names && !strstr(err, names))
        fail_msg("the usage error does not name '%s':\n%s", names, err);
    expect_scratch_empty();
}

/* "  -d, --docs DIR     ..." / "      --check FILE   ..." / "  -h, --help  ..." */
static size_t read_help(const char *cmd, option_doc *opts, size_t max)
{
    gcn_proc_result r;
    const char *p;
    size_t n = 0;
    cli_run(&r, cmd, "--help", NULL);
    assert_int_equal(r.exit_code, 0);
    assert_non_null(r.out.data);
    {
        char want[64];
        snprintf(want, sizeof(want), "usage: gcnspec %s", cmd);
        assert_true(strncmp(r.out.data, want, strlen(want)) == 0);
    }
    for (p = r.out.data; *p;) {
        const char *eol = strchr(p, '\n'), *q = p;
        option_doc o;
        size_t k = 0;
        memset(&o, 0, sizeof(o));
        if (!eol)
            eol = p + strlen(p);
        while (*q == ' ')
            q++;
        if (q > p && q[0] == '-' && isalpha((unsigned char)q[1]) && q[2] == ',') {
            o.shortname = q[1];
            q += 3;
            while (*q == ' ')
                q++;
        }
        if (q > p && q[0] == '-' && q[1] == '-') {
            q += 2;
            while ((isalnum((unsigned char)*q) || *q == '-') && k < sizeof(o.longname) - 1)
                o.longname[k++] = *q++;
            /* a metavariable: one space, then an upper-case word */
            o.takes_value = q[0] == ' ' && isupper((unsigned char)q[1]);
            if (n < max)
                opts[n++] = o;
        }
        p = *eol ? eol + 1 : eol;
    }
    gcn_proc_result_free(&r);
    return n;
}

static void test_help_lists_options(void **state)
{
    size_t c;
    (void)state;
    for (c = 0; c < NCOMMANDS; c++) {
        option_doc opts[32];
        size_t n = read_help(commands[c], opts, 32), i;
        int help = 0, valued = 0;
        for (i = 0; i < n; i++) {
            help |= strcmp(opts[i].longname, "help") == 0;
            valued += opts[i].takes_value;
        }
        if (!help || valued < 2)
            fail_msg("gcnspec %s --help lists %zu options (%d with a value)", commands[c], n,
                     valued);
    }
}

/* Every option --help documents is accepted (a following --help then prints the help and
 * exits 0 without doing anything else). */
static void test_documented_options_accepted(void **state)
{
    size_t c, bad = 0;
    (void)state;
    for (c = 0; c < NCOMMANDS; c++) {
        option_doc opts[32];
        size_t n = read_help(commands[c], opts, 32), i;
        for (i = 0; i < n; i++) {
            char longopt[1300], shortopt[3] = {'-', opts[i].shortname, 0};
            gcn_proc_result r;
            snprintf(longopt, sizeof(longopt), "--%s", opts[i].longname);
            if (opts[i].takes_value)
                cli_run(&r, commands[c], longopt, "x", "--help", NULL);
            else
                cli_run(&r, commands[c], longopt, "--help", NULL);
            if (r.exit_code != 0) {
                print_error("gcnspec %s %s: documented but refused (exit %d): %s", commands[c],
                            longopt, r.exit_code, r.err.data ? r.err.data : "");
                bad++;
            }
            gcn_proc_result_free(&r);
            if (opts[i].shortname) {
                if (opts[i].takes_value)
                    cli_run(&r, commands[c], shortopt, "x", "--help", NULL);
                else
                    cli_run(&r, commands[c], shortopt, "--help", NULL);
                if (r.exit_code != 0) {
                    print_error("gcnspec %s %s: documented but refused (exit %d): %s", commands[c],
                                shortopt, r.exit_code, r.err.data ? r.err.data : "");
                    bad++;
                }
                gcn_proc_result_free(&r);
            }
            expect_scratch_empty();
        }
    }
    if (bad)
        fail_msg("%zu documented options are refused", bad);
}

static void test_missing_values(void **state)
{
    size_t c, tried = 0;
    (void)state;
    for (c = 0; c < NCOMMANDS; c++) {
        option_doc opts[32];
        size_t n = read_help(commands[c], opts, 32), i;
        for (i = 0; i < n; i++) {
            char longopt[1300], shortopt[3] = {'-', opts[i].shortname, 0};
            gcn_proc_result r;
            if (!opts[i].takes_value)
                continue;
            snprintf(longopt, sizeof(longopt), "--%s", opts[i].longname);
            /* the value is missing at the end of the command line */
            cli_run(&r, commands[c], longopt, NULL);
            expect_usage_error(&r, commands[c], longopt);
            if (strstr(r.err.data, "unknown"))
                fail_msg("gcnspec %s %s: called unknown, not missing its value:\n%s", commands[c],
                         longopt, r.err.data);
            gcn_proc_result_free(&r);
            if (opts[i].shortname) {
                cli_run(&r, commands[c], shortopt, NULL);
                expect_usage_error(&r, commands[c], shortopt);
                gcn_proc_result_free(&r);
            }
            tried++;
        }
    }
    assert_true(tried >= 10);
}

static void test_unknown_options(void **state)
{
    size_t c;
    (void)state;
    for (c = 0; c < NCOMMANDS; c++) {
        gcn_proc_result r;
        cli_run(&r, commands[c], "--bogus", NULL);
        expect_usage_error(&r, commands[c], "--bogus");
        gcn_proc_result_free(&r);
        cli_run(&r, commands[c], "-Z", NULL);
        expect_usage_error(&r, commands[c], "-Z");
        gcn_proc_result_free(&r);
        /* a flag that takes no value, given one */
        cli_run(&r, commands[c], "--help=yes", NULL);
        expect_usage_error(&r, commands[c], "--help");
        gcn_proc_result_free(&r);
        /* an unknown option after good ones stops everything */
        cli_run(&r, commands[c], "-o", "somewhere", "--bogus", NULL);
        expect_usage_error(&r, commands[c], "--bogus");
        gcn_proc_result_free(&r);
    }
}

static void test_stray_arguments(void **state)
{
    size_t c;
    (void)state;
    for (c = 0; c < NCOMMANDS; c++) {
        gcn_proc_result r;
        cli_run(&r, commands[c], "stray", NULL);
        expect_usage_error(&r, commands[c], "stray");
        gcn_proc_result_free(&r);
    }
}

static void test_unknown_command(void **state)
{
    gcn_proc_result r;
    (void)state;
    cli_run(&r, "bogus", NULL);
    assert_int_equal(r.exit_code, 2);
    assert_non_null(strstr(r.err.data, "bogus"));
    gcn_proc_result_free(&r);
    cli_run(&r, NULL);
    assert_int_equal(r.exit_code, 2);
    assert_non_null(strstr(r.err.data, "usage"));
    gcn_proc_result_free(&r);
    cli_run(&r, "help", "bogus", NULL);
    assert_int_equal(r.exit_code, 2);
    gcn_proc_result_free(&r);
    cli_run(&r, "help", NULL);
    assert_int_equal(r.exit_code, 0);
    /* the help names every command */
    {
        size_t c;
        for (c = 0; c < NCOMMANDS; c++)
            assert_non_null(strstr(r.out.data, commands[c]));
    }
    gcn_proc_result_free(&r);
    expect_scratch_empty();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_lists_options),
        cmocka_unit_test(test_documented_options_accepted),
        cmocka_unit_test(test_missing_values),
        cmocka_unit_test(test_unknown_options),
        cmocka_unit_test(test_stray_arguments),
        cmocka_unit_test(test_unknown_command),
    };
    return cmocka_run_group_tests_name("cli_usage", tests, setup, teardown);
}
