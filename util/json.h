/* cJSON at the edges: a parsed document that remembers where each value was written, so every
 * semantic error in an input file can say file:line:col. Rejects duplicate keys. */
#ifndef GCN_UTIL_JSON_H
#define GCN_UTIL_JSON_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

typedef struct gcn_json_pos {
    const cJSON *node;
    unsigned line, col;
} gcn_json_pos;

typedef struct gcn_json_doc {
    cJSON *root;
    char *file;
    gcn_json_pos *pos; /* sorted by node address */
    size_t npos;
} gcn_json_doc;

gcn_status gcn_json_parse(gcn_json_doc *doc, const char *file, const char *text, size_t len,
                          gcn_diag *diag);
gcn_status gcn_json_load(gcn_json_doc *doc, const char *path, gcn_diag *diag);
void gcn_json_free(gcn_json_doc *doc);

/* Where a node was written (line 0 when unknown). */
void gcn_json_where(const gcn_json_doc *doc, const cJSON *node, unsigned *line, unsigned *col);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
gcn_status
gcn_json_error(const gcn_json_doc *doc, const cJSON *node, gcn_diag *diag, const char *fmt, ...);

/* Typed access. `required` missing keys are errors; optional ones leave *out unchanged and
 * return GCN_OK. Type mismatches are always errors. */
gcn_status gcn_json_obj(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const cJSON **out, gcn_diag *diag);
gcn_status gcn_json_arr(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const cJSON **out, gcn_diag *diag);
gcn_status gcn_json_str(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const char **out, gcn_diag *diag);
/* Integer in [lo, hi]; JSON numbers must be integral. Hex strings ("0x..") are accepted too. */
gcn_status gcn_json_int(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        long long lo, long long hi, long long *out, gcn_diag *diag);
gcn_status gcn_json_bool(const gcn_json_doc *doc, const cJSON *parent, const char *key,
                         int required, int *out, gcn_diag *diag);
/* Rejects keys not in the NULL-terminated list, and anything but an object (NULL passes). */
gcn_status gcn_json_only_keys(const gcn_json_doc *doc, const cJSON *obj, const char *const *keys,
                              gcn_diag *diag);

/* Parses "0x1f", "31", "0b11111" fully (no trailing junk). Returns 0 on failure. */
int gcn_parse_u64(const char *s, uint64_t *out);

/* Deterministic pretty print (2-space indent, keys in insertion order), trailing newline.
 * Caller frees. */
char *gcn_json_print(const cJSON *root);
gcn_status gcn_json_write_file(const char *path, const cJSON *root, gcn_diag *diag);
/* Values nested at depth >= inline_depth are printed on one line (one fact a line). */
char *gcn_json_print_depth(const cJSON *root, int inline_depth);
gcn_status gcn_json_write_file_depth(const char *path, const cJSON *root, int inline_depth,
                                     gcn_diag *diag);

#endif
