#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/vector.h"
#include <sys/stat.h>
#include <time.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "util/diag_limit.h"
#include "util/file.h"
#include "util/json.h"
#include "vectors/manifest.h"
#include "vectors/jsonl.h"
#include "vectors/runner.h"
#include "util/buf.h"

const char *gcn_outcome_name(int o)
{
    static const char *const names[] = {"pass", "peer-lacks", "known", "not-claimed",
                                        "unexplained"};
    return o >= 0 && o < GCN_OUT_COUNT ? names[o] : "?";
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the vector files ------------------------------------------------------------------------
 */

typedef struct file_list {
    char **path; /* full paths */
    size_t n, cap;
} file_list;

static int add_file(file_list *l, char *path)
{
    if (!path)
        return 0;
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 32;
        char **np = realloc(l->path, ncap * sizeof(*np));
        if (!np) {
            free(path);
            return 0;
        }
        l->path = np;
        l->cap = ncap;
    }
    l->path[l->n++] = path;
    return 1;
}

static void free_files(file_list *l)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        free(l->path[i]);
    free(l->path);
    memset(l, 0, sizeof(*l));
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int scan_dir(file_list *l, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t first = l->n;
    if (!d)
        return 0;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n > 6 && strcmp(de->d_name + n - 6, ".jsonl") == 0)
            add_file(l, gcn_path_join(dir, de->d_name));
    }
    closedir(d);
    if (l->n > first)
        qsort(l->path + first, l->n - first, sizeof(*l->path), cmp_str);
    return 1;
}

/* DIR/index.json names the files of the run that wrote DIR; without one, every *.jsonl of DIR
 * and DIR/jsonl; DIR may also be one file. */
static gcn_status find_files(gcn_check_result *res, file_list *l, gcn_diag *diag)
{
    const char *dir = res->opt.dir;
    struct stat st;
    char *index;
    if (stat(dir, &st) != 0) {
        gcn_diag_set(diag, dir, 0, 0, "no such file or directory");
        return GCN_ERR_IO;
    }
    if (!S_ISDIR(st.st_mode)) {
        add_file(l, dir[0] == '/' ? gcn_path_join("/", dir + 1) : gcn_path_join(".", dir));
        return GCN_OK;
    }
    index = gcn_path_join(dir, "index.json");
    if (index && stat(index, &st) == 0) {
        gcn_json_doc doc;
        const cJSON *files = NULL, *f;
        const char *s;
        gcn_status rc = gcn_json_load(&doc, index, diag);
        if (rc == GCN_OK &&
            (rc = gcn_json_arr(&doc, doc.root, "files", 1, &files, diag)) == GCN_OK) {
            if (gcn_json_str(&doc, doc.root, "spec_sha256", 0, &s, diag) == GCN_OK && s)
                gcn_vec_copy(res->spec_sha256, sizeof(res->spec_sha256), s);
            s = NULL;
            if (gcn_json_str(&doc, doc.root, "seed", 0, &s, diag) == GCN_OK && s)
                gcn_vec_copy(res->seed, sizeof(res->seed), s);
            cJSON_ArrayForEach(f, files)
            {
                const char *p = NULL;
                if ((rc = gcn_json_str(&doc, f, "path", 1, &p, diag)) != GCN_OK)
                    break;
                if (strstr(p, "..") || p[0] == '/') {
                    rc = gcn_json_error(&doc, f, diag, "a file path inside the directory");
                    break;
                }
                add_file(l, gcn_path_join(dir, p));
            }
        }
        gcn_json_free(&doc);
        free(index);
        return rc;
    }
    free(index);
    scan_dir(l, dir);
    {
        char *sub = gcn_path_join(dir, "jsonl");
        if (sub)
            scan_dir(l, sub);
        free(sub);
    }
    if (!l->n) {
        /* semantic vectors alone (sem_check.c reads DIR/semantic) */
        char *sem = gcn_path_join(dir, "semantic");
        int has_sem = sem && stat(sem, &st) == 0 && S_ISDIR(st.st_mode);
        free(sem);
        if (has_sem)
            return GCN_OK;
        gcn_diag_set(diag, dir, 0, 0, "no vector files (*.jsonl, or an index.json)");
        return GCN_ERR_INVALID;
    }
    return GCN_OK;
}

typedef struct sized {
    char *path;
    long long size;
} sized;

