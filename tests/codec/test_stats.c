/* The counts of gcnspec disasm --stats (codec/stats.c): one row for every encoding the
 * catalogue has on a generation, in name order, then the words no encoding has; each item of
 * gcn_disasm_next counted once, under its encoding and its kind; the rows add up to the total. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "codec/catalogue.h"
#include "gcnspec/codec.h"

static const gcn_disasm_count *row_of(const gcn_disasm_stats *st, const char *encoding)
{
    unsigned k;
    for (k = 0; k < st->nrows; k++)
        if (strcmp(st->row[k].encoding, encoding) == 0)
            return &st->row[k];
    fail_msg("no row %s on %s", encoding, gcn_gen_id(st->gen));
    return NULL;
}

static void put_word(uint8_t *b, uint32_t w)
{
    b[0] = (uint8_t)w;
    b[1] = (uint8_t)(w >> 8);
    b[2] = (uint8_t)(w >> 16);
    b[3] = (uint8_t)(w >> 24);
}

static void rows_are_the_catalogue(void **state)
{
    gcn_disasm_stats st;
    unsigned n, i, k;
    const gcn_cat_row *rows = gcn_cat_rows(&n);
    int g;
    (void)state;
    for (g = 0; g < gcn_gen_count(); g++) {
        assert_int_equal(gcn_disasm_stats_init(&st, g), GCN_OK);
        assert_true(st.nrows >= 2);
        assert_string_equal(st.row[st.nrows - 1].encoding, GCN_STATS_NO_ENCODING);
        for (k = 0; k + 2 < st.nrows; k++)
            assert_true(strcmp(st.row[k].encoding, st.row[k + 1].encoding) < 0);
        for (i = 0; i < n; i++)
            if (rows[i].gens >> g & 1)
                row_of(&st, rows[i].name);
        /* and no row the generation lacks */
        for (k = 0; k + 1 < st.nrows; k++) {
            int found = 0;
            for (i = 0; i < n; i++)
                found |= (rows[i].gens >> g & 1) && strcmp(rows[i].name, st.row[k].encoding) == 0;
            assert_true(found);
        }
    }
    assert_int_equal(gcn_disasm_stats_init(&st, -1), GCN_ERR_USAGE);
    assert_int_equal(gcn_disasm_stats_init(&st, gcn_gen_count()), GCN_ERR_USAGE);
}

/* A stream of each kind of item, built from the assembler and the catalogue: a decoded SOP1
 * and DS instruction, a word of every encoding not modelled, a word no encoding has, and bytes
 * cut short. */
