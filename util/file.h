/* Whole-file reads and atomic whole-file writes (temp file in the same directory, then rename),
 * so an interrupted run never leaves a half-written output. */
#ifndef GCN_UTIL_FILE_H
#define GCN_UTIL_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* A temporary file beside its target, DIR/.BASE.gcnspec-tmp.PID.N, removed when SIGINT, SIGTERM
 * or SIGHUP ends the process (where the program has no handler of its own); the first write into
 * a directory also removes the temporaries there whose writer is dead. */
typedef struct gcn_tmp_file {
    FILE *f;
    char *tmp, *path;
    int slot;    /* in the signal handler's table, -1 when none */
    int created; /* tmp exists and is ours to remove */
    int no_sync; /* set after gcn_tmp_open: commit renames without fsync (see below) */
} gcn_tmp_file;

gcn_status gcn_tmp_open(gcn_tmp_file *t, const char *path, gcn_diag *diag);
/* Flushes, syncs (unless no_sync) and renames over the target; on failure removes the
 * temporary. */
gcn_status gcn_tmp_commit(gcn_tmp_file *t, gcn_diag *diag);
void gcn_tmp_abandon(gcn_tmp_file *t);
/* Whether a file name is one of those temporaries. */
int gcn_tmp_is_temporary(const char *name);
/* Removes dir's temporaries whose writer is no longer running; returns how many. */
size_t gcn_tmp_clean_stale(const char *dir);

/* Reads the file into a NUL-terminated heap buffer (caller frees). */
gcn_status gcn_read_file(const char *path, char **data, size_t *len, gcn_diag *diag);
gcn_status gcn_write_file_atomic(const char *path, const char *data, size_t len, gcn_diag *diag);
/* The same for a reader (a whole file or none, through the rename), without the fsync that makes
 * the write survive a power loss: for the thousands of small files a run regenerates (the seed
 * corpora), where one fsync a file costs ten times the work (34,346 seeds: 100 s against 10 s). */
gcn_status gcn_write_file_replace(const char *path, const char *data, size_t len, gcn_diag *diag);
/* mkdir -p */
gcn_status gcn_make_dirs(const char *path, gcn_diag *diag);
/* Last path component (points into path). */
const char *gcn_path_base(const char *path);
/* Joins dir and name into a heap string (caller frees). */
char *gcn_path_join(const char *dir, const char *name);

#endif
