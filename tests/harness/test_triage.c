/* The findings triage on synthetic crash logs: every kind of log is read, one defect gives one
 * signature whatever values its inputs hold, the classification follows the evidence, and the
 * findings database merges campaigns (counts add up, a class set by hand stays). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/findings.h"
#include "harness/fuzz_common.h"
#include "harness/triage.h"
#include "util/file.h"
#include "util/text.h"

static const char finding_log[] =
    "INFO: Seed: 1\n"
    "==gcnspec-fuzz== FINDING target=byte_roundtrip kind=text-encodes-otherwise "
    "subject=SMRD:OFFSET,IMM,literal\n"
    "  bytes: 0xff,0x28,0x44,0xc2,0x00,0x00,0x00,0x00\n"
    "  text: s_buffer_load_dwordx2 s[8:9], s[40:43], 0x0\n"
    "==22800== ERROR: libFuzzer: deadly signal\n"
    "    #0 0x55e47f831d21 in __sanitizer_print_stack_trace (/x/fuzz+0x137d21)\n"
    "    #1 0x55e47f7a4678 in fuzzer::PrintStackTrace() (/x/fuzz+0xaa678)\n"
    "    #5 0x7f00 in abort stdlib/abort.c:79:7\n"
    "    #6 0x55e6 in fuzz_finding /work/main/harness/fuzz_common.c:40:5\n"
    "    #7 0x55e6 in fuzz_check_bytes /work/main/harness/fuzz_common.c:197:13\n"
    "    #8 0x55e6 in LLVMFuzzerTestOneInput /work/main/harness/fuzz_byte_roundtrip.c:23:5\n"
    "\n"
    "SUMMARY: libFuzzer: deadly signal\n";

static const char *asan_log(const char *addr, const char *top_where)
{
    static char buf[4096];
    snprintf(buf, sizeof(buf),
             "=================================================================\n"
             "==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address %s at pc 0x1 bp "
             "0x2 sp 0x3\n"
             "READ of size 1 at %s thread T0\n"
             "    #0 0x5626 in strlen (/x/fuzz_parsers+0x14c1b5)\n"
             "    #1 0x5626 in gcn_json_parse %s\n"
             "    #2 0x5626 in parse_json /work/main/harness/fuzz_parsers.c:286:10\n"
             "    #3 0x5626 in LLVMFuzzerTestOneInput /work/main/harness/fuzz_parsers.c:370:10\n"
             "    #4 0x5626 in fuzzer::Fuzzer::ExecuteCallback(unsigned char const*, unsigned "
             "long) (/x/fuzz+0x11c5b3)\n"
             "\n"
             "0x6030 is located 0 bytes to the right of 17-byte region\n"
             "SUMMARY: AddressSanitizer: heap-buffer-overflow in strlen\n",
             addr, addr, top_where);
    return buf;
}

static const char llvm_segv_log[] =
    "AddressSanitizer:DEADLYSIGNAL\n"
    "==77==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x7f bp 0x1 sp "
    "0x2 T0)\n"
    "    #0 0x7f01 in llvm::AMDGPUInstPrinter::printOperand(llvm::MCInst const*, unsigned) "
    "(/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x2a1b2c3)\n"
    "    #1 0x7f02 in LLVMDisasmInstruction (/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x1)\n"
    "    #2 0x55e6 in llvm_disasm_one /work/main/tests/peer/llvm_disasm.c:134:15\n"
    "\n";

static const char ubsan_log[] =
    "/work/main/codec/decode.c:41:43: runtime error: shift exponent 64 is too large for 64-bit "
    "type 'unsigned long long'\n"
    "    #0 0x55 in codec_smem_imm /work/main/codec/decode.c:41:43\n"
    "    #1 0x55 in gcn_decode /work/main/codec/decode.c:250:5\n"
    "\n";

static const char leak_log[] = "=================================================================\n"
                               "==9==ERROR: LeakSanitizer: detected memory leaks\n\n"
                               "Direct leak of 24 byte(s) in 1 object(s) allocated from:\n"
                               "    #0 0x4a in malloc (/x/fuzz+0x4a)\n"
                               "    #1 0x4b in gcn_strdup /work/main/spec/model/facts.c:30:15\n"
                               "    #2 0x4c in load_fact /work/main/spec/model/facts.c:440:9\n"
                               "\n"
                               "SUMMARY: AddressSanitizer: 24 byte(s) leaked in 1 allocation(s).\n";

static const char timeout_log[] = "ALARM: working on the last Unit for 21 seconds\n"
                                  "==1== ERROR: libFuzzer: timeout after 21 seconds\n"
                                  "    #0 0x1 in __sanitizer_print_stack_trace (/x+0x1)\n"
                                  "    #1 0x2 in walk /work/main/harness/fuzz_parsers.c:250:9\n"
                                  "\n";

static void reads_a_finding(void **state)
{
    fuzz_crash c;
    char v[128];
    (void)state;
    assert_int_equal(fuzz_triage_parse(finding_log, &c), 1);
    assert_int_equal(c.kind, FUZZ_CRASH_FINDING);
    assert_string_equal(c.target, "byte_roundtrip");
    assert_string_equal(c.fkind, "text-encodes-otherwise");
    assert_string_equal(c.subject, "SMRD:OFFSET,IMM,literal");
    assert_string_equal(c.signature,
                        "finding:byte_roundtrip/text-encodes-otherwise/SMRD:OFFSET,IMM,literal");
    assert_int_equal(fuzz_crash_field(&c, "bytes", v, sizeof(v)), 1);
    assert_string_equal(v, "0xff,0x28,0x44,0xc2,0x00,0x00,0x00,0x00");
    assert_int_equal(fuzz_crash_field(&c, "nothing", v, sizeof(v)), 0);
    /* the stack of the abort skips the runtimes and the reporting function */
    assert_true(c.nframes >= 1);
    assert_string_equal(c.frames[0], "fuzz_check_bytes");
    assert_false(c.in_llvm);
}

