/* The oracle's speed: wave-instructions per second (one instruction for all 64 lanes) on an
 * SOP1-heavy and a DS-heavy program, on one core, against the bars (50 M SOP1, 2 M DS).
 *
 * For context, the same operations written directly in C over the same state (no decoding,
 * no dispatch, no pseudocode): an upper bound no interpreter reaches, printed beside ours as a
 * ratio. The machines are shared and noisy: only figures from one run are compared.
 *
 *   bench_oracle [--gen G] [--seconds S] [--rounds N] [--variant written|corrected]
 *                [--check-bars] [--quick] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcnspec/oracle.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Every instruction compiled from the documents' pseudocode; none of them writes EXEC or PC,
 * so the program runs straight through. */
static const char sop1_body[] = "s_mov_b32 s1, s0\n"
                                "s_not_b32 s2, s1\n"
                                "s_bcnt1_i32_b32 s3, s2\n"
                                "s_brev_b32 s4, s2\n"
                                "s_mov_b64 s[6:7], s[2:3]\n"
                                "s_not_b64 s[8:9], s[6:7]\n"
                                "s_ff1_i32_b32 s10, s4\n"
                                "s_sext_i32_i8 s11, s2\n"
                                "s_abs_i32 s12, s11\n"
                                "s_cmov_b32 s13, s12\n"
                                "s_quadmask_b32 s14, s2\n"
                                "s_bcnt0_i32_b64 s15, s[8:9]\n"
                                "s_mov_b32 s0, s4\n";

static const char ds_body[] = "ds_write_b32 v1, v2\n"
                              "ds_read_b32 v3, v1\n"
                              "ds_add_u32 v1, v2 offset:256\n"
                              "ds_add_rtn_u32 v4, v1, v2 offset:512\n"
                              "ds_max_u32 v1, v3 offset:1024\n"
                              "ds_read2_b32 v[6:7], v1 offset1:16\n"
                              "ds_write_b64 v1, v[6:7] offset:2048\n"
                              "ds_xor_rtn_b32 v5, v1, v3 offset:4096\n";

typedef struct result {
    double per_sec;
    unsigned long long insts;
} result;

static int build(gcn_program *p, int gen, const char *body, int copies)
{
    size_t n = strlen(body) * (size_t)copies + 1;
    char *text = malloc(n);
    gcn_diag d;
    int i, ok;
    if (!text)
        return 0;
    text[0] = 0;
    for (i = 0; i < copies; i++)
        strcat(text, body);
    ok = gcn_program_parse(p, gen, 0, text, "bench", &d) == GCN_OK;
    if (!ok)
        gcn_diag_print(&d, stderr);
    free(text);
    return ok;
}

static void init_state(gcn_wave_state *s, int gen)
{
    unsigned k;
    gcn_state_init(s, gen);
    gcn_state_set_exec(s, ~0ull);
    gcn_state_set_m0(s, 0xffffffffu);
    s->sreg[gcn_state_sgpr_code(s, 0)] = 0x12345678;
    s->scc = 1;
    for (k = 0; k < GCN_LANES; k++) {
        s->vgpr[1][k] = 4 * k;
        s->vgpr[2][k] = k + 1;
    }
}

static result run_oracle(gcn_wave_state *s, const gcn_program *p, gcn_variant v, double seconds)
{
    gcn_exec_options o;
    gcn_exec_result r;
    gcn_diag d;
    result res = {0, 0};
    double t0 = now(), t = t0;
    memset(&o, 0, sizeof(o));
    o.variant = v;
    while (t - t0 < seconds) {
        int i;
        for (i = 0; i < 64; i++) {
            s->pc = p->base;
            if (gcn_exec_run(s, p, &o, &r, &d) != GCN_OK) {
                gcn_diag_print(&d, stderr);
                exit(1);
            }
            res.insts += r.steps;
        }
        t = now();
    }
    res.per_sec = (double)res.insts / (t - t0);
    return res;
}

