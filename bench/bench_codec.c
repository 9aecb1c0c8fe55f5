/* The codec's speed beside LLVM's, in one run on one instruction stream, as ratios (the machines
 * are shared and noisy: a lone absolute figure means little).
 *
 *   decode+print  gcnspec (gcn_decode + gcn_print) against the LLVM-C disassemblers of LLVM 14
 *                 and LLVM 19, both in this process; the bar is read against the faster one
 *   gcn_disasm    the same in one call (gcn_disasm), the shape of LLVMDisasmInstruction; no bar
 *                 of its own, the bar is read on the lines above
 *   assemble      gcnspec (gcn_assemble) against llvm-mc 14 and 19 as processes (LLVM's C API
 *                 has no assembler; its MC layer in-process is C++), each one's start-up (timed
 *                 on one line) subtracted; the bar against the faster
 *   decode only   gcn_decode against a bare opcode-table lookup loop (the near-physical limit),
 *                 on the path the host runs (AVX2 on x86-64 CPUs that have it), and where that
 *                 is the vector path the portable one beside it (no bar); the same with its
 *                 gcn_inst across a 4 KiB page boundary (no bar: the hazard codec.h names;
 *                 every other line's gcn_inst lies on no boundary); beside all, the lookups
 *                 gcn_decode makes before it writes a field, through a call (the ceiling of a
 *                 decoder returning a gcn_inst; no bar)
 *   by encoding   (--by-encoding) decode+print of each encoding's part of the stream beside
 *                 the faster LLVM-C, so that no encoding hides behind the others' speed
 *
 * Two streams per generation, each measured as above:
 *   canonical cases  every canonical encoding case the spec generates for the generation
 *                    (vectors/enc_cases)
 *   real code        every instruction the codec decodes in the code objects clang-14 compiled
 *                    from the real-code corpus (the real_code_report target's NAME_MCPU.o in
 *                    --code DIR), in the order of their .text
 * of which only the instructions every side accepts, so that neither spends its time rejecting.
 * Each figure is the best of several alternating rounds; beside each ratio, its lowest and
 * highest over the rounds (one side's round against the other's next to it), the spread the
 * host's noise gives it. Exit status 1 when a sanity check fails (the bare loop and the decoder
 * name different instructions, a side rejects the stream), 2 on bad usage or a missing peer;
 * with --check-bars also 3 when a bar is missed. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "gcnspec/codeobj.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/proc.h"
#include "vectors/enc_cases.h"
#include "vectors/llvm_mc.h"

#include "real_code.h"

/* Bars of issue 4 */
#define BAR_PRINT 100.0
#define BAR_ASM 30.0
#define BAR_BARE 5.0

typedef struct stream {
    uint8_t *bytes; /* the instructions back to back, 8 zero bytes of padding after */
    size_t len;
    size_t *off; /* start of each instruction */
    uint16_t *insn;
    const char **enc; /* its encoding's name */
    char **text;      /* our text of each */
    size_t n, cap;
    unsigned sample; /* add_case keeps one canonical case in `sample` (0, 1: all) */
    size_t seen;
} stream;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Appends one instruction (nb bytes, its table row, encoding and text); 1 when out of memory. */
static int stream_add(stream *s, const uint8_t *b, size_t nb, uint16_t insn, const char *enc,
                      const char *text)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        size_t *off = realloc(s->off, cap * sizeof(*off));
        uint16_t *in = off ? realloc(s->insn, cap * sizeof(*in)) : NULL;
        const char **en = in ? realloc(s->enc, cap * sizeof(*en)) : NULL;
        char **tx = en ? realloc(s->text, cap * sizeof(*tx)) : NULL;
        uint8_t *bytes = tx ? realloc(s->bytes, cap * GCN_INST_MAX_BYTES + 8) : NULL;
        if (off)
            s->off = off;
        if (in)
            s->insn = in;
        if (en)
            s->enc = en;
        if (tx)
            s->text = tx;
        if (!bytes)
            return 1;
        s->bytes = bytes;
        s->cap = cap;
    }
    s->off[s->n] = s->len;
    s->insn[s->n] = insn;
    s->enc[s->n] = enc;
    s->text[s->n] = strdup(text);
    if (!s->text[s->n])
        return 1;
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
    char text[256];
    stream *s = ctx;
    if (!c->canonical || gcn_encode(&c->inst, b, sizeof(b), &nb) != GCN_OK)
        return 0;
    if (s->sample > 1 && s->seen++ % s->sample)
        return 0;
    gcn_print(&c->inst, text, sizeof(text));
    return stream_add(ctx, b, nb, c->inst.insn, gcn_inst_encoding(&c->inst), text);
}

