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
/* What the oracle found when it ran an instruction as written and as corrected (built by
 * gcn_variant_evidence_build in reports/variant_evidence.c, which needs the oracle; this
 * library only prints it under the erratum that corrects the instruction). */
typedef struct gcn_variant_evidence {
    char erratum[16]; /* E027 */
    char insn[48];    /* DS_CMPST_RTN_B32 */
    char verdict[16]; /* "differ", "refused" (as written does not execute), "not-found" */
    char gen[16];     /* where it was found */
    char text[128];   /* the instruction run */
    char *state;      /* differ: the input state (JSON, only what is not zero) */
    char *written;    /* differ: how as written ends, where it differs from as corrected */
    char *corrected;  /* ... and the other way round */
    char why[256];    /* refused: why as written does not execute */
    unsigned long long tried;
    int m0_only; /* its block is the documents' own: only M0's role is corrected */
} gcn_variant_evidence;

typedef struct gcn_variant_evidence_set {
    gcn_variant_evidence *v;
    size_t n;
} gcn_variant_evidence_set;

void gcn_variant_evidence_free(gcn_variant_evidence_set *s);

/* Writes errata.md, errata.json and errata.sarif into dir (temp file + rename each). The SARIF's
 * locations point into documents/seeds, relative to the source tree's root. */
gcn_status gcn_errata_reports(const char *dir, const gcn_facts *facts, const gcn_findings *f,
                              const gcn_errata *e, gcn_diag *diag);
/* ... with the variants' evidence under each erratum (ev may be NULL), and the SARIF's
 * locations in docs_dir, the directory the facts were extracted from (NULL: documents/seeds): a
 * relative one without ".." is taken as relative to the source tree's root (base id SRCROOT),
 * any other becomes an absolute file: URI (base id DOCS). */
gcn_status gcn_errata_reports_ev(const char *dir, const gcn_facts *facts, const gcn_findings *f,
                                 const gcn_errata *e, const gcn_variant_evidence_set *ev,
                                 const char *docs_dir, gcn_diag *diag);

#endif
