/* The structures of the CLRX instruction pages beyond the seeds' (issue 24), each read off a
 * small page: a firing case (the facts it yields) and a malformed case (an error at its
 * file:line, or, where the pages themselves hold the defect, an unmodelled fact on its line).
 * Then every GcnInstrs page of documents/clrx extracts, and the directory reader leaves the
 * other Markdown pages unread, saying why. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/extract/extract.h"
#include "test_support.h"
#include "util/buf.h"

#define CHECK "\xE2\x9C\x93"

/* A VOP1-like page: title, a field table, the preamble extra `pre`, an opcode table with an
 * Opcode(VOP3) column (rows `rows`, after the header), then `set` (the instruction set). The
 * page's line numbers: the opcode table's header is line 12 + lines of pre, its first row 14 +
 * lines of pre; `set` starts two lines after the last row. */
static char *page(const char *pre, const char *rows, const char *set)
{
    gcn_buf b;
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "## GCN ISA VOP1 instructions\n"
                   "\n"
                   "List of fields for VOP1 encoding:\n"
                   "\n"
                   "Bits  | Name     | Description\n"
                   "------|----------|------------\n"
                   "0-8   | SRC0     | First source operand\n"
                   "25-31 | ENCODING | Encoding type. Must be 0b0111111\n"
                   "\n"
                   "%s"
                   "List of the instructions by opcode (GCN 1.0/1.1):\n"
                   "\n"
                   " Opcode  | Opcode(VOP3)|GCN 1.0|GCN 1.1| Mnemonic\n"
                   "---------|-------------|-------|-------|----------\n"
                   "%s"
                   "\n"
                   "%s",
                   pre, rows, set);
    assert_false(b.oom);
    return gcn_buf_take(&b);
}

static const char *const one_row =
    " 1 (0x1) | 385 (0x181) |   " CHECK "   |   " CHECK "   | V_MOV_B32\n";

static const char *const one_section = "### Instruction set\n"
                                       "\n"
                                       "#### V_MOV_B32\n"
                                       "\n"
                                       "Opcode VOP1: 1 (0x1) for GCN 1.0/1.1\n"
                                       "Syntax: V_MOV_B32 VDST, SRC0\n"
                                       "Description: Move.\n";

/* Extracts text; returns the status, facts in *f (finished when OK). */
static gcn_status run(const char *text, gcn_facts *f, gcn_diag *d)
{
    gcn_status st;
    gcn_facts_init(f);
    gcn_diag_clear(d);
    st = gcn_extract_text("page.md", text, strlen(text), f, d);
    if (st == GCN_OK)
        st = gcn_facts_finish(f, d);
    return st;
}

static void expect_ok(const char *text, gcn_facts *f)
{
    gcn_diag d;
    if (run(text, f, &d) != GCN_OK)
        fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
}

/* The extraction fails naming page.md:line. */
static void expect_error(char *text, unsigned line)
{
    gcn_facts f;
    gcn_diag d;
    gcn_status st = run(text, &f, &d);
    gcn_facts_free(&f);
    if (st == GCN_OK)
        fail_msg("expected an error on line %u, the page extracted", line);
    assert_string_equal(d.file, "page.md");
    if (d.line != line)
        fail_msg("expected an error on line %u, got %u: %s", line, d.line, d.msg);
    free(text);
}

static const gcn_fact *at(const gcn_facts *f, unsigned line, gcn_fact_kind kind)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].line == line && f->v[i].kind == kind)
            return &f->v[i];
    return NULL;
}

static size_t count(const gcn_facts *f, gcn_fact_kind kind)
{
    size_t i, n = 0;
    for (i = 0; i < f->n; i++)
        n += f->v[i].kind == kind;
    return n;
}

/* ---- opcode tables ----------------------------------------------------------------------------
 */

