/* Shared by the outcome searches of the DS lanes (outcomes.c) and the vISA channels
 * (visa.c). */
#ifndef GCN_ORACLE_OUTCOMES_H
#define GCN_ORACLE_OUTCOMES_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/oracle.h"

/* Called with each order of k members (a permutation of 0..k-1). */
typedef gcn_status (*go_order_fn)(const uint8_t *perm, void *user);

void gcn_go_limits(const gcn_outcome_limits *lim, unsigned *exhaustive, unsigned *samples,
                   uint64_t *seed);
/* Every order when k <= the limit (ascending first); else `samples` orders and *exhaustive
 * = 0. Adds the orders run to *orders. */
gcn_status gcn_go_for_each_order(unsigned k, const gcn_outcome_limits *lim, go_order_fn fn,
                                 void *user, uint64_t *orders, int *exhaustive);

/* FNV-1a over a result, and a multiset of them. */
uint64_t gcn_go_hash(uint64_t h, const void *data, size_t n);
typedef struct go_set {
    uint64_t *v;
    size_t n, cap;
} go_set;
int gcn_go_set_add(go_set *s, uint64_t h);
uint64_t gcn_go_set_distinct(go_set *s);
void gcn_go_set_free(go_set *s);
/* Counts a group of k members with `distinct` outcomes into r. */
void gcn_go_report_group(gcn_outcome_report *r, unsigned k, uint64_t distinct);

#endif
