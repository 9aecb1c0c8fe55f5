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

static int is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* `word` occurs in `text` as a whole word */
static int has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    const char *p = text;
    while (text && (p = strstr(p, word)) != NULL) {
        if ((p == text || !is_word_char(p[-1])) && !is_word_char(p[n]))
            return 1;
        p += n;
    }
    return 0;
}

/* A field holding "(scalar or vector)" operands is also named with the kind it takes: SSRC2
 * is the scalar operand in SRC2, VSRC0 the vector one in SRC0 (the CLRX VOP pages). */
static int kind_of_field(const gcn_facts *f, const char *enc, const char *op)
{
    size_t i;
    if (op[0] != 'S' && op[0] != 'V')
        return 0;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind == GCN_FACT_FIELD && strcmp(x->encoding, enc) == 0 &&
            strcmp(x->name, op + 1) == 0 && x->description &&
            strstr(x->description, "scalar or vector"))
            return 1;
    }
    return 0;
}

static int field_like(const gcn_facts *f, const char *enc, const gcn_strs *fields, const char *op)
{
    return gcn_strs_has(fields, op) || kind_of_field(f, enc, op);
}

/* The page's own notes define the name: a line or sentence "NAME - what it is" or
 * "NAME = expression" (the SOPP/SOPK "RELADDR - relative offset ..."). */
static int defined_by_note(const gcn_facts *f, const char *enc, const char *op)
{
    size_t i, n = strlen(op);
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        const char *p;
        if (x->kind != GCN_FACT_NOTE || !x->text || strcmp(x->encoding, enc) != 0)
            continue;
        for (p = x->text; (p = strstr(p, op)) != NULL; p += n) {
            int starts =
                p == x->text || p[-1] == '\n' || (p - x->text >= 2 && p[-1] == ' ' && p[-2] == '.');
            if (starts && (strncmp(p + n, " - ", 3) == 0 || strncmp(p + n, " = ", 3) == 0))
                return 1;
        }
    }
    return 0;
}

/* The operands of a syntax template ("Syntax: INSTRUCTION VCC, SRC0, VSRC1 [MODIFIERS]"), each
 * cut at its register count or its first space. Returns how many were stored (at most max). */
static size_t template_operands(const char *text, char names[][32], size_t max)
{
    const char *p = text ? strstr(text, "INSTRUCTION ") : NULL;
    size_t n = 0;
    if (!p)
        return 0;
    p += strlen("INSTRUCTION ");
    while (*p && *p != '[' && *p != '\n' && n < max) {
        size_t len = 0;
        while (*p == ' ')
            p++;
        while (p[len] && p[len] != ',' && p[len] != '(' && p[len] != ' ' && p[len] != '\n')
            len++;
        if (len == 0 || len >= sizeof(names[0]))
            break;
        memcpy(names[n], p, len);
        names[n++][len] = '\0';
        p += len;
        while (*p && *p != ',' && *p != '[' && *p != '\n')
            p++;
        if (*p == ',')
            p++;
    }
    return n;
}

/* The encoding's syntax templates give a register where another template of the encoding has
 * a field (VOPC "INSTRUCTION VCC, SRC0, VSRC1" beside the VOP3 form's "INSTRUCTION SDST(2),
 * SRC0, SRC1"): the register is what the short form implies for that field. */
static int template_register(const gcn_facts *f, const char *enc, const gcn_strs *fields,
                             const char *op)
{
    char a[8][32], b[8][32];
    size_t i, j, k, na, nb;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_SYNTAX_TEMPLATE || strcmp(x->encoding, enc) != 0)
            continue;
        na = template_operands(x->text, a, 8);
        for (k = 0; k < na; k++) {
            if (strcmp(a[k], op) != 0)
                continue;
            for (j = 0; j < f->n; j++) {
                const gcn_fact *y = &f->v[j];
                if (y == x || y->kind != GCN_FACT_SYNTAX_TEMPLATE || strcmp(y->encoding, enc) != 0)
                    continue;
                nb = template_operands(y->text, b, 8);
                if (nb == na && strcmp(b[k], op) != 0 && field_like(f, enc, fields, b[k]))
                    return 1;
            }
        }
    }
    return 0;
}

/* NAME(ARG, ...) with named arguments ("HWREG(HWREGNAME, BITOFFSET, BITSIZE)") builds a value
 * from its arguments: it is no register and no field, and goes into the encoding's immediate
 * field, so it stands when the encoding has one. */
static int value_constructor(const gcn_facts *f, const char *enc, const gcn_operand_ref *r)
{
    size_t i, n = strlen(r->name);
    if (!r->text || strncmp(r->text, r->name, n) != 0 || r->text[n] != '(' ||
        !isalpha((unsigned char)r->text[n + 1]))
        return 0;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind == GCN_FACT_FIELD && strcmp(x->encoding, enc) == 0 && x->description &&
            strstr(x->description, "immediate"))
            return 1;
    }
    return 0;
}

static const gcn_fact *section_description(const gcn_facts *f, const gcn_fact *syn)
{
    size_t i;
    for (i = 0; syn->section && i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_DESCRIPTION && f->v[i].section &&
            strcmp(f->v[i].section, syn->section) == 0)
            return &f->v[i];
    return NULL;
}

/* The section's description says the operand is the literal value that follows the
 * instruction word: it writes "literal NAME" or "NAME is immediate", and says the value comes
 * "after instruction" ("the constant literal FLOATLIT ... follows after instruction word",
 * "IMM32 is immediate 32-bit value after instruction dword"). "if SSRC0 is immediate value"
 * alone says what a source may hold, not that it is the literal. */
