/* The detectors that read a page's prose, labels, tables and sections (issue 22): labels, prose
 * under an Operation label, misspelled words, table shapes, statements without a generation,
 * opcode rows with no section, sections cut off at the end of a file, descriptions against
 * their code (signedness, counters, halves, zero tests) and the vISA page's rules. For each, a
 * small document with the defect makes it fire (once, on the defect's lines) and a near miss,
 * the same kind of text written right, must not. */
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
#define SCRAPED "ds-scraped.txt"
#define SMEM "smem.md"
#define VISA "visa.md"

static void assert_no_findings(const char *name, const char *page)
{
    triage_doc d[] = {{name, page}};
    triage_result r;
    triage_run(d, 1, &r);
    if (r.findings.n) {
        print_message("expected no findings, got %zu:\n", r.findings.n);
        triage_print(&r);
        fail();
    }
    triage_free(&r);
}

/* `page` (clean) with one edit: exactly one finding, of category c, citing the lines holding
 * `at1` and `at2` (when given) in the edited text. */
static void fires(const char *name, const char *page, const char *from, const char *to,
                  gcn_finding_cat c, const char *at1, const char *at2)
{
    char *bad = doc_edit(page, from, to);
    triage_doc d[] = {{name, bad}};
    triage_result r;
    const gcn_finding *f;
    print_message("'%s' -> '%s'\n", from, to);
    assert_no_findings(name, page);
    triage_run(d, 1, &r);
    f = only_finding(&r, c);
    if (at1 && !cites(f, name, doc_line_of(bad, at1, 1)))
        fail_msg("%s does not cite line %u ('%s')", f->key, doc_line_of(bad, at1, 1), at1);
    if (at2 && !cites(f, name, doc_line_of(bad, at2, 1)))
        fail_msg("%s does not cite line %u ('%s')", f->key, doc_line_of(bad, at2, 1), at2);
    triage_free(&r);
    free(bad);
}

/* The near miss: the edit leaves no finding at all. */
static void silent(const char *name, const char *page, const char *from, const char *to)
{
    char *edited = doc_edit(page, from, to);
    print_message("near miss: '%s' -> '%s'\n", from, to);
    assert_no_findings(name, edited);
    free(edited);
}

/* ---- labels ---------------------------------------------------------------------------------- */

static void test_label_form(void **state)
{
    (void)state;
    /* without its colon, misspelled, missing before the code */
    fires(DS, ds_page, "Opcode: 1 (0x1)", "Opcode 1 (0x1)", GCN_FC_LABEL, "Opcode 1 (0x1)", NULL);
    fires(DS, ds_page, "Description: Subtract VDATA0", "Description Subtract VDATA0", GCN_FC_LABEL,
          "Description Subtract", NULL);
    fires(DS, ds_page, "Syntax: DS_SUB_U32", "Syntac: DS_SUB_U32", GCN_FC_LABEL, "Syntac:", NULL);
    fires(DS, ds_page,
          "Operation is atomic.  \nOperation:  \n```\nUINT32* V = (UINT32*)(DS + "
          "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
          "Operation is atomic.  \n```\nUINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\n*V = *V - "
          "VDATA0",
          GCN_FC_LABEL, "```\nUINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
          NULL);
    /* near misses: prose that starts like a label, a label followed by two blanks */
    silent(DS, ds_page,
           "Operation is atomic.  \nOperation:  \n```\nUINT32* V = (UINT32*)(DS + "
           "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
           "Operation is atomic. Operation is done once.  \nOperation:  \n```\nUINT32* V = "
           "(UINT32*)(DS + ((ADDR+OFFSET)&~3))\n*V = *V - VDATA0");
    silent(DS, ds_page, "Syntax: DS_SUB_U32", "Syntax:  DS_SUB_U32");
    assert_false(gcn_finding_cat_blocking(GCN_FC_LABEL));
}

