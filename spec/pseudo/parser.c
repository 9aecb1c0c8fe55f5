/* Recursive-descent parser with C precedence. A newline ends a statement except inside ( ) or
 * [ ], and except where the statement cannot end yet (after a binary operator, '?', ':', '=',
 * 'if (...)', 'for (...)', 'else'). Bracket balance is checked over the whole block first, so an
 * unbalanced block is reported at the bracket at fault rather than wherever parsing derails. */
#include "spec/pseudo/pseudo_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PS_MAX_BRACKETS 256

typedef struct parser {
    const ps_source *src;
    ps_arena *arena;
    gcn_diag *diag;
    ps_token *toks; /* significant tokens only, ends with PS_TOK_EOF */
    size_t ntoks;
    size_t pos;
    ps_tok_kind prev_kind; /* kind of the last token consumed */
    int group;             /* > 0 inside ( ) or [ ]: newlines are insignificant */
    int loops;             /* enclosing for statements, for break/continue */
    gcn_status status;
} parser;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
fail_at(parser *p, const ps_token *t, const char *fmt, ...)
{
    char msg[GCN_DIAG_MSG_MAX];
    va_list ap;
    if (p->status != GCN_OK)
        return; /* the first error is the one reported */
    p->status = GCN_ERR_SYNTAX;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (p->diag)
        gcn_diag_set(p->diag, p->src->file, t->line, t->col, "%s", msg);
}

static void fail_nomem(parser *p)
{
    if (p->status != GCN_OK)
        return;
    p->status = GCN_ERR_NOMEM;
    if (p->diag)
        gcn_diag_set(p->diag, p->src->file, 0, 0, "out of memory");
}

/* "'x'", "end of line" or "end of block", for messages. */
static const char *describe(const parser *p, const ps_token *t, char *buf, size_t size)
{
    if (t->kind == PS_TOK_EOF)
        snprintf(buf, size, "end of block");
    else if (t->kind == PS_TOK_NEWLINE)
        snprintf(buf, size, "end of line");
    else
        snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), p->src->text + t->off);
    return buf;
}

/* ---- token access ---------------------------------------------------------------------------- */

static ps_token *cur(parser *p)
{
    if (p->group > 0)
        while (p->toks[p->pos].kind == PS_TOK_NEWLINE)
            p->pos++;
    return &p->toks[p->pos];
}

/* The k-th significant token after the current one, newlines skipped (used inside brackets). */
static ps_token *ahead(parser *p, size_t k)
{
    size_t i = p->pos;
    for (;;) {
        if (p->toks[i].kind == PS_TOK_EOF)
            return &p->toks[i];
        if (p->toks[i].kind != PS_TOK_NEWLINE) {
            if (k == 0)
                return &p->toks[i];
            k--;
        }
        i++;
    }
}

static ps_token *advance(parser *p)
{
    ps_token *t = cur(p);
    if (t->kind != PS_TOK_EOF)
        p->pos++;
    p->prev_kind = t->kind;
    return t;
}

static void skip_newlines(parser *p)
{
    while (p->toks[p->pos].kind == PS_TOK_NEWLINE)
        p->pos++;
}

static bool at(parser *p, ps_tok_kind kind)
{
    return cur(p)->kind == kind;
}

static bool at_op(parser *p, ps_op op)
{
    const ps_token *t = cur(p);
    return t->kind == PS_TOK_OP && t->op == op;
}

static bool expect(parser *p, ps_tok_kind kind, const char *what)
{
    char d[64];
    if (at(p, kind)) {
        advance(p);
        return true;
    }
    fail_at(p, cur(p), "expected %s before %s", what, describe(p, cur(p), d, sizeof(d)));
    return false;
}

/* ---- nodes ----------------------------------------------------------------------------------- */

