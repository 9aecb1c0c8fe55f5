/* gcngen semantics: spec/gcn.json -> gcn_semantics.inc, the oracle's generated semantics.
 *
 * For every instruction and every generation that has it: one C function for the pseudocode
 * as written and, where an erratum corrects it, one for the correction (the corrected form
 * applies on all the instruction's generations), each emitted once however many (generation,
 * variant) pairs compile to the same code (most pseudocode is the same on every generation:
 * about a quarter of the functions, and of the edges a coverage-guided fuzzer scans after
 * every input); a table the runtime indexes by (generation, instruction row, variant); the
 * per-generation register codes the vocabulary names; and what is known about each
 * instruction (atomic, wave-level, why a variant does not execute).
 *
 * semantics.written {at, code} and semantics.corrected {erratum, code} come from the
 * documents and spec/errata.json; a curated block is a written block whose `at` points into
 * spec/curated/; semantics.none {reason} marks an instruction without architectural effect in
 * this model. An instruction with none of these, or whose written block does not compile and
 * has no correction, fails the generator (with --allow-missing it is listed and left
 * without semantics instead). A correction that does not compile always fails. */
#include "sem_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/m0.h"
#include "sem_compile.h"
#include "sem_vocab.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

#define MAX_GENS 8

typedef struct gen_regs {
    int code[16]; /* per gs_reg_spellings entry, -1 when the generation lacks it */
    int ttmp[32];
    unsigned nttmp;
    uint64_t rd[2], wr[2];
    int gcn14;
} gen_regs;

/* A function emitted into the output: where its code (after its name) starts in the buffer
 * and how long it is, so that an identical one is not emitted twice. */
typedef struct emitted_fn {
    size_t at, len;
    char name[32];
} emitted_fn;

typedef struct gen_ctx {
    gcn_json_doc doc;
    emitted_fn *fns; /* the distinct functions so far */
    size_t nfns, capfns;
    const char *spec_name; /* how diagnostics name the spec */
    const char *gens[MAX_GENS];
    unsigned ngens;
    gen_regs regs[MAX_GENS];
    gcn_diag *diag;
    int errors;
    FILE *err;
} gen_ctx;

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = get(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int gen_index(const gen_ctx *g, const char *id)
{
    unsigned i;
    for (i = 0; id && i < g->ngens; i++)
        if (strcmp(g->gens[i], id) == 0)
            return (int)i;
    return -1;
}

static void report(gen_ctx *g, const gcn_diag *d)
{
    gcn_diag_print(d, g->err);
    if (!g->diag->msg[0])
        *g->diag = *d;
    g->errors++;
}

static void report_at(gen_ctx *g, const cJSON *node, const char *fmt, const char *a, const char *b)
{
    gcn_diag d;
    unsigned line, col;
    char msg[GCN_DIAG_MSG_MAX];
    gcn_json_where(&g->doc, node, &line, &col);
    snprintf(msg, sizeof(msg), fmt, a, b);
    gcn_diag_set(&d, g->spec_name, line, col, "%s", msg);
    report(g, &d);
}

/* ---- the registers the vocabulary names, per generation ----------------------------------- */

static void render(const char *tmpl, long n, char *out, size_t size)
{
    size_t k = 0;
    const char *p;
    for (p = tmpl; *p && k + 24 < size; p++) {
        if (strncmp(p, "{n}", 3) == 0) {
            k += (size_t)snprintf(out + k, size - k, "%ld", n);
            p += 2;
        } else {
            out[k++] = *p;
        }
    }
    out[k] = 0;
}

static int uses(const cJSON *f, const char *use)
{
    const cJSON *u;
    cJSON_ArrayForEach(u, get(f, "use"))
    {
        if (cJSON_IsString(u) && strcmp(u->valuestring, use) == 0)
            return 1;
    }
    return 0;
}

static int read_regs(gen_ctx *g)
{
    const cJSON *f, *x;
    unsigned gi, k;
    for (gi = 0; gi < g->ngens; gi++) {
        for (k = 0; k < 16; k++)
            g->regs[gi].code[k] = -1;
        g->regs[gi].gcn14 = strcmp(g->gens[gi], GS_GCN14_GEN) == 0;
    }
    cJSON_ArrayForEach(f, get(g->doc.root, "scalar_operands"))
    {
        const cJSON *codes = get(f, "codes");
        const char *cls = str(f, "class"), *a32 = str(f, "asm32");
        long lo = (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 0));
        long hi = (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 1));
        long first = get(f, "first_index") ? (long)cJSON_GetNumberValue(get(f, "first_index")) : 0;
        int reg = cls && (strcmp(cls, "sgpr") == 0 || strcmp(cls, "special") == 0 ||
                          strcmp(cls, "ttmp") == 0);
        if (!cls || lo < 0 || hi > 255 || lo > hi) {
            report_at(g, f, "a scalar operand entry needs a class and codes [lo, hi] in 0..255%s%s",
                      "", "");
            return 0;
        }
        cJSON_ArrayForEach(x, get(f, "gens"))
        {
            int gx = cJSON_IsString(x) ? gen_index(g, x->valuestring) : -1;
            long code;
            if (gx < 0)
                continue;
            for (code = lo; code <= hi; code++) {
                gen_regs *r = &g->regs[gx];
                char name[64];
                long n = code - lo + first;
                if (a32) {
                    render(a32, n, name, sizeof(name));
                    for (k = 0; k < gs_nreg_spellings; k++)
                        if (strcmp(name, gs_reg_spellings[k].asm32) == 0)
                            r->code[k] = (int)code;
                }
                if (strcmp(cls, GS_TTMP_CLASS) == 0 && n >= 0 && n < 32) {
                    r->ttmp[n] = (int)code;
                    if ((unsigned)n + 1 > r->nttmp)
                        r->nttmp = (unsigned)n + 1;
                }
                if (reg && code < 128) {
                    if (uses(f, "src"))
                        r->rd[code >> 6] |= 1ull << (code & 63);
                    if (uses(f, "dst"))
                        r->wr[code >> 6] |= 1ull << (code & 63);
                }
            }
        }
    }
    for (gi = 0; gi < g->ngens; gi++)
        for (k = 0; k < gs_nreg_spellings; k++)
            /* the condition sources may be missing; EXEC, VCC and M0 may not */
            if (g->regs[gi].code[k] < 0 && strncmp(gs_reg_spellings[k].field, "cond_", 5) != 0) {
                report_at(g, get(g->doc.root, "scalar_operands"),
                          "no scalar operand is spelled '%s' on %s", gs_reg_spellings[k].asm32,
                          g->gens[gi]);
                return 0;
            }
    return 1;
}

