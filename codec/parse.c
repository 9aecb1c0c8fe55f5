/* LLVM's assembler syntax (and the documents' upper-case spelling) -> fields. One line, one
 * instruction, read as llvm-mc reads it (its AMDGPUOperandSyntax, AMDGPUModifierSyntax and
 * AMDGPUInstructionSyntax pages, and llvm-mc 14 and 19 themselves):
 *   line      mnemonic, then operands and modifiers, each followed by an optional ','; blanks
 *             between any two tokens; a comment from ';' or '//' to the end
 *   registers vN sN ttmpN (decimal, leading zeros allowed), v[e] v[e:e] (absolute expressions,
 *             blanks inside), [r, r+1, ...] lists of consecutive registers, named registers
 *             (vcc, [vcc], [vcc_lo,vcc_hi], m0, ...) and their aliases from the spec
 *   values    absolute expressions and floats (codec/expr.c), converted to the operand as LLVM
 *             does: 32-bit operands take what truncates to 32 bits without loss; 64-bit ones
 *             an inline constant or a 32-bit literal; floats are rounded to the operand's type,
 *             overflow and (inexact) underflow refused
 *   modifiers name, or name ':' value, after the operands; an operand the spec marks as one
 *             llvm-mc lets you omit takes its default text
 * gcnspec also takes every token in upper case and the modifiers in any order (the documents'
 * spelling), where llvm-mc takes lower-case registers and modifiers in a fixed order; those
 * disagreements are classified in spec/peers/llvm-mc-syntax-known.json. Errors name the 1-based
 * column of the offending text. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <math.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "codec_internal.h"

#define LINE_MAX_CHARS 512

/* the errors two readings of one line are weighed by (parse_row, parse) */
typedef enum perr_kind {
    PERR_OTHER,
    PERR_UNEXPECTED, /* a token where none belongs: past the operands, inside a modifier */
    PERR_NEEDS_FLAG, /* an operand written without the flag it is written with */
    PERR_FLAG_FIRST  /* with the flag, the operand the flag writes is missing */
} perr_kind;

typedef struct pctx {
    const gcn_tables *t;
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    gcn_inst *in;
    gcn_diag *diag;
    const char *s; /* the lower-cased line, its comment cut */
    char *line;    /* the same, writable: a source modifier's closer is cut for its operand */
    size_t pos;
    int has_literal;
    uint32_t literal;
    /* operands written with a flag ("when"): with_when, read them (else leave them out);
     * has_when, the row has one */
    int with_when, has_when;
    /* operands whose width the flags decide (a buffer address, a VDATA tfe widens): the
     * registers written (0: 'off') and where, checked once the modifiers are read */
    long written[GCN_MAX_OPERANDS];
    size_t written_at[GCN_MAX_OPERANDS], written_end[GCN_MAX_OPERANDS];
    /* a buffer format's parts given (bit 0 the data format, 1 the number format, 2 format:) */
    unsigned fmt_seen;
    /* which of the rows spelling the mnemonic on the generation to read by (1: the second, a
     * bare mnemonic's VOP3 form); alt_rows, how many spell it there */
    unsigned alt, alt_rows;
    /* what kind of error the last err() reported: the readings' tie-breaks go by it */
    perr_kind kind;
} pctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static gcn_status
err(pctx *p, size_t col0, const char *fmt, ...)
{
    p->kind = PERR_OTHER;
    if (p->diag) {
        va_list ap;
        va_start(ap, fmt);
        p->diag->col = (unsigned)col0 + 1;
        vsnprintf(p->diag->msg, sizeof(p->diag->msg), fmt, ap);
        va_end(ap);
    }
    return GCN_ERR_SYNTAX;
}

/* err()'s status, the error it reported marked as of KIND */
static gcn_status err_is(pctx *p, perr_kind kind, gcn_status st)
{
    p->kind = kind;
    return st;
}

/* An ASCII digit (isdigit asks the locale, through a call) */
static int is_digit(char c)
{
    return (unsigned char)(c - '0') < 10;
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || c == '_';
}

/* A token, quoted in a message (at most 40 characters of it). */
#define TOK(tok, n) (int)((n) < 40 ? (n) : 40), (tok)

/* The instruction's one literal dword takes v, for the operand at [at, end): a second operand
 * may read the same dword (the same value), never another (llvm-mc: "only one unique literal
 * operand is allowed"). */
static gcn_status take_literal(pctx *p, size_t at, size_t end, uint32_t v)
{
    if (p->has_literal && p->literal != v)
        return err(p, at,
                   "'%.*s' needs a literal (0x%x), and the instruction's one literal already "
                   "holds 0x%x: only one literal value per instruction (write an inline constant "
                   "or a register)",
                   TOK(p->s + at, end - at), v, p->literal);
    p->has_literal = 1;
    p->literal = v;
    return GCN_OK;
}

/* n bytes of s into d, A-Z lower-cased; eight at a time: a byte is upper case when adding
 * 0x80 - 'A' sets its top bit and adding 0x80 - 'Z' - 1 does not (on its low seven bits, so no
 * carry crosses bytes), and not a byte with its own top bit set. Returns 1 when a byte is '\''
 * (a character literal: one pass, where a memchr after it was a twenty-fifth of the parse). */
static int lower_copy(char *d, const char *s, size_t n)
{
#if defined(__SSE2__)
    /* sixteen at a time where SSE2 is (every x86-64): a byte is upper case when it is above
     * 'A' - 1 and below 'Z' + 1 as a signed byte (a byte with its top bit set is negative: no
     * letter); the last sixteen end at n, some of them again (the same values) */
    if (n >= 16) {
        const __m128i below = _mm_set1_epi8('A' - 1), above = _mm_set1_epi8('Z' + 1),
                      bit = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('\'');
        __m128i quotes = _mm_setzero_si128(), x;
        size_t i = 0;
        for (;; i += 16) {
            if (i + 16 > n)
                i = n - 16;
            x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            quotes = _mm_or_si128(quotes, _mm_cmpeq_epi8(x, quote));
            x = _mm_or_si128(
                x, _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi8(x, below), _mm_cmplt_epi8(x, above)),
                                 bit));
            _mm_storeu_si128((__m128i *)(void *)(d + i), x);
            if (i + 16 == n)
                break;
        }
        return _mm_movemask_epi8(quotes) != 0;
    }
#endif
    const uint64_t ones = 0x0101010101010101ull, top = 0x8080808080808080ull;
    uint64_t quotes = 0; /* a byte '\'' seen: its top bit (a char literal, char_literals) */
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, low, upper, q;
        memcpy(&x, s + i, 8);
        low = x & ~top;
        upper = ((low + (0x80u - 'A') * ones) ^ (low + (0x80u - 'Z' - 1) * ones)) & ~x & top;
        q = x ^ ('\'' * ones);
        quotes |= (q - ones) & ~q & top;
        x |= upper >> 2; /* 0x80 >> 2 = 0x20: 'A' -> 'a' */
        memcpy(d + i, &x, 8);
    }
    if (n >= 8 && i < n) {
        /* the last bytes: the eight that end at n, some of them again (the same values) */
        uint64_t x, low, upper, q;
        memcpy(&x, s + n - 8, 8);
        low = x & ~top;
        upper = ((low + (0x80u - 'A') * ones) ^ (low + (0x80u - 'Z' - 1) * ones)) & ~x & top;
        q = x ^ ('\'' * ones);
        quotes |= (q - ones) & ~q & top;
        x |= upper >> 2;
        memcpy(d + n - 8, &x, 8);
        return quotes != 0;
    }
    for (; i < n; i++) {
        d[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + ('a' - 'A')) : s[i];
        quotes |= s[i] == '\'';
    }
    return quotes != 0;
}

/* The end of the run of [a-z0-9_] (a mnemonic's or a name's characters) at s[i]; eight bytes
 * at a time (s is readable up to the 8 bytes after the NUL that ends it: gcn_parse's
 * LINE_PAD). Per byte, on its low seven bits (no carry crosses bytes): adding 0x80 - lo sets
 * the top bit when it is >= lo, adding 0x80 - hi - 1 when it is > hi; a byte with its own top
 * bit set is no word character. */
static inline size_t word_end(const char *s, size_t i)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = 0x0101010101010101ull, top = 0x8080808080808080ull;
#define WORD_IN(lo, hi) ((low + (0x80u - (lo)) * ones) ^ (low + (0x80u - (hi)-1) * ones))
    for (;; i += 8) {
        uint64_t x, low, word;
        memcpy(&x, s + i, 8);
        low = x & ~top;
        word = (WORD_IN('a', 'z') | WORD_IN('0', '9') | WORD_IN('_', '_')) & ~x & top;
        if (word != top)
            return i + (size_t)__builtin_ctzll(~word & top) / 8;
    }
#undef WORD_IN
#else
    while ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_')
        i++;
    return i;
#endif
}

/* The position after the blanks at s[i] */
static inline size_t skip_blanks(const char *s, size_t i)
{
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    return i;
}

/* The n bytes of a token of the line and of a name of the tables' string pool are the same:
 * compared eight bytes at a time (both are readable past their end: the pool pads each string
 * with GCN_POOL_PAD bytes, gcn_parse its line with LINE_PAD). */
#define LINE_PAD 8
static inline int same_name(const char *tok, const char *name, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t i;
    uint64_t x, y;
    for (i = 0; i + 8 <= n; i += 8) {
        memcpy(&x, tok + i, 8);
        memcpy(&y, name + i, 8);
        if (x != y)
            return 0;
    }
    if (i == n)
        return 1;
    memcpy(&x, tok + i, 8);
    memcpy(&y, name + i, 8);
    return ((x ^ y) & (~0ull >> (8 * (8 - (n - i))))) == 0;
#else
    return memcmp(tok, name, n) == 0;
#endif
}

/* Does the text at s start with the literal lit? Compared as a block (memcmp of a constant
 * length, which compilers inline; strncmp is a call): s is the line or a pool string, both
 * readable LINE_PAD bytes past their end. */
#define starts(s, lit) (memcmp((s), (lit), sizeof(lit) - 1) == 0)

/* gcn_name_hash of n bytes of the line or the pool (readable 8 bytes past their end: LINE_PAD,
 * GCN_POOL_PAD), with two 8-byte loads where gcn_name_hash assembles the bytes one by one: the
 * same value. */
static uint32_t line_name_hash(const char *s, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t a, b;
    memcpy(&a, s, 8);
    if (n < 8) {
        a &= n ? ~0ull >> (8 * (8 - n)) : 0;
        b = a;
    } else
        memcpy(&b, s + n - 8, 8);
    return gcn_name_hash_mix(a, b, n);
#else
    return gcn_name_hash(s, n);
#endif
}

static int same(const char *a, const char *b, size_t n)
{
    return b && strlen(b) == n && memcmp(a, b, n) == 0;
}

/* The codes a scalar operand spelling names on the generation (a probe of the hash of its
 * spellings): the first row's, returned, and the 32-bit and the 64-bit spelling's (*c32, *c64);
 * -1 when none. */
static int spelled_rows(const gcn_tables *t, unsigned gen, const char *tok, size_t n, int *c32,
                        int *c64)
{
    const uint16_t *slots = t->name_hash + gen * (t->name_hash_mask + 1u);
    uint32_t h = line_name_hash(tok, n) & t->name_hash_mask;
    size_t k;
    *c32 = *c64 = -1;
    for (; slots[h] != GCN_HASH_EMPTY; h = (h + 1) & t->name_hash_mask) {
        const gcn_scalar_name_row *x = &t->scalar_names[slots[h]];
        if (x->len != n || !same_name(tok, x->name, n))
            continue;
        /* the rows of one spelling are adjacent: the 32-bit one first */
        for (k = slots[h]; k < t->scalar_name_first[gen + 1]; k++) {
            const gcn_scalar_name_row *r = &t->scalar_names[k];
            if (r->len != n || !same_name(tok, r->name, n))
                break;
            if (r->wide && *c64 < 0)
                *c64 = r->code;
            if (!r->wide && *c32 < 0)
                *c32 = r->code;
        }
        return x->code;
    }
    return -1;
}

/* The code a scalar operand spelling names on the generation: wide selects the 64-bit
 * spelling, -1 either. -1 when none. */
static int spelled(const gcn_tables *t, unsigned gen, const char *tok, size_t n, int wide)
{
    int c32, c64, first = spelled_rows(t, gen, tok, n, &c32, &c64);
    return wide < 0 ? first : wide ? c64 : c32;
}

/* Does row r spell the mnemonic m (n bytes, lower case, readable past its end)? */
static int spells(const gcn_insn_row *r, const char *m, size_t n)
{
    return (r->mnemonic_len == n || (size_t)(r->mnemonic_len - r->suffix_len) == n) &&
           same_name(m, r->mnemonic, n);
}

/* The rows that spell a mnemonic are adjacent in by_mnemonic; the hash table gives the position
 * of the first. Returns that position, or ninsns when no row spells it. */
static size_t first_spelling(const gcn_tables *t, const char *m, size_t n)
{
    uint32_t h = line_name_hash(m, n) & t->mnemonic_hash_mask;
    for (; t->mnemonic_hash[h].first != GCN_HASH_EMPTY; h = (h + 1) & t->mnemonic_hash_mask)
        if (t->mnemonic_hash[h].len == n && same_name(m, t->mnemonic_hash[h].name, n))
            return t->mnemonic_hash[h].first;
    return t->ninsns;
}

/* The instruction row for a mnemonic on a generation (the one of its rows the generation
 * has); NULL when none, with *elsewhere set when the mnemonic exists on another generation. */
static const gcn_insn_row *find_insn(const gcn_tables *t, const char *m, size_t n, int gen,
                                     unsigned alt, unsigned *rows, uint16_t *index, int *elsewhere)
{
    size_t k = first_spelling(t, m, n), first = k;
    const gcn_insn_row *found = NULL;
    *elsewhere = k < t->ninsns;
    *rows = 0;
    for (; k < t->ninsns; k++) {
        const gcn_insn_row *r = &t->insns[t->by_mnemonic[k]];
        if (k != first && !spells(r, m, n)) /* the first spells it */
            break;
        if (r->opcode[gen] != GCN_NO_INSN) {
            /* a bare mnemonic spells the 32-bit form and the VOP3 form (v_add_f32): the one
             * alt asks for, and how many there are */
            if (*rows == alt) {
                *index = t->by_mnemonic[k];
                found = r;
            }
            if (++*rows > alt && r->mnemonic_len == n)
                break; /* the suffixed spelling is one row's alone */
        }
    }
    return found;
}

/* ---- registers ------------------------------------------------------------------------------ */

enum { RC_V, RC_S, RC_TTMP, RC_NAMED };

/* A register operand as written: its class, the first register (RC_NAMED: the first scalar
 * code) and how many (RC_NAMED: 0 for a name that spells both widths, src_scc); at..end is its
 * text. */
