/* gfx8/gfx9: random words carrying the fixed bits of one of our encodings (DS, SOP1, SMEM; read
 * from the codec tables), decoded by gcnspec and by the LLVM-C disassembler. Both reject, or both
 * accept with the same text and size; every other word must be explained by an entry of
 * spec/peers/llvm-known.json that is not an our-bug.
 *
 * LLVM runs isolated in a child process (llvm_disasm_isolated_*, a batch of words at a time),
 * because it crashes on some words: a crash is recorded with its word and signal and is a
 * disagreement of its own class, explained only by an llvm-bug entry whose "llvm" is "crash"
 * (its reproducer re-checked in a child, so a fixed LLVM makes it stale). Words of the forms the
 * catalogue gives an SDWA or DPP dword (VOP1, VOP2, VOPC), which the codec does not decode yet,
 * go to LLVM too, with those entries' reproducers among them: on them only a crash is compared.
 *
 * Built once per LLVM version (test_codec_vs_llvm14, test_codec_vs_llvm19). Exits 77 when the
 * library was not found at configure time or lacks the AMDGPU target.
 *
 *   test_codec_vs_llvmNN [--words N] [--extra N] [--seed S] [--known FILE] [--report FILE]
 *                        [--dump FILE] [--verbose]
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

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec/catalogue.h"
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

/* 1,000,000 words of the codec's encodings per LLVM version, and 6,000 of the SDWA/DPP forms
 * (LLVM crashes on many: each crash costs a new process); the sanitized build checks a fifth */
#define DEFAULT_WORDS (UNDER_ASAN ? 200000ul : 1000000ul)
#define DEFAULT_EXTRA (UNDER_ASAN ? 1200ul : 6000ul)
#define DEFAULT_SEED 0x67636e73706563ull /* "gcnspec" */
#define MAX_GROUPS 256
#define MAX_ENTRIES 256
#define MAX_CATS 16
#define NGENS 2

typedef struct example {
    int set;
    int gen;
    uint8_t bytes[GCN_INST_MAX_BYTES + 4];
    size_t len; /* bytes the instruction takes (word + literal), for the report */
    char ours[LLVM_DISASM_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX];
} example;

typedef struct group { /* unexplained disagreements, grouped for people */
    const char *enc_name;
    int insn, ours_ok, peer_outcome;
    unsigned long count;
    example ex;
} group;

typedef struct enc_tally {
    unsigned long words, same, both_reject, known, our_bug, unexplained, crashed;
} enc_tally;

/* Words of a catalogue form the codec does not model: only LLVM's side, and its crashes. */
typedef struct cat_tally {
    const char *name, *extra;
    unsigned long words, peer_accepts, peer_rejects, crashed, known_crashes, unexplained;
} cat_tally;

typedef struct gen_run {
    int gen, ran;
    enc_tally enc[32];
    cat_tally cats[MAX_CATS];
    size_t ncats;
    unsigned long children; /* LLVM processes started: one, plus one after each crash */
    unsigned long entry_count[MAX_ENTRIES];
    example entry_ex[MAX_ENTRIES];
    group groups[MAX_GROUPS];
    size_t ngroups;
    unsigned long group_overflow;
    double seconds;
} gen_run;

static struct {
    unsigned long words, extra;
    uint64_t seed;
    const char *known_path, *report_path, *dump_path;
    FILE *dump;
    int verbose;
    peer_known *known;
    gen_run runs[NGENS];
    const char *gen_names[NGENS];
    int failed_repro;
} ctx = {0, 0, DEFAULT_SEED, NULL, NULL, NULL, NULL, 0, NULL, {{0}}, {"gfx8", "gfx9"}, 0};

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
        if (!item.encoding || gcn_cat_names(item.encoding, t->encodings[enc].cat))
            break;
    }
    r = peer_rand(rng);
    lit = peer_rand(rng);
    unsigned mode = (unsigned)(r & 3), i;
    uint32_t inl[128];
    size_t ninl = inline_values(gen, inl, 128);
    if (mode >= 2) {
        gcn_slot_row os = l->slot[l->opcode_slot];
        uint64_t opcode = (w >> os.lo) & ((1ull << os.width) - 1);
        w &= ~gcn_kw_stray_mask(gen, enc);
        /* and the bits the instruction at this opcode refuses (an integer source's NEG, a
         * modifier it does not take), so that its words decode more often than one in
         * thousands */
        if (opcode < l->opcode_count && l->opcode_map[opcode] < t->ninsns)
            w &= ~gcn_refused_bits(t, (unsigned)gen, l->opcode_map[opcode]);
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
    /* decode + encode kept the encoding's fixed bits */
    assert_true((peer_load(buf, l->bytes) & l->match_mask) == (l->match_value & l->match_mask));
    return l->bytes + 4u;
}

