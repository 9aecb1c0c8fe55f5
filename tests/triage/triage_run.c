#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "triage_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../extract/test_support.h"
#include "spec/extract/extract.h"
#include "spec/triage/pseudo_env.h"
#include "spec/triage/wordlist.h"
#include "util/file.h"

void triage_run(const triage_doc *docs, size_t n, triage_result *r)
{
    gcn_diag diag;
    size_t i;
    gcn_facts_init(&r->facts);
    memset(&r->findings, 0, sizeof(r->findings));
    gcn_diag_clear(&diag);
    for (i = 0; i < n; i++)
        if (gcn_extract_text(docs[i].name, docs[i].text, strlen(docs[i].text), &r->facts, &diag) !=
            GCN_OK)
            fail_msg("%s:%u:%u: %s", diag.file, diag.line, diag.col, diag.msg);
    if (gcn_facts_finish(&r->facts, &diag) != GCN_OK)
        fail_msg("%s:%u: %s", diag.file, diag.line, diag.msg);
    {
        /* the curated pseudocode environment, as gcnspec errata loads it */
        char *path = path_join2(test_source_dir(), "spec/curated/pseudocode.json");
        gcn_pseudo_env env;
        int have = file_exists(path);
        if (have && gcn_pseudo_env_load(&env, path, &diag) != GCN_OK)
            fail_msg("%s:%u: %s", diag.file, diag.line, diag.msg);
        /* and the word list gcnspec errata spell-checks against, read once per test program
         * (it is large, and no run changes it) */
        static gcn_wordlist words;
        if (!words.n && gcn_wordlist_load(&words, GCN_WORDLIST_DEFAULT, &diag) != GCN_OK)
            fail_msg("%s: %s (the spelling check's word list: install Debian's %s)", diag.file,
                     diag.msg, GCN_WORDLIST_PACKAGE);
        if (gcn_find_errata_words(&r->facts, have ? &env : NULL, &words, &r->findings, &diag) !=
            GCN_OK)
            fail_msg("detectors failed: %s", diag.msg);
        if (have)
            gcn_pseudo_env_free(&env);
        free(path);
    }
}

void triage_free(triage_result *r)
{
    gcn_findings_free(&r->findings);
    gcn_facts_free(&r->facts);
}

void triage_print(const triage_result *r)
{
    size_t i, k;
    for (i = 0; i < r->findings.n; i++) {
        const gcn_finding *f = &r->findings.v[i];
        print_message("  finding %s: %s\n", f->key, f->message);
        for (k = 0; k < f->facts.n; k++)
            print_message("    %s\n", f->facts.v[k]);
    }
}

char *doc_edit(const char *s, const char *from, const char *to)
{
    const char *at = strstr(s, from);
    size_t a, b, c;
    char *out;
    if (!at)
        fail_msg("the document has no '%s' to edit", from);
    a = (size_t)(at - s);
    b = strlen(to);
    c = strlen(at + strlen(from));
    out = malloc(a + b + c + 1);
    assert_non_null(out);
    memcpy(out, s, a);
    memcpy(out + a, to, b);
    memcpy(out + a + b, at + strlen(from), c + 1);
    return out;
}

unsigned doc_line_of(const char *text, const char *needle, unsigned nth)
{
    const char *p = text, *at = NULL;
    unsigned line = 1, k;
    for (k = 0; k < nth; k++) {
        at = strstr(p, needle);
        if (!at)
            fail_msg("'%s' does not occur %u times", needle, nth);
        p = at + 1;
    }
    for (p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

size_t findings_in(const triage_result *r, gcn_finding_cat c)
{
    size_t i, n = 0;
    for (i = 0; i < r->findings.n; i++)
        n += r->findings.v[i].cat == c;
    return n;
}

const gcn_finding *only_finding(const triage_result *r, gcn_finding_cat c)
{
    if (r->findings.n != 1 || r->findings.v[0].cat != c) {
        print_message("expected exactly one %s finding, got %zu findings:\n", gcn_finding_cat_id(c),
                      r->findings.n);
        triage_print(r);
        fail();
    }
    return &r->findings.v[0];
}

int cites(const gcn_finding *f, const char *file, unsigned line)
{
    char prefix[256];
    size_t i, n;
    n = (size_t)snprintf(prefix, sizeof(prefix), "%s:%u:", file, line);
    for (i = 0; i < f->facts.n; i++)
        if (strncmp(f->facts.v[i], prefix, n) == 0)
            return 1;
    return 0;
}