static int cmp_size_desc(const void *a, const void *b)
{
    const sized *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* The biggest files first: their batches are the longest, and started last they would leave
 * the other processes idle at the end (the reports do not depend on the order). */
static void largest_first(file_list *l)
{
    sized *s = malloc((l->n + 1) * sizeof(*s));
    size_t i;
    struct stat st;
    if (!s)
        return;
    for (i = 0; i < l->n; i++) {
        s[i].path = l->path[i];
        s[i].size = stat(l->path[i], &st) == 0 ? (long long)st.st_size : 0;
    }
    qsort(s, l->n, sizeof(*s), cmp_size_desc);
    for (i = 0; i < l->n; i++)
        l->path[i] = s[i].path;
    free(s);
}

/* ---- one implementation's run ----------------------------------------------------------------
 */

typedef struct loaded {
    gcn_vec_read *v;
    size_t n;
    int loaded;
    int ready;          /* the loader thread has read it (under run_ctx.mu) */
    int released;       /* its vectors were freed (under run_ctx.mu) */
    size_t outstanding; /* jobs of the file not finished */
} loaded;

typedef struct batch_job {
    gcn_batch b;
    size_t file;
    size_t *sel; /* vector indexes of the batch */
    char **lines;
    char *hex; /* storage of the disassembly lines */
    int prepared;
} batch_job;

typedef struct run_ctx {
    gcn_check_result *res;
    gcn_impl_result *ir;
    gcn_adapter *a;
    file_list files;
    loaded *f;
    batch_job *bj;
    gcn_job *jobs;
    size_t njobs;
    unsigned ngens, nencs, ninsns;
    /* mnemonic -> instruction row (per encoding), for the per-instruction tallies */
    uint16_t *insn_hash;
    uint32_t insn_mask;
    /* the loader thread reads the files in job order while the main thread runs the tool on
     * the ones it has read and judges the answers */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t resident; /* files read and not yet released: the loader stays a few ahead */
    int sync;        /* mu and cv are alive */
    int unbounded;   /* no loader thread: read every file first */
} run_ctx;

static uint32_t name_hash(const char *s, unsigned enc)
{
    uint32_t h = 2166136261u ^ enc;
    while (*s)
        h = (h ^ (uint8_t)*s++) * 16777619u;
    return h;
}

static int build_insn_hash(run_ctx *c)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned i, cap = 1;
    while (cap < 4 * t->ninsns)
        cap <<= 1;
    c->insn_hash = malloc(cap * sizeof(*c->insn_hash));
    if (!c->insn_hash)
        return 0;
    memset(c->insn_hash, 0xff, cap * sizeof(*c->insn_hash));
    c->insn_mask = cap - 1;
    for (i = 0; i < t->ninsns; i++) {
        uint32_t k = name_hash(t->insns[i].mnemonic, t->insns[i].encoding) & c->insn_mask;
        while (c->insn_hash[k] != 0xffff)
            k = (k + 1) & c->insn_mask;
        c->insn_hash[k] = (uint16_t)i;
    }
    return 1;
}

static int insn_of(const run_ctx *c, const gcn_vec_read *r)
{
    const gcn_tables *t = gcn_codec_tables();
    uint32_t k;
    if (!r->mnemonic[0])
        return -1;
    for (k = name_hash(r->mnemonic, r->v.encoding) & c->insn_mask; c->insn_hash[k] != 0xffff;
         k = (k + 1) & c->insn_mask) {
        const gcn_insn_row *row = &t->insns[c->insn_hash[k]];
        if (row->encoding == r->v.encoding && strcmp(row->mnemonic, r->mnemonic) == 0)
            return c->insn_hash[k];
    }
    return -1;
}

static void log_msg(const run_ctx *c, const char *file, unsigned line, const char *fmt,
                    const char *msg)
{
    FILE *f = c->res->opt.log ? c->res->opt.log : stderr;
    char what[GCN_DIAG_MSG_MAX];
    if (snprintf(what, sizeof(what), fmt, msg) < 0) /* a long message is cut short, not lost */
        what[0] = 0;
    /* counted: a peer that fails every batch is reported up to --max-errors times */
    if (line)
        gcn_diag_reportf(f, "%s:%u: %s%s", file, line, c->ir->peer, what);
    else
        gcn_diag_reportf(f, "%s: %s%s", file, c->ir->peer, what);
}

