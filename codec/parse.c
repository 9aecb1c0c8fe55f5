/* LLVM's assembler syntax (and the documents' upper-case spelling) -> fields. One line, one
 * instruction; errors name the 1-based column of the offending text. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec_internal.h"

#define LINE_MAX_CHARS 512

typedef struct pctx {
    const gcn_tables *t;
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    gcn_inst *in;
    gcn_diag *diag;
    const char *s; /* the lower-cased line */
    size_t pos;
    int has_literal;
    int64_t literal;
} pctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static gcn_status
err(pctx *p, size_t col0, const char *fmt, ...)
{
    if (p->diag) {
        va_list ap;
        va_start(ap, fmt);
        p->diag->col = (unsigned)col0 + 1;
        vsnprintf(p->diag->msg, sizeof(p->diag->msg), fmt, ap);
        va_end(ap);
    }
    return GCN_ERR_SYNTAX;
}

/* An ASCII digit (isdigit asks the locale, through a call) */
static int is_digit(char c)
{
    return (unsigned char)(c - '0') < 10;
}

/* A token, quoted in a message (at most 40 characters of it). */
#define TOK(tok, n) (int)((n) < 40 ? (n) : 40), (tok)

/* n bytes of s into d, A-Z lower-cased; eight at a time: a byte is upper case when adding
 * 0x80 - 'A' sets its top bit and adding 0x80 - 'Z' - 1 does not (on its low seven bits, so no
 * carry crosses bytes), and not a byte with its own top bit set. */
static void lower_copy(char *d, const char *s, size_t n)
{
    const uint64_t ones = 0x0101010101010101ull, top = 0x8080808080808080ull;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, low, upper;
        memcpy(&x, s + i, 8);
        low = x & ~top;
        upper = ((low + (0x80u - 'A') * ones) ^ (low + (0x80u - 'Z' - 1) * ones)) & ~x & top;
        x |= upper >> 2; /* 0x80 >> 2 = 0x20: 'A' -> 'a' */
        memcpy(d + i, &x, 8);
    }
    if (n >= 8 && i < n) {
        /* the last bytes: the eight that end at n, some of them again (the same values) */
        uint64_t x, low, upper;
        memcpy(&x, s + n - 8, 8);
        low = x & ~top;
        upper = ((low + (0x80u - 'A') * ones) ^ (low + (0x80u - 'Z' - 1) * ones)) & ~x & top;
        x |= upper >> 2;
        memcpy(d + n - 8, &x, 8);
        return;
    }
    for (; i < n; i++)
        d[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + ('a' - 'A')) : s[i];
}

/* The end of the run of [a-z0-9_] (a mnemonic's characters) at s[i]; eight bytes at a time (s
 * is readable up to the 8 bytes after the NUL that ends it: gcn_parse's LINE_PAD). Per byte, on
 * its low seven bits (no carry crosses bytes): adding 0x80 - lo sets the top bit when it is >=
 * lo, adding 0x80 - hi - 1 when it is > hi; a byte with its own top bit set is no word
 * character. */
static size_t word_end(const char *s, size_t i)
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

/* strtol(s, end, 10) for a register number: up to 9 digits read here, anything else by
 * strtol (the same result). */
static long reg_number(const char *s, char **end)
{
    long v = 0;
    unsigned k;
    for (k = 0; k < 9 && s[k] >= '0' && s[k] <= '9'; k++)
        v = v * 10 + (s[k] - '0');
    if (k == 0 || k == 9)
        return strtol(s, end, 10);
    *end = (char *)(uintptr_t)(s + k);
    return v;
}

/* The position after the blanks at s[i] */
static size_t skip_blanks(const char *s, size_t i)
{
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    return i;
}

/* The characters token_end stops at: NUL, blanks, ',', brackets, parentheses, '"' (a table:
 * one load per character) */
static const unsigned char token_stop[256] = {
    [0] = 1,   ['\t'] = 1, [' '] = 1, ['"'] = 1, ['('] = 1,
    [')'] = 1, [','] = 1,  ['['] = 1, [']'] = 1,
};

/* The token up to a separator: ',' or blank or end. */
static size_t token_end(const pctx *p, size_t from)
{
    const unsigned char *s = (const unsigned char *)p->s;
    size_t i = from;
    int depth = 0;
    for (;;) {
        unsigned char c;
        while (!token_stop[s[i]])
            i++;
        c = s[i];
        if (!c)
            break;
        if (c == '[' || c == '(')
            depth++;
        else if ((c == ']' || c == ')') && depth)
            depth--;
        else if (!depth && (c == ',' || c == ' ' || c == '\t'))
            break;
        else if (c == '"') {
            i++;
            while (s[i] && s[i] != '"')
                i++;
            if (!s[i])
                break;
        }
        i++;
    }
    return i;
}