static void test_operation_prose(void **state)
{
    char *bad;
    triage_doc d[1];
    triage_result r;
    (void)state;
    /* the scraped page: a sentence under an Operation label, the code under a second one */
    fires(SCRAPED, ds_scraped_page, "Operation:\nUINT32* V",
          "Operation: Add the value from LDS/GDS and store the sum back.\nOperation:\nUINT32* V",
          GCN_FC_OPERATION_PROSE, "Operation: Add the value", NULL);
    /* near miss: "Operation: ???" is an unknown, not prose */
    bad = doc_edit(ds_page,
                   "Operation is atomic.  \nOperation:  \n```\nUINT32* V = (UINT32*)(DS + "
                   "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0",
                   "Operation is atomic.  \nOperation: \?\?\?  \n```\nUINT32* V = (UINT32*)(DS + "
                   "((ADDR+OFFSET)&~3))\n*V = *V - VDATA0");
    d[0].name = DS;
    d[0].text = bad;
    triage_run(d, 1, &r);
    assert_int_equal(findings_in(&r, GCN_FC_OPERATION_PROSE), 0);
    assert_int_equal(findings_in(&r, GCN_FC_UNKNOWN), 1);
    triage_free(&r);
    free(bad);
}

/* ---- spelling -------------------------------------------------------------------------------- */

static void test_misspelled_word(void **state)
{
    char *one, *two;
    triage_doc d[1];
    triage_result r;
    const gcn_finding *f;
    (void)state;
    fires(DS, ds_page, "Subtract VDATA0 from unsigned", "Subtrat VDATA0 from unsigned",
          GCN_FC_SPELLING, "Description: Subtrat", NULL);
    /* a capitalized name one letter from the one its neighbour always goes with */
    fires(DS, ds_page, "Choose smallest signed integer value from LDS/GDS",
          "Choose smallest signed integer value from LDS/DDS", GCN_FC_SPELLING, "LDS/DDS", NULL);
    /* one slip copied into two sections: one finding citing both */
    one = doc_edit(ds_page, "Do bitwise AND operation", "Do bitwise AND operatin");
    two = doc_edit(one, "Subtract VDATA0 from unsigned integer value",
                   "Subtract VDATA0 from unsigned integer value; the operatin");
    d[0].name = DS;
    d[0].text = two;
    triage_run(d, 1, &r);
    f = only_finding(&r, GCN_FC_SPELLING);
    assert_int_equal(f->facts.n, 2);
    assert_string_equal(f->subject, "operatin");
    triage_free(&r);
    free(one);
    free(two);
    /* near misses: hex, register names and abbreviations, identifiers, a contraction, a term
     * the page introduces in parentheses, two words run together, a hyphenated word */
    silent(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
           "Subtract VDATA0 (it doesn't use the constant cache (kcache) or any writeback; SGPRs "
           "s[0:1] hold 0x1fffc, the 64-bit RTC counter and num_elts stay read-only) from "
           "unsigned integer value");
    /* a listed word negated by "un"; the same with a slip in the stem, or too short a stem */
    silent(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
           "Subtract untyped VDATA0 from unsigned integer value");
    fires(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
          "Subtract untpyed VDATA0 from unsigned integer value", GCN_FC_SPELLING,
          "Description: Subtract untpyed", NULL);
    fires(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
          "Subtract unfor VDATA0 from unsigned integer value", GCN_FC_SPELLING,
          "Description: Subtract unfor", NULL);
    /* a camel-case identifier written in small letters; not so an abbreviation */
    silent(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
           "Subtract VDATA0 from unsigned integer value as NewPrimMask, the newprimmask, says");
    fires(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
          "Subtract VDATA0 from unsigned integer value as NewPrimMask, the newprimmsk, says",
          GCN_FC_SPELLING, "Description: Subtract VDATA0", NULL);
    fires(DS, ds_page, "Subtract VDATA0 from unsigned integer value",
          "Subtract VDATA0 from unsigned integer value as NEWPRIMMASK, the newprimmask, says",
          GCN_FC_SPELLING, "Description: Subtract VDATA0", NULL);
    assert_false(gcn_finding_cat_blocking(GCN_FC_SPELLING));
}

/* ---- tables ---------------------------------------------------------------------------------- */

static const char mode_table[] = "Value of the IMM determines the address:\n"
                                 "\n"
                                 " IMM | Address                | Syntax\n"
                                 "-----|------------------------|------------------\n"
                                 "  0  | SGPR[base] + SGPR[OFF] | SBASE, SOFF\n"
                                 "  1  | SGPR[base] + OFF       | SBASE, OFF\n"
                                 "\n"
                                 "List of the instructions by opcode:\n";

