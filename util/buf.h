/* A growable byte/string buffer. Always NUL-terminated after any append. */
#ifndef GCN_UTIL_BUF_H
#define GCN_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct gcn_buf {
    char *data;
    size_t len;
    size_t cap;
    int oom; /* sticky: set when an allocation failed */
} gcn_buf;

void gcn_buf_init(gcn_buf *b);
void gcn_buf_free(gcn_buf *b);
void gcn_buf_reset(gcn_buf *b);
int gcn_buf_reserve(gcn_buf *b, size_t extra);
void gcn_buf_append(gcn_buf *b, const void *data, size_t len);
void gcn_buf_puts(gcn_buf *b, const char *s);
void gcn_buf_putc(gcn_buf *b, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void gcn_buf_printf(gcn_buf *b, const char *fmt, ...);
void gcn_buf_vprintf(gcn_buf *b, const char *fmt, va_list ap);
/* Detaches the string (caller frees); the buffer is left empty. */
char *gcn_buf_take(gcn_buf *b);

/* Bytes as llvm-mc lists them, "0x6c,0x01,0x80,0xbe", into out (size bytes, NUL-terminated; a
 * list that does not fit is cut after a whole byte); returns out. No printf: the fuzz targets
 * format their evidence on every input. */
char *gcn_hex_bytes(const uint8_t *b, size_t n, char *out, size_t size);

#endif
