/* Field detectors. Each page gives, for each generation it covers, a reading of the encoding's
 * layout: its qualified fields for that generation plus its unqualified ones. Readings must not
 * overlap (except a field tiled exactly by sub-fields, as OFFSET by OFFSET0 and OFFSET1), pages
 * must agree, and every field some page gives unqualified must exist on every generation. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "spec/model/claims.h"
#include "spec/model/layout.h"

static int overlaps(const gcn_fact *a, const gcn_fact *b)
{
    return a->lo <= b->hi && b->lo <= a->hi;
}

/* The form a field's description gives it, "(VOP3B)" in "Scalar destination operand (VOP3B)",
 * when a note of the page heading a field list names that form ("List of fields for the
 * VOP3A/VOP3B encoding"): one table then holds the layouts of two forms. Copies the form to
 * `form` and returns 1, or returns 0. */
static int field_form(const gcn_facts *f, const gcn_fact *x, char *form, size_t size)
{
    const char *p = x->description;
    size_t i, n;
    while (p && (p = strchr(p, '(')) != NULL) {
        p++;
        for (n = 0; isupper((unsigned char)p[n]) || isdigit((unsigned char)p[n]) || p[n] == '_';)
            n++;
        if (n == 0 || p[n] != ')' || n >= size)
            continue;
        memcpy(form, p, n);
        form[n] = '\0';
        for (i = 0; i < f->n; i++) {
            const gcn_fact *h = &f->v[i];
            const char *w;
            if (h->kind != GCN_FACT_NOTE || !h->text || strcmp(h->file, x->file) != 0 ||
                !strstr(h->text, "fields"))
                continue;
            for (w = h->text; (w = strstr(w, form)) != NULL; w += n)
                if ((w == h->text || !isalnum((unsigned char)w[-1])) &&
                    !isalnum((unsigned char)w[n]))
                    return 1;
        }
    }
    return 0;
}

/* a and b belong to two different forms one table gives together */
static int other_forms(const gcn_facts *f, const gcn_fact *a, const gcn_fact *b)
{
    char fa[32], fb[32];
    return field_form(f, a, fa, sizeof(fa)) && field_form(f, b, fb, sizeof(fb)) &&
           strcmp(fa, fb) != 0;
}

static gcn_status add2(gcn_findings *out, gcn_finding_cat cat, const gcn_fact *a, const gcn_fact *b,
                       const char *gen, const char *subject, const char *msg)
{
    gcn_strs ids = {0}, gens = {0};
    gcn_finding *x;
    gcn_strs_push(&ids, a->id);
    if (b)
        gcn_strs_push(&ids, b->id);
    if (gen)
        gcn_strs_push(&gens, gen);
    x = gcn_findings_add(out, cat, a->encoding, subject, &ids, &gens, "%s", msg);
    gcn_strs_free(&ids);
    gcn_strs_free(&gens);
    return x ? GCN_OK : GCN_ERR_NOMEM;
}

