#define _POSIX_C_SOURCE 200809L

#include "evidence_replay.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/json.h"
#include "util/proc.h"

/* Context shown around the first difference of a mismatch. */
#define EXCERPT_BYTES 160

struct evidence_run {
    evidence_run *next;
    char *key; /* peer, args and stdin, NUL-separated */
    size_t key_len;
    gcn_buf out, err;
    char failure[256]; /* non-empty when the peer could not be run to completion */
};

void evidence_checker_init(evidence_checker *c, FILE *report, unsigned timeout_s)
{
    memset(c, 0, sizeof(*c));
    c->report = report;
    c->timeout_s = timeout_s;
}

void evidence_checker_free(evidence_checker *c)
{
    evidence_run *r = c->cache;
    while (r) {
        evidence_run *next = r->next;
        free(r->key);
        gcn_buf_free(&r->out);
        gcn_buf_free(&r->err);
        free(r);
        r = next;
    }
    c->cache = NULL;
}

/* ---- the cmd line ------------------------------------------------------------------------- */

static void put_printf_format(gcn_buf *out, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\\')
            gcn_buf_puts(out, "\\\\");
        else if (ch == '\n')
            gcn_buf_puts(out, "\\n");
        else if (ch == '\t')
            gcn_buf_puts(out, "\\t");
        else if (ch == '%')
            gcn_buf_puts(out, "%%");
        else if (ch == '\'')
            gcn_buf_puts(out, "'\\''");
        else if (ch < 0x20 || ch == 0x7f)
            gcn_buf_printf(out, "\\%03o", ch);
        else
            gcn_buf_putc(out, (char)ch);
    }
}

static int is_safe_arg(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789=+,._:/@%-", *s))
            return 0;
    return 1;
}

static void put_shell_arg(gcn_buf *out, const char *s)
{
    if (is_safe_arg(s)) {
        gcn_buf_puts(out, s);
        return;
    }
    gcn_buf_putc(out, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            gcn_buf_puts(out, "'\\''");
        else
            gcn_buf_putc(out, *s);
    }
    gcn_buf_putc(out, '\'');
}

void evidence_cmd(gcn_buf *out, const char *peer, const char *const *args, size_t nargs,
                  const char *stdin_text)
{
    size_t i;
    gcn_buf_puts(out, "printf '");
    put_printf_format(out, stdin_text);
    gcn_buf_puts(out, "' | ");
    put_shell_arg(out, peer);
    for (i = 0; i < nargs; i++) {
        gcn_buf_putc(out, ' ');
        put_shell_arg(out, args[i]);
    }
}

/* ---- finding and running the peer ---------------------------------------------------------- */

char *evidence_find_peer(const char *peer)
{
    return gcn_proc_find(peer);
}

static void run_peer(evidence_run *r, const char *path, char *const *argv, const char *stdin_text,
                     unsigned timeout_s)
{
    gcn_proc_result res;
    memset(&res, 0, sizeof(res));
    gcn_proc_run(path, argv, stdin_text, strlen(stdin_text), timeout_s, &res);
    r->out = res.out;
    r->err = res.err;
    snprintf(r->failure, sizeof(r->failure), "%s", res.failure);
}

/* ---- checking one evidence object ---------------------------------------------------------- */

static const cJSON *member(const cJSON *obj, const char *key)
{
    const cJSON *c;
    for (c = obj->child; c; c = c->next)
        if (c->string && strcmp(c->string, key) == 0)
            return c;
    return NULL;
}

static int is_evidence(const cJSON *obj)
{
    static const char *const keys[] = {"peer", "args", "stdin", "stdout", "stderr"};
    size_t i;
    if (!cJSON_IsObject(obj))
        return 0;
    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
        if (!member(obj, keys[i]))
            return 0;
    return 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
report_at(evidence_checker *c, const gcn_json_doc *doc, const cJSON *node, const char *fmt, ...)
{
    unsigned line, col;
    va_list ap;
    gcn_json_where(doc, node, &line, &col);
    fprintf(c->report, "%s:%u:%u: ", doc->file, line, col);
    va_start(ap, fmt);
    vfprintf(c->report, fmt, ap);
    va_end(ap);
    fputc('\n', c->report);
    fflush(c->report);
}

static void put_escaped(gcn_buf *out, const char *s, size_t n)
{
    size_t i;
    gcn_buf_putc(out, '"');
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\n')
            gcn_buf_puts(out, "\\n");
        else if (ch == '\t')
            gcn_buf_puts(out, "\\t");
        else if (ch == '"' || ch == '\\')
            gcn_buf_printf(out, "\\%c", ch);
        else if (ch < 0x20 || ch == 0x7f)
            gcn_buf_printf(out, "\\x%02x", ch);
        else
            gcn_buf_putc(out, (char)ch);
    }
    gcn_buf_putc(out, '"');
}

