/* Target 5, written vs corrected semantics: [generation][instruction bytes][state bytes]
 * (harness/oracle_input.h). The instruction runs in the oracle as the documents write it and
 * as spec/errata.json corrects it, from the same fuzzed state. spec/errata.json (compiled in)
 * names the instructions whose pseudocode an erratum corrects (its "semantics" decisions):
 * outside them the two runs must end alike; a divergence there is a finding. M0's role in a DS
 * access may be corrected too, on one generation (GCN 1.4's LDS is not limited by M0): there
 * the oracle names the erratum (gcn_sem_info.m0_erratum), which spec/errata.json must hold, and
 * the two runs, with M0 = 0xffffffff (no limit in either), must still end alike. An
 * instruction the oracle says is corrected that no erratum names is a finding, and so is one
 * whose written pseudocode runs but fails where the corrected one succeeds without an erratum
 * to say why. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "gcnspec/oracle.h"
#include "oracle_input.h"
#include "util/json.h"
#include "util/buf.h"

#define TARGET "variants"
#define MAX_CORRECTED 256

extern const unsigned char gcn_errata_json[];
extern const size_t gcn_errata_json_len;

/* "DS:DS_CMPST_RTN_B32" and the erratum's id */
static char corrected[MAX_CORRECTED][80];
static char corrected_by[MAX_CORRECTED][16];
static size_t ncorrected;
/* every erratum's id (M0's role is corrected by data naming one: gcn.json's "m0") */
#define MAX_ERRATA 256
static char errata_ids[MAX_ERRATA][16];
static size_t nerrata;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    gcn_json_doc doc;
    gcn_diag d;
    const cJSON *errata, *e;
    (void)argc;
    (void)argv;
    if (gcn_json_parse(&doc, "spec/errata.json", (const char *)gcn_errata_json, gcn_errata_json_len,
                       &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        exit(1);
    }
    errata = cJSON_GetObjectItemCaseSensitive(doc.root, "errata");
    cJSON_ArrayForEach(e, errata)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        const cJSON *decisions = cJSON_GetObjectItemCaseSensitive(e, "decisions"), *dec;
        if (cJSON_IsString(id) && nerrata < MAX_ERRATA)
            snprintf(errata_ids[nerrata++], sizeof(errata_ids[0]), "%s", id->valuestring);
        cJSON_ArrayForEach(dec, decisions)
        {
            const cJSON *op = cJSON_GetObjectItemCaseSensitive(dec, "op");
            const cJSON *enc = cJSON_GetObjectItemCaseSensitive(dec, "encoding");
            const cJSON *mn = cJSON_GetObjectItemCaseSensitive(dec, "mnemonic");
            if (!cJSON_IsString(op) || strcmp(op->valuestring, "semantics") != 0 ||
                !cJSON_IsString(enc) || !cJSON_IsString(mn) || ncorrected == MAX_CORRECTED)
                continue;
            snprintf(corrected[ncorrected], sizeof(corrected[0]), "%s:%s", enc->valuestring,
                     mn->valuestring);
            snprintf(corrected_by[ncorrected], sizeof(corrected_by[0]), "%s",
                     cJSON_IsString(id) ? id->valuestring : "?");
            ncorrected++;
        }
    }
    gcn_json_free(&doc);
    if (!ncorrected) {
        fprintf(stderr, "fuzz_variants: spec/errata.json corrects no pseudocode?\n");
        exit(1);
    }
    return 0;
}

