/* The whole CLRX documentation's pages in the resolve, encoding by encoding: the encodings
 * spec/curated/pages.json lists take their facts from the CLRX pages' facts
 * (spec/facts-clrx.json) beside the seeds' (spec/facts.json), so that triage, errata and the
 * resolver see one set of facts. */
#ifndef GCN_SPEC_PAGES_H
#define GCN_SPEC_PAGES_H

#include "facts.h"

/* The encodings curated/pages.json lists (their names pushed onto *out), and of those the ones
 * whose pages are further versions of a seed's ("further": true; onto *further unless NULL);
 * none when the curated directory has no pages.json. */
gcn_status gcn_pages_encodings(const char *curated_dir, gcn_strs *out, gcn_strs *further,
                               gcn_diag *diag);

/* Moves into f the facts (and documents) of the pages facts file pages_path whose encoding
 * curated/pages.json lists; root is the directory those pages were read from (the SARIF
 * locations name it), NULL when unknown. An encoding listed that the pages do not describe is
 * an error; so is one f already has, unless it is listed as further (the newer versions of the
 * seeds' DS, SOP1 and SMEM pages: their facts join the seeds', and where the versions
 * disagree the detectors find it), and one listed as further that f lacks. */
gcn_status gcn_facts_add_pages(gcn_facts *f, const char *pages_path, const char *root,
                               const char *curated_dir, gcn_diag *diag);

#endif
