/* Semantic vectors: an initial state, one instruction (the base form of vectors/enc_cases: low
 * registers, offsets 0 or 4), and the final state the oracle computes with the corrected
 * semantics; where the documents' pseudocode as written gives another result (or does not
 * execute), that is recorded beside it, marked as such. Per instruction x generation a fixed
 * number of vectors: boundary values (0, 1, the signed and unsigned ends, bit patterns) and
 * random ones, with full, alternating and random EXEC masks.
 *
 * Lanes of a DS instruction address disjoint bytes (ADDR = base + 16 x lane, an access is at
 * most 16 bytes), so no two lanes of an atomic meet at one address and the final state does
 * not depend on the order the lanes run in. The generator checks it: every DS vector runs
 * again with the lanes in descending order and in a random order, and a vector whose final
 * states differ is dropped (counted), never written. One more DS vector per instruction has
 * three active lanes on one address: it runs in all 6 orders and, when they end differently,
 * is written with tag "outcome-set" and every distinct final state ("outcomes").
 *
 * DIR/semantic/<encoding>-<gen>.jsonl, one vector a line, and DIR/semantic/index.json; the
 * schema is in docs/vectors.md. Deterministic: the same spec and seed give the same bytes. */
#ifndef GCN_VECTORS_SEM_VECTORS_H
#define GCN_VECTORS_SEM_VECTORS_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "vectors/spec_info.h"

#define GCN_SEM_VECTORS_SCHEMA "gcnspec-semantic-vectors/1"
#define GCN_SEM_PER_INSN 6 /* vectors per instruction x generation */

typedef struct gcn_sem_vector_stats {
    size_t emitted, as_written_differs, as_written_fails;
    size_t outcome_sets;   /* same-address DS vectors with more than one allowed outcome */
    size_t no_semantics;   /* instruction x generation: the corrected variant does not execute */
    size_t dropped_order;  /* final state depends on the lane order */
    size_t dropped_failed; /* the oracle refused the vector's state (counted, with why) */
    char first_failure[256];
} gcn_sem_vector_stats;

/* Writes the semantic vectors of the generations in gens and encodings in encs (bit sets). */
gcn_status gcn_sem_vectors_write(const char *dir, const gcn_spec_info *spec, unsigned gens,
                                 unsigned encs, uint64_t seed, gcn_sem_vector_stats *stats,
                                 gcn_diag *diag);

/* ---- shared with the checker ---- */

/* The state `over` (a state file object, full or only what changed) applied to `base` (a
 * state file object): a new object holding base's entries with over's replacing them (keys of
 * over come after base's, so the loader writes them last). NULL when out of memory. */
struct cJSON;
struct cJSON *gcn_sem_state_merge(const struct cJSON *base, const struct cJSON *over);

#endif
