#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "commands.h"
#include "gcnspec/oracle.h"
#include "util/file.h"

static void help(void)
{
    printf("usage: gcnspec exec --gen G --state IN.json [--semantics corrected|written] [--full]\n"
           "                    [--trace] [--binary] [--base ADDR] [--max-steps N] [-o OUT] "
           "[PROG]\n\n"
           "Runs a program on the reference interpreter, one wave64, with the documents'\n"
           "pseudocode as corrected by spec/errata.json (or, with --semantics written, as the\n"
           "documents write it, defects included), and prints the final state as JSON: what\n"
           "changed, or everything with --full (the state file schema is in\n"
           "docs/oracle.md). PROG is assembler text, one instruction per line (LLVM's syntax;\n"
           "comments ';' and '//', '#' at a line's start), or raw little-endian bytes with\n"
           "--binary; stdin without PROG or with '-'. The program is placed at the state's pc\n"
           "(or --base) and runs until pc leaves it.\n\n"
           "  -g, --gen G          gcn1.0|gcn1.1|gcn1.2|gcn1.4, gfx6..gfx9, tahiti|bonaire|\n"
           "                       tonga|gfx900 (or the state's \"generation\")\n"
           "  -s, --state F        the initial state (JSON)\n"
           "      --semantics S    corrected (default: the documents' errata fixed) or\n"
           "                       written (the documents as they are)\n"
           "      --full           print the whole final state, not just what changed\n"
           "      --trace          print each instruction and what it changed on stderr\n"
           "      --binary         PROG is raw bytes\n"
           "      --base ADDR      the address of the program's first instruction\n"
           "      --max-steps N    stop (exit 1) after N instructions (default 1000000)\n"
           "  -o, --output F       write the state to F (atomically) instead of stdout\n"
           "  -h, --help           this text\n");
}

