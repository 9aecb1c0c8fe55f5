/* Misspelled words in the prose (descriptions, notes, field and operand descriptions, prose after
 * an Operation label): a word is misspelled when it is in neither the word list nor the
 * documents' own vocabulary. The vocabulary is what the documents themselves establish:
 *   - every name their code, tables, mnemonics, fields, syntax lines and operands use, whole and
 *     split at '_' (NAND, CMPXCHG, laneid);
 *   - a word the prose of two or more encodings uses (dword, bitwise): pages written apart agree
 *     on it, where a typo stays in the page it was made in (with the copies of its sentence);
 *   - a word a page introduces in parentheses after what it names ("constant cache (kcache)",
 *     "8 bytes (2 dwords)"), and the singular or plural of each of these;
 *   - two listed words run together (writeback, quadword, bitwise; see compound()), and a
 *     listed word negated by "un" (unnormalized, untyped);
 *   - a camel-case identifier of the prose written in small letters (NewPrimMask, newprimmask).
 * Names with digits or '_', abbreviations in capitals and camel-case identifiers are not words
 * to spell. One rule reads capitals, by their context: a rare capitalized name one letter away
 * from a common one that the same neighbour goes with everywhere else ("LDS/DDS" where the
 * pages write "LDS/GDS" hundreds of times) is a typo of it; "64-bit RTC counter" is not, though
 * RTN is common, since nothing pairs "bit" with RTN. A name is rare by its uses in one document:
 * the versions of a page (the seeds' DS pages and the CLRX DS page) copy its sentences, typos
 * with them. All the places of one misspelled word are one finding. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "wordlist.h"

/* A misspelled capitalized name is rare (made once, or copied once, in any one document) and
 * the name it misspells common: these bound "rare" and "common". */
#define CAPS_TYPO_MAX_USES 2
#define CAPS_NAME_MIN_USES 10
/* ... and the neighbour goes with the common name at least this often. */
#define CAPS_CONTEXT_MIN_USES 10
/* The shortest second word (and first, unless the prose uses it alone) of two run together. */
#define COMPOUND_PART_MIN 4

/* Documents told apart by a capitalized name's uses (more fold onto these) */
#define SPELL_MAX_DOCS 64

typedef struct term {
    char *word; /* prose words folded to lower case; capitalized names as written */
    unsigned uses;
    unsigned encodings; /* bit per encoding whose prose uses it */
    uint16_t *doc_uses; /* capitalized names: uses by document (speller.docs), else NULL */
} term;

/* A small open-addressing map from a word to its term. */
typedef struct terms {
    term *v;
    size_t cap, n;
} terms;

typedef struct speller {
    const gcn_wordlist *words;
    gcn_wordlist vocab; /* names and introduced terms */
    terms prose;        /* prose words */
    terms caps;         /* capitalized names, in names and prose */
    terms pairs;        /* "previous next": two prose words in a row, as written */
    gcn_strs encodings;
    gcn_strs docs; /* the documents, by the file names of the facts' places */
    unsigned doc;  /* the index in docs of the fact being read */
    gcn_findings *out;
} speller;

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int grow(terms *t)
{
    size_t cap = t->cap ? t->cap * 2 : 512, i;
    term *v = calloc(cap, sizeof(*v));
    if (!v)
        return 0;
    for (i = 0; i < t->cap; i++)
        if (t->v[i].word) {
            size_t k = (size_t)(hash(t->v[i].word, strlen(t->v[i].word)) & (cap - 1));
            while (v[k].word)
                k = (k + 1) & (cap - 1);
            v[k] = t->v[i];
        }
    free(t->v);
    t->v = v;
    t->cap = cap;
    return 1;
}

