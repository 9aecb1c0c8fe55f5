#include "llvm_mc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/proc.h"
#include "vectors/enc_cases.h"

char *gcn_mc_find(const char *peer)
{
    return gcn_proc_find(peer);
}

static void trim_copy(char *dst, size_t size, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

static size_t parse_bytes(const char *s, uint8_t *out, size_t max)
{
    size_t n = 0;
    while (*s && *s != ']' && n < max) {
        char *e;
        unsigned long v;
        while (*s == '[' || *s == ',' || *s == ' ')
            s++;
        v = strtoul(s, &e, 16);
        if (e == s)
            break;
        out[n++] = (uint8_t)v;
        s = e;
    }
    return n;
}

static void set_argv(char *path, const char *mcpu, int disassemble, char mcpu_arg[64],
                     char *argv[6])
{
    snprintf(mcpu_arg, 64, "-mcpu=%s", mcpu);
    argv[0] = path;
    argv[1] = "-arch=amdgcn";
    argv[2] = mcpu_arg;
    argv[3] = disassemble ? "-disassemble" : "-show-encoding";
    argv[4] = disassemble ? "-show-encoding" : NULL;
    argv[5] = NULL;
}

void gcn_mc_argv(char *path, int gen, int disassemble, char mcpu_arg[64], char *argv[6])
{
    set_argv(path, gcn_gen_mcpu(gen), disassemble, mcpu_arg, argv);
}

/* Runs the peer on lines, stdout and stderr captured. */
static gcn_status run_peer(const char *peer, const char *mcpu, int disassemble,
                           const char *const *lines, size_t n, gcn_proc_result *r, char *why,
                           size_t why_size)
{
    char *path = gcn_proc_find(peer), mcpu_arg[64];
    char *argv[6];
    gcn_buf in;
    size_t i;
    if (!path) {
        snprintf(why, why_size, "%s is not installed", peer);
        return GCN_ERR_PEER;
    }
    gcn_buf_init(&in);
    for (i = 0; i < n; i++) {
        gcn_buf_puts(&in, lines[i]);
        gcn_buf_putc(&in, '\n');
    }
    set_argv(path, mcpu, disassemble, mcpu_arg, argv);
    memset(r, 0, sizeof(*r));
    gcn_proc_run(path, argv, in.data ? in.data : "", in.len, 300, r);
    gcn_buf_free(&in);
    free(path);
    if (r->failure[0] || r->signal) {
        int sig = r->signal;
        snprintf(why, why_size, "%s: %.200s", peer,
                 r->failure[0] ? r->failure : "killed by a signal");
        gcn_proc_result_free(r);
        r->signal = sig; /* the caller may split the batch around a crash */
        return GCN_ERR_PEER;
    }
    return GCN_OK;
}

/* needle in the n bytes at s, or NULL. The peer's output is searched within known lengths
 * only: a strstr/strchr per line rescans the whole rest of the output under the sanitizers,
 * quadratic in the batch. */
static const char *span_find(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle), i;
    for (i = 0; k <= n && i <= n - k; i++)
        if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0)
            return s + i;
    return NULL;
}

/* The end of the line at p (its '\n' or end). */
static const char *line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl : end;
}

/* One diagnostic of the peer: "<stdin>:LINE:COL: error|warning: message". Returns 0 when the
 * line is not one. */
static int diagnostic(const char *p, size_t len, unsigned long *line, unsigned long *col,
                      int *warning, const char **msg, size_t *msg_len)
{
    const char *kind;
    char *e;
    if (len < 8 || strncmp(p, "<stdin>:", 8) != 0)
        return 0;
    *line = strtoul(p + 8, &e, 10);
    *col = *e == ':' ? strtoul(e + 1, NULL, 10) : 0;
    kind = span_find(p, len, ": error: ");
    if (!kind)
        kind = span_find(p, len, ": warning: ");
    if (!kind)
        return 0;
    *warning = kind[2] == 'w';
    *msg = kind[2] == 'w' ? kind + 11 : kind + 9;
    *msg_len = (size_t)(p + len - *msg);
    return 1;
}

