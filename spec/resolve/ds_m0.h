/* M0's role in DS accesses: spec/curated/ds_m0.json -> each DS instruction's "m0" entries in
 * the resolved spec, one per generation that has the instruction. */
#ifndef GCN_SPEC_DS_M0_H
#define GCN_SPEC_DS_M0_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "errata.h"
#include "spec/model/facts.h"
#include "util/json.h"

/* doc: the curated file (topic "ds-m0"), name: how the entries cite it
 * ("spec/curated/ds_m0.json"). gens: the spec's generation ids. instructions: the spec's
 * instruction list, semantics already settled (a curated or absent block has no documents'
 * reading to follow).
 *
 * Every DS instruction x generation takes the role of the one class naming it, or else of the
 * one "*" class of that generation; none or two is an error, as is a class naming an
 * instruction the spec lacks. As written, an instruction that reaches memory (a class role
 * other than "unused") has the documents' roles (the file's "documents", read off the NOTE
 * facts it cites), unless its block is curated and reads M0 itself (role "operand": no
 * documents' block to hold the NOTEs against); where the written roles differ from the
 * class's, the class must name the erratum that says why (it must exist), and a class naming
 * one must differ somewhere. */
gcn_status gcn_resolve_ds_m0(const gcn_json_doc *doc, const char *name, const gcn_facts *facts,
                             const gcn_errata *errata, const char *const *gens, size_t ngens,
                             cJSON *instructions, gcn_diag *diag);

#endif