/* The term for w (created when absent; NULL on OOM, or when absent and !create). */
static term *lookup(terms *t, const char *w, size_t n, int create)
{
    size_t k;
    if (create && (t->n + 1) * 2 > t->cap && !grow(t))
        return NULL;
    if (!t->cap)
        return NULL;
    k = (size_t)(hash(w, n) & (t->cap - 1));
    while (t->v[k].word) {
        if (strncmp(t->v[k].word, w, n) == 0 && t->v[k].word[n] == 0)
            return &t->v[k];
        k = (k + 1) & (t->cap - 1);
    }
    if (!create)
        return NULL;
    t->v[k].word = gcn_strndup(w, n);
    if (!t->v[k].word)
        return NULL;
    t->n++;
    return &t->v[k];
}

static void terms_free(terms *t)
{
    size_t i;
    for (i = 0; i < t->cap; i++) {
        free(t->v[i].word);
        free(t->v[i].doc_uses);
    }
    free(t->v);
}

/* Two or more capitals: an abbreviation or a name (VDST, SGPRs, GcnInstrsDs), not a word. */
static int is_caps(const char *w, size_t n)
{
    size_t i, upper = 0;
    for (i = 0; i < n; i++)
        upper += isupper((unsigned char)w[i]) != 0;
    return upper >= 2;
}

static int name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Capitals and small letters mixed after the first letter: a camel-case identifier
 * ("NewPrimMask"), not an abbreviation (VDST) or a plural of one (SGPRs). */
static int is_camel(const char *w, size_t n)
{
    size_t i, lower = 0, inner_upper = 0;
    for (i = 0; i < n; i++) {
        lower += islower((unsigned char)w[i]) != 0;
        inner_upper += i > 0 && isupper((unsigned char)w[i]) && islower((unsigned char)w[i - 1]);
    }
    return lower >= 2 && inner_upper >= 1 && isupper((unsigned char)w[n - 1]) == 0;
}

/* Counts a capitalized name's use; a camel-case identifier also goes into the vocabulary, so
 * that the prose may write it in small letters ("NewPrimMask", "the newprimmask"). */
static gcn_status count_caps(speller *sp, const char *w, size_t n)
{
    term *t;
    if (!is_caps(w, n))
        return GCN_OK;
    if (is_camel(w, n)) {
        gcn_status st = gcn_wordlist_add(&sp->vocab, w, n);
        if (st != GCN_OK)
            return st;
    }
    t = lookup(&sp->caps, w, n, 1);
    if (!t || (!t->doc_uses && !(t->doc_uses = calloc(SPELL_MAX_DOCS, sizeof(*t->doc_uses)))))
        return GCN_ERR_NOMEM;
    t->uses++;
    if (t->doc_uses[sp->doc] < UINT16_MAX)
        t->doc_uses[sp->doc]++;
    return GCN_OK;
}

/* The most uses of a capitalized name in one document. */
static unsigned doc_uses_max(const term *t)
{
    unsigned i, m = 0;
    for (i = 0; t->doc_uses && i < SPELL_MAX_DOCS; i++)
        m = t->doc_uses[i] > m ? t->doc_uses[i] : m;
    return m;
}

/* Makes x's document (its file) the one whose uses count; 0 on OOM. */
static int enter_doc(speller *sp, const gcn_fact *x)
{
    const char *file = x->file ? x->file : "";
    size_t i;
    for (i = 0; i < sp->docs.n; i++)
        if (strcmp(sp->docs.v[i], file) == 0) {
            sp->doc = (unsigned)(i % SPELL_MAX_DOCS);
            return 1;
        }
    if (!gcn_strs_push(&sp->docs, file))
        return 0;
    sp->doc = (unsigned)((sp->docs.n - 1) % SPELL_MAX_DOCS);
    return 1;
}

