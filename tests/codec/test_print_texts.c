/* The printer's texts (gcn_codec_print_texts, rendered at build time by codec/textgen) against
 * its general path (codec_print_general): every value of every step that has texts, on every
 * instruction and generation, and random instructions whose fields run past the texts (values
 * of up to 32 bits, random literals), into buffers of every size up to the text's own. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "gcnspec/codec.h"

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* gcn_print and the general path on in: the same length and text, whole and cut. */
static void same_text(const gcn_inst *in, size_t cut)
{
    char want[600], got[600];
    size_t nw, ng;
    memset(got, 'x', sizeof(got));
    nw = codec_print_general(in, want, sizeof(want));
    ng = gcn_print(in, got, sizeof(got));
    if (nw != ng || strcmp(want, got) != 0) {
        print_error("gen %u insn %u (%s): gcn_print \"%s\", the general path \"%s\"\n", in->gen,
                    in->insn, gcn_inst_mnemonic(in), got, want);
        fail();
    }
    memset(got, 'x', sizeof(got));
    codec_print_general(in, want, cut);
    assert_int_equal(gcn_print(in, got, cut), nw);
    if (cut)
        assert_string_equal(got, want);
}

static void texts_present(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    size_t n = (size_t)t->ngens * t->ninsns, k, with = 0;
    (void)state;
    assert_non_null(gcn_codec_print_texts.progs);
    assert_non_null(gcn_codec_print_texts.texts);
    for (k = 0; k < n; k++) {
        const gcn_print_prog *pp = &gcn_codec_print_texts.progs[k];
        unsigned i;
        for (i = 0; i < pp->n; i++)
            with += pp->step[i].count != 0;
    }
    /* registers, scalar operands and flags have texts on every generation */
    assert_true(with > n);
}

/* Every step value below its count, the other fields 0 and then random. */
static void every_value(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    uint64_t rng = 0x243f6a8885a308d3ull;
    unsigned gen, insn, k, v;
    size_t compared = 0;
    (void)state;
    for (gen = 0; gen < t->ngens; gen++)
        for (insn = 0; insn < t->ninsns; insn++) {
            const gcn_print_prog *pp = &gcn_codec_print_texts.progs[gen * t->ninsns + insn];
            assert_true(pp->n <= GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS);
            for (k = 0; k < pp->n; k++) {
                const gcn_print_step *s = &pp->step[k];
                for (v = 0; v < s->count; v++) {
                    gcn_inst in;
                    unsigned f;
                    memset(&in, 0, sizeof(in));
                    in.insn = (uint16_t)insn;
                    in.gen = (uint8_t)gen;
                    in.encoding = t->insns[insn].encoding;
                    if (v & 1) /* the other fields anywhere in their byte, a literal */
                        for (f = 0; f < GCN_INST_MAX_FIELDS; f++)
                            in.field[f] = (uint32_t)next(&rng) & 0xffu;
                    in.literal = (uint32_t)next(&rng);
                    in.field[s->slot] = v;
                    same_text(&in, (size_t)(next(&rng) % 24));
                    compared++;
                }
            }
        }
    print_message("%zu step values compared\n", compared);
    assert_true(compared > 1000);
}

/* Random instructions: fields of 1 to 32 bits (past every step's count), random literals. */
static void random_insts(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    uint64_t rng = 0x13198a2e03707344ull;
    unsigned i, f;
    (void)state;
    for (i = 0; i < 200000; i++) {
        gcn_inst in;
        memset(&in, 0, sizeof(in));
        in.gen = (uint8_t)(next(&rng) % t->ngens);
        in.insn = (uint16_t)(next(&rng) % t->ninsns);
        in.encoding = t->insns[in.insn].encoding;
        for (f = 0; f < GCN_INST_MAX_FIELDS; f++) {
            uint64_t r = next(&rng);
            in.field[f] = (uint32_t)(r >> 8) & (uint32_t)((1ull << (1 + (r & 31))) - 1);
        }
        in.literal = (uint32_t)next(&rng);
        same_text(&in, (size_t)(next(&rng) % 64));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(texts_present),
        cmocka_unit_test(every_value),
        cmocka_unit_test(random_insts),
    };
    return cmocka_run_group_tests_name("print_texts", tests, NULL, NULL);
}
