#include "oracle_input.h"

#include <stdio.h>
#include <string.h>

#include "codec/tables.h"
#include "fuzz_common.h"

/* Registers outside s0.., ttmp0.. and the ones with setters, by their assembler names: each
 * generation has the ones its scalar operand table lists. */
static const char *const special_names[] = {"tba_lo",        "tba_hi",          "tma_lo",
                                            "tma_hi",        "flat_scratch_lo", "flat_scratch_hi",
                                            "xnack_mask_lo", "xnack_mask_hi",   NULL};

typedef struct gen_map {
    int ready;
    int sgpr[128], ttmp[16], special[16]; /* codes, -1 none */
    unsigned nsgpr, nttmp;
    uint16_t name_of[128]; /* per code below 128: kind << 8 | index (1 sgpr, 2 ttmp, 3 special) */
} gen_map;

static gen_map maps[OX_MAX_GENS];
static gcn_wave_state waves[2][OX_MAX_GENS];
/* per kept state: the LDS/GDS bytes written since its last ox_begin (by the oracle through
 * ox_exec, or placed with ox_place) */
static gcn_written written[2][OX_MAX_GENS];
static uint8_t lds_base[GCN_LDS_BYTES], gds_base[GCN_GDS_BYTES];
static int bases_ready;

static uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static uint64_t take(const uint8_t **p, const uint8_t *end, unsigned n)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < n; i++, (*p)++)
        if (*p < end)
            v |= (uint64_t) * *p << (8 * i);
    return v;
}

/* Scalar values: a byte picks a boundary value or, from 0x80, a raw dword from the stream. */
static uint32_t scalar_value(const uint8_t **p, const uint8_t *end, unsigned n)
{
    static const uint32_t boundary[16] = {
        0,    1,     2,       4,      0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe,
        0x40, 0x100, 0x10000, 0xffff, 0x3f,       0x1f,       0x20,       0x12345678};
    unsigned k = (unsigned)take(p, end, 1);
    if (k < 0x80)
        return k < 16 ? boundary[k] : mix32(k * 0x9e3779b1u + n);
    return (uint32_t)take(p, end, 4);
}

void ox_read_state(const uint8_t *data, size_t size, ox_state *x)
{
    const uint8_t *p = data, *end = data + (size < OX_STATE_BYTES ? size : OX_STATE_BYTES);
    unsigned n, flags;
    memset(x, 0, sizeof(*x));
    /* zero bytes give every lane active */
    x->exec = ~take(&p, end, 8);
    x->m0 = (uint32_t)take(&p, end, 4) ^ 0x1000u; /* zero bytes: 4 KiB of LDS and of GDS */
    x->vcc = take(&p, end, 8);
    flags = (unsigned)take(&p, end, 1);
    x->scc = flags & 1;
    x->vgpr_mode = (flags >> 1) % 3;
    x->vgpr_seed = (uint32_t)take(&p, end, 4);
    x->vgpr_base = (uint32_t)take(&p, end, 2);
    x->window_at = (uint32_t)take(&p, end, 2) & ~3u;
    for (n = 0; n < sizeof(x->window); n++)
        x->window[n] = (uint8_t)take(&p, end, 1);
    for (n = 0; n < 128; n++)
        x->sgpr[n] = p < end ? scalar_value(&p, end, n) : mix32(n + 1);
    for (n = 0; n < 16; n++)
        x->ttmp[n] = mix32(0x100 + n);
    for (n = 0; n < 16; n++)
        x->special[n] = mix32(0x200 + n);
}

