/* Row types of the codec tables. gen/gcngen fills them from spec/gcn.json into the build tree
 * (gcn_tables.inc); codec/tables.c is the one file that includes the generated rows. Nothing
 * here names an opcode, a bit position or a mnemonic: those all come from the spec. */
#ifndef GCN_CODEC_TABLES_H
#define GCN_CODEC_TABLES_H

#include <stddef.h>
#include <stdint.h>

#define GCN_MAX_GENS 8
#define GCN_MAX_SLOTS 24 /* fields of one encoding (SDWA's: the word's and the dword's) */
/* the slots a fast plan positions (gcn_fast_plan.slot_lo/slot_w, its fetch order's 4-bit
 * nibbles): an instruction whose fields lie past them gets a slow plan (GCN_FAST_SLOW, nfetch
 * 16: the decoder and the encoder take its plan row) */
#define GCN_FAST_PLAN_SLOTS 16
#define GCN_MAX_OPERANDS 5
#define GCN_MAX_MODIFIERS 10
#define GCN_NO_INSN 0xffffu
/* an opcode map's entry for a valid opcode of a form the codec does not model yet (gcn.json
 * "pending_opcodes": the VOP3 forms of VOP1/VOP2/VOPC): the decoder answers
 * GCN_ERR_NO_ENCODING, which the disassembler reports as not modelled */
#define GCN_PENDING_INSN 0xfffeu
#define GCN_NO_SLOT 0xffu

/* Operand kinds the runtime implements (operands.json names them). X(enum, spec name) */
#define GCN_KIND_LIST(X)                                                                           \
    X(GCN_KIND_VGPR, "vgpr")                                                                       \
    X(GCN_KIND_SGPR, "sgpr")                                                                       \
    X(GCN_KIND_SDST, "sdst")                                                                       \
    X(GCN_KIND_SSRC, "ssrc")                                                                       \
    X(GCN_KIND_SBASE, "sbase")                                                                     \
    X(GCN_KIND_SMEM_OFFSET, "smem-offset")                                                         \
    X(GCN_KIND_SMRD_OFFSET, "smrd-offset")                                                         \
    X(GCN_KIND_IMM, "imm")                                                                         \
    X(GCN_KIND_LABEL, "label")                                                                     \
    X(GCN_KIND_LITERAL32, "literal32")                                                             \
    X(GCN_KIND_VSRC, "vsrc")                                                                       \
    X(GCN_KIND_VSRC_VGPR, "vsrc-vgpr")                                                             \
    X(GCN_KIND_ATTR, "attr")                                                                       \
    X(GCN_KIND_VCC, "vcc")                                                                         \
    X(GCN_KIND_SRSRC, "srsrc")                                                                     \
    X(GCN_KIND_VADDR_BUF, "vaddr-buf")                                                             \
    X(GCN_KIND_SADDR, "saddr")                                                                     \
    X(GCN_KIND_VADDR_SADDR, "vaddr-saddr")                                                         \
    X(GCN_KIND_VDATA_MIMG, "vdata-mimg")

typedef enum gcn_kind {
#define GCN_KIND_ENUM(e, s) e,
    GCN_KIND_LIST(GCN_KIND_ENUM)
#undef GCN_KIND_ENUM
        GCN_KIND_COUNT
} gcn_kind;

/* How a value is written. X(enum, spec name). "f16": a 16-bit VALU source that is a half,
 * whose literal is the low 16 bits of the dword (the decoder drops the rest, as the hardware
 * reads none of it); a number is read as a half (0x3800 and 0.5 are the inline 0.5, 0.3 the
 * literal 0x34cd) and a literal whose half is an inline float is written as that constant, as
 * LLVM does. "i16": a 16-bit VALU source that is an integer, its literal as f16's; a number is
 * its 16-bit pattern (0x3800 a literal), an inline float's code is written by its name.
 * "pk-f16": a VOP3P source of two halves, read as LLVM 19 reads a v2f16 operand: an integer as
 * 32 bits (-1 and 0xffffffff are -1; 0xffff is no inline constant), a float, or a 16-bit
 * pattern, as a half (1.0 and 0x3c00 are the inline 1.0; 0x3f800000 is none).
 * "f64": a 64-bit VALU source that is a double,
 * whose 32-bit literal holds the upper half of its value. "inline": decimal when an inline integer
 * constant has the value, else hex (how LLVM writes such immediates). "gpr-idx": a GPR
 * indexing mode, LLVM's gpr_idx(SRC0,SRC1,SRC2,DST) for its four bits (hex past them).
 * "waitcnt", "sendmsg", "hwreg": a 16-bit immediate LLVM writes symbolically (vmcnt(N) ...,
 * sendmsg(...), hwreg(...)), by the generation's gcn_simm16_row. "interp-slot": an interpolation
 * parameter, LLVM's p10, p20, p0 for 0, 1, 2 (V_INTERP_MOV_F32's VSRC). "omod": VOP3's output
 * modifier, written as LLVM's mul:2, mul:4, div:2 for 1, 2, 3 (the modifier's name is not
 * written). "buf-format": MTBUF's DFMT (the modifier's field) and NFMT (its slot2), LLVM's
 * format:[DATA,NUM] by the generation's gcn_buf_format_row, each part left out at its default,
 * nothing at both defaults. "sdec": a signed decimal of the field's width (GLOBAL's and SCRATCH's
 * 13-bit offset). "op-sel": GCN 1.4 VOP3's operand half selection, LLVM's op_sel:[S0,...,D], one
 * value per source (the source's bit in the field is its mod_bit) then the destination's (the
 * field's top bit, GcnInstrsVop3.md:71-74), nothing when all are 0. "src-bits": VOP3P's per-source
 * bits (op_sel, op_sel_hi, neg_lo, neg_hi), LLVM's name:[S0,...], one value per source, source k
 * the bit k of the field's value with its slot2's (field_hi) above it; left out at its default,
 * all 0 or, default_ones, all 1. */
