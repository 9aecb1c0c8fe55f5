/* What a block reads and writes, for the stages that compile or compare semantics: which
 * operands and registers it assigns (SCC, VDST, EXEC), which memory it stores through, which
 * helpers it needs. Flow-insensitive: "written" means assigned on some path. */
#include "spec/pseudo/pseudo_internal.h"

#include <string.h>

#define MAX_SCOPE_NAMES 512

typedef struct summarizer {
    ps_arena *arena;
    ps_ptr_vec written, read, locals, helpers, mem_written, mem_read, spaces;
    struct {
        const char *name;
        const ps_node *decl;
        int scope;
    } names[MAX_SCOPE_NAMES];
    size_t nnames;
    int scope;
    bool nomem;
} summarizer;

static const ps_node *local(summarizer *s, const char *name)
{
    for (size_t i = s->nnames; i > 0; i--)
        if (strcmp(s->names[i - 1].name, name) == 0)
            return s->names[i - 1].decl;
    return NULL;
}

static void add(summarizer *s, ps_ptr_vec *v, const char *name)
{
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->items[i], name) == 0)
            return;
    if (!ps_ptr_vec_push(s->arena, v, (void *)name))
        s->nomem = true;
}

static void add_text(summarizer *s, ps_ptr_vec *v, const ps_node *n)
{
    char buf[256];
    char *text;
    size_t len = ps_print_expr(n, buf, sizeof(buf));
    if (len >= sizeof(buf))
        len = sizeof(buf) - 1;
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->items[i], buf) == 0)
            return;
    text = ps_arena_strndup(s->arena, buf, len);
    if (!text || !ps_ptr_vec_push(s->arena, v, text))
        s->nomem = true;
}

static bool is_pointer_local(summarizer *s, const ps_node *n)
{
    const ps_node *d = n->kind == PS_NAME ? local(s, n->u.name.name) : NULL;
    return d && d->u.decl.type.ptr > 0 && !d->u.decl.array_len;
}

/* The name an address is formed from: the leftmost operand of its + - & chain (DS in
 * (DS + (ADDR+OFFSET))&~3). */
static void note_space(summarizer *s, const ps_node *addr)
{
    while (addr->kind == PS_BINARY &&
           (addr->u.binary.op == PS_OP_ADD || addr->u.binary.op == PS_OP_SUB ||
            addr->u.binary.op == PS_OP_BITAND))
        addr = addr->u.binary.lhs;
    if (addr->kind == PS_NAME && !local(s, addr->u.name.name))
        add(s, &s->spaces, addr->u.name.name);
}

static void expr(summarizer *s, const ps_node *n);

static bool is_lvalue(const ps_node *n)
{
    return n->kind == PS_NAME || n->kind == PS_INDEX || n->kind == PS_RANGE ||
           (n->kind == PS_UNARY && n->u.unary.op == PS_OP_DEREF);
}

static const ps_node *target_base(const ps_node *t)
{
    return t->kind == PS_INDEX ? t->u.index.base : t->u.range.base;
}

/* What the target's storage is, for both its old value and its new one. */
typedef enum { TARGET_STATE, TARGET_MEMORY, TARGET_LOCAL } target_kind;

static target_kind classify(summarizer *s, const ps_node *t, const char **name)
{
    const ps_node *named = t->kind == PS_NAME ? t : NULL;
    if (t->kind == PS_UNARY)
        return TARGET_MEMORY;
    if (!named) {
        const ps_node *base = target_base(t);
        if (is_pointer_local(s, base) || base->kind != PS_NAME)
            return base->kind == PS_NAME ? TARGET_MEMORY : TARGET_LOCAL;
        named = base;
    }
    *name = named->u.name.name;
    return local(s, named->u.name.name) ? TARGET_LOCAL : TARGET_STATE;
}

/* Walks an assignment target once: its address parts, then the old value when the operator
 * reads it, then the write. */
static void assignment(summarizer *s, const ps_node *t, const ps_node *rhs, bool reads_old)
{
    const char *name = NULL;
    target_kind k;
    if (!is_lvalue(t)) {
        expr(s, t);
        if (rhs)
            expr(s, rhs);
        return;
    }
    if (!reads_old && rhs)
        expr(s, rhs);
    if (t->kind == PS_UNARY) {
        expr(s, t->u.unary.operand);
    } else if (t->kind != PS_NAME) {
        const ps_node *base = target_base(t);
        if (base->kind != PS_NAME || is_pointer_local(s, base))
            expr(s, base);
        if (t->kind == PS_INDEX) {
            expr(s, t->u.index.index);
        } else {
            expr(s, t->u.range.lo);
            expr(s, t->u.range.hi);
        }
    }
    k = classify(s, t, &name);
    if (reads_old) {
        if (k == TARGET_STATE)
            add(s, &s->read, name);
        else if (k == TARGET_MEMORY)
            add_text(s, &s->mem_read, t);
        if (rhs)
            expr(s, rhs);
    }
    if (k == TARGET_STATE)
        add(s, &s->written, name);
    else if (k == TARGET_MEMORY)
        add_text(s, &s->mem_written, t);
}

