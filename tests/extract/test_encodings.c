/* The encoding catalogue (spec/encodings.json): re-extracting the CLRX pages reproduces it;
 * every fact points at a document line that states it; no two encodings of a generation
 * overlap unless nested; the codec and the catalogue agree on every word the codec decodes;
 * and a dispute between pages, an overlap or an undecided dispute stops gcngen.
 *   test_encodings GCNGEN SPEC_JSON */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/catalogue.h"
#include "gcnspec/codec.h"
#include "test_support.h"

static const char *gcngen, *spec_json;

static char *src(const char *rel)
{
    return path_join2(test_source_dir(), rel);
}

static const char *err_of(const gcn_proc_result *r)
{
    return r->err.data ? r->err.data : "";
}

static cJSON *load_json(const char *path)
{
    size_t len = 0;
    char *text = file_read(path, &len);
    cJSON *j;
    if (!text)
        fail_msg("cannot read %s", path);
    j = cJSON_ParseWithLength(text, len);
    free(text);
    if (!j)
        fail_msg("%s is no JSON", path);
    return j;
}

/* ---- drift -------------------------------------------------------------------------------- */

static void encodings_up_to_date(void **state)
{
    char *docs = src("documents/clrx"), *cat = src("spec/encodings.json");
    char *argv[] = {"gcnspec", "extract", "--encodings", docs, "--check", cat, NULL};
    (void)state;
    /* a changed size is noticed */
    drift_check_and_tamper(argv, 5, "spec/encodings.json (from documents/clrx)", "\"dwords\": 2",
                           10, '1');
    free(docs);
    free(cat);
}

/* ---- provenance --------------------------------------------------------------------------- */

/* The document line a "File.md:N" names. */
static char *doc_line_of(const char *from)
{
    char name[128], *docs = src("documents/clrx"), *path, *text, *out;
    const char *colon = strrchr(from, ':');
    text_lines t;
    size_t len;
    unsigned long n;
    if (!colon || (size_t)(colon - from) >= sizeof(name))
        fail_msg("bad provenance '%s'", from);
    snprintf(name, sizeof(name), "%.*s", (int)(colon - from), from);
    n = strtoul(colon + 1, NULL, 10);
    path = path_join2(docs, name);
    text = file_read(path, &len);
    if (!text)
        fail_msg("provenance '%s' names no document", from);
    lines_split(&t, text, len);
    out = strdup(lines_at(&t, n));
    lines_free(&t);
    free(text);
    free(path);
    free(docs);
    return out;
}

static void every_fact_has_its_line(void **state)
{
    char *cat_path = src("spec/encodings.json");
    cJSON *cat = load_json(cat_path), *e;
    int checked = 0;
    (void)state;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(cat, "encodings"))
    {
        const char *name = cJSON_GetObjectItem(e, "name")->valuestring;
        cJSON *id = cJSON_GetObjectItem(e, "id"), *f, *r;
        const char *value;
        int value_seen = 0, table_seen = 0;
        if (!id)
            id = cJSON_GetArrayItem(cJSON_GetObjectItem(e, "id_readings"), 0);
        value = cJSON_GetObjectItem(id, "value")->valuestring;
        cJSON_ArrayForEach(f, cJSON_GetObjectItem(e, "from"))
        {
            char *l = doc_line_of(f->valuestring);
            value_seen |= strstr(l, value) != NULL;
            table_seen |= strncmp(l, "Bits", 4) == 0;
            free(l);
        }
        if (!value_seen || !table_seen)
            fail_msg("%s: its provenance shows no field table or no ENCODING value %s", name,
                     value);
        const char *lists[] = {"literal", "extra_dword"};
        for (int k = 0; k < 2; k++) {
            cJSON_ArrayForEach(r, cJSON_GetObjectItem(e, lists[k]))
            {
                cJSON *c = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "when"), 0);
                const char *field = cJSON_GetObjectItem(c, "field")->valuestring;
                char *l = doc_line_of(cJSON_GetObjectItem(r, "from")->valuestring), dec[32];
                snprintf(dec, sizeof(dec), "%d ",
                         (int)cJSON_GetObjectItem(c, "value")->valuedouble);
                /* the line names the field, or (an opcode table's row) starts with the opcode,
                 * or (the SDWA/DPP page) names the dword */
                if (!strstr(l, field) && strncmp(l + strspn(l, " "), dec, strlen(dec)) != 0 &&
                    !strstr(l, cJSON_GetObjectItem(r, "what")->valuestring))
                    fail_msg("%s: rule %s=%s from '%s' but the line says '%s'", name, field, dec,
                             cJSON_GetObjectItem(r, "from")->valuestring, l);
                free(l);
                checked++;
            }
        }
    }
    assert_true(checked > 20);
    cJSON_Delete(cat);
    free(cat_path);
}

