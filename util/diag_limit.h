/* How many diagnostics a run prints. A command that reports one diagnostic a bad input item
 * (a line of asm, a word of hex, a vector) reports it here: past the limit (--max-errors) it is
 * counted, not printed, and the end of the run says how many were held back, so 50 MB of junk
 * gives a screenful, not a gigabyte. One count a process, shared by threads. */
#ifndef GCN_UTIL_DIAG_LIMIT_H
#define GCN_UTIL_DIAG_LIMIT_H

#include <stdio.h>

#include "gcnspec/diag.h"

#define GCN_DIAG_DEFAULT_MAX 100

/* 0: print every one. */
void gcn_diag_set_max(unsigned long max);
/* "N" (0 or more, decimal) for --max-errors; 0 when s is none. */
int gcn_diag_parse_max(const char *s, unsigned long *max);
/* Counts d and prints it to out as "file:line:col: message" while within the limit. */
void gcn_diag_report(FILE *out, const gcn_diag *d);
/* The same for a message already in that form (no newline). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void gcn_diag_reportf(FILE *out, const char *fmt, ...);
/* How many were reported (printed or not). */
unsigned long gcn_diag_reported(void);
/* Prints "N more errors not shown (M in all); --max-errors 0 shows all" when some were held
 * back; returns M. */
unsigned long gcn_diag_report_end(FILE *out);

#endif
