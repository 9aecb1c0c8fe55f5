/* The planted bug (a test-only build of the byte round trip, harness/fuzz_byte_roundtrip.c):
 *
 *   test_planted replay BUILD_DIR   the planted input aborts the planted build with its FINDING
 *                                   line and passes the real target; the seed corpus replays
 *                                   cleanly through the planted build (no seed holds the plant)
 *   test_planted libfuzzer BUILD_DIR   a short libFuzzer run, from the planted instruction's
 *                                   seeds, finds it (exit 77 when this build has no libFuzzer
 *                                   binary: gcc, or clang without libclang-rt's libFuzzer)
 *   test_planted campaign BUILD_DIR GCNSPEC   gcnspec fuzz with that libFuzzer build, from the
 *                                   same seeds, finds it, minimizes it and files it into
 *                                   findings.{md,json} with a reproducer that replays it (77 as
 *                                   above) */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/findings.h"
#include "harness/fuzz_common.h"
#include "harness/triage.h"
#include "planted_input.h"
#include "../extract/test_support.h"
#include "util/proc.h"

static char tmp[128];

static int fail(const char *what, const gcn_proc_result *r)
{
    fprintf(stderr, "test_planted: %s\n", what);
    if (r) {
        fprintf(stderr, "exit %d signal %d%s\n--- stdout\n%s\n--- stderr\n%.4000s\n", r->exit_code,
                r->signal, r->timed_out ? " (timed out)" : "", r->out.data ? r->out.data : "",
                r->err.data ? r->err.data : "");
    }
    return 1;
}

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, n, f) == n;
    if (f)
        ok &= fclose(f) == 0;
    return ok;
}

static void run(const char *bin, char **argv, unsigned timeout, gcn_proc_result *r)
{
    memset(r, 0, sizeof(*r));
    gcn_proc_run(bin, argv, NULL, 0, timeout, r);
}

static int planted_finding(const gcn_proc_result *r)
{
    fuzz_crash c;
    return r->err.data && fuzz_triage_parse(r->err.data, &c) &&
           strcmp(c.signature, "finding:byte_roundtrip/planted/planted-bug") == 0;
}

static int replay_mode(const char *build)
{
    char planted[512], real[512], seeds[512], input[256];
    uint8_t in[32];
    size_t n = planted_input(in, sizeof(in));
    gcn_proc_result r;
    char *argv[4];
    int rc = 0;
    if (!n)
        return fail("the spec has no planted input", NULL);
    snprintf(planted, sizeof(planted), "%s/harness/fuzz_byte_roundtrip_planted", build);
    snprintf(real, sizeof(real), "%s/harness/fuzz_byte_roundtrip", build);
    snprintf(seeds, sizeof(seeds), "%s/corpus/seeds/bytes", build);
    snprintf(input, sizeof(input), "%s/planted", tmp);
    if (!write_file(input, in, n))
        return fail("cannot write the input", NULL);
    argv[0] = planted;
    argv[1] = input;
    argv[2] = NULL;
    run(planted, argv, 60, &r);
    if (!planted_finding(&r))
        rc = fail("the planted build does not report the planted input", &r);
    gcn_proc_result_free(&r);
    argv[0] = real;
    run(real, argv, 60, &r);
    if (!rc && (r.exit_code != 0 || r.signal))
        rc = fail("the real target fails on the planted input", &r);
    gcn_proc_result_free(&r);
    argv[0] = planted;
    argv[1] = seeds;
    run(planted, argv, 300, &r);
    if (!rc && (r.exit_code != 0 || r.signal))
        rc = fail("a seed holds the plant: the libFuzzer test would prove nothing", &r);
    gcn_proc_result_free(&r);
    unlink(input);
    if (!rc)
        printf("the planted input (%s) fires only in the planted build; the seeds pass it\n",
               planted_mnemonic());
    return rc;
}

/* Copies the seeds of the planted instruction into dir. */
static size_t copy_seeds(const char *seeds, const char *dir)
{
    DIR *d = opendir(seeds);
    struct dirent *e;
    char needle[96];
    size_t n = 0;
    if (!d)
        return 0;
    snprintf(needle, sizeof(needle), "-%s-", planted_mnemonic());
    while ((e = readdir(d)) != NULL) {
        char from[1024], to[1024], buf[256];
        FILE *f;
        size_t len;
        if (!strstr(e->d_name, needle))
            continue;
        snprintf(from, sizeof(from), "%s/%s", seeds, e->d_name);
        snprintf(to, sizeof(to), "%s/%s", dir, e->d_name);
        f = fopen(from, "rb");
        if (!f)
            continue;
        len = fread(buf, 1, sizeof(buf), f);
        fclose(f);
        n += write_file(to, buf, len);
    }
    closedir(d);
    return n;
}

static int libfuzzer_mode(const char *build)
{
    char bin[512], seeds[512], corpus[256], art[300], prefix[320];
    char *argv[12];
    gcn_proc_result r;
    DIR *d;
    struct dirent *e;
    int found = 0, rc = 0;
    snprintf(bin, sizeof(bin), "%s/harness/fuzz_byte_roundtrip_planted_libfuzzer", build);
    if (access(bin, X_OK) != 0) {
        printf("no libFuzzer build of the planted target here (%s): skipped\n", bin);
        return 77;
    }
    snprintf(seeds, sizeof(seeds), "%s/corpus/seeds/bytes", build);
    snprintf(corpus, sizeof(corpus), "%s/corpus", tmp);
    snprintf(art, sizeof(art), "%s/artifacts", tmp);
    mkdir(corpus, 0700);
    mkdir(art, 0700);
    if (!copy_seeds(seeds, corpus))
        return fail("no seed of the planted instruction", NULL);
    snprintf(prefix, sizeof(prefix), "-artifact_prefix=%s/", art);
    argv[0] = bin;
    argv[1] = "-max_total_time=120";
    argv[2] = "-seed=1";
    argv[3] = "-max_len=16";
    argv[4] = prefix;
    argv[5] = corpus;
    argv[6] = NULL;
    run(bin, argv, 300, &r);
    if (!planted_finding(&r))
        rc = fail("libFuzzer did not find the planted bug in 120 s", &r);
    gcn_proc_result_free(&r);
    d = opendir(art);
    while (d && (e = readdir(d)) != NULL) {
        char p[600];
        if (strncmp(e->d_name, "crash-", 6) != 0)
            continue;
        snprintf(p, sizeof(p), "%s/%s", art, e->d_name);
        found++;
        unlink(p);
    }
    if (d)
        closedir(d);
    if (!rc && !found)
        rc = fail("libFuzzer wrote no crash file", NULL);
    if (!rc)
        printf("libFuzzer found the planted bug\n");
    return rc;
}

