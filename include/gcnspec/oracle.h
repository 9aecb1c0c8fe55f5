/* The gcnspec oracle: a reference interpreter for the instructions of GCN 1.0/1.1/1.2/1.4 in
 * spec/gcn.json whose documents' pseudocode gen/gcngen compiles to C (as written, and as
 * corrected by spec/errata.json); gcn_sem_info tells which.
 *
 * One wave64: the scalar registers by their 7-bit operand codes (VCC, M0, EXEC, TTMP,
 * FLAT_SCRATCH, XNACK_MASK live where the spec's scalar operand table puts them on the
 * generation), 256 VGPRs x 64 lanes, SCC, PC, the control stack pointer of S_CBRANCH_JOIN,
 * LGKM_CNT, 64 KiB LDS, 64 KiB GDS, the global wave sync resources, a sparse 64-bit scalar memory
 * and a deterministic clock. The state is one plain caller-owned struct (no pointers inside: copy
 * it with memcpy). One step allocates nothing and makes no system calls. */
#ifndef GCNSPEC_ORACLE_H
#define GCNSPEC_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"
#include "gcnspec/diag.h"
#include "gcnspec/m0.h"
#include "gcnspec/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GCN_LANES 64
#define GCN_VGPRS 256
#define GCN_SCALAR_CODES 256 /* scalar operand codes; registers are the ones below 128 */
#define GCN_LDS_BYTES 65536
#define GCN_GDS_BYTES 65536
#define GCN_GWS_RESOURCES 64 /* global wave sync resources (DS_GWS_*) */
/* Scalar memory: pages of GCN_SMEM_PAGE_BYTES allocated (from the state itself) on first
 * write; unwritten memory reads 0. A write needing more than GCN_SMEM_PAGES pages fails with
 * GCN_ERR_NOMEM. */
#define GCN_SMEM_PAGE_BYTES 256
#define GCN_SMEM_PAGES 1024

/* The zero value is the corrected semantics: a zeroed gcn_exec_options (or NULL options) runs
 * what spec/errata.json settles, not a documents' defect. */
typedef enum gcn_variant {
    GCN_AS_CORRECTED = 0, /* with spec/errata.json's corrections (the default) */
    GCN_AS_WRITTEN = 1    /* the documents' pseudocode as written */
} gcn_variant;

typedef struct gcn_smem {
    uint32_t npages;
    uint64_t page_addr[GCN_SMEM_PAGES]; /* page-aligned addresses, in allocation order */
    uint16_t index[2 * GCN_SMEM_PAGES]; /* open addressing over page_addr: slot + 1, 0 empty */
    uint8_t data[GCN_SMEM_PAGES][GCN_SMEM_PAGE_BYTES];
} gcn_smem;

typedef struct gcn_wave_state {
    int gen;                         /* generation index (gcn_gen_lookup) */
    uint32_t sreg[GCN_SCALAR_CODES]; /* scalar registers by operand code */
    uint32_t vgpr[GCN_VGPRS][GCN_LANES];
    uint32_t scc;      /* 0 or 1 */
    uint64_t pc;       /* byte address of the next instruction */
    uint32_t csp;      /* control stack pointer (S_CBRANCH_JOIN) */
    uint32_t mode;     /* the MODE hardware register (GcnState.md) */
    uint32_t vskip;    /* 1: vector instructions are skipped (S_SETVSKIP) */
    uint32_t lgkm_cnt; /* LGKM_CNT increments charged by the documents' rules */
    uint64_t clock;    /* CLOCKCNT: instructions executed since the clock was set */
    uint8_t lds[GCN_LDS_BYTES];
    uint8_t gds[GCN_GDS_BYTES];
    /* Global wave sync (DS_GWS_*): the resources the waves of a dispatch share, addressed by
     * rid = (M0[21:16] + OFFSET) mod GCN_GWS_RESOURCES. The oracle runs one wave: a GWS
     * instruction that would queue the wave (DS_GWS_SEMA_P on a zero counter, DS_GWS_BARRIER
     * before the last wave arrives) sets gws_wait to 1 and the wave goes on; one that lets it
     * continue sets gws_wait to 0 (docs/oracle.md, "Global wave sync"). */
    uint32_t gws_counter[GCN_GWS_RESOURCES]; /* semaphore count / waves still to arrive */
    uint32_t gws_flag[GCN_GWS_RESOURCES];    /* the barrier's phase bit (0/1) */
    uint32_t gws_wait;                       /* 1: the last GWS instruction would block */
    gcn_smem smem;
} gcn_wave_state;