#define GCN_FORMAT_LIST(X)                                                                         \
    X(GCN_FMT_DEC, "dec")                                                                          \
    X(GCN_FMT_HEX, "hex")                                                                          \
    X(GCN_FMT_SWIZZLE, "swizzle")                                                                  \
    X(GCN_FMT_FLAG, "flag")                                                                        \
    X(GCN_FMT_INLINE, "inline")                                                                    \
    X(GCN_FMT_GPR_IDX, "gpr-idx")                                                                  \
    X(GCN_FMT_WAITCNT, "waitcnt")                                                                  \
    X(GCN_FMT_SENDMSG, "sendmsg")                                                                  \
    X(GCN_FMT_HWREG, "hwreg")                                                                      \
    X(GCN_FMT_F64, "f64")                                                                          \
    X(GCN_FMT_F16, "f16")                                                                          \
    X(GCN_FMT_I16, "i16")                                                                          \
    X(GCN_FMT_PK_F16, "pk-f16")                                                                    \
    X(GCN_FMT_INTERP_SLOT, "interp-slot")                                                          \
    X(GCN_FMT_OMOD, "omod")                                                                        \
    X(GCN_FMT_BUF_FORMAT, "buf-format")                                                            \
    X(GCN_FMT_SDEC, "sdec")                                                                        \
    X(GCN_FMT_OP_SEL, "op-sel")                                                                    \
    X(GCN_FMT_SRC_BITS, "src-bits")

typedef enum gcn_format {
#define GCN_FMT_ENUM(e, s) e,
    GCN_FORMAT_LIST(GCN_FMT_ENUM)
#undef GCN_FMT_ENUM
        GCN_FMT_COUNT
} gcn_format;

/* Classes of scalar operand codes (scalar_operands.json). */
#define GCN_SCLASS_LIST(X)                                                                         \
    X(GCN_SC_INVALID, "invalid")                                                                   \
    X(GCN_SC_SGPR, "sgpr")                                                                         \
    X(GCN_SC_SPECIAL, "special")                                                                   \
    X(GCN_SC_TTMP, "ttmp")                                                                         \
    X(GCN_SC_INLINE_INT, "inline-int")                                                             \
    X(GCN_SC_INLINE_FLOAT, "inline-float")                                                         \
    X(GCN_SC_LITERAL, "literal")                                                                   \
    X(GCN_SC_COND, "cond")

typedef enum gcn_sclass {
#define GCN_SC_ENUM(e, s) e,
    GCN_SCLASS_LIST(GCN_SC_ENUM)
#undef GCN_SC_ENUM
        GCN_SC_COUNT
} gcn_sclass;

typedef struct gcn_slot_row {
    uint8_t lo, width; /* width 0: the field does not exist in this layout */
} gcn_slot_row;

typedef struct gcn_layout_row {
    uint8_t present;
    uint8_t bytes;        /* instruction word size, without a literal */
    uint64_t match_mask;  /* the encoding's fixed bits ... */
    uint64_t match_value; /* ... and their value, over the first min(bytes, 8) bytes */
    gcn_slot_row slot[GCN_MAX_SLOTS];
    uint8_t opcode_slot;
    const uint16_t *opcode_map; /* opcode -> instruction row, GCN_NO_INSN when undefined */
    uint16_t opcode_count;
} gcn_layout_row;

typedef struct gcn_operand_row gcn_operand_row;
struct gcn_operand_row {
    uint8_t kind; /* gcn_kind */
    uint8_t regs; /* vaddr-saddr: with an SGPR base (0: 'off') */
    uint8_t slot;
    uint8_t format; /* gcn_format for immediates */
    /* kind-specific slots: IMM, SOE, SOFFSET for smem-offset; IMM for smrd; the channel
     * (ATTRCHAN) for attr; OFFEN, IDXEN, ADDR64 for vaddr-buf; for vaddr-saddr SADDR's slot,
     * the width with SADDR 'off', SADDR's 'off' code; for saddr its 'off' code */
    uint8_t aux[3];
    uint8_t defines;
    uint8_t signed_gens;  /* generations where the immediate is signed (bit set) */
    uint8_t literal_gens; /* generations where code 255 means a trailing 32-bit literal */
    const char *name;     /* the spec's operand name, for diagnostics */
    uint8_t reg_mask;     /* smem-offset: the bits of OFFSET that hold an SGPR number */
    /* smem-offset, per generation: the one code its register form may hold (0xff: any SGPR;
     * GCN 1.2's scalar stores take M0 alone) */
    uint8_t only_code[GCN_MAX_GENS];
    /* the text an omitted operand stands for (llvm-mc fills in an SMEM offset of 0), NULL when
     * the operand must be written; a pool string, readable GCN_POOL_PAD bytes past its end */
    const char *omitted;
    uint8_t accepts_signed; /* the parser takes a negative value of the field's width too */
    /* the slot of a flag the operand is written with (operands.json "when": an atomic's VDST,
     * written only with glc), GCN_NO_SLOT for an operand always written */
    uint8_t when;
    /* the generations (bit set) whose width is gen_regs, not regs (a D16 form's VDATA, packed
     * on GCN 1.4: the page's "Syntax (GCN 1.4):" line, spec "regs_gens") */
    uint8_t gen_regs_mask, gen_regs;
    /* the slot of a flag that adds a register (a buffer load's VDATA with tfe), GCN_NO_SLOT */
    uint8_t plus;
    /* a VALU source's modifiers (VOP3's floating-point sources): the slots of the ABS and NEG
     * fields (GCN_NO_SLOT where the source takes none) and the source's bit in them */
    uint8_t abs_slot, neg_slot, mod_bit;
    /* the widest tuple the parser takes for a VGPR operand written with regs registers (MIMG's
     * VADDR(MIN:MAX): the word holds the first register alone); 0: exactly regs */
    uint8_t regs_max;
    /* vdata-mimg: the D16 flag's slot and the generations where D16 packs two halves a
     * register (GCN 1.4) */
    uint8_t d16_slot, d16_packed_gens;
};

/* The registers operand op of an instruction on gen holds with these fields: its width on
 * gen, one more with its "plus" flag; a buffer address (vaddr-buf: aux OFFEN, IDXEN, ADDR64)
 * holds none ('off'), one with OFFEN or IDXEN, two with both or with ADDR64; a GLOBAL/SCRATCH
 * address (vaddr-saddr: aux SADDR's slot, the width with SADDR 'off', SADDR's 'off' code) holds
 * its width (0: 'off') with an SGPR base, aux[1] without; an image's data (vdata-mimg: aux
 * DMASK, TFE) one register per DMASK bit (one with none), or regs when more than one (a
 * gather4's 4), halved (rounded up) with D16 where it packs, one more with TFE. */