static unsigned max_u(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

static unsigned h(const ps_node *n)
{
    return n ? n->height : 0;
}

static ps_node *new_node(parser *p, ps_node_kind kind, const ps_token *t)
{
    ps_node *n;
    if (p->status != GCN_OK)
        return NULL;
    n = ps_arena_alloc(p->arena, sizeof(*n));
    if (!n) {
        fail_nomem(p);
        return NULL;
    }
    n->kind = kind;
    n->line = t->line;
    n->col = t->col;
    n->height = 1;
    return n;
}

/* Sets the height from the children and enforces the bound. */
static ps_node *seal(parser *p, ps_node *n, const ps_token *t)
{
    unsigned hh = 0;
    if (!n)
        return NULL;
    switch (n->kind) {
    case PS_PROGRAM:
    case PS_BLOCK:
        for (size_t i = 0; i < n->u.block.count; i++)
            hh = max_u(hh, h(n->u.block.items[i]));
        break;
    case PS_DECL:
        hh = max_u(h(n->u.decl.array_len), h(n->u.decl.init));
        break;
    case PS_EXPR_STMT:
        hh = h(n->u.expr_stmt.expr);
        break;
    case PS_IF:
        hh = max_u(h(n->u.if_.cond), max_u(h(n->u.if_.then_stmt), h(n->u.if_.else_stmt)));
        break;
    case PS_FOR:
        hh = max_u(max_u(h(n->u.for_.init), h(n->u.for_.cond)),
                   max_u(h(n->u.for_.step), h(n->u.for_.body)));
        break;
    case PS_UNARY:
        hh = h(n->u.unary.operand);
        break;
    case PS_BINARY:
        hh = max_u(h(n->u.binary.lhs), h(n->u.binary.rhs));
        break;
    case PS_TERNARY:
        hh = max_u(h(n->u.ternary.cond),
                   max_u(h(n->u.ternary.then_expr), h(n->u.ternary.else_expr)));
        break;
    case PS_CAST:
        hh = h(n->u.cast.operand);
        break;
    case PS_CALL:
        for (size_t i = 0; i < n->u.call.nargs; i++)
            hh = max_u(hh, h(n->u.call.args[i]));
        break;
    case PS_INDEX:
        hh = max_u(h(n->u.index.base), h(n->u.index.index));
        break;
    case PS_RANGE:
        hh = max_u(h(n->u.range.base), max_u(h(n->u.range.lo), h(n->u.range.hi)));
        break;
    case PS_BREAK:
    case PS_CONTINUE:
    case PS_NAME:
    case PS_NUMBER:
    case PS_FLOAT_LITERAL:
        break;
    }
    n->height = hh + 1;
    if (n->height > PS_MAX_HEIGHT) {
        fail_at(p, t, "nested too deeply (more than %d levels)", PS_MAX_HEIGHT);
        return NULL;
    }
    return n;
}

static char *tok_text(parser *p, const ps_token *t)
{
    char *s = ps_arena_strndup(p->arena, p->src->text + t->off, t->len);
    if (!s)
        fail_nomem(p);
    return s;
}

/* ---- bracket balance ------------------------------------------------------------------------- */

static const char *bracket_noun(ps_tok_kind k)
{
    return k == PS_TOK_LPAREN ? "parentheses" : k == PS_TOK_LBRACKET ? "brackets" : "braces";
}

static char opener_char(ps_tok_kind k)
{
    return k == PS_TOK_LPAREN ? '(' : k == PS_TOK_LBRACKET ? '[' : '{';
}

static char closer_char(ps_tok_kind k)
{
    return k == PS_TOK_RPAREN ? ')' : k == PS_TOK_RBRACKET ? ']' : '}';
}

static ps_tok_kind opener_of(ps_tok_kind closer)
{
    return closer == PS_TOK_RPAREN     ? PS_TOK_LPAREN
           : closer == PS_TOK_RBRACKET ? PS_TOK_LBRACKET
                                       : PS_TOK_LBRACE;
}

static void never_closed(parser *p, const ps_token *open)
{
    fail_at(p, open, "unbalanced %s: '%c' opened at column %u is never closed",
            bracket_noun(open->kind), opener_char(open->kind), open->col);
}

/* Inside ( ) or [ ] there can be no '{', '}', statement keyword, or ';' (except in the header
 * of a for); meeting one means the innermost open bracket was never closed. */
static bool check_brackets(parser *p)
{
    struct {
        const ps_token *tok;
        bool for_header;
    } stack[PS_MAX_BRACKETS];
    size_t depth = 0;

    for (size_t i = 0; i < p->ntoks; i++) {
        const ps_token *t = &p->toks[i];
        bool in_group = depth > 0 && stack[depth - 1].tok->kind != PS_TOK_LBRACE;
        switch (t->kind) {
        case PS_TOK_LPAREN:
        case PS_TOK_LBRACKET:
        case PS_TOK_LBRACE:
            if (t->kind == PS_TOK_LBRACE && in_group) {
                never_closed(p, stack[depth - 1].tok);
                return false;
            }
            if (depth == PS_MAX_BRACKETS) {
                fail_at(p, t, "nested too deeply (more than %d brackets)", PS_MAX_BRACKETS);
                return false;
            }
            stack[depth].tok = t;
            stack[depth].for_header =
                t->kind == PS_TOK_LPAREN && i > 0 && p->toks[i - 1].kind == PS_TOK_FOR;
            depth++;
            break;
        case PS_TOK_RPAREN:
        case PS_TOK_RBRACKET:
        case PS_TOK_RBRACE: {
            ps_tok_kind want = opener_of(t->kind);
            if (t->kind == PS_TOK_RBRACE && in_group) {
                never_closed(p, stack[depth - 1].tok);
                return false;
            }
            if (depth == 0 ||
                (t->kind != PS_TOK_RBRACE && stack[depth - 1].tok->kind == PS_TOK_LBRACE)) {
                fail_at(p, t, "unbalanced %s: '%c' at column %u has no matching '%c'",
                        bracket_noun(want), closer_char(t->kind), t->col, opener_char(want));
                return false;
            }
            if (stack[depth - 1].tok->kind != want) {
                const ps_token *o = stack[depth - 1].tok;
                fail_at(p, t,
                        "mismatched brackets: '%c' at column %u closes '%c' opened at line %u "
                        "column %u",
                        closer_char(t->kind), t->col, opener_char(o->kind), o->line, o->col);
                return false;
            }
            depth--;
            break;
        }
        case PS_TOK_SEMI:
            if (in_group && !stack[depth - 1].for_header) {
                never_closed(p, stack[depth - 1].tok);
                return false;
            }
            break;
        case PS_TOK_IF:
        case PS_TOK_ELSE:
        case PS_TOK_FOR:
        case PS_TOK_BREAK:
        case PS_TOK_CONTINUE:
            if (in_group) {
                never_closed(p, stack[depth - 1].tok);
                return false;
            }
            break;
        case PS_TOK_EOF:
            if (depth > 0) {
                never_closed(p, stack[depth - 1].tok);
                return false;
            }
            break;
        default:
            break;
        }
    }
    return true;
}

/* ---- expressions ----------------------------------------------------------------------------- */

static ps_node *parse_expr(parser *p);
static ps_node *parse_assign(parser *p);
static ps_node *parse_unary(parser *p);
static ps_node *parse_statement(parser *p);

static int binary_prec(ps_op op)
{
    switch (op) {
    case PS_OP_OR:
        return 1;
    case PS_OP_AND:
        return 2;
    case PS_OP_BITOR:
        return 3;
    case PS_OP_BITXOR:
        return 4;
    case PS_OP_BITAND:
        return 5;
    case PS_OP_EQ:
    case PS_OP_NE:
        return 6;
    case PS_OP_LT:
    case PS_OP_LE:
    case PS_OP_GT:
    case PS_OP_GE:
        return 7;
    case PS_OP_SHL:
    case PS_OP_SHR:
        return 8;
    case PS_OP_ADD:
    case PS_OP_SUB:
        return 9;
    case PS_OP_MUL:
    case PS_OP_DIV:
    case PS_OP_MOD:
        return 10;
    default:
        return 0;
    }
}

static bool parse_type(parser *p, ps_type *type)
{
    const ps_token *t = advance(p); /* PS_TOK_TYPE */
    type->base = t->base;
    type->ptr = 0;
    while (at_op(p, PS_OP_MUL)) {
        if (type->ptr == 3) {
            fail_at(p, cur(p), "too many levels of pointer");
            return false;
        }
        advance(p);
        type->ptr++;
    }
    return true;
}

static ps_node *expected_expression(parser *p)
{
    char d[64];
    const ps_token *t = cur(p);
    if (t->kind == PS_TOK_NEWLINE || t->kind == PS_TOK_EOF)
        fail_at(p, t, "expected expression at %s", describe(p, t, d, sizeof(d)));
    else if (t->kind == PS_TOK_TYPE)
        fail_at(p, t, "unexpected type name %s in an expression", describe(p, t, d, sizeof(d)));
    else if (t->kind == PS_TOK_ELSE)
        fail_at(p, t, "'else' without a matching 'if'");
    else
        fail_at(p, t, "expected expression before %s", describe(p, t, d, sizeof(d)));
    return NULL;
}

static ps_node *parse_primary(parser *p)
{
    ps_token *t = cur(p);
    ps_node *n;
    switch (t->kind) {
    case PS_TOK_IDENT:
        advance(p);
        n = new_node(p, PS_NAME, t);
        if (n)
            n->u.name.name = tok_text(p, t);
        return n;
    case PS_TOK_NUMBER:
        advance(p);
        n = new_node(p, PS_NUMBER, t);
        if (n) {
            n->u.number.text = tok_text(p, t);
            n->u.number.value = t->value;
            n->u.number.width = t->width;
            n->u.number.is_unsigned = t->is_unsigned;
        }
        return n;
    case PS_TOK_FLOAT:
        advance(p);
        n = new_node(p, PS_FLOAT_LITERAL, t);
        if (n) {
            const char *text = tok_text(p, t);
            if (!text)
                return NULL;
            n->u.flt.text = text;
            n->u.flt.value = strtod(text, NULL);
            n->u.flt.single = strchr(text, 'f') || strchr(text, 'F');
        }
        return n;
    case PS_TOK_TYPE:
        if (ahead(p, 1)->kind != PS_TOK_LPAREN)
            return expected_expression(p);
        /* functional cast: UINT64(e) */
        n = new_node(p, PS_CAST, t);
        if (!n)
            return NULL;
        advance(p);
        n->u.cast.type.base = t->base;
        n->u.cast.functional = true;
        advance(p); /* ( */
        p->group++;
        n->u.cast.operand = parse_expr(p);
        if (!n->u.cast.operand || !expect(p, PS_TOK_RPAREN, "')'"))
            return NULL;
        p->group--;
        return seal(p, n, t);
    case PS_TOK_LPAREN:
        advance(p);
        p->group++;
        n = parse_expr(p);
        if (!n || !expect(p, PS_TOK_RPAREN, "')'"))
            return NULL;
        p->group--;
        n->paren = true;
        return n;
    default:
        return expected_expression(p);
    }
}

static ps_node *parse_call(parser *p, ps_node *callee, const ps_token *open)
{
    ps_ptr_vec args = {0};
    ps_node *n = new_node(p, PS_CALL, open);
    if (!n)
        return NULL;
    n->line = callee->line;
    n->col = callee->col;
    n->u.call.name = callee->u.name.name;
    advance(p); /* ( */
    p->group++;
    if (!at(p, PS_TOK_RPAREN)) {
        for (;;) {
            ps_node *a = parse_assign(p);
            if (!a)
                return NULL;
            if (!ps_ptr_vec_push(p->arena, &args, a)) {
                fail_nomem(p);
                return NULL;
            }
            if (!at(p, PS_TOK_COMMA))
                break;
            advance(p);
        }
    }
    if (!expect(p, PS_TOK_RPAREN, "',' or ')' in the argument list"))
        return NULL;
    p->group--;
    n->u.call.args = (ps_node **)args.items;
    n->u.call.nargs = args.count;
    return seal(p, n, open);
}

static ps_node *parse_postfix(parser *p)
{
    ps_node *e = parse_primary(p);
    while (e) {
        ps_token *t = cur(p);
        if (t->kind == PS_TOK_LBRACKET) {
            ps_node *idx, *n;
            advance(p);
            p->group++;
            idx = parse_expr(p);
            if (!idx)
                return NULL;
            if (at(p, PS_TOK_COLON)) {
                advance(p);
                n = new_node(p, PS_RANGE, t);
                if (!n)
                    return NULL;
                n->u.range.base = e;
                n->u.range.lo = idx;
                n->u.range.hi = parse_expr(p);
                if (!n->u.range.hi)
                    return NULL;
            } else {
                n = new_node(p, PS_INDEX, t);
                if (!n)
                    return NULL;
                n->u.index.base = e;
                n->u.index.index = idx;
            }
            if (!expect(p, PS_TOK_RBRACKET, "']'"))
                return NULL;
            p->group--;
            n->line = e->line;
            n->col = e->col;
            e = seal(p, n, t);
        } else if (t->kind == PS_TOK_LPAREN && e->kind == PS_NAME && !e->paren && !e->u.name.regs &&
                   ahead(p, 1)->kind == PS_TOK_NUMBER && ahead(p, 2)->kind == PS_TOK_COLON &&
                   ahead(p, 3)->kind == PS_TOK_NUMBER && ahead(p, 4)->kind == PS_TOK_RPAREN) {
            /* the syntax lines' register-count notation: an operand, not a call, for no
             * argument of a call is "n:m" */
            e->u.name.regs = true;
            e->u.name.regs_lo = ahead(p, 1)->value;
            e->u.name.regs_hi = ahead(p, 3)->value;
            advance(p);
            advance(p);
            advance(p);
            advance(p);
            advance(p);
        } else if (t->kind == PS_TOK_LPAREN) {
            if (e->kind != PS_NAME || e->paren || e->u.name.regs) {
                char d[64];
                fail_at(p, t,
                        "expected an operator before %s (only a named function can be called)",
                        describe(p, t, d, sizeof(d)));
                return NULL;
            }
            e = parse_call(p, e, t);
        } else if (t->kind == PS_TOK_INC || t->kind == PS_TOK_DEC) {
            ps_node *n = new_node(p, PS_UNARY, t);
            if (!n)
                return NULL;
            advance(p);
            n->line = e->line;
            n->col = e->col;
            n->u.unary.op = t->kind == PS_TOK_INC ? PS_OP_POSTINC : PS_OP_POSTDEC;
            n->u.unary.operand = e;
            e = seal(p, n, t);
        } else {
            break;
        }
    }
    return e;
}

static bool is_cast_ahead(parser *p)
{
    const ps_token *t1 = ahead(p, 1), *t2;
    size_t k = 2;
    if (t1->kind != PS_TOK_TYPE)
        return false;
    t2 = ahead(p, k);
    while (t2->kind == PS_TOK_OP && t2->op == PS_OP_MUL)
        t2 = ahead(p, ++k);
    return t2->kind == PS_TOK_RPAREN;
}

static ps_node *parse_unary(parser *p)
{
    ps_token *t = cur(p);
    ps_node *n;
    ps_op op = PS_OP_COUNT;

    if (t->kind == PS_TOK_OP) {
        switch (t->op) {
        case PS_OP_SUB:
            op = PS_OP_NEG;
            break;
        case PS_OP_ADD:
            op = PS_OP_POS;
            break;
        case PS_OP_MUL:
            op = PS_OP_DEREF;
            break;
        case PS_OP_BITAND:
            op = PS_OP_ADDR;
            break;
        default:
            break;
        }
    } else if (t->kind == PS_TOK_TILDE) {
        op = PS_OP_BITNOT;
    } else if (t->kind == PS_TOK_BANG) {
        op = PS_OP_NOT;
    } else if (t->kind == PS_TOK_INC) {
        op = PS_OP_PREINC;
    } else if (t->kind == PS_TOK_DEC) {
        op = PS_OP_PREDEC;
    }
    if (op != PS_OP_COUNT) {
        n = new_node(p, PS_UNARY, t);
        if (!n)
            return NULL;
        advance(p);
        skip_newlines(p);
        n->u.unary.op = op;
        n->u.unary.operand = parse_unary(p);
        if (!n->u.unary.operand)
            return NULL;
        return seal(p, n, t);
    }
    if (t->kind == PS_TOK_LPAREN && is_cast_ahead(p)) {
        n = new_node(p, PS_CAST, t);
        if (!n)
            return NULL;
        advance(p); /* ( */
        p->group++;
        if (!parse_type(p, &n->u.cast.type) || !expect(p, PS_TOK_RPAREN, "')'"))
            return NULL;
        p->group--;
        skip_newlines(p);
        n->u.cast.operand = parse_unary(p);
        if (!n->u.cast.operand)
            return NULL;
        return seal(p, n, t);
    }
    return parse_postfix(p);
}

static ps_node *parse_binary(parser *p, int min_prec)
{
    ps_node *lhs = parse_unary(p);
    while (lhs) {
        ps_token *t = cur(p);
        int prec;
        ps_node *n;
        if (t->kind != PS_TOK_OP || ps_op_is_assign(t->op))
            break;
        prec = binary_prec(t->op);
        if (prec < min_prec)
            break;
        n = new_node(p, PS_BINARY, t);
        if (!n)
            return NULL;
        advance(p);
        skip_newlines(p);
        n->line = lhs->line;
        n->col = lhs->col;
        n->u.binary.op = t->op;
        n->u.binary.op_line = t->line;
        n->u.binary.op_col = t->col;
        n->u.binary.lhs = lhs;
        n->u.binary.rhs = parse_binary(p, prec + 1);
        if (!n->u.binary.rhs)
            return NULL;
        lhs = seal(p, n, t);
    }
    return lhs;
}

static ps_node *parse_ternary(parser *p)
{
    ps_node *c = parse_binary(p, 1), *n;
    ps_token *q;
    if (!c || !at(p, PS_TOK_QUESTION))
        return c;
    q = advance(p);
    skip_newlines(p);
    n = new_node(p, PS_TERNARY, q);
    if (!n)
        return NULL;
    n->line = c->line;
    n->col = c->col;
    n->u.ternary.cond = c;
    n->u.ternary.then_expr = parse_assign(p);
    if (!n->u.ternary.then_expr)
        return NULL;
    if (!at(p, PS_TOK_COLON)) {
        char d[64];
        fail_at(p, cur(p), "expected ':' of the '?' at column %u before %s", q->col,
                describe(p, cur(p), d, sizeof(d)));
        return NULL;
    }
    advance(p);
    skip_newlines(p);
    n->u.ternary.else_expr = parse_ternary(p);
    if (!n->u.ternary.else_expr)
        return NULL;
    return seal(p, n, q);
}

/* The target is parsed as any expression; the checker says when it is not an lvalue. */
static ps_node *parse_assign(parser *p)
{
    ps_node *lhs = parse_ternary(p), *n;
    ps_token *t;
    if (!lhs)
        return NULL;
    t = cur(p);
    if (t->kind != PS_TOK_OP || !ps_op_is_assign(t->op))
        return lhs;
    n = new_node(p, PS_BINARY, t);
    if (!n)
        return NULL;
    advance(p);
    skip_newlines(p);
    n->line = lhs->line;
    n->col = lhs->col;
    n->u.binary.op = t->op;
    n->u.binary.op_line = t->line;
    n->u.binary.op_col = t->col;
    n->u.binary.lhs = lhs;
    n->u.binary.rhs = parse_assign(p);
    if (!n->u.binary.rhs)
        return NULL;
    return seal(p, n, t);
}

static ps_node *parse_expr(parser *p)
{
    return parse_assign(p);
}

/* ---- statements ------------------------------------------------------------------------------ */

/* One declarator of type `type`: NAME, NAME[n], NAME = e, starting at the name. */
static ps_node *parse_declarator(parser *p, ps_token *t, ps_type type)
{
    ps_token *name = cur(p);
    ps_node *n = new_node(p, PS_DECL, t);
    char d[64];
    if (!n)
        return NULL;
    n->u.decl.type = type;
    if (name->kind != PS_TOK_IDENT) {
        fail_at(p, name, "expected a variable name after the type %s, found %s",
                ps_base_name(type.base), describe(p, name, d, sizeof(d)));
        return NULL;
    }
    advance(p);
    n->u.decl.name = tok_text(p, name);
    if (at(p, PS_TOK_LBRACKET)) {
        advance(p);
        p->group++;
        n->u.decl.array_len = parse_expr(p);
        if (!n->u.decl.array_len || !expect(p, PS_TOK_RBRACKET, "']'"))
            return NULL;
        p->group--;
    }
    if (at_op(p, PS_OP_ASSIGN)) {
        advance(p);
        skip_newlines(p);
        n->u.decl.init = parse_assign(p);
        if (!n->u.decl.init)
            return NULL;
    }
    return seal(p, n, t);
}

static ps_node *parse_decl(parser *p)
{
    ps_token *t = cur(p);
    ps_type type;
    if (!parse_type(p, &type))
        return NULL;
    return parse_declarator(p, t, type);
}

/* "T a = x, b[n]": the declarators after the first, each a declaration of its own in the
 * block (as C declares them). After a pointer type C would make the next one no pointer
 * ("UINT32* a, b"): that is refused rather than guessed. */
static bool more_declarators(parser *p, const ps_node *first, ps_ptr_vec *items)
{
    while (at(p, PS_TOK_COMMA)) {
        ps_token *comma = cur(p);
        ps_node *n;
        if (first->u.decl.type.ptr) {
            fail_at(p, comma,
                    "a second declarator after the pointer type %s*: declare one "
                    "pointer a statement",
                    ps_base_name(first->u.decl.type.base));
            return false;
        }
        advance(p);
        n = parse_declarator(p, cur(p), first->u.decl.type);
        if (!n)
            return false;
        if (!ps_ptr_vec_push(p->arena, items, n)) {
            fail_nomem(p);
            return false;
        }
    }
    return true;
}

static ps_node *parse_expr_stmt(parser *p)
{
    ps_token *t = cur(p);
    ps_node *n = new_node(p, PS_EXPR_STMT, t);
    if (!n)
        return NULL;
    n->u.expr_stmt.expr = parse_expr(p);
    if (!n->u.expr_stmt.expr)
        return NULL;
    return seal(p, n, t);
}

static bool starts_decl(parser *p)
{
    return at(p, PS_TOK_TYPE) && ahead(p, 1)->kind != PS_TOK_LPAREN;
}

/* The statement controlled by if/else/for: may start on a later line; ';' alone is empty. */
static ps_node *parse_body(parser *p, const char *after)
{
    char d[64];
    ps_token *t;
    skip_newlines(p);
    t = cur(p);
    if (t->kind == PS_TOK_SEMI) {
        ps_node *n = new_node(p, PS_BLOCK, t);
        advance(p);
        return seal(p, n, t);
    }
    if (t->kind == PS_TOK_EOF || t->kind == PS_TOK_RBRACE) {
        fail_at(p, t, "expected a statement after %s, found %s", after,
                describe(p, t, d, sizeof(d)));
        return NULL;
    }
    return parse_statement(p);
}

static ps_node *parse_block_items(parser *p, ps_node *block, bool braced);

static ps_node *parse_if(parser *p)
{
    ps_token *t = advance(p);
    ps_node *n = new_node(p, PS_IF, t);
    size_t save;
    if (!n || !expect(p, PS_TOK_LPAREN, "'(' after 'if'"))
        return NULL;
    p->group++;
    n->u.if_.cond = parse_expr(p);
    if (!n->u.if_.cond || !expect(p, PS_TOK_RPAREN, "')' after the condition of 'if'"))
        return NULL;
    p->group--;
    n->u.if_.then_stmt = parse_body(p, "'if (...)'");
    if (!n->u.if_.then_stmt)
        return NULL;
    /* 'else' may follow on a later line, or after the ';' that ends the then-statement */
    save = p->pos;
    while (p->toks[p->pos].kind == PS_TOK_NEWLINE || p->toks[p->pos].kind == PS_TOK_SEMI)
        p->pos++;
    if (p->toks[p->pos].kind == PS_TOK_ELSE) {
        advance(p);
        n->u.if_.else_stmt = parse_body(p, "'else'");
        if (!n->u.if_.else_stmt)
            return NULL;
    } else {
        p->pos = save;
    }
    return seal(p, n, t);
}

static ps_node *parse_for(parser *p)
{
    ps_token *t = advance(p);
    ps_node *n = new_node(p, PS_FOR, t);
    if (!n || !expect(p, PS_TOK_LPAREN, "'(' after 'for'"))
        return NULL;
    p->group++;
    if (!at(p, PS_TOK_SEMI)) {
        n->u.for_.init = starts_decl(p) ? parse_decl(p) : parse_expr_stmt(p);
        if (!n->u.for_.init)
            return NULL;
    }
    if (!expect(p, PS_TOK_SEMI, "';' after the initialization of 'for'"))
        return NULL;
    if (!at(p, PS_TOK_SEMI)) {
        n->u.for_.cond = parse_expr(p);
        if (!n->u.for_.cond)
            return NULL;
    }
    if (!expect(p, PS_TOK_SEMI, "';' after the condition of 'for'"))
        return NULL;
    if (!at(p, PS_TOK_RPAREN)) {
        n->u.for_.step = parse_expr(p);
        if (!n->u.for_.step)
            return NULL;
    }
    if (!expect(p, PS_TOK_RPAREN, "')' after the step of 'for'"))
        return NULL;
    p->group--;
    p->loops++;
    n->u.for_.body = parse_body(p, "'for (...)'");
    p->loops--;
    if (!n->u.for_.body)
        return NULL;
    return seal(p, n, t);
}

static ps_node *parse_statement(parser *p)
{
    ps_token *t = cur(p);
    char d[64];
    ps_node *n;
    switch (t->kind) {
    case PS_TOK_LBRACE:
        advance(p);
        n = new_node(p, PS_BLOCK, t);
        return n ? parse_block_items(p, n, true) : NULL;
    case PS_TOK_IF:
        return parse_if(p);
    case PS_TOK_FOR:
        return parse_for(p);
    case PS_TOK_BREAK:
    case PS_TOK_CONTINUE:
        if (p->loops == 0) {
            fail_at(p, t, "%s outside a loop", describe(p, t, d, sizeof(d)));
            return NULL;
        }
        advance(p);
        return new_node(p, t->kind == PS_TOK_BREAK ? PS_BREAK : PS_CONTINUE, t);
    case PS_TOK_ELSE:
        fail_at(p, t, "'else' without a matching 'if'");
        return NULL;
    case PS_TOK_RESERVED:
        fail_at(p, t, "%s is not part of the pseudocode language", describe(p, t, d, sizeof(d)));
        return NULL;
    default:
        return starts_decl(p) ? parse_decl(p) : parse_expr_stmt(p);
    }
}

/* Statements up to '}' (braced) or the end of the block. */
static ps_node *parse_block_items(parser *p, ps_node *block, bool braced)
{
    ps_ptr_vec items = {0};
    const ps_token *open = &p->toks[p->pos > 0 ? p->pos - 1 : 0];
    for (;;) {
        ps_token *t;
        ps_node *s;
        while (at(p, PS_TOK_NEWLINE) || at(p, PS_TOK_SEMI))
            advance(p);
        t = cur(p);
        if (t->kind == PS_TOK_EOF) {
            if (braced) {
                never_closed(p, open);
                return NULL;
            }
            break;
        }
        if (t->kind == PS_TOK_RBRACE) {
            if (!braced) {
                fail_at(p, t, "unbalanced braces: '}' at column %u has no matching '{'", t->col);
                return NULL;
            }
            advance(p);
            break;
        }
        s = parse_statement(p);
        if (!s)
            return NULL;
        if (!ps_ptr_vec_push(p->arena, &items, s)) {
            fail_nomem(p);
            return NULL;
        }
        if (s->kind == PS_DECL && !more_declarators(p, s, &items))
            return NULL;
        /* a statement ends at a newline, ';', '}' or the end; one ending in '}' needs nothing */
        t = cur(p);
        if (p->prev_kind != PS_TOK_RBRACE && t->kind != PS_TOK_NEWLINE && t->kind != PS_TOK_SEMI &&
            t->kind != PS_TOK_EOF && t->kind != PS_TOK_RBRACE) {
            char d[64];
            if (t->kind == PS_TOK_ELSE)
                fail_at(p, t, "'else' without a matching 'if'");
            else
                fail_at(p, t, "expected a newline or ';' before %s", describe(p, t, d, sizeof(d)));
            return NULL;
        }
    }
    block->u.block.items = (ps_node **)items.items;
    block->u.block.count = items.count;
    return seal(p, block, open);
}

/* ---- entry point ----------------------------------------------------------------------------- */

static bool collect(parser *p, const ps_token_list *all, ps_node *program)
{
    size_t ncomments = 0, k = 0, c = 0;
    for (size_t i = 0; i < all->count; i++)
        ncomments += all->items[i].kind == PS_TOK_COMMENT;
    p->toks = ps_arena_alloc(p->arena, (all->count - ncomments) * sizeof(ps_token));
    program->u.block.comments =
        ncomments ? ps_arena_alloc(p->arena, ncomments * sizeof(ps_comment)) : NULL;
    if (!p->toks || (ncomments && !program->u.block.comments)) {
        fail_nomem(p);
        return false;
    }
    for (size_t i = 0; i < all->count; i++) {
        const ps_token *t = &all->items[i];
        if (t->kind == PS_TOK_COMMENT) {
            ps_comment *cm = &program->u.block.comments[c++];
            cm->line = t->line;
            cm->col = t->col;
            cm->text = tok_text(p, t);
            if (!cm->text)
                return false;
        } else {
            p->toks[k++] = *t;
        }
    }
    p->ntoks = k;
    program->u.block.ncomments = c;
    return true;
}

gcn_status ps_parse(const ps_source *src, ps_arena *arena, ps_node **program, gcn_diag *diag)
{
    parser p;
    ps_token_list all;
    ps_node *root;
    gcn_status st;
    static const ps_token start = {.kind = PS_TOK_EOF, .line = 0, .col = 0};

    *program = NULL;
    if (diag)
        gcn_diag_clear(diag);
    st = ps_lex(src, arena, &all, diag);
    if (st != GCN_OK)
        return st;
    memset(&p, 0, sizeof(p));
    p.src = src;
    p.arena = arena;
    p.diag = diag;
    p.prev_kind = PS_TOK_EOF;
    root = new_node(&p, PS_PROGRAM, &start);
    if (!root)
        return p.status;
    root->line = src->first_line;
    root->col = 1;
    if (!collect(&p, &all, root) || !check_brackets(&p))
        return p.status;
    root = parse_block_items(&p, root, false);
    if (!root)
        return p.status != GCN_OK ? p.status : GCN_ERR_SYNTAX;
    *program = root;
    return GCN_OK;
}
