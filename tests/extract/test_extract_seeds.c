/* The extraction of the five seed documents, checked against readings computed here from the
 * documents' text (not by the extractor's code): headings, opcode-table rows, field bits, the
 * scraped page's rows that lost cells, Opcode lines; every fact quoting its line; determinism and
 * the facts.json round trip. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spec/extract/extract.h"
#include "test_support.h"
#include "util/hash.h"

typedef struct fixture {
    seed_set seeds;
    text_lines lines[8];
    gcn_facts facts;
} fixture;

static fixture fx;

static int setup(void **state)
{
    gcn_diag diag;
    size_t i;
    (void)state;
    seeds_load(&fx.seeds);
    assert_true(fx.seeds.n <= 8);
    for (i = 0; i < fx.seeds.n; i++)
        lines_split(&fx.lines[i], fx.seeds.v[i].text, fx.seeds.v[i].len);
    gcn_facts_init(&fx.facts);
    gcn_diag_clear(&diag);
    if (gcn_extract_dir(fx.seeds.dir, &fx.facts, &diag) != GCN_OK)
        fail_msg("extraction failed: %s:%u: %s", diag.file, diag.line, diag.msg);
    return 0;
}

static int teardown(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < fx.seeds.n; i++)
        lines_free(&fx.lines[i]);
    seeds_free(&fx.seeds);
    gcn_facts_free(&fx.facts);
    return 0;
}

static const text_lines *lines_of(const char *file)
{
    size_t i;
    for (i = 0; i < fx.seeds.n; i++)
        if (strcmp(fx.seeds.v[i].name, file) == 0)
            return &fx.lines[i];
    fail_msg("a fact names %s, which is no seed", file);
    return NULL;
}

static const text_lines *lines_kind(seed_kind k)
{
    const seed_doc *d = seeds_get(&fx.seeds, k);
    return &fx.lines[d - fx.seeds.v];
}

static const gcn_fact *fact_at(const char *file, unsigned line, gcn_fact_kind kind)
{
    size_t i;
    for (i = 0; i < fx.facts.n; i++) {
        const gcn_fact *x = &fx.facts.v[i];
        if (x->kind == kind && x->line == line && strcmp(x->file, file) == 0)
            return x;
    }
    return NULL;
}

static size_t count_kind(const char *file, gcn_fact_kind kind)
{
    size_t i, n = 0;
    for (i = 0; i < fx.facts.n; i++)
        if (fx.facts.v[i].kind == kind && strcmp(fx.facts.v[i].file, file) == 0)
            n++;
    return n;
}

static int is_clrx(seed_kind k)
{
    return k != SEED_VISA;
}

/* ---- documents ------------------------------------------------------------------------------ */

static void test_documents(void **state)
{
    size_t i, k;
    (void)state;
    assert_int_equal(fx.facts.ndocs, fx.seeds.n);
    for (i = 0; i < fx.seeds.n; i++) {
        const seed_doc *d = &fx.seeds.v[i];
        const gcn_doc_info *info = NULL;
        char hash[65];
        size_t nl = 0;
        for (k = 0; k < fx.facts.ndocs; k++)
            if (strcmp(fx.facts.docs[k].file, d->name) == 0)
                info = &fx.facts.docs[k];
        assert_non_null(info);
        for (k = 0; k < d->len; k++)
            nl += d->text[k] == '\n';
        /* a last line without a newline still counts */
        if (d->len && d->text[d->len - 1] != '\n')
            nl++;
        assert_int_equal(info->lines, nl);
        assert_true(gcn_sha256_hex(d->text, d->len, hash));
        assert_string_equal(info->sha256, hash);
    }
}

/* ---- headings ------------------------------------------------------------------------------- */

static void test_markdown_headings(void **state)
{
    static const seed_kind md[] = {SEED_DS_MARKDOWN, SEED_SOP1, SEED_SMEM};
    size_t m;
    (void)state;
    for (m = 0; m < 3; m++) {
        const seed_doc *d = seeds_get(&fx.seeds, md[m]);
        const text_lines *t = lines_kind(md[m]);
        size_t i, headings = 0;
        for (i = 1; i <= t->n; i++) {
            const char *l = lines_at(t, i);
            const gcn_fact *s;
            if (strncmp(l, "#### ", 5) != 0)
                continue;
            headings++;
            s = fact_at(d->name, (unsigned)i, GCN_FACT_SECTION);
            if (!s)
                fail_msg("%s:%zu: heading '%s' has no section fact", d->name, i, l);
            assert_string_equal(s->name, l + 5);
        }
        assert_true(headings > 10);
        if (count_kind(d->name, GCN_FACT_SECTION) != headings)
            fail_msg("%s: %zu '#### ' headings, %zu section facts", d->name, headings,
                     count_kind(d->name, GCN_FACT_SECTION));
    }
}

