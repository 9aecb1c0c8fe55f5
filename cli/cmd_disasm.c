#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gcnspec/codec.h"
#include "util/diag_limit.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec disasm --gen G [--binary] [--show-encoding] [--max-errors N] [FILE]\n\n"
           "Disassembles bytes written as llvm-mc prints them (0x01,0x00,0x80,0xbe; spaces,\n"
           "commas and [ ] separate them; one or more instructions a line, none spanning\n"
           "lines; comments start with ';', '//' or '#') or, with --binary, a raw\n"
           "little-endian file. Reads stdin without FILE or with FILE '-'. Prints one\n"
           "instruction per line in LLVM's syntax.\n"
           "Bytes that are no instruction are reported as FILE:LINE:COL (or FILE:+OFFSET\n"
           "with --binary): message, and skipped one dword (a truncated instruction: the\n"
           "rest of its line or file); a line holding something that is no byte (0xNN) is\n"
           "reported and skipped whole. Either way the rest is still decoded, and the exit\n"
           "status is 1.\n\n"
           "  -g, --gen G          gcn1.0|gcn1.1|gcn1.2|gcn1.4, gfx6..gfx9, tahiti|bonaire|\n"
           "                       tonga|gfx900\n"
           "  -b, --binary         FILE holds raw bytes\n"
           "      --show-encoding  print TEXT ; encoding: [BYTES] as llvm-mc does\n"
           "      --max-errors N   print the first N messages (default %d; 0: all), then\n"
           "                       how many more there were\n"
           "  -h, --help           this text\n",
           GCN_DIAG_DEFAULT_MAX);
}

/* Decodes a byte stream; where[i] says what to call byte i in a message. */
static int decode_stream(int gen, const uint8_t *b, size_t n, const char *name,
                         const unsigned *line, const unsigned *col, int show)
{
    size_t at = 0;
    int errors = 0;
    while (at < n) {
        char text[256];
        size_t size = 0;
        gcn_status st = gcn_disasm(gen, b + at, n - at, text, sizeof(text), &size, NULL);
        if (st != GCN_OK) {
            char why[256];
            gcn_decode_why(gen, b + at, n - at, why, sizeof(why));
            if (line)
                gcn_diag_reportf(stderr, "%s:%u:%u: %s", name, line[at], col[at], why);
            else
                gcn_diag_reportf(stderr, "%s:+%zu: %s", name, at, why);
            errors++;
            at += st == GCN_ERR_TRUNCATED ? n - at : (n - at < 4 ? n - at : 4);
            continue;
        }
        if (show)
            cli_print_encoded(stdout, text, b + at, size, 1);
        else
            printf("%s\n", text);
        at += size;
    }
    return errors;
}

/* A byte token runs up to a separator or a comment. */
static size_t byte_token_len(const char *s)
{
    size_t n = 0;
    while (s[n] && !strchr(" \t\r,[];#", s[n]) && !(s[n] == '/' && s[n + 1] == '/'))
        n++;
    return n;
}

/* 0xNN, as llvm-mc prints bytes. A bare "12" is refused: llvm-mc reads it as decimal, a hex
 * dump means 0x12, and guessing would decode the wrong instruction without a word. */
static int parse_byte(const char *s, size_t n, uint8_t *out)
{
    unsigned v = 0;
    size_t i;
    if (n < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return 0;
    for (i = 2; i < n; i++) {
        if (!isxdigit((unsigned char)s[i]))
            return 0;
        v = v * 16 + (unsigned)(isdigit((unsigned char)s[i])
                                    ? s[i] - '0'
                                    : tolower((unsigned char)s[i]) - 'a' + 10);
        if (v > 255)
            return 0;
    }
    *out = (uint8_t)v;
    return 1;
}

int cmd_disasm(int argc, char **argv)
{
    static const struct option opts[] = {
        {"gen", required_argument, NULL, 'g'},     {"binary", no_argument, NULL, 'b'},
        {"show-encoding", no_argument, NULL, 's'}, {"max-errors", required_argument, NULL, 'E'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0}};
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
        case 'E':
            if (!cli_max_errors("disasm", optarg))
                return 2;
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
        return cli_unknown_gen("disasm", gen_name);
    gcn_diag_clear(&diag);
    if (!cli_read_input(path, &text, &len, &diag)) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    name = cli_input_name(path);
    if (binary) {
        errors = decode_stream(gen, (const uint8_t *)text, len, name, NULL, NULL, show);
    } else {
        /* each text line is one stream (an instruction never spans lines) */
        unsigned lineno = 0;
        char *at = text;
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
        while (at < text + len) {
            size_t nb = 0, k = 0;
            char *line = cli_next_line(&at, text + len, name, ++lineno);
            if (!line) {
                errors++;
                continue;
            }
            while (line[k]) {
                size_t tok;
                if (strchr(" \t\r,[]", line[k])) {
                    k++;
                    continue;
                }
                if (line[k] == ';' || line[k] == '#' || (line[k] == '/' && line[k + 1] == '/'))
                    break;
                tok = byte_token_len(line + k);
                if (!parse_byte(line + k, tok, &bytes[nb])) {
                    gcn_diag_reportf(stderr, "%s:%u:%zu: not a byte (0x00..0xff): '%.*s'", name,
                                     lineno, k + 1, (int)tok, line + k);
                    errors++;
                    nb = 0;
                    break;
                }
                lines[nb] = lineno;
                cols[nb++] = (unsigned)k + 1;
                k += tok;
            }
            if (nb)
                errors += decode_stream(gen, bytes, nb, name, lines, cols, show);
        }
        free(bytes);
        free(lines);
        free(cols);
    }
    free(text);
    gcn_diag_report_end(stderr);
    return errors ? 1 : 0;
}
