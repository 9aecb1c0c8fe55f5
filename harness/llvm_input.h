/* The input of the LLVM targets (fuzz_llvmNN_diff, fuzz_llvmNN_only): [control byte][word and
 * literal bytes]. Bit 0 of the control byte picks the generation among those LLVM
 * disassembles, the rest picks one of our encodings present there; the bytes that follow are
 * the encoding's word and four literal bytes (zero-padded when short), with the encoding's fixed
 * bits forced from the codec tables. LLVM 14 and 19 crash on some words of encodings outside
 * ours (VOP SDWA with a SEL of 7): fuzz_llvmNN_diff runs LLVM in a child process and reports
 * such a crash as LLVM's, fuzz_llvmNN_only still runs it in-process, so no other word reaches
 * them yet. */
#ifndef GCN_HARNESS_LLVM_INPUT_H
#define GCN_HARNESS_LLVM_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"

#define LLVM_INPUT_GENS 2
#define LLVM_INPUT_MAX (GCN_INST_MAX_BYTES + 4)

/* The generations LLVM's disassembler decodes (gfx8, gfx9), looked up once; the LLVM-C
 * disassembler aborts the process on the others ("Disassembly not yet supported"). */
int llvm_input_gen(unsigned k);

typedef struct llvm_word {
    int gen;      /* generation index */
    unsigned k;   /* which of the LLVM generations (0, 1) */
    unsigned enc; /* encoding index */
    uint8_t bytes[LLVM_INPUT_MAX];
    size_t len; /* the layout's bytes + 4 */
} llvm_word;

/* Builds the word; 0 when the input is empty or the tables lack the generations. */
int llvm_input_word(const uint8_t *data, size_t size, llvm_word *w);

#endif