static void emit_regs(gen_ctx *g, gcn_buf *b)
{
    unsigned gi, k;
    gcn_buf_printf(b, "static const gs_regs gs_regs_table[%u] = {\n", g->ngens);
    for (gi = 0; gi < g->ngens; gi++) {
        const gen_regs *r = &g->regs[gi];
        gcn_buf_printf(b, "    /* %s */ {", g->gens[gi]);
        for (k = 0; k < gs_nreg_spellings; k++)
            gcn_buf_printf(b, ".%s = %d, ", gs_reg_spellings[k].field,
                           r->code[k] < 0 ? 0xff : r->code[k]);
        gcn_buf_printf(b, ".gcn14 = %d, .nttmp = %u, .ttmp = {", r->gcn14, r->nttmp);
        for (k = 0; k < r->nttmp; k++)
            gcn_buf_printf(b, "%s%d", k ? ", " : "", r->ttmp[k]);
        gcn_buf_printf(b,
                       "},\n        .sgpr_rd = {0x%llxull, 0x%llxull}, .sgpr_wr = {0x%llxull, "
                       "0x%llxull}},\n",
                       (unsigned long long)r->rd[0], (unsigned long long)r->rd[1],
                       (unsigned long long)r->wr[0], (unsigned long long)r->wr[1]);
    }
    gcn_buf_puts(b, "};\n\n");
}

/* ---- instructions ------------------------------------------------------------------------- */

enum { ST_ABSENT, ST_COMPILED, ST_NONE, ST_UNDEFINED };

typedef struct variant {
    const char *code;
    char file[256];
    unsigned line;
    int present;
} variant;

static void c_string(gcn_buf *b, const char *s)
{
    if (!s) {
        gcn_buf_puts(b, "NULL");
        return;
    }
    gcn_buf_putc(b, '"');
    for (; *s; s++) {
        /* '?' escaped: "??'" in a document's text would be a trigraph */
        if (*s == '"' || *s == '\\' || *s == '?')
            gcn_buf_printf(b, "\\%c", *s);
        else if (*s == '\n')
            gcn_buf_puts(b, "\\n");
        else if ((unsigned char)*s < 0x20)
            gcn_buf_printf(b, "\\%03o", (unsigned char)*s);
        else
            gcn_buf_putc(b, *s);
    }
    gcn_buf_putc(b, '"');
}

/* "file:line" -> file, line; a "file#anchor" location is named whole, its lines counted from
 * the block's first */
