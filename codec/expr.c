/* Numbers and absolute expressions of LLVM's assembler syntax (its AMDGPUOperandSyntax page and
 * the generic AsmLexer/AsmParser it rests on), as llvm-mc 14 and 19 read them:
 *   integers  decimal, 0x hex, 0b binary, 0-led octal, 'c' characters; 64 bits, wrapping; a
 *             u/l suffix (u, l, ll, ul, ull) is skipped, as LLVM's lexer does
 *   floats    [0-9]*.[0-9]*([eE][+-]?[0-9]*)?, [0-9]+[eE]..., and hex 0x<h>[.<h>]p[+-]<d>;
 *             a float is an operand's value when it is the whole operand (one '-' may precede
 *             it); inside an expression it stands for its IEEE double bits, as in LLVM
 *   operators GNU as precedence, lowest first: ||; &&; == != <> < <= > >=; + -; | ^ & ! (a !b
 *             is a | ~b); * / % << >> (>> logical). Unary - + ~ !. A comparison is -1 when
 *             true, && and || give 1 or 0.
 * The line is lower case here (gcn_parse lowers it), but for 'c' literals (kept as written). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec_internal.h"

typedef struct xp {
    const char *s;
    size_t pos;
    codec_value_err *e;
} xp;

static int fail(xp *x, size_t at, const char *msg)
{
    if (!x->e->msg[0]) {
        x->e->at = at;
        snprintf(x->e->msg, sizeof(x->e->msg), "%s", msg);
    }
    return 0;
}

static int is_dig(char c)
{
    return (unsigned char)(c - '0') < 10;
}

static int hex_val(char c)
{
    if (is_dig(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static int ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || is_dig(c) || c == '_' || c == '$' || c == '.' || c == '@';
}

static size_t blanks(const char *s, size_t i)
{
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    return i;
}

size_t gcn_codec_float_end(const char *s, size_t i)
{
    size_t k = i;
    if (s[k] == '0' && s[k + 1] == 'x') {
        /* hex float: digits, an optional fraction, then the 'p' exponent */
        k += 2;
        while (hex_val(s[k]) >= 0)
            k++;
        if (s[k] != '.' && s[k] != 'p')
            return 0;
        if (s[k] == '.')
            for (k++; hex_val(s[k]) >= 0;)
                k++;
        if (s[k] != 'p')
            return k; /* no exponent: float_token says so */
        k++;
        if (s[k] == '+' || s[k] == '-')
            k++;
        while (is_dig(s[k]))
            k++;
        return k;
    }
    /* a 0 followed by a digit starts an octal integer, never a float (LLVM's lexer) */
    if (s[k] == '0' && is_dig(s[k + 1]))
        return 0;
    while (is_dig(s[k]))
        k++;
    if (s[k] == '.') {
        if (k == i && !is_dig(s[k + 1]))
            return 0; /* '.' alone is the location counter */
        for (k++; is_dig(s[k]);)
            k++;
    } else if (k == i || s[k] != 'e' || (k - i == 1 && s[i] == '0')) {
        return 0; /* an integer ("0e0" is the integer 0 and a stray "e0") */
    }
    if (s[k] == 'e') {
        k++;
        if (s[k] == '+' || s[k] == '-')
            k++;
        while (is_dig(s[k]))
            k++;
    }
    return k;
}

/* A float token at s[i] (gcn_codec_float_end found its end): its value, or 0 and an error. */
static int float_token(xp *x, size_t i, size_t end, double *d)
{
    char tmp[96], *e;
    size_t n = end - i, k;
    if (n >= sizeof(tmp))
        return fail(x, i, "floating-point number too long");
    memcpy(tmp, x->s + i, n);
    tmp[n] = 0;
    if (tmp[0] == '0' && tmp[1] == 'x') {
        if (!strchr(tmp, 'p'))
            return fail(x, end, "a hexadecimal floating-point number needs its exponent ('p')");
        if (!is_dig(tmp[n - 1]))
            return fail(x, end, "expected the digits of the exponent");
        /* at least one hex digit before or after the point */
        for (k = 2; tmp[k] == '.' || hex_val(tmp[k]) < 0; k++)
            if (tmp[k] == 'p')
                return fail(x, i, "expected hexadecimal digits");
    } else {
        /* an exponent letter without digits counts as none (LLVM's lexer takes "1e" and
         * "1.0e+" for 1.0) */
        while (n && (tmp[n - 1] == 'e' || tmp[n - 1] == '+' || tmp[n - 1] == '-'))
            tmp[--n] = 0;
    }
    *d = strtod(tmp, &e);
    if (*e)
        return fail(x, i, "malformed floating-point number");
    return 1;
}

