/* What is wrong with a JSON text, where. cJSON only says where it stopped, and it accepts more
 * than RFC 8259 (01, 1., raw newlines and invalid UTF-8 in strings): this strict recognizer runs
 * first, so every input cJSON is then given is JSON, and a bad one is named by its fault. */
#include "json_syntax.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#define SYN_STR_(x) #x
#define SYN_STR(x) SYN_STR_(x)

typedef struct syn {
    const unsigned char *s, *p, *end;
    const char *why;
    const unsigned char *where;
    int depth;
} syn;

static int fail(syn *y, const unsigned char *at, const char *why)
{
    y->where = at;
    y->why = why;
    return 0;
}

static void skip_ws(syn *y)
{
    while (y->p < y->end && (*y->p == ' ' || *y->p == '\t' || *y->p == '\n' || *y->p == '\r'))
        y->p++;
}

static int hex4(const unsigned char *p, const unsigned char *end, unsigned *v)
{
    int i;
    *v = 0;
    if (end - p < 4)
        return 0;
    for (i = 0; i < 4; i++) {
        unsigned c = p[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            d = (c | 0x20) - 'a' + 10;
        else
            return 0;
        *v = *v << 4 | d;
    }
    return 1;
}

/* Length of the UTF-8 sequence at p (RFC 3629: no overlong forms, no surrogates, at most
 * U+10FFFF), 0 when it is not one. */
static int utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0], lo = 0x80, hi = 0xBF;
    int n, i;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4;
    else
        return 0;
    if (end - p < n)
        return 0;
    if (c == 0xE0)
        lo = 0xA0;
    else if (c == 0xED)
        hi = 0x9F;
    else if (c == 0xF0)
        lo = 0x90;
    else if (c == 0xF4)
        hi = 0x8F;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

static int string(syn *y)
{
    const unsigned char *open = y->p++;
    while (y->p < y->end && *y->p != '"') {
        const unsigned char *at = y->p;
        unsigned u, v;
        int n;
        if (*at == '\\') {
            if (at + 1 >= y->end)
                break;
            if (strchr("\"\\/bfnrt", at[1]) && at[1]) {
                y->p += 2;
                continue;
            }
            if (at[1] != 'u')
                return fail(y, at,
                            "invalid escape in a string: JSON has \\\" \\\\ \\/ \\b \\f \\n "
                            "\\r \\t and \\uXXXX");
            if (!hex4(at + 2, y->end, &u))
                return fail(y, at, "invalid escape in a string: \\u takes 4 hex digits");
            y->p += 6;
            if (u >= 0xDC00 && u <= 0xDFFF)
                return fail(y, at,
                            "invalid escape in a string: a lone low surrogate \\uDC00-\\uDFFF");
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (y->end - y->p < 6 || y->p[0] != '\\' || y->p[1] != 'u' ||
                    !hex4(y->p + 2, y->end, &v) || v < 0xDC00 || v > 0xDFFF)
                    return fail(y, at,
                                "invalid escape in a string: a high surrogate \\uD800-\\uDBFF "
                                "must be followed by a low one \\uDC00-\\uDFFF");
                y->p += 6;
            }
            continue;
        }
        if (*at < 0x20)
            return *at == '\n' ? fail(y, open,
                                      "unterminated string: it reaches the end of the "
                                      "line (a line break in a string is written \\n)")
                               : fail(y, at, "control character in a string: write it as \\uXXXX");
        n = utf8_len(at, y->end);
        if (!n)
            return fail(y, at, "invalid UTF-8 in a string");
        y->p += n;
    }
    if (y->p >= y->end)
        return fail(y, open, "unterminated string: no closing '\"' before the end of the file");
    y->p++;
    return 1;
}

static int digits(syn *y)
{
    const unsigned char *from = y->p;
    while (y->p < y->end && *y->p >= '0' && *y->p <= '9')
        y->p++;
    return y->p > from;
}

static int number(syn *y)
{
    const unsigned char *start = y->p;
    if (*y->p == '-')
        y->p++;
    if (y->p < y->end && *y->p == '0') {
        y->p++;
        if (y->p < y->end && *y->p >= '0' && *y->p <= '9')
            return fail(y, start,
                        "invalid number: no leading zeros (write hex values as strings, "
                        "\"0x1f\")");
    } else if (!digits(y)) {
        return fail(y, start, "invalid number: a digit must follow '-'");
    }
    if (y->p < y->end && *y->p == '.') {
        y->p++;
        if (!digits(y))
            return fail(y, start, "invalid number: a digit must follow '.'");
    }
    if (y->p < y->end && (*y->p == 'e' || *y->p == 'E')) {
        y->p++;
        if (y->p < y->end && (*y->p == '+' || *y->p == '-'))
            y->p++;
        if (!digits(y))
            return fail(y, start, "invalid number: a digit must follow the exponent's 'e'");
    }
    return 1;
}

