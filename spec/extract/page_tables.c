/* A page's tables as facts (see page_tables.h). */
#define _POSIX_C_SOURCE 200809L
#include "page_tables.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lines.h"
#include "text.h"
#include "util/file.h"
#include "util/hash.h"

typedef enum table_kind { KIND_PLAIN, KIND_FIELDS, KIND_VALUES } table_kind;

typedef struct pt_row {
    long lo, hi;
    const char *name;
    size_t line;
} pt_row;

typedef struct pt_ctx {
    const doc_lines *L;
    const char *file;
    cJSON *tables, *checks;
} pt_ctx;

static void from_of(const pt_ctx *c, size_t line, char *buf, size_t size)
{
    snprintf(buf, size, "%s:%zu", c->file, line);
}

/* "17", "0x1f", "0x101-0x10f", "4 - 7". */
static int read_one(const char *s, long *v, const char **end)
{
    char *e;
    if (!isdigit((unsigned char)*s))
        return 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (!isxdigit((unsigned char)s[2]))
            return 0;
        *v = strtol(s + 2, &e, 16);
    } else
        *v = strtol(s, &e, 10);
    *end = e;
    return 1;
}

static int read_value_range(const char *s, long *lo, long *hi)
{
    const char *e;
    if (!read_one(s, lo, &e))
        return 0;
    *hi = *lo;
    while (*e == ' ')
        e++;
    if (*e == '-') {
        e++;
        while (*e == ' ')
            e++;
        if (!read_one(e, hi, &e))
            return 0;
    }
    return *e == '\0' && *hi >= *lo;
}

/* "DPP_ROW_SL{1:15}" -> prefix, 1, 15, radix 10; "{00:ff}" is hex (a letter or a leading zero
 * of a two-digit bound says so), its width kept so the names read DPP_QUAD_PERM00..FF. */
static int name_pattern(const char *s, char *prefix, size_t psize, long *first, long *last,
                        int *radix, int *width)
{
    const char *open = strchr(s, '{'), *colon, *close;
    char a[16], b[16], *e;
    size_t na, nb, i;
    if (!open || !(colon = strchr(open, ':')) || !(close = strchr(colon, '}')) || close[1])
        return 0;
    na = (size_t)(colon - open - 1);
    nb = (size_t)(close - colon - 1);
    if (!na || !nb || na >= sizeof(a) || nb >= sizeof(b) || (size_t)(open - s) >= psize)
        return 0;
    memcpy(prefix, s, (size_t)(open - s));
    prefix[open - s] = '\0';
    memcpy(a, open + 1, na);
    a[na] = '\0';
    memcpy(b, colon + 1, nb);
    b[nb] = '\0';
    *radix = 10;
    for (i = 0; i < na; i++)
        if (!isdigit((unsigned char)a[i]))
            *radix = 16;
    for (i = 0; i < nb; i++)
        if (!isdigit((unsigned char)b[i]))
            *radix = 16;
    if (na > 1 && a[0] == '0')
        *radix = 16;
    *width = na == nb && a[0] == '0' ? (int)na : 0;
    *first = strtol(a, &e, *radix);
    if (*e)
        return 0;
    *last = strtol(b, &e, *radix);
    return *e == '\0' && *last >= *first;
}

static void unreadable(cJSON *list, const pt_ctx *c, size_t line, const char *why)
{
    char from[600];
    cJSON *u = cJSON_CreateObject();
    from_of(c, line, from, sizeof(from));
    cJSON_AddStringToObject(u, "from", from);
    cJSON_AddStringToObject(u, "row", doc_line(c->L, line));
    cJSON_AddStringToObject(u, "why", why);
    cJSON_AddItemToArray(list, u);
}

static void check(pt_ctx *c, const char *what, size_t table, size_t a, size_t b, const char *detail)
{
    char from[600];
    cJSON *o = cJSON_CreateObject(), *rows = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "what", what);
    from_of(c, table, from, sizeof(from));
    cJSON_AddStringToObject(o, "table", from);
    from_of(c, a, from, sizeof(from));
    cJSON_AddItemToArray(rows, cJSON_CreateString(from));
    from_of(c, b, from, sizeof(from));
    cJSON_AddItemToArray(rows, cJSON_CreateString(from));
    cJSON_AddItemToObject(o, "rows", rows);
    cJSON_AddStringToObject(o, "detail", detail);
    cJSON_AddItemToArray(c->checks, o);
}

