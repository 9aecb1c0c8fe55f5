/* Where the codec's time goes: each stage alone (decode, print, decode+print, gcn_disasm,
 * parse, encode, assemble) on the canonical cases of every generation the spec has (GCN
 * 1.0-1.4, also those no LLVM disassembles), as nanoseconds per instruction and by encoding.
 * No peer: bench_codec holds the figures to LLVM's. It is the loop to profile (perf record
 * build-rel/bench/bench_codec_parts --only print ...), and docs/codec.md's "Where the time
 * goes" quotes it.
 *
 *   bench_codec_parts [--gen G]... [--seconds S] [--rounds N] [--only STAGE] [--by-encoding]
 *
 * Each figure is the best of N rounds of S seconds. Exit status 1 when a stage rejects its
 * input (the stream is the spec's canonical cases, which every stage accepts), 2 on bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "gcnspec/codeobj.h"
#include "util/file.h"
#include "vectors/enc_cases.h"

#include "real_code.h"

typedef struct stream {
    gcn_inst *in;   /* the cases as decoded */
    uint8_t *bytes; /* each case's bytes, back to back, 8 zero bytes after */
    size_t *off;    /* where each starts */
    char (*text)[128];
    size_t n, cap, len;
} stream;

static volatile uint64_t sink;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Appends the nb bytes at b, an instruction of gen the codec decodes; 1 when out of memory. */
static int add_inst(stream *s, int gen, const uint8_t *b, size_t nb)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        gcn_inst *in = realloc(s->in, cap * sizeof(*in));
        size_t *off = in ? realloc(s->off, cap * sizeof(*off)) : NULL;
        char(*text)[128] = off ? realloc(s->text, cap * sizeof(*text)) : NULL;
        uint8_t *bytes = text ? realloc(s->bytes, cap * GCN_INST_MAX_BYTES + 8) : NULL;
        if (in)
            s->in = in;
        if (off)
            s->off = off;
        if (text)
            s->text = text;
        if (!bytes)
            return 1;
        s->bytes = bytes;
        s->cap = cap;
    }
    if (gcn_decode(gen, b, nb, &s->in[s->n]) != GCN_OK)
        return 0;
    gcn_print(&s->in[s->n], s->text[s->n], sizeof(s->text[0]));
    s->off[s->n] = s->len;
    memcpy(s->bytes + s->len, b, nb);
    s->len += nb;
    memset(s->bytes + s->len, 0, 8);
    s->n++;
    return 0;
}

static int add_case(const gcn_enc_case *c, void *ctx)
{
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t nb;
    if (!c->canonical || gcn_encode(&c->inst, b, sizeof(b), &nb) != GCN_OK)
        return 0;
    return add_inst(ctx, c->inst.gen, b, nb);
}

/* bench_real_code's callback: each instruction into the stream */
static int add_item(void *ctx, const uint8_t *bytes, size_t n, const gcn_disasm_item *item)
{
    return add_inst(ctx, item->inst.gen, bytes, n);
}

enum { DECODE, PRINT, DECODE_PRINT, DISASM, PARSE, ENCODE, ASSEMBLE, NSTAGES };
static const char *const stage_name[NSTAGES] = {"decode", "print",  "decode+print", "disasm",
                                                "parse",  "encode", "assemble"};

/* One pass of a stage over s[from, to): the number of instructions, 0 when one is rejected. */
static size_t pass(int stage, int gen, const stream *s, size_t from, size_t to)
{
    _Alignas(128) gcn_inst in;
    char text[256];
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t i, nb;
    uint64_t acc = 0;
    gcn_diag d;
    for (i = from; i < to; i++) {
        const uint8_t *p = s->bytes + s->off[i];
        size_t len = s->len - s->off[i];
        switch (stage) {
        case DECODE:
            if (gcn_decode(gen, p, len, &in) != GCN_OK)
                return 0;
            acc += in.insn;
            break;
        case PRINT:
            acc += gcn_print(&s->in[i], text, sizeof(text));
            break;
        case DECODE_PRINT:
            if (gcn_decode(gen, p, len, &in) != GCN_OK)
                return 0;
            acc += gcn_print(&in, text, sizeof(text));
            break;
        case DISASM:
            if (gcn_disasm(gen, p, len, text, sizeof(text), &nb, NULL) != GCN_OK)
                return 0;
            acc += nb;
            break;
        case PARSE:
            if (gcn_parse(gen, s->text[i], &in, &d) != GCN_OK)
                return 0;
            acc += in.insn;
            break;
        case ENCODE:
            if (gcn_encode(&s->in[i], b, sizeof(b), &nb) != GCN_OK)
                return 0;
            acc += nb;
            break;
        default:
            if (gcn_assemble(gen, s->text[i], &in, b, sizeof(b), &nb, &d) != GCN_OK)
                return 0;
            acc += nb;
        }
    }
    sink += acc;
    return to - from;
}

