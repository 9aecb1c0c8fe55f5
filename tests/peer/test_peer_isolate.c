/* The fork server of isolate.h without any peer: a worker that dies on chosen inputs (a
 * SIGSEGV, an abort, an exit, a hang), so that the isolation is proved whether or not an LLVM
 * with a crashing disassembler is installed. Every other input must come back with its result,
 * every death must be pinned on its input, and the server must go on with the rest of the batch
 * in a new child. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "isolate.h"

enum action { RUN, SEGV, ABORT, EXIT7, HANG };

typedef struct test_input {
    uint32_t value;
    int action;
} test_input;

typedef struct test_result {
    uint32_t value;
    pid_t pid;
} test_result;

/* A page that faults on every access: a real SIGSEGV, as LLVM's, rather than raise() (and not
 * through a null pointer, which UBSan would catch first). */
static volatile int *guard_page;

static void worker(void *arg, const void *input, void *result)
{
    const test_input *in = input;
    test_result *r = result;
    (void)arg;
    switch (in->action) {
    case SEGV:
        *guard_page = 1;
        raise(SIGSEGV);
        break;
    case ABORT:
        abort();
    case EXIT7:
        _exit(7);
    case HANG:
        for (;;)
            pause();
    default:
        break;
    }
    r->value = in->value * 3u + 1u;
    r->pid = getpid();
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* n inputs; the ones listed die with their actions. */
static void check_batch(size_t n, size_t capacity, const size_t *at, const int *actions,
                        size_t ndeaths, unsigned timeout_ms)
{
    test_input *in = calloc(n, sizeof(*in));
    test_result *res = calloc(n, sizeof(*res));
    peer_isolate_fate *fates = calloc(n, sizeof(*fates));
    peer_isolate *p = NULL;
    gcn_diag d;
    size_t i, k;
    struct timespec t0;
    assert_non_null(in);
    assert_non_null(res);
    assert_non_null(fates);
    for (i = 0; i < n; i++)
        in[i].value = (uint32_t)i;
    for (k = 0; k < ndeaths; k++)
        in[at[k]].action = actions[k];
    assert_int_equal(
        peer_isolate_open(&p, worker, NULL, sizeof(*in), sizeof(*res), capacity, timeout_ms, &d),
        GCN_OK);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (peer_isolate_run(p, in, n, res, fates, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        fail();
    }
    for (i = 0; i < n; i++) {
        char text[64];
        if (in[i].action == RUN) {
            assert_false(fates[i].died);
            assert_int_equal(res[i].value, (uint32_t)i * 3u + 1u);
            assert_int_not_equal(res[i].pid, getpid()); /* ran in a child */
            continue;
        }
        peer_fate_text(&fates[i], text, sizeof(text));
        assert_true(fates[i].died);
        assert_int_equal(res[i].value, 0);
        switch (in[i].action) {
        case SEGV:
            assert_int_equal(fates[i].signal, SIGSEGV);
            assert_string_equal(text, "(crashed: SIGSEGV)");
            break;
        case ABORT:
            assert_int_equal(fates[i].signal, SIGABRT);
            assert_string_equal(text, "(crashed: SIGABRT)");
            break;
        case EXIT7:
            assert_int_equal(fates[i].signal, 0);
            assert_int_equal(fates[i].exit_status, 7);
            assert_string_equal(text, "(crashed: exit 7)");
            break;
        case HANG:
            assert_true(fates[i].hung);
            assert_int_equal(fates[i].signal, SIGKILL);
            assert_string_equal(text, "(hung: killed)");
            break;
        }
    }
    /* one child, plus one for each death (a death on the very last input starts none) */
    assert_int_equal(peer_isolate_stats_of(p)->deaths, ndeaths);
    assert_int_equal(peer_isolate_stats_of(p)->inputs, n);
    {
        unsigned long children = 1 + ndeaths;
        for (k = 0; k < ndeaths; k++)
            if (at[k] % capacity == capacity - 1 || at[k] == n - 1)
                children--; /* the piece ended there: the next piece (if any) starts one */
        for (i = capacity; i < n; i += capacity)
            for (k = 0; k < ndeaths; k++)
                if (at[k] == i - 1)
                    children++;
        assert_int_equal(peer_isolate_stats_of(p)->children, children);
    }
    fprintf(stderr, "  %zu inputs (%zu at a time), %zu deaths: %lu children, %.3f s\n", n, capacity,
            ndeaths, peer_isolate_stats_of(p)->children, seconds_since(&t0));
    peer_isolate_close(p);
    free(in);
    free(res);
    free(fates);
}

/* Deaths on the first input, two in a row, in the middle and on the last. */
static void test_segv_anywhere(void **state)
{
    static const size_t at[] = {0, 1, 2, 5000, 9999};
    static const int act[] = {SEGV, SEGV, SEGV, SEGV, SEGV};
    (void)state;
    check_batch(10000, 10000, at, act, 5, 0);
}

/* A run longer than the shared mapping goes in pieces, through the same children. */
static void test_pieces(void **state)
{
    static const size_t at[] = {100, 1023, 1024, 2500};
    static const int act[] = {SEGV, ABORT, EXIT7, SEGV};
    (void)state;
    check_batch(3000, 1024, at, act, 4, 0);
}

/* An input the worker never finishes: killed after the timeout, the rest still runs. */
static void test_hang(void **state)
{
    static const size_t at[] = {3};
    static const int act[] = {HANG};
    (void)state;
    check_batch(10, 10, at, act, 1, 300);
}

/* The server outlives a batch: a second run with no deaths starts no child. */
static void test_reuse(void **state)
{
    test_input in[4] = {{1, RUN}, {2, RUN}, {3, SEGV}, {4, RUN}};
    test_result res[4];
    peer_isolate_fate fates[4];
    peer_isolate *p = NULL;
    gcn_diag d;
    pid_t first;
    (void)state;
    assert_int_equal(peer_isolate_open(&p, worker, NULL, sizeof(in[0]), sizeof(res[0]), 4, 0, &d),
                     GCN_OK);
    assert_int_equal(peer_isolate_run(p, in, 2, res, fates, &d), GCN_OK);
    first = res[0].pid;
    assert_int_equal(res[1].pid, first);
    assert_int_equal(peer_isolate_run(p, in, 2, res, fates, &d), GCN_OK);
    assert_int_equal(res[0].pid, first);
    assert_int_equal(peer_isolate_stats_of(p)->children, 1);
    assert_int_equal(peer_isolate_run(p, in, 4, res, fates, &d), GCN_OK);
    assert_true(fates[2].died);
    assert_int_equal(res[1].pid, first);
    assert_int_not_equal(res[3].pid, first);
    assert_int_equal(res[3].value, 13);
    assert_int_equal(peer_isolate_stats_of(p)->children, 2);
    peer_isolate_close(p);
}

/* Two servers at once (one per generation, as the reproducer check opens them): each child
 * holds only its own socket, so closing one server while the other runs hangs nothing. */
static void test_two_servers(void **state)
{
    test_input in[3] = {{1, RUN}, {2, SEGV}, {3, RUN}};
    test_result res[3];
    peer_isolate_fate fates[3];
    peer_isolate *a = NULL, *b = NULL;
    gcn_diag d;
    (void)state;
    assert_int_equal(peer_isolate_open(&a, worker, NULL, sizeof(in[0]), sizeof(res[0]), 3, 0, &d),
                     GCN_OK);
    assert_int_equal(peer_isolate_open(&b, worker, NULL, sizeof(in[0]), sizeof(res[0]), 3, 0, &d),
                     GCN_OK);
    assert_int_equal(peer_isolate_run(a, in, 3, res, fates, &d), GCN_OK);
    assert_int_equal(peer_isolate_run(b, in, 3, res, fates, &d), GCN_OK);
    assert_true(fates[1].died);
    peer_isolate_close(a);
    assert_int_equal(peer_isolate_run(b, in, 3, res, fates, &d), GCN_OK);
    assert_true(fates[1].died);
    assert_int_equal(res[2].value, 10);
    assert_int_equal(peer_isolate_stats_of(b)->deaths, 2);
    peer_isolate_close(b);
}

static void test_bad_open(void **state)
{
    peer_isolate *p = NULL;
    gcn_diag d;
    (void)state;
    assert_int_equal(peer_isolate_open(&p, worker, NULL, 0, 4, 4, 0, &d), GCN_ERR_USAGE);
    assert_null(p);
    assert_int_equal(peer_isolate_open(&p, NULL, NULL, 4, 4, 4, 0, &d), GCN_ERR_USAGE);
    assert_null(p);
}

int main(void)
{
    void *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    guard_page = page;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segv_anywhere), cmocka_unit_test(test_pieces),
        cmocka_unit_test(test_hang),          cmocka_unit_test(test_reuse),
        cmocka_unit_test(test_two_servers),   cmocka_unit_test(test_bad_open),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
