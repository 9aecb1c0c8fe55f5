/* gcnspec fuzz: a fuzzing campaign on every core, live progress, and at the end the findings
 * minimized, deduplicated by signature and classified into DIR/findings.{md,json} (the committed
 * reports/findings.{md,json} only when --reports names them).
 *
 * The engine's build tree (build-fuzz/<engine>, cmake/GcnFuzz.cmake) is configured and built
 * when needed; the campaign directory keeps the corpus between runs, so a stopped campaign
 * resumes where it was:
 *
 *   DIR/corpus/       libFuzzer's corpus (the seeds are read from the build tree beside it)
 *   DIR/artifacts/    libFuzzer's crashing inputs
 *   DIR/afl/          AFL++'s sync directory: main, s1, s2, ... (queue/, crashes/, hangs/)
 *   DIR/logs/         the engine's output, the builds' output
 *   DIR/triage/       minimized reproducers and the logs of their replays
 *   DIR/findings.{md,json}, DIR/findings/   the findings (unless --reports puts them elsewhere)
 *
 * libFuzzer runs with -fork=JOBS (crashes, timeouts and OOMs do not stop it); AFL++ runs one
 * main instance (with the CmpLog binary of build-fuzz/afl-cmplog) and JOBS-1 secondaries on one
 * sync directory. The first SIGINT stops the engines and goes on to the triage; a second one
 * stops the triage. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "gcnspec/codec.h"
#include "harness/findings.h"
#include "harness/targets.h"
#include "harness/triage.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/proc.h"
#include "vectors/llvm_mc.h"

#define PATH_CAP 1024
#define MAX_JOBS 64
#define MAX_CRASHES 400 /* crashing inputs replayed per campaign; the rest are counted */
#define MAX_GROUPS 128

typedef struct target_info {
    const char *name, *source, *kind;
    int llvm;
    const char *role, *summary;
} target_info;

