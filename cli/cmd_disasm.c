#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "gcnspec/codec.h"
#include "gcnspec/codeobj.h"
#include "util/diag_limit.h"
#include "util/file.h"
#include "util/json.h"

static void help(void)
{
    printf("usage: gcnspec disasm [--gen G] [--binary] [--show-encoding] [--no-show-raw-insn]\n"
           "                      [--text-only] [--max-errors N] [FILE]\n"
           "       gcnspec disasm --stats[=md|json] [--gen G] [--binary] [FILE...]\n\n"
           "Disassembles an AMDGPU code object (ELF: .o, .hsaco, .co), bytes written as\n"
           "llvm-mc prints them (0x01,0x00,0x80,0xbe; spaces, commas and [ ] separate them;\n"
           "one or more instructions a line, none spanning lines; comments start with ';',\n"
           "'//' or '#') or, with --binary, a raw little-endian file. Reads stdin without\n"
           "FILE or with FILE '-'.\n"
           "A code object is printed in llvm-objdump -d's layout (each instruction with\n"
           "'// OFFSET: WORDS'), so the two diff line for line; the generation comes from\n"
           "its e_flags unless --gen says otherwise. Bytes are printed one instruction a\n"
           "line in LLVM's syntax.\n"
           "Each instruction is identified by the catalogue of every encoding the documents\n"
           "describe before it is decoded: one of an encoding gcnspec does not model yet is\n"
           "printed as its words, '.long 0x...', with a comment naming the encoding, and\n"
           "decoding goes on after its full length (second dword, literal, SDWA/DPP dword).\n"
           "Words no encoding has, or that the encoding refuses, are printed as '.long' with\n"
           "'// invalid: REASON' and reported as FILE:LINE:COL (FILE:+OFFSET with --binary,\n"
           "FILE:SECTION+0xOFFSET in a code object): message; a line holding something that\n"
           "is no byte (0xNN) is reported and skipped whole. Either way the rest is still\n"
           "decoded, and the exit status is 1.\n"
           "With --stats, no listing: for each generation read, a table of every encoding\n"
           "the catalogue has there with the instructions seen, decoded, not modelled yet\n"
           "and invalid, and the share decoded, over all the FILEs given (code objects and\n"
           "bytes alike; bad words are reported as above).\n\n"
           "  -g, --gen G            gcn1.0|gcn1.1|gcn1.2|gcn1.4, gfx6..gfx9, tahiti|bonaire|\n"
           "                         tonga|gfx900 (required but for a code object)\n"
           "  -b, --binary           FILE holds raw bytes\n"
           "      --show-encoding    print TEXT ; encoding: [BYTES] as llvm-mc does\n"
           "      --no-show-raw-insn code object: leave out '// OFFSET: WORDS'\n"
           "      --text-only        code object: the instructions' text alone, one a line\n"
           "      --stats[=FORMAT]   counts by encoding instead of the listing: md (a\n"
           "                         Markdown table, the default) or json\n"
           "      --max-errors N     print the first N messages (default %d; 0: all), then\n"
           "                         how many more there were\n"
           "  -h, --help             this text\n",
           GCN_DIAG_DEFAULT_MAX);
}

/* Decodes a byte stream; line/col say what to call byte i in a message (NULL: an offset). */
static int decode_stream(int gen, const uint8_t *b, size_t n, const char *name,
                         const unsigned *line, const unsigned *col, int show,
                         gcn_disasm_stats *stats)
{
    size_t at = 0;
    int errors = 0;
    while (at < n) {
        gcn_disasm_item item;
        char text[GCN_ITEM_TEXT + 160];
        gcn_disasm_next(gen, b + at, n - at, &item);
        if (stats) {
            gcn_disasm_stats_add(stats, &item);
        } else if (item.kind == GCN_ITEM_INST && show) {
            cli_print_encoded(stdout, item.text, b + at, item.size, 1);
        } else {
            gcn_disasm_item_text(&item, b + at, text, sizeof(text));
            printf("%s\n", text);
        }
        if (item.kind == GCN_ITEM_INVALID || item.kind == GCN_ITEM_TRUNCATED) {
            if (line)
                gcn_diag_reportf(stderr, "%s:%u:%u: %s", name, line[at], col[at], item.text);
            else
                gcn_diag_reportf(stderr, "%s:+%zu: %s", name, at, item.text);
            errors++;
        }
        at += item.size ? item.size : 1;
    }
    return errors;
}

