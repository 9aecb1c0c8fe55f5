/* Static checks on a parsed block. One walk in evaluation order keeps the scopes (for name
 * resolution and shadowing), the definitely-assigned set (for uninitialized reads) and the loop
 * variable ranges (for shift widths); each check is a small function the walk calls. A check only
 * reports what C would really do with the text, so correct code stays silent. */
#include "spec/pseudo/pseudo_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_SYMS 512
#define MAX_TRACKED 512
#define FLOW_WORDS (MAX_TRACKED / 64)
#define MAX_REPORTED 128
#define MAX_OUTPUTS 32

/* ---- issue sink ------------------------------------------------------------------------------ */

typedef struct sink {
    ps_issue *out;
    size_t max, count;
} sink;

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void
report(sink *s, ps_issue_code code, unsigned line, unsigned col, const char *fmt, ...)
{
    if (s->count < s->max) {
        ps_issue *is = &s->out[s->count];
        va_list ap;
        is->code = code;
        is->line = line;
        is->col = col;
        va_start(ap, fmt);
        vsnprintf(is->msg, sizeof(is->msg), fmt, ap);
        va_end(ap);
    }
    s->count++;
}

static bool issue_before(const ps_issue *a, const ps_issue *b)
{
    if (a->line != b->line)
        return a->line < b->line;
    if (a->col != b->col)
        return a->col < b->col;
    return a->code < b->code;
}

static void sort_issues(ps_issue *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        ps_issue x = v[i];
        size_t j = i;
        while (j > 0 && issue_before(&x, &v[j - 1])) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* ---- state of the walk ----------------------------------------------------------------------- */

typedef struct flow {
    uint64_t bits[FLOW_WORDS]; /* definitely assigned tracked variables */
    bool dead;                 /* unreachable: after break/continue */
} flow;

typedef struct sym {
    const char *name;
    const ps_node *decl;
    int scope;
    int tracked; /* index in flow.bits, -1 when the variable has an initializer or is an array */
    bool has_range;
    int64_t lo, hi; /* loop variable range, while has_range */
} sym;

typedef struct loop_ctx {
    flow exits; /* meet of the states at each break */
    flow next;  /* meet of the states at each continue */
    struct loop_ctx *outer;
} loop_ctx;

typedef struct checker {
    const ps_env *env;
    sink *sink;
    sym syms[MAX_SYMS];
    size_t nsyms;
    int scope;
    int ntracked;
    bool uninit_reported[MAX_TRACKED];
    const char *reported[MAX_REPORTED]; /* unknown names and helpers already reported */
    size_t nreported;
    loop_ctx *loop; /* innermost enclosing loop, in walk_for's frame */
    /* output-read-not-written */
    unsigned out_read_line[MAX_OUTPUTS], out_read_col[MAX_OUTPUTS];
    bool out_written[MAX_OUTPUTS];
} checker;

static const flow flow_dead = {{0}, true};

static void flow_meet(flow *a, const flow *b)
{
    if (b->dead)
        return;
    if (a->dead) {
        *a = *b;
        return;
    }
    for (int i = 0; i < FLOW_WORDS; i++)
        a->bits[i] &= b->bits[i];
}

static bool flow_has(const flow *f, int k)
{
    return f->dead || (f->bits[k / 64] >> (k % 64)) & 1u;
}

static void flow_set(flow *f, int k)
{
    f->bits[k / 64] |= (uint64_t)1 << (k % 64);
}

/* ---- names ----------------------------------------------------------------------------------- */

static sym *lookup(checker *c, const char *name)
{
    for (size_t i = c->nsyms; i > 0; i--)
        if (strcmp(c->syms[i - 1].name, name) == 0)
            return &c->syms[i - 1];
    return NULL;
}

static bool env_has_name(const ps_env *env, const char *name)
{
    for (size_t i = 0; env && i < env->nnames; i++)
        if (env->names[i] && strcmp(env->names[i], name) == 0)
            return true;
    return false;
}

static const ps_helper *env_helper(const ps_env *env, const char *name)
{
    for (size_t i = 0; env && i < env->nhelpers; i++)
        if (env->helpers[i].name && strcmp(env->helpers[i].name, name) == 0)
            return &env->helpers[i];
    return NULL;
}

static int env_output(const ps_env *env, const char *name)
{
    for (size_t i = 0; env && i < env->noutputs && i < MAX_OUTPUTS; i++)
        if (env->outputs[i] && strcmp(env->outputs[i], name) == 0)
            return (int)i;
    return -1;
}

static bool already_reported(checker *c, const char *name)
{
    for (size_t i = 0; i < c->nreported; i++)
        if (strcmp(c->reported[i], name) == 0)
            return true;
    if (c->nreported < MAX_REPORTED)
        c->reported[c->nreported++] = name;
    return false;
}

static bool same_ignoring_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

/* One insertion, deletion or substitution apart. */
static bool one_edit_apart(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), i = 0;
    if (la < lb) {
        const char *t = a;
        a = b, b = t;
        size_t tl = la;
        la = lb, lb = tl;
    }
    if (la - lb > 1)
        return false;
    while (i < lb && a[i] == b[i])
        i++;
    if (la == lb)
        return i < la && strcmp(a + i + 1, b + i + 1) == 0;
    return strcmp(a + i + 1, b + i) == 0;
}

/* A suggestion only where it is very likely right: one edit away from a long name (short names
 * one edit apart are usually unrelated: SRC and SCC), or, for a variable of the block, the same
 * letters in another case (an environment may hold both DST of one page and dst of another). */
