/* Text detectors: "\?\?\?" left in the documents, and pseudocode that contradicts its own
 * description. Each rule reads one explicit claim of the description (smallest/greatest,
 * increment/decrement, bitwise AND/OR/..., "negated X", "stored in VDST", SCC, address masks,
 * generation conditions, offset pairs, register ranges, data widths) and checks the code says
 * the same. A rule fires only where the description makes its claim. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "sections.h"
#include "spec/extract/text.h"

static int has(const char *s, const char *w)
{
    return s && strstr(s, w) != NULL;
}

/* w as a whole word (letters/digits/_ around it do not continue it) */
static int has_word(const char *s, const char *w)
{
    const char *p = s;
    size_t n = strlen(w);
    while (p && (p = strstr(p, w)) != NULL) {
        int before = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (before && after)
            return 1;
        p += n;
    }
    return 0;
}

/* `name =` assignment (not `==`), also `name[..] =` and compound `name |=` */
static int assigns(const char *code, const char *name)
{
    const char *p = code;
    size_t n = strlen(name);
    while ((p = strstr(p, name)) != NULL) {
        const char *q = p + n;
        int before = p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        if (before && !(isalnum((unsigned char)*q) || *q == '_')) {
            if (*q == '[') {
                q = strchr(q, ']');
                if (!q)
                    return 0;
                q++;
            }
            while (*q == ' ')
                q++;
            if (*q && strchr("|&^+-", *q) && q[1] == '=')
                return 1;
            if (q[0] == '=' && q[1] != '=')
                return 1;
        }
        p += n;
    }
    return 0;
}

/* a bitwise operator character that is not part of && / || / &= used as logic */
static int has_bitwise(const char *code, char op)
{
    const char *p;
    for (p = code; *p; p++)
        if (*p == op && p[1] != op && (p == code || p[-1] != op)) {
            const char *q = p + 1;
            while (*q == ' ')
                q++;
            if (*q == '~')
                q++;
            if (isdigit((unsigned char)*q))
                continue; /* a constant mask (an address alignment), not the operation */
            return 1;
        }
    return 0;
}

static gcn_status report(gcn_findings *out, gcn_finding_cat cat, const gcn_section_view *s,
                         const char *fmt, const char *a, const char *b)
{
    gcn_strs ids = {0};
    gcn_finding *x;
    char msg[512];
    gcn_strs_push(&ids, s->description->id);
    gcn_strs_push(&ids, s->operation->id);
    snprintf(msg, sizeof(msg), fmt, s->section->name, a ? a : "", b ? b : "");
    x = gcn_findings_add(out, cat, s->section->encoding, s->section->name, &ids, NULL, "%s", msg);
    gcn_strs_free(&ids);
    return x ? GCN_OK : GCN_ERR_NOMEM;
}

/* The masks written as "& ~3", "&~7", "& 1", "&0xffff" */
static void masks(const char *s, gcn_strs *out)
{
    const char *p;
    for (p = s; *p; p++) {
        const char *q;
        char buf[32];
        size_t n = 0;
        if (*p != '&' || p[1] == '&' || (p > s && p[-1] == '&'))
            continue;
        q = p + 1;
        while (*q == ' ')
            q++;
        if (*q == '~')
            buf[n++] = *q++;
        while (*q == ' ')
            q++;
        if (!isdigit((unsigned char)*q))
            continue;
        while (n < sizeof(buf) - 1 && isalnum((unsigned char)*q))
            buf[n++] = *q++;
        buf[n] = 0;
        if (!gcn_strs_has(out, buf))
            gcn_strs_push(out, buf);
    }
}

/* "GCN14" / "GCN1.4" conditions in code, as generation ids */
static void code_gens(const char *code, gcn_strs *out)
{
    const char *p = code;
    while ((p = strstr(p, "GCN")) != NULL) {
        char id[16];
        p += 3;
        if (isdigit((unsigned char)p[0]) && p[1] == '.' && isdigit((unsigned char)p[2]))
            snprintf(id, sizeof(id), "gcn%c.%c", p[0], p[2]);
        else if (isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]))
            snprintf(id, sizeof(id), "gcn%c.%c", p[0], p[1]);
        else
            continue;
        if (!gcn_strs_has(out, id))
            gcn_strs_push(out, id);
    }
}

static int bracket_range(const char *s, const char *reg)
{
    const char *p = s;
    while ((p = strstr(p, reg)) != NULL) {
        const char *e = strchr(p, ']');
        const char *c = strchr(p, ':');
        if (e && c && c < e)
            return 1;
        p += strlen(reg);
    }
    return 0;
}

/* 32 or 64 from a DS mnemonic's data suffix (_B32/_U64/...), 0 otherwise */
static int mnemonic_bits(const char *m)
{
    size_t n = strlen(m);
    if (n < 4 || m[n - 4] != '_' || !strchr("BUIF", m[n - 3]))
        return 0;
    if (strcmp(m + n - 2, "32") == 0)
        return 32;
    if (strcmp(m + n - 2, "64") == 0)
        return 64;
    return 0;
}

