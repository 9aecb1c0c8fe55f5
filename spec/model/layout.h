/* A page's reading of an encoding's layout for one generation: its fields qualified with that
 * generation plus its unqualified fields not overridden by a qualified one of the same name. */
#ifndef GCN_SPEC_LAYOUT_H
#define GCN_SPEC_LAYOUT_H

#include "facts.h"

typedef struct gcn_reading {
    const gcn_fact **v; /* field facts */
    size_t n;
} gcn_reading;

/* r->v must hold f->n entries. */
void gcn_read_layout(const gcn_facts *f, const char *file, const char *encoding, const char *gen,
                     gcn_reading *r);
/* a is exactly covered by at least two disjoint fields of r lying inside it (OFFSET by
 * OFFSET0 and OFFSET1): an alternative view of the same bits, not an overlap. */
int gcn_field_tiled(const gcn_reading *r, long lo, long hi, const void *self);

#endif
