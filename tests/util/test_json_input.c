/* gcn_json_load on bad and big inputs: each file of tests/util/bad/json/ is refused at its
 * fault's line:col with a message naming the fault's nature, and an object of 10^6 keys (with
 * one duplicate, at its end) is read in seconds, the duplicate named where it is. */
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
#include <time.h>

#include "../extract/test_support.h"
#include "util/buf.h"
#include "util/json.h"

/* What each bad file must give: where, and words of the message. */
static const struct bad_json {
    const char *file;
    unsigned line, col;
    const char *says;
} bad_json[] = {
    {"bad-literal.json", 1, 7, "expected a value"},
    {"blank.json", 4, 1, "empty file"},
    {"control-char.json", 1, 9, "control character in a string"},
    {"duplicate-key.json", 1, 10, "duplicate key \"a\""},
    {"empty.json", 1, 1, "empty file"},
    {"invalid-escape.json", 1, 13, "invalid escape"},
    {"invalid-number-dot.json", 1, 7, "invalid number: a digit must follow '.'"},
    {"invalid-number-exponent.json", 1, 7, "invalid number: a digit must follow the exponent"},
    {"invalid-number-leading-zero.json", 1, 12, "invalid number: no leading zeros"},
    {"invalid-number-minus.json", 1, 7, "invalid number: a digit must follow '-'"},
    {"invalid-number-plus.json", 1, 7, "invalid number"},
    {"invalid-unicode-escape.json", 1, 8, "\\u takes 4 hex digits"},
    {"invalid-utf8-surrogate.json", 1, 11, "invalid UTF-8"},
    {"invalid-utf8.json", 1, 14, "invalid UTF-8"},
    {"lone-surrogate.json", 1, 8, "lone low surrogate"},
    {"mismatched-bracket.json", 1, 12, "expected ',' or ']' after an array element"},
    {"missing-colon.json", 1, 6, "expected ':' after the key"},
    {"missing-comma-array.json", 2, 2, "expected ',' or ']' after an array element"},
    {"missing-comma-object.json", 3, 3, "expected ',' or '}' after an object member"},
    {"nesting-too-deep.json", 1, 1001, "nesting too deep"},
    {"nul-byte.json", 1, 6, "NUL byte"},
    {"single-quotes.json", 1, 7, "double quotes"},
    {"trailing-comma-array.json", 1, 7, "trailing comma"},
    {"trailing-comma-object.json", 1, 9, "trailing comma"},
    {"trailing-data.json", 2, 1, "trailing data after the value"},
    {"unquoted-key.json", 1, 2, "expected a key"},
    {"unterminated-array.json", 1, 7, "unterminated array"},
    {"unterminated-object.json", 1, 1, "unterminated object"},
    {"unterminated-string-eof.json", 1, 10, "unterminated string"},
    {"unterminated-string.json", 2, 11, "unterminated string"},
};

static char *bad_dir;

static int setup(void **state)
{
    (void)state;
    bad_dir = path_join2(test_source_dir(), "tests/util/bad/json");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(bad_dir);
    return 0;
}

static void expect_refused(const char *path, unsigned line, unsigned col, const char *says)
{
    gcn_json_doc doc;
    gcn_diag diag;
    gcn_status st;
    gcn_diag_clear(&diag);
    st = gcn_json_load(&doc, path, &diag);
    gcn_json_free(&doc);
    if (st == GCN_OK || diag.line != line || diag.col != col || !strstr(diag.msg, says) ||
        strcmp(diag.file, path) != 0) {
        char buf[2048];
        print_error("%s: want %u:%u '%s', got %s (status %d)\n", path, line, col, says,
                    gcn_diag_format(&diag, buf, sizeof(buf)), (int)st);
        fail();
    }
}

