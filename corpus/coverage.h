/* What a corpus reaches: every decoded instruction is cut into coverage elements, one per
 * operand and modifier field it uses, (instruction, generation, field, operand class):
 * ("ds_write2_b32", gcn1.2, "OFFSET0", "mod-max"), ("s_mov_b32", gcn1.0, "SSRC0",
 * "inline-float"). The universe is what the spec's encoding cases (vectors/enc_cases.h) reach;
 * a corpus generated from them reaches all of it, a fuzzed corpus may reach more (classes the
 * cases do not make are counted too, outside the universe).
 *
 * Classes, from the codec tables: a register operand's scalar class (sgpr, ttmp, special,
 * inline-int, inline-float, literal, cond; literal-inline-value when the literal holds an
 * inline constant's value), vgpr-first / vgpr-last / vgpr, sbase-<class>, smem-imm-zero /
 * -max / -min / -negative / smem-imm, smem-sgpr, smem-soe, smrd-imm-zero / -max / smrd-imm,
 * smrd-sgpr, smrd-literal, imm-zero / imm-max / imm, and for modifiers flag-set / flag-clear,
 * mod-zero / mod-one / mod-max / mod, and swizzle-<the form the printer chose>. */
#ifndef GCN_CORPUS_COVERAGE_H
#define GCN_CORPUS_COVERAGE_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"
#include "gcnspec/diag.h"
#include "gcnspec/status.h"

#define COV_CLASS_MAX 40

typedef struct cov_element {
    uint16_t insn;
    uint8_t gen;
    uint8_t slot; /* the field (slot of the encoding) */
    char cls[COV_CLASS_MAX];
} cov_element;

/* The elements of one decoded instruction; returns their number (at most max). */
size_t cov_classify(const gcn_inst *in, cov_element *out, size_t max);

/* A set of elements, each with the number of corpus inputs that reach it. */
typedef struct cov_set cov_set;

cov_set *cov_set_new(void);
void cov_set_free(cov_set *s);
/* Adds an element; returns 1 when it was new. */
int cov_set_add(cov_set *s, const cov_element *e);
int cov_set_has(const cov_set *s, const cov_element *e);
size_t cov_set_count(const cov_set *s);
const cov_element *cov_set_get(const cov_set *s, size_t i);

/* The universe: every element of every encoding case of every generation, and the
 * (instruction, generation) pairs. */
cov_set *cov_universe(void);

/* The instructions of a corpus of one kind: "bytes" (generation byte + bytes, the first
 * instruction), "llvm" (harness/llvm_input.h) or "text" (generation byte + lines). Adds what
 * each file reaches to `reached`; counts files and the files that decode or parse. */
typedef struct cov_corpus_stats {
    size_t files, instructions, refused;
} cov_corpus_stats;
gcn_status cov_add_corpus(cov_set *reached, const char *kind, const char *dir,
                          cov_corpus_stats *stats, gcn_diag *diag);
/* Adds what one input reaches. */
void cov_add_input(cov_set *reached, const char *kind, const uint8_t *data, size_t size,
                   cov_corpus_stats *stats);

/* reports/coverage.md: per encoding and generation, instructions and elements reached against
 * the universe, per class, and every element a corpus misses. corpora[i] is reached by the
 * corpus named names[i] (kind kinds[i], with stats[i]). Returns the Markdown (caller frees). */
char *cov_report(const cov_set *universe, const cov_set *const *reached, const char *const *names,
                 const char *const *kinds, const cov_corpus_stats *stats, size_t ncorpora);
/* The number of universe elements a corpus misses (0: it reaches all); _gens: only those of
 * the generations in the bit set. */
size_t cov_missing(const cov_set *universe, const cov_set *reached);
size_t cov_missing_gens(const cov_set *universe, const cov_set *reached, unsigned gens);
/* The generations a corpus of this kind can hold (bit set): llvm: those LLVM disassembles. */
unsigned cov_kind_gens(const char *kind);
/* Can an input of this kind reach the element at all? (llvm: on its generations; text: not a
 * literal holding an inline constant's value, which no text names.) */
int cov_kind_reaches(const char *kind, const cov_element *e);
/* Missing elements among those the kind can reach (kind NULL: all) on the generations. */
size_t cov_missing_kind(const cov_set *universe, const cov_set *reached, unsigned gens,
                        const char *kind);

#endif