static const target_info targets[] = {
#define TARGET_ENTRY(name, src, kind, llvm, role, summary)                                         \
    {#name, #src, #kind, llvm, #role, summary},
    GCN_FUZZ_TARGET_LIST(TARGET_ENTRY)
#undef TARGET_ENTRY
};
#define NTARGETS (sizeof(targets) / sizeof(targets[0]))

static const target_info *find_target_info(const char *name)
{
    size_t i;
    for (i = 0; i < NTARGETS; i++)
        if (strcmp(targets[i].name, name) == 0)
            return &targets[i];
    return NULL;
}

typedef struct progress {
    unsigned long long execs;
    double exec_per_s;
    unsigned long cov, ft, corpus, crashes;
} progress;

#define MAX_FLAGS 4

/* A target's .options file: max_len (0: none) and libFuzzer's other flags, as -key=value. */
typedef struct fuzz_options {
    unsigned max_len;
    char flags[MAX_FLAGS][72];
    unsigned nflags;
} fuzz_options;

typedef struct campaign {
    const target_info *t;
    const char *engine; /* libfuzzer, afl */
    const char *sanitizers;
    unsigned jobs, seconds;
    int no_build, quiet, triage_only;
    char src[PATH_CAP], build[PATH_CAP], cmplog_build[PATH_CAP], dir[PATH_CAP], reports[PATH_CAP];
    char bin[PATH_CAP], cmplog_bin[PATH_CAP], seeds[PATH_CAP], dict[PATH_CAP];
    fuzz_options opt;
    pid_t pids[MAX_JOBS];
    unsigned npids;
    progress p;
    double started;
    unsigned long long afl_execs0; /* AFL++'s execs_done when the campaign (re)started */
    int afl_execs0_set;
    long log_offset;
} campaign;

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted++;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void iso_date(char *out, size_t size)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
path_printf(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(out, size, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < size;
}

static int make_dir(const char *path)
{
    gcn_diag d;
    if (gcn_make_dirs(path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 0;
    }
    return 1;
}

/* ---- running programs ---------------------------------------------------------------------- */

/* Runs argv[0] (found on PATH unless it holds a '/') with stdout and stderr appended to log;
 * returns its exit status (-1 when it could not run, 128 + signal when killed). */
static int run_logged(char *const *argv, const char *log, const char *cwd)
{
    char *path = gcn_proc_find(argv[0]);
    pid_t pid;
    int status = 0;
    if (!path) {
        fprintf(stderr, "gcnspec fuzz: %s is not installed\n", argv[0]);
        return -1;
    }
    pid = fork();
    if (pid < 0) {
        free(path);
        return -1;
    }
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(126);
        close(fd);
        if (cwd && chdir(cwd) != 0)
            _exit(126);
        execv(path, argv);
        _exit(127);
    }
    free(path);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Starts argv in its own process group (so SIGINT reaches it through us), output to log. */
static pid_t spawn_logged(char *const *argv, const char *log, char *const *env_add)
{
    char *path = gcn_proc_find(argv[0]);
    pid_t pid;
    if (!path) {
        fprintf(stderr, "gcnspec fuzz: %s is not installed\n", argv[0]);
        return -1;
    }
    pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        size_t k;
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(126);
        close(fd);
        /* NAME=VALUE entries may be string literals: the name is copied, never cut in place
         * (writing the NUL into a literal killed every AFL++ child before its exec) */
        for (k = 0; env_add && env_add[k]; k++) {
            const char *eq = strchr(env_add[k], '=');
            char name[128];
            size_t n = eq ? (size_t)(eq - env_add[k]) : 0;
            if (eq && n && n < sizeof(name)) {
                memcpy(name, env_add[k], n);
                name[n] = 0;
                setenv(name, eq + 1, 1);
            }
        }
        execv(path, argv);
        _exit(127);
    }
    free(path);
    if (pid > 0)
        setpgid(pid, pid);
    return pid;
}

/* ---- the build ------------------------------------------------------------------------------ */

static int configure_and_build(campaign *c, const char *build, const char *engine,
                               const char *target)
{
    char cache[PATH_CAP], log[PATH_CAP], def_fuzz[64], def_cc[PATH_CAP], def_san[128], jobs[16];
    const char *cc = strcmp(engine, "libfuzzer") == 0 ? "clang-14" : "afl-clang-fast";
    char *found;
    path_printf(cache, sizeof(cache), "%s/CMakeCache.txt", build);
    path_printf(log, sizeof(log), "%s/logs/build-%s.log", c->dir, engine);
    if (!is_file(cache)) {
        char *argv[] = {"cmake", "-S",          c->src,
                        "-B",    (char *)build, def_fuzz,
                        def_cc,  def_san,       "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                        NULL};
        found = gcn_proc_find(cc);
        if (!found && strcmp(cc, "clang-14") == 0)
            found = gcn_proc_find(cc = "clang");
        if (!found) {
            fprintf(stderr, "gcnspec fuzz: %s is not installed (tools/deps.sh installs it)\n", cc);
            return 0;
        }
        path_printf(def_fuzz, sizeof(def_fuzz), "-DGCN_FUZZ=%s", engine);
        path_printf(def_cc, sizeof(def_cc), "-DCMAKE_C_COMPILER=%s", found);
        path_printf(def_san, sizeof(def_san), "-DGCN_FUZZ_SANITIZERS=%s", c->sanitizers);
        free(found);
        if (!c->quiet)
            fprintf(stderr, "gcnspec fuzz: configuring %s (log: %s)\n", build, log);
        if (run_logged(argv, log, NULL) != 0) {
            fprintf(stderr, "gcnspec fuzz: configuring %s failed; see %s\n", build, log);
            return 0;
        }
    }
    {
        char tname[128];
        char *argv[] = {"cmake",        "--build", (char *)build, "--target", tname,
                        "fuzz_corpora", "-j",      jobs,          NULL};
        path_printf(tname, sizeof(tname), "fuzz_%s", target);
        path_printf(jobs, sizeof(jobs), "%u", c->jobs);
        if (!c->quiet)
            fprintf(stderr, "gcnspec fuzz: building %s in %s (log: %s)\n", tname, build, log);
        if (run_logged(argv, log, NULL) != 0) {
            fprintf(stderr, "gcnspec fuzz: the build failed; see %s\n", log);
            return 0;
        }
    }
    return 1;
}

/* The target's .options file in the build tree (corpus/CMakeLists.txt writes it;
 * ClusterFuzzLite reads the same file): max_len, and libFuzzer's other flags of the [libfuzzer]
 * section (dict is the campaign's own, campaign.dict). 0 and file:line: message when the file
 * is malformed; a target without one runs with libFuzzer's defaults. */
static int read_options(const char *build, const char *target, fuzz_options *o)
{
    char p[PATH_CAP], *text = NULL, *line, *next;
    size_t len;
    gcn_diag d;
    unsigned lineno = 0;
    int in_section = 0, ok = 1;
    memset(o, 0, sizeof(*o));
    path_printf(p, sizeof(p), "%s/corpus/fuzz_%s.options", build, target);
    if (gcn_read_file(p, &text, &len, &d) != GCN_OK)
        return 1;
    for (line = text; line && *line && ok; line = next) {
        char key[32], value[32];
        int n = 0;
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        if (!*line || *line == '#')
            continue;
        if (*line == '[') {
            in_section = strcmp(line, "[libfuzzer]") == 0;
            continue;
        }
        if (!in_section)
            continue;
        if (sscanf(line, "%31[a-z_] = %31[^ ]%n", key, value, &n) != 2 || line[n]) {
            fprintf(stderr, "%s:%u: expected 'key = value' (a flag of libFuzzer)\n", p, lineno);
            ok = 0;
        } else if (strcmp(key, "max_len") == 0) {
            o->max_len = (unsigned)strtoul(value, NULL, 10);
        } else if (strcmp(key, "dict") != 0) {
            if (o->nflags == MAX_FLAGS) {
                fprintf(stderr, "%s:%u: more than %d flags\n", p, lineno, MAX_FLAGS);
                ok = 0;
            } else
                path_printf(o->flags[o->nflags++], sizeof(o->flags[0]), "-%s=%s", key, value);
        }
    }
    free(text);
    return ok;
}

/* ---- progress ------------------------------------------------------------------------------- */

static unsigned long count_files(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    unsigned long n = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && (!prefix || strncmp(e->d_name, prefix, strlen(prefix)) == 0))
            n++;
    closedir(d);
    return n;
}

static unsigned long libfuzzer_crash_files(const campaign *c)
{
    char a[PATH_CAP];
    path_printf(a, sizeof(a), "%s/artifacts", c->dir);
    return count_files(a, "crash-") + count_files(a, "leak-") + count_files(a, "timeout-") +
           count_files(a, "oom-");
}

static unsigned long field_after(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? strtoul(p + strlen(key), NULL, 10) : 0;
}

/* The last status line libFuzzer wrote: "#N: cov: X ft: Y corp: Z exec/s E ..." (fork mode)
 * or "#N\tpulse  cov: X ft: Y corp: Z/.. exec/s: E ..." */
static void libfuzzer_progress(campaign *c)
{
    char log[PATH_CAP], buf[65536];
    FILE *f;
    size_t n;
    path_printf(log, sizeof(log), "%s/logs/libfuzzer.log", c->dir);
    f = fopen(log, "rb");
    if (!f)
        return;
    if (fseek(f, c->log_offset, SEEK_SET) == 0) {
        while ((n = fread(buf, 1, sizeof(buf) - 1, f)) > 0) {
            char *line, *save = NULL;
            buf[n] = 0;
            /* a line cut at the end of the buffer is read again next time */
            if (n == sizeof(buf) - 1) {
                char *last = strrchr(buf, '\n');
                if (last) {
                    c->log_offset += (long)(last + 1 - buf);
                    last[1] = 0;
                } else {
                    c->log_offset += (long)n;
                }
            } else {
                char *last = strrchr(buf, '\n');
                c->log_offset += last ? (long)(last + 1 - buf) : 0;
                if (last)
                    last[1] = 0;
                else
                    buf[0] = 0;
            }
            for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                if (line[0] != '#' || !strstr(line, "cov: "))
                    continue;
                c->p.execs = strtoull(line + 1, NULL, 10);
                c->p.cov = field_after(line, "cov: ");
                c->p.ft = field_after(line, "ft: ");
                c->p.corpus = field_after(line, "corp: ");
                if (strstr(line, "exec/s: "))
                    c->p.exec_per_s = (double)field_after(line, "exec/s: ");
                else
                    c->p.exec_per_s = (double)field_after(line, "exec/s ");
            }
            if (n < sizeof(buf) - 1)
                break;
            if (fseek(f, c->log_offset, SEEK_SET) != 0)
                break;
        }
    }
    fclose(f);
    c->p.crashes = libfuzzer_crash_files(c);
}

static double stat_value(const char *text, const char *key)
{
    const char *p = text;
    size_t n = strlen(key);
    while ((p = strstr(p, key)) != NULL) {
        if ((p == text || p[-1] == '\n') && p[n] == ' ') {
            const char *colon = strchr(p, ':');
            double v = colon ? strtod(colon + 1, NULL) : 0;
            return isfinite(v) ? v : 0; /* AFL++ starts with "execs_per_sec : inf" */
        }
        p += n;
    }
    return 0;
}

/* AFL++: the sum over the instances' fuzzer_stats. */
static void afl_progress(campaign *c)
{
    char sync[PATH_CAP];
    DIR *d;
    struct dirent *e;
    progress p;
    memset(&p, 0, sizeof(p));
    path_printf(sync, sizeof(sync), "%s/afl", c->dir);
    d = opendir(sync);
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        char stats[PATH_CAP], *text = NULL;
        size_t len;
        gcn_diag diag;
        double crashes;
        if (e->d_name[0] == '.')
            continue;
        if (!path_printf(stats, sizeof(stats), "%s/%s/fuzzer_stats", sync, e->d_name) ||
            gcn_read_file(stats, &text, &len, &diag) != GCN_OK)
            continue;
        p.execs += (unsigned long long)stat_value(text, "execs_done");
        p.exec_per_s += stat_value(text, "execs_per_sec");
        if ((unsigned long)stat_value(text, "corpus_count") > p.corpus)
            p.corpus = (unsigned long)stat_value(text, "corpus_count");
        if ((unsigned long)stat_value(text, "edges_found") > p.cov)
            p.cov = (unsigned long)stat_value(text, "edges_found");
        crashes = stat_value(text, "saved_crashes");
        if (crashes == 0)
            crashes = stat_value(text, "unique_crashes");
        p.crashes += (unsigned long)crashes + (unsigned long)stat_value(text, "saved_hangs");
        free(text);
    }
    closedir(d);
    /* AFL++'s own execs_per_sec starts out inf or huge: the rate over this run instead */
    if (!c->afl_execs0_set) {
        c->afl_execs0 = p.execs;
        c->afl_execs0_set = 1;
    }
    {
        double t = now_s() - c->started;
        p.exec_per_s = t > 0 ? (double)(p.execs - c->afl_execs0) / t : 0;
    }
    c->p = p;
}

static void show_progress(campaign *c, int final)
{
    double t = now_s() - c->started;
    if (strcmp(c->engine, "afl") == 0)
        afl_progress(c);
    else
        libfuzzer_progress(c);
    if (c->quiet)
        return;
    fprintf(stderr,
            "%s[%5.0fs] %s/%s x%u: %llu execs, %.0f exec/s, cov %lu, %s %lu, corpus %lu, "
            "crashing inputs %lu%s",
            isatty(2) ? "\r" : "", t, c->t->name, c->engine, c->jobs, c->p.execs, c->p.exec_per_s,
            c->p.cov, strcmp(c->engine, "afl") == 0 ? "-" : "ft", c->p.ft, c->p.corpus,
            c->p.crashes, isatty(2) && !final ? "   " : "\n");
    fflush(stderr);
}

