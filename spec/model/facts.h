/* The raw facts extracted from the documents (spec/facts.json). Every fact keeps where it was
 * written (file:line) and the text it was read from; contradicting facts are all kept. */
#ifndef GCN_SPEC_FACTS_H
#define GCN_SPEC_FACTS_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* X(enum, "json name") — one list gives the enum and the names used in facts.json. */
#define GCN_FACT_KIND_LIST(X)                                                                      \
    X(GCN_FACT_TITLE, "title")                                                                     \
    X(GCN_FACT_ENCODING_SIZE, "encoding-size")                                                     \
    X(GCN_FACT_FIELD, "field")                                                                     \
    X(GCN_FACT_SYNTAX_TEMPLATE, "syntax-template")                                                 \
    X(GCN_FACT_NOTE, "note")                                                                       \
    X(GCN_FACT_TABLE, "table")                                                                     \
    X(GCN_FACT_TABLE_ROW, "table-row")                                                             \
    X(GCN_FACT_OPCODE_TABLE, "opcode-table")                                                       \
    X(GCN_FACT_OPCODE_ROW, "opcode-row")                                                           \
    X(GCN_FACT_AMBIGUOUS_ROW, "ambiguous-row")                                                     \
    X(GCN_FACT_SECTION, "section")                                                                 \
    X(GCN_FACT_OPCODE_LINE, "opcode-line")                                                         \
    X(GCN_FACT_SYNTAX_LINE, "syntax-line")                                                         \
    X(GCN_FACT_DESCRIPTION, "description")                                                         \
    X(GCN_FACT_OPERATION, "operation")                                                             \
    X(GCN_FACT_VISA_OPCODE, "visa-opcode")                                                         \
    X(GCN_FACT_VISA_FORMAT, "visa-format")                                                         \
    X(GCN_FACT_VISA_SEMANTICS, "visa-semantics")                                                   \
    X(GCN_FACT_VISA_OP, "visa-op")                                                                 \
    X(GCN_FACT_VISA_OPERAND, "visa-operand")                                                       \
    X(GCN_FACT_VISA_VALUE, "visa-value")                                                           \
    X(GCN_FACT_VISA_PROPERTY, "visa-property")                                                     \
    X(GCN_FACT_VISA_SYNTAX, "visa-syntax")                                                         \
    X(GCN_FACT_UNMODELLED, "unmodelled")

typedef enum gcn_fact_kind {
#define GCN_FACT_KIND_ENUM(e, s) e,
    GCN_FACT_KIND_LIST(GCN_FACT_KIND_ENUM)
#undef GCN_FACT_KIND_ENUM
        GCN_FACT_KIND_COUNT
} gcn_fact_kind;

const char *gcn_fact_kind_name(gcn_fact_kind kind);
int gcn_fact_kind_from_name(const char *name, gcn_fact_kind *kind);

typedef struct gcn_strs {
    char **v;
    size_t n;
} gcn_strs;

/* One generation's claim read off an opcode-table row: "on gen, this opcode is mnemonic". */
typedef struct gcn_claim {
    char *gen;
    char *mnemonic;
    /* A row of a range table ("0-15 (0x00-0x0f) | V_CMP_{OP16}_F32") names one instruction per
     * row of the template table that expands its placeholder: each claim then has its own
     * opcode (range start + offset), the template row it comes from and that row's
     * description. opcode -1, ref and description NULL: the row's opcode, no template. */
    long opcode;
    char *ref;
    char *description;
} gcn_claim;

/* The opcode a row's claim k names: its own (a range row's), else the row's. */
#define GCN_CLAIM_OPCODE(fact, k)                                                                  \
    ((fact)->claims[k].opcode >= 0 ? (fact)->claims[k].opcode : (fact)->lo)

/* One part of an `Opcode:` line: "52 (0x34) for GCN 1.0/1.1". gens empty = unqualified. */
typedef struct gcn_opcode_part {
    long dec;
    char *hex;   /* as written, e.g. "0x34"; NULL when absent */
    long hexval; /* -1 when absent */
    gcn_strs gens;
    char *text;
    char *form; /* the encoding form a column names ("VOP3" of "Opcode(VOP3)"); NULL: the page's */
} gcn_opcode_part;

/* One operand of a `Syntax:` line: NAME, NAME(2), NAME(2,4). */
typedef struct gcn_operand_ref {
    char *name;
    int widths[4]; /* register counts as written; nwidths == 0 when not given */
    int nwidths;
    /* the operand as written when it is more than NAME or NAME(n[,m]): a range of register
     * counts "VADDR(1:4)", named arguments "HWREG(HWREGNAME, BITOFFSET)", a field "ATTR.CHAN",
     * alternatives "SADDR(2)|OFF" (name and widths are then the first alternative's) */
    char *text;
} gcn_operand_ref;

