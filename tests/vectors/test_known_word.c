/* vectors/known_word: the entries that say a peer crashes on a word ("llvm": "crash") and the
 * entries on encodings the codec does not model yet (the catalogue's VOP3P, MIMG, ...): what
 * loads, what is refused at which line:col, and what a crash entry explains. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gcnspec/codec.h"
#include "vectors/known_word.h"

/* An entry on VOP3P (not modelled yet) with the outcome, classification and condition given (the
 * reproducer is the word LLVM 14 and 19 crash on). Line 8 holds "llvm", line 9 the classification,
 * line 10 "when". */
static void entry_text(char *out, size_t size, const char *encoding, const char *ours,
                       const char *llvm, const char *classification, const char *when)
{
    snprintf(out, size,
             "{\"id\": \"t\",\n"
             " \"gens\": [\"gcn1.4\"],\n"
             " \"peers\": [\"llvm-14\"],\n"
             " \"encoding\": \"%s\",\n"
             " \"instruction\": \"i\",\n"
             " \"pattern\": \"p\",\n"
             " \"ours\": \"%s\",\n"
             " \"llvm\": \"%s\",\n"
             " \"classification\": \"%s\",\n"
             " \"when\": %s,\n"
             " \"explanation\": \"e\",\n"
             " \"reproducer\": {\"gen\": \"gcn1.4\", \"bytes\": "
             "\"0xf9,0x00,0x00,0x00,0x00,0x07,0x00,0x00\",\n"
             "   \"gcnspec\": \"(rejected: no encoding matches)\", \"llvm-14\": \"(crashed: "
             "SIGSEGV)\"}}\n",
             encoding, ours, llvm, classification, when);
}

static gcn_status load(const char *text, gcn_kw_entry *it, gcn_diag *diag)
{
    gcn_json_doc doc;
    gcn_status st;
    memset(it, 0, sizeof(*it));
    gcn_diag_clear(diag);
    st = gcn_json_parse(&doc, "known.json", text, strlen(text), diag);
    if (st == GCN_OK)
        st = gcn_kw_load(&doc, doc.root, it, diag);
    gcn_kw_free(it);
    gcn_json_free(&doc);
    return st;
}

static void expect_refused(const char *encoding, const char *ours, const char *llvm,
                           const char *classification, const char *when, unsigned line,
                           const char *says)
{
    char text[2048];
    gcn_kw_entry it;
    gcn_diag d;
    entry_text(text, sizeof(text), encoding, ours, llvm, classification, when);
    assert_int_not_equal(load(text, &it, &d), GCN_OK);
    if (d.line != line || !d.col || !strstr(d.msg, says) || strcmp(d.file, "known.json") != 0) {
        fprintf(stderr, "want known.json:%u:*: ...%s..., got %s:%u:%u: %s\n", line, says, d.file,
                d.line, d.col, d.msg);
        fail();
    }
}

static const char sdwa_dst_sel_7[] =
    "{\"bits\": [{\"mask\": \"0x1ff\", \"value\": \"0xf9\"},\n"
    "          {\"mask\": \"0x0000070000000000\", \"value\": \"0x0000070000000000\"}]}";

static void test_refused(void **state)
{
    (void)state;
    /* a crash is LLVM's bug, whatever the word */
    expect_refused("VOP2", "any", "crash", "llvm-lacks", sdwa_dst_sel_7, 9,
                   "a crash is an llvm-bug");
    /* gcnspec does not crash: "crash" is the peer's outcome only */
    expect_refused("VOP2", "crash", "crash", "llvm-bug", sdwa_dst_sel_7, 7,
                   "accept, reject or any");
    expect_refused("VOP2", "any", "explode", "llvm-bug", sdwa_dst_sel_7, 8,
                   "accept, reject, crash or any");
    expect_refused("VOPX", "any", "crash", "llvm-bug", sdwa_dst_sel_7, 4, "unknown encoding VOPX");
    /* (an entry naming an encoding of the catalogue the codec does not model takes bits and
     * texts alone, known_word.c; since MIMG and VOP3P every encoding of the catalogue is
     * modelled, so no entry can name one) */
}

static void test_crash_entry(void **state)
{
    static const uint8_t word[8] = {0xf9, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00};
    static const uint8_t sel6[8] = {0xf9, 0x00, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00};
    char text[2048];
    gcn_kw_entry crash, any;
    gcn_json_doc doc, doc2;
    gcn_diag d;
    gcn_kw_word w;
    int gen = gcn_gen_lookup("gfx9");
    int vop2 = gcn_kw_encoding_index("VOP2"), mimg = gcn_kw_encoding_index("MIMG");
    (void)state;
    assert_true(gen >= 0);
    assert_true(gcn_kw_catalogue_has("VOP2"));
    assert_false(gcn_kw_catalogue_has("VOPX"));
    assert_true(vop2 >= 0 && mimg >= 0);
    entry_text(text, sizeof(text), "VOP2", "any", "crash", "llvm-bug", sdwa_dst_sel_7);
    memset(&crash, 0, sizeof(crash));
    assert_int_equal(gcn_json_parse(&doc, "known.json", text, strlen(text), &d), GCN_OK);
    assert_int_equal(gcn_kw_load(&doc, doc.root, &crash, &d), GCN_OK);
    assert_int_equal(crash.llvm, GCN_KW_CRASH);
    assert_int_equal(crash.enc, vop2);
    assert_string_equal(gcn_kw_repro_text(&crash, "llvm-14"), "(crashed: SIGSEGV)");
    entry_text(text, sizeof(text), "VOP2", "any", "any", "llvm-bug", sdwa_dst_sel_7);
    memset(&any, 0, sizeof(any));
    assert_int_equal(gcn_json_parse(&doc2, "known.json", text, strlen(text), &d), GCN_OK);
    assert_int_equal(gcn_kw_load(&doc2, doc2.root, &any, &d), GCN_OK);

    memset(&w, 0, sizeof(w));
    w.gen = gen;
    w.encoding = vop2;
    w.encoding_name = "VOP2";
    w.bytes = word;
    w.len = sizeof(word);
    w.insn = -1;
    w.ours_ok = 0;
    w.ours_text = "(rejected: no encoding matches)";
    w.peer_ok = GCN_KW_CRASH;
    w.peer_text = "(crashed: SIGSEGV)";
    assert_true(gcn_kw_holds(&crash, &w));
    /* "any" never explains a crash; a crash entry explains nothing but a crash */
    assert_false(gcn_kw_holds(&any, &w));
    w.peer_ok = GCN_KW_ACCEPT;
    assert_false(gcn_kw_holds(&crash, &w));
    assert_true(gcn_kw_holds(&any, &w));
    w.peer_ok = GCN_KW_CRASH;
    /* its bits: DST_SEL 6 is a select */
    w.bytes = sel6;
    assert_false(gcn_kw_holds(&crash, &w));
    w.bytes = word;
    /* another encoding, another generation */
    w.encoding = mimg;
    w.encoding_name = "MIMG";
    assert_false(gcn_kw_holds(&crash, &w));
    w.encoding = vop2;
    w.encoding_name = "VOP2";
    w.gen = gcn_gen_lookup("gfx8");
    assert_false(gcn_kw_holds(&crash, &w));
    gcn_kw_free(&crash);
    gcn_kw_free(&any);
    gcn_json_free(&doc);
    gcn_json_free(&doc2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_refused),
                                       cmocka_unit_test(test_crash_entry)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
