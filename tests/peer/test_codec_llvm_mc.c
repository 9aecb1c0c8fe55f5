/* The codec against llvm-mc on every case the spec generates (vectors/enc_cases): every
 * instruction x generation x operand class. Our text must assemble with llvm-mc to our bytes,
 * llvm-mc must print our text back, and on GCN 1.2/1.4 llvm-mc must disassemble our bytes to
 * our text. decode(encode(x)) == x and parse(print(x)) == x hold for every case. Disagreements
 * that spec/peers/llvm-mc-known.json classifies (LLVM bugs, instructions LLVM lacks) are
 * counted and shown; any other fails the test. One llvm-mc process per generation and mode. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "util/json.h"
#include "vectors/enc_cases.h"
#include "vectors/llvm_mc.h"
#include "peer_known.h"

typedef struct kase {
    gcn_inst inst;
    const char *what, *slot;
    int canonical;
    char text[256];
    uint8_t bytes[GCN_INST_MAX_BYTES];
    size_t nbytes;
    uint8_t cbytes[GCN_INST_MAX_BYTES]; /* what the text assembles to (ours) */
    size_t ncbytes;
    char hex[80];
} kase;

typedef struct cases {
    kase *v;
    size_t n, cap;
} cases;

static gcn_json_doc known;

static int collect(const gcn_enc_case *c, void *ctx)
{
    cases *cs = ctx;
    kase *k;
    size_t i;
    if (cs->n == cs->cap) {
        size_t ncap = cs->cap ? cs->cap * 2 : 4096;
        kase *v = realloc(cs->v, ncap * sizeof(*v));
        if (!v)
            return 1;
        cs->v = v;
        cs->cap = ncap;
    }
    k = &cs->v[cs->n++];
    memset(k, 0, sizeof(*k));
    k->inst = c->inst;
    k->what = c->what;
    k->slot = c->slot;
    k->canonical = c->canonical;
    gcn_print(&c->inst, k->text, sizeof(k->text));
    if (gcn_encode(&c->inst, k->bytes, sizeof(k->bytes), &k->nbytes) != GCN_OK)
        k->nbytes = 0;
    {
        gcn_inst p;
        gcn_diag d;
        if (gcn_parse(c->inst.gen, k->text, &p, &d) != GCN_OK ||
            gcn_encode(&p, k->cbytes, sizeof(k->cbytes), &k->ncbytes) != GCN_OK)
            k->ncbytes = 0;
    }
    for (i = 0; i < k->nbytes; i++) {
        size_t at = strlen(k->hex);
        snprintf(k->hex + at, sizeof(k->hex) - at, "%s0x%02x", i ? "," : "", k->bytes[i]);
    }
    return 0;
}

static gcn_json_doc spec;
/* Instructions spec/gcn.json marks as lacking in a peer ("peer_lacks"). */
static int lacks(const char *peer, const char *gen, const kase *k)
{
    return peer_lacks_gen(spec.root, peer, gen, gcn_inst_mnemonic(&k->inst));
}

static size_t *used; /* per known entry: disagreements it explained */

/* A disagreement explained by spec/peers/llvm-mc-known.json: every key the entry gives matches
 * (the keys looked up once, in the cheapest order). */
static const char *const entry_keys[] = {"peer",     "gen",  "kind",     "what", "slot",
                                         "mnemonic", "text", "source16", NULL};
static peer_entries entries;
static const cJSON *explained(const char *peer, const char *gen, const char *kind, const kase *k)
{
    const char *vals[] = {peer,
                          gen,
                          kind,
                          k->what,
                          k->slot ? k->slot : "-",
                          gcn_inst_mnemonic(&k->inst),
                          k->text,
                          gcn_codec_source16(gcn_codec_tables(), k->inst.insn)};
    size_t n;
    for (n = 0; n < entries.n; n++)
        if (peer_entry_matches(&entries, n, vals)) {
            used[n]++;
            return entries.v[n].entry;
        }
    return NULL;
}

typedef struct tally {
    size_t cases, agree, explained, lacking, failed;
} tally;

static void disagree(tally *t, const char *peer, const char *gen, const char *kind, const kase *k,
                     const char *detail)
{
    if (lacks(peer, gen, k)) {
        t->lacking++;
        return;
    }
    if (explained(peer, gen, kind, k)) {
        t->explained++;
        return;
    }
    if (t->failed < 40 || getenv("GCN_MC_ALL"))
        fprintf(stderr, "%s %s %s [%s %s]: %s  (ours: %s = %s)\n", peer, gen, kind, k->what,
                k->slot ? k->slot : "-", detail, k->text, k->hex);
    t->failed++;
}