static void load_file(run_ctx *c, size_t fi)
{
    loaded *L = &c->f[fi];
    const char *path = c->files.path[fi];
    char *text = NULL, *p, *end;
    size_t len = 0, cap = 0;
    unsigned lineno = 0;
    gcn_diag diag;
    FILE *log = c->res->opt.log ? c->res->opt.log : stderr;
    if (gcn_read_file(path, &text, &len, &diag) != GCN_OK) {
        gcn_diag_print(&diag, log);
        c->ir->bad_vectors++;
        return;
    }
    for (p = text, end = text + len; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        gcn_status st;
        lineno++;
        if (n && p[n - 1] == '\r')
            n--;
        p[n] = 0; /* the line is read as a C string */
        if (!n || (n && strspn(p, " \t") >= n)) {
            p = nl ? nl + 1 : end;
            continue;
        }
        if (L->n == cap) {
            size_t ncap = cap ? cap * 2 : 1024;
            gcn_vec_read *nv = realloc(L->v, ncap * sizeof(*nv));
            if (!nv) {
                fprintf(log, "%s:%u: out of memory\n", path, lineno);
                c->ir->bad_vectors++;
                break;
            }
            L->v = nv;
            cap = ncap;
        }
        st = gcn_vec_read_line(path, lineno, p, n, &L->v[L->n], &diag);
        if (st == GCN_ERR_UNSUPPORTED) {
            c->ir->skipped_vectors++;
        } else if (st != GCN_OK) {
            gcn_diag_report(log, &diag);
            c->ir->bad_vectors++;
        } else {
            const gcn_vec_read *r = &L->v[L->n];
            if ((!c->res->opt.gens || ((c->res->opt.gens >> r->v.gen) & 1)) &&
                (!c->res->opt.encs || ((c->res->opt.encs >> r->v.encoding) & 1))) {
                L->v[L->n].v.insn = insn_of(c, r);
                L->n++;
                c->ir->vectors++;
            }
        }
        p = nl ? nl + 1 : end;
    }
    free(text);
    /* the vectors moved as the array grew: point them at their own strings again */
    for (cap = 0; cap < L->n; cap++) {
        L->v[cap].v.cls = L->v[cap].cls;
        L->v[cap].v.field = L->v[cap].field[0] ? L->v[cap].field : NULL;
    }
}

static void *loader_main(void *arg)
{
    run_ctx *c = arg;
    size_t fi;
    /* At most jobs + 2 files in memory: the main thread prepares a file's jobs only when a
     * slot is free, so the files with unfinished jobs before it are fewer than the jobs, and
     * the one it waits for can always be read. Freed arrays are reused, not faulted in anew. */
    size_t ahead = c->unbounded ? (size_t)-1 : (size_t)c->res->opt.jobs + 2;
    for (fi = 0; fi < c->files.n; fi++) {
        pthread_mutex_lock(&c->mu);
        while (c->resident >= ahead)
            pthread_cond_wait(&c->cv, &c->mu);
        pthread_mutex_unlock(&c->mu);
        load_file(c, fi);
        pthread_mutex_lock(&c->mu);
        c->f[fi].ready = 1;
        c->resident++;
        pthread_cond_broadcast(&c->cv);
        pthread_mutex_unlock(&c->mu);
    }
    return NULL;
}

static void free_file(run_ctx *c, size_t fi)
{
    free(c->f[fi].v);
    c->f[fi].v = NULL;
    c->f[fi].n = 0;
    if (!c->sync)
        return;
    pthread_mutex_lock(&c->mu);
    if (c->f[fi].ready && !c->f[fi].released) {
        c->f[fi].released = 1;
        c->resident--;
        pthread_cond_broadcast(&c->cv);
    }
    pthread_mutex_unlock(&c->mu);
}

/* ---- tallies ---------------------------------------------------------------------------------
 */

static gcn_insn_tally *insn_tally(run_ctx *c, const gcn_vec_read *r)
{
    int insn = r->v.insn >= 0 ? r->v.insn : (int)c->ninsns;
    size_t at = ((size_t)r->v.gen * c->nencs + r->v.encoding) * (c->ninsns + 1) + (size_t)insn;
    return &c->ir->insn[at];
}

static size_t class_index(run_ctx *c, const char *key, const gcn_known_entry *e)
{
    gcn_impl_result *ir = c->ir;
    size_t i;
    for (i = 0; i < ir->nclasses; i++)
        if (strcmp(ir->classes[i].key, key) == 0)
            return i;
    if (ir->nclasses == ir->capclasses) {
        size_t ncap = ir->capclasses ? ir->capclasses * 2 : 32;
        gcn_class_tally *nc = realloc(ir->classes, ncap * sizeof(*nc));
        if (!nc)
            return (size_t)-1;
        ir->classes = nc;
        ir->capclasses = ncap;
    }
    memset(&ir->classes[ir->nclasses], 0, sizeof(ir->classes[0]));
    gcn_vec_copy(ir->classes[ir->nclasses].key, sizeof(ir->classes[0].key), key);
    ir->classes[ir->nclasses].entry = e;
    return ir->nclasses++;
}

/* Is (file fi, line) before the example m holds? Examples are the first in file order, whatever
 * order the processes end in. */
static int earlier(const run_ctx *c, size_t fi, unsigned line, const char *kind,
                   const gcn_mismatch *m)
{
    int d = strcmp(c->files.path[fi], m->file);
    return d < 0 || (d == 0 && (line < m->line || (line == m->line && strcmp(kind, m->kind) < 0)));
}

