/* Unit tests of the pseudocode front end: lexer, parser (structure and errors), printer, every
 * check (firing on a defect, silent on correct code) and the access summary. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "pseudo_test_env.h"
#include "spec/pseudo/pseudo.h"
#include "spec/pseudo/pseudo_internal.h"
#include "util/buf.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static ps_node *parse_text(ps_arena *a, const char *text, gcn_diag *d)
{
    ps_source src = {"t.txt", 1, text};
    ps_node *p = NULL;
    gcn_status st = ps_parse(&src, a, &p, d);
    if (st != GCN_OK)
        return NULL;
    return p;
}

static ps_node *must_parse(ps_arena *a, const char *text)
{
    gcn_diag d;
    ps_node *p = parse_text(a, text, &d);
    if (!p)
        fail_msg("parse of \"%s\" failed: %u:%u: %s", text, d.line, d.col, d.msg);
    return p;
}

/* Fully parenthesized prefix form of an expression, to assert structure exactly. */
static void sx(const ps_node *n, gcn_buf *b)
{
    size_t i;
    switch (n->kind) {
    case PS_NAME:
        gcn_buf_puts(b, n->u.name.name);
        if (n->u.name.regs)
            gcn_buf_printf(b, "{%llu:%llu}", (unsigned long long)n->u.name.regs_lo,
                           (unsigned long long)n->u.name.regs_hi);
        break;
    case PS_NUMBER:
        gcn_buf_puts(b, n->u.number.text);
        break;
    case PS_FLOAT_LITERAL:
        gcn_buf_puts(b, n->u.flt.text);
        break;
    case PS_UNARY:
        gcn_buf_printf(b, "(%s%s ", ps_op_text(n->u.unary.op),
                       n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC ? "post"
                                                                                        : "");
        sx(n->u.unary.operand, b);
        gcn_buf_putc(b, ')');
        break;
    case PS_BINARY:
        gcn_buf_printf(b, "(%s ", ps_op_text(n->u.binary.op));
        sx(n->u.binary.lhs, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.binary.rhs, b);
        gcn_buf_putc(b, ')');
        break;
    case PS_TERNARY:
        gcn_buf_puts(b, "(? ");
        sx(n->u.ternary.cond, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.ternary.then_expr, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.ternary.else_expr, b);
        gcn_buf_putc(b, ')');
        break;
    case PS_CAST:
        gcn_buf_printf(b, "(%s%s%s ", n->u.cast.functional ? "fcast " : "cast ",
                       ps_base_name(n->u.cast.type.base), n->u.cast.type.ptr ? "*" : "");
        sx(n->u.cast.operand, b);
        gcn_buf_putc(b, ')');
        break;
    case PS_CALL:
        gcn_buf_printf(b, "(call %s", n->u.call.name);
        for (i = 0; i < n->u.call.nargs; i++) {
            gcn_buf_putc(b, ' ');
            sx(n->u.call.args[i], b);
        }
        gcn_buf_putc(b, ')');
        break;
    case PS_INDEX:
        gcn_buf_puts(b, "([] ");
        sx(n->u.index.base, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.index.index, b);
        gcn_buf_putc(b, ')');
        break;
    case PS_RANGE:
        gcn_buf_puts(b, "([:] ");
        sx(n->u.range.base, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.range.lo, b);
        gcn_buf_putc(b, ' ');
        sx(n->u.range.hi, b);
        gcn_buf_putc(b, ')');
        break;
    default:
        gcn_buf_puts(b, "<stmt>");
        break;
    }
}

/* The structure of the single expression statement in text. */
static void assert_expr(const char *text, const char *want)
{
    ps_arena a;
    ps_node *p;
    gcn_buf got;
    ps_arena_init(&a);
    gcn_buf_init(&got);
    p = must_parse(&a, text);
    assert_int_equal(p->u.block.count, 1);
    assert_int_equal(p->u.block.items[0]->kind, PS_EXPR_STMT);
    sx(p->u.block.items[0]->u.expr_stmt.expr, &got);
    if (!got.data || strcmp(got.data, want) != 0)
        fail_msg("\"%s\": got %s, want %s", text, got.data ? got.data : "", want);
    gcn_buf_free(&got);
    ps_arena_free(&a);
}

static void assert_parse_error(const char *text, unsigned line, unsigned col, const char *msg)
{
    ps_arena a;
    gcn_diag d;
    ps_arena_init(&a);
    if (parse_text(&a, text, &d))
        fail_msg("\"%s\" parsed but must fail with: %s", text, msg);
    if (d.line != line || d.col != col || strstr(d.msg, msg) == NULL)
        fail_msg("\"%s\": got %u:%u: %s, want %u:%u: %s", text, d.line, d.col, d.msg, line, col,
                 msg);
    assert_string_equal(d.file, "t.txt");
    ps_arena_free(&a);
}

static size_t check_text(const char *text, const ps_env *env, ps_issue *out, size_t max)
{
    ps_arena a;
    ps_node *p;
    size_t n;
    ps_arena_init(&a);
    p = must_parse(&a, text);
    n = ps_check(p, env, out, max);
    ps_arena_free(&a);
    return n;
}

/* Asserts that text has exactly the issues listed as "code@line:col", in order. */
static void assert_issues_env(const char *text, const ps_env *env, const char *const *want,
                              size_t nwant)
{
    ps_issue is[32];
    size_t n = check_text(text, env, is, 32);
    char got[2048] = "";
    for (size_t i = 0; i < n && i < 32; i++) {
        size_t len = strlen(got);
        snprintf(got + len, sizeof(got) - len, "%s%s@%u:%u", i ? " " : "", ps_issue_id(is[i].code),
                 is[i].line, is[i].col);
    }
    if (n != nwant)
        fail_msg("\"%s\": got %zu issues [%s], want %zu", text, n, got, nwant);
    for (size_t i = 0; i < n; i++) {
        char one[128];
        snprintf(one, sizeof(one), "%s@%u:%u", ps_issue_id(is[i].code), is[i].line, is[i].col);
        if (strcmp(one, want[i]) != 0)
            fail_msg("\"%s\": issue %zu is %s (%s), want %s; all: [%s]", text, i, one, is[i].msg,
                     want[i], got);
    }
}

#define ISSUES(text, ...)                                                                          \
    do {                                                                                           \
        static const char *const want_[] = {__VA_ARGS__};                                          \
        ps_env env_ = test_env();                                                                  \
        assert_issues_env(text, &env_, want_, sizeof(want_) / sizeof(want_[0]));                   \
    } while (0)

#define NO_ISSUES(text)                                                                            \
    do {                                                                                           \
        ps_env env_ = test_env();                                                                  \
        assert_issues_env(text, &env_, NULL, 0);                                                   \
    } while (0)

static const ps_issue *first_issue(const char *text, ps_issue_code code, ps_issue *buf)
{
    ps_env env = test_env();
    ps_issue is[32];
    size_t n = check_text(text, &env, is, 32);
    for (size_t i = 0; i < n && i < 32; i++)
        if (is[i].code == code) {
            *buf = is[i];
            return buf;
        }
    return NULL;
}

/* ---- lexer ----------------------------------------------------------------------------------- */

static void test_lex_tokens(void **state)
{
    ps_arena a;
    ps_token_list t;
    gcn_diag d;
    ps_source src = {"t.txt", 10, "UINT32* V = x<<=2 // note\n\n  y \\\n + 1ULL"};
    (void)state;
    ps_arena_init(&a);
    assert_int_equal(ps_lex(&src, &a, &t, &d), GCN_OK);
    /* UINT32 * V = x <<= 2 comment NEWLINE y + 1ULL EOF: blank lines fold, '\' joins */
    assert_int_equal(t.count, 13);
    assert_int_equal(t.items[0].kind, PS_TOK_TYPE);
    assert_int_equal(t.items[0].base, PS_UINT32);
    assert_int_equal(t.items[1].kind, PS_TOK_OP);
    assert_int_equal(t.items[1].op, PS_OP_MUL);
    assert_int_equal(t.items[2].kind, PS_TOK_IDENT);
    assert_int_equal(t.items[5].op, PS_OP_SHL_ASSIGN);
    assert_int_equal(t.items[7].kind, PS_TOK_COMMENT);
    assert_int_equal(t.items[7].col, 19);
    assert_int_equal(t.items[8].kind, PS_TOK_NEWLINE);
    assert_int_equal(t.items[9].kind, PS_TOK_IDENT);
    assert_int_equal(t.items[9].line, 12);
    assert_int_equal(t.items[9].col, 3);
    assert_int_equal(t.items[10].kind, PS_TOK_OP);
    assert_int_equal(t.items[10].line, 13);
    assert_int_equal(t.items[11].kind, PS_TOK_NUMBER);
    assert_int_equal(t.items[11].value, 1);
    assert_int_equal(t.items[11].width, 64);
    assert_int_equal(t.items[11].is_unsigned, true);
    assert_int_equal(t.items[12].kind, PS_TOK_EOF);
    ps_arena_free(&a);
}