static void test_form_opcode_column(void **state)
{
    char *t = page("", one_row, one_section);
    gcn_facts f;
    const gcn_fact *row;
    (void)state;
    expect_ok(t, &f);
    row = at(&f, 14, GCN_FACT_OPCODE_ROW);
    assert_non_null(row);
    assert_int_equal(row->lo, 1);
    assert_int_equal(row->nclaims, 2);
    assert_int_equal(row->nparts, 1);
    assert_int_equal(row->parts[0].dec, 385);
    assert_string_equal(row->parts[0].form, "VOP3");
    assert_string_equal(row->parts[0].hex, "0x181");
    gcn_facts_free(&f);
    free(t);
    /* a cell that is no opcode at all fails; one whose number reads but not its hex is kept as
     * an unmodelled fact (the VOP1 page writes "400 (0x190") */
    expect_error(
        page("", " 1 (0x1) | junk |   " CHECK "   |   " CHECK "   | V_MOV_B32\n", one_section), 14);
    t = page("", " 1 (0x1) | 385 (0x181 |   " CHECK "   |   " CHECK "   | V_MOV_B32\n",
             one_section);
    expect_ok(t, &f);
    assert_non_null(at(&f, 14, GCN_FACT_UNMODELLED));
    assert_int_equal(at(&f, 14, GCN_FACT_OPCODE_ROW)->nclaims, 2);
    gcn_facts_free(&f);
    free(t);
}

static void test_name_list_cell(void **state)
{
    char *t =
        page("", " 1 (0x1) | 385 (0x181) |   " CHECK "   |   " CHECK "   | V_MOV_B32, V_MOV_X\n",
             one_section);
    gcn_facts f;
    const gcn_fact *row;
    size_t i, x = 0;
    (void)state;
    expect_ok(t, &f);
    row = at(&f, 14, GCN_FACT_OPCODE_ROW);
    assert_int_equal(row->nclaims, 4);
    for (i = 0; i < row->nclaims; i++)
        x += strcmp(row->claims[i].mnemonic, "V_MOV_X") == 0;
    assert_int_equal(x, 2);
    gcn_facts_free(&f);
    free(t);
    expect_error(page("",
                      " 1 (0x1) | 385 (0x181) |   " CHECK "   |   " CHECK "   | V_MOV_B32, v_mov\n",
                      one_section),
                 14);
}

static void test_prefix_and_unmodelled_opcode_tables(void **state)
{
    /* prefix columns over a name template ("The '*' means prefix of instruction"): each
     * checked column names an instruction; an opcode-range table stays a table and its rows,
     * marked unmodelled on its header line */
    char *t = page("List of the FLAT instructions by opcode (GCN 1.4):\n"
                   "\n"
                   " Opcode    | FLAT | GLOBAL | Mnemonic\n"
                   "-----------|------|--------|--------\n"
                   " 16 (0x10) |  " CHECK "   |        | \\*_LOAD_UBYTE\n"
                   "\n"
                   "Opcode range    | Instruction       | Description\n"
                   "----------------|-------------------|------------\n"
                   "0-15 (0x00-0x0f)| V_CMP_{OP16}_F32  | Compare\n"
                   "\n",
                   one_row, one_section);
    gcn_facts f;
    const gcn_fact *row;
    (void)state;
    expect_ok(t, &f);
    assert_non_null(at(&f, 12, GCN_FACT_OPCODE_TABLE));
    row = at(&f, 14, GCN_FACT_OPCODE_ROW);
    assert_int_equal(row->nclaims, 1);
    assert_string_equal(row->claims[0].mnemonic, "FLAT_LOAD_UBYTE");
    assert_string_equal(row->claims[0].gen, "gcn1.4");
    assert_null(at(&f, 12, GCN_FACT_UNMODELLED));
    /* a range row whose placeholder no template table expands: unmodelled on its line, no
     * claim (test_range_template_tables has the rest) */
    assert_non_null(at(&f, 16, GCN_FACT_OPCODE_TABLE));
    assert_non_null(at(&f, 18, GCN_FACT_UNMODELLED));
    assert_non_null(strstr(at(&f, 18, GCN_FACT_UNMODELLED)->description, "{OP16}"));
    assert_null(at(&f, 18, GCN_FACT_OPCODE_ROW));
    assert_int_equal(count(&f, GCN_FACT_OPCODE_TABLE), 3);
    gcn_facts_free(&f);
    free(t);
    /* a prefix table's name must be a template */
    expect_error(page(" Opcode    | FLAT | GLOBAL | Mnemonic\n"
                      "-----------|------|--------|--------\n"
                      " 16 (0x10) |  " CHECK "   |        | LOAD_UBYTE\n"
                      "\n",
                      one_row, one_section),
                 12);
    /* a table of known columns still fails on a row it cannot read */
    expect_error(
        page("", " one | 385 (0x181) |   " CHECK "   |   " CHECK "   | V_MOV_B32\n", one_section),
        14);
}

