#define _XOPEN_SOURCE 700 /* realpath */

#include "errata_report.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"

static int erratum_matched(const gcn_findings *f, const gcn_errata *e, const gcn_erratum *x)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (gcn_errata_settling(e, &f->v[i]) == x)
            return 1;
    return 0;
}

void gcn_errata_count(const gcn_findings *f, const gcn_errata *e, gcn_errata_counts *out)
{
    size_t i;
    memset(out, 0, sizeof(*out));
    for (i = 0; i < f->n; i++) {
        const gcn_erratum *x = e ? gcn_errata_settling(e, &f->v[i]) : NULL;
        out->found[f->v[i].cat]++;
        out->total++;
        if (x) {
            out->resolved[f->v[i].cat]++;
            out->total_resolved++;
            if (x->npeers) {
                out->confirmed[f->v[i].cat]++;
                out->total_confirmed++;
            }
        }
    }
    for (i = 0; e && i < e->n; i++)
        if (!erratum_matched(f, e, &e->v[i])) {
            out->curated[e->v[i].category]++;
            out->total_curated++;
            if (e->v[i].npeers)
                out->total_confirmed++;
        }
}

/* The first line of a fact's text, trimmed to a readable length. */
static void first_line(const gcn_fact *x, char *buf, size_t size)
{
    const char *t = x->text ? x->text : "";
    size_t n = strcspn(t, "\n");
    while (*t == ' ' && n) {
        t++;
        n--;
    }
    if (n > 110)
        n = 110;
    snprintf(buf, size, "%.*s%s", (int)n, t, strlen(t) > n ? " …" : "");
}

static void md_escape(gcn_buf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '`')
            gcn_buf_puts(b, "'");
        else if (*s == '|')
            gcn_buf_puts(b, "\\|");
        else
            gcn_buf_putc(b, *s);
    }
}

static void md_decisions(gcn_buf *b, const gcn_erratum *x)
{
    size_t k;
    for (k = 0; k < x->ndecisions; k++) {
        const gcn_decision *d = &x->decisions[k];
        size_t g;
        gcn_buf_printf(b, "  - `%s`", gcn_decision_op_name(d->op));
        if (d->mnemonic)
            gcn_buf_printf(b, " %s", d->mnemonic);
        if (d->field)
            gcn_buf_printf(b, " %s", d->field);
        if (d->op == GCN_DEC_OPCODE)
            gcn_buf_printf(b, " = %ld", d->opcode);
        if (d->op == GCN_DEC_FIELD) {
            if (d->lo < 0)
                gcn_buf_puts(b, " removed");
            else
                gcn_buf_printf(b, " = bits %ld-%ld", d->lo, d->hi);
        }
        if (d->op == GCN_DEC_RENAME)
            gcn_buf_printf(b, " %s → %s", d->from, d->to);
        if (d->peer)
            gcn_buf_printf(b, " (%s)", d->peer);
        if (d->gens.n) {
            gcn_buf_puts(b, " on");
            for (g = 0; g < d->gens.n; g++)
                gcn_buf_printf(b, " %s", d->gens.v[g]);
        }
        if (d->syntax)
            gcn_buf_printf(b, ": `%s`", d->syntax);
        gcn_buf_puts(b, "\n");
        if (d->code) {
            gcn_buf_puts(b, "    ```\n");
            {
                const char *p = d->code;
                while (*p) {
                    size_t n = strcspn(p, "\n");
                    gcn_buf_printf(b, "    %.*s\n", (int)n, p);
                    p += n + (p[n] == '\n');
                }
            }
            gcn_buf_puts(b, "    ```\n");
        }
    }
}

static void md_peers(gcn_buf *b, const gcn_erratum *x)
{
    size_t k;
    for (k = 0; k < x->npeers; k++) {
        const gcn_peer_run *p = &x->peers[k];
        const char *out = p->stdout_text, *err = p->stderr_text;
        gcn_buf_printf(b, "  - `%s`\n", p->cmd);
        gcn_buf_puts(b, "    ```\n");
        while (out && *out) {
            size_t n = strcspn(out, "\n");
            if (n && strncmp(out, "\t.text", 6) != 0)
                gcn_buf_printf(b, "    %.*s\n", (int)n, out);
            out += n + (out[n] == '\n');
        }
        while (err && *err) {
            size_t n = strcspn(err, "\n");
            if (n)
                gcn_buf_printf(b, "    %.*s\n", (int)n, err);
            err += n + (err[n] == '\n');
        }
        gcn_buf_puts(b, "    ```\n");
    }
}

/* Which of an erratum's evidence goes under one finding: all of it the first time the erratum
 * is printed; after that, the finding's instruction's, or none (*skip). */
