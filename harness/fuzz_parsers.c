/* Target 7, the tool's own parsers: [parser byte][file text]. The first byte picks one of the
 * loaders below (folded into range); the rest is the file it reads: facts.json, errata.json,
 * the curated pseudocode environment, the peers' known list, any JSON through util/json, a
 * curated file through the resolver, and (where oracle/ is built) a state file. Every loader must
 * accept the text or refuse it with a message that names the file and a line inside it (the
 * file:line[:col] errors every input path promises), never crash or leak; what loads must load
 * again from what it writes (facts: load -> write -> load -> write is a fixpoint; JSON: print ->
 * parse -> print).
 *
 * The list is one X-macro: a parser the tree grows (the oracle's state JSON, the conformance
 * vector files) is one more entry and one function. The loaders read paths, so each input goes
 * through a private temporary directory. The errata loader checks citations against the
 * committed spec/facts.json, found through GCN_SPEC_DIR, a gcnspec-spec directory beside the
 * executable (ClusterFuzzLite) or the source tree this was built from; without it the errata
 * are checked against no facts. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"
#ifdef GCN_HAVE_ORACLE
#include "gcnspec/oracle.h"
#endif
#include "spec/model/facts.h"
#include "spec/resolve/errata.h"
#include "spec/resolve/resolve.h"
#include "spec/triage/pseudo_env.h"
#include "tests/peer/llvm_disasm.h"
#include "util/json.h"

#define TARGET "parsers"

static int parse_facts(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
static int parse_errata(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
static int parse_pseudo_env(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
static int parse_known(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
static int parse_json(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
static int parse_curated(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
#ifdef GCN_HAVE_ORACLE
static int parse_state(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
#define PARSERS_ORACLE(X) X("state", parse_state)
#else
#define PARSERS_ORACLE(X)
#endif

/* X(name, function): the parser byte selects entry (byte % count). The corpus generator writes
 * seeds for each by its position (corpus/corpus_gen.c, enum parser). */
#define PARSERS(X)                                                                                 \
    X("facts", parse_facts)                                                                        \
    X("errata", parse_errata)                                                                      \
    X("pseudocode-env", parse_pseudo_env)                                                          \
    X("peer-known", parse_known)                                                                   \
    X("json", parse_json)                                                                          \
    X("curated", parse_curated)                                                                    \
    PARSERS_ORACLE(X)

static const struct parser {
    const char *name;
    int (*run)(const char *path, const uint8_t *data, size_t size, gcn_diag *diag);
} parsers[] = {
#define PARSER_ENTRY(name, fn) {name, fn},
    PARSERS(PARSER_ENTRY)
#undef PARSER_ENTRY
};
#define NPARSERS (sizeof(parsers) / sizeof(parsers[0]))

static char workdir[512], input_path[600], spec_dir[512];
static gcn_facts facts;
static int verbose; /* GCN_FUZZ_VERBOSE: say what each parser answered */

/* The curated files the resolver reads, each a possible target of the "curated" parser. */
static const char *const curated_files[] = {
    "generations.json",     "operands.json",  "syntax.json",    "smrd.json",
    "scalar_operands.json", "semantics.json", "pseudocode.json"};
#define NCURATED (sizeof(curated_files) / sizeof(curated_files[0]))

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void find_spec_dir(const char *argv0)
{
    const char *env = getenv("GCN_SPEC_DIR");
    char self[512];
    ssize_t n;
    spec_dir[0] = 0;
    if (env && *env && is_dir(env)) {
        snprintf(spec_dir, sizeof(spec_dir), "%s", env);
        return;
    }
    n = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0 && argv0)
        n = (ssize_t)snprintf(self, sizeof(self), "%s", argv0);
    if (n > 0 && (size_t)n < sizeof(self)) {
        char *slash;
        self[n] = 0;
        slash = strrchr(self, '/');
        if (slash) {
            *slash = 0;
            snprintf(spec_dir, sizeof(spec_dir), "%.400s/gcnspec-spec", self);
            if (is_dir(spec_dir))
                return;
        }
    }
