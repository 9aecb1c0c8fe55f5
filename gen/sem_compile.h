/* The pseudocode compiler: one Operation block of one instruction on one generation -> one C
 * function over oracle/sem_rt.h. The front end is spec/pseudo (ps_parse); this file types the
 * AST the way C would (the documents' blocks are C-like: integer promotions, the usual
 * arithmetic conversions, pointer arithmetic) and emits C whose every operation is defined
 * for every input (oracle/sem_rt.h says how). gen/sem_vocab.h says what each name means. */
#ifndef GCN_GEN_SEM_COMPILE_H
#define GCN_GEN_SEM_COMPILE_H

#include "gcnspec/diag.h"
#include "util/buf.h"

#define GS_MAX_OPERANDS 5
#define GS_MAX_OPERANDS_TEXT "5"
#define GS_MAX_MODIFIERS 10 /* GCN_MAX_MODIFIERS */

typedef struct gs_operand_info {
    const char *name;  /* the spec's operand name: SDST, ADDR, ... */
    const char *alias; /* the name a block borrowed from another instruction uses, or NULL */
    const char *kind;  /* vgpr sgpr sdst ssrc sbase smem-offset smrd-offset imm */
    unsigned regs;
} gs_operand_info;

typedef struct gs_insn_info {
    const char *name;     /* DS_ADD_U32 */
    const char *encoding; /* DS SOP1 SMEM SMRD */
    gs_operand_info op[GS_MAX_OPERANDS];
    unsigned nops;
    const char *mod[GS_MAX_MODIFIERS]; /* modifier names, in the spec's order */
    unsigned nmods;
} gs_insn_info;

typedef struct gs_block {
    const gs_insn_info *insn;
    const char *file;    /* where the code is written, for diagnostics */
    unsigned line;       /* its first line */
    const char *code;    /* the block */
    int gcn14;           /* compiling for GCN 1.4 (the blocks' GCN14) */
    const char *gen_id;  /* the generation, for the emitted comment */
    const char *fn_name; /* the C function to emit */
} gs_block;

typedef struct gs_compiled {
    int atomic;     /* a comment marks the operation atomic */
    int wave_level; /* DS: the block runs once per wave, not once per active lane */
    /* what the generator holds against M0's role (gcn.json "m0"): */
    int uses_ds;  /* the block addresses LDS/GDS (DS + x or DSMEM + x) */
    int ds_raw;   /* ... as DSMEM: the block says M0 windows nothing */
    int names_m0; /* the block reads or writes M0 itself */
} gs_compiled;

/* Compiles the block and appends the function to out. Returns 1 on success; 0 with diag set
 * (file:line:col of the offending text, and what C would say) when the block does not parse
 * or is not C the vocabulary can give a meaning. */
int gs_compile(const gs_block *b, gcn_buf *out, gs_compiled *info, gcn_diag *diag);

#endif