/* ---- words of the encodings the codec does not model yet ------------------------------------ */

/* A form with an extra dword (VOP_SDWA, VOP_DPP) of a catalogue row present on gen. */
typedef struct extra_form {
    const gcn_cat_row *row;
    const gcn_cat_rule *rule;
} extra_form;

static size_t extra_forms(int gen, extra_form *out, size_t max)
{
    unsigned n, i, k;
    const gcn_cat_row *rows = gcn_cat_rows(&n);
    const gcn_cat_rule *rules = gcn_cat_rules();
    size_t m = 0;
    for (i = 0; i < n; i++) {
        if (!((rows[i].gens >> gen) & 1))
            continue;
        for (k = 0; k < rows[i].nrules && m < max; k++) {
            const gcn_cat_rule *u = &rules[rows[i].rule + k];
            if (u->extra) {
                out[m].row = &rows[i];
                out[m++].rule = u;
            }
        }
    }
    return m;
}

/* A word with the form's fixed bits and its extra dword, every other bit random, and four
 * random bytes after it; 0 when the stream decoder does not see the form in it (a more specific
 * row's bits came up). */
static size_t make_extra_word(int gen, const extra_form *f, uint64_t *rng, uint8_t *buf)
{
    uint64_t w = peer_rand(rng), tail = peer_rand(rng);
    size_t len = (size_t)f->row->dwords * 4u + 8u, i;
    gcn_disasm_item item;
    w = (w & ~(uint64_t)f->row->mask) | f->row->match;
    w = (w & ~f->rule->mask) | (f->rule->match & f->rule->mask);
    for (i = 0; i < 8; i++)
        buf[i] = (uint8_t)(w >> (8 * i));
    for (i = 8; i < len; i++)
        buf[i] = (uint8_t)(tail >> (8 * (i % 8)));
    gcn_disasm_next(gen, buf, len, &item);
    if (!item.encoding || !item.extra || strcmp(item.extra, f->rule->what) != 0)
        return 0;
    return len;
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
           : o == LLVM_DISASM_CRASHED  ? "crashes"
                                       : "rejects (marked)";
}

static int peer_ok_of(const llvm_disasm_result *r)
{
    return r->outcome == LLVM_DISASM_ACCEPTED  ? GCN_KW_ACCEPT
           : r->outcome == LLVM_DISASM_CRASHED ? GCN_KW_CRASH
                                               : GCN_KW_REJECT;
}

/* One word of a batch, and what it is. */
typedef struct batch_word {
    uint8_t bytes[GCN_INST_MAX_BYTES + 8];
    size_t len;
    size_t size;          /* the instruction's bytes (the catalogue's size), for reproducers */
    int enc;              /* the codec's encoding, -1 when it models none */
    const char *enc_name; /* the catalogue's name */
    const char *extra;    /* the catalogue's extra dword (VOP_SDWA, VOP_DPP), or NULL */
} batch_word;

static cat_tally *cat_tally_of(gen_run *run, const batch_word *bw)
{
    size_t k;
    for (k = 0; k < run->ncats; k++)
        if (strcmp(run->cats[k].name, bw->enc_name) == 0 &&
            strcmp(run->cats[k].extra, bw->extra ? bw->extra : "-") == 0)
            return &run->cats[k];
    if (run->ncats == MAX_CATS)
        return NULL;
    run->cats[run->ncats].name = bw->enc_name;
    run->cats[run->ncats].extra = bw->extra ? bw->extra : "-";
    return &run->cats[run->ncats++];
}

