/* A small scanner that finds the pseudocode blocks of the seed documents, for the tests of the
 * pseudocode front end only (the real extractor lives in spec/extract). */
#ifndef GCN_TESTS_PSEUDO_SEED_BLOCKS_H
#define GCN_TESTS_PSEUDO_SEED_BLOCKS_H

#include <stddef.h>

typedef struct seed_block {
    char file[64];       /* basename of the document */
    char mnemonic[64];   /* section the block belongs to ("" for the vISA page) */
    unsigned first_line; /* document line of the block's first line */
    char *text;          /* lines joined with '\n' */
} seed_block;

typedef struct seed_corpus {
    seed_block *blocks;
    size_t count;
    size_t nfiles;
} seed_corpus;

/* The documents directory: $GCN_DOCS_DIR, else documents/seeds relative to the source directory
 * ($GCN_SOURCE_DIR, else the one the test was built from). */
const char *seed_docs_dir(char *buf, size_t size);

/* Loads every *.txt document of dir, sorted by name. Returns 0 on success. */
int seed_corpus_load(const char *dir, seed_corpus *out);
void seed_corpus_free(seed_corpus *c);

#endif
