/* The one file that includes the printer's texts (codec/textgen -> gcn_texts.inc). The codec
 * built without this file (gcn_codec_base) is the one codec/textgen links to render them. */
#include "tables.h"

#include "gcn_texts.inc"

const gcn_print_texts gcn_codec_print_texts = {gcn_text_rows, gcn_print_prog_rows,
                                               gcn_print_step_variants};