/* An integer literal at x->pos: 0x hex, 0b binary, 0-led octal, decimal; 64 bits. */
static int int_token(xp *x, uint64_t *v)
{
    const char *s = x->s;
    size_t i = x->pos, k;
    uint64_t r = 0;
    if (s[i] == '0' && s[i + 1] == 'x') {
        for (k = i + 2; hex_val(s[k]) >= 0; k++) {
            if (r >> 60)
                return fail(x, i, "integer out of range: more than 64 bits");
            r = r << 4 | (unsigned)hex_val(s[k]);
        }
        if (k == i + 2)
            return fail(x, i, "expected hexadecimal digits after '0x'");
    } else if (s[i] == '0' && s[i + 1] == 'b' && (s[i + 2] == '0' || s[i + 2] == '1')) {
        for (k = i + 2; s[k] == '0' || s[k] == '1'; k++) {
            if (r >> 63)
                return fail(x, i, "integer out of range: more than 64 bits");
            r = r << 1 | (unsigned)(s[k] - '0');
        }
        if (is_dig(s[k]))
            return fail(x, k, "invalid binary digit");
    } else if (s[i] == '0' && s[i + 1] == 'b') {
        return fail(x, i, "'0b' is a label reference: labels are not supported here");
    } else if (s[i] == '0' && is_dig(s[i + 1])) {
        for (k = i + 1; s[k] >= '0' && s[k] <= '7'; k++) {
            if (r >> 61)
                return fail(x, i, "integer out of range: more than 64 bits");
            r = r << 3 | (unsigned)(s[k] - '0');
        }
        if (is_dig(s[k]))
            return fail(x, k, "invalid octal digit (a number with a leading 0 is octal)");
    } else {
        for (k = i; is_dig(s[k]); k++) {
            unsigned d = (unsigned)(s[k] - '0');
            if (r > (UINT64_MAX - d) / 10)
                return fail(x, i, "integer out of range: more than 64 bits");
            r = r * 10 + d;
        }
    }
    /* C-style suffixes, as LLVM's lexer skips them */
    if (s[k] == 'u')
        k++;
    if (s[k] == 'l')
        k++;
    if (s[k] == 'l')
        k++;
    if (ident_char(s[k]) && s[k] != '.')
        return fail(x, k, "unexpected character after a number");
    x->pos = k;
    *v = r;
    return 1;
}

/* 'c' or '\c' (\n \t \b \\ \' \" \0...): LLVM's character literal. */
static int char_token(xp *x, uint64_t *v)
{
    const char *s = x->s;
    size_t i = x->pos + 1;
    unsigned c = (unsigned char)s[i];
    if (!c || c == '\'')
        return fail(x, x->pos, "empty character literal");
    if (c == '\\') {
        c = (unsigned char)s[++i];
        switch (c) {
        case 'n':
            c = '\n';
            break;
        case 't':
            c = '\t';
            break;
        case 'b':
            c = '\b';
            break;
        case '0':
            c = 0;
            break;
        case '\\':
        case '\'':
        case '"':
            break;
        default:
            return fail(x, i, "unknown escape in a character literal");
        }
    }
    if (s[i + 1] != '\'')
        return fail(x, x->pos, "a character literal holds one character");
    x->pos = i + 2;
    *v = c;
    return 1;
}

static int expr(xp *x, int min_prec, uint64_t *v);

