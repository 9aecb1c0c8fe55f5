#include "triage.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

const char *fuzz_class_name(fuzz_class c)
{
    static const char *const names[] = {
#define FUZZ_CLASS_NAME(e, name, meaning) name,
        FUZZ_CLASS_LIST(FUZZ_CLASS_NAME)
#undef FUZZ_CLASS_NAME
    };
    return c < FUZZ_CLASS_COUNT ? names[c] : "?";
}

const char *fuzz_class_meaning(fuzz_class c)
{
    static const char *const meanings[] = {
#define FUZZ_CLASS_MEANING(e, name, meaning) meaning,
        FUZZ_CLASS_LIST(FUZZ_CLASS_MEANING)
#undef FUZZ_CLASS_MEANING
    };
    return c < FUZZ_CLASS_COUNT ? meanings[c] : "?";
}

/* ---- reading a log ------------------------------------------------------------------------ */

/* snprintf where cutting is intended (signatures and titles are bounded on purpose). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
cut_printf(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, size, fmt, ap);
    va_end(ap);
}

static void copy_span(char *dst, size_t size, const char *s, size_t n)
{
    if (!size)
        return;
    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

static const char *line_end(const char *p)
{
    const char *e = strchr(p, '\n');
    return e ? e : p + strlen(p);
}

/* Frames of the runtimes and of the harness' reporting, never a defect's place. */
static int skipped_frame(const char *fn)
{
    static const char *const prefixes[] = {"__asan",
                                           "__sanitizer",
                                           "__ubsan",
                                           "__lsan",
                                           "__interceptor_",
                                           "__interception",
                                           "fuzzer::",
                                           "__libc_",
                                           "__GI_",
                                           "_start",
                                           "LLVMFuzzerRunDriver",
                                           "fuzz_finding",
                                           "__pthread_kill",
                                           "pthread_kill",
                                           "gsignal",
                                           "abort",
                                           "raise",
                                           "__assert",
                                           "malloc",
                                           "calloc",
                                           "realloc",
                                           "free",
                                           "operator new",
                                           "__cxa_",
                                           "_Unwind",
                                           "___interceptor_",
                                           NULL};
    /* the C library's string and memory functions the sanitizers intercept: the defect is in
     * their caller, and a signature that starts there stays the same whichever one it called */
    static const char *const libc[] = {
        "strlen",   "strnlen", "strcmp",        "strncmp",   "strcasecmp", "strchr",
        "strrchr",  "strstr",  "strcpy",        "strncpy",   "strcat",     "strncat",
        "strdup",   "strndup", "strspn",        "strcspn",   "strtol",     "strtoul",
        "strtoull", "strtod",  "memcpy",        "memmove",   "memset",     "memcmp",
        "memchr",   "bcmp",    "printf_common", "vsnprintf", "snprintf",   NULL};
    size_t k;
    for (k = 0; prefixes[k]; k++)
        if (strncmp(fn, prefixes[k], strlen(prefixes[k])) == 0)
            return 1;
    for (k = 0; libc[k]; k++)
        if (strcmp(fn, libc[k]) == 0)
            return 1;
    return 0;
}

/* "    #3 0x55d5c7a3 in fn /path/file.c:12:9" or "... in fn (/lib/libLLVM-14.so.1+0x1234)" */
static int read_frame(const char *p, const char *end, char *fn, size_t fn_size, char *where,
                      size_t where_size)
{
    const char *in, *sp;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= end || *p != '#' || !isdigit((unsigned char)p[1]))
        return 0;
    in = strstr(p, " in ");
    if (!in || in >= end)
        return 0;
    in += 4;
    for (sp = in; sp < end && *sp != ' '; sp++)
        ;
    copy_span(fn, fn_size, in, (size_t)(sp - in));
    while (sp < end && *sp == ' ')
        sp++;
    copy_span(where, where_size, sp, (size_t)(end - sp));
    return 1;
}

static void fold_digits(char *s)
{
    char *w = s;
    const char *r = s;
    while (*r) {
        if (isdigit((unsigned char)*r)) {
            *w++ = 'N';
            while (isalnum((unsigned char)*r) || *r == 'x')
                r++;
            continue;
        }
        *w++ = *r++;
    }
    *w = 0;
}

/* A runtime error's text as a signature word: what quotes hold (type names) dropped, blanks
 * turned into '-' ("shift-exponent-N-is-too-large-for-N-bit-type-''"). */