static void test_table_shape(void **state)
{
    char *table = doc_edit(ds_page, "List of the instructions by opcode:\n", mode_table);
    (void)state;
    /* the header names a column no row fills */
    fires(DS, table,
          "  0  | SGPR[base] + SGPR[OFF] | SBASE, SOFF\n  1  | SGPR[base] + OFF       "
          "| SBASE, OFF\n",
          "  0  | SGPR[base] + SGPR[OFF]\n  1  | SGPR[base] + OFF\n", GCN_FC_TABLE_SHAPE,
          " IMM | Address", "  1  | SGPR[base] + OFF");
    /* the separator has a cell more than the header */
    fires(DS, table, "-----|------------------------|------------------\n",
          "-----|------------------------|------------------|---\n", GCN_FC_TABLE_SHAPE,
          " IMM | Address", NULL);
    /* a '|' inside a cell splits the vISA table's row */
    fires(VISA, visa_page, "SUB: new = old - src0     |", "SUB: new = old | src0     |",
          GCN_FC_TABLE_SHAPE, "| 0b00001 | SUB", NULL);
    /* near miss: a row that fills every column, another table of the same shape */
    silent(DS, table, "  1  | SGPR[base] + OFF       | SBASE, OFF\n",
           "  1  | SGPR[base] + OFF       | SBASE, OFF\n  2  | OFF | OFF\n");
    free(table);
}

/* ---- generation scope ------------------------------------------------------------------------ */

static void test_generation_scope(void **state)
{
    (void)state;
    /* one section drops the generation the other writes the same rule with */
    fires(SMEM, smem_page,
          "Store single dword to memory.\nIt accepts only offset as M0 or any immediate (only GCN "
          "1.2).\nSBASE",
          "Store single dword to memory.\nIt accepts only offset as M0 or any immediate.\nSBASE",
          GCN_FC_GEN_SCOPE,
          "Description: Store single dword to memory.\nIt accepts only offset as M0 or any "
          "immediate.\nSBASE",
          "Description: Store single dword to memory.\nIt accepts only offset as M0 or any "
          "immediate (only GCN 1.2).  \n");
    /* near misses: the qualifier covers every generation the instruction has; another rule */
    silent(SMEM, smem_page, "immediate (only GCN 1.2).\nSBASE", "immediate (GCN 1.2/1.4).\nSBASE");
    silent(SMEM, smem_page, "immediate (only GCN 1.2).\nSBASE",
           "immediate (only GCN 1.2).\nIt accepts any SBASE.\nSBASE");
    assert_false(gcn_finding_cat_blocking(GCN_FC_GEN_SCOPE));
}

/* ---- rows with no section, sections cut off -------------------------------------------------- */

static void test_missing_section(void **state)
{
    char *bad;
    triage_doc d[1];
    triage_result r;
    (void)state;
    fires(DS, ds_page, " 5 (0x5)    |",
          " 2 (0x2)    |   " CHECK "   |   " CHECK "   | DS_RSUB_U32\n 5 (0x5)    |",
          GCN_FC_NO_SECTION, "DS_RSUB_U32", NULL);
    /* near miss: a row whose opcode a section gives under another name is a misnamed row */
    bad = doc_edit(ds_page, "| DS_SUB_U32\n", "| DS_SUB_U23\n");
    d[0].name = DS;
    d[0].text = bad;
    triage_run(d, 1, &r);
    assert_int_equal(findings_in(&r, GCN_FC_NO_SECTION), 0);
    assert_int_equal(findings_in(&r, GCN_FC_MISSPELLED), 1);
    triage_free(&r);
    free(bad);
}

/* Instructions a range row names through a template table ("DS_{OP2}_B32" expanded by
 * "Opcode offset | OP2 name | Description") are described by the template's rows. */
#define RANGE_TABLES(desc1)                                                                        \
    "\nTable of paired instructions by opcode (GCN 1.0/1.1):\n\n"                                  \
    "Opcode range        | Instruction  | Description\n"                                           \
    "--------------------|--------------|------------\n"                                           \
    "100-101 (0x64-0x65) | DS_{OP2}_B32 | Source data 0 vector register\n\n"                       \
    "Opcode offset | OP2 name | Description\n"                                                     \
    "--------------|----------|------------\n"                                                     \
    "0 (0x0)       | ORX      | Source data 0 vector register\n"                                   \
    "1 (0x1)       | XORX     |" desc1 "\n\n### Instruction set\n"

