/* The pseudocode front end against the five seed documents: every block is found, the exact set
 * of blocks that fail to parse is pinned (each one examined by hand and a real defect of the
 * document, not a gap of the parser), every other block round-trips through the printer, and
 * the checker reports exactly the defects listed below. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pseudo_test_env.h"
#include "seed_blocks.h"
#include "spec/pseudo/pseudo.h"

/* Blocks the parser must reject: document (by its number prefix), line and column of the
 * offending token, the section, and the message.
 * - S_FF* / S_FLBIT*: "if ((1U<<i) & SSRC0) == 0)" closes the condition early; one ')' too many.
 * - S_ATOMIC_* / S_BUFFER_ATOMIC_*: "(UINT32*)((SMEM + (OFFSET & ~3))" opens one '(' too many.
 * - DS_SWIZZLE_B32: "((OFFSET >> (2*(LANEID&3)) & 3)" lacks a ')'.
 * - DS_WRITE_B32, DS_WRITE_B64: "if (GCN1.4)" is not a condition. */
static const struct expected_failure {
    const char *doc;
    unsigned line, col;
    const char *section;
    const char *msg;
} expected_failures[] = {
    {"001", 339, 30, "S_FF0_I32_B32",
     "unbalanced parentheses: ')' at column 30 has no matching '('"},
    {"001", 353, 32, "S_FF0_I32_B64",
     "unbalanced parentheses: ')' at column 32 has no matching '('"},
    {"001", 367, 30, "S_FF1_I32_B32",
     "unbalanced parentheses: ')' at column 30 has no matching '('"},
    {"001", 381, 32, "S_FF1_I32_B64",
     "unbalanced parentheses: ')' at column 32 has no matching '('"},
    {"001", 395, 30, "S_FLBIT_I32_B32",
     "unbalanced parentheses: ')' at column 30 has no matching '('"},
    {"001", 409, 32, "S_FLBIT_I32_B64",
     "unbalanced parentheses: ')' at column 32 has no matching '('"},
    {"001", 424, 40, "S_FLBIT_I32", "unbalanced parentheses: ')' at column 40 has no matching '('"},
    {"001", 439, 40, "S_FLBIT_I32_I64",
     "unbalanced parentheses: ')' at column 40 has no matching '('"},
    {"003", 1485, 28, "DS_SWIZZLE_B32",
     "unbalanced parentheses: '(' opened at column 28 is never closed"},
    {"003", 1545, 9, "DS_WRITE_B32", "unexpected token '.' (GCN1.4 is not an identifier)"},
    {"003", 1557, 9, "DS_WRITE_B64", "unexpected token '.' (GCN1.4 is not an identifier)"},
    {"004", 156, 23, "S_ATOMIC_ADD",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 170, 23, "S_ATOMIC_ADD_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 184, 23, "S_ATOMIC_AND",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 198, 23, "S_ATOMIC_AND_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 212, 23, "S_ATOMIC_CMPSWAP",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 228, 23, "S_ATOMIC_CMPSWAP_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 244, 23, "S_ATOMIC_DEC",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 260, 23, "S_ATOMIC_DEC_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 275, 23, "S_ATOMIC_INC",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 289, 23, "S_ATOMIC_INC_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 303, 23, "S_ATOMIC_OR",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 317, 23, "S_ATOMIC_OR_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 331, 21, "S_ATOMIC_SMAX",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 345, 21, "S_ATOMIC_SMAX_X2",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 359, 21, "S_ATOMIC_SMIN",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 373, 21, "S_ATOMIC_SMIN_X2",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 387, 23, "S_ATOMIC_SUB",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 401, 23, "S_ATOMIC_SUB_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 414, 23, "S_ATOMIC_SWAP",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 427, 23, "S_ATOMIC_SWAP_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 441, 23, "S_ATOMIC_UMAX",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 455, 23, "S_ATOMIC_UMAX_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 469, 23, "S_ATOMIC_UMIN",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 483, 23, "S_ATOMIC_UMIN_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 497, 23, "S_ATOMIC_XOR",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 511, 23, "S_ATOMIC_XOR_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 524, 23, "S_BUFFER_ATOMIC_ADD",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 538, 23, "S_BUFFER_ATOMIC_ADD_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 552, 23, "S_BUFFER_ATOMIC_AND",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 566, 23, "S_BUFFER_ATOMIC_AND_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 580, 23, "S_BUFFER_ATOMIC_CMPSWAP",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 596, 23, "S_BUFFER_ATOMIC_CMPSWAP_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 612, 23, "S_BUFFER_ATOMIC_DEC",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 628, 23, "S_BUFFER_ATOMIC_DEC_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 643, 23, "S_BUFFER_ATOMIC_INC",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 657, 23, "S_BUFFER_ATOMIC_INC_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 671, 23, "S_BUFFER_ATOMIC_OR",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 685, 23, "S_BUFFER_ATOMIC_OR_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 699, 21, "S_BUFFER_ATOMIC_SMAX",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 713, 21, "S_BUFFER_ATOMIC_SMAX_X2",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 727, 21, "S_BUFFER_ATOMIC_SMIN",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 741, 21, "S_BUFFER_ATOMIC_SMIN_X2",
     "unbalanced parentheses: '(' opened at column 21 is never closed"},
    {"004", 755, 23, "S_BUFFER_ATOMIC_SUB",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 769, 23, "S_BUFFER_ATOMIC_SUB_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 782, 23, "S_BUFFER_ATOMIC_SWAP",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 795, 23, "S_BUFFER_ATOMIC_SWAP_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 809, 23, "S_BUFFER_ATOMIC_UMAX",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 823, 23, "S_BUFFER_ATOMIC_UMAX_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 837, 23, "S_BUFFER_ATOMIC_UMIN",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 851, 23, "S_BUFFER_ATOMIC_UMIN_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 865, 23, "S_BUFFER_ATOMIC_XOR",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
    {"004", 879, 23, "S_BUFFER_ATOMIC_XOR_X2",
     "unbalanced parentheses: '(' opened at column 23 is never closed"},
};

/* What ps_check reports on the blocks that parse, with the test environment (GCN operand and
 * state names, the vISA names, the helpers, and VDST/SDST as destinations).
 * - S_CBRANCH_JOIN: SGPRS for SGPR.
 * - vISA DWORD_ATOMIC: the loop counter i is never declared (every other variable is).
 * - DS_BPERMUTE_B32, DS_PERMUTE_B32: UINT without width; EXEC & x!=0 tests bit 0 of a
 *   comparison; tmp used where TMP is declared; SRC and DST are the names of their syntax lines,
 *   not DS operand fields (VDATA0, VDST) like everywhere else on the page.
 * - DS_CMPST_F32: ASFLOATR for ASFLOAT.
 * - DS_CMPST_RTN_B32/B64: "*V = VDST" stores the destination instead of returning into it.
 * - DS_MIN_RTN_F64: DOUBLE* from a FLOAT* cast; DS_MIN_RTN_I64: INT64 V from an INT64* cast.
 * - DS_WRAP_RTN_B32: UINT32 A from a UINT32* cast, then *V with no V.
 * - DS_WRITE_ADDTID_B32: assigns to a pointer cast, the '*' is missing.
 * - DS_WRITE_B16_D16_HI, DS_WRITE_B8_D16_HI: V is never declared.
 * - DS_WRITE_B96: UINT32* V from a UINT64* cast. */
static const struct expected_issue {
    const char *doc;
    unsigned line, col;
    const char *id;
    const char *section;
} expected_issues[] = {
    {"001", 303, 10, "unknown-name", "S_CBRANCH_JOIN"},
    {"002", 26, 26, "unknown-name", ""},
    {"003", 475, 1, "unsized-type", "DS_BPERMUTE_B32"},
    {"003", 479, 16, "precedence", "DS_BPERMUTE_B32"},
    {"003", 479, 39, "unknown-name", "DS_BPERMUTE_B32"},
    {"003", 482, 10, "precedence", "DS_BPERMUTE_B32"},
    {"003", 483, 1, "unknown-name", "DS_BPERMUTE_B32"},
    {"003", 520, 11, "unknown-helper", "DS_CMPST_F32"},
    {"003", 538, 6, "output-read-not-written", "DS_CMPST_RTN_B32"},
    {"003", 547, 6, "output-read-not-written", "DS_CMPST_RTN_B64"},
    {"003", 941, 1, "pointer-type-mismatch", "DS_MIN_RTN_F64"},
    {"003", 959, 1, "pointer-type-mismatch", "DS_MIN_RTN_I64"},
    {"003", 1192, 1, "unknown-name", "DS_PERMUTE_B32"},
    {"003", 1192, 43, "precedence", "DS_PERMUTE_B32"},
    {"003", 1192, 63, "unknown-name", "DS_PERMUTE_B32"},
    {"003", 1194, 10, "precedence", "DS_PERMUTE_B32"},
    {"003", 1195, 1, "unknown-name", "DS_PERMUTE_B32"},
    {"003", 1502, 1, "pointer-type-mismatch", "DS_WRAP_RTN_B32"},
    {"003", 1503, 9, "unknown-name", "DS_WRAP_RTN_B32"},
    {"003", 1510, 1, "not-lvalue", "DS_WRITE_ADDTID_B32"},
    {"003", 1536, 1, "unknown-name", "DS_WRITE_B16_D16_HI"},
    {"003", 1573, 1, "unknown-name", "DS_WRITE_B8_D16_HI"},
    {"003", 1581, 1, "pointer-type-mismatch", "DS_WRITE_B96"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int setup(void **state)
{
    static seed_corpus corpus;
    char dir[1024];
    if (seed_corpus_load(seed_docs_dir(dir, sizeof(dir)), &corpus) != 0) {
        fprintf(stderr, "cannot read the seed documents in %s\n", dir);
        return -1;
    }
    *state = &corpus;
    return 0;
}

static int teardown(void **state)
{
    seed_corpus_free(*state);
    return 0;
}

static int doc_is(const seed_block *b, const char *prefix)
{
    return strncmp(b->file, prefix, strlen(prefix)) == 0;
}

static gcn_status parse_block(const seed_block *b, ps_arena *a, ps_node **p, gcn_diag *d)
{
    ps_source src = {b->file, b->first_line, b->text};
    return ps_parse(&src, a, p, d);
}

static void test_corpus_blocks_found(void **state)
{
    const seed_corpus *c = *state;
    static const struct {
        const char *doc;
        size_t blocks;
    } per_doc[] = {{"000", 15}, {"001", 54}, {"002", 1}, {"003", 143}, {"004", 75}};
    assert_int_equal(c->nfiles, 5);
    assert_int_equal(c->count, 288);
    for (size_t k = 0; k < COUNT(per_doc); k++) {
        size_t n = 0;
        for (size_t i = 0; i < c->count; i++)
            n += doc_is(&c->blocks[i], per_doc[k].doc);
        if (n != per_doc[k].blocks)
            fail_msg("document %s: %zu blocks, want %zu", per_doc[k].doc, n, per_doc[k].blocks);
    }
}

static void test_corpus_parse_failures(void **state)
{
    const seed_corpus *c = *state;
    bool seen[COUNT(expected_failures)] = {false};
    size_t nfail = 0;
    for (size_t i = 0; i < c->count; i++) {
        const seed_block *b = &c->blocks[i];
        ps_arena a;
        ps_node *p;
        gcn_diag d;
        gcn_status st;
        size_t k;
        ps_arena_init(&a);
        st = parse_block(b, &a, &p, &d);
        ps_arena_free(&a);
        if (st == GCN_OK)
            continue;
        assert_int_equal(st, GCN_ERR_SYNTAX);
        assert_string_equal(d.file, b->file);
        nfail++;
        for (k = 0; k < COUNT(expected_failures); k++) {
            const struct expected_failure *e = &expected_failures[k];
            if (doc_is(b, e->doc) && e->line == d.line)
                break;
        }
        if (k == COUNT(expected_failures))
            fail_msg("unexpected parse failure %s:%u:%u: %s (%s)", b->file, d.line, d.col, d.msg,
                     b->mnemonic);
        seen[k] = true;
        if (d.col != expected_failures[k].col || strcmp(d.msg, expected_failures[k].msg) != 0 ||
            strcmp(b->mnemonic, expected_failures[k].section) != 0)
            fail_msg("%s:%u: got %u: %s (%s), want %u: %s (%s)", b->file, d.line, d.col, d.msg,
                     b->mnemonic, expected_failures[k].col, expected_failures[k].msg,
                     expected_failures[k].section);
    }
    for (size_t k = 0; k < COUNT(expected_failures); k++)
        if (!seen[k])
            fail_msg("%s:%u (%s) parsed but must fail: %s", expected_failures[k].doc,
                     expected_failures[k].line, expected_failures[k].section,
                     expected_failures[k].msg);
    assert_int_equal(nfail, COUNT(expected_failures));
}

/* print(parse(x)) parses back to an equal tree, and printing is a fixed point. */
static void test_corpus_round_trip(void **state)
{
    const seed_corpus *c = *state;
    static char once[65536], twice[65536];
    size_t nparsed = 0;
    for (size_t i = 0; i < c->count; i++) {
        const seed_block *b = &c->blocks[i];
        ps_arena a;
        ps_node *p, *q;
        gcn_diag d;
        ps_source again = {"printed", 1, once};
        ps_arena_init(&a);
        if (parse_block(b, &a, &p, &d) != GCN_OK) {
            ps_arena_free(&a);
            continue;
        }
        nparsed++;
        assert_true(ps_print(p, once, sizeof(once)) < sizeof(once));
        if (ps_parse(&again, &a, &q, &d) != GCN_OK)
            fail_msg("%s:%u: printed text does not parse: %u:%u: %s\n%s", b->file, b->first_line,
                     d.line, d.col, d.msg, once);
        if (!ps_equal(p, q))
            fail_msg("%s:%u: printed text parses to another tree:\n%s", b->file, b->first_line,
                     once);
        ps_print(q, twice, sizeof(twice));
        assert_string_equal(once, twice);
        ps_arena_free(&a);
    }
    assert_int_equal(nparsed, c->count - COUNT(expected_failures));
}

static void test_corpus_issues(void **state)
{
    const seed_corpus *c = *state;
    ps_env env = test_env_with_outputs();
    bool seen[COUNT(expected_issues)] = {false};
    size_t total = 0;
    for (size_t i = 0; i < c->count; i++) {
        const seed_block *b = &c->blocks[i];
        ps_arena a;
        ps_node *p;
        gcn_diag d;
        ps_issue is[32];
        size_t n;
        ps_summary sum;
        ps_arena_init(&a);
        if (parse_block(b, &a, &p, &d) != GCN_OK) {
            ps_arena_free(&a);
            continue;
        }
        n = ps_check(p, &env, is, COUNT(is));
        assert_true(n <= COUNT(is));
        total += n;
        for (size_t j = 0; j < n; j++) {
            size_t k;
            for (k = 0; k < COUNT(expected_issues); k++) {
                const struct expected_issue *e = &expected_issues[k];
                if (doc_is(b, e->doc) && e->line == is[j].line && e->col == is[j].col &&
                    strcmp(e->id, ps_issue_id(is[j].code)) == 0)
                    break;
            }
            if (k == COUNT(expected_issues))
                fail_msg("unexpected issue %s:%u:%u: [%s] %s (%s)", b->file, is[j].line, is[j].col,
                         ps_issue_id(is[j].code), is[j].msg, b->mnemonic);
            assert_string_equal(b->mnemonic, expected_issues[k].section);
            seen[k] = true;
        }
        assert_int_equal(ps_summarize(p, &a, &sum), GCN_OK);
        ps_arena_free(&a);
    }
    for (size_t k = 0; k < COUNT(expected_issues); k++)
        if (!seen[k])
            fail_msg("missing issue %s:%u:%u: [%s] (%s)", expected_issues[k].doc,
                     expected_issues[k].line, expected_issues[k].col, expected_issues[k].id,
                     expected_issues[k].section);
    assert_int_equal(total, COUNT(expected_issues));
}

/* The broken blocks with their syntax repaired, as an erratum would: they then parse, and the
 * checks see the defects the syntax error hid. */
static const struct repair {
    const char *from, *to;
} repairs[] = {
    {"if ((1U<<i)", "if (((1U<<i)"},
    {"if ((1ULL<<i)", "if (((1ULL<<i)"},
    {"((SMEM + (OFFSET & ~3))", "(SMEM + (OFFSET & ~3))"},
    {"((OFFSET >> (2*(LANEID&3)) & 3)", "((OFFSET >> (2*(LANEID&3))) & 3)"},
    {"GCN1.4", "GCN14"},
};

static char *repaired(const char *text)
{
    size_t cap = strlen(text) * 2 + 64;
    char *out = malloc(cap);
    char *o = out;
    assert_non_null(out);
    while (*text) {
        size_t k;
        for (k = 0; k < COUNT(repairs); k++)
            if (strncmp(text, repairs[k].from, strlen(repairs[k].from)) == 0)
                break;
        if (k < COUNT(repairs)) {
            strcpy(o, repairs[k].to);
            o += strlen(repairs[k].to);
            text += strlen(repairs[k].from);
        } else {
            *o++ = *text++;
        }
    }
    *o = '\0';
    return out;
}

static const struct expected_issue repaired_issues[] = {
    /* 1U shifted by up to 63 in a 64-bit search */
    {"001", 439, 13, "shift-width", "S_FLBIT_I32_I64"},
    /* inner declarations hide the outer V, which is then stored through unassigned */
    {"003", 1558, 1, "shadowing", "DS_WRITE_B64"},
    {"003", 1558, 46, "unknown-marker", "DS_WRITE_B64"},
    {"003", 1560, 1, "shadowing", "DS_WRITE_B64"},
    {"003", 1561, 2, "uninitialized", "DS_WRITE_B64"},
    /* VDATA is not an SMEM operand (SDATA is) */
    {"004", 245, 31, "unknown-name", "S_ATOMIC_DEC"},
    {"004", 261, 31, "unknown-name", "S_ATOMIC_DEC_X2"},
    {"004", 613, 31, "unknown-name", "S_BUFFER_ATOMIC_DEC"},
    {"004", 629, 31, "unknown-name", "S_BUFFER_ATOMIC_DEC_X2"},
};

static void test_corpus_repaired_blocks(void **state)
{
    const seed_corpus *c = *state;
    ps_env env = test_env_with_outputs();
    size_t nrepaired = 0, total = 0;
    bool seen[COUNT(repaired_issues)] = {false};
    for (size_t i = 0; i < c->count; i++) {
        const seed_block *b = &c->blocks[i];
        ps_arena a;
        ps_node *p;
        gcn_diag d;
        ps_source src = {b->file, b->first_line, NULL};
        ps_issue is[32];
        size_t n;
        char *text;
        ps_arena_init(&a);
        if (parse_block(b, &a, &p, &d) == GCN_OK) {
            ps_arena_free(&a);
            continue;
        }
        text = repaired(b->text);
        src.text = text;
        if (ps_parse(&src, &a, &p, &d) != GCN_OK)
            fail_msg("%s:%u: still broken after repair: %u:%u: %s", b->file, b->first_line, d.line,
                     d.col, d.msg);
        nrepaired++;
        n = ps_check(p, &env, is, COUNT(is));
        total += n;
        for (size_t j = 0; j < n; j++) {
            size_t k;
            for (k = 0; k < COUNT(repaired_issues); k++) {
                const struct expected_issue *e = &repaired_issues[k];
                if (doc_is(b, e->doc) && e->line == is[j].line && e->col == is[j].col &&
                    strcmp(e->id, ps_issue_id(is[j].code)) == 0)
                    break;
            }
            if (k == COUNT(repaired_issues))
                fail_msg("unexpected issue in repaired %s:%u:%u: [%s] %s (%s)", b->file, is[j].line,
                         is[j].col, ps_issue_id(is[j].code), is[j].msg, b->mnemonic);
            seen[k] = true;
        }
        free(text);
        ps_arena_free(&a);
    }
    assert_int_equal(nrepaired, COUNT(expected_failures));
    for (size_t k = 0; k < COUNT(repaired_issues); k++)
        if (!seen[k])
            fail_msg("missing issue in repaired %s:%u:%u: [%s] (%s)", repaired_issues[k].doc,
                     repaired_issues[k].line, repaired_issues[k].col, repaired_issues[k].id,
                     repaired_issues[k].section);
    assert_int_equal(total, COUNT(repaired_issues));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_blocks_found),    cmocka_unit_test(test_corpus_parse_failures),
        cmocka_unit_test(test_corpus_round_trip),      cmocka_unit_test(test_corpus_issues),
        cmocka_unit_test(test_corpus_repaired_blocks),
    };
    return cmocka_run_group_tests_name("pseudo_corpus", tests, setup, teardown);
}
