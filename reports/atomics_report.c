#include "atomics_report.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/oracle.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

/* The values an integer or float operation turns on: zero, one, the signed and unsigned
 * extremes, and the float specials (+-1, +-inf, NaN, -0, the smallest denormal). */
static const uint32_t boundary[] = {
    0x00000000, 0x00000001, 0x00000002, 0x00000003, 0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001,
    0xfffffffe, 0xffffffff, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00800000};
#define NBOUNDARY (sizeof(boundary) / sizeof(boundary[0]))

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t random_value(uint64_t *s)
{
    uint64_t r = splitmix(s);
    switch (r & 3) {
    case 0:
        return boundary[(r >> 8) % NBOUNDARY];
    case 1:
        return (uint32_t)(r >> 32) & 0xf; /* small: where wrap-around limits bite */
    default:
        return (uint32_t)(r >> 32);
    }
}

/* ---- pairing ------------------------------------------------------------------------------- */

typedef struct pairing {
    gcn_json_doc doc, spec;
    const cJSON *operands, *types, *prefixes, *aliases, *why;
} pairing;

static const char *jstr(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* DS_MIN_RTN_I32 -> stem MIN, type I32 (32-bit only: vISA's dword operations) */
static int ds_parts(const char *name, char *stem, size_t n, char *type, size_t tn)
{
    const char *last = strrchr(name, '_');
    size_t k = 0;
    const char *p;
    if (strncmp(name, "DS_", 3) != 0 || !last || strlen(last + 1) != 3 ||
        strcmp(last + 2, "32") != 0)
        return 0;
    snprintf(type, tn, "%s", last + 1);
    for (p = name + 3; p < last && k + 1 < n;) {
        const char *e = strchr(p, '_');
        size_t len = (size_t)((e && e < last ? e : last) - p);
        if (!(len == 3 && strncmp(p, "RTN", 3) == 0)) {
            if (k && k + 1 < n)
                stem[k++] = '_';
            if (k + len >= n)
                return 0;
            memcpy(stem + k, p, len);
            k += len;
        }
        p += len + 1;
    }
    stem[k] = 0;
    return k > 0;
}

static int type_matches(const pairing *pr, const char *visa_type, const char *ds_type)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(pr->types, visa_type), *e;
    cJSON_ArrayForEach(e, list) if (cJSON_IsString(e) &&
                                    strcmp(e->valuestring, ds_type) == 0) return 1;
    return 0;
}

/* The DS stem a vISA operation claims: its mnemonic less the type prefix, or an alias. */
static void visa_stem(const pairing *pr, const gcn_visa_op_info *oi, char *stem, size_t n)
{
    const cJSON *a;
    const char *pre = jstr(pr->prefixes, oi->type);
    size_t k;
    cJSON_ArrayForEach(a, pr->aliases)
    {
        const char *v = jstr(a, "visa"), *d = jstr(a, "ds");
        if (v && d && strcmp(v, oi->name) == 0) {
            snprintf(stem, n, "%s", d);
            return;
        }
    }
    snprintf(stem, n, "%s", oi->mnemonic);
    for (k = 0; stem[k]; k++)
        stem[k] = (char)toupper((unsigned char)stem[k]);
    if (pre && strncmp(stem, pre, strlen(pre)) == 0)
        memmove(stem, stem + strlen(pre), strlen(stem + strlen(pre)) + 1);
}

static const cJSON *spec_insn(const pairing *pr, const char *name)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(pr->spec.root, "instructions"), *o;
    cJSON_ArrayForEach(o, list)
    {
        const char *n = jstr(o, "name"), *e = jstr(o, "encoding");
        if (n && e && strcmp(n, name) == 0 && strcmp(e, "DS") == 0)
            return o;
    }
    return NULL;
}

/* ---- running ------------------------------------------------------------------------------- */

typedef struct runner {
    gcn_wave_state *s;
    gcn_inst in;
    gcn_visa_state *v;
} runner;

static const char *const role_reg[] = {"address", "src0", "src1", "dst"};

