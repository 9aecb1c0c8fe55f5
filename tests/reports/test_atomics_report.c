/* reports/atomics-gcn-vs-visa.json: every claim re-run. Each recorded smallest input gives the
 * recorded outputs again on every generation listed; pairs said to agree agree on every
 * boundary triple; each differing pair is explained and the explanations' stated conditions
 * hold on every input; and a fresh comparison finds what the committed report says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../extract/test_support.h"
#include "gcnspec/codec.h"
#include "gcnspec/oracle.h"
#include "reports/atomics_report.h"
#include "util/json.h"

static gcn_atomics_result fresh;
static gcn_json_doc committed;

static char *src(const char *rel)
{
    size_t n = strlen(test_source_dir()) + strlen(rel) + 2;
    char *p = malloc(n);
    snprintf(p, n, "%s/%s", test_source_dir(), rel);
    return p;
}

static int setup(void **st)
{
    char *spec = src("spec/gcn.json"), *pairs = src("spec/curated/atomics_pairs.json");
    char *json = src("reports/atomics-gcn-vs-visa.json");
    gcn_diag d;
    (void)st;
    if (gcn_atomics_compare(spec, pairs, 4096, 1, &fresh, &d) != GCN_OK) {
        fprintf(stderr, "%s:%u: %s\n", d.file, d.line, d.msg);
        return -1;
    }
    if (gcn_json_load(&committed, json, &d) != GCN_OK) {
        fprintf(stderr, "%s:%u: %s\n", d.file, d.line, d.msg);
        return -1;
    }
    free(spec);
    free(pairs);
    free(json);
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    gcn_atomics_result_free(&fresh);
    gcn_json_free(&committed);
    return 0;
}

static const gcn_atomic_pair *pair(const char *ds, const char *visa)
{
    size_t i;
    for (i = 0; i < fresh.n; i++)
        if (strcmp(fresh.pairs[i].ds, ds) == 0 && strcmp(fresh.pairs[i].visa, visa) == 0)
            return &fresh.pairs[i];
    fail_msg("no pair %s / %s", ds, visa);
    return NULL;
}

static uint32_t hexv(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    assert_true(cJSON_IsString(v));
    return (uint32_t)strtoul(v->valuestring, NULL, 16);
}

/* The committed report's pairs are the fresh run's, and its smallest inputs re-run */
static void committed_claims_rerun(void **st)
{
    const cJSON *pairs = cJSON_GetObjectItemCaseSensitive(committed.root, "pairs"), *o;
    size_t n = 0;
    (void)st;
    cJSON_ArrayForEach(o, pairs)
    {
        const char *ds = cJSON_GetObjectItemCaseSensitive(o, "ds")->valuestring;
        const char *visa = cJSON_GetObjectItemCaseSensitive(o, "visa")->valuestring;
        const cJSON *sm = cJSON_GetObjectItemCaseSensitive(o, "smallest");
        const gcn_atomic_pair *p = pair(ds, visa);
        int g;
        n++;
        assert_int_equal((uint64_t)cJSON_GetObjectItemCaseSensitive(o, "differing")->valuedouble,
                         p->differing);
        assert_int_equal(sm != NULL, p->found);
        if (!sm)
            continue;
        for (g = 0; g < gcn_gen_count(); g++) {
            gcn_atomic_io io;
            gcn_diag d;
            if (!strstr(p->gens, gcn_gen_id(g)))
                continue;
            io.old = hexv(sm, "old");
            io.src0 = hexv(sm, "src0");
            io.src1 = hexv(sm, "src1");
            assert_int_equal(gcn_atomics_run_one(p, g, &io, &d), GCN_OK);
            assert_int_equal(io.gcn_mem, hexv(sm, "gcn_memory"));
            if (p->has_dst)
                assert_int_equal(io.gcn_ret, hexv(sm, "gcn_vdst"));
            assert_int_equal(io.visa_mem, hexv(sm, "visa_surface"));
            assert_int_equal(io.visa_dst, hexv(sm, "visa_dst"));
            assert_true(io.gcn_mem != io.visa_mem || (p->has_dst && io.gcn_ret != io.visa_dst));
        }
        /* a differing pair must be explained */
        assert_true(strlen(cJSON_GetObjectItemCaseSensitive(o, "why")->valuestring) > 20);
    }
    assert_int_equal(n, fresh.n);
    assert_true(fresh.n >= 25); /* ADD..XOR, signed/float min/max, XCHG, CMPST, each +-RTN */
}

