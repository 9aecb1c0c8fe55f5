#define _XOPEN_SOURCE 700 /* strtok_r, realpath */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "codec/codec_internal.h"
#include "util/datadir.h"
#include "util/file.h"
#include "util/proc.h"

#include "commands.h"

#include "gcn_version.h" /* GCN_VERSION, GCN_LLVM_C_LINKED: written by cli/CMakeLists.txt */

static const struct command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} commands[] = {
#define GCN_COMMAND_ENTRY(name, summary) {#name, summary, cmd_##name},
    GCN_COMMAND_LIST(GCN_COMMAND_ENTRY)
#undef GCN_COMMAND_ENTRY
};

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gcnspec %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(see 'gcnspec %s --help')\n", cmd);
    return 2;
}

int cli_add_names(const char *cmd, const char *arg, unsigned *mask, int (*lookup)(const char *),
                  const char *what)
{
    char buf[256], *tok, *save = NULL;
    snprintf(buf, sizeof(buf), "%s", arg);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int i = lookup(tok);
        if (i < 0 || i >= 32) {
            cli_usage_error(cmd, "unknown %s '%s'", what, tok);
            return 0;
        }
        *mask |= 1u << i;
    }
    return 1;
}

int cli_encoding_lookup(const char *name)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned i;
    for (i = 0; i < t->nencodings; i++)
        if (strcasecmp(t->encodings[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The data directory: --data-dir's argument, then what was found (once). The paths handed
 * out stay reachable until exit. */
static struct {
    const char *option;
    int looked, found, in_tree;
    gcn_data_origin origin;
    char dir[4096];
    gcn_diag diag;
    char *paths[64];
    size_t npaths;
} data;

static int data_find(void)
{
    if (!data.looked) {
        char *cwd = realpath(".", NULL);
        data.looked = 1;
        gcn_diag_clear(&data.diag);
        data.found = gcn_data_dir_find(data.option, data.dir, sizeof(data.dir), &data.origin,
                                       &data.diag) == GCN_OK;
        /* at the root of the source tree (or a copy of the data) it reads: the data's files
         * are named relative to it as before, and outputs go where the tree keeps them */
        data.in_tree =
            data.found && data.origin != GCN_DATA_INSTALLED && cwd && strcmp(cwd, data.dir) == 0;
        free(cwd);
    }
    return data.found;
}

const char *cli_data_path(const char *rel)
{
    char *p;
    if (!data_find()) {
        gcn_diag_print(&data.diag, stderr);
        return NULL;
    }
    if (data.in_tree)
        return rel;
    p = gcn_path_join(data.dir, rel);
    if (!p || data.npaths == sizeof(data.paths) / sizeof(data.paths[0])) {
        free(p);
        fprintf(stderr, "gcnspec: out of memory\n");
        return NULL;
    }
    return data.paths[data.npaths++] = p;
}

const char *cli_output_default(const char *in_tree, const char *elsewhere)
{
    data_find();
    return data.in_tree ? in_tree : elsewhere;
}

/* "LLVM version 14.0.6" from NAME --version, or why not. */
static void print_peer_version(const char *name)
{
    char *path = gcn_proc_find(name);
    gcn_proc_result r;
    char *const argv[] = {(char *)name, "--version", NULL};
    const char *v;
    memset(&r, 0, sizeof(r));
    if (!path) {
        printf("%s: not on PATH\n", name);
        return;
    }
    gcn_proc_run(path, argv, "", 0, 10, &r);
    v = r.out.data ? strstr(r.out.data, "LLVM version ") : NULL;
    if (v)
        printf("%s: %.*s (%s)\n", name, (int)strcspn(v, "\n"), v, path);
    else
        printf("%s: %s, which printed no LLVM version\n", name, path);
    gcn_proc_result_free(&r);
    free(path);
}

static int version(void)
{
    printf("gcnspec %s\n", GCN_VERSION);
    printf("spec: %s (sha256 of the spec/gcn.json the tables and semantics were generated "
           "from)\n",
           gcn_codec_tables()->spec_sha256);
    if (data_find())
        printf("data: %s (%s)\n", data.dir, gcn_data_origin_str(data.origin));
    else
        printf("data: none found (%s)\n", data.diag.msg);
    print_peer_version("llvm-mc-14");
    print_peer_version("llvm-mc-19");
    printf("LLVM-C: %s\n", GCN_LLVM_C_LINKED);
    return 0;
}

static void usage(FILE *out)
{
    size_t i;
    int e, g, col;
    fprintf(out, "usage: gcnspec [--data-dir DIR] COMMAND [OPTIONS]\n"
                 "       gcnspec --version\n\n"
                 "A spec-driven codec, oracle and errata tool for the AMD GCN ISA. This build\n"
                 "models");
    /* what the spec it was generated from holds, wrapped at 80 columns */
    col = 6;
    for (e = 0; e < gcn_encoding_count(); e++) {
        const char *n = gcn_encoding_name(e);
        col += (int)strlen(n) + 2;
        if (col > 78) {
            fprintf(out, "\n");
            col = (int)strlen(n) + 1;
        } else {
            fprintf(out, " ");
        }
        fprintf(out, "%s%s", n, e + 1 < gcn_encoding_count() ? "," : "");
    }
    fprintf(out, "\non");
    for (g = 0; g < gcn_gen_count(); g++)
        fprintf(out, " %s (%s)%s", gcn_gen_id(g), gcn_gen_mcpu(g),
                g + 1 < gcn_gen_count() ? "," : ".\n\ncommands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  %-10s %s\n", "help", "this text, or 'gcnspec help COMMAND'");
    fprintf(out, "\n'gcnspec COMMAND --help' describes a command's options.\n\n"
                 "Data (the resolved spec, curated facts, known peer disagreements, documents) is\n"
                 "read from the first of: --data-dir DIR, $" GCN_DATA_DIR_ENV ", ../share/gcnspec\n"
                 "beside an installed gcnspec binary, the source tree a build-tree gcnspec was\n"
                 "built from ('gcnspec --version' names the one in use). Files named on the\n"
                 "command line are relative to the current directory. Reports go by default to\n"
                 "./reports at the root of the source tree, else to ./gcnspec-reports (--out\n"
                 "names another place); the installed data is never written.\n");
}

int main(int argc, char **argv)
{
    size_t i;
    /* global options, before the command */
    while (argc >= 2 && strncmp(argv[1], "--data-dir", 10) == 0 &&
           (argv[1][10] == 0 || argv[1][10] == '=')) {
        if (argv[1][10] == '=') {
            data.option = argv[1] + 11;
        } else if (argc >= 3) {
            data.option = argv[2];
            argv++;
            argc--;
        } else {
            data.option = "";
        }
        if (!*data.option) {
            fprintf(stderr, "gcnspec: option '--data-dir' needs a directory\n");
            return 2;
        }
        argv++;
        argc--;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0)
        return version();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "-h") == 0) {
        if (argc > 2) {
            for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
                if (strcmp(argv[2], commands[i].name) == 0) {
                    char *help_argv[] = {argv[2], "--help", NULL};
                    return commands[i].run(2, help_argv);
                }
            fprintf(stderr, "gcnspec: unknown command '%s'\n", argv[2]);
            return 2;
        }
        usage(stdout);
        return 0;
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "gcnspec: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
