#define _POSIX_C_SOURCE 200809L
#include "llvm_disasm.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "codec/tables.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"

/* ---- the LLVM-C disassembler ---------------------------------------------------------------- */

/* What LLVM's AMDGPU disassembler writes into an instruction it decoded but cannot encode. Found
 * by disassembling every SOP1 word and random DS/SMEM words of tonga and gfx900 with LLVM 14.0.6
 * and 19.1.7 through this wrapper: DS never carries a mark; SOP1 and SMEM carry these three. */
static const llvm_disasm_marker markers[] = {
    {"; Warning:",
     "LLVM 14 and 19: a comment after the instruction, e.g. '; Warning: SGPR_64: scalar reg "
     "isn't aligned 99' for an odd register starting a 64-bit or wider operand (the text then "
     "names the aligned tuple below it, which does not re-encode to the word)"},
    {"/*invalid immediate",
     "LLVM 14 '/*invalid immediate*/', LLVM 19 '/*Invalid immediate*/': in place of a source "
     "code no operand class holds (reserved 209-234, 249-250; an inline constant or literal in "
     "a register-only operand)"},
    {"/*invalid register",
     "LLVM 19: \"/*Invalid register, operand has 'SReg_32' register class*/\" after a register "
     "the operand's class lacks (lds_direct in SSRC0, m0/exec as an SMEM destination)"},
    {NULL, NULL},
};

const llvm_disasm_marker *llvm_disasm_markers(void)
{
    return markers;
}

#ifdef GCN_LLVM_C
#include <pthread.h>

#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>
#include <llvm/Config/llvm-config.h>

#define STR2(x) #x
#define STR(x) STR2(x)

struct llvm_disasm {
    LLVMDisasmContextRef ctx;
};

static const char *find_icase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return hay;
    return NULL;
}

const char *llvm_disasm_version(void)
{
    return "LLVM " LLVM_VERSION_STRING;
}

const char *llvm_disasm_peer(void)
{
    return "llvm-" STR(LLVM_VERSION_MAJOR);
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_amdgpu(void)
{
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUDisassembler();
}

llvm_disasm *llvm_disasm_open(const char *mcpu)
{
    llvm_disasm *d;
    pthread_once(&init_once, init_amdgpu);
    d = calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->ctx = LLVMCreateDisasmCPU("amdgcn--", mcpu, NULL, 0, NULL, NULL);
    if (!d->ctx) {
        free(d);
        return NULL;
    }
    return d;
}

void llvm_disasm_close(llvm_disasm *d)
{
    if (!d)
        return;
    LLVMDisasmDispose(d->ctx);
    free(d);
}

static void normalize(const char *raw, char *out, size_t size)
{
    size_t n;
    while (*raw == '\t' || *raw == ' ')
        raw++;
    n = strlen(raw);
    while (n && (raw[n - 1] == ' ' || raw[n - 1] == '\t' || raw[n - 1] == '\n'))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, raw, n);
    out[n] = 0;
}

llvm_disasm_outcome llvm_disasm_one(llvm_disasm *d, const uint8_t *bytes, size_t len,
                                    llvm_disasm_result *r)
{
    uint8_t copy[64];
    size_t k;
    r->outcome = LLVM_DISASM_REJECTED;
    r->marker = NULL;
    r->raw[0] = r->text[0] = 0;
    /* LLVMDisasmInstruction takes a non-const pointer: hand it a copy */
    if (len > sizeof(copy))
        len = sizeof(copy);
    memcpy(copy, bytes, len);
    r->size = LLVMDisasmInstruction(d->ctx, copy, len, 0, r->raw, sizeof(r->raw));
    if (r->size == 0) {
        r->raw[0] = 0;
        return r->outcome;
    }
    normalize(r->raw, r->text, sizeof(r->text));
    for (k = 0; markers[k].text; k++) {
        if (find_icase(r->raw, markers[k].text)) {
            r->marker = markers[k].text;
            r->outcome = LLVM_DISASM_REJECTED_MARKED;
            return r->outcome;
        }
    }
    r->outcome = LLVM_DISASM_ACCEPTED;
    return r->outcome;
}
#endif

