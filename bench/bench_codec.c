/* The codec's speed beside LLVM's, in one run on one instruction stream, as ratios (the machines
 * are shared and noisy: a lone absolute figure means little).
 *
 *   decode+print  gcnspec (gcn_decode + gcn_print) against the LLVM-C disassembler in-process
 *   gcn_disasm    the same in one call (gcn_disasm), the shape of LLVMDisasmInstruction; no bar
 *                 of its own, the bar is read on the line above
 *   assemble      gcnspec (gcn_assemble) against llvm-mc, its start-up subtracted
 *   decode only   gcn_decode against a bare opcode-table lookup loop (the near-physical limit),
 *                 on the path the host runs (AVX2 on x86-64 CPUs that have it), and where that
 *                 is the vector path the portable one beside it (no bar); the same with its
 *                 gcn_inst across a 4 KiB page boundary (no bar: the hazard codec.h names;
 *                 every other line's gcn_inst lies on no boundary); beside all, the lookups
 *                 gcn_decode makes before it writes a field, through a call (the ceiling of a
 *                 decoder returning a gcn_inst; no bar)
 *
 * The stream: every canonical encoding case the spec generates for the generation
 * (vectors/enc_cases) that both sides accept, so neither side spends its time rejecting.
 * Each figure is the best of several alternating rounds; beside each ratio, its lowest and
 * highest over the rounds (one side's round against the other's next to it), the spread the
 * host's noise gives it. Exit status 1 when a sanity check fails
 * (the bare loop and the decoder name different instructions, a side rejects the stream), 2 on
 * bad usage; with --check-bars also 3 when a bar is missed. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "util/buf.h"
#include "util/proc.h"
#include "vectors/enc_cases.h"
#include "vectors/llvm_mc.h"

#ifdef GCN_LLVM_C
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>
#endif

/* Bars of issue 4 */
#define BAR_PRINT 100.0
#define BAR_ASM 30.0
#define BAR_BARE 5.0

typedef struct stream {
    uint8_t *bytes; /* the instructions back to back, 8 zero bytes of padding after */
    size_t len;
    size_t *off; /* start of each instruction */
    uint16_t *insn;
    char **text; /* our text of each */
    size_t n, cap;
} stream;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int add_case(const gcn_enc_case *c, void *ctx)
{
    stream *s = ctx;
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t nb;
    char text[256];
    if (!c->canonical || gcn_encode(&c->inst, b, sizeof(b), &nb) != GCN_OK)
        return 0;
    gcn_print(&c->inst, text, sizeof(text));
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        size_t *off = realloc(s->off, cap * sizeof(*off));
        uint16_t *insn = off ? realloc(s->insn, cap * sizeof(*insn)) : NULL;
        char **tx = insn ? realloc(s->text, cap * sizeof(*tx)) : NULL;
        uint8_t *bytes = tx ? realloc(s->bytes, cap * GCN_INST_MAX_BYTES + 8) : NULL;
        if (off)
            s->off = off;
        if (insn)
            s->insn = insn;
        if (tx)
            s->text = tx;
        if (!bytes)
            return 1;
        s->bytes = bytes;
        s->cap = cap;
    }
    s->off[s->n] = s->len;
    s->insn[s->n] = c->inst.insn;
    s->text[s->n] = strdup(text);
    if (!s->text[s->n])
        return 1;
    memcpy(s->bytes + s->len, b, nb);
    s->len += nb;
    memset(s->bytes + s->len, 0, 8);
    s->n++;
    return 0;
}

static void stream_free(stream *s)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        free(s->text[i]);
    free(s->text);
    free(s->off);
    free(s->insn);
    free(s->bytes);
    memset(s, 0, sizeof(*s));
}

