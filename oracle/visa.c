/* vISA DWORD_ATOMIC: the one file that includes the generated operations (gen/gcngen visa ->
 * gcn_visa.inc, from gcn.json's visa section), and the instruction's channel loop as the
 * page's semantics block writes it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/oracle.h"
#include "outcomes.h"
#include "visa_rt.h"

#include "gcn_visa.inc"

static int valid_size(unsigned n)
{
    size_t i;
    for (i = 0; i < gv_table_data.ncounts; i++)
        if (gv_table_data.channel_counts[i] == n)
            return 1;
    return 0;
}

gcn_status gcn_visa_state_init(gcn_visa_state *s, unsigned exec_size)
{
    memset(s, 0, sizeof(*s));
    if (!valid_size(exec_size) || exec_size > GCN_VISA_MAX_CHANNELS)
        return GCN_ERR_INVALID;
    s->exec_size = exec_size;
    s->emask = exec_size >= 32 ? 0xffffffffu : (1u << exec_size) - 1;
    s->surface_bytes = GCN_VISA_SURFACE_BYTES;
    return GCN_OK;
}

unsigned gcn_visa_op_count(void)
{
    return (unsigned)gv_table_data.nops;
}

gcn_status gcn_visa_op_info_get(unsigned op, gcn_visa_op_info *out)
{
    const gv_op *r;
    if (op >= gv_table_data.nops)
        return GCN_ERR_INVALID;
    r = &gv_table_data.ops[op];
    out->name = r->name;
    out->mnemonic = r->mnemonic;
    out->formula = r->formula;
    out->type = r->type;
    out->at = r->at;
    out->errata = r->errata;
    out->code = r->code;
    out->returns_new = r->returns_new;
    out->reads_src0 = r->reads_src0;
    out->reads_src1 = r->reads_src1;
    return GCN_OK;
}

static int icase_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

int gcn_visa_op_lookup(const char *name)
{
    size_t i;
    for (i = 0; i < gv_table_data.nops; i++)
        if (icase_eq(name, gv_table_data.ops[i].name) ||
            icase_eq(name, gv_table_data.ops[i].mnemonic))
            return (int)i;
    return -1;
}

const char *gcn_visa_spec_sha256(void)
{
    return gv_table_data.sha256;
}

uint32_t gcn_visa_chen(const gcn_visa_state *s)
{
    uint32_t m = s->exec_size >= 32 ? 0xffffffffu : (1u << s->exec_size) - 1;
    if (!s->nomask)
        m &= s->emask;
    if (s->predicated)
        m &= s->pred;
    return m;
}

uint32_t gcn_visa_apply(unsigned op, uint32_t old, uint32_t src0, uint32_t src1)
{
    if (op >= gv_table_data.nops)
        return old;
    return gv_table_data.ops[op].fn(old, src0, src1);
}

static int in_bounds(const gcn_visa_state *s, uint32_t off)
{
    uint32_t size =
        s->surface_bytes < GCN_VISA_SURFACE_BYTES ? s->surface_bytes : GCN_VISA_SURFACE_BYTES;
    return off <= size && size - off >= 4;
}

/* The semantics block, for the channels in chen, in order (NULL: ascending). */
static void run(gcn_visa_state *s, const gv_op *op, uint32_t chen, const uint8_t *order)
{
    unsigned k;
    for (k = 0; k < s->exec_size; k++) {
        unsigned i = order ? order[k] : k;
        uint32_t off, old = 0, nv;
        if (i >= s->exec_size || !(chen >> i & 1))
            continue;
        off = s->element_offset[i];
        if (in_bounds(s, off))
            memcpy(&old, s->surface + off, 4); /* little-endian hosts; see the check below */
        nv = op->fn(old, s->src0[i], s->src1[i]);
        if (in_bounds(s, off))
            memcpy(s->surface + off, &nv, 4);
        if (!s->dst_null)
            s->dst[i] = op->returns_new ? nv : old;
    }
}

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "oracle/visa.c reads surface dwords with memcpy: little-endian hosts only"
#endif

