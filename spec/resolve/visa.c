#include "visa.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void at_of(const gcn_fact *f, char *buf, size_t n)
{
    if (f->last_line > f->line)
        snprintf(buf, n, "%s:%u-%u", f->file, f->line, f->last_line);
    else
        snprintf(buf, n, "%s:%u", f->file, f->line);
}

static void add_at(cJSON *o, const gcn_fact *f)
{
    char at[512];
    at_of(f, at, sizeof(at));
    cJSON_AddStringToObject(o, "at", at);
}

static gcn_status fail(gcn_diag *diag, const gcn_fact *f, const char *msg, const char *what)
{
    gcn_diag_set(diag, f ? f->file : "spec/facts.json", f ? f->line : 0, 0, "%s%s", msg, what);
    return GCN_ERR_CONFLICT;
}

/* The visa-inconsistency errata citing a fact, in errata order. */
static cJSON *errata_citing(const gcn_errata *e, const gcn_fact *f)
{
    cJSON *a = cJSON_CreateArray();
    size_t i;
    for (i = 0; i < e->n; i++)
        if (e->v[i].category == GCN_FC_VISA && gcn_strs_has(&e->v[i].facts, f->id))
            cJSON_AddItemToArray(a, cJSON_CreateString(e->v[i].id));
    return a;
}

static long parse_bits(const char *s)
{
    long v = 0;
    if (!s || strncmp(s, "0b", 2) != 0 || !s[2])
        return -1;
    for (s += 2; *s; s++) {
        if (*s != '0' && *s != '1')
            return -1;
        v = v * 2 + (*s - '0');
    }
    return v;
}

/* The row's formula "new = min(old, src0), signed": the expression and what follows it. */
static int split_formula(const char *desc, char *expr, size_t n, char *qual, size_t qn)
{
    const char *p = strstr(desc, "new =");
    int depth = 0;
    size_t k = 0;
    if (!p)
        return 0;
    for (p += 5; *p == ' '; p++)
        ;
    for (; *p && !(depth == 0 && *p == ','); p++) {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (k + 1 < n)
            expr[k++] = *p;
    }
    while (k && expr[k - 1] == ' ')
        k--;
    expr[k] = 0;
    qual[0] = 0;
    if (*p == ',') {
        for (p++; *p == ' '; p++)
            ;
        snprintf(qual, qn, "%s", p);
    }
    return k > 0 && depth == 0;
}

/* The expression language of the table's formulas: old, src0, src1, decimal numbers, min(),
 * max(), parentheses, ?:, ==, + - & | ^. Anything else is not an operation gen/ can compile. */
static int formula_ok(const char *e)
{
    while (*e) {
        if (isspace((unsigned char)*e) || isdigit((unsigned char)*e) || strchr("()?:,+-&|^", *e)) {
            e++;
        } else if (e[0] == '=' && e[1] == '=') {
            e += 2;
        } else if (isalpha((unsigned char)*e)) {
            char w[16];
            size_t k = 0;
            while (isalnum((unsigned char)*e) && k + 1 < sizeof(w))
                w[k++] = *e++;
            w[k] = 0;
            if (strcmp(w, "old") && strcmp(w, "src0") && strcmp(w, "src1") && strcmp(w, "min") &&
                strcmp(w, "max"))
                return 0;
        } else {
            return 0;
        }
    }
    return 1;
}

/* "UW, UD, UQ (SVM only)" -> UD: the dword member of the row's data types. */
static const char *dword_type(const char *cell)
{
    static const char *const dword[] = {"UD", "D", "F"};
    size_t i;
    for (i = 0; i < 3; i++) {
        const char *p = cell;
        size_t n = strlen(dword[i]);
        while ((p = strstr(p, dword[i])) != NULL) {
            int left = p == cell || p[-1] == ' ' || p[-1] == ',';
            int right = p[n] == 0 || p[n] == ',' || p[n] == ' ';
            if (left && right)
                return dword[i];
            p += n;
        }
    }
    return NULL;
}

/* The type the page's notes give an operation: "- IMIN, IMAX: type D," or "Other operations:
 * type UD". */
static const char *note_type(const gcn_facts *f, const char *op, const gcn_fact **src)
{
    size_t i;
    const char *other = NULL;
    static char buf[8];
    for (i = 0; i < f->n; i++) {
        const gcn_fact *n = &f->v[i];
        const char *t, *names;
        size_t k = 0;
        if (n->kind != GCN_FACT_NOTE || !n->text || strcmp(n->encoding, "DWORD_ATOMIC") != 0 ||
            !(t = strstr(n->text, ": type ")))
            continue;
        for (names = n->text; *names == ' ' || *names == '-'; names++)
            ;
        for (t += 7; isalpha((unsigned char)t[k]) && k + 1 < sizeof(buf); k++)
            buf[k] = t[k];
        buf[k] = 0;
        if (strncmp(names, "Other operations", 16) == 0) {
            other = n->text;
            *src = n;
            continue;
        }
        {
            /* the op must appear as a whole name in the list before ':' */
            const char *p = names, *end = strstr(names, ": type ");
            size_t on = strlen(op);
            while ((p = strstr(p, op)) != NULL && p < end) {
                if ((p == names || p[-1] == ' ' || p[-1] == ',') &&
                    (p[on] == ',' || p[on] == ':' || p[on] == ' ')) {
                    *src = n;
                    return strcmp(buf, "UD") == 0 ? "UD" : strcmp(buf, "D") == 0 ? "D" : "F";
                }
                p += on;
            }
        }
    }
    if (other) {
        const char *t = strstr(other, ": type ") + 7;
        return strncmp(t, "UD", 2) == 0 ? "UD" : t[0] == 'D' ? "D" : "F";
    }
    return NULL;
}

