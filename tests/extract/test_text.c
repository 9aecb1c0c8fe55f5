/* Unit tests of spec/extract/text.c: the small readers every document parser relies on. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "spec/extract/text.h"

static void free_fact(gcn_fact *f)
{
    size_t i;
    free(f->mnemonic);
    for (i = 0; i < f->noperands; i++)
        free(f->operands[i].name);
    free(f->operands);
    gcn_strs_free(&f->modifiers);
    memset(f, 0, sizeof(*f));
}

static void expect_cells(const char *line, size_t n, const char *const *want)
{
    gcn_strs cells = {0};
    size_t i;
    assert_true(text_cells(line, &cells));
    if (cells.n != n)
        fail_msg("'%s': %zu cells, expected %zu", line, cells.n, n);
    for (i = 0; i < n; i++)
        assert_string_equal(cells.v[i], want[i]);
    gcn_strs_free(&cells);
}

static void test_cells(void **state)
{
    static const char *const a[] = {"a", "b"};
    static const char *const b[] = {"20 (0x14)", "\xE2\x9C\x93", "DS_NOP", ""};
    static const char *const c[] = {"Opcode", "GCN 1.0", "GCN 1.1", "Mnemonic (GCN 1.0/1.1)"};
    static const char *const d[] = {"a", "", "b"};
    static const char *const e[] = {"255 (0xff)", "\xE2\x9C\x93", "DS_READ_B128"};
    (void)state;
    expect_cells("| a | b |", 2, a);
    expect_cells("a | b |", 2, a);
    expect_cells("  a|b  ", 2, a);
    /* the scraped page: a trailing empty cell survives as "" before the closing pipe */
    expect_cells("20 (0x14) | \xE2\x9C\x93 | DS_NOP | |", 4, b);
    expect_cells(" Opcode     |GCN 1.0|GCN 1.1| Mnemonic (GCN 1.0/1.1) ", 4, c);
    expect_cells("a | | b", 3, d);
    expect_cells("255 (0xff) | \xE2\x9C\x93 | DS_READ_B128 |", 3, e);
}

static void test_separator(void **state)
{
    (void)state;
    assert_true(text_is_table_separator("---|---|"));
    assert_true(text_is_table_separator("| --- | :---: |"));
    assert_true(text_is_table_separator("------------|-------|-------"));
    assert_false(text_is_table_separator("--"));
    assert_false(text_is_table_separator("0-7 | X | y"));
    assert_false(text_is_table_separator(""));
}

static void expect_gens(const char *s, size_t n, const char *const *want)
{
    gcn_strs g = {0};
    size_t i;
    int got = text_gens(s, &g);
    if ((size_t)got != n || g.n != n)
        fail_msg("'%s': read %d generations (%zu listed), expected %zu", s, got, g.n, n);
    for (i = 0; i < n; i++)
        assert_string_equal(g.v[i], want[i]);
    gcn_strs_free(&g);
}

static void test_gens(void **state)
{
    static const char *const g01[] = {"gcn1.0", "gcn1.1"};
    static const char *const g14[] = {"gcn1.4"};
    static const char *const g012[] = {"gcn1.0", "gcn1.1", "gcn1.2"};
    static const char *const g0124[] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"};
    (void)state;
    expect_gens("for GCN 1.0/1.1", 2, g01);
    expect_gens("Signed 21-bit byte offset (GCN 1.4).", 1, g14);
    expect_gens("Mnemonic (GCN1.0/1.1)", 2, g01);
    expect_gens("only for GCN 1.4", 1, g14);
    expect_gens("for GCN 1.0/1.1/1.2", 3, g012);
    expect_gens("GCN 1.0/1.1 and again GCN 1.1; later GCN 1.2/1.4", 4, g0124);
    expect_gens("GCN ISA DS instructions", 0, NULL);
    expect_gens("no qualifier here", 0, NULL);
    /* a trailing slash or full stop is punctuation, not a generation */
    expect_gens("GCN 1.4/", 1, g14);
}