/* `expected ... got ...`, both cut to the line of the first difference when long. */
static void describe_difference(gcn_buf *msg, const char *want, size_t want_len, const char *got,
                                size_t got_len)
{
    size_t i = 0, start = 0, line = 1;
    int cut = want_len > EXCERPT_BYTES || got_len > EXCERPT_BYTES;
    while (i < want_len && i < got_len && want[i] == got[i]) {
        if (want[i] == '\n') {
            start = i + 1;
            line++;
        }
        i++;
    }
    if (!cut)
        start = 0;
    gcn_buf_puts(msg, "expected ");
    if (start)
        gcn_buf_puts(msg, "...");
    put_escaped(msg, want + start,
                want_len - start > EXCERPT_BYTES ? EXCERPT_BYTES : want_len - start);
    if (want_len - start > EXCERPT_BYTES)
        gcn_buf_puts(msg, "...");
    gcn_buf_puts(msg, " got ");
    if (start)
        gcn_buf_puts(msg, "...");
    put_escaped(msg, got + start,
                got_len - start > EXCERPT_BYTES ? EXCERPT_BYTES : got_len - start);
    if (got_len - start > EXCERPT_BYTES)
        gcn_buf_puts(msg, "...");
    if (cut)
        gcn_buf_printf(msg, " (first difference on output line %zu)", line);
}

static evidence_run *cached_run(evidence_checker *c, const char *key, size_t key_len)
{
    evidence_run *r;
    for (r = c->cache; r; r = r->next)
        if (r->key_len == key_len && memcmp(r->key, key, key_len) == 0)
            return r;
    return NULL;
}

static evidence_run *get_run(evidence_checker *c, const char *path, const char *peer,
                             const char *const *args, size_t nargs, const char *stdin_text)
{
    gcn_buf key;
    evidence_run *r;
    char **argv;
    size_t i;

    gcn_buf_init(&key);
    gcn_buf_append(&key, peer, strlen(peer) + 1);
    for (i = 0; i < nargs; i++)
        gcn_buf_append(&key, args[i], strlen(args[i]) + 1);
    gcn_buf_putc(&key, '\x01');
    gcn_buf_append(&key, stdin_text, strlen(stdin_text) + 1);
    if (key.oom) {
        gcn_buf_free(&key);
        return NULL;
    }
    r = cached_run(c, key.data, key.len);
    if (r) {
        gcn_buf_free(&key);
        return r;
    }
    r = calloc(1, sizeof(*r));
    argv = calloc(nargs + 2, sizeof(*argv));
    if (!r || !argv) {
        free(r);
        free(argv);
        gcn_buf_free(&key);
        return NULL;
    }
    r->key_len = key.len;
    r->key = gcn_buf_take(&key);
    gcn_buf_init(&r->out);
    gcn_buf_init(&r->err);
    argv[0] = (char *)peer;
    for (i = 0; i < nargs; i++)
        argv[i + 1] = (char *)args[i];
    run_peer(r, path, argv, stdin_text, c->timeout_s);
    free(argv);
    c->runs++;
    r->next = c->cache;
    c->cache = r;
    return r;
}

static const char *buf_data(const gcn_buf *b)
{
    return b->data ? b->data : "";
}

static int compare_stream(evidence_checker *c, const gcn_json_doc *doc, const cJSON *node,
                          const char *cmd, const char *name, const gcn_buf *got)
{
    const char *want = node->valuestring;
    size_t want_len = strlen(want);
    gcn_buf msg;
    if (want_len == got->len && memcmp(want, buf_data(got), want_len) == 0)
        return 1;
    gcn_buf_init(&msg);
    describe_difference(&msg, want, want_len, buf_data(got), got->len);
    report_at(c, doc, node, "evidence for %s: %s differs: %s", cmd, name, buf_data(&msg));
    gcn_buf_free(&msg);
    return 0;
}

