/* The operand-code page's facts (spec/operands-page.json): re-extracting GcnOperands.md
 * reproduces them; every fact quotes the document line it names; every table row is read or
 * kept as unreadable; and on small pages, each way a row can fail to read becomes an
 * unreadable-row fact while qualifiers, name ranges and alignment rules read as written. */
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

#include "spec/extract/operands.h"
#include "test_support.h"

static char *src(const char *rel)
{
    return path_join2(test_source_dir(), rel);
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

static cJSON *extract(const char *text, gcn_status want)
{
    cJSON *out = NULL;
    gcn_diag diag;
    gcn_status st;
    gcn_diag_clear(&diag);
    st = gcn_extract_operands_text("Page.md", text, strlen(text), &out, &diag);
    if (st != want)
        fail_msg("status %d, expected %d (%s:%u: %s)", (int)st, (int)want, diag.file, diag.line,
                 diag.msg);
    return out;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, key));
    if (!s)
        fail_msg("no string '%s'", key);
    return s;
}

/* The fact read off the row at "Page.md:<line>". */
static const cJSON *row_at(const cJSON *facts, const char *list, unsigned line)
{
    char from[32];
    const cJSON *r;
    snprintf(from, sizeof(from), "Page.md:%u", line);
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(facts, list))
    {
        if (strcmp(str_of(r, "from"), from) == 0)
            return r;
    }
    fail_msg("no %s fact at %s", list, from);
    return NULL;
}

static void gens_are(const cJSON *row, const char *want)
{
    char got[128] = "";
    const cJSON *g;
    cJSON_ArrayForEach(g, cJSON_GetObjectItem(row, "gens"))
    {
        if (got[0])
            strcat(got, ",");
        strcat(got, g->valuestring);
    }
    assert_string_equal(got, want);
}

/* ---- the committed file ------------------------------------------------------------------- */

static void page_facts_up_to_date(void **state)
{
    char *page = src("documents/clrx/GcnOperands.md"), *facts = src("spec/operands-page.json");
    char *argv[] = {"gcnspec", "extract", "--operands", page, "--check", facts, NULL};
    (void)state;
    /* a changed generation is noticed */
    drift_check_and_tamper(argv, 5, "spec/operands-page.json (from GcnOperands.md)",
                           "\"gens\": [\"gcn1.4\"]", 15, '2');
    free(page);
    free(facts);
}

/* Every fact quotes its line; every row between the code table's separator and the next line
 * without a '|' is a fact, read or unreadable (counted here without the extractor). */
static void every_row_is_a_fact_at_its_line(void **state)
{
    char *page = src("documents/clrx/GcnOperands.md"), *path = src("spec/operands-page.json");
    size_t len, plen, i;
    char *text = file_read(page, &len), *ftext = file_read(path, &plen);
    cJSON *facts, *r;
    text_lines t;
    int rows = 0, facts_n = 0, in_table = 0;
    const char *lists[] = {"codes", "unreadable"};
    (void)state;
    assert_non_null(text);
    assert_non_null(ftext);
    facts = cJSON_ParseWithLength(ftext, plen);
    assert_non_null(facts);
    lines_split(&t, text, len);
    for (i = 1; i <= t.n; i++) {
        const char *l = lines_at(&t, i);
        if (strstr(l, "Code") && strstr(l, "Name") && strstr(l, "Description") && strchr(l, '|')) {
            in_table = 1;
            i++; /* the separator */
            continue;
        }
        if (in_table && !strchr(l, '|'))
            in_table = 0;
        rows += in_table;
    }
    for (i = 0; i < 2; i++) {
        cJSON_ArrayForEach(r, cJSON_GetObjectItem(facts, lists[i]))
        {
            const char *from = str_of(r, "from"), *colon = strrchr(from, ':');
            assert_non_null(colon);
            assert_string_equal(lines_at(&t, strtoul(colon + 1, NULL, 10)), str_of(r, "row"));
            facts_n++;
        }
    }
    assert_true(rows > 50);
    assert_int_equal(facts_n, rows);
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(facts, "alignment"))
    {
        const char *from = str_of(r, "from"), *colon = strrchr(from, ':');
        assert_non_null(strstr(lines_at(&t, strtoul(colon + 1, NULL, 10)), str_of(r, "quote")));
    }
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(facts, "alignment")), 2);
    lines_free(&t);
    cJSON_Delete(facts);
    free(text);
    free(ftext);
    free(page);
    free(path);
}

