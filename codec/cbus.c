/* The constant bus rule's reasons (gcn_cbus_row): what the parser says of a line that breaks
 * it and the decoder of a word. */
#include <stdio.h>

#include "codec_internal.h"

/* The spelling of a counted value: its register's, "the literal 0x..", the implicit one's. */
static int put_value(char *p, size_t room, const gcn_tables *t, const gcn_inst *in,
                     const gcn_cbus_row *c, uint16_t key)
{
    const gcn_scalar_row *r;
    const char *name;
    if (key == GCN_CBUS_LITERAL)
        return snprintf(p, room, "the literal 0x%x", (unsigned)in->literal);
    r = codec_scalar(t, in->gen, key & 0xffu);
    name = (key >> 8) == 2 && r->name64 ? r->name64 : r->name32;
    if (c->implicit != 0xffu && key == (uint16_t)(c->implicit | (unsigned)c->implicit_regs << 8))
        return snprintf(p, room, "%s read implicitly", name ? name : "?");
    return snprintf(p, room, "%s", name ? name : "?");
}

size_t gcn_codec_cbus_why(const gcn_tables *t, const gcn_inst *in, int literal, char *buf,
                          size_t size)
{
    const gcn_cbus_row *c = &t->plans[(unsigned)in->gen * t->ninsns + in->insn].cbus;
    const gcn_insn_row *row = &t->insns[in->insn];
    codec_cbus_count r;
    size_t len = 0;
    unsigned k;
    int w;
    if (!size)
        return 0;
    buf[0] = 0;
    if (!c->n)
        return 0;
    codec_cbus_values(t, in, c, literal, &r);
    if (r.lds_op >= 0) {
        const gcn_encoding_row *e = &t->encodings[in->encoding];
        w = snprintf(buf, size, "%.*s reads LDS_DIRECT in %s: only %s may hold it (%s)",
                     (int)gcn_mnemonic_len(row, in->gen), row->mnemonic,
                     row->operand[r.lds_op].name,
                     c->lds_slot < e->nslots ? e->slot_name[c->lds_slot] : "SRC0", c->lds_at);
        return w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
    }
    if (r.n <= c->limit)
        return 0;
    w = snprintf(buf, size, "%.*s reads %u scalar values (", (int)gcn_mnemonic_len(row, in->gen),
                 row->mnemonic, r.n);
    len = w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
    for (k = 0; k < r.n && len + 1 < size; k++) {
        if (k) {
            w = snprintf(buf + len, size - len, ", ");
            len += w < 0 ? 0 : (size_t)w < size - len ? (size_t)w : size - len - 1;
        }
        w = put_value(buf + len, size - len, t, in, c, r.val[k]);
        len += w < 0 ? 0 : (size_t)w < size - len ? (size_t)w : size - len - 1;
    }
    w = snprintf(buf + len, size - len, "): the constant bus takes %u on %s (%s)", c->limit,
                 gcn_gen_id(in->gen), c->at);
    len += w < 0 ? 0 : (size_t)w < size - len ? (size_t)w : size - len - 1;
    return len;
}
