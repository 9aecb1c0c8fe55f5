#define _POSIX_C_SOURCE 200809L
#include "known.h"

#include <fnmatch.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "util/file.h"
#include "util/json.h"

#define MAX_LIST 64
#define MAX_FIELDS 6
#define MAX_RANGES 8

typedef struct field_cond {
    int slot;
    size_t nranges;
    long long lo[MAX_RANGES], hi[MAX_RANGES];
    unsigned classes; /* bit per gcn_sclass, bit GCN_SC_COUNT: beyond the 8-bit codes; 0: any */
} field_cond;

/* The keys of a pattern entry, in the order they are matched. */
enum {
    PK_PEER,
    PK_GEN,
    PK_KIND,
    PK_WHAT,
    PK_SLOT,
    PK_MNEMONIC,
    PK_TEXT,
    PK_TAG,
    PK_ERROR,
    PK_ANSWER,
    PK_COUNT
};
static const char *const pattern_keys[PK_COUNT] = {
    "peer", "gen", "kind", "what", "slot", "mnemonic", "text", "tag", "error_class", "answer"};

typedef struct entry {
    gcn_known_entry pub;
    int word; /* a word entry, else a pattern entry */
    /* pattern entries: each key's patterns (NULL-terminated), or NULL when absent */
    const char *pat[PK_COUNT][MAX_LIST + 1];
    int has[PK_COUNT];
    /* word entries */
    unsigned gens;
    const char *peers[MAX_LIST];
    size_t npeers;
    int enc;
    const char *insns[MAX_LIST];
    size_t ninsns;
    int ours, llvm; /* -1 any, 0 reject, 1 accept */
    field_cond fields[MAX_FIELDS];
    size_t nfields;
    uint64_t bit_mask[MAX_LIST], bit_value[MAX_LIST];
    size_t nbits;
    int noncanonical;
    const char *ours_drop[MAX_LIST], *peer_drop[MAX_LIST];
    size_t nours_drop, npeer_drop;
    regex_t ours_re, peer_re;
    int has_ours_re, has_peer_re;
} entry;

typedef struct kfile {
    gcn_json_doc doc;
    char *base;
} kfile;

struct gcn_known {
    kfile *files;
    size_t nfiles;
    entry *e;
    size_t n, cap;
};

gcn_known *gcn_known_new(void)
{
    return calloc(1, sizeof(gcn_known));
}

void gcn_known_free(gcn_known *k)
{
    size_t i;
    if (!k)
        return;
    for (i = 0; i < k->n; i++) {
        if (k->e[i].has_ours_re)
            regfree(&k->e[i].ours_re);
        if (k->e[i].has_peer_re)
            regfree(&k->e[i].peer_re);
    }
    for (i = 0; i < k->nfiles; i++) {
        gcn_json_free(&k->files[i].doc);
        free(k->files[i].base);
    }
    free(k->files);
    free(k->e);
    free(k);
}

size_t gcn_known_count(const gcn_known *k)
{
    return k ? k->n : 0;
}

const gcn_known_entry *gcn_known_get(const gcn_known *k, size_t i)
{
    return k && i < k->n ? &k->e[i].pub : NULL;
}

/* ---- loading ---------------------------------------------------------------------------------
 */

static gcn_status str_list(const gcn_json_doc *doc, const cJSON *obj, const char *key,
                           const char **out, size_t max, size_t *n, gcn_diag *diag)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key), *it;
    *n = 0;
    if (!v)
        return GCN_OK;
    if (cJSON_IsString(v)) {
        out[(*n)++] = v->valuestring;
        return GCN_OK;
    }
    if (!cJSON_IsArray(v))
        return gcn_json_error(doc, v, diag, "%s: a string or a list of strings", key);
    cJSON_ArrayForEach(it, v)
    {
        if (!cJSON_IsString(it))
            return gcn_json_error(doc, it, diag, "%s: expected a string", key);
        if (*n == max)
            return gcn_json_error(doc, it, diag, "%s: at most %zu entries", key, max);
        out[(*n)++] = it->valuestring;
    }
    return GCN_OK;
}

