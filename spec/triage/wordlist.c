#include "wordlist.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"

static uint64_t hash_lower(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= (unsigned char)tolower((unsigned char)s[i]);
        h *= 1099511628211ull;
    }
    return h;
}

static int same_lower(const char *word, const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (word[i] != (char)tolower((unsigned char)s[i]))
            return 0;
    return word[len] == 0;
}

static int grow(gcn_wordlist *w)
{
    size_t cap = w->cap ? w->cap * 2 : 1024, i;
    char **slots = calloc(cap, sizeof(*slots));
    if (!slots)
        return 0;
    for (i = 0; i < w->cap; i++)
        if (w->slots[i]) {
            size_t k = (size_t)(hash_lower(w->slots[i], strlen(w->slots[i])) & (cap - 1));
            while (slots[k])
                k = (k + 1) & (cap - 1);
            slots[k] = w->slots[i];
        }
    free(w->slots);
    w->slots = slots;
    w->cap = cap;
    return 1;
}

/* Puts word (already lower-case, NUL-terminated, owned by the list or its text) in a slot; 0
 * when an equal word is there. */
static int insert(gcn_wordlist *w, char *word, size_t len)
{
    size_t k = (size_t)(hash_lower(word, len) & (w->cap - 1));
    while (w->slots[k]) {
        if (same_lower(w->slots[k], word, len))
            return 0; /* "Shade" and "shade" are one entry */
        k = (k + 1) & (w->cap - 1);
    }
    w->slots[k] = word;
    w->n++;
    return 1;
}

static int in_text(const gcn_wordlist *w, const char *p)
{
    return w->text && p >= w->text && p < w->text + w->len;
}

gcn_status gcn_wordlist_add(gcn_wordlist *w, const char *s, size_t len)
{
    size_t i;
    char *copy;
    if ((w->n + 1) * 2 > w->cap && !grow(w))
        return GCN_ERR_NOMEM;
    if (gcn_wordlist_has(w, s, len))
        return GCN_OK;
    copy = malloc(len + 1);
    if (!copy)
        return GCN_ERR_NOMEM;
    for (i = 0; i < len; i++)
        copy[i] = (char)tolower((unsigned char)s[i]);
    copy[len] = 0;
    insert(w, copy, len);
    return GCN_OK;
}

int gcn_wordlist_has(const gcn_wordlist *w, const char *word, size_t len)
{
    size_t k;
    if (!w->cap)
        return 0;
    k = (size_t)(hash_lower(word, len) & (w->cap - 1));
    while (w->slots[k]) {
        if (same_lower(w->slots[k], word, len))
            return 1;
        k = (k + 1) & (w->cap - 1);
    }
    return 0;
}

gcn_status gcn_wordlist_parse(gcn_wordlist *w, const char *name, const char *text, size_t len,
                              gcn_diag *diag)
{
    size_t at = 0;
    unsigned line = 1;
    memset(w, 0, sizeof(*w));
    /* one copy of the list holds every word (each line ends in a NUL) */
    w->text = malloc(len + 1);
    if (!w->text) {
        gcn_diag_set(diag, name, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    memcpy(w->text, text, len);
    w->text[len] = 0;
    w->len = len + 1;
    while (at < len) {
        size_t end = at, n, i;
        char *word = w->text + at;
        while (end < len && text[end] != '\n')
            end++;
        n = end - at;
        if (n && text[at + n - 1] == '\r')
            n--;
        for (i = 0; i < n; i++) {
            if ((unsigned char)word[i] < 0x20 || word[i] == 0x7f) {
                gcn_diag_set(diag, name, line, (unsigned)i + 1,
                             "a word list holds one word a line; this line has a control "
                             "character (0x%02x)",
                             (unsigned char)word[i]);
                gcn_wordlist_free(w);
                return GCN_ERR_SYNTAX;
            }
            word[i] = (char)tolower((unsigned char)word[i]);
        }
        word[n] = 0;
        if (n) {
            if ((w->n + 1) * 2 > w->cap && !grow(w)) {
                gcn_diag_set(diag, name, line, 1, "out of memory");
                gcn_wordlist_free(w);
                return GCN_ERR_NOMEM;
            }
            insert(w, word, n);
        }
        at = end + 1;
        line++;
    }
    if (!w->n) {
        gcn_diag_set(diag, name, 1, 1, "the word list is empty");
        gcn_wordlist_free(w);
        return GCN_ERR_SYNTAX;
    }
    return GCN_OK;
}

gcn_status gcn_wordlist_load(gcn_wordlist *w, const char *path, gcn_diag *diag)
{
    char *text = NULL;
    size_t len = 0;
    gcn_status st;
    memset(w, 0, sizeof(*w));
    if ((st = gcn_read_file(path, &text, &len, diag)) != GCN_OK)
        return st;
    st = gcn_wordlist_parse(w, path, text, len, diag);
    free(text);
    return st;
}

void gcn_wordlist_free(gcn_wordlist *w)
{
    size_t i;
    for (i = 0; i < w->cap; i++)
        if (!in_text(w, w->slots[i]))
            free(w->slots[i]);
    free(w->slots);
    free(w->text);
    memset(w, 0, sizeof(*w));
}
