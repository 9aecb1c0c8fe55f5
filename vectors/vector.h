/* One conformance vector, as the generator makes it and the checker reads it back. The JSON
 * Lines form (docs/vectors.md) is this struct, one object a line.
 *
 * An encoding vector pairs text and bytes and says which way each must go:
 *   - assembling `asm` must give `canonical_bytes` when present, else `bytes`;
 *   - disassembling `bytes` must give `canonical_asm` when present, else `asm`;
 *   - a must-reject vector has only `asm` (an assembler must refuse it) or only `bytes` (a
 *     disassembler must refuse them), and the error expected. */
#ifndef GCN_VECTORS_VECTOR_H
#define GCN_VECTORS_VECTOR_H

#include <stddef.h>
#include <stdint.h>

/* What a vector is about. Semantic vectors (state -> instruction -> state) come with the
 * oracle. X(enum, name) */
#define GCN_VKIND_LIST(X)                                                                          \
    X(GCN_VKIND_ENCODING, "encoding")                                                              \
    X(GCN_VKIND_SEMANTIC, "semantic")

typedef enum gcn_vkind {
#define GCN_VKIND_ENUM(e, s) e,
    GCN_VKIND_LIST(GCN_VKIND_ENUM)
#undef GCN_VKIND_ENUM
        GCN_VKIND_COUNT
} gcn_vkind;

/* X(enum, name, meaning) */
#define GCN_VTAG_LIST(X)                                                                           \
    X(GCN_VTAG_EXACT, "exact", "text and bytes map to each other both ways")                       \
    X(GCN_VTAG_CANONICALIZES, "canonicalizes",                                                     \
      "bytes a decoder accepts whose re-encoding differs (bits the instruction does not use, a "   \
      "literal holding an inline constant's value): disassembled to asm, which assembles to "      \
      "canonical_bytes")                                                                           \
    X(GCN_VTAG_ALIAS, "alias",                                                                     \
      "text and bytes with the same meaning that are not each other's canonical form: asm "        \
      "assembles to canonical_bytes, or bytes disassemble to canonical_asm")                       \
    X(GCN_VTAG_MUST_REJECT, "must-reject",                                                         \
      "text an assembler must refuse, or bytes a disassembler must refuse, with the error class "  \
      "expected")

typedef enum gcn_vtag {
#define GCN_VTAG_ENUM(e, s, m) e,
    GCN_VTAG_LIST(GCN_VTAG_ENUM)
#undef GCN_VTAG_ENUM
        GCN_VTAG_COUNT
} gcn_vtag;

/* The stable error classes of must-reject vectors (for machines; the codec's message is for
 * people). X(enum, name, meaning) */
#define GCN_VERR_LIST(X)                                                                           \
    X(GCN_VERR_NONE, "none", "")                                                                   \
    X(GCN_VERR_MNEMONIC_NOT_ON_GEN, "mnemonic-not-on-gen",                                         \
      "a mnemonic the generation does not have")                                                   \
    X(GCN_VERR_MODIFIER_NOT_ON_GEN, "modifier-not-on-gen",                                         \
      "a modifier the generation does not have")                                                   \
    X(GCN_VERR_FORM_NOT_ON_GEN, "form-not-on-gen",                                                 \
      "an operand form the generation does not have (the SMEM SGPR-plus-offset form)")             \
    X(GCN_VERR_OPERAND_NOT_ON_GEN, "operand-not-on-gen",                                           \
      "a register name the generation does not have")                                              \
    X(GCN_VERR_OUT_OF_RANGE, "operand-out-of-range",                                               \
      "a register past the end of its file, or a value that does not fit its field")               \
    X(GCN_VERR_MISALIGNED, "misaligned-tuple",                                                     \
      "a scalar register tuple that does not start at a multiple of its alignment")                \
    X(GCN_VERR_RESERVED_OPERAND, "reserved-operand", "an operand code the generation reserves")    \
    X(GCN_VERR_OPERAND_NOT_ALLOWED, "operand-not-allowed",                                         \
      "an operand code this operand does not take (a constant where a register is required, a "    \
      "special register as a tuple)")                                                              \
    X(GCN_VERR_MISSING_REQUIRED, "missing-required-modifier",                                      \
      "a modifier the instruction requires left out (gds on GWS and ordered-count)")               \
    X(GCN_VERR_UNDEFINED_OPCODE, "undefined-opcode",                                               \
      "bytes of the encoding whose opcode no instruction has on the generation")                   \
    X(GCN_VERR_TRUNCATED, "truncated",                                                             \
      "fewer bytes than the instruction (a 64-bit word or a literal cut off)")                     \
    X(GCN_VERR_CONSTANT_BUS, "constant-bus",                                                       \
      "more scalar values than a VALU instruction's constant bus takes, or LDS_DIRECT outside "    \
      "SRC0")

typedef enum gcn_verr {
#define GCN_VERR_ENUM(e, s, m) e,
    GCN_VERR_LIST(GCN_VERR_ENUM)
#undef GCN_VERR_ENUM
        GCN_VERR_COUNT
} gcn_verr;

#define GCN_VEC_TEXT_MAX 256 /* longer than any text (MTBUF's with a format run to about 190) */
#define GCN_VEC_BYTES_MAX 16
#define GCN_VEC_MSG_MAX 256

typedef struct gcn_vector {
    uint8_t kind;        /* gcn_vkind */
    uint8_t tag;         /* gcn_vtag */
    uint8_t error_class; /* gcn_verr, must-reject only */
    uint8_t gen, encoding;
    int insn;          /* codec instruction row, -1 when none (an undefined opcode) */
    const char *cls;   /* the operand class or boundary exercised ("vgpr-last", ...) */
    const char *field; /* the encoding field it varies, NULL when none */
    char asm_text[GCN_VEC_TEXT_MAX]; /* "" when absent */
    char canonical_asm[GCN_VEC_TEXT_MAX];
    uint8_t bytes[GCN_VEC_BYTES_MAX];
    uint8_t canonical_bytes[GCN_VEC_BYTES_MAX];
    uint8_t nbytes, ncanonical_bytes; /* 0 when absent */
    char status[48];                  /* must-reject: the codec's status ("invalid operand") */
    char message[GCN_VEC_MSG_MAX];    /* must-reject: the codec's diagnostic */
    unsigned column;                  /* must-reject text: the column the diagnostic points at */
    int scalar_code;                  /* the scalar operand code exercised, -1 when none */
} gcn_vector;

const char *gcn_vkind_name(int kind);
const char *gcn_vtag_name(int tag);
const char *gcn_vtag_meaning(int tag);
const char *gcn_verr_name(int err);
const char *gcn_verr_meaning(int err);
/* -1 when unknown */
int gcn_vtag_lookup(const char *name);
int gcn_verr_lookup(const char *name);
int gcn_vkind_lookup(const char *name);

/* Copies src into dst (size bytes), cut at size - 1. */
void gcn_vec_copy(char *dst, size_t size, const char *src);

/* Parses "0x01,0x02" (exactly that form: 0x and two hex digits, commas, nothing else) into at
 * most max bytes; returns the count, 0 on a malformed list (*bad_col: 1-based column). */
size_t gcn_vec_parse_hex(const char *s, uint8_t *out, size_t max, size_t *bad_col);

#endif