typedef struct regref {
    int cls;
    long first, count;
    size_t at, end;
} regref;

/* The end of an operand's text, for quoting it in a message: up to a ',' or a blank outside
 * brackets and parentheses. */
static size_t quote_end(const char *s, size_t from)
{
    size_t i = from;
    int depth = 0;
    for (; s[i]; i++) {
        char c = s[i];
        if (c == '[' || c == '(')
            depth++;
        else if ((c == ']' || c == ')') && depth)
            depth--;
        else if (!depth && (c == ',' || c == ' ' || c == '\t'))
            break;
    }
    return i > from ? i : from + (s[from] != 0);
}

static int reg_at_slow(pctx *p, size_t at, regref *r, gcn_status *st, int in_list);

/* s[e] v[e] ttmp[e], s[e:e] ...: the bracket at s[k], indices of any form (reg_index takes the
 * common one first) */
static CODEC_NOINLINE int reg_index_slow(pctx *p, int cls, size_t k, regref *r, gcn_status *st)
{
    const char *s = p->s;
    codec_value_err e;
    int64_t a, z;
    k++;
    if (!gcn_codec_expr(s, &k, &a, &e)) {
        *st = err(p, e.at, "bad register index: %s", e.msg);
        return -1;
    }
    k = skip_blanks(s, k);
    z = a;
    if (s[k] == ':') {
        k++;
        if (!gcn_codec_expr(s, &k, &z, &e)) {
            *st = err(p, e.at, "bad register index: %s", e.msg);
            return -1;
        }
        k = skip_blanks(s, k);
    }
    if (s[k] != ']') {
        *st = err(p, k, "expected ']' after the register index");
        return -1;
    }
    if (a < 0 || z < 0) {
        *st = err(p, r->at, "'%.*s': a register index is not negative",
                  TOK(s + r->at, k + 1 - r->at));
        return -1;
    }
    if (a > 0xffff || z > 0xffff) {
        *st = err(p, r->at, "'%.*s' is out of range", TOK(s + r->at, k + 1 - r->at));
        return -1;
    }
    if (z < a) {
        *st = err(p, r->at, "'%.*s': the first register index exceeds the second",
                  TOK(s + r->at, k + 1 - r->at));
        return -1;
    }
    r->cls = cls;
    r->first = (long)a;
    r->count = (long)(z - a + 1);
    r->end = k + 1;
    return 1;
}

/* The bracket at s[k]: the common [a:b] in decimal without a leading 0 here, the rest by
 * reg_index_slow (the fast path saves no registers) */
static inline int reg_index(pctx *p, int cls, size_t k, regref *r, gcn_status *st)
{
    const char *s = p->s;
    long a, z;
    size_t j, b = k;
    k++;
    if (s[k] >= '1' && s[k] <= '9') {
        a = s[k] - '0';
        for (j = k + 1; is_digit(s[j]) && j - k < 6; j++)
            a = a * 10 + (s[j] - '0');
        if (s[j] == ':' && s[j + 1] >= '0' && s[j + 1] <= '9' &&
            (s[j + 1] != '0' || s[j + 2] == ']')) {
            size_t i = j + 1;
            z = s[i] - '0';
            for (i++; is_digit(s[i]) && i - j < 7; i++)
                z = z * 10 + (s[i] - '0');
            if (s[i] == ']' && z >= a) {
                r->cls = cls;
                r->first = (long)a;
                r->count = (long)(z - a + 1);
                r->end = i + 1;
                return 1;
            }
        }
    } else if (s[k] == '0' && s[k + 1] == ':' && s[k + 2] >= '0' && s[k + 2] <= '9') {
        size_t i = k + 2;
        z = 0;
        if (s[i] != '0' || s[i + 1] == ']')
            for (; is_digit(s[i]) && i - k < 8; i++)
                z = z * 10 + (s[i] - '0');
        if (s[i] == ']') {
            r->cls = cls;
            r->first = 0;
            r->count = (long)(z + 1);
            r->end = i + 1;
            return 1;
        }
    }
    return reg_index_slow(p, cls, b, r, st);
}

/* The register at s[at]: 1 with *r, 0 when no register is written there (nothing read), -1
 * on a malformed one (*st set). The common spellings here (vN, sN, v[a:b], s[a:b]), the rest
 * by reg_at_slow. */
static inline int reg_at(pctx *p, size_t at, regref *r, gcn_status *st, int in_list)
{
    const char *s = p->s;
    if ((s[at] == 'v' || s[at] == 's') && is_digit(s[at + 1])) {
        long v = s[at + 1] - '0';
        size_t k;
        for (k = at + 2; is_digit(s[k]) && k - at < 8; k++)
            v = v * 10 + (s[k] - '0');
        if (!is_alpha(s[k]) && !is_digit(s[k])) {
            r->at = at;
            r->cls = s[at] == 'v' ? RC_V : RC_S;
            r->first = v;
            r->count = 1;
            r->end = k;
            return 1;
        }
    } else if ((s[at] == 'v' || s[at] == 's') && s[at + 1] == '[') {
        r->at = at;
        return reg_index(p, s[at] == 'v' ? RC_V : RC_S, at + 1, r, st);
    } else if (!is_alpha(s[at]) && s[at] != '[') {
        return 0; /* a number, an expression: no register */
    }
    return reg_at_slow(p, at, r, st, in_list);
}

/* [r0, r1, ...]: consecutive registers of one kind */
static int reg_list(pctx *p, size_t at, regref *r, gcn_status *st)
{
    const char *s = p->s;
    size_t k = at + 1;
    int n = 0;
    for (;;) {
        regref x;
        int rc;
        k = skip_blanks(s, k);
        rc = reg_at(p, k, &x, st, 1);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            *st = err(p, k, "expected a register in the list, not '%.*s'",
                      TOK(s + k, quote_end(s, k) - k));
            return -1;
        }
        if (n == 0) {
            /* one name alone keeps its either-width count ([src_shared_base]) */
            r->cls = x.cls;
            r->first = x.first;
            r->count = x.count;
        } else if (x.cls != r->cls) {
            *st = err(p, k, "registers in a list must be of one kind");
            return -1;
        } else if (x.first != r->first + (r->count ? r->count : 1)) {
            *st = err(p, k, "registers in a list must have consecutive indices");
            return -1;
        } else {
            r->count = (r->count ? r->count : 1) + (x.count ? x.count : 1);
        }
        n++;
        k = skip_blanks(s, x.end);
        if (s[k] == ']')
            break;
        if (s[k] != ',') {
            *st = err(p, k, "expected ',' or ']' in a register list");
            return -1;
        }
        k++;
    }
    r->at = at;
    r->end = k + 1;
    return 1;
}

/* reg_at for the spellings it leaves: lists, ttmp, names, leading zeros, blanks */
static CODEC_NOINLINE int reg_at_slow(pctx *p, size_t at, regref *r, gcn_status *st, int in_list)
{
    const char *s = p->s;
    size_t e, n, pre, k;
    int c;
    r->at = at;
    if (s[at] == '[')
        return in_list ? 0 : reg_list(p, at, r, st);
    if (!is_alpha(s[at]))
        return 0;
    e = word_end(s, at);
    n = e - at;
    pre = n >= 4 && memcmp(s + at, "ttmp", 4) == 0 ? 4 : (s[at] == 'v' || s[at] == 's') ? 1 : 0;
    if (pre) {
        int cls = pre == 4 ? RC_TTMP : s[at] == 'v' ? RC_V : RC_S;
        if (pre == n) {
            k = skip_blanks(s, e);
            if (s[k] == '[')
                return reg_index(p, cls, k, r, st);
        } else if (is_digit(s[at + pre])) {
            long v = 0;
            for (k = at + pre; k < e && is_digit(s[k]); k++)
                v = v < 100000 ? v * 10 + (s[k] - '0') : v;
            if (k == e) {
                r->cls = cls;
                r->first = v;
                r->count = 1;
                r->end = e;
                return 1;
            }
        }
    }
    /* a name of this generation's scalar operands that LLVM parses as a register: registers,
     * and the conditions and apertures (src_scc, src_shared_base); its 32-bit or 64-bit
     * spelling, or both */
    {
        int c32, c64;
        unsigned cls;
        spelled_rows(p->t, p->in->gen, s + at, n, &c32, &c64);
        c = c32 >= 0 ? c32 : c64;
        if (c < 0)
            return 0;
        cls = p->t->code_info[p->in->gen * 256u + (unsigned)c] & 0xfu;
        if (cls != GCN_SC_SGPR && cls != GCN_SC_SPECIAL && cls != GCN_SC_TTMP && cls != GCN_SC_COND)
            return 0;
        r->cls = RC_NAMED;
        r->first = c;
        r->count = c32 >= 0 && c64 == c32 ? 0 : c32 >= 0 ? 1 : 2;
        r->end = e;
        return 1;
    }
}

/* The scalar code of a register written as r (its first), -1 when it has none. */
static inline int scalar_code(const pctx *p, const regref *r)
{
    unsigned c;
    if (r->cls == RC_NAMED)
        return (int)r->first;
    if (r->cls == RC_V || r->first > 127)
        return -1;
    c = p->t->reg_code[(p->in->gen * 2u + (r->cls == RC_TTMP ? 1u : 0u)) * 128u +
                       (unsigned)r->first];
    return c == 0xffu ? -1 : (int)c;
}

/* A scalar register operand of regs registers (dst: a destination, a 7-bit field) as r: its
 * code, or -1. */
static inline int scalar_reg(const pctx *p, const regref *r, unsigned regs, int dst)
{
    int c = scalar_code(p, r);
    if (c < 0 || !(r->count == (long)regs || (r->count == 0 && regs <= 2)) ||
        !codec_scalar_reg_ok(p->t, p->in->gen, (unsigned)c, regs, dst))
        return -1;
    return c;
}

/* Why r is not the scalar register operand wanted: the most specific reason. */
static gcn_status reg_problem(pctx *p, const regref *r, unsigned regs, int dst)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen;
    const char *tok = p->s + r->at;
    size_t n = r->end - r->at;
    int c;
    if (r->cls == RC_V)
        return err(p, r->at, "'%.*s' is a VGPR: this operand takes a scalar register", TOK(tok, n));
    if (r->cls != RC_NAMED) {
        int ttmp = r->cls == RC_TTMP;
        const uint8_t *codes = t->reg_code + (gen * 2u + (ttmp ? 1u : 0u)) * 128u;
        long last = -1, i;
        for (i = 0; i < 128; i++)
            if (codes[i] != 0xff)
                last = i;
        if (r->first + r->count - 1 > last)
            return err(p, r->at, "'%.*s' is out of range: %s has %s0 to %s%ld", TOK(tok, n),
                       gcn_gen_id((int)gen), ttmp ? "ttmp" : "s", ttmp ? "ttmp" : "s", last);
        if (r->count != (long)regs)
            return err(p, r->at, "'%.*s' is %ld register%s: this operand takes %u", TOK(tok, n),
                       r->count, r->count > 1 ? "s" : "", regs);
        if (regs > 1 && r->first % (regs == 2 ? 2 : 4))
            return err(p, r->at,
                       "'%.*s' is misaligned: a %u-register operand starts at a multiple of %u",
                       TOK(tok, n), regs, regs == 2 ? 2u : 4u);
    } else if (r->count != (long)regs && !(r->count == 0 && regs <= 2)) {
        return err(p, r->at, "'%.*s' is not %s", TOK(tok, n),
                   regs == 1   ? "a 32-bit operand"
                   : regs == 2 ? "a 64-bit register pair"
                               : "a register tuple of this size");
    }
    c = scalar_code(p, r);
    if (dst && c >= 0 && (t->code_info[gen * 256u + (unsigned)c] & 0xfu) == GCN_SC_COND)
        return err(p, r->at, "the destination must be a register, not '%.*s'", TOK(tok, n));
    if (dst && c >= 0 && codec_scalar_reg_ok(t, gen, (unsigned)c, regs, 0))
        return err(p, r->at, "'%.*s' cannot be written", TOK(tok, n));
    return err(p, r->at, "'%.*s' is not allowed here", TOK(tok, n));
}

/* Why the text at `at` (no register of this generation) is not the scalar register wanted. */
static gcn_status not_reg(pctx *p, size_t at, unsigned regs, int dst)
{
    const char *tok = p->s + at;
    size_t n = quote_end(p->s, at) - at;
    unsigned g;
    int sp;
    if (is_alpha(tok[0])) {
        size_t e = word_end(p->s, at) - at;
        sp = spelled(p->t, p->in->gen, tok, e, -1);
        if (sp >= 0 && dst)
            return err(p, at, "the destination must be a register, not '%.*s'", TOK(tok, e));
        if (sp >= 0)
            return err(p, at, "'%.*s' is not allowed here", TOK(tok, e));
        for (g = 0; g < p->t->ngens; g++)
            if (spelled(p->t, g, tok, e, -1) >= 0)
                return err(p, at, "'%.*s' does not exist on %s", TOK(tok, e),
                           gcn_gen_id((int)p->in->gen));
    }
    if (dst && (is_digit(tok[0]) || tok[0] == '-' || tok[0] == '('))
        return err(p, at, "the destination must be a register, not the constant '%.*s'",
                   TOK(tok, n));
    return err(p, at, "expected %s, not '%.*s'",
               regs == 1   ? "a scalar register"
               : regs == 2 ? "a scalar register pair (s[2n:2n+1], vcc, exec, ...)"
                           : "a scalar register tuple (s[a:b], ttmp[a:b])",
               TOK(tok, n));
}

/* ---- values --------------------------------------------------------------------------------- */

static unsigned field_width(const pctx *p, unsigned slot)
{
    return slot == GCN_NO_SLOT ? 0 : p->l->slot[slot].width;
}

static int fits_unsigned(int64_t v, unsigned width)
{
    return v >= 0 && (width >= 63 || (uint64_t)v < (1ull << width));
}

/* LLVM's check that a 64-bit value truncates to `bits` without loss: the bits above are all
 * zeros, or all ones with the top bit of the rest set. */
static int truncates(int64_t v, unsigned bits)
{
    int64_t lo = -(1ll << (bits - 1)), hi = (int64_t)((1ull << bits) - 1);
    return v >= lo && v <= hi;
}

/* An integer value at *k (an absolute expression); 0 with the error set when it is none. */
static int int_value(pctx *p, size_t *k, int64_t *v, const char *what, gcn_status *st)
{
    codec_value_err e;
    size_t at = skip_blanks(p->s, *k);
    if (gcn_codec_plain_number(p->s, k, v))
        return 1;
    if (gcn_codec_float_end(p->s, at) ||
        (p->s[at] == '-' && gcn_codec_float_end(p->s, skip_blanks(p->s, at + 1)))) {
        *st = err(p, at, "%s takes an integer, not the floating-point number '%.*s'", what,
                  TOK(p->s + at, quote_end(p->s, at) - at));
        return 0;
    }
    if (!gcn_codec_expr(p->s, k, v, &e)) {
        *st = err(p, e.at, "%s: %s", what, e.msg);
        return 0;
    }
    return 1;
}

