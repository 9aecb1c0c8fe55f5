/* Tokenizer for the pseudocode dialect. Newlines are tokens (they end statements); the parser
 * decides where they are insignificant. A backslash at the end of a line joins it to the next. */
#include "spec/pseudo/pseudo_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct lexer {
    const ps_source *src;
    const char *text;
    size_t pos;
    size_t line_start; /* offset of the first byte of the current line */
    unsigned line;     /* 0-based line within the block */
    ps_token_list *out;
    gcn_diag *diag;
} lexer;

static const struct {
    const char *word;
    ps_tok_kind kind;
} keywords[] = {
    {"if", PS_TOK_IF},           {"else", PS_TOK_ELSE},         {"for", PS_TOK_FOR},
    {"break", PS_TOK_BREAK},     {"continue", PS_TOK_CONTINUE}, {"while", PS_TOK_RESERVED},
    {"do", PS_TOK_RESERVED},     {"return", PS_TOK_RESERVED},   {"switch", PS_TOK_RESERVED},
    {"case", PS_TOK_RESERVED},   {"goto", PS_TOK_RESERVED},     {"default", PS_TOK_RESERVED},
    {"sizeof", PS_TOK_RESERVED},
};

/* Longest spellings first so that "<<=" wins over "<<" and "<". */
static const struct {
    const char *text;
    ps_tok_kind kind;
    ps_op op;
} puncts[] = {
    {"<<=", PS_TOK_OP, PS_OP_SHL_ASSIGN}, {">>=", PS_TOK_OP, PS_OP_SHR_ASSIGN},
    {"<<", PS_TOK_OP, PS_OP_SHL},         {">>", PS_TOK_OP, PS_OP_SHR},
    {"<=", PS_TOK_OP, PS_OP_LE},          {">=", PS_TOK_OP, PS_OP_GE},
    {"==", PS_TOK_OP, PS_OP_EQ},          {"!=", PS_TOK_OP, PS_OP_NE},
    {"&&", PS_TOK_OP, PS_OP_AND},         {"||", PS_TOK_OP, PS_OP_OR},
    {"++", PS_TOK_INC, PS_OP_COUNT},      {"--", PS_TOK_DEC, PS_OP_COUNT},
    {"+=", PS_TOK_OP, PS_OP_ADD_ASSIGN},  {"-=", PS_TOK_OP, PS_OP_SUB_ASSIGN},
    {"*=", PS_TOK_OP, PS_OP_MUL_ASSIGN},  {"/=", PS_TOK_OP, PS_OP_DIV_ASSIGN},
    {"%=", PS_TOK_OP, PS_OP_MOD_ASSIGN},  {"&=", PS_TOK_OP, PS_OP_AND_ASSIGN},
    {"|=", PS_TOK_OP, PS_OP_OR_ASSIGN},   {"^=", PS_TOK_OP, PS_OP_XOR_ASSIGN},
    {"(", PS_TOK_LPAREN, PS_OP_COUNT},    {")", PS_TOK_RPAREN, PS_OP_COUNT},
    {"[", PS_TOK_LBRACKET, PS_OP_COUNT},  {"]", PS_TOK_RBRACKET, PS_OP_COUNT},
    {"{", PS_TOK_LBRACE, PS_OP_COUNT},    {"}", PS_TOK_RBRACE, PS_OP_COUNT},
    {";", PS_TOK_SEMI, PS_OP_COUNT},      {",", PS_TOK_COMMA, PS_OP_COUNT},
    {"?", PS_TOK_QUESTION, PS_OP_COUNT},  {":", PS_TOK_COLON, PS_OP_COUNT},
    {"~", PS_TOK_TILDE, PS_OP_COUNT},     {"!", PS_TOK_BANG, PS_OP_COUNT},
    {"=", PS_TOK_OP, PS_OP_ASSIGN},       {"+", PS_TOK_OP, PS_OP_ADD},
    {"-", PS_TOK_OP, PS_OP_SUB},          {"*", PS_TOK_OP, PS_OP_MUL},
    {"/", PS_TOK_OP, PS_OP_DIV},          {"%", PS_TOK_OP, PS_OP_MOD},
    {"&", PS_TOK_OP, PS_OP_BITAND},       {"|", PS_TOK_OP, PS_OP_BITOR},
    {"^", PS_TOK_OP, PS_OP_BITXOR},       {"<", PS_TOK_OP, PS_OP_LT},
    {">", PS_TOK_OP, PS_OP_GT},
};