static int described_as_literal(const gcn_facts *f, const gcn_fact *syn, const char *op)
{
    const gcn_fact *desc = section_description(f, syn);
    const char *text = desc ? desc->description : NULL, *p;
    size_t n = strlen(op);
    if (!text || !strstr(text, "after instruction"))
        return 0;
    for (p = text; (p = strstr(p, op)) != NULL; p += n) {
        if ((p != text && is_word_char(p[-1])) || is_word_char(p[n]))
            continue;
        if (strncmp(p + n, " is immediate", 13) == 0 ||
            (p - text >= 8 && strncmp(p - 8, "literal ", 8) == 0))
            return 1;
    }
    return 0;
}

/* The operand at position k stands in for a field: the section's other form writes a field at
 * that place (VOP2 "VDST, VCC, SRC0, SRC1, VCC" beside VOP3B "VDST, SDST(2), SRC0, SRC1,
 * SSRC2(2)"), and the description names the operand ("SDST (or VCC)"), so it is a register
 * the short form implies, not a misspelt field. Returns the other form's operand, or NULL. */
static const char *stands_for(const gcn_facts *f, const gcn_fact *x, size_t k,
                              const gcn_strs *fields)
{
    const gcn_fact *desc = section_description(f, x);
    size_t i;
    if (!desc || !has_word(desc->description, x->operands[k].name))
        return NULL;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *y = &f->v[i];
        if (y == x || y->kind != GCN_FACT_SYNTAX_LINE || !y->section ||
            strcmp(y->section, x->section) != 0 || y->noperands != x->noperands)
            continue;
        if (field_like(f, y->encoding, fields, y->operands[k].name))
            return y->operands[k].name;
    }
    return NULL;
}

/* Operand k of syntax line x is accounted for by the page: a field, the scalar or vector kind
 * of one, a name the page defines, a register the templates put for a field, a literal the
 * description calls so, a value built from
 * named arguments, or a register standing in for another form's field. */
static int operand_known(const gcn_facts *f, const gcn_fact *x, size_t k, const gcn_strs *fields)
{
    const gcn_operand_ref *r = &x->operands[k];
    return field_like(f, x->encoding, fields, r->name) ||
           defined_by_note(f, x->encoding, r->name) ||
           template_register(f, x->encoding, fields, r->name) ||
           value_constructor(f, x->encoding, r) || described_as_literal(f, x, r->name) ||
           stands_for(f, x, k, fields) != NULL;
}

/* Operands that are no field of the encoding (VADDR, DST, SRC, SOFFSET1, SGPROFFSET) and
 * operands named twice (but a register standing for two different operands of the other
 * form, VCC as carry-out and carry-in, is named twice rightly). Every line using one bad name
 * is one finding. */
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
                if (strcmp(x->operands[j].name, op) == 0) {
                    const char *a = stands_for(f, x, j, &fields), *b = stands_for(f, x, k, &fields);
                    if (!a || !b || strcmp(a, b) == 0)
                        twice = 1;
                }
            if (twice) {
                gcn_strs_push(&ids, x->id);
                gcn_findings_add(out, GCN_FC_SYNTAX_OPERAND, x->encoding, x->name, &ids, NULL,
                                 "the syntax line of %s names %s twice", x->name, op);
                gcn_strs_free(&ids);
                continue;
            }
            if (operand_known(f, x, k, &fields))
                continue;
            /* group: every syntax line of this encoding using the same unaccounted name */
            for (j = 0; j < f->n; j++) {
                const gcn_fact *y = &f->v[j];
                size_t q;
                if (y->kind != GCN_FACT_SYNTAX_LINE || strcmp(y->encoding, x->encoding) != 0)
                    continue;
                for (q = 0; q < y->noperands; q++)
                    if (strcmp(y->operands[q].name, op) == 0 && !gcn_strs_has(&ids, y->id) &&
                        !operand_known(f, y, q, &fields))
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

/* A 64-bit scalar instruction (_B64, _I64, _U64) whose syntax line gives every scalar operand
 * (SDST, SSRC0, SDATA, ...) one register: at least its data needs two (S_BFE_I64's page writes
 * "SDST, SSRC0, SSRC1" where its operation reads 64 bits). Instructions whose 64-bit operand
 * is only some of them (S_LSHL_B64's shift count is 32-bit) write the others' widths, so one
 * width of 2 anywhere silences it. */
static gcn_status operand_widths_by_suffix(const gcn_facts *f, gcn_findings *out)
{
    size_t i, k;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *syn = &f->v[i];
        const char *m = syn->name;
        size_t n = m ? strlen(m) : 0, scalar = 0, wide = 0;
        gcn_strs ids = {0};
        if (syn->kind != GCN_FACT_SYNTAX_LINE || !syn->section || n < 4 || m[n - 4] != '_' ||
            !strchr("BIU", m[n - 3]) || strcmp(m + n - 2, "64") != 0)
            continue;
        for (k = 0; k < syn->noperands; k++) {
            const gcn_operand_ref *r = &syn->operands[k];
            if (r->name[0] != 'S')
                continue;
            scalar++;
            wide += r->nwidths && r->widths[r->nwidths - 1] > 1;
        }
        if (!scalar || wide)
            continue;
        gcn_strs_push(&ids, syn->id);
        if (!gcn_findings_add(out, GCN_FC_OPERAND_WIDTH, syn->encoding, syn->name, &ids, NULL,
                              "%s: a 64-bit instruction whose syntax gives each of its %zu scalar "
                              "operand%s one register",
                              syn->name, scalar, scalar == 1 ? "" : "s")) {
            gcn_strs_free(&ids);
            return GCN_ERR_NOMEM;
        }
        gcn_strs_free(&ids);
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
    if (st == GCN_OK)
        st = operand_widths_by_suffix(f, out);
    gcn_claims_free(&c);
    return st;
}