static int split_at(const char *at, char *file, size_t size, unsigned *line)
{
    const char *colon = at ? strrchr(at, ':') : NULL;
    if (at && strchr(at, '#') && strlen(at) < size) {
        snprintf(file, size, "%s", at);
        *line = 1;
        return 1;
    }
    char *end;
    unsigned long l;
    if (!colon || colon == at || (size_t)(colon - at) >= size)
        return 0;
    l = strtoul(colon + 1, &end, 10);
    if (*end || l == 0 || l > 100000000ul)
        return 0;
    memcpy(file, at, (size_t)(colon - at));
    file[colon - at] = 0;
    *line = (unsigned)l;
    return 1;
}

typedef struct insn_out {
    gcn_diag wdiag; /* why the written block does not compile */
    int status[MAX_GENS][2];
    char why[2][GCN_DIAG_MSG_MAX + GCN_DIAG_FILE_MAX + 64];
    int atomic[2], wave[2];
    int corrected;
    unsigned imm_scale, literal_scale; /* the scalar memory offset's units */
    unsigned lgkm;
    char fn[MAX_GENS][2][32]; /* the function of each compiled (generation, variant) */
    /* M0's role per generation, variant (0 written, 1 corrected) and space (GCN_M0_LDS/GDS),
     * and the erratum that corrects it there; unused for what is not DS */
    int m0[MAX_GENS][2][2];
    const char *m0_erratum[MAX_GENS];
} insn_out;

/* ---- M0's role (gcn.json "m0", from spec/curated/ds_m0.json) ------------------------------- */

static const char *const m0_names[] = {
#define GS_M0_NAME(e, name) name,
    GCN_M0_ROLE_LIST(GS_M0_NAME)
#undef GS_M0_NAME
};
static const char *const m0_enums[] = {
#define GS_M0_ENUM(e, name) #e,
    GCN_M0_ROLE_LIST(GS_M0_ENUM)
#undef GS_M0_ENUM
};

static int m0_role(const cJSON *o, const char *key)
{
    const char *v = str(o, key);
    int k;
    for (k = 0; v && k < GCN_M0_ROLE_COUNT; k++)
        if (strcmp(v, m0_names[k]) == 0)
            return k;
    return -1;
}

/* The instruction's "m0" entry for generation gx: both variants' roles and the erratum. 0 (an
 * error reported) when a DS instruction has none, or a bad one. */
static int read_m0(gen_ctx *g, const cJSON *in, const gs_insn_info *info, int gx, insn_out *o)
{
    const cJSON *e, *found = NULL, *w;
    int sp;
    for (sp = 0; sp < 2; sp++)
        o->m0[gx][0][sp] = o->m0[gx][1][sp] = GCN_M0_UNUSED;
    if (strcmp(info->encoding, "DS") != 0)
        return 1;
    cJSON_ArrayForEach(e, get(in, "m0"))
    {
        if (str(e, "gen") && strcmp(str(e, "gen"), g->gens[gx]) == 0)
            found = e;
    }
    if (!found) {
        report_at(g, in, "%s on %s: no M0 role (gcn.json \"m0\", from spec/curated/ds_m0.json)",
                  info->name, g->gens[gx]);
        return 0;
    }
    w = get(found, "written") ? get(found, "written") : found;
    for (sp = 0; sp < 2; sp++) {
        const char *key = sp == GCN_M0_LDS ? "lds" : "gds";
        o->m0[gx][1][sp] = m0_role(found, key);
        o->m0[gx][0][sp] = m0_role(w, key);
        if (o->m0[gx][0][sp] < 0 || o->m0[gx][1][sp] < 0) {
            report_at(g, found, "%s on %s: an M0 role is one of limit, free, operand, unused",
                      info->name, g->gens[gx]);
            return 0;
        }
    }
    if (get(found, "written") && !str(found, "erratum")) {
        report_at(g, found, "%s on %s: M0's role as written differs, but no erratum says why",
                  info->name, g->gens[gx]);
        return 0;
    }
    o->m0_erratum[gx] = str(found, "erratum");
    return 1;
}

/* A block's C against M0's role in its variant: a block saying DSMEM is windowed by nothing; a
 * role "unused" touches neither memory nor M0; and the block that runs as corrected reads M0
 * exactly when the role says M0 is its operand, in LDS and GDS alike (as written the
 * documents' NOTE may stand beside a block that reads M0: that is what an erratum corrects).
 * Returns 0 after reporting. */