/* ---- the engines ---------------------------------------------------------------------------- */

static int start_libfuzzer(campaign *c)
{
    char corpus[PATH_CAP], art[PATH_CAP], log[PATH_CAP], fork_arg[32], len_arg[32],
        dict_arg[PATH_CAP + 8], art_arg[PATH_CAP + 20], time_arg[48];
    char *argv[24];
    int k = 0;
    unsigned i;
    path_printf(corpus, sizeof(corpus), "%s/corpus", c->dir);
    path_printf(art, sizeof(art), "%s/artifacts", c->dir);
    path_printf(log, sizeof(log), "%s/logs/libfuzzer.log", c->dir);
    if (!make_dir(corpus) || !make_dir(art))
        return 0;
    path_printf(fork_arg, sizeof(fork_arg), "-fork=%u", c->jobs);
    path_printf(len_arg, sizeof(len_arg), "-max_len=%u", c->opt.max_len ? c->opt.max_len : 4096);
    path_printf(dict_arg, sizeof(dict_arg), "-dict=%s", c->dict);
    path_printf(art_arg, sizeof(art_arg), "-artifact_prefix=%s/", art);
    path_printf(time_arg, sizeof(time_arg), "-max_total_time=%u", c->seconds);
    argv[k++] = c->bin;
    argv[k++] = fork_arg;
    argv[k++] = "-ignore_crashes=1";
    argv[k++] = "-ignore_timeouts=1";
    argv[k++] = "-ignore_ooms=1";
    argv[k++] = "-timeout=20";
    argv[k++] = "-rss_limit_mb=2560";
    argv[k++] = len_arg;
    if (is_file(c->dict))
        argv[k++] = dict_arg;
    for (i = 0; i < c->opt.nflags; i++)
        argv[k++] = c->opt.flags[i];
    argv[k++] = art_arg;
    argv[k++] = "-print_final_stats=1";
    if (c->seconds)
        argv[k++] = time_arg;
    argv[k++] = corpus;
    if (is_dir(c->seeds))
        argv[k++] = c->seeds;
    argv[k] = NULL;
    {
        FILE *f = fopen(log, "a");
        char date[32];
        iso_date(date, sizeof(date));
        if (f) {
            int a;
            fprintf(f, "==== gcnspec fuzz %s:", date);
            for (a = 0; argv[a]; a++)
                fprintf(f, " %s", argv[a]);
            fprintf(f, "\n");
            fclose(f);
        }
        f = fopen(log, "rb");
        if (f) {
            fseek(f, 0, SEEK_END);
            c->log_offset = ftell(f);
            fclose(f);
        }
    }
    c->pids[0] = spawn_logged(argv, log, NULL);
    c->npids = c->pids[0] > 0;
    return c->npids == 1;
}

static int start_afl(campaign *c)
{
    char sync[PATH_CAP], main_dir[PATH_CAP], log[PATH_CAP], time_arg[32], maxlen_env[64];
    char *env[] = {"AFL_NO_UI=1",       "AFL_SKIP_CPUFREQ=1",
                   "AFL_NO_AFFINITY=1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1",
                   "AFL_AUTORESUME=1",  "AFL_IGNORE_SEED_PROBLEMS=1",
                   maxlen_env,          NULL};
    unsigned i;
    int resume;
    path_printf(sync, sizeof(sync), "%s/afl", c->dir);
    path_printf(main_dir, sizeof(main_dir), "%s/main", sync);
    if (!make_dir(sync))
        return 0;
    resume = is_dir(main_dir);
    path_printf(time_arg, sizeof(time_arg), "%u", c->seconds);
    path_printf(maxlen_env, sizeof(maxlen_env), "AFL_INPUT_LEN_MAX=%u",
                c->opt.max_len ? c->opt.max_len : 4096);
    for (i = 0; i < c->jobs && i < MAX_JOBS; i++) {
        char name[16], *argv[24];
        int k = 0;
        if (i)
            path_printf(name, sizeof(name), "s%u", i);
        else
            path_printf(name, sizeof(name), "main");
        path_printf(log, sizeof(log), "%s/logs/afl-%s.log", c->dir, name);
        argv[k++] = "afl-fuzz";
        argv[k++] = "-i";
        argv[k++] = resume ? "-" : c->seeds;
        argv[k++] = "-o";
        argv[k++] = sync;
        argv[k++] = i ? "-S" : "-M";
        argv[k++] = name;
        argv[k++] = "-m";
        argv[k++] = "none";
        argv[k++] = "-t";
        argv[k++] = "2000+";
        if (is_file(c->dict)) {
            argv[k++] = "-x";
            argv[k++] = c->dict;
        }
        /* the main instance and every other secondary take the CmpLog binary */
        if (i % 2 == 0 && is_file(c->cmplog_bin)) {
            argv[k++] = "-c";
            argv[k++] = c->cmplog_bin;
        }
        if (c->seconds) {
            argv[k++] = "-V";
            argv[k++] = time_arg;
        }
        argv[k++] = "--";
        argv[k++] = c->bin;
        argv[k] = NULL;
        c->pids[c->npids] = spawn_logged(argv, log, env);
        if (c->pids[c->npids] <= 0)
            return 0;
        c->npids++;
        /* the main instance first: secondaries sync from its queue */
        if (!i) {
            struct timespec ts = {2, 0};
            nanosleep(&ts, NULL);
        }
    }
    return 1;
}

static void signal_all(campaign *c, int sig)
{
    unsigned i;
    for (i = 0; i < c->npids; i++)
        if (c->pids[i] > 0)
            kill(-c->pids[i], sig);
}

/* Waits for the engines, showing progress; SIGINT (or the time limit and a grace period)
 * stops them. */
static void supervise(campaign *c)
{
    unsigned alive = c->npids, i;
    double last = 0, stop_sent = 0;
    int forwarded = 0;
    while (alive) {
        struct timespec ts = {0, 250000000};
        double t;
        nanosleep(&ts, NULL);
        for (i = 0; i < c->npids; i++) {
            int status;
            if (c->pids[i] > 0 && waitpid(c->pids[i], &status, WNOHANG) == c->pids[i]) {
                c->pids[i] = -c->pids[i];
                alive--;
            }
        }
        t = now_s() - c->started;
        if (interrupted && !forwarded) {
            if (!c->quiet)
                fprintf(stderr, "\ngcnspec fuzz: stopping (the corpus is kept; run the same "
                                "command to resume)\n");
            signal_all(c, SIGINT);
            forwarded = 1;
            stop_sent = t;
        }
        if (c->seconds && !forwarded && t > c->seconds + 60) {
            signal_all(c, SIGINT);
            forwarded = 1;
            stop_sent = t;
        }
        if (forwarded && t > stop_sent + 30) {
            signal_all(c, SIGKILL);
            stop_sent = t + 1e9;
        }
        if (t - last >= 2) {
            show_progress(c, 0);
            last = t;
        }
    }
    show_progress(c, 1);
}

/* ---- triage --------------------------------------------------------------------------------- */

typedef struct crash_file {
    char path[PATH_CAP];
    long size;
} crash_file;

typedef struct group {
    char signature[512];
    fuzz_crash crash;
    char best[PATH_CAP]; /* the smallest input with this signature */
    long best_size;
    unsigned long inputs; /* distinct inputs (by content) */
    char hashes[FUZZ_INPUT_HASH_LIST_BYTES];
} group;