static void setup(int gen)
{
    gen_map *m = &maps[gen];
    unsigned n;
    char name[32];
    if (m->ready)
        return;
    gcn_state_init(&waves[0][gen], gen);
    gcn_state_init(&waves[1][gen], gen);
    for (n = 0; n < 128; n++) {
        m->sgpr[n] = gcn_state_sgpr_code(&waves[0][gen], n);
        if (m->sgpr[n] >= 0)
            m->nsgpr = n + 1;
    }
    for (n = 0; n < 16; n++) {
        m->ttmp[n] = gcn_state_ttmp_code(&waves[0][gen], n);
        if (m->ttmp[n] >= 0)
            m->nttmp = n + 1;
    }
    for (n = 0; n < 16; n++) {
        unsigned code, count;
        m->special[n] = -1;
        if (!special_names[n])
            break;
        snprintf(name, sizeof(name), "%s", special_names[n]);
        if (gcn_state_reg_lookup(&waves[0][gen], name, &code, &count) == GCN_OK && count == 1)
            m->special[n] = (int)code;
    }
    if (!bases_ready) {
        unsigned i;
        for (i = 0; i < GCN_LDS_BYTES; i++) {
            lds_base[i] = (uint8_t)(mix32(i >> 2) >> (8 * (i & 3)));
            gds_base[i] = (uint8_t)(mix32((i >> 2) ^ 0x5a5a5a5a) >> (8 * (i & 3)));
        }
        bases_ready = 1;
    }
    for (n = 0; n < 128; n++) {
        if (m->sgpr[n] >= 0 && m->sgpr[n] < 128)
            m->name_of[m->sgpr[n]] = (uint16_t)(1 << 8 | n);
        if (n < 16 && m->ttmp[n] >= 0 && m->ttmp[n] < 128)
            m->name_of[m->ttmp[n]] = (uint16_t)(2 << 8 | n);
        if (n < 16 && m->special[n] >= 0 && m->special[n] < 128)
            m->name_of[m->special[n]] = (uint16_t)(3 << 8 | n);
    }
    for (n = 0; n < 2; n++) {
        memcpy(waves[n][gen].lds, lds_base, sizeof(lds_base));
        memcpy(waves[n][gen].gds, gds_base, sizeof(gds_base));
    }
    m->ready = 1;
}

/* The record of a kept state; NULL for a state that is not one. */
static gcn_written *written_of(const gcn_wave_state *s)
{
    const gcn_wave_state *first = &waves[0][0];
    if (s < first || s >= first + 2 * OX_MAX_GENS)
        return NULL;
    return &written[0][0] + (s - first);
}

void ox_place(gcn_wave_state *s, int space, uint32_t at, const uint8_t *bytes, uint32_t n)
{
    uint8_t *mem = space ? s->gds : s->lds;
    uint32_t size = space ? GCN_GDS_BYTES : GCN_LDS_BYTES;
    gcn_written *r = written_of(s);
    if (at >= size || !n)
        return;
    if (n > size - at)
        n = size - at;
    memcpy(mem + at, bytes, n);
    if (r)
        gcn_ds_written_join(r, space ? 1u : 0u, at, at + n);
}

gcn_status ox_exec(int bank, int gen, const gcn_inst *in, const gcn_exec_options *o, gcn_diag *diag)
{
    gcn_wave_state *s = ox_wave(bank, gen);
    gcn_exec_options with;
    if (!s)
        return GCN_ERR_INVALID;
    if (o)
        with = *o;
    else
        memset(&with, 0, sizeof(with));
    with.written = written_of(s);
    return gcn_exec_inst(s, in, &with, diag);
}

/* The written bytes of both spaces back to the base; the ranges emptied. */
static void restore_written(gcn_wave_state *s)
{
    gcn_written *r = written_of(s);
    unsigned sp;
    for (sp = 0; sp < 2 && r; sp++) {
        uint32_t lo = r->lo[sp], hi = r->hi[sp];
        uint32_t size = sp ? GCN_GDS_BYTES : GCN_LDS_BYTES;
        hi = hi < size ? hi : size;
        if (lo < hi)
            memcpy((sp ? s->gds : s->lds) + lo, (sp ? gds_base : lds_base) + lo, hi - lo);
        r->lo[sp] = r->hi[sp] = 0;
    }
    if (r) {
        memset(r->vgpr, 0, sizeof(r->vgpr));
        r->pc_written = 0;
    }
}

