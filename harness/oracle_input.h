/* The oracle targets' input and state: [generation][instruction bytes][state bytes], where the
 * state bytes (any length; missing bytes read as 0) give a generation-free wave state — values
 * of the scalar registers by their assembler names, EXEC, VCC, M0, SCC, a VGPR pattern (lane
 * addresses distinct, all alike, or raw), an LDS/GDS window and a scalar memory page — that is
 * written the same into the oracle state of every generation. Registers a generation lacks are
 * left out there; registers at one code under two names (TBA_LO on GCN 1.2, TTMP0 on GCN 1.4)
 * take each generation's own name's value.
 *
 * The states are kept between inputs (a wave state is ~450 KiB): ox_begin rewrites what the
 * previous input may have changed, ox_diff compares two generations' states by register name
 * (registers only one of them has are not compared, as the spec explains them). */
#ifndef GCN_HARNESS_ORACLE_INPUT_H
#define GCN_HARNESS_ORACLE_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/oracle.h"

#define OX_MAX_GENS 8
#define OX_STATE_BYTES 96 /* what ox_read_state consumes at most; the seeds' tail */
#define OX_SMEM_BASE 0x1000u

/* The generation-free state the bytes give. */
typedef struct ox_state {
    uint64_t exec, vcc;
    uint32_t m0, scc;
    uint32_t sgpr[128]; /* by register number: s0..s127 (a generation has fewer) */
    uint32_t ttmp[16];
    uint32_t special[16]; /* by ox name index (oracle_input.c: tba_lo ...) */
    unsigned vgpr_mode;   /* 0 lane-distinct dword addresses, 1 all lanes alike, 2 raw */
    uint32_t vgpr_seed, vgpr_base;
    uint8_t window[32]; /* LDS/GDS bytes at window_at, scalar memory at OX_SMEM_BASE */
    uint32_t window_at;
    /* what a DS instruction may touch (ox_set_touch): VGPR rows, LDS and GDS byte ranges */
    uint64_t rows[4];
    uint32_t lds_end, gds_lo, gds_end;
} ox_state;

/* Reads the state bytes (at most OX_STATE_BYTES of them). */
void ox_read_state(const uint8_t *data, size_t size, ox_state *out);

/* The kept state of generation gen in bank 0 or 1 (two runs side by side); set up on first
 * use. NULL for a bad bank or generation. */
gcn_wave_state *ox_wave(int bank, int gen);

/* What the memory arguments below take: the registers and scalar memory only (SOP1, SMEM),
 * also the VGPR rows and LDS/GDS ranges ox_set_touch found (DS), or those rows and all of LDS
 * and GDS. */
enum { OX_REGS = 0, OX_TOUCHED = 1, OX_ALL = 2 };

/* The VGPR rows a DS instruction names (its VGPR operands' registers, from the codec tables:
 * the oracle reads and writes VGPRs through its operands alone, which ox_stray_vgpr checks)
 * and the LDS bytes [0, min(M0, 64 KiB)) and GDS bytes [M0[31:16], + M0[15:0]) its accesses
 * are confined to where M0's role for the instruction is a limit on every generation and in
 * both variants (gcn_sem_info.m0; docs/oracle.md), all of the space elsewhere. Comparing and
 * restoring only those keeps a DS input cheap; an oracle writing elsewhere in memory is caught
 * by the inputs that compare all of LDS and GDS (OX_ALL). */
void ox_set_touch(ox_state *x, const gcn_inst *in);

/* After ox_exec of in on bank and gen: a VGPR the oracle wrote that none of in's VGPR operands
 * names (the lowest), or -1. The comparisons look only at the rows set up and the rows
 * written, so a write outside the operands is told by this check, on every input. */
int ox_stray_vgpr(int bank, int gen, const gcn_inst *in);
/* The same, as the targets use it: a finding (kind vgpr-outside-operands) when there is one. */
void ox_check_stray(const char *target, int bank, int gen, const gcn_inst *in, const char *text);

