/* The pseudocode front end: lexer, parser, AST, printer, static checker and access summary for
 * the C-like "Operation:" blocks of the ISA documents (and the vISA "Semantics" block).
 *
 * One block is parsed at a time. Every node lives in a caller-owned arena that is freed at once;
 * nothing here keeps global mutable state. Positions are document positions: line k (0-based) of
 * ps_source.text is document line first_line + k, columns are 1-based bytes of that line. */
#ifndef GCN_SPEC_PSEUDO_H
#define GCN_SPEC_PSEUDO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* ---- source and arena ------------------------------------------------------------------------ */

typedef struct ps_source {
    const char *file;    /* for diagnostics only */
    unsigned first_line; /* document line of the first line of text (1-based) */
    const char *text;    /* the block's lines joined with '\n', NUL-terminated */
} ps_source;

typedef struct ps_arena_chunk ps_arena_chunk;

/* Bump allocator owned by the caller: ps_arena_init, any number of parses, ps_arena_free. */
typedef struct ps_arena {
    ps_arena_chunk *head;
    size_t total; /* bytes obtained from malloc, for tests */
} ps_arena;

void ps_arena_init(ps_arena *arena);
void ps_arena_free(ps_arena *arena);
/* Zeroed, aligned for any object; NULL when out of memory or size is absurd. */
void *ps_arena_alloc(ps_arena *arena, size_t size);

/* ---- types ----------------------------------------------------------------------------------- */

/* name, spelling, width in bits (0 = unknown), signed, floating */
#define PS_BASE_LIST(X)                                                                            \
    X(PS_UINT8, "UINT8", 8, 0, 0)                                                                  \
    X(PS_UINT16, "UINT16", 16, 0, 0)                                                               \
    X(PS_UINT32, "UINT32", 32, 0, 0)                                                               \
    X(PS_UINT64, "UINT64", 64, 0, 0)                                                               \
    X(PS_UINT128, "UINT128", 128, 0, 0)                                                            \
    X(PS_INT8, "INT8", 8, 1, 0)                                                                    \
    X(PS_INT16, "INT16", 16, 1, 0)                                                                 \
    X(PS_INT32, "INT32", 32, 1, 0)                                                                 \
    X(PS_INT64, "INT64", 64, 1, 0)                                                                 \
    X(PS_FLOAT, "FLOAT", 32, 1, 1)                                                                 \
    X(PS_DOUBLE, "DOUBLE", 64, 1, 1)                                                               \
    X(PS_HALF, "HALF", 16, 1, 1)                                                                   \
    X(PS_BYTE, "BYTE", 8, 0, 0)                                                                    \
    X(PS_UINT, "UINT", 0, 0, 0)                                                                    \
    X(PS_UD, "UD", 32, 0, 0)                                                                       \
    X(PS_C_INT, "int", 32, 1, 0)

typedef enum ps_base {
#define PS_BASE_ENUM(id, text, width, is_signed, is_float) id,
    PS_BASE_LIST(PS_BASE_ENUM)
#undef PS_BASE_ENUM
        PS_BASE_COUNT
} ps_base;

typedef struct ps_type {
    ps_base base;
    unsigned char ptr; /* levels of '*' */
} ps_type;

const char *ps_base_name(ps_base base);
unsigned ps_base_width(ps_base base); /* 0 when unknown (UINT) */
bool ps_base_signed(ps_base base);
bool ps_base_float(ps_base base); /* HALF, FLOAT, DOUBLE */
/* Same object type: BYTE is UINT8 and UD is UINT32. */
bool ps_type_same(ps_type a, ps_type b);

/* ---- operators ------------------------------------------------------------------------------- */

#define PS_OP_LIST(X)                                                                              \
    X(PS_OP_NEG, "-")                                                                              \
    X(PS_OP_POS, "+")                                                                              \
    X(PS_OP_NOT, "!")                                                                              \
    X(PS_OP_BITNOT, "~")                                                                           \
    X(PS_OP_DEREF, "*")                                                                            \
    X(PS_OP_ADDR, "&")                                                                             \
    X(PS_OP_PREINC, "++")                                                                          \
    X(PS_OP_PREDEC, "--")                                                                          \
    X(PS_OP_POSTINC, "++")                                                                         \
    X(PS_OP_POSTDEC, "--")                                                                         \
    X(PS_OP_MUL, "*")                                                                              \
    X(PS_OP_DIV, "/")                                                                              \
    X(PS_OP_MOD, "%")                                                                              \
    X(PS_OP_ADD, "+")                                                                              \
    X(PS_OP_SUB, "-")                                                                              \
    X(PS_OP_SHL, "<<")                                                                             \
    X(PS_OP_SHR, ">>")                                                                             \
    X(PS_OP_LT, "<")                                                                               \
    X(PS_OP_LE, "<=")                                                                              \
    X(PS_OP_GT, ">")                                                                               \
    X(PS_OP_GE, ">=")                                                                              \
    X(PS_OP_EQ, "==")                                                                              \
    X(PS_OP_NE, "!=")                                                                              \
    X(PS_OP_BITAND, "&")                                                                           \
    X(PS_OP_BITXOR, "^")                                                                           \
    X(PS_OP_BITOR, "|")                                                                            \
    X(PS_OP_AND, "&&")                                                                             \
    X(PS_OP_OR, "||")                                                                              \
    X(PS_OP_ASSIGN, "=")                                                                           \
    X(PS_OP_MUL_ASSIGN, "*=")                                                                      \
    X(PS_OP_DIV_ASSIGN, "/=")                                                                      \
    X(PS_OP_MOD_ASSIGN, "%=")                                                                      \
    X(PS_OP_ADD_ASSIGN, "+=")                                                                      \
    X(PS_OP_SUB_ASSIGN, "-=")                                                                      \
    X(PS_OP_SHL_ASSIGN, "<<=")                                                                     \
    X(PS_OP_SHR_ASSIGN, ">>=")                                                                     \
    X(PS_OP_AND_ASSIGN, "&=")                                                                      \
    X(PS_OP_XOR_ASSIGN, "^=")                                                                      \
    X(PS_OP_OR_ASSIGN, "|=")