/* A range table ("32-35 (0x20-0x23) | V_CMP_{OP4}_F32") and the template table that expands
 * its placeholder ("Opcode offset | OP4 name | Description"), as on the VOPC page. The pre part
 * starts on line 10: the range table's header is line 12, its rows 14-15; the template's
 * header is line 17, its rows 19-22. */
static char *range_page(const char *row14, const char *holder, const char *row19)
{
    gcn_buf b;
    char *t;
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "Table of float comparison instructions by opcode (GCN 1.0/1.1):\n"
                   "\n"
                   "Opcode range      | Instruction      | Description\n"
                   "------------------|------------------|------------\n"
                   "%s\n"
                   "40-43 (0x28-0x2b) | V_CMPX_{OP4}_F32 | Compare and write EXEC\n"
                   "\n"
                   "Opcode offset | %s name | Description\n"
                   "--------------|----------|------------\n"
                   "%s\n"
                   "1 (0x1)       | LT       | SDST(LANEID) = ASTYPE(SRC0) < ASTYPE(SRC1)\n"
                   "2 (0x2)       | O        | SDST(LANEID) = (A || B)\n"
                   "3 (0x3)       | TRU, T   | SDST(LANEID) = 1\n"
                   "\n",
                   row14, holder, row19);
    assert_false(b.oom);
    t = gcn_buf_take(&b);
    {
        char *p = page(t, one_row, one_section);
        free(t);
        return p;
    }
}

static const gcn_claim *claim_of(const gcn_fact *row, const char *gen, const char *mnemonic)
{
    size_t i;
    for (i = 0; i < row->nclaims; i++)
        if (strcmp(row->claims[i].gen, gen) == 0 && strcmp(row->claims[i].mnemonic, mnemonic) == 0)
            return &row->claims[i];
    fail_msg("no claim %s on %s", mnemonic, gen);
    return NULL;
}

#define ROW14 "32-35 (0x20-0x23) | V_CMP_{OP4}_F32  | Compare"
#define ROW19 "0 (0x0)       | F        | SDST(LANEID) = 0"

