/* gcnspec vectors and gcnspec check, end to end: the vectors are deterministic; the oracle
 * passes its own semantic vectors; a toy emulator (tests/vectors/toy_emulator.py, wrapping
 * gcnspec exec) passes them through the cmd: exec protocol, and when it is made to flip a
 * result, hang, crash or garble an answer the checker says where (file:line), goes on with
 * the rest and exits 1; vector files with a broken line, a missing field or an unknown
 * generation are reported line by line while the good lines are still checked. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../cli/cli_support.h"

static char known1[1024], known2[1024], known3[1024];
static char spec_arg[1024], toy_cmd[1024];
static char *small_dir; /* vectors of gcn1.4 SOP1, no lit files */
static char *tiny_dir;  /* 12 of its semantic vectors, those of s_not_b32 and of
                         * s_orn1_saveexec_b64 (an erratum corrects it): for the toy */

static size_t count_lines(const char *path, const char *needle)
{
    size_t len = 0, n = 0;
    char *data = file_read(path, &len), *p, *e;
    if (!data)
        fail_msg("cannot read %s", path);
    for (p = data; p < data + len; p = e + 1) {
        e = memchr(p, '\n', (size_t)(data + len - p));
        if (!e)
            e = data + len;
        if (e > p) {
            char save = *e;
            *e = 0;
            n += !needle || strstr(p, needle) != NULL;
            *e = save;
        }
    }
    free(data);
    return n;
}

static char *line_of(const char *path, size_t want)
{
    size_t len = 0, n = 0;
    char *data = file_read(path, &len), *p, *e, *out = NULL;
    assert_non_null(data);
    for (p = data; p < data + len && !out; p = e + 1) {
        e = memchr(p, '\n', (size_t)(data + len - p));
        if (!e)
            e = data + len;
        if (++n == want)
            out = strndup(p, (size_t)(e - p));
    }
    free(data);
    assert_non_null(out);
    return out;
}

