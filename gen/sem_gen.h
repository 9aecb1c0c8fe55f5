/* gcngen semantics: the oracle's generated semantics from spec/gcn.json (see sem_gen.c). */
#ifndef GCN_GEN_SEM_GEN_H
#define GCN_GEN_SEM_GEN_H

#include <stdio.h>

#include "gcnspec/diag.h"

/* Writes out_path (atomically). Returns 1 on success; 0 after printing every problem to err
 * as file:line:col: message (diag holds the first). allow_missing: an instruction without
 * any semantics is listed on err and left without, instead of failing. */
int gs_generate(const char *spec_path, const char *out_path, int allow_missing, FILE *err,
                gcn_diag *diag);

#endif
