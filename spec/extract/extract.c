#define _POSIX_C_SOURCE 200809L
#include "extract.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "doc.h"
#include "text.h"
#include "util/file.h"
#include "util/hash.h"

typedef enum doc_style { STYLE_UNKNOWN, STYLE_CLRX_MD, STYLE_CLRX_SCRAPED, STYLE_VISA } doc_style;

static doc_style detect(const doc_lines *L)
{
    size_t i;
    int opcode = 0, format = 0;
    if (text_starts(doc_line(L, 1), "## GCN ISA "))
        return STYLE_CLRX_MD;
    if (strstr(doc_line(L, 1), "CLRX") && text_starts(doc_line(L, 2), "GCN ISA "))
        return STYLE_CLRX_SCRAPED;
    for (i = 1; i <= L->n && i <= 40; i++) {
        if (strcmp(doc_line(L, i), "## Opcode") == 0)
            opcode = 1;
        if (strcmp(doc_line(L, i), "## Format") == 0)
            format = 1;
    }
    return opcode && format ? STYLE_VISA : STYLE_UNKNOWN;
}

gcn_status gcn_extract_text(const char *file_name, const char *text, size_t len, gcn_facts *out,
                            gcn_diag *diag)
{
    doc_lines L;
    doc_style style;
    gcn_status st;
    size_t first = out->n, i;
    gcn_doc_info *docs, *d;
    char hash[65];
    int blank = 1;
    if ((st = doc_lines_split(&L, file_name, text, len, diag)) != GCN_OK)
        return st;
    for (i = 1; i <= L.n; i++)
        if (!line_is_blank(doc_line(&L, i)))
            blank = 0;
    if (blank) {
        doc_lines_free(&L);
        gcn_diag_set(diag, file_name, 1, 0, "empty document");
        return GCN_ERR_SYNTAX;
    }
    style = detect(&L);
    switch (style) {
    case STYLE_CLRX_MD:
        st = clrx_extract(&L, 0, out, diag);
        break;
    case STYLE_CLRX_SCRAPED:
        st = clrx_extract(&L, 1, out, diag);
        break;
    case STYLE_VISA:
        st = visa_extract(&L, out, diag);
        break;
    default:
        gcn_diag_set(diag, file_name, 1, 1,
                     "unrecognized document: expected a CLRX 'GCN ISA ... instructions' page "
                     "(markdown or scraped) or a vISA instruction page (## Opcode, ## Format)");
        st = GCN_ERR_SYNTAX;
    }
    if (st != GCN_OK) {
        doc_lines_free(&L);
        return st;
    }
    docs = realloc(out->docs, (out->ndocs + 1) * sizeof(*docs));
    if (!docs || !gcn_sha256_hex(text, len, hash)) {
        if (docs)
            out->docs = docs;
        doc_lines_free(&L);
        gcn_diag_set(diag, file_name, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    out->docs = docs;
    d = &out->docs[out->ndocs++];
    memset(d, 0, sizeof(*d));
    d->file = gcn_strdup(file_name);
    d->style = gcn_strdup(style == STYLE_CLRX_MD        ? "clrx-markdown"
                          : style == STYLE_CLRX_SCRAPED ? "clrx-scraped"
                                                        : "visa-markdown");
    d->sha256 = gcn_strdup(hash);
    d->lines = (unsigned)L.n;
    for (i = first; i < out->n; i++) {
        if (out->v[i].kind == GCN_FACT_TITLE || out->v[i].kind == GCN_FACT_VISA_OPCODE) {
            d->encoding = gcn_strdup(out->v[i].name);
            d->title = gcn_strdup(out->v[i].text);
            break;
        }
    }
    if (!d->encoding)
        d->encoding = gcn_strdup("");
    doc_lines_free(&L);
    return GCN_OK;
}

/* A Markdown page (its first line a '#' heading) that is no instruction page: the CLRX
 * documentation's licence, operand, state and memory pages, a provenance note. Returns its
 * heading, or NULL. */
static const char *other_markdown_page(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] == '#')
        n++;
    if (n == 0 || n > 6 || n >= len || text[n] != ' ')
        return NULL;
    if (strncmp(text, "## GCN ISA ", 11) == 0)
        return NULL;
    return text;
}

