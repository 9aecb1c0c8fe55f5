#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "util/buf.h"

int fuzz_take_gen(const uint8_t **data, size_t *size)
{
    int n = gcn_gen_count();
    int gen;
    if (!*size || n <= 0)
        return -1;
    gen = (*data)[0] % n;
    (*data)++;
    (*size)--;
    return gen;
}

unsigned fuzz_encodings(int gen, unsigned *out, unsigned max)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned e, n = 0;
    for (e = 0; e < t->nencodings && n < max; e++)
        if (codec_layout(t, (unsigned)gen, e)->present)
            out[n++] = e;
    return n;
}

void (*fuzz_on_finding)(void);

void fuzz_finding(const char *target, const char *kind, const char *subject, const char *fmt, ...)
{
    static unsigned long shown, limit;
    va_list ap;
    if (!limit) {
        /* the keep-going build shows the first 10 findings and counts the rest; a sweep that
         * lists every open subject sets GCN_FUZZ_SHOW_FINDINGS (docs/fuzzing.md) */
        const char *e = getenv("GCN_FUZZ_SHOW_FINDINGS");
        char *end = NULL;
        unsigned long v = e ? strtoul(e, &end, 10) : 0;
        limit = e && *e && end && !*end && v ? v : 10;
        if (e && limit == 10 && v != 10)
            fprintf(stderr,
                    "GCN_FUZZ_SHOW_FINDINGS=%s: expected a positive number of findings "
                    "to show; showing 10\n",
                    e);
    }
    if (fuzz_on_finding && shown++ >= limit)
        fuzz_on_finding(); /* the benchmark: the first ones are shown, the rest only counted */
    fflush(stdout);
    fprintf(stderr, "%s target=%s kind=%s subject=%s\n", FUZZ_MARK, target, kind,
            subject && *subject ? subject : "-");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    if (fuzz_on_finding)
        fuzz_on_finding();
    abort();
}

static const char *encoding_name(unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    return enc < t->nencodings ? t->encodings[enc].name : "?";
}

void fuzz_subject_diff(const gcn_inst *a, const gcn_inst *b, char *out, size_t size)
{
    const gcn_tables *t = gcn_codec_tables();
    size_t o;
    unsigned i;
    int any = 0;
    o = (size_t)snprintf(out, size, "%s:", encoding_name(a->encoding));
    if (a->insn != b->insn && o < size)
        o += (size_t)snprintf(out + o, size - o, "%sinstruction", any++ ? "," : "");
    for (i = 0; i < GCN_INST_MAX_FIELDS && a->encoding < t->nencodings && o < size; i++)
        if (i < t->encodings[a->encoding].nslots && a->field[i] != b->field[i])
            o += (size_t)snprintf(out + o, size - o, "%s%s", any++ ? "," : "",
                                  t->encodings[a->encoding].slot_name[i]);
    if ((a->has_literal != b->has_literal || a->literal != b->literal) && o < size)
        o += (size_t)snprintf(out + o, size - o, "%sliteral", any++ ? "," : "");
    if (!any && o < size)
        snprintf(out + o, size - o, "same-fields");
}

