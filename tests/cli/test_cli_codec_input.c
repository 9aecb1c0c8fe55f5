/* gcnspec asm and disasm on bad input. Every bad line (or bad bytes) must give exactly one
 * "file:line:col: message" (with --binary, "file:+offset: message") naming what is wrong, the
 * exit status must be 1, nothing may crash, and every good line around the bad one must still
 * give its output, in order. Each case is placed between two good lines (and after a comment
 * and an empty line), so the bad line is always line 4:
 *
 *     ; comment          (disasm: # comment)
 *     GOOD1
 *
 *     BAD
 *     GOOD2
 *
 * Flags (missing or unknown --gen, unknown options, files that cannot be read) are usage or
 * input errors, and stdin is read when FILE is absent or '-'. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"

static int setup(void **state)
{
    (void)state;
    cli_enter_scratch();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cli_leave_scratch();
    return 0;
}

/* ---- helpers --------------------------------------------------------------------------------- */

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle), i, j;
    for (i = 0; hay[i]; i++) {
        for (j = 0; j < n && hay[i + j] &&
                    tolower((unsigned char)hay[i + j]) == tolower((unsigned char)needle[j]);
             j++)
            ;
        if (j == n)
            return 1;
    }
    return 0;
}

static const char *out_of(const gcn_proc_result *r)
{
    return r->out.data ? r->out.data : "";
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* stderr holds exactly the messages in `prefixes` (one line each, in order); each starts with
 * its prefix, goes on with a message that is not empty and, when keywords[i] is set, holds it
 * (case-insensitively). */
static void expect_diags(const char *what, const gcn_proc_result *r, size_t n,
                         const char *const *prefixes, const char *const *keywords)
{
    const char *err = err_of(r), *line = err;
    size_t i;
    if (r->exit_code != 1)
        fail_msg("%s: expected exit 1, got %d; stderr:\n%s", what, r->exit_code, err);
    if (count_lines(err) != n || (n && err[strlen(err) - 1] != '\n'))
        fail_msg("%s: expected %zu message line(s) on stderr, got:\n%s", what, n, err);
    for (i = 0; i < n; i++) {
        const char *eol = strchr(line, '\n'), *msg = line + strlen(prefixes[i]);
        char text[512];
        size_t len = (size_t)(eol - line);
        snprintf(text, sizeof(text), "%.*s", (int)(len < 500 ? len : 500), line);
        if (strncmp(line, prefixes[i], strlen(prefixes[i])) != 0)
            fail_msg("%s: message %zu does not start with '%s':\n%s", what, i + 1, prefixes[i],
                     err);
        if (msg >= eol || !strpbrk(text + strlen(prefixes[i]), "abcdefghijklmnopqrstuvwxyz"))
            fail_msg("%s: message %zu says nothing after '%s':\n%s", what, i + 1, prefixes[i], err);
        if (keywords && keywords[i] && !contains_nocase(text + strlen(prefixes[i]), keywords[i]))
            fail_msg("%s: message %zu does not say '%s':\n%s", what, i + 1, keywords[i], err);
        line = eol + 1;
    }
}

static void expect_diag(const char *what, const gcn_proc_result *r, const char *prefix,
                        const char *keyword)
{
    expect_diags(what, r, 1, &prefix, &keyword);
}

/* stdout without the comments of its data lines (".long 0x... // why", ".byte ..."), which
 * must each have one: the words are compared, the reason is the diagnostic's to say. */
static void strip_data_comments(const char *what, const char *out, char *buf, size_t size)
{
    size_t n = 0;
    while (*out && n + 1 < size) {
        const char *eol = strchr(out, '\n'), *cut;
        size_t len = eol ? (size_t)(eol - out) : strlen(out);
        if (strncmp(out, ".long ", 6) == 0 || strncmp(out, ".byte ", 6) == 0) {
            cut = strstr(out, " // ");
            if (!cut || cut > out + len || cut + 4 == out + len)
                fail_msg("%s: a data line says no reason:\n%s", what, out);
            len = (size_t)(cut - out);
        }
        n += (size_t)snprintf(buf + n, size - n, "%.*s%s", (int)len, out, eol ? "\n" : "");
        out = eol ? eol + 1 : out + len;
    }
    buf[n < size ? n : size - 1] = '\0';
}

static void expect_stdout(const char *what, const gcn_proc_result *r, const char *want)
{
    static char got[1 << 16];
    strip_data_comments(what, out_of(r), got, sizeof(got));
    if (strcmp(got, want) != 0)
        fail_msg("%s: stdout is\n%s\nexpected\n%s\n(stderr:\n%s)", what, out_of(r), want,
                 err_of(r));
}

static void expect_clean(const char *what, const gcn_proc_result *r, const char *want_out)
{
    if (r->exit_code != 0 || r->err.len)
        fail_msg("%s: expected exit 0 and a quiet stderr, got %d:\n%s", what, r->exit_code,
                 err_of(r));
    expect_stdout(what, r, want_out);
}

/* Runs `gcnspec CMD --gen GEN [--binary] FILE` on data written to FILE. */
static void run_on(gcn_proc_result *r, const char *cmd, const char *gen, int binary,
                   const char *file, const char *data, size_t len)
{
    file_write(file, data, len);
    if (binary)
        cli_run(r, cmd, "--gen", gen, "--binary", file, NULL);
    else
        cli_run(r, cmd, "--gen", gen, file, NULL);
}

/* Runs gcnspec with stdin_text on its stdin (through a pipe). */
static void run_stdin(gcn_proc_result *r, char *const *args, const char *stdin_text,
                      size_t stdin_len)
{
    char *argv[16];
    size_t n = 0;
    const char *bin = getenv("GCNSPEC");
    if (!bin || !*bin)
        fail_msg("GCNSPEC is not set (run the test through ctest)");
    argv[n++] = "gcnspec";
    for (; args[n - 1] && n < 15; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;
    memset(r, 0, sizeof(*r));
    gcn_proc_run(bin, argv, stdin_text, stdin_len, 60, r);
    if (r->timed_out || (r->failure[0] && !r->signal))
        fail_msg("gcnspec %s: %s", args[0], r->timed_out ? "timed out" : r->failure);
    if (proc_crashed(r))
        fail_msg("gcnspec %s crashed (signal %d):\n%s", args[0], r->signal, err_of(r));
}

/* ---- asm ------------------------------------------------------------------------------------- */

/* Two good lines and their encodings: SOP1's opcode for s_mov_b32 is 3 on GCN 1.0/1.1 and 0
 * from GCN 1.2 on. */
#define GOOD1 "s_mov_b32 s0, s1"
#define GOOD2 "s_mov_b32 s2, s3"

static const char *good_bytes(const char *gen)
{
    return strcmp(gen, "gcn1.0") == 0 || strcmp(gen, "gcn1.1") == 0
               ? "0x01,0x03,0x80,0xbe\n0x03,0x03,0x82,0xbe\n"
               : "0x01,0x00,0x80,0xbe\n0x03,0x00,0x82,0xbe\n";
}

typedef struct asm_case {
    const char *gen;
    const char *line;
    unsigned col;
    const char *keyword; /* what the message must say */
} asm_case;

/* A keyword says what is wrong; where the codec's message says it only in part (the "note:"
 * comments below), the keyword holds the part it gets right. */
static const asm_case asm_cases[] = {
    /* unknown mnemonic, and not a mnemonic at all */
    {"gcn1.2", "s_foo s0, s1", 1, "unknown mnemonic"},
    {"gcn1.2", "123", 1, "mnemonic"},
    {"gcn1.2", ", s0", 1, "mnemonic"},
    /* operand count */
    {"gcn1.2", "s_mov_b32 s0", 13, "missing operand"},
    {"gcn1.2", "ds_add_u32 v1", 14, "missing operand"},
    {"gcn1.0", "s_load_dword s1", 16, "missing operand"},
    /* '#' is a comment at the start of a line only (llvm-mc: 'unknown token in expression') */
    {"gcn1.2", "s_mov_b32 s0, s1 # trailing", 18, "'#' starts a comment only"},
    /* a symbol: llvm-mc makes it a fixup; gcnspec writes no relocations */
    {"gcn1.2", "s_mov_b32 s0, x+1", 15, "a symbol?"},
    {"gcn1.2", "s_mov_b32 s0, 1/0", 16, "division by zero"},
    {"gcn1.2", "s_mov_b64 s[0:1], 0x100000000", 19, "a 64-bit operand's literal is 32 bits"},
    {"gcn1.2", "s_mov_b32 s0, s1, s2", 19, "s_mov_b32 takes 2 operands"},
    {"gcn1.2", "ds_add_u32 v1, v2, v3", 20, "ds_add_u32 takes 2 operands"},
    {"gcn1.2", "s_mov_b32 s0,, s1", 14, "not ','"},
    /* operand kind: a VGPR where an SGPR goes and back, a constant as a destination */
    {"gcn1.2", "s_mov_b32 v0, s1", 11, "is a VGPR"},
    {"gcn1.2", "s_mov_b32 s0, v1", 15, "is a VGPR"},
    {"gcn1.2", "ds_add_u32 s1, v2", 12, "VGPR"},
    {"gcn1.2", "ds_add_u32 v1, s2", 16, "VGPR"},
    {"gcn1.2", "s_mov_b32 1, s1", 11, "destination must be a register"},
    {"gcn1.2", "s_mov_b32 src_scc, s1", 11, "destination must be a register"},
    {"gcn1.2", "s_mov_b32 s0, 0x123456789", 15, "does not fit in 32 bits"},
    /* register out of range */
    {"gcn1.2", "ds_add_u32 v256, v2", 12, "out of range"},
    {"gcn1.2", "ds_add_u32 v1, v999999999999", 16, "out of range"},
    /* tuple ends past LONG_MAX (fuzz finding F-f6fd7b3023: a signed overflow) */
    {"gcn1.2", "s_mov_b64 s[0:77777777777777777743], s[2:3]", 15, "out of range"},
    {"gcn1.2", "ds_read_b64 v[0:9223372036854775807], v1", 13, "out of range"},
    {"gcn1.2", "s_mov_b32 s0, v256", 15, "is a VGPR"},
    {"gcn1.0", "s_mov_b32 s104, s1", 11, "out of range"},
    {"gcn1.1", "s_mov_b32 s104, s1", 11, "out of range"},
    {"gcn1.2", "s_mov_b32 s102, s1", 11, "gcn1.2 has s0 to s101"},
    {"gcn1.2", "s_mov_b32 s104, s1", 11, "out of range"},
    {"gcn1.4", "s_mov_b32 s102, s1", 11, "out of range"},
    {"gcn1.2", "s_mov_b32 ttmp12, s1", 11, "ttmp0 to ttmp11"},
    {"gcn1.4", "s_mov_b32 ttmp16, s1", 11, "ttmp0 to ttmp15"},
    {"gcn1.4", "s_mov_b32 tba_lo, s1", 11, "does not exist on gcn1.4"},
    {"gcn1.2", "s_mov_b32 s0, ttmp12", 15, "out of range"},
    /* misaligned tuples */
    {"gcn1.2", "s_mov_b64 s[1:2], s[2:3]", 11, "misaligned"},
    {"gcn1.2", "s_mov_b64 s[0:1], s[3:4]", 19, "misaligned"},
    {"gcn1.2", "s_load_dwordx4 s[2:5], s[2:3], 0x0", 16, "misaligned"},
    {"gcn1.2", "s_load_dword s1, s[3:4], 0x0", 18, "misaligned"},
    {"gcn1.0", "s_load_dword s1, s[1:2], 0x0", 18, "misaligned"},
    /* GCN 1.2's scalar stores take M0 alone as their register offset (004:36; GCN 1.4 any
     * SGPR); loads any SGPR */
    {"gcn1.2", "s_store_dword s1, s[2:3], s4", 27, "must be m0 on this generation"},
    {"gcn1.2", "s_buffer_store_dwordx2 s[2:3], s[4:7], ttmp1", 40, "must be m0"},
    /* offsets out of range */
    {"gcn1.2", "ds_add_u32 v1, v2 offset:65536", 26, "out of range"},
    {"gcn1.2", "ds_add_u32 v1, v2 offset:-1", 26, "out of range"},
    {"gcn1.2", "ds_write2_b32 v1, v2, v3 offset0:256", 34, "out of range"},
    {"gcn1.2", "ds_write2_b32 v1, v2, v3 offset1:256", 34, "out of range"},
    {"gcn1.2", "s_load_dword s1, s[2:3], 0x100000", 26, "20-bit"},
    {"gcn1.2", "s_load_dword s1, s[2:3], -1", 26, "unsigned"},
    {"gcn1.4", "s_load_dword s1, s[2:3], 0x100000", 26, "21-bit"},
    {"gcn1.4", "s_load_dword s1, s[2:3], -0x100001", 26, "21-bit"},
    {"gcn1.0", "s_load_dword s1, s[2:3], 0x100", 26, "out of range"},
    {"gcn1.2", "ds_add_u32 v1, v2 offset:abc", 26, "offset"},
    /* modifiers: one the generation lacks, one given twice, a flag with a value */
    {"gcn1.2", "s_load_dword s1, s[2:3], 0x0 nv", 30, "generation"},
    {"gcn1.2", "ds_add_u32 v1, v2 offset:4 offset:8", 28, "twice"},
    {"gcn1.2", "ds_add_u32 v1, v2 gds gds", 23, "twice"},
    {"gcn1.4", "s_load_dword s1, s[2:3], 0x0 glc glc", 34, "twice"},
    {"gcn1.2", "ds_add_u32 v1, v2 gds:1", 19, "no value"},
    {"gcn1.2", "ds_add_u32 v1, v2 offset0:4", 19, "takes no 'offset0:4': other DS instructions do"},
    {"gcn1.2", "ds_add_u32 v1, v2 offset", 19, "'offset' needs a value ('offset:N')"},
    {"gcn1.2", "ds_write2_b32 v1, v2, v3 offset0", 26, "'offset0' needs a value ('offset0:N')"},
    /* junk after the instruction */
    {"gcn1.2", "s_mov_b32 s0, s1 junk", 18, "unexpected 'junk'"},
    {"gcn1.2", "s_mov_b32 s0, s1 @", 18, "unexpected '@'"},
    /* what the generation lacks: SMEM-only instructions on GCN 1.0 (SMRD), GCN 1.4's SMEM
     * atomics and SGPR-plus-offset form on GCN 1.2, SMEM's glc on SMRD */
    {"gcn1.0", "s_dcache_wb", 1, "'s_dcache_wb' is not in gcn1.0; it exists in gcn1.2, gcn1.4"},
    {"gcn1.0", "s_atc_probe 0, s[0:1], 0", 1, "is not in gcn1.0; it exists in gcn1.2, gcn1.4"},
    {"gcn1.2", "s_atomic_add s1, s[2:3], 0x0", 1, "is not in gcn1.2; it exists in gcn1.4"},
    {"gcn1.0", "s_load_dword s1, s[2:3], s4 glc", 29, "'glc' does not exist on this generation"},
    {"gcn1.2", "s_load_dword s1, s[2:3], s4 offset:0x10", 29,
     "form (SGPR plus immediate) does not exist"},
    /* over-long line */
    {"gcn1.2",
     "s_mov_b32 s0, s1                                                                        "
     "                                                                                        "
     "                                                                                        "
     "                                                                                        "
     "                                                                                        "
     "                                                                               junk",
     513, "longer"},
};

static void asm_bad_lines(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(asm_cases) / sizeof(asm_cases[0]); i++) {
        const asm_case *c = &asm_cases[i];
        gcn_proc_result r;
        char what[700], text[1024], prefix[64];
        snprintf(what, sizeof(what), "asm --gen %s '%s'", c->gen, c->line);
        snprintf(text, sizeof(text), "; bad line %zu\n%s\n\n%s\n%s\n", i, GOOD1, c->line, GOOD2);
        snprintf(prefix, sizeof(prefix), "in.s:4:%u: ", c->col);
        run_on(&r, "asm", c->gen, 0, "in.s", text, strlen(text));
        expect_diag(what, &r, prefix, c->keyword);
        expect_stdout(what, &r, good_bytes(c->gen));
        gcn_proc_result_free(&r);
    }
}

/* The last register of each range assembles and the next one is refused (spec/gcn.json,
 * scalar_operands: s0-s103 on GCN 1.0/1.1, s0-s101 from GCN 1.2 on where 102/103 are
 * flat_scratch; ttmp0-11 at 112-123 up to GCN 1.2, ttmp0-15 at 108-123 on GCN 1.4). */
static void asm_register_limits(void **state)
{
    static const struct {
        const char *gen, *last, *last_bytes, *next;
    } limits[] = {
        {"gcn1.0", "s_mov_b32 s103, s1", "0x01,0x03,0xe7,0xbe", "s_mov_b32 s104, s1"},
        {"gcn1.1", "s_mov_b32 s103, s1", "0x01,0x03,0xe7,0xbe", "s_mov_b32 s104, s1"},
        {"gcn1.2", "s_mov_b32 s101, s1", "0x01,0x00,0xe5,0xbe", "s_mov_b32 s102, s1"},
        {"gcn1.4", "s_mov_b32 s101, s1", "0x01,0x00,0xe5,0xbe", "s_mov_b32 s102, s1"},
        {"gcn1.2", "s_mov_b32 ttmp11, s1", "0x01,0x00,0xfb,0xbe", "s_mov_b32 ttmp12, s1"},
        {"gcn1.4", "s_mov_b32 ttmp12, s1", "0x01,0x00,0xf8,0xbe", "s_mov_b32 ttmp16, s1"},
        {"gcn1.4", "s_mov_b32 ttmp15, s1", "0x01,0x00,0xfb,0xbe", "s_mov_b32 ttmp16, s1"},
        {"gcn1.2", "ds_add_u32 v255, v2", "0x00,0x00,0x00,0xd8,0xff,0x02,0x00,0x00",
         "ds_add_u32 v256, v2"},
        {"gcn1.2", "ds_add_u32 v1, v2 offset:65535", "0xff,0xff,0x00,0xd8,0x01,0x02,0x00,0x00",
         "ds_add_u32 v1, v2 offset:65536"},
        {"gcn1.2", "ds_write2_b32 v1, v2, v3 offset0:255 offset1:255",
         "0xff,0xff,0x1c,0xd8,0x01,0x02,0x03,0x00",
         "ds_write2_b32 v1, v2, v3 offset0:255 offset1:256"},
        {"gcn1.2", "s_load_dword s1, s[2:3], 0xfffff", "0x41,0x00,0x02,0xc0,0xff,0xff,0x0f,0x00",
         "s_load_dword s1, s[2:3], 0x100000"},
        {"gcn1.4", "s_load_dword s1, s[2:3], 0xfffff", "0x41,0x00,0x02,0xc0,0xff,0xff,0x0f,0x00",
         "s_load_dword s1, s[2:3], 0x100000"},
        {"gcn1.4", "s_load_dword s1, s[2:3], -0x100000", "0x41,0x00,0x02,0xc0,0x00,0x00,0x10,0x00",
         "s_load_dword s1, s[2:3], -0x100001"},
        {"gcn1.0", "s_load_dword s1, s[2:3], 0xff", "0xff,0x83,0x00,0xc0",
         "s_load_dword s1, s[2:3], 0x100"},
        /* GCN 1.1's SMRD takes a 32-bit literal offset where GCN 1.0 has only 8 bits */
        {"gcn1.1", "s_load_dword s1, s[2:3], 0xffffffff", "0xff,0x82,0x00,0xc0,0xff,0xff,0xff,0xff",
         "s_load_dword s1, s[2:3], 0x100000000"},
        {"gcn1.4", "s_load_dword s1, s[2:3], 0x0 nv", "0x41,0x80,0x02,0xc0,0x00,0x00,0x00,0x00",
         "s_load_dword s1, s[2:3], 0x0 nv nv"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
        gcn_proc_result r;
        char what[256], text[512], want[128];
        snprintf(what, sizeof(what), "asm --gen %s '%s' / '%s'", limits[i].gen, limits[i].last,
                 limits[i].next);
        snprintf(text, sizeof(text), "%s\n%s\n", limits[i].last, limits[i].next);
        snprintf(want, sizeof(want), "%s\n", limits[i].last_bytes);
        run_on(&r, "asm", limits[i].gen, 0, "limit.s", text, strlen(text));
        expect_stdout(what, &r, want);
        if (r.exit_code != 1 || strncmp(err_of(&r), "limit.s:2:", 10) != 0 ||
            count_lines(err_of(&r)) != 1)
            fail_msg("%s: expected one message on line 2 and exit 1, got %d:\n%s", what,
                     r.exit_code, err_of(&r));
        gcn_proc_result_free(&r);
    }
}

/* Comments (';' and '//' anywhere, '#' starting a line, as 'gcnspec asm --help' says and
 * llvm-mc reads them), blank lines, CRLF line ends and the documents' upper-case spelling are
 * all fine. */
static void asm_comments_blanks_upper_case(void **state)
{
    static const char text[] = "; a comment\n"
                               "// a comment\n"
                               "# a comment\n"
                               "\n"
                               "   \t  \n"
                               "s_mov_b32 s0, s1 ; trailing\n"
                               "s_mov_b32 s0, s1 // trailing\n"
                               "  # a comment after blanks\n"
                               "\ts_mov_b32 s0, s1\r\n"
                               "S_MOV_B32 S0, S1\n"
                               "DS_ADD_U32 V1, V2 OFFSET:4 GDS\n"
                               "S_LOAD_DWORDX2 S[4:5], S[2:3], 0X10\n"
                               "s_mov_b32 s0, s1"; /* no newline at the end */
    static const char want[] = "0x01,0x00,0x80,0xbe\n"
                               "0x01,0x00,0x80,0xbe\n"
                               "0x01,0x00,0x80,0xbe\n"
                               "0x01,0x00,0x80,0xbe\n"
                               "0x04,0x00,0x01,0xd8,0x01,0x02,0x00,0x00\n"
                               "0x01,0x01,0x06,0xc0,0x10,0x00,0x00,0x00\n"
                               "0x01,0x00,0x80,0xbe\n";
    gcn_proc_result r;
    (void)state;
    run_on(&r, "asm", "gcn1.2", 0, "ok.s", text, strlen(text));
    expect_clean("asm comments", &r, want);
    gcn_proc_result_free(&r);
    /* an empty file and a file of comments assemble to nothing */
    run_on(&r, "asm", "gcn1.2", 0, "empty.s", "", 0);
    expect_clean("asm empty file", &r, "");
    gcn_proc_result_free(&r);
    run_on(&r, "asm", "gcn1.2", 0, "comments.s", "; x\n\n# y\n", 9);
    expect_clean("asm comments only", &r, "");
    gcn_proc_result_free(&r);
}

/* Several bad lines: each is reported in order with its own line number, and every good line
 * still gives its bytes, in order. */
static void asm_several_bad_lines(void **state)
{
    static const char text[] = "s_mov_b32 s0, s1\n"
                               "s_foo\n"
                               "s_mov_b32 s2, s3\n"
                               "s_mov_b32 s0\n"
                               "\n"
                               "ds_add_u32 v1, v2 offset:65536\n"
                               "ds_add_u32 v1, v2 offset:4\n"
                               "s_mov_b32 s0, s1 junk\n";
    static const char *const prefixes[] = {
        "many.s:2:1: ", "many.s:4:13: ", "many.s:6:26: ", "many.s:8:18: "};
    static const char *const keywords[] = {"mnemonic", "missing", "range", NULL};
    gcn_proc_result r;
    (void)state;
    run_on(&r, "asm", "gcn1.2", 0, "many.s", text, strlen(text));
    expect_diags("asm several bad lines", &r, 4, prefixes, keywords);
    expect_stdout("asm several bad lines", &r,
                  "0x01,0x00,0x80,0xbe\n0x03,0x00,0x82,0xbe\n"
                  "0x04,0x00,0x00,0xd8,0x01,0x02,0x00,0x00\n");
    gcn_proc_result_free(&r);
}

/* A NUL byte is reported where it is and does not hide the lines after it. */
static void asm_nul_byte(void **state)
{
    static const char text[] = "s_mov_b32 s0, s1\n\0\ns_mov_b32 s2,\0 s3\ns_mov_b32 s2, s3\n";
    static const char *const prefixes[] = {"nul.s:2:1: ", "nul.s:3:14: "};
    static const char *const keywords[] = {"NUL", "NUL"};
    gcn_proc_result r;
    (void)state;
    run_on(&r, "asm", "gcn1.2", 0, "nul.s", text, sizeof(text) - 1);
    expect_diags("asm NUL byte", &r, 2, prefixes, keywords);
    expect_stdout("asm NUL byte", &r, good_bytes("gcn1.2"));
    gcn_proc_result_free(&r);
}

/* ---- disasm, bytes as text ------------------------------------------------------------------- */

#define GOOD1_BYTES "0x01,0x00,0x80,0xbe"
#define GOOD2_BYTES "[0x03,0x00,0x82,0xbe]"
#define GOOD1_TEXT "s_mov_b32 s0, s1\n"
#define GOOD2_TEXT "s_mov_b32 s2, s3\n"

typedef struct disasm_case {
    const char *line;
    unsigned col;
    const char *keyword;
    const char *also; /* what the bad line prints (its instructions, its bad bytes as data
                       * without their comment), before GOOD2 */
} disasm_case;

static const disasm_case disasm_cases[] = {
    /* not bytes: not hex, more than a byte, no 0x (llvm-mc reads "12" as decimal, a hex dump
     * as 0x12: refused rather than guessed), signs, a bare prefix. The line is skipped whole. */
    {"0xzz,0x00,0x80,0xbe", 1, "not a byte", NULL},
    {"0x01,0x123,0x80,0xbe", 6, "not a byte", NULL},
    {"12,0x00,0x80,0xbe", 1, "not a byte", NULL},
    {"0x01 0x00 0x80 be", 16, "not a byte", NULL},
    {"0x,0x00,0x80,0xbe", 1, "not a byte", NULL},
    {"-0x1,0x00,0x80,0xbe", 1, "not a byte", NULL},
    {"+0x1,0x00,0x80,0xbe", 1, "not a byte", NULL},
    {"0x01,0x00,0x80,0xbe s_mov_b32", 21, "not a byte", NULL},
    {"0x01,0x00,0x80,0xbe / 1", 21, "not a byte", NULL},
    /* truncated: a DS word without its second dword, an SOP1 literal missing, a partial word;
     * the bytes are printed as data, the words that are whole as .long */
    {"0xff,0xff,0x00,0xd8", 1, "truncated DS instruction: 8 bytes, 4 given", ".long 0xd800ffff\n"},
    {"0xff,0x00,0x80,0xbe", 1, "truncated SOP1 instruction: 4 bytes and a literal",
     ".long 0xbe8000ff\n"},
    {"0xff,0x00,0x80,0xbe,0x78,0x56", 1, "truncated", ".byte 0xff, 0x00, 0x80, 0xbe, 0x78, 0x56\n"},
    {"0x01,0x00,0x80", 1, "truncated", ".byte 0x01, 0x00, 0x80\n"},
    {"0x01,0x00,0x80,0xbe 0xff,0xff,0x00,0xd8", 21, "truncated", GOOD1_TEXT ".long 0xd800ffff\n"},
    /* no encoding, no instruction at the opcode, an operand field no operand has */
    {"0xff,0xff,0xff,0xff", 1, "no encoding of gcn1.2 has the fixed bits of 0xffffffff",
     ".long 0xffffffff\n"},
    {"0x01,0xff,0x80,0xbe", 1, "SOP1 opcode 255 is no instruction on gcn1.2", ".long 0xbe80ff01\n"},
    {"0xd1,0x00,0x80,0xbe", 1, "SSRC0=209 is not a valid operand", ".long 0xbe8000d1\n"},
    {"0x01,0x00,0xfd,0xbe", 1, "SDST=125 is not a valid operand", ".long 0xbefd0001\n"},
    /* one dword skipped, then decoding goes on on the same line */
    {"0xff,0xff,0xff,0xff 0x01,0x00,0x80,0xbe", 1, "encoding", ".long 0xffffffff\n" GOOD1_TEXT},
    {"[0x01,0xff,0x80,0xbe] [0x01,0x00,0x80,0xbe]", 2, "opcode", ".long 0xbe80ff01\n" GOOD1_TEXT},
};

static void disasm_text_bad_lines(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(disasm_cases) / sizeof(disasm_cases[0]); i++) {
        const disasm_case *c = &disasm_cases[i];
        gcn_proc_result r;
        char what[256], text[512], prefix[64], want[256];
        snprintf(what, sizeof(what), "disasm '%s'", c->line);
        snprintf(text, sizeof(text), "# bad line %zu\n%s\n\n%s\n%s\n", i, GOOD1_BYTES, c->line,
                 GOOD2_BYTES);
        snprintf(prefix, sizeof(prefix), "in.txt:4:%u: ", c->col);
        snprintf(want, sizeof(want), "%s%s%s", GOOD1_TEXT, c->also ? c->also : "", GOOD2_TEXT);
        run_on(&r, "disasm", "gcn1.2", 0, "in.txt", text, strlen(text));
        expect_diag(what, &r, prefix, c->keyword);
        expect_stdout(what, &r, want);
        gcn_proc_result_free(&r);
    }
}

/* What is accepted: llvm-mc's bracketed form, blanks or commas between bytes, several
 * instructions on a line, upper-case hex, comments (';', '//', '#'), CRLF, a literal; and
 * inputs with no bytes at all (an empty file, blank lines, an empty list "[]") decode to
 * nothing, quietly. */
static void disasm_text_accepted(void **state)
{
    static const char text[] = "[0x01,0x00,0x80,0xbe]\n"
                               "0x01 0x00 0x80 0xbe\n"
                               "  0X01,0x00,0x80,0xBE  \r\n"
                               "0x1,0x0,0x80,0xbe\n"
                               "[0x01,0x00,0x80,0xbe] [0x03,0x00,0x82,0xbe]\n"
                               "0x01,0x00,0x80,0xbe,0x03,0x00,0x82,0xbe\n"
                               "0x01,0x00,0x80,0xbe ; s_mov_b32 s0, s1\n"
                               "0x01,0x00,0x80,0xbe // s_mov_b32 s0, s1\n"
                               "0x01,0x00,0x80,0xbe # s_mov_b32 s0, s1\n"
                               "0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12\n"
                               "[]\n"
                               "\n"
                               "0x04,0x00,0x01,0xd8,0x01,0x02,0x00,0x00\n"
                               /* a VOP2 word (VGPR SRC0: with s0 it reads two scalar
                                * values, s0 and VCC, which the constant bus refuses), a VOPC
                                * word with its literal; encodings and
                                * forms not modelled yet are data, not errors: the two dwords
                                * of v_mov_b32_e64 (VOP1's VOP3 form, opcode 321); and a VOP1
                                * word with its literal */
                               "0x00,0x01,0x00,0x00\n"
                               "0xff,0x02,0x84,0x7c,0x78,0x56,0x34,0x12\n"
                               "0x00,0x00,0x41,0xd1,0x01,0x00,0x80,0xbe\n"
                               "0xff,0x02,0x00,0x7e,0x78,0x56,0x34,0x12";
    static const char want[] =
        GOOD1_TEXT GOOD1_TEXT GOOD1_TEXT GOOD1_TEXT GOOD1_TEXT GOOD2_TEXT GOOD1_TEXT GOOD2_TEXT
            GOOD1_TEXT GOOD1_TEXT GOOD1_TEXT "s_mov_b32 s0, 0x12345678\n"
                                             "ds_add_u32 v1, v2 offset:4 gds\n"
                                             "v_cndmask_b32_e32 v0, v0, v0, vcc\n"
                                             "v_cmp_eq_f32_e32 vcc, 0x12345678, v1\n"
                                             ".long 0xd1410000, 0xbe800001\n"
                                             "v_mov_b32_e32 v0, 0x12345678\n";
    gcn_proc_result r;
    (void)state;
    run_on(&r, "disasm", "gcn1.2", 0, "ok.txt", text, strlen(text));
    expect_clean("disasm accepted forms", &r, want);
    gcn_proc_result_free(&r);
    run_on(&r, "disasm", "gcn1.2", 0, "empty.txt", "", 0);
    expect_clean("disasm empty file", &r, "");
    gcn_proc_result_free(&r);
    run_on(&r, "disasm", "gcn1.2", 0, "blank.txt", "\n  \n# nothing\n[]\n[ ]\n", 21);
    expect_clean("disasm no bytes", &r, "");
    gcn_proc_result_free(&r);
}

/* Several bad lines, a NUL byte among them: all reported in order, the good ones decoded. */
static void disasm_text_several_bad_lines(void **state)
{
    static const char text[] = "0x01,0x00,0x80,0xbe\n"
                               "0xzz\n"
                               "0xff,0xff,0xff,0xff\n"
                               "0x03,0x00,0x82,0xbe\n"
                               "0x01,\0x00\n"
                               "0x01,0x00,0x80,0xbe,0x02\n";
    static const char *const prefixes[] = {
        "many.txt:2:1: ", "many.txt:3:1: ", "many.txt:5:6: ", "many.txt:6:21: "};
    static const char *const keywords[] = {"byte", "encoding", "NUL", "truncated"};
    gcn_proc_result r;
    (void)state;
    run_on(&r, "disasm", "gcn1.2", 0, "many.txt", text, sizeof(text) - 1);
    expect_diags("disasm several bad lines", &r, 4, prefixes, keywords);
    expect_stdout("disasm several bad lines", &r,
                  GOOD1_TEXT ".long 0xffffffff\n" GOOD2_TEXT GOOD1_TEXT ".byte 0x02\n");
    gcn_proc_result_free(&r);
}

/* ---- disasm --binary ------------------------------------------------------------------------- */

/* s_mov_b32 s0, s1 and s_mov_b32 s2, s3 on GCN 1.2 */
#define BIN_GOOD1 "\x01\x00\x80\xbe"
#define BIN_GOOD2 "\x03\x00\x82\xbe"

static void disasm_binary_bad_words(void **state)
{
    static const struct {
        const char *what;
        const char *data;
        size_t len;
        size_t nmsgs;
        const char *prefix[2];
        const char *keyword[2];
        const char *want;
    } cases[] = {
        /* a trailing DS word without its second dword */
        {"truncated DS",
         BIN_GOOD1 "\xff\xff\x00\xd8",
         8,
         1,
         {"in.bin:+4: "},
         {"truncated"},
         GOOD1_TEXT ".long 0xd800ffff\n"},
        /* SSRC0=255 and no literal */
        {"truncated literal",
         BIN_GOOD1 "\xff\x00\x80\xbe",
         8,
         1,
         {"in.bin:+4: "},
         {"truncated"},
         GOOD1_TEXT ".long 0xbe8000ff\n"},
        {"trailing bytes",
         BIN_GOOD1 "\x01\x02",
         6,
         1,
         {"in.bin:+4: "},
         {"truncated"},
         GOOD1_TEXT ".byte 0x01, 0x02\n"},
        {"one byte", "\x01", 1, 1, {"in.bin:+0: "}, {"truncated"}, ".byte 0x01\n"},
        /* undecodable words are data, and decoding resyncs after them */
        {"no encoding, then good words",
         "\xff\xff\xff\xff" BIN_GOOD1 "\x01\xff\x80\xbe" BIN_GOOD2,
         16,
         2,
         {"in.bin:+0: ", "in.bin:+8: "},
         {"encoding", "opcode"},
         ".long 0xffffffff\n" GOOD1_TEXT ".long 0xbe80ff01\n" GOOD2_TEXT},
        {"bad operand between good words",
         BIN_GOOD1 "\xd1\x00\x80\xbe" BIN_GOOD2,
         12,
         1,
         {"in.bin:+4: "},
         {"operand"},
         GOOD1_TEXT ".long 0xbe8000d1\n" GOOD2_TEXT},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gcn_proc_result r;
        char what[128];
        snprintf(what, sizeof(what), "disasm --binary: %s", cases[i].what);
        run_on(&r, "disasm", "gcn1.2", 1, "in.bin", cases[i].data, cases[i].len);
        expect_diags(what, &r, cases[i].nmsgs, cases[i].prefix, cases[i].keyword);
        expect_stdout(what, &r, cases[i].want);
        gcn_proc_result_free(&r);
    }
}

static void disasm_binary_good_and_empty(void **state)
{
    gcn_proc_result r;
    (void)state;
    run_on(&r, "disasm", "gcn1.2", 1, "ok.bin",
           BIN_GOOD1 "\xff\x00\x80\xbe\x78\x56\x34\x12" BIN_GOOD2, 16);
    expect_clean("disasm --binary", &r, GOOD1_TEXT "s_mov_b32 s0, 0x12345678\n" GOOD2_TEXT);
    gcn_proc_result_free(&r);
    run_on(&r, "disasm", "gcn1.2", 1, "empty.bin", "", 0);
    expect_clean("disasm --binary empty file", &r, "");
    gcn_proc_result_free(&r);
    /* bytes written as text, given as --binary: said so, nothing decoded */
    run_on(&r, "disasm", "gcn1.2", 1, "text.bin", GOOD1_BYTES "\n" GOOD2_BYTES "\n",
           strlen(GOOD1_BYTES "\n" GOOD2_BYTES "\n"));
    expect_diag("disasm --binary on text", &r, "text.bin: ", "drop --binary");
    expect_stdout("disasm --binary on text", &r, "");
    gcn_proc_result_free(&r);
}

/* ---- files and flags ------------------------------------------------------------------------- */

/* A file that cannot be read: "FILE: message" naming it, exit 1, nothing on stdout. */
static void expect_file_error(const char *what, const gcn_proc_result *r, const char *file,
                              const char *keyword)
{
    char prefix[256];
    snprintf(prefix, sizeof(prefix), "%s: ", file);
    expect_diag(what, r, prefix, keyword);
    expect_stdout(what, r, "");
}

static void unreadable_files(void **state)
{
    static const char *const cmds[][2] = {{"asm", NULL}, {"disasm", NULL}, {"disasm", "-b"}};
    size_t i;
    (void)state;
    assert_int_equal(mkdir("adir", 0700), 0);
    for (i = 0; i < 3; i++) {
        gcn_proc_result r;
        char what[64];
        snprintf(what, sizeof(what), "%s %s: missing file", cmds[i][0], cmds[i][1] ? "-b" : "");
        if (cmds[i][1])
            cli_run(&r, cmds[i][0], "--gen", "gfx8", cmds[i][1], "no-such-file", NULL);
        else
            cli_run(&r, cmds[i][0], "--gen", "gfx8", "no-such-file", NULL);
        expect_file_error(what, &r, "no-such-file", "no such file");
        gcn_proc_result_free(&r);
        snprintf(what, sizeof(what), "%s %s: directory", cmds[i][0], cmds[i][1] ? "-b" : "");
        if (cmds[i][1])
            cli_run(&r, cmds[i][0], "--gen", "gfx8", cmds[i][1], "adir", NULL);
        else
            cli_run(&r, cmds[i][0], "--gen", "gfx8", "adir", NULL);
        expect_file_error(what, &r, "adir", "directory");
        gcn_proc_result_free(&r);
    }
}

static void expect_usage(const char *what, const gcn_proc_result *r, const char *cmd,
                         const char *names)
{
    char prefix[64];
    snprintf(prefix, sizeof(prefix), "gcnspec %s: ", cmd);
    if (r->exit_code != 2)
        fail_msg("%s: expected exit 2 (usage), got %d:\n%s", what, r->exit_code, err_of(r));
    if (strncmp(err_of(r), prefix, strlen(prefix)) != 0 || !strstr(err_of(r), names))
        fail_msg("%s: expected '%s...%s...' on stderr, got:\n%s", what, prefix, names, err_of(r));
    expect_stdout(what, r, "");
}

static void bad_flags(void **state)
{
    static const char *const cmds[] = {"asm", "disasm"};
    size_t i;
    (void)state;
    file_write("in.s", GOOD1 "\n", strlen(GOOD1) + 1);
    for (i = 0; i < 2; i++) {
        const char *cmd = cmds[i];
        gcn_proc_result r;
        cli_run(&r, cmd, "in.s", NULL);
        expect_usage("no --gen", &r, cmd, "--gen");
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", "gcn9", "in.s", NULL);
        expect_usage("unknown --gen", &r, cmd, "'gcn9'");
        /* asm says which there are (disasm: see its own file) */
        if (i == 0 && !strstr(err_of(&r), "one of gcn1.0 (gfx6, tahiti), gcn1.1 (gfx7, bonaire)"))
            fail_msg("unknown --gen: the generations are not listed:\n%s", err_of(&r));
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", "", "in.s", NULL);
        expect_usage("empty --gen", &r, cmd, "generation");
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", NULL);
        expect_usage("--gen without a value", &r, cmd, "'--gen'");
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", "gfx8", "--frob", "in.s", NULL);
        expect_usage("unknown long option", &r, cmd, "'--frob'");
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", "gfx8", "-x", "in.s", NULL);
        expect_usage("unknown short option", &r, cmd, "'-x'");
        gcn_proc_result_free(&r);
        cli_run(&r, cmd, "--gen", "gfx8", "in.s", "in.s", NULL);
        expect_usage("two files", &r, cmd, "unexpected argument");
        gcn_proc_result_free(&r);
    }
}

/* The spellings of a generation the help lists are all accepted, in any case. */
static void generation_aliases(void **state)
{
    static const char *const names[] = {"gcn1.2", "gfx8", "GFX8", "tonga", "Tonga", "vi"};
    size_t i;
    (void)state;
    file_write("in.s", GOOD1 "\n", strlen(GOOD1) + 1);
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        gcn_proc_result r;
        cli_run(&r, "asm", "-g", names[i], "in.s", NULL);
        expect_clean(names[i], &r, "0x01,0x00,0x80,0xbe\n");
        gcn_proc_result_free(&r);
    }
}

