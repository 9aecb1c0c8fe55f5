#define _POSIX_C_SOURCE 200809L
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The environment with job's KEY=VALUE entries replacing or adding to it (one allocation). */
static char **job_environ(const gcn_job *j)
{
    size_t n = 0, k = 0, e, i;
    char **envp;
    while (environ[n])
        n++;
    while (j->env && j->env[k])
        k++;
    envp = malloc((n + k + 1) * sizeof(*envp));
    if (!envp)
        return NULL;
    for (e = 0, i = 0; i < n; i++) {
        size_t m;
        int replaced = 0;
        for (m = 0; m < k && !replaced; m++) {
            const char *eq = strchr(j->env[m], '=');
            size_t kl = eq ? (size_t)(eq - j->env[m]) : strlen(j->env[m]);
            replaced = strncmp(environ[i], j->env[m], kl) == 0 && environ[i][kl] == '=';
        }
        if (!replaced)
            envp[e++] = environ[i];
    }
    for (i = 0; i < k; i++)
        envp[e++] = j->env[i];
    envp[e] = NULL;
    return envp;
}

typedef struct live {
    gcn_job *job;
    size_t index;
    int reported;
    pid_t pid;
    int in, out, err;       /* -1 when closed */
    int out_file, err_file; /* capture_to_files: the temporary files, else -1 */
    size_t in_done;
    double start, deadline;
    int done;
} live;

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