void fuzz_subject_operands(const gcn_inst *in, char *out, size_t size)
{
    static const char *const sclass[] = {
#define FUZZ_SC_NAME(e, s) s,
        GCN_SCLASS_LIST(FUZZ_SC_NAME)
#undef FUZZ_SC_NAME
    };
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row;
    size_t o;
    unsigned i;
    if (in->insn >= t->ninsns) {
        snprintf(out, size, "?");
        return;
    }
    row = &t->insns[in->insn];
    o = (size_t)snprintf(out, size, "%s:", encoding_name(row->encoding));
    for (i = 0; i < row->noperands && o < size; i++) {
        const gcn_operand_row *op = &row->operand[i];
        uint32_t v = in->field[op->slot];
        const char *cls;
        switch (op->kind) {
        case GCN_KIND_VGPR:
            cls = "vgpr";
            break;
        case GCN_KIND_SGPR:
        case GCN_KIND_SDST:
        case GCN_KIND_SSRC:
        case GCN_KIND_SBASE: {
            unsigned code = op->kind == GCN_KIND_SBASE ? v * 2 : v;
            unsigned c = codec_scalar(t, in->gen, code)->sclass;
            cls = c < GCN_SC_COUNT ? sclass[c] : "?";
            break;
        }
        case GCN_KIND_SMEM_OFFSET:
        case GCN_KIND_SMRD_OFFSET:
            cls = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]] ? "imm"
                  : in->has_literal                                  ? "literal"
                                                                     : "sgpr";
            if (op->aux[1] != GCN_NO_SLOT &&
                codec_layout(t, in->gen, row->encoding)->slot[op->aux[1]].width &&
                in->field[op->aux[1]])
                cls = "soe";
            break;
        default:
            cls = "imm";
        }
        o += (size_t)snprintf(out + o, size - o, "%s%s=%s", i ? "," : "",
                              t->encodings[row->encoding].slot_name[op->slot], cls);
    }
}

void fuzz_subject_shape(const char *msg, char *out, size_t size)
{
    size_t o = 0;
    if (!size)
        return;
    while (*msg && o + 2 < size && o < 60) {
        char ch = *msg;
        if (ch == '\'' || ch == '"') {
            const char *close = strchr(msg + 1, ch);
            out[o++] = ch;
            out[o++] = ch;
            msg = close ? close + 1 : msg + strlen(msg);
            continue;
        }
        if (ch >= '0' && ch <= '9') {
            out[o++] = 'N';
            while ((*msg >= '0' && *msg <= '9') || *msg == 'x' || (*msg >= 'a' && *msg <= 'f'))
                msg++;
            continue;
        }
        out[o++] = ch == ' ' || ch == '\t' ? '-' : ch;
        msg++;
    }
    out[o] = 0;
}

int fuzz_same_inst(const gcn_inst *a, const gcn_inst *b)
{
    return a->insn == b->insn && a->gen == b->gen && a->encoding == b->encoding &&
           a->size == b->size && a->has_literal == b->has_literal &&
           (!a->has_literal || a->literal == b->literal) &&
           memcmp(a->field, b->field, sizeof(a->field)) == 0;
}

/* A scalar source that reads the same 32- or 64-bit value: the literal code with a literal
 * value an inline constant has, against that constant's code. */
static int same_value_source(const gcn_tables *t, unsigned gen, const gcn_operand_row *op,
                             const gcn_inst *a, const gcn_inst *b)
{
    const gcn_scalar_row *ra = codec_scalar(t, gen, a->field[op->slot]);
    const gcn_scalar_row *rb = codec_scalar(t, gen, b->field[op->slot]);
    if (ra->sclass == GCN_SC_LITERAL && a->has_literal && rb->sclass != GCN_SC_LITERAL)
        return gcn_codec_inline_code(t, gen, (int64_t)a->literal, op->regs) ==
               (int)b->field[op->slot];
    if (rb->sclass == GCN_SC_LITERAL && b->has_literal && ra->sclass != GCN_SC_LITERAL)
        return gcn_codec_inline_code(t, gen, (int64_t)b->literal, op->regs) ==
               (int)a->field[op->slot];
    return 0;
}

/* The same text: a literal and an inline constant a 16-bit or double source reads as one value
 * (the literal's low half, or upper half, is what the source takes). */
static int same_text(const gcn_inst *a, const gcn_inst *b)
{
    char ta[256], tb[256];
    gcn_print(a, ta, sizeof(ta));
    gcn_print(b, tb, sizeof(tb));
    return strcmp(ta, tb) == 0;
}

/* An SMRD offset's value in dwords: the immediate (IMM=1) or the literal that follows the word
 * (IMM=0 with the literal code: GCN 1.1); -1 for an SGPR. The two forms count in the same
 * unit (operands.json: imm_scale = literal_scale), and the text of a literal that fits the
 * immediate field assembles to the immediate form, as llvm-mc's does (fuzz finding
 * F-4a1bba9cae): the literal form is an alias the text cannot spell. */
