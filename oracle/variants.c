/* As written against as corrected: random encodings and states, and the search for a state on
 * which an instruction's two variants end differently (used by the errata report and the
 * oracle's tests). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "codec/tables.h"
#include "oracle_internal.h"

/* xorshift64* */
static uint64_t rnd(uint64_t *seed)
{
    uint64_t x = *seed;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *seed = x;
    return x * 0x2545f4914f6cdd1dull;
}

int gcn_random_inst(int insn, int gen, uint64_t *seed, gcn_inst *out)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    gcn_slot_row op;
    int tries;
    if (insn < 0 || insn >= (int)t->ninsns || gen < 0 || gen >= (int)t->ngens)
        return 0;
    row = &t->insns[insn];
    l = &t->layouts[gen * t->nencodings + row->encoding];
    op = l->slot[l->opcode_slot];
    if (row->opcode[gen] == GCN_NO_INSN || !l->present)
        return 0;
    for (tries = 0; tries < 20000; tries++) {
        uint64_t w = rnd(seed), m = op.width >= 64 ? ~0ull : ((1ull << op.width) - 1);
        uint8_t bytes[12];
        unsigned k;
        uint32_t lit = (uint32_t)rnd(seed);
        /* half the tries keep operand fields small: registers that exist, short offsets */
        if (tries & 1)
            w &= 0x00ff007f00ff007full | (w & 0x0101010101010101ull);
        /* clear the bits a decoded word cannot have (an integer source's modifiers, not
         * modelled yet, and the modifier fields the instruction does not take) */
        w &= ~gcn_refused_bits(t, (unsigned)gen, (unsigned)insn);
        w |= gcn_required_bits(t, (unsigned)gen, (unsigned)insn);
        w = (w & ~l->match_mask) | l->match_value;
        w = (w & ~(m << op.lo)) | ((uint64_t)row->opcode[gen] << op.lo);
        for (k = 0; k < 8; k++)
            bytes[k] = (uint8_t)(w >> (8 * k));
        if (l->bytes == 4)
            for (k = 0; k < 4; k++)
                bytes[4 + k] = (uint8_t)(lit >> (8 * k));
        for (k = 0; k < 4; k++)
            bytes[8 + k] = (uint8_t)(lit >> (8 * k));
        if (gcn_decode(gen, bytes, sizeof(bytes), out) == GCN_OK && out->insn == insn)
            return 1;
    }
    return 0;
}

static int holds_state(int gen, unsigned code)
{
    int cls = gcn_codec_tables()->scalars[gen * 256 + code].sclass;
    return cls == GCN_SC_SGPR || cls == GCN_SC_SPECIAL || cls == GCN_SC_TTMP;
}

void gcn_random_state(gcn_wave_state *s, int gen, uint64_t *seed)
{
    unsigned i, k;
    uint8_t page[GCN_SMEM_PAGE_BYTES];
    gcn_state_init(s, gen);
    for (i = 0; i < GCN_SCALAR_CODES; i++)
        if (holds_state(gen, i))
            s->sreg[i] = (uint32_t)rnd(seed) & (rnd(seed) & 1 ? 0xfff0u : 0xffffffffu);
    for (i = 0; i < GCN_VGPRS; i++)
        for (k = 0; k < GCN_LANES; k++)
            s->vgpr[i][k] = (uint32_t)rnd(seed) & (i & 1 ? 0x1ffffu : 0xffffffffu);
    for (i = 0; i < GCN_LDS_BYTES; i += 8) {
        uint64_t v = rnd(seed);
        memcpy(s->lds + i, &v, 8);
        v = rnd(seed);
        memcpy(s->gds + i, &v, 8);
    }
    for (i = 0; i < 0x10000; i += GCN_SMEM_PAGE_BYTES) {
        for (k = 0; k < GCN_SMEM_PAGE_BYTES; k += 8) {
            uint64_t v = rnd(seed);
            memcpy(page + k, &v, 8);
        }
        gcn_smem_write(s, i, page, sizeof(page));
    }
    gcn_state_set_exec(s, rnd(seed) & 1 ? ~0ull : rnd(seed));
    /* M0: no limit at all, a limit inside LDS (and a small GDS window from 0: where M0's role
       is a limit in one variant only, they differ there), or any value */
    switch (rnd(seed) % 3) {
    case 0:
        gcn_state_set_m0(s, 0xffffffffu);
        break;
    case 1:
        gcn_state_set_m0(s, (uint32_t)rnd(seed) & 0xfff0u);
        break;
    default:
        gcn_state_set_m0(s, (uint32_t)rnd(seed));
    }
    s->scc = rnd(seed) & 1;
    s->csp = (uint32_t)rnd(seed) & 7;
    s->pc = rnd(seed) & 0xfffc;
    s->clock = rnd(seed) & 0xffff;
}

