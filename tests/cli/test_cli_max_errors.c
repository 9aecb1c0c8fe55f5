/* --max-errors: a command that reports one message a bad input item (asm's lines, check's
 * vector lines) prints the first N, then "K more errors not shown (M in all); --max-errors 0
 * shows all", and exits 1: megabytes of junk give a screenful, not a gigabyte. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_support.h"
#include "util/buf.h"

static char *known_path;

static int setup(void **state)
{
    (void)state;
    known_path = path_join2(test_source_dir(), "vectors/llvm-mc-vectors-known.json");
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    free(known_path);
    return 0;
}

/* Printable junk (xorshift, fixed seed) in lines of 1 to 80 characters, each line starting with
 * a letter so that none is blank or a comment: every line is a bad item. */
static size_t write_junk(const char *path, size_t bytes, const char *line_prefix)
{
    gcn_buf b;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    size_t lines = 0;
    gcn_buf_init(&b);
    while (b.len < bytes) {
        unsigned n, i;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        n = 1 + (unsigned)(x % 80);
        gcn_buf_puts(&b, line_prefix);
        gcn_buf_putc(&b, (char)('a' + (x >> 8) % 26));
        for (i = 0; i < n; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            gcn_buf_putc(&b, (char)(' ' + 1 + (x >> 11) % 94));
        }
        gcn_buf_putc(&b, '\n');
        lines++;
    }
    assert_false(b.oom);
    file_write(path, b.data, b.len);
    gcn_buf_free(&b);
    return lines;
}

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; s && *s; s++)
        n += *s == '\n';
    return n;
}

/* stderr holds `shown` messages naming file, then the summary of `all`. */
static void expect_bounded(const gcn_proc_result *r, const char *file, size_t shown, size_t all)
{
    const char *err = r->err.data ? r->err.data : "";
    const char *last;
    char want[256];
    size_t n = count_lines(err);
    assert_int_equal(r->exit_code, 1);
    if (n != shown + 1)
        fail_msg("want %zu messages and a summary, got %zu lines; the last:\n%s", shown, n,
                 n > 3 ? strstr(err, "\n") : err);
    assert_true(strncmp(err, file, strlen(file)) == 0);
    last = err + strlen(err) - 1;
    while (last > err && last[-1] != '\n')
        last--;
    snprintf(want, sizeof(want),
             "%zu more errors not shown (%zu in all); --max-errors 0 shows all\n", all - shown,
             all);
    assert_string_equal(last, want);
}

/* 5 MB of junk into asm: 100 messages (the default), the count of the rest, exit 1. */
static void test_asm_junk_default_limit(void **state)
{
    gcn_proc_result r;
    size_t lines = write_junk("junk.s", 5u << 20, "");
    (void)state;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "asm", "--gen", "gfx9", "junk.s", NULL);
    print_message("%zu junk lines; stderr %zu bytes\n", lines, r.err.len);
    assert_true(lines > 100000);
    expect_bounded(&r, "junk.s:1:", 100, lines);
    assert_true(r.err.len < 64 * 1024);
    gcn_proc_result_free(&r);
}

/* --max-errors 7 shows 7; --max-errors 0 shows every one and no summary. */
static void test_asm_limit_option(void **state)
{
    gcn_proc_result r;
    size_t lines = write_junk("junk.s", 20000, "");
    (void)state;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "asm", "--gen", "gcn1.0", "--max-errors", "7", "junk.s", NULL);
    expect_bounded(&r, "junk.s:1:", 7, lines);
    gcn_proc_result_free(&r);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "asm", "--gen", "gcn1.0", "--max-errors", "0", "junk.s", NULL);
    assert_int_equal(r.exit_code, 1);
    assert_int_equal(count_lines(r.err.data), lines);
    assert_null(strstr(r.err.data, "not shown"));
    gcn_proc_result_free(&r);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "asm", "--gen", "gcn1.0", "--max-errors", "-1", "junk.s", NULL);
    assert_int_equal(r.exit_code, 2);
    assert_non_null(strstr(r.err.data, "--max-errors"));
    gcn_proc_result_free(&r);
}

/* The same junk into disasm (text that is no bytes), and bytes that are no instruction. */
static void test_disasm_junk(void **state)
{
    gcn_proc_result r;
    size_t lines = write_junk("junk.txt", 1u << 20, "");
    (void)state;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "disasm", "--gen", "gfx9", "junk.txt", NULL);
    expect_bounded(&r, "junk.txt:1:", 100, lines);
    gcn_proc_result_free(&r);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "disasm", "--gen", "gfx9", "--binary", "--max-errors", "3", "junk.txt", NULL);
    assert_int_equal(r.exit_code, 1);
    assert_true(count_lines(r.err.data) <= 4);
    gcn_proc_result_free(&r);
}

/* A vector file of junk lines into check: bounded the same way, exit 1. */
static void test_check_junk_vectors(void **state)
{
    gcn_proc_result r;
    size_t lines = write_junk("junk.jsonl", 1u << 20, "{\"id\": ");
    (void)state;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", "cmd:cat", "--known", known_path, "--max-errors", "20", "-q",
            "junk.jsonl", NULL);
    expect_bounded(&r, "./junk.jsonl:1:", 20, lines);
    gcn_proc_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_asm_junk_default_limit),
        cmocka_unit_test(test_asm_limit_option),
        cmocka_unit_test(test_check_junk_vectors),
        cmocka_unit_test(test_disasm_junk),
    };
    return cmocka_run_group_tests_name("cli_max_errors", tests, setup, teardown);
}
