/* The pseudocode environment per encoding (spec/curated/pseudocode.json): the names a block
 * may use without declaring them, the helpers it may call, and the instruction's outputs. */
#ifndef GCN_SPEC_PSEUDO_ENV_H
#define GCN_SPEC_PSEUDO_ENV_H

#include "spec/model/facts.h"
#include "spec/pseudo/pseudo.h"

typedef struct gcn_pseudo_env_enc {
    char *encoding;
    const char **names;
    size_t nnames;
    ps_helper *helpers;
    size_t nhelpers;
    const char **outputs;
    size_t noutputs;
} gcn_pseudo_env_enc;

typedef struct gcn_pseudo_env {
    gcn_pseudo_env_enc *v;
    size_t n;
    gcn_strs strings; /* owns every name */
} gcn_pseudo_env;

gcn_status gcn_pseudo_env_load(gcn_pseudo_env *env, const char *path, gcn_diag *diag);
void gcn_pseudo_env_free(gcn_pseudo_env *env);
/* The ps_env for an encoding; returns 0 when the file has no such encoding. */
int gcn_pseudo_env_for(const gcn_pseudo_env *env, const char *encoding, ps_env *out);

#endif