static int parse_u64_arg(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (!s || !*s || *s == '-')
        return 0;
    errno = 0;
    v = strtoull(s, &end, 0);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

/* One trace line: the instruction and the changed state on one line, without what every step
 * changes (pc moving on by the instruction's size, the clock). */
static void trace(const gcn_program *p, size_t i, const gcn_wave_state *before,
                  const gcn_wave_state *after, uint64_t pc)
{
    char text[256], *diff = gcn_state_to_json(after, before), *one = NULL;
    cJSON *j = diff ? cJSON_Parse(diff) : NULL;
    gcn_print(gcn_program_inst(p, i), text, sizeof(text));
    if (j) {
        cJSON_DeleteItemFromObject(j, "generation");
        cJSON_DeleteItemFromObject(j, "clock");
        if (after->pc == pc + gcn_program_inst(p, i)->size)
            cJSON_DeleteItemFromObject(j, "pc");
        one = cJSON_PrintUnformatted(j);
    }
    fprintf(stderr, "0x%06llx  %-40s %s\n", (unsigned long long)pc, text, one ? one : "");
    free(one);
    cJSON_Delete(j);
    free(diff);
}

/* What to add to an instruction's failure: where the written block does not execute and the
 * corrected one does, how to run that one. */
static void corrected_hint(const gcn_exec_options *o, const gcn_inst *in, gcn_status st, char *out,
                           size_t size)
{
    gcn_sem_info info;
    gcn_sem_status c;
    out[0] = 0;
    if (o->variant != GCN_AS_WRITTEN || st != GCN_ERR_UNSUPPORTED ||
        gcn_sem_info_get((int)in->insn, in->gen, &info) != GCN_OK)
        return;
    c = info.status[GCN_AS_CORRECTED];
    if (c == GCN_SEM_COMPILED || c == GCN_SEM_NONE)
        snprintf(out, size,
                 " (as corrected by %s it executes: run without --semantics written, or with "
                 "--semantics corrected)",
                 info.erratum ? info.erratum : "spec/errata.json");
}

/* the instruction of the program at pc, or -1 */
static long find_at(const gcn_program *p, uint64_t pc)
{
    uint64_t off = pc - p->base;
    if (pc < p->base || off >= p->bytes || (off & 3))
        return -1;
    return p->at[off / 4];
}

int cmd_exec(int argc, char **argv)
{
    static const struct option opts[] = {{"gen", required_argument, NULL, 'g'},
                                         {"state", required_argument, NULL, 's'},
                                         {"semantics", required_argument, NULL, 'S'},
                                         {"full", no_argument, NULL, 'F'},
                                         {"trace", no_argument, NULL, 'T'},
                                         {"binary", no_argument, NULL, 'B'},
                                         {"base", required_argument, NULL, 'b'},
                                         {"max-steps", required_argument, NULL, 'm'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *gen_name = NULL, *state_path = NULL, *prog_path = NULL, *out_path = NULL;
    const char *name;
    int c, gen = -1, full = 0, tracing = 0, binary = 0, have_base = 0, rc = 1;
    uint64_t base = 0, max_steps = 0;
    gcn_exec_options o;
    gcn_wave_state *s = NULL, *initial = NULL, *prev = NULL;
    gcn_program p;
    gcn_diag diag;
    char *text = NULL, *state_text = NULL, *json = NULL;
    size_t len = 0, state_len = 0;
    memset(&o, 0, sizeof(o));
    o.variant = GCN_AS_CORRECTED;
    memset(&p, 0, sizeof(p));
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":g:s:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'g':
            gen_name = optarg;
            break;
        case 's':
            state_path = optarg;
            break;
        case 'S':
            if (strcmp(optarg, "written") == 0)
                o.variant = GCN_AS_WRITTEN;
            else if (strcmp(optarg, "corrected") == 0)
                o.variant = GCN_AS_CORRECTED;
            else
                return cli_usage_error("exec", "--semantics is written or corrected, not '%s'",
                                       optarg);
            break;
        case 'F':
            full = 1;
            break;
        case 'T':
            tracing = 1;
            break;
        case 'B':
            binary = 1;
            break;
        case 'b':
            if (!parse_u64_arg(optarg, &base))
                return cli_usage_error("exec", "--base needs an address, not '%s'", optarg);
            have_base = 1;
            break;
        case 'm':
            if (!parse_u64_arg(optarg, &max_steps) || !max_steps)
                return cli_usage_error("exec", "--max-steps needs a positive count, not '%s'",
                                       optarg);
            break;
        case 'o':
            out_path = optarg;
            break;
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("exec", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("exec", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        prog_path = argv[optind++];
    if (optind < argc)
        return cli_usage_error("exec", "unexpected argument '%s'", argv[optind]);
    if (!state_path)
        return cli_usage_error("exec", "--state is required");
    if (gen_name && (gen = gcn_gen_lookup(gen_name)) < 0)
        return cli_unknown_gen("exec", gen_name);
    if (state_path && prog_path && strcmp(state_path, "-") == 0 && strcmp(prog_path, "-") == 0)
        return cli_usage_error("exec", "the state and the program cannot both be stdin");
    o.max_steps = max_steps;
    gcn_diag_clear(&diag);
    s = malloc(sizeof(*s));
    initial = malloc(sizeof(*initial));
    prev = tracing ? malloc(sizeof(*prev)) : NULL;
    if (!s || !initial || (tracing && !prev)) {
        fprintf(stderr, "gcnspec exec: out of memory\n");
        goto out;
    }
    if (!cli_read_input(state_path, &state_text, &state_len, &diag) ||
        gcn_state_from_json(s, gen, state_text, state_len, cli_input_name(state_path), &diag) !=
            GCN_OK) {
        gcn_diag_print(&diag, stderr);
        goto out;
    }
    gen = s->gen;
    if (!have_base)
        base = s->pc;
    if (!cli_read_input(prog_path, &text, &len, &diag)) {
        gcn_diag_print(&diag, stderr);
        goto out;
    }
    name = cli_input_name(prog_path);
    if ((binary ? gcn_program_decode(&p, gen, base, (const uint8_t *)text, len, name, &diag)
                : gcn_program_parse(&p, gen, base, text, name, &diag)) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        goto out;
    }
    memcpy(initial, s, sizeof(*s));
    {
        uint64_t steps = 0, limit = max_steps ? max_steps : 1000000u;
        for (;;) {
            long i = find_at(&p, s->pc);
            uint64_t pc = s->pc;
            gcn_status st;
            if (i < 0)
                break;
            if (steps == limit) {
                fprintf(stderr, "%s: stopped after %llu steps at pc 0x%llx\n", name,
                        (unsigned long long)limit, (unsigned long long)pc);
                goto out;
            }
            if (tracing)
                memcpy(prev, s, sizeof(*s));
            st = gcn_exec_step(s, &p, &o, &diag);
            steps++;
            if (tracing)
                trace(&p, (size_t)i, prev, s, pc);
            if (st != GCN_OK) {
                char hint[160];
                corrected_hint(&o, gcn_program_inst(&p, (size_t)i), st, hint, sizeof(hint));
                if (p.source_line[i])
                    fprintf(stderr, "%s:%u: %s%s\n", name, p.source_line[i], diag.msg, hint);
                else
                    fprintf(stderr, "%s:+%llu: %s%s\n", name, (unsigned long long)(pc - base),
                            diag.msg, hint);
                goto out;
            }
        }
    }
    json = gcn_state_to_json(s, full ? NULL : initial);
    if (!json) {
        fprintf(stderr, "gcnspec exec: out of memory\n");
        goto out;
    }
    if (out_path) {
        if (gcn_write_file_atomic(out_path, json, strlen(json), &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            goto out;
        }
    } else {
        fputs(json, stdout);
    }
    rc = 0;
out:
    gcn_program_free(&p);
    free(json);
    free(text);
    free(state_text);
    free(s);
    free(initial);
    free(prev);
    return rc;
}