static const char *ev_subject(const gcn_erratum *x, const gcn_variant_evidence_set *ev,
                              const char *subject, unsigned char *printed, size_t idx, int *skip)
{
    size_t k;
    *skip = 0;
    if (printed && !printed[idx]) {
        printed[idx] = 1;
        return NULL;
    }
    for (k = 0; ev && subject && k < ev->n; k++)
        if (strcmp(ev->v[k].erratum, x->id) == 0 && strcmp(ev->v[k].insn, subject) == 0)
            return subject;
    *skip = 1;
    return NULL;
}

static void md_variants(gcn_buf *b, const gcn_erratum *x, const gcn_variant_evidence_set *ev,
                        const char *subject)
{
    size_t k, shown = 0;
    for (k = 0; ev && k < ev->n; k++) {
        const gcn_variant_evidence *v = &ev->v[k];
        if (strcmp(v->erratum, x->id) != 0 || (subject && strcmp(v->insn, subject) != 0))
            continue;
        if (!shown++)
            gcn_buf_puts(b, "- As written against as corrected (the oracle):\n");
        if (strcmp(v->verdict, "differ") == 0) {
            gcn_buf_printf(b,
                           "  - %s differs on %s, `%s`, from the state `%s` (everything else "
                           "zero): as written ends with `%s`, as corrected with `%s` (found "
                           "after %llu runs)\n",
                           v->insn, v->gen, v->text, v->state, v->written, v->corrected, v->tried);
        } else if (strcmp(v->verdict, "refused") == 0) {
            gcn_buf_printf(b, "  - %s: as written it does not execute (", v->insn);
            md_escape(b, v->why);
            gcn_buf_puts(b, "), so the variants differ on every state\n");
        } else {
            gcn_buf_printf(b,
                           "  - %s: no distinguishing state found in %llu runs (boundary and "
                           "random states, random encodings)\n",
                           v->insn, v->tried);
        }
    }
}

static void md_erratum(gcn_buf *b, const gcn_erratum *x, const gcn_variant_evidence_set *ev,
                       const char *subject, int skip)
{
    gcn_buf_printf(b, "- **Resolution: %s** (%s): %s\n", x->id, x->classification, x->title);
    gcn_buf_puts(b, "  ");
    md_escape(b, x->rationale);
    gcn_buf_puts(b, "\n- Decision:\n");
    md_decisions(b, x);
    if (x->sources.n) {
        size_t k;
        gcn_buf_puts(b, "- Sources:\n");
        for (k = 0; k < x->sources.n; k++) {
            gcn_buf_puts(b, "  - ");
            md_escape(b, x->sources.v[k]);
            gcn_buf_puts(b, "\n");
        }
    }
    if (x->npeers) {
        gcn_buf_puts(b, "- Peer evidence:\n");
        md_peers(b, x);
    }
    if (!skip)
        md_variants(b, x, ev, subject);
}

