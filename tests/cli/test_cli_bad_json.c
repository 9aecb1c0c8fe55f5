/* gcnspec on broken JSON inputs: a facts.json for `errata --facts` and `resolve --facts`, an
 * errata.json for `resolve --errata` (and `errata --errata`). Each must name the file and the
 * line (and column, for syntax) of the fault, exit 1, not crash and write nothing. And
 * `resolve` with an empty errata list lists every unresolved blocking finding. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"
#include "spec/model/facts.h"
#include "spec/model/pages.h"
#include "spec/triage/findings.h"
#include "spec/triage/pseudo_env.h"
#include "util/json.h"

static char *facts_text, *errata_text;
static char *facts_path, *errata_path, *curated_dir;

static int setup(void **state)
{
    (void)state;
    facts_path = path_join2(test_source_dir(), "spec/facts.json");
    errata_path = path_join2(test_source_dir(), "spec/errata.json");
    curated_dir = path_join2(test_source_dir(), "spec/curated");
    facts_text = file_read(facts_path, NULL);
    errata_text = file_read(errata_path, NULL);
    assert_non_null(facts_text);
    assert_non_null(errata_text);
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    free(facts_text);
    free(errata_text);
    free(facts_path);
    free(errata_path);
    free(curated_dir);
    return 0;
}

/* ---- text helpers --------------------------------------------------------------------------- */

static unsigned line_at(const char *text, const char *at)
{
    unsigned l = 1;
    const char *p;
    for (p = text; p < at; p++)
        l += *p == '\n';
    return l;
}

/* Column (in characters, 1-based) of `at` on its line. */
static unsigned col_at(const char *text, const char *at)
{
    const char *p = at;
    unsigned c = 1;
    while (p > text && p[-1] != '\n')
        p--;
    for (; p < at; p++)
        if (((unsigned char)*p & 0xC0) != 0x80)
            c++;
    return c;
}

static char *replace_first(const char *s, const char *from, const char *to, const char **where)
{
    const char *at = strstr(s, from);
    size_t a, b, c;
    char *out;
    if (!at)
        fail_msg("no '%s' to replace", from);
    a = (size_t)(at - s);
    b = strlen(to);
    c = strlen(at + strlen(from));
    out = malloc(a + b + c + 1);
    assert_non_null(out);
    memcpy(out, s, a);
    memcpy(out + a, to, b);
    memcpy(out + a + b, at + strlen(from), c + 1);
    if (where)
        *where = out + a;
    return out;
}

/* The line of the '{' that opens the object whose first key starts at `key`. */
static unsigned object_line(const char *text, const char *key)
{
    const char *p = key;
    while (p > text && (p[-1] == ' ' || p[-1] == '\n'))
        p--;
    if (p == text || p[-1] != '{')
        fail_msg("'%.20s' is not the first key of an object", key);
    return line_at(text, p - 1);
}

static char *scratch_file(const char *name, const char *text)
{
    static unsigned n;
    char dir[64], *d, *path;
    snprintf(dir, sizeof(dir), "json%u", ++n);
    d = path_join2(cli_scratch(), dir);
    assert_int_equal(mkdir(d, 0755), 0);
    path = path_join2(d, name);
    file_write(path, text, strlen(text));
    free(d);
    return path;
}

static char *sibling(const char *path, const char *name)
{
    char *dir = strdup(path), *slash = strrchr(dir, '/'), *p;
    *slash = 0;
    p = path_join2(dir, name);
    free(dir);
    return p;
}

/* ---- facts.json ----------------------------------------------------------------------------- */

/* The broken facts file is refused by errata --facts and resolve --facts, at want_line
 * (want_col when not 0); neither writes anything, and an earlier gcn.json survives. */
static void expect_bad_facts(const char *text, unsigned want_line, unsigned want_col)
{
    char *facts = scratch_file("facts.json", text);
    char *out = sibling(facts, "reports"), *gcn = sibling(facts, "gcn.json");
    gcn_proc_result r;
    unsigned line, col = 0;
    cli_run(&r, "errata", "--facts", facts, "--errata", "none", "--out", out, NULL);
    line = expect_input_error(&r, "facts.json", want_line);
    if (want_col) {
        assert_true(diag_line(r.err.data, "facts.json", &line, &col));
        assert_int_equal(col, want_col);
    }
    gcn_proc_result_free(&r);
    expect_absent(out);
    cli_run(&r, "resolve", "--facts", facts, "--errata", errata_path, "--curated", curated_dir,
            "-o", gcn, NULL);
    expect_input_error(&r, "facts.json", line);
    gcn_proc_result_free(&r);
    expect_absent(gcn);
    file_write(gcn, "earlier\n", 8);
    cli_run(&r, "resolve", "--facts", facts, "--errata", errata_path, "--curated", curated_dir,
            "-o", gcn, NULL);
    expect_input_error(&r, "facts.json", line);
    gcn_proc_result_free(&r);
    expect_unchanged(gcn, "earlier\n");
    free(facts);
    free(out);
    free(gcn);
}