/* Without FILE, or with FILE '-', the input is stdin, named <stdin> in messages. */
static void stdin_input(void **state)
{
    static const char asm_text[] = GOOD1 "\ns_foo\n" GOOD2 "\n";
    static const char dis_text[] = GOOD1_BYTES "\n0xzz\n" GOOD2_BYTES "\n";
    static const char bin[] = BIN_GOOD1 "\xff\xff\xff\xff" BIN_GOOD2 "\xff\xff\x00\xd8";
    static const char *const bin_prefixes[] = {"<stdin>:+4: ", "<stdin>:+12: "};
    static const char *const bin_keywords[] = {"encoding", "truncated"};
    char *asm_args[][5] = {{"asm", "--gen", "gfx8", NULL}, {"asm", "--gen", "gfx8", "-", NULL}};
    char *dis_args[][6] = {{"disasm", "--gen", "gfx8", NULL},
                           {"disasm", "--gen", "gfx8", "-", NULL}};
    char *bin_args[][6] = {{"disasm", "--gen", "gfx8", "--binary", NULL},
                           {"disasm", "--gen", "gfx8", "--binary", "-", NULL}};
    size_t i;
    (void)state;
    for (i = 0; i < 2; i++) {
        gcn_proc_result r;
        run_stdin(&r, asm_args[i], asm_text, strlen(asm_text));
        expect_diag("asm <stdin>", &r, "<stdin>:2:1: ", "mnemonic");
        expect_stdout("asm <stdin>", &r, good_bytes("gcn1.2"));
        gcn_proc_result_free(&r);
        run_stdin(&r, dis_args[i], dis_text, strlen(dis_text));
        expect_diag("disasm <stdin>", &r, "<stdin>:2:1: ", "byte");
        expect_stdout("disasm <stdin>", &r, GOOD1_TEXT GOOD2_TEXT);
        gcn_proc_result_free(&r);
        run_stdin(&r, bin_args[i], bin, sizeof(bin) - 1);
        expect_diags("disasm --binary <stdin>", &r, 2, bin_prefixes, bin_keywords);
        expect_stdout("disasm --binary <stdin>", &r,
                      GOOD1_TEXT ".long 0xffffffff\n" GOOD2_TEXT ".long 0xd800ffff\n");
        gcn_proc_result_free(&r);
        run_stdin(&r, asm_args[i], "", 0);
        expect_clean("asm empty <stdin>", &r, "");
        gcn_proc_result_free(&r);
    }
}

