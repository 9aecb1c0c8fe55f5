/* gcnspec extract --operands and --tables: the operand-code page's facts, or their cross-check
 * against the llvm-mc-curated scalar operands; any page's tables as facts. */
#ifndef GCN_CLI_EXTRACT_OPERANDS_H
#define GCN_CLI_EXTRACT_OPERANDS_H

/* page: the GcnOperands.md to read; curated: NULL to write the page's facts, else the curated
 * file to cross-check them against; output: where to write; check: when not NULL, compare with
 * this file instead of writing (exit 1 when it differs). Returns the exit status. */
int cli_extract_operands(const char *page, const char *curated, const char *output,
                         const char *check);
/* page: the page to read; output, check: as above. */
int cli_extract_page_tables(const char *page, const char *output, const char *check);

#endif