#ifdef GCN_SOURCE_DIR
    snprintf(spec_dir, sizeof(spec_dir), "%s/spec", GCN_SOURCE_DIR);
    if (is_dir(spec_dir))
        return;
#endif
    spec_dir[0] = 0;
}

static void cleanup(void)
{
    size_t k;
    char p[700];
    for (k = 0; k < NCURATED; k++) {
        snprintf(p, sizeof(p), "%s/curated/%s", workdir, curated_files[k]);
        unlink(p);
    }
    snprintf(p, sizeof(p), "%s/curated", workdir);
    rmdir(p);
    snprintf(p, sizeof(p), "%s/facts.json", workdir);
    unlink(p);
    snprintf(p, sizeof(p), "%s/errata.json", workdir);
    unlink(p);
    snprintf(p, sizeof(p), "%s/again.json", workdir);
    unlink(p);
    unlink(input_path);
    rmdir(workdir);
}

static int write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f)
        return 0;
    ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *tmp = getenv("TMPDIR");
    char p[700];
    gcn_diag diag;
    size_t k;
    verbose = getenv("GCN_FUZZ_VERBOSE") != NULL;
    find_spec_dir(argc && *argc > 0 ? (*argv)[0] : NULL);
    snprintf(workdir, sizeof(workdir), "%s/gcnspec-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(workdir)) {
        fprintf(stderr, "gcnspec-fuzz: cannot create %s\n", workdir);
        exit(1);
    }
    snprintf(input_path, sizeof(input_path), "%s/input.json", workdir);
    atexit(cleanup);
    gcn_facts_init(&facts);
    gcn_diag_clear(&diag);
    if (spec_dir[0]) {
        snprintf(p, sizeof(p), "%s/facts.json", spec_dir);
        if (gcn_facts_load(&facts, p, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            gcn_facts_free(&facts);
            gcn_facts_init(&facts);
        }
    }
    /* the resolver's inputs for the "curated" parser: no facts, no errata, the committed
     * curated files (linked), one of them replaced by the input */
    snprintf(p, sizeof(p), "%s/curated", workdir);
    mkdir(p, 0700);
    for (k = 0; spec_dir[0] && k < NCURATED; k++) {
        char real[700];
        snprintf(real, sizeof(real), "%s/curated/%s", spec_dir, curated_files[k]);
        snprintf(p, sizeof(p), "%s/curated/%s", workdir, curated_files[k]);
        if (symlink(real, p) != 0)
            break;
    }
    snprintf(p, sizeof(p), "%s/facts.json", workdir);
    {
        static const char empty_facts[] =
            "{\"schema\": \"gcnspec-facts/1\", \"documents\": [], \"facts\": []}\n";
        write_file(p, empty_facts, sizeof(empty_facts) - 1);
    }
    snprintf(p, sizeof(p), "%s/errata.json", workdir);
    {
        static const char empty_errata[] = "{\"schema\": \"gcnspec-errata/1\", \"errata\": []}\n";
        write_file(p, empty_errata, sizeof(empty_errata) - 1);
    }
    return 0;
}

/* ---- the parsers ---------------------------------------------------------------------------- */

static int parse_facts(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    gcn_facts f, g;
    char again[700], *one, *two;
    gcn_status st;
    (void)data;
    (void)size;
    st = gcn_facts_load(&f, path, diag);
    if (st != GCN_OK) {
        gcn_facts_free(&f);
        return 0;
    }
    /* what loaded writes out and loads back to the same facts */
    one = gcn_facts_to_json(&f);
    snprintf(again, sizeof(again), "%s/again.json", workdir);
    if (!one || !write_file(again, one, strlen(one)))
        fuzz_finding(TARGET, "facts-write-failed", "facts", "  cannot serialize loaded facts");
    gcn_diag_clear(diag);
    if (gcn_facts_load(&g, again, diag) != GCN_OK)
        fuzz_finding(TARGET, "facts-not-a-fixpoint", "facts",
                     "  the facts it wrote do not load: %s:%u:%u: %s", diag->file, diag->line,
                     diag->col, diag->msg);
    two = gcn_facts_to_json(&g);
    if (!two || strcmp(one, two) != 0)
        fuzz_finding(TARGET, "facts-not-a-fixpoint", "facts",
                     "  load -> write -> load -> write gives other text");
    free(one);
    free(two);
    gcn_facts_free(&g);
    gcn_facts_free(&f);
    return 1;
}

