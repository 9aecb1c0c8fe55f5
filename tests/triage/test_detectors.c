/* Every finding category of spec/triage/findings.h: a small document in the style of the seeds
 * with one defect makes its detector fire (once, on the defect's lines, and no other detector),
 * and the clean version of the same document makes no detector fire. Plus the grouping rules:
 * one defect copied into several places is one finding, one conflict seen through two tables
 * is one finding. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "triage_docs.h"
#include "triage_run.h"

#define DS "ds.md"
#define DS2 "ds2.md"
#define SCRAPED "ds-scraped.txt"
#define SOP1 "sop1.md"
#define VISA "visa.md"

/* The clean documents raise nothing at all. */
static void assert_clean(const triage_doc *docs, size_t n)
{
    triage_result r;
    triage_run(docs, n, &r);
    if (r.findings.n) {
        print_message("expected no findings on the clean document(s), got %zu:\n", r.findings.n);
        triage_print(&r);
        fail();
    }
    triage_free(&r);
}

static void test_clean_documents(void **state)
{
    const triage_doc ds[] = {{DS, ds_page}};
    const triage_doc scraped[] = {{SCRAPED, ds_scraped_page}};
    const triage_doc sop1[] = {{SOP1, sop1_page}};
    const triage_doc visa[] = {{VISA, visa_page}};
    const triage_doc two_pages[] = {{DS, ds_page}, {DS2, ds_page}};
    /* (not the scraped page with the markdown one: its table lacks most of the instructions) */
    const triage_doc all[] = {{DS, ds_page}, {SOP1, sop1_page}, {VISA, visa_page}};
    (void)state;
    assert_clean(ds, 1);
    assert_clean(scraped, 1);
    assert_clean(sop1, 1);
    assert_clean(visa, 1);
    assert_clean(two_pages, 2);
    assert_clean(all, 3);
}

/* One page with one edit: exactly one finding, of category c, citing the lines that hold
 * `at1` (and `at2` when given) in the edited text. The clean page raises nothing. */
static void one_edit(const char *name, const char *page, const char *from, const char *to,
                     gcn_finding_cat c, const char *at1, const char *at2)
{
    char *bad = doc_edit(page, from, to);
    triage_doc d[] = {{name, bad}}, clean[] = {{name, page}};
    triage_result r;
    const gcn_finding *f;
    triage_run(d, 1, &r);
    f = only_finding(&r, c);
    if (at1 && !cites(f, name, doc_line_of(bad, at1, 1)))
        fail_msg("%s does not cite line %u ('%s')", f->key, doc_line_of(bad, at1, 1), at1);
    if (at2 && !cites(f, name, doc_line_of(bad, at2, 1)))
        fail_msg("%s does not cite line %u ('%s')", f->key, doc_line_of(bad, at2, 1), at2);
    triage_free(&r);
    assert_clean(clean, 1);
    free(bad);
}

/* ---- opcodes -------------------------------------------------------------------------------- */

static void test_opcode_conflict(void **state)
{
    (void)state;
    /* the section says 2, the table 1 */
    one_edit(DS, ds_page, "Opcode: 1 (0x1)", "Opcode: 2 (0x2)", GCN_FC_OPCODE_CONFLICT,
             "Opcode: 2 (0x2)", " 1 (0x1) ");
}

static void test_dec_hex_mismatch(void **state)
{
    (void)state;
    one_edit(DS, ds_page, "Opcode: 5 (0x5)", "Opcode: 5 (0x6)", GCN_FC_DEC_HEX, "Opcode: 5 (0x6)",
             NULL);
    one_edit(DS, ds_page, " 5 (0x5)    |", " 5 (0x7)    |", GCN_FC_DEC_HEX, " 5 (0x7) ", NULL);
}

static void test_duplicate_mnemonic(void **state)
{
    (void)state;
    /* one table gives DS_SUB_U32 two opcodes */
    one_edit(DS, ds_page, " 5 (0x5)    |",
             " 2 (0x2)    |   " CHECK "   |   " CHECK "   | DS_SUB_U32\n 5 (0x5)    |",
             GCN_FC_DUP_MNEMONIC, " 1 (0x1) ", " 2 (0x2) ");
}

static void test_duplicate_opcode(void **state)
{
    (void)state;
    /* one opcode, two unrelated names */
    one_edit(DS, ds_page, " 5 (0x5)    |",
             " 1 (0x1)    |   " CHECK "   |   " CHECK "   | DS_MAX_U32\n 5 (0x5)    |",
             GCN_FC_DUP_OPCODE, " 1 (0x1) ", "DS_MAX_U32");
}

