/* Semantic vectors from the oracle (see sem_vectors.h). */
#include "sem_vectors.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "codec/codec_internal.h"
#include "gcnspec/oracle.h"
#include "util/file.h"
#include "util/json.h"
#include "vectors/enc_cases.h"
#include "vectors/vector.h"
#include "util/buf.h"

#define LANE_STRIDE 16u /* bytes of LDS/GDS per lane: the widest DS access is 16 bytes */
#define SMEM_WINDOW 0x200u
/* The DS vector whose active lanes all address the same bytes: every order of the lanes is
 * run and each distinct final state recorded (3 lanes: 6 orders). */
#define SAME_ADDRESS GCN_SEM_PER_INSN
#define SAME_ADDRESS_LANES 3u
/* The DS vector whose M0 cuts the lanes' addresses in half: where M0 limits LDS (GCN 1.0-1.2)
 * or windows GDS, the upper lanes read 0 and drop their writes; where LDS is free of M0 (GCN
 * 1.4) every lane reaches memory (spec/curated/ds_m0.json). An implementation that gets M0's
 * role wrong fails it. */
#define M0_WINDOW (SAME_ADDRESS + 1)
#define M0_WINDOW_BASE 0x100u

/* Values at the ends of 32-bit ranges and bit patterns; boundary vectors draw from these. */
static const uint32_t boundary_values[] = {0x00000000u, 0x00000001u, 0x7fffffffu, 0x80000000u,
                                           0xffffffffu, 0xfffffffeu, 0x80000001u, 0x0000001fu,
                                           0x00000020u, 0x0000003fu, 0x00000040u, 0xaaaaaaaau,
                                           0x55555555u, 0x0000ffffu, 0x00010000u, 0x3f800000u};
#define NBOUNDARY (sizeof(boundary_values) / sizeof(boundary_values[0]))

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* ---- state objects ---------------------------------------------------------------------- */

cJSON *gcn_sem_state_merge(const cJSON *base, const cJSON *over)
{
    cJSON *out = cJSON_Duplicate(base, 1), *o;
    if (!out)
        return NULL;
    cJSON_ArrayForEach(o, over)
    {
        cJSON *mine = cJSON_GetObjectItemCaseSensitive(out, o->string);
        if (cJSON_IsObject(o) && cJSON_IsObject(mine)) {
            const cJSON *e;
            cJSON_ArrayForEach(e, o)
            {
                cJSON *dup = cJSON_Duplicate(e, 1);
                if (!dup) {
                    cJSON_Delete(out);
                    return NULL;
                }
                cJSON_DeleteItemFromObjectCaseSensitive(mine, e->string);
                cJSON_AddItemToObject(mine, e->string, dup);
            }
        } else {
            cJSON *dup = cJSON_Duplicate(o, 1);
            if (!dup) {
                cJSON_Delete(out);
                return NULL;
            }
            cJSON_DeleteItemFromObjectCaseSensitive(out, o->string);
            cJSON_AddItemToObject(out, o->string, dup);
        }
    }
    return out;
}

/* The state as a JSON object: what differs from before (NULL: from the zero state). */
static cJSON *state_obj(const gcn_wave_state *s, const gcn_wave_state *before)
{
    return gcn_state_to_cjson(s, before);
}

/* Does the state differ from before in anything but the generation? */
/* A copy of src without the scalar memory pages it has not allocated (most of the struct). */
static void state_copy(gcn_wave_state *dst, const gcn_wave_state *src)
{
    memcpy(dst, src, offsetof(gcn_wave_state, smem.data));
    memcpy(dst->smem.data, src->smem.data, (size_t)src->smem.npages * GCN_SMEM_PAGE_BYTES);
}

static int states_differ(const gcn_wave_state *a, const gcn_wave_state *b)
{
    /* the same bytes (and the same scalar memory pages, allocated in the same order) differ in
     * nothing; otherwise the state writer says whether anything it shows differs */
    if (memcmp(a, b, offsetof(gcn_wave_state, smem.data)) == 0 &&
        memcmp(a->smem.data, b->smem.data, (size_t)a->smem.npages * GCN_SMEM_PAGE_BYTES) == 0)
        return 0;
    {
        cJSON *d = state_obj(a, b), *e;
        int differ = 0;
        if (!d)
            return 1;
        cJSON_ArrayForEach(e, d) differ |= strcmp(e->string, "generation") != 0;
        cJSON_Delete(d);
        return differ;
    }
}

