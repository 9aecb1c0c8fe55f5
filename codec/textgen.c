/* gcn_textgen: renders the printer's texts (gcn_texts.inc, included by codec/texts.c) through
 * the printer's general path, which it links without them (gcn_codec_base).
 *
 * For every instruction on every generation, one step per operand and per modifier the
 * generation has (gcn_print_prog). A step whose text depends on its field alone (a register,
 * a scalar or VALU source, an immediate, a branch offset or a modifier; not an SMRD offset,
 * which reads IMM, nor a swizzle) gets the text of every value its field can hold, up to 512
 * (a 9-bit field), of a wider one up to 256. A VALU source with source modifiers gets a step
 * per combination of its NEG and ABS bits, and the vcc a 32-bit form implies one text. A value
 * whose text depends on the literal (the literal code) or runs past 15 bytes is marked
 * GCN_TEXT_GENERAL. Past 256, a step whose texts the general path writes as a prefix and a number
 * (DS offsets, SMEM immediates; probed) becomes a number step. An SMEM offset, whose text depends
 * on IMM and SOE, gets a variant step: one step for each. Identical runs of texts are stored once.
 * The tests hold gcn_print to the general path (gcn_codec_print_general) on every step and value,
 * and on the boundaries of every number step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "util/buf.h"
#include "util/file.h"

/* This program renders the texts: it has none. */
const gcn_print_texts gcn_codec_print_texts = {NULL, NULL, NULL};

/* texts for every value of a field of up to MAX_TEXT_BITS bits (a 9-bit VALU source's 512);
 * of a wider one, for the values below MAX_VALUES, and past them number steps */
#define MAX_TEXT_BITS 9
#define MAX_VALUES 256

typedef struct run {
    uint16_t at, count;
} run;

/* The texts (gcn_text16 rows) and the runs stored so far (run rows), in two growable buffers. */
typedef struct texts {
    gcn_buf rows, runs;
} texts;

/* The step's text for value v by the general path (", " and the operand, " " and the first
 * one, or the modifier as it prints) into out, with the literal lit; returns its length. */
static size_t general(const gcn_inst *base, unsigned what, uint8_t slot, uint32_t v, uint32_t lit,
                      char *out)
{
    gcn_inst in = *base;
    char *p = out;
    in.field[slot] = v;
    in.literal = lit;
    if (what >= GCN_PRINT_MODIFIER) {
        p = gcn_codec_put_modifier(p, &in, what - GCN_PRINT_MODIFIER);
    } else if (what == 0) {
        *p = ' ';
        p = gcn_codec_put_operand(p + 1, &in, what);
    } else {
        memcpy(p, ", ", 2);
        p = gcn_codec_put_operand(p + 2, &in, what);
    }
    return (size_t)(p - out);
}

/* The step's text for one value, from the general path; 0 when it depends on the literal or
 * does not fit an entry. */
static int render(const gcn_inst *base, unsigned what, uint8_t slot, uint32_t v, gcn_text16 *e)
{
    static const uint32_t literals[2] = {0, 0x12345678u};
    char out[2][512];
    size_t len[2];
    int k;
    for (k = 0; k < 2; k++)
        len[k] = general(base, what, slot, v, literals[k], out[k]);
    memset(e, 0, sizeof(*e));
    if (len[0] != len[1] || memcmp(out[0], out[1], len[0]) != 0 || len[0] > sizeof(e->s)) {
        e->n = GCN_TEXT_GENERAL;
        return 0;
    }
    memcpy(e->s, out[0], len[0]);
    e->n = (uint8_t)len[0];
    return 1;
}

