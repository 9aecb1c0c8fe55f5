/* gcn_textgen: renders the printer's texts (gcn_texts.inc, included by codec/texts.c) through
 * the printer's general path, which it links without them (gcn_codec_base).
 *
 * For every instruction on every generation, one step per operand and per modifier the
 * generation has (gcn_print_prog). A step whose text depends on its field alone (a register,
 * a scalar operand, an immediate or modifier of at most 8 bits; not an SMEM/SMRD offset, which
 * reads other fields, nor a swizzle) gets the text of every value its field can hold. A value
 * whose text depends on the literal (the literal code) or runs past 15 bytes is marked
 * GCN_TEXT_GENERAL. Identical runs of texts are stored once. The tests hold gcn_print to the
 * general path (codec_print_general) on every step and value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "util/buf.h"
#include "util/file.h"

/* This program renders the texts: it has none. */
const gcn_print_texts gcn_codec_print_texts = {NULL, NULL};

#define MAX_VALUES 256 /* fields of at most 8 bits get texts */

typedef struct run {
    uint32_t at;
    uint16_t count;
} run;

/* The texts (gcn_text16 rows) and the runs stored so far (run rows), in two growable buffers. */
typedef struct texts {
    gcn_buf rows, runs;
} texts;

/* The step's text for one value, from the general path; 0 when it depends on the literal or
 * does not fit an entry. */
static int render(const gcn_inst *base, unsigned what, uint8_t slot, uint32_t v, gcn_text16 *e)
{
    static const uint32_t literals[2] = {0, 0x12345678u};
    char out[2][512];
    size_t len[2];
    int k;
    for (k = 0; k < 2; k++) {
        gcn_inst in = *base;
        char *p = out[k];
        in.field[slot] = v;
        in.literal = literals[k];
        if (what >= GCN_PRINT_MODIFIER) {
            p = codec_put_modifier(p, &in, what - GCN_PRINT_MODIFIER);
        } else {
            memcpy(p, ", ", 2);
            p = codec_put_operand(p + 2, &in, what);
        }
        len[k] = (size_t)(p - out[k]);
    }
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
static int add_run(texts *x, const gcn_text16 *rows, uint16_t count, uint32_t *at)
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
    if (n + count > UINT32_MAX)
        return 0;
    added.at = *at = (uint32_t)n;
    added.count = count;
    gcn_buf_append(&x->runs, &added, sizeof(added));
    gcn_buf_append(&x->rows, rows, count * sizeof(*rows));
    return !x->runs.oom && !x->rows.oom;
}

/* The operand kinds whose text is their field's alone (the literal aside, which render finds). */
static int kind_alone(unsigned kind)
{
    return kind == GCN_KIND_VGPR || kind == GCN_KIND_SGPR || kind == GCN_KIND_SDST ||
           kind == GCN_KIND_SSRC || kind == GCN_KIND_SBASE || kind == GCN_KIND_IMM;
}

static int make_step(texts *x, const gcn_tables *t, unsigned gen, unsigned insn, unsigned what,
                     uint8_t slot, int alone, gcn_print_step *s)
{
    const gcn_insn_row *row = &t->insns[insn];
    const gcn_layout_row *l = codec_layout(t, gen, row->encoding);
    unsigned width = l->present && slot < GCN_MAX_SLOTS ? l->slot[slot].width : 0;
    gcn_text16 rows[MAX_VALUES];
    gcn_inst base;
    unsigned v, count, any = 0;
    memset(s, 0, sizeof(*s));
    s->slot = slot;
    s->what = (uint8_t)what;
    s->skip = what == 0; /* the first operand: " x" */
    if (!alone || !width || width > 8)
        return 1;
    memset(&base, 0, sizeof(base));
    base.insn = (uint16_t)insn;
    base.gen = (uint8_t)gen;
    base.encoding = row->encoding;
    count = 1u << width;
    for (v = 0; v < count; v++)
        any += (unsigned)render(&base, what, slot, v, &rows[v]);
    if (!any)
        return 1;
    s->count = (uint16_t)count;
    return add_run(x, rows, (uint16_t)count, &s->at);
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

int main(int argc, char **argv)
{
    const gcn_tables *t = gcn_codec_tables();
    texts x;
    gcn_print_prog *progs;
    gcn_buf b;
    gcn_diag diag;
    unsigned gen, insn, i;
    size_t k;
    int ok = 1;
    if (argc != 3 || strcmp(argv[1], "-o") != 0) {
        fprintf(stderr, "usage: gcn_textgen -o gcn_texts.inc\n");
        return 2;
    }
    gcn_buf_init(&x.rows);
    gcn_buf_init(&x.runs);
    progs = calloc((size_t)t->ngens * t->ninsns, sizeof(*progs));
    ok = progs != NULL;
    for (gen = 0; ok && gen < t->ngens; gen++)
        for (insn = 0; ok && insn < t->ninsns; insn++) {
            const gcn_insn_row *row = &t->insns[insn];
            gcn_print_prog *pp = &progs[gen * t->ninsns + insn];
            for (i = 0; ok && i < row->noperands; i++)
                ok = make_step(&x, t, gen, insn, i, row->operand[i].slot,
                               kind_alone(row->operand[i].kind), &pp->step[pp->n++]);
            for (i = 0; ok && i < row->nmodifiers; i++)
                if ((row->modifier[i].gens >> gen) & 1)
                    ok = make_step(&x, t, gen, insn, GCN_PRINT_MODIFIER + i, row->modifier[i].slot,
                                   row->modifier[i].format != GCN_FMT_SWIZZLE, &pp->step[pp->n++]);
        }
    if (!ok) {
        fprintf(stderr, "%s: out of memory\n", argv[2]);
        return 1;
    }
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "/* Generated by codec/textgen from the codec tables of spec %s: do not "
                   "edit. */\n\n",
                   t->spec_sha256);
    gcn_buf_printf(&b, "/* %zu texts in %zu runs, and one of padding */\n",
                   x.rows.len / sizeof(gcn_text16), x.runs.len / sizeof(run));
    gcn_buf_puts(&b, "static const gcn_text16 gcn_text_rows[] = {\n");
    for (k = 0; k < x.rows.len / sizeof(gcn_text16); k++)
        c_text(&b, (const gcn_text16 *)(void *)(x.rows.data + k * sizeof(gcn_text16)));
    gcn_buf_puts(&b, "    {\"\", 0},\n};\n\n");
    gcn_buf_puts(&b, "static const gcn_print_prog gcn_print_prog_rows[] = {\n");
    for (k = 0; k < (size_t)t->ngens * t->ninsns; k++) {
        const gcn_print_prog *pp = &progs[k];
        gcn_buf_printf(&b, "    {%u, {", pp->n);
        for (i = 0; i < pp->n; i++) {
            const gcn_print_step *s = &pp->step[i];
            gcn_buf_printf(&b, "%s{%u, %u, %u, %u, %u}", i ? ", " : "", (unsigned)s->at,
                           (unsigned)s->count, s->slot, s->what, s->skip);
        }
        gcn_buf_printf(&b, "}}, /* %s %s */\n", t->gens[k / t->ninsns].id,
                       t->insns[k % t->ninsns].mnemonic);
    }
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
    return ok ? 0 : 1;
}
