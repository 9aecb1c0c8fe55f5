/* The assembler against llvm-mc 14 and 19 on every syntax case (vectors/syntax_cases): each
 * operand and modifier of every instruction on every generation, written in every form LLVM's
 * syntax allows and in forms it refuses. gcnspec must do what the case says (assemble it to
 * its bytes, or refuse it): any difference fails. llvm-mc must agree with gcnspec, or the
 * disagreement must match a classified entry of spec/peers/llvm-mc-syntax-known.json (gcnspec
 * extensions, LLVM bugs, LLVM's restrictions); an entry that explains nothing fails too. A
 * line llvm-mc crashes on is explained only by an entry whose "message" names the crash.
 * GCN_SYNTAX_ALL=1 lists every failure, GCN_SYNTAX_SHOW=S30,S31 what those entries explain.
 * One llvm-mc process per generation and batch of lines.
 *   test_syntax_llvm_mc [--report FILE]   FILE: the counts as Markdown
 *   test_syntax_llvm_mc --ours            gcnspec against the cases alone, no peer run (the
 *                                         test_syntax_cases test: it needs no llvm-mc)
 *   test_syntax_llvm_mc 14|19             against that llvm-mc alone (a test each) */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/codec.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"
#include "vectors/llvm_mc.h"
#include "vectors/syntax_cases.h"
#include "peer_known.h"

#define BATCH 20000

typedef struct kase {
    gcn_syntax_case c;
    size_t base; /* index of its base text in cases.bases */
    int ok;      /* gcnspec assembled it */
    uint8_t bytes[GCN_INST_MAX_BYTES];
    size_t nbytes;
    char msg[160];
} kase;

typedef struct cases {
    kase *v;
    size_t n, cap;
    char **bases; /* the canonical texts the cases rewrite, each once */
    size_t nbases, bcap;
} cases;

static gcn_json_doc known;
static size_t *used;       /* per known entry: disagreements it explained */
static const char *report; /* --report FILE */

/* per generation and peer */
typedef struct tally {
    size_t cases, agree, explained, inherited, lacking, failed;
    size_t by_class[8];
} tally;
static tally tallies[8][2];
static size_t ours_total[8], ours_failed[8], model_errors[8];
static const char *peers[2] = {"llvm-mc-14", "llvm-mc-19"};
static int peer_present[2];

static const char *const classes[] = {
    "gcnspec-extension", "llvm-bug",     "llvm-restriction", "llvm-lacks",
    "llvm-differs",      "not-modelled", "gcnspec-lacks",    NULL};

static int collect(const gcn_syntax_case *c, void *ctx)
{
    cases *cs = ctx;
    if (cs->n == cs->cap) {
        size_t ncap = cs->cap ? cs->cap * 2 : 8192;
        kase *v = realloc(cs->v, ncap * sizeof(*v));
        if (!v)
            return 1;
        cs->v = v;
        cs->cap = ncap;
    }
    memset(&cs->v[cs->n], 0, sizeof(cs->v[0]));
    cs->v[cs->n].c = *c;
    /* the base text is borrowed: the case keeps its index in bases */
    cs->v[cs->n].c.base = NULL;
    if (!cs->nbases || strcmp(cs->bases[cs->nbases - 1], c->base) != 0) {
        if (cs->nbases == cs->bcap) {
            size_t ncap = cs->bcap ? cs->bcap * 2 : 1024;
            char **b = realloc(cs->bases, ncap * sizeof(*b));
            if (!b)
                return 1;
            cs->bases = b;
            cs->bcap = ncap;
        }
        cs->bases[cs->nbases] = strdup(c->base);
        if (!cs->bases[cs->nbases])
            return 1;
        cs->nbases++;
    }
    cs->v[cs->n].base = cs->nbases - 1;
    cs->n++;
    return 0;
}

