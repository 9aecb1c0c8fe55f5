#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gcnspec/codec.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec disasm --gen G [--binary] [--show-encoding] [FILE]\n\n"
           "Disassembles bytes written as llvm-mc prints them (0x01,0x00,0x80,0xbe; spaces,\n"
           "commas and [ ] separate them; one or more instructions a line) or, with --binary,\n"
           "a raw little-endian file. Prints one instruction per line in LLVM's syntax.\n"
           "Bytes that are no instruction are reported as FILE:LINE:COL (or FILE:+OFFSET\n"
           "with --binary): message, skipped one dword, and the exit status is 1.\n\n"
           "  -g, --gen G          gcn1.0|gcn1.1|gcn1.2|gcn1.4, gfx6..gfx9, tahiti|bonaire|\n"
           "                       tonga|gfx900\n"
           "  -b, --binary         FILE holds raw bytes\n"
           "      --show-encoding  print TEXT ; encoding: [BYTES] as llvm-mc does\n"
           "  -h, --help           this text\n");
}

/* Decodes a byte stream; where[i] says what to call byte i in a message. */
static int decode_stream(int gen, const uint8_t *b, size_t n, const char *name,
                         const unsigned *line, const unsigned *col, int show)
{
    size_t at = 0;
    int errors = 0;
    while (at < n) {
        gcn_inst in;
        gcn_status st = gcn_decode(gen, b + at, n - at, &in);
        char text[256];
        if (st != GCN_OK) {
            if (line)
                fprintf(stderr, "%s:%u:%u: %s\n", name, line[at], col[at], gcn_status_str(st));
            else
                fprintf(stderr, "%s:+%zu: %s\n", name, at, gcn_status_str(st));
            errors++;
            at += st == GCN_ERR_TRUNCATED ? n - at : (n - at < 4 ? n - at : 4);
            continue;
        }
        gcn_print(&in, text, sizeof(text));
        if (show)
            cli_print_encoded(stdout, text, b + at, in.size, 1);
        else
            printf("%s\n", text);
        at += in.size;
    }
    return errors;
}

int cmd_disasm(int argc, char **argv)
{
    static const struct option opts[] = {{"gen", required_argument, NULL, 'g'},
                                         {"binary", no_argument, NULL, 'b'},
                                         {"show-encoding", no_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *gen_name = NULL, *path = NULL, *name;
    int c, gen, binary = 0, show = 0, errors = 0;
    char *text = NULL;
    size_t len = 0;
    gcn_diag diag;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":g:bh", opts, NULL)) != -1) {
        switch (c) {
        case 'g':
            gen_name = optarg;
            break;
        case 'b':
            binary = 1;
            break;
        case 's':
            show = 1;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("disasm", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("disasm", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        path = argv[optind++];
    if (optind < argc)
        return cli_usage_error("disasm", "unexpected argument '%s'", argv[optind]);
    if (!gen_name)
        return cli_usage_error("disasm", "--gen is required");
    gen = gcn_gen_lookup(gen_name);
    if (gen < 0)
        return cli_usage_error("disasm", "unknown generation '%s'", gen_name);
    gcn_diag_clear(&diag);
    if (!cli_read_input(path, &text, &len, &diag)) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    name = path ? path : "<stdin>";
    if (binary) {
        errors = decode_stream(gen, (const uint8_t *)text, len, name, NULL, NULL, show);
    } else {
        /* each text line is one stream (an instruction never spans lines) */
        unsigned lineno = 0;
        char *line = text, *next;
        uint8_t *bytes = malloc(len + 1);
        unsigned *lines = malloc((len + 1) * sizeof(unsigned));
        unsigned *cols = malloc((len + 1) * sizeof(unsigned));
        if (!bytes || !lines || !cols) {
            fprintf(stderr, "%s: out of memory\n", name);
            free(bytes);
            free(lines);
            free(cols);
            free(text);
            return 1;
        }
        for (; line && *line; line = next) {
            size_t nb = 0, k = 0;
            next = strchr(line, '\n');
            if (next)
                *next++ = 0;
            lineno++;
            while (line[k]) {
                char *e;
                unsigned long v;
                if (strchr(" \t\r,[]", line[k])) {
                    k++;
                    continue;
                }
                if (line[k] == ';' || line[k] == '#')
                    break;
                v = strtoul(line + k, &e, 16);
                if (e == line + k || !(e[0] == 0 || strchr(" \t\r,[];#", e[0])) || v > 255) {
                    fprintf(stderr, "%s:%u:%zu: not a byte: '%.*s'\n", name, lineno, k + 1,
                            (int)strcspn(line + k, " \t\r,[]"), line + k);
                    errors++;
                    nb = 0;
                    break;
                }
                lines[nb] = lineno;
                cols[nb] = (unsigned)k + 1;
                bytes[nb++] = (uint8_t)v;
                k = (size_t)(e - line);
            }
            if (nb)
                errors += decode_stream(gen, bytes, nb, name, lines, cols, show);
        }
        free(bytes);
        free(lines);
        free(cols);
    }
    free(text);
    return errors ? 1 : 0;
}