/* The whys' conditions: INC, DEC and CMPST (swapped) on the boundary values and more */
static void explanations_hold(void **st)
{
    static const uint32_t v[] = {0,          1,          2,          3,          0x7fffffff,
                                 0x80000000, 0xfffffffe, 0xffffffff, 0x12345678, 0x3f800000};
    const gcn_atomic_pair *inc = pair("DS_INC_RTN_U32", "INC");
    const gcn_atomic_pair *dec = pair("DS_DEC_RTN_U32", "DEC");
    const gcn_atomic_pair *cmp = pair("DS_CMPST_RTN_B32", "CMPXCHG");
    size_t a, b, c, n = sizeof(v) / sizeof(v[0]);
    int g = gcn_gen_lookup("gfx9");
    gcn_diag d;
    (void)st;
    for (a = 0; a < n; a++)
        for (b = 0; b < n; b++) {
            gcn_atomic_io io = {v[a], v[b], 0, 0, 0, 0, 0};
            int agree;
            assert_int_equal(gcn_atomics_run_one(inc, g, &io, &d), GCN_OK);
            agree = io.gcn_mem == io.visa_mem && io.gcn_ret == io.visa_dst;
            assert_int_equal(agree, io.old < io.src0 || io.old == 0xffffffffu);
            assert_int_equal(gcn_atomics_run_one(dec, g, &io, &d), GCN_OK);
            agree = io.gcn_mem == io.visa_mem && io.gcn_ret == io.visa_dst;
            assert_int_equal(agree, (io.old != 0 && io.old <= io.src0) || io.old == io.src0 + 1);
            for (c = 0; c < n; c++) {
                gcn_atomic_io x = {v[a], v[b], v[c], 0, 0, 0, 0}, y;
                assert_int_equal(gcn_atomics_run_one(cmp, g, &x, &d), GCN_OK);
                /* swapped: GCN's VDATA0 is vISA's src1 */
                y = x;
                y.src0 = x.src1;
                y.src1 = x.src0;
                assert_int_equal(gcn_atomics_run_one(cmp, g, &y, &d), GCN_OK);
                /* GCN with (src0, src1) must equal vISA with (src1, src0): y's vISA side */
                assert_int_equal(x.gcn_mem, y.visa_mem);
                assert_int_equal(x.gcn_ret, y.visa_dst);
            }
        }
}

/* Pairs that agree: every boundary triple on every generation listed */
static void agreeing_pairs_agree(void **st)
{
    static const uint32_t v[] = {0,          1,          0x7fffffff, 0x80000000,
                                 0xffffffff, 0x3f800000, 0xff800000, 0x7fc00000};
    size_t i, a, b, c, n = sizeof(v) / sizeof(v[0]), agreeing = 0;
    gcn_diag d;
    (void)st;
    for (i = 0; i < fresh.n; i++) {
        const gcn_atomic_pair *p = &fresh.pairs[i];
        int g = gcn_gen_lookup("gfx9");
        if (p->found)
            continue;
        agreeing++;
        for (a = 0; a < n; a++)
            for (b = 0; b < n; b++)
                for (c = 0; c < n; c++) {
                    gcn_atomic_io io = {v[a], v[b], p->has_src1 ? v[c] : 0, 0, 0, 0, 0};
                    assert_int_equal(gcn_atomics_run_one(p, g, &io, &d), GCN_OK);
                    if (io.gcn_mem != io.visa_mem || (p->has_dst && io.gcn_ret != io.visa_dst))
                        fail_msg("%s / %s differ on 0x%x 0x%x 0x%x", p->ds, p->visa, io.old,
                                 io.src0, io.src1);
                }
    }
    assert_true(agreeing > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(committed_claims_rerun),
                                       cmocka_unit_test(explanations_hold),
                                       cmocka_unit_test(agreeing_pairs_agree)};
    return cmocka_run_group_tests_name("atomics_report", tests, setup, teardown);
}