/* A scalar source value: an inline constant's code, or the literal code with the literal set,
 * as LLVM converts a number for a 32-bit (regs 1) or 64-bit integer operand. */
int gcn_codec_half_bits(double d, uint32_t *h)
{
    uint32_t sign = signbit(d) ? 0x8000u : 0;
    double a = fabs(d), q;
    int e;
    if (isnan(d) || isinf(d))
        return 0;
    if (a == 0) {
        *h = sign;
        return 1;
    }
    (void)frexp(a, &e);
    e--; /* a = 1.f * 2^e */
    if (e < -14)
        return 0;
    q = rint(ldexp(a, 10 - e)); /* 1024-2048: the significand's 11 bits */
    if (q >= 2048) {
        q = 1024;
        e++;
    }
    if (e > 15)
        return 0;
    *h = sign | (uint32_t)(e + 15) << 10 | ((uint32_t)q - 1024u);
    return 1;
}

/* A number for a 16-bit VALU source (GCN_FMT_F16, GCN_FMT_I16): an inline constant, or a
 * literal of 16 bits (a negative value as its 16-bit pattern), as LLVM takes them. A half
 * (f16) reads a float as a half (0.3: the literal 0x34cd) and a 16-bit pattern that is an
 * inline float's half as that constant (0x3800: 0.5); an integer source takes a float that is
 * an inline constant alone. */
static gcn_status vsrc16_value(pctx *p, const gcn_operand_row *op, const codec_value_t *v,
                               size_t at, size_t end, unsigned *code)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen, lit = t->literal_code[gen];
    const char *tok = p->s + at;
    size_t n = end - at;
    int ic;
    uint32_t bits;
    if (v->is_float && op->format == GCN_FMT_F16) {
        if (!gcn_codec_half_bits(v->d, &bits))
            return err(p, at, "'%.*s' is no half-precision value (out of a half's range)",
                       TOK(tok, n));
    } else if (v->is_float) {
        float f = (float)v->d;
        uint32_t v32;
        memcpy(&v32, &f, sizeof(v32));
        ic = gcn_codec_inline_code(t, gen, (int64_t)v32, 1); /* rounded, as 32-bit sources */
        if (ic < 0 || (t->code_info[gen * 256u + (unsigned)ic] & 0xfu) != GCN_SC_INLINE_FLOAT)
            return err(p, at,
                       "'%.*s' is no inline constant of %s, and a 16-bit integer source takes "
                       "no float literal",
                       TOK(tok, n), gcn_gen_id((int)gen));
        *code = (unsigned)ic;
        return GCN_OK;
    } else if (v->i < -32768 || v->i > 65535)
        return err(p, at, "'%.*s' does not fit in 16 bits (a 16-bit source's literal)",
                   TOK(tok, n));
    else
        bits = (uint32_t)v->i & 0xffffu;
    {
        /* the operand reads 16 bits: 0xfff0 is -16 there, an inline constant */
        int64_t s16 = (int64_t)(int16_t)(uint16_t)bits;
        ic = s16 >= -16 && s16 <= 64 ? gcn_codec_inline_code(t, gen, s16, 1) : -1;
    }
    if (ic < 0 && op->format == GCN_FMT_F16)
        ic = gcn_codec_inline_half_code(t, gen, bits);
    if (ic >= 0) {
        *code = (unsigned)ic;
        return GCN_OK;
    }
    if (lit == 0xffffu)
        return err(p, at, "'%.*s' needs a literal, which this operand cannot take", TOK(tok, n));
    *code = lit;
    return take_literal(p, at, end, bits);
}

/* A number for a VOP3P source of two halves (GCN_FMT_PK_F16), as llvm-mc-19 reads a v2f16
 * operand: an integer as 32 bits (an inline integer), else as a 16-bit pattern that is an
 * inline float's half (0x3c00: 1.0); a float as a half. What no inline constant holds is the
 * literal code, which the caller refuses (VOP3P takes no literal). */
static gcn_status pk_half_value(pctx *p, const codec_value_t *v, size_t at, size_t end,
                                unsigned *code)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen;
    int ic = -1;
    uint32_t h;
    if (v->is_float) {
        if (!gcn_codec_half_bits(v->d, &h))
            return err(p, at, "'%.*s' is no half-precision value (out of a half's range)",
                       TOK(p->s + at, end - at));
        ic = h == 0 ? gcn_codec_inline_code(t, gen, 0, 1) : gcn_codec_inline_half_code(t, gen, h);
    } else {
        if (v->i < -(1ll << 31) || v->i > 0xffffffffll)
            return err(p, at, "'%.*s' does not fit in 32 bits", TOK(p->s + at, end - at));
        ic = gcn_codec_inline_code(t, gen, v->i, 1);
        if (ic >= 0 && (t->code_info[gen * 256u + (unsigned)ic] & 0xfu) != GCN_SC_INLINE_INT)
            ic = -1;
        if (ic < 0 && v->i >= 0 && v->i <= 0xffff)
            ic = gcn_codec_inline_half_code(t, gen, (uint32_t)v->i);
    }
    *code = ic >= 0 ? (unsigned)ic : t->literal_code[gen];
    return GCN_OK;
}

static gcn_status ssrc_value(pctx *p, const codec_value_t *v, unsigned regs, size_t at, size_t end,
                             unsigned *code)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen, lit = t->literal_code[gen];
    const char *tok = p->s + at;
    size_t n = end - at;
    int ic;
    if (regs == 1) {
        uint32_t v32;
        if (v->is_float) {
            float f = (float)v->d;
            if (isinf(f) && !isinf(v->d))
                return err(p, at, "'%.*s' overflows a 32-bit float", TOK(tok, n));
            if (v->d != 0 && (double)f != v->d && fpclassify(f) != FP_NORMAL)
                return err(p, at, "'%.*s' underflows a 32-bit float (it is not exact there)",
                           TOK(tok, n));
            memcpy(&v32, &f, sizeof(v32));
        } else {
            if (!truncates(v->i, 32))
                return err(p, at, "'%.*s' does not fit in 32 bits", TOK(tok, n));
            v32 = (uint32_t)v->i;
        }
        ic = gcn_codec_inline_code(t, gen, (int64_t)v32, 1);
        if (ic >= 0) {
            *code = (unsigned)ic;
            return GCN_OK;
        }
        if (lit == 0xffffu)
            return err(p, at, "'%.*s' needs a literal, which this operand cannot take",
                       TOK(tok, n));
        *code = lit;
        return take_literal(p, at, end, v32);
    }
    if (v->is_float) {
        uint64_t b64;
        memcpy(&b64, &v->d, sizeof(b64));
        ic = gcn_codec_inline_code(t, gen, (int64_t)b64, 2);
        if (ic < 0)
            return err(p, at,
                       "'%.*s' is no inline constant of %s, and a 64-bit operand takes no "
                       "floating-point literal",
                       TOK(tok, n), gcn_gen_id((int)gen));
        *code = (unsigned)ic;
        return GCN_OK;
    }
    ic = gcn_codec_inline_code(t, gen, v->i, 2);
    if (ic >= 0) {
        *code = (unsigned)ic;
        return GCN_OK;
    }
    if (!truncates(v->i, 32))
        return err(p, at, "'%.*s' does not fit a literal (a 64-bit operand's literal is 32 bits)",
                   TOK(tok, n));
    if (lit == 0xffffu)
        return err(p, at, "'%.*s' needs a literal, which this operand cannot take", TOK(tok, n));
    *code = lit;
    return take_literal(p, at, end, (uint32_t)v->i);
}

/* ---- operands ------------------------------------------------------------------------------- */

/* Operand op at p->pos; p->pos moves past it. */
/* gpr_idx(NAME,...) after 'gpr_idx' at s[k] (LLVM's GPR indexing mode): each of
 * gcn_codec_gpr_idx_names at most once, in any order; gpr_idx() is 0. */
static gcn_status gpr_idx_macro(pctx *p, const gcn_operand_row *op, gcn_inst *in, size_t k)
{
    const char *s = p->s;
    unsigned v = 0, b;
    k = skip_blanks(s, k);
    if (s[k] != '(')
        return err(p, k, "expected '(' after 'gpr_idx'");
    k = skip_blanks(s, k + 1);
    if (s[k] != ')')
        for (;;) {
            size_t e = word_end(s, k);
            for (b = 0; b < 4; b++) {
                const char *n = gcn_codec_gpr_idx_names[b];
                size_t len = strlen(n), i;
                if (e - k != len)
                    continue;
                for (i = 0; i < len && s[k + i] == (char)(n[i] | 0x20); i++)
                    ;
                if (i == len)
                    break;
            }
            if (b == 4)
                return err(p, k, "expected a GPR index mode (SRC0, SRC1, SRC2, DST), not '%.*s'",
                           TOK(s + k, e > k ? e - k : 1));
            if (v >> b & 1u)
                return err(p, k, "%s is given twice", gcn_codec_gpr_idx_names[b]);
            v |= 1u << b;
            k = skip_blanks(s, e);
            if (s[k] == ')')
                break;
            if (s[k] != ',')
                return err(p, k, "expected ',' or ')' in gpr_idx(...)");
            k = skip_blanks(s, k + 1);
        }
    in->field[op->slot] = v;
    p->pos = k + 1;
    return GCN_OK;
}

/* The name at s[k] (its word) among n names (NULL entries skipped), case-insensitive: its
 * index, -1 when none. */
static int name_in(const char *s, size_t k, size_t e, const char *const *names, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        size_t len, j;
        if (!names[i] || (len = strlen(names[i])) != e - k)
            continue;
        for (j = 0; j < len && s[k + j] == (char)tolower((unsigned char)names[i][j]); j++)
            ;
        if (j == len)
            return (int)i;
    }
    return -1;
}

/* One argument of a macro at s[*k]: an absolute expression in lo..hi. */
static int macro_arg(pctx *p, size_t *k, int64_t lo, int64_t hi, const char *what, int64_t *v,
                     gcn_status *st)
{
    size_t at = skip_blanks(p->s, *k);
    if (!int_value(p, k, v, what, st))
        return 0;
    if (*v < lo || *v > hi) {
        *st = err(p, at, "%s %lld is out of range (%lld to %lld)", what, (long long)*v,
                  (long long)lo, (long long)hi);
        return 0;
    }
    return 1;
}

/* A name of names[] (n of them, NULL skipped) or a number in lo..hi at s[*k], into *v: the
 * arguments of sendmsg(...) and hwreg(...). 0 (with *st) when it is neither; `what` names the
 * argument, `which` what a name would have to be. */
static int name_or_number(pctx *p, size_t *k, const char *const *names, unsigned n, int64_t lo,
                          int64_t hi, const char *what, const char *which, int64_t *v,
                          gcn_status *st)
{
    const char *s = p->s;
    if (is_alpha(s[*k])) {
        size_t e = word_end(s, *k);
        int i = name_in(s, *k, e, names, n);
        if (i < 0) {
            *st = err(p, *k, "'%.*s' is no %s", TOK(s + *k, e - *k), which);
            return 0;
        }
        *v = i;
        *k = e;
        return 1;
    }
    return macro_arg(p, k, lo, hi, what, v, st);
}

/* s_waitcnt's counters at s[k]: NAME(N) for each counter, in any order, separated by blanks,
 * '&' or ','; a counter not written is left at its largest value (no wait). */
static gcn_status waitcnt_macro(pctx *p, const gcn_operand_row *op, gcn_inst *in, size_t k)
{
    const gcn_simm16_row *r = &p->t->simm16[in->gen];
    const char *s = p->s;
    uint32_t v = 0;
    unsigned c, part, seen = 0;
    gcn_status st = GCN_OK;
    for (c = 0; c < GCN_WAIT_COUNTERS; c++)
        for (part = 0; part < r->wait_nparts[c]; part++)
            v |= ((1u << r->wait_bits[c][part]) - 1u) << r->wait_lo[c][part];
    for (;;) {
        size_t e = word_end(s, k);
        int64_t n;
        unsigned width = 0, at = 0;
        int ci = name_in(s, k, e, r->wait_name, GCN_WAIT_COUNTERS);
        if (ci < 0)
            return err(p, k, "expected a counter (vmcnt, expcnt, lgkmcnt), not '%.*s'",
                       TOK(s + k, e > k ? e - k : 1));
        if (seen >> ci & 1)
            return err(p, k, "%s is given twice", r->wait_name[ci]);
        seen |= 1u << ci;
        for (part = 0; part < r->wait_nparts[ci]; part++)
            width += r->wait_bits[ci][part];
        k = skip_blanks(s, e);
        if (s[k] != '(')
            return err(p, k, "expected '(' after '%s'", r->wait_name[ci]);
        k++;
        if (!macro_arg(p, &k, 0, (1ll << width) - 1, r->wait_name[ci], &n, &st))
            return st;
        k = skip_blanks(s, k);
        if (s[k] != ')')
            return err(p, k, "expected ')' closing %s(...)", r->wait_name[ci]);
        k = skip_blanks(s, k + 1);
        for (part = 0; part < r->wait_nparts[ci]; part++) {
            unsigned b = r->wait_bits[ci][part];
            v &= ~(((1u << b) - 1u) << r->wait_lo[ci][part]);
            v |= (((uint32_t)n >> at) & ((1u << b) - 1u)) << r->wait_lo[ci][part];
            at += b;
        }
        if (s[k] == '&' || s[k] == ',')
            k = skip_blanks(s, k + 1);
        if (!is_alpha(s[k]))
            break;
    }
    in->field[op->slot] = v;
    p->pos = k;
    return GCN_OK;
}

/* sendmsg(MSG[, OP[, STREAM]]) after 'sendmsg' at s[k]: names or numbers, as llvm-mc takes
 * them (a name the generation lacks is refused). */
