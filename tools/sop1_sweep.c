/* Every SOP1 word of one generation or all: gcnspec's decode / print / parse / encode round
 * trips, gcn_decode's fast path against the plan rows (gcn_codec_decode_plan) on every word, and
 * (built against an LLVM, on the generations LLVM disassembles) the LLVM-C
 * disassembler on the same word, every disagreement looked up in spec/peers/llvm-known.json.
 *
 * The word space: every value of the bits the codec tables leave free in the SOP1 layout (the
 * fixed ENCODING bits set), 2^23 words per generation; with --space all, every 32-bit dword
 * (2^32 per generation): gcnspec decodes each (whatever its encoding, the fixed literal as the
 * second dword), every word that decodes makes the round trip (so every SMRD word of gfx6/gfx7
 * is covered too), and the SOP1 ones go through all the checks; LLVM is only ever handed SOP1 words
 * (LLVM 14 crashes on some words of other encodings). A word whose SSRC0 is the literal code is
 * followed by a fixed literal (--literal, default 0x12345678, which no inline constant equals).
 *
 *   sop1_sweep [--gen G]... [--space sop1|all] [--jobs N] [--literal X] [--known FILE]
 *              [--report FILE]
 *
 * Forks --jobs workers (default 2) that share counters in anonymous shared memory; the parent
 * prints progress every 2 s: words/s, disagreements so far. Exit status 1 when a round trip
 * fails or a disagreement is unexplained or an our-bug. A benchmark-style long check, not a
 * test: built by `cmake --build build --target sop1_sweep` (and sop1_sweep_llvm14/19). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS (POSIX only from 2024) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "gcnspec/codec.h"
#include "tests/peer/llvm_disasm.h"
#include "util/buf.h"

#define MAX_JOBS 64
#define MAX_ENTRIES 256
#define MAX_FAILURES 48
#define TEXT_MAX LLVM_DISASM_TEXT_MAX
#define BLOCK 65536ull /* words a worker takes at a time */

#ifdef GCN_LLVM_C
#define SWEEP_PEER llvm_disasm_peer()
#else
#define SWEEP_PEER "none"
#endif

/* Failures of one kind in one encoding: a count, the instructions, and the first word. */
typedef struct failure {
    int encoding;
    char what[64];
    unsigned long long count;
    uint16_t insns[8]; /* the first instructions seen (GCN_NO_INSN: none) */
    unsigned ninsns, more_insns;
    uint8_t bytes[8];
    unsigned len;
    char ours[TEXT_MAX], peer[TEXT_MAX];
} failure;

/* One worker's counters, in shared memory; the parent reads them while they run (a progress
 * figure a word stale is fine) and exactly after they exit. */
typedef struct tally {
    volatile unsigned long long done; /* words of the space visited */
    unsigned long long sop1, decoded, roundtrip_failed;
    unsigned long long fast_differs;           /* gcn_decode's fast path against the plan rows */
    unsigned long long other_decoded;          /* --space all: words of another encoding */
    unsigned long long other_roundtrip_failed; /* ... whose round trip failed */
    unsigned long long aliases, other_aliases; /* text that means another encoding of them */
    unsigned long long peer_words, same, both_reject, known, our_bug, unexplained;
    unsigned long long entry[MAX_ENTRIES];
    unsigned nfailures;
    failure failures[MAX_FAILURES];
    unsigned long long failures_unlisted;
    int failed;
} tally;

typedef struct gen_result {
    int gen, ran, peer;
    unsigned long long space;
    tally sum;
    double seconds;
} gen_result;

static struct {
    int gens[8];
    int ngens;
    int all_space;
    unsigned jobs;
    uint32_t literal;
    const char *known_path, *report_path;
    peer_known *known;
    gen_result results[8];
} opt;

static const gcn_layout_row *layout(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    return &t->layouts[(unsigned)gen * t->nencodings + enc];
}

/* Can LLVM disassemble this generation? The LLVM-C disassembler aborts the process ("Disassembly
 * not yet supported for subtarget") for gfx6/gfx7, so ask by name, never by trying. */
static int peer_covers(int gen)
{
#ifdef GCN_LLVM_C
    return gen == gcn_gen_lookup("gfx8") || gen == gcn_gen_lookup("gfx9");
#else
    (void)gen;
    return 0;
#endif
}

