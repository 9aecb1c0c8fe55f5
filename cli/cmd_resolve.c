#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "spec/resolve/resolve.h"
#include "util/file.h"
#include "util/json.h"

static void help(void)
{
    printf("usage: gcnspec resolve [OPTIONS]\n\n"
           "Resolves the extracted facts, the curated errata and the curated facts into the\n"
           "spec every generated artifact comes from. Refuses (exit 1) while a blocking finding\n"
           "has no erratum, listing each one with the document line it is about.\n\n"
           "  -f, --facts FILE     extracted facts (default spec/facts.json)\n"
           "  -e, --errata FILE    curated decisions (default spec/errata.json)\n"
           "  -c, --curated DIR    curated facts (default spec/curated)\n"
           "  -p, --pages FILE     the whole CLRX documentation's facts (default\n"
           "                       spec/facts-clrx.json; 'none': the seeds alone): the\n"
           "                       encodings curated/pages.json lists are resolved from them\n"
           "      --pages-docs DIR the directory of those pages (default documents/clrx)\n"
           "  -o, --output FILE    the resolved spec (default spec/gcn.json at the root of\n"
           "                       the source tree, else gcn.json)\n"
           "The defaults of -f, -e and -c are in the data directory ('gcnspec help').\n"
           "      --check FILE     do not write: exit 1 when FILE differs from a fresh resolve\n"
           "  -h, --help           this text\n");
}

int cli_print_unresolved(const gcn_findings *u, const char *errata_path)
{
    size_t i;
    for (i = 0; i < u->n; i++) {
        const gcn_finding *f = &u->v[i];
        const char *at = f->facts.n ? f->facts.v[0] : "";
        /* fact ids are "file:line:kind": print "file:line:" */
        const char *k = strrchr(at, ':');
        fprintf(stderr, "%.*s: unresolved %s: %s\n", k ? (int)(k - at) : (int)strlen(at), at,
                f->key, f->message);
    }
    if (u->n)
        fprintf(stderr,
                "gcnspec: %zu blocking finding%s need an erratum in %s "
                "('gcnspec errata --skeleton' prints a starting point)\n",
                u->n, u->n == 1 ? "" : "s", errata_path);
    return 1;
}

int cmd_resolve(int argc, char **argv)
{
    static const struct option opts[] = {{"facts", required_argument, NULL, 'f'},
                                         {"errata", required_argument, NULL, 'e'},
                                         {"curated", required_argument, NULL, 'c'},
                                         {"pages", required_argument, NULL, 'p'},
                                         {"pages-docs", required_argument, NULL, 'P'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"check", required_argument, NULL, 'k'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    gcn_resolve_in in = {NULL, NULL, NULL, NULL, NULL};
    const char *output = NULL, *check = NULL;
    gcn_resolve_out out;
    gcn_diag diag;
    gcn_status st;
    int c, rc = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:e:c:p:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            in.pages_path = optarg;
            break;
        case 'P':
            in.pages_root = optarg;
            break;
        case 'f':
            in.facts_path = optarg;
            break;
        case 'e':
            in.errata_path = optarg;
            break;
        case 'c':
            in.curated_dir = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'k':
            check = optarg;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("resolve", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("resolve", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("resolve", "unexpected argument '%s'", argv[optind]);
    if ((!in.facts_path && !(in.facts_path = cli_data_path("spec/facts.json"))) ||
        (!in.errata_path && !(in.errata_path = cli_data_path("spec/errata.json"))) ||
        (!in.curated_dir && !(in.curated_dir = cli_data_path("spec/curated"))) ||
        (!in.pages_path && !(in.pages_path = cli_data_path("spec/facts-clrx.json"))) ||
        (!in.pages_root && !(in.pages_root = cli_data_path("documents/clrx"))))
        return 1;
    if (strcmp(in.pages_path, "none") == 0)
        in.pages_path = NULL;
    if (!output)
        output = cli_output_default("spec/gcn.json", "gcn.json");
    gcn_diag_clear(&diag);
    st = gcn_resolve(&in, &out, &diag);
    if (st != GCN_OK) {
        if (out.unresolved.n)
            cli_print_unresolved(&out.unresolved, in.errata_path);
        else
            gcn_diag_print(&diag, stderr);
        gcn_resolve_out_free(&out);
        return 1;
    }
    if (check) {
        char *fresh = gcn_json_print_depth(out.spec, 4), *old = NULL;
        size_t len = 0;
        if (!fresh || gcn_read_file(check, &old, &len, &diag) != GCN_OK) {
            if (fresh)
                gcn_diag_print(&diag, stderr);
            rc = 1;
        } else if (strlen(fresh) != len || memcmp(fresh, old, len) != 0) {
            fprintf(stderr, "%s: differs from a fresh resolve (run 'gcnspec resolve -o %s')\n",
                    check, check);
            rc = 1;
        }
        free(fresh);
        free(old);
    } else {
        st = gcn_json_write_file_depth(output, out.spec, 4, &diag);
        if (st != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            rc = 1;
        } else {
            fprintf(stderr, "gcnspec resolve: %zu instruction x generation pairs -> %s\n",
                    out.ninstructions, output);
        }
    }
    gcn_resolve_out_free(&out);
    return rc;
}