static void test_missing_section_template(void **state)
{
    char *edited;
    triage_doc d[1];
    triage_result r;
    const gcn_finding *f = NULL;
    size_t i;
    (void)state;
    /* near miss: every template row describes its instruction, so neither is missing a
     * section (the page's full list, which leaves both out, is an availability question) */
    edited = doc_edit(ds_page, "\n### Instruction set\n",
                      RANGE_TABLES(" Source data 0 vector register"));
    d[0].name = DS;
    d[0].text = edited;
    triage_run(d, 1, &r);
    assert_int_equal(findings_in(&r, GCN_FC_NO_SECTION), 0);
    assert_int_equal(findings_in(&r, GCN_FC_AVAILABILITY), 2);
    triage_free(&r);
    free(edited);
    /* fires: the row for XORX describes nothing, so DS_XORX_B32 has no description anywhere */
    edited = doc_edit(ds_page, "\n### Instruction set\n", RANGE_TABLES(""));
    d[0].name = DS;
    d[0].text = edited;
    triage_run(d, 1, &r);
    assert_int_equal(findings_in(&r, GCN_FC_NO_SECTION), 1);
    for (i = 0; i < r.findings.n; i++)
        if (r.findings.v[i].cat == GCN_FC_NO_SECTION)
            f = &r.findings.v[i];
    assert_non_null(f);
    assert_non_null(strstr(f->key, "DS_XORX_B32"));
    assert_true(cites(f, DS, doc_line_of(edited, "100-101 (0x64-0x65)", 1)));
    triage_free(&r);
    free(edited);
}

/* The page cut right after `after` (which must end with a newline). */
static char *cut_after(const char *page, const char *after)
{
    const char *at = strstr(page, after);
    char *out;
    size_t n;
    if (!at)
        fail_msg("no '%s' to cut after", after);
    n = (size_t)(at - page) + strlen(after);
    out = malloc(n + 1);
    assert_non_null(out);
    memcpy(out, page, n);
    out[n] = 0;
    return out;
}

static void test_cut_off(void **state)
{
    static const char *const cuts[] = {
        /* inside the last section's description, after its Operation label, after its
         * Syntax line */
        "LDS/GDS at address\n",
        "Operation is atomic.  \nOperation:  \n",
        "Syntax: DS_SUB_U32 ADDR, VDATA0 [OFFSET:OFFSET]  \n",
    };
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        const char *from = strstr(ds_page, "#### DS_SUB_U32");
        char *cut = cut_after(from, cuts[i]), *page;
        size_t head = (size_t)(from - ds_page);
        triage_doc d[1];
        triage_result r;
        const gcn_finding *f;
        page = malloc(head + strlen(cut) + 1);
        assert_non_null(page);
        memcpy(page, ds_page, head);
        strcpy(page + head, cut);
        d[0].name = DS;
        d[0].text = page;
        triage_run(d, 1, &r);
        f = only_finding(&r, GCN_FC_CUT_OFF);
        assert_string_equal(f->subject, "DS_SUB_U32");
        assert_true(cites(f, DS, doc_line_of(page, "#### DS_SUB_U32", 1)));
        triage_free(&r);
        free(cut);
        free(page);
    }
    /* near miss: a last section that ends after a whole description and no Operation */
    {
        char *page = cut_after(ds_page, "(ADDR+OFFSET) & ~3, and store result back to LDS/GDS at "
                                        "this same address.\nOperation is atomic.  \n");
        assert_no_findings(DS, page);
        free(page);
    }
    assert_false(gcn_finding_cat_blocking(GCN_FC_CUT_OFF));
}

/* ---- descriptions against their code ----------------------------------------------------------
 */

/* DS_ADD_RTN_U32 rewritten as a 16-bit read into the low half of VDST (clean). */
static const char d16_from[] = "Description: Add unsigned integer value from LDS/GDS at address "
                               "(ADDR+OFFSET) & ~3 and\n"
                               "VDATA0, and store result back to LDS/GDS at this address. "
                               "Previous value from\n"
                               "LDS/GDS are stored in VDST. Operation is atomic.  \n"
                               "Operation:  \n"
                               "```\n"
                               "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\n"
                               "VDST = *V; *V = *V + VDATA0 // atomic operation\n";