/* ns per instruction, the best of `rounds` rounds of `seconds`; < 0 when rejected. */
static double time_stage(int stage, int gen, const stream *s, size_t from, size_t to,
                         double seconds, int rounds)
{
    double best = -1;
    int r;
    for (r = 0; r < rounds; r++) {
        double t0 = now(), t;
        size_t items = 0;
        do {
            size_t k = pass(stage, gen, s, from, to);
            if (!k)
                return -1;
            items += k;
            t = now() - t0;
        } while (t < seconds);
        if (best < 0 || t * 1e9 / (double)items < best)
            best = t * 1e9 / (double)items;
    }
    return best;
}

/* ---- the census: where gcn_print leaves its texts ------------------------------------------ */

#define KIND_NAME(e, name) name,
#define FMT_NAME(e, name) name,
static const char *const kind_name[] = {GCN_KIND_LIST(KIND_NAME)};
static const char *const fmt_name[] = {GCN_FORMAT_LIST(FMT_NAME)};

typedef struct why_row {
    char key[96];
    size_t count;
} why_row;

static void why_add(why_row *rows, size_t *n, size_t cap, const char *key)
{
    size_t i;
    for (i = 0; i < *n && strcmp(rows[i].key, key) != 0; i++)
        ;
    if (i == *n) {
        if (*n == cap)
            return;
        snprintf(rows[i].key, sizeof(rows[i].key), "%s", key);
        rows[i].count = 0;
        (*n)++;
    }
    rows[i].count++;
}

static int why_cmp(const void *a, const void *b)
{
    const why_row *x = a, *y = b;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : strcmp(x->key, y->key);
}

/* For each instruction, the first step of its print program that gcn_print cannot take from
 * its texts (as print_valid walks it), by encoding, operand kind (or modifier format) and
 * reason; the instructions printed from texts alone are counted too. */
