#define _GNU_SOURCE /* MAP_ANONYMOUS, close_range */
#include "isolate.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NO_INPUT SIZE_MAX
#define POLL_MS 200

/* The mapping the parent and its child share: the index the child is on, then the inputs and
 * the results of one piece of a run. */
typedef struct shared_head {
    atomic_size_t current; /* NO_INPUT between batches */
} shared_head;

/* One batch, parent to child: run inputs [from, to). */
typedef struct batch_cmd {
    size_t from, to;
} batch_cmd;

struct peer_isolate {
    peer_isolate_fn fn;
    void *arg;
    size_t input_size, result_size, capacity;
    size_t in_stride, res_stride, head_size;
    unsigned timeout_ms;
    unsigned char *map;
    size_t map_size;
    pid_t child; /* 0: none */
    int fd;      /* the parent's end of the socket to the child */
    peer_isolate_stats stats;
};

static size_t round16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

static shared_head *head_of(peer_isolate *p)
{
    return (shared_head *)(void *)p->map;
}

static unsigned char *input_at(peer_isolate *p, size_t i)
{
    return p->map + p->head_size + i * p->in_stride;
}

static unsigned char *result_at(peer_isolate *p, size_t i)
{
    return p->map + p->head_size + p->capacity * p->in_stride + i * p->res_stride;
}

const char *peer_signal_name(int sig, char *buf, size_t size)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGILL, "SIGILL"},
                 {SIGFPE, "SIGFPE"},   {SIGABRT, "SIGABRT"}, {SIGTRAP, "SIGTRAP"},
                 {SIGSYS, "SIGSYS"},   {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"}};
    size_t i;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (names[i].sig == sig)
            return names[i].name;
    snprintf(buf, size, "signal %d", sig);
    return buf;
}

void peer_fate_text(const peer_isolate_fate *f, char *out, size_t size)
{
    char b[32];
    if (!f->died)
        snprintf(out, size, "(ran)");
    else if (f->hung)
        snprintf(out, size, "(hung: killed)");
    else if (f->signal)
        snprintf(out, size, "(crashed: %s)", peer_signal_name(f->signal, b, sizeof(b)));
    else
        snprintf(out, size, "(crashed: exit %d)", f->exit_status);
}

gcn_status peer_isolate_open(peer_isolate **out, peer_isolate_fn fn, void *arg, size_t input_size,
                             size_t result_size, size_t capacity, unsigned timeout_ms,
                             gcn_diag *diag)
{
    peer_isolate *p;
    void *map;
    *out = NULL;
    if (!fn || !input_size || !result_size || !capacity) {
        gcn_diag_set(diag, "isolate", 0, 0, "a worker, input and result sizes and a capacity");
        return GCN_ERR_USAGE;
    }
    p = calloc(1, sizeof(*p));
    if (!p)
        return GCN_ERR_NOMEM;
    p->fn = fn;
    p->arg = arg;
    p->input_size = input_size;
    p->result_size = result_size;
    p->capacity = capacity;
    p->in_stride = round16(input_size);
    p->res_stride = round16(result_size);
    p->head_size = round16(sizeof(shared_head));
    p->timeout_ms = timeout_ms ? timeout_ms : 10000;
    p->map_size = p->head_size + capacity * (p->in_stride + p->res_stride);
    p->fd = -1;
    map = mmap(NULL, p->map_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        gcn_diag_set(diag, "isolate", 0, 0, "mmap of %zu shared bytes: %s", p->map_size,
                     strerror(errno));
        free(p);
        return GCN_ERR_NOMEM;
    }
    p->map = map;
    atomic_init(&head_of(p)->current, NO_INPUT);
    *out = p;
    return GCN_OK;
}

const peer_isolate_stats *peer_isolate_stats_of(const peer_isolate *p)
{
    return &p->stats;
}

static ssize_t read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r < 0 ? r : (ssize_t)got;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

