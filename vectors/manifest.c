#define _POSIX_C_SOURCE 200809L
#include "manifest.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/diag_limit.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

#define REGENERATE "regenerate the directory with 'gcnspec vectors --out %s'"

/* ---- the files of a directory ----------------------------------------------------------- */

typedef struct rel_list {
    char **v;
    size_t n, cap;
    int oom;
} rel_list;

static void rel_add(rel_list *l, char *rel)
{
    if (rel && l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **v = realloc(l->v, cap * sizeof(*v));
        if (!v) {
            free(rel);
            rel = NULL;
        } else {
            l->v = v;
            l->cap = cap;
        }
    }
    if (!rel) {
        l->oom = 1;
        return;
    }
    l->v[l->n++] = rel;
}

static void rel_free(rel_list *l)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof(*l));
}

static int cmp_rel(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file under dir/sub, as paths relative to dir; hidden names (temporaries among
 * them), the manifest and what LLVM's lit writes beside the lit files it runs (Output/) are no
 * part of a run's output. */
static void walk(const char *dir, const char *sub, rel_list *l)
{
    char *path = sub ? gcn_path_join(dir, sub) : strdup(dir);
    DIR *d = path ? opendir(path) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        char *rel, *full;
        struct stat st;
        if (e->d_name[0] == '.' || (!sub && strcmp(e->d_name, GCN_VEC_MANIFEST) == 0) ||
            strcmp(e->d_name, "Output") == 0)
            continue;
        rel = sub ? gcn_path_join(sub, e->d_name) : strdup(e->d_name);
        full = rel ? gcn_path_join(dir, rel) : NULL;
        if (full && stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
            walk(dir, rel, l);
            free(rel);
        } else if (full && S_ISREG(st.st_mode)) {
            rel_add(l, rel);
        } else {
            free(rel);
        }
        free(full);
    }
    if (d)
        closedir(d);
    free(path);
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

static size_t count_lines(const char *text, size_t len)
{
    const char *p = text, *end = text + len;
    size_t n = 0;
    /* memchr, not a loop over every byte: the manifest counts the lines of the whole run */
    while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        n++;
        p++;
    }
    return n + (len && text[len - 1] != '\n');
}

/* Lines holding something: a vector file's vectors. */
static size_t count_vectors(const char *text, size_t len)
{
    size_t n = 0, i;
    int blank = 1;
    for (i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') {
            n += !blank;
            blank = 1;
        } else if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') {
            blank = 0;
        }
    }
    return n;
}

/* ---- writing ------------------------------------------------------------------------------ */

gcn_status gcn_vec_manifest_write(const char *dir, const char *spec_sha256, uint64_t seed,
                                  const char *const *gens, size_t ngens, gcn_diag *diag)
{
    rel_list l;
    cJSON *root = cJSON_CreateObject(), *arr, *files;
    char buf[32], *text = NULL, *path = NULL;
    gcn_status st = GCN_OK;
    size_t i;
    memset(&l, 0, sizeof(l));
    walk(dir, NULL, &l);
    qsort(l.v, l.n, sizeof(*l.v), cmp_rel);
    cJSON_AddStringToObject(root, "schema", GCN_VEC_MANIFEST_SCHEMA);
    cJSON_AddStringToObject(root, "generator", "gcnspec vectors");
    cJSON_AddStringToObject(root, "tool_version", GCN_PROJECT_VERSION);
    cJSON_AddStringToObject(root, "spec_sha256", spec_sha256);
    snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)seed);
    cJSON_AddStringToObject(root, "seed", buf);
    arr = cJSON_AddArrayToObject(root, "gens");
    for (i = 0; i < ngens; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(gens[i]));
    files = cJSON_AddArrayToObject(root, "files");
    for (i = 0; i < l.n && st == GCN_OK; i++) {
        char *full = gcn_path_join(dir, l.v[i]), *data = NULL, hex[65];
        size_t len = 0;
        cJSON *f;
        if (!full) {
            st = GCN_ERR_NOMEM;
            break;
        }
        st = gcn_read_file(full, &data, &len, diag);
        free(full);
        if (st != GCN_OK)
            break;
        if (!gcn_sha256_hex(data, len, hex)) {
            free(data);
            gcn_diag_set(diag, dir, 0, 0, "cannot compute a sha256");
            st = GCN_ERR_IO;
            break;
        }
        f = cJSON_CreateObject();
        cJSON_AddItemToArray(files, f);
        cJSON_AddStringToObject(f, "path", l.v[i]);
        cJSON_AddStringToObject(f, "sha256", hex);
        cJSON_AddNumberToObject(f, "lines", (double)count_lines(data, len));
        cJSON_AddNumberToObject(f, "bytes", (double)len);
        free(data);
    }
    if (st == GCN_OK) {
        text = gcn_json_print_depth(root, 2); /* one file a line */
        path = gcn_path_join(dir, GCN_VEC_MANIFEST);
        if (!text || !path || l.oom) {
            gcn_diag_set(diag, dir, 0, 0, "out of memory");
            st = GCN_ERR_NOMEM;
        } else {
            st = gcn_write_file_atomic(path, text, strlen(text), diag);
        }
    }
    free(text);
    free(path);
    cJSON_Delete(root);
    rel_free(&l);
    return st;
}

