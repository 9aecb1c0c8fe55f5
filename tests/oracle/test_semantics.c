#define _POSIX_C_SOURCE 200809L
/* The pseudocode compiler: every block of gcn.json compiles (every correction; every written
 * block that has none), what the generated table says about each instruction agrees with the
 * spec, the vocabulary maps each name to its accessor, lane indices are told from register
 * elements, bad blocks get file:line:col, and the generator fails on an instruction without
 * semantics (and lists it with --allow-missing). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "codec/tables.h"
#include "gcnspec/oracle.h"
#include "gen/sem_compile.h"
#include "gen/sem_gen.h"
#include "util/buf.h"
#include "util/json.h"

static gcn_json_doc spec;

static int setup(void **st)
{
    const char *dir = getenv("GCN_BUILD_DIR");
    char path[1024];
    gcn_diag d;
    (void)st;
    snprintf(path, sizeof(path), "%s/spec/gcn.json", dir ? dir : "build");
    if (gcn_json_load(&spec, path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return -1;
    }
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    gcn_json_free(&spec);
    return 0;
}

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

/* The reason gcn.json gives for an encoding the oracle does not execute yet, or NULL. */
static const char *pending(const char *enc)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, get(spec.root, "encodings"))
    {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "oracle_pending");
        if (strcmp(get(e, "name")->valuestring, enc) == 0 && p)
            return get(p, "reason")->valuestring;
    }
    return NULL;
}

static void insn_info(const cJSON *in, gs_insn_info *info)
{
    const cJSON *op, *m;
    memset(info, 0, sizeof(*info));
    info->name = get(in, "name")->valuestring;
    info->encoding = get(in, "encoding")->valuestring;
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        gs_operand_info *o = &info->op[info->nops++];
        o->name = get(op, "name")->valuestring;
        o->kind = get(op, "kind")->valuestring;
        o->regs = (unsigned)get(op, "regs")->valuedouble;
    }
    cJSON_ArrayForEach(m, get(in, "modifiers"))
    {
        info->mod[info->nmods++] = get(m, "name")->valuestring;
    }
}

/* Counts per encoding, as the closing note gives them. */
typedef struct counts {
    const char *enc;
    unsigned insns, as_written, needs_correction, corrected_same_code, none, unsupported, pending;
} counts;

#define MAX_COUNTED 32 /* encodings */
static counts *count_for(counts *c, unsigned *n, const char *enc)
{
    unsigned i;
    for (i = 0; i < *n; i++)
        if (strcmp(c[i].enc, enc) == 0)
            return &c[i];
    if (*n == MAX_COUNTED)
        fail_msg("more than %d encodings to count", MAX_COUNTED);
    memset(&c[*n], 0, sizeof(c[*n]));
    c[*n].enc = enc;
    return &c[(*n)++];
}

/* What the generated table says agrees with the spec, for every instruction on every
 * generation: the generation has it exactly where gcn.json gives an opcode; a correction
 * always runs; a written block that does not run has a correction, or the spec says why
 * (unsupported). */