/* ---- the state ---------------------------------------------------------------------------- */

/* Everything zero (EXEC = 0, M0 = 0: set them), on generation gen. */
gcn_status gcn_state_init(gcn_wave_state *s, int gen);

/* The machine registers the pseudocode names, wherever the generation keeps them. */
uint64_t gcn_state_exec(const gcn_wave_state *s);
void gcn_state_set_exec(gcn_wave_state *s, uint64_t v);
uint64_t gcn_state_vcc(const gcn_wave_state *s);
void gcn_state_set_vcc(gcn_wave_state *s, uint64_t v);
uint32_t gcn_state_m0(const gcn_wave_state *s);
void gcn_state_set_m0(gcn_wave_state *s, uint32_t v);
/* The scalar operand code of SGPR n / TTMP n on the state's generation, -1 when none. */
int gcn_state_sgpr_code(const gcn_wave_state *s, unsigned n);
int gcn_state_ttmp_code(const gcn_wave_state *s, unsigned n);
/* A register by its assembler name on the state's generation (s5, vcc, exec_hi, ttmp[4:5],
 * s[8:11], m0, flat_scratch ...): its first code and register count. */
gcn_status gcn_state_reg_lookup(const gcn_wave_state *s, const char *name, unsigned *code,
                                unsigned *count);

/* Scalar memory, byte-wise, little-endian. */
void gcn_smem_read(const gcn_wave_state *s, uint64_t addr, void *out, size_t n);
gcn_status gcn_smem_write(gcn_wave_state *s, uint64_t addr, const void *in, size_t n);

/* ---- state files (JSON; the schema is in README.md) ---------------------------------------- */

/* Loads a state file into s. gen: the generation to use, or -1 to take the file's
 * "generation" (required then); when both are given they must agree. Bad input: a
 * file:line:col message in diag and GCN_ERR_INVALID (or GCN_ERR_SYNTAX). */
gcn_status gcn_state_from_json(gcn_wave_state *s, int gen, const char *text, size_t len,
                               const char *file, gcn_diag *diag);
/* The state as JSON (caller frees). With before, only what differs from it; without, the
 * whole state (every register, and every non-zero memory dword), which loads back to the
 * same state. NULL when out of memory. */
char *gcn_state_to_json(const gcn_wave_state *s, const gcn_wave_state *before);
/* The same as a cJSON tree (caller deletes; NULL when out of memory), for writers that put it
 * into a document of their own. */
struct cJSON *gcn_state_to_cjson(const gcn_wave_state *s, const gcn_wave_state *before);

/* ---- programs ----------------------------------------------------------------------------- */

typedef struct gcn_prog_entry gcn_prog_entry; /* a decoded instruction and its resolved operands */

typedef struct gcn_program {
    int gen;
    uint64_t base;         /* address of the first instruction */
    size_t bytes;          /* the program's size in bytes */
    size_t count;          /* instructions */
    gcn_prog_entry *insts; /* in address order */
    int32_t *at;           /* [(pc - base) / 4]: the instruction starting there, -1 */
    unsigned *source_line; /* per instruction: the text line it came from (0 for bytes) */
} gcn_program;

/* Assembles text (one instruction per line, LLVM's syntax; comments ';' '//', '#' at a line's
 * start) at base. The first bad line stops it: GCN_ERR_SYNTAX with file:line:col: message in diag.
 */
gcn_status gcn_program_parse(gcn_program *p, int gen, uint64_t base, const char *text,
                             const char *file, gcn_diag *diag);
/* Decodes little-endian bytes at base; a bad word: file:+offset: why, GCN_ERR_INVALID. */
gcn_status gcn_program_decode(gcn_program *p, int gen, uint64_t base, const uint8_t *bytes,
                              size_t len, const char *file, gcn_diag *diag);
void gcn_program_free(gcn_program *p);
const gcn_inst *gcn_program_inst(const gcn_program *p, size_t i);
uint64_t gcn_program_addr(const gcn_program *p, size_t i);

/* ---- execution ---------------------------------------------------------------------------- */

