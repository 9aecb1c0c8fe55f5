/* The benchmark's ceiling: libFuzzer with a target that does nothing. No target runs faster
 * under the same engine and flags, so `gcnspec fuzz --bench` prints its rate beside the others:
 * the highest ratio to the LLVM-C target any target could show on this machine. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