/* The next "text ; encoding: [bytes]" line of the peer's stdout from *p (before end) on; 0 at
 * the end. */
static int next_encoding(const char **p, const char *end, char *text, size_t text_size,
                         uint8_t *bytes, size_t *nbytes)
{
    const char *ls = *p;
    while (ls < end) {
        const char *le = line_end(ls, end), *enc = span_find(ls, (size_t)(le - ls), "; encoding: ");
        if (enc) {
            char tmp[160];
            size_t n = (size_t)(le - enc - 12);
            trim_copy(text, text_size, ls, (size_t)(enc - ls));
            if (n >= sizeof(tmp))
                n = sizeof(tmp) - 1;
            memcpy(tmp, enc + 12, n);
            tmp[n] = 0;
            *nbytes = parse_bytes(tmp, bytes, 16);
            *p = le < end ? le + 1 : end;
            return 1;
        }
        ls = le < end ? le + 1 : end;
    }
    *p = end;
    return 0;
}

/* Assembly is line by line: diagnostics name their line, and every line without an error
 * produced one encoding, in order. */
gcn_status gcn_mc_assemble_answers(const char *peer, const gcn_proc_result *r,
                                   const char *const *lines, size_t n, gcn_mc_result *out,
                                   char *why, size_t why_size)
{
    const char *p, *err_end, *out_end;
    size_t i;
    unsigned char *errs = calloc(n + 2, 1);
    if (!errs) {
        snprintf(why, why_size, "out of memory");
        return GCN_ERR_NOMEM;
    }
    memset(out, 0, n * sizeof(*out));
    err_end = (r->err.data ? r->err.data : "") + r->err.len;
    out_end = (r->out.data ? r->out.data : "") + r->out.len;
    for (p = r->err.data ? r->err.data : ""; p < err_end;) {
        const char *nl = line_end(p, err_end), *msg;
        size_t len = (size_t)(nl - p), mlen;
        unsigned long ln, col;
        int warning;
        if (diagnostic(p, len, &ln, &col, &warning, &msg, &mlen) && ln >= 1 && ln <= n &&
            !out[ln - 1].message[0]) {
            out[ln - 1].warning = warning;
            errs[ln] = !warning;
            trim_copy(out[ln - 1].message, sizeof(out[ln - 1].message), msg, mlen);
        }
        p = nl + 1;
    }
    p = r->out.data ? r->out.data : "";
    for (i = 0; i < n; i++) {
        if (errs[i + 1])
            continue;
        if (!next_encoding(&p, out_end, out[i].text, sizeof(out[i].text), out[i].bytes,
                           &out[i].nbytes)) {
            snprintf(why, why_size, "%s: no output for line %zu (%s)", peer, i + 1, lines[i]);
            free(errs);
            return GCN_ERR_PEER;
        }
        out[i].ok = 1;
    }
    free(errs);
    return GCN_OK;
}

gcn_status gcn_mc_assemble(const char *peer, int gen, const char *const *lines, size_t n,
                           gcn_mc_result *out, char *why, size_t why_size)
{
    gcn_proc_result r;
    gcn_status st;
    memset(out, 0, n * sizeof(*out));
    st = run_peer(peer, gcn_gen_mcpu(gen), 0, lines, n, &r, why, why_size);
    if (st == GCN_ERR_PEER && r.signal) {
        /* the peer crashed on a line of the batch (llvm-mc-14 on 'v_madak_f32 v1, V9, v17,
         * 0x0'): the halves alone find it, and a line that crashes the peer on its own is
         * answered as a refusal that says so, so that one line does not stop the batch */
        size_t half = n / 2;
        if (n == 1) {
            snprintf(out[0].message, sizeof(out[0].message), "crashed (signal %d)", r.signal);
            out[0].crashed = r.signal;
            return GCN_OK;
        }
        st = gcn_mc_assemble(peer, gen, lines, half, out, why, why_size);
        if (st == GCN_OK)
            st = gcn_mc_assemble(peer, gen, lines + half, n - half, out + half, why, why_size);
        return st;
    }
    if (st != GCN_OK)
        return st;
    st = gcn_mc_assemble_answers(peer, &r, lines, n, out, why, why_size);
    gcn_proc_result_free(&r);
    return st;
}

