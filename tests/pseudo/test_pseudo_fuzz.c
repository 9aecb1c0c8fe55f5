/* Robustness: thousands of truncated and mutated variants of the seed blocks. Under ASan and
 * UBSan nothing may crash, every rejection must carry a position inside the block and a message,
 * and every accepted variant must survive print -> parse -> equal, the checker and the summary.
 * Deterministic: a fixed seed, so a failure reproduces. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pseudo_test_env.h"
#include "seed_blocks.h"
#include "spec/pseudo/pseudo.h"

#define MUTANTS_PER_BLOCK 30
#define TRUNCATIONS_PER_BLOCK 6

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t next(rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static size_t below(rng *r, size_t n)
{
    return n ? (size_t)(next(r) % n) : 0;
}

typedef struct stats {
    size_t runs, parsed, rejected;
} stats;

static unsigned count_lines(const char *s)
{
    unsigned n = 1;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void exercise(const char *file, unsigned first_line, const char *text, stats *st)
{
    static char once[1 << 16], twice[1 << 16];
    ps_env env = test_env_with_outputs();
    ps_source src = {file, first_line, text};
    ps_arena a;
    ps_node *p, *q;
    gcn_diag d;
    gcn_status status;

    st->runs++;
    ps_arena_init(&a);
    status = ps_parse(&src, &a, &p, &d);
    if (status != GCN_OK) {
        unsigned last = first_line + count_lines(text) - 1;
        st->rejected++;
        assert_int_equal(status, GCN_ERR_SYNTAX);
        assert_null(p);
        if (d.line < first_line || d.line > last || d.col < 1 || d.msg[0] == '\0')
            fail_msg("bad diagnostic %u:%u: '%s' for:\n%s", d.line, d.col, d.msg, text);
    } else {
        ps_issue is[16];
        ps_summary sum;
        ps_source again = {"printed", 1, once};
        st->parsed++;
        if (ps_print(p, once, sizeof(once)) < sizeof(once)) {
            if (ps_parse(&again, &a, &q, &d) != GCN_OK)
                fail_msg("printed text does not parse (%u:%u: %s):\n%s\nfrom:\n%s", d.line, d.col,
                         d.msg, once, text);
            if (!ps_equal(p, q))
                fail_msg("printed text parses to another tree:\n%s\nfrom:\n%s", once, text);
            ps_print(q, twice, sizeof(twice));
            if (strcmp(once, twice) != 0)
                fail_msg("printing is not a fixed point:\n%s\nthen:\n%s", once, twice);
        }
        (void)ps_check(p, &env, is, sizeof(is) / sizeof(is[0]));
        (void)ps_check(p, NULL, NULL, 0);
        assert_int_equal(ps_summarize(p, &a, &sum), GCN_OK);
    }
    ps_arena_free(&a);
}

/* Characters that matter to the grammar, plus a few it must reject. */
static const char alphabet[] = "()[]{};\n\\?:*&|^<>=!~-+/%,.0123456789xULiV_ \t#@\"'\x80\xe2";

static void mutate(rng *r, char *buf, size_t cap)
{
    size_t len = strlen(buf);
    size_t ops = 1 + below(r, 4);
    for (size_t k = 0; k < ops; k++) {
        size_t at = below(r, len + 1);
        switch (below(r, 6)) {
        case 0: /* delete a byte */
            if (len) {
                at = below(r, len);
                memmove(buf + at, buf + at + 1, len - at);
                len--;
            }
            break;
        case 1: /* insert a grammar character */
        case 2:
            if (len + 1 < cap) {
                memmove(buf + at + 1, buf + at, len - at + 1);
                buf[at] = alphabet[below(r, sizeof(alphabet) - 1)];
                len++;
            }
            break;
        case 3: /* replace a byte by any non-NUL byte */
            if (len) {
                at = below(r, len);
                buf[at] = (char)(1 + below(r, 255));
            }
            break;
        case 4: { /* duplicate a slice */
            size_t from = below(r, len + 1), n = below(r, 16);
            if (from + n > len)
                n = len - from;
            if (len + n < cap) {
                memmove(buf + at + n, buf + at, len - at + 1);
                memmove(buf + at, buf + from + (from >= at ? n : 0), n);
                len += n;
            }
            break;
        }
        default: /* swap two bytes */
            if (len > 1) {
                size_t i = below(r, len), j = below(r, len);
                char t = buf[i];
                buf[i] = buf[j];
                buf[j] = t;
            }
            break;
        }
    }
}