/* A whole-token number: decimal, 0x hex, 0 octal, optional sign; at most 48 bits. */
static int number(const char *s, size_t n, int64_t *out)
{
    size_t k = 0;
    int neg = 0;
    uint64_t v = 0;
    if (n && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        k = 1;
    }
    if (k >= n || s[k] < '0' || s[k] > '9')
        return 0;
    if (n - k > 2 && s[k] == '0' && s[k + 1] == 'x') {
        for (k += 2; k < n; k++) {
            char c = s[k];
            unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                         : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                                                : 16u;
            if (d > 15 || v >> 44)
                return 0;
            v = v << 4 | d;
        }
    } else {
        /* a leading 0 makes it octal, as in LLVM's assembler */
        unsigned base = n - k > 1 && s[k] == '0' ? 8 : 10;
        for (; k < n; k++) {
            if (s[k] < '0' || s[k] >= (char)('0' + base) || v > 0xffffffffffffull / base)
                return 0;
            v = v * base + (uint64_t)(s[k] - '0');
        }
    }
    if (v > 0xffffffffffffull)
        return 0;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 1;
}

/* The n bytes of a token of the line and of a name of the tables' string pool are the same:
 * compared eight bytes at a time (both are readable past their end: the pool pads each string
 * with GCN_POOL_PAD bytes, gcn_parse its line with LINE_PAD). */
#define LINE_PAD 8
static int same_name(const char *tok, const char *name, size_t n)
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

/* gcn_name_hash of n bytes of the line or the pool (readable 8 bytes past their end: LINE_PAD,
 * GCN_POOL_PAD), with two 8-byte loads where gcn_name_hash assembles the bytes one by one: the
 * same value. */
static uint32_t line_name_hash(const char *s, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t a, b, h;
    memcpy(&a, s, 8);
    if (n < 8) {
        a &= n ? ~0ull >> (8 * (8 - n)) : 0;
        b = a;
    } else
        memcpy(&b, s + n - 8, 8);
    h = (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xc2b2ae3d27d4eb4full) ^ n;
    return (uint32_t)(h ^ (h >> 32));
#else
    return gcn_name_hash(s, n);
#endif
}

static int same(const char *a, const char *b, size_t n)
{
    return b && strlen(b) == n && memcmp(a, b, n) == 0;
}

/* The code a scalar operand spelling names on the generation (binary search of the sorted
 * spellings): wide selects the 64-bit spelling, -1 either. -1 when none. */
static int spelled(const gcn_tables *t, unsigned gen, const char *tok, size_t n, int wide)
{
    const uint16_t *slots = t->name_hash + gen * (t->name_hash_mask + 1u);
    uint32_t h = line_name_hash(tok, n) & t->name_hash_mask;
    size_t k;
    for (; slots[h] != GCN_HASH_EMPTY; h = (h + 1) & t->name_hash_mask) {
        const gcn_scalar_name_row *x = &t->scalar_names[slots[h]];
        if (x->len != n || !same_name(tok, x->name, n))
            continue;
        /* the rows of one spelling are adjacent: the 32-bit one first */
        for (k = slots[h]; k < t->scalar_name_first[gen + 1]; k++) {
            const gcn_scalar_name_row *r = &t->scalar_names[k];
            if (r->len != n || !same_name(tok, r->name, n))
                break;
            if (wide < 0 || r->wide == (unsigned)wide)
                return r->code;
        }
        return -1;
    }
    return -1;
}

/* A decimal register number as the name tables write it (no leading zero) at tok[*k], at most 3
 * digits; -1 when there is none. */
static int reg_digits(const char *tok, size_t n, size_t *k)
{
    size_t from = *k;
    int v = 0;
    while (*k < n && *k - from < 4 && tok[*k] >= '0' && tok[*k] <= '9')
        v = v * 10 + (tok[(*k)++] - '0');
    if (*k == from || *k - from > 3 || (tok[from] == '0' && *k - from > 1))
        return -1;
    return v;
}

/* "sN", and "s[N:N+1]" for an even N, as the name tables spell an SGPR and an SGPR pair: the code
 * of SGPR N through reg_code, the table the name table's spellings come from, without hashing
 * the name; -1 for anything else (the name table then decides). */