static void fill_mismatch(gcn_mismatch *m, const run_ctx *c, size_t fi, const gcn_vec_read *r,
                          const char *kind, const char *input, const char *expected,
                          const char *got)
{
    memset(m, 0, sizeof(*m));
    gcn_vec_copy(m->file, sizeof(m->file), c->files.path[fi]);
    m->line = r->line;
    gcn_vec_copy(m->id, sizeof(m->id), r->id);
    gcn_vec_copy(m->kind, sizeof(m->kind), kind);
    gcn_vec_copy(m->tag, sizeof(m->tag), gcn_vtag_name(r->v.tag));
    gcn_vec_copy(m->cls, sizeof(m->cls), r->cls);
    gcn_vec_copy(m->input, sizeof(m->input), input);
    gcn_vec_copy(m->expected, sizeof(m->expected), expected);
    gcn_vec_copy(m->got, sizeof(m->got), got);
    m->gen = r->v.gen;
    m->encoding = r->v.encoding;
    m->insn = r->v.insn;
}

static void count(run_ctx *c, const gcn_vec_read *r, gcn_check_mode mode, gcn_outcome o, size_t cls,
                  int our_bug)
{
    gcn_impl_result *ir = c->ir;
    gcn_tally *ts[4];
    gcn_insn_tally *it = insn_tally(c, r);
    size_t k;
    ts[0] = &ir->total;
    ts[1] = &ir->by[r->v.gen][r->v.encoding][mode];
    ts[2] = &ir->by_tag[r->v.tag][mode];
    ts[3] = &it->t;
    for (k = 0; k < 4; k++) {
        ts[k]->checks++;
        ts[k]->n[o]++;
        ts[k]->our_bug += (size_t)our_bug;
    }
    if (cls != (size_t)-1 && cls < 256)
        it->explained_by[cls / 64] |= 1ull << (cls % 64);
}

/* What the implementation answered, for the reports. */
static void describe_answer(gcn_check_mode mode, const gcn_answer *a, char *got, size_t gsize)
{
    if (a->ok) {
        if (mode == GCN_MODE_ASM) {
            if (a->nbytes)
                gcn_hex_bytes(a->bytes, a->nbytes, got, gsize);
            else
                snprintf(got, gsize, "%s", a->text[0] ? a->text : "(no bytes)");
        } else {
            snprintf(got, gsize, "%s", a->text);
        }
    } else {
        snprintf(got, gsize, "error: %s", a->message[0] ? a->message : "(rejected)");
    }
}

/* Compares one answer with the vector; NULL when it passes, else the kind of mismatch, with
 * what was expected and what came back (formatted only for a mismatch: most answers pass). */
static const char *compare(const gcn_vec_read *r, gcn_check_mode mode, const gcn_answer *a,
                           char *expected, size_t esize, char *got, size_t gsize)
{
    const gcn_vector *v = &r->v;
    const char *kind = NULL;
    expected[0] = got[0] = 0;
    if (v->tag == GCN_VTAG_MUST_REJECT) {
        if (!a->ok)
            return NULL;
        snprintf(expected, esize, "error (%s)", gcn_verr_name(v->error_class));
        describe_answer(mode, a, got, gsize);
        return mode == GCN_MODE_ASM ? "asm-accepts" : "dis-accepts";
    }
    if (mode == GCN_MODE_ASM) {
        const uint8_t *b = v->ncanonical_bytes ? v->canonical_bytes : v->bytes;
        size_t n = v->ncanonical_bytes ? v->ncanonical_bytes : v->nbytes;
        const char *text = v->canonical_asm[0] ? v->canonical_asm : v->asm_text;
        if (!a->ok)
            kind = "asm-rejects";
        else if (a->nbytes != n || memcmp(a->bytes, b, n) != 0)
            kind = "asm-bytes";
        /* llvm-mc prints its text back: it must be the canonical text. A vector with
         * canonical_bytes states no text for them (an alias text's canonical bytes may print
         * in another form: a BITMASK_PERM swizzle that is a BROADCAST), so only the bytes of
         * those are checked. */
        else if (a->text[0] && !v->ncanonical_bytes && strcmp(a->text, text) != 0) {
            snprintf(expected, esize, "%s", text);
            snprintf(got, gsize, "%s", a->text);
            return "asm-text";
        }
        if (kind) {
            gcn_hex_bytes(b, n, expected, esize);
            describe_answer(mode, a, got, gsize);
        }
        return kind;
    }
    {
        const char *want = v->canonical_asm[0] ? v->canonical_asm : v->asm_text;
        if (!a->ok)
            kind = "dis-rejects";
        else if (strcmp(a->text, want) != 0)
            kind = "dis-text";
        if (kind) {
            snprintf(expected, esize, "%s", want);
            describe_answer(mode, a, got, gsize);
        }
        return kind;
    }
}

