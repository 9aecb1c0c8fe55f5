/* The errata report's evidence from the oracle: for every instruction with corrected
 * semantics, gcn_variants_search's verdict and, where the variants differ, the shrunk state
 * and how each variant ends. */
#ifndef GCN_REPORTS_VARIANT_EVIDENCE_H
#define GCN_REPORTS_VARIANT_EVIDENCE_H

#include "errata_report.h"

/* Only instructions whose correcting erratum is in e (all when e is NULL). */
gcn_status gcn_variant_evidence_build(const gcn_errata *e, gcn_variant_evidence_set *out,
                                      gcn_diag *diag);

#endif