static inline unsigned gcn_operand_regs(const struct gcn_operand_row *op, unsigned gen,
                                        const uint32_t *field)
{
    unsigned n = (op->gen_regs_mask >> gen) & 1u ? op->gen_regs : op->regs;
    if (op->kind == GCN_KIND_VDATA_MIMG) {
        uint32_t dmask = field[op->aux[0]] & 15u;
        if (n <= 1) {
            n = (dmask & 1u) + (dmask >> 1 & 1u) + (dmask >> 2 & 1u) + (dmask >> 3);
            n += !n;
        }
        if (op->d16_slot != 0xffu && field[op->d16_slot] && (op->d16_packed_gens >> gen) & 1u)
            n = (n + 1) / 2;
        return n + (field[op->aux[1]] != 0);
    }
    if (op->kind == GCN_KIND_VADDR_BUF) {
        unsigned offen = op->aux[0] != 0xffu && field[op->aux[0]] != 0;
        unsigned idxen = op->aux[1] != 0xffu && field[op->aux[1]] != 0;
        n = op->aux[2] != 0xffu && field[op->aux[2]] ? 2u : offen + idxen;
    } else if (op->kind == GCN_KIND_VADDR_SADDR && field[op->aux[0]] == op->aux[2]) {
        n = op->aux[1]; /* the scalar address is 'off' */
    }
    if (op->plus != 0xffu && field[op->plus])
        n++;
    return n;
}

/* 1 when an address operand's width depends on other fields (vaddr-buf, vaddr-saddr). */
static inline int gcn_kind_vaddr(unsigned kind)
{
    return kind == GCN_KIND_VADDR_BUF || kind == GCN_KIND_VADDR_SADDR;
}

/* 1 when operand op's width depends on other fields: an address's flags, a "plus" flag, an
 * image's DMASK and flags. */
static inline int gcn_operand_dynamic(const struct gcn_operand_row *op)
{
    return gcn_kind_vaddr(op->kind) || op->plus != 0xffu || op->kind == GCN_KIND_VDATA_MIMG;
}

/* 1 when operand op of in is left out of its text: its "when" flag is clear. */
static inline int gcn_operand_absent(const struct gcn_operand_row *op, const uint32_t *field)
{
    return op->when != 0xffu && !field[op->when];
}

typedef struct gcn_modifier_row {
    uint8_t slot;
    uint8_t format;    /* GCN_FMT_FLAG: a bare word; else "asm:value" */
    uint8_t required;  /* must be written (GWS gds) */
    uint8_t omit_zero; /* not printed when 0 */
    uint8_t gens;      /* bit set of generations that take it (0xff: all) */
    const char *asm_name;
    uint8_t asm_len;
    uint8_t
        slot2; /* buf-format: the number format's slot; src-bits: field_hi's; else GCN_NO_SLOT */
    /* op-sel: how many values it takes, one per source and the destination's last; src-bits:
     * one per source; else 0 */
    uint8_t values;
    uint8_t default_ones; /* src-bits: every bit is 1 by default (VOP3P's op_sel_hi) */
} gcn_modifier_row;

typedef struct gcn_insn_row {
    const char *mnemonic; /* lower case, as LLVM writes it */
    const char *spec_name;
    uint8_t encoding;
    uint8_t noperands, nmodifiers;
    gcn_operand_row operand[GCN_MAX_OPERANDS];
    gcn_modifier_row modifier[GCN_MAX_MODIFIERS];
    uint16_t opcode[GCN_MAX_GENS]; /* GCN_NO_INSN where the generation lacks it */
    /* the slots the instruction uses (operand fields with their auxiliary fields, modifier
     * fields), each with the generations that use it */
    uint8_t nfetch;
    uint8_t fetch[GCN_MAX_SLOTS];
    uint8_t fetch_gens[GCN_MAX_SLOTS];
    uint8_t mnemonic_len;
    /* an upper bound of the text's length: the mnemonic, GCN_TEXT_OPERAND_MAX bytes an operand,
     * a modifier's ' name:' and GCN_TEXT_VALUE_MAX bytes of value */
    uint16_t text_max;
    /* the length of the mnemonic's form suffix (_e32): the parser takes the mnemonic without
     * it too, as LLVM's assembler does */
    uint8_t suffix_len;
    /* the generations whose text has the suffix (bit set; 0xff: all): LLVM writes VINTRP's _e32
     * only where a VOP3 form exists too */
    uint8_t suffix_gens;
} gcn_insn_row;

/* The length of row's mnemonic as printed on gen: without its suffix where gen lacks it. */
static inline unsigned gcn_mnemonic_len(const gcn_insn_row *row, unsigned gen)
{
    return (row->suffix_gens >> gen) & 1u ? row->mnemonic_len
                                          : (unsigned)(row->mnemonic_len - row->suffix_len);
}

/* One field to extract: its bits in the word and the slot it fills. */
typedef struct gcn_fetch_op {
    uint8_t lo, width, slot;
} gcn_fetch_op;

#define GCN_MAX_FETCH 24 /* fields one instruction uses (MUBUF's 12, SDWA's 19) */

/* The strings gcn_print copies (mnemonics, operand spellings, modifier names) live in one pool
 * with GCN_POOL_PAD bytes after each and GCN_POOL_TAIL at its end, so the printer copies them
 * in whole blocks (32 bytes, and 16 more past 32) without reading past the pool. */
#define GCN_POOL_PAD 16
#define GCN_POOL_TAIL 32
#define GCN_NAME_MAX 48         /* the longest mnemonic, operand spelling or modifier name */
#define GCN_MAX_ALIASES 4       /* other spellings of one scalar operand code (scc for src_scc) */
#define GCN_TEXT_OPERAND_MAX 32 /* ", " and an operand at its longest */
#define GCN_TEXT_VALUE_MAX 40   /* a modifier's value at its longest */