/* The first opcode-row fact's line, and an edit on it. */
static char *edit_fact(const char *from, const char *to, unsigned *line)
{
    const char *row = strstr(facts_text, "\"kind\": \"opcode-row\""), *at;
    const char *bol = row;
    char *s, *prefix;
    size_t n;
    assert_non_null(row);
    while (bol > facts_text && bol[-1] != '\n')
        bol--;
    /* replace within the fact's line only */
    at = strstr(bol, from);
    assert_non_null(at);
    assert_true(memchr(bol, '\n', (size_t)(at - bol)) == NULL);
    n = (size_t)(at - facts_text);
    prefix = malloc(n + 1);
    memcpy(prefix, facts_text, n);
    prefix[n] = 0;
    s = malloc(strlen(facts_text) + strlen(to) + 1);
    sprintf(s, "%s%s%s", prefix, to, at + strlen(from));
    free(prefix);
    *line = line_at(facts_text, bol);
    return s;
}

static void test_facts_syntax_error(void **state)
{
    unsigned line;
    char *s = edit_fact("\", \"kind\"", "\" \"kind\"", &line);
    const char *at = strstr(s, "\" \"kind\"");
    (void)state;
    /* cJSON stops at the key that follows the missing comma */
    expect_bad_facts(s, line, col_at(s, at + 2));
    free(s);
}

static void test_facts_truncated(void **state)
{
    size_t n = strlen(facts_text) / 2;
    char *s = strndup(facts_text, n);
    (void)state;
    expect_bad_facts(s, 0, 0);
    free(s);
}

static void test_facts_wrong_type(void **state)
{
    unsigned line;
    char *s = edit_fact("\"kind\": \"opcode-row\"", "\"kind\": 7", &line);
    char *t;
    const char *at;
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
    /* an array where an object is expected: the facts list */
    t = replace_first(facts_text, "\"facts\": [", "\"facts\": 12, \"x\": [", &at);
    expect_bad_facts(t, line_at(t, at), 0);
    free(t);
    /* a count that is not a number */
    t = replace_first(facts_text, "\"lines\": ", "\"lines\": true, \"l\": ", &at);
    expect_bad_facts(t, line_at(t, at), 0);
    free(t);
}

static void test_facts_missing_key(void **state)
{
    unsigned line;
    char *s = edit_fact("\"kind\": \"opcode-row\", ", "", &line);
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
}

static void test_facts_duplicate_key(void **state)
{
    unsigned line;
    char *s = edit_fact("\"kind\": \"opcode-row\", ",
                        "\"kind\": \"opcode-row\", \"kind\": \"opcode-row\", ", &line);
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
}

static void test_facts_unknown_kind(void **state)
{
    unsigned line;
    char *s = edit_fact("\"kind\": \"opcode-row\"", "\"kind\": \"opcode-rows\"", &line);
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
}

/* Replaces the value of the first `"key": ` after `from` up to the next `stop` character. */
static char *replace_value(const char *text, const char *from, const char *key, char stop,
                           const char *with, unsigned *line)
{
    const char *k = strstr(strstr(text, from), key), *v, *e;
    size_t a, b;
    char *s;
    assert_non_null(k);
    v = k + strlen(key);
    e = strchr(v, stop);
    assert_non_null(e);
    a = (size_t)(v - text);
    b = strlen(e);
    s = malloc(a + strlen(with) + b + 1);
    assert_non_null(s);
    memcpy(s, text, a);
    strcpy(s + a, with);
    strcat(s, e);
    *line = line_at(text, k);
    return s;
}

static void test_facts_bad_at(void **state)
{
    unsigned line;
    /* "at": "<file>:forty-two" */
    char *s = replace_value(facts_text, "\"kind\": \"opcode-row\"", "\"at\": \"", '"',
                            "000_b50c7630dc28dbb3.txt:forty-two", &line);
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
}