static void hex(char *out, size_t size, const uint8_t *b, size_t n)
{
    size_t i;
    out[0] = 0;
    for (i = 0; i < n; i++) {
        size_t at = strlen(out);
        snprintf(out + at, size - at, "%s0x%02x", i ? "," : "", b[i]);
    }
}

/* gcnspec on every case, held to what the case says */
static void ours(int gen, cases *cs)
{
    size_t i;
    for (i = 0; i < cs->n; i++) {
        kase *k = &cs->v[i];
        gcn_diag d;
        gcn_status st =
            gcn_assemble(gen, k->c.text, NULL, k->bytes, sizeof(k->bytes), &k->nbytes, &d);
        k->ok = st == GCN_OK;
        if (!k->ok)
            snprintf(k->msg, sizeof(k->msg), "%u: %.140s", d.col, d.msg);
        ours_total[gen]++;
        if (k->ok != k->c.accept ||
            (k->ok && (k->nbytes != k->c.nbytes || memcmp(k->bytes, k->c.bytes, k->nbytes)))) {
            char want[80], got[80];
            hex(want, sizeof(want), k->c.bytes, k->c.nbytes);
            hex(got, sizeof(got), k->bytes, k->nbytes);
            if (ours_failed[gen] < 40 || getenv("GCN_SYNTAX_ALL"))
                fprintf(stderr, "gcnspec %s [%s %s %s]: '%s': expected %s%s, got %s%s\n",
                        gcn_gen_id(gen), k->c.form, k->c.kind, k->c.slot ? k->c.slot : "-",
                        k->c.text, k->c.accept ? "" : "a refusal", want,
                        k->ok ? got : "a refusal: ", k->ok ? "" : k->msg);
            ours_failed[gen]++;
        }
    }
}

static gcn_json_doc spec; /* spec/gcn.json: the instructions a peer lacks */

/* The entry that explains a disagreement: the first whose keys all match. message is the
 * peer's refusal ("" when it assembled the text); a crash of the peer ("crashed (signal N)")
 * is a class of its own, which only an entry that names it in "message" explains. */
static const char *const entry_keys[] = {"peer",    "gen",      "kind",    "form",
                                         "operand", "slot",     "message", "mnemonic",
                                         "text",    "source16", NULL};
enum { KEY_MESSAGE = 6 };    /* entry_keys' "message" */
static peer_entries entries; /* known's entries, their keys looked up once */
static const cJSON *explained(const char *peer, const char *gen, const char *kind, const kase *k,
                              const char *message)
{
    const char *vals[] = {
        peer,    gen,           kind,      k->c.form,    k->c.kind, k->c.slot ? k->c.slot : "-",
        message, k->c.mnemonic, k->c.text, k->c.source16};
    size_t n;
    int crashed = strncmp(message, "crashed (signal", 15) == 0;
    for (n = 0; n < entries.n; n++)
        if ((!crashed || entries.v[n].pat[KEY_MESSAGE]) && peer_entry_matches(&entries, n, vals)) {
            used[n]++;
            return entries.v[n].entry;
        }
    return NULL;
}

/* The peer's answers on the base texts: a case whose base it refuses, where gcnspec takes the
 * base, inherits that refusal, which tests/peer/test_codec_llvm_mc holds to a classified entry
 * of spec/peers/llvm-mc-known.json (an LLVM restriction, an instruction LLVM lacks). */
static unsigned char *base_refused(int p, int gen, const cases *cs)
{
    unsigned char *refused = calloc(cs->nbases + 1, 1);
    size_t at;
    assert_non_null(refused);
    for (at = 0; at < cs->nbases; at += BATCH) {
        size_t n = cs->nbases - at < BATCH ? cs->nbases - at : BATCH, i;
        gcn_mc_result *r = calloc(n, sizeof(*r));
        char why[512];
        assert_non_null(r);
        if (gcn_mc_assemble(peers[p], gen, (const char *const *)cs->bases + at, n, r, why,
                            sizeof(why)) != GCN_OK)
            fail_msg("%s", why);
        for (i = 0; i < n; i++)
            refused[at + i] = !r[i].ok;
        free(r);
    }
    return refused;
}

