/* spec/peers/llvm-known.json, compiled into the LLVM targets at build time
 * (harness/embed.cmake), so a fuzzing binary needs no file beside it: the known, classified
 * disagreements do not abort, only new ones do. GCN_LLVM_KNOWN=FILE loads another list. */
#ifndef GCN_HARNESS_KNOWN_LIST_H
#define GCN_HARNESS_KNOWN_LIST_H

#include <stddef.h>

#include "tests/peer/llvm_disasm.h"

extern const unsigned char gcn_known_json[];
extern const size_t gcn_known_json_len;

/* Loads the list (exits with a file:line:col message when it does not load). */
peer_known *known_list_load(void);

#endif
