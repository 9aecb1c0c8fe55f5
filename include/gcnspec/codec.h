/* The gcnspec codec: decode, encode, print and parse the encodings of GCN 1.0/1.1/1.2/1.4 that
 * spec/gcn.json holds (gcn_encoding_name lists them), driven by tables generated from it.
 *
 * Text is LLVM's assembler syntax (what llvm-mc prints); the documents' upper-case spelling is
 * accepted as input. Decode, encode and print allocate nothing and make no system calls. */
#ifndef GCNSPEC_CODEC_H
#define GCNSPEC_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GCN_INST_MAX_FIELDS 24
#define GCN_INST_MAX_BYTES 12 /* a 64-bit word; a 32-bit word plus a literal */

/* A decoded (or parsed) instruction: the raw value of each field of its encoding, plus the
 * literal that follows the word, if any. The fields are in the spec's order, those an operand
 * or modifier reads first, then OPCODE and the fields a layout fixes (ENCODING); the fields the
 * instruction does not use are 0.
 * In a hot loop, keep it off a 4 KiB page boundary (_Alignas(128) does): the decoder writes the
 * fields in wide stores, and a store split across two pages is slow. Measured on an x86-64
 * host (Zen 4), a gcn_inst across a page boundary decoded about half as fast on the AVX2 path
 * and 17-30 % slower on the portable one; a 16-byte-aligned one on the stack lands there 4
 * times in 256. */
typedef struct gcn_inst {
    uint16_t insn;    /* row of the instruction table */
    uint8_t gen;      /* generation index */
    uint8_t encoding; /* encoding index */
    uint8_t size;     /* bytes, the literal included */
    uint8_t has_literal;
    uint32_t literal;
    uint32_t field[GCN_INST_MAX_FIELDS];
} gcn_inst;

/* Generations: 0 .. gcn_gen_count()-1, in the spec's order (GCN 1.0, 1.1, 1.2, 1.4). */
int gcn_gen_count(void);
/* Accepts the spec id (gcn1.0), LLVM's gfxN, the mcpu (tahiti) and the other aliases the spec
 * lists; case-insensitive. -1 when unknown. */
int gcn_gen_lookup(const char *name);
const char *gcn_gen_id(int gen);
const char *gcn_gen_mcpu(int gen);
/* Encodings the codec decodes and encodes: 0 .. gcn_encoding_count()-1, by the spec's names
 * (DS, SOP2, VOP1 ...; gcn_inst's encoding indexes them); NULL out of range. */
int gcn_encoding_count(void);
const char *gcn_encoding_name(int encoding);

/* Decodes one instruction from len bytes (little-endian words). GCN_ERR_TRUNCATED when the
 * instruction needs more bytes, GCN_ERR_NO_ENCODING when no encoding in scope matches,
 * GCN_ERR_NO_OPCODE when the encoding has no instruction at that opcode on this generation,
 * GCN_ERR_OPERAND when a field holds a value no operand can have. On an error, what *out holds
 * is unspecified. */
gcn_status gcn_decode(int gen, const uint8_t *bytes, size_t len, gcn_inst *out);
/* Why gcn_decode refuses these bytes, for people: the encoding, the opcode or the operand
 * field and value at fault ("DS_ADD_U32 ... SSRC0=209 is no valid source"). Returns the
 * status gcn_decode returns. */
gcn_status gcn_decode_why(int gen, const uint8_t *bytes, size_t len, char *why, size_t size);

/* Encodes into out (cap bytes); *len receives the size. */
gcn_status gcn_encode(const gcn_inst *inst, uint8_t *out, size_t cap, size_t *len);

/* LLVM's text; returns the length of the full text, writes at most size-1 bytes plus NUL. */
size_t gcn_print(const gcn_inst *inst, char *buf, size_t size);

/* gcn_decode, then gcn_print, in one call (as LLVMDisasmInstruction does): the text of the
 * instruction at bytes into buf (size bytes, snprintf-style); *nbytes (may be NULL) receives
 * the instruction's size, out (may be NULL) the instruction. On failure buf holds "", *nbytes
 * is left as it was and the status is gcn_decode's. */
gcn_status gcn_disasm(int gen, const uint8_t *bytes, size_t len, char *buf, size_t size,
                      size_t *nbytes, gcn_inst *out);

/* Parses one instruction: one line of LLVM's syntax, a comment after ';' or '//' ignored (a
 * '#' elsewhere than at a line's start is an error, as in llvm-mc). On error, diag holds the
 * 1-based column of the offending text (diag->file and diag->line are left to the caller). */
gcn_status gcn_parse(int gen, const char *text, gcn_inst *out, gcn_diag *diag);

/* 1 when the line holds no instruction: only blanks, or a comment (';', '//', or '#' as its
 * first non-blank character, which llvm-mc takes as a comment line). */
int gcn_line_is_blank(const char *line);

