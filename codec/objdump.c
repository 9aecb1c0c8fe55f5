/* The disassembly of a code object in llvm-objdump -d's layout (LLVM's AMDGCNPrettyPrinter):
 *
 *   \nFILE:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n
 *   \n%016x <symbol>:\n
 *   \tTEXT (left-justified to column 60)// %012X: WORD WORD\n
 *
 * llvm-objdump 14 and 19 print the same layout; an instruction's text is llvm-mc's. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gcnspec/codec.h"
#include "gcnspec/codeobj.h"

#define OBJDUMP_COLUMN 60

size_t gcn_objdump_line(const gcn_disasm_item *item, const uint8_t *bytes, uint64_t addr,
                        unsigned flags, char *buf, size_t size)
{
    char text[GCN_ITEM_TEXT + 160], line[GCN_ITEM_TEXT + 400];
    size_t n, i = 0;
    gcn_disasm_item_text(item, bytes, text, sizeof(text));
    if (flags & GCN_OBJDUMP_TEXT_ONLY)
        return (size_t)snprintf(buf, size, "%s", text);
    n = (size_t)snprintf(line, sizeof(line), "\t%s", text);
    if (flags & GCN_OBJDUMP_NO_RAW)
        return (size_t)snprintf(buf, size, "%s", line);
    /* an instruction's text runs into the comment when it reaches the column, as LLVM's does;
     * a line of data keeps a blank before it */
    while (n < sizeof(line) - 1 &&
           (n < OBJDUMP_COLUMN || (item->kind != GCN_ITEM_INST && line[n - 1] != ' ')))
        line[n++] = ' ';
    line[n] = '\0';
    n += (size_t)snprintf(line + n, sizeof(line) - n, "// %012" PRIX64 ":", addr);
    if (item->size >= 4) {
        for (i = 0; i + 4 <= item->size && n < sizeof(line); i += 4)
            n += (size_t)snprintf(line + n, sizeof(line) - n, " %08" PRIX32,
                                  (uint32_t)bytes[i] | (uint32_t)bytes[i + 1] << 8 |
                                      (uint32_t)bytes[i + 2] << 16 | (uint32_t)bytes[i + 3] << 24);
    }
    for (; i < item->size && n < sizeof(line); i++)
        n += (size_t)snprintf(line + n, sizeof(line) - n, " %02" PRIX8, bytes[i]);
    return (size_t)snprintf(buf, size, "%s", line);
}

/* The walk both the listing and the counts make: every item of every executable section, as
 * llvm-objdump steps through it; out NULL writes no listing, stats NULL counts nothing. */
/* " <sym+0xoff>" after a branch's line, as llvm-objdump writes its target: the last symbol of
 * the section at or before the target (the last of those at one address), or nothing when the
 * target lies outside the section or before its first symbol. */
static void put_target(char *line, size_t size, const gcn_codeobj_section *sec, uint64_t target)
{
    size_t k, n = strlen(line);
    const gcn_codeobj_symbol *best = NULL;
    if (target < sec->addr || target >= sec->addr + sec->size)
        return;
    for (k = 0; k < sec->nsyms && sec->syms[k].addr <= target; k++)
        best = &sec->syms[k];
    if (!best)
        return;
    if (best->addr == target)
        snprintf(line + n, size - n, " <%s>", best->name);
    else
        snprintf(line + n, size - n, " <%s+0x%" PRIx64 ">", best->name, target - best->addr);
}

static size_t walk(FILE *out, FILE *diag_out, const char *name, const gcn_codeobj *obj, int gen,
                   unsigned flags, gcn_disasm_stats *stats)
{
    size_t k, bad = 0;
    int text_only = (flags & GCN_OBJDUMP_TEXT_ONLY) != 0 || !out;
    if (!text_only)
        fprintf(out, "\n%s:\tfile format elf64-amdgpu\n", name);
    for (k = 0; k < obj->nsections; k++) {
        const gcn_codeobj_section *sec = &obj->sections[k];
        size_t at = 0, s = 0;
        if (!text_only) {
            fprintf(out, "\nDisassembly of section %s:\n", sec->name);
            /* code before the first symbol goes under the section's name, as in llvm-objdump */
            if (!sec->nsyms || sec->syms[0].addr != sec->addr)
                fprintf(out, "\n%016" PRIx64 " <%s>:\n", sec->addr, sec->name);
        }
        while (at < sec->size) {
            gcn_disasm_item item;
            char line[GCN_ITEM_TEXT + 400];
            uint64_t addr = sec->addr + at;
            /* a symbol here starts a block, under the last of the symbols at this address
             * (sorted by name and type), as llvm-objdump shows one; one that falls inside an
             * instruction is passed */
            while (s < sec->nsyms && sec->syms[s].addr <= addr) {
                if (!text_only && sec->syms[s].addr == addr &&
                    (s + 1 == sec->nsyms || sec->syms[s + 1].addr != addr))
                    fprintf(out, "\n%016" PRIx64 " <%s>:\n", addr, sec->syms[s].name);
                s++;
            }
            gcn_disasm_next(gen, sec->data + at, sec->size - at, &item);
            if (stats)
                gcn_disasm_stats_add(stats, &item);
            /* an instruction never runs into the next symbol's code unseen: the item is cut
             * there only by the bytes' end, as llvm-objdump's is */
            if (out) {
                uint64_t target;
                gcn_objdump_line(&item, sec->data + at, addr, flags, line, sizeof(line));
                if (!(flags & (GCN_OBJDUMP_TEXT_ONLY | GCN_OBJDUMP_NO_RAW)) &&
                    item.kind == GCN_ITEM_INST && gcn_inst_branch_target(&item.inst, addr, &target))
                    put_target(line, sizeof(line), sec, target);
                fprintf(out, "%s\n", line);
            }
            if (item.kind == GCN_ITEM_INVALID || item.kind == GCN_ITEM_TRUNCATED) {
                bad++;
                if (diag_out)
                    fprintf(diag_out, "%s:%s+0x%zx: %s\n", name, sec->name, at, item.text);
            }
            at += item.size ? item.size : 1;
        }
    }
    return bad;
}

gcn_status gcn_objdump(FILE *out, FILE *diag_out, const char *name, const gcn_codeobj *obj, int gen,
                       unsigned flags, size_t *invalid)
{
    size_t bad = walk(out, diag_out, name, obj, gen, flags, NULL);
    if (invalid)
        *invalid = bad;
    return GCN_OK;
}

gcn_status gcn_objdump_stats(FILE *diag_out, const char *name, const gcn_codeobj *obj, int gen,
                             gcn_disasm_stats *stats, size_t *invalid)
{
    size_t bad;
    if (stats->gen != gen || !stats->nrows)
        return GCN_ERR_USAGE;
    bad = walk(NULL, diag_out, name, obj, gen, 0, stats);
    if (invalid)
        *invalid = bad;
    return GCN_OK;
}