/* bench_real_code's callback: each instruction into the stream, with its text */
static int add_item(void *ctx, const uint8_t *bytes, size_t n, const gcn_disasm_item *item)
{
    return stream_add(ctx, bytes, n, item->inst.insn, gcn_inst_encoding(&item->inst), item->text);
}

static void stream_free(stream *s)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        free(s->text[i]);
    free(s->text);
    free(s->enc);
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
        s->enc[k] = s->enc[i];
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
    /* a row no single encoding has: an encoding that fixes bits below the top 9 (FLAT's SEG on
     * GCN 1.4), whose words the decoder takes by its scan of the layouts; so does this */
    if (!f->flags)
        return gcn_decode(gen, bytes, len, out);
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
        uint64_t w = (uint64_t)v << 23, best = 0, best_all = 0;
        for (e = 0; e < t->nencodings; e++) {
            const gcn_layout_row *l = codec_layout(t, (unsigned)gen, e);
            uint64_t m = l->match_mask & 0xff800000ull;
            /* of nested encodings (SOP1 in SOP2's opcode space), the one fixing more top bits;
             * of those fixing the same top bits, the one fixing fewer bits below them (VOP1,
             * not VOP1_SDWA, which nests in it by SRC0's code) */
            if (!l->present || !m || ((w ^ l->match_value) & m) || (m & best) != best ||
                (m == best &&
                 __builtin_popcountll(l->match_mask) >= __builtin_popcountll(best_all)))
                continue;
            best = m;
            best_all = l->match_mask;
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

/* ---- the LLVM-C disassemblers, LLVM 14 and LLVM 19 in one process ----------------------------
 * Each LLVM's shared library (its path from the build: cmake/GcnLLVM.cmake) is opened with
 * RTLD_LOCAL, so that the two libraries' symbols, which have the same names, never bind to each
 * other; the C API's handful of functions are looked up by name. */
typedef void (*llvm_init_fn)(void);
typedef void *(*llvm_create_fn)(const char *triple, const char *cpu, void *info, int tag_type,
                                void *get_op_info, void *symbol_lookup);
typedef size_t (*llvm_disasm_fn)(void *dc, uint8_t *bytes, uint64_t size, uint64_t pc, char *out,
                                 size_t out_size);
typedef void (*llvm_dispose_fn)(void *dc);

typedef struct llvm_c {
    int version;
    const char *path; /* "" when the build found no such LLVM */
    void *lib;
    llvm_create_fn create;
    llvm_disasm_fn disasm;
    llvm_dispose_fn dispose;
    void *dc; /* the disassembler of the generation being measured */
} llvm_c;

#ifndef GCN_LLVM14_SO
#define GCN_LLVM14_SO ""
#endif
#ifndef GCN_LLVM19_SO
#define GCN_LLVM19_SO ""
#endif
#define NLLVM 2
static llvm_c llvms[NLLVM] = {{.version = 14, .path = GCN_LLVM14_SO},
                              {.version = 19, .path = GCN_LLVM19_SO}};

/* dlsym into a function pointer of the given size (no cast between object and function
 * pointers) */
static int llvm_sym(void *lib, const char *name, void *fn, size_t size)
{
    void *p = dlsym(lib, name);
    if (!p)
        return -1;
    memcpy(fn, &p, size);
    return 0;
}

/* Opens one LLVM and initialises its AMDGPU target; -1 (said on stderr) when it cannot. */
static int llvm_load(llvm_c *l)
{
    static const char *const init_name[3] = {"LLVMInitializeAMDGPUTargetInfo",
                                             "LLVMInitializeAMDGPUTargetMC",
                                             "LLVMInitializeAMDGPUDisassembler"};
    llvm_init_fn init[3];
    unsigned k;
    if (!l->path[0]) {
        fprintf(stderr, "bench_codec: the build found no LLVM %d C API (Debian: llvm-%d-dev)\n",
                l->version, l->version);
        return -1;
    }
    l->lib = dlopen(l->path, RTLD_NOW | RTLD_LOCAL);
    if (!l->lib) {
        fprintf(stderr, "bench_codec: %s\n", dlerror());
        return -1;
    }
    for (k = 0; k < 3; k++)
        if (llvm_sym(l->lib, init_name[k], &init[k], sizeof(init[k])))
            break;
    if (k < 3 || llvm_sym(l->lib, "LLVMCreateDisasmCPU", &l->create, sizeof(l->create)) ||
        llvm_sym(l->lib, "LLVMDisasmInstruction", &l->disasm, sizeof(l->disasm)) ||
        llvm_sym(l->lib, "LLVMDisasmDispose", &l->dispose, sizeof(l->dispose))) {
        fprintf(stderr, "bench_codec: %s lacks the LLVM-C disassembler's functions\n", l->path);
        return -1;
    }
    for (k = 0; k < 3; k++)
        init[k]();
    return 0;
}

static size_t llvm_decode_print(const llvm_c *l, const stream *s)
{
    size_t i, total = 0;
    char text[256];
    for (i = 0; i < s->n; i++) {
        size_t n =
            l->disasm(l->dc, s->bytes + s->off[i], s->len - s->off[i], 0, text, sizeof(text));
        if (!n)
            return 0;
        total += n;
    }
    sink += total;
    return s->n;
}

/* 1 when this LLVM decodes the instruction at i of s as one of the same size, with no mark of
 * an invalid or doubtful decoding */
static int llvm_accepts(const llvm_c *l, const stream *s, size_t i, size_t size)
{
    char text[256];
    size_t n = l->disasm(l->dc, s->bytes + s->off[i], size + 8, 0, text, sizeof(text));
    return n == size && !strstr(text, "invalid") && !strstr(text, "Invalid") &&
           !strstr(text, "Warning");
}

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
    const llvm_c *llvm;
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
static size_t run_llvm_dp(void *c)
{
    return llvm_decode_print(((ctx *)c)->llvm, ((ctx *)c)->s);
}

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
    gcn_proc_run_fresh(path, argv, in.data ? in.data : "", in.len, 600, &r);
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
               "[--mc-lines N] [--code DIR] [--sample N] [--by-encoding] [--check-bars] "
               "[--quick]\n"
               "  --gen G        a generation LLVM disassembles (gcn1.2/gfx8/tonga, "
               "gcn1.4/gfx9/gfx900); default both\n"
               "  --seconds S    time per round and side (default 0.5)\n"
               "  --rounds N     alternating rounds, best kept (default 3)\n"
               "  --peer P       the one llvm-mc to time (default: llvm-mc-14 and llvm-mc-19)\n"
               "  --mc-lines N   lines given to llvm-mc (default 200000)\n"
               "  --code DIR     the real-code corpus's code objects, NAME_MCPU.o (default: the "
               "build's, which `cmake --build BUILD --target real_code_report` compiles)\n"
               "  --sample N     one canonical case in N (default: every case)\n"
               "  --by-encoding  decode+print of each encoding's part of each stream too\n"
               "  --check-bars   exit 3 when a bar is missed\n"
               "  --quick        a smoke run: short rounds, small llvm-mc input, --sample 8\n");
}

