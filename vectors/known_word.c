#define _POSIX_C_SOURCE 200809L
#include "known_word.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/catalogue.h"
#include "codec/codec_internal.h"

/* An entry's instruction: a mnemonic, or a shell pattern of them ("v_cmp*_[iu]16_e64"). */
static int insn_matches(const char *pat, const char *mnemonic)
{
    return strpbrk(pat, "*?[") ? fnmatch(pat, mnemonic, 0) == 0 : strcmp(pat, mnemonic) == 0;
}

_Static_assert(GCN_MAX_SLOTS <= GCN_KW_MAX_SLOTS, "sv_count holds every field of an encoding");

static const gcn_kw_class classes[] = {
    {"llvm-bug", 0, "LLVM is wrong: the spec (spec/gcn.json, its curated evidence) says otherwise"},
    {"llvm-lacks", 0,
     "LLVM does not implement it (an instruction, a modifier, a non-canonical form); not "
     "wrong, just missing"},
    {"doc-erratum", 0, "the documents are wrong and LLVM follows the hardware"},
    {"our-bug", 1, "gcnspec is wrong: the codec must be fixed (the test stays red until then)"},
    {"not-modelled", 0,
     "a form the codec does not model yet (the SDWA and DPP dwords): gcnspec refuses the word "
     "and its disassembler marks the bytes as not modelled, never as an instruction"},
    {"our-bug-fixed", 0,
     "was an our-bug, now fixed: the reproducer must agree, and a match is a regression"},
    {NULL, 0, NULL},
};

const gcn_kw_class *gcn_kw_classes(void)
{
    return classes;
}

/* ---- the encodings ---------------------------------------------------------------------------
 */

static uint64_t slot_mask(gcn_slot_row s)
{
    if (!s.width)
        return 0;
    return (s.width >= 64 ? ~0ull : (1ull << s.width) - 1) << s.lo;
}

static const gcn_layout_row *layout_of(int gen, unsigned enc)
{
    return codec_layout(gcn_codec_tables(), (unsigned)gen, enc);
}

static uint64_t word_mask(const gcn_layout_row *l)
{
    return l->bytes >= 8 ? ~0ull : (1ull << (8 * l->bytes)) - 1;
}

int gcn_kw_encoding_index(const char *name)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned e;
    for (e = 0; e < t->nencodings; e++)
        if (strcmp(t->encodings[e].name, name) == 0)
            return (int)e;
    return -1;
}

int gcn_kw_catalogue_has(const char *name)
{
    unsigned n, i;
    const gcn_cat_row *rows = gcn_cat_rows(&n);
    for (i = 0; i < n; i++)
        if (strcmp(rows[i].name, name) == 0)
            return 1;
    return 0;
}

uint64_t gcn_kw_stray_mask(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l = layout_of(gen, enc);
    uint64_t covered = l->match_mask;
    unsigned i;
    for (i = 0; i < t->encodings[enc].nslots; i++)
        covered |= slot_mask(l->slot[i]);
    return ~covered & word_mask(l);
}

uint64_t gcn_kw_used_mask(int gen, unsigned insn)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_insn_row *row = &t->insns[insn];
    const gcn_layout_row *l = layout_of(gen, row->encoding);
    uint64_t used = l->match_mask | slot_mask(l->slot[l->opcode_slot]);
    unsigned i, k;
    for (i = 0; i < row->noperands; i++) {
        used |= slot_mask(l->slot[row->operand[i].slot]);
        for (k = 0; k < 3; k++)
            if (row->operand[i].aux[k] != GCN_NO_SLOT)
                used |= slot_mask(l->slot[row->operand[i].aux[k]]);
    }
    for (i = 0; i < row->nmodifiers; i++)
        if ((row->modifier[i].gens >> gen) & 1)
            used |= slot_mask(l->slot[row->modifier[i].slot]);
    return used & word_mask(l);
}

int gcn_kw_insn_of(int gen, unsigned enc, uint64_t word)
{
    const gcn_layout_row *l = layout_of(gen, enc);
    gcn_slot_row s = l->slot[l->opcode_slot];
    uint64_t op = (word & slot_mask(s)) >> s.lo;
    if (!l->present || op >= l->opcode_count || l->opcode_map[op] >= GCN_PENDING_INSN)
        return -1;
    return l->opcode_map[op];
}

