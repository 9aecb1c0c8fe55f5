#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec/codec_internal.h"
#include "commands.h"
#include "gcnspec/codec.h"
#include "util/json.h"
#include "vectors/enc_vectors.h"
#include "vectors/known.h"
#include "vectors/manifest.h"
#include "vectors/sem_vectors.h"
#include "vectors/spec_info.h"
#include "vectors/vec_out.h"

#define DEFAULT_SEED 0x67636e73706563ull /* "gcnspec" */
#define MAX_KNOWN 16

static const char *const default_known[] = {"spec/peers/llvm-mc-known.json",
                                            "spec/peers/llvm-known.json",
                                            "vectors/llvm-mc-vectors-known.json", NULL};

/* The semantic vectors, made on a thread of their own while the encoding vectors are made. */
typedef struct sem_job {
    const char *out;
    const gcn_spec_info *spec;
    unsigned gens, encs;
    uint64_t seed;
    gcn_sem_vector_stats stats;
    gcn_diag diag;
    gcn_status st;
} sem_job;

static void *sem_job_run(void *arg)
{
    sem_job *j = arg;
    j->st = gcn_sem_vectors_write(j->out, j->spec, j->gens, j->encs, j->seed, &j->stats, &j->diag);
    return NULL;
}

static void help(void)
{
    printf(
        "usage: gcnspec vectors --out DIR [OPTIONS]\n\n"
        "Writes the conformance vectors generated from the spec: every instruction x\n"
        "generation x operand class and boundary as asm text and bytes, tagged exact,\n"
        "canonicalizes, alias or must-reject (with the error class expected), as JSON Lines\n"
        "(DIR/jsonl/<encoding>-<gen>.jsonl, schema in docs/vectors.md) and as LLVM lit files\n"
        "(DIR/lit/MC/AMDGPU, DIR/lit/MC/Disassembler/AMDGPU), with DIR/index.json, and last\n"
        "DIR/MANIFEST.json: every file's sha256, lines and bytes, the spec's sha256 and the\n"
        "seed ('gcnspec check' refuses a directory whose files are not those of one run).\n"
        "The same spec and seed give byte-identical files.\n\n"
        "  -o, --out DIR          the vector directory (created; files of an earlier run\n"
        "                         that this one does not write are removed)\n"
        "  -g, --gen G            only these generations (repeatable, or G1,G2)\n"
        "  -e, --encoding E       only these encodings (repeatable; 'gcnspec help' lists\n"
        "                         the ones this build models)\n"
        "      --seed N           the seed of the random vectors (default 0x%llx)\n"
        "      --spec FILE        the spec gcnspec was built from (default spec/gcn.json):\n"
        "                         each vector's provenance\n"
        "      --known FILE       known peer disagreements the lit files leave out\n"
        "                         (repeatable; default spec/peers/llvm-mc-known.json,\n"
        "                         spec/peers/llvm-known.json, vectors/llvm-mc-vectors-known.json)\n"
        "                         (the defaults are in the data directory: 'gcnspec help')\n"
        "      --no-lit           JSON Lines only\n"
        "      --no-semantic      no semantic vectors (DIR/semantic: initial state,\n"
        "                         instruction, final state from the oracle)\n"
        "      --lit-no-disasm L  mcpus LLVM does not disassemble: no disassembler lit file\n"
        "                         for them (default tahiti,bonaire)\n"
        "  -q, --quiet            no summary\n"
        "  -h, --help             this text\n",
        (unsigned long long)DEFAULT_SEED);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int cmd_vectors(int argc, char **argv)
{
    static const struct option opts[] = {{"out", required_argument, NULL, 'o'},
                                         {"gen", required_argument, NULL, 'g'},
                                         {"encoding", required_argument, NULL, 'e'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"spec", required_argument, NULL, 's'},
                                         {"known", required_argument, NULL, 'k'},
                                         {"no-lit", no_argument, NULL, 'L'},
                                         {"no-semantic", no_argument, NULL, 'N'},
                                         {"lit-no-disasm", required_argument, NULL, 'D'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const gcn_tables *t = gcn_codec_tables();
    const char *out = NULL, *spec_path = NULL, *known_paths[MAX_KNOWN + 1];
    const char *no_disasm = "tahiti,bonaire";
    size_t nknown = 0, k;
    unsigned gens = 0, encs = 0;
    uint64_t seed = DEFAULT_SEED;
    int c, lit = 1, semantic = 1, quiet = 0, g, rc = 0;
    sem_job sem;
    pthread_t sem_thread;
    int sem_started;
    gcn_spec_info *spec = NULL;
    gcn_known *known = NULL;
    gcn_enc_vectors *ev = NULL;
    gcn_vec_out *vo = NULL;
    gcn_vec_out_options vopt;
    gcn_diag diag;
    gcn_status st;
    size_t total = 0, dropped[3] = {0, 0, 0};
    double t0 = now_s();
    optind = 1;
    opterr = 0;
    gcn_diag_clear(&diag);
    while ((c = getopt_long(argc, argv, ":o:g:e:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o':
            out = optarg;
            break;
        case 'g':
            if (!cli_add_names("vectors", optarg, &gens, gcn_gen_lookup, "generation"))
                return 2;
            break;
        case 'e':
            if (!cli_add_names("vectors", optarg, &encs, cli_encoding_lookup, "encoding"))
                return 2;
            break;
        case 'S':
            if (!gcn_parse_u64(optarg, &seed))
                return cli_usage_error("vectors", "--seed: not a number: '%s'", optarg);
            break;
        case 's':
            spec_path = optarg;
            break;
        case 'k':
            if (nknown == MAX_KNOWN)
                return cli_usage_error("vectors", "at most %d --known files", MAX_KNOWN);
            known_paths[nknown++] = optarg;
            break;
        case 'L':
            lit = 0;
            break;
        case 'N':
            semantic = 0;
            break;
        case 'D':
            no_disasm = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("vectors", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("vectors", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("vectors", "unexpected argument '%s'", argv[optind]);
    if (!out)
        return cli_usage_error("vectors", "--out DIR is required");
    if (!gens)
        gens = (1u << t->ngens) - 1;
    if (!encs)
        encs = (1u << t->nencodings) - 1;
    if (!nknown)
        for (k = 0; default_known[k]; k++)
            if (!(known_paths[nknown++] = cli_data_path(default_known[k])))
                return 1;
    if (!spec_path && !(spec_path = cli_data_path("spec/gcn.json")))
        return 1;

    st = gcn_spec_info_load(&spec, spec_path, &diag);
    if (st == GCN_OK && lit) {
        known = gcn_known_new();
        if (!known)
            st = GCN_ERR_NOMEM;
        for (k = 0; k < nknown && st == GCN_OK; k++)
            st = gcn_known_load(known, known_paths[k], &diag);
    }
    if (st == GCN_OK && (st = gcn_enc_vectors_open(&ev)) != GCN_OK)
        gcn_diag_set(&diag, out, 0, 0, "out of memory");
    if (st == GCN_OK) {
        memset(&vopt, 0, sizeof(vopt));
        vopt.dir = out;
        vopt.spec = spec;
        vopt.known = known;
        vopt.seed = seed;
        vopt.lit = lit;
        vopt.lit_no_disasm = no_disasm;
        st = gcn_vec_out_open(&vo, &vopt, &diag);
    }
    memset(&sem, 0, sizeof(sem));
    sem.out = out;
    sem.spec = spec;
    sem.gens = gens;
    sem.encs = encs;
    sem.seed = seed;
    gcn_diag_clear(&sem.diag);
    sem_started =
        st == GCN_OK && semantic && pthread_create(&sem_thread, NULL, sem_job_run, &sem) == 0;
    for (g = 0; g < (int)t->ngens && st == GCN_OK; g++) {
        gcn_enc_vector_stats stats;
        if (!((gens >> g) & 1))
            continue;
        st = gcn_enc_vectors_run(ev, g, encs, seed, gcn_vec_out_emit, vo, &stats);
        if (st != GCN_OK)
            gcn_diag_set(&diag, out, 0, 0, "out of memory writing the vectors of %s",
                         gcn_gen_id(g));
        else
            st = gcn_vec_out_flush(vo, g, &diag);
        total += stats.emitted;
        dropped[0] += stats.dropped_lossy;
        dropped[1] += stats.dropped_accepted;
        dropped[2] += stats.dropped_other;
    }
    if (vo && st == GCN_OK)
        st = gcn_vec_out_wait(vo, &diag);
    if (vo && !quiet && st == GCN_OK)
        fputs(gcn_vec_out_summary(vo), stdout);
    if (vo) {
        gcn_status cst = gcn_vec_out_close(vo, st == GCN_OK, &diag);
        if (st == GCN_OK)
            st = cst;
    }
    if (sem_started)
        pthread_join(sem_thread, NULL);
    else if (st == GCN_OK && semantic) /* no thread to be had: here, after the others */
        sem_job_run(&sem);
    if (st == GCN_OK && semantic && (st = sem.st) != GCN_OK)
        diag = sem.diag;
    if (st == GCN_OK) { /* last: a run that stops before this leaves the old one to refuse */
        const char *ids[32];
        size_t n = 0;
        for (g = 0; g < (int)t->ngens && n < 32; g++)
            if ((gens >> g) & 1)
                ids[n++] = gcn_gen_id(g);
        st = gcn_vec_manifest_write(out, gcn_spec_info_sha256(spec), seed, ids, n, &diag);
    }
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        rc = 1;
    } else if (!quiet) {
        if (semantic)
            printf("semantic: %zu vectors in %s/semantic (%zu with an as-written result that "
                   "differs, %zu whose as-written pseudocode does not execute); %zu instruction x "
                   "generation without executable semantics; dropped: %zu lane-order dependent, "
                   "%zu the oracle refused%s%s%s\n",
                   sem.stats.emitted, out, sem.stats.as_written_differs, sem.stats.as_written_fails,
                   sem.stats.no_semantics, sem.stats.dropped_order, sem.stats.dropped_failed,
                   sem.stats.first_failure[0] ? " (first: " : "", sem.stats.first_failure,
                   sem.stats.first_failure[0] ? ")" : "");
        printf("%zu vectors in %s (%.2f s); candidates dropped: %zu lossy swizzle texts, %zu "
               "must-reject texts or bytes the codec accepts, %zu other\n",
               total, out, now_s() - t0, dropped[0], dropped[1], dropped[2]);
    }
    gcn_enc_vectors_close(ev);
    gcn_known_free(known);
    gcn_spec_info_free(spec);
    return rc;
}
