#include "enc_vectors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/vector.h"

#include "codec/catalogue.h"
#include "codec/codec_internal.h"
#include "util/strset.h"
#include "vectors/enc_cases.h"

typedef struct case_list {
    gcn_enc_case *v;
    size_t n, cap;
    size_t *first; /* [insn]: the first case of the instruction row; [ninsns]: n */
} case_list;

struct gcn_enc_vectors {
    const gcn_tables *t;
    case_list gen[GCN_MAX_GENS];
};

/* ---- the cases of every generation ----------------------------------------------------------- */

static int collect(const gcn_enc_case *c, void *ctx)
{
    case_list *l = ctx;
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 8192;
        gcn_enc_case *v = realloc(l->v, ncap * sizeof(*v));
        if (!v)
            return 1;
        l->v = v;
        l->cap = ncap;
    }
    l->v[l->n++] = *c;
    return 0;
}

void gcn_enc_vectors_close(gcn_enc_vectors *g)
{
    unsigned i;
    if (!g)
        return;
    for (i = 0; i < GCN_MAX_GENS; i++) {
        free(g->gen[i].v);
        free(g->gen[i].first);
    }
    free(g);
}

gcn_status gcn_enc_vectors_open(gcn_enc_vectors **out)
{
    gcn_enc_vectors *g = calloc(1, sizeof(*g));
    unsigned gen, i;
    *out = NULL;
    if (!g)
        return GCN_ERR_NOMEM;
    g->t = gcn_codec_tables();
    for (gen = 0; gen < g->t->ngens && gen < GCN_MAX_GENS; gen++) {
        case_list *l = &g->gen[gen];
        size_t k = 0;
        size_t made = gcn_enc_cases((int)gen, collect, l);
        l->first = calloc(g->t->ninsns + 1, sizeof(*l->first));
        if (made != l->n || !l->first) {
            gcn_enc_vectors_close(g);
            return GCN_ERR_NOMEM;
        }
        /* gcn_enc_cases walks the instruction rows in order */
        for (i = 0; i <= g->t->ninsns; i++) {
            while (k < l->n && l->v[k].inst.insn < i)
                k++;
            l->first[i] = k;
        }
    }
    *out = g;
    return GCN_OK;
}

/* ---- one run: the vectors of a generation ----------------------------------------------------
 */

typedef struct run {
    const gcn_enc_vectors *g;
    const gcn_tables *t;
    unsigned gen;
    unsigned enc_mask;
    uint64_t seed;
    int (*emit)(const gcn_vector *v, void *ctx);
    void *ctx;
    gcn_enc_vector_stats *stats;
    int stop;
    gcn_strset seen; /* the must-reject texts of the run, so none is emitted twice */
} run;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t width_mask(unsigned w)
{
    return w >= 64 ? ~0ull : (1ull << w) - 1;
}

static uint64_t slot_mask(gcn_slot_row s)
{
    return s.width ? width_mask(s.width) << s.lo : 0;
}

static size_t word_bytes(const gcn_layout_row *l)
{
    return l->bytes < 8 ? l->bytes : 8;
}

static uint64_t load_word(const gcn_layout_row *l, const uint8_t *b)
{
    return codec_load(b, word_bytes(l));
}

static void store_word(const gcn_layout_row *l, uint8_t *b, uint64_t w)
{
    size_t i;
    for (i = 0; i < word_bytes(l); i++)
        b[i] = (uint8_t)(w >> (8 * i));
}

static void vec_init(gcn_vector *v, const run *r, int insn, unsigned enc, const char *cls,
                     const char *field)
{
    memset(v, 0, sizeof(*v));
    v->kind = GCN_VKIND_ENCODING;
    v->gen = (uint8_t)r->gen;
    v->encoding = (uint8_t)enc;
    v->insn = insn;
    v->cls = cls;
    v->field = field;
    v->scalar_code = -1;
}

static void put(run *r, const gcn_vector *v)
{
    if (r->stop)
        return;
    if (r->emit(v, r->ctx))
        r->stop = 1;
    else
        r->stats->emitted++;
}

static int print_to(const gcn_inst *in, char *buf, size_t size)
{
    return gcn_print(in, buf, size) < size;
}

static int encode_to(const gcn_inst *in, uint8_t *b, uint8_t *n)
{
    size_t len = 0;
    if (gcn_encode(in, b, GCN_VEC_BYTES_MAX, &len) != GCN_OK)
        return 0;
    *n = (uint8_t)len;
    return 1;
}

/* text -> bytes with our assembler */
static int assemble(unsigned gen, const char *text, uint8_t *b, uint8_t *n, gcn_inst *out)
{
    gcn_diag d;
    gcn_inst tmp;
    if (!out)
        out = &tmp;
    return gcn_parse((int)gen, text, out, &d) == GCN_OK && encode_to(out, b, n);
}

static int same_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    return na == nb && memcmp(a, b, na) == 0;
}

static const gcn_operand_row *operand_at(const gcn_tables *t, const gcn_insn_row *row,
                                         const char *slot)
{
    unsigned i;
    for (i = 0; slot && i < row->noperands; i++)
        if (strcmp(t->encodings[row->encoding].slot_name[row->operand[i].slot], slot) == 0)
            return &row->operand[i];
    return NULL;
}

static const gcn_modifier_row *modifier_at(const gcn_tables *t, const gcn_insn_row *row,
                                           const char *slot)
{
    unsigned i;
    for (i = 0; slot && i < row->nmodifiers; i++)
        if (strcmp(t->encodings[row->encoding].slot_name[row->modifier[i].slot], slot) == 0)
            return &row->modifier[i];
    return NULL;
}

static int is(const char *a, const char *b)
{
    return a && strcmp(a, b) == 0;
}

/* The scalar operand code a case exercises, -1 when it exercises none. */
static int scalar_code_of(const run *r, const gcn_enc_case *c)
{
    const gcn_operand_row *op = operand_at(r->t, &r->t->insns[c->inst.insn], c->slot);
    static const char *const classes[] = {"sgpr",       "ttmp",         "special", "literal",
                                          "inline-int", "inline-float", "cond",    "smem-sgpr",
                                          "smrd-sgpr",  "smrd-literal", "sbase",   NULL};
    size_t i;
    if (!op)
        return -1;
    for (i = 0; classes[i]; i++)
        if (is(c->what, classes[i]))
            return (int)(c->inst.field[op->slot] * (op->kind == GCN_KIND_SBASE ? 2u : 1u));
    return -1;
}