static void test_range_template_tables(void **state)
{
    char *t = range_page(ROW14, "OP4", ROW19);
    gcn_facts f;
    const gcn_fact *row, *u;
    const gcn_claim *k;
    (void)state;
    expect_ok(t, &f);
    assert_non_null(at(&f, 12, GCN_FACT_OPCODE_TABLE));
    assert_int_equal(at(&f, 12, GCN_FACT_OPCODE_TABLE)->gens.n, 2);
    assert_non_null(at(&f, 17, GCN_FACT_TABLE));
    assert_int_equal(count(&f, GCN_FACT_UNMODELLED), 0);
    /* expansion: 4 template rows, 5 names (TRU, T), 2 generations */
    row = at(&f, 14, GCN_FACT_OPCODE_ROW);
    assert_non_null(row);
    assert_int_equal(row->lo, 32);
    assert_string_equal(row->hex, "0x20");
    assert_int_equal(row->nclaims, 10);
    k = claim_of(row, "gcn1.0", "V_CMP_F_F32");
    assert_int_equal(k->opcode, 32);
    assert_string_equal(k->ref, "page.md:19:table-row");
    assert_string_equal(k->description, "SDST(LANEID) = 0");
    k = claim_of(row, "gcn1.1", "V_CMP_O_F32"); /* "||" in the pseudocode is no cell border */
    assert_int_equal(k->opcode, 34);
    assert_string_equal(k->description, "SDST(LANEID) = (A || B)");
    /* two names of one template row: both at its opcode */
    assert_int_equal(claim_of(row, "gcn1.1", "V_CMP_TRU_F32")->opcode, 35);
    assert_int_equal(claim_of(row, "gcn1.1", "V_CMP_T_F32")->opcode, 35);
    assert_string_equal(claim_of(row, "gcn1.0", "V_CMP_T_F32")->ref, "page.md:22:table-row");
    k = claim_of(at(&f, 15, GCN_FACT_OPCODE_ROW), "gcn1.0", "V_CMPX_LT_F32");
    assert_int_equal(k->opcode, 41);
    assert_string_equal(k->ref, "page.md:20:table-row");
    gcn_facts_free(&f);
    free(t);

    /* width mismatch: a range of 5 opcodes over a template of 4 rows is an unmodelled fact on
     * the range row; the rows that fit are still claimed */
    t = range_page("32-36 (0x20-0x24) | V_CMP_{OP4}_F32  | Compare", "OP4", ROW19);
    expect_ok(t, &f);
    u = at(&f, 14, GCN_FACT_UNMODELLED);
    assert_non_null(u);
    assert_non_null(strstr(u->description, "a range of 5 opcodes"));
    assert_non_null(strstr(u->description, "4 rows"));
    assert_int_equal(at(&f, 14, GCN_FACT_OPCODE_ROW)->nclaims, 10);
    assert_null(at(&f, 15, GCN_FACT_UNMODELLED));
    gcn_facts_free(&f);
    free(t);
    /* ... and a range narrower than its template claims only the offsets inside it */
    t = range_page("32-34 (0x20-0x22) | V_CMP_{OP4}_F32  | Compare", "OP4", ROW19);
    expect_ok(t, &f);
    assert_non_null(at(&f, 14, GCN_FACT_UNMODELLED));
    assert_int_equal(at(&f, 14, GCN_FACT_OPCODE_ROW)->nclaims, 6);
    gcn_facts_free(&f);
    free(t);

    /* a placeholder no table expands: unmodelled on the range row, which claims nothing */
    t = range_page(ROW14, "OP9", ROW19);
    expect_ok(t, &f);
    u = at(&f, 14, GCN_FACT_UNMODELLED);
    assert_non_null(u);
    assert_non_null(strstr(u->description, "{OP4}"));
    assert_null(at(&f, 14, GCN_FACT_OPCODE_ROW));
    gcn_facts_free(&f);
    free(t);

    /* rows that do not read: file:line errors */
    expect_error(range_page("32-x (0x20-0x23) | V_CMP_{OP4}_F32 | Compare", "OP4", ROW19), 14);
    expect_error(range_page("32-35 (0x20-0x23) | V_CMP_F32 | Compare", "OP4", ROW19), 14);
    expect_error(range_page(ROW14, "OP4", "zero (0x0) | F | SDST(LANEID) = 0"), 19);
    expect_error(range_page(ROW14, "OP4", "0 (0x0) | f-x | SDST(LANEID) = 0"), 19);
}

