/* The allowed outcomes of one instruction whose lanes touch overlapping bytes (see
 * gcn_exec_outcomes in oracle.h): the orders of a group of conflicting lanes, the distinct
 * results they give, and whether an observed state is one of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_internal.h"
#include "outcomes.h"

/* ---- orders ------------------------------------------------------------------------------- */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int next_permutation(uint8_t *p, unsigned k)
{
    unsigned i, j;
    if (k < 2)
        return 0;
    for (i = k - 1; i > 0 && p[i - 1] >= p[i]; i--)
        ;
    if (i == 0)
        return 0;
    for (j = k - 1; p[j] <= p[i - 1]; j--)
        ;
    {
        uint8_t t = p[i - 1];
        p[i - 1] = p[j];
        p[j] = t;
    }
    for (j = k - 1; i < j; i++, j--) {
        uint8_t t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    return 1;
}

void gcn_go_limits(const gcn_outcome_limits *lim, unsigned *exhaustive, unsigned *samples,
                   uint64_t *seed)
{
    *exhaustive =
        lim && lim->exhaustive_lanes ? lim->exhaustive_lanes : GCN_OUTCOME_EXHAUSTIVE_LANES;
    if (*exhaustive > 10)
        *exhaustive = 10;
    *samples = lim && lim->samples ? lim->samples : 1000;
    *seed = lim ? lim->seed : 0;
}

gcn_status gcn_go_for_each_order(unsigned k, const gcn_outcome_limits *lim, go_order_fn fn,
                                 void *user, uint64_t *orders, int *exhaustive)
{
    uint8_t p[GCN_LANES];
    unsigned i, ex, samples, n;
    uint64_t seed;
    gcn_status st;
    gcn_go_limits(lim, &ex, &samples, &seed);
    for (i = 0; i < k; i++)
        p[i] = (uint8_t)i;
    if (k <= ex) {
        do {
            (*orders)++;
            if ((st = fn(p, user)) != GCN_OK)
                return st;
        } while (next_permutation(p, k));
        return GCN_OK;
    }
    *exhaustive = 0;
    for (n = 0; n < samples; n++) {
        if (n == 1)
            for (i = 0; i < k; i++)
                p[i] = (uint8_t)(k - 1 - i);
        else if (n > 1)
            for (i = k - 1; i > 0; i--) {
                unsigned j = (unsigned)(splitmix(&seed) % (i + 1));
                uint8_t t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
        (*orders)++;
        if ((st = fn(p, user)) != GCN_OK)
            return st;
    }
    return GCN_OK;
}

/* ---- distinct results --------------------------------------------------------------------- */

uint64_t gcn_go_hash(uint64_t h, const void *data, size_t n)
{
    const uint8_t *p = data;
    size_t i;
    if (!h)
        h = 0xcbf29ce484222325ull;
    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int gcn_go_set_add(go_set *s, uint64_t h)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        uint64_t *v = realloc(s->v, cap * sizeof(*v));
        if (!v)
            return 0;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = h;
    return 1;
}

uint64_t gcn_go_set_distinct(go_set *s)
{
    size_t i;
    uint64_t d = 0;
    qsort(s->v, s->n, sizeof(*s->v), cmp_u64);
    for (i = 0; i < s->n; i++)
        d += i == 0 || s->v[i] != s->v[i - 1];
    return d;
}

void gcn_go_set_free(go_set *s)
{
    free(s->v);
    memset(s, 0, sizeof(*s));
}

void gcn_go_report_group(gcn_outcome_report *r, unsigned k, uint64_t distinct)
{
    r->groups++;
    if (k > r->largest)
        r->largest = k;
    if (distinct && r->outcomes > UINT64_MAX / distinct)
        r->outcomes = UINT64_MAX;
    else
        r->outcomes *= distinct;
}

/* ---- DS lanes ----------------------------------------------------------------------------- */

typedef struct ranges {
    gs_access_log log[GCN_LANES];
} ranges;

static int overlap(const gs_access_log *a, const gs_access_log *b)
{
    unsigned i, j;
    for (i = 0; i < a->n; i++)
        for (j = 0; j < b->n; j++)
            if (a->space[i] == b->space[j] && (a->write[i] || b->write[j]) && a->lo[i] < b->hi[j] &&
                b->lo[j] < a->hi[i])
                return 1;
    return 0;
}

static unsigned find(unsigned *parent, unsigned i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

static uint8_t *space_of(gcn_wave_state *s, unsigned space)
{
    return space ? s->gds : s->lds;
}

/* Puts back what one DS run can change: the bytes of the lanes' ranges, the lanes' VGPRs and
 * the scalar state. */
static void restore(gcn_wave_state *w, const gcn_wave_state *b, const ranges *rg, uint64_t lanes)
{
    uint64_t m = lanes;
    memcpy(w->sreg, b->sreg, sizeof(w->sreg));
    w->scc = b->scc;
    w->pc = b->pc;
    w->csp = b->csp;
    w->mode = b->mode;
    w->vskip = b->vskip;
    w->lgkm_cnt = b->lgkm_cnt;
    w->clock = b->clock;
    while (m) {
        unsigned lane = (unsigned)__builtin_ctzll(m), r, i;
        const gs_access_log *l = &rg->log[lane];
        m &= m - 1;
        for (r = 0; r < GCN_VGPRS; r++)
            w->vgpr[r][lane] = b->vgpr[r][lane];
        for (i = 0; i < l->n; i++)
            memcpy(space_of(w, l->space[i]) + l->lo[i],
                   space_of((gcn_wave_state *)b, l->space[i]) + l->lo[i], l->hi[i] - l->lo[i]);
    }
}

static uint64_t footprint_hash(const gcn_wave_state *w, const ranges *rg, uint64_t lanes)
{
    uint64_t h = 0, m = lanes;
    while (m) {
        unsigned lane = (unsigned)__builtin_ctzll(m), r, i;
        const gs_access_log *l = &rg->log[lane];
        m &= m - 1;
        for (r = 0; r < GCN_VGPRS; r++)
            h = gcn_go_hash(h, &w->vgpr[r][lane], 4);
        for (i = 0; i < l->n; i++)
            h = gcn_go_hash(h, space_of((gcn_wave_state *)w, l->space[i]) + l->lo[i],
                            l->hi[i] - l->lo[i]);
    }
    return h;
}

static int footprint_equal(const gcn_wave_state *a, const gcn_wave_state *b, const ranges *rg,
                           uint64_t lanes)
{
    uint64_t m = lanes;
    while (m) {
        unsigned lane = (unsigned)__builtin_ctzll(m), r, i;
        const gs_access_log *l = &rg->log[lane];
        m &= m - 1;
        for (r = 0; r < GCN_VGPRS; r++)
            if (a->vgpr[r][lane] != b->vgpr[r][lane])
                return 0;
        for (i = 0; i < l->n; i++)
            if (memcmp(space_of((gcn_wave_state *)a, l->space[i]) + l->lo[i],
                       space_of((gcn_wave_state *)b, l->space[i]) + l->lo[i],
                       l->hi[i] - l->lo[i]) != 0)
                return 0;
    }
    return 1;
}

typedef struct ds_group_run {
    gcn_wave_state *w;
    const gcn_wave_state *before, *observed;
    const gs_desc *d;
    gcn_exec_options opts;
    const ranges *rg;
    uint64_t lanes;
    uint8_t member[GCN_LANES];
    unsigned k;
    go_set seen;
    int matched;
    gcn_diag *diag;
} ds_group_run;

static gcn_status ds_run_order(const uint8_t *perm, void *user)
{
    ds_group_run *g = user;
    uint8_t order[GCN_LANES];
    unsigned i, n = 0;
    uint64_t in_group = g->lanes;
    gcn_status st;
    for (i = 0; i < g->k; i++)
        order[n++] = g->member[perm[i]];
    for (i = 0; i < GCN_LANES; i++)
        if (!(in_group >> i & 1))
            order[n++] = (uint8_t)i;
    restore(g->w, g->before, g->rg, g->lanes);
    gcn_state_set_exec(g->w, g->lanes);
    g->opts.lane_order = order;
    if ((st = gcn_gs_run(g->w, g->d, &g->opts, g->diag)) != GCN_OK)
        return st;
    if (!gcn_go_set_add(&g->seen, footprint_hash(g->w, g->rg, g->lanes)))
        return GCN_ERR_NOMEM;
    if (g->observed && !g->matched && footprint_equal(g->w, g->observed, g->rg, g->lanes))
        g->matched = 1;
    return GCN_OK;
}

static int smem_equal(const gcn_wave_state *a, const gcn_wave_state *b, uint64_t *where)
{
    const gcn_wave_state *s[2] = {a, b};
    unsigned k, p;
    for (k = 0; k < 2; k++)
        for (p = 0; p < s[k]->smem.npages; p++) {
            uint8_t x[GCN_SMEM_PAGE_BYTES], y[GCN_SMEM_PAGE_BYTES];
            uint64_t addr = s[k]->smem.page_addr[p];
            gcn_smem_read(a, addr, x, sizeof(x));
            gcn_smem_read(b, addr, y, sizeof(y));
            if (memcmp(x, y, sizeof(x)) != 0) {
                *where = addr;
                return 0;
            }
        }
    return 1;
}

/* observed against the ascending run, outside the groups' bytes and lanes */
static int outside_equal(const gcn_wave_state *asc, const gcn_wave_state *obs, const uint8_t *ign,
                         uint64_t ign_lanes, char *why, size_t n)
{
    unsigned r, lane, sp;
    uint64_t addr;
    if (asc->gen != obs->gen || asc->scc != obs->scc || asc->pc != obs->pc ||
        asc->csp != obs->csp || asc->lgkm_cnt != obs->lgkm_cnt || asc->clock != obs->clock ||
        asc->mode != obs->mode || asc->vskip != obs->vskip) {
        snprintf(why, n, "the generation, SCC, PC, CSP, MODE, VSKIP, LGKM_CNT or clock differ");
        return 0;
    }
    for (r = 0; r < GCN_SCALAR_CODES; r++)
        if (asc->sreg[r] != obs->sreg[r]) {
            snprintf(why, n, "scalar register code %u: 0x%08x, every order gives 0x%08x", r,
                     obs->sreg[r], asc->sreg[r]);
            return 0;
        }
    for (r = 0; r < GCN_VGPRS; r++)
        for (lane = 0; lane < GCN_LANES; lane++)
            if (!(ign_lanes >> lane & 1) && asc->vgpr[r][lane] != obs->vgpr[r][lane]) {
                snprintf(why, n, "v%u lane %u: 0x%08x, every order gives 0x%08x", r, lane,
                         obs->vgpr[r][lane], asc->vgpr[r][lane]);
                return 0;
            }
    for (sp = 0; sp < 2; sp++) {
        const uint8_t *x = sp ? asc->gds : asc->lds, *y = sp ? obs->gds : obs->lds;
        for (r = 0; r < GCN_LDS_BYTES; r++)
            if (!ign[sp * GCN_LDS_BYTES + r] && x[r] != y[r]) {
                snprintf(why, n, "%s byte 0x%x: 0x%02x, every order gives 0x%02x",
                         sp ? "GDS" : "LDS", r, y[r], x[r]);
                return 0;
            }
    }
    if (asc->gws_wait != obs->gws_wait ||
        memcmp(asc->gws_counter, obs->gws_counter, sizeof(asc->gws_counter)) != 0 ||
        memcmp(asc->gws_flag, obs->gws_flag, sizeof(asc->gws_flag)) != 0) {
        snprintf(why, n, "the global wave sync resources differ");
        return 0;
    }
    if (!smem_equal(asc, obs, &addr)) {
        snprintf(why, n, "scalar memory page 0x%llx differs", (unsigned long long)addr);
        return 0;
    }
    return 1;
}

gcn_status gcn_exec_outcomes(const gcn_wave_state *before, const gcn_inst *in,
                             const gcn_exec_options *o, const gcn_outcome_limits *lim,
                             const gcn_wave_state *observed, gcn_outcome_report *r, gcn_diag *diag)
{
    gcn_wave_state *asc = NULL, *w = NULL;
    ranges *rg = NULL;
    uint8_t *ign = NULL;
    gcn_exec_options opts;
    gcn_sem_info info;
    gs_desc d;
    gcn_status st;
    unsigned parent[GCN_LANES], i, j;
    uint64_t exec, done_lanes = 0, ign_lanes = 0;
    memset(r, 0, sizeof(*r));
    r->exhaustive = 1;
    r->outcomes = 1;
    if (in->gen != before->gen || (int)in->insn >= gcn_insn_count() ||
        gcn_sem_info_get((int)in->insn, before->gen, &info) != GCN_OK) {
        gcn_diag_set(diag, "", 0, 0, "the instruction is for %s, the state for %s",
                     gcn_gen_id(in->gen), gcn_gen_id(before->gen));
        return GCN_ERR_INVALID;
    }
    if (o)
        opts = *o;
    else
        memset(&opts, 0, sizeof(opts));
    opts.lane_order = NULL;
    gcn_gs_resolve(in, &d);
    asc = malloc(sizeof(*asc));
    w = malloc(sizeof(*w));
    rg = calloc(1, sizeof(*rg));
    ign = calloc(2, GCN_LDS_BYTES);
    if (!asc || !w || !rg || !ign) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    memcpy(asc, before, sizeof(*asc));
    if ((st = gcn_gs_run(asc, &d, &opts, diag)) != GCN_OK)
        goto done;
    memcpy(w, before, sizeof(*w));
    exec = gcn_state_exec(before);
    if (strcmp(info.encoding, "DS") == 0 && !info.wave_level) {
        /* each lane alone: the bytes it touches */
        for (i = 0; i < GCN_LANES; i++) {
            if (!(exec >> i & 1))
                continue;
            gcn_state_set_exec(w, 1ull << i);
            if ((st = gcn_gs_run_logged(w, &d, &opts, &rg->log[i], diag)) != GCN_OK)
                goto done;
            restore(w, before, rg, 1ull << i);
        }
        for (i = 0; i < GCN_LANES; i++)
            parent[i] = i;
        for (i = 0; i < GCN_LANES; i++)
            for (j = i + 1; j < GCN_LANES; j++)
                if ((exec >> i & 1) && (exec >> j & 1) && overlap(&rg->log[i], &rg->log[j]))
                    parent[find(parent, i)] = find(parent, j);
        for (i = 0; i < GCN_LANES; i++) {
            ds_group_run g;
            unsigned root = find(parent, i), k = 0;
            if (!(exec >> i & 1) || (done_lanes >> i & 1))
                continue;
            memset(&g, 0, sizeof(g));
            for (j = i; j < GCN_LANES; j++)
                if ((exec >> j & 1) && find(parent, j) == root) {
                    g.member[k++] = (uint8_t)j;
                    g.lanes |= 1ull << j;
                }
            done_lanes |= g.lanes;
            if (k < 2)
                continue;
            g.w = w;
            g.before = before;
            g.observed = observed;
            g.d = &d;
            g.opts = opts;
            g.rg = rg;
            g.k = k;
            g.diag = diag;
            st = gcn_go_for_each_order(k, lim, ds_run_order, &g, &r->orders, &r->exhaustive);
            restore(w, before, rg, g.lanes);
            gcn_state_set_exec(w, exec);
            if (st != GCN_OK) {
                gcn_go_set_free(&g.seen);
                goto done;
            }
            gcn_go_report_group(r, k, gcn_go_set_distinct(&g.seen));
            gcn_go_set_free(&g.seen);
            if (observed && !g.matched && !r->why[0])
                snprintf(r->why, sizeof(r->why),
                         "lanes %u.. (%u lanes on overlapping bytes): no order of them gives the "
                         "observed bytes and registers",
                         g.member[0], k);
            ign_lanes |= g.lanes;
            for (j = 0; j < k; j++) {
                const gs_access_log *l = &rg->log[g.member[j]];
                unsigned q;
                for (q = 0; q < l->n; q++)
                    memset(ign + l->space[q] * GCN_LDS_BYTES + l->lo[q], 1, l->hi[q] - l->lo[q]);
            }
        }
    }
    if (observed) {
        r->checked = 1;
        if (!r->why[0])
            outside_equal(asc, observed, ign, ign_lanes, r->why, sizeof(r->why));
        r->allowed = r->why[0] == 0;
    }
    st = GCN_OK;
done:
    free(asc);
    free(w);
    free(rg);
    free(ign);
    return st;
}
