/* gfx6/gfx7, which no LLVM disassembles: every text gcnspec prints for a valid word must
 * assemble with llvm-mc back to the word's canonical encoding (gcn_encode of the decoded
 * instruction: a word with bits set in fields its instruction does not use is compared in its
 * canonical form). This makes gcnspec the checked gfx6/gfx7 disassembler LLVM lacks.
 *
 * Per generation: every value of every operand field of every instruction (the other fields
 * random until the word decodes), then random valid words up to the sample size; one llvm-mc-14
 * process assembles all their texts. A disagreement must be explained by an entry of
 * spec/peers/llvm-known.json (peer llvm-mc-14) that is not an our-bug. gcnspec's own assembler
 * is run on the same texts and must give llvm-mc's bytes (or, where llvm-mc rejects the text,
 * parse it and print it back unchanged).
 *
 *   test_codec_reassemble [--words N] [--seed S] [--known FILE] [--report FILE] [--verbose]
 *
 * GCN_PEER_WORDS sets the words per generation (default 200,000; 50,000 in the sanitized
 * build). Exits 77 when llvm-mc-14 is not installed. */
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
#include "util/proc.h"

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

#define DEFAULT_WORDS (UNDER_ASAN ? 50000ul : 200000ul)
#define DEFAULT_SEED 0x67636e73706563ull
#define PEER "llvm-mc-14"
#define NGENS 2
#define MAX_ENTRIES 256
#define MAX_GROUPS 128
#define TEXT_MAX 256 /* longer than any text (MTBUF's with a format run to about 190) */
#define NCLASSES (GCN_SC_COUNT + 3) /* scalar classes, then vgpr, imm, smrd-imm */
#define CLASS_VGPR GCN_SC_COUNT
#define CLASS_IMM (GCN_SC_COUNT + 1)
#define CLASS_SMRD_IMM (GCN_SC_COUNT + 2)

typedef struct rcase {
    uint8_t bytes[GCN_INST_MAX_BYTES + 4];
    uint8_t canon[GCN_INST_MAX_BYTES];
    uint8_t len, clen;
    uint16_t insn;
    uint32_t text; /* offset of its line in the batch */
} rcase;

typedef struct example {
    int set;
    uint8_t bytes[GCN_INST_MAX_BYTES + 4];
    size_t len;
    char ours[TEXT_MAX], peer[TEXT_MAX];
} example;

typedef struct group {
    int insn, assembled;
    unsigned long count;
    example ex;
} group;

typedef struct gen_run {
    int gen, ran;
    unsigned long words, stratified, noncanonical, same, known, our_bug, unexplained;
    unsigned long self_checked, self_failed;
    unsigned insns_total, insns_hit, combos_hit;
    unsigned class_pairs[NCLASSES]; /* instruction x operand pairs that saw the class */
    unsigned long entry_count[MAX_ENTRIES];
    example entry_ex[MAX_ENTRIES];
    group groups[MAX_GROUPS];
    size_t ngroups;
    example self_ex[8];
    size_t nself_ex;
    size_t repro_checked, repro_bad;
    double gen_s, peer_s;
} gen_run;

static struct {
    unsigned long words;
    uint64_t seed;
    const char *known_path, *report_path;
    int verbose;
    char *llvm_mc;
    peer_known *known;
    gen_run runs[NGENS];
    const char *gen_names[NGENS];
} ctx = {0, DEFAULT_SEED, NULL, NULL, 0, NULL, NULL, {{0}}, {"gfx6", "gfx7"}};

static const gcn_layout_row *layout(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    return &t->layouts[(unsigned)gen * t->nencodings + enc];
}

static uint64_t slot_put(uint64_t w, gcn_slot_row s, uint64_t v)
{
    uint64_t m;
    if (!s.width)
        return w;
    m = s.width >= 64 ? ~0ull : (1ull << s.width) - 1;
    return (w & ~(m << s.lo)) | ((v & m) << s.lo);
}

static void store(uint8_t *b, uint64_t w, unsigned n)
{
    unsigned i;
    for (i = 0; i < n && i < 8; i++)
        b[i] = (uint8_t)(w >> (8 * i));
}

