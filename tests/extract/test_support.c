#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_support.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *test_source_dir(void)
{
    const char *s = getenv("GCN_SOURCE_DIR");
    return s && *s ? s : ".";
}

char *test_docs_dir(void)
{
    const char *d = getenv("GCN_DOCS_DIR");
    if (d && *d)
        return strdup(d);
    return path_join2(test_source_dir(), "documents/seeds");
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(((const seed_doc *)a)->name, ((const seed_doc *)b)->name);
}

static int starts(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

static seed_kind classify(const char *text)
{
    const char *nl = strchr(text, '\n');
    const char *second = nl ? nl + 1 : "";
    if (starts(text, "## GCN ISA DS "))
        return SEED_DS_MARKDOWN;
    if (starts(text, "## GCN ISA SOP1 "))
        return SEED_SOP1;
    if (starts(text, "## GCN ISA SMEM "))
        return SEED_SMEM;
    if (starts(second, "GCN ISA DS instructions"))
        return SEED_DS_SCRAPED;
    if (strstr(text, "DWORD_ATOMIC = 0x7d"))
        return SEED_VISA;
    return SEED_KIND_COUNT;
}

void seeds_load(seed_set *s)
{
    DIR *dp;
    struct dirent *e;
    int seen[SEED_KIND_COUNT] = {0};
    size_t i;
    memset(s, 0, sizeof(*s));
    s->dir = test_docs_dir();
    dp = opendir(s->dir);
    if (!dp)
        fail_msg("cannot open the seeds directory %s", s->dir);
    while ((e = readdir(dp)) != NULL) {
        seed_doc *d;
        struct stat sb;
        char *path;
        if (e->d_name[0] == '.')
            continue;
        path = path_join2(s->dir, e->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(path);
            continue;
        }
        s->v = realloc(s->v, (s->n + 1) * sizeof(*s->v));
        assert_non_null(s->v);
        d = &s->v[s->n++];
        d->name = strdup(e->d_name);
        d->path = path;
        d->text = file_read(path, &d->len);
        assert_non_null(d->text);
        d->kind = classify(d->text);
    }
    closedir(dp);
    qsort(s->v, s->n, sizeof(*s->v), name_cmp);
    for (i = 0; i < s->n; i++)
        if (s->v[i].kind < SEED_KIND_COUNT)
            seen[s->v[i].kind]++;
    for (i = 0; i < SEED_KIND_COUNT; i++)
        if (seen[i] != 1)
            fail_msg("expected exactly one seed of kind %zu in %s, found %d", i, s->dir, seen[i]);
}

void seeds_free(seed_set *s)
{
    size_t i;
    for (i = 0; i < s->n; i++) {
        free(s->v[i].name);
        free(s->v[i].path);
        free(s->v[i].text);
    }
    free(s->v);
    free(s->dir);
    memset(s, 0, sizeof(*s));
}

const seed_doc *seeds_get(const seed_set *s, seed_kind kind)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        if (s->v[i].kind == kind)
            return &s->v[i];
    fail_msg("no seed of kind %d", (int)kind);
    return NULL;
}

void lines_split(text_lines *t, const char *text, size_t len)
{
    size_t i, k = 0, count = 1;
    memset(t, 0, sizeof(*t));
    for (i = 0; i < len; i++)
        if (text[i] == '\n')
            count++;
    t->store = malloc(len + 1);
    t->v = calloc(count + 1, sizeof(*t->v));
    assert_non_null(t->store);
    assert_non_null(t->v);
    memcpy(t->store, text, len);
    t->store[len] = 0;
    t->v[k++] = t->store;
    for (i = 0; i < len; i++)
        if (t->store[i] == '\n') {
            t->store[i] = 0;
            t->v[k++] = t->store + i + 1;
        }
    if (len && text[len - 1] == '\n')
        k--; /* a final newline ends the last line; it does not start one */
    t->n = len ? k : 0;
    for (i = 0; i < t->n; i++) {
        char *s = t->v[i];
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            s[--n] = 0;
    }
}

void lines_free(text_lines *t)
{
    free(t->store);
    free(t->v);
    memset(t, 0, sizeof(*t));
}

const char *lines_at(const text_lines *t, size_t lineno)
{
    return lineno >= 1 && lineno <= t->n ? t->v[lineno - 1] : "";
}

char *tmpdir_make(void)
{
    const char *base = getenv("TMPDIR");
    char *tmpl = path_join2(base && *base ? base : "/tmp", "gcnspec-test.XXXXXX");
    if (!mkdtemp(tmpl))
        fail_msg("mkdtemp failed");
    return tmpl;
}