void gcn_boundary_state(gcn_wave_state *s, int gen, uint32_t value)
{
    unsigned i, k;
    uint8_t page[GCN_SMEM_PAGE_BYTES];
    gcn_state_init(s, gen);
    for (i = 0; i < GCN_SCALAR_CODES; i++)
        if (holds_state(gen, i))
            s->sreg[i] = value;
    for (i = 0; i < GCN_VGPRS; i++)
        for (k = 0; k < GCN_LANES; k++)
            s->vgpr[i][k] = value;
    for (i = 0; i < GCN_LDS_BYTES; i += 4) {
        memcpy(s->lds + i, &value, 4);
        memcpy(s->gds + i, &value, 4);
    }
    for (k = 0; k < GCN_SMEM_PAGE_BYTES; k += 4)
        memcpy(page + k, &value, 4);
    for (i = 0; i < 0x10000; i += GCN_SMEM_PAGE_BYTES)
        gcn_smem_write(s, i, page, sizeof(page));
    gcn_state_set_exec(s, ~0ull);
    s->scc = value & 1;
}

/* ---- the search ----------------------------------------------------------------------------- */

typedef struct probe {
    const gcn_inst *in;
    gcn_wave_state *w, *c;
    gcn_status st[2]; /* the written run, then the corrected one */
    uint64_t *tried;
} probe;

static int differ(probe *p, const gcn_wave_state *s)
{
    gcn_exec_options o;
    gcn_diag d;
    memset(&o, 0, sizeof(o));
    memcpy(p->w, s, sizeof(*s));
    memcpy(p->c, s, sizeof(*s));
    o.variant = GCN_AS_WRITTEN;
    p->st[0] = gcn_exec_inst(p->w, p->in, &o, &d);
    o.variant = GCN_AS_CORRECTED;
    p->st[1] = gcn_exec_inst(p->c, p->in, &o, &d);
    (*p->tried)++;
    return p->st[0] != p->st[1] || memcmp(p->w, p->c, sizeof(*p->w)) != 0;
}

/* Zeroes what of bytes[0, n) the difference does not need, halving (granule: g bytes). */
static void shrink_bytes(probe *p, gcn_wave_state **cur, gcn_wave_state **trial, size_t off,
                         size_t n, size_t g)
{
    size_t half;
    uint8_t *b = (uint8_t *)*cur + off;
    size_t k;
    int zero = 1;
    for (k = 0; k < n && zero; k++)
        zero = b[k] == 0;
    if (zero)
        return;
    memcpy(*trial, *cur, sizeof(**cur));
    memset((uint8_t *)*trial + off, 0, n);
    if (differ(p, *trial)) {
        gcn_wave_state *t = *cur;
        *cur = *trial;
        *trial = t;
        return;
    }
    if (n <= g)
        return;
    half = (n / 2 + g - 1) / g * g;
    shrink_bytes(p, cur, trial, off, half, g);
    shrink_bytes(p, cur, trial, off + half, n - half, g);
}

static void minimize(probe *p, gcn_wave_state *s, gcn_wave_state *scratch)
{
    gcn_wave_state *cur = s, *trial = scratch;
    uint64_t exec = gcn_state_exec(s);
    unsigned lane;
    /* one lane where one does */
    for (lane = 0; lane < GCN_LANES && exec && (exec & (exec - 1)); lane++) {
        if (!(exec >> lane & 1))
            continue;
        memcpy(trial, cur, sizeof(*cur));
        gcn_state_set_exec(trial, 1ull << lane);
        if (differ(p, trial)) {
            gcn_wave_state *t = cur;
            cur = trial;
            trial = t;
            break;
        }
    }
    /* scalar memory: all of it, else page by page */
    memcpy(trial, cur, sizeof(*cur));
    memset(&trial->smem, 0, sizeof(trial->smem));
    if (cur->smem.npages && differ(p, trial)) {
        gcn_wave_state *t = cur;
        cur = trial;
        trial = t;
    } else if (cur->smem.npages) {
        shrink_bytes(p, &cur, &trial, offsetof(gcn_wave_state, smem.data),
                     (size_t)cur->smem.npages * GCN_SMEM_PAGE_BYTES, 4);
    }
    shrink_bytes(p, &cur, &trial, offsetof(gcn_wave_state, lds), GCN_LDS_BYTES, 4);
    shrink_bytes(p, &cur, &trial, offsetof(gcn_wave_state, gds), GCN_GDS_BYTES, 4);
    shrink_bytes(p, &cur, &trial, offsetof(gcn_wave_state, vgpr), sizeof(cur->vgpr), 4);
    shrink_bytes(p, &cur, &trial, offsetof(gcn_wave_state, sreg), sizeof(cur->sreg), 4);
    if (cur != s)
        memcpy(s, cur, sizeof(*s));
}