static void judge(run_ctx *c, size_t fi, const gcn_vec_read *r, gcn_check_mode mode,
                  const gcn_answer *a)
{
    gcn_impl_result *ir = c->ir;
    char expected[300], got[400], hex[GCN_VEC_BYTES_MAX * 5 + 1], key[128];
    const char *kind = compare(r, mode, a, expected, sizeof(expected), got, sizeof(got));
    const char *input = !kind || mode == GCN_MODE_ASM
                            ? r->v.asm_text
                            : gcn_hex_bytes(r->v.bytes, r->v.nbytes, hex, sizeof(hex));
    unsigned claim = c->res->opt.claim ? c->res->opt.claim : ~0u;
    gcn_known_view view;
    long e;
    size_t k, cls;
    if (!kind) {
        count(c, r, mode, GCN_OUT_PASS, (size_t)-1, 0);
        return;
    }
    if (!((claim >> r->v.tag) & 1)) {
        count(c, r, mode, GCN_OUT_NOT_CLAIMED, (size_t)-1, 0);
        return;
    }
    for (k = 0; k < r->npeer_lacks; k++)
        if (strcmp(r->peer_lacks[k], ir->peer) == 0 && r->v.tag != GCN_VTAG_MUST_REJECT) {
            snprintf(key, sizeof(key), "peer_lacks %s", r->peer_lacks_erratum[k]);
            cls = class_index(c, key, NULL);
            if (cls != (size_t)-1) {
                gcn_class_tally *ct = &ir->classes[cls];
                if (!ct->total || earlier(c, fi, r->line, kind, &ct->example))
                    fill_mismatch(&ct->example, c, fi, r, kind, input, expected, got);
                ct->count[r->v.gen]++;
                ct->total++;
            }
            count(c, r, mode, GCN_OUT_PEER_LACKS, cls, 0);
            return;
        }
    memset(&view, 0, sizeof(view));
    view.peer = ir->peer;
    view.kind = kind;
    view.v = &r->v;
    view.mnemonic = r->mnemonic;
    view.peer_ok = a->ok;
    view.answer = a->ok ? (mode == GCN_MODE_ASM && !a->nbytes ? a->text : got) : a->message;
    if (mode == GCN_MODE_DIS && a->ok)
        view.answer = a->text;
    e = gcn_known_match(c->res->opt.known, &view);
    if (e >= 0) {
        const gcn_known_entry *ke = gcn_known_get(c->res->opt.known, (size_t)e);
        snprintf(key, sizeof(key), "%s %s", ke->file, ke->id);
        cls = class_index(c, key, ke);
        if (cls != (size_t)-1) {
            gcn_class_tally *ct = &ir->classes[cls];
            if (!ct->total || earlier(c, fi, r->line, kind, &ct->example))
                fill_mismatch(&ct->example, c, fi, r, kind, input, expected, got);
            ct->count[r->v.gen]++;
            ct->total++;
        }
        count(c, r, mode, GCN_OUT_KNOWN, cls, ke->fails);
        return;
    }
    count(c, r, mode, GCN_OUT_UNEXPLAINED, (size_t)-1, 0);
    ir->unexplained_total++;
    if (ir->nunexplained < GCN_CHECK_EXAMPLES)
        fill_mismatch(&ir->unexplained[ir->nunexplained++], c, fi, r, kind, input, expected, got);
}

/* ---- the jobs: one per file x generation x mode ----------------------------------------------
 */

static void job_coords(const run_ctx *c, size_t i, size_t *fi, int *gen, gcn_check_mode *mode)
{
    *mode = (gcn_check_mode)(i % GCN_MODE_COUNT);
    *gen = (int)((i / GCN_MODE_COUNT) % c->ngens);
    *fi = i / GCN_MODE_COUNT / c->ngens;
}

static void file_job_done(run_ctx *c, size_t fi)
{
    if (c->f[fi].outstanding && --c->f[fi].outstanding == 0)
        free_file(c, fi);
}

static int has_input(const gcn_vec_read *r, gcn_check_mode mode)
{
    return mode == GCN_MODE_ASM ? r->v.asm_text[0] != 0 : r->v.nbytes != 0;
}

