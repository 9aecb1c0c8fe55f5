#include "claims.h"

#include <stdlib.h>
#include <string.h>

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void gcn_gens_sort(gcn_strs *gens)
{
    if (gens->n > 1)
        qsort(gens->v, gens->n, sizeof(*gens->v), str_cmp);
}

void gcn_doc_gens(const gcn_facts *f, const char *file, const char *encoding, gcn_strs *out)
{
    size_t i, k;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_OPCODE_TABLE || strcmp(x->file, file) != 0 || !x->encoding ||
            strcmp(x->encoding, encoding) != 0)
            continue;
        for (k = 0; k < x->gens.n; k++)
            if (!gcn_strs_has(out, x->gens.v[k]))
                gcn_strs_push(out, x->gens.v[k]);
    }
    gcn_gens_sort(out);
}

const gcn_fact *gcn_fact_section(const gcn_facts *f, const gcn_fact *child)
{
    size_t i;
    if (!child->section)
        return NULL;
    /* sections precede their children in the sorted fact list */
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_SECTION && strcmp(f->v[i].id, child->section) == 0)
            return &f->v[i];
    return NULL;
}

static int push(gcn_claims *c, size_t *cap, const char *enc, const char *gen, const char *m,
                long opcode, const gcn_fact *fact, int from_section, int weak)
{
    if (c->n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 512;
        gcn_claim_rec *v = realloc(c->v, ncap * sizeof(*v));
        if (!v)
            return 0;
        c->v = v;
        *cap = ncap;
    }
    c->v[c->n].encoding = enc;
    c->v[c->n].gen = gen;
    c->v[c->n].mnemonic = m;
    c->v[c->n].opcode = opcode;
    c->v[c->n].fact = fact;
    c->v[c->n].from_section = from_section;
    c->v[c->n].weak = weak;
    c->v[c->n].form = strcmp(enc, fact->encoding ? fact->encoding : "") != 0;
    c->n++;
    if (!gcn_strs_has(&c->gens, gen))
        gcn_strs_push(&c->gens, gen);
    return 1;
}

/* The encoding a form names: the longest document encoding it starts with ("VOP3A" and
 * "VOP3B", the VOP3 encoding's two layouts, are VOP3; "VOP3P" is its own page's), else the form
 * as written. No form: the page's encoding. */
static const char *form_encoding(const gcn_facts *f, const char *form, const char *page)
{
    size_t i, best = 0;
    const char *enc = form;
    if (!form)
        return page;
    for (i = 0; i < f->ndocs; i++) {
        const char *e = f->docs[i].encoding;
        size_t n = e ? strlen(e) : 0;
        if (n > best && strncmp(form, e, n) == 0) {
            best = n;
            enc = e;
        }
    }
    return enc;
}

/* Claim indices by (mnemonic, file), ties in claim order. */
static const gcn_claims *sort_claims;

static int by_mnemonic_file(const void *pa, const void *pb)
{
    size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
    const gcn_claim_rec *a = &sort_claims->v[ia], *b = &sort_claims->v[ib];
    int r = strcmp(a->mnemonic, b->mnemonic);
    if (!r)
        r = strcmp(a->fact->file, b->fact->file);
    if (!r)
        r = (ia > ib) - (ia < ib);
    return r;
}

/* The first position in tab (sorted by by_mnemonic_file) whose claim is m's in file. */
static size_t lower_mnemonic_file(const gcn_claims *c, const size_t *tab, size_t n, const char *m,
                                  const char *file)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const gcn_claim_rec *r = &c->v[tab[mid]];
        int d = strcmp(r->mnemonic, m);
        if (!d)
            d = strcmp(r->fact->file, file);
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