/* Keeps the instructions keep[i] selects, in order. */
static void stream_filter(stream *s, const unsigned char *keep)
{
    size_t i, k = 0, len = 0;
    for (i = 0; i < s->n; i++) {
        size_t sz = (i + 1 < s->n ? s->off[i + 1] : s->len) - s->off[i];
        if (!keep[i]) {
            free(s->text[i]);
            continue;
        }
        memmove(s->bytes + len, s->bytes + s->off[i], sz);
        s->off[k] = len;
        s->insn[k] = s->insn[i];
        s->text[k] = s->text[i];
        len += sz;
        k++;
    }
    s->n = k;
    s->len = len;
    memset(s->bytes + s->len, 0, 8);
}

static volatile uint64_t sink; /* keeps the measured loops from being optimised away */

/* ---- the sides ------------------------------------------------------------------------------- */

static size_t ours_decode_print(int gen, const stream *s)
{
    size_t i, total = 0;
    char text[256];
    for (i = 0; i < s->n; i++) {
        _Alignas(128) gcn_inst in; /* on no 4 KiB page boundary (gcn_inst in codec.h) */
        if (gcn_decode(gen, s->bytes + s->off[i], s->len - s->off[i], &in) != GCN_OK)
            return 0;
        total += gcn_print(&in, text, sizeof(text));
    }
    sink += total;
    return s->n;
}

/* The same through gcn_disasm, one call per instruction as LLVMDisasmInstruction is. */
static size_t ours_disasm(int gen, const stream *s)
{
    size_t i, total = 0;
    char text[256];
    for (i = 0; i < s->n; i++) {
        size_t nb;
        if (gcn_disasm(gen, s->bytes + s->off[i], s->len - s->off[i], text, sizeof(text), &nb,
                       NULL) != GCN_OK)
            return 0;
        total += nb + (unsigned char)text[0];
    }
    sink += total;
    return s->n;
}

typedef gcn_status (*decode_fn)(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);

/* Two pages for the decoder's gcn_inst: at the start of the first (on no page boundary), or
 * across the boundary between them (the hazard gcn_inst's comment in codec.h describes). */
static _Alignas(4096) unsigned char inst_pages[8192];
#define INST_ALONE ((gcn_inst *)(void *)inst_pages)
#define INST_ACROSS ((gcn_inst *)(void *)(inst_pages + 4096 - 64))

/* The stream through a decoder (gcn_decode, or the lookups alone below) into *in. */
static size_t ours_decode(decode_fn decode, int gen, const stream *s, gcn_inst *in)
{
    size_t i;
    uint64_t acc = 0;
    for (i = 0; i < s->n; i++) {
        if (decode(gen, s->bytes + s->off[i], s->len - s->off[i], in) != GCN_OK)
            return 0;
        acc += in->insn + in->size;
    }
    sink += acc;
    return s->n;
}

/* What any decoder with gcn_decode's shape does before it writes a field: the call, the
 * dispatch row, the key map's plan (the tables gcn_decode reads) and the head it names. No field
 * is written and no operand checked: the ceiling of a decoder returning a gcn_inst through a call,
 * printed beside the bare loop. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static gcn_status
lookup_only(int gen, const uint8_t *bytes, size_t len, gcn_inst *out)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_dispatch_row *d;
    const gcn_fast_plan *f;
    uint64_t w;
    if ((unsigned)gen >= t->ngens || !bytes || !out || len < 4)
        return GCN_ERR_INVALID;
    w = len >= 8 ? codec_load8(bytes) : codec_load4(bytes); /* a 32-bit word may end the stream */
    d = &t->dispatch[(unsigned)gen * 512u + ((uint32_t)w >> 23)];
    f = d->key_plans + ((w >> d->key_lo) & d->key_mask);
    if (!f->flags)
        return GCN_ERR_NO_OPCODE;
    memcpy(out, &f->head, 8); /* little-endian hosts, as the decoder's store */
    return GCN_OK;
}

static size_t ours_assemble(int gen, const stream *s)
{
    size_t i, total = 0;
    for (i = 0; i < s->n; i++) {
        _Alignas(128) gcn_inst in; /* on no 4 KiB page boundary (gcn_inst in codec.h) */
        gcn_diag d;
        uint8_t b[GCN_INST_MAX_BYTES];
        size_t nb;
        if (gcn_assemble(gen, s->text[i], &in, b, sizeof(b), &nb, &d) != GCN_OK)
            return 0;
        total += nb;
    }
    sink += total;
    return s->n;
}