static void add_crash_files(const char *dir, const char *const *prefixes, crash_file **v, size_t *n,
                            size_t *cap)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        size_t k;
        int take = 0;
        struct stat st;
        for (k = 0; prefixes[k]; k++)
            take |= strncmp(e->d_name, prefixes[k], strlen(prefixes[k])) == 0;
        if (!take)
            continue;
        if (*n == *cap) {
            crash_file *g = realloc(*v, (*cap = *cap ? 2 * *cap : 64) * sizeof(*g));
            if (!g)
                break;
            *v = g;
        }
        path_printf((*v)[*n].path, sizeof((*v)[*n].path), "%s/%s", dir, e->d_name);
        if (stat((*v)[*n].path, &st) == 0 && S_ISREG(st.st_mode)) {
            (*v)[*n].size = (long)st.st_size;
            (*n)++;
        }
    }
    closedir(d);
}

static crash_file *collect_crashes(const campaign *c, size_t *n)
{
    crash_file *v = NULL;
    size_t cap = 0;
    *n = 0;
    if (strcmp(c->engine, "afl") == 0) {
        static const char *const ids[] = {"id:", NULL};
        char sync[PATH_CAP];
        DIR *d;
        struct dirent *e;
        path_printf(sync, sizeof(sync), "%s/afl", c->dir);
        d = opendir(sync);
        while (d && (e = readdir(d)) != NULL) {
            char sub[PATH_CAP];
            if (e->d_name[0] == '.')
                continue;
            if (path_printf(sub, sizeof(sub), "%s/%s/crashes", sync, e->d_name))
                add_crash_files(sub, ids, &v, n, &cap);
            if (path_printf(sub, sizeof(sub), "%s/%s/hangs", sync, e->d_name))
                add_crash_files(sub, ids, &v, n, &cap);
        }
        if (d)
            closedir(d);
    } else {
        static const char *const kinds[] = {"crash-", "leak-", "timeout-", "oom-", NULL};
        char art[PATH_CAP];
        path_printf(art, sizeof(art), "%s/artifacts", c->dir);
        add_crash_files(art, kinds, &v, n, &cap);
    }
    return v;
}

/* Replays one input with the engine's binary; its output (stdout and stderr) in log. */
static void replay(const campaign *c, const char *input, gcn_buf *log)
{
    char *argv[4];
    gcn_proc_result r;
    memset(&r, 0, sizeof(r));
    argv[0] = (char *)c->bin;
    argv[1] = (char *)input;
    argv[2] = NULL;
    gcn_proc_run(c->bin, argv, NULL, 0, 60, &r);
    gcn_buf_reset(log);
    if (r.out.data)
        gcn_buf_append(log, r.out.data, r.out.len);
    if (r.err.data)
        gcn_buf_append(log, r.err.data, r.err.len);
    if (r.timed_out)
        gcn_buf_puts(log, "\n==0== ERROR: libFuzzer: timeout after 60 seconds (gcnspec fuzz)\n");
    gcn_proc_result_free(&r);
}

static int same_signature(const campaign *c, const char *input, const char *signature)
{
    gcn_buf log;
    fuzz_crash cr;
    int same;
    gcn_buf_init(&log);
    replay(c, input, &log);
    same = fuzz_triage_parse(log.data ? log.data : "", &cr) && strcmp(cr.signature, signature) == 0;
    gcn_buf_free(&log);
    return same;
}

/* The smallest input that still shows the signature: libFuzzer's -minimize_crash, or
 * afl-tmin; the original when neither keeps the signature. */
static void minimize(const campaign *c, group *g, const char *out)
{
    char log[PATH_CAP], exact[PATH_CAP + 32];
    int rc;
    path_printf(log, sizeof(log), "%s/logs/minimize.log", c->dir);
    unlink(out);
    if (strcmp(c->engine, "afl") == 0) {
        char *argv[] = {"afl-tmin", "-i", g->best, "-o", (char *)out,    "-m",
                        "none",     "-t", "5000",  "--", (char *)c->bin, NULL};
        rc = run_logged(argv, log, NULL);
    } else {
        char *argv[] = {(char *)c->bin,
                        "-minimize_crash=1",
                        "-runs=20000",
                        "-max_total_time=30",
                        exact,
                        g->best,
                        NULL};
        path_printf(exact, sizeof(exact), "-exact_artifact_path=%s", out);
        rc = run_logged(argv, log, NULL);
    }
    (void)rc;
    if (is_file(out) && same_signature(c, out, g->signature)) {
        struct stat st;
        if (stat(out, &st) == 0 && st.st_size <= g->best_size)
            return;
    }
    /* keep the original */
    {
        char *data = NULL;
        size_t len = 0;
        gcn_diag d;
        if (gcn_read_file(g->best, &data, &len, &d) == GCN_OK)
            gcn_write_file_atomic(out, data, len, &d);
        free(data);
    }
}

/* llvm-mc on both texts of a disagreement with LLVM's disassembler. */
static void mc_evidence(const fuzz_crash *cr, fuzz_mc_evidence *ev)
{
    char gen_s[64], bytes_s[256], ours[512], llvm[512], peer[64], why[256];
    uint8_t word[32], canon[GCN_INST_MAX_BYTES];
    size_t nword = 0, ncanon = 0, i;
    const char *lines[2];
    int which[2], n = 0, gen, ours_acc, llvm_acc;
    gcn_mc_result out[2];
    gcn_inst in;
    char *tool;
    memset(ev, 0, sizeof(*ev));
    if (!fuzz_crash_field(cr, "gen", gen_s, sizeof(gen_s)) ||
        !fuzz_crash_field(cr, "bytes", bytes_s, sizeof(bytes_s)) ||
        !fuzz_crash_field(cr, "gcnspec", ours, sizeof(ours)) ||
        !fuzz_crash_field(cr, "llvm", llvm, sizeof(llvm)) ||
        !fuzz_crash_field(cr, "peer", peer, sizeof(peer)))
        return;
    gen_s[strcspn(gen_s, " ")] = 0;
    peer[strcspn(peer, " ")] = 0;
    gen = gcn_gen_lookup(gen_s);
    if (gen < 0)
        return;
    {
        const char *p = bytes_s;
        while (*p && nword < sizeof(word)) {
            char *e;
            unsigned long v = strtoul(p, &e, 16);
            if (e == p)
                break;
            word[nword++] = (uint8_t)v;
            p = *e == ',' ? e + 1 : e;
        }
    }
    ours_acc = strstr(cr->subject, ":ours-accepts") != NULL;
    llvm_acc = strstr(cr->subject, ":llvm-accepts") != NULL;
    if (ours_acc && gcn_decode(gen, word, nword, &in) == GCN_OK)
        gcn_encode(&in, canon, sizeof(canon), &ncanon);
    /* llvm-14 -> llvm-mc-14 */
    path_printf(ev->peer, sizeof(ev->peer), "llvm-mc-%s",
                strchr(peer, '-') ? strchr(peer, '-') + 1 : "14");
    tool = gcn_mc_find(ev->peer);
    if (!tool)
        return;
    free(tool);
    if (ours_acc) {
        which[n] = 0;
        lines[n++] = ours;
    }
    if (llvm_acc) {
        which[n] = 1;
        lines[n++] = llvm;
    }
    if (!n || gcn_mc_assemble(ev->peer, gen, lines, (size_t)n, out, why, sizeof(why)) != GCN_OK)
        return;
    ev->have = 1;
    for (i = 0; i < (size_t)n; i++) {
        int assembles = out[i].ok;
        int same =
            assembles &&
            ((out[i].nbytes <= nword && memcmp(out[i].bytes, word, out[i].nbytes) == 0) ||
             (ncanon && out[i].nbytes == ncanon && memcmp(out[i].bytes, canon, ncanon) == 0));
        char answer[256];
        if (assembles) {
            size_t k, o = 0;
            answer[0] = 0;
            for (k = 0; k < out[i].nbytes && o + 6 < sizeof(answer); k++)
                o += (size_t)snprintf(answer + o, sizeof(answer) - o, "%s0x%02x", k ? "," : "",
                                      out[i].bytes[k]);
        } else {
            path_printf(answer, sizeof(answer), "error: %.200s", out[i].message);
        }
        if (which[i] == 0) {
            ev->ours_assembles = assembles;
            ev->ours_same = same;
            path_printf(ev->ours_answer, sizeof(ev->ours_answer), "%s", answer);
        } else {
            ev->llvm_assembles = assembles;
            ev->llvm_same = same;
            path_printf(ev->llvm_answer, sizeof(ev->llvm_answer), "%s", answer);
        }
    }
}