static void every_instruction_has_semantics(void **st)
{
    const cJSON *in;
    int row = 0, gens = gcn_gen_count();
    counts c[MAX_COUNTED];
    unsigned nc = 0, i;
    (void)st;
    assert_int_equal(gcn_insn_count(), cJSON_GetArraySize(get(spec.root, "instructions")));
    cJSON_ArrayForEach(in, get(spec.root, "instructions"))
    {
        const cJSON *sem = get(in, "semantics");
        counts *k = count_for(c, &nc, get(in, "encoding")->valuestring);
        int g, first = 1;
        k->insns++;
        for (g = 0; g < gens; g++) {
            gcn_sem_info info;
            int exists = gcn_insn_opcode(row, g) >= 0;
            assert_int_equal(gcn_sem_info_get(row, g, &info), GCN_OK);
            assert_string_equal(info.name, get(in, "name")->valuestring);
            if (!exists) {
                assert_int_equal(info.status[GCN_AS_WRITTEN], GCN_SEM_ABSENT);
                assert_int_equal(info.status[GCN_AS_CORRECTED], GCN_SEM_ABSENT);
                continue;
            }
            if (pending(get(in, "encoding")->valuestring)) {
                /* the oracle does not execute the encoding yet: both variants say why */
                const char *why = pending(get(in, "encoding")->valuestring);
                assert_int_equal(info.status[GCN_AS_WRITTEN], GCN_SEM_UNDEFINED);
                assert_int_equal(info.status[GCN_AS_CORRECTED], GCN_SEM_UNDEFINED);
                assert_non_null(strstr(info.why[GCN_AS_WRITTEN], why));
                assert_non_null(strstr(info.why[GCN_AS_CORRECTED], why));
                if (first)
                    k->pending++;
            } else if (get(sem, "unsupported")) {
                assert_int_equal(info.status[GCN_AS_WRITTEN], GCN_SEM_UNDEFINED);
                assert_non_null(strstr(info.why[GCN_AS_WRITTEN], "spec/curated/"));
                if (first)
                    k->unsupported++;
            } else if (get(sem, "none")) {
                assert_int_equal(info.status[GCN_AS_WRITTEN], GCN_SEM_NONE);
                assert_int_equal(info.status[GCN_AS_CORRECTED], GCN_SEM_NONE);
                if (first)
                    k->none++;
            } else {
                if (info.status[GCN_AS_CORRECTED] != GCN_SEM_COMPILED)
                    fail_msg("%s on %s: no executable corrected semantics: %s", info.name,
                             gcn_gen_id(g),
                             info.why[GCN_AS_CORRECTED] ? info.why[GCN_AS_CORRECTED] : "?");
                {
                    /* corrected here: its block (every generation), or M0's role on this one */
                    const cJSON *e, *m0 = NULL;
                    cJSON_ArrayForEach(e, get(in, "m0"))
                    {
                        if (strcmp(get(e, "gen")->valuestring, gcn_gen_id(g)) == 0)
                            m0 = e;
                    }
                    assert_int_equal(info.corrected, cJSON_IsObject(get(sem, "corrected")) ||
                                                         (m0 && get(m0, "written")));
                    assert_int_equal(info.m0_erratum != NULL, m0 && get(m0, "written"));
                }
                if (info.status[GCN_AS_WRITTEN] == GCN_SEM_COMPILED) {
                    if (first)
                        k->as_written++;
                    if (first && info.corrected)
                        k->corrected_same_code++;
                } else {
                    assert_int_equal(info.status[GCN_AS_WRITTEN], GCN_SEM_UNDEFINED);
                    assert_true(info.corrected);
                    assert_non_null(info.why[GCN_AS_WRITTEN]);
                    assert_non_null(info.erratum);
                    if (first)
                        k->needs_correction++;
                }
            }
            first = 0;
        }
        row++;
    }
    printf("%-6s %6s %10s %17s %17s %5s %12s %8s\n", "", "insns", "as written", "need correction",
           "both compile", "none", "unsupported", "pending");
    for (i = 0; i < nc; i++)
        printf("%-6s %6u %10u %17u %17u %5u %12u %8u\n", c[i].enc, c[i].insns, c[i].as_written,
               c[i].needs_correction, c[i].corrected_same_code, c[i].none, c[i].unsupported,
               c[i].pending);
    assert_string_equal(gcn_sem_spec_sha256(), gcn_codec_tables()->spec_sha256);
}

/* The compiler itself on every block: every correction compiles on every generation, every
 * written block compiles or has a correction (the generator would have failed otherwise). */
static void compiler_on_every_block(void **st)
{
    const cJSON *in;
    unsigned compiled = 0, failed = 0;
    (void)st;
    cJSON_ArrayForEach(in, get(spec.root, "instructions"))
    {
        const cJSON *sem = get(in, "semantics"), *oc;
        gs_insn_info info;
        int v;
        if (get(sem, "via"))
            continue; /* borrowed: its operand names are another instruction's */
        if (pending(get(in, "encoding")->valuestring))
            continue; /* compiled from issue 25 on (gcn.json oracle_pending) */
        insn_info(in, &info);
        for (v = 0; v < 2; v++) {
            const cJSON *b = get(sem, v ? "corrected" : "written");
            if (!cJSON_IsObject(b))
                continue;
            cJSON_ArrayForEach(oc, get(in, "opcodes"))
            {
                gs_block blk;
                gs_compiled ci;
                gcn_buf out;
                gcn_diag d;
                int ok;
                memset(&blk, 0, sizeof(blk));
                blk.insn = &info;
                blk.file = v ? "correction" : "written";
                blk.line = 1;
                blk.code = get(b, "code")->valuestring;
                blk.gcn14 = strcmp(get(oc, "gen")->valuestring, "gcn1.4") == 0;
                blk.fn_name = "f";
                gcn_buf_init(&out);
                gcn_diag_clear(&d);
                ok = gs_compile(&blk, &out, &ci, &d);
                gcn_buf_free(&out);
                if (ok) {
                    compiled++;
                    continue;
                }
                failed++;
                if (v == 1 || !get(sem, "corrected"))
                    fail_msg("%s: %s does not compile: %s", info.name, v ? "correction" : "block",
                             d.msg);
            }
        }
    }
    printf("blocks x generations: %u compile, %u written ones do not (each has a correction)\n",
           compiled, failed);
    assert_true(compiled > 0);
}

