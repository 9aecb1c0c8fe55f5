/* gfx8/gfx9: random words carrying the fixed bits of one of our encodings (DS, SOP1, SMEM; read
 * from the codec tables), decoded by gcnspec and by the LLVM-C disassembler in-process. Both
 * reject, or both accept with the same text and size; every other word must be explained by an
 * entry of spec/peers/llvm-known.json that is not an our-bug.
 *
 * Built once per LLVM version (test_codec_vs_llvm14, test_codec_vs_llvm19). Exits 77 when the
 * library was not found at configure time or lacks the AMDGPU target.
 *
 *   test_codec_vs_llvmNN [--words N] [--seed S] [--known FILE] [--report FILE] [--dump FILE]
 *                        [--verbose]
 *
 * GCN_PEER_WORDS raises (or lowers) the default sample; --report rewrites this LLVM version's
 * section of reports/codec-vs-llvm.md; --dump writes every unexplained disagreement as a line of
 * tab-separated values (peer, generation, encoding, instruction, gcnspec and LLVM outcome,
 * bytes, gcnspec's text, LLVM's text, the word's bits outside the instruction's fields), for
 * classifying them. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec/tables.h"
#include "gcnspec/codec.h"
#include "llvm_disasm.h"
#include "util/buf.h"

#ifndef GCN_LLVM_C
int main(void)
{
    fprintf(stderr, "the LLVM-C library of this peer was not found at configure time: skipped\n");
    return 77;
}
#else

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* 1,000,000 words per LLVM version; the sanitized build checks a fifth of them */
#define DEFAULT_WORDS (UNDER_ASAN ? 200000ul : 1000000ul)
#define DEFAULT_SEED 0x67636e73706563ull /* "gcnspec" */
#define MAX_GROUPS 256
#define MAX_ENTRIES 256
#define NGENS 2

typedef struct example {
    int set;
    int gen;
    uint8_t bytes[GCN_INST_MAX_BYTES + 4];
    size_t len; /* bytes the instruction takes (word + literal), for the report */
    char ours[LLVM_DISASM_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX];
} example;

typedef struct group { /* unexplained disagreements, grouped for people */
    int enc, insn, ours_ok, peer_outcome;
    unsigned long count;
    example ex;
} group;

typedef struct enc_tally {
    unsigned long words, same, both_reject, known, our_bug, unexplained;
} enc_tally;

typedef struct gen_run {
    int gen, ran;
    enc_tally enc[8];
    unsigned long entry_count[MAX_ENTRIES];
    example entry_ex[MAX_ENTRIES];
    group groups[MAX_GROUPS];
    size_t ngroups;
    unsigned long group_overflow;
    double seconds;
} gen_run;

static struct {
    unsigned long words;
    uint64_t seed;
    const char *known_path, *report_path, *dump_path;
    FILE *dump;
    int verbose;
    peer_known *known;
    gen_run runs[NGENS];
    const char *gen_names[NGENS];
    int failed_repro;
} ctx = {0, DEFAULT_SEED, NULL, NULL, NULL, NULL, 0, NULL, {{0}}, {"gfx8", "gfx9"}, 0};

static const gcn_layout_row *layout(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    return &t->layouts[(unsigned)gen * t->nencodings + enc];
}

/* The inline constants of a generation as 32-bit literal values: a literal equal to one of them
 * is a corner of both printers (LLVM folds it into the constant). */
static size_t inline_values(int gen, uint32_t *out, size_t max)
{
    const gcn_tables *t = gcn_codec_tables();
    size_t n = 0;
    unsigned c;
    for (c = 0; c < 256 && n < max; c++) {
        const gcn_scalar_row *r = &t->scalars[(unsigned)gen * 256u + c];
        if (r->sclass == GCN_SC_INLINE_INT)
            out[n++] = (uint32_t)r->ivalue;
        else if (r->sclass == GCN_SC_INLINE_FLOAT)
            out[n++] = r->f32;
    }
    return n;
}

/* A word of encoding enc on gen: the fixed bits from the tables, the rest random. Half the words
 * are left so; a quarter have the bits no field covers cleared and wide fields (SMEM OFFSET)
 * mostly small, so register forms are hit; a quarter are then made canonical by our own
 * decode + encode where that succeeds. Four more bytes follow (the literal, if one is needed):
 * random, or one time in eight an inline constant's value. */
