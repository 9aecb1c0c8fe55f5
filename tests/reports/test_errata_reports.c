/* The errata reports gcnspec writes for the seeds, with the committed errata and with none:
 * errata.sarif is SARIF 2.1.0 in shape and every location quotes its seed line; errata.json's
 * counts are the counts of its findings; errata.md's counts table says the same as
 * errata.json. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../extract/test_support.h"
#include "spec/triage/findings.h"
#include "util/json.h"

typedef struct report {
    char *dir;
    gcn_json_doc json, sarif;
    char *md;
} report;

static seed_set seeds;
static text_lines seed_lines[8];
/* The CLRX pages that joined the seeds (spec/curated/pages.json), read when a finding names
 * one: documents/clrx in the source tree. */
#define MAX_PAGES 32
static struct page {
    char *name;
    text_lines lines;
} pages[MAX_PAGES];
static size_t npages;

static char *tmp;
static report with_errata, without_errata, reclassified;

static const cJSON *get(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    if (!v)
        fail_msg("missing key \"%s\"", k);
    return v;
}

static const char *get_str(const cJSON *o, const char *k)
{
    const cJSON *v = get(o, k);
    if (!cJSON_IsString(v))
        fail_msg("\"%s\" is not a string", k);
    return v->valuestring;
}

static long get_int(const cJSON *o, const char *k)
{
    const cJSON *v = get(o, k);
    if (!cJSON_IsNumber(v) || v->valuedouble != (double)(long)v->valuedouble)
        fail_msg("\"%s\" is not an integer", k);
    return (long)v->valuedouble;
}

static void load_json(gcn_json_doc *doc, const char *path)
{
    gcn_diag d;
    if (gcn_json_load(doc, path, &d) != GCN_OK)
        fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
}

static void make_report(report *r, const char *name, const char *errata)
{
    char *docs = test_docs_dir();
    char *argv[] = {"gcnspec",      "errata", "--docs", docs, "--errata",
                    (char *)errata, "--out",  NULL,     NULL};
    char *p;
    gcn_proc_result pr;
    r->dir = path_join2(tmp, name);
    argv[7] = r->dir;
    gcnspec_run(argv, &pr);
    if (pr.exit_code != 0 || proc_crashed(&pr))
        fail_msg("gcnspec errata exited %d: %s", pr.exit_code, pr.err.data ? pr.err.data : "");
    gcn_proc_result_free(&pr);
    p = path_join2(r->dir, "errata.json");
    load_json(&r->json, p);
    free(p);
    p = path_join2(r->dir, "errata.sarif");
    load_json(&r->sarif, p);
    free(p);
    p = path_join2(r->dir, "errata.md");
    r->md = file_read(p, NULL);
    assert_non_null(r->md);
    free(p);
    free(docs);
}

static void free_report(report *r)
{
    gcn_json_free(&r->json);
    gcn_json_free(&r->sarif);
    free(r->md);
    free(r->dir);
}

static int setup(void **state)
{
    char *errata = path_join2(test_source_dir(), "spec/errata.json");
    size_t i;
    (void)state;
    seeds_load(&seeds);
    assert_true(seeds.n <= 8);
    for (i = 0; i < seeds.n; i++)
        lines_split(&seed_lines[i], seeds.v[i].text, seeds.v[i].len);
    tmp = tmpdir_make();
    make_report(&with_errata, "with", errata);
    make_report(&without_errata, "none", "none");
    {
        /* the committed errata with three of them reclassified, so that the SARIF levels of
         * every classification are seen: the peer's bug, what the peer lacks, not an erratum */
        static const char *const as[] = {"not-an-erratum", "llvm-bug", "llvm-lacks"};
        gcn_json_doc doc;
        const cJSON *x;
        char *text, *path = path_join2(tmp, "reclassified.json");
        int k = 0;
        load_json(&doc, errata);
        cJSON_ArrayForEach(x, get(doc.root, "errata"))
        {
            if (k < 3 && strcmp(get_str(x, "classification"), "doc-erratum") == 0) {
                cJSON_ReplaceItemInObjectCaseSensitive((cJSON *)x, "classification",
                                                       cJSON_CreateString(as[k]));
                k++;
            }
        }
        assert_int_equal(k, 3);
        text = cJSON_Print(doc.root);
        assert_non_null(text);
        file_write(path, text, strlen(text));
        make_report(&reclassified, "reclassified", path);
        cJSON_free(text);
        gcn_json_free(&doc);
        free(path);
    }
    free(errata);
    return 0;
}

