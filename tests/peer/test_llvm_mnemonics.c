/* Every mnemonic gcn.json says exists on a generation must assemble with llvm-mc for that
 * generation to an encoding with gcn.json's opcode and fixed bits, unless an erratum says the
 * peer lacks it (a "peer-lacks" decision, which is then checked too: llvm-mc must reject it).
 * One llvm-mc process per generation and peer. */
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

#include "util/buf.h"
#include "util/json.h"
#include "util/proc.h"

static gcn_json_doc spec;
static const char *source_dir = ".";

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static const cJSON *layout_for(const char *enc, const char *gen)
{
    const cJSON *e, *l, *g;
    cJSON_ArrayForEach(e, get(spec.root, "encodings"))
    {
        if (strcmp(get(e, "name")->valuestring, enc) != 0)
            continue;
        cJSON_ArrayForEach(l, get(e, "layouts"))
        {
            cJSON_ArrayForEach(g, get(l, "gens"))
            {
                if (strcmp(g->valuestring, gen) == 0)
                    return l;
            }
        }
    }
    return NULL;
}

static int field_of(const cJSON *layout, const char *name, int *lo, int *hi)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, get(layout, "fields"))
    {
        if (strcmp(get(f, "name")->valuestring, name) == 0) {
            *lo = (int)get(f, "lo")->valuedouble;
            *hi = (int)get(f, "hi")->valuedouble;
            return 1;
        }
    }
    return 0;
}

static uint64_t bits_of(const unsigned char *b, size_t n, int lo, int hi)
{
    uint64_t w = 0;
    size_t i;
    for (i = 0; i < n && i < 8; i++)
        w |= (uint64_t)b[i] << (8 * i);
    return (w >> lo) & ((hi - lo == 63) ? ~0ull : ((1ull << (hi - lo + 1)) - 1));
}

/* llvm asm for one instruction: lower-case mnemonic, one register (tuple) per operand,
 * required modifiers. */