static void slug(char *s)
{
    char *w = s;
    const char *r = s;
    int quoted = 0;
    while (*r) {
        char ch = *r++;
        if (ch == '\'') {
            quoted = !quoted;
            *w++ = ch;
        } else if (!quoted)
            *w++ = ch == ' ' || ch == '\t' ? '-' : ch;
    }
    *w = 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The first stack after `from`: its kept frames, and whether the top kept one is LLVM's. */
static void read_stack(const char *from, fuzz_crash *c)
{
    const char *p = from;
    int started = 0;
    c->nframes = 0;
    while (*p) {
        const char *end = line_end(p);
        char fn[160], where[256];
        if (read_frame(p, end, fn, sizeof(fn), where, sizeof(where))) {
            started = 1;
            if (!skipped_frame(fn) && c->nframes < FUZZ_MAX_FRAMES) {
                if (!c->nframes) {
                    c->in_llvm = strstr(where, "libLLVM") != NULL ||
                                 strncmp(fn, "llvm::", 6) == 0 || strncmp(fn, "LLVM", 4) == 0;
                    if (!c->location[0])
                        copy_span(c->location, sizeof(c->location), where, strlen(where));
                }
                snprintf(c->frames[c->nframes++], sizeof(c->frames[0]), "%s", fn);
            }
        } else if (started && end > p) {
            const char *q = p;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (q == end) /* a blank line ends the stack */
                break;
        } else if (started && end == p) {
            break;
        }
        p = *end ? end + 1 : end;
    }
}

static void frames_joined(const fuzz_crash *c, char *out, size_t size)
{
    size_t k, o = 0;
    out[0] = 0;
    for (k = 0; k < c->nframes && o < size; k++)
        o += (size_t)snprintf(out + o, size - o, "%s%s", k ? "<" : "", c->frames[k]);
    if (!c->nframes)
        snprintf(out, size, "no-frames");
}

static int read_finding(const char *log, fuzz_crash *c)
{
    const char *p = strstr(log, FUZZ_MARK), *end, *kv;
    size_t o = 0;
    if (!p)
        return 0;
    end = line_end(p);
    c->kind = FUZZ_CRASH_FINDING;
    kv = strstr(p, " target=");
    if (kv && kv < end)
        copy_span(c->target, sizeof(c->target), kv + 8, strcspn(kv + 8, " \n"));
    kv = strstr(p, " kind=");
    if (kv && kv < end)
        copy_span(c->fkind, sizeof(c->fkind), kv + 6, strcspn(kv + 6, " \n"));
    kv = strstr(p, " subject=");
    if (kv && kv < end)
        copy_span(c->subject, sizeof(c->subject), kv + 9, (size_t)(end - (kv + 9)));
    /* the evidence: the indented lines that follow */
    for (p = *end ? end + 1 : end; *p == ' ' && p[1] == ' ';) {
        end = line_end(p);
        if (o + (size_t)(end - p) + 2 < sizeof(c->evidence)) {
            memcpy(c->evidence + o, p, (size_t)(end - p));
            o += (size_t)(end - p);
            c->evidence[o++] = '\n';
        }
        p = *end ? end + 1 : end;
    }
    c->evidence[o] = 0;
    cut_printf(c->signature, sizeof(c->signature), "finding:%s/%s/%s", c->target, c->fkind,
               c->subject);
    cut_printf(c->title, sizeof(c->title), "%s: %s (%s)", c->target, c->fkind, c->subject);
    return 1;
}

int fuzz_triage_parse(const char *log, fuzz_crash *c)
{
    const char *p;
    char frames[520];
    memset(c, 0, sizeof(*c));
    if (!log)
        return 0;
    if (read_finding(log, c)) {
        /* the stack of the abort, for the record */
        read_stack(strstr(log, FUZZ_MARK), c);
        return 1;
    }
    if ((p = strstr(log, "ERROR: LeakSanitizer:")) != NULL) {
        c->kind = FUZZ_CRASH_LEAK;
        cut_printf(c->error, sizeof(c->error), "detected memory leaks");
        read_stack(p, c);
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->signature, sizeof(c->signature), "leak:%s", frames);
    } else if ((p = strstr(log, "ERROR: AddressSanitizer: ")) != NULL) {
        const char *e = p + strlen("ERROR: AddressSanitizer: ");
        c->kind = FUZZ_CRASH_SANITIZER;
        copy_span(c->error, sizeof(c->error), e, strcspn(e, " \n"));
        read_stack(p, c);
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->signature, sizeof(c->signature), "asan:%s:%s", c->error, frames);
    } else if ((p = strstr(log, ": runtime error: ")) != NULL) {
        const char *ls = p, *msg = p + strlen(": runtime error: ");
        char file[256], text[160];
        unsigned line = 0;
        while (ls > log && ls[-1] != '\n')
            ls--;
        c->kind = FUZZ_CRASH_SANITIZER;
        copy_span(text, sizeof(text), msg, (size_t)(line_end(msg) - msg));
        fold_digits(text);
        cut_printf(c->error, sizeof(c->error), "runtime error: %s", text);
        /* "path/file.c:12:5: runtime error: ..." */
        copy_span(file, sizeof(file), ls, (size_t)(p - ls));
        {
            char *colon = strchr(file, ':');
            if (colon) {
                line = (unsigned)strtoul(colon + 1, NULL, 10);
                *colon = 0;
            }
        }
        cut_printf(c->location, sizeof(c->location), "%s:%u", file, line);
        read_stack(p, c);
        slug(text);
        cut_printf(c->signature, sizeof(c->signature), "ubsan:%s:%u:%s", base_name(file), line,
                   text);
        c->in_llvm = strstr(file, "llvm") != NULL && strstr(file, "gcnspec") == NULL;
    } else if ((p = strstr(log, "ERROR: libFuzzer: timeout")) != NULL) {
        c->kind = FUZZ_CRASH_TIMEOUT;
        cut_printf(c->error, sizeof(c->error), "timeout");
        read_stack(p, c);
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->signature, sizeof(c->signature), "timeout:%s", frames);
    } else if ((p = strstr(log, "ERROR: libFuzzer: out-of-memory")) != NULL ||
               (p = strstr(log, "ERROR: libFuzzer: malloc")) != NULL) {
        c->kind = FUZZ_CRASH_OOM;
        cut_printf(c->error, sizeof(c->error), "out-of-memory");
        read_stack(p, c);
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->signature, sizeof(c->signature), "oom:%s", frames);
    } else if ((p = strstr(log, "ERROR: libFuzzer: deadly signal")) != NULL ||
               (p = strstr(log, "ERROR: libFuzzer: ")) != NULL ||
               (p = strstr(log, "gcnspec-fuzz replay: crashed on")) != NULL) {
        c->kind = FUZZ_CRASH_SIGNAL;
        cut_printf(c->error, sizeof(c->error), "deadly signal");
        read_stack(p, c);
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->signature, sizeof(c->signature), "signal:%s", frames);
    } else {
        return 0;
    }
    if (c->kind != FUZZ_CRASH_FINDING) {
        frames_joined(c, frames, sizeof(frames));
        cut_printf(c->title, sizeof(c->title), "%s in %.200s", c->error, frames);
        /* the report's first lines are the evidence */
        copy_span(c->evidence, sizeof(c->evidence), p, strlen(p));
    }
    return 1;
}