static void test_every_bad_file(void **state)
{
    size_t i, seen = 0;
    DIR *d;
    struct dirent *e;
    (void)state;
    for (i = 0; i < sizeof(bad_json) / sizeof(bad_json[0]); i++) {
        char *p = path_join2(bad_dir, bad_json[i].file);
        expect_refused(p, bad_json[i].line, bad_json[i].col, bad_json[i].says);
        free(p);
    }
    /* a file added to bad/json/ without its expectation here fails */
    d = opendir(bad_dir);
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        int known = 0;
        if (e->d_name[0] == '.')
            continue;
        for (i = 0; i < sizeof(bad_json) / sizeof(bad_json[0]); i++)
            known |= strcmp(bad_json[i].file, e->d_name) == 0;
        if (!known) {
            print_error("bad/json/%s has no expectation in this test\n", e->d_name);
            fail();
        }
        seen++;
    }
    closedir(d);
    assert_int_equal(seen, sizeof(bad_json) / sizeof(bad_json[0]));
}

/* The recognizer is stricter than cJSON, never looser: what it takes, cJSON reads the same. */
static void test_good_texts(void **state)
{
    static const char *const good[] = {
        "{\"a\": [1, -0, 0.5, 1e3, -2.5E-7, true, false, null, \"\\u00e9\\ud83d\\ude00\"]}",
        "\xEF\xBB\xBF{\"bom\": 1}", "  \"caf\xC3\xA9 \xF0\x9F\x98\x80\"  \n", "[[],{},[{}]]", "0"};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        gcn_json_doc doc;
        gcn_diag diag;
        gcn_diag_clear(&diag);
        if (gcn_json_parse(&doc, "good.json", good[i], strlen(good[i]), &diag) != GCN_OK) {
            print_error("%s: %s\n", good[i], diag.msg);
            fail();
        }
        gcn_json_free(&doc);
    }
}

/* After a byte order mark, columns count from the first character after it. */
static void test_bom_columns(void **state)
{
    const char *text = "\xEF\xBB\xBF{\"a\": 1, \"a\": 2}";
    gcn_json_doc doc;
    gcn_diag diag;
    (void)state;
    gcn_diag_clear(&diag);
    assert_int_not_equal(gcn_json_parse(&doc, "bom.json", text, strlen(text), &diag), GCN_OK);
    gcn_json_free(&doc);
    assert_int_equal(diag.line, 1);
    assert_int_equal(diag.col, 10);
}

/* 10^6 keys, one a line; the last repeats key 500000. The pairwise scan this replaces made
 * 5 * 10^11 comparisons here. */
static void test_million_keys(void **state)
{
    enum { KEYS = 1000000 };
    gcn_buf b;
    char *dir = tmpdir_make(), *path = path_join2(dir, "big.json");
    gcn_json_doc doc;
    gcn_diag diag;
    struct timespec t0, t1;
    double secs;
    unsigned i;
    (void)state;
    gcn_buf_init(&b);
    gcn_buf_puts(&b, "{\n");
    for (i = 0; i < KEYS; i++)
        gcn_buf_printf(&b, "  \"key%u\": %u,\n", i, i);
    gcn_buf_puts(&b, "  \"key500000\": 0\n}\n");
    assert_false(b.oom);
    file_write(path, b.data, b.len);
    gcn_buf_free(&b);
    gcn_diag_clear(&diag);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(gcn_json_load(&doc, path, &diag), GCN_ERR_INVALID);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    gcn_json_free(&doc);
    secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    print_message("10^6 keys read and checked in %.2f s\n", secs);
    assert_true(secs < 10.0);
    assert_int_equal(diag.line, KEYS + 2);
    assert_int_equal(diag.col, 3);
    assert_non_null(strstr(diag.msg, "duplicate key \"key500000\""));
    tmpdir_remove(dir);
    free(path);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_bad_file),
        cmocka_unit_test(test_good_texts),
        cmocka_unit_test(test_bom_columns),
        cmocka_unit_test(test_million_keys),
    };
    return cmocka_run_group_tests_name("json_input", tests, setup, teardown);
}