/* For an input: OX_REGS unless the instruction is DS; then OX_TOUCHED, or for one input in 64
 * (by a hash of its bytes, so a replay does the same) OX_ALL. */
int ox_memory_mode(const gcn_inst *in, const uint8_t *data, size_t size);

/* Writes x into a kept state: registers, scalar memory (x's page), PC 0; LDS and GDS the
 * fixed base (only the bytes written since the last ox_begin are copied back: ox_exec has the
 * oracle record them, gcn_exec_options.written); with memory, VGPRs as above and x's window
 * placed in LDS and GDS within the ranges above. */
void ox_begin(int bank, int gen, const ox_state *x, int memory);

/* Places n bytes at `at` of a kept state's LDS (space 0) or GDS (1), cut at its end: what a
 * target writes there itself after ox_begin goes through here, so that the next ox_begin puts
 * the base back. */
void ox_place(gcn_wave_state *s, int space, uint32_t at, const uint8_t *bytes, uint32_t n);

/* gcn_exec_inst on the kept state of bank and gen, its LDS/GDS stores recorded (o may be
 * NULL): the one way the targets run an instruction on a kept state. */
gcn_status ox_exec(int bank, int gen, const gcn_inst *in, const gcn_exec_options *o,
                   gcn_diag *diag);

/* After ox_exec: PC 0 when the instruction did not assign PC (it fell through: PC relative to
 * the next instruction, as the same text may encode shorter on another generation, an inline
 * constant for a literal); a jump keeps its address, even one to the next instruction's. */
void ox_pc_relative(int bank, int gen);

/* Compares bank 0's states of generations a and b after the same instruction by register name:
 * 0 when alike; else 1 and what differs first in what (one line, no values: "sgpr" "vgpr"
 * "lds" "gds" "scc" "exec" "vcc" "m0" "ttmp" "special" "pc" "smem") and the detail (values)
 * in detail. memory: OX_REGS, OX_TOUCHED (x's ranges) or OX_ALL. */
int ox_diff(int a, int b, const ox_state *x, int memory, char *what, size_t what_size, char *detail,
            size_t detail_size);

/* After bank-0 runs of in_a on generation a and in_b on b from x (PC made relative by
 * ox_pc_relative): does either read or write a scalar register code that names a different register
 * (or none) on the other generation (M0-relative moves reaching s102..s105, TTMP against TBA/TMA)?
 * Such a difference is the register files', which the spec explains. Uses bank 1. */
int ox_touches_renamed(int a, int b, const gcn_inst *in_a, const gcn_inst *in_b, const ox_state *x,
                       const gcn_exec_options *o);

/* Compares the states of two runs kept apart by the caller (written vs corrected). Both
 * began at ox_begin from st with the same memory argument: LDS and GDS are compared where
 * either run wrote (elsewhere both hold the base). */
int ox_diff_states(const gcn_wave_state *x, const gcn_wave_state *y, const ox_state *st, int memory,
                   char *what, size_t what_size, char *detail, size_t detail_size);

/* The seeds' state bytes: variant 0 .. OX_SEED_TAILS-1 (the default state, same-address
 * lanes, boundary values); returns their length (cap >= OX_STATE_BYTES). */
#define OX_SEED_TAILS 3
size_t ox_seed_tail(unsigned variant, uint8_t *out, size_t cap);

/* fuzz_visa_atomic's seeds: [pair][generation][channels][emask:2][flags][bound][offset x16]
 * [src0 x16:4][src1 x16:4][memory window]; variant 0 .. OX_VISA_SEEDS-1 (lane-distinct
 * offsets, one address for all, a small bound, unaligned offsets). Returns the length. */
#define OX_VISA_SEEDS 4
#define OX_VISA_SEED_MAX 512
size_t ox_visa_seed(unsigned pair, unsigned gen, unsigned variant, uint8_t *out, size_t cap);

#endif