static int check_m0(gen_ctx *g, const cJSON *in, const gs_insn_info *info, int gx, unsigned var,
                    const gs_compiled *ci, const insn_out *o)
{
    const int *r = o->m0[gx][var];
    const char *which = var ? "as corrected" : "as written", *why = NULL;
    char msg[300];
    /* both spaces run the same block: M0 is its operand in both or in neither */
    int operand = r[GCN_M0_LDS] == GCN_M0_OPERAND && r[GCN_M0_GDS] == GCN_M0_OPERAND;
    int some_operand = r[GCN_M0_LDS] == GCN_M0_OPERAND || r[GCN_M0_GDS] == GCN_M0_OPERAND;
    if (strcmp(info->encoding, "DS") != 0)
        return 1;
    if (ci->ds_raw && (r[GCN_M0_LDS] == GCN_M0_LIMIT || r[GCN_M0_GDS] == GCN_M0_LIMIT))
        why = "the block addresses DSMEM (no M0 window), but M0 limits it";
    else if ((r[GCN_M0_LDS] == GCN_M0_UNUSED || r[GCN_M0_GDS] == GCN_M0_UNUSED) &&
             (ci->uses_ds || ci->names_m0))
        why = "M0's role is unused, but the block addresses LDS/GDS or reads M0";
    else if (var == 1 && ci->names_m0 && !operand)
        why = "the block reads M0 itself, so M0's role must be operand";
    else if (var == 1 && !ci->names_m0 && some_operand)
        why = "M0's role is operand, but the block does not read M0";
    if (!why)
        return 1;
    snprintf(msg, sizeof(msg), "%s on %s %s (lds %s, gds %s): %s", info->name, g->gens[gx], which,
             m0_names[r[GCN_M0_LDS]], m0_names[r[GCN_M0_GDS]], why);
    report_at(g, get(in, "m0") ? get(in, "m0") : in, "%s%s", msg, "");
    return 0;
}

static int read_insn(gen_ctx *g, const cJSON *in, gs_insn_info *info)
{
    const cJSON *op, *m;
    memset(info, 0, sizeof(*info));
    info->name = str(in, "name");
    info->encoding = str(in, "encoding");
    if (!info->name || !info->encoding) {
        report_at(g, in, "an instruction needs a name and an encoding%s%s", "", "");
        return 0;
    }
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        gs_operand_info *o;
        double regs = cJSON_GetNumberValue(get(op, "regs"));
        if (info->nops == GS_MAX_OPERANDS) {
            report_at(g, op, "%s: more than " GS_MAX_OPERANDS_TEXT " operands%s", info->name, "");
            return 0;
        }
        o = &info->op[info->nops++];
        o->name = str(op, "name");
        o->kind = str(op, "kind");
        if (!o->name || !o->kind || !(regs >= 1 && regs <= 16)) {
            report_at(g, op, "%s: an operand needs a name, a kind and 1..16 regs%s", info->name,
                      "");
            return 0;
        }
        o->regs = (unsigned)regs;
    }
    cJSON_ArrayForEach(m, get(in, "modifiers"))
    {
        if (info->nmods == GS_MAX_MODIFIERS || !str(m, "name")) {
            report_at(g, m, "%s: more than 10 modifiers, or one without a name%s", info->name, "");
            return 0;
        }
        info->mod[info->nmods++] = str(m, "name");
    }
    return 1;
}

/* The kinds an operand of a borrowed block may stand for. */
static int same_role(const char *a, const char *b)
{
    static const char *const groups[] = {"sgpr sdst", "smem-offset smrd-offset", NULL};
    unsigned k;
    if (strcmp(a, b) == 0)
        return 1;
    for (k = 0; groups[k]; k++)
        if (strstr(groups[k], a) && strstr(groups[k], b))
            return 1;
    return 0;
}

/* A block borrowed from another instruction ("via": the SMRD loads run the SMEM loads'
 * pseudocode) names that instruction's operands: the operand in the same position, of the same
 * role, answers to that name too. */
static int borrow_names(gen_ctx *g, const cJSON *in, gs_insn_info *info, gs_insn_info *from)
{
    const cJSON *x, *w = get(get(in, "semantics"), "written");
    const char *at = str(w, "at");
    unsigned i;
    if (!at)
        return 1;
    cJSON_ArrayForEach(x, get(g->doc.root, "instructions"))
    {
        const cJSON *xs = get(x, "semantics");
        if (x == in || get(xs, "via") || !str(get(xs, "written"), "at") ||
            strcmp(str(get(xs, "written"), "at"), at) != 0)
            continue;
        if (!read_insn(g, x, from))
            return 0;
        for (i = 0; i < info->nops && i < from->nops; i++) {
            if (!same_role(info->op[i].kind, from->op[i].kind)) {
                report_at(g, in, "%s borrows %s's pseudocode, but their operands differ",
                          info->name, from->name);
                return 0;
            }
            if (strcmp(info->op[i].name, from->op[i].name) != 0)
                info->op[i].alias = from->op[i].name;
        }
        return 1;
    }
    report_at(g, in, "%s: semantics.via, but no other instruction has its written pseudocode%s",
              info->name, "");
    return 0;
}