typedef enum ps_op {
#define PS_OP_ENUM(id, text) id,
    PS_OP_LIST(PS_OP_ENUM)
#undef PS_OP_ENUM
        PS_OP_COUNT
} ps_op;

const char *ps_op_text(ps_op op);
bool ps_op_is_assign(ps_op op);    /* = and every compound assignment */
bool ps_op_is_compare(ps_op op);   /* == != < <= > >= */
ps_op ps_op_assign_base(ps_op op); /* += -> +, ...; = -> PS_OP_COUNT */

/* ---- AST ------------------------------------------------------------------------------------- */

/* Deeper trees are rejected by the parser, which bounds the recursion of every walk. */
#define PS_MAX_HEIGHT 256

typedef enum ps_node_kind {
    /* statements */
    PS_PROGRAM,   /* u.block, plus u.block.comments */
    PS_BLOCK,     /* { ... } */
    PS_DECL,      /* T name, T name = e, T name[n] */
    PS_EXPR_STMT, /* e */
    PS_IF,
    PS_FOR,
    PS_BREAK,
    PS_CONTINUE,
    /* expressions */
    PS_NAME,
    PS_NUMBER,
    PS_FLOAT_LITERAL, /* decimal floating-point literal, u.flt */
    PS_UNARY,         /* prefix and postfix: u.unary.op says which */
    PS_BINARY,        /* arithmetic, comparison, logical and assignment operators */
    PS_TERNARY,       /* c ? a : b */
    PS_CAST,          /* (T)e, (T*)e, and functional T(e) */
    PS_CALL,          /* NAME(args) */
    PS_INDEX,         /* X[i] */
    PS_RANGE          /* X[a:b], a register range */
} ps_node_kind;

typedef struct ps_node ps_node;

typedef struct ps_comment {
    unsigned line, col;
    const char *text; /* the comment without its "//" or "/ *", NUL-terminated */
} ps_comment;

struct ps_node {
    ps_node_kind kind;
    unsigned line, col; /* first token of the construct */
    bool paren;         /* expression written inside (at least) one pair of parentheses */
    unsigned height;    /* of the subtree, leaves are 1; the parser bounds it (PS_MAX_HEIGHT) */
    union {
        struct {
            ps_node **items;
            size_t count;
            ps_comment *comments; /* PS_PROGRAM only: every comment of the block */
            size_t ncomments;
        } block;
        struct {
            ps_type type;
            const char *name;
            ps_node *array_len; /* NULL unless T name[n] */
            ps_node *init;      /* NULL without initializer */
        } decl;
        struct {
            ps_node *expr;
        } expr_stmt;
        struct {
            ps_node *cond, *then_stmt, *else_stmt; /* else_stmt may be NULL */
        } if_;
        struct {
            ps_node *init; /* PS_DECL, PS_EXPR_STMT or NULL */
            ps_node *cond; /* expression or NULL */
            ps_node *step; /* expression or NULL */
            ps_node *body;
        } for_;
        struct {
            const char *name;
            /* NAME(lo:hi): the operand with the register counts the syntax lines give it
             * ("VMEM(SRSRC, VADDR(1:2), ...)"); regs is false when not written */
            bool regs;
            uint64_t regs_lo, regs_hi;
        } name;
        struct {
            const char *text; /* spelling as written: 0x1fffc, 1ULL */
            uint64_t value;
            unsigned char width; /* C type of the literal: 32 or 64 */
            bool is_unsigned;
        } number;
        struct {
            const char *text; /* spelling as written: 0.5, 65535.0, 0.0f */
            double value;
            bool single; /* 'f' suffix: FLOAT, otherwise DOUBLE (C's rule) */
        } flt;
        struct {
            ps_op op;
            ps_node *operand;
        } unary;
        struct {
            ps_op op;
            unsigned op_line, op_col; /* position of the operator token */
            ps_node *lhs, *rhs;
        } binary;
        struct {
            ps_node *cond, *then_expr, *else_expr;
        } ternary;
        struct {
            ps_type type;
            bool functional; /* UINT64(e) rather than (UINT64)e */
            ps_node *operand;
        } cast;
        struct {
            const char *name;
            ps_node **args;
            size_t nargs;
        } call;
        struct {
            ps_node *base, *index;
        } index;
        struct {
            ps_node *base, *lo, *hi;
        } range;
    } u;
};