/* Disassembly. llvm-mc reads its input as one byte stream, so an instruction could run across
 * a line end; each line is therefore given as a bundle ("[0x..,0x..]"), which it decodes on
 * its own and abandons at the first bytes it cannot decode. The printed encodings are its own
 * re-encodings (a literal holding an inline value comes back shorter), so they cannot say
 * where a line's answers end: a marker line, one of our own instructions the peer decodes,
 * goes after every line and its text separates the answers. */
/* The byte index within a line of the "0x.." token at column col (1-based). */
static size_t byte_at_column(const char *line, unsigned long col)
{
    size_t k = 0, i;
    for (i = 0; line[i] && i + 1 < col; i++)
        if (line[i] == '0' && (line[i + 1] == 'x' || line[i + 1] == 'X'))
            k++;
    return k;
}

typedef gcn_mc_marker marker;

static void hex_of(const uint8_t *b, size_t n, char *out, size_t size)
{
    size_t i;
    out[0] = 0;
    for (i = 0; i < n; i++) {
        size_t at = strlen(out);
        snprintf(out + at, size - at, "%s0x%02x", i ? "," : "", b[i]);
    }
}

typedef struct marker_search {
    const char *peer, *mcpu;
    const char *const *lines;
    size_t n, tried;
    marker *m;
    int found;
} marker_search;

static int line_is(const char *const *lines, size_t n, const char *hex)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(lines[i], hex) == 0)
            return 1;
    return 0;
}

/* A candidate: a case with a literal (an unusual value, so its text is unlike any answer to
 * the input), that the peer decodes alone as one instruction, and that is no input line. */
static int try_marker(const gcn_enc_case *c, void *ctx)
{
    marker_search *ms = ctx;
    uint8_t b[GCN_INST_MAX_BYTES];
    size_t nb = 0;
    char line[96], why[256];
    const char *one[1];
    gcn_proc_result r;
    gcn_inst in = c->inst;
    if (!in.has_literal || !c->canonical)
        return 0;
    in.literal = 0x5ad1ce5bu;
    if (gcn_encode(&in, b, sizeof(b), &nb) != GCN_OK)
        return 0;
    hex_of(b, nb, ms->m->hex, sizeof(ms->m->hex));
    if (line_is(ms->lines, ms->n, ms->m->hex))
        return 0;
    if (++ms->tried > 16)
        return 1;
    snprintf(line, sizeof(line), "[%s]", ms->m->hex);
    one[0] = line;
    if (run_peer(ms->peer, ms->mcpu, 1, one, 1, &r, why, sizeof(why)) != GCN_OK)
        return 1;
    {
        const char *p = r.out.data ? r.out.data : "", *end = p + r.out.len;
        uint8_t eb[16];
        size_t en;
        int ok = next_encoding(&p, end, ms->m->text, sizeof(ms->m->text), eb, &en) &&
                 !strstr(p, "; encoding: ") && !(r.err.data && strstr(r.err.data, "<stdin>"));
        gcn_proc_result_free(&r);
        if (ok)
            ms->found = 1;
        return ok;
    }
}

static gcn_status find_marker(const char *peer, int gen, const char *const *lines, size_t n,
                              marker *m, char *why, size_t why_size)
{
    marker_search ms;
    memset(&ms, 0, sizeof(ms));
    ms.peer = peer;
    ms.mcpu = gcn_gen_mcpu(gen);
    ms.lines = lines;
    ms.n = n;
    ms.m = m;
    gcn_enc_cases(gen, try_marker, &ms);
    if (!ms.found) {
        snprintf(why, why_size, "%s: no instruction of %s it decodes to mark the lines", peer,
                 gcn_gen_id(gen));
        return GCN_ERR_PEER;
    }
    return GCN_OK;
}