static void test_facts_not_an_object(void **state)
{
    char *s;
    const char *at;
    (void)state;
    expect_bad_facts("[]\n", 1, 0);
    expect_bad_facts("", 1, 0);
    s = replace_first(facts_text, "gcnspec-facts/1", "gcnspec-facts/2", &at);
    expect_bad_facts(s, 0, 0);
    free(s);
}

static void test_facts_bits_out_of_range(void **state)
{
    /* a number far beyond any bit position must be refused, not converted */
    unsigned line;
    char *s = replace_value(facts_text, "\"kind\": \"field\"", "\"bits\": [", ',', "1e300", &line);
    (void)state;
    expect_bad_facts(s, line, 0);
    free(s);
}

/* ---- errata.json ---------------------------------------------------------------------------- */

/* The committed errata with one change made through cJSON, printed as gcnspec prints. */
typedef void (*errata_edit)(cJSON *root);

static char *edited_errata(errata_edit edit)
{
    cJSON *root = cJSON_Parse(errata_text);
    char *s;
    assert_non_null(root);
    edit(root);
    s = gcn_json_print(root);
    assert_non_null(s);
    cJSON_Delete(root);
    return s;
}

static cJSON *erratum(cJSON *root, int i)
{
    cJSON *e = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "errata"), i);
    assert_non_null(e);
    return e;
}

static void expect_bad_errata(const char *text, unsigned want_line, unsigned want_col,
                              const char *say)
{
    char *errata = scratch_file("errata.json", text);
    char *gcn = sibling(errata, "gcn.json"), *out = sibling(errata, "reports");
    gcn_proc_result r;
    unsigned line, col = 0;
    cli_run(&r, "resolve", "--facts", facts_path, "--errata", errata, "--curated", curated_dir,
            "-o", gcn, NULL);
    line = expect_input_error(&r, "errata.json", want_line);
    if (want_col) {
        assert_true(diag_line(r.err.data, "errata.json", &line, &col));
        assert_int_equal(col, want_col);
    }
    if (say && !strstr(r.err.data, say))
        fail_msg("the message does not say '%s':\n%s", say, r.err.data);
    gcn_proc_result_free(&r);
    expect_absent(gcn);
    file_write(gcn, "earlier\n", 8);
    cli_run(&r, "resolve", "--facts", facts_path, "--errata", errata, "--curated", curated_dir,
            "-o", gcn, NULL);
    expect_input_error(&r, "errata.json", line);
    gcn_proc_result_free(&r);
    expect_unchanged(gcn, "earlier\n");
    /* the errata reports read it too; earlier reports stay as they were */
    cli_run(&r, "errata", "--facts", facts_path, "--errata", errata, "--out", out, NULL);
    expect_input_error(&r, "errata.json", line);
    gcn_proc_result_free(&r);
    expect_absent(out);
    {
        char *old = path_join2(out, "errata.json");
        assert_int_equal(mkdir(out, 0755), 0);
        file_write(old, "earlier\n", 8);
        cli_run(&r, "errata", "--facts", facts_path, "--errata", errata, "--out", out, NULL);
        expect_input_error(&r, "errata.json", line);
        gcn_proc_result_free(&r);
        expect_unchanged(old, "earlier\n");
        expect_no_temp_files(out);
        free(old);
    }
    free(errata);
    free(gcn);
    free(out);
}

static void set_str(cJSON *o, const char *key, const char *value)
{
    assert_non_null(cJSON_GetObjectItemCaseSensitive(o, key));
    cJSON_ReplaceItemInObjectCaseSensitive(o, key, cJSON_CreateString(value));
}

static void edit_category(cJSON *root)
{
    set_str(erratum(root, 0), "category", "opcode-conflicts");
}

static void test_errata_unknown_category(void **state)
{
    char *s = edited_errata(edit_category);
    const char *at = strstr(s, "\"category\": \"opcode-conflicts\"");
    (void)state;
    expect_bad_errata(s, line_at(s, at), 0, "opcode-conflicts");
    free(s);
}

static void edit_op(cJSON *root)
{
    cJSON *d =
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(erratum(root, 0), "decisions"), 0);
    set_str(d, "op", "bogus-op");
}

static void test_errata_unknown_decision(void **state)
{
    char *s = edited_errata(edit_op);
    const char *at = strstr(s, "\"op\": \"bogus-op\"");
    (void)state;
    expect_bad_errata(s, object_line(s, at), 0, "bogus-op");
    free(s);
}

static const char missing_fact[] = "000_b50c7630dc28dbb3.txt:296:opcode-line";

