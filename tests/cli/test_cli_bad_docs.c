/* gcnspec on bad documents: empty, truncated (a sweep over every seed, and the cut points that
 * must be errors), reordered, garbled, unrecognized. Each must answer with a
 * "file:line[:col]: message" line on stderr and exit 1, never crash, and never leave an output
 * file (a previous one stays as it was). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"
#include "spec/model/facts.h"

static seed_set seeds;

static int setup(void **state)
{
    (void)state;
    seeds_load(&seeds);
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    seeds_free(&seeds);
    return 0;
}

/* ---- running one document ------------------------------------------------------------------- */

typedef struct doc_case {
    char *dir, *docs, *out, *outdir;
} doc_case;

static void case_make(doc_case *c, const char *text, size_t len)
{
    static unsigned n;
    char name[32], *doc;
    snprintf(name, sizeof(name), "case%u", ++n);
    c->dir = path_join2(cli_scratch(), name);
    c->docs = path_join2(c->dir, "docs");
    c->outdir = path_join2(c->dir, "out");
    c->out = path_join2(c->outdir, "facts.json");
    assert_int_equal(mkdir(c->dir, 0755), 0);
    assert_int_equal(mkdir(c->docs, 0755), 0);
    assert_int_equal(mkdir(c->outdir, 0755), 0);
    doc = path_join2(c->docs, "doc.txt");
    file_write(doc, text, len);
    free(doc);
}

static void case_free(doc_case *c)
{
    tmpdir_remove(c->dir);
    free(c->dir);
    free(c->docs);
    free(c->out);
    free(c->outdir);
}

static size_t count_lines(const char *text, size_t len)
{
    size_t i, n = 0;
    for (i = 0; i < len; i++)
        n += text[i] == '\n';
    return n + (len && text[len - 1] != '\n');
}

/* The document is bad: extract, errata and run all refuse it, naming doc.txt (at want_line
 * when not 0), and write nothing; an output that existed is left as it was. */
static unsigned expect_doc_error(const char *text, size_t len, unsigned want_line)
{
    doc_case c;
    gcn_proc_result r;
    unsigned line;
    char *reports, *spec, *specfacts, *runreports;
    case_make(&c, text, len);
    cli_run(&r, "extract", "--docs", c.docs, "-o", c.out, NULL);
    line = expect_input_error(&r, "doc.txt", want_line);
    if (line > (count_lines(text, len) ? count_lines(text, len) : 1))
        fail_msg("the error names line %u of a %zu-line document:\n%s", line,
                 count_lines(text, len), r.err.data);
    gcn_proc_result_free(&r);
    expect_absent(c.out);
    /* an earlier output survives */
    file_write(c.out, "earlier\n", 8);
    cli_run(&r, "extract", "--docs", c.docs, "-o", c.out, NULL);
    expect_input_error(&r, "doc.txt", line);
    gcn_proc_result_free(&r);
    expect_unchanged(c.out, "earlier\n");
    expect_no_temp_files(c.outdir);
    /* errata and run read documents too */
    reports = path_join2(c.dir, "reports");
    cli_run(&r, "errata", "--docs", c.docs, "--errata", "none", "--out", reports, NULL);
    expect_input_error(&r, "doc.txt", line);
    gcn_proc_result_free(&r);
    expect_absent(reports);
    spec = path_join2(c.dir, "spec");
    assert_int_equal(mkdir(spec, 0755), 0);
    specfacts = path_join2(spec, "facts.json");
    runreports = path_join2(c.dir, "run-reports");
    cli_run(&r, "run", "--docs", c.docs, "--spec", spec, "--out", runreports, NULL);
    expect_input_error(&r, "doc.txt", line);
    gcn_proc_result_free(&r);
    expect_absent(specfacts);
    expect_absent(runreports);
    free(reports);
    free(spec);
    free(specfacts);
    free(runreports);
    case_free(&c);
    return line;
}

