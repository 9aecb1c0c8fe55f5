/* A word list for the spelling check: one word a line (Debian's /usr/share/dict lists, or a
 * project's own), looked up without regard to case. */
#ifndef GCN_SPEC_TRIAGE_WORDLIST_H
#define GCN_SPEC_TRIAGE_WORDLIST_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* The list Debian's wamerican-huge installs: large enough to hold the technical English of the
 * documents (shader, opcode, wavefront, decrement). */
#define GCN_WORDLIST_DEFAULT "/usr/share/dict/american-english-huge"
#define GCN_WORDLIST_PACKAGE "wamerican-huge"

typedef struct gcn_wordlist {
    char **slots; /* open addressing, lower-case words; NULL = empty */
    size_t cap, n;
    char *text; /* the parsed list, lower-cased in place: most slots point into it */
    size_t len;
} gcn_wordlist;

/* Reads a list; a line holding a control character is answered with file:line:col. */
gcn_status gcn_wordlist_load(gcn_wordlist *w, const char *path, gcn_diag *diag);
/* The same from text in memory (`name` is the file name diagnostics give). */
gcn_status gcn_wordlist_parse(gcn_wordlist *w, const char *name, const char *text, size_t len,
                              gcn_diag *diag);
int gcn_wordlist_has(const gcn_wordlist *w, const char *word, size_t len);
/* Adds a word (folded to lower case); GCN_ERR_NOMEM is the only failure. */
gcn_status gcn_wordlist_add(gcn_wordlist *w, const char *word, size_t len);
void gcn_wordlist_free(gcn_wordlist *w);

#endif