/* A path relative to the source tree where it lies inside it (for the committed reports). */
static const char *relative(const campaign *c, const char *path)
{
    size_t n = strlen(c->src);
    if (strncmp(path, c->src, n) == 0 && path[n] == '/')
        return path + n + 1;
    return path;
}

static int triage(campaign *c, unsigned long *nfindings)
{
    size_t ncrash = 0, i, ngroups = 0;
    crash_file *files = collect_crashes(c, &ncrash);
    group *groups = calloc(MAX_GROUPS, sizeof(*groups));
    gcn_buf log;
    fuzz_findings_db db;
    gcn_diag diag;
    char json[PATH_CAP], md[PATH_CAP], fdir[PATH_CAP], tdir[PATH_CAP], date[32];
    unsigned long unreproduced = 0, skipped = 0;
    int rc = 0;
    *nfindings = 0;
    iso_date(date, sizeof(date));
    path_printf(json, sizeof(json), "%s/findings.json", c->reports);
    path_printf(md, sizeof(md), "%s/findings.md", c->reports);
    path_printf(fdir, sizeof(fdir), "%s/findings", c->reports);
    path_printf(tdir, sizeof(tdir), "%s/triage", c->dir);
    if (!groups || !make_dir(tdir) || !make_dir(c->reports)) {
        free(files);
        free(groups);
        return 1;
    }
    gcn_buf_init(&log);
    if (ncrash && !c->quiet)
        fprintf(stderr, "gcnspec fuzz: replaying %zu crashing input%s\n", ncrash,
                ncrash == 1 ? "" : "s");
    for (i = 0; i < ncrash && interrupted < 2; i++) {
        fuzz_crash cr;
        size_t g;
        if (i >= MAX_CRASHES) {
            skipped++;
            continue;
        }
        replay(c, files[i].path, &log);
        if (!fuzz_triage_parse(log.data ? log.data : "", &cr)) {
            unreproduced++;
            continue;
        }
        for (g = 0; g < ngroups && strcmp(groups[g].signature, cr.signature) != 0; g++)
            ;
        if (g == ngroups) {
            if (ngroups == MAX_GROUPS) {
                skipped++;
                continue;
            }
            ngroups++;
            path_printf(groups[g].signature, sizeof(groups[g].signature), "%s", cr.signature);
            groups[g].crash = cr;
            groups[g].best_size = -1;
        }
        {
            char *data = NULL;
            size_t len = 0;
            gcn_diag d;
            int fresh = gcn_read_file(files[i].path, &data, &len, &d) != GCN_OK ||
                        fuzz_input_hash_add(groups[g].hashes, data, len);
            free(data);
            if (!fresh)
                continue; /* the same bytes as an input counted already */
        }
        groups[g].inputs++;
        if (groups[g].best_size < 0 || files[i].size < groups[g].best_size) {
            groups[g].best_size = files[i].size;
            path_printf(groups[g].best, sizeof(groups[g].best), "%s", files[i].path);
        }
    }
    if (fuzz_db_load(&db, json, &diag) != GCN_OK) {
        /* never overwrite findings that could not be read */
        gcn_diag_print(&diag, stderr);
        gcn_buf_free(&log);
        free(files);
        free(groups);
        return 1;
    }
    for (i = 0; i < ngroups && interrupted < 2; i++) {
        group *g = &groups[i];
        char id[16], repro[PATH_CAP], why[1024], replay_cmd[2 * PATH_CAP], plain[2 * PATH_CAP];
        fuzz_mc_evidence ev;
        fuzz_class cls;
        fuzz_finding_rec r;
        struct stat st;
        fuzz_finding_id(g->signature, id);
        if (!make_dir(fdir) || !path_printf(repro, sizeof(repro), "%s/%s", fdir, id))
            continue;
        minimize(c, g, repro);
        /* the evidence of the minimized input */
        replay(c, repro, &log);
        fuzz_triage_parse(log.data ? log.data : "", &g->crash);
        memset(&ev, 0, sizeof(ev));
        if (strcmp(g->crash.fkind, "llvm-disagrees") == 0)
            mc_evidence(&g->crash, &ev);
        cls = fuzz_triage_classify(&g->crash, &ev, why, sizeof(why));
        {
            char logpath[PATH_CAP + 8];
            gcn_diag d;
            path_printf(logpath, sizeof(logpath), "%s/%s.log", tdir, id);
            gcn_write_file_atomic(logpath, log.data ? log.data : "", log.len, &d);
        }
        path_printf(replay_cmd, sizeof(replay_cmd), "%s %s", relative(c, c->bin),
                    relative(c, repro));
        path_printf(plain, sizeof(plain), "build/harness/fuzz_%s %s", c->t->name,
                    relative(c, repro));
        memset(&r, 0, sizeof(r));
        r.id = id;
        r.signature = g->signature;
        r.target = (char *)c->t->name;
        r.engine = (char *)c->engine;
        r.cls = (char *)fuzz_class_name(cls);
        r.class_by = "rule";
        r.why = why;
        r.title = g->crash.title;
        r.evidence = g->crash.evidence;
        r.reproducer = (char *)relative(c, repro);
        r.replay = replay_cmd;
        r.replay_plain = plain;
        r.first_seen = date;
        r.last_seen = date;
        r.inputs = g->inputs;
        r.input_hashes = g->hashes;
        r.size = stat(repro, &st) == 0 ? (unsigned long)st.st_size : 0;
        fuzz_db_add_finding(&db, &r);
        (*nfindings)++;
        if (!c->quiet)
            fprintf(stderr, "  %s %-12s %s\n      %s\n      replay: %s\n", id, fuzz_class_name(cls),
                    g->crash.title, why, replay_cmd);
    }
    {
        fuzz_campaign_rec cr;
        memset(&cr, 0, sizeof(cr));
        cr.target = (char *)c->t->name;
        cr.engine = (char *)c->engine;
        cr.sanitizers = (char *)(strcmp(c->sanitizers, "none") == 0 ? "none" : c->sanitizers);
        cr.date = date;
        cr.seconds = now_s() - c->started;
        cr.jobs = c->jobs;
        cr.execs = c->p.execs;
        cr.exec_per_s = cr.seconds > 0 ? (double)c->p.execs / cr.seconds : 0;
        cr.corpus = c->p.corpus;
        cr.coverage = c->p.cov;
        cr.features = c->p.ft;
        cr.crash_files = (unsigned long)ncrash;
        cr.findings = *nfindings;
        if (!c->triage_only)
            fuzz_db_add_campaign(&db, &cr);
    }
    if (fuzz_db_write(&db, json, md, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        rc = 1;
    }
    if (!c->quiet && !c->triage_only) {
        /* the speed is for the terminal: the findings files hold what the campaign reached */
        double secs = now_s() - c->started;
        fprintf(stderr, "gcnspec fuzz: %llu execs in %.0f s (%.0f exec/s)\n", c->p.execs, secs,
                secs > 0 ? (double)c->p.execs / secs : 0.0);
    }
    if (!c->quiet) {
        fprintf(stderr, "gcnspec fuzz: %zu crashing input%s, %lu finding%s", ncrash,
                ncrash == 1 ? "" : "s", *nfindings, *nfindings == 1 ? "" : "s");
        if (unreproduced)
            fprintf(stderr, ", %lu not reproduced", unreproduced);
        if (skipped)
            fprintf(stderr, ", %lu not replayed", skipped);
        fprintf(stderr, " -> %s\n", md);
    }
    fuzz_db_free(&db);
    gcn_buf_free(&log);
    free(files);
    free(groups);
    return rc;
}

/* ---- gfx6/gfx7 through llvm-mc ------------------------------------------------------------ */

/* No LLVM disassembles GCN 1.0/1.1: the campaign's corpus, printed by gcnspec, is assembled by
 * llvm-mc in batches (harness/reassemble.c) and must give the same bytes back, or be a known
 * entry of spec/peers/llvm-known.json. An unexplained disagreement fails the command. */
static int reassemble(campaign *c)
{
    char bin[PATH_CAP], corpus[PATH_CAP], log[PATH_CAP], known[PATH_CAP];
    char *argv[] = {bin, "--kind", (char *)c->t->kind, "--known", known, corpus, NULL};
    int rc;
    path_printf(bin, sizeof(bin), "%s/harness/fuzz_reassemble", c->build);
    path_printf(corpus, sizeof(corpus), "%s/corpus", c->dir);
    path_printf(log, sizeof(log), "%s/logs/reassemble.log", c->dir);
    path_printf(known, sizeof(known), "%s/spec/peers/llvm-known.json", c->src);
    if (!is_file(bin) || !is_dir(corpus) || !is_file(known)) {
        fprintf(stderr, "gcnspec fuzz: gfx6/gfx7 reassembly skipped: %s is missing\n",
                !is_file(bin)     ? bin
                : !is_dir(corpus) ? corpus
                                  : known);
        return 0;
    }
    if (!c->quiet)
        fprintf(stderr, "gcnspec fuzz: gfx6/gfx7 words of the corpus through llvm-mc (log: %s)\n",
                log);
    rc = run_logged(argv, log, NULL);
    if (rc == 77) {
        /* said even with --quiet: a step left out is not progress */
        fprintf(stderr, "gcnspec fuzz: gfx6/gfx7 reassembly skipped: llvm-mc is not installed "
                        "(Debian's llvm-14; tools/deps.sh installs it)\n");
        return 0;
    }
    if (rc == 0) {
        if (!c->quiet)
            fprintf(stderr,
                    "gcnspec fuzz: llvm-mc gives every word back (or a known entry explains it)\n");
        return 0;
    }
    fprintf(stderr,
            "gcnspec fuzz: llvm-mc disagrees with gcnspec's text on words no known entry "
            "explains; see %s\n",
            log);
    return 1;
}

/* ---- the benchmark ------------------------------------------------------------------------- */

/* The targets the speed bars name: the byte round trip against the target that only
 * calls the LLVM-C disassembler (>= 10x), and the cross-generation semantics target (>= 100 k
 * exec/s). Each runs alone, under libFuzzer without sanitizers, with the same flags. */
#define BENCH_MAX_LEN 128u /* every target's inputs in the benchmark */

typedef struct bench_run {
    const char *target;
    unsigned max_len; /* BENCH_MAX_LEN; 1 for a ceiling run (every input rejected at once) */
    double exec_per_s;
    unsigned long long execs;
    int ok;
    char flags[MAX_FLAGS * 72]; /* the flags of its .options file */
} bench_run;

static unsigned long long final_stat(const char *log, const char *key)
{
    const char *p = log ? strstr(log, key) : NULL;
    return p ? strtoull(p + strlen(key), NULL, 10) : 0;
}

/* The files of a flat directory removed (a benchmark run starts from the seeds alone, so that
 * one run's corpus does not speed or slow the next). */
static void empty_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[PATH_CAP];
    if (!d)
        return;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            path_printf(p, sizeof(p), "%s/%s", dir, e->d_name);
            unlink(p);
        }
    closedir(d);
}

