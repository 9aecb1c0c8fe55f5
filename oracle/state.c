/* The wave state: machine registers by the generation's codes, scalar memory pages. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "codec/tables.h"
#include "oracle_internal.h"

gcn_status gcn_state_init(gcn_wave_state *s, int gen)
{
    if (gen < 0 || gen >= gcn_gen_count())
        return GCN_ERR_INVALID;
    memset(s, 0, sizeof(*s));
    s->gen = gen;
    return GCN_OK;
}

static const gs_regs *regs_of(const gcn_wave_state *s)
{
    return &gcn_gs_table_get()->regs[s->gen];
}

uint64_t gcn_state_exec(const gcn_wave_state *s)
{
    const gs_regs *r = regs_of(s);
    return (uint64_t)s->sreg[r->exec_lo] | (uint64_t)s->sreg[r->exec_hi] << 32;
}

void gcn_state_set_exec(gcn_wave_state *s, uint64_t v)
{
    const gs_regs *r = regs_of(s);
    s->sreg[r->exec_lo] = (uint32_t)v;
    s->sreg[r->exec_hi] = (uint32_t)(v >> 32);
}

uint64_t gcn_state_vcc(const gcn_wave_state *s)
{
    const gs_regs *r = regs_of(s);
    return (uint64_t)s->sreg[r->vcc_lo] | (uint64_t)s->sreg[r->vcc_hi] << 32;
}

void gcn_state_set_vcc(gcn_wave_state *s, uint64_t v)
{
    const gs_regs *r = regs_of(s);
    s->sreg[r->vcc_lo] = (uint32_t)v;
    s->sreg[r->vcc_hi] = (uint32_t)(v >> 32);
}

uint32_t gcn_state_m0(const gcn_wave_state *s)
{
    return s->sreg[regs_of(s)->m0];
}

void gcn_state_set_m0(gcn_wave_state *s, uint32_t v)
{
    s->sreg[regs_of(s)->m0] = v;
}

static int reg_code(int gen, int ttmp, unsigned n)
{
    const gcn_tables *t = gcn_codec_tables();
    uint8_t c;
    if (n >= 128)
        return -1;
    c = t->reg_code[((unsigned)gen * 2 + (unsigned)ttmp) * 128 + n];
    return c == 0xff ? -1 : c;
}

int gcn_state_sgpr_code(const gcn_wave_state *s, unsigned n)
{
    return reg_code(s->gen, 0, n);
}

int gcn_state_ttmp_code(const gcn_wave_state *s, unsigned n)
{
    return reg_code(s->gen, 1, n);
}

int gcn_gs_code_class(int gen, unsigned code)
{
    const gcn_tables *t = gcn_codec_tables();
    return code < 256 ? t->scalars[(unsigned)gen * 256 + code].sclass : GCN_SC_INVALID;
}

static int is_reg_class(int cls)
{
    return cls == GCN_SC_SGPR || cls == GCN_SC_SPECIAL || cls == GCN_SC_TTMP;
}

static int same_icase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* s[a:b], ttmp[a:b] */
static int parse_tuple(const char *name, int *ttmp, unsigned *a, unsigned *b)
{
    const char *p = name;
    char *end;
    unsigned long x, y;
    if (tolower((unsigned char)p[0]) == 's' && p[1] == '[') {
        *ttmp = 0;
        p += 2;
    } else if (strncmp(p, "ttmp[", 5) == 0 || strncmp(p, "TTMP[", 5) == 0) {
        *ttmp = 1;
        p += 5;
    } else {
        return 0;
    }
    if (!isdigit((unsigned char)*p))
        return 0;
    x = strtoul(p, &end, 10);
    if (*end != ':' || !isdigit((unsigned char)end[1]))
        return 0;
    y = strtoul(end + 1, &end, 10);
    if (strcmp(end, "]") != 0 || y < x || x >= 128 || y >= 128)
        return 0;
    *a = (unsigned)x;
    *b = (unsigned)y;
    return 1;
}

