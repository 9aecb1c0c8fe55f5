/* Shared by the files of the pseudocode front end only. */
#ifndef GCN_SPEC_PSEUDO_INTERNAL_H
#define GCN_SPEC_PSEUDO_INTERNAL_H

#include "spec/pseudo/pseudo.h"

typedef enum ps_tok_kind {
    PS_TOK_EOF,
    PS_TOK_NEWLINE,
    PS_TOK_COMMENT,
    PS_TOK_IDENT,
    PS_TOK_NUMBER,
    PS_TOK_FLOAT, /* decimal 1.5, 0.0f */
    PS_TOK_TYPE,  /* tok.base says which */
    PS_TOK_IF,
    PS_TOK_ELSE,
    PS_TOK_FOR,
    PS_TOK_BREAK,
    PS_TOK_CONTINUE,
    PS_TOK_RESERVED, /* C keywords the dialect does not have: while, return, ... */
    PS_TOK_LPAREN,
    PS_TOK_RPAREN,
    PS_TOK_LBRACKET,
    PS_TOK_RBRACKET,
    PS_TOK_LBRACE,
    PS_TOK_RBRACE,
    PS_TOK_SEMI,
    PS_TOK_COMMA,
    PS_TOK_QUESTION,
    PS_TOK_COLON,
    PS_TOK_TILDE,
    PS_TOK_BANG,
    PS_TOK_INC,
    PS_TOK_DEC,
    PS_TOK_OP /* every binary/assignment operator and the unary ones sharing their spelling;
                 tok.op holds the binary (or assignment) reading */
} ps_tok_kind;

typedef struct ps_token {
    ps_tok_kind kind;
    unsigned line, col; /* document line, 1-based column */
    size_t off, len;    /* into the source text */
    ps_op op;           /* PS_TOK_OP */
    ps_base base;       /* PS_TOK_TYPE */
    uint64_t value;     /* PS_TOK_NUMBER */
    unsigned char width;
    bool is_unsigned;
} ps_token;

typedef struct ps_token_list {
    ps_token *items;
    size_t count;
} ps_token_list;

/* Tokenizes the whole block (comments included, as PS_TOK_COMMENT; consecutive newlines and
 * backslash-newline continuations folded away). The list always ends with PS_TOK_EOF. */
gcn_status ps_lex(const ps_source *src, ps_arena *arena, ps_token_list *out, gcn_diag *diag);

/* Arena helpers. */
char *ps_arena_strndup(ps_arena *arena, const char *s, size_t n);

/* A growable array of pointers living in an arena (old storage is abandoned on growth). */
typedef struct ps_ptr_vec {
    void **items;
    size_t count, cap;
} ps_ptr_vec;

bool ps_ptr_vec_push(ps_arena *arena, ps_ptr_vec *v, void *item);

#endif