/* The position of these count texts in x, stored once. */
static int add_run(texts *x, const gcn_text16 *rows, uint16_t count, uint16_t *at)
{
    const run *r = (const run *)(void *)x->runs.data;
    size_t i, nruns = x->runs.len / sizeof(run), n = x->rows.len / sizeof(gcn_text16);
    run added;
    for (i = 0; i < nruns; i++)
        if (r[i].count == count &&
            memcmp(x->rows.data + r[i].at * sizeof(gcn_text16), rows, count * sizeof(*rows)) == 0) {
            *at = r[i].at;
            return 1;
        }
    if (n + count > UINT16_MAX) {
        fprintf(stderr, "gcn_textgen: more than %u texts: a step names one in 16 bits\n",
                UINT16_MAX);
        return 0;
    }
    added.at = *at = (uint16_t)n;
    added.count = count;
    gcn_buf_append(&x->runs, &added, sizeof(added));
    gcn_buf_append(&x->rows, rows, count * sizeof(*rows));
    return !x->runs.oom && !x->rows.oom;
}

/* The operand kinds whose text is their field's alone (the literal aside, which render finds). */
static int kind_alone(unsigned kind)
{
    return kind == GCN_KIND_VGPR || kind == GCN_KIND_SGPR || kind == GCN_KIND_SDST ||
           kind == GCN_KIND_SSRC || kind == GCN_KIND_SBASE || kind == GCN_KIND_IMM ||
           kind == GCN_KIND_VSRC || kind == GCN_KIND_VSRC_VGPR || kind == GCN_KIND_LABEL;
}

/* Does the general path write, for every value it is probed with from MAX_VALUES up to the
 * field's width and with either literal, the same prefix and then the value as
 * gcn_codec_put_number(num, width) does? The prefix goes to *pre. */
static int number_step(const gcn_inst *base, unsigned what, uint8_t slot, unsigned width,
                       unsigned num, gcn_text16 *pre)
{
    uint64_t top = 1ull << width,
             probes[] = {MAX_VALUES, MAX_VALUES + 1, 1000,    4095,    top / 2 - 1,
                         top / 2,    top / 2 + 1,    top - 2, top - 1, 0x12345};
    size_t k, plen = 0;
    int any = 0;
    if (width > 32)
        return 0;
    memset(pre, 0, sizeof(*pre));
    for (k = 0; k < sizeof(probes) / sizeof(probes[0]); k++) {
        char out[512], other[512], digits[64];
        size_t len, dlen;
        if (probes[k] < MAX_VALUES || probes[k] >= top)
            continue;
        len = general(base, what, slot, (uint32_t)probes[k], 0, out);
        if (general(base, what, slot, (uint32_t)probes[k], 0x12345678u, other) != len ||
            memcmp(out, other, len) != 0)
            return 0; /* the literal's */
        dlen = (size_t)(gcn_codec_put_number(digits, (uint32_t)probes[k], num, width) - digits);
        if (len < dlen || memcmp(out + len - dlen, digits, dlen) != 0 ||
            len - dlen > sizeof(pre->s) ||
            (any && (len - dlen != plen || memcmp(out, pre->s, plen))))
            return 0;
        plen = len - dlen;
        memcpy(pre->s, out, plen);
        any = 1;
    }
    pre->n = (uint8_t)plen;
    return any;
}

/* Step `what` of instruction base->insn with the other fields of base (its SMEM variant's IMM
 * and SOE): texts for the values below 2^width (at most MAX_VALUES) when its text depends on
 * its field alone, and past them a number, where the general path writes one. */