/* The bare loop: the encoding from a 512-entry table on the word's top 9 bits, then the opcode
 * field through the encoding's opcode map. Built from the codec tables. */
typedef struct bare {
    uint8_t lo[512], width[512];
    const uint16_t *map[512];
    uint16_t count[512];
} bare;

static int bare_build(int gen, bare *b)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned v, e;
    memset(b, 0, sizeof(*b));
    for (v = 0; v < 512; v++) {
        uint64_t w = (uint64_t)v << 23, best = 0;
        for (e = 0; e < t->nencodings; e++) {
            const gcn_layout_row *l = codec_layout(t, (unsigned)gen, e);
            uint64_t m = l->match_mask & 0xff800000ull;
            /* of nested encodings (SOP1 in SOP2's opcode space), the one fixing more bits */
            if (!l->present || !m || ((w ^ l->match_value) & m) || (m & best) != best)
                continue;
            best = m;
            b->lo[v] = l->slot[l->opcode_slot].lo;
            b->width[v] = l->slot[l->opcode_slot].width;
            b->map[v] = l->opcode_map;
            b->count[v] = l->opcode_count;
        }
    }
    return 0;
}

static inline uint16_t bare_one(const bare *b, const uint8_t *p)
{
    uint64_t w;
    unsigned v, op;
    memcpy(&w, p, 8); /* little-endian hosts (x86-64, aarch64) */
    v = (unsigned)(w >> 23) & 511u;
    op = (unsigned)(w >> b->lo[v]) & ((1u << b->width[v]) - 1u);
    return op < b->count[v] ? b->map[v][op] : GCN_NO_INSN;
}

static size_t bare_loop(const bare *b, const stream *s)
{
    size_t i;
    uint64_t acc = 0;
    for (i = 0; i < s->n; i++)
        acc += bare_one(b, s->bytes + s->off[i]);
    sink += acc;
    return s->n;
}

#ifdef GCN_LLVM_C
static LLVMDisasmContextRef llvm_open(const char *mcpu)
{
    LLVMInitializeAllTargetInfos();
    LLVMInitializeAllTargetMCs();
    LLVMInitializeAllDisassemblers();
    return LLVMCreateDisasmCPU("amdgcn--", mcpu, NULL, 0, NULL, NULL);
}

static size_t llvm_decode_print(LLVMDisasmContextRef dc, const stream *s)
{
    size_t i, total = 0;
    char text[256];
    for (i = 0; i < s->n; i++) {
        size_t n = LLVMDisasmInstruction(dc, s->bytes + s->off[i], s->len - s->off[i], 0, text,
                                         sizeof(text));
        if (!n)
            return 0;
        total += n;
    }
    sink += total;
    return s->n;
}
#endif

/* ---- measuring ------------------------------------------------------------------------------- */

typedef size_t (*side_fn)(void *ctx);

typedef struct side {
    side_fn fn;
    void *ctx;
    double best; /* items per second */
    double last; /* the last round's rate */
    /* after compare(a, b): the lowest and highest of a's rate over b's in one round, the
     * spread the host's noise gives the ratio */
    double lo, hi;
} side;

/* Runs the side repeatedly for at least `seconds`; keeps the best rate. */
static int round_of(side *s, double seconds)
{
    double t0 = now(), t;
    size_t items = 0;
    do {
        size_t k = s->fn(s->ctx);
        if (!k)
            return -1;
        items += k;
        t = now() - t0;
    } while (t < seconds);
    s->last = (double)items / t;
    if (s->last > s->best)
        s->best = s->last;
    return 0;
}

typedef struct ctx {
    int gen;
    const stream *s;
    const bare *b;
#ifdef GCN_LLVM_C
    LLVMDisasmContextRef dc;
#endif
} ctx;