/* gcn_parse, then gcn_encode into bytes (cap bytes; *len the size), in one call: the operands
 * are checked once. out (may be NULL) receives the instruction. */
gcn_status gcn_assemble(int gen, const char *text, gcn_inst *out, uint8_t *bytes, size_t cap,
                        size_t *len, gcn_diag *diag);

/* Disassembling a stream of words that may hold encodings the codec does not model yet: at each
 * position the encoding is identified first, by the catalogue of every encoding the documents
 * describe (spec/encodings.json), so that the item always spans the instruction's full length
 * (its second dword, a literal, an SDWA/DPP dword), and no literal or second dword is ever read
 * as an instruction of its own. */
typedef enum gcn_item_kind {
    GCN_ITEM_INST,       /* decoded: text is the instruction in LLVM's syntax */
    GCN_ITEM_UNMODELLED, /* an encoding the codec does not decode yet: text says which */
    GCN_ITEM_INVALID,    /* no encoding matches, or the modelled encoding refuses the word */
    GCN_ITEM_TRUNCATED   /* the bytes end inside the instruction: size is what is left */
} gcn_item_kind;

#define GCN_ITEM_TEXT 192
typedef struct gcn_disasm_item {
    gcn_item_kind kind;
    gcn_status status;    /* GCN_OK for an instruction, else why not */
    size_t size;          /* bytes the item spans */
    const char *encoding; /* the catalogue's name of the encoding, NULL when none matches */
    const char *extra;    /* "literal", "VOP_SDWA", "VOP_DPP" when such a dword follows, or NULL */
    char text[GCN_ITEM_TEXT]; /* the instruction; or why it is not one, for people */
    gcn_inst inst;            /* GCN_ITEM_INST: the instruction */
} gcn_disasm_item;

/* Identifies and decodes the instruction at bytes (len bytes left in the stream) into *item;
 * the next one starts item->size bytes on (never 0 when len > 0). Returns item->status. */
gcn_status gcn_disasm_next(int gen, const uint8_t *bytes, size_t len, gcn_disasm_item *item);
/* The item as one line of assembler text (no newline) into buf, snprintf-style: the
 * instruction, or its words as data with a comment saying why
 * (".long 0xd1fd0000, 0x04010c06 // VOP3A/VOP3B (not modelled yet)",
 * ".long 0xffffffff // invalid: no encoding of gcn1.4 has these fixed bits"); bytes are the
 * item's own. */
size_t gcn_disasm_item_text(const gcn_disasm_item *item, const uint8_t *bytes, char *buf,
                            size_t size);

/* Counts of a disassembly by encoding (what gcnspec disasm --stats prints): for each encoding
 * of the catalogue on one generation, the instructions seen, and of those how many the codec
 * decoded, how many are of an encoding it does not model yet, and how many are invalid (the
 * encoding refuses the word, or the bytes end inside it). Words that no encoding has are
 * counted under GCN_STATS_NO_ENCODING. Caller-owned; no allocation. */
#define GCN_STATS_MAX_ROWS 40
#define GCN_STATS_NO_ENCODING "(none)"
typedef struct gcn_disasm_count {
    const char *encoding; /* the catalogue's name, GCN_STATS_NO_ENCODING, or "total" */
    size_t seen, decoded, unmodelled, invalid;
} gcn_disasm_count;

typedef struct gcn_disasm_stats {
    int gen;
    unsigned nrows; /* the generation's encodings, by name; then (none) */
    gcn_disasm_count row[GCN_STATS_MAX_ROWS];
    gcn_disasm_count total;
} gcn_disasm_stats;

/* Zero counts for every encoding the catalogue has on gen, sorted by name, and a last row for
 * words no encoding has. GCN_ERR_USAGE for an unknown generation. */
gcn_status gcn_disasm_stats_init(gcn_disasm_stats *stats, int gen);
/* Counts one item of gcn_disasm_next (of the stats' generation). */
void gcn_disasm_stats_add(gcn_disasm_stats *stats, const gcn_disasm_item *item);
/* Walks len bytes as gcn_disasm_next does, counting every item. */
void gcn_disasm_stats_bytes(gcn_disasm_stats *stats, const uint8_t *bytes, size_t len);

/* The address a branch at addr goes to (its label operand: the next instruction's address plus
 * the signed dword offset, as the documents define RELADDR), into *target; 0 when the
 * instruction has no such operand. */
int gcn_inst_branch_target(const gcn_inst *inst, uint64_t addr, uint64_t *target);

const char *gcn_inst_mnemonic(const gcn_inst *inst);
const char *gcn_inst_encoding(const gcn_inst *inst);
/* The number of instructions in the table, and the mnemonic / opcode of row i on gen (-1 when
 * the generation lacks it): for tests and generators that walk the spec. */
int gcn_insn_count(void);
const char *gcn_insn_mnemonic(int insn);
long gcn_insn_opcode(int insn, int gen);

#ifdef __cplusplus
}
#endif

#endif
