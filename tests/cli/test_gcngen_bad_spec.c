/* gcngen tables on a spec with a bad operand: each a file:line message naming what is wrong, a
 * non-zero exit and no output file. The spec is the build's gcn.json with one value changed.
 * And one it takes: encodings nested in VOP1/VOP2/VOPC by SRC0's code, as SDWA's and DPP's.
 *
 *   test_gcngen_bad_spec GCNGEN SPEC_JSON */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../extract/test_support.h"
#include "util/proc.h"

static const char *gcngen, *spec_path;

/* A 64-bit encoding BASE_X that nests in BASE by SRC0's code (as SDWA's and DPP's do, 0xf9 and
 * 0xfa), on GCN 1.0: BASE's word with SRC0 (here VSRC0) fixed to CODE, and a second dword. GCN
 * 1.0, since the spec has the real forms (VOP1_SDWA ...) on GCN 1.2/1.4, whose VOP1_SDWA is the
 * meet the last case below must lack. */
#define SDWA_LIKE(base, word, enc, code)                                                           \
    "{\"name\": \"" base "_X\", \"modifiers\": [], \"layouts\": [{\"gens\": [\"gcn1.0\"], "        \
    "\"bits\": 64, \"fields\": [" word ", {\"name\": \"SRC0\", \"lo\": 32, \"hi\": 39}], "         \
    "\"fixed\": [{\"field\": \"ENCODING\", \"value\": \"" enc "\"}, {\"field\": \"VSRC0\", "       \
    "\"value\": \"" code "\"}]}]}"
#define FIELD(name, lo, hi) "{\"name\": \"" name "\", \"lo\": " #lo ", \"hi\": " #hi "}"
#define VOP1_WORD                                                                                  \
    FIELD("VSRC0", 0, 8)                                                                           \
    "," FIELD("OPCODE", 9, 16) "," FIELD("VDST", 17, 24) "," FIELD("ENCODING", 25, 31)
#define VOP2_WORD                                                                                  \
    FIELD("VSRC0", 0, 8)                                                                           \
    "," FIELD("VSRC1", 9, 16) "," FIELD("VDST", 17, 24) "," FIELD("OPCODE", 25, 30) "," FIELD(     \
        "ENCODING", 31, 31)
#define VOPC_WORD                                                                                  \
    FIELD("VSRC0", 0, 8)                                                                           \
    "," FIELD("VSRC1", 9, 16) "," FIELD("OPCODE", 17, 24) "," FIELD("ENCODING", 25, 31)

typedef struct bad_case {
    const char *from, *to; /* the first occurrence of from in gcn.json becomes to */
    const char *named;     /* what the message must say */
} bad_case;

static const bad_case cases[] = {
    {"\"register\": \"m0\"", "\"register\": \"m9\"", "register_only: no register m9 on gcn1.2"},
    {"\"gens\": [\"gcn1.2\"]}", "\"gens\": [\"gcn9.9\"]}", "register_only: no register m0"},
    {"{\"register\": \"m0\",", "{\"reg\": \"m0\",", "register_only is {register, gens}"},
    {"\"kind\": \"sbase\"", "\"kind\": \"no-such-kind\"", "is not one the codec implements"},
    /* an operand written with a flag names one of the instruction's flag modifiers */
    {"\"when\": \"GLC\"", "\"when\": \"VADDR\"", "which is no flag modifier of it"},
    /* a modifier's largest value is 2^k - 1 (a check of k bits) */
    {"\"omit_zero\": true, \"max\": 4095}", "\"omit_zero\": true, \"max\": 4000}",
     "\"max\" is 2^k - 1"},
    /* a buffer format needs its NFMT field, and a name for each value of each part */
    {"\"format\": \"buf-format\", \"nfmt_field\": \"NFMT\"}",
     "\"format\": \"buf-format\", \"nfmt_field\": \"NONE\"}", "needs its NFMT field"},
    {"{\"value\": 0, \"name\": \"BUF_DATA_FORMAT_INVALID\"",
     "{\"value\": 16, \"name\": \"BUF_DATA_FORMAT_INVALID\"", "a dfmt name: a value 0-15"},
    {"{\"value\": 7, \"name\": \"BUF_NUM_FORMAT_FLOAT\"",
     "{\"value\": 6, \"name\": \"BUF_NUM_FORMAT_FLOAT\"", "a nfmt name: a value 0-7 named once"},
    /* an encoding nested in VOP1/VOP2/VOPC by SRC0's code (SDWA's 0xf9) needs a code no
     * source may hold: s1 is V_BFREV_B32's (and every VOP1 instruction's) own word */
    {"\"encodings\": [",
     "\"encodings\": [" SDWA_LIKE("VOP1", VOP1_WORD, "0x3f", "0x1") "," SDWA_LIKE(
         "VOP2", VOP2_WORD, "0x0", "0x1") "," SDWA_LIKE("VOPC", VOPC_WORD, "0x3e", "0x1") ",",
     "can match a word of VOP1_X on gcn1.0, which fixes more bits"},
    /* VOP1 and a VOP2 nested by SRC0's code overlap (VOP2's opcode 63 with SRC0 0xf9): they
     * need the encoding that fixes the bits of both (VOP1's own) */
    {"\"encodings\": [", "\"encodings\": [" SDWA_LIKE("VOP2", VOP2_WORD, "0x0", "0xf9") ",",
     "VOP2_X and VOP1 can match the same word on gcn1.0, and neither fixes every bit"},
};

/* Runs gcngen tables on spec with the first occurrence of from made to (in: the spec file it
 * writes, out: the tables it asks for). */
