/* CLRX wiki pages (GCN ISA DS/SOP1/SMEM instructions), in two renderings: the markdown source
 * ("clrx-markdown": ## headings, ``` fences, padded table cells) and a page scraped from the web
 * ("clrx-scraped": no markup, no indentation, and empty table cells lost). */
#include "doc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

typedef struct clrx {
    const doc_lines *L;
    gcn_facts *out;
    gcn_diag *diag;
    int scraped;
    const char *style;
    char *encoding;
    gcn_strs doc_gens;   /* generations the page speaks of, from its tables */
    gcn_strs title_gens; /* generations the title names ("(GCN 1.2/1.4)") */
    size_t caption_line;
    char *caption;
    char *field_caption; /* "List of fields for VOP3A/VOP3B encoding (GCN 1.0/1.1):" */
    int nfield_tables, nopcode_tables, nunmodelled_opcode_tables, nsections;
} clrx;

static gcn_status oom(clrx *c)
{
    gcn_diag_set(c->diag, c->L->file, 0, 0, "out of memory");
    return GCN_ERR_NOMEM;
}

static gcn_status bad(clrx *c, size_t line, size_t col, const char *msg, const char *what)
{
    gcn_diag_set(c->diag, c->L->file, (unsigned)line, (unsigned)col, "%s%s%s%s", msg,
                 what ? " '" : "", what ? what : "", what ? "'" : "");
    return GCN_ERR_SYNTAX;
}

static gcn_fact *add(clrx *c, gcn_fact_kind kind, size_t line)
{
    gcn_fact *f = gcn_facts_add(c->out, kind, c->L->file, (unsigned)line);
    if (!f)
        return NULL;
    f->doc = gcn_strdup(c->style);
    f->encoding = gcn_strdup(c->encoding);
    f->text = gcn_strdup(doc_line(c->L, line));
    return f;
}

/* Joins document lines first..last with '\n'. */
static char *join_lines(const doc_lines *L, size_t first, size_t last, int trim)
{
    size_t i, n = 0;
    char *s, *p;
    for (i = first; i <= last; i++)
        n += strlen(doc_line(L, i)) + 1;
    s = malloc(n + 1);
    if (!s)
        return NULL;
    p = s;
    for (i = first; i <= last; i++) {
        const char *t = doc_line(L, i);
        size_t l;
        if (trim)
            while (*t == ' ')
                t++;
        l = strlen(t);
        memcpy(p, t, l);
        p += l;
        if (i < last)
            *p++ = '\n';
    }
    *p = '\0';
    return s;
}

/* A table fact quotes its header and its separator row as written: the separator's columns are
 * part of the table's shape (the table detector compares them with the header's). */
static gcn_fact *add_table(clrx *c, gcn_fact_kind kind, size_t line)
{
    gcn_fact *f = add(c, kind, line);
    char *t;
    if (!f)
        return NULL;
    t = join_lines(c->L, line, line + 1, 0);
    if (!t)
        return NULL;
    free(f->text);
    f->text = t;
    return f;
}

static int is_table_start(const clrx *c, size_t i)
{
    return strchr(doc_line(c->L, i), '|') && text_is_table_separator(doc_line(c->L, i + 1));
}

/* ---- field tables ------------------------------------------------------------------------- */

/* The encoding a field caption names when it is not the page's ("List of fields for
 * VOP3A/VOP3B encoding (GCN 1.0/1.1):" on the VOP1 page), else NULL (heap). */
static char *caption_form(const clrx *c)
{
    const char *p = c->field_caption ? strstr(c->field_caption, " for ") : NULL, *e;
    if (!p)
        return NULL;
    p += 5;
    if (text_starts(p, "the "))
        p += 4;
    e = strstr(p, " encoding");
    /* the page's own encoding, or its layouts ("VOP3A/VOP3B" on the VOP3 page) */
    if (!e || e == p || strncmp(p, c->encoding, strlen(c->encoding)) == 0)
        return NULL;
    return gcn_strndup(p, (size_t)(e - p));
}

/* "14,59,60": a field whose bits are not one range. */
static int is_bit_list(const char *s)
{
    const char *p = s;
    long lo, hi;
    if (!strchr(s, ','))
        return 0;
    for (;;) {
        size_t n = strcspn(p, ",");
        char *one = gcn_strndup(p, n);
        int ok = one && text_bits(one, &lo, &hi);
        free(one);
        if (!ok)
            return 0;
        if (!p[n])
            return 1;
        p += n + 1;
    }
}

/* A field over several bit ranges (VOP3P's OP_SEL_HI, "14,59,60", one bit a source): the fact
 * model holds one range a field, so each run of adjacent bits becomes a field of its own, the
 * first under the row's name, the next NAME_1, NAME_2 ..., each with the row's line. A list
 * whose bits do not rise stays an unmodelled fact. */
static gcn_status field_parts(clrx *c, size_t line, const gcn_strs *cells)
{
    long lo[64], hi[64];
    size_t n = 0, k;
    const char *p = cells->v[0];
    for (;;) {
        size_t w = strcspn(p, ",");
        char *one = gcn_strndup(p, w);
        long a, b;
        int ok = one && text_bits(one, &a, &b);
        free(one);
        if (!ok || n == 64 || (n && a <= hi[n - 1]))
            break;
        if (n && a == hi[n - 1] + 1)
            hi[n - 1] = b;
        else {
            lo[n] = a;
            hi[n] = b;
            n++;
        }
        if (!p[w]) {
            for (k = 0; k < n; k++) {
                gcn_fact *f = add(c, GCN_FACT_FIELD, line);
                char name[128];
                if (!f)
                    return oom(c);
                if (k) {
                    char id[160];
                    snprintf(name, sizeof name, "%s_%zu", cells->v[1], k);
                    snprintf(id, sizeof id, "%s:%zu:field.%zu", c->L->file, line, k);
                    f->id = gcn_strdup(id);
                } else
                    snprintf(name, sizeof name, "%s", cells->v[1]);
                f->lo = lo[k];
                f->hi = hi[k];
                f->name = gcn_strdup(name);
                f->description = gcn_strdup(cells->v[2]);
                text_gens(cells->v[2], &f->gens);
                if (!f->gens.n && c->field_caption)
                    text_gens(c->field_caption, &f->gens);
                f->form = caption_form(c);
            }
            return GCN_OK;
        }
        p += w + 1;
    }
    {
        gcn_fact *u = add(c, GCN_FACT_UNMODELLED, line);
        if (!u)
            return oom(c);
        u->name = gcn_strdup(cells->v[1]);
        u->description = gcn_strdup("a field whose bits are not one rising list of ranges");
        u->form = caption_form(c);
    }
    return GCN_OK;
}

static gcn_status field_row(clrx *c, size_t line, const gcn_strs *cells)
{
    gcn_fact *f;
    long lo, hi;
    const char *must;
    if (cells->n != 3)
        return bad(c, line, 1, "field table row must have 3 cells (Bits | Name | Description)",
                   NULL);
    if (is_bit_list(cells->v[0]))
        return field_parts(c, line, cells);
    if (!text_bits(cells->v[0], &lo, &hi))
        return bad(c, line, 1, "field table: bad bit range", cells->v[0]);
    if (!text_is_mnemonic(cells->v[1]) && !isupper((unsigned char)cells->v[1][0]))
        return bad(c, line, 1, "field table: bad field name", cells->v[1]);
    f = add(c, GCN_FACT_FIELD, line);
    if (!f)
        return oom(c);
    f->lo = lo;
    f->hi = hi;
    f->name = gcn_strdup(cells->v[1]);
    f->description = gcn_strdup(cells->v[2]);
    text_gens(cells->v[2], &f->gens);
    /* a field the description does not qualify is for the generations of its caption */
    if (!f->gens.n && c->field_caption)
        text_gens(c->field_caption, &f->gens);
    f->form = caption_form(c);
    must = strstr(cells->v[2], "Must be ");
    if (must) {
        const char *v = must + 8, *e = v;
        while (isalnum((unsigned char)*e))
            e++;
        f->value = gcn_strndup(v, (size_t)(e - v));
    }
    return GCN_OK;
}

/* ---- opcode tables ------------------------------------------------------------------------ */

typedef struct column {
    enum { COL_OPCODE, COL_CHECK, COL_MNEMONIC, COL_FORM_OPCODE, COL_PREFIX, COL_OTHER } type;
    gcn_strs gens;
    char *form; /* COL_FORM_OPCODE: the encoding form its header names; COL_PREFIX: the prefix */
} column;

/* A check column headed by a name prefix ("FLAT | GLOBAL | SCRATCH" over "\*_LOAD_DWORD",
 * "The '*' means prefix of instruction"): an upper-case word that is no generation. */