static int make_step(texts *x, const gcn_tables *t, const gcn_inst *base, unsigned what,
                     uint8_t slot, int alone, gcn_print_step *s)
{
    const gcn_layout_row *l = codec_layout(t, base->gen, base->encoding);
    unsigned width = l->present && slot < GCN_MAX_SLOTS ? l->slot[slot].width : 0;
    gcn_text16 rows[(1u << MAX_TEXT_BITS) + 1];
    unsigned v, count, any = 0, num;
    memset(s, 0, sizeof(*s));
    s->slot = slot;
    s->what = (uint8_t)what;
    if (slot == GCN_PRINT_ZERO_SLOT && alone && l->present &&
        t->encodings[base->encoding].nslots <= GCN_PRINT_ZERO_SLOT)
        width = 1; /* an operand in no field: its one text, at the value 0 of a field it lacks */
    else if (slot == GCN_PRINT_ZERO_SLOT &&
             t->encodings[base->encoding].nslots > GCN_PRINT_ZERO_SLOT)
        width =
            0; /* an encoding of more fields (SDWA's) has no field-less slot: the general path */
    if (!alone || !width)
        return 1;
    count = width > MAX_TEXT_BITS ? MAX_VALUES : 1u << width;
    if (slot == GCN_PRINT_ZERO_SLOT)
        count = 1;
    for (v = 0; v < count; v++)
        any += (unsigned)render(base, what, slot, v, &rows[v]);
    if (!any)
        return 1;
    s->count = (uint16_t)count;
    for (num = GCN_NUM_DEC; width > MAX_TEXT_BITS && num <= GCN_NUM_HEXS && !s->num; num++)
        if (number_step(base, what, slot, width, num, &rows[count])) {
            s->num = (uint8_t)num;
            s->bits = (uint8_t)width;
        }
    return add_run(x, rows, (uint16_t)(count + (s->num != 0)), &s->at);
}

/* The SMEM offset operand i of base's instruction, whose layout has its IMM field: a variant
 * step (GCN_NUM_VARIANT) and its four steps, appended to variants. The offset's text is its
 * field's alone where SOE is 0: an SGPR code (IMM 0) or the immediate (IMM 1); with SOE 1 it
 * reads SOFFSET too and takes the general path. */
static int make_variant_step(texts *x, const gcn_tables *t, const gcn_inst *base, unsigned i,
                             gcn_buf *variants, gcn_print_step *s)
{
    const gcn_operand_row *op = &t->insns[base->insn].operand[i];
    const gcn_layout_row *l = codec_layout(t, base->gen, base->encoding);
    int has_soe = op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width;
    size_t at = variants->len / sizeof(gcn_print_step);
    unsigned v;
    int ok = 1;
    memset(s, 0, sizeof(*s));
    s->slot = op->aux[0];
    s->bits = has_soe ? op->aux[1] : op->aux[0];
    s->what = (uint8_t)i;
    s->num = GCN_NUM_VARIANT;
    if (at + 4 > UINT16_MAX) {
        fprintf(stderr, "gcn_textgen: more than %u variant steps\n", UINT16_MAX);
        return 0;
    }
    s->at = (uint16_t)at;
    for (v = 0; ok && v < 4; v++) {
        /* without SOE, IMM alone picks 0 or 3 */
        unsigned soe = has_soe ? v >> 1 : 0;
        gcn_inst in = *base;
        gcn_print_step vs;
        in.field[op->aux[0]] = v & 1;
        if (has_soe)
            in.field[op->aux[1]] = soe;
        ok = make_step(x, t, &in, i, op->slot, !soe, &vs);
        gcn_buf_append(variants, &vs, sizeof(vs));
    }
    return ok && !variants->oom;
}

/* The VALU source operand i of base's instruction, which takes source modifiers (NEG, ABS): a
 * GCN_NUM_MODS step and its four steps (the source's texts under each of NEG and ABS), appended
 * to variants. A source lacking NEG or ABS reads GCN_PRINT_ZERO_SLOT there; an encoding with
 * that slot, or a source bit past 3, takes the general path. */
