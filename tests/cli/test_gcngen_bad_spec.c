/* gcngen tables on a spec with a bad operand: each a file:line message naming what is wrong, a
 * non-zero exit and no output file. The spec is the build's gcn.json with one value changed.
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
};

static void test_bad_operand_is_refused(void **state)
{
    char *spec = file_read(spec_path, NULL), *dir = tmpdir_make();
    char *in = path_join2(dir, "gcn.json"), *out = path_join2(dir, "tables.inc");
    size_t i;
    (void)state;
    assert_non_null(spec);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const bad_case *c = &cases[i];
        const char *at = strstr(spec, c->from);
        char *bad;
        const char *where;
        size_t head;
        char *argv[] = {(char *)gcngen, "tables", "--spec", in, "-o", out, NULL};
        gcn_proc_result r;
        if (!at)
            fail_msg("gcn.json has no %s", c->from);
        head = (size_t)(at - spec);
        bad = malloc(strlen(spec) + strlen(c->to) + 1);
        assert_non_null(bad);
        memcpy(bad, spec, head);
        strcpy(bad + head, c->to);
        strcat(bad, at + strlen(c->from));
        file_write(in, bad, strlen(bad));
        free(bad);
        memset(&r, 0, sizeof(r));
        gcn_proc_run(gcngen, argv, NULL, 0, 120, &r);
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

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bad_operand_is_refused)};
    if (argc != 3) {
        fprintf(stderr, "usage: test_gcngen_bad_spec GCNGEN SPEC_JSON\n");
        return 2;
    }
    gcngen = argv[1];
    spec_path = argv[2];
    return cmocka_run_group_tests_name("gcngen_bad_spec", tests, NULL, NULL);
}