static void run_changed(const char *spec, const char *from, const char *to, const char *in,
                        const char *out, gcn_proc_result *r)
{
    const char *at = strstr(spec, from);
    char *changed;
    size_t head;
    char *argv[] = {(char *)gcngen, "tables", "--spec", (char *)in, "-o", (char *)out, NULL};
    if (!at)
        fail_msg("gcn.json has no %s", from);
    head = (size_t)(at - spec);
    changed = malloc(strlen(spec) + strlen(to) + 1);
    assert_non_null(changed);
    memcpy(changed, spec, head);
    strcpy(changed + head, to);
    strcat(changed, at + strlen(from));
    file_write(in, changed, strlen(changed));
    free(changed);
    memset(r, 0, sizeof(*r));
    gcn_proc_run(gcngen, argv, NULL, 0, 120, r);
}

static void test_bad_operand_is_refused(void **state)
{
    char *spec = file_read(spec_path, NULL), *dir = tmpdir_make();
    char *in = path_join2(dir, "gcn.json"), *out = path_join2(dir, "tables.inc");
    size_t i;
    (void)state;
    assert_non_null(spec);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const bad_case *c = &cases[i];
        const char *where;
        gcn_proc_result r;
        run_changed(spec, c->from, c->to, in, out, &r);
        if (r.exit_code == 0 || r.signal)
            fail_msg("%s -> %s: exit %d, signal %d", c->from, c->to, r.exit_code, r.signal);
        where = r.err.data ? strstr(r.err.data, "gcn.json:") : NULL;
        if (!where || where[9] < '1' || where[9] > '9' || !strstr(r.err.data, c->named))
            fail_msg("%s -> %s: the message does not say '%s' at gcn.json:LINE:\n%s", c->from,
                     c->to, c->named, r.err.data ? r.err.data : "");
        if (file_exists(out))
            fail_msg("%s -> %s: gcngen left %s", c->from, c->to, out);
        gcn_proc_result_free(&r);
    }
    free(in);
    free(out);
    tmpdir_remove(dir);
    free(dir);
    free(spec);
}

/* How many lines of the dispatch table in the tables at path contain what. */
static unsigned dispatch_lines(const char *path, const char *what)
{
    char *text = file_read(path, NULL), *at, *end, *line;
    unsigned n = 0;
    assert_non_null(text);
    at = strstr(text, "gcn_dispatch_rows[");
    assert_non_null(at);
    end = strstr(at, "\n};");
    assert_non_null(end);
    *end = 0;
    for (line = at; (line = strchr(line, '\n')) != NULL; line++) {
        char *eol = strchr(line + 1, '\n');
        if (eol)
            *eol = 0;
        n += strstr(line + 1, what) != NULL;
        if (eol)
            *eol = '\n';
    }
    free(text);
    return n;
}

/* The SDWA/DPP shape gcngen takes: encodings nested in VOP1, VOP2 and VOPC by SRC0's code
 * 0xf9, which no source holds (scalar_operands: reserved), and no instruction that reads no
 * SRC0 (V_NOP) claims; VOP1_X, nested in both VOP1 and VOP2_X, fixes the bits of both. The
 * dispatch rows stay VOP1's, VOP2's and VOPC's, marked nested, not scans: as many scan rows
 * (enc 254, GCN_ENC_SCAN) as without them. The build's spec has the shape already (the SDWA and
 * DPP forms on GCN 1.2/1.4: 2^8 nested rows of the 2^9 top-bit values on each); the test adds
 * it on GCN 1.0. */
static void test_sdwa_like_nesting_is_taken(void **state)
{
    char *spec = file_read(spec_path, NULL), *dir = tmpdir_make();
    char *in = path_join2(dir, "gcn.json"), *out = path_join2(dir, "tables.inc");
    gcn_proc_result r;
    unsigned scans;
    (void)state;
    assert_non_null(spec);
    run_changed(spec, "\"schema\"", "\"schema\"", in, out, &r);
    if (r.exit_code != 0 || r.signal || !file_exists(out))
        fail_msg("gcngen refused the build's spec: exit %d:\n%s", r.exit_code,
                 r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    scans = dispatch_lines(out, "{.enc = 254,");
    assert_int_equal(dispatch_lines(out, ", 1},"), 2 * 256);
    run_changed(
        spec, "\"encodings\": [",
        "\"encodings\": [" SDWA_LIKE("VOP1", VOP1_WORD, "0x3f", "0xf9") "," SDWA_LIKE(
            "VOP2", VOP2_WORD, "0x0", "0xf9") "," SDWA_LIKE("VOPC", VOPC_WORD, "0x3e", "0xf9") ",",
        in, out, &r);
    if (r.exit_code != 0 || r.signal || !file_exists(out))
        fail_msg("gcngen refused the SDWA-like encodings: exit %d, signal %d:\n%s", r.exit_code,
                 r.signal, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    /* GCN 1.0's VOP1, VOP2 and VOPC rows too: 2^8 of the 2^9 top-bit values */
    assert_int_equal(dispatch_lines(out, ", 1},"), 3 * 256);
    assert_int_equal(dispatch_lines(out, "{.enc = 254,"), scans);
    free(in);
    free(out);
    tmpdir_remove(dir);
    free(dir);
    free(spec);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bad_operand_is_refused),
                                       cmocka_unit_test(test_sdwa_like_nesting_is_taken)};
    if (argc != 3) {
        fprintf(stderr, "usage: test_gcngen_bad_spec GCNGEN SPEC_JSON\n");
        return 2;
    }
    gcngen = argv[1];
    spec_path = argv[2];
    return cmocka_run_group_tests_name("gcngen_bad_spec", tests, NULL, NULL);
}