static void census(const char *label, const stream *s)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_print_texts *x = &gcn_codec_print_texts;
    why_row rows[512];
    size_t nrows = 0, i;
    char key[96];
    for (i = 0; i < s->n; i++) {
        const gcn_inst *in = &s->in[i];
        const gcn_print_prog *pp = gcn_print_prog_of(x, in->gen, in->insn);
        const char *enc = gcn_inst_encoding(in), *why = NULL, *what = "";
        unsigned k;
        for (k = 0; k < pp->n && !why; k++) {
            const gcn_print_step *st = &pp->step[k];
            uint32_t v = in->field[st->slot];
            if (st->what == GCN_PRINT_REST) {
                why = "more steps than a program holds";
                what = "all";
                break;
            }
            if (st->what == GCN_PRINT_MORE) {
                pp = &x->progs[st->at]; /* the program goes on there */
                k = ~0u;
                continue;
            }
            what = st->what >= GCN_PRINT_MODIFIER
                       ? fmt_name[t->insns[in->insn].modifier[st->what - GCN_PRINT_MODIFIER].format]
                       : kind_name[t->insns[in->insn].operand[st->what].kind];
            if (v >= st->count && st->num >= GCN_NUM_VARIANT) {
                st = gcn_print_variant(x, st, in->field);
                v = in->field[st->slot];
            }
            if (!st->count)
                why = "no texts";
            else if (v >= st->count)
                why = st->num ? "number" : "past the texts";
            else if (x->texts[st->at + v].n == GCN_TEXT_GENERAL)
                why = "general value";
        }
        if (!why)
            snprintf(key, sizeof(key), "%-8s texts alone", enc);
        else
            snprintf(key, sizeof(key), "%-8s %-12s %s", enc, what, why);
        why_add(rows, &nrows, sizeof(rows) / sizeof(rows[0]), key);
    }
    qsort(rows, nrows, sizeof(rows[0]), why_cmp);
    printf("%s: %zu instructions; the first step gcn_print takes off its texts:\n", label, s->n);
    for (i = 0; i < nrows; i++)
        printf("  %7zu %5.1f%%  %s\n", rows[i].count, 100.0 * (double)rows[i].count / (double)s->n,
               rows[i].key);
    /* the decoder's path: the fast plan as it is, after a flag (an SMEM variant, a canonical
     * immediate, the unmodelled bits tested), or the plan rows (as CODEC_DECODE_FAST_BODY) */
    nrows = 0;
    for (i = 0; i < s->n; i++) {
        const uint8_t *b = s->bytes + s->off[i];
        uint64_t w = codec_load8(b);
        const gcn_dispatch_row *d = &t->dispatch[s->in[i].gen * 512u + ((uint32_t)w >> 23)];
        const gcn_fast_plan *f = d->key_plans + ((w >> d->key_lo) & d->key_mask);
        const char *path = "fast plan";
        if (f->flags != GCN_FAST_OK) {
            f = codec_fast_variant(t, f, w);
            if ((f->flags & ~(GCN_FAST_CANON | GCN_FAST_UNMODELLED | GCN_FAST_CBUS)) != GCN_FAST_OK)
                path = f->flags & GCN_FAST_SLOW ? "plan rows (slow plan)" : "plan rows";
            else
                path = f->flags & GCN_FAST_CANON        ? "fast, canonical immediate"
                       : f->flags & GCN_FAST_UNMODELLED ? "fast, unmodelled bits tested"
                       : f->flags & GCN_FAST_CBUS       ? "fast, constant bus counted"
                                                        : "fast, SMEM variant";
        }
        snprintf(key, sizeof(key), "%-8s %s", gcn_inst_encoding(&s->in[i]), path);
        why_add(rows, &nrows, sizeof(rows) / sizeof(rows[0]), key);
    }
    qsort(rows, nrows, sizeof(rows[0]), why_cmp);
    printf("%s: the decoder's path:\n", label);
    for (i = 0; i < nrows; i++)
        printf("  %7zu %5.1f%%  %s\n", rows[i].count, 100.0 * (double)rows[i].count / (double)s->n,
               rows[i].key);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_codec_parts [--gen G]... [--seconds S] [--rounds N] [--only STAGE] "
               "[--code DIR] [--by-encoding] [--census]\n"
               "  STAGE: decode print decode+print disasm parse encode assemble\n"
               "  --code DIR     also the real-code corpus (NAME_MCPU.o, the real_code_report "
               "target's)\n"
               "  --by-encoding  each encoding's part of each stream too\n"
               "  --census       where gcn_print leaves its texts, instead of timing\n");
}

static void stream_free(stream *s)
{
    free(s->in);
    free(s->off);
    free(s->text);
    free(s->bytes);
    memset(s, 0, sizeof(*s));
}

/* One line: each stage on s; 1 when a stage rejects it. */
static int measure(int gen, const char *label, const char *enc, const stream *s, int only,
                   double seconds, int rounds)
{
    int st;
    printf("%-8s %-11s %-10s %7zu", gcn_gen_id(gen), label, enc, s->n);
    for (st = 0; st < NSTAGES; st++) {
        double ns;
        if (only >= 0 && only != st)
            continue;
        ns = time_stage(st, gen, s, 0, s->n, seconds, rounds);
        if (ns < 0) {
            fprintf(stderr, "\nbench_codec_parts: %s rejects an instruction of %s\n",
                    stage_name[st], gcn_gen_id(gen));
            return 1;
        }
        printf(" %12.1f", ns);
    }
    printf("\n");
    fflush(stdout);
    return 0;
}

