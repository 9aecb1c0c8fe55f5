/* LLVM's assembler text for a decoded instruction: the same bytes llvm-mc prints. */
#include <string.h>

#include "codec_internal.h"

/* The writers are inlined into gcn_print so that the output cursor lives in registers: a
 * character store could otherwise alias it and force a reload after every byte. */
#if defined(__GNUC__)
#define PRINT_INLINE static inline __attribute__((always_inline))
#else
#define PRINT_INLINE static inline
#endif

typedef struct out {
    char *buf;
    size_t size, len;
} out;

/* Copies short strings without the block-copy set-up a general memcpy of unknown length
 * compiles to (rep movs): 8 bytes at a time, then the tail. */
PRINT_INLINE void copy_short(char *d, const char *s, size_t n)
{
    while (n >= 8) {
        memcpy(d, s, 8);
        d += 8;
        s += 8;
        n -= 8;
    }
    while (n--)
        *d++ = *s++;
}

PRINT_INLINE void put_n(out *o, const char *s, size_t n)
{
    if (o->len + n < o->size) {
        copy_short(o->buf + o->len, s, n);
        o->buf[o->len + n] = 0;
    } else if (o->len < o->size) {
        size_t k = o->size - o->len - 1;
        memcpy(o->buf + o->len, s, k);
        o->buf[o->len + k] = 0;
    }
    o->len += n;
}

PRINT_INLINE void put(out *o, const char *s)
{
    put_n(o, s, strlen(s));
}

