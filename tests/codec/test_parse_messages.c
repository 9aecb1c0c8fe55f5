/* The parser's messages say what to do: a mnemonic the generation lacks names the generations
 * that have it (every instruction x every generation lacking it, against the tables); a typo
 * of a mnemonic is answered with the closest one ("did you mean"), measured here by an
 * independent edit distance; an operand out of range gives the range; a register out of range
 * the generation's registers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "codec/tables.h"
#include "gcnspec/codec.h"

/* 1 when an instruction the text m names exists on generation g: a row of mnemonic m, or one
 * whose mnemonic is m and a form suffix, which the text may leave out (v_readlane_b32 is VOP2's
 * on GCN 1.0/1.1 and v_readlane_b32_e64, VOP3's, on GCN 1.2/1.4). */
static int on_gen(const gcn_tables *t, const char *m, unsigned g)
{
    unsigned k;
    size_t n = strlen(m);
    for (k = 0; k < t->ninsns; k++) {
        const gcn_insn_row *r = &t->insns[k];
        if ((strcmp(r->mnemonic, m) == 0 ||
             ((size_t)(r->mnemonic_len - r->suffix_len) == n && strncmp(r->mnemonic, m, n) == 0)) &&
            r->opcode[g] != GCN_NO_INSN)
            return 1;
    }
    return 0;
}

static int is_mnemonic(const gcn_tables *t, const char *m)
{
    unsigned k;
    for (k = 0; k < t->ninsns; k++)
        if (strcmp(t->insns[k].mnemonic, m) == 0)
            return 1;
    return 0;
}

/* Levenshtein with adjacent transpositions, by the book (full table). */
static unsigned distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b), i, j;
    unsigned d[80][80];
    assert_true(n < 80 && m < 80);
    for (i = 0; i <= n; i++)
        d[i][0] = (unsigned)i;
    for (j = 0; j <= m; j++)
        d[0][j] = (unsigned)j;
    for (i = 1; i <= n; i++)
        for (j = 1; j <= m; j++) {
            unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[n][m];
}

static void parse_fails(int gen, const char *text, gcn_diag *d)
{
    gcn_inst in;
    memset(d, 0, sizeof(*d));
    if (gcn_parse(gen, text, &in, d) == GCN_OK)
        fail_msg("'%s' was accepted on %s", text, gcn_gen_id(gen));
}

static void lacking_generation(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned k, g, h, cases = 0;
    (void)state;
    for (k = 0; k < t->ninsns; k++) {
        const char *m = t->insns[k].mnemonic;
        for (g = 0; g < t->ngens; g++) {
            char want[512], text[128];
            size_t n;
            int first;
            gcn_diag d;
            if (on_gen(t, m, g))
                continue;
            n = (size_t)snprintf(want, sizeof(want), "'%s' is not in %s; it exists in ", m,
                                 t->gens[g].id);
            for (h = 0, first = 1; h < t->ngens; h++)
                if (on_gen(t, m, h)) {
                    n += (size_t)snprintf(want + n, sizeof(want) - n, "%s%s", first ? "" : ", ",
                                          t->gens[h].id);
                    first = 0;
                }
            snprintf(text, sizeof(text), "%s s0", m);
            parse_fails((int)g, text, &d);
            if (strcmp(d.msg, want) != 0)
                fail_msg("%s on %s:\n  got  %s\n  want %s", m, t->gens[g].id, d.msg, want);
            assert_int_equal(d.col, 1);
            cases++;
        }
    }
    print_message("%u instruction x generation lacking it\n", cases);
    assert_true(cases > 0);
}

/* Each mnemonic with two neighbours swapped or its last character dropped (when that is no
 * mnemonic): the suggestion is a mnemonic as close as the original, on the generation when the
 * original is there. */