typedef struct opts {
    double seconds;
    int rounds;
    const char *peer[2]; /* the llvm-mc timed: both, or the one --peer names */
    int npeers;
    size_t mc_lines;
    const char *code_dir;
    int code_given; /* --code: a missing corpus is an error, not a note */
    int by_encoding;
    unsigned sample; /* --sample N: one canonical case in N */
} opts;

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

/* Keeps the instructions every side accepts: each llvm-mc assembles our text to the same bytes,
 * and each LLVM-C decodes the bytes as one instruction of that size. 1 on an error. */
static int keep_accepted(int gen, stream *s, const opts *o)
{
    unsigned char *keep = calloc(s->n ? s->n : 1, 1);
    const char **lines = calloc(s->n ? s->n : 1, sizeof(*lines));
    gcn_mc_result *res = calloc(s->n ? s->n : 1, sizeof(*res));
    char why[512];
    size_t i;
    unsigned k;
    int rc = 0;
    if (!keep || !lines || !res) {
        rc = 1;
        goto out;
    }
    for (i = 0; i < s->n; i++) {
        lines[i] = s->text[i];
        keep[i] = 1;
    }
    for (k = 0; k < (unsigned)o->npeers; k++) {
        if (gcn_mc_assemble(o->peer[k], gen, lines, s->n, res, why, sizeof(why)) != GCN_OK) {
            fprintf(stderr, "bench: %s\n", why);
            rc = 1;
            goto out;
        }
        for (i = 0; i < s->n; i++) {
            size_t sz = (i + 1 < s->n ? s->off[i + 1] : s->len) - s->off[i];
            keep[i] &= res[i].ok && !res[i].warning && res[i].nbytes == sz &&
                       memcmp(res[i].bytes, s->bytes + s->off[i], sz) == 0;
        }
    }
    for (i = 0; i < s->n; i++) {
        size_t sz = (i + 1 < s->n ? s->off[i + 1] : s->len) - s->off[i];
        for (k = 0; k < NLLVM && keep[i]; k++)
            keep[i] = llvm_accepts(&llvms[k], s, i, sz);
    }
    stream_filter(s, keep);
out:
    free(keep);
    free(lines);
    free(res);
    return rc;
}

