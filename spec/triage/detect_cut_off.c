/* Sections cut off at the end of a file. A file cut inside a code block or a table does not
 * extract (the extractor answers with file:line); a file cut elsewhere in its last section
 * extracts, and only the shape of that section shows it: the file ends after its Opcode or
 * Syntax line (no Description, which every section of these pages has), in the middle of the
 * description's sentence, or right after an Operation label with nothing under it. Sections
 * before the last are whole by construction: the next heading ends them. */
#include <ctype.h>
#include <string.h>

#include "findings.h"

/* Prose that ends a sentence: its last non-blank character closes one. */
static int ends_sentence(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return n && strchr(".!?)`", s[n - 1]) != NULL;
}

static gcn_status last_section(const gcn_facts *f, const gcn_fact *sec, gcn_findings *out)
{
    const gcn_fact *desc = NULL, *empty_op = NULL, *last = sec;
    const char *why = NULL;
    gcn_strs ids = {0};
    gcn_finding *r;
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (!x->section || strcmp(x->section, sec->id) != 0)
            continue;
        if (x->kind == GCN_FACT_DESCRIPTION)
            desc = x;
        if (x->kind == GCN_FACT_OPERATION && !x->code && !x->remark)
            empty_op = x;
        if (x->last_line >= last->last_line)
            last = x;
    }
    if (empty_op)
        why = "its Operation label has nothing under it";
    else if (!desc)
        why = "it ends before its Description";
    else if (last == desc && !ends_sentence(desc->description))
        why = "its description stops in the middle of a sentence";
    if (!why)
        return GCN_OK;
    gcn_strs_push(&ids, sec->id);
    gcn_strs_push(&ids, (empty_op ? empty_op : last)->id);
    r = gcn_findings_add(out, GCN_FC_CUT_OFF, sec->encoding, sec->name, &ids, NULL,
                         "%s, the last section of %s, is cut off: %s", sec->name, sec->file, why);
    gcn_strs_free(&ids);
    return r ? GCN_OK : GCN_ERR_NOMEM;
}

gcn_status gcn_detect_cut_off(const gcn_facts *f, gcn_findings *out)
{
    size_t i, j;
    gcn_status st = GCN_OK;
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *s = &f->v[i];
        int later = 0;
        if (s->kind != GCN_FACT_SECTION)
            continue;
        for (j = 0; j < f->n && !later; j++)
            later = f->v[j].kind == GCN_FACT_SECTION && strcmp(f->v[j].file, s->file) == 0 &&
                    f->v[j].line > s->line;
        if (!later)
            st = last_section(f, s, out);
    }
    return st;
}
