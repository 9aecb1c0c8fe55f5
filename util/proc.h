/* Runs a peer program: stdin given whole, stdout and stderr captured apart, a deadline. Used by
 * every stage that asks a peer (llvm-mc) a question in a batch. */
#ifndef GCN_UTIL_PROC_H
#define GCN_UTIL_PROC_H

#include <stddef.h>

#include "buf.h"

typedef struct gcn_proc_result {
    gcn_buf out, err;
    int exit_code;     /* when it exited */
    int signal;        /* when a signal killed it */
    int timed_out;     /* killed at the deadline */
    char failure[256]; /* non-empty when it could not be run to completion */
} gcn_proc_result;

/* r must be zeroed (or freed) before the call. With GCN_PEER_CACHE set (a directory), an
 * llvm-* program's answer to the same binary, arguments and input is read from there when a
 * run kept it, instead of running it again (util/proc.c). */
void gcn_proc_run(const char *path, char *const *argv, const char *stdin_text, size_t stdin_len,
                  unsigned timeout_s, gcn_proc_result *r);
/* The same, never answered from the peer cache (GCN_PEER_CACHE, util/proc.c): a run that is
 * timed, a benchmark's. */
void gcn_proc_run_fresh(const char *path, char *const *argv, const char *stdin_text,
                        size_t stdin_len, unsigned timeout_s, gcn_proc_result *r);
void gcn_proc_result_free(gcn_proc_result *r);
/* Full path of an executable found on PATH (or name itself when it holds a '/'); NULL when
 * not installed. Caller frees. */
char *gcn_proc_find(const char *name);

#endif
