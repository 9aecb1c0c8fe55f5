/* Target 4, cross-generation semantics: [generation][instruction bytes][state bytes]
 * (harness/oracle_input.h). The instruction decoded on its generation is printed, and the text
 * parsed on every other generation where it exists (the text is generation-free: registers by
 * name); each is run in the oracle (as corrected) from the same fuzzed state, and the final
 * states must agree, register by register name.
 *
 * Not findings, as the spec explains them: a generation where the text does not parse (no such
 * instruction or register there); one whose semantics for the instruction are not executable;
 * registers only one generation has (ox_diff compares the common ones), and a difference from an
 * instruction that reads or writes a code naming another register on the other generation
 * (ox_touches_renamed: run again with those codes changed); an instruction whose
 * pseudocode tests the generation by name ("if (GCN14)", read from spec/gcn.json, compiled
 * in) against a generation where the test goes the other way; an SMRD immediate offset
 * against SMEM's (the units differ: gcn.json's imm_scale), so those pairs are compared only with
 * an SGPR offset; and a difference between generations whose pseudocode comes from different
 * blocks of the documents (the documents say the instruction changed), which is counted, and
 * shown with GCN_FUZZ_VERBOSE=1; and a difference from M0's role, which gcn.json gives per
 * generation (GCN 1.4's LDS accesses are not limited by M0): where the roles differ, a
 * difference that goes away when both run again with M0 = 0xffffffff (no limit anywhere) is
 * M0's, shown with GCN_FUZZ_VERBOSE=1. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "gcnspec/oracle.h"
#include "oracle_input.h"
#include "util/json.h"
#include "util/buf.h"

#define TARGET "cross_gen"
#define MAX_INSNS 4096

extern const unsigned char gcn_spec_json[];
extern const size_t gcn_spec_json_len;

static int verbose = -1;
/* per instruction row: its pseudocode tests the generation */
static uint8_t gen_tested[MAX_INSNS];
static int ready;

/* "GCN" and a digit: the documents' generation tests (spec/curated/pseudocode.json: GCN14) */
static int tests_generation(const char *code)
{
    const char *p;
    for (p = code; (p = strstr(p, "GCN")) != NULL; p += 3)
        if ((p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
            isdigit((unsigned char)p[3]))
            return 1;
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    gcn_json_doc doc;
    gcn_diag d;
    const cJSON *insns, *i;
    int row, n = gcn_insn_count();
    (void)argc;
    (void)argv;
    if (ready)
        return 0;
    if (n > MAX_INSNS || gcn_json_parse(&doc, "spec/gcn.json", (const char *)gcn_spec_json,
                                        gcn_spec_json_len, &d) != GCN_OK) {
        fprintf(stderr, "fuzz_cross_gen: spec/gcn.json does not load\n");
        exit(1);
    }
    insns = cJSON_GetObjectItemCaseSensitive(doc.root, "instructions");
    cJSON_ArrayForEach(i, insns)
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(i, "name");
        const cJSON *enc = cJSON_GetObjectItemCaseSensitive(i, "encoding");
        const cJSON *sem = cJSON_GetObjectItemCaseSensitive(i, "semantics"), *v;
        int tested = 0;
        cJSON_ArrayForEach(v, sem)
        {
            const cJSON *code = cJSON_GetObjectItemCaseSensitive(v, "code");
            tested |= cJSON_IsString(code) && tests_generation(code->valuestring);
        }
        if (!tested || !cJSON_IsString(name) || !cJSON_IsString(enc))
            continue;
        for (row = 0; row < n; row++) {
            const char *m = gcn_insn_mnemonic(row);
            size_t k;
            for (k = 0; m[k] && toupper((unsigned char)m[k]) == name->valuestring[k]; k++)
                ;
            if (!m[k] && !name->valuestring[k])
                gen_tested[row] = 1;
        }
    }
    gcn_json_free(&doc);
    ready = 1;
    return 0;
}

static int runnable(const gcn_inst *in, gcn_sem_info *info)
{
    gcn_sem_status st;
    if (gcn_sem_info_get(in->insn, in->gen, info) != GCN_OK)
        return 0;
    st = info->status[GCN_AS_CORRECTED];
    return st == GCN_SEM_COMPILED || st == GCN_SEM_NONE;
}

