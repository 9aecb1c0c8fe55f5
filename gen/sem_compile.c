/* The pseudocode compiler (see sem_compile.h). A block is typed as C types it and emitted as C
 * over oracle/sem_rt.h:
 *
 *  - Operands are read when the instruction starts and written when it ends: every register
 *    operand the block reads is copied into a local (uint32_t o_NAME[regs]) first, and every
 *    one it assigns is written back from it (w_NAME says which registers) at the end, the
 *    vector ones through the staging area, so that no lane sees another lane's result.
 *  - Machine state (EXEC, VCC, SCC, M0, PC, CSP, SGPR[], TTMP[]) and memory are read and
 *    written where the block does it.
 *  - A DS block runs once per active lane (LANEID), unless it is wave-level: marked
 *    "scalar operation", or indexing a vector operand by a lane inside its own loop (and not
 *    using LANEID). X[i] of a vector operand X is register element i when X has several
 *    registers and i is a constant, else the value of X in lane i.
 *  - Registers hold bits: a FLOAT/DOUBLE assigned to a register operand, SGPR[] or TTMP[]
 *    stores its bits (ASFLOAT's inverse); assigned to an integer variable or memory it
 *    converts by value, as C does.
 *  - Pointers are byte addresses in the block's memory space (DS or SMEM); a pointer's
 *    declared type wins over the type it was initialized from (C's implicit conversion); an
 *    address combined with an integer by & | ^ is combined as a number (the documents write
 *    (DS + x)&~7 for DS + (x&~7); DS is address 0 of its window). */
#include "sem_compile.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sem_vocab.h"
#include "spec/pseudo/pseudo.h"

/* ---- types -------------------------------------------------------------------------------- */

enum { TK_INT = 1, TK_FLT, TK_PTR, TK_ARR, TK_SPACE };

typedef struct ty {
    unsigned char k, bits, sgn;
    unsigned char ek, ebits, esgn; /* element of a pointer or array */
} ty;

static ty ty_int(unsigned bits, int sgn)
{
    ty t = {TK_INT, (unsigned char)bits, (unsigned char)sgn, 0, 0, 0};
    return t;
}

static ty ty_flt(unsigned bits)
{
    ty t = {TK_FLT, (unsigned char)bits, 1, 0, 0, 0};
    return t;
}

static ty ty_elem(ty t)
{
    ty e = {t.ek, t.ebits, t.esgn, 0, 0, 0};
    return e;
}

static ty ty_wrap(unsigned kind, ty elem)
{
    ty t = {(unsigned char)kind, 64, 0, elem.k, elem.bits, elem.sgn};
    return t;
}

static const ty I32 = {TK_INT, 32, 1, 0, 0, 0};
static const ty U32 = {TK_INT, 32, 0, 0, 0, 0};
static const ty I64 = {TK_INT, 64, 1, 0, 0, 0};
static const ty U64 = {TK_INT, 64, 0, 0, 0, 0};
static const ty U128 = {TK_INT, 128, 0, 0, 0, 0};
static const ty U8 = {TK_INT, 8, 0, 0, 0, 0};

static int ty_eq(ty a, ty b)
{
    return a.k == b.k && a.bits == b.bits && a.sgn == b.sgn && a.ek == b.ek && a.ebits == b.ebits &&
           a.esgn == b.esgn;
}

static int is_arith(ty t)
{
    return t.k == TK_INT || t.k == TK_FLT;
}

static const char *cty(ty t)
{
    if (t.k == TK_FLT)
        return t.bits == 32 ? "float" : "double";
    if (t.k == TK_PTR || t.k == TK_SPACE)
        return "uint64_t";
    switch (t.bits) {
    case 8:
        return t.sgn ? "int8_t" : "uint8_t";
    case 16:
        return t.sgn ? "int16_t" : "uint16_t";
    case 32:
        return t.sgn ? "int32_t" : "uint32_t";
    case 64:
        return t.sgn ? "int64_t" : "uint64_t";
    default:
        return "gs_u128";
    }
}

static const char *ucty(ty t)
{
    ty u = t;
    u.sgn = 0;
    return cty(u);
}

static const char *sfx(ty t)
{
    static const char *const s[2][5] = {{"u8", "u16", "u32", "u64", "u128"},
                                        {"i8", "i16", "i32", "i64", "i128"}};
    if (t.k == TK_FLT)
        return t.bits == 32 ? "f32" : "f64";
    switch (t.bits) {
    case 8:
        return s[t.sgn][0];
    case 16:
        return s[t.sgn][1];
    case 32:
        return s[t.sgn][2];
    case 64:
        return s[t.sgn][3];
    default:
        return s[t.sgn][4];
    }
}

static ty promote(ty t)
{
    if (t.k == TK_INT && t.bits < 32)
        return I32;
    return t;
}

/* C's usual arithmetic conversions (operands promoted first). */
static ty common(ty a, ty b)
{
    a = promote(a);
    b = promote(b);
    if (a.k == TK_FLT || b.k == TK_FLT)
        return ty_flt((a.k == TK_FLT && a.bits == 64) || (b.k == TK_FLT && b.bits == 64) ? 64 : 32);
    if (a.sgn == b.sgn)
        return a.bits >= b.bits ? a : b;
    {
        ty u = a.sgn ? b : a, s = a.sgn ? a : b;
        if (u.bits >= s.bits)
            return u;
        return s;
    }
}

/* ---- compiler state ----------------------------------------------------------------------- */

typedef struct ex {
    const char *c; /* C expression of type t (an address for pointers) */
    ty t;
    int cst; /* a constant, value cv (sign-extended to 64 bits when signed) */
    uint64_t cv;
} ex;

enum { LV_VAR, LV_AEL, LV_OPW, LV_OPE, LV_VLANE, LV_STATE, LV_SREGS, LV_MEM };

typedef struct lv {
    int k;
    ty t;
    const char *var; /* LV_VAR/LV_AEL: C name; LV_OPW/LV_OPE: the operand */
    const char *idx; /* LV_AEL, LV_OPE: element; LV_VLANE: lane; LV_SREGS: first; LV_MEM: addr */
    unsigned n;      /* LV_AEL: array length; LV_OPW/LV_OPE: registers of the operand */
    unsigned count;  /* LV_OPE, LV_SREGS: registers */
    unsigned op;     /* operand index */
    int which;       /* LV_STATE: gs_vocab_kind; LV_SREGS: GV_SGPR/TTMP/GWS/GWSFLAG */
    int reg;         /* register-backed: a float stores its bits */
    int pure;        /* evaluating the pieces twice is harmless */
} lv;

typedef struct local {
    const char *name, *cname;
    ty t;
    unsigned depth;
    unsigned alen; /* arrays */
} local;

#define MAX_LOCALS 256

typedef struct cc {
    const gs_block *b;
    const gs_insn_info *in;
    ps_arena *arena;
    gcn_diag *diag;
    int failed;
    int per_lane, wave, uses_ds, uses_smem;
    int ds_raw;   /* the block names its DS space DSMEM (it says M0 windows nothing), not DS */
    int names_m0; /* the block reads or writes M0 */
    int names_sgproffset, names_soffset;
    local locals[MAX_LOCALS];
    unsigned nlocals, depth, uid, loops;
    int op_read[GS_MAX_OPERANDS], op_written[GS_MAX_OPERANDS];
    int uses_vlane; /* a vector operand indexed by lane: writes must be staged */
    gcn_buf body, temps;
    unsigned indent;
} cc;