static void lit(const char *text, uint64_t value, unsigned width, bool is_unsigned)
{
    ps_arena a;
    ps_node *p;
    const ps_node *n;
    ps_arena_init(&a);
    p = must_parse(&a, text);
    n = p->u.block.items[0]->u.expr_stmt.expr;
    assert_int_equal(n->kind, PS_NUMBER);
    assert_string_equal(n->u.number.text, text);
    assert_true(n->u.number.value == value);
    assert_int_equal(n->u.number.width, width);
    assert_int_equal(n->u.number.is_unsigned, is_unsigned);
    ps_arena_free(&a);
}

/* The literal's C type matters to the shift check: 1U is 32-bit, 1ULL 64-bit, 15 an int. */
static void test_lex_number_types(void **state)
{
    (void)state;
    lit("15", 15, 32, false);
    lit("1U", 1, 32, true);
    lit("1u", 1, 32, true);
    lit("1ULL", 1, 64, true);
    lit("1ull", 1, 64, true);
    lit("1LLU", 1, 64, true);
    lit("1LL", 1, 64, false);
    lit("1UL", 1, 64, true);
    lit("1L", 1, 64, false);
    lit("0x1fffc", 0x1fffc, 32, false);
    lit("0xffffff00", 0xffffff00u, 32, true);
    lit("0xffffffff", 0xffffffffu, 32, true);
    lit("0x100000000", 0x100000000ull, 64, false);
    lit("4294967296", 4294967296ull, 64, false);
    lit("2147483648", 2147483648ull, 64, false);
    lit("0", 0, 32, false);
    lit("010", 8, 32, false);
    lit("0b101", 5, 32, false);
    lit("0xffffffffffffffff", UINT64_MAX, 64, true);
}

static void test_lex_errors(void **state)
{
    (void)state;
    assert_parse_error("if (GCN1.4)\n  V = 1", 1, 9,
                       "unexpected token '.' (GCN1.4 is not an identifier)");
    assert_parse_error("x = ?\?\?", 1, 5, "'?\?\?' is not pseudocode");
    assert_parse_error("x = 1 // fine\ny = ?\?\? + 1", 2, 5, "'?\?\?' is not pseudocode");
    assert_parse_error("x = a @ b", 1, 7, "unexpected character '@'");
    assert_parse_error("x = \xe2\x9c\x93", 1, 5, "unexpected byte 0xe2 (not an ASCII character)");
    assert_parse_error("x = 0x", 1, 5, "invalid number literal '0x'");
    assert_parse_error("x = 12abc", 1, 7, "invalid suffix on number literal '12abc'");
    /* decimal floating-point literals only, with nothing but C's 'f' after them */
    assert_parse_error("x = 0x1.5", 1, 5,
                       "only decimal floating-point literals are supported ('0x1.5')");
    assert_parse_error("x = 1u.5", 1, 5, "only decimal floating-point literals are supported");
    assert_parse_error("x = 1.5u", 1, 8, "invalid suffix on floating-point literal '1.5u'");
    assert_parse_error("x = 1.5e3", 1, 8, "invalid suffix on floating-point literal '1.5e3'");
    assert_parse_error("x = 1.5.2", 1, 8, "invalid suffix on floating-point literal '1.5.2'");
    assert_parse_error("x = 099", 1, 5, "invalid digit in octal literal '099'");
    assert_parse_error("x = 99999999999999999999", 1, 5, "does not fit in 64 bits");
    assert_parse_error("x = 1 /* open", 1, 7, "unterminated comment");
    assert_parse_error("x = a \\ b", 1, 7, "stray '\\'");
    assert_parse_error("x = a.b", 1, 6, "unexpected token '.'");
    /* regression (found by libFuzzer): a literal longer than the message's copy of it */
    assert_parse_error(
        "x = 444444444444444444444444444444444444444444444444444444444444444444444444ADDR", 1, 77,
        "invalid suffix on number literal '4444");
    assert_parse_error(
        "x = 0444444444444444444444444444444444444444444444444444444444444444444444449", 1, 5,
        "invalid digit in octal literal '0444");
    assert_parse_error(
        "x = 444444444444444444444444444444444444444444444444444444444444444444444444.5x", 1, 79,
        "invalid suffix on floating-point literal '4444");
}

/* ---- parser: structure ----------------------------------------------------------------------- */

static void test_parse_precedence(void **state)
{
    (void)state;
    assert_expr("a + b * c", "(+ a (* b c))");
    assert_expr("a - b - c", "(- (- a b) c)");
    assert_expr("a << 1 + b", "(<< a (+ 1 b))");
    assert_expr("a < b == c < d", "(== (< a b) (< c d))");
    assert_expr("a & b ^ c | d", "(| (^ (& a b) c) d)");
    assert_expr("a || b && c | d", "(|| a (&& b (| c d)))");
    /* valid C that means what it says: the brief's DS address form */
    assert_expr("DS + (ADDR+OFFSET)&~3", "(& (+ DS (+ ADDR OFFSET)) (~ 3))");
    assert_expr("EXEC & (1ULL<<laneid)!=0", "(& EXEC (!= (<< 1ULL laneid) 0))");
    assert_expr("c ? a : b ? d : e", "(? c a (? b d e))");
    assert_expr("x = c ? a : b", "(= x (? c a b))");
    assert_expr("a = b = c", "(= a (= b c))");
    assert_expr("*VM = *VM = *VM==(SDATA>>32) ? SDATA&0xffffffff : *VM",
                "(= (* VM) (= (* VM) (? (== (* VM) (>> SDATA 32)) (& SDATA 0xffffffff) (* VM))))");
    assert_expr("SDST |= (((SSRC0>>I)&1)*3)<<(I<<1)",
                "(|= SDST (<< (* (& (>> SSRC0 I) 1) 3) (<< I 1)))");
    assert_expr("x <<= y >>= 2", "(<<= x (>>= y 2))");
    assert_expr("-~!x", "(- (~ (! x)))");
    assert_expr("- -x", "(- (- x))");
    assert_expr("x++ + ++y", "(+ (++post x) (++ y))");
    assert_expr("i--", "(--post i)");
    assert_expr("*(V+1) = VDATA0[2:3]", "(= (* (+ V 1)) ([:] VDATA0 2 3))");
    assert_expr("&x", "(& x)");
    assert_expr("a % b / c", "(/ (% a b) c)");
}

static void test_parse_casts_calls_ranges(void **state)
{
    (void)state;
    assert_expr("(UINT32*)(DS + A)", "(cast UINT32* (+ DS A))");
    assert_expr("(INT32)*(INT16*)(DS + X)", "(cast INT32 (* (cast INT16* (+ DS X))))");
    assert_expr("(INT32)SSRC0>=0", "(>= (cast INT32 SSRC0) 0)");
    assert_expr("UINT64(*V1)<<32", "(<< (fcast UINT64 (* V1)) 32)");
    assert_expr("(UINT128(*V1)<<64)", "(<< (fcast UINT128 (* V1)) 64)");
    assert_expr("(UINT64(x) + 1)", "(+ (fcast UINT64 x) 1)");
    assert_expr("*(UINT64*)V = x", "(= (* (cast UINT64* V)) x)");
    assert_expr("MAX(*V, (INT32)VDATA0)", "(call MAX (* V) (cast INT32 VDATA0))");
    assert_expr("BITCOUNT(EXEC)", "(call BITCOUNT EXEC)");
    assert_expr("f()", "(call f)");
    assert_expr("op(surface[offset], src0, src1)", "(call op ([] surface offset) src0 src1)");
    assert_expr("SGPR[CSP*4:CSP*4+1]", "([:] SGPR (* CSP 4) (+ (* CSP 4) 1))");
    assert_expr("TTMP[0:1]", "([:] TTMP 0 1)");
    assert_expr("X[c ? a : b]", "([] X (? c a b))");
    assert_expr("X[c ? a : b : d]", "([:] X (? c a b) d)");
    assert_expr("ADDR[(i + (OFFSET>>2)) & 63]", "([] ADDR (& (+ i (>> OFFSET 2)) 63))");
    assert_expr("tmp[ADDR[i]]", "([] tmp ([] ADDR i))");
    assert_expr("(BYTE)x", "(cast BYTE x)");
    assert_expr("(UD)x", "(cast UD x)");
    assert_expr("(HALF)(INT16)SRC0", "(cast HALF (cast INT16 SRC0))");
    /* the syntax lines' register counts on an operand: the operand, not a call */
    assert_expr("VMEM(SRSRC, VADDR(1:2), SOFFSET)", "(call VMEM SRSRC VADDR{1:2} SOFFSET)");
    assert_expr("VADDR(1:2) + 4", "(+ VADDR{1:2} 4)");
    /* a call whose one argument is an expression stays a call */
    assert_expr("VADDR(1)", "(call VADDR 1)");
    assert_expr("VADDR(1+2)", "(call VADDR (+ 1 2))");
    /* the documents' float constants */
    assert_expr("ASFLOAT(X) > 0.0", "(> (call ASFLOAT X) 0.0)");
    assert_expr("FLOOR(F - 0.5) * 65535.0f", "(* (call FLOOR (- F 0.5)) 65535.0f)");
}