int fuzz_crash_field(const fuzz_crash *c, const char *name, char *out, size_t size)
{
    const char *p = c->evidence;
    size_t n = strlen(name);
    while (*p) {
        const char *end = line_end(p), *q = p;
        while (q < end && *q == ' ')
            q++;
        if ((size_t)(end - q) > n + 1 && strncmp(q, name, n) == 0 && q[n] == ':' &&
            q[n + 1] == ' ') {
            copy_span(out, size, q + n + 2, (size_t)(end - (q + n + 2)));
            return 1;
        }
        p = *end ? end + 1 : end;
    }
    if (size)
        out[0] = 0;
    return 0;
}

/* ---- classification ----------------------------------------------------------------------- */

#define WHY(...) cut_printf(why, size, __VA_ARGS__)

fuzz_class fuzz_triage_classify(const fuzz_crash *c, const fuzz_mc_evidence *ev, char *why,
                                size_t size)
{
    int ours_acc, llvm_acc;
    char dummy[2];
    if (!why || !size) {
        why = dummy;
        size = sizeof(dummy);
    }
    switch (c->kind) {
    case FUZZ_CRASH_NONE:
        WHY("no crash in the log");
        return FUZZ_CLASS_UNCLASSIFIED;
    case FUZZ_CRASH_SANITIZER:
    case FUZZ_CRASH_LEAK:
    case FUZZ_CRASH_TIMEOUT:
    case FUZZ_CRASH_OOM:
    case FUZZ_CRASH_SIGNAL:
        if (c->in_llvm) {
            WHY("%s with its top frame in LLVM (%s, %s)", c->error, c->nframes ? c->frames[0] : "?",
                c->location);
            return FUZZ_CLASS_LLVM_BUG;
        }
        WHY("%s in gcnspec's code (%s, %s)", c->error, c->nframes ? c->frames[0] : "?",
            c->location);
        return FUZZ_CLASS_OUR_BUG;
    case FUZZ_CRASH_FINDING:
        break;
    }
    if (strcmp(c->fkind, "llvm-disagrees-our-bug") == 0) {
        WHY("spec/peers/llvm-known.json classifies this disagreement our-bug");
        return FUZZ_CLASS_OUR_BUG;
    }
    if (strcmp(c->fkind, "llvm-crashes") == 0) {
        /* fuzz_llvmNN_diff runs LLVM in a child process: the child died on the word */
        WHY("LLVM's disassembler died on a word, in its own process (%s)", c->subject);
        return FUZZ_CLASS_LLVM_BUG;
    }
    if (strcmp(c->fkind, "visa-ds-differ") == 0) {
        /* fuzz_visa_atomic: both sides run the documents' own operations (gcn.json's DS
         * pseudocode and vISA table) on the same operands, outside every known difference */
        WHY("the GCN and vISA documents give operations spec/peers/visa-ds.json pairs different "
            "results (%s): a difference of the documents to classify by hand, or a wrong pair",
            c->subject);
        return FUZZ_CLASS_DOC_ERRATUM;
    }
    if (strcmp(c->fkind, "llvm-disagrees") != 0 && strcmp(c->fkind, "llvm-mc-disagrees") != 0) {
        WHY("gcnspec disagrees with itself (%s: %s)", c->target, c->fkind);
        return FUZZ_CLASS_OUR_BUG;
    }
    if (strcmp(c->fkind, "llvm-mc-disagrees") == 0) {
        /* gfx6/gfx7 reassembly: llvm-mc gave other bytes for gcnspec's text, or refused it */
        char answer[256];
        int refused;
        fuzz_crash_field(c, "llvm-mc-14", answer, sizeof(answer));
        if (!answer[0])
            fuzz_crash_field(c, "llvm-mc-19", answer, sizeof(answer));
        refused = strncmp(answer, "error:", 6) == 0;
        if (refused) {
            WHY("llvm-mc refuses gcnspec's text for a word the spec defines (%s): the documents "
                "are wrong or LLVM lacks it",
                answer);
            return FUZZ_CLASS_DOC_ERRATUM;
        }
        WHY("llvm-mc assembles gcnspec's text to other bytes (%s)", answer);
        return FUZZ_CLASS_OUR_BUG;
    }
    ours_acc = strstr(c->subject, ":ours-accepts") != NULL;
    llvm_acc = strstr(c->subject, ":llvm-accepts") != NULL;
    if (!ev || !ev->have) {
        WHY("no llvm-mc to decide (gcnspec %s, LLVM %s)", ours_acc ? "accepts" : "rejects",
            llvm_acc ? "accepts" : "rejects");
        return FUZZ_CLASS_UNCLASSIFIED;
    }
    if (ours_acc && llvm_acc) {
        if (ev->ours_same && !ev->llvm_same) {
            WHY("%s assembles gcnspec's text back to the word; LLVM's text gives %s", ev->peer,
                ev->llvm_answer);
            return FUZZ_CLASS_LLVM_BUG;
        }
        if (ev->llvm_same && !ev->ours_same) {
            WHY("%s assembles LLVM's text back to the word; gcnspec's gives %s", ev->peer,
                ev->ours_answer);
            return FUZZ_CLASS_OUR_BUG;
        }
        if (ev->llvm_same && ev->ours_same) {
            WHY("both texts assemble to the word (%s): gcnspec's text is to be LLVM's byte for "
                "byte",
                ev->peer);
            return FUZZ_CLASS_OUR_BUG;
        }
        WHY("neither text assembles back to the word (gcnspec's: %s; LLVM's: %s)", ev->ours_answer,
            ev->llvm_answer);
        return FUZZ_CLASS_UNCLASSIFIED;
    }
    if (ours_acc) {
        if (ev->ours_same) {
            WHY("LLVM's assembler makes this word from gcnspec's text (%s), its disassembler "
                "refuses it",
                ev->peer);
            return FUZZ_CLASS_LLVM_BUG;
        }
        if (!ev->ours_assembles) {
            WHY("LLVM refuses the word both ways (%s: %s) while the documents define it: the "
                "documents are wrong or LLVM lacks it",
                ev->peer, ev->ours_answer);
            return FUZZ_CLASS_DOC_ERRATUM;
        }
        WHY("%s assembles gcnspec's text to other bytes (%s)", ev->peer, ev->ours_answer);
        return FUZZ_CLASS_OUR_BUG;
    }
    if (llvm_acc) {
        if (ev->llvm_same) {
            WHY("LLVM's text assembles back to the word (%s) and gcnspec refuses it (if the "
                "refusal follows the documents, a doc-erratum)",
                ev->peer);
            return FUZZ_CLASS_OUR_BUG;
        }
        WHY("LLVM decodes a word its own assembler does not make from that text (%s: %s)", ev->peer,
            ev->llvm_answer);
        return FUZZ_CLASS_LLVM_BUG;
    }
    WHY("both reject: not a disagreement");
    return FUZZ_CLASS_UNCLASSIFIED;
}
