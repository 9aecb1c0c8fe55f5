#include "sections.h"

#include <stdlib.h>
#include <string.h>

gcn_status gcn_section_views(const gcn_facts *f, gcn_section_view **out, size_t *n)
{
    size_t i, count = 0, k = 0;
    gcn_section_view *v;
    for (i = 0; i < f->n; i++)
        if (f->v[i].kind == GCN_FACT_SECTION)
            count++;
    v = calloc(count + 1, sizeof(*v));
    if (!v)
        return GCN_ERR_NOMEM;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind == GCN_FACT_SECTION) {
            v[k++].section = x;
            continue;
        }
        if (!k || !x->section || strcmp(x->section, v[k - 1].section->id) != 0)
            continue;
        switch (x->kind) {
        case GCN_FACT_OPCODE_LINE:
            v[k - 1].opcode = x;
            break;
        case GCN_FACT_SYNTAX_LINE:
            if (x->form && strcmp(x->form, x->encoding) != 0 && !v[k - 1].form_syntax)
                v[k - 1].form_syntax = x;
            /* a section of several forms ("Syntax VOP2:", "Syntax VOP3B:") is read by its own
             * encoding's line; another form's only when it is all the section has */
            if (!x->form || strcmp(x->form, x->encoding) == 0 || !v[k - 1].syntax) {
                gcn_section_view *sv = &v[k - 1];
                /* an unqualified line and one qualified by generations: the second gives those
                 * generations' widths, whichever comes first */
                if (sv->syntax && !x->form && !sv->syntax->form &&
                    (x->gens.n == 0) != (sv->syntax->gens.n == 0)) {
                    if (x->gens.n) {
                        sv->gen_syntax = x;
                    } else {
                        sv->gen_syntax = sv->syntax;
                        sv->syntax = x;
                    }
                } else {
                    sv->syntax = x;
                }
            }
            break;
        case GCN_FACT_DESCRIPTION:
            v[k - 1].description = x;
            break;
        case GCN_FACT_OPERATION:
            if (x->code && x->code[0])
                v[k - 1].operation = x;
            break;
        default:
            break;
        }
    }
    *out = v;
    *n = k;
    return GCN_OK;
}

char *gcn_code_without_comments(const char *code)
{
    char *s = gcn_strdup(code ? code : ""), *p;
    if (!s)
        return NULL;
    for (p = s; *p;) {
        if (p[0] == '/' && p[1] == '/') {
            char *e = strchr(p, '\n');
            if (!e) {
                *p = 0;
                break;
            }
            memmove(p, e, strlen(e) + 1);
        } else {
            p++;
        }
    }
    return s;
}
