/* Runs a set of batch jobs (a program, its stdin, a deadline), several at once, from one thread:
 * the checker runs one process per file of vectors and mode, and lets them use the machine's
 * cores. Every pipe is close-on-exec, so no child holds another's stdin open. */
#ifndef GCN_VECTORS_RUNNER_H
#define GCN_VECTORS_RUNNER_H

#include <stddef.h>

#include "util/proc.h"

typedef struct gcn_job {
    /* in */
    const char *path;  /* the program */
    char *const *argv; /* argv[0] .. NULL */
    char *const *env;  /* "KEY=VALUE" set in the child, NULL-terminated; NULL: none */
    const char *in;    /* stdin */
    size_t in_len;
    double timeout_s; /* killed after this */
    /* stdout and stderr go to unlinked temporary files, read back when the program has ended:
     * tools that write a pipe unbuffered (llvm-mc) run several times faster on a file */
    int capture_to_files;
    /* out (gcn_proc_result's meaning: out, err, exit_code, signal, timed_out, failure) */
    gcn_proc_result r;
    double seconds; /* wall time from start to exit */
} gcn_job;

/* Runs jobs[0..n), at most `parallel` at a time (at least 1, at most 64). Each job's r is
 * filled; free it with gcn_proc_result_free. */
void gcn_run_jobs(gcn_job *jobs, size_t n, unsigned parallel);

/* The same, with the jobs made just before they start and consumed as soon as they end (so the
 * caller's work on them overlaps the processes still running): prepare(i) fills jobs[i] and
 * returns 1 to run it, 0 to skip it; finish(i) is called once jobs[i] has ended. Both run on
 * the caller's thread. */
void gcn_run_jobs_cb(gcn_job *jobs, size_t n, unsigned parallel,
                     int (*prepare)(size_t i, gcn_job *job, void *ctx),
                     void (*finish)(size_t i, gcn_job *job, void *ctx), void *ctx);

#endif