size_t gcn_kw_parse_bytes(const char *s, uint8_t *out, size_t max)
{
    size_t n = 0;
    while (*s && n < max) {
        char *e;
        unsigned long v;
        while (*s == '[' || *s == ',' || *s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == ']')
            break;
        v = strtoul(s, &e, 16);
        if (e == s || v > 0xff)
            break;
        out[n++] = (uint8_t)v;
        s = e;
    }
    return n;
}

/* ---- loading ---------------------------------------------------------------------------------
 */

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

gcn_status gcn_kw_str_list(const gcn_json_doc *doc, const cJSON *obj, const char *key, int required,
                           const char **out, size_t max, size_t *n, gcn_diag *diag)
{
    const cJSON *arr = NULL, *it;
    gcn_status st = gcn_json_arr(doc, obj, key, required, &arr, diag);
    *n = 0;
    if (st != GCN_OK || !arr)
        return st;
    cJSON_ArrayForEach(it, arr)
    {
        if (!cJSON_IsString(it))
            return gcn_json_error(doc, it, diag, "%s: expected a string", key);
        if (*n == max)
            return gcn_json_error(doc, it, diag, "%s: at most %zu entries", key, max);
        out[(*n)++] = it->valuestring;
    }
    return GCN_OK;
}

/* can_crash: the peer's side, which may also be "crash" */
static gcn_status outcome_of(const gcn_json_doc *doc, const cJSON *obj, const char *key,
                             int can_crash, int *out, gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, obj, key, 1, &s, diag);
    if (st != GCN_OK)
        return st;
    if (strcmp(s, "accept") == 0)
        *out = GCN_KW_ACCEPT;
    else if (strcmp(s, "reject") == 0)
        *out = GCN_KW_REJECT;
    else if (strcmp(s, "any") == 0)
        *out = GCN_KW_ANY;
    else if (can_crash && strcmp(s, "crash") == 0)
        *out = GCN_KW_CRASH;
    else
        return gcn_json_error(
            doc, cJSON_GetObjectItemCaseSensitive(obj, key), diag,
            can_crash ? "%s: accept, reject, crash or any" : "%s: accept, reject or any", key);
    return GCN_OK;
}

static gcn_status tri_of(const gcn_json_doc *doc, const cJSON *obj, const char *key, int *out,
                         gcn_diag *diag)
{
    int b = 0;
    gcn_status st;
    *out = -1;
    if (!cJSON_GetObjectItemCaseSensitive(obj, key))
        return GCN_OK;
    st = gcn_json_bool(doc, obj, key, 1, &b, diag);
    *out = b;
    return st;
}

