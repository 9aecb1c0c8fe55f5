/* The encoding catalogue's rows (gen/enc_gen.c writes them into gcn_catalogue.inc from
 * spec/encodings.json; codec/stream.c is the one file that includes them): every encoding the
 * documents describe, with the fixed bits that identify it, its size, and the field values that
 * call for a trailing literal or an SDWA/DPP dword. The disassembler identifies a word by them
 * before it decodes it, so that it knows where an instruction it does not model ends. */
#ifndef GCN_CODEC_CATALOGUE_H
#define GCN_CODEC_CATALOGUE_H

#include <stdint.h>

/* A rule holds when (the instruction's first 64 bits & mask) == match. */
typedef struct gcn_cat_rule {
    uint64_t mask, match;
    uint8_t extra;    /* 0: a 32-bit literal follows; 1: an extra dword (SDWA, DPP) follows */
    const char *what; /* "literal", "VOP_SDWA", "VOP_DPP" */
} gcn_cat_rule;

typedef struct gcn_cat_row {
    const char *name;
    uint32_t mask, match; /* the first dword's identifying bits */
    uint8_t gens;         /* bit set of generation indices that have it */
    uint8_t modelled;     /* bit set of generations where the codec decodes it */
    uint8_t dwords;       /* size without a literal or an extra dword */
    uint8_t nrules;
    uint16_t rule;    /* first of its rules in the rule table */
    const char *from; /* where the documents give its identification */
} gcn_cat_row;

/* The rows, most fixed bits first (so the first row that matches is the most specific: the
 * catalogue's check makes sure that one encoding's bits lie within another's or apart). */
const gcn_cat_row *gcn_cat_rows(unsigned *n);

/* 1 when the catalogue's name for an encoding (a row's name, gcn_disasm_item.encoding) is the
 * codec's encoding spec: the same name, or a '/'-list of its forms, each spec's name and one
 * letter that the catalogue does not list as an encoding of its own ("VOP3A/VOP3B" of VOP3, not
 * VOP3P), as gcngen reads the catalogue */
int gcn_cat_names(const char *cat, const char *spec);
const gcn_cat_rule *gcn_cat_rules(void);

#endif
