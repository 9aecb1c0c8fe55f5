/* A set of strings (copies), by open addressing: what a generator has emitted already. */
#ifndef GCN_UTIL_STRSET_H
#define GCN_UTIL_STRSET_H

#include <stddef.h>

typedef struct gcn_strset {
    char **slot;
    size_t cap, n;
} gcn_strset; /* zero-initialized is empty */

/* 1 when s was added, 0 when it was there already (or memory ran out: then nothing is emitted
 * twice either). */
int gcn_strset_add(gcn_strset *set, const char *s);
void gcn_strset_free(gcn_strset *set);

#endif