static size_t make_word(int gen, unsigned enc, uint64_t *rng, uint8_t *buf)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l = layout(gen, enc);
    uint64_t wmask = l->bytes >= 8 ? ~0ull : (1ull << (8 * l->bytes)) - 1;
    uint64_t w, r, lit;
    /* the encoding's own words: not those of an encoding nested in it (SOP2 carries SOPK's,
     * SOP1's and SOPC's fixed bits), which the catalogue of every encoding names */
    for (;;) {
        gcn_disasm_item item;
        uint8_t probe[16] = {0};
        unsigned b;
        w = ((peer_rand(rng) & ~l->match_mask) | (l->match_value & l->match_mask)) & wmask;
        for (b = 0; b < 8; b++)
            probe[b] = (uint8_t)(w >> (8 * b));
        gcn_disasm_next(gen, probe, sizeof(probe), &item);
        if (!item.encoding || strcmp(item.encoding, t->encodings[enc].name) == 0)
            break;
    }
    r = peer_rand(rng);
    lit = peer_rand(rng);
    unsigned mode = (unsigned)(r & 3), i;
    uint32_t inl[128];
    size_t ninl = inline_values(gen, inl, 128);
    if (mode >= 2) {
        w &= ~gcn_kw_stray_mask(gen, enc);
        for (i = 0; i < t->encodings[enc].nslots; i++) {
            gcn_slot_row s = l->slot[i];
            if (s.width > 8 && i != l->opcode_slot && ((r >> (8 + i)) & 1)) {
                uint64_t m = ((s.width >= 64 ? ~0ull : (1ull << s.width) - 1) & ~0xffull) << s.lo;
                w &= ~(m & ~l->match_mask);
            }
        }
    }
    for (i = 0; i < l->bytes && i < 8; i++)
        buf[i] = (uint8_t)(w >> (8 * i));
    if (((r >> 4) & 7) == 0 && ninl)
        lit = inl[(r >> 32) % ninl];
    for (i = 0; i < 4; i++)
        buf[l->bytes + i] = (uint8_t)(lit >> (8 * i));
    if (mode == 3) {
        gcn_inst in;
        uint8_t canon[GCN_INST_MAX_BYTES];
        size_t n = 0;
        if (gcn_decode(gen, buf, l->bytes + 4u, &in) == GCN_OK &&
            gcn_encode(&in, canon, sizeof(canon), &n) == GCN_OK)
            memcpy(buf, canon, n);
    }
    /* LLVM 14 crashes on some words outside our encodings: never hand it one */
    if ((peer_load(buf, l->bytes) & l->match_mask) != (l->match_value & l->match_mask))
        abort();
    return l->bytes + 4u;
}

static void set_example(example *e, int gen, const uint8_t *b, size_t len, const char *ours,
                        const char *peer)
{
    e->set = 1;
    e->gen = gen;
    memcpy(e->bytes, b, len);
    e->len = len;
    snprintf(e->ours, sizeof(e->ours), "%s", ours);
    snprintf(e->peer, sizeof(e->peer), "%s", peer);
}

static const char *outcome_name(int o)
{
    return o == LLVM_DISASM_ACCEPTED   ? "accepts"
           : o == LLVM_DISASM_REJECTED ? "rejects (no decode)"
                                       : "rejects (marked)";
}

static void peer_text_of(const llvm_disasm_result *r, char *out, size_t size)
{
    if (r->outcome == LLVM_DISASM_REJECTED)
        snprintf(out, size, "(rejected)");
    else
        snprintf(out, size, "%s", r->text);
}