/* One operand check, compiled by gcngen from the operand's kind and width. */
typedef enum gcn_check_kind {
    /* field <= arg: the last register of a VGPR tuple is v255 at most; an immediate or an
     * attribute has a largest value (operands.json "max") */
    GCN_CK_VGPR,
    GCN_CK_REG,         /* reg_ok[field] has bit arg */
    GCN_CK_SBASE,       /* reg_ok[field * 2] has bit arg */
    GCN_CK_SSRC,        /* reg_ok[field] has bit arg (GCN_OK_SSRC_BIT); GCN_OK_LITERAL */
    GCN_CK_SMEM_OFFSET, /* the operand row arg's IMM/SOE-dependent rules */
    GCN_CK_SMRD_OFFSET, /* the operand row arg's IMM-dependent rules */
    GCN_CK_ONE,         /* a required modifier's field is 1 */
    GCN_CK_LITERAL,     /* a 32-bit constant always follows the word (literal32) */
    /* a 9-bit VALU source (vsrc): below 256 as GCN_CK_SSRC with bit arg & 0x7f, from 256 on
     * VGPR field - 256, whose tuple of 1 << (arg >> 7) registers ends at v255 at most */
    GCN_CK_VSRC,
    GCN_CK_VSRC_VGPR, /* a VGPR alone in a 9-bit source: 256 <= field, field - 256 <= arg */
    GCN_CK_VSRC16,    /* as GCN_CK_VSRC, of a 16-bit source: its literal keeps 16 bits */
    GCN_CK_LITERAL16, /* as GCN_CK_LITERAL, a 16-bit constant (V_MADAK_F16's K): 16 bits kept */
    GCN_CK_BITS,      /* field < 1 << arg: a modifier's largest value (operands.json "max",
                       * FLAT's 12-bit offset in a 13-bit field) */
    GCN_CK_SRSRC,     /* reg_ok[field * 4] has bit arg: an SGPR quad stored as its first / 4 */
    /* operand arg's VGPRs, as many as gcn_operand_regs says with the fields (a buffer address,
     * a VDATA that tfe widens), end at v255 at most; none: the field is 0 */
    GCN_CK_VREGS,
    /* as GCN_CK_VSRC, of a source that takes no literal on the plan's generation (operands.json
     * literal_gens: VOP3's sources on GCN 1.0-1.4): the literal's code is no value */
    GCN_CK_VSRC_NO_LITERAL,
    /* operand arg, a scalar address (saddr): its 'off' code, or an SGPR (tuple) of its width */
    GCN_CK_SADDR
} gcn_check_kind;

/* GCN_CK_SSRC's arg: the source takes no literal on the plan's generation */
#define GCN_CK_NO_LITERAL 0x80u

typedef struct gcn_check_op {
    uint8_t kind, slot, arg;
} gcn_check_op;

#define GCN_PLAN_SMEM 1u
#define GCN_PLAN_CANON_SIMM16 2u
/* an operand written only with a flag ("when"): the decoder clears its field without the flag */
#define GCN_PLAN_WHEN 4u
/* an operand of no registers (a buffer address 'off'): the decoder clears its field */
#define GCN_PLAN_NOREGS 8u

/* The constant bus of a VALU instruction on one generation (gcn.json's encoding
 * constant_bus, the page's 'Limitations for operands'): the sources that may read a scalar
 * value, by operand index; a code of a class in `classes` (bit c: GCN_SC_* c) takes the bus,
 * one register named twice (the same code and width) once, the literal once, and the register
 * the instruction reads implicitly (`implicit`, `implicit_regs` wide; 0xff: none) once; at
 * most `limit` values. LDS_DIRECT (lds_code) only in slot lds_slot. n == 0: no operand
 * combination can break the rule (gcngen), so no check. */
#define GCN_CBUS_SOURCES 4
typedef struct gcn_cbus_row {
    uint8_t n;
    uint8_t op[GCN_CBUS_SOURCES];
    uint8_t limit, classes;
    uint8_t implicit, implicit_regs;
    uint8_t lds_code, lds_slot;
    /* the page lines (a string each) and the implicit register's name, for messages */
    const char *at, *lds_at, *implicit_name;
} gcn_cbus_row;

/* The fields an instruction uses on one generation, positioned, and the checks its operands
 * need there (gcn_tables.plans): the decoder's, encoder's and parser's one source of operand
 * validity. */
typedef struct gcn_plan_row {
    gcn_fetch_op op[GCN_MAX_FETCH];
    uint8_t n;
    uint8_t smem; /* GCN_PLAN_SMEM: an SMEM offset operand, whose fields the decoder
                   * canonicalizes; GCN_PLAN_CANON_SIMM16: a waitcnt or sendmsg immediate, whose
                   * bits its text leaves out the decoder clears */
    uint8_t nck;
    gcn_check_op ck[GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS];
    /* the bits of fields the codec does not model yet (gcn.json's unmodelled_fields: VOP3's
     * ABS, NEG, OP_SEL), and of the other form's fields the instruction does not use: a word
     * with any of them set is not modelled (GCN_ERR_NO_ENCODING), never decoded without them;
     * gcngen makes such a plan slow */
    uint64_t unmodelled;
    /* the bits of modifier fields the instruction does not take (gcn.json zero_fields: VOP3's
     * CLAMP and OMOD on V_BFE_U32, where the page gives them no effect): a word with any of
     * them set holds no valid operand (GCN_ERR_OPERAND); gcngen flags the fast plan as for
     * unmodelled bits */
    uint64_t zero;
    /* the unmodelled bits that must be set rather than clear (VOP3P's op_sel_hi bit of a source
     * a two-source instruction lacks: llvm-mc sets it and ignores it when clear, K100): a word
     * is refused when (word ^ ones) & unmodelled; gcngen makes such a plan slow */
    uint64_t ones;
    /* the constant bus rule (gcngen makes a plan with one slow) */
    gcn_cbus_row cbus;
} gcn_plan_row;