static gcn_status load_fields(const gcn_json_doc *doc, const cJSON *when, gcn_kw_entry *it,
                              const char *key, gcn_diag *diag)
{
    static const char *const keys[] = {"in", "class", NULL};
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *fields = NULL, *f;
    int any = strcmp(key, "any_fields") == 0;
    gcn_status st = gcn_json_obj(doc, when, key, 0, &fields, diag);
    if (st != GCN_OK || !fields)
        return st;
    cJSON_ArrayForEach(f, fields)
    {
        gcn_kw_field *c;
        const cJSON *in = NULL, *r;
        const char *cls[GCN_KW_MAX_LIST];
        size_t ncls = 0, k;
        if (it->nfields == GCN_KW_MAX_FIELDS)
            return gcn_json_error(doc, f, diag, "at most %d field conditions", GCN_KW_MAX_FIELDS);
        c = &it->fields[it->nfields++];
        c->any = any;
        {
            unsigned e, have = 0;
            for (e = 0; e < GCN_KW_MAX_ENCS; e++) {
                c->slot[e] = -1;
                if (!((it->encs >> e) & 1))
                    continue;
                for (k = 0; k < t->encodings[e].nslots; k++)
                    if (strcmp(t->encodings[e].slot_name[k], f->string) == 0)
                        c->slot[e] = (int)k;
                if (c->slot[e] < 0 && !any)
                    return gcn_json_error(doc, f, diag, "%s has no field %s", t->encodings[e].name,
                                          f->string);
                have += c->slot[e] >= 0;
            }
            if (!have)
                return gcn_json_error(doc, f, diag, "no encoding of the entry has a field %s",
                                      f->string);
        }
        if ((st = gcn_json_only_keys(doc, f, keys, diag)) != GCN_OK ||
            (st = gcn_json_arr(doc, f, "in", 0, &in, diag)) != GCN_OK ||
            (st = gcn_kw_str_list(doc, f, "class", 0, cls, GCN_KW_MAX_LIST, &ncls, diag)) != GCN_OK)
            return st;
        cJSON_ArrayForEach(r, in)
        {
            const cJSON *lo = cJSON_GetArrayItem(r, 0), *hi = cJSON_GetArrayItem(r, 1);
            if (!cJSON_IsArray(r) || cJSON_GetArraySize(r) != 2 || !cJSON_IsNumber(lo) ||
                !cJSON_IsNumber(hi) || lo->valuedouble > hi->valuedouble)
                return gcn_json_error(doc, r, diag, "a range is [lo, hi]");
            if (c->nranges == GCN_KW_MAX_RANGES)
                return gcn_json_error(doc, r, diag, "at most %d ranges", GCN_KW_MAX_RANGES);
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

static gcn_status load_bits(const gcn_json_doc *doc, const cJSON *when, gcn_kw_entry *it,
                            gcn_diag *diag)
{
    static const char *const keys[] = {"mask", "value", NULL};
    const cJSON *bits = NULL, *b;
    gcn_status st = gcn_json_arr(doc, when, "bits", 0, &bits, diag);
    if (st != GCN_OK || !bits)
        return st;
    cJSON_ArrayForEach(b, bits)
    {
        const char *m = NULL, *v = NULL;
        if (it->nbits == GCN_KW_MAX_LIST)
            return gcn_json_error(doc, b, diag, "at most %d bit conditions", GCN_KW_MAX_LIST);
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

static gcn_status load_repro(const gcn_json_doc *doc, const cJSON *e, gcn_kw_entry *it,
                             gcn_diag *diag)
{
    const cJSON *r = NULL, *kv;
    const char *gen = NULL, *bytes = NULL;
    gcn_status st = gcn_json_obj(doc, e, "reproducer", 1, &r, diag);
    if (st != GCN_OK)
        return st;
    if ((st = gcn_json_str(doc, r, "gen", 1, &gen, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, r, "bytes", 1, &bytes, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, r, "gcnspec", 1, &it->repro_ours, diag)) != GCN_OK)
        return st;
    it->repro_gen = gcn_gen_lookup(gen);
    if (it->repro_gen < 0 || !((it->gens >> it->repro_gen) & 1))
        return gcn_json_error(doc, r, diag, "reproducer gen %s: not one of the entry's gens", gen);
    it->repro_len = gcn_kw_parse_bytes(bytes, it->repro_bytes, sizeof(it->repro_bytes));
    if (it->repro_len < 4)
        return gcn_json_error(doc, r, diag, "reproducer bytes: 0x..,0x.. (at least 4)");
    cJSON_ArrayForEach(kv, r)
    {
        if (!gcn_kw_names_peer(it, kv->string)) {
            if (strcmp(kv->string, "gen") && strcmp(kv->string, "bytes") &&
                strcmp(kv->string, "gcnspec"))
                return gcn_json_error(doc, kv, diag,
                                      "reproducer: unknown key %s (gen, bytes, gcnspec, or one "
                                      "of the entry's peers)",
                                      kv->string);
            continue;
        }
        if (!cJSON_IsString(kv))
            return gcn_json_error(doc, kv, diag, "reproducer %s: a string", kv->string);
        if (it->nrepro == GCN_KW_MAX_LIST)
            return gcn_json_error(doc, kv, diag, "reproducer: at most %d peers", GCN_KW_MAX_LIST);
        it->repro_peer[it->nrepro] = kv->string;
        it->repro_text[it->nrepro++] = kv->valuestring;
    }
    return GCN_OK;
}

/* "encoding": a name or a list of names; it->encoding is the first (for people and the
 * reproducer), it->encs all of them. */
static gcn_status load_encodings(const gcn_json_doc *doc, const cJSON *e, gcn_kw_entry *it,
                                 gcn_diag *diag)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(e, "encoding"), *n;
    const char *names[GCN_KW_MAX_LIST];
    size_t count = 0, k;
    gcn_status st;
    if (cJSON_IsArray(x)) {
        if ((st = gcn_kw_str_list(doc, e, "encoding", 1, names, GCN_KW_MAX_LIST, &count, diag)) !=
            GCN_OK)
            return st;
        if (!count)
            return gcn_json_error(doc, x, diag, "encoding: at least one name");
    } else {
        if ((st = gcn_json_str(doc, e, "encoding", 1, &names[0], diag)) != GCN_OK)
            return st;
        count = 1;
    }
    it->encoding = names[0];
    /* an encoding the codec does not model yet, the catalogue's: the entry's only one */
    if (count == 1 && gcn_kw_encoding_index(names[0]) < 0 && gcn_kw_catalogue_has(names[0])) {
        it->enc = -1;
        it->encs = 0;
        return GCN_OK;
    }
    for (k = 0; k < count; k++) {
        int enc = gcn_kw_encoding_index(names[k]);
        n = cJSON_IsArray(x) ? cJSON_GetArrayItem(x, (int)k) : x;
        if (enc < 0 || enc >= GCN_KW_MAX_ENCS)
            return gcn_json_error(doc, n, diag,
                                  "unknown encoding %s (a list names encodings the codec "
                                  "models)",
                                  names[k]);
        if (!k)
            it->enc = enc;
        it->encs |= 1u << enc;
    }
    return GCN_OK;
}

/* when.scalar_values: {"fields": [...], "class": [...], "min": N} */
static gcn_status load_scalar_values(const gcn_json_doc *doc, const cJSON *when, gcn_kw_entry *it,
                                     gcn_diag *diag)
{
    static const char *const keys[] = {"fields", "class", "min", NULL};
    const cJSON *sv = cJSON_GetObjectItemCaseSensitive(when, "scalar_values");
    const gcn_tables *t = gcn_codec_tables();
    const char *cls[GCN_KW_MAX_LIST];
    size_t ncls = 0, k, e, s;
    long long min = 0;
    gcn_status st;
    if ((st = gcn_json_only_keys(doc, sv, keys, diag)) != GCN_OK ||
        (st = gcn_kw_str_list(doc, sv, "fields", 1, it->sv_fields, GCN_KW_MAX_LIST, &it->nsv_fields,
                              diag)) != GCN_OK ||
        (st = gcn_kw_str_list(doc, sv, "class", 1, cls, GCN_KW_MAX_LIST, &ncls, diag)) != GCN_OK ||
        (st = gcn_json_int(doc, sv, "min", 1, 1, GCN_KW_MAX_LIST, &min, diag)) != GCN_OK)
        return st;
    it->sv_min = (int)min;
    if (it->enc < 0)
        return gcn_json_error(doc, sv, diag, "scalar_values needs an encoding the codec models");
    for (e = 0; e < t->nencodings && e < GCN_KW_MAX_ENCS; e++)
        for (s = 0; s < t->encodings[e].nslots && s < GCN_KW_MAX_SLOTS; s++)
            for (k = 0; k < it->nsv_fields; k++)
                it->sv_count[e][s] += strcmp(t->encodings[e].slot_name[s], it->sv_fields[k]) == 0;
    for (k = 0; k < ncls; k++) {
        int ci = class_index(cls[k]);
        if (ci < 0 || ci >= GCN_SC_COUNT)
            return gcn_json_error(doc, sv, diag, "unknown scalar class %s", cls[k]);
        it->sv_classes |= 1u << ci;
    }
    return GCN_OK;
}

gcn_status gcn_kw_load(const gcn_json_doc *doc, const cJSON *e, gcn_kw_entry *it, gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",         "gens",     "peers", "encoding", "instructions",   "instruction",
        "pattern",    "ours",     "llvm",  "when",     "classification", "explanation",
        "reproducer", "source16", NULL};
    static const char *const when_keys[] = {
        "fields",    "any_fields", "bits",          "noncanonical", "ours_regex", "llvm_regex",
        "ours_drop", "llvm_drop",  "scalar_values", "constant_bus", NULL};
    const char *gens[GCN_KW_MAX_LIST];
    size_t ngens = 0, k;
    const cJSON *when = NULL;
    const gcn_kw_class *c;
    gcn_status st;
    it->ours = it->llvm = it->noncanonical = -1;
    if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "id", 1, &it->id, diag)) != GCN_OK ||
        (st = gcn_kw_str_list(doc, e, "gens", 1, gens, GCN_KW_MAX_LIST, &ngens, diag)) != GCN_OK ||
        (st = gcn_kw_str_list(doc, e, "peers", 1, it->peers, GCN_KW_MAX_LIST, &it->npeers, diag)) !=
            GCN_OK ||
        (st = load_encodings(doc, e, it, diag)) != GCN_OK ||
        (st = gcn_kw_str_list(doc, e, "instructions", 0, it->insns, GCN_KW_MAX_LIST, &it->ninsns,
                              diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "instruction", 1, &it->instruction, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "source16", 0, &it->source16, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "pattern", 1, &it->pattern, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "ours", 0, &it->ours, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "llvm", 1, &it->llvm, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "classification", 1, &it->classification, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "explanation", 1, &it->explanation, diag)) != GCN_OK)
        return st;
    for (c = classes; c->name; c++)
        if (strcmp(c->name, it->classification) == 0)
            break;
    if (!c->name)
        return gcn_json_error(
            doc, e, diag,
            "classification %s: llvm-bug, llvm-lacks, doc-erratum, not-modelled, our-bug or "
            "our-bug-fixed",
            it->classification);
    it->fails = c->fails;
    for (k = 0; k < ngens; k++) {
        int g = gcn_gen_lookup(gens[k]);
        if (g < 0)
            return gcn_json_error(doc, e, diag, "unknown generation %s", gens[k]);
        it->gens |= 1u << g;
    }
    if (it->enc < 0 && it->ninsns)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(e, "instructions"), diag,
                              "%s is not modelled by the codec: no instructions to name",
                              it->encoding);
    if (it->llvm == GCN_KW_CRASH && strcmp(it->classification, "llvm-bug") != 0)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(e, "classification"), diag,
                              "llvm crash: a crash is an llvm-bug, whatever the word");
    for (k = 0; k < it->ninsns; k++) {
        int i, found = 0;
        for (i = 0; i < gcn_insn_count() && !found; i++)
            found = insn_matches(it->insns[k], gcn_insn_mnemonic(i)) &&
                    ((it->encs >> gcn_codec_tables()->insns[i].encoding) & 1);
        if (!found)
            return gcn_json_error(doc, e, diag, "%s has no instruction %s", it->encoding,
                                  it->insns[k]);
    }
    if ((st = gcn_json_obj(doc, e, "when", 0, &when, diag)) != GCN_OK)
        return st;
    if (when && it->enc < 0 &&
        (cJSON_GetObjectItemCaseSensitive(when, "fields") ||
         cJSON_GetObjectItemCaseSensitive(when, "noncanonical")))
        return gcn_json_error(doc, when, diag,
                              "%s is not modelled by the codec: only bits, ours_regex and "
                              "llvm_regex conditions",
                              it->encoding);
    if (when && ((st = gcn_json_only_keys(doc, when, when_keys, diag)) != GCN_OK ||
                 (st = load_fields(doc, when, it, "fields", diag)) != GCN_OK ||
                 (st = load_fields(doc, when, it, "any_fields", diag)) != GCN_OK ||
                 (st = load_bits(doc, when, it, diag)) != GCN_OK ||
                 (st = tri_of(doc, when, "noncanonical", &it->noncanonical, diag)) != GCN_OK ||
                 (st = gcn_kw_str_list(doc, when, "ours_drop", 0, it->ours_drop, GCN_KW_MAX_LIST,
                                       &it->nours_drop, diag)) != GCN_OK ||
                 (st = gcn_kw_str_list(doc, when, "llvm_drop", 0, it->peer_drop, GCN_KW_MAX_LIST,
                                       &it->npeer_drop, diag)) != GCN_OK ||
                 (st = load_regex(doc, when, "ours_regex", &it->ours_re, &it->has_ours_re, diag)) !=
                     GCN_OK ||
                 (st = load_regex(doc, when, "llvm_regex", &it->peer_re, &it->has_peer_re, diag)) !=
                     GCN_OK))
        return st;
    if (when && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(when, "constant_bus")))
        it->constant_bus = 1;
    else if (when && cJSON_GetObjectItemCaseSensitive(when, "constant_bus"))
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(when, "constant_bus"), diag,
                              "constant_bus takes true alone");
    if (when && cJSON_GetObjectItemCaseSensitive(when, "scalar_values") &&
        (st = load_scalar_values(doc, when, it, diag)) != GCN_OK)
        return st;
    if (gcn_kw_rewrites(it) && (it->ours != 1 || it->llvm != 1))
        return gcn_json_error(doc, e, diag,
                              "ours_drop/llvm_drop explain a text difference: ours and llvm must "
                              "both be accept");
    return load_repro(doc, e, it, diag);
}

