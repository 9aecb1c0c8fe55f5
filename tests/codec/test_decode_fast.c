/* gcn_decode's fast path (gcn_fast_plans) against the plan rows alone (gcn_codec_decode_plan): the
 * same status on every input, the same instruction when it decodes. Inputs: every canonical
 * encoding case of every generation, read with its own length and with more bytes after it;
 * the same words with one to three bits flipped and cut to a random length; and random words
 * under every value of the top 9 bits the dispatch table reads. Each twice: once on gcn_decode
 * and gcn_disasm as the host binds them (AVX2 where the CPU has it), once on their portable
 * forms. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "vectors/enc_cases.h"

/* The decoder and disassembler under test: gcn_decode and gcn_disasm as the host binds them,
 * or their portable forms (take_path). */
static gcn_status (*decode)(int, const uint8_t *, size_t, gcn_inst *) = gcn_decode;
static gcn_status (*disasm)(int, const uint8_t *, size_t, char *, size_t, size_t *,
                            gcn_inst *) = gcn_disasm;

typedef struct walk {
    uint64_t rng;
    size_t cases, compared, ok, fast;
} walk;

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* gcn_disasm against gcn_decode (status st, instruction a) and gcn_print: the same status,
 * instruction, size and text; "" on failure; a buffer too small gets gcn_print's prefix.
 * gcn_print against its general path (gcn_codec_print_general): the same text. */
static void same_disasm(int gen, const uint8_t *bytes, size_t len, gcn_status st, const gcn_inst *a)
{
    char want[256], got[256], small_want[8], small_got[8];
    gcn_inst c;
    size_t nb = 12345, size = 1 + (len + (len ? bytes[0] : 0)) % sizeof(small_got);
    memset(&c, 0x3c, sizeof(c));
    memset(got, 'x', sizeof(got));
    assert_int_equal(disasm(gen, bytes, len, got, sizeof(got), &nb, &c), st);
    if (st != GCN_OK) {
        assert_int_equal(got[0], 0);
        assert_int_equal(nb, 12345); /* not written on failure */
        return;
    }
    assert_memory_equal(&c, a, sizeof(c));
    assert_int_equal(nb, a->size);
    gcn_print(a, want, sizeof(want));
    assert_string_equal(got, want);
    /* the printer's texts against its general path */
    gcn_codec_print_general(a, got, sizeof(got));
    assert_string_equal(got, want);
    /* without the optional outputs, and into a short buffer */
    memset(small_got, 'x', sizeof(small_got));
    gcn_print(a, small_want, size);
    assert_int_equal(disasm(gen, bytes, len, small_got, size, NULL, NULL), GCN_OK);
    assert_string_equal(small_got, small_want);
}

/* Both decoders on bytes[0..len): same status, and the same gcn_inst when it decodes. */
static void same(int gen, const uint8_t *bytes, size_t len, walk *w)
{
    gcn_inst a, b;
    gcn_status sa, sb;
    memset(&a, 0x5a, sizeof(a));
    memset(&b, 0xa5, sizeof(b));
    sa = decode(gen, bytes, len, &a);
    sb = gcn_codec_decode_plan(gen, bytes, len, &b);
    w->compared++;
    if (sa != sb) {
        size_t i;
        print_error("gen %d, %zu bytes:", gen, len);
        for (i = 0; i < len; i++)
            print_error(" %02x", bytes[i]);
        print_error(": gcn_decode %s, the plan rows %s\n", gcn_status_str(sa), gcn_status_str(sb));
        fail();
    }
    if (sa == GCN_OK) {
        w->ok++;
        assert_memory_equal(&a, &b, sizeof(a));
    }
    same_disasm(gen, bytes, len, sa, &a);
}