static void one_defect_one_signature(void **state)
{
    fuzz_crash a, b, other;
    (void)state;
    assert_int_equal(
        fuzz_triage_parse(asan_log("0x603000006cd71", "/work/main/util/json.c:186:21"), &a), 1);
    assert_int_equal(
        fuzz_triage_parse(asan_log("0x60300000aa11", "/work/main/util/json.c:186:9"), &b), 1);
    assert_int_equal(a.kind, FUZZ_CRASH_SANITIZER);
    assert_string_equal(a.error, "heap-buffer-overflow");
    assert_string_equal(a.signature, b.signature);
    assert_string_equal(
        a.signature, "asan:heap-buffer-overflow:gcn_json_parse<parse_json<LLVMFuzzerTestOneInput");
    assert_false(a.in_llvm);
    assert_int_equal(fuzz_triage_parse(llvm_segv_log, &other), 1);
    assert_string_not_equal(other.signature, a.signature);
}

static void reads_every_kind(void **state)
{
    fuzz_crash c;
    (void)state;
    assert_int_equal(fuzz_triage_parse(llvm_segv_log, &c), 1);
    assert_int_equal(c.kind, FUZZ_CRASH_SANITIZER);
    assert_string_equal(c.error, "SEGV");
    assert_true(c.in_llvm);

    assert_int_equal(fuzz_triage_parse(ubsan_log, &c), 1);
    assert_int_equal(c.kind, FUZZ_CRASH_SANITIZER);
    assert_string_equal(c.signature,
                        "ubsan:decode.c:41:shift-exponent-N-is-too-large-for-N-bit-type-''");
    assert_false(c.in_llvm);

    assert_int_equal(fuzz_triage_parse(leak_log, &c), 1);
    assert_int_equal(c.kind, FUZZ_CRASH_LEAK);
    assert_string_equal(c.signature, "leak:gcn_strdup<load_fact");

    assert_int_equal(fuzz_triage_parse(timeout_log, &c), 1);
    assert_int_equal(c.kind, FUZZ_CRASH_TIMEOUT);
    assert_string_equal(c.signature, "timeout:walk");

    assert_int_equal(fuzz_triage_parse("INFO: all good\n", &c), 0);
    assert_int_equal(fuzz_triage_parse("", &c), 0);
}

static fuzz_crash llvm_finding(const char *subject)
{
    fuzz_crash c;
    char log[1024];
    snprintf(log, sizeof(log),
             "==gcnspec-fuzz== FINDING target=llvm_diff kind=llvm-disagrees subject=%s\n"
             "  peer: llvm-14 (LLVM 14.0.6)\n  gen: gcn1.4 (-mcpu=gfx900)\n"
             "  bytes: 0x00,0x00,0x02,0xc0,0x00,0x00,0x00,0x00\n"
             "  gcnspec: s_load_dword s0, s[0:1], 0x0\n  llvm: (rejected)\n",
             subject);
    assert_int_equal(fuzz_triage_parse(log, &c), 1);
    return c;
}

