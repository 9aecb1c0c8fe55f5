#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "codec/codec_internal.h"
#include "commands.h"
#include "gcnspec/codec.h"
#include "util/diag_limit.h"
#include "vectors/check.h"
#include "vectors/known.h"

#define MAX_KNOWN 16

static const char *const default_known[] = {"spec/peers/llvm-mc-known.json",
                                            "spec/peers/llvm-known.json",
                                            "vectors/llvm-mc-vectors-known.json", NULL};

static void help(void)
{
    printf(
        "usage: gcnspec check --impl IMPL [--impl IMPL ...] [OPTIONS] DIR\n\n"
        "Runs an assembler/disassembler over the vectors 'gcnspec vectors' wrote to DIR (or one\n"
        "vector file), one process per vector file, mode and generation, several at once, and\n"
        "reports per implementation x encoding x generation x instruction what passed and how\n"
        "each mismatch is explained: by a known entry (--known), by the spec's peer_lacks, or\n"
        "not at all. Exit status 1 when a mismatch is unexplained (or a vector file is broken,\n"
        "or the implementation failed to answer).\n"
        "DIR must hold the files of one 'gcnspec vectors' run: a directory whose index.json,\n"
        "semantic/index.json and MANIFEST.json name different runs (spec, seed), or whose\n"
        "vector file holds another count than its index lists, is refused; with a\n"
        "MANIFEST.json (written since gcnspec has one), so is a file missing, changed\n"
        "(sha256) or not listed. A directory without one (an older run) gets the first checks.\n\n"
        "IMPL:\n"
        "  llvm-mc, llvm-mc-N, llvm-mc:PATH   llvm-mc (any version; the first on PATH for\n"
        "                       'llvm-mc'); disassembly where it supports the generation\n"
        "  cmd:'COMMAND'        any tool: /bin/sh -c COMMAND reads one input a line on stdin\n"
        "                       (asm text, or bytes 0x..,0x..) and prints one answer a line\n"
        "                       (bytes, or text; 'error: why' to refuse); "
        "GCNSPEC_MODE=asm|disasm,\n"
        "                       GCNSPEC_GEN, GCNSPEC_MCPU, GCNSPEC_GFX, GCNSPEC_ENCODING and\n"
        "                       GCNSPEC_COUNT in its environment; exit status 77 without output:\n"
        "                       that mode/generation is not supported (docs/vectors.md).\n"
        "                       Semantic vectors (DIR/semantic): GCNSPEC_MODE=exec, one\n"
        "                       request a line ({id, gen, asm, bytes, state}), one final\n"
        "                       state a line (JSON, full or what changed; 'error: why')\n"
        "  gcnspec-oracle       the built-in oracle on the semantic vectors (a self-check)\n\n"
        "  -i, --impl IMPL          an implementation to check (repeatable)\n"
        "  -g, --gen G              only these generations (repeatable, or G1,G2)\n"
        "  -e, --encoding E         only these encodings\n"
        "      --mode M             asm, disasm or both (default both)\n"
        "      --claim TAGS         the tags the implementation claims (exact,canonicalizes,\n"
        "                           alias,must-reject; default all): mismatches on other tags\n"
        "                           are reported as not claimed, not as failures\n"
        "      --known FILE         known disagreements (repeatable; default\n"
        "                           spec/peers/llvm-mc-known.json, spec/peers/llvm-known.json,\n"
        "                           vectors/llvm-mc-vectors-known.json, in the data\n"
        "                           directory: 'gcnspec help')\n"
        "      --report PREFIX      write PREFIX.md, PREFIX.json and PREFIX.junit.xml\n"
        "      --md FILE, --json FILE, --junit FILE   write one report\n"
        "  -j, --jobs N             processes at once (default: the number of cores)\n"
        "      --timeout S          seconds a batch may take, plus ...\n"
        "      --timeout-per-vector MS   ... this per vector (default 30 s + 10 ms)\n"
        "      --time-bare          also time the tool alone on the same inputs, one process\n"
        "                           at a time (the figure the check's time compares with)\n"
        "      --max-errors N       print the first N messages about bad vector lines and\n"
        "                           failed batches (default %d; 0: all), then how many more\n"
        "      --timing FILE        write the wall times to FILE (Markdown); the summary shows\n"
        "                           them too; the other reports hold none, so they can be\n"
        "                           committed\n"
        "  -q, --quiet              no summary on stdout\n"
        "  -h, --help               this text\n",
        GCN_DIAG_DEFAULT_MAX);
}

static int mode_lookup(const char *s)
{
    return strcmp(s, "asm") == 0 ? 0 : strcmp(s, "disasm") == 0 ? 1 : -1;
}

