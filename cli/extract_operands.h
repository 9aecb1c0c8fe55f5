/* gcnspec extract --operands: the operand-code page's facts. */
#ifndef GCN_CLI_EXTRACT_OPERANDS_H
#define GCN_CLI_EXTRACT_OPERANDS_H

/* page: the GcnOperands.md to read; output: where to write its facts; check: when not NULL,
 * compare with this file instead of writing (exit 1 when it differs). Returns the exit
 * status. */
int cli_extract_operands(const char *page, const char *output, const char *check);

#endif