/* A table no caption or column qualifies is for the generations of the page's title. */
static void test_title_generations(void **state)
{
    static const char text[] = "## GCN ISA VOP3P instructions (GCN 1.4)\n"
                               "\n"
                               "Bits  | Name     | Description\n"
                               "------|----------|------------\n"
                               "23-31 | ENCODING | Encoding type. Must be 0b110100111\n"
                               "\n"
                               "List of the instructions by opcode:\n"
                               "\n"
                               " Opcode  | Mnemonic\n"
                               "---------|----------\n"
                               " 0 (0x0) | V_PK_MAD_I16\n" /* 11 */
                               "\n"
                               "### Instruction set\n"
                               "\n"
                               "#### V_PK_MAD_I16\n"
                               "\n"
                               "Opcode: 0 (0x0)\n";
    gcn_facts f;
    const gcn_fact *row, *t;
    (void)state;
    expect_ok(text, &f);
    t = at(&f, 9, GCN_FACT_OPCODE_TABLE);
    assert_int_equal(t->gens.n, 1);
    row = at(&f, 11, GCN_FACT_OPCODE_ROW);
    assert_int_equal(row->nclaims, 1);
    assert_string_equal(row->claims[0].gen, "gcn1.4");
    assert_string_equal(row->claims[0].mnemonic, "V_PK_MAD_I16");
    gcn_facts_free(&f);
    /* a title without generations leaves such rows without claims: nothing is guessed */
    {
        char *plain = strdup(text);
        memcpy(strstr(plain, " (GCN 1.4)"), "          ", 10);
        expect_ok(plain, &f);
        assert_int_equal(at(&f, 11, GCN_FACT_OPCODE_ROW)->nclaims, 0);
        gcn_facts_free(&f);
        free(plain);
    }
}

/* ---- field tables -----------------------------------------------------------------------------
 */

static void test_field_caption_form(void **state)
{
    char *t = page("List of fields for VOP3A/VOP3B encoding (GCN 1.0/1.1):\n"
                   "\n"
                   "Bits  | Name     | Description\n"
                   "------|----------|------------\n"
                   "17-25 | OPCODE   | Operation code\n"
                   "8-10  | ABS      | Absolute modifiers (GCN 1.1)\n"
                   "14,59,60 | OP_SEL_HI | Operand selection for high part\n"
                   "60,14 | OP_SEL_LO | Bits that fall\n"
                   "\n",
                   one_row, one_section);
    gcn_facts f;
    const gcn_fact *op, *abs, *own, *sel;
    size_t i, nsel = 0;
    (void)state;
    expect_ok(t, &f);
    op = at(&f, 14, GCN_FACT_FIELD);
    abs = at(&f, 15, GCN_FACT_FIELD);
    own = at(&f, 7, GCN_FACT_FIELD);
    assert_string_equal(op->form, "VOP3A/VOP3B");
    assert_int_equal(op->gens.n, 2);
    assert_int_equal(abs->gens.n, 1); /* its description qualifies it */
    assert_string_equal(abs->gens.v[0], "gcn1.1");
    assert_null(own->form); /* the page's own encoding */
    /* a field over several ranges (VOP3P's OP_SEL_HI): one field a run of adjacent bits, the
     * next ones NAME_1 ...; bits that do not rise stay unmodelled */
    for (i = 0; i < f.n; i++) {
        if (f.v[i].line != 16 || f.v[i].kind != GCN_FACT_FIELD)
            continue;
        sel = &f.v[i];
        assert_string_equal(sel->name, nsel ? "OP_SEL_HI_1" : "OP_SEL_HI");
        assert_int_equal(sel->lo, nsel ? 59 : 14);
        assert_int_equal(sel->hi, nsel ? 60 : 14);
        nsel++;
    }
    assert_int_equal(nsel, 2);
    assert_null(at(&f, 16, GCN_FACT_UNMODELLED));
    assert_non_null(at(&f, 17, GCN_FACT_UNMODELLED));
    assert_null(at(&f, 17, GCN_FACT_FIELD));
    gcn_facts_free(&f);
    free(t);
    expect_error(page("Bits  | Name     | Description\n"
                      "------|----------|------------\n"
                      "14,x  | OP_SEL_HI | Operand selection\n"
                      "\n",
                      one_row, one_section),
                 12);
}

/* ---- sections ---------------------------------------------------------------------------------
 */

static char *with_sections(const char *set)
{
    return page("", one_row, set);
}