/* The known entries that name a crash of the peer (their "message"): NULL-terminated. */
static const cJSON **crash_entries(void)
{
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(known.root, "known"), *e;
    const cJSON **v = calloc((size_t)cJSON_GetArraySize(all) + 1, sizeof(*v));
    size_t n = 0;
    assert_non_null(v);
    cJSON_ArrayForEach(e, all)
    {
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message"), *x;
        const cJSON *list = cJSON_IsArray(m) ? m : NULL;
        int crash = cJSON_IsString(m) && strncmp(m->valuestring, "crashed", 7) == 0;
        cJSON_ArrayForEach(x, list)
        {
            if (cJSON_IsString(x) && strncmp(x->valuestring, "crashed", 7) == 0)
                crash = 1;
        }
        if (crash)
            v[n++] = e;
    }
    return v;
}

/* 1 when an entry that names a crash of the peer could explain case k (its keys but the
 * answer's match): such a line goes to the peer alone, not in a batch, where its crash would
 * cost a bisection of the batch (about a dozen runs of the peer per crashing line). */
static int crash_suspect(const cJSON *const *crashes, const char *peer, const char *gen,
                         const kase *k)
{
    for (; *crashes; crashes++) {
        const cJSON *e = *crashes;
        if (peer_key_matches(e, "peer", peer) && peer_key_matches(e, "gen", gen) &&
            peer_key_matches(e, "form", k->c.form) && peer_key_matches(e, "operand", k->c.kind) &&
            peer_key_matches(e, "slot", k->c.slot ? k->c.slot : "-") &&
            peer_key_matches(e, "mnemonic", k->c.mnemonic) &&
            peer_key_matches(e, "text", k->c.text))
            return 1;
    }
    return 0;
}

