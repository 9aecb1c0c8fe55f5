/* GCN DS atomics against vISA DWORD_ATOMIC: each DS atomic whose vISA counterpart claims the
 * same operation (spec/curated/atomics_pairs.json says how they pair) runs on the same inputs
 * in both oracles, boundary values and random ones; where they differ, the smallest input and
 * why. reports/atomics-gcn-vs-visa.md for people, .json for machines (and the test that
 * re-runs its claims). */
#ifndef GCN_REPORTS_ATOMICS_H
#define GCN_REPORTS_ATOMICS_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

typedef struct gcn_atomic_io {
    uint32_t old, src0, src1;    /* memory before, the first and second data operand */
    uint32_t gcn_mem, gcn_ret;   /* DS: memory after, VDST (when it has one) */
    uint32_t visa_mem, visa_dst; /* vISA: surface after, dst */
} gcn_atomic_io;

typedef struct gcn_atomic_pair {
    char ds[48], visa[16];
    char text[128]; /* the DS instruction as run: "ds_add_rtn_u32 v4, v1, v2" */
    int insn;       /* codec row */
    unsigned op;    /* vISA operation */
    int has_dst;    /* the DS form returns (VDST) */
    int has_src1;   /* the DS form takes VDATA1 */
    int corrected;  /* the DS semantics run as corrected (an erratum applies) */
    char gens[64];  /* generations run, space-separated */
    int gens_agree; /* every generation gave the same results */
    uint64_t tried, differing;
    int found; /* a differing input: */
    gcn_atomic_io smallest;
    char ds_code[512], ds_at[96], visa_formula[96], visa_at[96];
    char why[512]; /* curated explanation, "" when none */
} gcn_atomic_pair;

typedef struct gcn_atomics_result {
    gcn_atomic_pair *pairs;
    size_t n;
    uint64_t random_inputs, boundary_values;
    uint64_t seed;
} gcn_atomics_result;

/* Pairs and runs. spec_path: spec/gcn.json (the oracle must have been built from it);
 * pairs_path: spec/curated/atomics_pairs.json. random: random inputs on top of every triple of
 * boundary values. */
gcn_status gcn_atomics_compare(const char *spec_path, const char *pairs_path, uint64_t random,
                               uint64_t seed, gcn_atomics_result *out, gcn_diag *diag);
void gcn_atomics_result_free(gcn_atomics_result *r);

/* One input on both sides (the report's claims re-run): fills io's outputs. */
gcn_status gcn_atomics_run_one(const gcn_atomic_pair *p, int gen, gcn_atomic_io *io,
                               gcn_diag *diag);

/* atomics-gcn-vs-visa.md and .json into dir (temp file + rename each). */
gcn_status gcn_atomics_reports(const char *dir, const gcn_atomics_result *r, gcn_diag *diag);

#endif