static void test_parse_statements(void **state)
{
    ps_arena a;
    ps_node *p, *s;
    (void)state;
    ps_arena_init(&a);

    /* declarations */
    p = must_parse(&a, "UINT32* V = (UINT32*)(DS + A)\nUINT tmp[64]\nINT8 *P\nUD offset = x;");
    assert_int_equal(p->u.block.count, 4);
    s = p->u.block.items[0];
    assert_int_equal(s->kind, PS_DECL);
    assert_int_equal(s->u.decl.type.base, PS_UINT32);
    assert_int_equal(s->u.decl.type.ptr, 1);
    assert_string_equal(s->u.decl.name, "V");
    assert_non_null(s->u.decl.init);
    s = p->u.block.items[1];
    assert_int_equal(s->u.decl.type.base, PS_UINT);
    assert_non_null(s->u.decl.array_len);
    assert_null(s->u.decl.init);
    assert_int_equal(p->u.block.items[2]->u.decl.type.ptr, 1);
    assert_int_equal(p->u.block.items[3]->u.decl.type.base, PS_UD);

    /* ';' and newlines separate; several statements on one line */
    p = must_parse(&a, "UINT32 P = *VM; *VM = *VM + SDATA; SDATA = (GLC) ? P : SDATA // atomic");
    assert_int_equal(p->u.block.count, 3);
    assert_int_equal(p->u.block.ncomments, 1);
    assert_string_equal(p->u.block.comments[0].text, " atomic");

    /* if/else across lines without indentation (the scraped page) */
    p = must_parse(&a, "if (GCN14)\nVDST = 1\nelse\nVDST = 2\nx = 3");
    assert_int_equal(p->u.block.count, 2);
    s = p->u.block.items[0];
    assert_int_equal(s->kind, PS_IF);
    assert_non_null(s->u.if_.else_stmt);
    assert_int_equal(s->u.if_.then_stmt->kind, PS_EXPR_STMT);

    /* else after ';' on the same line, and else-if chains */
    p = must_parse(&a, "if (a) x = 1; else if (b) x = 2; else x = 3");
    assert_int_equal(p->u.block.count, 1);
    assert_int_equal(p->u.block.items[0]->u.if_.else_stmt->kind, PS_IF);

    /* an if without else does not swallow the next statement */
    p = must_parse(&a, "if (a)\n  x = 1\ny = 2");
    assert_int_equal(p->u.block.count, 2);
    assert_null(p->u.block.items[0]->u.if_.else_stmt);

    /* for with a block body on the next line; break inside; declarations as for init */
    p = must_parse(&a,
                   "SDST = -1\nfor (UINT8 i = 0; i < 32; i++)\n    if (((1U<<i) & SSRC0) == 0)\n"
                   "    { SDST = i; break; }");
    assert_int_equal(p->u.block.count, 2);
    s = p->u.block.items[1];
    assert_int_equal(s->kind, PS_FOR);
    assert_int_equal(s->u.for_.init->kind, PS_DECL);
    assert_int_equal(s->u.for_.body->kind, PS_IF);
    assert_int_equal(s->u.for_.body->u.if_.then_stmt->kind, PS_BLOCK);
    assert_int_equal(s->u.for_.body->u.if_.then_stmt->u.block.count, 2);
    assert_int_equal(s->u.for_.body->u.if_.then_stmt->u.block.items[1]->kind, PS_BREAK);

    /* the vISA block: braces on the header line, ++i, comments */
    p = must_parse(&a,
                   "for (i = 0; i < exec_size; ++i) {\n  if (ChEn[i]) {\n    // 2 or 4 byte\n"
                   "    UD offset = element_offset[i];\n    dst[i] =  surface[offset];\n  }\n}");
    assert_int_equal(p->u.block.count, 1);
    assert_int_equal(p->u.block.items[0]->u.for_.init->kind, PS_EXPR_STMT);

    /* empty for parts, continue, an empty statement as body */
    p = must_parse(&a, "for (;;) { if (x) continue; break }\nif (y) ;");
    assert_int_equal(p->u.block.count, 2);
    assert_null(p->u.block.items[0]->u.for_.cond);
    assert_int_equal(p->u.block.items[1]->u.if_.then_stmt->kind, PS_BLOCK);

    /* a block followed by a statement on the same line needs no separator */
    p = must_parse(&a, "{ x = 1 } y = 2");
    assert_int_equal(p->u.block.count, 2);

    /* empty and comment-only blocks */
    p = must_parse(&a, "");
    assert_int_equal(p->u.block.count, 0);
    p = must_parse(&a, "\n  // only a comment\n\n");
    assert_int_equal(p->u.block.count, 0);
    assert_int_equal(p->u.block.ncomments, 1);
    ps_arena_free(&a);
}

/* Where a newline does not end a statement. */
static void test_parse_continuations(void **state)
{
    (void)state;
    /* trailing backslash (the scraped SRC2 address) */
    assert_expr("B = A + ((OFFSET&0x8000) ? \\\n((ADDR>>17) | ((ADDR>>16)&0x8000)) : \\\n"
                "((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4",
                "(= B (+ A (* (? (& OFFSET 0x8000) (| (>> ADDR 17) (& (>> ADDR 16) 0x8000)) "
                "(| (& OFFSET 0x7fff) (& (<< OFFSET 1) 0x8000))) 4)))");
    /* inside parentheses and brackets */
    assert_expr("x = MAX(a,\n b)", "(= x (call MAX a b))");
    assert_expr("x = X[a\n:b]", "(= x ([:] X a b))");
    /* after a binary operator, '=', '?' and ':' */
    assert_expr("x = a +\n b", "(= x (+ a b))");
    assert_expr("x =\n b", "(= x b)");
    assert_expr("x = c ?\n a :\n b", "(= x (? c a b))");
    /* a complete line ends the statement, even if the next starts with an operator */
    {
        ps_arena a;
        ps_node *p;
        ps_arena_init(&a);
        p = must_parse(&a, "x = a\n-b");
        assert_int_equal(p->u.block.count, 2);
        ps_arena_free(&a);
    }
}

static void test_parse_positions(void **state)
{
    ps_arena a;
    ps_source src = {"doc.txt", 338, "SDST = -1\n  for (UINT8 i = 0; i < 32; i++)\n    x = i"};
    ps_node *p;
    gcn_diag d;
    (void)state;
    ps_arena_init(&a);
    assert_int_equal(ps_parse(&src, &a, &p, &d), GCN_OK);
    assert_int_equal(p->u.block.items[0]->line, 338);
    assert_int_equal(p->u.block.items[1]->line, 339);
    assert_int_equal(p->u.block.items[1]->col, 3);
    assert_int_equal(p->u.block.items[1]->u.for_.body->line, 340);
    assert_int_equal(p->u.block.items[1]->u.for_.body->col, 5);
    /* binary operator positions are kept for diagnostics */
    {
        const ps_node *e = p->u.block.items[0]->u.expr_stmt.expr;
        assert_int_equal(e->u.binary.op_line, 338);
        assert_int_equal(e->u.binary.op_col, 6);
    }
    src.text = "x = 1\ny = (2";
    assert_int_equal(ps_parse(&src, &a, &p, &d), GCN_ERR_SYNTAX);
    assert_null(p);
    assert_string_equal(d.file, "doc.txt");
    assert_int_equal(d.line, 339);
    assert_int_equal(d.col, 5);
    ps_arena_free(&a);
}

/* ---- parser: errors -------------------------------------------------------------------------- */