/* The decoder's fast path for one instruction on one generation (gcn_tables.fast_plans, and
 * copies of it in the key maps, gcn_dispatch_row.key_plans), compiled by gcngen from the same
 * operands as its gcn_plan_row: a fixed number of steps and no branch on the operand kinds.
 * One 64-byte line: what the decoder reads of it comes in one cache line.
 *   head: the first 8 bytes of the gcn_inst it decodes (gcn_inst.insn in bits 0-15, gen
 *       16-23, encoding 24-31, size 32-39; has_literal and the rest 0): one store
 *   the fields by slot: slot k is field[k] = word >> slot_lo[k], its low slot_w[k] bits
 *       (0: the plan does not fetch it; 32: all of them). The vector path
 *       (codec_fast_work_avx2) takes the first GCN_FAST_SLOTS slots at once (gcngen numbers
 *       first the slots operands and modifiers read, and makes slow a plan that fetches one
 *       past them); it reads each field from the 32-bit half of the word that holds bit
 *       slot_lo[k], so a field across bit 32 makes the plan slow
 *   fetch k < nfetch (0, 2, 4 or 8): the portable path and the encoder take the slots the plan
 *       fetches one by one, the slot in bits 4k-4k+3 of order; the steps past the plan's own
 *       repeat its last one
 *   check k < ncheck (0, 2 or 4): v = the field of slot ck_slot[k] (8 bits at most, one of
 *       the first GCN_FAST_SLOTS); check_rows[ck_at[k] + v] (ck_at: the row's offset,
 *       row * 256) has bit 0 when v is no valid value there, bit 1 when it takes the literal
 *       (and bit 2 when that literal is a 16-bit source's, whose low half the decoder keeps)
 *       (gcngen compiles each row from the operand's kind and reg_ok: the same bits the plan
 *       row's check reads), so the checks' values OR together; the steps past the plan's own
 *       repeat its first (with none: a slot it does not fetch, whose field is 0, and row 0,
 *       all zeros)
 * flags, GCN_FAST_OK for a plan the fast path takes as it is (one test); any other value sends
 * the word to gcn_codec_decode_flagged:
 *   0: no instruction (a key map's entries for opcodes the encoding lacks, and the one entry
 *       of a dispatch row that is no single encoding's): the plan rows say why
 *   GCN_FAST_SLOW: the plan has a check the fast path cannot make (an SMRD offset, which
 *       depends on IMM, or a field wider than 8 bits), or more checks than it holds, or a field
 *       across bit 32, or a literal that would not follow a 32-bit word (the fast path takes it
 *       as the upper half of the 8 bytes it reads): gcn_decode takes the plan row instead
 *   GCN_FAST_OK | GCN_FAST_UNMODELLED: a plan the fast path takes after testing the word
 *       against its plan row's unmodelled bits (VOP3's ABS/NEG)
 *   GCN_FAST_OK | GCN_FAST_CANON: a plan the fast path takes, after which the symbolic 16-bit
 *       immediate is made canonical (gcn_codec_canon_simm16: s_waitcnt's bits no counter holds,
 *       a valid sendmsg's others), as the plan row does; such a plan has no checks
 *   GCN_FAST_VARIANTS (bit 0: IMM, bit 1: SOE): an SMEM offset's instruction, whose fields and
 *       checks depend on IMM (the word's bit imm_lo) and SOE (bit soe_lo): the plan is
 *       gcn_tables.fast_variants[variants + (IMM | SOE << 1)], IMM and SOE 0 where the bits
 *       lack them; a variant's own flags have no variant bits. Such a plan has no checks of
 *       its own: variants, imm_lo and soe_lo take their place (its fields are the encoder's) */
#define GCN_FAST_FETCH 8
#define GCN_FAST_CHECKS 4
#define GCN_FAST_SLOTS 8 /* the slots a fast plan may fetch: 0 .. GCN_FAST_SLOTS - 1 */
#define GCN_MAX_CHECK_ROWS 256
_Static_assert((GCN_MAX_CHECK_ROWS - 1) * 256 <= 0xffff, "gcn_fast_plan.ck_at is 16 bits");
_Static_assert(GCN_FAST_PLAN_SLOTS <= 16, "gcn_fast_plan.order holds a slot in 4 bits");
typedef struct gcn_fast_plan {
    _Alignas(64) uint64_t head;
    uint8_t slot_lo[GCN_FAST_PLAN_SLOTS];
    uint8_t slot_w[GCN_FAST_PLAN_SLOTS];
    union {
        struct {
            uint16_t ck_at[GCN_FAST_CHECKS];
            uint8_t ck_slot[GCN_FAST_CHECKS];
            /* a GCN_FAST_UNMODELLED plan's refused bits (gcn_fast_refused) */
            uint8_t refused_at[2], refused_bits[2];
        };
        struct {
            uint16_t variants;
            uint8_t imm_lo, soe_lo;
        };
    };
    uint32_t order;
    uint8_t nfetch, ncheck, flags, pad;
} gcn_fast_plan;
#define GCN_FAST_OK 0x40u
#define GCN_FAST_SLOW 0x80u
#define GCN_FAST_CANON 0x20u
/* GCN_FAST_OK | GCN_FAST_UNMODELLED: a plan the fast path takes once the word has none of the
 * plan row's unmodelled bits set (else GCN_ERR_NO_ENCODING, as the plan row answers) */
#define GCN_FAST_UNMODELLED 0x10u
/* GCN_FAST_OK | GCN_FAST_CBUS: a plan the fast path takes, after which the instruction's
 * constant bus rule is counted (its plan row's cbus), in gcn_codec_decode_flagged */
#define GCN_FAST_CBUS 0x08u
#define GCN_FAST_VARIANTS 0x03u
_Static_assert(sizeof(gcn_fast_plan) == 64, "a fast plan is one 64-byte cache line");

/* The variant of an SMEM offset's instruction for the word w (GCN_FAST_VARIANTS): IMM, the bit
 * at imm_lo where mask has bit 0, | SOE, the bit at soe_lo where mask has bit 1, << 1. The
 * decoder picks a plan by it, gcngen a key map's entry. */
static inline unsigned gcn_fast_variant_index(uint64_t w, unsigned imm_lo, unsigned soe_lo,
                                              unsigned mask)
{
    return ((unsigned)(w >> imm_lo) & mask & 1u) | ((unsigned)(w >> soe_lo << 1) & mask & 2u);
}

