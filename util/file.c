#define _POSIX_C_SOURCE 200809L
#include "file.h"
#include "strset.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
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

/* ---- temporary files: recognisable, removed on a signal, cleaned up after a killed run ----- */

/* DIR/.BASE.gcnspec-tmp.PID.N: hidden, named after its target and its writer, so that a later
 * run can tell a stale one (its writer is dead) from one in flight. */
#define TMP_TAG ".gcnspec-tmp."
#define TMP_BASE_MAX 200 /* of the target's name in the temporary's (NAME_MAX is 255) */
#define TMP_SLOTS 64

/* The temporaries in flight, for the signal handler: a slot is claimed (1), then filled, then
 * published (2); the handler reads only published slots of its own process (a forked child
 * inherits the table, not the files' ownership). */
static struct tmp_slot {
    _Atomic int state;
    pid_t pid;
    char path[4096];
} tmp_slots[TMP_SLOTS];
static _Atomic unsigned long tmp_seq;
static _Atomic int handlers_installed;
static const int tmp_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void on_fatal_signal(int sig)
{
    int i, saved = errno;
    pid_t self = getpid();
    for (i = 0; i < TMP_SLOTS; i++)
        if (atomic_load(&tmp_slots[i].state) == 2 && tmp_slots[i].pid == self)
            unlink(tmp_slots[i].path);
    errno = saved;
    /* SA_RESETHAND restored the default action: raised again, the signal ends the process as
     * it would have without us (the caller sees the signal, not an exit status) */
    raise(sig);
}

/* Only where the program left the default action: a program with its own handler (a fuzzer's
 * driver) keeps it. */
static void install_handlers(void)
{
    size_t i;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&handlers_installed, &expected, 1))
        return;
    for (i = 0; i < sizeof(tmp_signals) / sizeof(tmp_signals[0]); i++) {
        struct sigaction old, sa;
        if (sigaction(tmp_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
            (old.sa_flags & SA_SIGINFO))
            continue;
        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(tmp_signals[i], &sa, NULL);
    }
}

static int slot_claim(const char *path)
{
    int i;
    if (strlen(path) >= sizeof(tmp_slots[0].path))
        return -1;
    for (i = 0; i < TMP_SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&tmp_slots[i].state, &expected, 1)) {
            tmp_slots[i].pid = getpid();
            strcpy(tmp_slots[i].path, path);
            atomic_store(&tmp_slots[i].state, 2);
            return i;
        }
    }
    return -1; /* more than TMP_SLOTS writes at once: this one is not removed on a signal */
}

static void slot_release(int i)
{
    if (i >= 0)
        atomic_store(&tmp_slots[i].state, 0);
}

/* "NAME.gcnspec-tmp.PID.N" -> PID, when name is a temporary of ours (0 otherwise). */
static long tmp_name_pid(const char *name)
{
    const char *tag = strstr(name, TMP_TAG), *p;
    long pid = 0;
    if (name[0] != '.' || !tag)
        return 0;
    for (p = tag + strlen(TMP_TAG); *p >= '0' && *p <= '9'; p++)
        pid = pid * 10 + (*p - '0');
    if (p == tag + strlen(TMP_TAG) || *p != '.' || pid <= 0 || pid > 1L << 30)
        return 0;
    for (p++; *p >= '0' && *p <= '9'; p++)
        ;
    return *p ? 0 : pid;
}

int gcn_tmp_is_temporary(const char *name)
{
    return tmp_name_pid(gcn_path_base(name)) > 0;
}

size_t gcn_tmp_clean_stale(const char *dir)
{
    DIR *d = opendir(dir && *dir ? dir : ".");
    struct dirent *e;
    size_t removed = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL) {
        long pid = tmp_name_pid(e->d_name);
        char *p;
        /* ESRCH: no such process. A live one (EPERM too) may be writing: left alone. */
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        p = gcn_path_join(dir && *dir ? dir : ".", e->d_name);
        if (p && unlink(p) == 0)
            removed++;
        free(p);
    }
    closedir(d);
    return removed;
}

/* Each directory is swept once a process: a run that writes thousands of files into one
 * directory (the corpora) reads it once, not once a file. */
