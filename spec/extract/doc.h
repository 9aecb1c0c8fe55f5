/* The document parsers, one per rendering. Each appends facts for one document. */
#ifndef GCN_SPEC_EXTRACT_DOC_H
#define GCN_SPEC_EXTRACT_DOC_H

#include "lines.h"
#include "spec/model/facts.h"

gcn_status clrx_extract(const doc_lines *L, int scraped, gcn_facts *out, gcn_diag *diag);
gcn_status visa_extract(const doc_lines *L, gcn_facts *out, gcn_diag *diag);

#endif