static void typos_suggest(void **state)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned k, g, v, cases = 0, to_original = 0;
    (void)state;
    for (k = 0; k < t->ninsns; k++) {
        const char *m = t->insns[k].mnemonic;
        size_t n = strlen(m);
        for (g = 0; g < t->ngens; g++) {
            if (t->insns[k].opcode[g] == GCN_NO_INSN)
                continue;
            for (v = 0; v < 2; v++) {
                char typo[96], text[128], got[96];
                const char *s;
                size_t i;
                gcn_diag d;
                snprintf(typo, sizeof(typo), "%s", m);
                if (v == 0) {
                    char c = typo[n / 2];
                    typo[n / 2] = typo[n / 2 + 1];
                    typo[n / 2 + 1] = c;
                } else {
                    typo[n - 1] = 0;
                }
                if (is_mnemonic(t, typo))
                    continue;
                snprintf(text, sizeof(text), "%s s0", typo);
                parse_fails((int)g, text, &d);
                s = strstr(d.msg, "did you mean '");
                if (!s)
                    fail_msg("%s (%s): no suggestion: %s", typo, m, d.msg);
                s += strlen("did you mean '");
                for (i = 0; s[i] && s[i] != '\'' && i + 1 < sizeof(got); i++)
                    got[i] = s[i];
                got[i] = 0;
                assert_true(is_mnemonic(t, got));
                if (distance(typo, got) > distance(typo, m))
                    fail_msg("%s: suggested %s, farther than %s", typo, got, m);
                /* on the generation asked for, unless no mnemonic as close is there */
                if (!on_gen(t, got, g) && strstr(d.msg, " (in ") == NULL)
                    fail_msg("%s: %s is not on %s and the message does not say where it is", typo,
                             got, t->gens[g].id);
                to_original += strcmp(got, m) == 0;
                cases++;
            }
        }
    }
    print_message("%u typos, %u answered with the mnemonic they came from\n", cases, to_original);
    assert_true(cases > 0);
}

static void expect_msg(const char *gen, const char *text, unsigned col, const char *want)
{
    gcn_diag d;
    parse_fails(gcn_gen_lookup(gen), text, &d);
    if (!strstr(d.msg, want) || d.col != col)
        fail_msg("%s on %s: got %u: %s; want %u: %s", text, gen, d.col, d.msg, col, want);
}

/* text parses on gen into an instruction of size bytes */
static void parses(const char *gen, const char *text, unsigned size)
{
    gcn_inst in;
    gcn_diag d;
    memset(&d, 0, sizeof(d));
    if (gcn_parse(gcn_gen_lookup(gen), text, &in, &d) != GCN_OK)
        fail_msg("%s on %s: %s", text, gen, d.msg);
    assert_int_equal(in.size, size);
}

