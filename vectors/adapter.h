/* Implementations the checker runs over the vectors, one process per batch of lines (a vector
 * file's inputs of one mode and generation):
 *
 *   llvm-mc, llvm-mc-N, llvm-mc:PATH   llvm-mc -arch=amdgcn -mcpu=<gen's> (-show-encoding, or
 *                                      -disassemble -show-encoding where that LLVM disassembles
 *                                      the generation: probed, not assumed)
 *   gcnspec-oracle                     the oracle in-process: semantic vectors only (a self-check)
 *   cmd:COMMAND                        any tool speaking the line protocol of docs/vectors.md:
 *                                      /bin/sh -c COMMAND, inputs on stdin one a line, one answer
 *                                      line per input (bytes or text, or "error: why")
 *
 * An adapter turns a batch into a job (argv, environment, stdin) and the job's output back into
 * one answer per line, or says why it cannot (the process died, timed out, answered too few
 * lines). */
#ifndef GCN_VECTORS_ADAPTER_H
#define GCN_VECTORS_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#include "gcnspec/status.h"
#include "vectors/runner.h"

typedef enum gcn_check_mode { GCN_MODE_ASM, GCN_MODE_DIS, GCN_MODE_COUNT } gcn_check_mode;

typedef struct gcn_answer {
    int answered;      /* 0: the adapter gave no answer for the line */
    int ok;            /* accepted */
    char text[256];    /* dis: the text; asm: the text the tool printed back, "" when none */
    uint8_t bytes[16]; /* asm: the encoding */
    size_t nbytes;
    char message[256]; /* rejected: why; dis: LLVM's mark when it marked the text invalid */
} gcn_answer;

typedef struct gcn_adapter gcn_adapter;

/* impl as the user wrote it. why: for people, when it cannot be used. */
gcn_status gcn_adapter_open(gcn_adapter **out, const char *impl, char *why, size_t why_size);
void gcn_adapter_close(gcn_adapter *a);
/* The peer name known entries use ("llvm-mc-14"; "cmd" for a command), and its version line. */
const char *gcn_adapter_peer(const gcn_adapter *a);
const char *gcn_adapter_version(const gcn_adapter *a);
const char *gcn_adapter_impl(const gcn_adapter *a);
/* gcnspec-oracle (semantic vectors in-process), cmd: (its command and /bin/sh). */
int gcn_adapter_is_oracle(const gcn_adapter *a);
int gcn_adapter_is_cmd(const gcn_adapter *a);
const char *gcn_adapter_command(const gcn_adapter *a);
const char *gcn_adapter_shell(const gcn_adapter *a);
/* Does the tool claim mode on gen at all (llvm-mc: disassembly probed once per generation)?
 * why says why not. */
int gcn_adapter_claims(gcn_adapter *a, gcn_check_mode mode, int gen, char *why, size_t why_size);

/* A batch prepared as a job. The job's strings live in the batch until it is freed. */
typedef struct gcn_batch {
    gcn_adapter *a;
    gcn_check_mode mode;
    int gen;
    unsigned encoding;
    const char *const *lines;
    size_t n;
    /* private */
    char *in;
    char *argv_store[8];
    char mcpu_arg[64];
    char *env_store[8];
    char env_text[6][160];
    char *path;
    size_t fallbacks; /* llvm-mc disassembly run again with markers */
} gcn_batch;

/* Fills job (path, argv, env, stdin, timeout) for the batch's lines. */
gcn_status gcn_batch_prepare(gcn_batch *b, gcn_job *job, double timeout_s, char *why,
                             size_t why_size);
/* Reads the job's output into answers[0..n). Returns GCN_OK when every line got an answer;
 * otherwise why says what went wrong, *answered how many lines were answered (the answers of
 * those are filled), and *unclaimed is set when the tool declared the batch unsupported. */
gcn_status gcn_batch_answers(gcn_batch *b, const gcn_job *job, gcn_answer *answers,
                             size_t *answered, int *unclaimed, char *why, size_t why_size);
void gcn_batch_free(gcn_batch *b);

#endif