static int sgpr_number(const gcn_tables *t, unsigned gen, const char *tok, size_t n, unsigned regs)
{
    size_t k = 1;
    int v, z;
    unsigned c;
    if (n < 2 || tok[0] != 's')
        return -1;
    if (regs == 1) {
        v = reg_digits(tok, n, &k);
        if (v < 0 || k != n)
            return -1;
    } else {
        if (tok[1] != '[')
            return -1;
        k = 2;
        v = reg_digits(tok, n, &k);
        if (v < 0 || (v & 1) || k >= n || tok[k++] != ':')
            return -1;
        z = reg_digits(tok, n, &k);
        if (z != v + 1 || k + 1 != n || tok[k] != ']')
            return -1;
    }
    c = v < 128 ? t->reg_code[gen * 2u * 128u + (unsigned)v] : 0xffu;
    return c == 0xffu ? -1 : (int)c;
}

/* A scalar register operand by name: s5, vcc, s[4:5], ttmp[4:7], exec, m0 ... */
static int scalar_reg(pctx *p, const char *tok, size_t n, unsigned regs, int dst, unsigned *code)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen;
    if (regs <= 2) {
        int c = sgpr_number(t, gen, tok, n, regs);
        if (c >= 0) {
            if (!codec_scalar_reg_ok(t, gen, (unsigned)c, 1, dst))
                return 0;
            *code = (unsigned)c;
            return 1;
        }
    }
    if (regs <= 2) {
        int c = spelled(t, gen, tok, n, regs == 2);
        unsigned cls = c < 0 ? GCN_SC_INVALID : t->code_info[gen * 256u + (unsigned)c] & 0xfu;
        if (cls != GCN_SC_SGPR && cls != GCN_SC_SPECIAL && cls != GCN_SC_TTMP)
            return 0;
        if (!codec_scalar_reg_ok(t, gen, (unsigned)c, regs, dst))
            return 0;
        *code = (unsigned)c;
        return 1;
    } else {
        /* s[a:b] / ttmp[a:b] */
        const char *b = memchr(tok, '[', n);
        long a, z;
        char *e;
        unsigned c;
        int ttmp = n > 4 && memcmp(tok, "ttmp[", 5) == 0;
        if (!b || !(ttmp || (b == tok + 1 && tok[0] == 's')) || !is_digit(b[1]))
            return 0;
        a = reg_number(b + 1, &e);
        if (*e != ':' || a < 0 || a > 127)
            return 0;
        z = reg_number(e + 1, &e);
        if (*e != ']' || e != tok + n - 1 || z != a + (long)regs - 1) /* a <= 127: no overflow */
            return 0;
        c = t->reg_code[(gen * 2u + (ttmp ? 1u : 0u)) * 128u + (unsigned)a];
        if (c == 0xff || !codec_scalar_reg_ok(t, gen, c, regs, dst))
            return 0;
        *code = c;
        return 1;
    }
}

/* sN, s[a:b], ttmpN, ttmp[a:b]: the class (ttmp or not) and the first and last numbers. */
static int reg_name(const char *tok, size_t n, int *ttmp, long *a, long *z)
{
    size_t k = 0;
    char *e;
    *ttmp = n > 4 && memcmp(tok, "ttmp", 4) == 0;
    if (*ttmp)
        k = 4;
    else if (n > 1 && tok[0] == 's')
        k = 1;
    else
        return 0;
    if (tok[k] == '[') {
        if (!is_digit(tok[k + 1]))
            return 0;
        *a = strtol(tok + k + 1, &e, 10);
        if (*e != ':' || !is_digit(e[1]))
            return 0;
        *z = strtol(e + 1, &e, 10);
        return *e == ']' && e == tok + n - 1 && *z >= *a;
    }
    if (!is_digit(tok[k]))
        return 0;
    *a = *z = strtol(tok + k, &e, 10);
    return e == tok + n;
}