static void counts_each_kind(void **state)
{
    int g;
    (void)state;
    for (g = 0; g < gcn_gen_count(); g++) {
        uint8_t buf[512];
        size_t len = 0, n, nunmodelled = 0;
        unsigned i, nrows, k;
        const gcn_cat_row *rows = gcn_cat_rows(&nrows);
        gcn_disasm_stats st;
        gcn_disasm_item item;
        gcn_disasm_count sum = {0};
        uint32_t w;
        assert_int_equal(gcn_assemble(g, "s_mov_b32 s0, s1", NULL, buf, sizeof(buf), &n, NULL),
                         GCN_OK);
        len += n;
        assert_int_equal(
            gcn_assemble(g, "ds_write_b32 v0, v1", NULL, buf + len, sizeof(buf) - len, &n, NULL),
            GCN_OK);
        len += n;
        for (i = 0; i < nrows; i++) {
            if (!(rows[i].gens >> g & 1) || (rows[i].modelled >> g & 1))
                continue;
            /* the row's identifying bits, then zeros: its other dwords, a literal or an extra
             * dword if its fields call for one */
            memset(buf + len, 0, 16);
            put_word(buf + len, rows[i].match);
            gcn_disasm_next(g, buf + len, 16, &item);
            if (item.kind != GCN_ITEM_UNMODELLED || strcmp(item.encoding, rows[i].name) != 0)
                continue; /* a more specific encoding's bits */
            len += item.size;
            nunmodelled++;
        }
        /* every encoding of the catalogue is modelled since MIMG and VOP3P; what is left are
         * the SDWA/DPP dwords of VOP1/VOP2/VOPC (GCN 1.2 on): a VOP2 word whose SRC0 code
         * calls for one, found by trying the codes of SRC0 (a scalar: its ninth bit clear) */
        assert_int_equal(nunmodelled, 0);
        assert_int_equal(gcn_assemble(g, "v_add_f32_e32 v0, s1, v2", NULL, buf + len,
                                      sizeof(buf) - len, &n, NULL),
                         GCN_OK);
        memset(buf + len + n, 0, 12);
        for (k = 0; k < 256; k++) {
            buf[len] = (uint8_t)k;
            gcn_disasm_next(g, buf + len, 16, &item);
            if (item.kind == GCN_ITEM_UNMODELLED) {
                len += item.size;
                nunmodelled++;
                break;
            }
        }
        if (nunmodelled != (g >= gcn_gen_lookup("gcn1.2")))
            fail_msg("%s: %zu SDWA/DPP words not modelled", gcn_gen_id(g), nunmodelled);
        /* a word no encoding has */
        for (w = 0xffffffffu;; w--) {
            put_word(buf + len, w);
            gcn_disasm_next(g, buf + len, 4, &item);
            if (item.kind == GCN_ITEM_INVALID && !item.encoding)
                break;
        }
        len += 4;
        /* two bytes left */
        buf[len++] = 0;
        buf[len++] = 0;
        assert_int_equal(gcn_disasm_stats_init(&st, g), GCN_OK);
        gcn_disasm_stats_bytes(&st, buf, len);
        assert_int_equal(row_of(&st, "SOP1")->decoded, 1);
        assert_int_equal(row_of(&st, "DS")->decoded, 1);
        assert_int_equal(row_of(&st, GCN_STATS_NO_ENCODING)->invalid, 2);
        assert_int_equal(st.total.decoded, 2);
        assert_int_equal(st.total.unmodelled, nunmodelled);
        assert_int_equal(st.total.invalid, 2);
        assert_int_equal(st.total.seen, 4 + nunmodelled);
        for (k = 0; k < st.nrows; k++) {
            const gcn_disasm_count *c = &st.row[k];
            assert_int_equal(c->seen, c->decoded + c->unmodelled + c->invalid);
            sum.seen += c->seen;
            sum.decoded += c->decoded;
            sum.unmodelled += c->unmodelled;
            sum.invalid += c->invalid;
        }
        assert_int_equal(sum.seen, st.total.seen);
        assert_int_equal(sum.decoded, st.total.decoded);
        assert_int_equal(sum.unmodelled, st.total.unmodelled);
        assert_int_equal(sum.invalid, st.total.invalid);
    }
}

/* Random bytes: every item counted once (the walk is gcn_disasm_next's), rows adding up. */
static void random_streams(void **state)
{
    static uint8_t buf[1 << 16];
    uint64_t s = 0x9e3779b97f4a7c15ull;
    size_t i;
    int g;
    (void)state;
    for (i = 0; i < sizeof(buf); i++) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        buf[i] = (uint8_t)(s >> 24);
    }
    for (g = 0; g < gcn_gen_count(); g++) {
        gcn_disasm_stats st;
        size_t at = 0, items = 0, seen = 0;
        unsigned k;
        while (at < sizeof(buf)) {
            gcn_disasm_item item;
            gcn_disasm_next(g, buf + at, sizeof(buf) - at, &item);
            at += item.size ? item.size : 1;
            items++;
        }
        assert_int_equal(gcn_disasm_stats_init(&st, g), GCN_OK);
        gcn_disasm_stats_bytes(&st, buf, sizeof(buf));
        assert_int_equal(st.total.seen, items);
        for (k = 0; k < st.nrows; k++)
            seen += st.row[k].seen;
        assert_int_equal(seen, items);
        assert_true(st.total.decoded > 0 && st.total.unmodelled > 0 && st.total.invalid > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_are_the_catalogue),
        cmocka_unit_test(counts_each_kind),
        cmocka_unit_test(random_streams),
    };
    return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
