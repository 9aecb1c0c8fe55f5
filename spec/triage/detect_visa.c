/* vISA DWORD_ATOMIC: the page's operation table, its semantics block, its operand rules and its
 * type notes must agree with one another. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"

static int icase_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static gcn_status add(gcn_findings *out, const gcn_fact *a, const gcn_fact *b, const char *subject,
                      const char *msg)
{
    gcn_strs ids = {0};
    gcn_finding *x;
    gcn_strs_push(&ids, a->id);
    if (b)
        gcn_strs_push(&ids, b->id);
    x = gcn_findings_add(out, GCN_FC_VISA, a->encoding, subject, &ids, NULL, "%s", msg);
    gcn_strs_free(&ids);
    return x ? GCN_OK : GCN_ERR_NOMEM;
}

static const gcn_fact *operand(const gcn_facts *f, const char *name)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_VISA_OPERAND && strcmp(f->v[i].name, name) == 0)
            return &f->v[i];
    return NULL;
}

/* "new = (old==src1) ? src0 : old": which source is compared, which is stored */
static int cmp_roles(const char *formula, char *compared, char *stored)
{
    const char *q = strchr(formula, '?');
    const char *cond = strchr(formula, '(');
    if (!q || !cond || cond > q)
        return 0;
    compared[0] = stored[0] = 0;
    if (strstr(cond, "src0") && strstr(cond, "src0") < q)
        strcpy(compared, "src0");
    else if (strstr(cond, "src1") && strstr(cond, "src1") < q)
        strcpy(compared, "src1");
    if (strstr(q, "src0"))
        strcpy(stored, "src0");
    else if (strstr(q, "src1"))
        strcpy(stored, "src1");
    return compared[0] && stored[0];
}

gcn_status gcn_detect_visa(const gcn_facts *f, gcn_findings *out)
{
    size_t i, j;
    const gcn_fact *sem = NULL, *src0 = operand(f, "Src0"), *cmp = NULL;
    gcn_status st = GCN_OK;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_VISA_SEMANTICS)
            sem = &f->v[i];
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *op = &f->v[i];
        char msg[512];
        int listed = 0;
        if (op->kind != GCN_FACT_VISA_OP)
            continue;
        /* the Op enumeration must name the same code */
        for (j = 0; j < f->n; j++) {
            const gcn_fact *e = &f->v[j];
            if (e->kind == GCN_FACT_VISA_VALUE && e->ref && strcmp(e->ref, "Op") == 0 && e->value &&
                strcmp(e->value, op->value) == 0) {
                listed = 1;
                if (!icase_eq(e->description, op->name)) {
                    snprintf(msg, sizeof(msg),
                             "operation %s is %s in the table and %s in the Op list", op->value,
                             op->name, e->description);
                    st = add(out, op, e, op->name, msg);
                }
            }
        }
        if (st == GCN_OK && !listed) {
            snprintf(msg, sizeof(msg), "operation %s (%s) is missing from the Op list", op->name,
                     op->value);
            st = add(out, op, NULL, op->name, msg);
        }
        /* the semantics block returns the old value; the table may say otherwise */
        if (st == GCN_OK && sem && op->cells.n >= 3 && strstr(op->cells.v[2], "New value") &&
            strstr(sem->code, "dst[i] =  surface[offset]") != NULL) {
            snprintf(msg, sizeof(msg),
                     "%s returns the new value per the table, but the semantics block writes "
                     "the old value (surface[offset] before the update) to dst",
                     op->name);
            st = add(out, op, sem, op->name, msg);
        }
        /* an operation that does not read src0 must be named in Src0's "must be V0" rule */
        if (st == GCN_OK && src0 && op->description && !strstr(op->description, "src0") &&
            strstr(src0->description, "must be V0")) {
            char upper[32];
            size_t k;
            snprintf(upper, sizeof(upper), "%s", op->name);
            for (k = 0; upper[k]; k++)
                upper[k] = (char)toupper((unsigned char)upper[k]);
            if (!strstr(src0->description, upper)) {
                snprintf(msg, sizeof(msg),
                         "%s does not read src0 (%s), but Src0's rule names only the operations "
                         "that must pass V0 and omits %s",
                         op->name, op->description, op->name);
                st = add(out, op, src0, op->name, msg);
            }
        }
        /* the two compare-and-write operations must give src0/src1 the same roles */
        if (st == GCN_OK && op->description) {
            char c1[8], s1[8];
            if (cmp_roles(op->description, c1, s1)) {
                if (!cmp) {
                    cmp = op;
                } else {
                    char c0[8], s0[8];
                    cmp_roles(cmp->description, c0, s0);
                    if (strcmp(c0, c1) != 0) {
                        snprintf(msg, sizeof(msg),
                                 "%s compares with %s and writes %s, but %s compares with %s "
                                 "and writes %s: the two compare-and-write operations swap "
                                 "the roles of src0 and src1",
                                 cmp->name, c0, s0, op->name, c1, s1);
                        st = add(out, cmp, op, op->name, msg);
                    }
                }
            }
        }
    }
    /* the type notes against the table's data types: "Other operations: type UD" */
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *n = &f->v[i];
        if (n->kind != GCN_FACT_NOTE || !n->text || !strstr(n->text, "Other operations: type UD"))
            continue;
        for (j = 0; j < f->n && st == GCN_OK; j++) {
            const gcn_fact *op = &f->v[j];
            char msg[512];
            if (op->kind != GCN_FACT_VISA_OP || op->cells.n < 2)
                continue;
            /* operations any type note names explicitly are exempt ("- IMIN, IMAX: type D") */
            {
                size_t k;
                int named = 0;
                for (k = 0; k < f->n; k++)
                    if (f->v[k].kind == GCN_FACT_NOTE && f->v[k].text &&
                        strstr(f->v[k].text, ": type") && strstr(f->v[k].text, op->name))
                        named = 1;
                if (named)
                    continue;
            }
            if (strncmp(op->cells.v[1], "W, D", 4) == 0) {
                snprintf(msg, sizeof(msg),
                         "the notes require type UD for %s, the operation table gives signed "
                         "types (%s)",
                         op->name, op->cells.v[1]);
                st = add(out, op, n, op->name, msg);
            }
        }
    }
    return st;
}