void ox_pc_relative(int bank, int gen)
{
    gcn_wave_state *s = ox_wave(bank, gen);
    const gcn_written *r = s ? written_of(s) : NULL;
    if (r && !r->pc_written)
        s->pc = 0;
}

gcn_wave_state *ox_wave(int bank, int gen)
{
    if (bank < 0 || bank > 1 || gen < 0 || gen >= OX_MAX_GENS || gen >= gcn_gen_count())
        return NULL;
    setup(gen);
    return &waves[bank][gen];
}

/* Row v: lane-distinct dword addresses, one address for every lane, or raw values. */
static void vgpr_row(const ox_state *x, unsigned v, uint32_t *row)
{
    uint32_t h = mix32(x->vgpr_seed + v), l;
    switch (x->vgpr_mode) {
    case 0:
        for (l = 0; l < GCN_LANES; l++)
            row[l] = (x->vgpr_base + (h & 0xff0) + 4 * l) & 0xffff;
        break;
    case 1:
        for (l = 0; l < GCN_LANES; l++)
            row[l] = (x->vgpr_base + (h & 0xff0)) & 0xffff;
        break;
    default:
        for (l = 0; l < GCN_LANES; l++)
            row[l] = h ^ (l * 0x9e3779b9u);
    }
}

/* The VGPRs in's VGPR operands name: bit r % 64 of rows[r / 64]. */
static void operand_rows(const gcn_inst *in, uint64_t rows[4])
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row = in->insn < t->ninsns ? &t->insns[in->insn] : NULL;
    unsigned i, k;
    memset(rows, 0, 4 * sizeof(rows[0]));
    for (i = 0; row && i < row->noperands && i < GCN_MAX_OPERANDS; i++)
        if (row->operand[i].kind == GCN_KIND_VGPR)
            for (k = 0; k < row->operand[i].regs; k++) {
                unsigned r = (in->field[row->operand[i].slot] + k) & (GCN_VGPRS - 1);
                rows[r / 64] |= 1ull << (r % 64);
            }
}

void ox_set_touch(ox_state *x, const gcn_inst *in)
{
    uint32_t size;
    int limit[2] = {1, 1}, g, v, sp;
    /* every VGPR the oracle reads or writes is one of these */
    operand_rows(in, x->rows);
    /* M0 bounds a space only where its role is a limit on every generation and in both
       variants (the inputs are generation-free; gcn.json's "m0"): else all of it may change */
    for (g = 0; g < gcn_gen_count(); g++) {
        gcn_sem_info info;
        if (gcn_insn_opcode((int)in->insn, g) < 0 ||
            gcn_sem_info_get((int)in->insn, g, &info) != GCN_OK)
            continue;
        for (v = 0; v < 2; v++)
            for (sp = 0; sp < 2; sp++)
                limit[sp] &= info.m0[v][sp] == GCN_M0_LIMIT;
    }
    x->lds_end = !limit[GCN_M0_LDS] ? GCN_LDS_BYTES : x->m0 < GCN_LDS_BYTES ? x->m0 : GCN_LDS_BYTES;
    x->gds_lo = limit[GCN_M0_GDS] ? x->m0 >> 16 : 0;
    size = limit[GCN_M0_GDS] ? x->m0 & 0xffffu : GCN_GDS_BYTES;
    x->gds_end = x->gds_lo + size < GCN_GDS_BYTES ? x->gds_lo + size : GCN_GDS_BYTES;
}

int ox_stray_vgpr(int bank, int gen, const gcn_inst *in)
{
    gcn_wave_state *s = ox_wave(bank, gen);
    const gcn_written *r = s ? written_of(s) : NULL;
    uint64_t named[4];
    unsigned n;
    if (!r)
        return -1;
    operand_rows(in, named);
    for (n = 0; n < 4; n++)
        if (r->vgpr[n] & ~named[n])
            return (int)(n * 64 + (unsigned)__builtin_ctzll(r->vgpr[n] & ~named[n]));
    return -1;
}

