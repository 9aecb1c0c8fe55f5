#include "strset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a */
static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

int gcn_strset_add(gcn_strset *set, const char *s)
{
    size_t i, len;
    if (set->n * 2 >= set->cap) {
        size_t ncap = set->cap ? set->cap * 2 : 1024, k;
        char **ns = calloc(ncap, sizeof(*ns));
        if (!ns)
            return 0;
        for (k = 0; k < set->cap; k++)
            if (set->slot[k]) {
                size_t j = (size_t)str_hash(set->slot[k]) & (ncap - 1);
                while (ns[j])
                    j = (j + 1) & (ncap - 1);
                ns[j] = set->slot[k];
            }
        free(set->slot);
        set->slot = ns;
        set->cap = ncap;
    }
    for (i = (size_t)str_hash(s) & (set->cap - 1); set->slot[i]; i = (i + 1) & (set->cap - 1))
        if (strcmp(set->slot[i], s) == 0)
            return 0;
    len = strlen(s) + 1;
    set->slot[i] = malloc(len);
    if (!set->slot[i])
        return 0;
    memcpy(set->slot[i], s, len);
    set->n++;
    return 1;
}

void gcn_strset_free(gcn_strset *set)
{
    size_t i;
    for (i = 0; i < set->cap; i++)
        free(set->slot[i]);
    free(set->slot);
    memset(set, 0, sizeof(*set));
}