typedef struct gcn_exec_options {
    gcn_variant variant;
    /* Lanes of a per-lane DS instruction run in this order (a permutation of 0..63; NULL:
     * ascending). Where lanes of one atomic hit the same address neither vendor defines the
     * order: running each order enumerates the allowed outcomes. */
    const uint8_t *lane_order;
    uint64_t max_steps; /* gcn_exec_run stops with GCN_ERR_INVALID after this many; 0: 1e6 */
    /* NULL, or where what the instructions write is recorded (joined to what it holds): the
     * bytes of LDS and GDS they store to and the VGPRs, so that a caller that restores state
     * between runs copies back only those, and whether one assigned PC */
    struct gcn_written *written;
} gcn_exec_options;

/* The bytes of LDS ([0]) and GDS ([1]) stored to, one range [lo, hi) each; empty when
 * lo >= hi (all zero: nothing written). vgpr: the VGPRs written in any lane, bit r % 64 of
 * vgpr[r / 64] for vN with N = r. pc_written: an instruction assigned PC (a jump, to
 * wherever, even the next instruction); else PC only moved past each one. */
typedef struct gcn_written {
    uint32_t lo[2], hi[2];
    uint64_t vgpr[4];
    uint32_t pc_written;
} gcn_written;

/* Joins the bytes [lo, hi) of space (0 LDS, 1 GDS) to w's range: what the oracle does for every
 * store, for a caller that writes memory itself. */
void gcn_ds_written_join(gcn_written *w, unsigned space, uint32_t lo, uint32_t hi);

typedef enum gcn_exec_end {
    GCN_END_FELL_THROUGH, /* PC reached the end of the program */
    GCN_END_JUMPED_OUT,   /* PC was set to an address that starts no instruction */
    GCN_END_ERROR         /* an instruction failed (diag says why) */
} gcn_exec_end;

typedef struct gcn_exec_result {
    uint64_t steps;
    gcn_exec_end end;
} gcn_exec_result;

/* Runs one instruction on s at s->pc (which needn't be a program address: gen and the PC the
 * block reads come from s). PC then moves to the next instruction unless the instruction
 * wrote it. GCN_ERR_UNSUPPORTED when the variant has no executable semantics (diag says
 * why: the written pseudocode does not compile, or the spec gives none). On any error the
 * state may be partly updated. */
gcn_status gcn_exec_inst(gcn_wave_state *s, const gcn_inst *in, const gcn_exec_options *o,
                         gcn_diag *diag);
/* Runs the program's instruction at s->pc; GCN_ERR_INVALID when none starts there. */
gcn_status gcn_exec_step(gcn_wave_state *s, const gcn_program *p, const gcn_exec_options *o,
                         gcn_diag *diag);
/* Steps until PC leaves the program, an instruction fails or max_steps. */
gcn_status gcn_exec_run(gcn_wave_state *s, const gcn_program *p, const gcn_exec_options *o,
                        gcn_exec_result *r, gcn_diag *diag);

/* ---- what the oracle knows ---------------------------------------------------------------- */

typedef enum gcn_sem_status {
    GCN_SEM_ABSENT,   /* the generation lacks the instruction */
    GCN_SEM_COMPILED, /* the variant's pseudocode compiled and runs */
    GCN_SEM_NONE,     /* the spec says the instruction has no architectural effect */
    GCN_SEM_UNDEFINED /* no executable semantics: why says why */
} gcn_sem_status;

typedef struct gcn_sem_info {
    const char *name;         /* DS_ADD_U32 */
    const char *encoding;     /* DS */
    gcn_sem_status status[2]; /* [gcn_variant] */
    const char *why[2];       /* GCN_SEM_UNDEFINED / GCN_SEM_NONE: file:line:col: reason */
    const char *written_at;   /* file:line of the written pseudocode, or NULL */
    const char *erratum;      /* the erratum that corrects its pseudocode, or NULL */
    /* M0's role in its LDS/GDS accesses on this generation ([gcn_variant][GCN_M0_LDS/GDS];
     * GCN_M0_UNUSED for what is not DS) and the erratum that corrects it here, or NULL */
    gcn_m0_role m0[2][2];
    const char *m0_erratum;
    int corrected;  /* the variants differ on this generation: a corrected block (erratum) or a
                       corrected M0 role (m0_erratum) */
    int atomic;     /* marked "atomic": lanes hitting one address may run in any order */
    int wave_level; /* DS: runs once per wave (loops over lanes itself), not per lane */
} gcn_sem_info;

/* Instruction rows are the codec's (gcn_insn_count). GCN_ERR_INVALID for a bad row/gen. */
gcn_status gcn_sem_info_get(int insn, int gen, gcn_sem_info *out);
/* "limit", "free", "operand", "unused" (gcnspec/m0.h); "?" for no role. */
const char *gcn_m0_role_name(gcn_m0_role role);
/* The spec (sha256) the semantics were generated from: the codec's, or the build is stale. */
const char *gcn_sem_spec_sha256(void);