static gcn_status load_pattern(const gcn_json_doc *doc, const cJSON *e, entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {"id",     "peer",     "gen",         "kind",   "what",
                                       "slot",   "mnemonic", "text",        "tag",    "error_class",
                                       "answer", "class",    "explanation", "source", NULL};
    gcn_status st;
    size_t k, n;
    if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "id", 1, &it->pub.id, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "class", 1, &it->pub.classification, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "explanation", 1, &it->pub.explanation, diag)) != GCN_OK)
        return st;
    for (k = 0; k < PK_COUNT; k++) {
        if ((st = str_list(doc, e, pattern_keys[k], it->pat[k], MAX_LIST, &n, diag)) != GCN_OK)
            return st;
        it->pat[k][n] = NULL;
        it->has[k] = cJSON_GetObjectItemCaseSensitive(e, pattern_keys[k]) != NULL;
    }
    return GCN_OK;
}

static int class_index(const char *name)
{
    static const char *const names[] = {
#define GCN_SC_NAME(e, s) s,
        GCN_SCLASS_LIST(GCN_SC_NAME)
#undef GCN_SC_NAME
    };
    int i;
    for (i = 0; i < GCN_SC_COUNT; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return strcmp(name, "beyond-8-bits") == 0 ? GCN_SC_COUNT : -1;
}

static gcn_status outcome_of(const gcn_json_doc *doc, const cJSON *obj, const char *key, int *out,
                             gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, obj, key, 1, &s, diag);
    if (st != GCN_OK)
        return st;
    if (strcmp(s, "accept") == 0)
        *out = 1;
    else if (strcmp(s, "reject") == 0)
        *out = 0;
    else if (strcmp(s, "any") == 0)
        *out = -1;
    else
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(obj, key), diag,
                              "%s: accept, reject or any", key);
    return GCN_OK;
}

static gcn_status load_fields(const gcn_json_doc *doc, const cJSON *when, entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {"in", "class", NULL};
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *fields = NULL, *f;
    gcn_status st = gcn_json_obj(doc, when, "fields", 0, &fields, diag);
    if (st != GCN_OK || !fields)
        return st;
    cJSON_ArrayForEach(f, fields)
    {
        field_cond *c;
        const cJSON *in = NULL, *r;
        const char *cls[MAX_LIST];
        size_t ncls = 0, k;
        if (it->nfields == MAX_FIELDS)
            return gcn_json_error(doc, f, diag, "at most %d field conditions", MAX_FIELDS);
        c = &it->fields[it->nfields++];
        c->slot = -1;
        for (k = 0; k < t->encodings[it->enc].nslots; k++)
            if (strcmp(t->encodings[it->enc].slot_name[k], f->string) == 0)
                c->slot = (int)k;
        if (c->slot < 0)
            return gcn_json_error(doc, f, diag, "%s has no field %s", t->encodings[it->enc].name,
                                  f->string);
        if ((st = gcn_json_only_keys(doc, f, keys, diag)) != GCN_OK ||
            (st = gcn_json_arr(doc, f, "in", 0, &in, diag)) != GCN_OK ||
            (st = str_list(doc, f, "class", cls, MAX_LIST, &ncls, diag)) != GCN_OK)
            return st;
        cJSON_ArrayForEach(r, in)
        {
            const cJSON *lo = cJSON_GetArrayItem(r, 0), *hi = cJSON_GetArrayItem(r, 1);
            if (!cJSON_IsArray(r) || cJSON_GetArraySize(r) != 2 || !cJSON_IsNumber(lo) ||
                !cJSON_IsNumber(hi) || lo->valuedouble > hi->valuedouble)
                return gcn_json_error(doc, r, diag, "a range is [lo, hi]");
            if (c->nranges == MAX_RANGES)
                return gcn_json_error(doc, r, diag, "at most %d ranges", MAX_RANGES);
            c->lo[c->nranges] = (long long)lo->valuedouble;
            c->hi[c->nranges++] = (long long)hi->valuedouble;
        }
        for (k = 0; k < ncls; k++) {
            int ci = class_index(cls[k]);
            if (ci < 0)
                return gcn_json_error(doc, f, diag, "unknown scalar class %s", cls[k]);
            c->classes |= 1u << ci;
        }
    }
    return GCN_OK;
}