/* Why a token is not the scalar register operand wanted: the most specific reason. */
static gcn_status reg_error(pctx *p, const char *tok, size_t n, unsigned regs, int dst, size_t col)
{
    const gcn_tables *t = p->t;
    unsigned gen = p->in->gen, g;
    int64_t v;
    int sp, ttmp;
    long a, z;
    if (dst && number(tok, n, &v))
        return err(p, col, "the destination must be a register, not the constant '%.*s'",
                   TOK(tok, n));
    if (n > 1 && tok[0] == 'v' && (is_digit(tok[1]) || tok[1] == '['))
        return err(p, col, "'%.*s' is a VGPR: this operand takes a scalar register", TOK(tok, n));
    if (reg_name(tok, n, &ttmp, &a, &z)) {
        const uint8_t *codes = t->reg_code + (gen * 2u + (ttmp ? 1u : 0u)) * 128u;
        long last = -1, i;
        for (i = 0; i < 128; i++)
            if (codes[i] != 0xff)
                last = i;
        if (z > last)
            return err(p, col, "'%.*s' is out of range: %s has %s0 to %s%ld", TOK(tok, n),
                       gcn_gen_id((int)gen), ttmp ? "ttmp" : "s", ttmp ? "ttmp" : "s", last);
        if ((unsigned long)(z - a + 1) != regs)
            return err(p, col, "'%.*s' is %ld register%s: this operand takes %u", TOK(tok, n),
                       z - a + 1, z > a ? "s" : "", regs);
        if (regs > 1 && a % (regs == 2 ? 2 : 4))
            return err(p, col,
                       "'%.*s' is misaligned: a %u-register operand starts at a multiple of %u",
                       TOK(tok, n), regs, regs == 2 ? 2u : 4u);
    }
    sp = spelled(t, gen, tok, n, -1);
    if (sp >= 0) {
        unsigned cls = t->code_info[gen * 256u + (unsigned)sp] & 0xfu;
        if (dst && cls != GCN_SC_SGPR && cls != GCN_SC_SPECIAL && cls != GCN_SC_TTMP)
            return err(p, col, "the destination must be a register, not '%.*s'", TOK(tok, n));
        if (dst && codec_scalar_reg_ok(t, gen, (unsigned)sp, 1, 0) &&
            !codec_scalar_reg_ok(t, gen, (unsigned)sp, 1, 1))
            return err(p, col, "'%.*s' cannot be written", TOK(tok, n));
        if (spelled(t, gen, tok, n, regs == 2) < 0)
            return err(p, col, "'%.*s' is not %s", TOK(tok, n),
                       regs == 1 ? "a 32-bit operand" : "a 64-bit register pair");
        return err(p, col, "'%.*s' is not allowed here", TOK(tok, n));
    }
    for (g = 0; g < t->ngens; g++)
        if (spelled(t, g, tok, n, -1) >= 0)
            return err(p, col, "'%.*s' does not exist on %s", TOK(tok, n), gcn_gen_id((int)gen));
    return err(p, col, "expected %s, not '%.*s'",
               regs == 1   ? "a scalar register"
               : regs == 2 ? "a scalar register pair (s[2n:2n+1], vcc, exec, ...)"
                           : "a scalar register tuple (s[a:b], ttmp[a:b])",
               TOK(tok, n));
}

/* A source operand: a register, an inline constant (integer, float, or the float's bits), a
 * condition, or a literal. */
static gcn_status ssrc(pctx *p, const char *tok, size_t n, unsigned regs, size_t col,
                       unsigned *code)
{
    int64_t v;
    unsigned c = p->t->literal_code[p->in->gen];
    int sp;
    if (scalar_reg(p, tok, n, regs, 0, code))
        return GCN_OK;
    sp = spelled(p->t, p->in->gen, tok, n, -1);
    if (sp >= 0) {
        unsigned info = p->t->code_info[p->in->gen * 256u + (unsigned)sp];
        if (((info & 0xfu) == GCN_SC_COND || (info & 0xfu) == GCN_SC_INLINE_FLOAT) &&
            (info & 0x10u)) {
            *code = (unsigned)sp;
            return GCN_OK;
        }
    }
    if (number(tok, n, &v)) {
        int ic = codec_inline_code(p->t, p->in->gen, v, regs);
        if (ic >= 0) {
            *code = (unsigned)ic;
            return GCN_OK;
        }
        if (v < -0x80000000ll || v > 0xffffffffll)
            return err(p, col, "'%.*s' does not fit a 32-bit literal", TOK(tok, n));
        if (c != 0xffffu) {
            *code = c;
            p->has_literal = 1;
            p->literal = v;
            return GCN_OK;
        }
    }
    if (regs == 1 && n && n < 40 && memchr(tok, '.', n)) {
        /* a float that is no inline constant: its single-precision bits as the literal */
        char tmp[40], *e;
        double d;
        float f;
        uint32_t bits;
        memcpy(tmp, tok, n);
        tmp[n] = 0;
        d = strtod(tmp, &e);
        if (*e == 0 && isfinite(d)) {
            f = (float)d;
            memcpy(&bits, &f, sizeof(bits));
            if (c != 0xffffu) {
                *code = c;
                p->has_literal = 1;
                p->literal = bits;
                return GCN_OK;
            }
        }
    }
    return reg_error(p, tok, n, regs, 0, col);
}

