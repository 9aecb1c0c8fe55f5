/* M0's role in DS accesses, from the curated facts to the oracle's table:
 *  - the generated table (gcn_sem_info.m0, .m0_erratum) holds, for every DS instruction on every
 *    generation, in both variants, what spec/curated/ds_m0.json says, derived here on its own
 *    from that file (its classes, the documents' NOTE roles) and spec/curated/semantics.json
 *    (which blocks are curated), not from gcn.json;
 *  - the facts the issue settles, spelled out: GCN 1.0-1.2 limit LDS by M0, GCN 1.4 does not
 *    (as corrected; erratum E053), GDS is windowed by M0 on every generation, and the
 *    instructions whose pseudocode reads M0 itself or that reach no memory;
 *  - the resolver refuses a ds_m0.json that leaves an instruction without a role, names an
 *    unknown role or erratum, departs from the documents without an erratum, or disagrees with
 *    the erratum's "m0" decision (or an errata.json whose "m0" decision is bad), and gcngen
 *    refuses a gcn.json whose roles contradict the blocks; each with file:line:col (gcn.json:
 *    line) and a non-zero exit, writing nothing.
 *
 *   test_oracle_m0_roles GCNSPEC GCNGEN SPEC_JSON */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "../extract/test_support.h"
#include "gcnspec/oracle.h"
#include "util/proc.h"

static const char *gcnspec, *gcngen, *spec_path;
static cJSON *m0_doc, *sem_doc;
static char *m0_text;

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static cJSON *load(const char *rel, char **keep)
{
    char *path = path_join2(test_source_dir(), rel), *text = file_read(path, NULL);
    cJSON *j;
    if (!text)
        fail_msg("cannot read %s", path);
    j = cJSON_Parse(text);
    if (!j)
        fail_msg("%s does not parse", path);
    free(path);
    if (keep)
        *keep = text;
    else
        free(text);
    return j;
}

static int setup(void **st)
{
    (void)st;
    m0_doc = load("spec/curated/ds_m0.json", &m0_text);
    sem_doc = load("spec/curated/semantics.json", NULL);
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    cJSON_Delete(m0_doc);
    cJSON_Delete(sem_doc);
    free(m0_text);
    return 0;
}

static gcn_m0_role role_named(const char *s)
{
    int r;
    for (r = 0; r < GCN_M0_ROLE_COUNT; r++)
        if (strcmp(gcn_m0_role_name((gcn_m0_role)r), s) == 0)
            return (gcn_m0_role)r;
    fail_msg("ds_m0.json names role %s", s);
    return GCN_M0_UNUSED;
}

static int in_list(const cJSON *list, const char *s)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, list)
    {
        if (cJSON_IsString(x) && strcmp(x->valuestring, s) == 0)
            return 1;
    }
    return 0;
}

/* The class of the curated file settling name on gen: the one listing it, else the "*" one. */
static const cJSON *class_of(const char *name, const char *gen)
{
    const cJSON *k, *star = NULL, *listed = NULL;
    cJSON_ArrayForEach(k, get(m0_doc, "classes"))
    {
        const cJSON *gens = get(k, "gens"), *ins = get(k, "instructions");
        if (gens && !in_list(gens, gen))
            continue;
        if (cJSON_IsString(ins)) {
            assert_null(star);
            star = k;
        } else if (in_list(ins, name)) {
            assert_null(listed);
            listed = k;
        }
    }
    if (!listed && !star)
        fail_msg("ds_m0.json gives %s on %s no class", name, gen);
    return listed ? listed : star;
}

static int curated_block(const char *name)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, get(sem_doc, "instructions"))
    {
        if (strcmp(get(e, "encoding")->valuestring, "DS") == 0 &&
            strcmp(get(e, "name")->valuestring, name) == 0 && get(e, "code"))
            return 1;
    }
    return 0;
}

