/* Shared by the extractor, triage, report and CLI tests: the seed documents (found by content,
 * since their names are hashes), their lines as a reader sees them, temporary directories, and
 * running the gcnspec binary. Everything here is independent of the extractor's own readers. */
#ifndef GCN_TESTS_TEST_SUPPORT_H
#define GCN_TESTS_TEST_SUPPORT_H

#include <stddef.h>

#include "util/proc.h"

typedef enum seed_kind {
    SEED_DS_MARKDOWN,
    SEED_DS_SCRAPED,
    SEED_SOP1,
    SEED_SMEM,
    SEED_VISA,
    SEED_KIND_COUNT
} seed_kind;

typedef struct seed_doc {
    char *name; /* file name inside the seeds directory */
    char *path;
    char *text;
    size_t len;
    seed_kind kind;
} seed_doc;

typedef struct seed_set {
    char *dir;
    seed_doc *v;
    size_t n;
} seed_set;

/* The source tree ($GCN_SOURCE_DIR, else "."). */
const char *test_source_dir(void);
/* The seeds ($GCN_DOCS_DIR, else <source>/documents/seeds). Heap string. */
char *test_docs_dir(void);
/* Loads every seed and classifies it by content; fails the test when a kind is missing. */
void seeds_load(seed_set *s);
void seeds_free(seed_set *s);
const seed_doc *seeds_get(const seed_set *s, seed_kind kind);

/* A document's lines as written, minus '\r' and trailing blanks (1-based; "" past the end). */
typedef struct text_lines {
    char **v;
    size_t n;
    char *store;
} text_lines;

void lines_split(text_lines *t, const char *text, size_t len);
void lines_free(text_lines *t);
const char *lines_at(const text_lines *t, size_t lineno);

/* Files and directories. */
char *tmpdir_make(void);           /* heap; fails the test on error */
void tmpdir_remove(const char *d); /* recursive */
char *path_join2(const char *a, const char *b);
void file_write(const char *path, const char *data, size_t len);
char *file_read(const char *path, size_t *len); /* NULL when it does not exist */
int file_exists(const char *path);

/* Runs $GCNSPEC with argv (argv[0] included, NULL-terminated); 60 s deadline. */
void gcnspec_run(char *const *argv, gcn_proc_result *r);
/* True when stderr holds a sanitizer report or the process died of a signal. */
int proc_crashed(const gcn_proc_result *r);
/* The first stderr line of the form "file:line[:col]: message" whose file ends with
 * file_suffix (any file when NULL); fills line/col (col 0 when absent). Returns 0 if none. */
int diag_line(const char *err, const char *file_suffix, unsigned *line, unsigned *col);

/* Holds a committed file to the command that writes it. argv is 'gcnspec extract ... --check
 * FILE' (NULL-terminated), with the committed file at argv[check_at]: it must exit 0 ('what'
 * names the file and its source in the failure). Then a copy whose first occurrence of needle
 * has its byte at offset at set to to must exit 1, naming the copy at that occurrence's line. */
void drift_check_and_tamper(char **argv, int check_at, const char *what, const char *needle,
                            size_t at, char to);

#endif
