/* Opcode table rows with no section: an instruction the tables list that no page of its encoding
 * describes (no syntax, description or operation). A row whose opcode a section gives under
 * another name is not one of these: that is a misspelled or misnamed row, which the opcode and
 * name detectors report. All rows of one instruction are one finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "spec/model/claims.h"

/* Every name a section of an encoding goes by (its name and its cells), by encoding and name. */
typedef struct section_key {
    const char *encoding, *name;
} section_key;

typedef struct section_keys {
    section_key *v;
    size_t n, cap;
} section_keys;

static int section_key_cmp(const void *a, const void *b)
{
    const section_key *x = a, *y = b;
    int c = strcmp(x->encoding, y->encoding);
    return c ? c : strcmp(x->name, y->name);
}

static int section_keys_push(section_keys *k, const char *encoding, const char *name)
{
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 256;
        section_key *v = realloc(k->v, cap * sizeof(*v));
        if (!v)
            return 0;
        k->v = v;
        k->cap = cap;
    }
    k->v[k->n].encoding = encoding;
    k->v[k->n++].name = name;
    return 1;
}

static gcn_status section_keys_build(const gcn_facts *f, section_keys *k)
{
    size_t i, j;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_SECTION)
            continue;
        if (!section_keys_push(k, x->encoding, x->name))
            return GCN_ERR_NOMEM;
        for (j = 0; j < x->cells.n; j++)
            if (!section_keys_push(k, x->encoding, x->cells.v[j]))
                return GCN_ERR_NOMEM;
    }
    if (k->n)
        qsort(k->v, k->n, sizeof(*k->v), section_key_cmp);
    return GCN_OK;
}

static int has_section(const section_keys *k, const char *enc, const char *name)
{
    section_key key;
    key.encoding = enc;
    key.name = name;
    return k->n && bsearch(&key, k->v, k->n, sizeof(*k->v), section_key_cmp) != NULL;
}

/* A section claims this opcode on this generation (whatever it calls the instruction). */
static int opcode_has_section(const gcn_claims *c, const gcn_claim_rec *row)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        if (c->v[i].from_section && c->v[i].opcode == row->opcode &&
            strcmp(c->v[i].gen, row->gen) == 0 && strcmp(c->v[i].encoding, row->encoding) == 0)
            return 1;
    return 0;
}

/* A range row's instruction whose template row describes it ("15 (0xf) | TRU, T | SDST(LANEID)
 * = 1"): the page defines it by its tables, with its description there; not a missing section.
 * A template row with an empty description leaves the instruction undescribed. */
static int described_by_template(const gcn_claim_rec *a)
{
    size_t k;
    const gcn_fact *x = a->fact;
    if (x->kind != GCN_FACT_OPCODE_ROW)
        return 0;
    for (k = 0; k < x->nclaims; k++)
        if (x->claims[k].ref && x->claims[k].description && x->claims[k].description[0] &&
            strcmp(x->claims[k].mnemonic, a->mnemonic) == 0 &&
            strcmp(x->claims[k].gen, a->gen) == 0)
            return 1;
    return 0;
}

gcn_status gcn_detect_unsectioned_rows(const gcn_facts *f, gcn_findings *out)
{
    gcn_claims c;
    section_keys keys = {0};
    size_t i, j;
    gcn_status st = gcn_claims_build(f, &c);
    if (st != GCN_OK)
        return st;
    if ((st = section_keys_build(f, &keys)) != GCN_OK) {
        free(keys.v);
        gcn_claims_free(&c);
        return st;
    }
    for (i = 0; i < c.n && st == GCN_OK; i++) {
        const gcn_claim_rec *a = &c.v[i];
        gcn_strs ids = {0};
        int first = 1;
        /* a claim for another form is described by its own page's section */
        if (a->from_section || a->form || has_section(&keys, a->encoding, a->mnemonic) ||
            opcode_has_section(&c, a) || described_by_template(a))
            continue;
        /* one finding per instruction, built from its first row */
        for (j = 0; j < i && first; j++)
            if (!c.v[j].from_section && strcmp(c.v[j].encoding, a->encoding) == 0 &&
                strcmp(c.v[j].mnemonic, a->mnemonic) == 0 && !opcode_has_section(&c, &c.v[j]))
                first = 0;
        if (!first)
            continue;
        for (j = i; j < c.n; j++) {
            const gcn_claim_rec *b = &c.v[j];
            if (!b->from_section && strcmp(b->encoding, a->encoding) == 0 &&
                strcmp(b->mnemonic, a->mnemonic) == 0 && !opcode_has_section(&c, b) &&
                !gcn_strs_has(&ids, b->fact->id))
                gcn_strs_push(&ids, b->fact->id);
        }
        if (!gcn_findings_add(out, GCN_FC_NO_SECTION, a->encoding, a->mnemonic, &ids, NULL,
                              "%s is listed in %zu opcode table row%s, but no %s page has a "
                              "section for it: its syntax, description and operation are not "
                              "given",
                              a->mnemonic, ids.n, ids.n == 1 ? "" : "s", a->encoding))
            st = GCN_ERR_NOMEM;
        gcn_strs_free(&ids);
    }
    free(keys.v);
    gcn_claims_free(&c);
    return st;
}