static int number(const char *s, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {{"impl", required_argument, NULL, 'i'},
                                         {"gen", required_argument, NULL, 'g'},
                                         {"encoding", required_argument, NULL, 'e'},
                                         {"mode", required_argument, NULL, 'M'},
                                         {"claim", required_argument, NULL, 'C'},
                                         {"known", required_argument, NULL, 'k'},
                                         {"report", required_argument, NULL, 'R'},
                                         {"md", required_argument, NULL, 'm'},
                                         {"json", required_argument, NULL, 'J'},
                                         {"junit", required_argument, NULL, 'U'},
                                         {"jobs", required_argument, NULL, 'j'},
                                         {"timeout", required_argument, NULL, 'T'},
                                         {"timeout-per-vector", required_argument, NULL, 'P'},
                                         {"time-bare", no_argument, NULL, 'B'},
                                         {"max-errors", required_argument, NULL, 'E'},
                                         {"timing", required_argument, NULL, 't'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    gcn_check_options opt;
    const char *known_paths[MAX_KNOWN + 1], *md = NULL, *json = NULL, *junit = NULL;
    const char *timing = NULL;
    char md_buf[4096], json_buf[4096], junit_buf[4096];
    size_t nknown = 0, k;
    int c, quiet = 0, rc;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    double v;
    gcn_known *known = NULL;
    gcn_check_result *res = NULL;
    gcn_diag diag;
    gcn_status st = GCN_OK;
    memset(&opt, 0, sizeof(opt));
    opt.jobs = cores > 0 ? (unsigned)cores : 1;
    opt.timeout_base_s = 30;
    opt.timeout_per_vector_s = 0.010;
    optind = 1;
    opterr = 0;
    gcn_diag_clear(&diag);
    while ((c = getopt_long(argc, argv, ":i:g:e:j:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'i':
            if (opt.nimpls == GCN_CHECK_MAX_IMPLS)
                return cli_usage_error("check", "at most %d --impl", GCN_CHECK_MAX_IMPLS);
            opt.impls[opt.nimpls++] = optarg;
            break;
        case 'g':
            if (!cli_add_names("check", optarg, &opt.gens, gcn_gen_lookup, "generation"))
                return 2;
            break;
        case 'e':
            if (!cli_add_names("check", optarg, &opt.encs, cli_encoding_lookup, "encoding"))
                return 2;
            break;
        case 'M':
            if (strcmp(optarg, "both") == 0)
                opt.modes = 3;
            else if (!cli_add_names("check", optarg, &opt.modes, mode_lookup,
                                    "mode (asm, disasm, both)"))
                return 2;
            break;
        case 'C':
            if (!cli_add_names("check", optarg, &opt.claim, gcn_vtag_lookup, "tag"))
                return 2;
            break;
        case 'k':
            if (nknown == MAX_KNOWN)
                return cli_usage_error("check", "at most %d --known files", MAX_KNOWN);
            known_paths[nknown++] = optarg;
            break;
        case 'R':
            snprintf(md_buf, sizeof(md_buf), "%s.md", optarg);
            snprintf(json_buf, sizeof(json_buf), "%s.json", optarg);
            snprintf(junit_buf, sizeof(junit_buf), "%s.junit.xml", optarg);
            md = md_buf;
            json = json_buf;
            junit = junit_buf;
            break;
        case 'm':
            md = optarg;
            break;
        case 'J':
            json = optarg;
            break;
        case 'U':
            junit = optarg;
            break;
        case 'j':
            if (!number(optarg, 1, 64, &v) || v != (double)(unsigned)v)
                return cli_usage_error("check", "--jobs: 1 to 64, not '%s'", optarg);
            opt.jobs = (unsigned)v;
            break;
        case 'T':
            if (!number(optarg, 0.001, 86400, &opt.timeout_base_s))
                return cli_usage_error("check", "--timeout: seconds, not '%s'", optarg);
            break;
        case 'P':
            if (!number(optarg, 0, 60000, &v))
                return cli_usage_error("check", "--timeout-per-vector: milliseconds, not '%s'",
                                       optarg);
            opt.timeout_per_vector_s = v / 1000;
            break;
        case 'B':
            opt.time_bare = 1;
            break;
        case 'E':
            if (!cli_max_errors("check", optarg))
                return 2;
            break;
        case 't':
            timing = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("check", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("check", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (!opt.nimpls)
        return cli_usage_error("check", "--impl IMPL is required");
    if (optind >= argc)
        return cli_usage_error("check", "the vector directory DIR is required");
    opt.dir = argv[optind++];
    if (optind < argc)
        return cli_usage_error("check", "unexpected argument '%s'", argv[optind]);
    /* an implementation that cannot be used is a usage error, before any work */
    for (k = 0; k < opt.nimpls; k++) {
        const char *i = opt.impls[k];
        if (strncmp(i, "cmd:", 4) != 0 && strcmp(i, "llvm-mc") != 0 &&
            strcmp(i, "gcnspec-oracle") != 0 && strncmp(i, "llvm-mc-", 8) != 0 &&
            strncmp(i, "llvm-mc:", 8) != 0)
            return cli_usage_error("check",
                                   "unknown implementation '%s': llvm-mc, llvm-mc-N, "
                                   "llvm-mc:PATH, gcnspec-oracle or cmd:'COMMAND'",
                                   i);
    }
    if (!nknown)
        for (k = 0; default_known[k]; k++)
            if (!(known_paths[nknown++] = cli_data_path(default_known[k])))
                return 1;
    known = gcn_known_new();
    if (!known)
        st = GCN_ERR_NOMEM;
    for (k = 0; k < nknown && st == GCN_OK; k++)
        st = gcn_known_load(known, known_paths[k], &diag);
    opt.known = known;
    opt.known_paths = known_paths;
    opt.nknown = nknown;
    opt.log = stderr;
    if (st == GCN_OK)
        st = gcn_check_run(&opt, &res, &diag);
    if (st == GCN_OK && md)
        st = gcn_check_write_md(res, md, &diag);
    if (st == GCN_OK && json)
        st = gcn_check_write_json(res, json, &diag);
    if (st == GCN_OK && junit)
        st = gcn_check_write_junit(res, junit, &diag);
    if (st == GCN_OK && timing)
        st = gcn_check_write_timing(res, timing, &diag);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        rc = 1;
    } else {
        size_t i;
        if (!quiet)
            gcn_check_print_summary(res, stdout);
        for (i = 0; i < res->nimpls; i++)
            if (!res->impl[i].opened)
                fprintf(stderr, "gcnspec check: %s\n", res->impl[i].open_error);
        rc = gcn_check_failures(res) ? 1 : 0;
    }
    gcn_diag_report_end(stderr);
    gcn_check_free(res);
    gcn_known_free(known);
    return rc;
}
