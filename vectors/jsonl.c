#include "jsonl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/vector.h"

#include "codec/codec_internal.h"
#include "util/json.h"
#include "util/json_syntax.h"
#include "util/buf.h"

/* ---- writing ---------------------------------------------------------------------------------
 * A line is the object gcn_vector_to_json built, as cJSON_PrintUnformatted prints it, written
 * straight into the buffer: a tree and its print per vector were most of a line's time. Strings
 * are escaped as cJSON escapes them; the spec's arrays are printed by cJSON, once each. */

#define MAX_ENCS 32

struct gcn_vec_jsonl {
    const gcn_spec_info *spec;
    size_t ninsns;
    /* per instruction: sources, errata, peer_lacks (NULL when empty); printed on first use */
    char **insn_text;
    unsigned char *insn_done;
    char *layout_text[GCN_MAX_GENS][MAX_ENCS];
    int oom;
};

gcn_vec_jsonl *gcn_vec_jsonl_new(const gcn_spec_info *spec)
{
    const gcn_tables *t = gcn_codec_tables();
    gcn_vec_jsonl *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->spec = spec;
    w->ninsns = t->ninsns;
    w->insn_text = calloc(w->ninsns * 3 + 1, sizeof(*w->insn_text));
    w->insn_done = calloc(w->ninsns + 1, 1);
    if (!w->insn_text || !w->insn_done) {
        gcn_vec_jsonl_free(w);
        return NULL;
    }
    return w;
}

void gcn_vec_jsonl_free(gcn_vec_jsonl *w)
{
    size_t i, j;
    if (!w)
        return;
    for (i = 0; w->insn_text && i < w->ninsns * 3; i++)
        cJSON_free(w->insn_text[i]);
    for (i = 0; i < GCN_MAX_GENS; i++)
        for (j = 0; j < MAX_ENCS; j++)
            cJSON_free(w->layout_text[i][j]);
    free(w->insn_text);
    free(w->insn_done);
    free(w);
}

static char *print_array(gcn_vec_jsonl *w, const cJSON *a)
{
    char *text = cJSON_PrintUnformatted(a);
    if (!text)
        w->oom = 1;
    return text;
}

/* s as cJSON prints a string value (print_string_ptr): quotes, backslash and the control
 * characters escaped, every other byte as it is. */
static void put_json_str(gcn_buf *b, const char *s)
{
    static const char hexd[] = "0123456789abcdef";
    const char *run = s;
    gcn_buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[6];
        size_t n = 2;
        if (c >= 32 && c != '"' && c != '\\')
            continue;
        gcn_buf_append(b, run, (size_t)(s - run));
        run = s + 1;
        esc[0] = '\\';
        switch (c) {
        case '"':
        case '\\':
            esc[1] = (char)c;
            break;
        case '\b':
            esc[1] = 'b';
            break;
        case '\f':
            esc[1] = 'f';
            break;
        case '\n':
            esc[1] = 'n';
            break;
        case '\r':
            esc[1] = 'r';
            break;
        case '\t':
            esc[1] = 't';
            break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hexd[c >> 4];
            esc[5] = hexd[c & 15];
            n = 6;
            break;
        }
        gcn_buf_append(b, esc, n);
    }
    gcn_buf_append(b, run, (size_t)(s - run));
    gcn_buf_putc(b, '"');
}

/* ,"key":"value" (first: no comma); a NULL value adds nothing, as cJSON_CreateString(NULL)
 * gives no item to add. Returns whether it wrote. */
static int put_member(gcn_buf *b, int first, const char *key, const char *value)
{
    if (!value)
        return 0;
    if (!first)
        gcn_buf_putc(b, ',');
    put_json_str(b, key);
    gcn_buf_putc(b, ':');
    put_json_str(b, value);
    return 1;
}

static void put_raw_member(gcn_buf *b, int first, const char *key, const char *json)
{
    if (!first)
        gcn_buf_putc(b, ',');
    put_json_str(b, key);
    gcn_buf_putc(b, ':');
    gcn_buf_puts(b, json);
}