/* ---- the vocabulary ------------------------------------------------------------------------ */

static const gs_insn_info sop1 = {
    "S_TEST", "SOP1", {{"SDST", NULL, "sdst", 2}, {"SSRC0", NULL, "ssrc", 1}}, 2, {0}, 0};
static const gs_insn_info ds = {
    "DS_TEST",
    "DS",
    {{"VDST", NULL, "vgpr", 3}, {"ADDR", NULL, "vgpr", 1}, {"VDATA0", NULL, "vgpr", 2}},
    3,
    {"OFFSET", "GDS"},
    2};
static const gs_insn_info smem = {
    "S_LOAD_TEST",
    "SMEM",
    {{"SDATA", NULL, "sgpr", 8}, {"SBASE", NULL, "sbase", 2}, {"OFFSET", NULL, "smem-offset", 1}},
    3,
    {"GLC"},
    1};

/* Compiles code for insn; returns the C (static storage) or NULL with *d set. */
static const char *compile(const gs_insn_info *insn, const char *code, gs_compiled *ci, gcn_diag *d)
{
    static char text[65536];
    gs_block b;
    gcn_buf out;
    int ok;
    memset(&b, 0, sizeof(b));
    b.insn = insn;
    b.file = "doc.txt";
    b.line = 100;
    b.code = code;
    b.fn_name = "f";
    gcn_buf_init(&out);
    gcn_diag_clear(d);
    ok = gs_compile(&b, &out, ci, d);
    snprintf(text, sizeof(text), "%s", out.data ? out.data : "");
    gcn_buf_free(&out);
    return ok ? text : NULL;
}

static void expect_c(const gs_insn_info *insn, const char *code, const char *want)
{
    gs_compiled ci;
    gcn_diag d;
    const char *c = compile(insn, code, &ci, &d);
    if (!c)
        fail_msg("'%s' does not compile: %s", code, d.msg);
    if (!strstr(c, want))
        fail_msg("'%s' compiles without '%s':\n%s", code, want, c);
}

static void expect_error(const gs_insn_info *insn, const char *code, unsigned line, unsigned col,
                         const char *want)
{
    gs_compiled ci;
    gcn_diag d;
    const char *c = compile(insn, code, &ci, &d);
    if (c)
        fail_msg("'%s' compiles, but should not", code);
    assert_string_equal(d.file, "doc.txt");
    if (d.line != line || (col && d.col != col) || !strstr(d.msg, want))
        fail_msg("'%s': %s:%u:%u: %s; expected line %u col %u '%s'", code, d.file, d.line, d.col,
                 d.msg, line, col, want);
}