static gcn_status load_bits(const gcn_json_doc *doc, const cJSON *when, entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {"mask", "value", NULL};
    const cJSON *bits = NULL, *b;
    gcn_status st = gcn_json_arr(doc, when, "bits", 0, &bits, diag);
    if (st != GCN_OK || !bits)
        return st;
    cJSON_ArrayForEach(b, bits)
    {
        const char *m = NULL, *v = NULL;
        if (it->nbits == MAX_LIST)
            return gcn_json_error(doc, b, diag, "at most %d bit conditions", MAX_LIST);
        if ((st = gcn_json_only_keys(doc, b, keys, diag)) != GCN_OK ||
            (st = gcn_json_str(doc, b, "mask", 1, &m, diag)) != GCN_OK ||
            (st = gcn_json_str(doc, b, "value", 1, &v, diag)) != GCN_OK)
            return st;
        if (!gcn_parse_u64(m, &it->bit_mask[it->nbits]) ||
            !gcn_parse_u64(v, &it->bit_value[it->nbits]) ||
            (it->bit_value[it->nbits] & ~it->bit_mask[it->nbits]))
            return gcn_json_error(doc, b, diag, "mask and value: hex strings, value within mask");
        it->nbits++;
    }
    return GCN_OK;
}

static gcn_status load_regex(const gcn_json_doc *doc, const cJSON *when, const char *key,
                             regex_t *re, int *has, gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, when, key, 0, &s, diag);
    if (st != GCN_OK || !s)
        return st;
    if (regcomp(re, s, REG_EXTENDED | REG_NOSUB) != 0)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(when, key), diag,
                              "%s: not a POSIX extended regular expression", key);
    *has = 1;
    return GCN_OK;
}

static gcn_status load_word(const gcn_json_doc *doc, const cJSON *e, entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",   "gens", "peers", "encoding",       "instructions", "instruction", "pattern",
        "ours", "llvm", "when",  "classification", "explanation",  "reproducer",  NULL};
    static const char *const when_keys[] = {"fields",     "bits",      "noncanonical", "ours_regex",
                                            "llvm_regex", "ours_drop", "llvm_drop",    NULL};
    const gcn_tables *t = gcn_codec_tables();
    const char *gens[MAX_LIST], *enc = NULL;
    size_t ngens = 0, k;
    const cJSON *when = NULL;
    int nc = 0;
    gcn_status st;
    it->word = 1;
    it->ours = it->llvm = it->noncanonical = -1;
    if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "id", 1, &it->pub.id, diag)) != GCN_OK ||
        (st = str_list(doc, e, "gens", gens, MAX_LIST, &ngens, diag)) != GCN_OK ||
        (st = str_list(doc, e, "peers", it->peers, MAX_LIST, &it->npeers, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "encoding", 1, &enc, diag)) != GCN_OK ||
        (st = str_list(doc, e, "instructions", it->insns, MAX_LIST, &it->ninsns, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "ours", &it->ours, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "llvm", &it->llvm, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "classification", 1, &it->pub.classification, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "explanation", 1, &it->pub.explanation, diag)) != GCN_OK)
        return st;
    it->pub.fails = strcmp(it->pub.classification, "our-bug") == 0;
    for (k = 0; k < ngens; k++) {
        int g = gcn_gen_lookup(gens[k]);
        if (g < 0)
            return gcn_json_error(doc, e, diag, "unknown generation %s", gens[k]);
        it->gens |= 1u << g;
    }
    for (it->enc = 0; it->enc < (int)t->nencodings; it->enc++)
        if (strcmp(t->encodings[it->enc].name, enc) == 0)
            break;
    if (it->enc == (int)t->nencodings)
        return gcn_json_error(doc, e, diag, "unknown encoding %s", enc);
    if ((st = gcn_json_obj(doc, e, "when", 0, &when, diag)) != GCN_OK)
        return st;
    if (!when)
        return GCN_OK;
    if ((st = gcn_json_only_keys(doc, when, when_keys, diag)) != GCN_OK ||
        (st = load_fields(doc, when, it, diag)) != GCN_OK ||
        (st = load_bits(doc, when, it, diag)) != GCN_OK ||
        (st = str_list(doc, when, "ours_drop", it->ours_drop, MAX_LIST, &it->nours_drop, diag)) !=
            GCN_OK ||
        (st = str_list(doc, when, "llvm_drop", it->peer_drop, MAX_LIST, &it->npeer_drop, diag)) !=
            GCN_OK ||
        (st = load_regex(doc, when, "ours_regex", &it->ours_re, &it->has_ours_re, diag)) !=
            GCN_OK ||
        (st = load_regex(doc, when, "llvm_regex", &it->peer_re, &it->has_peer_re, diag)) != GCN_OK)
        return st;
    if (cJSON_GetObjectItemCaseSensitive(when, "noncanonical")) {
        if ((st = gcn_json_bool(doc, when, "noncanonical", 1, &nc, diag)) != GCN_OK)
            return st;
        it->noncanonical = nc;
    }
    return GCN_OK;
}