static int prepare(size_t i, gcn_job *job, void *ctx)
{
    run_ctx *c = ctx;
    batch_job *bj = &c->bj[i];
    size_t fi, k, n = 0;
    int gen;
    gcn_check_mode mode;
    loaded *L;
    char why[512];
    unsigned modes = c->res->opt.modes ? c->res->opt.modes : 3u;
    job_coords(c, i, &fi, &gen, &mode);
    L = &c->f[fi];
    if (!L->loaded) {
        pthread_mutex_lock(&c->mu);
        while (!L->ready)
            pthread_cond_wait(&c->cv, &c->mu);
        pthread_mutex_unlock(&c->mu);
        L->loaded = 1;
    }
    for (k = 0; k < L->n; k++)
        n += L->v[k].v.gen == gen && has_input(&L->v[k], mode);
    if (!n || !((modes >> mode) & 1)) {
        file_job_done(c, fi);
        return 0;
    }
    if (!gcn_adapter_claims(c->a, mode, gen, why, sizeof(why))) {
        gcn_vec_copy(c->ir->not_claimed[gen][mode], sizeof(c->ir->not_claimed[0][0]), why);
        for (k = 0; k < L->n; k++)
            if (L->v[k].v.gen == gen && has_input(&L->v[k], mode))
                count(c, &L->v[k], mode, GCN_OUT_NOT_CLAIMED, (size_t)-1, 0);
        file_job_done(c, fi);
        return 0;
    }
    bj->file = fi;
    bj->sel = malloc(n * sizeof(*bj->sel));
    bj->lines = malloc(n * sizeof(*bj->lines));
    bj->hex = mode == GCN_MODE_DIS ? malloc(n * (GCN_VEC_BYTES_MAX * 5 + 1)) : NULL;
    if (!bj->sel || !bj->lines || (mode == GCN_MODE_DIS && !bj->hex)) {
        log_msg(c, c->files.path[fi], 0, ": %s", "out of memory");
        c->ir->adapter_errors++;
        file_job_done(c, fi);
        return 0;
    }
    for (k = 0, n = 0; k < L->n; k++) {
        const gcn_vec_read *r = &L->v[k];
        if (r->v.gen != gen || !has_input(r, mode))
            continue;
        bj->sel[n] = k;
        if (mode == GCN_MODE_ASM) {
            bj->lines[n] = (char *)r->v.asm_text;
        } else {
            char *h = bj->hex + n * (GCN_VEC_BYTES_MAX * 5 + 1);
            gcn_hex_bytes(r->v.bytes, r->v.nbytes, h, GCN_VEC_BYTES_MAX * 5 + 1);
            bj->lines[n] = h;
        }
        n++;
    }
    bj->b.a = c->a;
    bj->b.mode = mode;
    bj->b.gen = gen;
    bj->b.encoding = L->v[bj->sel[0]].v.encoding;
    bj->b.lines = (const char *const *)bj->lines;
    bj->b.n = n;
    if (gcn_batch_prepare(&bj->b, job,
                          c->res->opt.timeout_base_s + c->res->opt.timeout_per_vector_s * (double)n,
                          why, sizeof(why)) != GCN_OK) {
        log_msg(c, c->files.path[fi], L->v[bj->sel[0]].line, ": %s", why);
        c->ir->adapter_errors++;
        for (k = 0; k < n; k++) {
            count(c, &L->v[bj->sel[k]], mode, GCN_OUT_UNEXPLAINED, (size_t)-1, 0);
            insn_tally(c, &L->v[bj->sel[k]])->errors++;
            c->ir->unexplained_total++;
        }
        gcn_batch_free(&bj->b);
        file_job_done(c, fi);
        return 0;
    }
    bj->prepared = 1;
    c->ir->jobs++;
    return 1;
}

static void release_batch(run_ctx *c, batch_job *bj, int keep_input)
{
    free(bj->sel);
    free(bj->lines);
    free(bj->hex);
    bj->sel = NULL;
    bj->lines = NULL;
    bj->hex = NULL;
    if (!keep_input)
        gcn_batch_free(&bj->b);
    (void)c;
}

static void finish(size_t i, gcn_job *job, void *ctx)
{
    run_ctx *c = ctx;
    batch_job *bj = &c->bj[i];
    loaded *L = &c->f[bj->file];
    gcn_answer *ans;
    size_t answered = 0, k;
    int unclaimed = 0;
    char why[600];
    gcn_status st;
    if (!bj->prepared)
        return;
    if (bj->b.gen >= 0 && bj->b.gen < GCN_MAX_GENS && bj->b.encoding < GCN_CHECK_MAX_ENCS)
        c->ir->by_seconds[bj->b.gen][bj->b.encoding] += job->seconds;
    ans = calloc(bj->b.n + 1, sizeof(*ans));
    if (!ans) {
        log_msg(c, c->files.path[bj->file], 0, ": %s", "out of memory");
        c->ir->adapter_errors++;
        st = GCN_ERR_NOMEM;
    } else {
        st = gcn_batch_answers(&bj->b, job, ans, &answered, &unclaimed, why, sizeof(why));
    }
    if (ans && unclaimed) {
        gcn_vec_copy(c->ir->not_claimed[bj->b.gen][bj->b.mode], sizeof(c->ir->not_claimed[0][0]),
                     why);
        for (k = 0; k < bj->b.n; k++)
            count(c, &L->v[bj->sel[k]], bj->b.mode, GCN_OUT_NOT_CLAIMED, (size_t)-1, 0);
    } else if (ans) {
        if (st != GCN_OK) {
            /* point at the first vector left without an answer (or the batch's first) */
            const gcn_vec_read *at = &L->v[bj->sel[answered < bj->b.n ? answered : 0]];
            log_msg(c, c->files.path[bj->file], at->line, ": %s", why);
            c->ir->adapter_errors++;
        }
        for (k = 0; k < bj->b.n; k++) {
            const gcn_vec_read *r = &L->v[bj->sel[k]];
            if (k < answered && ans[k].answered) {
                judge(c, bj->file, r, bj->b.mode, &ans[k]);
            } else {
                char hex[GCN_VEC_BYTES_MAX * 5 + 1];
                count(c, r, bj->b.mode, GCN_OUT_UNEXPLAINED, (size_t)-1, 0);
                insn_tally(c, r)->errors++;
                c->ir->unexplained_total++;
                if (c->ir->nunexplained < GCN_CHECK_EXAMPLES)
                    fill_mismatch(&c->ir->unexplained[c->ir->nunexplained++], c, bj->file, r,
                                  "no-answer",
                                  bj->b.mode == GCN_MODE_ASM
                                      ? r->v.asm_text
                                      : gcn_hex_bytes(r->v.bytes, r->v.nbytes, hex, sizeof(hex)),
                                  "an answer", why);
            }
        }
    }
    free(ans);
    gcn_proc_result_free(&job->r);
    release_batch(c, bj, c->res->opt.time_bare);
    file_job_done(c, bj->file);
}