static void vocabulary(void **st)
{
    (void)st;
    expect_c(&sop1, "SDST = EXEC", "gs_exec(x)");
    expect_c(&sop1, "VCC = SSRC0", "gs_set_vcc(x");
    expect_c(&sop1, "SCC = SSRC0 > 3", "gs_set_scc(x");
    expect_c(&sop1, "M0 = SSRC0", "gs_set_m0(x");
    expect_c(&sop1, "PC = SDST", "gs_set_pc(x");
    expect_c(&sop1, "CSP--", "gs_set_csp(x");
    expect_c(&sop1, "SDST = CLOCKCNT", "gs_clock(x)");
    expect_c(&sop1, "SGPR[SDST_NUMBER + M0] = SSRC0", "gs_set_sgprs(x, (uint64_t)(");
    expect_c(&sop1, "SGPR[SDST_NUMBER + M0] = SSRC0", "gs_number(x, 0)");
    expect_c(&sop1, "SDST = SGPR[CSP*4+2:CSP*4+3]", "gs_sgprs(x, ");
    expect_c(&sop1, "PC = TTMP[0:1]", "gs_ttmps(x, (uint64_t)(");
    expect_c(&sop1, "SDST = BITCOUNT(SSRC0)", "gs_popc32(");
    expect_c(&sop1, "SDST = REVBIT(SDST)", "gs_rev64(");
    /* operands: locals read at the start, written back at the end */
    expect_c(&sop1, "SDST = SSRC0", "o_SSRC0[k_] = gs_sread(x, 1, k_)");
    expect_c(&sop1, "SDST = SSRC0", "gs_swrite(x, 0, k_, o_SDST[k_])");
    /* shifts through the helpers; constants shifted into the sign too */
    expect_c(&sop1, "SDST = SSRC0 << SSRC0", "gs_shl_u32(");
    expect_c(&sop1, "SDST = 15 << 28", "gs_shl_i32(");
    expect_c(&sop1, "SDST = (INT32)SSRC0 >> 3", "gs_shr_i32(");
    /* registers hold bits: a float stores its bits there, converts by value elsewhere */
    expect_c(&sop1, "SDST = ASDOUBLE(SDST)", "gs_f64bits(");
    expect_c(&sop1, "UINT32 x = ASFLOAT(SSRC0)\nSDST = x", "gs_f2u32(");
    /* GCN14 is a constant of the generation */
    expect_c(&sop1, "SDST = GCN14", "((int32_t)0x0ull)");
}

static void lanes_and_elements(void **st)
{
    gs_compiled ci;
    gcn_diag d;
    (void)st;
    /* a multi-register operand with a constant index: register elements */
    expect_c(&ds, "VDST[0:1] = VDATA0", "gs_oset(o_VDST, &w_VDST, 3, (uint64_t)(");
    expect_c(&ds, "VDST[2] = 1", "gs_oset(o_VDST, &w_VDST, 3, (uint64_t)(");
    /* a single register or a lane expression: another lane's value */
    expect_c(&ds, "VDST[0:1] = ADDR[5]", "gs_vlane(x, 1, (uint64_t)(");
    expect_c(&ds, "VDST[2] = VDATA0[LANEID]", "gs_vlane(x, 2, (uint64_t)(lane)");
    /* DS: per lane, unless it loops over lanes itself or is a scalar operation */
    assert_non_null(compile(&ds, "VDST[2] = ADDR", &ci, &d));
    assert_int_equal(ci.wave_level, 0);
    assert_non_null(compile(&ds, "for (BYTE i = 0; i < 64; i++)\n    VDST[i] = ADDR[i]", &ci, &d));
    assert_int_equal(ci.wave_level, 1);
    assert_non_null(
        compile(&ds, "UINT32* V = (UINT32*)(DS + OFFSET)\nVDST = *V // scalar operation", &ci, &d));
    assert_int_equal(ci.wave_level, 1);
    assert_int_equal(ci.atomic, 0);
    expect_c(&ds, "UINT32* V = (UINT32*)(DS + OFFSET)\nVDST = *V // scalar operation",
             "gs_vbroadcast(x, 0, o_VDST, w_VDST)");
    assert_non_null(
        compile(&ds, "UINT32* V = (UINT32*)(DS + ADDR)\n*V += 1 // atomic operation", &ci, &d));
    assert_int_equal(ci.atomic, 1);
    expect_c(&ds, "UINT32* V = (UINT32*)(DS + ADDR)\n*V += 1", "gs_ds_window(x, gs_mod(x, 1))");
    /* a per-lane block writes its lane's registers directly, unless it reads other lanes' */
    expect_c(&ds, "VDST[2] = ADDR", "gs_vset(x, 0, k_, lane, o_VDST[k_])");
    expect_c(&ds, "VDST[2] = ADDR[LANEID ^ 1]", "gs_vstage(x, 0, lane, o_VDST, w_VDST)");
    /* the DS window bytes; (DS + x)&~7 masks the address */
    expect_c(&ds, "VDST[0:1] = *(UINT64*)(DS + (ADDR+OFFSET)&~7)", "gs_ld_ds(x, ");
    /* SMEM: the base, the offset parts the block does not name itself */
    expect_c(&smem, "SDATA[0:1] = *(UINT64*)(SMEM + (OFFSET & ~3))", "gs_offset(x, 2, 7)");
    expect_c(&smem, "SDATA[0] = *(UINT32*)(SMEM + OFFSET + SGPROFFSET*64)", "gs_offset(x, 2, 1)");
    expect_c(&smem, "SDATA[0] = *(UINT32*)(SMEM + OFFSET)", "gs_smem_base(x, 1)");
    expect_c(&smem, "SDATA[0] = GLC", "gs_mod(x, 0)");
}

