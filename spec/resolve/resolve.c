#include "resolve.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ds_m0.h"
#include "spec/extract/page_tables.h"
#include "spec/extract/text.h"
#include "spec/model/claims.h"
#include "spec/model/layout.h"
#include "spec/model/pages.h"
#include "spec/triage/pseudo_env.h"
#include "spec/triage/sections.h"
#include "visa.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

#define MAX_GENS 8

typedef struct gen_info {
    char *id, *name, *llvm, *mcpu;
    const cJSON *aliases;
} gen_info;

typedef struct rfield {
    char *name;
    long lo, hi;
    char *value;
    gcn_strs sources;
    /* the form of the encoding the field belongs to alone (the VOP3 page's "(VOP3B)" after
     * SDST's description), NULL for every form: fields of two forms may share bits */
    char form[16];
} rfield;

typedef struct rlayout {
    char *encoding;
    int gen;
    long bits;
    rfield *f;
    size_t n;
    gcn_strs sources; /* errata and curated files that shaped it */
} rlayout;

typedef struct rinsn {
    char *encoding, *name;
    /* the segment of the encoding's word the instruction belongs to (GLOBAL, SCRATCH of FLAT:
     * pages.json "segments"), NULL for the encoding's own; the spec names it as its encoding */
    const char *segment;
    /* the page of another encoding whose form this is (VOP3's word of a VOP1/VOP2/VOPC
     * instruction: "VOP2"), NULL for the encoding's own page alone; and that form's layout as
     * its opcode line names it ("VOP3A", "VOP3B"), "" where no line does */
    const char *form_page;
    char form[8];
    long opcode[MAX_GENS]; /* -1: absent */
    gcn_strs sources;
    gcn_strs errata;
} rinsn;

typedef struct ctx {
    const gcn_resolve_in *in;
    gcn_diag *diag;
    gcn_facts facts;
    gcn_findings findings;
    gcn_errata errata;
    gcn_pseudo_env env;
    gcn_json_doc gens_doc, ops_doc, syn_doc, smrd_doc, scalar_doc, sem_doc, m0_doc, pages_doc;
    gcn_json_doc simm16_doc;
    gcn_json_doc buf_formats_doc;
    gen_info gens[MAX_GENS];
    size_t ngens;
    rlayout *layouts;
    size_t nlayouts;
    /* opcodes of another page's form that wait (pages.json "forms_pending"), per encoding and
     * generation: valid words the codec says it does not model */
    struct pending_opcode {
        const char *encoding;
        int gen;
        long opcode;
    } * pending;
    size_t npending, pending_cap;
    rinsn *insns;
    size_t ninsns;
    const char **names_on; /* emit_instructions: name_on of insns[i] on gen g at i * ngens + g */
    gcn_claims claims;
    gcn_section_view *sections;
    const char **section_names; /* section_name of each, once */
    /* the sections by (name, encoding, index), for sections_of */
    struct section_key {
        const char *name, *encoding;
        size_t i;
    } * section_order;
    size_t nsections;
    gcn_strs encodings;
    const gcn_fact **segment_tables; /* per encodings entry: segment_table's answer, found once */
    gcn_strs note_values;            /* field values read from notes (encoding_note_value) */
    gcn_strs page_names; /* field names read from a page's tables (add_extra_dword_forms) */
    /* segments that are encodings of their own (pages.json "segments": FLAT's GLOBAL and
     * SCRATCH): the encoding whose page describes them and the segment table's row */
    struct segment {
        const char *name, *parent;
        const gcn_fact *row;
    } segs[8];
    size_t nsegs;
} ctx;

/* The segment named enc (an encoding of its own), else NULL. */
static const struct segment *segment_of(const ctx *c, const char *enc)
{
    size_t i;
    for (i = 0; i < c->nsegs; i++)
        if (strcmp(c->segs[i].name, enc) == 0)
            return &c->segs[i];
    return NULL;
}

/* The encoding instruction x is written in: its segment's, else its page's. */
static const char *ienc(const rinsn *x)
{
    return x->segment ? x->segment : x->encoding;
}

static gcn_status fail(ctx *c, const char *file, unsigned line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static gcn_status fail(ctx *c, const char *file, unsigned line, const char *fmt, ...)
{
    char msg[GCN_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gcn_diag_set(c->diag, file, line, 0, "%s", msg);
    return GCN_ERR_CONFLICT;
}

static int gen_index(const ctx *c, const char *id)
{
    size_t i;
    for (i = 0; i < c->ngens; i++)
        if (strcmp(c->gens[i].id, id) == 0)
            return (int)i;
    return -1;
}

/* ---- curated inputs ----------------------------------------------------------------------- */

static gcn_status load_curated(ctx *c, gcn_json_doc *doc, const char *name, const char *topic)
{
    char *path = gcn_path_join(c->in->curated_dir, name);
    const char *schema = NULL, *t = NULL;
    gcn_status st;
    if (!path)
        return GCN_ERR_NOMEM;
    st = gcn_json_load(doc, path, c->diag);
    free(path);
    if (st != GCN_OK)
        return st;
    if (!cJSON_IsObject(doc->root))
        return gcn_json_error(doc, doc->root, c->diag, "a curated file must hold an object");
    if ((st = gcn_json_str(doc, doc->root, "schema", 1, &schema, c->diag)) != GCN_OK ||
        (st = gcn_json_str(doc, doc->root, "topic", 1, &t, c->diag)) != GCN_OK)
        return st;
    if (strcmp(schema, "gcnspec-curated/1") != 0)
        return gcn_json_error(doc, doc->root, c->diag, "unknown schema \"%s\"", schema);
    if (strcmp(t, topic) != 0)
        return gcn_json_error(doc, doc->root, c->diag, "topic is \"%s\", expected \"%s\"", t,
                              topic);
    return GCN_OK;
}

static gcn_status load_generations(ctx *c)
{
    const cJSON *a = NULL, *g;
    gcn_status st = load_curated(c, &c->gens_doc, "generations.json", "generations");
    if (st != GCN_OK)
        return st;
    if ((st = gcn_json_arr(&c->gens_doc, c->gens_doc.root, "generations", 1, &a, c->diag)) !=
        GCN_OK)
        return st;
    cJSON_ArrayForEach(g, a)
    {
        gen_info *x;
        const char *id = NULL, *name = NULL, *llvm = NULL, *mcpu = NULL;
        if (c->ngens == MAX_GENS)
            return gcn_json_error(&c->gens_doc, g, c->diag, "too many generations");
        if ((st = gcn_json_str(&c->gens_doc, g, "id", 1, &id, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->gens_doc, g, "name", 1, &name, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->gens_doc, g, "llvm", 1, &llvm, c->diag)) != GCN_OK ||
            (st = gcn_json_str(&c->gens_doc, g, "mcpu", 1, &mcpu, c->diag)) != GCN_OK)
            return st;
        x = &c->gens[c->ngens++];
        x->id = (char *)id;
        x->name = (char *)name;
        x->llvm = (char *)llvm;
        x->mcpu = (char *)mcpu;
        x->aliases = cJSON_GetObjectItemCaseSensitive(g, "aliases");
    }
    if (!c->ngens)
        return gcn_json_error(&c->gens_doc, a, c->diag, "no generations");
    return GCN_OK;
}

/* ---- errata lookups ----------------------------------------------------------------------- */

typedef int (*decision_pred)(const gcn_decision *d, const void *arg);

static const gcn_decision *find_decision(const ctx *c, gcn_decision_op op, const char *enc,
                                         const char *mnemonic, const char *gen,
                                         const gcn_erratum **owner)
{
    size_t i, k;
    for (i = 0; i < c->errata.n; i++)
        for (k = 0; k < c->errata.v[i].ndecisions; k++) {
            const gcn_decision *d = &c->errata.v[i].decisions[k];
            if (d->op != op || (enc && (!d->encoding || strcmp(d->encoding, enc) != 0)))
                continue;
            if (mnemonic && (!d->mnemonic || strcmp(d->mnemonic, mnemonic) != 0))
                continue;
            if (gen && !gcn_genset_has(&d->gens, gen))
                continue;
            if (owner)
                *owner = &c->errata.v[i];
            return d;
        }
    return NULL;
}

static void note_erratum(rinsn *x, const gcn_erratum *e)
{
    if (e && !gcn_strs_has(&x->errata, e->id))
        gcn_strs_push(&x->errata, e->id);
}

/* ---- generation renames (operands.json "renames") ----------------------------------------- */

static const cJSON *encoding_operands(const ctx *c, const char *enc);

static int json_strs_has(const cJSON *a, const char *s)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, a)
    {
        if (cJSON_IsString(v) && strcmp(v->valuestring, s) == 0)
            return 1;
    }
    return 0;
}

/* The instruction that LLVM and the pages call `name` on generation `gen` of encoding `enc`
 * (V_ADD_I32 is V_ADD_U32 on GCN 1.2 and V_ADD_CO_U32 on GCN 1.4), or NULL. With gen NULL:
 * the instruction of any rename that spells `name` on a generation of `gens` (all if empty). */
static const char *renamed(const ctx *c, const char *enc, const char *name, const char *gen,
                           const gcn_strs *gens)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(encoding_operands(c, enc), "renames"))
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(r, "name");
        const cJSON *in = cJSON_GetObjectItemCaseSensitive(r, "instruction");
        const cJSON *rg = cJSON_GetObjectItemCaseSensitive(r, "gens");
        size_t i;
        int hit = 0;
        if (!cJSON_IsString(n) || !cJSON_IsString(in) || strcmp(n->valuestring, name) != 0)
            continue;
        if (gen)
            hit = json_strs_has(rg, gen);
        else if (!gens || !gens->n)
            hit = 1;
        else
            for (i = 0; i < gens->n && !hit; i++)
                hit = json_strs_has(rg, gens->v[i]);
        if (hit)
            return in->valuestring;
    }
    return NULL;
}

/* The mnemonic a claim speaks of, after renames (of the cited facts) and section remaps. */
static const char *claim_name(const ctx *c, const gcn_claim_rec *cl, const gcn_erratum **by)
{
    size_t i, k;
    for (i = 0; i < c->errata.n; i++) {
        const gcn_erratum *e = &c->errata.v[i];
        for (k = 0; k < e->ndecisions; k++) {
            const gcn_decision *d = &e->decisions[k];
            if (d->op == GCN_DEC_RENAME && strcmp(d->encoding, cl->encoding) == 0 &&
                strcmp(d->from, cl->mnemonic) == 0 &&
                (d->fact ? strcmp(d->fact, cl->fact->id) == 0
                         : gcn_strs_has(&e->facts, cl->fact->id))) {
                *by = e;
                return d->to;
            }
            if (d->op == GCN_DEC_SECTION && cl->from_section && cl->fact->section &&
                strcmp(d->section, cl->fact->section) == 0) {
                *by = e;
                return d->mnemonic;
            }
        }
    }
    *by = NULL;
    {
        const char *r = renamed(c, cl->encoding, cl->mnemonic, cl->gen, NULL);
        return r ? r : cl->mnemonic;
    }
}

/* The mnemonic a section describes (its heading unless a decision remaps it). */
static const char *section_name(const ctx *c, const gcn_fact *section)
{
    const gcn_decision *d;
    size_t i, k;
    for (i = 0; i < c->errata.n; i++)
        for (k = 0; k < c->errata.v[i].ndecisions; k++) {
            d = &c->errata.v[i].decisions[k];
            if (d->op == GCN_DEC_SECTION && strcmp(d->section, section->id) == 0)
                return d->mnemonic;
        }
    /* a section of a generation's name for an instruction (V_ADD_CO_U32, GCN 1.4) */
    {
        const char *r = renamed(c, section->encoding, section->name, NULL, &section->gens);
        return r ? r : section->name;
    }
}

/* ---- layouts ------------------------------------------------------------------------------ */

static rfield *layout_field(rlayout *l, const char *name)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        if (strcmp(l->f[i].name, name) == 0)
            return &l->f[i];
    return NULL;
}

/* The value a note of enc's pages gives its ENCODING field on gen ("Encoding type is 0bA for
 * GCN 1.0/1.1 or 0bB for GCN 1.2/1.4."), interned in c->note_values, the note's id added to
 * sources; NULL when no note gives one. */
static const char *encoding_note_value(ctx *c, const char *enc, const char *gen, gcn_strs *sources)
{
    size_t i;
    for (i = 0; i < c->facts.n; i++) {
        const gcn_fact *x = &c->facts.v[i];
        const char *s;
        if (x->kind != GCN_FACT_NOTE || !x->encoding || strcmp(x->encoding, enc) != 0 || !x->text ||
            !(s = strstr(x->text, "Encoding type is ")))
            continue;
        while ((s = strstr(s, "0b")) != NULL) {
            size_t n = 2;
            const char *nx;
            char part[128];
            gcn_strs gens = {0};
            int has;
            while (s[n] == '0' || s[n] == '1')
                n++;
            nx = strstr(s + n, " or ");
            snprintf(part, sizeof(part), "%.*s", (int)(nx ? (size_t)(nx - s) : strlen(s)), s);
            text_gens(part, &gens);
            has = gcn_strs_has(&gens, gen);
            gcn_strs_free(&gens);
            if (has && n > 2) {
                char v[72];
                snprintf(v, sizeof(v), "%.*s", (int)n, s);
                if (!gcn_strs_has(&c->note_values, v))
                    gcn_strs_push(&c->note_values, v);
                if (!gcn_strs_has(sources, x->id))
                    gcn_strs_push(sources, x->id);
                for (n = 0; n < c->note_values.n; n++)
                    if (strcmp(c->note_values.v[n], v) == 0)
                        return c->note_values.v[n];
            }
            s += n;
        }
    }
    return NULL;
}

/* A table of enc's pages headed "FIELD | Prefix | ..." (FLAT's "SEG | Prefix | Description"):
 * the field's value names the instructions' prefix, a segment of one encoding word. Returns the
 * table's id and, in *field, the field it gives, else NULL. */
static const gcn_fact *segment_table_scan(const ctx *c, const char *enc)
{
    size_t i;
    for (i = 0; i < c->facts.n; i++) {
        const gcn_fact *x = &c->facts.v[i];
        if (x->kind == GCN_FACT_TABLE && x->encoding && strcmp(x->encoding, enc) == 0 &&
            x->cells.n >= 2 && strcmp(x->cells.v[1], "Prefix") == 0)
            return x;
    }
    return NULL;
}

static const gcn_fact *segment_table(const ctx *c, const char *enc, const char **field)
{
    const gcn_fact *x = NULL;
    size_t i;
    for (i = 0; i < c->encodings.n && c->segment_tables; i++)
        if (strcmp(c->encodings.v[i], enc) == 0)
            break;
    x = c->segment_tables && i < c->encodings.n ? c->segment_tables[i] : segment_table_scan(c, enc);
    if (x)
        *field = x->cells.v[0];
    return x;
}

/* The row of enc's segment table whose prefix is p (of length n), else NULL. */
static const gcn_fact *segment_row(const ctx *c, const gcn_fact *table, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < c->facts.n; i++) {
        const gcn_fact *x = &c->facts.v[i];
        if (x->kind == GCN_FACT_TABLE_ROW && x->ref && strcmp(x->ref, table->id) == 0 &&
            x->cells.n >= 2 && strlen(x->cells.v[1]) == n && strncmp(x->cells.v[1], p, n) == 0)
            return x;
    }
    return NULL;
}

/* 1 when instruction name belongs to a segment of enc other than enc's own (GLOBAL_ and SCRATCH_
 * of FLAT's segment table): such a segment is a word of its own, which the spec does not model
 * yet, so its instructions wait and the encoding's layout fixes the segment field at its own
 * prefix's value (build_layout). */
static int other_segment(const ctx *c, const char *enc, const char *name)
{
    const char *field, *us = strchr(name, '_');
    const gcn_fact *t = segment_table(c, enc, &field);
    size_t n = us ? (size_t)(us - name) : 0;
    if (!t || !us || (n == strlen(enc) && strncmp(name, enc, n) == 0))
        return 0;
    return segment_row(c, t, name, n) != NULL;
}

/* The segment of enc that instruction name belongs to, when that segment is an encoding of its
 * own (pages.json "segments"), else NULL. */
static const char *joined_segment(const ctx *c, const char *enc, const char *name)
{
    const char *us = strchr(name, '_');
    size_t i;
    for (i = 0; us && i < c->nsegs; i++)
        if (strcmp(c->segs[i].parent, enc) == 0 && strlen(c->segs[i].name) == (size_t)(us - name) &&
            strncmp(c->segs[i].name, name, (size_t)(us - name)) == 0)
            return c->segs[i].name;
    return NULL;
}