void ox_check_stray(const char *target, int bank, int gen, const gcn_inst *in, const char *text)
{
    int v = ox_stray_vgpr(bank, gen, in);
    char subject[96];
    if (v < 0)
        return;
    snprintf(subject, sizeof(subject), "%s:v-outside", gcn_inst_mnemonic(in));
    fuzz_finding(target, "vgpr-outside-operands", subject,
                 "  text: %s (%s)\n  the oracle wrote v%d, which no VGPR operand of the "
                 "instruction names",
                 text, gcn_gen_id(gen), v);
}

void ox_begin(int bank, int gen, const ox_state *x, int memory)
{
    gcn_wave_state *s = ox_wave(bank, gen);
    const gen_map *m = &maps[gen < 0 || gen >= OX_MAX_GENS ? 0 : gen];
    unsigned n;
    uint8_t page[GCN_SMEM_PAGE_BYTES];
    if (!s)
        return;
    memset(s->sreg, 0, sizeof(s->sreg));
    for (n = 0; n < 128; n++)
        if (m->sgpr[n] >= 0)
            s->sreg[m->sgpr[n]] = x->sgpr[n];
    for (n = 0; n < 16; n++)
        if (m->special[n] >= 0)
            s->sreg[m->special[n]] = x->special[n];
    for (n = 0; n < 16; n++)
        if (m->ttmp[n] >= 0)
            s->sreg[m->ttmp[n]] = x->ttmp[n];
    gcn_state_set_exec(s, x->exec);
    gcn_state_set_vcc(s, x->vcc);
    gcn_state_set_m0(s, x->m0);
    s->scc = x->scc;
    s->pc = 0;
    s->csp = 0;
    s->lgkm_cnt = 0;
    s->clock = 0;
    /* scalar memory: one page at OX_SMEM_BASE (emptied first when something else was written) */
    if (s->smem.npages != 1 ||
        s->smem.page_addr[0] != (OX_SMEM_BASE & ~(uint64_t)(GCN_SMEM_PAGE_BYTES - 1))) {
        s->smem.npages = 0;
        memset(s->smem.index, 0, sizeof(s->smem.index));
    }
    memset(page, 0, sizeof(page));
    memcpy(page + (OX_SMEM_BASE % GCN_SMEM_PAGE_BYTES), x->window,
           sizeof(x->window) < GCN_SMEM_PAGE_BYTES - OX_SMEM_BASE % GCN_SMEM_PAGE_BYTES
               ? sizeof(x->window)
               : GCN_SMEM_PAGE_BYTES - OX_SMEM_BASE % GCN_SMEM_PAGE_BYTES);
    gcn_smem_write(s, OX_SMEM_BASE & ~(uint64_t)(GCN_SMEM_PAGE_BYTES - 1), page, sizeof(page));
    /* LDS and GDS: the bytes written since the last ox_begin (by the oracle, or placed with
     * ox_place) get the base back, so that the whole of both is the base again; a memory
     * input then places its window */
    restore_written(s);
    if (memory != OX_REGS) {
        uint32_t lds_end = memory == OX_ALL ? GCN_LDS_BYTES : x->lds_end;
        uint32_t gds_lo = memory == OX_ALL ? 0 : x->gds_lo;
        uint32_t gds_end = memory == OX_ALL ? GCN_GDS_BYTES : x->gds_end;
        uint32_t w;
        for (n = 0; n < 4; n++) {
            uint64_t bits;
            for (bits = x->rows[n]; bits; bits &= bits - 1) {
                unsigned v = n * 64 + (unsigned)__builtin_ctzll(bits);
                vgpr_row(x, v, s->vgpr[v]);
            }
        }
        w = x->window_at + sizeof(x->window) <= GCN_LDS_BYTES ? sizeof(x->window)
                                                              : GCN_LDS_BYTES - x->window_at;
        if (x->window_at < lds_end)
            ox_place(s, 0, x->window_at, x->window,
                     x->window_at + w <= lds_end ? w : lds_end - x->window_at);
        if (x->window_at >= gds_lo && x->window_at < gds_end)
            ox_place(s, 1, x->window_at, x->window,
                     x->window_at + w <= gds_end ? w : gds_end - x->window_at);
    }
}

