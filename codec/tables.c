/* The one file that includes the generated tables (gen/gcngen -> gcn_tables.inc). */
#include "tables.h"

#include <ctype.h>
#include <string.h>

#include "codec_internal.h"
#include "gcn_tables.inc"

const gcn_tables *gcn_codec_tables(void)
{
    return &gcn_codec_table_data;
}

int gcn_gen_count(void)
{
    return (int)gcn_codec_table_data.ngens;
}

static int same_icase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

int gcn_gen_lookup(const char *name)
{
    unsigned g, k;
    for (g = 0; name && g < gcn_codec_table_data.ngens; g++) {
        const gcn_gen_row *r = &gcn_codec_table_data.gens[g];
        if (same_icase(name, r->id) || same_icase(name, r->llvm) || same_icase(name, r->mcpu))
            return (int)g;
        for (k = 0; k < 8 && r->aliases[k]; k++)
            if (same_icase(name, r->aliases[k]))
                return (int)g;
    }
    return -1;
}

const char *gcn_gen_id(int gen)
{
    return gen >= 0 && (unsigned)gen < gcn_codec_table_data.ngens
               ? gcn_codec_table_data.gens[gen].id
               : NULL;
}

const char *gcn_gen_mcpu(int gen)
{
    return gen >= 0 && (unsigned)gen < gcn_codec_table_data.ngens
               ? gcn_codec_table_data.gens[gen].mcpu
               : NULL;
}

int gcn_encoding_count(void)
{
    return (int)gcn_codec_table_data.nencodings;
}

const char *gcn_encoding_name(int encoding)
{
    return encoding >= 0 && (unsigned)encoding < gcn_codec_table_data.nencodings
               ? gcn_codec_table_data.encodings[encoding].name
               : NULL;
}

int gcn_inst_branch_target(const gcn_inst *inst, uint64_t addr, uint64_t *target)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_insn_row *row;
    unsigned i;
    if (inst->insn >= t->ninsns)
        return 0;
    row = &t->insns[inst->insn];
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        unsigned w = codec_layout(t, inst->gen, row->encoding)->slot[op->slot].width;
        if (op->kind != GCN_KIND_LABEL || !w || w > 32)
            continue;
        /* the field, a signed dword count from the next instruction */
        *target = addr + inst->size + (uint64_t)(int64_t)codec_sext(inst->field[op->slot], w) * 4u;
        return 1;
    }
    return 0;
}

const char *gcn_inst_mnemonic(const gcn_inst *inst)
{
    return inst->insn < gcn_codec_table_data.ninsns
               ? gcn_codec_table_data.insns[inst->insn].mnemonic
               : NULL;
}

const char *gcn_inst_encoding(const gcn_inst *inst)
{
    return inst->encoding < gcn_codec_table_data.nencodings
               ? gcn_codec_table_data.encodings[inst->encoding].name
               : NULL;
}

int gcn_insn_count(void)
{
    return (int)gcn_codec_table_data.ninsns;
}

const char *gcn_insn_mnemonic(int insn)
{
    return insn >= 0 && (unsigned)insn < gcn_codec_table_data.ninsns
               ? gcn_codec_table_data.insns[insn].mnemonic
               : NULL;
}

long gcn_insn_opcode(int insn, int gen)
{
    uint16_t op;
    if (insn < 0 || (unsigned)insn >= gcn_codec_table_data.ninsns || gen < 0 ||
        (unsigned)gen >= gcn_codec_table_data.ngens)
        return -1;
    op = gcn_codec_table_data.insns[insn].opcode[gen];
    return op == GCN_NO_INSN ? -1 : (long)op;
}