static int pointee_bits(const char *code, char *type, size_t size)
{
    static const struct {
        const char *t;
        int bits;
    } types[] = {{"UINT32*", 32}, {"INT32*", 32}, {"FLOAT*", 32},
                 {"UINT64*", 64}, {"INT64*", 64}, {"DOUBLE*", 64}};
    const char *best = NULL;
    int bits = 0;
    size_t i;
    for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        const char *p = strstr(code, types[i].t);
        /* a declaration "T* V" at the start of a line */
        while (p && !(p == code || p[-1] == '\n'))
            p = strstr(p + 1, types[i].t);
        if (p && (!best || p < best)) {
            best = p;
            bits = types[i].bits;
            snprintf(type, size, "%s", types[i].t);
        }
    }
    return bits;
}

static gcn_status description_rules(const gcn_section_view *s, gcn_findings *out)
{
    const char *d = s->description->description;
    char *code = gcn_code_without_comments(s->operation->code);
    const char *m = s->section->name;
    gcn_status st = GCN_OK;
    if (!code)
        return GCN_ERR_NOMEM;
    /* smallest / greatest */
    if (has(d, "smallest") && !has(d, "greatest") && !has(d, "largest") && has(code, "MAX(") &&
        !has(code, "MIN("))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description chooses the smallest value, the code takes MAX%s%s", NULL,
                    NULL);
    if (st == GCN_OK && (has(d, "greatest") || has(d, "largest")) && !has(d, "smallest") &&
        has(code, "MIN(") && !has(code, "MAX("))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description chooses the greatest value, the code takes MIN%s%s", NULL,
                    NULL);
    /* increment / decrement */
    {
        int dec_code = has(code, "-1") || has(code, "-=") || has(code, "--");
        int inc_code = has(code, "+1") || has(code, "+=") || has(code, "++");
        if (st == GCN_OK && has(d, "increment") && !has(d, "decrement") && dec_code && !inc_code)
            st = report(out, GCN_FC_DESCRIPTION, s,
                        "%s: the description increments, the code decrements%s%s", NULL, NULL);
        if (st == GCN_OK && has(d, "decrement") && !has(d, "increment") && inc_code && !dec_code)
            st = report(out, GCN_FC_DESCRIPTION, s,
                        "%s: the description decrements, the code increments%s%s", NULL, NULL);
    }
    /* bitwise AND / OR / XOR, NAND / NOR / XNOR */
    {
        static const struct {
            const char *word;
            char op;
        } ops[] = {{"NAND", '&'}, {"NOR", '|'}, {"XNOR", '^'},
                   {"AND", '&'},  {"OR", '|'},  {"XOR", '^'}};
        size_t i;
        for (i = 0; st == GCN_OK && i < sizeof(ops) / sizeof(ops[0]); i++) {
            char phrase[32], opstr[2] = {0, 0};
            snprintf(phrase, sizeof(phrase), "bitwise %s", ops[i].word);
            if (!has_word(d, phrase))
                continue;
            opstr[0] = ops[i].op;
            if (!has_bitwise(code, ops[i].op))
                st = report(out, GCN_FC_DESCRIPTION, s,
                            "%s: the description says bitwise %s, the code has no '%s'",
                            ops[i].word, opstr);
            break; /* NAND before AND: the first matching word is the operation */
        }
    }
    /* "negated SSRC0" / "negated EXEC" */
    {
        static const char *const names[] = {"SSRC0", "EXEC"};
        size_t i;
        for (i = 0; st == GCN_OK && i < 2; i++) {
            char phrase[32], neg[16];
            snprintf(phrase, sizeof(phrase), "negated %s", names[i]);
            snprintf(neg, sizeof(neg), "~%s", names[i]);
            if (has(d, phrase) && !has(code, neg))
                st = report(out, GCN_FC_DESCRIPTION, s,
                            "%s: the description negates %s, the code does not (%s missing)",
                            names[i], neg);
        }
    }
    /* "Previous value ... stored in VDST": the code must write VDST */
    if (st == GCN_OK && (has(d, "stored in VDST") || has(d, "are stored in VDST")) &&
        !assigns(code, "VDST"))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description returns the previous value in VDST, the code never "
                    "writes VDST%s%s",
                    NULL, NULL);
    /* SCC */
    if (st == GCN_OK && has(d, "to SCC") && !assigns(code, "SCC"))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description sets SCC, the code does not%s%s", NULL, NULL);
    if (st == GCN_OK && has(d, "SCC is not changed") && assigns(code, "SCC"))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description leaves SCC unchanged, the code writes it%s%s", NULL, NULL);
    /* address masks */
    if (st == GCN_OK) {
        gcn_strs dm = {0}, cm = {0};
        size_t i;
        masks(d, &dm);
        masks(code, &cm);
        for (i = 0; st == GCN_OK && i < dm.n; i++)
            if (!gcn_strs_has(&cm, dm.v[i]))
                st = report(out, GCN_FC_DESCRIPTION, s,
                            "%s: the description masks the address with '& %s', the code "
                            "never does%s",
                            dm.v[i], "");
        gcn_strs_free(&dm);
        gcn_strs_free(&cm);
    }
    /* generation conditions */
    if (st == GCN_OK) {
        gcn_strs dg = {0}, cg = {0};
        size_t i;
        int differ = 0;
        text_gens(d, &dg);
        code_gens(code, &cg);
        if (dg.n && cg.n) {
            differ = dg.n != cg.n;
            for (i = 0; i < dg.n; i++)
                if (!gcn_strs_has(&cg, dg.v[i]))
                    differ = 1;
        }
        if (differ)
            st = report(out, GCN_FC_DESCRIPTION, s,
                        "%s: the description's generation condition (%s) differs from the "
                        "code's (%s)",
                        dg.v[0], cg.v[0]);
        gcn_strs_free(&dg);
        gcn_strs_free(&cg);
    }
    /* OFFSET0 / OFFSET1 */
    if (st == GCN_OK && has_word(d, "OFFSET0") && !has_word(d, "OFFSET1") &&
        has_word(code, "OFFSET1"))
        st = report(out, GCN_FC_DESCRIPTION, s,
                    "%s: the description uses OFFSET0 for both addresses, the code uses "
                    "OFFSET1 for the second%s%s",
                    NULL, NULL);
    /* register ranges: SGPR[a : b] in one, SGPR[a] in the other */
    if (st == GCN_OK && has(d, "SGPR[") && has(code, "SGPR[") &&
        bracket_range(d, "SGPR[") != bracket_range(code, "SGPR["))
        st = report(out, GCN_FC_DESCRIPTION, s, "%s: the description addresses %s, the code %s",
                    bracket_range(d, "SGPR[") ? "two SGPRs" : "one SGPR",
                    bracket_range(code, "SGPR[") ? "two" : "one");
    /* data width: the description or the pointer type against the mnemonic (DS) */
    if (st == GCN_OK && s->section->encoding && strcmp(s->section->encoding, "DS") == 0) {
        int bits = mnemonic_bits(m);
        char type[16] = "";
        int pbits = pointee_bits(code, type, sizeof(type));
        if (bits == 64 && has(d, "32-bit") && !has(d, "64-bit"))
            st = report(out, GCN_FC_DESCRIPTION, s,
                        "%s: a 64-bit instruction whose description speaks of a 32-bit value%s%s",
                        NULL, NULL);
        if (st == GCN_OK && bits && pbits && bits != pbits && !has(m, "SRC2"))
            st = report(out, GCN_FC_PSEUDO_DEFECT, s,
                        "%s: a %s-bit instruction accesses memory through %s",
                        bits == 64 ? "64" : "32", type);
    }
    free(code);
    return st;
}