/* The forms in a fixed order (by name and extra dword), whichever word came first. */
static int cat_order(const void *a, const void *b)
{
    const cat_tally *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->extra, y->extra);
}

static void add_group(gen_run *run, const batch_word *bw, int insn, int ok,
                      const llvm_disasm_result *r, const char *ours, const char *peer)
{
    size_t g;
    for (g = 0; g < run->ngroups; g++) {
        group *gr = &run->groups[g];
        if (strcmp(gr->enc_name, bw->enc_name) == 0 && gr->insn == insn && gr->ours_ok == ok &&
            gr->peer_outcome == (int)r->outcome)
            break;
    }
    if (g == run->ngroups) {
        if (g == MAX_GROUPS) {
            run->group_overflow++;
            return;
        }
        run->ngroups++;
        run->groups[g].enc_name = bw->enc_name;
        run->groups[g].insn = insn;
        run->groups[g].ours_ok = ok;
        run->groups[g].peer_outcome = (int)r->outcome;
        set_example(&run->groups[g].ex, run->gen, bw->bytes, bw->size, ours, peer);
    }
    run->groups[g].count++;
}

/* Classifies one word against LLVM's result: the same, both reject, known or unexplained; a
 * crash of LLVM is a class of its own, explained only by an entry that names it; on a word of
 * an encoding the codec does not model, only a crash is a disagreement. */
static void classify(gen_run *run, const batch_word *bw, const llvm_disasm_result *r)
{
    int gen = run->gen, ok, insn = -1;
    char ours[LLVM_DISASM_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX];
    gcn_inst in;
    peer_view v;
    long k;
    enc_tally *tl = bw->enc >= 0 ? &run->enc[bw->enc] : NULL;
    cat_tally *ct = bw->enc < 0 ? cat_tally_of(run, bw) : NULL;
    assert_true(tl || ct); /* at most MAX_CATS forms */
    ok = gcn_decode(gen, bw->bytes, bw->len, &in) == GCN_OK;
    if (tl)
        tl->words++;
    if (ct)
        ct->words++;
    if (r->outcome == LLVM_DISASM_CRASHED) {
        if (tl)
            tl->crashed++;
        if (ct)
            ct->crashed++;
    } else if (ct) {
        /* not modelled: gcnspec has no text to compare yet */
        if (r->outcome == LLVM_DISASM_ACCEPTED)
            ct->peer_accepts++;
        else
            ct->peer_rejects++;
        return;
    } else {
        if (ok)
            gcn_print(&in, ours, sizeof(ours));
        if (!ok && r->outcome != LLVM_DISASM_ACCEPTED) {
            tl->both_reject++;
            return;
        }
        if (ok && r->outcome == LLVM_DISASM_ACCEPTED && r->size == in.size &&
            strcmp(ours, r->text) == 0) {
            tl->same++;
            return;
        }
    }
    peer_ours_text(gen, bw->bytes, bw->len, ours, sizeof(ours), &ok);
    llvm_disasm_text_of(r, peer, sizeof(peer));
    v.peer = llvm_disasm_peer();
    v.gen = gen;
    v.encoding = bw->enc;
    v.encoding_name = bw->enc_name;
    v.bytes = bw->bytes;
    v.len = bw->len;
    v.ours_ok = ok;
    v.ours_text = ours;
    v.peer_ok = peer_ok_of(r);
    v.peer_text = peer;
    k = peer_known_match(ctx.known, &v);
    if (k >= 0 && (size_t)k < MAX_ENTRIES) {
        int fails = peer_known_get(ctx.known, (size_t)k)->fails;
        if (tl) {
            tl->known++;
            tl->our_bug += fails;
        } else if (ct) {
            ct->known_crashes++;
        }
        if (!run->entry_count[k]++)
            set_example(&run->entry_ex[k], gen, bw->bytes,
                        ok                             ? in.size
                        : r->size && r->size < bw->len ? r->size
                                                       : bw->size,
                        ours, peer);
        return;
    }
    if (tl)
        tl->unexplained++;
    if (ct)
        ct->unexplained++;
    if (bw->enc >= 0)
        insn = gcn_kw_insn_of(gen, (unsigned)bw->enc,
                              peer_load(bw->bytes, layout(gen, (unsigned)bw->enc)->bytes));
    if (ctx.dump) {
        char b[96];
        uint64_t extra = 0;
        if (insn >= 0)
            extra = peer_load(bw->bytes, layout(gen, (unsigned)bw->enc)->bytes) &
                    ~gcn_kw_used_mask(gen, (unsigned)insn);
        gcn_hex_bytes(bw->bytes, bw->len, b, sizeof(b));
        fprintf(ctx.dump, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t0x%llx\n", v.peer, gcn_gen_id(gen),
                bw->enc_name, insn >= 0 ? gcn_insn_mnemonic(insn) : "-", ok ? "accepts" : "rejects",
                outcome_name(r->outcome), b, ours, peer, (unsigned long long)extra);
    }
    add_group(run, bw, insn, ok, r, ours, peer);
}

