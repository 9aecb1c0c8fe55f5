/* The checker's semantic half: runs an emulator over DIR/semantic/<enc>-<gen>.jsonl and
 * compares the final states (see check.h, docs/vectors.md "exec protocol"). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <cjson/cJSON.h>

#include "codec/codec_internal.h"
#include "gcnspec/oracle.h"
#include "util/diag_limit.h"
#include "util/file.h"
#include "util/json_syntax.h"
#include "vectors/check.h"
#include "vectors/runner.h"
#include "vectors/sem_vectors.h"

typedef struct sem_vec {
    unsigned line;
    cJSON *doc;           /* the parsed line */
    const cJSON *initial; /* objects inside doc */
    const cJSON *final;
    const cJSON *aw_final; /* as_written.final, NULL when none */
    const cJSON *outcomes; /* tag outcome-set: every allowed final state, NULL when none */
    const char *id, *asm_text, *erratum;
    int gen, enc;
} sem_vec;

typedef struct sem_ctx {
    const gcn_check_options *opt;
    gcn_impl_result *ir;
    gcn_adapter *a;
    gcn_wave_state *expect, *got, *aw;
    const char *file;
} sem_ctx;

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

static void logf_(const sem_ctx *c, unsigned line, const char *fmt, const char *a, const char *b)
{
    FILE *f = c->opt->log ? c->opt->log : stderr;
    char what[GCN_DIAG_MSG_MAX];
    if (snprintf(what, sizeof(what), fmt, a, b) < 0) /* a long message is cut short, not lost */
        what[0] = 0;
    if (line)
        gcn_diag_reportf(f, "%s:%u: %s: %s", c->file, line, c->ir->peer, what);
    else
        gcn_diag_reportf(f, "%s: %s: %s", c->file, c->ir->peer, what);
}

static void copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

static void tally(sem_ctx *c, const sem_vec *v, gcn_outcome o)
{
    c->ir->sem.checks++;
    c->ir->sem.n[o]++;
    if (v && v->gen >= 0 && v->enc >= 0 && v->enc < GCN_CHECK_MAX_ENCS) {
        c->ir->sem_by[v->gen][v->enc].checks++;
        c->ir->sem_by[v->gen][v->enc].n[o]++;
    }
}

static void mismatch(sem_ctx *c, const sem_vec *v, const char *kind, const char *expected,
                     const char *got)
{
    gcn_impl_result *ir = c->ir;
    gcn_mismatch *m;
    tally(c, v, GCN_OUT_UNEXPLAINED);
    ir->unexplained_total++;
    if (!ir->unexplained || ir->nunexplained >= GCN_CHECK_EXAMPLES)
        return;
    m = &ir->unexplained[ir->nunexplained++];
    memset(m, 0, sizeof(*m));
    copy(m->file, sizeof(m->file), c->file);
    m->line = v->line;
    copy(m->id, sizeof(m->id), v->id);
    copy(m->kind, sizeof(m->kind), kind);
    copy(m->tag, sizeof(m->tag), "exact");
    copy(m->cls, sizeof(m->cls), "semantic");
    copy(m->input, sizeof(m->input), v->asm_text);
    copy(m->expected, sizeof(m->expected), expected);
    copy(m->got, sizeof(m->got), got);
    m->gen = v->gen;
    m->encoding = v->enc;
    m->insn = -1;
}

/* Loads base with over applied into s; 0 with why on a bad state. */
static int load(sem_ctx *c, const sem_vec *v, const cJSON *over, gcn_wave_state *s, char *why,
                size_t size)
{
    cJSON *m = over ? gcn_sem_state_merge(v->initial, over) : cJSON_Duplicate(v->initial, 1);
    char *text = m ? cJSON_PrintUnformatted(m) : NULL;
    gcn_diag d;
    int ok;
    cJSON_Delete(m);
    if (!text) {
        snprintf(why, size, "out of memory");
        return 0;
    }
    gcn_diag_clear(&d);
    ok = gcn_state_from_json(s, v->gen, text, strlen(text), "state", &d) == GCN_OK;
    if (!ok)
        snprintf(why, size, "%.250s", d.msg);
    free(text);
    (void)c;
    return ok;
}