static void run_gen(gen_run *run, int gen, unsigned long nwords)
{
    const gcn_tables *t = gcn_codec_tables();
    llvm_disasm *d = llvm_disasm_open(gcn_gen_mcpu(gen));
    unsigned encs[8], nencs = 0, e;
    uint64_t rng = ctx.seed ^ ((uint64_t)gen << 56);
    struct timespec t0, t1;
    assert_non_null(d);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    memset(run, 0, sizeof(*run));
    run->gen = gen;
    run->ran = 1;
    for (e = 0; e < t->nencodings && nencs < 8; e++)
        if (layout(gen, e)->present)
            encs[nencs++] = e;
    for (e = 0; e < nencs; e++) {
        unsigned enc = encs[e];
        unsigned long n = nwords / nencs + (e < nwords % nencs), i;
        enc_tally *tl = &run->enc[enc];
        for (i = 0; i < n; i++) {
            uint8_t buf[GCN_INST_MAX_BYTES + 4];
            size_t len = make_word(gen, enc, &rng, buf);
            char ours[LLVM_DISASM_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX];
            gcn_inst in;
            llvm_disasm_result r;
            int ok = gcn_decode(gen, buf, len, &in) == GCN_OK;
            peer_view v;
            long k;
            tl->words++;
            llvm_disasm_one(d, buf, len, &r);
            if (ok)
                gcn_print(&in, ours, sizeof(ours));
            if (!ok && r.outcome != LLVM_DISASM_ACCEPTED) {
                tl->both_reject++;
                continue;
            }
            if (ok && r.outcome == LLVM_DISASM_ACCEPTED && r.size == in.size &&
                strcmp(ours, r.text) == 0) {
                tl->same++;
                continue;
            }
            if (!ok)
                peer_ours_text(gen, buf, len, ours, sizeof(ours), &ok);
            peer_text_of(&r, peer, sizeof(peer));
            v.peer = llvm_disasm_peer();
            v.gen = gen;
            v.encoding = (int)enc;
            v.bytes = buf;
            v.len = len;
            v.ours_ok = ok;
            v.ours_text = ours;
            v.peer_ok = r.outcome == LLVM_DISASM_ACCEPTED;
            v.peer_text = peer;
            k = peer_known_match(ctx.known, &v);
            if (k >= 0 && (size_t)k < MAX_ENTRIES) {
                tl->known++;
                if (peer_known_get(ctx.known, (size_t)k)->fails)
                    tl->our_bug++;
                if (!run->entry_count[k]++)
                    set_example(&run->entry_ex[k], gen, buf,
                                ok       ? in.size
                                : r.size ? r.size
                                         : len,
                                ours, peer);
                continue;
            }
            tl->unexplained++;
            if (ctx.dump) {
                char b[96];
                int insn = gcn_kw_insn_of(gen, enc, peer_load(buf, layout(gen, enc)->bytes));
                gcn_hex_bytes(buf, len, b, sizeof(b));
                uint64_t w = peer_load(buf, layout(gen, enc)->bytes);
                uint64_t extra = insn >= 0 ? w & ~gcn_kw_used_mask(gen, (unsigned)insn) : 0;
                gcn_hex_bytes(buf, len, b, sizeof(b));
                fprintf(ctx.dump, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t0x%llx\n", v.peer,
                        gcn_gen_id(gen), t->encodings[enc].name,
                        insn >= 0 ? gcn_insn_mnemonic(insn) : "-", ok ? "accepts" : "rejects",
                        outcome_name(r.outcome), b, ours, peer, (unsigned long long)extra);
            }
            {
                int insn = gcn_kw_insn_of(gen, enc, peer_load(buf, layout(gen, enc)->bytes));
                size_t g;
                for (g = 0; g < run->ngroups; g++) {
                    group *gr = &run->groups[g];
                    if (gr->enc == (int)enc && gr->insn == insn && gr->ours_ok == ok &&
                        gr->peer_outcome == (int)r.outcome)
                        break;
                }
                if (g == run->ngroups) {
                    if (g == MAX_GROUPS) {
                        run->group_overflow++;
                        continue;
                    }
                    run->ngroups++;
                    run->groups[g].enc = (int)enc;
                    run->groups[g].insn = insn;
                    run->groups[g].ours_ok = ok;
                    run->groups[g].peer_outcome = (int)r.outcome;
                    set_example(&run->groups[g].ex, gen, buf, len, ours, peer);
                }
                run->groups[g].count++;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    run->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    llvm_disasm_close(d);
}

static void example_line(FILE *f, const example *e)
{
    char b[96];
    gcn_hex_bytes(e->bytes, e->len, b, sizeof(b));
    fprintf(f, "      %s [%s]\n        gcnspec: %s\n        %-8s %s\n", gcn_gen_id(e->gen), b,
            e->ours, "llvm:", e->peer);
}

static void print_run(const gen_run *run)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned e;
    size_t k;
    unsigned long words = 0;
    for (e = 0; e < t->nencodings; e++)
        words += run->enc[e].words;
    fprintf(stderr, "%s vs gcnspec on %s: %lu words in %.2f s\n", llvm_disasm_version(),
            gcn_gen_id(run->gen), words, run->seconds);
    for (e = 0; e < t->nencodings; e++) {
        const enc_tally *tl = &run->enc[e];
        if (!tl->words)
            continue;
        fprintf(stderr,
                "  %-5s %8lu words: %8lu same text, %8lu both reject, %7lu known disagreements "
                "(%lu our-bug), %lu unexplained\n",
                t->encodings[e].name, tl->words, tl->same, tl->both_reject, tl->known, tl->our_bug,
                tl->unexplained);
    }
    for (k = 0; k < peer_known_count(ctx.known) && k < MAX_ENTRIES; k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        if (!run->entry_count[k])
            continue;
        fprintf(stderr, "    %7lu %-13s %s\n", run->entry_count[k], en->classification, en->id);
        if (ctx.verbose || en->fails)
            example_line(stderr, &run->entry_ex[k]);
    }
    for (k = 0; k < run->ngroups && (k < 40 || ctx.verbose); k++) {
        const group *g = &run->groups[k];
        fprintf(stderr, "  UNEXPLAINED %7lu %s %s: gcnspec %s, llvm %s\n", g->count,
                t->encodings[g->enc].name,
                g->insn >= 0 ? gcn_insn_mnemonic(g->insn) : "(no opcode)",
                g->ours_ok ? "accepts" : "rejects", outcome_name(g->peer_outcome));
        example_line(stderr, &g->ex);
    }
    if (run->group_overflow || (run->ngroups > 40 && !ctx.verbose))
        fprintf(stderr, "  UNEXPLAINED: more groups not listed (--verbose lists them)\n");
}

static void check_run(const gen_run *run)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned long unexplained = 0, our_bug = 0, words = 0;
    unsigned e;
    for (e = 0; e < t->nencodings; e++) {
        unexplained += run->enc[e].unexplained;
        our_bug += run->enc[e].our_bug;
        words += run->enc[e].words;
    }
    assert_true(words > 0);
    if (unexplained || our_bug)
        fail_msg("%s on %s: %lu unexplained disagreements, %lu known our-bugs (see above)",
                 llvm_disasm_version(), gcn_gen_id(run->gen), unexplained, our_bug);
}

static void test_gen(int idx)
{
    int gen = gcn_gen_lookup(ctx.gen_names[idx]);
    assert_true(gen >= 0);
    run_gen(&ctx.runs[idx], gen, ctx.words / NGENS + ((unsigned long)idx < ctx.words % NGENS));
    print_run(&ctx.runs[idx]);
    check_run(&ctx.runs[idx]);
}

static void test_gfx8(void **state)
{
    (void)state;
    test_gen(0);
}

static void test_gfx9(void **state)
{
    (void)state;
    test_gen(1);
}

/* Every entry for this peer carries a reproducer that still shows it: gcnspec prints the
 * recorded text, LLVM the recorded text (where recorded for this version), and the entry's
 * pattern matches the pair. An our-bug-fixed entry must agree instead. */
static void test_reproducers(void **state)
{
    const char *peer = llvm_disasm_peer();
    size_t k, checked = 0, bad = 0;
    int g;
    llvm_disasm *d[8] = {NULL};
    (void)state;
    for (k = 0; k < peer_known_count(ctx.known); k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        const char *want_peer = peer_known_repro_peer(ctx.known, k, peer);
        char ours[LLVM_DISASM_TEXT_MAX], ptext[LLVM_DISASM_TEXT_MAX];
        llvm_disasm_result r;
        peer_view v;
        int ok, fixed = strcmp(en->classification, "our-bug-fixed") == 0, agree;
        g = en->repro_gen;
        if (!peer_known_applies(ctx.known, k, peer, g))
            continue;
        if (!d[g])
            d[g] = llvm_disasm_open(gcn_gen_mcpu(g));
        assert_non_null(d[g]);
        peer_ours_text(g, en->repro_bytes, en->repro_len, ours, sizeof(ours), &ok);
        llvm_disasm_one(d[g], en->repro_bytes, en->repro_len, &r);
        peer_text_of(&r, ptext, sizeof(ptext));
        checked++;
        if (strcmp(ours, en->repro_ours) != 0) {
            fprintf(stderr, "%s: reproducer: gcnspec now prints '%s', the entry records '%s'%s\n",
                    en->id, ours, en->repro_ours,
                    en->fails ? " (fixed? then make it our-bug-fixed with the new text)" : "");
            bad++;
            continue;
        }
        if (want_peer && strcmp(ptext, want_peer) != 0) {
            fprintf(stderr, "%s: reproducer: %s prints '%s', the entry records '%s'\n", en->id,
                    peer, ptext, want_peer);
            bad++;
            continue;
        }
        agree = (!ok && r.outcome != LLVM_DISASM_ACCEPTED) ||
                (ok && r.outcome == LLVM_DISASM_ACCEPTED && strcmp(ours, r.text) == 0);
        if (fixed) {
            if (!agree) {
                fprintf(stderr, "%s: our-bug-fixed, but gcnspec and %s disagree again\n", en->id,
                        peer);
                bad++;
            }
            continue;
        }
        v.peer = peer;
        v.gen = g;
        v.encoding = gcn_kw_encoding_index(en->encoding);
        v.bytes = en->repro_bytes;
        v.len = en->repro_len;
        v.ours_ok = ok;
        v.ours_text = ours;
        v.peer_ok = r.outcome == LLVM_DISASM_ACCEPTED;
        v.peer_text = ptext;
        if (agree || !peer_known_match_one(ctx.known, k, &v)) {
            fprintf(stderr,
                    "%s: the reproducer does not show the pattern on %s (gcnspec '%s', "
                    "llvm '%s')\n",
                    en->id, peer, ours, ptext);
            bad++;
        }
    }
    for (g = 0; g < 8; g++)
        llvm_disasm_close(d[g]);
    fprintf(stderr, "%s: %zu reproducers checked, %zu bad\n", peer, checked, bad);
    ctx.failed_repro = bad != 0;
    assert_int_equal(bad, 0);
}

/* ---- the report section -----------------------------------------------------------------------
 */

static void md_code(gcn_buf *b, const char *s)
{
    /* a code span that survives the backticks and pipes of the text */
    gcn_buf_puts(b, "`` ");
    for (; *s; s++) {
        if (*s == '|')
            gcn_buf_puts(b, "\\|");
        else
            gcn_buf_putc(b, *s);
    }
    gcn_buf_puts(b, " ``");
}

static void md_example(gcn_buf *b, const example *e)
{
    char bytes[96];
    gcn_hex_bytes(e->bytes, e->len, bytes, sizeof(bytes));
    gcn_buf_printf(b, "%s `[%s]`: gcnspec ", gcn_gen_id(e->gen), bytes);
    md_code(b, e->ours);
    gcn_buf_puts(b, ", LLVM ");
    md_code(b, e->peer);
}

static void build_report(gcn_buf *b)
{
    const gcn_tables *t = gcn_codec_tables();
    const peer_class_info *c;
    size_t k;
    int i;
    unsigned e;
    gcn_buf_printf(b, "## %s: the LLVM-C disassembler in-process\n\n", llvm_disasm_version());
    gcn_buf_printf(b,
                   "`test_codec_vs_llvm%s --words %lu --seed 0x%llx`: random words carrying the "
                   "fixed bits of each encoding (from the codec tables), split evenly over the "
                   "generations and encodings; half with every other bit random, a quarter with "
                   "the bits no field covers cleared and wide fields small, a quarter made "
                   "canonical by gcnspec's decode + encode. Four more bytes follow each word "
                   "(the literal, when one is needed).\n\n",
                   llvm_disasm_peer() + 5, ctx.words, (unsigned long long)ctx.seed);
    gcn_buf_puts(b, "| generation | encoding | words | same text | both reject | known "
                    "disagreements | our-bug | unexplained |\n|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < NGENS; i++) {
        const gen_run *run = &ctx.runs[i];
        enc_tally sum = {0, 0, 0, 0, 0, 0};
        if (!run->ran)
            continue;
        for (e = 0; e < t->nencodings; e++) {
            const enc_tally *tl = &run->enc[e];
            if (!tl->words)
                continue;
            gcn_buf_printf(b, "| %s | %s | %lu | %lu | %lu | %lu | %lu | %lu |\n",
                           gcn_gen_id(run->gen), t->encodings[e].name, tl->words, tl->same,
                           tl->both_reject, tl->known, tl->our_bug, tl->unexplained);
            sum.words += tl->words;
            sum.same += tl->same;
            sum.both_reject += tl->both_reject;
            sum.known += tl->known;
            sum.our_bug += tl->our_bug;
            sum.unexplained += tl->unexplained;
        }
        gcn_buf_printf(b, "| %s | all | %lu | %lu | %lu | %lu | %lu | %lu |\n",
                       gcn_gen_id(run->gen), sum.words, sum.same, sum.both_reject, sum.known,
                       sum.our_bug, sum.unexplained);
    }
    gcn_buf_puts(b, "\nDisagreements by classification:\n\n| classification |");
    for (i = 0; i < NGENS; i++)
        if (ctx.runs[i].ran)
            gcn_buf_printf(b, " %s |", gcn_gen_id(ctx.runs[i].gen));
    gcn_buf_puts(b, "\n|---|");
    for (i = 0; i < NGENS; i++)
        if (ctx.runs[i].ran)
            gcn_buf_puts(b, "--:|");
    gcn_buf_puts(b, "\n");
    for (c = peer_classes(); c->name; c++) {
        gcn_buf_printf(b, "| %s |", c->name);
        for (i = 0; i < NGENS; i++) {
            unsigned long n = 0;
            if (!ctx.runs[i].ran)
                continue;
            for (k = 0; k < peer_known_count(ctx.known) && k < MAX_ENTRIES; k++)
                if (strcmp(peer_known_get(ctx.known, k)->classification, c->name) == 0)
                    n += ctx.runs[i].entry_count[k];
            gcn_buf_printf(b, " %lu |", n);
        }
        gcn_buf_puts(b, "\n");
    }
    gcn_buf_puts(b, "| unexplained |");
    for (i = 0; i < NGENS; i++) {
        unsigned long n = 0;
        if (!ctx.runs[i].ran)
            continue;
        for (e = 0; e < t->nencodings; e++)
            n += ctx.runs[i].enc[e].unexplained;
        gcn_buf_printf(b, " %lu |", n);
    }
    gcn_buf_puts(b, "\n\n### Classes of disagreement\n\n"
                    "Each is an entry of `spec/peers/llvm-known.json`; the reproducer is the "
                    "first word of this run the entry explained.\n");
    for (k = 0; k < peer_known_count(ctx.known) && k < MAX_ENTRIES; k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        unsigned long n = 0;
        for (i = 0; i < NGENS; i++)
            if (ctx.runs[i].ran &&
                peer_known_applies(ctx.known, k, llvm_disasm_peer(), ctx.runs[i].gen))
                n++;
        if (!n)
            continue;
        gcn_buf_printf(b, "\n#### %s — %s\n\n", en->id, en->classification);
        gcn_buf_printf(b, "- %s, %s; %s.\n", en->encoding, en->instruction, en->pattern);
        gcn_buf_printf(b, "- %s\n", en->explanation);
        for (i = 0; i < NGENS; i++) {
            const gen_run *run = &ctx.runs[i];
            if (!run->ran || !peer_known_applies(ctx.known, k, llvm_disasm_peer(), run->gen))
                continue;
            gcn_buf_printf(b, "- %s: %lu words", gcn_gen_id(run->gen), run->entry_count[k]);
            if (run->entry_count[k]) {
                gcn_buf_puts(b, "; ");
                md_example(b, &run->entry_ex[k]);
            }
            gcn_buf_puts(b, "\n");
        }
    }
    for (i = 0; i < NGENS; i++) {
        const gen_run *run = &ctx.runs[i];
        for (k = 0; run->ran && k < run->ngroups; k++) {
            const group *g = &run->groups[k];
            if (!k)
                gcn_buf_printf(b, "\n### Unexplained on %s\n\n", gcn_gen_id(run->gen));
            gcn_buf_printf(b, "- %lu words, %s %s (gcnspec %s, LLVM %s): ", g->count,
                           t->encodings[g->enc].name,
                           g->insn >= 0 ? gcn_insn_mnemonic(g->insn) : "(no opcode)",
                           g->ours_ok ? "accepts" : "rejects", outcome_name(g->peer_outcome));
            md_example(b, &g->ex);
            gcn_buf_puts(b, "\n");
        }
    }
}

static int write_report(void)
{
    gcn_buf b;
    gcn_diag d;
    gcn_status st;
    gcn_buf_init(&b);
    build_report(&b);
    st = peer_report_section(ctx.report_path, llvm_disasm_peer(), b.data, &d);
    gcn_buf_free(&b);
    if (st != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 1;
    }
    fprintf(stderr, "wrote the %s section of %s\n", llvm_disasm_peer(), ctx.report_path);
    return 0;
}

static int usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s [--words N] [--seed S] [--known FILE] [--report FILE] [--dump FILE] "
            "[--verbose]\n",
            argv0);
    return 2;
}