static void test_parse_errors_brackets(void **state)
{
    (void)state;
    /* S_FF0_I32_B32: one ')' too many */
    assert_parse_error(
        "for (UINT8 i = 0; i < 32; i++)\n    if ((1U<<i) & SSRC0) == 0)\n    { SDST = i; break; }",
        2, 30, "unbalanced parentheses: ')' at column 30 has no matching '('");
    /* SMEM atomics: one '(' never closed, found although the next line balances */
    assert_parse_error("UINT32* VM = (UINT32*)((SMEM + (OFFSET & ~3))\nUINT32 P = *VM; *VM = SDATA",
                       1, 23, "unbalanced parentheses: '(' opened at column 23 is never closed");
    /* DS_SWIZZLE_B32: the unclosed '(' runs into 'else' */
    assert_parse_error(
        "if (OFFSET&0x8000)\nX = (L&0x3c) + ((OFFSET >> (2*(L&3)) & 3)\nelse\n{\nX = 1\n}", 2, 16,
        "unbalanced parentheses: '(' opened at column 16 is never closed");
    assert_parse_error("if (x) {\n y = (1\n}", 2, 6, "'(' opened at column 6 is never closed");
    assert_parse_error("x = a[1", 1, 6,
                       "unbalanced brackets: '[' opened at column 6 is never closed");
    assert_parse_error("x = a[(b]", 1, 9,
                       "mismatched brackets: ']' at column 9 closes '(' opened at line 1 column 7");
    assert_parse_error("{ x = 1", 1, 1,
                       "unbalanced braces: '{' opened at column 1 is never closed");
    assert_parse_error("x = 1 }", 1, 7, "unbalanced braces: '}' at column 7 has no matching '{'");
    assert_parse_error("x = (1;\ny = 2)", 1, 5, "'(' opened at column 5 is never closed");
    assert_parse_error("x = f(]", 1, 7, "mismatched brackets");
}

static void test_parse_errors_grammar(void **state)
{
    char deep[2048];
    size_t k = 0;
    (void)state;
    assert_parse_error("x = )", 1, 5, "unbalanced parentheses");
    assert_parse_error("x = ()", 1, 6, "expected expression before ')'");
    assert_parse_error("x = (a + )", 1, 10, "expected expression before ')'");
    assert_parse_error("x = MAX(a, )", 1, 12, "expected expression before ')'");
    assert_parse_error("x = ", 1, 5, "expected expression at end of block");
    assert_parse_error("x = 1 +\n", 2, 1, "expected expression at end of block");
    assert_parse_error("x = ;", 1, 5, "expected expression before ';'");
    assert_parse_error("x = a ? b\ny = 1", 1, 10,
                       "expected ':' of the '?' at column 7 before end of line");
    assert_parse_error("x = a b", 1, 7, "expected a newline or ';' before 'b'");
    assert_parse_error("UINT32 x y", 1, 10, "expected a newline or ';' before 'y'");
    assert_parse_error("UINT32 = 5", 1, 8,
                       "expected a variable name after the type UINT32, found '='");
    assert_parse_error("x = UINT32", 1, 5, "unexpected type name 'UINT32' in an expression");
    assert_parse_error("else x = 1", 1, 1, "'else' without a matching 'if'");
    assert_parse_error("x = 1 else y = 2", 1, 7, "'else' without a matching 'if'");
    assert_parse_error("break", 1, 1, "'break' outside a loop");
    assert_parse_error("if (x) continue", 1, 8, "'continue' outside a loop");
    assert_parse_error("while (x) y = 1", 1, 1, "'while' is not part of the pseudocode language");
    assert_parse_error("(a)(b)", 1, 4, "only a named function can be called");
    assert_parse_error("for (Int i = 0; i < 4; i++) x += i", 1, 10,
                       "expected ';' after the initialization of 'for' before 'i'");
    assert_parse_error("UINT32* a, b", 1, 10, "a second declarator after the pointer type UINT32*");
    assert_parse_error("HALF a, 5", 1, 9,
                       "expected a variable name after the type HALF, found '5'");
    assert_parse_error("x = a, b", 1, 6, "expected a newline or ';' before ','");
    assert_parse_error("if (c) HALF a, b", 1, 14, "expected a newline or ';' before ','");
    assert_parse_error("x = (HALFX)(INT16)SRC0", 1, 12, "only a named function can be called");
    /* register counts are n:m and nothing else */
    assert_parse_error("x = VADDR(1:2:3)", 1, 12, "',' or ')' in the argument list");
    assert_parse_error("x = VADDR(1:2)(3)", 1, 15, "only a named function can be called");
    assert_parse_error("x = VADDR(a:2)", 1, 12, "',' or ')' in the argument list");
    assert_parse_error("if x\n y = 1", 1, 4, "expected '(' after 'if' before 'x'");
    assert_parse_error("if (x)", 1, 7, "expected a statement after 'if (...)', found end of block");
    assert_parse_error("if (x) y = 1\nelse", 2, 5,
                       "expected a statement after 'else', found end of block");
    assert_parse_error("for (i = 0; i < 3) x = 1", 1, 18,
                       "expected ';' after the condition of 'for' before ')'");
    assert_parse_error("for (i = 0) x = 1", 1, 11,
                       "expected ';' after the initialization of 'for' before ')'");
    assert_parse_error("x = a[1:]", 1, 9, "expected expression before ']'");
    assert_parse_error("UINT32**** p", 1, 10, "too many levels of pointer");
    /* nesting is bounded so that no walk can exhaust the stack */
    for (int i = 0; i < 300; i++)
        deep[k++] = '(';
    deep[k++] = 'x';
    for (int i = 0; i < 300; i++)
        deep[k++] = ')';
    deep[k] = '\0';
    assert_parse_error(deep, 1, 257, "nested too deeply (more than 256 brackets)");
    k = 0;
    for (int i = 0; i < 400; i++)
        deep[k++] = '~';
    deep[k++] = 'x';
    deep[k] = '\0';
    {
        ps_arena a;
        gcn_diag d;
        ps_arena_init(&a);
        assert_null(parse_text(&a, deep, &d));
        assert_non_null(strstr(d.msg, "nested too deeply"));
        ps_arena_free(&a);
    }
}

/* ---- printer --------------------------------------------------------------------------------- */

static void assert_prints(const char *text, const char *want)
{
    ps_arena a;
    ps_node *p, *q;
    char buf[4096];
    ps_arena_init(&a);
    p = must_parse(&a, text);
    ps_print(p, buf, sizeof(buf));
    if (strcmp(buf, want) != 0)
        fail_msg("print of \"%s\":\n%s\nwant:\n%s", text, buf, want);
    q = must_parse(&a, buf);
    assert_true(ps_equal(p, q));
    ps_arena_free(&a);
}

static void test_print_canonical(void **state)
{
    (void)state;
    assert_prints(
        "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\nVDST = *V; *V = *V + VDATA0 // atomic",
        "UINT32* V = (UINT32*)(DS + ((ADDR + OFFSET) & ~3))\nVDST = *V\n*V = *V + VDATA0\n");
    assert_prints(
        "if (CSP==SSRC0)\n    PC += 4\nelse\n{\n    CSP--\n    EXEC = SGPR[CSP*4:CSP*4+1]\n}",
        "if (CSP == SSRC0)\n    PC += 4\nelse {\n    CSP--\n    EXEC = SGPR[CSP * 4:CSP * 4 + "
        "1]\n}\n");
    assert_prints(
        "for (UINT8 i = 0; i < 32; i++)\n    if (((1U<<i) & SSRC0) == 0)\n    { SDST = i; break; }",
        "for (UINT8 i = 0; i < 32; i++)\n    if (((1U << i) & SSRC0) == 0) {\n        SDST = i\n"
        "        break\n    }\n");
    assert_prints("for (i = 0; i < n; ++i) {\nif (c[i]) { x = 1 } else { x = 2 }\n}",
                  "for (i = 0; i < n; ++i) {\n    if (c[i]) {\n        x = 1\n    } else {\n       "
                  " x = 2\n    }\n}\n");
    assert_prints("if (a) x = 1; else if (b) x = 2; else { x = 3 }",
                  "if (a)\n    x = 1\nelse if (b)\n    x = 2\nelse {\n    x = 3\n}\n");
    assert_prints("for(;;){break}", "for (;;) {\n    break\n}\n");
    assert_prints("if (x) ;", "if (x) {\n}\n");
    assert_prints("UINT tmp[64]", "UINT tmp[64]\n");
    assert_prints("HALF F = FLOOR(ASHALF(SRC0))", "HALF F = FLOOR(ASHALF(SRC0))\n");
    /* C's own int, the 32-bit INT32 of one V_PERM_B32 loop; "Int" is no type */
    assert_prints("for (int i = 0; i < 4; i++) x += i",
                  "for (int i = 0; i < 4; i++)\n    x += i\n");
    /* several declarators: a declaration each, as C declares them */
    assert_prints("HALF S0 = ASHALF(SRC0&0xffff), S1 = ASHALF(SRC0>>16)",
                  "HALF S0 = ASHALF(SRC0 & 0xffff)\nHALF S1 = ASHALF(SRC0 >> 16)\n");
    assert_prints("{ HALF P0[LANEID], P10[LANEID]; x = 1 }",
                  "{\n    HALF P0[LANEID]\n    HALF P10[LANEID]\n    x = 1\n}\n");
    assert_prints("x = ((a))", "x = (a)\n");
    assert_prints("x = - -y + -(-z) + - --w + &*p", "x = - -y + -(-z) + - --w + &*p\n");
    assert_prints("VDST = (INT32)*(INT16*)(DS + X)", "VDST = (INT32)*(INT16*)(DS + X)\n");
    assert_prints("VDST = *V0 | (UINT64(*V1)<<32)", "VDST = *V0 | (UINT64(*V1) << 32)\n");
    assert_prints("x = a ? b : c ? d : e", "x = a ? b : c ? d : e\n");
    assert_prints("x = (a ? b : c) ? d : e", "x = (a ? b : c) ? d : e\n");
    assert_prints("(UINT32*)(DS + A) = VDATA0", "(UINT32*)(DS + A) = VDATA0\n");
    assert_prints("{\n}\n", "{\n}\n");
    assert_prints("P = VMEM(SRSRC, VADDR(1:2))", "P = VMEM(SRSRC, VADDR(1:2))\n");
    assert_prints("x = 2.0*y+0.0f", "x = 2.0 * y + 0.0f\n");
}

