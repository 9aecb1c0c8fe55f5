/* Known, classified disagreements between an implementation and the spec: the files the checker
 * (and the lit writer) consult before calling a mismatch unexplained. Two entry forms, as the
 * project's peer files use them:
 *
 *  - pattern entries (spec/peers/llvm-mc-known.json, vectors/llvm-mc-vectors-known.json): every
 *    key the entry gives must match, each a shell pattern or a list of them: peer, gen, kind
 *    (asm-rejects, asm-bytes, asm-text, asm-accepts, dis-rejects, dis-text, dis-accepts), what
 *    (the vector's class), slot (its field, "-" when none), mnemonic, text (the vector's asm,
 *    "" when none), and, new here, tag, error_class and answer (what the implementation said);
 *    with id, class, explanation and source for people;
 *  - word entries (spec/peers/llvm-known.json): conditions on the bytes (fields, bits, bits the
 *    instruction does not use), the instruction, both sides' outcomes and texts; written for
 *    the LLVM-C disassembler (peers llvm-14, llvm-19) and llvm-mc re-assembly (llvm-mc-14). The
 *    llvm-mc disassembler is the same decoder: for dis-* kinds peer llvm-mc-N also matches
 *    entries of llvm-N.
 *
 * The first entry (files in load order, entries in file order) that holds explains the
 * mismatch; word entries that only rewrite texts (ours_drop, llvm_drop) are tried after the
 * others and stack, as in tests/peer/llvm_disasm.c. */
#ifndef GCN_VECTORS_KNOWN_H
#define GCN_VECTORS_KNOWN_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "vectors/vector.h"

typedef struct gcn_known gcn_known;

/* One mismatch as the matcher sees it. Generation time (the lit writer) knows nothing of the
 * peer: answer NULL and peer_ok -1 make every condition on the peer's side hold, and peer
 * NULL matches any peer (the conservative reading: may a known entry apply?). */
typedef struct gcn_known_view {
    const char *peer;     /* "llvm-mc-14", NULL: any */
    const char *kind;     /* asm-rejects ... dis-accepts */
    const gcn_vector *v;  /* the vector */
    const char *mnemonic; /* "" when none */
    int peer_ok;          /* the implementation accepted the input; -1 unknown */
    const char *answer;   /* its text (dis), bytes (asm) or message; NULL unknown */
} gcn_known_view;

typedef struct gcn_known_entry {
    const char *file; /* the file's base name */
    const char *id;
    const char *classification; /* "class" or "classification" */
    const char *explanation;
    int fails; /* an our-bug entry: what it explains still fails */
} gcn_known_entry;

gcn_known *gcn_known_new(void);
void gcn_known_free(gcn_known *k);
/* Adds a file's entries. Bad input: file:line:col. */
gcn_status gcn_known_load(gcn_known *k, const char *path, gcn_diag *diag);
size_t gcn_known_count(const gcn_known *k);
const gcn_known_entry *gcn_known_get(const gcn_known *k, size_t i);
/* The first entry that explains the view, -1 when none. */
long gcn_known_match(const gcn_known *k, const gcn_known_view *view);

#endif