static int primary(xp *x, uint64_t *v)
{
    const char *s = x->s;
    size_t at;
    x->pos = blanks(s, x->pos);
    at = x->pos;
    switch (s[at]) {
    case '-':
    case '+':
    case '~':
    case '!': {
        char op = s[at];
        x->pos++;
        if (!primary(x, v))
            return 0;
        if (op == '-')
            *v = 0 - *v;
        else if (op == '~')
            *v = ~*v;
        else if (op == '!')
            *v = *v == 0;
        return 1;
    }
    case '(':
        x->pos++;
        if (!expr(x, 1, v))
            return 0;
        x->pos = blanks(s, x->pos);
        if (s[x->pos] != ')')
            return fail(x, x->pos, "expected ')'");
        x->pos++;
        return 1;
    case '\'':
        return char_token(x, v);
    default:
        break;
    }
    if (is_dig(s[at]) || (s[at] == '.' && is_dig(s[at + 1]))) {
        size_t end = gcn_codec_float_end(s, at);
        if (end) {
            /* in an expression a float stands for its IEEE double bits, as in LLVM's
             * expression parser: "(1.0)" is 0x3ff0000000000000 */
            double d;
            if (!float_token(x, at, end, &d))
                return 0;
            memcpy(v, &d, sizeof(*v));
            x->pos = end;
            return 1;
        }
        return int_token(x, v);
    }
    if ((s[at] >= 'a' && s[at] <= 'z') || s[at] == '_' || s[at] == '.') {
        size_t k = at;
        char msg[120];
        while (ident_char(s[k]))
            k++;
        snprintf(msg, sizeof(msg),
                 "'%.*s' is a symbol: gcnspec takes numbers and absolute expressions only",
                 (int)(k - at < 40 ? k - at : 40), s + at);
        return fail(x, at, msg);
    }
    if (!s[at])
        return fail(x, at, "expected a number or an expression");
    return fail(x, at, "unexpected character in an expression");
}

/* The binary operator at s[i]: its precedence (0: none) and length. */
static int binop(const char *s, size_t i, int *len)
{
    *len = 2;
    switch (s[i]) {
    case '|':
        if (s[i + 1] == '|')
            return 1;
        *len = 1;
        return 5;
    case '&':
        if (s[i + 1] == '&')
            return 2;
        *len = 1;
        return 5;
    case '=':
        return s[i + 1] == '=' ? 3 : 0;
    case '!':
        if (s[i + 1] == '=')
            return 3;
        *len = 1;
        return 5;
    case '<':
        if (s[i + 1] == '>' || s[i + 1] == '=')
            return 3;
        if (s[i + 1] == '<')
            return 6;
        *len = 1;
        return 3;
    case '>':
        if (s[i + 1] == '=')
            return 3;
        if (s[i + 1] == '>')
            return 6;
        *len = 1;
        return 3;
    case '+':
    case '-':
        *len = 1;
        return 4;
    case '^':
        *len = 1;
        return 5;
    case '/':
        if (s[i + 1] == '/')
            return 0; /* a comment */
        *len = 1;
        return 6;
    case '*':
    case '%':
        *len = 1;
        return 6;
    default:
        return 0;
    }
}

static int apply(xp *x, size_t at, const char *op, int len, uint64_t a, uint64_t b, uint64_t *r)
{
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    switch (op[0]) {
    case '|':
        *r = len == 2 ? (uint64_t)(a || b) : a | b;
        return 1;
    case '&':
        *r = len == 2 ? (uint64_t)(a && b) : a & b;
        return 1;
    case '^':
        *r = a ^ b;
        return 1;
    case '+':
        *r = a + b;
        return 1;
    case '-':
        *r = a - b;
        return 1;
    case '*':
        *r = a * b;
        return 1;
    case '/':
    case '%':
        if (b == 0)
            return fail(x, at, "division by zero");
        if (sa == INT64_MIN && sb == -1)
            return fail(x, at, "the division overflows 64 bits");
        *r = op[0] == '/' ? (uint64_t)(sa / sb) : (uint64_t)(sa % sb);
        return 1;
    case '=':
        *r = a == b ? ~0ull : 0;
        return 1;
    case '!':
        *r = len == 2 ? (a != b ? ~0ull : 0) : a | ~b;
        return 1;
    case '<':
        if (len == 2 && op[1] == '<') {
            if (b > 63)
                return fail(x, at, "shift count out of range (0 to 63)");
            *r = a << b;
        } else if (len == 2 && op[1] == '>')
            *r = a != b ? ~0ull : 0;
        else if (len == 2)
            *r = sa <= sb ? ~0ull : 0;
        else
            *r = sa < sb ? ~0ull : 0;
        return 1;
    case '>':
        if (len == 2 && op[1] == '>') {
            if (b > 63)
                return fail(x, at, "shift count out of range (0 to 63)");
            *r = a >> b;
        } else if (len == 2)
            *r = sa >= sb ? ~0ull : 0;
        else
            *r = sa > sb ? ~0ull : 0;
        return 1;
    default:
        return fail(x, at, "unknown operator");
    }
}

