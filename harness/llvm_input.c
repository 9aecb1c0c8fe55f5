#include "llvm_input.h"

#include <string.h>

#include "codec/catalogue.h"
#include "codec/codec_internal.h"
#include "fuzz_common.h"

int llvm_input_gen(unsigned k)
{
    static const char *const names[LLVM_INPUT_GENS] = {"gfx8", "gfx9"};
    return k < LLVM_INPUT_GENS ? gcn_gen_lookup(names[k]) : -1;
}

int llvm_input_word(const uint8_t *data, size_t size, llvm_word *w)
{
    const gcn_tables *t = gcn_codec_tables();
    unsigned encs[32], nencs, i;
    const gcn_layout_row *l;
    uint64_t word;
    size_t n;
    if (!size)
        return 0;
    w->k = data[0] & 1u;
    w->gen = llvm_input_gen(w->k);
    if (w->gen < 0)
        return 0;
    nencs = fuzz_encodings(w->gen, encs, 32);
    if (!nencs)
        return 0;
    w->enc = encs[(data[0] >> 1) % nencs];
    l = codec_layout(t, (unsigned)w->gen, w->enc);
    w->len = (size_t)l->bytes + 4;
    memset(w->bytes, 0, sizeof(w->bytes));
    n = size - 1 < w->len ? size - 1 : w->len;
    memcpy(w->bytes, data + 1, n);
    word = codec_load(w->bytes, l->bytes);
    word = (word & ~l->match_mask) | (l->match_value & l->match_mask);
    for (i = 0; i < l->bytes && i < 8; i++)
        w->bytes[i] = (uint8_t)(word >> (8 * i));
    {
        /* a word of an encoding nested in the drawn one (SOP2 holds SOP1's, SOPK's ... words)
         * is that encoding's, as the catalogue names it: the codec's, or none to fuzz here */
        gcn_disasm_item item;
        gcn_disasm_next(w->gen, w->bytes, sizeof(w->bytes), &item);
        if (item.encoding && !gcn_cat_names(item.encoding, t->encodings[w->enc].cat)) {
            for (i = 0; i < t->nencodings; i++)
                if (gcn_cat_names(item.encoding, t->encodings[i].cat))
                    break;
            if (i == t->nencodings || !codec_layout(t, (unsigned)w->gen, i)->present)
                return 0;
            w->enc = i;
            w->len = (size_t)codec_layout(t, (unsigned)w->gen, i)->bytes + 4;
        }
    }
    return 1;
}
