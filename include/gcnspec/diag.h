/* A caller-owned diagnostic: where (file, line, column) and what. Printed as
 * "file:line:col: message" (line/col omitted when 0). */
#ifndef GCNSPEC_DIAG_H
#define GCNSPEC_DIAG_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GCN_DIAG_FILE_MAX 512
#define GCN_DIAG_MSG_MAX 1024

typedef struct gcn_diag {
    char file[GCN_DIAG_FILE_MAX];
    unsigned line; /* 1-based, 0 = none */
    unsigned col;  /* 1-based, 0 = none */
    char msg[GCN_DIAG_MSG_MAX];
} gcn_diag;

void gcn_diag_clear(gcn_diag *d);
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
void gcn_diag_set(gcn_diag *d, const char *file, unsigned line, unsigned col, const char *fmt, ...);
/* Writes "file:line:col: message\n". */
void gcn_diag_print(const gcn_diag *d, FILE *out);
/* Formats into buf, returns buf. */
char *gcn_diag_format(const gcn_diag *d, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