static int make_mods_step(texts *x, const gcn_tables *t, const gcn_inst *base, unsigned i,
                          gcn_buf *variants, gcn_print_step *s)
{
    const gcn_operand_row *op = &t->insns[base->insn].operand[i];
    unsigned neg = op->neg_slot != GCN_NO_SLOT ? op->neg_slot : GCN_PRINT_ZERO_SLOT;
    unsigned abs = op->abs_slot != GCN_NO_SLOT ? op->abs_slot : GCN_PRINT_ZERO_SLOT;
    size_t at = variants->len / sizeof(gcn_print_step);
    unsigned m;
    int ok = 1;
    memset(s, 0, sizeof(*s));
    s->slot = op->slot;
    s->what = (uint8_t)i;
    if (t->encodings[base->encoding].nslots > GCN_PRINT_ZERO_SLOT || op->mod_bit > 3 ||
        neg > GCN_PRINT_ZERO_SLOT || abs > GCN_PRINT_ZERO_SLOT)
        return 1;
    if (at + 4 > UINT16_MAX) {
        fprintf(stderr, "gcn_textgen: more than %u variant steps\n", UINT16_MAX);
        return 0;
    }
    s->num = GCN_NUM_MODS;
    s->slot = (uint8_t)neg;
    s->bits = (uint8_t)(abs | op->mod_bit << 4);
    s->at = (uint16_t)at;
    for (m = 0; ok && m < 4; m++) {
        gcn_inst in = *base;
        gcn_print_step vs;
        if (neg != GCN_PRINT_ZERO_SLOT)
            in.field[neg] = (m & 1u) << op->mod_bit;
        if (abs != GCN_PRINT_ZERO_SLOT)
            in.field[abs] = (m >> 1) << op->mod_bit;
        ok = make_step(x, t, &in, i, op->slot, 1, &vs);
        gcn_buf_append(variants, &vs, sizeof(vs));
    }
    return ok && !variants->oom;
}

/* The rows of a mnemonic of n bytes: its bytes run on through them, 16 a row. */
static int add_mnemonic(texts *x, const char *m, size_t n, uint16_t *at)
{
    gcn_text16 rows[(GCN_NAME_MAX + 15) / 16 + 1];
    size_t count = n / 16 + 1;
    if (n > GCN_NAME_MAX)
        return 0;
    memset(rows, 0, sizeof(rows));
    memcpy(rows, m, n);
    return add_run(x, rows, (uint16_t)count, at);
}

/* The program of base's instruction. */
static int make_prog(texts *x, const gcn_tables *t, const gcn_inst *base, gcn_print_prog *pp,
                     gcn_buf *variants, gcn_buf *more, size_t nprogs)
{
    const gcn_insn_row *row = &t->insns[base->insn];
    const gcn_layout_row *l = codec_layout(t, base->gen, base->encoding);
    gcn_print_step steps[GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS];
    unsigned i, n = 0;
    int ok = add_mnemonic(x, row->mnemonic, gcn_mnemonic_len(row, base->gen), &pp->mnemonic);
    pp->mnemonic_len = (uint8_t)gcn_mnemonic_len(row, base->gen);
    pp->text_max = row->text_max;
    for (i = 0; ok && i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        unsigned k, cond = 0;
        for (k = 0; k < row->noperands; k++)
            cond |= row->operand[k].when != GCN_NO_SLOT;
        /* operands some written with a flag: their texts and separators depend on it, so
         * every operand's step takes the general path */
        if (cond) {
            memset(&steps[n], 0, sizeof(steps[n]));
            steps[n].slot = op->slot;
            steps[n++].what = (uint8_t)i;
            continue;
        }
        if (op->kind == GCN_KIND_SMEM_OFFSET && l->present && op->aux[0] != GCN_NO_SLOT &&
            l->slot[op->aux[0]].width)
            ok = make_variant_step(x, t, base, i, variants, &steps[n++]);
        else if ((op->kind == GCN_KIND_VSRC || op->kind == GCN_KIND_VSRC_VGPR) &&
                 (op->neg_slot != GCN_NO_SLOT || op->abs_slot != GCN_NO_SLOT))
            ok = make_mods_step(x, t, base, i, variants, &steps[n++]);
        else if (op->kind == GCN_KIND_VCC) /* the register a 32-bit form implies: no field */
            ok = make_step(x, t, base, i, GCN_PRINT_ZERO_SLOT, 1, &steps[n++]);
        else
            ok = make_step(x, t, base, i, op->slot,
                           kind_alone(op->kind) && !gcn_operand_dynamic(op), &steps[n++]);
    }
    for (i = 0; ok && i < row->nmodifiers; i++)
        if ((row->modifier[i].gens >> base->gen) & 1)
            ok = make_step(x, t, base, GCN_PRINT_MODIFIER + i, row->modifier[i].slot,
                           row->modifier[i].format != GCN_FMT_SWIZZLE &&
                               row->modifier[i].slot2 == GCN_NO_SLOT,
                           &steps[n++]);
    if (n > GCN_PRINT_STEPS) {
        /* more than a program holds (MUBUF's four operands and eight flags): the steps go on
         * in programs of their own, appended to `more` (rows nprogs on), each but the last
         * ending with a GCN_PRINT_MORE step to the next */
        gcn_print_prog local; /* built here, then appended (gcn_buf keeps no 64-byte alignment) */
        gcn_print_prog *cur = pp;
        size_t next = nprogs + more->len / sizeof(local); /* the next program appended */
        unsigned k = 0;
        while (n - k > GCN_PRINT_STEPS) {
            if (next > UINT16_MAX) {
                fprintf(stderr, "gcn_textgen: more than %u print programs\n", UINT16_MAX);
                return 0;
            }
            memcpy(cur->step, steps + k, (GCN_PRINT_STEPS - 1) * sizeof(steps[0]));
            memset(&cur->step[GCN_PRINT_STEPS - 1], 0, sizeof(steps[0]));
            cur->step[GCN_PRINT_STEPS - 1].what = GCN_PRINT_MORE;
            cur->step[GCN_PRINT_STEPS - 1].at = (uint16_t)next;
            cur->n = GCN_PRINT_STEPS;
            k += GCN_PRINT_STEPS - 1;
            if (cur == &local) /* program next - 1 */
                gcn_buf_append(more, &local, sizeof(local));
            memset(&local, 0, sizeof(local));
            cur = &local;
            next++;
        }
        cur->n = (uint8_t)(n - k);
        memcpy(cur->step, steps + k, (n - k) * sizeof(steps[0]));
        if (cur == &local)
            gcn_buf_append(more, &local, sizeof(local));
        return ok && !more->oom;
    }
    pp->n = (uint8_t)n;
    memcpy(pp->step, steps, n * sizeof(steps[0]));
    return ok;
}