static void edit_fact_id(cJSON *root)
{
    cJSON *facts = cJSON_GetObjectItemCaseSensitive(erratum(root, 0), "facts");
    cJSON_ReplaceItemInArray(facts, 0, cJSON_CreateString(missing_fact));
}

static void test_errata_missing_fact(void **state)
{
    char *s = edited_errata(edit_fact_id);
    const char *at = strstr(s, "\"id\": \"E001\"");
    (void)state;
    expect_bad_errata(s, object_line(s, at), 0, missing_fact);
    free(s);
}

static void edit_quote(cJSON *root)
{
    cJSON *q = cJSON_GetArrayItem(
        cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(erratum(root, 0), "evidence"), "quotes"),
        0);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(q, "text")),
                        "Opcode: 11 (0xb)");
    set_str(q, "text", "Opcode: 13 (0xb)");
}

static void test_errata_wrong_quote(void **state)
{
    char *s = edited_errata(edit_quote);
    const char *at = strstr(s, "\"text\": \"Opcode: 13 (0xb)\"");
    (void)state;
    /* the quote object opens two lines above its text ("at" comes first) */
    at = strstr(s, "\"at\": \"000_b50c7630dc28dbb3.txt:295\"");
    expect_bad_errata(s, object_line(s, at), 0, "Opcode: 13 (0xb)");
    free(s);
}

static void edit_quote_at(cJSON *root)
{
    cJSON *q = cJSON_GetArrayItem(
        cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(erratum(root, 0), "evidence"), "quotes"),
        0);
    /* the right words, the wrong line */
    set_str(q, "at", "000_b50c7630dc28dbb3.txt:296");
}

static void test_errata_quote_elsewhere(void **state)
{
    char *s = edited_errata(edit_quote_at);
    const char *at = strstr(s, "\"at\": \"000_b50c7630dc28dbb3.txt:296\"");
    (void)state;
    expect_bad_errata(s, object_line(s, at), 0, "Opcode: 11 (0xb)");
    free(s);
}

static void edit_no_decisions(cJSON *root)
{
    cJSON_DeleteItemFromObjectCaseSensitive(erratum(root, 0), "decisions");
}

static void edit_empty_decisions(cJSON *root)
{
    cJSON_ReplaceItemInObjectCaseSensitive(erratum(root, 0), "decisions", cJSON_CreateArray());
}

static void test_errata_missing_decision(void **state)
{
    char *s = edited_errata(edit_no_decisions), *t = edited_errata(edit_empty_decisions);
    (void)state;
    expect_bad_errata(s, object_line(s, strstr(s, "\"id\": \"E001\"")), 0, "decisions");
    expect_bad_errata(t, object_line(t, strstr(t, "\"id\": \"E001\"")), 0, "E001");
    free(s);
    free(t);
}

static void edit_unknown_key(cJSON *root)
{
    cJSON_AddStringToObject(erratum(root, 0), "decison", "typo");
}

static void test_errata_unknown_key(void **state)
{
    char *s = edited_errata(edit_unknown_key);
    (void)state;
    expect_bad_errata(s, line_at(s, strstr(s, "\"decison\"")), 0, "decison");
    free(s);
}

static void edit_duplicate_id(cJSON *root)
{
    set_str(erratum(root, 1), "id", "E001");
}

static void test_errata_duplicate_id(void **state)
{
    char *s = edited_errata(edit_duplicate_id);
    const char *second = strstr(strstr(s, "\"id\": \"E001\"") + 1, "\"id\": \"E001\"");
    (void)state;
    expect_bad_errata(s, object_line(s, second), 0, "E001");
    free(s);
}

static void edit_gens(cJSON *root)
{
    cJSON *d =
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(erratum(root, 0), "decisions"), 0);
    cJSON *g = cJSON_CreateArray();
    cJSON_AddItemToArray(g, cJSON_CreateString("gcn2.0"));
    cJSON_AddItemToObject(d, "gens", g);
}

static void test_errata_unknown_generation(void **state)
{
    char *s = edited_errata(edit_gens);
    (void)state;
    expect_bad_errata(s, object_line(s, strstr(s, "\"op\": \"opcode\"")), 0, "gcn2.0");
    free(s);
}

static void edit_nothing(cJSON *root)
{
    (void)root;
}

