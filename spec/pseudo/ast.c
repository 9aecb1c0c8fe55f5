/* Name tables generated from the X-macro lists, and structural equality of trees. */
#include "spec/pseudo/pseudo_internal.h"

#include <string.h>

static const struct {
    const char *name;
    unsigned width;
    bool is_signed;
    bool is_float;
} base_info[] = {
#define PS_BASE_INFO(id, text, width, is_signed, is_float) {text, width, is_signed, is_float},
    PS_BASE_LIST(PS_BASE_INFO)
#undef PS_BASE_INFO
};

static const char *const op_text[] = {
#define PS_OP_TEXT(id, text) text,
    PS_OP_LIST(PS_OP_TEXT)
#undef PS_OP_TEXT
};

static const char *const issue_id[] = {
#define PS_ISSUE_TEXT(id, text) text,
    PS_ISSUE_LIST(PS_ISSUE_TEXT)
#undef PS_ISSUE_TEXT
};

const char *ps_base_name(ps_base base)
{
    return (unsigned)base < PS_BASE_COUNT ? base_info[base].name : "?";
}

unsigned ps_base_width(ps_base base)
{
    return (unsigned)base < PS_BASE_COUNT ? base_info[base].width : 0;
}

bool ps_base_signed(ps_base base)
{
    return (unsigned)base < PS_BASE_COUNT && base_info[base].is_signed;
}

bool ps_base_float(ps_base base)
{
    return (unsigned)base < PS_BASE_COUNT && base_info[base].is_float;
}

static ps_base canonical_base(ps_base b)
{
    if (b == PS_BYTE)
        return PS_UINT8;
    if (b == PS_UD)
        return PS_UINT32;
    if (b == PS_C_INT)
        return PS_INT32;
    return b;
}

bool ps_type_same(ps_type a, ps_type b)
{
    return a.ptr == b.ptr && canonical_base(a.base) == canonical_base(b.base);
}

const char *ps_op_text(ps_op op)
{
    return (unsigned)op < PS_OP_COUNT ? op_text[op] : "?";
}

bool ps_op_is_assign(ps_op op)
{
    return op >= PS_OP_ASSIGN && op <= PS_OP_OR_ASSIGN;
}

bool ps_op_is_compare(ps_op op)
{
    return op >= PS_OP_LT && op <= PS_OP_NE;
}

ps_op ps_op_assign_base(ps_op op)
{
    switch (op) {
    case PS_OP_MUL_ASSIGN:
        return PS_OP_MUL;
    case PS_OP_DIV_ASSIGN:
        return PS_OP_DIV;
    case PS_OP_MOD_ASSIGN:
        return PS_OP_MOD;
    case PS_OP_ADD_ASSIGN:
        return PS_OP_ADD;
    case PS_OP_SUB_ASSIGN:
        return PS_OP_SUB;
    case PS_OP_SHL_ASSIGN:
        return PS_OP_SHL;
    case PS_OP_SHR_ASSIGN:
        return PS_OP_SHR;
    case PS_OP_AND_ASSIGN:
        return PS_OP_BITAND;
    case PS_OP_XOR_ASSIGN:
        return PS_OP_BITXOR;
    case PS_OP_OR_ASSIGN:
        return PS_OP_BITOR;
    default:
        return PS_OP_COUNT;
    }
}

const char *ps_issue_id(ps_issue_code code)
{
    return (unsigned)code < PS_ISSUE_COUNT ? issue_id[code] : "unknown";
}

ps_issue_code ps_issue_from_id(const char *id)
{
    for (unsigned i = 0; i < PS_ISSUE_COUNT; i++)
        if (strcmp(issue_id[i], id) == 0)
            return (ps_issue_code)i;
    return PS_ISSUE_COUNT;
}

static bool str_eq(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

static bool list_equal(ps_node *const *a, size_t na, ps_node *const *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)
        if (!ps_equal(a[i], b[i]))
            return false;
    return true;
}

bool ps_equal(const ps_node *a, const ps_node *b)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind || a->paren != b->paren)
        return false;
    switch (a->kind) {
    case PS_PROGRAM:
    case PS_BLOCK:
        return list_equal(a->u.block.items, a->u.block.count, b->u.block.items, b->u.block.count);
    case PS_DECL:
        return a->u.decl.type.base == b->u.decl.type.base &&
               a->u.decl.type.ptr == b->u.decl.type.ptr && str_eq(a->u.decl.name, b->u.decl.name) &&
               ps_equal(a->u.decl.array_len, b->u.decl.array_len) &&
               ps_equal(a->u.decl.init, b->u.decl.init);
    case PS_EXPR_STMT:
        return ps_equal(a->u.expr_stmt.expr, b->u.expr_stmt.expr);
    case PS_IF:
        return ps_equal(a->u.if_.cond, b->u.if_.cond) &&
               ps_equal(a->u.if_.then_stmt, b->u.if_.then_stmt) &&
               ps_equal(a->u.if_.else_stmt, b->u.if_.else_stmt);
    case PS_FOR:
        return ps_equal(a->u.for_.init, b->u.for_.init) &&
               ps_equal(a->u.for_.cond, b->u.for_.cond) &&
               ps_equal(a->u.for_.step, b->u.for_.step) && ps_equal(a->u.for_.body, b->u.for_.body);
    case PS_BREAK:
    case PS_CONTINUE:
        return true;
    case PS_NAME:
        return str_eq(a->u.name.name, b->u.name.name) && a->u.name.regs == b->u.name.regs &&
               a->u.name.regs_lo == b->u.name.regs_lo && a->u.name.regs_hi == b->u.name.regs_hi;
    case PS_NUMBER:
        return str_eq(a->u.number.text, b->u.number.text) &&
               a->u.number.value == b->u.number.value && a->u.number.width == b->u.number.width &&
               a->u.number.is_unsigned == b->u.number.is_unsigned;
    case PS_FLOAT_LITERAL:
        return str_eq(a->u.flt.text, b->u.flt.text);
    case PS_UNARY:
        return a->u.unary.op == b->u.unary.op && ps_equal(a->u.unary.operand, b->u.unary.operand);
    case PS_BINARY:
        return a->u.binary.op == b->u.binary.op && ps_equal(a->u.binary.lhs, b->u.binary.lhs) &&
               ps_equal(a->u.binary.rhs, b->u.binary.rhs);
    case PS_TERNARY:
        return ps_equal(a->u.ternary.cond, b->u.ternary.cond) &&
               ps_equal(a->u.ternary.then_expr, b->u.ternary.then_expr) &&
               ps_equal(a->u.ternary.else_expr, b->u.ternary.else_expr);
    case PS_CAST:
        return a->u.cast.type.base == b->u.cast.type.base &&
               a->u.cast.type.ptr == b->u.cast.type.ptr &&
               a->u.cast.functional == b->u.cast.functional &&
               ps_equal(a->u.cast.operand, b->u.cast.operand);
    case PS_CALL:
        return str_eq(a->u.call.name, b->u.call.name) &&
               list_equal(a->u.call.args, a->u.call.nargs, b->u.call.args, b->u.call.nargs);
    case PS_INDEX:
        return ps_equal(a->u.index.base, b->u.index.base) &&
               ps_equal(a->u.index.index, b->u.index.index);
    case PS_RANGE:
        return ps_equal(a->u.range.base, b->u.range.base) &&
               ps_equal(a->u.range.lo, b->u.range.lo) && ps_equal(a->u.range.hi, b->u.range.hi);
    }
    return false;
}