/* The last operand is a number (an immediate offset), not a register. */
static int numeric_last_operand(const char *text)
{
    const char *comma = strrchr(text, ',');
    const char *p = comma ? comma + 1 : text;
    while (*p == ' ')
        p++;
    return (*p >= '0' && *p <= '9') || *p == '-';
}

/* M0's role in the instruction's accesses (as corrected) differs between the generations:
 * GCN 1.4's LDS accesses are not limited by M0, the earlier generations' are
 * (spec/curated/ds_m0.json, gcn.json's "m0"). */
static int m0_roles_differ(const gcn_sem_info *a, const gcn_sem_info *b)
{
    return memcmp(a->m0[GCN_AS_CORRECTED], b->m0[GCN_AS_CORRECTED], sizeof(a->m0[0])) != 0;
}

/* Runs both again from x with M0 = 0xffffffff (bank 1), where no role limits LDS: 1 when they
 * still differ (what and detail then say how), so a difference M0's role explains is told
 * from one it does not. */
static int differ_without_m0_limit(int a, int b, const gcn_inst *in, const ox_state *x, int mem,
                                   const gcn_exec_options *o, char *what, size_t what_size,
                                   char *detail, size_t detail_size)
{
    ox_state y = *x;
    int gens[2] = {a, b}, k;
    gcn_status st[2];
    y.m0 = 0xffffffffu;
    if (mem != OX_REGS)
        ox_set_touch(&y, &in[a]);
    for (k = 0; k < 2; k++) {
        gcn_diag d;
        ox_begin(1, gens[k], &y, mem);
        memset(&d, 0, sizeof(d));
        st[k] = ox_exec(1, gens[k], &in[gens[k]], o, &d);
        ox_pc_relative(1, gens[k]);
    }
    if (st[0] != st[1]) {
        snprintf(what, what_size, "status");
        snprintf(detail, detail_size, "with M0 = 0xffffffff: %s %s, %s %s", gcn_gen_id(a),
                 gcn_status_str(st[0]), gcn_gen_id(b), gcn_status_str(st[1]));
        return 1;
    }
    return ox_diff_states(ox_wave(1, a), ox_wave(1, b), &y, mem, what, what_size, detail,
                          detail_size);
}

