/* The printer's texts (gcn_codec_print_texts, rendered at build time by codec/textgen) against
 * its general path (gcn_codec_print_general): every value of every step that has texts and the
 * boundaries of every number step, on every instruction, generation and SMEM variant; random
 * instructions whose fields run past the texts (values of up to 32 bits, random literals); each
 * into a buffer of a random size below the text's own as well. */
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
    nw = gcn_codec_print_general(in, want, sizeof(want));
    ng = gcn_print(in, got, sizeof(got));
    if (nw != ng || strcmp(want, got) != 0) {
        print_error("gen %u insn %u (%s): gcn_print \"%s\", the general path \"%s\"\n", in->gen,
                    in->insn, gcn_inst_mnemonic(in), got, want);
        fail();
    }
    memset(got, 'x', sizeof(got));
    gcn_codec_print_general(in, want, cut);
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
        const gcn_print_prog *pp = gcn_print_prog_of(
            &gcn_codec_print_texts, (unsigned)(k / t->ninsns), (unsigned)(k % t->ninsns));
        unsigned i;
        /* the mnemonic from its text rows */
        /* the generation's spelling: VINTRP's _e32 only where LLVM writes it */
        assert_int_equal(pp->mnemonic_len,
                         gcn_mnemonic_len(&t->insns[k % t->ninsns], (unsigned)(k / t->ninsns)));
        assert_memory_equal(&gcn_codec_print_texts.texts[pp->mnemonic],
                            t->insns[k % t->ninsns].mnemonic, pp->mnemonic_len);
        for (i = 0; i < pp->n; i++)
            with += pp->step[i].count != 0;
    }
    /* registers, scalar operands and flags have texts on every generation */
    assert_true(with > n);
}

/* The values of step s compared: each below its count, and for a number step the first past
 * it, the field's sign bit and top value on each side, and random ones of its width. */
static unsigned step_values(const gcn_print_step *s, uint64_t *rng, uint32_t *v)
{
    unsigned n = 0, k;
    uint64_t top = s->bits ? 1ull << s->bits : 0;
    for (k = 0; k < s->count; k++)
        v[n++] = k;
    if (!s->num)
        return n;
    v[n++] = s->count;
    v[n++] = s->count + 1u;
    v[n++] = (uint32_t)(top / 2 - 1);
    v[n++] = (uint32_t)(top / 2);
    v[n++] = (uint32_t)(top - 1);
    for (k = 0; k < 64; k++)
        v[n++] = (uint32_t)(next(rng) & (top - 1));
    return n;
}

/* Step s (a variant step's own, with IMM and SOE 0 or 1 as var says) of insn on gen, on every
 * value step_values gives, the other fields 0 and then random. */
static size_t step_all(const gcn_tables *t, unsigned gen, unsigned insn, const gcn_print_step *vs,
                       unsigned var, const gcn_print_step *s, uint64_t *rng)
{
    uint32_t v[512 + 69];
    unsigned nv = step_values(s, rng, v), i, f;
    for (i = 0; i < nv; i++) {
        gcn_inst in;
        memset(&in, 0, sizeof(in));
        in.insn = (uint16_t)insn;
        in.gen = (uint8_t)gen;
        in.encoding = t->insns[insn].encoding;
        if (i & 1) /* the other fields anywhere in their byte, a literal */
            for (f = 0; f < GCN_INST_MAX_FIELDS; f++)
                in.field[f] = (uint32_t)next(rng) & 0xffu;
        in.literal = (uint32_t)next(rng);
        if (vs && vs->num == GCN_NUM_MODS) {
            /* NEG and ABS: the source's bit in each, the other sources' bits as drawn */
            unsigned b = vs->bits >> 4, abs = vs->bits & 15u;
            in.field[vs->slot] = (in.field[vs->slot] & ~(1u << b)) | (var & 1u) << b;
            in.field[abs] = (in.field[abs] & ~(1u << b)) | (var >> 1) << b;
        } else if (vs) {
            in.field[vs->slot] = var & 1;
            if (vs->bits != vs->slot)
                in.field[vs->bits] = var >> 1;
        }
        in.field[s->slot] = v[i];
        same_text(&in, (size_t)(next(rng) % 24));
    }
    return nv;
}

/* Every value step_values gives of every step of every program, a variant step's four steps
 * each with its IMM and SOE. */
static void every_value(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_print_texts *x = &gcn_codec_print_texts;
    uint64_t rng = 0x243f6a8885a308d3ull;
    unsigned gen, insn, k, var, numbers = 0, variants = 0, mods = 0, more = 0;
    size_t compared = 0;
    (void)state;
    assert_non_null(x->variants);
    for (gen = 0; gen < t->ngens; gen++)
        for (insn = 0; insn < t->ninsns; insn++) {
            const gcn_print_prog *pp = gcn_print_prog_of(x, gen, insn);
            assert_true(pp->n <= GCN_PRINT_STEPS);
            for (k = 0; k < pp->n; k++) {
                const gcn_print_step *s = &pp->step[k];
                if (s->what == GCN_PRINT_MORE) {
                    /* the last step; the program goes on in another */
                    assert_int_equal(k, pp->n - 1);
                    pp = &x->progs[s->at];
                    assert_true(pp->n > 0 && pp->n <= GCN_PRINT_STEPS);
                    k = ~0u;
                    more++;
                    continue;
                }
                if (s->num != GCN_NUM_VARIANT && s->num != GCN_NUM_MODS) {
                    numbers += s->num != 0;
                    compared += step_all(t, gen, insn, NULL, 0, s, &rng);
                    continue;
                }
                assert_int_equal(s->count, 0);
                variants += s->num == GCN_NUM_VARIANT;
                mods += s->num == GCN_NUM_MODS;
                for (var = 0; var < 4; var++) {
                    const gcn_print_step *v = &x->variants[s->at + var];
                    if (s->num == GCN_NUM_VARIANT && s->bits == s->slot && (var == 1 || var == 2))
                        continue; /* without SOE, IMM picks 0 or 3 */
                    assert_true(v->num < GCN_NUM_VARIANT);
                    numbers += v->num != 0;
                    compared += step_all(
                        t, gen, insn, s,
                        s->num == GCN_NUM_VARIANT && s->bits == s->slot ? var & 1 : var, v, &rng);
                }
            }
        }
    print_message("%zu step values compared, %u number steps, %u SMEM variant steps, %u source "
                  "modifier steps, %u programs continued\n",
                  compared, numbers, variants, mods, more);
    assert_true(compared > 1000);
    /* DS offsets and SMEM immediates are number steps; SMEM offsets print by variant */
    assert_true(numbers > 0);
    assert_true(variants > 0);
    assert_true(mods > 0);
    assert_true(more > 0); /* MUBUF's twelve steps */
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