static void fixed_cases(void **state)
{
    (void)state;
    expect_msg("gfx9", "s_mvo_b32 s0, s1", 1,
               "unknown mnemonic 's_mvo_b32'; did you mean "
               "'s_mov_b32'?");
    expect_msg("gfx9", "  DS_REED_B32 v0, v1", 3, "did you mean 'ds_read_b32'?");
    expect_msg("gcn1.0", "s_set_gpr_idx_id s0", 1,
               "did you mean 's_set_gpr_idx_idx' (in gcn1.2, gcn1.4)?");
    expect_msg("gfx9", "zz_not_an_instruction s0", 1, "unknown mnemonic 'zz_not_an_instruction'");
    /* operands out of range give the range; registers the generation's */
    expect_msg("gfx9", "ds_read_b32 v0, v1 offset:70000", 27, "70000 is not in 0 to 65535");
    expect_msg("gfx9", "ds_read2_b32 v[0:1], v1 offset1:256", 33, "256 is not in 0 to 255");
    expect_msg("gcn1.0", "s_load_dword s0, s[0:1], 0x1000", 26, "out of range (0 to 255)");
    expect_msg("gcn1.2", "s_mov_b32 s104, s1", 11, "'s104' is out of range: gcn1.2 has s0 to s101");
    expect_msg("gcn1.0", "s_mov_b32 s0, s104", 15, "gcn1.0 has s0 to s103");
    expect_msg("gfx9", "ds_read_b32 v256, v1", 13, "VGPRs are v0 to v255");
    expect_msg("gfx9", "s_mov_b32 s0, v1", 15, "'v1' is a VGPR: this operand takes a scalar");
    expect_msg("gfx9", "s_mov_b64 s[1:2], s[4:5]", 11, "misaligned");
    /* one literal dword per instruction: two sources may read it only with one value (1/(2pi)
     * is an inline constant from gcn1.2 on, a literal before: F-cross_gen s_or_b32) */
    expect_msg("gcn1.0", "s_or_b32 s40, 0.15915494, 0xc0", 27,
               "'0xc0' needs a literal (0xc0), and the instruction's one literal already holds "
               "0x3e22f983");
    expect_msg("gfx9", "s_or_b32 s40, 0x11223344, 0x11223345", 27, "already holds 0x11223344");
    parses("gcn1.2", "s_or_b32 s40, 0.15915494, 0xc0", 8);
    parses("gcn1.0", "s_or_b32 s40, 0xc0, 0xc0", 8);
    /* a modifier the encoding has and the instruction does not take (operands.json's VOP3
     * overrides: clamp and the output modifier on floating-point results and additions) */
    expect_msg("gfx9", "v_bfe_u32 v1, v2, v3, v4 clamp", 26, "takes no 'clamp'");
    expect_msg("gcn1.0", "v_bfe_u32 v1, v2, v3, v4 mul:2", 26, "takes no 'mul:2'");
    parses("gcn1.0", "v_mad_f32 v1, v2, v3, v4 clamp mul:2", 8);
    parses("gfx9", "v_add_i16 v1, v2, v3 clamp", 8);
    /* the source modifiers: a floating-point VOP3 source takes them (operands.json's
     * abs_field/neg_field, from the Operation's ASFLOAT/ASDOUBLE/ASHALF), in LLVM's spellings */
    parses("gcn1.0", "v_mad_f32 v1, -v2, |v3|, -|s4|", 8);
    parses("gcn1.2", "v_mad_f32 v1, neg(1.0), abs(v3), neg(abs(0.5))", 8);
    parses("gfx9", "v_fma_f64 v[0:1], -abs(v[2:3]), neg(|s[4:5]|), | v[6:7] |", 8);
    parses("gcn1.0", "v_mad_f32 v1, -1.0, v2, v3", 8); /* the constant -1.0, no NEG */
    expect_msg("gcn1.2", "v_bfe_u32 v1, -v2, v3, v4", 15,
               "SRC0 of v_bfe_u32_e64 takes no source modifier ('-x', '|x|', neg(x), abs(x)): the "
               "floating-point sources of VOP3 instructions do");
    expect_msg("gcn1.2", "v_ldexp_f32 v1, v2, |v3|", 21, "SRC1 of v_ldexp_f32_e64 takes no source");
    expect_msg("gcn1.2", "v_div_scale_f32 v0, vcc, |v1|, v2, v3", 26,
               "takes no absolute value ('|x|', abs(x)): its scalar destination (VOP3B's SDST)");
    parses("gcn1.2", "v_div_scale_f32 v0, vcc, -v1, v2, v3", 8);
    expect_msg("gcn1.2", "v_mad_f32 v1, |v2, v3, v4", 15, "'|v2' is not closed: expected '|'");
    expect_msg("gcn1.2", "v_mad_f32 v1, neg(|v2|, v3, v4", 15, "'neg(' is not closed");
    expect_msg("gcn1.2", "v_mad_f32 v1, |v2 v5|, v3, v4", 19, "unexpected 'v5' in the source");
    expect_msg("gcn1.2", "v_mov_b32 v1, -v2", 15, "SRC0 of v_mov_b32_e32 takes no source modifier");
    /* GCN 1.4's VOP3P: one value per source in each list, op_sel_hi 1 by default (E270) */
    parses("gfx9",
           "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1] clamp",
           8);
    parses("gfx9", "v_mad_mix_f32 v1, -v2, |v3|, -|v4| op_sel_hi:[1,1,1]", 8);
    parses("gfx9", "V_PK_MAD_I16 V1, V2, V3, V4 OP_SEL_HI:[0,0,0]", 8);
    expect_msg("gfx9", "v_pk_add_f16 v1, v2, v3 op_sel_hi:[0,0,0]", 25,
               "op_sel_hi takes 2 values on v_pk_add_f16 (one per source), not 3");
    expect_msg("gfx9", "v_pk_mad_u16 v1, v2, v3, v4 neg_lo:[1,2,0]", 39,
               "neg_lo's values are 0 or 1, not 2");
    expect_msg("gfx9", "v_pk_add_f16 v1, 0x1234, v3", 18, "'0x1234' needs a literal");
    expect_msg("gfx9", "v_pk_add_f16 v1, -v2, v3", 18, "SRC0 of v_pk_add_f16 takes no source");
    expect_msg("gfx9", "v_mad_mix_f32 v1, v2, v3, v4 neg_lo:[1,0,0]", 30, "neg_lo");
    /* GCN 1.4's op_sel (E245): one value per source, then the destination's; LLVM's order */
    parses("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1] clamp", 8);
    parses("gfx9", "v_add_i16 v1, v2, v3 op_sel:[ 0 , 1 , 1 ]", 8);
    parses("gfx9", "V_MAD_F16 V1, V2, V3, V4 OP_SEL:[1,0,0,1]", 8);
    parses("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:9", 8); /* the page's OP_SEL:VALUE (S88) */
    expect_msg("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0]", 26,
               "op_sel takes 4 values on v_mad_f16 (one per source, then the destination's), "
               "not 3");
    expect_msg("gfx9", "v_add_i16 v1, v2, v3 op_sel:[1,1,0,1]", 22,
               "op_sel takes 3 values on v_add_i16");
    expect_msg("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:[1,2,0,0]", 36,
               "op_sel's values are 0 (the low half) or 1 (the high half), not 2");
    expect_msg("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1", 41,
               "expected ',' or ']' in op_sel's list");
    expect_msg("gfx9", "v_mad_f16 v1, v2, v3, v4 op_sel:16", 33, "op_sel:16 is out of range");
    expect_msg("gfx9", "v_add_f32 v1, v2, v3 op_sel:[1,0,0]", 22,
               "v_add_f32_e64 takes no op_sel on gcn1.4: only the VOP3 instructions whose 16-bit "
               "operands it selects take it (spec errata E245)");
    expect_msg("gfx9", "v_mad_legacy_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]", 33,
               "v_mad_legacy_f16 takes no op_sel on gcn1.4");
    expect_msg("gcn1.2", "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]", 26,
               "the modifier 'op_sel' does not exist on this generation");
    /* an operand written only with a flag (FLAT's atomics return VDST with glc): the two
     * readings, with and without it, fail; the one that names the flag is the message */
    expect_msg("gfx9", "flat_atomic_add v0, v[1:2], v2", 1,
               "flat_atomic_add writes VDST only with glc: add glc, or leave VDST out");
    expect_msg("gfx9", "flat_atomic_add v[1:2], v2 glc", 1,
               "with glc, flat_atomic_add writes VDST: write it as the first operand");
    /* VOP3 takes no literal before GCN 1.5 (operands.json literal_gens) */
    expect_msg("gcn1.2", "v_mad_f32 v1, 0x41, v2, v3", 15,
               "'0x41' needs a literal, which SRC0 cannot take on this generation: write a VGPR");
    /* an MTBUF format: a name the generation lacks lists the generation's names (number
     * format 6 is SNORM_OGL on GCN 1.0/1.1, RESERVED_6 on GCN 1.2/1.4: E250); the number's,
     * a part's range; a part given twice */
    expect_msg("gfx9",
               "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_SNORM_OGL]", 51,
               "'buf_num_format_snorm_ogl' is no data or number format on this generation");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_9]", 51,
               "BUF_NUM_FORMAT_RESERVED_6");
    expect_msg("gcn1.0", "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_9]", 51,
               "BUF_NUM_FORMAT_SNORM_OGL");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], s1 format:128", 50,
               "128 is not in 0 to 127");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], dfmt:16, s1", 45,
               "16 is not in 0 to 15");
    expect_msg("gfx9",
               "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,"
               "BUF_DATA_FORMAT_8]",
               70, "two data formats");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32", 69,
               "expected ',' or ']'");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], s1 format:4 dfmt:3", 52,
               "the data format is given twice");
    expect_msg("gfx9", "tbuffer_load_format_x v1, off, s[4:7], dfmt:3, s1 format:4", 51,
               "the format is given twice");
    parses("gfx9", "tbuffer_load_format_x v1, off, s[4:7], dfmt:4, nfmt:7, s1", 8);
    parses("gcn1.0", "TBUFFER_LOAD_FORMAT_X v1, off, s[4:7], s1 FORMAT:[buf_num_format_snorm_ogl]",
           8);
}

