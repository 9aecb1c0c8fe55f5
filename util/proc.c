#define _GNU_SOURCE /* memfd_create */
#include "proc.h"

#include "file.h"
#include "hash.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

void gcn_proc_result_free(gcn_proc_result *r)
{
    gcn_buf_free(&r->out);
    gcn_buf_free(&r->err);
    memset(r, 0, sizeof(*r));
}

static char *gcn_strdup_local(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static int is_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *gcn_proc_find(const char *peer)
{
    const char *path = getenv("PATH");
    const char *p;
    if (!*peer)
        return NULL;
    if (strchr(peer, '/'))
        return is_executable(peer) ? gcn_strdup_local(peer) : NULL;
    for (p = path ? path : "/usr/bin:/bin"; p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        gcn_buf full;
        gcn_buf_init(&full);
        if (n == 0)
            gcn_buf_putc(&full, '.');
        else
            gcn_buf_append(&full, p, n);
        gcn_buf_putc(&full, '/');
        gcn_buf_puts(&full, peer);
        if (!full.oom && is_executable(full.data))
            return gcn_buf_take(&full);
        gcn_buf_free(&full);
        p = colon ? colon + 1 : NULL;
    }
    return NULL;
}

/* The environment peers run in: ours as it is now, with LLVM_DISABLE_SYMBOLIZATION=1 unless it
 * is set (an LLVM tool that crashes would otherwise run llvm-symbolizer over its stack dump:
 * seconds per crash, where llvm-mc-14 crashes on whole classes of syntax cases). The caller
 * frees the array (not its strings) when it is not environ. */
static char **peer_environ(void)
{
    static char disable[] = "LLVM_DISABLE_SYMBOLIZATION=1";
    char **env;
    size_t n = 0;
    if (getenv("LLVM_DISABLE_SYMBOLIZATION"))
        return environ;
    while (environ[n])
        n++;
    env = malloc((n + 2) * sizeof(*env));
    if (!env)
        return environ;
    memcpy(env, environ, n * sizeof(*env));
    env[n] = disable;
    env[n + 1] = NULL;
    return env;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* The peer cache (GCN_PEER_CACHE, a directory): an LLVM tool's answer to the same binary
 * (path, size, modification time), arguments and input is read back instead of run again.
 * tools/test.sh sets it so that the sanitizer pass, which runs our code again, does not run
 * llvm-mc and llvm-objdump again on the inputs the first pass gave them. Only a run that
 * exited, or crashed by its own fault (crash_signal), is kept -- no deadline, no kill from
 * outside, no failure to run it; only programs named llvm-* are; a file
 * named by an argument is part of the question. */
static char *peer_cache_path(const char *path, char *const *argv, const char *in, size_t in_len)
{
    const char *dir = getenv("GCN_PEER_CACHE");
    const char *base = strrchr(path, '/');
    struct stat st;
    gcn_buf key;
    char hex[65], *out = NULL;
    size_t i;
    base = base ? base + 1 : path;
    if (!dir || !*dir || strncmp(base, "llvm-", 5) != 0 || stat(path, &st) != 0)
        return NULL;
    gcn_buf_init(&key);
    /* each part NUL-terminated, so that no two keys run together alike */
    gcn_buf_append(&key, path, strlen(path) + 1);
    gcn_buf_printf(&key, "%lld %lld.%09ld %zu", (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                   (long)st.st_mtim.tv_nsec, in_len);
    gcn_buf_append(&key, "", 1);
    /* an argument that names a file (whole, or after '='), the file's bytes too: an object
     * file rebuilt at the same path is another question */
    for (i = 0; argv[i]; i++) {
        const char *eq = strchr(argv[i], '=');
        const char *file = i == 0 ? NULL : eq ? eq + 1 : argv[i];
        struct stat fst;
        gcn_buf_append(&key, argv[i], strlen(argv[i]) + 1);
        if (file && stat(file, &fst) == 0 && S_ISREG(fst.st_mode)) {
            char *data = NULL;
            size_t len = 0;
            if (gcn_read_file(file, &data, &len, NULL) != GCN_OK) {
                gcn_buf_free(&key);
                return NULL;
            }
            gcn_buf_printf(&key, "file %zu", len);
            gcn_buf_append(&key, data, len);
            free(data);
        }
    }
    gcn_buf_append(&key, "", 1);
    gcn_buf_append(&key, in ? in : "", in_len);
    if (!key.oom && gcn_sha256_hex(key.data, key.len, hex)) {
        size_t n = strlen(dir) + 1 + sizeof(hex);
        out = malloc(n);
        if (out)
            snprintf(out, n, "%s/%s", dir, hex);
    }
    gcn_buf_free(&key);
    return out;
}

/* The signals a program raises on itself when it crashes (a fault, an assertion): the same
 * input crashes it again, so such a run is an answer worth keeping (llvm-mc-14 crashes on
 * hundreds of syntax cases, each a run that loads libLLVM). A kill from outside (SIGKILL,
 * SIGTERM, SIGINT, a deadline) says nothing about the input and is never kept. */
static int crash_signal(int sig)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT ||
           sig == SIGTRAP || sig == SIGSYS;
}

static void note_signal(gcn_proc_result *r, int sig)
{
    r->signal = sig;
    if (!r->failure[0])
        snprintf(r->failure, sizeof(r->failure), "killed by signal %d", sig);
}

/* The answer kept at cache: "gcnpeer2 EXIT SIGNAL OUTLEN ERRLEN\n", then stdout and stderr. */
static int peer_cache_read(const char *cache, gcn_proc_result *r)
{
    FILE *f = fopen(cache, "rb");
    int code = 0, sig = 0, ok = 0;
    size_t nout = 0, nerr = 0;
    if (!f)
        return 0;
    if (fscanf(f, "gcnpeer2 %d %d %zu %zu", &code, &sig, &nout, &nerr) == 4 && fgetc(f) == '\n' &&
        (sig == 0 || crash_signal(sig))) {
        char *data = malloc(nout + nerr + 1);
        if (data && fread(data, 1, nout + nerr, f) == nout + nerr && fgetc(f) == EOF) {
            gcn_buf_append(&r->out, data, nout);
            gcn_buf_append(&r->err, data + nout, nerr);
            r->exit_code = code;
            ok = !r->out.oom && !r->err.oom;
        }
        free(data);
    }
    fclose(f);
    if (!ok) {
        gcn_buf_free(&r->out);
        gcn_buf_free(&r->err);
        r->exit_code = 0;
    } else if (sig) {
        note_signal(r, sig);
    }
    return ok;
}

/* Kept through a temporary and a rename: a reader sees a whole answer or none. */
static void peer_cache_write(const char *cache, const gcn_proc_result *r)
{
    static atomic_uint counter;
    size_t n = strlen(cache) + 64;
    char *tmp = malloc(n);
    FILE *f;
    int ok;
    if (!tmp)
        return;
    snprintf(tmp, n, "%s.tmp.%ld.%u", cache, (long)getpid(), atomic_fetch_add(&counter, 1u));
    f = fopen(tmp, "wb");
    ok = f &&
         fprintf(f, "gcnpeer2 %d %d %zu %zu\n", r->exit_code, r->signal, r->out.len, r->err.len) >
             0 &&
         fwrite(r->out.data ? r->out.data : "", 1, r->out.len, f) == r->out.len &&
         fwrite(r->err.data ? r->err.data : "", 1, r->err.len, f) == r->err.len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, cache) != 0)
        remove(tmp);
    free(tmp);
}