/* ---- our encodings, from the codec tables ------------------------------------------------------
 */

static uint64_t slot_mask(gcn_slot_row s)
{
    if (!s.width)
        return 0;
    return (s.width >= 64 ? ~0ull : (1ull << s.width) - 1) << s.lo;
}

static const gcn_layout_row *layout_of(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    return &t->layouts[(unsigned)gen * t->nencodings + enc];
}

static uint64_t word_mask(const gcn_layout_row *l)
{
    return l->bytes >= 8 ? ~0ull : (1ull << (8 * l->bytes)) - 1;
}

int peer_encoding_index(const char *name)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned e;
    for (e = 0; e < t->nencodings; e++)
        if (strcmp(t->encodings[e].name, name) == 0)
            return (int)e;
    return -1;
}

uint64_t peer_stray_mask(int gen, unsigned enc)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l = layout_of(gen, enc);
    uint64_t covered = l->match_mask;
    unsigned i;
    for (i = 0; i < t->encodings[enc].nslots; i++)
        covered |= slot_mask(l->slot[i]);
    return ~covered & word_mask(l);
}

uint64_t peer_used_mask(int gen, unsigned insn)
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

int peer_insn_of(int gen, unsigned enc, uint64_t word)
{
    const gcn_layout_row *l = layout_of(gen, enc);
    gcn_slot_row s = l->slot[l->opcode_slot];
    uint64_t op = (word & slot_mask(s)) >> s.lo;
    if (!l->present || op >= l->opcode_count || l->opcode_map[op] == GCN_NO_INSN)
        return -1;
    return l->opcode_map[op];
}

long long peer_field(int gen, unsigned enc, uint64_t word, const char *field)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l = layout_of(gen, enc);
    unsigned i;
    for (i = 0; i < t->encodings[enc].nslots; i++)
        if (strcmp(t->encodings[enc].slot_name[i], field) == 0 && l->slot[i].width)
            return (long long)((word & slot_mask(l->slot[i])) >> l->slot[i].lo);
    return -1;
}

uint64_t peer_load(const uint8_t *bytes, size_t n)
{
    uint64_t w = 0;
    size_t i;
    for (i = 0; i < n && i < 8; i++)
        w |= (uint64_t)bytes[i] << (8 * i);
    return w;
}

void peer_format_bytes(const uint8_t *bytes, size_t n, char *out, size_t size)
{
    size_t i, o = 0;
    if (!size)
        return;
    out[0] = 0;
    for (i = 0; i < n && o + 6 < size; i++)
        o += (size_t)snprintf(out + o, size - o, "%s0x%02x", i ? "," : "", bytes[i]);
}

size_t peer_parse_bytes(const char *s, uint8_t *out, size_t max)
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

uint64_t peer_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void peer_ours_text(int gen, const uint8_t *bytes, size_t len, char *out, size_t size, int *ok)
{
    gcn_inst in;
    gcn_status st = gcn_decode(gen, bytes, len, &in);
    *ok = st == GCN_OK;
    if (*ok)
        gcn_print(&in, out, size);
    else
        snprintf(out, size, "(rejected: %s)", gcn_status_str(st));
}

/* ---- known, classified disagreements -------------------------------------------------------- */

static const peer_class_info classes[] = {
    {"llvm-bug", 0, "LLVM is wrong: the spec (spec/gcn.json, its curated evidence) says otherwise"},
    {"llvm-lacks", 0,
     "LLVM does not implement it (an instruction, a modifier, a non-canonical form); not "
     "wrong, just missing"},
    {"doc-erratum", 0, "the documents are wrong and LLVM follows the hardware"},
    {"our-bug", 1, "gcnspec is wrong: the codec must be fixed (the test stays red until then)"},
    {"our-bug-fixed", 0,
     "was an our-bug, now fixed: the reproducer must agree, and a match is a regression"},
    {NULL, 0, NULL},
};

const peer_class_info *peer_classes(void)
{
    return classes;
}

