#define _POSIX_C_SOURCE 200809L
#include "vec_out.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec/codec_internal.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"
#include "vectors/jsonl.h"

#define MAX_ENCS 32

enum { LIT_ASM, LIT_ERR, LIT_DIS, LIT_COUNT };

static const char *const lit_dirs[LIT_COUNT] = {"lit/MC/AMDGPU", "lit/MC/AMDGPU",
                                                "lit/MC/Disassembler/AMDGPU"};

typedef struct lit_file {
    gcn_buf body, left;
    size_t lines, left_out;
    char path[128]; /* relative to DIR; "" when not written */
    /* the inputs already in the file (canonicalizes vectors repeat exact texts), with their
     * hashes (compared first: every vector looks back at 64 of them) */
    char **seen;
    size_t *seen_hash;
    size_t nseen, capseen;
} lit_file;

typedef struct enc_out {
    gcn_buf jsonl;
    size_t seq, count, tags[GCN_VTAG_COUNT], errors[GCN_VERR_COUNT];
    lit_file lit[LIT_COUNT];
    char path[128];
    int written;
} enc_out;

/* One file of a generation, handed to the writer thread. */
typedef struct write_job {
    const char *rel; /* relative to DIR: a path held by the file's enc_out */
    gcn_buf data;
    int *written; /* set when it is written (NULL: nothing to set) */
} write_job;

/* A generation's files, written (temporary file, sync, rename, each in turn) by a thread while
 * the next generation is made: the kernel's copying and syncing of the files took a quarter of
 * the run and needs no vector. Files are written in the order the flush listed them, the first
 * failure stops the rest, and it is reported at the next flush (or the wait) as if the flush had
 * failed: the same files, messages and exit status as writing them in place. */
typedef struct write_batch {
    const char *dir;
    write_job *jobs;
    size_t n, cap;
    pthread_t thread;
    int running;
    gcn_status st;
    gcn_diag diag;
} write_batch;

struct gcn_vec_out {
    gcn_vec_out_options opt;
    enc_out e[GCN_MAX_GENS][MAX_ENCS];
    gcn_buf summary;
    gcn_vec_jsonl *jsonl;
    write_batch batch;
    int failed;
};

static void lower(char *dst, size_t size, const char *s)
{
    size_t i;
    for (i = 0; s[i] && i + 1 < size; i++)
        dst[i] = (char)tolower((unsigned char)s[i]);
    dst[i] = 0;
}

static int disassembled(const gcn_vec_out *o, int gen)
{
    const char *list = o->opt.lit_no_disasm ? o->opt.lit_no_disasm : "";
    const char *mcpu = gcn_gen_mcpu(gen);
    size_t n = strlen(mcpu);
    const char *p = list;
    while ((p = strstr(p, mcpu)) != NULL) {
        if ((p == list || p[-1] == ',') && (p[n] == 0 || p[n] == ','))
            return 0;
        p += n;
    }
    return 1;
}