/* The SOP1 body written in C over the same registers: what no decoding or dispatch costs. */
static result native_sop1(gcn_wave_state *s, int copies, double seconds)
{
    volatile uint32_t *r = s->sreg;
    result res = {0, 0};
    double t0 = now(), t = t0;
    while (t - t0 < seconds) {
        int rep, c;
        for (rep = 0; rep < 64; rep++)
            for (c = 0; c < copies; c++) {
                uint32_t s2, s4, s11;
                uint64_t s6, s8;
                int k, ff = -1;
                r[1] = r[0];
                s2 = ~r[1];
                r[2] = s2;
                s->scc = s2 != 0;
                r[3] = (uint32_t)__builtin_popcount(s2);
                s4 = 0;
                for (k = 0; k < 32; k++)
                    s4 |= ((s2 >> k) & 1u) << (31 - k);
                r[4] = s4;
                s6 = (uint64_t)r[3] << 32 | r[2];
                r[6] = (uint32_t)s6;
                r[7] = (uint32_t)(s6 >> 32);
                s8 = ~s6;
                r[8] = (uint32_t)s8;
                r[9] = (uint32_t)(s8 >> 32);
                for (k = 0; k < 32 && ff < 0; k++)
                    if ((s4 >> k) & 1)
                        ff = k;
                r[10] = (uint32_t)ff;
                s11 = (uint32_t)(int32_t)(int8_t)s2;
                r[11] = s11;
                r[12] = (int32_t)s11 < 0 ? 0u - s11 : s11;
                if (s->scc)
                    r[13] = r[12];
                r[14] = 0;
                for (k = 0; k < 8; k++)
                    r[14] |= ((s2 >> (4 * k)) & 15u) ? 1u << k : 0;
                r[15] = 64 - (uint32_t)__builtin_popcountll(s8);
                r[0] = s4;
            }
        res.insts += (unsigned long long)64 * (unsigned long long)copies * 13;
        t = now();
    }
    res.per_sec = (double)res.insts / (t - t0);
    return res;
}

/* The DS body in C: 64 lanes of LDS accesses each, bounds-checked against 64 KiB. */
static result native_ds(gcn_wave_state *s, int copies, double seconds)
{
    result res = {0, 0};
    double t0 = now(), t = t0;
    volatile uint8_t *lds = s->lds;
    while (t - t0 < seconds) {
        int rep, c;
        for (rep = 0; rep < 16; rep++)
            for (c = 0; c < copies; c++) {
                unsigned k;
#define LD(a) ((a) + 4 <= GCN_LDS_BYTES ? *(volatile uint32_t *)(lds + (a)) : 0u)
#define ST(a, v)                                                                                   \
    do {                                                                                           \
        if ((a) + 4 <= GCN_LDS_BYTES)                                                              \
            *(volatile uint32_t *)(lds + (a)) = (v);                                               \
    } while (0)
                for (k = 0; k < 64; k++)
                    ST(s->vgpr[1][k], s->vgpr[2][k]);
                for (k = 0; k < 64; k++)
                    s->vgpr[3][k] = LD(s->vgpr[1][k]);
                for (k = 0; k < 64; k++)
                    ST(s->vgpr[1][k] + 256, LD(s->vgpr[1][k] + 256) + s->vgpr[2][k]);
                for (k = 0; k < 64; k++) {
                    uint32_t old = LD(s->vgpr[1][k] + 512);
                    ST(s->vgpr[1][k] + 512, old + s->vgpr[2][k]);
                    s->vgpr[4][k] = old;
                }
                for (k = 0; k < 64; k++) {
                    uint32_t old = LD(s->vgpr[1][k] + 1024);
                    ST(s->vgpr[1][k] + 1024, old > s->vgpr[3][k] ? old : s->vgpr[3][k]);
                }
                for (k = 0; k < 64; k++) {
                    s->vgpr[6][k] = LD(s->vgpr[1][k]);
                    s->vgpr[7][k] = LD(s->vgpr[1][k] + 64);
                }
                for (k = 0; k < 64; k++) {
                    ST(s->vgpr[1][k] + 2048, s->vgpr[6][k]);
                    ST(s->vgpr[1][k] + 2052, s->vgpr[7][k]);
                }
                for (k = 0; k < 64; k++) {
                    uint32_t old = LD(s->vgpr[1][k] + 4096);
                    ST(s->vgpr[1][k] + 4096, old ^ s->vgpr[3][k]);
                    s->vgpr[5][k] = old;
                }
#undef LD
#undef ST
            }
        res.insts += (unsigned long long)16 * (unsigned long long)copies * 8;
        t = now();
    }
    res.per_sec = (double)res.insts / (t - t0);
    return res;
}