#define MAX_LIST 16
#define MAX_FIELD_CONDS 6
#define MAX_RANGES 8

typedef struct field_cond {
    const char *name;
    size_t nranges;
    long long lo[MAX_RANGES], hi[MAX_RANGES];
    unsigned classes; /* bit per gcn_sclass, bit GCN_SC_COUNT: beyond the 8-bit codes; 0: any */
} field_cond;

typedef struct known_item {
    peer_known_entry pub;
    unsigned gens;
    const char *peers[MAX_LIST];
    size_t npeers;
    int enc;
    const char *insns[64];
    size_t ninsns;
    int ours, llvm; /* -1 any, 0 reject, 1 accept */
    field_cond fields[MAX_FIELD_CONDS];
    size_t nfields;
    uint64_t bit_mask[MAX_LIST], bit_value[MAX_LIST];
    size_t nbits;
    int noncanonical; /* -1 any */
    const char *ours_drop[MAX_LIST], *peer_drop[MAX_LIST];
    size_t nours_drop, npeer_drop;
    regex_t ours_re, peer_re;
    int has_ours_re, has_peer_re;
    const char *repro_peer[MAX_LIST], *repro_text[MAX_LIST];
    size_t nrepro;
} known_item;

struct peer_known {
    gcn_json_doc doc;
    known_item *items;
    size_t n;
};

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
    if (strcmp(name, "beyond-8-bits") == 0)
        return GCN_SC_COUNT;
    return -1;
}

