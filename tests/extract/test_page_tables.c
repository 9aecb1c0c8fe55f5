/* A page's tables as facts (spec/sdwadpp-page.json, spec/state-page.json): re-extracting
 * GcnSdwaDpp.md and GcnState.md reproduces them; every row quotes its line and every table row
 * is a fact, read or unreadable; the pages' known self-contradictions are found; and on small
 * pages each way a row fails to read and each check fires where it should. */
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

#include "spec/extract/page_tables.h"
#include "test_support.h"

static char *src(const char *rel)
{
    return path_join2(test_source_dir(), rel);
}

static const char *str_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, key));
    if (!s)
        fail_msg("no string '%s'", key);
    return s;
}

static const struct {
    const char *page, *facts;
} pages[] = {{"documents/clrx/GcnSdwaDpp.md", "spec/sdwadpp-page.json"},
             {"documents/clrx/GcnState.md", "spec/state-page.json"}};

static cJSON *load(const char *rel)
{
    char *path = src(rel), *text;
    size_t len;
    cJSON *j;
    text = file_read(path, &len);
    if (!text)
        fail_msg("cannot read %s", path);
    j = cJSON_ParseWithLength(text, len);
    if (!j)
        fail_msg("%s is no JSON", path);
    free(text);
    free(path);
    return j;
}

static const cJSON *table_at(const cJSON *facts, const char *from)
{
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(facts, "tables"))
    {
        if (strcmp(str_of(t, "from"), from) == 0)
            return t;
    }
    fail_msg("no table at %s", from);
    return NULL;
}

static int has_check(const cJSON *facts, const char *what, const char *row_a, const char *row_b)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(facts, "checks"))
    {
        const cJSON *rows = cJSON_GetObjectItem(c, "rows");
        if (strcmp(str_of(c, "what"), what) == 0 &&
            strcmp(cJSON_GetArrayItem(rows, 0)->valuestring, row_a) == 0 &&
            strcmp(cJSON_GetArrayItem(rows, 1)->valuestring, row_b) == 0)
            return 1;
    }
    return 0;
}

/* ---- the committed files ------------------------------------------------------------------ */

static void page_tables_up_to_date(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
        char *page = src(pages[i].page), *facts = src(pages[i].facts);
        char *argv[] = {"gcnspec", "extract", "--tables", page, "--check", facts, NULL};
        /* a changed bit range is noticed */
        drift_check_and_tamper(argv, 5, pages[i].facts, "\"bits\": [1", 9, '2');
        free(page);
        free(facts);
    }
}

/* Each row quotes its line; each table's rows and unreadable rows are exactly the lines with a
 * '|' after its separator (counted here without the extractor). */
static void every_row_is_a_fact_at_its_line(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
        char *page = src(pages[i].page), *text;
        cJSON *facts = load(pages[i].facts);
        const cJSON *t, *r;
        text_lines lines;
        size_t len;
        int tables = 0;
        text = file_read(page, &len);
        assert_non_null(text);
        lines_split(&lines, text, len);
        cJSON_ArrayForEach(t, cJSON_GetObjectItem(facts, "tables"))
        {
            const char *from = str_of(t, "from");
            unsigned long head = strtoul(strrchr(from, ':') + 1, NULL, 10), l;
            int want = 0, got = 0;
            const char *lists[] = {"rows", "unreadable"};
            size_t k;
            assert_non_null(strchr(lines_at(&lines, head), '|'));
            for (l = head + 2; strchr(lines_at(&lines, l), '|'); l++)
                want++;
            for (k = 0; k < 2; k++) {
                cJSON_ArrayForEach(r, cJSON_GetObjectItem(t, lists[k]))
                {
                    const char *rf = str_of(r, "from");
                    assert_string_equal(lines_at(&lines, strtoul(strrchr(rf, ':') + 1, NULL, 10)),
                                        str_of(r, "row"));
                    got++;
                }
            }
            assert_int_equal(got, want);
            tables++;
        }
        assert_true(tables >= 5);
        lines_free(&lines);
        cJSON_Delete(facts);
        free(text);
        free(page);
    }
}

static void the_pages_tables_read(void **state)
{
    cJSON *sd = load("spec/sdwadpp-page.json"), *st = load("spec/state-page.json");
    const cJSON *t, *r;
    (void)state;
    /* SDWA: twelve fields, DST_SEL at 8-10; SRC0_SEL given twice (the second is SRC1's) */
    t = table_at(sd, "GcnSdwaDpp.md:14");
    assert_string_equal(str_of(t, "kind"), "fields");
    assert_string_equal(str_of(t, "section"), "VOP_SDWA");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 12);
    r = cJSON_GetArrayItem(cJSON_GetObjectItem(t, "rows"), 1);
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "bits"), 0)->valueint, 8);
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "bits"), 1)->valueint, 10);
    assert_true(has_check(sd, "name-twice", "GcnSdwaDpp.md:20", "GcnSdwaDpp.md:24"));
    /* DPP_CTRL: twelve rows; DPP_ROW_SL{1:15} over 0x101-0x10f */
    t = table_at(sd, "GcnSdwaDpp.md:214");
    assert_string_equal(str_of(t, "kind"), "values");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 12);
    r = cJSON_GetArrayItem(cJSON_GetObjectItem(t, "rows"), 1);
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "values"), 0)->valueint, 0x101);
    assert_string_equal(str_of(cJSON_GetObjectItem(r, "names"), "prefix"), "DPP_ROW_SL");
    /* the SDWA selects: seven values */
    t = table_at(sd, "GcnSdwaDpp.md:35");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 7);
    /* STATUS: SCC at bit 1 over SPI_PRIO 1-2; the MODE table captioned as STATUS's */
    assert_true(has_check(st, "fields-overlap", "GcnState.md:68", "GcnState.md:69"));
    assert_true(has_check(st, "caption-names-another-section", "GcnState.md:95", "GcnState.md:62"));
    t = table_at(st, "GcnState.md:97");
    assert_string_equal(str_of(t, "section"), "MODE Register");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 9);
    /* a row whose last cell is empty is read: EXPCNT's description */
    t = table_at(st, "GcnState.md:8");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "unreadable")), 0);
    cJSON_Delete(sd);
    cJSON_Delete(st);
}