gcn_status gcn_state_reg_lookup(const gcn_wave_state *s, const char *name, unsigned *code,
                                unsigned *count)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned i, a, b;
    int ttmp;
    if ((name[0] == 's' || name[0] == 'S') && name[1] >= '1' && name[1] <= '9') {
        /* sN, the common case (a state file's every SGPR), without the walk through the
         * generation's names: the code's own name must be the one asked for */
        char *end;
        unsigned long n = strtoul(name + 1, &end, 10);
        int c = *end == 0 ? reg_code(s->gen, 0, (unsigned)(n < 128 ? n : 128)) : -1;
        if (c >= 0 && t->scalars[(unsigned)s->gen * 256 + (unsigned)c].name32 &&
            same_icase(t->scalars[(unsigned)s->gen * 256 + (unsigned)c].name32, name) &&
            is_reg_class(gcn_gs_code_class(s->gen, (unsigned)c))) {
            *code = (unsigned)c;
            *count = 1;
            return GCN_OK;
        }
    }
    for (i = t->scalar_name_first[s->gen]; i < t->scalar_name_first[s->gen + 1]; i++) {
        const gcn_scalar_name_row *r = &t->scalar_names[i];
        if (same_icase(r->name, name) && is_reg_class(gcn_gs_code_class(s->gen, r->code))) {
            *code = r->code;
            *count = r->wide ? 2 : 1;
            return GCN_OK;
        }
    }
    if (parse_tuple(name, &ttmp, &a, &b)) {
        int first = reg_code(s->gen, ttmp, a), k;
        if (first < 0)
            return GCN_ERR_INVALID;
        for (k = 1; k <= (int)(b - a); k++)
            if (reg_code(s->gen, ttmp, a + (unsigned)k) != first + k)
                return GCN_ERR_INVALID;
        *code = (unsigned)first;
        *count = b - a + 1;
        return GCN_OK;
    }
    return GCN_ERR_INVALID;
}

/* ---- scalar memory ------------------------------------------------------------------------ */

#define SMEM_SLOTS (2 * GCN_SMEM_PAGES)

static unsigned page_hash(uint64_t page)
{
    uint64_t h = page * 0x9e3779b97f4a7c15ull;
    return (unsigned)(h >> 40) & (SMEM_SLOTS - 1);
}

/* The page holding addr, or -1; with create, allocated (zeroed) when absent, -2 when full. */
static int smem_page(gcn_smem *m, uint64_t addr, int create)
{
    uint64_t page = addr & ~(uint64_t)(GCN_SMEM_PAGE_BYTES - 1);
    unsigned h = page_hash(page);
    while (m->index[h]) {
        if (m->page_addr[m->index[h] - 1] == page)
            return m->index[h] - 1;
        h = (h + 1) & (SMEM_SLOTS - 1);
    }
    if (!create)
        return -1;
    if (m->npages == GCN_SMEM_PAGES)
        return -2;
    m->page_addr[m->npages] = page;
    memset(m->data[m->npages], 0, GCN_SMEM_PAGE_BYTES);
    m->index[h] = (uint16_t)(m->npages + 1);
    return (int)m->npages++;
}

void gcn_smem_read(const gcn_wave_state *s, uint64_t addr, void *out, size_t n)
{
    uint8_t *o = out;
    size_t k = 0;
    while (k < n) {
        uint64_t a = addr + k;
        size_t off = (size_t)(a & (GCN_SMEM_PAGE_BYTES - 1));
        size_t chunk = GCN_SMEM_PAGE_BYTES - off;
        int p = smem_page((gcn_smem *)&s->smem, a, 0);
        if (chunk > n - k)
            chunk = n - k;
        if (p < 0)
            memset(o + k, 0, chunk);
        else
            memcpy(o + k, s->smem.data[p] + off, chunk);
        k += chunk;
    }
}

gcn_status gcn_smem_write(gcn_wave_state *s, uint64_t addr, const void *in, size_t n)
{
    const uint8_t *i = in;
    size_t k = 0;
    while (k < n) {
        uint64_t a = addr + k;
        size_t off = (size_t)(a & (GCN_SMEM_PAGE_BYTES - 1));
        size_t chunk = GCN_SMEM_PAGE_BYTES - off;
        int p = smem_page(&s->smem, a, 1);
        if (p < 0)
            return GCN_ERR_NOMEM;
        if (chunk > n - k)
            chunk = n - k;
        memcpy(s->smem.data[p] + off, i + k, chunk);
        k += chunk;
    }
    return GCN_OK;
}

uint64_t gcn_gs_ld_sm(gs_ctx *x, uint64_t addr, unsigned n)
{
    uint8_t b[8];
    uint64_t v = 0;
    unsigned k;
    gcn_smem_read(x->s, addr, b, n);
    for (k = 0; k < n; k++)
        v |= (uint64_t)b[k] << (8 * k);
    return v;
}

uint64_t gcn_gs_st_sm(gs_ctx *x, uint64_t addr, unsigned n, uint64_t v)
{
    uint8_t b[8];
    unsigned k;
    for (k = 0; k < n; k++)
        b[k] = (uint8_t)(v >> (8 * k));
    if (gcn_smem_write(x->s, addr, b, n) != GCN_OK)
        gs_fail(x, GCN_ERR_NOMEM, "scalar memory: more pages written than the state holds");
    return v;
}
