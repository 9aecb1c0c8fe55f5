/* The vector directory `gcnspec vectors --out DIR` writes:
 *
 *   DIR/index.json                    the schema, spec hash, seed, files and counts
 *   DIR/jsonl/<enc>-<gen>.jsonl       one vector a line (docs/vectors.md)
 *   DIR/lit/MC/AMDGPU/gcnspec_<enc>_<gfx>.s       asm -> CHECK text ; encoding: [bytes]
 *   DIR/lit/MC/AMDGPU/gcnspec_<enc>_<gfx>_err.s   must-reject asm -> CHECK error
 *   DIR/lit/MC/Disassembler/AMDGPU/gcnspec_<enc>_<gfx>.txt   bytes -> CHECK text
 *   DIR/lit/lit.cfg.py                to run them with LLVM's lit outside LLVM's tree
 *
 * Every file is written to a temporary file and renamed; files of ours left from an earlier run
 * that this run did not write are removed, so the directory holds one run. The lit files leave
 * out the vectors a known entry says LLVM disagrees with (and instructions the spec says a peer
 * lacks), each listed in a comment with the entry that explains it, so they pass on an LLVM that
 * is right wherever it is not known to be wrong. */
#ifndef GCN_VECTORS_VEC_OUT_H
#define GCN_VECTORS_VEC_OUT_H

#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "vectors/known.h"
#include "vectors/spec_info.h"
#include "vectors/vector.h"

typedef struct gcn_vec_out gcn_vec_out;

typedef struct gcn_vec_out_options {
    const char *dir;
    const gcn_spec_info *spec;
    const gcn_known *known; /* for the lit files' left-out lists; NULL: leave nothing out */
    uint64_t seed;
    int lit;                   /* write the lit files */
    const char *lit_no_disasm; /* comma-separated mcpus LLVM does not disassemble */
} gcn_vec_out_options;

gcn_status gcn_vec_out_open(gcn_vec_out **out, const gcn_vec_out_options *opt, gcn_diag *diag);
/* The generator's emit callback (ctx: the gcn_vec_out). */
int gcn_vec_out_emit(const gcn_vector *v, void *ctx);
/* Writes the files of generation gen (after its vectors were emitted): on a thread, while the
 * next generation is made; a failure is returned by the next flush or gcn_vec_out_wait. */
gcn_status gcn_vec_out_flush(gcn_vec_out *o, int gen, gcn_diag *diag);
/* Waits for the files of the last flush; their failure (diag set), else GCN_OK. */
gcn_status gcn_vec_out_wait(gcn_vec_out *o, gcn_diag *diag);
/* index.json, lit.cfg.py, stale files; then frees o. Pass ok = 0 to only free. */
gcn_status gcn_vec_out_close(gcn_vec_out *o, int ok, gcn_diag *diag);
/* A one-line-per-file summary of what was written (for the command's output). */
const char *gcn_vec_out_summary(const gcn_vec_out *o);

#endif