/* The erratum that corrects this instruction's pseudocode, or NULL. */
static const char *erratum_of(const gcn_inst *in)
{
    char key[80];
    size_t i, o;
    const char *m = gcn_inst_mnemonic(in);
    o = (size_t)snprintf(key, sizeof(key), "%s:", gcn_inst_encoding(in));
    for (i = 0; m[i] && o + 1 < sizeof(key); i++)
        key[o++] = (char)toupper((unsigned char)m[i]);
    key[o] = 0;
    for (i = 0; i < ncorrected; i++)
        if (strcmp(corrected[i], key) == 0)
            return corrected_by[i];
    /* SMRD borrows SMEM's semantics (and its errata) */
    if (strncmp(key, "SMRD:", 5) == 0) {
        char smem[80];
        snprintf(smem, sizeof(smem), "SMEM:%s", key + 5);
        for (i = 0; i < ncorrected; i++)
            if (strcmp(corrected[i], smem) == 0)
                return corrected_by[i];
    }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gcn_inst in;
    gcn_sem_info info;
    int gen, mem, ok[2];
    ox_state x;
    gcn_exec_options o;
    gcn_status st[2];
    gcn_diag d[2];
    const char *erratum;
    char text[FUZZ_TEXT_MAX], hex[96], what[32], detail[256], subject[128];
    unsigned v;
    int m0_only = 0; /* only M0's role is corrected here */
    if (!ncorrected)
        LLVMFuzzerInitialize(NULL, NULL);
    gen = fuzz_take_gen(&data, &size);
    if (gen < 0 || gcn_decode(gen, data, size, &in) != GCN_OK ||
        gcn_sem_info_get(in.insn, gen, &info) != GCN_OK)
        return 0;
    erratum = erratum_of(&in);
    if (!erratum && info.m0_erratum) {
        size_t k;
        for (k = 0; k < nerrata; k++)
            if (strcmp(errata_ids[k], info.m0_erratum) == 0)
                erratum = errata_ids[k]; /* M0's role, corrected on this generation */
        m0_only = erratum != NULL;
    }
    gcn_print(&in, text, sizeof(text));
    gcn_hex_bytes(data, in.size, hex, sizeof(hex));
    if (info.corrected && !erratum)
        fuzz_finding(TARGET, "corrected-without-erratum", gcn_inst_mnemonic(&in),
                     "  text: %s\n  bytes (%s): %s\n  the oracle names erratum %s (M0's role: "
                     "%s); spec/errata.json corrects no pseudocode of this instruction and "
                     "holds no such erratum",
                     text, gcn_gen_id(gen), hex, info.erratum ? info.erratum : "-",
                     info.m0_erratum ? info.m0_erratum : "-");
    for (v = 0; v < 2; v++)
        ok[v] = info.status[v] == GCN_SEM_COMPILED || info.status[v] == GCN_SEM_NONE;
    if (!ok[GCN_AS_WRITTEN] || !ok[GCN_AS_CORRECTED])
        return 0;
    ox_read_state(data + in.size, size - in.size, &x);
    if (m0_only)
        x.m0 = 0xffffffffu; /* where M0 limits nothing the two must still agree */
    mem = ox_memory_mode(&in, data - 1, size + 1);
    if (mem != OX_REGS)
        ox_set_touch(&x, &in);
    /* GDS instructions (ordered count, GWS) keep state of their own there: restore and compare
     * all of it (a narrower restore let one input's GDS reach the next, F-cross_gen in fork mode)
     */
    if (mem == OX_TOUCHED && strstr(text, " gds"))
        mem = OX_ALL;
    memset(&o, 0, sizeof(o));
    for (v = 0; v < 2; v++) {
        ox_begin((int)v, gen, &x, mem);
        o.variant = v ? GCN_AS_CORRECTED : GCN_AS_WRITTEN;
        memset(&d[v], 0, sizeof(d[v]));
        st[v] = ox_exec((int)v, gen, &in, &o, &d[v]);
        ox_check_stray(TARGET, (int)v, gen, &in, text);
    }
    if (erratum && !m0_only)
        return 0; /* a known correction: the runs may differ */
    if (st[0] != st[1]) {
        snprintf(subject, sizeof(subject), "%s:status", gcn_inst_mnemonic(&in));
        fuzz_finding(TARGET, "variants-differ", subject,
                     "  text: %s\n  bytes (%s): %s\n  as written: %s %s\n  as corrected: %s %s",
                     text, gcn_gen_id(gen), hex, gcn_status_str(st[0]), d[0].msg,
                     gcn_status_str(st[1]), d[1].msg);
    }
    if (st[0] == GCN_OK && ox_diff_states(ox_wave(0, gen), ox_wave(1, gen), &x, mem, what,
                                          sizeof(what), detail, sizeof(detail))) {
        snprintf(subject, sizeof(subject), "%s:%s", gcn_inst_mnemonic(&in), what);
        fuzz_finding(TARGET, "variants-differ", subject,
                     "  text: %s\n  bytes (%s): %s\n  no erratum corrects it%s, yet as written "
                     "and as corrected end apart: %s (written, corrected)",
                     text, gcn_gen_id(gen), hex,
                     m0_only ? " (but M0's role, set aside with M0 = 0xffffffff)" : "", detail);
    }
    return 0;
}
