/* Finds "Operation:" blocks. Markdown pages keep them in ``` fences after the label (the vISA
 * page after "## Semantics"); the scraped wiki page lost fences and indentation, so there a block
 * is every line after a bare "Operation:" line up to the next section heading (a line that is
 * only an upper-case mnemonic, followed by an "Opcode" line). Two scraped sections have code but
 * no label; there the code starts at the first assignment-like line after the description. */
#define _POSIX_C_SOURCE 200809L
#include "seed_blocks.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lines {
    char **v;
    size_t n;
} lines;

typedef struct vec {
    seed_block *v;
    size_t n, cap;
} vec;

const char *seed_docs_dir(char *buf, size_t size)
{
    const char *env = getenv("GCN_DOCS_DIR");
    const char *src = getenv("GCN_SOURCE_DIR");
#ifdef GCN_TEST_SOURCE_DIR
    if (!src || !*src)
        src = GCN_TEST_SOURCE_DIR;
#endif
    if (env && *env)
        snprintf(buf, size, "%s", env);
    else
        snprintf(buf, size, "%s/documents/seeds", src && *src ? src : ".");
    return buf;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Splits in place; strips a trailing '\r'. */
static int split_lines(char *text, lines *out)
{
    size_t cap = 64;
    out->n = 0;
    out->v = malloc(cap * sizeof(char *));
    if (!out->v)
        return -1;
    for (char *p = text; *p;) {
        char *e = strchr(p, '\n');
        if (out->n == cap) {
            char **nv = realloc(out->v, (cap *= 2) * sizeof(char *));
            if (!nv)
                return -1;
            out->v = nv;
        }
        out->v[out->n++] = p;
        if (!e)
            break;
        *e = '\0';
        if (e > p && e[-1] == '\r')
            e[-1] = '\0';
        p = e + 1;
    }
    return 0;
}

static int is_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return 0;
    return 1;
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int is_fence(const char *s)
{
    while (*s == ' ')
        s++;
    return starts_with(s, "```");
}

static int add_block(vec *out, const char *file, const char *mnemonic, const lines *ls,
                     size_t first, size_t end)
{
    seed_block *b;
    size_t len = 0;
    while (end > first && is_blank(ls->v[end - 1]))
        end--;
    if (end <= first)
        return 0;
    if (out->n == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 64;
        seed_block *nv = realloc(out->v, cap * sizeof(*nv));
        if (!nv)
            return -1;
        out->v = nv;
        out->cap = cap;
    }
    b = &out->v[out->n];
    memset(b, 0, sizeof(*b));
    snprintf(b->file, sizeof(b->file), "%s", file);
    snprintf(b->mnemonic, sizeof(b->mnemonic), "%s", mnemonic);
    b->first_line = (unsigned)first + 1;
    for (size_t i = first; i < end; i++)
        len += strlen(ls->v[i]) + 1;
    b->text = malloc(len + 1);
    if (!b->text)
        return -1;
    b->text[0] = '\0';
    for (size_t i = first; i < end; i++) {
        strcat(b->text, ls->v[i]);
        if (i + 1 < end)
            strcat(b->text, "\n");
    }
    out->n++;
    return 0;
}

static void heading_name(const char *line, char *buf, size_t size)
{
    while (*line == '#' || *line == ' ')
        line++;
    snprintf(buf, size, "%s", line);
}

static int scan_fenced(vec *out, const char *file, const lines *ls)
{
    char mnemonic[64] = "";
    for (size_t i = 0; i < ls->n; i++) {
        const char *l = ls->v[i];
        size_t j, k;
        if (starts_with(l, "#### ")) {
            heading_name(l, mnemonic, sizeof(mnemonic));
            continue;
        }
        if (!starts_with(l, "Operation:") && strcmp(l, "## Semantics") != 0)
            continue;
        for (j = i + 1; j < ls->n && is_blank(ls->v[j]); j++)
            ;
        if (j >= ls->n || !is_fence(ls->v[j]))
            continue;
        for (k = j + 1; k < ls->n && !is_fence(ls->v[k]); k++)
            ;
        if (add_block(out, file, mnemonic, ls, j + 1, k) != 0)
            return -1;
        i = k;
    }
    return 0;
}

static int is_mnemonic_line(const char *s)
{
    if (!isupper((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isupper((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

static int is_heading(const lines *ls, size_t i)
{
    return is_mnemonic_line(ls->v[i]) && i + 1 < ls->n && starts_with(ls->v[i + 1], "Opcode");
}

static int is_label(const char *s)
{
    return starts_with(s, "Operation:") && is_blank(s + strlen("Operation:"));
}

/* An assignment or declaration, not prose: has '=' and no three words in a row. */
static int looks_like_code(const char *s)
{
    int words = 0;
    const char *p = s;
    if (!strchr(s, '='))
        return 0;
    while (*p) {
        if (isalpha((unsigned char)*p)) {
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            if (*p == ' ' && isalpha((unsigned char)p[1])) {
                if (++words >= 2)
                    return 0;
            } else {
                words = 0;
            }
            if (*p == ' ')
                p++;
        } else {
            words = 0;
            p++;
        }
    }
    return 1;
}

static int scan_scraped(vec *out, const char *file, const lines *ls)
{
    size_t i = 0;
    while (i < ls->n && !is_heading(ls, i))
        i++;
    while (i < ls->n) {
        size_t start = i, end = i + 1, body = 0;
        char mnemonic[64];
        snprintf(mnemonic, sizeof(mnemonic), "%s", ls->v[start]);
        while (end < ls->n && !is_heading(ls, end))
            end++;
        for (size_t k = start + 1; k < end && !body; k++)
            if (is_label(ls->v[k]))
                body = k + 1;
        if (!body) {
            size_t k = start + 1;
            while (k < end && !starts_with(ls->v[k], "Description"))
                k++;
            for (k++; k < end && !body; k++)
                if (looks_like_code(ls->v[k]))
                    body = k;
        }
        if (body && add_block(out, file, mnemonic, ls, body, end) != 0)
            return -1;
        i = end;
    }
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int seed_corpus_load(const char *dir, seed_corpus *c)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char *names[64];
    size_t nnames = 0;
    vec out = {0};
    int rc = 0;

    memset(c, 0, sizeof(*c));
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL && nnames < 64) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".txt") == 0)
            names[nnames++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, nnames, sizeof(names[0]), by_name);
    for (size_t f = 0; f < nnames && rc == 0; f++) {
        char path[1024];
        char *text;
        lines ls = {0};
        int fenced = 0;
        snprintf(path, sizeof(path), "%s/%s", dir, names[f]);
        text = read_file(path);
        if (!text || split_lines(text, &ls) != 0) {
            rc = -1;
        } else {
            for (size_t i = 0; i < ls.n && !fenced; i++)
                fenced = is_fence(ls.v[i]);
            rc = fenced ? scan_fenced(&out, names[f], &ls) : scan_scraped(&out, names[f], &ls);
        }
        free(ls.v);
        free(text);
    }
    for (size_t f = 0; f < nnames; f++)
        free(names[f]);
    c->blocks = out.v;
    c->count = out.n;
    c->nfiles = nnames;
    if (rc != 0)
        seed_corpus_free(c);
    return rc;
}

void seed_corpus_free(seed_corpus *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->count; i++)
        free(c->blocks[i].text);
    free(c->blocks);
    memset(c, 0, sizeof(*c));
}