/* Either a clean extraction (its facts.json loads) or a file:line error inside the document;
 * never a crash. Returns 0 for a clean extraction, 1 for an error, and 2 (after printing why)
 * for anything else, so that a sweep can go on and report every bad cut at once. */
static int extract_either(const char *text, size_t len)
{
    doc_case c;
    gcn_proc_result r;
    int outcome = 0;
    const char *err;
    char *argv[] = {"gcnspec", "extract", "--docs", NULL, "-o", NULL, NULL};
    case_make(&c, text, len);
    argv[3] = c.docs;
    argv[5] = c.out;
    gcnspec_run(argv, &r);
    err = r.err.data ? r.err.data : "";
    if (proc_crashed(&r)) {
        print_error("crashed (signal %d): %.300s\n", r.signal, err);
        outcome = 2;
    } else if (r.exit_code != 0) {
        size_t n = count_lines(text, len);
        unsigned line = 0;
        outcome = 1;
        if (r.exit_code != 1 || !diag_line(err, "doc.txt", &line, NULL)) {
            print_error("exit %d without a doc.txt:line message: %.300s\n", r.exit_code, err);
            outcome = 2;
        } else if (line > (n ? n : 1)) {
            print_error("the error names line %u of a %zu-line document\n", line, n);
            outcome = 2;
        }
        if (file_exists(c.out)) {
            print_error("a failed extraction wrote %s\n", c.out);
            outcome = 2;
        }
    } else {
        gcn_facts f;
        gcn_diag d;
        if (gcn_facts_load(&f, c.out, &d) != GCN_OK) {
            print_error("a clean extraction wrote a facts.json that does not load: %s\n", d.msg);
            outcome = 2;
        } else {
            gcn_facts_free(&f);
        }
    }
    gcn_proc_result_free(&r);
    case_free(&c);
    return outcome;
}

/* ---- finding places in a document ----------------------------------------------------------- */

/* Byte offset of the start of line `line` (1-based). */
static size_t line_start(const char *text, unsigned line)
{
    size_t i = 0;
    unsigned l = 1;
    while (l < line && text[i]) {
        if (text[i] == '\n')
            l++;
        i++;
    }
    return i;
}

static size_t line_end(const char *text, unsigned line)
{
    size_t i = line_start(text, line);
    while (text[i] && text[i] != '\n')
        i++;
    return text[i] ? i + 1 : i;
}

/* The line (after `after`) that equals `want` or starts with it when `prefix`; 0 if none. */
static unsigned find_line(const char *text, unsigned after, const char *want, int prefix)
{
    unsigned l = 1;
    const char *p = text;
    size_t wl = strlen(want);
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
            n--;
        if (l > after &&
            (prefix ? n >= wl && strncmp(p, want, wl) == 0 : n == wl && strncmp(p, want, n) == 0))
            return l;
        if (!e)
            break;
        p = e + 1;
        l++;
    }
    return 0;
}

static unsigned find_nth(const char *text, const char *want, int prefix, unsigned nth)
{
    unsigned l = 0, k;
    for (k = 0; k < nth; k++) {
        l = find_line(text, l, want, prefix);
        if (!l)
            fail_msg("no %u. line %s '%s'", nth, prefix ? "starting with" : "equal to", want);
    }
    return l;
}

/* The document's text with [a, b) removed and inserted at `at` (at <= a). */
static char *move_block(const char *text, size_t a, size_t b, size_t at)
{
    size_t len = strlen(text);
    char *s = malloc(len + 1);
    assert_non_null(s);
    assert_true(at <= a && a <= b && b <= len);
    memcpy(s, text, at);
    memcpy(s + at, text + a, b - a);
    memcpy(s + at + (b - a), text + at, a - at);
    memcpy(s + b, text + b, len - b + 1);
    return s;
}