gcn_status gcn_known_load(gcn_known *k, const char *path, gcn_diag *diag)
{
    static const char *const keys[] = {"schema", "about", "classes", "peers", "known", NULL};
    kfile *files;
    kfile *f;
    const cJSON *list = NULL, *e;
    gcn_status st;
    size_t first = k->n, j;
    files = realloc(k->files, (k->nfiles + 1) * sizeof(*files));
    if (!files)
        return GCN_ERR_NOMEM;
    k->files = files;
    f = &k->files[k->nfiles];
    memset(f, 0, sizeof(*f));
    st = gcn_json_load(&f->doc, path, diag);
    if (st != GCN_OK)
        return st;
    k->nfiles++;
    f->base = malloc(strlen(gcn_path_base(path)) + 1);
    if (!f->base)
        return GCN_ERR_NOMEM;
    strcpy(f->base, gcn_path_base(path));
    if ((st = gcn_json_only_keys(&f->doc, f->doc.root, keys, diag)) != GCN_OK ||
        (st = gcn_json_arr(&f->doc, f->doc.root, "known", 1, &list, diag)) != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, list)
    {
        entry *it;
        if (!cJSON_IsObject(e))
            return gcn_json_error(&f->doc, e, diag, "an entry is an object");
        if (k->n == k->cap) {
            size_t ncap = k->cap ? k->cap * 2 : 64;
            entry *ne = realloc(k->e, ncap * sizeof(*ne));
            if (!ne)
                return GCN_ERR_NOMEM;
            k->e = ne;
            k->cap = ncap;
        }
        it = &k->e[k->n++];
        memset(it, 0, sizeof(*it));
        it->pub.file = f->base;
        /* word entries name the peers and the encoding; pattern entries do not */
        st = cJSON_GetObjectItemCaseSensitive(e, "peers") ? load_word(&f->doc, e, it, diag)
                                                          : load_pattern(&f->doc, e, it, diag);
        if (st != GCN_OK)
            return st;
        for (j = first; j + 1 < k->n; j++)
            if (strcmp(k->e[j].pub.id, it->pub.id) == 0)
                return gcn_json_error(&f->doc, e, diag, "duplicate id %s", it->pub.id);
    }
    return GCN_OK;
}

/* ---- matching --------------------------------------------------------------------------------
 */

static int any_pattern(const char *const *pats, const char *val)
{
    for (; *pats; pats++)
        if (fnmatch(*pats, val, 0) == 0)
            return 1;
    return 0;
}

