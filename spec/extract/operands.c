/* The operand-code page as facts (see operands.h). A table is found by its header, never by the
 * page's name; a row is read only when every cell reads unambiguously. */
#define _POSIX_C_SOURCE 200809L
#include "operands.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lines.h"
#include "text.h"
#include "util/file.h"
#include "util/hash.h"

typedef struct op_ctx {
    const doc_lines *L;
    const char *file;
    cJSON *root, *tables, *codes, *unreadable, *alignment, *prose;
    gcn_strs gens; /* every generation a qualifier names */
} op_ctx;

static char *from_of(const op_ctx *c, size_t line, char *buf, size_t size)
{
    snprintf(buf, size, "%s:%zu", c->file, line);
    return buf;
}

/* "17" or "0-103" (blanks around the dash allowed); decimal only. */
static int read_codes(const char *s, long *lo, long *hi)
{
    char *e;
    if (!isdigit((unsigned char)*s))
        return 0;
    *lo = *hi = strtol(s, &e, 10);
    while (*e == ' ')
        e++;
    if (*e == '-') {
        e++;
        while (*e == ' ')
            e++;
        if (!isdigit((unsigned char)*e))
            return 0;
        *hi = strtol(e, &e, 10);
    }
    return *e == '\0' && *lo <= *hi && *hi < 65536;
}

/* "S12" -> prefix "S", 12; "-3" -> "-", 3. The digits must end the text. */
static int prefixed_number(const char *s, size_t n, char *prefix, size_t psize, long *num)
{
    size_t d = n;
    while (d > 0 && isdigit((unsigned char)s[d - 1]))
        d--;
    if (d == n || n - d > 6 || d >= psize)
        return 0;
    memcpy(prefix, s, d);
    prefix[d] = '\0';
    *num = strtol(s + d, NULL, 10);
    return 1;
}

/* A name range "S0 - S103", "V0-V255", "1-64", "-1 - -16": two prefixed numbers with the same
 * prefix, split at " - " or else at a dash that makes both sides read. */
static int name_range(const char *s, char *prefix, size_t psize, long *first, long *last)
{
    const char *sep = strstr(s, " - ");
    size_t i, n = strlen(s);
    char p2[64];
    if (sep) {
        const char *r = sep + 3;
        while (*r == ' ')
            r++;
        return prefixed_number(s, (size_t)(sep - s), prefix, psize, first) &&
               prefixed_number(r, strlen(r), p2, sizeof(p2), last) && strcmp(prefix, p2) == 0;
    }
    for (i = 1; i + 1 < n; i++) {
        if (s[i] != '-')
            continue;
        if (prefixed_number(s, i, prefix, psize, first) &&
            prefixed_number(s + i + 1, n - i - 1, p2, sizeof(p2), last) && strcmp(prefix, p2) == 0)
            return 1;
    }
    return 0;
}

static int all_dashes(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s != '-')
            return 0;
    return 1;
}

/* The parenthesized part of a description that names generations: "GCN1.0/1.1". */
static char *qualifier_of(const char *desc)
{
    const char *open = desc;
    while ((open = strchr(open, '(')) != NULL) {
        const char *close = strchr(open, ')');
        if (!close)
            return NULL;
        if (strstr(open, "GCN") && strstr(open, "GCN") < close)
            return gcn_strndup(open + 1, (size_t)(close - open - 1));
        open = close;
    }
    return NULL;
}

/* The description without its qualifier, trimmed: "reserved", "SGPR's". */
static int says_reserved(const char *desc)
{
    char buf[64];
    const char *open = strchr(desc, '(');
    size_t n = open ? (size_t)(open - desc) : strlen(desc);
    while (n && desc[n - 1] == ' ')
        n--;
    if (n >= sizeof(buf))
        return 0;
    memcpy(buf, desc, n);
    buf[n] = '\0';
    return strcasecmp(buf, "reserved") == 0;
}

static gcn_status oom(op_ctx *c, gcn_diag *diag)
{
    (void)c;
    gcn_diag_set(diag, NULL, 0, 0, "out of memory");
    return GCN_ERR_NOMEM;
}

