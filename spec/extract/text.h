/* Small readers shared by the document parsers: table cells, generation qualifiers,
 * "N (0xH)" opcodes, bit ranges, syntax operands. */
#ifndef GCN_SPEC_EXTRACT_TEXT_H
#define GCN_SPEC_EXTRACT_TEXT_H

#include <stddef.h>

#include "spec/model/facts.h"

/* Copies s without leading/trailing blanks (heap). */
char *text_trim(const char *s);
int text_starts(const char *s, const char *prefix);
/* Splits a table line on '|' (one leading and one trailing pipe are delimiters, not cells). */
int text_cells(const char *line, gcn_strs *cells);
/* True for a markdown table separator row such as "---|---|" or "| --- | --- |". */
int text_is_table_separator(const char *line);
/* Reads every "GCN 1.0/1.1"-style qualifier in s into gens ("gcn1.0", "gcn1.1"). Returns the
 * number of generations read. */
int text_gens(const char *s, gcn_strs *gens);
/* "20 (0x14)" -> dec 20, hex "0x14". *end points after what was read. Returns 0 when s does not
 * start with a decimal number. */
int text_opcode(const char *s, long *dec, char **hex, long *hexval, const char **end);
/* "0-7" or "17". */
int text_bits(const char *s, long *lo, long *hi);
/* A mnemonic-shaped token: DS_ADD_U32. */
int text_is_mnemonic(const char *s);
/* The rule topics a note speaks about (m0, lgkm, ...). */
void text_note_topics(const char *s, gcn_strs *topics);
/* Reads "MNEMONIC OP, OP(2) [mod] [mod] MOD" into the fact's mnemonic, operands and modifiers;
 * a modifier written without brackets is required and is recorded as "!MOD".
 * Returns 0 and sets *bad to the offending column when the text has no mnemonic or an operand
 * that is not NAME or NAME(n[,m]). */
int text_syntax(const char *s, gcn_fact *f, size_t *bad);

#endif