/* Numbers without printf: decimal and 0x-prefixed lower-case hex. */
PRINT_INLINE void dec(out *o, unsigned long long v)
{
    char tmp[24];
    size_t k = sizeof(tmp);
    do {
        tmp[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put_n(o, tmp + k, sizeof(tmp) - k);
}

PRINT_INLINE void hex(out *o, unsigned long long v)
{
    static const char digits[] = "0123456789abcdef";
    char tmp[24];
    size_t k = sizeof(tmp);
    do {
        tmp[--k] = digits[v & 15];
        v >>= 4;
    } while (v);
    tmp[--k] = 'x';
    tmp[--k] = '0';
    put_n(o, tmp + k, sizeof(tmp) - k);
}

/* "[a:b]" */
PRINT_INLINE void range(out *o, unsigned long long a, unsigned long long b)
{
    put_n(o, "[", 1);
    dec(o, a);
    put_n(o, ":", 1);
    dec(o, b);
    put_n(o, "]", 1);
}

/* A register tuple of 3 or more: s[a:b] / ttmp[a:b]. */
PRINT_INLINE void scalar_tuple(out *o, const gcn_scalar_row *r, unsigned regs)
{
    put(o, r->sclass == GCN_SC_TTMP ? "ttmp" : "s");
    range(o, (unsigned long long)r->index, (unsigned long long)(r->index + (int)regs - 1));
}

/* Does an inline integer constant have this value? */
static int inline_int(const gcn_tables *t, unsigned gen, uint32_t v)
{
    int c = codec_inline_code(t, gen, v, 1);
    return c >= 0 && codec_scalar(t, gen, (unsigned)c)->sclass == GCN_SC_INLINE_INT;
}

PRINT_INLINE void scalar(out *o, const gcn_tables *t, const gcn_inst *in, unsigned code,
                         unsigned regs)
{
    const gcn_scalar_row *r = codec_scalar(t, in->gen, code);
    if (r->sclass == GCN_SC_LITERAL) {
        /* a literal holding an inline constant's value is written as that constant, as LLVM
         * does (the text then assembles to the shorter, canonical form) */
        int ic = codec_inline_code(t, in->gen, in->literal, regs);
        if (ic < 0) {
            hex(o, in->literal);
            return;
        }
        r = codec_scalar(t, in->gen, (unsigned)ic);
    }
    if (regs == 1)
        put_n(o, r->name32 ? r->name32 : "?", r->name32 ? r->len32 : 1);
    else if (regs == 2 || r->sclass == GCN_SC_INLINE_INT || r->sclass == GCN_SC_INLINE_FLOAT)
        put_n(o, r->name64 ? r->name64 : "?", r->name64 ? r->len64 : 1);
    else
        scalar_tuple(o, r, regs);
}

/* LLVM's offset:swizzle(...) forms; what fits none is written in decimal. The bit layout is
 * the one the documents give for DS_SWIZZLE_B32 (OFFSET[15] selects the quad permute; AND, OR
 * and XOR masks in bits 0-4, 5-9, 10-14). */
static void swizzle(out *o, unsigned v)
{
    static const char *const lanes = "0123";
    if ((v & 0xff00u) == 0x8000u) {
        unsigned i;
        put(o, "swizzle(QUAD_PERM");
        for (i = 0; i < 4; i++) {
            char s[3] = {',', lanes[(v >> (2 * i)) & 3], 0};
            put(o, s);
        }
        put(o, ")");
    } else if (!(v & 0x8000u)) {
        unsigned and_m = v & 31, or_m = (v >> 5) & 31, xor_m = (v >> 10) & 31;
        unsigned pop = 0, k;
        for (k = 0; k < 5; k++)
            pop += (xor_m >> k) & 1;
        if (and_m == 31 && or_m == 0 && pop == 1) {
            put(o, "swizzle(SWAP,");
            dec(o, xor_m);
            put(o, ")");
        } else if (and_m == 31 && or_m == 0 && xor_m > 0 && ((xor_m + 1) & xor_m) == 0) {
            put(o, "swizzle(REVERSE,");
            dec(o, xor_m + 1);
            put(o, ")");
        } else {
            unsigned group = 31 - and_m + 1;
            if (group > 1 && (group & (group - 1)) == 0 && or_m < group && xor_m == 0) {
                put(o, "swizzle(BROADCAST,");
                dec(o, group);
                put(o, ",");
                dec(o, or_m);
                put(o, ")");
            } else {
                unsigned p0 = or_m ^ xor_m, p1 = ((31 & and_m) | or_m) ^ xor_m, m;
                put(o, "swizzle(BITMASK_PERM,\"");
                for (m = 16; m; m >>= 1) {
                    int a = (p0 & m) != 0, b = (p1 & m) != 0;
                    put(o, a == b ? (a ? "1" : "0") : (a ? "i" : "p"));
                }
                put(o, "\")");
            }
        }
    } else {
        dec(o, v);
    }
}

size_t gcn_print(const gcn_inst *in, char *buf, size_t size)
{
    const gcn_tables *t = &gcn_codec_table_data;
    const gcn_insn_row *row;
    const gcn_layout_row *l;
    out o;
    unsigned i;
    char one[8] = "";
    o.buf = size ? buf : one;
    o.size = size ? size : 1;
    o.len = 0;
    o.buf[0] = 0;
    if (!in || in->gen >= t->ngens || in->insn >= t->ninsns) {
        put(&o, "<invalid>");
        return o.len;
    }
    row = &t->insns[in->insn];
    l = codec_layout(t, in->gen, row->encoding);
    put_n(&o, row->mnemonic, row->mnemonic_len);
    for (i = 0; i < row->noperands; i++) {
        const gcn_operand_row *op = &row->operand[i];
        uint32_t v = in->field[op->slot];
        put_n(&o, i ? ", " : " ", i ? 2u : 1u);
        switch (op->kind) {
        case GCN_KIND_VGPR:
            if (op->regs == 1) {
                put_n(&o, "v", 1);
                dec(&o, v);
            } else {
                put_n(&o, "v", 1);
                range(&o, v, (unsigned long long)v + op->regs - 1);
            }
            break;
        case GCN_KIND_SDST:
        case GCN_KIND_SGPR:
        case GCN_KIND_SSRC:
            scalar(&o, t, in, v, op->regs);
            break;
        case GCN_KIND_SBASE:
            scalar(&o, t, in, v * 2, op->regs);
            break;
        case GCN_KIND_SMEM_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            int soe =
                op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
            if (soe) {
                /* SGPR[SOFFSET] (+ the immediate, written as offset:) */
                scalar(&o, t, in, in->field[op->aux[2]], 1);
                if (imm) {
                    int64_t off = codec_smem_imm(op, l, in->gen, v);
                    put(&o, off < 0 ? " offset:-" : " offset:");
                    hex(&o, (unsigned long long)(off < 0 ? -off : off));
                }
            } else if (imm) {
                int64_t off = codec_smem_imm(op, l, in->gen, v);
                if (off < 0)
                    put(&o, "-");
                hex(&o, (unsigned long long)(off < 0 ? -off : off));
            } else {
                scalar(&o, t, in, v, 1);
            }
            break;
        }
        case GCN_KIND_SMRD_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            if (imm)
                hex(&o, v);
            else if (codec_scalar(t, in->gen, v)->sclass == GCN_SC_LITERAL)
                hex(&o, in->literal); /* a dword offset, never an inline constant */
            else
                scalar(&o, t, in, v, 1);
            break;
        }
        case GCN_KIND_IMM:
            if (op->format == GCN_FMT_HEX ||
                (op->format == GCN_FMT_INLINE && !inline_int(t, in->gen, v)))
                hex(&o, v);
            else
                dec(&o, v);
            break;
        default:
            put(&o, "?");
        }
    }
    for (i = 0; i < row->nmodifiers; i++) {
        const gcn_modifier_row *m = &row->modifier[i];
        uint32_t v = in->field[m->slot];
        if (!((m->gens >> in->gen) & 1) || (v == 0 && (m->omit_zero || m->format == GCN_FMT_FLAG)))
            continue;
        put(&o, " ");
        put(&o, m->asm_name);
        if (m->format == GCN_FMT_FLAG)
            continue;
        put(&o, ":");
        if (m->format == GCN_FMT_HEX)
            hex(&o, v);
        else if (m->format == GCN_FMT_SWIZZLE)
            swizzle(&o, v);
        else
            dec(&o, v);
    }
    return o.len;
}