/* The whole stream, then (by_enc) each encoding's part of it, in the order they first appear. */
static int measure_all(int gen, const char *label, const stream *s, int only, int by_enc,
                       double seconds, int rounds)
{
    size_t i, j;
    if (measure(gen, label, "all", s, only, seconds, rounds))
        return 1;
    for (i = 0; by_enc && i < s->n; i++) {
        const char *enc = gcn_inst_encoding(&s->in[i]);
        stream part;
        int seen = 0, rc = 0;
        for (j = 0; j < i && !seen; j++)
            seen = strcmp(gcn_inst_encoding(&s->in[j]), enc) == 0;
        if (seen)
            continue;
        memset(&part, 0, sizeof(part));
        for (j = i; j < s->n && !rc; j++)
            if (strcmp(gcn_inst_encoding(&s->in[j]), enc) == 0) {
                size_t end = j + 1 < s->n ? s->off[j + 1] : s->len;
                rc = add_inst(&part, gen, s->bytes + s->off[j], end - s->off[j]);
            }
        rc = rc || measure(gen, label, enc, &part, only, seconds, rounds);
        stream_free(&part);
        if (rc)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int gens[8], ngens = 0, i, only = -1, by_enc = 0, do_census = 0, rounds = 3, rc = 0;
    double seconds = 0.3;
    const char *code = NULL;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--gen") == 0 && v && ngens < 8 && gcn_gen_lookup(v) >= 0) {
            gens[ngens++] = gcn_gen_lookup(v);
            i++;
        } else if (strcmp(a, "--seconds") == 0 && v && atof(v) > 0) {
            seconds = atof(v);
            i++;
        } else if (strcmp(a, "--rounds") == 0 && v && atoi(v) > 0) {
            rounds = atoi(v);
            i++;
        } else if (strcmp(a, "--only") == 0 && v) {
            for (only = 0; only < NSTAGES && strcmp(stage_name[only], v) != 0; only++)
                ;
            if (only == NSTAGES) {
                usage(stderr);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--code") == 0 && v) {
            code = v;
            i++;
        } else if (strcmp(a, "--by-encoding") == 0) {
            by_enc = 1;
        } else if (strcmp(a, "--census") == 0) {
            do_census = 1;
        } else {
            usage(strcmp(a, "--help") == 0 ? stdout : stderr);
            return strcmp(a, "--help") == 0 ? 0 : 2;
        }
    }
    if (!ngens)
        for (i = 0; i < gcn_gen_count() && i < 8; i++)
            gens[ngens++] = i;
    if (!do_census) {
        printf("ns per instruction, best of %d rounds of %.2f s\n", rounds, seconds);
        printf("%-8s %-11s %-10s %7s", "gen", "stream", "encoding", "insts");
        for (i = 0; i < NSTAGES; i++)
            if (only < 0 || only == i)
                printf(" %12s", stage_name[i]);
        printf("\n");
    }
    for (i = 0; i < ngens && !rc; i++) {
        stream s;
        char label[64];
        memset(&s, 0, sizeof(s));
        if (!gcn_enc_cases(gens[i], add_case, &s) || !s.n) {
            fprintf(stderr, "bench_codec_parts: no cases for %s\n", gcn_gen_id(gens[i]));
            rc = 1;
        } else if (do_census) {
            snprintf(label, sizeof(label), "%s canonical cases", gcn_gen_id(gens[i]));
            census(label, &s);
        } else {
            rc = measure_all(gens[i], "canonical", &s, only, by_enc, seconds, rounds);
        }
        stream_free(&s);
        if (rc || !code)
            continue;
        if (bench_real_code("bench_codec_parts", code, gens[i], add_item, &s, NULL) < 0 || !s.n) {
            fprintf(stderr, "bench_codec_parts: no real code for %s in %s\n", gcn_gen_id(gens[i]),
                    code);
            rc = 1;
        } else if (do_census) {
            snprintf(label, sizeof(label), "%s real code", gcn_gen_id(gens[i]));
            census(label, &s);
        } else {
            rc = measure_all(gens[i], "real code", &s, only, by_enc, seconds, rounds);
        }
        stream_free(&s);
    }
    return rc;
}