/* What a table states against itself. */
static void self_checks(pt_ctx *c, table_kind kind, size_t table, const pt_row *r, size_t n)
{
    size_t i, j;
    char detail[256];
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (kind != KIND_PLAIN && r[i].lo <= r[j].hi && r[j].lo <= r[i].hi) {
                snprintf(detail, sizeof(detail), "%s %ld-%ld and %s %ld-%ld overlap",
                         r[i].name ? r[i].name : "a row", r[i].lo, r[i].hi,
                         r[j].name ? r[j].name : "a row", r[j].lo, r[j].hi);
                check(c, kind == KIND_FIELDS ? "fields-overlap" : "values-overlap", table,
                      r[i].line, r[j].line, detail);
            }
            if (r[i].name && r[j].name && r[i].name[0] && strcmp(r[i].name, r[j].name) == 0) {
                snprintf(detail, sizeof(detail), "'%s' names two rows", r[i].name);
                check(c, "name-twice", table, r[i].line, r[j].line, detail);
            }
        }
    }
}

static char *trimmed_heading(const char *l);

static int strcasestr_portable(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return 0;
}

/* The sentence before a table that introduces it ("List of fields:"): the last sentence of
 * the paragraph just above, when it ends with ':'. Heap string, or NULL. */
static char *caption_of(const pt_ctx *c, size_t head, size_t section, size_t *line)
{
    size_t end = head, first, i, n = 0;
    char *text, *p, *start;
    const char *last;
    while (end > section + 1 && line_is_blank(doc_line(c->L, end - 1)))
        end--;
    first = end;
    while (first > section + 1 && !line_is_blank(doc_line(c->L, first - 1)) &&
           doc_line(c->L, first - 1)[0] != '#')
        first--;
    if (first == end)
        return NULL;
    last = doc_line(c->L, end - 1);
    if (last[strlen(last) - 1] != ':')
        return NULL;
    for (i = first; i < end; i++)
        n += strlen(doc_line(c->L, i)) + 1;
    if (!(text = calloc(n + 1, 1)))
        return NULL;
    for (i = first; i < end; i++) {
        if (i > first)
            strcat(text, " ");
        strcat(text, doc_line(c->L, i));
    }
    start = text;
    for (p = text; (p = strstr(p, ". ")) != NULL; p += 2)
        start = p + 2;
    *line = end - 1;
    p = text_trim(start);
    free(text);
    return p;
}

/* A caption that names another section's title and not its own ("Table of fields for STATUS
 * Register:" under "MODE Register"). */
static void caption_check(pt_ctx *c, size_t table, size_t section, const char *caption,
                          size_t caption_line)
{
    size_t i;
    char *own = section ? trimmed_heading(doc_line(c->L, section)) : NULL;
    if (own && strcasestr_portable(caption, own)) {
        free(own);
        return;
    }
    for (i = 1; i <= c->L->n; i++) {
        char *title, detail[512];
        if (doc_line(c->L, i)[0] != '#' || i == section)
            continue;
        title = trimmed_heading(doc_line(c->L, i));
        if (title && strlen(title) > 3 && strcasestr_portable(caption, title)) {
            snprintf(detail, sizeof(detail),
                     "the caption names '%s' (line %zu), the table sits in '%s'", title, i,
                     own ? own : "");
            check(c, "caption-names-another-section", table, caption_line, i, detail);
            free(title);
            break;
        }
        free(title);
    }
    free(own);
}

static char *trimmed_heading(const char *l)
{
    while (*l == '#')
        l++;
    return text_trim(l);
}

static int ends_with_pipe(const char *l)
{
    size_t n = strlen(l);
    while (n && l[n - 1] == ' ')
        n--;
    return n && l[n - 1] == '|';
}

