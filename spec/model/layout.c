#include "layout.h"

#include <string.h>

void gcn_read_layout(const gcn_facts *f, const char *file, const char *enc, const char *gen,
                     gcn_reading *r)
{
    size_t i, j;
    r->n = 0;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        int overridden = 0;
        /* a field of another form's table (the VOP3 layout on the VOP1 page) is not one of
         * this encoding's */
        if (x->kind != GCN_FACT_FIELD || strcmp(x->file, file) != 0 ||
            strcmp(x->encoding, enc) != 0 || x->form)
            continue;
        if (x->gens.n && !gcn_strs_has(&x->gens, gen))
            continue;
        if (!x->gens.n)
            for (j = 0; j < f->n; j++) {
                const gcn_fact *y = &f->v[j];
                if (y != x && y->kind == GCN_FACT_FIELD && strcmp(y->file, file) == 0 && !y->form &&
                    strcmp(y->name, x->name) == 0 && gcn_strs_has(&y->gens, gen))
                    overridden = 1;
            }
        if (!overridden)
            r->v[r->n++] = x;
    }
}

int gcn_field_tiled(const gcn_reading *r, long lo, long hi, const void *self)
{
    long bit;
    size_t i, inside = 0;
    for (bit = lo; bit <= hi; bit++) {
        int cover = 0;
        for (i = 0; i < r->n; i++) {
            const gcn_fact *b = r->v[i];
            if ((const void *)b == self || b->lo < lo || b->hi > hi)
                continue;
            if (bit >= b->lo && bit <= b->hi)
                cover++;
        }
        if (cover != 1)
            return 0;
    }
    for (i = 0; i < r->n; i++)
        if ((const void *)r->v[i] != self && r->v[i]->lo >= lo && r->v[i]->hi <= hi)
            inside++;
    return inside >= 2;
}