/* The form a field's description gives it: a parenthesized word that extends the encoding's
 * name ("Scalar destination operand (VOP3B)" of VOP3: VOP3B), else "". */
static void field_form(const char *enc, const char *description, char *form, size_t size)
{
    const char *p = description;
    size_t n = strlen(enc);
    form[0] = '\0';
    while (p && (p = strchr(p, '(')) != NULL) {
        const char *q = strchr(++p, ')');
        size_t k;
        if (!q)
            return;
        for (k = 0; p + k < q && (isupper((unsigned char)p[k]) || isdigit((unsigned char)p[k]));
             k++)
            ;
        if (p + k == q && k > n && k < size && strncmp(p, enc, n) == 0) {
            memcpy(form, p, k);
            form[k] = '\0';
            return;
        }
        p = q;
    }
}

/* The errata's field decisions for enc on gen: move, add or remove a field of l. */
static void apply_field_decisions(ctx *c, rlayout *l, const char *enc, const char *gen)
{
    size_t i, j;
    for (i = 0; i < c->errata.n; i++)
        for (j = 0; j < c->errata.v[i].ndecisions; j++) {
            const gcn_decision *dec = &c->errata.v[i].decisions[j];
            rfield *f;
            if (dec->op != GCN_DEC_FIELD || strcmp(dec->encoding, enc) != 0 ||
                !gcn_genset_has(&dec->gens, gen))
                continue;
            f = layout_field(l, dec->field);
            if (dec->lo < 0) {
                if (f) {
                    gcn_strs_free(&f->sources);
                    *f = l->f[--l->n];
                }
            } else {
                if (!f) {
                    f = &l->f[l->n++];
                    memset(f, 0, sizeof(*f));
                    f->name = dec->field;
                }
                f->lo = dec->lo;
                f->hi = dec->hi;
            }
            if (!gcn_strs_has(&l->sources, c->errata.v[i].id))
                gcn_strs_push(&l->sources, c->errata.v[i].id);
            if (f && dec->lo >= 0)
                gcn_strs_push(&f->sources, c->errata.v[i].id);
        }
}

static gcn_status build_layout(ctx *c, const char *enc, int g, gcn_reading *r)
{
    rlayout *l = &c->layouts[c->nlayouts];
    gcn_strs files = {0};
    size_t i, j, d;
    const char *gen = c->gens[g].id;
    int covered = 0;
    gcn_status st = GCN_OK;
    memset(l, 0, sizeof(*l));
    l->encoding = (char *)enc;
    l->gen = g;
    l->f = calloc(64, sizeof(*l->f));
    if (!l->f)
        return GCN_ERR_NOMEM;
    for (i = 0; i < c->facts.n; i++)
        if (c->facts.v[i].kind == GCN_FACT_FIELD && strcmp(c->facts.v[i].encoding, enc) == 0 &&
            !gcn_strs_has(&files, c->facts.v[i].file))
            gcn_strs_push(&files, c->facts.v[i].file);
    for (d = 0; d < files.n && st == GCN_OK; d++) {
        gcn_strs dg = {0};
        gcn_doc_gens(&c->facts, files.v[d], enc, &dg);
        /* a field table's own generations too ("(GCN 1.2/1.4)"): MTBUF's opcode table lacks
         * the GCN 1.4 column its field table names (E206) */
        for (i = 0; i < c->facts.n; i++) {
            const gcn_fact *x = &c->facts.v[i];
            if (x->kind == GCN_FACT_FIELD && strcmp(x->file, files.v[d]) == 0 &&
                strcmp(x->encoding, enc) == 0 && gcn_strs_has(&x->gens, gen) &&
                !gcn_strs_has(&dg, gen))
                gcn_strs_push(&dg, gen);
        }
        if (gcn_strs_has(&dg, gen)) {
            covered = 1;
            gcn_read_layout(&c->facts, files.v[d], enc, gen, r);
            for (i = 0; i < r->n && st == GCN_OK; i++) {
                const gcn_fact *x = r->v[i];
                rfield *f = layout_field(l, x->name);
                const gcn_erratum *e = NULL;
                const gcn_decision *dec = find_decision(c, GCN_DEC_FIELD, enc, NULL, gen, &e);
                /* a field decision for this name overrides the pages below */
                while (dec && strcmp(dec->field, x->name) != 0)
                    dec = NULL;
                if (f) {
                    if ((f->lo != x->lo || f->hi != x->hi) && !dec) {
                        size_t k;
                        int has = 0;
                        for (k = 0; k < c->errata.n && !has; k++) {
                            size_t q;
                            for (q = 0; q < c->errata.v[k].ndecisions; q++) {
                                const gcn_decision *dd = &c->errata.v[k].decisions[q];
                                if (dd->op == GCN_DEC_FIELD && strcmp(dd->encoding, enc) == 0 &&
                                    strcmp(dd->field, x->name) == 0 &&
                                    gcn_genset_has(&dd->gens, gen))
                                    has = 1;
                            }
                        }
                        if (!has)
                            st = fail(c, x->file, x->line,
                                      "%s %s on %s: the pages say bits %ld-%ld and %ld-%ld; no "
                                      "erratum decides",
                                      enc, x->name, gen, f->lo, f->hi, x->lo, x->hi);
                    }
                    gcn_strs_push(&f->sources, x->id);
                    continue;
                }
                f = &l->f[l->n++];
                f->name = x->name;
                f->lo = x->lo;
                f->hi = x->hi;
                f->value = x->value;
                field_form(enc, x->description, f->form, sizeof(f->form));
                gcn_strs_push(&f->sources, x->id);
            }
        }
        gcn_strs_free(&dg);
    }
    gcn_strs_free(&files);
    if (st != GCN_OK || !covered) {
        free(l->f);
        return st;
    }
    /* an ENCODING field whose row gives no value: the page's note for this generation ("Encoding
     * type is 0b110010 for GCN 1.0/1.1 or 0b110101 for GCN 1.2/1.4.", VINTRP) */
    for (i = 0; i < l->n; i++)
        if (strcmp(l->f[i].name, "ENCODING") == 0 && !l->f[i].value) {
            const char *v = encoding_note_value(c, enc, gen, &l->f[i].sources);
            if (v)
                l->f[i].value = (char *)v;
        }
    /* a segment field (FLAT's SEG: the page's "SEG | Prefix" table): the value of the row whose
     * prefix is the encoding's name; the other segments' words are not this encoding's */
    {
        const char *sf;
        const gcn_fact *t = segment_table(c, enc, &sf);
        const gcn_fact *row = t ? segment_row(c, t, enc, strlen(enc)) : NULL;
        for (i = 0; row && i < l->n; i++)
            if (strcmp(l->f[i].name, sf) == 0 && !l->f[i].value) {
                l->f[i].value = row->cells.v[0];
                gcn_strs_push(&l->f[i].sources, row->id);
            }
    }
    apply_field_decisions(c, l, enc, gen);
    /* size: the page's "needs N bytes", else the smallest dword multiple holding the fields */
    l->bits = -1;
    for (i = 0; i < c->facts.n; i++)
        if (c->facts.v[i].kind == GCN_FACT_ENCODING_SIZE &&
            strcmp(c->facts.v[i].encoding, enc) == 0)
            l->bits = c->facts.v[i].bytes * 8;
    if (l->bits < 0) {
        long top = 0;
        for (i = 0; i < l->n; i++)
            if (l->f[i].hi + 1 > top)
                top = l->f[i].hi + 1;
        l->bits = (top + 31) / 32 * 32;
    }
    /* what remains must be a layout: no overlap (but exact tilings), inside the word, an
     * OPCODE field */
    {
        gcn_reading rr;
        gcn_fact *tmp = calloc(l->n + 1, sizeof(*tmp));
        const gcn_fact **ptrs = calloc(l->n + 1, sizeof(*ptrs));
        if (!tmp || !ptrs) {
            free(tmp);
            free(ptrs);
            return GCN_ERR_NOMEM;
        }
        for (i = 0; i < l->n; i++) {
            tmp[i].lo = l->f[i].lo;
            tmp[i].hi = l->f[i].hi;
            ptrs[i] = &tmp[i];
        }
        rr.v = ptrs;
        rr.n = l->n;
        for (i = 0; i < l->n && st == GCN_OK; i++) {
            if (l->f[i].hi >= l->bits)
                st = fail(c, "", 0, "%s on %s: %s (bits %ld-%ld) lies outside the %ld-bit word",
                          enc, gen, l->f[i].name, l->f[i].lo, l->f[i].hi, l->bits);
            for (j = i + 1; j < l->n && st == GCN_OK; j++)
                if (l->f[i].lo <= l->f[j].hi && l->f[j].lo <= l->f[i].hi &&
                    !(l->f[i].form[0] && l->f[j].form[0] &&
                      strcmp(l->f[i].form, l->f[j].form) != 0) &&
                    !gcn_field_tiled(&rr, l->f[i].lo, l->f[i].hi, &tmp[i]) &&
                    !gcn_field_tiled(&rr, l->f[j].lo, l->f[j].hi, &tmp[j]))
                    st = fail(c, "", 0,
                              "%s on %s: %s (bits %ld-%ld) and %s (bits %ld-%ld) overlap; an "
                              "erratum must move one",
                              enc, gen, l->f[i].name, l->f[i].lo, l->f[i].hi, l->f[j].name,
                              l->f[j].lo, l->f[j].hi);
        }
        free(tmp);
        free(ptrs);
    }
    if (st == GCN_OK && !layout_field(l, "OPCODE"))
        st = fail(c, "", 0, "%s on %s has no OPCODE field; an erratum must give it", enc, gen);
    if (st != GCN_OK) {
        for (i = 0; i < l->n; i++)
            gcn_strs_free(&l->f[i].sources);
        free(l->f);
        gcn_strs_free(&l->sources);
        return st;
    }
    c->nlayouts++;
    return GCN_OK;
}

static int field_cmp(const void *a, const void *b)
{
    const rfield *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi)
        return x->hi > y->hi ? -1 : 1; /* the wider first: OFFSET before OFFSET0 */
    return strcmp(x->name, y->name);
}

/* The forms an extra dword makes of an encoding (pages.json "extra_dword_forms": VOP1/VOP2/VOPC's
 * SDWA and DPP words, GcnSdwaDpp.md): encodings of their own, each a 64-bit layout per generation
 * it lists: the base encoding's word with the field that selects the dword ("field", SRC0) fixed
 * at the form's code and renamed (the page's own name for it, VSRC0), then the field table of
 * the page's section for the dword at bits 32-63. A name the table gives twice is the first row's
 * (the page-tables check `name-twice`): an erratum's field decision names the other bits. The
 * errata's field decisions for the form then apply (E254, E255). With add = 0, only the forms'
 * names join c->encodings (before build_layouts); with add = 1, their layouts are built; with
 * add = 2 (after build_instructions), every opcode of the base encoding's instructions on a
 * generation of the form waits in it (pending: a valid word the codec does not model yet),
 * where no instruction of the form has it. */
static gcn_status add_pending(ctx *c, const char *enc, int gen, long opcode);

static gcn_status add_extra_dword_forms(ctx *c, int add)
{
    static const char pages[] = "spec/curated/pages.json";
    const cJSON *e;
    cJSON *tables = NULL;
    char *tables_page = NULL;
    gcn_status st = GCN_OK;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c->pages_doc.root, "encodings"))
    {
        const cJSON *x, *base = cJSON_GetObjectItemCaseSensitive(e, "encoding");
        cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(e, "extra_dword_forms"))
        {
            const char *name = NULL, *page = NULL, *section = NULL, *field = NULL,
                       *renamed_to = NULL, *code = NULL, *from = NULL;
            const cJSON *gens = NULL, *g, *t, *table = NULL;
            if ((st = gcn_json_str(&c->pages_doc, x, "name", 1, &name, c->diag)) != GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "page", 1, &page, c->diag)) != GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "section", 1, &section, c->diag)) != GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "field", 1, &field, c->diag)) != GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "renamed", 1, &renamed_to, c->diag)) !=
                    GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "code", 1, &code, c->diag)) != GCN_OK ||
                (st = gcn_json_str(&c->pages_doc, x, "from", 1, &from, c->diag)) != GCN_OK ||
                (st = gcn_json_arr(&c->pages_doc, x, "gens", 1, &gens, c->diag)) != GCN_OK)
                goto out;
            if (add == 2) {
                cJSON_ArrayForEach(g, gens)
                {
                    int gi = cJSON_IsString(g) ? gen_index(c, g->valuestring) : -1;
                    size_t i;
                    for (i = 0; gi >= 0 && i < c->ninsns && st == GCN_OK; i++)
                        if (c->insns[i].opcode[gi] >= 0 &&
                            strcmp(ienc(&c->insns[i]), base->valuestring) == 0)
                            st = add_pending(c, name, gi, c->insns[i].opcode[gi]);
                    if (st != GCN_OK)
                        goto out;
                }
                continue;
            }
            if (!add) {
                if (gcn_strs_has(&c->encodings, name)) {
                    st = gcn_json_error(&c->pages_doc, x, c->diag,
                                        "extra dword form %s is another encoding", name);
                    goto out;
                }
                gcn_strs_push(&c->encodings, name);
                continue;
            }
            if (!c->in->pages_root) {
                st = gcn_json_error(&c->pages_doc, x, c->diag,
                                    "extra dword form %s needs the pages' directory", name);
                goto out;
            }
            if (!tables_page || strcmp(tables_page, page) != 0) {
                char *p = gcn_path_join(c->in->pages_root, page);
                cJSON_Delete(tables);
                tables = NULL;
                free(tables_page);
                tables_page = gcn_strdup(page);
                st = p ? gcn_extract_page_tables(p, &tables, c->diag) : GCN_ERR_NOMEM;
                free(p);
                if (st != GCN_OK)
                    goto out;
            }
            cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(tables, "tables"))
            {
                const cJSON *k = cJSON_GetObjectItemCaseSensitive(t, "kind");
                const cJSON *sn = cJSON_GetObjectItemCaseSensitive(t, "section");
                if (!table && cJSON_IsString(k) && strcmp(k->valuestring, "fields") == 0 &&
                    cJSON_IsString(sn) && strcmp(sn->valuestring, section) == 0)
                    table = t;
            }
            if (!table) {
                st = gcn_json_error(&c->pages_doc, x, c->diag,
                                    "%s: %s has no field table in section %s", name, page, section);
                goto out;
            }
            cJSON_ArrayForEach(g, gens)
            {
                int gi = cJSON_IsString(g) ? gen_index(c, g->valuestring) : -1;
                const rlayout *b = NULL;
                rlayout *l;
                const cJSON *row;
                size_t i, nbase;
                for (i = 0; gi >= 0 && i < c->nlayouts && !b; i++)
                    if (c->layouts[i].gen == gi &&
                        strcmp(c->layouts[i].encoding, base->valuestring) == 0)
                        b = &c->layouts[i];
                if (!b || b->bits != 32 || !layout_field((rlayout *)b, field)) {
                    st = gcn_json_error(
                        &c->pages_doc, x, c->diag, "%s: no 32-bit %s layout with field %s on %s",
                        name, base->valuestring, field, cJSON_IsString(g) ? g->valuestring : "?");
                    goto out;
                }
                l = &c->layouts[c->nlayouts];
                memset(l, 0, sizeof(*l));
                l->encoding = (char *)name;
                l->gen = gi;
                l->bits = 64;
                l->f = calloc(64, sizeof(*l->f));
                if (!l->f) {
                    st = GCN_ERR_NOMEM;
                    goto out;
                }
                for (i = 0; i < b->n; i++) {
                    rfield *f = &l->f[l->n++];
                    size_t q;
                    *f = b->f[i];
                    memset(&f->sources, 0, sizeof(f->sources));
                    for (q = 0; q < b->f[i].sources.n; q++)
                        gcn_strs_push(&f->sources, b->f[i].sources.v[q]);
                    if (strcmp(f->name, field) == 0) {
                        f->name = (char *)renamed_to;
                        f->value = (char *)code;
                        gcn_strs_push(&f->sources, from);
                    }
                }
                nbase = l->n;
                cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(table, "rows"))
                {
                    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(row, "cells");
                    const cJSON *bits = cJSON_GetObjectItemCaseSensitive(row, "bits");
                    const cJSON *rf = cJSON_GetObjectItemCaseSensitive(row, "from");
                    const cJSON *fn = cells ? cJSON_GetArrayItem(cells, 1) : NULL;
                    rfield *f;
                    char src[256];
                    int twice = 0;
                    if (!cJSON_IsString(fn) || cJSON_GetArraySize(bits) != 2 ||
                        !cJSON_IsString(rf) || l->n >= 63) {
                        st = gcn_json_error(&c->pages_doc, x, c->diag,
                                            "%s: a row of section %s's field table does not read",
                                            name, section);
                        goto out;
                    }
                    for (i = nbase; i < l->n; i++)
                        twice |= strcmp(l->f[i].name, fn->valuestring) == 0;
                    if (twice)
                        continue;
                    if (!gcn_strs_has(&c->page_names, fn->valuestring))
                        gcn_strs_push(&c->page_names, fn->valuestring);
                    for (i = 0; strcmp(c->page_names.v[i], fn->valuestring) != 0; i++)
                        ;
                    f = &l->f[l->n++];
                    memset(f, 0, sizeof(*f));
                    f->name = c->page_names.v[i];
                    f->lo = 32 + (long)cJSON_GetArrayItem(bits, 0)->valuedouble;
                    f->hi = 32 + (long)cJSON_GetArrayItem(bits, 1)->valuedouble;
                    snprintf(src, sizeof(src), "%s:field", rf->valuestring);
                    gcn_strs_push(&f->sources, src);
                }
                gcn_strs_push(&l->sources, pages);
                apply_field_decisions(c, l, name, g->valuestring);
                qsort(l->f, l->n, sizeof(rfield), field_cmp);
                c->nlayouts++;
            }
        }
    }