/* decode(encode(x)) == x on the fields the instruction uses, and parse(print(x)) == x. */
static void round_trips(const cases *cs, tally *t)
{
    size_t i;
    for (i = 0; i < cs->n; i++) {
        const kase *k = &cs->v[i];
        gcn_inst d, p;
        uint8_t b2[GCN_INST_MAX_BYTES];
        size_t n2 = 0;
        char text2[256];
        gcn_diag diag;
        if (!k->nbytes) {
            fprintf(stderr, "%s: cannot encode\n", k->text);
            t->failed++;
            continue;
        }
        if (gcn_decode(k->inst.gen, k->bytes, k->nbytes, &d) != GCN_OK ||
            gcn_encode(&d, b2, sizeof(b2), &n2) != GCN_OK || n2 != k->nbytes ||
            memcmp(b2, k->bytes, n2) != 0) {
            fprintf(stderr, "decode/encode round trip fails: %s = %s\n", k->text, k->hex);
            t->failed++;
            continue;
        }
        gcn_print(&d, text2, sizeof(text2));
        if (strcmp(text2, k->text) != 0) {
            fprintf(stderr, "decode prints '%s' for '%s'\n", text2, k->text);
            t->failed++;
            continue;
        }
        /* canonical: the text parses back to the bytes. Otherwise it parses to other
         * (canonical) bytes that print the same text. */
        if (gcn_parse(k->inst.gen, k->text, &p, &diag) != GCN_OK ||
            gcn_encode(&p, b2, sizeof(b2), &n2) != GCN_OK) {
            fprintf(stderr, "parse/encode fails: %s (%s)\n", k->text, diag.msg);
            t->failed++;
        } else if (k->canonical && (n2 != k->nbytes || memcmp(b2, k->bytes, n2) != 0)) {
            fprintf(stderr, "parse/encode round trip fails: %s = %s\n", k->text, k->hex);
            t->failed++;
        } else if (!k->canonical) {
            gcn_print(&p, text2, sizeof(text2));
            if ((n2 == k->nbytes && memcmp(b2, k->bytes, n2) == 0) || strcmp(text2, k->text) != 0) {
                fprintf(stderr, "non-canonical %s = %s parses to %s bytes printing '%s'\n", k->text,
                        k->hex, n2 == k->nbytes && !memcmp(b2, k->bytes, n2) ? "the same" : "other",
                        text2);
                t->failed++;
            }
        }
    }
}

static void against(const char *peer, int gen, const cases *cs, tally *t)
{
    const char **lines = calloc(cs->n + 1, sizeof(*lines));
    gcn_mc_result *r = calloc(cs->n + 1, sizeof(*r));
    char why[512];
    const char *gid = gcn_gen_id(gen);
    size_t i;
    assert_non_null(lines);
    assert_non_null(r);
    for (i = 0; i < cs->n; i++)
        lines[i] = cs->v[i].text;
    if (gcn_mc_assemble(peer, gen, lines, cs->n, r, why, sizeof(why)) != GCN_OK)
        fail_msg("%s", why);
    for (i = 0; i < cs->n; i++) {
        const kase *k = &cs->v[i];
        char detail[600];
        t->cases++;
        if (!r[i].ok) {
            /* a crash of the peer is a kind of its own, no refusal's entry explains it */
            snprintf(detail, sizeof(detail), "llvm-mc rejects it: %s", r[i].message);
            disagree(t, peer, gid, r[i].crashed ? "asm-crash" : "asm-rejects", k, detail);
        } else if (r[i].nbytes != k->ncbytes || memcmp(r[i].bytes, k->cbytes, k->ncbytes) != 0) {
            char hex[80] = "";
            size_t j;
            for (j = 0; j < r[i].nbytes && j < 16; j++) {
                size_t at = strlen(hex);
                snprintf(hex + at, sizeof(hex) - at, "%s0x%02x", j ? "," : "", r[i].bytes[j]);
            }
            snprintf(detail, sizeof(detail), "llvm-mc encodes %s", hex);
            disagree(t, peer, gid, "asm-bytes", k, detail);
        } else if (strcmp(r[i].text, k->text) != 0) {
            snprintf(detail, sizeof(detail), "llvm-mc prints '%s'", r[i].text);
            disagree(t, peer, gid, "asm-text", k, detail);
        } else {
            t->agree++;
        }
    }
    /* LLVM disassembles GCN 1.2 and 1.4 only */
    if (strcmp(gcn_gen_mcpu(gen), "tahiti") != 0 && strcmp(gcn_gen_mcpu(gen), "bonaire") != 0) {
        for (i = 0; i < cs->n; i++)
            lines[i] = cs->v[i].hex;
        if (gcn_mc_disassemble(peer, gen, lines, cs->n, r, why, sizeof(why)) != GCN_OK)
            fail_msg("%s", why);
        for (i = 0; i < cs->n; i++) {
            const kase *k = &cs->v[i];
            char detail[600];
            t->cases++;
            if (!r[i].ok) {
                snprintf(detail, sizeof(detail), "llvm-mc cannot disassemble it: %s", r[i].message);
                disagree(t, peer, gid, "dis-rejects", k, detail);
            } else if (strcmp(r[i].text, k->text) != 0) {
                snprintf(detail, sizeof(detail), "llvm-mc disassembles '%s'", r[i].text);
                disagree(t, peer, gid, "dis-text", k, detail);
            } else {
                t->agree++;
            }
        }
    }
    free(lines);
    free(r);
}