/* Every DS instruction on every generation: the table's roles and erratum are the file's. */
static void table_holds_the_curated_facts(void **st)
{
    const cJSON *doc = get(m0_doc, "documents");
    gcn_m0_role note[2];
    int insn, gen, n = gcn_insn_count(), checked = 0, differ = 0;
    (void)st;
    note[GCN_M0_LDS] = role_named(get(doc, "lds")->valuestring);
    note[GCN_M0_GDS] = role_named(get(doc, "gds")->valuestring);
    for (insn = 0; insn < n; insn++)
        for (gen = 0; gen < gcn_gen_count(); gen++) {
            gcn_sem_info info;
            const cJSON *k;
            gcn_m0_role want[2], written[2];
            const char *erratum = NULL;
            int sp;
            assert_int_equal(gcn_sem_info_get(insn, gen, &info), GCN_OK);
            if (strcmp(info.encoding, "DS") != 0 || gcn_insn_opcode(insn, gen) < 0) {
                /* no DS access here: no role */
                for (sp = 0; sp < 2; sp++) {
                    assert_int_equal(info.m0[GCN_AS_CORRECTED][sp], GCN_M0_UNUSED);
                    assert_int_equal(info.m0[GCN_AS_WRITTEN][sp], GCN_M0_UNUSED);
                }
                assert_null(info.m0_erratum);
                continue;
            }
            k = class_of(info.name, gcn_gen_id(gen));
            want[GCN_M0_LDS] = role_named(get(k, "lds")->valuestring);
            want[GCN_M0_GDS] = role_named(get(k, "gds")->valuestring);
            /* as written the NOTEs hold where the instruction reaches memory, but for a
               curated block that reads M0 itself */
            memcpy(written, want, sizeof(written));
            if (want[GCN_M0_LDS] != GCN_M0_UNUSED &&
                !(want[GCN_M0_LDS] == GCN_M0_OPERAND && curated_block(info.name)))
                memcpy(written, note, sizeof(written));
            if (memcmp(written, want, sizeof(want)) != 0) {
                erratum = get(k, "erratum") ? get(k, "erratum")->valuestring : NULL;
                assert_non_null(erratum);
                differ++;
            }
            for (sp = 0; sp < 2; sp++)
                if (info.m0[GCN_AS_CORRECTED][sp] != want[sp] ||
                    info.m0[GCN_AS_WRITTEN][sp] != written[sp])
                    fail_msg("%s on %s, %s: the table says %s (written %s), ds_m0.json (class "
                             "%s) %s (written %s)",
                             info.name, gcn_gen_id(gen), sp ? "GDS" : "LDS",
                             gcn_m0_role_name(info.m0[GCN_AS_CORRECTED][sp]),
                             gcn_m0_role_name(info.m0[GCN_AS_WRITTEN][sp]),
                             get(k, "class")->valuestring, gcn_m0_role_name(want[sp]),
                             gcn_m0_role_name(written[sp]));
            if (erratum ? !info.m0_erratum || strcmp(erratum, info.m0_erratum) != 0
                        : info.m0_erratum != NULL)
                fail_msg("%s on %s: the table's erratum %s, ds_m0.json's %s", info.name,
                         gcn_gen_id(gen), info.m0_erratum ? info.m0_erratum : "-",
                         erratum ? erratum : "-");
            if (erratum)
                assert_true(info.corrected);
            checked++;
        }
    printf("M0 roles: %d DS instruction x generation pairs, %d corrected by an erratum\n", checked,
           differ);
    assert_true(checked > 400);
    assert_true(differ > 100);
}

static int row_of(const char *upper)
{
    int i;
    for (i = 0; i < gcn_insn_count(); i++) {
        gcn_sem_info info;
        if (gcn_sem_info_get(i, 0, &info) == GCN_OK && strcmp(info.name, upper) == 0 &&
            strcmp(info.encoding, "DS") == 0)
            return i;
    }
    fail_msg("no DS instruction %s", upper);
    return -1;
}

