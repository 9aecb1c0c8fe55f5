/* The conformance checker: runs implementations over a vector directory (or file), batched (one
 * process per vector file, mode and generation, several at once), compares every answer with
 * the vector, and classifies each mismatch:
 *
 *   pass         the answer is the vector's
 *   peer-lacks   the spec says the peer lacks the instruction (spec/gcn.json peer_lacks, from
 *                spec/errata.json)
 *   known        a known entry explains it (the --known files)
 *   not-claimed  the implementation does not claim the vector's tag (--claim), or the mode on
 *                the generation (llvm-mc does not disassemble gfx6/gfx7; exit 77 of a cmd)
 *   unexplained  none of those: a failure
 *
 * Kinds of mismatch: asm-rejects, asm-bytes, asm-text (llvm-mc prints its text back),
 * asm-accepts (a must-reject text assembled), dis-rejects, dis-text, dis-accepts. Results are
 * kept per implementation x encoding x generation x instruction; the report writers
 * (check_report.c) turn them into Markdown, JSON and JUnit XML. */
#ifndef GCN_VECTORS_CHECK_H
#define GCN_VECTORS_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "codec/tables.h"
#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "vectors/adapter.h"
#include "vectors/known.h"
#include "vectors/vector.h"

#define GCN_CHECK_MAX_IMPLS 8
#define GCN_CHECK_MAX_ENCS 32
#define GCN_CHECK_EXAMPLES 2000 /* unexplained mismatches kept for the reports */

typedef enum gcn_outcome {
    GCN_OUT_PASS,
    GCN_OUT_PEER_LACKS,
    GCN_OUT_KNOWN,
    GCN_OUT_NOT_CLAIMED,
    GCN_OUT_UNEXPLAINED,
    GCN_OUT_COUNT
} gcn_outcome;

typedef struct gcn_tally {
    size_t n[GCN_OUT_COUNT];
    size_t checks;
    size_t our_bug; /* explained by an our-bug entry: still a failure */
} gcn_tally;

/* One mismatch as the reports show it. */
typedef struct gcn_mismatch {
    char file[160];
    unsigned line;
    char id[64];
    char kind[16];
    char tag[16];
    char cls[48];
    char input[300];
    char expected[300];
    char got[300];
    int gen, encoding, insn;
} gcn_mismatch;

typedef struct gcn_class_tally {  /* per known entry, or per peer_lacks erratum */
    char key[96];                 /* "llvm-mc-known.json K01", "peer_lacks E041" */
    const gcn_known_entry *entry; /* NULL for peer_lacks */
    size_t count[GCN_MAX_GENS];
    size_t total;
    gcn_mismatch example;
} gcn_class_tally;

typedef struct gcn_insn_tally {
    gcn_tally t;
    size_t errors;            /* vectors left without an answer: the tool hung or died */
    uint64_t explained_by[4]; /* bits: class_tally indexes (first 256) */
} gcn_insn_tally;

typedef struct gcn_impl_result {
    char impl[512], peer[64], version[160];
    int opened;
    char open_error[256];
    gcn_tally total;
    gcn_tally by[GCN_MAX_GENS][GCN_CHECK_MAX_ENCS][GCN_MODE_COUNT];
    gcn_tally by_tag[GCN_VTAG_COUNT][GCN_MODE_COUNT];
    gcn_insn_tally *insn; /* [(gen * nencs + enc) * (ninsns + 1) + insn]; ninsns: no instruction */
    char not_claimed[GCN_MAX_GENS][GCN_MODE_COUNT][160]; /* why a mode is not claimed */
    gcn_class_tally *classes;
    size_t nclasses, capclasses;
    gcn_mismatch *unexplained;
    size_t nunexplained, unexplained_total;
    size_t adapter_errors, bad_vectors, skipped_vectors, vectors;
    double seconds;      /* the check, wall time */
    double bare_seconds; /* the tool alone on the same assembly inputs, one process at a time */
    size_t bare_lines;
    int bare_ran;
    double bare_all_seconds; /* the tool alone on every input of the check, one at a time */
    size_t jobs;
    /* semantic vectors (DIR/semantic, sem_check.c): known = the implementation gave the result
     * of the documents' pseudocode as written where an erratum corrects it */
    gcn_tally sem;
    gcn_tally sem_by[GCN_MAX_GENS][GCN_CHECK_MAX_ENCS];
    char sem_not_claimed[200];
    size_t sem_files, sem_vectors, sem_adapter_errors;
    double sem_seconds;
    double by_seconds[GCN_MAX_GENS][GCN_CHECK_MAX_ENCS]; /* the batches' wall time (JUnit) */
} gcn_impl_result;

typedef struct gcn_check_options {
    const char *dir;
    const char *impls[GCN_CHECK_MAX_IMPLS];
    size_t nimpls;
    unsigned gens, encs; /* bit sets; 0: all */
    unsigned claim;      /* tags claimed (bit per gcn_vtag); 0: all */
    unsigned modes;      /* bit per gcn_check_mode; 0: both */
    const gcn_known *known;
    const char *const *known_paths;
    size_t nknown;
    unsigned jobs;               /* processes at once (>= 1) */
    double timeout_base_s;       /* per batch ... */
    double timeout_per_vector_s; /* ... plus this per vector */
    int time_bare;               /* also time the tool alone on the same inputs */
    FILE *log;                   /* file:line messages (bad vectors, adapter failures); stderr */
} gcn_check_options;

typedef struct gcn_check_result {
    gcn_check_options opt;
    char dir[512];
    char spec_sha256[65], seed[32];
    size_t files;
    gcn_impl_result impl[GCN_CHECK_MAX_IMPLS];
    size_t nimpls;
} gcn_check_result;

/* Runs the check. GCN_OK when it ran (the result says what passed); an error with diag when it
 * could not start (no vector files, an unreadable directory). */
gcn_status gcn_check_run(const gcn_check_options *opt, gcn_check_result **out, gcn_diag *diag);
void gcn_check_free(gcn_check_result *r);
/* Failures: unexplained mismatches, our-bug ones, adapter errors, bad vectors, implementations
 * that could not be opened. */
size_t gcn_check_failures(const gcn_check_result *r);

/* sem_check.c: the semantic vectors under dir/semantic (if any) for the implementation: in
 * process for gcnspec-oracle, GCNSPEC_MODE=exec for a cmd: (docs/vectors.md), not claimed by
 * llvm-mc. Mismatches go to ir->unexplained; bad lines and adapter failures are logged as
 * file:line: message and counted. */
void gcn_sem_check(const gcn_check_options *opt, gcn_impl_result *ir, gcn_adapter *a);

/* check_report.c */
void gcn_check_print_summary(const gcn_check_result *r, FILE *f);
gcn_status gcn_check_write_md(const gcn_check_result *r, const char *path, gcn_diag *diag);
gcn_status gcn_check_write_json(const gcn_check_result *r, const char *path, gcn_diag *diag);
gcn_status gcn_check_write_junit(const gcn_check_result *r, const char *path, gcn_diag *diag);
/* The wall times (the Markdown and JSON reports hold none: they are committed). */
gcn_status gcn_check_write_timing(const gcn_check_result *r, const char *path, gcn_diag *diag);

const char *gcn_outcome_name(int o);

#endif