/* ---- same-address atomics: the allowed outcomes ------------------------------------------ */

/* Where active lanes of one DS instruction (or channels of one vISA DWORD_ATOMIC) touch
 * overlapping bytes and at least one of them writes, neither vendor defines their order. The
 * oracle runs lanes in ascending order by default; these calls find the groups of such lanes
 * (by running each lane alone and recording the bytes it touches) and run each group in
 * every order of its lanes, or, for a group larger than exhaustive_lanes, in `samples` orders
 * (ascending, descending, then random) and say so. Groups are independent (disjoint bytes
 * and lanes), so a state is an allowed outcome when, for every group, some order gives the
 * group's bytes and lanes' registers as in it, and everything else is as the ascending run
 * leaves it. */
#define GCN_OUTCOME_EXHAUSTIVE_LANES 8 /* 8! = 40320 orders */

typedef struct gcn_outcome_limits {
    unsigned exhaustive_lanes; /* 0: GCN_OUTCOME_EXHAUSTIVE_LANES (at most 10) */
    unsigned samples;          /* orders tried for a larger group; 0: 1000 */
    uint64_t seed;             /* for the random orders */
} gcn_outcome_limits;

typedef struct gcn_outcome_report {
    unsigned groups;   /* groups of >= 2 lanes whose accesses overlap, one of them writing */
    unsigned largest;  /* lanes in the largest group (0: none) */
    int exhaustive;    /* every order of every group was run */
    uint64_t orders;   /* orders run, summed over the groups */
    uint64_t outcomes; /* distinct outcomes: the product of the groups' counts (saturates) */
    int checked;       /* an observed state was given ... */
    int allowed;       /* ... and it is one of the outcomes found */
    char why[256];     /* not allowed: where it differs from every outcome */
} gcn_outcome_report;

/* One DS, SOP1 or SMEM instruction from before (only DS lanes can conflict). observed: the
 * state to judge, or NULL to only count. o->lane_order is ignored. */
gcn_status gcn_exec_outcomes(const gcn_wave_state *before, const gcn_inst *in,
                             const gcn_exec_options *o, const gcn_outcome_limits *lim,
                             const gcn_wave_state *observed, gcn_outcome_report *r, gcn_diag *diag);

/* ---- vISA DWORD_ATOMIC (Intel): the cross-vendor reference for atomics --------------------- */

/* The instruction's state, its operands and the surface as the page's semantics block reads
 * them: for each channel i < exec_size with ChEn[i], offset = element_offset[i]; dst[i] =
 * surface[offset]; surface[offset] = op(surface[offset], src0[i], src1[i]). ChEn[i] is bit i
 * of emask (ignored with an _NM mask) and of pred (when predicated). The operations come from
 * gcn.json's visa section (gen/gcngen visa). Offsets are in bytes, dwords little-endian, any
 * byte alignment; an access any byte of which is past surface_bytes reads 0 and drops its
 * write (the page: "On read: zeros are returned. On write: data is dropped."). The 16-bit
 * form (.16, TGLLP+) is not modelled. */
#define GCN_VISA_MAX_CHANNELS 16
#define GCN_VISA_SURFACE_BYTES 65536

typedef struct gcn_visa_state {
    unsigned exec_size;     /* channels: one of the page's Exec_size counts */
    uint32_t emask;         /* the execution mask the channels inherit */
    int nomask;             /* an _NM mask (M1_NM ...): emask is ignored */
    int predicated;         /* (<P>): ... */
    uint32_t pred;          /* ... the predicate's bits */
    int dst_null;           /* Dst is V0: nothing is returned */
    uint32_t surface_bytes; /* the surface's size, at most GCN_VISA_SURFACE_BYTES */
    uint32_t element_offset[GCN_VISA_MAX_CHANNELS];
    uint32_t src0[GCN_VISA_MAX_CHANNELS], src1[GCN_VISA_MAX_CHANNELS];
    uint32_t dst[GCN_VISA_MAX_CHANNELS];
    uint8_t surface[GCN_VISA_SURFACE_BYTES];
} gcn_visa_state;