gcn_status gcn_mc_find_marker(const char *peer, int gen, const char *const *lines, size_t n,
                              gcn_mc_marker *m, char *why, size_t why_size)
{
    return find_marker(peer, gen, lines, n, m, why, why_size);
}

char *gcn_mc_disassemble_input(const gcn_mc_marker *m, const char *const *lines, size_t n)
{
    gcn_buf b;
    size_t i;
    gcn_buf_init(&b);
    for (i = 0; i < n; i++)
        gcn_buf_printf(&b, "[%s]\n[%s]\n", lines[i], m->hex);
    if (b.oom) {
        gcn_buf_free(&b);
        return NULL;
    }
    if (!b.data)
        gcn_buf_puts(&b, "");
    return gcn_buf_take(&b);
}

gcn_status gcn_mc_disassemble_answers(const char *peer, const gcn_mc_marker *m,
                                      const gcn_proc_result *r, const char *const *lines, size_t n,
                                      gcn_mc_result *out, char *why, size_t why_size)
{
    gcn_status st = GCN_OK;
    const char *p;
    size_t line = 0;
    /* complaints: the first one about a line's first byte means it was rejected */
    const char *err_end = (r->err.data ? r->err.data : "") + r->err.len;
    const char *out_end = (r->out.data ? r->out.data : "") + r->out.len;
    memset(out, 0, n * sizeof(*out));
    for (p = r->err.data ? r->err.data : ""; p < err_end;) {
        const char *nl = line_end(p, err_end), *msg;
        size_t len = (size_t)(nl - p), mlen;
        unsigned long ln, col;
        int warning;
        if (diagnostic(p, len, &ln, &col, &warning, &msg, &mlen) && ln >= 1 && ln <= 2 * n) {
            if (ln % 2 == 0) {
                snprintf(why, why_size, "%s: it rejects the marker %s at line %lu", peer, m->hex,
                         ln);
                return GCN_ERR_PEER;
            }
            if (!out[(ln - 1) / 2].message[0])
                trim_copy(out[(ln - 1) / 2].message, sizeof(out[0].message), msg, mlen);
            /* the line was given as "[bytes]": column 1 is the bracket */
            if (col <= 1 || byte_at_column(lines[(ln - 1) / 2], col - 1) == 0)
                out[(ln - 1) / 2].warning = 2; /* rejected at its first byte */
        }
        p = nl + 1;
    }
    /* answers: everything up to the next marker belongs to the line */
    for (p = r->out.data ? r->out.data : ""; st == GCN_OK && line < n;) {
        char text[256];
        uint8_t bytes[16];
        size_t nb, count = 0;
        gcn_mc_result *o = &out[line];
        while (next_encoding(&p, out_end, text, sizeof(text), bytes, &nb) &&
               strcmp(text, m->text) != 0) {
            if (count++ == 0) {
                memcpy(o->text, text, sizeof(text));
                memcpy(o->bytes, bytes, nb);
                o->nbytes = nb;
            }
        }
        if (o->warning == 2)
            o->ok = 0;
        else if (count == 1 && !o->message[0])
            o->ok = 1;
        else if (count == 0) {
            snprintf(why, why_size, "%s: no answer and no complaint for line %zu", peer, line + 1);
            st = GCN_ERR_PEER;
        } else
            /* decoded as an instruction shorter than the line, and the rest as more */
            snprintf(o->message, sizeof(o->message),
                     "decoded as %zu instructions (the first '%.100s')", count + !!o->message[0],
                     o->text);
        o->warning = 0;
        line++;
    }
    return st;
}

char *gcn_mc_disassemble_plain_input(const char *const *lines, size_t n)
{
    gcn_buf b;
    size_t i;
    gcn_buf_init(&b);
    for (i = 0; i < n; i++)
        gcn_buf_printf(&b, "[%s]\n", lines[i]);
    if (b.oom) {
        gcn_buf_free(&b);
        return NULL;
    }
    if (!b.data)
        gcn_buf_puts(&b, "");
    return gcn_buf_take(&b);
}

/* Without markers the answers are mapped by counting: a line refused at its first byte prints
 * nothing (the bundle is abandoned), any other line prints at least one instruction. When the
 * instructions printed are exactly one per line not refused, each line printed exactly one. */