static void add_insn(failure *f, int insn)
{
    unsigned k;
    if (insn < 0)
        return;
    for (k = 0; k < f->ninsns; k++)
        if (f->insns[k] == insn)
            return;
    if (f->ninsns < 8)
        f->insns[f->ninsns++] = (uint16_t)insn;
    else
        f->more_insns = 1;
}

static void add_failure(tally *t, const char *what, int encoding, int insn, const uint8_t *b,
                        unsigned len, const char *ours, const char *peer, unsigned long long count)
{
    failure *f;
    unsigned k;
    for (k = 0; k < t->nfailures; k++) {
        f = &t->failures[k];
        if (f->encoding == encoding && strcmp(f->what, what) == 0) {
            f->count += count;
            add_insn(f, insn);
            return;
        }
    }
    if (t->nfailures == MAX_FAILURES) {
        t->failures_unlisted += count;
        return;
    }
    f = &t->failures[t->nfailures++];
    memset(f, 0, sizeof(*f));
    f->encoding = encoding;
    f->count = count;
    add_insn(f, insn);
    memcpy(f->bytes, b, len);
    f->len = len;
    snprintf(f->what, sizeof(f->what), "%s", what);
    snprintf(f->ours, sizeof(f->ours), "%s", ours);
    snprintf(f->peer, sizeof(f->peer), "%s", peer);
}

static const char *encoding_name(int e)
{
    return e >= 0 && (unsigned)e < gcn_codec_tables()->nencodings
               ? gcn_codec_tables()->encodings[e].name
               : "-";
}

/* "SMEM: s_load_dword, s_store_dword, ... and more" */
static void insn_list(const failure *f, char *out, size_t size)
{
    size_t o = 0;
    unsigned k;
    out[0] = 0;
    for (k = 0; k < f->ninsns && o < size; k++)
        o += (size_t)snprintf(out + o, size - o, "%s%s", k ? ", " : "",
                              gcn_insn_mnemonic(f->insns[k]));
    if (f->more_insns && o < size)
        snprintf(out + o, size - o, " and more");
}

/* decode -> print -> parse -> encode must give the canonical bytes (gcn_encode of the decoded
 * instruction), and decoding those must print the same text. */
static int round_trip(int gen, const gcn_inst *in, const char *text, char *why, size_t size)
{
    uint8_t canon[GCN_INST_MAX_BYTES], again[GCN_INST_MAX_BYTES];
    size_t clen = 0, alen = 0;
    gcn_inst p, d2;
    gcn_diag diag;
    char text2[TEXT_MAX];
    memset(&diag, 0, sizeof(diag));
    if (gcn_encode(in, canon, sizeof(canon), &clen) != GCN_OK) {
        snprintf(why, size, "encode of the decoded word fails");
        return 0;
    }
    if (gcn_parse(gen, text, &p, &diag) != GCN_OK) {
        snprintf(why, size, "parse fails: %.60s", diag.msg);
        return 0;
    }
    if (gcn_encode(&p, again, sizeof(again), &alen) != GCN_OK) {
        snprintf(why, size, "parse gives an instruction that does not encode");
        return 0;
    }
    if (alen != clen || memcmp(again, canon, clen) != 0) {
        /* an alias: LLVM's syntax has no text for this encoding, and the text means another
         * encoding of the same instruction. Only a swizzle offset whose BITMASK_PERM masks are
         * not in their canonical form is one (its text writes each lane bit's function). */
        const gcn_insn_row *row = &gcn_codec_tables()->insns[in->insn];
        unsigned i, k, lane;
        int alias = p.insn == in->insn;
        for (i = 0; alias && i < GCN_INST_MAX_FIELDS; i++) {
            int swz = 0;
            if (p.field[i] == in->field[i])
                continue;
            for (k = 0; k < row->nmodifiers; k++)
                if (row->modifier[k].slot == i && row->modifier[k].format == GCN_FMT_SWIZZLE)
                    swz = 1;
            for (lane = 0; swz && lane < 32; lane++)
                swz =
                    codec_swizzle_lane(p.field[i], lane) == codec_swizzle_lane(in->field[i], lane);
            alias = swz;
        }
        if (alias)
            return 2;
        snprintf(why, size, "parse + encode gives other bytes");
        return 0;
    }
    if (gcn_decode(gen, canon, clen, &d2) != GCN_OK) {
        snprintf(why, size, "the canonical word does not decode");
        return 0;
    }
    gcn_print(&d2, text2, sizeof(text2));
    if (strcmp(text2, text) != 0) {
        snprintf(why, size, "the canonical word prints otherwise");
        return 0;
    }
    return 1;
}