static const char d16_to[] = "Description: Read unsigned 16-bit word from LDS/GDS at address "
                             "ADDR+OFFSET and store\n"
                             "into lower part of VDST. If the word is not zero, it is kept.\n"
                             "Operation:  \n"
                             "```\n"
                             "VDST = *(UINT16*)(DS + (ADDR+OFFSET)) | (VDST & 0xffff0000)\n"
                             "VDST = (VDST!=0) ? VDST : 0\n";

static void test_description_values(void **state)
{
    char *d16 = doc_edit(ds_page, d16_from, d16_to);
    (void)state;
    /* signedness: unsigned in the description, a signed type in the code */
    fires(DS, ds_page, "Choose smallest signed integer", "Choose smallest unsigned integer",
          GCN_FC_DESCRIPTION, "Description: Choose smallest", NULL);
    /* signedness: an unsigned 16-bit value held in a wider signed type is no contradiction; in
     * one no wider, it is */
    silent(DS, d16, "VDST = *(UINT16*)(DS + (ADDR+OFFSET)) | (VDST & 0xffff0000)",
           "INT32 T = VDATA0 & 0xffff\nVDST = T | (VDST & 0xffff0000)");
    fires(DS, d16, "VDST = *(UINT16*)(DS + (ADDR+OFFSET)) | (VDST & 0xffff0000)",
          "INT16 T = VDATA0 & 0xffff\nVDST = T | (VDST & 0xffff0000)", GCN_FC_DESCRIPTION,
          "Description: Read unsigned 16-bit", NULL);
    /* signedness: an unsigned value sign-extended */
    fires(DS, d16, "VDST = *(UINT16*)(DS + (ADDR+OFFSET))",
          "VDST = SEXT16(*(UINT16*)(DS + "
          "(ADDR+OFFSET)))",
          GCN_FC_DESCRIPTION, "Description: Read unsigned 16-bit", NULL);
    /* which half: the lower part, but the code keeps the low half */
    fires(DS, d16, "VDST = *(UINT16*)(DS + (ADDR+OFFSET)) | (VDST & 0xffff0000)",
          "VDST = (((UINT32)*(UINT16*)(DS + (ADDR+OFFSET)))<<16) | (VDST & 0xffff)",
          GCN_FC_DESCRIPTION, "Description: Read unsigned 16-bit", NULL);
    /* zero test: "not zero", but the code tests for zero */
    fires(DS, d16, "VDST = (VDST!=0) ? VDST : 0", "VDST = (VDST==0) ? VDST : 0", GCN_FC_DESCRIPTION,
          "Description: Read unsigned 16-bit", NULL);
    /* which counter: the RTC counter, but the code reads the clock counter */
    fires(SMEM, smem_page,
          "Description: Store value of 64-bit clock counter to SDATA.  \n"
          "Operation:  \n```\nSDATA = CLOCKCNT\n```\n\n#### S_MEMTIME",
          "Description: Store value of 64-bit RTC counter to SDATA.  \n"
          "Operation:  \n```\nSDATA = CLOCKCNT\n```\n\n#### S_MEMTIME",
          GCN_FC_DESCRIPTION, "64-bit RTC counter", NULL);
    /* near misses: a signed value at an unsigned address; the high half written as such;
     * a free-running clock counter */
    silent(DS, ds_page, "INT32* V = (INT32*)(DS + ((ADDR+OFFSET)&~3))",
           "UINT32 A = (ADDR+OFFSET)&~3\nINT32* V = (INT32*)(DS + A)");
    {
        char *high = doc_edit(d16, "into lower part of VDST.", "into higher part of VDST.");
        silent(DS, high, "VDST = *(UINT16*)(DS + (ADDR+OFFSET)) | (VDST & 0xffff0000)",
               "VDST = (((UINT32)*(UINT16*)(DS + (ADDR+OFFSET)))<<16) | (VDST & 0xffff)");
        free(high);
    }
    silent(SMEM, smem_page,
           "Description: Store value of 64-bit clock counter to SDATA.  \n"
           "Operation:  \n```\nSDATA = CLOCKCNT\n```\n\n#### S_MEMTIME",
           "Description: Store value of 64-bit clock counter to SDATA. This time is a "
           "free-running clock counter.  \n"
           "Operation:  \n```\nSDATA = CLOCKCNT\n```\n\n#### S_MEMTIME");
    /* the code's counter named by the description's word cut short (PERFCNT for "performance
     * counter", here CLOCKCNT for "clocking counter"); a name no prefix of the word fires */
    silent(SMEM, smem_page, "64-bit clock counter to SDATA.  \nOperation:  \n```\nSDATA = CLOCKCNT",
           "64-bit clocking counter to SDATA.  \nOperation:  \n```\nSDATA = CLOCKCNT");
    fires(SMEM, smem_page, "64-bit clock counter to SDATA.  \nOperation:  \n```\nSDATA = CLOCKCNT",
          "64-bit clacking counter to SDATA.  \nOperation:  \n```\nSDATA = CLOCKCNT",
          GCN_FC_DESCRIPTION, "64-bit clacking counter", NULL);
    free(d16);
}