static size_t run_ours_dp(void *c)
{
    return ours_decode_print(((ctx *)c)->gen, ((ctx *)c)->s);
}
static size_t run_ours_x(void *c)
{
    return ours_disasm(((ctx *)c)->gen, ((ctx *)c)->s);
}
static size_t run_ours_d(void *c)
{
    return ours_decode(gcn_decode, ((ctx *)c)->gen, ((ctx *)c)->s, INST_ALONE);
}
/* the same with the gcn_inst across a page boundary */
static size_t run_ours_d_across(void *c)
{
    return ours_decode(gcn_decode, ((ctx *)c)->gen, ((ctx *)c)->s, INST_ACROSS);
}
/* gcn_decode's portable form, where the host runs the vector path */
static size_t run_ours_d_portable(void *c)
{
    return ours_decode(gcn_codec_decode_portable, ((ctx *)c)->gen, ((ctx *)c)->s, INST_ALONE);
}
static size_t run_ours_l(void *c)
{
    return ours_decode(lookup_only, ((ctx *)c)->gen, ((ctx *)c)->s, INST_ALONE);
}
static size_t run_ours_a(void *c)
{
    return ours_assemble(((ctx *)c)->gen, ((ctx *)c)->s);
}
static size_t run_bare(void *c)
{
    return bare_loop(((ctx *)c)->b, ((ctx *)c)->s);
}
#ifdef GCN_LLVM_C
static size_t run_llvm_dp(void *c)
{
    return llvm_decode_print(((ctx *)c)->dc, ((ctx *)c)->s);
}
#endif

/* Alternating rounds of two sides; -1 when one fails. */
static int compare(side *a, side *b, int rounds, double seconds)
{
    int r;
    for (r = 0; r < rounds; r++) {
        double q;
        if (round_of(a, seconds) || round_of(b, seconds))
            return -1;
        q = a->last / b->last;
        a->lo = r == 0 || q < a->lo ? q : a->lo;
        a->hi = r == 0 || q > a->hi ? q : a->hi;
    }
    return 0;
}

/* llvm-mc on lines repeated to at least `count` lines; returns seconds (or < 0). */
static double llvm_mc_time(const char *peer, const char *mcpu, const stream *s, size_t count)
{
    char *path = gcn_proc_find(peer), mcpu_arg[64];
    char *argv[8];
    gcn_buf in;
    gcn_proc_result r;
    size_t i, lines = 0;
    double t0, t;
    if (!path)
        return -1;
    gcn_buf_init(&in);
    while (lines < count)
        for (i = 0; i < s->n && lines < count; i++, lines++) {
            gcn_buf_puts(&in, s->text[i]);
            gcn_buf_putc(&in, '\n');
        }
    snprintf(mcpu_arg, sizeof(mcpu_arg), "-mcpu=%s", mcpu);
    argv[0] = path;
    argv[1] = "-arch=amdgcn";
    argv[2] = mcpu_arg;
    argv[3] = "-filetype=obj";
    argv[4] = "-o";
    argv[5] = "/dev/null";
    argv[6] = NULL;
    memset(&r, 0, sizeof(r));
    t0 = now();
    gcn_proc_run(path, argv, in.data ? in.data : "", in.len, 600, &r);
    t = now() - t0;
    gcn_buf_free(&in);
    free(path);
    if (r.failure[0] || r.signal || r.exit_code != 0) {
        fprintf(stderr, "bench: %s failed on the stream: %.300s\n", peer,
                r.err.data ? r.err.data : r.failure);
        t = -1;
    }
    gcn_proc_result_free(&r);
    return t;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_codec [--gen G]... [--seconds S] [--rounds N] [--peer LLVM-MC] "
               "[--mc-lines N] [--check-bars] [--quick]\n"
               "  --gen G       a generation LLVM disassembles (gcn1.2/gfx8/tonga, "
               "gcn1.4/gfx9/gfx900); default both\n"
               "  --seconds S   time per round and side (default 0.5)\n"
               "  --rounds N    alternating rounds, best kept (default 3)\n"
               "  --peer P      the llvm-mc to time (default llvm-mc-14)\n"
               "  --mc-lines N  lines given to llvm-mc (default 200000)\n"
               "  --check-bars  exit 3 when a bar of issue 4 is missed\n"
               "  --quick       a smoke run: short rounds, small llvm-mc input\n");
}

