/* Atomic writes and their temporaries: a SIGINT, SIGTERM or SIGHUP in the middle of a write
 * removes the temporary and still ends the process by that signal; a temporary left by a killed
 * run (its writer's PID is dead) is removed by the next write into the directory, one whose
 * writer is alive is left alone; `gcnspec vectors` killed while writing leaves no temporary. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../extract/test_support.h"
#include "util/file.h"

/* The temporaries in dir and below. */
static size_t count_temps(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct stat st;
    size_t n = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL) {
        char *p;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        p = path_join2(dir, e->d_name);
        if (gcn_tmp_is_temporary(e->d_name)) {
            print_message("temporary: %s\n", p);
            n++;
        } else if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            n += count_temps(p);
        }
        free(p);
    }
    closedir(d);
    return n;
}

/* A child opens a temporary for dir/out.json, writes half of it, says so on a pipe and waits;
 * the parent sees the temporary, sends sig, and then sees neither it nor out.json. */
static void kill_mid_write(int sig)
{
    char *dir = tmpdir_make(), *target = path_join2(dir, "out.json");
    int fds[2], status = 0;
    char c = 0;
    pid_t pid;
    assert_int_equal(pipe(fds), 0);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        gcn_tmp_file t;
        gcn_diag diag;
        close(fds[0]);
        if (gcn_tmp_open(&t, target, &diag) != GCN_OK || fputs("{\"half\": ", t.f) < 0 ||
            fflush(t.f) != 0)
            _exit(3);
        if (write(fds[1], "r", 1) != 1)
            _exit(4);
        for (;;)
            pause();
    }
    close(fds[1]);
    assert_int_equal(read(fds[0], &c, 1), 1);
    close(fds[0]);
    assert_int_equal(count_temps(dir), 1); /* the write is in flight */
    kill(pid, sig);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    /* ended by the signal itself, as without the handler */
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), sig);
    assert_int_equal(count_temps(dir), 0);
    assert_false(file_exists(target));
    tmpdir_remove(dir);
    free(target);
    free(dir);
}

static void test_sigterm_mid_write(void **state)
{
    (void)state;
    kill_mid_write(SIGTERM);
}

static void test_sigint_mid_write(void **state)
{
    (void)state;
    kill_mid_write(SIGINT);
}

static void test_sighup_mid_write(void **state)
{
    (void)state;
    kill_mid_write(SIGHUP);
}

static pid_t dead_pid(void)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(0);
    assert_int_equal(waitpid(pid, NULL, 0), pid);
    return pid;
}

static void test_stale_removed_live_kept(void **state)
{
    char *dir = tmpdir_make(), *target = path_join2(dir, "report.md"), name[128];
    char *stale, *live, *other, *text;
    gcn_diag diag;
    (void)state;
    snprintf(name, sizeof(name), ".report.md.gcnspec-tmp.%ld.0", (long)dead_pid());
    stale = path_join2(dir, name);
    /* PID 1 is alive as long as the system is */
    live = path_join2(dir, ".report.md.gcnspec-tmp.1.0");
    /* not ours: a name that only looks alike */
    other = path_join2(dir, ".report.md.gcnspec-tmp.x.0");
    file_write(stale, "half", 4);
    file_write(live, "half", 4);
    file_write(other, "half", 4);
    assert_true(gcn_tmp_is_temporary(stale));
    assert_false(gcn_tmp_is_temporary(other));
    gcn_diag_clear(&diag);
    assert_int_equal(gcn_write_file_atomic(target, "# whole\n", 8, &diag), GCN_OK);
    assert_false(file_exists(stale));
    assert_true(file_exists(live));
    assert_true(file_exists(other));
    text = file_read(target, NULL);
    assert_string_equal(text, "# whole\n");
    free(text);
    tmpdir_remove(dir);
    free(stale);
    free(live);
    free(other);
    free(target);
    free(dir);
}

/* The unsynced write (the seed corpora's) replaces a file whole, leaves no temporary, and says
 * which path it could not write. */
static void test_replace_whole(void **state)
{
    char *dir = tmpdir_make(), *target = path_join2(dir, "seed"), *missing, *text;
    gcn_diag diag;
    (void)state;
    file_write(target, "an older and longer seed", 24);
    gcn_diag_clear(&diag);
    assert_int_equal(gcn_write_file_replace(target, "new\0x", 5, &diag), GCN_OK);
    text = file_read(target, NULL);
    assert_memory_equal(text, "new\0x", 5);
    assert_int_equal(count_temps(dir), 0);
    free(text);
    missing = path_join2(dir, "no-such-dir/seed");
    gcn_diag_clear(&diag);
    assert_int_not_equal(gcn_write_file_replace(missing, "x", 1, &diag), GCN_OK);
    assert_non_null(strstr(diag.file, "no-such-dir/seed"));
    assert_int_equal(count_temps(dir), 0);
    tmpdir_remove(dir);
    free(missing);
    free(target);
    free(dir);
}

/* The real thing: `gcnspec vectors` (about 3 s, 118 MB) killed at a few moments. Whether a
 * kill lands inside a write varies; what may never vary is that no temporary is left. */
static void test_vectors_killed(void **state)
{
    const char *gcnspec = getenv("GCNSPEC");
    static const long delays_ms[] = {150, 600, 1200};
    size_t i;
    (void)state;
    if (!gcnspec || !*gcnspec)
        fail_msg("GCNSPEC (the binary under test) is not set");
    for (i = 0; i < sizeof(delays_ms) / sizeof(delays_ms[0]); i++) {
        char *dir = tmpdir_make(), *out = path_join2(dir, "v");
        struct timespec ts = {0, delays_ms[i] * 1000000L};
        int status = 0;
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            if (chdir(test_source_dir()) != 0)
                _exit(5);
            execl(gcnspec, "gcnspec", "vectors", "--out", out, "-q", (char *)NULL);
            _exit(6);
        }
        nanosleep(&ts, NULL);
        kill(pid, SIGTERM);
        assert_int_equal(waitpid(pid, &status, 0), pid);
        print_message("killed after %ld ms: %s\n", delays_ms[i],
                      WIFSIGNALED(status) ? "by the signal" : "had exited");
        assert_true(WIFSIGNALED(status) ? WTERMSIG(status) == SIGTERM : WEXITSTATUS(status) == 0);
        assert_int_equal(count_temps(dir), 0);
        tmpdir_remove(dir);
        free(out);
        free(dir);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigterm_mid_write), cmocka_unit_test(test_sigint_mid_write),
        cmocka_unit_test(test_sighup_mid_write),  cmocka_unit_test(test_stale_removed_live_kept),
        cmocka_unit_test(test_vectors_killed),    cmocka_unit_test(test_replace_whole),
    };
    return cmocka_run_group_tests_name("file_tmp", tests, NULL, NULL);
}