#define DIFF(w, ...)                                                                               \
    do {                                                                                           \
        snprintf(what, what_size, "%s", w);                                                        \
        snprintf(detail, detail_size, __VA_ARGS__);                                                \
        return 1;                                                                                  \
    } while (0)

/* Do n bytes at a and b differ? Whole words XORed together: libc's memcmp would do, but under
 * libFuzzer every memcmp call from the target also goes through its interceptor and value
 * profile, and these compares run several times for every input. */
static int bytes_differ(const void *a, const void *b, size_t n)
{
    const uint8_t *p = a, *q = b;
    uint64_t acc = 0, x, y;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&x, p + i, 8);
        memcpy(&y, q + i, 8);
        acc |= x ^ y;
    }
    for (; i < n; i++)
        acc |= (uint64_t)(p[i] ^ q[i]);
    return acc != 0;
}

/* The bytes of a space either state wrote, within [from, to) (all of it for a state that is
 * not a kept one). */
static void written_union(const gcn_wave_state *x, const gcn_wave_state *y, unsigned space,
                          uint32_t from, uint32_t to, uint32_t *lo, uint32_t *hi)
{
    const gcn_written *r[2] = {written_of(x), written_of(y)};
    unsigned k;
    *lo = to;
    *hi = from;
    for (k = 0; k < 2; k++) {
        if (!r[k]) {
            *lo = from;
            *hi = to;
            return;
        }
        if (r[k]->lo[space] < r[k]->hi[space]) {
            *lo = r[k]->lo[space] < *lo ? r[k]->lo[space] : *lo;
            *hi = r[k]->hi[space] > *hi ? r[k]->hi[space] : *hi;
        }
    }
    *lo = *lo > from ? *lo : from;
    *hi = *hi < to ? *hi : to;
}

static int diff_memory(const gcn_wave_state *x, const gcn_wave_state *y, const ox_state *st,
                       int memory, char *what, size_t what_size, char *detail, size_t detail_size)
{
    unsigned v, l, n;
    uint32_t lds_end = memory == OX_ALL ? GCN_LDS_BYTES : st->lds_end;
    uint32_t gds_lo = memory == OX_ALL ? 0 : st->gds_lo;
    uint32_t gds_end = memory == OX_ALL ? GCN_GDS_BYTES : st->gds_end;
    const gcn_written *r[2] = {written_of(x), written_of(y)};
    uint32_t lo, hi;
    /* the rows set up, and the rows either run wrote (all of them for a state that is not a
       kept one) */
    for (n = 0; n < 4; n++) {
        uint64_t rows =
            st->rows[n] | (r[0] ? r[0]->vgpr[n] : ~0ull) | (r[1] ? r[1]->vgpr[n] : ~0ull);
        for (; rows; rows &= rows - 1) {
            v = n * 64 + (unsigned)__builtin_ctzll(rows);
            if (bytes_differ(x->vgpr[v], y->vgpr[v], sizeof(x->vgpr[v])))
                for (l = 0; l < GCN_LANES; l++)
                    if (x->vgpr[v][l] != y->vgpr[v][l])
                        DIFF("vgpr", "v%u lane %u: %s 0x%08x, %s 0x%08x", v, l, gcn_gen_id(x->gen),
                             x->vgpr[v][l], gcn_gen_id(y->gen), y->vgpr[v][l]);
        }
    }
    /* both began at ox_begin from st: bytes neither wrote are the base's in both */
    written_union(x, y, 0, 0, lds_end, &lo, &hi);
    if (lo < hi && bytes_differ(x->lds + lo, y->lds + lo, hi - lo))
        for (v = lo; v < hi; v++)
            if (x->lds[v] != y->lds[v])
                DIFF("lds", "LDS byte 0x%04x: %s 0x%02x, %s 0x%02x", v, gcn_gen_id(x->gen),
                     x->lds[v], gcn_gen_id(y->gen), y->lds[v]);
    written_union(x, y, 1, gds_lo, gds_end, &lo, &hi);
    if (lo < hi && bytes_differ(x->gds + lo, y->gds + lo, hi - lo))
        for (v = lo; v < hi; v++)
            if (x->gds[v] != y->gds[v])
                DIFF("gds", "GDS byte 0x%04x: %s 0x%02x, %s 0x%02x", v, gcn_gen_id(x->gen),
                     x->gds[v], gcn_gen_id(y->gen), y->gds[v]);
    return 0;
}