/* The function just emitted into fns from `start` (its comment, then `static gcn_status name(`
 * and its code) is kept when no earlier one has the same code; else it gives way to that one
 * (most instructions' pseudocode is the same on every generation): its text is taken back and
 * a one-line comment says which function stands for it. The name of the function to call goes
 * to `name`. Returns 0 when out of memory. */
static int dedup_fn(gen_ctx *g, gcn_buf *fns, size_t start, const char *fn, char name[32])
{
    const char *text = fns->data + start, *code;
    char head[96];
    size_t n, i, hl;
    snprintf(head, sizeof(head), "static gcn_status %s(", fn);
    code = strstr(text, head);
    snprintf(name, 32, "%s", fn);
    if (!code)
        return 1; /* not the layout gs_compile writes: kept as it is */
    hl = strlen(head);
    code += hl;
    n = fns->len - (size_t)(code - fns->data);
    for (i = 0; i < g->nfns; i++) {
        const emitted_fn *e = &g->fns[i];
        if (e->len == n && memcmp(fns->data + e->at, code, n) == 0) {
            char line[160];
            const char *eol = strchr(text, '\n');
            size_t keep = eol ? (size_t)(eol - text) : 0;
            /* the first line of its comment: NAME on GEN, as written/corrected at FILE:LINE */
            snprintf(line, sizeof(line), "%.*s: the code of %s */\n\n",
                     (int)(keep < 100 ? keep : 100), text, e->name);
            fns->len = start;
            gcn_buf_puts(fns, line);
            snprintf(name, 32, "%s", e->name);
            return !fns->oom;
        }
    }
    if (g->nfns == g->capfns) {
        size_t cap = g->capfns ? 2 * g->capfns : 256;
        emitted_fn *m = realloc(g->fns, cap * sizeof(*m));
        if (!m)
            return 0;
        g->fns = m;
        g->capfns = cap;
    }
    g->fns[g->nfns].at = (size_t)(code - fns->data);
    g->fns[g->nfns].len = n;
    snprintf(g->fns[g->nfns].name, sizeof(g->fns[g->nfns].name), "%s", fn);
    g->nfns++;
    return 1;
}