/* Every name in s into the vocabulary, whole and split at '_'. */
static gcn_status add_names(speller *sp, const char *s)
{
    const char *p = s;
    gcn_status st = GCN_OK;
    while (p && *p && st == GCN_OK) {
        size_t n = 0, i, start = 0;
        while (*p && !name_char(*p))
            p++;
        while (name_char(p[n]))
            n++;
        if (!n)
            break;
        st = gcn_wordlist_add(&sp->vocab, p, n);
        for (i = 0; i <= n && st == GCN_OK; i++)
            if (i == n || p[i] == '_') {
                if (i > start && i - start < n)
                    st = gcn_wordlist_add(&sp->vocab, p + start, i - start);
                if (st == GCN_OK && i > start)
                    st = count_caps(sp, p + start, i - start);
                start = i + 1;
            }
        p += n;
    }
    return st;
}

static gcn_status add_cells(speller *sp, const gcn_strs *cells)
{
    size_t i;
    gcn_status st = GCN_OK;
    for (i = 0; i < cells->n && st == GCN_OK; i++)
        st = add_names(sp, cells->v[i]);
    return st;
}

/* The names a fact defines or uses outside prose. */
static gcn_status fact_names(speller *sp, const gcn_fact *x)
{
    gcn_status st = GCN_OK;
    size_t i;
    switch (x->kind) {
    case GCN_FACT_OPERATION:
    case GCN_FACT_VISA_SEMANTICS:
        st = add_names(sp, x->code);
        break;
    case GCN_FACT_SECTION:
    case GCN_FACT_FIELD:
        st = add_names(sp, x->name);
        break;
    case GCN_FACT_SYNTAX_LINE:
    case GCN_FACT_SYNTAX_TEMPLATE:
    case GCN_FACT_VISA_SYNTAX:
    case GCN_FACT_VISA_FORMAT:
        st = add_names(sp, x->text);
        break;
    case GCN_FACT_OPCODE_ROW:
    case GCN_FACT_AMBIGUOUS_ROW:
    case GCN_FACT_TABLE:
    case GCN_FACT_OPCODE_TABLE:
    case GCN_FACT_TABLE_ROW:
        st = add_cells(sp, &x->cells);
        for (i = 0; i < x->nclaims && st == GCN_OK; i++)
            st = add_names(sp, x->claims[i].mnemonic);
        break;
    case GCN_FACT_VISA_OP:
        st = add_names(sp, x->name);
        if (st == GCN_OK)
            st = add_cells(sp, &x->cells);
        break;
    case GCN_FACT_VISA_OPERAND:
    case GCN_FACT_VISA_VALUE:
        st = add_names(sp, x->name);
        if (st == GCN_OK)
            st = add_names(sp, x->value);
        if (st == GCN_OK && x->kind == GCN_FACT_VISA_VALUE && x->description &&
            !strchr(x->description, ' '))
            st = add_names(sp, x->description); /* "0b00111:  cmpxchg", "0b1000:  M1_NM" */
        break;
    default:
        break;
    }
    return st;
}

/* The fact's prose, or NULL. */
static const char *prose_of(const gcn_fact *x)
{
    switch (x->kind) {
    case GCN_FACT_DESCRIPTION:
    case GCN_FACT_FIELD:
    case GCN_FACT_VISA_OPERAND:
    case GCN_FACT_VISA_PROPERTY:
        return x->description;
    case GCN_FACT_VISA_VALUE:
        return x->description && strchr(x->description, ' ') ? x->description : NULL;
    case GCN_FACT_NOTE:
        return x->text;
    case GCN_FACT_OPERATION:
        return x->code ? NULL : x->remark;
    default:
        return NULL;
    }
}

/* A word goes on across an apostrophe between letters ("doesn't", "value's"). */
static size_t word_len(const char *p)
{
    size_t n = 0;
    for (;;) {
        while (name_char(p[n]))
            n++;
        if (p[n] == '\'' && n && isalpha((unsigned char)p[n - 1]) &&
            isalpha((unsigned char)p[n + 1]))
            n++;
        else
            return n;
    }
}

/* The word stands in parentheses alone or after a number, right after what it names: "constant
 * cache (kcache)", "8 bytes (2 dwords)". */
