/* The operand-code page against the llvm-mc-curated scalar operands
 * (reports/operands-vs-llvm.json): a fresh cross-check reproduces the committed file; the
 * disagreements the page is known for are found, each quoting its document line; on a small
 * page and curated file every class fires where it should and nowhere else; and a defect in
 * the curated file is reported at its file:line:col. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../extract/test_support.h"
#include "spec/extract/operands.h"
#include "spec/triage/operands_check.h"

static char *src(const char *rel)
{
    return path_join2(test_source_dir(), rel);
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

static const char *str_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, key));
    if (!s)
        fail_msg("no string '%s'", key);
    return s;
}

static int int_of(const cJSON *o, const char *key)
{
    const cJSON *n = cJSON_GetObjectItem(o, key);
    if (!cJSON_IsNumber(n))
        fail_msg("no number '%s'", key);
    return n->valueint;
}

static const cJSON *finding(const cJSON *report, const char *key)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItem(report, "findings"))
    {
        if (strcmp(str_of(f, "key"), key) == 0)
            return f;
    }
    fail_msg("no finding %s", key);
    return NULL;
}

static const cJSON *summary(const cJSON *report, const char *gen)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(report, "summary"))
    {
        if (strcmp(str_of(s, "gen"), gen) == 0)
            return s;
    }
    fail_msg("no summary for %s", gen);
    return NULL;
}

/* "gcn1.4" and "108-111" joined: what a finding covers, as text. */
static void covers(const cJSON *f, const char *gens, const char *codes)
{
    char g[128] = "", c[128] = "";
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(f, "gens"))
    {
        snprintf(g + strlen(g), sizeof(g) - strlen(g), "%s%s", g[0] ? "," : "", x->valuestring);
    }
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(f, "codes"))
    {
        int lo = cJSON_GetArrayItem(x, 0)->valueint, hi = cJSON_GetArrayItem(x, 1)->valueint;
        if (lo == hi)
            snprintf(c + strlen(c), sizeof(c) - strlen(c), "%s%d", c[0] ? "," : "", lo);
        else
            snprintf(c + strlen(c), sizeof(c) - strlen(c), "%s%d-%d", c[0] ? "," : "", lo, hi);
    }
    assert_string_equal(g, gens);
    assert_string_equal(c, codes);
}

static int quotes(const cJSON *f, const char *from)
{
    const cJSON *q;
    cJSON_ArrayForEach(q, cJSON_GetObjectItem(f, "page"))
    {
        if (strcmp(str_of(q, "at"), from) == 0)
            return 1;
    }
    return 0;
}

static cJSON *cross_check(const char *page_text, const char *curated_path, gcn_status want,
                          gcn_diag *diag)
{
    cJSON *page = NULL, *out = NULL;
    gcn_status st;
    gcn_diag_clear(diag);
    if (gcn_extract_operands_text("Page.md", page_text, strlen(page_text), &page, diag) != GCN_OK)
        fail_msg("the page does not read: %s", diag->msg);
    st = gcn_operands_cross_check(page, curated_path, &out, diag);
    cJSON_Delete(page);
    if (st != want)
        fail_msg("status %d, expected %d (%s:%u:%u: %s)", (int)st, (int)want, diag->file,
                 diag->line, diag->col, diag->msg);
    return out;
}

/* ---- the committed report ------------------------------------------------------------------ */

static void report_up_to_date(void **state)
{
    char *page = src("documents/clrx/GcnOperands.md"),
         *cur = src("spec/curated/scalar_operands.json");
    char *rep = src("reports/operands-vs-llvm.json"), *dir = tmpdir_make();
    char *copy = path_join2(dir, "operands-vs-llvm.json"), *text, *p;
    char *argv[] = {"gcnspec",   "extract", "--operands", page, "--cross-check",
                    "--curated", cur,       "--check",    rep,  NULL};
    size_t len, line = 1;
    unsigned got = 0, col = 0;
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("reports/operands-vs-llvm.json drifted:\n%s", err_of(&r));
    gcn_proc_result_free(&r);
    text = file_read(rep, &len);
    assert_non_null(text);
    p = strstr(text, "\"agree\": ");
    assert_non_null(p);
    p[9] = p[9] == '9' ? '8' : '9';
    for (char *q = text; q < p; q++)
        line += *q == '\n';
    file_write(copy, text, len);
    argv[8] = copy;
    gcnspec_run(argv, &r);
    assert_int_equal(r.exit_code, 1);
    if (!diag_line(err_of(&r), "operands-vs-llvm.json", &got, &col) || got != line)
        fail_msg("expected operands-vs-llvm.json:%zu: in\n%s", line, err_of(&r));
    gcn_proc_result_free(&r);
    free(text);
    tmpdir_remove(dir);
    free(dir);
    free(copy);
    free(page);
    free(cur);
    free(rep);
}

