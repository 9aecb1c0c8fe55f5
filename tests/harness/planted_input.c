#include "planted_input.h"

#include <string.h>

#include "gcnspec/codec.h"
#include "harness/fuzz_common.h"
#include "vectors/enc_cases.h"

#define PLANTED_VALUE 0x5a /* harness/fuzz_byte_roundtrip.c */

typedef struct find_ctx {
    gcn_inst in;
    int found;
} find_ctx;

static int first_case(const gcn_enc_case *c, void *ctx)
{
    find_ctx *f = ctx;
    if (c->inst.insn != fuzz_planted_insn())
        return 0;
    f->in = c->inst;
    f->found = 1;
    return 1;
}

const char *planted_mnemonic(void)
{
    return gcn_insn_mnemonic(fuzz_planted_insn());
}

size_t planted_input(uint8_t *out, size_t cap)
{
    int g;
    for (g = 0; g < gcn_gen_count(); g++) {
        find_ctx f;
        size_t n = 0;
        gcn_inst d;
        memset(&f, 0, sizeof(f));
        gcn_enc_cases(g, first_case, &f);
        if (!f.found)
            continue;
        f.in.field[0] = PLANTED_VALUE;
        if (cap < GCN_INST_MAX_BYTES + 1 || gcn_encode(&f.in, out + 1, cap - 1, &n) != GCN_OK ||
            gcn_decode(g, out + 1, n, &d) != GCN_OK || d.field[0] != PLANTED_VALUE)
            continue;
        out[0] = (uint8_t)g;
        return n + 1;
    }
    return 0;
}
