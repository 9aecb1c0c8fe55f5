/* The encoding vectors of one generation, generated from the codec tables (and so from the
 * spec): every case of vectors/enc_cases as text and bytes, tagged by what the codec does with
 * it, plus vectors made on purpose from the layouts — non-canonical bytes (bits the instruction
 * does not use, literals holding inline values), alias texts and bytes (hexadecimal inline
 * constants, numeric and lossy-looking swizzles), random valid instances drawn from a seed, and
 * must-reject text and bytes (a mnemonic, modifier, form or register the generation lacks,
 * operands out of range, misaligned tuples, reserved operand codes, undefined opcodes, truncated
 * words, a required modifier left out).
 *
 * Each vector is checked against the codec before it is emitted: an exact vector round-trips,
 * a canonicalizes or alias vector maps as its tag says, a must-reject vector is refused (its
 * status and message are the codec's). Candidates that do not behave so are counted, never
 * emitted. The order is fixed (instruction rows in table order, then undefined opcodes), so the
 * same spec and seed give the same vectors. */
#ifndef GCN_VECTORS_ENC_VECTORS_H
#define GCN_VECTORS_ENC_VECTORS_H

#include <stdint.h>

#include "gcnspec/status.h"
#include "vectors/vector.h"

typedef struct gcn_enc_vectors gcn_enc_vectors;

/* Candidates the generator dropped, by reason (the codec did not behave as the class needs). */
typedef struct gcn_enc_vector_stats {
    size_t emitted;
    size_t dropped_lossy;    /* a swizzle offset whose text names other lanes */
    size_t dropped_accepted; /* a must-reject candidate the codec accepts */
    size_t dropped_other;    /* a candidate text that could not be built or did not round-trip */
} gcn_enc_vector_stats;

/* Collects the cases of every generation (the cross-generation must-reject vectors need them). */
gcn_status gcn_enc_vectors_open(gcn_enc_vectors **out);
void gcn_enc_vectors_close(gcn_enc_vectors *g);

/* Calls emit for each vector of gen whose encoding is in enc_mask (bit per encoding index);
 * stops early when emit returns nonzero (returns GCN_ERR_IO then). */
gcn_status gcn_enc_vectors_run(gcn_enc_vectors *g, int gen, unsigned enc_mask, uint64_t seed,
                               int (*emit)(const gcn_vector *v, void *ctx), void *ctx,
                               gcn_enc_vector_stats *stats);

#endif
