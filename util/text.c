#include "util/text.h"

#include <stdlib.h>
#include <string.h>

size_t gcn_utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
    size_t len, k;
    uint32_t c, min;
    if (!n)
        return 0;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        len = 2;
        c = s[0] & 0x1f;
        min = 0x80;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        len = 3;
        c = s[0] & 0x0f;
        min = 0x800;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        len = 4;
        c = s[0] & 0x07;
        min = 0x10000;
    } else {
        return 0; /* a continuation byte, an overlong lead (C0, C1) or past U+10FFFF (F5-FF) */
    }
    if (n < len)
        return 0;
    for (k = 1; k < len; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[k] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

static int xml_char(uint32_t c)
{
    return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) ||
           (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

void gcn_buf_put_text(gcn_buf *b, const char *s, gcn_text_mode mode)
{
    static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n) {
        uint32_t c;
        size_t len = gcn_utf8_seq(p, n, &c);
        if (!len) {
            gcn_buf_puts(b, replacement);
            p++;
            n--;
            continue;
        }
        if (mode == GCN_TEXT_JSON && c < 0x80) {
            if (c == '"')
                gcn_buf_puts(b, "\\\"");
            else if (c == '\\')
                gcn_buf_puts(b, "\\\\");
            else if (c == '\n')
                gcn_buf_puts(b, "\\n");
            else if (c == '\t')
                gcn_buf_puts(b, "\\t");
            else if (c == '\r')
                gcn_buf_puts(b, "\\r");
            else if (c < 0x20)
                gcn_buf_printf(b, "\\u%04x", (unsigned)c);
            else
                gcn_buf_putc(b, (char)c);
        } else if (mode == GCN_TEXT_XML && !xml_char(c)) {
            gcn_buf_puts(b, replacement);
        } else if (mode == GCN_TEXT_XML && c == '&') {
            gcn_buf_puts(b, "&amp;");
        } else if (mode == GCN_TEXT_XML && c == '<') {
            gcn_buf_puts(b, "&lt;");
        } else if (mode == GCN_TEXT_XML && c == '>') {
            gcn_buf_puts(b, "&gt;");
        } else if (mode == GCN_TEXT_XML && c == '"') {
            gcn_buf_puts(b, "&quot;");
        } else if (mode == GCN_TEXT_XML && c == '\'') {
            gcn_buf_puts(b, "&apos;");
        } else {
            gcn_buf_append(b, p, len);
        }
        p += len;
        n -= len;
    }
}

char *gcn_text_clean(const char *s, gcn_text_mode mode)
{
    gcn_buf b;
    gcn_buf_init(&b);
    gcn_buf_put_text(&b, s, mode);
    if (b.oom) {
        gcn_buf_free(&b);
        return NULL;
    }
    return gcn_buf_take(&b);
}
