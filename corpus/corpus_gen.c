/* gcn_corpus: the fuzz targets' seed corpora, dictionaries and coverage report, generated from
 * the spec (through the codec tables and the spec's encoding cases, vectors/enc_cases.h), run
 * by the build.
 *
 *   gcn_corpus seeds --kind bytes|text|llvm|json|exec|visa --out DIR [--spec SPEC_DIR]
 *   gcn_corpus dict --kind bytes|text|llvm|json --out FILE [--spec SPEC_DIR]
 *   gcn_corpus coverage --out FILE [--check] NAME=KIND:DIR...
 *
 * seeds: DIR is emptied of regular files, then holds one file per input:
 *   bytes  [generation][instruction bytes]: every (encoding, opcode, generation) with the
 *          boundary operands and literals of its cases, as few inputs as reach every coverage
 *          element (corpus/coverage.h) the cases reach;
 *   llvm   the same for the generations LLVM disassembles, in the LLVM targets' input
 *          (harness/llvm_input.h);
 *   text   [generation][lines]: per (instruction, generation) the texts of those inputs and the
 *          documents' upper-case spelling; per generation, files of malformed lines (the good
 *          ones cut at every token, a doubled last token, a letter in a number);
 *   exec   [generation][instruction bytes][state bytes]: the bytes kind's instructions, each
 *          seed of one with the next of harness/oracle_input.h's state tails;
 *   visa   fuzz_visa_atomic's operands (harness/oracle_input.h): every pair, generation and
 *          variant;
 *   json   [parser][file]: the committed spec JSON files, trimmed to a few entries, for every
 *          parser of fuzz_parsers, and malformed variants (and, with oracle/, small state
 *          files of every generation).
 * dict: libFuzzer/AFL++ dictionary: the encodings' fixed bits and every opcode's first word
 *   (bytes, llvm), the tokens of every printed case: mnemonics, registers and specials,
 *   modifiers, swizzle forms (text), the spec files' keys and short values (json).
 * coverage: corpus/coverage.h's report; --check exits 1 when a corpus of kind bytes or text
 *   misses an element of the universe, or one of kind llvm misses one of its generations. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "codec/codec_internal.h"
#include "corpus/coverage.h"
#include "fuzz_common.h"
#include "harness/llvm_input.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"
#include "util/strset.h"
#include "vectors/enc_cases.h"
#include "vectors/syntax_cases.h"
#ifdef GCN_HAVE_ORACLE
#include "gcnspec/oracle.h"
#include "harness/oracle_input.h"
#endif

/* the parsers of fuzz_parsers, in its order (harness/fuzz_parsers.c) */
enum parser { P_FACTS, P_ERRATA, P_PSEUDO_ENV, P_KNOWN, P_JSON, P_CURATED, P_STATE };

static int usage(void)
{
    fprintf(stderr,
            "usage: gcn_corpus seeds --kind bytes|text|llvm|json|exec --out DIR [--spec DIR]\n"
            "       gcn_corpus dict --kind bytes|text|llvm|json --out FILE [--spec DIR]\n"
            "       gcn_corpus coverage --out FILE [--check] NAME=KIND:DIR...\n");
    return 2;
}

/* ---- output --------------------------------------------------------------------------------- */

static const char *out_dir;
static size_t nwritten;

static void clear_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        char p[4096];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
        if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
            unlink(p);
    }
    closedir(d);
}