/* The one occurrence of tok in text as a whole token (after a start, blank, ',' or ':'; before
 * an end, blank or ','), NULL when there is none or more than one. */
static const char *find_token(const char *text, const char *tok)
{
    const char *p = text, *hit = NULL;
    size_t n = strlen(tok);
    while ((p = strstr(p, tok)) != NULL) {
        int before = p == text || p[-1] == ' ' || p[-1] == ',' || p[-1] == ':';
        int after = p[n] == 0 || p[n] == ' ' || p[n] == ',';
        if (before && after) {
            if (hit)
                return NULL;
            hit = p;
        }
        p++;
    }
    return hit;
}

/* text with [at, at + n) replaced by rep; 0 when it does not fit */
static int splice(const char *text, const char *at, size_t n, const char *rep, char *out,
                  size_t size)
{
    int w = snprintf(out, size, "%.*s%s%s", (int)(at - text), text, rep, at + n);
    return w > 0 && (size_t)w < size;
}

static int replace_token(const char *text, const char *tok, const char *rep, char *out, size_t size)
{
    const char *at = find_token(text, tok);
    return at && splice(text, at, strlen(tok), rep, out, size);
}

/* ---- emitting must-reject vectors ----------------------------------------------------------- */

static void reject_text(run *r, int insn, unsigned enc, const char *cls, const char *field,
                        gcn_verr err, const char *text, int scalar_code)
{
    gcn_vector v;
    gcn_inst p;
    gcn_diag d;
    gcn_status st;
    if (r->stop || strlen(text) >= sizeof(v.asm_text) || !gcn_strset_add(&r->seen, text))
        return;
    gcn_diag_clear(&d);
    st = gcn_parse((int)r->gen, text, &p, &d);
    if (st == GCN_OK) {
        if (getenv("GCN_VEC_DEBUG"))
            fprintf(stderr, "accepted %s: %s (%s)\n", gcn_gen_id((int)r->gen), text, cls);
        r->stats->dropped_accepted++;
        return;
    }
    vec_init(&v, r, insn, enc, cls, field);
    v.tag = GCN_VTAG_MUST_REJECT;
    v.error_class = (uint8_t)err;
    v.scalar_code = scalar_code;
    gcn_vec_copy(v.asm_text, sizeof(v.asm_text), text);
    gcn_vec_copy(v.status, sizeof(v.status), gcn_status_str(st));
    snprintf(v.message, sizeof(v.message), "%.*s", (int)sizeof(v.message) - 1, d.msg);
    v.column = d.col;
    put(r, &v);
}

static void reject_bytes(run *r, int insn, unsigned enc, const char *cls, const char *field,
                         gcn_verr err, const uint8_t *b, size_t n, int scalar_code)
{
    gcn_vector v;
    gcn_inst d;
    gcn_status st;
    if (r->stop || n > GCN_VEC_BYTES_MAX)
        return;
    st = gcn_decode((int)r->gen, b, n, &d);
    if (st == GCN_OK) {
        if (getenv("GCN_VEC_DEBUG"))
            fprintf(stderr, "accepted %s: bytes (%s)\n", gcn_gen_id((int)r->gen), cls);
        r->stats->dropped_accepted++;
        return;
    }
    vec_init(&v, r, insn, enc, cls, field);
    v.tag = GCN_VTAG_MUST_REJECT;
    v.error_class = (uint8_t)err;
    v.scalar_code = scalar_code;
    memcpy(v.bytes, b, n);
    v.nbytes = (uint8_t)n;
    gcn_vec_copy(v.status, sizeof(v.status), gcn_status_str(st));
    gcn_decode_why((int)r->gen, b, n, v.message, sizeof(v.message));
    put(r, &v);
}

/* ---- vectors derived from one exact case ---------------------------------------------------- */

static void tuple_name(char *out, size_t size, const char *prefix, int index, unsigned regs)
{
    if (regs == 1)
        snprintf(out, size, "%s%d", prefix, index);
    else
        snprintf(out, size, "%s[%d:%d]", prefix, index, index + (int)regs - 1);
}

static int reg_valid(const run *r, int ttmp, int index, unsigned regs, int dst)
{
    unsigned code;
    if (index < 0 || index >= 128)
        return 0;
    code = r->t->reg_code[(r->gen * 2u + (unsigned)ttmp) * 128u + (unsigned)index];
    return code != 0xff && codec_scalar_reg_ok(r->t, r->gen, code, regs, dst);
}

/* A register operand at one end of its file: the tuple past the end; the second tuple of a
 * file: the misaligned ones beside it. */
static void derive_register(run *r, const gcn_enc_case *c, const gcn_operand_row *op,
                            const char *text)
{
    unsigned code = c->inst.field[op->slot] * (op->kind == GCN_KIND_SBASE ? 2u : 1u);
    int offset = op->kind == GCN_KIND_SMEM_OFFSET || op->kind == GCN_KIND_SMRD_OFFSET;
    unsigned regs = offset ? 1 : op->regs;
    int dst =
        op->kind == GCN_KIND_SDST || op->kind == GCN_KIND_SGPR || op->kind == GCN_KIND_SMEM_OFFSET;
    const gcn_scalar_row *s = codec_scalar(r->t, r->gen, code);
    int ttmp = s->sclass == GCN_SC_TTMP, insn = c->inst.insn;
    unsigned enc = r->t->insns[insn].encoding;
    const char *prefix = ttmp ? "ttmp" : "s";
    char old[32], rep[32], out[GCN_VEC_TEXT_MAX];
    if (s->sclass != GCN_SC_SGPR && !ttmp)
        return;
    tuple_name(old, sizeof(old), prefix, s->index, regs);
    if (!reg_valid(r, ttmp, s->index + (int)regs, regs, dst)) {
        tuple_name(rep, sizeof(rep), prefix, s->index + (int)regs, regs);
        if (replace_token(text, old, rep, out, sizeof(out)))
            reject_text(r, insn, enc, c->what, c->slot, GCN_VERR_OUT_OF_RANGE, out, -1);
        else
            r->stats->dropped_other++;
    }
    if (regs >= 2 && s->index == (int)regs) {
        int k;
        for (k = 1; k < (int)regs && k <= 2; k++) {
            tuple_name(rep, sizeof(rep), prefix, s->index + k, regs);
            if (k == 2 && regs < 4)
                break;
            if (replace_token(text, old, rep, out, sizeof(out)))
                reject_text(r, insn, enc, c->what, c->slot, GCN_VERR_MISALIGNED, out, -1);
            else
                r->stats->dropped_other++;
        }
    }
}

