/* The operand-code page (CLRX GcnOperands.md) as facts: every row of each "Code | Name |
 * Description" table (a code or code range, a name or name range, the description, the
 * generations its qualifier names) and each alignment rule the prose states in a regular form,
 * each with its file:line. A row that cannot be read is kept as an unreadable-row fact, never
 * guessed. These facts are kept apart from the phase-1 facts (spec/facts.json). */
#ifndef GCN_SPEC_EXTRACT_OPERANDS_H
#define GCN_SPEC_EXTRACT_OPERANDS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* Reads one page (file_name is the provenance recorded) into *out, a cJSON object the caller
 * deletes: {"schema", "document", "sha256", "lines", "generations", "tables", "codes",
 * "unreadable", "alignment"}. A page without a code table is an error. */
gcn_status gcn_extract_operands_text(const char *file_name, const char *text, size_t len,
                                     cJSON **out, gcn_diag *diag);
gcn_status gcn_extract_operands(const char *path, cJSON **out, gcn_diag *diag);

#endif
