#define _POSIX_C_SOURCE 200809L
#include "json.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "file.h"
#include "json_syntax.h"
#include "text.h"

/* ---- positions ---------------------------------------------------------------------------- */

typedef struct pos_scan {
    const char *s, *end;
    unsigned line, col;
    gcn_json_pos *out;
    size_t n, cap;
    int oom;
} pos_scan;

static void scan_adv(pos_scan *p)
{
    if (p->s < p->end) {
        if (*p->s == '\n') {
            p->line++;
            p->col = 1;
        } else if (((unsigned char)*p->s & 0xC0) != 0x80) {
            p->col++;
        }
        p->s++;
    }
}

static void scan_ws(pos_scan *p)
{
    while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
        scan_adv(p);
}

static void scan_string(pos_scan *p)
{
    scan_adv(p); /* opening quote */
    while (p->s < p->end && *p->s != '"') {
        if (*p->s == '\\')
            scan_adv(p);
        scan_adv(p);
    }
    scan_adv(p);
}

static void record(pos_scan *p, const cJSON *node, unsigned line, unsigned col)
{
    if (p->n == p->cap) {
        size_t ncap = p->cap ? p->cap * 2 : 256;
        gcn_json_pos *q = realloc(p->out, ncap * sizeof(*q));
        if (!q) {
            p->oom = 1;
            return;
        }
        p->out = q;
        p->cap = ncap;
    }
    p->out[p->n].node = node;
    p->out[p->n].line = line;
    p->out[p->n].col = col;
    p->n++;
}

/* Walks the text and the tree together; the text is known-valid JSON (cJSON accepted it). */
static void scan_value(pos_scan *p, const cJSON *node, unsigned kline, unsigned kcol)
{
    scan_ws(p);
    record(p, node, kline ? kline : p->line, kline ? kcol : p->col);
    if (p->s >= p->end)
        return;
    if (*p->s == '{') {
        const cJSON *child = node ? node->child : NULL;
        scan_adv(p);
        scan_ws(p);
        if (*p->s == '}') {
            scan_adv(p);
            return;
        }
        for (;;) {
            unsigned l, c;
            scan_ws(p);
            l = p->line;
            c = p->col;
            scan_string(p);
            scan_ws(p);
            scan_adv(p); /* ':' */
            scan_value(p, child, l, c);
            child = child ? child->next : NULL;
            scan_ws(p);
            if (p->s < p->end && *p->s == ',') {
                scan_adv(p);
                continue;
            }
            scan_adv(p); /* '}' */
            return;
        }
    } else if (*p->s == '[') {
        const cJSON *child = node ? node->child : NULL;
        scan_adv(p);
        scan_ws(p);
        if (*p->s == ']') {
            scan_adv(p);
            return;
        }
        for (;;) {
            scan_value(p, child, 0, 0);
            child = child ? child->next : NULL;
            scan_ws(p);
            if (p->s < p->end && *p->s == ',') {
                scan_adv(p);
                continue;
            }
            scan_adv(p);
            return;
        }
    } else if (*p->s == '"') {
        scan_string(p);
    } else {
        while (p->s < p->end && !strchr(",]} \t\r\n", *p->s))
            scan_adv(p);
    }
}

static int pos_cmp(const void *a, const void *b)
{
    const gcn_json_pos *x = a, *y = b;
    if (x->node == y->node)
        return 0;
    return (uintptr_t)x->node < (uintptr_t)y->node ? -1 : 1;
}

static void where_in_text(const char *text, const char *at, unsigned *line, unsigned *col)
{
    const char *s;
    *line = 1;
    *col = 1;
    for (s = text; s < at; s++) {
        if (*s == '\n') {
            (*line)++;
            *col = 1;
        } else if (((unsigned char)*s & 0xC0) != 0x80) {
            (*col)++;
        }
    }
}

/* The keys of one object, by open addressing on their text (not copied): a pairwise scan took
 * minutes on an object of 10^6 keys. */
typedef struct key_set {
    const cJSON **slot;
    size_t cap;
} key_set;

