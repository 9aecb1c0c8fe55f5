/* State files: every form the schema allows loads as it says, a whole state printed with
 * --full loads back to the same state, a diff holds only what changed, and every kind of bad
 * state file gets file:line:col and a message naming what is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

static gcn_wave_state *load(const char *text, int gen)
{
    gcn_wave_state *s = malloc(sizeof(*s));
    gcn_diag d;
    assert_non_null(s);
    if (gcn_state_from_json(s, gen, text, strlen(text), "st.json", &d) != GCN_OK)
        fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
    return s;
}

static void forms(void **st)
{
    static const char text[] =
        "{\"generation\": \"tonga\", \"pc\": \"0x1000\", \"scc\": 1, \"csp\": 3, \"clock\": 9,\n"
        " \"sgprs\": {\"s0\": 5, \"vcc\": \"0x123456789\", \"s[8:11]\": [1, 2, 3, "
        "\"0xffffffff\"],\n"
        "           \"m0\": \"0xffffffff\", \"exec_lo\": \"0xff\", \"ttmp3\": 7, \"s[4:5]\": "
        "\"0x100000002\"},\n"
        " \"vgprs\": {\"v0\": \"0x5\", \"v1\": {\"base\": 16, \"step\": 4},\n"
        "           \"v2\": {\"lanes\": {\"0\": 1, \"4-7\": 2}, \"rest\": 9}, \"V255\": 3},\n"
        " \"lds\": {\"0x10\": \"0x11223344\", \"0x20\": [1, 2], \"0x30\": {\"bytes\": \"aa "
        "bb\"}},\n"
        " \"gds\": {\"0\": 7},\n"
        " \"smem\": {\"0xffffffff00\": [\"0x01020304\", 5]}}\n";
    gcn_wave_state *s = load(text, -1);
    unsigned k;
    uint32_t w[2];
    (void)st;
    assert_int_equal(s->gen, gcn_gen_lookup("gcn1.2"));
    assert_int_equal(s->pc, 0x1000);
    assert_int_equal(s->scc, 1);
    assert_int_equal(s->csp, 3);
    assert_int_equal(s->clock, 9);
    assert_int_equal(ot_s(s, 0), 5);
    assert_true(gcn_state_vcc(s) == 0x123456789ull);
    assert_int_equal(ot_s(s, 8), 1);
    assert_int_equal(ot_s(s, 11), 0xffffffffu);
    assert_int_equal(ot_s(s, 4), 2);
    assert_int_equal(ot_s(s, 5), 1);
    assert_int_equal(gcn_state_m0(s), 0xffffffffu);
    assert_true(gcn_state_exec(s) == 0xff);
    assert_int_equal(s->sreg[gcn_state_ttmp_code(s, 3)], 7);
    for (k = 0; k < GCN_LANES; k++) {
        assert_int_equal(s->vgpr[0][k], 5);
        assert_int_equal(s->vgpr[1][k], 16 + 4 * k);
        assert_int_equal(s->vgpr[2][k], k == 0 ? 1 : k >= 4 && k <= 7 ? 2 : 9);
        assert_int_equal(s->vgpr[255][k], 3);
    }
    assert_int_equal(ot_lds_read32(s, 0x10), 0x11223344);
    assert_int_equal(ot_lds_read32(s, 0x24), 2);
    assert_int_equal(s->lds[0x30], 0xaa);
    assert_int_equal(s->lds[0x31], 0xbb);
    assert_int_equal(s->gds[0], 7);
    gcn_smem_read(s, 0xffffffff00ull, w, 8);
    assert_int_equal(w[0], 0x01020304);
    assert_int_equal(w[1], 5);
    free(s);
}

/* the states are the same (scalar memory compared by contents, not page order) */
static void expect_same(const gcn_wave_state *a, const gcn_wave_state *b)
{
    unsigned i;
    assert_int_equal(a->gen, b->gen);
    assert_memory_equal(a->sreg, b->sreg, sizeof(a->sreg));
    assert_memory_equal(a->vgpr, b->vgpr, sizeof(a->vgpr));
    assert_memory_equal(a->lds, b->lds, sizeof(a->lds));
    assert_memory_equal(a->gds, b->gds, sizeof(a->gds));
    assert_int_equal(a->scc, b->scc);
    assert_true(a->pc == b->pc);
    assert_int_equal(a->csp, b->csp);
    assert_int_equal(a->lgkm_cnt, b->lgkm_cnt);
    assert_true(a->clock == b->clock);
    for (i = 0; i < a->smem.npages; i++) {
        uint8_t x[GCN_SMEM_PAGE_BYTES], y[GCN_SMEM_PAGE_BYTES];
        gcn_smem_read(a, a->smem.page_addr[i], x, sizeof(x));
        gcn_smem_read(b, a->smem.page_addr[i], y, sizeof(y));
        assert_memory_equal(x, y, sizeof(x));
    }
    for (i = 0; i < b->smem.npages; i++) {
        uint8_t x[GCN_SMEM_PAGE_BYTES], y[GCN_SMEM_PAGE_BYTES];
        gcn_smem_read(a, b->smem.page_addr[i], x, sizeof(x));
        gcn_smem_read(b, b->smem.page_addr[i], y, sizeof(y));
        assert_memory_equal(x, y, sizeof(x));
    }
}

