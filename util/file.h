/* Whole-file reads and atomic whole-file writes (temp file in the same directory, then rename),
 * so an interrupted run never leaves a half-written output. */
#ifndef GCN_UTIL_FILE_H
#define GCN_UTIL_FILE_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* Reads the file into a NUL-terminated heap buffer (caller frees). */
gcn_status gcn_read_file(const char *path, char **data, size_t *len, gcn_diag *diag);
gcn_status gcn_write_file_atomic(const char *path, const char *data, size_t len, gcn_diag *diag);
/* mkdir -p */
gcn_status gcn_make_dirs(const char *path, gcn_diag *diag);
/* Last path component (points into path). */
const char *gcn_path_base(const char *path);
/* Joins dir and name into a heap string (caller frees). */
char *gcn_path_join(const char *dir, const char *name);

#endif