/* ---- small pages -------------------------------------------------------------------------- */

static const char *const good_page =
    "### Operand encoding\n"                                               /* 1 */
    "\n"                                                                   /* 2 */
    "**Important**: Two SGPR's must be aligned to 2. Four or more SGPR's " /* 3 */
    "must be aligned to 4.\n"
    "Odd SGPR's can be unaligned sometimes.\n"                 /* 4 */
    "\n"                                                       /* 5 */
    "Code     | Name              | Description\n"             /* 6 */
    "---------|-------------------|-------------\n"            /* 7 */
    "0-9      | S0 - S9           | SGPR's (GCN1.0/1.1)\n"     /* 8 */
    "10-11    | PAIR              | A pair (GCN 1.4)\n"        /* 9 */
    "12       | ONE               | One register\n"            /* 10 */
    "13-20    | -                 | reserved\n"                /* 11 */
    "21-22    | --                | an extra dword (GCN1.2)\n" /* 12 */
    "23-24    | -1 - -2           | constants\n"               /* 13 */
    "25-27    | V0-V2             | VGPR's\n"                  /* 14 */
    "\n"                                                       /* 15 */
    "Value | Format\n"                                         /* 16 */
    "------|-------\n"                                         /* 17 */
    "0     | byte\n";                                          /* 18 */

static void rows_read_as_written(void **state)
{
    cJSON *f = extract(good_page, GCN_OK);
    const cJSON *r, *names;
    (void)state;
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "codes")), 7);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "unreadable")), 0);
    r = row_at(f, "codes", 8);
    assert_string_equal(str_of(r, "name_kind"), "range");
    names = cJSON_GetObjectItem(r, "names");
    assert_string_equal(str_of(names, "prefix"), "S");
    assert_int_equal(cJSON_GetObjectItem(names, "last")->valueint, 9);
    assert_string_equal(str_of(r, "qualifier"), "GCN1.0/1.1");
    gens_are(r, "gcn1.0,gcn1.1");
    r = row_at(f, "codes", 9);
    assert_string_equal(str_of(r, "name_kind"), "wide");
    gens_are(r, "gcn1.4");
    /* no qualifier: every generation the page names */
    r = row_at(f, "codes", 10);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(r, "qualifier")));
    gens_are(r, "gcn1.0,gcn1.1,gcn1.2,gcn1.4");
    r = row_at(f, "codes", 11);
    assert_string_equal(str_of(r, "name_kind"), "none");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "reserved")));
    r = row_at(f, "codes", 12);
    assert_string_equal(str_of(r, "name_kind"), "none");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(r, "reserved")));
    r = row_at(f, "codes", 13);
    assert_string_equal(str_of(cJSON_GetObjectItem(r, "names"), "prefix"), "-");
    r = row_at(f, "codes", 14);
    assert_string_equal(str_of(cJSON_GetObjectItem(r, "names"), "prefix"), "V");
    /* one code table; the Value | Format table is no operand-code table */
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "tables")), 1);
    /* two rules in regular form; the other sentence on alignment stays prose */
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "alignment")), 2);
    r = cJSON_GetArrayItem(cJSON_GetObjectItem(f, "alignment"), 1);
    assert_int_equal(cJSON_GetObjectItem(r, "count")->valueint, 4);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(r, "or_more")));
    assert_int_equal(cJSON_GetObjectItem(r, "align")->valueint, 4);
    assert_string_equal(str_of(r, "registers"), "SGPR");
    r = cJSON_GetArrayItem(cJSON_GetObjectItem(f, "alignment_prose"), 0);
    assert_non_null(r);
    assert_string_equal(str_of(r, "from"), "Page.md:4");
    cJSON_Delete(f);
}