static int is_prefix_column(const char *h)
{
    const char *p = h;
    if (!isupper((unsigned char)*p) || text_starts(h, "GCN"))
        return 0;
    while (isupper((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_')
        p++;
    return *p == '\0';
}

/* A name template "\*_LOAD_DWORD" or "*_LOAD_DWORD": the part after the '*', or NULL. */
static const char *template_rest(const char *s)
{
    if (s[0] == '\\')
        s++;
    if (s[0] != '*' || s[1] != '_')
        return NULL;
    return s + 1;
}

/* "Opcode(VOP3)" or "Opcode (VOP3)": the instruction's opcode in another encoding form. Returns
 * the form (heap) or NULL. */
static char *form_column(const char *h)
{
    const char *p = h + 6, *f;
    if (!text_starts(h, "Opcode"))
        return NULL;
    while (*p == ' ')
        p++;
    if (*p++ != '(')
        return NULL;
    f = p;
    while (isupper((unsigned char)*p) || isdigit((unsigned char)*p))
        p++;
    if (p == f || strcmp(p, ")") != 0)
        return NULL;
    return gcn_strndup(f, (size_t)(p - f));
}

static int is_check(const char *s)
{
    return strcmp(s, "\xE2\x9C\x93") == 0; /* U+2713 CHECK MARK */
}

static int is_none(const char *s)
{
    return s[0] == '\0' || strcmp(s, "--") == 0;
}

/* "S_CMP_LG_U64, S_CMP_NE_U64": one opcode under two names. */
static int is_name_list(const char *s)
{
    const char *p = s;
    if (!strstr(s, ", "))
        return 0;
    for (;;) {
        size_t n = strcspn(p, ",");
        char *one = gcn_strndup(p, n);
        int ok = one && text_is_mnemonic(one);
        free(one);
        if (!ok)
            return 0;
        if (!p[n])
            return 1;
        if (p[n + 1] != ' ')
            return 0;
        p += n + 2;
    }
}

/* A mnemonic cell: "DS_ADD_U32", "--", "", "DS_ORDERED_COUNT (???)", or a list of names
 * "S_CMP_LG_U64, S_CMP_NE_U64" (kept whole in *name; each name is claimed). */
static int mnemonic_cell(const char *s, char **name, char **remark)
{
    const char *sp = strchr(s, ' ');
    *name = NULL;
    *remark = NULL;
    if (is_none(s))
        return 1;
    if (is_name_list(s)) {
        *name = gcn_strdup(s);
        return 1;
    }
    if (!sp) {
        if (!text_is_mnemonic(s))
            return 0;
        *name = gcn_strdup(s);
        return 1;
    }
    *name = gcn_strndup(s, (size_t)(sp - s));
    if (!text_is_mnemonic(*name)) {
        free(*name);
        *name = NULL;
        return 0;
    }
    while (*sp == ' ')
        sp++;
    *remark = gcn_strdup(sp);
    return 1;
}

static int push_one_claim(gcn_fact *f, const char *gen, const char *mnemonic, size_t n)
{
    gcn_claim *v = realloc(f->claims, (f->nclaims + 1) * sizeof(*v));
    if (!v)
        return 0;
    f->claims = v;
    f->claims[f->nclaims].gen = gcn_strdup(gen);
    f->claims[f->nclaims].mnemonic = gcn_strndup(mnemonic, n);
    f->claims[f->nclaims].opcode = -1;
    f->claims[f->nclaims].ref = NULL;
    f->claims[f->nclaims].description = NULL;
    f->nclaims++;
    return 1;
}

/* One claim per name of a mnemonic cell ("A, B" claims A and B). */
static int push_claim(gcn_fact *f, const char *gen, const char *mnemonic)
{
    const char *p = mnemonic;
    if (!is_name_list(mnemonic))
        return push_one_claim(f, gen, mnemonic, strlen(mnemonic));
    for (;;) {
        size_t n = strcspn(p, ",");
        if (!push_one_claim(f, gen, p, n))
            return 0;
        if (!p[n])
            return 1;
        p += n + 2;
    }
}

/* The mnemonic column that names gen: a column qualified with gen, else an unqualified one. */
static int mnemonic_col_for(const column *cols, size_t ncols, const char *gen)
{
    size_t i;
    int plain = -1;
    for (i = 0; i < ncols; i++) {
        if (cols[i].type != COL_MNEMONIC)
            continue;
        if (gcn_strs_has(&cols[i].gens, gen))
            return (int)i;
        if (cols[i].gens.n == 0 && plain < 0)
            plain = (int)i;
    }
    return plain;
}

/* A row of a table with prefix columns: each checked prefix column names the instruction
 * "PREFIX" + the template after its '*', for the mnemonic column's generations (else the
 * table's). */
static gcn_status prefix_row(clrx *c, size_t line, size_t fi, const gcn_strs *table_gens,
                             const column *cols, size_t ncols, const gcn_strs *cells)
{
    size_t i, m = 0, g;
    const char *rest;
    const gcn_strs *gens;
    if (cells->n != ncols)
        return bad(c, line, 1, "opcode table: a row of a prefix table lost cells",
                   doc_line(c->L, line));
    for (i = 1; i < ncols; i++)
        if (cols[i].type == COL_MNEMONIC)
            m = i;
    if (!m)
        return bad(c, line, 1, "opcode table: prefix columns without a mnemonic column", NULL);
    rest = template_rest(cells->v[m]);
    if (!rest || !text_is_mnemonic(rest + 1))
        return bad(c, line, 1, "opcode table: expected a name template '*_NAME'", cells->v[m]);
    gens = cols[m].gens.n ? &cols[m].gens : table_gens;
    for (i = 1; i < ncols; i++) {
        char name[160];
        if (cols[i].type != COL_PREFIX || !cells->v[i][0])
            continue;
        if (!is_check(cells->v[i]))
            return bad(c, line, 1, "opcode table: expected a checkmark", cells->v[i]);
        snprintf(name, sizeof(name), "%s%s", cols[i].form, rest);
        for (g = 0; g < gens->n; g++)
            if (!push_claim(&c->out->v[fi], gens->v[g], name))
                return oom(c);
    }
    return GCN_OK;
}

static gcn_status opcode_row(clrx *c, size_t line, const gcn_fact *table,
                             const gcn_strs *table_gens, const column *cols, size_t ncols,
                             const gcn_strs *cells)
{
    gcn_fact *f;
    long dec, hexval;
    char *hex = NULL;
    const char *end;
    size_t i, fi;
    int aligned = cells->n == ncols;
    if (!text_opcode(cells->v[0], &dec, &hex, &hexval, &end) || *end)
        return bad(c, line, 1, "opcode table: first cell is not 'N (0xH)'", cells->v[0]);
    f = add(c, GCN_FACT_OPCODE_ROW, line);
    if (!f) {
        free(hex);
        return oom(c);
    }
    fi = (size_t)(f - c->out->v);
    f->lo = dec;
    f->hex = hex;
    f->hexval = hexval;
    f->ref = gcn_strdup(table->id);
    for (i = 1; i < cells->n; i++)
        gcn_strs_push(&f->cells, cells->v[i]);
    for (i = 1; i < ncols; i++)
        if (cols[i].type == COL_PREFIX)
            return prefix_row(c, line, fi, table_gens, cols, ncols, cells);
    /* Does every present cell fit the type of its column? */
    for (i = 1; aligned && i < ncols; i++) {
        char *name, *remark;
        if (cols[i].type == COL_CHECK && !is_check(cells->v[i]) && cells->v[i][0])
            aligned = 0;
        if (cols[i].type == COL_FORM_OPCODE && !is_none(cells->v[i])) {
            gcn_opcode_part part, *v;
            const char *e;
            memset(&part, 0, sizeof(part));
            if (!text_opcode(cells->v[i], &part.dec, &part.hex, &part.hexval, &e) || *e) {
                free(part.hex);
                if (is_check(cells->v[i]) || text_is_mnemonic(cells->v[i])) {
                    aligned = 0; /* a cell moved left: the row lost one */
                    continue;
                }
                if (!text_opcode(cells->v[i], &part.dec, &part.hex, &part.hexval, &e)) {
                    free(part.hex);
                    return bad(c, line, 1, "opcode table: not an opcode", cells->v[i]);
                }
                /* "400 (0x190": the number reads, the rest of the cell does not; the row
                 * still says what it says, and the cell is left to triage */
                free(part.hex);
                {
                    gcn_fact *u = add(c, GCN_FACT_UNMODELLED, line);
                    char msg[200];
                    if (!u)
                        return oom(c);
                    snprintf(msg, sizeof(msg), "an opcode cell that cannot be read: '%s'",
                             cells->v[i]);
                    u->description = gcn_strdup(msg);
                    u->ref = gcn_strdup(table->id);
                    u->form = gcn_strdup(cols[i].form);
                }
                continue;
            }
            part.text = gcn_strdup(cells->v[i]);
            part.form = gcn_strdup(cols[i].form);
            f = &c->out->v[fi];
            v = realloc(f->parts, (f->nparts + 1) * sizeof(*v));
            if (!v || !part.text || !part.form) {
                free(part.hex);
                free(part.text);
                free(part.form);
                return oom(c);
            }
            f->parts = v;
            f->parts[f->nparts++] = part;
        }
        if (cols[i].type == COL_MNEMONIC) {
            if (!mnemonic_cell(cells->v[i], &name, &remark))
                return bad(c, line, 1, "opcode table: not a mnemonic", cells->v[i]);
            /* A check column holding a name, or a name column left empty while a later cell is
             * not: the row lost a cell and everything after it moved left. */
            free(name);
            free(remark);
        }
    }
    if (aligned) {
        /* Generations with a check column: claimed when checked. Generations named only by a
         * mnemonic column's qualifier: claimed when the cell names an instruction. */
        gcn_strs seen = {0};
        for (i = 1; i < ncols; i++) {
            if (cols[i].type == COL_CHECK && is_check(cells->v[i])) {
                int m = mnemonic_col_for(cols, ncols, cols[i].gens.v[0]);
                char *name = NULL, *remark = NULL;
                if (m >= 0)
                    mnemonic_cell(cells->v[m], &name, &remark);
                if (!push_claim(f, cols[i].gens.v[0], name ? name : ""))
                    return oom(c);
                if (remark && !f->remark)
                    f->remark = gcn_strdup(remark);
                free(name);
                free(remark);
            }
            if (cols[i].type == COL_CHECK)
                gcn_strs_push(&seen, cols[i].gens.v[0]);
        }
        for (i = 1; i < ncols; i++) {
            size_t g;
            char *name = NULL, *remark = NULL;
            /* an unqualified mnemonic column in a table without check columns names the
             * instruction for the generations of the table's caption */
            const gcn_strs *gens = cols[i].gens.n || seen.n ? &cols[i].gens : table_gens;
            if (cols[i].type != COL_MNEMONIC)
                continue;
            mnemonic_cell(cells->v[i], &name, &remark);
            for (g = 0; g < gens->n; g++) {
                if (gcn_strs_has(&seen, gens->v[g]))
                    continue;
                if (name && !push_claim(f, gens->v[g], name))
                    return oom(c);
            }
            if (remark && !f->remark)
                f->remark = gcn_strdup(remark);
            free(name);
            free(remark);
        }
        gcn_strs_free(&seen);
        return GCN_OK;
    }
    /* The row lost cells: say what it still says, and which readings remain. */
    {
        gcn_fact *a = add(c, GCN_FACT_AMBIGUOUS_ROW, line);
        size_t nchecks = 0, nnames = 0, ncheckcols = 0, k;
        gcn_strs checkgens = {0};
        if (!a)
            return oom(c);
        f = &c->out->v[fi];
        a->ref = gcn_strdup(table->id);
        for (i = 1; i < cells->n; i++) {
            char *name, *remark;
            if (is_check(cells->v[i])) {
                nchecks++;
            } else if (cells->v[i][0] && mnemonic_cell(cells->v[i], &name, &remark) && name) {
                nnames++;
                if (!a->mnemonic)
                    a->mnemonic = gcn_strdup(name);
                if (remark && !a->remark)
                    a->remark = gcn_strdup(remark);
                free(name);
                free(remark);
            }
        }
        for (i = 1; i < ncols; i++)
            if (cols[i].type == COL_CHECK) {
                ncheckcols++;
                gcn_strs_push(&checkgens, cols[i].gens.v[0]);
            }
        if (nnames != 1 || nchecks > ncheckcols || !ncheckcols) {
            gcn_strs_free(&checkgens);
            return bad(c, line, 1, "opcode table: row cannot be read", doc_line(c->L, line));
        }
        f->mnemonic = gcn_strdup(a->mnemonic);
        /* Every choice of nchecks check columns (order kept) is a reading of the row. */
        for (k = 0; k < (1u << ncheckcols); k++) {
            size_t bits = 0, b;
            char joined[128] = "";
            for (b = 0; b < ncheckcols; b++)
                if (k & (1u << b))
                    bits++;
            if (bits != nchecks)
                continue;
            for (b = 0; b < ncheckcols; b++)
                if (k & (1u << b)) {
                    if (joined[0])
                        strncat(joined, "+", sizeof(joined) - strlen(joined) - 1);
                    strncat(joined, checkgens.v[b], sizeof(joined) - strlen(joined) - 1);
                }
            gcn_strs_push(&a->candidates, joined);
        }
        gcn_strs_push(&a->gens, checkgens.v[0]);
        for (k = 1; k < checkgens.n; k++)
            gcn_strs_push(&a->gens, checkgens.v[k]);
        a->description = gcn_strdup(
            "the row has fewer cells than the table has columns: empty cells were lost, so which "
            "generation column each checkmark belongs to is not stated");
        gcn_strs_free(&checkgens);
    }
    return GCN_OK;
}

static gcn_status opcode_table(clrx *c, size_t line, const gcn_strs *head, size_t *next)
{
    gcn_fact *t;
    column cols[16];
    size_t ncols = head->n, i, r;
    char *table_id;
    size_t ti;
    gcn_status st = GCN_OK;
    char idbuf[600];
    if (ncols > 16 || ncols < 2)
        return bad(c, line, 1, "opcode table: unexpected number of columns", NULL);
    memset(cols, 0, sizeof(cols));
    t = add_table(c, GCN_FACT_OPCODE_TABLE, line);
    if (!t)
        return oom(c);
    ti = (size_t)(t - c->out->v);
    if (c->caption) {
        t->name = gcn_strdup(c->caption);
        text_gens(c->caption, &t->gens);
    }
    for (i = 0; i < ncols; i++) {
        const char *h = head->v[i];
        gcn_strs_push(&t->cells, h);
        if (i == 0) {
            if (strcmp(h, "Opcode") != 0) {
                st = bad(c, line, 1, "opcode table: first column must be 'Opcode'", h);
                break;
            }
            cols[i].type = COL_OPCODE;
        } else if (text_starts(h, "Mnemonic")) {
            cols[i].type = COL_MNEMONIC;
            text_gens(h, &cols[i].gens);
        } else if (text_starts(h, "GCN") && text_gens(h, &cols[i].gens) == 1) {
            cols[i].type = COL_CHECK;
        } else if ((cols[i].form = form_column(h)) != NULL) {
            cols[i].type = COL_FORM_OPCODE;
        } else if (is_prefix_column(h)) {
            cols[i].type = COL_PREFIX;
            cols[i].form = gcn_strdup(h);
        } else {
            st = bad(c, line, 1, "opcode table: unknown column", h);
            break;
        }
    }
    if (st != GCN_OK) {
        for (i = 0; i < ncols; i++) {
            gcn_strs_free(&cols[i].gens);
            free(cols[i].form);
        }
        return st;
    }
    /* An unqualified mnemonic column names the instruction for every checked generation, or,
     * when the table has no check columns, for the generations of its caption. */
    for (i = 1; i < ncols; i++) {
        size_t k;
        for (k = 0; k < cols[i].gens.n; k++)
            if (!gcn_strs_has(&t->gens, cols[i].gens.v[k]))
                gcn_strs_push(&t->gens, cols[i].gens.v[k]);
    }
    /* a table neither its caption nor its columns qualify is for the generations of the page's
     * title ("GCN ISA VOP3P instructions (GCN 1.4)"), when the title names any */
    if (!t->gens.n)
        for (i = 0; i < c->title_gens.n; i++)
            gcn_strs_push(&t->gens, c->title_gens.v[i]);
    /* ... else for the generations the page's notes before it name (VINTRP: "Encoding type is
     * 0b110010 for GCN 1.0/1.1 or 0b110101 for GCN 1.2/1.4.") */
    if (!t->gens.n)
        for (i = 0; i < ti; i++) {
            const gcn_fact *n = &c->out->v[i];
            size_t k;
            if (n->kind != GCN_FACT_NOTE || strcmp(n->file, c->L->file) != 0)
                continue;
            for (k = 0; k < n->gens.n; k++)
                if (!gcn_strs_has(&t->gens, n->gens.v[k]))
                    gcn_strs_push(&t->gens, n->gens.v[k]);
        }
    for (i = 0; i < t->gens.n; i++)
        if (!gcn_strs_has(&c->doc_gens, t->gens.v[i]))
            gcn_strs_push(&c->doc_gens, t->gens.v[i]);
    snprintf(idbuf, sizeof(idbuf), "%s:%zu:%s", c->L->file, line,
             gcn_fact_kind_name(GCN_FACT_OPCODE_TABLE));
    table_id = gcn_strdup(idbuf);
    t->id = gcn_strdup(idbuf);
    for (r = line + 2; r <= c->L->n; r++) {
        gcn_strs cells = {0};
        const char *l = doc_line(c->L, r);
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        if (!text_cells(l, &cells)) {
            st = oom(c);
        } else {
            gcn_fact tmp;
            memset(&tmp, 0, sizeof(tmp));
            tmp.id = table_id;
            gcn_strs tg = {0};
            size_t g;
            for (g = 0; g < c->out->v[ti].gens.n; g++)
                gcn_strs_push(&tg, c->out->v[ti].gens.v[g]);
            st = opcode_row(c, r, &tmp, &tg, cols, ncols, &cells);
            gcn_strs_free(&tg);
        }
        gcn_strs_free(&cells);
        if (st != GCN_OK)
            break;
    }
    if (st == GCN_OK && r == line + 2)
        st = bad(c, line, 1, "opcode table has no rows", NULL);
    c->out->v[ti].last_line = (unsigned)(r - 1);
    *next = r;
    free(table_id);
    for (i = 0; i < ncols; i++) {
        gcn_strs_free(&cols[i].gens);
        free(cols[i].form);
    }
    free(c->caption);
    c->caption = NULL;
    c->nopcode_tables++;
    return st;
}

static gcn_status generic_table(clrx *c, size_t line, const gcn_strs *head, size_t *next)
{
    gcn_fact *t = add_table(c, GCN_FACT_TABLE, line);
    size_t i, r, ti;
    char idbuf[600];
    if (!t)
        return oom(c);
    ti = (size_t)(t - c->out->v);
    for (i = 0; i < head->n; i++)
        gcn_strs_push(&t->cells, head->v[i]);
    snprintf(idbuf, sizeof(idbuf), "%s:%zu:%s", c->L->file, line,
             gcn_fact_kind_name(GCN_FACT_TABLE));
    for (r = line + 2; r <= c->L->n; r++) {
        const char *l = doc_line(c->L, r);
        gcn_fact *row;
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        row = add(c, GCN_FACT_TABLE_ROW, r);
        if (!row || !text_cells(l, &row->cells))
            return oom(c);
        row->ref = gcn_strdup(idbuf);
        /* a row with more cells than the header (a '|' inside a cell) is kept as written:
         * the table detector reports it */
    }
    c->out->v[ti].last_line = (unsigned)(r - 1);
    *next = r;
    return GCN_OK;
}

static gcn_status field_table(clrx *c, size_t line, const gcn_strs *head, size_t *next)
{
    size_t r;
    gcn_status st = GCN_OK;
    if (head->n != 3 || strcmp(head->v[1], "Name") != 0 || strcmp(head->v[2], "Description") != 0)
        return bad(c, line, 1, "field table header must be 'Bits | Name | Description'", NULL);
    for (r = line + 2; r <= c->L->n; r++) {
        gcn_strs cells = {0};
        const char *l = doc_line(c->L, r);
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        if (!text_cells(l, &cells))
            st = oom(c);
        else
            st = field_row(c, r, &cells);
        gcn_strs_free(&cells);
        if (st != GCN_OK)
            return st;
    }
    if (r == line + 2)
        return bad(c, line, 1, "field table has no rows", NULL);
    c->nfield_tables++;
    *next = r;
    return GCN_OK;
}

/* ---- preamble ----------------------------------------------------------------------------- */

static int is_instruction_set_heading(const char *l)
{
    return strcmp(l, "### Instruction set") == 0 || strcmp(l, "Instruction set") == 0;
}

static int is_syntax_template(const char *l)
{
    const char *colon = strchr(l, ':');
    size_t n;
    if (!colon)
        return 0;
    n = (size_t)(colon - l);
    /* "Syntax:", "Write syntax:", "VDST syntax:", "Instruction syntax:", "Syntax for almost
     * instructions:", "Example:" */
    if (text_starts(l, "Example:"))
        return 1;
    return n < 40 &&
           (text_starts(l, "Syntax") || (strstr(l, "syntax") && strstr(l, "syntax") < colon));
}

static gcn_status note(clrx *c, size_t first, size_t last)
{
    gcn_fact *f = add(c, GCN_FACT_NOTE, first);
    if (!f)
        return oom(c);
    f->last_line = (unsigned)last;
    free(f->text);
    f->text = join_lines(c->L, first, last, 0);
    if (!f->text)
        return oom(c);
    text_note_topics(f->text, &f->topics);
    text_gens(f->text, &f->gens);
    return GCN_OK;
}

/* Whether every column of an opcode table's header is one opcode_table() reads. */
static int opcode_columns_known(const gcn_strs *head)
{
    size_t i;
    for (i = 1; i < head->n; i++) {
        gcn_strs gens = {0};
        const char *h = head->v[i];
        char *form = form_column(h);
        int known = form || text_starts(h, "Mnemonic") || is_prefix_column(h) ||
                    (text_starts(h, "GCN") && text_gens(h, &gens) == 1);
        free(form);
        gcn_strs_free(&gens);
        if (!known)
            return 0;
    }
    return 1;
}

/* An opcode table of a shape the extractor does not read (opcode ranges and name templates
 * "V_CMP_{OP16}_F32", segment columns "FLAT | GLOBAL | SCRATCH" over "*_LOAD_DWORD"): kept as
 * a table and its rows, and marked unmodelled on its header line. */
static gcn_status unmodelled_opcode_table(clrx *c, size_t line, const gcn_strs *head, size_t *next)
{
    gcn_status st = generic_table(c, line, head, next);
    gcn_fact *u;
    char msg[400];
    size_t i;
    if (st != GCN_OK)
        return st;
    u = add(c, GCN_FACT_UNMODELLED, line);
    if (!u)
        return oom(c);
    u->last_line = (unsigned)(*next - 1);
    free(u->text);
    u->text = join_lines(c->L, line, *next - 1, 0);
    snprintf(msg, sizeof(msg), "an opcode table whose columns are not read as opcodes and names:");
    for (i = 0; i < head->n; i++) {
        strncat(msg, i ? " | " : " ", sizeof(msg) - strlen(msg) - 1);
        strncat(msg, head->v[i], sizeof(msg) - strlen(msg) - 1);
    }
    u->description = gcn_strdup(msg);
    if (c->caption) {
        u->name = gcn_strdup(c->caption);
        text_gens(c->caption, &u->gens);
        free(c->caption);
        c->caption = NULL;
    }
    c->nunmodelled_opcode_tables++;
    return u->text && u->description ? GCN_OK : oom(c);
}

/* ---- range tables: "0-15 (0x00-0x0f) | V_CMP_{OP16}_F32 | ..." --------------------------------
 * A row names one instruction per row of the template table that expands its placeholder
 * ("Opcode offset | OP16 name | Description"): the instruction at range start + offset is the
 * row's name with the placeholder replaced by the template row's name. */

/* "0-15 (0x00-0x0f)": the range and, when written, its hex start (heap) and value. */
static int range_cell(const char *s, long *lo, long *hi, char **hex, long *hexval)
{
    char *e;
    const char *p = s;
    *hex = NULL;
    *hexval = -1;
    if (!isdigit((unsigned char)*p))
        return 0;
    *lo = strtol(p, &e, 10);
    if (*e != '-' || !isdigit((unsigned char)e[1]))
        return 0;
    *hi = strtol(e + 1, &e, 10);
    p = e;
    while (*p == ' ')
        p++;
    if (*p == '(') {
        const char *h = p + 1, *q = h;
        if (q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
            return 0;
        q += 2;
        while (isxdigit((unsigned char)*q))
            q++;
        if (q == h + 2 || *q != '-')
            return 0;
        *hex = gcn_strndup(h, (size_t)(q - h));
        *hexval = strtol(h + 2, NULL, 16);
        q++;
        if (q[0] != '0' || (q[1] != 'x' && q[1] != 'X'))
            return 0;
        q += 2;
        while (isxdigit((unsigned char)*q))
            q++;
        if (*q != ')')
            return 0;
        p = q + 1;
    }
    return *p == '\0' && *lo <= *hi;
}

/* The table headed "Opcode offset | NAME name | ..." that expands placeholder NAME: the first
 * after line `from`, else the first before it; 0 when the page has none. */
static size_t template_table(const clrx *c, const char *name, size_t from)
{
    size_t i, before = 0;
    char want[80];
    snprintf(want, sizeof(want), "%s name", name);
    for (i = 1; i < c->L->n; i++) {
        gcn_strs head = {0};
        int hit;
        if (!is_table_start(c, i))
            continue;
        hit = text_cells(doc_line(c->L, i), &head) && head.n >= 2 &&
              strcmp(head.v[0], "Opcode offset") == 0 && strcmp(head.v[1], want) == 0;
        gcn_strs_free(&head);
        if (hit && i > from)
            return i;
        if (hit && !before)
            before = i;
    }
    return before;
}

static int is_template_table(const gcn_strs *head)
{
    size_t n;
    if (head->n < 2 || strcmp(head->v[0], "Opcode offset") != 0)
        return 0;
    n = strlen(head->v[1]);
    return n > 5 && strcmp(head->v[1] + n - 5, " name") == 0;
}

static gcn_status range_unmodelled(clrx *c, size_t line, const char *msg)
{
    gcn_fact *u = add(c, GCN_FACT_UNMODELLED, line);
    if (!u || !(u->description = gcn_strdup(msg)))
        return oom(c);
    return GCN_OK;
}

/* Expands one range row by the rows of its template table (at line t). */
static gcn_status expand_range_row(clrx *c, size_t fi, const gcn_strs *gens, long lo, long hi,
                                   const char *prefix, const char *suffix, const char *holder,
                                   size_t t)
{
    size_t r, nrows = 0, line = c->out->v[fi].line;
    char msg[400];
    for (r = t + 2; r <= c->L->n; r++) {
        gcn_strs cells = {0};
        const char *l = doc_line(c->L, r), *end, *p, *desc;
        long off, hexval;
        char *hex = NULL, ref[600];
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        nrows++;
        if (!text_cells(l, &cells))
            return oom(c);
        /* a row may leave its description empty ("1 (0x1) | XOR |"): it then describes nothing,
         * which the missing-section detector sees */
        if (cells.n < 2 || !strchr(strchr(l, '|') + 1, '|') ||
            !text_opcode(cells.v[0], &off, &hex, &hexval, &end) || *end || (hex && hexval != off)) {
            free(hex);
            gcn_strs_free(&cells);
            return bad(c, r, 1, "template table: expected 'N (0xN) | NAME | Description'", l);
        }
        free(hex);
        /* the description is the rest of the line: "A || B" in pseudocode is no cell border */
        desc = strchr(strchr(l, '|') + 1, '|') + 1;
        while (*desc == ' ')
            desc++;
        snprintf(ref, sizeof(ref), "%s:%zu:%s", c->L->file, r,
                 gcn_fact_kind_name(GCN_FACT_TABLE_ROW));
        /* an offset past the range's end names no instruction of this row: the width check
         * below reports it */
        for (p = cells.v[1]; off <= hi - lo;) {
            size_t n = strcspn(p, ","), g;
            char name[160];
            snprintf(name, sizeof(name), "%s%.*s%s", prefix, (int)n, p, suffix);
            if (!text_is_mnemonic(name)) {
                gcn_strs_free(&cells);
                return bad(c, r, 1, "template table: the name does not make a mnemonic", name);
            }
            for (g = 0; g < gens->n; g++) {
                gcn_fact *f = &c->out->v[fi];
                gcn_claim *k;
                if (!push_one_claim(f, gens->v[g], name, strlen(name)))
                    return oom(c);
                k = &f->claims[f->nclaims - 1];
                k->opcode = lo + off;
                k->ref = gcn_strdup(ref);
                k->description = text_trim(desc);
                if (!k->ref || !k->description)
                    return oom(c);
            }
            if (!p[n])
                break;
            p += n + 1;
            while (*p == ' ')
                p++;
        }
        gcn_strs_free(&cells);
    }
    if ((long)nrows != hi - lo + 1) {
        snprintf(msg, sizeof(msg),
                 "a range of %ld opcodes (%ld-%ld) whose placeholder {%s} the %zu rows of the "
                 "template table at line %zu expand",
                 hi - lo + 1, lo, hi, holder, nrows, t);
        return range_unmodelled(c, line, msg);
    }
    return GCN_OK;
}

static gcn_status range_row(clrx *c, size_t line, const char *table_id, const gcn_strs *gens,
                            const gcn_strs *cells)
{
    long lo, hi, hexval;
    char *hex = NULL, *prefix, *holder;
    const char *open, *close;
    size_t t, fi;
    gcn_fact *f;
    gcn_status st;
    char msg[300];
    if (cells->n != 3 || !range_cell(cells->v[0], &lo, &hi, &hex, &hexval)) {
        free(hex);
        return bad(c, line, 1, "range table: expected 'N-M (0xN-0xM) | NAME | Description'",
                   doc_line(c->L, line));
    }
    open = strchr(cells->v[1], '{');
    close = open ? strchr(open, '}') : NULL;
    if (!close || close == open + 1) {
        free(hex);
        return bad(c, line, 1, "range table: the name holds no {PLACEHOLDER}", cells->v[1]);
    }
    holder = gcn_strndup(open + 1, (size_t)(close - open - 1));
    prefix = gcn_strndup(cells->v[1], (size_t)(open - cells->v[1]));
    if (!holder || !prefix) {
        free(hex);
        free(holder);
        free(prefix);
        return oom(c);
    }
    t = template_table(c, holder, line);
    if (!t) {
        free(hex);
        snprintf(msg, sizeof(msg),
                 "a range of opcodes named by a placeholder {%s} that no table headed "
                 "'Opcode offset | %s name' expands",
                 holder, holder);
        st = range_unmodelled(c, line, msg);
        free(holder);
        free(prefix);
        return st;
    }
    f = add(c, GCN_FACT_OPCODE_ROW, line);
    if (!f) {
        free(hex);
        free(holder);
        free(prefix);
        return oom(c);
    }
    fi = (size_t)(f - c->out->v);
    f->lo = lo;
    f->hex = hex;
    f->hexval = hexval;
    f->ref = gcn_strdup(table_id);
    gcn_strs_push(&f->cells, cells->v[1]);
    gcn_strs_push(&f->cells, cells->v[2]);
    st = expand_range_row(c, fi, gens, lo, hi, prefix, close + 1, holder, t);
    free(holder);
    free(prefix);
    return st;
}

static gcn_status range_table(clrx *c, size_t line, const gcn_strs *head, size_t *next)
{
    gcn_fact *t = add_table(c, GCN_FACT_OPCODE_TABLE, line);
    size_t i, r, ti;
    gcn_strs gens = {0};
    gcn_status st = GCN_OK;
    char idbuf[600];
    if (!t)
        return oom(c);
    ti = (size_t)(t - c->out->v);
    for (i = 0; i < head->n; i++)
        gcn_strs_push(&t->cells, head->v[i]);
    if (c->caption) {
        t->name = gcn_strdup(c->caption);
        text_gens(c->caption, &t->gens);
    }
    if (!t->gens.n)
        for (i = 0; i < c->title_gens.n; i++)
            gcn_strs_push(&t->gens, c->title_gens.v[i]);
    for (i = 0; i < t->gens.n; i++) {
        gcn_strs_push(&gens, t->gens.v[i]);
        if (!gcn_strs_has(&c->doc_gens, t->gens.v[i]))
            gcn_strs_push(&c->doc_gens, t->gens.v[i]);
    }
    snprintf(idbuf, sizeof(idbuf), "%s:%zu:%s", c->L->file, line,
             gcn_fact_kind_name(GCN_FACT_OPCODE_TABLE));
    for (r = line + 2; r <= c->L->n && st == GCN_OK; r++) {
        gcn_strs cells = {0};
        const char *l = doc_line(c->L, r);
        if (line_is_blank(l) || !strchr(l, '|'))
            break;
        st = text_cells(l, &cells) ? range_row(c, r, idbuf, &gens, &cells) : oom(c);
        gcn_strs_free(&cells);
    }
    gcn_strs_free(&gens);
    if (st != GCN_OK)
        return st;
    if (r == line + 2)
        return bad(c, line, 1, "range table has no rows", NULL);
    c->out->v[ti].last_line = (unsigned)(r - 1);
    *next = r;
    free(c->caption);
    c->caption = NULL;
    c->nopcode_tables++;
    return GCN_OK;
}

/* "List of the instructions by opcode (GCN 1.0/1.1):", "List of the MIMG instructions by
 * opcode:", "Table of integer comparison instructions by opcode (GCN 1.2/1.4):" */
static int is_opcode_caption(const char *l)
{
    return (text_starts(l, "List of the ") || text_starts(l, "Table of ")) &&
           strstr(l, "instructions by opcode") && l[strlen(l) - 1] == ':';
}

static int has_instruction_set_heading(const clrx *c)
{
    size_t i;
    for (i = 1; i <= c->L->n; i++)
        if (is_instruction_set_heading(doc_line(c->L, i)))
            return 1;
    return 0;
}

static gcn_status preamble(clrx *c, size_t from, size_t *next)
{
    size_t i = from, para = 0;
    gcn_status st;
    while (i <= c->L->n) {
        const char *l = doc_line(c->L, i);
        int bullet = text_starts(l, "* ") || text_starts(l, "- ");
        if (para && (line_is_blank(l) || bullet || c->scraped || is_table_start(c, i) ||
                     is_syntax_template(l) || is_instruction_set_heading(l) ||
                     text_starts(l, "List of "))) {
            if ((st = note(c, para, i - 1)) != GCN_OK)
                return st;
            para = 0;
        }
        if (line_is_blank(l)) {
            i++;
            continue;
        }
        if (is_instruction_set_heading(l)) {
            *next = i + 1;
            return GCN_OK;
        }
        if (text_starts(l, "#### ") && !c->scraped && !has_instruction_set_heading(c)) {
            /* a page without the heading: its first section starts the instruction set */
            if (para && (st = note(c, para, i - 1)) != GCN_OK)
                return st;
            *next = i;
            return GCN_OK;
        }
        if (text_starts(l, "####") ||
            (c->scraped && text_is_mnemonic(l) && text_starts(doc_line(c->L, i + 1), "Opcode")))
            return bad(c, i, 1, "instruction section before the 'Instruction set' heading", l);
        if (is_table_start(c, i)) {
            gcn_strs head = {0};
            if (!text_cells(l, &head))
                return oom(c);
            if (head.n && strcmp(head.v[0], "Bits") == 0)
                st = field_table(c, i, &head, &i);
            else if (head.n && strcmp(head.v[0], "Opcode") == 0 && opcode_columns_known(&head))
                st = opcode_table(c, i, &head, &i);
            else if (head.n == 3 && strcmp(head.v[0], "Opcode range") == 0 &&
                     strcmp(head.v[1], "Instruction") == 0)
                st = range_table(c, i, &head, &i);
            else if (is_template_table(&head))
                st = generic_table(c, i, &head, &i);
            else if (head.n && text_starts(head.v[0], "Opcode"))
                st = unmodelled_opcode_table(c, i, &head, &i);
            else
                st = generic_table(c, i, &head, &i);
            gcn_strs_free(&head);
            if (st != GCN_OK)
                return st;
            continue;
        }
        if (strstr(l, "List of fields")) {
            free(c->field_caption);
            c->field_caption = gcn_strdup(strstr(l, "List of fields"));
        }
        if (is_opcode_caption(l)) {
            free(c->caption);
            c->caption = gcn_strdup(l);
            c->caption_line = i;
            i++;
            continue;
        }
        if (text_starts(l, "Alphabetically sorted")) {
            i++;
            continue;
        }
        if (is_syntax_template(l)) {
            gcn_fact *f = add(c, GCN_FACT_SYNTAX_TEMPLATE, i);
            const char *colon = strchr(l, ':');
            if (!f)
                return oom(c);
            f->label = gcn_strndup(l, (size_t)(colon - l + 1));
            /* the template under another encoding's field table is that form's ("Syntax:
             * INSTRUCTION SDST(2), SRC0, SRC1 [MODIFIERS]" under VOPC's VOP3A/VOP3B fields) */
            f->form = caption_form(c);
            i++;
            continue;
        }
        if (strchr(l, '|') && !c->scraped && !bullet)
            return bad(c, i, 1, "table row outside a table (missing header or separator?)", NULL);
        {
            const char *needs = strstr(l, "needs ");
            if (needs && strstr(needs, " bytes")) {
                gcn_fact *f = add(c, GCN_FACT_ENCODING_SIZE, i);
                if (!f)
                    return oom(c);
                f->bytes = strtol(needs + 6, NULL, 10);
                if (f->bytes <= 0 || f->bytes > 16)
                    return bad(c, i, (size_t)(needs - l) + 7, "bad encoding size", NULL);
            }
        }
        if (!para)
            para = i;
        if (c->scraped || bullet) {
            if ((st = note(c, i, i)) != GCN_OK)
                return st;
            para = 0;
        }
        i++;
    }
    return bad(c, c->L->n ? c->L->n : 1, 0,
               "document ends before the 'Instruction set' heading (truncated?)", NULL);
}

/* ---- sections ----------------------------------------------------------------------------- */

typedef enum label_kind {
    LBL_NONE,
    LBL_OPCODE,
    LBL_SYNTAX,
    LBL_DESCRIPTION,
    LBL_OPERATION
} label_kind;

/* Whether a and b differ by at most one letter substituted, inserted or deleted. */
static int one_edit(const char *a, size_t na, const char *b, size_t nb)
{
    size_t i = 0;
    if (na > nb)
        return one_edit(b, nb, a, na);
    if (nb - na > 1)
        return 0;
    while (i < na && a[i] == b[i])
        i++;
    if (na == nb)
        return i == na || strncmp(a + i + 1, b + i + 1, na - i - 1) == 0;
    return strncmp(a + i, b + i + 1, na - i) == 0;
}

/* An encoding form ("VOP3A") or a generation list ("GCN 1.0/1.1") at p; returns its end. */
static const char *qualifier_word(const char *p, char **form, gcn_strs *gens)
{
    const char *q = p;
    if (text_starts(p, "GCN ")) {
        q = p + 4;
        while (isdigit((unsigned char)*q) || *q == '.' || *q == '/')
            q++;
        {
            char *g = gcn_strndup(p, (size_t)(q - p));
            int n = g ? text_gens(g, gens) : 0;
            free(g);
            return n ? q : NULL;
        }
    }
    while (isupper((unsigned char)*q) || isdigit((unsigned char)*q))
        q++;
    if (q == p || *form)
        return NULL;
    *form = gcn_strndup(p, (size_t)(q - p));
    return q;
}

/* What may stand between a label word and its colon: " VOP3A", " (VOP3B)", " (GCN 1.4)",
 * " VOP2 GCN 1.0/1.1", and a form written after the colon ("Opcode: VOP1:"). Returns the
 * length read up to and including the (last) colon, 0 when p holds no such qualifier; on 0,
 * *form and gens are left empty. */
static size_t label_qualifier(const char *p, char **form, gcn_strs *gens)
{
    const char *q = p;
    int any = 0;
    while (*q == ' ') {
        int paren = q[1] == '(';
        const char *w = q + 1 + paren, *e = qualifier_word(w, form, gens);
        if (!e || (paren && *e != ')'))
            break;
        q = e + paren;
        any = 1;
    }
    if (*q == ':' && q[1] == ' ' && !any) {
        /* "Opcode: VOP1: 58": the form after the label's colon */
        const char *w = q + 2, *e = qualifier_word(w, form, gens);
        if (e && *e == ':' && *form && !gens->n && e[1] == ' ' && isdigit((unsigned char)e[2]))
            return (size_t)(e + 1 - p);
    }
    if (any && *q == ':')
        return (size_t)(q + 1 - p);
    free(*form);
    *form = NULL;
    gcn_strs_free(gens);
    return 0;
}

/* "Opcode: 1", "Opcode 40", "Syntax:", "Syntax S_...", "Description:", "Operation:", a label
 * for one encoding form ("Opcode VOP3A:", "Opcode (VOP3B):", "Syntax VOP2:"), and a label word
 * misspelled by one letter ("Syntac:", "Descrition:"), which triage reports. */
static label_kind label_of(const char *l, size_t *label_len, const char **rest, char **form,
                           gcn_strs *gens)
{
    static const struct {
        const char *word;
        label_kind kind;
    } labels[] = {{"Opcode", LBL_OPCODE},
                  {"Syntax", LBL_SYNTAX},
                  {"Description", LBL_DESCRIPTION},
                  {"Operation", LBL_OPERATION}};
    size_t i, wlen = 0;
    *form = NULL;
    while (isalpha((unsigned char)l[wlen]))
        wlen++;
    for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
        size_t n = strlen(labels[i].word), fl;
        const char *p;
        if (wlen != n || strncmp(l, labels[i].word, n) != 0) {
            /* a misspelled label word, always followed by its colon */
            if (n < 6 || l[wlen] != ':' || !one_edit(l, wlen, labels[i].word, n))
                continue;
            n = wlen;
        }
        p = l + n;
        if ((fl = label_qualifier(p, form, gens)) > 0) {
            p += fl;
        } else if (*p == ':') {
            p++;
        } else {
            /* A label the page forgot the colon of ("Opcode 40", "Syntax S_...",
             * "Description Read ..."), never prose such as "Operation is atomic." */
            const char *q = p;
            while (*q == ' ')
                q++;
            if (*p != ' ' || labels[i].kind == LBL_OPERATION)
                continue;
            if (labels[i].kind == LBL_OPCODE && !isdigit((unsigned char)*q))
                continue;
            if (labels[i].kind == LBL_SYNTAX && !isupper((unsigned char)*q))
                continue;
        }
        *label_len = (size_t)(p - l);
        while (*p == ' ')
            p++;
        *rest = p;
        return labels[i].kind;
    }
    return LBL_NONE;
}

/* A scraped line that starts code rather than prose. */
static int looks_like_code(const char *l)
{
    const char *p = l;
    static const char *const starts[] = {"if (", "for (", "else",   "{",    "}", "UINT",
                                         "INT",  "FLOAT", "DOUBLE", "BYTE", NULL};
    const char *const *s;
    for (s = starts; *s; s++)
        if (text_starts(l, *s) && (isupper((unsigned char)(*s)[0]) ? strchr(l, '=') != NULL : 1))
            return 1;
    if (*p == '*' || *p == '(')
        p++;
    if (!isalpha((unsigned char)*p) && *p != '_')
        return 0;
    while (isalnum((unsigned char)*p) || *p == '_')
        p++;
    if (*p == '[') {
        p = strchr(p, ']');
        if (!p)
            return 0;
        p++;
    }
    while (*p == ' ')
        p++;
    if (*p && strchr("+-*/|&^", *p) && p[1] == '=')
        p++;
    return p[0] == '=' && p[1] != '=';
}

static int is_section_heading(const clrx *c, size_t i, const char **name)
{
    const char *l = doc_line(c->L, i);
    if (!c->scraped) {
        char *word;
        int mnemonic;
        if (text_starts(l, "#### ")) {
            *name = l + 5;
            return 1;
        }
        /* a heading one level up that names an instruction ("### V_EXP_LEGACY_F32") */
        if (!text_starts(l, "### "))
            return 0;
        word = gcn_strndup(l + 4, strcspn(l + 4, " "));
        mnemonic = word && text_is_mnemonic(word);
        free(word);
        if (mnemonic)
            *name = l + 4;
        return mnemonic;
    }
    if (text_is_mnemonic(l) && (text_starts(doc_line(c->L, i + 1), "Opcode") || i == c->L->n)) {
        *name = l;
        return 1;
    }
    return 0;
}

static gcn_status opcode_line(clrx *c, size_t line, gcn_fact *f, const char *rest)
{
    const char *p = rest, *l = doc_line(c->L, line);
    for (;;) {
        gcn_opcode_part part, *v;
        const char *end, *q;
        memset(&part, 0, sizeof(part));
        if (!text_opcode(p, &part.dec, &part.hex, &part.hexval, &end))
            return bad(c, line, (size_t)(p - l) + 1, "opcode line: expected a decimal opcode", p);
        q = end;
        while (*q && *q != ';' && *q != ',')
            q++;
        part.text = text_trim(p);
        if (part.text)
            part.text[q - p < (long)strlen(part.text) ? (size_t)(q - p) : strlen(part.text)] = 0;
        {
            char *qual = gcn_strndup(end, (size_t)(q - end)), *t;
            t = qual ? text_trim(qual) : NULL;
            if (t && t[0] && !strstr(t, "GCN")) {
                free(qual);
                free(t);
                free(part.hex);
                free(part.text);
                return bad(c, line, (size_t)(end - l) + 1,
                           "opcode line: expected 'for GCN x.y' after the opcode", end);
            }
            if (t)
                text_gens(t, &part.gens);
            if (t && t[0] && (!part.gens.n || strspn(t, "onlyfrGCN 0123456789./") != strlen(t))) {
                size_t col = (size_t)(end - l) + 1;
                free(qual);
                free(t);
                free(part.hex);
                free(part.text);
                gcn_strs_free(&part.gens);
                return bad(c, line, col, "opcode line: cannot read the generations", end);
            }
            free(qual);
            free(t);
        }
        {
            char *trimmed = text_trim(part.text ? part.text : "");
            free(part.text);
            part.text = trimmed;
        }
        v = realloc(f->parts, (f->nparts + 1) * sizeof(*v));
        if (!v)
            return oom(c);
        f->parts = v;
        f->parts[f->nparts++] = part;
        if (!*q)
            break;
        p = q + 1;
        while (*p == ' ')
            p++;
    }
    return GCN_OK;
}

/* The description's prose: its text without the label, lines joined by spaces. */
static int set_description(gcn_fact *f)
{
    const char *t = f->text + (f->label ? strlen(f->label) : 0);
    char *d, *p;
    while (*t == ' ')
        t++;
    d = gcn_strdup(t);
    if (!d)
        return 0;
    for (p = d; *p; p++)
        if (*p == '\n')
            *p = ' ';
    free(f->description);
    f->description = d;
    return 1;
}

/* Sets the section of the facts from index first on. */
static void own_facts(clrx *c, size_t first, const char *sid, const char *name)
{
    size_t k;
    for (k = first; k < c->out->n; k++) {
        gcn_fact *x = &c->out->v[k];
        if (!x->section)
            x->section = gcn_strdup(sid);
        if (!x->name)
            x->name = gcn_strdup(name);
    }
}

/* What a markdown section holds besides its labelled parts: a table (a table fact and its rows),
 * a NOTE paragraph (a note), or any other paragraph (an unmodelled fact, so that triage sees
 * it). Sets *end to the paragraph's or table's last line. */
static gcn_status section_extra(clrx *c, size_t i, size_t last, const char *sid, const char *name,
                                size_t *end)
{
    size_t first = c->out->n, j = i;
    gcn_status st;
    if (is_table_start(c, i)) {
        gcn_strs head = {0};
        size_t next = i;
        if (!text_cells(doc_line(c->L, i), &head))
            return oom(c);
        st = generic_table(c, i, &head, &next);
        gcn_strs_free(&head);
        if (st != GCN_OK)
            return st;
        own_facts(c, first, sid, name);
        *end = next - 1;
        return GCN_OK;
    }
    while (j + 1 <= last) {
        const char *n = doc_line(c->L, j + 1), *r;
        size_t ll;
        char *fm = NULL;
        gcn_strs fg = {0};
        label_kind k = label_of(n, &ll, &r, &fm, &fg);
        free(fm);
        gcn_strs_free(&fg);
        if (k != LBL_NONE || line_is_blank(n) || text_starts(n, "```") || is_table_start(c, j + 1))
            break;
        j++;
    }
    if (text_starts(doc_line(c->L, i), "NOTE")) {
        if ((st = note(c, i, j)) != GCN_OK)
            return st;
    } else {
        gcn_fact *u = add(c, GCN_FACT_UNMODELLED, i);
        if (!u)
            return oom(c);
        u->last_line = (unsigned)j;
        free(u->text);
        u->text = join_lines(c->L, i, j, 0);
        u->description = gcn_strdup("text in an instruction section outside its labelled parts "
                                    "(Opcode, Syntax, Description, Operation)");
        if (!u->text || !u->description)
            return oom(c);
    }
    own_facts(c, first, sid, name);
    *end = j;
    return GCN_OK;
}

static gcn_status section(clrx *c, size_t head, size_t last, const char *name)
{
    gcn_fact *s = add(c, GCN_FACT_SECTION, head);
    char sid[600];
    size_t i;
    int have_opcode = 0;
    size_t pending_op = 0; /* 1 + index of an Operation label still waiting for its code */
    gcn_fact *desc = NULL;
    char *form = NULL;
    gcn_strs lgens = {0}; /* generations a label names ("Syntax (GCN 1.4):") */
    if (!s)
        return oom(c);
    {
        /* "MNEMONIC", "MNEMONIC (GCN 1.2)", or several names of one instruction
         * "V_ADD_I32, V_ADD_U32 (GCN 1.0/1.1/1.2)": the section is named by the first, the
         * heading's names are its cells, and a qualifier names the generations it is for */
        size_t n = strcspn(name, " ,");
        const char *q = name + n;
        s->name = gcn_strndup(name, n);
        if (!s->name)
            return oom(c);
        if (!text_is_mnemonic(s->name))
            return bad(c, head, 1, "section heading is not a mnemonic", name);
        if (*q == ',') {
            gcn_strs_push(&s->cells, s->name);
            while (*q == ',') {
                char *more;
                q++;
                while (*q == ' ')
                    q++;
                n = strcspn(q, " ,");
                more = gcn_strndup(q, n);
                if (!more || !text_is_mnemonic(more)) {
                    free(more);
                    return bad(c, head, (size_t)(q - doc_line(c->L, head)) + 1,
                               "section heading: expected a mnemonic after ','", q);
                }
                gcn_strs_push(&s->cells, more);
                free(more);
                q += n;
            }
        }
        while (*q == ' ')
            q++;
        if (*q && (*q != '(' || q[strlen(q) - 1] != ')' || !text_gens(q, &s->gens)))
            return bad(c, head, (size_t)(q - doc_line(c->L, head)) + 1,
                       "section heading: expected a generation qualifier after the mnemonic", q);
        name = s->name;
    }
    s->last_line = (unsigned)last;
    snprintf(sid, sizeof(sid), "%s:%zu:%s", c->L->file, head, gcn_fact_kind_name(GCN_FACT_SECTION));
    c->nsections++;
    for (i = head + 1; i <= last; i++) {
        const char *l = doc_line(c->L, i), *rest = NULL;
        size_t llen = 0;
        label_kind k;
        gcn_fact *f;
        if (line_is_blank(l)) {
            desc = NULL;
            continue;
        }
        if (!c->scraped && text_starts(l, "```")) {
            size_t j = i + 1;
            while (j <= last && !text_starts(doc_line(c->L, j), "```"))
                j++;
            if (j > last)
                return bad(c, i, 1, "code block is never closed (truncated?)", NULL);
            if (pending_op) {
                f = &c->out->v[pending_op - 1];
            } else {
                f = add(c, GCN_FACT_OPERATION, i);
                if (!f)
                    return oom(c);
                f->section = gcn_strdup(sid);
                f->name = gcn_strdup(name);
            }
            f->fenced = 1;
            f->code_line = (unsigned)(i + 1);
            f->code = j > i + 1 ? join_lines(c->L, i + 1, j - 1, 0) : gcn_strdup("");
            f->last_line = (unsigned)j;
            free(f->text);
            f->text = join_lines(c->L, f->line, j, 0);
            pending_op = 0;
            desc = NULL;
            i = j;
            continue;
        }
        free(form);
        form = NULL;
        gcn_strs_free(&lgens);
        k = label_of(l, &llen, &rest, &form, &lgens);
        if (k == LBL_NONE && !desc && !c->scraped) {
            /* a table, a NOTE or a paragraph that is no labelled part of the section */
            gcn_status st = section_extra(c, i, last, sid, name, &i);
            if (st != GCN_OK)
                return st;
            continue;
        }
        if (k == LBL_NONE) {
            if (desc) {
                char *t;
                if (c->scraped && looks_like_code(l)) {
                    desc = NULL;
                    k = LBL_OPERATION; /* unlabeled code (the scraped page lost the label) */
                    rest = NULL;
                    llen = 0;
                } else {
                    desc->last_line = (unsigned)i;
                    t = join_lines(c->L, desc->line, i, 0);
                    free(desc->text);
                    desc->text = t;
                    if (!set_description(desc))
                        return oom(c);
                    continue;
                }
            } else if (c->scraped && looks_like_code(l)) {
                k = LBL_OPERATION;
                rest = NULL;
                llen = 0;
            } else {
                return bad(c, i, 1, "unexpected text in instruction section", name);
            }
        }
        f = add(c,
                k == LBL_OPCODE        ? GCN_FACT_OPCODE_LINE
                : k == LBL_SYNTAX      ? GCN_FACT_SYNTAX_LINE
                : k == LBL_DESCRIPTION ? GCN_FACT_DESCRIPTION
                                       : GCN_FACT_OPERATION,
                i);
        if (!f) {
            free(form);
            return oom(c);
        }
        f->section = gcn_strdup(sid);
        f->name = gcn_strdup(name);
        if (llen)
            f->label = gcn_strndup(l, llen);
        f->form = form;
        form = NULL;
        {
            size_t g;
            for (g = 0; g < lgens.n; g++)
                gcn_strs_push(&f->gens, lgens.v[g]);
        }
        desc = NULL;
        switch (k) {
        case LBL_OPCODE: {
            gcn_status st = opcode_line(c, i, f, rest);
            if (st != GCN_OK)
                return st;
            have_opcode = 1;
            break;
        }
        case LBL_SYNTAX: {
            size_t badcol = 0, j = i;
            char *all;
            /* a long syntax line wrapped: "[OFFSET0:..." on the next line continues it */
            while (j + 1 <= last && text_starts(doc_line(c->L, j + 1), "["))
                j++;
            all = join_lines(c->L, i, j, 0);
            if (!all)
                return oom(c);
            {
                char *p;
                for (p = all; *p; p++)
                    if (*p == '\n')
                        *p = ' ';
            }
            free(f->text);
            f->text = join_lines(c->L, i, j, 0);
            f->last_line = (unsigned)j;
            if (!text_syntax(all + (rest - l), f, &badcol)) {
                size_t col = (size_t)(rest - l) + badcol + 1;
                size_t fi = (size_t)(f - c->out->v);
                gcn_fact *u;
                free(all);
                if (!f->mnemonic || !text_is_mnemonic(f->mnemonic) || badcol == 0)
                    return bad(c, i, col, "syntax line cannot be read", rest);
                /* The mnemonic reads but an operand does not ("VDST(, VADDR(2)"): the line
                 * stays a syntax line with what it says up to there, and the rest is left to
                 * triage. */
                u = add(c, GCN_FACT_UNMODELLED, i);
                if (!u)
                    return oom(c);
                f = &c->out->v[fi];
                u->section = gcn_strdup(sid);
                u->name = gcn_strdup(name);
                u->last_line = (unsigned)j;
                free(u->text);
                u->text = gcn_strdup(f->text);
                {
                    char msg[96];
                    snprintf(msg, sizeof(msg), "a syntax operand that cannot be read (column %zu)",
                             col);
                    u->description = gcn_strdup(msg);
                }
            } else {
                free(all);
            }
            i = j;
            break;
        }
        case LBL_DESCRIPTION:
            desc = f;
            if (!set_description(desc))
                return oom(c);
            break;
        case LBL_OPERATION:
            if (rest && *rest) {
                /* "Operation: ???" or prose after the label */
                size_t j = i;
                f->remark = gcn_strdup(rest);
                /* prose runs on: up to the next label (scraped), or the next label, blank
                 * line or code block (markdown) */
                while (j + 1 <= last) {
                    size_t ll;
                    const char *r2, *next = doc_line(c->L, j + 1);
                    char *fm = NULL;
                    gcn_strs fg = {0};
                    label_kind nk = label_of(next, &ll, &r2, &fm, &fg);
                    free(fm);
                    gcn_strs_free(&fg);
                    if (nk != LBL_NONE)
                        break;
                    if (!c->scraped && (line_is_blank(next) || text_starts(next, "```")))
                        break;
                    j++;
                }
                if (j > i) {
                    char *t = join_lines(c->L, i, j, 0);
                    free(f->text);
                    f->text = t;
                    f->last_line = (unsigned)j;
                    free(f->remark);
                    f->remark = join_lines(c->L, i, j, 0);
                    if (f->remark)
                        memmove(f->remark, f->remark + (rest - l),
                                strlen(f->remark + (rest - l)) + 1);
                    i = j;
                }
                if (!c->scraped)
                    pending_op = (size_t)(f - c->out->v) + 1;
            } else if (c->scraped) {
                size_t first = llen ? i + 1 : i, j = last;
                while (j > first && line_is_blank(doc_line(c->L, j)))
                    j--;
                if (first > j)
                    return bad(c, i, 1, "Operation label without code", NULL);
                f->code_line = (unsigned)first;
                f->code = join_lines(c->L, first, j, 0);
                free(f->text);
                f->text = join_lines(c->L, i, j, 0);
                f->last_line = (unsigned)j;
                i = j;
            } else {
                pending_op = (size_t)(f - c->out->v) + 1;
            }
            break;
        case LBL_NONE:
            break;
        }
    }
    free(form);
    gcn_strs_free(&lgens);
    if (!have_opcode)
        return bad(c, head, 1, "instruction section has no Opcode line", name);
    return GCN_OK;
}

static gcn_status sections(clrx *c, size_t from)
{
    size_t i = from, head = 0;
    const char *name = NULL, *hname = NULL;
    gcn_status st;
    for (; i <= c->L->n + 1; i++) {
        int is_head = i <= c->L->n && is_section_heading(c, i, &name);
        if (is_head || i == c->L->n + 1) {
            if (head) {
                size_t last = i - 1;
                while (last > head && line_is_blank(doc_line(c->L, last)))
                    last--;
                if ((st = section(c, head, last, hname)) != GCN_OK)
                    return st;
            }
            head = i;
            hname = name;
            continue;
        }
        if (!head) {
            const char *l = doc_line(c->L, i);
            size_t j = i;
            if (line_is_blank(l) || text_starts(l, "Alphabetically sorted"))
                continue;
            if (c->scraped || !text_starts(l, "NOTE"))
                return bad(c, i, 1, "expected an instruction section heading", l);
            /* a NOTE on the whole instruction set, before its first section */
            while (j + 1 <= c->L->n && !line_is_blank(doc_line(c->L, j + 1)))
                j++;
            if ((st = note(c, i, j)) != GCN_OK)
                return st;
            i = j;
        }
    }
    if (!c->nsections)
        return bad(c, c->L->n ? c->L->n : 1, 0, "document has no instruction sections (truncated?)",
                   NULL);
    return GCN_OK;
}

gcn_status clrx_extract(const doc_lines *L, int scraped, gcn_facts *out, gcn_diag *diag)
{
    clrx c;
    size_t title_line = scraped ? 2 : 1, next = 0;
    const char *title = doc_line(L, title_line), *isa;
    gcn_fact *t;
    gcn_status st;
    memset(&c, 0, sizeof(c));
    c.L = L;
    c.out = out;
    c.diag = diag;
    c.scraped = scraped;
    c.style = scraped ? "clrx-scraped" : "clrx-markdown";
    isa = strstr(title, "GCN ISA ");
    if (!isa)
        return bad(&c, title_line, 1, "expected the title 'GCN ISA <encoding> instructions'", NULL);
    {
        const char *e = isa + 8;
        while (isalnum((unsigned char)*e))
            e++;
        c.encoding = gcn_strndup(isa + 8, (size_t)(e - isa - 8));
        if (!c.encoding || !c.encoding[0]) {
            free(c.encoding);
            return bad(&c, title_line, 1, "title names no encoding", NULL);
        }
    }
    t = add(&c, GCN_FACT_TITLE, title_line);
    if (!t) {
        free(c.encoding);
        return oom(&c);
    }
    t->name = gcn_strdup(c.encoding);
    text_gens(title, &t->gens);
    text_gens(title, &c.title_gens);
    st = preamble(&c, title_line + 1, &next);
    if (st == GCN_OK && !c.nfield_tables)
        st = bad(&c, next ? next - 1 : 1, 0, "no field table before the instruction set", NULL);
    if (st == GCN_OK && !c.nopcode_tables && !c.nunmodelled_opcode_tables)
        st = bad(&c, next ? next - 1 : 1, 0, "no opcode table before the instruction set", NULL);
    if (st == GCN_OK)
        st = sections(&c, next);
    free(c.encoding);
    free(c.caption);
    free(c.field_caption);
    gcn_strs_free(&c.doc_gens);
    gcn_strs_free(&c.title_gens);
    return st;
}