out:
    cJSON_Delete(tables);
    free(tables_page);
    return st;
}

static gcn_status build_layouts(ctx *c)
{
    size_t e;
    int g;
    gcn_reading r;
    gcn_status st = GCN_OK;
    r.v = calloc(c->facts.n + 1, sizeof(*r.v));
    /* the documents' encodings, and the curated SMRD one (add_smrd): MAX_GENS each at most */
    c->layouts = calloc((c->encodings.n + 1) * MAX_GENS + 1, sizeof(*c->layouts));
    if (!r.v || !c->layouts) {
        free(r.v);
        return GCN_ERR_NOMEM;
    }
    for (e = 0; e < c->encodings.n && st == GCN_OK; e++)
        for (g = 0; g < (int)c->ngens && st == GCN_OK; g++) {
            const struct segment *sg = segment_of(c, c->encodings.v[e]);
            size_t before = c->nlayouts;
            st = build_layout(c, sg ? sg->parent : c->encodings.v[e], g, &r);
            /* a segment's layout: its page's, the segment field fixed at the segment's row;
             * none on a generation whose layout has no segment field */
            if (st == GCN_OK && sg && c->nlayouts > before) {
                rlayout *l = &c->layouts[before];
                const char *sf = NULL;
                rfield *f;
                segment_table(c, sg->parent, &sf);
                f = sf ? layout_field(l, sf) : NULL;
                if (!f) {
                    size_t k;
                    for (k = 0; k < l->n; k++)
                        gcn_strs_free(&l->f[k].sources);
                    free(l->f);
                    gcn_strs_free(&l->sources);
                    c->nlayouts--;
                    continue;
                }
                l->encoding = (char *)sg->name;
                f->value = sg->row->cells.v[0];
                gcn_strs_push(&f->sources, sg->row->id);
            }
        }
    for (e = 0; e < c->nlayouts; e++)
        qsort(c->layouts[e].f, c->layouts[e].n, sizeof(rfield), field_cmp);
    free(r.v);
    return st;
}

/* ---- instructions ------------------------------------------------------------------------- */

/* enc's entry in pages.json, else NULL. */
static const cJSON *page_entry(const ctx *c, const char *enc)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c->pages_doc.root, "encodings"))
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "encoding");
        if (cJSON_IsString(n) && strcmp(n->valuestring, enc) == 0)
            return e;
    }
    return NULL;
}

/* The segments of the encodings that join as encodings of their own (pages.json "segments":
 * each a prefix of the page's segment table, FLAT's GLOBAL and SCRATCH on GCN 1.4). */
static gcn_status add_segments(ctx *c)
{
    size_t e, n = c->encodings.n;
    for (e = 0; e < n; e++) {
        const cJSON *x;
        const char *field;
        const gcn_fact *t = segment_table_scan(c, c->encodings.v[e]);
        cJSON_ArrayForEach(
            x, cJSON_GetObjectItemCaseSensitive(page_entry(c, c->encodings.v[e]), "segments"))
        {
            const cJSON *p = cJSON_GetObjectItemCaseSensitive(x, "prefix");
            const gcn_fact *row;
            if (!cJSON_IsString(p))
                return fail(c, "spec/curated/pages.json", 0,
                            "%s: a segment needs its \"prefix\" (a string)", c->encodings.v[e]);
            row = t ? segment_row(c, t, p->valuestring, strlen(p->valuestring)) : NULL;
            field = t ? t->cells.v[0] : NULL;
            if (!row || !field)
                return fail(c, "spec/curated/pages.json", 0,
                            "%s: segment %s is no row of its page's 'FIELD | Prefix' table; list "
                            "only the prefixes the table gives",
                            c->encodings.v[e], p->valuestring);
            if (strcmp(p->valuestring, c->encodings.v[e]) == 0 ||
                gcn_strs_has(&c->encodings, p->valuestring) ||
                c->nsegs == sizeof(c->segs) / sizeof(c->segs[0]))
                return fail(c, "spec/curated/pages.json", 0,
                            "%s: segment %s is the encoding itself, another encoding or one too "
                            "many",
                            c->encodings.v[e], p->valuestring);
            c->segs[c->nsegs].name = p->valuestring;
            c->segs[c->nsegs].parent = c->encodings.v[e];
            c->segs[c->nsegs++].row = row;
            gcn_strs_push(&c->encodings, p->valuestring);
        }
    }
    return GCN_OK;
}

/* A note of enc's entry in pages.json (its string), NULL when the entry has none: "oracle_pending"
 * (why the oracle does not execute the encoding yet), "forms_pending" (why other pages' forms of
 * the encoding, the VOP3 forms of VOP1/VOP2, wait). */
static const char *page_note(const ctx *c, const char *enc, const char *key)
{
    const cJSON *e;
    const struct segment *sg = segment_of(c, enc);
    if (sg) {
        /* a segment's note: its entry in its page's "segments" */
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(page_entry(c, sg->parent), "segments"),
                    *x;
        cJSON_ArrayForEach(x, p)
        {
            const cJSON *n = cJSON_GetObjectItemCaseSensitive(x, "prefix");
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(x, key);
            if (cJSON_IsString(n) && strcmp(n->valuestring, enc) == 0 && cJSON_IsString(v))
                return v->valuestring;
        }
        return NULL;
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c->pages_doc.root, "encodings"))
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "encoding");
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, key);
        if (cJSON_IsString(n) && strcmp(n->valuestring, enc) == 0 && cJSON_IsString(p))
            return p->valuestring;
    }
    return NULL;
}

static rinsn *insn(ctx *c, const char *enc, const char *name, size_t *cap)
{
    size_t i;
    int g;
    for (i = 0; i < c->ninsns; i++)
        if (strcmp(c->insns[i].encoding, enc) == 0 && strcmp(c->insns[i].name, name) == 0)
            return &c->insns[i];
    if (c->ninsns == *cap) {
        size_t ncap = *cap ? *cap * 2 : 256;
        rinsn *v = realloc(c->insns, ncap * sizeof(*v));
        if (!v)
            return NULL;
        c->insns = v;
        *cap = ncap;
    }
    memset(&c->insns[c->ninsns], 0, sizeof(rinsn));
    c->insns[c->ninsns].encoding = (char *)enc;
    c->insns[c->ninsns].name = (char *)name;
    for (g = 0; g < MAX_GENS; g++)
        c->insns[c->ninsns].opcode[g] = -1;
    return &c->insns[c->ninsns++];
}

static gcn_status add_pending(ctx *c, const char *enc, int gen, long opcode)
{
    size_t i;
    for (i = 0; i < c->npending; i++)
        if (c->pending[i].gen == gen && c->pending[i].opcode == opcode &&
            strcmp(c->pending[i].encoding, enc) == 0)
            return GCN_OK;
    if (c->npending == c->pending_cap) {
        size_t n = c->pending_cap ? c->pending_cap * 2 : 256;
        struct pending_opcode *v = realloc(c->pending, n * sizeof(*v));
        if (!v)
            return GCN_ERR_NOMEM;
        c->pending = v;
        c->pending_cap = n;
    }
    c->pending[c->npending].encoding = enc;
    c->pending[c->npending].gen = gen;
    c->pending[c->npending++].opcode = opcode;
    return GCN_OK;
}

static gcn_status build_instructions(ctx *c, size_t *cap)
{
    size_t i, j;
    int g;
    gcn_status st = GCN_OK;
    /* every strong claim, renamed */
    for (i = 0; i < c->claims.n && st == GCN_OK; i++) {
        const gcn_claim_rec *cl = &c->claims.v[i];
        const gcn_erratum *by = NULL;
        const char *name;
        rinsn *x;
        int gi = gen_index(c, cl->gen);
        if (cl->weak || gi < 0)
            continue;
        /* an opcode of another encoding's form (the VOP3 opcodes of the VOP1/VOP2/VOPC pages)
         * waits for that encoding's own page and the page it is written on to join the
         * resolve, and for the form's encoding to take other pages' forms (pages.json
         * "forms_pending") */
        if (cl->form && (!gcn_strs_has(&c->encodings, cl->encoding) ||
                         !gcn_strs_has(&c->encodings, cl->fact->encoding) ||
                         page_note(c, cl->encoding, "forms_pending"))) {
            if (gcn_strs_has(&c->encodings, cl->encoding) &&
                (st = add_pending(c, cl->encoding, gi, cl->opcode)) != GCN_OK)
                return st;
            continue;
        }
        name = claim_name(c, cl, &by);
        /* another segment's instruction (GLOBAL_*, SCRATCH_* of FLAT) waits for its segment to
         * be an encoding of its own (pages.json "segments") */
        if (other_segment(c, cl->encoding, name) && !joined_segment(c, cl->encoding, name))
            continue;
        x = insn(c, cl->encoding, name, cap);
        if (!x)
            return GCN_ERR_NOMEM;
        x->segment = joined_segment(c, cl->encoding, name);
        if (cl->form) {
            x->form_page = cl->fact->encoding;
            if (cl->fact->form && strncmp(cl->fact->form, cl->encoding, strlen(cl->encoding)) == 0)
                snprintf(x->form, sizeof(x->form), "%s", cl->fact->form);
        }
        note_erratum(x, by);
        if (!gcn_strs_has(&x->sources, cl->fact->id))
            gcn_strs_push(&x->sources, cl->fact->id);
        if (x->opcode[gi] >= 0 && x->opcode[gi] != cl->opcode) {
            const gcn_erratum *e = NULL;
            if (!find_decision(c, GCN_DEC_OPCODE, cl->encoding, name, cl->gen, &e) &&
                !find_decision(c, GCN_DEC_ABSENT, cl->encoding, name, cl->gen, &e))
                st = fail(c, cl->fact->file, cl->fact->line,
                          "%s on %s: opcode %ld here, %ld elsewhere; no erratum decides", name,
                          cl->gen, cl->opcode, x->opcode[gi]);
        } else {
            x->opcode[gi] = cl->opcode;
        }
    }
    /* opcode decisions assert presence; absent decisions remove */
    for (i = 0; i < c->errata.n && st == GCN_OK; i++)
        for (j = 0; j < c->errata.v[i].ndecisions; j++) {
            const gcn_decision *d = &c->errata.v[i].decisions[j];
            rinsn *x;
            if (d->op != GCN_DEC_OPCODE && d->op != GCN_DEC_ABSENT)
                continue;
            if (other_segment(c, d->encoding, d->mnemonic) &&
                !joined_segment(c, d->encoding, d->mnemonic))
                continue;
            x = insn(c, d->encoding, d->mnemonic, cap);
            if (!x)
                return GCN_ERR_NOMEM;
            x->segment = joined_segment(c, d->encoding, d->mnemonic);
            note_erratum(x, &c->errata.v[i]);
            for (g = 0; g < (int)c->ngens; g++)
                if (gcn_genset_has(&d->gens, c->gens[g].id))
                    x->opcode[g] = d->op == GCN_DEC_OPCODE ? d->opcode : -1;
        }
    /* an encoding whose page gives its instructions the same opcodes in another encoding's form
     * (pages.json "form_opcodes_same": VOPC's 'VOPC opcodes (0-255) and VOP3 opcodes are
     * same'): those opcodes are the form's instruction of the same name, which waits while
     * that encoding's forms do */
    for (i = 0, j = c->ninsns; i < j && st == GCN_OK; i++) {
        const char *form = page_note(c, c->insns[i].encoding, "form_opcodes_same");
        rinsn *x;
        if (!form || !gcn_strs_has(&c->encodings, form))
            continue;
        if (page_note(c, form, "forms_pending")) {
            for (g = 0; g < (int)c->ngens && st == GCN_OK; g++)
                if (c->insns[i].opcode[g] >= 0)
                    st = add_pending(c, form, g, c->insns[i].opcode[g]);
            continue;
        }
        {
            size_t k;
            for (k = 0; strcmp(c->encodings.v[k], form) != 0; k++)
                ;
            x = insn(c, c->encodings.v[k], c->insns[i].name, cap);
        }
        if (!x)
            return GCN_ERR_NOMEM;
        x->form_page = c->insns[i].encoding;
        {
            size_t k;
            const rinsn *b = &c->insns[i];
            for (k = 0; k < b->sources.n; k++)
                if (!gcn_strs_has(&x->sources, b->sources.v[k]))
                    gcn_strs_push(&x->sources, b->sources.v[k]);
            for (k = 0; k < b->errata.n; k++)
                if (!gcn_strs_has(&x->errata, b->errata.v[k]))
                    gcn_strs_push(&x->errata, b->errata.v[k]);
            for (g = 0; g < (int)c->ngens && st == GCN_OK; g++) {
                if (b->opcode[g] < 0)
                    continue;
                if (x->opcode[g] >= 0 && x->opcode[g] != b->opcode[g])
                    st = fail(c, "spec/curated/pages.json", 0,
                              "%s on %s: %s opcode %ld, the %s page's %ld", x->name, c->gens[g].id,
                              form, x->opcode[g], b->encoding, b->opcode[g]);
                else
                    x->opcode[g] = b->opcode[g];
            }
        }
    }
    /* one opcode, one instruction */
    for (g = 0; g < (int)c->ngens && st == GCN_OK; g++)
        for (i = 0; i < c->ninsns && st == GCN_OK; i++)
            for (j = i + 1; j < c->ninsns && st == GCN_OK; j++) {
                const rinsn *a = &c->insns[i], *b = &c->insns[j];
                if (a->opcode[g] >= 0 && a->opcode[g] == b->opcode[g] &&
                    strcmp(ienc(a), ienc(b)) == 0)
                    st = fail(c, "", 0, "%s opcode %ld on %s is both %s and %s; no erratum decides",
                              ienc(a), a->opcode[g], c->gens[g].id, a->name, b->name);
            }
    return st;
}

/* ---- syntax, operands, semantics ---------------------------------------------------------- */

static const cJSON *curated_syntax(const ctx *c, const char *enc, const char *name)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(c->syn_doc.root, "instructions"), *x;
    cJSON_ArrayForEach(x, a)
    {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(x, "encoding");
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(x, "name");
        if (cJSON_IsString(e) && cJSON_IsString(n) && strcmp(e->valuestring, enc) == 0 &&
            strcmp(n->valuestring, name) == 0)
            return x;
    }
    return NULL;
}

static const cJSON *operand_kind(const ctx *c, const char *enc, const char *name, int modifier)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(c->ops_doc.root, "encodings"), *x, *o;
    cJSON_ArrayForEach(x, a)
    {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(x, "encoding");
        if (!cJSON_IsString(e) || strcmp(e->valuestring, enc) != 0)
            continue;
        cJSON_ArrayForEach(o,
                           cJSON_GetObjectItemCaseSensitive(x, modifier ? "modifiers" : "operands"))
        {
            const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "name");
            if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
                return o;
        }
    }
    return NULL;
}