/* The literal dword after a word: random, or one time in eight an inline constant's value (the
 * corner where LLVM's text folds the literal into the constant). */
static uint32_t literal_value(int gen, uint64_t *rng)
{
    const gcn_tables *t = gcn_codec_tables();
    uint64_t r = peer_rand(rng);
    if ((r & 7) == 0) {
        unsigned code = (unsigned)(r >> 8) % 256u;
        const gcn_scalar_row *s = &t->scalars[(unsigned)gen * 256u + code];
        if (s->sclass == GCN_SC_INLINE_INT)
            return (uint32_t)s->ivalue;
        if (s->sclass == GCN_SC_INLINE_FLOAT)
            return s->f32;
    }
    return (uint32_t)(r >> 32);
}

/* A random word of enc on gen: fixed bits from the tables, half the time with the bits no field
 * covers cleared. */
static uint64_t random_word(int gen, unsigned enc, uint64_t *rng)
{
    const gcn_layout_row *l = layout(gen, enc);
    uint64_t wmask = l->bytes >= 8 ? ~0ull : (1ull << (8 * l->bytes)) - 1;
    uint64_t w = ((peer_rand(rng) & ~l->match_mask) | (l->match_value & l->match_mask)) & wmask;
    if (peer_rand(rng) & 1)
        w &= ~gcn_kw_stray_mask(gen, enc);
    return w;
}

/* The class of an operand's value, for coverage: its scalar class, or vgpr/imm/smrd-imm. */
static int operand_class(const gcn_inst *in, unsigned i)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_operand_row *op = &t->insns[in->insn].operand[i];
    uint32_t v = in->field[op->slot];
    switch (op->kind) {
    case GCN_KIND_VGPR:
        return CLASS_VGPR;
    case GCN_KIND_IMM:
        return CLASS_IMM;
    case GCN_KIND_SBASE:
        v *= 2;
        break;
    case GCN_KIND_SMRD_OFFSET:
        if (op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]])
            return CLASS_SMRD_IMM;
        break;
    default:
        break;
    }
    return t->scalars[(unsigned)in->gen * 256u + (v & 0xffu)].sclass;
}

static const char *class_name(int c)
{
    static const char *const names[] = {
#define GCN_SC_NAME(e, s) s,
        GCN_SCLASS_LIST(GCN_SC_NAME)
#undef GCN_SC_NAME
            "vgpr",
        "imm", "smrd-imm"};
    return c >= 0 && c < NCLASSES ? names[c] : "?";
}

typedef struct batch {
    rcase *cases;
    size_t n, cap;
    gcn_buf text;
    unsigned char *hit; /* [insn][operand][class] */
} batch;

static int add_case(batch *b, int gen, const uint8_t *bytes, size_t len)
{
    const gcn_tables *t = gcn_codec_tables();
    gcn_inst in;
    rcase *c;
    char text[TEXT_MAX];
    size_t n = 0, i;
    if (gcn_decode(gen, bytes, len, &in) != GCN_OK)
        return 0;
    if (b->n == b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 4096;
        rcase *p = realloc(b->cases, ncap * sizeof(*p));
        assert_non_null(p);
        b->cases = p;
        b->cap = ncap;
    }
    c = &b->cases[b->n++];
    memset(c, 0, sizeof(*c));
    memcpy(c->bytes, bytes, in.size);
    c->len = in.size;
    c->insn = in.insn;
    assert_int_equal(gcn_encode(&in, c->canon, sizeof(c->canon), &n), GCN_OK);
    c->clen = (uint8_t)n;
    gcn_print(&in, text, sizeof(text));
    c->text = (uint32_t)b->text.len;
    gcn_buf_puts(&b->text, text);
    gcn_buf_putc(&b->text, '\n');
    for (i = 0; i < t->insns[in.insn].noperands; i++)
        b->hit[((size_t)in.insn * GCN_MAX_OPERANDS + i) * NCLASSES +
               (size_t)operand_class(&in, (unsigned)i)] = 1;
    return 1;
}

/* Every value of every operand field of every instruction on gen, the other fields random until
 * the word decodes (a value no word decodes with is invalid for the operand, and skipped). */
