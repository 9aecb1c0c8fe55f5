/* The fuzz targets: one list for C (gcnspec fuzz, the corpus generator) and CMake
 * (harness/CMakeLists.txt reads the X( lines with a regular expression, so keep one entry a
 * line and the summary short).
 *
 * X(name, source file, corpus kind, LLVM version or 0, role, summary)
 *   corpus kind: the seeds and dictionary corpus/ generates for it (bytes, text, llvm, json,
 *   exec: an instruction and a fuzzed wave state after it, visa: a vISA atomic's operands,
 *   harness/oracle_input.h)
 *   role: campaign (gcnspec fuzz runs it; CI smoke-runs it) or bench (the benchmark's baseline)
 * The exec targets run the oracle (oracle/). */
#ifndef GCN_HARNESS_TARGETS_H
#define GCN_HARNESS_TARGETS_H

#define GCN_FUZZ_TARGET_LIST(X)                                                                    \
    X(byte_roundtrip, fuzz_byte_roundtrip.c, bytes, 0, campaign,                                   \
      "bytes: decode/encode/print/parse")                                                          \
    X(text_roundtrip, fuzz_text_roundtrip.c, text, 0, campaign, "asm text: parse/encode fixpoint") \
    X(llvm14_diff, fuzz_llvm_diff.c, llvm, 14, campaign, "gfx8/gfx9 decoder vs LLVM-C 14")         \
    X(llvm19_diff, fuzz_llvm_diff.c, llvm, 19, campaign, "gfx8/gfx9 decoder vs LLVM-C 19")         \
    X(parsers, fuzz_parsers.c, json, 0, campaign, "spec, state JSON loaders, util/json")           \
    X(cross_gen, fuzz_cross_gen.c, exec, 0, campaign, "one instruction on every generation")       \
    X(variants, fuzz_variants.c, exec, 0, campaign, "semantics as written vs as corrected")        \
    X(visa_atomic, fuzz_visa_atomic.c, visa, 0, campaign, "DS atomics vs vISA DWORD_ATOMIC")       \
    X(llvm14_only, fuzz_llvm_only.c, llvm, 14, bench, "LLVM-C 14 disassembler alone")              \
    X(floor, fuzz_floor.c, bytes, 0, bench, "libFuzzer alone: the ceiling of any target")

#endif
