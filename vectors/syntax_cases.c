#include "syntax_cases.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "util/strset.h"
#include "vectors/enc_cases.h"

#define MAX_MODS GCN_MAX_MODIFIERS
#define TOKEN_MAX 200

/* A canonical line cut into its tokens: mnemonic, operands, modifiers. */
typedef struct line_t {
    char mnem[64];
    char op[GCN_MAX_OPERANDS][TOKEN_MAX];
    unsigned nop;
    char mod[MAX_MODS][TOKEN_MAX];
    unsigned nmod;
} line_t;

/* How a line is put back together: what goes after the mnemonic, between operands, before the
 * first modifier, between modifiers, before the line and after it. */
typedef struct style {
    const char *lead, *after_mnem, *op_sep, *before_mods, *mod_sep, *trail;
} style;

static const style canon = {"", " ", ", ", " ", " ", ""};

typedef struct sctx {
    const gcn_tables *t;
    int gen;
    int (*fn)(const gcn_syntax_case *, void *);
    void *ctx;
    size_t count, model_errors;
    int stop;
    gcn_strset seen; /* the keys of bases and boundaries already taken */
    /* the base being rewritten */
    const gcn_enc_case *c;
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    char base_text[GCN_SYNTAX_TEXT_MAX];
    uint8_t base_bytes[GCN_INST_MAX_BYTES];
    size_t base_nbytes;
    line_t L;
} sctx;

/* ---- small helpers ------------------------------------------------------------------------ */

static void upper(char *d, const char *s, size_t size)
{
    size_t i;
    for (i = 0; s[i] && i + 1 < size; i++)
        d[i] = s[i] >= 'a' && s[i] <= 'z' ? (char)(s[i] - 'a' + 'A') : s[i];
    d[i] = 0;
}

static int is_dig(char c)
{
    return c >= '0' && c <= '9';
}

/* ---- lines -------------------------------------------------------------------------------- */

/* Cuts a canonical text (the printer's: "mnem op, op, op mod mod") into its tokens; nops is
 * how many operands the instruction has. 0 when it does not have that shape. */
static int split(const char *text, unsigned nops, line_t *L)
{
    const char *p = text, *e;
    unsigned i;
    memset(L, 0, sizeof(*L));
    e = strchr(p, ' ');
    if (!e)
        e = p + strlen(p);
    if ((size_t)(e - p) >= sizeof(L->mnem))
        return 0;
    memcpy(L->mnem, p, (size_t)(e - p));
    p = *e ? e + 1 : e;
    for (i = 0; i < nops; i++) {
        if (!*p)
            return 0;
        e = i + 1 < nops ? strstr(p, ", ") : strchr(p, ' ');
        if (!e) {
            if (i + 1 < nops)
                return 0;
            e = p + strlen(p);
        }
        if ((size_t)(e - p) >= TOKEN_MAX)
            return 0;
        memcpy(L->op[i], p, (size_t)(e - p));
        p = *e ? e + (i + 1 < nops ? 2 : 1) : e;
    }
    L->nop = nops;
    while (*p) {
        e = strchr(p, ' ');
        if (!e)
            e = p + strlen(p);
        if (L->nmod == MAX_MODS || (size_t)(e - p) >= TOKEN_MAX)
            return 0;
        memcpy(L->mod[L->nmod++], p, (size_t)(e - p));
        p = *e ? e + 1 : e;
    }
    return 1;
}

static void render(const line_t *L, const style *st, char *out, size_t size)
{
    size_t n = 0;
    unsigned i;
#define PUT(str)                                                                                   \
    n += (size_t)snprintf(out + (n < size ? n : size), n < size ? size - n : 0, "%s", (str))
    out[0] = 0;
    PUT(st->lead);
    PUT(L->mnem);
    for (i = 0; i < L->nop; i++) {
        PUT(i ? st->op_sep : st->after_mnem);
        PUT(L->op[i]);
    }
    for (i = 0; i < L->nmod; i++) {
        PUT(i ? st->mod_sep : L->nop ? st->before_mods : st->after_mnem);
        PUT(L->mod[i]);
    }
    PUT(st->trail);
#undef PUT
}

/* ---- emitting ----------------------------------------------------------------------------- */

static void emit_text(sctx *g, const char *text, const char *form, const char *kind,
                      const char *slot, int accept, const gcn_inst *expect, int ext)
{
    gcn_syntax_case c;
    /* a rewrite that gives the base's own text back tests nothing new (its one form, mod-all,
     * is the base) */
    if (g->stop || (strcmp(text, g->base_text) == 0 && strcmp(form, "mod-all") != 0))
        return;
    memset(&c, 0, sizeof(c));
    c.gen = g->gen;
    snprintf(c.text, sizeof(c.text), "%s", text);
    c.form = form;
    c.kind = kind;
    c.slot = slot;
    c.mnemonic = g->row->mnemonic;
    c.source16 = gcn_codec_source16(g->t, (unsigned)(g->row - g->t->insns));
    c.base = g->base_text;
    c.accept = accept;
    c.ext = ext;
    if (accept) {
        if (!expect) {
            memcpy(c.bytes, g->base_bytes, g->base_nbytes);
            c.nbytes = g->base_nbytes;
        } else if (gcn_encode(expect, c.bytes, sizeof(c.bytes), &c.nbytes) != GCN_OK) {
            /* a value that breaks the constant bus rule beside the others (a literal where
             * V_CNDMASK_B32_e32 reads VCC): the line is refused */
            char why[256];
            int literal = 0;
            if (gcn_codec_check_operands(gcn_codec_tables(), expect, &literal) == GCN_OK ||
                !gcn_codec_cbus_why(gcn_codec_tables(), expect, literal, why, sizeof(why))) {
                g->model_errors++;
                return;
            }
            c.accept = 0;
            c.nbytes = 0;
        }
    }
    g->count++;
    if (g->fn(&c, g->ctx))
        g->stop = 1;
}

/* The line L in style st (canonical when NULL). */
static void emit_line(sctx *g, const line_t *L, const style *st, const char *form, const char *kind,
                      const char *slot, int accept, const gcn_inst *expect, int ext)
{
    char text[GCN_SYNTAX_TEXT_MAX];
    render(L, st ? st : &canon, text, sizeof(text));
    emit_text(g, text, form, kind, slot, accept, expect, ext);
}

/* The base line with operand i (or modifier i, mod) replaced by tok. */
static void emit_tok(sctx *g, int mod, unsigned i, const char *tok, const char *form,
                     const char *kind, const char *slot, int accept, const gcn_inst *expect,
                     int ext)
{
    line_t L = g->L;
    snprintf(mod ? L.mod[i] : L.op[i], TOKEN_MAX, "%s", tok);
    emit_line(g, &L, NULL, form, kind, slot, accept, expect, ext);
}

/* ---- the expectation: LLVM's reading of a value, from the spec's tables ------------------- */

typedef struct target {
    const gcn_operand_row *op; /* the operand, or NULL for a modifier */
    const gcn_modifier_row *m;
    int soe; /* the 'offset:' after an SGPR offset (GCN 1.4 SMEM) */
} target;

static unsigned width(const sctx *g, unsigned slot)
{
    return slot == GCN_NO_SLOT ? 0 : g->l->slot[slot].width;
}

static int fits_u(int64_t v, unsigned w)
{
    return v >= 0 && (w >= 63 || (uint64_t)v < (1ull << w));
}

static int fits_s(int64_t v, unsigned w)
{
    return w && v >= -(1ll << (w - 1)) && v < (1ll << (w - 1));
}

/* The inline constant of a 32-bit operand with these bits, or -1 (the spec's values). */
static int inline32(const sctx *g, uint32_t v)
{
    unsigned c;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *r = codec_scalar(g->t, (unsigned)g->gen, c);
        if ((r->sclass == GCN_SC_INLINE_INT && r->ivalue == (int32_t)v) ||
            (r->sclass == GCN_SC_INLINE_FLOAT && r->f32 == v))
            return (int)c;
    }
    return -1;
}

/* ... and of a 64-bit operand with this value */
static int inline64(const sctx *g, int64_t v)
{
    unsigned c;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *r = codec_scalar(g->t, (unsigned)g->gen, c);
        if ((r->sclass == GCN_SC_INLINE_INT && r->ivalue == v) ||
            (r->sclass == GCN_SC_INLINE_FLOAT && r->f64 == (uint64_t)v))
            return (int)c;
    }
    return -1;
}

/* Does an operand of the row other than op hold the instruction's one literal dword in out
 * (V_MADAK_F32's constant K, or its SRC0 literal while K is rewritten)? */
static int other_literal(const sctx *g, const gcn_inst *out, const gcn_operand_row *op)
{
    unsigned i;
    for (i = 0; i < g->row->noperands; i++) {
        const gcn_operand_row *o = &g->row->operand[i];
        if (o == op)
            continue;
        if (o->kind == GCN_KIND_LITERAL32 ||
            ((o->kind == GCN_KIND_VSRC || o->kind == GCN_KIND_SSRC) &&
             out->field[o->slot] == g->t->literal_code[g->gen]))
            return out->has_literal;
    }
    return 0;
}

/* The literal op makes (has) or none; another operand's literal stays, and a second value
 * refuses the text (one dword holds both: 0, as llvm-mc's 'only one unique literal'). */
static int set_literal(const sctx *g, gcn_inst *out, const gcn_operand_row *op, int has, uint32_t v)
{
    if (other_literal(g, out, op)) {
        if (!has)
            return 1;
        return out->literal == v;
    }
    out->has_literal = (uint8_t)has;
    out->literal = has ? v : 0;
    out->size = (uint8_t)(g->l->bytes + (has ? 4 : 0));
    return 1;
}

/* Integer v written for the target: 1 and the instruction it makes from base, or 0 when LLVM's
 * rules refuse it (AMDGPUOperandSyntax, "Conversion of Integer Values": a value truncates to
 * 32 bits when the bits above are all 0, or all 1 with bit 31 set; 64-bit operands take an
 * inline constant of their value or a 32-bit literal; immediates and offsets their field's
 * range). */