static void put_number(gcn_buf *b, unsigned n)
{
    char digits[16], *p = digits + sizeof(digits);
    if (n > 2147483647u) { /* past valueint: cJSON's own number printing */
        cJSON *num = cJSON_CreateNumber(n);
        char *text = num ? cJSON_PrintUnformatted(num) : NULL;
        if (text)
            gcn_buf_puts(b, text);
        else
            b->oom = 1;
        cJSON_free(text);
        cJSON_Delete(num);
        return;
    }
    do {
        *--p = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    gcn_buf_append(b, p, (size_t)(digits + sizeof(digits) - p));
}

/* The instruction's three arrays, printed once. */
static char **insn_arrays(gcn_vec_jsonl *w, int insn)
{
    char **text = &w->insn_text[(size_t)insn * 3];
    if (!w->insn_done[insn]) {
        text[0] = print_array(w, gcn_spec_info_sources(w->spec, insn));
        text[1] = print_array(w, gcn_spec_info_errata(w->spec, insn));
        if (gcn_spec_info_peer_lacks(w->spec, insn)->child)
            text[2] = print_array(w, gcn_spec_info_peer_lacks(w->spec, insn));
        w->insn_done[insn] = 1;
    }
    return text;
}

int gcn_vec_jsonl_append(gcn_vec_jsonl *w, gcn_buf *b, const gcn_vector *v, const char *id)
{
    const gcn_tables *t = gcn_codec_tables();
    char hex[GCN_VEC_BYTES_MAX * 5 + 1];
    int first;
    if (v->insn >= (int)w->ninsns)
        return 1;
    gcn_buf_putc(b, '{');
    put_member(b, 1, "id", id);
    put_member(b, 0, "kind", gcn_vkind_name(v->kind));
    put_member(b, 0, "tag", gcn_vtag_name(v->tag));
    put_member(b, 0, "gen", gcn_gen_id(v->gen));
    put_member(b, 0, "mcpu", gcn_gen_mcpu(v->gen));
    put_member(b, 0, "encoding", t->encodings[v->encoding].name);
    if (v->insn >= 0) {
        put_member(b, 0, "instruction", t->insns[v->insn].spec_name);
        put_member(b, 0, "mnemonic", t->insns[v->insn].mnemonic);
    }
    put_member(b, 0, "class", v->cls);
    if (v->field)
        put_member(b, 0, "field", v->field);
    if (v->asm_text[0])
        put_member(b, 0, "asm", v->asm_text);
    if (v->nbytes)
        put_member(b, 0, "bytes", gcn_hex_bytes(v->bytes, v->nbytes, hex, sizeof(hex)));
    if (v->canonical_asm[0])
        put_member(b, 0, "canonical_asm", v->canonical_asm);
    if (v->ncanonical_bytes)
        put_member(b, 0, "canonical_bytes",
                   gcn_hex_bytes(v->canonical_bytes, v->ncanonical_bytes, hex, sizeof(hex)));
    if (v->tag == GCN_VTAG_MUST_REJECT) {
        gcn_buf_puts(b, ",\"error\":{");
        first = !put_member(b, 1, "class", gcn_verr_name(v->error_class));
        first &= !put_member(b, first, "status", v->status);
        first &= !put_member(b, first, "message", v->message);
        if (v->column) {
            put_raw_member(b, first, "column", "");
            put_number(b, v->column);
        }
        gcn_buf_putc(b, '}');
    }
    gcn_buf_puts(b, ",\"spec\":{");
    first = 1;
    if (v->insn >= 0) {
        char **text = insn_arrays(w, v->insn);
        if (!text[0] || !text[1])
            return 1;
        put_raw_member(b, 1, "sources", text[0]);
        put_raw_member(b, 0, "errata", text[1]);
        if (text[2])
            put_raw_member(b, 0, "peer_lacks", text[2]);
        first = 0;
    }
    if (v->scalar_code >= 0 && gcn_spec_info_scalar_id(w->spec, v->gen, (unsigned)v->scalar_code))
        first = !put_member(b, first, "operand",
                            gcn_spec_info_scalar_id(w->spec, v->gen, (unsigned)v->scalar_code)) &&
                first;
    if (v->insn < 0 || v->error_class == GCN_VERR_TRUNCATED) {
        char **text = v->gen < GCN_MAX_GENS && v->encoding < MAX_ENCS
                          ? &w->layout_text[v->gen][v->encoding]
                          : NULL;
        char *own = NULL;
        const cJSON *a = gcn_spec_info_layout_errata(w->spec, v->gen, v->encoding);
        if (text && !*text)
            *text = print_array(w, a);
        if (!text)
            own = print_array(w, a);
        if (!(text ? *text : own))
            return 1;
        put_raw_member(b, first, "layout", text ? *text : own);
        cJSON_free(own);
    }
    gcn_buf_puts(b, "}}\n");
    return w->oom || b->oom;
}

/* ---- reading --------------------------------------------------------------------------------
 */

static gcn_status copy_str(const gcn_json_doc *doc, const cJSON *o, const char *key, int required,
                           char *out, size_t size, gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, o, key, required, &s, diag);
    if (st != GCN_OK || !s)
        return st;
    if (strlen(s) >= size)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, key), diag,
                              "\"%s\" is too long (at most %zu characters)", key, size - 1);
    memcpy(out, s, strlen(s) + 1);
    return GCN_OK;
}