static gcn_status runner_init(runner *r, const gcn_atomic_pair *p, const char *text, int gen,
                              gcn_diag *diag)
{
    r->s = malloc(sizeof(*r->s));
    r->v = malloc(sizeof(*r->v));
    if (!r->s || !r->v)
        return GCN_ERR_NOMEM;
    gcn_state_init(r->s, gen);
    gcn_state_set_exec(r->s, 1);
    gcn_state_set_m0(r->s, 0xffffffffu);
    if (gcn_parse(gen, text, &r->in, diag) != GCN_OK)
        return GCN_ERR_SYNTAX;
    gcn_visa_state_init(r->v, 1);
    (void)p;
    return GCN_OK;
}

static void runner_free(runner *r)
{
    free(r->s);
    free(r->v);
}

static gcn_status run_both(runner *r, const gcn_atomic_pair *p, gcn_atomic_io *io, gcn_diag *diag)
{
    gcn_exec_options o;
    gcn_status st;
    memset(&o, 0, sizeof(o));
    o.variant = p->corrected ? GCN_AS_CORRECTED : GCN_AS_WRITTEN;
    r->s->vgpr[1][0] = 0; /* address */
    r->s->vgpr[2][0] = io->src0;
    r->s->vgpr[3][0] = io->src1;
    r->s->vgpr[4][0] = 0;
    memcpy(r->s->lds, &io->old, 4);
    if ((st = gcn_exec_inst(r->s, &r->in, &o, diag)) != GCN_OK)
        return st;
    memcpy(&io->gcn_mem, r->s->lds, 4);
    io->gcn_ret = p->has_dst ? r->s->vgpr[4][0] : 0;
    r->v->element_offset[0] = 0;
    r->v->src0[0] = io->src0;
    r->v->src1[0] = io->src1;
    r->v->dst[0] = 0;
    memcpy(r->v->surface, &io->old, 4);
    if ((st = gcn_visa_exec(r->v, p->op, NULL, diag)) != GCN_OK)
        return st;
    memcpy(&io->visa_mem, r->v->surface, 4);
    io->visa_dst = r->v->dst[0];
    return GCN_OK;
}

static int differs(const gcn_atomic_pair *p, const gcn_atomic_io *io)
{
    return io->gcn_mem != io->visa_mem || (p->has_dst && io->gcn_ret != io->visa_dst);
}

/* smaller: the largest operand first, then the sum, then old, src0, src1 */
static int smaller(const gcn_atomic_io *a, const gcn_atomic_io *b)
{
    uint32_t ma = a->old > a->src0 ? a->old : a->src0, mb = b->old > b->src0 ? b->old : b->src0;
    uint64_t sa = (uint64_t)a->old + a->src0 + a->src1, sb = (uint64_t)b->old + b->src0 + b->src1;
    ma = ma > a->src1 ? ma : a->src1;
    mb = mb > b->src1 ? mb : b->src1;
    if (ma != mb)
        return ma < mb;
    if (sa != sb)
        return sa < sb;
    if (a->old != b->old)
        return a->old < b->old;
    if (a->src0 != b->src0)
        return a->src0 < b->src0;
    return a->src1 < b->src1;
}

/* The DS instruction's text with its operands on the registers run_both fills. */
static int build_text(const cJSON *insn, const pairing *pr, char *out, size_t n, int *has_dst,
                      int *has_src1)
{
    const char *syn = jstr(insn, "syntax"), *p;
    size_t k = 0;
    int first = 1;
    *has_dst = *has_src1 = 0;
    if (!syn)
        return 0;
    for (p = syn; *p && *p != ' ' && k + 1 < n; p++)
        out[k++] = (char)tolower((unsigned char)*p);
    while (*p) {
        char word[32];
        size_t w = 0;
        const char *role;
        unsigned i;
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p || *p == '[')
            break;
        while (*p && *p != ',' && *p != ' ' && w + 1 < sizeof(word))
            word[w++] = *p++;
        word[w] = 0;
        role = jstr(pr->operands, word);
        if (!role)
            return 0;
        for (i = 0; i < 4 && strcmp(role_reg[i], role) != 0; i++)
            ;
        if (i == 4)
            return 0;
        *has_dst |= i == 3;
        *has_src1 |= i == 2;
        k += (size_t)snprintf(out + k, n - k, "%s v%u", first ? "" : ",", i + 1);
        first = 0;
        if (k >= n)
            return 0;
    }
    return 1;
}