/* What differs between a and b, without the generation, as compact JSON ("" when nothing). */
static void state_diff(const gcn_wave_state *a, const gcn_wave_state *b, char *out, size_t size)
{
    char *t = gcn_state_to_json(a, b), *p;
    cJSON *o = t ? cJSON_Parse(t) : NULL;
    out[0] = 0;
    free(t);
    if (!o) {
        snprintf(out, size, "(out of memory)");
        return;
    }
    cJSON_DeleteItemFromObjectCaseSensitive(o, "generation");
    if (o->child && (p = cJSON_PrintUnformatted(o)) != NULL) {
        snprintf(out, size, "%s", p);
        free(p);
    }
    cJSON_Delete(o);
}

/* Judges one answer: a state object (full or what changed) or an error text. */
static void judge(sem_ctx *c, const sem_vec *v, const cJSON *answer, const char *error)
{
    char why[300], diff[300], want[200];
    if (!load(c, v, v->final, c->expect, why, sizeof(why))) {
        logf_(c, v->line, "%s%s", "the vector's final state: ", why);
        c->ir->bad_vectors++;
        return;
    }
    state_diff(c->expect, NULL, want, sizeof(want));
    if (error) {
        mismatch(c, v, "exec-rejects", "a final state", error);
        return;
    }
    if (!cJSON_IsObject(answer)) {
        mismatch(c, v, "exec-bad-answer", "a state object", "not a JSON object");
        return;
    }
    if (!load(c, v, answer, c->got, why, sizeof(why))) {
        mismatch(c, v, "exec-bad-answer", "a state object", why);
        return;
    }
    state_diff(c->got, c->expect, diff, sizeof(diff));
    if (!diff[0]) {
        tally(c, v, GCN_OUT_PASS);
        return;
    }
    if (v->outcomes) {
        /* lanes on one address: any order's result is allowed */
        const cJSON *alt;
        cJSON_ArrayForEach(alt, v->outcomes)
        {
            char d2[8];
            if (!cJSON_IsObject(alt) || !load(c, v, alt, c->aw, why, sizeof(why)))
                continue;
            state_diff(c->got, c->aw, d2, sizeof(d2));
            if (!d2[0]) {
                tally(c, v, GCN_OUT_PASS);
                return;
            }
        }
    }
    if (v->aw_final && load(c, v, v->aw_final, c->aw, why, sizeof(why))) {
        char d2[8];
        state_diff(c->got, c->aw, d2, sizeof(d2));
        if (!d2[0]) {
            tally(c, v, GCN_OUT_KNOWN); /* the documents as written, which an erratum corrects */
            return;
        }
    }
    {
        /* expected: what the vector's final state holds where the answer differs */
        char exp[200];
        state_diff(c->expect, c->got, exp, sizeof(exp));
        mismatch(c, v, "exec-state", exp, diff);
    }
}

/* ---- reading a vector file ---------------------------------------------------------------- */

static int read_vec(sem_ctx *c, const char *line, size_t len, unsigned lineno, sem_vec *v)
{
    const char *end = NULL, *why = NULL;
    const cJSON *x, *aw;
    const gcn_tables *t = gcn_codec_tables();
    unsigned k;
    size_t fault = 0;
    char msg[200];
    memset(v, 0, sizeof(*v));
    v->line = lineno;
    v->enc = -1;
    /* RFC 8259 first: cJSON takes invalid UTF-8 and leading zeros */
    if (!gcn_json_syntax_check(line, len, &fault, &why)) {
        snprintf(msg, sizeof(msg), "col %u: %s", (unsigned)fault + 1, why);
        logf_(c, lineno, "%s%s", "broken line: ", msg);
        return 0;
    }
    v->doc = cJSON_ParseWithLengthOpts(line, len, &end, 0);
    if (!v->doc || !cJSON_IsObject(v->doc)) {
        snprintf(msg, sizeof(msg), "col %u: not a JSON object",
                 (unsigned)((end && end >= line ? (size_t)(end - line) : 0) + 1));
        logf_(c, lineno, "%s%s", "broken line: ", msg);
        return 0;
    }
#define FIELD(name, test)                                                                          \
    x = cJSON_GetObjectItemCaseSensitive(v->doc, name);                                            \
    if (!(test)) {                                                                                 \
        logf_(c, lineno, "missing or mistyped field '%s'%s", name, "");                            \
        return 0;                                                                                  \
    }
    FIELD("kind", cJSON_IsString(x))
    if (strcmp(x->valuestring, "semantic") != 0) {
        logf_(c, lineno, "kind '%s'%s: a semantic vector file holds semantic vectors",
              x->valuestring, "");
        return 0;
    }
    FIELD("id", cJSON_IsString(x))
    v->id = x->valuestring;
    FIELD("gen", cJSON_IsString(x))
    if ((v->gen = gcn_gen_lookup(x->valuestring)) < 0) {
        logf_(c, lineno, "unknown generation '%s'%s", x->valuestring, "");
        return 0;
    }
    FIELD("asm", cJSON_IsString(x))
    v->asm_text = x->valuestring;
    FIELD("initial", cJSON_IsObject(x))
    v->initial = x;
    FIELD("final", cJSON_IsObject(x))
    v->final = x;
    x = cJSON_GetObjectItemCaseSensitive(v->doc, "encoding");
    for (k = 0; cJSON_IsString(x) && k < t->nencodings; k++)
        if (strcmp(t->encodings[k].name, x->valuestring) == 0)
            v->enc = (int)k;
    x = cJSON_GetObjectItemCaseSensitive(v->doc, "outcomes");
    v->outcomes = cJSON_IsArray(x) ? x : NULL;
    aw = cJSON_GetObjectItemCaseSensitive(v->doc, "as_written");
    x = aw ? cJSON_GetObjectItemCaseSensitive(aw, "final") : NULL;
    v->aw_final = cJSON_IsObject(x) ? x : NULL;
#undef FIELD
    return 1;
}

