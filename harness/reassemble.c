/* gfx6/gfx7, which no LLVM disassembles: the words a fuzzing corpus holds, decoded and printed
 * by gcnspec, are assembled by llvm-mc in batches (one process per generation and batch,
 * vectors/llvm_mc.h) and must give gcnspec's canonical bytes back. A disagreement must be
 * explained by spec/peers/llvm-known.json (peer llvm-mc-14 / llvm-mc-19) and not be an our-bug.
 *
 *   fuzz_reassemble [--peer llvm-mc-14] [--gen G]... [--kind bytes|text] [--known FILE]
 *                   [--verbose] PATH...
 *
 * PATH: corpus directories or files of the byte target (generation byte + bytes) or, with
 * --kind text, of the text target (generation byte + lines). Without --gen, the generations
 * LLVM's disassembler lacks (every one but those harness/llvm_input.h hands to LLVM-C).
 * Exit status: 0 all agree or are explained, 1 a disagreement is unexplained, 2 usage, 77 the
 * peer is not installed. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"
#include "llvm_input.h"
#include "tests/peer/llvm_disasm.h"
#include "vectors/llvm_mc.h"
#include "util/buf.h"

#define BATCH 20000
#define MAX_SHOWN 20
#define MAX_GENS 8

typedef struct word {
    uint8_t bytes[GCN_INST_MAX_BYTES]; /* canonical */
    size_t len;
    char text[FUZZ_TEXT_MAX];
} word;

typedef struct gen_words {
    word *v;
    size_t n, cap;
    size_t *slots; /* open addressing over v: index + 1, 0 empty */
    size_t nslots;
} gen_words;

static gen_words words[MAX_GENS];
static int wanted[MAX_GENS];
static const char *kind = "bytes";