gcn_status gcn_atomics_run_one(const gcn_atomic_pair *p, int gen, gcn_atomic_io *io, gcn_diag *diag)
{
    runner r;
    gcn_status st;
    memset(&r, 0, sizeof(r));
    st = runner_init(&r, p, p->text, gen, diag);
    if (st == GCN_OK)
        st = run_both(&r, p, io, diag);
    runner_free(&r);
    return st;
}

static gcn_status run_pair(gcn_atomic_pair *p, uint64_t random, uint64_t seed, gcn_diag *diag)
{
    int g, ng = gcn_gen_count(), first = 1;
    gcn_status st = GCN_OK;
    p->gens_agree = 1;
    for (g = 0; g < ng && st == GCN_OK; g++) {
        runner r;
        uint64_t i, total = (uint64_t)NBOUNDARY * NBOUNDARY * NBOUNDARY + random, s = seed,
                    differing = 0;
        int found = 0;
        gcn_atomic_io best;
        if (gcn_insn_opcode(p->insn, g) < 0)
            continue;
        memset(&r, 0, sizeof(r));
        memset(&best, 0, sizeof(best));
        if ((st = runner_init(&r, p, p->text, g, diag)) != GCN_OK) {
            runner_free(&r);
            break;
        }
        for (i = 0; i < total && st == GCN_OK; i++) {
            gcn_atomic_io io;
            memset(&io, 0, sizeof(io));
            if (i < (uint64_t)NBOUNDARY * NBOUNDARY * NBOUNDARY) {
                io.old = boundary[i % NBOUNDARY];
                io.src0 = boundary[i / NBOUNDARY % NBOUNDARY];
                io.src1 = boundary[i / NBOUNDARY / NBOUNDARY];
            } else {
                io.old = random_value(&s);
                io.src0 = random_value(&s);
                io.src1 = random_value(&s);
            }
            /* a second data operand neither side reads: hold it at 0 */
            {
                gcn_visa_op_info oi;
                gcn_visa_op_info_get(p->op, &oi);
                if (!p->has_src1 && !oi.reads_src1)
                    io.src1 = 0;
            }
            if ((st = run_both(&r, p, &io, diag)) != GCN_OK)
                break;
            if (differs(p, &io)) {
                differing++;
                if (!found || smaller(&io, &best))
                    best = io;
                found = 1;
            }
        }
        runner_free(&r);
        if (st != GCN_OK)
            break;
        if (first) {
            p->tried = total;
            p->differing = differing;
            p->found = found;
            p->smallest = best;
            first = 0;
        } else if (differing != p->differing || found != p->found ||
                   (found && memcmp(&best, &p->smallest, sizeof(best)) != 0)) {
            p->gens_agree = 0;
        }
        {
            size_t len = strlen(p->gens);
            snprintf(p->gens + len, sizeof(p->gens) - len, "%s%s", len ? " " : "", gcn_gen_id(g));
        }
    }
    return st;
}

static gcn_status add_pair(gcn_atomics_result *out, size_t *cap, const gcn_atomic_pair *p)
{
    if (out->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 32;
        gcn_atomic_pair *v = realloc(out->pairs, nc * sizeof(*v));
        if (!v)
            return GCN_ERR_NOMEM;
        out->pairs = v;
        *cap = nc;
    }
    out->pairs[out->n++] = *p;
    return GCN_OK;
}

static void code_of(const cJSON *insn, int corrected, char *out, size_t n, char *at, size_t an)
{
    const cJSON *sem = cJSON_GetObjectItemCaseSensitive(insn, "semantics");
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(sem, "written");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(sem, "corrected");
    const char *code = jstr(corrected && c ? c : w, "code");
    const char *where = jstr(w, "at");
    snprintf(out, n, "%s", code ? code : "");
    if (corrected && c)
        snprintf(at, an, "%s, as corrected by %s", where ? where : "", jstr(c, "erratum"));
    else
        snprintf(at, an, "%s", where ? where : "");
}

