/* vISA: the data widths the operation table allows against the widths the page's prose and its
 * semantics block name. The table's types have fixed sizes (UW/W/HF 2 bytes, UD/D/F 4, UQ/Q/DF
 * 8); the prose names widths as word (2), dword (4), qword (8), and the semantics block's
 * comment as "N or M byte". A width the table allows that the page's own statement of what the
 * instruction accesses leaves out is a finding. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"

static const struct {
    const char *type;
    int bytes;
} type_sizes[] = {{"UW", 2}, {"W", 2},  {"HF", 2}, {"UD", 4}, {"D", 4},
                  {"F", 4},  {"UQ", 8}, {"Q", 8},  {"DF", 8}};

static const struct {
    const char *word;
    int bytes;
} width_words[] = {{"word", 2}, {"dword", 4}, {"qword", 8}};

static int whole(const char *s, const char *p, size_t n)
{
    return (p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]);
}

/* Bit per size (2, 4, 8 -> 1 << size) of the table's types in a data-type cell. */
static unsigned cell_sizes(const char *cell)
{
    unsigned m = 0;
    size_t i;
    for (i = 0; i < sizeof(type_sizes) / sizeof(type_sizes[0]); i++) {
        const char *p = cell;
        size_t n = strlen(type_sizes[i].type);
        while ((p = strstr(p, type_sizes[i].type)) != NULL) {
            if (whole(cell, p, n))
                m |= 1u << type_sizes[i].bytes;
            p += n;
        }
    }
    return m;
}

/* Sizes named in prose: "word or dword", "2 or 4 byte", "2-, 4- or 8-byte". */
static unsigned prose_sizes(const char *s)
{
    unsigned m = 0;
    size_t i;
    const char *p;
    for (i = 0; i < sizeof(width_words) / sizeof(width_words[0]); i++) {
        size_t n = strlen(width_words[i].word);
        for (p = s; (p = strstr(p, width_words[i].word)) != NULL; p += n)
            if (whole(s, p, n))
                m |= 1u << width_words[i].bytes;
    }
    for (p = s; (p = strstr(p, "byte")) != NULL; p += 4) {
        /* the numbers just before: "2 or 4 byte", "2-, 4- or 8-byte" */
        const char *q = p;
        for (;;) {
            const char *d;
            while (q > s && (q[-1] == ' ' || q[-1] == '-'))
                q--;
            if (q == s || !isdigit((unsigned char)q[-1]))
                break;
            for (d = q; d > s && isdigit((unsigned char)d[-1]); d--)
                ;
            if (atoi(d) < 32)
                m |= 1u << atoi(d);
            q = d;
            while (q > s && q[-1] == ' ')
                q--;
            if (q >= s + 2 && strncmp(q - 2, "or", 2) == 0)
                q -= 2;
            else if (q > s && q[-1] == ',')
                q--;
            else
                break;
        }
    }
    return m;
}

/* "2- or 4-byte" */
static void sizes_text(unsigned m, char *buf, size_t size)
{
    int b, left = 0;
    buf[0] = 0;
    for (b = 1; b <= 8; b++)
        left += (m & (1u << b)) != 0;
    for (b = 1; b <= 8; b++)
        if (m & (1u << b)) {
            size_t l = strlen(buf);
            left--;
            snprintf(buf + l, size - l, "%d-%s", b, left > 1 ? ", " : left ? " or " : "byte");
        }
}

gcn_status gcn_detect_visa_widths(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    unsigned table = 0, said = 0, extra;
    gcn_strs ids = {0};
    const gcn_fact *any = NULL;
    char allowed[32], named[32];
    gcn_finding *x;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *v = &f->v[i];
        if (v->kind == GCN_FACT_VISA_OP && v->cells.n >= 2)
            table |= cell_sizes(v->cells.v[1]);
        else if (v->kind == GCN_FACT_VISA_SEMANTICS && v->code) {
            unsigned m = prose_sizes(v->code);
            if (m) {
                said |= m;
                gcn_strs_push(&ids, v->id);
            }
        } else if (v->kind == GCN_FACT_NOTE && v->doc && strcmp(v->doc, "visa-markdown") == 0 &&
                   v->text) {
            unsigned m = prose_sizes(v->text);
            if (m) {
                said |= m;
                gcn_strs_push(&ids, v->id);
                any = v;
            }
        }
    }
    extra = table & ~said;
    if (!said || !extra || !any) {
        gcn_strs_free(&ids);
        return GCN_OK;
    }
    for (i = 0; i < f->n; i++) {
        const gcn_fact *v = &f->v[i];
        if (v->kind == GCN_FACT_VISA_OP && v->cells.n >= 2 && (cell_sizes(v->cells.v[1]) & extra)) {
            /* the table is cited, not each row: the rows' own errata stay theirs */
            const gcn_fact *t = gcn_visa_op_table(f, v);
            if (!gcn_strs_has(&ids, t->id))
                gcn_strs_push(&ids, t->id);
        }
    }
    sizes_text(extra, allowed, sizeof(allowed));
    sizes_text(said, named, sizeof(named));
    x = gcn_findings_add(out, GCN_FC_VISA, any->encoding, "data-widths", &ids, NULL,
                         "the operation table allows %s data types, but the page's description "
                         "and semantics name %s accesses only",
                         allowed, named);
    gcn_strs_free(&ids);
    return x ? GCN_OK : GCN_ERR_NOMEM;
}
