/* Findings: the documents' contradictions and defects, each naming the facts involved. */
#ifndef GCN_SPEC_FINDINGS_H
#define GCN_SPEC_FINDINGS_H

#include "spec/model/facts.h"

/* X(enum, id, heading, blocking): blocking findings change what gcn.json says, so the resolver
 * refuses to run until an erratum settles each of them. */
#define GCN_FINDING_CATEGORY_LIST(X)                                                               \
    X(GCN_FC_OPCODE_CONFLICT, "opcode-conflict", "Opcode conflicts", 1)                            \
    X(GCN_FC_DEC_HEX, "dec-hex-mismatch", "Decimal and hex opcodes that disagree", 1)              \
    X(GCN_FC_DUP_MNEMONIC, "duplicate-mnemonic", "One name at two opcodes", 1)                     \
    X(GCN_FC_DUP_OPCODE, "duplicate-opcode", "One opcode with two names", 1)                       \
    X(GCN_FC_DUP_SECTION, "duplicate-section", "Sections with the same heading", 1)                \
    X(GCN_FC_SYNTAX_MNEMONIC, "syntax-mnemonic", "Syntax lines naming another instruction", 1)     \
    X(GCN_FC_MISSPELLED, "misspelled-mnemonic", "Misspelled mnemonics", 1)                         \
    X(GCN_FC_SYNTAX_OPERAND, "syntax-operand", "Syntax lines with operands the encoding lacks", 1) \
    X(GCN_FC_FIELD_OVERLAP, "field-overlap", "Overlapping bit fields", 1)                          \
    X(GCN_FC_FIELD_CONFLICT, "field-conflict", "Bit fields the documents disagree on", 1)          \
    X(GCN_FC_FIELD_MISSING, "field-missing", "Bit fields no document gives", 1)                    \
    X(GCN_FC_AMBIGUOUS_ROW, "ambiguous-row", "Scraped table rows that lost cells", 1)              \
    X(GCN_FC_AVAILABILITY, "availability", "Generation availability disagreements", 1)             \
    X(GCN_FC_OPERAND_WIDTH, "operand-width", "Operand widths that contradict the text", 1)         \
    X(GCN_FC_PSEUDO_PARSE, "pseudocode-parse", "Pseudocode that does not parse", 1)                \
    X(GCN_FC_PSEUDO_DEFECT, "pseudocode-defect", "Pseudocode defects", 1)                          \
    X(GCN_FC_DESCRIPTION, "description-contradiction",                                             \
      "Pseudocode that contradicts its description", 1)                                            \
    X(GCN_FC_PAGE_CONFLICT, "page-conflict", "The two DS pages disagree", 1)                       \
    X(GCN_FC_UNKNOWN, "unknown", "Unknowns (\?\?\?)", 0)                                           \
    X(GCN_FC_VISA, "visa-inconsistency", "vISA page inconsistencies", 0)                           \
    X(GCN_FC_LABEL, "label-form", "Labels written without their colon, misspelled or missing", 0)  \
    X(GCN_FC_OPERATION_PROSE, "operation-prose", "Operation blocks that hold prose", 0)            \
    X(GCN_FC_SPELLING, "misspelled-word", "Misspelled words in descriptions and notes", 0)         \
    X(GCN_FC_TABLE_SHAPE, "table-shape", "Tables whose rows or separator do not match the header", \
      0)                                                                                           \
    X(GCN_FC_GEN_SCOPE, "generation-scope",                                                        \
      "Statements without a generation that contradict a generation-qualified one", 0)             \
    X(GCN_FC_NO_SECTION, "missing-section", "Opcode table rows with no section", 0)                \
    X(GCN_FC_CUT_OFF, "cut-off", "Sections cut off at the end of a file", 0)

typedef enum gcn_finding_cat {
#define GCN_FC_ENUM(e, id, heading, blocking) e,
    GCN_FINDING_CATEGORY_LIST(GCN_FC_ENUM)
#undef GCN_FC_ENUM
        GCN_FC_COUNT
} gcn_finding_cat;

const char *gcn_finding_cat_id(gcn_finding_cat c);
const char *gcn_finding_cat_heading(gcn_finding_cat c);
int gcn_finding_cat_blocking(gcn_finding_cat c);
int gcn_finding_cat_from_id(const char *id, gcn_finding_cat *c);

typedef struct gcn_finding {
    gcn_finding_cat cat;
    char *key;      /* stable: category/encoding/subject[/n] */
    char *encoding; /* may be NULL */
    char *subject;  /* what it is about: a mnemonic, a field, a table row */
    char *message;  /* one sentence: what is wrong */
    gcn_strs facts; /* ids, sorted */
    gcn_strs gens;  /* generations concerned (may be empty) */
    char *group;    /* findings with equal group (and category) are one finding */
} gcn_finding;

typedef struct gcn_findings {
    gcn_finding *v;
    size_t n, cap;
} gcn_findings;

void gcn_findings_free(gcn_findings *l);
/* Adds a finding; one with the same category and fact set is merged (generations unioned).
 * facts/gens may be NULL. Returns NULL on OOM. */
gcn_finding *gcn_findings_add(gcn_findings *l, gcn_finding_cat cat, const char *encoding,
                              const char *subject, const gcn_strs *facts, const gcn_strs *gens,
                              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/* Like gcn_findings_add, but merges into the finding of the same category and group (the same
 * defect in the same text, copied into several places). */
gcn_finding *gcn_findings_add_grouped(gcn_findings *l, gcn_finding_cat cat, const char *encoding,
                                      const char *subject, const char *group, const gcn_strs *facts,
                                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/* Sorts by (category, key) and makes keys unique. */
void gcn_findings_finish(gcn_findings *l);

struct gcn_pseudo_env;
/* Runs every detector over the facts. env (spec/curated/pseudocode.json) may be NULL: the
 * pseudocode is then only parsed, not checked. */
gcn_status gcn_find_errata(const gcn_facts *facts, const struct gcn_pseudo_env *env,
                           gcn_findings *out, gcn_diag *diag);
struct gcn_wordlist;
/* The same, with a word list (spec/triage/wordlist.h) for the spelling check; words may be NULL
 * (the resolver's case: misspellings change nothing it decides). */
gcn_status gcn_find_errata_words(const gcn_facts *facts, const struct gcn_pseudo_env *env,
                                 const struct gcn_wordlist *words, gcn_findings *out,
                                 gcn_diag *diag);

/* The detectors, one concern each (spec/triage/detect_*.c). */
gcn_status gcn_detect_opcodes(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_names(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_fields(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_text(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_pseudocode(const gcn_facts *f, const struct gcn_pseudo_env *env,
                                 gcn_findings *out);
gcn_status gcn_detect_visa(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_pages(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_labels(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_operation_prose(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_tables(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_generation_scope(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_unsectioned_rows(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_cut_off(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_description_values(const gcn_facts *f, gcn_findings *out);
/* The table fact an operation row of the vISA page belongs to (the row itself when the facts
 * have no table for it). */
const gcn_fact *gcn_visa_op_table(const gcn_facts *f, const gcn_fact *row);
gcn_status gcn_detect_visa_surfaces(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_visa_names(const gcn_facts *f, gcn_findings *out);
gcn_status gcn_detect_visa_widths(const gcn_facts *f, gcn_findings *out);
struct gcn_wordlist;
/* words may be NULL: the prose is then not spell-checked. */
gcn_status gcn_detect_spelling(const gcn_facts *f, const struct gcn_wordlist *words,
                               gcn_findings *out);

#endif