static void render(gcn_buf *b, const cJSON *insn, const char *gen)
{
    const cJSON *op, *m;
    const char *name = get(insn, "name")->valuestring;
    int i = 0, first = 1, scalar_sources = 0;
    int cmpswap = strstr(name, "CMPSWAP") != NULL;
    for (; *name; name++)
        gcn_buf_putc(b, (char)tolower((unsigned char)*name));
    /* the form's suffix where the generation has the instruction in another encoding too
     * (v_interp_p1_f32_e64: VINTRP's v_interp_p1_f32 is another word) */
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(insn, "asm_suffix_gens"))
    {
        if (cJSON_IsString(m) && strcmp(m->valuestring, gen) == 0)
            gcn_buf_puts(b, get(insn, "asm_suffix")->valuestring);
    }
    cJSON_ArrayForEach(op, get(insn, "operands"))
    {
        const char *kind = get(op, "kind")->valuestring;
        int regs = (int)get(op, "regs")->valuedouble;
        const cJSON *rg = cJSON_GetObjectItemCaseSensitive(op, "regs_gens"), *g;
        /* the width on this generation (a packed D16 VDATA on GCN 1.4) */
        if (rg) {
            cJSON_ArrayForEach(g, get(rg, "gens"))
            {
                if (strcmp(g->valuestring, gen) == 0)
                    regs = (int)get(rg, "regs")->valuedouble;
            }
        }
        gcn_buf_puts(b, first ? " " : ", ");
        first = 0;
        if (strcmp(kind, "vaddr-buf") == 0) {
            /* a buffer address: 'off' with none of idxen, offen, addr64 */
            gcn_buf_puts(b, "off");
        } else if (strcmp(kind, "vaddr-saddr") == 0) {
            /* a GLOBAL/SCRATCH address beside an SGPR base: its width there, 'off' for none */
            int w = (int)get(op, "regs_with_saddr")->valuedouble, base = 1 + 8 * i;
            if (!w)
                gcn_buf_puts(b, "off");
            else if (w == 1)
                gcn_buf_printf(b, "v%d", base);
            else
                gcn_buf_printf(b, "v[%d:%d]", base, base + w - 1);
        } else if (strcmp(kind, "srsrc") == 0) {
            gcn_buf_printf(b, "s[%d:%d]", 8 + 8 * i, 8 + 8 * i + regs - 1);
        } else if (strcmp(kind, "vgpr") == 0 || strcmp(kind, "vsrc") == 0 ||
                   strcmp(kind, "vsrc-vgpr") == 0 || strcmp(kind, "vdata-mimg") == 0) {
            int base = 1 + 8 * i;
            if (cmpswap && strcmp(kind, "vdata-mimg") == 0)
                regs = 2;
            if (regs == 1)
                gcn_buf_printf(b, "v%d", base);
            else
                gcn_buf_printf(b, "v[%d:%d]", base, base + regs - 1);
        } else if (strcmp(kind, "sbase") == 0) {
            gcn_buf_printf(b, "s[%d:%d]", 40, 40 + regs - 1);
        } else if (strcmp(kind, "smem-offset") == 0 || strcmp(kind, "smrd-offset") == 0) {
            gcn_buf_puts(b, "0x4");
        } else if (strcmp(kind, "attr") == 0) {
            gcn_buf_puts(b, "attr1.y");
        } else if (get(op, "format") &&
                   strcmp(get(op, "format")->valuestring, "interp-slot") == 0) {
            gcn_buf_puts(b, "p20");
        } else if (strcmp(kind, "imm") == 0 || strcmp(kind, "label") == 0 ||
                   strcmp(kind, "literal32") == 0) {
            gcn_buf_puts(b, "1");
        } else if (strcmp(kind, "vcc") == 0) {
            gcn_buf_puts(b, "vcc");
        } else if (strcmp(kind, "ssrc") == 0 && scalar_sources++) {
            /* a second scalar source: a constant, which no constant bus limit (one SGPR for a
             * VALU instruction, LLVM's rule) refuses */
            gcn_buf_puts(b, "1");
        } else { /* sgpr, sdst, ssrc */
            int base = regs >= 16 ? 48 : regs >= 4 ? 8 + 8 * i : 2 + 4 * i;
            if (regs == 1)
                gcn_buf_printf(b, "s%d", base);
            else
                gcn_buf_printf(b, "s[%d:%d]", base, base + regs - 1);
        }
        i++;
    }
    cJSON_ArrayForEach(m, get(insn, "modifiers"))
    {
        /* required modifiers, and the flag an operand is written with (an atomic's glc) */
        int with = 0, dmask = 0;
        cJSON_ArrayForEach(op, get(insn, "operands"))
        {
            if (get(op, "when") && get(m, "field") &&
                strcmp(get(op, "when")->valuestring, get(m, "field")->valuestring) == 0)
                with = 1;
            if (get(op, "dmask_field") && get(m, "field") &&
                strcmp(get(op, "dmask_field")->valuestring, get(m, "field")->valuestring) == 0)
                dmask = 1;
        }
        if (cJSON_IsTrue(get(m, "required")) || with)
            gcn_buf_printf(b, " %s", get(m, "asm")->valuestring);
        /* an image instruction's components: one, as its one-register VDATA (llvm-mc refuses
         * an atomic's or a gather's DMASK 0); a compare-and-swap two, data and compare, the
         * fewest llvm-mc takes (llvm-mc-known.json K107) */
        else if (dmask)
            gcn_buf_printf(b, " %s:0x%x", get(m, "asm")->valuestring, cmpswap ? 3u : 1u);
    }
}