/* A file given as --binary that is printable text holding 0x bytes was meant as text. */
static int looks_like_hex_text(const char *t, size_t n)
{
    size_t i;
    int hex = 0;
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch == '\n' || ch == '\r' || ch == '\t')
            continue;
        if (ch < 0x20 || ch > 0x7e)
            return 0;
        if (ch == '0' && i + 1 < n && (t[i + 1] == 'x' || t[i + 1] == 'X'))
            hex = 1;
    }
    return hex;
}

/* stats[gen] (NULL: the listing) counts the code object's instructions instead; *used (may be
 * NULL) receives the generation read */
static int disasm_codeobj(const char *name, const char *text, size_t len, const char *gen_name,
                          unsigned flags, gcn_disasm_stats *stats, int *used)
{
    gcn_codeobj obj;
    gcn_diag diag;
    size_t bad = 0;
    int gen;
    gcn_diag_clear(&diag);
    if (gcn_codeobj_read(name, (const uint8_t *)text, len, &obj, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    if (gen_name) {
        gen = gcn_gen_lookup(gen_name);
        if (obj.gen >= 0 && obj.gen != gen)
            fprintf(stderr,
                    "%s: note: --gen %s (%s) overrides the code object's e_flags, which name %s "
                    "(%s)\n",
                    name, gen_name, gcn_gen_id(gen), obj.mach, gcn_gen_id(obj.gen));
    } else if (obj.gen >= 0) {
        gen = obj.gen;
    } else {
        if (obj.mach[0])
            fprintf(stderr,
                    "%s: the code object is for %s, which gcnspec does not cover (GCN 1.0-1.4: "
                    "gfx6 to gfx9); pass --gen to read it as one of those\n",
                    name, obj.mach);
        else
            fprintf(stderr, "%s: e_flags 0x%x name no AMDGPU target gcnspec knows; pass --gen\n",
                    name, (unsigned)obj.e_flags);
        gcn_codeobj_free(&obj);
        return 1;
    }
    if (used)
        *used = gen;
    if (stats)
        gcn_objdump_stats(stderr, name, &obj, gen, &stats[gen], &bad);
    else
        gcn_objdump(stdout, stderr, name, &obj, gen, flags, &bad);
    gcn_codeobj_free(&obj);
    return bad ? 1 : 0;
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

/* Bytes written as text: each line is one stream (an instruction never spans lines). */
static int disasm_text(int gen, char *text, size_t len, const char *name, int show,
                       gcn_disasm_stats *stats)
{
    unsigned lineno = 0;
    int errors = 0;
    char *at = text;
    uint8_t *bytes = malloc(len + 1);
    unsigned *lines = malloc((len + 1) * sizeof(unsigned));
    unsigned *cols = malloc((len + 1) * sizeof(unsigned));
    if (!bytes || !lines || !cols) {
        fprintf(stderr, "%s: out of memory\n", name);
        free(bytes);
        free(lines);
        free(cols);
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
                gcn_diag_reportf(stderr, "%s:%u:%zu: not a byte (0x00..0xff): '%.*s'", name, lineno,
                                 k + 1, (int)tok, line + k);
                errors++;
                nb = 0;
                break;
            }
            lines[nb] = lineno;
            cols[nb++] = (unsigned)k + 1;
            k += tok;
        }
        if (nb)
            errors += decode_stream(gen, bytes, nb, name, lines, cols, show, stats);
    }
    free(bytes);
    free(lines);
    free(cols);
    return errors;
}

/* One input: a code object, raw bytes (--binary) or bytes as text. Returns the errors, -1
 * when bytes come without --gen; *used (may be NULL) receives the generation read, or -1. */
static int disasm_input(const char *path, const char *gen_name, int gen, int binary, int show,
                        unsigned flags, gcn_disasm_stats *stats, int *used)
{
    char *text = NULL;
    size_t len = 0;
    const char *name;
    int errors;
    gcn_diag diag;
    if (used)
        *used = -1;
    gcn_diag_clear(&diag);
    if (!cli_read_input(path, &text, &len, &diag)) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    name = cli_input_name(path);
    if (!binary && gcn_codeobj_is_elf((const uint8_t *)text, len)) {
        errors = disasm_codeobj(name, text, len, gen_name, flags, stats, used);
        free(text);
        return errors;
    }
    if (used)
        *used = gen;
    if (!gen_name) {
        free(text);
        return -1; /* the caller says --gen is required */
    }
    if (binary && looks_like_hex_text(text, len)) {
        fprintf(stderr,
                "%s: this looks like text (bytes written as 0x..), not raw bytes: drop "
                "--binary\n",
                name);
        free(text);
        return 1;
    }
    if (binary)
        errors = decode_stream(gen, (const uint8_t *)text, len, name, NULL, NULL, show,
                               stats ? &stats[gen] : NULL);
    else
        errors = disasm_text(gen, text, len, name, show, stats ? &stats[gen] : NULL);
    free(text);
    return errors;
}

/* "40.5%" of part in whole, rounded to a tenth with integers (the same text on every host) */
static void share(size_t part, size_t whole, char *buf, size_t size)
{
    size_t tenths;
    if (!whole) {
        snprintf(buf, size, "-");
        return;
    }
    tenths = (part * 1000 + whole / 2) / whole;
    snprintf(buf, size, "%zu.%zu%%", tenths / 10, tenths % 10);
}

static void print_stats_md(const gcn_disasm_stats *stats, const unsigned *inputs)
{
    int g, first = 1;
    for (g = 0; g < gcn_gen_count(); g++) {
        const gcn_disasm_stats *st = &stats[g];
        unsigned k;
        char pct[48];
        if (!inputs[g])
            continue;
        printf("%s### %s (%s): %u input%s\n\n", first ? "" : "\n", gcn_gen_id(g), gcn_gen_mcpu(g),
               inputs[g], inputs[g] == 1 ? "" : "s");
        first = 0;
        printf("| encoding | seen | decoded | not modelled | invalid |\n"
               "|---|---:|---:|---:|---:|\n");
        for (k = 0; k <= st->nrows; k++) {
            const gcn_disasm_count *c = k < st->nrows ? &st->row[k] : &st->total;
            printf("| %s | %zu | %zu | %zu | %zu |\n", c->encoding, c->seen, c->decoded,
                   c->unmodelled, c->invalid);
        }
        share(st->total.decoded, st->total.seen, pct, sizeof(pct));
        printf("\ndecoded: %zu of %zu instructions (%s)\n", st->total.decoded, st->total.seen, pct);
    }
}

static cJSON *count_json(const gcn_disasm_count *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "encoding", c->encoding);
    cJSON_AddNumberToObject(o, "seen", (double)c->seen);
    cJSON_AddNumberToObject(o, "decoded", (double)c->decoded);
    cJSON_AddNumberToObject(o, "not_modelled", (double)c->unmodelled);
    cJSON_AddNumberToObject(o, "invalid", (double)c->invalid);
    return o;
}

