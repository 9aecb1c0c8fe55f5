/* vISA: names the page's prose uses must be names the page defines. A snake_case name in an
 * operand's, value's or property's description, or in a note (num_elts), must be an operand
 * (Exec_size, Element_offset), an operand's type (raw_operand) or a value the page lists;
 * otherwise the reader cannot tell what it stands for. Names in capitals (DWORD_ATOMIC, M1_NM)
 * and the semantics block's names (checked against the pseudocode environment) are not read
 * here. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "findings.h"

static int same_name(const char *a, size_t n, const char *b)
{
    size_t i;
    if (!b || strlen(b) != n)
        return 0;
    for (i = 0; i < n; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

static int defined(const gcn_facts *f, const char *name, size_t n)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if ((x->kind == GCN_FACT_VISA_OPERAND || x->kind == GCN_FACT_VISA_VALUE ||
             x->kind == GCN_FACT_VISA_OP) &&
            (same_name(name, n, x->name) || same_name(name, n, x->value) ||
             (x->kind == GCN_FACT_VISA_VALUE && same_name(name, n, x->description))))
            return 1;
    }
    return 0;
}

static const char *prose_of(const gcn_fact *x)
{
    if (x->kind == GCN_FACT_VISA_OPERAND || x->kind == GCN_FACT_VISA_VALUE ||
        x->kind == GCN_FACT_VISA_PROPERTY)
        return x->description;
    if (x->kind == GCN_FACT_NOTE && x->doc && strcmp(x->doc, "visa-markdown") == 0)
        return x->text;
    return NULL;
}

gcn_status gcn_detect_visa_names(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        const char *p = prose_of(x);
        while (p && *p) {
            size_t n = 0, k;
            int under = 0, lower = 0;
            while (*p && !(isalnum((unsigned char)*p) || *p == '_'))
                p++;
            while (isalnum((unsigned char)p[n]) || p[n] == '_')
                n++;
            for (k = 0; k < n; k++) {
                under |= p[k] == '_';
                lower |= islower((unsigned char)p[k]) != 0;
            }
            if (under && lower && !defined(f, p, n)) {
                gcn_strs ids = {0};
                char name[64];
                gcn_finding *r;
                snprintf(name, sizeof(name), "%.*s", (int)n, p);
                gcn_strs_push(&ids, x->id);
                r = gcn_findings_add(out, GCN_FC_VISA, x->encoding, name, &ids, NULL,
                                     "%s: the page uses the name %s, which it never defines (no "
                                     "operand, type or value of that name)",
                                     x->name ? x->name : "the note", name);
                gcn_strs_free(&ids);
                if (!r)
                    return GCN_ERR_NOMEM;
            }
            p += n;
        }
    }
    return GCN_OK;
}