static gcn_status read_bytes(const gcn_json_doc *doc, const cJSON *o, const char *key, uint8_t *out,
                             uint8_t *n, gcn_diag *diag)
{
    const char *s = NULL;
    size_t bad = 0, len;
    gcn_status st = gcn_json_str(doc, o, key, 0, &s, diag);
    if (st != GCN_OK || !s)
        return st;
    len = gcn_vec_parse_hex(s, out, GCN_VEC_BYTES_MAX, &bad);
    if (!len) {
        const cJSON *node = cJSON_GetObjectItemCaseSensitive(o, key);
        st = gcn_json_error(doc, node, diag,
                            "\"%s\": expected bytes as 0x..,0x.. (at most %d), not '%.40s'", key,
                            GCN_VEC_BYTES_MAX, s);
        return st;
    }
    *n = (uint8_t)len;
    return GCN_OK;
}

static gcn_status read_spec(const gcn_json_doc *doc, const cJSON *o, gcn_vec_read *r,
                            gcn_diag *diag)
{
    static const char *const keys[] = {"sources", "errata", "peer_lacks",
                                       "operand", "layout", NULL};
    const cJSON *spec = NULL, *a = NULL, *e;
    gcn_status st = gcn_json_obj(doc, o, "spec", 0, &spec, diag);
    if (st != GCN_OK || !spec)
        return st;
    if ((st = gcn_json_only_keys(doc, spec, keys, diag)) != GCN_OK ||
        (st = gcn_json_arr(doc, spec, "errata", 0, &a, diag)) != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, a)
    {
        size_t at = strlen(r->errata);
        if (!cJSON_IsString(e))
            return gcn_json_error(doc, e, diag, "errata: expected strings");
        snprintf(r->errata + at, sizeof(r->errata) - at, "%s%s", at ? "," : "", e->valuestring);
    }
    a = NULL;
    if ((st = gcn_json_arr(doc, spec, "peer_lacks", 0, &a, diag)) != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, a)
    {
        size_t k = r->npeer_lacks;
        if (k == GCN_VEC_PEER_LACKS_MAX)
            return gcn_json_error(doc, e, diag, "peer_lacks: at most %d entries",
                                  GCN_VEC_PEER_LACKS_MAX);
        if ((st = copy_str(doc, e, "peer", 1, r->peer_lacks[k], sizeof(r->peer_lacks[k]), diag)) !=
                GCN_OK ||
            (st = copy_str(doc, e, "erratum", 0, r->peer_lacks_erratum[k],
                           sizeof(r->peer_lacks_erratum[k]), diag)) != GCN_OK)
            return st;
        r->npeer_lacks++;
    }
    return GCN_OK;
}

