#define _POSIX_C_SOURCE 200809L
#include "coverage.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "codec/codec_internal.h"
#include "harness/llvm_input.h"
#include "util/buf.h"
#include "vectors/enc_cases.h"

/* ---- classes ------------------------------------------------------------------------------ */

static const char *sclass_name(unsigned c)
{
    static const char *const names[] = {
#define COV_SC_NAME(e, s) s,
        GCN_SCLASS_LIST(COV_SC_NAME)
#undef COV_SC_NAME
    };
    return c < GCN_SC_COUNT ? names[c] : "invalid";
}

static uint64_t mask_of(unsigned width)
{
    return width >= 64 ? ~0ull : (1ull << width) - 1;
}

static void put(cov_element *out, size_t max, size_t *n, const gcn_inst *in, unsigned slot,
                const char *fmt, const char *arg)
{
    cov_element *e;
    if (*n >= max)
        return;
    e = &out[(*n)++];
    memset(e, 0, sizeof(*e));
    e->insn = in->insn;
    e->gen = in->gen;
    e->slot = (uint8_t)slot;
    snprintf(e->cls, sizeof(e->cls), fmt, arg ? arg : "");
}

/* The form the printer chose for a swizzle offset: the word after "swizzle(", or "raw". */
static void swizzle_form(const gcn_inst *in, char *out, size_t size)
{
    char text[512];
    const char *p, *q;
    gcn_print(in, text, sizeof(text));
    p = strstr(text, "swizzle(");
    snprintf(out, size, "raw");
    if (!p)
        return;
    p += strlen("swizzle(");
    for (q = p; *q && *q != ',' && *q != ')'; q++)
        ;
    snprintf(out, size, "%.*s", (int)(q - p), p);
}

size_t cov_classify(const gcn_inst *in, cov_element *out, size_t max)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    size_t n = 0;
    unsigned i;
    if (in->insn >= t->ninsns || in->gen >= t->ngens)
        return 0;
    row = &t->insns[in->insn];
    l = codec_layout(t, in->gen, row->encoding);
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        uint32_t v = in->field[op->slot];
        unsigned w = l->slot[op->slot].width;
        const gcn_scalar_row *r = codec_scalar(t, in->gen, v);
        switch (op->kind) {
        case GCN_KIND_VGPR:
            put(out, max, &n, in, op->slot,
                v == 0                 ? "vgpr-first"
                : v == 256u - op->regs ? "vgpr-last"
                                       : "vgpr",
                NULL);
            break;
        case GCN_KIND_SGPR:
        case GCN_KIND_SDST:
        case GCN_KIND_SSRC:
            if (r->sclass == GCN_SC_LITERAL && in->has_literal &&
                gcn_codec_inline_code(t, in->gen, (int64_t)in->literal, op->regs) >= 0)
                put(out, max, &n, in, op->slot, "literal-inline-value", NULL);
            else
                put(out, max, &n, in, op->slot, "%s", sclass_name(r->sclass));
            break;
        case GCN_KIND_SBASE:
            put(out, max, &n, in, op->slot, "sbase-%s",
                sclass_name(codec_scalar(t, in->gen, v * 2)->sclass));
            break;
        case GCN_KIND_SMEM_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            int soe =
                op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
            int sgn = (op->signed_gens >> in->gen) & 1;
            int64_t x = codec_smem_imm(op, l, in->gen, v);
            if (!imm)
                put(out, max, &n, in, op->slot, soe ? "smem-soe-sgpr" : "smem-sgpr", NULL);
            else if (soe)
                put(out, max, &n, in, op->slot, "smem-soe", NULL);
            else if (x == 0)
                put(out, max, &n, in, op->slot, "smem-imm-zero", NULL);
            else if ((uint64_t)x == (sgn ? mask_of(w - 1) : mask_of(w)))
                put(out, max, &n, in, op->slot, "smem-imm-max", NULL);
            else if (sgn && x == -(int64_t)(1ull << (w - 1)))
                put(out, max, &n, in, op->slot, "smem-imm-min", NULL);
            else
                put(out, max, &n, in, op->slot, x < 0 ? "smem-imm-negative" : "smem-imm", NULL);
            break;
        }
        case GCN_KIND_SMRD_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            if (imm)
                put(out, max, &n, in, op->slot,
                    v == 0            ? "smrd-imm-zero"
                    : v == mask_of(w) ? "smrd-imm-max"
                                      : "smrd-imm",
                    NULL);
            else if (in->has_literal)
                put(out, max, &n, in, op->slot, "smrd-literal", NULL);
            else
                put(out, max, &n, in, op->slot, "smrd-sgpr", NULL);
            break;
        }
        case GCN_KIND_IMM:
            put(out, max, &n, in, op->slot,
                v == 0            ? "imm-zero"
                : v == mask_of(w) ? "imm-max"
                                  : "imm",
                NULL);
            break;
        default:
            put(out, max, &n, in, op->slot, "other", NULL);
            break;
        }
    }
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        uint32_t v = in->field[m->slot];
        unsigned w = l->slot[m->slot].width;
        char form[24];
        if (!((m->gens >> in->gen) & 1) || !w)
            continue;
        if (m->format == GCN_FMT_FLAG)
            put(out, max, &n, in, m->slot, v ? "flag-set" : "flag-clear", NULL);
        else if (m->format == GCN_FMT_BUF_FORMAT) {
            /* a buffer format: each part at its default (not written) and named */
            const gcn_buf_format_row *r = &gcn_codec_tables()->buf_formats[in->gen];
            put(out, max, &n, in, m->slot, v == r->dfmt_default ? "format-default" : "format",
                NULL);
            put(out, max, &n, in, m->slot2,
                in->field[m->slot2] == r->nfmt_default ? "format-default" : "format", NULL);
        } else if (m->format == GCN_FMT_SWIZZLE) {
            swizzle_form(in, form, sizeof(form));
            put(out, max, &n, in, m->slot, "swizzle-%s", form);
        } else
            put(out, max, &n, in, m->slot,
                v == 0            ? "mod-zero"
                : v == 1          ? "mod-one"
                : v == mask_of(w) ? "mod-max"
                                  : "mod",
                NULL);
    }
    if (!n) /* an instruction without operands or modifiers still counts */
        put(out, max, &n, in, l->opcode_slot, "opcode", NULL);
    return n;
}