static const ex bad_ex = {"0", {TK_INT, 32, 1, 0, 0, 0}, 0, 0};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
err(cc *c, const ps_node *n, const char *fmt, ...)
{
    va_list ap;
    char msg[GCN_DIAG_MSG_MAX];
    if (c->failed)
        return;
    c->failed = 1;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gcn_diag_set(c->diag, c->b->file, n ? n->line : c->b->line, n ? n->col : 0, "%s: %s",
                 c->in->name, msg);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static char *
fmt(cc *c, const char *f, ...)
{
    va_list ap;
    int n;
    char *s;
    va_start(ap, f);
    n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    s = ps_arena_alloc(c->arena, (size_t)n + 1);
    if (!s) {
        c->failed = 1;
        return "0";
    }
    va_start(ap, f);
    vsnprintf(s, (size_t)n + 1, f, ap);
    va_end(ap);
    return s;
}

static void line(cc *c, const char *f, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void line(cc *c, const char *f, ...)
{
    va_list ap;
    unsigned i;
    for (i = 0; i < c->indent + 1; i++)
        gcn_buf_puts(&c->body, "    ");
    va_start(ap, f);
    gcn_buf_vprintf(&c->body, f, ap);
    va_end(ap);
    gcn_buf_putc(&c->body, '\n');
}

static ex mk(const char *code, ty t)
{
    ex e;
    e.c = code;
    e.t = t;
    e.cst = 0;
    e.cv = 0;
    return e;
}

/* the value a constant of type t has, sign-extended to 64 bits when t is signed */
static uint64_t fit(uint64_t v, ty t)
{
    if (t.bits >= 64)
        return v;
    v &= (1ull << t.bits) - 1;
    if (t.sgn && (v >> (t.bits - 1)) & 1)
        v |= ~0ull << t.bits;
    return v;
}

static ex konst(cc *c, uint64_t v, ty t)
{
    ex e;
    v = fit(v, t);
    if (t.bits == 128)
        e = mk(fmt(c, "((gs_u128)0x%" PRIx64 "ull)", v), t);
    else if (t.sgn && (int64_t)v < 0)
        e = mk(fmt(c, "((%s)(-0x%" PRIx64 "ll - 1))", cty(t), ~v), t);
    else
        e = mk(fmt(c, "((%s)0x%" PRIx64 "ull)", cty(t), v), t);
    e.cst = 1;
    e.cv = v;
    return e;
}

/* ---- names ------------------------------------------------------------------------------- */

static local *find_local(cc *c, const char *name)
{
    unsigned i = c->nlocals;
    while (i--)
        if (strcmp(c->locals[i].name, name) == 0)
            return &c->locals[i];
    return NULL;
}

static int find_operand(const cc *c, const char *name)
{
    unsigned i;
    for (i = 0; i < c->in->nops; i++)
        if (strcmp(c->in->op[i].name, name) == 0 ||
            (c->in->op[i].alias && strcmp(c->in->op[i].alias, name) == 0))
            return (int)i;
    return -1;
}

static int find_modifier(const cc *c, const char *name)
{
    unsigned i;
    for (i = 0; i < c->in->nmods; i++)
        if (strcmp(c->in->mod[i], name) == 0)
            return (int)i;
    return -1;
}

static int find_kind(const cc *c, const char *kind)
{
    unsigned i;
    for (i = 0; i < c->in->nops; i++)
        if (strcmp(c->in->op[i].kind, kind) == 0)
            return (int)i;
    return -1;
}

static int op_is(const cc *c, int i, const char *kind)
{
    return i >= 0 && strcmp(c->in->op[i].kind, kind) == 0;
}

static int op_is_vector(const cc *c, int i)
{
    return op_is(c, i, "vgpr");
}

static int op_is_sreg(const cc *c, int i)
{
    return op_is(c, i, "sgpr") || op_is(c, i, "sdst") || op_is(c, i, "ssrc") ||
           op_is(c, i, "sbase");
}

static int offset_operand(const cc *c)
{
    int i = find_kind(c, "smem-offset");
    return i >= 0 ? i : find_kind(c, "smrd-offset");
}

static ty regs_type(unsigned regs)
{
    return regs == 1 ? U32 : regs == 2 ? U64 : U128;
}

/* ---- constants in the AST ----------------------------------------------------------------- */

static int ast_const(const ps_node *n, int64_t *v)
{
    int64_t a, b;
    switch (n->kind) {
    case PS_NUMBER:
        *v = (int64_t)n->u.number.value;
        return 1;
    case PS_UNARY:
        if (n->u.unary.op == PS_OP_NEG && ast_const(n->u.unary.operand, &a)) {
            *v = (int64_t)(0 - (uint64_t)a);
            return 1;
        }
        return 0;
    case PS_BINARY:
        if (!ast_const(n->u.binary.lhs, &a) || !ast_const(n->u.binary.rhs, &b))
            return 0;
        switch (n->u.binary.op) {
        case PS_OP_ADD:
            *v = (int64_t)((uint64_t)a + (uint64_t)b);
            return 1;
        case PS_OP_SUB:
            *v = (int64_t)((uint64_t)a - (uint64_t)b);
            return 1;
        case PS_OP_MUL:
            *v = (int64_t)((uint64_t)a * (uint64_t)b);
            return 1;
        default:
            return 0;
        }
    default:
        return 0;
    }
}

/* e = base + k: strips one trailing constant term (base NULL: e is the constant k) */
static void split_const(const ps_node *e, const ps_node **base, int64_t *k)
{
    int64_t v;
    if (ast_const(e, &v)) {
        *base = NULL;
        *k = v;
        return;
    }
    if (e->kind == PS_BINARY && (e->u.binary.op == PS_OP_ADD || e->u.binary.op == PS_OP_SUB) &&
        ast_const(e->u.binary.rhs, &v)) {
        *base = e->u.binary.lhs;
        *k = e->u.binary.op == PS_OP_ADD ? v : (int64_t)(0 - (uint64_t)v);
        return;
    }
    *base = e;
    *k = 0;
}

/* The registers X[lo:hi] names: hi - lo + 1 when that is a constant. */
static int range_count(cc *c, const ps_node *n, unsigned *count)
{
    const ps_node *bl, *bh;
    int64_t kl, kh;
    split_const(n->u.range.lo, &bl, &kl);
    split_const(n->u.range.hi, &bh, &kh);
    if (!((!bl && !bh) || (bl && bh && ps_equal(bl, bh))) || kh < kl || kh - kl > 3) {
        err(c, n, "the range [lo:hi] must name 1 to 4 registers by a constant difference");
        return 0;
    }
    *count = (unsigned)(kh - kl + 1);
    return 1;
}

/* ---- the pre-pass: what kind of block is this ---------------------------------------------- */

typedef struct scan {
    const cc *c;
    int lane_index_in_loop, laneid, sgproffset, soffset;
} scan;

static int is_lane_index(const cc *c, const ps_node *n)
{
    int64_t v;
    int i;
    if (n->kind != PS_INDEX || n->u.index.base->kind != PS_NAME)
        return 0;
    i = find_operand(c, n->u.index.base->u.name.name);
    if (!op_is_vector(c, i))
        return 0;
    return !(c->in->op[i].regs > 1 && ast_const(n->u.index.index, &v));
}

static void scan_node(scan *s, const ps_node *n, int in_loop)
{
    size_t i;
    if (!n)
        return;
    switch (n->kind) {
    case PS_PROGRAM:
    case PS_BLOCK:
        for (i = 0; i < n->u.block.count; i++)
            scan_node(s, n->u.block.items[i], in_loop);
        break;
    case PS_DECL:
        scan_node(s, n->u.decl.array_len, in_loop);
        scan_node(s, n->u.decl.init, in_loop);
        break;
    case PS_EXPR_STMT:
        scan_node(s, n->u.expr_stmt.expr, in_loop);
        break;
    case PS_IF:
        scan_node(s, n->u.if_.cond, in_loop);
        scan_node(s, n->u.if_.then_stmt, in_loop);
        scan_node(s, n->u.if_.else_stmt, in_loop);
        break;
    case PS_FOR:
        scan_node(s, n->u.for_.init, 1);
        scan_node(s, n->u.for_.cond, 1);
        scan_node(s, n->u.for_.step, 1);
        scan_node(s, n->u.for_.body, 1);
        break;
    case PS_NAME:
        if (strcmp(n->u.name.name, "LANEID") == 0)
            s->laneid = 1;
        if (strcmp(n->u.name.name, "SGPROFFSET") == 0)
            s->sgproffset = 1;
        if (strcmp(n->u.name.name, "SOFFSET") == 0)
            s->soffset = 1;
        break;
    case PS_UNARY:
        scan_node(s, n->u.unary.operand, in_loop);
        break;
    case PS_BINARY:
        scan_node(s, n->u.binary.lhs, in_loop);
        scan_node(s, n->u.binary.rhs, in_loop);
        break;
    case PS_TERNARY:
        scan_node(s, n->u.ternary.cond, in_loop);
        scan_node(s, n->u.ternary.then_expr, in_loop);
        scan_node(s, n->u.ternary.else_expr, in_loop);
        break;
    case PS_CAST:
        scan_node(s, n->u.cast.operand, in_loop);
        break;
    case PS_CALL:
        for (i = 0; i < n->u.call.nargs; i++)
            scan_node(s, n->u.call.args[i], in_loop);
        break;
    case PS_INDEX:
        if (in_loop && is_lane_index(s->c, n))
            s->lane_index_in_loop = 1;
        scan_node(s, n->u.index.base, in_loop);
        scan_node(s, n->u.index.index, in_loop);
        break;
    case PS_RANGE:
        scan_node(s, n->u.range.base, in_loop);
        scan_node(s, n->u.range.lo, in_loop);
        scan_node(s, n->u.range.hi, in_loop);
        break;
    default:
        break;
    }
}

/* no assignment or increment anywhere: evaluating it twice is harmless */
static int ast_pure(const ps_node *n)
{
    size_t i;
    if (!n)
        return 1;
    switch (n->kind) {
    case PS_UNARY:
        if (n->u.unary.op == PS_OP_PREINC || n->u.unary.op == PS_OP_PREDEC ||
            n->u.unary.op == PS_OP_POSTINC || n->u.unary.op == PS_OP_POSTDEC)
            return 0;
        return ast_pure(n->u.unary.operand);
    case PS_BINARY:
        return !ps_op_is_assign(n->u.binary.op) && ast_pure(n->u.binary.lhs) &&
               ast_pure(n->u.binary.rhs);
    case PS_TERNARY:
        return ast_pure(n->u.ternary.cond) && ast_pure(n->u.ternary.then_expr) &&
               ast_pure(n->u.ternary.else_expr);
    case PS_CAST:
        return ast_pure(n->u.cast.operand);
    case PS_CALL:
        for (i = 0; i < n->u.call.nargs; i++)
            if (!ast_pure(n->u.call.args[i]))
                return 0;
        return 1;
    case PS_INDEX:
        return ast_pure(n->u.index.base) && ast_pure(n->u.index.index);
    case PS_RANGE:
        return ast_pure(n->u.range.base) && ast_pure(n->u.range.lo) && ast_pure(n->u.range.hi);
    default:
        return 1;
    }
}

/* ---- conversions -------------------------------------------------------------------------- */

static const char *truth(cc *c, ex e)
{
    return fmt(c, "((%s) != 0)", e.c);
}

/* e converted to t. reg: the destination is a register, which holds a float's bits. */
static const char *conv(cc *c, const ps_node *at, ex e, ty t, int reg)
{
    if (ty_eq(e.t, t) || (t.k == TK_PTR && (e.t.k == TK_PTR || e.t.k == TK_SPACE)))
        return e.c;
    if (e.t.k == TK_PTR || e.t.k == TK_SPACE || t.k == TK_PTR) {
        err(c, at, "%s",
            t.k == TK_PTR ? "a pointer from an integer (C: incompatible types)"
                          : "an integer from a pointer (C: incompatible types)");
        return "0";
    }
    if (e.t.k == TK_ARR || t.k == TK_ARR) {
        err(c, at, "an array is not a value");
        return "0";
    }
    if (t.k == TK_FLT)
        return fmt(c, "((%s)(%s))", cty(t), e.c);
    if (e.t.k == TK_FLT) {
        if (reg)
            return fmt(c, "((%s)gs_f%ubits(%s))", cty(t), e.t.bits, e.c);
        if (t.bits > 64) {
            err(c, at, "a float converted to a 128-bit integer");
            return "0";
        }
        return fmt(c, "gs_f2%s((double)(%s))", sfx(t), e.c);
    }
    return fmt(c, "((%s)(%s))", cty(t), e.c);
}

static ex conv_ex(cc *c, const ps_node *at, ex e, ty t)
{
    ex r;
    if (ty_eq(e.t, t))
        return e;
    if (e.cst && t.k == TK_INT && e.t.k == TK_INT)
        return konst(c, e.cv, t);
    r = mk(conv(c, at, e, t, 0), t);
    return r;
}

/* ---- reading and writing lvalues ---------------------------------------------------------- */

static const char *state_get(int which)
{
    switch (which) {
    case GV_EXEC:
        return "gs_exec(x)";
    case GV_VCC:
        return "gs_vcc(x)";
    case GV_SCC:
        return "gs_scc(x)";
    case GV_M0:
        return "gs_m0(x)";
    case GV_PC:
        return "gs_pc(x)";
    case GV_GWSWAIT:
        return "gs_gwswait(x)";
    case GV_MODE:
        return "gs_mode(x)";
    case GV_VSKIP:
        return "gs_vskip(x)";
    default:
        return "gs_csp(x)";
    }
}

static const char *state_set(int which)
{
    switch (which) {
    case GV_EXEC:
        return "gs_set_exec";
    case GV_VCC:
        return "gs_set_vcc";
    case GV_SCC:
        return "gs_set_scc";
    case GV_M0:
        return "gs_set_m0";
    case GV_PC:
        return "gs_set_pc";
    case GV_GWSWAIT:
        return "gs_set_gwswait";
    case GV_MODE:
        return "gs_set_mode";
    case GV_VSKIP:
        return "gs_set_vskip";
    default:
        return "gs_set_csp";
    }
}

static ty state_type(int which)
{
    return which == GV_EXEC || which == GV_VCC || which == GV_PC ? U64 : U32;
}

/* the runtime accessors of an indexed register-like name (LV_SREGS) */
static const char *sregs_fn(int which)
{
    switch (which) {
    case GV_SGPR:
        return "sgprs";
    case GV_TTMP:
        return "ttmps";
    case GV_GWS:
        return "gwss";
    default:
        return "gwsflags";
    }
}

static int indexed_name(int kind)
{
    return kind == GV_SGPR || kind == GV_TTMP || kind == GV_GWS || kind == GV_GWSFLAG;
}

static const char *mem_fn(cc *c, int store)
{
    if (c->uses_ds)
        return store ? "gs_st_ds" : "gs_ld_ds";
    return store ? "gcn_gs_st_sm" : "gcn_gs_ld_sm";
}

/* a loaded word (uint64_t text) as the element type t */
static const char *from_word(cc *c, const char *w, ty t)
{
    if (t.k == TK_FLT)
        return fmt(c, "gs_asf%u((%s)%s)", t.bits, t.bits == 32 ? "uint32_t" : "uint64_t", w);
    return fmt(c, "((%s)(%s)%s)", cty(t), ucty(t), w);
}

static ex lv_read(cc *c, const ps_node *at, const lv *l)
{
    const char *o;
    switch (l->k) {
    case LV_VAR:
        if (l->t.k == TK_ARR) {
            err(c, at, "the array %s used as a value", l->var);
            return bad_ex;
        }
        return mk(l->var, l->t);
    case LV_AEL:
        return mk(fmt(c, "gs_aget_%s(%s, %u, %s)", sfx(l->t), l->var, l->n, l->idx), l->t);
    case LV_OPW:
        if (c->wave && op_is_vector(c, (int)l->op)) {
            err(c, at, "%s without a lane index in a block that runs once per wave", l->var);
            return bad_ex;
        }
        c->op_read[l->op] = 1;
        o = fmt(c, "o_%s", l->var);
        if (l->n == 1)
            return mk(fmt(c, "%s[0]", o), l->t);
        if (l->n == 2)
            return mk(fmt(c, "gs_cat64(%s[0], %s[1])", o, o), l->t);
        return mk(fmt(c, "gs_oget(%s, %u, 0, %u)", o, l->n, l->n), l->t);
    case LV_OPE:
        c->op_read[l->op] = 1;
        return mk(
            fmt(c, "((%s)gs_oget(o_%s, %u, %s, %u))", cty(l->t), l->var, l->n, l->idx, l->count),
            l->t);
    case LV_VLANE:
        return mk(fmt(c, "((%s)gs_vlane(x, %u, %s))", cty(l->t), l->op, l->idx), l->t);
    case LV_STATE:
        return mk(state_get(l->which), l->t);
    case LV_SREGS:
        return mk(fmt(c, "((%s)gs_%s(x, %s, %u))", cty(l->t), sregs_fn(l->which), l->idx, l->count),
                  l->t);
    default: /* LV_MEM */
        if (l->t.k == TK_INT && l->t.bits > 64) {
            err(c, at, "a 128-bit memory access");
            return bad_ex;
        }
        return mk(from_word(c,
                            fmt(c, "%s(x, %s, %u)", mem_fn(c, 0), l->idx, (unsigned)l->t.bits / 8),
                            l->t),
                  l->t);
    }
}

/* Stores v into l; the C expression has l's type and value. */
static ex lv_write(cc *c, const ps_node *at, const lv *l, ex v)
{
    const char *cv;
    if (l->k == LV_STATE && l->which == GV_SCC)
        return mk(fmt(c, "gs_set_scc(x, %s)", truth(c, v)), l->t);
    if ((l->k == LV_OPW || l->k == LV_OPE) && !op_is(c, (int)l->op, "vgpr") &&
        !op_is(c, (int)l->op, "sdst") && !op_is(c, (int)l->op, "sgpr")) {
        err(c, at, "%s is a source operand (%s): it cannot be assigned", l->var,
            c->in->op[l->op].kind);
        return bad_ex;
    }
    cv = conv(c, at, v, l->t, l->reg);
    switch (l->k) {
    case LV_VAR:
        if (l->t.k == TK_ARR) {
            err(c, at, "assignment to the array %s", l->var);
            return bad_ex;
        }
        return mk(fmt(c, "(%s = %s)", l->var, cv), l->t);
    case LV_AEL:
        return mk(fmt(c, "gs_aset_%s(%s, %u, %s, %s)", sfx(l->t), l->var, l->n, l->idx, cv), l->t);
    case LV_OPW:
        c->op_written[l->op] = 1;
        if (l->n == 1)
            return mk(fmt(c, "gs_oset32(o_%s, &w_%s, %s)", l->var, l->var, cv), l->t);
        if (l->n == 2)
            return mk(fmt(c, "gs_oset64(o_%s, &w_%s, %s)", l->var, l->var, cv), l->t);
        return mk(fmt(c, "gs_oset(o_%s, &w_%s, %u, 0, %u, %s)", l->var, l->var, l->n, l->n, cv),
                  l->t);
    case LV_OPE:
        c->op_written[l->op] = 1;
        return mk(fmt(c, "((%s)gs_oset(o_%s, &w_%s, %u, %s, %u, (gs_u128)(%s)))", cty(l->t), l->var,
                      l->var, l->n, l->idx, l->count, cv),
                  l->t);
    case LV_VLANE:
        return mk(
            fmt(c, "((%s)gs_vlane_set(x, %u, %s, (gs_u128)(%s)))", cty(l->t), l->op, l->idx, cv),
            l->t);
    case LV_STATE:
        return mk(fmt(c, "%s(x, %s)", state_set(l->which), cv), l->t);
    case LV_SREGS:
        return mk(fmt(c, "((%s)gs_set_%s(x, %s, %u, (gs_u128)(%s)))", cty(l->t), sregs_fn(l->which),
                      l->idx, l->count, cv),
                  l->t);
    default: { /* LV_MEM */
        const char *w;
        if (l->t.k == TK_INT && l->t.bits > 64) {
            err(c, at, "a 128-bit memory access");
            return bad_ex;
        }
        w = l->t.k == TK_FLT ? fmt(c, "gs_f%ubits(%s)", l->t.bits, cv)
                             : fmt(c, "(uint64_t)(%s)", cv);
        return mk(
            from_word(c,
                      fmt(c, "%s(x, %s, %u, %s)", mem_fn(c, 1), l->idx, (unsigned)l->t.bits / 8, w),
                      l->t),
            l->t);
    }
    }
}

/* ---- expressions -------------------------------------------------------------------------- */

static ex expr(cc *c, const ps_node *n);
static int lvalue(cc *c, const ps_node *n, lv *out);

static ex arith(cc *c, const ps_node *at, ps_op op, ex a, ex b);

static ex ptr_arith(cc *c, const ps_node *at, ps_op op, ex a, ex b)
{
    ex p = a.t.k == TK_PTR ? a : b, i = a.t.k == TK_PTR ? b : a;
    unsigned size;
    if (a.t.k == TK_PTR && b.t.k == TK_PTR) {
        err(c, at, "'%s' between two pointers", ps_op_text(op));
        return bad_ex;
    }
    if (i.t.k != TK_INT) {
        err(c, at, "'%s' between a pointer and a %s", ps_op_text(op),
            i.t.k == TK_FLT ? "float" : "non-integer");
        return bad_ex;
    }
    size = p.t.ebits / 8;
    switch (op) {
    case PS_OP_ADD:
        return mk(fmt(c, "((uint64_t)(%s) + (uint64_t)(%s) * %uu)", p.c, i.c, size), p.t);
    case PS_OP_SUB:
        if (a.t.k != TK_PTR)
            break;
        return mk(fmt(c, "((uint64_t)(%s) - (uint64_t)(%s) * %uu)", p.c, i.c, size), p.t);
    case PS_OP_BITAND:
    case PS_OP_BITOR:
    case PS_OP_BITXOR:
        return mk(fmt(c, "((uint64_t)(%s) %s (uint64_t)(%s))", p.c, ps_op_text(op), i.c), p.t);
    default:
        break;
    }
    err(c, at, "'%s' on a pointer", ps_op_text(op));
    return bad_ex;
}

static uint64_t fold(ps_op op, uint64_t a, uint64_t b, ty t, int *ok)
{
    *ok = 1;
    switch (op) {
    case PS_OP_ADD:
        return a + b;
    case PS_OP_SUB:
        return a - b;
    case PS_OP_MUL:
        return a * b;
    case PS_OP_BITAND:
        return a & b;
    case PS_OP_BITOR:
        return a | b;
    case PS_OP_BITXOR:
        return a ^ b;
    case PS_OP_SHL:
        if (b < t.bits && t.bits <= 64)
            return a << b;
        break;
    default:
        break;
    }
    *ok = 0;
    return 0;
}

static ex arith(cc *c, const ps_node *at, ps_op op, ex a, ex b)
{
    ty t;
    const char *A, *B;
    if (a.t.k == TK_SPACE)
        a.t = ty_wrap(TK_PTR, U8);
    if (b.t.k == TK_SPACE)
        b.t = ty_wrap(TK_PTR, U8);
    if (op == PS_OP_AND || op == PS_OP_OR)
        return mk(fmt(c, "((int32_t)(%s %s %s))", truth(c, a), ps_op_text(op), truth(c, b)), I32);
    if (a.t.k == TK_PTR || b.t.k == TK_PTR) {
        if ((op == PS_OP_EQ || op == PS_OP_NE) && a.t.k == TK_PTR && b.t.k == TK_PTR)
            return mk(fmt(c, "((int32_t)(%s %s %s))", a.c, ps_op_text(op), b.c), I32);
        return ptr_arith(c, at, op, a, b);
    }
    if (!is_arith(a.t) || !is_arith(b.t)) {
        err(c, at, "'%s' on an array", ps_op_text(op));
        return bad_ex;
    }
    if (op == PS_OP_SHL || op == PS_OP_SHR) {
        if (a.t.k != TK_INT || b.t.k != TK_INT) {
            err(c, at, "a shift of a float");
            return bad_ex;
        }
        t = promote(a.t);
        if (op == PS_OP_SHL && a.cst && b.cst && t.bits <= 64 && b.cv < t.bits) {
            int ok;
            uint64_t v = fold(op, a.cv, b.cv, t, &ok);
            /* a constant that C would overflow (a signed shift into the sign) is still
               computed wrapped, by the helper */
            if (ok && fit(v, t) == v && (!t.sgn || (int64_t)v >= 0))
                return konst(c, v, t);
        }
        return mk(fmt(c, "gs_%s_%s(%s, (uint64_t)(%s))", op == PS_OP_SHL ? "shl" : "shr", sfx(t),
                      conv(c, at, a, t, 0), conv(c, at, b, promote(b.t), 0)),
                  t);
    }
    t = common(a.t, b.t);
    if (ps_op_is_compare(op)) {
        A = conv(c, at, a, t, 0);
        B = conv(c, at, b, t, 0);
        return mk(fmt(c, "((int32_t)(%s %s %s))", A, ps_op_text(op), B), I32);
    }
    if (t.k == TK_FLT) {
        if (op != PS_OP_ADD && op != PS_OP_SUB && op != PS_OP_MUL && op != PS_OP_DIV) {
            err(c, at, "'%s' on a float", ps_op_text(op));
            return bad_ex;
        }
        return mk(fmt(c, "((%s)(%s %s %s))", cty(t), conv(c, at, a, t, 0), ps_op_text(op),
                      conv(c, at, b, t, 0)),
                  t);
    }
    if (a.cst && b.cst) {
        int ok;
        uint64_t v = fold(op, fit(a.cv, t), fit(b.cv, t), t, &ok);
        if (ok)
            return konst(c, v, t);
    }
    A = conv(c, at, a, t, 0);
    B = conv(c, at, b, t, 0);
    switch (op) {
    case PS_OP_ADD:
    case PS_OP_SUB:
    case PS_OP_MUL:
        if (t.sgn)
            return mk(
                fmt(c, "((%s)((%s)%s %s (%s)%s))", cty(t), ucty(t), A, ps_op_text(op), ucty(t), B),
                t);
        return mk(fmt(c, "((%s)(%s %s %s))", cty(t), A, ps_op_text(op), B), t);
    case PS_OP_DIV:
    case PS_OP_MOD:
        return mk(fmt(c, "gs_%s_%s(%s, %s)", op == PS_OP_DIV ? "div" : "mod", sfx(t), A, B), t);
    case PS_OP_BITAND:
    case PS_OP_BITOR:
    case PS_OP_BITXOR:
        return mk(fmt(c, "((%s)(%s %s %s))", cty(t), A, ps_op_text(op), B), t);
    default:
        err(c, at, "the operator '%s' here", ps_op_text(op));
        return bad_ex;
    }
}

static ex one(cc *c)
{
    return konst(c, 1, I32);
}

/* ++/--: value: the result is used (and then the old value for postfix) */
static ex incdec(cc *c, const ps_node *n, int value)
{
    ps_op op = n->u.unary.op;
    lv l;
    ex old, upd;
    const char *tmp;
    if (!lvalue(c, n->u.unary.operand, &l))
        return bad_ex;
    if (!l.pure) {
        err(c, n, "'%s' on an lvalue whose address has side effects", ps_op_text(op));
        return bad_ex;
    }
    old = lv_read(c, n, &l);
    if (!value || op == PS_OP_PREINC || op == PS_OP_PREDEC) {
        upd = arith(c, n, op == PS_OP_PREINC || op == PS_OP_POSTINC ? PS_OP_ADD : PS_OP_SUB, old,
                    one(c));
        return lv_write(c, n, &l, upd);
    }
    tmp = fmt(c, "t_%u", c->uid++);
    gcn_buf_printf(&c->temps, "    %s %s = 0;\n    (void)%s;\n", cty(l.t), tmp, tmp);
    upd = arith(c, n, op == PS_OP_POSTINC ? PS_OP_ADD : PS_OP_SUB, mk(tmp, l.t), one(c));
    return mk(fmt(c, "(%s = %s, (void)%s, %s)", tmp, old.c, lv_write(c, n, &l, upd).c, tmp), l.t);
}

static ex assign(cc *c, const ps_node *n)
{
    ps_op op = n->u.binary.op;
    lv l;
    ex v;
    if (!lvalue(c, n->u.binary.lhs, &l)) {
        if (!c->failed)
            err(c, n->u.binary.lhs, "not assignable (C: lvalue required)");
        return bad_ex;
    }
    if (op == PS_OP_ASSIGN) {
        v = expr(c, n->u.binary.rhs);
    } else {
        ex a, b;
        if (!l.pure) {
            err(c, n, "'%s' on an lvalue whose address has side effects", ps_op_text(op));
            return bad_ex;
        }
        a = lv_read(c, n, &l);
        b = expr(c, n->u.binary.rhs);
        v = arith(c, n, ps_op_assign_base(op), a, b);
    }
    return lv_write(c, n, &l, v);
}

static ty decl_type(cc *c, const ps_node *at, ps_type pt)
{
    ty t;
    unsigned w = ps_base_width(pt.base);
    if (w == 0) {
        err(c, at, "%s has no width", ps_base_name(pt.base));
        return I32;
    }
    if (pt.base == PS_HALF) {
        /* the runtime has single and double floats only */
        err(c, at, "%s is not compiled", ps_base_name(pt.base));
        return I32;
    }
    if (ps_base_float(pt.base))
        t = ty_flt(w);
    else
        t = ty_int(w, ps_base_signed(pt.base));
    if (pt.ptr > 1)
        err(c, at, "a pointer to a pointer");
    if (pt.ptr)
        return ty_wrap(TK_PTR, t);
    return t;
}

static ex call(cc *c, const ps_node *n)
{
    const gs_helper *h = gs_helper_lookup(n->u.call.name);
    ex a, b;
    ty t;
    if (!h) {
        err(c, n, "unknown helper '%s'", n->u.call.name);
        return bad_ex;
    }
    if ((int)n->u.call.nargs != h->arity) {
        err(c, n, "%s takes %d argument%s, not %zu", h->name, h->arity, h->arity == 1 ? "" : "s",
            n->u.call.nargs);
        return bad_ex;
    }
    a = expr(c, n->u.call.args[0]);
    if (a.t.k != TK_INT && a.t.k != TK_FLT) {
        err(c, n->u.call.args[0], "%s of a pointer or array", h->name);
        return bad_ex;
    }
    switch (h->kind) {
    case GH_MIN:
    case GH_MAX:
        b = expr(c, n->u.call.args[1]);
        if (!is_arith(b.t)) {
            err(c, n->u.call.args[1], "%s of a pointer or array", h->name);
            return bad_ex;
        }
        t = common(a.t, b.t);
        if (t.k == TK_INT && t.sgn && t.bits > 64) {
            err(c, n, "%s of 128-bit signed values", h->name);
            return bad_ex;
        }
        return mk(fmt(c, "gs_%s_%s(%s, %s)", h->kind == GH_MIN ? "min" : "max", sfx(t),
                      conv(c, n, a, t, 0), conv(c, n, b, t, 0)),
                  t);
    case GH_ABS:
        if (a.t.k == TK_FLT)
            return mk(fmt(c, "((%s)((%s) < 0 ? -(%s) : (%s)))", cty(a.t), a.c, a.c, a.c), a.t);
        t = promote(a.t);
        if (t.bits > 64) {
            err(c, n, "ABS of a 128-bit value");
            return bad_ex;
        }
        return mk(
            fmt(c, "gs_abs_i%u((int%u_t)(%s)%s)", t.bits, t.bits, ucty(t), conv(c, n, a, t, 0)),
            ty_int(t.bits, 1));
    case GH_BITCOUNT:
        if (a.t.k != TK_INT)
            break;
        t = promote(a.t);
        return mk(fmt(c, "gs_popc%u(%s)", t.bits,
                      conv(c, n, mk(conv(c, n, a, t, 0), t), ty_int(t.bits, 0), 0)),
                  I32);
    case GH_REVBIT:
        if (a.t.k != TK_INT)
            break;
        t = promote(a.t);
        if (t.bits > 64) {
            err(c, n, "REVBIT of a 128-bit value");
            return bad_ex;
        }
        return mk(fmt(c, "((%s)gs_rev%u((%s)(%s)))", cty(t), t.bits, ucty(t), conv(c, n, a, t, 0)),
                  t);
    case GH_SEXT:
        if (a.t.k != TK_INT || a.t.bits > 64)
            break;
        return mk(fmt(c, "((int32_t)(int%u_t)(%s)(%s))", a.t.bits, ucty(a.t), a.c), I32);
    case GH_SEXT16:
        if (a.t.k != TK_INT || a.t.bits > 64)
            break;
        return mk(fmt(c, "((uint16_t)(int%u_t)(%s)(%s))", a.t.bits, ucty(a.t), a.c), ty_int(16, 0));
    case GH_SEXT64:
        if (a.t.k != TK_INT || a.t.bits > 64)
            break;
        return mk(fmt(c, "((int64_t)(int%u_t)(%s)(%s))", a.t.bits, ucty(a.t), a.c), ty_int(64, 1));
    case GH_ASFLOAT:
        if (a.t.k == TK_FLT)
            return conv_ex(c, n, a, ty_flt(32));
        return mk(fmt(c, "gs_asf32((uint32_t)(%s))", a.c), ty_flt(32));
    case GH_ASDOUBLE:
        if (a.t.k == TK_FLT)
            return conv_ex(c, n, a, ty_flt(64));
        return mk(fmt(c, "gs_asf64((uint64_t)(%s))", a.c), ty_flt(64));
    }
    err(c, n, "%s of a float", h->name);
    return bad_ex;
}

/* A name that is not a local: an operand, a modifier, OPERAND_NUMBER or vocabulary. */
static int name_lvalue(cc *c, const ps_node *n, lv *l, ex *value)
{
    const char *name = n->u.name.name;
    int i = find_operand(c, name), j;
    const gs_vocab *v;
    memset(l, 0, sizeof(*l));
    l->pure = 1;
    if (i >= 0) {
        const gs_operand_info *o = &c->in->op[i];
        if (op_is_vector(c, i) || op_is_sreg(c, i)) {
            l->k = LV_OPW;
            l->var = o->name;
            l->n = o->regs;
            l->op = (unsigned)i;
            l->t = regs_type(o->regs);
            l->reg = 1;
            return 1;
        }
        if (op_is(c, i, "imm")) {
            *value = mk(fmt(c, "gs_imm(x, %d)", i), U32);
            return 0;
        }
        /* the scalar memory offset: every part the block does not name on its own */
        *value = mk(fmt(c, "gs_offset(x, %d, %d)", i,
                        7 & ~(c->names_sgproffset ? 6 : 0) & ~(c->names_soffset ? 4 : 0)),
                    I64);
        return 0;
    }
    if ((j = find_modifier(c, name)) >= 0) {
        *value = mk(fmt(c, "gs_mod(x, %d)", j), U32);
        return 0;
    }
    {
        size_t len = strlen(name);
        const char *suffix = "_NUMBER";
        if (len > strlen(suffix) && strcmp(name + len - strlen(suffix), suffix) == 0) {
            char base[64];
            int k;
            snprintf(base, sizeof(base), "%.*s", (int)(len - strlen(suffix)), name);
            k = find_operand(c, base);
            if (op_is_sreg(c, k) || op_is_vector(c, k)) {
                *value = mk(fmt(c, "gs_number(x, %d)", k), U32);
                return 0;
            }
        }
    }
    v = gs_vocab_lookup(name, c->in->encoding);
    if (!v) {
        err(c, n, "unknown name '%s'", name);
        *value = bad_ex;
        return 0;
    }
    if (v->kind == GV_M0)
        c->names_m0 = 1;
    switch (v->kind) {
    case GV_EXEC:
    case GV_VCC:
    case GV_SCC:
    case GV_M0:
    case GV_PC:
    case GV_CSP:
    case GV_MODE:
    case GV_VSKIP:
    case GV_GWSWAIT:
        l->k = LV_STATE;
        l->which = (int)v->kind;
        l->t = state_type((int)v->kind);
        l->reg = 1;
        return 1;
    case GV_LANEID:
        if (!c->per_lane) {
            err(c, n, "LANEID in a block that runs once per wave");
            *value = bad_ex;
            return 0;
        }
        *value = mk("lane", U32);
        return 0;
    case GV_CLOCKCNT:
        *value = mk("gs_clock(x)", U64);
        return 0;
    case GV_GCN14:
        *value = konst(c, (uint64_t)(c->b->gcn14 != 0), I32);
        return 0;
    case GV_SGPROFFSET:
    case GV_SOFFSET:
        i = offset_operand(c);
        if (i < 0) {
            err(c, n, "%s, but the instruction has no offset operand", name);
            *value = bad_ex;
            return 0;
        }
        *value =
            mk(fmt(c, "gs_%s(x, %d)", v->kind == GV_SOFFSET ? "soffset" : "sgproffset", i), U32);
        return 0;
    case GV_SGPR:
    case GV_TTMP:
    case GV_GWS:
    case GV_GWSFLAG:
        err(c, n, "%s is indexed: %s[n] or %s[a:b]", name, name, name);
        *value = bad_ex;
        return 0;
    case GV_DS:
    case GV_DSMEM:
        if (c->uses_smem || (c->uses_ds && c->ds_raw != (v->kind == GV_DSMEM))) {
            err(c, n, "a block addressing two memory spaces");
            *value = bad_ex;
            return 0;
        }
        c->uses_ds = 1;
        c->ds_raw = v->kind == GV_DSMEM;
        *value = mk("0ull", ty_wrap(TK_PTR, U8));
        return 0;
    case GV_SMEM:
        if (c->uses_ds) {
            err(c, n, "a block addressing two memory spaces");
            *value = bad_ex;
            return 0;
        }
        if (find_kind(c, "sbase") < 0) {
            err(c, n, "SMEM, but the instruction has no SBASE");
            *value = bad_ex;
            return 0;
        }
        c->uses_smem = 1;
        *value = mk("x->smem_base", ty_wrap(TK_PTR, U8));
        return 0;
    }
    *value = bad_ex;
    return 0;
}

/* 0 when n is no lvalue (value then holds its rvalue if it has one) */
static int lvalue_or_value(cc *c, const ps_node *n, lv *l, ex *value)
{
    memset(l, 0, sizeof(*l));
    *value = bad_ex;
    if (n->kind == PS_NAME) {
        local *lo = find_local(c, n->u.name.name);
        if (lo) {
            l->k = LV_VAR;
            l->var = lo->cname;
            l->t = lo->t;
            l->n = lo->alen;
            l->pure = 1;
            return 1;
        }
        return name_lvalue(c, n, l, value);
    }
    if (n->kind == PS_UNARY && n->u.unary.op == PS_OP_DEREF) {
        ex p = expr(c, n->u.unary.operand);
        if (p.t.k == TK_SPACE)
            p.t = ty_wrap(TK_PTR, U8);
        if (p.t.k != TK_PTR) {
            err(c, n, "'*' of a non-pointer (C: invalid type argument of unary '*')");
            return 0;
        }
        if (!c->uses_ds && !c->uses_smem) {
            err(c, n, "a pointer into no memory space (neither DS/DSMEM + x nor SMEM + x)");
            return 0;
        }
        l->k = LV_MEM;
        l->idx = p.c;
        l->t = ty_elem(p.t);
        l->pure = ast_pure(n->u.unary.operand);
        return 1;
    }
    if (n->kind == PS_INDEX) {
        const ps_node *base = n->u.index.base;
        local *lo = base->kind == PS_NAME ? find_local(c, base->u.name.name) : NULL;
        ex ix;
        int i;
        if (lo && lo->t.k == TK_ARR) {
            ix = expr(c, n->u.index.index);
            if (ix.t.k != TK_INT) {
                err(c, n->u.index.index, "an array index that is not an integer");
                return 0;
            }
            l->k = LV_AEL;
            l->var = lo->cname;
            l->n = lo->alen;
            l->t = ty_elem(lo->t);
            l->idx = fmt(c, "(uint64_t)(%s)", ix.c);
            l->pure = ast_pure(n->u.index.index);
            return 1;
        }
        if (!lo && base->kind == PS_NAME) {
            const char *name = base->u.name.name;
            const gs_vocab *v;
            i = find_operand(c, name);
            if (op_is_vector(c, i) || op_is_sreg(c, i)) {
                const gs_operand_info *o = &c->in->op[i];
                ix = expr(c, n->u.index.index);
                if (ix.t.k != TK_INT) {
                    err(c, n->u.index.index, "an index that is not an integer");
                    return 0;
                }
                l->var = o->name;
                l->n = o->regs;
                l->op = (unsigned)i;
                l->reg = 1;
                l->pure = ast_pure(n->u.index.index);
                if (op_is_vector(c, i) && is_lane_index(c, n)) {
                    if (o->regs > 4) {
                        err(c, n, "%s has more than 4 registers", name);
                        return 0;
                    }
                    l->k = LV_VLANE;
                    c->uses_vlane = 1;
                    l->idx = fmt(c, "(uint64_t)(%s)", ix.c);
                    l->t = regs_type(o->regs);
                    return 1;
                }
                if (op_is_vector(c, i) && c->wave) {
                    err(c, n, "%s[%s]: a register element in a block that runs once per wave", name,
                        ix.c);
                    return 0;
                }
                if (ix.cst && ix.cv >= o->regs) {
                    err(c, n->u.index.index, "%s has %u register%s", name, o->regs,
                        o->regs == 1 ? "" : "s");
                    return 0;
                }
                l->k = LV_OPE;
                l->idx = fmt(c, "(uint64_t)(%s)", ix.c);
                l->count = 1;
                l->t = U32;
                return 1;
            }
            v = i < 0 ? gs_vocab_lookup(name, c->in->encoding) : NULL;
            if (v && indexed_name((int)v->kind)) {
                ix = expr(c, n->u.index.index);
                if (ix.t.k != TK_INT) {
                    err(c, n->u.index.index, "a register number that is not an integer");
                    return 0;
                }
                l->k = LV_SREGS;
                l->which = (int)v->kind;
                l->idx = fmt(c, "(uint64_t)(%s)", ix.c);
                l->count = 1;
                l->t = U32;
                l->reg = 1;
                l->pure = ast_pure(n->u.index.index);
                return 1;
            }
        }
        /* p[i] is *(p + i) */
        {
            ex p = expr(c, base);
            if (p.t.k == TK_PTR || p.t.k == TK_SPACE) {
                ex i2 = expr(c, n->u.index.index);
                p = arith(c, n, PS_OP_ADD, p, i2);
                l->k = LV_MEM;
                l->idx = p.c;
                l->t = ty_elem(p.t);
                l->pure = ast_pure(n);
                return 1;
            }
            if (!c->failed)
                err(c, n,
                    "indexing something that is neither an array, a register operand, "
                    "SGPR/TTMP nor a pointer");
            return 0;
        }
    }
    if (n->kind == PS_RANGE) {
        const ps_node *base = n->u.range.base;
        unsigned count;
        ex lo;
        int i;
        if (base->kind != PS_NAME || find_local(c, base->u.name.name)) {
            err(c, n,
                "a register range of something that is not a register operand, SGPR or "
                "TTMP");
            return 0;
        }
        if (!range_count(c, n, &count))
            return 0;
        lo = expr(c, n->u.range.lo);
        if (lo.t.k != TK_INT) {
            err(c, n->u.range.lo, "a register number that is not an integer");
            return 0;
        }
        l->idx = fmt(c, "(uint64_t)(%s)", lo.c);
        l->count = count;
        l->t = regs_type(count);
        l->reg = 1;
        l->pure = ast_pure(n->u.range.lo);
        i = find_operand(c, base->u.name.name);
        if (op_is_vector(c, i) || op_is_sreg(c, i)) {
            const gs_operand_info *o = &c->in->op[i];
            if (op_is_vector(c, i) && c->wave) {
                err(c, n, "a register range of %s in a block that runs once per wave", o->name);
                return 0;
            }
            if (lo.cst && lo.cv + count > o->regs) {
                err(c, n, "%s has %u register%s", o->name, o->regs, o->regs == 1 ? "" : "s");
                return 0;
            }
            l->k = LV_OPE;
            l->var = o->name;
            l->n = o->regs;
            l->op = (unsigned)i;
            return 1;
        }
        {
            const gs_vocab *v = gs_vocab_lookup(base->u.name.name, c->in->encoding);
            if (i < 0 && v && indexed_name((int)v->kind)) {
                l->k = LV_SREGS;
                l->which = (int)v->kind;
                return 1;
            }
        }
        if (i < 0 && !gs_vocab_lookup(base->u.name.name, c->in->encoding))
            err(c, base, "unknown name '%s'", base->u.name.name);
        else
            err(c, n, "a register range of '%s'", base->u.name.name);
        return 0;
    }
    *value = expr(c, n);
    return 0;
}

static int lvalue(cc *c, const ps_node *n, lv *out)
{
    ex v;
    int ok = lvalue_or_value(c, n, out, &v);
    if (ok && out->k == LV_OPW && out->n > 4) {
        err(c, n, "%s has %u registers: index it", out->var, out->n);
        return 0;
    }
    return ok;
}

static ex expr(cc *c, const ps_node *n)
{
    lv l;
    ex v;
    if (c->failed)
        return bad_ex;
    switch (n->kind) {
    case PS_NUMBER:
        return konst(c, n->u.number.value,
                     ty_int(n->u.number.width, n->u.number.is_unsigned ? 0 : 1));
    case PS_NAME:
    case PS_INDEX:
    case PS_RANGE:
        if (!lvalue_or_value(c, n, &l, &v))
            return v;
        if (l.k == LV_OPW && l.n > 4) {
            err(c, n, "%s has %u registers: index it", l.var, l.n);
            return bad_ex;
        }
        return lv_read(c, n, &l);
    case PS_UNARY: {
        ps_op op = n->u.unary.op;
        ex a;
        ty t;
        switch (op) {
        case PS_OP_DEREF:
            if (!lvalue_or_value(c, n, &l, &v))
                return v;
            return lv_read(c, n, &l);
        case PS_OP_PREINC:
        case PS_OP_PREDEC:
        case PS_OP_POSTINC:
        case PS_OP_POSTDEC:
            return incdec(c, n, 1);
        case PS_OP_ADDR:
            err(c, n, "'&' (address of) is not part of the documents' pseudocode");
            return bad_ex;
        default:
            break;
        }
        a = expr(c, n->u.unary.operand);
        if (op == PS_OP_NOT)
            return mk(fmt(c, "((int32_t)!%s)", truth(c, a)), I32);
        if (!is_arith(a.t)) {
            err(c, n, "'%s' of a pointer or array", ps_op_text(op));
            return bad_ex;
        }
        t = promote(a.t);
        if (op == PS_OP_POS)
            return conv_ex(c, n, a, t);
        if (op == PS_OP_NEG) {
            if (a.cst && t.k == TK_INT)
                return konst(c, 0 - a.cv, t);
            if (t.k == TK_FLT)
                return mk(fmt(c, "((%s)-(%s))", cty(t), a.c), t);
            return mk(
                fmt(c, "((%s)((%s)0 - (%s)%s))", cty(t), ucty(t), ucty(t), conv(c, n, a, t, 0)), t);
        }
        /* ~ */
        if (t.k != TK_INT) {
            err(c, n, "'~' of a float");
            return bad_ex;
        }
        if (a.cst)
            return konst(c, ~a.cv, t);
        return mk(fmt(c, "((%s)~%s)", cty(t), conv(c, n, a, t, 0)), t);
    }
    case PS_BINARY:
        if (ps_op_is_assign(n->u.binary.op))
            return assign(c, n);
        {
            ex a = expr(c, n->u.binary.lhs);
            ex b = expr(c, n->u.binary.rhs);
            return arith(c, n, n->u.binary.op, a, b);
        }
    case PS_TERNARY: {
        ex cnd = expr(c, n->u.ternary.cond);
        ex a = expr(c, n->u.ternary.then_expr);
        ex b = expr(c, n->u.ternary.else_expr);
        ty t;
        if (a.t.k == TK_SPACE)
            a.t = ty_wrap(TK_PTR, U8);
        if (b.t.k == TK_SPACE)
            b.t = ty_wrap(TK_PTR, U8);
        if (a.t.k == TK_PTR && b.t.k == TK_PTR)
            t = a.t;
        else if (is_arith(a.t) && is_arith(b.t))
            t = common(a.t, b.t);
        else {
            err(c, n, "'?:' between a pointer and a number");
            return bad_ex;
        }
        return mk(fmt(c, "(%s ? %s : %s)", truth(c, cnd), conv(c, n, a, t, 0), conv(c, n, b, t, 0)),
                  t);
    }
    case PS_CAST: {
        ty t = decl_type(c, n, n->u.cast.type);
        ex a = expr(c, n->u.cast.operand);
        if (a.t.k == TK_SPACE)
            a.t = ty_wrap(TK_PTR, U8);
        if (t.k == TK_PTR) {
            if (a.t.k != TK_PTR) {
                err(c, n,
                    "a cast of a number to a pointer: only DS + x and SMEM + x address "
                    "memory");
                return bad_ex;
            }
            return mk(a.c, t);
        }
        if (a.t.k == TK_PTR) {
            err(c, n, "a cast of a pointer to a number");
            return bad_ex;
        }
        return conv_ex(c, n, a, t);
    }
    case PS_CALL:
        return call(c, n);
    case PS_FLOAT_LITERAL:
        /* the runtime computes on integers only: no float semantics is compiled yet */
        err(c, n, "a floating-point literal ('%s') is not compiled", n->u.flt.text);
        return bad_ex;
    default:
        err(c, n, "a statement where an expression belongs");
        return bad_ex;
    }
}

/* ---- statements --------------------------------------------------------------------------- */

static void stmt(cc *c, const ps_node *n);

static void push(cc *c)
{
    c->depth++;
}

static void pop(cc *c)
{
    while (c->nlocals && c->locals[c->nlocals - 1].depth >= c->depth)
        c->nlocals--;
    c->depth--;
}

static void decl(cc *c, const ps_node *n)
{
    ty t = decl_type(c, n, n->u.decl.type);
    local *lo;
    const char *cname = fmt(c, "l_%s_%u", n->u.decl.name, c->uid++);
    if (c->nlocals == MAX_LOCALS) {
        err(c, n, "more than %d locals", MAX_LOCALS);
        return;
    }
    if (n->u.decl.array_len) {
        ex len = expr(c, n->u.decl.array_len);
        if (!len.cst || len.cv == 0 || len.cv > 65536 || len.t.k != TK_INT) {
            err(c, n->u.decl.array_len, "an array length that is not a constant 1..65536");
            return;
        }
        if (t.k == TK_PTR) {
            err(c, n, "an array of pointers");
            return;
        }
        if (n->u.decl.init) {
            err(c, n->u.decl.init, "an initialized array");
            return;
        }
        line(c, "%s %s[%u] = {0};", cty(t), cname, (unsigned)len.cv);
        line(c, "(void)%s;", cname);
        lo = &c->locals[c->nlocals++];
        lo->t = ty_wrap(TK_ARR, t);
        lo->alen = (unsigned)len.cv;
    } else {
        const char *init = "0";
        if (n->u.decl.init) {
            ex v = expr(c, n->u.decl.init);
            init = conv(c, n->u.decl.init, v, t, 0);
        }
        line(c, "%s %s = %s;", cty(t), cname, init);
        line(c, "(void)%s;", cname);
        lo = &c->locals[c->nlocals++];
        lo->t = t;
        lo->alen = 0;
    }
    lo->name = n->u.decl.name;
    lo->cname = cname;
    lo->depth = c->depth;
}

/* an expression whose value is not used */
static ex effect(cc *c, const ps_node *e)
{
    if (e->kind == PS_UNARY && (e->u.unary.op == PS_OP_POSTINC || e->u.unary.op == PS_OP_POSTDEC ||
                                e->u.unary.op == PS_OP_PREINC || e->u.unary.op == PS_OP_PREDEC))
        return incdec(c, e, 0);
    return expr(c, e);
}

static void expr_stmt(cc *c, const ps_node *e)
{
    line(c, "(void)(%s);", effect(c, e).c);
}

static void body(cc *c, const ps_node *n)
{
    push(c);
    c->indent++;
    if (n->kind == PS_BLOCK) {
        size_t i;
        for (i = 0; i < n->u.block.count && !c->failed; i++)
            stmt(c, n->u.block.items[i]);
    } else {
        stmt(c, n);
    }
    c->indent--;
    pop(c);
}

static void stmt(cc *c, const ps_node *n)
{
    if (c->failed)
        return;
    switch (n->kind) {
    case PS_DECL:
        decl(c, n);
        break;
    case PS_EXPR_STMT:
        expr_stmt(c, n->u.expr_stmt.expr);
        break;
    case PS_BLOCK:
        line(c, "{");
        body(c, n);
        line(c, "}");
        break;
    case PS_IF: {
        ex cnd = expr(c, n->u.if_.cond);
        line(c, "if (%s) {", truth(c, cnd));
        body(c, n->u.if_.then_stmt);
        if (n->u.if_.else_stmt) {
            line(c, "} else {");
            body(c, n->u.if_.else_stmt);
        }
        line(c, "}");
        break;
    }
    case PS_FOR: {
        const char *cond = "1", *step = "(void)0", *guard = fmt(c, "g_%u", c->uid++);
        line(c, "{");
        push(c);
        c->indent++;
        if (n->u.for_.init) {
            if (n->u.for_.init->kind == PS_DECL)
                decl(c, n->u.for_.init);
            else
                expr_stmt(c, n->u.for_.init->kind == PS_EXPR_STMT ? n->u.for_.init->u.expr_stmt.expr
                                                                  : n->u.for_.init);
        }
        if (n->u.for_.cond)
            cond = truth(c, expr(c, n->u.for_.cond));
        if (n->u.for_.step)
            step = fmt(c, "(void)(%s)", effect(c, n->u.for_.step).c);
        line(c, "uint32_t %s = 0;", guard);
        line(c, "for (; %s; %s) {", cond, step);
        line(c, "    if (++%s > GS_LOOP_MAX) {", guard);
        line(c, "        gs_loop_fail(x);");
        line(c, "        break;");
        line(c, "    }");
        c->loops++;
        body(c, n->u.for_.body);
        c->loops--;
        line(c, "}");
        c->indent--;
        pop(c);
        line(c, "}");
        break;
    }
    case PS_BREAK:
    case PS_CONTINUE:
        if (!c->loops) {
            err(c, n, "'%s' outside a loop", n->kind == PS_BREAK ? "break" : "continue");
            return;
        }
        line(c, "%s;", n->kind == PS_BREAK ? "break" : "continue");
        break;
    default:
        err(c, n, "an expression where a statement belongs");
    }
}

/* ---- the function ------------------------------------------------------------------------- */

static int has_comment(const ps_node *prog, const char *word)
{
    size_t i;
    for (i = 0; i < prog->u.block.ncomments; i++)
        if (strstr(prog->u.block.comments[i].text, word))
            return 1;
    return 0;
}

static void comment_code(gcn_buf *out, const char *code)
{
    const char *p;
    gcn_buf_puts(out, " *   ");
    for (p = code; *p; p++) {
        if (*p == '\n')
            gcn_buf_puts(out, "\n *   ");
        else if (*p == '*' && p[1] == '/')
            gcn_buf_puts(out, "* ");
        else if (*p == '/' && p[1] == '*')
            gcn_buf_puts(out, "/ ");
        else if ((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f)
            gcn_buf_putc(out, *p);
        else
            gcn_buf_putc(out, '?');
    }
    gcn_buf_puts(out, "\n */\n");
}

int gs_compile(const gs_block *b, gcn_buf *out, gs_compiled *info, gcn_diag *diag)
{
    ps_arena arena;
    ps_node *prog = NULL;
    ps_source src;
    cc *c = calloc(1, sizeof(*c));
    scan s;
    size_t i;
    int lane_enc, scalar_op, ok = 0;
    memset(info, 0, sizeof(*info));
    if (!c) {
        gcn_diag_set(diag, b->file, b->line, 0, "out of memory");
        return 0;
    }
    ps_arena_init(&arena);
    src.file = b->file;
    src.first_line = b->line;
    src.text = b->code;
    c->b = b;
    c->in = b->insn;
    c->arena = &arena;
    c->diag = diag;
    gcn_buf_init(&c->body);
    gcn_buf_init(&c->temps);
    if (ps_parse(&src, &arena, &prog, diag) != GCN_OK) {
        char msg[GCN_DIAG_MSG_MAX];
        snprintf(msg, sizeof(msg), "%s", diag->msg);
        snprintf(diag->msg, sizeof(diag->msg), "%.64s: %.900s", b->insn->name, msg);
        goto out;
    }
    info->atomic = has_comment(prog, "atomic");
    scalar_op = has_comment(prog, "scalar operation");
    memset(&s, 0, sizeof(s));
    s.c = c;
    scan_node(&s, prog, 0);
    /* the encodings whose blocks have a LANEID run per lane */
    lane_enc = gs_vocab_lookup("LANEID", b->insn->encoding) != NULL;
    c->wave = !lane_enc || scalar_op || (s.lane_index_in_loop && !s.laneid);
    c->per_lane = !c->wave;
    info->wave_level = lane_enc && c->wave;
    c->names_sgproffset = s.sgproffset;
    c->names_soffset = s.soffset;
    c->indent = c->per_lane ? 1 : 0;
    for (i = 0; i < prog->u.block.count && !c->failed; i++)
        stmt(c, prog->u.block.items[i]);
    if (c->failed || c->body.oom || c->temps.oom)
        goto out;

    gcn_buf_printf(out, "/* %s on %s, as %s at %s:%u\n", b->insn->name, b->gen_id ? b->gen_id : "?",
                   strncmp(b->file, "erratum ", 8) == 0 ? "corrected" : "written", b->file,
                   b->line);
    comment_code(out, b->code);
    gcn_buf_printf(out, "static gcn_status %s(gs_ctx *x)\n{\n", b->fn_name);
    gcn_buf_puts(out, c->temps.data ? c->temps.data : "");
    for (i = 0; i < b->insn->nops; i++) {
        const gs_operand_info *o = &b->insn->op[i];
        if (op_is_vector(c, (int)i) && c->per_lane)
            continue;
        if (!c->op_read[i] && !c->op_written[i])
            continue;
        gcn_buf_printf(out, "    uint32_t o_%s[%u] = {0};\n", o->name, o->regs);
        if (c->op_read[i] && !op_is_vector(c, (int)i))
            gcn_buf_printf(out,
                           "    for (unsigned k_ = 0; k_ < %u; k_++)\n"
                           "        o_%s[k_] = gs_sread(x, %zu, k_);\n",
                           o->regs, o->name, i);
        if (c->op_written[i])
            gcn_buf_printf(out, "    uint32_t w_%s = 0;\n", o->name);
    }
    if (lane_enc)
        gcn_buf_puts(out, "    x->exec0 = gs_exec(x);\n");
    if (c->uses_ds) {
        /* the window is M0's role for the instruction, generation and variant: data
           (gcn.json's "m0"), which the runtime reads from the descriptor */
        int g = find_modifier(c, GS_GDS_MODIFIER);
        if (g >= 0)
            gcn_buf_printf(out, "    gs_ds_window(x, gs_mod(x, %d));\n", g);
        else
            gcn_buf_puts(out, "    gs_ds_window(x, 0);\n");
    }
    if (c->uses_smem)
        gcn_buf_printf(out, "    gs_smem_base(x, %d);\n", find_kind(c, "sbase"));
    if (c->per_lane) {
        gcn_buf_puts(out, "    gs_lanes(x);\n"
                          "    for (unsigned l_ = 0; l_ < x->nlanes; l_++) {\n"
                          "        const uint32_t lane = x->lanes[l_];\n"
                          "        (void)lane;\n");
        for (i = 0; i < b->insn->nops; i++) {
            const gs_operand_info *o = &b->insn->op[i];
            if (!op_is_vector(c, (int)i) || (!c->op_read[i] && !c->op_written[i]))
                continue;
            gcn_buf_printf(out, "        uint32_t o_%s[%u] = {0};\n", o->name, o->regs);
            if (c->op_read[i])
                gcn_buf_printf(out,
                               "        for (unsigned k_ = 0; k_ < %u; k_++)\n"
                               "            o_%s[k_] = gs_vreg(x, %zu, k_, lane);\n",
                               o->regs, o->name, i);
            if (c->op_written[i])
                gcn_buf_printf(out, "        uint32_t w_%s = 0;\n", o->name);
        }
    }
    gcn_buf_puts(out, c->body.data ? c->body.data : "");
    for (i = 0; i < b->insn->nops; i++) {
        const gs_operand_info *o = &b->insn->op[i];
        if (!c->op_written[i] || !op_is_vector(c, (int)i))
            continue;
        if (!c->per_lane)
            gcn_buf_printf(out, "    gs_vbroadcast(x, %zu, o_%s, w_%s);\n", i, o->name, o->name);
        else if (c->uses_vlane)
            /* other lanes' registers are read: stage, so that they read the old values */
            gcn_buf_printf(out, "        gs_vstage(x, %zu, lane, o_%s, w_%s);\n", i, o->name,
                           o->name);
        else
            gcn_buf_printf(out,
                           "        for (unsigned k_ = 0; k_ < %u; k_++)\n"
                           "            if ((w_%s >> k_) & 1)\n"
                           "                gs_vset(x, %zu, k_, lane, o_%s[k_]);\n",
                           o->regs, o->name, i, o->name);
    }
    if (c->per_lane)
        gcn_buf_puts(out, "    }\n");
    for (i = 0; i < b->insn->nops; i++) {
        const gs_operand_info *o = &b->insn->op[i];
        if (c->op_written[i] && !op_is_vector(c, (int)i))
            gcn_buf_printf(out,
                           "    for (unsigned k_ = 0; k_ < %u; k_++)\n"
                           "        if ((w_%s >> k_) & 1)\n"
                           "            gs_swrite(x, %zu, k_, o_%s[k_]);\n",
                           o->regs, o->name, i, o->name);
    }
    gcn_buf_puts(out, "    return x->status;\n}\n\n");
    info->uses_ds = c->uses_ds;
    info->ds_raw = c->ds_raw;
    info->names_m0 = c->names_m0;
    ok = !out->oom;
out:
    gcn_buf_free(&c->body);
    gcn_buf_free(&c->temps);
    ps_arena_free(&arena);
    free(c);
    return ok;
}