static char *markdown(const gcn_facts *facts, const gcn_findings *f, const gcn_errata *e,
                      const gcn_variant_evidence_set *ev)
{
    gcn_buf b;
    gcn_errata_counts n;
    size_t i, k;
    int c;
    unsigned char *printed = e && e->n ? calloc(e->n, 1) : NULL;
    gcn_buf_init(&b);
    gcn_errata_count(f, e, &n);
    gcn_buf_puts(&b, "# Errata in the GCN ISA documents\n\n"
                     "Written by `gcnspec errata`. Every finding names the document lines it "
                     "involves (file:line, as in `spec/facts.json`) and how "
                     "`spec/errata.json` resolved it, or says **unresolved**.\n\n"
                     "Documents:\n\n");
    for (i = 0; i < facts->ndocs; i++)
        gcn_buf_printf(&b, "- `%s`: %s (%s, %u lines, sha256 %.12s…)\n", facts->docs[i].file,
                       facts->docs[i].encoding, facts->docs[i].style, facts->docs[i].lines,
                       facts->docs[i].sha256);
    gcn_buf_puts(&b, "\n## Counts\n\n| category | found | resolved | confirmed by llvm-mc | "
                     "unresolved | curated |\n|---|---:|---:|---:|---:|---:|\n");
    for (c = 0; c < GCN_FC_COUNT; c++) {
        if (!n.found[c] && !n.curated[c])
            continue;
        gcn_buf_printf(&b, "| %s (`%s`) | %zu | %zu | %zu | %zu | %zu |\n",
                       gcn_finding_cat_heading((gcn_finding_cat)c),
                       gcn_finding_cat_id((gcn_finding_cat)c), n.found[c], n.resolved[c],
                       n.confirmed[c], n.found[c] - n.resolved[c], n.curated[c]);
    }
    gcn_buf_printf(&b, "| **total** | **%zu** | **%zu** | **%zu** | **%zu** | **%zu** |\n\n",
                   n.total, n.total_resolved, n.total_confirmed, n.total - n.total_resolved,
                   n.total_curated);
    gcn_buf_puts(&b, "*found*: by the detectors in `spec/triage/`; *confirmed by llvm-mc*: the "
                     "resolving erratum carries llvm-mc runs (replayed by "
                     "`tests/peer/test_evidence`); *curated*: errata recorded from peers or by "
                     "hand that no detector reports.\n");
    if (ev && ev->n) {
        size_t nd = 0, nr = 0, nn = 0, nm = 0;
        for (i = 0; i < ev->n; i++) {
            nd += strcmp(ev->v[i].verdict, "differ") == 0;
            nr += strcmp(ev->v[i].verdict, "refused") == 0;
            nn += strcmp(ev->v[i].verdict, "not-found") == 0;
            nm += ev->v[i].m0_only != 0;
        }
        gcn_buf_printf(&b,
                       "\n## As written against as corrected\n\n"
                       "%zu instructions have corrected semantics (%zu of them only in M0's "
                       "role, their pseudocode as written). The oracle ran each as "
                       "written and as corrected (generations newest first; 8 boundary states, "
                       "then 20 random ones, 10 random encodings each) and shrank the first "
                       "state on which they end differently: **%zu differ on a state shown "
                       "under their erratum**, %zu do not execute as written (they differ on "
                       "every state), %zu agree on every state tried.\n",
                       ev->n, nm, nd, nr, nn);
    }
    for (c = 0; c < GCN_FC_COUNT; c++) {
        if (!n.found[c] && !n.curated[c])
            continue;
        gcn_buf_printf(&b, "\n## %s (`%s`)\n", gcn_finding_cat_heading((gcn_finding_cat)c),
                       gcn_finding_cat_id((gcn_finding_cat)c));
        for (i = 0; i < f->n; i++) {
            const gcn_finding *x = &f->v[i];
            const gcn_erratum *er = e ? gcn_errata_settling(e, x) : NULL;
            if ((int)x->cat != c)
                continue;
            gcn_buf_printf(&b, "\n### %s\n\n", x->key);
            md_escape(&b, x->message);
            gcn_buf_puts(&b, "\n\n");
            if (x->gens.n) {
                gcn_buf_puts(&b, "- Generations:");
                for (k = 0; k < x->gens.n; k++)
                    gcn_buf_printf(&b, " %s", x->gens.v[k]);
                gcn_buf_puts(&b, "\n");
            }
            for (k = 0; k < x->facts.n; k++) {
                const gcn_fact *fx = gcn_facts_find(facts, x->facts.v[k]);
                char line[200];
                if (!fx)
                    continue;
                first_line(fx, line, sizeof(line));
                gcn_buf_printf(&b, "- `%s:%u`: `", fx->file, fx->line);
                md_escape(&b, line);
                gcn_buf_puts(&b, "`\n");
            }
            if (er) {
                int skip;
                const char *subj =
                    ev_subject(er, ev, x->subject, printed, (size_t)(er - e->v), &skip);
                md_erratum(&b, er, ev, subj, skip);
            } else
                gcn_buf_printf(&b, "- **Unresolved**%s\n",
                               gcn_finding_cat_blocking(x->cat)
                                   ? " (blocking: the resolver refuses to run)"
                                   : "");
        }
        for (i = 0; e && i < e->n; i++) {
            const gcn_erratum *x = &e->v[i];
            if ((int)x->category != c || erratum_matched(f, e, x))
                continue;
            gcn_buf_printf(&b, "\n### %s (curated)\n\n", x->id);
            for (k = 0; k < x->nquotes; k++) {
                gcn_buf_printf(&b, "- `%s`: `", x->quotes[k].at);
                md_escape(&b, x->quotes[k].text);
                gcn_buf_puts(&b, "`\n");
            }
            md_erratum(&b, x, ev, NULL, 0);
        }
    }
    free(printed);
    if (b.oom) {
        gcn_buf_free(&b);
        return NULL;
    }
    return gcn_buf_take(&b);
}