static void test_errata_syntax_error(void **state)
{
    char *ok = edited_errata(edit_nothing);
    const char *at;
    char *s = replace_first(ok, "\"category\": \"opcode-conflict\"",
                            "\"category\": opcode-conflict", &at);
    (void)state;
    /* the unquoted word: its line and column */
    at = strstr(s, ": opcode-conflict") + 2;
    expect_bad_errata(s, line_at(s, at), col_at(s, at), NULL);
    free(ok);
    free(s);
    expect_bad_errata("", 1, 0, NULL);
    expect_bad_errata("{\"schema\": \"gcnspec-errata/1\", \"errata\": [", 1, 0, NULL);
}

/* ---- the empty errata list ------------------------------------------------------------------ */

/* ---- curated/pages.json --------------------------------------------------------------------- */

/* pages.json with one entry (entry: its JSON object) is refused by gcn_facts_add_pages with a
 * message holding want; "further" says whether an encoding's pages are newer versions of a
 * seed's (DS, SOP1, SMEM) or pages of an encoding the seeds lack. */
static void expect_bad_pages(const char *entry, const char *want)
{
    char text[512], *list, *dir, *pages;
    gcn_facts facts;
    gcn_diag d;
    snprintf(text, sizeof(text),
             "{\"schema\": \"gcnspec-curated/1\", \"topic\": \"pages\", \"title\": \"t\",\n"
             " \"source\": \"s\", \"encodings\": [\n  %s\n]}\n",
             entry);
    list = scratch_file("pages.json", text);
    dir = sibling(list, "");
    dir[strlen(dir) - 1] = 0; /* the directory, without the slash sibling() ends it with */
    pages = path_join2(test_source_dir(), "spec/facts-clrx.json");
    assert_int_equal(gcn_facts_load(&facts, facts_path, &d), GCN_OK);
    gcn_diag_clear(&d);
    assert_int_equal(gcn_facts_add_pages(&facts, pages, NULL, dir, &d), GCN_ERR_INVALID);
    if (!strstr(d.msg, want))
        fail_msg("pages.json with %s: expected '%s' in '%s'", entry, want, d.msg);
    gcn_facts_free(&facts);
    free(pages);
    free(dir);
    free(list);
}

static void test_pages_further(void **state)
{
    (void)state;
    /* a seed's encoding needs "further"; one the seeds lack must not have it */
    expect_bad_pages("{\"encoding\": \"DS\", \"note\": \"n\"}", "list it with \"further\": true");
    expect_bad_pages("{\"encoding\": \"SOP2\", \"note\": \"n\", \"further\": true}",
                     "the seeds do not describe it");
    expect_bad_pages("{\"encoding\": \"SMEM\", \"note\": \"n\", \"further\": 1}",
                     "\"further\" must be true or false");
    /* a misspelt key, a form whose encoding no entry lists, a form without its source */
    expect_bad_pages("{\"encoding\": \"SOP2\", \"note\": \"n\", \"forms_pendng\": \"x\"}",
                     "forms_pendng");
    expect_bad_pages("{\"encoding\": \"SOP2\", \"note\": \"n\", \"forms_pending\": 1}",
                     "forms_pending");
    expect_bad_pages("{\"encoding\": \"VOPC\", \"note\": \"n\", \"form_opcodes_same\": "
                     "\"VOP4\", \"form_opcodes_same_source\": \"s\"}",
                     "form_opcodes_same names \"VOP4\", which no other entry lists");
    expect_bad_pages("{\"encoding\": \"VOPC\", \"note\": \"n\", \"form_opcodes_same\": "
                     "\"VOP3\"}, {\"encoding\": \"VOP3\", \"note\": \"n\"}",
                     "form_opcodes_same needs form_opcodes_same_source");
}