/* v written as the text writes it (decimal, hex, negative hex), with v + delta in its place */
static int replace_value(const char *text, const char *prefix, long long v, long long delta,
                         char *out, size_t size)
{
    char tok[64], rep[64];
    long long nv = v + delta;
    int form;
    for (form = 0; form < 2; form++) {
        if (form == 0) {
            snprintf(tok, sizeof(tok), "%s%lld", prefix, v);
            snprintf(rep, sizeof(rep), "%s%lld", prefix, nv);
        } else if (v < 0) {
            snprintf(tok, sizeof(tok), "%s-0x%llx", prefix, -v);
            snprintf(rep, sizeof(rep), "%s-0x%llx", prefix, -nv);
        } else {
            snprintf(tok, sizeof(tok), "%s0x%llx", prefix, v);
            snprintf(rep, sizeof(rep), "%s0x%llx", prefix, nv);
        }
        if (replace_token(text, tok, rep, out, size))
            return 1;
    }
    return 0;
}

static void derive_immediate(run *r, const gcn_enc_case *c, const gcn_operand_row *op,
                             const char *text)
{
    const gcn_layout_row *l = codec_layout(r->t, r->gen, c->inst.encoding);
    unsigned w = l->slot[op->slot].width;
    uint32_t raw = c->inst.field[op->slot];
    char out[GCN_VEC_TEXT_MAX];
    long long v = (long long)raw, delta = 0;
    if (op->kind == GCN_KIND_SMEM_OFFSET && is(c->what, "smem-imm")) {
        int sgn = (op->signed_gens >> r->gen) & 1;
        v = codec_smem_imm(op, l, r->gen, raw);
        if (v == (long long)width_mask(sgn ? w - 1 : w))
            delta = 1;
        else if (sgn && v == -(1ll << (w - 1)))
            delta = -1;
    } else if ((op->kind == GCN_KIND_IMM && is(c->what, "imm")) ||
               (op->kind == GCN_KIND_SMRD_OFFSET && is(c->what, "smrd-imm"))) {
        if (raw == width_mask(w) && raw)
            delta = 1;
    }
    if (!delta)
        return;
    if (replace_value(text, "", v, delta, out, sizeof(out)))
        reject_text(r, c->inst.insn, c->inst.encoding, c->what, c->slot, GCN_VERR_OUT_OF_RANGE, out,
                    -1);
    else
        r->stats->dropped_other++;
}

static void derive_modifier(run *r, const gcn_enc_case *c, const gcn_modifier_row *m,
                            const char *text)
{
    char prefix[40], out[GCN_VEC_TEXT_MAX];
    snprintf(prefix, sizeof(prefix), "%s:", m->asm_name);
    if (replace_value(text, prefix, (long long)c->inst.field[m->slot], 1, out, sizeof(out)))
        reject_text(r, c->inst.insn, c->inst.encoding, c->what, c->slot, GCN_VERR_OUT_OF_RANGE, out,
                    -1);
    else
        r->stats->dropped_other++;
}

/* The inline constants a literal case stands in for: every float constant and the ends of the
 * integer range with 0 and -1. */
static int alias_constant(const run *r, unsigned code)
{
    const gcn_scalar_row *s = codec_scalar(r->t, r->gen, code);
    int lo = 0, hi = 0;
    unsigned c;
    if (s->sclass == GCN_SC_INLINE_FLOAT)
        return 1;
    if (s->sclass != GCN_SC_INLINE_INT)
        return 0;
    for (c = 0; c < 256; c++) {
        const gcn_scalar_row *x = codec_scalar(r->t, r->gen, c);
        if (x->sclass == GCN_SC_INLINE_INT) {
            lo = x->ivalue < lo ? x->ivalue : lo;
            hi = x->ivalue > hi ? x->ivalue : hi;
        }
    }
    return s->ivalue == lo || s->ivalue == hi || s->ivalue == 0 || s->ivalue == -1;
}

/* From a 32-bit source holding a literal: the inline constants written as hexadecimal literals
 * (alias texts: they assemble to the inline code), and literals holding an inline constant's
 * value (non-canonical bytes: they print and re-encode as the inline code); and a literal that
 * does not fit 32 bits. */