static void test_opcode(void **state)
{
    long dec = -1, hexval = -1;
    char *hex = NULL;
    const char *end = NULL;
    (void)state;
    assert_true(text_opcode("223 (0xdf)for GCN 1.0/1.1/1.2", &dec, &hex, &hexval, &end));
    assert_int_equal(dec, 223);
    assert_string_equal(hex, "0xdf");
    assert_int_equal(hexval, 0xdf);
    assert_string_equal(end, "for GCN 1.0/1.1/1.2");
    free(hex);

    assert_true(text_opcode(" 20 (0x14)", &dec, &hex, &hexval, &end));
    assert_int_equal(dec, 20);
    assert_string_equal(hex, "0x14");
    assert_int_equal(hexval, 20);
    assert_string_equal(end, "");
    free(hex);

    /* decimal and hex that disagree are both kept as written */
    assert_true(text_opcode("14 (0xd)", &dec, &hex, &hexval, &end));
    assert_int_equal(dec, 14);
    assert_int_equal(hexval, 13);
    free(hex);

    /* a malformed hex is not read: end stays at it, so the caller sees the junk */
    assert_true(text_opcode("12 (0xzz)", &dec, &hex, &hexval, &end));
    assert_int_equal(dec, 12);
    assert_null(hex);
    assert_int_equal(hexval, -1);
    assert_string_equal(end, "(0xzz)");

    assert_true(text_opcode("12 (0xc", &dec, &hex, &hexval, &end));
    assert_null(hex);
    assert_string_equal(end, "(0xc");

    assert_false(text_opcode("junk", &dec, &hex, &hexval, &end));
    assert_false(text_opcode("(0x14)", &dec, &hex, &hexval, &end));
    assert_false(text_opcode("", &dec, &hex, &hexval, &end));
}

static void test_bits(void **state)
{
    long lo = -1, hi = -1;
    (void)state;
    assert_true(text_bits("0-7", &lo, &hi));
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 7);
    assert_true(text_bits("17", &lo, &hi));
    assert_int_equal(lo, 17);
    assert_int_equal(hi, 17);
    assert_true(text_bits("32-52", &lo, &hi));
    assert_int_equal(lo, 32);
    assert_int_equal(hi, 52);
    assert_false(text_bits("7-0", &lo, &hi));
    assert_false(text_bits("0-", &lo, &hi));
    assert_false(text_bits("a-b", &lo, &hi));
    assert_false(text_bits("0-7x", &lo, &hi));
    assert_false(text_bits("0-128", &lo, &hi));
    assert_false(text_bits("", &lo, &hi));
}

static void test_mnemonic(void **state)
{
    (void)state;
    assert_true(text_is_mnemonic("DS_ADD_U32"));
    assert_true(text_is_mnemonic("S_CBRANCH_JOIN"));
    assert_false(text_is_mnemonic("DS"));
    assert_false(text_is_mnemonic("ds_add_u32"));
    assert_false(text_is_mnemonic("DS_ADD U32"));
    assert_false(text_is_mnemonic("_DS_ADD"));
    assert_false(text_is_mnemonic(""));
}

static void test_syntax_plain(void **state)
{
    gcn_fact f;
    size_t bad = 99;
    (void)state;
    memset(&f, 0, sizeof(f));
    assert_true(text_syntax("DS_ADD_U32 ADDR, VDATA0 [OFFSET:OFFSET]", &f, &bad));
    assert_string_equal(f.mnemonic, "DS_ADD_U32");
    assert_int_equal(f.noperands, 2);
    assert_string_equal(f.operands[0].name, "ADDR");
    assert_int_equal(f.operands[0].nwidths, 0);
    assert_string_equal(f.operands[1].name, "VDATA0");
    assert_int_equal(f.modifiers.n, 1);
    assert_string_equal(f.modifiers.v[0], "OFFSET:OFFSET");
    free_fact(&f);

    /* two bracketed modifiers, no operands after them */
    assert_true(text_syntax(
        "DS_WRITE2_B32 ADDR, VDATA0, VDATA1 [OFFSET0:OFFSET0] [OFFSET1:OFFSET1]", &f, &bad));
    assert_int_equal(f.noperands, 3);
    assert_int_equal(f.modifiers.n, 2);
    assert_string_equal(f.modifiers.v[1], "OFFSET1:OFFSET1");
    free_fact(&f);

    /* no operands at all */
    assert_true(text_syntax("S_DCACHE_INV", &f, &bad));
    assert_string_equal(f.mnemonic, "S_DCACHE_INV");
    assert_int_equal(f.noperands, 0);
    assert_int_equal(f.modifiers.n, 0);
    free_fact(&f);
}

