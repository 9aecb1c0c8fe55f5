#define _POSIX_C_SOURCE 200809L
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

gcn_status gcn_read_file(const char *path, char **data, size_t *len, gcn_diag *diag)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    *data = NULL;
    *len = 0;
    if (!f) {
        gcn_diag_set(diag, path, 0, 0, "cannot open: %s", strerror(errno));
        return GCN_ERR_IO;
    }
    for (;;) {
        size_t got;
        if (cap - n < 4096) {
            size_t ncap = cap ? cap * 2 : 65536;
            char *p = realloc(buf, ncap + 1);
            if (!p) {
                free(buf);
                fclose(f);
                gcn_diag_set(diag, path, 0, 0, "out of memory");
                return GCN_ERR_NOMEM;
            }
            buf = p;
            cap = ncap;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        gcn_diag_set(diag, path, 0, 0, "read error: %s", strerror(errno));
        free(buf);
        fclose(f);
        return GCN_ERR_IO;
    }
    fclose(f);
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return GCN_OK;
}

gcn_status gcn_write_file_atomic(const char *path, const char *data, size_t len, gcn_diag *diag)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    int fd;
    FILE *f;
    if (!tmp) {
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp.XXXXXX", 12);
    fd = mkstemp(tmp);
    if (fd < 0) {
        gcn_diag_set(diag, path, 0, 0, "cannot create temporary file: %s", strerror(errno));
        free(tmp);
        return GCN_ERR_IO;
    }
    f = fdopen(fd, "wb");
    if (!f) {
        gcn_diag_set(diag, path, 0, 0, "cannot open temporary file: %s", strerror(errno));
        close(fd);
        unlink(tmp);
        free(tmp);
        return GCN_ERR_IO;
    }
    if ((len && fwrite(data, 1, len, f) != len) || fflush(f) != 0 || fsync(fileno(f)) != 0) {
        gcn_diag_set(diag, path, 0, 0, "write failed: %s", strerror(errno));
        fclose(f);
        unlink(tmp);
        free(tmp);
        return GCN_ERR_IO;
    }
    if (fclose(f) != 0) {
        gcn_diag_set(diag, path, 0, 0, "write failed: %s", strerror(errno));
        unlink(tmp);
        free(tmp);
        return GCN_ERR_IO;
    }
    /* mkstemp creates 0600; outputs are ordinary files. */
    chmod(tmp, 0644);
    if (rename(tmp, path) != 0) {
        gcn_diag_set(diag, path, 0, 0, "cannot rename temporary file: %s", strerror(errno));
        unlink(tmp);
        free(tmp);
        return GCN_ERR_IO;
    }
    free(tmp);
    return GCN_OK;
}

gcn_status gcn_make_dirs(const char *path, gcn_diag *diag)
{
    char *p = strdup(path);
    size_t i, n;
    if (!p) {
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    n = strlen(p);
    for (i = 1; i <= n; i++) {
        if (p[i] == '/' || p[i] == '\0') {
            char c = p[i];
            p[i] = '\0';
            if (mkdir(p, 0755) != 0 && errno != EEXIST) {
                gcn_diag_set(diag, path, 0, 0, "cannot create directory %s: %s", p,
                             strerror(errno));
                free(p);
                return GCN_ERR_IO;
            }
            p[i] = c;
        }
    }
    free(p);
    return GCN_OK;
}

const char *gcn_path_base(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

char *gcn_path_join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *s = malloc(a + b + 2);
    if (!s)
        return NULL;
    memcpy(s, dir, a);
    if (a && dir[a - 1] != '/')
        s[a++] = '/';
    memcpy(s + a, name, b + 1);
    return s;
}