static void bench_one(campaign *c, bench_run *r)
{
    char bin[PATH_CAP], seeds[PATH_CAP], corpus[PATH_CAP], time_arg[32], len_arg[32];
    const target_info *t = find_target_info(r->target);
    char *argv[16];
    gcn_proc_result pr;
    int k = 0;
    unsigned i;
    fuzz_options o; /* the target's flags (not its max_len: the same for every target) */
    r->ok = 0;
    r->flags[0] = 0;
    if (!t || !read_options(c->build, t->name, &o))
        return;
    path_printf(bin, sizeof(bin), "%s/harness/fuzz_%s", c->build, r->target);
    path_printf(seeds, sizeof(seeds), "%s/corpus/seeds/%s", c->build, t->kind);
    path_printf(corpus, sizeof(corpus), "%s/bench-%s-%u", c->dir, r->target, r->max_len);
    if (!is_file(bin) || !make_dir(corpus)) {
        fprintf(stderr, "gcnspec fuzz: %s is not built\n", bin);
        return;
    }
    empty_dir(corpus);
    path_printf(time_arg, sizeof(time_arg), "-max_total_time=%u", c->seconds);
    argv[k++] = bin;
    argv[k++] = time_arg;
    argv[k++] = "-seed=1";
    path_printf(len_arg, sizeof(len_arg), "-max_len=%u", r->max_len);
    argv[k++] = len_arg;
    argv[k++] = "-timeout=20";
    argv[k++] = "-rss_limit_mb=2560";
    argv[k++] = "-print_final_stats=1";
    for (i = 0; i < o.nflags; i++) {
        argv[k++] = o.flags[i];
        snprintf(r->flags + strlen(r->flags), sizeof(r->flags) - strlen(r->flags), " %s",
                 o.flags[i]);
    }
    argv[k++] = corpus;
    argv[k++] = seeds;
    argv[k] = NULL;
    memset(&pr, 0, sizeof(pr));
    gcn_proc_run(bin, argv, NULL, 0, c->seconds + 120, &pr);
    r->execs = final_stat(pr.err.data, "stat::number_of_executed_units: ");
    r->exec_per_s = (double)final_stat(pr.err.data, "stat::average_exec_per_sec: ");
    r->ok = pr.exit_code == 0 && !pr.signal && r->execs > 0;
    if (!r->ok)
        fprintf(stderr, "gcnspec fuzz: %s ended with exit %d signal %d:\n%.2000s\n", r->target,
                pr.exit_code, pr.signal, pr.err.data ? pr.err.data : "");
    gcn_proc_result_free(&pr);
}