static void derive_literal(run *r, const gcn_enc_case *c, const gcn_operand_row *op,
                           const char *text)
{
    char lit[24], out[GCN_VEC_TEXT_MAX];
    unsigned code;
    snprintf(lit, sizeof(lit), "0x%x", c->inst.literal);
    if (op->kind == GCN_KIND_SMRD_OFFSET) {
        if (c->inst.literal == 0xffffffffu &&
            replace_value(text, "", 0xffffffffll, 1, out, sizeof(out)))
            reject_text(r, c->inst.insn, c->inst.encoding, c->what, c->slot, GCN_VERR_OUT_OF_RANGE,
                        out, -1);
        return;
    }
    if (op->kind != GCN_KIND_SSRC || op->regs != 1 || c->inst.literal != 0x12345678u)
        return;
    if (replace_value(text, "", 0x12345678ll, 0x100000000ll, out, sizeof(out)))
        reject_text(r, c->inst.insn, c->inst.encoding, c->what, c->slot, GCN_VERR_OUT_OF_RANGE, out,
                    -1);
    for (code = 0; code < 256 && !r->stop; code++) {
        const gcn_scalar_row *s = codec_scalar(r->t, r->gen, code);
        uint32_t v32;
        gcn_inst in = c->inst;
        gcn_vector v;
        uint8_t ib[GCN_VEC_BYTES_MAX], nib;
        char rep[24];
        if (!alias_constant(r, code))
            continue;
        v32 = s->sclass == GCN_SC_INLINE_INT ? (uint32_t)s->ivalue : s->f32;
        /* the inline form */
        in.field[op->slot] = code;
        in.has_literal = 0;
        in.literal = 0;
        in.size = (uint8_t)(in.size - 4);
        if (!encode_to(&in, ib, &nib))
            continue;
        /* alias: the hexadecimal literal text */
        vec_init(&v, r, c->inst.insn, c->inst.encoding, "hex-inline-constant", c->slot);
        snprintf(rep, sizeof(rep), "0x%x", v32);
        v.scalar_code = (int)code;
        if (replace_token(text, lit, rep, v.asm_text, sizeof(v.asm_text)) &&
            assemble(r->gen, v.asm_text, v.bytes, &v.nbytes, NULL) &&
            same_bytes(v.bytes, v.nbytes, ib, nib) &&
            print_to(&in, v.canonical_asm, sizeof(v.canonical_asm)) &&
            strcmp(v.canonical_asm, v.asm_text) != 0) {
            v.tag = GCN_VTAG_ALIAS;
            put(r, &v);
        } else {
            r->stats->dropped_other++;
        }
        /* canonicalizes: the literal holding the value (-16 comes with the cases already) */
        if (v32 == 0xfffffff0u)
            continue;
        in = c->inst;
        in.literal = v32;
        vec_init(&v, r, c->inst.insn, c->inst.encoding, "literal-inline-value", c->slot);
        v.scalar_code = (int)code;
        if (encode_to(&in, v.bytes, &v.nbytes) && print_to(&in, v.asm_text, sizeof(v.asm_text)) &&
            assemble(r->gen, v.asm_text, v.canonical_bytes, &v.ncanonical_bytes, NULL) &&
            same_bytes(v.canonical_bytes, v.ncanonical_bytes, ib, nib)) {
            v.tag = GCN_VTAG_CANONICALIZES;
            put(r, &v);
        } else {
            r->stats->dropped_other++;
        }
    }
}

/* offset:swizzle(...) written as the number it stands for: the same bytes, printed as the
 * swizzle form */
static void derive_swizzle_number(run *r, const gcn_enc_case *c, const gcn_modifier_row *m,
                                  const gcn_vector *exact)
{
    char head[48], num[48];
    const char *at, *end;
    gcn_vector v;
    snprintf(head, sizeof(head), "%s:swizzle(", m->asm_name);
    at = strstr(exact->asm_text, head);
    end = at ? strchr(at, ')') : NULL;
    if (!at || !end)
        return;
    snprintf(num, sizeof(num), "%s:%u", m->asm_name, c->inst.field[m->slot]);
    vec_init(&v, r, c->inst.insn, c->inst.encoding, "swizzle-number", c->slot);
    if (splice(exact->asm_text, at, (size_t)(end + 1 - at), num, v.asm_text, sizeof(v.asm_text)) &&
        assemble(r->gen, v.asm_text, v.bytes, &v.nbytes, NULL) &&
        same_bytes(v.bytes, v.nbytes, exact->bytes, exact->nbytes)) {
        memcpy(v.canonical_asm, exact->asm_text, sizeof(v.canonical_asm));
        v.tag = GCN_VTAG_ALIAS;
        put(r, &v);
    } else {
        r->stats->dropped_other++;
    }
}

static int same_lanes(uint32_t a, uint32_t b)
{
    unsigned lane;
    for (lane = 0; lane < 32; lane++)
        if (codec_swizzle_lane(a, lane) != codec_swizzle_lane(b, lane))
            return 0;
    return 1;
}

static const gcn_modifier_row *swizzle_modifier(const gcn_insn_row *row)
{
    unsigned i;
    for (i = 0; i < row->nmodifiers; i++)
        if (row->modifier[i].format == GCN_FMT_SWIZZLE)
            return &row->modifier[i];
    return NULL;
}

/* One case: its vector, tagged by what our own assembler makes of its text, then the vectors
 * derived from it. */
static void case_vectors(run *r, const gcn_enc_case *c)
{
    const gcn_insn_row *row = &r->t->insns[c->inst.insn];
    const gcn_operand_row *op = operand_at(r->t, row, c->slot);
    const gcn_modifier_row *m = modifier_at(r->t, row, c->slot);
    gcn_vector v;
    gcn_inst p;
    char again[GCN_VEC_TEXT_MAX];
    vec_init(&v, r, c->inst.insn, row->encoding, c->what, c->slot);
    v.scalar_code = scalar_code_of(r, c);
    if (!encode_to(&c->inst, v.bytes, &v.nbytes) ||
        !print_to(&c->inst, v.asm_text, sizeof(v.asm_text)) ||
        !assemble(r->gen, v.asm_text, v.canonical_bytes, &v.ncanonical_bytes, &p)) {
        r->stats->dropped_other++;
        return;
    }
    if (same_bytes(v.bytes, v.nbytes, v.canonical_bytes, v.ncanonical_bytes)) {
        v.ncanonical_bytes = 0;
        memset(v.canonical_bytes, 0, sizeof(v.canonical_bytes));
        v.tag = GCN_VTAG_EXACT;
        put(r, &v);
        if (op && is(c->what, "vgpr-last")) {
            char old[32], rep[32], out[GCN_VEC_TEXT_MAX];
            tuple_name(old, sizeof(old), "v", 256 - op->regs, op->regs);
            tuple_name(rep, sizeof(rep), "v", 257 - op->regs, op->regs);
            if (replace_token(v.asm_text, old, rep, out, sizeof(out)))
                reject_text(r, c->inst.insn, row->encoding, c->what, c->slot, GCN_VERR_OUT_OF_RANGE,
                            out, -1);
            else
                r->stats->dropped_other++;
        }
        if (op && (is(c->what, "sgpr") || is(c->what, "ttmp") || is(c->what, "smem-sgpr") ||
                   is(c->what, "smrd-sgpr") || is(c->what, "sbase")))
            derive_register(r, c, op, v.asm_text);
        if (op)
            derive_immediate(r, c, op, v.asm_text);
        if (op && (is(c->what, "literal") || is(c->what, "smrd-literal")))
            derive_literal(r, c, op, v.asm_text);
        if (m && is(c->what, "modifier-max"))
            derive_modifier(r, c, m, v.asm_text);
        if (m && m->format == GCN_FMT_SWIZZLE && is(c->what, "swizzle"))
            derive_swizzle_number(r, c, m, &v);
        return;
    }
    /* the text stands for other bytes: they must print the same text */
    if (!print_to(&p, again, sizeof(again)) || strcmp(again, v.asm_text) != 0) {
        r->stats->dropped_other++;
        return;
    }
    if (m && m->format == GCN_FMT_SWIZZLE) {
        if (!same_lanes(c->inst.field[m->slot], p.field[m->slot])) {
            r->stats->dropped_lossy++;
            return;
        }
        v.cls = "swizzle-bits";
        v.tag = GCN_VTAG_ALIAS;
    } else {
        if (is(c->what, "literal"))
            v.cls = "literal-inline-value";
        v.tag = GCN_VTAG_CANONICALIZES;
    }
    put(r, &v);
}

