/* Foreign text (what a checked tool or a peer printed, a document's line) into UTF-8 outputs:
 * JSON, XML and Markdown must stay valid whatever bytes it holds. Every writer that embeds such
 * text goes through gcn_buf_put_text. */
#ifndef GCN_UTIL_TEXT_H
#define GCN_UTIL_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

typedef enum gcn_text_mode {
    GCN_TEXT_PLAIN, /* bytes as they are, made valid UTF-8 */
    GCN_TEXT_JSON,  /* inside a JSON string: " \ and controls escaped */
    GCN_TEXT_XML    /* XML 1.0 character data or attribute value: & < > " ' escaped, and the
                       characters XML forbids (controls but tab, LF and CR; U+FFFE, U+FFFF) made
                       U+FFFD, since no escape can carry them */
} gcn_text_mode;

/* The length (1 to 4) of the well-formed UTF-8 sequence at s[0..n) (RFC 3629: no overlong form,
 * no surrogate, nothing above U+10FFFF) and its code point in *cp; 0 when s does not start one. */
size_t gcn_utf8_seq(const unsigned char *s, size_t n, uint32_t *cp);

/* Appends s (NUL-terminated) to b for `mode`, with each byte that does not start a well-formed
 * UTF-8 sequence replaced by U+FFFD (one per byte, as WHATWG's decoder and Python's 'replace'
 * do for lone bytes). */
void gcn_buf_put_text(gcn_buf *b, const char *s, gcn_text_mode mode);

/* The same into a new string (caller frees); NULL when out of memory. */
char *gcn_text_clean(const char *s, gcn_text_mode mode);

#endif