static uint64_t key_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The first member of obj whose key an earlier member has, or NULL; *oom on no memory. */
static const cJSON *first_dup_key(const cJSON *obj, key_set *set, int *oom)
{
    const cJSON *a, *b;
    size_t n = 0, i;
    for (a = obj->child; a; a = a->next)
        n++;
    if (n <= 16) { /* most objects: no table */
        for (a = obj->child; a; a = a->next)
            for (b = obj->child; b != a; b = b->next)
                if (a->string && b->string && strcmp(a->string, b->string) == 0)
                    return a;
        return NULL;
    }
    if (set->cap < 2 * n) {
        size_t cap = 64;
        while (cap < 2 * n)
            cap *= 2;
        free(set->slot);
        set->slot = malloc(cap * sizeof(*set->slot));
        set->cap = set->slot ? cap : 0;
        if (!set->slot) {
            *oom = 1;
            return NULL;
        }
    }
    memset(set->slot, 0, set->cap * sizeof(*set->slot));
    for (a = obj->child; a; a = a->next) {
        if (!a->string)
            continue;
        for (i = (size_t)key_hash(a->string) & (set->cap - 1); set->slot[i];
             i = (i + 1) & (set->cap - 1))
            if (strcmp(set->slot[i]->string, a->string) == 0)
                return a;
        set->slot[i] = a;
    }
    return NULL;
}

/* Duplicate keys, and numbers a double cannot hold (cJSON reads 4e648 as infinity, which no
 * JSON writer can print back: found by fuzz_parsers, F-b8c19efab0). */
static gcn_status check_node(const gcn_json_doc *doc, const cJSON *node, key_set *set,
                             gcn_diag *diag)
{
    const cJSON *a;
    if (!node)
        return GCN_OK;
    if (cJSON_IsNumber(node) && !isfinite(node->valuedouble))
        return gcn_json_error(doc, node, diag, "number out of range");
    if (cJSON_IsObject(node)) {
        int oom = 0;
        const cJSON *dup = first_dup_key(node, set, &oom);
        if (oom) {
            gcn_diag_set(diag, doc->file, 0, 0, "out of memory");
            return GCN_ERR_NOMEM;
        }
        if (dup)
            return gcn_json_error(doc, dup, diag, "duplicate key \"%s\"", dup->string);
    }
    for (a = node->child; a; a = a->next) {
        gcn_status st = check_node(doc, a, set, diag);
        if (st != GCN_OK)
            return st;
    }
    return GCN_OK;
}

static gcn_status check_dups(const gcn_json_doc *doc, const cJSON *node, gcn_diag *diag)
{
    key_set set = {NULL, 0};
    gcn_status st = check_node(doc, node, &set, diag);
    free(set.slot);
    return st;
}