/* The words of one generation, in batches through one isolated LLVM: nwords of the codec's
 * encodings, then nextra of the forms with an SDWA/DPP dword (which the codec does not model
 * yet), with the reproducers of the entries that say LLVM crashes among them. */
static void run_gen(gen_run *run, int gen, unsigned long nwords, unsigned long nextra)
{
    const gcn_tables *t = gcn_codec_tables();
    llvm_disasm_isolated *d = NULL;
    unsigned encs[32], nencs = 0, e;
    uint64_t rng = ctx.seed ^ ((uint64_t)gen << 56);
    extra_form forms[16];
    size_t nforms = extra_forms(gen, forms, 16), nb = 0, i;
    batch_word *batch = calloc(LLVM_DISASM_BATCH, sizeof(*batch));
    llvm_disasm_input *in = calloc(LLVM_DISASM_BATCH, sizeof(*in));
    llvm_disasm_result *res = calloc(LLVM_DISASM_BATCH, sizeof(*res));
    unsigned long total, w, planted = 0;
    struct timespec t0, t1;
    gcn_diag diag;
    assert_non_null(batch);
    assert_non_null(in);
    assert_non_null(res);
    if (llvm_disasm_isolated_open(&d, gcn_gen_mcpu(gen), &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        fail();
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    memset(run, 0, sizeof(*run));
    run->gen = gen;
    run->ran = 1;
    /* the encodings with an instruction on gen: a form whose every opcode waits (the SDWA/DPP
     * forms before their instructions take them) is the extra words' (nextra) */
    for (e = 0; e < t->nencodings && nencs < 32; e++) {
        unsigned k, any = 0;
        for (k = 0; k < t->ninsns && !any && layout(gen, e)->present; k++)
            any = t->insns[k].encoding == e && t->insns[k].opcode[gen] != GCN_NO_INSN;
        if (any)
            encs[nencs++] = e;
    }
    assert_true(nencs > 0);
    if (nextra)
        assert_true(nforms > 0); /* gfx8/gfx9 have SDWA and DPP */
    total = nwords + nextra;
    for (w = 0; w < total; w++) {
        batch_word *bw = &batch[nb];
        if (w < nwords) {
            /* nwords split evenly over the encodings, in order */
            unsigned long per = nwords / nencs, rem = nwords % nencs, at = w, idx = 0;
            while (idx < nencs && at >= per + (idx < rem)) {
                at -= per + (idx < rem);
                idx++;
            }
            bw->enc = (int)encs[idx];
            bw->enc_name = t->encodings[encs[idx]].name;
            bw->extra = NULL;
            bw->len = bw->size = make_word(gen, encs[idx], &rng, bw->bytes);
        } else {
            const peer_known_entry *crash = NULL;
            gcn_disasm_item item;
            size_t k;
            /* the crash reproducers first, one each */
            for (k = planted; k < peer_known_count(ctx.known) && !crash; k++) {
                const peer_known_entry *en = peer_known_get(ctx.known, k);
                planted = k + 1;
                if (en->llvm == GCN_KW_CRASH && en->repro_gen == gen &&
                    peer_known_applies(ctx.known, k, llvm_disasm_peer(), gen))
                    crash = en;
            }
            if (crash) {
                memset(bw->bytes, 0, sizeof(bw->bytes));
                memcpy(bw->bytes, crash->repro_bytes, crash->repro_len);
                bw->len = crash->repro_len;
            } else {
                do
                    bw->len = make_extra_word(gen, &forms[(w - nwords) % nforms], &rng, bw->bytes);
                while (!bw->len);
            }
            gcn_disasm_next(gen, bw->bytes, bw->len, &item);
            bw->enc_name = item.encoding ? item.encoding : "(none)";
            bw->extra = item.extra;
            bw->size = item.size < bw->len ? item.size : bw->len;
            bw->enc = item.encoding ? gcn_kw_encoding_index(item.encoding) : -1;
            if (bw->enc >= 0 && !layout(gen, (unsigned)bw->enc)->present)
                bw->enc = -1;
        }
        in[nb].bytes = bw->bytes;
        in[nb].len = bw->len;
        if (++nb < LLVM_DISASM_BATCH && w + 1 < total)
            continue;
        if (llvm_disasm_isolated_run(d, in, nb, res, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            fail();
        }
        for (i = 0; i < nb; i++)
            classify(run, &batch[i], &res[i]);
        nb = 0;
    }
    qsort(run->cats, run->ncats, sizeof(run->cats[0]), cat_order);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    run->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    run->children = llvm_disasm_isolated_stats(d)->children;
    llvm_disasm_isolated_close(d);
    free(batch);
    free(in);
    free(res);
}

/* The command line that shows LLVM's side of a word with llvm-mc of the same version. */
static void repro_command(const example *e, char *out, size_t size)
{
    char b[96];
    gcn_hex_bytes(e->bytes, e->len, b, sizeof(b));
    snprintf(out, size, "echo '%s' | llvm-mc-%s -arch=amdgcn -mcpu=%s -disassemble", b,
             llvm_disasm_peer() + 5, gcn_gen_mcpu(e->gen));
}

static void example_line(FILE *f, const example *e)
{
    char b[96];
    gcn_hex_bytes(e->bytes, e->len, b, sizeof(b));
    fprintf(f, "      %s [%s]\n        gcnspec: %s\n        %-8s %s\n", gcn_gen_id(e->gen), b,
            e->ours, "llvm:", e->peer);
    if (strncmp(e->peer, "(crashed", 8) == 0 || strncmp(e->peer, "(hung", 5) == 0) {
        char cmd[256];
        repro_command(e, cmd, sizeof(cmd));
        fprintf(f, "        reproduce: %s\n", cmd);
    }
}

static void print_run(const gen_run *run)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned e;
    size_t k;
    unsigned long words = 0;
    for (e = 0; e < t->nencodings; e++)
        words += run->enc[e].words;
    for (k = 0; k < run->ncats; k++)
        words += run->cats[k].words;
    fprintf(stderr, "%s vs gcnspec on %s: %lu words in %.2f s, %lu LLVM processes\n",
            llvm_disasm_version(), gcn_gen_id(run->gen), words, run->seconds, run->children);
    for (e = 0; e < t->nencodings; e++) {
        const enc_tally *tl = &run->enc[e];
        if (!tl->words)
            continue;
        fprintf(stderr,
                "  %-5s %8lu words: %8lu same text, %8lu both reject, %7lu known disagreements "
                "(%lu our-bug), %lu unexplained, %lu LLVM crashes\n",
                t->encodings[e].name, tl->words, tl->same, tl->both_reject, tl->known, tl->our_bug,
                tl->unexplained, tl->crashed);
    }
    for (k = 0; k < run->ncats; k++) {
        const cat_tally *c = &run->cats[k];
        fprintf(stderr,
                "  %-5s %-8s %6lu words (not modelled): LLVM accepts %lu, rejects %lu, crashes "
                "on %lu (%lu known, %lu unexplained)\n",
                c->name, c->extra, c->words, c->peer_accepts, c->peer_rejects, c->crashed,
                c->known_crashes, c->unexplained);
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
        fprintf(stderr, "  UNEXPLAINED %7lu %s %s: gcnspec %s, llvm %s\n", g->count, g->enc_name,
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
    size_t k;
    for (e = 0; e < t->nencodings; e++) {
        unexplained += run->enc[e].unexplained;
        our_bug += run->enc[e].our_bug;
        words += run->enc[e].words;
    }
    for (k = 0; k < run->ncats; k++)
        unexplained += run->cats[k].unexplained;
    assert_true(words > 0);
    if (unexplained || our_bug)
        fail_msg("%s on %s: %lu unexplained disagreements, %lu known our-bugs (see above)",
                 llvm_disasm_version(), gcn_gen_id(run->gen), unexplained, our_bug);
}

static void test_gen(int idx)
{
    int gen = gcn_gen_lookup(ctx.gen_names[idx]);
    assert_true(gen >= 0);
    run_gen(&ctx.runs[idx], gen, ctx.words / NGENS + ((unsigned long)idx < ctx.words % NGENS),
            ctx.extra / NGENS + ((unsigned long)idx < ctx.extra % NGENS));
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
 * recorded text, LLVM the recorded text (where recorded for this version; a crash is
 * "(crashed: SIGSEGV)", re-checked in a child process, so a fixed LLVM makes the entry stale),
 * and the entry's pattern matches the pair. An our-bug-fixed entry must agree instead. */
static void test_reproducers(void **state)
{
    const char *peer = llvm_disasm_peer();
    size_t k, checked = 0, bad = 0, crashes = 0;
    int g;
    llvm_disasm_isolated *d[8] = {NULL};
    gcn_diag diag;
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
        if (!d[g] && llvm_disasm_isolated_open(&d[g], gcn_gen_mcpu(g), &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            fail();
        }
        peer_ours_text(g, en->repro_bytes, en->repro_len, ours, sizeof(ours), &ok);
        if (llvm_disasm_isolated_one(d[g], en->repro_bytes, en->repro_len, &r, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            fail();
        }
        llvm_disasm_text_of(&r, ptext, sizeof(ptext));
        checked++;
        crashes += r.outcome == LLVM_DISASM_CRASHED;
        if (strcmp(ours, en->repro_ours) != 0) {
            fprintf(stderr, "%s: reproducer: gcnspec now prints '%s', the entry records '%s'%s\n",
                    en->id, ours, en->repro_ours,
                    en->fails ? " (fixed? then make it our-bug-fixed with the new text)" : "");
            bad++;
            continue;
        }
        if (want_peer && strcmp(ptext, want_peer) != 0) {
            fprintf(stderr, "%s: reproducer: %s prints '%s', the entry records '%s'%s\n", en->id,
                    peer, ptext, want_peer,
                    en->llvm == GCN_KW_CRASH ? " (LLVM no longer crashes: the entry is stale)"
                                             : "");
            bad++;
            continue;
        }
        agree = (!ok && r.outcome != LLVM_DISASM_ACCEPTED && r.outcome != LLVM_DISASM_CRASHED) ||
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
        v.encoding_name = en->encoding;
        v.bytes = en->repro_bytes;
        v.len = en->repro_len;
        v.ours_ok = ok;
        v.ours_text = ours;
        v.peer_ok = peer_ok_of(&r);
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
        llvm_disasm_isolated_close(d[g]);
    fprintf(stderr, "%s: %zu reproducers checked (in a child process; %zu crash it), %zu bad\n",
            peer, checked, crashes, bad);
    ctx.failed_repro = bad != 0;
    assert_int_equal(bad, 0);
}

/* The isolation itself, without LLVM's bug: the child raises SIGSEGV on two chosen words of a
 * batch (the first and one in the middle, by the test hook); those come back as crashes with the
 * signal, and every other word exactly as LLVM gives it in this process. */
static void test_isolation(void **state)
{
    enum { N = 3000 };
    int gen = gcn_gen_lookup("gfx9");
    const gcn_tables *t = gcn_codec_tables();
    static uint8_t bytes[N][GCN_INST_MAX_BYTES + 8];
    static llvm_disasm_input in[N];
    static llvm_disasm_result iso[N];
    llvm_disasm_result here;
    llvm_disasm_isolated *d = NULL;
    llvm_disasm *plain = llvm_disasm_open(gcn_gen_mcpu(gen));
    uint64_t rng = ctx.seed;
    unsigned encs[32], nencs = 0, e;
    size_t i, fault[2] = {0, N / 2}, crashes = 0;
    gcn_diag diag;
    (void)state;
    assert_non_null(plain);
    for (e = 0; e < t->nencodings && nencs < 8; e++)
        if (layout(gen, e)->present)
            encs[nencs++] = e;
    for (i = 0; i < N; i++) {
        in[i].len = make_word(gen, encs[i % nencs], &rng, bytes[i]);
        in[i].bytes = bytes[i];
    }
    /* the faulted words must be unique in the batch: make them so by their extra bytes */
    for (i = 0; i < 2; i++)
        bytes[fault[i]][in[fault[i]].len - 1] ^= 0x5a;
    assert_int_equal(llvm_disasm_isolated_open(&d, gcn_gen_mcpu(gen), &diag), GCN_OK);
    for (i = 0; i < 2; i++)
        assert_int_equal(llvm_disasm_isolated_fault(d, bytes[fault[i]], in[fault[i]].len, SIGSEGV),
                         GCN_OK);
    if (llvm_disasm_isolated_run(d, in, N, iso, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        fail();
    }
    for (i = 0; i < N; i++) {
        int faulted = i == fault[0] || i == fault[1];
        if (faulted || iso[i].outcome == LLVM_DISASM_CRASHED) {
            char text[64];
            llvm_disasm_text_of(&iso[i], text, sizeof(text));
            assert_true(faulted);
            assert_int_equal(iso[i].outcome, LLVM_DISASM_CRASHED);
            assert_int_equal(iso[i].fate.signal, SIGSEGV);
            assert_string_equal(text, "(crashed: SIGSEGV)");
            crashes++;
            continue;
        }
        llvm_disasm_one(plain, in[i].bytes, in[i].len, &here);
        assert_int_equal(iso[i].outcome, here.outcome);
        assert_int_equal(iso[i].size, here.size);
        assert_string_equal(iso[i].raw, here.raw);
        assert_string_equal(iso[i].text, here.text);
    }
    assert_int_equal(crashes, 2);
    assert_int_equal(llvm_disasm_isolated_stats(d)->deaths, 2);
    assert_int_equal(llvm_disasm_isolated_stats(d)->children, 3);
    fprintf(stderr, "%s: %d words isolated, 2 planted crashes recorded, %lu processes\n",
            llvm_disasm_version(), N, llvm_disasm_isolated_stats(d)->children);
    llvm_disasm_isolated_close(d);
    llvm_disasm_close(plain);
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
    if (strncmp(e->peer, "(crashed", 8) == 0 || strncmp(e->peer, "(hung", 5) == 0) {
        char cmd[256];
        repro_command(e, cmd, sizeof(cmd));
        gcn_buf_printf(b, "; reproduce: `%s`", cmd);
    }
}

static void build_report(gcn_buf *b)
{
    const gcn_tables *t = gcn_codec_tables();
    const peer_class_info *c;
    size_t k;
    int i;
    unsigned e;
    gcn_buf_printf(b, "## %s: the LLVM-C disassembler, isolated in a child process\n\n",
                   llvm_disasm_version());
    gcn_buf_printf(b,
                   "`test_codec_vs_llvm%s --words %lu --seed 0x%llx`: random words carrying the "
                   "fixed bits of each encoding (from the codec tables), split evenly over the "
                   "generations and encodings; half with every other bit random, a quarter with "
                   "the bits no field covers cleared and wide fields small, a quarter made "
                   "canonical by gcnspec's decode + encode. Four more bytes follow each word "
                   "(the literal, when one is needed). Then `--extra %lu` words of the forms "
                   "the catalogue (spec/encodings.json) gives an SDWA or DPP dword, which the "
                   "codec does not decode yet: every bit but the form's fixed ones random, with "
                   "the reproducer of each entry that says LLVM crashes among them.\n\n"
                   "LLVM runs in a child process, %d words at a time: a word it crashes on "
                   "kills only the child, is recorded with its signal, and a new child takes "
                   "the rest of the batch. A crash is a disagreement of its own class: only an "
                   "llvm-bug entry with `\"llvm\": \"crash\"` explains it, and its reproducer "
                   "is re-checked in a child on every run.\n\n",
                   llvm_disasm_peer() + 5, ctx.words, (unsigned long long)ctx.seed, ctx.extra,
                   LLVM_DISASM_BATCH);
    gcn_buf_puts(b, "| generation | encoding | words | same text | both reject | known "
                    "disagreements | our-bug | unexplained | LLVM crashed |\n"
                    "|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < NGENS; i++) {
        const gen_run *run = &ctx.runs[i];
        enc_tally sum = {0, 0, 0, 0, 0, 0, 0};
        if (!run->ran)
            continue;
        for (e = 0; e < t->nencodings; e++) {
            const enc_tally *tl = &run->enc[e];
            if (!tl->words)
                continue;
            gcn_buf_printf(b, "| %s | %s | %lu | %lu | %lu | %lu | %lu | %lu | %lu |\n",
                           gcn_gen_id(run->gen), t->encodings[e].name, tl->words, tl->same,
                           tl->both_reject, tl->known, tl->our_bug, tl->unexplained, tl->crashed);
            sum.words += tl->words;
            sum.same += tl->same;
            sum.both_reject += tl->both_reject;
            sum.known += tl->known;
            sum.our_bug += tl->our_bug;
            sum.unexplained += tl->unexplained;
            sum.crashed += tl->crashed;
        }
        gcn_buf_printf(b, "| %s | all | %lu | %lu | %lu | %lu | %lu | %lu | %lu |\n",
                       gcn_gen_id(run->gen), sum.words, sum.same, sum.both_reject, sum.known,
                       sum.our_bug, sum.unexplained, sum.crashed);
    }
    gcn_buf_puts(b, "\nThe forms the codec does not model yet: LLVM's side alone, and its "
                    "crashes.\n\n| generation | encoding | extra dword | words | LLVM accepts "
                    "| LLVM rejects | LLVM crashed | known crashes | unexplained |\n"
                    "|---|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < NGENS; i++) {
        const gen_run *run = &ctx.runs[i];
        for (k = 0; run->ran && k < run->ncats; k++) {
            const cat_tally *ct = &run->cats[k];
            gcn_buf_printf(b, "| %s | %s | %s | %lu | %lu | %lu | %lu | %lu | %lu |\n",
                           gcn_gen_id(run->gen), ct->name, ct->extra, ct->words, ct->peer_accepts,
                           ct->peer_rejects, ct->crashed, ct->known_crashes, ct->unexplained);
        }
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
        if (en->llvm == GCN_KW_CRASH) {
            example rx;
            char cmd[256];
            memset(&rx, 0, sizeof(rx));
            rx.gen = en->repro_gen;
            memcpy(rx.bytes, en->repro_bytes, en->repro_len);
            rx.len = en->repro_len;
            repro_command(&rx, cmd, sizeof(cmd));
            gcn_buf_printf(b, "- reproducer (%s): `%s`\n", gcn_gen_id(rx.gen), cmd);
        }
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
            gcn_buf_printf(b, "- %lu words, %s %s (gcnspec %s, LLVM %s): ", g->count, g->enc_name,
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
            "usage: %s [--words N] [--extra N] [--seed S] [--known FILE] [--report FILE] "
            "[--dump FILE] [--verbose]\n",
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
    ctx.extra = DEFAULT_EXTRA;
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
        } else if (strcmp(a, "--extra") == 0) {
            ctx.extra = strtoul(v, &end, 0);
            if (*end)
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
    fprintf(stderr,
            "%s: %lu words + %lu SDWA/DPP words%s, seed 0x%llx, %zu known disagreement classes "
            "from %s\n",
            llvm_disasm_version(), ctx.words, ctx.extra,
            UNDER_ASAN ? " (sanitized build: smaller sample)" : "", (unsigned long long)ctx.seed,
            peer_known_count(ctx.known), ctx.known_path);
    {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_isolation), cmocka_unit_test(test_reproducers),
            cmocka_unit_test(test_gfx8), cmocka_unit_test(test_gfx9)};
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