static cJSON *erratum_json(const gcn_erratum *x, const gcn_variant_evidence_set *ev,
                           const char *subject, int skip)
{
    cJSON *o = cJSON_CreateObject(), *d, *vs = NULL;
    size_t k;
    for (k = 0; ev && k < ev->n; k++) {
        const gcn_variant_evidence *v = &ev->v[k];
        cJSON *e;
        if (skip || strcmp(v->erratum, x->id) != 0 || (subject && strcmp(v->insn, subject) != 0))
            continue;
        if (!vs)
            vs = cJSON_AddArrayToObject(o, "variants");
        e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "instruction", v->insn);
        cJSON_AddStringToObject(e, "verdict", v->verdict);
        cJSON_AddNumberToObject(e, "runs", (double)v->tried);
        if (strcmp(v->verdict, "differ") == 0) {
            cJSON_AddStringToObject(e, "generation", v->gen);
            cJSON_AddStringToObject(e, "text", v->text);
            cJSON_AddItemToObject(e, "state", cJSON_Parse(v->state));
            cJSON_AddItemToObject(e, "written", cJSON_Parse(v->written));
            cJSON_AddItemToObject(e, "corrected", cJSON_Parse(v->corrected));
        } else if (strcmp(v->verdict, "refused") == 0) {
            cJSON_AddStringToObject(e, "why", v->why);
        }
        cJSON_AddItemToArray(vs, e);
    }
    cJSON_AddStringToObject(o, "id", x->id);
    cJSON_AddStringToObject(o, "title", x->title);
    cJSON_AddStringToObject(o, "classification", x->classification);
    cJSON_AddBoolToObject(o, "confirmed_by_peer", x->npeers > 0);
    d = cJSON_AddArrayToObject(o, "decisions");
    for (k = 0; k < x->ndecisions; k++)
        cJSON_AddItemToArray(d, cJSON_CreateString(gcn_decision_op_name(x->decisions[k].op)));
    return o;
}

static cJSON *json_report(const gcn_facts *facts, const gcn_findings *f, const gcn_errata *e,
                          const gcn_variant_evidence_set *ev)
{
    cJSON *root = cJSON_CreateObject(), *docs, *counts, *list, *cur;
    gcn_errata_counts n;
    size_t i, k;
    int c;
    unsigned char *printed = e && e->n ? calloc(e->n, 1) : NULL;
    gcn_errata_count(f, e, &n);
    cJSON_AddStringToObject(root, "schema", "gcnspec-errata-report/1");
    docs = cJSON_AddArrayToObject(root, "documents");
    for (i = 0; i < facts->ndocs; i++) {
        cJSON *d = cJSON_CreateObject();
        cJSON_AddStringToObject(d, "file", facts->docs[i].file);
        cJSON_AddStringToObject(d, "sha256", facts->docs[i].sha256);
        cJSON_AddItemToArray(docs, d);
    }
    counts = cJSON_AddObjectToObject(root, "counts");
    for (c = 0; c < GCN_FC_COUNT; c++) {
        cJSON *o;
        if (!n.found[c] && !n.curated[c])
            continue;
        o = cJSON_AddObjectToObject(counts, gcn_finding_cat_id((gcn_finding_cat)c));
        cJSON_AddNumberToObject(o, "found", (double)n.found[c]);
        cJSON_AddNumberToObject(o, "resolved", (double)n.resolved[c]);
        cJSON_AddNumberToObject(o, "confirmed_by_peer", (double)n.confirmed[c]);
        cJSON_AddNumberToObject(o, "unresolved", (double)(n.found[c] - n.resolved[c]));
        cJSON_AddNumberToObject(o, "curated", (double)n.curated[c]);
    }
    {
        cJSON *t = cJSON_AddObjectToObject(counts, "total");
        cJSON_AddNumberToObject(t, "found", (double)n.total);
        cJSON_AddNumberToObject(t, "resolved", (double)n.total_resolved);
        cJSON_AddNumberToObject(t, "confirmed_by_peer", (double)n.total_confirmed);
        cJSON_AddNumberToObject(t, "unresolved", (double)(n.total - n.total_resolved));
        cJSON_AddNumberToObject(t, "curated", (double)n.total_curated);
    }
    list = cJSON_AddArrayToObject(root, "findings");
    for (i = 0; i < f->n; i++) {
        const gcn_finding *x = &f->v[i];
        const gcn_erratum *er = e ? gcn_errata_settling(e, x) : NULL;
        cJSON *o = cJSON_CreateObject(), *locs, *gens;
        cJSON_AddStringToObject(o, "key", x->key);
        cJSON_AddStringToObject(o, "category", gcn_finding_cat_id(x->cat));
        cJSON_AddBoolToObject(o, "blocking", gcn_finding_cat_blocking(x->cat));
        if (x->encoding)
            cJSON_AddStringToObject(o, "encoding", x->encoding);
        cJSON_AddStringToObject(o, "subject", x->subject);
        cJSON_AddStringToObject(o, "message", x->message);
        gens = cJSON_AddArrayToObject(o, "gens");
        for (k = 0; k < x->gens.n; k++)
            cJSON_AddItemToArray(gens, cJSON_CreateString(x->gens.v[k]));
        locs = cJSON_AddArrayToObject(o, "locations");
        for (k = 0; k < x->facts.n; k++) {
            const gcn_fact *fx = gcn_facts_find(facts, x->facts.v[k]);
            cJSON *l;
            if (!fx)
                continue;
            l = cJSON_CreateObject();
            cJSON_AddStringToObject(l, "fact", fx->id);
            cJSON_AddStringToObject(l, "file", fx->file);
            cJSON_AddNumberToObject(l, "line", fx->line);
            cJSON_AddNumberToObject(l, "end_line", fx->last_line);
            cJSON_AddStringToObject(l, "text", fx->text ? fx->text : "");
            cJSON_AddItemToArray(locs, l);
        }
        if (er) {
            int skip;
            const char *subj = ev_subject(er, ev, x->subject, printed, (size_t)(er - e->v), &skip);
            cJSON_AddItemToObject(o, "resolution", erratum_json(er, ev, subj, skip));
        } else
            cJSON_AddNullToObject(o, "resolution");
        cJSON_AddItemToArray(list, o);
    }
    cur = cJSON_AddArrayToObject(root, "curated");
    for (i = 0; e && i < e->n; i++) {
        const gcn_erratum *x = &e->v[i];
        cJSON *o;
        if (erratum_matched(f, e, x))
            continue;
        o = erratum_json(x, ev, NULL, 0);
        cJSON_AddStringToObject(o, "category", gcn_finding_cat_id(x->category));
        cJSON_AddItemToArray(cur, o);
    }
    free(printed);
    return root;
}