static unsigned field_width(const pctx *p, unsigned slot)
{
    return slot == GCN_NO_SLOT ? 0 : p->l->slot[slot].width;
}

static int fits_unsigned(int64_t v, unsigned width)
{
    return v >= 0 && (width >= 63 || (uint64_t)v < (1ull << width));
}

static gcn_status operand(pctx *p, const gcn_operand_row *op, const char *tok, size_t n, size_t col)
{
    gcn_inst *in = p->in;
    unsigned code;
    int64_t v;
    switch (op->kind) {
    case GCN_KIND_VGPR: {
        long a, z;
        char *e;
        if (n >= 2 && n <= 4 && tok[0] == 'v' && is_digit(tok[1]) && op->regs == 1) {
            size_t k;
            for (a = 0, k = 1; k < n && is_digit(tok[k]); k++)
                a = a * 10 + (tok[k] - '0');
            if (k == n && a <= 255) {
                in->field[op->slot] = (uint32_t)a;
                return GCN_OK;
            }
        } else if (n >= 4 && tok[0] == 'v' && tok[1] == '[') {
            a = reg_number(tok + 2, &e);
            if (*e == ':') {
                z = reg_number(e + 1, &e);
                if (*e == ']' && e == tok + n - 1 && a >= 0 && a <= 255 && z >= a && z <= 255 &&
                    z - a + 1 == op->regs) {
                    in->field[op->slot] = (uint32_t)a;
                    return GCN_OK;
                }
            }
        }
        if (n > 1 && tok[0] == 'v' && is_digit(tok[1]) && op->regs == 1)
            return err(p, col, "'%.*s' is out of range: VGPRs are v0 to v255", TOK(tok, n));
        if (n > 1 && tok[0] == 'v' && tok[1] == '[')
            return err(p, col, "'%.*s' is not a VGPR tuple of %u registers within v0 to v255",
                       TOK(tok, n), op->regs);
        return err(p, col, "expected %s, not '%.*s'",
                   op->regs == 1 ? "a VGPR (vN)" : "a VGPR tuple (v[a:b])", TOK(tok, n));
    }
    case GCN_KIND_SDST:
    case GCN_KIND_SGPR:
        if (!scalar_reg(p, tok, n, op->regs, 1, &code))
            return reg_error(p, tok, n, op->regs, 1, col);
        in->field[op->slot] = code;
        return GCN_OK;
    case GCN_KIND_SSRC:
        if (ssrc(p, tok, n, op->regs, col, &code) != GCN_OK)
            return GCN_ERR_SYNTAX;
        in->field[op->slot] = code;
        return GCN_OK;
    case GCN_KIND_SBASE:
        if (!scalar_reg(p, tok, n, op->regs, 0, &code) || (code & 1))
            return reg_error(p, tok, n, op->regs, 0, col);
        in->field[op->slot] = code / 2;
        return GCN_OK;
    case GCN_KIND_SMEM_OFFSET:
        if (number(tok, n, &v)) {
            unsigned w = field_width(p, op->slot);
            int sgn = (op->signed_gens >> in->gen) & 1;
            if (sgn ? !(v >= -(1ll << (w - 1)) && v < (1ll << (w - 1))) : !fits_unsigned(v, w))
                return err(p, col,
                           sgn ? "expected a signed %s offset" : "expected an unsigned %s offset",
                           w == 21   ? "21-bit"
                           : w == 20 ? "20-bit"
                                     : "immediate");
            in->field[op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
            in->field[op->aux[0]] = 1;
            return GCN_OK;
        }
        /* IMM=0: the number of the SGPR holding the offset (a 7-bit register number) */
        if (!scalar_reg(p, tok, n, 1, 1, &code))
            return err(p, col, "expected an offset (an immediate or an SGPR), not '%.*s'",
                       TOK(tok, n));
        if (op->only_code[in->gen] != 0xffu && code != op->only_code[in->gen])
            return err(p, col,
                       "the offset register of %s must be %s on this generation, not '%.*s'",
                       p->row->mnemonic,
                       codec_scalar(p->t, in->gen, op->only_code[in->gen])->name32, TOK(tok, n));
        in->field[op->slot] = code;
        in->field[op->aux[0]] = 0;
        return GCN_OK;
    case GCN_KIND_SMRD_OFFSET:
        if (number(tok, n, &v)) {
            if (fits_unsigned(v, field_width(p, op->slot))) {
                in->field[op->slot] = (uint32_t)v;
                in->field[op->aux[0]] = 1;
                return GCN_OK;
            }
            if ((op->literal_gens >> in->gen) & 1 && fits_unsigned(v, 32) &&
                p->t->literal_code[in->gen] != 0xffffu) {
                in->field[op->slot] = p->t->literal_code[in->gen];
                in->field[op->aux[0]] = 0;
                p->has_literal = 1;
                p->literal = v;
                return GCN_OK;
            }
            return err(p, col, "offset '%.*s' is out of range", TOK(tok, n));
        }
        if (!scalar_reg(p, tok, n, 1, 0, &code))
            return err(p, col, "expected an offset (an immediate or an SGPR), not '%.*s'",
                       TOK(tok, n));
        in->field[op->slot] = code;
        in->field[op->aux[0]] = 0;
        return GCN_OK;
    case GCN_KIND_IMM:
        if (!number(tok, n, &v) || !fits_unsigned(v, field_width(p, op->slot)))
            return err(p, col, "expected an immediate that fits the field, not '%.*s'",
                       TOK(tok, n));
        in->field[op->slot] = (uint32_t)v;
        return GCN_OK;
    default:
        return err(p, col, "unsupported operand");
    }
}

/* offset:swizzle(QUAD_PERM,a,b,c,d | BITMASK_PERM,"xxxxx" | SWAP,n | REVERSE,n |
 * BROADCAST,g,l) -> the 16-bit offset (the inverse of the printer's forms). */
static int swizzle_value(const char *s, size_t n, int64_t *out)
{
    char buf[64], *args;
    long a[4];
    int na = 0;
    if (n < 10 || n >= sizeof(buf) || memcmp(s, "swizzle(", 8) != 0 || s[n - 1] != ')')
        return 0;
    memcpy(buf, s + 8, n - 9);
    buf[n - 9] = 0;
    args = strchr(buf, ',');
    if (!args)
        return 0;
    *args++ = 0;
    if (strcmp(buf, "bitmask_perm") == 0) {
        unsigned and_m = 0, or_m = 0, xor_m = 0, i;
        if (strlen(args) != 7 || args[0] != '"' || args[6] != '"')
            return 0;
        for (i = 0; i < 5; i++) {
            unsigned bit = 1u << (4 - i);
            switch (args[1 + i]) {
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
                return 0;
            }
        }
        *out = and_m | or_m << 5 | xor_m << 10;
        return 1;
    }
    while (na < 4) {
        char *e;
        a[na++] = strtol(args, &e, 0);
        if (e == args)
            return 0;
        if (*e == 0)
            break;
        if (*e != ',')
            return 0;
        args = e + 1;
    }
    if (strcmp(buf, "quad_perm") == 0 && na == 4) {
        int i;
        *out = 0x8000;
        for (i = 0; i < 4; i++) {
            if (a[i] < 0 || a[i] > 3)
                return 0;
            *out |= a[i] << (2 * i);
        }
        return 1;
    }
    if (strcmp(buf, "swap") == 0 && na == 1 && a[0] > 0 && a[0] < 32 && !(a[0] & (a[0] - 1))) {
        *out = 31 | a[0] << 10;
        return 1;
    }
    if (strcmp(buf, "reverse") == 0 && na == 1 && a[0] >= 2 && a[0] <= 32 && !(a[0] & (a[0] - 1))) {
        *out = 31 | (a[0] - 1) << 10;
        return 1;
    }
    if (strcmp(buf, "broadcast") == 0 && na == 2 && a[0] >= 2 && a[0] <= 32 &&
        !(a[0] & (a[0] - 1)) && a[1] >= 0 && a[1] < a[0]) {
        *out = (32 - a[0]) | a[1] << 5;
        return 1;
    }
    return 0;
}

/* Does row r spell the mnemonic m (n bytes, lower case, readable past its end)? */
static int spells(const gcn_insn_row *r, const char *m, size_t n)
{
    return r->mnemonic_len == n && same_name(m, r->mnemonic, n);
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
                                     uint16_t *index, int *elsewhere)
{
    size_t k = first_spelling(t, m, n), first = k;
    *elsewhere = k < t->ninsns;
    for (; k < t->ninsns; k++) {
        const gcn_insn_row *r = &t->insns[t->by_mnemonic[k]];
        if (k != first && !spells(r, m, n)) /* the first spells it */
            break;
        if (r->opcode[gen] != GCN_NO_INSN) {
            *index = t->by_mnemonic[k];
            return r;
        }
    }
    return NULL;
}

static gcn_status modifier(pctx *p, const char *tok, size_t n, size_t col, unsigned *seen,
                           const gcn_operand_row *soe_op)
{
    const gcn_insn_row *row = p->row;
    const char *colon = memchr(tok, ':', n);
    size_t name_len = colon ? (size_t)(colon - tok) : n;
    unsigned i;
    size_t k;
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        int64_t v;
        if (m->asm_len != name_len || !same_name(tok, m->asm_name, name_len))
            continue;
        if (!((m->gens >> p->in->gen) & 1))
            return err(p, col, "the modifier '%s' does not exist on this generation", m->asm_name);
        if (*seen & (1u << i))
            return err(p, col, "'%s' given twice", m->asm_name);
        *seen |= 1u << i;
        if (m->format == GCN_FMT_FLAG) {
            if (colon)
                return err(p, col, "'%s' takes no value", m->asm_name);
            p->in->field[m->slot] = 1;
            return GCN_OK;
        }
        if (!colon)
            return err(p, col, "'%s' needs a value ('%s:N')", m->asm_name, m->asm_name);
        if (!number(colon + 1, n - name_len - 1, &v) &&
            !(m->format == GCN_FMT_SWIZZLE && swizzle_value(colon + 1, n - name_len - 1, &v)))
            return err(p, col + name_len + 1, "bad value for '%s'", m->asm_name);
        if (!fits_unsigned(v, p->l->slot[m->slot].width))
            return err(p, col + name_len + 1, "'%s' is out of range", m->asm_name);
        p->in->field[m->slot] = (uint32_t)v;
        return GCN_OK;
    }
    /* GCN 1.4 SMEM: "sN offset:imm" = SGPR[SOFFSET] + immediate */
    if (soe_op && colon && same(tok, "offset", name_len) && !(*seen & 0x100u)) {
        int64_t v;
        unsigned w = p->l->slot[soe_op->slot].width;
        if (!number(colon + 1, n - name_len - 1, &v) ||
            !(v >= -(1ll << (w - 1)) && v < (1ll << (w - 1))))
            return err(p, col + name_len + 1, "bad offset");
        *seen |= 0x100u;
        /* the register operand moves to SOFFSET */
        p->in->field[soe_op->aux[2]] = p->in->field[soe_op->slot];
        p->in->field[soe_op->aux[1]] = 1;
        p->in->field[soe_op->aux[0]] = 1;
        p->in->field[soe_op->slot] = (uint32_t)((uint64_t)v & ((1ull << w) - 1));
        return GCN_OK;
    }
    /* the SGPR-plus-immediate SMEM form, where it is not allowed */
    for (i = 0; colon && same(tok, "offset", name_len) && i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        if (op->kind != GCN_KIND_SMEM_OFFSET || op->aux[1] == GCN_NO_SLOT)
            continue;
        if (!p->l->slot[op->aux[1]].width)
            return err(p, col,
                       "the 'sN offset:imm' form (SGPR plus immediate) does not exist on this "
                       "generation");
        return err(p, col, "'offset:' follows an SGPR offset only ('sN offset:imm')");
    }
    /* a modifier this instruction takes on another generation (its rows of the same
     * spelling) */
    for (k = first_spelling(p->t, row->mnemonic, row->mnemonic_len); k < p->t->ninsns; k++) {
        const gcn_insn_row *r = &p->t->insns[p->t->by_mnemonic[k]];
        unsigned j;
        if (!spells(r, row->mnemonic, row->mnemonic_len))
            break;
        for (j = 0; j < r->nmodifiers; j++)
            if (same(tok, r->modifier[j].asm_name, name_len))
                return err(p, col, "'%.*s' does not exist on this generation", TOK(tok, name_len));
    }
    return err(p, col, "unexpected '%.*s'", TOK(tok, n));
}

