/* gcnspec disasm on code objects: the good one's layout and options, and every kind of bad one
 * (truncated at many lengths, another machine, 32-bit, no executable section, an unknown or
 * uncovered target, random corruption): "FILE: message" and exit 1, never a crash; and
 * --stats's counts over code objects and bytes, with its bad values. The objects are
 * assembled by llvm-mc-19 at test time; exits 77 when it is not installed. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../extract/test_support.h"
#include "cli_support.h"

#define PEER "llvm-mc-19"

static char *llvm_mc, *dir;

static const char *out_of(const gcn_proc_result *r)
{
    return r->out.data ? r->out.data : "";
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

/* Assembles text for mcpu into dir/name; returns the object's bytes. */
static char *assemble(const char *mcpu, const char *text, const char *name, size_t *len)
{
    char *path = path_join2(dir, name), *data, cpu[64];
    char *argv[] = {llvm_mc, "-arch=amdgcn", cpu, "-filetype=obj", "-o", path, NULL};
    gcn_proc_result r;
    snprintf(cpu, sizeof(cpu), "-mcpu=%s", mcpu);
    memset(&r, 0, sizeof(r));
    gcn_proc_run(llvm_mc, argv, text, strlen(text), 60, &r);
    if (r.exit_code != 0)
        fail_msg("%s could not assemble for %s:\n%s", PEER, mcpu, err_of(&r));
    gcn_proc_result_free(&r);
    data = file_read(path, len);
    assert_non_null(data);
    free(path);
    return data;
}

static void disasm(const char *name, const char *data, size_t len, const char *opt1,
                   const char *opt2, gcn_proc_result *r)
{
    char *path = path_join2(dir, name);
    char *argv[8] = {"gcnspec", "disasm"};
    int n = 2;
    file_write(path, data, len);
    if (opt1)
        argv[n++] = (char *)opt1;
    if (opt2)
        argv[n++] = (char *)opt2;
    argv[n++] = path;
    argv[n] = NULL;
    gcnspec_run(argv, r);
    free(path);
}

/* exit 1, nothing on stdout, and one message "DIR/name: ..." saying keyword. */
static void expect_refused(const char *what, const gcn_proc_result *r, const char *name,
                           const char *keyword)
{
    char *path = path_join2(dir, name), prefix[512];
    snprintf(prefix, sizeof(prefix), "%s: ", path);
    if (proc_crashed(r))
        fail_msg("%s: crashed:\n%s", what, err_of(r));
    if (r->exit_code != 1 || strncmp(err_of(r), prefix, strlen(prefix)) != 0 ||
        (keyword && !strstr(err_of(r), keyword)) || r->out.len)
        fail_msg("%s: expected exit 1, '%s...%s' and no output; got %d:\n%s\nstdout:\n%.300s", what,
                 prefix, keyword ? keyword : "", r->exit_code, err_of(r), out_of(r));
    free(path);
}

/* v_add_f16_e64's VOP3 word with op_sel's bit 11 set: a word the codec does not model (E245:
 * LLVM drops the bit, gcnspec refuses it); v_mad_f16 with op_sel, decoded */
static const char good_text[] = "kern:\n"
                                "  s_mov_b32 s0, s1\n"
                                "  .long 0xd11f0800, 0x00020501\n"
                                "  v_mad_f16 v0, v1, v2, v3 op_sel:[1,0,0,1]\n"
                                "  s_endpgm\n";