static void stratified(batch *b, int gen, uint64_t *rng)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned insn, i;
    for (insn = 0; insn < t->ninsns; insn++) {
        const gcn_insn_row *row = &t->insns[insn];
        const gcn_layout_row *l = layout(gen, row->encoding);
        /* the bits a word of the instruction must have clear (gcn_refused_bits): random,
         * they would leave an instruction one valid word in thousands */
        uint64_t refused = 0;
        if (!l->present || row->opcode[gen] == GCN_NO_INSN)
            continue;
        refused = gcn_refused_bits(t, (unsigned)gen, insn);
        /* a few words with the fields random, so instructions without operands are hit too */
        for (i = 0; i < 64; i++) {
            uint8_t buf[GCN_INST_MAX_BYTES + 4];
            uint64_t w = slot_put(random_word(gen, row->encoding, rng) & ~refused,
                                  l->slot[l->opcode_slot], row->opcode[gen]);
            store(buf, w, l->bytes);
            store(buf + l->bytes, literal_value(gen, rng), 4);
            if (add_case(b, gen, buf, l->bytes + 4u) && i >= 3)
                break;
        }
        for (i = 0; i < row->noperands; i++) {
            gcn_slot_row s = l->slot[row->operand[i].slot];
            unsigned long v, nv = s.width >= 8 ? 256ul : 1ul << s.width;
            for (v = 0; v < nv; v++) {
                int tries;
                for (tries = 0; tries < 24; tries++) {
                    uint8_t buf[GCN_INST_MAX_BYTES + 4];
                    uint64_t w = random_word(gen, row->encoding, rng) & ~refused;
                    uint32_t lit = literal_value(gen, rng);
                    w = slot_put(w, l->slot[l->opcode_slot], row->opcode[gen]);
                    w = slot_put(w, s, v);
                    store(buf, w, l->bytes);
                    store(buf + l->bytes, lit, 4);
                    if (add_case(b, gen, buf, l->bytes + 4u))
                        break;
                }
            }
        }
    }
}

static void random_valid(batch *b, int gen, uint64_t *rng, size_t want)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned encs[8], nencs = 0, e;
    unsigned long attempts = 0;
    for (e = 0; e < t->nencodings && nencs < 8; e++)
        if (layout(gen, e)->present)
            encs[nencs++] = e;
    while (b->n < want && attempts < want * 64) {
        unsigned enc = encs[peer_rand(rng) % nencs];
        const gcn_layout_row *l = layout(gen, enc);
        uint8_t buf[GCN_INST_MAX_BYTES + 4];
        store(buf, random_word(gen, enc, rng), l->bytes);
        store(buf + l->bytes, literal_value(gen, rng), 4);
        add_case(b, gen, buf, l->bytes + 4u);
        attempts++;
    }
}

static void set_example(example *e, const uint8_t *bytes, size_t len, const char *ours,
                        const char *peer)
{
    e->set = 1;
    memcpy(e->bytes, bytes, len);
    e->len = len;
    snprintf(e->ours, sizeof(e->ours), "%s", ours);
    snprintf(e->peer, sizeof(e->peer), "%s", peer);
}

/* llvm-mc's answer for each input line: the bytes it encoded, or its first error. */
typedef struct answer {
    uint8_t bytes[GCN_INST_MAX_BYTES + 4];
    size_t len;
    const char *error; /* into the stderr buffer, up to the newline */
    size_t error_len;
} answer;

/* needle within [p, end): the outputs are searched a line at a time (a strstr over the rest of
 * a 20 MB output per line would be quadratic, and is under ASan's strstr) */
static const char *find_in_line(const char *p, const char *end, const char *needle)
{
    size_t n = strlen(needle);
    for (; p + n <= end; p++)
        if (*p == *needle && memcmp(p, needle, n) == 0)
            return p;
    return NULL;
}