static void unreadable(op_ctx *c, size_t line, const char *why)
{
    char from[600];
    cJSON *u = cJSON_CreateObject();
    cJSON_AddStringToObject(u, "from", from_of(c, line, from, sizeof(from)));
    cJSON_AddStringToObject(u, "row", doc_line(c->L, line));
    cJSON_AddStringToObject(u, "why", why);
    cJSON_AddItemToArray(c->unreadable, u);
}

/* One row; returns 1 when read, 0 when it went to "unreadable". */
static int code_row(op_ctx *c, size_t line, const gcn_strs *cells)
{
    char from[600], prefix[64], why[256];
    long lo, hi, first = 0, last = 0;
    const char *name, *desc, *kind;
    char *qual;
    gcn_strs gens = {0};
    cJSON *r;
    size_t i;
    if (cells->n != 3) {
        snprintf(why, sizeof(why), "%zu cells where the header has 3", cells->n);
        unreadable(c, line, why);
        return 0;
    }
    name = cells->v[1];
    desc = cells->v[2];
    if (!read_codes(cells->v[0], &lo, &hi)) {
        unreadable(c, line, "the code is neither a number nor a range N-M (N <= M)");
        return 0;
    }
    if (all_dashes(name))
        kind = "none";
    else if (name_range(name, prefix, sizeof(prefix), &first, &last)) {
        kind = "range";
        if (last < first || last - first != hi - lo) {
            snprintf(why, sizeof(why), "the name range gives %ld names for %ld codes",
                     last >= first ? last - first + 1 : 0, hi - lo + 1);
            unreadable(c, line, why);
            return 0;
        }
    } else if (!*name) {
        unreadable(c, line, "no name (an unnamed code is written '-')");
        return 0;
    } else
        kind = lo == hi ? "one" : "wide";
    qual = qualifier_of(desc);
    if (strstr(desc, "GCN") && (!qual || text_gens(qual, &gens) == 0)) {
        free(qual);
        gcn_strs_free(&gens);
        unreadable(c, line, "the description mentions GCN but names no generation that reads");
        return 0;
    }
    r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "from", from_of(c, line, from, sizeof(from)));
    cJSON_AddStringToObject(r, "row", doc_line(c->L, line));
    {
        cJSON *cd = cJSON_AddArrayToObject(r, "codes");
        cJSON_AddItemToArray(cd, cJSON_CreateNumber((double)lo));
        cJSON_AddItemToArray(cd, cJSON_CreateNumber((double)hi));
    }
    cJSON_AddStringToObject(r, "name", name);
    cJSON_AddStringToObject(r, "name_kind", kind);
    if (strcmp(kind, "range") == 0) {
        cJSON *n = cJSON_AddObjectToObject(r, "names");
        cJSON_AddStringToObject(n, "prefix", prefix);
        cJSON_AddNumberToObject(n, "first", (double)first);
        cJSON_AddNumberToObject(n, "last", (double)last);
    }
    cJSON_AddStringToObject(r, "description", desc);
    if (qual)
        cJSON_AddStringToObject(r, "qualifier", qual);
    else
        cJSON_AddNullToObject(r, "qualifier");
    {
        cJSON *g = cJSON_AddArrayToObject(r, "gens");
        for (i = 0; i < gens.n; i++) {
            cJSON_AddItemToArray(g, cJSON_CreateString(gens.v[i]));
            if (!gcn_strs_has(&c->gens, gens.v[i]))
                gcn_strs_push(&c->gens, gens.v[i]);
        }
    }
    cJSON_AddBoolToObject(r, "reserved", says_reserved(desc));
    cJSON_AddItemToArray(c->codes, r);
    free(qual);
    gcn_strs_free(&gens);
    return 1;
}

static int header_is_code_table(const gcn_strs *h)
{
    return h->n == 3 && strcasecmp(h->v[0], "Code") == 0 && strcasecmp(h->v[1], "Name") == 0 &&
           strcasecmp(h->v[2], "Description") == 0;
}

/* ---- alignment rules ------------------------------------------------------------------------
 * "Two SGPR's must be aligned to 2. Four or more SGPR's must be aligned to 4." A sentence that
 * speaks of alignment in another form is kept as prose, unread. */