/* The bits of the word a GCN_FAST_UNMODELLED plan refuses (its plan row's unmodelled and zero
 * bits, gcn_refused_bits), kept in the plan as two bytes of the word: refused_bits[k] in byte
 * refused_at[k] (gcngen makes slow a plan whose bits lie in more), so that the decoder tests them
 * without reading the plan row. */
static inline uint64_t gcn_fast_refused(const gcn_fast_plan *f)
{
    return (uint64_t)f->refused_bits[0] << (8u * f->refused_at[0]) | (uint64_t)f->refused_bits[1]
                                                                         << (8u * f->refused_at[1]);
}

/* Slot k of a plan's fetch order. */
static inline unsigned gcn_fast_slot(const gcn_fast_plan *f, unsigned k)
{
    return (f->order >> (4 * k)) & 15u;
}

/* The mask of a field of w bits (0-32), as gcn_fast_plan.slot_w gives it. */
static inline uint32_t gcn_width_mask(unsigned w)
{
    return (uint32_t)(0xffffffffull >> (32 - w));
}

/* The decoder's first lookup: an encoding and the parts of its layout it needs at once.
 * opcode_map has opcode_mask + 1 entries (the opcode field's every value), so the masked field
 * indexes it without a bound check. key_plans, the fast path's: key_mask + 1 fast plans, by
 * the word's bits from key_lo: the opcode field, and where an instruction of the encoding has
 * SMEM variants on the generation, the bits down to its IMM and SOE bits (GCN_KEY_MAX_BITS at
 * most; wider, the opcode alone); each entry is the instruction's plan (its variant's where the
 * key holds IMM and SOE; flags 0 where no instruction has the opcode), so one lookup names the
 * instruction and how to decode it. A row that is no single encoding's (enc GCN_ENC_NONE or
 * GCN_ENC_SCAN) has one entry, flags 0, and key_mask 0. */
#define GCN_KEY_MAX_BITS 12
typedef struct gcn_dispatch_row {
    const uint16_t *opcode_map;
    const gcn_fast_plan *key_plans;
    uint32_t match_mask, match_value; /* the fixed bits of the first word */
    uint16_t opcode_mask;             /* (1 << the opcode field's width) - 1 */
    uint16_t key_mask;                /* (1 << the key's width) - 1 */
    uint8_t enc, bytes, opcode_lo, key_lo;
    /* 1: encodings nest in enc by a source's code here (SDWA/DPP in VOP1/VOP2/VOPC): their
     * words fail enc's fast checks (or its key map has no plan for them), and the plan path
     * scans the row as a GCN_ENC_SCAN one */
    uint8_t nested;
} gcn_dispatch_row;

typedef struct gcn_encoding_row {
    const char *name;
    uint8_t nslots;
    const char *slot_name[GCN_MAX_SLOTS];
    /* the encoding the catalogue (spec/encodings.json) names its words by: its own name, or
     * for a segment of another encoding's word (GLOBAL, SCRATCH of FLAT: gcn.json
     * "segment_of") that encoding's */
    const char *cat;
} gcn_encoding_row;

typedef struct gcn_gen_row {
    const char *id, *name, *llvm, *mcpu;
    const char *aliases[8];
} gcn_gen_row;

/* The printer's texts (codec/textgen renders them at build time into gcn_texts.inc, through
 * the printer's own general path): for an operand or modifier whose text depends on its field
 * alone, the text of every value the field can hold, so gcn_print copies it in one block.
 * An operand's entry holds ", " and the operand; a modifier's, its text with the space before
 * it ("" where it is omitted). n == GCN_TEXT_GENERAL: the general path prints that value (an
 * operand holding the literal, whose text depends on it). */
#define GCN_TEXT_GENERAL 0xffu
typedef struct gcn_text16 {
    char s[15];
    uint8_t n;
} gcn_text16;

/* One operand or modifier of an instruction on a generation, in print order. what: operand i,
 * or GCN_PRINT_MODIFIER + modifier i. Values below count read texts[at + value] (the first
 * operand's texts begin " x", the others' ", x"); count 0: always the general path.
 * num: a number step. Values at or past count are texts[at + count] (the prefix: ", ", " " or
 * " name:"), then the value as gcn_codec_put_number writes it: GCN_NUM_DEC in decimal, GCN_NUM_HEX
 * in hex, GCN_NUM_HEXS as a signed value of `bits` bits (a '-' and the magnitude in hex).
 * textgen makes a step a number step where the general path writes those texts for the values
 * it probes (a field wider than 8 bits: DS offsets, SMEM immediates).
 * GCN_NUM_VARIANT (count 0): an SMEM offset, whose text depends on IMM and SOE; the step is
 * then variants[at + (IMM | SOE << 1)], IMM: field `slot` non-zero, SOE: field `bits` non-zero
 * (bits == slot where the layout has no SOE, whose variant 3 is then IMM 1, SOE 0). Only that
 * step waits for IMM and SOE: the others are looked up at once.
 * GCN_NUM_MODS (count 0): a VALU source with source modifiers (VOP3's NEG and ABS), whose text
 * depends on its bit in each: the step is variants[at + (NEG | ABS << 1)], NEG bit (bits >> 4)
 * of field `slot`, ABS the same bit of field (bits & 15); where the source lacks one of them,
 * its slot is one the encoding does not have (GCN_PRINT_ZERO_SLOT), whose field is 0.
 * A step of an operand in no field (the implied vcc of a 32-bit form) reads that slot too: its
 * one text, count 1, is the operand's (any other value: the general path). */
#define GCN_PRINT_ZERO_SLOT 15u
_Static_assert(GCN_PRINT_ZERO_SLOT < GCN_MAX_SLOTS && GCN_PRINT_ZERO_SLOT <= 15,
               "a GCN_NUM_MODS step names ABS's slot in 4 bits");
#define GCN_PRINT_MODIFIER 16u
/* what: every operand and modifier by the general path (an instruction of more steps than a
 * program holds) */
#define GCN_PRINT_REST 0xffu
/* what: the program goes on in progs[at] (an instruction of more steps than a program holds:
 * MUBUF's four operands and eight flags); count 0 */
