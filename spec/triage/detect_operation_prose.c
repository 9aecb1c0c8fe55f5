/* Operation blocks that hold prose: the Operation label is followed by sentences (what a
 * Description says) instead of code. "Operation: ???" is not prose (the unknowns detector reports
 * it); a block is prose when it reads as words: at least three words of three or more letters
 * and no assignment. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "findings.h"

static int reads_as_prose(const char *s)
{
    size_t words = 0;
    const char *p = s;
    if (strchr(s, '=') && !strstr(s, "=="))
        return 0; /* "V = ..." is code written after the label */
    while (*p) {
        size_t n = 0;
        while (*p && !isalpha((unsigned char)*p))
            p++;
        while (isalpha((unsigned char)p[n]))
            n++;
        /* a lower-case word: prose; upper-case names (VDST, LDS) are the code's too */
        if (n >= 3 && islower((unsigned char)p[1]))
            words++;
        p += n;
    }
    return words >= 3;
}

gcn_status gcn_detect_operation_prose(const gcn_facts *f, gcn_findings *out)
{
    size_t i, j;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        const gcn_fact *desc = NULL;
        gcn_strs ids = {0};
        char quote[160];
        gcn_finding *r;
        if (x->kind != GCN_FACT_OPERATION || x->code || !x->remark || !reads_as_prose(x->remark))
            continue;
        for (j = 0; j < f->n; j++)
            if (f->v[j].kind == GCN_FACT_DESCRIPTION && f->v[j].section && x->section &&
                strcmp(f->v[j].section, x->section) == 0)
                desc = &f->v[j];
        snprintf(quote, sizeof(quote), "%.*s", (int)strcspn(x->remark, "\n"), x->remark);
        gcn_strs_push(&ids, x->id);
        r = gcn_findings_add(out, GCN_FC_OPERATION_PROSE, x->encoding, x->name, &ids, NULL,
                             "%s: the Operation label holds prose ('%s ...'), a description, "
                             "not code%s",
                             x->name ? x->name : "", quote,
                             desc ? "" : "; the section has no Description of its own");
        gcn_strs_free(&ids);
        if (!r)
            return GCN_ERR_NOMEM;
    }
    return GCN_OK;
}