/* ---- GcnOperands.md against llvm-mc -------------------------------------------------------- */

static void the_pages_known_disagreements(void **state)
{
    char *page_path = src("documents/clrx/GcnOperands.md");
    char *cur = src("spec/curated/scalar_operands.json");
    size_t len;
    char *text = file_read(page_path, &len);
    cJSON *report;
    const cJSON *f, *s, *q;
    gcn_diag diag;
    text_lines t;
    const char *gens[] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};
    size_t i;
    (void)state;
    assert_non_null(text);
    report = cross_check(text, cur, GCN_OK, &diag);
    /* GCN 1.4's TTMP0-15 at 108-123 over the TBA/TMA rows, which name no generation */
    f = finding(report, "operands/page-erratum/generation/scalar.ttmp.gcn1.4");
    covers(f, "gcn1.4", "108-111");
    assert_true(quotes(f, "Page.md:28") && quotes(f, "Page.md:33"));
    /* the apertures inside "209-239 reserved", and named without a generation */
    f = finding(report, "operands/page-erratum/reserved-range/scalar.src_shared_base.gcn1.4");
    covers(f, "gcn1.4", "235");
    assert_true(quotes(f, "Page.md:44"));
    f = finding(report, "operands/page-erratum/generation/scalar.reserved235-239.gcn1.0-1.2");
    covers(f, "gcn1.0,gcn1.1,gcn1.2", "235-239");
    /* XNACK_MASK at 104-105 with no generation: over GCN 1.1's FLAT_SCRATCH, and on GCN 1.0 */
    f = finding(report, "operands/page-erratum/generation/scalar.reserved104-105.gcn1.0");
    covers(f, "gcn1.0", "104-105");
    assert_true(quotes(f, "Page.md:22"));
    f = finding(report, "operands/page-erratum/generation/scalar.flat_scratch_lo.gcn1.1");
    covers(f, "gcn1.1", "104");
    /* "(GCN1.2)" rows leave GCN 1.4 without SGPRs and FLAT_SCRATCH */
    f = finding(report, "operands/page-silent/scalar.sgpr.gcn1.2-1.4");
    covers(f, "gcn1.4", "0-101");
    assert_null(cJSON_GetObjectItem(f, "page"));
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(f, "page_elsewhere")) >= 2);
    /* LDS_DIRECT: a VALU-only source the scalar file cannot judge */
    f = finding(report, "operands/scalar-scope/scalar.lds_direct.all");
    covers(f, "gcn1.0,gcn1.1,gcn1.2,gcn1.4", "254");
    /* every quote is its document line; every finding carries llvm-mc's commands */
    lines_split(&t, text, len);
    cJSON_ArrayForEach(f, cJSON_GetObjectItem(report, "findings"))
    {
        const char *lists[] = {"page", "page_elsewhere"};
        const cJSON *ev = cJSON_GetObjectItem(cJSON_GetObjectItem(f, "curated"), "evidence");
        assert_true(cJSON_GetArraySize(ev) > 0);
        assert_non_null(strstr(str_of(cJSON_GetArrayItem(ev, 0), "cmd"), "llvm-mc"));
        for (i = 0; i < 2; i++) {
            cJSON_ArrayForEach(q, cJSON_GetObjectItem(f, lists[i]))
            {
                const char *from = str_of(q, "at");
                assert_string_equal(lines_at(&t, strtoul(strrchr(from, ':') + 1, NULL, 10)),
                                    str_of(q, "text"));
            }
        }
    }
    /* each generation: all 256 scalar codes compared, each counted once */
    for (i = 0; i < 4; i++) {
        int sum;
        s = summary(report, gens[i]);
        assert_int_equal(int_of(s, "compared"), 256);
        sum = int_of(s, "agree") + int_of(s, "both_unassigned") + int_of(s, "page-erratum") +
              int_of(s, "page-silent") + int_of(s, "scalar-scope") + int_of(s, "name-differs");
        assert_int_equal(sum, 256);
        assert_true(int_of(s, "agree") > 100);
    }
    lines_free(&t);
    cJSON_Delete(report);
    free(text);
    free(page_path);
    free(cur);
}

/* ---- every class on a small page ----------------------------------------------------------- */