/* ---- sets --------------------------------------------------------------------------------- */

struct cov_set {
    cov_element *v;
    size_t n, cap;
    uint32_t *slots; /* open addressing: index + 1, 0 empty */
    size_t nslots;
};

static uint32_t hash_of(const cov_element *e)
{
    uint32_t h = 2166136261u;
    const char *c;
    h = (h ^ e->insn) * 16777619u;
    h = (h ^ e->gen) * 16777619u;
    h = (h ^ e->slot) * 16777619u;
    for (c = e->cls; *c; c++)
        h = (h ^ (uint8_t)*c) * 16777619u;
    return h;
}

static int same(const cov_element *a, const cov_element *b)
{
    return a->insn == b->insn && a->gen == b->gen && a->slot == b->slot &&
           strcmp(a->cls, b->cls) == 0;
}

cov_set *cov_set_new(void)
{
    cov_set *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->nslots = 1024;
    s->slots = calloc(s->nslots, sizeof(*s->slots));
    if (!s->slots) {
        free(s);
        return NULL;
    }
    return s;
}

void cov_set_free(cov_set *s)
{
    if (!s)
        return;
    free(s->v);
    free(s->slots);
    free(s);
}

static size_t find_slot(const cov_set *s, const cov_element *e)
{
    size_t i = hash_of(e) & (s->nslots - 1);
    while (s->slots[i] && !same(&s->v[s->slots[i] - 1], e))
        i = (i + 1) & (s->nslots - 1);
    return i;
}

int cov_set_has(const cov_set *s, const cov_element *e)
{
    return s->slots[find_slot(s, e)] != 0;
}

int cov_set_add(cov_set *s, const cov_element *e)
{
    size_t i = find_slot(s, e), k;
    if (s->slots[i])
        return 0;
    if (s->n == s->cap) {
        cov_element *g = realloc(s->v, (s->cap = s->cap ? 2 * s->cap : 1024) * sizeof(*g));
        if (!g)
            return 0;
        s->v = g;
    }
    s->v[s->n++] = *e;
    s->slots[i] = (uint32_t)s->n;
    if (2 * s->n > s->nslots) { /* grow and rehash */
        uint32_t *old = s->slots;
        size_t nold = s->nslots;
        s->nslots *= 4;
        s->slots = calloc(s->nslots, sizeof(*s->slots));
        if (!s->slots) {
            s->slots = old;
            s->nslots = nold;
            return 1;
        }
        free(old);
        for (k = 0; k < s->n; k++)
            s->slots[find_slot(s, &s->v[k])] = (uint32_t)(k + 1);
    }
    return 1;
}