/* ---- small pages -------------------------------------------------------------------------- */

static cJSON *extract(const char *text, gcn_status want, gcn_diag *diag)
{
    cJSON *out = NULL;
    gcn_diag_clear(diag);
    if (gcn_extract_page_tables_text("Page.md", text, strlen(text), &out, diag) != want)
        fail_msg("unexpected status (%s:%u: %s)", diag->file, diag->line, diag->msg);
    return out;
}

static void rows_checks_and_unreadable_rows(void **state)
{
    static const char *const page = "## A page\n"                   /* 1 */
                                    "### ONE Register\n"            /* 2 */
                                    "Fields of the TWO Register:\n" /* 3 */
                                    "\n"                            /* 4 */
                                    "Bits | Name | Description\n"   /* 5 */
                                    "-----|------|------------\n"   /* 6 */
                                    "0-3  | A    | a\n"             /* 7 */
                                    "3    | B    | b (GCN 1.2)\n"   /* 8: over A */
                                    "4    | A    | again\n"         /* 9: A twice */
                                    "x-5  | C    | c\n"             /* 10: no bits */
                                    "6    | D\n"                    /* 11: 2 cells */
                                    "7    | E    | e | f\n"         /* 12: 4 cells */
                                    "\n"                            /* 13 */
                                    "### TWO Register\n"            /* 14 */
                                    "Value | Name | Note\n"         /* 15 */
                                    "------|------|-----\n"         /* 16 */
                                    "0x10-0x12 | X{1:3} | x\n"      /* 17 */
                                    "0x12 | Y |\n"                  /* 18: over X, empty note */
                                    "0x20-0x21 | Z{1:3} | z\n"      /* 19: 3 names, 2 values */
                                    "0x2g | W | w\n";               /* 20: no value */
    gcn_diag diag;
    cJSON *f = extract(page, GCN_OK, &diag);
    const cJSON *t = table_at(f, "Page.md:5"), *u;
    (void)state;
    assert_string_equal(str_of(t, "section"), "ONE Register");
    assert_string_equal(str_of(t, "caption"), "Fields of the TWO Register:");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 3);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "unreadable")), 3);
    u = cJSON_GetArrayItem(cJSON_GetObjectItem(t, "unreadable"), 1);
    assert_string_equal(str_of(u, "why"), "2 cells where the header has 3");
    assert_string_equal(
        cJSON_GetArrayItem(
            cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(t, "rows"), 1), "gens"), 0)
            ->valuestring,
        "gcn1.2");
    assert_true(has_check(f, "fields-overlap", "Page.md:7", "Page.md:8"));
    assert_true(has_check(f, "name-twice", "Page.md:7", "Page.md:9"));
    assert_true(has_check(f, "caption-names-another-section", "Page.md:3", "Page.md:14"));
    t = table_at(f, "Page.md:15");
    assert_string_equal(str_of(t, "kind"), "values");
    assert_null(cJSON_GetObjectItem(t, "caption")->valuestring);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows")), 2);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t, "unreadable")), 2);
    assert_string_equal(str_of(cJSON_GetArrayItem(cJSON_GetObjectItem(t, "unreadable"), 0), "why"),
                        "the name range gives 3 names for 2 values");
    assert_true(has_check(f, "values-overlap", "Page.md:17", "Page.md:18"));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "checks")), 4);
    cJSON_Delete(f);
    /* no table at all */
    assert_null(extract("# Title\n\nprose only\n", GCN_ERR_SYNTAX, &diag));
    assert_int_equal(diag.line, 1);
    assert_string_equal(diag.file, "Page.md");
}

static void cli_needs_an_output(void **state)
{
    char *page = src("documents/clrx/GcnState.md");
    char *argv[] = {"gcnspec", "extract", "--tables", page, NULL};
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_int_equal(r.exit_code, 2);
    gcn_proc_result_free(&r);
    free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(page_tables_up_to_date), cmocka_unit_test(every_row_is_a_fact_at_its_line),
        cmocka_unit_test(the_pages_tables_read),  cmocka_unit_test(rows_checks_and_unreadable_rows),
        cmocka_unit_test(cli_needs_an_output),
    };
    return cmocka_run_group_tests_name("extract_page_tables", tests, NULL, NULL);
}