static bool likely_meant(const char *typed, const char *known, bool any_case)
{
    if (strcmp(typed, known) == 0)
        return false;
    if (any_case && same_ignoring_case(typed, known))
        return true;
    return strlen(typed) >= 5 && strlen(known) >= 4 && one_edit_apart(typed, known);
}

/* The one likely candidate, or NULL when there is none or several (VDATA could be VDATA0,
 * VDATA1 or SDATA: better to say nothing than to guess). */
static const char *suggest_name(checker *c, const char *name)
{
    const char *found = NULL;
    for (size_t i = c->nsyms; i > 0; i--) {
        const char *cand = c->syms[i - 1].name;
        if (likely_meant(name, cand, true) && (!found || strcmp(found, cand) != 0)) {
            if (found)
                return NULL;
            found = cand;
        }
    }
    for (size_t i = 0; c->env && i < c->env->nnames; i++) {
        const char *cand = c->env->names[i];
        if (cand && likely_meant(name, cand, false) && (!found || strcmp(found, cand) != 0)) {
            if (found)
                return NULL;
            found = cand;
        }
    }
    return found;
}

static const char *suggest_helper(checker *c, const char *name)
{
    const char *found = NULL;
    for (size_t i = 0; c->env && i < c->env->nhelpers; i++) {
        const char *cand = c->env->helpers[i].name;
        if (cand && likely_meant(name, cand, false)) {
            if (found)
                return NULL;
            found = cand;
        }
    }
    return found;
}

/* ---- expression facts: C type width and value range ------------------------------------------ */

typedef struct tinfo {
    bool known;     /* width is meaningful */
    unsigned width; /* after integer promotion */
    bool is_float;
    ps_type ptr; /* when ptr.ptr > 0: the expression is a pointer of this type */
} tinfo;

static tinfo t_unknown(void)
{
    tinfo t = {false, 0, false, {PS_UINT32, 0}};
    return t;
}

static tinfo t_int(unsigned width)
{
    tinfo t = {true, width < 32 ? 32 : width, false, {PS_UINT32, 0}};
    return t;
}

static tinfo t_of_type(ps_type ty)
{
    tinfo t = t_unknown();
    if (ty.ptr > 0) {
        t.ptr = ty;
        return t;
    }
    if (ps_base_float(ty.base)) {
        t.is_float = true;
        return t;
    }
    if (ps_base_width(ty.base) == 0)
        return t;
    return t_int(ps_base_width(ty.base));
}

static tinfo type_of(checker *c, const ps_node *n)
{
    switch (n->kind) {
    case PS_NUMBER:
        return t_int(n->u.number.width);
    case PS_FLOAT_LITERAL:
        return t_of_type((ps_type){n->u.flt.single ? PS_FLOAT : PS_DOUBLE, 0});
    case PS_NAME: {
        const sym *s = lookup(c, n->u.name.name);
        if (!s || s->decl->u.decl.array_len)
            return t_unknown();
        return t_of_type(s->decl->u.decl.type);
    }
    case PS_CAST:
        return t_of_type(n->u.cast.type);
    case PS_UNARY: {
        tinfo o = type_of(c, n->u.unary.operand);
        switch (n->u.unary.op) {
        case PS_OP_NOT:
            return t_int(32);
        case PS_OP_DEREF:
            if (o.ptr.ptr > 0) {
                ps_type t = o.ptr;
                t.ptr--;
                return t_of_type(t);
            }
            return t_unknown();
        case PS_OP_ADDR:
            return t_unknown();
        default:
            return o;
        }
    }
    case PS_BINARY: {
        ps_op op = n->u.binary.op;
        tinfo a, b;
        if (ps_op_is_assign(op))
            return type_of(c, n->u.binary.lhs);
        if (ps_op_is_compare(op) || op == PS_OP_AND || op == PS_OP_OR)
            return t_int(32);
        a = type_of(c, n->u.binary.lhs);
        if (op == PS_OP_SHL || op == PS_OP_SHR)
            return a;
        b = type_of(c, n->u.binary.rhs);
        if ((op == PS_OP_ADD || op == PS_OP_SUB) && a.ptr.ptr > 0 && b.ptr.ptr == 0)
            return a;
        if (op == PS_OP_ADD && b.ptr.ptr > 0 && a.ptr.ptr == 0)
            return b;
        if (!a.known || !b.known)
            return t_unknown();
        return t_int(a.width > b.width ? a.width : b.width);
    }
    case PS_TERNARY: {
        tinfo a = type_of(c, n->u.ternary.then_expr), b = type_of(c, n->u.ternary.else_expr);
        if (!a.known || !b.known)
            return t_unknown();
        return t_int(a.width > b.width ? a.width : b.width);
    }
    case PS_INDEX: {
        const ps_node *base = n->u.index.base;
        const sym *s = base->kind == PS_NAME ? lookup(c, base->u.name.name) : NULL;
        if (s && s->decl->u.decl.array_len)
            return t_of_type(s->decl->u.decl.type);
        if (s && s->decl->u.decl.type.ptr > 0) {
            ps_type t = s->decl->u.decl.type;
            t.ptr--;
            return t_of_type(t);
        }
        return t_unknown();
    }
    default:
        return t_unknown();
    }
}

typedef struct range {
    bool known;
    int64_t lo, hi;
} range;

#define RANGE_LIMIT ((int64_t)1 << 40)

static range r_unknown(void)
{
    range r = {false, 0, 0};
    return r;
}

