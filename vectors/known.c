#define _POSIX_C_SOURCE 200809L
#include "known.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "known_word.h"
#include "util/file.h"
#include "util/json.h"

#define MAX_LIST 64

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
    PK_SOURCE16,
    PK_COUNT
};
static const char *const pattern_keys[PK_COUNT] = {"peer",        "gen",      "kind",    "what",
                                                   "slot",        "mnemonic", "text",    "tag",
                                                   "error_class", "answer",   "source16"};

typedef struct entry {
    gcn_known_entry pub;
    int word; /* a word entry, else a pattern entry */
    /* pattern entries: each key's patterns (NULL-terminated), or NULL when absent */
    const char *pat[PK_COUNT][MAX_LIST + 1];
    unsigned char glob[PK_COUNT][MAX_LIST + 1]; /* the pattern has a wildcard */
    int has[PK_COUNT];
    gcn_kw_entry kw; /* word entries */
    int rewrites;    /* a word entry that explains a text difference (gcn_kw_rewrites) */
} entry;

typedef struct kfile {
    gcn_json_doc doc;
    char *base;
} kfile;

/* The entries that can explain the vectors of one peer, kind, generation, encoding and
 * instruction, in file order: pattern entries whose patterns over those hold, word entries that
 * name the peer, the generation, the encoding and (where they list them) the instruction. A
 * check matches hundreds of thousands
 * of vectors against a few hundred entries, and most entries fail on these keys, which a vector
 * shares with thousands of others. */
typedef struct cand {
    int used; /* 0: an empty slot */
    /* the key: peer and kind (NULL: unknown), generation, encoding, instruction row, mnemonic */
    char *peer, *kind, *mnemonic;
    int gen, enc, insn;
    size_t hash;
    unsigned *idx;
    size_t n;
} cand;

struct gcn_known {
    kfile *files;
    size_t nfiles;
    entry *e;
    size_t n, cap;
    /* the candidates by key, an open-addressed table of cap_cands slots (a power of two),
     * filled as vectors come (gcn_known_match); emptied when entries are added */
    cand *cands;
    size_t ncands, cap_cands;
};

gcn_known *gcn_known_new(void)
{
    return calloc(1, sizeof(gcn_known));
}

static void cand_clear(cand *c)
{
    free(c->peer);
    free(c->kind);
    free(c->mnemonic);
    free(c->idx);
    memset(c, 0, sizeof(*c));
}

static void cands_free(gcn_known *k)
{
    size_t i;
    for (i = 0; i < k->cap_cands; i++)
        cand_clear(&k->cands[i]);
    free(k->cands);
    k->cands = NULL;
    k->ncands = k->cap_cands = 0;
}

void gcn_known_free(gcn_known *k)
{
    size_t i;
    if (!k)
        return;
    cands_free(k);
    for (i = 0; i < k->n; i++)
        gcn_kw_free(&k->e[i].kw);
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
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    *n = 0;
    if (!v)
        return GCN_OK;
    if (cJSON_IsString(v)) {
        out[(*n)++] = v->valuestring;
        return GCN_OK;
    }
    if (!cJSON_IsArray(v))
        return gcn_json_error(doc, v, diag, "%s: a string or a list of strings", key);
    return gcn_kw_str_list(doc, obj, key, 1, out, max, n, diag);
}

static gcn_status load_pattern(const gcn_json_doc *doc, const cJSON *e, entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",  "peer",        "gen",    "kind",  "what",        "slot",   "mnemonic", "text",
        "tag", "error_class", "answer", "class", "explanation", "source", "source16", NULL};
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
        {
            size_t j;
            for (j = 0; j < n; j++)
                it->glob[k][j] = strpbrk(it->pat[k][j], "*?[\\") != NULL;
        }
        it->has[k] = cJSON_GetObjectItemCaseSensitive(e, pattern_keys[k]) != NULL;
    }
    return GCN_OK;
}