static int print_stats_json(const gcn_disasm_stats *stats, const unsigned *inputs)
{
    cJSON *root = cJSON_CreateObject(), *gens = cJSON_AddArrayToObject(root, "generations");
    char *out;
    int g;
    for (g = 0; g < gcn_gen_count(); g++) {
        const gcn_disasm_stats *st = &stats[g];
        cJSON *o, *rows;
        unsigned k;
        char pct[48];
        if (!inputs[g])
            continue;
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "generation", gcn_gen_id(g));
        cJSON_AddStringToObject(o, "mcpu", gcn_gen_mcpu(g));
        cJSON_AddNumberToObject(o, "inputs", inputs[g]);
        rows = cJSON_AddArrayToObject(o, "encodings");
        for (k = 0; k < st->nrows; k++)
            cJSON_AddItemToArray(rows, count_json(&st->row[k]));
        cJSON_AddItemToObject(o, "total", count_json(&st->total));
        share(st->total.decoded, st->total.seen, pct, sizeof(pct));
        cJSON_AddStringToObject(o, "share_decoded", pct);
        cJSON_AddItemToArray(gens, o);
    }
    out = gcn_json_print_depth(root, 4);
    cJSON_Delete(root);
    if (!out)
        return 0;
    fputs(out, stdout);
    free(out);
    return 1;
}