static void check_word(int gen, unsigned sop1, uint32_t word, tally *t, llvm_disasm *d)
{
    uint8_t buf[8];
    gcn_inst in, plan;
    gcn_status st;
    char ours[TEXT_MAX];
    int ok;
    unsigned i;
    const gcn_layout_row *l = layout(gen, sop1);
    for (i = 0; i < 4; i++) {
        buf[i] = (uint8_t)(word >> (8 * i));
        buf[4 + i] = (uint8_t)(opt.literal >> (8 * i));
    }
    st = gcn_decode(gen, buf, 8, &in);
    if (st != gcn_codec_decode_plan(gen, buf, 8, &plan) ||
        (st == GCN_OK && memcmp(&in, &plan, sizeof(in)) != 0)) {
        t->fast_differs++;
        t->failed = 1;
        add_failure(t, "gcn_decode's fast path and the plan rows differ", in.encoding, in.insn, buf,
                    8, "", "", 1);
        return;
    }
    if ((word & l->match_mask) != (l->match_value & l->match_mask)) {
        /* --space all: another encoding's word (or none); decoded, never handed to LLVM */
        if (st == GCN_OK) {
            char why[96];
            int rt;
            t->other_decoded++;
            if (in.encoding == sop1) {
                t->failed = 1;
                add_failure(t, "decoded as SOP1 without its fixed bits", in.encoding, in.insn, buf,
                            4, "", "", 1);
                return;
            }
            gcn_print(&in, ours, sizeof(ours));
            rt = round_trip(gen, &in, ours, why, sizeof(why));
            t->other_aliases += rt == 2;
            if (!rt) {
                t->other_roundtrip_failed++;
                t->failed = 1;
                add_failure(t, why, in.encoding, in.insn, buf, in.size, ours, "", 1);
            }
        }
        return;
    }
    t->sop1++;
    ok = st == GCN_OK;
    if (ok && in.encoding != sop1) {
        t->failed = 1;
        add_failure(t, "a SOP1 word decoded as another encoding", in.encoding, in.insn, buf, 4, "",
                    "", 1);
        return;
    }
    if (ok) {
        char why[96];
        int rt;
        t->decoded++;
        gcn_print(&in, ours, sizeof(ours));
        rt = round_trip(gen, &in, ours, why, sizeof(why));
        t->aliases += rt == 2;
        if (!rt) {
            t->roundtrip_failed++;
            t->failed = 1;
            add_failure(t, why, in.encoding, in.insn, buf, in.size, ours, "", 1);
        }
    }
#ifdef GCN_LLVM_C
    if (d) {
        llvm_disasm_result r;
        char ptext[TEXT_MAX];
        peer_view v;
        long k;
        t->peer_words++;
        llvm_disasm_one(d, buf, 8, &r);
        if (!ok && r.outcome != LLVM_DISASM_ACCEPTED) {
            t->both_reject++;
            return;
        }
        if (ok && r.outcome == LLVM_DISASM_ACCEPTED && r.size == in.size &&
            strcmp(ours, r.text) == 0) {
            t->same++;
            return;
        }
        if (!ok)
            peer_ours_text(gen, buf, 8, ours, sizeof(ours), &ok);
        snprintf(ptext, sizeof(ptext), "%s",
                 r.outcome == LLVM_DISASM_REJECTED ? "(rejected)" : r.text);
        v.peer = llvm_disasm_peer();
        v.gen = gen;
        v.encoding = (int)sop1;
        v.encoding_name = NULL;
        v.bytes = buf;
        v.len = 8;
        v.ours_ok = ok;
        v.ours_text = ours;
        v.peer_ok = r.outcome == LLVM_DISASM_ACCEPTED;
        v.peer_text = ptext;
        k = peer_known_match(opt.known, &v);
        if (k >= 0 && k < MAX_ENTRIES) {
            t->known++;
            t->entry[k]++;
            if (peer_known_get(opt.known, (size_t)k)->fails) {
                t->our_bug++;
                t->failed = 1;
            }
            return;
        }
        t->unexplained++;
        t->failed = 1;
        add_failure(t, "unexplained disagreement", (int)sop1, gcn_kw_insn_of(gen, sop1, word), buf,
                    8, ours, ptext, 1);
    }
#else
    (void)d;
#endif
}