/* A tree built by hand (not by the parser) still prints with the parentheses C needs. */
static void test_print_adds_needed_parens(void **state)
{
    ps_node a = {.kind = PS_NAME, .u.name.name = "a"};
    ps_node b = {.kind = PS_NAME, .u.name.name = "b"};
    ps_node c = {.kind = PS_NAME, .u.name.name = "c"};
    ps_node sum = {.kind = PS_BINARY, .u.binary = {PS_OP_ADD, 0, 0, &a, &b}};
    ps_node prod = {.kind = PS_BINARY, .u.binary = {PS_OP_MUL, 0, 0, &sum, &c}};
    ps_node sub = {.kind = PS_BINARY, .u.binary = {PS_OP_SUB, 0, 0, &a, &sum}};
    ps_node neg = {.kind = PS_UNARY, .u.unary = {PS_OP_NEG, &sum}};
    char buf[64];
    (void)state;
    ps_print_expr(&prod, buf, sizeof(buf));
    assert_string_equal(buf, "(a + b) * c");
    ps_print_expr(&sub, buf, sizeof(buf));
    assert_string_equal(buf, "a - (a + b)");
    ps_print(&neg, buf, sizeof(buf));
    assert_string_equal(buf, "-(a + b)");
}

static void test_print_truncates_like_snprintf(void **state)
{
    ps_arena a;
    ps_node *p;
    char buf[8];
    size_t n;
    (void)state;
    ps_arena_init(&a);
    p = must_parse(&a, "SDST = EXEC");
    n = ps_print(p, buf, sizeof(buf));
    assert_int_equal(n, strlen("SDST = EXEC\n"));
    assert_string_equal(buf, "SDST = ");
    assert_int_equal(ps_print(p, NULL, 0), n);
    ps_arena_free(&a);
}

static void test_equal(void **state)
{
    ps_arena a;
    ps_node *p, *q, *r;
    (void)state;
    ps_arena_init(&a);
    p = must_parse(&a, "x = (a + b) * c // one");
    q = must_parse(&a, "\n\n   x=(a+b)*c");
    r = must_parse(&a, "x = (a + b) * d");
    assert_true(ps_equal(p, q));
    assert_false(ps_equal(p, r));
    r = must_parse(&a, "x = ((a + b)) * c");
    assert_true(ps_equal(p, r)); /* one pair of parentheses or several: the same tree */
    r = must_parse(&a, "x = (a + b) * (c)");
    assert_false(ps_equal(p, r));
    ps_arena_free(&a);
}

/* ---- checks ---------------------------------------------------------------------------------- */

static void test_issue_ids(void **state)
{
    (void)state;
    assert_string_equal(ps_issue_id(PS_ISSUE_UNKNOWN_NAME), "unknown-name");
    assert_string_equal(ps_issue_id(PS_ISSUE_SHIFT_WIDTH), "shift-width");
    assert_string_equal(ps_issue_id(PS_ISSUE_COUNT), "unknown");
    for (int i = 0; i < PS_ISSUE_COUNT; i++)
        assert_int_equal(ps_issue_from_id(ps_issue_id((ps_issue_code)i)), i);
    assert_int_equal(ps_issue_from_id("nope"), PS_ISSUE_COUNT);
    /* operator tables */
    assert_string_equal(ps_op_text(PS_OP_SHL_ASSIGN), "<<=");
    assert_int_equal(ps_op_assign_base(PS_OP_OR_ASSIGN), PS_OP_BITOR);
    assert_int_equal(ps_op_assign_base(PS_OP_ASSIGN), PS_OP_COUNT);
    assert_true(ps_op_is_assign(PS_OP_ASSIGN) && !ps_op_is_assign(PS_OP_EQ));
    assert_true(ps_op_is_compare(PS_OP_GE) && !ps_op_is_compare(PS_OP_BITAND));
    assert_string_equal(ps_base_name(PS_BYTE), "BYTE");
    assert_int_equal(ps_base_width(PS_UINT), 0);
    assert_true(ps_type_same((ps_type){PS_BYTE, 1}, (ps_type){PS_UINT8, 1}));
    assert_false(ps_type_same((ps_type){PS_UINT32, 1}, (ps_type){PS_UINT32, 0}));
}

static void test_check_unknown_name(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_PERMUTE_B32: TMP declared, tmp used; case matters */
    ISSUES("UINT32 TMP[64]\nfor (BYTE i = 0; i < 64; i++)\n  tmp[i] = 0\nx = tmp[0]",
           "unknown-name@3:3", "unknown-name@4:1");
    assert_non_null(first_issue("UINT32 TMP[64]\ntmp[0] = 1", PS_ISSUE_UNKNOWN_NAME, &is));
    assert_string_equal(is.msg, "'tmp' is not declared (did you mean 'TMP'?)");
    /* S_CBRANCH_JOIN: SGPRS for SGPR, reported once at its first use */
    assert_non_null(first_issue("PC = SGPRS[0:1]\nPC = SGPRS[2:3]", PS_ISSUE_UNKNOWN_NAME, &is));
    assert_string_equal(is.msg, "'SGPRS' is not declared (did you mean 'SGPR'?)");
    ISSUES("PC = SGPRS[0:1]\nPC = SGPRS[2:3]", "unknown-name@1:6");
    /* no guess when several names are as close: VDATA0, VDATA1 and SDATA */
    assert_non_null(first_issue("SDATA = VDATA", PS_ISSUE_UNKNOWN_NAME, &is));
    assert_string_equal(is.msg, "'VDATA' is not declared");
    /* scope: a block's declaration ends with the block */
    ISSUES("{ UINT32 x = 1 }\ny = x", "unknown-name@2:1", "unknown-name@2:5");
    ISSUES("for (BYTE i = 0; i < 4; i++) x = i\nSDST = i", "unknown-name@1:30", "unknown-name@2:8");
    /* used before its declaration */
    ISSUES("SDST = t\nUINT32 t = 1", "unknown-name@1:8");
    /* a helper is not a value */
    assert_non_null(first_issue("SDST = MAX", PS_ISSUE_UNKNOWN_NAME, &is));
    assert_string_equal(is.msg, "'MAX' is a function, used here as a value");
    /* silent: env names, locals in scope, loop variables, declared arrays */
    NO_ISSUES("UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\nVDST = *V; *V = *V + VDATA0");
    ISSUES("UINT tmp[64]\nfor (BYTE i = 0; i < 64; i++) {\n UINT32 laneid = ADDR[i]\n"
           " tmp[i] = laneid\n}\nSDST = GCN14 ? tmp[0] : 0",
           "unsized-type@1:1" /* and nothing else */);
}

static void test_check_unknown_helper_and_arity(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_CMPST_F32 */
    assert_non_null(first_issue(
        "FLOAT* V = (FLOAT*)(DS + A)\n*V = (*V==ASFLOATR(VDATA0)) ? ASFLOAT(VDATA1) : *V",
        PS_ISSUE_UNKNOWN_HELPER, &is));
    assert_int_equal(is.line, 2);
    assert_int_equal(is.col, 11);
    assert_string_equal(is.msg, "call to unknown function 'ASFLOATR' (did you mean 'ASFLOAT'?)");
    ISSUES("SDST = FOO(1)\nSDST = FOO(2)", "unknown-helper@1:8");
    ISSUES("SDST = MAX(SSRC0, SDST, VCC)", "wrong-arity@1:8");
    assert_non_null(first_issue("SDST = ABS()", PS_ISSUE_WRONG_ARITY, &is));
    assert_string_equal(is.msg, "'ABS' takes 1 argument but is given 0");
    NO_ISSUES("SDST = MAX(SSRC0, SDST)\nSDST = BITCOUNT(~SSRC0)\nVDST = UINT64(VDATA0) << 32");
}