static unsigned doc_line(const lexer *lx)
{
    return lx->src->first_line + lx->line;
}

static unsigned col_at(const lexer *lx, size_t off)
{
    return (unsigned)(off - lx->line_start + 1);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static gcn_status
fail(lexer *lx, size_t off, const char *fmt, ...)
{
    char msg[GCN_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (lx->diag)
        gcn_diag_set(lx->diag, lx->src->file, doc_line(lx), col_at(lx, off), "%s", msg);
    return GCN_ERR_SYNTAX;
}

static ps_token *push(lexer *lx, ps_tok_kind kind, size_t off, size_t len)
{
    ps_token *t = &lx->out->items[lx->out->count++];
    memset(t, 0, sizeof(*t));
    t->kind = kind;
    t->line = doc_line(lx);
    t->col = col_at(lx, off);
    t->off = off;
    t->len = len;
    return t;
}

static const ps_token *last_significant(const lexer *lx)
{
    for (size_t i = lx->out->count; i > 0; i--)
        if (lx->out->items[i - 1].kind != PS_TOK_COMMENT)
            return &lx->out->items[i - 1];
    return NULL;
}

static bool is_ident_start(int c)
{
    return isalpha(c) || c == '_';
}

static bool is_ident_char(int c)
{
    return isalnum(c) || c == '_';
}

static int digit_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

/* The literal as written from start on (its word characters, and '.' when with_dot), cut to
 * fit the buffer: messages quote it. */
static const char *quote_literal(const char *s, size_t start, bool with_dot, char *buf, size_t size)
{
    size_t e = start;
    while (is_ident_char((unsigned char)s[e]) || (with_dot && s[e] == '.'))
        e++;
    if (e - start > size - 1)
        e = start + size - 1;
    memcpy(buf, s + start, e - start);
    buf[e - start] = '\0';
    return buf;
}

/* Literal type by C's rules (int, unsigned int, long, unsigned long on an LP64 host). */
static void literal_type(ps_token *t, bool decimal, bool has_u, int nl)
{
    uint64_t v = t->value;
    if (nl == 0 && !has_u) {
        if (v <= 0x7fffffffu) {
            t->width = 32, t->is_unsigned = false;
        } else if (!decimal && v <= 0xffffffffu) {
            t->width = 32, t->is_unsigned = true;
        } else {
            t->width = 64, t->is_unsigned = v > 0x7fffffffffffffffu;
        }
    } else if (nl == 0) {
        t->width = v <= 0xffffffffu ? 32 : 64;
        t->is_unsigned = true;
    } else {
        t->width = 64;
        t->is_unsigned = has_u || v > 0x7fffffffffffffffu;
    }
}

static gcn_status lex_number(lexer *lx)
{
    const char *s = lx->text;
    size_t start = lx->pos, p = start, digits;
    unsigned base = 10;
    uint64_t value = 0;
    bool overflow = false, has_u = false;
    int nl = 0;
    ps_token *t;

    if (s[p] == '0' && (s[p + 1] == 'x' || s[p + 1] == 'X'))
        base = 16, p += 2;
    else if (s[p] == '0' && (s[p + 1] == 'b' || s[p + 1] == 'B'))
        base = 2, p += 2;
    else if (s[p] == '0' && isdigit((unsigned char)s[p + 1]))
        base = 8; /* the leading 0 is an octal digit too */
    digits = p;
    while (digit_value((unsigned char)s[p]) < (int)base) {
        unsigned d = (unsigned)digit_value((unsigned char)s[p]);
        if (value > (UINT64_MAX - d) / base)
            overflow = true;
        value = value * base + d;
        p++;
    }
    if (p == digits && base != 10) {
        lx->pos = p;
        return fail(lx, start, "invalid number literal '%s'", base == 16 ? "0x" : "0b");
    }
    if (base == 8 && isdigit((unsigned char)s[p])) {
        char lit[64];
        return fail(lx, start, "invalid digit in octal literal '%s'",
                    quote_literal(s, start, false, lit, sizeof(lit)));
    }
    /* suffix: u, l, ll in either order, case-insensitive but "lL" is not C */
    for (;;) {
        if ((s[p] == 'u' || s[p] == 'U') && !has_u) {
            has_u = true, p++;
        } else if ((s[p] == 'l' || s[p] == 'L') && nl == 0) {
            if (s[p + 1] == s[p])
                nl = 2, p += 2;
            else
                nl = 1, p += 1;
        } else {
            break;
        }
    }
    if (is_ident_char((unsigned char)s[p])) {
        char lit[64];
        return fail(lx, p, "invalid suffix on number literal '%s'",
                    quote_literal(s, start, false, lit, sizeof(lit)));
    }
    if (s[p] == '.' && isdigit((unsigned char)s[p + 1])) {
        char lit[64];
        /* the documents write decimal constants of float code: 0.5, 65535.0, 0.0f */
        if (base != 10 || has_u || nl)
            return fail(lx, start, "only decimal floating-point literals are supported ('%s')",
                        quote_literal(s, start, true, lit, sizeof(lit)));
        p++;
        while (isdigit((unsigned char)s[p]))
            p++;
        if (s[p] == 'f' || s[p] == 'F')
            p++;
        if (is_ident_char((unsigned char)s[p]) || s[p] == '.')
            return fail(lx, p, "invalid suffix on floating-point literal '%s'",
                        quote_literal(s, start, true, lit, sizeof(lit)));
        push(lx, PS_TOK_FLOAT, start, p - start);
        lx->pos = p;
        return GCN_OK;
    }
    if (overflow) {
        char lit[64];
        return fail(lx, start, "number literal '%s' does not fit in 64 bits",
                    quote_literal(s, start, false, lit, sizeof(lit)));
    }
    t = push(lx, PS_TOK_NUMBER, start, p - start);
    t->value = value;
    literal_type(t, base == 10, has_u, nl);
    lx->pos = p;
    return GCN_OK;
}

static void lex_word(lexer *lx)
{
    const char *s = lx->text;
    size_t start = lx->pos, p = start, n;
    ps_token *t;
    while (is_ident_char((unsigned char)s[p]))
        p++;
    n = p - start;
    lx->pos = p;
    for (unsigned b = 0; b < PS_BASE_COUNT; b++) {
        const char *name = ps_base_name((ps_base)b);
        if (strlen(name) == n && memcmp(name, s + start, n) == 0) {
            t = push(lx, PS_TOK_TYPE, start, n);
            t->base = (ps_base)b;
            return;
        }
    }
    for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++) {
        if (strlen(keywords[k].word) == n && memcmp(keywords[k].word, s + start, n) == 0) {
            push(lx, keywords[k].kind, start, n);
            return;
        }
    }
    push(lx, PS_TOK_IDENT, start, n);
}

/* A '.' can only be an error here; say what the author most likely meant. */
static gcn_status lex_dot(lexer *lx)
{
    const char *s = lx->text;
    size_t p = lx->pos;
    const ps_token *prev = last_significant(lx);
    if (prev && prev->kind == PS_TOK_IDENT && prev->off + prev->len == p &&
        isdigit((unsigned char)s[p + 1])) {
        char word[96];
        size_t e = p + 1, n;
        while (is_ident_char((unsigned char)s[e]) ||
               (s[e] == '.' && is_ident_char((unsigned char)s[e + 1])))
            e++;
        n = e - prev->off < sizeof(word) - 1 ? e - prev->off : sizeof(word) - 1;
        memcpy(word, s + prev->off, n);
        word[n] = '\0';
        return fail(lx, p, "unexpected token '.' (%s is not an identifier)", word);
    }
    return fail(lx, p, "unexpected token '.'");
}

static gcn_status lex_punct(lexer *lx)
{
    const char *s = lx->text + lx->pos;
    for (size_t k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
        size_t n = strlen(puncts[k].text);
        if (strncmp(s, puncts[k].text, n) == 0) {
            ps_token *t = push(lx, puncts[k].kind, lx->pos, n);
            t->op = puncts[k].op;
            lx->pos += n;
            return GCN_OK;
        }
    }
    if ((unsigned char)*s >= 0x80 || !isprint((unsigned char)*s)) {
        return fail(lx, lx->pos, "unexpected byte 0x%02x (not an ASCII character)",
                    (unsigned)(unsigned char)*s);
    }
    return fail(lx, lx->pos, "unexpected character '%c'", *s);
}

static void newline(lexer *lx)
{
    const ps_token *prev = last_significant(lx);
    if (prev && prev->kind != PS_TOK_NEWLINE)
        push(lx, PS_TOK_NEWLINE, lx->pos, 1);
    lx->pos++;
    lx->line++;
    lx->line_start = lx->pos;
}

static gcn_status lex_comment(lexer *lx)
{
    const char *s = lx->text;
    size_t start = lx->pos;
    if (s[start + 1] == '/') {
        size_t p = start + 2;
        while (s[p] && s[p] != '\n')
            p++;
        push(lx, PS_TOK_COMMENT, start + 2, p - start - 2)->col = col_at(lx, start);
        lx->pos = p;
        return GCN_OK;
    }
    /* block comment: C treats it as a space, newlines inside included */
    {
        size_t p = start + 2;
        unsigned line = lx->line;
        size_t line_start = lx->line_start;
        ps_token *t;
        while (s[p] && !(s[p] == '*' && s[p + 1] == '/')) {
            if (s[p] == '\n')
                line++, line_start = p + 1;
            p++;
        }
        if (!s[p])
            return fail(lx, start, "unterminated comment: '/*' is never closed");
        t = push(lx, PS_TOK_COMMENT, start + 2, p - start - 2);
        t->col = col_at(lx, start);
        lx->line = line;
        lx->line_start = line_start;
        lx->pos = p + 2;
        return GCN_OK;
    }
}

gcn_status ps_lex(const ps_source *src, ps_arena *arena, ps_token_list *out, gcn_diag *diag)
{
    lexer lx;
    size_t n = strlen(src->text);
    gcn_status st = GCN_OK;

    out->count = 0;
    out->items = ps_arena_alloc(arena, (n + 2) * sizeof(ps_token));
    if (!out->items)
        return GCN_ERR_NOMEM;
    memset(&lx, 0, sizeof(lx));
    lx.src = src;
    lx.text = src->text;
    lx.out = out;
    lx.diag = diag;

    while (st == GCN_OK && lx.text[lx.pos]) {
        unsigned char c = (unsigned char)lx.text[lx.pos];
        if (c == '\n') {
            newline(&lx);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx.pos++;
        } else if (c == '\\') {
            size_t p = lx.pos + 1;
            while (lx.text[p] == ' ' || lx.text[p] == '\t' || lx.text[p] == '\r')
                p++;
            if (lx.text[p] == '\n') {
                lx.pos = p + 1;
                lx.line++;
                lx.line_start = lx.pos;
            } else if (lx.text[p] == '\0') {
                lx.pos = p;
            } else {
                st = fail(&lx, lx.pos, "stray '\\' (a line continuation must end its line)");
            }
        } else if (c == '/' && (lx.text[lx.pos + 1] == '/' || lx.text[lx.pos + 1] == '*')) {
            st = lex_comment(&lx);
        } else if (c == '?' && lx.text[lx.pos + 1] == '?' && lx.text[lx.pos + 2] == '?') {
            st = fail(&lx, lx.pos,
                      "'?"
                      "?"
                      "?' is not pseudocode");
        } else if (isdigit(c)) {
            st = lex_number(&lx);
        } else if (is_ident_start(c)) {
            lex_word(&lx);
        } else if (c == '.') {
            st = lex_dot(&lx);
        } else {
            st = lex_punct(&lx);
        }
    }
    if (st != GCN_OK)
        return st;
    push(&lx, PS_TOK_EOF, lx.pos, 0);
    return GCN_OK;
}