/* ---- vectors made per instruction ------------------------------------------------------------
 */

/* The positioned fields the instruction uses on this generation. */
static uint64_t used_mask(const run *r, int insn, int except_slot)
{
    const gcn_plan_row *pl = &r->t->plans[r->gen * r->t->ninsns + (unsigned)insn];
    uint64_t m = 0;
    unsigned k;
    for (k = 0; k < pl->n; k++)
        if ((int)pl->op[k].slot != except_slot)
            m |= width_mask(pl->op[k].width) << pl->op[k].lo;
    return m;
}

static void try_noncanonical(run *r, const gcn_enc_case *base, const gcn_vector *bv, uint64_t m,
                             const char *cls, const char *field)
{
    const gcn_layout_row *l = codec_layout(r->t, r->gen, base->inst.encoding);
    gcn_vector v;
    gcn_inst d;
    uint8_t again[GCN_VEC_BYTES_MAX], nagain;
    vec_init(&v, r, base->inst.insn, base->inst.encoding, cls, field);
    memcpy(v.bytes, bv->bytes, bv->nbytes);
    v.nbytes = bv->nbytes;
    store_word(l, v.bytes, load_word(l, v.bytes) | m);
    if (gcn_decode((int)r->gen, v.bytes, v.nbytes, &d) != GCN_OK ||
        !print_to(&d, v.asm_text, sizeof(v.asm_text)) || !encode_to(&d, again, &nagain))
        return; /* the decoder reads these bits (or refuses them): not a don't-care */
    if (strcmp(v.asm_text, bv->asm_text) != 0 || !same_bytes(again, nagain, bv->bytes, bv->nbytes))
        return; /* the bits belong to a field the instruction uses */
    memcpy(v.canonical_bytes, bv->bytes, bv->nbytes);
    v.ncanonical_bytes = bv->nbytes;
    v.tag = GCN_VTAG_CANONICALIZES;
    put(r, &v);
}

/* Bytes with bits set that the instruction does not use: each field it leaves unused (or whose
 * value it ignores in this form), and the bits no field covers. */
static void noncanonical_vectors(run *r, const gcn_enc_case *base, const gcn_vector *bv)
{
    const gcn_layout_row *l = codec_layout(r->t, r->gen, base->inst.encoding);
    const gcn_encoding_row *e = &r->t->encodings[base->inst.encoding];
    uint64_t fixed = l->match_mask | slot_mask(l->slot[l->opcode_slot]);
    uint64_t all = 0, wmask = width_mask(8 * (unsigned)word_bytes(l));
    unsigned s;
    for (s = 0; s < e->nslots; s++) {
        uint64_t m;
        all |= slot_mask(l->slot[s]);
        if (!l->slot[s].width || s == l->opcode_slot)
            continue;
        m = slot_mask(l->slot[s]) & ~fixed & ~used_mask(r, base->inst.insn, (int)s) & wmask;
        if (m)
            try_noncanonical(r, base, bv, m, "unused-field", e->slot_name[s]);
    }
    if (wmask & ~all & ~fixed)
        try_noncanonical(r, base, bv, wmask & ~all & ~fixed, "unassigned-bits", NULL);
}

/* Random valid instances: random words with the instruction's opcode and fixed bits and its
 * fields random (the bits it does not use clear), kept when they decode. */
static void random_vectors(run *r, int insn, unsigned count)
{
    const gcn_insn_row *row = &r->t->insns[insn];
    const gcn_layout_row *l = codec_layout(r->t, r->gen, row->encoding);
    uint64_t state =
        r->seed ^ ((uint64_t)r->gen << 56) ^ ((uint64_t)(unsigned)insn << 24) ^ 0x72616e646f6dull;
    uint64_t used = used_mask(r, insn, -1) | l->match_mask;
    unsigned tries, made = 0;
    for (tries = 0; tries < 64 * count && made < count && !r->stop; tries++) {
        uint8_t b[GCN_VEC_BYTES_MAX];
        uint64_t w = splitmix(&state), lit = splitmix(&state);
        gcn_inst d;
        gcn_vector v;
        size_t i;
        w = (w & used & ~l->match_mask) | (l->match_value & l->match_mask);
        w = codec_put(w, l->slot[l->opcode_slot], row->opcode[r->gen]);
        store_word(l, b, w);
        for (i = 0; i < 4; i++)
            b[word_bytes(l) + i] = (uint8_t)(lit >> (8 * i));
        if (gcn_decode((int)r->gen, b, word_bytes(l) + 4, &d) != GCN_OK || d.insn != insn)
            continue;
        vec_init(&v, r, insn, row->encoding, "random", NULL);
        if (!encode_to(&d, v.bytes, &v.nbytes) || !print_to(&d, v.asm_text, sizeof(v.asm_text)) ||
            !assemble(r->gen, v.asm_text, v.canonical_bytes, &v.ncanonical_bytes, NULL) ||
            !same_bytes(v.bytes, v.nbytes, v.canonical_bytes, v.ncanonical_bytes))
            continue;
        v.ncanonical_bytes = 0;
        memset(v.canonical_bytes, 0, sizeof(v.canonical_bytes));
        v.tag = GCN_VTAG_EXACT;
        put(r, &v);
        made++;
    }
}