static void round_trip(void **st)
{
    gcn_wave_state *s = malloc(sizeof(*s)), *t = malloc(sizeof(*t));
    uint64_t seed = 77;
    int gen;
    (void)st;
    assert_non_null(s);
    assert_non_null(t);
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        char *json;
        gcn_diag d;
        uint32_t v = 0xabcdef;
        ot_random_state(s, gen, &seed);
        s->lgkm_cnt = 12;
        s->vgpr[3][5] = 1; /* a register that is neither uniform nor a progression */
        assert_int_equal(gcn_smem_write(s, 0xfffffffffffffff0ull, &v, 4), GCN_OK);
        json = gcn_state_to_json(s, NULL);
        assert_non_null(json);
        if (gcn_state_from_json(t, -1, json, strlen(json), "full.json", &d) != GCN_OK)
            fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
        expect_same(s, t);
        free(json);
    }
    free(s);
    free(t);
}

static void diff_holds_what_changed(void **st)
{
    gcn_wave_state *s = ot_state("gfx9"), *before = malloc(sizeof(*before));
    char *json;
    (void)st;
    assert_non_null(before);
    ot_set_s(s, 0, 3);
    s->vgpr[1][0] = 0x40;
    memcpy(before, s, sizeof(*s));
    ot_run(s, "s_bcnt1_i32_b32 s1, s0", GCN_AS_WRITTEN);
    json = gcn_state_to_json(s, before);
    assert_non_null(json);
    assert_non_null(strstr(json, "\"s1\": \"0x00000002\""));
    assert_non_null(strstr(json, "\"pc\": \"0x4\""));
    assert_null(strstr(json, "\"s0\""));
    assert_null(strstr(json, "vgprs"));
    assert_null(strstr(json, "\"lds\""));
    free(json);
    free(before);
    ot_free(s);
}

typedef struct bad_case {
    const char *text;
    int gen; /* the run's generation: -1 to take the file's */
    unsigned line, col;
    const char *msg;
} bad_case;