/* ---- opcode-table rows ---------------------------------------------------------------------- */

/* "N (0xH)" then a cell boundary, read with sscanf rather than the extractor's reader */
static int opcode_row_line(const char *l, long *dec, unsigned long *hex)
{
    int n = 0;
    char close = 0;
    if (sscanf(l, " %ld (0x%lx%c%n", dec, hex, &close, &n) != 3 || close != ')')
        return 0;
    while (l[n] == ' ')
        n++;
    return l[n] == '|';
}

static void test_opcode_rows(void **state)
{
    size_t s;
    (void)state;
    for (s = 0; s < fx.seeds.n; s++) {
        const seed_doc *d = &fx.seeds.v[s];
        const text_lines *t = &fx.lines[s];
        size_t i, rows = 0;
        if (!is_clrx(d->kind))
            continue;
        for (i = 1; i <= t->n; i++) {
            long dec;
            unsigned long hex;
            const gcn_fact *f;
            size_t k, here = 0;
            if (!opcode_row_line(lines_at(t, i), &dec, &hex))
                continue;
            rows++;
            for (k = 0; k < fx.facts.n; k++)
                if (fx.facts.v[k].kind == GCN_FACT_OPCODE_ROW && fx.facts.v[k].line == i &&
                    strcmp(fx.facts.v[k].file, d->name) == 0)
                    here++;
            if (here != 1)
                fail_msg("%s:%zu: %zu opcode-row facts for '%s'", d->name, i, here, lines_at(t, i));
            f = fact_at(d->name, (unsigned)i, GCN_FACT_OPCODE_ROW);
            assert_int_equal(f->lo, dec);
            assert_int_equal(f->hexval, (long)hex);
        }
        assert_true(rows > 20);
        /* and no opcode-row fact anywhere else */
        if (count_kind(d->name, GCN_FACT_OPCODE_ROW) != rows)
            fail_msg("%s: %zu table rows start with 'N (0xH)', %zu opcode-row facts", d->name, rows,
                     count_kind(d->name, GCN_FACT_OPCODE_ROW));
    }
}

/* Every table fact spans its header to its last row: the rows run from after the separator to
 * the first line without a '|'. */
static void test_tables_span_their_rows(void **state)
{
    size_t i, tables = 0;
    (void)state;
    for (i = 0; i < fx.facts.n; i++) {
        const gcn_fact *x = &fx.facts.v[i];
        const text_lines *t;
        size_t r;
        if (x->kind != GCN_FACT_OPCODE_TABLE && x->kind != GCN_FACT_TABLE)
            continue;
        t = lines_of(x->file);
        assert_non_null(strchr(lines_at(t, x->line), '|'));
        for (r = x->line + 2; r <= t->n && strchr(lines_at(t, r), '|'); r++)
            ;
        if (x->last_line != r - 1)
            fail_msg("%s: the table runs to line %zu, the fact says %u", x->id, r - 1,
                     x->last_line);
        tables++;
    }
    assert_true(tables >= 5);
}

/* ---- every fact quotes its lines ------------------------------------------------------------ */

static void test_fact_text_is_the_line(void **state)
{
    size_t i, bad = 0;
    (void)state;
    for (i = 0; i < fx.facts.n; i++) {
        const gcn_fact *x = &fx.facts.v[i];
        const text_lines *t = lines_of(x->file);
        const char *text = x->text ? x->text : "";
        assert_true(x->line >= 1 && x->line <= t->n);
        assert_true(x->last_line >= x->line && x->last_line <= t->n);
        if (x->last_line == x->line) {
            if (strcmp(text, lines_at(t, x->line)) != 0) {
                if (bad++ < 8)
                    print_error("%s: text '%s'\n    but line %u is '%s'\n", x->id, text, x->line,
                                lines_at(t, x->line));
            }
        } else {
            /* a span: its text is its first lines as written (a section or a table may quote
             * only its heading) */
            const char *p = text;
            unsigned l = x->line;
            int ok = 1;
            while (ok) {
                size_t n = strcspn(p, "\n");
                const char *want = lines_at(t, l);
                if (l > x->last_line || strlen(want) != n || strncmp(p, want, n) != 0)
                    ok = 0;
                if (!p[n])
                    break;
                p += n + 1;
                l++;
            }
            if (!ok && bad++ < 8)
                print_error("%s: text '%.60s...' is not lines %u-%u as written\n", x->id, text,
                            x->line, x->last_line);
        }
    }
    if (bad)
        fail_msg("%zu facts do not quote their document lines as written", bad);
}