static void expect_roles(const char *name, const char *gen, gcn_m0_role lds, gcn_m0_role gds,
                         gcn_m0_role wlds, gcn_m0_role wgds, const char *erratum)
{
    gcn_sem_info info;
    int g = gcn_gen_lookup(gen);
    assert_true(g >= 0);
    assert_int_equal(gcn_sem_info_get(row_of(name), g, &info), GCN_OK);
    if (info.m0[GCN_AS_CORRECTED][GCN_M0_LDS] != lds ||
        info.m0[GCN_AS_CORRECTED][GCN_M0_GDS] != gds ||
        info.m0[GCN_AS_WRITTEN][GCN_M0_LDS] != wlds || info.m0[GCN_AS_WRITTEN][GCN_M0_GDS] != wgds)
        fail_msg("%s on %s: LDS %s, GDS %s (written %s, %s)", name, gen,
                 gcn_m0_role_name(info.m0[GCN_AS_CORRECTED][GCN_M0_LDS]),
                 gcn_m0_role_name(info.m0[GCN_AS_CORRECTED][GCN_M0_GDS]),
                 gcn_m0_role_name(info.m0[GCN_AS_WRITTEN][GCN_M0_LDS]),
                 gcn_m0_role_name(info.m0[GCN_AS_WRITTEN][GCN_M0_GDS]));
    if (erratum)
        assert_string_equal(info.m0_erratum, erratum);
    else
        assert_null(info.m0_erratum);
}

/* What the issue settles, instruction by instruction (the evidence is in ds_m0.json) */
static void the_settled_roles(void **st)
{
    static const char *const older[] = {"gfx6", "gfx7", "gfx8"};
    static const char *const gws[] = {"DS_GWS_INIT", "DS_GWS_SEMA_V", "DS_GWS_SEMA_BR",
                                      "DS_GWS_SEMA_P", "DS_GWS_BARRIER"};
    size_t i, k;
    const gcn_m0_role L = GCN_M0_LIMIT, F = GCN_M0_FREE, O = GCN_M0_OPERAND, U = GCN_M0_UNUSED;
    (void)st;
    for (i = 0; i < 3; i++) {
        expect_roles("DS_WRITE_B32", older[i], L, L, L, L, NULL);
        expect_roles("DS_READ_B32", older[i], L, L, L, L, NULL);
        expect_roles("DS_ADD_RTN_U32", older[i], L, L, L, L, NULL);
        expect_roles("DS_APPEND", older[i], O, O, L, L, "E054");
        expect_roles("DS_CONSUME", older[i], O, O, L, L, "E054");
        expect_roles("DS_ORDERED_COUNT", older[i], O, O, O, O, NULL);
        expect_roles("DS_SWIZZLE_B32", older[i], U, U, U, U, NULL);
        for (k = 0; k < sizeof(gws) / sizeof(gws[0]); k++)
            expect_roles(gws[k], older[i], O, O, O, O, NULL);
    }
    /* GCN 1.4: LDS free as corrected, limited as the NOTE has it; GDS windowed either way */
    expect_roles("DS_WRITE_B32", "gfx9", F, L, L, L, "E053");
    expect_roles("DS_READ_B32", "gfx9", F, L, L, L, "E053");
    expect_roles("DS_READ_U16_D16_HI", "gfx9", F, L, L, L, "E053");
    expect_roles("DS_ADD_RTN_F32", "gfx9", F, L, L, L, "E053"); /* a curated block */
    expect_roles("DS_READ_ADDTID_B32", "gfx9", O, O, L, L, "E050");
    expect_roles("DS_WRITE_ADDTID_B32", "gfx9", O, O, L, L, "E050");
    expect_roles("DS_APPEND", "gfx9", O, O, L, L, "E054");
    expect_roles("DS_ORDERED_COUNT", "gfx9", O, O, O, O, NULL);
    expect_roles("DS_GWS_SEMA_RELEASE_ALL", "gfx9", O, O, O, O, NULL);
    expect_roles("DS_PERMUTE_B32", "gfx9", U, U, U, U, NULL);
    expect_roles("DS_BPERMUTE_B32", "gfx9", U, U, U, U, NULL);
    expect_roles("DS_NOP", "gfx9", U, U, U, U, NULL);
}

/* ---- bad inputs ---------------------------------------------------------------------------- */

static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    char *out;
    size_t head;
    if (!at)
        fail_msg("no '%s' to replace", from);
    head = (size_t)(at - text);
    out = malloc(strlen(text) + strlen(to) + 1);
    assert_non_null(out);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

