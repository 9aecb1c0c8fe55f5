#define _POSIX_C_SOURCE 200809L
#include "llvm_disasm.h"

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

void llvm_disasm_text_of(const llvm_disasm_result *r, char *out, size_t size)
{
    if (r->outcome == LLVM_DISASM_CRASHED)
        peer_fate_text(&r->fate, out, size);
    else if (r->outcome == LLVM_DISASM_REJECTED)
        snprintf(out, size, "(rejected)");
    else
        snprintf(out, size, "%s", r->text);
}

#ifdef GCN_LLVM_C
#include <pthread.h>
#include <signal.h>

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
    uint8_t copy[LLVM_DISASM_INPUT_MAX];
    size_t k;
    memset(&r->fate, 0, sizeof(r->fate));
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

/* ---- the isolated mode ----------------------------------------------------------------------- */

#define MAX_FAULTS 8

/* An input as the child receives it, in the shared mapping. */
typedef struct isolated_input {
    uint8_t bytes[LLVM_DISASM_INPUT_MAX];
    size_t len;
    int raise; /* the test hook: raise this signal instead */
} isolated_input;

struct llvm_disasm_isolated {
    llvm_disasm *d; /* opened in the parent, used by its children */
    peer_isolate *server;
    isolated_input *inputs;
    peer_isolate_fate *fates;
    uint8_t fault_bytes[MAX_FAULTS][LLVM_DISASM_INPUT_MAX];
    size_t fault_len[MAX_FAULTS];
    int fault_sig[MAX_FAULTS];
    size_t nfaults;
};

static void isolated_worker(void *arg, const void *input, void *result)
{
    const isolated_input *in = input;
    if (in->raise)
        raise(in->raise);
    llvm_disasm_one(arg, in->bytes, in->len, result);
}

gcn_status llvm_disasm_isolated_open(llvm_disasm_isolated **out, const char *mcpu, gcn_diag *diag)
{
    llvm_disasm_isolated *d = calloc(1, sizeof(*d));
    gcn_status st;
    *out = NULL;
    if (!d)
        return GCN_ERR_NOMEM;
    d->d = llvm_disasm_open(mcpu);
    if (!d->d) {
        gcn_diag_set(diag, "llvm-disasm", 0, 0, "%s has no AMDGPU disassembler for %s",
                     llvm_disasm_version(), mcpu);
        free(d);
        return GCN_ERR_UNSUPPORTED;
    }
    d->inputs = calloc(LLVM_DISASM_BATCH, sizeof(*d->inputs));
    d->fates = calloc(LLVM_DISASM_BATCH, sizeof(*d->fates));
    if (!d->inputs || !d->fates) {
        llvm_disasm_isolated_close(d);
        return GCN_ERR_NOMEM;
    }
    st = peer_isolate_open(&d->server, isolated_worker, d->d, sizeof(isolated_input),
                           sizeof(llvm_disasm_result), LLVM_DISASM_BATCH, 0, diag);
    if (st != GCN_OK) {
        llvm_disasm_isolated_close(d);
        return st;
    }
    *out = d;
    return GCN_OK;
}

void llvm_disasm_isolated_close(llvm_disasm_isolated *d)
{
    if (!d)
        return;
    peer_isolate_close(d->server);
    llvm_disasm_close(d->d);
    free(d->inputs);
    free(d->fates);
    free(d);
}

const peer_isolate_stats *llvm_disasm_isolated_stats(const llvm_disasm_isolated *d)
{
    return peer_isolate_stats_of(d->server);
}

gcn_status llvm_disasm_isolated_fault(llvm_disasm_isolated *d, const uint8_t *bytes, size_t len,
                                      int sig)
{
    if (d->nfaults == MAX_FAULTS || !len || len > LLVM_DISASM_INPUT_MAX)
        return GCN_ERR_USAGE;
    memcpy(d->fault_bytes[d->nfaults], bytes, len);
    d->fault_len[d->nfaults] = len;
    d->fault_sig[d->nfaults++] = sig;
    return GCN_OK;
}

static int fault_of(const llvm_disasm_isolated *d, const uint8_t *bytes, size_t len)
{
    size_t k;
    for (k = 0; k < d->nfaults; k++)
        if (len >= d->fault_len[k] && memcmp(bytes, d->fault_bytes[k], d->fault_len[k]) == 0)
            return d->fault_sig[k];
    return 0;
}