static void test_fuzz_seed_variants(void **state)
{
    seed_corpus c;
    char dir[1024];
    rng r = {0x5eed2024u};
    stats st = {0, 0, 0};
    (void)state;
    assert_int_equal(seed_corpus_load(seed_docs_dir(dir, sizeof(dir)), &c), 0);
    assert_true(c.count > 0);
    for (size_t i = 0; i < c.count; i++) {
        const seed_block *b = &c.blocks[i];
        size_t len = strlen(b->text), cap = len * 2 + 64;
        char *buf = malloc(cap);
        assert_non_null(buf);
        exercise(b->file, b->first_line, b->text, &st);
        /* truncations, always including the empty block and the first character */
        for (size_t k = 0; k < TRUNCATIONS_PER_BLOCK; k++) {
            size_t cut = k == 0 ? 0 : k == 1 ? 1 : below(&r, len + 1);
            memcpy(buf, b->text, cut);
            buf[cut] = '\0';
            exercise(b->file, b->first_line, buf, &st);
        }
        for (size_t k = 0; k < MUTANTS_PER_BLOCK; k++) {
            memcpy(buf, b->text, len + 1);
            mutate(&r, buf, cap);
            exercise(b->file, b->first_line, buf, &st);
        }
        /* two blocks glued together */
        if (i + 1 < c.count) {
            size_t len2 = strlen(c.blocks[i + 1].text);
            char *glued = malloc(len + len2 + 2);
            assert_non_null(glued);
            memcpy(glued, b->text, len);
            glued[len] = '\n';
            memcpy(glued + len + 1, c.blocks[i + 1].text, len2 + 1);
            exercise(b->file, b->first_line, glued, &st);
            free(glued);
        }
        free(buf);
    }
    seed_corpus_free(&c);
    print_message("%zu variants: %zu parsed, %zu rejected\n", st.runs, st.parsed, st.rejected);
    assert_true(st.runs >= 10000);
    assert_true(st.parsed > 100);
    assert_true(st.rejected > 100);
}

/* Hostile shapes no mutation of a seed is likely to produce. */
static void test_fuzz_pathological(void **state)
{
    static char big[1 << 15];
    stats st = {0, 0, 0};
    size_t n;
    (void)state;
    exercise("p", 1, "", &st);
    exercise("p", 1, "\n\n\n", &st);
    exercise("p", 1, "\\", &st);
    exercise("p", 1, "//", &st);
    exercise("p", 1, "/*", &st);
    exercise("p", 1, "?", &st);
    exercise("p", 1, "??", &st);
    exercise("p", UINT32_MAX - 2, "x = 1\ny = 2\nz = )", &st);
    /* long flat chains and long lists */
    n = 0;
    for (int i = 0; i < 3000 && n + 8 < sizeof(big); i++)
        n += (size_t)snprintf(big + n, sizeof(big) - n, "x = %d\n", i);
    exercise("p", 1, big, &st);
    n = (size_t)snprintf(big, sizeof(big), "x = a");
    for (int i = 0; i < 200; i++)
        n += (size_t)snprintf(big + n, sizeof(big) - n, " + a");
    exercise("p", 1, big, &st);
    n = (size_t)snprintf(big, sizeof(big), "x = a");
    for (int i = 0; i < 400; i++)
        n += (size_t)snprintf(big + n, sizeof(big) - n, " + a");
    exercise("p", 1, big, &st); /* deeper than the bound: rejected, not a deep recursion */
    n = (size_t)snprintf(big, sizeof(big), "x = MAX(");
    for (int i = 0; i < 2000; i++)
        n += (size_t)snprintf(big + n, sizeof(big) - n, "%sa", i ? ", " : "");
    snprintf(big + n, sizeof(big) - n, ")");
    exercise("p", 1, big, &st);
    /* nesting of every kind up to and past the bounds */
    for (int depth = 100; depth <= 400; depth += 100) {
        const char *open[] = {"if (x) ", "{ ", "for (;;) ", "x = (", "x = a[", "x = -", "x = f("};
        for (size_t kind = 0; kind < sizeof(open) / sizeof(open[0]); kind++) {
            size_t len = 0;
            for (int i = 0; i < depth && len + 16 < sizeof(big); i++)
                len += (size_t)snprintf(big + len, sizeof(big) - len, "%s", open[kind]);
            snprintf(big + len, sizeof(big) - len, "y");
            exercise("p", 1, big, &st);
        }
    }
    assert_true(st.parsed > 0 && st.rejected > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fuzz_seed_variants),
        cmocka_unit_test(test_fuzz_pathological),
    };
    return cmocka_run_group_tests_name("pseudo_fuzz", tests, NULL, NULL);
}