static char *replace_at(const char *text, size_t at, size_t n, const char *with)
{
    size_t len = strlen(text), w = strlen(with);
    char *s = malloc(len - n + w + 1);
    assert_non_null(s);
    memcpy(s, text, at);
    memcpy(s + at, with, w);
    memcpy(s + at + w, text + at + n, len - at - n + 1);
    return s;
}

/* Replaces the first occurrence of `from` on line `line`. */
static char *edit_line(const char *text, unsigned line, const char *from, const char *to)
{
    size_t a = line_start(text, line), b = line_end(text, line);
    const char *at = strstr(text + a, from);
    if (!at || (size_t)(at - text) >= b)
        fail_msg("line %u has no '%s'", line, from);
    return replace_at(text, (size_t)(at - text), strlen(from), to);
}

/* ---- empty and unrecognized ----------------------------------------------------------------- */

static void test_empty(void **state)
{
    (void)state;
    expect_doc_error("", 0, 1);
    expect_doc_error("\n\n   \n\t\n", strlen("\n\n   \n\t\n"), 0);
}

static void test_unrecognized(void **state)
{
    static const char *const docs[] = {
        "Hello,\nthis is no ISA document.\n",
        "# Some other wiki page\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        /* a CLRX-looking title without an encoding */
        "## GCN ISA  instructions\n\nBits | Name | Description\n",
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++)
        expect_doc_error(docs[i], strlen(docs[i]), 1);
}

/* ---- truncation ----------------------------------------------------------------------------- */

static void test_truncation_sweep(void **state)
{
    size_t s, outcomes[3] = {0, 0, 0};
    (void)state;
    for (s = 0; s < seeds.n; s++) {
        const seed_doc *d = &seeds.v[s];
        unsigned k;
        for (k = 1; k <= 40; k++) {
            size_t cut = d->len * k / 41;
            int o = extract_either(d->text, cut);
            if (o == 2)
                print_error("  ^ %s cut at byte %zu of %zu\n", d->name, cut, d->len);
            outcomes[o]++;
        }
    }
    if (outcomes[2])
        fail_msg("%zu of %zu cut points crashed or answered badly", outcomes[2],
                 outcomes[0] + outcomes[1] + outcomes[2]);
    /* both outcomes occur, so the sweep is not vacuous */
    assert_true(outcomes[0] > 0);
    assert_true(outcomes[1] > 0);
}

/* Cut right after line `line` (keeping its newline). */
static void expect_cut_error(const seed_doc *d, unsigned line, unsigned want_line)
{
    size_t cut = line_end(d->text, line);
    print_message("%s cut after line %u\n", d->name, line);
    expect_doc_error(d->text, cut, want_line);
}

static void test_cut_inside_fence(void **state)
{
    static const seed_kind md[] = {SEED_DS_MARKDOWN, SEED_SOP1, SEED_SMEM};
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        const seed_doc *d = seeds_get(&seeds, md[i]);
        unsigned set = find_nth(d->text, "### Instruction set", 0, 1);
        unsigned open = find_line(d->text, set, "```", 0);
        assert_true(open > 0);
        /* right after the opening fence, and after its first code line */
        expect_cut_error(d, open, open);
        expect_cut_error(d, open + 1, open);
    }
    {
        /* the vISA page's Semantics block */
        const seed_doc *d = seeds_get(&seeds, SEED_VISA);
        unsigned sem = find_nth(d->text, "## Semantics", 0, 1);
        unsigned open = find_line(d->text, sem, "```", 0);
        expect_cut_error(d, open + 3, 0);
    }
}

