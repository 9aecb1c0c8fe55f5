#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "reports/errata_report.h"
#include "reports/variant_evidence.h"
#include "spec/extract/extract.h"
#include "spec/model/pages.h"
#include "spec/triage/findings.h"
#include "spec/triage/pseudo_env.h"
#include "spec/triage/wordlist.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec errata [OPTIONS]\n\n"
           "Finds every contradiction and defect in the documents' facts (opcode conflicts,\n"
           "duplicated names, syntax lines naming another instruction, misspellings,\n"
           "overlapping or disagreeing bit fields, rows that lost cells, availability\n"
           "disagreements, pseudocode that does not parse or contradicts its description,\n"
           "unknowns) and writes, for each, the lines involved and the erratum resolving it:\n"
           "errata.md (people), errata.json (machines), errata.sarif (code scanning).\n\n"
           "  -d, --docs DIR     extract the documents in DIR (default documents/seeds); given\n"
           "                     the facts, where errata.sarif says the documents lie\n"
           "                     (relative to the source tree's root, or absolute)\n"
           "  -f, --facts FILE   read extracted facts instead of the documents\n"
           "  -e, --errata FILE  curated decisions (default spec/errata.json; 'none' for none)\n"
           "  -c, --curated DIR  curated facts: the pseudocode's names (default spec/curated)\n"
           "  -p, --pages FILE   the whole CLRX documentation's facts (default\n"
           "                     spec/facts-clrx.json; 'none': the seeds alone): the encodings\n"
           "                     curated/pages.json lists join the facts from there\n"
           "      --pages-docs DIR  where those pages lie (default documents/clrx)\n"
           "  -w, --words FILE   the word list the prose is spell-checked against, one word a\n"
           "                     line (default " GCN_WORDLIST_DEFAULT ", Debian's\n"
           "                     " GCN_WORDLIST_PACKAGE ")\n"
           "  -o, --out DIR      where the reports go (default " CLI_REPORTS_HELP ")\n"
           "      --skeleton     print an errata.json entry to start from for each unresolved\n"
           "                     finding, and write no report\n"
           "      --strict       exit 1 when a blocking finding is unresolved\n"
           "      --no-variants  leave out the oracle's runs of each corrected instruction as\n"
           "                     written and as corrected (a state on which they differ)\n"
           "  -h, --help         this text\n"
           "The defaults of -d, -e and -c are in the data directory ('gcnspec help').\n");
}

static void skeleton(const gcn_facts *facts, const gcn_finding *f, size_t n)
{
    size_t k;
    printf("%s    {\n      \"id\": \"E%03zu\",\n      \"title\": \"%s\",\n", n ? ",\n" : "", n + 1,
           f->key);
    printf("      \"category\": \"%s\",\n      \"facts\": [", gcn_finding_cat_id(f->cat));
    for (k = 0; k < f->facts.n; k++)
        printf("%s\"%s\"", k ? ", " : "", f->facts.v[k]);
    printf("],\n      \"evidence\": {\"quotes\": [");
    for (k = 0; k < f->facts.n; k++) {
        const gcn_fact *x = gcn_facts_find(facts, f->facts.v[k]);
        const char *t = x && x->text ? x->text : "";
        size_t len = strcspn(t, "\n");
        const char *p;
        printf("%s{\"at\": \"%s:%u\", \"text\": \"", k ? ", " : "", x ? x->file : "",
               x ? x->line : 0);
        for (p = t; p < t + len; p++) {
            if (*p == '"' || *p == '\\')
                putchar('\\');
            putchar(*p);
        }
        printf("\"}");
    }
    printf("]},\n      \"classification\": \"doc-erratum\",\n      \"decisions\": [{\"op\": "
           "\"none\"}],\n      \"rationale\": \"%s\"\n    }",
           f->message);
}