static int pattern_holds(const entry *it, const gcn_known_view *v)
{
    const char *vals[PK_COUNT];
    size_t i;
    vals[PK_PEER] = v->peer;
    vals[PK_GEN] = gcn_gen_id(v->v->gen);
    vals[PK_KIND] = v->kind;
    vals[PK_WHAT] = v->v->cls;
    vals[PK_SLOT] = v->v->field ? v->v->field : "-";
    vals[PK_MNEMONIC] = v->mnemonic;
    vals[PK_TEXT] = v->v->asm_text;
    vals[PK_TAG] = gcn_vtag_name(v->v->tag);
    vals[PK_ERROR] = gcn_verr_name(v->v->error_class);
    vals[PK_ANSWER] = v->answer;
    for (i = 0; i < PK_COUNT; i++) {
        if (!it->has[i] || !vals[i])
            continue; /* absent key, or a value not known yet (generation time) */
        if (!any_pattern(it->pat[i], vals[i]))
            return 0;
    }
    return 1;
}

static int peer_applies(const entry *it, const gcn_known_view *v)
{
    char alt[64];
    size_t j;
    if (!v->peer)
        return 1;
    alt[0] = 0;
    /* the llvm-mc disassembler is the LLVM-C one */
    if (strncmp(v->kind, "dis-", 4) == 0 && strncmp(v->peer, "llvm-mc-", 8) == 0)
        snprintf(alt, sizeof(alt), "llvm-%s", v->peer + 8);
    for (j = 0; j < it->npeers; j++)
        if (strcmp(it->peers[j], v->peer) == 0 || (alt[0] && strcmp(it->peers[j], alt) == 0))
            return 1;
    return 0;
}

/* The bytes a word entry is about: disassembly, the vector's; assembly, what its text must
 * assemble to. */
static const uint8_t *view_bytes(const gcn_known_view *v, size_t *n)
{
    if (strncmp(v->kind, "dis-", 4) == 0 || !v->v->ncanonical_bytes) {
        *n = v->v->nbytes;
        return v->v->bytes;
    }
    *n = v->v->ncanonical_bytes;
    return v->v->canonical_bytes;
}

static const char *ours_text(const gcn_known_view *v)
{
    if (v->v->tag == GCN_VTAG_MUST_REJECT)
        return "";
    return v->v->canonical_asm[0] ? v->v->canonical_asm : v->v->asm_text;
}

static int field_ok(const field_cond *c, long long val, int gen)
{
    size_t r;
    int in = c->nranges == 0;
    for (r = 0; r < c->nranges && !in; r++)
        in = val >= c->lo[r] && val <= c->hi[r];
    if (!in)
        return 0;
    if (c->classes) {
        unsigned cls = GCN_SC_COUNT;
        if (val >= 0 && val < 256)
            cls = gcn_codec_tables()->scalars[(unsigned)gen * 256u + (unsigned)val].sclass;
        return (c->classes >> cls) & 1;
    }
    return 1;
}

