/* gcngen visa: the oracle's vISA DWORD_ATOMIC operations from gcn.json (see visa_gen.c). */
#ifndef GCN_GEN_VISA_GEN_H
#define GCN_GEN_VISA_GEN_H

#include "gcnspec/diag.h"

/* Writes out_path (atomically). 1 on success; 0 with file:line: message in diag. */
int gv_generate(const char *spec_path, const char *out_path, gcn_diag *diag);

#endif