size_t cov_set_count(const cov_set *s)
{
    return s->n;
}

const cov_element *cov_set_get(const cov_set *s, size_t i)
{
    return i < s->n ? &s->v[i] : NULL;
}

/* ---- the universe ------------------------------------------------------------------------- */

static int add_case(const gcn_enc_case *c, void *ctx)
{
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t n = 0, k, ne;
    gcn_inst d;
    cov_element el[GCN_INST_MAX_FIELDS + 4];
    if (gcn_encode(&c->inst, b, sizeof(b), &n) != GCN_OK ||
        gcn_decode(c->inst.gen, b, n, &d) != GCN_OK)
        return 0;
    ne = cov_classify(&d, el, sizeof(el) / sizeof(el[0]));
    for (k = 0; k < ne; k++)
        cov_set_add((cov_set *)ctx, &el[k]);
    return 0;
}

cov_set *cov_universe(void)
{
    cov_set *s = cov_set_new();
    int g;
    if (!s)
        return NULL;
    for (g = 0; g < gcn_gen_count(); g++)
        gcn_enc_cases(g, add_case, s);
    return s;
}

/* ---- corpora ------------------------------------------------------------------------------ */

static void add_inst(cov_set *reached, const gcn_inst *in, cov_corpus_stats *st)
{
    cov_element el[GCN_INST_MAX_FIELDS + 4];
    size_t k, ne = cov_classify(in, el, sizeof(el) / sizeof(el[0]));
    for (k = 0; k < ne; k++)
        cov_set_add(reached, &el[k]);
    st->instructions++;
}

void cov_add_input(cov_set *reached, const char *kind, const uint8_t *data, size_t size,
                   cov_corpus_stats *st)
{
    gcn_inst in;
    st->files++;
    if (strcmp(kind, "bytes") == 0) {
        int gen = size ? data[0] % gcn_gen_count() : -1;
        if (gen >= 0 && gcn_decode(gen, data + 1, size - 1, &in) == GCN_OK)
            add_inst(reached, &in, st);
        else
            st->refused++;
    } else if (strcmp(kind, "llvm") == 0) {
        llvm_word w;
        if (llvm_input_word(data, size, &w) && gcn_decode(w.gen, w.bytes, w.len, &in) == GCN_OK)
            add_inst(reached, &in, st);
        else
            st->refused++;
    } else if (strcmp(kind, "text") == 0 && size) {
        int gen = data[0] % gcn_gen_count();
        size_t i = 1;
        while (i < size) {
            char line[1024];
            size_t n = 0;
            gcn_diag diag;
            while (i < size && data[i] != '\n') {
                if (n < sizeof(line) - 1)
                    line[n++] = (char)data[i];
                i++;
            }
            i++;
            line[n] = 0;
            if (gcn_parse(gen, line, &in, &diag) == GCN_OK) {
                uint8_t b[GCN_INST_MAX_BYTES];
                size_t bn = 0;
                gcn_inst d;
                if (gcn_encode(&in, b, sizeof(b), &bn) == GCN_OK &&
                    gcn_decode(gen, b, bn, &d) == GCN_OK)
                    add_inst(reached, &d, st);
            } else {
                st->refused++;
            }
        }
    }
}

gcn_status cov_add_corpus(cov_set *reached, const char *kind, const char *dir, cov_corpus_stats *st,
                          gcn_diag *diag)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    uint8_t *buf;
    if (!d) {
        gcn_diag_set(diag, dir, 0, 0, "cannot open the corpus directory");
        return GCN_ERR_IO;
    }
    buf = malloc(1u << 20);
    if (!buf) {
        closedir(d);
        return GCN_ERR_NOMEM;
    }
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        FILE *f;
        size_t n;
        struct stat sb;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        f = fopen(path, "rb");
        if (!f)
            continue;
        n = fread(buf, 1, 1u << 20, f);
        fclose(f);
        cov_add_input(reached, kind, buf, n, st);
    }
    closedir(d);
    free(buf);
    return GCN_OK;
}

size_t cov_missing_gens(const cov_set *universe, const cov_set *reached, unsigned gens)
{
    return cov_missing_kind(universe, reached, gens, NULL);
}