gcn_status gcn_atomics_compare(const char *spec_path, const char *pairs_path, uint64_t random,
                               uint64_t seed, gcn_atomics_result *out, gcn_diag *diag)
{
    pairing pr;
    size_t cap = 0;
    unsigned op;
    int insn, n = gcn_insn_count();
    gcn_status st;
    char *text = NULL, sha[65];
    size_t len;
    memset(out, 0, sizeof(*out));
    memset(&pr, 0, sizeof(pr));
    out->random_inputs = random;
    out->boundary_values = NBOUNDARY;
    out->seed = seed;
    if ((st = gcn_read_file(spec_path, &text, &len, diag)) != GCN_OK)
        return st;
    gcn_sha256_hex(text, len, sha);
    if (strcmp(sha, gcn_sem_spec_sha256()) != 0 || strcmp(sha, gcn_visa_spec_sha256()) != 0) {
        free(text);
        gcn_diag_set(diag, spec_path, 0, 0,
                     "the oracle was built from another gcn.json (sha256 %.12s, this one %.12s): "
                     "rebuild",
                     gcn_sem_spec_sha256(), sha);
        return GCN_ERR_INVALID;
    }
    st = gcn_json_parse(&pr.spec, spec_path, text, len, diag);
    free(text);
    if (st != GCN_OK)
        return st;
    if ((st = gcn_json_load(&pr.doc, pairs_path, diag)) != GCN_OK)
        goto done;
    {
        static const char *const keys[] = {"schema",        "about",   "operands", "types",
                                           "type_prefixes", "aliases", "why",      NULL};
        if ((st = gcn_json_only_keys(&pr.doc, pr.doc.root, keys, diag)) != GCN_OK ||
            (st = gcn_json_obj(&pr.doc, pr.doc.root, "operands", 1, &pr.operands, diag)) !=
                GCN_OK ||
            (st = gcn_json_obj(&pr.doc, pr.doc.root, "types", 1, &pr.types, diag)) != GCN_OK ||
            (st = gcn_json_obj(&pr.doc, pr.doc.root, "type_prefixes", 1, &pr.prefixes, diag)) !=
                GCN_OK ||
            (st = gcn_json_arr(&pr.doc, pr.doc.root, "aliases", 1, &pr.aliases, diag)) != GCN_OK ||
            (st = gcn_json_arr(&pr.doc, pr.doc.root, "why", 1, &pr.why, diag)) != GCN_OK)
            goto done;
    }
    for (insn = 0; insn < n && st == GCN_OK; insn++) {
        char name[48], stem[48], type[8];
        size_t k;
        /* the spec's upper-case name */
        snprintf(name, sizeof(name), "%s", gcn_insn_mnemonic(insn));
        for (k = 0; name[k]; k++)
            name[k] = (char)toupper((unsigned char)name[k]);
        if (!ds_parts(name, stem, sizeof(stem), type, sizeof(type)))
            continue;
        for (op = 0; op < gcn_visa_op_count() && st == GCN_OK; op++) {
            gcn_visa_op_info oi;
            gcn_atomic_pair p;
            char vstem[48];
            const cJSON *si, *w;
            gcn_sem_info info;
            int g;
            gcn_visa_op_info_get(op, &oi);
            visa_stem(&pr, &oi, vstem, sizeof(vstem));
            if (strcmp(vstem, stem) != 0 || !type_matches(&pr, oi.type, type))
                continue;
            if (!(si = spec_insn(&pr, name))) {
                st = GCN_ERR_INVALID;
                gcn_diag_set(diag, spec_path, 0, 0, "%s: not in the spec", name);
                break;
            }
            memset(&p, 0, sizeof(p));
            snprintf(p.ds, sizeof(p.ds), "%s", name);
            snprintf(p.visa, sizeof(p.visa), "%s", oi.name);
            p.insn = insn;
            p.op = op;
            if (!build_text(si, &pr, p.text, sizeof(p.text), &p.has_dst, &p.has_src1)) {
                st = GCN_ERR_INVALID;
                gcn_diag_set(diag, pairs_path, 0, 0,
                             "%s: an operand of its syntax has no role in \"operands\"", name);
                break;
            }
            for (g = 0; g < gcn_gen_count(); g++)
                if (gcn_sem_info_get(insn, g, &info) == GCN_OK && info.status[0] != GCN_SEM_ABSENT)
                    break;
            p.corrected = info.corrected;
            code_of(si, p.corrected, p.ds_code, sizeof(p.ds_code), p.ds_at, sizeof(p.ds_at));
            snprintf(p.visa_formula, sizeof(p.visa_formula), "%s", oi.formula);
            snprintf(p.visa_at, sizeof(p.visa_at), "%s", oi.at);
            cJSON_ArrayForEach(w, pr.why)
            {
                const char *d = jstr(w, "ds"), *v = jstr(w, "visa"), *t = jstr(w, "text");
                char dstem[48], dtype[8];
                if (d && v && t && strcmp(v, oi.name) == 0 &&
                    ds_parts(d, dstem, sizeof(dstem), dtype, sizeof(dtype)) &&
                    strcmp(dstem, stem) == 0 && strcmp(dtype, type) == 0)
                    snprintf(p.why, sizeof(p.why), "%s", t);
            }
            if ((st = run_pair(&p, random, seed, diag)) != GCN_OK)
                break;
            st = add_pair(out, &cap, &p);
        }
    }
done:
    gcn_json_free(&pr.doc);
    gcn_json_free(&pr.spec);
    if (st != GCN_OK)
        gcn_atomics_result_free(out);
    return st;
}

