/* `gcnspec vectors` writes DIR/MANIFEST.json last; `gcnspec check` refuses a directory whose
 * files are not those of one run: a file changed, missing or not listed in the manifest, index
 * files of two generations (with or without a manifest), a vector file whose count is not its
 * index's. Each refusal names the file, says what is wrong and to regenerate, and exits 1. */
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
#include <unistd.h>

#include "cli_support.h"

static char *spec_path, *known_path;

static int setup(void **state)
{
    (void)state;
    spec_path = path_join2(test_source_dir(), "spec/gcn.json");
    known_path = path_join2(test_source_dir(), "vectors/llvm-mc-vectors-known.json");
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    free(spec_path);
    free(known_path);
    return 0;
}

/* A small vector directory "v": SOP1 on gcn1.0 (0.2 s). */
static void make_vectors(const char *seed, int semantic)
{
    gcn_proc_result r;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "vectors", "--out", "v", "--gen", "gcn1.0", "--encoding", "SOP1", "--spec",
            spec_path, "--known", known_path, "--seed", seed, "-q",
            semantic ? NULL : "--no-semantic", NULL);
    if (r.exit_code != 0)
        fail_msg("gcnspec vectors failed:\n%s", r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
}

static void run_check(gcn_proc_result *r)
{
    memset(r, 0, sizeof(*r));
    cli_run(r, "check", "--impl", "gcnspec-oracle", "--known", known_path, "-q", "v", NULL);
}

/* Exit 1, and stderr names each of the words (a file, what is wrong) and says to regenerate. */
static void expect_refused(const char *w1, const char *w2, const char *w3)
{
    gcn_proc_result r;
    const char *err;
    run_check(&r);
    err = r.err.data ? r.err.data : "";
    if (r.exit_code != 1 || !strstr(err, w1) || !strstr(err, w2) || (w3 && !strstr(err, w3)) ||
        !strstr(err, "regenerate the directory with 'gcnspec vectors --out v'"))
        fail_msg("want exit 1 naming '%s', '%s', '%s'; got %d:\n%s", w1, w2, w3 ? w3 : "",
                 r.exit_code, err);
    gcn_proc_result_free(&r);
}