/* decode+print beside each LLVM-C (the bar against the faster one), then gcn_disasm beside the
 * faster. Returns the faster LLVM's index, or -1 when a side rejects the stream. */
static int measure_print(ctx *c, const opts *o, int *missed)
{
    side ours[NLLVM], llvm[NLLVM];
    side ours_x = {.fn = run_ours_x, .ctx = c};
    int k, fast = 0;
    ctx lc[NLLVM];
    for (k = 0; k < NLLVM; k++) {
        lc[k] = *c;
        lc[k].llvm = &llvms[k];
        memset(&ours[k], 0, sizeof(ours[k]));
        memset(&llvm[k], 0, sizeof(llvm[k]));
        ours[k].fn = run_ours_dp;
        ours[k].ctx = c;
        llvm[k].fn = run_llvm_dp;
        llvm[k].ctx = &lc[k];
        if (compare(&ours[k], &llvm[k], o->rounds, o->seconds)) {
            fprintf(stderr, "bench: a side rejected the stream (decode+print, LLVM %d)\n",
                    llvms[k].version);
            return -1;
        }
        printf("  %-13s gcnspec %9.2f M inst/s   LLVM-C %d %8.3f M inst/s   ratio %7.1fx  "
               "(rounds %.1f-%.1fx)\n",
               k == 0 ? "decode+print" : "", ours[k].best / 1e6, llvms[k].version,
               llvm[k].best / 1e6, ours[k].best / llvm[k].best, ours[k].lo, ours[k].hi);
        if (llvm[k].best > llvm[fast].best)
            fast = k;
    }
    {
        double ratio = ours[fast].best / llvm[fast].best;
        printf("                against the faster, LLVM-C %d: %.1fx (bar >= %.0fx: %s)\n",
               llvms[fast].version, ratio, BAR_PRINT, verdict(ratio >= BAR_PRINT));
        *missed |= ratio < BAR_PRINT;
    }
    {
        side l = {.fn = run_llvm_dp, .ctx = &lc[fast]};
        if (compare(&ours_x, &l, o->rounds, o->seconds)) {
            fprintf(stderr, "bench: a side rejected the stream (gcn_disasm)\n");
            return -1;
        }
        printf("  %-13s gcnspec %9.2f M inst/s   LLVM-C %d %8.3f M inst/s   ratio %7.1fx  "
               "(rounds %.1f-%.1fx; the same in one call, as LLVMDisasmInstruction; no bar)\n",
               "gcn_disasm", ours_x.best / 1e6, llvms[fast].version, l.best / 1e6,
               ours_x.best / l.best, ours_x.lo, ours_x.hi);
    }
    return fast;
}