static const cJSON *encoding_operands(const ctx *c, const char *enc)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(c->ops_doc.root, "encodings"), *x;
    cJSON_ArrayForEach(x, a)
    {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(x, "encoding");
        if (cJSON_IsString(e) && strcmp(e->valuestring, enc) == 0)
            return x;
    }
    return NULL;
}

/* The name generation g gives instruction x: a rename of operands.json (VOP2's V_ADD_I32 is
 * V_ADD_CO_U32 on GCN 1.4), else its own. */
static const char *name_on(const ctx *c, const rinsn *x, int g)
{
    const cJSON *r;
    cJSON_ArrayForEach(r,
                       cJSON_GetObjectItemCaseSensitive(encoding_operands(c, ienc(x)), "renames"))
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(r, "name");
        const cJSON *in = cJSON_GetObjectItemCaseSensitive(r, "instruction");
        if (cJSON_IsString(n) && cJSON_IsString(in) && strcmp(in->valuestring, x->name) == 0 &&
            json_strs_has(cJSON_GetObjectItemCaseSensitive(r, "gens"), c->gens[g].id))
            return n->valuestring;
    }
    return x->name;
}

/* operands.json's mnemonic_suffix of x's encoding, unless suffix_exceptions names x: how LLVM
 * spells the form (v_mov_b32_e32, the 32-bit form of an instruction that has a VOP3 form too),
 * written into the instruction as "asm_suffix"; mnemonic_suffix_gens, where LLVM prints it on
 * some generations only (VINTRP's _e32 on GCN 1.2/1.4, where a VOP3 form exists too), as
 * "asm_suffix_gens". */
static void add_asm_suffix(const ctx *c, const rinsn *x, cJSON *o)
{
    const cJSON *enc = encoding_operands(c, ienc(x)), *n;
    const cJSON *suffix = cJSON_GetObjectItemCaseSensitive(enc, "mnemonic_suffix");
    if (!cJSON_IsString(suffix))
        return;
    cJSON_ArrayForEach(n, cJSON_GetObjectItemCaseSensitive(enc, "suffix_exceptions"))
    {
        if (cJSON_IsString(n) && strcmp(n->valuestring, x->name) == 0)
            return;
    }
    cJSON_AddStringToObject(o, "asm_suffix", suffix->valuestring);
    if (cJSON_GetObjectItemCaseSensitive(enc, "mnemonic_suffix_gens"))
        cJSON_AddItemToObject(
            o, "asm_suffix_gens",
            cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(enc, "mnemonic_suffix_gens"), 1));
    else if (cJSON_GetObjectItemCaseSensitive(enc, "mnemonic_suffix_with")) {
        /* LLVM writes VOP3's _e64 only where the instruction has a 32-bit form too: the
         * generations on which an encoding mnemonic_suffix_with names has x's name */
        cJSON *gens = cJSON_AddArrayToObject(o, "asm_suffix_gens");
        int g;
        size_t i;
        const cJSON *with = cJSON_GetObjectItemCaseSensitive(enc, "mnemonic_suffix_with");
        size_t xi = (size_t)(x - c->insns);
        for (g = 0; g < (int)c->ngens; g++) {
            int other = 0;
            if (x->opcode[g] < 0)
                continue;
            for (i = 0; i < c->ninsns && !other; i++)
                other = c->insns[i].opcode[g] >= 0 &&
                        strcmp(c->names_on[i * c->ngens + (size_t)g],
                               c->names_on[xi * c->ngens + (size_t)g]) == 0 &&
                        json_strs_has(with, c->insns[i].encoding);
            if (other)
                cJSON_AddItemToArray(gens, cJSON_CreateString(c->gens[g].id));
        }
    }
}

/* Canonical syntax "NAME OP(2), OP [MOD:MOD] REQ" from a parsed syntax fact. */
static char *canonical_syntax(const char *name, const gcn_fact *s)
{
    char buf[1024];
    size_t i;
    int k;
    snprintf(buf, sizeof(buf), "%s", name);
    for (i = 0; i < s->noperands; i++) {
        char one[64];
        snprintf(one, sizeof(one), "%s%s", i ? ", " : " ", s->operands[i].name);
        strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
        if (s->operands[i].nwidths) {
            strncat(buf, "(", sizeof(buf) - strlen(buf) - 1);
            for (k = 0; k < s->operands[i].nwidths; k++) {
                snprintf(one, sizeof(one), "%s%d", k ? "," : "", s->operands[i].widths[k]);
                strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
            }
            strncat(buf, ")", sizeof(buf) - strlen(buf) - 1);
        }
    }
    for (i = 0; i < s->modifiers.n; i++) {
        const char *m = s->modifiers.v[i];
        char one[96];
        if (m[0] == '!')
            snprintf(one, sizeof(one), " %s", m + 1);
        else
            snprintf(one, sizeof(one), " [%s]", m);
        strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
    }
    return gcn_strdup(buf);
}

/* Parses a syntax string into a scratch fact (operands, modifiers). */
static int parse_syntax(const char *text, gcn_fact *s)
{
    size_t bad = 0;
    memset(s, 0, sizeof(*s));
    return text_syntax(text, s, &bad);
}

static void scratch_free(gcn_fact *s)
{
    size_t i;
    free(s->mnemonic);
    for (i = 0; i < s->noperands; i++) {
        free(s->operands[i].name);
        free(s->operands[i].text);
    }
    free(s->operands);
    gcn_strs_free(&s->modifiers);
}

static const char *const operand_extras[] = {"format",
                                             "imm_field",
                                             "soe_field",
                                             "soffset_field",
                                             "signed_gens",
                                             "literal_gens",
                                             "register_bits",
                                             "imm_scale",
                                             "literal_scale",
                                             "omitted",
                                             "accepts_signed",
                                             "max",
                                             "chan_field",
                                             "offen_field",
                                             "idxen_field",
                                             "addr64_field",
                                             "saddr",
                                             "regs_with_saddr",
                                             "regs_off",
                                             "off",
                                             "abs_field",
                                             "neg_field",
                                             "mod_bit",
                                             "dmask_field",
                                             "tfe_field",
                                             "lwe_field",
                                             "d16_field",
                                             "d16_packed_gens",
                                             NULL};
static const char *const modifier_extras[] = {"format",   "omit_zero",    "max", "nfmt_field",
                                              "field_hi", "default_ones", NULL};

/* Copies the listed keys of a curated operand/modifier entry into the spec's. */
static void copy_keys(cJSON *to, const cJSON *from, const char *const *keys)
{
    const char *const *k;
    for (k = keys; *k; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(from, *k);
        if (v)
            cJSON_AddItemToObject(to, *k, cJSON_Duplicate(v, 1));
    }
}

/* Instruction-specific refinements from operands.json's overrides: a modifier's format
 * (DS_SWIZZLE_B32's offset), an operand's kind (S_MOVRELS_*'s source is a register number), the
 * one register an operand's register form takes on some generations (register_only: the
 * offset of GCN 1.2's scalar stores is M0). */
static void apply_override(const ctx *c, const rinsn *x, const char *what, const char *name,
                           cJSON *to)
{
    /* field: an operand whose name another instruction of the encoding keeps in another field
     * (V_READLANE_B32's SDST in VOP3's VDST, where VOP3B's SDST has bits of its own) */
    static const char *const keys[] = {"format", "kind",      "when",      "field",
                                       "plus",   "abs_field", "neg_field", NULL};
    const cJSON *enc = encoding_operands(c, ienc(x)), *o;
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(enc, "overrides"))
    {
        const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, "instruction");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, what);
        const char *const *k;
        if (!cJSON_IsString(i) || !cJSON_IsString(m) || strcmp(i->valuestring, x->name) != 0 ||
            strcmp(m->valuestring, name) != 0)
            continue;
        for (k = keys; *k; k++) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, *k);
            if (!cJSON_IsString(v))
                continue;
            if (cJSON_GetObjectItemCaseSensitive(to, *k))
                cJSON_ReplaceItemInObjectCaseSensitive(to, *k, cJSON_CreateString(v->valuestring));
            else
                cJSON_AddStringToObject(to, *k, v->valuestring);
        }
        if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(o, "register_only")))
            cJSON_AddItemToObject(
                to, "register_only",
                cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(o, "register_only"), 1));
    }
}

static int json_index(const cJSON *a, const cJSON *item)
{
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, a)
    {
        if (e == item)
            return i;
        i++;
    }
    return -1;
}

/* The form the layout of x's encoding on generation g gives a field ("" for every form), NULL
 * when that layout has no such field. */
static const char *layout_form(const ctx *c, const char *enc, int g, const char *field)
{
    size_t i, j;
    for (i = 0; i < c->nlayouts; i++)
        if (c->layouts[i].gen == g && strcmp(c->layouts[i].encoding, enc) == 0)
            for (j = 0; j < c->layouts[i].n; j++)
                if (strcmp(c->layouts[i].f[j].name, field) == 0)
                    return c->layouts[i].f[j].form;
    return NULL;
}

/* The field of x's encoding (on the first generation x has) at the bits of the form field the
 * page whose form x is names op ("0-7 | SDST" on the VOPC page: VOP3's VDST), where that field
 * is of x's form; NULL where the page's form table names no such field. */
static const char *form_page_field(const ctx *c, const rinsn *x, const char *op)
{
    size_t i, j, l;
    int g;
    for (g = 0; g < (int)c->ngens && x->opcode[g] < 0; g++)
        ;
    if (g == (int)c->ngens)
        return NULL;
    for (i = 0; i < c->facts.n; i++) {
        const gcn_fact *f = &c->facts.v[i];
        char fform[16];
        if (f->kind != GCN_FACT_FIELD || !f->encoding || strcmp(f->encoding, x->form_page) != 0 ||
            !f->form || strncmp(f->form, x->encoding, strlen(x->encoding)) != 0 ||
            strcmp(f->name, op) != 0 || (f->gens.n && !gcn_strs_has(&f->gens, c->gens[g].id)))
            continue;
        field_form(x->encoding, f->description, fform, sizeof(fform));
        if (fform[0] && x->form[0] && strcmp(fform, x->form) != 0)
            continue;
        for (l = 0; l < c->nlayouts; l++)
            if (c->layouts[l].gen == g && strcmp(c->layouts[l].encoding, x->encoding) == 0)
                for (j = 0; j < c->layouts[l].n; j++)
                    if (c->layouts[l].f[j].lo == f->lo && c->layouts[l].f[j].hi == f->hi &&
                        (!fform[0] || !c->layouts[l].f[j].form[0] ||
                         strcmp(c->layouts[l].f[j].form, fform) == 0))
                        return c->layouts[l].f[j].name;
    }
    return NULL;
}

/* The field operand op of instruction x, a form of another page's instruction, lies in (dflt:
 * the one operands.json gives op in x's encoding): the page's form table's (VOPC's SDST in
 * bits 0-7); else, where dflt belongs to another form than x's opcode line names (VOP3B's SDST
 * for V_READLANE_B32's 'Opcode VOP3A:'), the field of the page's own encoding that operands.json
 * gives op (VDST), if x's encoding has it; else dflt. */
static const char *form_operand_field(const ctx *c, const rinsn *x, const char *op,
                                      const char *dflt)
{
    const char *f, *lf;
    const cJSON *k;
    int g;
    if (!x->form_page || !dflt)
        return dflt;
    if ((f = form_page_field(c, x, op)) != NULL)
        return f;
    for (g = 0; g < (int)c->ngens && x->opcode[g] < 0; g++)
        ;
    lf = g < (int)c->ngens ? layout_form(c, x->encoding, g, dflt) : NULL;
    if (!lf || !lf[0] || !x->form[0] || strcmp(lf, x->form) == 0)
        return dflt;
    k = operand_kind(c, x->form_page, op, 0);
    f = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(k, "field"))
            ? cJSON_GetObjectItemCaseSensitive(k, "field")->valuestring
            : NULL;
    return f && layout_form(c, x->encoding, g, f) ? f : dflt;
}

/* For a modifier every instruction of x's encoding takes: where the encoding's fields have
 * forms (VOP3A, VOP3B), the generations on which x's operands leave the modifier's field to it
 * (a field of another form than one x's operands use shares its bits: VOP3A's CLAMP lies in
 * VOP3B's SDST on GCN 1.0/1.1), as an array; NULL when no field of the encoding has a form. */
static cJSON *form_gens(const ctx *c, const rinsn *x, const char *field, const cJSON *ops)
{
    cJSON *out = NULL;
    int g, any = 0;
    for (g = 0; g < (int)c->ngens; g++) {
        const char *mf = layout_form(c, ienc(x), g, field);
        const cJSON *op;
        if (x->opcode[g] < 0)
            continue;
        if (mf && mf[0])
            any = 1;
        cJSON_ArrayForEach(op, ops)
        {
            const cJSON *f = cJSON_GetObjectItemCaseSensitive(op, "field");
            const char *of = cJSON_IsString(f) ? layout_form(c, ienc(x), g, f->valuestring) : NULL;
            if (of && of[0])
                any = 1;
            if (mf && of && mf[0] && of[0] && strcmp(mf, of) != 0)
                mf = NULL;
        }
        if (!out)
            out = cJSON_CreateArray();
        if (mf)
            cJSON_AddItemToArray(out, cJSON_CreateString(c->gens[g].id));
    }
    if (!any) {
        cJSON_Delete(out);
        return NULL;
    }
    return out;
}

/* 1 when an override of operands.json sets key to true on modifier name of instruction x:
 * "absent" (a modifier every instruction of the encoding takes but this one, BUFFER_WBINVL1's),
 * "required" (BUFFER_STORE_LDS_DWORD's lds). */
static int override_true(const ctx *c, const rinsn *x, const char *name, const char *key)
{
    const cJSON *enc = encoding_operands(c, ienc(x)), *o;
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(enc, "overrides"))
    {
        const cJSON *i = cJSON_GetObjectItemCaseSensitive(o, "instruction");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "modifier");
        if (cJSON_IsString(i) && cJSON_IsString(m) && strcmp(i->valuestring, x->name) == 0 &&
            strcmp(m->valuestring, name) == 0 &&
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key)))
            return 1;
    }
    return 0;
}