static gcn_status read_error(const gcn_json_doc *doc, const cJSON *o, gcn_vec_read *r,
                             gcn_diag *diag)
{
    static const char *const keys[] = {"class", "status", "message", "column", NULL};
    const cJSON *e = NULL;
    const char *cls = NULL;
    long long col = 0;
    int k;
    gcn_status st = gcn_json_obj(doc, o, "error", r->v.tag == GCN_VTAG_MUST_REJECT, &e, diag);
    if (st != GCN_OK)
        return st;
    if (!e)
        return GCN_OK;
    if (r->v.tag != GCN_VTAG_MUST_REJECT)
        return gcn_json_error(doc, e, diag, "\"error\" belongs to must-reject vectors only");
    if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, e, "class", 1, &cls, diag)) != GCN_OK ||
        (st = copy_str(doc, e, "status", 0, r->v.status, sizeof(r->v.status), diag)) != GCN_OK ||
        (st = copy_str(doc, e, "message", 0, r->v.message, sizeof(r->v.message), diag)) != GCN_OK ||
        (st = gcn_json_int(doc, e, "column", 0, 0, 100000, &col, diag)) != GCN_OK)
        return st;
    k = gcn_verr_lookup(cls);
    if (k <= GCN_VERR_NONE)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(e, "class"), diag,
                              "unknown error class '%s'", cls);
    r->v.error_class = (uint8_t)k;
    r->v.column = (unsigned)col;
    return GCN_OK;
}

static gcn_status read_vector(const gcn_json_doc *doc, gcn_vec_read *r, gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",       "kind",  "tag",   "gen", "mcpu",  "encoding",      "instruction",
        "mnemonic", "class", "field", "asm", "bytes", "canonical_asm", "canonical_bytes",
        "error",    "spec",  NULL};
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *o = doc->root;
    const char *kind = NULL, *tag = NULL, *gen = NULL, *enc = NULL;
    gcn_status st;
    int k, g;
    unsigned e;
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "a vector is a JSON object");
    if ((st = gcn_json_str(doc, o, "kind", 1, &kind, diag)) != GCN_OK)
        return st;
    k = gcn_vkind_lookup(kind);
    if (k < 0)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, "kind"), diag,
                              "unknown kind '%s' (encoding, semantic)", kind);
    if (k != GCN_VKIND_ENCODING) {
        gcn_json_error(doc, o, diag, "a %s vector: not checked by this checker", kind);
        return GCN_ERR_UNSUPPORTED;
    }
    r->v.kind = (uint8_t)k;
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = copy_str(doc, o, "id", 1, r->id, sizeof(r->id), diag)) != GCN_OK ||
        (st = gcn_json_str(doc, o, "tag", 1, &tag, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, o, "gen", 1, &gen, diag)) != GCN_OK ||
        (st = gcn_json_str(doc, o, "encoding", 1, &enc, diag)) != GCN_OK ||
        (st = copy_str(doc, o, "class", 1, r->cls, sizeof(r->cls), diag)) != GCN_OK ||
        (st = copy_str(doc, o, "field", 0, r->field, sizeof(r->field), diag)) != GCN_OK ||
        (st = copy_str(doc, o, "instruction", 0, r->instruction, sizeof(r->instruction), diag)) !=
            GCN_OK ||
        (st = copy_str(doc, o, "mnemonic", 0, r->mnemonic, sizeof(r->mnemonic), diag)) != GCN_OK ||
        (st = copy_str(doc, o, "asm", 0, r->v.asm_text, sizeof(r->v.asm_text), diag)) != GCN_OK ||
        (st = copy_str(doc, o, "canonical_asm", 0, r->v.canonical_asm, sizeof(r->v.canonical_asm),
                       diag)) != GCN_OK ||
        (st = read_bytes(doc, o, "bytes", r->v.bytes, &r->v.nbytes, diag)) != GCN_OK ||
        (st = read_bytes(doc, o, "canonical_bytes", r->v.canonical_bytes, &r->v.ncanonical_bytes,
                         diag)) != GCN_OK)
        return st;
    k = gcn_vtag_lookup(tag);
    if (k < 0)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, "tag"), diag,
                              "unknown tag '%s' (exact, canonicalizes, alias, must-reject)", tag);
    r->v.tag = (uint8_t)k;
    g = gcn_gen_lookup(gen);
    if (g < 0)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, "gen"), diag,
                              "unknown generation '%s'", gen);
    r->v.gen = (uint8_t)g;
    for (e = 0; e < t->nencodings; e++)
        if (strcmp(t->encodings[e].name, enc) == 0)
            break;
    if (e == t->nencodings)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, "encoding"), diag,
                              "unknown encoding '%s'", enc);
    r->v.encoding = (uint8_t)e;
    r->v.cls = r->cls;
    r->v.field = r->field[0] ? r->field : NULL;
    r->v.insn = -1;
    r->v.scalar_code = -1;
    if ((st = read_error(doc, o, r, diag)) != GCN_OK || (st = read_spec(doc, o, r, diag)) != GCN_OK)
        return st;
    if (r->v.tag == GCN_VTAG_MUST_REJECT) {
        if (!!r->v.asm_text[0] == !!r->v.nbytes)
            return gcn_json_error(doc, o, diag,
                                  "a must-reject vector has \"asm\" or \"bytes\", not both");
        if (r->v.canonical_asm[0] || r->v.ncanonical_bytes)
            return gcn_json_error(doc, o, diag, "a must-reject vector has no canonical form");
    } else if (!r->v.asm_text[0] || !r->v.nbytes) {
        return gcn_json_error(doc, o, diag, "a%s %s vector needs both \"asm\" and \"bytes\"",
                              r->v.tag == GCN_VTAG_EXACT || r->v.tag == GCN_VTAG_ALIAS ? "n" : "",
                              tag);
    }
    return GCN_OK;
}