int cov_kind_reaches(const char *kind, const cov_element *e)
{
    if (!((cov_kind_gens(kind) >> e->gen) & 1))
        return 0;
    /* no text names a literal holding an inline constant's value: it assembles to the
     * constant (fuzz_alias) */
    if (kind && strcmp(kind, "text") == 0 && strcmp(e->cls, "literal-inline-value") == 0)
        return 0;
    return 1;
}

size_t cov_missing_kind(const cov_set *universe, const cov_set *reached, unsigned gens,
                        const char *kind)
{
    size_t i, n = 0;
    for (i = 0; i < cov_set_count(universe); i++) {
        const cov_element *e = cov_set_get(universe, i);
        if ((gens >> e->gen) & 1 && (!kind || cov_kind_reaches(kind, e)))
            n += !cov_set_has(reached, e);
    }
    return n;
}

size_t cov_missing(const cov_set *universe, const cov_set *reached)
{
    return cov_missing_gens(universe, reached, ~0u);
}

unsigned cov_kind_gens(const char *kind)
{
    unsigned k, gens = 0;
    if (!kind || strcmp(kind, "llvm") != 0)
        return ~0u;
    for (k = 0; k < LLVM_INPUT_GENS; k++)
        if (llvm_input_gen(k) >= 0)
            gens |= 1u << llvm_input_gen(k);
    return gens;
}

/* ---- the report --------------------------------------------------------------------------- */