/* ---- implementations ---------------------------------------------------------------------- */

static void run_oracle(sem_ctx *c, sem_vec *vs, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        sem_vec *v = &vs[i];
        char why[300], *text;
        gcn_inst in;
        gcn_diag d;
        gcn_exec_options o;
        cJSON *ans;
        if (!load(c, v, NULL, c->got, why, sizeof(why))) {
            logf_(c, v->line, "%s%s", "the vector's initial state: ", why);
            c->ir->bad_vectors++;
            continue;
        }
        gcn_diag_clear(&d);
        if (gcn_parse(v->gen, v->asm_text, &in, &d) != GCN_OK) {
            judge(c, v, NULL, d.msg);
            continue;
        }
        memset(&o, 0, sizeof(o));
        o.variant = GCN_AS_CORRECTED;
        memcpy(c->aw, c->got, sizeof(*c->aw));
        if (gcn_exec_inst(c->got, &in, &o, &d) != GCN_OK) {
            judge(c, v, NULL, d.msg);
            continue;
        }
        text = gcn_state_to_json(c->got, c->aw);
        ans = text ? cJSON_Parse(text) : NULL;
        free(text);
        judge(c, v, ans, ans ? NULL : "out of memory");
        cJSON_Delete(ans);
    }
}

/* One process over vs[0..n): returns how many vectors it settled (answered, plus the one it
 * died, hung or stopped on, which counts as not answered); n when it answered them all. */