void gcn_kw_free(gcn_kw_entry *it)
{
    if (it->has_ours_re)
        regfree(&it->ours_re);
    if (it->has_peer_re)
        regfree(&it->peer_re);
    it->has_ours_re = it->has_peer_re = 0;
}

/* ---- matching --------------------------------------------------------------------------------
 */

int gcn_kw_names_peer(const gcn_kw_entry *it, const char *peer)
{
    size_t j;
    for (j = 0; peer && j < it->npeers; j++)
        if (strcmp(it->peers[j], peer) == 0)
            return 1;
    return 0;
}

int gcn_kw_rewrites(const gcn_kw_entry *it)
{
    return it->nours_drop || it->npeer_drop;
}

const char *gcn_kw_repro_text(const gcn_kw_entry *it, const char *peer)
{
    size_t j;
    for (j = 0; j < it->nrepro; j++)
        if (strcmp(it->repro_peer[j], peer) == 0)
            return it->repro_text[j];
    return NULL;
}

/* How many of the fields sv_fields of the word hold a value of the classes sv_classes (the same
 * register twice counts twice: the fields may read it at different widths, s[42:43] and s42). */
static int scalar_values(const gcn_kw_entry *it, const gcn_kw_word *w, uint64_t word,
                         const gcn_layout_row *l)
{
    const gcn_tables *t = gcn_codec_tables();
    int n = 0;
    size_t s;
    for (s = 0; s < t->encodings[w->encoding].nslots && s < GCN_KW_MAX_SLOTS; s++) {
        unsigned v;
        if (!it->sv_count[w->encoding][s] || !l->slot[s].width)
            continue;
        v = (unsigned)codec_get(word, l->slot[s]);
        if (v < 256 && (it->sv_classes >> t->scalars[(unsigned)w->gen * 256u + v].sclass) & 1)
            n += it->sv_count[w->encoding][s];
    }
    return n;
}