static void against(int p, int gen, cases *cs)
{
    const char *peer = peers[p], *gid = gcn_gen_id(gen);
    tally *t = &tallies[gen][p];
    unsigned char *refused = base_refused(p, gen, cs);
    const cJSON **crashes = crash_entries();
    unsigned char *suspect = calloc(cs->n + 1, 1);
    size_t at, n, *order = calloc(cs->n + 1, sizeof(*order)), nnorm = 0, ns, i;
    const char *last = NULL;
    int lacks = 0;
    assert_non_null(order);
    assert_non_null(suspect);
    /* the cases of an instruction the spec says the peer lacks are not sent: it refuses them
     * (tests/peer/test_llvm_mnemonics holds it to that), and llvm-mc-14 loses the line after
     * one that has two errors (an unknown mnemonic, then 'invalid octal number' in
     * offset:04095), which would shift every answer after it. The others go in batches, then
     * the crash suspects one by one (every one is still asked). */
    for (i = 0; i < cs->n; i++) {
        if (!last || strcmp(last, cs->v[i].c.mnemonic) != 0) {
            last = cs->v[i].c.mnemonic;
            lacks = peer_lacks_gen(spec.root, peer, gid, last);
        }
        if (lacks) {
            t->cases++;
            t->lacking++;
            suspect[i] = 2;
        } else if (!(suspect[i] = (unsigned char)crash_suspect(crashes, peer, gid, &cs->v[i]))) {
            order[nnorm++] = i;
        }
    }
    ns = nnorm;
    for (i = 0; i < cs->n; i++)
        if (suspect[i] == 1)
            order[ns++] = i;
    free(suspect);
    free(crashes);
    for (at = 0; at < ns; at += n) {
        size_t j;
        n = ns - at < BATCH ? ns - at : BATCH;
        const char **lines = calloc(n, sizeof(*lines));
        gcn_mc_result *r = calloc(n, sizeof(*r));
        char why[512];
        assert_non_null(lines);
        assert_non_null(r);
        if (at < nnorm && at + n > nnorm)
            n = nnorm - at; /* a batch ends where the suspects begin */
        for (i = 0; i < n; i++)
            lines[i] = cs->v[order[at + i]].c.text;
        for (j = 0; j < n; j += at >= nnorm ? 1 : n)
            if (gcn_mc_assemble(peer, gen, lines + j, at >= nnorm ? 1 : n, r + j, why,
                                sizeof(why)) != GCN_OK)
                fail_msg("%s", why);
        for (i = 0; i < n; i++) {
            const kase *k = &cs->v[order[at + i]];
            const char *kind = NULL;
            const cJSON *e;
            t->cases++;
            if (k->ok && !r[i].ok)
                kind = "llvm-rejects";
            else if (!k->ok && r[i].ok)
                kind = "llvm-accepts";
            else if (k->ok && (r[i].nbytes != k->nbytes || memcmp(r[i].bytes, k->bytes, k->nbytes)))
                kind = "llvm-bytes";
            if (!kind) {
                t->agree++;
                continue;
            }
            /* refused with its base (not the base itself: a mod-all line is its own base); a
             * crash is no refusal, and goes to the entries */
            if (strcmp(kind, "llvm-rejects") == 0 && !r[i].crashed && refused[k->base] &&
                strcmp(k->c.text, cs->bases[k->base]) != 0) {
                t->inherited++;
                continue;
            }
            if (strcmp(kind, "llvm-rejects") == 0 && !r[i].crashed &&
                peer_lacks_gen(spec.root, peer, gid, k->c.mnemonic)) {
                t->lacking++;
                continue;
            }
            e = explained(peer, gid, kind, k, r[i].ok ? "" : r[i].message);
            if (e) {
                const cJSON *cl = cJSON_GetObjectItemCaseSensitive(e, "class");
                const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
                const char *show = getenv("GCN_SYNTAX_SHOW");
                size_t c;
                /* GCN_SYNTAX_SHOW=S30,S31: the disagreements the entries explain, to audit them */
                if (show && cJSON_IsString(id) && strstr(show, id->valuestring))
                    fprintf(stderr, "%s %s %s [%s %s %s]: '%s': llvm-mc %s%s\n", id->valuestring,
                            peer, gid, kind, k->c.form, k->c.slot ? k->c.slot : "-", k->c.text,
                            r[i].ok ? "assembles it" : "says ", r[i].ok ? "" : r[i].message);
                for (c = 0; classes[c]; c++)
                    if (cJSON_IsString(cl) && strcmp(cl->valuestring, classes[c]) == 0)
                        t->by_class[c]++;
                t->explained++;
                continue;
            }
            if (t->failed < 40 || getenv("GCN_SYNTAX_ALL")) {
                char got[80];
                hex(got, sizeof(got), r[i].bytes, r[i].nbytes);
                fprintf(stderr, "%s %s %s [%s %s %s]: '%s': llvm-mc %s%s, gcnspec %s\n", peer, gid,
                        kind, k->c.form, k->c.kind, k->c.slot ? k->c.slot : "-", k->c.text,
                        r[i].ok ? got : "says ", r[i].ok ? "" : r[i].message,
                        k->ok ? "assembles it" : k->msg);
            }
            t->failed++;
        }
        free(lines);
        free(r);
    }
    free(refused);
    free(order);
}