/* ---- field tables --------------------------------------------------------------------------- */

static int cell_bits(const char *l, long *lo, long *hi)
{
    int n = 0;
    while (*l == ' ' || *l == '|')
        l++;
    if (sscanf(l, "%ld-%ld%n", lo, hi, &n) == 2)
        return 1;
    if (sscanf(l, "%ld%n", lo, &n) == 1) {
        *hi = *lo;
        return 1;
    }
    return 0;
}

static void test_field_bits(void **state)
{
    size_t s;
    (void)state;
    for (s = 0; s < fx.seeds.n; s++) {
        const seed_doc *d = &fx.seeds.v[s];
        const text_lines *t = &fx.lines[s];
        size_t i, rows = 0;
        if (!is_clrx(d->kind))
            continue;
        for (i = 1; i + 1 <= t->n; i++) {
            const char *h = lines_at(t, i);
            size_t r;
            while (*h == ' ' || *h == '|')
                h++;
            if (strncmp(h, "Bits", 4) != 0 || !strstr(h, "Name") || !strstr(h, "Description"))
                continue;
            /* the rows run from after the separator to the first line without a '|' */
            for (r = i + 2; r <= t->n && strchr(lines_at(t, r), '|'); r++) {
                long lo, hi;
                const gcn_fact *f = fact_at(d->name, (unsigned)r, GCN_FACT_FIELD);
                assert_true(cell_bits(lines_at(t, r), &lo, &hi));
                if (!f)
                    fail_msg("%s:%zu: field row without a field fact", d->name, r);
                if (f->lo != lo || f->hi != hi)
                    fail_msg("%s:%zu: the cell says %ld-%ld, the fact %ld-%ld", d->name, r, lo, hi,
                             f->lo, f->hi);
                rows++;
            }
        }
        assert_true(rows >= 4);
        assert_int_equal(count_kind(d->name, GCN_FACT_FIELD), rows);
    }
}

/* ---- the scraped page's rows that lost cells ------------------------------------------------ */

/* Cells of a table line: one leading and one trailing '|' delimit, every other '|' separates.
 * Written apart from the extractor: counts and copies with pointer arithmetic. */
static size_t split_cells(const char *line, char cells[][64], size_t max)
{
    const char *b = line, *e = line + strlen(line);
    size_t n = 0;
    while (b < e && isspace((unsigned char)*b))
        b++;
    while (e > b && isspace((unsigned char)e[-1]))
        e--;
    if (b < e && *b == '|')
        b++;
    if (e > b && e[-1] == '|')
        e--;
    for (;;) {
        const char *bar = b;
        const char *cb, *ce;
        while (bar < e && *bar != '|')
            bar++;
        cb = b;
        ce = bar;
        while (cb < ce && isspace((unsigned char)*cb))
            cb++;
        while (ce > cb && isspace((unsigned char)ce[-1]))
            ce--;
        if (n < max) {
            size_t len = (size_t)(ce - cb) < 63 ? (size_t)(ce - cb) : 63;
            memcpy(cells[n], cb, len);
            cells[n][len] = 0;
        }
        n++;
        if (bar >= e)
            break;
        b = bar + 1;
    }
    return n;
}