int cmd_errata(int argc, char **argv)
{
    static const struct option opts[] = {{"docs", required_argument, NULL, 'd'},
                                         {"facts", required_argument, NULL, 'f'},
                                         {"errata", required_argument, NULL, 'e'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"curated", required_argument, NULL, 'c'},
                                         {"pages", required_argument, NULL, 'p'},
                                         {"pages-docs", required_argument, NULL, 'P'},
                                         {"skeleton", no_argument, NULL, 's'},
                                         {"words", required_argument, NULL, 'w'},
                                         {"strict", no_argument, NULL, 'S'},
                                         {"no-variants", no_argument, NULL, 'V'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *docs = NULL, *facts_path = NULL, *errata_path = NULL;
    const char *out = NULL, *curated = NULL, *words_path = GCN_WORDLIST_DEFAULT;
    const char *pages = NULL, *pages_docs = NULL;
    gcn_wordlist words;
    gcn_pseudo_env env;
    int have_env = 0;
    int c, want_skeleton = 0, strict = 0, errata_given = 0, rc = 0, variants = 1;
    gcn_facts facts;
    gcn_findings fs;
    gcn_errata er;
    gcn_diag diag;
    gcn_status st;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:f:e:o:c:p:w:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            pages = optarg;
            break;
        case 'P':
            pages_docs = optarg;
            break;
        case 'd':
            docs = optarg;
            break;
        case 'f':
            facts_path = optarg;
            break;
        case 'e':
            errata_path = optarg;
            errata_given = 1;
            break;
        case 'o':
            out = optarg;
            break;
        case 'c':
            curated = optarg;
            break;
        case 'w':
            words_path = optarg;
            break;
        case 's':
            want_skeleton = 1;
            break;
        case 'S':
            strict = 1;
            break;
        case 'V':
            variants = 0;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("errata", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("errata", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("errata", "unexpected argument '%s'", argv[optind]);
    if ((!facts_path && !docs && !(docs = cli_data_path("documents/seeds"))) ||
        (!errata_path && !(errata_path = cli_data_path("spec/errata.json"))) ||
        (!curated && !(curated = cli_data_path("spec/curated"))) ||
        (!pages && !(pages = cli_data_path("spec/facts-clrx.json"))) ||
        (!pages_docs && !(pages_docs = cli_data_path("documents/clrx"))))
        return 1;
    if (!out)
        out = CLI_REPORTS_DEFAULT;
    gcn_diag_clear(&diag);
    gcn_facts_init(&facts);
    memset(&er, 0, sizeof(er));
    st = facts_path ? gcn_facts_load(&facts, facts_path, &diag)
                    : gcn_extract_dir(docs, &facts, &diag);
    if (st == GCN_OK && strcmp(pages, "none") != 0)
        st = gcn_facts_add_pages(&facts, pages, pages_docs, curated, &diag);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        gcn_facts_free(&facts);
        return 1;
    }
    if (strcmp(errata_path, "none") != 0) {
        if (!errata_given && access(errata_path, R_OK) != 0) {
            fprintf(stderr, "gcnspec errata: %s not found: every finding is unresolved\n",
                    errata_path);
        } else if (gcn_errata_load(&er, errata_path, &facts, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            gcn_facts_free(&facts);
            return 1;
        }
    }
    {
        char *envpath = gcn_path_join(curated, "pseudocode.json");
        if (envpath && access(envpath, R_OK) == 0) {
            if (gcn_pseudo_env_load(&env, envpath, &diag) != GCN_OK) {
                gcn_diag_print(&diag, stderr);
                free(envpath);
                gcn_errata_free(&er);
                gcn_facts_free(&facts);
                return 1;
            }
            have_env = 1;
        } else {
            fprintf(stderr, "gcnspec errata: %s not found: pseudocode is parsed, not checked\n",
                    envpath ? envpath : curated);
        }
        free(envpath);
    }
    /* the spelling check's word list is an input like the others: missing, it stops the run
     * (a report without the misspelled-word findings would not be this report) */
    if (gcn_wordlist_load(&words, words_path, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        if (access(words_path, R_OK) != 0)
            fprintf(stderr,
                    "gcnspec errata: the word list for the spelling check is missing: install "
                    "Debian's %s (tools/deps.sh does) or pass --words FILE\n",
                    GCN_WORDLIST_PACKAGE);
        if (have_env)
            gcn_pseudo_env_free(&env);
        gcn_errata_free(&er);
        gcn_facts_free(&facts);
        return 1;
    }
    st = gcn_find_errata_words(&facts, have_env ? &env : NULL, &words, &fs, &diag);
    gcn_wordlist_free(&words);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        if (have_env)
            gcn_pseudo_env_free(&env);
        gcn_errata_free(&er);
        gcn_facts_free(&facts);
        return 1;
    }
    if (want_skeleton) {
        size_t i, n = 0;
        printf("[\n");
        for (i = 0; i < fs.n; i++)
            if (!gcn_errata_settling(&er, &fs.v[i]))
                skeleton(&facts, &fs.v[i], n++);
        printf("\n]\n");
    } else {
        gcn_errata_counts n;
        gcn_variant_evidence_set ev = {NULL, 0};
        /* the oracle's evidence: a state on which each corrected instruction's variants end
         * differently (the oracle is built from the committed spec's errata) */
        st = variants ? gcn_variant_evidence_build(&er, &ev, &diag) : GCN_OK;
        if (st == GCN_OK)
            st = gcn_errata_reports_ev(out, &facts, &fs, &er, &ev, docs, &diag);
        gcn_variant_evidence_free(&ev);
        if (st != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            rc = 1;
        } else {
            size_t i, blocking = 0;
            gcn_errata_count(&fs, &er, &n);
            for (i = 0; i < fs.n; i++)
                if (gcn_finding_cat_blocking(fs.v[i].cat) && !gcn_errata_settling(&er, &fs.v[i]))
                    blocking++;
            fprintf(stderr,
                    "gcnspec errata: %zu findings, %zu resolved (%zu confirmed by llvm-mc), %zu "
                    "unresolved (%zu blocking), %zu curated -> %s/errata.{md,json,sarif}\n",
                    n.total, n.total_resolved, n.total_confirmed, n.total - n.total_resolved,
                    blocking, n.total_curated, out);
            if (strict && blocking)
                rc = 1;
        }
    }
    gcn_findings_free(&fs);
    if (have_env)
        gcn_pseudo_env_free(&env);
    gcn_errata_free(&er);
    gcn_facts_free(&facts);
    return rc;
}