/* Random swizzle offsets in the bitmask mode whose text assembles to another offset that
 * reads the same lanes (alias bytes). */
static void swizzle_alias_vectors(run *r, const gcn_enc_case *base, const gcn_modifier_row *m,
                                  unsigned count)
{
    uint64_t state = r->seed ^ ((uint64_t)r->gen << 56) ^ 0x73776973ull;
    const gcn_layout_row *l = codec_layout(r->t, r->gen, base->inst.encoding);
    unsigned k, w = l->slot[m->slot].width;
    for (k = 0; k < count && !r->stop; k++) {
        gcn_inst in = base->inst, p;
        gcn_vector v;
        uint32_t off = (uint32_t)splitmix(&state) & (uint32_t)width_mask(w) & 0x7fffu;
        in.field[m->slot] = off;
        vec_init(&v, r, in.insn, in.encoding, "swizzle-bits",
                 r->t->encodings[in.encoding].slot_name[m->slot]);
        if (!encode_to(&in, v.bytes, &v.nbytes) || !print_to(&in, v.asm_text, sizeof(v.asm_text)) ||
            !assemble(r->gen, v.asm_text, v.canonical_bytes, &v.ncanonical_bytes, &p))
            continue;
        if (same_bytes(v.bytes, v.nbytes, v.canonical_bytes, v.ncanonical_bytes))
            continue; /* a canonical offset: the cases have every form */
        if (!same_lanes(off, p.field[m->slot])) {
            r->stats->dropped_lossy++;
            continue;
        }
        v.tag = GCN_VTAG_ALIAS;
        put(r, &v);
    }
}

static gcn_verr scalar_reject_class(const run *r, unsigned code, unsigned regs)
{
    const gcn_scalar_row *s = codec_scalar(r->t, r->gen, code);
    if (s->sclass == GCN_SC_INVALID)
        return GCN_VERR_RESERVED_OPERAND;
    if ((s->sclass == GCN_SC_SGPR || s->sclass == GCN_SC_TTMP) && regs > 1)
        return s->index % (regs >= 4 ? 4 : 2) ? GCN_VERR_MISALIGNED : GCN_VERR_OUT_OF_RANGE;
    return GCN_VERR_OPERAND_NOT_ALLOWED;
}

/* Bytes with every code a scalar operand field can hold that the decoder refuses: the first and
 * last code of each run of one error class. */
static void scalar_reject_vectors(run *r, const gcn_enc_case *base, const gcn_vector *bv)
{
    const gcn_insn_row *row = &r->t->insns[base->inst.insn];
    const gcn_layout_row *l = codec_layout(r->t, r->gen, row->encoding);
    unsigned i;
    for (i = 0; i < row->noperands && !r->stop; i++) {
        const gcn_operand_row *op = &row->operand[i];
        const char *field = r->t->encodings[row->encoding].slot_name[op->slot];
        unsigned n, v, regs = op->regs, scale = 1;
        uint8_t b[GCN_VEC_BYTES_MAX];
        size_t len = bv->nbytes;
        int run_class = -1;
        unsigned run_first = 0, run_last = 0;
        memcpy(b, bv->bytes, bv->nbytes);
        switch (op->kind) {
        case GCN_KIND_SGPR:
        case GCN_KIND_SDST:
        case GCN_KIND_SSRC:
            n = 1u << l->slot[op->slot].width;
            break;
        case GCN_KIND_SBASE:
            n = 1u << l->slot[op->slot].width;
            scale = 2;
            break;
        case GCN_KIND_SMEM_OFFSET: /* the SGPR form: IMM = 0 (and SOE = 0) */
            n = 128;
            regs = 1;
            store_word(l, b, codec_put(load_word(l, b), l->slot[op->aux[0]], 0));
            if (op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width)
                store_word(l, b, codec_put(load_word(l, b), l->slot[op->aux[1]], 0));
            break;
        case GCN_KIND_SMRD_OFFSET:
            n = 256;
            regs = 1;
            store_word(l, b, codec_put(load_word(l, b), l->slot[op->aux[0]], 0));
            break;
        default:
            continue;
        }
        if (n > 256)
            n = 256;
        for (v = 0; v <= n; v++) {
            int cls = -1;
            if (v < n) {
                gcn_inst d;
                store_word(l, b, codec_put(load_word(l, b), l->slot[op->slot], v));
                /* room for a literal, as a decoder reading a stream would have */
                if (gcn_decode((int)r->gen, b, word_bytes(l) + 4, &d) != GCN_OK)
                    cls = (int)scalar_reject_class(r, v * scale, regs);
            }
            if (cls < 0 && v < n)
                continue; /* a valid code: the run of refused ones goes on past it */
            if (cls != run_class || v == n) {
                if (run_class >= 0) {
                    unsigned ends[2] = {run_first, run_last}, k;
                    for (k = 0; k < (run_first == run_last ? 1u : 2u); k++) {
                        store_word(l, b, codec_put(load_word(l, b), l->slot[op->slot], ends[k]));
                        reject_bytes(r, base->inst.insn, row->encoding, "scalar-code", field,
                                     (gcn_verr)run_class, b, len, (int)(ends[k] * scale));
                    }
                }
                run_class = cls;
                run_first = v;
            }
            run_last = v;
        }
    }
}

/* A VALU instruction that breaks its constant bus rule (gcn_cbus_row), as text and as bytes:
 * every scalar source an SGPR of its own (two values at least, with an implicit read or a
 * literal of the instruction's own), and LDS_DIRECT in each source that may not hold it. */