/* Precedence climbing: operators of min_prec or tighter, left to right; the right operand of
 * an operator takes the operators that bind tighter than it. */
static int expr(xp *x, int min_prec, uint64_t *v)
{
    if (!primary(x, v))
        return 0;
    for (;;) {
        size_t at = blanks(x->s, x->pos);
        int len, prec = binop(x->s, at, &len);
        uint64_t rhs;
        if (!prec || prec < min_prec)
            return 1;
        x->pos = at + (size_t)len;
        if (!expr(x, prec + 1, &rhs))
            return 0;
        if (!apply(x, at, x->s + at, len, *v, rhs, v))
            return 0;
    }
}

int gcn_codec_plain_number(const char *s, size_t *pos, int64_t *v)
{
    size_t i = blanks(s, *pos), k;
    int neg = s[i] == '-';
    uint64_t r = 0;
    char c;
    i += (size_t)neg;
    if (s[i] == '0' && s[i + 1] == 'x') {
        for (k = i + 2; hex_val(s[k]) >= 0 && k - i < 17; k++)
            r = r << 4 | (unsigned)hex_val(s[k]);
        if (k == i + 2 || k - i >= 17)
            return 0;
    } else if (s[i] >= '1' && s[i] <= '9') {
        for (k = i; is_dig(s[k]) && k - i < 18; k++)
            r = r * 10 + (unsigned)(s[k] - '0');
        if (k - i >= 18)
            return 0;
    } else if (s[i] == '0') {
        k = i + 1;
    } else {
        return 0;
    }
    c = s[k];
    if (ident_char(c) || c == '\'' || c == '(')
        return 0;
    {
        size_t b = blanks(s, k);
        int len;
        if (binop(s, b, &len))
            return 0;
    }
    *pos = k;
    *v = neg ? (int64_t)(0 - r) : (int64_t)r;
    return 1;
}

int gcn_codec_expr(const char *s, size_t *pos, int64_t *v, codec_value_err *e)
{
    xp x = {s, *pos, e};
    uint64_t r;
    e->msg[0] = 0;
    if (gcn_codec_plain_number(s, pos, v))
        return 1;
    if (!expr(&x, 1, &r))
        return 0;
    *pos = x.pos;
    *v = (int64_t)r;
    return 1;
}

int gcn_codec_value(const char *s, size_t *pos, codec_value_t *v, codec_value_err *e)
{
    size_t i = blanks(s, *pos), k, end;
    int neg = 0;
    e->msg[0] = 0;
    if (gcn_codec_plain_number(s, pos, &v->i)) {
        v->is_float = 0;
        v->d = 0;
        return 1;
    }
    /* a float, with at most one '-' before it */
    k = i;
    if (s[k] == '-') {
        neg = 1;
        k = blanks(s, k + 1);
    }
    if ((is_dig(s[k]) || s[k] == '.') && (end = gcn_codec_float_end(s, k)) != 0) {
        /* what follows is the next operand's, as in LLVM ("1.0+1" is 1.0, then "+1") */
        xp x = {s, k, e};
        if (!float_token(&x, k, end, &v->d))
            return 0;
        v->is_float = 1;
        if (neg)
            v->d = -v->d;
        v->i = 0;
        *pos = end;
        return 1;
    }
    v->is_float = 0;
    v->d = 0;
    return gcn_codec_expr(s, pos, &v->i, e);
}