static long count_word(const char *w)
{
    static const struct {
        const char *word;
        long n;
    } words[] = {{"one", 1},      {"two", 2},         {"three", 3}, {"four", 4},
                 {"five", 5},     {"six", 6},         {"seven", 7}, {"eight", 8},
                 {"sixteen", 16}, {"thirty-two", 32}, {NULL, 0}};
    size_t i;
    char *e;
    long v;
    if (isdigit((unsigned char)*w)) {
        v = strtol(w, &e, 10);
        return *e ? -1 : v;
    }
    for (i = 0; words[i].word; i++)
        if (strcasecmp(w, words[i].word) == 0)
            return words[i].n;
    return -1;
}

static int align_rule(op_ctx *c, size_t line, const char *sentence)
{
    static const char *const verb = "must be aligned to ";
    const char *at = strstr(sentence, verb), *p;
    char *words[8], *copy, *tok, *save = NULL, from[600];
    long count, align;
    int n = 0, or_more = 0, k;
    size_t cl;
    cJSON *r;
    if (!at)
        return 0;
    p = at + strlen(verb);
    if (!isdigit((unsigned char)*p))
        return 0;
    align = strtol(p, (char **)&p, 10);
    if (*p != '\0')
        return 0;
    copy = gcn_strndup(sentence, (size_t)(at - sentence));
    if (!copy)
        return 0;
    for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (n == 8)
            memmove(words, words + 1, 7 * sizeof(*words)), n = 7;
        words[n++] = tok;
    }
    /* COUNT [or more] CLASS's */
    if (n < 2) {
        free(copy);
        return 0;
    }
    cl = strlen(words[n - 1]);
    if (cl < 3 || strcmp(words[n - 1] + cl - 2, "'s") != 0) {
        free(copy);
        return 0;
    }
    words[n - 1][cl - 2] = '\0';
    k = n - 2;
    if (k >= 2 && strcmp(words[k], "more") == 0 && strcmp(words[k - 1], "or") == 0) {
        or_more = 1;
        k -= 2;
    }
    count = count_word(words[k]);
    if (count <= 0) {
        free(copy);
        return 0;
    }
    r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "from", from_of(c, line, from, sizeof(from)));
    cJSON_AddStringToObject(r, "quote", sentence);
    cJSON_AddStringToObject(r, "registers", words[n - 1]);
    cJSON_AddNumberToObject(r, "count", (double)count);
    cJSON_AddBoolToObject(r, "or_more", or_more);
    cJSON_AddNumberToObject(r, "align", (double)align);
    cJSON_AddItemToArray(c->alignment, r);
    free(copy);
    return 1;
}

static int mentions_alignment(const char *s)
{
    for (; *s; s++)
        if (strncasecmp(s, "align", 5) == 0)
            return 1;
    return 0;
}