gcn_status gcn_mc_disassemble_plain_answers(const char *peer, const gcn_proc_result *r,
                                            const char *const *lines, size_t n, gcn_mc_result *out,
                                            char *why, size_t why_size)
{
    const char *err_end = (r->err.data ? r->err.data : "") + r->err.len;
    const char *out_end = (r->out.data ? r->out.data : "") + r->out.len;
    const char *p;
    size_t i, expected = 0, printed = 0;
    memset(out, 0, n * sizeof(*out));
    for (p = r->err.data ? r->err.data : ""; p < err_end;) {
        const char *nl = line_end(p, err_end), *msg;
        size_t len = (size_t)(nl - p), mlen;
        unsigned long ln, col;
        int warning;
        if (diagnostic(p, len, &ln, &col, &warning, &msg, &mlen) && ln >= 1 && ln <= n) {
            if (!out[ln - 1].message[0])
                trim_copy(out[ln - 1].message, sizeof(out[0].message), msg, mlen);
            if (col <= 1 || byte_at_column(lines[ln - 1], col - 1) == 0)
                out[ln - 1].warning = 2;
        }
        p = nl + 1;
    }
    for (p = r->out.data ? r->out.data : ""; p < out_end;) {
        char text[256];
        uint8_t bytes[16];
        size_t nb;
        if (!next_encoding(&p, out_end, text, sizeof(text), bytes, &nb))
            break;
        printed++;
    }
    for (i = 0; i < n; i++)
        expected += out[i].warning != 2;
    if (printed != expected) {
        snprintf(why, why_size,
                 "%s: %zu instructions printed for %zu lines not refused: a line decoded as "
                 "more than one",
                 peer, printed, expected);
        return GCN_ERR_PEER;
    }
    p = r->out.data ? r->out.data : "";
    for (i = 0; i < n; i++) {
        gcn_mc_result *o = &out[i];
        if (o->warning == 2) {
            o->ok = 0;
        } else {
            next_encoding(&p, out_end, o->text, sizeof(o->text), o->bytes, &o->nbytes);
            /* a complaint about a later byte: the line decoded as a shorter instruction */
            o->ok = !o->message[0];
            if (o->message[0]) {
                char first[100];
                snprintf(first, sizeof(first), "%.90s", o->message);
                snprintf(o->message, sizeof(o->message),
                         "decoded as more than one instruction (the first '%.100s'): %.90s",
                         o->text, first);
            }
        }
        o->warning = 0;
    }
    return GCN_OK;
}

gcn_status gcn_mc_disassemble(const char *peer, int gen, const char *const *lines, size_t n,
                              gcn_mc_result *out, char *why, size_t why_size)
{
    marker m;
    char *in, *path, mcpu_arg[64], *argv[6];
    gcn_proc_result r;
    gcn_status st;
    memset(out, 0, n * sizeof(*out));
    st = find_marker(peer, gen, lines, n, &m, why, why_size);
    if (st != GCN_OK)
        return st;
    in = gcn_mc_disassemble_input(&m, lines, n);
    path = gcn_proc_find(peer);
    if (!in || !path) {
        snprintf(why, why_size, "%s", in ? "the peer is not installed" : "out of memory");
        free(in);
        free(path);
        return in ? GCN_ERR_PEER : GCN_ERR_NOMEM;
    }
    gcn_mc_argv(path, gen, 1, mcpu_arg, argv);
    memset(&r, 0, sizeof(r));
    gcn_proc_run(path, argv, in, strlen(in), 300, &r);
    free(in);
    free(path);
    if (r.failure[0] || r.signal) {
        snprintf(why, why_size, "%s: %.200s", peer,
                 r.failure[0] ? r.failure : "killed by a signal");
        gcn_proc_result_free(&r);
        return GCN_ERR_PEER;
    }
    st = gcn_mc_disassemble_answers(peer, &m, &r, lines, n, out, why, why_size);
    gcn_proc_result_free(&r);
    return st;
}