static void cbus_reject(run *r, const gcn_inst *in, const char *cls, unsigned slot)
{
    const gcn_insn_row *row = &r->t->insns[in->insn];
    const char *field = r->t->encodings[row->encoding].slot_name[slot];
    char text[GCN_VEC_TEXT_MAX], why[256];
    uint8_t b[GCN_VEC_BYTES_MAX];
    size_t len;
    int literal = 0;
    if (gcn_codec_check_operands(r->t, in, &literal) == GCN_OK ||
        !gcn_codec_cbus_why(r->t, in, literal, why, sizeof(why)))
        return; /* kept, or refused for another reason */
    if (print_to(in, text, sizeof(text)))
        reject_text(r, in->insn, row->encoding, cls, field, GCN_VERR_CONSTANT_BUS, text, -1);
    if (gcn_codec_emit(r->t, in, literal, b, sizeof(b), &len) == GCN_OK)
        reject_bytes(r, in->insn, row->encoding, cls, field, GCN_VERR_CONSTANT_BUS, b, len, -1);
}

static void cbus_reject_vectors(run *r, const gcn_enc_case *base)
{
    const gcn_cbus_row *c = &r->t->plans[r->gen * r->t->ninsns + base->inst.insn].cbus;
    const gcn_insn_row *row = &r->t->insns[base->inst.insn];
    gcn_inst in = base->inst;
    unsigned i, placed = 0;
    for (i = 0; i < c->n; i++) {
        const gcn_operand_row *op = &row->operand[c->op[i]];
        unsigned code;
        for (code = 10 + 4 * i; code < 128; code++)
            if (codec_scalar_reg_ok(r->t, r->gen, code, op->regs, 0) &&
                codec_scalar(r->t, r->gen, code)->sclass == GCN_SC_SGPR)
                break;
        if (code < 128) {
            in.field[op->slot] = code;
            placed++;
        }
    }
    if (placed && c->n)
        cbus_reject(r, &in, "constant-bus", row->operand[c->op[0]].slot);
    for (i = 0; i < c->n; i++) {
        const gcn_operand_row *op = &row->operand[c->op[i]];
        if (op->kind != GCN_KIND_VSRC || op->slot == c->lds_slot)
            continue;
        in = base->inst;
        in.field[op->slot] = c->lds_code;
        cbus_reject(r, &in, "lds-direct", op->slot);
    }
}

static void truncated_vectors(run *r, int insn, const gcn_vector *bv)
{
    const gcn_insn_row *row = &r->t->insns[insn];
    const case_list *cl = &r->g->gen[r->gen];
    size_t k;
    if (bv->nbytes > 4)
        reject_bytes(r, insn, row->encoding, "truncated", NULL, GCN_VERR_TRUNCATED, bv->bytes, 4,
                     -1);
    for (k = cl->first[insn]; k < cl->first[insn + 1]; k++)
        if (cl->v[k].canonical && cl->v[k].inst.has_literal) {
            uint8_t b[GCN_VEC_BYTES_MAX], n;
            if (encode_to(&cl->v[k].inst, b, &n))
                reject_bytes(r, insn, row->encoding, "truncated-literal", NULL, GCN_VERR_TRUNCATED,
                             b, n - 4u, 255);
            break;
        }
}

/* A modifier the instruction requires (gds on GWS), left out of the text and cleared in the
 * bytes. */
static void missing_required_vectors(run *r, const gcn_enc_case *base, const gcn_vector *bv)
{
    const gcn_insn_row *row = &r->t->insns[base->inst.insn];
    const gcn_layout_row *l = codec_layout(r->t, r->gen, row->encoding);
    unsigned i;
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        const char *field = r->t->encodings[row->encoding].slot_name[m->slot];
        char tok[40], out[GCN_VEC_TEXT_MAX];
        const char *at;
        uint8_t b[GCN_VEC_BYTES_MAX];
        if (!m->required || !((m->gens >> r->gen) & 1) || !l->slot[m->slot].width)
            continue;
        gcn_vec_copy(tok, sizeof(tok), m->asm_name);
        at = find_token(bv->asm_text, tok);
        if (at && at > bv->asm_text &&
            splice(bv->asm_text, at - 1, strlen(tok) + 1, "", out, sizeof(out)))
            reject_text(r, base->inst.insn, row->encoding, "required-modifier", field,
                        GCN_VERR_MISSING_REQUIRED, out, -1);
        memcpy(b, bv->bytes, bv->nbytes);
        store_word(l, b, codec_put(load_word(l, b), l->slot[m->slot], 0));
        reject_bytes(r, base->inst.insn, row->encoding, "required-modifier", field,
                     GCN_VERR_MISSING_REQUIRED, b, bv->nbytes, -1);
    }
}

/* Why the text of a case of generation g2 (an instruction both have) fails on this one. */
static int cross_class(const run *r, unsigned g2, const gcn_enc_case *c)
{
    const gcn_insn_row *row = &r->t->insns[c->inst.insn];
    const gcn_modifier_row *m = modifier_at(r->t, row, c->slot);
    const gcn_operand_row *op = operand_at(r->t, row, c->slot);
    const gcn_layout_row *l = codec_layout(r->t, r->gen, row->encoding);
    if (m)
        return !((m->gens >> r->gen) & 1) || !l->slot[m->slot].width ? GCN_VERR_MODIFIER_NOT_ON_GEN
                                                                     : GCN_VERR_OUT_OF_RANGE;
    if (!op)
        return -1;
    if (is(c->what, "smem-soe"))
        return GCN_VERR_FORM_NOT_ON_GEN;
    if (is(c->what, "smrd-literal"))
        return GCN_VERR_OUT_OF_RANGE;
    if (scalar_code_of(r, c) >= 0) {
        const gcn_scalar_row *s = codec_scalar(r->t, g2, (unsigned)scalar_code_of(r, c));
        return s->sclass == GCN_SC_SGPR || s->sclass == GCN_SC_TTMP ? GCN_VERR_OUT_OF_RANGE
                                                                    : GCN_VERR_OPERAND_NOT_ON_GEN;
    }
    if (is(c->what, "smem-imm") || is(c->what, "smrd-imm") || is(c->what, "imm") ||
        !strncmp(c->what, "vgpr", 4))
        return GCN_VERR_OUT_OF_RANGE;
    return -1;
}