static void test_qualified_labels(void **state)
{
    char *t = with_sections("### Instruction set\n"
                            "\n"
                            "#### V_MOV_B32\n"
                            "\n"
                            "Opcode VOP1: 1 (0x1) for GCN 1.0/1.1\n"        /* 20 */
                            "Opcode (VOP3B): 385 (0x181) for GCN 1.0/1.1\n" /* 21 */
                            "Opcode: VOP3A: 385 (0x181) for GCN 1.0\n"      /* 22 */
                            "Syntax VOP2 GCN 1.0/1.1: V_MOV_B32 VDST, SRC0\n"
                            "Syntax (GCN 1.1): V_MOV_B32 VDST, SRC0\n"
                            "Descrition: Move.\n"); /* 25 */
    gcn_facts f;
    const gcn_fact *x;
    (void)state;
    expect_ok(t, &f);
    assert_string_equal(at(&f, 20, GCN_FACT_OPCODE_LINE)->form, "VOP1");
    x = at(&f, 21, GCN_FACT_OPCODE_LINE);
    assert_string_equal(x->form, "VOP3B");
    assert_string_equal(x->label, "Opcode (VOP3B):");
    assert_int_equal(x->parts[0].dec, 385);
    x = at(&f, 22, GCN_FACT_OPCODE_LINE);
    assert_string_equal(x->form, "VOP3A");
    assert_string_equal(x->label, "Opcode: VOP3A:");
    x = at(&f, 23, GCN_FACT_SYNTAX_LINE);
    assert_string_equal(x->form, "VOP2");
    assert_int_equal(x->gens.n, 2);
    x = at(&f, 24, GCN_FACT_SYNTAX_LINE);
    assert_null(x->form);
    assert_string_equal(x->gens.v[0], "gcn1.1");
    assert_string_equal(at(&f, 25, GCN_FACT_DESCRIPTION)->label, "Descrition:");
    gcn_facts_free(&f);
    free(t);
    /* the qualifier reads, the opcode after it does not */
    expect_error(with_sections("### Instruction set\n\n#### V_MOV_B32\n\n"
                               "Opcode VOP3A: junk\n"),
                 20);
}

static void test_section_headings(void **state)
{
    char *t = with_sections("### Instruction set\n"
                            "\n"
                            "NOTE: A note on the whole set.\n" /* 18 */
                            "\n"
                            "#### V_MOV_B32, V_MOV_X (GCN 1.1)\n" /* 20 */
                            "\n"
                            "Opcode: 1 (0x1)\n"
                            "\n"
                            "### V_MOV_Y\n" /* 24 */
                            "\n"
                            "Opcode: 2 (0x2)\n");
    gcn_facts f;
    const gcn_fact *s;
    (void)state;
    expect_ok(t, &f);
    assert_non_null(at(&f, 18, GCN_FACT_NOTE));
    s = at(&f, 20, GCN_FACT_SECTION);
    assert_string_equal(s->name, "V_MOV_B32");
    assert_int_equal(s->cells.n, 2);
    assert_string_equal(s->cells.v[1], "V_MOV_X");
    assert_string_equal(s->gens.v[0], "gcn1.1");
    assert_string_equal(at(&f, 24, GCN_FACT_SECTION)->name, "V_MOV_Y");
    gcn_facts_free(&f);
    free(t);
    expect_error(with_sections("### Instruction set\n\n#### V_MOV_B32, v_mov\n\nOpcode: 1\n"), 18);
    expect_error(with_sections("### Instruction set\n\n#### V_MOV_B32 junk\n\nOpcode: 1\n"), 18);
}

static void test_no_instruction_set_heading(void **state)
{
    /* the VOPC page: its sections follow other headings directly */
    char *t = with_sections("### Class instructions\n"
                            "\n"
                            "List of class instructions:\n"
                            "\n"
                            "#### V_MOV_B32\n" /* 20 */
                            "\n"
                            "Opcode: 1 (0x1)\n");
    gcn_facts f;
    (void)state;
    expect_ok(t, &f);
    assert_non_null(at(&f, 20, GCN_FACT_SECTION));
    assert_non_null(at(&f, 18, GCN_FACT_NOTE));
    gcn_facts_free(&f);
    free(t);
    /* with the heading further on, a section before it is still an error */
    expect_error(with_sections("#### V_MOV_B32\n\nOpcode: 1 (0x1)\n\n### Instruction set\n\n"
                               "#### V_MOV_X\n\nOpcode: 2 (0x2)\n"),
                 16);
}