static int expect_int(const sctx *g, const gcn_inst *base, const target *tg, int64_t v,
                      gcn_inst *out)
{
    const gcn_operand_row *op = tg->op;
    const gcn_tables *t = g->t;
    unsigned w;
    int c;
    *out = *base;
    if (!op) {
        /* a modifier's value: its field's range, or the smaller one its plan allows ("max") */
        w = width(g, tg->m->slot);
        /* a signed field (GLOBAL's and SCRATCH's offset): the negative values of its width,
         * stored in its bits */
        if (tg->m->format == GCN_FMT_SDEC) {
            if (!fits_s(v, w))
                return 0;
            out->field[tg->m->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
            return 1;
        }
        if (!fits_u(v, w) ||
            (uint64_t)v > gcn_codec_slot_max(t, base->gen, base->insn, tg->m->slot, w))
            return 0;
        out->field[tg->m->slot] = (uint32_t)v;
        /* a value that changes an operand's width (an image's DMASK and its VDATA) leaves the
         * case's text, written with the old width, inconsistent: refused */
        {
            const gcn_insn_row *row = &t->insns[base->insn];
            unsigned k;
            for (k = 0; k < row->noperands; k++)
                if (gcn_operand_dynamic(&row->operand[k]) &&
                    gcn_operand_regs(&row->operand[k], base->gen, base->field) !=
                        gcn_operand_regs(&row->operand[k], base->gen, out->field))
                    return 0;
        }
        return 1;
    }
    w = width(g, op->slot);
    if (tg->soe) {
        if (!fits_s(v, w))
            return 0;
        out->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        return 1;
    }
    switch (op->kind) {
    case GCN_KIND_IMM:
        /* an interpolation parameter is a name (p10, p20, p0), never a number, as in llvm-mc */
        if (op->format == GCN_FMT_INTERP_SLOT)
            return 0;
        /* a signed 16-bit immediate takes the negative values of its width too */
        if (!fits_u(v, w) && !(op->accepts_signed && v < 0 && fits_s(v, w)))
            return 0;
        out->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        return 1;
    case GCN_KIND_LABEL:
        /* a branch offset: signed or unsigned of the field's width (llvm-mc: 'a 16-bit signed
         * jump offset', and 0xffff too) */
        if (!fits_u(v, w) && !fits_s(v, w))
            return 0;
        out->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        return 1;
    case GCN_KIND_LITERAL32:
        /* the 32-bit constant after the word: what truncates to 32 bits; a 16-bit one
         * (V_MADAK_F16's K) takes 16-bit values, in the dword's low half */
        if (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16) {
            if (v < -32768 || v > 65535)
                return 0;
            return set_literal(g, out, op, 1, (uint32_t)((uint64_t)v & 0xffffu));
        }
        if (v < -(1ll << 31) || v > 0xffffffffll)
            return 0;
        return set_literal(g, out, op, 1, (uint32_t)v);
    case GCN_KIND_SMEM_OFFSET:
        if ((op->signed_gens >> g->gen) & 1 ? !fits_s(v, w) : !fits_u(v, w))
            return 0;
        out->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        out->field[op->aux[0]] = 1;
        if (op->aux[1] != GCN_NO_SLOT)
            out->field[op->aux[1]] = 0;
        return 1;
    case GCN_KIND_SMRD_OFFSET:
        if (fits_u(v, w)) {
            out->field[op->slot] = (uint32_t)v;
            out->field[op->aux[0]] = 1;
            return set_literal(g, out, op, 0, 0);
        }
        if (!((op->literal_gens >> g->gen) & 1) || !fits_u(v, 32) ||
            t->literal_code[g->gen] == 0xffffu)
            return 0;
        out->field[op->slot] = t->literal_code[g->gen];
        out->field[op->aux[0]] = 0;
        return set_literal(g, out, op, 1, (uint32_t)v);
    case GCN_KIND_VSRC: /* below 256, a scalar source */
        if (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16) {
            /* a 16-bit source: 16-bit values, read as signed for the inline constants, and a
             * half's pattern of an inline float as that constant */
            if (v < -32768 || v > 65535)
                return 0;
            c = inline32(g, (uint32_t)(int32_t)(int16_t)(uint16_t)((uint64_t)v & 0xffffu));
            if (c >= 0 && (t->code_info[g->gen * 256u + (unsigned)c] & 0xfu) != GCN_SC_INLINE_INT)
                c = -1;
            if (c < 0 && op->format == GCN_FMT_F16)
                c = gcn_codec_inline_half_code(t, (unsigned)g->gen, (uint32_t)v & 0xffffu);
            if (c >= 0) {
                out->field[op->slot] = (uint32_t)c;
                return set_literal(g, out, op, 0, 0);
            }
            if (!((op->literal_gens >> g->gen) & 1))
                return 0;
            out->field[op->slot] = t->literal_code[g->gen];
            return set_literal(g, out, op, 1, (uint32_t)((uint64_t)v & 0xffffu));
        }
        if (op->format == GCN_FMT_PK_F16) {
            /* two halves: an inline integer of 32 bits, or a half's pattern of an inline
             * float; no literal (VOP3P) */
            if (v < -(1ll << 31) || v > 0xffffffffll)
                return 0;
            c = inline32(g, (uint32_t)v);
            if (c >= 0 && (t->code_info[g->gen * 256u + (unsigned)c] & 0xfu) != GCN_SC_INLINE_INT)
                c = -1;
            if (c < 0 && v >= 0 && v <= 0xffff)
                c = gcn_codec_inline_half_code(t, (unsigned)g->gen, (uint32_t)v);
            if (c < 0)
                return 0;
            out->field[op->slot] = (uint32_t)c;
            return set_literal(g, out, op, 0, 0);
        }
        /* fall through */
    case GCN_KIND_SSRC:
        if (op->regs == 1) {
            if (v < -(1ll << 31) || v > 0xffffffffll)
                return 0;
            c = inline32(g, (uint32_t)v);
        } else {
            c = inline64(g, v);
            if (c < 0 && (v < -(1ll << 31) || v > 0xffffffffll))
                return 0;
        }
        if (c >= 0) {
            out->field[op->slot] = (uint32_t)c;
            return set_literal(g, out, op, 0, 0);
        }
        /* no literal: the generation has none, or the source takes none on it (V_READLANE_B32's
         * lane and VOP3's sources, whose literal_gens leave it out) */
        if (t->literal_code[g->gen] == 0xffffu || !((op->literal_gens >> g->gen) & 1))
            return 0;
        out->field[op->slot] = t->literal_code[g->gen];
        return set_literal(g, out, op, 1, (uint32_t)v);
    default:
        return 0;
    }
}

/* Float d written for the target ("Conversion of Floating-Point Values"): a 32-bit operand takes
 * its single-precision bits (overflow, and an inexact result below the normal range, refused);
 * a 64-bit integer operand takes it only as an inline constant; nothing else takes floats. */
static int expect_float(const sctx *g, const gcn_inst *base, const target *tg, double d,
                        gcn_inst *out)
{
    const gcn_operand_row *op = tg->op;
    int c;
    if (!op || tg->soe ||
        (op->kind != GCN_KIND_SSRC && op->kind != GCN_KIND_LITERAL32 && op->kind != GCN_KIND_VSRC))
        return 0;
    if ((op->kind == GCN_KIND_VSRC || op->kind == GCN_KIND_LITERAL32) &&
        op->format == GCN_FMT_F16) {
        /* a half takes a float as a half's bits (an inline constant or a 16-bit literal) */
        uint32_t h;
        return gcn_codec_half_bits(d, &h) && expect_int(g, base, tg, (int64_t)h, out);
    }
    if (op->kind == GCN_KIND_VSRC && op->format == GCN_FMT_PK_F16) {
        /* two halves take a float as a half: an inline constant alone (VOP3P) */
        uint32_t h;
        if (!gcn_codec_half_bits(d, &h))
            return 0;
        c = h == 0 ? inline32(g, 0) : gcn_codec_inline_half_code(g->t, (unsigned)g->gen, h);
        if (c < 0)
            return 0;
        *out = *base;
        out->field[op->slot] = (uint32_t)c;
        return set_literal(g, out, op, 0, 0);
    }
    if (op->kind == GCN_KIND_VSRC && op->format == GCN_FMT_I16) {
        /* a 16-bit integer source takes a float as an inline constant only */
        float f = (float)d;
        uint32_t bits;
        int ic;
        memcpy(&bits, &f, sizeof(bits));
        ic = inline32(g, bits);
        if (ic < 0 || (g->t->code_info[g->gen * 256u + (unsigned)ic] & 0xfu) != GCN_SC_INLINE_FLOAT)
            return 0;
        *out = *base;
        out->field[op->slot] = (uint32_t)ic;
        return set_literal(g, out, op, 0, 0);
    }
    if (op->regs == 1) {
        float f = (float)d;
        uint32_t bits;
        if (isinf(f) && !isinf(d))
            return 0;
        if (d != 0 && (double)f != d && fpclassify(f) != FP_NORMAL)
            return 0;
        memcpy(&bits, &f, sizeof(bits));
        return expect_int(g, base, tg, (int64_t)bits, out);
    }
    {
        int64_t b64;
        memcpy(&b64, &d, sizeof(b64));
        c = inline64(g, b64);
        if (c < 0)
            return 0;
        *out = *base;
        out->field[op->slot] = (uint32_t)c;
        return set_literal(g, out, op, 0, 0);
    }
}

static int same_bytes(const sctx *g, const gcn_inst *in)
{
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t n;
    return gcn_encode(in, b, sizeof(b), &n) == GCN_OK && n == g->base_nbytes &&
           memcmp(b, g->base_bytes, n) == 0;
}

/* A value case: the expectation for v (an integer, or d when is_float). */
static void emit_value(sctx *g, int mod, unsigned i, const target *tg, const char *tok,
                       const char *form, const char *kind, const char *slot, int is_float,
                       int64_t v, double d)
{
    gcn_inst out;
    int ok = is_float ? expect_float(g, &g->c->inst, tg, d, &out)
                      : expect_int(g, &g->c->inst, tg, v, &out);
    if (ok && same_bytes(g, &out))
        emit_tok(g, mod, i, tok, form, kind, slot, 1, NULL, 0);
    else
        emit_tok(g, mod, i, tok, form, kind, slot, ok, ok ? &out : NULL, 0);
}

/* ---- numbers ------------------------------------------------------------------------------ */

static void bin(char *out, size_t size, uint64_t v)
{
    char tmp[70];
    int n = 0;
    do
        tmp[n++] = (char)('0' + (v & 1));
    while ((v >>= 1) && n < 64);
    if ((size_t)n + 3 > size)
        n = (int)size - 3;
    out[0] = '0';
    out[1] = 'b';
    for (int k = 0; k < n; k++)
        out[2 + k] = tmp[n - 1 - k];
    out[2 + n] = 0;
}

/* A canonical integer token (decimal, 0x hex, with '-'): its value. */
static int int_token(const char *tok, int64_t *v)
{
    char *e;
    int neg = tok[0] == '-';
    const char *p = tok + neg;
    unsigned long long u;
    if (!is_dig(p[0]))
        return 0;
    u = p[0] == '0' && p[1] == 'x' ? strtoull(p + 2, &e, 16) : strtoull(p, &e, 10);
    if (*e)
        return 0;
    *v = neg ? -(int64_t)u : (int64_t)u;
    return 1;
}

/* Every spelling of v in LLVM's syntax that means v, and the ones that mean something else or
 * nothing: as operand i (or modifier i, mod, as "name:VALUE" with prefix "name:"). */
static void number_forms(sctx *g, int mod, unsigned i, const target *tg, const char *prefix,
                         int64_t v, const char *kind, const char *slot)
{
    char tok[TOKEN_MAX], num[80];
    uint64_t u = (uint64_t)v, mag = v < 0 ? 0 - u : u;
    const char *sg = v < 0 ? "-" : "";
#define FORM(form, ...)                                                                            \
    do {                                                                                           \
        snprintf(num, sizeof(num), __VA_ARGS__);                                                   \
        snprintf(tok, sizeof(tok), "%s%s", prefix, num);                                           \
        emit_value(g, mod, i, tg, tok, form, kind, slot, 0, v, 0);                                 \
    } while (0)
#define FORM_V(form, val, ...)                                                                     \
    do {                                                                                           \
        snprintf(num, sizeof(num), __VA_ARGS__);                                                   \
        snprintf(tok, sizeof(tok), "%s%s", prefix, num);                                           \
        emit_value(g, mod, i, tg, tok, form, kind, slot, 0, (val), 0);                             \
    } while (0)
    FORM("num-dec", "%s%llu", sg, (unsigned long long)mag);
    FORM("num-hex", "%s0x%llx", sg, (unsigned long long)mag);
    FORM("num-hex-upper", "%s0X%llX", sg, (unsigned long long)mag);
    {
        char b[80];
        bin(b, sizeof(b), mag);
        FORM("num-bin", "%s%s", sg, b);
        b[1] = 'B';
        FORM("num-bin-upper", "%s%s", sg, b);
    }
    FORM("num-oct", "%s0%llo", sg, (unsigned long long)mag);
    if (v >= 0)
        FORM("num-plus", "+%llu", (unsigned long long)mag);
    FORM("num-paren", "(%lld)", (long long)v);
    FORM("num-expr", "%lld+%lld", (long long)(v / 2), (long long)(v - v / 2));
    FORM("num-expr-blanks", "%lld + %lld", (long long)(v / 2), (long long)(v - v / 2));
    FORM("num-expr-precedence", "%lld*2-%lld", (long long)v, (long long)v);
    FORM("num-neg-neg", "-(%lld)", (long long)(0 - v));
    FORM("num-not-not", "~(~%lld)", (long long)v);
    /* >> is a logical shift: a negative value comes back with its top bits clear */
    FORM_V("num-shift", (int64_t)((u << 2) >> 2), "(%lld<<2)>>2", (long long)v);
    FORM("num-suffix-u", "%s%lluu", sg, (unsigned long long)mag);
    FORM("num-suffix-ull", "%s%lluull", sg, (unsigned long long)mag);
    FORM("num-suffix-upper", "%s%lluULL", sg, (unsigned long long)mag);
    if (v < 0) {
        FORM("num-hex64", "0x%016llx", (unsigned long long)u);
        FORM("num-udec64", "%llu", (unsigned long long)u);
        /* the 32-bit two's complement: the same value only where the operand is 32 bits */
        FORM_V("num-hex32", (int64_t)(uint32_t)u, "0x%08x", (unsigned)(uint32_t)u);
    } else {
        FORM("num-hex64-padded", "0x%016llx", (unsigned long long)u);
    }
    if (v >= 32 && v < 127 && v != '\'' && v != '\\' && v != '"' && v != ';' && v != '#' &&
        v != '/')
        FORM("num-char", "'%c'", (char)v);
    /* a leading 0 makes a number octal: 8 and 9 are no digits there */
    snprintf(num, sizeof(num), "%llu", (unsigned long long)mag);
    if (strpbrk(num, "89")) {
        snprintf(tok, sizeof(tok), "%s%s0%s", prefix, sg, num);
        emit_tok(g, mod, i, tok, "num-bad-octal", kind, slot, 0, NULL, 0);
    }
    /* LLVM's AMDGPUOperandSyntax lists 0ffh-style hex; llvm-mc takes it nowhere */
    snprintf(tok, sizeof(tok), "%s%s0%llxh", prefix, sg, (unsigned long long)mag);
    emit_tok(g, mod, i, tok, "num-hex-suffix-h", kind, slot, 0, NULL, 0);
    snprintf(tok, sizeof(tok), "%s%s%llu_", prefix, sg, (unsigned long long)mag);
    emit_tok(g, mod, i, tok, "num-trailing-garbage", kind, slot, 0, NULL, 0);
    snprintf(tok, sizeof(tok), "%s(%lld", prefix, (long long)v);
    emit_tok(g, mod, i, tok, "num-unclosed-paren", kind, slot, 0, NULL, 0);
    snprintf(tok, sizeof(tok), "%s%lld/0", prefix, (long long)v);
    emit_tok(g, mod, i, tok, "num-division-by-zero", kind, slot, 0, NULL, 0);
#undef FORM
#undef FORM_V
}

/* The ends of the target's range and the values just past them, once per operand. */
static void boundary_forms(sctx *g, int mod, unsigned i, const target *tg, const char *prefix,
                           const char *kind, const char *slot)
{
    int64_t vals[24];
    size_t n = 0, k;
    unsigned w = tg->op ? width(g, tg->op->slot) : width(g, tg->m->slot);
    char tok[TOKEN_MAX];
    if (tg->op && (tg->op->kind == GCN_KIND_SSRC || tg->op->kind == GCN_KIND_VSRC)) {
        static const int64_t ssrc[] = {64,          65,          -16,         -17,
                                       0x7fffffff,  0x80000000,  0xffffffff,  0x100000000ll,
                                       -0x80000000, -0x80000001, 0x1ffffffff, INT64_MAX,
                                       INT64_MIN,   -0x7fffffff};
        memcpy(vals, ssrc, sizeof(ssrc));
        n = sizeof(ssrc) / sizeof(ssrc[0]);
        /* the 64-bit spellings of a 32-bit literal with its top bit set, and with it clear */
        vals[n++] = (int64_t)0xffffffff80000000ull;
        vals[n++] = (int64_t)0xffffffff7fffffffull;
    } else {
        int sgn = tg->soe || (tg->op && tg->op->kind == GCN_KIND_SMEM_OFFSET &&
                              ((tg->op->signed_gens >> g->gen) & 1));
        /* signed or unsigned of the width: branch offsets, signed 16-bit immediates */
        int both = tg->op && (tg->op->kind == GCN_KIND_LABEL ||
                              (tg->op->kind == GCN_KIND_IMM && tg->op->accepts_signed));
        int64_t lo = sgn || both ? -(1ll << (w - 1)) : 0;
        int64_t hi = sgn ? (1ll << (w - 1)) - 1 : (int64_t)((1ull << w) - 1);
        vals[n++] = lo;
        vals[n++] = lo - 1;
        vals[n++] = hi;
        vals[n++] = hi + 1;
        vals[n++] = 0xffffffffll;
        vals[n++] = 0x100000000ll;
        vals[n++] = INT64_MIN;
    }
    for (k = 0; k < n; k++) {
        snprintf(tok, sizeof(tok), "%s%s0x%llx", prefix, vals[k] < 0 ? "-" : "",
                 (unsigned long long)(vals[k] < 0 ? 0 - (uint64_t)vals[k] : (uint64_t)vals[k]));
        emit_value(g, mod, i, tg, tok, "num-range", kind, slot, 0, vals[k], 0);
    }
    /* past 64 bits */
    snprintf(tok, sizeof(tok), "%s0x10000000000000000", prefix);
    emit_tok(g, mod, i, tok, "num-range", kind, slot, 0, NULL, 0);
    snprintf(tok, sizeof(tok), "%s18446744073709551616", prefix);
    emit_tok(g, mod, i, tok, "num-range", kind, slot, 0, NULL, 0);
}

/* ---- floats ------------------------------------------------------------------------------- */

/* a's shortest round-trip spelling, with a point ('1.0', not '1') */
static void fmt_float(char *out, size_t size, double a)
{
    snprintf(out, size, "%.17g", a);
    if (!strpbrk(out, ".en"))
        snprintf(out + strlen(out), size - strlen(out), ".0");
}

static void float_forms(sctx *g, unsigned i, const target *tg, double d, const char *kind,
                        const char *slot)
{
    char fa[48];
    char tok[TOKEN_MAX];
    double a = fabs(d);
    const char *sg = signbit(d) ? "-" : "";
    int integral = a == floor(a) && a < 1e15;
    fmt_float(fa, sizeof(fa), a);
#define FF(form, ...)                                                                              \
    do {                                                                                           \
        snprintf(tok, sizeof(tok), __VA_ARGS__);                                                   \
        emit_value(g, 0, i, tg, tok, form, kind, slot, 1, 0, d);                                   \
    } while (0)
    if (integral) {
        FF("flt-no-fraction", "%s%.0f.", sg, a);
        FF("flt-exp-no-point", "%s%.0fe0", sg, a);
        FF("flt-exp-bare", "%s%.0f.0e", sg, a);
    } else if (a < 1) {
        char t2[64];
        snprintf(t2, sizeof(t2), "%.17g", a);
        if (t2[0] == '0')
            FF("flt-leading-point", "%s%s", sg, t2 + 1);
    }
    if (!strchr(fa, 'e'))
        FF("flt-trailing-zeros", "%s%s000", sg, fa);
    FF("flt-exp", "%s%.16e", sg, a);
    FF("flt-exp-upper", "%s%.16E", sg, a);
    FF("flt-exp-plus", "%s%.17ge+0", sg, a);
    FF("flt-hex", "%s%a", sg, a);
    FF("flt-hex-upper", "%s%A", sg, a);
    if (signbit(d))
        FF("flt-blank-after-minus", "- %s", fa);
#undef FF
    /* a float is an operand's value only as the whole operand (one '-' may precede it); in an
     * expression it is its IEEE double bits as an integer (AMDGPUOperandSyntax: expressions
     * are 64-bit integers; LLVM's parser takes a float there as its bits) */
    {
        int64_t bits;
        memcpy(&bits, &a, sizeof(bits));
        if (!signbit(d)) {
            snprintf(tok, sizeof(tok), "+%s", fa);
            emit_value(g, 0, i, tg, tok, "flt-plus", kind, slot, 0, bits, 0);
        }
        snprintf(tok, sizeof(tok), "(%s%s)", sg, fa);
        emit_value(g, 0, i, tg, tok, "flt-paren", kind, slot, 0,
                   signbit(d) ? (int64_t)(0 - (uint64_t)bits) : bits, 0);
        snprintf(tok, sizeof(tok), "--%s", fa);
        emit_value(g, 0, i, tg, tok, "flt-double-minus", kind, slot, 0, bits, 0);
    }
    /* its bits as an integer */
    if (tg->op->regs == 1) {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, sizeof(b));
        snprintf(tok, sizeof(tok), "0x%08x", (unsigned)b);
        emit_value(g, 0, i, tg, tok, "flt-bits", kind, slot, 0, (int64_t)b, 0);
    } else {
        uint64_t b;
        memcpy(&b, &d, sizeof(b));
        snprintf(tok, sizeof(tok), "0x%016llx", (unsigned long long)b);
        emit_value(g, 0, i, tg, tok, "flt-bits", kind, slot, 0, (int64_t)b, 0);
        /* the single-precision spelling of a double constant */
        snprintf(tok, sizeof(tok), "%.9g", (double)(float)d);
        if (strchr(tok, '.') && strtod(tok, NULL) != d)
            emit_value(g, 0, i, tg, tok, "flt-single-spelling", kind, slot, 1, 0,
                       strtod(tok, NULL));
    }
}