/* `from` replaced after the first occurrence of `after` */
static char *replaced_after(const char *text, const char *after, const char *from, const char *to)
{
    const char *at = strstr(text, after);
    char *tail, *out;
    size_t head;
    if (!at)
        fail_msg("no '%s'", after);
    head = (size_t)(at - text);
    tail = replaced(at, from, to);
    out = malloc(head + strlen(tail) + 1);
    assert_non_null(out);
    memcpy(out, text, head);
    strcpy(out + head, tail);
    free(tail);
    return out;
}

static void expect_refused(const gcn_proc_result *r, const char *file, const char *what,
                           const char *label, const char *out)
{
    const char *where = r->err.data ? strstr(r->err.data, file) : NULL;
    size_t n = strlen(file);
    if (r->exit_code == 0 || r->signal)
        fail_msg("%s: exit %d, signal %d", label, r->exit_code, r->signal);
    if (!where || where[n] != ':' || where[n + 1] < '1' || where[n + 1] > '9' ||
        !strstr(r->err.data, what))
        fail_msg("%s: the message does not say '%s' at %s:LINE:\n%s", label, what, file,
                 r->err.data ? r->err.data : "");
    if (file_exists(out))
        fail_msg("%s: %s was written", label, out);
}

/* gcnspec resolve with ds_m0.json changed in one place */
static void resolver_refuses_bad_roles(void **st)
{
    static const struct {
        const char *after, *from, *to, *says;
    } cases[] = {
        {"\"class\": \"memory-gcn1.4\"", "\"lds\": \"free\"", "\"lds\": \"loose\"",
         "\"loose\" is no role of M0"},
        {"\"class\": \"memory-gcn1.4\"", "\"erratum\": \"E053\",", "",
         "name the erratum that says why"},
        {"\"class\": \"memory-gcn1.4\"", "\"erratum\": \"E053\"", "\"erratum\": \"E999\"",
         "names E999, which spec/errata.json lacks"},
        {"\"class\": \"gws\"", "\"DS_GWS_INIT\",", "\"DS_GWS_INIT\", \"DS_APPEND\",",
         "settled by class append-consume and by class gws"},
        {"\"class\": \"no-memory\"", "\"DS_NOP\"", "\"DS_NO_SUCH\"",
         "no DS instruction DS_NO_SUCH"},
        {"\"class\": \"memory-gcn1.4\"", "\"gcn1.4\"", "\"gcn1.2\"", "settled by class"},
        {"\"class\": \"memory-gcn1.0-1.2\"", "\"lds\": \"limit\",",
         "\"lds\": \"limit\", \"erratum\": \"E053\",",
         "every instruction it settles has the documents' roles"},
        {"\"documents\"", "003_0fdec2520ee21c48.txt:22:note", "003_0fdec2520ee21c48.txt:9999:note",
         "no fact 003_0fdec2520ee21c48.txt:9999:note"},
        {"\"roles\"", "\"role\": \"unused\",", "\"role\": \"limit\",", "described twice"},
    };
    static const char *const others[] = {
        "generations.json", "operands.json",   "syntax.json", "smrd.json", "scalar_operands.json",
        "semantics.json",   "pseudocode.json", "pages.json",  NULL};
    char *dir = tmpdir_make(), *cur = path_join2(dir, "curated"),
         *out = path_join2(dir, "gcn.json");
    char *facts = path_join2(test_source_dir(), "spec/facts.json");
    char *errata = path_join2(test_source_dir(), "spec/errata.json");
    char *m0_path = path_join2(cur, "ds_m0.json");
    char label[160];
    size_t i;
    (void)st;
    {
        /* the other curated files as they are */
        char *mk[] = {"mkdir", "-p", cur, NULL};
        gcn_proc_result r;
        memset(&r, 0, sizeof(r));
        gcn_proc_run("/bin/mkdir", mk, NULL, 0, 30, &r);
        assert_int_equal(r.exit_code, 0);
        gcn_proc_result_free(&r);
        for (i = 0; others[i]; i++) {
            char *src = path_join2(test_source_dir(), "spec/curated"), *from, *to, *text;
            size_t len;
            from = path_join2(src, others[i]);
            to = path_join2(cur, others[i]);
            text = file_read(from, &len);
            assert_non_null(text);
            file_write(to, text, len);
            free(text);
            free(from);
            free(to);
            free(src);
        }
    }
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *bad = replaced_after(m0_text, cases[i].after, cases[i].from, cases[i].to);
        char *argv[] = {(char *)gcnspec, "resolve", "--facts", facts, "--errata", errata,
                        "--curated",     cur,       "-o",      out,   NULL};
        gcn_proc_result r;
        file_write(m0_path, bad, strlen(bad));
        free(bad);
        memset(&r, 0, sizeof(r));
        gcn_proc_run(gcnspec, argv, NULL, 0, 300, &r);
        snprintf(label, sizeof(label), "ds_m0.json, %s -> %s", cases[i].from, cases[i].to);
        expect_refused(&r, "ds_m0.json", cases[i].says, label, out);
        gcn_proc_result_free(&r);
    }
    free(m0_path);
    free(facts);
    free(errata);
    free(out);
    free(cur);
    tmpdir_remove(dir);
    free(dir);
}