static int cloexec_pipe(int p[2])
{
    if (pipe(p) != 0)
        return -1;
    if (fcntl(p[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(p[1], F_SETFD, FD_CLOEXEC) != 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    return 0;
}

/* An unlinked temporary file, close-on-exec; -1 on failure. */
static int temp_file(void)
{
    const char *dir = getenv("TMPDIR");
    char path[512];
    int fd;
    snprintf(path, sizeof(path), "%s/gcnspec-check-XXXXXX", dir && *dir ? dir : "/tmp");
    fd = mkstemp(path);
    if (fd < 0)
        return -1;
    unlink(path);
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Reads a capture file from its start into b, then closes it. */
static void read_back(int *fd, gcn_buf *b)
{
    char chunk[65536];
    ssize_t r;
    if (*fd < 0)
        return;
    if (lseek(*fd, 0, SEEK_SET) == 0)
        while ((r = read(*fd, chunk, sizeof(chunk))) > 0)
            gcn_buf_append(b, chunk, (size_t)r);
    close_fd(fd);
}

static int start(live *l, gcn_job *j)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    memset(l, 0, sizeof(*l));
    memset(&j->r, 0, sizeof(j->r));
    l->job = j;
    l->in = l->out = l->err = l->out_file = l->err_file = -1;
    if (j->capture_to_files) {
        l->out_file = temp_file();
        l->err_file = temp_file();
        if (l->out_file < 0 || l->err_file < 0 || cloexec_pipe(in)) {
            snprintf(j->r.failure, sizeof(j->r.failure), "temporary file: %s", strerror(errno));
            goto fail;
        }
    } else if (cloexec_pipe(in) || cloexec_pipe(out) || cloexec_pipe(err)) {
        snprintf(j->r.failure, sizeof(j->r.failure), "pipe: %s", strerror(errno));
        goto fail;
    }
    l->start = now_s();
    l->deadline = l->start + j->timeout_s;
    {
        /* posix_spawn (a vfork underneath): no copy of the checker's page tables, which
         * hold every vector of the files being checked */
        posix_spawn_file_actions_t fa;
        posix_spawnattr_t at;
        sigset_t def;
        char **envp = job_environ(j);
        int rc;
        if (!envp) {
            snprintf(j->r.failure, sizeof(j->r.failure), "out of memory");
            goto fail;
        }
        posix_spawn_file_actions_init(&fa);
        posix_spawnattr_init(&at);
        sigemptyset(&def);
        sigaddset(&def, SIGPIPE);
        posix_spawnattr_setsigdefault(&at, &def);
        /* a group of its own, so that the deadline kills what it started too (a cmd:
         * adapter's shell and the emulator under it) */
        posix_spawnattr_setpgroup(&at, 0);
        posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
        /* dup2 clears close-on-exec on the copies */
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, j->capture_to_files ? l->out_file : out[1], 1);
        posix_spawn_file_actions_adddup2(&fa, j->capture_to_files ? l->err_file : err[1], 2);
        rc = posix_spawn(&l->pid, j->path, &fa, &at, j->argv, envp);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&at);
        free(envp);
        if (rc != 0) {
            snprintf(j->r.failure, sizeof(j->r.failure), "could not execute %s: %s", j->path,
                     strerror(rc));
            goto fail;
        }
    }
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    l->in = in[1];
    l->out = out[0];
    l->err = err[0];
    fcntl(l->in, F_SETFL, fcntl(l->in, F_GETFL) | O_NONBLOCK);
    if (j->in_len == 0)
        close_fd(&l->in);
    return 1;
fail:
    close_fd(&l->out_file);
    close_fd(&l->err_file);
    close_fd(&in[0]);
    close_fd(&in[1]);
    close_fd(&out[0]);
    close_fd(&out[1]);
    close_fd(&err[0]);
    close_fd(&err[1]);
    l->done = 1;
    return 0;
}

/* Collects the exit of a child whose outputs are closed (or kills it at its deadline). */
static void reap(live *l, int kill_it)
{
    gcn_job *j = l->job;
    int status = 0;
    if (kill_it) {
        kill(-l->pid, SIGKILL);
        j->r.timed_out = 1;
        snprintf(j->r.failure, sizeof(j->r.failure), "timed out after %.0f s", j->timeout_s);
    }
    while (waitpid(l->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!j->r.timed_out && WIFEXITED(status)) {
        j->r.exit_code = WEXITSTATUS(status);
        if (j->r.exit_code == 127 && !j->r.failure[0])
            snprintf(j->r.failure, sizeof(j->r.failure), "could not execute %s", j->path);
    }
    if (!j->r.timed_out && WIFSIGNALED(status)) {
        j->r.signal = WTERMSIG(status);
        if (!j->r.failure[0])
            snprintf(j->r.failure, sizeof(j->r.failure), "killed by signal %d", j->r.signal);
    }
    close_fd(&l->in);
    close_fd(&l->out);
    close_fd(&l->err);
    read_back(&l->out_file, &j->r.out);
    read_back(&l->err_file, &j->r.err);
    if (!j->r.failure[0] && (j->r.out.oom || j->r.err.oom))
        snprintf(j->r.failure, sizeof(j->r.failure), "out of memory");
    j->seconds = now_s() - l->start;
    l->done = 1;
}

void gcn_run_jobs(gcn_job *jobs, size_t n, unsigned parallel)
{
    gcn_run_jobs_cb(jobs, n, parallel, NULL, NULL, NULL);
}

void gcn_run_jobs_cb(gcn_job *jobs, size_t n, unsigned parallel,
                     int (*prepare)(size_t i, gcn_job *job, void *ctx),
                     void (*finish)(size_t i, gcn_job *job, void *ctx), void *ctx)
{
    live *run;
    size_t next = 0, nlive = 0, i;
    struct sigaction ignore, old_pipe;
    if (!parallel)
        parallel = 1;
    if (parallel > 64)
        parallel = 64;
    run = calloc(parallel, sizeof(*run));
    if (!run) {
        for (i = 0; i < n; i++) {
            memset(&jobs[i].r, 0, sizeof(jobs[i].r));
            snprintf(jobs[i].r.failure, sizeof(jobs[i].r.failure), "out of memory");
        }
        return;
    }
    for (i = 0; i < parallel; i++) {
        run[i].done = 1;
        run[i].reported = 1;
    }
    /* a child that exits before reading all of its stdin must not kill us */
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &old_pipe);
    for (;;) {
        struct pollfd fds[3 * 64];
        live *owner[3 * 64];
        int nfds = 0, timeout_ms = 1000;
        double t = now_s();
        size_t nended = 0, ended[64];
        gcn_job *ended_job[64];
        /* the slots of ended jobs take the next jobs first, and only then are the ended ones
         * finished: the tools run while their answers are read */
        for (i = 0; i < parallel; i++)
            if (run[i].done && !run[i].reported) {
                run[i].reported = 1;
                ended[nended] = run[i].index;
                ended_job[nended++] = run[i].job;
            }
        for (i = 0; i < parallel && next < n; i++)
            while (run[i].done && next < n) {
                size_t k = next++;
                if (prepare && !prepare(k, &jobs[k], ctx))
                    continue;
                if (start(&run[i], &jobs[k]))
                    nlive++;
                run[i].index = k;
                if (run[i].done) {
                    /* could not start: its failure says why */
                    run[i].reported = 1;
                    if (finish)
                        finish(k, &jobs[k], ctx);
                }
            }
        for (i = 0; i < nended; i++)
            if (finish)
                finish(ended[i], ended_job[i], ctx);
        if (!nlive && next >= n)
            break;
        for (i = 0; i < parallel; i++) {
            live *l = &run[i];
            double left;
            if (l->done)
                continue;
            if (l->in < 0 && l->out < 0 && l->err < 0) {
                /* input written, outputs closed (or going to files): wait for the exit */
                int status;
                pid_t w = waitpid(l->pid, &status, WNOHANG);
                if (w == l->pid) {
                    /* reap() waits again: hand it the status by re-marking */
                    gcn_job *j = l->job;
                    if (WIFEXITED(status)) {
                        j->r.exit_code = WEXITSTATUS(status);
                        if (j->r.exit_code == 127)
                            snprintf(j->r.failure, sizeof(j->r.failure), "could not execute %s",
                                     j->path);
                    } else if (WIFSIGNALED(status)) {
                        j->r.signal = WTERMSIG(status);
                        snprintf(j->r.failure, sizeof(j->r.failure), "killed by signal %d",
                                 j->r.signal);
                    }
                    close_fd(&l->in);
                    read_back(&l->out_file, &j->r.out);
                    read_back(&l->err_file, &j->r.err);
                    if (!j->r.failure[0] && (j->r.out.oom || j->r.err.oom))
                        snprintf(j->r.failure, sizeof(j->r.failure), "out of memory");
                    j->seconds = now_s() - l->start;
                    l->done = 1;
                    nlive--;
                    continue;
                }
                if (t >= l->deadline) {
                    reap(l, 1);
                    nlive--;
                    continue;
                }
                timeout_ms = 1;
                continue;
            }
            if (t >= l->deadline) {
                reap(l, 1);
                nlive--;
                continue;
            }
            left = (l->deadline - t) * 1000 + 1;
            if (left < timeout_ms)
                timeout_ms = (int)left;
            if (l->in >= 0) {
                fds[nfds] = (struct pollfd){.fd = l->in, .events = POLLOUT};
                owner[nfds++] = l;
            }
            if (l->out >= 0) {
                fds[nfds] = (struct pollfd){.fd = l->out, .events = POLLIN};
                owner[nfds++] = l;
            }
            if (l->err >= 0) {
                fds[nfds] = (struct pollfd){.fd = l->err, .events = POLLIN};
                owner[nfds++] = l;
            }
        }
        if (!nfds) {
            if (nlive)
                nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
            continue;
        }
        if (poll(fds, (nfds_t)nfds, timeout_ms) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (i = 0; i < (size_t)nfds; i++) {
            live *l = owner[i];
            gcn_job *j = l->job;
            if (!fds[i].revents || l->done)
                continue;
            if (fds[i].fd == l->in) {
                ssize_t w = write(l->in, j->in + l->in_done, j->in_len - l->in_done);
                if (w > 0)
                    l->in_done += (size_t)w;
                if ((w < 0 && errno != EAGAIN && errno != EINTR) || l->in_done == j->in_len)
                    close_fd(&l->in);
            } else {
                char chunk[65536];
                int *fd = fds[i].fd == l->out ? &l->out : &l->err;
                ssize_t r = read(*fd, chunk, sizeof(chunk));
                if (r > 0)
                    gcn_buf_append(fd == &l->out ? &j->r.out : &j->r.err, chunk, (size_t)r);
                else if (r == 0 || (errno != EAGAIN && errno != EINTR))
                    close_fd(fd);
            }
        }
    }
    /* anything still running (poll failed): kill it */
    for (i = 0; i < parallel; i++) {
        if (!run[i].done)
            reap(&run[i], 1);
        if (!run[i].reported) {
            run[i].reported = 1;
            if (finish)
                finish(run[i].index, run[i].job, ctx);
        }
    }
    sigaction(SIGPIPE, &old_pipe, NULL);
    free(run);
}
