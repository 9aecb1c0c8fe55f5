#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "extract_operands.h"
#include "spec/extract/encodings.h"
#include "spec/extract/extract.h"
#include "util/json.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec extract --docs DIR [-o FILE]\n"
           "       gcnspec extract --encodings DIR [-o FILE]\n"
           "       gcnspec extract --operands PAGE [--cross-check] [-o FILE]\n"
           "       gcnspec extract --tables PAGE -o FILE\n\n"
           "Reads every document in DIR (CLRX instruction pages, markdown or scraped, and the\n"
           "vISA DWORD_ATOMIC page) and writes every fact they state, each with its file:line,\n"
           "to FILE. Contradicting facts are all kept; structure the extractor does not read\n"
           "becomes an 'unmodelled' fact. Other Markdown pages beside instruction pages (the\n"
           "CLRX licence, operand, state pages) are listed as skipped, with why.\n\n"
           "  -d, --docs DIR     the documents (default documents/seeds in the data directory:\n"
           "                     'gcnspec help')\n"
           "  -o, --output FILE  where to write the facts (default spec/facts.json at the root\n"
           "                     of the source tree, else facts.json)\n"
           "  -e, --encodings DIR  read the encoding catalogue (each encoding's name,\n"
           "                     generations, size, identifying bits, literal and SDWA/DPP\n"
           "                     dwords) from DIR's CLRX GcnInstrs*.md pages instead\n"
           "                     (default output spec/encodings.json at the root of the\n"
           "                     source tree, else encodings.json)\n"
           "  -p, --operands PAGE  read the operand-code page (CLRX GcnOperands.md): every row\n"
           "                     of its 'Code | Name | Description' tables and its alignment\n"
           "                     rules (default output spec/operands-page.json at the root of\n"
           "                     the source tree, else operands-page.json)\n"
           "      --cross-check  with --operands: compare the page's codes per generation with\n"
           "                     the llvm-mc-curated scalar operands and write where they\n"
           "                     differ, classified (default output reports/operands-vs-llvm.json\n"
           "                     in the source tree, else operands-vs-llvm.json)\n"
           "      --curated FILE the curated file to compare with (default\n"
           "                     spec/curated/scalar_operands.json in the data directory)\n"
           "  -t, --tables PAGE  read every table of PAGE (GcnSdwaDpp.md, GcnState.md, ...):\n"
           "                     its section, caption, header and rows; bit ranges of 'Bits'\n"
           "                     tables, values of 'Value' tables; overlaps and names given\n"
           "                     twice under \"checks\" (needs -o FILE or --check FILE)\n"
           "      --check FILE   do not write: exit 1 when FILE differs from a fresh\n"
           "                     extraction (CI uses this to catch drift)\n"
           "  -h, --help         this text\n");
}