static void test_check_unknown_marker(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_WRITE_B64 (once GCN1.4 is fixed) */
    assert_non_null(first_issue("UINT64* V = (UINT64*)(DS + (ADDR+OFFSET)) // ?\?\?",
                                PS_ISSUE_UNKNOWN_MARKER, &is));
    assert_int_equal(is.line, 1);
    assert_int_equal(is.col, 46);
    ISSUES("SDST = 1\n/* first\n  ?\?\? */", "unknown-marker@3:3");
    NO_ISSUES("SDST = EXEC // atomic operation?\nSCC = 1 /* what? */");
}

static void test_check_precedence(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_BPERMUTE_B32 */
    assert_non_null(first_issue("UINT32 laneid = 0\nVDST = (EXEC & (1ULL<<laneid)!=0) ? 1 : 0",
                                PS_ISSUE_PRECEDENCE, &is));
    assert_int_equal(is.line, 2);
    assert_int_equal(is.col, 14);
    assert_string_equal(is.msg, "'!=' binds tighter than '&': C reads this as EXEC & "
                                "((1ULL << laneid) != 0)");
    ISSUES("if (EXEC & (1ULL<<LANEID)!=0) VDST = 1", "precedence@1:10");
    ISSUES("SCC = SDST == 0 | SCC", "precedence@1:17");
    ISSUES("SCC = EXEC ^ SDST < 2", "precedence@1:12");
    /* silent: parenthesized as intended, or a mix whose C meaning is the intended one */
    NO_ISSUES("if ((EXEC & (1ULL<<LANEID)) != 0) VDST = 1");
    NO_ISSUES("SCC = EXEC & ((1ULL<<LANEID) != 0)");
    NO_ISSUES("VDST = ((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)");
    NO_ISSUES("SDST = SSRC0 & SDST | VCC ^ EXEC");
    NO_ISSUES("SCC = SDST == 0 && EXEC != 0 || VCC < 1");
    NO_ISSUES("SCC = (SDST & 1) == 0");
}

static void test_check_shift_width(void **state)
{
    ps_issue is;
    (void)state;
    /* S_FLBIT_I32_I64 with its parentheses balanced: 1U shifted by up to 63 */
    assert_non_null(
        first_issue("SDST = -1\nUINT64 bitval = (INT64)SSRC0>=0 ? 1 : 0\n"
                    "for (INT8 i = 63; i >= 0; i--)\n"
                    "    if (((1U<<i) & SSRC0) == (bitval<<i))\n    { SDST = 63-i; break; }",
                    PS_ISSUE_SHIFT_WIDTH, &is));
    assert_int_equal(is.line, 4);
    assert_int_equal(is.col, 13);
    assert_string_equal(is.msg, "'1U << i' shifts a 32-bit value by up to 63 bits (shift count "
                                "in [0, 63])");
    ISSUES("SDST = 1U << 32", "shift-width@1:11");
    ISSUES("SDST = 1 << 40", "shift-width@1:10");
    ISSUES("UINT32 x = 1\nx <<= 40", "shift-width@2:3");
    ISSUES("for (UINT8 i = 0; i < 64; i += 4)\n  SDST |= 15 << i", "shift-width@2:14");
    ISSUES("for (UINT8 i = 0; i <= 32; i++)\n  SDST |= (UINT32)1 << i", "shift-width@2:21");
    ISSUES("for (UINT8 i = 0; i < 32; i++)\n  SDST |= 1U << (i + 1)", "shift-width@2:14");
    ISSUES("for (UINT8 i = 0; i < 32; i++)\n  SDST |= 1U << (i << 1)", "shift-width@2:14");
    ISSUES("for (UINT8 i = 0; 32 >= i; ++i)\n  SDST |= 1ULL << (i * 2)", "shift-width@2:16");
    ISSUES("INT16 h = 1\nfor (UINT8 i = 0; i < 33; i++)\n  SDST |= h << i", "shift-width@3:13");
    /* an unsigned counter that wraps never leaves the loop and takes every value */
    ISSUES("for (UINT8 i = 63; i >= 0; i--)\n  SDST |= 1ULL << i", "shift-width@2:16");
    /* silent: counts below the width, 64-bit operands, unknown operand widths or counts */
    NO_ISSUES("for (INT8 i = 31; i >= 0; i--)\n  if (((1U<<i) & SSRC0) != 0)\n    { SDST = 31-i; "
              "break; }");
    NO_ISSUES("for (INT8 i = 63; i >= 0; i--)\n  if (((1ULL<<i) & SSRC0) != 0)\n    { SDST = 63-i; "
              "break; }");
    NO_ISSUES("UINT64 temp = 0\nfor (UINT8 i = 0; i < 64; i+=4)\n"
              "    temp |= ((SSRC0>>i) & 15)!=0 ? (15ULL<<i) : 0");
    NO_ISSUES("UINT32 temp = 0\nfor (UINT8 i = 0; i < 32; i+=4)\n"
              "    temp |= ((SSRC0>>i) & 15)!=0 ? (15<<i) : 0");
    NO_ISSUES("UINT64 temp = 0\nfor (UINT8 i = 0; i < 16; i++)\n"
              "    temp |= ((SSRC0>>(i<<2)) & 15)!=0 ? (1U<<i) : 0");
    NO_ISSUES("SDST = 0\nfor (BYTE I=0; I<32; I++)\n    SDST |= (((SSRC0>>I)&1)*3)<<(I<<1)");
    NO_ISSUES("SDST &= ~(1U << (SSRC0&31))\nSDST |= 1ULL << (SSRC0&63)");
    NO_ISSUES("UINT32* V0 = (UINT32*)DS\nUINT32* V1 = (UINT32*)DS\n"
              "VDST = *V0 | (UINT64(*V1)<<32)\nVDST = *V0 | (UINT128(*V1)<<64)");
    NO_ISSUES("UINT32 laneid = ADDR[0]\nSCC = (EXEC & (1ULL << laneid)) != 0");
    NO_ISSUES("for (UINT8 i = 0; i < 64; i++) { i = 0\n SDST = 1U << 5 }");
    NO_ISSUES("for (UINT8 i = 0; i < 64; i++) { SDST = 1U << (i & 31) }");
    NO_ISSUES("for (UINT8 i = 0; i < 64; i++) { SDST = 1U << (i % 32) }");
    NO_ISSUES("for (UINT8 i = 40; i < 32; i++) SDST = 1U << i"); /* never runs */
}

static void test_check_not_lvalue(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_WRITE_ADDTID_B32 */
    assert_non_null(first_issue("(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4) = VDATA0",
                                PS_ISSUE_NOT_LVALUE, &is));
    assert_int_equal(is.line, 1);
    assert_int_equal(is.col, 1);
    assert_string_equal(is.msg, "cannot assign to the pointer cast '(UINT32*)(DS + (M0 & 0xffff) + "
                                "OFFSET + LANEID * 4)' (missing '*' to store through it?)");
    ISSUES("SDST + 1 = 2", "not-lvalue@1:1");
    ISSUES("ABS(SDST) = 2", "not-lvalue@1:1");
    ISSUES("SDST = 5++", "not-lvalue@1:8");
    ISSUES("SCC ? SDST : VCC = 1", "not-lvalue@1:1");
    /* silent: variables, elements, register ranges, dereferences, parenthesized lvalues */
    NO_ISSUES("*(UINT32*)(DS + ADDR) = VDATA0\nSGPR[M0:M0+1] = SSRC0\nSDATA[0] = 1\n(SDST) = 2\n"
              "UINT64* V = (UINT64*)DS\n*(V+1) = VDATA0\nV++\n*V += 1");
}