static void classifies_by_the_evidence(void **state)
{
    char why[512];
    fuzz_crash c;
    fuzz_mc_evidence ev;
    (void)state;
    /* the harness disagreeing with itself */
    fuzz_triage_parse(finding_log, &c);
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);
    /* crashes: where the top frame is */
    fuzz_triage_parse(llvm_segv_log, &c);
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_LLVM_BUG);
    fuzz_triage_parse(ubsan_log, &c);
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);
    /* GCN and vISA documents disagreeing on a pair */
    assert_int_equal(
        fuzz_triage_parse("==gcnspec-fuzz== FINDING target=visa_atomic kind=visa-ds-differ "
                          "subject=INC-vs-ds_inc_rtn_u32:memory\n  byte 8: vISA 0x09, DS 0x00\n",
                          &c),
        1);
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_DOC_ERRATUM);
    assert_non_null(strstr(why, "INC-vs-ds_inc_rtn_u32"));
    /* LLVM dying on a word in its child process (fuzz_llvmNN_diff): LLVM's bug */
    assert_int_equal(
        fuzz_triage_parse("==gcnspec-fuzz== FINDING target=llvm_diff kind=llvm-crashes "
                          "subject=DS:llvm-crashes:SIGSEGV\n  llvm: (crashed: SIGSEGV)\n",
                          &c),
        1);
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_LLVM_BUG);
    assert_non_null(strstr(why, "DS:llvm-crashes:SIGSEGV"));

    /* LLVM-C disagreements: llvm-mc decides */
    c = llvm_finding("SMEM:ours-accepts:llvm-rejects:SDATA=sgpr:not-decoded");
    assert_int_equal(fuzz_triage_classify(&c, NULL, why, sizeof(why)), FUZZ_CLASS_UNCLASSIFIED);
    memset(&ev, 0, sizeof(ev));
    ev.have = 1;
    snprintf(ev.peer, sizeof(ev.peer), "llvm-mc-14");
    ev.ours_assembles = ev.ours_same = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_LLVM_BUG);
    ev.ours_assembles = ev.ours_same = 0;
    snprintf(ev.ours_answer, sizeof(ev.ours_answer), "error: invalid operand for instruction");
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_DOC_ERRATUM);
    assert_non_null(strstr(why, "invalid operand"));
    ev.ours_assembles = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);

    c = llvm_finding("SOP1:ours-rejects:llvm-accepts:SSRCN=N-is-not-a-valid-operand-there");
    memset(&ev, 0, sizeof(ev));
    ev.have = 1;
    ev.llvm_assembles = ev.llvm_same = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);
    ev.llvm_same = 0;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_LLVM_BUG);

    c = llvm_finding("DS:ours-accepts:llvm-accepts:ADDR=vgpr:text-differs-at-token-2");
    memset(&ev, 0, sizeof(ev));
    ev.have = 1;
    ev.ours_assembles = ev.ours_same = 1;
    ev.llvm_assembles = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_LLVM_BUG);
    ev.ours_same = 0;
    ev.llvm_same = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);
    ev.ours_same = 1;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_OUR_BUG);
    ev.ours_same = ev.llvm_same = 0;
    assert_int_equal(fuzz_triage_classify(&c, &ev, why, sizeof(why)), FUZZ_CLASS_UNCLASSIFIED);
}

static void subjects_hold_no_values(void **state)
{
    char a[128], b[128];
    (void)state;
    fuzz_subject_shape("'v256' is out of range: VGPRs are v0 to v255", a, sizeof(a));
    fuzz_subject_shape("'v300' is out of range: VGPRs are v0 to v255", b, sizeof(b));
    assert_string_equal(a, b);
    assert_string_equal(a, "''-is-out-of-range:-VGPRs-are-vN-to-vN");
    fuzz_subject_shape("SSRC0=209 is not a valid operand there", a, sizeof(a));
    assert_string_equal(a, "SSRCN=N-is-not-a-valid-operand-there");
}

static char tmpdir[64];

