/* The provenance the vectors carry, read from spec/gcn.json: each instruction's document sources,
 * the errata that decided it and the peers the spec says lack it; each scalar operand code's
 * entry; each layout's deciding errata. The codec tables hold none of it, so the generator reads
 * the spec they were generated from (and refuses another one: its SHA-256 must be the tables'). */
#ifndef GCN_VECTORS_SPEC_INFO_H
#define GCN_VECTORS_SPEC_INFO_H

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

typedef struct gcn_spec_info gcn_spec_info;

gcn_status gcn_spec_info_load(gcn_spec_info **out, const char *path, gcn_diag *diag);
void gcn_spec_info_free(gcn_spec_info *s);
const char *gcn_spec_info_sha256(const gcn_spec_info *s);

/* The instruction row's gcn.json arrays ("sources", "errata", "peer_lacks"); never NULL (an
 * empty array when the entry has none). */
const cJSON *gcn_spec_info_sources(const gcn_spec_info *s, int insn);
const cJSON *gcn_spec_info_errata(const gcn_spec_info *s, int insn);
const cJSON *gcn_spec_info_peer_lacks(const gcn_spec_info *s, int insn);
/* The scalar_operands entry that defines code on gen ("scalar.sgpr.gcn1.2-1.4"), NULL when none */
const char *gcn_spec_info_scalar_id(const gcn_spec_info *s, int gen, unsigned code);
/* The errata that decided the layout of encoding enc on gen ("decided_by"); never NULL */
const cJSON *gcn_spec_info_layout_errata(const gcn_spec_info *s, int gen, int enc);

#endif