static gcn_status sendmsg_macro(pctx *p, const gcn_operand_row *op, gcn_inst *in, size_t k)
{
    const gcn_simm16_row *r = &p->t->simm16[in->gen];
    const char *s = p->s;
    int64_t id = 0, opv = 0, stream = 0;
    gcn_status st = GCN_OK;
    unsigned set;
    char which[64];
    k = skip_blanks(s, k);
    if (s[k] != '(')
        return err(p, k, "expected '(' after 'sendmsg'");
    k = skip_blanks(s, k + 1);
    snprintf(which, sizeof(which), "message of %s", gcn_gen_id(in->gen));
    if (!name_or_number(p, &k, r->msg_name, 16, 0, (1ll << r->msg_bits[0]) - 1, "the message id",
                        which, &id, &st))
        return st;
    set = r->msg_ops[id & 15];
    k = skip_blanks(s, k);
    if (s[k] == ',') {
        static const char *const none[1] = {NULL};
        k = skip_blanks(s, k + 1);
        if (!name_or_number(p, &k, set ? r->op_name[set] : none, set ? 8 : 1, 0,
                            (1ll << r->msg_bits[1]) - 1, "the operation",
                            "operation of this message", &opv, &st))
            return st;
        k = skip_blanks(s, k);
        if (s[k] == ',') {
            k++;
            if (!macro_arg(p, &k, 0, (1ll << r->msg_bits[2]) - 1, "the stream", &stream, &st))
                return st;
            k = skip_blanks(s, k);
        }
    }
    if (s[k] != ')')
        return err(p, k, "expected ')' closing sendmsg(...)");
    in->field[op->slot] =
        (uint32_t)(id << r->msg_lo[0] | opv << r->msg_lo[1] | stream << r->msg_lo[2]);
    p->pos = k + 1;
    return GCN_OK;
}

/* hwreg(ID[, OFFSET, SIZE]) after 'hwreg' at s[k]: a register name or number, the offset
 * (0-31) and size (1-32) of the bits. */
static gcn_status hwreg_macro(pctx *p, const gcn_operand_row *op, gcn_inst *in, size_t k)
{
    const gcn_simm16_row *r = &p->t->simm16[in->gen];
    const char *s = p->s;
    int64_t id = 0, off = 0, size = 32;
    gcn_status st = GCN_OK;
    char which[64];
    k = skip_blanks(s, k);
    if (s[k] != '(')
        return err(p, k, "expected '(' after 'hwreg'");
    k = skip_blanks(s, k + 1);
    snprintf(which, sizeof(which), "hardware register of %s", gcn_gen_id(in->gen));
    if (!name_or_number(p, &k, r->hwreg_name, 64, 0, (1ll << r->hwreg_bits[0]) - 1,
                        "the register id", which, &id, &st))
        return st;
    k = skip_blanks(s, k);
    if (s[k] == ',') {
        k++;
        if (!macro_arg(p, &k, 0, (1ll << r->hwreg_bits[1]) - 1, "the bit offset", &off, &st))
            return st;
        k = skip_blanks(s, k);
        if (s[k] != ',')
            return err(p, k, "expected ',' and the size after the offset");
        k++;
        if (!macro_arg(p, &k, 1, 1ll << r->hwreg_bits[2], "the bit size", &size, &st))
            return st;
        k = skip_blanks(s, k);
    }
    if (s[k] != ')')
        return err(p, k, "expected ')' closing hwreg(...)");
    in->field[op->slot] =
        (uint32_t)(id << r->hwreg_lo[0] | off << r->hwreg_lo[1] | (size - 1) << r->hwreg_lo[2]);
    p->pos = k + 1;
    return GCN_OK;
}

/* The largest value the plan allows in slot (operands.json "max"), else the field's. */
static unsigned slot_max(const pctx *p, unsigned slot)
{
    return gcn_codec_slot_max(p->t, p->in->gen, p->in->insn, slot, field_width(p, slot));
}

/* attrN.c (VINTRP's attribute and channel) at s[at]: N in op's slot, c (x, y, z, w) in its aux
 * slot. */
static gcn_status attr_operand(pctx *p, const gcn_operand_row *op, size_t at)
{
    const char *s = p->s;
    size_t k = at + 4, d;
    unsigned long n = 0;
    unsigned c, max = slot_max(p, op->slot);
    if (memcmp(s + at, "attr", 4) != 0 || !is_digit(s[k]))
        return err(p, at,
                   "expected an attribute and its channel (attrN.x, .y, .z or .w), not "
                   "'%.*s'",
                   TOK(s + at, quote_end(s, at) - at));
    for (d = k; is_digit(s[d]) && d - k < 4; d++)
        n = n * 10 + (unsigned long)(s[d] - '0');
    if (is_digit(s[d]) || n > max)
        return err(p, k, "attribute %.*s is out of range: attributes are attr0 to attr%u",
                   TOK(s + k, word_end(s, k) - k), max);
    if (s[d] != '.')
        return err(p, d, "expected '.' and a channel (x, y, z, w) after attr%lu", n);
    for (c = 0; c < 4 && s[d + 1] != gcn_codec_attr_chans[c]; c++)
        ;
    if (c == 4 || is_alpha(s[d + 2]) || is_digit(s[d + 2]))
        return err(p, d + 1, "expected a channel x, y, z or w, not '%.*s'",
                   TOK(s + d + 1, quote_end(s, d + 1) - (d + 1)));
    p->in->field[op->slot] = (uint32_t)n;
    p->in->field[op->aux[0]] = c;
    p->pos = d + 2;
    return GCN_OK;
}

static gcn_status operand(pctx *p, const gcn_operand_row *op)
{
    gcn_inst *in = p->in;
    const char *s = p->s;
    size_t at = p->pos;
    regref r;
    gcn_status st = GCN_OK;
    int rc = reg_at(p, at, &r, &st, 0), c;
    int64_t v;
    if (rc < 0)
        return st;
    switch (op->kind) {
    case GCN_KIND_VGPR:
    case GCN_KIND_VADDR_BUF:
    case GCN_KIND_VADDR_SADDR:
    case GCN_KIND_VDATA_MIMG: {
        unsigned w = field_width(p, op->slot), i = (unsigned)(op - p->row->operand);
        unsigned want = (op->gen_regs_mask >> in->gen) & 1u ? op->gen_regs : op->regs;
        long nregs = w >= 16 ? 65536 : 1l << w;
        /* a width the flags decide: any tuple (or 'off' for an address) now, its width once
         * the modifiers are read (dynamic_widths) */
        int dynamic = gcn_operand_dynamic(op);
        if (gcn_kind_vaddr(op->kind) && rc == 0 && starts(s + at, "off") && !is_alpha(s[at + 3]) &&
            !is_digit(s[at + 3]) && s[at + 3] != '_') {
            p->written[i] = 0;
            p->written_at[i] = at;
            p->written_end[i] = at + 3;
            in->field[op->slot] = 0;
            p->pos = at + 3;
            return GCN_OK;
        }
        if (rc == 0 || r.cls != RC_V)
            return err(p, at, "expected %s, not '%.*s'",
                       gcn_kind_vaddr(op->kind) ? "a VGPR address (vN, v[a:b]) or 'off'"
                       : want == 1              ? "a VGPR (vN)"
                                                : "a VGPR tuple (v[a:b])",
                       TOK(s + at, (rc ? r.end : quote_end(s, at)) - at));
        if (r.first + r.count > nregs)
            return err(p, at, "'%.*s' is out of range: VGPRs are v0 to v%ld",
                       TOK(s + at, r.end - at), nregs - 1);
        if (dynamic) {
            p->written[i] = r.count;
            p->written_at[i] = at;
            p->written_end[i] = r.end;
        } else if (op->regs_max && r.count > op->regs_max) {
            /* an image address: the word holds its first register alone */
            return err(p, at, "'%.*s' is %ld registers: this operand takes 1 to %u",
                       TOK(s + at, r.end - at), r.count, op->regs_max);
        } else if (r.count != want && !op->regs_max) {
            return err(p, at, "'%.*s' is %ld register%s: this operand takes %u",
                       TOK(s + at, r.end - at), r.count, r.count > 1 ? "s" : "", want);
        }
        in->field[op->slot] = (uint32_t)r.first;
        p->pos = r.end;
        return GCN_OK;
    }
    case GCN_KIND_SADDR:
        /* a scalar address, or 'off' (the field's 'off' code, aux[0]) */
        if (rc == 0 && starts(s + at, "off") && !is_alpha(s[at + 3]) && !is_digit(s[at + 3]) &&
            s[at + 3] != '_') {
            in->field[op->slot] = op->aux[0];
            p->pos = at + 3;
            return GCN_OK;
        }
        if (rc == 0)
            return err(p, at, "expected %s or 'off', not '%.*s'",
                       op->regs == 1 ? "an SGPR (sN)" : "an SGPR pair (s[a:b])",
                       TOK(s + at, quote_end(s, at) - at));
        c = scalar_reg(p, &r, op->regs, 1);
        if (c < 0 || (unsigned)c == op->aux[0])
            return reg_problem(p, &r, op->regs, 1);
        in->field[op->slot] = (uint32_t)c;
        p->pos = r.end;
        return GCN_OK;
    case GCN_KIND_SRSRC:
        /* an SGPR quad, stored as its first SGPR / 4 */
        if (rc == 0)
            return not_reg(p, at, op->regs, 0);
        c = scalar_reg(p, &r, op->regs, 0);
        if (c < 0 || (c & 3))
            return reg_problem(p, &r, op->regs, 0);
        in->field[op->slot] = (uint32_t)c / 4;
        p->pos = r.end;
        return GCN_OK;
    case GCN_KIND_SDST:
    case GCN_KIND_SGPR:
    case GCN_KIND_SBASE:
        if (rc == 0)
            return not_reg(p, at, op->regs, op->kind == GCN_KIND_SDST);
        c = scalar_reg(p, &r, op->regs, op->kind != GCN_KIND_SBASE);
        if (c < 0 || (op->kind == GCN_KIND_SBASE && (c & 1)))
            return reg_problem(p, &r, op->regs, op->kind != GCN_KIND_SBASE);
        in->field[op->slot] = op->kind == GCN_KIND_SBASE ? (uint32_t)c / 2 : (uint32_t)c;
        p->pos = r.end;
        return GCN_OK;
    case GCN_KIND_VSRC:
    case GCN_KIND_VSRC_VGPR:
        /* a VGPR is 256 + its number; anything else is a scalar source (vsrc) */
        if (rc > 0 && r.cls == RC_V) {
            if (r.first + r.count > 256)
                return err(p, at, "'%.*s' is out of range: VGPRs are v0 to v255",
                           TOK(s + at, r.end - at));
            if (r.count != op->regs)
                return err(p, at, "'%.*s' is %ld register%s: this operand takes %u",
                           TOK(s + at, r.end - at), r.count, r.count > 1 ? "s" : "", op->regs);
            in->field[op->slot] = 256u + (uint32_t)r.first;
            p->pos = r.end;
            return GCN_OK;
        }
        /* a name only VALU sources take (src_lds_direct), 32-bit */
        if (op->kind == GCN_KIND_VSRC && op->regs == 1 && is_alpha(s[at])) {
            size_t e2 = word_end(s, at);
            c = spelled(p->t, in->gen, s + at, e2 - at, -1);
            if (c >= 0 && (p->t->reg_ok[in->gen * 256u + (unsigned)c] & GCN_OK_VSRC)) {
                in->field[op->slot] = (uint32_t)c;
                p->pos = e2;
                return GCN_OK;
            }
        }
        if (op->kind == GCN_KIND_VSRC_VGPR)
            return err(p, at, "expected %s, not '%.*s'",
                       op->regs == 1 ? "a VGPR (vN)" : "a VGPR tuple (v[a:b])",
                       TOK(s + at, (rc ? r.end : quote_end(s, at)) - at));
        /* fall through */
    case GCN_KIND_SSRC: {
        codec_value_t val;
        codec_value_err e;
        size_t k = at;
        unsigned code = 0;
        if (rc > 0) {
            c = scalar_reg(p, &r, op->regs, 0);
            if (c < 0 && r.cls == RC_NAMED) {
                /* a condition (src_scc, ...): a source of either width */
                unsigned info = p->t->code_info[in->gen * 256u + (unsigned)r.first];
                if ((info & 0xfu) == GCN_SC_COND && (info & 0x10u) &&
                    (r.count == 0 || r.count == op->regs))
                    c = (int)r.first;
            }
            if (c < 0)
                return reg_problem(p, &r, op->regs, 0);
            in->field[op->slot] = (uint32_t)c;
            p->pos = r.end;
            return GCN_OK;
        }
        if (is_alpha(s[at])) {
            size_t e2 = word_end(s, at);
            unsigned g;
            for (g = 0; g < p->t->ngens; g++)
                if (spelled(p->t, g, s + at, e2 - at, -1) >= 0)
                    return not_reg(p, at, op->regs, 0);
            return err(p, at,
                       "'%.*s' is no register or constant name (a symbol? gcnspec takes numbers "
                       "and absolute expressions)",
                       TOK(s + at, e2 - at));
        }
        {
            /* an inline float as the printer spells it ("0.5", "-4.0"): its code from the name
             * table, without strtod (the general path below gives the same code) */
            size_t f = gcn_codec_float_end(s, at + (s[at] == '-'));
            if (f > at + 1 && (!s[f] || s[f] == ' ' || s[f] == ',' || s[f] == '\t')) {
                int sp = spelled(p->t, in->gen, s + at, f - at, op->regs == 2);
                if (sp >= 0 && (p->t->code_info[in->gen * 256u + (unsigned)sp] & 0xfu) ==
                                   GCN_SC_INLINE_FLOAT) {
                    in->field[op->slot] = (uint32_t)sp;
                    p->pos = f;
                    return GCN_OK;
                }
            }
        }
        if (!gcn_codec_value(s, &k, &val, &e))
            return err(p, e.at, "%s", e.msg);
        st = op->kind == GCN_KIND_VSRC && (op->format == GCN_FMT_F16 || op->format == GCN_FMT_I16)
                 ? vsrc16_value(p, op, &val, skip_blanks(s, at), k, &code)
             : op->kind == GCN_KIND_VSRC && op->format == GCN_FMT_PK_F16
                 ? pk_half_value(p, &val, skip_blanks(s, at), k, &code)
                 : ssrc_value(p, &val, op->regs, skip_blanks(s, at), k, &code);
        if (st != GCN_OK)
            return st;
        if (code == p->t->literal_code[in->gen] && !((op->literal_gens >> in->gen) & 1))
            return err(p, skip_blanks(s, at),
                       "'%.*s' needs a literal, which %s cannot take on this generation: write "
                       "%san SGPR, M0 or an inline constant",
                       TOK(s + at, k - at), op->name, op->kind == GCN_KIND_VSRC ? "a VGPR, " : "");
        in->field[op->slot] = code;
        p->pos = k;
        return GCN_OK;
    }
    case GCN_KIND_SMEM_OFFSET: {
        unsigned w = field_width(p, op->slot);
        int sgn = (op->signed_gens >> in->gen) & 1;
        size_t k = at;
        if (rc > 0) {
            /* IMM=0: the number of the SGPR holding the offset (a 7-bit register number) */
            c = scalar_reg(p, &r, 1, 1);
            if (c < 0)
                return reg_problem(p, &r, 1, 1);
            if (op->only_code[in->gen] != 0xffu && (unsigned)c != op->only_code[in->gen])
                return err(
                    p, at, "the offset register of %s must be %s on this generation, not '%.*s'",
                    p->row->mnemonic, codec_scalar(p->t, in->gen, op->only_code[in->gen])->name32,
                    TOK(s + at, r.end - at));
            in->field[op->slot] = (uint32_t)c;
            in->field[op->aux[0]] = 0;
            p->pos = r.end;
            return GCN_OK;
        }
        if (is_alpha(s[at]))
            return err(p, at, "expected an offset (an immediate or an SGPR), not '%.*s'",
                       TOK(s + at, quote_end(s, at) - at));
        if (!int_value(p, &k, &v, "the offset", &st))
            return st;
        if (sgn ? !(v >= -(1ll << (w - 1)) && v < (1ll << (w - 1))) : !fits_unsigned(v, w))
            return err(p, skip_blanks(s, at),
                       sgn ? "expected a %u-bit signed offset (%lld to %lld), not %lld"
                           : "expected a %u-bit unsigned offset (%lld to %lld), not %lld",
                       w, sgn ? -(1ll << (w - 1)) : 0ll,
                       sgn ? (1ll << (w - 1)) - 1 : (long long)((1ull << w) - 1), (long long)v);
        in->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        in->field[op->aux[0]] = 1;
        p->pos = k;
        return GCN_OK;
    }
    case GCN_KIND_SMRD_OFFSET: {
        size_t k = at;
        if (rc > 0) {
            c = scalar_reg(p, &r, 1, 0);
            if (c < 0)
                return reg_problem(p, &r, 1, 0);
            in->field[op->slot] = (uint32_t)c;
            in->field[op->aux[0]] = 0;
            p->pos = r.end;
            return GCN_OK;
        }
        if (is_alpha(s[at]))
            return err(p, at, "expected an offset (an immediate or an SGPR), not '%.*s'",
                       TOK(s + at, quote_end(s, at) - at));
        if (!int_value(p, &k, &v, "the offset", &st))
            return st;
        if (fits_unsigned(v, field_width(p, op->slot))) {
            in->field[op->slot] = (uint32_t)v;
            in->field[op->aux[0]] = 1;
        } else if ((op->literal_gens >> in->gen) & 1 && fits_unsigned(v, 32) &&
                   p->t->literal_code[in->gen] != 0xffffu) {
            in->field[op->slot] = p->t->literal_code[in->gen];
            in->field[op->aux[0]] = 0;
            st = take_literal(p, skip_blanks(s, at), k, (uint32_t)v);
            if (st != GCN_OK)
                return st;
        } else {
            return err(p, skip_blanks(s, at), "offset '%.*s' is out of range (0 to %llu%s)",
                       TOK(s + skip_blanks(s, at), k - skip_blanks(s, at)),
                       (unsigned long long)((1ull << field_width(p, op->slot)) - 1),
                       (op->literal_gens >> in->gen) & 1 ? ", or a 32-bit literal" : "");
        }
        p->pos = k;
        return GCN_OK;
    }
    case GCN_KIND_ATTR:
        return attr_operand(p, op, at);
    case GCN_KIND_IMM: {
        size_t k = at;
        unsigned w = field_width(p, op->slot);
        if (op->format == GCN_FMT_INTERP_SLOT) {
            /* p10, p20, p0 (LLVM takes no number there) */
            size_t e = word_end(s, at);
            int i = name_in(s, at, e, gcn_codec_interp_slot_names, 3);
            if (i < 0)
                return err(p, at, "expected an interpolation parameter (p10, p20, p0), not '%.*s'",
                           TOK(s + at, quote_end(s, at) - at));
            in->field[op->slot] = (uint32_t)i;
            p->pos = e;
            return GCN_OK;
        }
        if (op->format == GCN_FMT_GPR_IDX && word_end(s, at) - at == 7 &&
            memcmp(s + at, "gpr_idx", 7) == 0)
            return gpr_idx_macro(p, op, in, at + 7);
        if (op->format == GCN_FMT_WAITCNT && is_alpha(s[at]))
            return waitcnt_macro(p, op, in, at);
        if (op->format == GCN_FMT_SENDMSG && word_end(s, at) - at == 7 &&
            memcmp(s + at, "sendmsg", 7) == 0)
            return sendmsg_macro(p, op, in, at + 7);
        if (op->format == GCN_FMT_HWREG && word_end(s, at) - at == 5 &&
            memcmp(s + at, "hwreg", 5) == 0)
            return hwreg_macro(p, op, in, at + 5);
        if (rc > 0 || is_alpha(s[at]))
            return err(p, at, "expected an immediate, not '%.*s'",
                       TOK(s + at, quote_end(s, at) - at));
        if (!int_value(p, &k, &v, "the immediate", &st))
            return st;
        if (op->accepts_signed && w < 32 && v < 0 && v >= -(1ll << (w - 1)))
            v += 1ll << w;
        if (!fits_unsigned(v, w))
            return err(p, skip_blanks(s, at), "the immediate %lld does not fit its %u-bit field%s",
                       (long long)v, w,
                       op->accepts_signed ? " (a signed or unsigned value of that width)" : "");
        in->field[op->slot] = (uint32_t)v;
        p->pos = k;
        return GCN_OK;
    }
    case GCN_KIND_LABEL: {
        /* a branch offset in dwords: -32768 to 65535, as llvm-mc takes it (no symbols here) */
        size_t k = at;
        unsigned w = field_width(p, op->slot);
        if (rc > 0 || is_alpha(s[at]))
            return err(p, at,
                       "expected a branch offset in dwords (a number; labels need an assembler "
                       "with a symbol table), not '%.*s'",
                       TOK(s + at, quote_end(s, at) - at));
        if (!int_value(p, &k, &v, "the branch offset", &st))
            return st;
        if (v < -(1ll << (w - 1)) || v >= (1ll << w))
            return err(p, skip_blanks(s, at),
                       "the branch offset %lld is out of range (%lld to %lld dwords)", (long long)v,
                       -(1ll << (w - 1)), (1ll << w) - 1);
        in->field[op->slot] = (uint32_t)(v & ((1ll << w) - 1));
        p->pos = k;
        return GCN_OK;
    }
    case GCN_KIND_VCC:
        /* the register the 32-bit form implies (the carry, the condition): written, in no
         * field */
        /* any spelling of the register pair whose 64-bit name is vcc ([vcc_lo,vcc_hi] too) */
        if (rc > 0) {
            c = scalar_reg(p, &r, 2, 0);
            if (c >= 0 && codec_scalar(p->t, in->gen, (unsigned)c)->name64 &&
                strcmp(codec_scalar(p->t, in->gen, (unsigned)c)->name64, "vcc") == 0) {
                p->pos = r.end;
                return GCN_OK;
            }
        }
        return err(p, at, "expected vcc (the 32-bit form's carry or condition), not '%.*s'",
                   TOK(s + at, (rc > 0 ? r.end : quote_end(s, at)) - at));
    case GCN_KIND_LITERAL32: {
        /* the 32-bit constant after the word: an integer or a float, converted as LLVM
         * converts a 32-bit operand's value (and always kept as the constant) */
        size_t k = at;
        codec_value_t val;
        codec_value_err e;
        unsigned code;
        if (rc > 0 || is_alpha(s[at]))
            return err(p, at, "expected a 32-bit constant, not '%.*s'",
                       TOK(s + at, quote_end(s, at) - at));
        int had = p->has_literal;
        uint32_t before = p->literal, bits;
        if (!gcn_codec_value(s, &k, &val, &e))
            return err(p, e.at, "%s", e.msg);
        if (op->format == GCN_FMT_F16) {
            /* a half constant (V_MADAK_F16's K), as a half source's literal: 1.5 is 0x3e00 */
            if (val.is_float && !gcn_codec_half_bits(val.d, &bits))
                return err(p, skip_blanks(s, at),
                           "'%.*s' is no half-precision value (out of a half's range)",
                           TOK(s + at, k - at));
            if (!val.is_float && (val.i < -32768 || val.i > 65535))
                return err(p, skip_blanks(s, at), "'%.*s' does not fit in 16 bits",
                           TOK(s + at, k - at));
            if (!val.is_float)
                bits = (uint32_t)val.i & 0xffffu;
        } else {
            /* ssrc_value's conversion: the value's 32 bits land in the literal or in an inline
             * constant's code, which here stands for the same bits */
            const gcn_scalar_row *ir;
            p->has_literal = 0;
            st = ssrc_value(p, &val, 1, skip_blanks(s, at), k, &code);
            if (st != GCN_OK)
                return st;
            ir = codec_scalar(p->t, in->gen, code);
            bits = p->has_literal                      ? p->literal
                   : ir->sclass == GCN_SC_INLINE_FLOAT ? ir->f32
                                                       : (uint32_t)ir->ivalue;
        }
        /* the one dword after the word: a source's literal (V_MADMK_F32's SRC0) is this
         * constant too */
        p->has_literal = had;
        p->literal = before;
        st = take_literal(p, skip_blanks(s, at), k, bits);
        if (st != GCN_OK)
            return st;
        p->pos = k;
        return GCN_OK;
    }
    default:
        return err(p, at, "unsupported operand");
    }
}

