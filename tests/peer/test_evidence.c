/* Replays every peer run recorded as evidence in every spec/curated JSON file and spec/errata.json
 * and requires byte-identical output, so a curated fact can never outlive what its peer says. Exits
 * 77 (skipped) when no recorded peer is installed.
 *
 * usage: test_evidence [SOURCE_DIR]   (default: $GCN_SOURCE_DIR, else the current directory) */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evidence_replay.h"
#include "util/buf.h"

#define PEER_TIMEOUT_S 20
#define SKIPPED 77

typedef struct replay_suite {
    const char *source_dir;
    unsigned checked, skipped, runs;
} replay_suite;

/* ---- helpers ------------------------------------------------------------------------------ */

/* A temp JSON file holding text; the caller unlinks and frees the returned path. */
static char *write_temp_json(const char *text)
{
    const char *dir = getenv("TMPDIR");
    gcn_buf path;
    FILE *f;
    int fd;
    gcn_buf_init(&path);
    gcn_buf_printf(&path, "%s/gcn-evidence-XXXXXX", dir && *dir ? dir : "/tmp");
    assert_false(path.oom);
    fd = mkstemp(path.data);
    assert_true(fd >= 0);
    f = fdopen(fd, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
    return gcn_buf_take(&path);
}

/* Reads back everything written to a report stream. */
static char *read_report(FILE *report)
{
    gcn_buf text;
    char chunk[1024];
    size_t n;
    gcn_buf_init(&text);
    rewind(report);
    while ((n = fread(chunk, 1, sizeof(chunk), report)) > 0)
        gcn_buf_append(&text, chunk, n);
    gcn_buf_putc(&text, '\0');
    assert_false(text.oom);
    return gcn_buf_take(&text);
}

typedef struct check_result {
    evidence_checker checker;
    char *report;
    char *path;
} check_result;

/* Checks one temp JSON document with the given per-run timeout. */
static void check_text(check_result *res, const char *json, unsigned timeout_s)
{
    FILE *report = tmpfile();
    gcn_diag diag;
    assert_non_null(report);
    res->path = write_temp_json(json);
    evidence_checker_init(&res->checker, report, timeout_s);
    gcn_diag_clear(&diag);
    assert_int_equal(evidence_check_file(&res->checker, res->path, &diag), GCN_OK);
    res->report = read_report(report);
    fclose(report);
}

static void check_result_free(check_result *res)
{
    unlink(res->path);
    free(res->path);
    free(res->report);
    evidence_checker_free(&res->checker);
}

/* One evidence object in a small document; `cat` and `sh` are on every POSIX system. */
#define CAT_EVIDENCE(stdout_text, cmd_text)                                                        \
    "{\n"                                                                                          \
    "  \"facts\": [\n"                                                                             \
    "    {\n"                                                                                      \
    "      \"evidence\": [\n"                                                                      \
    "        {\"peer\": \"cat\", \"args\": [], \"stdin\": \"hello\\n\",\n"                         \
    "         \"cmd\": \"" cmd_text "\",\n"                                                        \
    "         \"stdout\": \"" stdout_text "\", \"stderr\": \"\"}\n"                                \
    "      ]\n"                                                                                    \
    "    }\n"                                                                                      \
    "  ]\n"                                                                                        \
    "}\n"

/* ---- unit tests of the checker ------------------------------------------------------------ */

static void test_cmd_quotes_like_the_curate_tools(void **state)
{
    static const char *const args[] = {"-arch=amdgcn", "-mcpu=tahiti", "a b", "it's"};
    gcn_buf cmd;
    (void)state;
    gcn_buf_init(&cmd);
    evidence_cmd(&cmd, "llvm-mc-14", args, 4, "s_mov_b32 s0, s1\n\t100% \\ 'q'\x01");
    assert_string_equal(cmd.data, "printf 's_mov_b32 s0, s1\\n\\t100%% \\\\ '\\''q'\\''\\001' | "
                                  "llvm-mc-14 -arch=amdgcn -mcpu=tahiti 'a b' 'it'\\''s'");
    gcn_buf_free(&cmd);
}

static void test_matching_evidence_passes(void **state)
{
    check_result res;
    (void)state;
    check_text(&res, CAT_EVIDENCE("hello\\n", "printf 'hello\\\\n' | cat"), PEER_TIMEOUT_S);
    assert_string_equal(res.report, "");
    assert_int_equal(res.checker.checked, 1);
    assert_int_equal(res.checker.failed, 0);
    check_result_free(&res);
}

static void test_tampered_stdout_is_reported_at_its_line(void **state)
{
    check_result res;
    gcn_buf want;
    (void)state;
    check_text(&res, CAT_EVIDENCE("hellO\\n", "printf 'hello\\\\n' | cat"), PEER_TIMEOUT_S);
    assert_int_equal(res.checker.failed, 1);
    gcn_buf_init(&want);
    gcn_buf_printf(&want,
                   "%s:7:10: evidence for printf 'hello\\n' | cat: stdout differs: "
                   "expected \"hellO\\n\" got \"hello\\n\"\n",
                   res.path);
    assert_string_equal(res.report, want.data);
    gcn_buf_free(&want);
    check_result_free(&res);
}

static void test_tampered_stderr_is_detected(void **state)
{
    check_result res;
    (void)state;
    check_text(&res,
               "[{\"peer\": \"sh\", \"args\": [\"-c\", \"echo oops >&2\"], \"stdin\": \"\",\n"
               "  \"cmd\": \"printf '' | sh -c 'echo oops >&2'\",\n"
               "  \"stdout\": \"\", \"stderr\": \"oops!\\n\"}]\n",
               PEER_TIMEOUT_S);
    assert_int_equal(res.checker.failed, 1);
    assert_non_null(strstr(res.report, ":3:17: evidence for printf '' | sh -c 'echo oops >&2': "
                                       "stderr differs: expected \"oops!\\n\" got \"oops\\n\""));
    check_result_free(&res);
}

static void test_cmd_that_does_not_match_is_detected(void **state)
{
    check_result res;
    (void)state;
    check_text(&res, CAT_EVIDENCE("hello\\n", "printf 'hello\\\\n' | cat -A"), PEER_TIMEOUT_S);
    assert_int_equal(res.checker.failed, 1);
    assert_non_null(strstr(res.report, ":6:10: evidence for printf 'hello\\n' | cat -A: cmd does "
                                       "not match peer, args and stdin: expected printf "
                                       "'hello\\n' | cat\n"));
    check_result_free(&res);
}

static void test_long_outputs_show_the_first_differing_line(void **state)
{
    static const char line[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n";
    static const char changed[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxy\\n";
    static const char cmd_line[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\\\n";
    check_result res;
    gcn_buf in, claimed, cmd, json;
    int i;
    (void)state;
    /* Ten lines of x; the evidence claims a y at the end of line 7. */
    gcn_buf_init(&in);
    gcn_buf_init(&claimed);
    gcn_buf_init(&cmd);
    gcn_buf_init(&json);
    for (i = 0; i < 10; i++) {
        gcn_buf_puts(&in, line);
        gcn_buf_puts(&cmd, cmd_line);
        gcn_buf_puts(&claimed, i == 6 ? changed : line);
    }
    gcn_buf_printf(&json,
                   "{\"peer\": \"cat\", \"args\": [], \"stdin\": \"%s\", \"cmd\": "
                   "\"printf '%s' | cat\", \"stdout\": \"%s\", \"stderr\": \"\"}\n",
                   in.data, cmd.data, claimed.data);
    check_text(&res, json.data, PEER_TIMEOUT_S);
    assert_int_equal(res.checker.failed, 1);
    /* The excerpt starts at the differing line; in the report \n is written as in JSON. */
    gcn_buf_reset(&json);
    gcn_buf_printf(&json, "stdout differs: expected ...\"%s%s", changed, line);
    assert_non_null(strstr(res.report, json.data));
    assert_non_null(strstr(res.report, "(first difference on output line 7)\n"));
    gcn_buf_free(&in);
    gcn_buf_free(&claimed);
    gcn_buf_free(&cmd);
    gcn_buf_free(&json);
    check_result_free(&res);
}

static void test_missing_peer_is_skipped(void **state)
{
    check_result res;
    (void)state;
    check_text(&res,
               "[{\"peer\": \"gcnspec-no-such-peer\", \"args\": [], \"stdin\": \"\",\n"
               "  \"cmd\": \"printf '' | gcnspec-no-such-peer\", \"stdout\": \"x\", "
               "\"stderr\": \"\"}]\n",
               PEER_TIMEOUT_S);
    assert_string_equal(res.report, "");
    assert_int_equal(res.checker.skipped, 1);
    assert_int_equal(res.checker.checked, 0);
    assert_int_equal(res.checker.failed, 0);
    check_result_free(&res);
}

static void test_errata_shaped_evidence_is_found(void **state)
{
    check_result res;
    (void)state;
    check_text(&res,
               "{\"errata\": [{\"id\": \"e1\", \"evidence\": {\"quotes\": [], \"peers\": [\n"
               "  {\"peer\": \"cat\", \"args\": [], \"stdin\": \"a\\n\", \"cmd\": \"printf "
               "'a\\\\n' | cat\", \"stdout\": \"a\\n\", \"stderr\": \"\"},\n"
               "  {\"peer\": \"cat\", \"args\": [], \"stdin\": \"a\\n\", \"cmd\": \"printf "
               "'a\\\\n' | cat\", \"stdout\": \"b\\n\", \"stderr\": \"\"}]}}],\n"
               " \"peers\": [{\"peer\": \"cat\", \"version\": \"any\"}]}\n",
               PEER_TIMEOUT_S);
    assert_int_equal(res.checker.checked, 2);
    assert_int_equal(res.checker.failed, 1);
    assert_int_equal(res.checker.runs, 1); /* the same run is replayed once */
    assert_non_null(strstr(res.report, ":3:77: evidence for printf 'a\\n' | cat: stdout differs"));
    check_result_free(&res);
}

static void test_malformed_evidence_is_reported(void **state)
{
    check_result res;
    (void)state;
    check_text(&res,
               "[{\"peer\": \"cat\", \"args\": [1], \"stdin\": \"\", \"cmd\": \"\", "
               "\"stdout\": \"\", \"stderr\": \"\"},\n"
               " {\"peer\": \"cat\", \"args\": [], \"stdin\": \"\", \"cmd\": \"printf '' | cat\", "
               "\"stdout\": \"\", \"stderr\": \"\", \"exit\": 0}]\n",
               PEER_TIMEOUT_S);
    assert_int_equal(res.checker.failed, 2);
    assert_non_null(strstr(res.report, ":1:27: evidence args must be strings\n"));
    assert_non_null(strstr(res.report, ":2:97: unknown key \"exit\"\n"));
    check_result_free(&res);
}

static void test_bad_json_gives_its_position(void **state)
{
    evidence_checker checker;
    gcn_diag diag;
    char *path = write_temp_json("{\n  \"facts\": [1, 2,]\n}\n");
    (void)state;
    evidence_checker_init(&checker, stderr, PEER_TIMEOUT_S);
    gcn_diag_clear(&diag);
    assert_int_equal(evidence_check_file(&checker, path, &diag), GCN_ERR_SYNTAX);
    assert_int_equal(diag.line, 2);
    evidence_checker_free(&checker);
    unlink(path);
    free(path);
}

static void test_hung_peer_times_out(void **state)
{
    check_result res;
    (void)state;
    check_text(&res,
               "[{\"peer\": \"sleep\", \"args\": [\"10\"], \"stdin\": \"\", \"cmd\": \"printf '' "
               "| sleep 10\", \"stdout\": \"\", \"stderr\": \"\"}]\n",
               1);
    assert_int_equal(res.checker.failed, 1);
    assert_non_null(strstr(res.report, "evidence for printf '' | sleep 10: timed out after 1 s\n"));
    check_result_free(&res);
}

/* ---- the curated evidence ----------------------------------------------------------------- */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The JSON files of spec/curated sorted by name, then spec/errata.json when present. */
static char **evidence_files(const char *source_dir, size_t *count)
{
    gcn_buf dir_path;
    char **files = NULL;
    size_t n = 0;
    struct dirent *ent;
    DIR *dir;

    gcn_buf_init(&dir_path);
    gcn_buf_printf(&dir_path, "%s/spec/curated", source_dir);
    dir = opendir(dir_path.data);
    if (!dir)
        fail_msg("%s: cannot open: the curated facts are missing", dir_path.data);
    while ((ent = readdir(dir)) != NULL) {
        size_t len = strlen(ent->d_name);
        gcn_buf file;
        if (len < 6 || strcmp(ent->d_name + len - 5, ".json") != 0)
            continue;
        gcn_buf_init(&file);
        gcn_buf_printf(&file, "%s/%s", dir_path.data, ent->d_name);
        files = realloc(files, (n + 2) * sizeof(*files));
        assert_non_null(files);
        files[n++] = gcn_buf_take(&file);
    }
    closedir(dir);
    qsort(files, n, sizeof(*files), cmp_names);
    {
        gcn_buf errata;
        gcn_buf_init(&errata);
        gcn_buf_printf(&errata, "%s/spec/errata.json", source_dir);
        if (access(errata.data, F_OK) == 0) {
            files = realloc(files, (n + 1) * sizeof(*files));
            assert_non_null(files);
            files[n++] = gcn_buf_take(&errata);
        } else {
            gcn_buf_free(&errata);
        }
    }
    gcn_buf_free(&dir_path);
    *count = n;
    return files;
}

static void test_curated_evidence_replays(void **state)
{
    replay_suite *suite = *state;
    evidence_checker checker;
    unsigned bad_files = 0;
    size_t n, i;
    char **files = evidence_files(suite->source_dir, &n);

    assert_true(n > 0);
    evidence_checker_init(&checker, stderr, PEER_TIMEOUT_S);
    for (i = 0; i < n; i++) {
        gcn_diag diag;
        gcn_diag_clear(&diag);
        if (evidence_check_file(&checker, files[i], &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            bad_files++;
        }
        free(files[i]);
    }
    free(files);
    suite->checked = checker.checked;
    suite->skipped = checker.skipped;
    suite->runs = checker.runs;
    fprintf(stderr, "evidence: %u replayed (%u peer runs), %u skipped, %u failed\n",
            checker.checked, checker.runs, checker.skipped, checker.failed);
    assert_int_equal(bad_files, 0);
    assert_int_equal(checker.failed, 0);
    evidence_checker_free(&checker);
}

int main(int argc, char **argv)
{
    replay_suite suite;
    const char *env = getenv("GCN_SOURCE_DIR");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cmd_quotes_like_the_curate_tools),
        cmocka_unit_test(test_matching_evidence_passes),
        cmocka_unit_test(test_tampered_stdout_is_reported_at_its_line),
        cmocka_unit_test(test_tampered_stderr_is_detected),
        cmocka_unit_test(test_cmd_that_does_not_match_is_detected),
        cmocka_unit_test(test_long_outputs_show_the_first_differing_line),
        cmocka_unit_test(test_missing_peer_is_skipped),
        cmocka_unit_test(test_errata_shaped_evidence_is_found),
        cmocka_unit_test(test_malformed_evidence_is_reported),
        cmocka_unit_test(test_bad_json_gives_its_position),
        cmocka_unit_test(test_hung_peer_times_out),
        cmocka_unit_test_prestate(test_curated_evidence_replays, &suite),
    };
    int failed;

    memset(&suite, 0, sizeof(suite));
    suite.source_dir = argc > 1 ? argv[1] : env && *env ? env : ".";
    failed = cmocka_run_group_tests_name("peer_evidence", tests, NULL, NULL);
    if (failed)
        return failed;
    if (suite.checked == 0 && suite.skipped > 0) {
        fprintf(stderr, "skipped: none of the %u recorded peer runs has its peer installed\n",
                suite.skipped);
        return SKIPPED;
    }
    return 0;
}