/* Parses one block. On success *program is a PS_PROGRAM node allocated in arena. On failure
 * returns GCN_ERR_SYNTAX (or GCN_ERR_NOMEM), *program is NULL and diag holds the file, document
 * line, column of the offending token and a message. diag may be NULL. */
gcn_status ps_parse(const ps_source *src, ps_arena *arena, ps_node **program, gcn_diag *diag);

/* Canonical text: one statement per line, 4-space indentation, normalized spacing, no comments,
 * parentheses exactly where the source had them (and wherever precedence needs them).
 * Deterministic, and parse(print(x)) is equal to x (ps_equal). Works like snprintf: returns the
 * length of the full text and writes at most size-1 bytes plus a NUL. */
size_t ps_print(const ps_node *node, char *buf, size_t size);
/* One expression, same conventions. */
size_t ps_print_expr(const ps_node *expr, char *buf, size_t size);
/* Structural equality ignoring positions and comments. */
bool ps_equal(const ps_node *a, const ps_node *b);

/* ---- static checks --------------------------------------------------------------------------- */

#define PS_ISSUE_LIST(X)                                                                           \
    X(PS_ISSUE_UNKNOWN_NAME, "unknown-name")                                                       \
    X(PS_ISSUE_UNKNOWN_HELPER, "unknown-helper")                                                   \
    X(PS_ISSUE_WRONG_ARITY, "wrong-arity")                                                         \
    X(PS_ISSUE_UNKNOWN_MARKER, "unknown-marker")                                                   \
    X(PS_ISSUE_PRECEDENCE, "precedence")                                                           \
    X(PS_ISSUE_SHIFT_WIDTH, "shift-width")                                                         \
    X(PS_ISSUE_NOT_LVALUE, "not-lvalue")                                                           \
    X(PS_ISSUE_POINTER_TYPE_MISMATCH, "pointer-type-mismatch")                                     \
    X(PS_ISSUE_SHADOWING, "shadowing")                                                             \
    X(PS_ISSUE_UNINITIALIZED, "uninitialized")                                                     \
    X(PS_ISSUE_UNSIZED_TYPE, "unsized-type")                                                       \
    X(PS_ISSUE_OUTPUT_NOT_WRITTEN, "output-read-not-written")

typedef enum ps_issue_code {
#define PS_ISSUE_ENUM(id, text) id,
    PS_ISSUE_LIST(PS_ISSUE_ENUM)
#undef PS_ISSUE_ENUM
        PS_ISSUE_COUNT
} ps_issue_code;

/* Stable string id ("unknown-name"), or "unknown" for an out-of-range code. */
const char *ps_issue_id(ps_issue_code code);
/* PS_ISSUE_COUNT when id names no check. */
ps_issue_code ps_issue_from_id(const char *id);

typedef struct ps_issue {
    ps_issue_code code;
    unsigned line, col; /* document position */
    char msg[256];
} ps_issue;

typedef struct ps_helper {
    const char *name;
    int arity; /* number of arguments, -1 = any */
} ps_helper;

typedef struct ps_env {
    const char *const *names; /* predeclared identifiers: operands and machine state */
    size_t nnames;
    const ps_helper *helpers; /* functions the pseudocode may call */
    size_t nhelpers;
    /* Optional: destination operands of the instruction (VDST, SDST). A block that reads one of
     * them but never writes it has used a destination as a source. */
    const char *const *outputs;
    size_t noutputs;
} ps_env;

/* Runs every check on a parsed program. Stores at most max issues in out, sorted by position
 * then code, and returns how many there are in total (so a result > max means truncation; the
 * stored ones are then the first found, still sorted). Allocates nothing. */
size_t ps_check(const ps_node *program, const ps_env *env, ps_issue *out, size_t max);

/* ---- access summary -------------------------------------------------------------------------- */

typedef struct ps_name_list {
    const char **items; /* in order of first occurrence, no duplicates */
    size_t count;
} ps_name_list;

typedef struct ps_summary {
    ps_name_list written;     /* non-local names assigned at any depth: SCC, VDST, EXEC, SDATA */
    ps_name_list read;        /* non-local names read */
    ps_name_list locals;      /* names declared in the block */
    ps_name_list helpers;     /* functions called */
    ps_name_list mem_written; /* memory written through a dereference, canonical text: "*V" */
    ps_name_list mem_read;    /* memory read through a dereference */
    ps_name_list spaces;      /* non-local names that pointers are formed from: DS, SMEM */
} ps_summary;

/* Fills out; the lists are allocated in arena. A name not declared in the block counts as state
 * (an operand or a machine register). */
gcn_status ps_summarize(const ps_node *program, ps_arena *arena, ps_summary *out);
bool ps_summary_writes(const ps_summary *s, const char *name);
bool ps_summary_reads(const ps_summary *s, const char *name);
bool ps_name_list_has(const ps_name_list *list, const char *name);

#endif