static int bench(campaign *c, int check_bars)
{
    /* floor: libFuzzer with a target that does nothing; cross_gen at -max_len=1: the same
     * binary on inputs it rejects before any work, libFuzzer's own cost per input there (it
     * grows with the binary's edges: the oracle's) */
    bench_run runs[] = {{"byte_roundtrip", BENCH_MAX_LEN, 0, 0, 0, ""},
                        {"llvm14_only", BENCH_MAX_LEN, 0, 0, 0, ""},
                        {"cross_gen", BENCH_MAX_LEN, 0, 0, 0, ""},
                        {"floor", BENCH_MAX_LEN, 0, 0, 0, ""},
                        {"cross_gen", 1, 0, 0, 0, ""}};
    size_t i;
    int ok = 1;
    double ratio;
    for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
        if (!c->no_build && !configure_and_build(c, c->build, "libfuzzer", runs[i].target))
            return 1;
    }
    printf("libFuzzer, no sanitizers, -max_total_time=%u -seed=1 -max_len=%u (but where "
           "given), one process each (%s)\n",
           c->seconds, BENCH_MAX_LEN, c->build);
    for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
        char len_note[32] = "";
        bench_one(c, &runs[i]);
        if (runs[i].max_len != BENCH_MAX_LEN)
            snprintf(len_note, sizeof(len_note), "  -max_len=%u", runs[i].max_len);
        printf("  %-16s %12.0f exec/s  (%llu execs)%s%s%s%s\n", runs[i].target, runs[i].exec_per_s,
               runs[i].execs, len_note, runs[i].flags[0] ? "  its .options:" : "", runs[i].flags,
               runs[i].ok ? "" : "  FAILED");
        ok &= runs[i].ok;
    }
    if (!ok)
        return 1;
    ratio = runs[1].exec_per_s > 0 ? runs[0].exec_per_s / runs[1].exec_per_s : 0;
    printf("byte_roundtrip / llvm14_only: %.1fx (bar: >= 10x) %s\n", ratio,
           ratio >= 10 ? "met" : "NOT met");
    printf("  (the ceiling here: floor / llvm14_only = %.1fx, libFuzzer with a target that does "
           "nothing)\n",
           runs[1].exec_per_s > 0 ? runs[3].exec_per_s / runs[1].exec_per_s : 0);
    printf("cross_gen: %.0f exec/s (bar: >= 100000) %s\n", runs[2].exec_per_s,
           runs[2].exec_per_s >= 100000 ? "met" : "NOT met");
    printf("  (its ceiling here: %.0f exec/s, the same binary rejecting every input at once: "
           "libFuzzer's own cost per input, %.2f us of the %.2f us an input takes)\n",
           runs[4].exec_per_s, runs[4].exec_per_s > 0 ? 1e6 / runs[4].exec_per_s : 0,
           runs[2].exec_per_s > 0 ? 1e6 / runs[2].exec_per_s : 0);
    if (check_bars && (ratio < 10 || runs[2].exec_per_s < 100000))
        return 1;
    return 0;
}

/* ---- the command ---------------------------------------------------------------------------- */

static void help(void)
{
    size_t i;
    printf("usage: gcnspec fuzz --target T [--engine libfuzzer|afl] [--jobs N] [--time S]\n"
           "                    [--dir D] [--build-dir B] [--reports R] [--sanitizers LIST]\n"
           "                    [--no-build] [--binary PATH] [--seeds DIR] [--triage] [--quiet]\n"
           "       gcnspec fuzz --bench [--time S] [--check-bars] [--build-dir B]\n"
           "       gcnspec fuzz --list\n\n"
           "Runs a fuzzing campaign on every core, shows its progress (execs/s, coverage,\n"
           "corpus, crashing inputs), and at the end replays, minimizes and deduplicates the\n"
           "crashing inputs by signature and classifies each finding (our-bug, llvm-bug,\n"
           "doc-erratum) into R/findings.md and R/findings.json, the reproducers into\n"
           "R/findings/ (R is the campaign directory unless --reports says otherwise).\n"
           "Ctrl-C stops the campaign (a second one the triage); the same command resumes it\n"
           "with its corpus. Run it from the source tree.\n\n"
           "  -t, --target T       a fuzz target (--list)\n"
           "  -e, --engine E       libfuzzer (default; -fork=N) or afl (AFL++: main with CmpLog\n"
           "                       and N-1 secondaries)\n"
           "  -j, --jobs N         parallel jobs (default: every core)\n"
           "  -s, --time S         seconds (default 0: until stopped)\n"
           "  -d, --dir D          campaign directory (default build-fuzz/campaigns/T-E)\n"
           "  -b, --build-dir B    the engine's build tree (default build-fuzz/E), configured\n"
           "                       and built as needed\n"
           "  -r, --reports R      where findings go (default: the campaign directory D;\n"
           "                       '--reports reports' merges them into the committed\n"
           "                       reports/findings.{md,json})\n"
           "      --sanitizers L   sanitizers of a build tree it configures (default\n"
           "                       address,undefined; none)\n"
           "      --no-build       use the build tree as it is\n"
           "      --binary PATH    the target binary to run (implies --no-build)\n"
           "      --seeds DIR      seed inputs (default: the build tree's corpus/seeds/KIND)\n"
           "      --triage         only the end of a campaign: triage D's crashing inputs\n"
           "  -q, --quiet          no progress\n"
           "  -l, --list           the targets\n"
           "      --bench          the speed benchmark: byte_roundtrip beside llvm14_only (the\n"
           "                       LLVM-C disassembler alone) and cross_gen, each S seconds\n"
           "                       (default 30) under libFuzzer without sanitizers (build tree\n"
           "                       build-fuzz/libfuzzer-nosan); prints exec/s and the ratio,\n"
           "                       and the ceilings: libFuzzer on a target that does nothing\n"
           "                       (floor), cross_gen on inputs it rejects at once\n"
           "      --check-bars     with --bench: exit 1 below the bars (10x, 100 k exec/s)\n\n"
           "targets:\n");
    for (i = 0; i < NTARGETS; i++)
        printf("  %-16s %-8s %s\n", targets[i].name, targets[i].role, targets[i].summary);
}

static const target_info *find_target(const char *name)
{
    size_t i;
    for (i = 0; i < NTARGETS; i++)
        if (strcmp(targets[i].name, name) == 0)
            return &targets[i];
    return NULL;
}

