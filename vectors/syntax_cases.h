/* Syntax cases: the canonical text of the encoding cases (vectors/enc_cases) written in every
 * other way LLVM's assembler syntax allows, and in ways it refuses. For every instruction of a
 * generation, each operand and modifier token is rewritten by its kind: registers (v[n], [sN],
 * s[a : b], [sa,sb], lists of named halves, index expressions, aliases), numbers (every radix,
 * 64-bit two's complement, suffixes, character literals, expressions, the operand's range ends),
 * floats (exponents, hex floats, their bits), modifiers (blanks around ':', values in every
 * form, order, repeats), the swizzle macro; and each line by its separators (no commas, commas
 * after operands and modifiers, tabs, comments, missing and extra operands).
 *
 * Each case says what it must assemble to, from LLVM's syntax references (AMDGPUOperandSyntax,
 * AMDGPUModifierSyntax, AMDGPUInstructionSyntax) and the spec's operand ranges, computed here
 * from the spec's tables and not by the codec's parser: the bytes of the instruction it stands
 * for, or a refusal. Forms gcnspec takes beyond LLVM's syntax (upper case, modifiers in any
 * order: the documents' spelling) are marked ext. tests/peer/test_syntax_llvm_mc runs them
 * through gcnspec and llvm-mc 14 and 19. */
#ifndef GCN_VECTORS_SYNTAX_CASES_H
#define GCN_VECTORS_SYNTAX_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"

#define GCN_SYNTAX_TEXT_MAX 512 /* gcn_parse takes lines of up to 512 characters */

typedef struct gcn_syntax_case {
    int gen;
    char text[GCN_SYNTAX_TEXT_MAX];
    const char *form; /* the rewrite ("num-hex", "reg-list", "sep-no-comma", ...) */
    const char *kind; /* what it rewrites: an operand kind ("ssrc"), "mod-<format>", "line" */
    const char *slot; /* the operand's or modifier's field, NULL for the line */
    const char *mnemonic;
    const char *source16; /* its 16-bit sources' format: "f16", "i16", "-" (none) */
    /* the canonical text it rewrites (valid during the callback): an encoding case of
     * vectors/enc_cases, or one made here with every modifier set, itself a case ("mod-all") */
    const char *base;
    int accept; /* 1: assembles to bytes; 0: refused */
    uint8_t bytes[GCN_INST_MAX_BYTES];
    size_t nbytes;
    int ext; /* a form gcnspec takes that LLVM's syntax does not (upper case, modifier order) */
} gcn_syntax_case;

/* Calls fn for each case of generation gen; stops when fn returns nonzero. Returns the number
 * of cases; *model_errors (may be NULL) counts bases whose canonical text the expectation
 * model does not read back as the base (a defect of this generator, which a test must fail
 * on). */
size_t gcn_syntax_cases(int gen, int (*fn)(const gcn_syntax_case *c, void *ctx), void *ctx,
                        size_t *model_errors);

#endif
