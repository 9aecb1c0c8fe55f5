#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gcn_buf_init(gcn_buf *b)
{
    memset(b, 0, sizeof(*b));
}

void gcn_buf_free(gcn_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof(*b));
}

void gcn_buf_reset(gcn_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

int gcn_buf_reserve(gcn_buf *b, size_t extra)
{
    size_t need, cap;
    char *p;
    if (b->oom)
        return 0;
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 1;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    p = realloc(b->data, cap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->data = p;
    b->cap = cap;
    return 1;
}

void gcn_buf_append(gcn_buf *b, const void *data, size_t len)
{
    if (!gcn_buf_reserve(b, len))
        return;
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void gcn_buf_puts(gcn_buf *b, const char *s)
{
    gcn_buf_append(b, s, strlen(s));
}

void gcn_buf_putc(gcn_buf *b, char c)
{
    gcn_buf_append(b, &c, 1);
}

void gcn_buf_vprintf(gcn_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    int n;
    size_t room = b->cap > b->len ? b->cap - b->len : 0;
    if (b->oom)
        return;
    /* formatted once where it fits (most calls): measuring first formatted everything twice */
    va_copy(ap2, ap);
    n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, ap2);
    va_end(ap2);
    if (n >= 0 && (size_t)n < room) {
        b->len += (size_t)n;
        return;
    }
    if (room)
        b->data[b->len] = '\0'; /* what did not fit is no part of the buffer */
    if (n < 0 || !gcn_buf_reserve(b, (size_t)n))
        return;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void gcn_buf_printf(gcn_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gcn_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *gcn_buf_take(gcn_buf *b)
{
    char *s;
    if (!b->data)
        gcn_buf_reserve(b, 0);
    s = b->data;
    memset(b, 0, sizeof(*b));
    return s;
}

char *gcn_hex_bytes(const uint8_t *b, size_t n, char *out, size_t size)
{
    static const char digits[] = "0123456789abcdef";
    size_t i, at = 0;
    if (!size)
        return out;
    for (i = 0; i < n && at + 5 < size; i++) {
        if (i)
            out[at++] = ',';
        out[at++] = '0';
        out[at++] = 'x';
        out[at++] = digits[b[i] >> 4];
        out[at++] = digits[b[i] & 15];
    }
    out[at] = 0;
    return out;
}