static void test_check_pointer_type_mismatch(void **state)
{
    ps_issue is;
    (void)state;
    /* DS_WRITE_B96 */
    assert_non_null(first_issue("UINT32* V = (UINT64*)(DS + ((ADDR+OFFSET)&~15))",
                                PS_ISSUE_POINTER_TYPE_MISMATCH, &is));
    assert_string_equal(is.msg, "'V' is declared UINT32* but receives a UINT64*");
    /* DS_MIN_RTN_F64 */
    ISSUES("DOUBLE* V = (FLOAT*)(DS + ((ADDR+OFFSET)&~7))", "pointer-type-mismatch@1:1");
    /* DS_MIN_RTN_I64 */
    assert_non_null(first_issue("INT64 V = (INT64*)(DS + ((ADDR+OFFSET)&~7))",
                                PS_ISSUE_POINTER_TYPE_MISMATCH, &is));
    assert_string_equal(is.msg, "'V' is declared INT64, not a pointer, but receives a INT64* "
                                "(missing '*'?)");
    /* DS_WRAP_RTN_B32 */
    ISSUES("UINT32 A = (UINT32*)(DS + ((ADDR+OFFSET)&~3))", "pointer-type-mismatch@1:1");
    /* through an assignment, and from another pointer variable */
    ISSUES("UINT16* V\nV = (UINT32*)(DS + ADDR)\n*V = 1", "pointer-type-mismatch@2:1");
    ISSUES("UINT64* W = (UINT64*)DS\nUINT32* V = W + 1", "pointer-type-mismatch@2:1");
    ISSUES("UINT32* V = (UINT32)ADDR", "pointer-type-mismatch@1:1");
    /* silent */
    NO_ISSUES("UINT16* V\nif (GCN14)\n  V = (UINT16*)(DS + ADDR+OFFSET)\nelse\n"
              "  V = (UINT16*)(DS + (ADDR+OFFSET)&~1)\n*V = VDATA0&0xffff");
    NO_ISSUES("BYTE* p = (UINT8*)DS\nUINT8* q = (BYTE*)DS\nUD* r = (UINT32*)DS\n*p = *q + *r");
    NO_ISSUES("UINT32* V = (UINT32*)(DS + ADDR)\n*(UINT64*)V = VDATA0[0:1]\n*(V+2) = VDATA0[2]");
    NO_ISSUES("UINT32 A = (OFFSET&0x8000) ? ADDR&0x1fffc : ADDR&~3\nUINT32* V = (UINT32*)(DS + A)\n"
              "*V = *V + 1");
}

/* DS_WRITE_B64 with GCN1.4 written GCN14: the inner declarations hide the outer V, which is
 * then stored through without ever being assigned. */
static const char ds_write_b64_fixed[] = "UINT64* V\n"
                                         "if (GCN14)\n"
                                         "UINT64* V = (UINT64*)(DS + (ADDR+OFFSET)) // ?\?\?\n"
                                         "else\n"
                                         "UINT64* V = (UINT64*)(DS + ((ADDR+OFFSET)&~7))\n"
                                         "*V = VDATA0";

static void test_check_shadowing(void **state)
{
    ps_issue is;
    (void)state;
    ISSUES(ds_write_b64_fixed, "shadowing@3:1", "unknown-marker@3:46", "shadowing@5:1",
           "uninitialized@6:2");
    assert_non_null(first_issue(ds_write_b64_fixed, PS_ISSUE_SHADOWING, &is));
    assert_string_equal(is.msg, "this declaration of 'V' hides the one at line 1: assignments "
                                "here do not reach the outer 'V'");
    ISSUES("UINT32 x = 1\n{\n  UINT32 x = 2\n}\nSDST = x", "shadowing@3:3");
    ISSUES("UINT32 x = 1\nUINT32 x = 2\nSDST = x", "shadowing@2:1");
    ISSUES("UINT32 i = 0\nfor (UINT8 i = 0; i < 4; i++) SDST = i\nSDST = i", "shadowing@2:6");
    assert_non_null(first_issue("UINT64 EXEC = 0\nSDST = EXEC", PS_ISSUE_SHADOWING, &is));
    assert_string_equal(is.msg, "this declaration of 'EXEC' hides the operand or register of the "
                                "same name");
    /* silent: sequential loops reuse a name; case differs from an operand name */
    NO_ISSUES("for (BYTE i = 0; i < 4; i++) SDST = i\nfor (BYTE i = 0; i < 4; i++) SDST = i\n"
              "UINT32 laneid = LANEID\nSDST = laneid");
    NO_ISSUES("for (BYTE i = 0; i < 4; i++) {\n  UINT32 t = i\n  SDST = t\n}\n"
              "for (BYTE j = 0; j < 4; j++) {\n  UINT32 t = j\n  SDST = t\n}");
}

static void test_check_uninitialized(void **state)
{
    ps_issue is;
    (void)state;
    assert_non_null(first_issue(ds_write_b64_fixed, PS_ISSUE_UNINITIALIZED, &is));
    assert_string_equal(is.msg, "'V' is read before it is assigned (declared at line 1 without a "
                                "value)");
    ISSUES("UINT32 x\nSDST = x", "uninitialized@2:8");
    ISSUES("UINT32 x\nif (SCC) x = 1\nSDST = x", "uninitialized@3:8");
    ISSUES("UINT32 x\nif (SCC) x = 1\nelse SDST = 0\nSDST = x\nSDST = x", "uninitialized@4:8");
    ISSUES("UINT32 x\nx += 1", "uninitialized@2:1");
    ISSUES("UINT32* V\nV[0] = 1", "uninitialized@2:1");
    ISSUES("UINT32 x\nSCC = SCC && (x = 1)\nSDST = x", "uninitialized@3:8");
    ISSUES("UINT32 x\nfor (UINT8 i = 0; i < SSRC0; i++) x = i\nSDST = x", "uninitialized@3:8");
    ISSUES("UINT32 x\nfor (UINT8 i = 0; i < 4; i++) { if (SCC) break\n x = i }\nSDST = x",
           "uninitialized@4:8");
    /* silent: DS_WRITE_B16 assigns on both branches; loops that surely run; dead code */
    NO_ISSUES("UINT16* V\nif (GCN14)\nV = (UINT16*)(DS + ADDR+OFFSET)\nelse\n"
              "V = (UINT16*)(DS + (ADDR+OFFSET)&~1)\n*V = VDATA0&0xffff");
    NO_ISSUES("UINT32 x\nx = 1\nSDST = x");
    NO_ISSUES("UINT32 x\nSDST = SCC ? (x = 1) : (x = 2)\nSDST = x");
    NO_ISSUES("UINT32 x\nfor (UINT8 i = 0; i < 4; i++) x = i\nSDST = x");
    NO_ISSUES("UINT32 x\nfor (UINT8 i = 0; i < 4; i++) { x = i\n if (SCC) break }\nSDST = x");
    NO_ISSUES("UINT32 x\nfor (;;) { x = 1\n break }\nSDST = x");
    NO_ISSUES("UINT32 tmp[64]\ntmp[0] = 1\nSDST = tmp[0]"); /* arrays are not tracked */
    NO_ISSUES("UINT32 x\nif (SCC) { x = 1 } else { x = 2 }\nSDST = x");
}

static void test_check_unsized_type(void **state)
{
    ps_issue is;
    (void)state;
    assert_non_null(first_issue("UINT tmp[64]\ntmp[0] = 0", PS_ISSUE_UNSIZED_TYPE, &is));
    assert_int_equal(is.line, 1);
    assert_string_equal(is.msg, "type 'UINT' has no width (UINT32 or UINT64?)");
    ISSUES("SDST = (UINT)SSRC0", "unsized-type@1:8");
    ISSUES("SDST = UINT(SSRC0)", "unsized-type@1:8");
    NO_ISSUES("UINT32 tmp[64]\ntmp[0] = (UINT64)SSRC0\nSDST = UD(tmp[0])");
}

static void test_check_output_read_not_written(void **state)
{
    ps_env env = test_env_with_outputs();
    ps_env plain = test_env();
    ps_issue is[8];
    /* DS_CMPST_RTN_B32 stores VDST to memory instead of returning the old value in it */
    const char *cmpst = "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\n"
                        "*V = VDST; *V = (*V==VDATA0) ? VDATA1 : *V";
    (void)state;
    assert_int_equal(check_text(cmpst, &env, is, 8), 1);
    assert_int_equal(is[0].code, PS_ISSUE_OUTPUT_NOT_WRITTEN);
    assert_int_equal(is[0].line, 2);
    assert_int_equal(is[0].col, 6);
    assert_string_equal(is[0].msg, "destination 'VDST' is read but never written");
    /* silent without the outputs, and where the destination is also written */
    assert_int_equal(check_text(cmpst, &plain, is, 8), 0);
    assert_int_equal(check_text("VDST = *(UINT16*)(DS + ADDR) | (VDST & 0xffff0000)", &env, is, 8),
                     0);
    assert_int_equal(check_text("SDST = SCC ? SSRC0 : SDST", &env, is, 8), 0);
    assert_int_equal(check_text("VDST[LANEID] = 1\nSDST &= ~1", &env, is, 8), 0);
}

/* Regression (found by libFuzzer): the target of ++ and of compound assignments was walked
 * twice, as a value and as a target, which doubled every issue in it and made nested chains
 * exponential (SD++ ++ ++ ... took minutes). */