static void proc_run(const char *path, char *const *argv, const char *stdin_text, size_t in_len,
                     unsigned timeout_s, gcn_proc_result *r);

void gcn_proc_run_fresh(const char *path, char *const *argv, const char *stdin_text, size_t in_len,
                        unsigned timeout_s, gcn_proc_result *r)
{
    proc_run(path, argv, stdin_text, in_len, timeout_s, r);
}

void gcn_proc_run(const char *path, char *const *argv, const char *stdin_text, size_t in_len,
                  unsigned timeout_s, gcn_proc_result *r)
{
    char *cache = peer_cache_path(path, argv, stdin_text, in_len);
    if (cache && peer_cache_read(cache, r)) {
        free(cache);
        return;
    }
    proc_run(path, argv, stdin_text, in_len, timeout_s, r);
    /* a run that exited, or crashed by itself; never one cut short (a deadline, a kill, a
     * failure to run or to read it back) */
    if (cache && !r->timed_out && !r->out.oom && !r->err.oom &&
        (r->signal ? crash_signal(r->signal) && strncmp(r->failure, "killed by", 9) == 0
                   : !r->failure[0]))
        peer_cache_write(cache, r);
    free(cache);
}

/* An in-memory file: the peer's stdin (the question, written whole before it starts) and its
 * stdout and stderr. Not pipes: llvm-mc writes its diagnostics unbuffered, a few bytes a
 * write(), and a pipe woke the reader for each (test_syntax_llvm_mc -- a 20,000-line batch
 * is some 100,000 writes -- spent more time switching between the two processes than
 * assembling). */