/* The i-th word of the space: the bits of i deposited into the layout's free bit positions. */
typedef struct space {
    unsigned nfree;
    uint8_t pos[32];
    uint32_t fixed;
} space;

static uint32_t word_at(const space *s, unsigned long long i)
{
    uint32_t w = s->fixed;
    unsigned k;
    for (k = 0; k < s->nfree; k++)
        w |= (uint32_t)((i >> k) & 1) << s->pos[k];
    return w;
}

static void worker(int gen, unsigned sop1, const space *s, unsigned job, tally *t)
{
    unsigned long long total = 1ull << s->nfree, b;
    llvm_disasm *d = NULL;
#ifdef GCN_LLVM_C
    if (peer_covers(gen)) {
        d = llvm_disasm_open(gcn_gen_mcpu(gen));
        if (!d) {
            t->failed = 1;
            return;
        }
    }
#endif
    for (b = (unsigned long long)job * BLOCK; b < total;
         b += (unsigned long long)opt.jobs * BLOCK) {
        unsigned long long i, end = b + BLOCK < total ? b + BLOCK : total;
        for (i = b; i < end; i++)
            check_word(gen, sop1, s->nfree == 32 ? (uint32_t)i : word_at(s, i), t, d);
        t->done += end - b;
    }
#ifdef GCN_LLVM_C
    llvm_disasm_close(d);
#endif
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sum_into(tally *sum, const tally *t)
{
    unsigned k;
    sum->done += t->done;
    sum->sop1 += t->sop1;
    sum->decoded += t->decoded;
    sum->roundtrip_failed += t->roundtrip_failed;
    sum->fast_differs += t->fast_differs;
    sum->other_decoded += t->other_decoded;
    sum->other_roundtrip_failed += t->other_roundtrip_failed;
    sum->aliases += t->aliases;
    sum->other_aliases += t->other_aliases;
    sum->peer_words += t->peer_words;
    sum->same += t->same;
    sum->both_reject += t->both_reject;
    sum->known += t->known;
    sum->our_bug += t->our_bug;
    sum->unexplained += t->unexplained;
    sum->failed |= t->failed;
    for (k = 0; k < MAX_ENTRIES; k++)
        sum->entry[k] += t->entry[k];
    sum->failures_unlisted += t->failures_unlisted;
    for (k = 0; k < t->nfailures; k++) {
        const failure *f = &t->failures[k];
        unsigned i;
        add_failure(sum, f->what, f->encoding, f->ninsns ? f->insns[0] : -1, f->bytes, f->len,
                    f->ours, f->peer, f->count);
        for (i = 0; i < sum->nfailures; i++) {
            failure *g = &sum->failures[i];
            unsigned m;
            if (g->encoding != f->encoding || strcmp(g->what, f->what) != 0)
                continue;
            for (m = 1; m < f->ninsns; m++)
                add_insn(g, f->insns[m]);
            g->more_insns |= f->more_insns;
        }
    }
}

static int sweep_gen(int gen, gen_result *res)
{
    int sop1 = gcn_kw_encoding_index("SOP1");
    const gcn_layout_row *l;
    space s;
    tally *shared;
    pid_t pids[MAX_JOBS];
    unsigned j, b;
    double t0 = now_s(), last = t0;
    int status, failed = 0;
    if (sop1 < 0 || !(l = layout(gen, (unsigned)sop1))->present || l->bytes != 4) {
        fprintf(stderr, "sop1_sweep: %s has no 32-bit SOP1 layout\n", gcn_gen_id(gen));
        return 1;
    }
    memset(&s, 0, sizeof(s));
    if (opt.all_space) {
        s.nfree = 32;
    } else {
        for (b = 0; b < 32; b++)
            if (!((l->match_mask >> b) & 1))
                s.pos[s.nfree++] = (uint8_t)b;
        s.fixed = (uint32_t)(l->match_value & l->match_mask);
    }
    res->gen = gen;
    res->ran = 1;
    res->peer = peer_covers(gen);
    res->space = 1ull << s.nfree;
    shared = mmap(NULL, sizeof(tally) * opt.jobs, PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        perror("sop1_sweep: mmap");
        return 1;
    }
    memset(shared, 0, sizeof(tally) * opt.jobs);
    fprintf(stderr, "%s: %llu words (%s), %u workers, literal 0x%08x, peer %s\n", gcn_gen_id(gen),
            res->space, opt.all_space ? "every dword" : "every SOP1 word", opt.jobs, opt.literal,
            res->peer ? SWEEP_PEER : "none");
    fflush(stderr);
    for (j = 0; j < opt.jobs; j++) {
        pids[j] = fork();
        if (pids[j] < 0) {
            perror("sop1_sweep: fork");
            return 1;
        }
        if (pids[j] == 0) {
            worker(gen, (unsigned)sop1, &s, j, &shared[j]);
            _exit(0);
        }
    }
    for (;;) {
        unsigned running = 0;
        for (j = 0; j < opt.jobs; j++) {
            if (pids[j] > 0) {
                pid_t p = waitpid(pids[j], &status, WNOHANG);
                if (p == pids[j]) {
                    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                        fprintf(stderr, "sop1_sweep: worker %u died (status 0x%x)\n", j, status);
                        failed = 1;
                    }
                    pids[j] = 0;
                } else {
                    running++;
                }
            }
        }
        if (!running)
            break;
        {
            struct timespec tick = {0, 100000000L};
            nanosleep(&tick, NULL);
        }
        if (now_s() - last >= 2.0) {
            tally p;
            memset(&p, 0, sizeof(p));
            for (j = 0; j < opt.jobs; j++)
                sum_into(&p, &shared[j]);
            last = now_s();
            fprintf(stderr,
                    "  %s: %5.1f%% %llu/%llu words, %.2f M words/s; disagreements %llu known "
                    "(%llu our-bug), %llu unexplained; round trips failed %llu\n",
                    gcn_gen_id(gen), 100.0 * (double)p.done / (double)res->space, p.done,
                    res->space, (double)p.done / (last - t0) / 1e6, p.known, p.our_bug,
                    p.unexplained, p.roundtrip_failed);
            fflush(stderr);
        }
    }
    memset(&res->sum, 0, sizeof(res->sum));
    for (j = 0; j < opt.jobs; j++)
        sum_into(&res->sum, &shared[j]);
    munmap(shared, sizeof(tally) * opt.jobs);
    res->seconds = now_s() - t0;
    if (res->sum.done != res->space) {
        fprintf(stderr, "sop1_sweep: %s: %llu of %llu words visited\n", gcn_gen_id(gen),
                res->sum.done, res->space);
        failed = 1;
    }
    return failed || res->sum.failed;
}