static void expr(summarizer *s, const ps_node *n)
{
    switch (n->kind) {
    case PS_NAME:
        if (!local(s, n->u.name.name))
            add(s, &s->read, n->u.name.name);
        break;
    case PS_UNARY: {
        ps_op op = n->u.unary.op;
        if (op == PS_OP_PREINC || op == PS_OP_PREDEC || op == PS_OP_POSTINC ||
            op == PS_OP_POSTDEC) {
            assignment(s, n->u.unary.operand, NULL, true);
            break;
        }
        if (op == PS_OP_DEREF)
            add_text(s, &s->mem_read, n);
        expr(s, n->u.unary.operand);
        break;
    }
    case PS_BINARY:
        if (ps_op_is_assign(n->u.binary.op)) {
            assignment(s, n->u.binary.lhs, n->u.binary.rhs, n->u.binary.op != PS_OP_ASSIGN);
        } else {
            expr(s, n->u.binary.lhs);
            expr(s, n->u.binary.rhs);
        }
        break;
    case PS_TERNARY:
        expr(s, n->u.ternary.cond);
        expr(s, n->u.ternary.then_expr);
        expr(s, n->u.ternary.else_expr);
        break;
    case PS_CAST:
        if (n->u.cast.type.ptr > 0)
            note_space(s, n->u.cast.operand);
        expr(s, n->u.cast.operand);
        break;
    case PS_CALL:
        add(s, &s->helpers, n->u.call.name);
        for (size_t i = 0; i < n->u.call.nargs; i++)
            expr(s, n->u.call.args[i]);
        break;
    case PS_INDEX:
        if (is_pointer_local(s, n->u.index.base))
            add_text(s, &s->mem_read, n);
        expr(s, n->u.index.base);
        expr(s, n->u.index.index);
        break;
    case PS_RANGE:
        if (is_pointer_local(s, n->u.range.base))
            add_text(s, &s->mem_read, n);
        expr(s, n->u.range.base);
        expr(s, n->u.range.lo);
        expr(s, n->u.range.hi);
        break;
    default:
        break;
    }
}

static void stmt(summarizer *s, const ps_node *n);

static void pop_scope(summarizer *s)
{
    while (s->nnames > 0 && s->names[s->nnames - 1].scope == s->scope)
        s->nnames--;
    s->scope--;
}

static void scoped(summarizer *s, const ps_node *n)
{
    s->scope++;
    stmt(s, n);
    pop_scope(s);
}

static void stmt(summarizer *s, const ps_node *n)
{
    switch (n->kind) {
    case PS_PROGRAM:
        for (size_t i = 0; i < n->u.block.count; i++)
            stmt(s, n->u.block.items[i]);
        break;
    case PS_BLOCK:
        s->scope++;
        for (size_t i = 0; i < n->u.block.count; i++)
            stmt(s, n->u.block.items[i]);
        pop_scope(s);
        break;
    case PS_DECL:
        if (n->u.decl.array_len)
            expr(s, n->u.decl.array_len);
        if (n->u.decl.init)
            expr(s, n->u.decl.init);
        add(s, &s->locals, n->u.decl.name);
        if (s->nnames < MAX_SCOPE_NAMES) {
            s->names[s->nnames].name = n->u.decl.name;
            s->names[s->nnames].decl = n;
            s->names[s->nnames].scope = s->scope;
            s->nnames++;
        }
        break;
    case PS_EXPR_STMT:
        expr(s, n->u.expr_stmt.expr);
        break;
    case PS_IF:
        expr(s, n->u.if_.cond);
        scoped(s, n->u.if_.then_stmt);
        if (n->u.if_.else_stmt)
            scoped(s, n->u.if_.else_stmt);
        break;
    case PS_FOR:
        s->scope++;
        if (n->u.for_.init)
            stmt(s, n->u.for_.init);
        if (n->u.for_.cond)
            expr(s, n->u.for_.cond);
        if (n->u.for_.step)
            expr(s, n->u.for_.step);
        scoped(s, n->u.for_.body);
        pop_scope(s);
        break;
    default:
        break;
    }
}

static ps_name_list to_list(const ps_ptr_vec *v)
{
    ps_name_list l = {(const char **)v->items, v->count};
    return l;
}

gcn_status ps_summarize(const ps_node *program, ps_arena *arena, ps_summary *out)
{
    summarizer s;
    memset(out, 0, sizeof(*out));
    if (!program)
        return GCN_ERR_INVALID;
    memset(&s, 0, sizeof(s));
    s.arena = arena;
    stmt(&s, program);
    if (s.nomem)
        return GCN_ERR_NOMEM;
    out->written = to_list(&s.written);
    out->read = to_list(&s.read);
    out->locals = to_list(&s.locals);
    out->helpers = to_list(&s.helpers);
    out->mem_written = to_list(&s.mem_written);
    out->mem_read = to_list(&s.mem_read);
    out->spaces = to_list(&s.spaces);
    return GCN_OK;
}

bool ps_name_list_has(const ps_name_list *list, const char *name)
{
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i], name) == 0)
            return true;
    return false;
}

bool ps_summary_writes(const ps_summary *s, const char *name)
{
    return ps_name_list_has(&s->written, name);
}

bool ps_summary_reads(const ps_summary *s, const char *name)
{
    return ps_name_list_has(&s->read, name);
}
