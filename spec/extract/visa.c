/* Intel vISA instruction page (DWORD_ATOMIC): ## Opcode, ## Format, ## Semantics,
 * ## Description (with the operation table and the operand list), ## Text, ## Notes. */
#include "doc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "util/json.h"

typedef struct visa {
    const doc_lines *L;
    gcn_facts *out;
    gcn_diag *diag;
    char *name; /* DWORD_ATOMIC */
} visa;

static gcn_status oom(visa *v)
{
    gcn_diag_set(v->diag, v->L->file, 0, 0, "out of memory");
    return GCN_ERR_NOMEM;
}

static gcn_status bad(visa *v, size_t line, size_t col, const char *msg)
{
    gcn_diag_set(v->diag, v->L->file, (unsigned)line, (unsigned)col, "%s", msg);
    return GCN_ERR_SYNTAX;
}

static gcn_fact *add(visa *v, gcn_fact_kind kind, size_t line)
{
    gcn_fact *f = gcn_facts_add(v->out, kind, v->L->file, (unsigned)line);
    if (!f)
        return NULL;
    f->doc = gcn_strdup("visa-markdown");
    f->encoding = gcn_strdup(v->name ? v->name : "");
    f->text = gcn_strdup(doc_line(v->L, line));
    return f;
}

static const char *skip(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Section bounds: the line after "## name" up to the next "## ". */
static int find_section(const doc_lines *L, const char *name, size_t from, size_t *first,
                        size_t *last)
{
    size_t i;
    char want[64];
    snprintf(want, sizeof(want), "## %s", name);
    for (i = from; i <= L->n; i++)
        if (strcmp(doc_line(L, i), want) == 0) {
            size_t j = i + 1;
            while (j <= L->n && !text_starts(doc_line(L, j), "## "))
                j++;
            *first = i + 1;
            *last = j - 1;
            return (int)i;
        }
    return 0;
}

/* Finds a ``` block inside [first, last]; returns its opening line or 0. */
static size_t find_fence(visa *v, size_t first, size_t last, size_t *close)
{
    size_t i, j;
    for (i = first; i <= last; i++)
        if (text_starts(skip(doc_line(v->L, i)), "```")) {
            for (j = i + 1; j <= last; j++)
                if (text_starts(skip(doc_line(v->L, j)), "```")) {
                    *close = j;
                    return i;
                }
            return (size_t)-1;
        }
    return 0;
}

static char *join(const doc_lines *L, size_t first, size_t last)
{
    size_t i, n = 1;
    char *s, *p;
    for (i = first; i <= last; i++)
        n += strlen(doc_line(L, i)) + 1;
    s = malloc(n);
    if (!s)
        return NULL;
    p = s;
    for (i = first; i <= last; i++) {
        size_t l = strlen(doc_line(L, i));
        memcpy(p, doc_line(L, i), l);
        p += l;
        if (i < last)
            *p++ = '\n';
    }
    *p = 0;
    return s;
}

static gcn_status opcode_section(visa *v, size_t first, size_t last)
{
    size_t i;
    for (i = first; i <= last; i++) {
        const char *l = skip(doc_line(v->L, i)), *eq;
        gcn_fact *f;
        uint64_t code;
        if (!*l)
            continue;
        eq = strchr(l, '=');
        if (!eq)
            return bad(v, i, 1, "expected 'NAME = 0xNN' in the Opcode section");
        {
            char *name = gcn_strndup(l, (size_t)(eq - l)), *n2 = text_trim(name);
            char *val = text_trim(eq + 1);
            free(name);
            if (!n2 || !val || !text_is_mnemonic(n2) || !gcn_parse_u64(val, &code)) {
                free(n2);
                free(val);
                return bad(v, i, 1, "expected 'NAME = 0xNN' in the Opcode section");
            }
            v->name = n2;
            f = add(v, GCN_FACT_VISA_OPCODE, i);
            if (!f) {
                free(val);
                return oom(v);
            }
            f->name = gcn_strdup(n2);
            f->value = val;
        }
        return GCN_OK;
    }
    return bad(v, first, 1, "the Opcode section is empty");
}

static gcn_status format_section(visa *v, size_t first, size_t last)
{
    size_t i;
    gcn_fact *f = NULL;
    for (i = first; i <= last; i++) {
        const char *l = skip(doc_line(v->L, i));
        gcn_strs cells = {0};
        size_t k;
        if (*l != '|' || text_is_table_separator(l))
            continue;
        if (!text_cells(l, &cells))
            return oom(v);
        for (k = 0; k < cells.n; k++) {
            const char *c = cells.v[k];
            if (!c[0] || (f == NULL && k == 0 && strchr(c, '(')))
                continue; /* the leading "0x7d(DWORD_ATOMIC)" cell names the opcode */
            if (!f) {
                f = add(v, GCN_FACT_VISA_FORMAT, i);
                if (!f) {
                    gcn_strs_free(&cells);
                    return oom(v);
                }
                f->name = gcn_strdup(v->name);
            }
            gcn_strs_push(&f->cells, c);
        }
        if (f && f->line != i) {
            char *t = join(v->L, f->line, i);
            free(f->text);
            f->text = t;
            f->last_line = (unsigned)i;
        }
        gcn_strs_free(&cells);
    }
    if (!f)
        return bad(v, first, 1, "the Format section has no operand table");
    return GCN_OK;
}

static gcn_status semantics_section(visa *v, size_t first, size_t last)
{
    size_t close = 0, open = find_fence(v, first, last, &close), a, b;
    gcn_fact *f;
    if (open == (size_t)-1)
        return bad(v, first, 1, "code block in the Semantics section is never closed");
    if (!open)
        return bad(v, first, 1, "the Semantics section has no code block");
    a = open + 1;
    b = close - 1;
    while (a <= b && line_is_blank(doc_line(v->L, a)))
        a++;
    while (b >= a && line_is_blank(doc_line(v->L, b)))
        b--;
    if (a > b)
        return bad(v, open, 1, "the Semantics code block is empty");
    f = add(v, GCN_FACT_VISA_SEMANTICS, a);
    if (!f)
        return oom(v);
    f->name = gcn_strdup(v->name);
    f->code_line = (unsigned)a;
    f->code = join(v->L, a, b);
    free(f->text);
    f->text = join(v->L, a, b);
    f->last_line = (unsigned)b;
    return GCN_OK;
}

/* "| 0b00000 | ADD: new = old + src0 | DWORD, SVM, TYPED | UW, UD, UQ (SVM only) | Old value |" */
static gcn_status op_row(visa *v, size_t line, const char *l)
{
    gcn_strs cells = {0};
    gcn_fact *f;
    const char *colon;
    uint64_t bits;
    if (!text_cells(l, &cells))
        return oom(v);
    /* The table is written inside a code block, where '|' inside "old | src0" is literal: a
     * row has 5 columns, so an OR formula spans two cells. */
    if (cells.n == 6) {
        size_t n = strlen(cells.v[1]) + strlen(cells.v[2]) + 4;
        char *m = malloc(n);
        if (!m) {
            gcn_strs_free(&cells);
            return oom(v);
        }
        snprintf(m, n, "%s | %s", cells.v[1], cells.v[2]);
        free(cells.v[1]);
        free(cells.v[2]);
        cells.v[1] = m;
        memmove(&cells.v[2], &cells.v[3], 3 * sizeof(char *));
        cells.n = 5;
    }
    if (cells.n != 5 || !gcn_parse_u64(cells.v[0], &bits)) {
        gcn_strs_free(&cells);
        return bad(v, line, 1,
                   "operation table row must be 'bits | NAME: formula | message "
                   "types | data types | return value'");
    }
    f = add(v, GCN_FACT_VISA_OP, line);
    if (!f) {
        gcn_strs_free(&cells);
        return oom(v);
    }
    f->value = gcn_strdup(cells.v[0]);
    colon = strchr(cells.v[1], ':');
    if (!colon) {
        gcn_strs_free(&cells);
        return bad(v, line, 1, "operation cell must be 'NAME: formula'");
    }
    {
        char *n = gcn_strndup(cells.v[1], (size_t)(colon - cells.v[1]));
        f->name = text_trim(n);
        free(n);
        f->description = text_trim(colon + 1);
    }
    gcn_strs_push(&f->cells, cells.v[2]);
    gcn_strs_push(&f->cells, cells.v[3]);
    gcn_strs_push(&f->cells, cells.v[4]);
    gcn_strs_free(&cells);
    return GCN_OK;
}

/* "- **Op(ub):**", "  - Bit[4..0]: ...", "    - 0b00000:  add", "  - 0: T0 - Shared ..." */
static gcn_status operand_list(visa *v, size_t first, size_t last)
{
    size_t i;
    char *operand = NULL;
    gcn_status st = GCN_OK;
    for (i = first; i <= last && st == GCN_OK; i++) {
        const char *raw = doc_line(v->L, i), *l = skip(raw);
        if (text_starts(l, "- **") && strstr(l, ":**")) {
            const char *e = strstr(l, ":**");
            gcn_fact *f = add(v, GCN_FACT_VISA_OPERAND, i);
            if (!f) {
                st = oom(v);
                break;
            }
            free(operand);
            operand = gcn_strndup(l + 4, (size_t)(e - l - 4));
            f->name = gcn_strdup(operand);
            f->description = text_trim(e + 3);
            /* "Name(ub)" carries the operand's type */
            {
                char *paren = strchr(f->name, '(');
                if (paren) {
                    char *close = strchr(paren, ')');
                    if (close)
                        f->value = gcn_strndup(paren + 1, (size_t)(close - paren - 1));
                    *paren = 0;
                }
            }
            /* the description may continue on the following non-list lines */
            while (i + 1 <= last && !line_is_blank(doc_line(v->L, i + 1)) &&
                   !text_starts(skip(doc_line(v->L, i + 1)), "-") &&
                   !text_starts(skip(doc_line(v->L, i + 1)), "#")) {
                i++;
                f->last_line = (unsigned)i;
            }
            continue;
        }
        if (operand && text_starts(l, "- ")) {
            const char *item = l + 2, *colon = strchr(item, ':');
            gcn_fact *f = add(v, GCN_FACT_VISA_VALUE, i);
            if (!f) {
                st = oom(v);
                break;
            }
            {
                char *on = gcn_strdup(operand), *paren = on ? strchr(on, '(') : NULL;
                if (paren)
                    *paren = 0;
                f->ref = on;
            }
            if (colon) {
                char *k = gcn_strndup(item, (size_t)(colon - item));
                f->value = text_trim(k);
                free(k);
                f->description = text_trim(colon + 1);
            } else {
                f->description = text_trim(item);
            }
            continue;
        }
        if (text_starts(l, "#### "))
            break;
    }
    free(operand);
    return st;
}

static gcn_status description_section(visa *v, size_t first, size_t last)
{
    size_t close = 0, open = find_fence(v, first, last, &close), i, props = 0;
    size_t table = 0; /* 1 + index of the operation table's fact */
    int rows = 0;
    gcn_status st;
    if (open == (size_t)-1)
        return bad(v, first, 1, "code block in the Description section is never closed");
    if (!open)
        return bad(v, first, 1, "the Description section has no operation table");
    for (i = open + 1; i < close; i++) {
        const char *l = skip(doc_line(v->L, i));
        if (*l == '|') {
            if (strstr(l, "| Bits")) {
                /* the header and its separator row, as written, so that the table's shape can
                 * be checked against its rows */
                gcn_fact *t = add(v, GCN_FACT_TABLE, i);
                if (!t || !text_cells(l, &t->cells))
                    return oom(v);
                table = (size_t)(t - v->out->v) + 1;
                if (i + 1 < close && text_is_table_separator(skip(doc_line(v->L, i + 1)))) {
                    free(t->text);
                    t->text = join(v->L, i, i + 1);
                    if (!t->text)
                        return oom(v);
                }
                continue;
            }
            if (text_is_table_separator(l))
                continue;
            if ((st = op_row(v, i, l)) != GCN_OK)
                return st;
            if (table)
                v->out->v[table - 1].last_line = (unsigned)i;
            rows++;
        } else if (*l && !text_starts(l, "..") && !text_starts(l, ".. ")) {
            gcn_fact *f = add(v, GCN_FACT_NOTE, i);
            if (!f)
                return oom(v);
        }
    }
    if (!rows)
        return bad(v, open, 1, "the operation table has no rows");
    for (i = close + 1; i <= last; i++)
        if (text_starts(doc_line(v->L, i), "#### Properties")) {
            props = i;
            break;
        }
    if ((st = operand_list(v, close + 1, props ? props - 1 : last)) != GCN_OK)
        return st;
    for (i = props ? props + 1 : last + 1; i <= last; i++) {
        const char *l = skip(doc_line(v->L, i));
        if (text_starts(l, "- **") && strstr(l, ":**")) {
            const char *e = strstr(l, ":**");
            gcn_fact *f = add(v, GCN_FACT_VISA_PROPERTY, i);
            if (!f)
                return oom(v);
            f->name = gcn_strndup(l + 4, (size_t)(e - l - 4));
            f->description = text_trim(e + 3);
        }
    }
    return GCN_OK;
}

static gcn_status text_section(visa *v, size_t first, size_t last)
{
    size_t close = 0, open = find_fence(v, first, last, &close), i;
    if (open == (size_t)-1)
        return bad(v, first, 1, "code block in the Text section is never closed");
    if (!open)
        return bad(v, first, 1, "the Text section has no syntax block");
    for (i = open + 1; i < close; i++) {
        const char *l = skip(doc_line(v->L, i));
        gcn_fact *f;
        if (!*l)
            continue;
        f = add(v, text_starts(l, "//") ? GCN_FACT_NOTE : GCN_FACT_VISA_SYNTAX, i);
        if (!f)
            return oom(v);
    }
    return GCN_OK;
}

static gcn_status notes_section(visa *v, size_t first, size_t last)
{
    size_t i = first;
    while (i <= last) {
        size_t j;
        gcn_fact *f;
        if (line_is_blank(doc_line(v->L, i))) {
            i++;
            continue;
        }
        j = i;
        while (j + 1 <= last && !line_is_blank(doc_line(v->L, j + 1)))
            j++;
        f = add(v, GCN_FACT_NOTE, i);
        if (!f)
            return oom(v);
        free(f->text);
        f->text = join(v->L, i, j);
        f->last_line = (unsigned)j;
        text_note_topics(f->text ? f->text : "", &f->topics);
        i = j + 1;
    }
    return GCN_OK;
}

/* A section with nothing but blank lines: the document was cut right after its heading. */
static int section_blank(const doc_lines *L, size_t first, size_t last)
{
    size_t i;
    for (i = first; i <= last; i++)
        if (!line_is_blank(doc_line(L, i)))
            return 0;
    return 1;
}

gcn_status visa_extract(const doc_lines *L, gcn_facts *out, gcn_diag *diag)
{
    static const struct {
        const char *name;
        gcn_status (*parse)(visa *, size_t, size_t);
    } sections[] = {{"Opcode", opcode_section},       {"Format", format_section},
                    {"Semantics", semantics_section}, {"Description", description_section},
                    {"Text", text_section},           {"Notes", notes_section}};
    visa v;
    size_t k, from = 1;
    gcn_status st = GCN_OK;
    memset(&v, 0, sizeof(v));
    v.L = L;
    v.out = out;
    v.diag = diag;
    for (k = 0; k < sizeof(sections) / sizeof(sections[0]) && st == GCN_OK; k++) {
        size_t first, last;
        int at = find_section(L, sections[k].name, from, &first, &last);
        if (!at) {
            size_t other = 0, i;
            for (i = 1; i <= L->n; i++) {
                char want[64];
                snprintf(want, sizeof(want), "## %s", sections[k].name);
                if (strcmp(doc_line(L, i), want) == 0)
                    other = i;
            }
            gcn_diag_set(diag, L->file, (unsigned)(other ? other : (L->n ? L->n : 1)), 0,
                         other ? "section '## %s' is out of order"
                               : "document ends before section '## %s' (truncated?)",
                         sections[k].name);
            st = GCN_ERR_SYNTAX;
            break;
        }
        if (section_blank(L, first, last)) {
            gcn_diag_set(diag, L->file, (unsigned)at, 1, "section '## %s' is empty (truncated?)",
                         sections[k].name);
            st = GCN_ERR_SYNTAX;
            break;
        }
        st = sections[k].parse(&v, first, last);
        from = (size_t)at + 1;
    }
    free(v.name);
    return st;
}
