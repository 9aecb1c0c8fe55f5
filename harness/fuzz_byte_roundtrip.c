/* Target 1, the byte round trip: [generation byte][instruction bytes]. What decodes must encode
 * back to canonical bytes that decode to the same instruction, and its text must parse back to
 * those bytes (fuzz_check_bytes); what does not decode must be refused with a reason, never a
 * crash; gcn_decode's fast path must give the plan rows' answer and the portable path's (where
 * it runs AVX2), and gcn_disasm the answer of gcn_decode and gcn_print.
 *
 * GCN_FUZZ_PLANTED (a test-only build, fuzz_byte_roundtrip_planted) adds a bug for the suite to
 * find: the target aborts when the last instruction of the table decodes with its first field
 * holding a value no seed holds (tests/harness/test_planted.c). */
#include "fuzz_common.h"

#define TARGET "byte_roundtrip"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int gen = fuzz_take_gen(&data, &size);
    if (gen < 0)
        return 0;
    fuzz_check_bytes(TARGET, gen, data, size);
#ifdef GCN_FUZZ_PLANTED
    {
        gcn_inst in;
        if (gcn_decode(gen, data, size, &in) == GCN_OK && in.insn == fuzz_planted_insn() &&
            in.field[0] == 0x5a)
            fuzz_finding(TARGET, "planted", "planted-bug", "  the test-only bug was reached");
    }
#endif
    return 0;
}
