#include "sem_vocab.h"

#include <string.h>

/* Every name below is used by the documents' blocks (or the curated blocks) as
 * listed (DSMEM and the GWS names by the curated blocks of spec/curated/semantics.json only);
 * spec/curated/pseudocode.json describes the same names for the detectors. */
static const gs_vocab vocab[] = {
    {"EXEC", GV_EXEC, NULL, "the 64-bit execute mask"},
    {"VCC", GV_VCC, NULL, "the 64-bit vector condition code"},
    {"SCC", GV_SCC, NULL, "the scalar condition code (0/1; an assignment stores its truth)"},
    {"M0", GV_M0, NULL, "the M0 register"},
    {"PC", GV_PC, NULL, "the address of this instruction; assigning it jumps there"},
    {"CSP", GV_CSP, NULL, "the control stack pointer of S_CBRANCH_JOIN"},
    {"MODE", GV_MODE, NULL, "the MODE hardware register"},
    {"VSKIP", GV_VSKIP, NULL, "1 when vector instructions are skipped (S_SETVSKIP)"},
    {"LANEID", GV_LANEID, "DS", "the lane a per-lane block runs for (0..63)"},
    {"CLOCKCNT", GV_CLOCKCNT, NULL, "the 64-bit clock (instructions executed)"},
    {"GCN14", GV_GCN14, NULL, "1 when the instruction runs on GCN 1.4"},
    {"SGPROFFSET", GV_SGPROFFSET, "SMEM SMRD", "the SGPR part of the scalar memory offset"},
    {"SOFFSET", GV_SOFFSET, "SMEM SMRD", "the SGPR named by SOFFSET (SOE=1), else 0"},
    {"SGPR", GV_SGPR, NULL, "the scalar registers by 7-bit code: SGPR[n], SGPR[a:b]"},
    {"TTMP", GV_TTMP, NULL, "the trap temporaries: TTMP[n], TTMP[a:b]"},
    {"DS", GV_DS, "DS", "LDS (GDS with the GDS bit) as bytes: DS + x"},
    {"SMEM", GV_SMEM, "SMEM SMRD", "scalar memory from the instruction's base: SMEM + x"},
    {"DSMEM", GV_DSMEM, "DS",
     "DS + x, saying that M0 windows nothing (the instruction's M0 role must agree): DSMEM + x"},
    {"GWS", GV_GWS, "DS", "the global wave sync resources' counters: GWS[n] (n < 64)"},
    {"GWSFLAG", GV_GWSFLAG, "DS", "the resources' barrier phase bits: GWSFLAG[n]"},
    {"GWSWAIT", GV_GWSWAIT, "DS", "1 when the last GWS instruction would have queued the wave"},
};

static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    const char *p = list;
    while ((p = strstr(p, word)) != NULL) {
        if ((p == list || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
        p += n;
    }
    return 0;
}

const gs_vocab *gs_vocab_lookup(const char *name, const char *encoding)
{
    size_t i;
    for (i = 0; i < sizeof(vocab) / sizeof(vocab[0]); i++)
        if (strcmp(vocab[i].name, name) == 0)
            return !vocab[i].encodings || listed(vocab[i].encodings, encoding) ? &vocab[i] : NULL;
    return NULL;
}

static const gs_helper helpers[] = {
    {"MIN", GH_MIN, 2, "the smaller, in the operands' common type (floats: IEEE minNum)"},
    {"MAX", GH_MAX, 2, "the larger, in the operands' common type (floats: IEEE maxNum)"},
    {"ABS", GH_ABS, 1, "absolute value, the argument read as signed of its width"},
    {"BITCOUNT", GH_BITCOUNT, 1, "number of one bits in the argument's (promoted) width"},
    {"REVBIT", GH_REVBIT, 1, "the bits in reverse order, in the argument's width"},
    {"SEXT", GH_SEXT, 1, "the argument, read as signed of its width, as INT32"},
    {"SEXT16", GH_SEXT16, 1, "the argument sign-extended to 16 bits, as a UINT16 pattern"},
    {"SEXT64", GH_SEXT64, 1, "the argument, read as signed of its width, as INT64"},
    {"ASFLOAT", GH_ASFLOAT, 1, "the low 32 bits reinterpreted as FLOAT"},
    {"ASDOUBLE", GH_ASDOUBLE, 1, "the 64 bits reinterpreted as DOUBLE"},
};

const gs_helper *gs_helper_lookup(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
        if (strcmp(helpers[i].name, name) == 0)
            return &helpers[i];
    return NULL;
}

const gs_reg_spelling gs_reg_spellings[] = {
    {"exec_lo", "exec_lo"},
    {"exec_hi", "exec_hi"},
    {"vcc_lo", "vcc_lo"},
    {"vcc_hi", "vcc_hi"},
    {"m0", "m0"},
    {"cond_scc", "src_scc"},
    {"cond_vccz", "src_vccz"},
    {"cond_execz", "src_execz"},
};
const unsigned gs_nreg_spellings = sizeof(gs_reg_spellings) / sizeof(gs_reg_spellings[0]);

const char *gs_space_of(const char *encoding)
{
    if (strcmp(encoding, "DS") == 0)
        return "DS";
    if (strcmp(encoding, "SMEM") == 0 || strcmp(encoding, "SMRD") == 0)
        return "SMEM";
    return NULL;
}

unsigned gs_lgkm_charge(const char *encoding, unsigned data_regs)
{
    if (strcmp(encoding, "DS") == 0)
        return 1;
    if (strcmp(encoding, "SMEM") == 0 || strcmp(encoding, "SMRD") == 0)
        return data_regs >= 2 ? 2 : 1;
    return 0;
}