#define GCN_PRINT_MORE 0xfeu
enum { GCN_NUM_NONE, GCN_NUM_DEC, GCN_NUM_HEX, GCN_NUM_HEXS, GCN_NUM_VARIANT, GCN_NUM_MODS };
typedef struct gcn_print_step {
    uint16_t at, count;
    uint8_t slot, what, num, bits;
} gcn_print_step;

/* The program of one instruction on one generation, one 64-byte line: the mnemonic
 * (mnemonic_len bytes from text row `mnemonic` on, run on through the rows after it), an upper
 * bound of the text's length (gcn_insn_row.text_max), and its steps: its operands, then the
 * modifiers the generation has; past GCN_PRINT_STEPS, the last step is a GCN_PRINT_MORE step
 * to a program of the steps after it (after the [insn * GCN_MAX_GENS + gen] rows). */
#define GCN_PRINT_STEPS 7
typedef struct gcn_print_prog {
    _Alignas(64) uint16_t mnemonic;
    uint16_t text_max;
    uint8_t mnemonic_len, n, pad[2];
    gcn_print_step step[GCN_PRINT_STEPS];
} gcn_print_prog;
_Static_assert(sizeof(gcn_print_prog) == 64, "a print program is one 64-byte line");

/* texts (with GCN_PRINT_TEXT_PAD rows of padding at its end: a mnemonic's block copy reads 48
 * bytes), progs ([insn * GCN_MAX_GENS + gen], codec_print_prog) and the steps GCN_NUM_VARIANT
 * and GCN_NUM_MODS steps lead to; all NULL in the build that renders them. */
#define GCN_PRINT_TEXT_PAD 3
typedef struct gcn_print_texts {
    const gcn_text16 *texts;
    const gcn_print_prog *progs;
    const gcn_print_step *variants;
} gcn_print_texts;

/* The step a GCN_NUM_VARIANT or GCN_NUM_MODS step s leads to for the fields f. */
static inline const gcn_print_step *gcn_print_variant(const gcn_print_texts *x,
                                                      const gcn_print_step *s, const uint32_t *f)
{
    unsigned k, b = s->bits >> 4;
    if (s->num == GCN_NUM_VARIANT)
        k = (f[s->slot] != 0) + ((unsigned)(f[s->bits] != 0) << 1);
    else
        k = ((f[s->slot] >> b) & 1u) | (((f[s->bits & 15u] >> b) & 1u) << 1);
    return &x->variants[s->at + k];
}

/* The program of instruction insn on generation gen. */
static inline const gcn_print_prog *gcn_print_prog_of(const gcn_print_texts *x, unsigned gen,
                                                      unsigned insn)
{
    return &x->progs[insn * GCN_MAX_GENS + gen];
}

/* One scalar operand code on one generation. */
typedef struct gcn_scalar_row {
    uint8_t sclass;       /* gcn_sclass */
    uint8_t src, dst;     /* usable as a source / destination */
    uint8_t pair;         /* valid as the first register of a 64-bit operand */
    int16_t index;        /* register number for SGPR/TTMP classes */
    const char *name32;   /* spelling as a 32-bit operand */
    const char *name64;   /* spelling as a 64-bit operand, NULL when not a pair start */
    int32_t ivalue;       /* inline integer */
    uint32_t f32;         /* inline float bits for 32-bit operands */
    uint64_t f64;         /* inline float bits for 64-bit operands */
    uint16_t ok;          /* GCN_REG_OK bits: a valid register operand of 1/2/4/8/16 registers */
    uint8_t len32, len64; /* the spellings' lengths */
} gcn_scalar_row;

/* Bit of gcn_scalar_row.ok for a register operand of 2^k registers (k = 0..4), as a source or
 * (dst) in a 7-bit destination field. gcngen decides them once from the spec's classes. */
#define GCN_REG_OK(k, dst) (1u << ((k) + ((dst) ? 5 : 0)))
/* More bits of gcn_scalar_row.ok, also gcngen's: set on every code (an operand check that
 * needs no register test); a valid scalar source (SSRC) of 2^k registers, k = 0..1 (a register,
 * an inline constant, a condition with a spelling of that width, the literal); the code that
 * stands for the 32-bit literal after the word. */
#define GCN_OK_ANY_BIT 10u
#define GCN_OK_SSRC_BIT(k) (11u + (k))
#define GCN_OK_LITERAL (1u << 13)
/* a 32-bit source of the 9-bit VALU operands (vsrc) that no scalar operand takes: LDS_DIRECT */
#define GCN_OK_VSRC (1u << 14)

/* A scalar operand spelling (name32 or name64) -> its code, per generation, sorted by name. */
typedef struct gcn_scalar_name_row {
    const char *name;
    uint8_t code;
    uint8_t wide; /* the 64-bit spelling (name64) */
    uint8_t len;
} gcn_scalar_name_row;

/* A slot of the mnemonic hash table: the spelling (NULL: empty) and the position in
 * by_mnemonic of its first row. */
typedef struct gcn_mnemonic_slot {
    const char *name;
    uint16_t first; /* GCN_HASH_EMPTY: empty */
    uint8_t len;
} gcn_mnemonic_slot;

/* The symbolic 16-bit immediates of one generation (spec/curated/simm16.json through gcn.json):
 * s_waitcnt's counters (each in one or two parts of SIMM16), hwreg(ID, OFFSET, SIZE) and
 * sendmsg(MSG, OP, STREAM). A NULL name: the generation has none at that code. */
#define GCN_WAIT_COUNTERS 3
#define GCN_MSG_OP_SETS 4 /* 0: takes no operation; then the sets in gcn.json's order */
typedef struct gcn_simm16_row {
    const char *wait_name[GCN_WAIT_COUNTERS];
    uint8_t wait_nparts[GCN_WAIT_COUNTERS];
    uint8_t wait_lo[GCN_WAIT_COUNTERS][2], wait_bits[GCN_WAIT_COUNTERS][2];
    uint8_t hwreg_lo[3], hwreg_bits[3]; /* id, offset, size - 1 */
    const char *hwreg_name[64];
    uint8_t msg_lo[3], msg_bits[3]; /* id, op, stream */
    const char *msg_name[16];
    uint8_t msg_ops[16];     /* the message's operation set, 0: none */
    uint8_t msg_streams[16]; /* bit op set: an operation there names a stream */
    const char *op_name[GCN_MSG_OP_SETS][8];
} gcn_simm16_row;