/* The bytes of the three lines a, b, c (one instruction each, of one size), XORed: a word the
 * assembler refuses to write, with each field the XOR of the lines' (a's where b and c agree). */
static size_t mixed_word(const char *gen, const char *a, const char *b, const char *c, uint8_t *out)
{
    uint8_t w[3][GCN_INST_MAX_BYTES];
    size_t n[3], k;
    const char *texts[3] = {a, b, c};
    gcn_diag d;
    int i;
    for (i = 0; i < 3; i++)
        if (gcn_assemble(gcn_gen_lookup(gen), texts[i], NULL, w[i], sizeof(w[i]), &n[i], &d) !=
            GCN_OK)
            fail_msg("%s on %s: %s", texts[i], gen, d.msg);
    assert_int_equal(n[0], n[2]);
    assert_int_equal(n[1], n[2]);
    for (k = 0; k < n[2]; k++)
        out[k] = (uint8_t)(w[0][k] ^ w[1][k] ^ w[2][k]);
    return n[2];
}

/* The constant bus (GcnInstrsVop*.md's 'Limitations for operands'): the parser's message for a
 * line and the decoder's for a word name the instruction, the values it reads and the rule's
 * page line, on every VALU encoding with the rule; VOP3P as VOP1, VOP2 and VOP3 (a VOP3P word
 * has VOP3's fixed bits too: the decoder names VOP3P's rule, not 'VOP3 opcode N'). */