static void gen_vectors(const char *dir, int small)
{
    gcn_proc_result r;
    memset(&r, 0, sizeof(r));
    if (small)
        cli_run(&r, "vectors", "--spec", spec_arg, "--gen", "gcn1.4", "--encoding", "SOP1",
                "--no-lit", "-q", "--known", known1, "--known", known2, "--known", known3, "--out",
                dir, NULL);
    else
#ifdef GCN_TEST_ONE_GEN
        cli_run(&r, "vectors", "--spec", spec_arg, "--gen", GCN_TEST_ONE_GEN, "-q", "--known",
                known1, "--known", known2, "--known", known3, "--out", dir, NULL);
#else
        cli_run(&r, "vectors", "--spec", spec_arg, "-q", "--known", known1, "--known", known2,
                "--known", known3, "--out", dir, NULL);
#endif
    if (r.exit_code != 0)
        fail_msg("gcnspec vectors failed (%d):\n%s", r.exit_code, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
}

static int setup(void **state)
{
    const char *build = getenv("GCN_BUILD_DIR");
    (void)state;
    cli_enter_scratch();
    snprintf(spec_arg, sizeof(spec_arg), "%s/spec/gcn.json", build ? build : "build");
    snprintf(known1, sizeof(known1), "%s/spec/peers/llvm-mc-known.json", test_source_dir());
    snprintf(known2, sizeof(known2), "%s/spec/peers/llvm-known.json", test_source_dir());
    snprintf(known3, sizeof(known3), "%s/vectors/llvm-mc-vectors-known.json", test_source_dir());
    snprintf(toy_cmd, sizeof(toy_cmd), "cmd:python3 %s/tests/vectors/toy_emulator.py",
             test_source_dir());
    small_dir = path_join2(cli_scratch(), "small");
    gen_vectors(small_dir, 1);
    {
        char *src = path_join2(small_dir, "semantic/sop1-gcn1.4.jsonl"), *dst, *text, *line;
        size_t k, n = count_lines(src, NULL), len = 0;
        gcn_proc_result mk;
        char *argv[4];
        tiny_dir = path_join2(cli_scratch(), "tiny");
        dst = path_join2(tiny_dir, "semantic");
        argv[0] = "mkdir";
        argv[1] = "-p";
        argv[2] = dst;
        argv[3] = NULL;
        memset(&mk, 0, sizeof(mk));
        gcn_proc_run("/bin/mkdir", argv, "", 0, 10, &mk);
        gcn_proc_result_free(&mk);
        text = calloc(1, 1 << 20);
        for (k = 1; k <= n; k++) {
            line = line_of(src, k);
            if (k <= 12 || strstr(line, "\"asm\":\"s_not_b32 ") ||
                strstr(line, "\"asm\":\"s_orn1_saveexec_b64 ")) {
                len += (size_t)sprintf(text + len, "%s\n", line);
                assert_true(len < (1 << 20) - 8192);
            }
            free(line);
        }
        free(dst);
        dst = path_join2(tiny_dir, "semantic/sop1-gcn1.4.jsonl");
        file_write(dst, text, len);
        free(dst);
        free(text);
        free(src);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(small_dir);
    free(tiny_dir);
    cli_leave_scratch();
    return 0;
}

static void check(gcn_proc_result *r, const char *impl, const char *dir, const char *report,
                  const char *timeout)
{
    memset(r, 0, sizeof(*r));
    cli_run(r, "check", "--impl", impl, "--report", report, "--timeout", timeout,
            "--timeout-per-vector", "200", "--known", known1, "--known", known2, "--known", known3,
            dir, NULL);
}

/* "semantic: N vectors in F files: P pass, ..." of the summary */
static size_t as_written;

static void semantic_counts(const gcn_proc_result *r, size_t *vectors, size_t *pass,
                            size_t *unexplained)
{
    const char *s = r->out.data ? strstr(r->out.data, "semantic: ") : NULL;
    size_t files, not_claimed;
    if (!s || sscanf(s,
                     "semantic: %zu vectors in %zu files: %zu pass, %zu as written (an erratum "
                     "corrects it), %zu not claimed, %zu unexplained",
                     vectors, &files, pass, &as_written, &not_claimed, unexplained) != 6)
        fail_msg("no semantic summary:\n%s", r->out.data ? r->out.data : "");
}

static void compare_trees(const char *a, const char *b, const char *rel, size_t *files)
{
    char *da = path_join2(a, rel), *db = path_join2(b, rel);
    DIR *d = opendir(da);
    struct dirent *e;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char *pa, *pb, *ca, *cb, *sub;
        size_t la = 0, lb = 0;
        if (e->d_name[0] == '.')
            continue;
        sub = path_join2(rel, e->d_name);
        pa = path_join2(a, sub);
        pb = path_join2(b, sub);
        if (e->d_type == DT_DIR) {
            compare_trees(a, b, sub, files);
        } else {
            ca = file_read(pa, &la);
            cb = file_read(pb, &lb);
            if (!ca || !cb || la != lb || memcmp(ca, cb, la) != 0)
                fail_msg("%s differs between two runs", sub);
            free(ca);
            free(cb);
            (*files)++;
        }
        free(sub);
        free(pa);
        free(pb);
    }
    closedir(d);
    free(da);
    free(db);
}

/* Two runs over every generation and encoding give the same bytes, file for file (under the
 * sanitizers, over GCN 1.4's encodings: tests/vectors/CMakeLists.txt): this one and the suite's
 * fixture (vectors_generate, the same arguments). Every file of this run is compared; its
 * MANIFEST.json, equal to the fixture's, lists every file of a run (lit leaves dot files in the
 * fixture, which no run writes). */
static void test_deterministic(void **state)
{
    char *a = path_join2(cli_scratch(), "run1");
    const char *b = getenv("GCN_TEST_VECTORS");
    size_t files = 0;
    (void)state;
    if (!b)
        fail_msg("GCN_TEST_VECTORS is not set (run the test through ctest)");
    gen_vectors(a, 0);
    compare_trees(a, b, ".", &files);
#ifdef GCN_TEST_ONE_GEN
    if (files < 20)
#else
    if (files < 40)
#endif
        fail_msg("only %zu files compared", files);
    tmpdir_remove(a);
    free(a);
}

static void test_oracle_self_check(void **state)
{
    gcn_proc_result r;
    char *sem = path_join2(small_dir, "semantic/sop1-gcn1.4.jsonl");
    size_t vectors, pass, unexplained, lines = count_lines(sem, NULL);
    (void)state;
    check(&r, "gcnspec-oracle", small_dir, "oracle", "30");
    assert_int_equal(r.exit_code, 0);
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_true(lines > 100);
    assert_int_equal(vectors, lines);
    assert_int_equal(pass, lines);
    assert_int_equal(unexplained, 0);
    gcn_proc_result_free(&r);
    free(sem);
}

static void test_toy_emulator_passes(void **state)
{
    gcn_proc_result r;
    size_t vectors, pass, unexplained;
    (void)state;
    check(&r, toy_cmd, tiny_dir, "toy", "30");
    if (r.exit_code != 0)
        fail_msg("the toy emulator failed:\n%s%s", r.out.data ? r.out.data : "",
                 r.err.data ? r.err.data : "");
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_int_equal(pass, vectors);
    gcn_proc_result_free(&r);
}

/* A wrong result for one instruction: every vector of it, and only those, are unexplained. */
static void test_toy_emulator_wrong_result(void **state)
{
    gcn_proc_result r;
    char *sem = path_join2(tiny_dir, "semantic/sop1-gcn1.4.jsonl");
    char *json;
    size_t vectors, pass, unexplained, lines = count_lines(sem, NULL);
    size_t flipped = count_lines(sem, "\"asm\":\"s_not_b32 ");
    (void)state;
    setenv("TOY_FLIP", "s_not_b32", 1);
    check(&r, toy_cmd, tiny_dir, "flip", "30");
    unsetenv("TOY_FLIP");
    assert_int_equal(r.exit_code, 1);
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_true(flipped > 0);
    assert_int_equal(unexplained, flipped);
    assert_int_equal(pass, lines - flipped);
    json = file_read("flip.json", NULL);
    assert_non_null(json);
    assert_non_null(strstr(json, "\"kind\": \"exec-state\""));
    assert_non_null(strstr(json, "s_not_b32 s"));
    free(json);
    gcn_proc_result_free(&r);
    free(sem);
}

/* The toy runs the documents' pseudocode as written: the vectors of an instruction an erratum
 * corrects (and whose as-written result the vector records) are counted as such, not passed and
 * not unexplained; the others pass. */
static void test_toy_emulator_as_written(void **state)
{
    gcn_proc_result r;
    char *sem = path_join2(tiny_dir, "semantic/sop1-gcn1.4.jsonl");
    size_t vectors, pass, unexplained,
        recorded = count_lines(sem, "\"as_written\":{\"executes\":true");
    (void)state;
    setenv("TOY_SEMANTICS", "written", 1);
    check(&r, toy_cmd, tiny_dir, "written", "30");
    unsetenv("TOY_SEMANTICS");
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_true(recorded > 0);
    assert_int_equal(as_written, recorded);
    assert_int_equal(unexplained, 0);
    assert_int_equal(pass, vectors - recorded);
    assert_int_equal(r.exit_code, 0);
    gcn_proc_result_free(&r);
    free(sem);
}

/* Lanes on one address: an answer equal to any of the vector's outcomes passes. The oracle
 * answers the ascending order; a vector whose "final" is another order's outcome still passes
 * with its "outcomes", and fails without them. */
static void test_outcome_set(void **state)
{
    char *dir = path_join2(cli_scratch(), "ds"), *sem, *line = NULL, *a, *b, *text, *path;
    size_t k, n, vectors, pass, unexplained;
    cJSON *v, *outs, *last;
    gcn_proc_result r;
    (void)state;
    memset(&r, 0, sizeof(r));
    cli_run(&r, "vectors", "--spec", spec_arg, "--gen", "gcn1.4", "--encoding", "DS", "--no-lit",
            "-q", "--out", dir, NULL);
    assert_int_equal(r.exit_code, 0);
    gcn_proc_result_free(&r);
    sem = path_join2(dir, "semantic/ds-gcn1.4.jsonl");
    n = count_lines(sem, NULL);
    for (k = 1; k <= n && !line; k++) {
        line = line_of(sem, k);
        if (!strstr(line, "\"tag\":\"outcome-set\"")) {
            free(line);
            line = NULL;
        }
    }
    if (!line)
        fail_msg("no outcome-set vector in %s", sem);
    v = cJSON_Parse(line);
    outs = cJSON_GetObjectItemCaseSensitive(v, "outcomes");
    assert_true(cJSON_GetArraySize(outs) >= 2);
    last = cJSON_GetArrayItem(outs, cJSON_GetArraySize(outs) - 1);
    cJSON_ReplaceItemInObjectCaseSensitive(v, "final", cJSON_Duplicate(last, 1));
    a = cJSON_PrintUnformatted(v);
    cJSON_DeleteItemFromObjectCaseSensitive(v, "outcomes");
    cJSON_ReplaceItemInObjectCaseSensitive(v, "tag", cJSON_CreateString("exact"));
    b = cJSON_PrintUnformatted(v);
    text = malloc(strlen(a) + strlen(b) + 4);
    sprintf(text, "%s\n%s\n", a, b);
    path = path_join2(cli_scratch(), "outcomes");
    free(sem);
    sem = path_join2(path, "semantic");
    {
        char *argv[] = {"mkdir", "-p", sem, NULL};
        gcn_proc_result mk;
        memset(&mk, 0, sizeof(mk));
        gcn_proc_run("/bin/mkdir", argv, "", 0, 10, &mk);
        gcn_proc_result_free(&mk);
    }
    free(sem);
    sem = path_join2(path, "semantic/ds-gcn1.4.jsonl");
    file_write(sem, text, strlen(text));
    check(&r, "gcnspec-oracle", path, "outcomes", "30");
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_int_equal(vectors, 2);
    assert_int_equal(pass, 1);
    assert_int_equal(unexplained, 1);
    assert_int_equal(r.exit_code, 1);
    if (!file_exists("outcomes.json"))
        fail_msg("no report");
    gcn_proc_result_free(&r);
    cJSON_Delete(v);
    free(a);
    free(b);
    free(text);
    free(line);
    free(sem);
    free(path);
    free(dir);
}

/* The toy fails on the 3rd vector: the message names that line, the vector has no answer, the
 * rest of the file is checked by a new process and passes. */
static void toy_fault(const char *var, const char *why)
{
    gcn_proc_result r;
    char *sem = path_join2(tiny_dir, "semantic/sop1-gcn1.4.jsonl");
    char *third = line_of(sem, 3), *id = strstr(third, "\"id\":\""), *end;
    size_t vectors, pass, unexplained;
    assert_non_null(id);
    id += 6;
    end = strchr(id, '"');
    *end = 0;
    setenv(var, id, 1);
    check(&r, toy_cmd, tiny_dir, "fault", "3");
    unsetenv(var);
    assert_int_equal(expect_input_error(&r, "sop1-gcn1.4.jsonl", 3), 3);
    if (!strstr(r.err.data, why))
        fail_msg("expected '%s' in:\n%s", why, r.err.data);
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_int_equal(unexplained, 1);
    assert_int_equal(pass, vectors - 1);
    gcn_proc_result_free(&r);
    free(third);
    free(sem);
}

static void test_toy_emulator_hangs(void **state)
{
    (void)state;
    toy_fault("TOY_HANG_ON", "timed out");
}

static void test_toy_emulator_crashes(void **state)
{
    (void)state;
    toy_fault("TOY_CRASH_ON", "exit status 139");
}

static void test_toy_emulator_garbles(void **state)
{
    gcn_proc_result r;
    char *sem = path_join2(tiny_dir, "semantic/sop1-gcn1.4.jsonl");
    char *third = line_of(sem, 3), *id = strstr(third, "\"id\":\""), *json;
    size_t vectors, pass, unexplained;
    (void)state;
    id += 6;
    *strchr(id, '"') = 0;
    setenv("TOY_GARBLE_ON", id, 1);
    check(&r, toy_cmd, tiny_dir, "garble", "30");
    unsetenv("TOY_GARBLE_ON");
    assert_int_equal(r.exit_code, 1);
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_int_equal(unexplained, 1);
    json = file_read("garble.json", NULL);
    assert_non_null(strstr(json, "\"kind\": \"exec-bad-answer\""));
    free(json);
    free(third);
    free(sem);
    gcn_proc_result_free(&r);
}

/* A semantic vector file with a broken line (2), a missing field (4) and an unknown generation
 * (6) between good lines: three file:line messages, the good lines pass, exit 1. */
static void test_bad_semantic_file(void **state)
{
    char *src = path_join2(small_dir, "semantic/sop1-gcn1.4.jsonl");
    char *dir = path_join2(cli_scratch(), "bad"), *sem, *path, *good[4], *missing, *unknown, *p;
    char *text;
    gcn_proc_result r;
    size_t vectors, pass, unexplained, k;
    (void)state;
    for (k = 0; k < 4; k++)
        good[k] = line_of(src, k + 1);
    missing = strdup(good[1]);
    p = strstr(missing, "\"final\":");
    assert_non_null(p);
    memcpy(p, "\"fin_l\"", 7); /* the key is no longer "final" */
    unknown = strdup(good[2]);
    p = strstr(unknown, "\"gen\":\"gcn1.4\"");
    assert_non_null(p);
    memcpy(p, "\"gen\":\"gcn9.9\"", 14);
    text = malloc(strlen(good[0]) + strlen(missing) + strlen(unknown) + strlen(good[3]) * 2 + 64);
    sprintf(text, "%s\n{\"id\": \"broken\", \"kind\": \"semantic\",\n%s\n%s\n%s\n%s\n", good[0],
            good[3], missing, good[3], unknown);
    sem = path_join2(dir, "semantic");
    tmpdir_remove(dir);
    {
        gcn_proc_result mk;
        char *argv[] = {"mkdir", "-p", sem, NULL};
        memset(&mk, 0, sizeof(mk));
        gcn_proc_run("/bin/mkdir", argv, "", 0, 10, &mk);
        gcn_proc_result_free(&mk);
    }
    path = path_join2(sem, "sop1-gcn1.4.jsonl");
    file_write(path, text, strlen(text));
    check(&r, "gcnspec-oracle", dir, "bad", "30");
    assert_int_equal(r.exit_code, 1);
    if (!strstr(r.err.data, "sop1-gcn1.4.jsonl:2: ") || !strstr(r.err.data, "broken line") ||
        !strstr(r.err.data, "sop1-gcn1.4.jsonl:4: ") || !strstr(r.err.data, "'final'") ||
        !strstr(r.err.data, "sop1-gcn1.4.jsonl:6: ") ||
        !strstr(r.err.data, "unknown generation 'gcn9.9'"))
        fail_msg("expected messages for lines 2, 4 and 6:\n%s", r.err.data);
    semantic_counts(&r, &vectors, &pass, &unexplained);
    assert_int_equal(vectors, 3);
    assert_int_equal(pass, 3);
    if (!strstr(r.out.data, "3 bad vectors"))
        fail_msg("the bad lines are not counted:\n%s", r.out.data);
    gcn_proc_result_free(&r);
    for (k = 0; k < 4; k++)
        free(good[k]);
    free(missing);
    free(unknown);
    free(text);
    free(sem);
    free(path);
    free(dir);
    free(src);
}

/* The same for an encoding vector file (the assembler/disassembler half): a broken line (2), a
 * missing field (3), an unknown generation (4) between good lines (1, 5). */
static void test_bad_encoding_file(void **state)
{
    char *src = path_join2(small_dir, "jsonl/sop1-gcn1.4.jsonl");
    char *one = line_of(src, 1), *two = line_of(src, 2), *missing = strdup(two), *p, *text;
    char *unknown = strdup(two);
    char *path = path_join2(cli_scratch(), "bad-enc.jsonl");
    gcn_proc_result r;
    (void)state;
    p = strstr(missing, "\"tag\":");
    assert_non_null(p);
    memcpy(p, "\"t_g\":", 6);
    p = strstr(unknown, "\"gen\":\"gcn1.4\"");
    assert_non_null(p);
    memcpy(p, "\"gen\":\"gcn9.9\"", 14);
    text = malloc(strlen(one) * 2 + strlen(missing) + strlen(unknown) + 64);
    sprintf(text, "%s\n{\"id\":\n%s\n%s\n%s\n", one, missing, unknown, one);
    file_write(path, text, strlen(text));
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", "llvm-mc-14", "--mode", "asm", "--known", known1, "--known",
            known2, "--known", known3, path, NULL);
    assert_int_equal(r.exit_code, 1);
    if (!strstr(r.err.data, "bad-enc.jsonl:2:") || !strstr(r.err.data, "bad-enc.jsonl:3:") ||
        !strstr(r.err.data, "bad-enc.jsonl:4:") || !strstr(r.err.data, "gcn9.9"))
        fail_msg("expected messages for lines 2, 3 and 4:\n%s", r.err.data);
    if (!strstr(r.out.data, "2 pass") || !strstr(r.out.data, "3 bad vectors"))
        fail_msg("the good lines were not checked, or the bad ones not counted:\n%s", r.out.data);
    gcn_proc_result_free(&r);
    free(one);
    free(two);
    free(missing);
    free(unknown);
    free(text);
    free(path);
    free(src);
}