static int one_case(const gcn_enc_case *c, void *ctx)
{
    walk *w = ctx;
    uint8_t b[GCN_INST_MAX_BYTES + 8], m[GCN_INST_MAX_BYTES + 8];
    size_t nb, k;
    if (!c->canonical || gcn_encode(&c->inst, b, GCN_INST_MAX_BYTES, &nb) != GCN_OK)
        return 0;
    w->cases++;
    {
        uint64_t word;
        memcpy(&word, b, 8); /* little-endian hosts, as the codec's loads */
        if (!c->inst.has_literal &&
            (codec_fast_plan(gcn_codec_tables(), c->inst.gen, c->inst.insn, word)->flags &
             ~(GCN_FAST_UNMODELLED | GCN_FAST_CBUS)) == GCN_FAST_OK)
            w->fast++;
    }
    memset(b + nb, 0, sizeof(b) - nb);
    same(c->inst.gen, b, nb, w);
    same(c->inst.gen, b, sizeof(b), w);
    for (k = 0; k < 4; k++) {
        unsigned flips = 1 + (unsigned)(next(&w->rng) % 3), i;
        memcpy(m, b, sizeof(m));
        for (i = 0; i < flips; i++) {
            unsigned bit = (unsigned)(next(&w->rng) % (8 * (nb + 4)));
            m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        same(c->inst.gen, m, (size_t)(next(&w->rng) % (sizeof(m) + 1)), w);
    }
    return 0;
}

/* The path a test takes: *st (0: gcn_decode and gcn_disasm as the host binds them; 1: their
 * portable forms). */
static void take_path(void **st)
{
    int portable = *(const int *)*st;
    decode = portable ? gcn_codec_decode_portable : gcn_decode;
    disasm = portable ? gcn_codec_disasm_portable : gcn_disasm;
    print_message("path: %s\n", !portable && gcn_codec_avx2_host() ? "AVX2" : "portable");
}

static void canonical_and_flipped(void **st)
{
    int gen;
    take_path(st);
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        walk w;
        memset(&w, 0, sizeof(w));
        w.rng = 0x9e3779b97f4a7c15ull + (uint64_t)gen;
        assert_true(gcn_enc_cases(gen, one_case, &w) > 0);
        print_message("gen %d: %zu cases, %zu with a fast plan, %zu compared, %zu decoded\n", gen,
                      w.cases, w.fast, w.compared, w.ok);
        /* the fast path is taken: by most canonical cases (the plans gcngen keeps slow, GCN
         * 1.0/1.1's SMRD and SMEM's variants take the plan rows; with VOP1, VOP2 and VOPC, and
         * the 16-bit sources' literal cut by the check rows, 95-98% of the cases were fast;
         * MUBUF's twelve fields, more than the GCN_FAST_SLOTS a fast plan fetches, and its
         * address, whose width the flags decide, take the plan rows: with
         * MUBUF, 86.2% / 86.1% / 88.5% / 88.8% on GCN 1.0 / 1.1 / 1.2 / 1.4; VOP3's plans test
         * the unmodelled bits first, then are fast) */
        assert_true(w.cases > 1000);
        assert_true(w.fast * 10 > w.cases * 8);
        assert_true(w.ok >= 2 * w.cases);
    }
}

static void random_words(void **st)
{
    int gen;
    take_path(st);
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        walk w;
        unsigned top, k;
        memset(&w, 0, sizeof(w));
        w.rng = 0x2545f4914f6cdd1dull + (uint64_t)gen;
        for (top = 0; top < 512; top++)
            for (k = 0; k < 256; k++) {
                uint8_t b[16];
                uint64_t lo = next(&w.rng), hi = next(&w.rng);
                size_t len = k < 224 ? sizeof(b) : (size_t)(next(&w.rng) % (sizeof(b) + 1));
                memcpy(b, &lo, 8);
                memcpy(b + 8, &hi, 8);
                b[3] = (uint8_t)(top >> 1);
                b[2] = (uint8_t)((b[2] & 0x7f) | (top & 1) << 7);
                same(gen, b, len, &w);
            }
        assert_true(w.ok > 0);
    }
}

/* gcn_print of no valid instruction: "<invalid>", cut snprintf-style like any text. */
static void print_no_instruction(void **state)
{
    char buf[16];
    gcn_inst bad;
    (void)state;
    memset(&bad, 0, sizeof(bad));
    bad.insn = (uint16_t)gcn_insn_count();
    memset(buf, 'x', sizeof(buf));
    assert_int_equal(gcn_print(NULL, buf, sizeof(buf)), 9);
    assert_string_equal(buf, "<invalid>");
    memset(buf, 'x', sizeof(buf));
    assert_int_equal(gcn_print(&bad, buf, 4), 9);
    assert_string_equal(buf, "<in");
    assert_int_equal(buf[4], 'x');
    assert_int_equal(gcn_print(&bad, NULL, 0), 9);
}