/* Where the SARIF's locations point: the documents' directory as a URI. A directory inside the
 * one gcnspec runs in (documents/seeds, as the main job and the tests run from the source
 * tree's root) is relative to the base id SRCROOT, which the consumer binds to the repository's
 * root: each location's uri is the file's path from there (documents/seeds/000_...txt), the form
 * GitHub's code scanning annotates (it reads relative uris from the repository's root and does
 * not resolve originalUriBaseIds). Any other directory is an absolute file: URI, base id DOCS. */
typedef struct sarif_docs {
    char prefix[4096]; /* relative: "documents/seeds/"; absolute: "" (the base holds it) */
    char base_uri[4096];
    int absolute;
    const char *base_id; /* absolute: the originalUriBaseIds key ("DOCS", "PAGES") */
} sarif_docs;

static void uri_append(char *out, size_t size, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(out);
    for (; *path && n + 4 < size; path++) {
        unsigned char c = (unsigned char)*path;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("-._~/", c)) {
            out[n++] = (char)c;
        } else {
            out[n++] = '%';
            out[n++] = hex[c >> 4];
            out[n++] = hex[c & 15];
        }
    }
    out[n] = 0;
}

static int has_dotdot(const char *p)
{
    const char *s = p;
    while ((s = strstr(s, "..")) != NULL) {
        if ((s == p || s[-1] == '/') && (s[2] == 0 || s[2] == '/'))
            return 1;
        s += 2;
    }
    return 0;
}

/* "./documents//seeds" -> "documents/seeds/" (no "..": the caller checked) */
static void tidy_relative(const char *p, char *out, size_t size)
{
    size_t n = 0;
    while (*p && n + 2 < size) {
        if (p[0] == '.' && (p[1] == '/' || p[1] == 0) && (n == 0 || out[n - 1] == '/'))
            p += p[1] ? 2 : 1;
        else if (*p == '/' && (n == 0 || out[n - 1] == '/'))
            p++;
        else
            out[n++] = *p++;
    }
    if (n && out[n - 1] != '/')
        out[n++] = '/';
    out[n] = 0;
}

static void sarif_docs_init(sarif_docs *d, const char *dir, const char *base_id)
{
    char path[4096], cwd[4096], rel[4096];
    const char *p = dir && *dir ? dir : "documents/seeds";
    size_t n;
    memset(d, 0, sizeof(*d));
    d->base_id = base_id;
    if (p[0] != '/' && !has_dotdot(p)) {
        tidy_relative(p, rel, sizeof(rel));
        uri_append(d->prefix, sizeof(d->prefix), rel);
        return;
    }
    if (!realpath(p, path))
        snprintf(path, sizeof(path), "%s", p);
    n = realpath(".", cwd) ? strlen(cwd) : 0;
    if (n && strncmp(path, cwd, n) == 0 && (path[n] == '/' || n == 1)) {
        tidy_relative(path + n, rel, sizeof(rel));
        uri_append(d->prefix, sizeof(d->prefix), rel);
        return;
    }
    d->absolute = 1;
    snprintf(d->base_uri, sizeof(d->base_uri), "file://");
    uri_append(d->base_uri, sizeof(d->base_uri), path);
    n = strlen(d->base_uri);
    if (n + 1 < sizeof(d->base_uri) && d->base_uri[n - 1] != '/')
        strcat(d->base_uri, "/");
}