static void bad_blocks(void **st)
{
    (void)st;
    expect_error(&sop1, "SDST = SSRC0\nSDST = FOO + 1", 101, 8, "unknown name 'FOO'");
    expect_error(&sop1, "SDST = ASFLOATR(SSRC0)", 100, 8, "unknown helper 'ASFLOATR'");
    expect_error(&sop1, "SDST = MIN(SSRC0)", 100, 8, "MIN takes 2 arguments");
    expect_error(&sop1, "SDST = LANEID", 100, 8, "unknown name 'LANEID'");
    expect_error(&sop1, "SSRC0 = 1", 100, 0, "source operand");
    expect_error(&sop1, "SDST = DS", 100, 8, "unknown name 'DS'");
    expect_error(&sop1, "if ((1U<<SSRC0) & SDST) == 0)\n SDST = 1", 100, 0, "parenthes");
    expect_error(&sop1, "PC = SGPRS[0:1]", 100, 6, "unknown name 'SGPRS'");
    expect_error(&sop1, "UINT tmp[4]\nSDST = tmp[0]", 100, 1, "UINT has no width");
    /* parsed and checked, but not computed: no half floats or float literals in the runtime */
    expect_error(&sop1, "HALF h = 0\nSDST = 0", 100, 1, "HALF is not compiled");
    expect_error(&sop1, "SDST = SSRC0 + 0.5f", 100, 16, "floating-point literal ('0.5f')");
    expect_error(&sop1, "SDST = ASFLOAT(SSRC0) << 2", 100, 0, "shift of a float");
    expect_error(&ds, "(UINT32*)(DS + ADDR) = VDATA0", 100, 0, "not assignable");
    expect_error(&ds, "INT64 V = (INT64*)(DS + ADDR)\nVDST[0:1] = *V", 100, 0,
                 "an integer from a pointer");
    expect_error(&ds, "for (BYTE i = 0; i < 64; i++)\n    VDST[i] = ADDR", 101, 0,
                 "without a lane index");
    expect_error(&ds, "VDST[3] = 1", 100, 0, "VDST has 3 registers");
    expect_error(&smem, "SDATA = 1", 100, 0, "SDATA has 8 registers: index it");
    expect_error(&sop1, "break", 100, 1, "outside a loop");
}

/* ---- the generator on small specs ---------------------------------------------------------- */

static const char spec_head[] =
    "{\"generations\": [{\"id\": \"gcn1.4\"}],\n"
    " \"scalar_operands\": [\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"sgpr\", \"codes\": [0, 101], \"use\": [\"src\", "
    "\"dst\"], \"asm32\": \"s{n}\"},\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"special\", \"codes\": [106, 106], \"use\": "
    "[\"src\", \"dst\"], \"asm32\": \"vcc_lo\"},\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"special\", \"codes\": [107, 107], \"use\": "
    "[\"src\", \"dst\"], \"asm32\": \"vcc_hi\"},\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"special\", \"codes\": [124, 124], \"use\": "
    "[\"src\", \"dst\"], \"asm32\": \"m0\"},\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"special\", \"codes\": [126, 126], \"use\": "
    "[\"src\", \"dst\"], \"asm32\": \"exec_lo\"},\n"
    "  {\"gens\": [\"gcn1.4\"], \"class\": \"special\", \"codes\": [127, 127], \"use\": "
    "[\"src\", \"dst\"], \"asm32\": \"exec_hi\"}],\n"
    " \"instructions\": [\n"
    "  {\"name\": \"S_GOOD\", \"encoding\": \"SOP1\", \"opcodes\": [{\"gen\": \"gcn1.4\", "
    "\"opcode\": 1}],\n"
    "   \"operands\": [{\"name\": \"SDST\", \"kind\": \"sdst\", \"regs\": 1}],\n"
    "   \"semantics\": {\"written\": {\"at\": \"doc.txt:7\", \"code\": \"SDST = 1\"}}},\n";

