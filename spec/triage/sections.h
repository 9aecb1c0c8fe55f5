/* A section and its parts, gathered once for the text detectors. */
#ifndef GCN_SPEC_TRIAGE_SECTIONS_H
#define GCN_SPEC_TRIAGE_SECTIONS_H

#include "spec/model/facts.h"

typedef struct gcn_section_view {
    const gcn_fact *section;
    const gcn_fact *opcode;
    const gcn_fact *syntax;
    /* a syntax line qualified by generations ("Syntax (GCN 1.4):") beside an unqualified one:
     * the operands' widths on those generations (MUBUF's packed D16 forms) */
    const gcn_fact *gen_syntax;
    /* the first line of another encoding's form ("Syntax VOP3B GCN 1.0/1.1:" on the VOP2 page):
     * the operands of the instruction's word in that encoding */
    const gcn_fact *form_syntax;
    const gcn_fact *description;
    const gcn_fact *operation; /* the one holding code, if any */
} gcn_section_view;

/* All sections, in fact order. Caller frees *out. */
gcn_status gcn_section_views(const gcn_facts *f, gcn_section_view **out, size_t *n);
/* The code without // comments (heap). */
char *gcn_code_without_comments(const char *code);

#endif