static void test_empty_errata_lists_unresolved(void **state)
{
    char *errata =
        scratch_file("errata.json", "{\"schema\": \"gcnspec-errata/1\", \"errata\": []}\n");
    char *gcn = sibling(errata, "gcn.json");
    gcn_proc_result r;
    gcn_facts facts;
    gcn_findings fs;
    gcn_diag d;
    size_t i, blocking = 0, listed = 0;
    const char *p;
    (void)state;
    cli_run(&r, "resolve", "--facts", facts_path, "--errata", errata, "--curated", curated_dir,
            "-o", gcn, NULL);
    assert_int_equal(r.exit_code, 1);
    expect_absent(gcn);
    /* the blocking findings, found here through the library with the same curated
     * pseudocode environment */
    assert_int_equal(gcn_facts_load(&facts, facts_path, &d), GCN_OK);
    {
        /* with the CLRX pages' encodings the resolve takes by default (curated/pages.json) */
        char *pages = path_join2(test_source_dir(), "spec/facts-clrx.json");
        char *root = path_join2(test_source_dir(), "documents/clrx");
        assert_int_equal(gcn_facts_add_pages(&facts, pages, root, curated_dir, &d), GCN_OK);
        free(pages);
        free(root);
    }
    {
        char *envpath = path_join2(curated_dir, "pseudocode.json");
        gcn_pseudo_env env;
        int have = file_exists(envpath);
        if (have)
            assert_int_equal(gcn_pseudo_env_load(&env, envpath, &d), GCN_OK);
        assert_int_equal(gcn_find_errata(&facts, have ? &env : NULL, &fs, &d), GCN_OK);
        if (have)
            gcn_pseudo_env_free(&env);
        free(envpath);
    }
    for (i = 0; i < fs.n; i++) {
        const gcn_finding *f = &fs.v[i];
        char want[4096];
        const char *hit, *bol;
        unsigned line = 0, k;
        int at_fact = 0;
        if (!gcn_finding_cat_blocking(f->cat))
            continue;
        blocking++;
        snprintf(want, sizeof(want), ": unresolved %s: %s\n", f->key, f->message);
        hit = strstr(r.err.data, want);
        if (!hit)
            fail_msg("stderr does not list %s", f->key);
        /* "file:line" before it is where one of the finding's facts is written */
        bol = hit;
        while (bol > r.err.data && bol[-1] != '\n')
            bol--;
        assert_true(diag_line(bol, NULL, &line, NULL));
        for (k = 0; k < f->facts.n; k++) {
            const gcn_fact *x = gcn_facts_find(&facts, f->facts.v[k]);
            size_t fl = strlen(x->file);
            if (x->line == line && (size_t)(hit - bol) > fl && strncmp(bol, x->file, fl) == 0 &&
                bol[fl] == ':')
                at_fact = 1;
        }
        if (!at_fact)
            fail_msg("%s is listed at '%.*s', none of its facts' places", f->key, (int)(hit - bol),
                     bol);
    }
    for (p = r.err.data; (p = strstr(p, ": unresolved ")) != NULL; p++)
        listed++;
    assert_true(blocking > 10);
    assert_int_equal(listed, blocking);
    gcn_findings_free(&fs);
    gcn_facts_free(&facts);
    gcn_proc_result_free(&r);
    free(errata);
    free(gcn);
}

/* argv[1], K/N: only the tests whose index is K modulo N (ctest runs the errata cases, a full
 * resolve each, as N tests side by side: one run took longer than a test's timeout under
 * ASan+UBSan on a loaded machine). */
int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facts_syntax_error),
        cmocka_unit_test(test_facts_truncated),
        cmocka_unit_test(test_facts_wrong_type),
        cmocka_unit_test(test_facts_missing_key),
        cmocka_unit_test(test_facts_duplicate_key),
        cmocka_unit_test(test_facts_unknown_kind),
        cmocka_unit_test(test_facts_bad_at),
        cmocka_unit_test(test_facts_not_an_object),
        cmocka_unit_test(test_facts_bits_out_of_range),
        cmocka_unit_test(test_errata_syntax_error),
        cmocka_unit_test(test_errata_unknown_category),
        cmocka_unit_test(test_errata_unknown_decision),
        cmocka_unit_test(test_errata_missing_fact),
        cmocka_unit_test(test_errata_wrong_quote),
        cmocka_unit_test(test_errata_quote_elsewhere),
        cmocka_unit_test(test_errata_missing_decision),
        cmocka_unit_test(test_errata_unknown_key),
        cmocka_unit_test(test_errata_duplicate_id),
        cmocka_unit_test(test_errata_unknown_generation),
        cmocka_unit_test(test_empty_errata_lists_unresolved),
        cmocka_unit_test(test_pages_further),
    };
    struct CMUnitTest mine[sizeof(tests) / sizeof(tests[0])];
    size_t i, n = 0;
    unsigned k = 0, of = 1;
    char end;
    if (argc > 2 ||
        (argc == 2 && (sscanf(argv[1], "%u/%u%c", &k, &of, &end) != 2 || of == 0 || k >= of))) {
        fprintf(stderr, "usage: test_cli_bad_json [K/N] (the tests whose index is K modulo N)\n");
        return 2;
    }
    for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
        if (i % of == k)
            mine[n++] = tests[i];
    return _cmocka_run_group_tests("cli_bad_json", mine, n, setup, teardown);
}
