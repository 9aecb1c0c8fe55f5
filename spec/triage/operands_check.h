/* The operand-code page against llvm-mc: every code of every generation where the facts of
 * GcnOperands.md (spec/extract/operands.h) and the llvm-mc-curated scalar operand encoding
 * (spec/curated/scalar_operands.json) differ, classified by a rule on the data alone:
 *   page-erratum  the page gives the code a reading llvm-mc gives it only on other generations
 *                 (reason "generation": a qualifier missing or wrong), or calls a code reserved
 *                 that llvm-mc assigns (reason "reserved-range");
 *   page-silent   no row of the page covers the code on that generation, llvm-mc assigns it;
 *   scalar-scope  llvm-mc's scalar operands reject the code on every generation and the page
 *                 gives it a meaning (a VALU-only source the scalar file cannot judge);
 *   name-differs  both assign the code, under names that do not match.
 * A code both leave unassigned (page reserved or silent, llvm-mc invalid) agrees. */
#ifndef GCN_SPEC_TRIAGE_OPERANDS_CHECK_H
#define GCN_SPEC_TRIAGE_OPERANDS_CHECK_H

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* page: what gcn_extract_operands made; curated_path: the curated file, read here so that a
 * defect in it is reported at its file:line:col. *out (caller deletes): {"schema", "page",
 * "curated", "classes", "summary": [per generation], "findings": [...]}. */
gcn_status gcn_operands_cross_check(const cJSON *page, const char *curated_path, cJSON **out,
                                    gcn_diag *diag);

#endif