static int same_block(const gcn_sem_info *a, const gcn_sem_info *b)
{
    if (!a->written_at || !b->written_at)
        return a->written_at == b->written_at;
    return strcmp(a->written_at, b->written_at) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gcn_inst in[OX_MAX_GENS];
    gcn_sem_info info[OX_MAX_GENS];
    int run[OX_MAX_GENS] = {0}, gen, g, ngens = gcn_gen_count();
    char text[FUZZ_TEXT_MAX];
    ox_state x;
    int mem;
    gcn_exec_options o;
    if (verbose < 0)
        verbose = getenv("GCN_FUZZ_VERBOSE") != NULL;
    if (!ready)
        LLVMFuzzerInitialize(NULL, NULL);
    gen = fuzz_take_gen(&data, &size);
    if (gen < 0 || ngens > OX_MAX_GENS || gcn_decode(gen, data, size, &in[gen]) != GCN_OK)
        return 0;
    if (!runnable(&in[gen], &info[gen]))
        return 0;
    gcn_print(&in[gen], text, sizeof(text));
    run[gen] = 1;
    for (g = 0; g < ngens; g++) {
        gcn_diag d;
        if (g == gen || gcn_parse(g, text, &in[g], &d) != GCN_OK)
            continue;
        if (in[g].encoding != in[gen].encoding &&
            strcmp(gcn_inst_encoding(&in[g]), gcn_inst_encoding(&in[gen])) != 0 &&
            numeric_last_operand(text))
            continue;
        /* pseudocode that tests the generation: compared only where the test is the same (the
         * vocabulary's GCN14 is true on gcn1.4 alone) */
        if (gen_tested[in[gen].insn] &&
            (strcmp(gcn_gen_id(g), "gcn1.4") == 0) != (strcmp(gcn_gen_id(gen), "gcn1.4") == 0))
            continue;
        run[g] = runnable(&in[g], &info[g]);
    }
    ox_read_state(data + in[gen].size, size - in[gen].size, &x);
    mem = ox_memory_mode(&in[gen], data - 1, size + 1);
    if (mem != OX_REGS)
        ox_set_touch(&x, &in[gen]);
    /* GDS instructions (ordered count, GWS) keep state of their own there: restore and compare
     * all of it (a narrower restore let one input's GDS reach the next, F-cross_gen in fork mode)
     */
    if (mem == OX_TOUCHED && strstr(text, " gds"))
        mem = OX_ALL;
    memset(&o, 0, sizeof(o));
    o.variant = GCN_AS_CORRECTED;
    {
        gcn_status st[OX_MAX_GENS];
        char why[OX_MAX_GENS][256];
        for (g = 0; g < ngens; g++) {
            gcn_diag d;
            if (!run[g])
                continue;
            ox_begin(0, g, &x, mem);
            memset(&d, 0, sizeof(d));
            st[g] = ox_exec(0, g, &in[g], &o, &d);
            ox_check_stray(TARGET, 0, g, &in[g], text);
            ox_pc_relative(0, g);
            snprintf(why[g], sizeof(why[g]), "%.200s", d.msg);
        }
        for (g = 0; g < ngens; g++) {
            char what[32], detail[256], subject[128], hex[96];
            uint8_t bytes[GCN_INST_MAX_BYTES];
            size_t n = 0;
            if (!run[g] || g == gen)
                continue;
            if ((st[g] == GCN_OK) != (st[gen] == GCN_OK)) {
                if (!same_block(&info[g], &info[gen]))
                    continue;
                snprintf(subject, sizeof(subject), "%s:%s-vs-%s", gcn_inst_mnemonic(&in[gen]),
                         gcn_gen_id(gen), gcn_gen_id(g));
                gcn_encode(&in[gen], bytes, sizeof(bytes), &n);
                gcn_hex_bytes(bytes, n, hex, sizeof(hex));
                fuzz_finding(TARGET, "status-differs", subject,
                             "  text: %s\n  bytes (%s): %s\n  %s: %s %s\n  %s: %s %s", text,
                             gcn_gen_id(gen), hex, gcn_gen_id(gen), gcn_status_str(st[gen]),
                             why[gen], gcn_gen_id(g), gcn_status_str(st[g]), why[g]);
            }
            if (st[g] != GCN_OK)
                continue;
            if (!ox_diff(gen, g, &x, mem, what, sizeof(what), detail, sizeof(detail)))
                continue;
            if (mem == OX_REGS && ox_touches_renamed(gen, g, &in[gen], &in[g], &x, &o)) {
                if (verbose)
                    fprintf(stderr,
                            "cross_gen: %s: %s differs (%s): it uses a register code "
                            "the generations name differently\n",
                            text, what, detail);
                continue;
            }
            if (m0_roles_differ(&info[gen], &info[g])) {
                char first[256];
                snprintf(first, sizeof(first), "%s", detail);
                if (!differ_without_m0_limit(gen, g, in, &x, mem, &o, what, sizeof(what), detail,
                                             sizeof(detail))) {
                    if (verbose)
                        fprintf(stderr,
                                "cross_gen: %s: %s differs (%s): M0's role differs (%s lds %s, "
                                "%s lds %s), and with M0 = 0xffffffff they agree\n",
                                text, what, first, gcn_gen_id(gen),
                                gcn_m0_role_name(info[gen].m0[GCN_AS_CORRECTED][GCN_M0_LDS]),
                                gcn_gen_id(g),
                                gcn_m0_role_name(info[g].m0[GCN_AS_CORRECTED][GCN_M0_LDS]));
                    continue;
                }
            }
            if (!same_block(&info[g], &info[gen])) {
                if (verbose)
                    fprintf(stderr,
                            "cross_gen: %s: %s differs (%s), from different blocks %s, %s\n", text,
                            what, detail, info[gen].written_at ? info[gen].written_at : "-",
                            info[g].written_at ? info[g].written_at : "-");
                continue;
            }
            snprintf(subject, sizeof(subject), "%s:%s:%s-vs-%s", gcn_inst_mnemonic(&in[gen]), what,
                     gcn_gen_id(gen), gcn_gen_id(g));
            gcn_encode(&in[gen], bytes, sizeof(bytes), &n);
            gcn_hex_bytes(bytes, n, hex, sizeof(hex));
            fuzz_finding(TARGET, "states-differ", subject,
                         "  text: %s\n  bytes (%s): %s\n  %s\n  semantics: %s (%s), %s (%s)", text,
                         gcn_gen_id(gen), hex, detail,
                         info[gen].written_at ? info[gen].written_at : "-", gcn_gen_id(gen),
                         info[g].written_at ? info[g].written_at : "-", gcn_gen_id(g));
        }
    }
    return 0;
}