static const gcn_fact *first_of(const gcn_facts *f, gcn_fact_kind kind, const char *name)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == kind && strcmp(f->v[i].encoding, "DWORD_ATOMIC") == 0 &&
            (!name || (f->v[i].name && strcmp(f->v[i].name, name) == 0)))
            return &f->v[i];
    return NULL;
}

static cJSON *operand_values(const gcn_facts *f, const char *operand)
{
    cJSON *a = cJSON_CreateArray();
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *v = &f->v[i];
        cJSON *o;
        unsigned count;
        char name[32];
        if (v->kind != GCN_FACT_VISA_VALUE || !v->ref || strcmp(v->ref, operand) != 0)
            continue;
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "value", v->value);
        cJSON_AddStringToObject(o, "description", v->description ? v->description : "");
        /* what the runtime needs from the prose: channel counts and execution masks */
        if (strcmp(operand, "Exec_size") == 0 && sscanf(v->description, "%u element", &count) == 1)
            cJSON_AddNumberToObject(o, "channels", count);
        if (strcmp(operand, "Exec_size") == 0 && sscanf(v->description, "M%u", &count) == 1) {
            cJSON_AddNumberToObject(o, "mask_group", count);
            cJSON_AddBoolToObject(o, "nomask", strstr(v->description, "_NM") != NULL);
        }
        if (strcmp(operand, "Surface") == 0 && sscanf(v->description, "%31s", name) == 1)
            cJSON_AddStringToObject(o, "surface", name);
        add_at(o, v);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static gcn_status emit_ops(const gcn_facts *f, const gcn_errata *e, cJSON *ops, gcn_diag *diag)
{
    size_t i, j;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *op = &f->v[i], *tn = NULL;
        char expr[256], qual[64], name[32];
        const char *type, *ntype, *mnemonic = NULL;
        long code = parse_bits(op->value);
        cJSON *o, *reads, *errs, *msg;
        if (op->kind != GCN_FACT_VISA_OP)
            continue;
        if (code < 0)
            return fail(diag, op, "vISA operation code is not a binary number: ", op->value);
        if (!op->description ||
            !split_formula(op->description, expr, sizeof(expr), qual, sizeof(qual)) ||
            !formula_ok(expr))
            return fail(diag, op, "vISA operation formula not understood: ",
                        op->description ? op->description : "(none)");
        if (op->cells.n < 3 || !(type = dword_type(op->cells.v[1])))
            return fail(diag, op, "vISA operation row has no dword data type: ", op->text);
        for (j = 0; j < f->n; j++)
            if (f->v[j].kind == GCN_FACT_VISA_VALUE && f->v[j].ref &&
                strcmp(f->v[j].ref, "Op") == 0 && strcmp(f->v[j].value, op->value) == 0)
                mnemonic = f->v[j].description;
        if (!mnemonic)
            return fail(diag, op, "vISA operation missing from the Op list: ", op->name);
        errs = errata_citing(e, op);
        /* the notes' operand types against the row: only a visa-inconsistency erratum may
         * settle a disagreement (the row is followed) */
        ntype = note_type(f, op->name, &tn);
        if (ntype && strcmp(ntype, type) != 0 && cJSON_GetArraySize(errs) == 0) {
            cJSON_Delete(errs);
            return fail(diag, op,
                        "vISA operation type differs from the notes with no erratum: ", op->name);
        }
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", op->name);
        snprintf(name, sizeof(name), "0x%02lx", code);
        cJSON_AddStringToObject(o, "code", name);
        cJSON_AddStringToObject(o, "bits", op->value);
        cJSON_AddStringToObject(o, "mnemonic", mnemonic);
        cJSON_AddStringToObject(o, "formula", op->description);
        cJSON_AddStringToObject(o, "new", expr);
        if (qual[0])
            cJSON_AddStringToObject(o, "qualifier", qual);
        cJSON_AddStringToObject(o, "type", type);
        cJSON_AddStringToObject(o, "data_types", op->cells.v[1]);
        msg = cJSON_AddArrayToObject(o, "message_types");
        {
            /* "DWORD, SVM, TYPED" */
            const char *p = op->cells.v[0];
            while (*p) {
                size_t k = strcspn(p, ", ");
                if (k) {
                    char tok[32];
                    snprintf(tok, sizeof(tok), "%.*s", (int)k, p);
                    cJSON_AddItemToArray(msg, cJSON_CreateString(tok));
                }
                p += k;
                p += strspn(p, ", ");
            }
        }
        if (strncmp(op->cells.v[2], "Old value", 9) == 0)
            cJSON_AddStringToObject(o, "returns", "old");
        else if (strncmp(op->cells.v[2], "New value", 9) == 0) {
            /* the semantics block returns the old value for everything */
            if (cJSON_GetArraySize(errs) == 0) {
                cJSON_Delete(errs);
                cJSON_Delete(o);
                return fail(diag, op,
                            "vISA operation returns the new value with no erratum: ", op->name);
            }
            cJSON_AddStringToObject(o, "returns", "new");
        } else {
            cJSON_Delete(errs);
            cJSON_Delete(o);
            return fail(diag, op, "vISA return value not understood: ", op->cells.v[2]);
        }
        cJSON_AddStringToObject(o, "return_text", op->cells.v[2]);
        reads = cJSON_AddArrayToObject(o, "reads");
        if (strstr(expr, "src0"))
            cJSON_AddItemToArray(reads, cJSON_CreateString("src0"));
        if (strstr(expr, "src1"))
            cJSON_AddItemToArray(reads, cJSON_CreateString("src1"));
        cJSON_AddItemToObject(o, "errata", errs);
        add_at(o, op);
        cJSON_AddItemToArray(ops, o);
    }
    return GCN_OK;
}