static void bad_state_files(void **st)
{
    static const bad_case cases[] = {
        {"{\"sgprs\": {", -1, 1, 0, ""},
        {"[1, 2]", 0, 1, 1, "a state file is a JSON object"},
        {"{\"generation\": \"gfx9\", \"bogus\": 1}", -1, 1, 0, "bogus"},
        {"{\"sgprs\": {}}", -1, 1, 1, "generation"},
        {"{\"generation\": \"gfx11\"}", -1, 1, 2,
         "unknown generation 'gfx11': one of gcn1.0 (gfx6, tahiti), gcn1.1 (gfx7, bonaire), "
         "gcn1.2 (gfx8, tonga), gcn1.4 (gfx9, gfx900)"},
        {"{\"generation\": \"gfx9\"}", 0, 1, 2, "the state is for gcn1.4, the run for gcn1.0"},
        {"{\"generation\": \"gfx9\",\n \"sgprs\": {\"s0\": 1,\n  \"s102\": 2}}", -1, 3, 3,
         "'s102' is no scalar register of gcn1.4: it has s0 to s101, ttmp0 to ttmp15"},
        {"{\"generation\": \"gfx6\", \"sgprs\": {\"ttmp12\": 1}}", -1, 1, 0,
         "'ttmp12' is no scalar register of gcn1.0: it has s0 to s103, ttmp0 to ttmp11"},
        {"{\"generation\": \"gfx6\", \"sgprs\": {\"flat_scratch\": 1}}", -1, 1, 0,
         "no scalar register"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"s0\": \"0x100000000\"}}", -1, 1, 0,
         "does not fit 32 bits"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"s0\": -1}}", -1, 1, 0, "non-negative"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"s0\": 1.5}}", -1, 1, 0, "non-negative"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"s0\": \"12z\"}}", -1, 1, 0,
         "\"12z\" is not a number"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"s[4:7]\": [1, 2]}}", -1, 1, 0,
         "has 4 registers"},
        {"{\"generation\": \"gfx9\", \"sgprs\": {\"0.5\": 1}}", -1, 1, 0, "no scalar register"},
        {"{\"generation\": \"gfx9\", \"sgprs\": [1]}", -1, 1, 0, "\"sgprs\" must be an object"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v256\": 1}}", -1, 1, 0, "'v256' is no VGPR"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"s1\": 1}}", -1, 1, 0, "'s1' is no VGPR"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v1\": [1, 2]}}", -1, 1, 0, "all 64 lanes"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v1\": {\"lanes\": {\"64\": 1}}}}", -1, 1, 0,
         "'64' is no lane"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v1\": {\"lanes\": {\"5-3\": 1}}}}", -1, 1, 0,
         "'5-3' is no lane"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v1\": {\"base\": 1, \"rest\": 2}}}", -1, 1, 0,
         "either"},
        {"{\"generation\": \"gfx9\", \"vgprs\": {\"v1\": {\"stride\": 1}}}", -1, 1, 0, "stride"},
        {"{\"generation\": \"gfx9\", \"lds\": {\"0x10000\": 1}}", -1, 1, 0, "end beyond"},
        {"{\"generation\": \"gfx9\", \"lds\": {\"0xfffe\": 1}}", -1, 1, 0, "end beyond"},
        {"{\"generation\": \"gfx9\", \"lds\": {\"here\": 1}}", -1, 1, 0,
         "'here' is not an address"},
        {"{\"generation\": \"gfx9\", \"lds\": {\"0\": {\"bytes\": \"abc\"}}}", -1, 1, 0,
         "odd number"},
        {"{\"generation\": \"gfx9\", \"lds\": {\"0\": {\"bytes\": \"zz\"}}}", -1, 1, 0,
         "no hex digit"},
        {"{\"generation\": \"gfx9\", \"smem\": {\"0xfffffffffffffffe\": 1}}", -1, 1, 0,
         "wrap around"},
        {"{\"generation\": \"gfx9\", \"scc\": 2}", -1, 1, 0, "out of range"},
        {"{\"generation\": \"gfx9\", \"pc\": \"0x1\", \"pc\": \"0x2\"}", -1, 1, 0, "duplicate"},
    };
    size_t i;
    (void)st;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gcn_wave_state *s = malloc(sizeof(*s));
        gcn_diag d;
        gcn_status status;
        assert_non_null(s);
        gcn_diag_clear(&d);
        status = gcn_state_from_json(s, cases[i].gen, cases[i].text, strlen(cases[i].text),
                                     "bad.json", &d);
        if (status == GCN_OK)
            fail_msg("case %zu loads: %s", i, cases[i].text);
        if (strcmp(d.file, "bad.json") != 0 || d.line != cases[i].line ||
            (cases[i].col && d.col != cases[i].col) || !d.col || !strstr(d.msg, cases[i].msg))
            fail_msg("case %zu: %s:%u:%u: %s; expected line %u col %u '%s'", i, d.file, d.line,
                     d.col, d.msg, cases[i].line, cases[i].col, cases[i].msg);
        free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(diff_holds_what_changed),
        cmocka_unit_test(bad_state_files),
    };
    return cmocka_run_group_tests_name("oracle_state", tests, NULL, NULL);
}
