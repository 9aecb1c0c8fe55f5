/* The resolver: facts + errata + curated facts -> the resolved spec (spec/gcn.json). It refuses
 * to run while a blocking finding has no erratum, and never guesses between conflicting facts:
 * every conflict it meets is settled by a decision or is an error. */
#ifndef GCN_SPEC_RESOLVE_H
#define GCN_SPEC_RESOLVE_H

#include <cjson/cJSON.h>

#include "errata.h"
#include "spec/model/facts.h"
#include "spec/triage/findings.h"

typedef struct gcn_resolve_in {
    const char *facts_path;
    const char *errata_path;
    const char *curated_dir;
    /* the whole CLRX documentation's facts (spec/facts-clrx.json) and the directory of its
     * pages: the encodings curated/pages.json lists join the resolve from there. NULL: the
     * seeds' facts alone. */
    const char *pages_path;
    const char *pages_root;
} gcn_resolve_in;

typedef struct gcn_resolve_out {
    cJSON *spec;             /* the resolved spec */
    gcn_findings unresolved; /* blocking findings no erratum settles */
    size_t ninstructions;    /* (instruction, generation) pairs */
} gcn_resolve_out;

gcn_status gcn_resolve(const gcn_resolve_in *in, gcn_resolve_out *out, gcn_diag *diag);
void gcn_resolve_out_free(gcn_resolve_out *out);

#endif