/* A line of no bar under "decode only": side x beside the bare loop (label, what x times);
 * 1 when a side rejects the stream. */
static int beside_bare(side *x, side *loop, int rounds, double seconds, const char *label,
                       const char *what)
{
    if (compare(x, loop, rounds, seconds)) {
        fprintf(stderr, "bench: a side rejected the stream (%s)\n", label);
        return 1;
    }
    printf("                %-13s %8.2f M inst/s   (%.2fx slower than the bare loop, rounds "
           "%.2f-%.2fx: %s)\n",
           label, x->best / 1e6, loop->best / x->best, 1 / x->hi, 1 / x->lo, what);
    return 0;
}

/* The decoder's path on this host: the vector path (AVX2) or the portable one. */
static const char *path_name(void)
{
    return gcn_codec_avx2_host() ? "AVX2" : "portable";
}

static const char *verdict(int ok)
{
    return ok ? "meets the bar" : "MISSES the bar";
}

static int bench_gen(int gen, double seconds, int rounds, const char *peer, size_t mc_lines,
                     int *missed)
{
    stream s;
    bare b;
    ctx c;
    side ours_dp = {.fn = run_ours_dp, .ctx = &c}, ours_d = {.fn = run_ours_d, .ctx = &c},
         ours_x = {.fn = run_ours_x, .ctx = &c};
    side ours_a = {.fn = run_ours_a, .ctx = &c}, bare_s = {.fn = run_bare, .ctx = &c},
         ours_l = {.fn = run_ours_l, .ctx = &c},
         ours_dport = {.fn = run_ours_d_portable, .ctx = &c},
         ours_dacross = {.fn = run_ours_d_across, .ctx = &c};
    unsigned char *keep;
    const char **lines;
    gcn_mc_result *res;
    char why[512];
    size_t i, nall;
    double t_mc, t_one, mc_rate;
    memset(&s, 0, sizeof(s));
    memset(&c, 0, sizeof(c));
    if (gcn_enc_cases(gen, add_case, &s) == 0 || s.n == 0) {
        fprintf(stderr, "bench: no cases for %s\n", gcn_gen_id(gen));
        stream_free(&s);
        return 1;
    }
    nall = s.n;
    keep = calloc(s.n, 1);
    lines = calloc(s.n, sizeof(*lines));
    res = calloc(s.n, sizeof(*res));
    if (!keep || !lines || !res) {
        free(keep);
        free(lines);
        free(res);
        stream_free(&s);
        return 1;
    }
    /* both sides accept: LLVM-C decodes it in one piece without an invalid mark, llvm-mc
     * assembles its text to the same bytes */
#ifdef GCN_LLVM_C
    c.dc = llvm_open(gcn_gen_mcpu(gen));
    if (!c.dc) {
        fprintf(stderr, "bench: this LLVM has no %s disassembler\n", gcn_gen_mcpu(gen));
        free(keep);
        free(lines);
        free(res);
        stream_free(&s);
        return 1;
    }
#endif
    for (i = 0; i < s.n; i++)
        lines[i] = s.text[i];
    if (gcn_mc_assemble(peer, gen, lines, s.n, res, why, sizeof(why)) != GCN_OK) {
        fprintf(stderr, "bench: %s\n", why);
        free(keep);
        free(lines);
        free(res);
        stream_free(&s);
        return 1;
    }
    for (i = 0; i < s.n; i++) {
        size_t sz = (i + 1 < s.n ? s.off[i + 1] : s.len) - s.off[i];
        keep[i] = res[i].ok && !res[i].warning && res[i].nbytes == sz &&
                  memcmp(res[i].bytes, s.bytes + s.off[i], sz) == 0;
#ifdef GCN_LLVM_C
        if (keep[i]) {
            char text[256];
            size_t n =
                LLVMDisasmInstruction(c.dc, s.bytes + s.off[i], sz + 8, 0, text, sizeof(text));
            keep[i] = n == sz && !strstr(text, "invalid") && !strstr(text, "Invalid") &&
                      !strstr(text, "Warning");
        }
#endif
    }
    stream_filter(&s, keep);
    free(keep);
    free(lines);
    free(res);
    printf("%s (%s): %zu of the spec's %zu canonical cases, both sides accept them: %zu "
           "instructions, %zu bytes\n",
           gcn_gen_id(gen), gcn_gen_mcpu(gen), s.n, nall, s.n, s.len);
    if (s.n == 0) {
        stream_free(&s);
        return 1;
    }
    c.gen = gen;
    c.s = &s;
    c.b = &b;
    bare_build(gen, &b);
    for (i = 0; i < s.n; i++)
        if (bare_one(&b, s.bytes + s.off[i]) != s.insn[i]) {
            fprintf(stderr, "bench: the bare loop and the decoder disagree on %s\n", s.text[i]);
            stream_free(&s);
            return 1;
        }

#ifdef GCN_LLVM_C
    {
        /* two calls (gcn_decode, gcn_print: the bar's line), then the same work in one call
         * (gcn_disasm), the shape of LLVMDisasmInstruction */
        side *ours[2] = {&ours_dp, &ours_x};
        static const char *const label[2] = {"decode+print", "gcn_disasm"};
        unsigned k;
        for (k = 0; k < 2; k++) {
            side llvm_dp = {.fn = run_llvm_dp, .ctx = &c};
            double ratio;
            if (compare(ours[k], &llvm_dp, rounds, seconds)) {
                fprintf(stderr, "bench: a side rejected the stream (%s)\n", label[k]);
                LLVMDisasmDispose(c.dc);
                stream_free(&s);
                return 1;
            }
            ratio = ours[k]->best / llvm_dp.best;
            printf("  %-13s gcnspec %9.2f M inst/s   LLVM-C %d %8.3f M inst/s   ratio %7.1fx  "
                   "(rounds %.1f-%.1fx; ",
                   label[k], ours[k]->best / 1e6, GCN_LLVM_VERSION, llvm_dp.best / 1e6, ratio,
                   ours[k]->lo, ours[k]->hi);
            if (k == 0) {
                printf("bar >= %.0fx: %s)\n", BAR_PRINT, verdict(ratio >= BAR_PRINT));
                *missed |= ratio < BAR_PRINT;
            } else {
                printf("the same in one call, as LLVMDisasmInstruction; no bar)\n");
            }
        }
        LLVMDisasmDispose(c.dc);
    }
#else
    printf("  decode+print  (built without the LLVM-C API: install llvm-14-dev)\n");
#endif

    /* llvm-mc: its start-up measured on one line and subtracted; rounds alternate with ours */
    t_one = t_mc = -1;
    for (i = 0; i < (size_t)rounds; i++) {
        double one = llvm_mc_time(peer, gcn_gen_mcpu(gen), &s, 1);
        double all = llvm_mc_time(peer, gcn_gen_mcpu(gen), &s, mc_lines);
        if (one < 0 || all < 0 || round_of(&ours_a, seconds)) {
            fprintf(stderr, "bench: assembling failed\n");
            stream_free(&s);
            return 1;
        }
        {
            /* this round's ratio: ours against llvm-mc's lines over its time past start-up */
            double q = ours_a.last * (all - one > 1e-6 ? all - one : 1e-6) / (double)mc_lines;
            ours_a.lo = i == 0 || q < ours_a.lo ? q : ours_a.lo;
            ours_a.hi = i == 0 || q > ours_a.hi ? q : ours_a.hi;
        }
        if (t_one < 0 || one < t_one)
            t_one = one;
        if (t_mc < 0 || all < t_mc)
            t_mc = all;
    }
    mc_rate = (double)mc_lines / (t_mc - t_one > 1e-6 ? t_mc - t_one : 1e-6);
    printf("  assemble      gcnspec %9.2f M lines/s  %s %8.3f M lines/s  ratio %7.1fx  (rounds "
           "%.1f-%.1fx; bar >= %.0fx: %s; %zu lines, start-up %.3f s excluded)\n",
           ours_a.best / 1e6, peer, mc_rate / 1e6, ours_a.best / mc_rate, ours_a.lo, ours_a.hi,
           BAR_ASM, verdict(ours_a.best / mc_rate >= BAR_ASM), mc_lines, t_one);
    *missed |= ours_a.best / mc_rate < BAR_ASM;

    if (compare(&ours_d, &bare_s, rounds, seconds)) {
        fprintf(stderr, "bench: a side rejected the stream (decode)\n");
        stream_free(&s);
        return 1;
    }
    printf("  decode only   gcnspec %9.2f M inst/s   bare table loop %8.2f M words/s  "
           "%.2fx slower  (rounds %.2f-%.2fx; bar <= %.0fx: %s; %s path)\n",
           ours_d.best / 1e6, bare_s.best / 1e6, bare_s.best / ours_d.best, 1 / ours_d.hi,
           1 / ours_d.lo, BAR_BARE, verdict(bare_s.best / ours_d.best <= BAR_BARE), path_name());
    *missed |= bare_s.best / ours_d.best > BAR_BARE;
    /* where the vector path runs, the portable one beside it (what other hosts get) */
    if (gcn_codec_avx2_host() && beside_bare(&ours_dport, &bare_s, rounds, seconds, "portable path",
                                             "the same decoder without AVX2")) {
        stream_free(&s);
        return 1;
    }
    /* where the caller's gcn_inst lies: no bar, the hazard codec.h describes */
    if (beside_bare(&ours_dacross, &bare_s, rounds, seconds, "across a page",
                    "the same, its gcn_inst across a 4 KiB page boundary")) {
        stream_free(&s);
        return 1;
    }
    /* the ceiling of the call shape: no bar, an explanation of the one above */
    if (beside_bare(&ours_l, &bare_s, rounds, seconds, "lookups alone",
                    "the call, dispatch and key-map lookups, no field written")) {
        stream_free(&s);
        return 1;
    }
    stream_free(&s);
    return 0;
}