/* Floats of every kind for a float-taking operand, once per operand. */
static void float_values(sctx *g, unsigned i, const target *tg, const char *kind, const char *slot)
{
    static const char *const texts[] = {"0.1",      "-0.1",     "3.4028235e38",  "3.4028236e38",
                                        "1e39",     "1e-40",    "1.1754944e-38", "0x1p-149",
                                        "0x1p-150", "-0.0",     "1.5",           "0.15915494",
                                        "1e308",    "2.5e-308", "65504.0",       "0x1.8p1"};
    size_t k;
    for (k = 0; k < sizeof(texts) / sizeof(texts[0]); k++)
        emit_value(g, 0, i, tg, texts[k], "flt-value", kind, slot, 1, 0, strtod(texts[k], NULL));
}

/* ---- registers ---------------------------------------------------------------------------- */

/* A register token's shape: prefix ("s", "v", "ttmp"), first and last index; or a name. */
typedef struct regtok {
    char prefix[8];
    long a, z;
    int range; /* written as p[a:b] */
    int named;
} regtok;

static int reg_token(const char *tok, regtok *r)
{
    size_t k = 0;
    char *e;
    memset(r, 0, sizeof(*r));
    if (strncmp(tok, "ttmp", 4) == 0 && (is_dig(tok[4]) || tok[4] == '['))
        k = 4;
    else if ((tok[0] == 's' || tok[0] == 'v') && (is_dig(tok[1]) || tok[1] == '['))
        k = 1;
    if (k) {
        memcpy(r->prefix, tok, k);
        if (tok[k] == '[') {
            r->a = strtol(tok + k + 1, &e, 10);
            if (*e != ':')
                return 0;
            r->z = strtol(e + 1, &e, 10);
            r->range = 1;
            return *e == ']' && !e[1];
        }
        r->a = r->z = strtol(tok + k, &e, 10);
        return !*e;
    }
    if ((tok[0] >= 'a' && tok[0] <= 'z') || tok[0] == '_') {
        for (k = 0; tok[k]; k++)
            if (!((tok[k] >= 'a' && tok[k] <= 'z') || is_dig(tok[k]) || tok[k] == '_'))
                return 0;
        r->named = 1;
        return 1;
    }
    return 0;
}