static void cross_gen_vectors(run *r, int insn)
{
    const gcn_insn_row *row = &r->t->insns[insn];
    unsigned g2;
    for (g2 = 0; g2 < r->t->ngens && !r->stop; g2++) {
        const case_list *cl = &r->g->gen[g2];
        size_t k;
        if (g2 == r->gen || row->opcode[g2] == GCN_NO_INSN)
            continue;
        for (k = cl->first[insn]; k < cl->first[insn + 1] && !r->stop; k++) {
            const gcn_enc_case *c = &cl->v[k];
            char text[GCN_VEC_TEXT_MAX];
            gcn_inst p;
            gcn_diag d;
            int cls;
            if (!c->canonical || !print_to(&c->inst, text, sizeof(text)))
                continue;
            if (gcn_parse((int)r->gen, text, &p, &d) == GCN_OK)
                continue;
            cls = cross_class(r, g2, c);
            if (cls >= 0)
                reject_text(r, insn, row->encoding, c->what, c->slot, (gcn_verr)cls, text, -1);
        }
    }
}

/* An instruction this generation lacks: its text from the first generation that has it. */
static void missing_mnemonic_vector(run *r, int insn)
{
    const gcn_insn_row *row = &r->t->insns[insn];
    unsigned g2;
    unsigned i;
    /* the mnemonic may be another row's here (SMRD and SMEM loads share theirs) */
    for (i = 0; i < r->t->ninsns; i++)
        if (r->t->insns[i].opcode[r->gen] != GCN_NO_INSN &&
            strcmp(r->t->insns[i].mnemonic, row->mnemonic) == 0)
            return;
    for (g2 = 0; g2 < r->t->ngens; g2++) {
        const case_list *cl = &r->g->gen[g2];
        char text[GCN_VEC_TEXT_MAX];
        if (row->opcode[g2] == GCN_NO_INSN || cl->first[insn] == cl->first[insn + 1])
            continue;
        if (print_to(&cl->v[cl->first[insn]].inst, text, sizeof(text)))
            reject_text(r, insn, row->encoding, "mnemonic", NULL, GCN_VERR_MNEMONIC_NOT_ON_GEN,
                        text, -1);
        return;
    }
}

static void undefined_opcode_vectors(run *r, unsigned enc)
{
    const gcn_layout_row *l = codec_layout(r->t, r->gen, enc);
    const char *field;
    unsigned op, w;
    if (!l->present || l->opcode_slot == GCN_NO_SLOT)
        return;
    field = r->t->encodings[enc].slot_name[l->opcode_slot];
    w = l->slot[l->opcode_slot].width;
    for (op = 0; op < (1u << w) && op < 4096 && !r->stop; op++) {
        uint8_t b[GCN_VEC_BYTES_MAX];
        /* an instruction, or another page's form the codec does not model yet (a valid word,
         * GCN_PENDING_INSN): no undefined opcode */
        if (op < l->opcode_count && l->opcode_map[op] != GCN_NO_INSN)
            continue;
        memset(b, 0, sizeof(b));
        store_word(l, b, codec_put(l->match_value & l->match_mask, l->slot[l->opcode_slot], op));
        {
            /* an opcode that spells a nested encoding's fixed bits (SOP2's 96-127 are SOPK's,
             * SOP1's, SOPC's and SOPP's words) is no undefined opcode of this one */
            gcn_disasm_item item;
            gcn_disasm_next((int)r->gen, b, sizeof(b), &item);
            if (item.encoding && !gcn_cat_names(item.encoding, r->t->encodings[enc].cat))
                continue;
        }
        reject_bytes(r, -1, enc, "opcode", field, GCN_VERR_UNDEFINED_OPCODE, b, l->bytes, -1);
    }
}

static void insn_vectors(run *r, int insn)
{
    const case_list *cl = &r->g->gen[r->gen];
    const gcn_insn_row *row = &r->t->insns[insn];
    const gcn_enc_case *base = NULL;
    gcn_vector bv;
    size_t k;
    if (row->opcode[r->gen] == GCN_NO_INSN) {
        missing_mnemonic_vector(r, insn);
        return;
    }
    for (k = cl->first[insn]; k < cl->first[insn + 1] && !r->stop; k++) {
        if (!base && is(cl->v[k].what, "base"))
            base = &cl->v[k];
        case_vectors(r, &cl->v[k]);
    }
    if (!base)
        return;
    vec_init(&bv, r, insn, row->encoding, "base", NULL);
    if (!encode_to(&base->inst, bv.bytes, &bv.nbytes) ||
        !print_to(&base->inst, bv.asm_text, sizeof(bv.asm_text)))
        return;
    noncanonical_vectors(r, base, &bv);
    random_vectors(r, insn, 2);
    if (swizzle_modifier(row))
        swizzle_alias_vectors(r, base, swizzle_modifier(row), 24);
    scalar_reject_vectors(r, base, &bv);
    cbus_reject_vectors(r, base);
    truncated_vectors(r, insn, &bv);
    missing_required_vectors(r, base, &bv);
    cross_gen_vectors(r, insn);
}

gcn_status gcn_enc_vectors_run(gcn_enc_vectors *g, int gen, unsigned enc_mask, uint64_t seed,
                               int (*emit)(const gcn_vector *v, void *ctx), void *ctx,
                               gcn_enc_vector_stats *stats)
{
    run r;
    unsigned i;
    memset(&r, 0, sizeof(r));
    memset(stats, 0, sizeof(*stats));
    if (gen < 0 || (unsigned)gen >= g->t->ngens)
        return GCN_ERR_INVALID;
    r.g = g;
    r.t = g->t;
    r.gen = (unsigned)gen;
    r.enc_mask = enc_mask;
    r.seed = seed;
    r.emit = emit;
    r.ctx = ctx;
    r.stats = stats;
    for (i = 0; i < r.t->ninsns && !r.stop; i++)
        if ((enc_mask >> r.t->insns[i].encoding) & 1)
            insn_vectors(&r, (int)i);
    for (i = 0; i < r.t->nencodings && !r.stop; i++)
        if ((enc_mask >> i) & 1)
            undefined_opcode_vectors(&r, i);
    gcn_strset_free(&r.seen);
    return r.stop ? GCN_ERR_IO : GCN_OK;
}
