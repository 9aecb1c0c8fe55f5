/* Opcode table rows with no section: an instruction the tables list that no page of its encoding
 * describes (no syntax, description or operation). A row whose opcode a section gives under
 * another name is not one of these: that is a misspelled or misnamed row, which the opcode and
 * name detectors report. All rows of one instruction are one finding. */
#include <stdio.h>
#include <string.h>

#include "findings.h"
#include "spec/model/claims.h"

static int has_section(const gcn_facts *f, const char *enc, const char *name)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_SECTION && strcmp(f->v[i].encoding, enc) == 0 &&
            (strcmp(f->v[i].name, name) == 0 || gcn_strs_has(&f->v[i].cells, name)))
            return 1;
    return 0;
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
    size_t i, j;
    gcn_status st = gcn_claims_build(f, &c);
    if (st != GCN_OK)
        return st;
    for (i = 0; i < c.n && st == GCN_OK; i++) {
        const gcn_claim_rec *a = &c.v[i];
        gcn_strs ids = {0};
        int first = 1;
        /* a claim for another form is described by its own page's section */
        if (a->from_section || a->form || has_section(f, a->encoding, a->mnemonic) ||
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
    gcn_claims_free(&c);
    return st;
}