static int64_t smrd_offset_value(const gcn_tables *t, const gcn_operand_row *op, const gcn_inst *x)
{
    if (op->aux[0] != GCN_NO_SLOT && x->field[op->aux[0]])
        return x->field[op->slot];
    if (codec_scalar(t, x->gen, x->field[op->slot])->sclass == GCN_SC_LITERAL && x->has_literal)
        return x->literal;
    return -1;
}

int fuzz_alias(const gcn_inst *a, const gcn_inst *b)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row;
    unsigned i, k, lane;
    int literal_alias = 0;
    if (a->insn != b->insn || a->gen != b->gen || a->insn >= t->ninsns)
        return 0;
    row = &t->insns[a->insn];
    for (i = 0; i < GCN_INST_MAX_FIELDS; i++) {
        int ok = 0;
        if (a->field[i] == b->field[i])
            continue;
        for (k = 0; k < row->nmodifiers && !ok; k++)
            if (row->modifier[k].slot == i && row->modifier[k].format == GCN_FMT_SWIZZLE) {
                for (lane = 0, ok = 1; lane < 32 && ok; lane++)
                    ok = codec_swizzle_lane(a->field[i], lane) ==
                         codec_swizzle_lane(b->field[i], lane);
            }
        /* a scalar source, or a VALU source's scalar codes (below 256: a VGPR is no alias) */
        for (k = 0; k < row->noperands && !ok; k++)
            if (row->operand[k].slot == i &&
                (row->operand[k].kind == GCN_KIND_SSRC ||
                 (row->operand[k].kind == GCN_KIND_VSRC && a->field[i] < 256 &&
                  b->field[i] < 256)) &&
                (same_value_source(t, a->gen, &row->operand[k], a, b) ||
                 (row->operand[k].kind == GCN_KIND_VSRC && same_text(a, b))))
                ok = literal_alias = 1;
        for (k = 0; k < row->noperands && !ok; k++) {
            const gcn_operand_row *op = &row->operand[k];
            int64_t va, vb;
            if (op->kind != GCN_KIND_SMRD_OFFSET || (op->slot != i && op->aux[0] != i))
                continue;
            va = smrd_offset_value(t, op, a);
            vb = smrd_offset_value(t, op, b);
            if (va >= 0 && va == vb)
                ok = literal_alias = 1;
        }
        if (!ok)
            return 0;
    }
    /* only a literal alias may change the literal (and so the size) */
    if (!literal_alias && (a->has_literal != b->has_literal ||
                           (a->has_literal && a->literal != b->literal) || a->size != b->size))
        return 0;
    return 1;
}

/* gcn_print into buffers too small for the text: the same length, a NUL-terminated prefix. */
static void check_truncation(const char *target, const char *enc, const gcn_inst *in,
                             const char *text, size_t n, const char *hex)
{
    enum { GUARD = 32 };
    char small[FUZZ_TEXT_MAX + GUARD];
    size_t sizes[4], k, i;
    sizes[0] = 1;
    sizes[1] = n / 2 + 1;
    sizes[2] = n;
    sizes[3] = n + 1;
    for (k = 0; k < 4; k++) {
        size_t got, kept = sizes[k] - 1 < n ? sizes[k] - 1 : n;
        int bad;
        memset(small, 0x5a, sizes[k] + GUARD);
        got = gcn_print(in, small, sizes[k]);
        bad = got != n || small[kept] != 0 || strncmp(small, text, kept) != 0;
        for (i = sizes[k]; i < sizes[k] + GUARD && i < sizeof(small); i++)
            bad |= small[i] != 0x5a;
        if (bad)
            fuzz_finding(target, "print-truncation", enc,
                         "  bytes: %s\n  text: %s\n  buffer of %zu bytes: returned %zu", hex, text,
                         sizes[k], got);
    }
}

