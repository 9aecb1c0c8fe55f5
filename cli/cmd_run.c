#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static void help(void)
{
    printf("usage: gcnspec run [OPTIONS]\n\n"
           "The main job on a set of documents: extract the facts, find and report the errata,\n"
           "resolve the spec. Each step writes through a temporary file.\n\n"
           "  -d, --docs DIR     the documents (default documents/seeds)\n"
           "  -s, --spec DIR     where facts.json, errata.json, curated/ and gcn.json live\n"
           "                     (default spec)\n"
           "  -o, --out DIR      where the reports go (default reports)\n"
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
    static const struct option opts[] = {{"docs", required_argument, NULL, 'd'},
                                         {"spec", required_argument, NULL, 's'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    char *docs = "documents/seeds", *spec = "spec", *out = "reports";
    char facts[4096], errata[4096], curated[4096], gcn[4096];
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:s:o:h", opts, NULL)) != -1) {
        switch (c) {
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
    snprintf(facts, sizeof(facts), "%s/facts.json", spec);
    snprintf(errata, sizeof(errata), "%s/errata.json", spec);
    snprintf(curated, sizeof(curated), "%s/curated", spec);
    snprintf(gcn, sizeof(gcn), "%s/gcn.json", spec);
    {
        char *a[] = {"extract", "--docs", docs, "-o", facts, NULL};
        if ((rc = step("extract", cmd_extract, a)) != 0)
            return rc;
    }
    {
        char *a[] = {"errata", "--facts", facts, "--docs",    docs,    "--errata",
                     errata,   "--out",   out,   "--curated", curated, NULL};
        if ((rc = step("errata", cmd_errata, a)) != 0)
            return rc;
    }
    {
        char *a[] = {"resolve",   "--facts", facts, "--errata", errata,
                     "--curated", curated,   "-o",  gcn,        NULL};
        if ((rc = step("resolve", cmd_resolve, a)) != 0)
            return rc;
    }
    return 0;
}