static int peer_lacks(const cJSON *insn, const char *peer, const char *gen)
{
    const cJSON *p, *g;
    cJSON_ArrayForEach(p, get(insn, "peer_lacks"))
    {
        const cJSON *gens = get(p, "gens");
        int all = !gens || cJSON_GetArraySize(gens) == 0, hit = all;
        if (strcmp(get(p, "peer")->valuestring, peer) != 0)
            continue;
        cJSON_ArrayForEach(g, gens)
        {
            if (strcmp(g->valuestring, gen) == 0)
                hit = 1;
        }
        if (hit)
            return 1;
    }
    return 0;
}

static int opcode_on(const cJSON *insn, const char *gen, long *opcode)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, get(insn, "opcodes"))
    {
        if (strcmp(get(o, "gen")->valuestring, gen) == 0) {
            *opcode = (long)get(o, "opcode")->valuedouble;
            return 1;
        }
    }
    return 0;
}

/* Parses "[0x01,0x02,...]" */
static size_t parse_bytes(const char *s, unsigned char *out, size_t max)
{
    size_t n = 0;
    while (*s && *s != ']' && n < max) {
        char *e;
        unsigned long v;
        while (*s == '[' || *s == ',' || *s == ' ')
            s++;
        v = strtoul(s, &e, 16);
        if (e == s)
            break;
        out[n++] = (unsigned char)v;
        s = e;
    }
    return n;
}

typedef struct tally {
    unsigned checked, lacks, failed;
} tally;

static void check_gen(const char *peer, const char *gen, const char *mcpu, tally *t)
{
    const cJSON *insn, *insns = get(spec.root, "instructions");
    gcn_buf in, arg;
    const cJSON **lines;
    size_t nlines = 0, i, k;
    char *path = gcn_proc_find(peer);
    char mcpu_arg[64];
    char *argv[6];
    gcn_proc_result r;
    int *err_line;
    const char *p;
    assert_non_null(path);
    lines = calloc((size_t)cJSON_GetArraySize(insns) + 1, sizeof(*lines));
    err_line = calloc((size_t)cJSON_GetArraySize(insns) + 2, sizeof(*err_line));
    assert_non_null(lines);
    assert_non_null(err_line);
    gcn_buf_init(&in);
    gcn_buf_init(&arg);
    cJSON_ArrayForEach(insn, insns)
    {
        long opcode;
        if (!opcode_on(insn, gen, &opcode))
            continue;
        render(&in, insn, gen);
        gcn_buf_putc(&in, '\n');
        lines[nlines++] = insn;
    }
    snprintf(mcpu_arg, sizeof(mcpu_arg), "-mcpu=%s", mcpu);
    argv[0] = path;
    argv[1] = "-arch=amdgcn";
    argv[2] = mcpu_arg;
    argv[3] = "-show-encoding";
    argv[4] = NULL;
    memset(&r, 0, sizeof(r));
    gcn_proc_run(path, argv, in.data, in.len, 120, &r);
    if (r.failure[0])
        fail_msg("%s -mcpu=%s: %s", peer, mcpu, r.failure);
    /* errors name their input line: "<stdin>:N:C: error: ..." */
    for (p = r.err.data ? r.err.data : ""; *p;) {
        const char *nl = strchr(p, '\n');
        unsigned long n;
        if (strncmp(p, "<stdin>:", 8) == 0 && strstr(p, ": error:") &&
            (!nl || strstr(p, ": error:") < nl)) {
            n = strtoul(p + 8, NULL, 10);
            if (n >= 1 && n <= nlines)
                err_line[n] = 1;
        }
        p = nl ? nl + 1 : p + strlen(p);
    }
    p = r.out.data ? r.out.data : "";
    for (i = 0; i < nlines; i++) {
        const char *name = get(lines[i], "name")->valuestring;
        const char *enc = get(lines[i], "encoding")->valuestring;
        int lacks = peer_lacks(lines[i], peer, gen);
        long want = -1;
        unsigned char bytes[16];
        size_t nb;
        const char *e;
        const cJSON *layout = layout_for(enc, gen), *fx;
        int lo, hi;
        opcode_on(lines[i], gen, &want);
        if (err_line[i + 1]) {
            if (lacks) {
                t->lacks++;
            } else {
                fprintf(stderr, "%s %s: %s is rejected, and no erratum says %s lacks it\n", peer,
                        gen, name, peer);
                t->failed++;
            }
            continue;
        }
        e = strstr(p, "; encoding: ");
        if (!e) {
            fprintf(stderr, "%s %s: no encoding printed for %s\n", peer, gen, name);
            t->failed++;
            continue;
        }
        nb = parse_bytes(e + 12, bytes, sizeof(bytes));
        p = strchr(e, '\n') ? strchr(e, '\n') + 1 : e + strlen(e);
        if (lacks) {
            fprintf(stderr, "%s %s: %s assembles, but an erratum says %s lacks it (stale)\n", peer,
                    gen, name, peer);
            t->failed++;
            continue;
        }
        assert_non_null(layout);
        assert_true(field_of(layout, "OPCODE", &lo, &hi));
        if ((long)bits_of(bytes, nb, lo, hi) != want) {
            fprintf(stderr, "%s %s: %s: gcn.json opcode %ld, llvm-mc encodes %llu\n", peer, gen,
                    name, want, (unsigned long long)bits_of(bytes, nb, lo, hi));
            t->failed++;
            continue;
        }
        cJSON_ArrayForEach(fx, get(layout, "fixed"))
        {
            uint64_t v = 0;
            gcn_parse_u64(get(fx, "value")->valuestring, &v);
            assert_true(field_of(layout, get(fx, "field")->valuestring, &lo, &hi));
            if (bits_of(bytes, nb, lo, hi) != v) {
                fprintf(stderr, "%s %s: %s: %s is not %s\n", peer, gen, name,
                        get(fx, "field")->valuestring, get(fx, "value")->valuestring);
                t->failed++;
            }
        }
        t->checked++;
    }
    for (k = 0; k < 1; k++)
        (void)k;
    gcn_proc_result_free(&r);
    gcn_buf_free(&in);
    gcn_buf_free(&arg);
    free(lines);
    free(err_line);
    free(path);
}

