/* Canonical text of a tree. Parentheses appear where the source had them and wherever C's
 * precedence needs them, so printing then parsing gives back an equal tree. */
#include "spec/pseudo/pseudo_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct writer {
    char *buf;
    size_t size;
    size_t len; /* of the full text, even past size */
    char last;  /* last character emitted */
} writer;

static void put(writer *w, const char *s)
{
    /* never glue two tokens into a different one: "- -x", "+ +x", "& &x" */
    if (s[0] && s[0] == w->last && (s[0] == '-' || s[0] == '+' || s[0] == '&'))
        put(w, " ");
    for (; *s; s++) {
        if (w->size && w->len + 1 < w->size)
            w->buf[w->len] = *s;
        w->len++;
        w->last = *s;
    }
}

static void indent(writer *w, int level)
{
    for (int i = 0; i < level; i++)
        put(w, "    ");
}

/* Binding strength of each construct, higher binds tighter. */
enum {
    PREC_ASSIGN = 2,
    PREC_TERNARY = 3,
    PREC_BINARY_BASE = 3, /* + binary precedence 1 (||) .. 10 (* / %) */
    PREC_PREFIX = 14,
    PREC_POSTFIX = 15,
    PREC_PRIMARY = 16
};

static int binary_level(ps_op op)
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
    default:
        return 10;
    }
}

static int prec_of(const ps_node *n)
{
    switch (n->kind) {
    case PS_BINARY:
        if (ps_op_is_assign(n->u.binary.op))
            return PREC_ASSIGN;
        return PREC_BINARY_BASE + binary_level(n->u.binary.op);
    case PS_TERNARY:
        return PREC_TERNARY;
    case PS_UNARY:
        return n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC ? PREC_POSTFIX
                                                                                : PREC_PREFIX;
    case PS_CAST:
        return n->u.cast.functional ? PREC_PRIMARY : PREC_PREFIX;
    default:
        return PREC_PRIMARY;
    }
}

static void print_expr(writer *w, const ps_node *n, int need);

static void print_type(writer *w, ps_type t)
{
    put(w, ps_base_name(t.base));
    for (unsigned i = 0; i < t.ptr; i++)
        put(w, "*");
}

static void print_inner(writer *w, const ps_node *n)
{
    switch (n->kind) {
    case PS_NAME:
        put(w, n->u.name.name);
        if (n->u.name.regs) {
            char regs[48];
            snprintf(regs, sizeof(regs), "(%llu:%llu)", (unsigned long long)n->u.name.regs_lo,
                     (unsigned long long)n->u.name.regs_hi);
            put(w, regs);
        }
        break;
    case PS_NUMBER:
        put(w, n->u.number.text);
        break;
    case PS_FLOAT_LITERAL:
        put(w, n->u.flt.text);
        break;
    case PS_UNARY: {
        ps_op op = n->u.unary.op;
        if (op == PS_OP_POSTINC || op == PS_OP_POSTDEC) {
            print_expr(w, n->u.unary.operand, PREC_POSTFIX);
            put(w, ps_op_text(op));
        } else {
            put(w, ps_op_text(op));
            print_expr(w, n->u.unary.operand, PREC_PREFIX);
        }
        break;
    }
    case PS_BINARY: {
        ps_op op = n->u.binary.op;
        if (ps_op_is_assign(op)) {
            print_expr(w, n->u.binary.lhs, PREC_TERNARY);
            put(w, " ");
            put(w, ps_op_text(op));
            put(w, " ");
            print_expr(w, n->u.binary.rhs, PREC_ASSIGN);
        } else {
            int level = PREC_BINARY_BASE + binary_level(op);
            print_expr(w, n->u.binary.lhs, level);
            put(w, " ");
            put(w, ps_op_text(op));
            put(w, " ");
            print_expr(w, n->u.binary.rhs, level + 1);
        }
        break;
    }
    case PS_TERNARY:
        print_expr(w, n->u.ternary.cond, PREC_BINARY_BASE + 1);
        put(w, " ? ");
        print_expr(w, n->u.ternary.then_expr, PREC_ASSIGN);
        put(w, " : ");
        print_expr(w, n->u.ternary.else_expr, PREC_TERNARY);
        break;
    case PS_CAST:
        if (n->u.cast.functional) {
            print_type(w, n->u.cast.type);
            put(w, "(");
            print_expr(w, n->u.cast.operand, PREC_ASSIGN);
            put(w, ")");
        } else {
            put(w, "(");
            print_type(w, n->u.cast.type);
            put(w, ")");
            print_expr(w, n->u.cast.operand, PREC_PREFIX);
        }
        break;
    case PS_CALL:
        put(w, n->u.call.name);
        put(w, "(");
        for (size_t i = 0; i < n->u.call.nargs; i++) {
            if (i)
                put(w, ", ");
            print_expr(w, n->u.call.args[i], PREC_ASSIGN);
        }
        put(w, ")");
        break;
    case PS_INDEX:
        print_expr(w, n->u.index.base, PREC_POSTFIX);
        put(w, "[");
        print_expr(w, n->u.index.index, PREC_ASSIGN);
        put(w, "]");
        break;
    case PS_RANGE:
        print_expr(w, n->u.range.base, PREC_POSTFIX);
        put(w, "[");
        print_expr(w, n->u.range.lo, PREC_ASSIGN);
        put(w, ":");
        print_expr(w, n->u.range.hi, PREC_ASSIGN);
        put(w, "]");
        break;
    default:
        put(w, "<statement>");
        break;
    }
}