/* The tool alone, one process at a time, on the inputs the check gave it: the figures the
 * check's own time is measured against (assembly alone, and every input of the check). */
static void time_bare(run_ctx *c)
{
    size_t i;
    int mode;
    double t0 = now_s();
    for (mode = 0; mode < GCN_MODE_COUNT; mode++) {
        for (i = 0; i < c->njobs; i++) {
            batch_job *bj = &c->bj[i];
            gcn_job j;
            if (!bj->prepared || !bj->b.in || (int)bj->b.mode != mode)
                continue;
            memset(&j, 0, sizeof(j));
            j.path = bj->b.path;
            j.argv = bj->b.argv_store;
            j.env = bj->b.env_store;
            j.in = bj->b.in;
            j.in_len = strlen(bj->b.in);
            j.capture_to_files = 1;
            j.timeout_s =
                c->res->opt.timeout_base_s + c->res->opt.timeout_per_vector_s * (double)bj->b.n;
            gcn_run_jobs(&j, 1, 1);
            gcn_proc_result_free(&j.r);
            if (mode == GCN_MODE_ASM)
                c->ir->bare_lines += bj->b.n;
        }
        if (mode == GCN_MODE_ASM)
            c->ir->bare_seconds = now_s() - t0;
    }
    c->ir->bare_all_seconds = now_s() - t0;
    c->ir->bare_ran = 1;
}

static int cmp_mismatch(const void *a, const void *b)
{
    const gcn_mismatch *x = a, *y = b;
    int d = strcmp(x->file, y->file);
    if (d)
        return d;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return strcmp(x->kind, y->kind);
}

static int cmp_class(const void *a, const void *b)
{
    const gcn_class_tally *x = a, *y = b;
    return strcmp(x->key, y->key);
}

/* The processes end in any order: the reports list classes by key and mismatches in file
 * order, and the per-instruction class bits are renumbered to match. */
static void sort_results(gcn_impl_result *ir, size_t cells)
{
    size_t *rank, i, k, n = ir->nclasses;
    char(*keys)[96];
    qsort(ir->unexplained, ir->nunexplained, sizeof(*ir->unexplained), cmp_mismatch);
    if (!n)
        return;
    keys = malloc(n * sizeof(*keys));
    rank = malloc(n * sizeof(*rank));
    if (!keys || !rank) {
        free(keys);
        free(rank);
        return;
    }
    for (i = 0; i < n; i++)
        memcpy(keys[i], ir->classes[i].key, sizeof(keys[i]));
    qsort(ir->classes, n, sizeof(*ir->classes), cmp_class);
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++)
            if (strcmp(keys[i], ir->classes[k].key) == 0)
                rank[i] = k;
    for (k = 0; ir->insn && k < cells; k++) {
        uint64_t old[4], *bits = ir->insn[k].explained_by;
        memcpy(old, bits, sizeof(old));
        memset(bits, 0, sizeof(old));
        for (i = 0; i < n && i < 256; i++)
            if ((old[i / 64] >> (i % 64)) & 1 && rank[i] < 256)
                bits[rank[i] / 64] |= 1ull << (rank[i] % 64);
    }
    free(keys);
    free(rank);
}