static int introduced(const char *s, const char *p, size_t n)
{
    const char *b = p;
    if (p[n] != ')')
        return 0;
    while (b > s && b[-1] == ' ')
        b--;
    while (b > s && isdigit((unsigned char)b[-1]))
        b--;
    while (b > s && b[-1] == ' ')
        b--;
    return b > s && b[-1] == '(';
}

/* One word of prose and its neighbours (NULL/0 at the ends). */
typedef struct word_at {
    const char *w, *prev, *next;
    size_t n, nprev, nnext;
    int introduced; /* it stands alone in parentheses: "(kcache)" */
} word_at;

typedef gcn_status (*word_fn)(speller *, const gcn_fact *, const word_at *);

/* Calls fn for each word of prose: runs of letters (digits or '_' make a name an identifier,
 * which is not spelled, but is still a neighbour). */
static gcn_status each_word(speller *sp, const gcn_fact *x, const char *s, word_fn fn)
{
    const char *p = s, *prev = NULL;
    size_t nprev = 0;
    gcn_status st = GCN_OK;
    while (*p && st == GCN_OK) {
        word_at at;
        const char *q;
        size_t n, i;
        int identifier = 0;
        while (*p && !name_char(*p))
            p++;
        n = word_len(p);
        if (!n)
            break;
        for (i = 0; i < n; i++)
            if (!isalpha((unsigned char)p[i]) && p[i] != '\'')
                identifier = 1;
        q = p + n;
        while (*q && !name_char(*q))
            q++;
        at.w = p;
        at.n = n;
        at.prev = prev;
        at.nprev = nprev;
        at.next = *q ? q : NULL;
        at.nnext = *q ? word_len(q) : 0;
        at.introduced = introduced(s, p, n);
        if (!identifier)
            st = fn(sp, x, &at);
        prev = p;
        nprev = n;
        p += n;
    }
    return st;
}

static unsigned encoding_bit(speller *sp, const char *enc)
{
    size_t i;
    for (i = 0; i < sp->encodings.n; i++)
        if (strcmp(sp->encodings.v[i], enc) == 0)
            return 1u << (i % 32);
    gcn_strs_push(&sp->encodings, enc);
    return 1u << ((sp->encodings.n - 1) % 32);
}

static gcn_status count_word(speller *sp, const gcn_fact *x, const word_at *at)
{
    char low[64], pair[130];
    size_t i, n = at->n;
    term *t;
    gcn_status st = count_caps(sp, at->w, n);
    if (st != GCN_OK || n >= sizeof(low))
        return st;
    for (i = 0; i < n; i++)
        low[i] = (char)tolower((unsigned char)at->w[i]);
    if (at->introduced && (st = gcn_wordlist_add(&sp->vocab, low, n)) != GCN_OK)
        return st;
    t = lookup(&sp->prose, low, n, 1);
    if (!t)
        return GCN_ERR_NOMEM;
    t->uses++;
    t->encodings |= encoding_bit(sp, x->encoding ? x->encoding : "");
    if (at->prev && at->nprev < 64) {
        int k = snprintf(pair, sizeof(pair), "%.*s %.*s", (int)at->nprev, at->prev, (int)n, at->w);
        if (k > 0 && (size_t)k < sizeof(pair)) {
            t = lookup(&sp->pairs, pair, (size_t)k, 1);
            if (!t)
                return GCN_ERR_NOMEM;
            t->uses++;
        }
    }
    return GCN_OK;
}

/* How often the prose writes a then b. */
static unsigned pair_uses(speller *sp, const char *a, size_t na, const char *b, size_t nb)
{
    char pair[130];
    int k;
    const term *t;
    if (!a || !b || na >= 64 || nb >= 64)
        return 0;
    k = snprintf(pair, sizeof(pair), "%.*s %.*s", (int)na, a, (int)nb, b);
    if (k <= 0 || (size_t)k >= sizeof(pair))
        return 0;
    t = lookup(&sp->pairs, pair, (size_t)k, 0);
    return t ? t->uses : 0;
}

