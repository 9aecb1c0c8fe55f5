/* The first RFC 8259 fault of a JSON text: its offset and its nature ("expected ',' or '}'
 * after an object member", "unterminated string", "invalid UTF-8 in a string", ...). */
#ifndef GCN_UTIL_JSON_SYNTAX_H
#define GCN_UTIL_JSON_SYNTAX_H

#include <stddef.h>

/* 1 when text[0, len) is one JSON value (whitespace around it); else 0 with *at the fault's
 * byte offset and *why a message naming it (static storage). Nesting deeper than cJSON takes
 * is a fault. */
int gcn_json_syntax_check(const char *text, size_t len, size_t *at, const char **why);

#endif
