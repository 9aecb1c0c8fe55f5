#define _POSIX_C_SOURCE 200809L
#include "adapter.h"

#include "gcnspec/oracle.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/vector.h"
#include <strings.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "util/buf.h"
#include "util/proc.h"
#include "vectors/llvm_mc.h"

struct gcn_adapter {
    char impl[512];
    char peer[64];
    char version[160];
    int cmd;
    int oracle;    /* gcnspec-oracle: the built-in oracle, semantic vectors only */
    char *path;    /* llvm-mc, or /bin/sh */
    char *command; /* cmd: */
    int dis_probed[GCN_MAX_GENS], dis_ok[GCN_MAX_GENS];
    char dis_why[GCN_MAX_GENS][160];
};

static char *dup_str(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d)
        strcpy(d, s);
    return d;
}

void gcn_adapter_close(gcn_adapter *a)
{
    if (!a)
        return;
    free(a->path);
    free(a->command);
    free(a);
}

const char *gcn_adapter_peer(const gcn_adapter *a)
{
    return a->peer;
}

const char *gcn_adapter_version(const gcn_adapter *a)
{
    return a->version;
}

int gcn_adapter_is_oracle(const gcn_adapter *a)
{
    return a->oracle;
}

int gcn_adapter_is_cmd(const gcn_adapter *a)
{
    return a->cmd;
}

const char *gcn_adapter_command(const gcn_adapter *a)
{
    return a->command;
}

const char *gcn_adapter_shell(const gcn_adapter *a)
{
    return a->path;
}

const char *gcn_adapter_impl(const gcn_adapter *a)
{
    return a->impl;
}