static gcn_status emit_operands(ctx *c, rinsn *x, const gcn_fact *s, cJSON *o, const char *where)
{
    cJSON *ops = cJSON_AddArrayToObject(o, "operands"), *mods;
    const cJSON *enc = encoding_operands(c, ienc(x)), *m;
    size_t i;
    for (i = 0; i < s->noperands; i++) {
        const gcn_operand_ref *r = &s->operands[i];
        const cJSON *k = operand_kind(c, ienc(x), r->name, 0), *choice;
        cJSON *op;
        int lo, hi;
        if (!k)
            return fail(c, where, 0,
                        "%s: operand %s is no operand of the %s encoding (operands.json); an "
                        "erratum must correct the syntax",
                        x->name, r->name, ienc(x));
        /* several widths (MIMG's SRSRC(4,8)): the encoding's operand entry picks one of them
         * ("regs_choice", with the peers' evidence) */
        choice = cJSON_GetObjectItemCaseSensitive(k, "regs_choice");
        if (r->nwidths > 1) {
            int j, ok = 0;
            for (j = 0; j < r->nwidths && cJSON_IsNumber(choice); j++)
                ok |= r->widths[j] == (int)cJSON_GetNumberValue(choice);
            if (!ok)
                return fail(c, where, 0, "%s: operand %s gives several widths", x->name, r->name);
        }
        if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(k, "kind")) ||
            (cJSON_GetObjectItemCaseSensitive(k, "field") &&
             !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(k, "field"))))
            return fail(c, "spec/curated/operands.json", 0,
                        "%s operand %s: needs a kind, and its field (if any) is a name", ienc(x),
                        r->name);
        op = cJSON_CreateObject();
        cJSON_AddStringToObject(op, "name", r->name);
        cJSON_AddStringToObject(op, "kind",
                                cJSON_GetObjectItemCaseSensitive(k, "kind")->valuestring);
        if (r->nwidths > 1)
            cJSON_AddNumberToObject(op, "regs", cJSON_GetNumberValue(choice));
        else if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(k, "range_regs")) && r->text &&
                 sscanf(r->text, "%*[A-Z0-9_](%d:%d)", &lo, &hi) == 2 && lo >= 1 && hi >= lo) {
            /* a range of widths, VADDR(MIN:MAX): MIN written, up to MAX taken */
            cJSON_AddNumberToObject(op, "regs", lo);
            cJSON_AddNumberToObject(op, "regs_max", hi);
        } else
            cJSON_AddNumberToObject(op, "regs", r->nwidths ? r->widths[0] : 1);
        /* an operand with no field lies outside the word (the 32-bit constant after it) */
        if (cJSON_GetObjectItemCaseSensitive(k, "field"))
            cJSON_AddStringToObject(
                op, "field",
                form_operand_field(c, x, r->name,
                                   cJSON_GetObjectItemCaseSensitive(k, "field")->valuestring));
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(k, "defines")))
            cJSON_AddBoolToObject(op, "defines", 1);
        copy_keys(op, k, operand_extras);
        apply_override(c, x, "operand", r->name, op);
        cJSON_AddItemToArray(ops, op);
    }
    /* a source modifier's field of another form than one the operands use shares their bits
     * (VOP3A's ABS lies in VOP3B's SDST): the sources leave it out */
    {
        cJSON *op;
        cJSON_ArrayForEach(op, ops)
        {
            static const char *const mod_keys[] = {"abs_field", "neg_field"};
            size_t k;
            for (k = 0; k < 2; k++) {
                const cJSON *f = cJSON_GetObjectItemCaseSensitive(op, mod_keys[k]);
                cJSON *gens = cJSON_IsString(f) ? form_gens(c, x, f->valuestring, ops) : NULL;
                int g, have = 0;
                for (g = 0; g < (int)c->ngens; g++)
                    have += x->opcode[g] >= 0;
                if (gens && cJSON_GetArraySize(gens) < have)
                    cJSON_DeleteItemFromObjectCaseSensitive(op, mod_keys[k]);
                cJSON_Delete(gens);
            }
        }
    }
    mods = cJSON_AddArrayToObject(o, "modifiers");
    for (i = 0; i < s->modifiers.n; i++) {
        const char *raw = s->modifiers.v[i] + (s->modifiers.v[i][0] == '!');
        char name[64];
        const cJSON *k;
        cJSON *mo;
        size_t n = strcspn(raw, ":");
        snprintf(name, sizeof(name), "%.*s", (int)n, raw);
        k = operand_kind(c, ienc(x), name, 1);
        if (!k)
            return fail(c, where, 0, "%s: modifier %s is no modifier of the %s encoding", x->name,
                        name, ienc(x));
        if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(k, "field")) ||
            !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(k, "asm")))
            return fail(c, "spec/curated/operands.json", 0,
                        "%s modifier %s: needs a field and an asm name", ienc(x), name);
        mo = cJSON_CreateObject();
        cJSON_AddStringToObject(mo, "name", name);
        cJSON_AddStringToObject(mo, "field",
                                cJSON_GetObjectItemCaseSensitive(k, "field")->valuestring);
        cJSON_AddStringToObject(mo, "asm", cJSON_GetObjectItemCaseSensitive(k, "asm")->valuestring);
        if (s->modifiers.v[i][0] == '!')
            cJSON_AddBoolToObject(mo, "required", 1);
        copy_keys(mo, k, modifier_extras);
        apply_override(c, x, "modifier", name, mo);
        cJSON_AddItemToArray(mods, mo);
    }
    /* modifiers every instruction of the encoding takes (GDS, GLC), or those it lists */
    cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(enc, "modifiers"))
    {
        const char *name = cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring;
        const cJSON *e;
        int present = 0;
        cJSON_ArrayForEach(e, mods)
        {
            if (strcmp(cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring, name) == 0)
                present = 1;
        }
        /* "instructions": the ones alone that take it (GCN 1.4's op_sel, E245) */
        if (present ||
            !(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "every")) ||
              json_strs_has(cJSON_GetObjectItemCaseSensitive(m, "instructions"), x->name)))
            continue;
        if (override_true(c, x, name, "absent")) {
            /* "zero": the field must be clear (VOP3's CLAMP on V_BFE_U32, where the page
             * gives it no effect and llvm-mc refuses the word); else the decoder ignores it */
            if (override_true(c, x, name, "zero")) {
                cJSON *z = cJSON_GetObjectItemCaseSensitive(o, "zero_fields");
                if (!z)
                    z = cJSON_AddArrayToObject(o, "zero_fields");
                cJSON_AddItemToArray(
                    z,
                    cJSON_CreateString(cJSON_GetObjectItemCaseSensitive(m, "field")->valuestring));
            }
            continue;
        }
        {
            cJSON *mo = cJSON_CreateObject();
            const cJSON *gens = cJSON_GetObjectItemCaseSensitive(m, "gens");
            const char *field = cJSON_GetObjectItemCaseSensitive(m, "field")->valuestring;
            cJSON *own = form_gens(c, x, field, ops);
            cJSON_AddStringToObject(mo, "name", name);
            cJSON_AddStringToObject(mo, "field", field);
            cJSON_AddStringToObject(mo, "asm",
                                    cJSON_GetObjectItemCaseSensitive(m, "asm")->valuestring);
            if (own && !cJSON_GetArraySize(own)) {
                /* no generation's form of x has the field (VOP3A's CLAMP in VOP3B on GCN
                 * 1.0/1.1) */
                cJSON_Delete(own);
                cJSON_Delete(mo);
                continue;
            }
            if (own) {
                if (gens) {
                    cJSON *g = own->child;
                    while (g) {
                        cJSON *next = g->next;
                        if (!json_strs_has(gens, g->valuestring))
                            cJSON_DeleteItemFromArray(own, json_index(own, g));
                        g = next;
                    }
                }
                cJSON_AddItemToObject(mo, "gens", own);
            } else if (gens)
                cJSON_AddItemToObject(mo, "gens", cJSON_Duplicate(gens, 1));
            copy_keys(mo, m, modifier_extras);
            apply_override(c, x, "modifier", name, mo);
            if (override_true(c, x, name, "required"))
                cJSON_AddBoolToObject(mo, "required", 1);
            cJSON_AddItemToArray(mods, mo);
        }
    }
    return GCN_OK;
}

/* The sections describing instruction x (after remaps): its encoding's, then those of the page
 * whose form it is (V_LDEXP_F32's VOP3 word: the VOP3 page's section, which GCN 1.2 and 1.4
 * encode in VOP3 alone, and the VOP2 page's). */
static int section_key_cmp(const struct section_key *k, const char *name, const char *enc)
{
    int d = strcmp(k->name, name);
    return d ? d : strcmp(k->encoding, enc);
}

static int section_order_cmp(const void *a, const void *b)
{
    const struct section_key *x = a, *y = b;
    int d = section_key_cmp(x, y->name, y->encoding);
    return d ? d : (x->i < y->i ? -1 : x->i > y->i);
}

static gcn_status section_order_build(ctx *c)
{
    size_t i;
    if (!(c->section_order = malloc((c->nsections + 1) * sizeof(*c->section_order))))
        return GCN_ERR_NOMEM;
    for (i = 0; i < c->nsections; i++) {
        c->section_order[i].name = c->section_names[i];
        c->section_order[i].encoding = c->sections[i].section->encoding;
        c->section_order[i].i = i;
    }
    qsort(c->section_order, c->nsections, sizeof(*c->section_order), section_order_cmp);
    return GCN_OK;
}

static size_t sections_of(const ctx *c, const rinsn *x, const gcn_section_view **out, size_t max)
{
    size_t n = 0;
    int pass;
    for (pass = 0; pass < 2; pass++) {
        const char *enc = pass ? x->form_page : x->encoding;
        size_t lo = 0, hi = c->nsections;
        if (!enc)
            continue;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (section_key_cmp(&c->section_order[mid], x->name, enc) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < c->nsections && n < max &&
               section_key_cmp(&c->section_order[lo], x->name, enc) == 0;
             lo++)
            out[n++] = &c->sections[c->section_order[lo].i];
    }
    return n;
}

/* A page's syntax template of a form ("Syntax: INSTRUCTION SDST(2), SRC0, SRC1 [MODIFIERS]"
 * under VOPC's VOP3A/VOP3B fields; form NULL: the page's own encoding's), parsed into *out with
 * its mnemonic "INSTRUCTION"; 0 when the page has none. */
static int page_template(const ctx *c, const char *page, const char *form, gcn_fact *out)
{
    size_t i;
    for (i = 0; i < c->facts.n; i++) {
        const gcn_fact *t = &c->facts.v[i];
        const char *text;
        if (t->kind != GCN_FACT_SYNTAX_TEMPLATE || !t->encoding || strcmp(t->encoding, page) != 0 ||
            !t->text || (!form) != (!t->form) ||
            (form && strncmp(t->form, form, strlen(form)) != 0))
            continue;
        text = strchr(t->text, ':');
        if (text && parse_syntax(text + 1 + strspn(text + 1, " "), out))
            return 1;
    }
    return 0;
}

/* The syntax of x's word in its encoding written from b, the syntax of the instruction on the
 * page whose form x is: each operand the page's template names takes the name the form's
 * template gives its place ("INSTRUCTION VCC, SRC0, VSRC1" and "INSTRUCTION SDST(2), SRC0,
 * SRC1": VCC is SDST(2), VSRC1 SRC1), with the form template's width where it gives one; the
 * others keep theirs. NULL (heap) when the page has no templates for both. */
static char *form_syntax_from(const ctx *c, const rinsn *x, const gcn_fact *b)
{
    gcn_fact own, form;
    char buf[1024];
    size_t i, j;
    int have_own, have_form;
    if (!x->form_page)
        return NULL;
    have_own = page_template(c, x->form_page, NULL, &own);
    have_form = page_template(c, x->form_page, x->encoding, &form);
    if (!have_own || !have_form || own.noperands != form.noperands) {
        if (have_own)
            scratch_free(&own);
        if (have_form)
            scratch_free(&form);
        return NULL;
    }
    snprintf(buf, sizeof(buf), "%s", x->name);
    for (i = 0; i < b->noperands; i++) {
        const gcn_operand_ref *r = &b->operands[i];
        const char *name = r->name;
        const int *w = r->widths;
        int nw = r->nwidths, k;
        char one[96];
        for (j = 0; j < own.noperands; j++)
            if (strcmp(own.operands[j].name, r->name) == 0) {
                name = form.operands[j].name;
                if (form.operands[j].nwidths) {
                    w = form.operands[j].widths;
                    nw = form.operands[j].nwidths;
                }
                break;
            }
        snprintf(one, sizeof(one), "%s%s", i ? ", " : " ", name);
        strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
        for (k = 0; k < nw; k++) {
            snprintf(one, sizeof(one), "%s%d%s", k ? "," : "(", w[k], k + 1 == nw ? ")" : "");
            strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
        }
    }
    scratch_free(&own);
    scratch_free(&form);
    return gcn_strdup(buf);
}

/* A syntax line qualified by generations (g: "Syntax (GCN 1.4):") beside the unqualified one
 * the operands come from: each operand it gives another width gets "regs_gens", the width on
 * those generations. Any other difference is a finding the page's errata must settle. */
static gcn_status emit_gen_widths(ctx *c, rinsn *x, const gcn_fact *g, cJSON *o)
{
    cJSON *ops = cJSON_GetObjectItemCaseSensitive(o, "operands"), *op;
    size_t i = 0, k;
    if ((size_t)cJSON_GetArraySize(ops) != g->noperands)
        return fail(c, g->file, g->line, "%s: the line for %s gives %zu operands, the syntax %d",
                    x->name, g->gens.v[0], g->noperands, cJSON_GetArraySize(ops));
    cJSON_ArrayForEach(op, ops)
    {
        const gcn_operand_ref *r = &g->operands[i++];
        double regs = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(op, "regs"));
        unsigned w = r->nwidths ? r->widths[0] : 1;
        cJSON *rg, *gens;
        if (strcmp(r->name, cJSON_GetObjectItemCaseSensitive(op, "name")->valuestring) != 0)
            return fail(c, g->file, g->line, "%s: the line for %s names %s where the syntax has %s",
                        x->name, g->gens.v[0], r->name,
                        cJSON_GetObjectItemCaseSensitive(op, "name")->valuestring);
        if ((double)w == regs)
            continue;
        rg = cJSON_AddObjectToObject(op, "regs_gens");
        gens = cJSON_AddArrayToObject(rg, "gens");
        for (k = 0; k < g->gens.n; k++)
            cJSON_AddItemToArray(gens, cJSON_CreateString(g->gens.v[k]));
        cJSON_AddNumberToObject(rg, "regs", w);
        cJSON_AddStringToObject(rg, "source", g->id);
    }
    return GCN_OK;
}

static gcn_status emit_syntax(ctx *c, rinsn *x, cJSON *o)
{
    const gcn_erratum *e = NULL;
    const gcn_decision *d = find_decision(c, GCN_DEC_SYNTAX, x->encoding, x->name, NULL, &e);
    const gcn_section_view *secs[8];
    const gcn_fact *from_page = NULL;
    size_t n = sections_of(c, x, secs, 8), i;
    gcn_fact own;
    const gcn_fact *s = NULL;
    int owned = 0;
    char *canon = NULL;
    const char *where = "";
    gcn_status st = GCN_OK;
    char source[600] = "";
    const char *text = NULL;
    char *derived = NULL;
    /* the form of an instruction whose syntax an erratum corrects on its page (V_SWAP_B32's
     * VSRC0): the correction, written in the form's operands */
    if (!d && x->form_page) {
        const gcn_decision *bd = find_decision(c, GCN_DEC_SYNTAX, x->form_page, x->name, NULL, &e);
        gcn_fact b;
        /* a section of x's own encoding gives its syntax first (V_LDEXP_F32's VOP3 section) */
        for (i = 0; i < n && bd; i++)
            if (secs[i]->syntax && strcmp(secs[i]->section->encoding, x->encoding) == 0)
                bd = NULL;
        if (bd) {
            if (!parse_syntax(bd->syntax, &b))
                return fail(c, c->errata.path, bd->line, "%s: cannot read the syntax \"%s\"",
                            x->name, bd->syntax);
            derived = form_syntax_from(c, x, &b);
            scratch_free(&b);
            if (!derived)
                return fail(c, c->errata.path, bd->line,
                            "%s: the %s page has no templates to write its %s syntax", x->name,
                            x->form_page, x->encoding);
            text = derived;
            snprintf(source, sizeof(source), "%s", e->id);
            note_erratum(x, e);
            where = c->errata.path;
        }
    }
    if (d) {
        text = d->syntax;
        snprintf(source, sizeof(source), "%s", e->id);
        note_erratum(x, e);
        where = c->errata.path;
    } else if (!derived) {
        for (i = 0; i < n && st == GCN_OK; i++) {
            char *k;
            const gcn_fact *line = secs[i]->syntax;
            /* a section of the page whose form x is: its line for the form ("Syntax VOP3B:"),
             * else its own written in the form's operands */
            if (strcmp(secs[i]->section->encoding, x->encoding) != 0 && secs[i]->form_syntax)
                line = secs[i]->form_syntax;
            else if (strcmp(secs[i]->section->encoding, x->encoding) != 0 && line) {
                k = form_syntax_from(c, x, line);
                if (!k) {
                    st = fail(c, line->file, line->line,
                              "%s: the %s page gives no %s syntax and no templates to write it",
                              x->name, x->form_page, x->encoding);
                    break;
                }
                if (!from_page && !derived) {
                    derived = k;
                    snprintf(source, sizeof(source), "%s", line->id);
                    where = line->file;
                    continue;
                }
                if (strcmp(derived ? derived : canon, k) != 0)
                    st = fail(c, line->file, line->line,
                              "%s: the pages give the syntax '%s' and '%s'; no erratum decides",
                              x->name, derived ? derived : canon, k);
                free(k);
                continue;
            }
            if (!line)
                continue;
            k = canonical_syntax(x->name, line);
            if (derived) {
                if (strcmp(derived, k) != 0)
                    st = fail(c, line->file, line->line,
                              "%s: the pages give the syntax '%s' and '%s'; no erratum decides",
                              x->name, derived, k);
                free(k);
            } else if (!from_page) {
                from_page = line;
                canon = k;
            } else {
                if (strcmp(canon, k) != 0)
                    st = fail(c, secs[i]->syntax->file, secs[i]->syntax->line,
                              "%s: the pages give the syntax '%s' and '%s'; no erratum decides",
                              x->name, canon, k);
                free(k);
            }
        }
        if (st != GCN_OK) {
            free(derived);
            free(canon);
            return st;
        }
        if (derived) {
            text = derived;
        } else if (from_page) {
            s = from_page;
            snprintf(source, sizeof(source), "%s", from_page->id);
            where = from_page->file;
        } else {
            const cJSON *cs = curated_syntax(c, x->encoding, x->name);
            const cJSON *base =
                !cs && x->form_page ? curated_syntax(c, x->form_page, x->name) : NULL;
            gcn_fact b;
            if (!cs && !base)
                return fail(c, "", 0,
                            "%s (%s) has no section, no curated syntax and no erratum giving one",
                            x->name, ienc(x));
            text = cJSON_GetObjectItemCaseSensitive(cs ? cs : base, "syntax")->valuestring;
            snprintf(source, sizeof(source), "spec/curated/syntax.json#%s", x->name);
            where = "spec/curated/syntax.json";
            /* the curated syntax of the page whose form x is (VOPC's compares), written in the
             * form's operands by the page's templates */
            if (base) {
                if (!parse_syntax(text, &b))
                    return fail(c, where, 0, "%s: cannot read the syntax \"%s\"", x->name, text);
                derived = form_syntax_from(c, x, &b);
                scratch_free(&b);
                if (!derived)
                    return fail(c, where, 0,
                                "%s: the %s page has no templates to write its %s syntax", x->name,
                                x->form_page, x->encoding);
                text = derived;
            }
        }
    }
    if (st == GCN_OK && text) {
        owned = 1;
        if (!parse_syntax(text, &own)) {
            st =
                fail(c, where, d ? d->line : 0, "%s: cannot read the syntax \"%s\"", x->name, text);
        } else {
            s = &own;
            canon = canonical_syntax(x->name, s);
        }
    }
    if (st == GCN_OK) {
        cJSON_AddStringToObject(o, "syntax", canon);
        cJSON_AddStringToObject(o, "syntax_source", source);
        st = emit_operands(c, x, s, o, where);
    }
    for (i = 0; st == GCN_OK && i < n; i++)
        /* a line naming another instruction is not a width of x's: where an erratum decides
         * x's syntax, it settles that line too (V_INTERP_P2_F16's, which names
         * V_INTERP_P1_F16_LEGACY, E221) */
        if (secs[i]->gen_syntax && strcmp(secs[i]->section->encoding, x->encoding) == 0 &&
            !(d && secs[i]->gen_syntax->mnemonic &&
              strcmp(secs[i]->gen_syntax->mnemonic, x->name) != 0)) {
            st = emit_gen_widths(c, x, secs[i]->gen_syntax, o);
            break;
        }
    if (owned)
        scratch_free(&own);
    free(canon);
    free(derived);
    return st;
}

