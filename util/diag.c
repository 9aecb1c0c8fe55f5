#include "gcnspec/diag.h"

#include <stdarg.h>
#include <string.h>

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