static void test_section_extras(void **state)
{
    char *t = with_sections("### Instruction set\n"
                            "\n"
                            "#### V_MOV_B32\n"
                            "\n"
                            "Opcode: 1 (0x1)\n"                                /* 20 */
                            "Syntax: V_MOV_B32 VDST, SRC0\n"                   /* 21 */
                            "Reverse bits, a description without its label.\n" /* 22 */
                            "Operation: Prose where code should be,\n"         /* 23 */
                            "over two lines.\n"
                            "\n"
                            "Bit | Description\n" /* 26 */
                            "----|------------\n"
                            "0   | Signaling NaN\n"
                            "\n"
                            "NOTE: a note\n" /* 30 */
                            "on two lines.\n"
                            "\n"
                            "* a list\n" /* 33 */
                            "* of two\n");
    gcn_facts f;
    const gcn_fact *x;
    (void)state;
    expect_ok(t, &f);
    x = at(&f, 22, GCN_FACT_UNMODELLED);
    assert_non_null(x);
    assert_string_equal(x->name, "V_MOV_B32");
    assert_non_null(x->section);
    x = at(&f, 23, GCN_FACT_OPERATION);
    assert_int_equal(x->last_line, 24);
    assert_string_equal(x->remark, "Prose where code should be,\nover two lines.");
    x = at(&f, 26, GCN_FACT_TABLE);
    assert_non_null(x->section);
    assert_non_null(at(&f, 28, GCN_FACT_TABLE_ROW));
    x = at(&f, 30, GCN_FACT_NOTE);
    assert_int_equal(x->last_line, 31);
    assert_non_null(x->section);
    x = at(&f, 33, GCN_FACT_UNMODELLED);
    assert_int_equal(x->last_line, 34);
    gcn_facts_free(&f);
    free(t);
    /* a code block never closed is still an error */
    expect_error(with_sections("### Instruction set\n\n#### V_MOV_B32\n\nOpcode: 1 (0x1)\n"
                               "Operation:\n```\nVDST = SRC0\n"),
                 22);
}

static void test_syntax_operand_shapes(void **state)
{
    char *t = with_sections(
        "### Instruction set\n"
        "\n"
        "#### V_MOV_B32\n"
        "\n"
        "Opcode: 1 (0x1)\n"
        "Syntax: V_MOV_B32 VDATA(1:4), SRSRC(4,8), HWREG(NAME, BITOFFSET), SADDR(2)|OFF, "
        "ATTR.CHAN\n" /* 21 */
        "[OFFSET:OFFSET]\n"
        "Syntax: V_MOV_B32 VDST(, VADDR(2)\n"); /* 23 */
    gcn_facts f;
    const gcn_fact *x;
    (void)state;
    expect_ok(t, &f);
    x = at(&f, 21, GCN_FACT_SYNTAX_LINE);
    assert_int_equal(x->last_line, 22);
    assert_int_equal(x->noperands, 5);
    assert_string_equal(x->operands[0].name, "VDATA");
    assert_int_equal(x->operands[0].nwidths, 0);
    assert_string_equal(x->operands[0].text, "VDATA(1:4)");
    assert_int_equal(x->operands[1].nwidths, 2);
    assert_null(x->operands[1].text);
    assert_string_equal(x->operands[2].text, "HWREG(NAME, BITOFFSET)");
    assert_string_equal(x->operands[3].name, "SADDR");
    assert_int_equal(x->operands[3].widths[0], 2);
    assert_string_equal(x->operands[3].text, "SADDR(2)|OFF");
    assert_string_equal(x->operands[4].text, "ATTR.CHAN");
    assert_int_equal(x->modifiers.n, 1);
    /* the mnemonic reads, an operand does not: a syntax line and an unmodelled fact */
    assert_string_equal(at(&f, 23, GCN_FACT_SYNTAX_LINE)->mnemonic, "V_MOV_B32");
    assert_non_null(at(&f, 23, GCN_FACT_UNMODELLED));
    gcn_facts_free(&f);
    free(t);
    expect_error(with_sections("### Instruction set\n\n#### V_MOV_B32\n\nOpcode: 1 (0x1)\n"
                               "Syntax: v_mov vdst(\n"),
                 21);
}

