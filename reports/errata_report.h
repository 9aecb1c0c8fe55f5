/* The errata reports: errata.md for people, errata.json for machines, errata.sarif (SARIF
 * 2.1.0) for code-scanning UIs. Each finding with the document lines it involves and how it was
 * resolved, or "unresolved"; counts per category at the top. */
#ifndef GCN_REPORTS_ERRATA_H
#define GCN_REPORTS_ERRATA_H

#include "spec/model/facts.h"
#include "spec/resolve/errata.h"
#include "spec/triage/findings.h"

typedef struct gcn_errata_counts {
    size_t found[GCN_FC_COUNT], resolved[GCN_FC_COUNT], confirmed[GCN_FC_COUNT];
    size_t curated[GCN_FC_COUNT]; /* errata no detector finding matches */
    size_t total, total_resolved, total_confirmed, total_curated;
} gcn_errata_counts;

void gcn_errata_count(const gcn_findings *f, const gcn_errata *e, gcn_errata_counts *out);
/* Writes errata.md, errata.json and errata.sarif into dir (temp file + rename each). */
gcn_status gcn_errata_reports(const char *dir, const gcn_facts *facts, const gcn_findings *f,
                              const gcn_errata *e, gcn_diag *diag);

#endif
