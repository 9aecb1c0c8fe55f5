/* util/text: every byte string becomes valid UTF-8 (ill-formed sequences are U+FFFD, one per
 * byte), JSON escapes and XML 1.0 character data; well-formed text passes unchanged. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/text.h"

#define FFFD "\xef\xbf\xbd"

static void expect(const char *in, gcn_text_mode mode, const char *want)
{
    char *got = gcn_text_clean(in, mode);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("mode %d: got '%s', want '%s'", (int)mode, got, want);
    free(got);
}

static void test_sequences(void **state)
{
    static const struct {
        const char *bytes;
        size_t len; /* 0: ill-formed at its first byte */
        uint32_t cp;
    } cases[] = {
        {"A", 1, 0x41},
        {"\xc2\x80", 2, 0x80},
        {"\xdf\xbf", 2, 0x7ff},
        {"\xe0\xa0\x80", 3, 0x800},
        {"\xed\x9f\xbf", 3, 0xd7ff},
        {"\xee\x80\x80", 3, 0xe000},
        {"\xef\xbf\xbf", 3, 0xffff},
        {"\xf0\x90\x80\x80", 4, 0x10000},
        {"\xf4\x8f\xbf\xbf", 4, 0x10ffff},
        {"\x80", 0, 0},             /* a lone continuation byte */
        {"\xc0\xaf", 0, 0},         /* overlong '/' */
        {"\xc1\xbf", 0, 0},         /* overlong */
        {"\xe0\x80\xaf", 0, 0},     /* overlong */
        {"\xf0\x80\x80\xaf", 0, 0}, /* overlong */
        {"\xed\xa0\x80", 0, 0},     /* a surrogate, U+D800 */
        {"\xed\xbf\xbf", 0, 0},     /* U+DFFF */
        {"\xf4\x90\x80\x80", 0, 0}, /* U+110000 */
        {"\xf5\x80\x80\x80", 0, 0},
        {"\xff", 0, 0},
        {"\xe2\x82", 0, 0}, /* cut short */
        {"\xe2\x28\xa1", 0, 0},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint32_t cp = 0xdeadbeef;
        size_t n = gcn_utf8_seq((const unsigned char *)cases[i].bytes, strlen(cases[i].bytes), &cp);
        if (n != cases[i].len)
            fail_msg("case %zu: length %zu, want %zu", i, n, cases[i].len);
        if (n && cp != cases[i].cp)
            fail_msg("case %zu: U+%04X, want U+%04X", i, (unsigned)cp, (unsigned)cases[i].cp);
    }
}

static void test_plain(void **state)
{
    (void)state;
    expect("s_mov_b32 s0, 1 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", GCN_TEXT_PLAIN,
           "s_mov_b32 s0, 1 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    /* one U+FFFD per byte that starts no sequence; the rest resynchronizes */
    expect("a\xff\xfe"
           "b\xe2\x82"
           "c\xed\xa0\x80"
           "d",
           GCN_TEXT_PLAIN, "a" FFFD FFFD "b" FFFD FFFD "c" FFFD FFFD FFFD "d");
    /* a sequence cut by a fixed-size buffer at the end of the string */
    expect("x\xe2\x82", GCN_TEXT_PLAIN, "x" FFFD FFFD);
    expect("tab\tesc\x1b", GCN_TEXT_PLAIN, "tab\tesc\x1b");
}

static void test_json(void **state)
{
    (void)state;
    expect("q\"b\\n\n\r\t\x01\x1f\x7f", GCN_TEXT_JSON, "q\\\"b\\\\n\\n\\r\\t\\u0001\\u001f\x7f");
    expect("\xc3\x28", GCN_TEXT_JSON, FFFD "(");
}

static void test_xml(void **state)
{
    (void)state;
    expect("<a href='x'>&\"</a>", GCN_TEXT_XML,
           "&lt;a href=&apos;x&apos;&gt;&amp;&quot;&lt;/a&gt;");
    /* controls other than tab, LF and CR, and U+FFFE/U+FFFF, are no XML 1.0 characters */
    expect("\t\n\r\x01\x1b[31m\x7f\xef\xbf\xbe\xef\xbf\xbf\xef\xbf\xbd", GCN_TEXT_XML,
           "\t\n\r" FFFD FFFD "[31m\x7f" FFFD FFFD FFFD);
    expect("\xf0\x9f\x98\x80\xff", GCN_TEXT_XML, "\xf0\x9f\x98\x80" FFFD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequences),
        cmocka_unit_test(test_plain),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_xml),
    };
    return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