/* Every page's encoding (its title's first name) is in the catalogue: read off the pages here,
 * not by the extractor. */
static void every_page_has_its_encoding(void **state)
{
    char *docs = src("documents/clrx"), *cat_path = src("spec/encodings.json");
    cJSON *cat = load_json(cat_path);
    DIR *d = opendir(docs);
    struct dirent *de;
    int pages = 0;
    (void)state;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL) {
        char *path, *text, name[32];
        const char *t;
        cJSON *e;
        int found = 0;
        size_t len;
        if (strncmp(de->d_name, "GcnInstrs", 9) != 0)
            continue;
        path = path_join2(docs, de->d_name);
        text = file_read(path, &len);
        t = strstr(text, "GCN ISA ");
        assert_non_null(t);
        snprintf(name, sizeof(name), "%.*s", (int)strcspn(t + 8, " /"), t + 8);
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(cat, "encodings"))
        {
            found |= strcmp(cJSON_GetObjectItem(e, "name")->valuestring, name) == 0 ||
                     strncmp(cJSON_GetObjectItem(e, "name")->valuestring, name, strlen(name)) == 0;
        }
        if (!found)
            fail_msg("%s: its encoding %s is not in spec/encodings.json", de->d_name, name);
        pages++;
        free(text);
        free(path);
    }
    closedir(d);
    assert_true(pages >= 18);
    cJSON_Delete(cat);
    free(cat_path);
    free(docs);
}

/* ---- identification ----------------------------------------------------------------------- */

static void no_two_encodings_overlap(void **state)
{
    unsigned n, i, j, pairs = 0;
    const gcn_cat_row *rows = gcn_cat_rows(&n);
    (void)state;
    assert_true(n > 20);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            const gcn_cat_row *a = &rows[i], *b = &rows[j];
            uint32_t common = a->mask & b->mask;
            if (i == j || !(a->gens & b->gens) || (a->match & common) != (b->match & common))
                continue;
            /* both can match a word: one must lie within the other, and the more specific
             * must come first (the identification takes the first match) */
            if (a->mask == b->mask)
                fail_msg("%s and %s have the same identification", a->name, b->name);
            if (common != a->mask && common != b->mask)
                fail_msg("%s and %s overlap without nesting", a->name, b->name);
            if (common == b->mask && i > j)
                fail_msg("%s (more specific) comes after %s", a->name, b->name);
            pairs++;
        }
    /* SOPK, SOP1, SOPC, SOPP within SOP2; VOP1, VOPC within VOP2; VOP3P within VOP3 */
    assert_true(pairs >= 7);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Where the codec decodes a word, the stream decoder gives the same instruction and size;
 * where it does not, no instruction is printed; and every item spans at least a dword. */
