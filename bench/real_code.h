/* The benchmarks' real-code stream: the instructions of the real-code corpus's code objects. */
#ifndef GCN_BENCH_REAL_CODE_H
#define GCN_BENCH_REAL_CODE_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"

/* Called for each instruction the codec decodes: its bytes (n of them) and the item the walk
 * made of them; non-zero stops the walk as an error. */
typedef int (*bench_code_fn)(void *ctx, const uint8_t *bytes, size_t n,
                             const gcn_disasm_item *item);

/* Walks DIR's code objects for gen (NAME_MCPU.o, in name order), their executable sections in
 * order, calling each on every instruction; *items (if given) counts every item the walk met.
 * Returns the number of code objects read, -1 on an error (said on stderr, after prog and a
 * hint of how to make the corpus). */
int bench_real_code(const char *prog, const char *dir, int gen, bench_code_fn each, void *ctx,
                    size_t *items);

#endif
