/* Running gcnspec on bad input and checking how it answers: a "file:line[:col]: message" line
 * on stderr, a non-zero exit, no crash (no signal, no sanitizer report), and no output file. */
#ifndef GCN_TESTS_CLI_SUPPORT_H
#define GCN_TESTS_CLI_SUPPORT_H

#include <stddef.h>

#include "../extract/test_support.h"

/* A scratch directory that is also the working directory, so that a command that wrongly goes
 * on never writes into the source tree. Call from the group setup/teardown. */
void cli_enter_scratch(void);
void cli_leave_scratch(void);
const char *cli_scratch(void);

/* Runs gcnspec with the NULL-terminated arguments after argv[0]; fails the test on a crash. */
void cli_run(gcn_proc_result *r, ...);
void cli_runv(gcn_proc_result *r, char *const *args);

/* Exit 1 and a diagnostic naming a file that ends with file_suffix; want_line 0 = any line.
 * Returns the diagnostic's line. */
unsigned expect_input_error(const gcn_proc_result *r, const char *file_suffix, unsigned want_line);
/* path does not exist, and its directory holds no temporary leftovers (".gcnspec-tmp."). */
void expect_absent(const char *path);
/* path holds exactly `before`. */
void expect_unchanged(const char *path, const char *before);
/* dir holds no file whose name contains ".gcnspec-tmp." (or an older ".tmp.") */
void expect_no_temp_files(const char *dir);

#endif