static gcn_status check(const gcn_visa_state *s, unsigned op, const uint8_t *order, gcn_diag *diag)
{
    unsigned i;
    uint32_t seen = 0;
    if (op >= gv_table_data.nops) {
        gcn_diag_set(diag, "", 0, 0, "vISA operation %u: the table has %zu", op,
                     gv_table_data.nops);
        return GCN_ERR_INVALID;
    }
    if (!valid_size(s->exec_size) || s->exec_size > GCN_VISA_MAX_CHANNELS) {
        gcn_diag_set(diag, "", 0, 0, "vISA exec_size %u is not one the page allows", s->exec_size);
        return GCN_ERR_INVALID;
    }
    if (order)
        for (i = 0; i < s->exec_size; i++) {
            if (order[i] >= s->exec_size || (seen >> order[i] & 1)) {
                gcn_diag_set(diag, "", 0, 0, "channel order is not a permutation of 0..%u",
                             s->exec_size - 1);
                return GCN_ERR_INVALID;
            }
            seen |= 1u << order[i];
        }
    return GCN_OK;
}

gcn_status gcn_visa_exec(gcn_visa_state *s, unsigned op, const uint8_t *channel_order,
                         gcn_diag *diag)
{
    gcn_status st = check(s, op, channel_order, diag);
    if (st != GCN_OK)
        return st;
    run(s, &gv_table_data.ops[op], gcn_visa_chen(s), channel_order);
    return GCN_OK;
}

/* ---- outcomes ----------------------------------------------------------------------------- */

typedef struct visa_group_run {
    gcn_visa_state *w;
    const gcn_visa_state *before, *observed;
    const gv_op *op;
    uint8_t member[GCN_VISA_MAX_CHANNELS];
    unsigned k;
    uint32_t chans;
    go_set seen;
    int matched;
} visa_group_run;

static void restore_group(visa_group_run *g)
{
    unsigned j;
    for (j = 0; j < g->k; j++) {
        unsigned c = g->member[j];
        uint32_t off = g->before->element_offset[c];
        g->w->dst[c] = g->before->dst[c];
        memcpy(g->w->surface + off, g->before->surface + off, 4);
    }
}

static gcn_status visa_run_order(const uint8_t *perm, void *user)
{
    visa_group_run *g = user;
    uint8_t order[GCN_VISA_MAX_CHANNELS];
    unsigned j, n = 0;
    uint64_t h = 0;
    int same = 1;
    for (j = 0; j < g->k; j++)
        order[n++] = g->member[perm[j]];
    for (j = 0; j < g->w->exec_size; j++)
        if (!(g->chans >> j & 1))
            order[n++] = (uint8_t)j;
    restore_group(g);
    run(g->w, g->op, g->chans, order);
    for (j = 0; j < g->k; j++) {
        unsigned c = g->member[j];
        uint32_t off = g->w->element_offset[c];
        h = gcn_go_hash(h, &g->w->dst[c], 4);
        h = gcn_go_hash(h, g->w->surface + off, 4);
        if (g->observed && (g->observed->dst[c] != g->w->dst[c] ||
                            memcmp(g->observed->surface + off, g->w->surface + off, 4) != 0))
            same = 0;
    }
    if (!gcn_go_set_add(&g->seen, h))
        return GCN_ERR_NOMEM;
    if (g->observed && same)
        g->matched = 1;
    return GCN_OK;
}