static void write_report(void)
{
    gcn_buf b;
    gcn_diag d;
    int g, p, c;
    size_t all = 0, as_said = 0, agree[2] = {0, 0}, cmp[2] = {0, 0};
    gcn_buf_init(&b);
    for (g = 0; g < gcn_gen_count(); g++) {
        all += ours_total[g];
        as_said += ours_total[g] - ours_failed[g];
        for (p = 0; p < 2; p++) {
            agree[p] += tallies[g][p].agree;
            cmp[p] += tallies[g][p].cases;
        }
    }
    gcn_buf_printf(&b,
                   "# The assembler's syntax against llvm-mc\n\n"
                   "Written by `tests/peer/test_syntax_llvm_mc --report`. The cases come from "
                   "`vectors/syntax_cases.c`: every operand and modifier of every instruction on "
                   "every generation, written in each form LLVM's syntax allows (registers, "
                   "numbers in every radix and width, expressions, floats, modifiers, separators, "
                   "comments) and in forms it refuses. gcnspec does what the case says on %zu "
                   "of %zu. Disagreements with llvm-mc are classified in "
                   "`spec/peers/llvm-mc-syntax-known.json`.\n\n",
                   as_said, all);
    gcn_buf_printf(&b, "| generation | cases | gcnspec as expected |");
    for (p = 0; p < 2; p++)
        gcn_buf_printf(&b, " %s agrees | classified | refused with the base | lacks it |",
                       peers[p]);
    gcn_buf_printf(&b, "\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (g = 0; g < gcn_gen_count(); g++) {
        gcn_buf_printf(&b, "| %s | %zu | %zu |", gcn_gen_id(g), ours_total[g],
                       ours_total[g] - ours_failed[g]);
        for (p = 0; p < 2; p++)
            gcn_buf_printf(&b, " %zu | %zu | %zu | %zu |", tallies[g][p].agree,
                           tallies[g][p].explained, tallies[g][p].inherited, tallies[g][p].lacking);
        gcn_buf_puts(&b, "\n");
    }
    gcn_buf_printf(&b,
                   "\n*refused with the base*: llvm-mc refuses the canonical text the case "
                   "rewrites too; that refusal is classified in `spec/peers/llvm-mc-known.json` "
                   "(LLVM's operand restrictions), which `tests/peer/test_codec_llvm_mc` "
                   "enforces, or here (a base with every modifier set, form `mod-all`). *lacks "
                   "it*: instructions `spec/gcn.json` marks `peer_lacks`.\n\nAgreement: ");
    for (p = 0; p < 2; p++)
        gcn_buf_printf(&b, "%s%s %zu of %zu (%.2f%%)", p ? "; " : "", peers[p], agree[p], cmp[p],
                       cmp[p] ? 100.0 * (double)agree[p] / (double)cmp[p] : 0.0);
    gcn_buf_printf(&b, ".\n\n## Classified disagreements, by class\n\n| class |");
    for (p = 0; p < 2; p++)
        gcn_buf_printf(&b, " %s |", peers[p]);
    gcn_buf_puts(&b, "\n|---|--:|--:|\n");
    for (c = 0; classes[c]; c++) {
        gcn_buf_printf(&b, "| %s |", classes[c]);
        for (p = 0; p < 2; p++) {
            size_t n = 0;
            for (g = 0; g < gcn_gen_count(); g++)
                n += tallies[g][p].by_class[c];
            gcn_buf_printf(&b, " %zu |", n);
        }
        gcn_buf_puts(&b, "\n");
    }
    gcn_buf_puts(
        &b, "\n## Entries\n\n| id | peer | class | explains | what |\n|---|---|---|--:|---|\n");
    {
        const cJSON *e;
        size_t n = 0;
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(known.root, "known"))
        {
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
            const cJSON *pe = cJSON_GetObjectItemCaseSensitive(e, "peer");
            const cJSON *cl = cJSON_GetObjectItemCaseSensitive(e, "class");
            const cJSON *ti = cJSON_GetObjectItemCaseSensitive(e, "title");
            gcn_buf_printf(&b, "| %s | %s | %s | %zu | %s |\n",
                           cJSON_IsString(id) ? id->valuestring : "?",
                           cJSON_IsString(pe) ? pe->valuestring : "both",
                           cJSON_IsString(cl) ? cl->valuestring : "?", used[n],
                           cJSON_IsString(ti) ? ti->valuestring : "");
            n++;
        }
    }
    if (gcn_write_file_atomic(report, b.data ? b.data : "", b.len, &d) != GCN_OK)
        gcn_diag_print(&d, stderr);
    gcn_buf_free(&b);
}