static void run_impl(gcn_check_result *res, gcn_impl_result *ir, const char *impl,
                     const file_list *files)
{
    const gcn_tables *t = gcn_codec_tables();
    run_ctx c;
    char why[512];
    size_t i;
    double t0 = now_s();
    memset(&c, 0, sizeof(c));
    gcn_vec_copy(ir->impl, sizeof(ir->impl), impl);
    if (gcn_adapter_open(&c.a, impl, why, sizeof(why)) != GCN_OK) {
        gcn_vec_copy(ir->open_error, sizeof(ir->open_error), why);
        gcn_vec_copy(ir->peer, sizeof(ir->peer), impl);
        return;
    }
    ir->opened = 1;
    gcn_vec_copy(ir->peer, sizeof(ir->peer), gcn_adapter_peer(c.a));
    gcn_vec_copy(ir->version, sizeof(ir->version), gcn_adapter_version(c.a));
    c.res = res;
    c.ir = ir;
    c.files = *files;
    c.ngens = t->ngens;
    c.nencs = t->nencodings < GCN_CHECK_MAX_ENCS ? t->nencodings : GCN_CHECK_MAX_ENCS;
    c.ninsns = t->ninsns;
    c.njobs = files->n * c.ngens * GCN_MODE_COUNT;
    c.f = calloc(files->n + 1, sizeof(*c.f));
    c.bj = calloc(c.njobs + 1, sizeof(*c.bj));
    c.jobs = calloc(c.njobs + 1, sizeof(*c.jobs));
    ir->insn = calloc((size_t)c.ngens * c.nencs * (c.ninsns + 1), sizeof(*ir->insn));
    ir->unexplained = calloc(GCN_CHECK_EXAMPLES, sizeof(*ir->unexplained));
    if (!c.f || !c.bj || !c.jobs || !ir->insn || !ir->unexplained || !build_insn_hash(&c)) {
        snprintf(ir->open_error, sizeof(ir->open_error), "out of memory");
        ir->opened = 0;
    } else {
        pthread_t loader;
        int threaded;
        for (i = 0; i < files->n; i++)
            c.f[i].outstanding = c.ngens * GCN_MODE_COUNT;
        pthread_mutex_init(&c.mu, NULL);
        pthread_cond_init(&c.cv, NULL);
        c.sync = 1;
        threaded = pthread_create(&loader, NULL, loader_main, &c) == 0;
        if (!threaded) {
            c.unbounded = 1;
            loader_main(&c);
        }
        gcn_run_jobs_cb(c.jobs, c.njobs, res->opt.jobs, prepare, finish, &c);
        if (threaded)
            pthread_join(loader, NULL);
        c.sync = 0;
        pthread_mutex_destroy(&c.mu);
        pthread_cond_destroy(&c.cv);
        ir->seconds = now_s() - t0;
        gcn_sem_check(&res->opt, ir, c.a);
        sort_results(ir, (size_t)c.ngens * c.nencs * (c.ninsns + 1));
        if (res->opt.time_bare)
            time_bare(&c);
    }
    for (i = 0; c.bj && i < c.njobs; i++) {
        release_batch(&c, &c.bj[i], 0);
    }
    for (i = 0; c.f && i < files->n; i++)
        free_file(&c, i);
    free(c.f);
    free(c.bj);
    free(c.jobs);
    free(c.insn_hash);
    gcn_adapter_close(c.a);
}

gcn_status gcn_check_run(const gcn_check_options *opt, gcn_check_result **out, gcn_diag *diag)
{
    gcn_check_result *res = calloc(1, sizeof(*res));
    file_list files;
    gcn_status st;
    size_t i;
    *out = NULL;
    memset(&files, 0, sizeof(files));
    if (!res) {
        gcn_diag_set(diag, opt->dir, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    res->opt = *opt;
    if (!res->opt.jobs)
        res->opt.jobs = 1;
    gcn_vec_copy(res->dir, sizeof(res->dir), opt->dir);
    /* files of two runs, or changed since: no verdict on an implementation from them */
    st = gcn_vec_manifest_verify(opt->dir, opt->log, diag);
    if (st == GCN_OK)
        st = find_files(res, &files, diag);
    if (st != GCN_OK) {
        free_files(&files);
        free(res);
        return st;
    }
    res->files = files.n;
    largest_first(&files);
    for (i = 0; i < opt->nimpls && i < GCN_CHECK_MAX_IMPLS; i++) {
        run_impl(res, &res->impl[i], opt->impls[i], &files);
        res->nimpls++;
    }
    free_files(&files);
    *out = res;
    return GCN_OK;
}

void gcn_check_free(gcn_check_result *r)
{
    size_t i;
    if (!r)
        return;
    for (i = 0; i < r->nimpls; i++) {
        free(r->impl[i].insn);
        free(r->impl[i].classes);
        free(r->impl[i].unexplained);
    }
    free(r);
}

size_t gcn_check_failures(const gcn_check_result *r)
{
    size_t i, n = 0;
    for (i = 0; i < r->nimpls; i++) {
        const gcn_impl_result *ir = &r->impl[i];
        n += !ir->opened;
        n += ir->sem.n[GCN_OUT_UNEXPLAINED] + ir->sem_adapter_errors;
        n += ir->total.n[GCN_OUT_UNEXPLAINED] + ir->total.our_bug + ir->adapter_errors +
             ir->bad_vectors;
    }
    return n;
}