static int parse_errata(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    gcn_errata e;
    gcn_status st;
    (void)data;
    (void)size;
    st = gcn_errata_load(&e, path, &facts, diag);
    gcn_errata_free(&e);
    return st == GCN_OK;
}

static int parse_pseudo_env(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    gcn_pseudo_env env;
    gcn_status st;
    (void)data;
    (void)size;
    memset(&env, 0, sizeof(env));
    st = gcn_pseudo_env_load(&env, path, diag);
    gcn_pseudo_env_free(&env);
    return st == GCN_OK;
}

static int parse_known(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    peer_known *k = NULL;
    gcn_status st;
    (void)data;
    (void)size;
    st = peer_known_load(&k, path, diag);
    peer_known_free(k);
    return st == GCN_OK;
}

/* util/json, which every curated loader goes through: positions for every node, the typed
 * accessors on every member as every type, the deterministic printer. */
static void walk(const gcn_json_doc *doc, const cJSON *node, int depth)
{
    const cJSON *c;
    gcn_diag d;
    unsigned line, col;
    static const char *const keys[] = {"schema", "topic", "id", NULL};
    if (depth > 64)
        return;
    gcn_json_where(doc, node, &line, &col);
    if (cJSON_IsObject(node)) {
        gcn_json_only_keys(doc, node, keys, &d);
        cJSON_ArrayForEach(c, node)
        {
            const cJSON *o;
            const char *s;
            long long v;
            int b;
            gcn_json_obj(doc, node, c->string, 1, &o, &d);
            gcn_json_arr(doc, node, c->string, 1, &o, &d);
            if (gcn_json_str(doc, node, c->string, 1, &s, &d) == GCN_OK) {
                uint64_t u;
                gcn_parse_u64(s, &u);
            }
            gcn_json_int(doc, node, c->string, 1, -1000000, 1000000, &v, &d);
            gcn_json_bool(doc, node, c->string, 1, &b, &d);
            walk(doc, c, depth + 1);
        }
    } else if (cJSON_IsArray(node)) {
        cJSON_ArrayForEach(c, node) walk(doc, c, depth + 1);
    }
}

static int parse_json(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    gcn_json_doc doc, again;
    gcn_status st;
    char *one, *two, *text = malloc(size + 1);
    (void)path;
    if (!text)
        return 0;
    /* gcn_json_parse reads text[len]: it takes NUL-terminated text (as gcn_read_file gives) */
    memcpy(text, data, size);
    text[size] = 0;
    memset(&doc, 0, sizeof(doc));
    st = gcn_json_parse(&doc, "input.json", text, size, diag);
    free(text);
    if (st != GCN_OK) {
        gcn_json_free(&doc);
        return 0;
    }
    walk(&doc, doc.root, 0);
    one = gcn_json_print(doc.root);
    if (!one)
        fuzz_finding(TARGET, "json-print-failed", "json", "  gcn_json_print returned NULL");
    memset(&again, 0, sizeof(again));
    if (gcn_json_parse(&again, "again.json", one, strlen(one), diag) != GCN_OK)
        fuzz_finding(TARGET, "json-not-a-fixpoint", "json", "  printed JSON does not parse: %s",
                     diag->msg);
    two = gcn_json_print(again.root);
    if (!two || strcmp(one, two) != 0)
        fuzz_finding(TARGET, "json-not-a-fixpoint", "json", "  print -> parse -> print differs");
    free(one);
    free(two);
    gcn_json_free(&again);
    gcn_json_free(&doc);
    return 1;
}

/* A curated file through the resolver itself: the input replaces one of the curated files
 * (the second byte picks which); the rest are the committed ones, with no facts and no errata,
 * so the resolver reads every curated file and builds what it can. */