static void print_result(FILE *f, const gen_result *r)
{
    const tally *s = &r->sum;
    size_t k;
    fprintf(f,
            "%s: %llu words in %.1f s (%.2f M words/s, %u workers): %llu SOP1 words, %llu decode "
            "(round trips failed: %llu; fast path and plan rows differ: %llu)",
            gcn_gen_id(r->gen), r->space, r->seconds, (double)r->space / r->seconds / 1e6, opt.jobs,
            s->sop1, s->decoded, s->roundtrip_failed, s->fast_differs);
    if (opt.all_space)
        fprintf(f, ", %llu words of other encodings decode (round trips failed: %llu)",
                s->other_decoded, s->other_roundtrip_failed);
    fprintf(f, "\n");
    if (r->peer) {
        fprintf(f,
                "  %s: %llu words, %llu same text, %llu both reject, %llu known disagreements "
                "(%llu our-bug), %llu unexplained\n",
                SWEEP_PEER, s->peer_words, s->same, s->both_reject, s->known, s->our_bug,
                s->unexplained);
        for (k = 0; k < peer_known_count(opt.known) && k < MAX_ENTRIES; k++)
            if (s->entry[k])
                fprintf(f, "    %9llu %-13s %s\n", s->entry[k],
                        peer_known_get(opt.known, k)->classification,
                        peer_known_get(opt.known, k)->id);
    }
    for (k = 0; k < s->nfailures; k++) {
        const failure *fl = &s->failures[k];
        char b[64], insns[256];
        gcn_hex_bytes(fl->bytes, fl->len, b, sizeof(b));
        insn_list(fl, insns, sizeof(insns));
        fprintf(f, "  FAILED %llu %s words, %s (%s); first [%s]: gcnspec '%s'%s%s\n", fl->count,
                encoding_name(fl->encoding), fl->what, insns, b, fl->ours,
                fl->peer[0] ? ", LLVM " : "", fl->peer);
    }
    if (s->failures_unlisted)
        fprintf(f, "  FAILED %llu more, in kinds not listed\n", s->failures_unlisted);
}