static void print_expr(writer *w, const ps_node *n, int need)
{
    bool paren = n->paren || prec_of(n) < need;
    if (paren)
        put(w, "(");
    print_inner(w, n);
    if (paren)
        put(w, ")");
}

static void print_decl(writer *w, const ps_node *n)
{
    print_type(w, n->u.decl.type);
    put(w, " ");
    put(w, n->u.decl.name);
    if (n->u.decl.array_len) {
        put(w, "[");
        print_expr(w, n->u.decl.array_len, PREC_ASSIGN);
        put(w, "]");
    }
    if (n->u.decl.init) {
        put(w, " = ");
        print_expr(w, n->u.decl.init, PREC_ASSIGN);
    }
}

static void print_stmt(writer *w, const ps_node *n, int level);

static void print_items(writer *w, const ps_node *block, int level)
{
    for (size_t i = 0; i < block->u.block.count; i++)
        print_stmt(w, block->u.block.items[i], level);
}

/* Body of if/else/for: a block opens on the header's line, anything else goes one level in.
 * Returns whether it was a block (so "else" can follow its closing brace). */
static bool print_body(writer *w, const ps_node *body, int level)
{
    if (body->kind == PS_BLOCK) {
        put(w, " {\n");
        print_items(w, body, level + 1);
        indent(w, level);
        put(w, "}");
        return true;
    }
    put(w, "\n");
    print_stmt(w, body, level + 1);
    return false;
}

/* Prints a statement without its indentation or final newline handling for if chains. */
static void print_if(writer *w, const ps_node *n, int level)
{
    bool braced;
    put(w, "if (");
    print_expr(w, n->u.if_.cond, 0);
    put(w, ")");
    braced = print_body(w, n->u.if_.then_stmt, level);
    if (!n->u.if_.else_stmt) {
        if (braced)
            put(w, "\n");
        return;
    }
    if (braced) {
        put(w, " else");
    } else {
        indent(w, level);
        put(w, "else");
    }
    if (n->u.if_.else_stmt->kind == PS_IF) {
        put(w, " ");
        print_if(w, n->u.if_.else_stmt, level);
        return;
    }
    if (print_body(w, n->u.if_.else_stmt, level))
        put(w, "\n");
}

static void print_stmt(writer *w, const ps_node *n, int level)
{
    indent(w, level);
    switch (n->kind) {
    case PS_DECL:
        print_decl(w, n);
        put(w, "\n");
        break;
    case PS_EXPR_STMT:
        print_expr(w, n->u.expr_stmt.expr, 0);
        put(w, "\n");
        break;
    case PS_BREAK:
        put(w, "break\n");
        break;
    case PS_CONTINUE:
        put(w, "continue\n");
        break;
    case PS_BLOCK:
        put(w, "{\n");
        print_items(w, n, level + 1);
        indent(w, level);
        put(w, "}\n");
        break;
    case PS_IF:
        print_if(w, n, level);
        break;
    case PS_FOR:
        put(w, "for (");
        if (n->u.for_.init) {
            if (n->u.for_.init->kind == PS_DECL)
                print_decl(w, n->u.for_.init);
            else
                print_expr(w, n->u.for_.init->u.expr_stmt.expr, 0);
        }
        put(w, ";");
        if (n->u.for_.cond) {
            put(w, " ");
            print_expr(w, n->u.for_.cond, 0);
        }
        put(w, ";");
        if (n->u.for_.step) {
            put(w, " ");
            print_expr(w, n->u.for_.step, 0);
        }
        put(w, ")");
        if (print_body(w, n->u.for_.body, level))
            put(w, "\n");
        break;
    case PS_PROGRAM:
        print_items(w, n, level);
        break;
    default:
        print_expr(w, n, 0);
        put(w, "\n");
        break;
    }
}

static size_t finish(writer *w)
{
    if (w->size)
        w->buf[w->len < w->size ? w->len : w->size - 1] = '\0';
    return w->len;
}

size_t ps_print(const ps_node *node, char *buf, size_t size)
{
    writer w = {buf, size, 0, '\0'};
    if (node) {
        if (node->kind <= PS_CONTINUE)
            print_stmt(&w, node, 0);
        else
            print_expr(&w, node, 0);
    }
    return finish(&w);
}

size_t ps_print_expr(const ps_node *expr, char *buf, size_t size)
{
    writer w = {buf, size, 0, '\0'};
    if (expr)
        print_expr(&w, expr, 0);
    return finish(&w);
}
