/* Name detectors: sections sharing a heading, syntax lines naming another (or no) instruction,
 * syntax operands the encoding has no field for, and operand widths that contradict the
 * description. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "spec/model/claims.h"

static gcn_status duplicate_sections(const gcn_facts *f, gcn_findings *out)
{
    size_t i, j;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *a = &f->v[i];
        gcn_strs ids = {0};
        if (a->kind != GCN_FACT_SECTION)
            continue;
        for (j = 0; j < f->n; j++) {
            const gcn_fact *b = &f->v[j];
            if (b->kind == GCN_FACT_SECTION && strcmp(a->file, b->file) == 0 &&
                strcmp(a->name, b->name) == 0)
                gcn_strs_push(&ids, b->id);
        }
        if (ids.n > 1 && strcmp(ids.v[0], a->id) == 0 &&
            !gcn_findings_add(out, GCN_FC_DUP_SECTION, a->encoding, a->name, &ids, NULL,
                              "%zu sections are headed %s", ids.n, a->name)) {
            gcn_strs_free(&ids);
            return GCN_ERR_NOMEM;
        }
        gcn_strs_free(&ids);
    }
    return GCN_OK;
}

static int known_mnemonic(const gcn_claims *c, const char *enc, const char *m)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        if (strcmp(c->v[i].encoding, enc) == 0 && strcmp(c->v[i].mnemonic, m) == 0)
            return 1;
    return 0;
}

/* Syntax lines that name a mnemonic other than their section's: another instruction of the
 * encoding, or none at all (a misspelling). Copies of one wrong line group into one finding. */
static gcn_status syntax_mnemonics(const gcn_facts *f, const gcn_claims *c, gcn_findings *out)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        gcn_strs ids = {0};
        int other;
        const gcn_fact *sec;
        if (x->kind != GCN_FACT_SYNTAX_LINE || !x->mnemonic || !x->name ||
            strcmp(x->mnemonic, x->name) == 0)
            continue;
        /* a section headed by several names ("V_ADD_I32, V_ADD_U32") gives a syntax per name */
        sec = gcn_fact_section(f, x);
        if (sec && gcn_strs_has(&sec->cells, x->mnemonic))
            continue;
        other = known_mnemonic(c, x->encoding, x->mnemonic);
        gcn_strs_push(&ids, x->id);
        if (!gcn_findings_add(out, other ? GCN_FC_SYNTAX_MNEMONIC : GCN_FC_MISSPELLED, x->encoding,
                              x->name, &ids, NULL,
                              other ? "the syntax line of %s names %s, another instruction"
                                    : "the syntax line of %s names %s, which is no instruction",
                              x->name, x->mnemonic)) {
            gcn_strs_free(&ids);
            return GCN_ERR_NOMEM;
        }
        gcn_strs_free(&ids);
    }
    return GCN_OK;
}

static void field_names(const gcn_facts *f, const char *enc, gcn_strs *out)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_FIELD && strcmp(f->v[i].encoding, enc) == 0 &&
            !gcn_strs_has(out, f->v[i].name))
            gcn_strs_push(out, f->v[i].name);
}

/* Operands that are no field of the encoding (VADDR, DST, SRC, SOFFSET1, SGPROFFSET) and
 * operands named twice. Every line using one bad name is one finding. */
static gcn_status syntax_operands(const gcn_facts *f, gcn_findings *out)
{
    size_t i, k, j;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        gcn_strs fields = {0};
        if (x->kind != GCN_FACT_SYNTAX_LINE)
            continue;
        field_names(f, x->encoding, &fields);
        for (k = 0; k < x->noperands; k++) {
            const char *op = x->operands[k].name;
            gcn_strs ids = {0};
            int twice = 0;
            for (j = 0; j < k; j++)
                if (strcmp(x->operands[j].name, op) == 0)
                    twice = 1;
            if (twice) {
                gcn_strs_push(&ids, x->id);
                gcn_findings_add(out, GCN_FC_SYNTAX_OPERAND, x->encoding, x->name, &ids, NULL,
                                 "the syntax line of %s names %s twice", x->name, op);
                gcn_strs_free(&ids);
                continue;
            }
            if (gcn_strs_has(&fields, op))
                continue;
            /* group: every syntax line of this encoding using the same unknown name */
            for (j = 0; j < f->n; j++) {
                const gcn_fact *y = &f->v[j];
                size_t q;
                if (y->kind != GCN_FACT_SYNTAX_LINE || strcmp(y->encoding, x->encoding) != 0)
                    continue;
                for (q = 0; q < y->noperands; q++)
                    if (strcmp(y->operands[q].name, op) == 0 && !gcn_strs_has(&ids, y->id))
                        gcn_strs_push(&ids, y->id);
            }
            if (!gcn_findings_add(out, GCN_FC_SYNTAX_OPERAND, x->encoding, op, &ids, NULL,
                                  "%zu syntax line%s name%s the operand %s, which is no field "
                                  "of the %s encoding",
                                  ids.n, ids.n == 1 ? "" : "s", ids.n == 1 ? "s" : "", op,
                                  x->encoding)) {
                gcn_strs_free(&ids);
                gcn_strs_free(&fields);
                return GCN_ERR_NOMEM;
            }
            gcn_strs_free(&ids);
        }
        gcn_strs_free(&fields);
    }
    return GCN_OK;
}