/* ---- the vISA page ----------------------------------------------------------------------------
 */

static const char surface_operand[] =
    "- **Exec_size(ub):** Execution size\n"
    "\n"
    "- **Surface(ub):** Index of the surface variable. It must be a buffer. Valid values are:\n"
    "\n"
    "  - 0: T0 - Shared Local Memory (SLM) access\n"
    "  - 5: T255 - Stateless surface access\n";

static void test_visa_page_rules(void **state)
{
    /* the clean page with a Surface operand and no TYPED messages */
    char *a = doc_edit(visa_page, "- **Exec_size(ub):** Execution size\n", surface_operand);
    char *b = doc_edit(a, "SUB: new = old - src0     | DWORD, SVM, TYPED |",
                       "SUB: new = old - src0     | DWORD, SVM        |");
    char *page = doc_edit(b, "ADD: new = old + src0     | DWORD, SVM, TYPED |",
                          "ADD: new = old + src0     | DWORD, SVM        |");
    (void)state;
    /* message types against the surfaces: a TYPED message no allowed surface serves */
    fires(VISA, page, "SUB: new = old - src0     | DWORD, SVM        |",
          "SUB: new = old - src0     | DWORD, SVM, TYPED |", GCN_FC_VISA, "| Bits",
          "- **Surface(ub):**");
    /* a name used and never defined */
    fires(VISA, page, "The first Exec_size elements", "The first num_elts elements", GCN_FC_VISA,
          "num_elts", NULL);
    /* a width the table allows that the description does not name */
    fires(VISA, page, "| UW, UD     | Old value    |\n      | 0b00001",
          "| UW, UD, UQ | Old value    |\n      | 0b00001", GCN_FC_VISA, "| Bits",
          "Performs <exec_size>");
    /* near misses: the description names the 8-byte width too; a defined snake_case name;
     * a message type the surfaces serve */
    {
        char *q = doc_edit(page, "scattered word or dword", "scattered 2-, 4- or 8-byte");
        silent(VISA, q, "| UW, UD     | Old value    |\n      | 0b00001",
               "| UW, UD, UQ | Old value    |\n      | 0b00001");
        free(q);
    }
    silent(VISA, page, "will be used as src0", "will be used as src0, each a raw_operand");
    silent(VISA, page, "SUB: new = old - src0     | DWORD, SVM        |",
           "SUB: new = old - src0     | SVM               |");
    free(a);
    free(b);
    free(page);
}

static void test_clean_smem_page(void **state)
{
    (void)state;
    assert_no_findings(SMEM, smem_page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_smem_page), cmocka_unit_test(test_label_form),
        cmocka_unit_test(test_operation_prose), cmocka_unit_test(test_misspelled_word),
        cmocka_unit_test(test_table_shape),     cmocka_unit_test(test_generation_scope),
        cmocka_unit_test(test_missing_section), cmocka_unit_test(test_missing_section_template),
        cmocka_unit_test(test_cut_off),         cmocka_unit_test(test_description_values),
        cmocka_unit_test(test_visa_page_rules),
    };
    return cmocka_run_group_tests_name("triage_page_detectors", tests, NULL, NULL);
}