static void good_object_and_options(void **state)
{
    size_t len;
    char *obj = assemble("gfx900", good_text, "good.o", &len), *path = path_join2(dir, "g.o");
    char head[512];
    gcn_proc_result r;
    (void)state;
    disasm("g.o", obj, len, NULL, NULL, &r);
    snprintf(head, sizeof(head),
             "\n%s:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n\n"
             "0000000000000000 <kern>:\n\ts_mov_b32 s0, s1",
             path);
    if (r.exit_code != 0 || r.err.len || strncmp(out_of(&r), head, strlen(head)) != 0)
        fail_msg("disasm g.o: exit %d\n%s\nstdout:\n%s", r.exit_code, err_of(&r), out_of(&r));
    if (!strstr(out_of(&r), "// 000000000000: BE800001\n") ||
        !strstr(out_of(&r), "(not modelled yet)") ||
        !strstr(out_of(&r), "\tv_mad_f16 v0, v1, v2, v3 op_sel:[1,0,0,1]"))
        fail_msg("disasm g.o: no '// OFFSET: WORDS', no marked .long or no op_sel:\n%s",
                 out_of(&r));
    gcn_proc_result_free(&r);
    /* the text alone */
    disasm("g.o", obj, len, "--text-only", NULL, &r);
    if (r.exit_code != 0 || strncmp(out_of(&r), "s_mov_b32 s0, s1\n.long 0x", 25) != 0 ||
        strstr(out_of(&r), "file format") || strstr(out_of(&r), "// 0000"))
        fail_msg("--text-only:\n%s", out_of(&r));
    gcn_proc_result_free(&r);
    disasm("g.o", obj, len, "--no-show-raw-insn", NULL, &r);
    if (r.exit_code != 0 || !strstr(out_of(&r), "<kern>:\n\ts_mov_b32 s0, s1\n") ||
        strstr(out_of(&r), "// 0000"))
        fail_msg("--no-show-raw-insn:\n%s", out_of(&r));
    gcn_proc_result_free(&r);
    /* --gen against e_flags: said, and --gen is followed (gfx900's words are no gfx6 code:
     * exit 1 with the invalid ones reported) */
    disasm("g.o", obj, len, "--gen", "tahiti", &r);
    if (r.exit_code != 1 || !strstr(err_of(&r), "note: --gen tahiti") ||
        !strstr(err_of(&r), "gfx900") || !strstr(err_of(&r), "on gcn1.0"))
        fail_msg("--gen tahiti on a gfx900 object: %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    free(obj);
    free(path);
}

static void truncated_objects(void **state)
{
    size_t len, cut, runs = 0;
    char *obj = assemble("gfx900", good_text, "good.o", &len);
    (void)state;
    for (cut = 4; cut < len; cut += cut < 80 ? 1 : 37) {
        gcn_proc_result r;
        char what[64];
        snprintf(what, sizeof(what), "cut at %zu of %zu", cut, len);
        disasm("cut.o", obj, cut, NULL, NULL, &r);
        expect_refused(what, &r, "cut.o", NULL);
        gcn_proc_result_free(&r);
        runs++;
    }
    assert_true(runs > 80);
    free(obj);
}

static void wrong_objects(void **state)
{
    size_t len, dlen, tlen;
    char *obj = assemble("gfx900", good_text, "good.o", &len), *bad = malloc(len);
    char *data = assemble("gfx900", ".data\n.long 1\n", "data.o", &dlen);
    char *gfx10 = assemble("gfx1030", ".text\ns_nop 0\n", "gfx10.o", &tlen);
    gcn_proc_result r;
    Elf64_Ehdr eh;
    (void)state;
    /* another machine */
    memcpy(bad, obj, len);
    memcpy(&eh, bad, sizeof(eh));
    eh.e_machine = EM_X86_64;
    memcpy(bad, &eh, sizeof(eh));
    disasm("x86.o", bad, len, NULL, NULL, &r);
    expect_refused("EM_X86_64", &r, "x86.o", "not an AMDGPU code object");
    gcn_proc_result_free(&r);
    /* 32-bit */
    memcpy(bad, obj, len);
    bad[EI_CLASS] = ELFCLASS32;
    disasm("e32.o", bad, len, NULL, NULL, &r);
    expect_refused("ELFCLASS32", &r, "e32.o", "64-bit");
    gcn_proc_result_free(&r);
    /* an EF_AMDGPU_MACH no target has: --gen is asked for, and works */
    memcpy(bad, obj, len);
    memcpy(&eh, bad, sizeof(eh));
    eh.e_flags |= 0xffu;
    memcpy(bad, &eh, sizeof(eh));
    disasm("mach.o", bad, len, NULL, NULL, &r);
    expect_refused("unknown mach", &r, "mach.o", "pass --gen");
    gcn_proc_result_free(&r);
    disasm("mach.o", bad, len, "--gen", "gfx9", &r);
    if (r.exit_code != 0 || !strstr(out_of(&r), "s_mov_b32 s0, s1"))
        fail_msg("--gen gfx9 on an unknown mach: %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    /* a target gcnspec does not cover */
    disasm("gfx10.o", gfx10, tlen, NULL, NULL, &r);
    expect_refused("gfx1030", &r, "gfx10.o", "does not cover");
    gcn_proc_result_free(&r);
    /* no executable section */
    disasm("data.o", data, dlen, NULL, NULL, &r);
    expect_refused("no .text", &r, "data.o", "no executable section");
    gcn_proc_result_free(&r);
    free(obj);
    free(bad);
    free(data);
    free(gfx10);
}

/* Random corruption of the header, the section headers and the tables: exit 0 (the object still
 * reads; invalid words are data) or 1 with messages naming the file, never a crash. */
static void corrupted_objects(void **state)
{
    size_t len, k, refused = 0;
    char *obj = assemble("gfx900", good_text, "good.o", &len), *bad = malloc(len);
    char *path = path_join2(dir, "mut.o");
    uint64_t s = 0x243f6a8885a308d3ull;
    (void)state;
    for (k = 0; k < 300; k++) {
        gcn_proc_result r;
        unsigned flips = 1 + (unsigned)(k % 8), f;
        memcpy(bad, obj, len);
        for (f = 0; f < flips; f++) {
            size_t at;
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            /* half in the ELF header, half anywhere */
            at = (f & 1) ? (size_t)(s >> 20) % len : (size_t)(s >> 20) % sizeof(Elf64_Ehdr);
            bad[at] = (char)(s >> 8);
        }
        disasm("mut.o", bad, len, "--gen", "gfx9", &r);
        if (proc_crashed(&r) || (r.exit_code != 0 && r.exit_code != 1) ||
            (r.exit_code == 1 && strncmp(err_of(&r), path, strlen(path)) != 0))
            fail_msg("mutant %zu: exit %d signal %d:\n%s", k, r.exit_code, r.signal, err_of(&r));
        refused += r.exit_code == 1;
        gcn_proc_result_free(&r);
    }
    print_message("300 corrupted objects: %zu refused or reported\n", refused);
    assert_true(refused > 50);
    free(obj);
    free(bad);
    free(path);
}

static void expect_has(const char *what, const gcn_proc_result *r, const char *want)
{
    if (!strstr(out_of(r), want))
        fail_msg("%s: no '%s' in:\n%s\nstderr:\n%s", what, want, out_of(r), err_of(r));
}

/* --stats: a table per generation read, every encoding of the catalogue there, the same
 * output run after run; bytes and code objects counted together; bad words reported and
 * counted; a bad format or bytes without --gen refused as usage errors. */
static void stats(void **state)
{
    size_t len, tlen;
    char *obj = assemble("gfx900", good_text, "good.o", &len);
    char *old = assemble("tahiti", "k:\n  s_mov_b32 s0, s1\n  s_endpgm\n", "old.o", &tlen);
    char *g = path_join2(dir, "s.o"), *t = path_join2(dir, "t.o"), *raw = path_join2(dir, "r.txt");
    static const char raw_text[] = "0x01,0x00,0x80,0xbe 0xff,0xff,0xff,0xff\n";
    gcn_proc_result r, again;
    (void)state;
    file_write(g, obj, len);
    file_write(t, old, tlen);
    file_write(raw, raw_text, strlen(raw_text));
    cli_run(&r, "disasm", "--stats", g, NULL);
    if (r.exit_code != 0 || r.err.len)
        fail_msg("--stats s.o: exit %d\n%s", r.exit_code, err_of(&r));
    expect_has("--stats", &r,
               "### gcn1.4 (gfx900): 1 input\n\n| encoding | seen | decoded | "
               "not modelled | invalid |\n|---|---:|---:|---:|---:|\n| DS | 0 |");
    expect_has("--stats", &r, "| SOP1 | 1 | 1 | 0 | 0 |\n");
    expect_has("--stats", &r, "| VOP3A/VOP3B | 2 | 1 | 1 | 0 |\n");
    expect_has("--stats", &r, "| SOPP | 1 | 1 | 0 | 0 |\n");
    expect_has("--stats", &r, "| VOP3P | 0 | 0 | 0 | 0 |\n");
    expect_has("--stats", &r, "| (none) | 0 | 0 | 0 | 0 |\n| total | 4 | 3 | 1 | 0 |\n");
    expect_has("--stats", &r, "\ndecoded: 3 of 4 instructions (75.0%)\n");
    if (strstr(out_of(&r), "gcn1.0") || strstr(out_of(&r), "s_mov_b32"))
        fail_msg("--stats: another generation's table or a listing:\n%s", out_of(&r));
    cli_run(&again, "disasm", "--stats", g, NULL);
    assert_string_equal(out_of(&r), out_of(&again));
    gcn_proc_result_free(&r);
    gcn_proc_result_free(&again);
    /* JSON */
    cli_run(&r, "disasm", "--stats=json", g, NULL);
    if (r.exit_code != 0)
        fail_msg("--stats=json: exit %d\n%s", r.exit_code, err_of(&r));
    {
        cJSON *root = cJSON_Parse(out_of(&r)), *gen0;
        cJSON *gens = cJSON_GetObjectItemCaseSensitive(root, "generations");
        assert_non_null(gens);
        assert_int_equal(cJSON_GetArraySize(gens), 1);
        gen0 = cJSON_GetArrayItem(gens, 0);
        assert_string_equal(cJSON_GetObjectItemCaseSensitive(gen0, "generation")->valuestring,
                            "gcn1.4");
        assert_string_equal(cJSON_GetObjectItemCaseSensitive(gen0, "share_decoded")->valuestring,
                            "75.0%");
        assert_int_equal(cJSON_GetObjectItemCaseSensitive(
                             cJSON_GetObjectItemCaseSensitive(gen0, "total"), "not_modelled")
                             ->valueint,
                         1);
        cJSON_Delete(root);
    }
    gcn_proc_result_free(&r);
    /* several inputs, bytes with an invalid word (reported, counted, exit 1) */
    cli_run(&r, "disasm", "--stats", "--gen", "gfx9", g, g, raw, NULL);
    if (r.exit_code != 1 || !strstr(err_of(&r), "r.txt:1:21: invalid: no encoding of gcn1.4"))
        fail_msg("--stats over three inputs: exit %d\n%s", r.exit_code, err_of(&r));
    expect_has("three inputs", &r, "### gcn1.4 (gfx900): 3 inputs\n");
    expect_has("three inputs", &r, "| SOP1 | 3 | 3 | 0 | 0 |\n");
    expect_has("three inputs", &r, "| (none) | 1 | 0 | 0 | 1 |\n| total | 10 | 7 | 2 | 1 |\n");
    gcn_proc_result_free(&r);
    /* two generations, each code object by its e_flags, in the spec's order */
    cli_run(&r, "disasm", "--stats", g, t, NULL);
    if (r.exit_code != 0 || !strstr(out_of(&r), "### gcn1.0 (tahiti): 1 input\n") ||
        strstr(out_of(&r), "### gcn1.4") < strstr(out_of(&r), "### gcn1.0") ||
        !strstr(out_of(&r), "| SMRD | 0 |"))
        fail_msg("--stats s.o t.o: exit %d\n%s\n%s", r.exit_code, err_of(&r), out_of(&r));
    gcn_proc_result_free(&r);
    /* bad values */
    cli_run(&r, "disasm", "--stats=xml", g, NULL);
    if (r.exit_code != 2 || !strstr(err_of(&r), "unknown --stats format 'xml': md or json") ||
        r.out.len)
        fail_msg("--stats=xml: exit %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    cli_run(&r, "disasm", "--stats", g, raw, NULL);
    if (r.exit_code != 2 || !strstr(err_of(&r), "--gen is required") || r.out.len)
        fail_msg("--stats on bytes without --gen: exit %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    cli_run(&r, "disasm", "--stats", "--text-only", g, NULL);
    if (r.exit_code != 2 || !strstr(err_of(&r), "drop --text-only") || r.out.len)
        fail_msg("--stats --text-only: exit %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    /* several FILEs without --stats: refused as before */
    cli_run(&r, "disasm", g, t, NULL);
    if (r.exit_code != 2 || !strstr(err_of(&r), "unexpected argument"))
        fail_msg("disasm s.o t.o: exit %d\n%s", r.exit_code, err_of(&r));
    gcn_proc_result_free(&r);
    free(obj);
    free(old);
    free(g);
    free(t);
    free(raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_object_and_options),
        cmocka_unit_test(truncated_objects),
        cmocka_unit_test(wrong_objects),
        cmocka_unit_test(corrupted_objects),
        cmocka_unit_test(stats),
    };
    int rc;
    llvm_mc = gcn_proc_find(PEER);
    if (!llvm_mc) {
        fprintf(stderr, "%s is not installed: skipped\n", PEER);
        return 77;
    }
    dir = tmpdir_make();
    rc = cmocka_run_group_tests_name("cli_codeobj", tests, NULL, NULL);
    tmpdir_remove(dir);
    free(dir);
    free(llvm_mc);
    return rc;
}
