#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "codec/codec_internal.h"

#include "commands.h"

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

static void usage(FILE *out)
{
    size_t i;
    fprintf(out, "usage: gcnspec COMMAND [OPTIONS]\n\n"
                 "A spec-driven codec, oracle and errata tool for the AMD GCN ISA\n"
                 "(DS, SOP1, SMEM on GCN 1.0/1.1/1.2/1.4).\n\ncommands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  %-10s %s\n", "help", "this text, or 'gcnspec help COMMAND'");
    fprintf(out, "\n'gcnspec COMMAND --help' describes a command's options.\n");
}

int main(int argc, char **argv)
{
    size_t i;
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