static int word_holds(const entry *it, const gcn_known_view *v)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_vector *x = v->v;
    const gcn_layout_row *l;
    const uint8_t *b;
    size_t nb, j;
    uint64_t w;
    if (x->encoding != it->enc || !((it->gens >> x->gen) & 1) || !peer_applies(it, v))
        return 0;
    if (it->ours >= 0 && it->ours != (x->tag != GCN_VTAG_MUST_REJECT))
        return 0;
    if (it->llvm >= 0 && v->peer_ok >= 0 && it->llvm != v->peer_ok)
        return 0;
    if (it->ninsns) {
        int hit = 0;
        for (j = 0; j < it->ninsns && !hit; j++)
            hit = strcmp(v->mnemonic, it->insns[j]) == 0;
        if (!hit)
            return 0;
    }
    l = codec_layout(t, x->gen, x->encoding);
    b = view_bytes(v, &nb);
    if ((it->nfields || it->nbits || it->noncanonical >= 0) && (!nb || !l->present))
        return 0;
    w = codec_load(b, nb < l->bytes ? nb : l->bytes);
    for (j = 0; j < it->nfields; j++)
        if (!field_ok(&it->fields[j], (long long)codec_get(w, l->slot[it->fields[j].slot]), x->gen))
            return 0;
    for (j = 0; j < it->nbits; j++)
        if ((w & it->bit_mask[j]) != it->bit_value[j])
            return 0;
    if (it->noncanonical >= 0) {
        uint64_t used = l->match_mask | (l->slot[l->opcode_slot].width
                                             ? ((1ull << l->slot[l->opcode_slot].width) - 1)
                                                   << l->slot[l->opcode_slot].lo
                                             : 0);
        if (x->insn >= 0) {
            const gcn_plan_row *pl = &t->plans[x->gen * t->ninsns + (unsigned)x->insn];
            unsigned k;
            for (k = 0; k < pl->n; k++)
                used |= (pl->op[k].width >= 64 ? ~0ull : (1ull << pl->op[k].width) - 1)
                        << pl->op[k].lo;
        } else {
            unsigned s;
            for (s = 0; s < t->encodings[x->encoding].nslots; s++)
                if (l->slot[s].width)
                    used |= (l->slot[s].width >= 64 ? ~0ull : (1ull << l->slot[s].width) - 1)
                            << l->slot[s].lo;
        }
        if (l->bytes < 8)
            used |= ~0ull << (8 * l->bytes);
        if (it->noncanonical != ((w & ~used) != 0))
            return 0;
    }
    if (it->has_ours_re && regexec(&it->ours_re, ours_text(v), 0, NULL, 0) != 0)
        return 0;
    if (it->has_peer_re && v->answer && regexec(&it->peer_re, v->answer, 0, NULL, 0) != 0)
        return 0;
    return 1;
}

static int rewrites(const entry *it)
{
    return it->word && (it->nours_drop || it->npeer_drop);
}

static void drop_all(char *text, const char *const *drop, size_t n)
{
    size_t j;
    for (j = 0; j < n; j++) {
        size_t len = strlen(drop[j]);
        char *p;
        while (len && (p = strstr(text, drop[j])) != NULL)
            memmove(p, p + len, strlen(p + len) + 1);
    }
}

static void resolve_mnemonic(gcn_known_view *v)
{
    if (!v->mnemonic)
        v->mnemonic = v->v->insn >= 0 ? gcn_insn_mnemonic(v->v->insn) : "";
}

long gcn_known_match(const gcn_known *k, const gcn_known_view *view)
{
    gcn_known_view v = *view;
    char ours[512], peer[512];
    long first = -1;
    size_t i;
    if (!k)
        return -1;
    resolve_mnemonic(&v);
    for (i = 0; i < k->n; i++) {
        const entry *it = &k->e[i];
        if (rewrites(it))
            continue;
        if (it->word ? word_holds(it, &v) : pattern_holds(it, &v))
            return (long)i;
    }
    /* text rewrites: both sides accept and the texts differ by what the entries drop */
    if (v.v->tag == GCN_VTAG_MUST_REJECT || v.peer_ok == 0 || strncmp(v.kind, "dis-", 4) != 0)
        return -1;
    snprintf(ours, sizeof(ours), "%s", ours_text(&v));
    snprintf(peer, sizeof(peer), "%s", v.answer ? v.answer : "");
    for (i = 0; i < k->n; i++) {
        const entry *it = &k->e[i];
        if (!rewrites(it) || !word_holds(it, &v))
            continue;
        drop_all(ours, it->ours_drop, it->nours_drop);
        drop_all(peer, it->peer_drop, it->npeer_drop);
        if (first < 0)
            first = (long)i;
    }
    /* generation time: the peer's text is not known, so a rewrite may apply */
    if (first >= 0 && (!v.answer || strcmp(ours, peer) == 0))
        return first;
    return -1;
}
