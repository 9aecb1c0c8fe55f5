/* Pseudocode detectors: every Operation block (and the vISA Semantics block) is parsed; a
 * block that does not parse is a finding, and a block that parses is checked (unknown names,
 * precedence traps, shifts wider than their operand, assignments to non-lvalues, pointer type
 * mismatches, shadowing, uninitialized reads, unsized types, '???'). The same defect in the same
 * text, copied into many sections, is one finding listing every line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "pseudo_env.h"

/* The line of code at document line `line`. */
static void code_line(const gcn_fact *x, unsigned line, char *buf, size_t size)
{
    const char *p = x->code;
    unsigned l = x->code_line;
    size_t n;
    while (l < line && p && *p) {
        p = strchr(p, '\n');
        if (p)
            p++;
        l++;
    }
    if (!p) {
        buf[0] = 0;
        return;
    }
    n = strcspn(p, "\n");
    snprintf(buf, size, "%.*s", (int)n, p);
}

/* The text as a grouping key: no blanks, type names as T, no literal suffixes. */
static void normalize(const char *s, char *out, size_t size)
{
    static const char *const types[] = {"UINT128", "UINT64", "UINT32", "UINT16", "UINT8",  "INT64",
                                        "INT32",   "INT16",  "INT8",   "FLOAT",  "DOUBLE", NULL};
    size_t n = 0;
    while (*s && n + 1 < size) {
        const char *const *t;
        int hit = 0;
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        for (t = types; *t; t++) {
            size_t l = strlen(*t);
            if (strncmp(s, *t, l) == 0 && !isalnum((unsigned char)s[l]) &&
                (n == 0 || !isalnum((unsigned char)out[n - 1]))) {
                out[n++] = 'T';
                s += l;
                hit = 1;
                break;
            }
        }
        if (hit)
            continue;
        if (isdigit((unsigned char)*s) && (n == 0 || !isalnum((unsigned char)out[n - 1]))) {
            while (isalnum((unsigned char)*s) && n + 1 < size) {
                if (*s == 'U' || *s == 'L') {
                    s++;
                    continue;
                }
                out[n++] = *s++;
            }
            continue;
        }
        out[n++] = *s++;
    }
    out[n] = 0;
}

typedef struct group {
    char key[600];
    char subject[128];
} group;

typedef struct groups {
    group *v;
    size_t n, cap;
} groups;

/* The subject shared by every finding with this key (the first section it was seen in). */
static const char *group_subject(groups *g, const char *key, const char *subject)
{
    size_t i;
    for (i = 0; i < g->n; i++)
        if (strcmp(g->v[i].key, key) == 0)
            return g->v[i].subject;
    if (g->n == g->cap) {
        size_t ncap = g->cap ? g->cap * 2 : 64;
        group *v = realloc(g->v, ncap * sizeof(*v));
        if (!v)
            return subject;
        g->v = v;
        g->cap = ncap;
    }
    snprintf(g->v[g->n].key, sizeof(g->v[g->n].key), "%s", key);
    snprintf(g->v[g->n].subject, sizeof(g->v[g->n].subject), "%s", subject);
    return g->v[g->n++].subject;
}

/* Column numbers are not part of the defect ("column 23" in one copy, 21 in another). */
static void strip_position(const char *msg, char *out, size_t size)
{
    size_t n = 0;
    const char *p = msg;
    while (*p && n + 1 < size) {
        if (strncmp(p, "column ", 7) == 0 && isdigit((unsigned char)p[7])) {
            const char *w = "column #";
            while (*w && n + 1 < size)
                out[n++] = *w++;
            p += 7;
            while (isdigit((unsigned char)*p))
                p++;
            continue;
        }
        out[n++] = *p++;
    }
    out[n] = 0;
}

static gcn_status one_block(const gcn_fact *x, const char *encoding, const char *subject,
                            const gcn_pseudo_env *env, groups *g, gcn_findings *out)
{
    ps_source src;
    ps_arena arena;
    ps_node *prog = NULL;
    gcn_diag d;
    gcn_status st;
    gcn_strs ids = {0};
    char line[512], norm[512], key[2200], msg[2200];
    ps_env penv;
    src.file = x->file;
    src.first_line = x->code_line;
    src.text = x->code;
    ps_arena_init(&arena);
    gcn_diag_clear(&d);
    gcn_strs_push(&ids, x->id);
    st = ps_parse(&src, &arena, &prog, &d);
    if (st == GCN_ERR_NOMEM) {
        ps_arena_free(&arena);
        gcn_strs_free(&ids);
        return st;
    }
    if (st != GCN_OK) {
        char clean[GCN_DIAG_MSG_MAX];
        code_line(x, d.line, line, sizeof(line));
        normalize(line, norm, sizeof(norm));
        strip_position(d.msg, clean, sizeof(clean));
        snprintf(key, sizeof(key), "parse|%s|%s", clean, norm);
        snprintf(msg, sizeof(msg), "does not parse: %s, in '%s'", clean, line);
        st = gcn_findings_add_grouped(out, GCN_FC_PSEUDO_PARSE, encoding,
                                      group_subject(g, key, subject), key, &ids, "%s", msg)
                 ? GCN_OK
                 : GCN_ERR_NOMEM;
        ps_arena_free(&arena);
        gcn_strs_free(&ids);
        return st;
    }
    if (gcn_pseudo_env_for(env, encoding, &penv)) {
        ps_issue issues[32];
        size_t n = ps_check(prog, &penv, issues, 32), i;
        if (n > 32)
            n = 32;
        for (i = 0; i < n; i++) {
            gcn_finding_cat cat =
                issues[i].code == PS_ISSUE_UNKNOWN_MARKER ? GCN_FC_UNKNOWN : GCN_FC_PSEUDO_DEFECT;
            code_line(x, issues[i].line, line, sizeof(line));
            normalize(line, norm, sizeof(norm));
            {
                char clean[300];
                strip_position(issues[i].msg, clean, sizeof(clean));
                snprintf(key, sizeof(key), "%s|%s|%s", ps_issue_id(issues[i].code), clean, norm);
            }
            snprintf(msg, sizeof(msg), "%s: %s, in '%s'", ps_issue_id(issues[i].code),
                     issues[i].msg, line);
            if (!gcn_findings_add_grouped(out, cat, encoding, group_subject(g, key, subject), key,
                                          &ids, "%s", msg)) {
                st = GCN_ERR_NOMEM;
                break;
            }
        }
    }
    ps_arena_free(&arena);
    gcn_strs_free(&ids);
    return st;
}

gcn_status gcn_detect_pseudocode(const gcn_facts *f, const gcn_pseudo_env *env, gcn_findings *out)
{
    size_t i;
    groups g = {0};
    gcn_status st = GCN_OK;
    for (i = 0; i < f->n && st == GCN_OK; i++) {
        const gcn_fact *x = &f->v[i];
        if ((x->kind != GCN_FACT_OPERATION && x->kind != GCN_FACT_VISA_SEMANTICS) || !x->code ||
            !x->code[0])
            continue;
        st = one_block(x, x->encoding, x->name ? x->name : x->encoding, env, &g, out);
    }
    free(g.v);
    return st;
}