/* Records a document the directory reader leaves unread, and why. */
static gcn_status skip_doc(gcn_facts *out, const char *name, const char *text, size_t len,
                           const char *why)
{
    gcn_doc_info *docs = realloc(out->docs, (out->ndocs + 1) * sizeof(*docs)), *d;
    char hash[65];
    size_t i, title_len = strcspn(text, "\r\n");
    unsigned lines = 0;
    if (!docs)
        return GCN_ERR_NOMEM;
    out->docs = docs;
    if (!gcn_sha256_hex(text, len, hash))
        return GCN_ERR_NOMEM;
    for (i = 0; i < len; i++)
        if (text[i] == '\n')
            lines++;
    if (len && text[len - 1] != '\n')
        lines++;
    d = &out->docs[out->ndocs++];
    memset(d, 0, sizeof(*d));
    d->file = gcn_strdup(name);
    d->style = gcn_strdup("skipped");
    d->encoding = gcn_strdup("");
    d->title = gcn_strndup(text, title_len);
    if (d->title)
        while (title_len && d->title[title_len - 1] == ' ')
            d->title[--title_len] = '\0';
    d->sha256 = gcn_strdup(hash);
    d->lines = lines;
    d->skipped = gcn_strdup(why);
    return d->file && d->style && d->encoding && d->title && d->sha256 && d->skipped
               ? GCN_OK
               : GCN_ERR_NOMEM;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

gcn_status gcn_extract_dir(const char *dir, gcn_facts *out, gcn_diag *diag)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, i, ninstr = 0;
    gcn_status st = GCN_OK;
    if (!dp) {
        gcn_diag_set(diag, dir, 0, 0, "cannot open documents directory: %s", strerror(errno));
        return GCN_ERR_IO;
    }
    while ((e = readdir(dp)) != NULL) {
        char *path;
        struct stat sb;
        char **v;
        if (e->d_name[0] == '.')
            continue;
        path = gcn_path_join(dir, e->d_name);
        if (!path || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(path);
            continue;
        }
        free(path);
        v = realloc(names, (n + 1) * sizeof(*v));
        if (!v) {
            st = GCN_ERR_NOMEM;
            break;
        }
        names = v;
        names[n++] = gcn_strdup(e->d_name);
    }
    closedir(dp);
    if (st == GCN_OK && n == 0) {
        gcn_diag_set(diag, dir, 0, 0, "no documents in directory");
        st = GCN_ERR_INVALID;
    }
    if (names)
        qsort(names, n, sizeof(*names), name_cmp);
    /* Markdown pages that are no instruction page are left unread (and listed, with why) when
     * the directory holds instruction pages; alone, such a page is an error as any other. */
    for (i = 0; i < n && st == GCN_OK; i++) {
        char *path = gcn_path_join(dir, names[i]), *text = NULL;
        size_t len = 0;
        if (!path) {
            st = GCN_ERR_NOMEM;
            break;
        }
        st = gcn_read_file(path, &text, &len, diag);
        if (st == GCN_OK && !other_markdown_page(text, len))
            ninstr++;
        free(text);
        free(path);
    }
    for (i = 0; i < n && st == GCN_OK; i++) {
        char *path = gcn_path_join(dir, names[i]), *text = NULL;
        size_t len = 0;
        if (!path) {
            st = GCN_ERR_NOMEM;
            break;
        }
        st = gcn_read_file(path, &text, &len, diag);
        if (st == GCN_OK && ninstr && other_markdown_page(text, len))
            st = skip_doc(out, names[i], text, len,
                          "a Markdown page that is no instruction page ('## GCN ISA ... "
                          "instructions'): the instruction extractor does not read it");
        else if (st == GCN_OK)
            st = gcn_extract_text(names[i], text, len, out, diag);
        free(text);
        free(path);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, dir, 0, 0, "out of memory");
    if (st == GCN_OK)
        st = gcn_facts_finish(out, diag);
    return st;
}