gcn_status gcn_visa_outcomes(const gcn_visa_state *before, unsigned op,
                             const gcn_outcome_limits *lim, const gcn_visa_state *observed,
                             gcn_outcome_report *r, gcn_diag *diag)
{
    gcn_visa_state *asc, *w;
    uint8_t *ign;
    unsigned i, j, parent[GCN_VISA_MAX_CHANNELS];
    uint32_t chen, done = 0, ign_ch = 0, acc = 0;
    gcn_status st = check(before, op, NULL, diag);
    memset(r, 0, sizeof(*r));
    r->exhaustive = 1;
    r->outcomes = 1;
    if (st != GCN_OK)
        return st;
    asc = malloc(sizeof(*asc));
    w = malloc(sizeof(*w));
    ign = calloc(1, GCN_VISA_SURFACE_BYTES);
    if (!asc || !w || !ign) {
        free(asc);
        free(w);
        free(ign);
        return GCN_ERR_NOMEM;
    }
    memcpy(asc, before, sizeof(*asc));
    run(asc, &gv_table_data.ops[op], gcn_visa_chen(before), NULL);
    memcpy(w, before, sizeof(*w));
    chen = gcn_visa_chen(before);
    for (i = 0; i < before->exec_size; i++) {
        parent[i] = i;
        if ((chen >> i & 1) && in_bounds(before, before->element_offset[i]))
            acc |= 1u << i; /* out-of-bounds channels touch nothing */
    }
    for (i = 0; i < before->exec_size; i++)
        for (j = i + 1; j < before->exec_size; j++)
            if ((acc >> i & 1) && (acc >> j & 1) &&
                before->element_offset[i] < before->element_offset[j] + 4 &&
                before->element_offset[j] < before->element_offset[i] + 4) {
                unsigned a = i, b = j;
                while (parent[a] != a)
                    a = parent[a];
                while (parent[b] != b)
                    b = parent[b];
                parent[a] = b;
            }
    for (i = 0; i < before->exec_size && st == GCN_OK; i++) {
        visa_group_run g;
        unsigned root = i;
        if (!(acc >> i & 1) || (done >> i & 1))
            continue;
        while (parent[root] != root)
            root = parent[root];
        memset(&g, 0, sizeof(g));
        for (j = i; j < before->exec_size; j++) {
            unsigned rj = j;
            while (parent[rj] != rj)
                rj = parent[rj];
            if ((acc >> j & 1) && rj == root) {
                g.member[g.k++] = (uint8_t)j;
                g.chans |= 1u << j;
            }
        }
        done |= g.chans;
        if (g.k < 2)
            continue;
        g.w = w;
        g.before = before;
        g.observed = observed;
        g.op = &gv_table_data.ops[op];
        st = gcn_go_for_each_order(g.k, lim, visa_run_order, &g, &r->orders, &r->exhaustive);
        restore_group(&g);
        if (st == GCN_OK) {
            gcn_go_report_group(r, g.k, gcn_go_set_distinct(&g.seen));
            if (observed && !g.matched && !r->why[0])
                snprintf(r->why, sizeof(r->why),
                         "channels %u.. (%u on overlapping bytes): no order of them gives the "
                         "observed surface and dst",
                         g.member[0], g.k);
            ign_ch |= g.chans;
            for (j = 0; j < g.k; j++)
                memset(ign + before->element_offset[g.member[j]], 1, 4);
        }
        gcn_go_set_free(&g.seen);
    }
    if (st == GCN_OK && observed) {
        r->checked = 1;
        if (!r->why[0]) {
            for (i = 0; i < GCN_VISA_MAX_CHANNELS && !r->why[0]; i++)
                if (!(ign_ch >> i & 1) && observed->dst[i] != asc->dst[i])
                    snprintf(r->why, sizeof(r->why), "dst[%u]: 0x%08x, every order gives 0x%08x", i,
                             observed->dst[i], asc->dst[i]);
            for (i = 0; i < GCN_VISA_SURFACE_BYTES && !r->why[0]; i++)
                if (!ign[i] && observed->surface[i] != asc->surface[i])
                    snprintf(r->why, sizeof(r->why),
                             "surface byte 0x%x: 0x%02x, every order gives 0x%02x", i,
                             observed->surface[i], asc->surface[i]);
            if (!r->why[0] && (memcmp(observed->src0, asc->src0, sizeof(asc->src0)) ||
                               memcmp(observed->src1, asc->src1, sizeof(asc->src1)) ||
                               memcmp(observed->element_offset, asc->element_offset,
                                      sizeof(asc->element_offset)) ||
                               observed->exec_size != asc->exec_size))
                snprintf(r->why, sizeof(r->why), "the instruction's sources differ");
        }
        r->allowed = r->why[0] == 0;
    }
    free(asc);
    free(w);
    free(ign);
    return st;
}