typedef struct gcn_fact {
    char *id;
    gcn_fact_kind kind;
    char *file;
    unsigned line, last_line;
    char *doc;      /* document style: clrx-markdown, clrx-scraped, visa-markdown */
    char *encoding; /* DS, SOP1, SMEM, DWORD_ATOMIC */
    char *text;     /* the source text, lines joined with '\n' */

    char *name;        /* field / table caption / operand / op name; section: its mnemonic */
    char *section;     /* id of the enclosing section (section children) */
    char *ref;         /* opcode-row -> its table; ambiguous-row -> its row */
    char *label;       /* the label as written ("Syntax:", "Syntac:", "Opcode") or NULL */
    char *description; /* field / op / operand prose */
    char *value;       /* field: the required value ("0b110110"); visa: the code */
    char *remark;      /* text after a label on a label-only line, e.g. "???" */
    char *form;        /* the encoding form a label names ("Opcode VOP3A:"); NULL: the page's */
    gcn_strs gens;     /* qualifier read off the text; empty = unqualified */
    gcn_strs cells;    /* table rows: cells as present; tables: column headers */
    gcn_strs topics;   /* notes: rule topics (m0, lgkm, sbase-alignment, ...) */
    gcn_strs modifiers;
    long lo, hi;    /* field: bits lo..hi; opcode-row: lo = opcode, hi = -1 */
    long bytes;     /* encoding-size */
    char *hex;      /* opcode-row: the hex as written */
    long hexval;    /* opcode-row: the hex value, -1 when absent */
    char *mnemonic; /* syntax line: the mnemonic it names; ambiguous row: the name it holds */
    gcn_claim *claims;
    size_t nclaims;
    gcn_opcode_part *parts;
    size_t nparts;
    gcn_operand_ref *operands;
    size_t noperands;
    gcn_strs candidates; /* ambiguous-row: each candidate is "gcn1.0+gcn1.1"-style joined gens */
    char *code;          /* operation / visa-semantics: the code */
    unsigned code_line;  /* document line of the code's first line */
    int fenced;          /* operation: code was in a ``` fence */
    /* unmodelled: structure the extractor does not read (text and lines kept, description says
     * what it is), so that triage sees it rather than losing it */
} gcn_fact;

typedef struct gcn_doc_info {
    char *file;
    char *style;
    char *encoding;
    char *title;
    char *sha256;
    unsigned lines;
    char *skipped; /* why the directory reader did not read it (style "skipped"); else NULL */
    /* the directory it was read from, when that is not the run's documents directory (a CLRX
     * page joined by gcn_facts_add_pages); NULL otherwise. Not part of facts.json. */
    char *root;
} gcn_doc_info;

typedef struct gcn_facts {
    gcn_doc_info *docs;
    size_t ndocs;
    gcn_fact *v;
    size_t n, cap;
    /* gcn_facts_find's index (a cache, built at the first lookup after v changed): the facts
     * with an id, by id, then by position; by_id_v and by_id_n say for which v it holds */
    const gcn_fact **by_id;
    const gcn_fact *by_id_v;
    size_t by_id_n, by_id_len;
} gcn_facts;

void gcn_facts_init(gcn_facts *f);
void gcn_facts_free(gcn_facts *f);
/* Appends a zeroed fact (lo = hi = hexval = -1) and returns it; NULL on OOM. */
gcn_fact *gcn_facts_add(gcn_facts *f, gcn_fact_kind kind, const char *file, unsigned line);
/* Sorts by (file, line, kind) and assigns ids "<file>:<line>:<kind>"; fails on duplicates. */
gcn_status gcn_facts_finish(gcn_facts *f, gcn_diag *diag);
/* The first fact (in v's order) whose id is id, or NULL: a binary search in an index built at
 * the first call after facts were added or sorted. A fact's id changed in place afterwards is
 * found by the linear scan a miss falls back to. */
const gcn_fact *gcn_facts_find(const gcn_facts *f, const char *id);

gcn_status gcn_facts_write(const gcn_facts *f, const char *path, gcn_diag *diag);
/* Serializes to a heap string (caller frees). */
char *gcn_facts_to_json(const gcn_facts *f);
gcn_status gcn_facts_load(gcn_facts *f, const char *path, gcn_diag *diag);

/* Helpers for building facts. */
char *gcn_strdup(const char *s);
char *gcn_strndup(const char *s, size_t n);
int gcn_strs_push(gcn_strs *l, const char *s);
int gcn_strs_has(const gcn_strs *l, const char *s);
void gcn_strs_free(gcn_strs *l);

#endif