/* ---- modifiers ------------------------------------------------------------------------------ */

/* Does a source modifier start at s[at]: '-' before a name or '|' (before a number it is the
 * number's sign: -4.0), '|', neg( or abs(? */
static int mod_start(const char *s, size_t at)
{
    /* the first byte before the 4-byte compares: most operands start with neither n nor a,
     * and the line's byte is loaded already */
    return (s[at] == '-' && (is_alpha(s[at + 1]) || s[at + 1] == '|')) || s[at] == '|' ||
           (s[at] == 'n' && starts(s + at, "neg(")) || (s[at] == 'a' && starts(s + at, "abs("));
}

/* Where the operand inside a modifier opened before s[at] ends: the next '|' (abs), or the ')'
 * that closes the '(' (neg(, abs(); 0 when there is none. */
static size_t mod_close(const char *s, size_t at, char closer)
{
    unsigned depth = 1;
    for (; s[at]; at++) {
        if (closer == '|' && s[at] == '|')
            return at;
        if (closer == ')' && s[at] == '(')
            depth++;
        if (closer == ')' && s[at] == ')' && --depth == 0)
            return at;
    }
    return 0;
}

/* An operand with the source modifiers LLVM writes and takes: -x, |x|, -|x|, neg(x), abs(x),
 * -abs(x), neg(|x|), neg(abs(x)). The floating-point sources of VOP3 take them (ABS and NEG,
 * one bit per source); any other operand, none. */
static gcn_status source_operand(pctx *p, const gcn_operand_row *op)
{
    const char *s = p->s;
    size_t at = p->pos, start = at, end, close_neg = 0;
    unsigned neg = 0, abs = 0;
    char saved;
    gcn_status st;
    /* an omitted operand's default text (not the line's) holds no modifier */
    if (!mod_start(s, at) || s != p->line)
        return operand(p, op);
    if (op->neg_slot == GCN_NO_SLOT && op->abs_slot == GCN_NO_SLOT)
        return err(p, at,
                   "%s of %s takes no source modifier ('-x', '|x|', neg(x), abs(x)): the "
                   "floating-point sources of VOP3 instructions do",
                   op->name, p->row->mnemonic);
    if (s[at] == '-') {
        neg = 1;
        at = skip_blanks(s, at + 1);
    } else if (starts(s + at, "neg(")) {
        neg = 2;
        at = skip_blanks(s, at + 4);
    }
    if (s[at] == '|') {
        abs = 1;
        at = skip_blanks(s, at + 1);
    } else if (starts(s + at, "abs(")) {
        abs = 2;
        at = skip_blanks(s, at + 4);
    }
    if (neg && op->neg_slot == GCN_NO_SLOT)
        return err(p, start, "%s of %s takes no negation", op->name, p->row->mnemonic);
    if (abs && op->abs_slot == GCN_NO_SLOT)
        return err(p, start,
                   "%s of %s takes no absolute value ('|x|', abs(x)): its scalar destination "
                   "(VOP3B's SDST) holds those bits; '-x' is taken",
                   op->name, p->row->mnemonic);
    if (neg == 1 && !abs) {
        /* -x: the operand runs to its own end */
        p->pos = at;
        st = operand(p, op);
        if (st == GCN_OK)
            p->in->field[op->neg_slot] |= 1u << op->mod_bit;
        return st;
    }
    end = abs ? mod_close(s, at, abs == 1 ? '|' : ')') : mod_close(s, at, ')');
    if (!end)
        return err(p, start, "'%.*s' is not closed: expected '%c'",
                   TOK(s + start, quote_end(s, start) - start), abs == 1 ? '|' : ')');
    if (abs && neg == 2) {
        close_neg = skip_blanks(s, end + 1);
        if (s[close_neg] != ')')
            return err(p, start, "'neg(' is not closed: expected ')'");
    }
    /* the operand alone: its closer cut, then put back */
    saved = p->line[end];
    p->line[end] = 0;
    p->pos = at;
    st = operand(p, op);
    p->line[end] = saved;
    if (st != GCN_OK)
        return st;
    p->pos = skip_blanks(s, p->pos);
    if (p->pos != end)
        return err_is(p, PERR_UNEXPECTED,
                      err(p, p->pos, "unexpected '%.*s' in the source: expected '%c'",
                          TOK(s + p->pos, end - p->pos), s[end]));
    p->pos = (close_neg ? close_neg : end) + 1;
    if (neg)
        p->in->field[op->neg_slot] |= 1u << op->mod_bit;
    if (abs)
        p->in->field[op->abs_slot] |= 1u << op->mod_bit;
    return GCN_OK;
}

static int is_pow2(int64_t v)
{
    return v > 0 && !(v & (v - 1));
}

/* One argument of swizzle(...): ',' and an absolute expression in lo..hi. */
static int swizzle_arg(pctx *p, size_t *k, int64_t lo, int64_t hi, const char *what, int64_t *v,
                       gcn_status *st)
{
    const char *s = p->s;
    codec_value_err e;
    size_t at;
    *k = skip_blanks(s, *k);
    if (s[*k] != ',') {
        *st = err(p, *k, "expected a comma and %s", what);
        return 0;
    }
    (*k)++;
    at = skip_blanks(s, *k);
    if (!gcn_codec_expr(s, k, v, &e)) {
        *st = err(p, e.at, "bad %s: %s", what, e.msg);
        return 0;
    }
    if (*v < lo || *v > hi) {
        *st = err(p, at, "%s must be in the interval [%lld,%lld], not %lld", what, (long long)lo,
                  (long long)hi, (long long)*v);
        return 0;
    }
    return 1;
}

/* swizzle(MODE, ...) at s[*k] (LLVM's ds_swizzle_b32 macro) -> the 16-bit offset: QUAD_PERM
 * with 4 lane ids, BITMASK_PERM with a 5-character mask of 0 1 p i, BROADCAST with a group size
 * and a lane, SWAP and REVERSE with a group size. */