static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t prev[64], cur[64], i, j;
    if (la >= 63 || lb >= 63)
        return 99;
    for (j = 0; j <= lb; j++)
        prev[j] = j;
    for (i = 1; i <= la; i++) {
        cur[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] +
                         (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, (lb + 1) * sizeof(size_t));
    }
    return prev[lb];
}

/* Two words of the list run together (writeback, quadword, bitwise): the second at least
 * COMPOUND_PART_MIN letters, the first too or a word the prose uses on its own ("bit", as in
 * "64-bit"). "cal" + "cutes" is no compound: "cal" is no word of these documents. */
static int compound(speller *sp, const char *w, size_t n)
{
    size_t k;
    for (k = 3; k + COMPOUND_PART_MIN <= n; k++)
        if (gcn_wordlist_has(sp->words, w, k) && gcn_wordlist_has(sp->words, w + k, n - k) &&
            (k >= COMPOUND_PART_MIN || lookup(&sp->prose, w, k, 0)))
            return 1;
    return 0;
}

/* The common capitalized name one letter away from the word that its neighbour goes with
 * everywhere else, or NULL. The word list is not asked: an abbreviation it happens to hold (DDS)
 * is still a typo where the context says so. */
static const char *caps_typo_of(speller *sp, const word_at *at)
{
    const term *t = lookup(&sp->caps, at->w, at->n, 0);
    size_t i;
    const char *best = NULL;
    unsigned best_uses = 0;
    for (i = 0; i < at->n; i++)
        if (!isupper((unsigned char)at->w[i]))
            return NULL;
    if (!t || doc_uses_max(t) > CAPS_TYPO_MAX_USES || gcn_wordlist_has(&sp->vocab, at->w, at->n))
        return NULL;
    for (i = 0; i < sp->caps.cap; i++) {
        const term *c = &sp->caps.v[i];
        size_t n;
        unsigned context;
        if (!c->word || c->uses < CAPS_NAME_MIN_USES)
            continue;
        n = strlen(c->word);
        if (edit_distance(c->word, n, at->w, at->n) != 1)
            continue;
        context = pair_uses(sp, at->prev, at->nprev, c->word, n);
        if (pair_uses(sp, c->word, n, at->next, at->nnext) > context)
            context = pair_uses(sp, c->word, n, at->next, at->nnext);
        if (context < CAPS_CONTEXT_MIN_USES)
            continue;
        if (context > best_uses || (context == best_uses && strcmp(c->word, best) < 0)) {
            best = c->word;
            best_uses = context;
        }
    }
    return best;
}

/* The prose word the documents use most that is one or two edits from w (a suggestion). */
static const char *suggestion(speller *sp, const char *w, size_t n)
{
    size_t i, best_d = 3;
    const char *best = NULL;
    unsigned best_uses = 0;
    for (i = 0; i < sp->prose.cap; i++) {
        const term *c = &sp->prose.v[i];
        size_t d;
        if (!c->word || !gcn_wordlist_has(sp->words, c->word, strlen(c->word)))
            continue;
        d = edit_distance(c->word, strlen(c->word), w, n);
        if (d > 2 || d == 0)
            continue;
        if (d < best_d || (d == best_d && (c->uses > best_uses ||
                                           (c->uses == best_uses && strcmp(c->word, best) < 0)))) {
            best = c->word;
            best_d = d;
            best_uses = c->uses;
        }
    }
    return best;
}

/* The negative of a word of the list by English's prefix "un-" ("unnormalized", "untyped"):
 * the stem at least COMPOUND_PART_MIN letters. "unssigned" stays a word to spell. */
static int negated(speller *sp, const char *w, size_t n)
{
    return n >= 2 + COMPOUND_PART_MIN && w[0] == 'u' && w[1] == 'n' &&
           gcn_wordlist_has(sp->words, w + 2, n - 2);
}

