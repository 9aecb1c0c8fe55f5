/* A program of the installed library's user, in C: assemble, decode, print, encode, and one
 * oracle step, each checked against what the library's other half says (tests/install). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcnspec/codec.h>
#include <gcnspec/codeobj.h>
#include <gcnspec/oracle.h>

static int fail(const char *what)
{
    fprintf(stderr, "consumer.c: %s\n", what);
    return 1;
}

int main(void)
{
    const char *text = "s_bcnt1_i32_b32 s1, s0";
    const uint32_t s0 = 0xf0f0f0f1u;
    uint8_t bytes[GCN_INST_MAX_BYTES], again[GCN_INST_MAX_BYTES];
    size_t len = 0, len2 = 0;
    unsigned popcount = 0, i;
    char printed[128];
    gcn_inst inst, decoded;
    gcn_wave_state *s;
    gcn_diag diag;
    int gen = gcn_gen_lookup("gfx9");
    if (gen < 0)
        return fail("gcn_gen_lookup(gfx9) failed");
    gcn_diag_clear(&diag);
    if (gcn_assemble(gen, text, &inst, bytes, sizeof(bytes), &len, &diag) != GCN_OK)
        return fail(diag.msg);
    if (gcn_decode(gen, bytes, len, &decoded) != GCN_OK)
        return fail("gcn_decode refused what gcn_assemble wrote");
    gcn_print(&decoded, printed, sizeof(printed));
    if (strcmp(printed, text) != 0)
        return fail("gcn_print does not give the text back");
    if (gcn_encode(&decoded, again, sizeof(again), &len2) != GCN_OK || len2 != len ||
        memcmp(again, bytes, len) != 0)
        return fail("gcn_encode does not give the bytes back");
    /* one oracle step: S_BCNT1_I32_B32 counts the bits of s0 */
    s = malloc(sizeof(*s));
    if (!s || gcn_state_init(s, gen) != GCN_OK)
        return fail("gcn_state_init failed");
    s->sreg[0] = s0;
    gcn_state_set_exec(s, ~0ull);
    if (gcn_exec_inst(s, &decoded, NULL, &diag) != GCN_OK)
        return fail(diag.msg);
    for (i = 0; i < 32; i++)
        popcount += (s0 >> i) & 1;
    if (s->sreg[1] != popcount)
        return fail("the oracle's s1 is not the popcount of s0");
    /* a code object reader that links libelf: bytes that are no ELF file are refused */
    {
        gcn_codeobj obj;
        memset(&obj, 0, sizeof(obj));
        if (gcn_codeobj_is_elf(bytes, len) ||
            gcn_codeobj_read("bytes", bytes, len, &obj, &diag) == GCN_OK)
            return fail("gcn_codeobj_read took an instruction for a code object");
    }
    printf("c: %s (%s, %zu bytes) -> s1 = %u\n", printed, gcn_inst_mnemonic(&decoded), len,
           s->sreg[1]);
    free(s);
    return 0;
}