void tmpdir_remove(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    if (!dp)
        return;
    while ((e = readdir(dp)) != NULL) {
        char *p;
        struct stat sb;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        p = path_join2(d, e->d_name);
        if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode))
            tmpdir_remove(p);
        else
            unlink(p);
        free(p);
    }
    closedir(dp);
    rmdir(d);
}

char *path_join2(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 2);
    assert_non_null(s);
    memcpy(s, a, la);
    s[la] = '/';
    memcpy(s + la + 1, b, lb + 1);
    return s;
}

void file_write(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s", path);
    if (len && fwrite(data, 1, len, f) != len)
        fail_msg("short write to %s", path);
    fclose(f);
}

char *file_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t got;
        if (cap - n < 4096) {
            cap = cap ? cap * 2 : 65536;
            buf = realloc(buf, cap + 1);
            assert_non_null(buf);
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (!got)
            break;
    }
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

int file_exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

void gcnspec_run(char *const *argv, gcn_proc_result *r)
{
    const char *bin = getenv("GCNSPEC");
    if (!bin || !*bin)
        fail_msg("GCNSPEC is not set (run the test through ctest)");
    memset(r, 0, sizeof(*r));
    /* a cap that catches a hang, not a slow run: gcnspec vectors takes 30 s under the
     * sanitizers alone, and CI runs two tests at a time on two cores */
    gcn_proc_run(bin, argv, NULL, 0, 180, r);
    if (r->timed_out)
        fail_msg("gcnspec %s timed out", argv[1] ? argv[1] : "");
    if (r->failure[0] && !r->signal)
        fail_msg("gcnspec %s: %s", argv[1] ? argv[1] : "", r->failure);
}

int proc_crashed(const gcn_proc_result *r)
{
    const char *e = r->err.data ? r->err.data : "";
    return r->signal != 0 || strstr(e, "Sanitizer") != NULL || strstr(e, "runtime error:") != NULL;
}

int diag_line(const char *err, const char *file_suffix, unsigned *line, unsigned *col)
{
    const char *p = err ? err : "";
    while (*p) {
        const char *eol = strchr(p, '\n'), *q;
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        /* "file:line[:col]: message": find ":<digits>:" after a non-empty file part */
        for (q = p + 1; q < p + n; q++) {
            const char *d = q + 1, *e;
            unsigned long l, c = 0;
            if (*q != ':' || !isdigit((unsigned char)*d))
                continue;
            l = strtoul(d, (char **)&e, 10);
            if (*e == ':' && isdigit((unsigned char)e[1])) {
                c = strtoul(e + 1, (char **)&e, 10);
            }
            if (e[0] != ':' || e[1] != ' ' || e + 2 >= p + n || l == 0)
                continue;
            if (file_suffix) {
                size_t fl = (size_t)(q - p), sl = strlen(file_suffix);
                if (fl < sl || strncmp(q - sl, file_suffix, sl) != 0)
                    break;
            }
            if (line)
                *line = (unsigned)l;
            if (col)
                *col = (unsigned)c;
            return 1;
        }
        p += n + (eol ? 1 : 0);
    }
    return 0;
}

void drift_check_and_tamper(char **argv, int check_at, const char *what, const char *needle,
                            size_t at, char to)
{
    char *committed = argv[check_at], *dir = tmpdir_make(),
         *copy = path_join2(dir, "tampered.json");
    char *text, *p;
    size_t len, line = 1;
    unsigned got = 0, col = 0;
    gcn_proc_result r;
    memset(&r, 0, sizeof(r));
    gcnspec_run(argv, &r);
    assert_false(proc_crashed(&r));
    if (r.exit_code != 0)
        fail_msg("%s drifted:\n%s", what, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    /* a change is noticed, at its line */
    text = file_read(committed, &len);
    assert_non_null(text);
    p = strstr(text, needle);
    if (!p)
        fail_msg("%s holds no '%s' to change", committed, needle);
    assert_true(at < strlen(needle));
    p[at] = to;
    for (char *q = text; q < p; q++)
        line += *q == '\n';
    file_write(copy, text, len);
    argv[check_at] = copy;
    memset(&r, 0, sizeof(r));
    gcnspec_run(argv, &r);
    argv[check_at] = committed;
    assert_int_equal(r.exit_code, 1);
    if (!diag_line(r.err.data, "tampered.json", &got, &col) || got != line)
        fail_msg("expected tampered.json:%zu: in\n%s", line, r.err.data ? r.err.data : "");
    gcn_proc_result_free(&r);
    free(text);
    tmpdir_remove(dir);
    free(dir);
    free(copy);
}
