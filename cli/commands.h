/* The gcnspec subcommands. Each returns the process exit status: 0 success, 1 bad input or a
 * failed check, 2 usage error. */
#ifndef GCN_CLI_COMMANDS_H
#define GCN_CLI_COMMANDS_H

#define GCN_COMMAND_LIST(X)                                                                        \
    X(extract, "extract facts from the ISA documents into spec/facts.json")                        \
    X(resolve, "resolve facts + errata + curated facts into spec/gcn.json")                        \
    X(errata, "find the documents' contradictions and defects; write errata reports")              \
    X(run, "the main job: extract, resolve, errata on the seeds")                                  \
    X(asm, "assemble LLVM-syntax text into bytes")                                                 \
    X(disasm, "disassemble bytes into LLVM-syntax text")                                           \
    X(exec, "run a program on the reference interpreter (the documents' pseudocode, corrected)")   \
    X(vectors, "write the conformance vectors (JSON Lines, LLVM lit files)")                       \
    X(check, "check an assembler/disassembler (llvm-mc, any command) against the vectors")         \
    X(fuzz, "run a fuzzing campaign (libFuzzer, AFL++) and triage its findings")                   \
    X(atomics, "run GCN DS atomics against vISA DWORD_ATOMIC; report where they differ")

#define GCN_COMMAND_DECL(name, summary) int cmd_##name(int argc, char **argv);
GCN_COMMAND_LIST(GCN_COMMAND_DECL)
#undef GCN_COMMAND_DECL

/* Shared option handling: prints "gcnspec CMD: message" usage errors. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* "a,b" into the bit set of names lookup() knows (bit = its index); reports an unknown one as a
 * usage error of cmd and returns 0. */
int cli_add_names(const char *cmd, const char *arg, unsigned *mask, int (*lookup)(const char *),
                  const char *what);
/* An encoding's index by name (any case), -1 when the codec has none of that name. */
int cli_encoding_lookup(const char *name);

/* A data file's default path: rel ("spec/gcn.json") in the data directory (gcnspec
 * --data-dir, $GCNSPEC_DATA_DIR, an installed share/gcnspec, the source tree; util/datadir.h),
 * rel itself at the root of the source tree. NULL, after printing where it looked and how to
 * name the directory, when there is none. The string lives until exit. */
const char *cli_data_path(const char *rel);
/* A default output: in_tree ("reports") at the root of the source tree the data comes from,
 * elsewhere ("gcnspec-reports") in any other directory, so an installed gcnspec never writes
 * into its data directory unasked. */
/* Whether fresh equals the file at path; when not, says on stderr at which line they first differ
 * and the command (redo) that rewrites it. Used by the extract commands' --check. */
int cli_same_as_file(const char *fresh, const char *path, const char *redo);
const char *cli_output_default(const char *in_tree, const char *elsewhere);
/* The default report directory: reports in the source tree, else gcnspec-reports. */
#define CLI_REPORTS_DEFAULT cli_output_default("reports", "gcnspec-reports")
#define CLI_REPORTS_HELP "reports at the root of the source tree, else gcnspec-reports"

struct gcn_findings;
#include <stdint.h>
#include <stdio.h>

#include "gcnspec/diag.h"
/* Reads FILE (or stdin when path is NULL or "-") whole; the text ends with a NUL. */
int cli_read_input(const char *path, char **text, size_t *len, gcn_diag *diag);
/* --max-errors ARG: sets the limit of util/diag_limit.h; a usage error of cmd and 0 when ARG
 * is no number. */
int cli_max_errors(const char *cmd, const char *arg);
/* A usage error of cmd: "unknown generation 'NAME': one of gcn1.0 (gfx6, tahiti), ..." */
int cli_unknown_gen(const char *cmd, const char *name);
/* The name messages give the input: path, or "<stdin>". */
const char *cli_input_name(const char *path);
/* Splits the next line off [*at, end): NUL-terminates it and moves *at past it. Returns the
 * line, or NULL after reporting "name:lineno:col: NUL byte in the text" when it holds one. */
char *cli_next_line(char **at, char *end, const char *name, unsigned lineno);
/* "0x01,0x02" or, with show, llvm-mc's "\tTEXT   ; encoding: [0x01,0x02]" */
void cli_print_encoded(FILE *f, const char *text, const uint8_t *bytes, size_t n, int show);

/* Prints each unresolved finding as "file:line: unresolved KEY: message"; returns 1. */
int cli_print_unresolved(const struct gcn_findings *u, const char *errata_path);

#endif