/* Scalar memory: every page either holds, compared by address. */
static int diff_smem(const gcn_wave_state *x, const gcn_wave_state *y, char *what, size_t what_size,
                     char *detail, size_t detail_size)
{
    const gcn_wave_state *s[2] = {x, y};
    unsigned k, p, i;
    for (k = 0; k < 2; k++)
        for (p = 0; p < s[k]->smem.npages; p++) {
            uint8_t a[GCN_SMEM_PAGE_BYTES], b[GCN_SMEM_PAGE_BYTES];
            uint64_t at = s[k]->smem.page_addr[p];
            gcn_smem_read(x, at, a, sizeof(a));
            gcn_smem_read(y, at, b, sizeof(b));
            if (bytes_differ(a, b, sizeof(a)))
                for (i = 0; i < sizeof(a); i++)
                    if (a[i] != b[i])
                        DIFF("smem", "scalar memory 0x%llx: %s 0x%02x, %s 0x%02x",
                             (unsigned long long)(at + i), gcn_gen_id(x->gen), a[i],
                             gcn_gen_id(y->gen), b[i]);
        }
    return 0;
}

static int diff_by_name(const gcn_wave_state *x, const gcn_wave_state *y, const ox_state *st,
                        int memory, char *what, size_t what_size, char *detail, size_t detail_size)
{
    const gen_map *a = &maps[x->gen], *b = &maps[y->gen];
    unsigned n;
    if (gcn_state_exec(x) != gcn_state_exec(y))
        DIFF("exec", "EXEC: %s 0x%016llx, %s 0x%016llx", gcn_gen_id(x->gen),
             (unsigned long long)gcn_state_exec(x), gcn_gen_id(y->gen),
             (unsigned long long)gcn_state_exec(y));
    if (gcn_state_vcc(x) != gcn_state_vcc(y))
        DIFF("vcc", "VCC: %s 0x%016llx, %s 0x%016llx", gcn_gen_id(x->gen),
             (unsigned long long)gcn_state_vcc(x), gcn_gen_id(y->gen),
             (unsigned long long)gcn_state_vcc(y));
    if (gcn_state_m0(x) != gcn_state_m0(y))
        DIFF("m0", "M0: %s 0x%08x, %s 0x%08x", gcn_gen_id(x->gen), gcn_state_m0(x),
             gcn_gen_id(y->gen), gcn_state_m0(y));
    if (x->scc != y->scc)
        DIFF("scc", "SCC: %s %u, %s %u", gcn_gen_id(x->gen), x->scc, gcn_gen_id(y->gen), y->scc);
    if (x->pc != y->pc)
        DIFF("pc", "PC: %s 0x%llx, %s 0x%llx", gcn_gen_id(x->gen), (unsigned long long)x->pc,
             gcn_gen_id(y->gen), (unsigned long long)y->pc);
    for (n = 0; n < 128; n++)
        if (a->sgpr[n] >= 0 && b->sgpr[n] >= 0 && x->sreg[a->sgpr[n]] != y->sreg[b->sgpr[n]])
            DIFF("sgpr", "s%u: %s 0x%08x, %s 0x%08x", n, gcn_gen_id(x->gen), x->sreg[a->sgpr[n]],
                 gcn_gen_id(y->gen), y->sreg[b->sgpr[n]]);
    for (n = 0; n < 16; n++)
        if (a->ttmp[n] >= 0 && b->ttmp[n] >= 0 && x->sreg[a->ttmp[n]] != y->sreg[b->ttmp[n]])
            DIFF("ttmp", "ttmp%u: %s 0x%08x, %s 0x%08x", n, gcn_gen_id(x->gen), x->sreg[a->ttmp[n]],
                 gcn_gen_id(y->gen), y->sreg[b->ttmp[n]]);
    for (n = 0; n < 16 && special_names[n]; n++)
        if (a->special[n] >= 0 && b->special[n] >= 0 &&
            x->sreg[a->special[n]] != y->sreg[b->special[n]])
            DIFF("special", "%s: %s 0x%08x, %s 0x%08x", special_names[n], gcn_gen_id(x->gen),
                 x->sreg[a->special[n]], gcn_gen_id(y->gen), y->sreg[b->special[n]]);
    if (diff_smem(x, y, what, what_size, detail, detail_size))
        return 1;
    return memory != OX_REGS && diff_memory(x, y, st, memory, what, what_size, detail, detail_size);
}

