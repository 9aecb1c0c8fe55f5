/* The encoding catalogue: from every CLRX GcnInstrs*.md page, each encoding's name, generations,
 * size in dwords, identifying fixed bits (the ENCODING field and its value), the fields whose
 * value calls for a trailing literal dword and those that call for an SDWA/DPP dword, each
 * with its file:line. It is kept apart from the phase-1 facts (spec/facts.json): the
 * disassembler uses it to know where an instruction of an encoding it does not model ends.
 * Where two pages disagree, both are kept and the disagreement is listed. */
#ifndef GCN_SPEC_EXTRACT_ENCODINGS_H
#define GCN_SPEC_EXTRACT_ENCODINGS_H

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* Reads dir's GcnInstrs*.md, GcnOperands.md and GcnSdwaDpp.md into *out (a cJSON object the
 * caller deletes: {"schema", "encodings": [...], "disagreements": [...], "readings": [...]}). */
gcn_status gcn_extract_encodings(const char *dir, cJSON **out, gcn_diag *diag);

#endif