static unsigned long choose(unsigned n, unsigned k)
{
    unsigned long r = 1;
    unsigned i;
    if (k > n)
        return 0;
    for (i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static void test_scraped_ambiguous_rows(void **state)
{
    const seed_doc *d = seeds_get(&fx.seeds, SEED_DS_SCRAPED);
    const text_lines *t = lines_kind(SEED_DS_SCRAPED);
    static const char check[] = "\xE2\x9C\x93";
    size_t i, expected = 0, tables = 0;
    (void)state;
    for (i = 1; i + 1 <= t->n; i++) {
        char head[16][64], cells[16][64];
        size_t nh, r, c;
        int is_check_col[16] = {0};
        unsigned ncheck = 0;
        if (strncmp(lines_at(t, i), "Opcode", 6) != 0 || !strchr(lines_at(t, i), '|'))
            continue;
        tables++;
        nh = split_cells(lines_at(t, i), head, 16);
        for (c = 0; c < nh && c < 16; c++)
            if (strncmp(head[c], "GCN", 3) == 0) {
                is_check_col[c] = 1;
                ncheck++;
            }
        assert_true(ncheck >= 2);
        for (r = i + 2; r <= t->n && strchr(lines_at(t, r), '|'); r++) {
            size_t nc = split_cells(lines_at(t, r), cells, 16);
            int lost = nc < nh, names_in_checks = 0;
            unsigned checks = 0;
            const gcn_fact *a = fact_at(d->name, (unsigned)r, GCN_FACT_AMBIGUOUS_ROW);
            for (c = 1; c < nc && c < 16; c++) {
                if (strcmp(cells[c], check) == 0)
                    checks++;
                else if (c < nh && is_check_col[c] && cells[c][0])
                    names_in_checks = 1;
            }
            if (lost || names_in_checks) {
                expected++;
                if (!a)
                    fail_msg("%s:%zu: '%s' lost cells but has no ambiguous-row fact", d->name, r,
                             lines_at(t, r));
                /* its readings: every choice of `checks` generation columns */
                if (a->candidates.n != choose(ncheck, checks))
                    fail_msg("%s:%zu: %zu candidates, expected C(%u,%u)", d->name, r,
                             a->candidates.n, ncheck, checks);
            } else if (a) {
                fail_msg("%s:%zu: '%s' is whole but has an ambiguous-row fact", d->name, r,
                         lines_at(t, r));
            }
        }
        i = r - 1;
    }
    assert_int_equal(tables, 2);
    assert_true(expected > 0);
    assert_int_equal(count_kind(d->name, GCN_FACT_AMBIGUOUS_ROW), expected);
    /* and the markdown pages, whose empty cells were kept, have none */
    assert_int_equal(
        count_kind(seeds_get(&fx.seeds, SEED_DS_MARKDOWN)->name, GCN_FACT_AMBIGUOUS_ROW), 0);
}

/* ---- Opcode lines --------------------------------------------------------------------------- */

typedef struct part_want {
    long dec;
    long hex;
    char hextext[16];
    char gens[4][8];
    int ngens;
} part_want;

/* "Opcode: 52 (0x34) for GCN 1.0/1.1; 48 (0x30) for GCN 1.2/1.4", "Opcode 40 (0x28) only for
 * GCN 1.4", "Opcode: 8 (0x8)" */
static int read_opcode_line(const char *l, part_want *w, int max)
{
    const char *p = l + 6;
    int n = 0;
    if (*p == ':')
        p++;
    for (;;) {
        char *e;
        const char *g, *stop;
        part_want *x = &w[n];
        memset(x, 0, sizeof(*x));
        while (*p == ' ')
            p++;
        x->dec = strtol(p, &e, 10);
        if (e == p || n == max)
            return -1;
        p = e;
        while (*p == ' ')
            p++;
        if (strncmp(p, "(0x", 3) == 0) {
            const char *q = strchr(p, ')');
            if (!q || (size_t)(q - p - 1) >= sizeof(x->hextext))
                return -1;
            memcpy(x->hextext, p + 1, (size_t)(q - p - 1));
            x->hex = strtol(p + 3, NULL, 16);
            p = q + 1;
        } else {
            x->hex = -1;
        }
        stop = p + strcspn(p, ";,");
        g = strstr(p, "GCN");
        if (g && g < stop) {
            g += 3;
            while (*g == ' ')
                g++;
            while (isdigit((unsigned char)g[0]) && g[1] == '.' && isdigit((unsigned char)g[2]) &&
                   x->ngens < 4) {
                snprintf(x->gens[x->ngens++], sizeof(x->gens[0]), "gcn%c.%c", g[0], g[2]);
                g += 3;
                if (*g == '/')
                    g++;
            }
        }
        n++;
        if (!*stop)
            return n;
        p = stop + 1;
    }
}

static void test_opcode_lines_parse_back(void **state)
{
    size_t i, checked = 0, qualified = 0, multi = 0;
    (void)state;
    for (i = 0; i < fx.facts.n; i++) {
        const gcn_fact *x = &fx.facts.v[i];
        part_want w[4];
        int n, p, g;
        if (x->kind != GCN_FACT_OPCODE_LINE)
            continue;
        n = read_opcode_line(x->text, w, 4);
        if (n < 1)
            fail_msg("%s: cannot read '%s' here", x->id, x->text);
        if ((size_t)n != x->nparts)
            fail_msg("%s: '%s' has %d parts, the fact %zu", x->id, x->text, n, x->nparts);
        for (p = 0; p < n; p++) {
            const gcn_opcode_part *q = &x->parts[p];
            if (q->dec != w[p].dec || q->hexval != w[p].hex)
                fail_msg("%s part %d: read %ld (%ld), the fact says %ld (%ld)", x->id, p, w[p].dec,
                         w[p].hex, q->dec, q->hexval);
            if (w[p].hex >= 0)
                assert_string_equal(q->hex, w[p].hextext);
            else
                assert_null(q->hex);
            if ((size_t)w[p].ngens != q->gens.n)
                fail_msg("%s part %d: '%s' names %d generations, the fact %zu", x->id, p, x->text,
                         w[p].ngens, q->gens.n);
            for (g = 0; g < w[p].ngens; g++)
                assert_string_equal(q->gens.v[g], w[p].gens[g]);
            qualified += w[p].ngens > 0;
        }
        multi += n > 1;
        checked++;
    }
    /* the sample covers the shapes: plain, qualified, and two parts */
    assert_true(checked > 200);
    assert_true(qualified > 50);
    assert_true(multi > 20);
}

/* ---- determinism and the round trip --------------------------------------------------------- */

static void test_deterministic(void **state)
{
    gcn_facts again;
    gcn_diag diag;
    char *a, *b;
    (void)state;
    gcn_facts_init(&again);
    assert_int_equal(gcn_extract_dir(fx.seeds.dir, &again, &diag), GCN_OK);
    a = gcn_facts_to_json(&fx.facts);
    b = gcn_facts_to_json(&again);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(strlen(a) > 100000);
    assert_string_equal(a, b);
    free(a);
    free(b);
    gcn_facts_free(&again);
}

static void test_round_trip(void **state)
{
    char *dir = tmpdir_make(), *path = path_join2(dir, "facts.json"), *written, *again;
    gcn_facts loaded;
    gcn_diag diag;
    size_t len = 0, i;
    (void)state;
    assert_int_equal(gcn_facts_write(&fx.facts, path, &diag), GCN_OK);
    written = file_read(path, &len);
    assert_non_null(written);
    if (gcn_facts_load(&loaded, path, &diag) != GCN_OK)
        fail_msg("reloading: %s:%u:%u: %s", diag.file, diag.line, diag.col, diag.msg);
    assert_int_equal(loaded.n, fx.facts.n);
    assert_int_equal(loaded.ndocs, fx.facts.ndocs);
    /* the structs survive, not only the text */
    for (i = 0; i < loaded.n; i++) {
        const gcn_fact *a = &fx.facts.v[i], *b = &loaded.v[i];
        assert_string_equal(a->id, b->id);
        assert_int_equal(a->kind, b->kind);
        assert_int_equal(a->line, b->line);
        assert_int_equal(a->last_line, b->last_line);
        assert_int_equal(a->nparts, b->nparts);
        assert_int_equal(a->nclaims, b->nclaims);
        assert_int_equal(a->noperands, b->noperands);
        if (a->kind == GCN_FACT_FIELD || a->kind == GCN_FACT_OPCODE_ROW) {
            assert_int_equal(a->lo, b->lo);
            assert_int_equal(a->hexval, b->hexval);
        }
        if (a->kind == GCN_FACT_FIELD)
            assert_int_equal(a->hi, b->hi);
    }
    again = gcn_facts_to_json(&loaded);
    assert_non_null(again);
    assert_int_equal(strlen(again), len);
    assert_string_equal(again, written);
    free(again);
    free(written);
    gcn_facts_free(&loaded);
    tmpdir_remove(dir);
    free(path);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_documents),
        cmocka_unit_test(test_markdown_headings),
        cmocka_unit_test(test_opcode_rows),
        cmocka_unit_test(test_tables_span_their_rows),
        cmocka_unit_test(test_fact_text_is_the_line),
        cmocka_unit_test(test_field_bits),
        cmocka_unit_test(test_scraped_ambiguous_rows),
        cmocka_unit_test(test_opcode_lines_parse_back),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests_name("extract_seeds", tests, setup, teardown);
}