/* ---- the base forms ----------------------------------------------------------------------- */

typedef struct base_forms {
    gcn_inst *inst; /* [insn] */
    uint8_t *have;
} base_forms;

static int take_base(const gcn_enc_case *c, void *ctx)
{
    base_forms *b = ctx;
    if (c->slot == NULL && c->canonical && !b->have[c->inst.insn]) {
        b->inst[c->inst.insn] = c->inst;
        b->have[c->inst.insn] = 1;
    }
    return 0;
}

/* ---- one vector ---------------------------------------------------------------------------- */

typedef struct run {
    const gcn_tables *t;
    const gcn_spec_info *spec;
    int gen;
    uint64_t seed;
    gcn_wave_state *zero, *init, *fin, *alt, *wr;
    gcn_sem_vector_stats *stats;
    char *buf;
    size_t len, cap;
    unsigned count;
    const char *enc_name;
} run;

static int append(run *r, const char *s)
{
    size_t n = strlen(s);
    if (r->len + n + 2 > r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 1 << 20;
        char *b;
        while (cap < r->len + n + 2)
            cap *= 2;
        if (!(b = realloc(r->buf, cap)))
            return 0;
        r->buf = b;
        r->cap = cap;
    }
    memcpy(r->buf + r->len, s, n);
    r->len += n;
    r->buf[r->len++] = '\n';
    r->buf[r->len] = 0;
    return 1;
}

static uint32_t value(int boundary, uint64_t *rs, unsigned k)
{
    if (boundary)
        return boundary_values[k % NBOUNDARY];
    return (uint32_t)splitmix(rs);
}

/* Fills the state the instruction reads: every SGPR and TTMP, VCC, M0, EXEC, the VGPRs of its
 * operands (ADDR: disjoint per-lane addresses), the LDS/GDS the lanes address, the scalar
 * memory SBASE points at. */