static int by_class(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char *cov_report(const cov_set *universe, const cov_set *const *reached, const char *const *names,
                 const char *const *kinds, const cov_corpus_stats *stats, size_t ncorpora)
{
    const gcn_tables *t = gcn_codec_tables();
    gcn_buf b;
    size_t c, i, k;
    unsigned e, g;
    const char **classes = calloc(cov_set_count(universe) + 1, sizeof(*classes));
    size_t nclasses = 0;
    gcn_buf_init(&b);
    if (!classes)
        return NULL;
    gcn_buf_printf(&b,
                   "# Fuzzing corpus coverage\n\n"
                   "What the seed corpora reach of the spec, measured by decoding (or "
                   "parsing) every input\n"
                   "and cutting each instruction into coverage elements: (instruction, "
                   "generation, field,\n"
                   "operand class), `corpus/coverage.h` lists the classes. The universe is "
                   "every element of\n"
                   "every encoding case the spec generates (`vectors/enc_cases.c`): %zu "
                   "elements. Generated by\n"
                   "`gcn_corpus coverage` (`cmake --build build --target fuzz_coverage`); "
                   "spec %.16s.\n\n",
                   cov_set_count(universe), t->spec_sha256);

    gcn_buf_printf(&b, "## Summary\n\n| corpus | kind | inputs | instructions | refused | "
                       "elements reached | of the universe | missing |\n"
                       "|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (c = 0; c < ncorpora; c++) {
        size_t in_u = 0;
        for (i = 0; i < cov_set_count(reached[c]); i++)
            in_u += cov_set_has(universe, cov_set_get(reached[c], i));
        gcn_buf_printf(&b, "| %s | %s | %zu | %zu | %zu | %zu | %zu | %zu |\n", names[c], kinds[c],
                       stats[c].files, stats[c].instructions, stats[c].refused,
                       cov_set_count(reached[c]), in_u,
                       cov_missing_kind(universe, reached[c], ~0u, kinds[c]));
    }

    /* per encoding x generation: instructions and elements of the universe, and reached */
    for (c = 0; c < ncorpora; c++) {
        size_t np = (size_t)t->ninsns * t->ngens;
        size_t *ucount = calloc(np + 1, sizeof(size_t)), *rcount = calloc(np + 1, sizeof(size_t));
        if (!ucount || !rcount) {
            free(ucount);
            free(rcount);
            continue;
        }
        for (i = 0; i < cov_set_count(universe); i++) {
            const cov_element *x = cov_set_get(universe, i);
            ucount[(size_t)x->insn * t->ngens + x->gen]++;
            rcount[(size_t)x->insn * t->ngens + x->gen] += cov_set_has(reached[c], x);
        }
        gcn_buf_printf(&b, "\n## %s: per encoding and generation\n\n| encoding |", names[c]);
        for (g = 0; g < t->ngens; g++)
            gcn_buf_printf(&b, " %s |", t->gens[g].id);
        gcn_buf_printf(&b, "\n|---|");
        for (g = 0; g < t->ngens; g++)
            gcn_buf_printf(&b, "--:|");
        gcn_buf_printf(&b, "\n");
        for (e = 0; e < t->nencodings; e++) {
            gcn_buf_printf(&b, "| %s |", t->encodings[e].name);
            for (g = 0; g < t->ngens; g++) {
                size_t ui = 0, ri = 0, ue = 0, re = 0;
                unsigned insn;
                if (!codec_layout(t, g, e)->present || !((cov_kind_gens(kinds[c]) >> g) & 1)) {
                    gcn_buf_printf(&b, " - |");
                    continue;
                }
                for (insn = 0; insn < t->ninsns; insn++) {
                    size_t u = ucount[(size_t)insn * t->ngens + g];
                    size_t r = rcount[(size_t)insn * t->ngens + g];
                    if (t->insns[insn].encoding != e || t->insns[insn].opcode[g] == GCN_NO_INSN)
                        continue;
                    ui += u > 0;
                    ri += r > 0;
                    ue += u;
                    re += r;
                }
                gcn_buf_printf(&b, " %zu/%zu insns, %zu/%zu elements |", ri, ui, re, ue);
            }
            gcn_buf_printf(&b, "\n");
        }
        free(ucount);
        free(rcount);
    }

    /* per class */
    for (i = 0; i < cov_set_count(universe); i++) {
        const char *cls = cov_set_get(universe, i)->cls;
        for (k = 0; k < nclasses && strcmp(classes[k], cls) != 0; k++)
            ;
        if (k == nclasses)
            classes[nclasses++] = cls;
    }
    qsort(classes, nclasses, sizeof(*classes), by_class);
    gcn_buf_printf(&b, "\n## Per operand class\n\nElements of the universe in each class, and "
                       "how many each corpus reaches.\n\n| class | universe |");
    for (c = 0; c < ncorpora; c++)
        gcn_buf_printf(&b, " %s |", names[c]);
    gcn_buf_printf(&b, "\n|---|--:|");
    for (c = 0; c < ncorpora; c++)
        gcn_buf_printf(&b, "--:|");
    gcn_buf_printf(&b, "\n");
    for (k = 0; k < nclasses; k++) {
        size_t u = 0;
        size_t r[8] = {0};
        for (i = 0; i < cov_set_count(universe); i++) {
            const cov_element *x = cov_set_get(universe, i);
            if (strcmp(x->cls, classes[k]) != 0)
                continue;
            u++;
            for (c = 0; c < ncorpora && c < 8; c++)
                r[c] += cov_set_has(reached[c], x);
        }
        gcn_buf_printf(&b, "| %s | %zu |", classes[k], u);
        for (c = 0; c < ncorpora && c < 8; c++)
            gcn_buf_printf(&b, " %zu |", r[c]);
        gcn_buf_printf(&b, "\n");
    }

    /* what is missed */
    gcn_buf_printf(&b, "\n## Missed elements\n\n");
    for (c = 0; c < ncorpora; c++) {
        unsigned gens = cov_kind_gens(kinds[c]);
        size_t shown = 0, missing = cov_missing_kind(universe, reached[c], ~0u, kinds[c]);
        if (!missing) {
            gcn_buf_printf(
                &b, "- %s: none, every element of the universe%s is reached.\n", names[c],
                gens != ~0u                     ? " on the generations LLVM disassembles"
                : strcmp(kinds[c], "text") == 0 ? " a text can name (all but literal-inline-value)"
                                                : "");
            continue;
        }
        gcn_buf_printf(&b, "- %s: %zu elements\n", names[c], missing);
        for (i = 0; i < cov_set_count(universe) && shown < 40; i++) {
            const cov_element *x = cov_set_get(universe, i);
            if (!cov_kind_reaches(kinds[c], x) || cov_set_has(reached[c], x))
                continue;
            gcn_buf_printf(&b, "  - %s %s %s %s\n", t->gens[x->gen].id, t->insns[x->insn].mnemonic,
                           t->encodings[t->insns[x->insn].encoding].slot_name[x->slot], x->cls);
            shown++;
        }
        if (shown < missing)
            gcn_buf_printf(&b, "  - ... and %zu more\n", missing - shown);
    }
    free(classes);
    return gcn_buf_take(&b);
}