/* ---- the fast path of reading a line ------------------------------------------------------
 * read_vector with the top-level members found in one pass (most of a line's reading time
 * went to cJSON's linear lookups). It accepts exactly what read_vector accepts and has no
 * messages: on any doubt it fails, and the caller reads the line again the slow way. */

enum {
    FK_ID,
    FK_KIND,
    FK_TAG,
    FK_GEN,
    FK_MCPU,
    FK_ENCODING,
    FK_INSTRUCTION,
    FK_MNEMONIC,
    FK_CLASS,
    FK_FIELD,
    FK_ASM,
    FK_BYTES,
    FK_CANONICAL_ASM,
    FK_CANONICAL_BYTES,
    FK_ERROR,
    FK_SPEC,
    FK_COUNT
};
static const char *const fast_keys[FK_COUNT] = {
    "id",    "kind",  "tag", "gen",   "mcpu",          "encoding",        "instruction", "mnemonic",
    "class", "field", "asm", "bytes", "canonical_asm", "canonical_bytes", "error",       "spec"};

static int fast_str(const cJSON *n, int required, char *out, size_t size)
{
    size_t len;
    if (!n)
        return !required;
    if (!cJSON_IsString(n) || (len = strlen(n->valuestring)) >= size)
        return 0;
    memcpy(out, n->valuestring, len + 1);
    return 1;
}

static int fast_bytes(const cJSON *n, uint8_t *out, uint8_t *count)
{
    size_t bad = 0, len;
    if (!n)
        return 1;
    if (!cJSON_IsString(n))
        return 0;
    len = gcn_vec_parse_hex(n->valuestring, out, GCN_VEC_BYTES_MAX, &bad);
    *count = (uint8_t)len;
    return len != 0;
}