/* The directory a fact's document was read from, when not the run's (gcn_doc_info.root). */
static const char *doc_root(const gcn_facts *facts, const char *file)
{
    size_t i;
    for (i = 0; i < facts->ndocs; i++)
        if (facts->docs[i].root && strcmp(facts->docs[i].file, file) == 0)
            return facts->docs[i].root;
    return NULL;
}

static cJSON *sarif_location(const sarif_docs *run_docs, const sarif_docs *pages,
                             const gcn_facts *facts, const gcn_fact *fx)
{
    cJSON *loc = cJSON_CreateObject(), *phys, *art, *reg, *snip;
    const sarif_docs *docs = doc_root(facts, fx->file) ? pages : run_docs;
    char uri[4096 + 512];
    snprintf(uri, sizeof(uri), "%s", docs->prefix);
    uri_append(uri, sizeof(uri), fx->file);
    phys = cJSON_AddObjectToObject(loc, "physicalLocation");
    art = cJSON_AddObjectToObject(phys, "artifactLocation");
    cJSON_AddStringToObject(art, "uri", uri);
    cJSON_AddStringToObject(art, "uriBaseId", docs->absolute ? docs->base_id : "SRCROOT");
    reg = cJSON_AddObjectToObject(phys, "region");
    cJSON_AddNumberToObject(reg, "startLine", fx->line);
    if (fx->last_line > fx->line)
        cJSON_AddNumberToObject(reg, "endLine", fx->last_line);
    snip = cJSON_AddObjectToObject(reg, "snippet");
    cJSON_AddStringToObject(snip, "text", fx->text ? fx->text : "");
    return loc;
}

/* A rule's help: what the category means and how a finding of it is settled. */
static void sarif_rule_help(cJSON *r, gcn_finding_cat c)
{
    cJSON *h = cJSON_AddObjectToObject(r, "help");
    const char *stops = gcn_finding_cat_blocking(c)
                            ? "Until an erratum settles it, the resolver refuses to write the spec."
                            : "It does not stop the resolver.";
    const char *how =
        "Read the document lines the result points at. If the documents are wrong, add an "
        "erratum to tools/curate/errata_defs.py naming the finding's key (the result's "
        "gcnspecFindingKey/v1 fingerprint), its classification (doc-erratum, doc-ambiguity, "
        "doc-omission, llvm-bug, llvm-lacks or not-an-erratum), the decision and the evidence "
        "(quotes, llvm-mc runs); then run python3 tools/curate/gen_errata.py and "
        "tools/main.sh.";
    const char *how_md =
        "Read the document lines the result points at. If the documents are wrong, add an "
        "erratum to `tools/curate/errata_defs.py` naming the finding's key (the result's "
        "`gcnspecFindingKey/v1` fingerprint), its classification (`doc-erratum`, "
        "`doc-ambiguity`, `doc-omission`, `llvm-bug`, `llvm-lacks` or `not-an-erratum`), the "
        "decision and the evidence (quotes, llvm-mc runs); then run "
        "`python3 tools/curate/gen_errata.py` and `tools/main.sh`.";
    gcn_buf b;
    gcn_buf_init(&b);
    gcn_buf_printf(&b, "%s %s\n\n%s", gcn_finding_cat_description(c), stops, how);
    cJSON_AddStringToObject(h, "text", b.data ? b.data : "");
    gcn_buf_free(&b);
    gcn_buf_init(&b);
    gcn_buf_printf(&b, "**%s** (`%s`): %s %s\n\n%s", gcn_finding_cat_heading(c),
                   gcn_finding_cat_id(c), gcn_finding_cat_description(c), stops, how_md);
    cJSON_AddStringToObject(h, "markdown", b.data ? b.data : "");
    gcn_buf_free(&b);
}

/* A result's SARIF level follows what the finding turned out to be:
 *   - doc-erratum: "error" when the erratum corrects what the spec says (a decision other than
 *     none or peer-lacks: an opcode, a field, a syntax, semantics...), since an implementation
 *     built from the document as written would be wrong; "warning" when it decides nothing (a
 *     prose or markup slip: the document is wrong, what is built from it is not);
 *   - doc-omission: "warning" (the document leaves out what a reader needs; the spec fills it
 *     in from curated evidence);
 *   - doc-ambiguity: "note" (the document can be read two ways; the decision picks one);
 *   - llvm-bug, llvm-lacks: "note" (the document is right; the disagreement is the peer's);
 *   - not-an-erratum: "none", with kind "pass" (it looked wrong and is not);
 * and a finding no erratum settles is an "error" when its category is blocking (the resolver
 * refuses to run) and a "warning" otherwise, which is also each rule's default level. */
