#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec run [OPTIONS]\n\n"
           "The main job on a set of documents: extract the facts, find and report the errata,\n"
           "resolve the spec. Each step writes through a temporary file.\n\n"
           "  -d, --docs DIR     the documents (default documents/seeds in the data directory:\n"
           "                     'gcnspec help')\n"
           "  -p, --pages DIR    the whole CLRX documentation (default documents/clrx in the\n"
           "                     data directory): its facts go to facts-clrx.json, and the\n"
           "                     encodings curated/pages.json lists are resolved from them\n"
           "  -s, --spec DIR     where facts.json, errata.json, curated/ and gcn.json live\n"
           "                     (default spec at the root of the source tree; elsewhere\n"
           "                     errata.json and curated/ are read from the data directory's\n"
           "                     spec/, and facts.json and gcn.json written to the --out DIR)\n"
           "  -o, --out DIR      where the reports go (default " CLI_REPORTS_HELP ")\n"
           "  -h, --help         this text\n");
}

static int step(const char *name, int (*fn)(int, char **), char **args)
{
    int argc = 0, rc;
    while (args[argc])
        argc++;
    fprintf(stderr, "== gcnspec %s\n", name);
    rc = fn(argc, args);
    if (rc)
        fprintf(stderr, "gcnspec run: step '%s' failed\n", name);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"docs", required_argument, NULL, 'd'}, {"pages", required_argument, NULL, 'p'},
        {"spec", required_argument, NULL, 's'}, {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0}};
    const char *docs = NULL, *pages = NULL, *spec = NULL, *out = NULL, *spec_in, *spec_out;
    char facts[4096], pfacts[4096], errata[4096], curated[4096], gcn[4096];
    gcn_diag diag;
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:p:s:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            pages = optarg;
            break;
        case 'd':
            docs = optarg;
            break;
        case 's':
            spec = optarg;
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("run", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("run", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("run", "unexpected argument '%s'", argv[optind]);
    if ((!docs && !(docs = cli_data_path("documents/seeds"))) ||
        (!pages && !(pages = cli_data_path("documents/clrx"))))
        return 1;
    if (!out)
        out = CLI_REPORTS_DEFAULT;
    spec_in = spec_out = spec;
    if (!spec) {
        /* outside the source tree, the steps' outputs go with the reports, not into the
         * (installed) data */
        if (!(spec_in = cli_data_path("spec")))
            return 1;
        spec_out = cli_output_default("spec", out);
    }
    gcn_diag_clear(&diag);
    if (!spec && gcn_make_dirs(spec_out, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    snprintf(facts, sizeof(facts), "%s/facts.json", spec_out);
    snprintf(pfacts, sizeof(pfacts), "%s/facts-clrx.json", spec_out);
    snprintf(errata, sizeof(errata), "%s/errata.json", spec_in);
    snprintf(curated, sizeof(curated), "%s/curated", spec_in);
    snprintf(gcn, sizeof(gcn), "%s/gcn.json", spec_out);
    {
        char *a[] = {"extract", "--docs", (char *)docs, "-o", facts, NULL};
        if ((rc = step("extract", cmd_extract, a)) != 0)
            return rc;
    }
    {
        char *a[] = {"extract", "--docs", (char *)pages, "-o", pfacts, NULL};
        if ((rc = step("extract (the whole CLRX documentation)", cmd_extract, a)) != 0)
            return rc;
    }
    {
        char *a[] = {"errata",      "--facts",   facts,   "--docs",
                     (char *)docs,  "--pages",   pfacts,  "--pages-docs",
                     (char *)pages, "--errata",  errata,  "--out",
                     (char *)out,   "--curated", curated, NULL};
        if ((rc = step("errata", cmd_errata, a)) != 0)
            return rc;
    }
    {
        char *a[] = {"resolve",      "--facts",     facts,      "--pages", pfacts,
                     "--pages-docs", (char *)pages, "--errata", errata,    "--curated",
                     curated,        "-o",          gcn,        NULL};
        if ((rc = step("resolve", cmd_resolve, a)) != 0)
            return rc;
    }
    return 0;
}