int main(int argc, char **argv)
{
    static char known_default[4096];
    const char *src = getenv("GCN_SOURCE_DIR") ? getenv("GCN_SOURCE_DIR") : ".";
    const char *env_words = getenv("GCN_PEER_WORDS");
    int i, failed;
    gcn_diag d;
    ctx.words = DEFAULT_WORDS;
    if (env_words && *env_words)
        ctx.words = strtoul(env_words, NULL, 0);
    snprintf(known_default, sizeof(known_default), "%s/spec/peers/llvm-known.json", src);
    ctx.known_path = known_default;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (strcmp(a, "--verbose") == 0) {
            ctx.verbose = 1;
            continue;
        }
        if (!v)
            return usage(argv[0]);
        i++;
        if (strcmp(a, "--words") == 0) {
            ctx.words = strtoul(v, &end, 0);
            if (*end || !ctx.words)
                return usage(argv[0]);
        } else if (strcmp(a, "--seed") == 0) {
            ctx.seed = strtoull(v, &end, 0);
            if (*end)
                return usage(argv[0]);
        } else if (strcmp(a, "--known") == 0) {
            ctx.known_path = v;
        } else if (strcmp(a, "--report") == 0) {
            ctx.report_path = v;
        } else if (strcmp(a, "--dump") == 0) {
            ctx.dump_path = v;
        } else {
            return usage(argv[0]);
        }
    }
    {
        llvm_disasm *probe = llvm_disasm_open(gcn_gen_mcpu(gcn_gen_lookup("gfx9")));
        if (!probe) {
            fprintf(stderr, "%s has no AMDGPU gfx900 disassembler: skipped\n",
                    llvm_disasm_version());
            return 77;
        }
        llvm_disasm_close(probe);
    }
    if (peer_known_load(&ctx.known, ctx.known_path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 1;
    }
    if (ctx.dump_path && !(ctx.dump = fopen(ctx.dump_path, "w"))) {
        perror(ctx.dump_path);
        return 1;
    }
    fprintf(stderr, "%s: %lu words%s, seed 0x%llx, %zu known disagreement classes from %s\n",
            llvm_disasm_version(), ctx.words,
            UNDER_ASAN ? " (sanitized build: smaller sample)" : "", (unsigned long long)ctx.seed,
            peer_known_count(ctx.known), ctx.known_path);
    {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_reproducers),
                                           cmocka_unit_test(test_gfx8),
                                           cmocka_unit_test(test_gfx9)};
        failed = cmocka_run_group_tests(tests, NULL, NULL);
    }
    if (ctx.report_path && write_report())
        failed = 1;
    if (ctx.dump)
        fclose(ctx.dump);
    peer_known_free(ctx.known);
    return failed ? 1 : 0;
}
#endif
