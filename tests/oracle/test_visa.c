/* vISA DWORD_ATOMIC: the operation table generated from gcn.json (every row, with the page's
 * formula checked against an expectation written here from the row's prose), the channel
 * enable, out-of-bound accesses, Dst = V0 and the channel order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gcnspec/oracle.h"
#include "oracle_test.h"

static int op(const char *name)
{
    int i = gcn_visa_op_lookup(name);
    if (i < 0)
        fail_msg("vISA operation %s missing", name);
    return i;
}

static float f32(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    return f;
}

static uint32_t bits(float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    return v;
}

/* The table's 17 rows, in the page's order, with the codes the Op list gives. */
static void table_rows(void **st)
{
    static const char *const names[] = {"ADD",  "SUB",     "INC",  "DEC",  "MIN",   "MAX",
                                        "XCHG", "CMPXCHG", "AND",  "OR",   "XOR",   "IMIN",
                                        "IMAX", "PREDEC",  "FMAX", "FMIN", "FCMPWR"};
    static const unsigned codes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18};
    unsigned i;
    gcn_visa_op_info info;
    (void)st;
    assert_int_equal(gcn_visa_op_count(), 17);
    for (i = 0; i < 17; i++) {
        assert_int_equal(gcn_visa_op_info_get(i, &info), GCN_OK);
        assert_string_equal(info.name, names[i]);
        assert_int_equal(info.code, codes[i]);
        assert_non_null(strstr(info.at, "002_"));
        assert_non_null(strstr(info.formula, "new ="));
    }
    assert_int_equal(gcn_visa_op_info_get(17, &info), GCN_ERR_INVALID);
    assert_int_equal(gcn_visa_op_lookup("cmpxchg"), op("CMPXCHG"));
    assert_int_equal(gcn_visa_op_lookup("NOPE"), -1);
    /* E038: PREDEC returns the new value, E037 on both compare-and-writes */
    gcn_visa_op_info_get((unsigned)op("PREDEC"), &info);
    assert_true(info.returns_new);
    assert_false(info.reads_src0);
    assert_string_equal(info.errata, "E038");
    gcn_visa_op_info_get((unsigned)op("FCMPWR"), &info);
    assert_string_equal(info.errata, "E037");
    assert_true(info.reads_src1);
    gcn_visa_op_info_get((unsigned)op("INC"), &info);
    assert_false(info.reads_src0);
    assert_false(info.returns_new);
}

/* Each row's formula on boundary values against the row's prose, written out here. */
static void formulas(void **st)
{
    static const uint32_t v[] = {0,          1,          2,          0x7fffffff, 0x80000000,
                                 0xffffffff, 0xfffffffe, 0x12345678, 0x3f800000, 0xbf800000,
                                 0x7fc00000, 0x80000000, 0x00000001, 0x7f800000};
    size_t i, j, k, n = sizeof(v) / sizeof(v[0]);
    (void)st;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            for (k = 0; k < 3; k++) {
                uint32_t o = v[i], a = v[j], b = v[(i + j + k) % n];
                float fo = f32(o), fa = f32(a);
                assert_int_equal(gcn_visa_apply((unsigned)op("ADD"), o, a, b), o + a);
                assert_int_equal(gcn_visa_apply((unsigned)op("SUB"), o, a, b), o - a);
                assert_int_equal(gcn_visa_apply((unsigned)op("INC"), o, a, b), o + 1);
                assert_int_equal(gcn_visa_apply((unsigned)op("DEC"), o, a, b), o - 1);
                assert_int_equal(gcn_visa_apply((unsigned)op("PREDEC"), o, a, b), o - 1);
                assert_int_equal(gcn_visa_apply((unsigned)op("MIN"), o, a, b), o < a ? o : a);
                assert_int_equal(gcn_visa_apply((unsigned)op("MAX"), o, a, b), o > a ? o : a);
                assert_int_equal(gcn_visa_apply((unsigned)op("IMIN"), o, a, b),
                                 (int32_t)o < (int32_t)a ? o : a);
                assert_int_equal(gcn_visa_apply((unsigned)op("IMAX"), o, a, b),
                                 (int32_t)o > (int32_t)a ? o : a);
                assert_int_equal(gcn_visa_apply((unsigned)op("XCHG"), o, a, b), a);
                assert_int_equal(gcn_visa_apply((unsigned)op("CMPXCHG"), o, a, b), o == b ? a : o);
                assert_int_equal(gcn_visa_apply((unsigned)op("AND"), o, a, b), o & a);
                assert_int_equal(gcn_visa_apply((unsigned)op("OR"), o, a, b), o | a);
                assert_int_equal(gcn_visa_apply((unsigned)op("XOR"), o, a, b), o ^ a);
                /* floats: compared as floats (so -0 == +0 and NaN != NaN for FCMPWR) */
                assert_int_equal(gcn_visa_apply((unsigned)op("FCMPWR"), o, a, b), fa == fo ? b : o);
                if (fo == fo && fa == fa && fo != fa) {
                    assert_int_equal(gcn_visa_apply((unsigned)op("FMAX"), o, a, b),
                                     fo > fa ? o : a);
                    assert_int_equal(gcn_visa_apply((unsigned)op("FMIN"), o, a, b),
                                     fo < fa ? o : a);
                }
            }
    /* NaN: minNum/maxNum give the number; -0 is below +0 */
    assert_int_equal(gcn_visa_apply((unsigned)op("FMAX"), 0x7fc00000, bits(2.0f), 0), bits(2.0f));
    assert_int_equal(gcn_visa_apply((unsigned)op("FMIN"), bits(3.0f), 0x7fc00000, 0), bits(3.0f));
    assert_int_equal(gcn_visa_apply((unsigned)op("FMIN"), 0x80000000, 0, 0), 0x80000000);
    assert_int_equal(gcn_visa_apply((unsigned)op("FMAX"), 0x80000000, 0, 0), 0);
}