static void check_peer(const char *peer)
{
    const cJSON *g;
    tally t = {0, 0, 0};
    cJSON_ArrayForEach(g, get(spec.root, "generations"))
    {
        check_gen(peer, get(g, "id")->valuestring, get(g, "mcpu")->valuestring, &t);
    }
    fprintf(stderr,
            "%s: %u instruction x generation pairs assemble with gcn.json's opcode, %u "
            "rejected as an erratum says, %u failures\n",
            peer, t.checked, t.lacks, t.failed);
    assert_int_equal(t.failed, 0);
    assert_true(t.checked > 0);
}

static void test_llvm_mc_14(void **state)
{
    (void)state;
    check_peer("llvm-mc-14");
}

static void test_llvm_mc_19(void **state)
{
    char *p = gcn_proc_find("llvm-mc-19");
    (void)state;
    if (!p)
        skip();
    free(p);
    check_peer("llvm-mc-19");
}

static int setup(void **state)
{
    char path[4096];
    gcn_diag d;
    (void)state;
    if (getenv("GCN_SOURCE_DIR"))
        source_dir = getenv("GCN_SOURCE_DIR");
    snprintf(path, sizeof(path), "%s/spec/gcn.json", source_dir);
    if (gcn_json_load(&spec, path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    gcn_json_free(&spec);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_llvm_mc_14),
                                       cmocka_unit_test(test_llvm_mc_19)};
    char *p = gcn_proc_find("llvm-mc-14");
    if (!p) {
        fprintf(stderr, "llvm-mc-14 is not installed: skipped\n");
        return 77;
    }
    free(p);
    return cmocka_run_group_tests(tests, setup, teardown);
}
