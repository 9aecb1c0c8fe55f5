/* AMDGPU code objects (ELF64, EM_AMDGPU: relocatable .o and shared .hsaco/.co), read with
 * libelf, and their disassembly in llvm-objdump -d's layout, so that the two diff line for
 * line. Link libgcn_codeobj.a (and -lelf). */
#ifndef GCNSPEC_CODEOBJ_H
#define GCNSPEC_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gcn_codeobj_symbol {
    uint64_t addr;
    char *name;
    unsigned type; /* ELF STT_*. Of several symbols at one address, llvm-objdump shows the
                    * last by (name, type): sections list them in that order */
} gcn_codeobj_symbol;

/* An executable section, with the symbols that lie in it sorted by address. */
typedef struct gcn_codeobj_section {
    char *name;
    uint64_t addr;
    const uint8_t *data; /* into the code object's image */
    size_t size;
    gcn_codeobj_symbol *syms;
    size_t nsyms;
} gcn_codeobj_section;

typedef struct gcn_codeobj {
    uint8_t *image; /* the file's bytes (owned) */
    size_t size;
    uint32_t e_flags;
    char mach[24]; /* "gfx900" from e_flags' EF_AMDGPU_MACH, "" when it names none known */
    int gen;       /* the generation mach belongs to, -1 when none gcnspec covers */
    gcn_codeobj_section *sections;
    size_t nsections;
} gcn_codeobj;

/* 1 when the bytes start like an ELF file. */
int gcn_codeobj_is_elf(const uint8_t *data, size_t len);
/* Reads a code object from len bytes (copied). name is the file name diagnostics use ("FILE:
 * message"). Refuses, with a message saying what to do, anything that is not a well-formed
 * ELF64 AMDGPU object with an executable section: GCN_ERR_INVALID. */
gcn_status gcn_codeobj_read(const char *name, const uint8_t *data, size_t len, gcn_codeobj *out,
                            gcn_diag *diag);
void gcn_codeobj_free(gcn_codeobj *obj);

#define GCN_OBJDUMP_NO_RAW                                                                         \
    1u /* leave out "// OFFSET: WORDS" (llvm-objdump's --no-show-raw-insn)                         \
        */
#define GCN_OBJDUMP_TEXT_ONLY 2u /* the instructions' text alone, one a line, nothing else */

/* Writes the disassembly of every executable section in llvm-objdump -d's layout (name as the
 * file's name in its header). Instructions the codec models are printed as LLVM prints them;
 * every other instruction as its words, ".long 0x...", with a comment that says which encoding
 * it is and that it is not modelled, or that it is invalid and why; decoding always resumes
 * after the instruction's full length. *invalid (may be NULL) receives the number of invalid
 * or truncated items, each also reported on diag_out (NULL: not reported) as
 * "name:SECTION+0xOFFSET: message". */
gcn_status gcn_objdump(FILE *out, FILE *diag_out, const char *name, const gcn_codeobj *obj, int gen,
                       unsigned flags, size_t *invalid);

/* Counts every instruction of every executable section into stats (gcn_disasm_stats_init'ed
 * for gen), walking them as gcn_objdump does, without a listing; invalid or truncated items are
 * reported and counted in *invalid as gcn_objdump does. GCN_ERR_USAGE when stats is not for
 * gen. */
struct gcn_disasm_stats;
gcn_status gcn_objdump_stats(FILE *diag_out, const char *name, const gcn_codeobj *obj, int gen,
                             struct gcn_disasm_stats *stats, size_t *invalid);

/* One line of the listing for the item at address addr (bytes: the item's own), without the
 * newline: "\t" + text, left-justified to column 60, then "// %012X:" and the words, as
 * llvm-objdump prints it. Returns the length, snprintf-style. */
struct gcn_disasm_item;
size_t gcn_objdump_line(const struct gcn_disasm_item *item, const uint8_t *bytes, uint64_t addr,
                        unsigned flags, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
