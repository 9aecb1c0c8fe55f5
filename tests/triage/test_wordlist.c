/* The spelling check's word list: read without regard to case, bad lines answered with
 * file:line:col, and gcnspec errata naming the Debian package when the list is missing. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../extract/test_support.h"
#include "spec/triage/wordlist.h"

static void test_lookup(void **state)
{
    static const char list[] = "Shade\nshade\nopcode\r\ndoesn't\n\nwavefront";
    gcn_wordlist w;
    gcn_diag d;
    (void)state;
    assert_int_equal(gcn_wordlist_parse(&w, "w.txt", list, strlen(list), &d), GCN_OK);
    assert_int_equal(w.n, 4); /* Shade and shade are one word; the blank line is none */
    assert_true(gcn_wordlist_has(&w, "SHADE", 5));
    assert_true(gcn_wordlist_has(&w, "opcode", 6)); /* without its \r */
    assert_true(gcn_wordlist_has(&w, "doesn't", 7));
    assert_true(gcn_wordlist_has(&w, "wavefront", 9)); /* the last line has no newline */
    assert_false(gcn_wordlist_has(&w, "shad", 4));
    assert_false(gcn_wordlist_has(&w, "shades", 6));
    assert_int_equal(gcn_wordlist_add(&w, "Kcache", 6), GCN_OK);
    assert_true(gcn_wordlist_has(&w, "kcache", 6));
    assert_int_equal(gcn_wordlist_add(&w, "kcache", 6), GCN_OK);
    assert_int_equal(w.n, 5);
    gcn_wordlist_free(&w);
}

static void test_bad_lists(void **state)
{
    static const char ctrl[] = "one\ntw\x01o\n";
    gcn_wordlist w;
    gcn_diag d;
    (void)state;
    assert_int_equal(gcn_wordlist_parse(&w, "w.txt", ctrl, strlen(ctrl), &d), GCN_ERR_SYNTAX);
    assert_string_equal(d.file, "w.txt");
    assert_int_equal(d.line, 2);
    assert_int_equal(d.col, 3);
    assert_int_equal(gcn_wordlist_parse(&w, "e.txt", "\n\n", 2, &d), GCN_ERR_SYNTAX);
    assert_int_equal(d.line, 1);
    assert_non_null(strstr(d.msg, "empty"));
    /* a NUL byte inside a line is a control character too */
    assert_int_equal(gcn_wordlist_parse(&w, "n.txt", "ab\0c\n", 5, &d), GCN_ERR_SYNTAX);
    assert_int_equal(d.col, 3);
}

static void test_errata_without_the_list(void **state)
{
    char *docs = test_docs_dir(), *tmp = tmpdir_make();
    char *missing = path_join2(tmp, "no-such-list"), *out = path_join2(tmp, "out");
    char *argv[] = {"gcnspec", "errata", "--docs", docs, "--words", missing, "--out", out, NULL};
    gcn_proc_result r;
    (void)state;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    assert_int_equal(r.exit_code, 1);
    assert_non_null(r.err.data);
    /* the path, then what to install */
    assert_non_null(strstr(r.err.data, missing));
    assert_non_null(strstr(r.err.data, GCN_WORDLIST_PACKAGE));
    gcn_proc_result_free(&r);
    tmpdir_remove(tmp);
    free(docs);
    free(tmp);
    free(missing);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_bad_lists),
        cmocka_unit_test(test_errata_without_the_list),
    };
    return cmocka_run_group_tests_name("triage_wordlist", tests, NULL, NULL);
}