static void test_cut_inside_table(void **state)
{
    static const seed_kind kinds[] = {SEED_DS_MARKDOWN, SEED_DS_SCRAPED, SEED_SOP1, SEED_SMEM};
    size_t i;
    (void)state;
    for (i = 0; i < 4; i++) {
        const seed_doc *d = seeds_get(&seeds, kinds[i]);
        unsigned head =
            find_line(d->text, 0, d->kind == SEED_DS_SCRAPED ? "Opcode |" : " Opcode ", 1);
        size_t mid;
        assert_true(head > 0);
        /* after the fifth row, and in the middle of the sixth */
        expect_cut_error(d, head + 6, 0);
        mid = line_start(d->text, head + 8) + 6;
        expect_doc_error(d->text, mid, 0);
        /* and in the field table */
        head = find_line(d->text, 0, "Bits", 1);
        expect_cut_error(d, head + 3, 0);
    }
    {
        /* the vISA page's operation table, inside its code block */
        const seed_doc *d = seeds_get(&seeds, SEED_VISA);
        unsigned row = find_line(d->text, 0, "      | 0b00011", 1);
        expect_cut_error(d, row, 0);
    }
}

static void test_cut_after_heading(void **state)
{
    static const seed_kind md[] = {SEED_DS_MARKDOWN, SEED_SOP1, SEED_SMEM};
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        const seed_doc *d = seeds_get(&seeds, md[i]);
        unsigned h = find_nth(d->text, "#### ", 1, 3);
        expect_cut_error(d, h, h);
        expect_cut_error(d, h + 1, h); /* and its blank line */
        /* right after the "### Instruction set" heading */
        expect_cut_error(d, find_nth(d->text, "### Instruction set", 0, 1), 0);
    }
}

static void test_cut_after_scraped_heading(void **state)
{
    /* the scraped page's headings are bare mnemonics followed by an Opcode line */
    const seed_doc *d = seeds_get(&seeds, SEED_DS_SCRAPED);
    unsigned op = find_nth(d->text, "Opcode: ", 1, 3);
    (void)state;
    expect_cut_error(d, op - 1, 0);
    expect_cut_error(d, find_nth(d->text, "Instruction set", 0, 1), 0);
}

/* state: the heading ("## Format", ...) */
/* A scraped page cut inside a description's continuation line, after its first word: the
 * reader that tells code from prose must not read past the end of the document. */
static void test_cut_inside_description_word(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_DS_SCRAPED);
    unsigned desc = find_nth(d->text, "Description: ", 1, 1);
    size_t cut = line_start(d->text, desc + 1) + 6; /* "VDATA0" */
    (void)state;
    assert_true(strncmp(d->text + line_start(d->text, desc + 1), "VDATA0", 6) == 0);
    if (extract_either(d->text, cut) == 2)
        fail_msg("cut after 'VDATA0' on line %u", desc + 1);
}

static void test_cut_after_visa_heading(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_VISA);
    expect_cut_error(d, find_nth(d->text, (const char *)*state, 0, 1), 0);
}

/* ---- reordered ------------------------------------------------------------------------------ */

static void test_section_before_tables(void **state)
{
    static const seed_kind md[] = {SEED_DS_MARKDOWN, SEED_SOP1, SEED_SMEM};
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        const seed_doc *d = seeds_get(&seeds, md[i]);
        unsigned h = find_nth(d->text, "#### ", 1, 1), next = find_nth(d->text, "#### ", 1, 2);
        unsigned list = find_line(d->text, 0, "List of the instructions by opcode", 1);
        char *moved = move_block(d->text, line_start(d->text, h), line_start(d->text, next),
                                 line_start(d->text, list));
        /* the moved heading now sits where the table's caption was */
        expect_doc_error(moved, strlen(moved), list);
        free(moved);
    }
    {
        const seed_doc *d = seeds_get(&seeds, SEED_DS_SCRAPED);
        unsigned h = find_nth(d->text, "Opcode: ", 1, 1) - 1;
        unsigned next = find_nth(d->text, "Opcode: ", 1, 2) - 1;
        unsigned list = find_line(d->text, 0, "List of the instructions by opcode", 1);
        char *moved = move_block(d->text, line_start(d->text, h), line_start(d->text, next),
                                 line_start(d->text, list));
        expect_doc_error(moved, strlen(moved), list);
        free(moved);
    }
}