/* The child: batches until its socket closes. Only async-signal-safe calls besides the
 * worker's own, and _exit: it is a copy of a process that may hold locks and buffers. */
/* Closes every descriptor from 3 up but keep: the child must not hold the parent's end of
 * another server's socket, or that server's child would never see its socket close. */
static void close_others(int keep)
{
    struct rlimit lim;
    int fd, max = 4096;
    int below = keep <= 3 || close_range(3, (unsigned)keep - 1, 0) == 0;
    if (below && close_range((unsigned)keep + 1, ~0u, 0) == 0)
        return;
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY &&
        lim.rlim_cur < 65536)
        max = (int)lim.rlim_cur;
    for (fd = 3; fd < max; fd++)
        if (fd != keep)
            close(fd);
}

static void child_main(peer_isolate *p, int fd)
{
    static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};
    struct rlimit no_core = {0, 0};
    struct sigaction dfl;
    sigset_t none;
    size_t k;
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (k = 0; k < sizeof(crash_signals) / sizeof(crash_signals[0]); k++)
        sigaction(crash_signals[k], &dfl, NULL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setrlimit(RLIMIT_CORE, &no_core);
    close_others(fd);
    for (;;) {
        batch_cmd cmd;
        char done = 1;
        size_t i;
        if (read_full(fd, &cmd, sizeof(cmd)) != (ssize_t)sizeof(cmd) || cmd.to > p->capacity)
            _exit(0);
        for (i = cmd.from; i < cmd.to; i++) {
            atomic_store(&head_of(p)->current, i);
            p->fn(p->arg, input_at(p, i), result_at(p, i));
        }
        atomic_store(&head_of(p)->current, NO_INPUT);
        if (write(fd, &done, 1) != 1)
            _exit(0);
    }
}

static gcn_status start_child(peer_isolate *p, gcn_diag *diag)
{
    int sv[2];
    pid_t pid;
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        gcn_diag_set(diag, "isolate", 0, 0, "socketpair: %s", strerror(errno));
        return GCN_ERR_IO;
    }
    atomic_store(&head_of(p)->current, NO_INPUT);
    pid = fork();
    if (pid < 0) {
        gcn_diag_set(diag, "isolate", 0, 0, "fork: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return GCN_ERR_IO;
    }
    if (pid == 0) {
        close(sv[0]);
        child_main(p, sv[1]);
        _exit(0);
    }
    close(sv[1]);
    p->child = pid;
    p->fd = sv[0];
    p->stats.children++;
    return GCN_OK;
}

/* Waits for the child that closed its socket (or was killed). */
static gcn_status reap_child(peer_isolate *p, int *status, gcn_diag *diag)
{
    pid_t r;
    close(p->fd);
    p->fd = -1;
    do
        r = waitpid(p->child, status, 0);
    while (r < 0 && errno == EINTR);
    p->child = 0;
    if (r < 0) {
        gcn_diag_set(diag, "isolate", 0, 0, "waitpid: %s", strerror(errno));
        return GCN_ERR_IO;
    }
    return GCN_OK;
}

static gcn_status send_cmd(peer_isolate *p, size_t from, size_t to, gcn_diag *diag)
{
    batch_cmd cmd;
    ssize_t w;
    cmd.from = from;
    cmd.to = to;
    do
        w = send(p->fd, &cmd, sizeof(cmd), MSG_NOSIGNAL);
    while (w < 0 && errno == EINTR);
    if (w != (ssize_t)sizeof(cmd)) {
        gcn_diag_set(diag, "isolate", 0, 0, "sending a batch to the child: %s",
                     w < 0 ? strerror(errno) : "short write");
        return GCN_ERR_IO;
    }
    return GCN_OK;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Waits for the child's answer to a batch: 1 when it finished it, 0 when it died (its socket
 * closed); *hung when it made no progress for the timeout and was killed. */