/* "Debian LLVM version 14.0.6" -> the line, and the major version */
static void llvm_version(gcn_adapter *a)
{
    char *argv[] = {a->path, "--version", NULL};
    gcn_proc_result r;
    const char *p;
    memset(&r, 0, sizeof(r));
    gcn_proc_run(a->path, argv, "", 0, 30, &r);
    p = r.out.data ? strstr(r.out.data, "LLVM version ") : NULL;
    if (p) {
        const char *ls = p, *le = strchr(p, '\n');
        int major = atoi(p + 13);
        while (ls > r.out.data && ls[-1] != '\n')
            ls--;
        while (*ls == ' ' || *ls == '\t')
            ls++;
        snprintf(a->version, sizeof(a->version), "%.*s", (int)(le ? (size_t)(le - ls) : strlen(ls)),
                 ls);
        if (major > 0)
            snprintf(a->peer, sizeof(a->peer), "llvm-mc-%d", major);
    }
    gcn_proc_result_free(&r);
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

gcn_status gcn_adapter_open(gcn_adapter **out, const char *impl, char *why, size_t why_size)
{
    gcn_adapter *a = calloc(1, sizeof(*a));
    *out = NULL;
    if (!a) {
        snprintf(why, why_size, "out of memory");
        return GCN_ERR_NOMEM;
    }
    gcn_vec_copy(a->impl, sizeof(a->impl), impl);
    if (strncmp(impl, "cmd:", 4) == 0) {
        const char *c = impl + 4;
        while (*c == ' ')
            c++;
        if (!*c) {
            snprintf(why, why_size, "'cmd:' needs a command (cmd:'tool --args')");
            gcn_adapter_close(a);
            return GCN_ERR_USAGE;
        }
        a->cmd = 1;
        a->command = dup_str(c);
        a->path = gcn_proc_find("/bin/sh");
        snprintf(a->peer, sizeof(a->peer), "cmd");
        snprintf(a->version, sizeof(a->version), "/bin/sh -c '%.140s'", c);
        if (!a->command || !a->path) {
            snprintf(why, why_size, "/bin/sh is not available");
            gcn_adapter_close(a);
            return GCN_ERR_PEER;
        }
        *out = a;
        return GCN_OK;
    }
    if (strcmp(impl, "gcnspec-oracle") == 0) {
        a->oracle = 1;
        snprintf(a->peer, sizeof(a->peer), "gcnspec-oracle");
        snprintf(a->version, sizeof(a->version), "gcnspec's oracle, in-process (spec %.16s)",
                 gcn_sem_spec_sha256());
        *out = a;
        return GCN_OK;
    }
    if (strcmp(impl, "llvm-mc") == 0) {
        int v;
        a->path = gcn_proc_find("llvm-mc");
        for (v = 40; !a->path && v >= 8; v--) {
            char name[32];
            snprintf(name, sizeof(name), "llvm-mc-%d", v);
            a->path = gcn_proc_find(name);
        }
    } else if (strncmp(impl, "llvm-mc-", 8) == 0 && all_digits(impl + 8)) {
        a->path = gcn_proc_find(impl);
    } else if (strncmp(impl, "llvm-mc:", 8) == 0 && impl[8]) {
        a->path = gcn_proc_find(impl + 8);
    } else {
        snprintf(why, why_size,
                 "unknown implementation '%.200s': llvm-mc, llvm-mc-N (llvm-mc-14, llvm-mc-19), "
                 "llvm-mc:PATH, gcnspec-oracle or cmd:'COMMAND'",
                 impl);
        gcn_adapter_close(a);
        return GCN_ERR_USAGE;
    }
    if (!a->path) {
        snprintf(why, why_size, "%.200s is not installed (not on PATH)", impl);
        gcn_adapter_close(a);
        return GCN_ERR_PEER;
    }
    snprintf(a->peer, sizeof(a->peer), "llvm-mc");
    snprintf(a->version, sizeof(a->version), "%.150s", a->path);
    llvm_version(a);
    *out = a;
    return GCN_OK;
}

int gcn_adapter_claims(gcn_adapter *a, gcn_check_mode mode, int gen, char *why, size_t why_size)
{
    char mcpu_arg[64], *argv[6];
    gcn_proc_result r;
    if (a->oracle) {
        snprintf(why, why_size,
                 "gcnspec-oracle runs semantic vectors only (the codec is checked against LLVM "
                 "by tests/peer)");
        return 0;
    }
    if (a->cmd || mode == GCN_MODE_ASM)
        return 1;
    if (gen < 0 || gen >= GCN_MAX_GENS)
        return 0;
    if (!a->dis_probed[gen]) {
        /* LLVM aborts ("Disassembly not yet supported for subtarget") where it cannot */
        a->dis_probed[gen] = 1;
        gcn_mc_argv(a->path, gen, 1, mcpu_arg, argv);
        {
            /* LLVM aborts there; without this it runs llvm-symbolizer on its own stack
             * (a third of a second per generation) */
            static char no_symbols[] = "LLVM_DISABLE_SYMBOLIZATION=1";
            char *env[] = {no_symbols, NULL};
            gcn_job j;
            memset(&j, 0, sizeof(j));
            j.path = a->path;
            j.argv = argv;
            j.env = env;
            j.in = "";
            j.timeout_s = 30;
            gcn_run_jobs(&j, 1, 1);
            r = j.r;
        }
        if (r.failure[0] || r.signal || r.exit_code != 0) {
            const char *e = r.err.data ? strstr(r.err.data, "LLVM ERROR: ") : NULL;
            char msg[512];
            snprintf(msg, sizeof(msg), "%.40s does not disassemble %.20s: %.100s", a->peer,
                     gcn_gen_mcpu(gen),
                     e              ? e + 12
                     : r.failure[0] ? r.failure
                                    : "it fails on empty input");
            gcn_vec_copy(a->dis_why[gen], sizeof(a->dis_why[gen]), msg);
            for (e = a->dis_why[gen]; *e && *e != '\n'; e++) {
            }
            a->dis_why[gen][e - a->dis_why[gen]] = 0;
        } else {
            a->dis_ok[gen] = 1;
        }
        gcn_proc_result_free(&r);
    }
    if (!a->dis_ok[gen])
        snprintf(why, why_size, "%s", a->dis_why[gen]);
    return a->dis_ok[gen];
}

/* ---- batches ---------------------------------------------------------------------------------
 */

void gcn_batch_free(gcn_batch *b)
{
    free(b->in);
    free(b->path);
    b->in = NULL;
    b->path = NULL;
}

gcn_status gcn_batch_prepare(gcn_batch *b, gcn_job *job, double timeout_s, char *why,
                             size_t why_size)
{
    gcn_adapter *a = b->a;
    const gcn_tables *t = gcn_codec_tables();
    gcn_buf in;
    size_t i;
    memset(job, 0, sizeof(*job));
    b->in = NULL;
    b->path = dup_str(a->path);
    if (!b->path) {
        snprintf(why, why_size, "out of memory");
        return GCN_ERR_NOMEM;
    }
    if (!a->cmd && b->mode == GCN_MODE_DIS) {
        b->in = gcn_mc_disassemble_plain_input(b->lines, b->n);
    } else {
        gcn_buf_init(&in);
        for (i = 0; i < b->n; i++) {
            gcn_buf_puts(&in, b->lines[i]);
            gcn_buf_putc(&in, '\n');
        }
        if (!in.data)
            gcn_buf_puts(&in, "");
        b->in = in.oom ? NULL : gcn_buf_take(&in);
        gcn_buf_free(&in);
    }
    if (!b->in) {
        snprintf(why, why_size, "out of memory");
        return GCN_ERR_NOMEM;
    }
    if (a->cmd) {
        b->argv_store[0] = b->path;
        b->argv_store[1] = "-c";
        b->argv_store[2] = a->command;
        b->argv_store[3] = NULL;
        snprintf(b->env_text[0], sizeof(b->env_text[0]), "GCNSPEC_MODE=%s",
                 b->mode == GCN_MODE_ASM ? "asm" : "disasm");
        snprintf(b->env_text[1], sizeof(b->env_text[1]), "GCNSPEC_GEN=%s", gcn_gen_id(b->gen));
        snprintf(b->env_text[2], sizeof(b->env_text[2]), "GCNSPEC_MCPU=%s", gcn_gen_mcpu(b->gen));
        snprintf(b->env_text[3], sizeof(b->env_text[3]), "GCNSPEC_GFX=%s", t->gens[b->gen].llvm);
        snprintf(b->env_text[4], sizeof(b->env_text[4]), "GCNSPEC_ENCODING=%s",
                 t->encodings[b->encoding].name);
        snprintf(b->env_text[5], sizeof(b->env_text[5]), "GCNSPEC_COUNT=%zu", b->n);
        for (i = 0; i < 6; i++)
            b->env_store[i] = b->env_text[i];
        b->env_store[6] = NULL;
        job->env = b->env_store;
    } else {
        gcn_mc_argv(b->path, b->gen, b->mode == GCN_MODE_DIS, b->mcpu_arg, b->argv_store);
    }
    job->path = b->path;
    job->argv = b->argv_store;
    job->in = b->in;
    job->in_len = strlen(b->in);
    job->timeout_s = timeout_s;
    job->capture_to_files = 1;
    return GCN_OK;
}

/* LLVM prints many words it cannot encode with a mark in the text instead of refusing them;
 * a mark counts as refusing (the text names no instruction the bytes encode). */
static const char *llvm_mark(const char *text)
{
    static const char *const marks[] = {"/*invalid immediate", "/*invalid register",
                                        "; warning:", NULL};
    size_t i, k, n = strlen(text);
    for (k = 0; marks[k]; k++) {
        size_t m = strlen(marks[k]);
        for (i = 0; i + m <= n; i++)
            if (strncasecmp(text + i, marks[k], m) == 0)
                return marks[k];
    }
    return NULL;
}

static void copy_trim(char *dst, size_t size, const char *s, size_t n)
{
    size_t o = 0;
    int blank = 0;
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    /* runs of blanks read as one: the protocol compares texts, not their spacing */
    for (; n && o + 1 < size; s++, n--) {
        if (*s == ' ' || *s == '\t') {
            blank = 1;
            continue;
        }
        if (blank)
            dst[o++] = ' ';
        blank = 0;
        if (o + 1 < size)
            dst[o++] = *s;
    }
    dst[o] = 0;
}

/* "0x01,0x02", "[0x01, 0x02]", "0x01 0x02" */
static size_t lenient_bytes(const char *s, uint8_t *out, size_t max)
{
    size_t n = 0;
    while (*s) {
        char *e;
        unsigned long v;
        while (*s == '[' || *s == ']' || *s == ',' || *s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || n == max)
            return 0;
        v = strtoul(s, &e, 16);
        if (e == s + 2 || v > 0xff)
            return 0;
        out[n++] = (uint8_t)v;
        s = e;
    }
    return n;
}

static void cmd_answer(const gcn_batch *b, const char *line, size_t len, gcn_answer *a)
{
    char text[512];
    copy_trim(text, sizeof(text), line, len);
    a->answered = 1;
    if (strncmp(text, "error", 5) == 0) {
        const char *m = text + 5;
        while (*m == ':' || *m == ' ')
            m++;
        gcn_vec_copy(a->message, sizeof(a->message), *m ? m : "error");
        return;
    }
    a->ok = 1;
    if (b->mode == GCN_MODE_DIS) {
        gcn_vec_copy(a->text, sizeof(a->text), text);
        return;
    }
    a->nbytes = lenient_bytes(text, a->bytes, sizeof(a->bytes));
    if (!a->nbytes)
        gcn_vec_copy(a->text, sizeof(a->text), text); /* not bytes: shown as the answer */
}

static void describe_exit(const gcn_job *job, char *out, size_t size)
{
    const char *err = job->r.err.data ? job->r.err.data : "";
    const char *nl;
    size_t n;
    while (*err == '\n')
        err++;
    nl = strchr(err, '\n');
    n = nl ? (size_t)(nl - err) : strlen(err);
    if (job->r.failure[0])
        snprintf(out, size, "%s", job->r.failure);
    else
        snprintf(out, size, "exited with status %d", job->r.exit_code);
    if (n) {
        size_t at = strlen(out);
        snprintf(out + at, size - at, "; stderr: %.*s", (int)(n < 160 ? n : 160), err);
    }
}

static gcn_status cmd_answers(gcn_batch *b, const gcn_job *job, gcn_answer *answers,
                              size_t *answered, int *unclaimed, char *why, size_t why_size)
{
    const char *p = job->r.out.data ? job->r.out.data : "", *end = p + job->r.out.len;
    size_t lines = 0, i;
    char exitwhy[256];
    *answered = 0;
    if (!job->r.failure[0] && !job->r.signal && job->r.exit_code == 77 && job->r.out.len == 0) {
        *unclaimed = 1;
        snprintf(why, why_size, "the tool declines %s on %s (exit status 77)",
                 b->mode == GCN_MODE_ASM ? "assembly" : "disassembly", gcn_gen_id(b->gen));
        return GCN_ERR_UNSUPPORTED;
    }
    for (i = 0; p + i < end; i++)
        lines += p[i] == '\n';
    if (job->r.out.len && end[-1] != '\n')
        lines++;
    describe_exit(job, exitwhy, sizeof(exitwhy));
    if (lines > b->n) {
        snprintf(why, why_size,
                 "cmd printed %zu lines for %zu inputs: the answers cannot be "
                 "matched to the lines (%s)",
                 lines, b->n, exitwhy);
        return GCN_ERR_PEER;
    }
    for (i = 0; i < lines; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        cmd_answer(b, p, len, &answers[i]);
        p = nl ? nl + 1 : end;
    }
    *answered = lines;
    if (lines < b->n) {
        snprintf(why, why_size, "cmd answered %zu of %zu lines (%s)", lines, b->n, exitwhy);
        return GCN_ERR_PEER;
    }
    if (job->r.failure[0] || job->r.signal || job->r.exit_code != 0) {
        snprintf(why, why_size, "cmd answered every line but %s", exitwhy);
        return GCN_ERR_PEER;
    }
    return GCN_OK;
}

gcn_status gcn_batch_answers(gcn_batch *b, const gcn_job *job, gcn_answer *answers,
                             size_t *answered, int *unclaimed, char *why, size_t why_size)
{
    gcn_mc_result *r;
    gcn_status st;
    size_t i;
    *answered = 0;
    *unclaimed = 0;
    memset(answers, 0, b->n * sizeof(*answers));
    if (b->a->cmd)
        return cmd_answers(b, job, answers, answered, unclaimed, why, why_size);
    if (job->r.failure[0] || job->r.signal) {
        char exitwhy[256];
        describe_exit(job, exitwhy, sizeof(exitwhy));
        snprintf(why, why_size, "%s %s", b->a->peer, exitwhy);
        return GCN_ERR_PEER;
    }
    r = calloc(b->n + 1, sizeof(*r));
    if (!r) {
        snprintf(why, why_size, "out of memory");
        return GCN_ERR_NOMEM;
    }
    if (b->mode == GCN_MODE_ASM) {
        st = gcn_mc_assemble_answers(b->a->peer, &job->r, b->lines, b->n, r, why, why_size);
    } else {
        st =
            gcn_mc_disassemble_plain_answers(b->a->peer, &job->r, b->lines, b->n, r, why, why_size);
        /* a line decoded as several instructions: again, with a marker after every line */
        if (st == GCN_ERR_PEER) {
            b->fallbacks++;
            st = gcn_mc_disassemble(b->a->path, b->gen, b->lines, b->n, r, why, why_size);
        }
    }
    if (st == GCN_OK) {
        for (i = 0; i < b->n; i++) {
            gcn_answer *a = &answers[i];
            const char *mark;
            a->answered = 1;
            a->ok = r[i].ok;
            gcn_vec_copy(a->text, sizeof(a->text), r[i].text);
            memcpy(a->bytes, r[i].bytes, r[i].nbytes);
            a->nbytes = r[i].nbytes;
            gcn_vec_copy(a->message, sizeof(a->message), r[i].message);
            if (b->mode == GCN_MODE_DIS && a->ok && (mark = llvm_mark(a->text)) != NULL) {
                a->ok = 0;
                snprintf(a->message, sizeof(a->message), "marked invalid: %.200s", a->text);
            }
        }
        *answered = b->n;
    }
    free(r);
    return st;
}