static void test_field_table_after_instruction_set(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_SOP1);
    unsigned head = find_line(d->text, 0, "Bits", 1);
    unsigned set = find_nth(d->text, "### Instruction set", 0, 1);
    /* the Instruction set heading moved above the field table */
    char *moved = move_block(d->text, line_start(d->text, set), line_end(d->text, set),
                             line_start(d->text, head));
    (void)state;
    expect_doc_error(moved, strlen(moved), 0);
    free(moved);
}

static void test_visa_sections_swapped(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_VISA);
    unsigned sem = find_nth(d->text, "## Semantics", 0, 1);
    unsigned desc = find_nth(d->text, "## Description", 0, 1);
    unsigned text = find_nth(d->text, "## Text", 0, 1);
    unsigned notes = find_nth(d->text, "## Notes", 0, 1);
    unsigned opcode = find_nth(d->text, "## Opcode", 0, 1);
    /* Description before Semantics */
    char *swapped = move_block(d->text, line_start(d->text, desc), line_start(d->text, text),
                               line_start(d->text, sem));
    char *notes_first = move_block(d->text, line_start(d->text, notes), strlen(d->text),
                                   line_start(d->text, opcode));
    (void)state;
    expect_doc_error(swapped, strlen(swapped), 0);
    expect_doc_error(notes_first, strlen(notes_first), 0);
    free(swapped);
    free(notes_first);
}

/* ---- garbled -------------------------------------------------------------------------------- */

static void test_nul_byte(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_DS_MARKDOWN);
    char *g = malloc(d->len + 1);
    size_t at = line_start(d->text, 5) + 2;
    doc_case c;
    gcn_proc_result r;
    unsigned line, col = 0;
    (void)state;
    memcpy(g, d->text, d->len + 1);
    g[at] = '\0';
    expect_doc_error(g, d->len, 5);
    /* and the column */
    case_make(&c, g, d->len);
    cli_run(&r, "extract", "--docs", c.docs, "-o", c.out, NULL);
    assert_true(diag_line(r.err.data, "doc.txt", &line, &col));
    assert_int_equal(col, 3);
    gcn_proc_result_free(&r);
    case_free(&c);
    free(g);
}

/* state: the bytes, put at the end of a line of prose where any valid text is accepted */
static void test_invalid_utf8(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_SOP1);
    char *g = replace_at(d->text, line_end(d->text, 3) - 1, 0, (const char *)*state);
    expect_doc_error(g, strlen(g), 3);
    free(g);
}

static void test_junk_opcode_cell(void **state)
{
    const seed_doc *md = seeds_get(&seeds, SEED_DS_MARKDOWN);
    const seed_doc *sc = seeds_get(&seeds, SEED_DS_SCRAPED);
    unsigned l1 = find_line(md->text, 0, " 12 (0xc)", 1);
    unsigned l2 = find_line(sc->text, 0, "12 (0xc) |", 1);
    char *g;
    (void)state;
    g = edit_line(md->text, l1, "12 (0xc)", "twelve (0xc)");
    expect_doc_error(g, strlen(g), l1);
    free(g);
    g = edit_line(md->text, l1, "12 (0xc)", "12 (0xzz)");
    expect_doc_error(g, strlen(g), l1);
    free(g);
    g = edit_line(sc->text, l2, "12 (0xc)", "%$#!");
    expect_doc_error(g, strlen(g), l2);
    free(g);
}

static void test_junk_field_cell(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_SMEM);
    unsigned l = find_line(d->text, 0, "0-5 ", 1);
    char *g = edit_line(d->text, l, "0-5", "0-x");
    (void)state;
    expect_doc_error(g, strlen(g), l);
    free(g);
}

static void test_junk_opcode_line(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_DS_MARKDOWN);
    unsigned l = find_nth(d->text, "Opcode: ", 1, 1);
    static const char *const junk[] = {"Opcode: zero", "Opcode: 0 (0x0) junk", "Opcode: (0x0)"};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
        char *g = edit_line(d->text, l, "Opcode: 0 (0x0)", junk[i]);
        print_message("'%s'\n", junk[i]);
        expect_doc_error(g, strlen(g), l);
        free(g);
    }
}

