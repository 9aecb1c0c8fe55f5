/* The environment the pseudocode tests check against: the operand and machine-state names of
 * the GCN pages, the lower-case names of the vISA page, and the helpers the documents call. */
#ifndef GCN_TESTS_PSEUDO_TEST_ENV_H
#define GCN_TESTS_PSEUDO_TEST_ENV_H

#include "spec/pseudo/pseudo.h"

static const char *const test_env_names[] = {
    "ADDR",
    "VDATA0",
    "VDATA1",
    "VDST",
    "OFFSET",
    "OFFSET0",
    "OFFSET1",
    "DS",
    "M0",
    "EXEC",
    "LANEID",
    "SDST",
    "SSRC0",
    "SCC",
    "PC",
    "CSP",
    "SGPR",
    "TTMP",
    "SDATA",
    "SBASE",
    "SMEM",
    "GLC",
    "SGPROFFSET",
    "CLOCKCNT",
    "GCN14",
    "SDST_NUMBER",
    "SSRC0_NUMBER",
    "VCC",
    /* vISA DWORD_ATOMIC */
    "exec_size",
    "ChEn",
    "element_offset",
    "dst",
    "surface",
    "src0",
    "src1",
};

/* op is the vISA atomic operation, called as op(old, src0, src1). */
static const ps_helper test_env_helpers[] = {
    {"MIN", 2},  {"MAX", 2},    {"ABS", 1},     {"BITCOUNT", 1}, {"REVBIT", 1},
    {"SEXT", 1}, {"SEXT16", 1}, {"ASFLOAT", 1}, {"ASDOUBLE", 1}, {"op", 3},
};

static const char *const test_env_outputs[] = {"VDST", "SDST"};

static inline ps_env test_env(void)
{
    ps_env env = {test_env_names,
                  sizeof(test_env_names) / sizeof(test_env_names[0]),
                  test_env_helpers,
                  sizeof(test_env_helpers) / sizeof(test_env_helpers[0]),
                  NULL,
                  0};
    return env;
}

/* The same, plus the destination operands (enables output-read-not-written). */
static inline ps_env test_env_with_outputs(void)
{
    ps_env env = test_env();
    env.outputs = test_env_outputs;
    env.noutputs = sizeof(test_env_outputs) / sizeof(test_env_outputs[0]);
    return env;
}

#endif