/* ---- the CLRX pages ---------------------------------------------------------------------------
 */

static char *clrx_dir(void)
{
    return path_join2(test_source_dir(), "documents/clrx");
}

static void test_every_instruction_page(void **state)
{
    char *dir = clrx_dir();
    DIR *dp = opendir(dir);
    struct dirent *e;
    unsigned pages = 0;
    (void)state;
    assert_non_null(dp);
    while ((e = readdir(dp)) != NULL) {
        char *path, *text;
        size_t len = 0;
        gcn_facts f;
        gcn_diag d;
        if (strncmp(e->d_name, "GcnInstrs", 9) != 0)
            continue;
        path = path_join2(dir, e->d_name);
        text = file_read(path, &len);
        assert_non_null(text);
        gcn_facts_init(&f);
        if (gcn_extract_text(e->d_name, text, len, &f, &d) != GCN_OK ||
            gcn_facts_finish(&f, &d) != GCN_OK)
            fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
        /* each page gives instruction sections with their Opcode lines */
        assert_true(count(&f, GCN_FACT_SECTION) > 0);
        assert_true(count(&f, GCN_FACT_OPCODE_LINE) >= count(&f, GCN_FACT_SECTION));
        gcn_facts_free(&f);
        free(text);
        free(path);
        pages++;
    }
    closedir(dp);
    assert_int_equal(pages, 18);
    free(dir);
}

static void test_directory_skips_other_pages(void **state)
{
    char *dir = tmpdir_make(), *p;
    char *t = with_sections(one_section);
    static const char other[] = "## GCN Kernel Machine State\n\nText.\n";
    gcn_facts f;
    gcn_diag d;
    size_t i, skipped = 0;
    (void)state;
    p = path_join2(dir, "page.md");
    file_write(p, t, strlen(t));
    free(p);
    p = path_join2(dir, "state.md");
    file_write(p, other, strlen(other));
    free(p);
    gcn_facts_init(&f);
    if (gcn_extract_dir(dir, &f, &d) != GCN_OK)
        fail_msg("%s:%u: %s", d.file, d.line, d.msg);
    assert_int_equal(f.ndocs, 2);
    for (i = 0; i < f.ndocs; i++)
        if (f.docs[i].skipped) {
            skipped++;
            assert_string_equal(f.docs[i].file, "state.md");
            assert_string_equal(f.docs[i].style, "skipped");
            assert_string_equal(f.docs[i].title, "## GCN Kernel Machine State");
        }
    assert_int_equal(skipped, 1);
    gcn_facts_free(&f);
    /* alone, such a page is an error as before */
    p = path_join2(dir, "page.md");
    remove(p);
    free(p);
    gcn_facts_init(&f);
    assert_int_not_equal(gcn_extract_dir(dir, &f, &d), GCN_OK);
    assert_non_null(strstr(d.file, "state.md"));
    gcn_facts_free(&f);
    tmpdir_remove(dir);
    free(dir);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_form_opcode_column),
        cmocka_unit_test(test_name_list_cell),
        cmocka_unit_test(test_prefix_and_unmodelled_opcode_tables),
        cmocka_unit_test(test_range_template_tables),
        cmocka_unit_test(test_title_generations),
        cmocka_unit_test(test_field_caption_form),
        cmocka_unit_test(test_qualified_labels),
        cmocka_unit_test(test_section_headings),
        cmocka_unit_test(test_no_instruction_set_heading),
        cmocka_unit_test(test_section_extras),
        cmocka_unit_test(test_syntax_operand_shapes),
        cmocka_unit_test(test_every_instruction_page),
        cmocka_unit_test(test_directory_skips_other_pages),
    };
    return cmocka_run_group_tests_name("extract_clrx", tests, NULL, NULL);
}