/* A word that sets a field the codec does not model yet (VOP3's ABS/NEG of an integer
 * source, GCN 1.2's bits 11-14 of a VOP3A word, GCN 1.4's OP_SEL) is not decoded:
 * GCN_ERR_NO_ENCODING on both paths, and the stream says it is not modelled; the word without
 * the bit decodes. A floating-point source's ABS/NEG decode and print (-v2, |v3|). */
static void unmodelled_fields(void **st)
{
    /* v_bfe_u32 v0, v2, v3, v4 with NEG's bit 0 set (llvm-mc 14 -disassemble -mcpu=tonga
     * prints it without the bit; its assembler refuses -v2 there) */
    static const uint8_t neg[8] = {0x00, 0x00, 0xc8, 0xd1, 0x02, 0x07, 0x12, 0x24};
    /* llvm-mc 14/19 -triple=amdgcn -mcpu=tonga: v_mad_f32 v1, -v2, |v3|, -|s4| */
    static const uint8_t mad[8] = {0x01, 0x06, 0xc1, 0xd1, 0x02, 0x07, 0x12, 0xa0};
    char text[64];
    uint8_t b[16];
    gcn_inst in;
    gcn_disasm_item item;
    int gen = gcn_gen_lookup("gcn1.2");
    size_t n = 0;
    unsigned bit;
    take_path(st);
    assert_true(gen >= 0);
    assert_int_equal(decode(gen, neg, sizeof(neg), &in), GCN_ERR_NO_ENCODING);
    assert_int_equal(gcn_codec_decode_plan(gen, neg, sizeof(neg), &in), GCN_ERR_NO_ENCODING);
    gcn_disasm_next(gen, neg, sizeof(neg), &item);
    assert_int_equal(item.kind, GCN_ITEM_UNMODELLED);
    assert_non_null(strstr(item.text, "(not modelled yet)"));
    memcpy(b, neg, sizeof(neg));
    b[7] &= 0x1f; /* NEG cleared: the word decodes */
    assert_int_equal(decode(gen, b, 8, &in), GCN_OK);
    assert_int_equal(decode(gen, mad, sizeof(mad), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_f32 v1, -v2, |v3|, -|s4|");
    assert_int_equal(gcn_codec_decode_plan(gen, mad, sizeof(mad), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_f32 v1, -v2, |v3|, -|s4|");
    /* every generation: each bit the plan row leaves unmodelled refuses the word */
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        const gcn_tables *t = gcn_codec_tables();
        const gcn_plan_row *p;
        uint64_t w;
        assert_int_equal(gcn_assemble(gen, "v_bfe_u32 v1, v2, v3, v4", &in, b, sizeof(b), &n, NULL),
                         GCN_OK);
        p = &t->plans[(unsigned)gen * t->ninsns + in.insn];
        assert_true(p->unmodelled != 0);
        memcpy(&w, b, 8);
        for (bit = 0; bit < 64; bit++) {
            uint64_t m = w | 1ull << bit;
            if (!(p->unmodelled >> bit & 1))
                continue;
            memcpy(b, &m, 8);
            assert_int_equal(decode(gen, b, 8, &in), GCN_ERR_NO_ENCODING);
            assert_int_equal(gcn_codec_decode_plan(gen, b, 8, &in), GCN_ERR_NO_ENCODING);
        }
    }
}

/* GCN 1.4's VOP3P (llvm-mc 14/19 -mcpu=gfx900): op_sel_hi's SRC0/SRC1 bits are 59-60 and SRC2's
 * 14 (E270), left out when all 1; V_MAD_MIX*'s NEG and NEG_HI are -x and |x|; bit 14 of a
 * two-source word must stay set (K100: LLVM ignores it), its SRC2 op_sel bit clear. */
static void vop3p_words(void **st)
{
    static const uint8_t pk[8] = {0x01, 0xca, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x30};
    static const uint8_t mix[8] = {0x01, 0x07, 0xa0, 0xd3, 0x02, 0x07, 0x12, 0xe4};
    static const uint8_t mix_hi[8] = {0x01, 0x40, 0xa0, 0xd3, 0x02, 0x07, 0x12, 0x04};
    static const uint8_t pk_bit14[8] = {0x01, 0x00, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18};
    static const uint8_t pk_src2[8] = {0x01, 0x60, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18};
    char text[120];
    gcn_inst in;
    uint8_t out[16];
    size_t len = 0;
    int gen = gcn_gen_lookup("gcn1.4");
    take_path(st);
    assert_true(gen >= 0);
    assert_int_equal(decode(gen, pk, sizeof(pk), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] "
                              "neg_hi:[0,1] clamp");
    assert_int_equal(gcn_encode(&in, out, sizeof(out), &len), GCN_OK);
    assert_memory_equal(out, pk, 8);
    assert_int_equal(decode(gen, mix, sizeof(mix), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_mix_f32 v1, -|v2|, -|v3|, -|v4|");
    assert_int_equal(decode(gen, mix_hi, sizeof(mix_hi), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[0,0,1]");
    assert_int_equal(decode(gen, pk_bit14, 8, &in), GCN_ERR_NO_ENCODING);
    assert_int_equal(gcn_codec_decode_plan(gen, pk_bit14, 8, &in), GCN_ERR_NO_ENCODING);
    assert_int_equal(decode(gen, pk_src2, 8, &in), GCN_ERR_OPERAND);
    assert_int_equal(gcn_codec_decode_plan(gen, pk_src2, 8, &in), GCN_ERR_OPERAND);
}

/* GCN 1.4's op_sel (E245, llvm-mc 14/19 -mcpu=gfx900): decoded and printed on the instructions
 * LLVM gives it, one value per source then the destination's (bit 14), before clamp; SRC2's
 * bit on a two-source one refused as invalid (llvm-mc: 'invalid instruction encoding'); the
 * bits on any other instruction not modelled (LLVM drops them). */
static void op_sel_words(void **st)
{
    static const uint8_t mad[8] = {0x01, 0xc8, 0x03, 0xd2, 0x02, 0x07, 0x12, 0x04};
    static const uint8_t add16[8] = {0x01, 0x58, 0x9e, 0xd2, 0x02, 0x07, 0x02, 0x00};
    static const uint8_t add16_src2[8] = {0x01, 0x78, 0x9e, 0xd2, 0x02, 0x07, 0x02, 0x00};
    static const uint8_t addf16[8] = {0x01, 0x08, 0x1f, 0xd1, 0x02, 0x07, 0x02, 0x00};
    char text[80];
    gcn_inst in;
    int gen = gcn_gen_lookup("gcn1.4");
    take_path(st);
    assert_true(gen >= 0);
    assert_int_equal(decode(gen, mad, sizeof(mad), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1] clamp");
    assert_int_equal(gcn_codec_decode_plan(gen, mad, sizeof(mad), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1] clamp");
    assert_int_equal(decode(gen, add16, sizeof(add16), &in), GCN_OK);
    gcn_print(&in, text, sizeof(text));
    assert_string_equal(text, "v_add_i16 v1, v2, v3 op_sel:[1,1,1]");
    assert_int_equal(decode(gen, add16_src2, 8, &in), GCN_ERR_OPERAND);
    assert_int_equal(gcn_codec_decode_plan(gen, add16_src2, 8, &in), GCN_ERR_OPERAND);
    {
        /* nor does the encoder write that word: v_add_i16 with SRC2's op_sel bit set */
        const gcn_insn_row *row;
        uint8_t out[16];
        size_t len = 0;
        unsigned k, found = 0;
        assert_int_equal(decode(gen, add16, sizeof(add16), &in), GCN_OK);
        assert_int_equal(gcn_encode(&in, out, sizeof(out), &len), GCN_OK);
        assert_memory_equal(out, add16, 8);
        row = &gcn_codec_tables()->insns[in.insn];
        for (k = 0; k < row->nmodifiers; k++)
            if (row->modifier[k].format == GCN_FMT_OP_SEL) {
                assert_int_equal(row->modifier[k].values, 3);
                in.field[row->modifier[k].slot] |= 1u << 2;
                found++;
            }
        assert_int_equal(found, 1);
        assert_int_equal(gcn_encode(&in, out, sizeof(out), &len), GCN_ERR_OPERAND);
    }
    assert_int_equal(decode(gen, addf16, 8, &in), GCN_ERR_NO_ENCODING);
    assert_int_equal(gcn_codec_decode_plan(gen, addf16, 8, &in), GCN_ERR_NO_ENCODING);
}

/* Every plan the fast path takes after testing the refused bits keeps them whole
 * (gcn_fast_refused, two bytes of the word), and every other plan the fast path takes as it is
 * has none. */
static void refused_bits_kept(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned gen, insn, flagged = 0;
    (void)state;
    for (gen = 0; gen < t->ngens; gen++)
        for (insn = 0; insn < t->ninsns; insn++) {
            const gcn_fast_plan *f = &t->fast_plans[gen * t->ninsns + insn];
            if (f->flags & (GCN_FAST_SLOW | GCN_FAST_VARIANTS) || !f->flags)
                continue;
            if (f->flags & GCN_FAST_UNMODELLED) {
                flagged++;
                assert_true(gcn_fast_refused(f) == gcn_refused_bits(t, gen, insn));
            } else {
                assert_true(gcn_refused_bits(t, gen, insn) == 0);
            }
        }
    assert_true(flagged > 0);
}

/* A VOP1/VOP2 word with SRC0 0xf9 (SDWA) or 0xfa (DPP) spans its extra dword on GCN 1.2/1.4:
 * an 8-byte instruction where the codec decodes the form, else not modelled; never invalid
 * (the base word reads the code as no source), never 4 bytes: V_NOP, which reads no SRC0,
 * would decode its first word alone (codec/stream.c holds the decoded size to the
 * catalogue's). */
static void sdwa_dpp_words(void **st)
{
    /* v_nop with SDWA; v_add_f32 with SDWA (llvm-mc: v_add_f32_sdwa v2, v2, v3 dst_sel:WORD_1
     * ...); v_add_f32 with DPP */
    static const uint32_t words[][2] = {
        {0x7e0000f9u, 0x00000000u}, {0x020406f9u, 0x06060602u}, {0x020406fau, 0xff00e400u}};
    static const char *const gens[] = {"gcn1.2", "gcn1.4"};
    unsigned g, i, k;
    (void)st;
    for (g = 0; g < 2; g++)
        for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
            uint8_t b[12] = {0};
            gcn_disasm_item item;
            int gen = gcn_gen_lookup(gens[g]);
            assert_true(gen >= 0);
            for (k = 0; k < 8; k++)
                b[k] = (uint8_t)(words[i][k / 4] >> (8 * (k % 4)));
            b[8] = 0x02; /* a v_add_f32_e32 word after it */
            b[9] = 0x07;
            b[10] = 0x04;
            b[11] = 0x02;
            gcn_disasm_next(gen, b, sizeof(b), &item);
            if (item.size != 8 || item.kind == GCN_ITEM_INVALID || !item.extra)
                fail_msg("%s 0x%08x 0x%08x: kind %d, %zu bytes: %s", gens[g], words[i][0],
                         words[i][1], (int)item.kind, item.size, item.text);
            if (item.kind == GCN_ITEM_INST)
                assert_int_equal(item.inst.size, 8);
            else
                assert_non_null(strstr(item.text, "(not modelled yet)"));
        }
}

int main(void)
{
    static int host = 0, portable = 1;
    const struct CMUnitTest tests[] = {
        {"canonical_and_flipped", canonical_and_flipped, NULL, NULL, &host},
        {"random_words", random_words, NULL, NULL, &host},
        {"canonical_and_flipped (portable path)", canonical_and_flipped, NULL, NULL, &portable},
        {"random_words (portable path)", random_words, NULL, NULL, &portable},
        {"unmodelled_fields", unmodelled_fields, NULL, NULL, &host},
        {"unmodelled_fields (portable path)", unmodelled_fields, NULL, NULL, &portable},
        {"op_sel_words", op_sel_words, NULL, NULL, &host},
        {"op_sel_words (portable path)", op_sel_words, NULL, NULL, &portable},
        cmocka_unit_test(print_no_instruction),
        cmocka_unit_test(refused_bits_kept),
        {"vop3p_words", vop3p_words, NULL, NULL, &host},
        {"vop3p_words (portable path)", vop3p_words, NULL, NULL, &portable},
        cmocka_unit_test(sdwa_dpp_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