/* Does gen's bank-0 run of in (done from x) read or write a scalar code that names another
 * register (or none) on gen b? Runs it again in bank 1 with those codes changed. */
static int touches_renamed_on(int gen, int other, const gcn_inst *in, const ox_state *x,
                              const gcn_exec_options *o)
{
    const gen_map *a = &maps[gen], *b = &maps[other];
    gcn_wave_state *done = ox_wave(0, gen), *again = ox_wave(1, gen);
    uint8_t renamed[128];
    unsigned c, any = 0;
    gcn_diag d;
    for (c = 0; c < 128; c++)
        any |= renamed[c] = a->name_of[c] != b->name_of[c];
    if (!any)
        return 0;
    ox_begin(1, gen, x, 0);
    for (c = 0; c < 128; c++)
        if (renamed[c] && again->sreg[c] != done->sreg[c])
            return 1; /* written */
    for (c = 0; c < 128; c++)
        if (renamed[c])
            again->sreg[c] ^= 0xa5a5a5a5u;
    if (ox_exec(1, gen, in, o, &d) != GCN_OK)
        return 1;
    ox_pc_relative(1, gen);
    for (c = 0; c < GCN_SCALAR_CODES; c++)
        if ((c >= 128 || !renamed[c]) && again->sreg[c] != done->sreg[c])
            return 1; /* read: the result follows the renamed codes */
    return again->scc != done->scc || again->pc != done->pc;
}

int ox_touches_renamed(int a, int b, const gcn_inst *in_a, const gcn_inst *in_b, const ox_state *x,
                       const gcn_exec_options *o)
{
    return touches_renamed_on(a, b, in_a, x, o) || touches_renamed_on(b, a, in_b, x, o);
}

int ox_diff(int a, int b, const ox_state *x, int memory, char *what, size_t what_size, char *detail,
            size_t detail_size)
{
    return diff_by_name(ox_wave(0, a), ox_wave(0, b), x, memory, what, what_size, detail,
                        detail_size);
}