/* The vocabulary holds the word, or its singular or plural ("dwords", "dword"). */
static int in_vocab(speller *sp, const char *w, size_t n)
{
    char plural[64];
    if (gcn_wordlist_has(&sp->vocab, w, n))
        return 1;
    if (n > 3 && w[n - 1] == 's' && gcn_wordlist_has(&sp->vocab, w, n - 1))
        return 1;
    if (n + 1 < sizeof(plural)) {
        memcpy(plural, w, n);
        plural[n] = 's';
        return gcn_wordlist_has(&sp->vocab, plural, n + 1);
    }
    return 0;
}

static gcn_status check_word(speller *sp, const gcn_fact *x, const word_at *at)
{
    char word[64], group[128], hint[96] = "", msg[320];
    const char *near = NULL, *w = at->w;
    size_t i, n = at->n;
    gcn_strs ids = {0};
    gcn_finding *f;
    const term *t;
    if (n < 3 || n >= sizeof(word))
        return GCN_OK;
    for (i = 0; i < n; i++)
        word[i] = (char)tolower((unsigned char)w[i]);
    word[n] = 0;
    if (is_caps(w, n)) {
        near = caps_typo_of(sp, at);
        if (!near)
            return GCN_OK;
        int before = pair_uses(sp, at->prev, at->nprev, near, strlen(near)) != 0;
        snprintf(word, sizeof(word), "%.*s", (int)n, w);
        snprintf(msg, sizeof(msg),
                 "'%.*s' is misspelled: the documents write %s next to '%.*s' everywhere else, "
                 "and '%.*s' only here",
                 (int)n, w, near, (int)(before ? at->nprev : at->nnext),
                 before ? at->prev : at->next, (int)n, w);
    } else {
        t = lookup(&sp->prose, word, n, 0);
        if (gcn_wordlist_has(sp->words, word, n) || in_vocab(sp, word, n) ||
            (t && (t->encodings & (t->encodings - 1))) || compound(sp, word, n) ||
            negated(sp, word, n))
            return GCN_OK;
        near = suggestion(sp, word, n);
        if (near)
            snprintf(hint, sizeof(hint), " (did they mean '%s'?)", near);
        snprintf(msg, sizeof(msg),
                 "'%.*s' is misspelled: it is no word of the word list and no term the documents "
                 "use elsewhere%s",
                 (int)n, w, hint);
    }
    snprintf(group, sizeof(group), "spell|%s", word);
    gcn_strs_push(&ids, x->id);
    f = gcn_findings_add_grouped(sp->out, GCN_FC_SPELLING, x->encoding, word, group, &ids, "%s",
                                 msg);
    gcn_strs_free(&ids);
    return f ? GCN_OK : GCN_ERR_NOMEM;
}

gcn_status gcn_detect_spelling(const gcn_facts *f, const gcn_wordlist *words, gcn_findings *out)
{
    speller sp;
    size_t i;
    gcn_status st = GCN_OK;
    if (!words)
        return GCN_OK;
    memset(&sp, 0, sizeof(sp));
    sp.words = words;
    sp.out = out;
    /* the vocabulary first, then the prose's own counts, then the check */
    for (i = 0; i < f->n && st == GCN_OK; i++)
        st = enter_doc(&sp, &f->v[i]) ? fact_names(&sp, &f->v[i]) : GCN_ERR_NOMEM;
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const char *p = prose_of(&f->v[i]);
        if (!enter_doc(&sp, &f->v[i]))
            st = GCN_ERR_NOMEM;
        else if (p)
            st = each_word(&sp, &f->v[i], p, count_word);
    }
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const char *p = prose_of(&f->v[i]);
        if (p)
            st = each_word(&sp, &f->v[i], p, check_word);
    }
    gcn_wordlist_free(&sp.vocab);
    terms_free(&sp.prose);
    terms_free(&sp.caps);
    terms_free(&sp.pairs);
    gcn_strs_free(&sp.encodings);
    gcn_strs_free(&sp.docs);
    return st;
}
