/* The llvm-mc adapter: one process per batch of lines, its answers mapped back to the lines.
 * Used by the differential tests and by the conformance checker. */
#ifndef GCN_VECTORS_LLVM_MC_H
#define GCN_VECTORS_LLVM_MC_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/status.h"

typedef struct gcn_mc_result {
    int ok;            /* llvm-mc accepted the line */
    char text[256];    /* what it printed (leading/trailing blanks removed) */
    uint8_t bytes[16]; /* its encoding (disassembling: of what it printed) */
    size_t nbytes;
    char message[256]; /* its first diagnostic for the line, when any */
    int warning;       /* the diagnostic is a warning (the line was still handled) */
} gcn_mc_result;

/* Assembles lines[0..n) with `peer -arch=amdgcn -mcpu=<gen's> -show-encoding`; out[i] answers
 * line i. GCN_ERR_PEER when the peer cannot be run or its output cannot be mapped. */
gcn_status gcn_mc_assemble(const char *peer, int gen, const char *const *lines, size_t n,
                           gcn_mc_result *out, char *why, size_t why_size);
/* Disassembles each line (bytes as "0x01,0x02,...") as one instruction on its own. A line is
 * ok when the peer decoded it as exactly one instruction; otherwise message says why. */
gcn_status gcn_mc_disassemble(const char *peer, int gen, const char *const *lines, size_t n,
                              gcn_mc_result *out, char *why, size_t why_size);
/* The peer's full path, or NULL when not installed (caller frees). */
char *gcn_mc_find(const char *peer);

#endif
