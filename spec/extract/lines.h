/* A document split into lines (1-based), validated as UTF-8 text without NUL bytes. */
#ifndef GCN_SPEC_EXTRACT_LINES_H
#define GCN_SPEC_EXTRACT_LINES_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

typedef struct doc_lines {
    const char *file;
    char **line; /* line[0] is document line 1; '\r' and trailing blanks removed */
    size_t n;
    char *store;
} doc_lines;

gcn_status doc_lines_split(doc_lines *d, const char *file, const char *text, size_t len,
                           gcn_diag *diag);
void doc_lines_free(doc_lines *d);
/* 1-based access; "" past the end. */
const char *doc_line(const doc_lines *d, size_t lineno);
int line_is_blank(const char *s);

#endif