static void bad_rows_become_unreadable_facts(void **state)
{
    static const char *const page = "Code | Name | Description\n" /* 1 */
                                    "-----|------|------------\n" /* 2 */
                                    "0-3  | S0 - S2 | SGPR's\n"   /* 3: 3 names, 4 codes */
                                    "4x   | A | a\n"              /* 4: no code */
                                    "9-5  | B | b\n"              /* 5: backwards */
                                    "6    | C | c | extra\n"      /* 6: 4 cells */
                                    "7    | D | d (GCN1.x)\n"     /* 7: no generation */
                                    "8    |   | nameless\n"       /* 8: no name */
                                    "10   | E | e (GCN 1.2)\n";   /* 9: fine */
    cJSON *f = extract(page, GCN_OK);
    unsigned line;
    (void)state;
    for (line = 3; line <= 8; line++) {
        const cJSON *u = row_at(f, "unreadable", line);
        assert_true(strlen(str_of(u, "why")) > 0);
    }
    assert_string_equal(str_of(row_at(f, "unreadable", 3), "why"),
                        "the name range gives 3 names for 4 codes");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "codes")), 1);
    gens_are(row_at(f, "codes", 9), "gcn1.2");
    cJSON_Delete(f);
}

static void a_page_without_a_code_table_is_an_error(void **state)
{
    cJSON *out = NULL;
    gcn_diag diag;
    static const char *const page = "# Hello\n\nValue | Format\n------|------\n0 | x\n";
    (void)state;
    gcn_diag_clear(&diag);
    assert_int_equal(gcn_extract_operands_text("Page.md", page, strlen(page), &out, &diag),
                     GCN_ERR_SYNTAX);
    assert_null(out);
    assert_string_equal(diag.file, "Page.md");
    assert_int_equal(diag.line, 1);
    assert_non_null(strstr(diag.msg, "Code | Name | Description"));
}

/* Through the CLI: bad input is file:line: message and exit 1, never a crash. */
static void cli_bad_input(void **state)
{
    char *dir = tmpdir_make(), *empty = path_join2(dir, "Empty.md"),
         *nul = path_join2(dir, "Nul.md"), *none = path_join2(dir, "None.md"),
         *out = path_join2(dir, "out.json");
    char *argv[] = {"gcnspec", "extract", "--operands", NULL, "-o", out, NULL};
    char *pages[] = {empty, nul, none};
    gcn_proc_result r;
    unsigned line, col, i;
    (void)state;
    file_write(empty, "# Nothing\n", 10);
    {
        static const char with_nul[] = "Code | Name | Description\n---|---|---\n0 | \0 | x\n";
        file_write(nul, with_nul, sizeof(with_nul) - 1);
    }
    for (i = 0; i < 3; i++) {
        argv[3] = pages[i];
        gcnspec_run(argv, &r);
        assert_false(proc_crashed(&r));
        assert_int_equal(r.exit_code, 1);
        if (i < 2 && !diag_line(err_of(&r), ".md", &line, &col))
            fail_msg("no file:line: in\n%s", err_of(&r));
        if (i == 2 && !strstr(err_of(&r), "None.md"))
            fail_msg("the missing page is not named:\n%s", err_of(&r));
        assert_false(file_exists(out));
        gcn_proc_result_free(&r);
    }
    {
        char *bad[] = {"gcnspec", "extract", "--cross-check", NULL};
        gcnspec_run(bad, &r);
        assert_int_equal(r.exit_code, 2);
        gcn_proc_result_free(&r);
    }
    tmpdir_remove(dir);
    free(dir);
    free(empty);
    free(nul);
    free(none);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(page_facts_up_to_date),
        cmocka_unit_test(every_row_is_a_fact_at_its_line),
        cmocka_unit_test(rows_read_as_written),
        cmocka_unit_test(bad_rows_become_unreadable_facts),
        cmocka_unit_test(a_page_without_a_code_table_is_an_error),
        cmocka_unit_test(cli_bad_input),
    };
    return cmocka_run_group_tests_name("extract_operands", tests, NULL, NULL);
}