/* A known-list file that is JSON but not an object (an array at its root: the campaign of
 * 2026-11-23 found that this crashed the loader, whose key check read the members' names):
 * FILE:1:1 and exit 1, like any other bad input. */
static void test_bad_known_file(void **state)
{
    char *src = path_join2(small_dir, "jsonl/sop1-gcn1.4.jsonl");
    char *known = path_join2(cli_scratch(), "array-known.json");
    gcn_proc_result r;
    (void)state;
    file_write(known, "[0]\n", 4);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", "llvm-mc-14", "--mode", "asm", "--known", known, src, NULL);
    assert_int_equal(expect_input_error(&r, "array-known.json", 1), 1);
    if (!strstr(r.err.data, "expected an object"))
        fail_msg("expected 'expected an object':\n%s", r.err.data);
    gcn_proc_result_free(&r);
    free(known);
    free(src);
}

/* A cmd: assembler that answers two lines and then hangs, or dies: the message names the
 * vector file and the line of the first vector left without an answer, the run reports the
 * unanswered vectors as failures and exits 1. */
static void cmd_fault(const char *after_two, const char *why)
{
    char *src = path_join2(small_dir, "jsonl/sop1-gcn1.4.jsonl");
    char *path = path_join2(cli_scratch(), "five.jsonl"), *text = calloc(1, 1 << 16), impl[256];
    size_t k, len = 0;
    gcn_proc_result r;
    for (k = 1; k <= 5; k++) {
        char *line = line_of(src, k);
        assert_non_null(strstr(line, "\"tag\":\"exact\""));
        len += (size_t)sprintf(text + len, "%s\n", line);
        free(line);
    }
    file_write(path, text, len);
    snprintf(impl, sizeof(impl),
             "cmd:[ \"$GCNSPEC_MODE\" = asm ] || exit 77; read a; echo error: no; read b; "
             "echo error: no; %s",
             after_two);
    memset(&r, 0, sizeof(r));
    cli_run(&r, "check", "--impl", impl, "--timeout", "1", "--timeout-per-vector", "1", "--known",
            known1, "--known", known2, "--known", known3, path, NULL);
    assert_int_equal(expect_input_error(&r, "five.jsonl", 3), 3);
    if (!strstr(r.err.data, why))
        fail_msg("expected '%s' in:\n%s", why, r.err.data);
    if (!strstr(r.out.data, "5 unexplained"))
        fail_msg("expected 5 unexplained (2 answers wrong, 3 missing):\n%s", r.out.data);
    gcn_proc_result_free(&r);
    free(text);
    free(path);
    free(src);
}

static void test_cmd_assembler_hangs(void **state)
{
    (void)state;
    cmd_fault("sleep 30", "timed out");
}

static void test_cmd_assembler_crashes(void **state)
{
    (void)state;
    cmd_fault("kill -SEGV $$", "signal");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oracle_self_check),
        cmocka_unit_test(test_toy_emulator_passes),
        cmocka_unit_test(test_toy_emulator_wrong_result),
        cmocka_unit_test(test_toy_emulator_as_written),
        cmocka_unit_test(test_outcome_set),
        cmocka_unit_test(test_toy_emulator_hangs),
        cmocka_unit_test(test_toy_emulator_crashes),
        cmocka_unit_test(test_toy_emulator_garbles),
        cmocka_unit_test(test_bad_semantic_file),
        cmocka_unit_test(test_bad_encoding_file),
        cmocka_unit_test(test_bad_known_file),
        cmocka_unit_test(test_cmd_assembler_hangs),
        cmocka_unit_test(test_cmd_assembler_crashes),
        cmocka_unit_test(test_deterministic),
    };
    return cmocka_run_group_tests_name("vectors_check", tests, setup, teardown);
}