static void test_misspelled_in_table(void **state)
{
    (void)state;
    /* the table and the section name one instruction two ways, two letters apart */
    one_edit(DS, ds_page, "| DS_SUB_U32\n", "| DS_SBU_U32\n", GCN_FC_MISSPELLED, "DS_SBU_U32",
             "Opcode: 1 (0x1)");
}

static void test_availability(void **state)
{
    char *table = doc_edit(ds_page, " 1 (0x1)    |   " CHECK "   |", " 1 (0x1)    |       |");
    (void)state;
    /* the table lists DS_SUB_U32 for GCN 1.1 only; the section claims GCN 1.0 too */
    one_edit(DS, table, "Opcode: 1 (0x1)", "Opcode: 1 (0x1) for GCN 1.0/1.1", GCN_FC_AVAILABILITY,
             "Opcode: 1 (0x1) for", " Opcode     |GCN");
    free(table);
}

/* Names one fact gives together (a heading "A, B", as the CLRX VOP2 page's "V_ADD_I32,
 * V_ADD_U32") share their opcode: a table naming B where the section is headed A and B is no
 * conflict, nor is a syntax line naming B; naming an unrelated C is. */
static void test_names_given_together(void **state)
{
    char *renamed = doc_edit(ds_page, "| DS_SUB_U32\n", "| DS_SUB_X\n");
    char *both = doc_edit(renamed, "#### DS_SUB_U32\n", "#### DS_SUB_U32, DS_SUB_X\n");
    char *syntax = doc_edit(both, "Syntax: DS_SUB_U32 ", "Syntax: DS_SUB_X ");
    const triage_doc fires[] = {{DS, renamed}}, quiet[] = {{DS, syntax}};
    triage_result r;
    (void)state;
    triage_run(fires, 1, &r);
    assert_int_equal(findings_in(&r, GCN_FC_DUP_OPCODE) + findings_in(&r, GCN_FC_OPCODE_CONFLICT),
                     1);
    triage_free(&r);
    assert_clean(quiet, 1);
    free(renamed);
    free(both);
    free(syntax);
}

/* An opcode line for another encoding form ("Opcode VOP3A:") is compared with that form's
 * claims, not the page's table, and its label is no misspelling; two instructions at one
 * form opcode still conflict. */
static void test_form_opcode_lines(void **state)
{
    char *one =
        doc_edit(ds_page, "Opcode: 1 (0x1)  \n", "Opcode: 1 (0x1)  \nOpcode VOP3A: 300 (0x12c)\n");
    char *two =
        doc_edit(one, "Opcode: 5 (0x5)  \n", "Opcode: 5 (0x5)  \nOpcode VOP3A: 300 (0x12c)\n");
    const triage_doc quiet[] = {{DS, one}}, fires[] = {{DS, two}};
    triage_result r;
    (void)state;
    assert_clean(quiet, 1);
    triage_run(fires, 1, &r);
    only_finding(&r, GCN_FC_DUP_OPCODE);
    triage_free(&r);
    free(one);
    free(two);
}

/* ---- names ---------------------------------------------------------------------------------- */

static void test_duplicate_section(void **state)
{
    /* the DS_MIN_I32 section written twice */
    const char *start = strstr(ds_page, "#### DS_MIN_I32");
    const char *end = strstr(ds_page, "#### DS_SUB_U32");
    char *copy = malloc((size_t)(end - start) * 2 + 32), *page;
    triage_doc d[1], clean[] = {{DS, ds_page}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    assert_non_null(copy);
    memcpy(copy, start, (size_t)(end - start));
    strcpy(copy + (end - start), "#### DS_SUB_U32");
    page = doc_edit(ds_page, "#### DS_SUB_U32", copy);
    d[0].name = DS;
    d[0].text = page;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_DUP_SECTION);
    assert_int_equal(f->facts.n, 2);
    assert_true(cites(f, DS, doc_line_of(page, "#### DS_MIN_I32", 1)));
    assert_true(cites(f, DS, doc_line_of(page, "#### DS_MIN_I32", 2)));
    triage_free(&r);
    assert_clean(clean, 1);
    free(page);
    free(copy);
}

static void test_syntax_mnemonic(void **state)
{
    (void)state;
    one_edit(DS, ds_page, "Syntax: DS_SUB_U32 ADDR", "Syntax: DS_ADD_U32 ADDR",
             GCN_FC_SYNTAX_MNEMONIC,
             "Syntax: DS_ADD_U32 ADDR, VDATA0 [OFFSET:OFFSET]  \n"
             "Description: Subtract",
             NULL);
}