static void constant_bus_messages(void **state)
{
    static const struct {
        const char *gen, *a, *b, *c, *want;
    } words[] = {
        {"gfx9", "v_fma_f32 v1, s1, v2, v3", "v_fma_f32 v1, v1, v2, s3", "v_fma_f32 v1, v1, v2, v3",
         "v_fma_f32 reads 2 scalar values (s1, s3): the constant bus takes 1 on gcn1.4 "
         "(GcnInstrsVop3.md:76-77)"},
        {"gfx9", "v_pk_add_f16 v1, s1, v2", "v_pk_add_f16 v1, v1, s2", "v_pk_add_f16 v1, v1, v2",
         "v_pk_add_f16 reads 2 scalar values (s1, s2): the constant bus takes 1 on gcn1.4 "
         "(GcnInstrsVop3p.md:47-48)"},
        {"gfx9", "v_pk_mad_u16 v1, v2, vcc_lo, v4", "v_pk_mad_u16 v1, v2, v3, m0",
         "v_pk_mad_u16 v1, v2, v3, v4",
         "v_pk_mad_u16 reads 2 scalar values (vcc_lo, m0): the constant bus takes 1 on gcn1.4 "
         "(GcnInstrsVop3p.md:47-48)"},
        {"gfx9", "v_mad_mix_f32 v1, exec_lo, v2, v3", "v_mad_mix_f32 v1, v1, s2, v3",
         "v_mad_mix_f32 v1, v1, v2, v3",
         "v_mad_mix_f32 reads 2 scalar values (exec_lo, s2): the constant bus takes 1 on gcn1.4 "
         "(GcnInstrsVop3p.md:47-48)"},
        /* SRC1: v2 ^ v252 ^ s0, 0x102 ^ 0x1fc ^ 0 = 254, LDS_DIRECT */
        {"gfx9", "v_pk_add_f16 v1, v1, v2", "v_pk_add_f16 v1, v1, v252", "v_pk_add_f16 v1, v1, s0",
         "v_pk_add_f16 reads LDS_DIRECT in SRC1: only SRC0 may hold it (GcnInstrsVop3p.md:51)"},
    };
    size_t i;
    (void)state;
    /* the parser */
    expect_msg("gcn1.0", "v_add_f32_e64 v1, s1, s2", 1,
               "v_add_f32_e64 reads 2 scalar values (s1, s2): the constant bus takes 1 on gcn1.0 "
               "(GcnInstrsVop3.md:76-77)");
    expect_msg("gcn1.0", "v_cndmask_b32 v1, s1, v2, vcc", 1,
               "v_cndmask_b32_e32 reads 2 scalar values (s1, vcc read implicitly): the constant "
               "bus takes 1 on gcn1.0 (GcnInstrsVop2.md:83-84)");
    expect_msg("gcn1.0", "v_writelane_b32 v1, s2, m0", 1,
               "v_writelane_b32 reads 2 scalar values (s2, m0): the constant bus takes 1 on "
               "gcn1.0 (GcnInstrsVop2.md:83-84)");
    expect_msg("gfx9", "v_pk_add_f16 v1, s1, s2", 1,
               "v_pk_add_f16 reads 2 scalar values (s1, s2): the constant bus takes 1 on gcn1.4 "
               "(GcnInstrsVop3p.md:47-48)");
    expect_msg("gfx9", "v_pk_mad_u16 v1, v2, vcc_lo, m0", 1,
               "v_pk_mad_u16 reads 2 scalar values (vcc_lo, m0): the constant bus takes 1 on "
               "gcn1.4 (GcnInstrsVop3p.md:47-48)");
    expect_msg("gfx9", "v_mad_mix_f32 v1, s1, v2, exec_lo", 1,
               "v_mad_mix_f32 reads 2 scalar values (s1, exec_lo): the constant bus takes 1 on "
               "gcn1.4 (GcnInstrsVop3p.md:47-48)");
    expect_msg("gfx9", "v_pk_add_f16 v1, v2, src_lds_direct", 1,
               "v_pk_add_f16 reads LDS_DIRECT in SRC1: only SRC0 may hold it "
               "(GcnInstrsVop3p.md:51)");
    parses("gfx9", "v_pk_fma_f16 v1, s1, v2, s1", 8); /* one register twice: one value (E284) */
    /* the decoder */
    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        uint8_t w[GCN_INST_MAX_BYTES];
        char why[256];
        size_t n = mixed_word(words[i].gen, words[i].a, words[i].b, words[i].c, w);
        if (gcn_decode_why(gcn_gen_lookup(words[i].gen), w, n, why, sizeof(why)) == GCN_OK)
            fail_msg("%s + %s: the decoder takes the word", words[i].a, words[i].b);
        if (!strstr(why, words[i].want))
            fail_msg("%s + %s on %s: got '%s', want '%s'", words[i].a, words[i].b, words[i].gen,
                     why, words[i].want);
    }
}