static char *code_key(const char *code)
{
    char *k = gcn_code_without_comments(code), *p, *q;
    if (!k)
        return NULL;
    for (p = q = k; *p; p++)
        if (!isspace((unsigned char)*p))
            *q++ = *p;
    *q = 0;
    return k;
}

static const char *oracle_pending(const ctx *c, const char *enc);

static gcn_status emit_semantics(ctx *c, rinsn *x, cJSON *o)
{
    const gcn_section_view *secs[8];
    size_t n = sections_of(c, x, secs, 8), i;
    const gcn_fact *written = NULL;
    const gcn_erratum *e = NULL;
    const gcn_decision *d;
    cJSON *sem = cJSON_CreateObject(), *w;
    char at[600];
    for (i = 0; i < n; i++) {
        const gcn_fact *op = secs[i]->operation;
        if (!op)
            continue;
        if (!written) {
            written = op;
            continue;
        }
        {
            char *ka = code_key(written->code), *kb = code_key(op->code);
            int same = ka && kb && strcmp(ka, kb) == 0;
            free(ka);
            free(kb);
            if (same)
                continue;
        }
        /* the pages disagree: a "written" decision picks the page */
        d = find_decision(c, GCN_DEC_WRITTEN, x->encoding, NULL, NULL, &e);
        {
            size_t k, q;
            const gcn_fact *pick = NULL;
            for (k = 0; k < c->errata.n && !pick; k++)
                for (q = 0; q < c->errata.v[k].ndecisions && !pick; q++) {
                    const gcn_decision *dd = &c->errata.v[k].decisions[q];
                    if (dd->op != GCN_DEC_WRITTEN ||
                        (strcmp(dd->encoding, x->encoding) != 0 &&
                         !(x->form_page && strcmp(dd->encoding, x->form_page) == 0)) ||
                        (strcmp(dd->mnemonic, x->name) != 0 && strcmp(dd->mnemonic, "*") != 0))
                        continue;
                    if (!gcn_strs_has(&c->errata.v[k].facts, op->id) ||
                        !gcn_strs_has(&c->errata.v[k].facts, written->id))
                        continue;
                    {
                        const gcn_fact *sf = gcn_facts_find(&c->facts, dd->section);
                        /* the decision names a section (or any fact) of the page to use */
                        if (sf && strcmp(sf->file, op->file) == 0)
                            pick = op;
                        else if (sf && strcmp(sf->file, written->file) == 0)
                            pick = written;
                        e = &c->errata.v[k];
                    }
                }
            (void)d;
            if (!pick) {
                cJSON_Delete(sem);
                return fail(c, op->file, op->line,
                            "%s: the pages give different pseudocode (%s:%u and here); no "
                            "erratum decides which is the text as written",
                            x->name, written->file, written->line);
            }
            written = pick;
            note_erratum(x, e);
        }
    }
    if (written) {
        w = cJSON_AddObjectToObject(sem, "written");
        snprintf(at, sizeof(at), "%s:%u", written->file, written->code_line);
        cJSON_AddStringToObject(w, "at", at);
        cJSON_AddStringToObject(w, "code", written->code);
    } else {
        cJSON_AddNullToObject(sem, "written");
    }
    d = find_decision(c, GCN_DEC_SEMANTICS, x->encoding, x->name, NULL, &e);
    /* a form's word does what the instruction does: the correction of its page's section */
    if (!d && x->form_page)
        d = find_decision(c, GCN_DEC_SEMANTICS, x->form_page, x->name, NULL, &e);
    {
        /* a correction must parse and pass every check; a written block that does not parse
         * must have a correction */
        ps_source src;
        ps_arena arena;
        ps_node *prog = NULL;
        gcn_diag pd;
        gcn_status pst;
        ps_arena_init(&arena);
        gcn_diag_clear(&pd);
        src.file = d ? c->errata.path : written ? written->file : "";
        src.first_line = d ? d->line : written ? written->code_line : 1;
        src.text = d ? d->code : written ? written->code : "";
        pst = (d || written) ? ps_parse(&src, &arena, &prog, &pd) : GCN_OK;
        if (pst != GCN_OK && !d && oracle_pending(c, x->encoding)) {
            /* an encoding the oracle does not execute yet (MIMG's image notation, E281): the
             * block stays in the facts, the instruction unsupported until issue 25 */
            cJSON *u;
            char why[2048];
            ps_arena_free(&arena);
            cJSON_DeleteItemFromObjectCaseSensitive(sem, "written");
            cJSON_AddNullToObject(sem, "written");
            u = cJSON_AddObjectToObject(sem, "unsupported");
            snprintf(at, sizeof(at), "%s:%u", written->file, written->code_line);
            cJSON_AddStringToObject(u, "at", at);
            snprintf(why, sizeof(why), "the block as written does not parse (%.200s); %.1500s",
                     pd.msg, oracle_pending(c, x->encoding));
            cJSON_AddStringToObject(u, "reason", why);
            cJSON_AddItemToObject(o, "semantics", sem);
            return GCN_OK;
        }
        if (pst != GCN_OK) {
            ps_arena_free(&arena);
            cJSON_Delete(sem);
            if (d)
                return fail(c, c->errata.path, d->line,
                            "%s: %s's corrected pseudocode does not "
                            "parse: %s",
                            e->id, x->name, pd.msg);
            return fail(c, written->file, pd.line,
                        "%s: the pseudocode does not parse (%s) and no erratum corrects it",
                        x->name, pd.msg);
        }
        if (d) {
            ps_env penv;
            ps_issue is[4];
            if (gcn_pseudo_env_for(&c->env, d->encoding, &penv) &&
                ps_check(prog, &penv, is, 4) > 0) {
                ps_arena_free(&arena);
                cJSON_Delete(sem);
                return fail(c, c->errata.path, d->line,
                            "%s: %s's corrected pseudocode still has a defect: %s: %s", e->id,
                            x->name, ps_issue_id(is[0].code), is[0].msg);
            }
        }
        ps_arena_free(&arena);
    }
    if (d) {
        cJSON *cr = cJSON_AddObjectToObject(sem, "corrected");
        cJSON_AddStringToObject(cr, "erratum", e->id);
        if (d->gens.n) {
            cJSON *g = cJSON_AddArrayToObject(cr, "gens");
            for (i = 0; i < d->gens.n; i++)
                cJSON_AddItemToArray(g, cJSON_CreateString(d->gens.v[i]));
        }
        cJSON_AddStringToObject(cr, "code", d->code);
        note_erratum(x, e);
    }
    cJSON_AddItemToObject(o, "semantics", sem);
    return GCN_OK;
}

/* ---- curated SMRD ------------------------------------------------------------------------- */

static gcn_status add_smrd(ctx *c, size_t *cap)
{
    const cJSON *enc = cJSON_GetObjectItemCaseSensitive(c->smrd_doc.root, "encoding");
    const cJSON *gens, *g, *fl, *fx, *list, *in;
    gcn_status st;
    const char *name = NULL;
    long long bits = 0;
    if (!enc)
        return gcn_json_error(&c->smrd_doc, c->smrd_doc.root, c->diag, "missing \"encoding\"");
    if ((st = gcn_json_str(&c->smrd_doc, enc, "name", 1, &name, c->diag)) != GCN_OK ||
        (st = gcn_json_int(&c->smrd_doc, enc, "size_bits", 1, 8, 128, &bits, c->diag)) != GCN_OK ||
        (st = gcn_json_arr(&c->smrd_doc, enc, "gens", 1, &gens, c->diag)) != GCN_OK ||
        (st = gcn_json_arr(&c->smrd_doc, enc, "fields", 1, &fl, c->diag)) != GCN_OK)
        return st;
    cJSON_ArrayForEach(g, gens)
    {
        int gi = cJSON_IsString(g) ? gen_index(c, g->valuestring) : -1;
        rlayout *l = &c->layouts[c->nlayouts];
        const cJSON *h;
        if (gi < 0)
            return gcn_json_error(&c->smrd_doc, g, c->diag, "unknown generation");
        /* each generation once (the layouts array holds MAX_GENS of them: fuzz finding
         * F-479223caa6 overflowed it) */
        for (h = gens->child; h != g; h = h->next)
            if (cJSON_IsString(h) && strcmp(h->valuestring, g->valuestring) == 0)
                return gcn_json_error(&c->smrd_doc, g, c->diag, "generation listed twice");
        memset(l, 0, sizeof(*l));
        l->encoding = (char *)name;
        l->gen = gi;
        l->bits = (long)bits;
        l->f = calloc((size_t)cJSON_GetArraySize(fl) + 1, sizeof(*l->f));
        if (!l->f)
            return GCN_ERR_NOMEM;
        gcn_strs_push(&l->sources, "spec/curated/smrd.json");
        cJSON_ArrayForEach(fx, fl)
        {
            rfield *f = &l->f[l->n++];
            const char *fn = NULL, *val = NULL;
            long long lo = 0, hi = 0;
            if ((st = gcn_json_str(&c->smrd_doc, fx, "name", 1, &fn, c->diag)) != GCN_OK ||
                (st = gcn_json_int(&c->smrd_doc, fx, "lo", 1, 0, bits - 1, &lo, c->diag)) !=
                    GCN_OK ||
                (st = gcn_json_int(&c->smrd_doc, fx, "hi", 1, lo, bits - 1, &hi, c->diag)) !=
                    GCN_OK ||
                (st = gcn_json_str(&c->smrd_doc, fx, "value", 0, &val, c->diag)) != GCN_OK)
                return st;
            f->name = (char *)fn;
            f->lo = (long)lo;
            f->hi = (long)hi;
            f->value = (char *)val;
            gcn_strs_push(&f->sources, "spec/curated/smrd.json");
        }
        qsort(l->f, l->n, sizeof(rfield), field_cmp);
        c->nlayouts++;
    }
    if ((st = gcn_json_arr(&c->smrd_doc, c->smrd_doc.root, "instructions", 1, &list, c->diag)) !=
        GCN_OK)
        return st;
    cJSON_ArrayForEach(in, list)
    {
        const char *iname = NULL;
        const cJSON *ops = NULL, *oc;
        rinsn *x;
        if ((st = gcn_json_str(&c->smrd_doc, in, "name", 1, &iname, c->diag)) != GCN_OK ||
            (st = gcn_json_obj(&c->smrd_doc, in, "opcodes", 1, &ops, c->diag)) != GCN_OK)
            return st;
        x = insn(c, name, iname, cap);
        if (!x)
            return GCN_ERR_NOMEM;
        gcn_strs_push(&x->sources, "spec/curated/smrd.json");
        cJSON_ArrayForEach(oc, ops)
        {
            int gi = gen_index(c, oc->string);
            if (gi < 0 || !cJSON_IsNumber(oc))
                return gcn_json_error(&c->smrd_doc, oc, c->diag, "bad opcode entry");
            x->opcode[gi] = (long)oc->valuedouble;
        }
    }
    if (!gcn_strs_has(&c->encodings, name))
        gcn_strs_push(&c->encodings, name);
    return GCN_OK;
}

static const cJSON *smrd_syntax(const ctx *c, const char *name)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(c->smrd_doc.root, "instructions"), *in;
    cJSON_ArrayForEach(in, list)
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(in, "name");
        if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
            return cJSON_GetObjectItemCaseSensitive(in, "syntax");
    }
    return NULL;
}

/* ---- output ------------------------------------------------------------------------------- */

static cJSON *strs_array(const gcn_strs *l)
{
    cJSON *a = cJSON_CreateArray();
    size_t i;
    for (i = 0; i < l->n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(l->v[i]));
    return a;
}

static int same_layout(const rlayout *a, const rlayout *b)
{
    size_t i;
    if (strcmp(a->encoding, b->encoding) != 0 || a->bits != b->bits || a->n != b->n)
        return 0;
    for (i = 0; i < a->n; i++)
        if (strcmp(a->f[i].name, b->f[i].name) != 0 || a->f[i].lo != b->f[i].lo ||
            a->f[i].hi != b->f[i].hi || strcmp(a->f[i].form, b->f[i].form) != 0 ||
            strcmp(a->f[i].value ? a->f[i].value : "", b->f[i].value ? b->f[i].value : "") != 0)
            return 0;
    return 1;
}

/* pages.json's "oracle_pending" of an encoding: why the oracle does not execute it yet. */
static const char *oracle_pending(const ctx *c, const char *enc)
{
    return page_note(c, enc, "oracle_pending");
}

