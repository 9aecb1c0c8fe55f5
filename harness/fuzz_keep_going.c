/* The benchmark's build (libFuzzer without sanitizers, GCN_FUZZ_KEEP_GOING): a finding abandons
 * its input instead of stopping the process, so an open finding the campaigns already filed
 * does not end the measurement. Each target's own entry point is renamed
 * fuzz_target_one_input (fuzz_common.h); this one wraps it. */
#include <setjmp.h>

#include "fuzz_common.h"

#undef LLVMFuzzerTestOneInput
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf abandon;

static void abandon_input(void)
{
    longjmp(abandon, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_on_finding = abandon_input;
    if (setjmp(abandon) == 0)
        fuzz_target_one_input(data, size);
    return 0;
}