/* A step's initializer. */
static void c_step(gcn_buf *b, const gcn_print_step *s)
{
    gcn_buf_printf(b, "{%u, %u, %u, %u, %u, %u}", (unsigned)s->at, (unsigned)s->count, s->slot,
                   s->what, s->num, s->bits);
}

static void c_text(gcn_buf *b, const gcn_text16 *e)
{
    size_t i;
    gcn_buf_puts(b, "    {\"");
    for (i = 0; i < sizeof(e->s) && e->s[i]; i++) {
        unsigned char c = (unsigned char)e->s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?')
            gcn_buf_putc(b, (char)c);
        else
            gcn_buf_printf(b, "\\%03o", c);
    }
    gcn_buf_printf(b, "\", %u},\n", e->n);
}

/* A program's row. */
static void c_prog(gcn_buf *b, const gcn_print_prog *pp, const char *gen, const char *mnemonic)
{
    unsigned i;
    gcn_buf_printf(b, "    {%u, %u, %u, %u, {0}, {", pp->mnemonic, pp->text_max, pp->mnemonic_len,
                   pp->n);
    for (i = 0; i < pp->n; i++) {
        gcn_buf_puts(b, i ? ", " : "");
        c_step(b, &pp->step[i]);
    }
    gcn_buf_printf(b, "}}, /* %s %s */\n", gen, mnemonic);
}

