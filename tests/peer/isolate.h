/* Running a peer that may crash on some inputs (LLVM 14's and 19's AMDGPU disassemblers segfault
 * on some VOP SDWA words) without losing the process that asked: a fork server. One child
 * process runs a worker over a batch of inputs (thousands at a time, not one process per input)
 * and writes the results into memory it shares with the parent; before each input it publishes
 * the input's index there. When the child dies (a signal, an exit, or no progress for the
 * timeout: the parent then kills it), the parent reads that index, records the input's fate,
 * and starts a new child for the rest of the batch. The child outlives a batch: the next one
 * reuses it.
 *
 * The child starts as a copy of the parent (fork, no exec): the worker and its argument are the
 * parent's, with whatever state they had (an LLVM disassembler opened before). It resets the
 * signals a crash raises to their default action (a test framework's or a sanitizer's handler
 * would otherwise catch them in the child), closes every descriptor but its socket (another
 * server's among them), writes no core file, never touches stdio and leaves with _exit. Not for
 * a multi-threaded parent. */
#ifndef GCN_TESTS_PEER_ISOLATE_H
#define GCN_TESTS_PEER_ISOLATE_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* Runs in the child on one input; result (result_size bytes) is zeroed before the call. */
typedef void (*peer_isolate_fn)(void *arg, const void *input, void *result);

/* What happened to one input. */
typedef struct peer_isolate_fate {
    int died;        /* the child died on this input: result is zero */
    int signal;      /* the signal that ended it (0 when it exited) */
    int exit_status; /* its exit status, when it exited */
    int hung;        /* no progress for the timeout: the parent killed it (signal SIGKILL) */
} peer_isolate_fate;

typedef struct peer_isolate_stats {
    unsigned long inputs;   /* inputs run */
    unsigned long children; /* children started */
    unsigned long deaths;   /* inputs a child died on */
} peer_isolate_stats;

typedef struct peer_isolate peer_isolate;

/* A fork server for fn(arg, input, result) on inputs of input_size bytes and results of
 * result_size bytes, capacity of each in one shared mapping (a longer run is cut into pieces of
 * capacity). timeout_ms: how long the child may stay on one input (0: 10 s). No child runs
 * until the first peer_isolate_run. */
gcn_status peer_isolate_open(peer_isolate **out, peer_isolate_fn fn, void *arg, size_t input_size,
                             size_t result_size, size_t capacity, unsigned timeout_ms,
                             gcn_diag *diag);

/* Runs the worker on the n inputs (n * input_size bytes) into results (n * result_size bytes)
 * and fates (n entries). A child dying on an input is a fate, not an error; an error is what
 * stops the server itself (fork, socketpair, mmap, a child dying between inputs), with why in
 * diag. */
gcn_status peer_isolate_run(peer_isolate *p, const void *inputs, size_t n, void *results,
                            peer_isolate_fate *fates, gcn_diag *diag);

const peer_isolate_stats *peer_isolate_stats_of(const peer_isolate *p);

/* Stops the child (idle between batches: killed) and frees everything. */
void peer_isolate_close(peer_isolate *p);

/* "SIGSEGV", "SIGABRT", ...; "signal N" for others (buf holds it). */
const char *peer_signal_name(int sig, char *buf, size_t size);

/* The fate as text: "(crashed: SIGSEGV)", "(crashed: exit 1)", "(hung: killed)". */
void peer_fate_text(const peer_isolate_fate *f, char *out, size_t size);

#endif