/* The word of line `vgpr` (a source written as v124) with that source read as m0 (code 124):
 * the source field's low eight bits are where the lines with v0 and v255 differ, its VGPR bit
 * the one above them, cleared. */
static size_t scalar_word(const char *gen, const char *v0, const char *v255, const char *v124,
                          uint8_t *out)
{
    uint8_t a[GCN_INST_MAX_BYTES], b[GCN_INST_MAX_BYTES];
    size_t n = 0, na = 0, nb = 0, k, top = 0;
    gcn_diag d;
    int g = gcn_gen_lookup(gen);
    if (gcn_assemble(g, v0, NULL, a, sizeof(a), &na, &d) != GCN_OK ||
        gcn_assemble(g, v255, NULL, b, sizeof(b), &nb, &d) != GCN_OK ||
        gcn_assemble(g, v124, NULL, out, GCN_INST_MAX_BYTES, &n, &d) != GCN_OK)
        fail_msg("%s on %s: %s", v124, gen, d.msg);
    assert_int_equal(na, n);
    assert_int_equal(nb, n);
    for (k = 0; k < 8 * n; k++)
        if ((a[k / 8] ^ b[k / 8]) >> (k % 8) & 1)
            top = k;
    top++;
    assert_true(top < 8 * n);
    out[top / 8] = (uint8_t)(out[top / 8] & ~(1u << (top % 8)));
    return n;
}