gcn_status gcn_resolve_visa(const gcn_facts *f, const gcn_errata *e, cJSON **out, gcn_diag *diag)
{
    const gcn_fact *opc = first_of(f, GCN_FACT_VISA_OPCODE, NULL);
    const gcn_fact *fmt = first_of(f, GCN_FACT_VISA_FORMAT, NULL);
    const gcn_fact *sem = first_of(f, GCN_FACT_VISA_SEMANTICS, NULL);
    const gcn_fact *syn = first_of(f, GCN_FACT_VISA_SYNTAX, NULL);
    const gcn_fact *oob = first_of(f, GCN_FACT_VISA_PROPERTY, "Out-of-bound Access");
    cJSON *v, *a, *o;
    size_t i;
    gcn_status st;
    *out = NULL;
    if (!opc)
        return GCN_OK;
    if (!fmt || !sem || !syn || !oob)
        return fail(diag, opc, "vISA page lacks ",
                    !fmt   ? "its format table"
                    : !sem ? "its semantics block"
                    : !syn ? "its text syntax"
                           : "its out-of-bound access property");
    v = cJSON_CreateObject();
    cJSON_AddStringToObject(v, "name", opc->name);
    cJSON_AddStringToObject(v, "opcode", opc->value);
    add_at(v, opc);
    a = cJSON_AddArrayToObject(v, "format");
    for (i = 0; i < fmt->cells.n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(fmt->cells.v[i]));
    o = cJSON_AddObjectToObject(v, "syntax");
    {
        const char *t = syn->text;
        while (*t == ' ')
            t++;
        cJSON_AddStringToObject(o, "text", t);
    }
    add_at(o, syn);
    o = cJSON_AddObjectToObject(v, "semantics");
    cJSON_AddStringToObject(o, "code", sem->code);
    add_at(o, sem);
    /* the operands, in the format's order, each with its enumerated values */
    a = cJSON_AddArrayToObject(v, "operands");
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_VISA_OPERAND)
            continue;
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", x->name);
        cJSON_AddStringToObject(o, "type", x->value);
        cJSON_AddStringToObject(o, "description", x->description ? x->description : "");
        cJSON_AddItemToObject(o, "values", operand_values(f, x->name));
        add_at(o, x);
        cJSON_AddItemToArray(a, o);
    }
    /* ChEn: the semantics block's channel enable, which the page defines only through Pred
     * and Exec_size's mask bits */
    o = cJSON_AddObjectToObject(v, "out_of_bounds");
    if (!strstr(oob->description, "zeros are returned") ||
        !strstr(oob->description, "data is dropped")) {
        cJSON_Delete(v);
        return fail(diag, oob, "vISA out-of-bound rule not understood: ", oob->description);
    }
    cJSON_AddStringToObject(o, "read", "zero");
    cJSON_AddStringToObject(o, "write", "drop");
    cJSON_AddStringToObject(o, "text", oob->description);
    add_at(o, oob);
    for (i = 0; i < f->n; i++) {
        const gcn_fact *n = &f->v[i];
        if (n->kind == GCN_FACT_NOTE && n->text && strcmp(n->encoding, "DWORD_ATOMIC") == 0 &&
            strstr(n->text, "same address")) {
            const char *t = n->text;
            while (*t == ' ')
                t++;
            o = cJSON_AddObjectToObject(v, "same_address");
            cJSON_AddStringToObject(o, "order", "unspecified");
            cJSON_AddStringToObject(o, "text", t);
            add_at(o, n);
            break;
        }
    }
    a = cJSON_AddArrayToObject(v, "ops");
    if ((st = emit_ops(f, e, a, diag)) != GCN_OK) {
        cJSON_Delete(v);
        return st;
    }
    if (cJSON_GetArraySize(a) == 0) {
        cJSON_Delete(v);
        return fail(diag, opc, "vISA page has no operation table", "");
    }
    *out = v;
    return GCN_OK;
}
