/* Disassembling a stream: identify the encoding by the catalogue first (the one file that
 * includes gcn_catalogue.inc), then decode what the codec models, and give everything else its
 * full length, so that decoding resumes at the next instruction and never inside one. */
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "gcnspec/codec.h"
#include "gcn_catalogue.inc"

int gcn_cat_names(const char *cat, const char *spec)
{
    size_t n = strlen(spec);
    if (strcmp(cat, spec) == 0)
        return 1;
    while (*cat) {
        size_t k = strcspn(cat, "/"), i;
        if (k != n + 1 || strncmp(cat, spec, n) != 0)
            return 0;
        /* a form the catalogue lists as an encoding of its own is not one (VOP3P) */
        for (i = 0; i < GCN_CAT_ROW_COUNT; i++)
            if (strlen(gcn_cat_row_data[i].name) == k &&
                strncmp(gcn_cat_row_data[i].name, cat, k) == 0)
                return 0;
        cat += k + (cat[k] == '/');
    }
    return 1;
}

const gcn_cat_row *gcn_cat_rows(unsigned *n)
{
    *n = GCN_CAT_ROW_COUNT;
    return gcn_cat_row_data;
}

const gcn_cat_rule *gcn_cat_rules(void)
{
    return gcn_cat_rule_data;
}