static int swizzle_macro(pctx *p, size_t *pos, int64_t *out, gcn_status *st)
{
    static const char *const modes[] = {"quad_perm", "bitmask_perm", "broadcast", "swap",
                                        "reverse"};
    const char *s = p->s;
    size_t k = skip_blanks(s, word_end(s, *pos)), m, me;
    int64_t a[4];
    int mode, i;
    if (s[k] != '(') {
        *st = err(p, k, "expected '(' after 'swizzle'");
        return 0;
    }
    m = skip_blanks(s, k + 1);
    me = word_end(s, m);
    for (mode = 0; mode < 5; mode++)
        if (me - m == strlen(modes[mode]) && memcmp(s + m, modes[mode], me - m) == 0)
            break;
    if (mode == 5) {
        *st = err(p, m,
                  "expected a swizzle mode (QUAD_PERM, BITMASK_PERM, BROADCAST, SWAP, REVERSE), "
                  "not '%.*s'",
                  TOK(s + m, quote_end(s, m) - m));
        return 0;
    }
    k = me;
    switch (mode) {
    case 0: /* QUAD_PERM: lane k of each quad reads lane a[k] */
        for (i = 0; i < 4; i++)
            if (!swizzle_arg(p, &k, 0, 3, "a 2-bit lane id", &a[i], st))
                return 0;
        *out = 0x8000 | a[0] | a[1] << 2 | a[2] << 4 | a[3] << 6;
        break;
    case 1: { /* BITMASK_PERM: per lane-id bit from the top, 0/1 forced, p kept, i inverted */
        unsigned and_m = 0, or_m = 0, xor_m = 0;
        k = skip_blanks(s, k);
        if (s[k] != ',') {
            *st = err(p, k, "expected a comma and a mask");
            return 0;
        }
        k = skip_blanks(s, k + 1);
        if (s[k] != '"') {
            *st = err(p, k, "expected a quoted 5-character mask (\"01pip\")");
            return 0;
        }
        for (i = 0; i < 5 && s[k + 1 + (size_t)i] && s[k + 1 + (size_t)i] != '"'; i++)
            ;
        if (i != 5 || s[k + 6] != '"') {
            *st = err(p, k, "expected a 5-character mask");
            return 0;
        }
        for (i = 0; i < 5; i++) {
            unsigned bit = 1u << (4 - i);
            switch (s[k + 1 + (size_t)i]) {
            case '0':
                break;
            case '1':
                or_m |= bit;
                break;
            case 'p':
                and_m |= bit;
                break;
            case 'i':
                and_m |= bit;
                xor_m |= bit;
                break;
            default:
                *st = err(p, k + 1 + (size_t)i, "invalid mask character: 0, 1, p or i");
                return 0;
            }
        }
        k += 7;
        *out = and_m | or_m << 5 | xor_m << 10;
        break;
    }
    case 2: /* BROADCAST: lane a[1] of each group of a[0] */
        if (!swizzle_arg(p, &k, 2, 32, "a group size", &a[0], st))
            return 0;
        if (!is_pow2(a[0])) {
            *st = err(p, k, "the group size must be a power of two");
            return 0;
        }
        if (!swizzle_arg(p, &k, 0, a[0] - 1, "a lane id within the group", &a[1], st))
            return 0;
        *out = (32 - a[0]) | a[1] << 5;
        break;
    case 3: /* SWAP: neighbouring groups of a[0] lanes trade places */
        if (!swizzle_arg(p, &k, 1, 16, "a group size", &a[0], st))
            return 0;
        if (!is_pow2(a[0])) {
            *st = err(p, k, "the group size must be a power of two");
            return 0;
        }
        *out = 31 | a[0] << 10;
        break;
    default: /* REVERSE: the lanes of each group of a[0] in reverse order */
        if (!swizzle_arg(p, &k, 2, 32, "a group size", &a[0], st))
            return 0;
        if (!is_pow2(a[0])) {
            *st = err(p, k, "the group size must be a power of two");
            return 0;
        }
        *out = 31 | (a[0] - 1) << 10;
        break;
    }
    k = skip_blanks(s, k);
    if (s[k] != ')') {
        *st = err(p, k, "expected ')' closing swizzle(...)");
        return 0;
    }
    *pos = k + 1;
    return 1;
}

/* Is w (n bytes) a modifier's name for the row: one of its modifiers, or 'offset' after an
 * SMEM offset? (The common case: no hash lookup.) */
static int row_modifier_name(const gcn_insn_row *row, const char *w, size_t n)
{
    unsigned j;
    for (j = 0; j < row->nmodifiers; j++)
        if ((row->modifier[j].asm_len == n && same_name(w, row->modifier[j].asm_name, n)) ||
            (row->modifier[j].format == GCN_FMT_OMOD && n == 3 &&
             (same(w, "mul", 3) || same(w, "div", 3))))
            return 1;
    if (n == 6 && memcmp(w, "offset", 6) == 0)
        for (j = 0; j < row->noperands; j++)
            if (row->operand[j].kind == GCN_KIND_SMEM_OFFSET &&
                row->operand[j].aux[1] != GCN_NO_SLOT)
                return 1;
    return 0;
}

/* 1 when w[0..n) names a modifier some instruction of p's encoding takes */
static int encoding_modifier_name(const pctx *p, const char *w, size_t n)
{
    size_t k;
    for (k = 0; k < p->t->ninsns; k++)
        if (p->t->insns[k].encoding == p->row->encoding && row_modifier_name(&p->t->insns[k], w, n))
            return 1;
    return 0;
}

/* The format of the modifier w[0..n) names in some instruction of p's encoding; -1 if none. */
static int encoding_modifier_format(const pctx *p, const char *w, size_t n)
{
    size_t k;
    unsigned j;
    for (k = 0; k < p->t->ninsns; k++) {
        const gcn_insn_row *r = &p->t->insns[k];
        if (r->encoding != p->row->encoding)
            continue;
        for (j = 0; j < r->nmodifiers; j++)
            if (r->modifier[j].asm_len == n && same_name(w, r->modifier[j].asm_name, n))
                return r->modifier[j].format;
    }
    return -1;
}

/* ... or of another row of the mnemonic (another generation's), so that the error can say
 * so */
static int modifier_name(const pctx *p, const char *w, size_t n)
{
    const gcn_tables *t = p->t;
    const gcn_insn_row *row = p->row;
    size_t k;
    if (row_modifier_name(row, w, n))
        return 1;
    for (k = first_spelling(t, row->mnemonic, row->mnemonic_len); k < t->ninsns; k++) {
        const gcn_insn_row *r = &t->insns[t->by_mnemonic[k]];
        if (!spells(r, row->mnemonic, row->mnemonic_len))
            break;
        if (row_modifier_name(r, w, n))
            return 1;
    }
    return 0;
}

/* ---- buffer formats (MTBUF's format:[DATA,NUM], and LLVM's legacy dfmt:D, nfmt:N) ---------- */

/* The row's buffer format modifier on the generation, NULL when none. */
static const gcn_modifier_row *buf_format_mod(const gcn_insn_row *row, unsigned gen)
{
    unsigned j;
    for (j = 0; j < row->nmodifiers; j++)
        if (row->modifier[j].format == GCN_FMT_BUF_FORMAT && ((row->modifier[j].gens >> gen) & 1))
            return &row->modifier[j];
    return NULL;
}

/* Is the word s[at..e) the name of a part in the legacy syntax (dfmt, nfmt) of the row's
 * buffer format: 0 or 1, -1 when not. */
static int buf_part(const pctx *p, size_t at, size_t e)
{
    const gcn_buf_format_row *r = &p->t->buf_formats[p->in->gen];
    unsigned k;
    if (!buf_format_mod(p->row, p->in->gen))
        return -1;
    for (k = 0; k < 2; k++)
        if (same(p->s + at, r->part_asm[k], e - at))
            return (int)k;
    return -1;
}

/* The names of part k whose spelling (any case) is s[at..e): the value, -1 when none. */
static int buf_name(const gcn_buf_format_row *r, unsigned k, const char *s, size_t at, size_t e)
{
    unsigned n = k ? GCN_BUF_NFMTS : GCN_BUF_DFMTS, v;
    for (v = 0; v < n; v++) {
        const char *name = k ? r->nfmt_name[v] : r->dfmt_name[v];
        size_t len = k ? r->nfmt_len[v] : r->dfmt_len[v], i;
        if (len != e - at)
            continue;
        for (i = 0; i < len && tolower((unsigned char)name[i]) == s[at + i]; i++)
            ;
        if (i == len)
            return (int)v;
    }
    return -1;
}

/* The value of format: at s[k] for modifier m: a number (the data format in the low bits,
 * the number format above them, as LLVM reads format:N) or [NAME] or [NAME,NAME], each a data
 * or a number format name (any order), the part not named at its default. */
static gcn_status buf_format_value(pctx *p, const gcn_modifier_row *m, size_t at, size_t k)
{
    const gcn_buf_format_row *r = &p->t->buf_formats[p->in->gen];
    const char *s = p->s;
    unsigned dw = p->l->slot[m->slot].width, nw = p->l->slot[m->slot2].width, seen = 0;
    uint32_t v[2] = {r->dfmt_default, r->nfmt_default};
    if (p->fmt_seen)
        return err(p, at, "the format is given twice (format: and %s:)",
                   p->fmt_seen & 1 ? r->part_asm[0] : r->part_asm[1]);
    p->fmt_seen = 4;
    if (s[k] != '[') {
        codec_value_err ve;
        int64_t n;
        size_t vat = k;
        if (gcn_codec_float_end(s, k) || !gcn_codec_expr(s, &k, &n, &ve))
            return err(p, vat,
                       "bad value for '%s': a number 0-%u or [%s,%s] (the data and the "
                       "number format's names, each may be left out)",
                       m->asm_name, (1u << (dw + nw)) - 1, r->dfmt_name[GCN_BUF_DFMTS - 2],
                       r->nfmt_name[GCN_BUF_NFMTS - 1]);
        if (!fits_unsigned(n, dw + nw))
            return err(p, vat, "'%s' is out of range: %lld is not in 0 to %u", m->asm_name,
                       (long long)n, (1u << (dw + nw)) - 1);
        p->in->field[m->slot] = (uint32_t)n & ((1u << dw) - 1);
        p->in->field[m->slot2] = (uint32_t)n >> dw;
        p->pos = k;
        return GCN_OK;
    }
    k = skip_blanks(s, k + 1);
    for (;;) {
        size_t e = word_end(s, k);
        int d = buf_name(r, 0, s, k, e), n = d < 0 ? buf_name(r, 1, s, k, e) : -1;
        unsigned part = d >= 0 ? 0u : 1u;
        if (d < 0 && n < 0) {
            /* every name the generation has, in the message */
            char dn[GCN_BUF_DFMTS * (GCN_NAME_MAX + 1)], nn[GCN_BUF_NFMTS * (GCN_NAME_MAX + 1)];
            size_t dl = 0, nl = 0;
            unsigned i;
            dn[0] = nn[0] = 0;
            for (i = 0; i < GCN_BUF_DFMTS; i++)
                dl += (size_t)snprintf(dn + dl, sizeof(dn) - dl, "%s%s", i ? " " : "",
                                       r->dfmt_name[i]);
            for (i = 0; i < GCN_BUF_NFMTS; i++)
                nl += (size_t)snprintf(nn + nl, sizeof(nn) - nl, "%s%s", i ? " " : "",
                                       r->nfmt_name[i]);
            return err(p, k,
                       "'%.*s' is no data or number format on this generation; data formats: "
                       "%s; number formats: %s",
                       TOK(s + k, e > k ? e - k : 1), dn, nn);
        }
        if (seen & (1u << part))
            return err(p, k, "two %s formats in '%s:[...]'", part ? "number" : "data", m->asm_name);
        seen |= 1u << part;
        v[part] = (uint32_t)(d >= 0 ? d : n);
        k = skip_blanks(s, e);
        if (s[k] == ']')
            break;
        if (s[k] != ',' || seen == 3)
            return err(p, k, "expected %s in '%s:[...]'", seen == 3 ? "']'" : "',' or ']'",
                       m->asm_name);
        k = skip_blanks(s, k + 1);
    }
    p->in->field[m->slot] = v[0];
    p->in->field[m->slot2] = v[1];
    p->pos = k + 1;
    return GCN_OK;
}

/* A part of the legacy syntax, dfmt:D or nfmt:N (part k, named s[at..e)); p->pos moves past
 * it. */
static gcn_status buf_part_value(pctx *p, unsigned k, size_t at, size_t e)
{
    const gcn_modifier_row *m = buf_format_mod(p->row, p->in->gen);
    const gcn_buf_format_row *r = &p->t->buf_formats[p->in->gen];
    unsigned slot = k ? m->slot2 : m->slot, w = p->l->slot[slot].width;
    size_t i = skip_blanks(p->s, e), vat;
    gcn_status st = GCN_OK;
    int64_t v;
    if (p->fmt_seen & (4u | (1u << k)))
        return err(p, at, "the %s format is given twice", k ? "number" : "data");
    if (p->s[i] != ':')
        return err(p, at, "'%s' needs a value ('%s:N')", r->part_asm[k], r->part_asm[k]);
    i = skip_blanks(p->s, i + 1);
    vat = i;
    if (!int_value(p, &i, &v, r->part_asm[k], &st))
        return st;
    if (!fits_unsigned(v, w))
        return err(p, vat, "'%s' is out of range: %lld is not in 0 to %u", r->part_asm[k],
                   (long long)v, (1u << w) - 1);
    p->fmt_seen |= 1u << k;
    p->in->field[slot] = (uint32_t)v;
    p->pos = i;
    return GCN_OK;
}

/* GCN 1.4 VOP3's op_sel:[S0,...,D], LLVM's: exactly one value per source, then the
 * destination's (the page's "last bit controls destination", GcnInstrsVop3.md:62-65, makes a
 * shorter list ambiguous; llvm-mc pads one with zeros, S87, and takes a fourth value on two
 * sources, S88), or the page's op_sel:VALUE, its bits in the same order (GcnInstrsVop3.md:51;
 * llvm-mc refuses it, S89). The destination's value goes to the field's top bit
 * (GcnInstrsVop3.md:71-74). */