static void write_seed(const char *name, const void *data, size_t size)
{
    char path[4096];
    gcn_diag diag;
    snprintf(path, sizeof(path), "%s/%s", out_dir, name);
    if (gcn_write_file_replace(path, data, size, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        exit(1);
    }
    nwritten++;
}

/* ---- bytes and llvm: the fewest cases that reach every element ---------------------------- */

typedef struct pick_ctx {
    cov_set *seen;
    int gen;
    int llvm_k; /* -1: bytes kind; 0/1: the LLVM generation */
    unsigned encs[32], nencs;
    unsigned count[1024];
    gcn_buf *text; /* text kind: the lines of the current instruction */
    int text_insn;
    int upper_checked;
} pick_ctx;

static int new_elements(pick_ctx *p, const gcn_inst *d)
{
    cov_element el[GCN_INST_MAX_FIELDS + 4];
    size_t k, n = cov_classify(d, el, sizeof(el) / sizeof(el[0]));
    int fresh = 0;
    for (k = 0; k < n; k++)
        fresh |= cov_set_add(p->seen, &el[k]);
    return fresh;
}

static int pick_bytes(const gcn_enc_case *c, void *ctx)
{
    pick_ctx *p = ctx;
    uint8_t b[GCN_INST_MAX_BYTES + 8];
    size_t n = 0;
    gcn_inst d;
    char name[160];
    const char *m = gcn_inst_mnemonic(&c->inst);
    if (gcn_encode(&c->inst, b + 1, sizeof(b) - 1, &n) != GCN_OK ||
        gcn_decode(p->gen, b + 1, n, &d) != GCN_OK || !new_elements(p, &d))
        return 0;
    if (p->llvm_k == -2) {
#ifdef GCN_HAVE_ORACLE
        uint8_t in[GCN_INST_MAX_BYTES + 8 + OX_STATE_BYTES];
        unsigned k = p->count[c->inst.insn % 1024]++;
        in[0] = (uint8_t)p->gen;
        memcpy(in + 1, b + 1, n);
        snprintf(name, sizeof(name), "%s-%s-%03u", gcn_gen_id(p->gen), m, k);
        write_seed(name, in, n + 1 + ox_seed_tail(k, in + n + 1, sizeof(in) - n - 1));
#endif
    } else if (p->llvm_k < 0) {
        b[0] = (uint8_t)p->gen;
        snprintf(name, sizeof(name), "%s-%s-%03u", gcn_gen_id(p->gen), m,
                 p->count[c->inst.insn % 1024]++);
        write_seed(name, b, n + 1);
    } else {
        unsigned pos;
        uint8_t in[LLVM_INPUT_MAX + 1];
        const gcn_layout_row *l = codec_layout(gcn_codec_tables(), p->gen, c->inst.encoding);
        llvm_word w;
        for (pos = 0; pos < p->nencs && p->encs[pos] != c->inst.encoding; pos++)
            ;
        memset(in, 0, sizeof(in));
        in[0] = (uint8_t)(p->llvm_k | (pos << 1));
        memcpy(in + 1, b + 1, n);
        /* the input as the LLVM targets read it must be these bytes */
        if (!llvm_input_word(in, (size_t)l->bytes + 5, &w) || w.gen != p->gen ||
            memcmp(w.bytes, in + 1, n) != 0) {
            fprintf(stderr, "gcn_corpus: %s on %s: the LLVM input does not hold the word\n", m,
                    gcn_gen_id(p->gen));
            exit(1);
        }
        snprintf(name, sizeof(name), "%s-%s-%03u", gcn_gen_id(p->gen), m,
                 p->count[c->inst.insn % 1024]++);
        write_seed(name, in, (size_t)l->bytes + 5);
    }
    return 0;
}

/* ---- text ------------------------------------------------------------------------------------ */

static void upper(char *s)
{
    for (; *s; s++)
        *s = (char)toupper((unsigned char)*s);
}

static void flush_text(pick_ctx *p)
{
    char name[160];
    if (p->text_insn >= 0 && p->text->len > 1) {
        snprintf(name, sizeof(name), "%s-%s", gcn_gen_id(p->gen), gcn_insn_mnemonic(p->text_insn));
        write_seed(name, p->text->data, p->text->len);
    }
    gcn_buf_reset(p->text);
    gcn_buf_putc(p->text, (char)p->gen);
    p->text_insn = -1;
}

static int pick_text(const gcn_enc_case *c, void *ctx)
{
    pick_ctx *p = ctx;
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t n = 0;
    gcn_inst d;
    char t[FUZZ_TEXT_MAX];
    if (c->inst.insn != p->text_insn) {
        flush_text(p);
        p->text_insn = c->inst.insn;
        p->upper_checked = 0;
    }
    if (gcn_encode(&c->inst, b, sizeof(b), &n) != GCN_OK ||
        gcn_decode(p->gen, b, n, &d) != GCN_OK || !new_elements(p, &d))
        return 0;
    gcn_print(&d, t, sizeof(t));
    gcn_buf_printf(p->text, "%s\n", t);
    if (!p->upper_checked) {
        /* the documents' spelling of the first form */
        upper(t);
        gcn_buf_printf(p->text, "%s\n", t);
        p->upper_checked = 1;
    }
    return 0;
}

/* Malformed lines from a good one: cut at every token boundary, the last token doubled, a
 * letter in place of each digit run's first digit, junk appended. */
static void bad_lines(gcn_buf *out, const char *good)
{
    size_t n = strlen(good), i;
    int replaced = 0;
    for (i = 1; i < n; i++)
        if (good[i] == ' ' || good[i] == ',' || good[i] == ':' || good[i] == '[')
            gcn_buf_printf(out, "%.*s\n", (int)i, good);
    {
        const char *last = strrchr(good, ' ');
        if (last)
            gcn_buf_printf(out, "%s%s\n", good, last);
    }
    for (i = 0; i < n && replaced < 3; i++)
        if (isdigit((unsigned char)good[i]) && (i == 0 || !isdigit((unsigned char)good[i - 1]))) {
            gcn_buf_printf(out, "%.*sz%s\n", (int)i, good, good + i + 1);
            replaced++;
        }
    gcn_buf_printf(out, "%s ???\n%s,\n %s\t\n", good, good, good);
}

typedef struct bad_ctx {
    int gen, last_insn;
    gcn_buf buf;
    unsigned files, lines;
} bad_ctx;

static void flush_bad(bad_ctx *b)
{
    char name[64];
    if (b->buf.len > 1) {
        snprintf(name, sizeof(name), "%s-bad-%03u", gcn_gen_id(b->gen), b->files++);
        write_seed(name, b->buf.data, b->buf.len);
    }
    gcn_buf_reset(&b->buf);
    gcn_buf_putc(&b->buf, (char)b->gen);
    b->lines = 0;
}

static int pick_bad(const gcn_enc_case *c, void *ctx)
{
    bad_ctx *b = ctx;
    char t[FUZZ_TEXT_MAX];
    if (c->inst.insn == b->last_insn)
        return 0; /* the base form of each instruction */
    b->last_insn = c->inst.insn;
    gcn_print(&c->inst, t, sizeof(t));
    bad_lines(&b->buf, t);
    if (++b->lines == 16)
        flush_bad(b);
    return 0;
}

/* The syntax cases (vectors/syntax_cases), a seed per generation and form with its first
 * lines: every spelling of numbers, registers, separators and modifiers that the assembler
 * takes or refuses, for text_roundtrip to mutate from. */
#define SYNTAX_SEED_LINES 24
#define SYNTAX_FORMS 256
typedef struct syntax_ctx {
    int gen;
    struct {
        const char *form;
        gcn_buf buf;
        unsigned lines;
    } f[SYNTAX_FORMS];
    unsigned n;
} syntax_ctx;

static int pick_syntax(const gcn_syntax_case *c, void *ctx)
{
    syntax_ctx *x = ctx;
    unsigned i;
    for (i = 0; i < x->n && strcmp(x->f[i].form, c->form) != 0; i++)
        ;
    if (i == x->n) {
        if (x->n == SYNTAX_FORMS)
            return 0;
        x->f[i].form = c->form;
        gcn_buf_init(&x->f[i].buf);
        gcn_buf_putc(&x->f[i].buf, (char)x->gen);
        x->n++;
    }
    if (x->f[i].lines < SYNTAX_SEED_LINES) {
        gcn_buf_printf(&x->f[i].buf, "%s\n", c->text);
        x->f[i].lines++;
    }
    return 0;
}

static void syntax_seeds(int gen)
{
    syntax_ctx *x = calloc(1, sizeof(*x));
    unsigned i;
    if (!x) {
        fprintf(stderr, "gcn_corpus: out of memory\n");
        exit(1);
    }
    x->gen = gen;
    gcn_syntax_cases(gen, pick_syntax, x, NULL);
    for (i = 0; i < x->n; i++) {
        char name[160];
        snprintf(name, sizeof(name), "%s-syntax-%s", gcn_gen_id(gen), x->f[i].form);
        write_seed(name, x->f[i].buf.data, x->f[i].buf.len);
        gcn_buf_free(&x->f[i].buf);
    }
    free(x);
}

static int seeds_codec(const char *kind)
{
    int g;
    cov_set *seen = cov_set_new();
    gcn_buf text;
    gcn_buf_init(&text);
    for (g = 0; g < gcn_gen_count(); g++) {
        pick_ctx p;
        memset(&p, 0, sizeof(p));
        p.seen = seen;
        p.gen = g;
        p.llvm_k = -1;
        p.text = &text;
        p.text_insn = -1;
        if (strcmp(kind, "llvm") == 0) {
            unsigned k;
            for (k = 0; k < LLVM_INPUT_GENS && llvm_input_gen(k) != g; k++)
                ;
            if (k == LLVM_INPUT_GENS)
                continue;
            p.llvm_k = (int)k;
            p.nencs = fuzz_encodings(g, p.encs, 32);
            gcn_enc_cases(g, pick_bytes, &p);
        } else if (strcmp(kind, "bytes") == 0) {
            gcn_enc_cases(g, pick_bytes, &p);
        } else if (strcmp(kind, "exec") == 0) {
            p.llvm_k = -2;
            gcn_enc_cases(g, pick_bytes, &p);
        } else {
            bad_ctx b;
            flush_text(&p);
            gcn_enc_cases(g, pick_text, &p);
            flush_text(&p);
            memset(&b, 0, sizeof(b));
            b.gen = g;
            b.last_insn = -1;
            gcn_buf_init(&b.buf);
            gcn_buf_putc(&b.buf, (char)g);
            gcn_enc_cases(g, pick_bad, &b);
            flush_bad(&b);
            gcn_buf_free(&b.buf);
            syntax_seeds(g);
        }
    }
    gcn_buf_free(&text);
    cov_set_free(seen);
    return 0;
}

/* ---- json ------------------------------------------------------------------------------------ */

static char *spec_path(const char *spec, const char *name)
{
    char *p = gcn_path_join(spec, name);
    if (!p)
        exit(1);
    return p;
}

static cJSON *load_json(const char *spec, const char *name)
{
    char *path = spec_path(spec, name), *text = NULL;
    size_t len = 0;
    gcn_diag diag;
    cJSON *root;
    if (gcn_read_file(path, &text, &len, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        exit(1);
    }
    root = cJSON_ParseWithLength(text, len);
    free(text);
    free(path);
    if (!root) {
        fprintf(stderr, "gcn_corpus: %s/%s does not parse\n", spec, name);
        exit(1);
    }
    return root;
}

static void json_seed(const char *name, int parser, int sub, const cJSON *root)
{
    char *text = gcn_json_print(root);
    gcn_buf b;
    if (!text)
        exit(1);
    gcn_buf_init(&b);
    gcn_buf_putc(&b, (char)parser);
    if (sub >= 0)
        gcn_buf_putc(&b, (char)sub);
    gcn_buf_puts(&b, text);
    write_seed(name, b.data, b.len);
    /* malformed: cut in the middle */
    {
        char cut[128];
        snprintf(cut, sizeof(cut), "%s-cut", name);
        write_seed(cut, b.data, b.len / 2);
    }
    gcn_buf_free(&b);
    free(text);
}

static void raw_seed(const char *name, int parser, const char *text)
{
    gcn_buf b;
    gcn_buf_init(&b);
    gcn_buf_putc(&b, (char)parser);
    gcn_buf_puts(&b, text);
    write_seed(name, b.data, b.len);
    gcn_buf_free(&b);
}

/* The array under key trimmed to its first n items (and, per kind key, the first of each). */
static void trim_array(cJSON *root, const char *key, int n, const char *kind_key)
{
    cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, key), *keep = cJSON_CreateArray(), *it;
    const char *kinds[64];
    int nkinds = 0, i = 0;
    if (!cJSON_IsArray(arr))
        return;
    cJSON_ArrayForEach(it, arr)
    {
        int take = i++ < n;
        if (kind_key) {
            const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, kind_key);
            int j, seen = 0;
            if (cJSON_IsString(k)) {
                for (j = 0; j < nkinds; j++)
                    seen |= strcmp(kinds[j], k->valuestring) == 0;
                if (!seen && nkinds < 64) {
                    kinds[nkinds++] = k->valuestring;
                    take = 1;
                }
            }
        }
        if (take)
            cJSON_AddItemToArray(keep, cJSON_Duplicate(it, 1));
    }
    cJSON_ReplaceItemInObjectCaseSensitive(root, key, keep);
}