gcn_status gcn_vec_out_open(gcn_vec_out **out, const gcn_vec_out_options *opt, gcn_diag *diag)
{
    gcn_vec_out *o = calloc(1, sizeof(*o));
    gcn_status st;
    *out = NULL;
    if (!o) {
        gcn_diag_set(diag, opt->dir, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    o->opt = *opt;
    gcn_buf_init(&o->summary);
    o->jsonl = gcn_vec_jsonl_new(opt->spec);
    if (!o->jsonl) {
        gcn_diag_set(diag, opt->dir, 0, 0, "out of memory");
        free(o);
        return GCN_ERR_NOMEM;
    }
    st = gcn_make_dirs(opt->dir, diag);
    if (st == GCN_OK) {
        char *p = gcn_path_join(opt->dir, "jsonl");
        st = p ? gcn_make_dirs(p, diag) : GCN_ERR_NOMEM;
        free(p);
    }
    if (st == GCN_OK && opt->lit) {
        size_t i;
        for (i = 0; i < LIT_COUNT && st == GCN_OK; i++) {
            char *p = gcn_path_join(opt->dir, lit_dirs[i]);
            st = p ? gcn_make_dirs(p, diag) : GCN_ERR_NOMEM;
            free(p);
        }
    }
    if (st != GCN_OK) {
        gcn_buf_free(&o->summary);
        gcn_vec_jsonl_free(o->jsonl);
        free(o);
        return st;
    }
    *out = o;
    return GCN_OK;
}

/* ---- lit -------------------------------------------------------------------------------------
 */

static int lit_seen(lit_file *f, const char *line)
{
    size_t i, len, h = 1469598103934665603ull & (size_t)-1;
    char *copy;
    for (len = 0; line[len]; len++)
        h = (h ^ (unsigned char)line[len]) * (size_t)1099511628211ull;
    /* the repeats are near each other (a case and its canonicalizing twin): look back a little */
    for (i = f->nseen; i > 0 && i + 64 > f->nseen; i--)
        if (f->seen_hash[i - 1] == h && strcmp(f->seen[i - 1], line) == 0)
            return 1;
    if (f->nseen == f->capseen) {
        size_t ncap = f->capseen ? f->capseen * 2 : 1024;
        char **ns = realloc(f->seen, ncap * sizeof(*ns));
        size_t *nh;
        if (!ns)
            return 0;
        f->seen = ns;
        nh = realloc(f->seen_hash, ncap * sizeof(*nh));
        if (!nh)
            return 0;
        f->seen_hash = nh;
        f->capseen = ncap;
    }
    copy = malloc(len + 1);
    if (!copy)
        return 0;
    memcpy(copy, line, len + 1);
    f->seen_hash[f->nseen] = h;
    f->seen[f->nseen++] = copy;
    return 0;
}

static void lit_free(lit_file *f)
{
    size_t i;
    gcn_buf_free(&f->body);
    gcn_buf_free(&f->left);
    for (i = 0; i < f->nseen; i++)
        free(f->seen[i]);
    free(f->seen);
    free(f->seen_hash);
    f->seen = NULL;
    f->seen_hash = NULL;
    f->nseen = f->capseen = 0;
}

/* Why a vector is left out of a lit file: a known entry for one of the kinds the file's check
 * could fail with, or a peer the spec says lacks the instruction. Writes the reason. */
static int left_out(const gcn_vec_out *o, const gcn_vector *v, const char *const *kinds,
                    const gcn_spec_info *spec, char *why, size_t size)
{
    const cJSON *pl = gcn_spec_info_peer_lacks(spec, v->insn), *p;
    size_t k;
    if (v->tag != GCN_VTAG_MUST_REJECT)
        cJSON_ArrayForEach(p, pl)
        {
            const cJSON *peer = cJSON_GetObjectItemCaseSensitive(p, "peer");
            const cJSON *err = cJSON_GetObjectItemCaseSensitive(p, "erratum");
            if (cJSON_IsString(peer) && strncmp(peer->valuestring, "llvm", 4) == 0) {
                snprintf(why, size, "spec/gcn.json peer_lacks %s (%s)", peer->valuestring,
                         cJSON_IsString(err) ? err->valuestring : "?");
                return 1;
            }
        }
    for (k = 0; kinds[k]; k++) {
        gcn_known_view view;
        long e;
        memset(&view, 0, sizeof(view));
        view.kind = kinds[k];
        view.v = v;
        view.peer_ok = -1;
        e = gcn_known_match(o->opt.known, &view);
        if (e >= 0) {
            const gcn_known_entry *ke = gcn_known_get(o->opt.known, (size_t)e);
            snprintf(why, size, "%s %s (%s, %s)", ke->file, ke->id, ke->classification, kinds[k]);
            return 1;
        }
    }
    return 0;
}

/* The strings, up to a NULL, one after the other: the lit lines are plain concatenations, and
 * every vector writes some. */
static void puts_all(gcn_buf *b, const char *s, ...)
{
    va_list ap;
    va_start(ap, s);
    for (; s; s = va_arg(ap, const char *))
        gcn_buf_puts(b, s);
    va_end(ap);
}

static void lit_add(gcn_vec_out *o, enc_out *eo, const gcn_vector *v, const char *id)
{
    static const char *const asm_kinds[] = {"asm-rejects", "asm-bytes", "asm-text", NULL};
    static const char *const err_kinds[] = {"asm-accepts", NULL};
    static const char *const dis_kinds[] = {"dis-rejects", "dis-text", NULL};
    char hex[GCN_VEC_BYTES_MAX * 5 + 1], why[256];
    const char *text = v->canonical_asm[0] ? v->canonical_asm : v->asm_text;
    lit_file *f;
    if (v->asm_text[0] && v->tag != GCN_VTAG_MUST_REJECT) {
        const uint8_t *b = v->ncanonical_bytes ? v->canonical_bytes : v->bytes;
        size_t n = v->ncanonical_bytes ? v->ncanonical_bytes : v->nbytes;
        f = &eo->lit[LIT_ASM];
        if (!lit_seen(f, v->asm_text)) {
            if (left_out(o, v, asm_kinds, o->opt.spec, why, sizeof(why))) {
                gcn_buf_printf(&f->left, "// %s: %s\n//   %s\n", id, v->asm_text, why);
                f->left_out++;
            } else if (v->ncanonical_bytes) {
                /* the vector states the bytes, not the text they print as (an alias swizzle
                 * prints in another form): the mnemonic and the encoding are checked */
                size_t m = strcspn(v->asm_text, " ");
                puts_all(&f->body, v->asm_text, "\n// CHECK: ", NULL);
                gcn_buf_append(&f->body, v->asm_text, m);
                puts_all(&f->body, "{{.*}} ; encoding: [", gcn_hex_bytes(b, n, hex, sizeof(hex)),
                         "]\n", NULL);
                f->lines++;
            } else {
                puts_all(&f->body, v->asm_text, "\n// CHECK: ", text, " ; encoding: [",
                         gcn_hex_bytes(b, n, hex, sizeof(hex)), "]\n", NULL);
                f->lines++;
            }
        }
    }
    if (v->asm_text[0] && v->tag == GCN_VTAG_MUST_REJECT) {
        f = &eo->lit[LIT_ERR];
        if (!lit_seen(f, v->asm_text)) {
            if (left_out(o, v, err_kinds, o->opt.spec, why, sizeof(why))) {
                gcn_buf_printf(&f->left, "// %s: %s\n//   %s\n", id, v->asm_text, why);
                f->left_out++;
            } else {
                puts_all(&f->body, v->asm_text, "\n// CHECK: :[[@LINE-1]]:{{[0-9]+}}: error:\n",
                         NULL);
                f->lines++;
            }
        }
    }
    if (v->nbytes && v->tag != GCN_VTAG_MUST_REJECT && disassembled(o, v->gen)) {
        f = &eo->lit[LIT_DIS];
        gcn_hex_bytes(v->bytes, v->nbytes, hex, sizeof(hex));
        if (!lit_seen(f, hex)) {
            if (left_out(o, v, dis_kinds, o->opt.spec, why, sizeof(why))) {
                gcn_buf_printf(&f->left, "# %s: %s\n#   %s\n", id, hex, why);
                f->left_out++;
            } else if (v->tag == GCN_VTAG_EXACT) {
                puts_all(&f->body, "# CHECK: ", text, " ; encoding: [", hex, "]\n", hex, "\n",
                         NULL);
                f->lines++;
            } else {
                /* what an LLVM re-encodes non-canonical bytes to is its own business */
                puts_all(&f->body, "# CHECK: ", text, " ; encoding:\n", hex, "\n", NULL);
                f->lines++;
            }
        }
    }
}

/* "%s-%s-%06zu" of encoding, generation and sequence number, without printf (once a vector). */
static void vector_id(char *out, size_t size, const char *enc, const char *gen, size_t seq)
{
    char digits[24];
    size_t nd = 0, n = 0;
    const char *s;
    do {
        digits[nd++] = (char)('0' + seq % 10);
        seq /= 10;
    } while (seq);
    while (nd < 6)
        digits[nd++] = '0';
    for (s = enc; *s && n + 1 < size; s++)
        out[n++] = *s;
    if (n + 1 < size)
        out[n++] = '-';
    for (s = gen; *s && n + 1 < size; s++)
        out[n++] = *s;
    if (n + 1 < size)
        out[n++] = '-';
    while (nd && n + 1 < size)
        out[n++] = digits[--nd];
    out[n] = 0;
}

int gcn_vec_out_emit(const gcn_vector *v, void *ctx)
{
    gcn_vec_out *o = ctx;
    enc_out *eo;
    char id[64];
    if (v->gen >= GCN_MAX_GENS || v->encoding >= MAX_ENCS)
        return 1;
    eo = &o->e[v->gen][v->encoding];
    vector_id(id, sizeof(id), gcn_codec_tables()->encodings[v->encoding].name, gcn_gen_id(v->gen),
              ++eo->seq);
    if (gcn_vec_jsonl_append(o->jsonl, &eo->jsonl, v, id))
        return 1;
    eo->count++;
    eo->tags[v->tag]++;
    eo->errors[v->error_class]++;
    if (o->opt.lit)
        lit_add(o, eo, v, id);
    return eo->jsonl.oom;
}

static void batch_free_jobs(write_batch *b)
{
    size_t i;
    for (i = 0; i < b->n; i++)
        gcn_buf_free(&b->jobs[i].data);
    free(b->jobs);
    b->jobs = NULL;
    b->n = b->cap = 0;
}

/* Queues a file; takes data's contents (data is left empty). */
static gcn_status batch_add(write_batch *b, const char *rel, gcn_buf *data, int *written,
                            const char *dir, gcn_diag *diag)
{
    write_job *j;
    if (b->n == b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 32;
        write_job *nj = realloc(b->jobs, ncap * sizeof(*nj));
        if (!nj) {
            gcn_buf_free(data);
            gcn_diag_set(diag, dir, 0, 0, "out of memory");
            return GCN_ERR_NOMEM;
        }
        b->jobs = nj;
        b->cap = ncap;
    }
    j = &b->jobs[b->n++];
    j->rel = rel;
    j->data = *data;
    j->written = written;
    gcn_buf_init(data);
    return GCN_OK;
}

static void *batch_write(void *arg)
{
    write_batch *b = arg;
    size_t i;
    for (i = 0; i < b->n && b->st == GCN_OK; i++) {
        write_job *j = &b->jobs[i];
        char *p = gcn_path_join(b->dir, j->rel);
        if (!p) {
            gcn_diag_set(&b->diag, b->dir, 0, 0, "out of memory");
            b->st = GCN_ERR_NOMEM;
            break;
        }
        b->st = gcn_write_file_atomic(p, j->data.data ? j->data.data : "", j->data.len, &b->diag);
        free(p);
        if (j->written)
            *j->written = b->st == GCN_OK;
        gcn_buf_free(&j->data);
    }
    return NULL;
}

/* Waits for the batch in flight; its failure (diag set) or GCN_OK. */
static gcn_status batch_wait(gcn_vec_out *o, gcn_diag *diag)
{
    write_batch *b = &o->batch;
    gcn_status st;
    if (b->running) {
        pthread_join(b->thread, NULL);
        b->running = 0;
    }
    st = b->st;
    if (st != GCN_OK) {
        *diag = b->diag;
        o->failed = 1;
    }
    batch_free_jobs(b);
    b->st = GCN_OK;
    return st;
}

/* Writes the queued files: on a thread, or here when none can be started. */
static gcn_status batch_start(gcn_vec_out *o, gcn_diag *diag)
{
    write_batch *b = &o->batch;
    b->dir = o->opt.dir;
    b->st = GCN_OK;
    gcn_diag_clear(&b->diag);
    if (pthread_create(&b->thread, NULL, batch_write, b) == 0) {
        b->running = 1;
        return GCN_OK;
    }
    batch_write(b);
    return batch_wait(o, diag);
}

static gcn_status write_rel(gcn_vec_out *o, const char *rel, const char *data, size_t len,
                            gcn_diag *diag)
{
    char *p = gcn_path_join(o->opt.dir, rel);
    gcn_status st;
    if (!p) {
        gcn_diag_set(diag, o->opt.dir, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = gcn_write_file_atomic(p, data, len, diag);
    free(p);
    return st;
}

static gcn_status write_lit(gcn_vec_out *o, int gen, unsigned enc, int which, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    enc_out *eo = &o->e[gen][enc];
    lit_file *f = &eo->lit[which];
    const char *gfx = t->gens[gen].llvm, *mcpu = gcn_gen_mcpu(gen);
    const char *c = which == LIT_DIS ? "#" : "//";
    char lenc[16];
    gcn_buf b;
    if (!f->lines && !f->left_out)
        return GCN_OK;
    lower(lenc, sizeof(lenc), t->encodings[enc].name);
    snprintf(f->path, sizeof(f->path), "%s/gcnspec_%s_%s%s", lit_dirs[which], lenc, gfx,
             which == LIT_ERR   ? "_err.s"
             : which == LIT_DIS ? ".txt"
                                : ".s");
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "%s Generated by 'gcnspec vectors' from spec/gcn.json (sha256 %.16s), seed "
                   "0x%llx. Do not edit.\n",
                   c, gcn_spec_info_sha256(o->opt.spec), (unsigned long long)o->opt.seed);
    gcn_buf_printf(&b, "%s %s on %s (%s, -mcpu=%s): %s\n", c, t->encodings[enc].name,
                   t->gens[gen].name, gfx, mcpu,
                   which == LIT_ASM   ? "every exact, canonicalizes and alias text of the vectors"
                   : which == LIT_ERR ? "every text an assembler must reject"
                                      : "every exact, canonicalizes and alias byte list");
    if (f->left_out)
        gcn_buf_printf(&b,
                       "%s %zu vector%s LLVM is known to disagree with %s left out: listed at the "
                       "end with the entry that explains each.\n",
                       c, f->left_out, f->left_out == 1 ? "" : "s",
                       f->left_out == 1 ? "is" : "are");
    if (which == LIT_ASM)
        gcn_buf_printf(
            &b, "// RUN: llvm-mc -arch=amdgcn -mcpu=%s -show-encoding %%s | FileCheck %%s\n\n",
            mcpu);
    else if (which == LIT_ERR)
        gcn_buf_printf(&b,
                       "// RUN: not llvm-mc -arch=amdgcn -mcpu=%s -show-encoding %%s 2>&1 | "
                       "FileCheck %%s --implicit-check-not=error:\n\n",
                       mcpu);
    else
        gcn_buf_printf(&b,
                       "# RUN: llvm-mc -arch=amdgcn -mcpu=%s -disassemble -show-encoding %%s | "
                       "FileCheck %%s\n\n",
                       mcpu);
    if (f->body.len)
        gcn_buf_append(&b, f->body.data, f->body.len);
    if (f->left_out) {
        gcn_buf_printf(&b,
                       "\n%s Left out (known LLVM disagreements; 'gcnspec check' reports them "
                       "classified):\n",
                       c);
        gcn_buf_append(&b, f->left.data, f->left.len);
    }
    if (b.oom) {
        gcn_buf_free(&b);
        gcn_diag_set(diag, o->opt.dir, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    return batch_add(&o->batch, f->path, &b, NULL, o->opt.dir, diag);
}

gcn_status gcn_vec_out_flush(gcn_vec_out *o, int gen, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned enc;
    gcn_status st = batch_wait(o, diag); /* the previous generation's files */
    gcn_diag mine;
    if (st != GCN_OK)
        return st;
    gcn_diag_clear(&mine);
    for (enc = 0; enc < t->nencodings && enc < MAX_ENCS && st == GCN_OK; enc++) {
        enc_out *eo = &o->e[gen][enc];
        char lenc[16];
        int k;
        if (!eo->count)
            continue;
        if (eo->jsonl.oom) {
            gcn_diag_set(&mine, o->opt.dir, 0, 0, "out of memory");
            st = GCN_ERR_NOMEM;
            break;
        }
        lower(lenc, sizeof(lenc), t->encodings[enc].name);
        snprintf(eo->path, sizeof(eo->path), "jsonl/%s-%s.jsonl", lenc, gcn_gen_id(gen));
        st = batch_add(&o->batch, eo->path, &eo->jsonl, &eo->written, o->opt.dir, &mine);
        for (k = 0; k < LIT_COUNT; k++) {
            if (st == GCN_OK && o->opt.lit)
                st = write_lit(o, gen, enc, k, &mine);
            lit_free(&eo->lit[k]);
        }
        gcn_buf_printf(&o->summary,
                       "%-28s %7zu vectors: %zu exact, %zu canonicalizes, %zu alias, "
                       "%zu must-reject\n",
                       eo->path, eo->count, eo->tags[GCN_VTAG_EXACT],
                       eo->tags[GCN_VTAG_CANONICALIZES], eo->tags[GCN_VTAG_ALIAS],
                       eo->tags[GCN_VTAG_MUST_REJECT]);
    }
    if (st == GCN_OK)
        return batch_start(o, diag);
    /* the files listed before the failure are written first, as they were in turn: a failure
     * among them is the first one */
    o->batch.dir = o->opt.dir;
    o->batch.st = GCN_OK;
    gcn_diag_clear(&o->batch.diag);
    batch_write(&o->batch);
    {
        gcn_status wst = batch_wait(o, diag);
        if (wst != GCN_OK)
            st = wst;
        else
            *diag = mine;
    }
    o->failed = 1;
    return st;
}

gcn_status gcn_vec_out_wait(gcn_vec_out *o, gcn_diag *diag)
{
    return batch_wait(o, diag);
}

const char *gcn_vec_out_summary(const gcn_vec_out *o)
{
    return o->summary.data ? o->summary.data : "";
}

/* Files of ours (by name) in DIR/rel that this run did not write. */
static gcn_status remove_stale(gcn_vec_out *o, const char *rel, const char *prefix,
                               const char *suffix, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    char *dir = gcn_path_join(o->opt.dir, rel);
    DIR *d;
    struct dirent *de;
    if (!dir)
        return GCN_ERR_NOMEM;
    d = opendir(dir);
    if (!d) {
        free(dir);
        return GCN_OK;
    }
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name), gi, ei;
        char path[512];
        int ours = 0, k;
        if (n < strlen(prefix) + strlen(suffix) || strncmp(de->d_name, prefix, strlen(prefix)) ||
            strcmp(de->d_name + n - strlen(suffix), suffix))
            continue;
        snprintf(path, sizeof(path), "%s/%s", rel, de->d_name);
        for (gi = 0; gi < t->ngens && gi < GCN_MAX_GENS && !ours; gi++)
            for (ei = 0; ei < t->nencodings && ei < MAX_ENCS && !ours; ei++) {
                enc_out *eo = &o->e[gi][ei];
                ours = eo->written && strcmp(eo->path, path) == 0;
                for (k = 0; k < LIT_COUNT && !ours; k++)
                    ours = strcmp(eo->lit[k].path, path) == 0;
            }
        if (!ours) {
            char *full = gcn_path_join(dir, de->d_name);
            if (full && unlink(full) != 0) {
                gcn_diag_set(diag, full, 0, 0, "cannot remove a file of an earlier run");
                free(full);
                closedir(d);
                free(dir);
                return GCN_ERR_IO;
            }
            free(full);
        }
    }
    closedir(d);
    free(dir);
    return GCN_OK;
}

static const char lit_cfg[] =
    "# Generated by 'gcnspec vectors'. Runs the lit files here with LLVM's lit outside LLVM's\n"
    "# tree; the tools (llvm-mc, FileCheck, not) come from -Dllvm_bin=DIR, else from PATH:\n"
    "#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv -Dllvm_bin=/usr/lib/llvm-14/bin DIR\n"
    "# Inside LLVM's tree the files need nothing of this: drop MC/AMDGPU/*.s into\n"
    "# llvm/test/MC/AMDGPU and MC/Disassembler/AMDGPU/*.txt into "
    "llvm/test/MC/Disassembler/AMDGPU.\n"
    "import os\n"
    "import lit.formats\n"
    "\n"
    "config.name = 'gcnspec-vectors'\n"
    "config.test_format = lit.formats.ShTest(execute_external=True)\n"
    "config.suffixes = ['.s', '.txt']\n"
    "config.test_source_root = os.path.dirname(__file__)\n"
    "config.test_exec_root = config.test_source_root\n"
    "llvm_bin = lit_config.params.get('llvm_bin')\n"
    "if llvm_bin:\n"
    "    config.environment['PATH'] = os.pathsep.join([llvm_bin, os.environ.get('PATH', '')])\n"
    "else:\n"
    "    config.environment['PATH'] = os.environ.get('PATH', '')\n";

static cJSON *counts_json(const enc_out *eo)
{
    cJSON *o = cJSON_CreateObject(), *tags = cJSON_AddObjectToObject(o, "tags"), *errs;
    int k;
    cJSON_AddNumberToObject(o, "vectors", (double)eo->count);
    for (k = 0; k < GCN_VTAG_COUNT; k++)
        cJSON_AddNumberToObject(tags, gcn_vtag_name(k), (double)eo->tags[k]);
    errs = cJSON_AddObjectToObject(o, "error_classes");
    for (k = 1; k < GCN_VERR_COUNT; k++)
        if (eo->errors[k])
            cJSON_AddNumberToObject(errs, gcn_verr_name(k), (double)eo->errors[k]);
    return o;
}

static gcn_status write_index(gcn_vec_out *o, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    cJSON *root = cJSON_CreateObject(), *x, *files, *lits, *tot;
    enc_out total;
    char seed[32];
    unsigned g, e;
    int k;
    gcn_status st;
    char *text;
    memset(&total, 0, sizeof(total));
    cJSON_AddStringToObject(root, "schema", GCN_VECTORS_SCHEMA);
    cJSON_AddStringToObject(root, "generator", "gcnspec vectors");
    cJSON_AddStringToObject(root, "spec_sha256", gcn_spec_info_sha256(o->opt.spec));
    snprintf(seed, sizeof(seed), "0x%llx", (unsigned long long)o->opt.seed);
    cJSON_AddStringToObject(root, "seed", seed);
    cJSON_AddStringToObject(root, "schema_doc", "docs/vectors.md");
    x = cJSON_AddObjectToObject(root, "tags");
    for (k = 0; k < GCN_VTAG_COUNT; k++)
        cJSON_AddStringToObject(x, gcn_vtag_name(k), gcn_vtag_meaning(k));
    x = cJSON_AddObjectToObject(root, "error_classes");
    for (k = 1; k < GCN_VERR_COUNT; k++)
        cJSON_AddStringToObject(x, gcn_verr_name(k), gcn_verr_meaning(k));
    files = cJSON_AddArrayToObject(root, "files");
    lits = cJSON_AddArrayToObject(root, "lit");
    for (g = 0; g < t->ngens && g < GCN_MAX_GENS; g++)
        for (e = 0; e < t->nencodings && e < MAX_ENCS; e++) {
            enc_out *eo = &o->e[g][e];
            cJSON *f;
            if (!eo->written)
                continue;
            f = counts_json(eo);
            cJSON_AddItemToArray(files, f);
            cJSON_AddStringToObject(f, "path", eo->path);
            cJSON_AddStringToObject(f, "encoding", t->encodings[e].name);
            cJSON_AddStringToObject(f, "gen", gcn_gen_id((int)g));
            total.count += eo->count;
            for (k = 0; k < GCN_VTAG_COUNT; k++)
                total.tags[k] += eo->tags[k];
            for (k = 0; k < GCN_VERR_COUNT; k++)
                total.errors[k] += eo->errors[k];
            for (k = 0; k < LIT_COUNT; k++)
                if (eo->lit[k].path[0]) {
                    cJSON *l = cJSON_CreateObject();
                    cJSON_AddStringToObject(l, "path", eo->lit[k].path);
                    cJSON_AddNumberToObject(l, "checks", (double)eo->lit[k].lines);
                    cJSON_AddNumberToObject(l, "left_out", (double)eo->lit[k].left_out);
                    cJSON_AddItemToArray(lits, l);
                }
        }
    tot = counts_json(&total);
    cJSON_AddItemToObject(root, "totals", tot);
    text = gcn_json_print(root);
    cJSON_Delete(root);
    if (!text) {
        gcn_diag_set(diag, o->opt.dir, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = write_rel(o, "index.json", text, strlen(text), diag);
    free(text);
    return st;
}

gcn_status gcn_vec_out_close(gcn_vec_out *o, int ok, gcn_diag *diag)
{
    gcn_status st = GCN_OK;
    size_t g, e;
    int k;
    if (!o)
        return GCN_OK;
    {
        /* a failure of the caller's is the one reported */
        gcn_diag scratch;
        gcn_status wst = batch_wait(o, ok ? diag : &scratch);
        if (ok && wst != GCN_OK) {
            st = wst;
            ok = 0;
        }
    }
    if (ok && !o->failed) {
        st = write_index(o, diag);
        if (st == GCN_OK && o->opt.lit)
            st = write_rel(o, "lit/lit.cfg.py", lit_cfg, strlen(lit_cfg), diag);
        if (st == GCN_OK)
            st = remove_stale(o, "jsonl", "", ".jsonl", diag);
        for (k = 0; k < LIT_COUNT && st == GCN_OK; k++)
            st = remove_stale(o, lit_dirs[k], "gcnspec_", k == LIT_DIS ? ".txt" : ".s", diag);
    }
    for (g = 0; g < GCN_MAX_GENS; g++)
        for (e = 0; e < MAX_ENCS; e++) {
            gcn_buf_free(&o->e[g][e].jsonl);
            for (k = 0; k < LIT_COUNT; k++)
                lit_free(&o->e[g][e].lit[k]);
        }
    gcn_buf_free(&o->summary);
    gcn_vec_jsonl_free(o->jsonl);
    free(o);
    return st;
}