static int by_rate(const void *a, const void *b)
{
    double x = ((const result *)a)->per_sec, y = ((const result *)b)->per_sec;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *gen_name = "gfx9";
    double seconds = 1.0;
    int rounds = 5, check = 0, i, gen, copies = 16;
    gcn_variant v = GCN_AS_CORRECTED;
    gcn_program sop1, ds;
    gcn_wave_state *s = malloc(sizeof(*s));
    result r_sop1[16], r_ds[16], n_sop1[16], n_ds[16];
    double bar_sop1 = 50e6, bar_ds = 2e6;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gen") == 0 && i + 1 < argc)
            gen_name = argv[++i];
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc)
            v = strcmp(argv[++i], "written") == 0 ? GCN_AS_WRITTEN : GCN_AS_CORRECTED;
        else if (strcmp(argv[i], "--check-bars") == 0)
            check = 1;
        else if (strcmp(argv[i], "--quick") == 0) {
            seconds = 0.02;
            rounds = 1;
        } else {
            fprintf(stderr, "usage: bench_oracle [--gen G] [--seconds S] [--rounds N] "
                            "[--variant written|corrected] [--check-bars] [--quick]\n");
            return 2;
        }
    }
    if (rounds < 1 || rounds > 16 || !(seconds > 0))
        rounds = 5;
    gen = gcn_gen_lookup(gen_name);
    if (gen < 0 || !s) {
        fprintf(stderr, "bench_oracle: unknown generation %s\n", gen_name);
        return 2;
    }
    if (!build(&sop1, gen, sop1_body, copies) || !build(&ds, gen, ds_body, copies))
        return 1;
    for (i = 0; i < rounds; i++) {
        init_state(s, gen);
        r_sop1[i] = run_oracle(s, &sop1, v, seconds);
        init_state(s, gen);
        n_sop1[i] = native_sop1(s, copies, seconds);
        init_state(s, gen);
        r_ds[i] = run_oracle(s, &ds, v, seconds);
        init_state(s, gen);
        n_ds[i] = native_ds(s, copies, seconds);
    }
    qsort(r_sop1, (size_t)rounds, sizeof(result), by_rate);
    qsort(r_ds, (size_t)rounds, sizeof(result), by_rate);
    qsort(n_sop1, (size_t)rounds, sizeof(result), by_rate);
    qsort(n_ds, (size_t)rounds, sizeof(result), by_rate);
    printf("gcnspec oracle on %s, %s, median of %d rounds of %.2f s, one core\n", gcn_gen_id(gen),
           v == GCN_AS_WRITTEN ? "as written" : "as corrected", rounds, seconds);
    printf("%-6s %22s %10s %26s %8s\n", "", "wave-instructions/s", "bar", "native C, same ops (/s)",
           "ratio");
    printf("%-6s %22.3e %10.1e %26.3e %7.1fx\n", "SOP1", r_sop1[rounds / 2].per_sec, bar_sop1,
           n_sop1[rounds / 2].per_sec, n_sop1[rounds / 2].per_sec / r_sop1[rounds / 2].per_sec);
    printf("%-6s %22.3e %10.1e %26.3e %7.1fx\n", "DS", r_ds[rounds / 2].per_sec, bar_ds,
           n_ds[rounds / 2].per_sec, n_ds[rounds / 2].per_sec / r_ds[rounds / 2].per_sec);
    printf("(a DS wave-instruction runs its pseudocode for each of the 64 lanes; the native C "
           "column is an upper bound: no decoding, dispatch, operand resolution or staging)\n");
    gcn_program_free(&sop1);
    gcn_program_free(&ds);
    free(s);
    if (check && (r_sop1[rounds / 2].per_sec < bar_sop1 || r_ds[rounds / 2].per_sec < bar_ds)) {
        printf("below a bar\n");
        return 1;
    }
    return 0;
}
