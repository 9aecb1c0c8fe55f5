/* A page's tables as facts (CLRX GcnSdwaDpp.md, GcnState.md, ...): every markdown table with
 * the section it sits in, its caption (the sentence before it that ends with ':'), its header
 * and each row's cells with file:line. Tables are typed by their first column, never by the
 * page's name: "Bits"/"Bit" tables are bit fields (each row's bit range read), "Value" tables
 * are value lists (a value or range, decimal or 0x-hex, and a name range such as
 * DPP_ROW_SL{1:15} that must fit it). A row that does not read is kept as unreadable, never
 * guessed. What a table states against itself (two fields over one bit, one name twice, two
 * rows over one value) is listed under "checks". */
#ifndef GCN_SPEC_EXTRACT_PAGE_TABLES_H
#define GCN_SPEC_EXTRACT_PAGE_TABLES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* *out (caller deletes): {"schema", "document", "sha256", "lines", "tables", "checks"}.
 * A page without a table is an error. */
gcn_status gcn_extract_page_tables_text(const char *file_name, const char *text, size_t len,
                                        cJSON **out, gcn_diag *diag);
gcn_status gcn_extract_page_tables(const char *path, cJSON **out, gcn_diag *diag);

#endif