static gcn_status str_list(const gcn_json_doc *doc, const cJSON *obj, const char *key, int required,
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

static gcn_status load_fields(const gcn_json_doc *doc, const cJSON *when, known_item *it,
                              gcn_diag *diag)
{
    static const char *const keys[] = {"in", "class", NULL};
    const cJSON *fields = NULL, *f;
    gcn_status st = gcn_json_obj(doc, when, "fields", 0, &fields, diag);
    const gcn_tables *t = gcn_codec_tables();
    if (st != GCN_OK || !fields)
        return st;
    cJSON_ArrayForEach(f, fields)
    {
        field_cond *c;
        const cJSON *in = NULL, *r;
        const char *cls[MAX_LIST];
        size_t ncls = 0, k;
        int known = 0;
        for (k = 0; it->enc >= 0 && k < t->encodings[it->enc].nslots; k++)
            known |= strcmp(t->encodings[it->enc].slot_name[k], f->string) == 0;
        if (!known)
            return gcn_json_error(doc, f, diag, "%s has no field %s", it->pub.encoding, f->string);
        if (it->nfields == MAX_FIELD_CONDS)
            return gcn_json_error(doc, f, diag, "at most %d field conditions", MAX_FIELD_CONDS);
        c = &it->fields[it->nfields++];
        c->name = f->string;
        if ((st = gcn_json_only_keys(doc, f, keys, diag)) != GCN_OK ||
            (st = gcn_json_arr(doc, f, "in", 0, &in, diag)) != GCN_OK ||
            (st = str_list(doc, f, "class", 0, cls, MAX_LIST, &ncls, diag)) != GCN_OK)
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

static gcn_status load_bits(const gcn_json_doc *doc, const cJSON *when, known_item *it,
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

static gcn_status load_repro(const gcn_json_doc *doc, const cJSON *e, known_item *it,
                             gcn_diag *diag)
{
    const cJSON *r = NULL, *kv;
    const char *gen = NULL, *bytes = NULL;
    gcn_status st = gcn_json_obj(doc, e, "reproducer", 1, &r, diag);
    if (st != GCN_OK)
        return st;
    if ((st = gcn_json_str(doc, r, "gen", 1, &gen, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, r, "bytes", 1, &bytes, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, r, "gcnspec", 1, &it->pub.repro_ours, diag)) != GCN_OK)
        return st;
    it->pub.repro_gen = gcn_gen_lookup(gen);
    if (it->pub.repro_gen < 0 || !((it->gens >> it->pub.repro_gen) & 1))
        return gcn_json_error(doc, r, diag, "reproducer gen %s: not one of the entry's gens", gen);
    it->pub.repro_len = peer_parse_bytes(bytes, it->pub.repro_bytes, sizeof(it->pub.repro_bytes));
    if (it->pub.repro_len < 4)
        return gcn_json_error(doc, r, diag, "reproducer bytes: 0x..,0x.. (at least 4)");
    cJSON_ArrayForEach(kv, r)
    {
        size_t k;
        int peer = 0;
        for (k = 0; k < it->npeers; k++)
            peer |= strcmp(kv->string, it->peers[k]) == 0;
        if (!peer) {
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
        it->repro_peer[it->nrepro] = kv->string;
        it->repro_text[it->nrepro++] = kv->valuestring;
    }
    return GCN_OK;
}

static gcn_status load_entry(const gcn_json_doc *doc, const cJSON *e, known_item *it,
                             gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",   "gens", "peers", "encoding",       "instructions", "instruction", "pattern",
        "ours", "llvm", "when",  "classification", "explanation",  "reproducer",  NULL};
    static const char *const when_keys[] = {"fields",     "bits",      "noncanonical", "ours_regex",
                                            "llvm_regex", "ours_drop", "llvm_drop",    NULL};
    const char *gens[8];
    size_t ngens = 0, k;
    const cJSON *when = NULL;
    const peer_class_info *c;
    gcn_status st;
    it->ours = it->llvm = it->noncanonical = -1;
    if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "id", 1, &it->pub.id, diag)) != GCN_OK ||
        (st = str_list(doc, e, "gens", 1, gens, 8, &ngens, diag)) != GCN_OK ||
        (st = str_list(doc, e, "peers", 1, it->peers, MAX_LIST, &it->npeers, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "encoding", 1, &it->pub.encoding, diag)) != GCN_OK ||
        (st = str_list(doc, e, "instructions", 0, it->insns, 64, &it->ninsns, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "instruction", 1, &it->pub.instruction, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "pattern", 1, &it->pub.pattern, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "ours", &it->ours, diag)) != GCN_OK ||
        (st = outcome_of(doc, e, "llvm", &it->llvm, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "classification", 1, &it->pub.classification, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "explanation", 1, &it->pub.explanation, diag)) != GCN_OK)
        return st;
    for (c = classes; c->name; c++)
        if (strcmp(c->name, it->pub.classification) == 0)
            break;
    if (!c->name)
        return gcn_json_error(doc, e, diag,
                              "classification %s: llvm-bug, llvm-lacks, doc-erratum, our-bug or "
                              "our-bug-fixed",
                              it->pub.classification);
    it->pub.fails = c->fails;
    for (k = 0; k < ngens; k++) {
        int g = gcn_gen_lookup(gens[k]);
        if (g < 0)
            return gcn_json_error(doc, e, diag, "unknown generation %s", gens[k]);
        it->gens |= 1u << g;
    }
    it->enc = peer_encoding_index(it->pub.encoding);
    if (it->enc < 0)
        return gcn_json_error(doc, e, diag, "unknown encoding %s", it->pub.encoding);
    for (k = 0; k < it->ninsns; k++) {
        int i, found = 0;
        for (i = 0; i < gcn_insn_count() && !found; i++)
            found = strcmp(gcn_insn_mnemonic(i), it->insns[k]) == 0 &&
                    gcn_codec_tables()->insns[i].encoding == (unsigned)it->enc;
        if (!found)
            return gcn_json_error(doc, e, diag, "%s has no instruction %s", it->pub.encoding,
                                  it->insns[k]);
    }
    if ((st = gcn_json_obj(doc, e, "when", 0, &when, diag)) != GCN_OK)
        return st;
    if (when && ((st = gcn_json_only_keys(doc, when, when_keys, diag)) != GCN_OK ||
                 (st = load_fields(doc, when, it, diag)) != GCN_OK ||
                 (st = load_bits(doc, when, it, diag)) != GCN_OK ||
                 (st = tri_of(doc, when, "noncanonical", &it->noncanonical, diag)) != GCN_OK ||
                 (st = str_list(doc, when, "ours_drop", 0, it->ours_drop, MAX_LIST, &it->nours_drop,
                                diag)) != GCN_OK ||
                 (st = str_list(doc, when, "llvm_drop", 0, it->peer_drop, MAX_LIST, &it->npeer_drop,
                                diag)) != GCN_OK ||
                 (st = load_regex(doc, when, "ours_regex", &it->ours_re, &it->has_ours_re, diag)) !=
                     GCN_OK ||
                 (st = load_regex(doc, when, "llvm_regex", &it->peer_re, &it->has_peer_re, diag)) !=
                     GCN_OK))
        return st;
    if ((it->nours_drop || it->npeer_drop) && (it->ours != 1 || it->llvm != 1))
        return gcn_json_error(doc, e, diag,
                              "ours_drop/llvm_drop explain a text difference: ours and llvm must "
                              "both be accept");
    return load_repro(doc, e, it, diag);
}

void peer_known_free(peer_known *k)
{
    size_t i;
    if (!k)
        return;
    for (i = 0; i < k->n; i++) {
        if (k->items[i].has_ours_re)
            regfree(&k->items[i].ours_re);
        if (k->items[i].has_peer_re)
            regfree(&k->items[i].peer_re);
    }
    free(k->items);
    gcn_json_free(&k->doc);
    free(k);
}

gcn_status peer_known_load(peer_known **out, const char *path, gcn_diag *diag)
{
    static const char *const keys[] = {"schema", "about", "peers", "known", NULL};
    peer_known *k = calloc(1, sizeof(*k));
    const cJSON *list = NULL, *e;
    gcn_status st;
    size_t j;
    *out = NULL;
    if (!k)
        return GCN_ERR_NOMEM;
    st = gcn_json_load(&k->doc, path, diag);
    if (st == GCN_OK)
        st = gcn_json_only_keys(&k->doc, k->doc.root, keys, diag);
    if (st == GCN_OK)
        st = gcn_json_arr(&k->doc, k->doc.root, "known", 1, &list, diag);
    if (st == GCN_OK) {
        k->items = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(*k->items));
        if (!k->items)
            st = GCN_ERR_NOMEM;
    }
    if (st == GCN_OK) {
        cJSON_ArrayForEach(e, list)
        {
            st = load_entry(&k->doc, e, &k->items[k->n], diag);
            k->n++; /* counted even on failure, so its regexes are freed */
            if (st != GCN_OK)
                break;
            for (j = 0; j + 1 < k->n; j++)
                if (strcmp(k->items[j].pub.id, k->items[k->n - 1].pub.id) == 0) {
                    st = gcn_json_error(&k->doc, e, diag, "duplicate id %s",
                                        k->items[k->n - 1].pub.id);
                    break;
                }
            if (st != GCN_OK)
                break;
        }
    }
    if (st != GCN_OK) {
        peer_known_free(k);
        return st;
    }
    *out = k;
    return GCN_OK;
}