/* decode+print of each encoding's part of the stream beside the faster LLVM-C (fast). */
static int measure_by_encoding(const ctx *c, const opts *o, int fast, int *missed)
{
    const stream *s = c->s;
    size_t i, j;
    printf("  by encoding   (decode+print beside LLVM-C %d; bar >= %.0fx each)\n",
           llvms[fast].version, BAR_PRINT);
    for (i = 0; i < s->n; i++) {
        stream part;
        ctx pc = *c;
        side ours = {.fn = run_ours_dp, .ctx = &pc}, l = {.fn = run_llvm_dp, .ctx = &pc};
        double ratio;
        int seen = 0, bad = 0;
        for (j = 0; j < i && !seen; j++)
            seen = strcmp(s->enc[j], s->enc[i]) == 0;
        if (seen)
            continue; /* each encoding once, where it first appears */
        memset(&part, 0, sizeof(part));
        for (j = i; j < s->n && !bad; j++)
            if (strcmp(s->enc[j], s->enc[i]) == 0) {
                size_t sz = (j + 1 < s->n ? s->off[j + 1] : s->len) - s->off[j];
                bad =
                    stream_add(&part, s->bytes + s->off[j], sz, s->insn[j], s->enc[j], s->text[j]);
            }
        pc.s = &part;
        pc.llvm = &llvms[fast];
        if (bad || compare(&ours, &l, o->rounds, o->seconds)) {
            fprintf(stderr, "bench: a side rejected the stream (%s)\n", s->enc[i]);
            stream_free(&part);
            return 1;
        }
        ratio = ours.best / l.best;
        printf("                %-12s %6zu inst  gcnspec %8.2f M inst/s  LLVM-C %d %7.3f M "
               "inst/s  ratio %7.1fx  (rounds %.1f-%.1fx)%s\n",
               s->enc[i], part.n, ours.best / 1e6, llvms[fast].version, l.best / 1e6, ratio,
               ours.lo, ours.hi, ratio >= BAR_PRINT ? "" : "  MISSES the bar");
        *missed |= ratio < BAR_PRINT;
        stream_free(&part);
    }
    return 0;
}