typedef struct gcn_visa_op_info {
    const char *name;     /* ADD (the table's name) */
    const char *mnemonic; /* add (the Op list's) */
    const char *formula;  /* "new = old + src0" as the table writes it */
    const char *type;     /* the dword type: UD, D or F */
    const char *at;       /* file:line of the table row */
    const char *errata;   /* ids of the errata on the row, space-separated, or "" */
    unsigned code;        /* Op bits 4..0 */
    int returns_new;      /* dst gets the new value (else the old) */
    int reads_src0, reads_src1;
} gcn_visa_op_info;

/* Everything zero but exec_size (GCN_ERR_INVALID unless one of the page's counts), emask =
 * all exec_size channels, surface_bytes = GCN_VISA_SURFACE_BYTES. */
gcn_status gcn_visa_state_init(gcn_visa_state *s, unsigned exec_size);
unsigned gcn_visa_op_count(void);
gcn_status gcn_visa_op_info_get(unsigned op, gcn_visa_op_info *out);
/* The operation by table name or mnemonic, any case; -1 when none. */
int gcn_visa_op_lookup(const char *name);
/* The channels that run (ChEn within exec_size). */
uint32_t gcn_visa_chen(const gcn_visa_state *s);
/* op's new value from old, src0 and src1 (dword bits). */
uint32_t gcn_visa_apply(unsigned op, uint32_t old, uint32_t src0, uint32_t src1);
/* Runs the instruction; channel_order: a permutation of 0..exec_size-1, NULL ascending. */
gcn_status gcn_visa_exec(gcn_visa_state *s, unsigned op, const uint8_t *channel_order,
                         gcn_diag *diag);
/* The allowed outcomes of channels hitting overlapping bytes (as gcn_exec_outcomes). */
gcn_status gcn_visa_outcomes(const gcn_visa_state *before, unsigned op,
                             const gcn_outcome_limits *lim, const gcn_visa_state *observed,
                             gcn_outcome_report *r, gcn_diag *diag);
/* The spec (sha256) the vISA operations were generated from. */
const char *gcn_visa_spec_sha256(void);

/* ---- as written against as corrected -------------------------------------------------------- */

/* A random encoding of instruction row insn on gen (0 when 20000 tries found none). */
int gcn_random_inst(int insn, int gen, uint64_t *seed, gcn_inst *out);
/* A random state on gen: registers, LDS, GDS, scalar memory below 64 KiB; small odd VGPRs so
 * that DS addresses mostly hit LDS, small SGPRs half the time. */
void gcn_random_state(gcn_wave_state *s, int gen, uint64_t *seed);
/* A boundary state: every register, LDS, GDS and the first 64 KiB of scalar memory hold
 * value (M0 too), EXEC all lanes, SCC = value & 1. */
void gcn_boundary_state(gcn_wave_state *s, int gen, uint32_t value);

typedef enum gcn_variant_verdict {
    GCN_VARIANTS_ONE,       /* no correction: the variants are one function */
    GCN_VARIANTS_REFUSED,   /* as written does not execute (why): they differ on any state */
    GCN_VARIANTS_DIFFER,    /* a state on which they end differently was found */
    GCN_VARIANTS_NOT_FOUND, /* none in `tried` runs */
    GCN_VARIANTS_ABSENT     /* the instruction exists on no generation */
} gcn_variant_verdict;

typedef struct gcn_variant_search_limits {
    unsigned encodings;     /* random encodings per state; 0: 10 */
    unsigned random_states; /* per generation, after the boundary states; 0: 20 */
    uint64_t seed;          /* 0: a fixed default */
    int minimize;           /* shrink the state found (zero what the difference does not need) */
} gcn_variant_search_limits;

typedef struct gcn_variant_witness {
    gcn_variant_verdict verdict;
    int gen;              /* DIFFER: where; REFUSED, NOT_FOUND: the last generation searched */
    gcn_inst inst;        /* DIFFER: the encoding */
    char text[128];       /* DIFFER: its text */
    gcn_status status[2]; /* DIFFER: how each variant ended [gcn_variant] */
    uint64_t tried;       /* runs of both variants */
    const char *why;      /* REFUSED: why as written does not execute */
} gcn_variant_witness;

/* Looks for a state on which instruction row insn ends differently as written and as
 * corrected: generations newest first, each on the boundary states then random ones. When
 * found and state is not NULL, *state is the state (shrunk with lim->minimize). */
gcn_status gcn_variants_search(int insn, const gcn_variant_search_limits *lim,
                               gcn_wave_state *state, gcn_variant_witness *w, gcn_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