/* MTBUF's data and number format names of one generation (spec/curated/buf_formats.json
 * through gcn.json, from GcnMemHandling.md's tables), their defaults (which the text leaves
 * out) and the names of the parts in LLVM's legacy syntax (dfmt:D, nfmt:N). */
#define GCN_BUF_DFMTS 16
#define GCN_BUF_NFMTS 8
typedef struct gcn_buf_format_row {
    const char *dfmt_name[GCN_BUF_DFMTS];
    const char *nfmt_name[GCN_BUF_NFMTS];
    uint8_t dfmt_len[GCN_BUF_DFMTS], nfmt_len[GCN_BUF_NFMTS];
    uint8_t dfmt_default, nfmt_default;
    const char *part_asm[2]; /* dfmt, nfmt */
} gcn_buf_format_row;

typedef struct gcn_tables {
    unsigned ngens, nencodings, ninsns;
    const gcn_gen_row *gens;
    const gcn_encoding_row *encodings;
    const gcn_layout_row *layouts; /* [gen * nencodings + encoding] */
    const gcn_insn_row *insns;
    const gcn_scalar_row *scalars; /* [gen * 256 + code] */
    const uint16_t *by_mnemonic;   /* instruction rows sorted by mnemonic (for the parser) */
    const char *spec_sha256;
    /* [gen * 512 + the first word's top 9 bits]: the one encoding whose fixed bits there allow
     * it, with what the decoder needs of its layout (enc GCN_ENC_NONE: none; GCN_ENC_SCAN:
     * several, try each, or one with fixed bits below the top 9, which the fast path does not
     * check: a row of one encoding is its match) */
    const gcn_dispatch_row *dispatch;
    const gcn_scalar_name_row *scalar_names; /* per generation, sorted by name ... */
    const uint16_t *scalar_name_first;       /* ... from [gen] to [gen + 1] */
    /* [(gen * 2 + ttmp) * 128 + index]: the code of SGPR/TTMP number index, 0xff when none */
    const uint8_t *reg_code;
    /* [gen * 256 + (uint8_t)value]: the inline integer constant's code, 0xff when none */
    const uint8_t *inline_int_code;
    /* [gen * 16 ...]: the inline float constants' codes, 0xff-terminated */
    const uint8_t *inline_float_codes;
    /* [gen]: the code that stands for the 32-bit literal after the word, 0xffff when none */
    const uint16_t *literal_code;
    const gcn_plan_row *plans;       /* [gen * ninsns + insn] */
    const gcn_fast_plan *fast_plans; /* [gen * ninsns + insn], then the variants */
    const gcn_fast_plan *fast_variants;
    const uint8_t *check_rows; /* [row * 256 + value] */
    /* [gen * 256 + code], compact copies of gcn_scalar_row for the operand checks: its ok bits,
     * and its class | src << 4 | (name32 != NULL) << 5 | (name64 != NULL) << 6 */
    const uint16_t *reg_ok;
    const uint8_t *code_info;
    /* open-addressing hash tables (linear probing, GCN_HASH_EMPTY ends a probe): mnemonic ->
     * position in by_mnemonic of its first row; per generation, spelling -> position in
     * scalar_names of its first row */
    const gcn_mnemonic_slot *mnemonic_hash;
    uint32_t mnemonic_hash_mask;
    const uint16_t *name_hash; /* [gen * (name_hash_mask + 1) + slot] */
    uint32_t name_hash_mask;
    const gcn_simm16_row *simm16;          /* [gen] */
    const gcn_buf_format_row *buf_formats; /* [gen] */
} gcn_tables;

/* The bits a word of instruction insn must have clear on gen for the codec to decode it: its
 * plan row's unmodelled bits (not modelled: GCN_ERR_NO_ENCODING) and zero bits (a modifier the
 * instruction does not take: GCN_ERR_OPERAND). Random words that keep them clear reach the
 * instruction; the decoder tests them before a flagged fast plan. */
static inline uint64_t gcn_refused_bits(const gcn_tables *t, unsigned gen, unsigned insn)
{
    const gcn_plan_row *p = &t->plans[gen * t->ninsns + insn];
    return p->unmodelled | p->zero;
}

/* The refused bits a word of instruction insn must have set on gen (gcn_plan_row.ones). */
static inline uint64_t gcn_required_bits(const gcn_tables *t, unsigned gen, unsigned insn)
{
    return t->plans[gen * t->ninsns + insn].ones;
}

#define GCN_ENC_NONE 0xffu
#define GCN_HASH_EMPTY 0xffffu

/* The hash of the parser's name tables, shared by gcngen, which lays the tables out, and the
 * parser, which probes them: the length and the first and last 8 bytes of the lower-case name
 * (shorter names zero-padded), mixed by two multiplications, then folded and multiplied again
 * so that every input bit reaches the low bits the tables' masks keep (without the last step a
 * byte's high bits reached only the hash's high half: names that differ in their last
 * character, _f32 and _f64, fell into one probe run, 18 slots long on average). */
static inline uint32_t gcn_name_hash_mix(uint64_t a, uint64_t b, size_t n)
{
    uint64_t h = (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xc2b2ae3d27d4eb4full) ^ n;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    return (uint32_t)(h >> 32);
}

static inline uint32_t gcn_name_hash(const char *s, size_t n)
{
    uint64_t a = 0, b = 0;
    size_t i, k = n < 8 ? n : 8;
    for (i = 0; i < k; i++) {
        a |= (uint64_t)(uint8_t)s[i] << (8 * i);
        b |= (uint64_t)(uint8_t)s[n - k + i] << (8 * i);
    }
    return gcn_name_hash_mix(a, b, n);
}
#define GCN_ENC_SCAN 0xfeu

const gcn_tables *gcn_codec_tables(void);
/* The printer's texts (gcn_texts.inc), reached directly by gcn_print. */
extern const gcn_print_texts gcn_codec_print_texts;

#endif