static int value(syn *y);

static int container(syn *y)
{
    int obj = *y->p == '{';
    const unsigned char *open = y->p;
    char close = obj ? '}' : ']';
    if (++y->depth > CJSON_NESTING_LIMIT)
        return fail(y, open,
                    "nesting too deep: more than " SYN_STR(
                        CJSON_NESTING_LIMIT) " arrays and objects inside each other");
    y->p++;
    skip_ws(y);
    if (y->p < y->end && *y->p == close) {
        y->p++;
        y->depth--;
        return 1;
    }
    for (;;) {
        skip_ws(y);
        if (obj) {
            if (y->p >= y->end)
                return fail(y, open,
                            "unterminated object: no closing '}' before the end of the "
                            "file");
            if (*y->p == '}')
                return fail(y, y->p, "trailing comma: a member must follow ',' in an object");
            if (*y->p != '"')
                return fail(y, y->p, "expected a key (a string in double quotes)");
            if (!string(y))
                return 0;
            skip_ws(y);
            if (y->p >= y->end || *y->p != ':')
                return fail(y, y->p < y->end ? y->p : open,
                            y->p < y->end ? "expected ':' after the key"
                                          : "unterminated object: no closing '}' before the end "
                                            "of the file");
            y->p++;
            skip_ws(y);
        } else if (y->p < y->end && *y->p == ']') {
            return fail(y, y->p, "trailing comma: a value must follow ',' in an array");
        }
        if (y->p >= y->end)
            return fail(y, open,
                        obj ? "unterminated object: no closing '}' before the end of "
                              "the file"
                            : "unterminated array: no closing ']' before the end of the "
                              "file");
        if (!value(y))
            return 0;
        skip_ws(y);
        if (y->p >= y->end)
            return fail(y, open,
                        obj ? "unterminated object: no closing '}' before the end of "
                              "the file"
                            : "unterminated array: no closing ']' before the end of the "
                              "file");
        if (*y->p == ',') {
            y->p++;
            continue;
        }
        if (*y->p == close) {
            y->p++;
            y->depth--;
            return 1;
        }
        return fail(y, y->p,
                    obj ? "expected ',' or '}' after an object member"
                        : "expected ',' or ']' after an array element");
    }
}

static int literal(syn *y, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(y->end - y->p) >= n && memcmp(y->p, word, n) == 0) {
        y->p += n;
        return 1;
    }
    return 0;
}

static int value(syn *y)
{
    unsigned c;
    skip_ws(y);
    if (y->p >= y->end)
        return fail(y, y->p, "expected a value before the end of the file");
    c = *y->p;
    if (c == '{' || c == '[')
        return container(y);
    if (c == '"')
        return string(y);
    if (c == '-' || (c >= '0' && c <= '9'))
        return number(y);
    if (literal(y, "true") || literal(y, "false") || literal(y, "null"))
        return 1;
    if (c == '+' || c == '.')
        return fail(y, y->p, "invalid number: a number starts with '-' or a digit");
    if (c == '\'')
        return fail(y, y->p, "expected a value: strings take double quotes");
    if (c >= 0x80)
        return fail(y, y->p,
                    utf8_len(y->p, y->end) ? "expected a value, not a non-ASCII character"
                                           : "invalid UTF-8");
    return fail(y, y->p,
                "expected a value (an object, array, string, number, true, false or "
                "null)");
}

int gcn_json_syntax_check(const char *text, size_t len, size_t *at, const char **why)
{
    syn y;
    memset(&y, 0, sizeof(y));
    y.s = y.p = (const unsigned char *)text;
    y.end = y.s + len;
    skip_ws(&y);
    if (y.p >= y.end) {
        *at = len;
        *why = "empty file: expected a JSON document";
        return 0;
    }
    if (value(&y)) {
        skip_ws(&y);
        if (y.p >= y.end)
            return 1;
        fail(&y, y.p, "trailing data after the value: a JSON document holds one value");
    }
    *at = (size_t)(y.where - y.s);
    *why = y.why;
    return 0;
}
