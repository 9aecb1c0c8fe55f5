/* Encoding cases generated from the codec tables (and so from the spec): for every instruction
 * on a generation, a base form, then every operand and modifier run through its class — every
 * register or special the field can name, the ends of register ranges, tuples, every inline
 * constant, literals, offset boundaries, every modifier. Used by the differential tests against
 * llvm-mc and by the conformance vectors. */
#ifndef GCN_VECTORS_ENC_CASES_H
#define GCN_VECTORS_ENC_CASES_H

#include "gcnspec/codec.h"

typedef struct gcn_enc_case {
    gcn_inst inst;
    const char *what; /* the operand class this case exercises ("base", "vgpr-end", ...) */
    const char *slot; /* the field it varies (NULL for the base form) */
    /* The encoding an assembler produces from the text: printing and parsing it gives the
     * same bytes. The others are deliberate: a literal holding an inline constant's value,
     * swizzle bits no form names. Their text parses to a different (canonical) encoding. */
    int canonical;
} gcn_enc_case;

/* Calls fn for each case of generation gen; stops when fn returns nonzero. Returns the number
 * of cases produced. */
size_t gcn_enc_cases(int gen, int (*fn)(const gcn_enc_case *c, void *ctx), void *ctx);

#endif
