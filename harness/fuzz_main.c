/* The standalone driver: replays files through a target's LLVMFuzzerTestOneInput, without a
 * fuzzing engine, so every corpus is a regression test under gcc and under ASan+UBSan.
 *
 *   fuzz_TARGET [-v] [-libfuzzer_flag=...]... FILE|DIR...
 *
 * Directories are replayed in name order (one level, then their subdirectories); with no FILE,
 * one input is read from stdin. Flags of libFuzzer's form (-runs=1, -max_len=64) are accepted
 * and ignored, so the command that replays a crash with the libFuzzer build replays it here too.
 * When an input aborts or a sanitizer stops the process, the file it came from is named on
 * stderr ("gcnspec-fuzz replay: crashed on PATH"). Exit status: 0 when every input ran. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"

#if defined(__GNUC__)
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);
/* the sanitizers' runtime, when linked in, calls this before it stops the process */
__attribute__((weak)) void __sanitizer_set_death_callback(void (*callback)(void));
#endif

#define MAX_INPUT (1u << 20) /* libFuzzer's default -max_len is far smaller */

static char current[4096];
/* one read buffer for every file: a corpus is tens of thousands of files, and a fresh 1 MiB
 * allocation per file is an mmap and munmap each (under ASan, with its shadow: most of a replay's
 * time); run_buffer still hands the target a copy of exactly the input's size */
static uint8_t input_buf[MAX_INPUT];
static size_t replayed;
static int verbose;

static void say_where(void)
{
    static const char msg[] = "gcnspec-fuzz replay: crashed on ";
    size_t n = strlen(current);
    if (!n)
        return;
    /* async-signal-safe */
    if (write(2, msg, sizeof(msg) - 1) < 0 || write(2, current, n) < 0 || write(2, "\n", 1) < 0)
        return;
}

static void on_signal(int sig)
{
    say_where();
    signal(sig, SIG_DFL);
    raise(sig);
}

static int run_buffer(const uint8_t *data, size_t size)
{
    /* a copy of exactly the input's size, so ASan sees a read past its end */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) {
        fprintf(stderr, "gcnspec-fuzz replay: out of memory\n");
        return 1;
    }
    if (size)
        memcpy(copy, data, size);
    LLVMFuzzerTestOneInput(copy, size);
    free(copy);
    replayed++;
    return 0;
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    int rc;
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    n = fread(input_buf, 1, MAX_INPUT, f);
    if (ferror(f)) {
        fprintf(stderr, "%s: read error\n", path);
        fclose(f);
        return 1;
    }
    fclose(f);
    snprintf(current, sizeof(current), "%s", path);
    if (verbose)
        fprintf(stderr, "Running: %s (%zu bytes)\n", path, n);
    rc = run_buffer(input_buf, n);
    current[0] = 0;
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_path(const char *path, int depth)
{
    struct stat st;
    DIR *d;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    int rc = 0;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: no such file or directory\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    if (depth > 8)
        return 0;
    d = opendir(path);
    if (!d) {
        fprintf(stderr, "%s: cannot open the directory\n", path);
        return 1;
    }
    while ((e = readdir(d)) != NULL) {
        size_t len;
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **grown = realloc(names, (cap = cap ? 2 * cap : 256) * sizeof(*names));
            if (!grown) {
                rc = 1;
                break;
            }
            names = grown;
        }
        len = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) {
            rc = 1;
            break;
        }
        snprintf(names[n++], len, "%s/%s", path, e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof(*names), by_name);
    for (i = 0; i < n; i++) {
        if (!rc)
            rc = run_path(names[i], depth + 1);
        free(names[i]);
    }
    free(names);
    return rc;
}

static int run_stdin(void)
{
    size_t n;
    int rc;
    n = fread(input_buf, 1, MAX_INPUT, stdin);
    snprintf(current, sizeof(current), "<stdin>");
    rc = run_buffer(input_buf, n);
    current[0] = 0;
    return rc;
}

int main(int argc, char **argv)
{
    int i, rc = 0, files = 0;
    static const int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    size_t k;
    for (k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++)
        signal(sigs[k], on_signal);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(say_where);
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s [-v] FILE|DIR...   (replays each input; stdin without FILE)\n",
                   argv[0]);
            return 0;
        }
    }
    for (i = 1; i < argc && !rc; i++) {
        if (argv[i][0] == '-' && argv[i][1])
            continue; /* -v, or a libFuzzer flag */
        files++;
        rc = run_path(argv[i], 0);
    }
    if (!files && !rc)
        rc = run_stdin();
    fprintf(stderr, "gcnspec-fuzz replay: %zu input%s replayed%s\n", replayed,
            replayed == 1 ? "" : "s", rc ? ", stopped on an error" : "");
    return rc;
}
