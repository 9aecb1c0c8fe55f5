/* Replays the peer evidence recorded in curated JSON files: every object with the keys
 * "peer", "args", "stdin", "stdout", "stderr" is run again (stdin piped, stdout and stderr
 * captured apart) and must print byte-identical output; its "cmd" must be the shell line that
 * peer, args and stdin make (tools/curate/llvm_mc_evidence.py writes it the same way). */
#ifndef GCN_TESTS_EVIDENCE_REPLAY_H
#define GCN_TESTS_EVIDENCE_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"
#include "util/buf.h"

typedef struct evidence_run evidence_run; /* a finished peer run, kept to replay duplicates */

typedef struct evidence_checker {
    FILE *report;        /* where mismatches are written as file:line:col: message */
    unsigned timeout_s;  /* per peer run */
    unsigned checked;    /* evidence objects replayed and compared */
    unsigned skipped;    /* evidence objects whose peer is not installed */
    unsigned failed;     /* evidence objects that did not match or were malformed */
    unsigned runs;       /* peer processes started (duplicates are run once) */
    evidence_run *cache; /* runs so far, newest first */
} evidence_checker;

void evidence_checker_init(evidence_checker *c, FILE *report, unsigned timeout_s);
void evidence_checker_free(evidence_checker *c);

/* Checks every evidence object in the JSON file. Problems with an evidence object are reported
 * and counted in c->failed; a file that cannot be read or parsed returns its status and fills
 * diag. */
gcn_status evidence_check_file(evidence_checker *c, const char *path, gcn_diag *diag);

/* The shell line for a run: printf '<stdin as a printf format>' | peer args... */
void evidence_cmd(gcn_buf *out, const char *peer, const char *const *args, size_t nargs,
                  const char *stdin_text);

/* Full path of an executable peer found on PATH (or peer itself if it names a path);
 * NULL when not installed. Caller frees. */
char *evidence_find_peer(const char *peer);

#endif