static void check_evidence(evidence_checker *c, const gcn_json_doc *doc, const cJSON *obj)
{
    static const char *const allowed[] = {"peer", "args", "stdin", "cmd", "stdout", "stderr", NULL};
    const char *peer = NULL, *stdin_text = NULL, *cmd = NULL, *text = NULL;
    const cJSON *args = NULL, *out_node, *err_node, *a;
    const char **argv = NULL;
    size_t nargs = 0, i = 0;
    gcn_buf want_cmd;
    evidence_run *run;
    char *path;
    gcn_diag diag;
    int ok = 1;

    gcn_diag_clear(&diag);
    if (gcn_json_only_keys(doc, obj, allowed, &diag) != GCN_OK ||
        gcn_json_str(doc, obj, "peer", 1, &peer, &diag) != GCN_OK ||
        gcn_json_arr(doc, obj, "args", 1, &args, &diag) != GCN_OK ||
        gcn_json_str(doc, obj, "stdin", 1, &stdin_text, &diag) != GCN_OK ||
        gcn_json_str(doc, obj, "cmd", 1, &cmd, &diag) != GCN_OK ||
        gcn_json_str(doc, obj, "stdout", 1, &text, &diag) != GCN_OK ||
        gcn_json_str(doc, obj, "stderr", 1, &text, &diag) != GCN_OK) {
        gcn_diag_print(&diag, c->report);
        c->failed++;
        return;
    }
    for (a = args->child; a; a = a->next) {
        if (!cJSON_IsString(a)) {
            report_at(c, doc, a, "evidence args must be strings");
            c->failed++;
            return;
        }
        nargs++;
    }
    argv = calloc(nargs + 1, sizeof(*argv));
    if (!argv) {
        report_at(c, doc, obj, "out of memory");
        c->failed++;
        return;
    }
    for (a = args->child; a; a = a->next)
        argv[i++] = a->valuestring;

    gcn_buf_init(&want_cmd);
    evidence_cmd(&want_cmd, peer, argv, nargs, stdin_text);
    if (strcmp(buf_data(&want_cmd), cmd) != 0) {
        report_at(c, doc, member(obj, "cmd"),
                  "evidence for %s: cmd does not match peer, args and stdin: expected %s", cmd,
                  buf_data(&want_cmd));
        ok = 0;
    }

    path = evidence_find_peer(peer);
    if (!path) {
        c->skipped++;
        if (!ok)
            c->failed++;
        gcn_buf_free(&want_cmd);
        free(argv);
        return;
    }
    run = get_run(c, path, peer, argv, nargs, stdin_text);
    out_node = member(obj, "stdout");
    err_node = member(obj, "stderr");
    if (!run) {
        report_at(c, doc, obj, "evidence for %s: out of memory", cmd);
        ok = 0;
    } else if (run->failure[0]) {
        report_at(c, doc, obj, "evidence for %s: %s", cmd, run->failure);
        ok = 0;
    } else {
        ok &= compare_stream(c, doc, out_node, cmd, "stdout", &run->out);
        ok &= compare_stream(c, doc, err_node, cmd, "stderr", &run->err);
    }
    c->checked++;
    if (!ok)
        c->failed++;
    free(path);
    gcn_buf_free(&want_cmd);
    free(argv);
}

static void walk(evidence_checker *c, const gcn_json_doc *doc, const cJSON *node)
{
    const cJSON *child;
    if (is_evidence(node)) {
        check_evidence(c, doc, node);
        return;
    }
    for (child = node->child; child; child = child->next)
        walk(c, doc, child);
}

gcn_status evidence_check_file(evidence_checker *c, const char *path, gcn_diag *diag)
{
    gcn_json_doc doc;
    gcn_status st = gcn_json_load(&doc, path, diag);
    if (st != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    walk(c, &doc, doc.root);
    gcn_json_free(&doc);
    return GCN_OK;
}
