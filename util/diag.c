#define _POSIX_C_SOURCE 200809L /* flockfile */
#include "gcnspec/diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "diag_limit.h"

void gcn_diag_clear(gcn_diag *d)
{
    memset(d, 0, sizeof(*d));
}

void gcn_diag_set(gcn_diag *d, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;
    if (!d)
        return;
    snprintf(d->file, sizeof(d->file), "%s", file ? file : "");
    d->line = line;
    d->col = col;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
    va_end(ap);
}

char *gcn_diag_format(const gcn_diag *d, char *buf, size_t size)
{
    const char *file = d->file[0] ? d->file : "<input>";
    if (d->line && d->col)
        snprintf(buf, size, "%s:%u:%u: %s", file, d->line, d->col, d->msg);
    else if (d->line)
        snprintf(buf, size, "%s:%u: %s", file, d->line, d->msg);
    else
        snprintf(buf, size, "%s: %s", file, d->msg);
    return buf;
}

void gcn_diag_print(const gcn_diag *d, FILE *out)
{
    char buf[GCN_DIAG_FILE_MAX + GCN_DIAG_MSG_MAX + 64];
    fprintf(out, "%s\n", gcn_diag_format(d, buf, sizeof(buf)));
}

/* ---- the count and the limit of reported diagnostics (diag_limit.h) ------------------------ */

static _Atomic unsigned long reported;
static _Atomic unsigned long max_printed = GCN_DIAG_DEFAULT_MAX;

void gcn_diag_set_max(unsigned long max)
{
    max_printed = max;
}

int gcn_diag_parse_max(const char *s, unsigned long *max)
{
    char *end;
    unsigned long v;
    if (!s || *s < '0' || *s > '9')
        return 0;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (*end || errno)
        return 0;
    *max = v;
    return 1;
}

/* 1 when the next report is to be printed */
static int take_turn(void)
{
    unsigned long n = atomic_fetch_add(&reported, 1), max = max_printed;
    return max == 0 || n < max;
}

void gcn_diag_report(FILE *out, const gcn_diag *d)
{
    if (take_turn())
        gcn_diag_print(d, out);
}

void gcn_diag_reportf(FILE *out, const char *fmt, ...)
{
    va_list ap;
    if (!take_turn())
        return;
    flockfile(out);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
    funlockfile(out);
}

unsigned long gcn_diag_reported(void)
{
    return reported;
}

unsigned long gcn_diag_report_end(FILE *out)
{
    unsigned long n = reported, max = max_printed;
    if (max && n > max)
        fprintf(out, "%lu more error%s not shown (%lu in all); --max-errors 0 shows all\n", n - max,
                n - max == 1 ? "" : "s", n);
    return n;
}
