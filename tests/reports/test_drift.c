/* The committed outputs are what the tools make of the committed inputs today: spec/facts.json
 * from the seeds, spec/gcn.json from the facts, errata and curated facts, and reports/errata.*
 * from the seeds and spec/errata.json. And --check notices when they are not. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../extract/test_support.h"

static char *src(const char *rel)
{
    return path_join2(test_source_dir(), rel);
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

static void test_facts_up_to_date(void **state)
{
    char *docs = test_docs_dir(), *facts = src("spec/facts.json");
    char *argv[] = {"gcnspec", "extract", "--docs", docs, "--check", facts, NULL};
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("spec/facts.json drifted from the seeds:\n%s", err_of(&r));
    gcn_proc_result_free(&r);
    free(docs);
    free(facts);
}

/* spec/facts-clrx.json: the facts of every CLRX instruction page (documents/clrx). */
static void test_clrx_facts_up_to_date(void **state)
{
    char *docs = src("documents/clrx"), *facts = src("spec/facts-clrx.json");
    char *argv[] = {"gcnspec", "extract", "--docs", docs, "--check", facts, NULL};
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("spec/facts-clrx.json drifted from documents/clrx:\n%s", err_of(&r));
    gcn_proc_result_free(&r);
    free(docs);
    free(facts);
}

static void test_gcn_json_up_to_date(void **state)
{
    char *facts = src("spec/facts.json"), *errata = src("spec/errata.json");
    char *curated = src("spec/curated"), *gcn = src("spec/gcn.json");
    char *argv[] = {"gcnspec",   "resolve", "--facts", facts, "--errata", errata,
                    "--curated", curated,   "--check", gcn,   NULL};
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("spec/gcn.json drifted from its inputs:\n%s", err_of(&r));
    gcn_proc_result_free(&r);
    free(facts);
    free(errata);
    free(curated);
    free(gcn);
}

static void test_reports_up_to_date(void **state)
{
    static const char *const names[] = {"errata.json", "errata.md", "errata.sarif"};
    char *docs = test_docs_dir(), *errata = src("spec/errata.json"), *tmp = tmpdir_make();
    char *argv[] = {"gcnspec", "errata", "--docs", docs, "--errata", errata, "--out", tmp, NULL};
    gcn_proc_result r;
    size_t i;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("gcnspec errata failed:\n%s", err_of(&r));
    for (i = 0; i < 3; i++) {
        char rel[64], *committed_path, *fresh_path, *committed, *fresh;
        size_t a = 0, b = 0;
        snprintf(rel, sizeof(rel), "reports/%s", names[i]);
        committed_path = src(rel);
        fresh_path = path_join2(tmp, names[i]);
        committed = file_read(committed_path, &a);
        fresh = file_read(fresh_path, &b);
        if (!committed)
            fail_msg("%s is not committed", rel);
        assert_non_null(fresh);
        if (a != b || memcmp(committed, fresh, a) != 0)
            fail_msg("%s drifted: run 'gcnspec errata' and commit the result", rel);
        free(committed);
        free(fresh);
        free(committed_path);
        free(fresh_path);
    }
    gcn_proc_result_free(&r);
    tmpdir_remove(tmp);
    free(tmp);
    free(docs);
    free(errata);
}

/* A facts.json that differs on one line: --check fails and names that line. */
static void test_extract_check_notices_drift(void **state)
{
    char *docs = test_docs_dir(), *facts = src("spec/facts.json"), *tmp = tmpdir_make();
    char *copy = path_join2(tmp, "facts.json"), *text, *at;
    char *argv[] = {"gcnspec", "extract", "--docs", docs, "--check", copy, NULL};
    gcn_proc_result r;
    unsigned want = 1, line = 0;
    size_t len = 0;
    const char *p;
    (void)state;
    text = file_read(facts, &len);
    assert_non_null(text);
    /* change one character of the 100th fact's text */
    at = text;
    for (want = 1; want < 100; want++) {
        at = strstr(at + 1, "\"text\": \"");
        assert_non_null(at);
    }
    at += strlen("\"text\": \"");
    *at = *at == 'x' ? 'y' : 'x';
    for (want = 1, p = text; p < at; p++)
        want += *p == '\n';
    file_write(copy, text, len);
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    assert_int_equal(r.exit_code, 1);
    if (!diag_line(err_of(&r), "facts.json", &line, NULL))
        fail_msg("no file:line message: %s", err_of(&r));
    assert_int_equal(line, want);
    gcn_proc_result_free(&r);
    /* and an unchanged copy passes */
    free(text);
    text = file_read(facts, &len);
    file_write(copy, text, len);
    gcnspec_run(argv, &r);
    assert_int_equal(r.exit_code, 0);
    gcn_proc_result_free(&r);
    free(text);
    tmpdir_remove(tmp);
    free(tmp);
    free(copy);
    free(docs);
    free(facts);
}

/* A gcn.json that differs: resolve --check fails. */
static void test_resolve_check_notices_drift(void **state)
{
    char *facts = src("spec/facts.json"), *errata = src("spec/errata.json");
    char *curated = src("spec/curated"), *gcn = src("spec/gcn.json"), *tmp = tmpdir_make();
    char *copy = path_join2(tmp, "gcn.json"), *text;
    char *argv[] = {"gcnspec",   "resolve", "--facts", facts, "--errata", errata,
                    "--curated", curated,   "--check", copy,  NULL};
    gcn_proc_result r;
    size_t len = 0;
    (void)state;
    /* only meaningful when the committed inputs resolve (test_gcn_json_up_to_date says why
     * they do not) */
    {
        char *args[] = {"gcnspec",   "resolve", "--facts", facts, "--errata", errata,
                        "--curated", curated,   "--check", gcn,   NULL};
        gcnspec_run(args, &r);
        if (r.exit_code != 0) {
            gcn_proc_result_free(&r);
            tmpdir_remove(tmp);
            free(tmp);
            free(copy);
            free(facts);
            free(errata);
            free(curated);
            free(gcn);
            skip();
        }
        gcn_proc_result_free(&r);
    }
    text = file_read(gcn, &len);
    assert_non_null(text);
    assert_true(len > 2);
    text[len - 2] = text[len - 2] == '}' ? ']' : '}'; /* the last bracket */
    file_write(copy, text, len);
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(err_of(&r), "gcn.json"));
    gcn_proc_result_free(&r);
    free(text);
    tmpdir_remove(tmp);
    free(tmp);
    free(copy);
    free(facts);
    free(errata);
    free(curated);
    free(gcn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facts_up_to_date),
        cmocka_unit_test(test_clrx_facts_up_to_date),
        cmocka_unit_test(test_gcn_json_up_to_date),
        cmocka_unit_test(test_reports_up_to_date),
        cmocka_unit_test(test_extract_check_notices_drift),
        cmocka_unit_test(test_resolve_check_notices_drift),
    };
    return cmocka_run_group_tests_name("drift", tests, NULL, NULL);
}
