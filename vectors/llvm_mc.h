/* The llvm-mc adapter: one process per batch of lines, its answers mapped back to the lines.
 * Used by the differential tests and by the conformance checker. */
#ifndef GCN_VECTORS_LLVM_MC_H
#define GCN_VECTORS_LLVM_MC_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/status.h"
#include "util/proc.h"

typedef struct gcn_mc_result {
    int ok;            /* llvm-mc accepted the line */
    char text[256];    /* what it printed (leading/trailing blanks removed) */
    uint8_t bytes[16]; /* its encoding (disassembling: of what it printed) */
    size_t nbytes;
    char message[256]; /* its first diagnostic for the line, when any */
    int warning;       /* the diagnostic is a warning (the line was still handled) */
    int crashed;       /* the signal the peer dies of on this line alone (ok 0, message
                          "crashed (signal N)"): a batch is split around such a line */
} gcn_mc_result;

/* Assembles lines[0..n) with `peer -arch=amdgcn -mcpu=<gen's> -show-encoding`; out[i] answers
 * line i. When the peer dies of a signal, the batch is run again in halves, down to the line
 * that kills it alone (out[i].crashed). GCN_ERR_PEER when the peer cannot be run or its output
 * cannot be mapped. */
gcn_status gcn_mc_assemble(const char *peer, int gen, const char *const *lines, size_t n,
                           gcn_mc_result *out, char *why, size_t why_size);
/* Disassembles each line (bytes as "0x01,0x02,...") as one instruction on its own. A line is
 * ok when the peer decoded it as exactly one instruction; otherwise message says why. */
gcn_status gcn_mc_disassemble(const char *peer, int gen, const char *const *lines, size_t n,
                              gcn_mc_result *out, char *why, size_t why_size);
/* The peer's full path, or NULL when not installed (caller frees). */
char *gcn_mc_find(const char *peer);

/* The same in steps, for callers that run the peer themselves (the conformance checker runs
 * several at once): the argument vector (path, -arch=amdgcn, -mcpu=<gen's>, the mode's flags;
 * mcpu_arg holds the -mcpu argument), the stdin text (assembly: the lines, one a line), and the
 * answers read from the peer's stdout and stderr. */
void gcn_mc_argv(char *path, int gen, int disassemble, char mcpu_arg[64], char *argv[6]);
gcn_status gcn_mc_assemble_answers(const char *peer, const gcn_proc_result *r,
                                   const char *const *lines, size_t n, gcn_mc_result *out,
                                   char *why, size_t why_size);
/* Disassembly: an instruction of gen the peer decodes alone, that is no input line, goes after
 * every line ("[line]\n[marker]\n") to separate the answers. */
typedef struct gcn_mc_marker {
    char hex[80];
    char text[256];
} gcn_mc_marker;
gcn_status gcn_mc_find_marker(const char *peer, int gen, const char *const *lines, size_t n,
                              gcn_mc_marker *m, char *why, size_t why_size);
char *gcn_mc_disassemble_input(const gcn_mc_marker *m, const char *const *lines, size_t n);
/* Without markers ("[line]\n" each): half the work, mapped by counting; GCN_ERR_PEER when the
 * count does not settle it (a line decoded as several instructions): then use the markers. */
char *gcn_mc_disassemble_plain_input(const char *const *lines, size_t n);
gcn_status gcn_mc_disassemble_plain_answers(const char *peer, const gcn_proc_result *r,
                                            const char *const *lines, size_t n, gcn_mc_result *out,
                                            char *why, size_t why_size);
gcn_status gcn_mc_disassemble_answers(const char *peer, const gcn_mc_marker *m,
                                      const gcn_proc_result *r, const char *const *lines, size_t n,
                                      gcn_mc_result *out, char *why, size_t why_size);

#endif