static const char *const small_page = "Code | Name | Description\n" /* 1 */
                                      "-----|------|------------\n" /* 2 */
                                      "0-1  | S0 - S1 | SGPR's\n"   /* 3 */
                                      "2    | FOO | foo (GCN1.0)\n" /* 4 */
                                      "3    | BAR | bar\n"          /* 5 */
                                      "4-5  | -   | reserved\n"     /* 6 */
                                      "6    | QUX | qux (GCN1.1)\n" /* 7 */
                                      "7    | ONE | one\n"          /* 8 */
                                      "8-9  | PAIR | a pair\n"      /* 9 */
                                      "8    | PAIR_LO | low\n"      /* 10 */
                                      "9    | PAIR_HI | high\n";    /* 11 */

static const char *const small_curated =
    "{\"facts\": [\n"
    "{\"id\": \"sgpr\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"sgpr\", \"codes\": [0, 1],"
    " \"asm32\": \"s{n}\", \"asm64\": \"s[{n}:{n+1}]\", \"first_index\": 0, \"evidence\": []},\n"
    "{\"id\": \"foo\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"special\","
    " \"codes\": [2, 2], \"asm32\": \"foo\", \"evidence\": []},\n"
    "{\"id\": \"bar\", \"gens\": [\"gcn1.0\"], \"class\": \"special\", \"codes\": [3, 3],"
    " \"asm32\": \"bar\", \"evidence\": []},\n"
    "{\"id\": \"inv3\", \"gens\": [\"gcn1.1\"], \"class\": \"invalid\", \"codes\": [3, 3],"
    " \"evidence\": []},\n"
    "{\"id\": \"inv4\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"invalid\","
    " \"codes\": [4, 4], \"evidence\": []},\n"
    "{\"id\": \"inv5\", \"gens\": [\"gcn1.0\"], \"class\": \"invalid\", \"codes\": [5, 5],"
    " \"evidence\": []},\n"
    "{\"id\": \"baz\", \"gens\": [\"gcn1.1\"], \"class\": \"special\", \"codes\": [5, 5],"
    " \"asm32\": \"baz\", \"evidence\": []},\n"
    "{\"id\": \"inv6\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"invalid\","
    " \"codes\": [6, 6], \"evidence\": []},\n"
    "{\"id\": \"uno\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"special\","
    " \"codes\": [7, 7], \"asm32\": \"uno\", \"aliases\": [\"eins\"], \"evidence\": []},\n"
    "{\"id\": \"pair_lo\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"special\","
    " \"codes\": [8, 8], \"asm32\": \"pair_lo\", \"asm64\": \"pair\", \"evidence\": []},\n"
    "{\"id\": \"pair_hi\", \"gens\": [\"gcn1.0\", \"gcn1.1\"], \"class\": \"special\","
    " \"codes\": [9, 9], \"asm32\": \"pair_hi\", \"evidence\": []}\n"
    "]}\n";

static void each_class_where_it_belongs(void **state)
{
    char *dir = tmpdir_make(), *cur = path_join2(dir, "cur.json");
    cJSON *report;
    const cJSON *s, *f;
    gcn_diag diag;
    (void)state;
    file_write(cur, small_curated, strlen(small_curated));
    report = cross_check(small_page, cur, GCN_OK, &diag);
    s = summary(report, "gcn1.0");
    assert_int_equal(int_of(s, "compared"), 10);
    assert_int_equal(int_of(s, "agree"), 8);           /* 0-5, 8, 9 */
    assert_int_equal(int_of(s, "both_unassigned"), 1); /* 6: silent, llvm-mc invalid */
    assert_int_equal(int_of(s, "name-differs"), 1);    /* 7 */
    assert_int_equal(
        int_of(s, "page-erratum") + int_of(s, "page-silent") + int_of(s, "scalar-scope"), 0);
    s = summary(report, "gcn1.1");
    assert_int_equal(int_of(s, "agree"), 5); /* 0, 1, 4, 8, 9 */
    assert_int_equal(int_of(s, "page-silent"), 1);
    assert_int_equal(int_of(s, "page-erratum"), 2);
    assert_int_equal(int_of(s, "scalar-scope"), 1);
    assert_int_equal(int_of(s, "name-differs"), 1);
    f = finding(report, "operands/page-silent/foo");
    covers(f, "gcn1.1", "2");
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(f, "page_elsewhere")) == 1);
    f = finding(report, "operands/page-erratum/generation/inv3");
    covers(f, "gcn1.1", "3");
    assert_true(quotes(f, "Page.md:5"));
    assert_string_equal(
        cJSON_GetArrayItem(cJSON_GetObjectItem(f, "curated_elsewhere"), 0)->valuestring, "bar");
    f = finding(report, "operands/page-erratum/reserved-range/baz");
    covers(f, "gcn1.1", "5");
    f = finding(report, "operands/scalar-scope/inv6");
    covers(f, "gcn1.1", "6");
    f = finding(report, "operands/name-differs/uno");
    covers(f, "gcn1.0,gcn1.1", "7");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(report, "findings")), 5);
    cJSON_Delete(report);
    /* an alias agrees */
    {
        char *page = strdup(small_page), *p = strstr(page, "ONE");
        memcpy(p, "EINS | on", 9);
        report = cross_check(page, cur, GCN_OK, &diag);
        assert_int_equal(int_of(summary(report, "gcn1.0"), "name-differs"), 0);
        cJSON_Delete(report);
        free(page);
    }
    tmpdir_remove(dir);
    free(dir);
    free(cur);
}