int ox_diff_states(const gcn_wave_state *x, const gcn_wave_state *y, const ox_state *st, int memory,
                   char *what, size_t what_size, char *detail, size_t detail_size)
{
    unsigned code;
    ox_wave(0, x->gen);
    ox_wave(0, y->gen);
    /* same generation: every code */
    if (x->gen != y->gen)
        return diff_by_name(x, y, st, memory, what, what_size, detail, detail_size);
    for (code = 0; code < GCN_SCALAR_CODES; code++)
        if (x->sreg[code] != y->sreg[code])
            DIFF("sreg", "scalar code %u: 0x%08x, 0x%08x", code, x->sreg[code], y->sreg[code]);
    if (x->scc != y->scc)
        DIFF("scc", "SCC: %u, %u", x->scc, y->scc);
    if (x->pc != y->pc || x->csp != y->csp)
        DIFF("pc", "PC 0x%llx, 0x%llx; CSP %u, %u", (unsigned long long)x->pc,
             (unsigned long long)y->pc, x->csp, y->csp);
    if (diff_smem(x, y, what, what_size, detail, detail_size))
        return 1;
    return memory != OX_REGS && diff_memory(x, y, st, memory, what, what_size, detail, detail_size);
}

int ox_memory_mode(const gcn_inst *in, const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    size_t i;
    if (strcmp(gcn_inst_encoding(in), "DS") != 0)
        return OX_REGS;
    for (i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return h % 64 == 0 ? OX_ALL : OX_TOUCHED;
}

size_t ox_seed_tail(unsigned variant, uint8_t *out, size_t cap)
{
    size_t n, i;
    if (cap < OX_STATE_BYTES)
        return 0;
    memset(out, 0, OX_STATE_BYTES);
    switch (variant % OX_SEED_TAILS) {
    case 0: /* no tail: every lane active, M0 = 4 KiB, lane-distinct addresses */
        return 0;
    case 1: /* every lane at one address: same-address atomics; SCC set */
        n = 21;
        out[20] = 1 | 1 << 1;
        return n;
    default: /* half the lanes, a large M0, raw VGPRs, boundary values in the SGPRs */
        for (i = 0; i < 4; i++)
            out[i] = 0xff; /* EXEC = ~0x00000000ffffffff */
        out[8] = 0xff;
        out[9] = 0xef; /* M0 = 0xefff ^ 0x1000 = 0xffff: all of LDS but a byte, 64 KiB of GDS */
        out[10] = out[11] = 0;
        out[12] = 0x55;
        out[20] = 2 << 1;
        out[21] = 0x5a;
        for (i = 61; i < OX_STATE_BYTES; i++)
            out[i] = (uint8_t)((i - 61) % 16);
        return OX_STATE_BYTES;
    }
}

size_t ox_visa_seed(unsigned pair, unsigned gen, unsigned variant, uint8_t *out, size_t cap)
{
    size_t n = 0;
    unsigned i;
    if (cap < OX_VISA_SEED_MAX)
        return 0;
    memset(out, 0, OX_VISA_SEED_MAX);
    out[n++] = (uint8_t)pair;
    out[n++] = (uint8_t)gen;
    out[n++] = (uint8_t)(variant == 2); /* 0: the most channels, 1: the next count */
    n += 2;                             /* emask: every channel */
    out[n++] = variant == 3 ? 1 : variant == 2 ? 2 : 0;
    out[n++] = variant == 2 ? 8 : 0; /* a 32-byte surface */
    for (i = 0; i < 16; i++)
        out[n++] = (uint8_t)(variant == 1 ? 0x40 : variant == 3 ? 4 * i + 1 : 4 * i);
    for (i = 0; i < 16; i++, n += 4) { /* src0: boundary values and small numbers */
        uint32_t v = i % 4 == 0   ? 0xffffffffu
                     : i % 4 == 1 ? 0x80000000u
                     : i % 4 == 2 ? i
                                  : 0x3f800000u;
        memcpy(out + n, &v, 4);
    }
    for (i = 0; i < 16; i++, n += 4) { /* src1 */
        uint32_t v = i % 2 ? 7 * i : 0xfffffffeu;
        memcpy(out + n, &v, 4);
    }
    for (i = 0; i < 260; i++)
        out[n++] = (uint8_t)(i % 5 == 0 ? 0xff : i);
    return n;
}
