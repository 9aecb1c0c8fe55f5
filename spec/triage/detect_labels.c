/* Label detector: every part of an instruction section is introduced by its label, written as
 * the page writes it everywhere else ("Opcode:", "Syntax:", "Description:", "Operation:"). The
 * extractor reads a label without its colon ("Opcode 40", "Description Read ..."), a misspelled
 * one ("Syntac:") and code with no label at all as the part they stand for, so the facts are
 * right; this detector reports each such line, since a reader (or another tool) may not. Copies
 * of one slip on one page group into one finding. */
#include <stdio.h>
#include <string.h>

#include "findings.h"

/* The label word a section part is introduced by. */
static const char *label_word(gcn_fact_kind k)
{
    switch (k) {
    case GCN_FACT_OPCODE_LINE:
        return "Opcode";
    case GCN_FACT_SYNTAX_LINE:
        return "Syntax";
    case GCN_FACT_DESCRIPTION:
        return "Description";
    case GCN_FACT_OPERATION:
        return "Operation";
    default:
        return NULL;
    }
}

static gcn_status add(gcn_findings *out, const gcn_fact *x, const char *subject, const char *slip,
                      const char *msg)
{
    gcn_strs ids = {0};
    char group[700];
    gcn_finding *f;
    gcn_strs_push(&ids, x->id);
    /* one slip (the same wrong label) on one page, and on its other versions (the seeds' and
     * the CLRX documentation's pages of one encoding), is one finding */
    snprintf(group, sizeof(group), "label|%s|%s|%s", x->encoding ? x->encoding : "", slip, subject);
    f = gcn_findings_add_grouped(out, GCN_FC_LABEL, x->encoding, subject, group, &ids, "%s", msg);
    gcn_strs_free(&ids);
    return f ? GCN_OK : GCN_ERR_NOMEM;
}

/* A label for one encoding form or some generations, written as "Opcode VOP3A:",
 * "Opcode (VOP3B):" or "Syntax VOP2 GCN 1.2:": the word, a space, the qualifier, the colon.
 * ("Opcode: VOP1:", the colon before the form, is a slip.) */
static int qualified_label(const gcn_fact *x, const char *word)
{
    size_t n = strlen(word), len = strlen(x->label);
    if (!x->form && !x->gens.n)
        return 0;
    return strncmp(x->label, word, n) == 0 && x->label[n] == ' ' && len > n + 2 &&
           x->label[len - 1] == ':' && !memchr(x->label, ':', len - 1);
}

gcn_status gcn_detect_labels(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    gcn_status st = GCN_OK;
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *x = &f->v[i];
        const char *word = label_word(x->kind);
        char msg[512], wanted[32];
        size_t n;
        if (!word || !x->section)
            continue;
        snprintf(wanted, sizeof(wanted), "%s:", word);
        if (!x->label) {
            /* only code can stand without a label (the extractor requires the others') */
            if (x->kind != GCN_FACT_OPERATION || !x->code)
                continue;
            snprintf(msg, sizeof(msg),
                     "the code is not introduced by an 'Operation:' label: it follows the "
                     "section's other parts with nothing to say it is the operation");
            st = add(out, x, word, "missing", msg);
            continue;
        }
        if (strcmp(x->label, wanted) == 0 || qualified_label(x, word))
            continue;
        n = strlen(x->label);
        if (strcmp(x->label, word) == 0) {
            snprintf(msg, sizeof(msg),
                     "'%s' is written without its colon ('%s ...' for '%s ...'): the line is read "
                     "as the %s only because it starts the way a label does",
                     word, word, wanted,
                     x->kind == GCN_FACT_OPCODE_LINE   ? "opcode"
                     : x->kind == GCN_FACT_SYNTAX_LINE ? "syntax"
                     : x->kind == GCN_FACT_DESCRIPTION ? "description"
                                                       : "operation");
            st = add(out, x, word, "no-colon", msg);
        } else {
            /* any other spelling of the label ("Syntac:" for "Syntax:") */
            char as_written[64];
            snprintf(as_written, sizeof(as_written), "%.*s",
                     (int)(n && x->label[n - 1] == ':' ? n - 1 : n), x->label);
            snprintf(msg, sizeof(msg), "the label '%s' is misspelled: '%s'", wanted, x->label);
            st = add(out, x, as_written, "misspelled", msg);
        }
    }
    return st;
}
