/* Claims: "on generation G, encoding E has instruction M at opcode N", read off every opcode
 * table row and every section's Opcode line. The errata finder compares them; the resolver
 * builds the instruction tables from them. */
#ifndef GCN_SPEC_CLAIMS_H
#define GCN_SPEC_CLAIMS_H

#include "facts.h"

typedef struct gcn_claim_rec {
    const char *encoding;
    const char *gen;
    const char *mnemonic;
    long opcode;
    const gcn_fact *fact; /* opcode-row, ambiguous-row or opcode-line */
    int from_section;
    int weak; /* from a row that lost cells: the generation is only a candidate */
    int form; /* for another encoding form than its page's ("Opcode(VOP3)", "Opcode VOP3A:") */
} gcn_claim_rec;

typedef struct gcn_claims {
    gcn_claim_rec *v;
    size_t n;
    gcn_strs gens; /* every generation any fact speaks of, in version order */
} gcn_claims;

gcn_status gcn_claims_build(const gcn_facts *f, gcn_claims *out);
void gcn_claims_free(gcn_claims *c);

/* The generations the opcode tables of `file` (for `encoding`) cover. */
void gcn_doc_gens(const gcn_facts *f, const char *file, const char *encoding, gcn_strs *out);
/* The section fact a child fact (opcode-line, syntax-line, ...) belongs to. */
const gcn_fact *gcn_fact_section(const gcn_facts *f, const gcn_fact *child);

/* Sorts generation ids ("gcn1.0" < "gcn1.1" < "gcn1.2" < "gcn1.4") in place. */
void gcn_gens_sort(gcn_strs *gens);

#endif