static void fill_state(run *r, const gcn_inst *in, int variant, gcn_wave_state *s)
{
    const gcn_insn_row *row = &r->t->insns[in->insn];
    int boundary = variant < 3;
    uint64_t rs = r->seed ^ ((uint64_t)r->gen << 56) ^ ((uint64_t)in->insn << 32) ^
                  ((uint64_t)variant << 24) ^ 0x73656d76ull;
    unsigned n, k, lane, off0 = (unsigned)variant * 5;
    uint64_t exec;
    uint32_t lds_base = 0, smem_lo = 0, smem_hi = 0;
    int code, is_ds = strcmp(r->enc_name, "DS") == 0, gds = 0;
    /* GDS only matters to the instructions that require the gds modifier (the base form
     * sets no other) */
    for (k = 0; k < row->nmodifiers; k++)
        gds |= row->modifier[k].required && in->field[row->modifier[k].slot];
    state_copy(s, r->zero);
    splitmix(&rs);
    for (n = 0; n < 128 && (code = gcn_state_sgpr_code(s, n)) >= 0; n++)
        s->sreg[code] = value(boundary, &rs, off0 + n);
    for (n = 0; n < 16 && (code = gcn_state_ttmp_code(s, n)) >= 0; n++)
        s->sreg[code] = value(boundary, &rs, off0 + 3 * n + 1);
    gcn_state_set_vcc(s, ((uint64_t)value(boundary, &rs, off0 + 2) << 32) |
                             value(boundary, &rs, off0 + 4));
    exec = variant == 0 || variant == 3 || variant == M0_WINDOW ? ~0ull
           : variant == 1                                       ? 0x5555555555555555ull
           : variant == 2                                       ? 0x8000000000000001ull
           : variant == SAME_ADDRESS                            ? (1ull << SAME_ADDRESS_LANES) - 1
                                                                : splitmix(&rs) | 1;
    gcn_state_set_exec(s, exec);
    s->scc = variant & 1;
    /* M0: the LDS limit of DS (all of it; half the lanes' addresses in the m0-window vector,
     * as an LDS limit and as a GDS size from base 0), the index of S_MOVREL* (small, so the
     * register stays in the file), a plain value elsewhere */
    gcn_state_set_m0(s, is_ds && variant == M0_WINDOW
                            ? M0_WINDOW_BASE + LANE_STRIDE * (GCN_LANES / 2)
                        : is_ds ? 0xffffffffu
                                : (uint32_t)(splitmix(&rs) % 8));
    if (is_ds) {
        /* boundary: the bottom and the top of the memory; random: anywhere it fits */
        uint32_t span = GCN_LANES * LANE_STRIDE + 0x100;
        lds_base = variant == 0   ? 0
                   : variant == 1 ? GCN_LDS_BYTES - span
                   : variant == 2 || variant == M0_WINDOW
                       ? M0_WINDOW_BASE
                       : (uint32_t)(splitmix(&rs) % (GCN_LDS_BYTES - span)) & ~15u;
        for (k = 0; k < span; k += 4) {
            uint32_t w = value(boundary, &rs, off0 + k / 4);
            memcpy(&s->lds[lds_base + k], &w, 4);
            if (gds) {
                w = value(boundary, &rs, off0 + k / 4 + 7);
                memcpy(&s->gds[lds_base + k], &w, 4);
            }
        }
    }
    for (k = 0; k < row->noperands; k++) {
        const gcn_operand_row *op = &row->operand[k];
        unsigned reg = in->field[op->slot], e;
        if (op->kind == GCN_KIND_VGPR) {
            int addr = op->name && strcmp(op->name, "ADDR") == 0;
            for (e = 0; e < op->regs && reg + e < GCN_VGPRS; e++)
                for (lane = 0; lane < GCN_LANES; lane++)
                    s->vgpr[reg + e][lane] = !addr ? value(boundary, &rs, off0 + lane + 3 * e)
                                             : variant == SAME_ADDRESS
                                                 ? lds_base /* every lane: one address */
                                                 : lds_base + LANE_STRIDE * lane;
        } else if (op->kind == GCN_KIND_SBASE) {
            /* SBASE names SGPR pairs: the address (and a buffer's base) in the first two */
            int c0 = gcn_state_sgpr_code(s, reg * 2);
            int c1 = gcn_state_sgpr_code(s, reg * 2 + 1);
            smem_lo = variant == 0   ? 0
                      : variant == 1 ? 0xfffff000u
                                     : ((uint32_t)splitmix(&rs) & 0xfffff000u);
            smem_hi = (uint32_t)(splitmix(&rs) & 0xff);
            if (c0 >= 0 && c1 >= 0) {
                s->sreg[c0] = smem_lo;
                s->sreg[c1] = smem_hi;
            }
            for (e = 0; e < SMEM_WINDOW; e += 4) {
                uint32_t w = value(boundary, &rs, off0 + e / 4);
                uint64_t a = (((uint64_t)smem_hi << 32) | smem_lo) + e;
                gcn_smem_write(s, a, &w, 4);
            }
        }
    }
}

static int run_variant(const gcn_inst *in, gcn_wave_state *s, gcn_variant var, const uint8_t *order,
                       gcn_diag *d)
{
    gcn_exec_options o;
    memset(&o, 0, sizeof(o));
    o.variant = var;
    o.lane_order = order;
    gcn_diag_clear(d);
    return gcn_exec_inst(s, in, &o, d) == GCN_OK;
}

static void add_hex(cJSON *o, const char *key, const uint8_t *b, size_t n)
{
    char hex[GCN_VEC_BYTES_MAX * 5 + 1];
    cJSON_AddStringToObject(o, key, gcn_hex_bytes(b, n, hex, sizeof(hex)));
}

