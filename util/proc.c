#define _POSIX_C_SOURCE 200809L
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

void gcn_proc_run(const char *path, char *const *argv, const char *stdin_text, size_t in_len,
                  unsigned timeout_s, gcn_proc_result *r)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    size_t in_done = 0;
    double deadline = now_s() + timeout_s;
    struct sigaction ignore, old_pipe;
    int status = 0, timed_out = 0;
    pid_t pid;

    if (pipe(in) || pipe(out) || pipe(err)) {
        snprintf(r->failure, sizeof(r->failure), "pipe: %s", strerror(errno));
        goto close_all;
    }
    /* posix_spawn, not fork: a sanitized or large process would copy its page tables for
     * every peer run (most of an ASan test's time went there). */
    {
        posix_spawn_file_actions_t fa;
        int rc = posix_spawn_file_actions_init(&fa);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        if (!rc)
            rc = posix_spawn_file_actions_adddup2(&fa, err[1], 2);
        {
            int fds[6] = {in[0], in[1], out[0], out[1], err[0], err[1]}, k;
            for (k = 0; k < 6 && !rc; k++)
                if (fds[k] > 2)
                    rc = posix_spawn_file_actions_addclose(&fa, fds[k]);
        }
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
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    /* A peer that exits before reading all of stdin must not kill us with SIGPIPE. */
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &old_pipe);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    if (in_len == 0)
        close_fd(&in[1]);

    while (out[0] >= 0 || err[0] >= 0 || in[1] >= 0) {
        struct pollfd fds[3];
        int nfds = 0, i, left_ms;
        double left = deadline - now_s();
        if (left <= 0) {
            timed_out = 1;
            break;
        }
        left_ms = (int)(left * 1000) + 1;
        if (in[1] >= 0)
            fds[nfds++] = (struct pollfd){.fd = in[1], .events = POLLOUT};
        if (out[0] >= 0)
            fds[nfds++] = (struct pollfd){.fd = out[0], .events = POLLIN};
        if (err[0] >= 0)
            fds[nfds++] = (struct pollfd){.fd = err[0], .events = POLLIN};
        if (poll(fds, (nfds_t)nfds, left_ms) < 0) {
            if (errno == EINTR)
                continue;
            snprintf(r->failure, sizeof(r->failure), "poll: %s", strerror(errno));
            break;
        }
        for (i = 0; i < nfds; i++) {
            if (!fds[i].revents)
                continue;
            if (fds[i].fd == in[1]) {
                ssize_t n = write(in[1], stdin_text + in_done, in_len - in_done);
                if (n > 0)
                    in_done += (size_t)n;
                if ((n < 0 && errno != EAGAIN && errno != EINTR) || in_done == in_len)
                    close_fd(&in[1]);
            } else {
                char chunk[4096];
                int *fd = fds[i].fd == out[0] ? &out[0] : &err[0];
                ssize_t n = read(*fd, chunk, sizeof(chunk));
                if (n > 0)
                    gcn_buf_append(fds[i].fd == out[0] ? &r->out : &r->err, chunk, (size_t)n);
                else if (n == 0 || (errno != EAGAIN && errno != EINTR))
                    close_fd(fd);
            }
        }
    }
    sigaction(SIGPIPE, &old_pipe, NULL);
    /* The peer may close its outputs and still run: wait for it within the same deadline. */
    while (!timed_out) {
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
    if (!r->failure[0] && WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(r->failure, sizeof(r->failure), "could not execute %s", path);
    if (!r->failure[0] && WIFSIGNALED(status))
        snprintf(r->failure, sizeof(r->failure), "killed by signal %d", WTERMSIG(status));
    if (!timed_out && WIFEXITED(status))
        r->exit_code = WEXITSTATUS(status);
    if (!timed_out && WIFSIGNALED(status))
        r->signal = WTERMSIG(status);
    r->timed_out = timed_out;
    if (!r->failure[0] && (r->out.oom || r->err.oom))
        snprintf(r->failure, sizeof(r->failure), "out of memory");
close_all:
    close_fd(&in[0]);
    close_fd(&in[1]);
    close_fd(&out[0]);
    close_fd(&out[1]);
    close_fd(&err[0]);
    close_fd(&err[1]);
}