static int field_ok(const gcn_kw_field *c, long long v, int gen)
{
    size_t r;
    int in = c->nranges == 0;
    for (r = 0; r < c->nranges && !in; r++)
        in = v >= c->lo[r] && v <= c->hi[r];
    if (!in)
        return 0;
    if (c->classes) {
        unsigned cls = GCN_SC_COUNT;
        if (v >= 0 && v < 256)
            cls = gcn_codec_tables()->scalars[(unsigned)gen * 256u + (unsigned)v].sclass;
        return (c->classes >> cls) & 1;
    }
    return 1;
}

/* The word's encoding is the entry's: the codec's index, or for a catalogue-only entry the
 * catalogue's name (the codec's name when the word gives none). */
static int same_encoding(const gcn_kw_entry *it, const gcn_kw_word *w)
{
    const gcn_tables *t = gcn_codec_tables();
    const char *name = w->encoding_name;
    if (it->enc >= 0)
        return w->encoding >= 0 && w->encoding < GCN_KW_MAX_ENCS && (it->encs >> w->encoding) & 1;
    if (!name && w->encoding >= 0 && (unsigned)w->encoding < t->nencodings)
        name = t->encodings[w->encoding].name;
    return name && strcmp(name, it->encoding) == 0;
}

/* A crash is only explained by an entry that names it: "any" means accept or reject. */
static int peer_outcome_ok(const gcn_kw_entry *it, int peer_ok)
{
    if (peer_ok < 0)
        return 1;
    if (it->llvm == GCN_KW_CRASH || peer_ok == GCN_KW_CRASH)
        return it->llvm == peer_ok;
    return it->llvm < 0 || it->llvm == !!peer_ok;
}

