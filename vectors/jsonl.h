/* Vectors as JSON Lines (docs/vectors.md): one object a line, keys in a fixed order, written
 * directly (cJSON prints the spec's arrays); and the strict reader the checker uses, which answers
 * every defect of a line with file:line:col. */
#ifndef GCN_VECTORS_JSONL_H
#define GCN_VECTORS_JSONL_H

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "util/buf.h"
#include "vectors/spec_info.h"
#include "vectors/vector.h"

#define GCN_VECTORS_SCHEMA "gcnspec-vectors/1"

/* The JSON Lines writer: spec supplies each vector's provenance (printed once per instruction,
 * kept here). */
typedef struct gcn_vec_jsonl gcn_vec_jsonl;
gcn_vec_jsonl *gcn_vec_jsonl_new(const gcn_spec_info *spec); /* NULL: out of memory */
void gcn_vec_jsonl_free(gcn_vec_jsonl *w);
/* Appends the vector's line (its object, keys in the fixed order, and '\n'); id is the
 * vector's id. Non-zero when out of memory. */
int gcn_vec_jsonl_append(gcn_vec_jsonl *w, gcn_buf *out, const gcn_vector *v, const char *id);

#define GCN_VEC_PEER_LACKS_MAX 4

/* A vector read back: the vector and the strings its struct only points to. */
typedef struct gcn_vec_read {
    gcn_vector v;
    char id[64];
    char cls[48];
    char field[24];
    char instruction[64]; /* the spec name, "" when none */
    char mnemonic[64];    /* "" when none */
    char errata[96];      /* the spec's errata ids, comma-separated */
    size_t npeer_lacks;
    char peer_lacks[GCN_VEC_PEER_LACKS_MAX][32];
    char peer_lacks_erratum[GCN_VEC_PEER_LACKS_MAX][16];
    unsigned line; /* in its file */
} gcn_vec_read;

/* Parses one line (without its newline) of file `file` at line `lineno`. GCN_ERR_SYNTAX or
 * GCN_ERR_INVALID with diag at file:lineno:col on a malformed line, a missing or mistyped key,
 * an unknown tag, generation, encoding or error class, bytes that are not 0x.. lists, or
 * fields that do not fit the tag (must-reject with both asm and bytes, exact without one).
 * GCN_ERR_UNSUPPORTED (diag set) for a well-formed vector of another kind ("semantic"). */
gcn_status gcn_vec_read_line(const char *file, unsigned lineno, const char *line, size_t len,
                             gcn_vec_read *out, gcn_diag *diag);

#endif
