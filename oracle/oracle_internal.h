/* Shared by the oracle's runtime files. */
#ifndef GCN_ORACLE_INTERNAL_H
#define GCN_ORACLE_INTERNAL_H

#include "gcnspec/oracle.h"
#include "sem_rt.h"

struct gcn_prog_entry {
    gcn_inst in;
    gs_desc d;
};

/* The generated semantics (oracle/semantics.c). */
const gs_table *gcn_gs_table_get(void);

/* Resolves a decoded instruction's operands for the generated code. */
void gcn_gs_resolve(const gcn_inst *in, gs_desc *d);
/* Runs one resolved instruction on s. */
gcn_status gcn_gs_run(gcn_wave_state *s, const gs_desc *d, const gcn_exec_options *o,
                      gcn_diag *diag);
/* ... recording its DS accesses in log (when not NULL). */
gcn_status gcn_gs_run_logged(gcn_wave_state *s, const gs_desc *d, const gcn_exec_options *o,
                             gs_access_log *log, gcn_diag *diag);

/* The register class (gcn_sclass) of a scalar code on gen. */
int gcn_gs_code_class(int gen, unsigned code);

#endif