static void list_of(char *out, size_t size, const char *prefix, long a, long z, const char *sep,
                    int bracketed)
{
    size_t n = 0;
    long k;
    n += (size_t)snprintf(out + n, size - n, "[");
    for (k = a; k <= z && n < size; k++)
        n += (size_t)snprintf(out + n, size - n, bracketed ? "%s%s[%ld]" : "%s%s%ld",
                              k > a ? sep : "", prefix, k);
    if (n < size)
        snprintf(out + n, size - n, "]");
}

/* The scalar code a canonical named token stands for on this generation (its 32- or 64-bit
 * spelling), and whether it is the 64-bit one. -1 when none. */
static int named_code(const sctx *g, const char *tok, int *wide)
{
    unsigned c;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *r = codec_scalar(g->t, (unsigned)g->gen, c);
        if (r->name32 && strcmp(r->name32, tok) == 0) {
            *wide = 0;
            return (int)c;
        }
        if (r->name64 && strcmp(r->name64, tok) == 0) {
            *wide = 1;
            return (int)c;
        }
    }
    return -1;
}

static void register_forms(sctx *g, unsigned i, const char *tok, const char *kind, const char *slot)
{
    regtok r;
    char t2[TOKEN_MAX * 2], up[TOKEN_MAX];
    if (!reg_token(tok, &r))
        return;
    upper(up, tok, sizeof(up));
    emit_tok(g, 0, i, up, "reg-upper", kind, slot, 1, NULL, 1);
    if (r.named) {
        int wide = 0, c = named_code(g, tok, &wide);
        const gcn_scalar_row *lo, *hi;
        unsigned cls =
            c < 0 ? GCN_SC_INVALID : codec_scalar(g->t, (unsigned)g->gen, (unsigned)c)->sclass;
        /* LLVM parses the conditions (src_scc) as registers: a list of one takes them too */
        if (cls != GCN_SC_SGPR && cls != GCN_SC_SPECIAL && cls != GCN_SC_TTMP && cls != GCN_SC_COND)
            return;
        snprintf(t2, sizeof(t2), "[%s]", tok);
        emit_tok(g, 0, i, t2, "reg-list-one", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "[ %s ]", tok);
        emit_tok(g, 0, i, t2, "reg-list-blanks", kind, slot, 1, NULL, 0);
        if (c < 0 || !wide)
            return;
        /* a 64-bit name as the list of its halves' names */
        lo = codec_scalar(g->t, (unsigned)g->gen, (unsigned)c);
        hi = codec_scalar(g->t, (unsigned)g->gen, (unsigned)c + 1);
        if (!lo->name32 || !hi->name32)
            return;
        snprintf(t2, sizeof(t2), "[%s,%s]", lo->name32, hi->name32);
        emit_tok(g, 0, i, t2, "reg-list-halves", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "[%s, %s]", lo->name32, hi->name32);
        emit_tok(g, 0, i, t2, "reg-list-blanks", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "[%s,%s]", hi->name32, lo->name32);
        emit_tok(g, 0, i, t2, "reg-list-reversed", kind, slot, 0, NULL, 0);
        return;
    }
    if (!r.range) {
        snprintf(t2, sizeof(t2), "%s[%ld]", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-index", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s[%ld:%ld]", r.prefix, r.a, r.a);
        emit_tok(g, 0, i, t2, "reg-range-one", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "[%s%ld]", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-list-one", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s00%ld", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-leading-zeros", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s[%ld+1-1]", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-index-expr", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s[0x%lx]", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-index-hex", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s [ %ld ]", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-index-blanks", kind, slot, 1, NULL, 0);
        snprintf(t2, sizeof(t2), "%s[-1]", r.prefix);
        emit_tok(g, 0, i, t2, "reg-index-negative", kind, slot, 0, NULL, 0);
        snprintf(t2, sizeof(t2), "%s[%ld", r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-index-unclosed", kind, slot, 0, NULL, 0);
        return;
    }
    list_of(t2, sizeof(t2), r.prefix, r.a, r.z, ",", 0);
    emit_tok(g, 0, i, t2, "reg-list", kind, slot, 1, NULL, 0);
    list_of(t2, sizeof(t2), r.prefix, r.a, r.z, " , ", 0);
    emit_tok(g, 0, i, t2, "reg-list-blanks", kind, slot, 1, NULL, 0);
    list_of(t2, sizeof(t2), r.prefix, r.a, r.z, ",", 1);
    emit_tok(g, 0, i, t2, "reg-list-indexed", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s[%ld : %ld]", r.prefix, r.a, r.z);
    emit_tok(g, 0, i, t2, "reg-range-blanks", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s [%ld:%ld]", r.prefix, r.a, r.z);
    emit_tok(g, 0, i, t2, "reg-range-blanks", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s[%ld*1:%ld+0]", r.prefix, r.a, r.z);
    emit_tok(g, 0, i, t2, "reg-index-expr", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s[0x%lx:0x%lx]", r.prefix, r.a, r.z);
    emit_tok(g, 0, i, t2, "reg-index-hex", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s[%ld:%ld]", r.prefix, r.z, r.a);
    emit_tok(g, 0, i, t2, "reg-range-reversed", kind, slot, 0, NULL, 0);
    snprintf(t2, sizeof(t2), "%s[%ld:]", r.prefix, r.a);
    emit_tok(g, 0, i, t2, "reg-range-open", kind, slot, 0, NULL, 0);
    if (r.z > r.a) {
        /* a list that skips a register, and one out of order */
        snprintf(t2, sizeof(t2), "[%s%ld,%s%ld]", r.prefix, r.a, r.prefix, r.a + 2);
        emit_tok(g, 0, i, t2, "reg-list-gap", kind, slot, 0, NULL, 0);
        snprintf(t2, sizeof(t2), "[%s%ld,%s%ld]", r.prefix, r.a + 1, r.prefix, r.a);
        emit_tok(g, 0, i, t2, "reg-list-reversed", kind, slot, 0, NULL, 0);
    }
}

/* A condition's or an aperture's other names (the spec's aliases), from the name tables. */
static void alias_forms(sctx *g, unsigned i, const char *tok, const char *kind, const char *slot)
{
    int wide = 0, c = named_code(g, tok, &wide);
    const gcn_tables *t = g->t;
    unsigned k;
    if (c < 0)
        return;
    for (k = t->scalar_name_first[g->gen]; k < t->scalar_name_first[g->gen + 1]; k++) {
        const gcn_scalar_name_row *n = &t->scalar_names[k];
        if (n->code == (unsigned)c && n->wide == (unsigned)wide && strcmp(n->name, tok) != 0)
            emit_tok(g, 0, i, n->name, "reg-alias", kind, slot, 1, NULL, 0);
    }
}

/* ---- source modifiers --------------------------------------------------------------------- */

/* Reads a source token as the printer writes a modified one (-x, |x|, -|x|, neg(x)): its
 * negation and absolute value and the operand inside; 0 for a plain operand. */
static int mod_token(const char *tok, int *neg, int *abs, char *inner, size_t size)
{
    size_t n = strlen(tok);
    *neg = *abs = 0;
    if (strncmp(tok, "neg(", 4) == 0 && n > 5 && tok[n - 1] == ')') {
        *neg = 1;
        snprintf(inner, size, "%.*s", (int)(n - 5), tok + 4);
        return 1;
    }
    if (tok[0] == '-' && tok[1] == '|' && n > 3 && tok[n - 1] == '|') {
        *neg = *abs = 1;
        snprintf(inner, size, "%.*s", (int)(n - 3), tok + 2);
        return 1;
    }
    if (tok[0] == '|' && n > 2 && tok[n - 1] == '|') {
        *abs = 1;
        snprintf(inner, size, "%.*s", (int)(n - 2), tok + 1);
        return 1;
    }
    if (tok[0] == '-' && ((tok[1] >= 'a' && tok[1] <= 'z') || tok[1] == '_')) {
        *neg = 1;
        snprintf(inner, size, "%s", tok + 1);
        return 1;
    }
    return 0;
}

/* The other spellings of a modified source (operand i, written tok) LLVM takes: neg(x) for -x,
 * abs(x) for |x|, -abs(x), neg(|x|) and neg(abs(x)) for -|x|, blanks inside the bars and the
 * parentheses; each gives the base's bytes. An unclosed bar or parenthesis is refused. */
static void source_mod_forms(sctx *g, unsigned i, const char *tok, const char *kind,
                             const char *slot)
{
    static const struct {
        int neg, abs;
        const char *pre, *post, *form;
        int accept;
    } forms[] = {
        {1, 0, "neg(", ")", "source-neg-call", 1},
        {1, 0, "neg( ", " )", "source-neg-blanks", 1},
        {1, 0, "neg(", "", "source-neg-unclosed", 0},
        {0, 1, "abs(", ")", "source-abs-call", 1},
        {0, 1, "| ", " |", "source-abs-blanks", 1},
        {0, 1, "|", "", "source-abs-unclosed", 0},
        {1, 1, "-abs(", ")", "source-neg-abs-call", 1},
        {1, 1, "neg(|", "|)", "source-neg-of-bars", 1},
        {1, 1, "neg(abs(", "))", "source-neg-of-abs", 1},
    };
    char inner[TOKEN_MAX], form[TOKEN_MAX + 16];
    int neg, abs;
    size_t k;
    if (!mod_token(tok, &neg, &abs, inner, sizeof(inner)))
        return;
    for (k = 0; k < sizeof(forms) / sizeof(forms[0]); k++)
        if (forms[k].neg == neg && forms[k].abs == abs) {
            snprintf(form, sizeof(form), "%s%s%s", forms[k].pre, inner, forms[k].post);
            emit_tok(g, 0, i, form, forms[k].form, kind, slot, forms[k].accept, NULL, 0);
        }
}

/* ---- modifiers ---------------------------------------------------------------------------- */

/* A buffer format's other spellings (modifier i, format:[...]): the number LLVM reads
 * (format:N), the names in the other order and with a blank, in lower case (the page: 'A data
 * format name is case-insensitive'), and LLVM's legacy dfmt:D, nfmt:N, both before SOFFSET (as
 * LLVM takes it) and after it. Each gives the base's bytes. */
static void buf_format_forms(sctx *g, unsigned i, const gcn_modifier_row *m, const char *kind,
                             const char *slot)
{
    const gcn_buf_format_row *r = &g->t->buf_formats[g->gen];
    uint32_t d = g->c->inst.field[m->slot], n = g->c->inst.field[m->slot2];
    unsigned dw = width(g, m->slot), k;
    char t2[TOKEN_MAX];
    line_t L;
    if (d >= GCN_BUF_DFMTS || n >= GCN_BUF_NFMTS)
        return;
    snprintf(t2, sizeof(t2), "%s:%u", m->asm_name, n << dw | d);
    emit_tok(g, 1, i, t2, "mod-buf-number", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s:[%s, %s]", m->asm_name, r->dfmt_name[d], r->nfmt_name[n]);
    emit_tok(g, 1, i, t2, "mod-buf-blank", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s:[%s,%s]", m->asm_name, r->nfmt_name[n], r->dfmt_name[d]);
    emit_tok(g, 1, i, t2, "mod-buf-order", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s:[%s]", m->asm_name, r->dfmt_name[d]);
    for (k = 0; t2[k]; k++)
        t2[k] = (char)(t2[k] >= 'A' && t2[k] <= 'Z' ? t2[k] - 'A' + 'a' : t2[k]);
    if (n == r->nfmt_default)
        emit_tok(g, 1, i, t2, "mod-buf-lower", kind, slot, 1, NULL, 1);
    snprintf(t2, sizeof(t2), "%s:%u, %s:%u", r->part_asm[0], d, r->part_asm[1], n);
    emit_tok(g, 1, i, t2, "mod-buf-legacy-after", kind, slot, 1, NULL, 1);
    /* before the last operand (SOFFSET), the modifier left out */
    L = g->L;
    if (!L.nop)
        return;
    snprintf(t2, sizeof(t2), "%s:%u, %s:%u, %s", r->part_asm[0], d, r->part_asm[1], n,
             g->L.op[L.nop - 1]);
    snprintf(L.op[L.nop - 1], TOKEN_MAX, "%s", t2);
    for (k = i; k + 1 < L.nmod; k++)
        memcpy(L.mod[k], L.mod[k + 1], TOKEN_MAX);
    L.nmod--;
    emit_line(g, &L, NULL, "mod-buf-legacy", kind, slot, 1, NULL, 0);
}

static const gcn_modifier_row *modifier_of(const sctx *g, const char *name, size_t n)
{
    unsigned k;
    for (k = 0; k < g->row->nmodifiers; k++) {
        const gcn_modifier_row *m = &g->row->modifier[k];
        if (m->asm_len == n && memcmp(m->asm_name, name, n) == 0)
            return m;
    }
    return NULL;
}

static void swizzle_forms(sctx *g, unsigned i, const char *kind, const char *slot,
                          const gcn_modifier_row *m)
{
    const char *tok = g->L.mod[i], *open = strchr(tok, '('), *close = strrchr(tok, ')');
    char mode[32], args[64], t2[TOKEN_MAX * 2], up[64];
    uint32_t value = g->c->inst.field[m->slot];
    size_t n;
    char *comma;
    long a[4] = {0};
    int na = 0;
    if (!open || !close || close < open)
        return;
    n = (size_t)(close - open - 1);
    if (n >= sizeof(args))
        return;
    memcpy(args, open + 1, n);
    args[n] = 0;
    comma = strchr(args, ',');
    if (!comma || (size_t)(comma - args) >= sizeof(mode))
        return;
    memcpy(mode, args, (size_t)(comma - args));
    mode[comma - args] = 0;
    /* the offset as a number */
    snprintf(t2, sizeof(t2), "offset:%u", (unsigned)value);
    emit_tok(g, 1, i, t2, "swz-number", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "offset:0x%x", (unsigned)value);
    emit_tok(g, 1, i, t2, "swz-number", kind, slot, 1, NULL, 0);
    /* blanks between its tokens */
    {
        size_t k, o = 0;
        char sp[TOKEN_MAX * 2];
        o += (size_t)snprintf(sp, sizeof(sp), "offset : swizzle ( ");
        for (k = 0; args[k] && o + 4 < sizeof(sp); k++) {
            if (args[k] == ',') {
                sp[o++] = ' ';
                sp[o++] = ',';
                sp[o++] = ' ';
            } else {
                sp[o++] = args[k];
            }
        }
        snprintf(sp + o, sizeof(sp) - o, " )");
        emit_tok(g, 1, i, sp, "swz-blanks", kind, slot, 1, NULL, 0);
    }
    /* the mode in lower case: gcnspec takes any case (the documents' spelling) */
    {
        char lo[64];
        size_t k;
        for (k = 0; mode[k] && k + 1 < sizeof(lo); k++)
            lo[k] = mode[k] >= 'A' && mode[k] <= 'Z' ? (char)(mode[k] - 'A' + 'a') : mode[k];
        lo[k] = 0;
        snprintf(t2, sizeof(t2), "offset:swizzle(%s%s)", lo, comma);
        emit_tok(g, 1, i, t2, "swz-mode-lower", kind, slot, 1, NULL, 1);
    }
    snprintf(t2, sizeof(t2), "offset:swizzle(FOO%s)", comma);
    emit_tok(g, 1, i, t2, "swz-bad-mode", kind, slot, 0, NULL, 0);
    if (strcmp(mode, "BITMASK_PERM") == 0) {
        const char *q = strchr(comma, '"');
        char mask[8];
        if (!q || strlen(q) < 7)
            return;
        memcpy(mask, q + 1, 5);
        mask[5] = 0;
        upper(up, mask, sizeof(up));
        snprintf(t2, sizeof(t2), "offset:swizzle(BITMASK_PERM,\"%s\")", up);
        emit_tok(g, 1, i, t2, "swz-mask-upper", kind, slot, 1, NULL, 1);
        snprintf(t2, sizeof(t2), "offset:swizzle(BITMASK_PERM,\"%.4s\")", mask);
        emit_tok(g, 1, i, t2, "swz-mask-short", kind, slot, 0, NULL, 0);
        snprintf(t2, sizeof(t2), "offset:swizzle(BITMASK_PERM,\"%sp\")", mask);
        emit_tok(g, 1, i, t2, "swz-mask-long", kind, slot, 0, NULL, 0);
        snprintf(t2, sizeof(t2), "offset:swizzle(BITMASK_PERM,\"%.4sx\")", mask);
        emit_tok(g, 1, i, t2, "swz-mask-bad-char", kind, slot, 0, NULL, 0);
        snprintf(t2, sizeof(t2), "offset:swizzle(BITMASK_PERM,%s)", mask);
        emit_tok(g, 1, i, t2, "swz-mask-unquoted", kind, slot, 0, NULL, 0);
        return;
    }
    {
        char *p = comma + 1, *e;
        while (na < 4) {
            a[na++] = strtol(p, &e, 10);
            if (*e != ',')
                break;
            p = e + 1;
        }
    }
    /* arguments in hex and as expressions */
    {
        size_t o = 0;
        int k;
        o += (size_t)snprintf(t2, sizeof(t2), "offset:swizzle(%s", mode);
        for (k = 0; k < na; k++)
            o += (size_t)snprintf(t2 + o, sizeof(t2) - o, ",0x%lx", a[k]);
        snprintf(t2 + o, sizeof(t2) - o, ")");
        emit_tok(g, 1, i, t2, "swz-arg-hex", kind, slot, 1, NULL, 0);
        o = (size_t)snprintf(t2, sizeof(t2), "offset:swizzle(%s", mode);
        for (k = 0; k < na; k++)
            o += (size_t)snprintf(t2 + o, sizeof(t2) - o, ",(%ld+0)", a[k]);
        snprintf(t2 + o, sizeof(t2) - o, ")");
        emit_tok(g, 1, i, t2, "swz-arg-expr", kind, slot, 1, NULL, 0);
        /* one argument too few, one too many */
        o = (size_t)snprintf(t2, sizeof(t2), "offset:swizzle(%s", mode);
        for (k = 0; k + 1 < na; k++)
            o += (size_t)snprintf(t2 + o, sizeof(t2) - o, ",%ld", a[k]);
        snprintf(t2 + o, sizeof(t2) - o, ")");
        emit_tok(g, 1, i, t2, "swz-arg-missing", kind, slot, 0, NULL, 0);
        o = (size_t)snprintf(t2, sizeof(t2), "offset:swizzle(%s", mode);
        for (k = 0; k < na; k++)
            o += (size_t)snprintf(t2 + o, sizeof(t2) - o, ",%ld", a[k]);
        snprintf(t2 + o, sizeof(t2) - o, ",0)");
        emit_tok(g, 1, i, t2, "swz-arg-extra", kind, slot, 0, NULL, 0);
        /* the last argument out of its range: a lane of 4 in a quad, a lane past its group, a
         * group size that is no power of two or too big */
        {
            long bad = strcmp(mode, "QUAD_PERM") == 0   ? 4
                       : strcmp(mode, "BROADCAST") == 0 ? a[0]
                       : strcmp(mode, "SWAP") == 0      ? 32
                                                        : 1;
            o = (size_t)snprintf(t2, sizeof(t2), "offset:swizzle(%s", mode);
            for (k = 0; k + 1 < na; k++)
                o += (size_t)snprintf(t2 + o, sizeof(t2) - o, ",%ld", a[k]);
            snprintf(t2 + o, sizeof(t2) - o, ",%ld)", bad);
            emit_tok(g, 1, i, t2, "swz-arg-range", kind, slot, 0, NULL, 0);
            if (strcmp(mode, "SWAP") == 0 || strcmp(mode, "REVERSE") == 0) {
                snprintf(t2, sizeof(t2), "offset:swizzle(%s,3)", mode);
                emit_tok(g, 1, i, t2, "swz-arg-not-power-of-two", kind, slot, 0, NULL, 0);
            }
        }
    }
}

/* op_sel:[S0,...,D] (list, its values as the printer writes them: 0 or 1, one per source and
 * the destination's): blanks inside the brackets; the page's op_sel:VALUE (GcnInstrsVop3.md:51,
 * its bits in the list's order; llvm-mc refuses it, S88); a list one value short or long,
 * which llvm-mc pads with zeros or drops (S87) and gcnspec refuses (the page's last value is
 * the destination's); a value of 2; an unclosed list. */
static void op_sel_forms(sctx *g, unsigned i, const gcn_modifier_row *m, const char *list,
                         const char *kind, const char *slot)
{
    char t2[TOKEN_MAX * 2], vals[64];
    unsigned n = 0, bits = 0, k;
    size_t at = 0;
    const char *c;
    for (c = list; *c; c++)
        if (*c == '0' || *c == '1')
            bits |= (unsigned)(*c - '0') << n++;
    if (list[0] != '[' || n != m->values)
        return;
    const char *nm = m->asm_name;
    int mn = (int)m->asm_len;
    for (k = 0; k < n; k++)
        at += (size_t)snprintf(vals + at, sizeof(vals) - at, "%s %u", k ? " ," : "",
                               (bits >> k) & 1u);
    /* VOP3's op_sel and VOP3P's per-source lists (op_sel_hi, neg_lo ...) alike */
    snprintf(t2, sizeof(t2), "%.*s:[%s ]", mn, nm, vals);
    emit_tok(g, 1, i, t2, "op-sel-blanks", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%.*s:%u", mn, nm, bits);
    emit_tok(g, 1, i, t2, "op-sel-value", kind, slot, 1, NULL, 1);
    snprintf(t2, sizeof(t2), "%.*s:%.*s]", mn, nm, (int)(strlen(list) - 3), list);
    emit_tok(g, 1, i, t2, "op-sel-short", kind, slot, 0, NULL, 0);
    snprintf(t2, sizeof(t2), "%.*s:%.*s,0]", mn, nm, (int)(strlen(list) - 1), list);
    emit_tok(g, 1, i, t2, "op-sel-long", kind, slot, 0, NULL, 0);
    snprintf(t2, sizeof(t2), "%.*s:[2%s", mn, nm, list + 2);
    emit_tok(g, 1, i, t2, "op-sel-value-2", kind, slot, 0, NULL, 0);
    snprintf(t2, sizeof(t2), "%.*s:%.*s", mn, nm, (int)(strlen(list) - 1), list);
    emit_tok(g, 1, i, t2, "op-sel-unclosed", kind, slot, 0, NULL, 0);
}

static void modifier_forms(sctx *g, unsigned i, int boundaries)
{
    const char *tok = g->L.mod[i], *colon = strchr(tok, ':');
    size_t nlen = colon ? (size_t)(colon - tok) : strlen(tok);
    const gcn_modifier_row *m = modifier_of(g, tok, nlen);
    const gcn_tables *t = g->t;
    char t2[TOKEN_MAX * 2], up[TOKEN_MAX], name[TOKEN_MAX];
    const char *kind;
    const char *slot;
    target tg;
    memset(&tg, 0, sizeof(tg));
    snprintf(name, sizeof(name), "%.*s", (int)nlen, tok);
    if (m) {
        slot = t->encodings[g->row->encoding].slot_name[m->slot];
        kind = m->format == GCN_FMT_FLAG       ? "mod-flag"
               : m->format == GCN_FMT_SWIZZLE  ? "mod-swizzle"
               : m->format == GCN_FMT_HEX      ? "mod-hex"
               : m->format == GCN_FMT_OP_SEL   ? "mod-op-sel"
               : m->format == GCN_FMT_SRC_BITS ? "mod-src-bits"
                                               : "mod-dec";
        tg.m = m;
    } else if (strcmp(name, "offset") == 0) {
        /* the SGPR-plus-immediate SMEM offset */
        unsigned k;
        for (k = 0; k < g->row->noperands; k++)
            if (g->row->operand[k].kind == GCN_KIND_SMEM_OFFSET)
                tg.op = &g->row->operand[k];
        if (!tg.op)
            return;
        tg.soe = 1;
        slot = t->encodings[g->row->encoding].slot_name[tg.op->slot];
        kind = "smem-soe";
    } else {
        return;
    }
    /* the name in upper case: the documents' spelling */
    upper(up, name, sizeof(up));
    snprintf(t2, sizeof(t2), "%s%s", up, colon ? colon : "");
    emit_tok(g, 1, i, t2, "mod-upper", kind, slot, 1, NULL, 1);
    /* the modifier twice */
    {
        line_t L = g->L;
        if (L.nmod < MAX_MODS) {
            snprintf(L.mod[L.nmod++], TOKEN_MAX, "%s", tok);
            emit_line(g, &L, NULL, "mod-twice", kind, slot, 0, NULL, 0);
        }
    }
    if (!colon) {
        snprintf(t2, sizeof(t2), "%s:1", tok);
        emit_tok(g, 1, i, t2, "mod-flag-value", kind, slot, 0, NULL, 0);
        return;
    }
    /* blanks around the ':' */
    snprintf(t2, sizeof(t2), "%s : %s", name, colon + 1);
    emit_tok(g, 1, i, t2, "mod-colon-blanks", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s :%s", name, colon + 1);
    emit_tok(g, 1, i, t2, "mod-colon-blank-before", kind, slot, 1, NULL, 0);
    snprintf(t2, sizeof(t2), "%s: %s", name, colon + 1);
    emit_tok(g, 1, i, t2, "mod-colon-blank-after", kind, slot, 1, NULL, 0);
    if (m && m->format == GCN_FMT_BUF_FORMAT)
        buf_format_forms(g, i, m, kind, slot);
    if (m && (m->format == GCN_FMT_OP_SEL || m->format == GCN_FMT_SRC_BITS))
        op_sel_forms(g, i, m, colon + 1, kind, slot);
    /* no value */
    snprintf(t2, sizeof(t2), "%s:", name);
    emit_tok(g, 1, i, t2, "mod-no-value", kind, slot, 0, NULL, 0);
    emit_tok(g, 1, i, name, "mod-no-value", kind, slot, 0, NULL, 0);
    if (m && m->format == GCN_FMT_SWIZZLE && strncmp(colon + 1, "swizzle(", 8) == 0) {
        swizzle_forms(g, i, kind, slot, m);
        return;
    }
    {
        int64_t v;
        char prefix[TOKEN_MAX + 2];
        gcn_inst out;
        snprintf(prefix, sizeof(prefix), "%s:", name);
        if (!int_token(colon + 1, &v))
            return;
        if (!expect_int(g, &g->c->inst, &tg, v, &out) || !same_bytes(g, &out))
            g->model_errors++;
        number_forms(g, 1, i, &tg, prefix, v, kind, slot);
        if (boundaries)
            boundary_forms(g, 1, i, &tg, prefix, kind, slot);
    }
}

/* ---- operands ----------------------------------------------------------------------------- */

static const char *const kind_names[] = {
#define KN(e, s) s,
    GCN_KIND_LIST(KN)
#undef KN
};

static void operand_forms(sctx *g, unsigned i, int boundaries)
{
    const gcn_operand_row *op = &g->row->operand[i];
    const char *tok = g->L.op[i];
    const char *slot = g->t->encodings[g->row->encoding].slot_name[op->slot];
    const char *kind = kind_names[op->kind];
    target tg;
    int64_t v;
    memset(&tg, 0, sizeof(tg));
    tg.op = op;
    if ((op->neg_slot != GCN_NO_SLOT || op->abs_slot != GCN_NO_SLOT) &&
        (tok[0] == '|' || strncmp(tok, "neg(", 4) == 0 ||
         (tok[0] == '-' && !is_dig(tok[1]) && tok[1] != '.'))) {
        source_mod_forms(g, i, tok, kind, slot);
        return;
    }
    if (int_token(tok, &v)) {
        gcn_inst out;
        if (!expect_int(g, &g->c->inst, &tg, v, &out) || !same_bytes(g, &out))
            g->model_errors++;
        number_forms(g, 0, i, &tg, "", v, kind, slot);
        if (boundaries)
            boundary_forms(g, 0, i, &tg, "", kind, slot);
        return;
    }
    if (strchr(tok, '.') && (is_dig(tok[0]) || tok[0] == '-')) {
        gcn_inst out;
        if (!expect_float(g, &g->c->inst, &tg, strtod(tok, NULL), &out) || !same_bytes(g, &out))
            g->model_errors++;
        float_forms(g, i, &tg, strtod(tok, NULL), kind, slot);
        if (boundaries)
            float_values(g, i, &tg, kind, slot);
        return;
    }
    register_forms(g, i, tok, kind, slot);
    alias_forms(g, i, tok, kind, slot);
    /* an operand that takes numbers: its boundaries once, from a register base too */
    if (boundaries && (op->kind == GCN_KIND_SSRC || op->kind == GCN_KIND_VSRC ||
                       op->kind == GCN_KIND_IMM || op->kind == GCN_KIND_LABEL ||
                       op->kind == GCN_KIND_SMEM_OFFSET || op->kind == GCN_KIND_SMRD_OFFSET)) {
        boundary_forms(g, 0, i, &tg, "", kind, slot);
        if (op->kind == GCN_KIND_SSRC || op->kind == GCN_KIND_VSRC)
            float_values(g, i, &tg, kind, slot);
    }
}

/* ---- lines -------------------------------------------------------------------------------- */

/* What leaving out operand op (one llvm-mc fills in) makes of the base: the instruction with
 * the operand's default text written out, through the expectation model. 0 (and a model
 * error) when the model cannot read the default. */
static int omitted_expect(sctx *g, const gcn_operand_row *op, gcn_inst *out)
{
    target tg;
    int64_t v;
    memset(&tg, 0, sizeof(tg));
    tg.op = op;
    if (int_token(op->omitted, &v) && expect_int(g, &g->c->inst, &tg, v, out))
        return 1;
    g->model_errors++;
    return 0;
}

static void line_forms(sctx *g)
{
    const line_t *L0 = &g->L;
    style st;
    line_t L;
    unsigned i;
    char text[GCN_SYNTAX_TEXT_MAX], up[64];
    const char *k = "line";
    st = canon;
    st.op_sep = ",";
    emit_line(g, L0, &st, "sep-no-blank", k, NULL, 1, NULL, 0);
    st = canon;
    st.op_sep = " , ";
    emit_line(g, L0, &st, "sep-blank-before-comma", k, NULL, 1, NULL, 0);
    st = (style){"\t", "\t", ",\t", "\t", "\t", "\t"};
    emit_line(g, L0, &st, "sep-tabs", k, NULL, 1, NULL, 0);
    st = (style){"   ", "   ", " ,   ", "   ", "   ", "   "};
    emit_line(g, L0, &st, "sep-many-blanks", k, NULL, 1, NULL, 0);
    if (L0->nop >= 2) {
        st = canon;
        st.op_sep = " ";
        emit_line(g, L0, &st, "sep-no-comma", k, NULL, 1, NULL, 0);
        st.op_sep = ",,";
        emit_line(g, L0, &st, "sep-double-comma", k, NULL, 0, NULL, 0);
    }
    if (L0->nop && L0->nmod) {
        st = canon;
        st.before_mods = ", ";
        emit_line(g, L0, &st, "sep-comma-before-modifier", k, NULL, 1, NULL, 0);
    }
    /* the separators and orders of two or more modifiers: modifier_line_forms, on the
     * instruction with every modifier set */
    if (L0->nop || L0->nmod) {
        st = canon;
        st.trail = ",";
        emit_line(g, L0, &st, "sep-trailing-comma", k, NULL, 1, NULL, 0);
        st = canon;
        st.after_mnem = " , ";
        emit_line(g, L0, &st, "sep-leading-comma", k, NULL, 0, NULL, 0);
    }
    st = canon;
    st.trail = " // a comment, s0, v0";
    emit_line(g, L0, &st, "comment-slashes", k, NULL, 1, NULL, 0);
    st.trail = " ; a comment; s0";
    emit_line(g, L0, &st, "comment-semicolon", k, NULL, 1, NULL, 0);
    st.trail = ";";
    emit_line(g, L0, &st, "comment-semicolon", k, NULL, 1, NULL, 0);
    st.trail = " # not a comment here";
    emit_line(g, L0, &st, "comment-hash", k, NULL, 0, NULL, 0);
    /* the mnemonic in upper and mixed case (LLVM takes both); the whole line upper case
     * (the documents' spelling) */
    L = *L0;
    upper(L.mnem, L0->mnem, sizeof(L.mnem));
    emit_line(g, &L, NULL, "mnemonic-upper", k, NULL, 1, NULL, 0);
    L.mnem[0] = L0->mnem[0];
    L.mnem[1] = L0->mnem[1];
    emit_line(g, &L, NULL, "mnemonic-mixed", k, NULL, 1, NULL, 0);
    render(L0, &canon, text, sizeof(text));
    upper(text, text, sizeof(text));
    emit_text(g, text, "line-upper", k, NULL, 1, NULL, 1);
    /* an operand too many: the last one again, or a 0 */
    L = *L0;
    if (L.nop < GCN_MAX_OPERANDS) {
        snprintf(L.op[L.nop], TOKEN_MAX, "%s", L.nop ? L.op[L.nop - 1] : "0");
        L.nop++;
        emit_line(g, &L, NULL, "operand-extra", k, NULL, 0, NULL, 0);
    }
    /* an operand after the modifiers */
    if (L0->nop && L0->nmod && L0->nmod < MAX_MODS) {
        L = *L0;
        snprintf(L.mod[L.nmod++], TOKEN_MAX, "%s", L0->op[L0->nop - 1]);
        L.nop--;
        emit_line(g, &L, NULL, "operand-after-modifiers", k, NULL, 0, NULL, 0);
    }
    /* each operand left out: its default where the spec says llvm-mc fills one in */
    for (i = 0; i < L0->nop; i++) {
        const gcn_operand_row *op = &g->row->operand[i];
        unsigned j;
        L = *L0;
        for (j = i; j + 1 < L.nop; j++)
            snprintf(L.op[j], TOKEN_MAX, "%s", L0->op[j + 1]);
        L.nop--;
        if (i + 1 < L0->nop || !op->omitted) {
            emit_line(g, &L, NULL, "operand-omitted", k, NULL, 0, NULL, 0);
        } else {
            gcn_inst out;
            if (!omitted_expect(g, op, &out))
                continue;
            /* the modifiers of the base stay; an SGPR-plus-immediate 'offset:' goes with its
             * SGPR */
            for (j = 0; j < L.nmod; j++)
                if (strncmp(L.mod[j], "offset:", 7) == 0 && !modifier_of(g, "offset", 6)) {
                    L.mod[j][0] = 0;
                    out.field[op->aux[2]] = 0;
                }
            {
                line_t M = L;
                unsigned n = 0;
                for (j = 0; j < L.nmod; j++)
                    if (L.mod[j][0])
                        snprintf(M.mod[n++], TOKEN_MAX, "%s", L.mod[j]);
                M.nmod = n;
                emit_line(g, &M, NULL, "operand-omitted", k, NULL, 1, &out, 0);
            }
        }
    }
    /* each value modifier left at 0 and written out */
    for (i = 0; i < g->row->nmodifiers; i++) {
        const gcn_modifier_row *m = &g->row->modifier[i];
        unsigned j;
        int present = 0;
        if (m->format == GCN_FMT_FLAG || !((m->gens >> g->gen) & 1) || !m->omit_zero)
            continue;
        for (j = 0; j < L0->nmod; j++)
            if (strncmp(L0->mod[j], m->asm_name, m->asm_len) == 0 && L0->mod[j][m->asm_len] == ':')
                present = 1;
        if (present || L0->nmod >= MAX_MODS)
            continue;
        /* in the row's order (LLVM's): before the modifiers that follow it there */
        L = *L0;
        {
            unsigned at = L.nmod, q, r;
            for (q = 0; q < L0->nmod && at == L.nmod; q++)
                for (r = i + 1; r < g->row->nmodifiers; r++)
                    if (strncmp(L0->mod[q], g->row->modifier[r].asm_name,
                                g->row->modifier[r].asm_len) == 0) {
                        at = q;
                        break;
                    }
            for (q = L.nmod; q > at; q--)
                snprintf(L.mod[q], TOKEN_MAX, "%s", L.mod[q - 1]);
            snprintf(L.mod[at], TOKEN_MAX, "%s:0", m->asm_name);
            L.nmod++;
        }
        emit_line(g, &L, NULL, "mod-zero-written", "mod-dec",
                  g->t->encodings[g->row->encoding].slot_name[m->slot], 1, NULL, 0);
    }
    (void)up;
}

/* The separators and orders of modifiers, on a line that has them all (full_variant); with
 * one modifier, the last operand left out before it. */
static void modifier_line_forms(sctx *g)
{
    const line_t *L0 = &g->L;
    style st;
    line_t L;
    unsigned i;
    const char *k = "line";
    if (!L0->nmod)
        return;
    /* the line itself: the forms below are refused with it where llvm-mc refuses it */
    emit_line(g, L0, NULL, "mod-all", k, NULL, 1, NULL, 0);
    if (L0->nmod < 2)
        goto omitted;
    st = canon;
    st.mod_sep = ", ";
    emit_line(g, L0, &st, "sep-comma-between-modifiers", k, NULL, 1, NULL, 0);
    st.before_mods = ", ";
    st.trail = ",";
    emit_line(g, L0, &st, "sep-commas-everywhere", k, NULL, 1, NULL, 0);
    st = canon;
    st.mod_sep = "  ";
    emit_line(g, L0, &st, "sep-many-blanks", k, NULL, 1, NULL, 0);
    /* modifiers in another order: gcnspec takes any (the documents list them as independent
     * optional parts); LLVM's syntax fixes theirs */
    L = *L0;
    for (i = 0; i < L.nmod; i++)
        snprintf(L.mod[i], TOKEN_MAX, "%s", L0->mod[L0->nmod - 1 - i]);
    emit_line(g, &L, NULL, "mod-order", k, NULL, 1, NULL, 1);
    /* each modifier twice */
    for (i = 0; i < L0->nmod && L0->nmod < MAX_MODS; i++) {
        L = *L0;
        snprintf(L.mod[L.nmod++], TOKEN_MAX, "%s", L0->mod[i]);
        emit_line(g, &L, NULL, "mod-twice", k, NULL, 0, NULL, 0);
    }
omitted:
    /* the last operand left out where it may be, with the modifiers after it */
    if (L0->nop && g->row->operand[L0->nop - 1].omitted) {
        gcn_inst out;
        L = *L0;
        L.nop--;
        if (omitted_expect(g, &g->row->operand[L0->nop - 1], &out)) {
            emit_line(g, &L, NULL, "operand-omitted", k, NULL, 1, &out, 0);
            st = canon;
            st.before_mods = ", ";
            emit_line(g, &L, &st, "operand-omitted", k, NULL, 1, &out, 0);
        }
    }
}

/* The instruction with every modifier of the generation set (flags, a value of 1, a swizzle),
 * as a base of its own for the modifier forms (the base case sets only the required ones). */
static void full_variant(sctx *g)
{
    gcn_enc_case fc = *g->c;
    const gcn_enc_case *saved_c = g->c;
    char saved_text[GCN_SYNTAX_TEXT_MAX];
    uint8_t saved_bytes[GCN_INST_MAX_BYTES];
    size_t saved_n = g->base_nbytes;
    line_t saved_L = g->L;
    unsigned k, any = 0;
    int literal = 0;
    for (k = 0; k < g->row->nmodifiers; k++) {
        const gcn_modifier_row *m = &g->row->modifier[k];
        unsigned w = width(g, m->slot);
        if (!((m->gens >> g->gen) & 1) || !w)
            continue;
        fc.inst.field[m->slot] = m->format == GCN_FMT_SWIZZLE ? 0x80e4u & ((1u << w) - 1) : 1;
        /* a buffer format: both parts away from their defaults, so that the line writes it */
        if (m->format == GCN_FMT_BUF_FORMAT) {
            fc.inst.field[m->slot] = (1u << w) - 2u;
            fc.inst.field[m->slot2] = (1u << width(g, m->slot2)) - 1u;
        }
        any++;
    }
    if (!any || gcn_codec_check_fields(g->t, &fc.inst) != GCN_OK ||
        gcn_codec_check_operands(g->t, &fc.inst, &literal) != GCN_OK)
        return;
    memcpy(saved_text, g->base_text, sizeof(saved_text));
    memcpy(saved_bytes, g->base_bytes, sizeof(saved_bytes));
    g->c = &fc;
    gcn_print(&fc.inst, g->base_text, sizeof(g->base_text));
    if (gcn_encode(&fc.inst, g->base_bytes, sizeof(g->base_bytes), &g->base_nbytes) == GCN_OK &&
        split(g->base_text, g->row->noperands, &g->L))
        modifier_line_forms(g);
    else
        g->model_errors++;
    g->c = saved_c;
    memcpy(g->base_text, saved_text, sizeof(saved_text));
    memcpy(g->base_bytes, saved_bytes, sizeof(saved_bytes));
    g->base_nbytes = saved_n;
    g->L = saved_L;
}

/* ---- bases -------------------------------------------------------------------------------- */

/* The instruction's signature: encoding, operand kinds and sizes, modifiers and formats. Two
 * instructions of one signature take their operands' values alike. */
static void signature(const sctx *g, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "%u", g->row->encoding);
    unsigned k;
    for (k = 0; k < g->row->noperands && n < size; k++)
        n += (size_t)snprintf(out + n, size - n, "|%u.%u", g->row->operand[k].kind,
                              g->row->operand[k].regs);
    for (k = 0; k < g->row->nmodifiers && n < size; k++)
        n += (size_t)snprintf(out + n, size - n, "|%s.%u", g->row->modifier[k].asm_name,
                              g->row->modifier[k].format);
}

/* ---- the constant bus and packed sources -------------------------------------------------- */

/* Two sources that may read a scalar value (the plan's constant bus sources, gcn_cbus_row),
 * written with the scalar values the rule counts (GcnInstrsVop*.md 'Limitations for operands';
 * E283: M0 and VCC count as SGPRs do; E284: one register twice is one value): an SGPR and M0
 * (V_WRITELANE_B32's value and lane select, E276), M0 and an SGPR, two SGPRs, one SGPR twice,
 * M0 twice, an SGPR and VCC_LO, a literal and an SGPR. Once per signature. The expectation is
 * the instruction the values make, refused where it breaks the rule (emit_text). */
static void cbus_forms(sctx *g)
{
    static const struct {
        const char *form, *a, *b;
    } pairs[] = {
        {"cbus-sgpr-m0", "s2", "m0"},        {"cbus-m0-sgpr", "m0", "s2"},
        {"cbus-two-sgprs", "s2", "s3"},      {"cbus-same-sgpr", "s2", "s2"},
        {"cbus-m0-m0", "m0", "m0"},          {"cbus-sgpr-vcc", "s2", "vcc_lo"},
        {"cbus-literal-sgpr", "0x64", "s2"},
    };
    const gcn_cbus_row *cb = &g->t->plans[(unsigned)g->gen * g->t->ninsns + g->c->inst.insn].cbus;
    const gcn_operand_row *oa = NULL, *ob = NULL;
    unsigned a = 0, b = 0, k;
    char key[256], sig[160];
    for (k = 0; k < cb->n && k < GCN_CBUS_SOURCES; k++) {
        const gcn_operand_row *o = &g->row->operand[cb->op[k]];
        if (o->regs != 1 || cb->op[k] >= g->L.nop)
            continue;
        if (!oa) {
            oa = o;
            a = cb->op[k];
        } else if (!ob) {
            ob = o;
            b = cb->op[k];
        }
    }
    if (!oa || !ob)
        return;
    signature(g, sig, sizeof(sig));
    snprintf(key, sizeof(key), "c|%s", sig);
    if (!gcn_strset_add(&g->seen, key))
        return;
    for (k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
        line_t L = g->L;
        gcn_inst out = g->c->inst, lit;
        target tg;
        int wide, ca, cbv = named_code(g, pairs[k].b, &wide), ok = 1;
        int64_t v;
        memset(&tg, 0, sizeof(tg));
        tg.op = oa;
        if (cbv < 0 || wide)
            continue;
        out.field[ob->slot] = (uint32_t)cbv;
        if (int_token(pairs[k].a, &v)) {
            ok = expect_int(g, &out, &tg, v, &lit);
            out = lit;
        } else {
            ca = named_code(g, pairs[k].a, &wide);
            if (ca < 0 || wide)
                continue;
            out.field[oa->slot] = (uint32_t)ca;
        }
        snprintf(L.op[a], TOKEN_MAX, "%s", pairs[k].a);
        snprintf(L.op[b], TOKEN_MAX, "%s", pairs[k].b);
        emit_line(g, &L, NULL, pairs[k].form, kind_names[oa->kind],
                  g->t->encodings[g->row->encoding].slot_name[oa->slot], ok, ok ? &out : NULL, 0);
    }
}

/* VOP3P's packed sources (two 16-bit values in a dword: the packed halves, format pk-f16, and
 * the packed integers, 32-bit sources of an instruction with per-source bits and no f16
 * source) written with the numbers whose halves matter: 0xffff (a half of ones, no inline
 * 32-bit value), 0x10000 (the high half's 1), 0x3c003c00 (1.0 in both halves), 0x3c00 (1.0's
 * half), 0x10001 (1 in both). Once per instruction and source. */
static void packed_forms(sctx *g)
{
    static const char *const values[] = {"0xffff", "0x10000", "0x3c003c00", "0x3c00", "0x10001"};
    unsigned i, k;
    int bits = 0, half = 0;
    for (k = 0; k < g->row->nmodifiers; k++)
        bits |= g->row->modifier[k].format == GCN_FMT_SRC_BITS;
    for (i = 0; i < g->row->noperands; i++)
        half |= g->row->operand[i].format == GCN_FMT_F16;
    if (!bits || half)
        return;
    for (i = 0; i < g->row->noperands && i < g->L.nop; i++) {
        const gcn_operand_row *op = &g->row->operand[i];
        char key[64];
        target tg;
        if (op->kind != GCN_KIND_VSRC || op->regs != 1 ||
            (op->format != GCN_FMT_PK_F16 && op->format != GCN_FMT_DEC))
            continue;
        snprintf(key, sizeof(key), "p|%u|%u", g->c->inst.insn, i);
        if (!gcn_strset_add(&g->seen, key))
            continue;
        memset(&tg, 0, sizeof(tg));
        tg.op = op;
        for (k = 0; k < sizeof(values) / sizeof(values[0]); k++) {
            int64_t v;
            if (int_token(values[k], &v))
                emit_value(g, 0, i, &tg, values[k], "num-packed", kind_names[op->kind],
                           g->t->encodings[g->row->encoding].slot_name[op->slot], 0, v, 0);
        }
    }
}

/* The cases whose value matters (every special register, float, condition, literal and swizzle
 * form; a few integers) are taken once per signature; the others once per instruction. */
static int wanted(sctx *g, const char *tok)
{
    const gcn_enc_case *c = g->c;
    char key[256], sig[160];
    int per_value = strcmp(c->what, "special") == 0 || strcmp(c->what, "inline-float") == 0 ||
                    strcmp(c->what, "cond") == 0 || strcmp(c->what, "literal") == 0 ||
                    strcmp(c->what, "swizzle") == 0 || strcmp(c->what, "inline-int") == 0;
    if (strcmp(c->what, "base") == 0)
        return 1;
    if (strcmp(c->what, "inline-int") == 0) {
        static const char *const picks[] = {"0", "1", "16", "64", "-1", "-16"};
        size_t k;
        for (k = 0; k < sizeof(picks) / sizeof(picks[0]); k++)
            if (strcmp(tok, picks[k]) == 0)
                break;
        if (k == sizeof(picks) / sizeof(picks[0]))
            return 0;
    }
    if (per_value) {
        signature(g, sig, sizeof(sig));
        snprintf(key, sizeof(key), "v|%s|%s|%s", sig, c->slot ? c->slot : "-", tok);
    } else {
        snprintf(key, sizeof(key), "w|%u|%s|%s", c->inst.insn, c->slot ? c->slot : "-", c->what);
    }
    return gcn_strset_add(&g->seen, key);
}

static int on_case(const gcn_enc_case *c, void *ctx)
{
    sctx *g = ctx;
    unsigned i;
    char key[128];
    gcn_inst back;
    if (!c->canonical)
        return 0;
    {
        /* an operand written as a macro with blanks and commas inside (hwreg(ID, 0, 1),
         * sendmsg(...), vmcnt(0) expcnt(0)): the line splitter below reads operands by those,
         * so these instructions get no syntax variants yet; test_codec_llvm_mc holds their
         * canonical text and every value LLVM names to llvm-mc */
        const gcn_insn_row *row = &g->t->insns[c->inst.insn];
        for (i = 0; i < row->noperands; i++)
            if (row->operand[i].format == GCN_FMT_WAITCNT ||
                row->operand[i].format == GCN_FMT_SENDMSG ||
                row->operand[i].format == GCN_FMT_HWREG)
                return 0;
        /* an operand its flag leaves out (an atomic's VDST without glc): the splitter reads
         * the row's operands in order, so the case whose text lacks one gets no variants; the
         * form with the flag gets them all, and test_codec_llvm_mc holds both texts to llvm-mc */
        for (i = 0; i < row->noperands; i++)
            if (gcn_operand_absent(&row->operand[i], c->inst.field))
                return 0;
    }
    g->c = c;
    g->row = &g->t->insns[c->inst.insn];
    g->l = codec_layout(g->t, (unsigned)g->gen, c->inst.encoding);
    gcn_print(&c->inst, g->base_text, sizeof(g->base_text));
    if (gcn_encode(&c->inst, g->base_bytes, sizeof(g->base_bytes), &g->base_nbytes) != GCN_OK ||
        !split(g->base_text, g->row->noperands, &g->L)) {
        g->model_errors++;
        return 0;
    }
    (void)back;
    if (strcmp(c->what, "base") == 0) {
        line_forms(g);
        full_variant(g);
        cbus_forms(g);
        packed_forms(g);
        for (i = 0; i < g->L.nop; i++) {
            snprintf(key, sizeof(key), "b|%u|%u", c->inst.insn, i);
            operand_forms(g, i, gcn_strset_add(&g->seen, key));
        }
        for (i = 0; i < g->L.nmod; i++)
            modifier_forms(g, i, 0);
        return g->stop;
    }
    /* the operand or modifier the case varies */
    for (i = 0; i < g->row->noperands; i++) {
        const gcn_operand_row *op = &g->row->operand[i];
        if (!c->slot || strcmp(g->t->encodings[g->row->encoding].slot_name[op->slot], c->slot))
            continue;
        if (wanted(g, g->L.op[i])) {
            snprintf(key, sizeof(key), "b|%u|%u", c->inst.insn, i);
            operand_forms(g, i, gcn_strset_add(&g->seen, key));
            /* the SGPR-plus-immediate form's 'offset:' */
            if (strcmp(c->what, "smem-soe") == 0) {
                unsigned j;
                for (j = 0; j < g->L.nmod; j++)
                    if (strncmp(g->L.mod[j], "offset:", 7) == 0)
                        modifier_forms(g, j, 1);
            }
        }
        return g->stop;
    }
    for (i = 0; i < g->L.nmod; i++) {
        const char *colon = strchr(g->L.mod[i], ':');
        size_t n = colon ? (size_t)(colon - g->L.mod[i]) : strlen(g->L.mod[i]);
        const gcn_modifier_row *m = modifier_of(g, g->L.mod[i], n);
        if (!m || !c->slot || strcmp(g->t->encodings[g->row->encoding].slot_name[m->slot], c->slot))
            continue;
        if (wanted(g, g->L.mod[i])) {
            snprintf(key, sizeof(key), "m|%u|%s", c->inst.insn, c->slot);
            modifier_forms(g, i, gcn_strset_add(&g->seen, key));
        }
    }
    return g->stop;
}

size_t gcn_syntax_cases(int gen, int (*fn)(const gcn_syntax_case *c, void *ctx), void *ctx,
                        size_t *model_errors)
{
    sctx g;
    memset(&g, 0, sizeof(g));
    g.t = gcn_codec_tables();
    g.gen = gen;
    g.fn = fn;
    g.ctx = ctx;
    if (gen >= 0 && (unsigned)gen < g.t->ngens)
        gcn_enc_cases(gen, on_case, &g);
    gcn_strset_free(&g.seen);
    if (model_errors)
        *model_errors = g.model_errors;
    return g.count;
}
