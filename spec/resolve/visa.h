/* The resolved vISA DWORD_ATOMIC: gcn.json's "visa" section, read off the visa-* facts of the
 * Intel page, with the page's own inconsistencies settled by spec/errata.json's
 * visa-inconsistency errata. */
#ifndef GCN_SPEC_RESOLVE_VISA_H
#define GCN_SPEC_RESOLVE_VISA_H

#include <cjson/cJSON.h>

#include "errata.h"
#include "spec/model/facts.h"

/* *out: the section (NULL when the facts hold no vISA page). A table row the section cannot
 * read, or a contradiction no erratum settles: file:line: message in diag, GCN_ERR_CONFLICT. */
gcn_status gcn_resolve_visa(const gcn_facts *facts, const gcn_errata *errata, cJSON **out,
                            gcn_diag *diag);

#endif