static void md_code(gcn_buf *b, const char *s)
{
    gcn_buf_puts(b, "`` ");
    for (; *s; s++) {
        if (*s == '|')
            gcn_buf_puts(b, "\\|");
        else
            gcn_buf_putc(b, *s);
    }
    gcn_buf_puts(b, " ``");
}

static int write_report(void)
{
    gcn_buf b;
    gcn_diag d;
    gcn_status st;
    char section[64];
    int i;
    size_t k;
    snprintf(section, sizeof(section), "sop1-sweep-%s", SWEEP_PEER);
    gcn_buf_init(&b);
    gcn_buf_printf(&b, "## Every SOP1 word, gcnspec%s%s\n\n",
                   strcmp(SWEEP_PEER, "none") ? " and " : " alone",
                   strcmp(SWEEP_PEER, "none") ? SWEEP_PEER : "");
    gcn_buf_printf(
        &b,
        "`sop1_sweep%s --space %s --literal 0x%08x`: every %s of each "
        "generation, followed by the fixed literal dword; every word gcnspec decodes makes the "
        "round trip (decode -> print -> parse -> encode must give gcn_encode's canonical "
        "bytes, which must print the same text; with `--space all` that covers every SMRD "
        "word and every first dword of DS and SMEM too). An alias is a word whose text means "
        "another encoding of the same instruction: LLVM's syntax writes a DS_SWIZZLE_B32 "
        "BITMASK_PERM offset bit by bit, so masks not in their canonical form (an OR bit under "
        "an AND bit, ...) read back as the canonical masks, which swizzle every lane alike. The "
        "SOP1 words%s. The run's times go to the terminal, not here (they change from run to "
        "run).\n\n",
        strcmp(SWEEP_PEER, "none") ? (strcmp(SWEEP_PEER, "llvm-14") ? "_llvm19" : "_llvm14") : "",
        opt.all_space ? "all" : "sop1", opt.literal,
        opt.all_space ? "32-bit dword (2^32)" : "word carrying the SOP1 fixed bits (2^23)",
        strcmp(SWEEP_PEER, "none") ? " are also disassembled on gfx8/gfx9 by the LLVM-C "
                                     "disassembler and compared as in the random test"
                                   : " are only checked by gcnspec");
    gcn_buf_puts(&b, "| generation | words | SOP1 words | gcnspec decodes | round trips "
                     "failed | fast path and plan rows differ | other encodings decode | their "
                     "round trips failed | their aliases | LLVM: words | same text | both reject | "
                     "known | our-bug | unexplained |\n"
                     "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < 8; i++) {
        const gen_result *r = &opt.results[i];
        if (!r->ran)
            continue;
        gcn_buf_printf(&b, "| %s | %llu | %llu | %llu | %llu | %llu |", gcn_gen_id(r->gen),
                       r->space, r->sum.sop1, r->sum.decoded, r->sum.roundtrip_failed,
                       r->sum.fast_differs);
        if (opt.all_space)
            gcn_buf_printf(&b, " %llu | %llu | %llu |", r->sum.other_decoded,
                           r->sum.other_roundtrip_failed, r->sum.other_aliases + r->sum.aliases);
        else
            gcn_buf_puts(&b, " — | — | — |");
        if (r->peer)
            gcn_buf_printf(&b, " %llu | %llu | %llu | %llu | %llu | %llu |\n", r->sum.peer_words,
                           r->sum.same, r->sum.both_reject, r->sum.known, r->sum.our_bug,
                           r->sum.unexplained);
        else
            gcn_buf_puts(&b, " — | — | — | — | — | — |\n");
    }
    for (i = 0; i < 8; i++) {
        const gen_result *r = &opt.results[i];
        if (!r->ran || !r->peer)
            continue;
        gcn_buf_printf(&b, "\n%s, disagreements by class:\n\n", gcn_gen_id(r->gen));
        for (k = 0; k < peer_known_count(opt.known) && k < MAX_ENTRIES; k++)
            if (r->sum.entry[k])
                gcn_buf_printf(&b, "- %s (%s): %llu\n", peer_known_get(opt.known, k)->id,
                               peer_known_get(opt.known, k)->classification, r->sum.entry[k]);
    }
    for (i = 0; i < 8; i++) {
        const gen_result *r = &opt.results[i];
        for (k = 0; r->ran && k < r->sum.nfailures; k++) {
            const failure *fl = &r->sum.failures[k];
            char bytes[64], insns[256];
            if (!k)
                gcn_buf_printf(&b, "\n%s, failures by kind:\n\n", gcn_gen_id(r->gen));
            gcn_hex_bytes(fl->bytes, fl->len, bytes, sizeof(bytes));
            insn_list(fl, insns, sizeof(insns));
            gcn_buf_printf(&b, "- %llu %s words, %s (%s); first `[%s]`: gcnspec ", fl->count,
                           encoding_name(fl->encoding), fl->what, insns, bytes);
            md_code(&b, fl->ours);
            if (fl->peer[0]) {
                gcn_buf_puts(&b, ", LLVM ");
                md_code(&b, fl->peer);
            }
            gcn_buf_puts(&b, "\n");
        }
        if (r->ran && r->sum.failures_unlisted)
            gcn_buf_printf(&b, "- %llu more, in kinds not listed\n", r->sum.failures_unlisted);
    }
    st = peer_report_section(opt.report_path, section, b.data, &d);
    gcn_buf_free(&b);
    if (st != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 1;
    }
    fprintf(stderr, "wrote the %s section of %s\n", section, opt.report_path);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: sop1_sweep [--gen G]... [--space sop1|all] [--jobs N] [--literal X] "
                    "[--known FILE] [--report FILE]\n");
    return 2;
}