static cJSON *emit_encodings(ctx *c)
{
    cJSON *encs = cJSON_CreateArray();
    size_t e, i, j;
    for (e = 0; e < c->encodings.n; e++) {
        cJSON *eo = cJSON_CreateObject(), *lays;
        unsigned char *done = calloc(c->nlayouts + 1, 1);
        cJSON_AddStringToObject(eo, "name", c->encodings.v[e]);
        /* a segment of another encoding's word: the catalogue names its words by that one */
        if (segment_of(c, c->encodings.v[e]))
            cJSON_AddStringToObject(eo, "segment_of", segment_of(c, c->encodings.v[e])->parent);
        lays = cJSON_AddArrayToObject(eo, "layouts");
        for (i = 0; i < c->nlayouts; i++) {
            const rlayout *l = &c->layouts[i];
            cJSON *lo, *gens, *fields, *fixed, *un;
            gcn_strs srcs = {0};
            long bit;
            if (done[i] || strcmp(l->encoding, c->encodings.v[e]) != 0)
                continue;
            lo = cJSON_CreateObject();
            gens = cJSON_AddArrayToObject(lo, "gens");
            for (j = i; j < c->nlayouts; j++)
                if (!done[j] && same_layout(l, &c->layouts[j])) {
                    size_t k;
                    done[j] = 1;
                    cJSON_AddItemToArray(gens, cJSON_CreateString(c->gens[c->layouts[j].gen].id));
                    for (k = 0; k < c->layouts[j].sources.n; k++)
                        if (!gcn_strs_has(&srcs, c->layouts[j].sources.v[k]))
                            gcn_strs_push(&srcs, c->layouts[j].sources.v[k]);
                }
            cJSON_AddNumberToObject(lo, "bits", (double)l->bits);
            fields = cJSON_AddArrayToObject(lo, "fields");
            fixed = cJSON_AddArrayToObject(lo, "fixed");
            for (j = 0; j < l->n; j++) {
                cJSON *fo = cJSON_CreateObject();
                cJSON_AddStringToObject(fo, "name", l->f[j].name);
                cJSON_AddNumberToObject(fo, "lo", (double)l->f[j].lo);
                cJSON_AddNumberToObject(fo, "hi", (double)l->f[j].hi);
                if (l->f[j].form[0])
                    cJSON_AddStringToObject(fo, "form", l->f[j].form);
                cJSON_AddItemToObject(fo, "sources", strs_array(&l->f[j].sources));
                cJSON_AddItemToArray(fields, fo);
                if (l->f[j].value) {
                    uint64_t v = 0;
                    char hex[32];
                    cJSON *xo = cJSON_CreateObject();
                    gcn_parse_u64(l->f[j].value, &v);
                    snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)v);
                    cJSON_AddStringToObject(xo, "field", l->f[j].name);
                    cJSON_AddStringToObject(xo, "value", hex);
                    cJSON_AddStringToObject(xo, "as_written", l->f[j].value);
                    cJSON_AddItemToArray(fixed, xo);
                }
            }
            un = cJSON_AddArrayToObject(lo, "unassigned");
            for (bit = 0; bit < l->bits; bit++) {
                int used = 0;
                for (j = 0; j < l->n; j++)
                    if (bit >= l->f[j].lo && bit <= l->f[j].hi)
                        used = 1;
                if (!used)
                    cJSON_AddItemToArray(un, cJSON_CreateNumber((double)bit));
            }
            cJSON_AddItemToObject(lo, "decided_by", strs_array(&srcs));
            gcn_strs_free(&srcs);
            cJSON_AddItemToArray(lays, lo);
        }
        free(done);
        {
            const cJSON *ops = encoding_operands(c, c->encodings.v[e]);
            const char *pending = oracle_pending(c, c->encodings.v[e]);
            if (ops)
                cJSON_AddItemToObject(
                    eo, "modifiers",
                    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(ops, "modifiers"), 1));
            /* the fields the codec does not model yet: a word with any of their bits set is
             * refused as not modelled, never printed without them */
            if (ops && cJSON_GetObjectItemCaseSensitive(ops, "unmodelled_fields"))
                cJSON_AddItemToObject(
                    eo, "unmodelled_fields",
                    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(ops, "unmodelled_fields"), 1));
            /* the constant bus rule of a VALU encoding (its page's 'Limitations for
             * operands'): the codec refuses an instruction that breaks it */
            if (ops && cJSON_GetObjectItemCaseSensitive(ops, "constant_bus"))
                cJSON_AddItemToObject(
                    eo, "constant_bus",
                    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(ops, "constant_bus"), 1));
            /* the opcodes of other pages' forms that wait, by generation: the codec answers
             * such a word as not modelled (a valid word), not as an unknown opcode */
            {
                cJSON *pend = NULL;
                int g;
                long op;
                for (g = 0; g < (int)c->ngens; g++) {
                    cJSON *ops_g = NULL;
                    for (op = 0; op < 1024; op++) {
                        int hit = 0, taken = 0;
                        size_t q;
                        for (q = 0; q < c->npending && !hit; q++)
                            hit = c->pending[q].gen == g && c->pending[q].opcode == op &&
                                  strcmp(c->pending[q].encoding, c->encodings.v[e]) == 0;
                        for (q = 0; q < c->ninsns && hit && !taken; q++)
                            taken = c->insns[q].opcode[g] == op &&
                                    strcmp(ienc(&c->insns[q]), c->encodings.v[e]) == 0;
                        if (!hit || taken)
                            continue;
                        if (!ops_g) {
                            cJSON *go = cJSON_CreateObject();
                            if (!pend)
                                pend = cJSON_AddArrayToObject(eo, "pending_opcodes");
                            cJSON_AddStringToObject(go, "gen", c->gens[g].id);
                            ops_g = cJSON_AddArrayToObject(go, "opcodes");
                            cJSON_AddItemToArray(pend, go);
                        }
                        cJSON_AddItemToArray(ops_g, cJSON_CreateNumber((double)op));
                    }
                }
            }
            /* an encoding whose semantics the oracle does not compile yet (pages.json): the
             * instructions keep the documents' code, and the oracle says why it stops */
            if (pending)
                cJSON_AddStringToObject(cJSON_AddObjectToObject(eo, "oracle_pending"), "reason",
                                        pending);
        }
        cJSON_AddItemToArray(encs, eo);
    }
    return encs;
}

static int insn_cmp(const void *a, const void *b)
{
    const rinsn *x = a, *y = b;
    int k = strcmp(ienc(x), ienc(y));
    return k ? k : strcmp(x->name, y->name);
}

/* The entries of instruction o that generations know by another name: each rename of
 * operands.json takes o's opcodes of its generations into a copy of o under its name (the
 * syntax's mnemonic too), "renamed_from" o's. The copies go to list. */
static void split_renames(ctx *c, const rinsn *x, cJSON *o, cJSON *list)
{
    const cJSON *r;
    cJSON_ArrayForEach(r,
                       cJSON_GetObjectItemCaseSensitive(encoding_operands(c, ienc(x)), "renames"))
    {
        const cJSON *in = cJSON_GetObjectItemCaseSensitive(r, "instruction");
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(r, "name");
        const cJSON *gens = cJSON_GetObjectItemCaseSensitive(r, "gens");
        cJSON *copy, *ops, *oc, *keep;
        const cJSON *syn;
        if (!cJSON_IsString(in) || !cJSON_IsString(n) || strcmp(in->valuestring, x->name) != 0)
            continue;
        copy = cJSON_Duplicate(o, 1);
        cJSON_ReplaceItemInObjectCaseSensitive(copy, "name", cJSON_CreateString(n->valuestring));
        syn = cJSON_GetObjectItemCaseSensitive(o, "syntax");
        if (cJSON_IsString(syn) && strncmp(syn->valuestring, x->name, strlen(x->name)) == 0) {
            size_t len = strlen(n->valuestring) + strlen(syn->valuestring) + 1;
            char *t = malloc(len);
            if (t) {
                snprintf(t, len, "%s%s", n->valuestring, syn->valuestring + strlen(x->name));
                cJSON_ReplaceItemInObjectCaseSensitive(copy, "syntax", cJSON_CreateString(t));
                free(t);
            }
        }
        /* the renamed generations' opcodes move to the copy */
        ops = cJSON_GetObjectItemCaseSensitive(copy, "opcodes");
        keep = cJSON_CreateArray();
        while ((oc = cJSON_DetachItemFromArray(ops, 0)) != NULL) {
            if (json_strs_has(gens, cJSON_GetObjectItemCaseSensitive(oc, "gen")->valuestring))
                cJSON_AddItemToArray(keep, oc);
            else
                cJSON_Delete(oc);
        }
        cJSON_ReplaceItemInObjectCaseSensitive(copy, "opcodes", keep);
        cJSON_AddStringToObject(copy, "renamed_from", x->name);
        ops = cJSON_GetObjectItemCaseSensitive(o, "opcodes");
        for (oc = ops->child; oc;) {
            cJSON *next = oc->next;
            if (json_strs_has(gens, cJSON_GetObjectItemCaseSensitive(oc, "gen")->valuestring))
                cJSON_Delete(cJSON_DetachItemViaPointer(ops, oc));
            oc = next;
        }
        if (cJSON_GetArraySize(keep))
            cJSON_AddItemToArray(list, copy);
        else
            cJSON_Delete(copy);
    }
}

static int entry_cmp(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    int k = strcmp(cJSON_GetObjectItemCaseSensitive(x, "encoding")->valuestring,
                   cJSON_GetObjectItemCaseSensitive(y, "encoding")->valuestring);
    const cJSON *ox, *oy;
    if (k)
        return k;
    k = strcmp(cJSON_GetObjectItemCaseSensitive(x, "name")->valuestring,
               cJSON_GetObjectItemCaseSensitive(y, "name")->valuestring);
    if (k)
        return k;
    /* one name, two instructions (a rename and the generation's own): the earlier generation
     * first */
    ox = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(x, "opcodes"), 0);
    oy = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(y, "opcodes"), 0);
    return strcmp(cJSON_GetObjectItemCaseSensitive(ox, "gen")->valuestring,
                  cJSON_GetObjectItemCaseSensitive(oy, "gen")->valuestring);
}

/* Sorts the instructions by encoding, name and first generation (the renamed copies join the
 * list after the others). */
static gcn_status sort_entries(cJSON *list)
{
    int n = cJSON_GetArraySize(list), i;
    cJSON **v = malloc((size_t)(n ? n : 1) * sizeof(*v));
    if (!v)
        return GCN_ERR_NOMEM;
    for (i = 0; i < n; i++)
        v[i] = cJSON_DetachItemFromArray(list, 0);
    qsort(v, (size_t)n, sizeof(*v), entry_cmp);
    for (i = 0; i < n; i++)
        cJSON_AddItemToArray(list, v[i]);
    free(v);
    return GCN_OK;
}

static gcn_status emit_instructions(ctx *c, cJSON *root, size_t *pairs)
{
    cJSON *list = cJSON_AddArrayToObject(root, "instructions");
    size_t i, k;
    int g;
    gcn_status st = GCN_OK;
    qsort(c->insns, c->ninsns, sizeof(rinsn), insn_cmp);
    /* every instruction's name on every generation, once: add_asm_suffix compares each VOP3
     * instruction's with every other's (a lookup each made this most of the resolver's time) */
    c->names_on = malloc((c->ninsns * c->ngens + 1) * sizeof(*c->names_on));
    if (!c->names_on)
        return GCN_ERR_NOMEM;
    for (i = 0; i < c->ninsns; i++)
        for (g = 0; g < (int)c->ngens; g++)
            c->names_on[i * c->ngens + (size_t)g] = name_on(c, &c->insns[i], g);
    for (i = 0; i < c->ninsns && st == GCN_OK; i++) {
        rinsn *x = &c->insns[i];
        cJSON *o, *ops;
        int any = 0;
        for (g = 0; g < (int)c->ngens; g++)
            if (x->opcode[g] >= 0)
                any = 1;
        if (!any)
            continue;
        o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", x->name);
        cJSON_AddStringToObject(o, "encoding", ienc(x));
        add_asm_suffix(c, x, o);
        ops = cJSON_AddArrayToObject(o, "opcodes");
        for (g = 0; g < (int)c->ngens; g++)
            if (x->opcode[g] >= 0) {
                cJSON *oc = cJSON_CreateObject();
                cJSON_AddStringToObject(oc, "gen", c->gens[g].id);
                cJSON_AddNumberToObject(oc, "opcode", (double)x->opcode[g]);
                cJSON_AddItemToArray(ops, oc);
                (*pairs)++;
            }
        if (strcmp(x->encoding, "SMRD") == 0) {
            const cJSON *syn = smrd_syntax(c, x->name);
            gcn_fact s;
            if (!cJSON_IsString(syn) || !parse_syntax(syn->valuestring, &s)) {
                st = fail(c, "spec/curated/smrd.json", 0, "%s: bad syntax", x->name);
            } else {
                char *canon = canonical_syntax(x->name, &s);
                cJSON_AddStringToObject(o, "syntax", canon);
                cJSON_AddStringToObject(o, "syntax_source", "spec/curated/smrd.json");
                free(canon);
                st = emit_operands(c, x, &s, o, "spec/curated/smrd.json");
            }
            scratch_free(&s);
            cJSON_AddItemToObject(o, "semantics", cJSON_CreateObject());
            cJSON_AddNullToObject(cJSON_GetObjectItemCaseSensitive(o, "semantics"), "written");
        } else {
            st = emit_syntax(c, x, o);
            if (st == GCN_OK)
                st = emit_semantics(c, x, o);
        }
        /* peers that lack it */
        {
            cJSON *pl = NULL;
            for (k = 0; k < c->errata.n; k++) {
                size_t q;
                for (q = 0; q < c->errata.v[k].ndecisions; q++) {
                    const gcn_decision *d = &c->errata.v[k].decisions[q];
                    cJSON *po;
                    if (d->op != GCN_DEC_PEER_LACKS || strcmp(d->encoding, x->encoding) != 0 ||
                        strcmp(d->mnemonic, x->name) != 0)
                        continue;
                    if (!pl)
                        pl = cJSON_AddArrayToObject(o, "peer_lacks");
                    po = cJSON_CreateObject();
                    cJSON_AddStringToObject(po, "peer", d->peer);
                    if (d->gens.n)
                        cJSON_AddItemToObject(po, "gens", strs_array(&d->gens));
                    cJSON_AddStringToObject(po, "erratum", c->errata.v[k].id);
                    cJSON_AddItemToArray(pl, po);
                    note_erratum(x, &c->errata.v[k]);
                }
            }
        }
        /* errata citing the instruction's own facts */
        for (k = 0; k < c->errata.n; k++) {
            size_t q;
            for (q = 0; q < x->sources.n; q++)
                if (gcn_strs_has(&c->errata.v[k].facts, x->sources.v[q]))
                    note_erratum(x, &c->errata.v[k]);
        }
        cJSON_AddItemToObject(o, "sources", strs_array(&x->sources));
        cJSON_AddItemToObject(o, "errata", strs_array(&x->errata));
        split_renames(c, x, o, list);
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o, "opcodes")))
            cJSON_AddItemToArray(list, o);
        else
            cJSON_Delete(o);
    }
    free(c->names_on);
    c->names_on = NULL;
    return st == GCN_OK ? sort_entries(list) : st;
}

static cJSON *emit_scalar_operands(ctx *c)
{
    const cJSON *facts = cJSON_GetObjectItemCaseSensitive(c->scalar_doc.root, "facts"), *f;
    cJSON *out = cJSON_CreateArray();
    cJSON_ArrayForEach(f, facts)
    {
        cJSON *o = cJSON_Duplicate(f, 1);
        cJSON_DeleteItemFromObjectCaseSensitive(o, "evidence");
        cJSON_AddItemToArray(out, o);
    }
    return out;
}

/* ---- curated semantics ------------------------------------------------------------------- */

static unsigned sem_line(const ctx *c, const cJSON *node)
{
    unsigned line = 0, col = 0;
    gcn_json_where(&c->sem_doc, node, &line, &col);
    return line;
}

static cJSON *find_emitted(cJSON *list, const char *encoding, const char *name)
{
    cJSON *o;
    cJSON_ArrayForEach(o, list)
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "name");
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "encoding");
        if (cJSON_IsString(n) && cJSON_IsString(e) && strcmp(n->valuestring, name) == 0 &&
            strcmp(e->valuestring, encoding) == 0)
            return o;
    }
    return NULL;
}

static int has_semantics(const cJSON *o)
{
    const cJSON *sem = cJSON_GetObjectItemCaseSensitive(o, "semantics");
    return cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(sem, "written")) ||
           cJSON_GetObjectItemCaseSensitive(sem, "corrected") ||
           cJSON_GetObjectItemCaseSensitive(sem, "none") ||
           cJSON_GetObjectItemCaseSensitive(sem, "unsupported");
}

/* spec/curated/semantics.json fills in the instructions the documents give no Operation block:
 * the same operation as another encoding's instruction, curated pseudocode (parsed and checked
 * like an erratum's correction), no effect on the modelled state, or unsupported. An entry for
 * an instruction that has semantics, or an instruction left with none, is an error. */