static const char *const curated_files[] = {
    "generations.json",     "operands.json",  "syntax.json",    "smrd.json",
    "scalar_operands.json", "semantics.json", "pseudocode.json"};

static int seeds_json(const char *spec)
{
    cJSON *facts = load_json(spec, "facts.json"), *errata = load_json(spec, "errata.json");
    cJSON *known = load_json(spec, "peers/llvm-known.json");
    cJSON *env = load_json(spec, "curated/pseudocode.json");
    size_t k;
    trim_array(facts, "facts", 8, "kind");
    json_seed("facts", P_FACTS, -1, facts);
    trim_array(errata, "errata", 3, "category");
    json_seed("errata", P_ERRATA, -1, errata);
    trim_array(known, "known", 4, NULL);
    json_seed("peer-known", P_KNOWN, -1, known);
    json_seed("pseudocode-env", P_PSEUDO_ENV, -1, env);
    for (k = 0; k < sizeof(curated_files) / sizeof(curated_files[0]); k++) {
        char path[256], name[128];
        struct stat st;
        cJSON *c;
        snprintf(path, sizeof(path), "%s/curated/%s", spec, curated_files[k]);
        /* the large tables make slow inputs: their structure is in the small ones */
        if (stat(path, &st) != 0 || st.st_size > 20000)
            continue;
        snprintf(path, sizeof(path), "curated/%s", curated_files[k]);
        c = load_json(spec, path);
        /* no seed for P_CURATED yet: the resolver crashes on every curated input there (it
         * runs without facts; reports/findings.md), and seeds must replay cleanly */
        snprintf(name, sizeof(name), "json-%s", curated_files[k]);
        json_seed(name, P_JSON, -1, c);
        cJSON_Delete(c);
    }
    /* what util/json must refuse or survive */
    raw_seed("json-duplicate-key", P_JSON, "{\"a\": 1, \"a\": 2}");
    raw_seed("json-numbers", P_JSON,
             "{\"big\": 18446744073709551616, \"neg\": -9223372036854775809, \"f\": 1.5e300,\n"
             " \"hex\": \"0xffffffffffffffff\", \"bad\": \"0x\", \"int\": 2147483648}");
    raw_seed("json-deep", P_JSON,
             "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{\"a\":[]}]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    raw_seed("json-strings", P_JSON, "{\"s\": \"\\u0000\\ud800\\n\\\"\", \"t\": \"\xc3\x28\"}");
    raw_seed("facts-schema", P_FACTS, "{\"schema\": \"gcnspec-facts/2\"}");
    raw_seed("facts-types", P_FACTS,
             "{\"schema\": \"gcnspec-facts/1\", \"documents\": {}, \"facts\": [1]}");
    raw_seed("errata-empty", P_ERRATA, "{\"schema\": \"gcnspec-errata/1\", \"errata\": []}");
    raw_seed("known-empty", P_KNOWN, "{\"schema\": \"gcnspec-peer-known/1\", \"known\": []}");
#ifdef GCN_HAVE_ORACLE
    {
        /* a state of each generation with what differs from the zero state: EXEC, VCC, M0
         * and a little scalar memory */
        static gcn_wave_state zero, st;
        int g;
        for (g = 0; g < gcn_gen_count(); g++) {
            char name[64], *json;
            static const uint8_t mem[8] = {1, 2, 3, 4, 5, 6, 7, 8};
            if (gcn_state_init(&zero, g) != GCN_OK || gcn_state_init(&st, g) != GCN_OK)
                continue;
            gcn_state_set_exec(&st, ~0ull);
            gcn_state_set_vcc(&st, 0x5555ull);
            gcn_state_set_m0(&st, 0x10000u);
            gcn_smem_write(&st, 0x1000, mem, sizeof(mem));
            json = gcn_state_to_json(&st, &zero);
            if (!json)
                continue;
            snprintf(name, sizeof(name), "state-%s", gcn_gen_id(g));
            raw_seed(name, P_STATE, json);
            free(json);
        }
        raw_seed("state-bad", P_STATE, "{\"generation\": \"gcn9\", \"sgpr\": {\"s200\": 1}}");
    }
#endif
    cJSON_Delete(facts);
    cJSON_Delete(errata);
    cJSON_Delete(known);
    cJSON_Delete(env);
    return 0;
}

/* ---- dictionaries ---------------------------------------------------------------------------- */

typedef struct dict {
    char **v;
    size_t n, cap;
    gcn_strset seen; /* v's strings, to look up (text: millions of tokens, ~2,300 distinct) */
} dict;

static void dict_add(dict *d, const void *data, size_t n)
{
    char *s;
    if (!n || n > 64)
        return;
    s = malloc(n * 4 + 1);
    if (!s)
        exit(1);
    {
        const uint8_t *b = data;
        size_t o = 0, i;
        for (i = 0; i < n; i++) {
            if (b[i] >= 0x20 && b[i] < 0x7f && b[i] != '"' && b[i] != '\\')
                s[o++] = (char)b[i];
            else
                o += (size_t)sprintf(s + o, "\\x%02x", b[i]);
        }
        s[o] = 0;
    }
    if (!gcn_strset_add(&d->seen, s)) {
        free(s);
        return;
    }
    if (d->n == d->cap) {
        char **g = realloc(d->v, (d->cap = d->cap ? 2 * d->cap : 256) * sizeof(*g));
        if (!g)
            exit(1);
        d->v = g;
    }
    d->v[d->n++] = s;
}

static void dict_add_str(dict *d, const char *s)
{
    dict_add(d, s, strlen(s));
}

static void dict_write(dict *d, const char *path, const char *what)
{
    gcn_buf b;
    gcn_diag diag;
    size_t k;
    gcn_buf_init(&b);
    gcn_buf_printf(&b, "# gcnspec fuzzing dictionary (%s), generated by gcn_corpus from the spec\n",
                   what);
    for (k = 0; k < d->n; k++) {
        gcn_buf_printf(&b, "t%zu=\"%s\"\n", k, d->v[k]);
        free(d->v[k]);
    }
    free(d->v);
    gcn_strset_free(&d->seen);
    if (gcn_write_file_atomic(path, b.data, b.len, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        exit(1);
    }
    gcn_buf_free(&b);
}

static void le_bytes(uint64_t w, unsigned n, uint8_t *out)
{
    unsigned i;
    for (i = 0; i < n; i++)
        out[i] = (uint8_t)(w >> (8 * i));
}

static void dict_codec_words(dict *d)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned g, e, i;
    uint8_t b[8];
    for (g = 0; g < t->ngens; g++) {
        for (e = 0; e < t->nencodings; e++) {
            const gcn_layout_row *l = codec_layout(t, g, e);
            if (!l->present)
                continue;
            le_bytes(l->match_value & l->match_mask, 4, b);
            dict_add(d, b, 4);
        }
        for (i = 0; i < t->ninsns; i++) {
            const gcn_insn_row *row = &t->insns[i];
            const gcn_layout_row *l = codec_layout(t, g, row->encoding);
            gcn_slot_row s;
            uint64_t w;
            if (!l->present || row->opcode[g] == GCN_NO_INSN)
                continue;
            s = l->slot[l->opcode_slot];
            w = codec_put(l->match_value & l->match_mask, s, row->opcode[g]);
            le_bytes(w, s.lo + s.width > 32 ? 8 : 4, b);
            dict_add(d, b, s.lo + s.width > 32 ? 8 : 4);
        }
        /* the 32-bit values of the inline constants: literals equal to them are corners */
        for (i = 0; i < 256; i++) {
            const gcn_scalar_row *r = codec_scalar(t, g, i);
            if (r->sclass == GCN_SC_INLINE_FLOAT) {
                le_bytes(r->f32, 4, b);
                dict_add(d, b, 4);
            }
        }
    }
}

static int collect_tokens(const gcn_enc_case *c, void *ctx)
{
    dict *d = ctx;
    char t[FUZZ_TEXT_MAX], *p, *tok;
    gcn_print(&c->inst, t, sizeof(t));
    for (p = t; (tok = strtok(p, " ,")) != NULL; p = NULL) {
        char *colon = strchr(tok, ':'), *paren = strchr(tok, '(');
        if (colon && (!paren || colon < paren)) {
            char name[64];
            snprintf(name, sizeof(name), "%.*s", (int)(colon - tok + 1), tok);
            dict_add_str(d, name); /* "offset:" */
            if (paren) {
                snprintf(name, sizeof(name), "%.*s", (int)(paren - colon), colon + 1);
                dict_add_str(d, name); /* "swizzle(" */
            }
            continue;
        }
        dict_add_str(d, tok);
    }
    return 0;
}

static void json_keys(dict *d, const cJSON *n, int depth)
{
    const cJSON *c;
    if (depth > 16)
        return;
    if (n->string)
        dict_add_str(d, n->string);
    if (cJSON_IsString(n) && strlen(n->valuestring) <= 24)
        dict_add_str(d, n->valuestring);
    for (c = n->child; c; c = c->next)
        json_keys(d, c, depth + 1);
}

static int make_dict(const char *kind, const char *out, const char *spec)
{
    dict d;
    memset(&d, 0, sizeof(d));
    if (strcmp(kind, "visa") == 0) {
        /* dwords at the operations' edges: all ones, the sign bit, 1.0f, a quiet NaN, -0.0f */
        static const uint32_t words[] = {0xffffffffu, 0x80000000u, 0x7fffffffu,
                                         0x3f800000u, 0x7fc00000u, 0x80000000u};
        size_t k;
        for (k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
            uint8_t b[4];
            le_bytes(words[k], 4, b);
            dict_add(&d, b, 4);
        }
        dict_write(&d, out, "dwords at the vISA operations' edges");
    } else if (strcmp(kind, "bytes") == 0 || strcmp(kind, "llvm") == 0 ||
               strcmp(kind, "exec") == 0) {
        dict_codec_words(&d);
        dict_write(&d, out, "encodings' fixed bits, every opcode's first word, inline floats");
    } else if (strcmp(kind, "text") == 0) {
        const gcn_tables *t = gcn_codec_tables();
        unsigned i;
        int g;
        for (i = 0; i < t->ninsns; i++)
            dict_add_str(&d, t->insns[i].mnemonic);
        for (g = 0; g < gcn_gen_count(); g++) {
            gcn_enc_cases(g, collect_tokens, &d);
            /* a buffer format's parts in LLVM's legacy syntax (dfmt:D, nfmt:N), which the
             * printer does not write */
            for (i = 0; i < 2; i++)
                if (t->buf_formats[g].part_asm[i]) {
                    char name[64];
                    snprintf(name, sizeof(name), "%s:", t->buf_formats[g].part_asm[i]);
                    dict_add_str(&d, name);
                }
        }
        {
            /* the syntax the assembler reads beyond the printer's (codec/parse.c, expr.c):
             * radixes, operators, brackets, separators, comments, the swizzle macro's modes */
            static const char *const words[] = {"0x",
                                                "0X",
                                                "0b",
                                                "0B",
                                                "0",
                                                "-",
                                                "+",
                                                "~",
                                                "!",
                                                "(",
                                                ")",
                                                "*",
                                                "/",
                                                "%",
                                                "<<",
                                                ">>",
                                                "&",
                                                "|",
                                                "^",
                                                "&&",
                                                "||",
                                                "==",
                                                "!=",
                                                "<>",
                                                "<",
                                                "<=",
                                                ">",
                                                ">=",
                                                "'",
                                                "\"",
                                                "[",
                                                "]",
                                                ":",
                                                ",",
                                                " ",
                                                "\t",
                                                ";",
                                                "//",
                                                "#",
                                                ".",
                                                "e+",
                                                "e-",
                                                "p+",
                                                "p-",
                                                "u",
                                                "ull",
                                                "swizzle(",
                                                "QUAD_PERM",
                                                "BITMASK_PERM",
                                                "BROADCAST",
                                                "SWAP",
                                                "REVERSE",
                                                "\"01pip\"",
                                                "ttmp",
                                                "v[",
                                                "s["};
            size_t k;
            for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
                dict_add_str(&d, words[k]);
        }
        dict_write(&d, out, "mnemonics, registers and specials, modifiers, constants, syntax");
    } else {
        static const char *const files[] = {"facts.json",
                                            "errata.json",
                                            "peers/llvm-known.json",
                                            "curated/pseudocode.json",
                                            "curated/generations.json",
                                            "curated/operands.json",
                                            "curated/semantics.json",
                                            NULL};
        static const char *const syntax[] = {"{",       "}",  "[",     "]",     ":",
                                             ",",       "\"", "true",  "false", "null",
                                             "\\u0000", "0x", "1e999", NULL};
        size_t k;
        for (k = 0; syntax[k]; k++)
            dict_add_str(&d, syntax[k]);
        for (k = 0; files[k]; k++) {
            cJSON *root = load_json(spec, files[k]);
            json_keys(&d, root, 0);
            cJSON_Delete(root);
        }
        dict_write(&d, out, "JSON syntax, the spec files' keys and short values");
    }
    return 0;
}

/* ---- coverage -------------------------------------------------------------------------------- */

static int coverage(int argc, char **argv)
{
    const char *out = NULL;
    int check = 0, i, bad = 0;
    cov_set *u, *reached[8];
    const char *names[8], *kinds[8];
    char *specs[8];
    cov_corpus_stats stats[8];
    size_t n = 0, c;
    char *md;
    gcn_diag diag;
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--check") == 0)
            check = 1;
        else if (strchr(argv[i], '=') && n < 8) {
            char *s = strdup(argv[i]), *eq = strchr(s, '='), *colon = eq ? strchr(eq, ':') : NULL;
            if (!colon)
                return usage();
            *eq = 0;
            *colon = 0;
            specs[n] = s;
            names[n] = s;
            kinds[n] = eq + 1;
            memset(&stats[n], 0, sizeof(stats[n]));
            reached[n] = cov_set_new();
            if (cov_add_corpus(reached[n], kinds[n], colon + 1, &stats[n], &diag) != GCN_OK) {
                gcn_diag_print(&diag, stderr);
                return 1;
            }
            n++;
        } else
            return usage();
    }
    if (!out || !n)
        return usage();
    u = cov_universe();
    md = cov_report(u, (const cov_set *const *)reached, names, kinds, stats, n);
    if (!md || gcn_write_file_atomic(out, md, strlen(md), &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    for (c = 0; c < n; c++) {
        size_t missing = cov_missing_kind(u, reached[c], ~0u, kinds[c]);
        printf("%s (%s): %zu inputs, %zu elements reached, %zu of the universe (%zu) missed\n",
               names[c], kinds[c], stats[c].files, cov_set_count(reached[c]), missing,
               cov_set_count(u));
        bad |= check && missing;
        cov_set_free(reached[c]);
        free(specs[c]);
    }
    cov_set_free(u);
    free(md);
    return bad ? 1 : 0;
}

/* ---- visa: every pair of spec/peers/visa-ds.json (16; more fold) on every generation ---- */

static void seeds_visa(void)
{
#ifdef GCN_HAVE_ORACLE
    unsigned pair, v;
    int g;
    for (pair = 0; pair < 16; pair++)
        for (g = 0; g < gcn_gen_count(); g++)
            for (v = 0; v < OX_VISA_SEEDS; v++) {
                uint8_t b[OX_VISA_SEED_MAX];
                char name[64];
                size_t n = ox_visa_seed(pair, (unsigned)g, v, b, sizeof(b));
                snprintf(name, sizeof(name), "pair%02u-%s-%u", pair, gcn_gen_id(g), v);
                write_seed(name, b, n);
            }
#endif
}

int main(int argc, char **argv)
{
    const char *kind = NULL, *out = NULL, *spec = GCN_SOURCE_DIR "/spec";
    int i;
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "coverage") == 0)
        return coverage(argc, argv);
    for (i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--kind") == 0 && i + 1 < argc)
            kind = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--spec") == 0 && i + 1 < argc)
            spec = argv[++i];
        else
            return usage();
    }
    if (!kind || !out ||
        (strcmp(kind, "bytes") != 0 && strcmp(kind, "text") != 0 && strcmp(kind, "llvm") != 0 &&
         strcmp(kind, "json") != 0 && strcmp(kind, "exec") != 0 && strcmp(kind, "visa") != 0))
        return usage();
    if (strcmp(argv[1], "dict") == 0)
        return make_dict(kind, out, spec);
    if (strcmp(argv[1], "seeds") != 0)
        return usage();
    {
        gcn_diag diag;
        if (gcn_make_dirs(out, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            return 1;
        }
    }
    out_dir = out;
    clear_dir(out);
    if (strcmp(kind, "json") == 0)
        seeds_json(spec);
    else if (strcmp(kind, "visa") == 0)
        seeds_visa();
    else
        seeds_codec(kind);
    printf("gcn_corpus: %zu %s seeds in %s\n", nwritten, kind, out);
    return 0;
}
