/* The differential of gcnspec's codec against LLVM, shared by tests/peer/test_codec_vs_llvmc
 * (LLVM-C disassembler, in-process), tests/peer/test_codec_reassemble (llvm-mc assembles our
 * text) and tools/sop1_sweep:
 *
 *  - a thin wrapper over the LLVM-C disassembler (llvm-c/Disassembler.h), compiled only where
 *    GCN_LLVM_C is defined, once against each LLVM version: two versions never share a process,
 *    so every symbol has one definition per executable;
 *  - the words of our encodings as the codec tables define them (fixed bits, fields, the bits no
 *    field covers), never typed by hand;
 *  - the list of known, classified disagreements (spec/peers/llvm-known.json) and its matcher;
 *  - the sections of reports/codec-vs-llvm.md, each written by the executable that owns it.
 *
 * LLVM's AMDGPU disassembler "accepts" many words it cannot really encode: it decodes them and
 * marks the defect in the text instead of failing. The wrapper reads those marks as rejections
 * (llvm_disasm_markers() lists them, with what LLVM 14 and 19 print), so a caller sees two
 * outcomes: rejected, or accepted with the normalized text. */
#ifndef GCN_TESTS_LLVM_DISASM_H
#define GCN_TESTS_LLVM_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"
#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "isolate.h"
#include "vectors/known_word.h"

/* ---- the LLVM-C disassembler (GCN_LLVM_C builds only) --------------------------------------- */

#define LLVM_DISASM_TEXT_MAX 256

typedef enum llvm_disasm_outcome {
    LLVM_DISASM_ACCEPTED,
    LLVM_DISASM_REJECTED,        /* LLVMDisasmInstruction returned 0 (Fail or SoftFail) */
    LLVM_DISASM_REJECTED_MARKED, /* decoded, but the text carries an invalid-encoding marker */
    LLVM_DISASM_CRASHED,         /* isolated mode: LLVM killed its process on this input */
} llvm_disasm_outcome;

typedef struct llvm_disasm_result {
    llvm_disasm_outcome outcome;
    size_t size;                     /* bytes consumed (0 when LLVM failed to decode) */
    char text[LLVM_DISASM_TEXT_MAX]; /* normalized: no leading tab, no trailing blanks */
    char raw[LLVM_DISASM_TEXT_MAX];  /* exactly what LLVM wrote */
    const char *marker;              /* the marker found (REJECTED_MARKED), else NULL */
    peer_isolate_fate fate;          /* CRASHED: the signal (or exit status) it died of */
} llvm_disasm_result;

/* LLVM's side of a word as one text: its normalized text, "(rejected)" when it failed to decode,
 * or the crash ("(crashed: SIGSEGV)"): the form reproducers record. */
void llvm_disasm_text_of(const llvm_disasm_result *r, char *out, size_t size);

/* Substrings of LLVM's text that mean "this is not a valid encoding", NULL-terminated, each with
 * what prints it. Matched case-insensitively (LLVM 14 writes "invalid immediate", 19 "Invalid"). */
typedef struct llvm_disasm_marker {
    const char *text;
    const char *note;
} llvm_disasm_marker;
const llvm_disasm_marker *llvm_disasm_markers(void);

typedef struct llvm_disasm llvm_disasm;

#ifdef GCN_LLVM_C
/* "LLVM 14.0.6" etc.: the version the executable was built against; "llvm-14" is its peer name
 * in spec/peers/llvm-known.json. */
const char *llvm_disasm_version(void);
const char *llvm_disasm_peer(void);

/* A disassembler for the triple amdgcn-- (what llvm-mc -arch=amdgcn uses) and the cpu (tonga,
 * gfx900); NULL when this LLVM lacks the target or the cpu. Never ask for tahiti or bonaire:
 * LLVM 14 and 19 abort the process there ("LLVM ERROR: Disassembly not yet supported for
 * subtarget"). */
llvm_disasm *llvm_disasm_open(const char *mcpu);
void llvm_disasm_close(llvm_disasm *d);

/* Disassembles one instruction from the len bytes at bytes; LLVM reads at most len (and at most
 * LLVM_DISASM_INPUT_MAX). In this process: a word LLVM crashes on kills the caller. */
llvm_disasm_outcome llvm_disasm_one(llvm_disasm *d, const uint8_t *bytes, size_t len,
                                    llvm_disasm_result *r);

/* The isolated mode: the same disassembler in a fork server (isolate.h). A batch of inputs goes
 * to one child process; an input LLVM crashes on comes back as LLVM_DISASM_CRASHED with the
 * signal, and a new child takes the rest of the batch. */
#define LLVM_DISASM_INPUT_MAX 64
#define LLVM_DISASM_BATCH 4096 /* inputs a child takes at once */

typedef struct llvm_disasm_input {
    const uint8_t *bytes;
    size_t len; /* at most LLVM_DISASM_INPUT_MAX are read */
} llvm_disasm_input;