static void prose_line(op_ctx *c, size_t line)
{
    const char *s = doc_line(c->L, line);
    while (*s) {
        const char *end = strstr(s, ". ");
        size_t n = end ? (size_t)(end - s) : strlen(s);
        char *sentence;
        if (!end && n && s[n - 1] == '.')
            n--;
        sentence = gcn_strndup(s, n);
        if (sentence && mentions_alignment(sentence) && !align_rule(c, line, sentence)) {
            char from[600];
            cJSON *u = cJSON_CreateObject();
            cJSON_AddStringToObject(u, "from", from_of(c, line, from, sizeof(from)));
            cJSON_AddStringToObject(u, "quote", sentence);
            cJSON_AddItemToArray(c->prose, u);
        }
        free(sentence);
        s += n;
        while (*s == '.' || *s == ' ')
            s++;
    }
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

gcn_status gcn_extract_operands_text(const char *file_name, const char *text, size_t len,
                                     cJSON **out, gcn_diag *diag)
{
    doc_lines L;
    op_ctx c;
    gcn_status st;
    size_t i;
    int fence = 0;
    char hash[65];
    cJSON *row, *all;
    *out = NULL;
    if ((st = doc_lines_split(&L, file_name, text, len, diag)) != GCN_OK)
        return st;
    memset(&c, 0, sizeof(c));
    c.L = &L;
    c.file = file_name;
    c.root = cJSON_CreateObject();
    if (!c.root || !gcn_sha256_hex(text, len, hash)) {
        cJSON_Delete(c.root);
        doc_lines_free(&L);
        return oom(&c, diag);
    }
    cJSON_AddStringToObject(c.root, "schema", "gcnspec-operands-page/1");
    cJSON_AddStringToObject(c.root, "document", file_name);
    cJSON_AddStringToObject(c.root, "sha256", hash);
    cJSON_AddNumberToObject(c.root, "lines", (double)L.n);
    all = cJSON_AddArrayToObject(c.root, "generations");
    c.tables = cJSON_AddArrayToObject(c.root, "tables");
    c.codes = cJSON_AddArrayToObject(c.root, "codes");
    c.unreadable = cJSON_AddArrayToObject(c.root, "unreadable");
    c.alignment = cJSON_AddArrayToObject(c.root, "alignment");
    c.prose = cJSON_AddArrayToObject(c.root, "alignment_prose");
    for (i = 1; i <= L.n; i++) {
        const char *l = doc_line(&L, i);
        gcn_strs head = {0};
        if (text_starts(l, "```")) {
            fence = !fence;
            continue;
        }
        if (fence)
            continue;
        if (strchr(l, '|') && text_is_table_separator(doc_line(&L, i + 1))) {
            size_t first = i, r;
            int read = 0, lost = 0, is_code;
            if (!text_cells(l, &head)) {
                gcn_strs_free(&head);
                cJSON_Delete(c.root);
                doc_lines_free(&L);
                return oom(&c, diag);
            }
            is_code = header_is_code_table(&head);
            gcn_strs_free(&head);
            for (r = i + 2; r <= L.n && strchr(doc_line(&L, r), '|'); r++) {
                gcn_strs cells = {0};
                if (!is_code)
                    continue;
                if (!text_cells(doc_line(&L, r), &cells)) {
                    gcn_strs_free(&cells);
                    cJSON_Delete(c.root);
                    doc_lines_free(&L);
                    return oom(&c, diag);
                }
                if (code_row(&c, r, &cells))
                    read++;
                else
                    lost++;
                gcn_strs_free(&cells);
            }
            if (is_code) {
                char from[600];
                cJSON *t = cJSON_CreateObject();
                cJSON_AddStringToObject(t, "from", from_of(&c, first, from, sizeof(from)));
                cJSON_AddStringToObject(t, "header", l);
                cJSON_AddNumberToObject(t, "rows", read);
                cJSON_AddNumberToObject(t, "unreadable", lost);
                cJSON_AddItemToArray(c.tables, t);
            }
            i = r - 1;
            continue;
        }
        prose_line(&c, i);
    }
    if (cJSON_GetArraySize(c.tables) == 0) {
        cJSON_Delete(c.root);
        gcn_strs_free(&c.gens);
        doc_lines_free(&L);
        gcn_diag_set(diag, file_name, 1, 0,
                     "no operand-code table: expected a 'Code | Name | Description' header");
        return GCN_ERR_SYNTAX;
    }
    /* a row without a qualifier applies to every generation the page names */
    if (c.gens.n)
        qsort(c.gens.v, c.gens.n, sizeof(*c.gens.v), str_cmp);
    for (i = 0; i < c.gens.n; i++)
        cJSON_AddItemToArray(all, cJSON_CreateString(c.gens.v[i]));
    cJSON_ArrayForEach(row, c.codes)
    {
        if (cJSON_IsNull(cJSON_GetObjectItem(row, "qualifier")))
            cJSON_ReplaceItemInObject(row, "gens", cJSON_Duplicate(all, 1));
    }
    gcn_strs_free(&c.gens);
    doc_lines_free(&L);
    *out = c.root;
    return GCN_OK;
}

gcn_status gcn_extract_operands(const char *path, cJSON **out, gcn_diag *diag)
{
    char *text = NULL;
    size_t len = 0;
    gcn_status st = gcn_read_file(path, &text, &len, diag);
    if (st != GCN_OK)
        return st;
    st = gcn_extract_operands_text(gcn_path_base(path), text, len, out, diag);
    /* the facts name the page by its base name; an error names the path given */
    if (st != GCN_OK && diag && strcmp(diag->file, gcn_path_base(path)) == 0)
        snprintf(diag->file, sizeof(diag->file), "%s", path);
    free(text);
    return st;
}