/* state: the junk Opcode line. A qualifier that names no generation it can read must not
 * become "every generation", nor a shorter list. */
static void test_junk_generation_qualifier(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_DS_MARKDOWN);
    unsigned l = find_nth(d->text, "Opcode: ", 1, 1);
    char *g = edit_line(d->text, l, "Opcode: 0 (0x0)", (const char *)*state);
    expect_doc_error(g, strlen(g), l);
    free(g);
}

/* A syntax line whose mnemonic reads but an operand does not (the CLRX pages hold
 * "VDST(, VADDR(2)") is kept, and the operand is an unmodelled fact on its line for triage; a
 * line whose mnemonic does not read either is an error. */
static void test_junk_syntax_line(void **state)
{
    const seed_doc *d = seeds_get(&seeds, SEED_SOP1);
    unsigned l = find_nth(d->text, "Syntax: ", 1, 1);
    char *g = edit_line(d->text, l, "SDST", "sdst");
    doc_case c;
    gcn_proc_result r;
    gcn_facts f;
    gcn_diag diag;
    size_t i, unmodelled = 0, syntax = 0;
    char *argv[] = {"gcnspec", "extract", "--docs", NULL, "-o", NULL, NULL};
    (void)state;
    case_make(&c, g, strlen(g));
    argv[3] = c.docs;
    argv[5] = c.out;
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    assert_int_equal(r.exit_code, 0);
    assert_int_equal(gcn_facts_load(&f, c.out, &diag), GCN_OK);
    for (i = 0; i < f.n; i++) {
        if (f.v[i].line != l)
            continue;
        unmodelled += f.v[i].kind == GCN_FACT_UNMODELLED;
        syntax += f.v[i].kind == GCN_FACT_SYNTAX_LINE && f.v[i].mnemonic &&
                  strcmp(f.v[i].mnemonic, "S_ABS_B32") == 0;
    }
    assert_int_equal(unmodelled, 1);
    assert_int_equal(syntax, 1);
    gcn_facts_free(&f);
    gcn_proc_result_free(&r);
    case_free(&c);
    free(g);
    g = edit_line(d->text, l, "S_ABS_B32 SDST", "s_abs_b32 sdst");
    expect_doc_error(g, strlen(g), l);
    free(g);
}

/* A bad document among good ones: the whole extraction fails, naming it. */
static void test_one_bad_among_seeds(void **state)
{
    char *docs = path_join2(cli_scratch(), "mixed"), *out = path_join2(cli_scratch(), "mixed.json");
    const seed_doc *bad = seeds_get(&seeds, SEED_SMEM);
    gcn_proc_result r;
    size_t i;
    (void)state;
    assert_int_equal(mkdir(docs, 0755), 0);
    for (i = 0; i < seeds.n; i++) {
        char *p = path_join2(docs, seeds.v[i].name);
        file_write(p, seeds.v[i].text, &seeds.v[i] == bad ? seeds.v[i].len / 2 : seeds.v[i].len);
        free(p);
    }
    cli_run(&r, "extract", "--docs", docs, "-o", out, NULL);
    expect_input_error(&r, bad->name, 0);
    gcn_proc_result_free(&r);
    expect_absent(out);
    tmpdir_remove(docs);
    free(docs);
    free(out);
}

#define NAMED(name, f, s)                                                                          \
    {                                                                                              \
        name, f, NULL, NULL, s                                                                     \
    }

