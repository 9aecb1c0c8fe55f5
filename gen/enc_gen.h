/* gcngen encodings: the encoding catalogue (spec/encodings.json) -> gcn_catalogue.inc. */
#ifndef GCN_GEN_ENC_GEN_H
#define GCN_GEN_ENC_GEN_H

#include "gcnspec/diag.h"

/* Returns 1 on success; on failure diag says where and what. */
int eg_generate(const char *spec_path, const char *enc_path, const char *dec_path,
                const char *out_path, gcn_diag *diag);

#endif