static void read_answers(const gcn_proc_result *r, answer *ans, size_t nlines)
{
    const char *p, *end;
    size_t line = 0;
    for (p = r->err.data ? r->err.data : ""; *p; p = *end ? end + 1 : end) {
        const char *e;
        unsigned long n;
        end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        e = find_in_line(p, end, ": error: ");
        if (strncmp(p, "<stdin>:", 8) == 0 && e) {
            n = strtoul(p + 8, NULL, 10);
            if (n >= 1 && n <= nlines && !ans[n - 1].error) {
                ans[n - 1].error = e + 9;
                ans[n - 1].error_len = (size_t)(end - (e + 9));
            }
        }
    }
    for (p = r->out.data ? r->out.data : ""; *p; p = *end ? end + 1 : end) {
        const char *e;
        end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        e = find_in_line(p, end, "; encoding: [");
        if (!e)
            continue;
        while (line < nlines && ans[line].error)
            line++;
        if (line < nlines) {
            ans[line].len = gcn_kw_parse_bytes(e + 12, ans[line].bytes, sizeof(ans[line].bytes));
            line++;
        }
    }
}

static void peer_text(const answer *a, char *out, size_t size)
{
    if (a->error)
        snprintf(out, size, "error: %.*s", (int)a->error_len, a->error);
    else
        gcn_hex_bytes(a->bytes, a->len, out, size);
}

static int same_bytes(const answer *a, const uint8_t *b, size_t n)
{
    return !a->error && a->len == n && memcmp(a->bytes, b, n) == 0;
}

/* Our own assembler on our text: llvm-mc's bytes where llvm-mc assembled it; where llvm-mc
 * rejects it, our parse must at least succeed and print the same text again. */
/* gcnspec's assembler on its own text of a word: what llvm-mc made of the same text, or the
 * word's canonical bytes where they differ (an LLVM bug in the assembler, such as
 * s_setreg_imm32_b32's float constant, must not make ours look wrong; a text that cannot hold
 * every bit, such as the swizzle macro's, gives LLVM's bytes). Where LLVM refused the text, the
 * text at least reads back as itself. */