void gcn_atomics_result_free(gcn_atomics_result *r)
{
    free(r->pairs);
    r->pairs = NULL;
    r->n = 0;
}

/* ---- the reports ---------------------------------------------------------------------------- */

static void md_code(gcn_buf *b, const char *code)
{
    const char *p;
    gcn_buf_puts(b, "`");
    for (p = code; *p; p++) {
        if (*p == '\n')
            gcn_buf_puts(b, "` `");
        else if (*p == '|')
            gcn_buf_puts(b, "\\|");
        else
            gcn_buf_putc(b, *p);
    }
    gcn_buf_puts(b, "`");
}

static cJSON *hex(uint32_t v)
{
    char s[16];
    snprintf(s, sizeof(s), "0x%08x", v);
    return cJSON_CreateString(s);
}

gcn_status gcn_atomics_reports(const char *dir, const gcn_atomics_result *r, gcn_diag *diag)
{
    gcn_buf b;
    size_t i, ndiff = 0, nwhy = 0;
    char *path, *json;
    cJSON *root, *arr;
    gcn_status st;
    for (i = 0; i < r->n; i++) {
        ndiff += r->pairs[i].found;
        nwhy += r->pairs[i].found && r->pairs[i].why[0];
    }
    gcn_buf_init(&b);
    gcn_buf_printf(
        &b,
        "# GCN DS atomics against vISA DWORD_ATOMIC\n\n"
        "Written by `gcnspec atomics`. Each 32-bit DS atomic whose vISA counterpart claims the "
        "same operation (pairing: `spec/curated/atomics_pairs.json`) runs on one lane / one "
        "channel at address 0, on the same inputs in both oracles: every triple (memory, first "
        "data operand = src0, second = src1) of %llu boundary values (%llu triples) and %llu "
        "random triples (seed %llu), on every generation where the DS instruction exists. The "
        "DS side runs the documents' pseudocode as corrected where an erratum corrects it; the "
        "vISA side runs the page's table (gcn.json's `visa`). A pair differs when the memory "
        "after, or (for the returning DS forms) VDST against dst, differ.\n\n"
        "**%zu pairs, %zu differ, %zu agree on every input tried.**\n\n",
        (unsigned long long)r->boundary_values,
        (unsigned long long)(r->boundary_values * r->boundary_values * r->boundary_values),
        (unsigned long long)r->random_inputs, (unsigned long long)r->seed, r->n, ndiff,
        r->n - ndiff);
    gcn_buf_puts(&b, "| DS | vISA | generations | inputs | differ | smallest differing input "
                     "(old, src0, src1) | GCN: memory, VDST | vISA: surface, dst |\n"
                     "|---|---|---|---|---|---|---|---|\n");
    for (i = 0; i < r->n; i++) {
        const gcn_atomic_pair *p = &r->pairs[i];
        gcn_buf_printf(&b, "| %s | %s | %s%s | %llu | %llu | ", p->ds, p->visa, p->gens,
                       p->gens_agree ? "" : " (generations differ)", (unsigned long long)p->tried,
                       (unsigned long long)p->differing);
        if (p->found) {
            gcn_buf_printf(&b, "0x%08x, 0x%08x, 0x%08x | 0x%08x, ", p->smallest.old,
                           p->smallest.src0, p->smallest.src1, p->smallest.gcn_mem);
            if (p->has_dst)
                gcn_buf_printf(&b, "0x%08x", p->smallest.gcn_ret);
            else
                gcn_buf_puts(&b, "—");
            gcn_buf_printf(&b, " | 0x%08x, 0x%08x |\n", p->smallest.visa_mem, p->smallest.visa_dst);
        } else {
            gcn_buf_puts(&b, "— | — | — |\n");
        }
    }
    gcn_buf_puts(&b, "\n## Why they differ\n\n");
    for (i = 0; i < r->n; i++) {
        const gcn_atomic_pair *p = &r->pairs[i];
        if (!p->found)
            continue;
        gcn_buf_printf(&b, "### %s vs %s\n\n- GCN (%s): ", p->ds, p->visa, p->ds_at);
        md_code(&b, p->ds_code);
        gcn_buf_printf(&b, "\n- vISA (%s): ", p->visa_at);
        md_code(&b, p->visa_formula);
        gcn_buf_printf(&b,
                       "\n- smallest input: old = 0x%08x, src0 = 0x%08x, src1 = 0x%08x: GCN "
                       "leaves 0x%08x",
                       p->smallest.old, p->smallest.src0, p->smallest.src1, p->smallest.gcn_mem);
        if (p->has_dst)
            gcn_buf_printf(&b, " and returns 0x%08x", p->smallest.gcn_ret);
        gcn_buf_printf(&b, "; vISA leaves 0x%08x and returns 0x%08x\n", p->smallest.visa_mem,
                       p->smallest.visa_dst);
        gcn_buf_printf(&b, "- why: %s\n\n", p->why[0] ? p->why : "(no explanation curated)");
    }
    gcn_buf_printf(&b, "%zu of %zu differing pairs explained.\n", nwhy, ndiff);
    path = gcn_path_join(dir, "atomics-gcn-vs-visa.md");
    st = b.oom || !path ? GCN_ERR_NOMEM : gcn_write_file_atomic(path, b.data, b.len, diag);
    free(path);
    gcn_buf_free(&b);
    if (st != GCN_OK)
        return st;
    root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", "gcnspec/atomics/1");
    cJSON_AddNumberToObject(root, "boundary_values", (double)r->boundary_values);
    cJSON_AddNumberToObject(root, "random_inputs", (double)r->random_inputs);
    cJSON_AddNumberToObject(root, "seed", (double)r->seed);
    arr = cJSON_AddArrayToObject(root, "pairs");
    for (i = 0; i < r->n; i++) {
        const gcn_atomic_pair *p = &r->pairs[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "ds", p->ds);
        cJSON_AddStringToObject(o, "visa", p->visa);
        cJSON_AddStringToObject(o, "generations", p->gens);
        cJSON_AddBoolToObject(o, "generations_agree", p->gens_agree);
        cJSON_AddBoolToObject(o, "corrected", p->corrected);
        cJSON_AddBoolToObject(o, "returns", p->has_dst);
        cJSON_AddBoolToObject(o, "src1", p->has_src1);
        cJSON_AddNumberToObject(o, "inputs", (double)p->tried);
        cJSON_AddNumberToObject(o, "differing", (double)p->differing);
        if (p->found) {
            cJSON *s = cJSON_AddObjectToObject(o, "smallest");
            cJSON_AddItemToObject(s, "old", hex(p->smallest.old));
            cJSON_AddItemToObject(s, "src0", hex(p->smallest.src0));
            cJSON_AddItemToObject(s, "src1", hex(p->smallest.src1));
            cJSON_AddItemToObject(s, "gcn_memory", hex(p->smallest.gcn_mem));
            if (p->has_dst)
                cJSON_AddItemToObject(s, "gcn_vdst", hex(p->smallest.gcn_ret));
            cJSON_AddItemToObject(s, "visa_surface", hex(p->smallest.visa_mem));
            cJSON_AddItemToObject(s, "visa_dst", hex(p->smallest.visa_dst));
            cJSON_AddStringToObject(o, "why", p->why);
        }
        cJSON_AddStringToObject(o, "ds_at", p->ds_at);
        cJSON_AddStringToObject(o, "visa_at", p->visa_at);
        cJSON_AddItemToArray(arr, o);
    }
    json = gcn_json_print(root);
    cJSON_Delete(root);
    path = gcn_path_join(dir, "atomics-gcn-vs-visa.json");
    st = !json || !path ? GCN_ERR_NOMEM : gcn_write_file_atomic(path, json, strlen(json), diag);
    free(path);
    free(json);
    return st;
}