/* gs_generate on spec_head plus last_insn; its messages into err, and the generated file into
 * inc when inc is not NULL. */
static int generate_to(const char *last_insn, int allow_missing, gcn_diag *d, char *err,
                       size_t errsize, char *inc, size_t incsize)
{
    char dir[] = "/tmp/gcn_semgen_XXXXXX", path[256], out[256];
    FILE *f, *e = tmpfile();
    int ok;
    size_t n;
    assert_non_null(mkdtemp(dir));
    assert_non_null(e);
    snprintf(path, sizeof(path), "%s/spec.json", dir);
    snprintf(out, sizeof(out), "%s/sem.inc", dir);
    f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s%s]}\n", spec_head, last_insn);
    fclose(f);
    gcn_diag_clear(d);
    ok = gs_generate(path, out, allow_missing, e, d);
    rewind(e);
    n = fread(err, 1, errsize - 1, e);
    err[n] = 0;
    fclose(e);
    if (inc) {
        inc[0] = 0;
        f = fopen(out, "r");
        if (f) {
            n = fread(inc, 1, incsize - 1, f);
            inc[n] = 0;
            fclose(f);
        }
    }
    unlink(out);
    unlink(path);
    rmdir(dir);
    return ok;
}

static int generate(const char *last_insn, int allow_missing, gcn_diag *d, char *err,
                    size_t errsize)
{
    return generate_to(last_insn, allow_missing, d, err, errsize, NULL, 0);
}

static size_t count_of(const char *s, const char *what)
{
    size_t n = 0;
    for (; (s = strstr(s, what)) != NULL; s += strlen(what))
        n++;
    return n;
}

/* Pseudocode that compiles to the same code is emitted once: S_SAME's "SDST = 1" is S_GOOD's
 * function (row 0), S_OTHER's "SDST = 2" a function of its own, and the table points both
 * rows with the same code at the one function. */
static void generator_emits_each_code_once(void **st)
{
    static char inc[1 << 16];
    char err[4096];
    gcn_diag d;
    (void)st;
    assert_true(generate_to("  {\"name\": \"S_SAME\", \"encoding\": \"SOP1\", \"opcodes\": "
                            "[{\"gen\": \"gcn1.4\", \"opcode\": 2}],\n"
                            "   \"operands\": [{\"name\": \"SDST\", \"kind\": \"sdst\", "
                            "\"regs\": 1}],\n"
                            "   \"semantics\": {\"written\": {\"at\": \"doc.txt:9\", \"code\": "
                            "\"SDST = 1\"}}},\n"
                            "  {\"name\": \"S_OTHER\", \"encoding\": \"SOP1\", \"opcodes\": "
                            "[{\"gen\": \"gcn1.4\", \"opcode\": 3}],\n"
                            "   \"operands\": [{\"name\": \"SDST\", \"kind\": \"sdst\", "
                            "\"regs\": 1}],\n"
                            "   \"semantics\": {\"written\": {\"at\": \"doc.txt:11\", \"code\": "
                            "\"SDST = 2\"}}}",
                            0, &d, err, sizeof(err), inc, sizeof(inc)));
    assert_int_equal(count_of(inc, "static gcn_status gs_f"), 2);
    assert_non_null(strstr(inc, "static gcn_status gs_f0_0_w("));
    assert_non_null(strstr(inc, "static gcn_status gs_f2_0_w("));
    assert_null(strstr(inc, "static gcn_status gs_f1_0_w("));
    assert_non_null(
        strstr(inc, "S_SAME on gcn1.4, as written at doc.txt:9: the code of gs_f0_0_w"));
    /* the table: (gen 0, row r, variant v) at (r * 2 + v); the corrected variant is the written
     * one where no erratum corrects */
    assert_non_null(strstr(inc, "[0] = gs_f0_0_w,"));
    assert_non_null(strstr(inc, "[2] = gs_f0_0_w,"));
    assert_non_null(strstr(inc, "[3] = gs_f0_0_w,"));
    assert_non_null(strstr(inc, "[4] = gs_f2_0_w,"));
}