static gcn_status one_table(pt_ctx *c, size_t head, size_t *next, size_t section)
{
    int closed = ends_with_pipe(doc_line(c->L, head));
    gcn_strs header = {0};
    table_kind kind = KIND_PLAIN;
    int name_col = -1;
    size_t r, nrows = 0, cap, cl = 0;
    char *caption = NULL;
    pt_row *rows;
    cJSON *t, *h, *list, *lost;
    char from[600];
    size_t i;
    if (!text_cells(doc_line(c->L, head), &header))
        return GCN_ERR_NOMEM;
    if (strcasecmp(header.v[0], "Bits") == 0 || strcasecmp(header.v[0], "Bit") == 0)
        kind = KIND_FIELDS;
    else if (strcasecmp(header.v[0], "Value") == 0)
        kind = KIND_VALUES;
    for (i = 1; i < header.n; i++)
        if (name_col < 0 && strcasecmp(header.v[i], "Name") == 0)
            name_col = (int)i;
    for (r = head + 2; r <= c->L->n && strchr(doc_line(c->L, r), '|'); r++)
        ;
    *next = r;
    cap = r - head;
    rows = calloc(cap, sizeof(*rows));
    t = cJSON_CreateObject();
    if (!rows || !t) {
        free(rows);
        cJSON_Delete(t);
        gcn_strs_free(&header);
        return GCN_ERR_NOMEM;
    }
    from_of(c, head, from, sizeof(from));
    cJSON_AddStringToObject(t, "from", from);
    if (section) {
        char *s = trimmed_heading(doc_line(c->L, section));
        cJSON_AddStringToObject(t, "section", s ? s : "");
        free(s);
        from_of(c, section, from, sizeof(from));
        cJSON_AddStringToObject(t, "section_from", from);
    } else {
        cJSON_AddNullToObject(t, "section");
        cJSON_AddNullToObject(t, "section_from");
    }
    if ((caption = caption_of(c, head, section, &cl)) != NULL) {
        cJSON_AddStringToObject(t, "caption", caption);
        free(caption);
        from_of(c, cl, from, sizeof(from));
        cJSON_AddStringToObject(t, "caption_from", from);
    } else {
        cJSON_AddNullToObject(t, "caption");
        cJSON_AddNullToObject(t, "caption_from");
    }
    cJSON_AddStringToObject(t, "kind",
                            kind == KIND_FIELDS   ? "fields"
                            : kind == KIND_VALUES ? "values"
                                                  : "plain");
    h = cJSON_AddArrayToObject(t, "header");
    for (i = 0; i < header.n; i++)
        cJSON_AddItemToArray(h, cJSON_CreateString(header.v[i]));
    list = cJSON_AddArrayToObject(t, "rows");
    lost = cJSON_AddArrayToObject(t, "unreadable");
    for (r = head + 2; r < *next; r++) {
        gcn_strs cells = {0}, gens = {0};
        long lo = 0, hi = 0, first = 0, last = 0;
        int radix = 10, width = 0, pattern = 0;
        char prefix[64], why[160];
        const char *name;
        cJSON *o, *a;
        if (!text_cells(doc_line(c->L, r), &cells)) {
            gcn_strs_free(&cells);
            free(rows);
            cJSON_Delete(t);
            gcn_strs_free(&header);
            return GCN_ERR_NOMEM;
        }
        /* a header written without a closing pipe shows that a row's last pipe closes an
         * empty last cell, not the row: "EXPCNT | Export Count | 3 bits | " */
        if (cells.n + 1 == header.n && !closed && ends_with_pipe(doc_line(c->L, r)) &&
            !gcn_strs_push(&cells, "")) {
            gcn_strs_free(&cells);
            free(rows);
            cJSON_Delete(t);
            gcn_strs_free(&header);
            return GCN_ERR_NOMEM;
        }
        if (cells.n != header.n) {
            snprintf(why, sizeof(why), "%zu cells where the header has %zu", cells.n, header.n);
            unreadable(lost, c, r, why);
            gcn_strs_free(&cells);
            continue;
        }
        if (kind == KIND_FIELDS && !text_bits(cells.v[0], &lo, &hi)) {
            unreadable(lost, c, r, "the bits are neither N nor N-M (N <= M < 128)");
            gcn_strs_free(&cells);
            continue;
        }
        if (kind == KIND_VALUES && !read_value_range(cells.v[0], &lo, &hi)) {
            unreadable(lost, c, r, "the value is neither N, 0xH nor a range of them");
            gcn_strs_free(&cells);
            continue;
        }
        name = name_col >= 0 ? cells.v[name_col] : NULL;
        if (kind == KIND_VALUES && name && strchr(name, '{')) {
            if (!name_pattern(name, prefix, sizeof(prefix), &first, &last, &radix, &width)) {
                unreadable(lost, c, r, "the name's {FIRST:LAST} range does not read");
                gcn_strs_free(&cells);
                continue;
            }
            if (last - first != hi - lo) {
                snprintf(why, sizeof(why), "the name range gives %ld names for %ld values",
                         last - first + 1, hi - lo + 1);
                unreadable(lost, c, r, why);
                gcn_strs_free(&cells);
                continue;
            }
            pattern = 1;
        }
        o = cJSON_CreateObject();
        from_of(c, r, from, sizeof(from));
        cJSON_AddStringToObject(o, "from", from);
        cJSON_AddStringToObject(o, "row", doc_line(c->L, r));
        a = cJSON_AddArrayToObject(o, "cells");
        for (i = 0; i < cells.n; i++)
            cJSON_AddItemToArray(a, cJSON_CreateString(cells.v[i]));
        if (kind != KIND_PLAIN) {
            a = cJSON_AddArrayToObject(o, kind == KIND_FIELDS ? "bits" : "values");
            cJSON_AddItemToArray(a, cJSON_CreateNumber((double)lo));
            cJSON_AddItemToArray(a, cJSON_CreateNumber((double)hi));
        }
        if (pattern) {
            cJSON *n = cJSON_AddObjectToObject(o, "names");
            cJSON_AddStringToObject(n, "prefix", prefix);
            cJSON_AddNumberToObject(n, "first", (double)first);
            cJSON_AddNumberToObject(n, "last", (double)last);
            cJSON_AddNumberToObject(n, "radix", radix);
            cJSON_AddNumberToObject(n, "width", width);
        }
        for (i = 0; i < cells.n; i++)
            text_gens(cells.v[i], &gens);
        if (gens.n) {
            a = cJSON_AddArrayToObject(o, "gens");
            for (i = 0; i < gens.n; i++)
                cJSON_AddItemToArray(a, cJSON_CreateString(gens.v[i]));
        }
        cJSON_AddItemToArray(list, o);
        rows[nrows].lo = lo;
        rows[nrows].hi = hi;
        rows[nrows].line = r;
        /* the name lives in the row fact, which outlives this loop */
        rows[nrows].name =
            name_col >= 0
                ? cJSON_GetArrayItem(cJSON_GetObjectItem(o, "cells"), name_col)->valuestring
                : NULL;
        nrows++;
        gcn_strs_free(&cells);
        gcn_strs_free(&gens);
    }
    self_checks(c, kind, head, rows, nrows);
    if (cJSON_IsString(cJSON_GetObjectItem(t, "caption")))
        caption_check(c, head, section, cJSON_GetObjectItem(t, "caption")->valuestring, cl);
    cJSON_AddItemToArray(c->tables, t);
    free(rows);
    gcn_strs_free(&header);
    return GCN_OK;
}