static void clean_stale_once(const char *dir)
{
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    static gcn_strset swept;
    int first;
    pthread_mutex_lock(&mu);
    first = gcn_strset_add(&swept, dir);
    pthread_mutex_unlock(&mu);
    if (first)
        gcn_tmp_clean_stale(dir);
}

gcn_status gcn_tmp_open(gcn_tmp_file *t, const char *path, gcn_diag *diag)
{
    const char *base = gcn_path_base(path);
    size_t dlen = (size_t)(base - path), blen = strlen(base);
    char *dir;
    int fd;
    memset(t, 0, sizeof(*t));
    t->slot = -1;
    if (blen > TMP_BASE_MAX)
        blen = TMP_BASE_MAX;
    t->path = strdup(path);
    t->tmp = malloc(dlen + blen + 64);
    dir = strndup(path, dlen);
    if (!t->path || !t->tmp || !dir) {
        free(dir);
        gcn_tmp_abandon(t);
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    install_handlers();
    clean_stale_once(dir);
    free(dir);
    do {
        snprintf(t->tmp, dlen + blen + 64, "%.*s.%.*s" TMP_TAG "%ld.%lu", (int)dlen, path,
                 (int)blen, base, (long)getpid(), atomic_fetch_add(&tmp_seq, 1));
        /* registered before it exists: a signal between open and registration leaves nothing */
        t->slot = slot_claim(t->tmp);
        fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0)
            slot_release(t->slot);
    } while (fd < 0 && errno == EEXIST);
    if (fd < 0) {
        gcn_diag_set(diag, path, 0, 0, "cannot create temporary file: %s", strerror(errno));
        t->slot = -1;
        gcn_tmp_abandon(t);
        return GCN_ERR_IO;
    }
    t->created = 1;
    t->f = fdopen(fd, "wb");
    if (!t->f) {
        gcn_diag_set(diag, path, 0, 0, "cannot open temporary file: %s", strerror(errno));
        close(fd);
        gcn_tmp_abandon(t);
        return GCN_ERR_IO;
    }
    return GCN_OK;
}

void gcn_tmp_abandon(gcn_tmp_file *t)
{
    if (t->f)
        fclose(t->f);
    if (t->created)
        unlink(t->tmp);
    slot_release(t->slot);
    free(t->tmp);
    free(t->path);
    memset(t, 0, sizeof(*t));
    t->slot = -1;
}

gcn_status gcn_tmp_commit(gcn_tmp_file *t, gcn_diag *diag)
{
    FILE *f = t->f;
    t->f = NULL;
    if (fflush(f) != 0 || (!t->no_sync && fsync(fileno(f)) != 0)) {
        gcn_diag_set(diag, t->path, 0, 0, "write failed: %s", strerror(errno));
        fclose(f);
        gcn_tmp_abandon(t);
        return GCN_ERR_IO;
    }
    if (fclose(f) != 0) {
        gcn_diag_set(diag, t->path, 0, 0, "write failed: %s", strerror(errno));
        gcn_tmp_abandon(t);
        return GCN_ERR_IO;
    }
    if (rename(t->tmp, t->path) != 0) {
        gcn_diag_set(diag, t->path, 0, 0, "cannot rename temporary file: %s", strerror(errno));
        gcn_tmp_abandon(t);
        return GCN_ERR_IO;
    }
    /* renamed: a signal now would unlink a name that no longer exists */
    t->created = 0;
    gcn_tmp_abandon(t);
    return GCN_OK;
}

static gcn_status write_whole(const char *path, const char *data, size_t len, int sync,
                              gcn_diag *diag)
{
    gcn_tmp_file t;
    gcn_status st = gcn_tmp_open(&t, path, diag);
    if (st != GCN_OK)
        return st;
    t.no_sync = !sync;
    if (len && fwrite(data, 1, len, t.f) != len) {
        gcn_diag_set(diag, path, 0, 0, "write failed: %s", strerror(errno));
        gcn_tmp_abandon(&t);
        return GCN_ERR_IO;
    }
    return gcn_tmp_commit(&t, diag);
}

gcn_status gcn_write_file_atomic(const char *path, const char *data, size_t len, gcn_diag *diag)
{
    return write_whole(path, data, len, 1, diag);
}

gcn_status gcn_write_file_replace(const char *path, const char *data, size_t len, gcn_diag *diag)
{
    return write_whole(path, data, len, 0, diag);
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