/* Whether text equals a file's content; says where they first differ when not (commands.h). */
int cli_same_as_file(const char *fresh, const char *path, const char *redo)
{
    char *old = NULL;
    size_t len = 0, i, line = 1;
    gcn_diag diag;
    gcn_diag_clear(&diag);
    if (gcn_read_file(path, &old, &len, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 0;
    }
    if (strlen(fresh) == len && memcmp(fresh, old, len) == 0) {
        free(old);
        return 1;
    }
    for (i = 0; i < len && fresh[i] && fresh[i] == old[i]; i++)
        if (old[i] == '\n')
            line++;
    fprintf(stderr, "%s:%zu: differs from a fresh extraction (run '%s')\n", path, line, redo);
    free(old);
    return 0;
}

static int extract_encodings(const char *dir, const char *output, const char *check)
{
    cJSON *cat = NULL;
    gcn_diag diag;
    char *text, redo[512];
    int rc;
    gcn_diag_clear(&diag);
    if (gcn_extract_encodings(dir, &cat, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    text = gcn_json_print_depth(cat, 3);
    if (!text) {
        cJSON_Delete(cat);
        fprintf(stderr, "gcnspec extract: out of memory\n");
        return 1;
    }
    snprintf(redo, sizeof(redo), "gcnspec extract --encodings %s -o %s", dir,
             check ? check : output);
    {
        /* the pages' disagreements are reported, not settled here */
        const cJSON *d;
        cJSON_ArrayForEach(d, cJSON_GetObjectItem(cat, "disagreements"))
        {
            fprintf(stderr, "%s/%s: disagreement (%s): %s\n", dir,
                    cJSON_GetObjectItem(d, "from")->valuestring,
                    cJSON_GetObjectItem(d, "what")->valuestring,
                    cJSON_GetObjectItem(d, "detail")->valuestring);
        }
    }
    if (check) {
        rc = cli_same_as_file(text, check, redo) ? 0 : 1;
    } else {
        rc = gcn_write_file_atomic(output, text, strlen(text), &diag) == GCN_OK ? 0 : 1;
        if (rc)
            gcn_diag_print(&diag, stderr);
        else
            fprintf(
                stderr,
                "gcnspec extract: %d encoding entries (by generation), %d disagreements -> %s\n",
                cJSON_GetArraySize(cJSON_GetObjectItem(cat, "encodings")),
                cJSON_GetArraySize(cJSON_GetObjectItem(cat, "disagreements")), output);
    }
    free(text);
    cJSON_Delete(cat);
    return rc;
}

int cmd_extract(int argc, char **argv)
{
    static const struct option opts[] = {
        {"docs", required_argument, NULL, 'd'},     {"output", required_argument, NULL, 'o'},
        {"check", required_argument, NULL, 'c'},    {"encodings", required_argument, NULL, 'e'},
        {"operands", required_argument, NULL, 'p'}, {"cross-check", no_argument, NULL, 'x'},
        {"curated", required_argument, NULL, 'C'},  {"tables", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0}};
    const char *docs = NULL, *output = NULL, *check = NULL, *encodings = NULL;
    const char *operands = NULL, *curated = NULL, *tables = NULL;
    int cross = 0;
    gcn_facts facts;
    gcn_diag diag;
    gcn_status st;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:o:e:p:t:h", opts, NULL)) != -1) {
        switch (c) {
        case 'd':
            docs = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'c':
            check = optarg;
            break;
        case 'e':
            encodings = optarg;
            break;
        case 'p':
            operands = optarg;
            break;
        case 'x':
            cross = 1;
            break;
        case 'C':
            curated = optarg;
            cross = 1;
            break;
        case 't':
            tables = optarg;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("extract", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("extract", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("extract", "unexpected argument '%s'", argv[optind]);
    gcn_diag_clear(&diag);
    if ((cross || curated) && !operands)
        return cli_usage_error("extract", "--cross-check and --curated go with --operands");
    if (tables) {
        if (!output && !check)
            return cli_usage_error("extract", "--tables needs -o FILE or --check FILE");
        return cli_extract_page_tables(tables, output, check);
    }
    if (operands) {
        if (cross && !curated && !(curated = cli_data_path("spec/curated/scalar_operands.json")))
            return 1;
        if (!output)
            output =
                cross ? cli_output_default("reports/operands-vs-llvm.json", "operands-vs-llvm.json")
                      : cli_output_default("spec/operands-page.json", "operands-page.json");
        return cli_extract_operands(operands, cross ? curated : NULL, output, check);
    }
    if (encodings)
        return extract_encodings(
            encodings,
            output ? output : cli_output_default("spec/encodings.json", "encodings.json"), check);
    if (!docs && !(docs = cli_data_path("documents/seeds")))
        return 1;
    if (!output)
        output = cli_output_default("spec/facts.json", "facts.json");
    gcn_facts_init(&facts);
    st = gcn_extract_dir(docs, &facts, &diag);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        gcn_facts_free(&facts);
        return 1;
    }
    if (check) {
        char *fresh = gcn_facts_to_json(&facts), *old = NULL;
        size_t len = 0;
        int same;
        if (!fresh || gcn_read_file(check, &old, &len, &diag) != GCN_OK) {
            if (fresh)
                gcn_diag_print(&diag, stderr);
            free(fresh);
            gcn_facts_free(&facts);
            return 1;
        }
        same = strlen(fresh) == len && memcmp(fresh, old, len) == 0;
        if (!same) {
            /* point at the first line that differs */
            size_t i, line = 1;
            for (i = 0; i < len && fresh[i] && fresh[i] == old[i]; i++)
                if (old[i] == '\n')
                    line++;
            fprintf(stderr,
                    "%s:%zu: differs from a fresh extraction of %s (run 'gcnspec extract "
                    "--docs %s -o %s')\n",
                    check, line, docs, docs, check);
        }
        free(fresh);
        free(old);
        gcn_facts_free(&facts);
        return same ? 0 : 1;
    }
    st = gcn_facts_write(&facts, output, &diag);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        gcn_facts_free(&facts);
        return 1;
    }
    fprintf(stderr, "gcnspec extract: %zu documents, %zu facts -> %s\n", facts.ndocs, facts.n,
            output);
    gcn_facts_free(&facts);
    return 0;
}