gcn_status gcn_claims_build(const gcn_facts *f, gcn_claims *out)
{
    size_t i, k, cap = 0;
    memset(out, 0, sizeof(*out));
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_OPCODE_ROW)
            continue;
        for (k = 0; k < x->nclaims; k++) {
            size_t p;
            if (x->claims[k].mnemonic[0] &&
                !push(out, &cap, x->encoding, x->claims[k].gen, x->claims[k].mnemonic,
                      GCN_CLAIM_OPCODE(x, k), x, 0, 0))
                return GCN_ERR_NOMEM;
            /* the same instruction's opcode in another form ("Opcode(VOP3)" column) */
            for (p = 0; p < x->nparts; p++)
                if (x->claims[k].mnemonic[0] && x->parts[p].form &&
                    !push(out, &cap, form_encoding(f, x->parts[p].form, x->encoding),
                          x->claims[k].gen, x->claims[k].mnemonic, x->parts[p].dec, x, 0, 0))
                    return GCN_ERR_NOMEM;
        }
    }
    /* A row that lost cells still says "M is at N" for one of its candidate generations. */
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i], *row = NULL;
        size_t j;
        if (x->kind != GCN_FACT_AMBIGUOUS_ROW || !x->mnemonic)
            continue;
        for (j = 0; j < f->n; j++)
            if (f->v[j].kind == GCN_FACT_OPCODE_ROW && f->v[j].line == x->line &&
                strcmp(f->v[j].file, x->file) == 0)
                row = &f->v[j];
        if (!row)
            continue;
        for (k = 0; k < x->gens.n; k++)
            if (!push(out, &cap, x->encoding, x->gens.v[k], x->mnemonic, row->lo, x, 0, 1))
                return GCN_ERR_NOMEM;
    }
    {
        /* the table claims by (mnemonic, file), for the Opcode lines' lookups */
        size_t ntab = 0, *tab = malloc((out->n + 1) * sizeof(*tab));
        gcn_strs docgens = {0};
        const char *doc_file = NULL, *doc_enc = NULL;
        gcn_status st = GCN_OK;
        if (!tab)
            return GCN_ERR_NOMEM;
        for (i = 0; i < out->n; i++)
            if (!out->v[i].from_section && !out->v[i].weak)
                tab[ntab++] = i;
        sort_claims = out;
        qsort(tab, ntab, sizeof(*tab), by_mnemonic_file);
        for (i = 0; i < f->n && st == GCN_OK; i++) {
            const gcn_fact *x = &f->v[i];
            gcn_strs tablegens = {0};
            size_t p, j;
            if (x->kind != GCN_FACT_OPCODE_LINE || !x->name)
                continue;
            if (!doc_file || strcmp(doc_file, x->file) != 0 ||
                strcmp(doc_enc, x->encoding ? x->encoding : "") != 0) {
                gcn_strs_free(&docgens);
                gcn_doc_gens(f, x->file, x->encoding, &docgens);
                doc_file = x->file;
                doc_enc = x->encoding ? x->encoding : "";
            }
            /* An unqualified Opcode line speaks for the generations where the same page's
             * tables list the instruction (else for all the page's generations). */
            for (j = lower_mnemonic_file(out, tab, ntab, x->name, x->file); j < ntab; j++) {
                const gcn_claim_rec *r = &out->v[tab[j]];
                if (strcmp(r->mnemonic, x->name) != 0 || strcmp(r->fact->file, x->file) != 0)
                    break;
                if (!gcn_strs_has(&tablegens, r->gen))
                    gcn_strs_push(&tablegens, r->gen);
            }
            for (p = 0; p < x->nparts && st == GCN_OK; p++) {
                const gcn_strs *gens = x->parts[p].gens.n ? &x->parts[p].gens
                                       : tablegens.n      ? &tablegens
                                                          : &docgens;
                for (k = 0; k < gens->n; k++) {
                    const char *g = gens->v[k];
                    size_t q;
                    /* point at the interned string of the fact so the claim outlives gens */
                    const char *gid = NULL;
                    for (q = 0; q < out->gens.n; q++)
                        if (strcmp(out->gens.v[q], g) == 0)
                            gid = out->gens.v[q];
                    if (!gid) {
                        gcn_strs_push(&out->gens, g);
                        gid = out->gens.v[out->gens.n - 1];
                    }
                    if (!push(out, &cap, form_encoding(f, x->form, x->encoding), gid, x->name,
                              x->parts[p].dec, x, 1, 0)) {
                        st = GCN_ERR_NOMEM;
                        break;
                    }
                }
            }
            gcn_strs_free(&tablegens);
        }
        gcn_strs_free(&docgens);
        free(tab);
        if (st != GCN_OK)
            return st;
    }
    gcn_gens_sort(&out->gens);
    return GCN_OK;
}

void gcn_claims_free(gcn_claims *c)
{
    free(c->v);
    gcn_strs_free(&c->gens);
    memset(c, 0, sizeof(*c));
}
