/* The parser's scanners against their one-character-at-a-time definitions: a mnemonic is the
 * run of [a-z0-9_] (after lower-casing) at the start of the line, whatever byte ends it and
 * wherever that byte falls in an 8-byte block; a register number reads as strtol would.
 * gcn_assemble gives what gcn_parse + gcn_encode give. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gcnspec/codec.h"

static int word_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* "unknown mnemonic 'X'" names the mnemonic the parser took: it must be the reference run (a
 * "did you mean" may follow). */
static void mnemonic_end(void **st)
{
    static const char base[] = "zz_not_an_instruction_b32_and_more_characters";
    int gen = 0;
    unsigned c, k, lead;
    (void)st;
    for (lead = 0; lead < 3; lead++)
        for (k = 1; k < 40; k++)
            for (c = 1; c < 256; c++) {
                char text[80], want[80];
                gcn_inst in;
                gcn_diag d;
                size_t w = 0, i;
                memset(text, 0, sizeof(text));
                memset(text, ' ', lead);
                memcpy(text + lead, base, k);
                text[lead + k] = (char)c;
                memcpy(text + lead + k + 1, " s0, s1", 8);
                for (i = lead; word_char((unsigned char)text[i]); i++)
                    want[w++] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] + 32 : text[i]);
                want[w] = 0;
                assert_int_not_equal(gcn_parse(gen, text, &in, &d), GCN_OK);
                if (strncmp(d.msg, "unknown mnemonic '", 18) != 0) {
                    print_error("byte 0x%02x after %u characters: %s\n", c, k, d.msg);
                    fail();
                }
                /* then the end, or a neighbour it might have meant */
                assert_memory_equal(d.msg + 18, want, w);
                assert_int_equal(d.msg[18 + w], '\'');
                if (d.msg[18 + w + 1] && strncmp(d.msg + 18 + w + 1, "; did you mean '", 16)) {
                    print_error("after the name: %s\n", d.msg);
                    fail();
                }
                assert_int_equal(d.col, lead + 1);
            }
}

/* Register numbers: digits, leading zeros, and indices that are LLVM's absolute expressions (a
 * leading 0 makes one octal, so s[008:015] is refused, as llvm-mc refuses it: 'failed parsing
 * operand'); no sign, no overflow of a long run. */
static void register_numbers(void **st)
{
    static const struct {
        const char *text;
        int ok;
    } cases[] = {
        {"ds_read_b64 v[4:5], v1", 1},
        {"ds_read_b64 v[254:255], v1", 1},
        {"ds_read_b64 v[004:005], v1", 1},
        {"ds_read_b64 v[0000000004:0000000005], v1", 1},
        {"ds_read_b64 v[255:256], v1", 0},
        {"ds_read_b64 v[4:6], v1", 0},
        {"ds_read_b64 v[4:5x], v1", 0},
        {"ds_read_b64 v[:5], v1", 0},
        {"ds_read_b64 v[99999999999999999999:5], v1", 0},
        /* a last register strtol reads as LONG_MIN: no z - a overflow (found by text_roundtrip) */
        {"ds_read_b64 v[17:-9223372036854775808], v1", 0},
        {"ds_read_b64 v[17:-99999999999999999999], v1", 0},
        {"s_load_dwordx4 s[4:-99999999999999999999], s[2:3], 0", 0},
        {"s_load_dwordx8 s[008:015], s[2:3], 0", 0},
        {"ds_read_b64 v[2*2:2*2+1], v1", 1},
    };
    size_t i;
    (void)st;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gcn_inst in;
        gcn_diag d;
        gcn_status s = gcn_parse(0, cases[i].text, &in, &d);
        if ((s == GCN_OK) != cases[i].ok) {
            print_error("%s: %s %s\n", cases[i].text, gcn_status_str(s), d.msg);
            fail();
        }
    }
    /* the tuple's first register lands in VDST */
    {
        gcn_inst a, b;
        gcn_diag d;
        assert_int_equal(gcn_parse(0, "ds_read_b64 v[0000000004:0000000005], v1", &a, &d), GCN_OK);
        assert_int_equal(gcn_parse(0, "ds_read_b64 v[4:5], v1", &b, &d), GCN_OK);
        assert_memory_equal(&a, &b, sizeof(a));
        assert_int_equal(gcn_parse(0, "s_load_dwordx8 s[010:017], s[2:3], 0", &a, &d), GCN_OK);
        assert_int_equal(gcn_parse(0, "s_load_dwordx8 s[8:15], s[2:3], 0", &b, &d), GCN_OK);
        assert_memory_equal(&a, &b, sizeof(a));
    }
}

/* gcn_assemble: gcn_parse + gcn_encode in one call */
static void assemble_one_call(void **st)
{
    static const char *const lines[] = {"s_mov_b32 s5, 0x12345678", "s_mov_b64 s[4:5], -1",
                                        "ds_write2_b32 v1, v2, v3 offset0:4 offset1:8 gds",
                                        "s_load_dwordx4 s[4:7], s[2:3], 0x10"};
    int gen = gcn_gen_lookup("gfx8");
    size_t i;
    (void)st;
    for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        gcn_inst p, a;
        gcn_diag d;
        uint8_t b1[GCN_INST_MAX_BYTES], b2[GCN_INST_MAX_BYTES];
        size_t n1, n2;
        assert_int_equal(gcn_parse(gen, lines[i], &p, &d), GCN_OK);
        assert_int_equal(gcn_encode(&p, b1, sizeof(b1), &n1), GCN_OK);
        assert_int_equal(gcn_assemble(gen, lines[i], &a, b2, sizeof(b2), &n2, &d), GCN_OK);
        assert_int_equal(n1, n2);
        assert_memory_equal(b1, b2, n1);
        assert_memory_equal(&p, &a, sizeof(p));
        assert_int_equal(gcn_assemble(gen, lines[i], NULL, b2, sizeof(b2), &n2, &d), GCN_OK);
        assert_int_equal(gcn_assemble(gen, lines[i], NULL, b2, n1 - 1, &n2, &d), GCN_ERR_TRUNCATED);
    }
    {
        gcn_diag d;
        uint8_t b[GCN_INST_MAX_BYTES];
        size_t n;
        assert_int_equal(gcn_assemble(gen, "s_mov_b32 s5, v1", NULL, b, sizeof(b), &n, &d),
                         GCN_ERR_SYNTAX);
        assert_int_equal(d.col, 15);
        assert_int_equal(gcn_assemble(gen, "s_mov_b32 s5, s1", NULL, NULL, 0, &n, &d),
                         GCN_ERR_INVALID);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mnemonic_end),
        cmocka_unit_test(register_numbers),
        cmocka_unit_test(assemble_one_call),
    };
    return cmocka_run_group_tests_name("parse_scan", tests, NULL, NULL);
}
