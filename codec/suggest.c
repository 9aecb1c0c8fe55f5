/* What a message about a mnemonic can offer beyond "unknown": the closest mnemonic of the spec
 * (every generation's), as llvm-mc's "did you mean" does. On the error path only. */
#include <stdio.h>
#include <string.h>

#include "codec_internal.h"

/* Optimal string alignment distance (a swap of two neighbours is one edit: "s_mvo" -> "s_mov"),
 * or limit + 1 once it must exceed limit: when two rows in a row are past it (a transposition
 * reaches back two rows, so one is not enough). */
static unsigned edit_distance(const char *a, size_t n, const char *b, size_t m, unsigned limit)
{
    unsigned row[3][GCN_SUGGEST_MAX + 1];
    size_t i, j;
    unsigned before = 0;
    if (n > GCN_SUGGEST_MAX || m > GCN_SUGGEST_MAX)
        return limit + 1;
    for (j = 0; j <= m; j++)
        row[0][j] = (unsigned)j;
    for (i = 1; i <= n; i++) {
        unsigned *cur = row[i % 3], *prev = row[(i + 2) % 3], *pprev = row[(i + 1) % 3];
        unsigned best = cur[0] = (unsigned)i;
        for (j = 1; j <= m; j++) {
            unsigned d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                pprev[j - 2] + 1 < d)
                d = pprev[j - 2] + 1;
            cur[j] = d;
            if (d < best)
                best = d;
        }
        if (best > limit && before > limit)
            return limit + 1;
        before = best;
    }
    return row[n % 3][m];
}

const gcn_insn_row *gcn_codec_closest_mnemonic(const gcn_tables *t, const char *m, size_t n,
                                               int gen)
{
    /* a third of the name, at least 1: 's_mov_b3' and 'ds_reed_b32' have a neighbour,
     * 'zz_not_an_instruction' none */
    unsigned limit = n < 6 ? 1 : (unsigned)(n / 3 < 3 ? n / 3 : 3), best = limit + 1;
    const gcn_insn_row *hit = NULL;
    unsigned k;
    for (k = 0; k < t->ninsns; k++) {
        const gcn_insn_row *r = &t->insns[k];
        size_t len = r->mnemonic_len;
        unsigned d;
        if ((len > n ? len - n : n - len) > limit)
            continue;
        d = edit_distance(m, n, r->mnemonic, len, limit);
        /* of two as close, the one on the generation asked for */
        if (d < best || (d == best && hit && hit->opcode[gen] == GCN_NO_INSN &&
                         r->opcode[gen] != GCN_NO_INSN)) {
            best = d;
            hit = r;
        }
    }
    return hit;
}

size_t gcn_codec_gens_text(const gcn_tables *t, unsigned mask, char *buf, size_t size)
{
    size_t n = 0;
    unsigned g;
    buf[0] = 0;
    for (g = 0; g < t->ngens && n + 1 < size; g++)
        if ((mask >> g) & 1) {
            int w = snprintf(buf + n, size - n, "%s%s", n ? ", " : "", t->gens[g].id);
            if (w < 0)
                break;
            n += (size_t)w;
        }
    return n < size ? n : size - 1;
}

size_t gcn_codec_gen_choices(const gcn_tables *t, char *buf, size_t size)
{
    size_t n = 0;
    unsigned g;
    buf[0] = 0;
    for (g = 0; g < t->ngens && n + 1 < size; g++) {
        int w = snprintf(buf + n, size - n, "%s%s (%s, %s)", g ? ", " : "", t->gens[g].id,
                         t->gens[g].llvm, t->gens[g].mcpu);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return n < size ? n : size - 1;
}