typedef struct llvm_disasm_isolated llvm_disasm_isolated;

/* GCN_ERR_UNSUPPORTED when this LLVM lacks the cpu (as llvm_disasm_open's NULL); other errors
 * (mmap) in diag. */
gcn_status llvm_disasm_isolated_open(llvm_disasm_isolated **out, const char *mcpu, gcn_diag *diag);
void llvm_disasm_isolated_close(llvm_disasm_isolated *d);
/* Disassembles the n inputs into out (n results). An error is the server's own (fork,
 * socketpair: diag says which), never a crash of LLVM's. */
gcn_status llvm_disasm_isolated_run(llvm_disasm_isolated *d, const llvm_disasm_input *in, size_t n,
                                    llvm_disasm_result *out, gcn_diag *diag);
/* One input (a reproducer), in the child. */
gcn_status llvm_disasm_isolated_one(llvm_disasm_isolated *d, const uint8_t *bytes, size_t len,
                                    llvm_disasm_result *r, gcn_diag *diag);
const peer_isolate_stats *llvm_disasm_isolated_stats(const llvm_disasm_isolated *d);
/* For tests of the isolation itself: the child raises sig instead of disassembling an input
 * whose first len bytes are these (at most 8 such faults). */
gcn_status llvm_disasm_isolated_fault(llvm_disasm_isolated *d, const uint8_t *bytes, size_t len,
                                      int sig);
#endif

/* ---- words (the encodings' tables: vectors/known_word.h) --------------------------------------
 */

/* Little-endian load of the first min(n, 8) bytes. */
uint64_t peer_load(const uint8_t *bytes, size_t n);

/* A 64-bit PRNG (splitmix64): deterministic from its printed seed. */
uint64_t peer_rand(uint64_t *state);

/* ---- known, classified disagreements (spec/peers/llvm-known.json) --------------------------- */

/* One word as both sides saw it. */
typedef struct peer_view {
    const char *peer; /* "llvm-14", "llvm-19" (LLVM-C), "llvm-mc-14" (reassembly) */
    int gen;
    int encoding;              /* the codec's encoding index, -1 when it models none */
    const char *encoding_name; /* the catalogue's name (gcn_disasm_next), NULL: the codec's */
    const uint8_t *bytes;
    size_t len;
    int ours_ok;           /* gcn_decode returned GCN_OK */
    const char *ours_text; /* gcn_print's text ("" when rejected) */
    int peer_ok; /* GCN_KW_ACCEPT: the peer accepted (disassembled; reassembly: assembled),
                  * GCN_KW_REJECT, or GCN_KW_CRASH: it died on the word (isolated mode) */
    const char *peer_text; /* the peer's text: LLVM's (marked) text, llvm-mc's error or bytes */
} peer_view;

typedef struct peer_known peer_known;

/* Classifications (vectors/known_word.h): only those with `fails` set keep the test red. */
typedef gcn_kw_class peer_class_info;
const peer_class_info *peer_classes(void); /* NULL-name terminated */

/* An entry: vectors/known_word.h, the one loader and matcher of the file's word entries. */
typedef gcn_kw_entry peer_known_entry;

/* Loads the list ({schema, about, peers, known: [entries as vectors/known_word.h says]}). Bad
 * input is a file:line:col error. */
gcn_status peer_known_load(peer_known **out, const char *path, gcn_diag *diag);
void peer_known_free(peer_known *k);
size_t peer_known_count(const peer_known *k);
const peer_known_entry *peer_known_get(const peer_known *k, size_t i);
/* The reproducer's recorded text for a peer (NULL when the entry records none for it). */
const char *peer_known_repro_peer(const peer_known *k, size_t i, const char *peer);
/* Does entry i apply to this peer and generation at all? */
int peer_known_applies(const peer_known *k, size_t i, const char *peer, int gen);
/* The first entry that explains the disagreement, -1 when none does. */
long peer_known_match(const peer_known *k, const peer_view *v);
int peer_known_match_one(const peer_known *k, size_t i, const peer_view *v);

/* gcnspec's side of a word: "(rejected: <status>)" when decode fails. */
void peer_ours_text(int gen, const uint8_t *bytes, size_t len, char *out, size_t size, int *ok);

/* ---- reports/codec-vs-llvm.md ---------------------------------------------------------------- */

/* Replaces (or adds) one section of the report, keeping the others: sections are delimited by
 * "<!-- section: NAME -->" / "<!-- end: NAME -->" and always written in one fixed order
 * (llvm-14, llvm-19, reassemble, sop1-sweep-llvm-14, sop1-sweep-llvm-19, sop1-sweep-none) after a
 * fixed header, so the file does not depend on the order the writers run in. Written to a
 * temporary file and renamed. */
gcn_status peer_report_section(const char *path, const char *name, const char *body,
                               gcn_diag *diag);

#endif