static int campaign_mode(const char *build, const char *gcnspec)
{
    char bin[512], seeds[512], corpus[256], dir[256], reports[256], json[300], md[300];
    char *argv[24];
    gcn_proc_result r;
    fuzz_findings_db db;
    gcn_diag d;
    size_t i;
    int rc = 0, k = 0;
    const fuzz_finding_rec *planted = NULL;
    snprintf(bin, sizeof(bin), "%s/harness/fuzz_byte_roundtrip_planted_libfuzzer", build);
    if (access(bin, X_OK) != 0) {
        printf("no libFuzzer build of the planted target here (%s): skipped\n", bin);
        return 77;
    }
    snprintf(seeds, sizeof(seeds), "%s/corpus/seeds/bytes", build);
    snprintf(corpus, sizeof(corpus), "%s/seeds", tmp);
    snprintf(dir, sizeof(dir), "%s/campaign", tmp);
    snprintf(reports, sizeof(reports), "%s/reports", tmp);
    snprintf(json, sizeof(json), "%s/findings.json", reports);
    snprintf(md, sizeof(md), "%s/findings.md", reports);
    mkdir(corpus, 0700);
    if (!copy_seeds(seeds, corpus))
        return fail("no seed of the planted instruction", NULL);
    argv[k++] = (char *)gcnspec;
    argv[k++] = "fuzz";
    argv[k++] = "--target";
    argv[k++] = "byte_roundtrip";
    argv[k++] = "--binary";
    argv[k++] = bin;
    argv[k++] = "--build-dir";
    argv[k++] = (char *)build;
    argv[k++] = "--seeds";
    argv[k++] = corpus;
    argv[k++] = "--dir";
    argv[k++] = dir;
    argv[k++] = "--reports";
    argv[k++] = reports;
    argv[k++] = "--jobs";
    argv[k++] = "1";
    argv[k++] = "--time";
    argv[k++] = "20";
    argv[k++] = "--quiet";
    argv[k] = NULL;
    run(gcnspec, argv, 360, &r);
    /* findings: exit 1 */
    if (r.exit_code != 1 || r.signal)
        rc = fail("gcnspec fuzz did not end with findings", &r);
    gcn_proc_result_free(&r);
    if (rc)
        return rc;
    memset(&db, 0, sizeof(db));
    if (fuzz_db_load(&db, json, &d) != GCN_OK)
        return fail("findings.json does not load", NULL);
    for (i = 0; i < db.n; i++)
        if (strcmp(db.v[i].signature, "finding:byte_roundtrip/planted/planted-bug") == 0)
            planted = &db.v[i];
    if (!planted)
        rc = fail("findings.json holds no planted finding", NULL);
    else if (strcmp(planted->cls, "unclassified") == 0 || !planted->replay || !planted->reproducer)
        rc = fail("the planted finding is not classified, or has no reproducer or replay", NULL);
    else if (db.nc != 1 || !db.c[0].date || !*db.c[0].date || db.c[0].coverage == 0)
        rc = fail("findings.json does not record the campaign", NULL);
    if (!rc) {
        /* the reproducer, replayed, still gives the planted finding */
        char *rargv[3];
        rargv[0] = bin;
        rargv[1] = planted->reproducer;
        rargv[2] = NULL;
        run(bin, rargv, 60, &r);
        if (!planted_finding(&r))
            rc = fail("the reproducer does not replay the planted finding", &r);
        gcn_proc_result_free(&r);
    }
    if (!rc) {
        FILE *f = fopen(md, "r");
        char text[65536];
        size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
        if (f)
            fclose(f);
        text[n] = 0;
        if (!strstr(text, planted->id))
            rc = fail("findings.md does not list the planted finding", NULL);
    }
    if (!rc)
        printf("gcnspec fuzz found the planted bug, filed as %s (%s)\n", planted->id, planted->cls);
    fuzz_db_free(&db);
    return rc;
}

int main(int argc, char **argv)
{
    int rc;
    int campaign = argc == 4 && strcmp(argv[1], "campaign") == 0;
    if (argc < 3 || argc > 4 ||
        (strcmp(argv[1], "replay") != 0 && strcmp(argv[1], "libfuzzer") != 0 && !campaign)) {
        fprintf(stderr, "usage: test_planted replay|libfuzzer|campaign BUILD_DIR [GCNSPEC]\n");
        return 2;
    }
    snprintf(tmp, sizeof(tmp), "/tmp/gcnspec-planted-XXXXXX");
    if (!mkdtemp(tmp))
        return 1;
    if (campaign)
        rc = campaign_mode(argv[2], argv[3]);
    else
        rc = strcmp(argv[1], "replay") == 0 ? replay_mode(argv[2]) : libfuzzer_mode(argv[2]);
    tmpdir_remove(tmp);
    return rc;
}