/* ---- verifying ---------------------------------------------------------------------------- */

/* A generation as one of the files names it. */
typedef struct stamp {
    const char *file; /* relative to the directory */
    char spec[65], seed[32];
    int present;
} stamp;

typedef struct verify {
    const char *dir;
    FILE *log;
    size_t faults;
} verify;

static void fault(verify *v, const char *rel, const char *msg)
{
    char *full = gcn_path_join(v->dir, rel);
    gcn_diag_reportf(v->log, "%s: %s; " REGENERATE, full ? full : rel, msg, v->dir);
    free(full);
    v->faults++;
}

static gcn_status load_if_present(const char *dir, const char *rel, gcn_json_doc *doc, int *have,
                                  gcn_diag *diag)
{
    char *p = gcn_path_join(dir, rel);
    struct stat st;
    gcn_status rc = GCN_OK;
    *have = 0;
    memset(doc, 0, sizeof(*doc));
    if (!p)
        return GCN_ERR_NOMEM;
    if (stat(p, &st) == 0) {
        rc = gcn_json_load(doc, p, diag);
        *have = rc == GCN_OK;
    }
    free(p);
    return rc;
}

static void read_stamp(const gcn_json_doc *doc, const char *rel, stamp *s)
{
    const cJSON *sha = cJSON_GetObjectItemCaseSensitive(doc->root, "spec_sha256");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(doc->root, "seed");
    memset(s, 0, sizeof(*s));
    s->file = rel;
    s->present = 1;
    snprintf(s->spec, sizeof(s->spec), "%s", cJSON_IsString(sha) ? sha->valuestring : "?");
    snprintf(s->seed, sizeof(s->seed), "%s", cJSON_IsString(seed) ? seed->valuestring : "?");
}

static void stamp_text(const stamp *s, char *buf, size_t size)
{
    snprintf(buf, size, "spec %.12s, seed %s", s->spec, s->seed);
}

/* Every file an index lists holds the number of vectors it says. */
static void check_index(verify *v, const gcn_json_doc *doc, const char *index_rel, const char *base)
{
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(doc->root, "files"), *f;
    cJSON_ArrayForEach(f, files)
    {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(f, "path");
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(f, "vectors");
        char *rel, *full, *data = NULL, msg[512];
        size_t len = 0;
        gcn_diag d;
        if (!cJSON_IsString(p) || !cJSON_IsNumber(n) || strstr(p->valuestring, ".."))
            continue;
        rel = base ? gcn_path_join(base, p->valuestring) : strdup(p->valuestring);
        full = rel ? gcn_path_join(v->dir, rel) : NULL;
        if (full && gcn_read_file(full, &data, &len, &d) != GCN_OK) {
            snprintf(msg, sizeof(msg), "listed in %s but missing", index_rel);
            fault(v, rel, msg);
        } else if (full) {
            size_t have = count_vectors(data, len);
            if ((double)have != n->valuedouble) {
                snprintf(msg, sizeof(msg),
                         "%zu vectors, but %s lists %.0f: the file is of another generation", have,
                         index_rel, n->valuedouble);
                fault(v, rel, msg);
            }
        }
        free(data);
        free(full);
        free(rel);
    }
}

