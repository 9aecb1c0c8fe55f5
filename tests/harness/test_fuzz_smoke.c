/* A short libFuzzer run of one target on its seed corpus (CI runs every target this way):
 *
 *   test_fuzz_smoke SECONDS BINARY SEEDS FINDINGS_JSON
 *
 * Passes when the run ends without a crash, or when what it found is a finding
 * reports/findings.json already holds (an open, classified finding is not news); fails on a new
 * signature, naming it. Exit 77 when the binary is not built (no libFuzzer here). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/findings.h"
#include "harness/triage.h"
#include "../extract/test_support.h"
#include "util/proc.h"

int main(int argc, char **argv)
{
    char tmp[64] = "/tmp/gcnspec-smoke-XXXXXX", corpus[128], art[160], time_arg[48];
    char *args[11];
    gcn_proc_result r;
    fuzz_crash c;
    fuzz_findings_db db;
    gcn_diag d;
    int rc = 0;
    size_t i;
    if (argc != 5) {
        fprintf(stderr, "usage: test_fuzz_smoke SECONDS BINARY SEEDS FINDINGS_JSON\n");
        return 2;
    }
    if (access(argv[2], X_OK) != 0) {
        printf("%s is not built (no libFuzzer): skipped\n", argv[2]);
        return 77;
    }
    if (!mkdtemp(tmp))
        return 1;
    snprintf(corpus, sizeof(corpus), "%s/corpus", tmp);
    snprintf(art, sizeof(art), "-artifact_prefix=%s/", tmp);
    snprintf(time_arg, sizeof(time_arg), "-max_total_time=%s", argv[1]);
    mkdir(corpus, 0700);
    args[0] = argv[2];
    args[1] = time_arg;
    args[2] = "-seed=1";
    args[3] = "-max_len=512";
    args[4] = "-print_final_stats=1";
    args[5] = art;
    /* libFuzzer's own exit code for a finding is 77 unless told: that is the code a target
     * leaves with when its peer is missing, and the test would take a finding for a skip (as
     * it did, for visa_atomic's out-of-bound channels on GCN 1.4) */
    args[6] = "-error_exitcode=1";
    args[7] = corpus;
    args[8] = argv[3];
    args[9] = NULL;
    memset(&r, 0, sizeof(r));
    gcn_proc_run(argv[2], args, NULL, 0, (unsigned)atoi(argv[1]) + 240, &r);
    if (r.exit_code == 0 && !r.signal && !r.timed_out) {
        const char *execs = r.err.data ? strstr(r.err.data, "stat::number_of_executed_units:") : 0;
        printf("%s: no crash (%.60s)\n", argv[2], execs ? execs : "");
        goto done;
    }
    if (r.exit_code == 77) {
        printf("%s: skipped (its peer is missing)\n", argv[2]);
        rc = 77;
        goto done;
    }
    if (!fuzz_triage_parse(r.err.data ? r.err.data : "", &c)) {
        fprintf(stderr, "%s: exit %d signal %d, and no crash report the triage reads:\n%.4000s\n",
                argv[2], r.exit_code, r.signal, r.err.data ? r.err.data : "");
        rc = 1;
        goto done;
    }
    memset(&db, 0, sizeof(db));
    if (fuzz_db_load(&db, argv[4], &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        rc = 1;
        goto done;
    }
    rc = 1;
    for (i = 0; i < db.n; i++)
        if (strcmp(db.v[i].signature, c.signature) == 0) {
            printf("%s: found %s, already %s (%s) in %s\n", argv[2], c.signature, db.v[i].id,
                   db.v[i].cls, argv[4]);
            rc = 0;
        }
    if (rc) {
        /* the finding's own lines (text, bytes, what differs) and the input come last in the
         * log, after libFuzzer's progress lines: print its end */
        const char *log = r.err.data ? r.err.data : "";
        size_t len = strlen(log);
        fprintf(stderr, "%s: a new finding, %s:\n%s%s\n", argv[2], c.signature,
                len > 6000 ? "...\n" : "", len > 6000 ? log + len - 6000 : log);
    }
    fuzz_db_free(&db);
done:
    gcn_proc_result_free(&r);
    tmpdir_remove(tmp);
    return rc;
}