/* A word entry (vectors/known_word.h), with what the checker shows of it. */
static gcn_status load_word(const gcn_json_doc *doc, const cJSON *e, entry *it, gcn_diag *diag)
{
    gcn_status st = gcn_kw_load(doc, e, &it->kw, diag);
    it->word = 1;
    it->rewrites = st == GCN_OK && gcn_kw_rewrites(&it->kw);
    it->pub.id = it->kw.id ? it->kw.id : "";
    it->pub.classification = it->kw.classification;
    it->pub.explanation = it->kw.explanation;
    it->pub.fails = it->kw.fails;
    return st;
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
    cands_free(k); /* the candidates lists index the entries */
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

static int any_pattern(const char *const *pats, const unsigned char *glob, const char *val)
{
    /* a pattern without a wildcard matches itself alone: strcmp, not fnmatch's locale work */
    for (; *pats; pats++, glob++)
        if (*glob ? fnmatch(*pats, val, 0) == 0 : strcmp(*pats, val) == 0)
            return 1;
    return 0;
}

/* The keys a candidate list decides (candidates): the peer, generation, kind and mnemonic a
 * vector shares with thousands of others. */
#define PK_CANDIDATE (1u << PK_PEER | 1u << PK_GEN | 1u << PK_KIND | 1u << PK_MNEMONIC)

/* Do pattern entry it's keys in mask hold for v? */
static int pattern_holds(const entry *it, const gcn_known_view *v, unsigned mask)
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
    /* the spec's format of the instruction's 16-bit sources (operands.json: f16, i16) */
    vals[PK_SOURCE16] =
        v->v->insn >= 0 ? gcn_codec_source16(gcn_codec_tables(), (unsigned)v->v->insn) : "-";
    for (i = 0; i < PK_COUNT; i++) {
        if (!((mask >> i) & 1) || !it->has[i] || !vals[i])
            continue; /* absent key, or a value not known yet (generation time) */
        if (!any_pattern(it->pat[i], it->glob[i], vals[i]))
            return 0;
    }
    return 1;
}

static int peer_applies(const entry *it, const gcn_known_view *v)
{
    char alt[64];
    if (!v->peer)
        return 1;
    /* the llvm-mc disassembler is the LLVM-C one */
    if (strncmp(v->kind, "dis-", 4) == 0 && strncmp(v->peer, "llvm-mc-", 8) == 0) {
        snprintf(alt, sizeof(alt), "llvm-%s", v->peer + 8);
        if (gcn_kw_names_peer(&it->kw, alt))
            return 1;
    }
    return gcn_kw_names_peer(&it->kw, v->peer);
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

/* Does word entry it hold for v? peer: its peers, encoding, generation and instruction are yet
 * to be checked (a candidate's have been). */
static int word_holds(const entry *it, const gcn_known_view *v, int peer)
{
    gcn_kw_word w;
    if (peer && !peer_applies(it, v))
        return 0;
    w.gen = v->v->gen;
    w.encoding = v->v->encoding;
    w.encoding_name = NULL;
    w.bytes = view_bytes(v, &w.len);
    w.insn = v->v->insn;
    w.ours_ok = v->v->tag != GCN_VTAG_MUST_REJECT;
    w.ours_text = ours_text(v);
    w.peer_ok = v->peer_ok;
    w.peer_text = v->answer;
    /* a candidate's encoding, generation and instruction were checked with its list */
    return peer ? gcn_kw_holds(&it->kw, &w) : gcn_kw_holds_rest(&it->kw, &w);
}

static int rewrites(const entry *it)
{
    return it->rewrites;
}

static void resolve_mnemonic(gcn_known_view *v)
{
    if (!v->mnemonic)
        v->mnemonic = v->v->insn >= 0 ? gcn_insn_mnemonic(v->v->insn) : "";
}

/* Can entry it explain a view of this peer, kind, generation, encoding, instruction and
 * mnemonic (the rest of the view aside)? */
static int candidate(const entry *it, const gcn_known_view *v)
{
    if (it->word)
        return gcn_kw_may_hold(&it->kw, v->v->gen, v->v->insn) &&
               gcn_kw_names_encoding(&it->kw, v->v->encoding) && peer_applies(it, v);
    return pattern_holds(it, v, PK_CANDIDATE);
}

static size_t hash_str(size_t h, const char *s)
{
    /* NULL (unknown) hashes apart from every string, "" among them */
    if (!s)
        return (h ^ 0x100u) * (size_t)1099511628211ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * (size_t)1099511628211ull;
    return (h ^ 0x1fu) * (size_t)1099511628211ull;
}

static size_t hash_int(size_t h, int x)
{
    return (h ^ (size_t)(unsigned)x) * (size_t)1099511628211ull;
}

static size_t view_hash(const gcn_known_view *v)
{
    size_t h = 1469598103934665603ull & (size_t)-1;
    h = hash_str(h, v->peer);
    h = hash_str(h, v->kind);
    h = hash_int(h, v->v->gen);
    h = hash_int(h, v->v->encoding);
    h = hash_int(h, v->v->insn);
    return hash_str(h, v->mnemonic);
}

static int same_str(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) == 0 : a == b;
}

