/* Shared by the oracle tests: states, one-instruction runs, random instructions and states. */
#ifndef GCN_TESTS_ORACLE_TEST_H
#define GCN_TESTS_ORACLE_TEST_H

#include <stdint.h>

#include "gcnspec/oracle.h"

/* A heap state on the generation (by any name gcn_gen_lookup takes) with EXEC all ones and
 * M0 = 0xffffffff (no LDS limit); fails the test when the generation is unknown. */
gcn_wave_state *ot_state(const char *gen);
void ot_free(gcn_wave_state *s);

/* Assembles one instruction on the state's generation and runs it (as corrected unless
 * written); fails the test on an assembler error. Returns the run's status. */
gcn_status ot_try(gcn_wave_state *s, const char *text, gcn_variant v, gcn_diag *diag);
/* ot_try that must succeed */
void ot_run(gcn_wave_state *s, const char *text, gcn_variant v);

/* SGPR n / VGPR n lane k, by number */
uint32_t ot_s(const gcn_wave_state *s, unsigned n);
void ot_set_s(gcn_wave_state *s, unsigned n, uint32_t v);
void ot_lds_write32(gcn_wave_state *s, unsigned addr, uint32_t v);
uint32_t ot_lds_read32(const gcn_wave_state *s, unsigned addr);

/* xorshift64* */
uint64_t ot_rand(uint64_t *seed);

/* A random encoding of instruction row insn on gen (0 when none was found). */
int ot_random_inst(int insn, int gen, uint64_t *seed, gcn_inst *out);
/* A random state on gen: registers, LDS, GDS, scalar memory below 64 KiB; small VGPRs so that
 * DS addresses mostly hit LDS, small SGPRs so that scalar memory addresses mostly hit the
 * filled part. */
void ot_random_state(gcn_wave_state *s, int gen, uint64_t *seed);

#endif