static int self_check(int gen, const char *text, const answer *a, const uint8_t *canon, size_t clen)
{
    gcn_inst in;
    gcn_diag d;
    uint8_t out[GCN_INST_MAX_BYTES];
    char again[TEXT_MAX];
    size_t n = 0;
    memset(&d, 0, sizeof(d));
    if (gcn_parse(gen, text, &in, &d) != GCN_OK || gcn_encode(&in, out, sizeof(out), &n) != GCN_OK)
        return 0;
    if (!a->error)
        return (a->len == n && memcmp(a->bytes, out, n) == 0) ||
               (clen == n && memcmp(canon, out, n) == 0);
    gcn_print(&in, again, sizeof(again));
    return strcmp(again, text) == 0;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void run_gen(gen_run *run, int gen)
{
    const gcn_tables *t = gcn_codec_tables();
    batch b;
    uint64_t rng = ctx.seed ^ ((uint64_t)gen << 56);
    size_t i, k, nrepro = 0, *repro_entry, ncases;
    answer *ans;
    gcn_proc_result r;
    char mcpu[64], line[TEXT_MAX], ptext[TEXT_MAX];
    char *argv[5];
    struct timespec t0;
    unsigned insn, o, c;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    memset(run, 0, sizeof(*run));
    memset(&b, 0, sizeof(b));
    gcn_buf_init(&b.text);
    run->gen = gen;
    run->ran = 1;
    b.hit = calloc((size_t)t->ninsns * GCN_MAX_OPERANDS * NCLASSES, 1);
    assert_non_null(b.hit);
    stratified(&b, gen, &rng);
    run->stratified = b.n;
    random_valid(&b, gen, &rng, ctx.words > b.n ? ctx.words : b.n);
    ncases = b.n;
    /* the reproducers of the entries for this peer go last in the same batch */
    repro_entry = calloc(peer_known_count(ctx.known) + 1, sizeof(*repro_entry));
    assert_non_null(repro_entry);
    for (k = 0; k < peer_known_count(ctx.known); k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        if (en->repro_gen != gen || !peer_known_applies(ctx.known, k, PEER, gen))
            continue;
        if (!add_case(&b, gen, en->repro_bytes, en->repro_len)) {
            char ours[TEXT_MAX];
            int ok;
            /* a fixed decoder bug may leave the word rejected: then there is no text to assemble */
            peer_ours_text(gen, en->repro_bytes, en->repro_len, ours, sizeof(ours), &ok);
            run->repro_checked++;
            if (strcmp(en->classification, "our-bug-fixed") != 0 ||
                strcmp(ours, en->repro_ours) != 0) {
                fprintf(stderr, "%s: the reproducer does not decode on %s ('%s')\n", en->id,
                        gcn_gen_id(gen), ours);
                run->repro_bad++;
            }
            continue;
        }
        repro_entry[nrepro++] = k;
    }
    run->gen_s = seconds_since(&t0);
    for (insn = 0; insn < t->ninsns; insn++) {
        const gcn_insn_row *row = &t->insns[insn];
        int any = 0;
        if (!layout(gen, row->encoding)->present || row->opcode[gen] == GCN_NO_INSN)
            continue;
        run->insns_total++;
        for (o = 0; o < GCN_MAX_OPERANDS; o++)
            for (c = 0; c < NCLASSES; c++)
                if (b.hit[((size_t)insn * GCN_MAX_OPERANDS + o) * NCLASSES + c]) {
                    run->combos_hit++;
                    run->class_pairs[c]++;
                    any = 1;
                }
        for (i = 0; i < ncases && !any; i++)
            any = b.cases[i].insn == insn;
        if (any)
            run->insns_hit++;
        else
            fprintf(stderr, "%s: %s: no valid word\n", gcn_gen_id(gen), row->mnemonic);
    }

    clock_gettime(CLOCK_MONOTONIC, &t0);
    snprintf(mcpu, sizeof(mcpu), "-mcpu=%s", gcn_gen_mcpu(gen));
    argv[0] = ctx.llvm_mc;
    argv[1] = "-arch=amdgcn";
    argv[2] = mcpu;
    argv[3] = "-show-encoding";
    argv[4] = NULL;
    memset(&r, 0, sizeof(r));
    gcn_proc_run(ctx.llvm_mc, argv, b.text.data, b.text.len, 600, &r);
    run->peer_s = seconds_since(&t0);
    if (r.failure[0])
        fail_msg("%s -mcpu=%s: %s", PEER, gcn_gen_mcpu(gen), r.failure);
    ans = calloc(b.n + 1, sizeof(*ans));
    assert_non_null(ans);
    read_answers(&r, ans, b.n);

    for (i = 0; i < b.n; i++) {
        const rcase *cs = &b.cases[i];
        const char *text = b.text.data + cs->text, *nl = strchr(text, '\n');
        peer_view v;
        long e;
        snprintf(line, sizeof(line), "%.*s", (int)(nl - text), text);
        peer_text(&ans[i], ptext, sizeof(ptext));
        v.peer = PEER;
        v.gen = gen;
        v.encoding = t->insns[cs->insn].encoding;
        v.encoding_name = NULL;
        v.bytes = cs->bytes;
        v.len = cs->len;
        v.ours_ok = 1;
        v.ours_text = line;
        v.peer_ok = !ans[i].error;
        v.peer_text = ptext;
        if (i >= ncases) { /* a reproducer */
            size_t en_i = repro_entry[i - ncases];
            const peer_known_entry *en = peer_known_get(ctx.known, en_i);
            const char *want = peer_known_repro_peer(ctx.known, en_i, PEER);
            int agree = same_bytes(&ans[i], cs->canon, cs->clen);
            run->repro_checked++;
            if (strcmp(line, en->repro_ours) != 0) {
                fprintf(stderr, "%s: reproducer: gcnspec now prints '%s', the entry records '%s'\n",
                        en->id, line, en->repro_ours);
                run->repro_bad++;
            } else if (want && strcmp(want, ptext) != 0) {
                fprintf(stderr, "%s: reproducer: %s gives '%s', the entry records '%s'\n", en->id,
                        PEER, ptext, want);
                run->repro_bad++;
            } else if (strcmp(en->classification, "our-bug-fixed") == 0
                           ? !agree
                           : agree || !peer_known_match_one(ctx.known, en_i, &v)) {
                fprintf(stderr, "%s: the reproducer does not show the pattern ('%s' -> '%s')\n",
                        en->id, line, ptext);
                run->repro_bad++;
            }
            continue;
        }
        run->words++;
        if (cs->len != cs->clen || memcmp(cs->bytes, cs->canon, cs->clen) != 0)
            run->noncanonical++;
        run->self_checked++;
        if (!self_check(gen, line, &ans[i], cs->canon, cs->clen)) {
            if (ctx.verbose)
                fprintf(stderr, "  gcnspec's assembler differs: %s -> %s\n", line, ptext);
            if (run->nself_ex < 8)
                set_example(&run->self_ex[run->nself_ex++], cs->bytes, cs->len, line, ptext);
            run->self_failed++;
        }
        if (same_bytes(&ans[i], cs->canon, cs->clen)) {
            run->same++;
            continue;
        }
        e = peer_known_match(ctx.known, &v);
        if (e >= 0 && e < MAX_ENTRIES) {
            run->known++;
            if (peer_known_get(ctx.known, (size_t)e)->fails)
                run->our_bug++;
            if (!run->entry_count[e]++)
                set_example(&run->entry_ex[e], cs->bytes, cs->len, line, ptext);
            continue;
        }
        run->unexplained++;
        for (k = 0; k < run->ngroups; k++)
            if (run->groups[k].insn == cs->insn && run->groups[k].assembled == !ans[i].error)
                break;
        if (k == run->ngroups && k < MAX_GROUPS) {
            run->ngroups++;
            run->groups[k].insn = cs->insn;
            run->groups[k].assembled = !ans[i].error;
            set_example(&run->groups[k].ex, cs->bytes, cs->len, line, ptext);
        }
        if (k < MAX_GROUPS)
            run->groups[k].count++;
    }
    gcn_proc_result_free(&r);
    free(ans);
    free(repro_entry);
    free(b.cases);
    free(b.hit);
    gcn_buf_free(&b.text);
}

static void example_line(FILE *f, const example *e, int gen)
{
    char b[96];
    gcn_hex_bytes(e->bytes, e->len, b, sizeof(b));
    fprintf(f, "      %s [%s]\n        gcnspec: %s\n        %s: %s\n", gcn_gen_id(gen), b, e->ours,
            PEER, e->peer);
}

static void print_run(const gen_run *run)
{
    size_t k;
    fprintf(stderr,
            "%s: %lu valid words (%lu from every operand value, %lu non-canonical) in %.2f s; "
            "%s assembled their text in %.2f s\n",
            gcn_gen_id(run->gen), run->words, run->stratified, run->noncanonical, run->gen_s, PEER,
            run->peer_s);
    fprintf(stderr,
            "  %lu same bytes, %lu known disagreements (%lu our-bug), %lu unexplained; "
            "%u/%u instructions, %u instruction x operand x class combinations\n",
            run->same, run->known, run->our_bug, run->unexplained, run->insns_hit, run->insns_total,
            run->combos_hit);
    fprintf(stderr, "  gcnspec's assembler on the same texts: %lu checked, %lu differ\n",
            run->self_checked, run->self_failed);
    for (k = 0; k < run->nself_ex; k++)
        example_line(stderr, &run->self_ex[k], run->gen);
    for (k = 0; k < peer_known_count(ctx.known) && k < MAX_ENTRIES; k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        if (!run->entry_count[k])
            continue;
        fprintf(stderr, "    %7lu %-13s %s\n", run->entry_count[k], en->classification, en->id);
        if (ctx.verbose || en->fails)
            example_line(stderr, &run->entry_ex[k], run->gen);
    }
    for (k = 0; k < run->ngroups && (k < 40 || ctx.verbose); k++) {
        const group *g = &run->groups[k];
        fprintf(stderr, "  UNEXPLAINED %7lu %s (%s)\n", g->count,
                gcn_codec_tables()->insns[g->insn].mnemonic,
                g->assembled ? "assembled to other bytes" : "rejected");
        example_line(stderr, &g->ex, run->gen);
    }
}

static void test_gen(int idx)
{
    int gen = gcn_gen_lookup(ctx.gen_names[idx]);
    gen_run *run = &ctx.runs[idx];
    assert_true(gen >= 0);
    run_gen(run, gen);
    print_run(run);
    if (run->repro_bad)
        fail_msg("%s: %zu bad reproducers", gcn_gen_id(gen), run->repro_bad);
    if (run->insns_hit != run->insns_total)
        fail_msg("%s: %u of %u instructions have no valid word", gcn_gen_id(gen),
                 run->insns_total - run->insns_hit, run->insns_total);
    if (run->unexplained || run->our_bug)
        fail_msg("%s: %lu unexplained disagreements, %lu known our-bugs (see above)",
                 gcn_gen_id(gen), run->unexplained, run->our_bug);
    if (run->self_failed)
        fail_msg("%s: gcnspec's assembler disagrees on %lu of its own texts (see above)",
                 gcn_gen_id(gen), run->self_failed);
}

static void test_gfx6(void **state)
{
    (void)state;
    test_gen(0);
}

static void test_gfx7(void **state)
{
    (void)state;
    test_gen(1);
}

/* ---- the report section -----------------------------------------------------------------------
 */

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

static void md_example(gcn_buf *b, const example *e, int gen)
{
    char bytes[96];
    gcn_hex_bytes(e->bytes, e->len, bytes, sizeof(bytes));
    gcn_buf_printf(b, "%s `[%s]`: gcnspec ", gcn_gen_id(gen), bytes);
    md_code(b, e->ours);
    gcn_buf_puts(b, ", " PEER " ");
    md_code(b, e->peer);
}

static void build_report(gcn_buf *b)
{
    size_t k;
    int i;
    gcn_buf_puts(b, "## gfx6/gfx7: gcnspec's text assembled by " PEER "\n\n");
    gcn_buf_printf(b,
                   "`test_codec_reassemble --words %lu --seed 0x%llx`: per generation, every "
                   "value of every operand field of every instruction (the other fields random "
                   "until the word decodes), then random valid words up to the sample; "
                   "gcn_print's text of each, assembled by one `" PEER
                   " -arch=amdgcn -mcpu=<tahiti|bonaire> -show-encoding`, against the canonical "
                   "encoding (gcn_encode of the decoded word). gcnspec's own assembler runs on "
                   "the same texts.\n\n",
                   ctx.words, (unsigned long long)ctx.seed);
    gcn_buf_puts(b, "| generation | valid words | of them every-operand-value | non-canonical | "
                    "same bytes | known disagreements | our-bug | unexplained | instructions | "
                    "instruction x operand x class | gcnspec's assembler differs |\n"
                    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < NGENS; i++) {
        const gen_run *r = &ctx.runs[i];
        if (!r->ran)
            continue;
        gcn_buf_printf(b, "| %s | %lu | %lu | %lu | %lu | %lu | %lu | %lu | %u/%u | %u | %lu |\n",
                       gcn_gen_id(r->gen), r->words, r->stratified, r->noncanonical, r->same,
                       r->known, r->our_bug, r->unexplained, r->insns_hit, r->insns_total,
                       r->combos_hit, r->self_failed);
    }
    gcn_buf_puts(b, "\nOperand classes hit (instruction x operand pairs with a valid word whose "
                    "operand is of the class):\n\n| class |");
    for (i = 0; i < NGENS; i++)
        if (ctx.runs[i].ran)
            gcn_buf_printf(b, " %s |", gcn_gen_id(ctx.runs[i].gen));
    gcn_buf_puts(b, "\n|---|");
    for (i = 0; i < NGENS; i++)
        if (ctx.runs[i].ran)
            gcn_buf_puts(b, "--:|");
    gcn_buf_puts(b, "\n");
    for (k = 0; k < NCLASSES; k++) {
        unsigned long n = 0;
        for (i = 0; i < NGENS; i++)
            n += ctx.runs[i].class_pairs[k];
        if (!n)
            continue;
        gcn_buf_printf(b, "| %s |", class_name((int)k));
        for (i = 0; i < NGENS; i++)
            if (ctx.runs[i].ran)
                gcn_buf_printf(b, " %u |", ctx.runs[i].class_pairs[k]);
        gcn_buf_puts(b, "\n");
    }
    gcn_buf_puts(b, "\n### Classes of disagreement\n");
    for (k = 0; k < peer_known_count(ctx.known) && k < MAX_ENTRIES; k++) {
        const peer_known_entry *en = peer_known_get(ctx.known, k);
        int any = 0;
        for (i = 0; i < NGENS; i++)
            any |= ctx.runs[i].ran && peer_known_applies(ctx.known, k, PEER, ctx.runs[i].gen);
        if (!any)
            continue;
        gcn_buf_printf(b, "\n#### %s — %s\n\n", en->id, en->classification);
        gcn_buf_printf(b, "- %s, %s; %s.\n", en->encoding, en->instruction, en->pattern);
        gcn_buf_printf(b, "- %s\n", en->explanation);
        for (i = 0; i < NGENS; i++) {
            const gen_run *r = &ctx.runs[i];
            if (!r->ran || !peer_known_applies(ctx.known, k, PEER, r->gen))
                continue;
            gcn_buf_printf(b, "- %s: %lu words", gcn_gen_id(r->gen), r->entry_count[k]);
            if (r->entry_count[k]) {
                gcn_buf_puts(b, "; ");
                md_example(b, &r->entry_ex[k], r->gen);
            }
            gcn_buf_puts(b, "\n");
        }
    }
    for (i = 0; i < NGENS; i++) {
        const gen_run *r = &ctx.runs[i];
        for (k = 0; r->ran && k < r->ngroups; k++) {
            if (!k)
                gcn_buf_printf(b, "\n### Unexplained on %s\n\n", gcn_gen_id(r->gen));
            gcn_buf_printf(b, "- %lu words, %s (%s): ", r->groups[k].count,
                           gcn_codec_tables()->insns[r->groups[k].insn].mnemonic,
                           r->groups[k].assembled ? "assembled to other bytes" : "rejected");
            md_example(b, &r->groups[k].ex, r->gen);
            gcn_buf_puts(b, "\n");
        }
        for (k = 0; r->ran && k < r->nself_ex; k++) {
            if (!k)
                gcn_buf_printf(b, "\n### gcnspec's assembler on its own text, %s\n\n",
                               gcn_gen_id(r->gen));
            gcn_buf_puts(b, "- ");
            md_example(b, &r->self_ex[k], r->gen);
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
    st = peer_report_section(ctx.report_path, "reassemble", b.data, &d);
    gcn_buf_free(&b);
    if (st != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 1;
    }
    fprintf(stderr, "wrote the reassemble section of %s\n", ctx.report_path);
    return 0;
}

static int usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--words N] [--seed S] [--known FILE] [--report FILE] [--verbose]\n",
            argv0);
    return 2;
}