int main(int argc, char **argv)
{
    static char known_default[4096];
    const char *src = getenv("GCN_SOURCE_DIR") ? getenv("GCN_SOURCE_DIR") : ".";
    gcn_diag d;
    int i, failed = 0;
    long n;
    opt.jobs = 2;
    opt.literal = 0x12345678u;
    n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n >= 1 && n < 2)
        opt.jobs = 1;
    snprintf(known_default, sizeof(known_default), "%s/spec/peers/llvm-known.json", src);
    opt.known_path = known_default;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (!v)
            return usage();
        i++;
        if (strcmp(a, "--gen") == 0) {
            int g = gcn_gen_lookup(v);
            if (g < 0 || opt.ngens == 8) {
                fprintf(stderr, "sop1_sweep: unknown generation %s\n", v);
                return 2;
            }
            opt.gens[opt.ngens++] = g;
        } else if (strcmp(a, "--space") == 0) {
            if (strcmp(v, "all") == 0)
                opt.all_space = 1;
            else if (strcmp(v, "sop1") != 0)
                return usage();
        } else if (strcmp(a, "--jobs") == 0) {
            unsigned long j = strtoul(v, &end, 0);
            if (*end || !j || j > MAX_JOBS)
                return usage();
            opt.jobs = (unsigned)j;
        } else if (strcmp(a, "--literal") == 0) {
            unsigned long long x = strtoull(v, &end, 0);
            if (*end || x > 0xffffffffull)
                return usage();
            opt.literal = (uint32_t)x;
        } else if (strcmp(a, "--known") == 0) {
            opt.known_path = v;
        } else if (strcmp(a, "--report") == 0) {
            opt.report_path = v;
        } else {
            return usage();
        }
    }
    if (!opt.ngens)
        for (i = 0; i < gcn_gen_count() && i < 8; i++)
            opt.gens[opt.ngens++] = i;
    if (peer_known_load(&opt.known, opt.known_path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 1;
    }
    fprintf(stderr, "sop1_sweep: gcnspec%s%s, %zu known disagreement classes from %s\n",
            strcmp(SWEEP_PEER, "none") ? " against " : " alone",
#ifdef GCN_LLVM_C
            llvm_disasm_version(),
#else
            "",
#endif
            peer_known_count(opt.known), opt.known_path);
    for (i = 0; i < opt.ngens; i++) {
        gen_result *r = &opt.results[i];
        failed |= sweep_gen(opt.gens[i], r);
        print_result(stdout, r);
        fflush(stdout);
    }
    if (opt.report_path && write_report())
        failed = 1;
    peer_known_free(opt.known);
    return failed ? 1 : 0;
}