static void db_merges_campaigns(void **state)
{
    fuzz_findings_db db;
    fuzz_finding_rec r, *got;
    fuzz_campaign_rec cr;
    gcn_diag d;
    char json[128], md[128], id[16];
    (void)state;
    snprintf(json, sizeof(json), "%s/findings.json", tmpdir);
    snprintf(md, sizeof(md), "%s/findings.md", tmpdir);
    assert_int_equal(fuzz_db_load(&db, json, &d), GCN_OK); /* none yet: empty */
    assert_int_equal(db.n, 0);
    fuzz_finding_id("finding:x/y/z", id);
    assert_int_equal(strlen(id), 12);
    memset(&r, 0, sizeof(r));
    r.id = id;
    r.signature = "finding:x/y/z";
    r.target = "byte_roundtrip";
    r.engine = "libfuzzer";
    r.cls = "our-bug";
    r.why = "because";
    r.title = "a | title";
    r.evidence = "  bytes: 0x01\n";
    r.reproducer = "reports/findings/x";
    r.replay = "fuzz x";
    r.first_seen = r.last_seen = "2026-01-01T00:00:00Z";
    r.inputs = 3;
    r.size = 9;
    assert_non_null(fuzz_db_add_finding(&db, &r));
    memset(&cr, 0, sizeof(cr));
    cr.target = "byte_roundtrip";
    cr.engine = "libfuzzer";
    cr.sanitizers = "address,undefined";
    cr.date = "2026-01-01T00:00:00Z";
    cr.execs = 1000;
    cr.exec_per_s = 100;
    fuzz_db_add_campaign(&db, &cr);
    assert_int_equal(fuzz_db_write(&db, json, md, &d), GCN_OK);
    fuzz_db_free(&db);

    /* a second campaign: counts add up, the smaller reproducer wins, a hand class stays */
    assert_int_equal(fuzz_db_load(&db, json, &d), GCN_OK);
    assert_int_equal(db.n, 1);
    assert_int_equal(db.nc, 1);
    free(db.v[0].class_by);
    db.v[0].class_by = strdup("hand");
    r.inputs = 2;
    r.size = 4;
    r.cls = "unclassified";
    r.last_seen = "2026-02-01T00:00:00Z";
    got = fuzz_db_add_finding(&db, &r);
    assert_int_equal(got->inputs, 5);
    assert_int_equal(got->size, 4);
    assert_string_equal(got->cls, "our-bug");
    assert_string_equal(got->last_seen, "2026-02-01T00:00:00Z");
    /* a campaign replaces the last one of its target and engine; its speed stays out of the
       files (it changes from run to run) */
    cr.execs = 2000;
    cr.coverage = 77;
    fuzz_db_add_campaign(&db, &cr);
    assert_int_equal(db.nc, 1);
    assert_int_equal(fuzz_db_write(&db, json, md, &d), GCN_OK);
    fuzz_db_free(&db);
    assert_int_equal(fuzz_db_load(&db, json, &d), GCN_OK);
    assert_int_equal(db.c[0].coverage, 77);
    assert_int_equal(db.c[0].execs, 0);
    {
        char *text = NULL;
        size_t len = 0;
        assert_int_equal(gcn_read_file(md, &text, &len, &d), GCN_OK);
        assert_null(strstr(text, "exec/s"));
        free(text);
    }
    assert_string_equal(db.v[0].class_by, "hand");
    fuzz_db_free(&db);

    /* inputs with their hashes: a triage run again on the same files adds nothing, a new input
       adds one, through a write and a load */
    {
        char hashes[FUZZ_INPUT_HASH_LIST_BYTES] = "";
        assert_int_equal(fuzz_input_hash_add(hashes, "abc", 3), 1);
        assert_int_equal(fuzz_input_hash_add(hashes, "abd", 3), 1);
        assert_int_equal(fuzz_input_hash_add(hashes, "abc", 3), 0);
        assert_int_equal(strlen(hashes), 2 * FUZZ_INPUT_HASH_CHARS + 1);
        assert_int_equal(fuzz_db_load(&db, json, &d), GCN_OK);
        r.inputs = 2;
        r.input_hashes = hashes;
        got = fuzz_db_add_finding(&db, &r);
        assert_int_equal(got->inputs, 7); /* 5 without hashes, 2 new */
        assert_int_equal(fuzz_db_write(&db, json, md, &d), GCN_OK);
        fuzz_db_free(&db);
        assert_int_equal(fuzz_db_load(&db, json, &d), GCN_OK);
        got = fuzz_db_add_finding(&db, &r); /* the same two again */
        assert_int_equal(got->inputs, 7);
        assert_int_equal(fuzz_input_hash_add(hashes, "abe", 3), 1);
        r.inputs = 3;
        got = fuzz_db_add_finding(&db, &r);
        assert_int_equal(got->inputs, 8);
        /* a full list still counts the inputs past it */
        {
            unsigned k;
            char one[8];
            hashes[0] = 0;
            for (k = 0; k < FUZZ_MAX_INPUT_HASHES + 5; k++) {
                snprintf(one, sizeof(one), "%u", k);
                assert_int_equal(fuzz_input_hash_add(hashes, one, strlen(one)), 1);
            }
            assert_true(strlen(hashes) < sizeof(hashes));
            r.inputs = FUZZ_MAX_INPUT_HASHES + 5;
            got = fuzz_db_add_finding(&db, &r);
            assert_int_equal(got->inputs, 8 + FUZZ_MAX_INPUT_HASHES + 5);
        }
        r.input_hashes = NULL;
        fuzz_db_free(&db);
    }

    /* a damaged file is an error with its place, never silently replaced */
    {
        FILE *f = fopen(json, "w");
        assert_non_null(f);
        fputs("{\"schema\": \"gcnspec-fuzz-findings/1\",\n \"findings\": [{\"id\": 1}]}\n", f);
        fclose(f);
    }
    assert_int_not_equal(fuzz_db_load(&db, json, &d), GCN_OK);
    assert_int_equal(d.line, 2);
    unlink(json);
    unlink(md);
}

