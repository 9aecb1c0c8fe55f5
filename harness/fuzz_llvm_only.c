/* The benchmark's baseline: the input of the LLVM targets (harness/llvm_input.h) through the
 * LLVM-C disassembler alone, nothing checked (fuzz_llvm14_only, fuzz_llvm19_only). bench_fuzz
 * runs it beside fuzz_byte_roundtrip with the same engine and flags. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "llvm_input.h"
#include "tests/peer/llvm_disasm.h"

#ifndef GCN_LLVM_C
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "built without the LLVM-C library (llvm-NN-dev): skipped\n");
    exit(77);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
#else
static llvm_disasm *disasm[LLVM_INPUT_GENS];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    unsigned k;
    (void)argc;
    (void)argv;
    for (k = 0; k < LLVM_INPUT_GENS; k++) {
        int gen = llvm_input_gen(k);
        disasm[k] = gen >= 0 ? llvm_disasm_open(gcn_gen_mcpu(gen)) : NULL;
        if (!disasm[k])
            exit(77);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    llvm_word w;
    llvm_disasm_result r;
    if (llvm_input_word(data, size, &w))
        llvm_disasm_one(disasm[w.k], w.bytes, w.len, &r);
    return 0;
}
#endif