gcn_status gcn_extract_page_tables_text(const char *file_name, const char *text, size_t len,
                                        cJSON **out, gcn_diag *diag)
{
    doc_lines L;
    pt_ctx c;
    gcn_status st;
    size_t i, section = 0;
    int fence = 0;
    char hash[65];
    cJSON *root;
    *out = NULL;
    if ((st = doc_lines_split(&L, file_name, text, len, diag)) != GCN_OK)
        return st;
    root = cJSON_CreateObject();
    if (!root || !gcn_sha256_hex(text, len, hash)) {
        cJSON_Delete(root);
        doc_lines_free(&L);
        gcn_diag_set(diag, file_name, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    memset(&c, 0, sizeof(c));
    c.L = &L;
    c.file = file_name;
    cJSON_AddStringToObject(root, "schema", "gcnspec-page-tables/1");
    cJSON_AddStringToObject(root, "document", file_name);
    cJSON_AddStringToObject(root, "sha256", hash);
    cJSON_AddNumberToObject(root, "lines", (double)L.n);
    c.tables = cJSON_AddArrayToObject(root, "tables");
    c.checks = cJSON_AddArrayToObject(root, "checks");
    for (i = 1; i <= L.n; i++) {
        const char *l = doc_line(&L, i);
        if (text_starts(l, "```")) {
            fence = !fence;
            continue;
        }
        if (fence)
            continue;
        if (l[0] == '#') {
            section = i;
            continue;
        }
        if (strchr(l, '|') && text_is_table_separator(doc_line(&L, i + 1))) {
            size_t next;
            if ((st = one_table(&c, i, &next, section)) != GCN_OK) {
                cJSON_Delete(root);
                doc_lines_free(&L);
                gcn_diag_set(diag, file_name, (unsigned)i, 0, "out of memory");
                return st;
            }
            i = next - 1;
        }
    }
    doc_lines_free(&L);
    if (cJSON_GetArraySize(c.tables) == 0) {
        cJSON_Delete(root);
        gcn_diag_set(diag, file_name, 1, 0,
                     "no table: expected a markdown table (a header row "
                     "and a '---|---' separator)");
        return GCN_ERR_SYNTAX;
    }
    *out = root;
    return GCN_OK;
}

gcn_status gcn_extract_page_tables(const char *path, cJSON **out, gcn_diag *diag)
{
    char *text = NULL;
    size_t len = 0;
    gcn_status st = gcn_read_file(path, &text, &len, diag);
    if (st != GCN_OK)
        return st;
    st = gcn_extract_page_tables_text(gcn_path_base(path), text, len, out, diag);
    if (st != GCN_OK && diag && strcmp(diag->file, gcn_path_base(path)) == 0)
        snprintf(diag->file, sizeof(diag->file), "%s", path);
    free(text);
    return st;
}