/* An errata.json whose erratum `id` has its decisions replaced by the JSON `decisions`. */
static void write_errata(const char *path, const char *id, const char *decisions)
{
    char *src = path_join2(test_source_dir(), "spec/errata.json"), *text = file_read(src, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL, *e, *d = cJSON_Parse(decisions);
    char *out;
    int found = 0;
    assert_non_null(doc);
    assert_non_null(d);
    cJSON_ArrayForEach(e, get(doc, "errata"))
    {
        if (strcmp(get(e, "id")->valuestring, id) == 0) {
            cJSON_ReplaceItemInObjectCaseSensitive(e, "decisions", d);
            found = 1;
        }
    }
    assert_true(found);
    out = cJSON_Print(doc);
    assert_non_null(out);
    file_write(path, out, strlen(out));
    free(out);
    cJSON_Delete(doc);
    free(text);
    free(src);
}

/* gcnspec resolve with E053's "m0" decision changed: the curated roles are held to it */
static void resolver_holds_roles_to_the_erratum(void **st)
{
    static const struct {
        const char *decisions, *file, *says;
    } cases[] = {
        /* the decision gives another role than the class */
        {"[{\"op\": \"m0\", \"encoding\": \"DS\", \"gens\": [\"gcn1.4\"], \"lds\": \"operand\"}]",
         "ds_m0.json", "no \"m0\" decision of E053 gives"},
        /* ... for one instruction only */
        {"[{\"op\": \"m0\", \"encoding\": \"DS\", \"mnemonic\": \"DS_READ_B32\", \"gens\": "
         "[\"gcn1.4\"], \"lds\": \"free\"}]",
         "ds_m0.json", "no \"m0\" decision of E053 gives"},
        /* a decision that decides nothing */
        {"[{\"op\": \"m0\", \"encoding\": \"DS\", \"gens\": [\"gcn1.4\"], \"lds\": \"free\"}, "
         "{\"op\": \"m0\", \"encoding\": \"DS\", \"gens\": [\"gcn1.0\"], \"gds\": \"free\"}]",
         "errata.json", "this \"m0\" decision gives no DS instruction"},
        /* the loader */
        {"[{\"op\": \"m0\", \"encoding\": \"DS\", \"gens\": [\"gcn1.4\"], \"lds\": \"loose\"}]",
         "errata.json", "\"loose\" is no role of M0"},
        {"[{\"op\": \"m0\", \"encoding\": \"DS\", \"gens\": [\"gcn1.4\"]}]", "errata.json",
         "decision \"m0\" needs \"lds\" or \"gds\""},
        {"[{\"op\": \"none\", \"lds\": \"free\"}]", "errata.json",
         "\"lds\" and \"gds\" belong to decision \"m0\""},
    };
    char *dir = tmpdir_make(), *out = path_join2(dir, "gcn.json");
    char *errata = path_join2(dir, "errata.json");
    char *facts = path_join2(test_source_dir(), "spec/facts.json");
    char *cur = path_join2(test_source_dir(), "spec/curated");
    size_t i;
    (void)st;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *argv[] = {(char *)gcnspec, "resolve", "--facts", facts, "--errata", errata,
                        "--curated",     cur,       "-o",      out,   NULL};
        gcn_proc_result r;
        write_errata(errata, "E053", cases[i].decisions);
        memset(&r, 0, sizeof(r));
        gcn_proc_run(gcnspec, argv, NULL, 0, 300, &r);
        expect_refused(&r, cases[i].file, cases[i].says, cases[i].decisions, out);
        gcn_proc_result_free(&r);
    }
    free(cur);
    free(facts);
    free(errata);
    free(out);
    tmpdir_remove(dir);
    free(dir);
}