gcn_status gcn_json_parse(gcn_json_doc *doc, const char *file, const char *text, size_t len,
                          gcn_diag *diag)
{
    const char *end = NULL, *why = NULL;
    size_t fault = 0;
    pos_scan p;
    memset(doc, 0, sizeof(*doc));
    doc->file = strdup(file ? file : "<json>");
    if (!doc->file) {
        gcn_diag_set(diag, file, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    if (len == 0 || strlen(text) != len) {
        unsigned line = 1, col = 1;
        if (len) {
            where_in_text(text, text + strlen(text), &line, &col);
            gcn_diag_set(diag, doc->file, line, col, "NUL byte in JSON text");
        } else {
            gcn_diag_set(diag, doc->file, 1, 1, "empty file: expected a JSON document");
        }
        return GCN_ERR_SYNTAX;
    }
    /* a byte order mark is no part of the text (editors count no column for it) */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    if (!gcn_json_syntax_check(text, len, &fault, &why)) {
        unsigned line, col;
        where_in_text(text, text + fault, &line, &col);
        gcn_diag_set(diag, doc->file, line, col, "%s", why);
        return GCN_ERR_SYNTAX;
    }
    /* cJSON counts the terminating NUL in the length when it must find one */
    doc->root = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (!doc->root) { /* the recognizer is stricter than cJSON: only out of memory is left */
        unsigned line, col;
        if (!end || end < text || end > text + len)
            end = text;
        where_in_text(text, end, &line, &col);
        gcn_diag_set(diag, doc->file, line, col, "cannot read the JSON (out of memory?)");
        return GCN_ERR_NOMEM;
    }
    memset(&p, 0, sizeof(p));
    p.s = text;
    p.end = text + len;
    p.line = 1;
    p.col = 1;
    scan_value(&p, doc->root, 0, 0);
    if (p.oom) {
        free(p.out);
        gcn_diag_set(diag, doc->file, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    qsort(p.out, p.n, sizeof(*p.out), pos_cmp);
    doc->pos = p.out;
    doc->npos = p.n;
    return check_dups(doc, doc->root, diag);
}

gcn_status gcn_json_load(gcn_json_doc *doc, const char *path, gcn_diag *diag)
{
    char *text;
    size_t len;
    gcn_status st = gcn_read_file(path, &text, &len, diag);
    if (st != GCN_OK) {
        memset(doc, 0, sizeof(*doc));
        return st;
    }
    st = gcn_json_parse(doc, path, text, len, diag);
    free(text);
    return st;
}

void gcn_json_free(gcn_json_doc *doc)
{
    cJSON_Delete(doc->root);
    free(doc->file);
    free(doc->pos);
    memset(doc, 0, sizeof(*doc));
}

void gcn_json_where(const gcn_json_doc *doc, const cJSON *node, unsigned *line, unsigned *col)
{
    gcn_json_pos key = {0}, *hit;
    *line = 0;
    *col = 0;
    if (!doc || !doc->pos || !node)
        return;
    key.node = node;
    hit = bsearch(&key, doc->pos, doc->npos, sizeof(key), pos_cmp);
    if (hit) {
        *line = hit->line;
        *col = hit->col;
    }
}

gcn_status gcn_json_error(const gcn_json_doc *doc, const cJSON *node, gcn_diag *diag,
                          const char *fmt, ...)
{
    unsigned line, col;
    char msg[GCN_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gcn_json_where(doc, node, &line, &col);
    gcn_diag_set(diag, doc ? doc->file : "<json>", line, col, "%s", msg);
    return GCN_ERR_INVALID;
}

static const cJSON *member(const cJSON *parent, const char *key)
{
    const cJSON *c;
    if (!cJSON_IsObject(parent))
        return NULL;
    for (c = parent->child; c; c = c->next)
        if (c->string && strcmp(c->string, key) == 0)
            return c;
    return NULL;
}

static gcn_status missing(const gcn_json_doc *doc, const cJSON *parent, const char *key,
                          gcn_diag *diag)
{
    return gcn_json_error(doc, parent, diag, "missing required key \"%s\"", key);
}

gcn_status gcn_json_obj(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const cJSON **out, gcn_diag *diag)
{
    const cJSON *v = member(parent, key);
    if (!v)
        return required ? missing(doc, parent, key, diag) : GCN_OK;
    if (!cJSON_IsObject(v))
        return gcn_json_error(doc, v, diag, "\"%s\" must be an object", key);
    *out = v;
    return GCN_OK;
}

gcn_status gcn_json_arr(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const cJSON **out, gcn_diag *diag)
{
    const cJSON *v = member(parent, key);
    if (!v)
        return required ? missing(doc, parent, key, diag) : GCN_OK;
    if (!cJSON_IsArray(v))
        return gcn_json_error(doc, v, diag, "\"%s\" must be an array", key);
    *out = v;
    return GCN_OK;
}

gcn_status gcn_json_str(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        const char **out, gcn_diag *diag)
{
    const cJSON *v = member(parent, key);
    if (!v)
        return required ? missing(doc, parent, key, diag) : GCN_OK;
    if (!cJSON_IsString(v))
        return gcn_json_error(doc, v, diag, "\"%s\" must be a string", key);
    *out = v->valuestring;
    return GCN_OK;
}

gcn_status gcn_json_int(const gcn_json_doc *doc, const cJSON *parent, const char *key, int required,
                        long long lo, long long hi, long long *out, gcn_diag *diag)
{
    const cJSON *v = member(parent, key);
    long long x;
    if (!v)
        return required ? missing(doc, parent, key, diag) : GCN_OK;
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d != floor(d) || d < -9007199254740992.0 || d > 9007199254740992.0)
            return gcn_json_error(doc, v, diag, "\"%s\" must be an integer", key);
        x = (long long)d;
    } else if (cJSON_IsString(v)) {
        uint64_t u;
        if (!gcn_parse_u64(v->valuestring, &u) || u > (uint64_t)INT64_MAX)
            return gcn_json_error(doc, v, diag, "\"%s\": \"%s\" is not a number", key,
                                  v->valuestring);
        x = (long long)u;
    } else {
        return gcn_json_error(doc, v, diag, "\"%s\" must be an integer", key);
    }
    if (x < lo || x > hi)
        return gcn_json_error(doc, v, diag, "\"%s\" = %lld is out of range [%lld, %lld]", key, x,
                              lo, hi);
    *out = x;
    return GCN_OK;
}

gcn_status gcn_json_bool(const gcn_json_doc *doc, const cJSON *parent, const char *key,
                         int required, int *out, gcn_diag *diag)
{
    const cJSON *v = member(parent, key);
    if (!v)
        return required ? missing(doc, parent, key, diag) : GCN_OK;
    if (!cJSON_IsBool(v))
        return gcn_json_error(doc, v, diag, "\"%s\" must be true or false", key);
    *out = cJSON_IsTrue(v);
    return GCN_OK;
}

gcn_status gcn_json_only_keys(const gcn_json_doc *doc, const cJSON *obj, const char *const *keys,
                              gcn_diag *diag)
{
    const cJSON *c;
    if (obj && !cJSON_IsObject(obj)) /* an array's members have no key */
        return gcn_json_error(doc, obj, diag, "expected an object");
    for (c = obj ? obj->child : NULL; c; c = c->next) {
        const char *const *k;
        int ok = 0;
        for (k = keys; *k && !ok; k++)
            ok = (*k)[0] == c->string[0] && strcmp(*k, c->string) == 0;
        if (!ok)
            return gcn_json_error(doc, c, diag, "unknown key \"%s\"", c->string);
    }
    return GCN_OK;
}

int gcn_parse_u64(const char *s, uint64_t *out)
{
    int base = 10;
    uint64_t v = 0;
    const char *p = s;
    if (!s || !*s)
        return 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        base = 2;
        p += 2;
    }
    if (!*p)
        return 0;
    for (; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return 0;
        if (d >= base)
            return 0;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return 0;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    *out = v;
    return 1;
}

/* ---- printing ----------------------------------------------------------------------------- */

/* Strings from anywhere (a checked tool's output, a document's line) stay valid JSON: invalid
 * UTF-8 becomes U+FFFD (util/text.h). */
static void print_string(gcn_buf *b, const char *s)
{
    gcn_buf_putc(b, '"');
    gcn_buf_put_text(b, s, GCN_TEXT_JSON);
    gcn_buf_putc(b, '"');
}

static void print_number(gcn_buf *b, double d)
{
    if (d == floor(d) && fabs(d) < 9007199254740992.0)
        gcn_buf_printf(b, "%lld", (long long)d);
    else
        gcn_buf_printf(b, "%.17g", d);
}

static void indent(gcn_buf *b, int depth)
{
    int i;
    for (i = 0; i < depth; i++)
        gcn_buf_puts(b, "  ");
}

static void print_value(gcn_buf *b, const cJSON *v, int depth, int inline_depth)
{
    const cJSON *c;
    int compact = depth >= inline_depth;
    if (cJSON_IsNull(v) || cJSON_IsInvalid(v)) {
        gcn_buf_puts(b, "null");
    } else if (cJSON_IsFalse(v)) {
        gcn_buf_puts(b, "false");
    } else if (cJSON_IsTrue(v)) {
        gcn_buf_puts(b, "true");
    } else if (cJSON_IsNumber(v)) {
        print_number(b, v->valuedouble);
    } else if (cJSON_IsString(v) || cJSON_IsRaw(v)) {
        print_string(b, v->valuestring ? v->valuestring : "");
    } else if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
        int obj = cJSON_IsObject(v);
        gcn_buf_putc(b, obj ? '{' : '[');
        if (!v->child) {
            gcn_buf_putc(b, obj ? '}' : ']');
            return;
        }
        for (c = v->child; c; c = c->next) {
            if (compact) {
                if (c != v->child)
                    gcn_buf_puts(b, ", ");
            } else {
                gcn_buf_puts(b, c == v->child ? "\n" : ",\n");
                indent(b, depth + 1);
            }
            if (obj) {
                print_string(b, c->string ? c->string : "");
                gcn_buf_puts(b, ": ");
            }
            print_value(b, c, depth + 1, inline_depth);
        }
        if (!compact) {
            gcn_buf_putc(b, '\n');
            indent(b, depth);
        }
        gcn_buf_putc(b, obj ? '}' : ']');
    }
}

char *gcn_json_print_depth(const cJSON *root, int inline_depth)
{
    gcn_buf b;
    gcn_buf_init(&b);
    print_value(&b, root, 0, inline_depth);
    gcn_buf_putc(&b, '\n');
    if (b.oom) {
        gcn_buf_free(&b);
        return NULL;
    }
    return gcn_buf_take(&b);
}

char *gcn_json_print(const cJSON *root)
{
    return gcn_json_print_depth(root, 1000);
}

gcn_status gcn_json_write_file_depth(const char *path, const cJSON *root, int inline_depth,
                                     gcn_diag *diag)
{
    char *s = gcn_json_print_depth(root, inline_depth);
    gcn_status st;
    if (!s) {
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = gcn_write_file_atomic(path, s, strlen(s), diag);
    free(s);
    return st;
}

gcn_status gcn_json_write_file(const char *path, const cJSON *root, gcn_diag *diag)
{
    return gcn_json_write_file_depth(path, root, 1000, diag);
}