gcn_status fuzz_check_bytes(const char *target, int gen, const uint8_t *bytes, size_t len)
{
    const gcn_tables *t = gcn_codec_tables();
    gcn_inst a, b, p, again;
    uint8_t canon[GCN_INST_MAX_BYTES], re[GCN_INST_MAX_BYTES];
    size_t clen = 0, rlen = 0, n;
    char hex[128], text[FUZZ_TEXT_MAX], text2[FUZZ_TEXT_MAX], dis[FUZZ_TEXT_MAX], why[256];
    gcn_status st = gcn_decode(gen, bytes, len, &a), st_why, st_dis;
    size_t dis_size = 0;
    gcn_diag diag;
    const char *enc;
    char subject[160];

    gcn_hex_bytes(bytes, len < 16 ? len : 16, hex, sizeof(hex));
    /* gcn_decode's fast path gives the plan rows' answer */
    if (gcn_codec_decode_plan(gen, bytes, len, &b) != st ||
        (st == GCN_OK && !fuzz_same_inst(&a, &b)))
        fuzz_finding(target, "decode-fast-path-differs", gcn_status_str(st),
                     "  bytes: %s\n  gcn_decode: %s\n  the plan rows: %s", hex, gcn_status_str(st),
                     gcn_status_str(gcn_codec_decode_plan(gen, bytes, len, &b)));
    /* the portable form gives gcn_decode's answer (where gcn_decode is bound to the vector
     * path, this holds the two paths to each other) */
    if (gcn_codec_decode_portable(gen, bytes, len, &b) != st ||
        (st == GCN_OK && !fuzz_same_inst(&a, &b)))
        fuzz_finding(target, "decode-paths-differ", gcn_status_str(st),
                     "  bytes: %s\n  gcn_decode: %s\n  the portable path: %s", hex,
                     gcn_status_str(st),
                     gcn_status_str(gcn_codec_decode_portable(gen, bytes, len, &b)));
    st_why = gcn_decode_why(gen, bytes, len, why, sizeof(why));
    if (st_why != st || !why[0])
        fuzz_finding(target, "decode-why-disagrees", gcn_status_str(st),
                     "  bytes: %s\n  gcn_decode: %s\n  gcn_decode_why: %s (%s)", hex,
                     gcn_status_str(st), gcn_status_str(st_why), why);
    /* a buffer too small for the reason: cut, never overrun */
    gcn_decode_why(gen, bytes, len, why, 8);
    if (strlen(why) > 7)
        fuzz_finding(target, "decode-why-overrun", gcn_status_str(st), "  bytes: %s", hex);
    /* gcn_disasm: gcn_decode's status, "" when it fails; else gcn_print's text (below) */
    dis[0] = 'x';
    st_dis = gcn_disasm(gen, bytes, len, dis, sizeof(dis), &dis_size, NULL);
    if (st_dis != st || (st != GCN_OK && dis[0]))
        fuzz_finding(target, "disasm-differs", gcn_status_str(st),
                     "  bytes: %s\n  gcn_decode: %s\n  gcn_disasm: %s (\"%s\")", hex,
                     gcn_status_str(st), gcn_status_str(st_dis), dis);
    if (st != GCN_OK)
        return st;

    if (a.gen != gen || a.insn >= t->ninsns || a.size > len || a.size < 4 ||
        t->insns[a.insn].encoding != a.encoding || t->insns[a.insn].opcode[gen] == GCN_NO_INSN)
        fuzz_finding(target, "decode-inconsistent", gcn_gen_id(gen),
                     "  bytes: %s\n  insn %u encoding %u size %u", hex, a.insn, a.encoding, a.size);

    enc = encoding_name(a.encoding);
    /* decode -> encode -> decode */
    if (gcn_encode(&a, canon, sizeof(canon), &clen) != GCN_OK)
        fuzz_finding(target, "encode-of-decoded-fails", enc, "  %s\n  bytes: %s",
                     gcn_inst_mnemonic(&a), hex);
    if (clen != a.size)
        fuzz_finding(target, "encode-size-differs", enc,
                     "  %s\n  bytes: %s\n  decoded size %u, encoded %zu", gcn_inst_mnemonic(&a),
                     hex, a.size, clen);
    if (gcn_decode(gen, canon, clen, &b) != GCN_OK)
        fuzz_finding(target, "canonical-does-not-decode", enc, "  %s\n  bytes: %s",
                     gcn_inst_mnemonic(&a), hex);
    if (!fuzz_same_inst(&a, &b)) {
        fuzz_subject_diff(&a, &b, subject, sizeof(subject));
        fuzz_finding(target, "decode-encode-unstable", subject,
                     "  %s\n  bytes: %s\n  the canonical bytes decode otherwise",
                     gcn_inst_mnemonic(&a), hex);
    }
    if (gcn_encode(&b, re, sizeof(re), &rlen) != GCN_OK || rlen != clen ||
        memcmp(re, canon, clen) != 0)
        fuzz_finding(target, "encode-unstable", enc, "  %s\n  bytes: %s", gcn_inst_mnemonic(&a),
                     hex);

    /* decode -> print -> parse -> encode */
    n = gcn_print(&a, text, sizeof(text));
    if (n == 0 || n >= sizeof(text) || strlen(text) != n ||
        strncmp(text, gcn_inst_mnemonic(&a), gcn_mnemonic_len(&t->insns[a.insn], gen)) != 0)
        fuzz_finding(target, "print-malformed", enc, "  bytes: %s\n  text: %s (%zu)", hex, text, n);
    check_truncation(target, enc, &a, text, n, hex);
    if (st_dis == GCN_OK && (dis_size != a.size || strcmp(dis, text) != 0))
        fuzz_finding(target, "disasm-differs", enc,
                     "  bytes: %s\n  gcn_decode + gcn_print: %s (%u bytes)\n  gcn_disasm: %s "
                     "(%zu bytes)",
                     hex, text, a.size, dis, dis_size);
    gcn_diag_clear(&diag);
    if (gcn_parse(gen, text, &p, &diag) != GCN_OK) {
        char shape[80];
        fuzz_subject_shape(diag.msg, shape, sizeof(shape));
        snprintf(subject, sizeof(subject), "%s:%s", enc, shape);
        fuzz_finding(target, "printed-text-does-not-parse", subject,
                     "  bytes: %s\n  text: %s\n  parse: col %u: %s", hex, text, diag.col, diag.msg);
    }
    if (gcn_encode(&p, re, sizeof(re), &rlen) != GCN_OK)
        fuzz_finding(target, "parsed-text-does-not-encode", enc, "  bytes: %s\n  text: %s", hex,
                     text);
    if (rlen != clen || memcmp(re, canon, clen) != 0) {
        char rhex[128], chex[128];
        gcn_hex_bytes(re, rlen, rhex, sizeof(rhex));
        gcn_hex_bytes(canon, clen, chex, sizeof(chex));
        if (gcn_decode(gen, re, rlen, &again) != GCN_OK)
            fuzz_finding(target, "text-encodes-otherwise", enc,
                         "  bytes: %s\n  canonical: %s\n  text: %s\n  text assembles to: %s "
                         "(which does not decode)",
                         hex, chex, text, rhex);
        if (!fuzz_alias(&b, &again)) {
            fuzz_subject_diff(&b, &again, subject, sizeof(subject));
            fuzz_finding(target, "text-encodes-otherwise", subject,
                         "  bytes: %s\n  canonical: %s\n  text: %s\n  text assembles to: %s", hex,
                         chex, text, rhex);
        }
        return st; /* an alias: the text means the same lanes */
    }
    gcn_print(&b, text2, sizeof(text2));
    if (strcmp(text, text2) != 0)
        fuzz_finding(target, "canonical-prints-otherwise", enc,
                     "  bytes: %s\n  text: %s\n  canonical text: %s", hex, text, text2);
    return st;
}

int fuzz_planted_insn(void)
{
    const gcn_tables *t = gcn_codec_tables();
    int i;
    for (i = (int)t->ninsns - 1; i >= 0; i--)
        if (t->insns[i].noperands)
            return i;
    return -1;
}