static size_t hash_bytes(const uint8_t *b, size_t n)
{
    size_t h = 1469598103934665603ull, i;
    for (i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static size_t find_slot(const gen_words *g, const uint8_t *b, size_t n)
{
    size_t i = hash_bytes(b, n) & (g->nslots - 1);
    while (g->slots[i] &&
           (g->v[g->slots[i] - 1].len != n || memcmp(g->v[g->slots[i] - 1].bytes, b, n) != 0))
        i = (i + 1) & (g->nslots - 1);
    return i;
}

static void *grow(void *p, size_t n, size_t size)
{
    void *q = realloc(p, n * size);
    if (!q) {
        fprintf(stderr, "fuzz_reassemble: out of memory\n");
        exit(1);
    }
    return q;
}

/* One canonical word of gen, once (a corpus repeats words). */
static void add_word(int gen, const gcn_inst *in)
{
    gen_words *g = &words[gen];
    word w;
    size_t k;
    if (gcn_encode(in, w.bytes, sizeof(w.bytes), &w.len) != GCN_OK)
        return;
    if (2 * (g->n + 1) > g->nslots) {
        g->nslots = g->nslots ? 4 * g->nslots : 4096;
        free(g->slots);
        g->slots = calloc(g->nslots, sizeof(*g->slots));
        if (!g->slots) {
            fprintf(stderr, "fuzz_reassemble: out of memory\n");
            exit(1);
        }
        for (k = 0; k < g->n; k++)
            g->slots[find_slot(g, g->v[k].bytes, g->v[k].len)] = k + 1;
    }
    k = find_slot(g, w.bytes, w.len);
    if (g->slots[k])
        return;
    gcn_print(in, w.text, sizeof(w.text));
    if (g->n == g->cap)
        g->v = grow(g->v, g->cap = g->cap ? 2 * g->cap : 1024, sizeof(word));
    g->v[g->n++] = w;
    g->slots[k] = g->n;
}

static void add_input(const uint8_t *data, size_t size)
{
    gcn_inst in, d;
    int gen = fuzz_take_gen(&data, &size);
    if (gen < 0 || gen >= MAX_GENS || !wanted[gen])
        return;
    if (strcmp(kind, "bytes") == 0) {
        if (gcn_decode(gen, data, size, &in) == GCN_OK)
            add_word(gen, &in);
        return;
    }
    while (size) {
        char line[1024];
        size_t n = 0;
        gcn_diag diag;
        uint8_t b[GCN_INST_MAX_BYTES];
        size_t bn = 0;
        while (size && *data != '\n') {
            if (n < sizeof(line) - 1)
                line[n++] = (char)*data;
            data++;
            size--;
        }
        if (size) {
            data++;
            size--;
        }
        line[n] = 0;
        if (gcn_parse(gen, line, &in, &diag) == GCN_OK &&
            gcn_encode(&in, b, sizeof(b), &bn) == GCN_OK && gcn_decode(gen, b, bn, &d) == GCN_OK)
            add_word(gen, &d);
    }
}

static int add_path(const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: no such file or directory\n", path);
        return 0;
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *dir = opendir(path);
        struct dirent *e;
        if (!dir || depth > 8) {
            if (dir)
                closedir(dir);
            return dir != NULL;
        }
        while ((e = readdir(dir)) != NULL) {
            char sub[4096];
            if (e->d_name[0] == '.')
                continue;
            int len = snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
            if (len < 0 || (size_t)len >= sizeof(sub)) {
                fprintf(stderr, "%s/%s: path too long\n", path, e->d_name);
                closedir(dir);
                return 0;
            }
            if (!add_path(sub, depth + 1)) {
                closedir(dir);
                return 0;
            }
        }
        closedir(dir);
        return 1;
    }
    {
        FILE *f = fopen(path, "rb");
        uint8_t *buf = malloc(1u << 20);
        size_t n;
        if (!f || !buf) {
            fprintf(stderr, "%s: cannot read\n", path);
            if (f)
                fclose(f);
            free(buf);
            return 0;
        }
        n = fread(buf, 1, 1u << 20, f);
        fclose(f);
        add_input(buf, n);
        free(buf);
    }
    return 1;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: fuzz_reassemble [--peer llvm-mc-14] [--gen G]... [--kind bytes|text]\n"
               "                       [--known FILE] [--verbose] PATH...\n");
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {{"peer", required_argument, NULL, 'p'},
                                         {"gen", required_argument, NULL, 'g'},
                                         {"kind", required_argument, NULL, 'k'},
                                         {"known", required_argument, NULL, 'K'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *peer = "llvm-mc-14", *known_path = NULL;
    char *found;
    int c, g, any_gen = 0, verbose = 0, failed = 0;
    peer_known *known = NULL;
    gcn_diag diag;
    unsigned long total = 0, same = 0, explained = 0, unexplained = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:g:k:K:vh", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            peer = optarg;
            break;
        case 'g':
            g = gcn_gen_lookup(optarg);
            if (g < 0 || g >= MAX_GENS) {
                fprintf(stderr, "fuzz_reassemble: unknown generation '%s'\n", optarg);
                return 2;
            }
            wanted[g] = any_gen = 1;
            break;
        case 'k':
            if (strcmp(optarg, "bytes") != 0 && strcmp(optarg, "text") != 0) {
                fprintf(stderr, "fuzz_reassemble: --kind bytes or text, not '%s'\n", optarg);
                return 2;
            }
            kind = optarg;
            break;
        case 'K':
            known_path = optarg;
            break;
        case 'v':
            verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case ':':
            fprintf(stderr, "fuzz_reassemble: option '%s' needs a value\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "fuzz_reassemble: unknown option '%s'\n", argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        return 2;
    }
    if (!any_gen)
        for (g = 0; g < gcn_gen_count() && g < MAX_GENS; g++)
            wanted[g] = g != llvm_input_gen(0) && g != llvm_input_gen(1);
    found = gcn_mc_find(peer);
    if (!found) {
        fprintf(stderr, "fuzz_reassemble: %s is not installed: skipped\n", peer);
        return 77;
    }
    free(found);
    gcn_diag_clear(&diag);
    if (!known_path)
        known_path = GCN_SOURCE_DIR "/spec/peers/llvm-known.json";
    if (peer_known_load(&known, known_path, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    for (; optind < argc; optind++)
        if (!add_path(argv[optind], 0))
            return 1;

    for (g = 0; g < gcn_gen_count() && g < MAX_GENS; g++) {
        size_t at;
        unsigned long shown = 0, gsame = 0, gknown = 0, gbad = 0;
        for (at = 0; at < words[g].n; at += BATCH) {
            size_t n = words[g].n - at < BATCH ? words[g].n - at : BATCH, i;
            const char **lines = calloc(n, sizeof(*lines));
            gcn_mc_result *out = calloc(n, sizeof(*out));
            char why[512];
            if (!lines || !out) {
                fprintf(stderr, "fuzz_reassemble: out of memory\n");
                return 1;
            }
            for (i = 0; i < n; i++)
                lines[i] = words[g].v[at + i].text;
            if (gcn_mc_assemble(peer, g, lines, n, out, why, sizeof(why)) != GCN_OK) {
                fprintf(stderr, "fuzz_reassemble: %s\n", why);
                return 1;
            }
            for (i = 0; i < n; i++) {
                const word *w = &words[g].v[at + i];
                char ptext[300], hex[128];
                peer_view v;
                long k;
                gcn_inst in;
                if (out[i].ok && out[i].nbytes == w->len &&
                    memcmp(out[i].bytes, w->bytes, w->len) == 0) {
                    gsame++;
                    continue;
                }
                if (out[i].ok)
                    gcn_hex_bytes(out[i].bytes, out[i].nbytes, ptext, sizeof(ptext));
                else
                    snprintf(ptext, sizeof(ptext), "error: %s", out[i].message);
                gcn_decode(g, w->bytes, w->len, &in);
                v.peer = peer;
                v.gen = g;
                v.encoding = in.encoding;
                v.encoding_name = NULL;
                v.bytes = w->bytes;
                v.len = w->len;
                v.ours_ok = 1;
                v.ours_text = w->text;
                v.peer_ok = out[i].ok;
                v.peer_text = ptext;
                /* a crash of the peer is no refusal: no entry explains it */
                k = out[i].crashed ? -1 : peer_known_match(known, &v);
                if (k >= 0 && !peer_known_get(known, (size_t)k)->fails) {
                    gknown++;
                    if (verbose)
                        fprintf(stderr, "  known %s: %s -> %s\n",
                                peer_known_get(known, (size_t)k)->id, w->text, ptext);
                    continue;
                }
                gbad++;
                gcn_hex_bytes(w->bytes, w->len, hex, sizeof(hex));
                if (shown++ < MAX_SHOWN)
                    fprintf(stderr,
                            "%s target=reassemble kind=llvm-mc-disagrees subject=%s\n"
                            "  peer: %s\n  gen: %s (-mcpu=%s)\n  bytes: %s\n  gcnspec: %s\n"
                            "  %s: %s\n",
                            FUZZ_MARK, gcn_inst_mnemonic(&in), peer, gcn_gen_id(g), gcn_gen_mcpu(g),
                            hex, w->text, peer, ptext);
            }
            free(lines);
            free(out);
        }
        if (words[g].n)
            printf("%s: %zu words: %lu assemble to the same bytes, %lu known disagreements, "
                   "%lu unexplained\n",
                   gcn_gen_id(g), words[g].n, gsame, gknown, gbad);
        total += words[g].n;
        same += gsame;
        explained += gknown;
        unexplained += gbad;
        failed |= gbad != 0;
        free(words[g].v);
        free(words[g].slots);
    }
    printf("fuzz_reassemble (%s): %lu words, %lu same, %lu known, %lu unexplained\n", peer, total,
           same, explained, unexplained);
    peer_known_free(known);
    return failed ? 1 : 0;
}
