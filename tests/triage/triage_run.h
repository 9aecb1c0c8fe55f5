/* Runs the errata detectors over small in-memory documents, and reads their findings. */
#ifndef GCN_TESTS_TRIAGE_RUN_H
#define GCN_TESTS_TRIAGE_RUN_H

#include <stddef.h>

#include "spec/model/facts.h"
#include "spec/triage/findings.h"

typedef struct triage_doc {
    const char *name;
    const char *text; /* owned by the caller */
} triage_doc;

typedef struct triage_result {
    gcn_facts facts;
    gcn_findings findings;
} triage_result;

/* Extracts every document (failing the test when one does not extract) and runs the detectors. */
void triage_run(const triage_doc *docs, size_t n, triage_result *r);
void triage_free(triage_result *r);
void triage_print(const triage_result *r);

/* s with the first occurrence of from replaced by to (heap); fails when from is absent. */
char *doc_edit(const char *s, const char *from, const char *to);
/* The 1-based line of the first occurrence of needle in text (fails when absent); `nth` picks a
 * later occurrence (1 = first). */
unsigned doc_line_of(const char *text, const char *needle, unsigned nth);

size_t findings_in(const triage_result *r, gcn_finding_cat c);
/* The only finding there is; fails unless there is exactly one and it is of category c. */
const gcn_finding *only_finding(const triage_result *r, gcn_finding_cat c);
/* The finding cites a fact written at file:line. */
int cites(const gcn_finding *f, const char *file, unsigned line);

#endif