/* stdin that cannot be read (a directory) is an input error, not an empty input. */
static void stdin_unreadable(void **state)
{
    static const char *const cmds[] = {"asm --gen gfx8", "disasm --gen gfx8",
                                       "disasm --gen gfx8 --binary"};
    size_t i;
    (void)state;
    assert_int_equal(mkdir("sdir", 0700), 0);
    for (i = 0; i < 3; i++) {
        gcn_proc_result r;
        char script[128];
        char *argv[] = {"sh", "-c", script, NULL};
        snprintf(script, sizeof(script), "exec \"$GCNSPEC\" %s < sdir", cmds[i]);
        memset(&r, 0, sizeof(r));
        gcn_proc_run("/bin/sh", argv, NULL, 0, 60, &r);
        if (proc_crashed(&r))
            fail_msg("%s < dir crashed:\n%s", cmds[i], err_of(&r));
        expect_file_error(cmds[i], &r, "<stdin>", "directory");
        gcn_proc_result_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(asm_bad_lines),
        cmocka_unit_test(asm_register_limits),
        cmocka_unit_test(asm_comments_blanks_upper_case),
        cmocka_unit_test(asm_several_bad_lines),
        cmocka_unit_test(asm_nul_byte),
        cmocka_unit_test(disasm_text_bad_lines),
        cmocka_unit_test(disasm_text_accepted),
        cmocka_unit_test(disasm_text_several_bad_lines),
        cmocka_unit_test(disasm_binary_bad_words),
        cmocka_unit_test(disasm_binary_good_and_empty),
        cmocka_unit_test(unreadable_files),
        cmocka_unit_test(bad_flags),
        cmocka_unit_test(generation_aliases),
        cmocka_unit_test(stdin_input),
        cmocka_unit_test(stdin_unreadable),
    };
    return cmocka_run_group_tests_name("cli_codec_input", tests, setup, teardown);
}
