/* What every fuzz target shares: the entry points each target file defines, the control block
 * at the head of every input, the checks two targets share (the byte round trip), and the one
 * way a target reports a finding.
 *
 * Each target is one file defining LLVMFuzzerTestOneInput (and, when it needs set-up,
 * LLVMFuzzerInitialize). The same file is linked three ways (harness/CMakeLists.txt): with
 * libFuzzer (-fsanitize=fuzzer), with AFL++'s driver (afl-clang-fast -fsanitize=fuzzer:
 * persistent mode, shared-memory input), and with harness/fuzz_main.c, a standalone driver that
 * replays files and directories, so the suite runs every corpus as a regression test under gcc
 * and under ASan+UBSan.
 *
 * A finding is an abort() after one line the triage reads (harness/triage.h):
 *
 *   ==gcnspec-fuzz== FINDING target=T kind=K subject=S
 *
 * followed by indented evidence lines (bytes, texts, the peer's answer). target/kind/subject is
 * the finding's signature: values that vary from one input to the next (register numbers,
 * offsets) go into the evidence, never into the subject, so one defect is one signature. */
#ifndef GCN_HARNESS_FUZZ_COMMON_H
#define GCN_HARNESS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"

#ifdef GCN_FUZZ_KEEP_GOING
/* the benchmark's build: harness/fuzz_keep_going.c wraps each target's entry point */
#define LLVMFuzzerTestOneInput fuzz_target_one_input
#endif
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_MARK "==gcnspec-fuzz== FINDING"
#define FUZZ_TEXT_MAX 512

/* ---- the control block -------------------------------------------------------------------- */

/* The generation the first byte selects (folded into range, so every byte means one); moves
 * *data past it. -1 when the input is empty. */
int fuzz_take_gen(const uint8_t **data, size_t *size);

/* The encodings present on a generation, in table order; returns their number. */
unsigned fuzz_encodings(int gen, unsigned *out, unsigned max);

/* ---- findings ------------------------------------------------------------------------------ */

/* Called by fuzz_finding after it prints, when set (the benchmark's build abandons the input). */
extern void (*fuzz_on_finding)(void);

/* Prints the FINDING line and the evidence (printf-style, may hold several lines), then aborts.
 * subject: the instruction's mnemonic or the encoding, never a value. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 4, 5)))
#endif
void fuzz_finding(const char *target, const char *kind, const char *subject, const char *fmt, ...);

/* Subjects: what a defect is about, without the values that vary between inputs. */
/* The encoding and the fields two instructions differ in: "SMRD:IMM,OFFSET,literal". */
void fuzz_subject_diff(const gcn_inst *a, const gcn_inst *b, char *out, size_t size);
/* The encoding and each operand's class: "SOP1:SDST=sgpr,SSRC0=literal". */
void fuzz_subject_operands(const gcn_inst *in, char *out, size_t size);
/* A message's shape: quoted text emptied, digit runs folded to N, blanks to '-', at most 60
 * characters ("'v256'_is_out_of_range" -> "''-is-out-of-range"). */
void fuzz_subject_shape(const char *msg, char *out, size_t size);

/* ---- the byte round trip (fuzz_byte_roundtrip, and the corpus' own check) ------------------ */

/* Decodes len bytes on gen and checks, on what decodes: decode -> encode -> decode is stable
 * (same fields, same bytes), decode -> print -> parse -> encode gives the canonical bytes (or an
 * alias, fuzz_alias), the canonical bytes print the same text, gcn_print truncates
 * cleanly into small buffers, and gcn_decode_why agrees with gcn_decode. Every failure is a
 * finding of `target`. Returns the status gcn_decode returned. */
gcn_status fuzz_check_bytes(const char *target, int gen, const uint8_t *bytes, size_t len);

/* Is the text of one instruction an alias of the other: do they differ only where LLVM's syntax
 * has one text for two encodings that do the same? Two such places, both deliberate
 * (vectors/enc_cases.h calls their encodings non-canonical):
 *  - a swizzle offset whose lanes all move alike (BITMASK_PERM's text writes each lane bit's
 *    function, not the AND/OR/XOR masks);
 *  - a scalar source holding the literal code with a value an inline constant has, against
 *    that constant (LLVM's assembler folds such a literal, as gcnspec's does). */
int fuzz_alias(const gcn_inst *a, const gcn_inst *b);

/* Are two decoded instructions the same (every field, the literal, the size)? */
int fuzz_same_inst(const gcn_inst *a, const gcn_inst *b);

/* The instruction fuzz_byte_roundtrip_planted's test-only bug fires on: the last of the table
 * that has an operand (its first field, slot 0, is then the operand's), -1 when none has. */
int fuzz_planted_insn(void);

#endif
