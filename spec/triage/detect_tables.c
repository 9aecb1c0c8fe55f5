/* Table shape: a table's separator row and its rows have as many cells as its header has
 * columns. A header naming a column no row fills, a separator with one cell too many (a
 * Markdown reader then sees no table at all), a row split by an unescaped '|' inside a cell:
 * each is a finding. Opcode-table rows that lost cells are the ambiguous-row detector's. */
#include <stdio.h>
#include <string.h>

#include "findings.h"
#include "spec/extract/text.h"

static size_t count_cells(const char *line)
{
    gcn_strs cells = {0};
    size_t n;
    if (!text_cells(line, &cells)) {
        gcn_strs_free(&cells);
        return 0;
    }
    n = cells.n;
    gcn_strs_free(&cells);
    return n;
}

/* The table's second quoted line (its separator row), or NULL. */
static const char *separator_of(const gcn_fact *t)
{
    const char *nl = t->text ? strchr(t->text, '\n') : NULL;
    return nl ? nl + 1 : NULL;
}

/* A row of the table (not an opcode row: those are read against their check columns). */
static int row_of(const gcn_fact *t, const gcn_fact *x)
{
    if (strcmp(x->file, t->file) != 0 || x->line <= t->line || x->line > t->last_line)
        return 0;
    return x->kind == GCN_FACT_TABLE_ROW || x->kind == GCN_FACT_VISA_OP;
}

static gcn_status one_table(const gcn_facts *f, const gcn_fact *t, gcn_findings *out)
{
    const char *sep = separator_of(t);
    size_t cols = t->cells.n, i, short_rows = 0, short_cells = 0;
    gcn_strs ids = {0};
    gcn_status st = GCN_OK;
    if (sep) {
        size_t n = count_cells(sep);
        if (n && n != cols) {
            gcn_strs_push(&ids, t->id);
            if (!gcn_findings_add(out, GCN_FC_TABLE_SHAPE, t->encoding, t->cells.v[0], &ids, NULL,
                                  "the table's header has %zu columns, its separator row %zu: the "
                                  "two must agree for the rows to be read as a table",
                                  cols, n))
                st = GCN_ERR_NOMEM;
            gcn_strs_free(&ids);
        }
    }
    /* rows with fewer cells than the header: one finding for the table (the header promises a
     * column the rows do not give); rows with more: one finding each */
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *x = &f->v[i];
        size_t n;
        if (!row_of(t, x))
            continue;
        n = count_cells(x->text);
        if (n < cols) {
            if (!short_rows)
                gcn_strs_push(&ids, t->id);
            gcn_strs_push(&ids, x->id);
            short_rows++;
            if (n > short_cells)
                short_cells = n;
        } else if (n > cols) {
            gcn_strs one = {0};
            gcn_strs_push(&one, t->id);
            gcn_strs_push(&one, x->id);
            if (!gcn_findings_add(out, GCN_FC_TABLE_SHAPE, t->encoding, t->cells.v[0], &one, NULL,
                                  "a row has %zu cells where the header has %zu columns: a '|' "
                                  "inside a cell splits it (write it as '\\|')",
                                  n, cols))
                st = GCN_ERR_NOMEM;
            gcn_strs_free(&one);
        }
    }
    if (st == GCN_OK && short_rows &&
        !gcn_findings_add(out, GCN_FC_TABLE_SHAPE, t->encoding, t->cells.v[0], &ids, NULL,
                          "the header has %zu columns, but %zu row%s give%s at most %zu: the "
                          "header's '%s' column is never filled",
                          cols, short_rows, short_rows == 1 ? "" : "s", short_rows == 1 ? "s" : "",
                          short_cells, short_cells < cols ? t->cells.v[short_cells] : ""))
        st = GCN_ERR_NOMEM;
    gcn_strs_free(&ids);
    return st;
}

gcn_status gcn_detect_tables(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    gcn_status st = GCN_OK;
    for (i = 0; i < f->n && st == GCN_OK; i++)
        if ((f->v[i].kind == GCN_FACT_TABLE || f->v[i].kind == GCN_FACT_OPCODE_TABLE) &&
            f->v[i].cells.n)
            st = one_table(f, &f->v[i], out);
    return st;
}