static int one_vector(run *r, const gcn_inst *in, const gcn_sem_info *info, int variant)
{
    const gcn_insn_row *row = &r->t->insns[in->insn];
    static const char *const cls[] = {"boundary-low", "boundary-high", "boundary-edge-lanes",
                                      "random",       "random",        "random",
                                      "same-address", "m0-window"};
    cJSON *outcomes = NULL;
    uint8_t bytes[GCN_VEC_BYTES_MAX], order[GCN_LANES];
    size_t nbytes = 0;
    char text[GCN_VEC_TEXT_MAX], id[64], *line;
    gcn_diag d;
    cJSON *o, *spec, *x;
    unsigned k;
    int ok, written_ok, is_ds = strcmp(r->enc_name, "DS") == 0;
    if (gcn_encode(in, bytes, sizeof(bytes), &nbytes) != GCN_OK ||
        gcn_print(in, text, sizeof(text)) >= sizeof(text))
        return 1;
    fill_state(r, in, variant, r->init);
    r->init->pc = 0;
    state_copy(r->fin, r->init);
    if (!run_variant(in, r->fin, GCN_AS_CORRECTED, NULL, &d)) {
        if (!r->stats->first_failure[0])
            snprintf(r->stats->first_failure, sizeof(r->stats->first_failure), "%s %.60s: %.120s",
                     gcn_gen_id(r->gen), text, d.msg);
        r->stats->dropped_failed++;
        return 1;
    }
    if (is_ds && variant == SAME_ADDRESS) {
        /* every order of the active lanes; the distinct final states are the outcomes */
        static const uint8_t perms[6][SAME_ADDRESS_LANES] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                                             {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        char *seen[6];
        size_t nseen = 0, p, q;
        outcomes = cJSON_CreateArray();
        for (p = 0; p < 6 && outcomes; p++) {
            char *txt;
            cJSON *diff;
            for (k = 0; k < GCN_LANES; k++)
                order[k] = (uint8_t)k;
            memcpy(order, perms[p], SAME_ADDRESS_LANES);
            state_copy(r->alt, r->init);
            if (!run_variant(in, r->alt, GCN_AS_CORRECTED, order, &d) ||
                !(diff = state_obj(r->alt, r->init))) {
                cJSON_Delete(outcomes);
                while (nseen)
                    free(seen[--nseen]);
                r->stats->dropped_failed++;
                return 1;
            }
            txt = cJSON_PrintUnformatted(diff);
            for (q = 0; txt && q < nseen && strcmp(seen[q], txt) != 0; q++) {
            }
            if (txt && q == nseen) {
                seen[nseen++] = txt;
                cJSON_AddItemToArray(outcomes, diff);
            } else {
                free(txt);
                cJSON_Delete(diff);
            }
        }
        while (nseen)
            free(seen[--nseen]);
        if (outcomes && cJSON_GetArraySize(outcomes) < 2) {
            /* the order does not matter here (a read, a wave-level instruction): the other
             * vectors cover it */
            cJSON_Delete(outcomes);
            return 1;
        }
        r->stats->outcome_sets++;
    } else if (is_ds) {
        /* the lanes' order must not matter: descending, then a random permutation */
        uint64_t rs = r->seed ^ in->insn ^ ((uint64_t)variant << 40);
        int pass;
        for (pass = 0; pass < 2; pass++) {
            for (k = 0; k < GCN_LANES; k++)
                order[k] = (uint8_t)(GCN_LANES - 1 - k);
            if (pass)
                for (k = GCN_LANES - 1; k > 0; k--) {
                    unsigned j = (unsigned)(splitmix(&rs) % (k + 1));
                    uint8_t tmp = order[k];
                    order[k] = order[j];
                    order[j] = tmp;
                }
            state_copy(r->alt, r->init);
            if (!run_variant(in, r->alt, GCN_AS_CORRECTED, order, &d) ||
                states_differ(r->alt, r->fin)) {
                r->stats->dropped_order++;
                return 1;
            }
        }
    }
    o = cJSON_CreateObject();
    if (!o)
        return 0;
    snprintf(id, sizeof(id), "SEM-%s-%s-%06u", r->enc_name, gcn_gen_id(r->gen), ++r->count);
    cJSON_AddStringToObject(o, "id", id);
    cJSON_AddStringToObject(o, "kind", "semantic");
    cJSON_AddStringToObject(o, "tag", outcomes ? "outcome-set" : "exact");
    cJSON_AddStringToObject(o, "gen", gcn_gen_id(r->gen));
    cJSON_AddStringToObject(o, "mcpu", gcn_gen_mcpu(r->gen));
    cJSON_AddStringToObject(o, "encoding", r->enc_name);
    cJSON_AddStringToObject(o, "instruction", row->spec_name);
    cJSON_AddStringToObject(o, "mnemonic", row->mnemonic);
    cJSON_AddStringToObject(o, "class", cls[variant]);
    cJSON_AddStringToObject(o, "semantics", "corrected");
    cJSON_AddStringToObject(o, "asm", text);
    add_hex(o, "bytes", bytes, nbytes);
    ok = (x = state_obj(r->init, r->zero)) != NULL;
    if (ok)
        cJSON_AddItemToObject(o, "initial", x);
    ok = ok && (x = state_obj(r->fin, r->init)) != NULL;
    if (ok)
        cJSON_AddItemToObject(o, "final", x);
    if (outcomes) {
        /* the final state above is the ascending order's, one of these */
        cJSON_AddItemToObject(o, "outcomes", outcomes);
        outcomes = NULL;
    }
    if (ok && info->corrected && variant != SAME_ADDRESS) {
        cJSON *aw = cJSON_CreateObject();
        state_copy(r->wr, r->init);
        written_ok = info->status[GCN_AS_WRITTEN] != GCN_SEM_UNDEFINED &&
                     run_variant(in, r->wr, GCN_AS_WRITTEN, NULL, &d);
        if (!aw)
            ok = 0;
        else if (!written_ok) {
            cJSON_AddFalseToObject(aw, "executes");
            cJSON_AddStringToObject(aw, "why",
                                    info->why[GCN_AS_WRITTEN] ? info->why[GCN_AS_WRITTEN] : d.msg);
            r->stats->as_written_fails++;
            cJSON_AddItemToObject(o, "as_written", aw);
        } else if (states_differ(r->wr, r->fin)) {
            cJSON_AddTrueToObject(aw, "executes");
            ok = (x = state_obj(r->wr, r->init)) != NULL;
            if (ok)
                cJSON_AddItemToObject(aw, "final", x);
            r->stats->as_written_differs++;
            cJSON_AddItemToObject(o, "as_written", aw);
        } else {
            cJSON_Delete(aw);
        }
    }
    spec = cJSON_AddObjectToObject(o, "spec");
    if (spec) {
        cJSON_AddItemToObject(
            spec, "sources",
            cJSON_CreateArrayReference(gcn_spec_info_sources(r->spec, in->insn)->child));
        cJSON_AddItemToObject(
            spec, "errata",
            cJSON_CreateArrayReference(gcn_spec_info_errata(r->spec, in->insn)->child));
        if (info->written_at)
            cJSON_AddStringToObject(spec, "written_at", info->written_at);
        if (info->erratum)
            cJSON_AddStringToObject(spec, "corrected_by", info->erratum);
    }
    line = ok ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!line)
        return 0;
    ok = append(r, line);
    free(line);
    r->stats->emitted += (size_t)ok;
    return ok;
}