/* 1 when the file is well-formed UTF-8 holding U+FFFD */
static int utf8_with_replacement(const char *path)
{
    char *data = NULL;
    size_t len = 0, i = 0, n;
    uint32_t cp;
    int replaced = 0;
    gcn_diag d;
    assert_int_equal(gcn_read_file(path, &data, &len, &d), GCN_OK);
    for (; i < len; i += n) {
        n = gcn_utf8_seq((const unsigned char *)data + i, len - i, &cp);
        if (!n) {
            free(data);
            return 0;
        }
        replaced |= cp == 0xfffd;
    }
    free(data);
    return replaced;
}

/* A peer's output or a crash log in a finding may hold any bytes: findings.{md,json} stay
 * well-formed UTF-8. */
static void db_writes_valid_utf8(void **state)
{
    fuzz_findings_db db;
    fuzz_finding_rec r;
    gcn_diag d;
    char json[128], md[128], id[16];
    (void)state;
    snprintf(json, sizeof(json), "%s/bytes.json", tmpdir);
    snprintf(md, sizeof(md), "%s/bytes.md", tmpdir);
    memset(&db, 0, sizeof(db));
    fuzz_finding_id("finding:bytes", id);
    memset(&r, 0, sizeof(r));
    r.id = id;
    r.signature = "finding:bytes";
    r.target = "llvm14_diff";
    r.engine = "libfuzzer";
    r.cls = "llvm-bug";
    r.why = "LLVM printed \xff\xfe";
    r.title = "text \xc3\x28 cut";
    r.evidence = "  llvm: s_mov_b32 \xed\xa0\x80\x1b[31m\n";
    r.reproducer = "findings/x";
    r.replay = "fuzz x";
    r.first_seen = r.last_seen = "2026-01-01T00:00:00Z";
    r.inputs = 1;
    assert_non_null(fuzz_db_add_finding(&db, &r));
    assert_int_equal(fuzz_db_write(&db, json, md, &d), GCN_OK);
    fuzz_db_free(&db);
    assert_true(utf8_with_replacement(json));
    assert_true(utf8_with_replacement(md));
    unlink(json);
    unlink(md);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/gcnspec-triage-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    rmdir(tmpdir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_a_finding),         cmocka_unit_test(one_defect_one_signature),
        cmocka_unit_test(reads_every_kind),        cmocka_unit_test(classifies_by_the_evidence),
        cmocka_unit_test(subjects_hold_no_values), cmocka_unit_test(db_merges_campaigns),
        cmocka_unit_test(db_writes_valid_utf8),
    };
    return cmocka_run_group_tests_name("harness_triage", tests, setup, teardown);
}