static void check_peer(const char *peer)
{
    int g;
    size_t i,
        nknown = (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(known.root, "known"));
    tally total = {0, 0, 0, 0, 0};
    used = calloc(nknown + 1, sizeof(*used));
    assert_non_null(used);
    for (g = 0; g < gcn_gen_count(); g++) {
        cases cs = {NULL, 0, 0};
        tally t = {0, 0, 0, 0, 0};
        gcn_enc_cases(g, collect, &cs);
        round_trips(&cs, &t);
        against(peer, g, &cs, &t);
        fprintf(stderr,
                "%s %s: %zu cases, %zu comparisons: %zu agree, %zu explained by "
                "llvm-mc-known.json, %zu by peer_lacks, %zu not\n",
                peer, gcn_gen_id(g), cs.n, t.cases, t.agree, t.explained, t.lacking, t.failed);
        total.cases += t.cases;
        total.agree += t.agree;
        total.explained += t.explained;
        total.lacking += t.lacking;
        total.failed += t.failed;
        free(cs.v);
    }
    /* an entry that explains nothing any more is stale: the codec or the peer changed */
    for (i = 0; i < nknown; i++) {
        const cJSON *e =
            cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(known.root, "known"), (int)i);
        const cJSON *pe = cJSON_GetObjectItemCaseSensitive(e, "peer");
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        if (cJSON_IsString(pe) && fnmatch(pe->valuestring, peer, 0) != 0)
            continue;
        fprintf(stderr, "%s: %s explains %zu disagreements\n", peer,
                cJSON_IsString(id) ? id->valuestring : "?", used[i]);
        if (!used[i]) {
            fprintf(stderr, "%s: known entry %s explains nothing: remove or correct it\n", peer,
                    cJSON_IsString(id) ? id->valuestring : "?");
            total.failed++;
        }
    }
    free(used);
    used = NULL;
    assert_true(total.cases > 0);
    assert_true(total.agree > total.cases / 2);
    assert_int_equal(total.failed, 0);
}

static void test_llvm_mc_14(void **state)
{
    (void)state;
    check_peer("llvm-mc-14");
}

static void test_llvm_mc_19(void **state)
{
    char *p = gcn_mc_find("llvm-mc-19");
    (void)state;
    if (!p)
        skip();
    free(p);
    check_peer("llvm-mc-19");
}

/*   test_codec_llvm_mc [14|19]: against that llvm-mc alone (the suite runs each as a test of
 *   its own: tests/peer/CMakeLists.txt), without an argument against both */
int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_llvm_mc_14),
                                       cmocka_unit_test(test_llvm_mc_19)};
    char *p, peer[32] = "llvm-mc-14", filter[32];
    int rc;
    if (argc == 2 && (strcmp(argv[1], "14") == 0 || strcmp(argv[1], "19") == 0)) {
        snprintf(peer, sizeof(peer), "llvm-mc-%s", argv[1]);
        snprintf(filter, sizeof(filter), "test_llvm_mc_%s", argv[1]);
        cmocka_set_test_filter(filter);
    } else if (argc != 1) {
        fprintf(stderr, "usage: test_codec_llvm_mc [14|19]\n");
        return 2;
    }
    p = gcn_mc_find(peer);
    if (!p) {
        fprintf(stderr, "%s is not installed: skipped\n", peer);
        return 77;
    }
    free(p);
    if (!peer_load(&known, "spec/peers/llvm-mc-known.json") || !peer_load(&spec, "spec/gcn.json"))
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