/* gcngen semantics on the build's gcn.json with one role changed against its block */
static void generator_holds_roles_to_blocks(void **st)
{
    static const struct {
        const char *after, *from, *to, *says;
    } cases[] = {
        /* the corrected block adds M0: its role must be operand */
        {"\"name\": \"DS_APPEND\"", "\"lds\": \"operand\"", "\"lds\": \"limit\"",
         "DS_APPEND on gcn1.0 as corrected (lds limit, gds operand): the block reads M0 itself"},
        /* a block that does not read M0 cannot have it as an operand */
        {"\"name\": \"DS_READ_B32\"", "\"lds\": \"limit\"", "\"lds\": \"operand\"",
         "M0's role is operand, but the block does not read M0"},
        /* a block that reaches memory cannot have M0 unused */
        {"\"name\": \"DS_WRITE_B8\"", "\"gds\": \"limit\"", "\"gds\": \"unused\"",
         "M0's role is unused, but the block addresses LDS/GDS"},
        /* DSMEM says no window */
        {"\"name\": \"DS_ORDERED_COUNT\"", "\"lds\": \"operand\"", "\"lds\": \"limit\"",
         "the block addresses DSMEM (no M0 window), but M0 limits it"},
        /* a role that differs without an erratum */
        {"\"name\": \"DS_READ_B64\"", "\"erratum\": \"E053\",", "", "no erratum says why"},
        {"\"name\": \"DS_READ_B64\"", "\"lds\": \"free\"", "\"lds\": \"freeish\"",
         "an M0 role is one of limit, free, operand, unused"},
    };
    char *spec = file_read(spec_path, NULL), *dir = tmpdir_make();
    char *in = path_join2(dir, "gcn.json"), *out = path_join2(dir, "semantics.inc");
    char label[160];
    size_t i;
    (void)st;
    assert_non_null(spec);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *bad = replaced_after(spec, cases[i].after, cases[i].from, cases[i].to);
        char *argv[] = {(char *)gcngen, "semantics", "--spec", in, "-o", out, NULL};
        gcn_proc_result r;
        file_write(in, bad, strlen(bad));
        free(bad);
        memset(&r, 0, sizeof(r));
        gcn_proc_run(gcngen, argv, NULL, 0, 300, &r);
        snprintf(label, sizeof(label), "%s: %s -> %s", cases[i].after, cases[i].from, cases[i].to);
        expect_refused(&r, "gcn.json", cases[i].says, label, out);
        gcn_proc_result_free(&r);
    }
    free(in);
    free(out);
    tmpdir_remove(dir);
    free(dir);
    free(spec);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_holds_the_curated_facts),
        cmocka_unit_test(the_settled_roles),
        cmocka_unit_test(resolver_refuses_bad_roles),
        cmocka_unit_test(resolver_holds_roles_to_the_erratum),
        cmocka_unit_test(generator_holds_roles_to_blocks),
    };
    if (argc != 4) {
        fprintf(stderr, "usage: %s GCNSPEC GCNGEN SPEC_JSON\n", argv[0]);
        return 2;
    }
    gcnspec = argv[1];
    gcngen = argv[2];
    spec_path = argv[3];
    return cmocka_run_group_tests_name("oracle_m0_roles", tests, setup, teardown);
}