/* Every measurement on one stream of gen's instructions (every side accepts each). */
static int measure_stream(int gen, stream *s, const opts *o, int *missed)
{
    bare b;
    ctx c;
    side ours_d = {.fn = run_ours_d, .ctx = &c}, bare_s = {.fn = run_bare, .ctx = &c},
         ours_l = {.fn = run_ours_l, .ctx = &c},
         ours_dport = {.fn = run_ours_d_portable, .ctx = &c},
         ours_dacross = {.fn = run_ours_d_across, .ctx = &c};
    size_t i;
    int fast, k;
    memset(&c, 0, sizeof(c));
    c.gen = gen;
    c.s = s;
    c.b = &b;
    bare_build(gen, &b);
    for (i = 0; i < s->n; i++) {
        /* a word whose row the decoder scans (FLAT, GLOBAL and SCRATCH share their top bits on
         * GCN 1.4, SEG below them tells them apart): the bare loop reads one encoding's map
         * there, a lookup as costly, not the word's instruction */
        const uint8_t *p = s->bytes + s->off[i];
        uint32_t w0 =
            (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        if (gcn_codec_tables()->dispatch[(unsigned)gen * 512u + (w0 >> 23)].enc == GCN_ENC_SCAN)
            continue;
        if (bare_one(&b, p) != s->insn[i]) {
            fprintf(stderr, "bench: the bare loop and the decoder disagree on %s\n", s->text[i]);
            return 1;
        }
    }

    fast = measure_print(&c, o, missed);
    if (fast < 0)
        return 1;

    /* each llvm-mc: its start-up measured on one line and subtracted; rounds alternate with
     * ours; the bar against the faster (the higher rate, as for decode+print: not the lower of
     * the two ratios, whose own figures come from different rounds) */
    {
        double best_ratio = 0, best_rate = 0;
        const char *best_peer = NULL;
        for (k = 0; k < o->npeers; k++) {
            side a = {.fn = run_ours_a, .ctx = &c};
            double t_mc = -1, t_one = -1, mc_rate, ratio;
            for (i = 0; i < (size_t)o->rounds; i++) {
                double one = llvm_mc_time(o->peer[k], gcn_gen_mcpu(gen), s, 1);
                double all = llvm_mc_time(o->peer[k], gcn_gen_mcpu(gen), s, o->mc_lines);
                double q;
                if (one < 0 || all < 0 || round_of(&a, o->seconds)) {
                    fprintf(stderr, "bench: assembling failed\n");
                    return 1;
                }
                /* this round's ratio: ours against llvm-mc's lines over its time past
                 * start-up */
                q = a.last * (all - one > 1e-6 ? all - one : 1e-6) / (double)o->mc_lines;
                a.lo = i == 0 || q < a.lo ? q : a.lo;
                a.hi = i == 0 || q > a.hi ? q : a.hi;
                if (t_one < 0 || one < t_one)
                    t_one = one;
                if (t_mc < 0 || all < t_mc)
                    t_mc = all;
            }
            mc_rate = (double)o->mc_lines / (t_mc - t_one > 1e-6 ? t_mc - t_one : 1e-6);
            ratio = a.best / mc_rate;
            printf("  %-13s gcnspec %9.2f M lines/s  %s %8.3f M lines/s  ratio %7.1fx  (rounds "
                   "%.1f-%.1fx; %zu lines, start-up %.3f s excluded)\n",
                   k == 0 ? "assemble" : "", a.best / 1e6, o->peer[k], mc_rate / 1e6, ratio, a.lo,
                   a.hi, o->mc_lines, t_one);
            if (!best_peer || mc_rate > best_rate) {
                best_rate = mc_rate;
                best_ratio = ratio;
                best_peer = o->peer[k];
            }
        }
        printf("                against the faster, %s: %.1fx (bar >= %.0fx: %s)\n", best_peer,
               best_ratio, BAR_ASM, verdict(best_ratio >= BAR_ASM));
        printf("                (llvm-mc as a process, -filetype=obj to /dev/null: LLVM's C API "
               "has no assembler, and its MC layer in-process is C++; its start-up, timed on "
               "one line, is subtracted)\n");
        *missed |= best_ratio < BAR_ASM;
    }

    if (compare(&ours_d, &bare_s, o->rounds, o->seconds)) {
        fprintf(stderr, "bench: a side rejected the stream (decode)\n");
        return 1;
    }
    printf("  decode only   gcnspec %9.2f M inst/s   bare table loop %8.2f M words/s  "
           "%.2fx slower  (rounds %.2f-%.2fx; bar <= %.0fx: %s; %s path)\n",
           ours_d.best / 1e6, bare_s.best / 1e6, bare_s.best / ours_d.best, 1 / ours_d.hi,
           1 / ours_d.lo, BAR_BARE, verdict(bare_s.best / ours_d.best <= BAR_BARE), path_name());
    *missed |= bare_s.best / ours_d.best > BAR_BARE;
    /* where the vector path runs, the portable one beside it (what other hosts get) */
    if (gcn_codec_avx2_host() && beside_bare(&ours_dport, &bare_s, o->rounds, o->seconds,
                                             "portable path", "the same decoder without AVX2"))
        return 1;
    /* where the caller's gcn_inst lies: no bar, the hazard codec.h describes */
    if (beside_bare(&ours_dacross, &bare_s, o->rounds, o->seconds, "across a page",
                    "the same, its gcn_inst across a 4 KiB page boundary"))
        return 1;
    /* the ceiling of the call shape: no bar, an explanation of the one above */
    if (beside_bare(&ours_l, &bare_s, o->rounds, o->seconds, "lookups alone",
                    "the call, dispatch and key-map lookups, no field written"))
        return 1;
    return o->by_encoding ? measure_by_encoding(&c, o, fast, missed) : 0;
}

static int bench_gen(int gen, const opts *o, int *missed)
{
    stream s;
    size_t nall, words = 0;
    int k, files, rc = 0;
    for (k = 0; k < NLLVM; k++) {
        llvms[k].dc = llvms[k].create("amdgcn--", gcn_gen_mcpu(gen), NULL, 0, NULL, NULL);
        if (!llvms[k].dc) {
            fprintf(stderr, "bench: LLVM %d has no %s disassembler\n", llvms[k].version,
                    gcn_gen_mcpu(gen));
            for (k--; k >= 0; k--)
                llvms[k].dispose(llvms[k].dc);
            return 1;
        }
    }

    /* the spec's canonical cases */
    memset(&s, 0, sizeof(s));
    s.sample = o->sample;
    if (gcn_enc_cases(gen, add_case, &s) == 0 || s.n == 0) {
        fprintf(stderr, "bench: no cases for %s\n", gcn_gen_id(gen));
        rc = 1;
    }
    nall = s.sample > 1 ? s.seen : s.n;
    if (!rc && keep_accepted(gen, &s, o))
        rc = 1;
    if (!rc) {
        char sampled[64] = "";
        if (s.sample > 1)
            snprintf(sampled, sizeof(sampled), " (one in %u sampled)", s.sample);
        printf("%s (%s), canonical cases: %zu of the spec's %zu%s, every side accepts them: "
               "%zu bytes\n",
               gcn_gen_id(gen), gcn_gen_mcpu(gen), s.n, nall, sampled, s.len);
        rc = s.n == 0 || measure_stream(gen, &s, o, missed);
    }
    stream_free(&s);

    /* real code */
    memset(&s, 0, sizeof(s));
    files = rc ? 0 : bench_real_code("bench_codec", o->code_dir, gen, add_item, &s, &words);
    if (files < 0 && !o->code_given) {
        printf("%s (%s), real code: not measured (no corpus in %s)\n", gcn_gen_id(gen),
               gcn_gen_mcpu(gen), o->code_dir);
    } else if (files < 0 || (files == 0 && !rc)) {
        if (files == 0)
            fprintf(stderr, "bench: %s has no code object for %s (NAME_%s.o)\n", o->code_dir,
                    gcn_gen_mcpu(gen), gcn_gen_mcpu(gen));
        rc = 1;
    } else if (!rc) {
        nall = s.n;
        if (keep_accepted(gen, &s, o))
            rc = 1;
        else {
            printf("%s (%s), real code: %zu of the %zu instructions the codec decodes (of %zu "
                   "in %d code objects of %s), every side accepts them: %zu bytes\n",
                   gcn_gen_id(gen), gcn_gen_mcpu(gen), s.n, nall, words, files, o->code_dir, s.len);
            rc = s.n == 0 || measure_stream(gen, &s, o, missed);
        }
    }
    stream_free(&s);
    for (k = 0; k < NLLVM; k++)
        llvms[k].dispose(llvms[k].dc);
    return rc;
}

#ifndef GCN_REAL_CODE_DIR
#define GCN_REAL_CODE_DIR "real-code"
#endif

int main(int argc, char **argv)
{
    int gens[8], ngens = 0, i, check = 0, missed = 0, rc = 0;
    opts o = {.seconds = 0.5,
              .rounds = 3,
              .peer = {"llvm-mc-14", "llvm-mc-19"},
              .npeers = 2,
              .mc_lines = 200000,
              .code_dir = GCN_REAL_CODE_DIR};
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
            o.seconds = atof(v);
            i++;
        } else if (strcmp(a, "--rounds") == 0 && v && atoi(v) > 0) {
            o.rounds = atoi(v);
            i++;
        } else if (strcmp(a, "--peer") == 0 && v) {
            o.peer[0] = v;
            o.npeers = 1;
            i++;
        } else if (strcmp(a, "--mc-lines") == 0 && v && atol(v) > 0) {
            o.mc_lines = (size_t)atol(v);
            i++;
        } else if (strcmp(a, "--sample") == 0 && v && atol(v) > 0 && atol(v) < 1000000) {
            o.sample = (unsigned)atol(v);
            i++;
        } else if (strcmp(a, "--code") == 0 && v) {
            o.code_dir = v;
            o.code_given = 1;
            i++;
        } else if (strcmp(a, "--by-encoding") == 0) {
            o.by_encoding = 1;
        } else if (strcmp(a, "--check-bars") == 0) {
            check = 1;
        } else if (strcmp(a, "--quick") == 0) {
            o.seconds = 0.02;
            o.rounds = 1;
            o.mc_lines = 2000;
            o.sample = 8;
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
    for (i = 0; i < o.npeers; i++) {
        char *p = gcn_proc_find(o.peer[i]);
        if (!p) {
            fprintf(stderr, "bench_codec: %s is not installed (Debian: %s)\n", o.peer[i],
                    strstr(o.peer[i], "19") ? "llvm-19" : "llvm-14");
            return 2;
        }
        free(p);
    }
    for (i = 0; i < NLLVM; i++)
        if (llvm_load(&llvms[i]))
            return 2;
    printf("gcnspec codec benchmark: best of %d alternating rounds of %.2f s per side\n", o.rounds,
           o.seconds);
    for (i = 0; i < ngens; i++)
        if (bench_gen(gens[i], &o, &missed))
            rc = 1;
    if (rc)
        return rc;
    return check && missed ? 3 : 0;
}