static void lower(char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
}

gcn_status gcn_sem_vectors_write(const char *dir, const gcn_spec_info *spec, unsigned gens,
                                 unsigned encs, uint64_t seed, gcn_sem_vector_stats *stats,
                                 gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    run r;
    base_forms bf;
    gcn_status st = GCN_OK;
    char *sdir = gcn_path_join(dir, "semantic"), name[64], *path, *text;
    cJSON *index = cJSON_CreateObject(), *files, *skipped;
    unsigned g, enc;
    int insn, v;
    memset(&r, 0, sizeof(r));
    memset(stats, 0, sizeof(*stats));
    bf.inst = calloc(t->ninsns + 1, sizeof(*bf.inst));
    bf.have = calloc(t->ninsns + 1, 1);
    r.zero = malloc(sizeof(*r.zero));
    r.init = malloc(sizeof(*r.init));
    r.fin = malloc(sizeof(*r.fin));
    r.alt = malloc(sizeof(*r.alt));
    r.wr = malloc(sizeof(*r.wr));
    if (!sdir || !index || !bf.inst || !bf.have || !r.zero || !r.init || !r.fin || !r.alt ||
        !r.wr) {
        gcn_diag_set(diag, dir, 0, 0, "out of memory");
        st = GCN_ERR_NOMEM;
        goto out;
    }
    if ((st = gcn_make_dirs(sdir, diag)) != GCN_OK)
        goto out;
    r.t = t;
    r.spec = spec;
    r.seed = seed;
    r.stats = stats;
    cJSON_AddStringToObject(index, "schema", GCN_SEM_VECTORS_SCHEMA);
    cJSON_AddStringToObject(index, "spec_sha256", gcn_spec_info_sha256(spec));
    snprintf(name, sizeof(name), "0x%llx", (unsigned long long)seed);
    cJSON_AddStringToObject(index, "seed", name);
    cJSON_AddStringToObject(index, "semantics", "corrected");
    files = cJSON_AddArrayToObject(index, "files");
    skipped = cJSON_AddArrayToObject(index, "no_semantics");
    for (g = 0; g < t->ngens && st == GCN_OK; g++) {
        if (!((gens >> g) & 1))
            continue;
        memset(bf.have, 0, t->ninsns + 1);
        gcn_enc_cases((int)g, take_base, &bf);
        r.gen = (int)g;
        gcn_state_init(r.zero, (int)g);
        for (enc = 0; enc < t->nencodings && st == GCN_OK; enc++) {
            size_t before = stats->emitted;
            if (!((encs >> enc) & 1))
                continue;
            r.enc_name = t->encodings[enc].name;
            r.len = 0;
            r.count = 0;
            for (insn = 0; insn < (int)t->ninsns && st == GCN_OK; insn++) {
                gcn_sem_info info;
                if (!bf.have[insn] || t->insns[insn].encoding != enc ||
                    gcn_sem_info_get(insn, (int)g, &info) != GCN_OK ||
                    info.status[GCN_AS_CORRECTED] == GCN_SEM_ABSENT)
                    continue;
                if (info.status[GCN_AS_CORRECTED] == GCN_SEM_UNDEFINED) {
                    cJSON *s = cJSON_CreateObject();
                    stats->no_semantics++;
                    cJSON_AddStringToObject(s, "gen", gcn_gen_id((int)g));
                    cJSON_AddStringToObject(s, "instruction", info.name);
                    cJSON_AddStringToObject(
                        s, "why", info.why[GCN_AS_CORRECTED] ? info.why[GCN_AS_CORRECTED] : "");
                    cJSON_AddItemToArray(skipped, s);
                    continue;
                }
                for (v = 0; v <= (strcmp(r.enc_name, "DS") == 0 ? M0_WINDOW : SAME_ADDRESS - 1);
                     v++)
                    if (!one_vector(&r, &bf.inst[insn], &info, v)) {
                        gcn_diag_set(diag, dir, 0, 0, "out of memory");
                        st = GCN_ERR_NOMEM;
                        break;
                    }
            }
            if (st != GCN_OK || !r.len)
                continue;
            snprintf(name, sizeof(name), "%s-%s.jsonl", t->encodings[enc].name, gcn_gen_id((int)g));
            lower(name);
            if (!(path = gcn_path_join(sdir, name))) {
                st = GCN_ERR_NOMEM;
                break;
            }
            st = gcn_write_file_atomic(path, r.buf, r.len, diag);
            free(path);
            {
                cJSON *f = cJSON_CreateObject();
                cJSON_AddStringToObject(f, "path", name);
                cJSON_AddStringToObject(f, "gen", gcn_gen_id((int)g));
                cJSON_AddStringToObject(f, "encoding", t->encodings[enc].name);
                cJSON_AddNumberToObject(f, "vectors", (double)(stats->emitted - before));
                cJSON_AddItemToArray(files, f);
            }
        }
    }
    if (st == GCN_OK) {
        cJSON *c = cJSON_AddObjectToObject(index, "counts");
        cJSON_AddNumberToObject(c, "vectors", (double)stats->emitted);
        cJSON_AddNumberToObject(c, "as_written_differs", (double)stats->as_written_differs);
        cJSON_AddNumberToObject(c, "as_written_does_not_execute", (double)stats->as_written_fails);
        cJSON_AddNumberToObject(c, "outcome_sets", (double)stats->outcome_sets);
        cJSON_AddNumberToObject(c, "dropped_lane_order", (double)stats->dropped_order);
        cJSON_AddNumberToObject(c, "dropped_oracle_refused", (double)stats->dropped_failed);
        text = gcn_json_print(index);
        path = gcn_path_join(sdir, "index.json");
        if (!text || !path)
            st = GCN_ERR_NOMEM;
        else
            st = gcn_write_file_atomic(path, text, strlen(text), diag);
        free(text);
        free(path);
    }
out:
    cJSON_Delete(index);
    free(sdir);
    free(bf.inst);
    free(bf.have);
    free(r.zero);
    free(r.init);
    free(r.fin);
    free(r.alt);
    free(r.wr);
    free(r.buf);
    return st;
}