static size_t run_cmd_once(sem_ctx *c, sem_vec *vs, size_t n, int gen, const char *enc)
{
    const gcn_tables *t = gcn_codec_tables();
    gcn_buf in;
    gcn_job job;
    char *argv[4], env_text[5][96], *env[6];
    size_t i, answered = 0;
    const char *p, *line_end;
    char why[300];
    gcn_buf_init(&in);
    for (i = 0; i < n; i++) {
        cJSON *req = cJSON_CreateObject();
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(vs[i].doc, "bytes");
        char *s;
        cJSON_AddStringToObject(req, "id", vs[i].id);
        cJSON_AddStringToObject(req, "gen", gcn_gen_id(vs[i].gen));
        cJSON_AddStringToObject(req, "asm", vs[i].asm_text);
        if (cJSON_IsString(b))
            cJSON_AddStringToObject(req, "bytes", b->valuestring);
        cJSON_AddItemToObject(req, "state", cJSON_Duplicate(vs[i].initial, 1));
        s = cJSON_PrintUnformatted(req);
        cJSON_Delete(req);
        if (s) {
            gcn_buf_append(&in, s, strlen(s));
            gcn_buf_append(&in, "\n", 1);
        }
        free(s);
    }
    memset(&job, 0, sizeof(job));
    argv[0] = (char *)"sh";
    argv[1] = (char *)"-c";
    argv[2] = (char *)gcn_adapter_command(c->a);
    argv[3] = NULL;
    snprintf(env_text[0], sizeof(env_text[0]), "GCNSPEC_MODE=exec");
    snprintf(env_text[1], sizeof(env_text[1]), "GCNSPEC_GEN=%s", gcn_gen_id(gen));
    snprintf(env_text[2], sizeof(env_text[2]), "GCNSPEC_MCPU=%s", gcn_gen_mcpu(gen));
    snprintf(env_text[3], sizeof(env_text[3]), "GCNSPEC_GFX=%s", t->gens[gen].llvm);
    snprintf(env_text[4], sizeof(env_text[4]), "GCNSPEC_ENCODING=%s", enc);
    for (i = 0; i < 5; i++)
        env[i] = env_text[i];
    env[5] = NULL;
    job.path = gcn_adapter_shell(c->a);
    job.argv = argv;
    job.env = env;
    job.in = in.data ? in.data : "";
    job.in_len = in.len;
    job.timeout_s = c->opt->timeout_base_s + c->opt->timeout_per_vector_s * (double)n;
    job.capture_to_files = 1;
    gcn_run_jobs(&job, 1, 1);
    gcn_buf_free(&in);
    if (!job.r.failure[0] && !job.r.signal && !job.r.timed_out && job.r.exit_code == 77) {
        snprintf(c->ir->sem_not_claimed, sizeof(c->ir->sem_not_claimed),
                 "the command exits 77 in GCNSPEC_MODE=exec (it is no emulator)");
        for (i = 0; i < n; i++)
            tally(c, &vs[i], GCN_OUT_NOT_CLAIMED);
        gcn_proc_result_free(&job.r);
        return n;
    }
    /* one answer line per vector, in order */
    p = job.r.out.data ? job.r.out.data : "";
    for (i = 0; i < n && *p; i++) {
        size_t len;
        line_end = strchr(p, '\n');
        if (!line_end) {
            if (job.r.exit_code == 0 && !job.r.signal && !job.r.timed_out)
                line_end = p + strlen(p);
            else
                break; /* a line cut off by the end of the process */
        }
        len = (size_t)(line_end - p);
        if (len >= 6 && strncmp(p, "error:", 6) == 0) {
            char msg[256];
            snprintf(msg, sizeof(msg), "%.*s", (int)(len < 250 ? len : 250), p);
            judge(c, &vs[i], NULL, msg);
        } else {
            cJSON *ans = cJSON_ParseWithLength(p, len);
            if (!ans)
                mismatch(c, &vs[i], "exec-bad-answer", "a state object", "not JSON");
            else
                judge(c, &vs[i], ans, NULL);
            cJSON_Delete(ans);
        }
        answered++;
        p = *line_end ? line_end + 1 : line_end;
    }
    if (answered < n || job.r.failure[0] || job.r.signal || job.r.timed_out ||
        job.r.exit_code != 0) {
        if (job.r.timed_out)
            snprintf(why, sizeof(why), "timed out after %.1f s (%.1f s + %.2f s per vector)",
                     job.timeout_s, c->opt->timeout_base_s, c->opt->timeout_per_vector_s);
        else if (job.r.signal)
            snprintf(why, sizeof(why), "killed by signal %d", job.r.signal);
        else if (job.r.failure[0])
            snprintf(why, sizeof(why), "%s", job.r.failure);
        else if (job.r.exit_code != 0)
            snprintf(why, sizeof(why), "exit status %d", job.r.exit_code);
        else
            snprintf(why, sizeof(why), "answered %zu of %zu lines", answered, n);
        logf_(c, answered < n ? vs[answered].line : vs[n - 1].line, "the command failed: %s; %s",
              why,
              answered < n ? "no answer for this vector; the rest of the file goes to a new "
                             "process"
                           : "every vector was answered");
        c->ir->sem_adapter_errors++;
        if (answered < n) {
            mismatch(c, &vs[answered], "no-answer", "a final state", why);
            answered++;
        }
    }
    gcn_proc_result_free(&job.r);
    return answered < n ? answered : n;
}

#define MAX_RESTARTS 16 /* processes per file after a failure; then the rest has no answer */

static void run_cmd(sem_ctx *c, sem_vec *vs, size_t n, int gen, const char *enc)
{
    size_t done = 0, restarts = 0, i;
    while (done < n && restarts <= MAX_RESTARTS) {
        size_t before = c->ir->sem_adapter_errors;
        done += run_cmd_once(c, vs + done, n - done, gen, enc);
        restarts += c->ir->sem_adapter_errors != before;
    }
    if (done < n) {
        logf_(c, vs[done].line, "%s%s", "the command failed too often: the rest of the file ",
              "has no answer");
        for (i = done; i < n; i++)
            mismatch(c, &vs[i], "no-answer", "a final state", "the command failed too often");
    }
}

