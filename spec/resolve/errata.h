/* spec/errata.json: curated decisions. Each erratum names the facts it settles, quotes them,
 * carries a peer's output where a peer can decide, classifies the defect and decides. */
#ifndef GCN_SPEC_ERRATA_H
#define GCN_SPEC_ERRATA_H

#include "spec/model/facts.h"
#include "spec/triage/findings.h"

#define GCN_DECISION_OP_LIST(X)                                                                    \
    X(GCN_DEC_OPCODE, "opcode")                                                                    \
    X(GCN_DEC_ABSENT, "absent")                                                                    \
    X(GCN_DEC_RENAME, "rename")                                                                    \
    X(GCN_DEC_SECTION, "section")                                                                  \
    X(GCN_DEC_FIELD, "field")                                                                      \
    X(GCN_DEC_SYNTAX, "syntax")                                                                    \
    X(GCN_DEC_SEMANTICS, "semantics")                                                              \
    X(GCN_DEC_WRITTEN, "written")                                                                  \
    X(GCN_DEC_PEER_LACKS, "peer-lacks")                                                            \
    X(GCN_DEC_M0, "m0")                                                                            \
    X(GCN_DEC_NONE, "none")

typedef enum gcn_decision_op {
#define GCN_DEC_ENUM(e, s) e,
    GCN_DECISION_OP_LIST(GCN_DEC_ENUM)
#undef GCN_DEC_ENUM
        GCN_DEC_COUNT
} gcn_decision_op;

const char *gcn_decision_op_name(gcn_decision_op op);

#define GCN_CLASSIFICATION_LIST(X)                                                                 \
    X("doc-erratum", "the document is wrong")                                                      \
    X("doc-ambiguity", "the document is unclear; the decision reads it")                           \
    X("doc-omission", "the document leaves it out")                                                \
    X("llvm-bug", "LLVM is wrong")                                                                 \
    X("llvm-lacks", "LLVM does not implement it")                                                  \
    X("not-an-erratum", "looked wrong, is not")

typedef struct gcn_decision {
    gcn_decision_op op;
    char *encoding;
    char *mnemonic;
    gcn_strs gens; /* empty = every generation */
    long opcode;
    char *from, *to; /* rename */
    char *fact;      /* rename: only the claim read off this fact */
    char *section;   /* section / written: a fact id */
    char *field;
    long lo, hi; /* field bits; lo = -1 removes the field */
    char *syntax;
    char *code;
    char *peer;
    char *lds, *gds; /* m0: M0's role in LDS/GDS accesses (gcnspec/m0.h), where it departs from
                        the documents' NOTE (spec/curated/ds_m0.json holds it to its classes) */
    unsigned line;   /* where it is written in errata.json */
} gcn_decision;

typedef struct gcn_quote {
    char *at; /* file:line */
    char *text;
} gcn_quote;

typedef struct gcn_peer_run {
    char *peer, *cmd, *stdin_text, *stdout_text, *stderr_text;
    gcn_strs args;
} gcn_peer_run;

typedef struct gcn_erratum {
    char *id;
    char *title;
    gcn_finding_cat category; /* the first category */
    unsigned categories;      /* bit set of every category it settles */
    char *classification;
    char *rationale;
    gcn_strs facts;
    gcn_quote *quotes;
    size_t nquotes;
    gcn_peer_run *peers;
    size_t npeers;
    gcn_strs sources; /* other references: "where: what it says" */
    gcn_decision *decisions;
    size_t ndecisions;
    unsigned line;
} gcn_erratum;

typedef struct gcn_errata {
    gcn_erratum *v;
    size_t n;
    char *path;
    char sha256[65];
} gcn_errata;

/* Loads and checks errata.json against the facts: every cited fact exists, every quote is
 * found in its fact's text, every decision is well-formed. */
gcn_status gcn_errata_load(gcn_errata *e, const char *path, const gcn_facts *facts, gcn_diag *diag);
void gcn_errata_free(gcn_errata *e);

/* The erratum settling a finding: same category, citing every fact of the finding. */
const gcn_erratum *gcn_errata_settling(const gcn_errata *e, const gcn_finding *f);
int gcn_genset_has(const gcn_strs *gens, const char *gen); /* empty set = all */

#endif