static void compile_insn(gen_ctx *g, const cJSON *in, unsigned row, int allow_missing, gcn_buf *fns,
                         insn_out *o)
{
    gs_insn_info info, from;
    const cJSON *sem = get(in, "semantics"), *w, *cr, *none, *unsup, *oc, *op;
    variant v[2];
    unsigned gi;
    memset(o, 0, sizeof(*o));
    memset(v, 0, sizeof(v));
    for (gi = 0; gi < MAX_GENS; gi++) /* a generation without the instruction: no M0 */
        o->m0[gi][0][0] = o->m0[gi][0][1] = o->m0[gi][1][0] = o->m0[gi][1][1] = GCN_M0_UNUSED;
    o->imm_scale = o->literal_scale = 1;
    if (!read_insn(g, in, &info))
        return;
    if (get(sem, "via") && !borrow_names(g, in, &info, &from))
        return;
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        if (get(op, "imm_scale"))
            o->imm_scale = (unsigned)cJSON_GetNumberValue(get(op, "imm_scale"));
        if (get(op, "literal_scale"))
            o->literal_scale = (unsigned)cJSON_GetNumberValue(get(op, "literal_scale"));
    }
    {
        unsigned k, data = 0;
        for (k = 0; k < info.nops && !data; k++)
            if (strcmp(info.op[k].kind, "sgpr") == 0 || strcmp(info.op[k].kind, "sdst") == 0)
                data = info.op[k].regs;
        o->lgkm = gs_lgkm_charge(info.encoding, data);
    }
    w = get(sem, "written");
    cr = get(sem, "corrected");
    none = get(sem, "none");
    unsup = get(sem, "unsupported");
    {
        /* an encoding the oracle does not execute yet (gcn.json oracle_pending): unsupported,
         * with the spec's reason, whatever code the documents give */
        const cJSON *e;
        cJSON_ArrayForEach(e, get(g->doc.root, "encodings"))
        {
            if (str(e, "name") && strcmp(str(e, "name"), info.encoding) == 0 &&
                str(get(e, "oracle_pending"), "reason")) {
                w = cr = NULL;
                none = unsup = get(e, "oracle_pending");
            }
        }
    }
    if (unsup && !none)
        none = unsup;
    if (cJSON_IsObject(w)) {
        v[0].code = str(w, "code");
        if (!v[0].code || !split_at(str(w, "at"), v[0].file, sizeof(v[0].file), &v[0].line)) {
            report_at(g, w, "%s: semantics.written needs {\"at\": \"file:line\", \"code\"}%s",
                      info.name, "");
            return;
        }
        v[0].present = 1;
    } else if (w && !cJSON_IsNull(w)) {
        report_at(g, w, "%s: semantics.written must be an object or null%s", info.name, "");
        return;
    }
    if (cJSON_IsObject(cr)) {
        v[1].code = str(cr, "code");
        if (!v[1].code || !str(cr, "erratum")) {
            report_at(g, cr, "%s: semantics.corrected needs {\"erratum\", \"code\"}%s", info.name,
                      "");
            return;
        }
        snprintf(v[1].file, sizeof(v[1].file), "erratum %s", str(cr, "erratum"));
        v[1].line = 1;
        v[1].present = 1;
        o->corrected = 1;
    }
    if (none && (!cJSON_IsObject(none) || !str(none, "reason") || v[0].present || v[1].present ||
                 (unsup && get(sem, "none")))) {
        report_at(g, none,
                  "%s: semantics.none or .unsupported {\"reason\"} stands alone (no written or "
                  "corrected code)%s",
                  info.name, "");
        return;
    }
    cJSON_ArrayForEach(oc, get(in, "opcodes"))
    {
        int gx = gen_index(g, str(oc, "gen"));
        unsigned var;
        gs_compiled cis[2];
        int got[2] = {0, 0};
        if (gx < 0) {
            report_at(g, oc, "%s: an opcode for an unknown generation%s", info.name, "");
            return;
        }
        if (!read_m0(g, in, &info, gx, o))
            return;
        for (var = 0; var < 2; var++) {
            gs_block b;
            gs_compiled ci;
            gcn_diag d;
            char fn[32];
            size_t start;
            if (none) {
                /* none: no architectural effect; unsupported: the oracle does not model it */
                o->status[gx][var] = none == unsup ? ST_UNDEFINED : ST_NONE;
                if (str(none, "at"))
                    snprintf(o->why[var], sizeof(o->why[var]), "%s: %s: %s", str(none, "at"),
                             info.name, str(none, "reason"));
                else
                    snprintf(o->why[var], sizeof(o->why[var]), "%s: %s", info.name,
                             str(none, "reason"));
                continue;
            }
            if (var == 1 && !v[1].present) {
                /* the written block runs as corrected too, under the corrected M0 role */
                o->status[gx][1] = o->status[gx][0];
                if (got[0] && !check_m0(g, in, &info, gx, 1, &cis[0], o))
                    return;
                continue;
            }
            if (!v[var].present) {
                unsigned line, col;
                gcn_json_where(&g->doc, in, &line, &col);
                o->status[gx][var] = ST_UNDEFINED;
                snprintf(o->why[var], sizeof(o->why[var]),
                         "%s:%u:%u: %s: the documents give no pseudocode%s", g->spec_name, line,
                         col, info.name, v[1].present ? "" : " and no erratum corrects that");
                continue;
            }
            snprintf(fn, sizeof(fn), "gs_f%u_%d_%c", row, gx, var ? 'c' : 'w');
            b.insn = &info;
            b.file = v[var].file;
            b.line = v[var].line;
            b.code = v[var].code;
            b.gcn14 = g->regs[gx].gcn14;
            b.gen_id = g->gens[gx];
            b.fn_name = fn;
            gcn_diag_clear(&d);
            start = fns->len;
            if (gs_compile(&b, fns, &ci, &d)) {
                if (!dedup_fn(g, fns, start, fn, o->fn[gx][var])) {
                    gcn_diag_set(&d, g->spec_name, 0, 0, "out of memory");
                    report(g, &d);
                    return;
                }
                o->status[gx][var] = ST_COMPILED;
                o->atomic[var] = ci.atomic;
                o->wave[var] = ci.wave_level;
                cis[var] = ci;
                got[var] = 1;
                if (!check_m0(g, in, &info, gx, var, &ci, o))
                    return;
                continue;
            }
            o->status[gx][var] = ST_UNDEFINED;
            gcn_diag_format(&d, o->why[var], sizeof(o->why[var]));
            if (var == 0)
                o->wdiag = d;
            if (var == 1) {
                /* a correction must compile */
                report(g, &d);
                return;
            }
        }
    }
    /* the written form must compile where no correction stands in for it */
    for (gi = 0; gi < g->ngens && !unsup; gi++) {
        unsigned line, col;
        gcn_diag d;
        if (o->status[gi][1] != ST_UNDEFINED)
            continue;
        gcn_json_where(&g->doc, in, &line, &col);
        if (v[0].present) {
            d = o->wdiag;
            snprintf(d.msg, sizeof(d.msg), "%.900s (and no erratum corrects it)", o->wdiag.msg);
            report(g, &d);
        } else if (allow_missing) {
            fprintf(g->err, "%s:%u:%u: warning: %s has no semantics (--allow-missing)\n",
                    g->spec_name, line, col, info.name);
        } else {
            gcn_diag_set(&d, g->spec_name, line, col,
                         "%s has no semantics: semantics.written is null, and there is "
                         "neither a correction nor semantics.none",
                         info.name);
            report(g, &d);
        }
        return;
    }
}

