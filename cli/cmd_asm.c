#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "commands.h"
#include "gcnspec/codec.h"
#include "util/buf.h"
#include "util/diag_limit.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec asm --gen G [--show-encoding] [--max-errors N] [FILE]\n\n"
           "Assembles one instruction per line (LLVM's syntax; the documents' upper case is\n"
           "accepted) and prints each encoding as a line of bytes, 0x01,0x00,0x80,0xbe, the\n"
           "form 'gcnspec disasm' and 'llvm-mc -disassemble' read. Reads stdin without FILE\n"
           "or with FILE '-'.\n"
           "Comments start with ';' or '//' (a whole line also with '#'), as in llvm-mc.\n"
           "A bad line is reported as FILE:LINE:COL:\n"
           "message; the rest are still assembled, and the exit status is 1.\n\n"
           "  -g, --gen G          gcn1.0|gcn1.1|gcn1.2|gcn1.4, gfx6..gfx9, tahiti|bonaire|\n"
           "                       tonga|gfx900\n"
           "      --show-encoding  print the text as llvm-mc does: TEXT ; encoding: [BYTES]\n"
           "      --max-errors N   print the first N bad lines' messages (default %d; 0: all),\n"
           "                       then how many more there were\n"
           "  -h, --help           this text\n",
           GCN_DIAG_DEFAULT_MAX);
}

int cli_read_input(const char *path, char **text, size_t *len, gcn_diag *diag)
{
    gcn_buf b;
    char chunk[65536];
    size_t n;
    if (path && strcmp(path, "-") != 0)
        return gcn_read_file(path, text, len, diag) == GCN_OK;
    gcn_buf_init(&b);
    while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
        gcn_buf_append(&b, chunk, n);
    /* a read error (stdin is a directory, say) is no empty input */
    if (ferror(stdin)) {
        gcn_buf_free(&b);
        gcn_diag_set(diag, "<stdin>", 0, 0, "read error: %s", strerror(errno));
        return 0;
    }
    gcn_buf_putc(&b, 0);
    if (b.oom) {
        gcn_buf_free(&b);
        gcn_diag_set(diag, "<stdin>", 0, 0, "out of memory");
        return 0;
    }
    *len = b.len - 1;
    *text = gcn_buf_take(&b);
    return 1;
}

int cli_max_errors(const char *cmd, const char *arg)
{
    unsigned long max;
    if (!gcn_diag_parse_max(arg, &max)) {
        cli_usage_error(cmd, "--max-errors: a number of messages (0: all), not '%s'", arg);
        return 0;
    }
    gcn_diag_set_max(max);
    return 1;
}

int cli_unknown_gen(const char *cmd, const char *name)
{
    char choices[512];
    gcn_codec_gen_choices(gcn_codec_tables(), choices, sizeof(choices));
    return cli_usage_error(cmd, "unknown generation '%s': one of %s", name, choices);
}

const char *cli_input_name(const char *path)
{
    return path && strcmp(path, "-") != 0 ? path : "<stdin>";
}

char *cli_next_line(char **at, char *end, const char *name, unsigned lineno)
{
    char *line = *at, *eol = memchr(line, '\n', (size_t)(end - line)), *nul;
    size_t len = (size_t)((eol ? eol : end) - line);
    *at = eol ? eol + 1 : end;
    line[len] = 0;
    /* read as a C string, a NUL byte would cut the line short and hide the rest of the input */
    nul = memchr(line, 0, len);
    if (nul) {
        gcn_diag_reportf(stderr, "%s:%u:%zu: NUL byte in the text", name, lineno,
                         (size_t)(nul - line) + 1);
        return NULL;
    }
    return line;
}

void cli_print_encoded(FILE *f, const char *text, const uint8_t *bytes, size_t n, int show)
{
    size_t i;
    if (show) {
        int w = fprintf(f, "\t%s", text);
        fprintf(f, "%*s; encoding: [", w < 41 ? 41 - w : 1, "");
    }
    for (i = 0; i < n; i++)
        fprintf(f, "%s0x%02x", i ? "," : "", bytes[i]);
    fputs(show ? "]\n" : "\n", f);
}

int cmd_asm(int argc, char **argv)
{
    static const struct option opts[] = {{"gen", required_argument, NULL, 'g'},
                                         {"show-encoding", no_argument, NULL, 's'},
                                         {"max-errors", required_argument, NULL, 'E'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *gen_name = NULL, *path = NULL, *name;
    int c, gen, show = 0, errors = 0;
    unsigned lineno = 0;
    char *text = NULL, *line, *at;
    size_t len = 0;
    gcn_diag diag;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":g:h", opts, NULL)) != -1) {
        switch (c) {
        case 'g':
            gen_name = optarg;
            break;
        case 's':
            show = 1;
            break;
        case 'E':
            if (!cli_max_errors("asm", optarg))
                return 2;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("asm", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("asm", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        path = argv[optind++];
    if (optind < argc)
        return cli_usage_error("asm", "unexpected argument '%s'", argv[optind]);
    if (!gen_name)
        return cli_usage_error("asm", "--gen is required");
    gen = gcn_gen_lookup(gen_name);
    if (gen < 0)
        return cli_unknown_gen("asm", gen_name);
    gcn_diag_clear(&diag);
    if (!cli_read_input(path, &text, &len, &diag)) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    name = cli_input_name(path);
    for (at = text; at < text + len;) {
        gcn_inst in;
        uint8_t bytes[GCN_INST_MAX_BYTES];
        size_t n = 0, k;
        gcn_status st;
        lineno++;
        line = cli_next_line(&at, text + len, name, lineno);
        if (!line) {
            errors++;
            continue;
        }
        for (k = 0; line[k]; k++)
            if (line[k] == '\r')
                line[k] = 0;
        /* gcn_assemble takes a comment after the instruction; a line of none is skipped */
        if (gcn_line_is_blank(line))
            continue;
        st = gcn_assemble(gen, line, &in, bytes, sizeof(bytes), &n, &diag);
        if (st == GCN_ERR_SYNTAX) {
            gcn_diag_reportf(stderr, "%s:%u:%u: %s", name, lineno, diag.col, diag.msg);
            errors++;
            continue;
        }
        if (st != GCN_OK) {
            gcn_diag_reportf(stderr, "%s:%u:1: cannot encode: %s", name, lineno,
                             gcn_status_str(st));
            errors++;
            continue;
        }
        if (show) {
            char out[256];
            gcn_print(&in, out, sizeof(out));
            cli_print_encoded(stdout, out, bytes, n, 1);
        } else {
            cli_print_encoded(stdout, NULL, bytes, n, 0);
        }
    }
    free(text);
    gcn_diag_report_end(stderr);
    return errors ? 1 : 0;
}
