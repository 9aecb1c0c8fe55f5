#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "reports/atomics_report.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec atomics [OPTIONS]\n\n"
           "Runs each 32-bit DS atomic and the vISA DWORD_ATOMIC operation that claims the same\n"
           "operation on the same inputs (every triple of boundary values, then random ones) on\n"
           "the oracle, and writes where they differ, with the smallest input and why:\n"
           "atomics-gcn-vs-visa.md (people) and atomics-gcn-vs-visa.json (machines).\n\n"
           "  -s, --spec FILE    the resolved spec the oracle was built from (default\n"
           "                     spec/gcn.json)\n"
           "  -p, --pairs FILE   how the operations pair (default\n"
           "                     spec/curated/atomics_pairs.json)\n"
           "  -n, --random N     random inputs on top of the boundary triples (default 4096)\n"
           "      --seed N       their seed (default 1)\n"
           "  -o, --out DIR      where the reports go, made when missing (default\n"
           "                     " CLI_REPORTS_HELP ")\n"
           "  -h, --help         this text\n"
           "The defaults of -s and -p are in the data directory ('gcnspec help').\n");
}

static int parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    if (!*s || *s == '-')
        return 0;
    *out = strtoull(s, &end, 0);
    return *end == 0;
}

int cmd_atomics(int argc, char **argv)
{
    static const struct option opts[] = {{"spec", required_argument, NULL, 's'},
                                         {"pairs", required_argument, NULL, 'p'},
                                         {"random", required_argument, NULL, 'n'},
                                         {"seed", required_argument, NULL, 'S'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *spec = NULL, *pairs = NULL, *out = NULL;
    unsigned long long random = 4096, seed = 1;
    gcn_atomics_result r;
    gcn_diag diag;
    size_t i, ndiff = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:p:n:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            spec = optarg;
            break;
        case 'p':
            pairs = optarg;
            break;
        case 'n':
            if (!parse_u64(optarg, &random) || random > 100000000ull)
                return cli_usage_error("atomics", "--random: a count up to 1e8, not '%s'", optarg);
            break;
        case 'S':
            if (!parse_u64(optarg, &seed))
                return cli_usage_error("atomics", "--seed: a number, not '%s'", optarg);
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            help();
            return 0;
        default:
            return cli_usage_error("atomics", "see gcnspec atomics --help");
        }
    }
    if (optind != argc)
        return cli_usage_error("atomics", "unexpected argument '%s'", argv[optind]);
    if ((!spec && !(spec = cli_data_path("spec/gcn.json"))) ||
        (!pairs && !(pairs = cli_data_path("spec/curated/atomics_pairs.json"))))
        return 1;
    if (!out)
        out = CLI_REPORTS_DEFAULT;
    gcn_diag_clear(&diag);
    memset(&r, 0, sizeof(r));
    /* the output directory is made, as the other commands' are, before the long run */
    if (gcn_make_dirs(out, &diag) != GCN_OK ||
        gcn_atomics_compare(spec, pairs, random, seed, &r, &diag) != GCN_OK ||
        gcn_atomics_reports(out, &r, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        gcn_atomics_result_free(&r);
        return 1;
    }
    for (i = 0; i < r.n; i++)
        ndiff += r.pairs[i].found;
    printf("%zu pairs, %zu differ; wrote %s/atomics-gcn-vs-visa.md and .json\n", r.n, ndiff, out);
    gcn_atomics_result_free(&r);
    return 0;
}