/* The VOP3 forms of the interpolations (GCN 1.2/1.4) read VGPRs alone (VSRC, VSRC1: E285): no
 * scalar value, constant or LDS_DIRECT reaches the constant bus or SRC0's rule; the parser and
 * the decoder refuse them as operands, not as the rule's breach. */
static void interpolation_sources(void **state)
{
    uint8_t w[GCN_INST_MAX_BYTES];
    char why[256];
    size_t n;
    (void)state;
    expect_msg("gfx9", "v_interp_p2_f16 v1, v2, attr0.x, m0", 34, "expected a VGPR (vN), not 'm0'");
    expect_msg("gfx9", "v_interp_p2_f16 v1, s2, attr0.x, v3", 21, "expected a VGPR (vN), not 's2'");
    expect_msg("gcn1.2", "v_interp_p1_f32_e64 v1, src_lds_direct, attr0.x", 25,
               "expected a VGPR (vN), not 'src_lds_direct'");
    expect_msg("gcn1.2", "v_interp_p1lv_f16 v1, v2, attr0.x, 1.0", 36,
               "expected a VGPR (vN), not '1.0'");
    parses("gfx9", "v_interp_p1lv_f16 v1, v2, attr0.x, v3", 8);
    n = scalar_word("gcn1.2", "v_interp_p1_f32_e64 v1, v0, attr0.x",
                    "v_interp_p1_f32_e64 v1, v255, attr0.x",
                    "v_interp_p1_f32_e64 v1, v124, attr0.x", w);
    assert_int_not_equal(gcn_decode_why(gcn_gen_lookup("gcn1.2"), w, n, why, sizeof(why)), GCN_OK);
    if (!strstr(why, "v_interp_p1_f32_e64: SRC1=124 is not a valid operand there"))
        fail_msg("the word with m0: '%s'", why);
    n = scalar_word("gfx9", "v_interp_p2_f16 v1, v2, attr0.x, v0",
                    "v_interp_p2_f16 v1, v2, attr0.x, v255",
                    "v_interp_p2_f16 v1, v2, attr0.x, v124", w);
    assert_int_not_equal(gcn_decode_why(gcn_gen_lookup("gfx9"), w, n, why, sizeof(why)), GCN_OK);
    if (!strstr(why, "v_interp_p2_f16_e64: SRC2=124 is not a valid operand there"))
        fail_msg("the word with m0: '%s'", why);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lacking_generation),    cmocka_unit_test(typos_suggest),
        cmocka_unit_test(fixed_cases),           cmocka_unit_test(constant_bus_messages),
        cmocka_unit_test(interpolation_sources),
    };
    return cmocka_run_group_tests_name("parse_messages", tests, NULL, NULL);
}
