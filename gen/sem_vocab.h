/* The vocabulary of the documents' pseudocode: what each name a block may use means to the
 * compiler, and where the runtime finds it. This is the one fixed table that maps the
 * documents' names to runtime accessors; everything else (operands, modifiers, register codes)
 * comes from spec/gcn.json. */
#ifndef GCN_GEN_SEM_VOCAB_H
#define GCN_GEN_SEM_VOCAB_H

typedef enum gs_vocab_kind {
    GV_EXEC,       /* the 64-bit EXEC mask (the exec_lo/exec_hi register codes) */
    GV_VCC,        /* the 64-bit VCC (vcc_lo/vcc_hi) */
    GV_SCC,        /* the scalar condition code, one bit */
    GV_M0,         /* M0 */
    GV_PC,         /* the address of this instruction; writing it jumps */
    GV_CSP,        /* the control stack pointer S_CBRANCH_JOIN pops (32 bits) */
    GV_MODE,       /* the MODE hardware register (32 bits) */
    GV_VSKIP,      /* the VSKIP mode bit (assignments store their truth) */
    GV_LANEID,     /* the lane a per-lane DS block runs for */
    GV_CLOCKCNT,   /* the deterministic 64-bit clock */
    GV_GCN14,      /* 1 on GCN 1.4, else 0 */
    GV_SGPROFFSET, /* SMEM: the SGPR part of the offset (S_SCRATCH's SGPR offset) */
    GV_SOFFSET,    /* SMEM: the value of the SGPR in SOFFSET (SOE=1), else 0 */
    GV_SGPR,       /* SGPR[n], SGPR[a:b]: scalar registers by 7-bit code */
    GV_TTMP,       /* TTMP[n], TTMP[a:b]: the trap temporaries by number */
    GV_DS,         /* DS + x: byte x of LDS, or of GDS when the instruction's GDS bit is set */
    GV_SMEM,       /* SMEM + x: scalar memory at the instruction's base address + x */
    GV_DSMEM,      /* DSMEM + x: DS + x in a block that says M0 windows nothing (gcngen holds
                      that against the instruction's M0 role) */
    GV_GWS,        /* GWS[n]: the counter of global wave sync resource n */
    GV_GWSFLAG,    /* GWSFLAG[n]: the barrier phase bit of resource n */
    GV_GWSWAIT     /* 1 when the last GWS instruction would have queued the wave */
} gs_vocab_kind;

typedef struct gs_vocab {
    const char *name;
    gs_vocab_kind kind;
    const char *encodings; /* space-separated encodings that may use it, NULL: all */
    const char *what;
} gs_vocab;

/* NULL when the name is not vocabulary (or not on this encoding). */
const gs_vocab *gs_vocab_lookup(const char *name, const char *encoding);

typedef enum gs_helper_kind {
    GH_MIN,
    GH_MAX,
    GH_ABS,
    GH_BITCOUNT,
    GH_REVBIT,
    GH_SEXT,
    GH_SEXT16,
    GH_SEXT64,
    GH_ASFLOAT,
    GH_ASDOUBLE
} gs_helper_kind;

typedef struct gs_helper {
    const char *name;
    gs_helper_kind kind;
    int arity;
    const char *what;
} gs_helper;

const gs_helper *gs_helper_lookup(const char *name);

/* The spellings (spec/gcn.json scalar_operands asm32) of the registers behind EXEC, VCC and M0
 * and of the condition sources, per generation: gen/sem_gen.c looks each up. */
typedef struct gs_reg_spelling {
    const char *field; /* the gs_regs member it fills */
    const char *asm32;
} gs_reg_spelling;

extern const gs_reg_spelling gs_reg_spellings[];
extern const unsigned gs_nreg_spellings;

/* The generation GCN14 is true on (a generation id of the spec). */
#define GS_GCN14_GEN "gcn1.4"
/* The modifier whose bit sends a DS access to GDS. */
#define GS_GDS_MODIFIER "GDS"
/* The scalar operand classes SGPR[n] and TTMP[n] index. */
#define GS_TTMP_CLASS "ttmp"

/* What one instruction of the encoding adds to LGKM_CNT, given the registers of its data
 * operand (0: none). The DS page: "Any DS instruction ... increments LGKM_CNT"; the SMEM page:
 * "LGKM_CNT incremented by one for every fetch of single Dword, by two for every fetch of two
 * or more Dwords" (and "Any SMEM operation (including S_MEMTIME) increments LGKM_CNT"). */
unsigned gs_lgkm_charge(const char *encoding, unsigned data_regs);

/* The memory space names of an encoding ("DS" or "SMEM"), NULL when it has none. */
const char *gs_space_of(const char *encoding);

#endif