/* Inputs that are not there: exit 1 and a message naming the path; nothing written. */
static void test_missing_inputs(void **state)
{
    char *nowhere = path_join2(cli_scratch(), "no-such-dir");
    char *empty = path_join2(cli_scratch(), "empty-dir");
    char *out = path_join2(cli_scratch(), "missing.json");
    char *missing = path_join2(nowhere, "facts.json");
    gcn_proc_result r;
    (void)state;
    assert_int_equal(mkdir(empty, 0755), 0);
    cli_run(&r, "extract", "--docs", nowhere, "-o", out, NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(r.err.data, "no-such-dir"));
    gcn_proc_result_free(&r);
    cli_run(&r, "extract", "--docs", empty, "-o", out, NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(r.err.data, "empty-dir"));
    gcn_proc_result_free(&r);
    cli_run(&r, "errata", "--facts", missing, "--errata", "none", "--out", empty, NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(r.err.data, "no-such-dir/facts.json"));
    gcn_proc_result_free(&r);
    cli_run(&r, "resolve", "--facts", missing, "-o", out, NULL);
    assert_int_equal(r.exit_code, 1);
    assert_non_null(strstr(r.err.data, "no-such-dir/facts.json"));
    gcn_proc_result_free(&r);
    expect_absent(out);
    expect_no_temp_files(empty);
    tmpdir_remove(empty);
    free(nowhere);
    free(empty);
    free(out);
    free(missing);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_unrecognized),
        cmocka_unit_test(test_truncation_sweep),
        cmocka_unit_test(test_cut_inside_fence),
        cmocka_unit_test(test_cut_inside_table),
        cmocka_unit_test(test_cut_after_heading),
        cmocka_unit_test(test_cut_after_scraped_heading),
        cmocka_unit_test(test_cut_inside_description_word),
        NAMED("test_cut_after_visa_heading(## Format)", test_cut_after_visa_heading, "## Format"),
        NAMED("test_cut_after_visa_heading(## Semantics)", test_cut_after_visa_heading,
              "## Semantics"),
        NAMED("test_cut_after_visa_heading(## Description)", test_cut_after_visa_heading,
              "## Description"),
        NAMED("test_cut_after_visa_heading(## Text)", test_cut_after_visa_heading, "## Text"),
        NAMED("test_cut_after_visa_heading(## Notes)", test_cut_after_visa_heading, "## Notes"),
        cmocka_unit_test(test_section_before_tables),
        cmocka_unit_test(test_field_table_after_instruction_set),
        cmocka_unit_test(test_visa_sections_swapped),
        cmocka_unit_test(test_nul_byte),
        NAMED("test_invalid_utf8(0xff)", test_invalid_utf8, "\xff"),
        NAMED("test_invalid_utf8(overlong 2-byte)", test_invalid_utf8, "\xC0\xAF"),
        NAMED("test_invalid_utf8(cut 3-byte)", test_invalid_utf8, "\xE2\x9C"),
        NAMED("test_invalid_utf8(lone continuation)", test_invalid_utf8, "\x9C"),
        NAMED("test_invalid_utf8(overlong 3-byte)", test_invalid_utf8, "\xE0\x80\xAF"),
        NAMED("test_invalid_utf8(surrogate)", test_invalid_utf8, "\xED\xA0\x80"),
        NAMED("test_invalid_utf8(above U+10FFFF)", test_invalid_utf8, "\xF4\x90\x80\x80"),
        cmocka_unit_test(test_junk_opcode_cell),
        cmocka_unit_test(test_junk_field_cell),
        cmocka_unit_test(test_junk_opcode_line),
        NAMED("test_junk_generation_qualifier(for GCN x.y)", test_junk_generation_qualifier,
              "Opcode: 0 (0x0) for GCN x.y"),
        NAMED("test_junk_generation_qualifier(for GCN 1.0/junk)", test_junk_generation_qualifier,
              "Opcode: 0 (0x0) for GCN 1.0/junk"),
        cmocka_unit_test(test_junk_syntax_line),
        cmocka_unit_test(test_one_bad_among_seeds),
        cmocka_unit_test(test_missing_inputs),
    };
    return cmocka_run_group_tests_name("cli_bad_docs", tests, setup, teardown);
}