int cmd_fuzz(int argc, char **argv)
{
    static const struct option opts[] = {
        {"target", required_argument, NULL, 't'},  {"engine", required_argument, NULL, 'e'},
        {"jobs", required_argument, NULL, 'j'},    {"time", required_argument, NULL, 's'},
        {"dir", required_argument, NULL, 'd'},     {"build-dir", required_argument, NULL, 'b'},
        {"reports", required_argument, NULL, 'r'}, {"sanitizers", required_argument, NULL, 'S'},
        {"no-build", no_argument, NULL, 'N'},      {"triage", no_argument, NULL, 'T'},
        {"quiet", no_argument, NULL, 'q'},         {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},          {"binary", required_argument, NULL, 'B'},
        {"seeds", required_argument, NULL, 'I'},   {"bench", no_argument, NULL, 'M'},
        {"check-bars", no_argument, NULL, 'C'},    {NULL, 0, NULL, 0}};
    campaign c;
    const char *target = NULL, *dir = NULL, *build = NULL, *reports = NULL, *binary = NULL;
    const char *seeds = NULL;
    int bench_mode = 0, check_bars = 0;
    char *end;
    int opt, rc = 0;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned long findings = 0;
    struct sigaction sa, old_int;
    memset(&c, 0, sizeof(c));
    c.engine = "libfuzzer";
    c.sanitizers = "address,undefined";
    c.jobs = ncpu > 0 ? (unsigned)ncpu : 1;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":t:e:j:s:d:b:r:qlh", opts, NULL)) != -1) {
        switch (opt) {
        case 't':
            target = optarg;
            break;
        case 'e':
            c.engine = optarg;
            break;
        case 'j':
            errno = 0;
            c.jobs = (unsigned)strtoul(optarg, &end, 10);
            if (errno || *end || !*optarg || optarg[0] == '-' || !c.jobs || c.jobs > MAX_JOBS)
                return cli_usage_error("fuzz", "--jobs takes 1 to %d, not '%s'", MAX_JOBS, optarg);
            break;
        case 's':
            errno = 0;
            c.seconds = (unsigned)strtoul(optarg, &end, 10);
            if (errno || *end || !*optarg || optarg[0] == '-' || strlen(optarg) > 9)
                return cli_usage_error("fuzz", "--time takes seconds, not '%s'", optarg);
            break;
        case 'd':
            dir = optarg;
            break;
        case 'b':
            build = optarg;
            break;
        case 'r':
            reports = optarg;
            break;
        case 'S':
            c.sanitizers = optarg;
            break;
        case 'N':
            c.no_build = 1;
            break;
        case 'B':
            binary = optarg;
            c.no_build = 1;
            break;
        case 'I':
            seeds = optarg;
            break;
        case 'M':
            bench_mode = 1;
            break;
        case 'C':
            check_bars = 1;
            break;
        case 'T':
            c.triage_only = 1;
            break;
        case 'q':
            c.quiet = 1;
            break;
        case 'l': {
            size_t i;
            for (i = 0; i < NTARGETS; i++)
                printf("%s\t%s\t%s\t%s\n", targets[i].name, targets[i].kind, targets[i].role,
                       targets[i].summary);
            return 0;
        }
        case 'h':
            help();
            return 0;
        case ':':
            return cli_usage_error("fuzz", "option '%s' needs a value", argv[optind - 1]);
        default:
            return cli_usage_error("fuzz", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error("fuzz", "unexpected argument '%s'", argv[optind]);
    if (bench_mode) {
        /* its own build tree: libFuzzer without sanitizers */
        if (target || strcmp(c.engine, "libfuzzer") != 0)
            return cli_usage_error("fuzz", "--bench picks its targets and engine (libfuzzer)");
        target = "byte_roundtrip";
        c.sanitizers = "none";
        if (!c.seconds)
            c.seconds = 30;
        if (!build)
            build = "build-fuzz/libfuzzer-nosan";
        if (!dir)
            dir = "build-fuzz/bench";
    } else if (check_bars)
        return cli_usage_error("fuzz", "--check-bars goes with --bench");
    if (!target)
        return cli_usage_error("fuzz", "--target is required (--list names them)");
    c.t = find_target(target);
    if (!c.t)
        return cli_usage_error("fuzz", "unknown target '%s' (--list names them)", target);
    if (strcmp(c.engine, "libfuzzer") != 0 && strcmp(c.engine, "afl") != 0)
        return cli_usage_error("fuzz", "--engine is libfuzzer or afl, not '%s'", c.engine);
    if (strspn(c.sanitizers, "abcdefghijklmnopqrstuvwxyz-,") != strlen(c.sanitizers) ||
        !*c.sanitizers)
        return cli_usage_error("fuzz",
                               "--sanitizers takes a list such as address,undefined "
                               "or none, not '%s'",
                               c.sanitizers);

    if (!getcwd(c.src, sizeof(c.src)))
        return 1;
    {
        char probe[PATH_CAP];
        path_printf(probe, sizeof(probe), "%s/harness/targets.h", c.src);
        if (!c.no_build && !is_file(probe)) {
            fprintf(stderr, "gcnspec fuzz: run it from the gcnspec source tree (or give "
                            "--build-dir and --no-build)\n");
            return 2;
        }
    }
    if (build)
        path_printf(c.build, sizeof(c.build), "%s%s%s", build[0] == '/' ? "" : c.src,
                    build[0] == '/' ? "" : "/", build);
    else
        path_printf(c.build, sizeof(c.build), "%s/build-fuzz/%s", c.src, c.engine);
    path_printf(c.cmplog_build, sizeof(c.cmplog_build), "%s-cmplog", c.build);
    if (dir)
        path_printf(c.dir, sizeof(c.dir), "%s%s%s", dir[0] == '/' ? "" : c.src,
                    dir[0] == '/' ? "" : "/", dir);
    else
        path_printf(c.dir, sizeof(c.dir), "%s/build-fuzz/campaigns/%s-%s", c.src, c.t->name,
                    c.engine);
    /* a campaign writes into the repository only when asked to (--reports reports) */
    if (reports)
        path_printf(c.reports, sizeof(c.reports), "%s%s%s", reports[0] == '/' ? "" : c.src,
                    reports[0] == '/' ? "" : "/", reports);
    else
        path_printf(c.reports, sizeof(c.reports), "%s", c.dir);
    if (binary)
        path_printf(c.bin, sizeof(c.bin), "%s%s%s", binary[0] == '/' ? "" : c.src,
                    binary[0] == '/' ? "" : "/", binary);
    else
        path_printf(c.bin, sizeof(c.bin), "%s/harness/fuzz_%s", c.build, c.t->name);
    path_printf(c.cmplog_bin, sizeof(c.cmplog_bin), "%s/harness/fuzz_%s", c.cmplog_build,
                c.t->name);
    if (seeds)
        path_printf(c.seeds, sizeof(c.seeds), "%s%s%s", seeds[0] == '/' ? "" : c.src,
                    seeds[0] == '/' ? "" : "/", seeds);
    else
        path_printf(c.seeds, sizeof(c.seeds), "%s/corpus/seeds/%s", c.build, c.t->kind);
    path_printf(c.dict, sizeof(c.dict), "%s/corpus/%s.dict", c.build, c.t->kind);
    {
        char logs[PATH_CAP];
        path_printf(logs, sizeof(logs), "%s/logs", c.dir);
        if (!make_dir(c.dir) || !make_dir(logs))
            return 1;
    }

    /* UBSan's reports carry their stack only when asked: the triage's signatures need it */
    if (!getenv("UBSAN_OPTIONS"))
        setenv("UBSAN_OPTIONS", "print_stacktrace=1", 0);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    interrupted = 0;
    c.started = now_s();

    if (bench_mode) {
        rc = bench(&c, check_bars);
        sigaction(SIGINT, &old_int, NULL);
        return rc;
    }
    if (!c.no_build && !c.triage_only) {
        if (!configure_and_build(&c, c.build, c.engine, c.t->name) ||
            (strcmp(c.engine, "afl") == 0 &&
             !configure_and_build(&c, c.cmplog_build, "afl-cmplog", c.t->name))) {
            sigaction(SIGINT, &old_int, NULL);
            return 1;
        }
    }
    if (!is_file(c.bin)) {
        fprintf(stderr, "gcnspec fuzz: %s is not built\n", c.bin);
        sigaction(SIGINT, &old_int, NULL);
        return 1;
    }
    if (!read_options(c.build, c.t->name, &c.opt)) {
        sigaction(SIGINT, &old_int, NULL);
        return 1;
    }
    if (!c.triage_only && !interrupted) {
        int started = strcmp(c.engine, "afl") == 0 ? start_afl(&c) : start_libfuzzer(&c);
        c.started = now_s();
        if (!started) {
            signal_all(&c, SIGKILL);
            fprintf(stderr, "gcnspec fuzz: %s did not start; see %s/logs\n", c.engine, c.dir);
            sigaction(SIGINT, &old_int, NULL);
            return 1;
        }
        if (!c.quiet)
            fprintf(stderr, "gcnspec fuzz: %s with %s, %u job%s%s%s; corpus in %s (Ctrl-C stops)\n",
                    c.t->name, c.engine, c.jobs, c.jobs == 1 ? "" : "s", c.seconds ? ", for " : "",
                    c.seconds ? "the time given" : "", c.dir);
        supervise(&c);
    }
    rc = triage(&c, &findings);
    {
        /* no LLVM disassembles gfx6/gfx7: a byte or text campaign's corpus is checked there by
         * reassembly; whenever that does not run, say so and why */
        const char *why = NULL;
        if (strcmp(c.t->kind, "bytes") != 0 && strcmp(c.t->kind, "text") != 0)
            why = "not applicable: only byte and text corpora hold gfx6/gfx7 instructions";
        else if (rc)
            why = "the triage failed";
        else if (c.triage_only)
            why = "--triage only triages";
        else if (interrupted >= 2)
            why = "interrupted";
        if (why)
            fprintf(stderr,
                    "gcnspec fuzz: gfx6/gfx7 reassembly skipped: %s (%s's corpus is of kind %s)\n",
                    why, c.t->name, c.t->kind);
        else
            rc = reassemble(&c);
    }
    sigaction(SIGINT, &old_int, NULL);
    if (rc)
        return rc;
    return findings ? 1 : 0;
}
