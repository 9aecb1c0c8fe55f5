#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cli_support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *scratch;
static char *old_cwd;

void cli_enter_scratch(void)
{
    old_cwd = getcwd(NULL, 0);
    scratch = tmpdir_make();
    if (chdir(scratch) != 0)
        fail_msg("cannot enter %s", scratch);
}

void cli_leave_scratch(void)
{
    if (old_cwd && chdir(old_cwd) != 0)
        print_error("cannot go back to %s\n", old_cwd);
    tmpdir_remove(scratch);
    free(scratch);
    free(old_cwd);
    scratch = old_cwd = NULL;
}

const char *cli_scratch(void)
{
    return scratch;
}

void cli_runv(gcn_proc_result *r, char *const *args)
{
    char *argv[64];
    size_t n = 0;
    argv[n++] = "gcnspec";
    while (args[n - 1] && n < 63) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    gcnspec_run(argv, r);
    if (proc_crashed(r))
        fail_msg("gcnspec %s crashed (signal %d):\n%s", args[0] ? args[0] : "", r->signal,
                 r->err.data ? r->err.data : "");
}

void cli_run(gcn_proc_result *r, ...)
{
    char *args[64];
    size_t n = 0;
    va_list ap;
    va_start(ap, r);
    while (n < 63 && (args[n] = va_arg(ap, char *)) != NULL)
        n++;
    va_end(ap);
    args[n] = NULL;
    cli_runv(r, args);
}

unsigned expect_input_error(const gcn_proc_result *r, const char *file_suffix, unsigned want_line)
{
    const char *err = r->err.data ? r->err.data : "";
    unsigned line = 0, col = 0;
    if (r->exit_code != 1)
        fail_msg("expected exit 1 on bad input, got %d; stderr:\n%s", r->exit_code, err);
    if (!diag_line(err, file_suffix, &line, &col))
        fail_msg("no '%s:line: message' on stderr:\n%s", file_suffix ? file_suffix : "file", err);
    if (want_line && line != want_line)
        fail_msg("the message names line %u, expected %u:\n%s", line, want_line, err);
    return line;
}

void expect_no_temp_files(const char *dir)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    if (!dp)
        return;
    while ((e = readdir(dp)) != NULL)
        if (strstr(e->d_name, ".tmp.") || strstr(e->d_name, ".gcnspec-tmp."))
            fail_msg("a temporary file was left behind: %s/%s", dir, e->d_name);
    closedir(dp);
}

void expect_absent(const char *path)
{
    char *dir = strdup(path), *slash = strrchr(dir, '/');
    if (file_exists(path))
        fail_msg("bad input still wrote %s", path);
    if (slash) {
        *slash = 0;
        expect_no_temp_files(dir);
    }
    free(dir);
}

void expect_unchanged(const char *path, const char *before)
{
    size_t len = 0;
    char *now = file_read(path, &len);
    if (!now)
        fail_msg("%s disappeared", path);
    if (len != strlen(before) || memcmp(now, before, len) != 0)
        fail_msg("bad input overwrote %s", path);
    free(now);
}