size_t peer_known_count(const peer_known *k)
{
    return k ? k->n : 0;
}

const peer_known_entry *peer_known_get(const peer_known *k, size_t i)
{
    return i < k->n ? &k->items[i].pub : NULL;
}

const char *peer_known_repro_peer(const peer_known *k, size_t i, const char *peer)
{
    size_t j;
    for (j = 0; i < k->n && j < k->items[i].nrepro; j++)
        if (strcmp(k->items[i].repro_peer[j], peer) == 0)
            return k->items[i].repro_text[j];
    return NULL;
}

int peer_known_applies(const peer_known *k, size_t i, const char *peer, int gen)
{
    const known_item *it = &k->items[i];
    size_t j;
    if (gen < 0 || !((it->gens >> gen) & 1))
        return 0;
    for (j = 0; j < it->npeers; j++)
        if (strcmp(it->peers[j], peer) == 0)
            return 1;
    return 0;
}

static int field_ok(const field_cond *c, long long v, int gen)
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

/* Every condition but the texts' rewriting. */
static int conditions_hold(const known_item *it, const peer_known *k, size_t i, const peer_view *v)
{
    const gcn_layout_row *l;
    uint64_t w;
    int insn;
    size_t j;
    if (v->encoding != it->enc || !peer_known_applies(k, i, v->peer, v->gen))
        return 0;
    if ((it->ours >= 0 && it->ours != !!v->ours_ok) || (it->llvm >= 0 && it->llvm != !!v->peer_ok))
        return 0;
    l = layout_of(v->gen, (unsigned)v->encoding);
    w = peer_load(v->bytes, v->len < l->bytes ? v->len : l->bytes);
    insn = peer_insn_of(v->gen, (unsigned)v->encoding, w);
    if (it->ninsns) {
        int hit = 0;
        for (j = 0; j < it->ninsns && insn >= 0 && !hit; j++)
            hit = strcmp(gcn_insn_mnemonic(insn), it->insns[j]) == 0;
        if (!hit)
            return 0;
    }
    for (j = 0; j < it->nfields; j++) {
        /* a field this generation's layout lacks reads as 0, as the decoder reads it */
        long long f = peer_field(v->gen, (unsigned)v->encoding, w, it->fields[j].name);
        if (!field_ok(&it->fields[j], f < 0 ? 0 : f, v->gen))
            return 0;
    }
    for (j = 0; j < it->nbits; j++)
        if ((w & it->bit_mask[j]) != it->bit_value[j])
            return 0;
    if (it->noncanonical >= 0) {
        uint64_t used = insn >= 0 ? peer_used_mask(v->gen, (unsigned)insn)
                                  : ~peer_stray_mask(v->gen, (unsigned)v->encoding);
        if (it->noncanonical != ((w & ~used) != 0))
            return 0;
    }
    if (it->has_ours_re && regexec(&it->ours_re, v->ours_text, 0, NULL, 0) != 0)
        return 0;
    if (it->has_peer_re && regexec(&it->peer_re, v->peer_text, 0, NULL, 0) != 0)
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

static int rewrites(const known_item *it)
{
    return it->nours_drop || it->npeer_drop;
}

/* The texts of a view after the rewrites of entry `only` (-1: of every entry whose other
 * conditions hold); returns the first entry applied, -1 when none was. */
static long rewrite_texts(const peer_known *k, const peer_view *v, long only, char *ours,
                          char *peer, size_t size)
{
    long first = -1;
    size_t i;
    snprintf(ours, size, "%s", v->ours_text);
    snprintf(peer, size, "%s", v->peer_text);
    for (i = 0; i < k->n; i++) {
        const known_item *it = &k->items[i];
        if ((only >= 0 && (size_t)only != i) || !rewrites(it) || !conditions_hold(it, k, i, v))
            continue;
        drop_all(ours, it->ours_drop, it->nours_drop);
        drop_all(peer, it->peer_drop, it->npeer_drop);
        if (first < 0)
            first = (long)i;
    }
    return first;
}

int peer_known_match_one(const peer_known *k, size_t i, const peer_view *v)
{
    char ours[512], peer[512];
    if (i >= k->n)
        return 0;
    if (!rewrites(&k->items[i]))
        return conditions_hold(&k->items[i], k, i, v);
    return rewrite_texts(k, v, (long)i, ours, peer, sizeof(ours)) >= 0 && strcmp(ours, peer) == 0;
}

/* First the entries that explain a word outright, in file order; then the text rewrites
 * (dropping a modifier one side does not print), which stack: a word with both `glc` and `nv`
 * differences is explained when all applicable rewrites together make the texts equal. */
long peer_known_match(const peer_known *k, const peer_view *v)
{
    char ours[512], peer[512];
    size_t i;
    long first;
    if (!k)
        return -1;
    for (i = 0; i < k->n; i++)
        if (!rewrites(&k->items[i]) && conditions_hold(&k->items[i], k, i, v))
            return (long)i;
    if (!v->ours_ok || !v->peer_ok)
        return -1;
    first = rewrite_texts(k, v, -1, ours, peer, sizeof(ours));
    return first >= 0 && strcmp(ours, peer) == 0 ? first : -1;
}

/* ---- reports/codec-vs-llvm.md ---------------------------------------------------------------- */

static const char *const section_order[] = {
    "llvm-14",         "llvm-19", "reassemble", "sop1-sweep-llvm-14", "sop1-sweep-llvm-19",
    "sop1-sweep-none", NULL};

static const char report_header[] =
    "# gcnspec's codec against LLVM\n"
    "\n"
    "Generated; do not edit. Each section is written by the executable that owns it (in its\n"
    "`--report PATH` mode; `cmake --build build --target codec_vs_llvm_report` runs them all):\n"
    "\n"
    "| section | written by | what |\n"
    "|---|---|---|\n"
    "| llvm-14, llvm-19 | `tests/peer/test_codec_vs_llvm14`, `test_codec_vs_llvm19` | random "
    "words carrying the fixed bits of DS, SOP1 and SMEM on gfx8/gfx9, decoded by gcnspec and by "
    "the LLVM-C disassembler in-process |\n"
    "| reassemble | `tests/peer/test_codec_reassemble` | gfx6/gfx7, which no LLVM disassembles: "
    "the text gcnspec prints for valid words, assembled by one `llvm-mc-14` per generation, "
    "against the canonical encoding |\n"
    "| sop1-sweep-llvm-14, -llvm-19 | `tools/sop1_sweep_llvm14`, `sop1_sweep_llvm19` (target "
    "`sop1_sweep_report`) | every SOP1 word of each generation (or every dword): gcnspec's round "
    "trips, and on gfx8/gfx9 the LLVM-C disassembler |\n"
    "\n"
    "A word agrees when both sides reject it, or both accept it with the same text and size.\n"
    "LLVM prints many words it cannot encode with a mark instead of failing; a mark counts as\n"
    "LLVM rejecting the word. The marks (tests/peer/llvm_disasm.c):\n"
    "\n";

static void section_bounds(const char *doc, const char *name, const char **begin, const char **end)
{
    char open[64], close[64];
    const char *b, *e;
    snprintf(open, sizeof(open), "<!-- section: %s -->\n", name);
    snprintf(close, sizeof(close), "<!-- end: %s -->\n", name);
    *begin = *end = NULL;
    b = doc ? strstr(doc, open) : NULL;
    e = b ? strstr(b, close) : NULL;
    if (b && e) {
        *begin = b;
        *end = e + strlen(close);
    }
}

gcn_status peer_report_section(const char *path, const char *name, const char *body, gcn_diag *diag)
{
    char *old = NULL;
    size_t old_len = 0, i;
    gcn_buf out;
    gcn_status st;
    const llvm_disasm_marker *m;
    gcn_diag ignore;
    for (i = 0; section_order[i] && strcmp(section_order[i], name) != 0; i++)
        ;
    if (!section_order[i]) {
        gcn_diag_set(diag, path, 0, 0, "unknown report section %s", name);
        return GCN_ERR_INVALID;
    }
    if (gcn_read_file(path, &old, &old_len, &ignore) != GCN_OK)
        old = NULL;
    gcn_buf_init(&out);
    gcn_buf_puts(&out, report_header);
    for (m = markers; m->text; m++)
        gcn_buf_printf(&out, "- `%s`: %s\n", m->text, m->note);
    for (i = 0; section_order[i]; i++) {
        const char *b, *e;
        if (strcmp(section_order[i], name) == 0) {
            gcn_buf_printf(&out, "\n<!-- section: %s -->\n%s", name, body);
            if (out.len && out.data[out.len - 1] != '\n')
                gcn_buf_putc(&out, '\n');
            gcn_buf_printf(&out, "<!-- end: %s -->\n", name);
            continue;
        }
        section_bounds(old, section_order[i], &b, &e);
        if (b) {
            gcn_buf_putc(&out, '\n');
            gcn_buf_append(&out, b, (size_t)(e - b));
        }
    }
    free(old);
    if (out.oom) {
        gcn_buf_free(&out);
        return GCN_ERR_NOMEM;
    }
    st = gcn_write_file_atomic(path, out.data, out.len, diag);
    gcn_buf_free(&out);
    return st;
}