static void test_misspelled_in_syntax(void **state)
{
    (void)state;
    one_edit(DS, ds_page, "Syntax: DS_SUB_U32 ADDR", "Syntax: DS_SUB_U23 ADDR", GCN_FC_MISSPELLED,
             "DS_SUB_U23", NULL);
}

static void test_syntax_operand(void **state)
{
    (void)state;
    /* an operand the encoding has no field for */
    one_edit(DS, ds_page, "Syntax: DS_SUB_U32 ADDR,", "Syntax: DS_SUB_U32 VADDR,",
             GCN_FC_SYNTAX_OPERAND, "VADDR", NULL);
    /* an operand named twice */
    one_edit(DS, ds_page, "Syntax: DS_SUB_U32 ADDR, VDATA0", "Syntax: DS_SUB_U32 ADDR, ADDR",
             GCN_FC_SYNTAX_OPERAND, "Syntax: DS_SUB_U32 ADDR, ADDR", NULL);
}

/* Syntax operands found in the edited SOP1 page. */
static size_t syntax_operand_findings(const char *page)
{
    const triage_doc d[] = {{SOP1, page}};
    triage_result r;
    size_t n;
    triage_run(d, 1, &r);
    n = findings_in(&r, GCN_FC_SYNTAX_OPERAND);
    if (n)
        triage_print(&r);
    triage_free(&r);
    return n;
}

/* sop1_page with `from` replaced by `to`, and then `from2` by `to2` when given. */
static size_t syntax_operands_after(const char *from, const char *to, const char *from2,
                                    const char *to2)
{
    char *a = doc_edit(sop1_page, from, to), *b = from2 ? doc_edit(a, from2, to2) : NULL;
    size_t n = syntax_operand_findings(b ? b : a);
    free(a);
    free(b);
    return n;
}

#define SOP1_AND_SYNTAX "Syntax: S_AND_SAVEEXEC_B64 SDST(2), SSRC0(2)  \n"

/* Operands the page accounts for without a field of their name; each with a near miss. */
static void test_syntax_operand_accounted(void **state)
{
    (void)state;
    /* SSRC0 names the scalar kind of a "(scalar or vector)" field SRC0 */
    assert_int_equal(syntax_operands_after("| SSRC0    | Scalar source operand.",
                                           "| SRC0     | First (scalar or vector) source operand.",
                                           NULL, NULL),
                     0);
    assert_int_equal(syntax_operands_after("| SSRC0    | Scalar source operand.",
                                           "| SRC0     | First source operand.", NULL, NULL),
                     1);
    /* a name the page's notes define ("NAME - ...") */
    assert_int_equal(syntax_operands_after("\nList of the instructions",
                                           "\nRELADDR - relative offset to this instruction.\n"
                                           "\nList of the instructions",
                                           SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), RELADDR  \n"),
                     0);
    assert_int_equal(syntax_operands_after("\nList of the instructions",
                                           "\nRELADDR is a relative offset.\n"
                                           "\nList of the instructions",
                                           SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), RELADDR  \n"),
                     1);
    /* a register one syntax template puts where another template has a field */
    assert_int_equal(syntax_operands_after("INSTRUCTION SDST, SSRC0\n",
                                           "INSTRUCTION SDST, SSRC0\n\n"
                                           "Syntax: INSTRUCTION VCC, SSRC0\n",
                                           SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 VCC, SSRC0(2)  \n"),
                     0);
    assert_int_equal(syntax_operands_after("INSTRUCTION SDST, SSRC0\n", "INSTRUCTION VCC, SSRC0\n",
                                           SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 VCC, SSRC0(2)  \n"),
                     1);
    /* a value built from named arguments goes into an immediate field, when there is one */
    assert_int_equal(syntax_operands_after("| Scalar source operand.",
                                           "| Scalar source operand or immediate.", SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), HWREG(NAME, BITS)  "
                                           "\n"),
                     0);
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), HWREG(NAME, BITS)  "
                                           "\n",
                                           NULL, NULL),
                     1);
    assert_int_equal(syntax_operands_after("| Scalar source operand.",
                                           "| Scalar source operand or immediate.", SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), HWREG(2)  \n"),
                     1);
    /* a literal the description calls so, following the instruction word */
    assert_int_equal(
        syntax_operands_after(SOP1_AND_SYNTAX, "Syntax: S_AND_SAVEEXEC_B64 SDST(2), IMM32  \n",
                              "SDST and SSRC0 are 64-bit.  \nOperation:  \n```\n"
                              "SDST = EXEC\nEXEC = SSRC0 & EXEC",
                              "SDST is 64-bit. IMM32 is immediate, after instruction word."
                              "  \nOperation:  \n```\nSDST = EXEC\n"
                              "EXEC = IMM32 & EXEC"),
        0);
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), IMM32  \n",
                                           "SDST and SSRC0 are 64-bit.  \nOperation:  \n```\n"
                                           "SDST = EXEC\nEXEC = SSRC0 & EXEC",
                                           "SDST is 64-bit. No good if IMM32 is immediate value."
                                           "  \nOperation:  \n```\nSDST = EXEC\n"
                                           "EXEC = IMM32 & EXEC"),
                     1);
    /* a register the description names, where the section's other form has a field */
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           SOP1_AND_SYNTAX
                                           "Syntax SHORT: S_AND_SAVEEXEC_B64 EXEC, SSRC0(2)  \n",
                                           NULL, NULL),
                     0);
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           SOP1_AND_SYNTAX
                                           "Syntax SHORT: S_AND_SAVEEXEC_B64 EXCE, SSRC0(2)  \n",
                                           NULL, NULL),
                     1);
    /* ... named twice for two different operands of the other form (carry out and in) */
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           SOP1_AND_SYNTAX
                                           "Syntax SHORT: S_AND_SAVEEXEC_B64 EXEC, EXEC  \n",
                                           NULL, NULL),
                     0);
    assert_int_equal(syntax_operands_after(SOP1_AND_SYNTAX,
                                           "Syntax: S_AND_SAVEEXEC_B64 SDST(2), SDST(2)  \n"
                                           "Syntax SHORT: S_AND_SAVEEXEC_B64 EXEC, EXEC  \n",
                                           NULL, NULL),
                     2);
}