static const char *sarif_level(const gcn_finding *x, const gcn_erratum *er)
{
    size_t i;
    if (!er)
        return gcn_finding_cat_blocking(x->cat) ? "error" : "warning";
    if (strcmp(er->classification, "doc-erratum") == 0) {
        for (i = 0; i < er->ndecisions; i++)
            if (er->decisions[i].op != GCN_DEC_NONE && er->decisions[i].op != GCN_DEC_PEER_LACKS)
                return "error";
        return "warning";
    }
    if (strcmp(er->classification, "doc-omission") == 0)
        return "warning";
    if (strcmp(er->classification, "not-an-erratum") == 0)
        return "none";
    return "note"; /* doc-ambiguity, llvm-bug, llvm-lacks */
}

static cJSON *sarif_report(const gcn_facts *facts, const gcn_findings *f, const gcn_errata *e,
                           const char *docs_dir)
{
    sarif_docs docs, pages;
    cJSON *root = cJSON_CreateObject(), *runs, *run, *tool, *driver, *rules, *results, *base;
    const char *pages_root = NULL;
    size_t i, k;
    int c;
    cJSON_AddStringToObject(root, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    cJSON_AddStringToObject(root, "version", "2.1.0");
    runs = cJSON_AddArrayToObject(root, "runs");
    run = cJSON_CreateObject();
    cJSON_AddItemToArray(runs, run);
    tool = cJSON_AddObjectToObject(run, "tool");
    driver = cJSON_AddObjectToObject(tool, "driver");
    sarif_docs_init(&docs, docs_dir, "DOCS");
    /* the CLRX pages that joined the seeds (gcn_facts_add_pages) lie in one directory */
    for (i = 0; i < facts->ndocs && !pages_root; i++)
        pages_root = facts->docs[i].root;
    sarif_docs_init(&pages, pages_root, "PAGES");
    cJSON_AddStringToObject(driver, "name", "gcnspec");
    cJSON_AddStringToObject(driver, "fullName",
                            "gcnspec errata (spec errata triage of the GCN ISA documents)");
    cJSON_AddStringToObject(driver, "version", GCN_VERSION);
    cJSON_AddStringToObject(driver, "semanticVersion", GCN_VERSION);
    cJSON_AddStringToObject(driver, "informationUri", GCN_PROJECT_URL);
    rules = cJSON_AddArrayToObject(driver, "rules");
    for (c = 0; c < GCN_FC_COUNT; c++) {
        cJSON *r = cJSON_CreateObject(), *sd, *fd, *dc;
        cJSON_AddStringToObject(r, "id", gcn_finding_cat_id((gcn_finding_cat)c));
        cJSON_AddStringToObject(r, "name", gcn_finding_cat_name((gcn_finding_cat)c));
        sd = cJSON_AddObjectToObject(r, "shortDescription");
        cJSON_AddStringToObject(sd, "text", gcn_finding_cat_heading((gcn_finding_cat)c));
        fd = cJSON_AddObjectToObject(r, "fullDescription");
        cJSON_AddStringToObject(fd, "text", gcn_finding_cat_description((gcn_finding_cat)c));
        sarif_rule_help(r, (gcn_finding_cat)c);
        /* the level of a finding of this category that no erratum settles (sarif_level) */
        dc = cJSON_AddObjectToObject(r, "defaultConfiguration");
        cJSON_AddStringToObject(dc, "level",
                                gcn_finding_cat_blocking((gcn_finding_cat)c) ? "error" : "warning");
        cJSON_AddItemToArray(rules, r);
    }
    base = cJSON_AddObjectToObject(run, "originalUriBaseIds");
    if (pages_root && pages.absolute) {
        cJSON *s = cJSON_AddObjectToObject(base, "PAGES"), *d;
        cJSON_AddStringToObject(s, "uri", pages.base_uri);
        d = cJSON_AddObjectToObject(s, "description");
        cJSON_AddStringToObject(d, "text",
                                "The whole CLRX documentation's pages that joined the seeds");
    }
    if (docs.absolute) {
        cJSON *s = cJSON_AddObjectToObject(base, "DOCS"), *d;
        cJSON_AddStringToObject(s, "uri", docs.base_uri);
        d = cJSON_AddObjectToObject(s, "description");
        cJSON_AddStringToObject(d, "text", "The ISA documents the facts were extracted from");
    }
    if (!docs.absolute || (pages_root && !pages.absolute)) {
        /* no uri: the root is where the consumer has the source tree (SARIF 2.1.0 3.14.14) */
        cJSON *s = cJSON_AddObjectToObject(base, "SRCROOT"), *d;
        d = cJSON_AddObjectToObject(s, "description");
        cJSON_AddStringToObject(d, "text",
                                "The root of the gcnspec source tree (the repository), which "
                                "holds the ISA documents the facts were extracted from");
    }
    results = cJSON_AddArrayToObject(run, "results");
    for (i = 0; i < f->n; i++) {
        const gcn_finding *x = &f->v[i];
        const gcn_erratum *er = e ? gcn_errata_settling(e, x) : NULL;
        cJSON *r = cJSON_CreateObject(), *msg, *locs, *fp, *props;
        char text[2600];
        int ruleidx = (int)x->cat;
        cJSON_AddStringToObject(r, "ruleId", gcn_finding_cat_id(x->cat));
        cJSON_AddNumberToObject(r, "ruleIndex", ruleidx);
        if (strcmp(sarif_level(x, er), "none") == 0)
            cJSON_AddStringToObject(r, "kind", "pass");
        cJSON_AddStringToObject(r, "level", sarif_level(x, er));
        msg = cJSON_AddObjectToObject(r, "message");
        snprintf(text, sizeof(text), "%s%s%s%s", x->message,
                 er ? " — resolved by " : " — unresolved", er ? er->id : "", er ? "" : "");
        cJSON_AddStringToObject(msg, "text", text);
        locs = cJSON_AddArrayToObject(r, "locations");
        for (k = 0; k < x->facts.n; k++) {
            const gcn_fact *fx = gcn_facts_find(facts, x->facts.v[k]);
            if (fx)
                cJSON_AddItemToArray(locs, sarif_location(&docs, &pages, facts, fx));
        }
        fp = cJSON_AddObjectToObject(r, "partialFingerprints");
        cJSON_AddStringToObject(fp, "gcnspecFindingKey/v1", x->key);
        props = cJSON_AddObjectToObject(r, "properties");
        if (er) {
            cJSON_AddStringToObject(props, "erratum", er->id);
            cJSON_AddStringToObject(props, "classification", er->classification);
        }
        if (er)
            cJSON_AddItemToObject(r, "suppressions", cJSON_CreateArray());
        if (er) {
            cJSON *s = cJSON_CreateObject();
            cJSON_AddStringToObject(s, "kind", "external");
            cJSON_AddStringToObject(s, "justification", er->title);
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "suppressions"), s);
        }
        cJSON_AddItemToArray(results, r);
    }
    return root;
}

