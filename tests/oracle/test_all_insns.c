/* Every instruction of gcn.json on every generation that has it, in both variants, on random
 * encodings and random states: a variant with semantics runs (status OK, the same result
 * twice), one without reports why. Under the ASan+UBSan build this checks that the generated C
 * is defined for whatever the operands and the state hold. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle_test.h"

#define TRIALS 24

static void every_instruction_runs(void **st)
{
    gcn_wave_state *base = malloc(sizeof(*base)), *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
    int insn, gen, n = gcn_insn_count(), gens = gcn_gen_count();
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    unsigned runs = 0, undefined = 0, no_encoding = 0;
    (void)st;
    assert_non_null(base);
    assert_non_null(a);
    assert_non_null(b);
    for (gen = 0; gen < gens; gen++) {
        ot_random_state(base, gen, &seed);
        for (insn = 0; insn < n; insn++) {
            gcn_sem_info info;
            int v, t;
            if (gcn_insn_opcode(insn, gen) < 0)
                continue;
            assert_int_equal(gcn_sem_info_get(insn, gen, &info), GCN_OK);
            for (t = 0; t < TRIALS; t++) {
                gcn_inst in;
                uint8_t order[GCN_LANES];
                unsigned k;
                if (!ot_random_inst(insn, gen, &seed, &in)) {
                    print_message("%s on %s: no random word decodes to it\n", info.name,
                                  gcn_gen_id(gen));
                    no_encoding++;
                    break;
                }
                for (k = 0; k < GCN_LANES; k++)
                    order[k] = (uint8_t)(t & 1 ? GCN_LANES - 1 - k : k);
                for (v = 0; v < 2; v++) {
                    gcn_exec_options o;
                    gcn_diag d;
                    gcn_status sa, sb;
                    memset(&o, 0, sizeof(o));
                    o.variant = (gcn_variant)v;
                    o.lane_order = order;
                    memcpy(a, base, sizeof(*a));
                    a->pc = 0x100;
                    memcpy(b, a, sizeof(*b));
                    sa = gcn_exec_inst(a, &in, &o, &d);
                    if (info.status[v] == GCN_SEM_UNDEFINED) {
                        assert_int_equal(sa, GCN_ERR_UNSUPPORTED);
                        assert_non_null(strstr(d.msg, info.name));
                        undefined++;
                        continue;
                    }
                    if (sa != GCN_OK)
                        fail_msg("%s on %s (%s): %s", info.name, gcn_gen_id(gen),
                                 v ? "corrected" : "written", d.msg);
                    sb = gcn_exec_inst(b, &in, &o, &d);
                    assert_int_equal(sb, GCN_OK);
                    if (memcmp(a, b, sizeof(*a)) != 0)
                        fail_msg("%s on %s: two runs from one state differ", info.name,
                                 gcn_gen_id(gen));
                    if (info.status[v] == GCN_SEM_NONE) {
                        /* no effect but on pc, the clock and LGKM_CNT */
                        assert_memory_equal(b->sreg, base->sreg, sizeof(b->sreg));
                        assert_memory_equal(b->vgpr, base->vgpr, sizeof(b->vgpr));
                        assert_memory_equal(b->lds, base->lds, sizeof(b->lds));
                        assert_memory_equal(b->gds, base->gds, sizeof(b->gds));
                        assert_int_equal(b->scc, base->scc);
                    }
                    runs++;
                }
            }
        }
    }
    printf("%u runs, %u refused as undefined, %u instructions without a random encoding\n", runs,
           undefined, no_encoding);
    assert_int_equal(no_encoding, 0);
    free(base);
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_instruction_runs),
    };
    return cmocka_run_group_tests_name("oracle_all_instructions", tests, NULL, NULL);
}