int gcn_kw_may_hold(const gcn_kw_entry *it, int gen, int insn)
{
    size_t j;
    int hit = !it->ninsns || it->enc < 0; /* a catalogue-only entry names no codec row */
    if (gen < 0 || !((it->gens >> gen) & 1))
        return 0;
    for (j = 0; j < it->ninsns && insn >= 0 && !hit; j++)
        hit = insn_matches(it->insns[j], gcn_insn_mnemonic(insn));
    /* the spec's format of the instruction's 16-bit sources (operands.json: f16, i16) */
    if (hit && it->source16)
        hit = insn >= 0 &&
              strcmp(gcn_codec_source16(gcn_codec_tables(), (unsigned)insn), it->source16) == 0;
    return hit;
}

int gcn_kw_names_encoding(const gcn_kw_entry *it, int encoding)
{
    gcn_kw_word w;
    memset(&w, 0, sizeof(w));
    w.encoding = encoding;
    return same_encoding(it, &w);
}

int gcn_kw_holds(const gcn_kw_entry *it, const gcn_kw_word *w)
{
    return same_encoding(it, w) && gcn_kw_may_hold(it, w->gen, w->insn) && gcn_kw_holds_rest(it, w);
}

int gcn_kw_holds_rest(const gcn_kw_entry *it, const gcn_kw_word *w)
{
    const gcn_layout_row *l;
    uint64_t word;
    size_t j;
    int any_seen = 0, any_held = 0;
    if ((it->ours >= 0 && w->ours_ok >= 0 && it->ours != !!w->ours_ok) ||
        !peer_outcome_ok(it, w->peer_ok))
        return 0;
    if (it->enc < 0) { /* catalogue-only: the first 64 bits and the texts */
        if (it->nbits && !w->len)
            return 0;
        word = codec_load(w->bytes, w->len < 8 ? w->len : 8);
        for (j = 0; j < it->nbits; j++)
            if ((word & it->bit_mask[j]) != it->bit_value[j])
                return 0;
        if (it->has_ours_re && w->ours_text && regexec(&it->ours_re, w->ours_text, 0, NULL, 0) != 0)
            return 0;
        return !(it->has_peer_re && w->peer_text &&
                 regexec(&it->peer_re, w->peer_text, 0, NULL, 0) != 0);
    }
    l = layout_of(w->gen, (unsigned)w->encoding);
    if ((it->nfields || it->nbits || it->noncanonical >= 0) && (!w->len || !l->present))
        return 0;
    word = codec_load(w->bytes, w->len < l->bytes ? w->len : l->bytes);
    /* a field this generation's layout lacks reads as 0, as the decoder reads it */
    for (j = 0; j < it->nfields; j++) {
        const gcn_kw_field *f = &it->fields[j];
        int slot = f->slot[w->encoding];
        int ok;
        if (f->any && slot < 0)
            continue; /* the word's encoding has no such field */
        ok = slot >= 0 && field_ok(f, (long long)codec_get(word, l->slot[slot]), w->gen);
        if (!f->any && !ok)
            return 0;
        any_seen |= f->any;
        any_held |= f->any && ok;
    }
    if (any_seen && !any_held)
        return 0;
    {
        /* bits may reach past the word into a dword that follows it (an SDWA/DPP dword) */
        uint64_t whole = codec_load(w->bytes, w->len < 8 ? w->len : 8);
        for (j = 0; j < it->nbits; j++)
            if ((whole & it->bit_mask[j]) != it->bit_value[j])
                return 0;
    }
    if (it->noncanonical >= 0) {
        uint64_t used = w->insn >= 0 ? gcn_kw_used_mask(w->gen, (unsigned)w->insn)
                                     : ~gcn_kw_stray_mask(w->gen, (unsigned)w->encoding);
        if (it->noncanonical != ((word & ~used) != 0))
            return 0;
    }
    if (it->sv_min && scalar_values(it, w, word, l) < it->sv_min)
        return 0;
    /* when.constant_bus: the codec refuses the word for its constant bus rule alone */
    if (it->constant_bus && !gcn_codec_cbus_refuses(w->gen, w->bytes, w->len))
        return 0;
    if (it->has_ours_re && w->ours_text && regexec(&it->ours_re, w->ours_text, 0, NULL, 0) != 0)
        return 0;
    if (it->has_peer_re && w->peer_text && regexec(&it->peer_re, w->peer_text, 0, NULL, 0) != 0)
        return 0;
    return 1;
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

void gcn_kw_drop(const gcn_kw_entry *it, char *ours, char *peer)
{
    drop_all(ours, it->ours_drop, it->nours_drop);
    drop_all(peer, it->peer_drop, it->npeer_drop);
}
