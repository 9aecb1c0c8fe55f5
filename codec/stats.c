/* Counts of a disassembly by encoding: which share of a stream the codec decodes, and which
 * encodings hold the rest. The rows are the catalogue's encodings of the generation. */
#include <string.h>

#include "catalogue.h"
#include "gcnspec/codec.h"

gcn_status gcn_disasm_stats_init(gcn_disasm_stats *stats, int gen)
{
    const gcn_cat_row *rows;
    unsigned n, i, k;
    memset(stats, 0, sizeof(*stats));
    stats->gen = gen;
    stats->total.encoding = "total";
    if (gen < 0 || gen >= gcn_gen_count())
        return GCN_ERR_USAGE;
    rows = gcn_cat_rows(&n);
    for (i = 0; i < n; i++) {
        unsigned at = 0;
        if (!(rows[i].gens >> gen & 1))
            continue;
        /* one row a name (the catalogue has a row a layout), in name order */
        for (k = 0; k < stats->nrows && strcmp(stats->row[k].encoding, rows[i].name) < 0; k++)
            ;
        at = k;
        if (at < stats->nrows && strcmp(stats->row[at].encoding, rows[i].name) == 0)
            continue;
        if (stats->nrows + 1 >= GCN_STATS_MAX_ROWS)
            return GCN_ERR_UNSUPPORTED;
        memmove(&stats->row[at + 1], &stats->row[at], (stats->nrows - at) * sizeof(stats->row[0]));
        memset(&stats->row[at], 0, sizeof(stats->row[0]));
        stats->row[at].encoding = rows[i].name;
        stats->nrows++;
    }
    stats->row[stats->nrows++].encoding = GCN_STATS_NO_ENCODING;
    return GCN_OK;
}

static void count(gcn_disasm_count *c, gcn_item_kind kind)
{
    c->seen++;
    if (kind == GCN_ITEM_INST)
        c->decoded++;
    else if (kind == GCN_ITEM_UNMODELLED)
        c->unmodelled++;
    else
        c->invalid++;
}

void gcn_disasm_stats_add(gcn_disasm_stats *stats, const gcn_disasm_item *item)
{
    unsigned k, none;
    if (!stats->nrows)
        return;
    none = stats->nrows - 1;
    for (k = 0; k < none; k++)
        if (item->encoding && strcmp(stats->row[k].encoding, item->encoding) == 0)
            break;
    count(&stats->row[k], item->kind);
    count(&stats->total, item->kind);
}

void gcn_disasm_stats_bytes(gcn_disasm_stats *stats, const uint8_t *bytes, size_t len)
{
    size_t at = 0;
    while (at < len) {
        gcn_disasm_item item;
        gcn_disasm_next(stats->gen, bytes + at, len - at, &item);
        gcn_disasm_stats_add(stats, &item);
        at += item.size ? item.size : 1;
    }
}