static gcn_status apply_curated_semantics(ctx *c, cJSON *list)
{
    const char *path = "spec/curated/semantics.json";
    const cJSON *e;
    cJSON *o;
    int pass;
    /* same_as entries last: their target may itself be curated */
    for (pass = 0; pass < 2; pass++)
        cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c->sem_doc.root, "instructions"))
        {
            const cJSON *enc = cJSON_GetObjectItemCaseSensitive(e, "encoding");
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(e, "name");
            const cJSON *same = cJSON_GetObjectItemCaseSensitive(e, "same_as");
            const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
            const cJSON *none = cJSON_GetObjectItemCaseSensitive(e, "none");
            const cJSON *unsup = cJSON_GetObjectItemCaseSensitive(e, "unsupported");
            unsigned line = sem_line(c, e);
            cJSON *sem, *target;
            char at[300];
            if ((pass == 0) != !same)
                continue;
            if (!cJSON_IsString(enc) || !cJSON_IsString(name) ||
                (!!same + !!cJSON_IsString(code) + !!cJSON_IsString(none) +
                 !!cJSON_IsString(unsup)) != 1)
                return fail(c, path, line,
                            "an entry needs encoding, name and one of same_as, code, none, "
                            "unsupported");
            target = find_emitted(list, enc->valuestring, name->valuestring);
            if (!target)
                continue; /* not in scope on any generation */
            if (has_semantics(target))
                return fail(c, path, line,
                            "%s %s: the documents give its semantics; drop the entry",
                            enc->valuestring, name->valuestring);
            sem = cJSON_CreateObject();
            snprintf(at, sizeof(at), "%s#%s/%s", path, enc->valuestring, name->valuestring);
            if (same) {
                const cJSON *se = cJSON_GetObjectItemCaseSensitive(same, "encoding");
                const cJSON *sn = cJSON_GetObjectItemCaseSensitive(same, "name");
                const cJSON *from = cJSON_IsString(se) && cJSON_IsString(sn)
                                        ? find_emitted(list, se->valuestring, sn->valuestring)
                                        : NULL;
                const cJSON *fs = cJSON_GetObjectItemCaseSensitive(from, "semantics"), *k;
                if (!from || !has_semantics(from)) {
                    cJSON_Delete(sem);
                    return fail(c, path, line, "%s %s: same_as names no instruction with semantics",
                                enc->valuestring, name->valuestring);
                }
                cJSON_ArrayForEach(k, fs)
                {
                    cJSON_AddItemToObject(sem, k->string, cJSON_Duplicate(k, 1));
                }
                cJSON_AddStringToObject(sem, "via", at);
            } else if (cJSON_IsString(code)) {
                ps_source src;
                ps_arena arena;
                ps_node *prog = NULL;
                gcn_diag pd;
                ps_env penv;
                ps_issue is[4];
                cJSON *w;
                ps_arena_init(&arena);
                gcn_diag_clear(&pd);
                src.file = path;
                src.first_line = sem_line(c, code);
                src.text = code->valuestring;
                if (ps_parse(&src, &arena, &prog, &pd) != GCN_OK) {
                    ps_arena_free(&arena);
                    cJSON_Delete(sem);
                    return fail(c, path, sem_line(c, code), "%s: the pseudocode does not parse: %s",
                                name->valuestring, pd.msg);
                }
                if (gcn_pseudo_env_for(&c->env, enc->valuestring, &penv) &&
                    ps_check(prog, &penv, is, 4) > 0) {
                    ps_arena_free(&arena);
                    cJSON_Delete(sem);
                    return fail(c, path, sem_line(c, code),
                                "%s: the pseudocode has a defect: %s: %s", name->valuestring,
                                ps_issue_id(is[0].code), is[0].msg);
                }
                ps_arena_free(&arena);
                w = cJSON_AddObjectToObject(sem, "written");
                cJSON_AddStringToObject(w, "at", at);
                cJSON_AddStringToObject(w, "code", code->valuestring);
                cJSON_AddBoolToObject(w, "curated", 1);
            } else if (cJSON_IsString(none)) {
                cJSON *n = cJSON_AddObjectToObject(sem, "none");
                cJSON_AddStringToObject(n, "at", at);
                cJSON_AddStringToObject(n, "reason", none->valuestring);
            } else {
                cJSON *u = cJSON_AddObjectToObject(sem, "unsupported");
                cJSON_AddStringToObject(u, "at", at);
                cJSON_AddStringToObject(u, "reason", unsup->valuestring);
            }
            cJSON_ReplaceItemInObjectCaseSensitive(target, "semantics", sem);
        }
    cJSON_ArrayForEach(o, list)
    {
        const char *enc = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "encoding"));
        const char *pending = enc ? oracle_pending(c, enc) : NULL;
        if (!has_semantics(o) && pending) {
            /* an encoding the oracle does not execute yet: the documents give this instruction
             * no code either, which issue 25's curation must settle; say so in the spec */
            cJSON *sem = cJSON_CreateObject(), *u = cJSON_AddObjectToObject(sem, "unsupported");
            char at[300];
            snprintf(at, sizeof(at), "spec/curated/pages.json#%s", enc);
            cJSON_AddStringToObject(u, "at", at);
            cJSON_AddStringToObject(u, "reason", pending);
            if (cJSON_GetObjectItemCaseSensitive(o, "semantics"))
                cJSON_ReplaceItemInObjectCaseSensitive(o, "semantics", sem);
            else
                cJSON_AddItemToObject(o, "semantics", sem);
            continue;
        }
        if (!has_semantics(o))
            return fail(c, path, 0,
                        "%s %s: the documents give no semantics and %s has no entry for it",
                        cJSON_GetObjectItemCaseSensitive(o, "encoding")->valuestring,
                        cJSON_GetObjectItemCaseSensitive(o, "name")->valuestring, path);
    }
    return GCN_OK;
}

/* ---- driver ------------------------------------------------------------------------------- */

static gcn_status check_findings(ctx *c, gcn_resolve_out *out)
{
    size_t i;
    for (i = 0; i < c->findings.n; i++) {
        const gcn_finding *f = &c->findings.v[i];
        if (!gcn_finding_cat_blocking(f->cat) || gcn_errata_settling(&c->errata, f))
            continue;
        if (!gcn_findings_add(&out->unresolved, f->cat, f->encoding, f->subject, &f->facts,
                              &f->gens, "%s", f->message))
            return GCN_ERR_NOMEM;
    }
    gcn_findings_finish(&out->unresolved);
    if (out->unresolved.n) {
        const gcn_finding *f = &out->unresolved.v[0];
        return fail(c, c->in->errata_path, 0,
                    "%zu blocking finding%s without an erratum (first: %s: %s)", out->unresolved.n,
                    out->unresolved.n == 1 ? "" : "s", f->key, f->message);
    }
    return GCN_OK;
}

static char *file_sha(const char *path)
{
    char *text = NULL, hash[65];
    size_t len = 0;
    gcn_diag d;
    if (gcn_read_file(path, &text, &len, &d) != GCN_OK)
        return NULL;
    gcn_sha256_hex(text, len, hash);
    free(text);
    return gcn_strdup(hash);
}

gcn_status gcn_resolve(const gcn_resolve_in *in, gcn_resolve_out *out, gcn_diag *diag)
{
    ctx c;
    size_t i, cap = 0;
    gcn_status st;
    memset(&c, 0, sizeof(c));
    memset(out, 0, sizeof(*out));
    c.in = in;
    c.diag = diag;
    if ((st = gcn_facts_load(&c.facts, in->facts_path, diag)) != GCN_OK)
        goto done;
    if (in->pages_path && (st = gcn_facts_add_pages(&c.facts, in->pages_path, in->pages_root,
                                                    in->curated_dir, diag)) != GCN_OK)
        goto done;
    {
        char *envpath = gcn_path_join(in->curated_dir, "pseudocode.json");
        st = envpath ? gcn_pseudo_env_load(&c.env, envpath, diag) : GCN_ERR_NOMEM;
        free(envpath);
        if (st != GCN_OK)
            goto done;
    }
    /* errata.json before the detectors: a bad one is refused at once, not after them */
    if ((st = gcn_errata_load(&c.errata, in->errata_path, &c.facts, diag)) != GCN_OK)
        goto done;
    if ((st = gcn_find_errata(&c.facts, &c.env, &c.findings, diag)) != GCN_OK)
        goto done;
    if ((st = check_findings(&c, out)) != GCN_OK)
        goto done;
    if ((st = load_generations(&c)) != GCN_OK ||
        (st = load_curated(&c, &c.ops_doc, "operands.json", "operands")) != GCN_OK ||
        (st = load_curated(&c, &c.syn_doc, "syntax.json", "syntax")) != GCN_OK ||
        (st = load_curated(&c, &c.smrd_doc, "smrd.json", "smrd")) != GCN_OK ||
        (st = load_curated(&c, &c.scalar_doc, "scalar_operands.json", "scalar-operands")) !=
            GCN_OK ||
        (st = load_curated(&c, &c.sem_doc, "semantics.json", "semantics")) != GCN_OK ||
        (st = load_curated(&c, &c.m0_doc, "ds_m0.json", "ds-m0")) != GCN_OK)
        goto done;
    if (in->pages_path && (st = load_curated(&c, &c.pages_doc, "pages.json", "pages")) != GCN_OK)
        goto done;
    {
        /* the symbolic 16-bit immediates (s_waitcnt, hwreg, sendmsg): SOPK and SOPP need them */
        char *p = gcn_path_join(in->curated_dir, "simm16.json");
        int have = p && access(p, R_OK) == 0;
        free(p);
        if (have && (st = load_curated(&c, &c.simm16_doc, "simm16.json", "simm16")) != GCN_OK)
            goto done;
    }
    {
        /* the names of MTBUF's data and number formats (format:[...]) */
        char *p = gcn_path_join(in->curated_dir, "buf_formats.json");
        int have = p && access(p, R_OK) == 0;
        free(p);
        if (have && (st = load_curated(&c, &c.buf_formats_doc, "buf_formats.json",
                                       "buf-formats")) != GCN_OK)
            goto done;
    }
    for (i = 0; i < c.facts.n; i++)
        if (c.facts.v[i].kind == GCN_FACT_TITLE && !gcn_strs_has(&c.encodings, c.facts.v[i].name))
            gcn_strs_push(&c.encodings, c.facts.v[i].name);
    if ((st = add_segments(&c)) != GCN_OK || (st = add_extra_dword_forms(&c, 0)) != GCN_OK)
        goto done;
    if (!(c.segment_tables = calloc(c.encodings.n + 1, sizeof(*c.segment_tables)))) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (i = 0; i < c.encodings.n; i++)
        c.segment_tables[i] = segment_table_scan(&c, c.encodings.v[i]);
    if ((st = gcn_claims_build(&c.facts, &c.claims)) != GCN_OK ||
        (st = gcn_section_views(&c.facts, &c.sections, &c.nsections)) != GCN_OK)
        goto done;
    if (!(c.section_names = malloc((c.nsections + 1) * sizeof(*c.section_names)))) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (i = 0; i < c.nsections; i++)
        c.section_names[i] = section_name(&c, c.sections[i].section);
    if ((st = section_order_build(&c)) != GCN_OK)
        goto done;
    if ((st = build_layouts(&c)) != GCN_OK || (st = add_extra_dword_forms(&c, 1)) != GCN_OK ||
        (st = build_instructions(&c, &cap)) != GCN_OK ||
        (st = add_extra_dword_forms(&c, 2)) != GCN_OK || (st = add_smrd(&c, &cap)) != GCN_OK)
        goto done;
    {
        cJSON *root = cJSON_CreateObject(), *inputs, *gens, *cur;
        char *h;
        static const char *const curated[] = {
            "generations.json",     "operands.json",    "syntax.json", "smrd.json",
            "scalar_operands.json", "semantics.json",   "ds_m0.json",  "pages.json",
            "simm16.json",          "buf_formats.json", NULL};
        const char *const *cf;
        cJSON_AddStringToObject(root, "schema", "gcnspec/1");
        inputs = cJSON_AddObjectToObject(root, "inputs");
        h = file_sha(in->facts_path);
        cJSON_AddStringToObject(inputs, "facts", h ? h : "");
        free(h);
        if (in->pages_path) {
            h = file_sha(in->pages_path);
            cJSON_AddStringToObject(inputs, "pages", h ? h : "");
            free(h);
        }
        cJSON_AddStringToObject(inputs, "errata", c.errata.sha256);
        cur = cJSON_AddObjectToObject(inputs, "curated");
        for (cf = curated; *cf; cf++) {
            char *p = gcn_path_join(in->curated_dir, *cf);
            h = p ? file_sha(p) : NULL;
            cJSON_AddStringToObject(cur, *cf, h ? h : "");
            free(h);
            free(p);
        }
        gens = cJSON_AddArrayToObject(root, "generations");
        for (i = 0; i < c.ngens; i++) {
            cJSON *g = cJSON_CreateObject();
            cJSON_AddStringToObject(g, "id", c.gens[i].id);
            cJSON_AddStringToObject(g, "name", c.gens[i].name);
            cJSON_AddStringToObject(g, "llvm", c.gens[i].llvm);
            cJSON_AddStringToObject(g, "mcpu", c.gens[i].mcpu);
            if (c.gens[i].aliases)
                cJSON_AddItemToObject(g, "aliases", cJSON_Duplicate(c.gens[i].aliases, 1));
            cJSON_AddItemToArray(gens, g);
        }
        {
            /* encodings in name order */
            size_t a, b;
            for (a = 0; a < c.encodings.n; a++)
                for (b = a + 1; b < c.encodings.n; b++)
                    if (strcmp(c.encodings.v[a], c.encodings.v[b]) > 0) {
                        char *t = c.encodings.v[a];
                        c.encodings.v[a] = c.encodings.v[b];
                        c.encodings.v[b] = t;
                    }
        }
        cJSON_AddItemToObject(root, "encodings", emit_encodings(&c));
        st = emit_instructions(&c, root, &out->ninstructions);
        if (st == GCN_OK)
            st =
                apply_curated_semantics(&c, cJSON_GetObjectItemCaseSensitive(root, "instructions"));
        if (st == GCN_OK) {
            /* M0's roles need the settled semantics: a curated block has no NOTE to follow */
            const char *ids[MAX_GENS];
            for (i = 0; i < c.ngens; i++)
                ids[i] = c.gens[i].id;
            st = gcn_resolve_ds_m0(&c.m0_doc, "spec/curated/ds_m0.json", &c.facts, &c.errata, ids,
                                   c.ngens, cJSON_GetObjectItemCaseSensitive(root, "instructions"),
                                   diag);
        }
        cJSON_AddItemToObject(root, "scalar_operands", emit_scalar_operands(&c));
        if (c.simm16_doc.root) {
            static const char *const parts[] = {"waitcnt", "hwreg", "sendmsg", NULL};
            const char *const *k;
            cJSON *sm = cJSON_AddObjectToObject(root, "simm16");
            for (k = parts; *k; k++) {
                cJSON *d =
                    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(c.simm16_doc.root, *k), 1);
                cJSON_DeleteItemFromObjectCaseSensitive(d, "evidence");
                cJSON_AddItemToObject(sm, *k, d);
            }
        }
        if (c.buf_formats_doc.root) {
            static const char *const parts[] = {"dfmt", "nfmt", NULL};
            const char *const *k;
            cJSON *bf = cJSON_AddObjectToObject(root, "buf_formats");
            for (k = parts; *k; k++)
                cJSON_AddItemToObject(
                    bf, *k,
                    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(c.buf_formats_doc.root, *k),
                                    1));
        }
        if (st == GCN_OK) {
            cJSON *visa = NULL;
            st = gcn_resolve_visa(&c.facts, &c.errata, &visa, diag);
            if (visa)
                cJSON_AddItemToObject(root, "visa", visa);
        }
        if (st != GCN_OK)
            cJSON_Delete(root);
        else
            out->spec = root;
    }
done:
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, in->facts_path, 0, 0, "out of memory");
    for (i = 0; i < c.nlayouts; i++) {
        size_t k;
        for (k = 0; k < c.layouts[i].n; k++)
            gcn_strs_free(&c.layouts[i].f[k].sources);
        free(c.layouts[i].f);
        gcn_strs_free(&c.layouts[i].sources);
    }
    free(c.layouts);
    free(c.pending);
    for (i = 0; i < c.ninsns; i++) {
        gcn_strs_free(&c.insns[i].sources);
        gcn_strs_free(&c.insns[i].errata);
    }
    free(c.insns);
    free(c.sections);
    free(c.section_names);
    free(c.section_order);
    free(c.segment_tables);
    gcn_claims_free(&c.claims);
    gcn_strs_free(&c.encodings);
    gcn_strs_free(&c.note_values);
    gcn_strs_free(&c.page_names);
    gcn_json_free(&c.gens_doc);
    gcn_json_free(&c.ops_doc);
    gcn_json_free(&c.syn_doc);
    gcn_json_free(&c.smrd_doc);
    gcn_json_free(&c.sem_doc);
    gcn_json_free(&c.m0_doc);
    gcn_json_free(&c.pages_doc);
    gcn_json_free(&c.simm16_doc);
    gcn_json_free(&c.simm16_doc);
    gcn_json_free(&c.buf_formats_doc);
    gcn_json_free(&c.scalar_doc);
    gcn_errata_free(&c.errata);
    gcn_pseudo_env_free(&c.env);
    gcn_findings_free(&c.findings);
    gcn_facts_free(&c.facts);
    return st;
}

void gcn_resolve_out_free(gcn_resolve_out *out)
{
    cJSON_Delete(out->spec);
    gcn_findings_free(&out->unresolved);
    memset(out, 0, sizeof(*out));
}
