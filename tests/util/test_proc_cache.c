/* util/proc's peer cache (GCN_PEER_CACHE): a second run of an llvm-* program on the same
 * arguments and input answers from the cache; another input, other arguments, a changed
 * binary, a program of another name and a run killed from outside (SIGKILL) are run again; a
 * run that crashed by itself (SIGSEGV) is kept, signal and all. The fake
 * peer counts its runs in a file, so a cached answer is told from a fresh one. A file an
 * argument names is part of the question. */
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
#include <sys/stat.h>
#include <unistd.h>

#include "util/proc.h"

static char dir[] = "/tmp/gcn-proc-cache-XXXXXX";
static char peer[256], other[256], counter[256], cache[256];

/* a shell script: prints its run count and its input, exits 3; or is killed on 'die', or
 * crashes on 'crash' (after a word on stderr, as LLVM's stack dump) */
static void write_peer(const char *path, const char *extra)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "#!/bin/sh\n%s\nn=$(cat '%s' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '%s'\n"
            "in=$(cat); [ \"$in\" = die ] && kill -9 $$\n"
            "[ \"$in\" = crash ] && echo dump >&2 && kill -SEGV $$\necho \"run $n: $in $*\"; echo "
            "warn >&2; "
            "exit 3\n",
            extra, counter, counter);
    fclose(f);
    chmod(path, 0755);
}

static char *run(const char *path, const char *arg, const char *in, int *code)
{
    char *argv[] = {(char *)path, (char *)arg, NULL};
    gcn_proc_result r;
    char *out;
    memset(&r, 0, sizeof(r));
    gcn_proc_run(path, argv, in, strlen(in), 30, &r);
    *code = r.signal ? -r.signal : r.exit_code;
    if (!r.signal || r.signal == SIGSEGV) {
        assert_int_equal(r.err.len, 5);
        assert_memory_equal(r.err.data, r.signal ? "dump\n" : "warn\n", 5);
        assert_true(r.signal ? strcmp(r.failure, "killed by signal 11") == 0 : !r.failure[0]);
    }
    out = strndup(r.out.data ? r.out.data : "", r.out.len);
    gcn_proc_result_free(&r);
    return out;
}

static void expect(const char *path, const char *arg, const char *in, const char *want,
                   int want_code)
{
    int code;
    char *got = run(path, arg, in, &code);
    if (strcmp(got, want) != 0 || code != want_code)
        fail_msg("%s %s <<< %s: got '%s' (%d), want '%s' (%d)", path, arg, in, got, code, want,
                 want_code);
    free(got);
}

static void test_cache(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(peer, sizeof(peer), "%s/llvm-fake", dir);
    snprintf(other, sizeof(other), "%s/fake", dir);
    snprintf(counter, sizeof(counter), "%s/count", dir);
    snprintf(cache, sizeof(cache), "%s/cache", dir);
    assert_int_equal(mkdir(cache, 0755), 0);
    write_peer(peer, "");
    write_peer(other, "");
    setenv("GCN_PEER_CACHE", cache, 1);

    expect(peer, "-a", "x", "run 1: x -a\n", 3);
    expect(peer, "-a", "x", "run 1: x -a\n", 3);  /* the cache's answer */
    expect(peer, "-a", "y", "run 2: y -a\n", 3);  /* another input */
    expect(peer, "-b", "x", "run 3: x -b\n", 3);  /* other arguments */
    expect(other, "-a", "x", "run 4: x -a\n", 3); /* not an llvm-* program */
    expect(other, "-a", "x", "run 5: x -a\n", 3);
    expect(peer, "-a", "die", "", -9); /* killed: not kept */
    expect(peer, "-a", "die", "", -9);
    expect(peer, "-a", "crash", "", -11); /* run 8: crashed by itself, kept */
    expect(peer, "-a", "crash", "", -11);
    /* the binary changed (its size): run again */
    write_peer(peer, "# a longer script");
    expect(peer, "-a", "x", "run 9: x -a\n", 3);
    expect(peer, "-a", "x", "run 9: x -a\n", 3);
    /* an argument naming a file: the file's bytes are part of the question */
    {
        char obj[300], arg[310];
        FILE *f;
        snprintf(obj, sizeof(obj), "%s/k.o", dir);
        snprintf(arg, sizeof(arg), "--in=%s", obj);
        f = fopen(obj, "w");
        assert_non_null(f);
        fputs("one", f);
        fclose(f);
        {
            char want[400];
            snprintf(want, sizeof(want), "run 10: x %s\n", arg);
            expect(peer, arg, "x", want, 3);
            expect(peer, arg, "x", want, 3);
            f = fopen(obj, "w");
            assert_non_null(f);
            fputs("two", f);
            fclose(f);
            snprintf(want, sizeof(want), "run 11: x %s\n", arg);
            expect(peer, arg, "x", want, 3);
        }
    }
    /* a kept answer cut short or overwritten is not read: the peer runs again */
    {
        char cmd[600];
        snprintf(cmd, sizeof(cmd), "for f in '%s'/*; do printf 'gcnpeer1 3 99' > \"$f\"; done",
                 cache);
        assert_int_equal(system(cmd), 0);
    }
    expect(peer, "-a", "x", "run 12: x -a\n", 3);
    expect(peer, "-a", "x", "run 12: x -a\n", 3);
    /* no cache directory set: always run */
    unsetenv("GCN_PEER_CACHE");
    expect(peer, "-a", "x", "run 13: x -a\n", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cache)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    if (dir[strlen(dir) - 1] != 'X') {
        char cmd[512];
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            rc = 1;
    }
    return rc;
}