static int teardown(void **state)
{
    size_t i;
    (void)state;
    free_report(&with_errata);
    free_report(&without_errata);
    free_report(&reclassified);
    tmpdir_remove(tmp);
    free(tmp);
    for (i = 0; i < seeds.n; i++)
        lines_free(&seed_lines[i]);
    seeds_free(&seeds);
    for (i = 0; i < npages; i++) {
        lines_free(&pages[i].lines);
        free(pages[i].name);
    }
    npages = 0;
    return 0;
}

static const text_lines *seed_named(const char *name)
{
    size_t i, len = 0;
    char *dir, *path, *text;
    for (i = 0; i < seeds.n; i++)
        if (strcmp(seeds.v[i].name, name) == 0)
            return &seed_lines[i];
    for (i = 0; i < npages; i++)
        if (strcmp(pages[i].name, name) == 0)
            return &pages[i].lines;
    if (strchr(name, '/') || npages == MAX_PAGES)
        return NULL;
    dir = path_join2(test_source_dir(), "documents/clrx");
    path = path_join2(dir, name);
    text = file_read(path, &len);
    free(dir);
    free(path);
    if (!text)
        return NULL;
    pages[npages].name = strdup(name);
    lines_split(&pages[npages].lines, text, len);
    free(text);
    return &pages[npages++].lines;
}

/* text is lines first..last of the seed as written (it may stop early: a span may quote only
 * its heading). Returns 0, after saying why, when it is not; a file or a line that does not
 * exist fails at once. */
static int quotes(const char *file, long first, long last, const char *text)
{
    const text_lines *t = seed_named(file);
    const char *p = text;
    long l = first;
    if (!t)
        fail_msg("'%s' names no seed file", file);
    if (first < 1 || (size_t)first > t->n || last < first || (size_t)last > t->n)
        fail_msg("%s: lines %ld-%ld lie outside its %zu lines", file, first, last, t->n);
    for (;;) {
        size_t n = strcspn(p, "\n");
        const char *want = lines_at(t, (size_t)l);
        if (l > last || strlen(want) != n || strncmp(p, want, n) != 0) {
            print_error("%s:%ld: quoted as '%.*s'\n    but the line is '%s'\n", file, l, (int)n, p,
                        want);
            return 0;
        }
        if (!p[n])
            break;
        p += n + 1;
        l++;
    }
    return 1;
}

/* ---- SARIF ---------------------------------------------------------------------------------- */

static const cJSON *finding_by_key(const cJSON *findings, const char *key)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, findings)
    {
        if (strcmp(get_str(f, "key"), key) == 0)
            return f;
    }
    return NULL;
}

/* The level errata.sarif gives a finding (reports/errata_report.c, sarif_level), worked out
 * from errata.json: a doc-erratum that corrects the spec is an error and one that decides
 * nothing a warning, a doc-omission a warning, a doc-ambiguity or a peer's defect a note,
 * not-an-erratum none; an unresolved finding is an error when blocking, else a warning. */
static const char *expected_level(const cJSON *f)
{
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(f, "resolution"), *d;
    const char *cls;
    if (!res || cJSON_IsNull(res))
        return cJSON_IsTrue(get(f, "blocking")) ? "error" : "warning";
    cls = get_str(res, "classification");
    if (strcmp(cls, "doc-erratum") == 0) {
        cJSON_ArrayForEach(d, get(res, "decisions"))
        {
            if (strcmp(d->valuestring, "none") != 0 && strcmp(d->valuestring, "peer-lacks") != 0)
                return "error";
        }
        return "warning";
    }
    if (strcmp(cls, "doc-omission") == 0)
        return "warning";
    if (strcmp(cls, "not-an-erratum") == 0)
        return "none";
    if (strcmp(cls, "doc-ambiguity") == 0 || strcmp(cls, "llvm-bug") == 0 ||
        strcmp(cls, "llvm-lacks") == 0)
        return "note";
    fail_msg("unknown classification '%s'", cls);
    return NULL;
}

