/* reports/findings.json and reports/findings.md: every finding of every campaign, deduplicated
 * by signature (harness/triage.h), each with its class and evidence, its reproducer file and
 * the commands that replay it; and the last campaign of each target and engine (coverage,
 * corpus; not its speed, which changes from run to run: gcnspec fuzz prints it). A campaign merges
 * into what the files hold: a signature seen before gets its counts raised, a class set by hand
 * ("class_by": "hand") is kept. Written to temporary files and renamed. */
#ifndef GCN_HARNESS_FINDINGS_H
#define GCN_HARNESS_FINDINGS_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

typedef struct fuzz_finding_rec {
    char *id;           /* F-<10 hex of the signature's SHA-256> */
    char *signature;    /* triage.h */
    char *target;       /* byte_roundtrip */
    char *engine;       /* libfuzzer, afl */
    char *cls;          /* our-bug, llvm-bug, doc-erratum, unclassified */
    char *class_by;     /* rule, hand */
    char *why;          /* the reason, with the evidence */
    char *title;        /* one line */
    char *evidence;     /* the harness' evidence lines or the report's head */
    char *reproducer;   /* reports/findings/F-... (relative to the source tree) */
    char *replay;       /* the command that replays it with the engine's build */
    char *replay_plain; /* ... with the plain build (harness/fuzz_main.c) */
    char *first_seen, *last_seen;
    unsigned long inputs; /* crashing inputs with this signature, over all campaigns */
    /* the inputs counted: 16 hex digits of each one's SHA-256, space-separated, at most
     * FUZZ_MAX_INPUT_HASHES of them (inputs past that count without a record); a triage run
     * again on the same files then adds nothing */
    char *input_hashes;
    unsigned long size; /* reproducer bytes */
} fuzz_finding_rec;

#define FUZZ_MAX_INPUT_HASHES 64
#define FUZZ_INPUT_HASH_CHARS 16
/* the bytes of a full list and its NUL */
#define FUZZ_INPUT_HASH_LIST_BYTES (FUZZ_MAX_INPUT_HASHES * (FUZZ_INPUT_HASH_CHARS + 1) + 1)

/* Appends the hash of n bytes (FUZZ_INPUT_HASH_CHARS hex digits) to list (a buffer of
 * FUZZ_INPUT_HASH_LIST_BYTES) unless it is there; returns 1 when the input is new (counted even
 * when the list is full), 0 when it was there. */
int fuzz_input_hash_add(char *list, const void *data, size_t n);

typedef struct fuzz_campaign_rec {
    char *target, *engine, *sanitizers, *date;
    double seconds, exec_per_s;
    unsigned jobs;
    unsigned long long execs;
    unsigned long corpus, coverage, features, crash_files, findings;
} fuzz_campaign_rec;

typedef struct fuzz_findings_db {
    fuzz_finding_rec *v;
    size_t n, cap;
    fuzz_campaign_rec *c;
    size_t nc, ccap;
} fuzz_findings_db;

/* A missing file is an empty database; a malformed one is a file:line:col error. */
gcn_status fuzz_db_load(fuzz_findings_db *db, const char *json_path, gcn_diag *diag);
void fuzz_db_free(fuzz_findings_db *db);
/* Merges (the record's strings are copied). Returns the stored record. */
fuzz_finding_rec *fuzz_db_add_finding(fuzz_findings_db *db, const fuzz_finding_rec *r);
void fuzz_db_add_campaign(fuzz_findings_db *db, const fuzz_campaign_rec *c);
gcn_status fuzz_db_write(const fuzz_findings_db *db, const char *json_path, const char *md_path,
                         gcn_diag *diag);

/* "F-" and the first 10 hex digits of the signature's SHA-256; out holds 16 bytes. */
void fuzz_finding_id(const char *signature, char out[16]);

#endif
