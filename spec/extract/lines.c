#include "lines.h"

#include <stdlib.h>
#include <string.h>

/* Returns the length of the UTF-8 sequence at s, or 0 when it is malformed. */
static size_t utf8_len(const unsigned char *s, const unsigned char *end)
{
    size_t n, i;
    if (s[0] < 0x80)
        return 1;
    if ((s[0] & 0xE0) == 0xC0 && s[0] >= 0xC2)
        n = 2;
    else if ((s[0] & 0xF0) == 0xE0)
        n = 3;
    else if ((s[0] & 0xF8) == 0xF0 && s[0] <= 0xF4)
        n = 4;
    else
        return 0;
    if ((size_t)(end - s) < n)
        return 0;
    for (i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

gcn_status doc_lines_split(doc_lines *d, const char *file, const char *text, size_t len,
                           gcn_diag *diag)
{
    size_t i, nlines = 1, line = 1, col = 1, k;
    const unsigned char *p = (const unsigned char *)text, *end = p + len;
    memset(d, 0, sizeof(*d));
    d->file = file;
    for (i = 0; i < len;) {
        size_t n;
        if (p[i] == 0) {
            gcn_diag_set(diag, file, (unsigned)line, (unsigned)col,
                         "NUL byte: not a text document");
            return GCN_ERR_SYNTAX;
        }
        n = utf8_len(p + i, end);
        if (!n) {
            gcn_diag_set(diag, file, (unsigned)line, (unsigned)col, "invalid UTF-8 byte 0x%02x",
                         p[i]);
            return GCN_ERR_SYNTAX;
        }
        if (p[i] == '\n') {
            nlines++;
            line++;
            col = 1;
        } else {
            col++;
        }
        i += n;
    }
    d->store = malloc(len + 1);
    d->line = calloc(nlines + 1, sizeof(*d->line));
    if (!d->store || !d->line) {
        doc_lines_free(d);
        gcn_diag_set(diag, file, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    memcpy(d->store, text, len);
    d->store[len] = '\0';
    k = 0;
    d->line[k++] = d->store;
    for (i = 0; i < len; i++)
        if (d->store[i] == '\n') {
            d->store[i] = '\0';
            d->line[k++] = d->store + i + 1;
        }
    /* A final newline does not start a line. */
    if (len && text[len - 1] == '\n')
        k--;
    d->n = k;
    for (i = 0; i < d->n; i++) {
        char *s = d->line[i];
        size_t l = strlen(s);
        while (l && (s[l - 1] == '\r' || s[l - 1] == ' ' || s[l - 1] == '\t'))
            s[--l] = '\0';
    }
    return GCN_OK;
}

void doc_lines_free(doc_lines *d)
{
    free(d->store);
    free(d->line);
    memset(d, 0, sizeof(*d));
}

const char *doc_line(const doc_lines *d, size_t lineno)
{
    if (lineno == 0 || lineno > d->n)
        return "";
    return d->line[lineno - 1];
}

int line_is_blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}