/* quoting: check that every location's snippet is its seed lines (test_*_quote_*). */
/* A PascalCase identifier, as SARIF's validator wants a rule's name. */
static int pascal_case(const char *s)
{
    if (!(*s >= 'A' && *s <= 'Z'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* The seed a location names, resolved through its base id as a consumer would: SRCROOT (no uri:
 * the consumer's checkout of the source tree, where the tests run) or an absolute file: URI. */
static const char *location_seed(const cJSON *bases, const cJSON *art)
{
    const char *uri = get_str(art, "uri"), *base = get_str(art, "uriBaseId"), *root;
    const cJSON *b = get(bases, base);
    char *path;
    assert_null(cJSON_GetObjectItemCaseSensitive(b, "uriBaseId"));
    if (cJSON_GetObjectItemCaseSensitive(b, "uri")) {
        root = get_str(b, "uri");
        if (strncmp(root, "file:///", 8) != 0 || root[strlen(root) - 1] != '/')
            fail_msg("base %s: '%s' is no absolute file: URI of a directory", base, root);
        path = malloc(strlen(root) + strlen(uri) + 1);
        assert_non_null(path);
        sprintf(path, "%s%s", root + 7, uri);
    } else {
        assert_string_equal(base, "SRCROOT");
        path = path_join2(test_source_dir(), uri);
    }
    if (access(path, R_OK) != 0)
        fail_msg("'%s' (base %s) resolves to %s, which is no file", uri, base, path);
    free(path);
    return strrchr(uri, '/') ? strrchr(uri, '/') + 1 : uri;
}

static void check_sarif(const report *r, int resolved_run, int quoting)
{
    const cJSON *root = r->sarif.root, *runs, *run, *driver, *rules, *rule, *res, *bases;
    const cJSON *findings = get(r->json.root, "findings");
    size_t nrules = 0, nresults = 0, misquoted = 0;
    assert_true(cJSON_IsObject(root));
    assert_string_equal(get_str(root, "version"), "2.1.0");
    assert_non_null(strstr(get_str(root, "$schema"), "sarif"));
    runs = get(root, "runs");
    assert_true(cJSON_IsArray(runs));
    assert_int_equal(cJSON_GetArraySize(runs), 1);
    run = runs->child;
    driver = get(get(run, "tool"), "driver");
    assert_string_equal(get_str(driver, "name"), "gcnspec");
    assert_true(strlen(get_str(driver, "version")) > 0);
    assert_string_equal(get_str(driver, "semanticVersion"), get_str(driver, "version"));
    assert_non_null(strstr(get_str(driver, "informationUri"), "://"));
    rules = get(driver, "rules");
    assert_true(cJSON_IsArray(rules));
    cJSON_ArrayForEach(rule, rules)
    {
        const cJSON *other;
        gcn_finding_cat c;
        size_t k = 0;
        assert_true(gcn_finding_cat_from_id(get_str(rule, "id"), &c));
        assert_true(strlen(get_str(get(rule, "shortDescription"), "text")) > 0);
        /* what code scanning shows: a friendly name, a full description and help */
        if (!pascal_case(get_str(rule, "name")))
            fail_msg("rule %s: name '%s' is no PascalCase identifier", get_str(rule, "id"),
                     get_str(rule, "name"));
        assert_string_equal(get_str(get(rule, "fullDescription"), "text"),
                            gcn_finding_cat_description(c));
        assert_non_null(strstr(get_str(get(rule, "help"), "text"), gcn_finding_cat_description(c)));
        assert_non_null(
            strstr(get_str(get(rule, "help"), "markdown"), gcn_finding_cat_description(c)));
        cJSON_ArrayForEach(other, rules)
        {
            if (strcmp(get_str(other, "id"), get_str(rule, "id")) == 0)
                k++;
        }
        assert_int_equal(k, 1);
        /* a rule's default level is that of a finding of its category no erratum settles */
        assert_string_equal(get_str(get(rule, "defaultConfiguration"), "level"),
                            gcn_finding_cat_blocking(c) ? "error" : "warning");
        nrules++;
    }
    assert_int_equal(nrules, GCN_FC_COUNT);
    bases = get(run, "originalUriBaseIds");
    cJSON_ArrayForEach(res, get(run, "results"))
    {
        const char *id = get_str(res, "ruleId"), *level = get_str(res, "level");
        const cJSON *loc, *idx = cJSON_GetObjectItemCaseSensitive(res, "ruleIndex");
        const cJSON *named = NULL;
        gcn_finding_cat c;
        size_t nloc = 0;
        cJSON_ArrayForEach(rule, rules)
        {
            if (strcmp(get_str(rule, "id"), id) == 0)
                named = rule;
        }
        if (!named)
            fail_msg("result with ruleId '%s', which is no rule", id);
        if (idx)
            assert_ptr_equal(cJSON_GetArrayItem(rules, (int)idx->valuedouble), named);
        assert_true(strlen(get_str(get(res, "message"), "text")) > 0);
        assert_true(gcn_finding_cat_from_id(id, &c));
        if (resolved_run) {
            /* the level follows the settling erratum's classification (expected_level) */
            const cJSON *f = finding_by_key(
                findings, get_str(get(res, "partialFingerprints"), "gcnspecFindingKey/v1"));
            const cJSON *kind = cJSON_GetObjectItemCaseSensitive(res, "kind");
            assert_non_null(f);
            assert_string_equal(level, expected_level(f));
            /* SARIF: a level of "none" goes with a kind other than "fail" */
            if (strcmp(level, "none") == 0)
                assert_string_equal(cJSON_GetStringValue(kind), "pass");
            else
                assert_null(kind);
        } else {
            /* nothing resolved: blocking findings are errors, the rest warnings */
            assert_string_equal(level, gcn_finding_cat_blocking(c) ? "error" : "warning");
            assert_null(cJSON_GetObjectItemCaseSensitive(res, "suppressions"));
        }
        cJSON_ArrayForEach(loc, get(res, "locations"))
        {
            const cJSON *phys = get(loc, "physicalLocation"), *art = get(phys, "artifactLocation");
            const cJSON *reg = get(phys, "region"), *end;
            long first = get_int(reg, "startLine"), last = first;
            const char *seed = location_seed(bases, art);
            end = cJSON_GetObjectItemCaseSensitive(reg, "endLine");
            if (end)
                last = get_int(reg, "endLine");
            if (quoting)
                misquoted += !quotes(seed, first, last, get_str(get(reg, "snippet"), "text"));
            else
                assert_non_null(seed_named(seed));
            nloc++;
        }
        assert_true(nloc > 0);
        nresults++;
    }
    /* one result per finding */
    assert_int_equal(nresults, cJSON_GetArraySize(findings));
    if (misquoted)
        fail_msg("%zu SARIF snippets are not their seed lines as written", misquoted);
}

static void test_sarif_with_errata(void **state)
{
    (void)state;
    check_sarif(&with_errata, 1, 0);
}

static void test_sarif_without_errata(void **state)
{
    (void)state;
    check_sarif(&without_errata, 0, 0);
}

/* Every classification's level occurs, each as expected_level says (check_sarif). */
static void test_sarif_levels(void **state)
{
    static const char *const levels[] = {"error", "warning", "note", "none"};
    static const char *const classes[] = {"doc-erratum", "doc-ambiguity", "doc-omission",
                                          "llvm-bug",    "llvm-lacks",    "not-an-erratum"};
    size_t seen_level[4] = {0}, seen_class[6] = {0}, i;
    const cJSON *res;
    (void)state;
    check_sarif(&reclassified, 1, 0);
    cJSON_ArrayForEach(res, get(get(reclassified.sarif.root, "runs")->child, "results"))
    {
        const char *level = get_str(res, "level");
        const cJSON *props = get(res, "properties");
        const char *cls =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(props, "classification"));
        for (i = 0; i < 4; i++)
            seen_level[i] += strcmp(level, levels[i]) == 0;
        for (i = 0; cls && i < 6; i++)
            seen_class[i] += strcmp(cls, classes[i]) == 0;
    }
    for (i = 0; i < 4; i++)
        if (!seen_level[i])
            fail_msg("no result has level '%s'", levels[i]);
    for (i = 0; i < 6; i++)
        if (!seen_class[i])
            fail_msg("no result is classified '%s'", classes[i]);
    /* the committed errata: prose slips are warnings, corrections errors, readings notes */
    for (i = 0; i < 4; i++)
        seen_level[i] = 0;
    cJSON_ArrayForEach(res, get(get(with_errata.sarif.root, "runs")->child, "results"))
    {
        for (i = 0; i < 4; i++)
            seen_level[i] += strcmp(get_str(res, "level"), levels[i]) == 0;
    }
    assert_true(seen_level[0] > 0 && seen_level[1] > 0 && seen_level[2] > 0);
    assert_int_equal(seen_level[3], 0);
}

static void test_sarif_snippets_quote_seed_lines(void **state)
{
    (void)state;
    check_sarif(&with_errata, 1, 1);
}

/* ---- errata.json ---------------------------------------------------------------------------- */

static void check_json(const report *r, int resolved_run, int quoting)
{
    const cJSON *root = r->json.root, *counts = get(root, "counts"), *findings, *f, *c;
    long found[GCN_FC_COUNT] = {0}, resolved[GCN_FC_COUNT] = {0};
    long tfound = 0, tres = 0, tunres = 0;
    size_t misquoted = 0;
    findings = get(root, "findings");
    assert_true(cJSON_IsArray(findings));
    assert_true(cJSON_GetArraySize(findings) > 20);
    cJSON_ArrayForEach(f, findings)
    {
        gcn_finding_cat cat;
        const cJSON *loc, *res = get(f, "resolution");
        size_t nloc = 0;
        if (!gcn_finding_cat_from_id(get_str(f, "category"), &cat))
            fail_msg("unknown category '%s'", get_str(f, "category"));
        found[cat]++;
        if (!cJSON_IsNull(res))
            resolved[cat]++;
        assert_int_equal(cJSON_IsTrue(get(f, "blocking")), gcn_finding_cat_blocking(cat));
        assert_true(strncmp(get_str(f, "key"), get_str(f, "category"),
                            strlen(get_str(f, "category"))) == 0);
        cJSON_ArrayForEach(loc, get(f, "locations"))
        {
            if (quoting)
                misquoted += !quotes(get_str(loc, "file"), get_int(loc, "line"),
                                     get_int(loc, "end_line"), get_str(loc, "text"));
            else
                assert_non_null(seed_named(get_str(loc, "file")));
            nloc++;
        }
        assert_true(nloc > 0);
    }
    cJSON_ArrayForEach(c, counts)
    {
        gcn_finding_cat cat;
        long fo = get_int(c, "found"), re = get_int(c, "resolved"), un = get_int(c, "unresolved");
        if (strcmp(c->string, "total") == 0) {
            continue;
        }
        if (!gcn_finding_cat_from_id(c->string, &cat))
            fail_msg("counts name unknown category '%s'", c->string);
        if (fo != found[cat] || re != resolved[cat])
            fail_msg("%s: counts say %ld found / %ld resolved, the findings %ld / %ld", c->string,
                     fo, re, found[cat], resolved[cat]);
        assert_int_equal(re + un, fo);
        assert_true(get_int(c, "confirmed_by_peer") <= re);
        if (!resolved_run)
            assert_int_equal(re, 0);
        tfound += fo;
        tres += re;
        tunres += un;
    }
    /* every category with findings has a counts entry */
    {
        int k;
        for (k = 0; k < GCN_FC_COUNT; k++)
            if (found[k] &&
                !cJSON_GetObjectItemCaseSensitive(counts, gcn_finding_cat_id((gcn_finding_cat)k)))
                fail_msg("no counts for %s", gcn_finding_cat_id((gcn_finding_cat)k));
    }
    c = get(counts, "total");
    assert_int_equal(get_int(c, "found"), cJSON_GetArraySize(findings));
    assert_int_equal(get_int(c, "found"), tfound);
    assert_int_equal(get_int(c, "resolved"), tres);
    assert_int_equal(get_int(c, "unresolved"), tunres);
    assert_int_equal(get_int(c, "resolved") + get_int(c, "unresolved"), get_int(c, "found"));
    if (resolved_run)
        assert_true(tres > 0);
    if (misquoted)
        fail_msg("%zu errata.json locations are not their seed lines as written", misquoted);
}

static void test_json_counts_with_errata(void **state)
{
    (void)state;
    check_json(&with_errata, 1, 0);
}

static void test_json_counts_without_errata(void **state)
{
    (void)state;
    check_json(&without_errata, 0, 0);
}

static void test_json_locations_quote_seed_lines(void **state)
{
    (void)state;
    check_json(&with_errata, 1, 1);
}

/* ---- errata.md ------------------------------------------------------------------------------ */

static int md_numbers(const char *cells, long v[5])
{
    /* "| 7 | 7 | 7 | 0 | 0 |" or "| **95** | ... |" */
    int k;
    const char *p = cells;
    for (k = 0; k < 5; k++) {
        char *e;
        while (*p == ' ' || *p == '|' || *p == '*')
            p++;
        v[k] = strtol(p, &e, 10);
        if (e == p)
            return 0;
        p = e;
    }
    return 1;
}

static void check_md(const report *r)
{
    const cJSON *counts = get(r->json.root, "counts"), *f;
    const char *p = strstr(r->md, "\n## Counts\n");
    size_t rows = 0, headings = 0;
    int total_seen = 0;
    assert_non_null(p);
    p = strstr(p, "\n|---");
    assert_non_null(p);
    p = strchr(p + 1, '\n') + 1;
    while (*p == '|') {
        const char *eol = strchr(p, '\n');
        char line[512];
        long v[5];
        const cJSON *c;
        const char *tick, *tick2;
        snprintf(line, sizeof(line), "%.*s", (int)(eol - p), p);
        if (strncmp(line, "| **total** ", 12) == 0) {
            c = get(counts, "total");
            assert_true(md_numbers(line + 12, v));
            total_seen = 1;
        } else {
            char id[64];
            tick = strstr(line, "(`");
            assert_non_null(tick);
            tick2 = strstr(tick, "`)");
            assert_non_null(tick2);
            snprintf(id, sizeof(id), "%.*s", (int)(tick2 - tick - 2), tick + 2);
            c = cJSON_GetObjectItemCaseSensitive(counts, id);
            if (!c)
                fail_msg("errata.md counts %s, errata.json does not", id);
            assert_true(md_numbers(tick2 + 2, v));
            rows++;
        }
        if (v[0] != get_int(c, "found") || v[1] != get_int(c, "resolved") ||
            v[2] != get_int(c, "confirmed_by_peer") || v[3] != get_int(c, "unresolved") ||
            v[4] != get_int(c, "curated"))
            fail_msg("errata.md row '%s' disagrees with errata.json", line);
        p = eol + 1;
    }
    assert_true(total_seen);
    /* one table row per counts entry (besides the total) */
    assert_int_equal(rows + 1, (size_t)cJSON_GetArraySize(counts));
    /* and a heading for every finding */
    cJSON_ArrayForEach(f, get(r->json.root, "findings"))
    {
        char h[512];
        snprintf(h, sizeof(h), "\n### %s\n", get_str(f, "key"));
        if (!strstr(r->md, h))
            fail_msg("errata.md has no heading for %s", get_str(f, "key"));
        headings++;
    }
    assert_true(headings > 0);
}

static void test_md_with_errata(void **state)
{
    (void)state;
    check_md(&with_errata);
}

static void test_md_without_errata(void **state)
{
    (void)state;
    check_md(&without_errata);
    assert_non_null(strstr(without_errata.md, "**Unresolved**"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sarif_with_errata),
        cmocka_unit_test(test_sarif_without_errata),
        cmocka_unit_test(test_sarif_levels),
        cmocka_unit_test(test_sarif_snippets_quote_seed_lines),
        cmocka_unit_test(test_json_counts_with_errata),
        cmocka_unit_test(test_json_counts_without_errata),
        cmocka_unit_test(test_json_locations_quote_seed_lines),
        cmocka_unit_test(test_md_with_errata),
        cmocka_unit_test(test_md_without_errata),
    };
    return cmocka_run_group_tests_name("errata_reports", tests, setup, teardown);
}