/* The description's own width claims: "SDST and SSRC0 are 64-bit", "SSRC0 is 64-bit",
 * "Load two dwords", "64-bit SDATA". Returns the claimed register count for operand `op`, or
 * 0 when the description says nothing about it. */
static int claimed_regs(const char *desc, const char *op)
{
    static const struct {
        const char *words;
        int regs;
    } counts[] = {{"two dwords", 2}, {"four dwords", 4},  {"eight dwords", 8},
                  {"16 dwords", 16}, {"64-bit SDATA", 2}, {"three dwords", 3}};
    const char *p = desc;
    size_t n = strlen(op), i;
    while ((p = strstr(p, op)) != NULL) {
        const char *q = p + n;
        int before = p == desc || !isalnum((unsigned char)p[-1]);
        if (before && !isalnum((unsigned char)*q) && *q != '_') {
            /* "OP is N-bit" or "OP and OTHER are N-bit" */
            const char *is = strstr(q, " is ");
            const char *are = strstr(q, " are ");
            const char *end = strchr(q, '.');
            const char *verb = is && (!are || is < are) ? is + 4 : are ? are + 5 : NULL;
            if (verb && (!end || verb < end) && verb - q < 24 && isdigit((unsigned char)*verb)) {
                int bits = atoi(verb);
                if (strncmp(verb + (bits >= 100 ? 3 : 2), "-bit", 4) == 0)
                    return bits / 32;
            }
        }
        p = q;
    }
    if (strcmp(op, "SDATA") == 0)
        for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
            if (strstr(desc, counts[i].words))
                return counts[i].regs;
    return 0;
}

static gcn_status operand_widths(const gcn_facts *f, gcn_findings *out)
{
    size_t i, j, k;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *syn = &f->v[i];
        const gcn_fact *desc = NULL;
        if (syn->kind != GCN_FACT_SYNTAX_LINE || !syn->section)
            continue;
        for (j = 0; j < f->n; j++)
            if (f->v[j].kind == GCN_FACT_DESCRIPTION && f->v[j].section &&
                strcmp(f->v[j].section, syn->section) == 0)
                desc = &f->v[j];
        if (!desc || !desc->description)
            continue;
        for (k = 0; k < syn->noperands; k++) {
            const gcn_operand_ref *r = &syn->operands[k];
            int want = claimed_regs(desc->description, r->name);
            int have = r->nwidths ? r->widths[r->nwidths - 1] : 1;
            gcn_strs ids = {0};
            if (!want || want == have)
                continue;
            gcn_strs_push(&ids, syn->id);
            gcn_strs_push(&ids, desc->id);
            if (!gcn_findings_add(out, GCN_FC_OPERAND_WIDTH, syn->encoding, syn->name, &ids, NULL,
                                  "%s: the syntax gives %s %d register%s, the description %d",
                                  syn->name, r->name, have, have == 1 ? "" : "s", want)) {
                gcn_strs_free(&ids);
                return GCN_ERR_NOMEM;
            }
            gcn_strs_free(&ids);
        }
    }
    return GCN_OK;
}

gcn_status gcn_detect_names(const gcn_facts *f, gcn_findings *out)
{
    gcn_claims c;
    gcn_status st = gcn_claims_build(f, &c);
    if (st != GCN_OK)
        return st;
    st = duplicate_sections(f, out);
    if (st == GCN_OK)
        st = syntax_mnemonics(f, &c, out);
    if (st == GCN_OK)
        st = syntax_operands(f, out);
    if (st == GCN_OK)
        st = operand_widths(f, out);
    gcn_claims_free(&c);
    return st;
}