static int parse_curated(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    char dir[700], facts_path[700], errata_path[700], target[700];
    gcn_resolve_in in;
    gcn_resolve_out out;
    gcn_status st;
    size_t k;
    (void)path;
    if (!spec_dir[0] || !size)
        return 1; /* no file to put in place: nothing was refused (F-8ad9f32b19) */
    k = data[0] % NCURATED;
    snprintf(dir, sizeof(dir), "%s/curated", workdir);
    snprintf(target, sizeof(target), "%s/curated/%s", workdir, curated_files[k]);
    unlink(target);
    if (!write_file(target, data + 1, size - 1))
        return 0;
    snprintf(facts_path, sizeof(facts_path), "%s/facts.json", workdir);
    snprintf(errata_path, sizeof(errata_path), "%s/errata.json", workdir);
    in.facts_path = facts_path;
    in.errata_path = errata_path;
    in.curated_dir = dir;
    in.pages_path = in.pages_root = NULL;
    st = gcn_resolve(&in, &out, diag);
    gcn_resolve_out_free(&out);
    /* back to the committed file for the next input */
    unlink(target);
    {
        char real[700];
        snprintf(real, sizeof(real), "%s/curated/%s", spec_dir, curated_files[k]);
        if (symlink(real, target) != 0)
            return 0;
    }
    return st == GCN_OK;
}

#ifdef GCN_HAVE_ORACLE
/* A state file of the oracle: what loads writes out whole and loads back to the same text. */
static int parse_state(const char *path, const uint8_t *data, size_t size, gcn_diag *diag)
{
    static gcn_wave_state s, again;
    char *text = malloc(size + 1), *one, *two;
    gcn_status st;
    (void)path;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    st = gcn_state_from_json(&s, -1, text, size, "input.json", diag);
    free(text);
    if (st != GCN_OK)
        return 0;
    one = gcn_state_to_json(&s, NULL);
    if (!one)
        fuzz_finding(TARGET, "state-write-failed", "state", "  gcn_state_to_json returned NULL");
    if (gcn_state_from_json(&again, -1, one, strlen(one), "again.json", diag) != GCN_OK)
        fuzz_finding(TARGET, "state-not-a-fixpoint", "state",
                     "  the state it wrote does not load: %u:%u: %s", diag->line, diag->col,
                     diag->msg);
    two = gcn_state_to_json(&again, NULL);
    if (!two || strcmp(one, two) != 0)
        fuzz_finding(TARGET, "state-not-a-fixpoint", "state",
                     "  load -> write -> load -> write gives other text");
    free(one);
    free(two);
    return 1;
}
#endif

/* ---- the entry point ------------------------------------------------------------------------ */

static unsigned count_lines(const uint8_t *data, size_t size)
{
    unsigned n = 1;
    size_t i;
    for (i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct parser *p;
    gcn_diag diag;
    int ok;
    if (!size || !workdir[0])
        return 0;
    p = &parsers[data[0] % NPARSERS];
    data++;
    size--;
    if (!write_file(input_path, data, size))
        return 0;
    gcn_diag_clear(&diag);
    ok = p->run(input_path, data, size, &diag);
    if (verbose)
        fprintf(stderr, "%s: %s%s%s:%u:%u: %s\n", p->name, ok ? "accepted" : "refused",
                diag.msg[0] ? " " : "", diag.file, diag.line, diag.col, diag.msg);
    if (!ok && p->run != parse_curated) {
        /* a refusal names the file and a line of it (line 0: the whole file) */
        if (!diag.msg[0])
            fuzz_finding(TARGET, "refused-without-message", p->name, "  %zu bytes", size);
        if (!diag.file[0])
            fuzz_finding(TARGET, "refused-without-file", p->name, "  message: %s", diag.msg);
        if (diag.line > count_lines(data, size))
            fuzz_finding(TARGET, "diagnostic-line-outside", p->name, "  %u lines\n  %s:%u:%u: %s",
                         count_lines(data, size), diag.file, diag.line, diag.col, diag.msg);
    }
    if (!ok && p->run == parse_curated && !diag.msg[0])
        fuzz_finding(TARGET, "refused-without-message", p->name, "  %zu bytes", size);
    return 0;
}