/* gcn_parse; *literal_out: what codec_check_operands said of the literal. */
static gcn_status parse(int gen, const char *text, gcn_inst *out, gcn_diag *diag, int *literal_out)
{
    const gcn_tables *t = &gcn_codec_table_data;
    char line[LINE_MAX_CHARS + 1 + LINE_PAD];
    pctx p;
    size_t n, i, e;
    unsigned seen = 0;
    const gcn_operand_row *smem = NULL;
    int literal = 0;
    gcn_status st;
    uint16_t index = 0;
    int elsewhere = 0;
    if (diag) {
        diag->col = 0;
        diag->msg[0] = 0;
    }
    if (gen < 0 || (unsigned)gen >= t->ngens || !text || !out)
        return GCN_ERR_INVALID;
    /* the lower-cased copy: measured first (strnlen reads whole vectors), then eight bytes at a
     * time */
    n = strnlen(text, LINE_MAX_CHARS + 1);
    if (n <= LINE_MAX_CHARS)
        lower_copy(line, text, n);
    if (n > LINE_MAX_CHARS) {
        if (diag) {
            diag->col = LINE_MAX_CHARS + 1;
            snprintf(diag->msg, sizeof(diag->msg), "line longer than %d characters",
                     LINE_MAX_CHARS);
        }
        return GCN_ERR_SYNTAX;
    }
    memset(line + n, 0, 1 + LINE_PAD);
    memset(&p, 0, sizeof(p));
    memset(out, 0, sizeof(*out));
    p.t = t;
    p.in = out;
    p.diag = diag;
    p.s = line;
    p.pos = skip_blanks(line, p.pos);
    e = word_end(line, p.pos);
    if (e == p.pos)
        return err(&p, p.pos, "expected a mnemonic");
    p.row = find_insn(t, line + p.pos, e - p.pos, gen, &index, &elsewhere);
    if (!p.row) {
        char m[80];
        snprintf(m, sizeof(m), "%.*s", (int)(e - p.pos < 70 ? e - p.pos : 70), line + p.pos);
        return err(&p, p.pos,
                   elsewhere ? "'%s' does not exist on this generation" : "unknown mnemonic '%s'",
                   m);
    }
    out->insn = index;
    out->gen = (uint8_t)gen;
    out->encoding = p.row->encoding;
    p.l = codec_layout(t, (unsigned)gen, p.row->encoding);
    p.pos = e;
    for (i = 0; i < p.row->noperands; i++) {
        size_t end;
        const gcn_operand_row *op = &p.row->operand[i];
        p.pos = skip_blanks(line, p.pos);
        if (i) {
            if (line[p.pos] != ',')
                return err(&p, p.pos,
                           line[p.pos] ? "expected ',' before operand %s" : "missing operand %s",
                           op->name);
            p.pos++;
            p.pos = skip_blanks(line, p.pos);
        }
        end = token_end(&p, p.pos);
        if (end == p.pos)
            return err(&p, p.pos, "missing operand %s", op->name);
        st = operand(&p, op, line + p.pos, end - p.pos, p.pos);
        if (st != GCN_OK)
            return st;
        if (op->kind == GCN_KIND_SMEM_OFFSET && !p.in->field[op->aux[0]] &&
            op->aux[1] != GCN_NO_SLOT && p.l->slot[op->aux[1]].width)
            smem = op;
        p.pos = end;
    }
    p.pos = skip_blanks(line, p.pos);
    if (line[p.pos] == ',')
        return err(&p, p.pos, "too many operands");
    while (line[p.pos]) {
        size_t end = token_end(&p, p.pos);
        if (end == p.pos)
            return err(&p, p.pos, "unexpected '%c'", line[p.pos]);
        st = modifier(&p, line + p.pos, end - p.pos, p.pos, &seen, smem);
        if (st != GCN_OK)
            return st;
        p.pos = end;
        p.pos = skip_blanks(line, p.pos);
    }
    for (i = 0; i < p.row->nmodifiers; i++)
        if (p.row->modifier[i].required && !(seen & (1u << i)) &&
            ((p.row->modifier[i].gens >> gen) & 1))
            return err(&p, n, "missing required '%s'", p.row->modifier[i].asm_name);
    st = codec_check_operands(t, out, &literal);
    if (st != GCN_OK)
        return err(&p, 0, "invalid operand");
    *literal_out = literal;
    out->size = p.l->bytes;
    if (p.has_literal) {
        out->has_literal = 1;
        out->literal = (uint32_t)p.literal;
        out->size = (uint8_t)(out->size + 4);
    }
    return GCN_OK;
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
    return codec_emit(&gcn_codec_table_data, in, literal, bytes, cap, len);
}
