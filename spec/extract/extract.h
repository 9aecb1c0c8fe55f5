/* The extractor: reads the ISA documents and turns every fact they state into a gcn_fact with
 * its provenance. It never resolves a contradiction and never guesses a lost table cell. */
#ifndef GCN_SPEC_EXTRACT_H
#define GCN_SPEC_EXTRACT_H

#include <stddef.h>

#include "spec/model/facts.h"

/* Extracts every document in dir (regular files, sorted by name). */
gcn_status gcn_extract_dir(const char *dir, gcn_facts *out, gcn_diag *diag);
/* Extracts one document; file_name is the name recorded as provenance. */
gcn_status gcn_extract_text(const char *file_name, const char *text, size_t len, gcn_facts *out,
                            gcn_diag *diag);

#endif