gcn_status gcn_detect_fields(const gcn_facts *f, gcn_findings *out)
{
    size_t d, e, i, j, g;
    gcn_strs encs = {0};
    gcn_reading r, r2;
    gcn_status st = GCN_OK;
    r.v = calloc(f->n + 1, sizeof(*r.v));
    r2.v = calloc(f->n + 1, sizeof(*r2.v));
    if (!r.v || !r2.v) {
        free(r.v);
        free(r2.v);
        return GCN_ERR_NOMEM;
    }
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_FIELD && !gcn_strs_has(&encs, f->v[i].encoding))
            gcn_strs_push(&encs, f->v[i].encoding);
    for (e = 0; e < encs.n && st == GCN_OK; e++) {
        const char *enc = encs.v[e];
        gcn_strs files = {0}, allgens = {0}, essential = {0};
        for (i = 0; i < f->n; i++) {
            const gcn_fact *x = &f->v[i];
            if (x->kind != GCN_FACT_FIELD || strcmp(x->encoding, enc) != 0 || x->form)
                continue;
            if (!gcn_strs_has(&files, x->file))
                gcn_strs_push(&files, x->file);
            if (!x->gens.n && !gcn_strs_has(&essential, x->name))
                gcn_strs_push(&essential, x->name);
        }
        for (d = 0; d < files.n; d++)
            gcn_doc_gens(f, files.v[d], enc, &allgens);
        for (d = 0; d < files.n && st == GCN_OK; d++) {
            gcn_strs dgens = {0};
            long bytes = -1;
            for (i = 0; i < f->n; i++)
                if (f->v[i].kind == GCN_FACT_ENCODING_SIZE && strcmp(f->v[i].file, files.v[d]) == 0)
                    bytes = f->v[i].bytes;
            gcn_doc_gens(f, files.v[d], enc, &dgens);
            for (g = 0; g < dgens.n && st == GCN_OK; g++) {
                gcn_read_layout(f, files.v[d], enc, dgens.v[g], &r);
                for (i = 0; i < r.n && st == GCN_OK; i++) {
                    const gcn_fact *a = r.v[i];
                    char msg[512];
                    if (bytes > 0 && a->hi >= bytes * 8) {
                        snprintf(msg, sizeof(msg), "%s bits %ld-%ld lie beyond the %ld-byte word",
                                 a->name, a->lo, a->hi, bytes);
                        st = add2(out, GCN_FC_FIELD_OVERLAP, a, NULL, dgens.v[g], a->name, msg);
                    }
                    if (a->value && strncmp(a->value, "0b", 2) == 0 &&
                        (long)strlen(a->value + 2) != a->hi - a->lo + 1) {
                        snprintf(msg, sizeof(msg), "%s is %ld bits wide but must be %s", a->name,
                                 a->hi - a->lo + 1, a->value);
                        st = add2(out, GCN_FC_FIELD_CONFLICT, a, NULL, dgens.v[g], a->name, msg);
                    }
                    for (j = i + 1; j < r.n && st == GCN_OK; j++) {
                        const gcn_fact *b = r.v[j];
                        /* one field stated twice alike (the FLAT page's GCN 1.1/1.2 table
                         * gives its GCN 1.4 fields too) is no overlap, nor are fields of two
                         * forms one table gives (VOP3A's ABS beside VOP3B's SDST) */
                        if (!overlaps(a, b) || gcn_field_tiled(&r, a->lo, a->hi, a) ||
                            gcn_field_tiled(&r, b->lo, b->hi, b) ||
                            (strcmp(a->name, b->name) == 0 && a->lo == b->lo && a->hi == b->hi) ||
                            other_forms(f, a, b))
                            continue;
                        snprintf(msg, sizeof(msg),
                                 "%s (bits %ld-%ld) and %s (bits %ld-%ld) overlap", a->name, a->lo,
                                 a->hi, b->name, b->lo, b->hi);
                        st = add2(out, GCN_FC_FIELD_OVERLAP, a, b, dgens.v[g], a->name, msg);
                    }
                    /* "(only if SOE=1)": the field depends on one the generation may lack */
                    if (a->description && !a->gens.n) {
                        const char *p = strstr(a->description, "only if ");
                        if (p) {
                            char dep[32];
                            size_t n = 0;
                            p += 8;
                            while (n < sizeof(dep) - 1 && p[n] && p[n] != '=' && p[n] != ')')
                                dep[n] = p[n], n++;
                            dep[n] = 0;
                            for (j = 0; j < f->n; j++) {
                                const gcn_fact *y = &f->v[j];
                                if (y->kind == GCN_FACT_FIELD && strcmp(y->file, a->file) == 0 &&
                                    strcmp(y->name, dep) == 0 && y->gens.n &&
                                    !gcn_strs_has(&y->gens, dgens.v[g])) {
                                    snprintf(msg, sizeof(msg),
                                             "%s applies to every generation but only exists "
                                             "when %s is set, and %s is given only for %s",
                                             a->name, dep, dep, y->gens.v[0]);
                                    st = add2(out, GCN_FC_FIELD_CONFLICT, a, y, dgens.v[g], a->name,
                                              msg);
                                }
                            }
                        }
                    }
                }
                /* other pages covering this generation must agree on every shared field */
                for (j = d + 1; j < files.n && st == GCN_OK; j++) {
                    gcn_strs og = {0};
                    size_t a, b;
                    gcn_doc_gens(f, files.v[j], enc, &og);
                    if (gcn_strs_has(&og, dgens.v[g])) {
                        gcn_read_layout(f, files.v[j], enc, dgens.v[g], &r2);
                        for (a = 0; a < r.n; a++)
                            for (b = 0; b < r2.n; b++) {
                                char msg[512];
                                if (strcmp(r.v[a]->name, r2.v[b]->name) != 0 ||
                                    (r.v[a]->lo == r2.v[b]->lo && r.v[a]->hi == r2.v[b]->hi))
                                    continue;
                                snprintf(msg, sizeof(msg),
                                         "%s is at bits %ld-%ld in one page and %ld-%ld in the "
                                         "other",
                                         r.v[a]->name, r.v[a]->lo, r.v[a]->hi, r2.v[b]->lo,
                                         r2.v[b]->hi);
                                st = add2(out, GCN_FC_FIELD_CONFLICT, r.v[a], r2.v[b], dgens.v[g],
                                          r.v[a]->name, msg);
                            }
                    }
                    gcn_strs_free(&og);
                }
            }
            gcn_strs_free(&dgens);
        }
        /* a field some page gives for every generation, that no page gives for this one */
        for (g = 0; g < allgens.n && st == GCN_OK; g++)
            for (i = 0; i < essential.n && st == GCN_OK; i++) {
                int found = 0;
                gcn_strs ids = {0}, gens = {0};
                for (d = 0; d < files.n; d++) {
                    gcn_strs dg = {0};
                    gcn_doc_gens(f, files.v[d], enc, &dg);
                    if (gcn_strs_has(&dg, allgens.v[g])) {
                        gcn_read_layout(f, files.v[d], enc, allgens.v[g], &r);
                        for (j = 0; j < r.n; j++)
                            if (strcmp(r.v[j]->name, essential.v[i]) == 0)
                                found = 1;
                    }
                    gcn_strs_free(&dg);
                }
                if (found)
                    continue;
                for (j = 0; j < f->n; j++)
                    if (f->v[j].kind == GCN_FACT_FIELD && strcmp(f->v[j].encoding, enc) == 0 &&
                        strcmp(f->v[j].name, essential.v[i]) == 0)
                        gcn_strs_push(&ids, f->v[j].id);
                gcn_strs_push(&gens, allgens.v[g]);
                if (!gcn_findings_add(out, GCN_FC_FIELD_MISSING, enc, essential.v[i], &ids, &gens,
                                      "no page gives the %s field for these generations",
                                      essential.v[i]))
                    st = GCN_ERR_NOMEM;
                gcn_strs_free(&ids);
                gcn_strs_free(&gens);
            }
        gcn_strs_free(&files);
        gcn_strs_free(&allgens);
        gcn_strs_free(&essential);
    }
    gcn_strs_free(&encs);
    free(r.v);
    free(r2.v);
    return st;
}