static void check_manifest(verify *v, const gcn_json_doc *doc)
{
    const cJSON *files = cJSON_GetObjectItemCaseSensitive(doc->root, "files"), *f;
    rel_list l;
    size_t i;
    char *seen;
    memset(&l, 0, sizeof(l));
    walk(v->dir, NULL, &l);
    qsort(l.v, l.n, sizeof(*l.v), cmp_rel);
    seen = calloc(l.n + 1, 1);
    cJSON_ArrayForEach(f, files)
    {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(f, "path");
        const cJSON *sha = cJSON_GetObjectItemCaseSensitive(f, "sha256");
        char *full, *data = NULL, hex[65], *key;
        char **hit;
        size_t len = 0;
        gcn_diag d;
        if (!cJSON_IsString(p) || !cJSON_IsString(sha) || strstr(p->valuestring, ".."))
            continue;
        key = p->valuestring;
        hit = bsearch(&key, l.v, l.n, sizeof(*l.v), cmp_rel);
        if (hit && seen)
            seen[hit - l.v] = 1;
        full = gcn_path_join(v->dir, p->valuestring);
        if (!full)
            continue;
        if (!hit || gcn_read_file(full, &data, &len, &d) != GCN_OK)
            fault(v, p->valuestring, "listed in " GCN_VEC_MANIFEST " but missing");
        else if (!gcn_sha256_hex(data, len, hex) || strcmp(hex, sha->valuestring) != 0)
            fault(v, p->valuestring,
                  "changed since 'gcnspec vectors' wrote it (its sha256 is not the one "
                  "in " GCN_VEC_MANIFEST ")");
        free(data);
        free(full);
    }
    /* a file the checker reads (vectors, an index) that the run did not write; anything else
     * (notes, a report) is no vector */
    for (i = 0; i < l.n; i++)
        if (seen && !seen[i] && (ends_with(l.v[i], ".jsonl") || ends_with(l.v[i], "index.json")))
            fault(v, l.v[i],
                  "not in " GCN_VEC_MANIFEST ": a file of another generation, or added by "
                  "hand (remove it)");
    free(seen);
    rel_free(&l);
}

gcn_status gcn_vec_manifest_verify(const char *dir, FILE *log, gcn_diag *diag)
{
    static const char *const stamp_files[] = {GCN_VEC_MANIFEST, "index.json",
                                              "semantic/index.json"};
    gcn_json_doc docs[3];
    stamp stamps[3];
    verify v = {dir, log ? log : stderr, 0};
    struct stat st;
    gcn_status rc = GCN_OK;
    size_t i, j;
    int have[3];
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return GCN_OK; /* one vector file: nothing to compare it with */
    memset(stamps, 0, sizeof(stamps));
    for (i = 0; i < 3; i++) {
        gcn_status r = load_if_present(dir, stamp_files[i], &docs[i], &have[i], diag);
        if (r != GCN_OK && rc == GCN_OK)
            rc = r;
        if (have[i])
            read_stamp(&docs[i], stamp_files[i], &stamps[i]);
    }
    if (rc != GCN_OK)
        goto out;
    /* two generations: the first stamp against each other one */
    for (i = 0; i < 3; i++)
        for (j = i + 1; j < 3; j++)
            if (stamps[i].present && stamps[j].present &&
                (strcmp(stamps[i].spec, stamps[j].spec) != 0 ||
                 strcmp(stamps[i].seed, stamps[j].seed) != 0)) {
                char a[128], b[128], msg[512];
                stamp_text(&stamps[i], a, sizeof(a));
                stamp_text(&stamps[j], b, sizeof(b));
                snprintf(msg, sizeof(msg),
                         "the directory mixes two generations of files: this one is of %s, %s "
                         "of %s",
                         b, stamps[i].file, a);
                fault(&v, stamps[j].file, msg);
            }
    if (have[1])
        check_index(&v, &docs[1], "index.json", NULL);
    if (have[2])
        check_index(&v, &docs[2], "semantic/index.json", "semantic");
    if (have[0])
        check_manifest(&v, &docs[0]);
    if (v.faults) {
        gcn_diag_set(diag, dir, 0, 0,
                     "not checked: its files are not the output of one 'gcnspec vectors' run "
                     "(%zu fault%s above); " REGENERATE,
                     v.faults, v.faults == 1 ? "" : "s", dir);
        rc = GCN_ERR_INVALID;
    }
out:
    for (i = 0; i < 3; i++)
        gcn_json_free(&docs[i]);
    return rc;
}
