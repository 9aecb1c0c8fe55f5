/* The input the planted bug of fuzz_byte_roundtrip_planted fires on (harness/
 * fuzz_byte_roundtrip.c): the last instruction of the table with an operand
 * (fuzz_planted_insn), on the first generation that has it, in its base form from the spec's cases,
 * with its first field set to the planted value. */
#ifndef GCN_TESTS_HARNESS_PLANTED_INPUT_H
#define GCN_TESTS_HARNESS_PLANTED_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Writes [generation][bytes] into out; returns its size, 0 when the spec has no such input. */
size_t planted_input(uint8_t *out, size_t cap);
/* The mnemonic of the planted instruction. */
const char *planted_mnemonic(void);

#endif