static void test_syntax(void **state)
{
    int g, p;
    size_t i,
        nknown = (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(known.root, "known"));
    size_t failed = 0;
    (void)state;
    used = calloc(nknown + 1, sizeof(*used));
    assert_non_null(used);
    for (g = 0; g < gcn_gen_count(); g++) {
        cases cs;
        memset(&cs, 0, sizeof(cs));
        gcn_syntax_cases(g, collect, &cs, &model_errors[g]);
        ours(g, &cs);
        for (p = 0; p < 2; p++)
            if (peer_present[p])
                against(p, g, &cs);
        fprintf(stderr, "%s: %zu cases, gcnspec as expected on %zu%s", gcn_gen_id(g), cs.n,
                cs.n - ours_failed[g], model_errors[g] ? " (the generator's model failed!)" : "");
        for (p = 0; p < 2; p++)
            if (peer_present[p])
                fprintf(stderr,
                        "; %s agrees on %zu, %zu classified, %zu refused with their base, %zu "
                        "of instructions it lacks, %zu not",
                        peers[p], tallies[g][p].agree, tallies[g][p].explained,
                        tallies[g][p].inherited, tallies[g][p].lacking, tallies[g][p].failed);
        fprintf(stderr, "\n");
        failed += ours_failed[g] + model_errors[g];
        for (p = 0; p < 2; p++)
            failed += tallies[g][p].failed;
        assert_true(cs.n > 1000);
        for (i = 0; i < cs.nbases; i++)
            free(cs.bases[i]);
        free(cs.bases);
        free(cs.v);
    }
    /* an entry that explains nothing any more is stale: the codec or the peer changed */
    for (i = 0; i < nknown; i++) {
        const cJSON *e =
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(known.root, "known"), (int)i);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        int relevant = 0;
        for (p = 0; p < 2; p++)
            relevant |= peer_present[p] && peer_key_matches(e, "peer", peers[p]);
        if (relevant && !used[i]) {
            fprintf(stderr, "known entry %s explains nothing: remove or correct it\n",
                    cJSON_IsString(id) ? id->valuestring : "?");
            failed++;
        }
    }
    if (report)
        write_report();
    free(used);
    used = NULL;
    assert_int_equal(failed, 0);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_syntax)};
    int rc, p, ours_only = 0, only = -1;
    if (argc == 3 && strcmp(argv[1], "--report") == 0)
        report = argv[2];
    else if (argc == 2 && strcmp(argv[1], "--ours") == 0)
        ours_only = 1;
    else if (argc == 2 && (strcmp(argv[1], "14") == 0 || strcmp(argv[1], "19") == 0))
        only = strcmp(argv[1], "19") == 0;
    else if (argc != 1) {
        fprintf(stderr, "usage: test_syntax_llvm_mc [--report FILE | --ours | 14 | 19]\n");
        return 2;
    }
    /* --ours: gcnspec against the cases alone, with no peer (test_syntax_cases); 14 or 19:
     * against that llvm-mc alone (the suite runs one test per llvm-mc, to spread them over the
     * cores) */
    for (p = 0; p < 2 && !ours_only; p++) {
        char *path = only < 0 || only == p ? gcn_mc_find(peers[p]) : NULL;
        peer_present[p] = path != NULL;
        free(path);
    }
    if (!ours_only && !peer_present[0] && !peer_present[1]) {
        fprintf(stderr, "neither llvm-mc-14 nor llvm-mc-19 is installed: skipped\n");
        return 77;
    }
    if (!peer_load(&known, "spec/peers/llvm-mc-syntax-known.json") ||
        !peer_load(&spec, "spec/gcn.json"))
        return 1;
    if (!peer_entries_init(&entries, cJSON_GetObjectItemCaseSensitive(known.root, "known"),
                           entry_keys)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    peer_entries_free(&entries);
    gcn_json_free(&known);
    gcn_json_free(&spec);
    return rc;
}