void gcn_variant_evidence_free(gcn_variant_evidence_set *s)
{
    size_t i;
    for (i = 0; i < s->n; i++) {
        free(s->v[i].state);
        free(s->v[i].written);
        free(s->v[i].corrected);
    }
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

gcn_status gcn_errata_reports(const char *dir, const gcn_facts *facts, const gcn_findings *f,
                              const gcn_errata *e, gcn_diag *diag)
{
    return gcn_errata_reports_ev(dir, facts, f, e, NULL, NULL, diag);
}

gcn_status gcn_errata_reports_ev(const char *dir, const gcn_facts *facts, const gcn_findings *f,
                                 const gcn_errata *e, const gcn_variant_evidence_set *ev,
                                 const char *docs_dir, gcn_diag *diag)
{
    char *md = markdown(facts, f, e, ev), *path;
    cJSON *js = json_report(facts, f, e, ev), *sarif = sarif_report(facts, f, e, docs_dir);
    gcn_status st = gcn_make_dirs(dir, diag);
    if (st == GCN_OK && (!md || !js || !sarif)) {
        gcn_diag_set(diag, dir, 0, 0, "out of memory");
        st = GCN_ERR_NOMEM;
    }
    if (st == GCN_OK) {
        path = gcn_path_join(dir, "errata.md");
        st = path ? gcn_write_file_atomic(path, md, strlen(md), diag) : GCN_ERR_NOMEM;
        free(path);
    }
    if (st == GCN_OK) {
        path = gcn_path_join(dir, "errata.json");
        st = path ? gcn_json_write_file_depth(path, js, 4, diag) : GCN_ERR_NOMEM;
        free(path);
    }
    if (st == GCN_OK) {
        path = gcn_path_join(dir, "errata.sarif");
        st = path ? gcn_json_write_file(path, sarif, diag) : GCN_ERR_NOMEM;
        free(path);
    }
    free(md);
    cJSON_Delete(js);
    cJSON_Delete(sarif);
    return st;
}