static const char *status_enum(int st)
{
    switch (st) {
    case ST_COMPILED:
        return "GCN_SEM_COMPILED";
    case ST_NONE:
        return "GCN_SEM_NONE";
    case ST_UNDEFINED:
        return "GCN_SEM_UNDEFINED";
    default:
        return "GCN_SEM_ABSENT";
    }
}

int gs_generate(const char *spec_path, const char *out_path, int allow_missing, FILE *err,
                gcn_diag *diag)
{
    gen_ctx *g = calloc(1, sizeof(*g));
    gcn_buf fns, tab;
    char *text = NULL, sha[65];
    size_t len = 0, n;
    const cJSON *x, *insns;
    unsigned ninsns, row = 0, gi;
    insn_out *outs = NULL;
    int ok = 0;
    size_t sl = strlen(spec_path);
    if (!g)
        return 0;
    g->diag = diag;
    g->err = err;
    g->spec_name =
        sl >= 13 && strcmp(spec_path + sl - 13, "spec/gcn.json") == 0 ? "spec/gcn.json" : spec_path;
    gcn_buf_init(&fns);
    gcn_buf_init(&tab);
    if (gcn_read_file(spec_path, &text, &len, diag) != GCN_OK)
        goto out;
    gcn_sha256_hex(text, len, sha);
    if (gcn_json_parse(&g->doc, g->spec_name, text, len, diag) != GCN_OK)
        goto out;
    cJSON_ArrayForEach(x, get(g->doc.root, "generations"))
    {
        if (g->ngens == MAX_GENS || !str(x, "id")) {
            report_at(g, x, "a generation needs an id (and there are at most 8)%s%s", "", "");
            goto out;
        }
        g->gens[g->ngens++] = str(x, "id");
    }
    insns = get(g->doc.root, "instructions");
    ninsns = (unsigned)cJSON_GetArraySize(insns);
    if (!g->ngens || !ninsns) {
        report_at(g, g->doc.root, "the spec has no generations or no instructions%s%s", "", "");
        goto out;
    }
    if (!read_regs(g))
        goto out;
    outs = calloc(ninsns, sizeof(*outs));
    if (!outs)
        goto out;
    gcn_buf_printf(&fns,
                   "/* Generated by gcngen semantics from spec/gcn.json (sha256 %s). Do not "
                   "edit: change the spec. */\n\n",
                   sha);
    emit_regs(g, &fns);
    cJSON_ArrayForEach(x, insns)
    {
        compile_insn(g, x, row, allow_missing, &fns, &outs[row]);
        row++;
    }
    if (g->errors)
        goto out;
    /* the function table: [(gen * ninsns + insn) * 2 + variant] */
    gcn_buf_printf(&tab, "static const gs_fn gs_fns[%u] = {\n", g->ngens * ninsns * 2);
    for (gi = 0; gi < g->ngens; gi++)
        for (row = 0; row < ninsns; row++) {
            unsigned var;
            for (var = 0; var < 2; var++) {
                unsigned from = var == 1 && !outs[row].corrected ? 0 : var;
                if (outs[row].status[gi][from] == ST_COMPILED)
                    gcn_buf_printf(&tab, "    [%u] = %s,\n", (gi * ninsns + row) * 2 + var,
                                   outs[row].fn[gi][from]);
                else if (outs[row].status[gi][var] == ST_NONE)
                    gcn_buf_printf(&tab, "    [%u] = gs_no_effect,\n",
                                   (gi * ninsns + row) * 2 + var);
            }
        }
    gcn_buf_puts(&tab, "};\n\n");
    gcn_buf_printf(&tab, "static const uint8_t gs_status[%u] = {", g->ngens * ninsns * 2);
    for (gi = 0; gi < g->ngens; gi++)
        for (row = 0; row < ninsns; row++) {
            unsigned var;
            for (var = 0; var < 2; var++) {
                unsigned i = (gi * ninsns + row) * 2 + var;
                gcn_buf_printf(&tab, "%s%s%s", i ? "," : "", i % 8 ? " " : "\n    ",
                               status_enum(outs[row].status[gi][var]));
            }
        }
    gcn_buf_puts(&tab, "\n};\n\n");
    /* M0's role per (generation, instruction row): GS_M0(written LDS, written GDS, corrected
       LDS, corrected GDS), and the erratum that corrects it where the two differ */
    gcn_buf_printf(&tab, "static const uint8_t gs_m0_roles[%u] = {\n", g->ngens * ninsns);
    for (gi = 0; gi < g->ngens; gi++)
        for (row = 0; row < ninsns; row++) {
            const int(*r)[2] = outs[row].m0[gi];
            gcn_buf_printf(&tab, "    [%u] = GS_M0(%s, %s, %s, %s),\n", gi * ninsns + row,
                           m0_enums[r[0][0]], m0_enums[r[0][1]], m0_enums[r[1][0]],
                           m0_enums[r[1][1]]);
        }
    gcn_buf_puts(&tab, "};\n\n");
    gcn_buf_printf(&tab, "static const char *const gs_m0_erratum[%u] = {\n", g->ngens * ninsns);
    for (gi = 0; gi < g->ngens; gi++)
        for (row = 0; row < ninsns; row++)
            if (outs[row].m0_erratum[gi]) {
                gcn_buf_printf(&tab, "    [%u] = ", gi * ninsns + row);
                c_string(&tab, outs[row].m0_erratum[gi]);
                gcn_buf_puts(&tab, ",\n");
            }
    gcn_buf_puts(&tab, "};\n\n");
    gcn_buf_printf(&tab, "static const gs_meta gs_meta_table[%u] = {\n", ninsns);
    row = 0;
    cJSON_ArrayForEach(x, insns)
    {
        const insn_out *o = &outs[row];
        const cJSON *sem = get(x, "semantics");
        const cJSON *w = get(sem, "written"), *cr = get(sem, "corrected");
        unsigned var;
        gcn_buf_puts(&tab, "    {");
        c_string(&tab, str(x, "name"));
        gcn_buf_puts(&tab, ", ");
        c_string(&tab, str(x, "encoding"));
        gcn_buf_puts(&tab, ", {");
        for (var = 0; var < 2; var++) {
            c_string(&tab, o->why[var][0] ? o->why[var] : NULL);
            gcn_buf_puts(&tab, var ? "}, " : ", ");
        }
        c_string(&tab, cJSON_IsObject(w) ? str(w, "at") : NULL);
        gcn_buf_puts(&tab, ", ");
        c_string(&tab, cJSON_IsObject(cr) ? str(cr, "erratum") : NULL);
        gcn_buf_printf(&tab, ", %d, {%d, %d}, {%d, %d}, %u, %u, %u},\n", o->corrected, o->atomic[0],
                       o->atomic[1], o->wave[0], o->wave[1], o->imm_scale, o->literal_scale,
                       o->lgkm);
        row++;
    }
    gcn_buf_puts(&tab, "};\n\n");
    gcn_buf_printf(&tab,
                   "static const gs_table gs_table_data = {%u, %u, gs_regs_table, gs_fns, "
                   "gs_status, gs_m0_roles, gs_m0_erratum, gs_meta_table, \"%s\"};\n",
                   g->ngens, ninsns, sha);
    n = fns.len;
    gcn_buf_append(&fns, tab.data, tab.len);
    if (fns.oom || tab.oom) {
        gcn_diag_set(diag, out_path, 0, 0, "out of memory");
        goto out;
    }
    (void)n;
    ok = gcn_write_file_atomic(out_path, fns.data, fns.len, diag) == GCN_OK;
out:
    free(outs);
    free(g->fns);
    free(text);
    gcn_buf_free(&fns);
    gcn_buf_free(&tab);
    gcn_json_free(&g->doc);
    free(g);
    return ok;
}