gcn_status llvm_disasm_isolated_run(llvm_disasm_isolated *d, const llvm_disasm_input *in, size_t n,
                                    llvm_disasm_result *out, gcn_diag *diag)
{
    size_t start;
    for (start = 0; start < n; start += LLVM_DISASM_BATCH) {
        size_t m = n - start < LLVM_DISASM_BATCH ? n - start : LLVM_DISASM_BATCH, i;
        gcn_status st;
        for (i = 0; i < m; i++) {
            const llvm_disasm_input *x = &in[start + i];
            isolated_input *y = &d->inputs[i];
            y->len = x->len < LLVM_DISASM_INPUT_MAX ? x->len : LLVM_DISASM_INPUT_MAX;
            memset(y->bytes, 0, sizeof(y->bytes));
            memcpy(y->bytes, x->bytes, y->len);
            y->raise = fault_of(d, y->bytes, y->len);
        }
        st = peer_isolate_run(d->server, d->inputs, m, &out[start], d->fates, diag);
        if (st != GCN_OK)
            return st;
        for (i = 0; i < m; i++) {
            llvm_disasm_result *r = &out[start + i];
            if (!d->fates[i].died)
                continue;
            memset(r, 0, sizeof(*r));
            r->outcome = LLVM_DISASM_CRASHED;
            r->fate = d->fates[i];
        }
    }
    return GCN_OK;
}

gcn_status llvm_disasm_isolated_one(llvm_disasm_isolated *d, const uint8_t *bytes, size_t len,
                                    llvm_disasm_result *r, gcn_diag *diag)
{
    llvm_disasm_input in;
    in.bytes = bytes;
    in.len = len;
    return llvm_disasm_isolated_run(d, &in, 1, r, diag);
}
#endif

/* ---- our encodings, from the codec tables ------------------------------------------------------
 */

uint64_t peer_load(const uint8_t *bytes, size_t n)
{
    uint64_t w = 0;
    size_t i;
    for (i = 0; i < n && i < 8; i++)
        w |= (uint64_t)bytes[i] << (8 * i);
    return w;
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

const peer_class_info *peer_classes(void)
{
    return gcn_kw_classes();
}

struct peer_known {
    gcn_json_doc doc;
    gcn_kw_entry *items;
    size_t n;
};

void peer_known_free(peer_known *k)
{
    size_t i;
    if (!k)
        return;
    for (i = 0; i < k->n; i++)
        gcn_kw_free(&k->items[i]);
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
            st = gcn_kw_load(&k->doc, e, &k->items[k->n], diag);
            k->n++; /* counted even on failure, so its regexes are freed */
            if (st != GCN_OK)
                break;
            for (j = 0; j + 1 < k->n; j++)
                if (strcmp(k->items[j].id, k->items[k->n - 1].id) == 0) {
                    st = gcn_json_error(&k->doc, e, diag, "duplicate id %s", k->items[k->n - 1].id);
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
    return i < k->n ? &k->items[i] : NULL;
}

const char *peer_known_repro_peer(const peer_known *k, size_t i, const char *peer)
{
    return i < k->n ? gcn_kw_repro_text(&k->items[i], peer) : NULL;
}

int peer_known_applies(const peer_known *k, size_t i, const char *peer, int gen)
{
    const gcn_kw_entry *it = &k->items[i];
    return gen >= 0 && ((it->gens >> gen) & 1) && gcn_kw_names_peer(it, peer);
}

/* Every condition but the texts' rewriting. */
static int conditions_hold(const peer_known *k, size_t i, const peer_view *v)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_layout_row *l;
    gcn_kw_word w;
    if ((unsigned)v->encoding >= t->nencodings && v->encoding != -1)
        return 0;
    if ((v->encoding < 0 && !v->encoding_name) || !peer_known_applies(k, i, v->peer, v->gen))
        return 0;
    w.gen = v->gen;
    w.encoding = v->encoding;
    w.encoding_name = v->encoding_name;
    w.bytes = v->bytes;
    w.len = v->len;
    w.insn = -1;
    if (v->encoding >= 0) {
        l = &t->layouts[(unsigned)v->gen * t->nencodings + (unsigned)v->encoding];
        w.insn = gcn_kw_insn_of(v->gen, (unsigned)v->encoding,
                                peer_load(v->bytes, v->len < l->bytes ? v->len : l->bytes));
    }
    w.ours_ok = !!v->ours_ok;
    w.ours_text = v->ours_text;
    w.peer_ok = v->peer_ok;
    w.peer_text = v->peer_text;
    return gcn_kw_holds(&k->items[i], &w);
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
        if ((only >= 0 && (size_t)only != i) || !gcn_kw_rewrites(&k->items[i]) ||
            !conditions_hold(k, i, v))
            continue;
        gcn_kw_drop(&k->items[i], ours, peer);
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
    if (!gcn_kw_rewrites(&k->items[i]))
        return conditions_hold(k, i, v);
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
        if (!gcn_kw_rewrites(&k->items[i]) && conditions_hold(k, i, v))
            return (long)i;
    if (!v->ours_ok || v->peer_ok != GCN_KW_ACCEPT)
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
    "words carrying the fixed bits of each modelled encoding on gfx8/gfx9, decoded by gcnspec and "
    "by "
    "the LLVM-C disassembler (in a child process, which LLVM may crash), and words of the SDWA "
    "and DPP forms the codec does not model yet, on which LLVM must not crash unexplained |\n"
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