int main(int argc, char **argv)
{
    int gens[8], ngens = 0, i, check = 0, missed = 0, rc = 0, rounds = 3;
    double seconds = 0.5;
    const char *peer = "llvm-mc-14";
    size_t mc_lines = 200000;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--gen") == 0 && v) {
            int g = gcn_gen_lookup(v);
            if (g < 0 || ngens == 8) {
                fprintf(stderr, "bench_codec: --gen: unknown generation '%s'\n", v);
                return 2;
            }
            gens[ngens++] = g;
            i++;
        } else if (strcmp(a, "--seconds") == 0 && v && atof(v) > 0) {
            seconds = atof(v);
            i++;
        } else if (strcmp(a, "--rounds") == 0 && v && atoi(v) > 0) {
            rounds = atoi(v);
            i++;
        } else if (strcmp(a, "--peer") == 0 && v) {
            peer = v;
            i++;
        } else if (strcmp(a, "--mc-lines") == 0 && v && atol(v) > 0) {
            mc_lines = (size_t)atol(v);
            i++;
        } else if (strcmp(a, "--check-bars") == 0) {
            check = 1;
        } else if (strcmp(a, "--quick") == 0) {
            seconds = 0.02;
            rounds = 1;
            mc_lines = 2000;
        } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "bench_codec: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!ngens) {
        gens[ngens++] = gcn_gen_lookup("gfx8");
        gens[ngens++] = gcn_gen_lookup("gfx9");
    }
    {
        char *p = gcn_proc_find(peer);
        if (!p) {
            fprintf(stderr, "bench_codec: %s is not installed (Debian: llvm-14)\n", peer);
            return 2;
        }
        free(p);
    }
    printf("gcnspec codec benchmark: best of %d alternating rounds of %.2f s per side\n", rounds,
           seconds);
    for (i = 0; i < ngens; i++)
        if (bench_gen(gens[i], seconds, rounds, peer, mc_lines, &missed))
            rc = 1;
    if (rc)
        return rc;
    return check && missed ? 3 : 0;
}
