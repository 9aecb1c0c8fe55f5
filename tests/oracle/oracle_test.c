#include "oracle_test.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "codec/tables.h"

gcn_wave_state *ot_state(const char *gen)
{
    int g = gcn_gen_lookup(gen);
    gcn_wave_state *s = malloc(sizeof(*s));
    if (g < 0)
        fail_msg("unknown generation %s", gen);
    assert_non_null(s);
    assert_int_equal(gcn_state_init(s, g), GCN_OK);
    gcn_state_set_exec(s, ~0ull);
    gcn_state_set_m0(s, 0xffffffffu);
    return s;
}

void ot_free(gcn_wave_state *s)
{
    free(s);
}

gcn_status ot_try(gcn_wave_state *s, const char *text, gcn_variant v, gcn_diag *diag)
{
    gcn_inst in;
    gcn_exec_options o;
    memset(&o, 0, sizeof(o));
    o.variant = v;
    gcn_diag_clear(diag);
    if (gcn_parse(s->gen, text, &in, diag) != GCN_OK)
        fail_msg("'%s' on %s: %s (col %u)", text, gcn_gen_id(s->gen), diag->msg, diag->col);
    return gcn_exec_inst(s, &in, &o, diag);
}

void ot_run(gcn_wave_state *s, const char *text, gcn_variant v)
{
    gcn_diag d;
    if (ot_try(s, text, v, &d) != GCN_OK)
        fail_msg("'%s' on %s %s: %s", text, gcn_gen_id(s->gen),
                 v == GCN_AS_WRITTEN ? "as written" : "as corrected", d.msg);
}

uint32_t ot_s(const gcn_wave_state *s, unsigned n)
{
    int c = gcn_state_sgpr_code(s, n);
    assert_true(c >= 0);
    return s->sreg[c];
}

void ot_set_s(gcn_wave_state *s, unsigned n, uint32_t v)
{
    int c = gcn_state_sgpr_code(s, n);
    assert_true(c >= 0);
    s->sreg[c] = v;
}

void ot_lds_write32(gcn_wave_state *s, unsigned addr, uint32_t v)
{
    memcpy(s->lds + addr, &v, 4);
}

uint32_t ot_lds_read32(const gcn_wave_state *s, unsigned addr)
{
    uint32_t v;
    memcpy(&v, s->lds + addr, 4);
    return v;
}

uint64_t ot_rand(uint64_t *seed)
{
    uint64_t x = *seed;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *seed = x;
    return x * 0x2545f4914f6cdd1dull;
}

int ot_random_inst(int insn, int gen, uint64_t *seed, gcn_inst *out)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row = &t->insns[insn];
    const gcn_layout_row *l = &t->layouts[gen * t->nencodings + row->encoding];
    gcn_slot_row op = l->slot[l->opcode_slot];
    int tries;
    if (row->opcode[gen] == GCN_NO_INSN || !l->present)
        return 0;
    for (tries = 0; tries < 20000; tries++) {
        uint64_t w = ot_rand(seed), m = op.width >= 64 ? ~0ull : ((1ull << op.width) - 1);
        uint8_t bytes[12];
        unsigned k;
        uint32_t lit = (uint32_t)ot_rand(seed);
        /* half the tries keep operand fields small: registers that exist, short offsets */
        if (tries & 1)
            w &= 0x00ff007f00ff007full | (w & 0x0101010101010101ull);
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

void ot_random_state(gcn_wave_state *s, int gen, uint64_t *seed)
{
    unsigned i, k;
    uint8_t page[GCN_SMEM_PAGE_BYTES];
    gcn_state_init(s, gen);
    for (i = 0; i < GCN_SCALAR_CODES; i++) {
        int cls = gcn_codec_tables()->scalars[gen * 256 + i].sclass;
        /* only the codes that are registers hold state */
        if (cls == GCN_SC_SGPR || cls == GCN_SC_SPECIAL || cls == GCN_SC_TTMP)
            s->sreg[i] = (uint32_t)ot_rand(seed) & (ot_rand(seed) & 1 ? 0xfff0u : 0xffffffffu);
    }
    for (i = 0; i < GCN_VGPRS; i++)
        for (k = 0; k < GCN_LANES; k++)
            s->vgpr[i][k] = (uint32_t)ot_rand(seed) & (i & 1 ? 0x1ffffu : 0xffffffffu);
    for (i = 0; i < GCN_LDS_BYTES; i += 8) {
        uint64_t v = ot_rand(seed);
        memcpy(s->lds + i, &v, 8);
        v = ot_rand(seed);
        memcpy(s->gds + i, &v, 8);
    }
    for (i = 0; i < 0x10000; i += GCN_SMEM_PAGE_BYTES) {
        for (k = 0; k < GCN_SMEM_PAGE_BYTES; k += 8) {
            uint64_t v = ot_rand(seed);
            memcpy(page + k, &v, 8);
        }
        gcn_smem_write(s, i, page, sizeof(page));
    }
    gcn_state_set_exec(s, ot_rand(seed) & 1 ? ~0ull : ot_rand(seed));
    gcn_state_set_m0(s, ot_rand(seed) & 1 ? 0xffffffffu : (uint32_t)ot_rand(seed));
    s->scc = ot_rand(seed) & 1;
    s->csp = (uint32_t)ot_rand(seed) & 7;
    s->pc = ot_rand(seed) & 0xfffc;
    s->clock = ot_rand(seed) & 0xffff;
}