static void codec_and_catalogue_agree(void **state)
{
    int gen;
    unsigned n;
    const gcn_cat_row *rows = gcn_cat_rows(&n);
    (void)state;
    for (gen = 0; gen < gcn_gen_count(); gen++) {
        unsigned k, decoded = 0, unmodelled = 0;
        for (k = 0; k < 200000; k++) {
            uint8_t b[16];
            gcn_inst inst;
            gcn_disasm_item item;
            gcn_status st;
            size_t i;
            for (i = 0; i < sizeof(b); i++)
                b[i] = (uint8_t)rnd();
            if (k & 1) { /* half of them carry a catalogue row's fixed bits */
                const gcn_cat_row *r = &rows[rnd() % n];
                uint32_t w = ((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                              (uint32_t)b[3] << 24);
                w = (w & ~r->mask) | r->match;
                if (rnd() & 1)
                    w = (w & ~0xffu) | 0xffu; /* a literal's code in the first source */
                for (i = 0; i < 4; i++)
                    b[i] = (uint8_t)(w >> (8 * i));
            }
            st = gcn_decode(gen, b, sizeof(b), &inst);
            gcn_disasm_next(gen, b, sizeof(b), &item);
            assert_true(item.size >= 4 && item.size <= 16);
            if (st == GCN_OK) {
                if (item.kind != GCN_ITEM_INST || item.size != inst.size)
                    fail_msg("%s: 0x%02x%02x%02x%02x decodes (%u bytes) but the stream says "
                             "%d, %zu bytes: %s",
                             gcn_gen_id(gen), b[3], b[2], b[1], b[0], inst.size, item.kind,
                             item.size, item.text);
                decoded++;
            } else if (item.kind == GCN_ITEM_INST) {
                fail_msg("%s: 0x%02x%02x%02x%02x is refused by gcn_decode but printed as '%s'",
                         gcn_gen_id(gen), b[3], b[2], b[1], b[0], item.text);
            }
            unmodelled += item.kind == GCN_ITEM_UNMODELLED;
        }
        print_message("%s: %u decoded, %u of encodings not modelled\n", gcn_gen_id(gen), decoded,
                      unmodelled);
        assert_true(decoded > 1000 && unmodelled > 1000);
    }
}

/* ---- what stops gcngen -------------------------------------------------------------------- */

static void run_gcngen(const char *cat, const char *decisions, const char *out, gcn_proc_result *r)
{
    char *argv[] = {(char *)gcngen, "encodings", "--spec",      (char *)spec_json,
                    "--encodings",  (char *)cat, "--decisions", (char *)decisions,
                    "-o",           (char *)out, NULL};
    memset(r, 0, sizeof(*r));
    gcn_proc_run(gcngen, argv, NULL, 0, 60, r);
}

static void expect_refused(const char *what, const gcn_proc_result *r, const char *file,
                           const char *keyword, const char *out)
{
    unsigned line = 0, col = 0;
    if (r->exit_code != 1 || !strstr(err_of(r), keyword) ||
        !diag_line(err_of(r), file, &line, &col))
        fail_msg("%s: expected exit 1 with %s:LINE: ...%s..., got %d:\n%s", what, file, keyword,
                 r->exit_code, err_of(r));
    if (file_exists(out))
        fail_msg("%s: gcngen left %s", what, out);
}

static void gcngen_refuses_bad_catalogues(void **state)
{
    char *cat = src("spec/encodings.json"), *dec = src("spec/encoding-decisions.json");
    char *dir = tmpdir_make(), *bad = path_join2(dir, "enc.json"), *out = path_join2(dir, "o.inc");
    char *bad_dec = path_join2(dir, "dec.json"), *text, *p;
    size_t len;
    gcn_proc_result r;
    (void)state;
    /* the committed catalogue generates */
    run_gcngen(cat, dec, out, &r);
    if (r.exit_code != 0)
        fail_msg("gcngen encodings on the committed catalogue:\n%s", err_of(&r));
    gcn_proc_result_free(&r);
    remove(out);
    /* SOPC given SOP1's identification: the same bits, a conflict */
    text = file_read(cat, &len);
    p = strstr(text, "\"match\": \"0xbf000000\"");
    assert_non_null(p);
    memcpy(p + 12, "be8", 3);
    file_write(bad, text, len);
    run_gcngen(bad, dec, out, &r);
    expect_refused("SOPC on SOP1's bits", &r, "enc.json", "neither lies within", out);
    gcn_proc_result_free(&r);
    free(text);
    /* no decision on FLAT's disputed bits */
    file_write(bad_dec, "{\"decisions\": []}\n", 18);
    run_gcngen(cat, bad_dec, out, &r);
    expect_refused("FLAT undecided", &r, "encodings.json", "no decision", out);
    gcn_proc_result_free(&r);
    /* a decision that settles nothing */
    text = file_read(dec, &len);
    p = strstr(text, "\"encoding\": \"FLAT\"");
    assert_non_null(p);
    {
        char *grown = malloc(len + 200);
        size_t at = (size_t)(strstr(text, "\"decisions\": [") - text) + 14;
        snprintf(grown, len + 200, "%.*s{\"encoding\": \"SOPP\", \"take\": \"value\"},%s", (int)at,
                 text, text + at);
        file_write(bad_dec, grown, strlen(grown));
        free(grown);
    }
    run_gcngen(cat, bad_dec, out, &r);
    expect_refused("decision on SOPP", &r, "dec.json", "settles nothing", out);
    gcn_proc_result_free(&r);
    free(text);
    tmpdir_remove(dir);
    free(dir);
    free(bad);
    free(bad_dec);
    free(out);
    free(cat);
    free(dec);
}

/* Two pages that disagree on an encoding's bits: both kept, the disagreement listed, and the
 * catalogue refused by gcngen until it is settled. */
static void page_disagreement_is_kept(void **state)
{
    char *docs = src("documents/clrx"), *dir = tmpdir_make(), *cat = path_join2(dir, "enc.json");
    char *dec = src("spec/encoding-decisions.json"), *out = path_join2(dir, "o.inc");
    DIR *d = opendir(docs);
    struct dirent *de;
    cJSON *j, *x;
    int disputed = 0, listed = 0;
    gcn_proc_result r;
    (void)state;
    assert_non_null(d);
    while ((de = readdir(d)) != NULL) {
        char *from, *to, *text, *p;
        size_t len;
        if (de->d_name[0] == '.')
            continue;
        from = path_join2(docs, de->d_name);
        to = path_join2(dir, de->d_name);
        text = file_read(from, &len);
        if (strcmp(de->d_name, "GcnInstrsVop2.md") == 0) {
            /* the GCN 1.2/1.4 VOP3 table's ENCODING, on this page alone */
            p = strstr(text, "List of fields for VOP3A/VOP3B encoding (GCN 1.2/1.4)");
            assert_non_null(p);
            p = strstr(p, "Must be 0b110100");
            assert_non_null(p);
            p[15] = '1';
        }
        file_write(to, text, len);
        free(text);
        free(from);
        free(to);
    }
    closedir(d);
    {
        char *argv[] = {"gcnspec", "extract", "--encodings", dir, "-o", cat, NULL};
        gcnspec_run(argv, &r);
        if (r.exit_code != 0)
            fail_msg("extract on the edited pages:\n%s", err_of(&r));
        gcn_proc_result_free(&r);
    }
    j = load_json(cat);
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(j, "encodings"))
    {
        disputed += cJSON_IsTrue(cJSON_GetObjectItem(x, "disputed"));
    }
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(j, "disagreements"))
    {
        listed += strcmp(cJSON_GetObjectItem(x, "what")->valuestring, "encoding-identity") == 0 &&
                  strstr(cJSON_GetObjectItem(x, "detail")->valuestring, "GcnInstrsVop2.md");
    }
    cJSON_Delete(j);
    if (disputed < 2 || !listed)
        fail_msg("the VOP3 disagreement: %d disputed entries, %d listed", disputed, listed);
    run_gcngen(cat, dec, out, &r);
    expect_refused("disputed VOP3", &r, "enc.json", "disagree", out);
    gcn_proc_result_free(&r);
    tmpdir_remove(dir);
    free(dir);
    free(cat);
    free(dec);
    free(out);
    free(docs);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(encodings_up_to_date),
        cmocka_unit_test(every_fact_has_its_line),
        cmocka_unit_test(every_page_has_its_encoding),
        cmocka_unit_test(no_two_encodings_overlap),
        cmocka_unit_test(codec_and_catalogue_agree),
        cmocka_unit_test(gcngen_refuses_bad_catalogues),
        cmocka_unit_test(page_disagreement_is_kept),
    };
    if (argc != 3) {
        fprintf(stderr, "usage: test_encodings GCNGEN SPEC_JSON\n");
        return 2;
    }
    gcngen = argv[1];
    spec_json = argv[2];
    return cmocka_run_group_tests_name("encodings", tests, NULL, NULL);
}