int main(int argc, char **argv)
{
    const gcn_tables *t = gcn_codec_tables();
    texts x;
    gcn_print_prog *progs;
    gcn_buf b, variants, more;
    gcn_diag diag;
    unsigned gen, insn;
    size_t k;
    int ok = 1;
    if (argc != 3 || strcmp(argv[1], "-o") != 0) {
        fprintf(stderr, "usage: gcn_textgen -o gcn_texts.inc\n");
        return 2;
    }
    gcn_buf_init(&x.rows);
    gcn_buf_init(&x.runs);
    gcn_buf_init(&variants);
    gcn_buf_init(&more);
    progs = calloc((size_t)t->ninsns * GCN_MAX_GENS, sizeof(*progs));
    ok = progs != NULL;
    for (gen = 0; ok && gen < t->ngens; gen++)
        for (insn = 0; ok && insn < t->ninsns; insn++) {
            gcn_inst base;
            memset(&base, 0, sizeof(base));
            base.insn = (uint16_t)insn;
            base.gen = (uint8_t)gen;
            base.encoding = t->insns[insn].encoding;
            ok = make_prog(&x, t, &base, &progs[insn * GCN_MAX_GENS + gen], &variants, &more,
                           (size_t)t->ninsns * GCN_MAX_GENS);
        }
    if (!ok) {
        fprintf(stderr, "%s: the texts were not rendered (out of memory, or as said above)\n",
                argv[2]);
        return 1;
    }
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "/* Generated by codec/textgen from the codec tables of spec %s: do not "
                   "edit. */\n\n",
                   t->spec_sha256);
    gcn_buf_printf(&b, "/* %zu texts in %zu runs, and %d of padding */\n",
                   x.rows.len / sizeof(gcn_text16), x.runs.len / sizeof(run), GCN_PRINT_TEXT_PAD);
    gcn_buf_puts(&b, "static const gcn_text16 gcn_text_rows[] = {\n");
    for (k = 0; k < x.rows.len / sizeof(gcn_text16); k++)
        c_text(&b, (const gcn_text16 *)(void *)(x.rows.data + k * sizeof(gcn_text16)));
    for (k = 0; k < GCN_PRINT_TEXT_PAD; k++)
        gcn_buf_puts(&b, "    {\"\", 0},\n");
    gcn_buf_puts(&b, "};\n\n");
    gcn_buf_puts(&b, "static const gcn_print_prog gcn_print_prog_rows[] = {\n");
    for (k = 0; k < (size_t)t->ninsns * GCN_MAX_GENS; k++) {
        if (k % GCN_MAX_GENS >= t->ngens) {
            gcn_buf_puts(&b, "    {0},\n"); /* no such generation */
            continue;
        }
        c_prog(&b, &progs[k], t->gens[k % GCN_MAX_GENS].id, t->insns[k / GCN_MAX_GENS].mnemonic);
    }
    /* the programs GCN_PRINT_MORE steps go on in */
    for (k = 0; k < more.len / sizeof(gcn_print_prog); k++) {
        gcn_print_prog pp; /* copied out: gcn_buf keeps no 64-byte alignment */
        memcpy(&pp, more.data + k * sizeof(pp), sizeof(pp));
        c_prog(&b, &pp, "", "(the steps after GCN_PRINT_STEPS)");
    }
    gcn_buf_puts(&b, "};\n\n");
    gcn_buf_puts(&b, "/* the SMEM offsets' steps, four each: IMM | SOE << 1 */\n");
    gcn_buf_puts(&b, "static const gcn_print_step gcn_print_step_variants[] = {\n");
    for (k = 0; k < variants.len / sizeof(gcn_print_step); k++) {
        gcn_buf_puts(&b, "    ");
        c_step(&b, (const gcn_print_step *)(void *)(variants.data + k * sizeof(gcn_print_step)));
        gcn_buf_puts(&b, ",\n");
    }
    if (!variants.len)
        gcn_buf_puts(&b, "    {0, 0, 0, 0, 0, 0},\n");
    gcn_buf_puts(&b, "};\n");
    gcn_diag_clear(&diag);
    if (b.oom) {
        fprintf(stderr, "%s: out of memory\n", argv[2]);
        ok = 0;
    } else if (gcn_write_file_atomic(argv[2], b.data, b.len, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        ok = 0;
    }
    gcn_buf_free(&b);
    free(progs);
    gcn_buf_free(&x.rows);
    gcn_buf_free(&x.runs);
    gcn_buf_free(&variants);
    gcn_buf_free(&more);
    return ok ? 0 : 1;
}
