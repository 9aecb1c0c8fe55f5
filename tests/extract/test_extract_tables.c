/* What the extractor reads off a table must not depend on how many facts came before it: the
 * same scraped table, preceded by 0..600 rows, always yields a table fact spanning all its rows
 * and, for the row that lost a cell, an opcode-row and an ambiguous-row fact naming its
 * instruction. (The fact list grows as it is filled; a reader that keeps a pointer into it
 * across a growth writes into freed memory.) */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/extract/extract.h"
#include "util/buf.h"

#define CHECK "\xE2\x9C\x93"

/* A scraped DS page whose opcode table has `fill` whole rows, then one that lost a cell. */
static char *page(unsigned fill, unsigned *table_line, unsigned *lost_line)
{
    gcn_buf b;
    unsigned i, line = 9;
    gcn_buf_init(&b);
    gcn_buf_puts(&b, "GcnInstrsDs - CLRX/CLRX-mirror GitHub Wiki\n"
                     "GCN ISA DS instructions\n"
                     "List of fields for the DS encoding:\n"
                     "Bits | Name | Description |\n"
                     "---|---|---|\n"
                     "0-7 | OFFSET | 8-bit offset |\n"
                     "List of the instructions by opcode (GCN 1.0/1.1):\n"
                     "Opcode | GCN 1.0 | GCN 1.1 | Mnemonic |\n"
                     "---|---|---|---|\n");
    *table_line = 8;
    for (i = 0; i < fill; i++, line++)
        gcn_buf_printf(&b, "%u (0x%x) | " CHECK " | " CHECK " | DS_FILL_%u |\n", i, i, i);
    *lost_line = line + 1;
    gcn_buf_puts(&b, "700 (0x2bc) | " CHECK " | DS_NOP | |\n"
                     "Instruction set\n"
                     "DS_NOP\n"
                     "Opcode: 700 (0x2bc)\n"
                     "Syntax: DS_NOP\n"
                     "Description: Do nothing.\n");
    assert_false(b.oom);
    return gcn_buf_take(&b);
}

static const gcn_fact *at(const gcn_facts *f, unsigned line, gcn_fact_kind kind)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].line == line && f->v[i].kind == kind)
            return &f->v[i];
    return NULL;
}

static void test_table_facts_independent_of_position(void **state)
{
    unsigned fill, bad = 0;
    (void)state;
    for (fill = 0; fill <= 600; fill++) {
        unsigned table_line, lost_line;
        char *text = page(fill, &table_line, &lost_line);
        gcn_facts f;
        gcn_diag d;
        const gcn_fact *t, *row, *amb;
        gcn_facts_init(&f);
        if (gcn_extract_text("page.txt", text, strlen(text), &f, &d) != GCN_OK ||
            gcn_facts_finish(&f, &d) != GCN_OK)
            fail_msg("%u rows: %s:%u: %s", fill, d.file, d.line, d.msg);
        t = at(&f, table_line, GCN_FACT_OPCODE_TABLE);
        row = at(&f, lost_line, GCN_FACT_OPCODE_ROW);
        amb = at(&f, lost_line, GCN_FACT_AMBIGUOUS_ROW);
        assert_non_null(t);
        assert_non_null(row);
        assert_non_null(amb);
        if (t->last_line != lost_line) {
            if (bad++ < 5)
                print_error("%u rows before: the table fact ends at %u, its last row is %u\n", fill,
                            t->last_line, lost_line);
        } else if (!row->mnemonic || strcmp(row->mnemonic, "DS_NOP") != 0 || !amb->mnemonic ||
                   strcmp(amb->mnemonic, "DS_NOP") != 0) {
            if (bad++ < 5)
                print_error("%u rows before: the row that lost a cell names %s / %s\n", fill,
                            row->mnemonic ? row->mnemonic : "(nothing)",
                            amb->mnemonic ? amb->mnemonic : "(nothing)");
        }
        gcn_facts_free(&f);
        free(text);
    }
    if (bad)
        fail_msg("%u of 601 tables were read differently", bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_facts_independent_of_position),
    };
    return cmocka_run_group_tests_name("extract_tables", tests, NULL, NULL);
}