static void test_walks_targets_once(void **state)
{
    char text[2048];
    size_t k = 0;
    ps_arena a;
    ps_node *p;
    ps_summary sum;
    ps_env env = test_env();
    ps_issue is[64];
    (void)state;
    ISSUES("SGPR[1U << 40] += 1", "shift-width@1:9");
    ISSUES("SGPR[SGPR[1U << 40] += 1]++", "shift-width@1:14");
    ISSUES("UINT32* V = (UINT32*)DS\n*(V + (1U << 33)) -= 1", "shift-width@2:11");
    k += (size_t)snprintf(text, sizeof(text), "SDST");
    for (int i = 0; i < 120; i++)
        k += (size_t)snprintf(text + k, sizeof(text) - k, "++");
    snprintf(text + k, sizeof(text) - k, " + SSRC0");
    ps_arena_init(&a);
    p = must_parse(&a, text);
    assert_int_equal(ps_check(p, &env, is, 64), 119); /* SDST++ is fine, the rest are not lvalues */
    assert_int_equal(ps_summarize(p, &a, &sum), GCN_OK);
    assert_true(ps_summary_writes(&sum, "SDST") && ps_summary_reads(&sum, "SDST"));
    k = (size_t)snprintf(text, sizeof(text), "SDST");
    for (int i = 0; i < 60; i++)
        k += (size_t)snprintf(text + k, sizeof(text) - k, " += SGPR[SDST");
    for (int i = 0; i < 60; i++)
        k += (size_t)snprintf(text + k, sizeof(text) - k, "]");
    p = must_parse(&a, text);
    assert_int_equal(ps_check(p, &env, is, 64), 0);
    assert_int_equal(ps_summarize(p, &a, &sum), GCN_OK);
    ps_arena_free(&a);
}

/* Loops nested deeper than any fixed table: checks still look inside the innermost one. */
static void test_check_deep_loops(void **state)
{
    char text[4096];
    size_t k = 0;
    (void)state;
    for (int i = 0; i < 100; i++)
        k += (size_t)snprintf(text + k, sizeof(text) - k, "for (;;) ");
    snprintf(text + k, sizeof(text) - k, "{ SDST = 1U << 32\n break }");
    ISSUES(text, "shift-width@1:913");
}

static void test_check_sorted_and_truncated(void **state)
{
    ps_env env = test_env();
    ps_issue is[2];
    const char *text = "UINT x\nSDST = 1U << 40\nSDST = foo";
    (void)state;
    /* three issues, two slots: the count says so, the stored ones are sorted */
    assert_int_equal(check_text(text, &env, is, 2), 3);
    assert_true(is[0].line < is[1].line || (is[0].line == is[1].line && is[0].col <= is[1].col));
    assert_int_equal(check_text(text, &env, NULL, 0), 3);
    /* no environment at all: every operand is unknown, nothing crashes */
    assert_int_equal(check_text("SDST = SSRC0", NULL, is, 2), 2);
}

/* ---- summary --------------------------------------------------------------------------------- */

static void test_summary(void **state)
{
    ps_arena a;
    ps_node *p;
    ps_summary s;
    (void)state;
    ps_arena_init(&a);

    p = must_parse(&a,
                   "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\nVDST = *V; *V = *V + VDATA0");
    assert_int_equal(ps_summarize(p, &a, &s), GCN_OK);
    assert_true(ps_summary_writes(&s, "VDST"));
    assert_false(ps_summary_writes(&s, "SCC"));
    assert_false(ps_summary_writes(&s, "V"));
    assert_true(ps_summary_reads(&s, "VDATA0"));
    assert_true(ps_summary_reads(&s, "DS"));
    assert_false(ps_summary_reads(&s, "VDST"));
    assert_true(ps_name_list_has(&s.locals, "V"));
    assert_int_equal(s.mem_written.count, 1);
    assert_string_equal(s.mem_written.items[0], "*V");
    assert_true(ps_name_list_has(&s.mem_read, "*V"));
    assert_int_equal(s.spaces.count, 1);
    assert_string_equal(s.spaces.items[0], "DS");

    p = must_parse(&a, "SDST = EXEC\nEXEC = SSRC0 & EXEC\nSCC = EXEC!=0");
    assert_int_equal(ps_summarize(p, &a, &s), GCN_OK);
    assert_int_equal(s.written.count, 3);
    assert_string_equal(s.written.items[0], "SDST");
    assert_string_equal(s.written.items[1], "EXEC");
    assert_string_equal(s.written.items[2], "SCC");
    assert_int_equal(s.mem_written.count, 0);

    p = must_parse(
        &a, "for (BYTE i = 0; i < 4; i++)\n    SDATA[i] = *(UINT32*)(SMEM + i*4 + (OFFSET & ~3))");
    assert_int_equal(ps_summarize(p, &a, &s), GCN_OK);
    assert_true(ps_summary_writes(&s, "SDATA"));
    assert_false(ps_summary_reads(&s, "i"));
    assert_true(ps_name_list_has(&s.spaces, "SMEM"));
    assert_string_equal(s.mem_read.items[0], "*(UINT32*)(SMEM + i * 4 + (OFFSET & ~3))");

    p = must_parse(&a, "UINT64* V = (UINT64*)(DS + ((ADDR+OFFSET)&~15))\n*V = VDATA0[0:1]\n"
                       "*(V+1) = VDATA0[2:3]\nV[2] = 0\nCSP--\nSDST += 1");
    assert_int_equal(ps_summarize(p, &a, &s), GCN_OK);
    assert_int_equal(s.mem_written.count, 3);
    assert_string_equal(s.mem_written.items[1], "*(V + 1)");
    assert_string_equal(s.mem_written.items[2], "V[2]");
    assert_true(ps_summary_writes(&s, "CSP") && ps_summary_reads(&s, "CSP"));
    assert_true(ps_summary_writes(&s, "SDST") && ps_summary_reads(&s, "SDST"));

    p = must_parse(&a, "for (i = 0; i < exec_size; ++i) {\n  if (ChEn[i]) {\n"
                       "    UD offset = element_offset[i];\n    dst[i] =  surface[offset];\n"
                       "    surface[offset] = op(surface[offset], src0, src1);\n  }\n}");
    assert_int_equal(ps_summarize(p, &a, &s), GCN_OK);
    assert_true(ps_summary_writes(&s, "dst"));
    assert_true(ps_summary_writes(&s, "surface"));
    assert_true(ps_summary_writes(&s, "i")); /* undeclared, so state as far as we know */
    assert_true(ps_name_list_has(&s.helpers, "op"));
    assert_false(ps_summary_reads(&s, "offset"));
    ps_arena_free(&a);
}

/* ---- arena ----------------------------------------------------------------------------------- */

static void test_arena(void **state)
{
    ps_arena a;
    char *p, *q;
    (void)state;
    ps_arena_init(&a);
    p = ps_arena_alloc(&a, 10);
    q = ps_arena_alloc(&a, 100000); /* bigger than a chunk */
    assert_non_null(p);
    assert_non_null(q);
    assert_int_equal(((uintptr_t)q) % _Alignof(max_align_t), 0);
    memset(q, 1, 100000);
    assert_int_equal(p[9], 0);
    assert_null(ps_arena_alloc(&a, (size_t)1 << 40));
    assert_true(a.total >= 100000);
    ps_arena_free(&a);
    assert_int_equal(a.total, 0);
    ps_arena_free(&a); /* twice is harmless */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lex_tokens),
        cmocka_unit_test(test_lex_number_types),
        cmocka_unit_test(test_lex_errors),
        cmocka_unit_test(test_parse_precedence),
        cmocka_unit_test(test_parse_casts_calls_ranges),
        cmocka_unit_test(test_parse_statements),
        cmocka_unit_test(test_parse_continuations),
        cmocka_unit_test(test_parse_positions),
        cmocka_unit_test(test_parse_errors_brackets),
        cmocka_unit_test(test_parse_errors_grammar),
        cmocka_unit_test(test_print_canonical),
        cmocka_unit_test(test_print_adds_needed_parens),
        cmocka_unit_test(test_print_truncates_like_snprintf),
        cmocka_unit_test(test_equal),
        cmocka_unit_test(test_issue_ids),
        cmocka_unit_test(test_check_unknown_name),
        cmocka_unit_test(test_check_unknown_helper_and_arity),
        cmocka_unit_test(test_check_unknown_marker),
        cmocka_unit_test(test_check_precedence),
        cmocka_unit_test(test_check_shift_width),
        cmocka_unit_test(test_check_not_lvalue),
        cmocka_unit_test(test_check_pointer_type_mismatch),
        cmocka_unit_test(test_check_shadowing),
        cmocka_unit_test(test_check_uninitialized),
        cmocka_unit_test(test_check_unsized_type),
        cmocka_unit_test(test_check_output_read_not_written),
        cmocka_unit_test(test_walks_targets_once),
        cmocka_unit_test(test_check_deep_loops),
        cmocka_unit_test(test_check_sorted_and_truncated),
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_arena),
    };
    return cmocka_run_group_tests_name("pseudo", tests, NULL, NULL);
}