/* ---- a defect in the curated file ---------------------------------------------------------- */

static void curated_defects_at_their_place(void **state)
{
    char *dir = tmpdir_make(), *cur = path_join2(dir, "cur.json");
    static const char *const twice =
        "{\"facts\": [\n"
        "{\"id\": \"a\", \"gens\": [\"gcn1.0\"], \"class\": \"x\", \"codes\": [0, 3],"
        " \"evidence\": []},\n"
        "  {\"id\": \"b\", \"gens\": [\"gcn1.0\"], \"class\": \"x\", \"codes\": [3, 3],"
        " \"evidence\": []}]}\n";
    static const char *const wide = "{\"facts\": [{\"id\": \"a\", \"gens\": [\"gcn1.0\"],"
                                    " \"class\": \"x\", \"codes\": [0, 900], \"evidence\": []}]}";
    static const char *const lacking = "{\"facts\": [{\"id\": \"a\"}]}";
    gcn_diag diag;
    (void)state;
    file_write(cur, twice, strlen(twice));
    assert_null(cross_check(small_page, cur, GCN_ERR_INVALID, &diag));
    assert_int_equal(diag.line, 3);
    assert_int_equal(diag.col, 3);
    assert_non_null(strstr(diag.msg, "'a' and 'b' both give gcn1.0 code 3"));
    file_write(cur, wide, strlen(wide));
    cross_check(small_page, cur, GCN_ERR_INVALID, &diag);
    assert_int_equal(diag.line, 1);
    assert_non_null(strstr(diag.msg, "codes"));
    file_write(cur, lacking, strlen(lacking));
    cross_check(small_page, cur, GCN_ERR_INVALID, &diag);
    assert_non_null(strstr(diag.msg, "class"));
    file_write(cur, "{\"facts\": [", 11);
    cross_check(small_page, cur, GCN_ERR_SYNTAX, &diag);
    assert_int_equal(diag.line, 1);
    tmpdir_remove(dir);
    free(dir);
    free(cur);
}

/* --curated alone asks for the cross-check (it wrote the page's facts once), and a drifted
 * report names the command that remakes it. */
static void curated_alone_means_cross_check(void **state)
{
    char *page = src("documents/clrx/GcnOperands.md");
    char *cur = src("spec/curated/scalar_operands.json"), *dir = tmpdir_make();
    char *out = path_join2(dir, "out.json"), *text;
    char *argv[] = {"gcnspec", "extract", "--operands", page, "--curated", cur, "-o", out, NULL};
    char *again[] = {"gcnspec", "extract", "--operands", page, "--curated",
                     cur,       "--check", page,         NULL};
    gcn_proc_result r;
    size_t len;
    (void)state;
    gcnspec_run(argv, &r);
    assert_int_equal(r.exit_code, 0);
    gcn_proc_result_free(&r);
    text = file_read(out, &len);
    assert_non_null(text);
    assert_non_null(strstr(text, "gcnspec-operands-findings/1"));
    free(text);
    gcnspec_run(again, &r);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(err_of(&r), "--cross-check --curated"));
    gcn_proc_result_free(&r);
    tmpdir_remove(dir);
    free(dir);
    free(out);
    free(page);
    free(cur);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(report_up_to_date),
        cmocka_unit_test(the_pages_known_disagreements),
        cmocka_unit_test(each_class_where_it_belongs),
        cmocka_unit_test(curated_defects_at_their_place),
        cmocka_unit_test(curated_alone_means_cross_check),
    };
    return cmocka_run_group_tests_name("triage_operands_check", tests, NULL, NULL);
}