static const uint32_t boundary_values[] = {0x00000000, 0x00000001, 0x00000004, 0x0000ffff,
                                           0x7fffffff, 0x80000000, 0xfffffffc, 0xffffffff};

gcn_status gcn_variants_search(int insn, const gcn_variant_search_limits *lim,
                               gcn_wave_state *state, gcn_variant_witness *wit, gcn_diag *diag)
{
    unsigned encs = lim && lim->encodings ? lim->encodings : 10;
    unsigned rstates = lim && lim->random_states ? lim->random_states : 20;
    uint64_t seed = lim && lim->seed ? lim->seed : 0x1234567;
    gcn_wave_state *base = NULL, *w = NULL, *c = NULL;
    gcn_sem_info info;
    probe p;
    int gen, any = 0;
    gcn_status st = GCN_OK;
    memset(wit, 0, sizeof(*wit));
    if (gcn_sem_info_get(insn, 0, &info) != GCN_OK) {
        gcn_diag_set(diag, "", 0, 0, "instruction row %d does not exist", insn);
        return GCN_ERR_INVALID;
    }
    wit->verdict = GCN_VARIANTS_ONE;
    /* corrected on some generation: its pseudocode (every generation), or M0's role (some) */
    for (gen = 0; gen < gcn_gen_count() && !any; gen++)
        any = gcn_sem_info_get(insn, gen, &info) == GCN_OK && info.corrected;
    if (!any)
        return GCN_OK;
    any = 0;
    base = malloc(sizeof(*base));
    w = malloc(sizeof(*w));
    c = malloc(sizeof(*c));
    if (!base || !w || !c) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    p.w = w;
    p.c = c;
    p.tried = &wit->tried;
    wit->verdict = GCN_VARIANTS_NOT_FOUND;
    for (gen = gcn_gen_count() - 1; gen >= 0; gen--) {
        unsigned k, e, nb = sizeof(boundary_values) / sizeof(boundary_values[0]);
        if (gcn_insn_opcode(insn, gen) < 0)
            continue;
        any = 1;
        gcn_sem_info_get(insn, gen, &info);
        if (!info.corrected)
            continue; /* the variants are one here (M0's role is corrected elsewhere) */
        wit->gen = gen;
        if (info.status[GCN_AS_WRITTEN] != GCN_SEM_COMPILED) {
            wit->verdict = GCN_VARIANTS_REFUSED;
            wit->why = info.why[GCN_AS_WRITTEN];
            wit->gen = gen;
            goto done;
        }
        for (k = 0; k < nb + rstates; k++) {
            if (k < nb)
                gcn_boundary_state(base, gen, boundary_values[k]);
            else
                gcn_random_state(base, gen, &seed);
            for (e = 0; e < encs; e++) {
                if (!gcn_random_inst(insn, gen, &seed, &wit->inst))
                    break;
                p.in = &wit->inst;
                if (differ(&p, base)) {
                    wit->verdict = GCN_VARIANTS_DIFFER;
                    wit->gen = gen;
                    gcn_print(&wit->inst, wit->text, sizeof(wit->text));
                    if (state) {
                        memcpy(state, base, sizeof(*base));
                        if (lim && lim->minimize)
                            minimize(&p, state, base);
                        differ(&p, state);
                    }
                    wit->status[GCN_AS_WRITTEN] = p.st[0];
                    wit->status[GCN_AS_CORRECTED] = p.st[1];
                    goto done;
                }
            }
        }
    }
    if (!any)
        wit->verdict = GCN_VARIANTS_ABSENT;
done:
    free(base);
    free(w);
    free(c);
    return st;
}