static uint32_t word_at(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static gcn_status finish(gcn_disasm_item *item, gcn_item_kind kind, gcn_status st, size_t size)
{
    item->kind = kind;
    item->status = st;
    item->size = size;
    return st;
}

/* The bytes end inside the instruction: the codec says what it misses where it models the
 * encoding, the catalogue's sizes elsewhere. */
static gcn_status truncated(int gen, const gcn_cat_row *row, const uint8_t *bytes, size_t len,
                            size_t size, gcn_disasm_item *item)
{
    gcn_inst inst;
    if ((row->modelled >> gen & 1) && gcn_decode(gen, bytes, len, &inst) == GCN_ERR_TRUNCATED) {
        gcn_decode_why(gen, bytes, len, item->text, sizeof(item->text));
        return finish(item, GCN_ITEM_TRUNCATED, GCN_ERR_TRUNCATED, len);
    }
    snprintf(item->text, sizeof(item->text), "truncated %s instruction: %zu bytes%s%s, %zu given",
             row->name, size, item->extra ? " with its " : "", item->extra ? item->extra : "", len);
    return finish(item, GCN_ITEM_TRUNCATED, GCN_ERR_TRUNCATED, len);
}

gcn_status gcn_disasm_next(int gen, const uint8_t *bytes, size_t len, gcn_disasm_item *item)
{
    const gcn_cat_row *row = NULL;
    const char *gen_id = gcn_gen_id(gen);
    uint64_t head;
    size_t size;
    int extra = 0;
    unsigned i;
    uint32_t w0;
    memset(item, 0, sizeof(*item));
    if (!gen_id) {
        snprintf(item->text, sizeof(item->text), "unknown generation %d", gen);
        return finish(item, GCN_ITEM_INVALID, GCN_ERR_USAGE, len);
    }
    if (len < 4) {
        snprintf(item->text, sizeof(item->text),
                 "truncated: %zu byte%s left, an instruction word has 4", len, len == 1 ? "" : "s");
        return finish(item, GCN_ITEM_TRUNCATED, GCN_ERR_TRUNCATED, len);
    }
    w0 = word_at(bytes);
    for (i = 0; i < GCN_CAT_ROW_COUNT; i++) {
        const gcn_cat_row *r = &gcn_cat_row_data[i];
        if ((r->gens >> gen & 1) && (w0 & r->mask) == r->match) {
            row = r; /* most fixed bits first: the first match is the most specific */
            break;
        }
    }
    if (!row) {
        snprintf(item->text, sizeof(item->text),
                 "invalid: no encoding of %s has the fixed bits of 0x%08x", gen_id, w0);
        return finish(item, GCN_ITEM_INVALID, GCN_ERR_NO_ENCODING, 4);
    }
    item->encoding = row->name;
    size = 4u * row->dwords;
    if (len < size)
        return truncated(gen, row, bytes, len, size, item);
    /* the instruction's full length by the catalogue: its dwords, then a literal and an
     * SDWA/DPP dword where its fields call for them */
    head = w0;
    if (row->dwords > 1)
        head |= (uint64_t)word_at(bytes + 4) << 32;
    {
        int literal = 0;
        for (i = 0; i < row->nrules; i++) {
            const gcn_cat_rule *u = &gcn_cat_rule_data[row->rule + i];
            if ((head & u->mask) != u->match)
                continue;
            if (u->extra && !extra) {
                extra = 1;
                item->extra = u->what;
            } else if (!u->extra && !literal) {
                literal = 1; /* one literal, however many sources name it */
                if (!item->extra)
                    item->extra = u->what;
            }
        }
        size += 4u * (unsigned)(literal + extra);
    }
    /* a word that calls for an SDWA/DPP dword is the codec's where it decodes it whole, a form
     * of gcn.json (VOP2_SDWA ...) as long as the catalogue's size; else not modelled yet,
     * never invalid (the base word reads SRC0 0xf9/0xfa as no source, and V_NOP reads no
     * SRC0 at all), so that the extra dword is never read as an instruction */
    if (!(row->modelled >> gen & 1) || extra) {
        if (len < size)
            return truncated(gen, row, bytes, len, size, item);
        if (extra && (row->modelled >> gen & 1)) {
            size_t n = 0;
            if (gcn_disasm(gen, bytes, len, item->text, sizeof(item->text), &n, &item->inst) ==
                    GCN_OK &&
                n == size)
                return finish(item, GCN_ITEM_INST, GCN_OK, size); /* extra: the dword's name */
        }
        snprintf(item->text, sizeof(item->text), "%s%s%s (not modelled yet)", row->name,
                 item->extra ? " with " : "", item->extra ? item->extra : "");
        return finish(item, GCN_ITEM_UNMODELLED, GCN_OK, size);
    }
    {
        /* the codec knows each instruction's operands: where it decodes the word, its size is
         * the instruction's (a source field the instruction does not read calls for no
         * literal); where it refuses it, the catalogue's size is where the next one starts */
        size_t n = 0;
        gcn_status st =
            gcn_disasm(gen, bytes, len, item->text, sizeof(item->text), &n, &item->inst);
        if (st == GCN_ERR_TRUNCATED)
            return truncated(gen, row, bytes, len, size, item);
        /* a word of a modelled encoding that none of its layouts' fixed bits take: a form the
         * codec does not model yet (FLAT's GLOBAL and SCRATCH segments), not an invalid word */
        if (st == GCN_ERR_NO_ENCODING) {
            /* or a field the codec does not model yet (VOP3's ABS/NEG), which the decoder
             * names */
            char why[GCN_ITEM_TEXT - 40];
            gcn_decode_why(gen, bytes, len, why, sizeof(why));
            if (strstr(why, "(not modelled yet)"))
                snprintf(item->text, sizeof(item->text), "%s: %s", row->name, why);
            else if (strstr(why, " is reserved: ")) {
                /* a segment field's reserved value (FLAT's SEG 3): an invalid word */
                snprintf(item->text, sizeof(item->text), "invalid: %s", why);
                item->extra = NULL;
                return finish(item, GCN_ITEM_INVALID, st, size < len ? size : len);
            } else
                snprintf(item->text, sizeof(item->text),
                         "%s: a form no layout of the codec has (not modelled yet)", row->name);
            return finish(item, GCN_ITEM_UNMODELLED, GCN_OK, size);
        }
        if (st != GCN_OK) {
            char why[GCN_ITEM_TEXT - 10];
            gcn_decode_why(gen, bytes, len, why, sizeof(why));
            snprintf(item->text, sizeof(item->text), "invalid: %s", why);
            item->extra = NULL;
            return finish(item, GCN_ITEM_INVALID, st, size < len ? size : len);
        }
        item->extra = item->inst.has_literal ? "literal" : NULL;
        size = n;
    }
    return finish(item, GCN_ITEM_INST, GCN_OK, size);
}

size_t gcn_disasm_item_text(const gcn_disasm_item *item, const uint8_t *bytes, char *buf,
                            size_t size)
{
    size_t n = 0, i;
    int w;
    char tmp[GCN_ITEM_TEXT + 128];
    if (item->kind == GCN_ITEM_INST) {
        n = strlen(item->text);
        if (size)
            snprintf(buf, size, "%s", item->text);
        return n;
    }
    if (item->size >= 4 && item->size % 4 == 0) {
        n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, ".long");
        for (i = 0; i + 4 <= item->size && n < sizeof(tmp); i += 4)
            n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, "%s0x%08x", i ? ", " : " ",
                                  word_at(bytes + i));
    } else {
        n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, ".byte");
        for (i = 0; i < item->size && n < sizeof(tmp); i++)
            n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, "%s0x%02x", i ? ", " : " ", bytes[i]);
    }
    if (n < sizeof(tmp))
        n += (size_t)snprintf(tmp + n, sizeof(tmp) - n, " // %s", item->text);
    w = snprintf(buf, size, "%s", tmp);
    return w < 0 ? 0 : (size_t)w;
}