static gcn_status op_sel_value(pctx *p, const gcn_modifier_row *m, size_t at, size_t k)
{
    const char *s = p->s;
    unsigned w = p->l->slot[m->slot].width, n = 0, bits = 0, field = 0, i;
    int src = m->format == GCN_FMT_SRC_BITS;
    const char *name = m->asm_name, *dst = src ? "" : ", then the destination's";
    int64_t v;
    gcn_status st = GCN_OK;
    if (s[k] == '[') {
        k = skip_blanks(s, k + 1);
        for (;;) {
            size_t vat = k;
            if (!s[k] || s[k] == ']' || s[k] == ',')
                return err(p, k, "expected a value (0 or 1) in %s's list", name);
            if (!int_value(p, &k, &v, src ? "a value" : "an op_sel value", &st))
                return st;
            if (v != 0 && v != 1)
                return err(p, vat, "%s's values are 0%s or 1%s, not %lld", name,
                           src ? "" : " (the low half)", src ? "" : " (the high half)",
                           (long long)v);
            if (n < 16)
                bits |= (unsigned)v << n;
            n++;
            k = skip_blanks(s, k);
            if (s[k] == ',') {
                k = skip_blanks(s, k + 1);
                continue;
            }
            if (s[k] == ']') {
                k++;
                break;
            }
            return err(p, k, "expected ',' or ']' in %s's list, not '%.*s'", name,
                       TOK(s + k, quote_end(s, k) - k));
        }
        if (n != m->values)
            return err(p, at, "%s takes %u values on %.*s (one per source%s), not %u", name,
                       m->values, (int)gcn_mnemonic_len(p->row, p->in->gen), p->row->mnemonic, dst,
                       n);
    } else {
        size_t vat = k;
        if (!s[k])
            return err(p, k, "'%s' needs a value ('%s:[0,1,...]', one per source%s)", name, name,
                       dst);
        if (!int_value(p, &k, &v, name, &st))
            return st;
        if (v < 0 || v >= (1ll << m->values))
            return err(p, vat,
                       "%s:%lld is out of range on %.*s: %u bits (0 to %u), one per source%s", name,
                       (long long)v, (int)gcn_mnemonic_len(p->row, p->in->gen), p->row->mnemonic,
                       m->values, (1u << m->values) - 1u, dst);
        bits = (unsigned)v;
    }
    if (src) {
        /* source k's bit is bit k of the field with slot2's (field_hi) above it; the bits past
         * the sources keep their default (all 1 for op_sel_hi) */
        unsigned all = (1u << m->values) - 1u, cur = p->in->field[m->slot];
        if (m->slot2 != GCN_NO_SLOT)
            cur |= p->in->field[m->slot2] << w;
        cur = (cur & ~all) | (bits & all);
        p->in->field[m->slot] = cur & ((1u << w) - 1u);
        if (m->slot2 != GCN_NO_SLOT)
            p->in->field[m->slot2] = cur >> w;
        p->pos = k;
        return GCN_OK;
    }
    for (i = 0; i < m->values; i++)
        if ((bits >> i) & 1u)
            field |= 1u << (i + 1u < m->values ? i : w - 1u);
    p->in->field[m->slot] = field;
    p->pos = k;
    return GCN_OK;
}

/* The modifier named s[at..e); p->pos moves past it. */
static gcn_status modifier(pctx *p, size_t at, size_t e, unsigned *seen,
                           const gcn_operand_row *soe_op)
{
    const gcn_insn_row *row = p->row;
    const char *s = p->s, *tok = s + at;
    size_t name_len = e - at, k = skip_blanks(s, e);
    gcn_status st = GCN_OK;
    unsigned i;
    int64_t v;
    /* VOP3's output modifier is written by what it does, mul:2, mul:4 or div:2 */
    for (i = 0;
         i < row->nmodifiers && name_len == 3 && (same(tok, "mul", 3) || same(tok, "div", 3));
         i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        int div = same(tok, "div", 3);
        size_t vat;
        if (m->format != GCN_FMT_OMOD || !((m->gens >> p->in->gen) & 1))
            continue;
        if (*seen & (1u << i))
            return err(p, at, "the output modifier (mul:2, mul:4, div:2) given twice");
        *seen |= 1u << i;
        if (s[k] != ':')
            return err(p, at, "'%.3s' needs a value (%s)", tok, div ? "div:2" : "mul:2 or mul:4");
        vat = k = skip_blanks(s, k + 1);
        if (!int_value(p, &k, &v, div ? "div's divisor" : "mul's factor", &st))
            return st;
        if (div ? v != 2 : (v != 2 && v != 4))
            return err(p, vat, "%s, not %lld", div ? "div takes 2" : "mul takes 2 or 4",
                       (long long)v);
        p->in->field[m->slot] = div ? 3u : v == 2 ? 1u : 2u;
        p->pos = k;
        return GCN_OK;
    }
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        size_t vat;
        if (m->asm_len != name_len || !same_name(tok, m->asm_name, name_len))
            continue;
        if (!((m->gens >> p->in->gen) & 1))
            return err(p, at, "the modifier '%s' does not exist on this generation", m->asm_name);
        if (*seen & (1u << i))
            return err(p, at, "'%s' given twice", m->asm_name);
        *seen |= 1u << i;
        if (m->format == GCN_FMT_FLAG) {
            if (s[k] == ':')
                return err(p, at, "'%s' takes no value", m->asm_name);
            p->in->field[m->slot] = 1;
            p->pos = e;
            return GCN_OK;
        }
        if (s[k] != ':')
            return err(p, at, "'%s' needs a value ('%s:N')", m->asm_name, m->asm_name);
        k = skip_blanks(s, k + 1);
        vat = k;
        if (m->format == GCN_FMT_OP_SEL || m->format == GCN_FMT_SRC_BITS)
            return op_sel_value(p, m, at, k);
        if (m->format == GCN_FMT_BUF_FORMAT)
            return buf_format_value(p, m, at, k);
        if (m->format == GCN_FMT_SWIZZLE && word_end(s, k) - k == 7 &&
            memcmp(s + k, "swizzle", 7) == 0) {
            if (!swizzle_macro(p, &k, &v, &st))
                return st;
        } else {
            codec_value_err ve;
            if (!s[k])
                return err(p, k, "'%s' needs a value ('%s:N')", m->asm_name, m->asm_name);
            if (gcn_codec_float_end(s, k))
                return err(p, k, "'%s' takes an integer, not '%.*s'", m->asm_name,
                           TOK(s + k, quote_end(s, k) - k));
            if (!gcn_codec_expr(s, &k, &v, &ve))
                return err(p, ve.at, "bad value for '%s': %s", m->asm_name, ve.msg);
        }
        {
            /* the field's range, or the smaller one the plan allows (a modifier's "max") */
            unsigned long long max = gcn_codec_slot_max(p->t, p->in->gen, p->in->insn, m->slot,
                                                        p->l->slot[m->slot].width);
            unsigned w = p->l->slot[m->slot].width;
            if (m->format == GCN_FMT_SDEC) {
                /* a signed field: -2^(w-1) to 2^(w-1) - 1, stored in w bits */
                if (!(v >= -(1ll << (w - 1)) && v < (1ll << (w - 1))))
                    return err(p, vat, "'%s' is out of range: %lld is not in %lld to %lld",
                               m->asm_name, (long long)v, -(1ll << (w - 1)), (1ll << (w - 1)) - 1);
                v = (int64_t)((uint64_t)v & ((1ull << w) - 1));
            } else if (!fits_unsigned(v, w) || (unsigned long long)v > max)
                return err(p, vat, "'%s' is out of range: %lld is not in 0 to %llu", m->asm_name,
                           (long long)v, max);
        }
        p->in->field[m->slot] = (uint32_t)v;
        p->pos = k;
        return GCN_OK;
    }
    if (same(tok, "offset", name_len)) {
        /* GCN 1.4 SMEM: "sN offset:imm" = SGPR[SOFFSET] + immediate */
        if (soe_op && s[k] == ':' && !(*seen & 0x100u)) {
            unsigned w = p->l->slot[soe_op->slot].width;
            size_t vat = skip_blanks(s, k + 1);
            k = vat;
            if (!int_value(p, &k, &v, "the offset", &st))
                return st;
            if (!(v >= -(1ll << (w - 1)) && v < (1ll << (w - 1))))
                return err(p, vat, "expected a %u-bit signed offset (%lld to %lld), not %lld", w,
                           -(1ll << (w - 1)), (1ll << (w - 1)) - 1, (long long)v);
            *seen |= 0x100u;
            /* the register operand moves to SOFFSET */
            p->in->field[soe_op->aux[2]] = p->in->field[soe_op->slot];
            p->in->field[soe_op->aux[1]] = 1;
            p->in->field[soe_op->aux[0]] = 1;
            p->in->field[soe_op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
            p->pos = k;
            return GCN_OK;
        }
        if (*seen & 0x100u)
            return err(p, at, "'offset' given twice");
        /* the SGPR-plus-immediate SMEM form, where it is not allowed */
        for (i = 0; i < row->noperands; i++) {
            const gcn_operand_row *op = &row->operand[i];
            if (op->kind != GCN_KIND_SMEM_OFFSET || op->aux[1] == GCN_NO_SLOT)
                continue;
            if (!p->l->slot[op->aux[1]].width)
                return err(p, at,
                           "the 'sN offset:imm' form (SGPR plus immediate) does not exist on "
                           "this generation");
            return err(p, at, "'offset:' follows an SGPR offset only ('sN offset:imm')");
        }
    }
    /* a modifier this instruction takes on another generation (its rows of the same spelling) */
    return err(p, at, "'%.*s' does not exist on this generation", TOK(tok, name_len));
}

/* ---- the line ------------------------------------------------------------------------------- */

/* Restores the case of character literals ('A' is 65, not 97): the line is lower case. */
static void char_literals(char *line, const char *text)
{
    const char *q = strchr(line, '\'');
    for (; q; q = strchr(q + 1, '\'')) {
        size_t i = (size_t)(q - line);
        if (q[1] && q[1] != '\\' && q[2] == '\'') {
            line[i + 1] = text[i + 1];
            q += 2;
        }
    }
}

/* A mnemonic gen lacks: the generations that have it; or one no generation has: the closest
 * one that exists (the tables' rows, never a list here). */
static gcn_status unknown_mnemonic(pctx *p, const char *m, size_t n, int gen, int elsewhere)
{
    const gcn_tables *t = p->t;
    const gcn_insn_row *near;
    char name[80], gens[128];
    size_t k;
    unsigned mask = 0, g;
    snprintf(name, sizeof(name), "%.*s", (int)(n < 70 ? n : 70), m);
    if (elsewhere) {
        for (k = first_spelling(t, m, n); k < t->ninsns; k++) {
            const gcn_insn_row *r = &t->insns[t->by_mnemonic[k]];
            if (!spells(r, m, n))
                break;
            for (g = 0; g < t->ngens; g++)
                mask |= (unsigned)(r->opcode[g] != GCN_NO_INSN) << g;
        }
        gcn_codec_gens_text(t, mask, gens, sizeof(gens));
        return err(p, (size_t)(m - p->s), "'%s' is not in %s; it exists in %s", name,
                   t->gens[gen].id, gens);
    }
    near = gcn_codec_closest_mnemonic(t, m, n, gen);
    if (!near)
        return err(p, (size_t)(m - p->s), "unknown mnemonic '%s'", name);
    if (near->opcode[gen] == GCN_NO_INSN) {
        for (g = 0; g < t->ngens; g++)
            mask |= (unsigned)(near->opcode[g] != GCN_NO_INSN) << g;
        gcn_codec_gens_text(t, mask, gens, sizeof(gens));
        return err(p, (size_t)(m - p->s), "unknown mnemonic '%s'; did you mean '%s' (in %s)?", name,
                   near->mnemonic, gens);
    }
    return err(p, (size_t)(m - p->s), "unknown mnemonic '%s'; did you mean '%s'?", name,
               near->mnemonic);
}

/* The flags' names that decide operand op's width, written into buf ("offen", "idxen offen",
 * "tfe", "no idxen, offen or addr64"). */
static void width_flags(const pctx *p, const gcn_operand_row *op, char *buf, size_t size)
{
    const gcn_insn_row *row = p->row;
    size_t n = 0;
    unsigned j, k;
    buf[0] = 0;
    for (j = 0; j < row->nmodifiers; j++) {
        const gcn_modifier_row *m = &row->modifier[j];
        int decides = m->slot == op->plus;
        for (k = 0; k < 3 && (op->kind == GCN_KIND_VADDR_BUF || op->kind == GCN_KIND_VDATA_MIMG);
             k++)
            decides |= m->slot == op->aux[k];
        decides |= op->kind == GCN_KIND_VDATA_MIMG && m->slot == op->d16_slot;
        if (!decides || !((m->gens >> p->in->gen) & 1) || !p->in->field[m->slot])
            continue;
        if (m->format == GCN_FMT_FLAG)
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? " " : "",
                                  m->asm_name);
        else
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:0x%x", n ? " " : "",
                                  m->asm_name, (unsigned)p->in->field[m->slot]);
    }
    if (op->kind == GCN_KIND_VADDR_SADDR)
        snprintf(buf, size, "%s",
                 p->in->field[op->aux[0]] == op->aux[2] ? "the scalar address 'off'"
                                                        : "a scalar address");
    else if (!n)
        snprintf(buf, size, "%s",
                 op->kind == GCN_KIND_VADDR_BUF    ? "none of idxen, offen, addr64"
                 : op->kind == GCN_KIND_VDATA_MIMG ? "dmask 0 and no tfe or lwe"
                                                   : "no tfe");
}

/* The operands whose width the flags decide, against what was written (operand()). */
static gcn_status dynamic_widths(pctx *p)
{
    unsigned i;
    for (i = 0; i < p->row->noperands; i++) {
        const gcn_operand_row *op = &p->row->operand[i];
        unsigned want;
        char flags[64];
        if (!gcn_operand_dynamic(op))
            continue;
        if (gcn_operand_absent(op, p->in->field))
            continue;
        want = gcn_operand_regs(op, p->in->gen, p->in->field);
        if (p->written[i] == (long)want)
            continue;
        width_flags(p, op, flags, sizeof(flags));
        if (!want)
            return err(p, p->written_at[i], "%s is 'off' with %s, not '%.*s'", op->name, flags,
                       TOK(p->s + p->written_at[i], p->written_end[i] - p->written_at[i]));
        return err(p, p->written_at[i], "'%.*s' is %s: with %s, %s is %u register%s",
                   TOK(p->s + p->written_at[i], p->written_end[i] - p->written_at[i]),
                   p->written[i] ? (p->written[i] == 1 ? "1 register" : "a register tuple")
                                 : "'off'",
                   flags, op->name, want, want == 1 ? "" : "s");
    }
    return GCN_OK;
}

/* The line: mnemonic, operands, modifiers, and a comment from ';' or '//' (where an item may
 * start: no number, register or name holds those). */