static gcn_status await_batch(peer_isolate *p, int *finished, int *hung, gcn_diag *diag)
{
    size_t last = atomic_load(&head_of(p)->current);
    double since = now_ms();
    *finished = *hung = 0;
    for (;;) {
        struct pollfd pf;
        int r;
        pf.fd = p->fd;
        pf.events = POLLIN;
        pf.revents = 0;
        r = poll(&pf, 1, POLL_MS);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            gcn_diag_set(diag, "isolate", 0, 0, "poll: %s", strerror(errno));
            return GCN_ERR_IO;
        }
        if (r > 0) {
            char done = 0;
            ssize_t n;
            do
                n = read(p->fd, &done, 1);
            while (n < 0 && errno == EINTR);
            *finished = n == 1;
            return GCN_OK;
        }
        if (atomic_load(&head_of(p)->current) != last) {
            last = atomic_load(&head_of(p)->current);
            since = now_ms();
        } else if (!*hung && now_ms() - since >= (double)p->timeout_ms) {
            kill(p->child, SIGKILL);
            *hung = 1;
        }
    }
}

/* One piece (m <= capacity inputs, already in the mapping). */
static gcn_status run_piece(peer_isolate *p, size_t m, peer_isolate_fate *fates, gcn_diag *diag)
{
    size_t from = 0;
    unsigned idle_deaths = 0;
    while (from < m) {
        int finished, hung, status;
        size_t cur;
        gcn_status st;
        if (!p->child && (st = start_child(p, diag)) != GCN_OK)
            return st;
        if ((st = send_cmd(p, from, m, diag)) != GCN_OK ||
            (st = await_batch(p, &finished, &hung, diag)) != GCN_OK)
            return st;
        if (finished)
            break;
        cur = atomic_load(&head_of(p)->current);
        if ((st = reap_child(p, &status, diag)) != GCN_OK)
            return st;
        if (cur == NO_INPUT || cur < from || cur >= m) {
            /* died before it took the batch (killed from outside?): one more try */
            if (++idle_deaths > 1) {
                gcn_diag_set(diag, "isolate", 0, 0,
                             "the child died outside an input (wait status 0x%x), twice", status);
                return GCN_ERR_PEER;
            }
            continue;
        }
        memset(&fates[cur], 0, sizeof(fates[cur]));
        fates[cur].died = 1;
        fates[cur].hung = hung;
        if (WIFSIGNALED(status))
            fates[cur].signal = WTERMSIG(status);
        else if (WIFEXITED(status))
            fates[cur].exit_status = WEXITSTATUS(status);
        memset(result_at(p, cur), 0, p->result_size);
        p->stats.deaths++;
        from = cur + 1;
    }
    return GCN_OK;
}

gcn_status peer_isolate_run(peer_isolate *p, const void *inputs, size_t n, void *results,
                            peer_isolate_fate *fates, gcn_diag *diag)
{
    size_t start;
    for (start = 0; start < n; start += p->capacity) {
        size_t m = n - start < p->capacity ? n - start : p->capacity, i;
        gcn_status st;
        for (i = 0; i < m; i++) {
            memcpy(input_at(p, i), (const unsigned char *)inputs + (start + i) * p->input_size,
                   p->input_size);
            memset(result_at(p, i), 0, p->result_size);
        }
        memset(&fates[start], 0, m * sizeof(*fates));
        st = run_piece(p, m, &fates[start], diag);
        if (st != GCN_OK)
            return st;
        for (i = 0; i < m; i++)
            memcpy((unsigned char *)results + (start + i) * p->result_size, result_at(p, i),
                   p->result_size);
        p->stats.inputs += m;
    }
    return GCN_OK;
}

void peer_isolate_close(peer_isolate *p)
{
    int status;
    gcn_diag ignore;
    if (!p)
        return;
    if (p->child) {
        /* idle between batches: nothing of its own to finish */
        kill(p->child, SIGKILL);
        reap_child(p, &status, &ignore);
    }
    munmap(p->map, p->map_size);
    free(p);
}
