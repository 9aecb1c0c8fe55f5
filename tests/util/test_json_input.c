/* gcn_json_load on big inputs: an object of 10^6 keys (with one duplicate, at its end) is read
 * in seconds, the duplicate named where it is. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../extract/test_support.h"
#include "util/buf.h"
#include "util/json.h"

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
        cmocka_unit_test(test_million_keys),
    };
    return cmocka_run_group_tests_name("json_input", tests, NULL, NULL);
}