static int cand_is(const cand *c, size_t h, const gcn_known_view *v)
{
    return c->hash == h && c->gen == v->v->gen && c->enc == v->v->encoding &&
           c->insn == v->v->insn && same_str(c->kind, v->kind) &&
           same_str(c->mnemonic, v->mnemonic) && same_str(c->peer, v->peer);
}

static char *dup_or_null(const char *s, int *oom)
{
    char *d;
    if (!s)
        return NULL;
    d = malloc(strlen(s) + 1);
    if (!d)
        *oom = 1;
    else
        strcpy(d, s);
    return d;
}

/* The candidates of view v (its mnemonic resolved), computed once per key; NULL when out of
 * memory (the caller then tries every entry). Every vector asks, several times: the key is
 * hashed and compared field by field, never formatted. */
static const cand *candidates(gcn_known *k, const gcn_known_view *v)
{
    size_t h, i, at;
    cand *c;
    int oom = 0;
    if (k->ncands * 2 >= k->cap_cands) {
        size_t ncap = k->cap_cands ? k->cap_cands * 2 : 1024;
        cand *nt = calloc(ncap, sizeof(*nt));
        if (!nt)
            return NULL;
        for (i = 0; i < k->cap_cands; i++)
            if (k->cands[i].used) {
                size_t j = k->cands[i].hash & (ncap - 1);
                while (nt[j].used)
                    j = (j + 1) & (ncap - 1);
                nt[j] = k->cands[i];
            }
        free(k->cands);
        k->cands = nt;
        k->cap_cands = ncap;
    }
    h = view_hash(v);
    at = h & (k->cap_cands - 1);
    while (k->cands[at].used && !cand_is(&k->cands[at], h, v))
        at = (at + 1) & (k->cap_cands - 1);
    c = &k->cands[at];
    if (c->used)
        return c;
    c->hash = h;
    c->gen = v->v->gen;
    c->enc = v->v->encoding;
    c->insn = v->v->insn;
    c->peer = dup_or_null(v->peer, &oom);
    c->kind = dup_or_null(v->kind, &oom);
    c->mnemonic = dup_or_null(v->mnemonic, &oom);
    c->idx = malloc((k->n ? k->n : 1) * sizeof(*c->idx));
    if (oom || !c->idx) {
        cand_clear(c);
        return NULL;
    }
    c->n = 0;
    for (i = 0; i < k->n; i++)
        if (candidate(&k->e[i], v))
            c->idx[c->n++] = (unsigned)i;
    c->used = 1;
    k->ncands++;
    return c;
}

long gcn_known_match(const gcn_known *kc, const gcn_known_view *view)
{
    gcn_known_view v = *view;
    char ours[512], peer[512];
    long first = -1;
    size_t i, n;
    const cand *c;
    /* the candidates are a cache: matching changes nothing a caller sees */
    gcn_known *k = (gcn_known *)kc;
    if (!k)
        return -1;
    resolve_mnemonic(&v);
    c = candidates(k, &v);
    n = c ? c->n : k->n;
    for (i = 0; i < n; i++) {
        const entry *it = &k->e[c ? c->idx[i] : i];
        if (rewrites(it))
            continue;
        if (it->word ? word_holds(it, &v, !c) : pattern_holds(it, &v, c ? ~PK_CANDIDATE : ~0u))
            return (long)(c ? c->idx[i] : i);
    }
    /* text rewrites: both sides accept and the texts differ by what the entries drop */
    if (v.v->tag == GCN_VTAG_MUST_REJECT || v.peer_ok == 0 || strncmp(v.kind, "dis-", 4) != 0)
        return -1;
    snprintf(ours, sizeof(ours), "%s", ours_text(&v));
    snprintf(peer, sizeof(peer), "%s", v.answer ? v.answer : "");
    for (i = 0; i < n; i++) {
        const entry *it = &k->e[c ? c->idx[i] : i];
        if (!rewrites(it) || !word_holds(it, &v, !c))
            continue;
        gcn_kw_drop(&it->kw, ours, peer);
        if (first < 0)
            first = (long)(c ? c->idx[i] : i);
    }
    /* generation time: the peer's text is not known, so a rewrite may apply */
    if (first >= 0 && (!v.answer || strcmp(ours, peer) == 0))
        return first;
    return -1;
}
