/* vISA: the message types the operation table offers against the surfaces the Surface operand
 * allows. Each message type addresses memory one way: SVM messages are stateless (the
 * "Stateless" surface), DWORD messages are untyped scattered accesses (shared local memory or a
 * stateless buffer), TYPED messages address a typed surface (an image or a typed buffer, through
 * the binding table). A message type that no allowed surface can serve cannot be used, whatever
 * the table says. Message types this table does not know are not judged. */
#include <stdio.h>
#include <string.h>

#include "findings.h"

static const struct {
    const char *message;         /* as the table's Message Type column writes it */
    const char *const serves[3]; /* words of a Surface value that can serve it */
} message_kinds[] = {
    {"SVM", {"Stateless", NULL, NULL}},
    {"DWORD", {"Shared Local Memory", "Stateless", NULL}},
    {"TYPED", {"typed", "image", NULL}},
};

const gcn_fact *gcn_visa_op_table(const gcn_facts *f, const gcn_fact *row)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *t = &f->v[i];
        if (t->kind == GCN_FACT_TABLE && strcmp(t->file, row->file) == 0 && t->line < row->line &&
            t->last_line >= row->line)
            return t;
    }
    return row;
}

/* The comma-separated cell holds the message type as a whole item. */
static int lists(const char *cell, const char *item)
{
    size_t n = strlen(item);
    const char *p = cell;
    while ((p = strstr(p, item)) != NULL) {
        int before = p == cell || p[-1] == ',' || p[-1] == ' ';
        int after = p[n] == 0 || p[n] == ',' || p[n] == ' ';
        if (before && after)
            return 1;
        p += n;
    }
    return 0;
}

gcn_status gcn_detect_visa_surfaces(const gcn_facts *f, gcn_findings *out)
{
    size_t m, i, k;
    const gcn_fact *surface = NULL;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_VISA_OPERAND && f->v[i].name &&
            strcmp(f->v[i].name, "Surface") == 0)
            surface = &f->v[i];
    if (!surface)
        return GCN_OK;
    for (m = 0; m < sizeof(message_kinds) / sizeof(message_kinds[0]); m++) {
        gcn_strs ids = {0}, values = {0};
        char allowed[256] = "";
        int served = 0;
        size_t rows = 0;
        gcn_finding *x;
        for (i = 0; i < f->n; i++) {
            const gcn_fact *v = &f->v[i];
            if (v->kind != GCN_FACT_VISA_VALUE || !v->ref || strcmp(v->ref, "Surface") != 0 ||
                !v->description)
                continue;
            gcn_strs_push(&values, v->id);
            snprintf(allowed + strlen(allowed), sizeof(allowed) - strlen(allowed), "%s%s",
                     allowed[0] ? "; " : "", v->description);
            for (k = 0; k < 3 && message_kinds[m].serves[k]; k++)
                if (strstr(v->description, message_kinds[m].serves[k]))
                    served = 1;
        }
        if (served || !values.n) {
            gcn_strs_free(&values);
            continue;
        }
        for (i = 0; i < f->n; i++) {
            const gcn_fact *op = &f->v[i];
            if (op->kind == GCN_FACT_VISA_OP && op->cells.n &&
                lists(op->cells.v[0], message_kinds[m].message)) {
                /* the table is cited, not each row: the rows' own errata stay theirs */
                const gcn_fact *t = gcn_visa_op_table(f, op);
                if (!gcn_strs_has(&ids, t->id))
                    gcn_strs_push(&ids, t->id);
                rows++;
            }
        }
        if (!rows) {
            gcn_strs_free(&values);
            continue;
        }
        gcn_strs_push(&ids, surface->id);
        for (i = 0; i < values.n; i++)
            gcn_strs_push(&ids, values.v[i]);
        x = gcn_findings_add(out, GCN_FC_VISA, surface->encoding, message_kinds[m].message, &ids,
                             NULL,
                             "%zu operations offer %s messages, but no surface the Surface "
                             "operand allows (%s) can serve one: %s messages address a %s surface",
                             rows, message_kinds[m].message, allowed, message_kinds[m].message,
                             message_kinds[m].serves[0]);
        gcn_strs_free(&ids);
        gcn_strs_free(&values);
        if (!x)
            return GCN_ERR_NOMEM;
    }
    return GCN_OK;
}