static void expect_accepted(void)
{
    gcn_proc_result r;
    run_check(&r);
    if (r.exit_code != 0)
        fail_msg("want exit 0, got %d:\n%s", r.exit_code, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
}

static void append(const char *path, const char *text)
{
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void reset(void)
{
    tmpdir_remove("v");
    make_vectors("0x67636e73706563", 1);
}

static void test_manifest_written(void **state)
{
    char *m;
    (void)state;
    reset();
    m = file_read("v/MANIFEST.json", NULL);
    assert_non_null(m);
    assert_non_null(strstr(m, "\"path\": \"jsonl/sop1-gcn1.0.jsonl\", \"sha256\": \""));
    assert_non_null(strstr(m, "\"path\": \"semantic/index.json\""));
    assert_non_null(strstr(m, "\"gens\": [\n    \"gcn1.0\"\n  ]"));
    assert_null(strstr(m, "\"path\": \"MANIFEST.json\""));
    free(m);
    expect_accepted();
    /* what lit writes beside the lit files it runs, and notes, are no vectors */
    assert_int_equal(mkdir("v/lit/Output", 0755), 0);
    file_write("v/lit/Output/gcnspec_sop1_gfx6.s.script", "x\n", 2);
    file_write("v/NOTES.md", "notes\n", 6);
    expect_accepted();
}

static void test_changed_file(void **state)
{
    (void)state;
    reset();
    append("v/lit/lit.cfg.py", "# edited\n");
    expect_refused("v/lit/lit.cfg.py: ", "changed since 'gcnspec vectors' wrote it", NULL);
}

static void test_missing_file(void **state)
{
    (void)state;
    reset();
    assert_int_equal(unlink("v/semantic/sop1-gcn1.0.jsonl"), 0);
    expect_refused("v/semantic/sop1-gcn1.0.jsonl: ", "listed in MANIFEST.json but missing", NULL);
}

static void test_unlisted_file(void **state)
{
    (void)state;
    reset();
    file_write("v/jsonl/ds-gcn1.4.jsonl", "{}\n", 3);
    expect_refused("v/jsonl/ds-gcn1.4.jsonl: ", "not in MANIFEST.json", NULL);
}

/* A second run without semantic vectors, another seed: semantic/ is of the first. */
static void test_two_generations(void **state)
{
    (void)state;
    reset();
    make_vectors("0x1", 0);
    expect_refused("v/semantic/index.json: ", "mixes two generations",
                   "seed 0x67636e73706563, index.json of spec");
    /* without the manifest (a directory of an older gcnspec), the index files still say it */
    assert_int_equal(unlink("v/MANIFEST.json"), 0);
    expect_refused("v/semantic/index.json: ", "mixes two generations", "seed 0x1");
}

static void test_count_not_the_index(void **state)
{
    char *text, *last;
    size_t len;
    (void)state;
    reset();
    assert_int_equal(unlink("v/MANIFEST.json"), 0);
    expect_accepted(); /* a directory without a manifest is accepted when consistent */
    text = file_read("v/jsonl/sop1-gcn1.0.jsonl", &len);
    assert_non_null(text);
    assert_true(len > 2);
    text[len - 1] = 0;
    last = strrchr(text, '\n');
    assert_non_null(last);
    file_write("v/jsonl/sop1-gcn1.0.jsonl", text, (size_t)(last - text) + 1);
    free(text);
    expect_refused("v/jsonl/sop1-gcn1.0.jsonl: ", "but index.json lists",
                   "the file is of another generation");
}

/* The first line of src, with a 0xff byte for its id's first character, then the line as it
 * was, into dst. */
static void bad_byte_line(const char *src, const char *dst)
{
    char *text, *nl, *p, buf[16384];
    size_t len, n;
    text = file_read(src, &len);
    assert_non_null(text);
    nl = strchr(text, '\n');
    assert_non_null(nl);
    n = (size_t)(nl - text);
    assert_true(n + 16 < sizeof(buf));
    memcpy(buf, text, n + 1);
    p = strstr(buf, "\"id\":\"");
    assert_non_null(p);
    p[6] = (char)0xff; /* the id's first character */
    memcpy(buf + n + 1, text, n + 1);
    file_write(dst, buf, 2 * n + 2);
    free(text);
}

/* A vector line cJSON would take but JSON does not (invalid UTF-8 in its id, a leading zero)
 * is a bad line named with its fault, not a vector whose id no report could print: encoding
 * and semantic vectors. */
static void test_vector_line_not_json(void **state)
{
    gcn_proc_result r;
    (void)state;
    reset();
    bad_byte_line("v/jsonl/sop1-gcn1.0.jsonl", "lines.jsonl");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", "gcnspec-oracle", "--known", known_path, "lines.jsonl", NULL);
    if (r.exit_code != 1 || !strstr(r.err.data, "lines.jsonl:1:") ||
        !strstr(r.err.data, "invalid UTF-8 in a string") || strstr(r.err.data, "lines.jsonl:2:"))
        fail_msg("want line 1 refused (invalid UTF-8), line 2 taken; got %d:\n%s", r.exit_code,
                 r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    tmpdir_remove("s");
    assert_int_equal(mkdir("s", 0755), 0);
    assert_int_equal(mkdir("s/semantic", 0755), 0);
    bad_byte_line("v/semantic/sop1-gcn1.0.jsonl", "s/semantic/sop1-gcn1.0.jsonl");
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", "gcnspec-oracle", "--known", known_path, "s", NULL);
    if (r.exit_code != 1 || !strstr(r.err.data, "sop1-gcn1.0.jsonl:1: ") ||
        !strstr(r.err.data, "broken line: col 8: invalid UTF-8 in a string") ||
        !strstr(r.out.data, "1 vectors in 1 files: 1 pass"))
        fail_msg("want line 1 refused (invalid UTF-8), line 2 passed; got %d:\n%s%s", r.exit_code,
                 r.err.data ? r.err.data : "", r.out.data ? r.out.data : "");
    gcn_proc_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manifest_written),     cmocka_unit_test(test_changed_file),
        cmocka_unit_test(test_missing_file),         cmocka_unit_test(test_unlisted_file),
        cmocka_unit_test(test_two_generations),      cmocka_unit_test(test_count_not_the_index),
        cmocka_unit_test(test_vector_line_not_json),
    };
    return cmocka_run_group_tests_name("cli_vector_manifest", tests, setup, teardown);
}