static range r_make(int64_t lo, int64_t hi)
{
    range r = {true, lo, hi};
    if (lo < -RANGE_LIMIT || hi > RANGE_LIMIT || lo > hi)
        return r_unknown();
    return r;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static range range_of(checker *c, const ps_node *n)
{
    switch (n->kind) {
    case PS_NUMBER:
        if (n->u.number.value > (uint64_t)RANGE_LIMIT)
            return r_unknown();
        return r_make((int64_t)n->u.number.value, (int64_t)n->u.number.value);
    case PS_NAME: {
        const sym *s = lookup(c, n->u.name.name);
        if (s && s->has_range)
            return r_make(s->lo, s->hi);
        return r_unknown();
    }
    case PS_CAST:
        if (n->u.cast.type.ptr == 0 && ps_base_width(n->u.cast.type.base) >= 8 &&
            !ps_base_float(n->u.cast.type.base)) {
            range o = range_of(c, n->u.cast.operand);
            unsigned w = ps_base_width(n->u.cast.type.base);
            /* only a value that survives the conversion unchanged keeps its range */
            if (o.known && o.lo >= 0 && (w >= 40 || o.hi < ((int64_t)1 << (w - 1))))
                return o;
        }
        return r_unknown();
    case PS_UNARY:
        if (n->u.unary.op == PS_OP_NEG) {
            range o = range_of(c, n->u.unary.operand);
            return o.known ? r_make(-o.hi, -o.lo) : o;
        }
        if (n->u.unary.op == PS_OP_POS)
            return range_of(c, n->u.unary.operand);
        return r_unknown();
    case PS_TERNARY: {
        range a = range_of(c, n->u.ternary.then_expr), b = range_of(c, n->u.ternary.else_expr);
        if (!a.known || !b.known)
            return r_unknown();
        return r_make(min64(a.lo, b.lo), max64(a.hi, b.hi));
    }
    case PS_BINARY: {
        range a = range_of(c, n->u.binary.lhs), b = range_of(c, n->u.binary.rhs);
        switch (n->u.binary.op) {
        case PS_OP_ADD:
            return a.known && b.known ? r_make(a.lo + b.lo, a.hi + b.hi) : r_unknown();
        case PS_OP_SUB:
            return a.known && b.known ? r_make(a.lo - b.hi, a.hi - b.lo) : r_unknown();
        case PS_OP_MUL:
            if (a.known && b.known && a.lo >= 0 && b.lo >= 0 && a.hi < RANGE_LIMIT / 2 &&
                (b.hi == 0 || a.hi <= RANGE_LIMIT / b.hi))
                return r_make(a.lo * b.lo, a.hi * b.hi);
            return r_unknown();
        case PS_OP_SHL:
            if (a.known && b.known && a.lo >= 0 && b.lo >= 0 && b.hi < 40 &&
                a.hi <= (RANGE_LIMIT >> b.hi))
                return r_make(a.lo << b.lo, a.hi << b.hi);
            return r_unknown();
        case PS_OP_SHR:
            if (a.known && b.known && a.lo >= 0 && b.lo >= 0 && b.hi < 63)
                return r_make(a.lo >> b.hi, a.hi >> b.lo);
            return r_unknown();
        case PS_OP_BITAND:
            /* a non-negative mask bounds the result whatever the other side is */
            if (b.known && b.lo == b.hi && b.lo >= 0)
                return r_make(0, a.known && a.lo >= 0 ? min64(a.hi, b.hi) : b.hi);
            if (a.known && a.lo == a.hi && a.lo >= 0)
                return r_make(0, b.known && b.lo >= 0 ? min64(a.hi, b.hi) : a.hi);
            if (a.known && b.known && a.lo >= 0 && b.lo >= 0)
                return r_make(0, min64(a.hi, b.hi));
            return r_unknown();
        case PS_OP_MOD:
            if (a.known && b.known && a.lo >= 0 && b.lo == b.hi && b.lo > 0)
                return r_make(0, min64(a.hi, b.lo - 1));
            return r_unknown();
        default:
            return r_unknown();
        }
    }
    default:
        return r_unknown();
    }
}

/* ---- helpers for messages -------------------------------------------------------------------- */

/* The expression as printed, without its own outer parentheses. */
static const char *text_of(const ps_node *n, char *buf, size_t size)
{
    ps_node bare = *n;
    size_t len;
    bare.paren = false;
    len = ps_print_expr(&bare, buf, size);
    if (len >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
    return buf;
}

static void type_text(ps_type t, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s", ps_base_name(t.base),
             t.ptr == 0   ? ""
             : t.ptr == 1 ? "*"
             : t.ptr == 2 ? "**"
                          : "***");
}

/* ---- checks on expressions ------------------------------------------------------------------- */

/* precedence: a comparison directly under & | ^ is evaluated first, which C programmers rarely
 * mean (EXEC & (1ULL<<i)!=0 tests bit 0 of the comparison result). */
static void check_precedence(checker *c, const ps_node *n)
{
    const ps_node *sides[2];
    ps_op op;
    if (n->kind != PS_BINARY)
        return;
    op = n->u.binary.op;
    if (op != PS_OP_BITAND && op != PS_OP_BITOR && op != PS_OP_BITXOR)
        return;
    sides[0] = n->u.binary.lhs;
    sides[1] = n->u.binary.rhs;
    for (int i = 0; i < 2; i++) {
        const ps_node *s = sides[i];
        char a[96], b[96];
        if (s->kind != PS_BINARY || s->paren || !ps_op_is_compare(s->u.binary.op))
            continue;
        text_of(s, b, sizeof(b));
        text_of(sides[1 - i], a, sizeof(a));
        if (i == 1)
            report(c->sink, PS_ISSUE_PRECEDENCE, n->u.binary.op_line, n->u.binary.op_col,
                   "'%s' binds tighter than '%s': C reads this as %s %s (%s)",
                   ps_op_text(s->u.binary.op), ps_op_text(op), a, ps_op_text(op), b);
        else
            report(c->sink, PS_ISSUE_PRECEDENCE, n->u.binary.op_line, n->u.binary.op_col,
                   "'%s' binds tighter than '%s': C reads this as (%s) %s %s",
                   ps_op_text(s->u.binary.op), ps_op_text(op), b, ps_op_text(op), a);
    }
}

/* shift-width: shifting by the operand's width or more is undefined in C, and on hardware
 * usually keeps only the low bits of the count. */
static void check_shift_width(checker *c, const ps_node *n)
{
    ps_op op;
    tinfo t;
    range r;
    char ex[128];
    if (n->kind != PS_BINARY)
        return;
    op = n->u.binary.op;
    if (op != PS_OP_SHL && op != PS_OP_SHR && op != PS_OP_SHL_ASSIGN && op != PS_OP_SHR_ASSIGN)
        return;
    t = type_of(c, n->u.binary.lhs);
    if (!t.known || t.is_float || t.ptr.ptr > 0)
        return;
    r = range_of(c, n->u.binary.rhs);
    if (!r.known || r.hi < (int64_t)t.width)
        return;
    text_of(n, ex, sizeof(ex));
    if (r.lo == r.hi)
        report(c->sink, PS_ISSUE_SHIFT_WIDTH, n->u.binary.op_line, n->u.binary.op_col,
               "'%s' shifts a %u-bit value by %lld bits", ex, t.width, (long long)r.hi);
    else
        report(c->sink, PS_ISSUE_SHIFT_WIDTH, n->u.binary.op_line, n->u.binary.op_col,
               "'%s' shifts a %u-bit value by up to %lld bits (shift count in [%lld, %lld])", ex,
               t.width, (long long)r.hi, (long long)r.lo, (long long)r.hi);
}

static bool is_lvalue(const ps_node *n)
{
    return n->kind == PS_NAME || n->kind == PS_INDEX || n->kind == PS_RANGE ||
           (n->kind == PS_UNARY && n->u.unary.op == PS_OP_DEREF);
}

/* not-lvalue: the target of an assignment or ++/-- must name storage. */
static void check_lvalue(checker *c, const ps_node *n)
{
    const ps_node *target;
    char ex[96];
    if (n->kind == PS_BINARY && ps_op_is_assign(n->u.binary.op))
        target = n->u.binary.lhs;
    else if (n->kind == PS_UNARY &&
             (n->u.unary.op == PS_OP_PREINC || n->u.unary.op == PS_OP_PREDEC ||
              n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC))
        target = n->u.unary.operand;
    else
        return;
    if (is_lvalue(target))
        return;
    text_of(target, ex, sizeof(ex));
    if (target->kind == PS_CAST && target->u.cast.type.ptr > 0)
        report(c->sink, PS_ISSUE_NOT_LVALUE, target->line, target->col,
               "cannot assign to the pointer cast '%s' (missing '*' to store through it?)", ex);
    else
        report(c->sink, PS_ISSUE_NOT_LVALUE, target->line, target->col,
               "cannot assign to '%s': it is not a variable, element or dereference", ex);
}

/* unknown-helper / wrong-arity */
static void check_call(checker *c, const ps_node *n)
{
    const ps_helper *h;
    if (n->kind != PS_CALL)
        return;
    h = env_helper(c->env, n->u.call.name);
    if (!h) {
        const char *s;
        if (already_reported(c, n->u.call.name))
            return;
        s = suggest_helper(c, n->u.call.name);
        report(c->sink, PS_ISSUE_UNKNOWN_HELPER, n->line, n->col,
               "call to unknown function '%s'%s%s%s", n->u.call.name, s ? " (did you mean '" : "",
               s ? s : "", s ? "'?)" : "");
        return;
    }
    if (h->arity >= 0 && (size_t)h->arity != n->u.call.nargs)
        report(c->sink, PS_ISSUE_WRONG_ARITY, n->line, n->col,
               "'%s' takes %d argument%s but is given %zu", h->name, h->arity,
               h->arity == 1 ? "" : "s", n->u.call.nargs);
}

/* unsized-type: UINT says nothing about the width the operation works in. */
static void check_unsized(checker *c, ps_type t, unsigned line, unsigned col)
{
    if (t.base == PS_UINT)
        report(c->sink, PS_ISSUE_UNSIZED_TYPE, line, col,
               "type 'UINT' has no width (UINT32 or UINT64?)");
}

/* pointer-type-mismatch: the pointer stored into a variable has another pointee type, or a
 * non-pointer variable receives a pointer (a '*' missing from the declaration). */
static void check_pointer_value(checker *c, const char *var, ps_type declared, const ps_node *value,
                                unsigned line, unsigned col)
{
    tinfo v = type_of(c, value);
    char d[24], got[24];
    type_text(declared, d, sizeof(d));
    if (v.ptr.ptr > 0) {
        type_text(v.ptr, got, sizeof(got));
        if (declared.ptr == 0)
            report(c->sink, PS_ISSUE_POINTER_TYPE_MISMATCH, line, col,
                   "'%s' is declared %s, not a pointer, but receives a %s (missing '*'?)", var, d,
                   got);
        else if (!ps_type_same(declared, v.ptr))
            report(c->sink, PS_ISSUE_POINTER_TYPE_MISMATCH, line, col,
                   "'%s' is declared %s but receives a %s", var, d, got);
    } else if (declared.ptr > 0 && value->kind == PS_CAST) {
        type_text(value->u.cast.type, got, sizeof(got));
        report(c->sink, PS_ISSUE_POINTER_TYPE_MISMATCH, line, col,
               "'%s' is declared %s but receives a non-pointer %s", var, d, got);
    }
}

static void check_pointer_assign(checker *c, const ps_node *n)
{
    const ps_node *t;
    const sym *s;
    if (n->kind != PS_BINARY || n->u.binary.op != PS_OP_ASSIGN)
        return;
    t = n->u.binary.lhs;
    if (t->kind != PS_NAME)
        return;
    s = lookup(c, t->u.name.name);
    if (!s || s->decl->u.decl.array_len)
        return;
    check_pointer_value(c, s->name, s->decl->u.decl.type, n->u.binary.rhs, t->line, t->col);
}

static void check_expr_node(checker *c, const ps_node *n)
{
    check_precedence(c, n);
    check_shift_width(c, n);
    check_lvalue(c, n);
    check_call(c, n);
    check_pointer_assign(c, n);
    if (n->kind == PS_CAST)
        check_unsized(c, n->u.cast.type, n->line, n->col);
}

/* ---- names: unknown-name, uninitialized, outputs --------------------------------------------- */

/* unknown-name: neither declared in scope, nor an operand/state name, reported at first use. */
static void check_unknown_name(checker *c, const ps_node *n)
{
    const char *s;
    const char *name = n->u.name.name;
    if (env_has_name(c->env, name) || already_reported(c, name))
        return;
    if (env_helper(c->env, name)) {
        report(c->sink, PS_ISSUE_UNKNOWN_NAME, n->line, n->col,
               "'%s' is a function, used here as a value", name);
        return;
    }
    s = suggest_name(c, name);
    report(c->sink, PS_ISSUE_UNKNOWN_NAME, n->line, n->col, "'%s' is not declared%s%s%s", name,
           s ? " (did you mean '" : "", s ? s : "", s ? "'?)" : "");
}

/* uninitialized: read while not assigned on every path from its declaration. */
static void check_uninitialized(checker *c, const sym *s, const ps_node *use, const flow *f)
{
    if (s->tracked < 0 || flow_has(f, s->tracked) || c->uninit_reported[s->tracked])
        return;
    c->uninit_reported[s->tracked] = true;
    report(c->sink, PS_ISSUE_UNINITIALIZED, use->line, use->col,
           "'%s' is read before it is assigned (declared at line %u without a value)", s->name,
           s->decl->line);
}

static void read_name(checker *c, const ps_node *n, const flow *f)
{
    const sym *s = lookup(c, n->u.name.name);
    int o;
    if (s) {
        check_uninitialized(c, s, n, f);
        return;
    }
    check_unknown_name(c, n);
    o = env_output(c->env, n->u.name.name);
    if (o >= 0 && !c->out_read_line[o]) {
        c->out_read_line[o] = n->line;
        c->out_read_col[o] = n->col;
    }
}

/* whole: the variable is assigned as a whole (not one element or register of it). */
static void write_name(checker *c, const ps_node *n, flow *f, bool whole)
{
    const sym *s = lookup(c, n->u.name.name);
    int o;
    if (s) {
        if (whole && s->tracked >= 0)
            flow_set(f, s->tracked);
        return;
    }
    check_unknown_name(c, n);
    o = env_output(c->env, n->u.name.name);
    if (o >= 0)
        c->out_written[o] = true;
}

/* ---- the walk -------------------------------------------------------------------------------- */

static void walk_expr(checker *c, const ps_node *n, flow *f);

static bool names_pointer(checker *c, const ps_node *n)
{
    const sym *s = n->kind == PS_NAME ? lookup(c, n->u.name.name) : NULL;
    return s && s->decl->u.decl.type.ptr > 0 && !s->decl->u.decl.array_len;
}

/* An assignment target is walked once, in three parts: the address (index expressions, the
 * pointer dereferenced), the old value when the operator reads it (+=, ++), and the write. */
static const ps_node *target_base(const ps_node *t)
{
    return t->kind == PS_INDEX ? t->u.index.base : t->u.range.base;
}

static void walk_address(checker *c, const ps_node *t, flow *f)
{
    switch (t->kind) {
    case PS_INDEX:
    case PS_RANGE: {
        const ps_node *base = target_base(t);
        if (base->kind != PS_NAME || names_pointer(c, base))
            walk_expr(c, base, f); /* V[i] = x through a pointer reads V */
        if (t->kind == PS_INDEX) {
            walk_expr(c, t->u.index.index, f);
        } else {
            walk_expr(c, t->u.range.lo, f);
            walk_expr(c, t->u.range.hi, f);
        }
        break;
    }
    case PS_UNARY: /* dereference */
        walk_expr(c, t->u.unary.operand, f);
        break;
    default:
        break;
    }
}

static void read_old_value(checker *c, const ps_node *t, const flow *f)
{
    if (t->kind == PS_NAME)
        read_name(c, t, f);
    else if ((t->kind == PS_INDEX || t->kind == PS_RANGE) && target_base(t)->kind == PS_NAME &&
             !names_pointer(c, target_base(t)))
        read_name(c, target_base(t), f);
}

static void mark_written(checker *c, const ps_node *t, flow *f)
{
    if (t->kind == PS_NAME)
        write_name(c, t, f, true);
    else if ((t->kind == PS_INDEX || t->kind == PS_RANGE) && target_base(t)->kind == PS_NAME &&
             !names_pointer(c, target_base(t)))
        write_name(c, target_base(t), f, false);
}

/* rhs is NULL for ++ and --; reads_old for every operator but '='. */
static void walk_assignment(checker *c, const ps_node *target, const ps_node *rhs, bool reads_old,
                            flow *f)
{
    if (!is_lvalue(target)) { /* reported by check_lvalue; still look inside */
        walk_expr(c, target, f);
        if (rhs)
            walk_expr(c, rhs, f);
        return;
    }
    if (!reads_old && rhs)
        walk_expr(c, rhs, f); /* x = e: e is evaluated before x is assigned */
    walk_address(c, target, f);
    if (reads_old)
        read_old_value(c, target, f);
    if (reads_old && rhs)
        walk_expr(c, rhs, f);
    mark_written(c, target, f);
}

static void walk_expr(checker *c, const ps_node *n, flow *f)
{
    check_expr_node(c, n);
    switch (n->kind) {
    case PS_NAME:
        read_name(c, n, f);
        break;
    case PS_NUMBER:
        break;
    case PS_UNARY:
        if (n->u.unary.op == PS_OP_PREINC || n->u.unary.op == PS_OP_PREDEC ||
            n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC)
            walk_assignment(c, n->u.unary.operand, NULL, true, f);
        else
            walk_expr(c, n->u.unary.operand, f);
        break;
    case PS_BINARY: {
        ps_op op = n->u.binary.op;
        if (ps_op_is_assign(op)) {
            walk_assignment(c, n->u.binary.lhs, n->u.binary.rhs, op != PS_OP_ASSIGN, f);
        } else if (op == PS_OP_AND || op == PS_OP_OR) {
            flow maybe;
            walk_expr(c, n->u.binary.lhs, f);
            maybe = *f; /* the right side may not run */
            walk_expr(c, n->u.binary.rhs, &maybe);
        } else {
            walk_expr(c, n->u.binary.lhs, f);
            walk_expr(c, n->u.binary.rhs, f);
        }
        break;
    }
    case PS_TERNARY: {
        flow a, b;
        walk_expr(c, n->u.ternary.cond, f);
        a = *f;
        b = *f;
        walk_expr(c, n->u.ternary.then_expr, &a);
        walk_expr(c, n->u.ternary.else_expr, &b);
        flow_meet(&a, &b);
        *f = a;
        break;
    }
    case PS_CAST:
        walk_expr(c, n->u.cast.operand, f);
        break;
    case PS_CALL:
        for (size_t i = 0; i < n->u.call.nargs; i++)
            walk_expr(c, n->u.call.args[i], f);
        break;
    case PS_INDEX:
        walk_expr(c, n->u.index.base, f);
        walk_expr(c, n->u.index.index, f);
        break;
    case PS_RANGE:
        walk_expr(c, n->u.range.base, f);
        walk_expr(c, n->u.range.lo, f);
        walk_expr(c, n->u.range.hi, f);
        break;
    default:
        break;
    }
}

static void scope_enter(checker *c)
{
    c->scope++;
}

static void scope_exit(checker *c)
{
    while (c->nsyms > 0 && c->syms[c->nsyms - 1].scope == c->scope)
        c->nsyms--;
    c->scope--;
}

/* shadowing: a declaration hides a variable of an enclosing scope (assignments to the inner one
 * never reach the outer one), repeats one of the same scope, or hides a machine-state name. */
static void check_shadowing(checker *c, const ps_node *d)
{
    const sym *s = lookup(c, d->u.decl.name);
    if (s && s->scope == c->scope)
        report(c->sink, PS_ISSUE_SHADOWING, d->line, d->col,
               "'%s' is declared again in the same scope (first at line %u)", d->u.decl.name,
               s->decl->line);
    else if (s)
        report(c->sink, PS_ISSUE_SHADOWING, d->line, d->col,
               "this declaration of '%s' hides the one at line %u: assignments here do not "
               "reach the outer '%s'",
               d->u.decl.name, s->decl->line, d->u.decl.name);
    else if (env_has_name(c->env, d->u.decl.name))
        report(c->sink, PS_ISSUE_SHADOWING, d->line, d->col,
               "this declaration of '%s' hides the operand or register of the same name",
               d->u.decl.name);
}

static void declare(checker *c, const ps_node *d)
{
    sym *s;
    if (c->nsyms == MAX_SYMS)
        return; /* beyond any real block; later uses then read as unknown */
    s = &c->syms[c->nsyms++];
    memset(s, 0, sizeof(*s));
    s->name = d->u.decl.name;
    s->decl = d;
    s->scope = c->scope;
    s->tracked = -1;
    if (!d->u.decl.init && !d->u.decl.array_len && c->ntracked < MAX_TRACKED)
        s->tracked = c->ntracked++;
}

static void walk_decl(checker *c, const ps_node *d, flow *f)
{
    check_unsized(c, d->u.decl.type, d->line, d->col);
    check_shadowing(c, d);
    if (d->u.decl.array_len)
        walk_expr(c, d->u.decl.array_len, f);
    if (d->u.decl.init) {
        walk_expr(c, d->u.decl.init, f);
        if (!d->u.decl.array_len)
            check_pointer_value(c, d->u.decl.name, d->u.decl.type, d->u.decl.init, d->line, d->col);
    }
    declare(c, d);
}

static bool writes_name(const ps_node *n, const char *name);

static bool writes_target(const ps_node *t, const char *name)
{
    return t->kind == PS_NAME && strcmp(t->u.name.name, name) == 0;
}

/* Whether the subtree assigns the variable (so its loop range cannot be trusted). */
static bool writes_name(const ps_node *n, const char *name)
{
    if (!n)
        return false;
    switch (n->kind) {
    case PS_PROGRAM:
    case PS_BLOCK:
        for (size_t i = 0; i < n->u.block.count; i++)
            if (writes_name(n->u.block.items[i], name))
                return true;
        return false;
    case PS_DECL:
        return writes_name(n->u.decl.init, name) || writes_name(n->u.decl.array_len, name);
    case PS_EXPR_STMT:
        return writes_name(n->u.expr_stmt.expr, name);
    case PS_IF:
        return writes_name(n->u.if_.cond, name) || writes_name(n->u.if_.then_stmt, name) ||
               writes_name(n->u.if_.else_stmt, name);
    case PS_FOR:
        return writes_name(n->u.for_.init, name) || writes_name(n->u.for_.cond, name) ||
               writes_name(n->u.for_.step, name) || writes_name(n->u.for_.body, name);
    case PS_UNARY:
        if ((n->u.unary.op == PS_OP_PREINC || n->u.unary.op == PS_OP_PREDEC ||
             n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC ||
             n->u.unary.op == PS_OP_ADDR) &&
            writes_target(n->u.unary.operand, name))
            return true;
        return writes_name(n->u.unary.operand, name);
    case PS_BINARY:
        if (ps_op_is_assign(n->u.binary.op) && writes_target(n->u.binary.lhs, name))
            return true;
        return writes_name(n->u.binary.lhs, name) || writes_name(n->u.binary.rhs, name);
    case PS_TERNARY:
        return writes_name(n->u.ternary.cond, name) || writes_name(n->u.ternary.then_expr, name) ||
               writes_name(n->u.ternary.else_expr, name);
    case PS_CAST:
        return writes_name(n->u.cast.operand, name);
    case PS_CALL:
        for (size_t i = 0; i < n->u.call.nargs; i++)
            if (writes_name(n->u.call.args[i], name))
                return true;
        return false;
    case PS_INDEX:
        return writes_name(n->u.index.base, name) || writes_name(n->u.index.index, name);
    case PS_RANGE:
        return writes_name(n->u.range.base, name) || writes_name(n->u.range.lo, name) ||
               writes_name(n->u.range.hi, name);
    default:
        return false;
    }
}

/* The values a counted loop's variable takes in the body: for (T i = a; i < b; i += k) and the
 * other directions and comparisons. Returns the symbol or NULL when not of that form. */
static sym *loop_range(checker *c, const ps_node *loop, int64_t *lo, int64_t *hi)
{
    const ps_node *init = loop->u.for_.init, *cond = loop->u.for_.cond, *step = loop->u.for_.step;
    const char *var;
    sym *s;
    range start, bound;
    ps_op cmp;
    int64_t k, last;

    if (!init || !cond || !step || init->kind != PS_DECL || !init->u.decl.init ||
        init->u.decl.type.ptr > 0 || init->u.decl.array_len)
        return NULL;
    var = init->u.decl.name;
    s = lookup(c, var);
    if (!s || s->decl != init)
        return NULL;
    start = range_of(c, init->u.decl.init);
    if (!start.known || start.lo != start.hi)
        return NULL;

    /* condition: var OP const, or const OP var (mirrored) */
    if (cond->kind != PS_BINARY || !ps_op_is_compare(cond->u.binary.op))
        return NULL;
    cmp = cond->u.binary.op;
    if (cond->u.binary.lhs->kind == PS_NAME && strcmp(cond->u.binary.lhs->u.name.name, var) == 0) {
        bound = range_of(c, cond->u.binary.rhs);
    } else if (cond->u.binary.rhs->kind == PS_NAME &&
               strcmp(cond->u.binary.rhs->u.name.name, var) == 0) {
        bound = range_of(c, cond->u.binary.lhs);
        cmp = cmp == PS_OP_LT   ? PS_OP_GT
              : cmp == PS_OP_LE ? PS_OP_GE
              : cmp == PS_OP_GT ? PS_OP_LT
              : cmp == PS_OP_GE ? PS_OP_LE
                                : cmp;
    } else {
        return NULL;
    }
    if (!bound.known || bound.lo != bound.hi)
        return NULL;

    /* step: ++, --, += k, -= k */
    if (step->kind == PS_UNARY && writes_target(step->u.unary.operand, var)) {
        ps_op op = step->u.unary.op;
        if (op == PS_OP_PREINC || op == PS_OP_POSTINC)
            k = 1;
        else if (op == PS_OP_PREDEC || op == PS_OP_POSTDEC)
            k = -1;
        else
            return NULL;
    } else if (step->kind == PS_BINARY && writes_target(step->u.binary.lhs, var) &&
               (step->u.binary.op == PS_OP_ADD_ASSIGN || step->u.binary.op == PS_OP_SUB_ASSIGN)) {
        range r = range_of(c, step->u.binary.rhs);
        if (!r.known || r.lo != r.hi || r.lo <= 0)
            return NULL;
        k = step->u.binary.op == PS_OP_ADD_ASSIGN ? r.lo : -r.lo;
    } else {
        return NULL;
    }
    if (writes_name(loop->u.for_.body, var))
        return NULL;

    if (k > 0) {
        if (cmp == PS_OP_LT || cmp == PS_OP_NE)
            last = bound.lo - 1;
        else if (cmp == PS_OP_LE)
            last = bound.lo;
        else
            return NULL;
        if (cmp == PS_OP_NE && (bound.lo - start.lo) % k != 0)
            return NULL;
        if (last < start.lo)
            return NULL; /* the body never runs */
        *lo = start.lo;
        *hi = start.lo + k * ((last - start.lo) / k);
    } else {
        if (cmp == PS_OP_GT || cmp == PS_OP_NE)
            last = bound.lo + 1;
        else if (cmp == PS_OP_GE)
            last = bound.lo;
        else
            return NULL;
        if (cmp == PS_OP_NE && (start.lo - bound.lo) % -k != 0)
            return NULL;
        if (last > start.lo)
            return NULL;
        *hi = start.lo;
        *lo = start.lo + k * ((start.lo - last) / -k);
    }
    /* a counter that steps past the end of its type wraps around and takes every value */
    {
        ps_base b = init->u.decl.type.base;
        unsigned w = ps_base_width(b);
        if (ps_base_float(b))
            return NULL;
        if (w > 0 && w < 64) {
            int64_t tmax = ps_base_signed(b) ? ((int64_t)1 << (w - 1)) - 1 : ((int64_t)1 << w) - 1;
            int64_t tmin = ps_base_signed(b) ? -((int64_t)1 << (w - 1)) : 0;
            if (start.lo < tmin || start.lo > tmax)
                return NULL;
            if (*hi + (k > 0 ? k : 0) > tmax || *lo + (k < 0 ? k : 0) < tmin) {
                *lo = tmin;
                *hi = tmax;
            }
        }
    }
    return s;
}

static void walk_stmt(checker *c, const ps_node *n, flow *f);

/* A statement controlled by if/else/for gets its own scope, as in C. */
static void walk_sub(checker *c, const ps_node *n, flow *f)
{
    scope_enter(c);
    walk_stmt(c, n, f);
    scope_exit(c);
}

static void walk_for(checker *c, const ps_node *n, flow *f)
{
    sym *var;
    int64_t lo = 0, hi = 0;
    flow body;
    bool runs_once;
    loop_ctx ctx;

    scope_enter(c);
    if (n->u.for_.init)
        walk_stmt(c, n->u.for_.init, f);
    if (n->u.for_.cond)
        walk_expr(c, n->u.for_.cond, f);
    var = loop_range(c, n, &lo, &hi);
    runs_once = var != NULL || !n->u.for_.cond;
    ctx.exits = flow_dead;
    ctx.next = flow_dead;
    ctx.outer = c->loop;
    c->loop = &ctx;
    body = *f;
    if (var) {
        var->has_range = true;
        var->lo = lo;
        var->hi = hi;
    }
    walk_sub(c, n->u.for_.body, &body);
    if (var)
        var->has_range = false;
    flow_meet(&body, &ctx.next);
    if (n->u.for_.step)
        walk_expr(c, n->u.for_.step, &body);
    if (!n->u.for_.cond) {
        *f = ctx.exits; /* only a break leaves for (;;) */
    } else if (runs_once) {
        flow_meet(&body, &ctx.exits);
        *f = body;
    } /* else: the body may not run; what it assigns is not definite */
    c->loop = ctx.outer;
    scope_exit(c);
}

static void walk_stmt(checker *c, const ps_node *n, flow *f)
{
    switch (n->kind) {
    case PS_PROGRAM:
    case PS_BLOCK:
        if (n->kind == PS_BLOCK)
            scope_enter(c);
        for (size_t i = 0; i < n->u.block.count; i++)
            walk_stmt(c, n->u.block.items[i], f);
        if (n->kind == PS_BLOCK)
            scope_exit(c);
        break;
    case PS_DECL:
        walk_decl(c, n, f);
        break;
    case PS_EXPR_STMT:
        walk_expr(c, n->u.expr_stmt.expr, f);
        break;
    case PS_IF: {
        flow a, b;
        walk_expr(c, n->u.if_.cond, f);
        a = *f;
        b = *f;
        walk_sub(c, n->u.if_.then_stmt, &a);
        if (n->u.if_.else_stmt)
            walk_sub(c, n->u.if_.else_stmt, &b);
        flow_meet(&a, &b);
        *f = a;
        break;
    }
    case PS_FOR:
        walk_for(c, n, f);
        break;
    case PS_BREAK:
    case PS_CONTINUE:
        if (c->loop)
            flow_meet(n->kind == PS_BREAK ? &c->loop->exits : &c->loop->next, f);
        *f = flow_dead;
        break;
    default:
        walk_expr(c, n, f);
        break;
    }
}

/* ---- checks on the whole block --------------------------------------------------------------- */

/* unknown-marker: "???" left in a comment marks a line its author was not sure of. */
static void check_markers(checker *c, const ps_node *program)
{
    for (size_t i = 0; i < program->u.block.ncomments; i++) {
        const ps_comment *cm = &program->u.block.comments[i];
        const char *m = strstr(cm->text, "?\?\?");
        unsigned line = cm->line, col = cm->col + 2;
        if (!m)
            continue;
        for (const char *p = cm->text; p < m; p++) {
            if (*p == '\n')
                line++, col = 1;
            else
                col++;
        }
        report(c->sink, PS_ISSUE_UNKNOWN_MARKER, line, col,
               "'?\?\?' in a comment: the documentation is unsure about this line");
    }
}

/* output-read-not-written: a destination operand used as a source and never written. */
static void check_outputs(checker *c)
{
    for (size_t i = 0; c->env && i < c->env->noutputs && i < MAX_OUTPUTS; i++) {
        if (!c->out_read_line[i] || c->out_written[i])
            continue;
        report(c->sink, PS_ISSUE_OUTPUT_NOT_WRITTEN, c->out_read_line[i], c->out_read_col[i],
               "destination '%s' is read but never written", c->env->outputs[i]);
    }
}

size_t ps_check(const ps_node *program, const ps_env *env, ps_issue *out, size_t max)
{
    sink s = {out, out ? max : 0, 0};
    checker *c;
    checker storage;
    flow f;
    if (!program || program->kind != PS_PROGRAM)
        return 0;
    c = &storage;
    memset(c, 0, sizeof(*c));
    c->env = env;
    c->sink = &s;
    memset(&f, 0, sizeof(f));
    check_markers(c, program);
    walk_stmt(c, program, &f);
    check_outputs(c);
    sort_issues(out, s.count < s.max ? s.count : s.max);
    return s.count;
}