int main(int argc, char **argv)
{
    static char known_default[4096];
    const char *src = getenv("GCN_SOURCE_DIR") ? getenv("GCN_SOURCE_DIR") : ".";
    const char *env_words = getenv("GCN_PEER_WORDS");
    gcn_diag d;
    int i, failed;
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
        } else {
            return usage(argv[0]);
        }
    }
    ctx.llvm_mc = gcn_proc_find(PEER);
    if (!ctx.llvm_mc) {
        fprintf(stderr, PEER " is not installed: skipped\n");
        return 77;
    }
    if (peer_known_load(&ctx.known, ctx.known_path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        free(ctx.llvm_mc);
        return 1;
    }
    fprintf(stderr, PEER ": %lu words per generation%s, seed 0x%llx, %zu known classes from %s\n",
            ctx.words, UNDER_ASAN ? " (sanitized build: smaller sample)" : "",
            (unsigned long long)ctx.seed, peer_known_count(ctx.known), ctx.known_path);
    {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_gfx6),
                                           cmocka_unit_test(test_gfx7)};
        failed = cmocka_run_group_tests(tests, NULL, NULL);
    }
    if (ctx.report_path && write_report())
        failed = 1;
    peer_known_free(ctx.known);
    free(ctx.llvm_mc);
    return failed ? 1 : 0;
}