/* "\?\?\?" outside pseudocode: table cells, remarks, descriptions, labels */
static gcn_status unknowns(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        const char *where = NULL;
        gcn_strs ids = {0};
        if (x->kind == GCN_FACT_OPERATION && x->remark && has(x->remark, "\?\?\?"))
            where = "after the Operation label";
        else if (x->kind == GCN_FACT_DESCRIPTION && has(x->text, "\?\?\?"))
            where = "in the description";
        else if ((x->kind == GCN_FACT_OPCODE_ROW || x->kind == GCN_FACT_AMBIGUOUS_ROW) &&
                 x->remark && has(x->remark, "\?\?\?"))
            where = "in the opcode table";
        else if (x->kind != GCN_FACT_OPERATION && x->kind != GCN_FACT_OPCODE_ROW &&
                 x->kind != GCN_FACT_AMBIGUOUS_ROW && x->kind != GCN_FACT_DESCRIPTION &&
                 x->kind != GCN_FACT_SECTION && has(x->text, "\?\?\?"))
            where = "in the text";
        if (!where)
            continue;
        gcn_strs_push(&ids, x->id);
        if (!gcn_findings_add(out, GCN_FC_UNKNOWN, x->encoding,
                              x->name       ? x->name
                              : x->mnemonic ? x->mnemonic
                              : x->nclaims  ? x->claims[0].mnemonic
                                            : "",
                              &ids, NULL,
                              "the document writes '\?\?\?' %s: the author did not know", where)) {
            gcn_strs_free(&ids);
            return GCN_ERR_NOMEM;
        }
        gcn_strs_free(&ids);
    }
    return GCN_OK;
}

gcn_status gcn_detect_text(const gcn_facts *f, gcn_findings *out)
{
    gcn_section_view *v;
    size_t n, i;
    gcn_status st = gcn_section_views(f, &v, &n);
    if (st != GCN_OK)
        return st;
    for (i = 0; i < n && st == GCN_OK; i++)
        if (v[i].description && v[i].description->description && v[i].operation)
            st = description_rules(&v[i], out);
    free(v);
    if (st == GCN_OK)
        st = unknowns(f, out);
    return st;
}