static int read_vector_fast(const gcn_json_doc *doc, gcn_vec_read *r)
{
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *o = doc->root, *c, *at[FK_COUNT];
    gcn_diag scratch;
    int k, g;
    unsigned e;
    if (!cJSON_IsObject(o))
        return 0;
    memset((void *)at, 0, sizeof(at));
    for (c = o->child; c; c = c->next) {
        for (k = 0; k < FK_COUNT; k++)
            if (fast_keys[k][0] == c->string[0] && strcmp(fast_keys[k], c->string) == 0)
                break;
        if (k == FK_COUNT)
            return 0;
        at[k] = c;
    }
    if (!cJSON_IsString(at[FK_KIND]) ||
        gcn_vkind_lookup(at[FK_KIND]->valuestring) != GCN_VKIND_ENCODING)
        return 0;
    r->v.kind = GCN_VKIND_ENCODING;
    if (!fast_str(at[FK_ID], 1, r->id, sizeof(r->id)) || !cJSON_IsString(at[FK_TAG]) ||
        !cJSON_IsString(at[FK_GEN]) || !cJSON_IsString(at[FK_ENCODING]) ||
        !fast_str(at[FK_CLASS], 1, r->cls, sizeof(r->cls)) ||
        !fast_str(at[FK_FIELD], 0, r->field, sizeof(r->field)) ||
        !fast_str(at[FK_INSTRUCTION], 0, r->instruction, sizeof(r->instruction)) ||
        !fast_str(at[FK_MNEMONIC], 0, r->mnemonic, sizeof(r->mnemonic)) ||
        !fast_str(at[FK_ASM], 0, r->v.asm_text, sizeof(r->v.asm_text)) ||
        !fast_str(at[FK_CANONICAL_ASM], 0, r->v.canonical_asm, sizeof(r->v.canonical_asm)) ||
        !fast_bytes(at[FK_BYTES], r->v.bytes, &r->v.nbytes) ||
        !fast_bytes(at[FK_CANONICAL_BYTES], r->v.canonical_bytes, &r->v.ncanonical_bytes))
        return 0;
    if ((k = gcn_vtag_lookup(at[FK_TAG]->valuestring)) < 0)
        return 0;
    r->v.tag = (uint8_t)k;
    if ((g = gcn_gen_lookup(at[FK_GEN]->valuestring)) < 0)
        return 0;
    r->v.gen = (uint8_t)g;
    for (e = 0; e < t->nencodings; e++)
        if (strcmp(t->encodings[e].name, at[FK_ENCODING]->valuestring) == 0)
            break;
    if (e == t->nencodings)
        return 0;
    r->v.encoding = (uint8_t)e;
    r->v.cls = r->cls;
    r->v.field = r->field[0] ? r->field : NULL;
    r->v.insn = -1;
    r->v.scalar_code = -1;
    /* the nested objects are small: read as the slow path does (a failure reads it again) */
    if ((at[FK_ERROR] || r->v.tag == GCN_VTAG_MUST_REJECT) &&
        read_error(doc, o, r, &scratch) != GCN_OK)
        return 0;
    if (at[FK_SPEC] && read_spec(doc, o, r, &scratch) != GCN_OK)
        return 0;
    if (r->v.tag == GCN_VTAG_MUST_REJECT)
        return !!r->v.asm_text[0] != !!r->v.nbytes && !r->v.canonical_asm[0] &&
               !r->v.ncanonical_bytes;
    return r->v.asm_text[0] && r->v.nbytes;
}

/* Duplicate keys anywhere in the tree (cJSON keeps them; lookups see the first). */
static int has_dup_keys(const cJSON *node)
{
    const cJSON *a, *b;
    if (cJSON_IsObject(node))
        for (a = node->child; a; a = a->next)
            for (b = a->next; b; b = b->next)
                if (a->string && b->string && a->string[0] == b->string[0] &&
                    strcmp(a->string, b->string) == 0)
                    return 1;
    for (a = node->child; a; a = a->next)
        if (has_dup_keys(a))
            return 1;
    return 0;
}

gcn_status gcn_vec_read_line(const char *file, unsigned lineno, const char *line, size_t len,
                             gcn_vec_read *out, gcn_diag *diag)
{
    gcn_json_doc doc;
    gcn_status st;
    const char *end = NULL, *why = NULL;
    size_t fault = 0;
    memset(out, 0, sizeof(*out));
    out->line = lineno;
    gcn_diag_clear(diag);
    /* The fast path: a good line needs no node positions (gcn_json_parse's table of them is
     * most of the time of reading a line); a bad one is read again with them, for the column. */
    memset(&doc, 0, sizeof(doc));
    /* cJSON alone takes what JSON does not (01, invalid UTF-8): the recognizer first */
    if (len && memchr(line, 0, len) == NULL && gcn_json_syntax_check(line, len, &fault, &why) &&
        (doc.root = cJSON_ParseWithLengthOpts(line, len, &end, 0)) != NULL &&
        (size_t)(end - line) == len && !has_dup_keys(doc.root)) {
        doc.file = (char *)file;
        st = read_vector_fast(&doc, out) ? GCN_OK : GCN_ERR_INVALID;
        cJSON_Delete(doc.root);
        if (st == GCN_OK)
            return GCN_OK;
        memset(out, 0, sizeof(*out));
        out->line = lineno;
        gcn_diag_clear(diag);
    } else {
        cJSON_Delete(doc.root);
    }
    st = gcn_json_parse(&doc, file, line, len, diag);
    if (st == GCN_OK)
        st = read_vector(&doc, out, diag);
    gcn_json_free(&doc);
    if (st != GCN_OK) {
        /* the document was the one line: its positions are columns of that line */
        gcn_vec_copy(diag->file, sizeof(diag->file), file);
        diag->line = lineno;
        if (!diag->col)
            diag->col = 1;
    }
    return st;
}