static void test_operand_width(void **state)
{
    (void)state;
    /* "SDST and SSRC0 are 64-bit", but the syntax gives SSRC0 one register */
    one_edit(SOP1, sop1_page, "S_AND_SAVEEXEC_B64 SDST(2), SSRC0(2)",
             "S_AND_SAVEEXEC_B64 SDST(2), SSRC0", GCN_FC_OPERAND_WIDTH,
             "Syntax: S_AND_SAVEEXEC_B64", "Make bitwise AND on SSRC0 and EXEC\n");
}

/* ---- fields --------------------------------------------------------------------------------- */

static void test_field_overlap(void **state)
{
    (void)state;
    one_edit(DS, ds_page, "17    | GDS", "17-18 | GDS", GCN_FC_FIELD_OVERLAP, "17-18 | GDS",
             "18-25 | OPCODE");
    {
        /* one field stated twice alike is no overlap; twice with other bits is */
        char *twice = doc_edit(ds_page, "17    | GDS      | Access to GDS instead LDS\n",
                               "17    | GDS      | Access to GDS instead LDS\n"
                               "17    | GDS      | Access to GDS instead LDS\n");
        const triage_doc d[] = {{DS, twice}};
        assert_clean(d, 1);
        one_edit(DS, twice, "17    | GDS", "16-17 | GDS", GCN_FC_FIELD_OVERLAP, "16-17 | GDS",
                 NULL);
        free(twice);
    }
}

/* Field overlaps in ds_page with a field LANE of form DSX in OPCODE's bits, the heading
 * written `heading` and OPCODE's description ending in `opcode_form`. */
static size_t overlaps_with_forms(const char *heading, const char *opcode_form)
{
    char opc[128];
    char *a, *b;
    triage_result r;
    size_t n;
    snprintf(opc, sizeof(opc),
             "18-25 | OPCODE   | Operation code%s\n"
             "18-21 | LANE     | Lane select (DSX)\n",
             opcode_form);
    a = doc_edit(ds_page, "List of fields for the DS encoding:", heading);
    b = doc_edit(a, "18-25 | OPCODE   | Operation code\n", opc);
    {
        const triage_doc docs[] = {{DS, b}};
        triage_run(docs, 1, &r);
    }
    n = findings_in(&r, GCN_FC_FIELD_OVERLAP);
    triage_free(&r);
    free(a);
    free(b);
    return n;
}

/* One table giving the fields of two forms, each field's description naming its form (the
 * CLRX VOP3 page's "ABS ... (VOP3A)" beside "SDST ... (VOP3B)"), is two layouts. */
static void test_field_overlap_two_forms(void **state)
{
    (void)state;
    assert_int_equal(overlaps_with_forms("List of fields for the DSA/DSX encoding:", " (DSA)"), 0);
    /* the heading does not name the forms */
    assert_int_equal(overlaps_with_forms("List of fields for the DS encoding:", " (DSA)"), 1);
    /* one form on both */
    assert_int_equal(overlaps_with_forms("List of fields for the DSA/DSX encoding:", " (DSX)"), 1);
    /* an untagged field overlapping a tagged one */
    assert_int_equal(overlaps_with_forms("List of fields for the DSA/DSX encoding:", ""), 1);
}