static void test_syntax_widths(void **state)
{
    gcn_fact f;
    size_t bad = 99;
    (void)state;
    memset(&f, 0, sizeof(f));
    assert_true(text_syntax("S_LOAD_DWORDX2 SDATA(2), SBASE(2,4), OFFSET", &f, &bad));
    assert_int_equal(f.noperands, 3);
    assert_int_equal(f.operands[0].nwidths, 1);
    assert_int_equal(f.operands[0].widths[0], 2);
    assert_int_equal(f.operands[1].nwidths, 2);
    assert_int_equal(f.operands[1].widths[0], 2);
    assert_int_equal(f.operands[1].widths[1], 4);
    assert_int_equal(f.operands[2].nwidths, 0);
    free_fact(&f);

    /* more than four widths is not an operand */
    assert_false(text_syntax("S_X SDATA(1,2,3,4,5)", &f, &bad));
    assert_int_equal(bad, 4);
    free_fact(&f);
    /* an unclosed width list */
    assert_false(text_syntax("S_X SDATA(2", &f, &bad));
    assert_int_equal(bad, 4);
    free_fact(&f);
}

static void test_syntax_modifiers(void **state)
{
    gcn_fact f;
    size_t bad = 99;
    (void)state;
    memset(&f, 0, sizeof(f));
    /* a modifier written without brackets is required: "!NAME" */
    assert_true(text_syntax("S_STORE_DWORD SDATA, SBASE(2), OFFSET GLC [NV]", &f, &bad));
    assert_int_equal(f.noperands, 3);
    assert_int_equal(f.modifiers.n, 2);
    assert_string_equal(f.modifiers.v[0], "!GLC");
    assert_string_equal(f.modifiers.v[1], "NV");
    free_fact(&f);

    assert_true(text_syntax("S_X SDST [A:B] OFFSET:OFFSET", &f, &bad));
    assert_int_equal(f.modifiers.n, 2);
    assert_string_equal(f.modifiers.v[0], "A:B");
    assert_string_equal(f.modifiers.v[1], "!OFFSET:OFFSET");
    free_fact(&f);

    /* an unclosed bracket: the column of the '[' */
    assert_false(text_syntax("DS_X ADDR [OFFSET:OFFSET", &f, &bad));
    assert_int_equal(bad, 10);
    free_fact(&f);
    /* a lowercase operand is no operand: the column of the operand */
    assert_false(text_syntax("DS_X addr", &f, &bad));
    assert_int_equal(bad, 5);
    free_fact(&f);
    /* a lowercase bare modifier */
    assert_false(text_syntax("DS_X ADDR [A] glc", &f, &bad));
    assert_int_equal(bad, 14);
    free_fact(&f);
    /* nothing at all */
    assert_false(text_syntax("   ", &f, &bad));
    assert_int_equal(bad, 3);
    free_fact(&f);
}

static void test_trim_starts(void **state)
{
    char *t;
    (void)state;
    t = text_trim("  a b \t");
    assert_string_equal(t, "a b");
    free(t);
    t = text_trim("");
    assert_string_equal(t, "");
    free(t);
    assert_true(text_starts("Opcode: 1", "Opcode"));
    assert_false(text_starts("Opc", "Opcode"));
}

static void test_note_topics(void **state)
{
    gcn_strs t = {0};
    (void)state;
    text_note_topics("NOTE: Any operation LDS requires correctly set M0 register.", &t);
    assert_true(gcn_strs_has(&t, "m0"));
    assert_false(gcn_strs_has(&t, "gds"));
    gcn_strs_free(&t);
    /* "M0" inside a word is not the register */
    text_note_topics("SM0X increments LGKM_CNT", &t);
    assert_false(gcn_strs_has(&t, "m0"));
    assert_true(gcn_strs_has(&t, "lgkm"));
    gcn_strs_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells),
        cmocka_unit_test(test_separator),
        cmocka_unit_test(test_gens),
        cmocka_unit_test(test_opcode),
        cmocka_unit_test(test_bits),
        cmocka_unit_test(test_mnemonic),
        cmocka_unit_test(test_syntax_plain),
        cmocka_unit_test(test_syntax_widths),
        cmocka_unit_test(test_syntax_modifiers),
        cmocka_unit_test(test_trim_starts),
        cmocka_unit_test(test_note_topics),
    };
    return cmocka_run_group_tests_name("extract_text", tests, NULL, NULL);
}