static gcn_visa_state *state(unsigned n)
{
    gcn_visa_state *s = malloc(sizeof(*s));
    assert_non_null(s);
    assert_int_equal(gcn_visa_state_init(s, n), GCN_OK);
    return s;
}

static uint32_t surf(const gcn_visa_state *s, unsigned off)
{
    uint32_t v;
    memcpy(&v, s->surface + off, 4);
    return v;
}

static void put(gcn_visa_state *s, unsigned off, uint32_t v)
{
    memcpy(s->surface + off, &v, 4);
}

/* the semantics block: dst gets surface[offset] before the update, channels under ChEn */
static void channels(void **st)
{
    gcn_visa_state *s = state(16);
    gcn_diag d;
    unsigned i;
    (void)st;
    for (i = 0; i < 16; i++) {
        s->element_offset[i] = 4 * i + 2; /* byte offsets, unaligned */
        s->src0[i] = 100 + i;
        put(s, 4 * i + 2, 0); /* overlapping? no: 4 apart */
    }
    for (i = 0; i < 16; i++)
        put(s, 4 * i + 2, 1000 * i);
    s->emask = 0xffff & ~(1u << 3);
    s->predicated = 1;
    s->pred = ~(1u << 5);
    assert_int_equal(gcn_visa_chen(s), 0xffff & ~(1u << 3) & ~(1u << 5));
    assert_int_equal(gcn_visa_exec(s, (unsigned)op("ADD"), NULL, &d), GCN_OK);
    for (i = 0; i < 16; i++) {
        int on = i != 3 && i != 5;
        assert_int_equal(surf(s, 4 * i + 2), 1000 * i + (on ? 100 + i : 0));
        assert_int_equal(s->dst[i], on ? 1000 * i : 0);
    }
    /* _NM: the execution mask is ignored, the predicate is not */
    s->nomask = 1;
    assert_int_equal(gcn_visa_chen(s), 0xffff & ~(1u << 5));
    /* exec_size cuts the channels */
    s->exec_size = 4;
    assert_int_equal(gcn_visa_chen(s), 0xf);
    s->exec_size = 3;
    assert_int_equal(gcn_visa_exec(s, 0, NULL, &d), GCN_ERR_INVALID);
    free(s);
}

/* "On read: zeros are returned. On write: data is dropped." */
static void out_of_bounds(void **st)
{
    gcn_visa_state *s = state(4);
    gcn_diag d;
    (void)st;
    s->surface_bytes = 64;
    put(s, 60, 5);
    put(s, 64, 9);             /* past the surface: never read */
    s->element_offset[0] = 60; /* the last dword: in */
    s->element_offset[1] = 61; /* straddles the end: out */
    s->element_offset[2] = 64;
    s->element_offset[3] = 0xfffffffe; /* wraps: out */
    s->src0[0] = s->src0[1] = s->src0[2] = s->src0[3] = 1;
    s->dst[1] = s->dst[2] = s->dst[3] = 0xdead;
    assert_int_equal(gcn_visa_exec(s, (unsigned)op("ADD"), NULL, &d), GCN_OK);
    assert_int_equal(s->dst[0], 5);
    assert_int_equal(surf(s, 60), 6);
    assert_int_equal(s->dst[1], 0);
    assert_int_equal(s->dst[2], 0);
    assert_int_equal(s->dst[3], 0);
    assert_int_equal(surf(s, 64), 9);
    /* PREDEC returns the new value: out of bounds, 0 - 1 */
    assert_int_equal(gcn_visa_exec(s, (unsigned)op("PREDEC"), NULL, &d), GCN_OK);
    assert_int_equal(s->dst[0], 5);
    assert_int_equal(s->dst[2], 0xffffffff);
    free(s);
}

/* Dst = V0 returns nothing; a channel order decides who sees whose value */
static void dst_null_and_order(void **st)
{
    gcn_visa_state *s = state(2), *t = state(2);
    static const uint8_t rev[] = {1, 0};
    gcn_diag d;
    (void)st;
    s->dst_null = 1;
    s->emask = 1; /* channel 1 would exchange at offset 0 too */
    s->dst[0] = 77;
    s->src0[0] = 3;
    assert_int_equal(gcn_visa_exec(s, (unsigned)op("XCHG"), NULL, &d), GCN_OK);
    assert_int_equal(s->dst[0], 77);
    assert_int_equal(surf(s, 0), 3);
    /* both channels exchange at offset 0 */
    t->src0[0] = 10;
    t->src0[1] = 20;
    assert_int_equal(gcn_visa_exec(t, (unsigned)op("XCHG"), NULL, &d), GCN_OK);
    assert_int_equal(t->dst[0], 0);
    assert_int_equal(t->dst[1], 10);
    assert_int_equal(surf(t, 0), 20);
    put(t, 0, 0);
    assert_int_equal(gcn_visa_exec(t, (unsigned)op("XCHG"), rev, &d), GCN_OK);
    assert_int_equal(t->dst[1], 0);
    assert_int_equal(t->dst[0], 20);
    assert_int_equal(surf(t, 0), 10);
    free(s);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(table_rows), cmocka_unit_test(formulas),
                                       cmocka_unit_test(channels), cmocka_unit_test(out_of_bounds),
                                       cmocka_unit_test(dst_null_and_order)};
    return cmocka_run_group_tests_name("oracle_visa", tests, NULL, NULL);
}
