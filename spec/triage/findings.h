/* Findings: the documents' contradictions and defects, each naming the facts involved. */
#ifndef GCN_SPEC_FINDINGS_H
#define GCN_SPEC_FINDINGS_H

#include "spec/model/facts.h"

/* X(enum, id, name, heading, blocking, description): the id is the finding keys' and errata's
 * category; name is a PascalCase rule name and description the full sentence (SARIF's rule
 * metadata); blocking findings change what gcn.json says, so the resolver refuses to run
 * until an erratum settles each of them. */
#define GCN_FINDING_CATEGORY_LIST(X)                                                               \
    X(GCN_FC_OPCODE_CONFLICT, "opcode-conflict", "OpcodeConflict", "Opcode conflicts", 1,          \
      "The documents give one instruction two different opcodes (on two pages, or in a table and " \
      "a section), so an encoder built from one of them is wrong.")                                \
    X(GCN_FC_DEC_HEX, "dec-hex-mismatch", "DecimalHexMismatch",                                    \
      "Decimal and hex opcodes that disagree", 1,                                                  \
      "An opcode row writes its number in decimal and in hex, and the two are different numbers.") \
    X(GCN_FC_DUP_MNEMONIC, "duplicate-mnemonic", "DuplicateMnemonic", "One name at two opcodes",   \
      1,                                                                                           \
      "One mnemonic is listed at two opcodes of the same encoding and generation, so a decoder "   \
      "cannot tell which is meant.")                                                               \
    X(GCN_FC_DUP_OPCODE, "duplicate-opcode", "DuplicateOpcode", "One opcode with two names", 1,    \
      "Two mnemonics are listed at the same opcode of the same encoding and generation: one word " \
      "would decode as two instructions.")                                                         \
    X(GCN_FC_DUP_SECTION, "duplicate-section", "DuplicateSection",                                 \
      "Sections with the same heading", 1,                                                         \
      "Two instruction sections carry the same heading, so the instruction has two syntax lines, " \
      "descriptions or Operation blocks to choose from.")                                          \
    X(GCN_FC_SYNTAX_MNEMONIC, "syntax-mnemonic", "SyntaxNamesOtherInstruction",                    \
      "Syntax lines naming another instruction", 1,                                                \
      "An instruction's Syntax line names a different mnemonic than its section heading (usually " \
      "a copy and paste from the neighbouring section).")                                          \
    X(GCN_FC_MISSPELLED, "misspelled-mnemonic", "MisspelledMnemonic", "Misspelled mnemonics", 1,   \
      "A mnemonic is spelled differently in two places (a table and a section, or two pages), "    \
      "one letter or one word apart.")                                                             \
    X(GCN_FC_SYNTAX_OPERAND, "syntax-operand", "SyntaxOperandNotInEncoding",                       \
      "Syntax lines with operands the encoding lacks", 1,                                          \
      "A Syntax line names an operand that has no field in the instruction's encoding, so it "     \
      "cannot be encoded as written.")                                                             \
    X(GCN_FC_FIELD_OVERLAP, "field-overlap", "FieldOverlap", "Overlapping bit fields", 1,          \
      "Two fields of one encoding claim the same bits.")                                           \
    X(GCN_FC_FIELD_CONFLICT, "field-conflict", "FieldConflict",                                    \
      "Bit fields the documents disagree on", 1,                                                   \
      "The documents place or size the same field of an encoding differently.")                    \
    X(GCN_FC_FIELD_MISSING, "field-missing", "FieldMissing", "Bit fields no document gives", 1,    \
      "No page gives one of an encoding's essential fields (the opcode or an operand's field) "    \
      "for a generation that has the encoding.")                                                   \
    X(GCN_FC_AMBIGUOUS_ROW, "ambiguous-row", "AmbiguousTableRow",                                  \
      "Scraped table rows that lost cells", 1,                                                     \
      "A table row has fewer cells than its header, so it can be read in more than one way "       \
      "(which generation an opcode belongs to, for example).")                                     \
    X(GCN_FC_AVAILABILITY, "availability", "AvailabilityDisagreement",                             \
      "Generation availability disagreements", 1,                                                  \
      "The documents disagree on which generations have an instruction.")                          \
    X(GCN_FC_OPERAND_WIDTH, "operand-width", "OperandWidthContradiction",                          \
      "Operand widths that contradict the text", 1,                                                \
      "An operand's register count in a Syntax line differs from the count the instruction's "     \
      "description gives.")                                                                        \
    X(GCN_FC_PSEUDO_PARSE, "pseudocode-parse", "PseudocodeDoesNotParse",                           \
      "Pseudocode that does not parse", 1,                                                         \
      "An Operation block is not valid pseudocode, so it cannot be executed as written.")          \
    X(GCN_FC_PSEUDO_DEFECT, "pseudocode-defect", "PseudocodeDefect", "Pseudocode defects", 1,      \
      "An Operation block parses but is wrong as code: an unknown name or helper, a wrong number " \
      "of arguments, a precedence or shift-width slip, an assignment to what is no variable, a "   \
      "value read before it is written.")                                                          \
    X(GCN_FC_DESCRIPTION, "description-contradiction", "DescriptionContradiction",                 \
      "Pseudocode that contradicts its description", 1,                                            \
      "An instruction's Operation block does something other than its prose says (the operation, " \
      "the signedness, the counter, the half or the zero test).")                                  \
    X(GCN_FC_PAGE_CONFLICT, "page-conflict", "PageConflict", "The two DS pages disagree", 1,       \
      "Two versions of the same page say different things about one instruction.")                 \
    X(GCN_FC_UNKNOWN, "unknown", "UnknownValue", "Unknowns (\?\?\?)", 0,                           \
      "The document writes ??? (or the like) where a value belongs: the authors did not know it.") \
    X(GCN_FC_VISA, "visa-inconsistency", "VisaInconsistency", "vISA page inconsistencies", 0,      \
      "The vISA DWORD_ATOMIC page contradicts itself: its table, its message types against its "   \
      "surfaces, its widths against its prose, or names it never defines.")                        \
    X(GCN_FC_LABEL, "label-form", "LabelForm",                                                     \
      "Labels written without their colon, misspelled or missing", 0,                              \
      "A section label (Opcode:, Syntax:, Description:, Operation:) is written without its "       \
      "colon, misspelled or missing.")                                                             \
    X(GCN_FC_OPERATION_PROSE, "operation-prose", "OperationBlockProse",                            \
      "Operation blocks that hold prose", 0,                                                       \
      "An Operation block holds sentences instead of pseudocode.")                                 \
    X(GCN_FC_SPELLING, "misspelled-word", "MisspelledWord",                                        \
      "Misspelled words in descriptions and notes", 0,                                             \
      "A word of the prose is in neither the word list nor the documents' own vocabulary, and a "  \
      "known word is one letter away.")                                                            \
    X(GCN_FC_TABLE_SHAPE, "table-shape", "TableShape",                                             \
      "Tables whose rows or separator do not match the header", 0,                                 \
      "A Markdown table's rows or separator line have another number of cells than its header.")   \
    X(GCN_FC_GEN_SCOPE, "generation-scope", "GenerationScope",                                     \
      "Statements without a generation that contradict a generation-qualified one", 0,             \
      "A statement that names no generation contradicts another that names one, so the reader "    \
      "cannot tell which generations it covers.")                                                  \
    X(GCN_FC_NO_SECTION, "missing-section", "MissingSection", "Opcode table rows with no section", \
      0,                                                                                           \
      "An instruction listed in an opcode table has no section: no syntax, description or "        \
      "Operation block.")                                                                          \
    X(GCN_FC_CUT_OFF, "cut-off", "SectionCutOff", "Sections cut off at the end of a file", 0,      \
      "The last section of a file is cut off: its Operation label has nothing under it, it ends "  \
      "before its Description, or its description stops in the middle of a sentence.")

typedef enum gcn_finding_cat {
#define GCN_FC_ENUM(e, id, name, heading, blocking, description) e,
    GCN_FINDING_CATEGORY_LIST(GCN_FC_ENUM)
#undef GCN_FC_ENUM
        GCN_FC_COUNT
} gcn_finding_cat;

const char *gcn_finding_cat_id(gcn_finding_cat c);
const char *gcn_finding_cat_heading(gcn_finding_cat c);
const char *gcn_finding_cat_name(gcn_finding_cat c);
const char *gcn_finding_cat_description(gcn_finding_cat c);
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
