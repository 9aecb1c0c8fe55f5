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

/* the library's generators (oracle/variants.c), shared with the errata report's search */
int ot_random_inst(int insn, int gen, uint64_t *seed, gcn_inst *out)
{
    return gcn_random_inst(insn, gen, seed, out);
}

void ot_random_state(gcn_wave_state *s, int gen, uint64_t *seed)
{
    gcn_random_state(s, gen, seed);
}