static int mem_file(const char *name, const char *data, size_t len, char *failure, size_t fsize)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    size_t done = 0;
    if (fd < 0) {
        snprintf(failure, fsize, "memfd_create: %s", strerror(errno));
        return -1;
    }
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(failure, fsize, "writing the peer's input: %s", strerror(errno));
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    if (lseek(fd, 0, SEEK_SET) != 0) {
        snprintf(failure, fsize, "lseek: %s", strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

/* The whole in-memory file, from its start, appended to b. */
static void read_back(int fd, gcn_buf *b, char *failure, size_t fsize)
{
    char chunk[65536];
    ssize_t n;
    if (lseek(fd, 0, SEEK_SET) != 0) {
        snprintf(failure, fsize, "lseek: %s", strerror(errno));
        return;
    }
    while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(failure, fsize, "reading the peer's output: %s", strerror(errno));
            return;
        }
        gcn_buf_append(b, chunk, (size_t)n);
    }
}

static void proc_run(const char *path, char *const *argv, const char *stdin_text, size_t in_len,
                     unsigned timeout_s, gcn_proc_result *r)
{
    int in = -1, out = -1, err = -1;
    double deadline = now_s() + timeout_s;
    int status = 0, timed_out = 0;
    pid_t pid;

    in = mem_file("gcn-peer-in", stdin_text, in_len, r->failure, sizeof(r->failure));
    if (in >= 0)
        out = mem_file("gcn-peer-out", NULL, 0, r->failure, sizeof(r->failure));
    if (out >= 0)
        err = mem_file("gcn-peer-err", NULL, 0, r->failure, sizeof(r->failure));
    if (err < 0)
        goto close_all;
    /* posix_spawn, not fork: a sanitized or large process would copy its page tables for
     * every peer run (most of an ASan test's time went there). The dup2s clear close-on-exec
     * on 0, 1 and 2; the originals close at the exec. */
    {
        posix_spawn_file_actions_t fa;
        int rc = posix_spawn_file_actions_init(&fa);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, in, 0);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, out, 1);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, err, 2);
        if (!rc) {
            char **env = peer_environ();
            rc = posix_spawn(&pid, path, &fa, NULL, argv, env);
            if (env != environ)
                free(env);
        }
        posix_spawn_file_actions_destroy(&fa);
        if (rc) {
            snprintf(r->failure, sizeof(r->failure), "could not execute %s: %s", path,
                     strerror(rc));
            goto close_all;
        }
    }
    /* its outputs are files: nothing to drain while it runs, only the deadline to keep */
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR))
            break;
        if (now_s() >= deadline) {
            timed_out = 1;
            break;
        }
        if (done == 0)
            nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    }
    if (timed_out) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        snprintf(r->failure, sizeof(r->failure), "timed out after %u s", timeout_s);
    }
    read_back(out, &r->out, r->failure, sizeof(r->failure));
    read_back(err, &r->err, r->failure, sizeof(r->failure));
    if (!r->failure[0] && WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(r->failure, sizeof(r->failure), "could not execute %s", path);
    if (!timed_out && WIFEXITED(status))
        r->exit_code = WEXITSTATUS(status);
    if (!timed_out && WIFSIGNALED(status))
        note_signal(r, WTERMSIG(status));
    r->timed_out = timed_out;
    if (!r->failure[0] && (r->out.oom || r->err.oom))
        snprintf(r->failure, sizeof(r->failure), "out of memory");
close_all:
    close_fd(&in);
    close_fd(&out);
    close_fd(&err);
}
