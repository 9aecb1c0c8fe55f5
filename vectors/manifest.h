/* DIR/MANIFEST.json: what one `gcnspec vectors` run wrote (every file with its sha256, lines and
 * bytes, and the run's generation: tool version, spec sha256, seed), written last; and the
 * checks `gcnspec check` makes before it reads a vector directory: the files are those of one
 * run, unchanged. */
#ifndef GCN_VECTORS_MANIFEST_H
#define GCN_VECTORS_MANIFEST_H

#include <stdint.h>
#include <stdio.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

#define GCN_VEC_MANIFEST "MANIFEST.json"
#define GCN_VEC_MANIFEST_SCHEMA "gcnspec-vector-manifest/1"

/* Lists every file under dir (but itself and temporaries); gens: the generations' ids. */
gcn_status gcn_vec_manifest_write(const char *dir, const char *spec_sha256, uint64_t seed,
                                  const char *const *gens, size_t ngens, gcn_diag *diag);

/* Refuses (GCN_ERR_INVALID) a directory whose files are not those of one run, reporting each
 * fault on log (util/diag_limit.h) and the verdict in diag:
 * - index.json, semantic/index.json and MANIFEST.json name different generations (spec, seed);
 * - a vector file holds another number of vectors than its index lists, or is missing;
 * - with a manifest: a file missing, changed (sha256), or not listed.
 * A directory without a manifest (written before there was one) gets the first two checks. */
gcn_status gcn_vec_manifest_verify(const char *dir, FILE *log, gcn_diag *diag);

#endif