/* --gen and --encoding */
static int selected(const sem_ctx *c, const sem_vec *v)
{
    if (c->opt->gens && !((c->opt->gens >> v->gen) & 1))
        return 0;
    if (c->opt->encs && v->enc >= 0 && !((c->opt->encs >> v->enc) & 1))
        return 0;
    return 1;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_file(sem_ctx *c, const char *path, const char *name)
{
    char *data = NULL, *p;
    size_t len = 0, n = 0, cap = 0, i;
    unsigned lineno = 0;
    sem_vec *vs = NULL;
    gcn_diag d;
    int gen = -1;
    const char *enc = "";
    c->file = path;
    gcn_diag_clear(&d);
    if (gcn_read_file(path, &data, &len, &d) != GCN_OK) {
        logf_(c, 0, "%s%s", "cannot read: ", d.msg);
        c->ir->bad_vectors++;
        return;
    }
    c->ir->sem_files++;
    if (!gcn_adapter_is_oracle(c->a) && !gcn_adapter_is_cmd(c->a)) {
        /* not an emulator: the lines are counted, not read */
        for (p = data; p < data + len; p++)
            if (*p == '\n' && (p == data || p[-1] != '\n')) {
                tally(c, NULL, GCN_OUT_NOT_CLAIMED);
                c->ir->sem_vectors++;
            }
        free(data);
        return;
    }
    for (p = data; p < data + len;) {
        char *e = memchr(p, '\n', (size_t)(data + len - p));
        size_t l = e ? (size_t)(e - p) : (size_t)(data + len - p);
        lineno++;
        if (l) {
            if (n == cap) {
                sem_vec *nv = realloc(vs, (cap = cap ? cap * 2 : 256) * sizeof(*vs));
                if (!nv)
                    break;
                vs = nv;
            }
            if (read_vec(c, p, l, lineno, &vs[n])) {
                const cJSON *x = cJSON_GetObjectItemCaseSensitive(vs[n].doc, "encoding");
                if (selected(c, &vs[n]) == 0) {
                    cJSON_Delete(vs[n].doc);
                } else if (gen >= 0 && vs[n].gen != gen) {
                    logf_(c, lineno, "generation %s in a file of %s", gcn_gen_id(vs[n].gen),
                          gcn_gen_id(gen));
                    c->ir->bad_vectors++;
                    cJSON_Delete(vs[n].doc);
                } else {
                    if (gen < 0) {
                        gen = vs[n].gen;
                        enc = cJSON_IsString(x) ? x->valuestring : "";
                    }
                    n++;
                }
            } else {
                c->ir->bad_vectors++;
                cJSON_Delete(vs[n].doc);
            }
        }
        p += l + 1;
    }
    c->ir->sem_vectors += n;
    if (n) {
        if (gcn_adapter_is_oracle(c->a))
            run_oracle(c, vs, n);
        else if (gcn_adapter_is_cmd(c->a))
            run_cmd(c, vs, n, gen, enc);
        else
            for (i = 0; i < n; i++)
                tally(c, &vs[i], GCN_OUT_NOT_CLAIMED);
    }
    (void)name;
    for (i = 0; i < n; i++)
        cJSON_Delete(vs[i].doc);
    free(vs);
    free(data);
}

void gcn_sem_check(const gcn_check_options *opt, gcn_impl_result *ir, gcn_adapter *a)
{
    sem_ctx c;
    char *sdir, *names[64];
    size_t n = 0, i;
    DIR *d;
    struct dirent *e;
    double t0 = now_s();
    memset(&c, 0, sizeof(c));
    c.opt = opt;
    c.ir = ir;
    c.a = a;
    sdir = gcn_path_join(opt->dir, "semantic");
    if (!sdir || !(d = opendir(sdir))) {
        free(sdir);
        return;
    }
    while ((e = readdir(d)) != NULL && n < 64) {
        size_t l = strlen(e->d_name);
        if (l > 6 && strcmp(e->d_name + l - 6, ".jsonl") == 0)
            names[n++] = gcn_path_join(sdir, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(names[0]), cmp_name);
    if (!gcn_adapter_is_oracle(a) && !gcn_adapter_is_cmd(a))
        snprintf(ir->sem_not_claimed, sizeof(ir->sem_not_claimed),
                 "%s is an assembler and disassembler, not an emulator", ir->peer);
    c.expect = malloc(sizeof(*c.expect));
    c.got = malloc(sizeof(*c.got));
    c.aw = malloc(sizeof(*c.aw));
    for (i = 0; i < n; i++) {
        if (names[i] && c.expect && c.got && c.aw)
            check_file(&c, names[i], names[i]);
        free(names[i]);
    }
    free(c.expect);
    free(c.got);
    free(c.aw);
    free(sdir);
    ir->sem_seconds = now_s() - t0;
}