static gcn_status parse_line(pctx *p, int gen, int *literal_out)
{
    const gcn_tables *t = p->t;
    const char *line = p->s;
    size_t i, e;
    unsigned seen = 0, nop = 0, act[GCN_MAX_OPERANDS], nact = 0;
    const gcn_operand_row *smem = NULL;
    int literal = 0, after_modifier = 0;
    gcn_status st;
    uint16_t index = 0;
    int elsewhere = 0;
    gcn_inst *out = p->in;
    p->pos = skip_blanks(line, p->pos);
    e = word_end(line, p->pos);
    if (e == p->pos)
        return err(p, p->pos, "expected a mnemonic");
    p->row = find_insn(t, line + p->pos, e - p->pos, gen, p->alt, &p->alt_rows, &index, &elsewhere);
    if (!p->row)
        return unknown_mnemonic(p, line + p->pos, e - p->pos, gen, elsewhere);
    out->insn = index;
    out->gen = (uint8_t)gen;
    out->encoding = p->row->encoding;
    p->l = codec_layout(t, (unsigned)gen, p->row->encoding);
    p->pos = e;
    {
        /* a buffer format not written is its parts' defaults */
        const gcn_modifier_row *bf = buf_format_mod(p->row, (unsigned)gen);
        if (bf) {
            out->field[bf->slot] = t->buf_formats[gen].dfmt_default;
            out->field[bf->slot2] = t->buf_formats[gen].nfmt_default;
        }
    }
    for (i = 0; i < p->row->nmodifiers; i++) {
        /* a modifier whose bits are 1 by default (VOP3P's op_sel_hi): all its bits, those past
         * the sources too */
        const gcn_modifier_row *m = &p->row->modifier[i];
        if (m->format == GCN_FMT_SRC_BITS && m->default_ones && ((m->gens >> gen) & 1)) {
            out->field[m->slot] = (uint32_t)((1ull << p->l->slot[m->slot].width) - 1u);
            if (m->slot2 != GCN_NO_SLOT)
                out->field[m->slot2] = (uint32_t)((1ull << p->l->slot[m->slot2].width) - 1u);
        }
    }
    /* the operands this reading takes: those written with a flag only where with_when says */
    for (i = 0; i < p->row->noperands; i++) {
        if (p->row->operand[i].when != GCN_NO_SLOT) {
            p->has_when = 1;
            if (!p->with_when)
                continue;
        }
        act[nact++] = (unsigned)i;
    }
    /* operands, then modifiers; each may be followed by a ',' (as in LLVM's parser) */
    p->pos = skip_blanks(line, p->pos);
    for (;;) {
        size_t at = p->pos; /* at a non-blank: the separator below skipped the blanks */
        char c = line[at];
        if (!c || c == ';' || (c == '/' && line[at + 1] == '/'))
            break;
        if (c == '#')
            return err(p, at, "'#' starts a comment only at the start of a line: use ';' or '//'");
        if (c == ',')
            return err(p, at,
                       nop || after_modifier ? "expected an operand or a modifier, not ','"
                                             : "expected an operand, not ','");
        /* a name (no vN, sN, v[, s[: registers) may be a modifier */
        e = is_alpha(c) &&
                    !((c == 'v' || c == 's') && (is_digit(line[at + 1]) || line[at + 1] == '['))
                ? word_end(line, at)
                : at;
        /* LLVM's legacy dfmt:D, nfmt:N, among the operands (before SOFFSET) or after them */
        if (e > at && buf_part(p, at, e) >= 0) {
            st = buf_part_value(p, (unsigned)buf_part(p, at, e), at, e);
            if (st != GCN_OK)
                return st;
            goto separator;
        }
        if (e > at && row_modifier_name(p->row, line + at, e - at)) {
            st = modifier(p, at, e, &seen, smem);
            if (st != GCN_OK)
                return st;
            after_modifier = 1;
            goto separator;
        }
        /* a modifier of the mnemonic on another generation: modifier() says so */
        if (nop >= nact || after_modifier) {
            if (e > at && modifier_name(p, line + at, e - at))
                return modifier(p, at, e, &seen, smem);
            /* a modifier other instructions of the encoding take (VOP3's clamp on V_BFE_U32,
             * whose page gives it no effect there) */
            if (e > at && encoding_modifier_name(p, line + at, e - at) &&
                encoding_modifier_format(p, line + at, e - at) == GCN_FMT_OP_SEL)
                return err(p, at,
                           "%.*s takes no op_sel on %s: only the VOP3 instructions whose 16-bit "
                           "operands it selects take it (spec errata E245)",
                           (int)gcn_mnemonic_len(p->row, (unsigned)gen), p->row->mnemonic,
                           gcn_gen_id(gen));
            if (e > at && encoding_modifier_name(p, line + at, e - at))
                return err(p, at, "%s takes no '%.*s': other %s instructions do, not this one",
                           p->row->mnemonic, TOK(line + at, quote_end(line, at) - at),
                           p->t->encodings[p->row->encoding].name);
            if (nop >= nact)
                return err_is(p, PERR_UNEXPECTED,
                              err(p, at, "unexpected '%.*s': %s takes %u operand%s",
                                  TOK(line + at, quote_end(line, at) - at), p->row->mnemonic, nact,
                                  nact == 1 ? "" : "s"));
            return err(p, at, "operand %s after the modifiers: operands come first",
                       p->row->operand[act[nop]].name);
        }
        {
            const gcn_operand_row *op = &p->row->operand[act[nop++]];
            st = source_operand(p, op);
            if (st != GCN_OK) {
                if (e > at && modifier_name(p, line + at, e - at))
                    return modifier(p, at, e, &seen, smem);
                return st;
            }
            if (op->kind == GCN_KIND_SMEM_OFFSET && !p->in->field[op->aux[0]] &&
                op->aux[1] != GCN_NO_SLOT && p->l->slot[op->aux[1]].width)
                smem = op;
        }
    separator:
        p->pos = skip_blanks(line, p->pos);
        if (line[p->pos] == ',')
            p->pos = skip_blanks(line, p->pos + 1);
    }
    /* operands llvm-mc lets you omit: their default text */
    for (; nop < nact; nop++) {
        const gcn_operand_row *op = &p->row->operand[act[nop]];
        const char *s = p->s;
        size_t pos = p->pos;
        if (!op->omitted)
            return err(p, p->pos, "missing operand %s", op->name);
        p->s = op->omitted;
        p->pos = 0;
        st = operand(p, op);
        p->s = s;
        p->pos = pos;
        if (st != GCN_OK)
            return st;
    }
    for (i = 0; i < p->row->nmodifiers; i++)
        if (p->row->modifier[i].required && !(seen & (1u << i)) &&
            ((p->row->modifier[i].gens >> gen) & 1))
            return err(p, p->pos, "missing required '%s'", p->row->modifier[i].asm_name);
    /* an operand written with a flag: written exactly when the flag is */
    for (i = 0; i < p->row->noperands; i++) {
        const gcn_operand_row *op = &p->row->operand[i];
        const char *flag = "its flag";
        unsigned j;
        if (op->when == GCN_NO_SLOT || !p->with_when == !out->field[op->when])
            continue;
        for (j = 0; j < p->row->nmodifiers; j++)
            if (p->row->modifier[j].slot == op->when)
                flag = p->row->modifier[j].asm_name;
        if (p->with_when)
            return err_is(p, PERR_NEEDS_FLAG,
                          err(p, 0, "%s writes %s only with %s: add %s, or leave %s out",
                              p->row->mnemonic, op->name, flag, flag, op->name));
        return err_is(p, PERR_FLAG_FIRST,
                      err(p, 0, "with %s, %s writes %s: write it as the first operand", flag,
                          p->row->mnemonic, op->name));
    }
    st = dynamic_widths(p);
    if (st != GCN_OK)
        return st;
    st = gcn_codec_check_operands(t, out, &literal);
    if (st != GCN_OK) {
        /* the constant bus (one scalar value, LDS_DIRECT in SRC0 alone) says what */
        char why[256];
        gcn_inst lit = *out;
        lit.literal = p->literal;
        if (gcn_codec_cbus_why(t, &lit, p->has_literal, why, sizeof(why)))
            return err(p, 0, "%s", why);
        return err(p, 0, "invalid operand");
    }
    *literal_out = literal;
    out->size = p->l->bytes;
    if (p->has_literal) {
        out->has_literal = 1;
        out->literal = p->literal;
        out->size = (uint8_t)(out->size + 4);
    }
    return GCN_OK;
}

/* A cleared gcn_inst, copied where one is cleared: GCC compiles a memset of its 108 bytes to a
 * 'rep stos', whose start-up was two fifths of parse_row's time; the copy is seven vector
 * loads and stores. */
static const gcn_inst zero_inst;

/* One reading of the line by the alt-th row spelling its mnemonic: an instruction with an
 * operand written with a flag (an atomic's VDST with glc) is read with it, then without it;
 * the reading that fails on the flag alone, else the one that got further, says what is
 * wrong. */
static gcn_status parse_row(pctx *p, int gen, const char *text, size_t n, char *line, gcn_inst *out,
                            gcn_diag *diag, int *literal_out, unsigned alt)
{
    gcn_diag d1, d2;
    gcn_status st, st2;
    int rule1, rule2, pick1;
    perr_kind k1;
    if (alt) {
        /* a reading before may have cut the line (a source modifier's closer) */
        int quotes = lower_copy(line, text, n);
        memset(line + n, 0, 1 + LINE_PAD);
        if (quotes)
            char_literals(line, text);
    }
    /* field by field: one memset of the whole context compiles to a 'rep stos', whose start-up
     * cost a tenth of an instruction's assembly */
    p->t = &gcn_codec_table_data;
    p->row = NULL;
    p->l = NULL;
    p->in = out;
    p->s = line;
    p->line = line;
    p->pos = 0;
    p->has_literal = 0;
    p->literal = 0;
    p->with_when = p->has_when = 0;
    memset(p->written, 0, sizeof(p->written));
    memset(p->written_at, 0, sizeof(p->written_at));
    memset(p->written_end, 0, sizeof(p->written_end));
    p->fmt_seen = 0;
    p->alt = alt;
    p->alt_rows = 0;
    *out = zero_inst;
    /* what err() writes and this reads (the rest, 1.5 KB, is never read: clearing it cost a
     * sixth of an instruction's assembly) */
    d1.col = 0;
    d1.msg[0] = 0;
    p->diag = &d1;
    p->with_when = 1;
    p->kind = PERR_OTHER;
    st = parse_line(p, gen, literal_out);
    k1 = p->kind;
    if (st == GCN_OK || !p->has_when) {
        if (diag && st != GCN_OK) {
            diag->col = d1.col;
            memcpy(diag->msg, d1.msg, strlen(d1.msg) + 1);
        }
        return st;
    }
    d2.col = 0;
    d2.msg[0] = 0;
    *out = zero_inst;
    p->diag = &d2;
    p->with_when = 0;
    p->pos = 0;
    p->has_literal = 0;
    p->literal = 0;
    p->fmt_seen = 0;
    p->kind = PERR_OTHER;
    st2 = parse_line(p, gen, literal_out);
    /* the reading that says the flag is missing or misplaced, else the one that got further */
    rule1 = k1 == PERR_NEEDS_FLAG;
    rule2 = p->kind == PERR_FLAG_FIRST;
    pick1 = rule1 || (!rule2 && !(d2.col > d1.col));
    if (st2 == GCN_OK)
        return st2;
    if (diag) {
        const gcn_diag *d = pick1 ? &d1 : &d2;
        diag->col = d->col;
        memcpy(diag->msg, d->msg, strlen(d->msg) + 1);
    }
    if (pick1)
        p->kind = k1;
    return rule1 || !(d2.col > d1.col) ? st : st2;
}

/* gcn_parse; *literal_out: what gcn_codec_check_operands said of the literal. */
static gcn_status parse(int gen, const char *text, gcn_inst *out, gcn_diag *diag, int *literal_out)
{
    char line[LINE_MAX_CHARS + 1 + LINE_PAD];
    pctx p;
    size_t n;
    int quotes = 0;
    gcn_status st;
    gcn_diag d1, d2;
    perr_kind k1;
    if (diag) {
        diag->col = 0;
        diag->msg[0] = 0;
    }
    if (gen < 0 || (unsigned)gen >= gcn_codec_table_data.ngens || !text || !out)
        return GCN_ERR_INVALID;
    /* the lower-cased copy: measured first (strnlen reads whole vectors), then eight bytes at a
     * time */
    n = strnlen(text, LINE_MAX_CHARS + 1);
    if (n <= LINE_MAX_CHARS)
        quotes = lower_copy(line, text, n);
    if (n > LINE_MAX_CHARS) {
        if (diag) {
            diag->col = LINE_MAX_CHARS + 1;
            snprintf(diag->msg, sizeof(diag->msg), "line longer than %d characters",
                     LINE_MAX_CHARS);
        }
        return GCN_ERR_SYNTAX;
    }
    memset(line + n, 0, 1 + LINE_PAD);
    if (quotes)
        char_literals(line, text);
    d1.col = 0;
    d1.msg[0] = 0;
    st = parse_row(&p, gen, text, n, line, out, diag ? &d1 : NULL, literal_out, 0);
    k1 = p.kind;
    /* a bare mnemonic the 32-bit form's operands do not fit: llvm-mc takes the VOP3 form
     * (v_add_f32 v1, v2, s3 is v_add_f32_e64); when both fail, the reading that got further
     * says what is wrong, the 32-bit form's on a tie, unless that one finds a token past its
     * operands which the VOP3 form reads as a modifier it refuses (v_add_f32's op_sel) */
    if (st != GCN_OK && p.alt_rows > 1) {
        d2.col = 0;
        d2.msg[0] = 0;
        if (parse_row(&p, gen, text, n, line, out, diag ? &d2 : NULL, literal_out, 1) == GCN_OK)
            return GCN_OK;
        if (diag) {
            const gcn_diag *d = d2.col > d1.col || (d2.col == d1.col && k1 == PERR_UNEXPECTED &&
                                                    p.kind != PERR_UNEXPECTED)
                                    ? &d2
                                    : &d1;
            diag->col = d->col;
            memcpy(diag->msg, d->msg, strlen(d->msg) + 1);
        }
        return st;
    }
    if (diag && st != GCN_OK) {
        diag->col = d1.col;
        memcpy(diag->msg, d1.msg, strlen(d1.msg) + 1);
    }
    return st;
}

int gcn_line_is_blank(const char *line)
{
    size_t i;
    if (!line)
        return 1;
    i = strspn(line, " \t\r");
    return !line[i] || line[i] == ';' || line[i] == '#' || (line[i] == '/' && line[i + 1] == '/');
}

gcn_status gcn_parse(int gen, const char *text, gcn_inst *out, gcn_diag *diag)
{
    int literal;
    return parse(gen, text, out, diag, &literal);
}

gcn_status gcn_assemble(int gen, const char *text, gcn_inst *out, uint8_t *bytes, size_t cap,
                        size_t *len, gcn_diag *diag)
{
    gcn_inst local;
    gcn_inst *in = out ? out : &local;
    int literal = 0;
    gcn_status st;
    if (!bytes || !len)
        return GCN_ERR_INVALID;
    st = parse(gen, text, in, diag, &literal);
    if (st != GCN_OK)
        return st;
    /* parse checked the operands as gcn_encode would */
    return gcn_codec_emit(&gcn_codec_table_data, in, literal, bytes, cap, len);
}