static void generator_fails_without_semantics(void **st)
{
    char err[4096];
    gcn_diag d;
    (void)st;
    /* the instruction (line 11 of the spec) has none: fail, naming it and where it is */
    assert_false(generate("  {\"name\": \"S_MISSING\", \"encoding\": \"SOP1\", \"opcodes\": "
                          "[{\"gen\": \"gcn1.4\", \"opcode\": 2}],\n"
                          "   \"operands\": [], \"semantics\": {\"written\": null}}",
                          0, &d, err, sizeof(err)));
    assert_non_null(strstr(d.msg, "S_MISSING has no semantics"));
    assert_int_equal(d.line, 13);
    assert_non_null(strstr(err, "S_MISSING"));
    /* --allow-missing lists it and goes on */
    assert_true(generate("  {\"name\": \"S_MISSING\", \"encoding\": \"SOP1\", \"opcodes\": "
                         "[{\"gen\": \"gcn1.4\", \"opcode\": 2}],\n"
                         "   \"operands\": [], \"semantics\": {\"written\": null}}",
                         1, &d, err, sizeof(err)));
    assert_non_null(strstr(err, "warning: S_MISSING has no semantics"));
    /* none and unsupported are semantics */
    assert_true(generate("  {\"name\": \"S_NOP_TEST\", \"encoding\": \"SOP1\", \"opcodes\": "
                         "[{\"gen\": \"gcn1.4\", \"opcode\": 2}], \"operands\": [],\n"
                         "   \"semantics\": {\"none\": {\"at\": \"c.json#X\", \"reason\": "
                         "\"nothing\"}}}",
                         0, &d, err, sizeof(err)));
    assert_true(generate("  {\"name\": \"S_GWS_TEST\", \"encoding\": \"SOP1\", \"opcodes\": "
                         "[{\"gen\": \"gcn1.4\", \"opcode\": 2}], \"operands\": [],\n"
                         "   \"semantics\": {\"unsupported\": {\"at\": \"c.json#X\", \"reason\": "
                         "\"shared\"}}}",
                         0, &d, err, sizeof(err)));
    /* a written block that does not compile, without a correction: its own file:line:col */
    assert_false(generate("  {\"name\": \"S_BAD\", \"encoding\": \"SOP1\", \"opcodes\": "
                          "[{\"gen\": \"gcn1.4\", \"opcode\": 2}], \"operands\": [],\n"
                          "   \"semantics\": {\"written\": {\"at\": \"doc.txt:40\", \"code\": "
                          "\"SCC = 1\\nSCC = NOPE\"}}}",
                          0, &d, err, sizeof(err)));
    assert_string_equal(d.file, "doc.txt");
    assert_int_equal(d.line, 41);
    assert_int_equal(d.col, 7);
    assert_non_null(strstr(d.msg, "unknown name 'NOPE'"));
    /* ... with one, the instruction runs as corrected */
    assert_true(generate("  {\"name\": \"S_BAD\", \"encoding\": \"SOP1\", \"opcodes\": "
                         "[{\"gen\": \"gcn1.4\", \"opcode\": 2}], \"operands\": [],\n"
                         "   \"semantics\": {\"written\": {\"at\": \"doc.txt:40\", \"code\": "
                         "\"SCC = NOPE\"}, \"corrected\": {\"erratum\": \"E999\", \"code\": "
                         "\"SCC = 1\"}}}",
                         0, &d, err, sizeof(err)));
    /* a correction that does not compile always fails */
    assert_false(generate("  {\"name\": \"S_BAD\", \"encoding\": \"SOP1\", \"opcodes\": "
                          "[{\"gen\": \"gcn1.4\", \"opcode\": 2}], \"operands\": [],\n"
                          "   \"semantics\": {\"written\": {\"at\": \"doc.txt:40\", \"code\": "
                          "\"SCC = 1\"}, \"corrected\": {\"erratum\": \"E999\", \"code\": "
                          "\"SCC = (\"}}}",
                          0, &d, err, sizeof(err)));
    assert_string_equal(d.file, "erratum E999");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_instruction_has_semantics),
        cmocka_unit_test(compiler_on_every_block),
        cmocka_unit_test(vocabulary),
        cmocka_unit_test(lanes_and_elements),
        cmocka_unit_test(bad_blocks),
        cmocka_unit_test(generator_fails_without_semantics),
        cmocka_unit_test(generator_emits_each_code_once),
    };
    return cmocka_run_group_tests_name("oracle_semantics", tests, setup, teardown);
}