static void test_field_conflict_in_one_page(void **state)
{
    (void)state;
    /* a 6-bit field that must hold a 5-digit value */
    one_edit(DS, ds_page, "Must be 0b110110", "Must be 0b11011", GCN_FC_FIELD_CONFLICT,
             "26-31 | ENCODING", NULL);
}

static void test_field_conflict_between_pages(void **state)
{
    char *other = doc_edit(ds_page, "18-25 | OPCODE", "18-24 | OPCODE");
    triage_doc d[] = {{DS, ds_page}, {DS2, other}}, clean[] = {{DS, ds_page}, {DS2, ds_page}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 2, &r);
    f = only_finding(&r, GCN_FC_FIELD_CONFLICT);
    assert_true(cites(f, DS, doc_line_of(ds_page, "18-25 | OPCODE", 1)));
    assert_true(cites(f, DS2, doc_line_of(other, "18-24 | OPCODE", 1)));
    triage_free(&r);
    assert_clean(clean, 2);
    free(other);
}

static void test_field_missing(void **state)
{
    /* a second page for GCN 1.2/1.4 whose field table lacks VDST, which the first page gives
     * for every generation it covers */
    char *gcn12 =
        doc_edit(ds_page, " Opcode     |GCN 1.0|GCN 1.1|", " Opcode     |GCN 1.2|GCN 1.4|");
    char *lacking = doc_edit(gcn12, "56-63 | VDST     | Destination vector register\n", "");
    triage_doc d[] = {{DS, ds_page}, {DS2, lacking}}, clean[] = {{DS, ds_page}, {DS2, gcn12}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 2, &r);
    f = only_finding(&r, GCN_FC_FIELD_MISSING);
    assert_string_equal(f->subject, "VDST");
    assert_true(cites(f, DS, doc_line_of(ds_page, "56-63 | VDST", 1)));
    assert_true(gcn_strs_has(&f->gens, "gcn1.2"));
    assert_true(gcn_strs_has(&f->gens, "gcn1.4"));
    assert_false(gcn_strs_has(&f->gens, "gcn1.0"));
    triage_free(&r);
    assert_clean(clean, 2);
    free(gcn12);
    free(lacking);
}

/* ---- tables that lost cells ----------------------------------------------------------------- */

static void test_ambiguous_row(void **state)
{
    (void)state;
    one_edit(SCRAPED, ds_scraped_page, "20 (0x14) | " CHECK " | " CHECK " | DS_NOP |",
             "20 (0x14) | " CHECK " | DS_NOP | |", GCN_FC_AMBIGUOUS_ROW, "20 (0x14) |", NULL);
    /* a row that lost its trailing cell */
    one_edit(SCRAPED, ds_scraped_page, "20 (0x14) | " CHECK " | " CHECK " | DS_NOP |",
             "20 (0x14) | " CHECK " | DS_NOP |", GCN_FC_AMBIGUOUS_ROW, "20 (0x14) |", NULL);
}

/* ---- pseudocode and descriptions ------------------------------------------------------------ */

static void test_pseudocode_defect(void **state)
{
    (void)state;
    /* a 64-bit instruction that accesses memory through a 32-bit pointer */
    one_edit(DS, ds_page, "UINT64* V = (UINT64*)", "UINT32* V = (UINT32*)", GCN_FC_PSEUDO_DEFECT,
             "Description: Add unsigned 64-bit", NULL);
}

/* The operation fact of the section whose code holds `code`: "ds.md:<line of Operation:>:..." */
static int cites_operation_of(const gcn_finding *f, const char *text, const char *code)
{
    unsigned code_line = doc_line_of(text, code, 1), k;
    char id[64];
    /* "Operation:" then the fence, then the code */
    for (k = 1; k <= 3 && k < code_line; k++) {
        snprintf(id, sizeof(id), "%s:%u:operation", DS, code_line - k);
        if (gcn_strs_has(&f->facts, id))
            return 1;
    }
    return 0;
}

/* state: the broken code line replacing DS_SUB_U32's "*V = *V - VDATA0" */
static void test_pseudocode_parse(void **state)
{
    const char *code = (const char *)*state;
    char *bad = doc_edit(ds_page, "*V = *V - VDATA0  // atomic", code);
    triage_doc d[] = {{DS, bad}};
    triage_result r;
    const gcn_finding *f;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_PSEUDO_PARSE);
    if (!cites_operation_of(f, bad, code))
        fail_msg("%s does not cite the Operation of DS_SUB_U32", f->key);
    assert_string_equal(f->subject, "DS_SUB_U32");
    triage_free(&r);
    free(bad);
    /* the clean page: test_clean_documents */
}