int cmd_disasm(int argc, char **argv)
{
    static const struct option opts[] = {{"gen", required_argument, NULL, 'g'},
                                         {"binary", no_argument, NULL, 'b'},
                                         {"show-encoding", no_argument, NULL, 's'},
                                         {"no-show-raw-insn", no_argument, NULL, 'r'},
                                         {"text-only", no_argument, NULL, 't'},
                                         {"max-errors", required_argument, NULL, 'E'},
                                         {"stats", optional_argument, NULL, 'S'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *gen_name = NULL, *path = NULL, *format = NULL;
    int c, gen = -1, binary = 0, show = 0, errors = 0, g;
    unsigned flags = 0, inputs[8] = {0};
    gcn_disasm_stats *stats = NULL;
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
        case 'r':
            flags |= GCN_OBJDUMP_NO_RAW;
            break;
        case 't':
            flags |= GCN_OBJDUMP_TEXT_ONLY;
            break;
        case 'S':
            format = optarg ? optarg : "md";
            if (strcmp(format, "md") != 0 && strcmp(format, "json") != 0)
                return cli_usage_error("disasm", "unknown --stats format '%s': md or json", format);
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
    if (gen_name && (gen = gcn_gen_lookup(gen_name)) < 0)
        return cli_unknown_gen("disasm", gen_name);
    if (!format) {
        if (optind < argc)
            path = argv[optind++];
        if (optind < argc)
            return cli_usage_error("disasm", "unexpected argument '%s'", argv[optind]);
        errors = disasm_input(path, gen_name, gen, binary, show, flags, NULL, NULL);
        if (errors < 0)
            return cli_usage_error("disasm", "--gen is required (but for a code object)");
        gcn_diag_report_end(stderr);
        return errors ? 1 : 0;
    }
    /* --stats: every input's counts, by generation */
    if (show || flags)
        return cli_usage_error("disasm", "--stats prints counts, not a listing: drop %s",
                               show                           ? "--show-encoding"
                               : (flags & GCN_OBJDUMP_NO_RAW) ? "--no-show-raw-insn"
                                                              : "--text-only");
    if (gcn_gen_count() > (int)(sizeof(inputs) / sizeof(inputs[0])))
        return cli_usage_error("disasm", "the spec has more generations than --stats counts");
    stats = calloc((size_t)gcn_gen_count(), sizeof(*stats));
    if (!stats) {
        fprintf(stderr, "gcnspec disasm: out of memory\n");
        return 1;
    }
    for (g = 0; g < gcn_gen_count(); g++)
        gcn_disasm_stats_init(&stats[g], g);
    do {
        int used = -1, e;
        path = optind < argc ? argv[optind] : NULL;
        e = disasm_input(path, gen_name, gen, binary, 0, flags, stats, &used);
        if (e < 0) {
            free(stats);
            return cli_usage_error("disasm", "--gen is required (but for a code object): %s",
                                   cli_input_name(path));
        }
        if (used >= 0)
            inputs[used]++;
        errors += e;
    } while (++optind < argc);
    if (strcmp(format, "md") == 0) {
        print_stats_md(stats, inputs);
    } else if (!print_stats_json(stats, inputs)) {
        fprintf(stderr, "gcnspec disasm: out of memory\n");
        errors++;
    }
    free(stats);
    gcn_diag_report_end(stderr);
    return errors ? 1 : 0;
}