static void test_description_contradiction(void **state)
{
    static const struct {
        const char *name, *page, *from, *to, *desc;
    } cases[] = {
        /* smallest, but MAX */
        {DS, ds_page, "*V = MIN(*V, (INT32)VDATA0)", "*V = MAX(*V, (INT32)VDATA0)",
         "Description: Choose smallest"},
        /* the previous value goes to VDST, but VDST is never written */
        {DS, ds_page, "VDST = *V; *V = *V + VDATA0", "*V = *V + VDATA0",
         "Description: Add unsigned integer value from LDS/GDS at address (ADDR+OFFSET) & ~3 and\n"
         "VDATA0, and store result back to LDS/GDS at this address. Previous"},
        /* masks with ~3, the code with ~7 */
        {DS, ds_page, "&~3))\n*V = *V - VDATA0", "&~7))\n*V = *V - VDATA0",
         "Description: Subtract"},
        /* bitwise AND, but the code ORs */
        {SOP1, sop1_page, "EXEC = SSRC0 & EXEC\n", "EXEC = SSRC0 | EXEC\n",
         "Make bitwise AND on SSRC0 and EXEC\n"},
        /* negated EXEC, but the code does not negate */
        {SOP1, sop1_page, "EXEC = SSRC0 & ~EXEC", "EXEC = SSRC0 & EXEC",
         "Make bitwise AND on SSRC0 and negated EXEC"},
        /* sets SCC, but the code does not */
        {SOP1, sop1_page, "SCC = EXEC!=0\n```\n\n#### S_ANDN2", "```\n\n#### S_ANDN2",
         "Make bitwise AND on SSRC0 and EXEC\n"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        print_message("case %zu: '%s' -> '%s'\n", i, cases[i].from, cases[i].to);
        one_edit(cases[i].name, cases[i].page, cases[i].from, cases[i].to, GCN_FC_DESCRIPTION,
                 cases[i].desc, NULL);
    }
}

/* ---- the two DS pages ----------------------------------------------------------------------- */

static void test_page_conflict(void **state)
{
    static const struct {
        const char *from, *to, *at;
    } cases[] = {
        {"Syntax: DS_SUB_U32 ADDR, VDATA0 [OFFSET:OFFSET]",
         "Syntax: DS_SUB_U32 ADDR, VDATA0, VDST [OFFSET:OFFSET]", "Syntax: DS_SUB_U32"},
        {"*V = *V - VDATA0", "*V = VDATA0 - *V", "Description: Subtract"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *other = doc_edit(ds_page, cases[i].from, cases[i].to);
        triage_doc d[] = {{DS, ds_page}, {DS2, other}};
        triage_result r;
        const gcn_finding *f;
        triage_run(d, 2, &r);
        f = only_finding(&r, GCN_FC_PAGE_CONFLICT);
        assert_string_equal(f->subject, "DS_SUB_U32");
        assert_int_equal(f->facts.n, 2);
        /* one fact on each page, in the DS_SUB_U32 sections */
        assert_true(strncmp(f->facts.v[0], DS ":", strlen(DS) + 1) == 0);
        assert_true(strncmp(f->facts.v[1], DS2 ":", strlen(DS2) + 1) == 0);
        assert_true(doc_line_of(other, cases[i].at, 1) > doc_line_of(other, "#### DS_SUB_U32", 1));
        triage_free(&r);
        free(other);
    }
    /* the clean pair: test_clean_documents */
}

/* ---- unknowns and vISA ---------------------------------------------------------------------- */

static void test_unknown(void **state)
{
    (void)state;
    one_edit(DS, ds_page, "| DS_SUB_U32\n", "| DS_SUB_U32 (\?\?\?)\n", GCN_FC_UNKNOWN,
             "DS_SUB_U32 (\?\?\?)", NULL);
    one_edit(DS, ds_page, "Description: Subtract VDATA0", "Description: \?\?\? Subtract VDATA0",
             GCN_FC_UNKNOWN, "Description: \?\?\?", NULL);
    assert_false(gcn_finding_cat_blocking(GCN_FC_UNKNOWN));
}

static void test_visa_inconsistency(void **state)
{
    (void)state;
    /* the operation table says SUB, the Op list says add */
    one_edit(VISA, visa_page, "- 0b00001:  sub", "- 0b00001:  add", GCN_FC_VISA, "| 0b00001 | SUB",
             "- 0b00001:  add");
    /* the Op list forgot an operation */
    one_edit(VISA, visa_page, "    - 0b00001:  sub\n", "", GCN_FC_VISA, "| 0b00001 | SUB", NULL);
    /* the table returns the new value, the semantics block writes the old one */
    one_edit(VISA, visa_page, "SUB: new = old - src0     | DWORD, SVM, TYPED | UW, UD     | Old",
             "SUB: new = old - src0     | DWORD, SVM, TYPED | UW, UD     | New", GCN_FC_VISA,
             "| 0b00001 | SUB", "for (i = 0; i < exec_size; ++i) {");
    assert_false(gcn_finding_cat_blocking(GCN_FC_VISA));
}

/* ---- grouping ------------------------------------------------------------------------------- */

static void test_group_copied_defect(void **state)
{
    /* the same unknown operand written into two sections: one finding, both lines */
    char *one = doc_edit(ds_page, "Syntax: DS_SUB_U32 ADDR,", "Syntax: DS_SUB_U32 VADDR,");
    char *two = doc_edit(one, "Syntax: DS_AND_B32 ADDR,", "Syntax: DS_AND_B32 VADDR,");
    triage_doc d[] = {{DS, two}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_SYNTAX_OPERAND);
    assert_int_equal(f->facts.n, 2);
    assert_true(cites(f, DS, doc_line_of(two, "Syntax: DS_SUB_U32 VADDR", 1)));
    assert_true(cites(f, DS, doc_line_of(two, "Syntax: DS_AND_B32 VADDR", 1)));
    triage_free(&r);
    free(one);
    free(two);
}

static void test_group_copied_pseudocode(void **state)
{
    /* one broken line of pseudocode written into two sections: one finding, both blocks */
    char *one = doc_edit(ds_page, "((ADDR+OFFSET)&~3))\n*V = *V + VDATA0 //",
                         "((ADDR+OFFSET)&~3)))\n*V = *V + VDATA0 //");
    char *two = doc_edit(one, "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
                         "((ADDR+OFFSET)&~3)))\n*V = *V - VDATA0");
    triage_doc d[] = {{DS, two}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_PSEUDO_PARSE);
    assert_int_equal(f->facts.n, 2);
    assert_true(cites_operation_of(f, two, "&~3)))\n*V = *V + VDATA0"));
    assert_true(cites_operation_of(f, two, "&~3)))\n*V = *V - VDATA0"));
    triage_free(&r);
    free(one);
    free(two);
}

static void test_group_parentheses(void **state)
{
    /* the second page parenthesizes two sections' code differently: one edit, one finding */
    char *one = doc_edit(ds_page, "((ADDR+OFFSET)&~3))\n*V = *V + VDATA0 //",
                         "(ADDR+OFFSET)&~3)\n*V = *V + VDATA0 //");
    char *two = doc_edit(one, "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
                         "(ADDR+OFFSET)&~3)\n*V = *V - VDATA0");
    triage_doc d[] = {{DS, ds_page}, {DS2, two}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 2, &r);
    f = only_finding(&r, GCN_FC_PAGE_CONFLICT);
    assert_int_equal(f->facts.n, 4);
    assert_true(cites(f, DS2, doc_line_of(two, "(ADDR+OFFSET)&~3)\n*V = *V + VDATA0", 1) - 2));
    assert_true(cites(f, DS2, doc_line_of(two, "(ADDR+OFFSET)&~3)\n*V = *V - VDATA0", 1) - 2));
    triage_free(&r);
    free(one);
    free(two);
}

static const char second_table[] = "\n"
                                   "List of the instructions by opcode (GCN 1.2/1.4):\n"
                                   "\n"
                                   " Opcode     |GCN 1.2|GCN 1.4| Mnemonic\n"
                                   "------------|-------|-------|------------------------\n"
                                   " 0 (0x0)    |   " CHECK "   |   " CHECK "   | DS_ADD_U32\n"
                                   " 1 (0x1)    |   " CHECK "   |   " CHECK "   | DS_SUB_U32\n"
                                   " 5 (0x5)    |   " CHECK "   |   " CHECK "   | DS_MIN_I32\n"
                                   " 9 (0x9)    |   " CHECK "   |   " CHECK "   | DS_AND_B32\n"
                                   " 32 (0x20)  |   " CHECK "   |   " CHECK "   | DS_ADD_RTN_U32\n"
                                   " 64 (0x40)  |   " CHECK "   |   " CHECK "   | DS_ADD_U64\n"
                                   "\n"
                                   "### Instruction set\n";

static void test_group_two_tables(void **state)
{
    /* both tables say DS_SUB_U32 is 1, the section says 2: one conflict, one finding */
    char *clean = doc_edit(ds_page, "\n### Instruction set\n", second_table);
    char *bad = doc_edit(clean, "Opcode: 1 (0x1)", "Opcode: 2 (0x2)");
    triage_doc d[] = {{DS, bad}}, c[] = {{DS, clean}};
    triage_result r;
    const gcn_finding *f;
    (void)state;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_OPCODE_CONFLICT);
    assert_int_equal(f->facts.n, 3);
    assert_true(cites(f, DS, doc_line_of(bad, " 1 (0x1) ", 1)));
    assert_true(cites(f, DS, doc_line_of(bad, " 1 (0x1) ", 2)));
    assert_true(cites(f, DS, doc_line_of(bad, "Opcode: 2 (0x2)", 1)));
    assert_int_equal(f->gens.n, 4);
    triage_free(&r);
    assert_clean(c, 1);
    free(clean);
    free(bad);
}

/* Every category has a test: here, or in test_page_detectors.c (the categories of the page's
 * prose, labels, tables and sections). */
static void test_every_category_covered(void **state)
{
    static const gcn_finding_cat covered[] = {
        GCN_FC_OPCODE_CONFLICT, GCN_FC_DEC_HEX, GCN_FC_DUP_MNEMONIC, GCN_FC_DUP_OPCODE,
        GCN_FC_DUP_SECTION, GCN_FC_SYNTAX_MNEMONIC, GCN_FC_MISSPELLED, GCN_FC_SYNTAX_OPERAND,
        GCN_FC_FIELD_OVERLAP, GCN_FC_FIELD_CONFLICT, GCN_FC_FIELD_MISSING, GCN_FC_AMBIGUOUS_ROW,
        GCN_FC_AVAILABILITY, GCN_FC_OPERAND_WIDTH, GCN_FC_PSEUDO_PARSE, GCN_FC_PSEUDO_DEFECT,
        GCN_FC_DESCRIPTION, GCN_FC_PAGE_CONFLICT, GCN_FC_UNKNOWN, GCN_FC_VISA,
        /* test_page_detectors.c */
        GCN_FC_LABEL, GCN_FC_OPERATION_PROSE, GCN_FC_SPELLING, GCN_FC_TABLE_SHAPE, GCN_FC_GEN_SCOPE,
        GCN_FC_NO_SECTION, GCN_FC_CUT_OFF};
    unsigned char seen[GCN_FC_COUNT] = {0};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(covered) / sizeof(covered[0]); i++)
        seen[covered[i]] = 1;
    for (i = 0; i < GCN_FC_COUNT; i++)
        if (!seen[i])
            fail_msg("category %s has no detector test", gcn_finding_cat_id((gcn_finding_cat)i));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_documents),
        cmocka_unit_test(test_opcode_conflict),
        cmocka_unit_test(test_dec_hex_mismatch),
        cmocka_unit_test(test_duplicate_mnemonic),
        cmocka_unit_test(test_duplicate_opcode),
        cmocka_unit_test(test_misspelled_in_table),
        cmocka_unit_test(test_availability),
        cmocka_unit_test(test_names_given_together),
        cmocka_unit_test(test_form_opcode_lines),
        cmocka_unit_test(test_duplicate_section),
        cmocka_unit_test(test_syntax_mnemonic),
        cmocka_unit_test(test_misspelled_in_syntax),
        cmocka_unit_test(test_syntax_operand),
        cmocka_unit_test(test_syntax_operand_accounted),
        cmocka_unit_test(test_operand_width),
        cmocka_unit_test(test_field_overlap),
        cmocka_unit_test(test_field_overlap_two_forms),
        cmocka_unit_test(test_field_conflict_in_one_page),
        cmocka_unit_test(test_field_conflict_between_pages),
        cmocka_unit_test(test_field_missing),
        cmocka_unit_test(test_ambiguous_row),
        cmocka_unit_test(test_pseudocode_defect),
        {"test_pseudocode_parse(unbalanced)", test_pseudocode_parse, NULL, NULL,
         "*V = (*V - VDATA0  // atomic"},
        {"test_pseudocode_parse(\?\?\?)", test_pseudocode_parse, NULL, NULL,
         "*V = \?\?\?  // atomic"},
        cmocka_unit_test(test_description_contradiction),
        cmocka_unit_test(test_page_conflict),
        cmocka_unit_test(test_unknown),
        cmocka_unit_test(test_visa_inconsistency),
        cmocka_unit_test(test_group_copied_defect),
        cmocka_unit_test(test_group_copied_pseudocode),
        cmocka_unit_test(test_group_parentheses),
        cmocka_unit_test(test_group_two_tables),
        cmocka_unit_test(test_every_category_covered),
    };
    return cmocka_run_group_tests_name("triage_detectors", tests, NULL, NULL);
}
