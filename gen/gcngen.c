/* gcngen: the host tool the build runs first.
 *
 *   gcngen resolve --facts F --errata F --curated DIR -o gcn.json
 *       the resolver (the same library as `gcnspec resolve`)
 *   gcngen tables --spec gcn.json -o gcn_tables.inc
 *       checks the spec and writes the codec's table rows (codec/tables.h types)
 *   gcngen semantics --spec gcn.json -o gcn_semantics.inc [--allow-missing]
 *       compiles the pseudocode into the oracle's semantics (gen/sem_gen.c)
 *
 * The tables are deterministic and stamped with the spec's SHA-256. The checks are small named
 * functions; each names what is wrong with file:line of the spec where it can. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/tables.h"
#include "gen/enc_gen.h"
#include "gen/sem_gen.h"
#include "gen/visa_gen.h"
#include "spec/resolve/resolve.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

static const char *const kind_names[] = {
#define KIND_NAME(e, s) s,
    GCN_KIND_LIST(KIND_NAME)
#undef KIND_NAME
};
static const char *const kind_enums[] = {
#define KIND_ENUM(e, s) #e,
    GCN_KIND_LIST(KIND_ENUM)
#undef KIND_ENUM
};
static const char *const format_names[] = {
#define FMT_NAME(e, s) s,
    GCN_FORMAT_LIST(FMT_NAME)
#undef FMT_NAME
};
static const char *const format_enums[] = {
#define FMT_ENUM(e, s) #e,
    GCN_FORMAT_LIST(FMT_ENUM)
#undef FMT_ENUM
};
static const char *const sclass_names[] = {
#define SC_NAME(e, s) s,
    GCN_SCLASS_LIST(SC_NAME)
#undef SC_NAME
};
static const char *const sclass_enums[] = {
#define SC_ENUM(e, s) #e,
    GCN_SCLASS_LIST(SC_ENUM)
#undef SC_ENUM
};

typedef struct gen_t {
    const cJSON *node;
    const char *id;
} gen_t;

typedef struct enc_t {
    const char *name;
    const char *segment_of; /* gcn.json "segment_of", NULL for an encoding of its own */
    const char *slot[GCN_MAX_SLOTS];
    unsigned nslots;
} enc_t;

typedef struct spec_t {
    gcn_json_doc doc;
    gen_t gens[GCN_MAX_GENS];
    unsigned ngens;
    enc_t encs[32];
    unsigned nencs;
    const cJSON *insns;
    unsigned ninsns;
    char sha[65];
    gcn_diag *diag;
    unsigned mnemonic_hash_mask, name_hash_mask;
    gcn_buf pool;        /* the printed strings, each followed by GCN_POOL_PAD NUL bytes */
    char **pool_strs;    /* the strings in the pool ... */
    unsigned *pool_offs; /* ... and where */
    unsigned npool;
    unsigned oks[GCN_MAX_GENS * 256]; /* gcn_reg_ok, by emit_scalars */
    /* the fast plans' check rows (gcn_check_rows): row 0 passes every value */
    uint8_t check_rows[GCN_MAX_CHECK_ROWS][256];
    unsigned ncheck_rows;
    int check_rows_full;
    int fast_mask_bad; /* a fetch whose mask is not the low bits of a width */
    /* [gen * ninsns + insn]: an SMEM offset's instruction's variants (emit_plans), for the key
     * maps (emit_dispatch); mask 0 for the others */
    struct fvar {
        unsigned at, mask, imm_lo, soe_lo;
    } * fvars;
    /* [row of gcn_fast_plans]: its initializer, which the key maps copy (emit_plans) */
    char **fast_text;
    unsigned buf_name_max[2]; /* the longest data and number format names (buf_formats) */
} spec_t;

static int fail(spec_t *s, const cJSON *node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(spec_t *s, const cJSON *node, const char *fmt, ...)
{
    char msg[GCN_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    gcn_json_error(&s->doc, node, s->diag, "%s", msg);
    return 0;
}

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = get(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int gen_index(const spec_t *s, const char *id)
{
    unsigned i;
    for (i = 0; i < s->ngens; i++)
        if (strcmp(s->gens[i].id, id) == 0)
            return (int)i;
    return -1;
}

/* The code of the register the spec spells `name` (a scalar operand entry without a register
 * number: "m0") on generation gen, -1 when none. */
static int register_code(const spec_t *s, const char *name, unsigned gen)
{
    const cJSON *f, *g, *codes;
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(s->doc.root, "scalar_operands"))
    {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(f, "asm32");
        if (!cJSON_IsString(a) || strcmp(a->valuestring, name) != 0)
            continue;
        codes = cJSON_GetObjectItemCaseSensitive(f, "codes");
        cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(f, "gens"))
        {
            if (cJSON_IsString(g) && gen_index(s, g->valuestring) == (int)gen &&
                cJSON_IsNumber(cJSON_GetArrayItem(codes, 0)))
                return (int)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 0));
        }
    }
    return -1;
}

/* register_only {register, gens}: the code the operand's register form must hold on gen, or
 * 0xff (any register). */
static unsigned only_code(const spec_t *s, const cJSON *op, unsigned gen)
{
    const cJSON *ro = cJSON_GetObjectItemCaseSensitive(op, "register_only"), *g;
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(ro, "register");
    if (!cJSON_IsObject(ro) || !cJSON_IsString(r))
        return 0xffu;
    cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(ro, "gens"))
    {
        int c;
        if (!cJSON_IsString(g) || gen_index(s, g->valuestring) != (int)gen)
            continue;
        c = register_code(s, r->valuestring, gen);
        return c < 0 || c > 254 ? 0xffu : (unsigned)c;
    }
    return 0xffu;
}

static int enc_index(const spec_t *s, const char *name)
{
    unsigned i;
    for (i = 0; i < s->nencs; i++)
        if (strcmp(s->encs[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int slot_index(const enc_t *e, const char *field)
{
    unsigned i;
    if (!field)
        return -1;
    for (i = 0; i < e->nslots; i++)
        if (strcmp(e->slot[i], field) == 0)
            return (int)i;
    return -1;
}

/* An operand's field: an operand with none (the 32-bit constant after the word) reads the
 * OPCODE slot, which every instruction fetches, so that its check has a field to name. */
static const char *op_field(const cJSON *op)
{
    const char *f = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(op, "field"));
    return f ? f : "OPCODE";
}

static int lookup(const char *const *names, unsigned n, const char *name)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}

static const cJSON *layout_for(const spec_t *s, const cJSON *enc, const char *gen)
{
    const cJSON *l, *g;
    cJSON_ArrayForEach(l, get(enc, "layouts")){cJSON_ArrayForEach(g, get(l, "gens")){
        if (cJSON_IsString(g) && strcmp(g->valuestring, gen) == 0) return l;
}
}
(void)s;
return NULL;
}

static const cJSON *encoding_node(const spec_t *s, const char *name)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, get(s->doc.root, "encodings"))
    {
        if (str(e, "name") && strcmp(str(e, "name"), name) == 0)
            return e;
    }
    return NULL;
}

/* ---- reading and checking the spec -------------------------------------------------------- */

/* 1 for a field no operand or modifier reads: OPCODE, or one a layout of encoding e fixes. */
static int fixed_field(const cJSON *e, const char *name)
{
    const cJSON *l, *x;
    if (strcmp(name, "OPCODE") == 0)
        return 1;
    cJSON_ArrayForEach(l, get(e, "layouts"))
    {
        cJSON_ArrayForEach(x, get(l, "fixed"))
        {
            if (str(x, "field") && strcmp(str(x, "field"), name) == 0)
                return 1;
        }
    }
    return 0;
}

static int read_spec(spec_t *s)
{
    const cJSON *g, *e, *l, *f;
    unsigned pass;
    cJSON_ArrayForEach(g, get(s->doc.root, "generations"))
    {
        if (s->ngens == GCN_MAX_GENS)
            return fail(s, g, "more than %d generations", GCN_MAX_GENS);
        if (!str(g, "id") || !str(g, "mcpu"))
            return fail(s, g, "a generation needs \"id\" and \"mcpu\"");
        s->gens[s->ngens].node = g;
        s->gens[s->ngens].id = str(g, "id");
        s->ngens++;
    }
    cJSON_ArrayForEach(e, get(s->doc.root, "encodings"))
    {
        enc_t *x;
        if (s->nencs == 32)
            return fail(s, e, "too many encodings");
        x = &s->encs[s->nencs++];
        x->name = str(e, "name");
        x->segment_of = str(e, "segment_of");
        if (!x->name)
            return fail(s, e, "an encoding needs a name");
        /* the slots: the fields in the layouts' order, those an operand or modifier can read
         * first, then OPCODE and the fields a layout fixes (the decoder's vector path writes
         * the first GCN_FAST_SLOTS in one step) */
        for (pass = 0; pass < 2; pass++)
            cJSON_ArrayForEach(l, get(e, "layouts"))
            {
                cJSON_ArrayForEach(f, get(l, "fields"))
                {
                    const char *fn = str(f, "name");
                    if (!fn)
                        return fail(s, f, "a field needs a name");
                    if (slot_index(x, fn) >= 0 || (int)pass != fixed_field(e, fn))
                        continue;
                    if (x->nslots == GCN_MAX_SLOTS)
                        return fail(s, f, "%s has more than %d fields", x->name, GCN_MAX_SLOTS);
                    x->slot[x->nslots++] = fn;
                }
            }
    }
    s->insns = get(s->doc.root, "instructions");
    s->ninsns = (unsigned)cJSON_GetArraySize(s->insns);
    if (!s->ngens || !s->nencs || !s->ninsns)
        return fail(s, s->doc.root, "the spec has no generations, encodings or instructions");
    return 1;
}

static unsigned fetch_slots(spec_t *s, const enc_t *e, const cJSON *in, unsigned *slot,
                            unsigned *gens);

/* The slots of each encoding by how many instructions read them, most first, the layouts'
 * order among equals; OPCODE and the fixed fields stay last. The decoder's vector path takes
 * the first GCN_FAST_SLOTS and a plan that reads a slot past them is slow, so the fields most
 * instructions read come first (VOP3 has nine: VOP3B's SDST, which few read, is the one past
 * them). */
static int order_slots(spec_t *s)
{
    unsigned e;
    for (e = 0; e < s->nencs; e++) {
        enc_t *x = &s->encs[e];
        const cJSON *node = encoding_node(s, x->name), *in;
        unsigned uses[GCN_MAX_SLOTS] = {0}, nfree = 0, i, j;
        while (nfree < x->nslots && !fixed_field(node, x->slot[nfree]))
            nfree++;
        cJSON_ArrayForEach(in, s->insns)
        {
            unsigned sl[GCN_MAX_SLOTS], gm[GCN_MAX_SLOTS], n;
            if (!str(in, "encoding") || strcmp(str(in, "encoding"), x->name) != 0)
                continue;
            n = fetch_slots(s, x, in, sl, gm);
            for (i = 0; i < n; i++)
                if (sl[i] < GCN_MAX_SLOTS)
                    uses[sl[i]]++;
        }
        /* a stable insertion sort of the free slots, their counts alongside */
        for (i = 1; i < nfree; i++) {
            const char *name = x->slot[i];
            unsigned u = uses[i];
            for (j = i; j > 0 && uses[j - 1] < u; j--) {
                x->slot[j] = x->slot[j - 1];
                uses[j] = uses[j - 1];
            }
            x->slot[j] = name;
            uses[j] = u;
        }
    }
    return 1;
}

/* Every layout: fields inside the word, a fixed ENCODING value that fits, an OPCODE field. */
static int check_layouts(spec_t *s)
{
    unsigned e;
    for (e = 0; e < s->nencs; e++) {
        const cJSON *l, *f, *x;
        cJSON_ArrayForEach(l, get(encoding_node(s, s->encs[e].name), "layouts"))
        {
            double bits = cJSON_GetNumberValue(get(l, "bits"));
            int has_opcode = 0;
            if (!(bits == 32 || bits == 64))
                return fail(s, l, "%s: a layout must be 32 or 64 bits", s->encs[e].name);
            cJSON_ArrayForEach(f, get(l, "fields"))
            {
                double lo = cJSON_GetNumberValue(get(f, "lo")),
                       hi = cJSON_GetNumberValue(get(f, "hi"));
                if (!(lo >= 0 && hi >= lo && hi < bits))
                    return fail(s, f, "%s.%s: bits %g-%g do not fit the %g-bit word",
                                s->encs[e].name, str(f, "name"), lo, hi, bits);
                if (strcmp(str(f, "name"), "OPCODE") == 0)
                    has_opcode = 1;
            }
            if (!has_opcode)
                return fail(s, l, "%s: a layout without an OPCODE field", s->encs[e].name);
            cJSON_ArrayForEach(x, get(l, "fixed"))
            {
                uint64_t v = 0;
                if (!str(x, "value") || !gcn_parse_u64(str(x, "value"), &v))
                    return fail(s, x, "%s: a fixed value must be a number", s->encs[e].name);
            }
        }
    }
    return 1;
}

static uint64_t field_mask(double lo, double hi)
{
    unsigned w = (unsigned)(hi - lo + 1);
    return (w >= 64 ? ~0ull : ((1ull << w) - 1)) << (unsigned)lo;
}

static void match_bits(const cJSON *l, uint64_t *mask, uint64_t *value)
{
    const cJSON *x, *f;
    *mask = *value = 0;
    cJSON_ArrayForEach(x, get(l, "fixed"))
    {
        uint64_t v = 0;
        gcn_parse_u64(str(x, "value"), &v);
        cJSON_ArrayForEach(f, get(l, "fields"))
        {
            if (strcmp(str(f, "name"), str(x, "field")) == 0) {
                double lo = cJSON_GetNumberValue(get(f, "lo"));
                *mask |= field_mask(lo, cJSON_GetNumberValue(get(f, "hi")));
                *value |= v << (unsigned)lo;
            }
        }
    }
}

static int opcode_of(const cJSON *in, const char *gen, long *op);
static int field_of(const cJSON *l, const char *name, unsigned *lo, unsigned *w);

/* 1 when layout l fixes field f (its "fixed" list names it). */
static int fixed_field_of(const cJSON *l, const cJSON *f)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, get(l, "fixed"))
    {
        if (str(x, "field") && strcmp(str(x, "field"), str(f, "name")) == 0)
            return 1;
    }
    return 0;
}

/* 1 when code is no valid scalar operand on gen (gcn.json scalar_operands, class "invalid":
 * the reserved codes, SDWA's 0xf9 and DPP's 0xfa among them), so that no source reads it. */
static int scalar_code_invalid(const spec_t *s, const char *gen, long code)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, get(s->doc.root, "scalar_operands"))
    {
        const cJSON *codes = get(r, "codes"), *g;
        int on_gen = 0;
        if (!str(r, "class") || strcmp(str(r, "class"), "invalid") != 0 ||
            cJSON_GetArraySize(codes) != 2)
            continue;
        cJSON_ArrayForEach(g, get(r, "gens"))
        {
            on_gen |= cJSON_IsString(g) && strcmp(g->valuestring, gen) == 0;
        }
        if (on_gen && code >= (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 0)) &&
            code <= (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 1)))
            return 1;
    }
    return 0;
}

/* Nonzero when the nested layout (mask mb, value vb) fixes a whole field of la to a value no
 * word of instruction in holds there: 1, a source's code no source may hold on gen; 2, any
 * value of a field the instruction reads not at all (the page's rule makes the word the nested
 * encoding's). The VOP words with SRC0 0xf9 (SDWA) or 0xfa (DPP) are such: the extra dword's
 * encodings nest in VOP1/VOP2/VOPC by a source's code, not by their opcodes, and V_NOP's and
 * V_CLREXCP's, which read no SRC0, are SDWA/DPP words too. */
static int source_refuses(const spec_t *s, const char *gen, const cJSON *in, const cJSON *la,
                          uint64_t mb, uint64_t vb)
{
    const cJSON *f, *op;
    cJSON_ArrayForEach(f, get(la, "fields"))
    {
        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
        uint64_t fm = field_mask(lo, cJSON_GetNumberValue(get(f, "hi")));
        int read = 0, refused = 1;
        if ((fm & mb) != fm || strcmp(str(f, "name"), "OPCODE") == 0 || fixed_field_of(la, f))
            continue;
        cJSON_ArrayForEach(op, get(in, "operands"))
        {
            const char *kind = str(op, "kind");
            if (!op_field(op) || strcmp(op_field(op), str(f, "name")) != 0)
                continue;
            read = 1;
            /* a VGPR alone in a 9-bit source (vsrc-vgpr) takes no code below 256 */
            refused &= kind && (((strcmp(kind, "vsrc") == 0 || strcmp(kind, "ssrc") == 0) &&
                                 scalar_code_invalid(s, gen, (long)((vb & fm) >> lo))) ||
                                (strcmp(kind, "vsrc-vgpr") == 0 && (vb & fm) >> lo < 256));
        }
        if (!read)
            return 2;
        if (refused)
            return 1;
    }
    return 0;
}

/* 1 when an encoding's layout on gen fixes exactly the bits a and b fix, to their values: a
 * word both a and b match is that encoding's, the most specific (VOP1_SDWA's, of VOP1's and
 * VOP2_SDWA's), whatever order the decoder tries them in. */
static int has_meet(spec_t *s, unsigned g, uint64_t ma, uint64_t va, uint64_t mb, uint64_t vb)
{
    unsigned c;
    for (c = 0; c < s->nencs; c++) {
        const cJSON *lc = layout_for(s, encoding_node(s, s->encs[c].name), s->gens[g].id);
        uint64_t mc, vc;
        if (!lc)
            continue;
        match_bits(lc, &mc, &vc);
        if (mc == (ma | mb) && !((vc ^ va) & ma) && !((vc ^ vb) & mb))
            return 1;
    }
    return 0;
}

/* 1 when encoding c nests in encoding x on generation g by a source's code alone (SDWA/DPP in
 * VOP1/VOP2/VOPC): c fixes bits below the dispatch's top nine, and each instruction of x that
 * could hold a word of both refuses it by that field (source_refuses). Such words fail the
 * fast path's checks of x (a source's check rows refuse the code), and the plan path scans.
 * With unread (not NULL): 1 when instruction in of x reads that field not at all (V_NOP): its
 * fast plan cannot tell the nested words from its own, so the key map sends it to the scan. */
static int source_nested(spec_t *s, unsigned g, unsigned x, unsigned c, const cJSON *unread)
{
    const cJSON *lx = layout_for(s, encoding_node(s, s->encs[x].name), s->gens[g].id);
    const cJSON *lc = layout_for(s, encoding_node(s, s->encs[c].name), s->gens[g].id), *in;
    uint64_t mx, vx, mc, vc, m, v;
    unsigned lo = 0, w = 0;
    int any = 0;
    if (!lx || !lc || x == c)
        return 0;
    match_bits(lx, &mx, &vx);
    match_bits(lc, &mc, &vc);
    if (((vx ^ vc) & mx & mc) || (mc & mx) == mc || !(mc & 0x007fffffull))
        return 0;
    /* the words of both: c's within x's */
    m = mx | mc;
    v = (vx & mx) | (vc & mc);
    field_of(lx, "OPCODE", &lo, &w);
    cJSON_ArrayForEach(in, s->insns)
    {
        long op;
        int why;
        if (strcmp(str(in, "encoding"), s->encs[x].name) != 0 ||
            !opcode_of(in, s->gens[g].id, &op) ||
            (((vx | (uint64_t)op << lo) ^ v) & (mx | field_mask(lo, lo + w - 1)) & m))
            continue;
        why = source_refuses(s, s->gens[g].id, in, lx, m, v);
        if (!why)
            return 0;
        if (unread && in == unread)
            return why == 2;
        any |= why == 1;
    }
    return !unread && any;
}

/* No word may be claimed by two instructions on one generation. Two encodings whose fixed bits
 * agree where both are fixed must be nested, as the documents' scalar encodings are (SOP1,
 * SOPC and SOPP fix nine bits where SOP2 fixes two and SOPK four): the one that fixes more
 * bits takes its words, which the other's instructions must then never match, their opcodes
 * placed (SOP2 has no instruction at the opcodes 96-127 that spell SOPK's ENCODING), or a
 * source holding a code no source may hold (source_refuses). Two that are not nested need a
 * third that fixes the bits of both (has_meet): the decoder takes the most specific encoding
 * that matches, and the words of both are the third's. (Within an encoding, one opcode is one
 * instruction: the resolver already refuses anything else.) */
static int check_encodings_disjoint(spec_t *s)
{
    unsigned g, a, b;
    for (g = 0; g < s->ngens; g++)
        for (a = 0; a < s->nencs; a++)
            for (b = 0; b < s->nencs; b++) {
                const cJSON *la = layout_for(s, encoding_node(s, s->encs[a].name), s->gens[g].id);
                const cJSON *lb = layout_for(s, encoding_node(s, s->encs[b].name), s->gens[g].id);
                const cJSON *in;
                uint64_t ma, va, mb, vb;
                unsigned lo = 0, w = 0;
                if (a == b || !la || !lb)
                    continue;
                match_bits(la, &ma, &va);
                match_bits(lb, &mb, &vb);
                if (((va ^ vb) & ma & mb) != 0)
                    continue;
                /* a is the outer one, b the nested one: b fixes every bit a fixes, and more */
                if ((ma & mb) != ma || mb == ma) {
                    if (a < b && (ma & mb) != mb && !(mb != ma && has_meet(s, g, ma, va, mb, vb)))
                        return fail(s, lb,
                                    "%s and %s can match the same word on %s, and neither "
                                    "fixes every bit the other fixes",
                                    s->encs[a].name, s->encs[b].name, s->gens[g].id);
                    if (a < b && mb == ma)
                        return fail(s, lb, "%s and %s can match the same word on %s",
                                    s->encs[a].name, s->encs[b].name, s->gens[g].id);
                    continue;
                }
                field_of(la, "OPCODE", &lo, &w);
                cJSON_ArrayForEach(in, s->insns)
                {
                    long op;
                    uint64_t m, v;
                    if (strcmp(str(in, "encoding"), s->encs[a].name) != 0 ||
                        !opcode_of(in, s->gens[g].id, &op))
                        continue;
                    m = ma | field_mask(lo, lo + w - 1);
                    v = va | (uint64_t)op << lo;
                    if (((v ^ vb) & m & mb) == 0 &&
                        !source_refuses(s, s->gens[g].id, in, la, mb, vb))
                        return fail(s, in,
                                    "%s (%s opcode %ld) can match a word of %s on %s, which "
                                    "fixes more bits",
                                    str(in, "name"), s->encs[a].name, op, s->encs[b].name,
                                    s->gens[g].id);
                }
            }
    return 1;
}

/* The widest the field is in the encoding's layouts (0: in none). */
static unsigned field_width_max(spec_t *s, const char *enc, const char *field)
{
    const cJSON *x, *l, *f;
    unsigned w = 0;
    cJSON_ArrayForEach(x, get(s->doc.root, "encodings"))
    {
        if (!str(x, "name") || strcmp(str(x, "name"), enc) != 0)
            continue;
        cJSON_ArrayForEach(l, get(x, "layouts")) cJSON_ArrayForEach(f, get(l, "fields"))
        {
            if (str(f, "name") && strcmp(str(f, "name"), field) == 0) {
                unsigned fw = (unsigned)(cJSON_GetNumberValue(get(f, "hi")) -
                                         cJSON_GetNumberValue(get(f, "lo")) + 1);
                w = fw > w ? fw : w;
            }
        }
    }
    return w;
}

/* Each instruction: a known encoding, opcodes that fit the OPCODE field, operands and modifiers
 * naming fields its layouts have, kinds and formats the runtime knows. */
/* log2 of a register count the checks know (1, 2, 4, 8, 16), -1 otherwise. */
static int regs_log2(unsigned regs)
{
    int k;
    for (k = 0; k < 5; k++)
        if (regs == 1u << k)
            return k;
    return -1;
}

/* A scalar operand's aliases: other names the assembler takes for it (the printer keeps asm32
 * and asm64). */
static int check_scalar_aliases(spec_t *s)
{
    const cJSON *f, *a;
    cJSON_ArrayForEach(f, get(s->doc.root, "scalar_operands"))
    {
        unsigned n = 0;
        if (get(f, "aliases") && !cJSON_IsArray(get(f, "aliases")))
            return fail(s, f, "%s: aliases is a list of names", str(f, "id"));
        cJSON_ArrayForEach(a, get(f, "aliases"))
        {
            if (!cJSON_IsString(a) || !*a->valuestring || strlen(a->valuestring) > GCN_NAME_MAX)
                return fail(s, a, "%s: an alias is a name of at most %d characters", str(f, "id"),
                            GCN_NAME_MAX);
            if (++n > GCN_MAX_ALIASES)
                return fail(s, a, "%s: more than %d aliases", str(f, "id"), GCN_MAX_ALIASES);
        }
        if (n && !str(f, "asm32") && !str(f, "asm64"))
            return fail(s, f, "%s: aliases of an operand with no spelling", str(f, "id"));
    }
    return 1;
}

static int check_instructions(spec_t *s)
{
    const cJSON *in;
    cJSON_ArrayForEach(in, s->insns)
    {
        const char *name = str(in, "name"), *enc = str(in, "encoding");
        int e = enc ? enc_index(s, enc) : -1;
        const cJSON *oc, *op, *m;
        unsigned nops = 0, nmods = 0;
        if (!name || e < 0)
            return fail(s, in, "an instruction needs a name and a known encoding");
        if (!cJSON_GetArraySize(get(in, "opcodes")))
            return fail(s, in, "%s exists on no generation", name);
        cJSON_ArrayForEach(oc, get(in, "opcodes"))
        {
            const char *gen = str(oc, "gen");
            const cJSON *l = gen ? layout_for(s, encoding_node(s, enc), gen) : NULL, *f;
            double opcode = cJSON_GetNumberValue(get(oc, "opcode"));
            if (!gen || gen_index(s, gen) < 0 || !l)
                return fail(s, oc, "%s: no %s layout for generation %s", name, enc,
                            gen ? gen : "?");
            cJSON_ArrayForEach(f, get(l, "fields"))
            {
                if (strcmp(str(f, "name"), "OPCODE") == 0 &&
                    !(opcode >= 0 &&
                      opcode <
                          (double)(1ull << (unsigned)(cJSON_GetNumberValue(get(f, "hi")) -
                                                      cJSON_GetNumberValue(get(f, "lo")) + 1))))
                    return fail(s, oc, "%s: opcode %g does not fit OPCODE on %s", name, opcode,
                                gen);
            }
            cJSON_ArrayForEach(op, get(in, "operands"))
            {
                int found = 0;
                cJSON_ArrayForEach(f, get(l, "fields"))
                {
                    if (strcmp(str(f, "name"), op_field(op)) == 0)
                        found = 1;
                }
                if (!found)
                    return fail(s, op, "%s: operand %s's field %s is not in the %s layout", name,
                                str(op, "name"), op_field(op), gen);
            }
        }
        cJSON_ArrayForEach(op, get(in, "operands"))
        {
            const char *k = str(op, "kind"), *fmt = str(op, "format");
            double regs = cJSON_GetNumberValue(get(op, "regs"));
            if (++nops > GCN_MAX_OPERANDS)
                return fail(s, op, "%s: more than %d operands", name, GCN_MAX_OPERANDS);
            if (!k || lookup(kind_names, GCN_KIND_COUNT, k) < 0)
                return fail(s, op, "%s: operand kind \"%s\" is not one the codec implements", name,
                            k ? k : "?");
            if (fmt && lookup(format_names, GCN_FMT_COUNT, fmt) < 0)
                return fail(s, op, "%s: unknown format \"%s\"", name, fmt);
            if (!(regs >= 1 && regs <= 16))
                return fail(s, op, "%s: %g registers", name, regs);
            if (get(op, "register_only")) {
                const cJSON *ro = get(op, "register_only"), *g;
                if (!str(ro, "register") || !cJSON_IsArray(get(ro, "gens")) ||
                    strcmp(k, "smem-offset") != 0)
                    return fail(s, op,
                                "%s: register_only is {register, gens} on an smem-offset operand",
                                name);
                cJSON_ArrayForEach(g, get(ro, "gens"))
                {
                    int gi = cJSON_IsString(g) ? gen_index(s, g->valuestring) : -1;
                    if (gi < 0 || register_code(s, str(ro, "register"), (unsigned)gi) < 0)
                        return fail(s, g, "%s: register_only: no register %s on %s", name,
                                    str(ro, "register"), cJSON_IsString(g) ? g->valuestring : "?");
                }
            }
            /* scalar register operands come in 1, 2, 4, 8 or 16 registers */
            if (strcmp(k, "vgpr") != 0 && strcmp(k, "imm") != 0 && regs_log2((unsigned)regs) < 0)
                return fail(s, op, "%s: a scalar operand of %g registers", name, regs);
            /* GCN_OK_SSRC_BIT: a scalar source of 1 or 2 registers */
            if ((strcmp(k, "ssrc") == 0 || strcmp(k, "vsrc") == 0) && regs > 2)
                return fail(s, op, "%s: a scalar source of %g registers (1 or 2)", name, regs);
            /* a largest value: a check's arg (8 bits), on an immediate or an attribute */
            if (get(op, "max") && (!(cJSON_GetNumberValue(get(op, "max")) >= 0 &&
                                     cJSON_GetNumberValue(get(op, "max")) <= 255) ||
                                   (strcmp(k, "imm") != 0 && strcmp(k, "attr") != 0)))
                return fail(s, op, "%s: \"max\" is 0-255, on an imm or attr operand", name);
            /* an operand written with a flag: one of the instruction's flag modifiers */
            if (str(op, "when")) {
                const cJSON *fm;
                int flag = 0;
                cJSON_ArrayForEach(fm, get(in, "modifiers"))
                {
                    if (str(fm, "field") && strcmp(str(fm, "field"), str(op, "when")) == 0 &&
                        str(fm, "format") && strcmp(str(fm, "format"), "flag") == 0)
                        flag = 1;
                }
                if (!flag)
                    return fail(s, op, "%s: \"when\" names %s, which is no flag modifier of it",
                                name, str(op, "when"));
            }
            if (strcmp(k, "attr") == 0 && slot_index(&s->encs[e], str(op, "chan_field")) < 0)
                return fail(s, op, "%s: an attr operand needs its channel's field (chan_field)",
                            name);
            if (fmt && strcmp(fmt, "interp-slot") == 0 &&
                !(strcmp(k, "imm") == 0 && get(op, "max") &&
                  cJSON_GetNumberValue(get(op, "max")) <= 2))
                return fail(s, op,
                            "%s: an interp-slot operand is an imm of 3 values at most (max 2)",
                            name);
            /* the text an omitted operand stands for: parsed as the operand, at most
             * GCN_NAME_MAX characters (a pool string) */
            if (get(op, "omitted") && (!str(op, "omitted") || !*str(op, "omitted") ||
                                       strlen(str(op, "omitted")) > GCN_NAME_MAX))
                return fail(s, op, "%s: \"omitted\" is the operand's default text", name);
        }
        {
            unsigned slot[GCN_MAX_SLOTS], gens[GCN_MAX_SLOTS];
            if (fetch_slots(s, &s->encs[e], in, slot, gens) > GCN_MAX_FETCH)
                return fail(s, in, "%s uses more than %d fields", name, GCN_MAX_FETCH);
        }
        cJSON_ArrayForEach(m, get(in, "modifiers"))
        {
            const char *fmt = str(m, "format");
            if (++nmods > GCN_MAX_MODIFIERS)
                return fail(s, m, "%s: more than %d modifiers", name, GCN_MAX_MODIFIERS);
            if (!fmt || lookup(format_names, GCN_FMT_COUNT, fmt) < 0)
                return fail(s, m, "%s: modifier %s needs a known format", name, str(m, "name"));
            if (slot_index(&s->encs[e], str(m, "field")) < 0)
                return fail(s, m, "%s: modifier field %s is not a %s field", name, str(m, "field"),
                            enc);
            if (str(m, "field_hi") && slot_index(&s->encs[e], str(m, "field_hi")) < 0)
                return fail(s, m, "%s: modifier field_hi %s is not a %s field", name,
                            str(m, "field_hi"), enc);
            /* a buffer format: DFMT in its field, NFMT in nfmt_field, each in the widths the
             * generation's name tables cover (emit_buf_formats checks the names) */
            if (strcmp(fmt, "buf-format") == 0) {
                int d = slot_index(&s->encs[e], str(m, "field")),
                    n = slot_index(&s->encs[e], str(m, "nfmt_field"));
                if (n < 0)
                    return fail(s, m,
                                "%s: a buf-format modifier needs its NFMT field "
                                "(nfmt_field)",
                                name);
                if (d < 0 || field_width_max(s, enc, str(m, "field")) > 4 ||
                    field_width_max(s, enc, str(m, "nfmt_field")) > 3)
                    return fail(s, m, "%s: a buf-format's fields hold 4 and 3 bits at most", name);
                if (!get(s->doc.root, "buf_formats"))
                    return fail(s, m, "%s: a buf-format modifier needs the spec's buf_formats",
                                name);
            }
            /* a largest value: 2^k - 1, a GCN_CK_BITS check of k bits */
            if (get(m, "max")) {
                double mx = cJSON_GetNumberValue(get(m, "max"));
                if (!(mx >= 1 && mx < 4294967296.0) ||
                    (((unsigned long long)mx + 1) & (unsigned long long)mx))
                    return fail(s, m, "%s: modifier %s's \"max\" is 2^k - 1 (k 1-32)", name,
                                str(m, "name"));
            }
        }
    }
    return 1;
}

/* ---- emitting ----------------------------------------------------------------------------- */

static int in_gens(const cJSON *gens, const char *gen)
{
    const cJSON *g;
    cJSON_ArrayForEach(g, gens)
    {
        if (cJSON_IsString(g) && strcmp(g->valuestring, gen) == 0)
            return 1;
    }
    return 0;
}

static void lo_bits(const cJSON *pair, unsigned *lo, unsigned *bits)
{
    *lo = (unsigned)cJSON_GetNumberValue(cJSON_GetArrayItem(pair, 0));
    *bits = (unsigned)cJSON_GetNumberValue(cJSON_GetArrayItem(pair, 1));
}

static void c_string(gcn_buf *b, const char *s);

/* gcn_buf_format_rows: MTBUF's data and number format names of each generation (gcn.json's
 * buf_formats, from spec/curated/buf_formats.json). Checked here: every value of the 4-bit DFMT
 * and the 3-bit NFMT has one name on each generation, no longer than GCN_NAME_MAX, and the
 * defaults are values. Without buf_formats the rows are empty (no modifier reads them:
 * check_insns). */
static int emit_buf_formats(spec_t *s, gcn_buf *b)
{
    static const char *const parts[2] = {"dfmt", "nfmt"};
    static const unsigned counts[2] = {GCN_BUF_DFMTS, GCN_BUF_NFMTS};
    const cJSON *root = get(s->doc.root, "buf_formats"), *x;
    unsigned g, k, i;
    gcn_buf_printf(b, "static const gcn_buf_format_row gcn_buf_format_rows[%u] = {\n", s->ngens);
    for (g = 0; g < s->ngens && root; g++) {
        const char *gen = s->gens[g].id, *nm[2][GCN_BUF_DFMTS] = {{0}};
        unsigned def[2];
        for (k = 0; k < 2; k++) {
            const cJSON *part = get(root, parts[k]);
            if (!str(part, "asm") || !cJSON_IsNumber(get(part, "default")) ||
                (def[k] = (unsigned)cJSON_GetNumberValue(get(part, "default"))) >= counts[k])
                return fail(s, part, "buf_formats.%s needs \"asm\" and a \"default\" value",
                            parts[k]);
            cJSON_ArrayForEach(x, get(part, "names"))
            {
                double v = cJSON_GetNumberValue(get(x, "value"));
                if (!in_gens(get(x, "gens"), gen))
                    continue;
                if (!(v >= 0 && v < counts[k]) || !str(x, "name") ||
                    strlen(str(x, "name")) > GCN_NAME_MAX || nm[k][(unsigned)v])
                    return fail(s, x,
                                "a %s name: a value 0-%u named once a generation, in %d "
                                "characters at most",
                                parts[k], counts[k] - 1, GCN_NAME_MAX);
                nm[k][(unsigned)v] = str(x, "name");
            }
            for (i = 0; i < counts[k]; i++)
                if (!nm[k][i])
                    return fail(s, part, "buf_formats.%s names no value %u on %s", parts[k], i,
                                gen);
        }
        for (k = 0; k < 2; k++) {
            gcn_buf_printf(b, "%s.%s_name = {", k ? " " : "    {", parts[k]);
            for (i = 0; i < counts[k]; i++) {
                c_string(b, nm[k][i]);
                gcn_buf_puts(b, ", ");
            }
            gcn_buf_printf(b, "},\n     .%s_len = {", parts[k]);
            for (i = 0; i < counts[k]; i++)
                gcn_buf_printf(b, "%zu, ", strlen(nm[k][i]));
            gcn_buf_puts(b, "},\n    ");
        }
        gcn_buf_printf(b, " .dfmt_default = %u, .nfmt_default = %u, .part_asm = {", def[0], def[1]);
        for (k = 0; k < 2; k++) {
            c_string(b, str(get(root, parts[k]), "asm"));
            gcn_buf_puts(b, ", ");
        }
        gcn_buf_puts(b, "}},\n");
    }
    if (!root)
        gcn_buf_puts(b, "    {{0}},\n");
    gcn_buf_puts(b, "};\n\n");
    return 1;
}

/* The longest data and number format names of any generation (the text's bound). */
static void buf_names_max(spec_t *s)
{
    static const char *const parts[2] = {"dfmt", "nfmt"};
    const cJSON *x;
    unsigned k;
    for (k = 0; k < 2; k++)
        cJSON_ArrayForEach(x, get(get(get(s->doc.root, "buf_formats"), parts[k]), "names"))
        {
            size_t n = str(x, "name") ? strlen(str(x, "name")) : 0;
            if (n > s->buf_name_max[k])
                s->buf_name_max[k] = (unsigned)n;
        }
}

/* gcn_simm16_rows: the symbolic 16-bit immediates of each generation (gcn.json's simm16, from
 * spec/curated/simm16.json). Checked here: every part lies in 16 bits. */
static int emit_simm16(spec_t *s, gcn_buf *b)
{
    const cJSON *root = get(s->doc.root, "simm16"), *x, *y;
    unsigned g;
    gcn_buf_printf(b, "static const gcn_simm16_row gcn_simm16_rows[%u] = {\n", s->ngens);
    for (g = 0; g < s->ngens; g++) {
        const char *gen = s->gens[g].id;
        const char *msg_name[16] = {0}, *hw[64] = {0}, *opn[GCN_MSG_OP_SETS][8] = {{0}};
        unsigned msg_ops[16] = {0}, msg_streams[16] = {0}, k = 0, i, lo, bits;
        const char *setnames[GCN_MSG_OP_SETS] = {0};
        unsigned nsets = 1;
        gcn_buf_puts(b, "    {.wait_name = {");
        cJSON_ArrayForEach(x, get(get(root, "waitcnt"), "counters"))
        {
            if (k == GCN_WAIT_COUNTERS)
                return fail(s, x, "more than %d waitcnt counters", GCN_WAIT_COUNTERS);
            c_string(b, str(x, "name"));
            gcn_buf_puts(b, ", ");
            k++;
        }
        gcn_buf_puts(b, "}, .wait_nparts = {");
        cJSON_ArrayForEach(x, get(get(root, "waitcnt"), "counters"))
            gcn_buf_printf(b, "%d, ", cJSON_GetArraySize(get(get(x, "parts"), gen)));
        gcn_buf_puts(b, "}, .wait_lo = {");
        cJSON_ArrayForEach(x, get(get(root, "waitcnt"), "counters"))
        {
            gcn_buf_puts(b, "{");
            cJSON_ArrayForEach(y, get(get(x, "parts"), gen))
            {
                lo_bits(y, &lo, &bits);
                if (lo + bits > 16 || !bits)
                    return fail(s, y, "a waitcnt part outside SIMM16");
                gcn_buf_printf(b, "%u, ", lo);
            }
            gcn_buf_puts(b, "}, ");
        }
        gcn_buf_puts(b, "}, .wait_bits = {");
        cJSON_ArrayForEach(x, get(get(root, "waitcnt"), "counters"))
        {
            gcn_buf_puts(b, "{");
            cJSON_ArrayForEach(y, get(get(x, "parts"), gen))
            {
                lo_bits(y, &lo, &bits);
                gcn_buf_printf(b, "%u, ", bits);
            }
            gcn_buf_puts(b, "}, ");
        }
        gcn_buf_puts(b, "},\n     .hwreg_lo = {");
        for (i = 0; i < 3; i++) {
            static const char *const f[3] = {"id", "offset", "size"};
            lo_bits(get(get(get(root, "hwreg"), "fields"), f[i]), &lo, &bits);
            gcn_buf_printf(b, "%u, ", lo);
        }
        gcn_buf_puts(b, "}, .hwreg_bits = {");
        for (i = 0; i < 3; i++) {
            static const char *const f[3] = {"id", "offset", "size"};
            lo_bits(get(get(get(root, "hwreg"), "fields"), f[i]), &lo, &bits);
            gcn_buf_printf(b, "%u, ", bits);
        }
        cJSON_ArrayForEach(x, get(get(root, "hwreg"), "registers"))
        {
            unsigned id = (unsigned)cJSON_GetNumberValue(get(x, "id"));
            if (id >= 64 || !str(x, "name"))
                return fail(s, x, "a hardware register id is 0-63, with a name");
            if (in_gens(get(x, "gens"), gen))
                hw[id] = str(x, "name");
        }
        gcn_buf_puts(b, "},\n     .hwreg_name = {");
        for (i = 0; i < 64; i++) {
            c_string(b, hw[i]);
            gcn_buf_puts(b, ", ");
        }
        gcn_buf_puts(b, "},\n     .msg_lo = {");
        for (i = 0; i < 3; i++) {
            static const char *const f[3] = {"id", "op", "stream"};
            lo_bits(get(get(get(root, "sendmsg"), "fields"), f[i]), &lo, &bits);
            gcn_buf_printf(b, "%u, ", lo);
        }
        gcn_buf_puts(b, "}, .msg_bits = {");
        for (i = 0; i < 3; i++) {
            static const char *const f[3] = {"id", "op", "stream"};
            lo_bits(get(get(get(root, "sendmsg"), "fields"), f[i]), &lo, &bits);
            gcn_buf_printf(b, "%u, ", bits);
        }
        cJSON_ArrayForEach(x, get(get(root, "sendmsg"), "op_sets"))
        {
            if (nsets == GCN_MSG_OP_SETS)
                return fail(s, x, "more than %d operation sets", GCN_MSG_OP_SETS - 1);
            setnames[nsets] = x->string;
            cJSON_ArrayForEach(y, x)
            {
                unsigned op = (unsigned)cJSON_GetNumberValue(get(y, "op"));
                if (op >= 8)
                    return fail(s, y, "a message operation is 0-7");
                if (in_gens(get(y, "gens"), gen))
                    opn[nsets][op] = str(y, "name");
            }
            nsets++;
        }
        cJSON_ArrayForEach(x, get(get(root, "sendmsg"), "messages"))
        {
            unsigned id = (unsigned)cJSON_GetNumberValue(get(x, "id")), set = 0;
            if (id >= 16 || !str(x, "name"))
                return fail(s, x, "a message id is 0-15, with a name");
            for (i = 1; i < nsets && str(x, "ops"); i++)
                if (strcmp(setnames[i], str(x, "ops")) == 0)
                    set = i;
            if (str(x, "ops") && !set)
                return fail(s, x, "message %s: no operation set %s", str(x, "name"), str(x, "ops"));
            if (!in_gens(get(x, "gens"), gen))
                continue;
            msg_name[id] = str(x, "name");
            msg_ops[id] = set;
            cJSON_ArrayForEach(y, get(get(root, "sendmsg"), "streams"))
            {
                if (set && cJSON_IsString(y) && strcmp(y->valuestring, setnames[set]) == 0)
                    msg_streams[id] = 1;
            }
        }
        gcn_buf_puts(b, "},\n     .msg_name = {");
        for (i = 0; i < 16; i++) {
            c_string(b, msg_name[i]);
            gcn_buf_puts(b, ", ");
        }
        gcn_buf_puts(b, "}, .msg_ops = {");
        for (i = 0; i < 16; i++)
            gcn_buf_printf(b, "%u, ", msg_ops[i]);
        gcn_buf_puts(b, "}, .msg_streams = {");
        for (i = 0; i < 16; i++)
            gcn_buf_printf(b, "%u, ", msg_streams[i]);
        gcn_buf_puts(b, "},\n     .op_name = {");
        for (k = 0; k < GCN_MSG_OP_SETS; k++) {
            gcn_buf_puts(b, "{");
            for (i = 0; i < 8; i++) {
                c_string(b, opn[k][i]);
                gcn_buf_puts(b, ", ");
            }
            gcn_buf_puts(b, "}, ");
        }
        gcn_buf_puts(b, "}},\n");
    }
    gcn_buf_puts(b, "};\n\n");
    return 1;
}

static void c_string(gcn_buf *b, const char *s)
{
    if (!s) {
        gcn_buf_puts(b, "NULL");
        return;
    }
    gcn_buf_putc(b, '"');
    for (; *s; s++) {
        /* '?' escaped: "??'" in a document's text would be a trigraph */
        if (*s == '"' || *s == '\\' || *s == '?')
            gcn_buf_putc(b, '\\');
        gcn_buf_putc(b, *s);
    }
    gcn_buf_putc(b, '"');
}

/* A string the printer copies in blocks: kept in gcn_string_pool with GCN_POOL_PAD bytes after
 * it, so a copy may read past its end. Emits the pointer expression. */
static void pool_string(spec_t *s, gcn_buf *b, const char *str)
{
    unsigned i, off;
    char **strs;
    unsigned *offs;
    if (!str) {
        gcn_buf_puts(b, "NULL");
        return;
    }
    if (strlen(str) > GCN_NAME_MAX) {
        /* the printer's buffer is sized for names up to GCN_NAME_MAX */
        fprintf(stderr, "gcngen: '%s' is longer than %d characters\n", str, GCN_NAME_MAX);
        s->pool.oom = 1;
    }
    for (i = 0; i < s->npool; i++)
        if (strcmp(s->pool_strs[i], str) == 0) {
            gcn_buf_printf(b, "(gcn_string_pool + %u)", s->pool_offs[i]);
            return;
        }
    off = (unsigned)s->pool.len;
    gcn_buf_puts(&s->pool, str);
    for (i = 0; i < GCN_POOL_PAD; i++)
        gcn_buf_putc(&s->pool, 0);
    strs = realloc(s->pool_strs, (s->npool + 1) * sizeof(*strs));
    offs = strs ? realloc(s->pool_offs, (s->npool + 1) * sizeof(*offs)) : NULL;
    if (strs)
        s->pool_strs = strs;
    if (offs)
        s->pool_offs = offs;
    if (strs && offs) {
        size_t n = strlen(str) + 1;
        s->pool_strs[s->npool] = malloc(n);
        if (s->pool_strs[s->npool])
            memcpy(s->pool_strs[s->npool], str, n);
    }
    if (!strs || !offs || !s->pool_strs[s->npool]) {
        s->pool.oom = 1;
        gcn_buf_puts(b, "NULL");
        return;
    }
    s->pool_offs[s->npool++] = off;
    gcn_buf_printf(b, "(gcn_string_pool + %u)", off);
}

static void emit_pool(spec_t *s, gcn_buf *b)
{
    size_t i;
    /* the tail: zeros the printer's block copies may read past the last string */
    gcn_buf_printf(b, "static const char gcn_string_pool[%zu] = {", s->pool.len + GCN_POOL_TAIL);
    for (i = 0; i < s->pool.len; i++)
        gcn_buf_printf(b, "%s%s%u", i ? "," : "", i % 24 ? " " : "\n    ",
                       (unsigned char)s->pool.data[i]);
    gcn_buf_puts(b, s->pool.len ? "\n};\n\n" : "0};\n\n"); /* never an empty initializer */
}

static void lower(char *d, const char *s, size_t size)
{
    size_t i;
    for (i = 0; s[i] && i + 1 < size; i++)
        d[i] = (char)tolower((unsigned char)s[i]);
    d[i] = 0;
}

static void emit_gens(spec_t *s, gcn_buf *b)
{
    unsigned g;
    gcn_buf_printf(b, "static const gcn_gen_row gcn_gen_rows[%u] = {\n", s->ngens);
    for (g = 0; g < s->ngens; g++) {
        const cJSON *n = s->gens[g].node, *a;
        unsigned k = 0;
        gcn_buf_puts(b, "    {");
        c_string(b, str(n, "id"));
        gcn_buf_puts(b, ", ");
        c_string(b, str(n, "name"));
        gcn_buf_puts(b, ", ");
        c_string(b, str(n, "llvm"));
        gcn_buf_puts(b, ", ");
        c_string(b, str(n, "mcpu"));
        gcn_buf_puts(b, ", {");
        cJSON_ArrayForEach(a, get(n, "aliases"))
        {
            if (cJSON_IsString(a) && k < 7) {
                c_string(b, a->valuestring);
                gcn_buf_puts(b, ", ");
                k++;
            }
        }
        gcn_buf_puts(b, "NULL}},\n");
    }
    gcn_buf_puts(b, "};\n\n");
}

static void emit_encodings(spec_t *s, gcn_buf *b)
{
    unsigned e, i;
    gcn_buf_printf(b, "static const gcn_encoding_row gcn_encoding_rows[%u] = {\n", s->nencs);
    for (e = 0; e < s->nencs; e++) {
        gcn_buf_puts(b, "    {");
        c_string(b, s->encs[e].name);
        gcn_buf_printf(b, ", %u, {", s->encs[e].nslots);
        for (i = 0; i < s->encs[e].nslots; i++) {
            c_string(b, s->encs[e].slot[i]);
            gcn_buf_puts(b, ", ");
        }
        gcn_buf_puts(b, "}, ");
        c_string(b, s->encs[e].segment_of ? s->encs[e].segment_of : s->encs[e].name);
        gcn_buf_puts(b, "},\n");
    }
    gcn_buf_puts(b, "};\n\n");
}

static int opcode_of(const cJSON *in, const char *gen, long *op)
{
    const cJSON *oc;
    cJSON_ArrayForEach(oc, get(in, "opcodes"))
    {
        if (strcmp(str(oc, "gen"), gen) == 0) {
            *op = (long)cJSON_GetNumberValue(get(oc, "opcode"));
            return 1;
        }
    }
    return 0;
}

/* The field named name on layout l: its lo and width; 0 when the layout lacks it. */
static int field_of(const cJSON *l, const char *name, unsigned *lo, unsigned *w)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, get(l, "fields"))
    {
        if (strcmp(str(f, "name"), name) == 0) {
            *lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
            *w = (unsigned)cJSON_GetNumberValue(get(f, "hi")) - *lo + 1;
            return 1;
        }
    }
    return 0;
}

static void emit_layouts(spec_t *s, gcn_buf *b)
{
    unsigned g, e;
    /* the opcode maps */
    for (g = 0; g < s->ngens; g++)
        for (e = 0; e < s->nencs; e++) {
            const cJSON *l = layout_for(s, encoding_node(s, s->encs[e].name), s->gens[g].id), *in;
            unsigned lo = 0, width = 0, count, i, idx = 0;
            uint16_t *map;
            if (!l)
                continue;
            field_of(l, "OPCODE", &lo, &width);
            count = 1u << width;
            map = malloc(count * sizeof(*map));
            for (i = 0; i < count; i++)
                map[i] = GCN_NO_INSN;
            cJSON_ArrayForEach(in, s->insns)
            {
                long op;
                if (strcmp(str(in, "encoding"), s->encs[e].name) == 0 &&
                    opcode_of(in, s->gens[g].id, &op))
                    map[op] = (uint16_t)idx;
                idx++;
            }
            /* another page's form of the encoding that waits: a valid word, not modelled */
            cJSON_ArrayForEach(in, get(encoding_node(s, s->encs[e].name), "pending_opcodes"))
            {
                const cJSON *op;
                if (strcmp(str(in, "gen"), s->gens[g].id) != 0)
                    continue;
                cJSON_ArrayForEach(op, get(in, "opcodes"))
                {
                    double v = cJSON_GetNumberValue(op);
                    if (v >= 0 && v < count && map[(unsigned)v] == GCN_NO_INSN)
                        map[(unsigned)v] = GCN_PENDING_INSN;
                }
            }
            gcn_buf_printf(b, "static const uint16_t gcn_opcode_map_%u_%u[%u] = {", g, e, count);
            for (i = 0; i < count; i++)
                gcn_buf_printf(b, "%s%s%u", i ? "," : "", i % 16 ? " " : "\n    ", map[i]);
            gcn_buf_puts(b, "\n};\n");
            free(map);
        }
    gcn_buf_printf(b, "\nstatic const gcn_layout_row gcn_layout_rows[%u] = {\n",
                   s->ngens * s->nencs);
    for (g = 0; g < s->ngens; g++)
        for (e = 0; e < s->nencs; e++) {
            const cJSON *l = layout_for(s, encoding_node(s, s->encs[e].name), s->gens[g].id), *f;
            uint64_t mask, value;
            unsigned i, opslot = GCN_NO_SLOT, width = 0;
            gcn_buf_printf(b, "    /* %s %s */ ", s->gens[g].id, s->encs[e].name);
            if (!l) {
                gcn_buf_puts(b, "{0},\n");
                continue;
            }
            match_bits(l, &mask, &value);
            gcn_buf_printf(b, "{1, %u, 0x%llxull, 0x%llxull, {",
                           (unsigned)cJSON_GetNumberValue(get(l, "bits")) / 8,
                           (unsigned long long)mask, (unsigned long long)value);
            for (i = 0; i < s->encs[e].nslots; i++) {
                unsigned lo = 0, w = 0;
                cJSON_ArrayForEach(f, get(l, "fields"))
                {
                    if (strcmp(str(f, "name"), s->encs[e].slot[i]) == 0) {
                        lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
                        w = (unsigned)cJSON_GetNumberValue(get(f, "hi")) - lo + 1;
                        if (strcmp(s->encs[e].slot[i], "OPCODE") == 0) {
                            opslot = i;
                            width = w;
                        }
                    }
                }
                gcn_buf_printf(b, "{%u, %u}, ", lo, w);
            }
            gcn_buf_printf(b, "}, %u, gcn_opcode_map_%u_%u, %u},\n", opslot, g, e, 1u << width);
        }
    gcn_buf_puts(b, "};\n\n");
}

/* The key map of encoding e on generation g (gcn_dispatch_row.key_plans): the key is the
 * opcode field and, where an instruction of the encoding has SMEM variants there, the bits up to
 * its IMM and SOE bits, so that one lookup names the variant's plan; each entry a copy of its
 * plan (fast_text). Sets the key's lo and width. */
static void emit_key_map(spec_t *s, unsigned g, unsigned e, const cJSON *l, unsigned *key_lo,
                         unsigned *key_w, gcn_buf *b)
{
    unsigned op_lo = 0, op_w = 0, lo, hi, k, count, idx = 0, c;
    int keyed;
    const cJSON *in;
    uint32_t *map;
    unsigned char nested[32];
    field_of(l, "OPCODE", &op_lo, &op_w);
    lo = op_lo;
    hi = op_lo + op_w - 1;
    cJSON_ArrayForEach(in, s->insns)
    {
        const struct fvar *fv = &s->fvars[g * s->ninsns + idx++];
        long op;
        if (strcmp(str(in, "encoding"), s->encs[e].name) != 0 ||
            !opcode_of(in, s->gens[g].id, &op) || !fv->mask)
            continue;
        if (fv->mask & 1)
            lo = fv->imm_lo < lo ? fv->imm_lo : lo, hi = fv->imm_lo > hi ? fv->imm_lo : hi;
        if (fv->mask & 2)
            lo = fv->soe_lo < lo ? fv->soe_lo : lo, hi = fv->soe_lo > hi ? fv->soe_lo : hi;
    }
    if (hi - lo + 1 > GCN_KEY_MAX_BITS) {
        /* too wide a table: the key is the opcode, and the variants are chosen after it (the
         * plan's variant bits send them to gcn_codec_decode_flagged) */
        lo = op_lo;
        hi = op_lo + op_w - 1;
    }
    keyed = lo != op_lo || hi != op_lo + op_w - 1;
    *key_lo = lo;
    *key_w = hi - lo + 1;
    count = 1u << *key_w;
    map = malloc(count * sizeof(*map));
    if (!map) {
        b->oom = 1;
        return;
    }
    for (k = 0; k < count; k++)
        map[k] = UINT32_MAX; /* no plan */
    for (c = 0; c < s->nencs; c++)
        nested[c] = (unsigned char)source_nested(s, g, e, c, NULL);
    idx = 0;
    cJSON_ArrayForEach(in, s->insns)
    {
        unsigned insn = idx++;
        const struct fvar *fv = &s->fvars[g * s->ninsns + insn];
        long op;
        int unread = 0;
        if (strcmp(str(in, "encoding"), s->encs[e].name) != 0 || !opcode_of(in, s->gens[g].id, &op))
            continue;
        /* an instruction that reads not the field an encoding nested in this one fixes (V_NOP's
         * SRC0): no plan, so that the plan path scans its words (source_nested) */
        for (c = 0; c < s->nencs && !unread; c++)
            unread = nested[c] && source_nested(s, g, e, c, in);
        if (unread)
            continue;
        for (k = 0; k < count; k++) {
            uint64_t word = (uint64_t)k << lo;
            unsigned plan = g * s->ninsns + insn;
            if (((word >> op_lo) & ((1ull << op_w) - 1)) != (uint64_t)op)
                continue;
            if (fv->mask && keyed)
                plan = s->ngens * s->ninsns + fv->at +
                       gcn_fast_variant_index(word, fv->imm_lo, fv->soe_lo, fv->mask);
            map[k] = plan;
        }
    }
    /* the plans themselves, copied (a plan a key map names is a line of its own): the entries
     * of no instruction are zero, flags 0 */
    gcn_buf_printf(b, "static const gcn_fast_plan gcn_key_plans_%u_%u[%u] = {\n", g, e, count);
    for (k = 0; k < count; k++) {
        if (map[k] == UINT32_MAX)
            continue;
        if (!s->fast_text[map[k]]) {
            b->oom = 1; /* keep_fast_row ran out of memory */
            break;
        }
        gcn_buf_printf(b, "    [%u] = %s", k, s->fast_text[map[k]]);
    }
    gcn_buf_puts(b, "};\n");
    free(map);
}

/* [gen * 512 + top 9 bits of the first word]: the encoding whose fixed bits there allow it,
 * with its first word's fixed bits, its size, its opcode field and map, and its key map. */
static void emit_dispatch(spec_t *s, gcn_buf *b)
{
    unsigned g, v, e, key_lo[GCN_MAX_GENS][32], key_w[GCN_MAX_GENS][32];
    if (!s->fvars)
        return; /* emit_plans ran out of memory (b->oom says so) */
    for (g = 0; g < s->ngens; g++)
        for (e = 0; e < s->nencs; e++) {
            const cJSON *l = layout_for(s, encoding_node(s, s->encs[e].name), s->gens[g].id);
            if (l)
                emit_key_map(s, g, e, l, &key_lo[g][e], &key_w[g][e], b);
        }
    gcn_buf_puts(b, "\n/* the key plan of a dispatch row that is no single encoding's */\n"
                    "static const gcn_fast_plan gcn_no_plan[1];\n");
    gcn_buf_printf(b, "static const gcn_dispatch_row gcn_dispatch_rows[%u] = {\n", s->ngens * 512);
    for (g = 0; g < s->ngens; g++)
        for (v = 0; v < 512; v++) {
            unsigned found = GCN_ENC_NONE, ncand = 0, plain = GCN_ENC_NONE;
            uint64_t found_mask = 0, plain_mask = 0;
            int low_bits = 0, nested = 0;
            for (e = 0; e < s->nencs; e++) {
                const cJSON *l = layout_for(s, encoding_node(s, s->encs[e].name), s->gens[g].id);
                uint64_t mask, value;
                if (!l)
                    continue;
                match_bits(l, &mask, &value);
                if ((((uint64_t)v << 23) ^ value) & mask & 0xff800000ull)
                    continue;
                ncand++;
                /* fixed bits below the top 9: the scan checks them (the fast path takes a row
                 * of one encoding as its match) */
                low_bits |= (mask & 0x007fffffull) != 0;
                /* nested encodings (check_encodings_disjoint): the one fixing more bits */
                if (found == GCN_ENC_NONE || (mask & found_mask) == found_mask) {
                    found = e;
                    found_mask = mask;
                }
                if (!(mask & 0x007fffffull) &&
                    (plain == GCN_ENC_NONE || (mask & plain_mask) == plain_mask)) {
                    plain = e;
                    plain_mask = mask;
                }
            }
            /* where every encoding that fixes bits below the top 9 nests in the row's most
             * specific other one by a source's code (SDWA/DPP in VOP1/VOP2/VOPC), the row
             * stays that one's: the nested words fail its fast checks, and the plan path
             * scans the row (nested) */
            if (low_bits && plain != GCN_ENC_NONE) {
                nested = 1;
                for (e = 0; e < s->nencs && nested; e++) {
                    const cJSON *l =
                        layout_for(s, encoding_node(s, s->encs[e].name), s->gens[g].id);
                    uint64_t mask, value;
                    if (!l)
                        continue;
                    match_bits(l, &mask, &value);
                    if ((((uint64_t)v << 23) ^ value) & mask & 0xff800000ull ||
                        !(mask & 0x007fffffull))
                        continue;
                    nested = source_nested(s, g, plain, e, NULL);
                }
            }
            if (nested)
                found = plain;
            else if (low_bits && ncand > 0)
                found = GCN_ENC_SCAN;
            if (found >= s->nencs) {
                gcn_buf_printf(b, "    {.enc = %u, .key_plans = gcn_no_plan},\n", found);
                continue;
            }
            {
                const cJSON *l =
                    layout_for(s, encoding_node(s, s->encs[found].name), s->gens[g].id);
                uint64_t mask, value;
                unsigned lo = 0, w = 0;
                match_bits(l, &mask, &value);
                field_of(l, "OPCODE", &lo, &w);
                gcn_buf_printf(b,
                               "    {gcn_opcode_map_%u_%u, gcn_key_plans_%u_%u, 0x%xu, 0x%xu, "
                               "0x%xu, 0x%xu, %u, %u, %u, %u, %u},\n",
                               g, found, g, found, (unsigned)(mask & 0xffffffffu),
                               (unsigned)(value & mask & 0xffffffffu), (1u << w) - 1u,
                               (1u << key_w[g][found]) - 1u, found,
                               (unsigned)cJSON_GetNumberValue(get(l, "bits")) / 8, lo,
                               key_lo[g][found], nested);
            }
        }
    gcn_buf_puts(b, "};\n\n");
}

static unsigned gens_mask(spec_t *s, const cJSON *gens)
{
    const cJSON *g;
    unsigned m = 0;
    if (!gens)
        return 0xff;
    cJSON_ArrayForEach(g, gens)
    {
        int i = gen_index(s, g->valuestring);
        if (i >= 0)
            m |= 1u << i;
    }
    return m;
}

/* The slots an instruction uses, each with the generations that use it: operand fields and
 * their auxiliary fields (all generations), modifier fields (the modifier's). */
static unsigned fetch_slots(spec_t *s, const enc_t *e, const cJSON *in, unsigned *slot,
                            unsigned *gens)
{
    unsigned n = 0;
    const cJSON *op, *m;
    const char *const aux_keys[14] = {"imm_field",   "soe_field",   "soffset_field", "chan_field",
                                      "offen_field", "idxen_field", "addr64_field",  "plus",
                                      "saddr",       "abs_field",   "neg_field",     "dmask_field",
                                      "tfe_field",   "d16_field"};
#define FETCH(sl, gm)                                                                              \
    do {                                                                                           \
        int sl_ = (sl);                                                                            \
        unsigned k_;                                                                               \
        if (sl_ < 0)                                                                               \
            break;                                                                                 \
        for (k_ = 0; k_ < n && slot[k_] != (unsigned)sl_; k_++)                                    \
            ;                                                                                      \
        if (k_ == n) {                                                                             \
            slot[n] = (unsigned)sl_;                                                               \
            gens[n++] = 0;                                                                         \
        }                                                                                          \
        gens[k_] |= (gm);                                                                          \
    } while (0)
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        unsigned k;
        FETCH(slot_index(e, op_field(op)), 0xffu);
        for (k = 0; k < 14; k++)
            if (str(op, aux_keys[k]))
                FETCH(slot_index(e, str(op, aux_keys[k])), 0xffu);
    }
    cJSON_ArrayForEach(m, get(in, "modifiers"))
    {
        FETCH(slot_index(e, str(m, "field")), gens_mask(s, get(m, "gens")));
        if (str(m, "nfmt_field"))
            FETCH(slot_index(e, str(m, "nfmt_field")), gens_mask(s, get(m, "gens")));
        if (str(m, "field_hi"))
            FETCH(slot_index(e, str(m, "field_hi")), gens_mask(s, get(m, "gens")));
    }
#undef FETCH
    return n;
}

static void emit_fetch(spec_t *s, const enc_t *e, const cJSON *in, gcn_buf *b)
{
    unsigned slot[GCN_MAX_SLOTS], gens[GCN_MAX_SLOTS], n = fetch_slots(s, e, in, slot, gens), i;
    gcn_buf_printf(b, "}, %u, {", n);
    for (i = 0; i < n; i++)
        gcn_buf_printf(b, "%u, ", slot[i]);
    gcn_buf_puts(b, "}, {");
    for (i = 0; i < n; i++)
        gcn_buf_printf(b, "0x%x, ", gens[i]);
}

/* One operand check of a plan (gcn_check_op). */
typedef struct check_t {
    gcn_check_kind kind;
    int slot;
    unsigned arg;
} check_t;

static const char *const check_enums[] = {
    "GCN_CK_VGPR",        "GCN_CK_REG",         "GCN_CK_SBASE",  "GCN_CK_SSRC",
    "GCN_CK_SMEM_OFFSET", "GCN_CK_SMRD_OFFSET", "GCN_CK_ONE",    "GCN_CK_LITERAL",
    "GCN_CK_VSRC",        "GCN_CK_VSRC_VGPR",   "GCN_CK_VSRC16", "GCN_CK_LITERAL16",
    "GCN_CK_BITS",        "GCN_CK_SRSRC",       "GCN_CK_VREGS",  "GCN_CK_VSRC_NO_LITERAL",
    "GCN_CK_SADDR"};

/* The operand checks of an instruction: what each operand kind requires of its field. A
 * one-register VGPR in an 8-bit field needs none. Returns how many. */
/* A 16-bit source's format (a half, "f16", or an integer, "i16"): its literal keeps 16 bits. */
static int is_src16_format(const char *format)
{
    return format && (strcmp(format, "f16") == 0 || strcmp(format, "i16") == 0);
}

static unsigned plan_checks(spec_t *s, unsigned gen, const enc_t *e, const cJSON *in, check_t *ck)
{
    const cJSON *op, *m;
    unsigned n = 0, idx = 0;
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        const char *kind = str(op, "kind");
        unsigned regs = (unsigned)cJSON_GetNumberValue(get(op, "regs"));
        int k, found = 1;
        check_t c = {GCN_CK_VGPR, slot_index(e, op_field(op)), 0};
        /* the width on this generation (a packed D16 VDATA on GCN 1.4) */
        if (get(op, "regs_gens") && (gens_mask(s, get(get(op, "regs_gens"), "gens")) >> gen) & 1)
            regs = (unsigned)cJSON_GetNumberValue(get(get(op, "regs_gens"), "regs"));
        k = regs_log2(regs);
        if (strcmp(kind, "vaddr-buf") == 0 || strcmp(kind, "vaddr-saddr") == 0 ||
            strcmp(kind, "vdata-mimg") == 0 || (strcmp(kind, "vgpr") == 0 && str(op, "plus"))) {
            /* a width the flags decide: the plan row counts it (gcn_operand_regs) */
            c.kind = GCN_CK_VREGS;
            c.arg = idx;
        } else if (strcmp(kind, "vgpr") == 0 && regs > 1)
            c.arg = 256 - regs;
        else if ((strcmp(kind, "imm") == 0 || strcmp(kind, "attr") == 0) && get(op, "max"))
            c.arg = (unsigned)cJSON_GetNumberValue(get(op, "max")); /* field <= max */
        else if (strcmp(kind, "saddr") == 0) {
            /* an SGPR (tuple), or the field's 'off' code */
            c.kind = GCN_CK_SADDR;
            c.arg = idx;
        } else if (strcmp(kind, "sdst") == 0 || strcmp(kind, "sgpr") == 0) {
            c.kind = GCN_CK_REG;
            c.arg = (unsigned)k + 5; /* GCN_REG_OK(k, dst) */
        } else if (strcmp(kind, "sbase") == 0) {
            c.kind = GCN_CK_SBASE;
            c.arg = (unsigned)k;
        } else if (strcmp(kind, "srsrc") == 0) {
            c.kind = GCN_CK_SRSRC;
            c.arg = (unsigned)k;
        } else if (strcmp(kind, "ssrc") == 0) {
            c.kind = GCN_CK_SSRC;
            c.arg = GCN_OK_SSRC_BIT((unsigned)k);
            /* a source that lists the generations with a literal takes none elsewhere (the
             * lane of V_READLANE_B32: an SGPR, M0 or an inline constant) */
            if (get(op, "literal_gens") && !((gens_mask(s, get(op, "literal_gens")) >> gen) & 1))
                c.arg |= GCN_CK_NO_LITERAL;
        } else if (strcmp(kind, "vsrc") == 0) {
            c.kind = is_src16_format(str(op, "format")) ? GCN_CK_VSRC16 : GCN_CK_VSRC;
            /* a source that lists the generations with a literal takes none elsewhere (VOP3's:
             * no dword follows its two on GCN 1.0-1.4) */
            if (get(op, "literal_gens") && !((gens_mask(s, get(op, "literal_gens")) >> gen) & 1))
                c.kind = GCN_CK_VSRC_NO_LITERAL;
            c.arg = GCN_OK_SSRC_BIT((unsigned)k) | (unsigned)k << 7;
        } else if (strcmp(kind, "vsrc-vgpr") == 0) {
            c.kind = GCN_CK_VSRC_VGPR;
            c.arg = 256 - regs;
        } else if (strcmp(kind, "smem-offset") == 0) {
            c.kind = GCN_CK_SMEM_OFFSET;
            c.arg = idx;
        } else if (strcmp(kind, "smrd-offset") == 0) {
            c.kind = GCN_CK_SMRD_OFFSET;
            c.arg = idx;
        } else if (strcmp(kind, "literal32") == 0) {
            c.kind = is_src16_format(str(op, "format")) ? GCN_CK_LITERAL16 : GCN_CK_LITERAL;
        } else
            found = 0;
        if (found && n < GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS)
            ck[n++] = c;
        idx++;
    }
    /* a required modifier (GWS and ordered-count gds): its field must be set; a modifier's
     * largest value ("max", 2^k - 1): its field holds k bits at most */
    cJSON_ArrayForEach(m, get(in, "modifiers"))
    {
        if (get(m, "max") && (gens_mask(s, get(m, "gens")) >> gen) & 1 &&
            n < GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS) {
            unsigned max = (unsigned)cJSON_GetNumberValue(get(m, "max")), k = 0;
            check_t c = {GCN_CK_BITS, slot_index(e, str(m, "field")), 0};
            while (k < 32 && (1ull << k) - 1 < max)
                k++;
            c.arg = k;
            ck[n++] = c;
        }
        if (cJSON_IsTrue(get(m, "required")) && (gens_mask(s, get(m, "gens")) >> gen) & 1 &&
            n < GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS) {
            check_t c = {GCN_CK_ONE, slot_index(e, str(m, "field")), 0};
            ck[n++] = c;
        }
    }
    return n;
}

/* A field the plan fetches: lo, mask, slot. */
typedef struct fetch_t {
    unsigned lo, mask, slot;
} fetch_t;

/* A check of the fast path (gcn_fast_plan): the field in slot, reg_ok[v << sh] has bit, v - min
 * <= range; lit: it takes GCN_OK_LITERAL. vsrc: a 9-bit VALU source instead (GCN_CK_VSRC,
 * GCN_CK_VSRC16 or GCN_CK_VSRC_VGPR, arg as check_t's), whose row has 512 values, two rows in a
 * row. */
typedef struct fcheck_t {
    unsigned slot, sh, bit, min, range, lit, lit_always, vsrc, arg;
} fcheck_t;

/* check_t as the fast path makes it; 0 when it cannot (SMEM/SMRD offsets). */
static int fast_check(const check_t *c, fcheck_t *f)
{
    fcheck_t x = {(unsigned)c->slot, 0, GCN_OK_ANY_BIT, 0, 255, 0, 0, 0, 0};
    switch (c->kind) {
    case GCN_CK_VGPR:
        x.range = c->arg;
        break;
    case GCN_CK_REG:
        x.bit = c->arg;
        break;
    case GCN_CK_SBASE:
        x.sh = 1;
        x.bit = c->arg;
        x.range = 127;
        break;
    case GCN_CK_SSRC:
        if (c->arg & GCN_CK_NO_LITERAL)
            return 0; /* the literal's code is no value here: the check rows cannot say so */
        x.bit = c->arg;
        x.lit = GCN_OK_LITERAL;
        break;
    case GCN_CK_ONE:
        x.min = 1;
        x.range = 0;
        break;
    case GCN_CK_LITERAL:
        x.lit_always = 1;
        break;
    case GCN_CK_VSRC:
    case GCN_CK_VSRC16: /* its literal is cut to the low half: the row's bit 2 says so */
    case GCN_CK_VSRC_VGPR:
    case GCN_CK_VSRC_NO_LITERAL:
        x.vsrc = c->kind;
        x.arg = c->arg;
        break;
    default:
        return 0;
    }
    *f = x;
    return 1;
}

/* Row value v of a 9-bit VALU source check (x->vsrc), as check_plan (codec/decode.c) decides
 * it: bit 0 when v is no valid value, bit 1 when it takes the literal, bit 2 as well when that
 * literal is a 16-bit source's (GCN_CK_VSRC16: the decoder keeps its low half). */
static uint8_t vsrc_row_value(const spec_t *s, unsigned g, const fcheck_t *x, unsigned v)
{
    unsigned bits = v < 256 ? s->oks[g * 256 + v] : 0;
    int valid;
    if (x->vsrc == GCN_CK_VSRC_VGPR)
        valid = v >= 256 && v - 256u <= x->arg;
    else if (v >= 256)
        valid = v - 256u <= 256u - (1u << (x->arg >> 7));
    else
        valid = (((bits >> (x->arg & 0x7fu)) & 1) || (!(x->arg >> 7) && (bits & GCN_OK_VSRC))) &&
                !(x->vsrc == GCN_CK_VSRC_NO_LITERAL && (bits & GCN_OK_LITERAL));
    if (x->vsrc == GCN_CK_VSRC_VGPR || x->vsrc == GCN_CK_VSRC_NO_LITERAL ||
        !(bits & GCN_OK_LITERAL))
        return (uint8_t)(valid ? 0 : 1);
    return (uint8_t)((valid ? 0 : 1) | 2 | (x->vsrc == GCN_CK_VSRC16 ? 4 : 0));
}

/* The check row of x on generation g (gcn_check_rows): for each value v of the field, bit 0
 * unless reg_ok[v << sh] has the bit and v - min <= range (v is no valid value), bit 1 when it
 * has lit. Rows are shared; 0 when the table is full (check_rows_full then fails the run). */
static unsigned check_row(spec_t *s, unsigned g, const fcheck_t *x)
{
    uint8_t r[512];
    unsigned v, k, nrows = x->vsrc ? 2 : 1; /* a 9-bit source: rows k and k + 1 */
    for (v = 0; v < 256 * nrows; v++) {
        unsigned idx = v << x->sh, bits = idx < 256 ? s->oks[g * 256 + idx] : 0;
        int valid = idx < 256 && ((bits >> x->bit) & 1) && v - x->min <= x->range;
        r[v] = x->vsrc ? vsrc_row_value(s, g, x, v)
                       : (uint8_t)((valid ? 0 : 1) | ((bits & x->lit) || x->lit_always ? 2 : 0));
    }
    for (k = 0; k + nrows <= s->ncheck_rows; k++)
        if (memcmp(s->check_rows[k], r, 256 * nrows) == 0)
            return k;
    if (s->ncheck_rows + nrows > GCN_MAX_CHECK_ROWS) {
        s->check_rows_full = 1;
        return 0;
    }
    memcpy(s->check_rows[s->ncheck_rows], r, 256 * nrows);
    s->ncheck_rows += nrows;
    return s->ncheck_rows - nrows;
}

/* A C array initializer of n unsigned values: "{a, b, ...}" */
static void emit_array(gcn_buf *b, const char *name, const unsigned *v, unsigned n)
{
    unsigned i;
    gcn_buf_printf(b, ".%s = {", name);
    for (i = 0; i < n; i++)
        gcn_buf_printf(b, "%s%u", i ? ", " : "", v[i]);
    gcn_buf_puts(b, "}, ");
}

/* One gcn_fast_plan row of generation g: the fields by slot, the fetch order padded with the
 * last one, the checks padded with repeats of the first (with none, a slot the plan does not
 * fetch, whose field is 0, and row 0, all zeros: every value passes); the checks name their
 * rows by offset (row * 256); variants/imm_lo/soe_lo as gcn_fast_plan says, var_mask its flags'
 * variant bits (a row with them has no GCN_FAST_SLOW of its own: its variants say); slow's bit
 * 0 makes the plan GCN_FAST_SLOW, its bit 1 (a plan without checks) GCN_FAST_CANON, its bit 2
 * GCN_FAST_UNMODELLED (refused, the plan row's unmodelled and zero bits, tested first: kept as
 * two bytes of the word, and a plan whose bits lie in more is slow). A field's
 * mask is the low bits of its width (the plan keeps the width); another would fail the run. */
static void emit_fast_row(spec_t *s, unsigned g, uint64_t head, unsigned bytes, const fetch_t *f,
                          unsigned n, const fcheck_t *ck, unsigned nck, int slow, unsigned variants,
                          unsigned imm_lo, unsigned soe_lo, unsigned var_mask, uint64_t refused,
                          gcn_buf *b)
{
    unsigned i, order = 0, nref = 0, ref_at[2] = {0, 0}, ref_bits[2] = {0, 0};
    unsigned ck_slot[GCN_FAST_CHECKS], ck_at[GCN_FAST_CHECKS], zero_slot;
    unsigned slot_lo[GCN_FAST_PLAN_SLOTS] = {0}, slot_w[GCN_FAST_PLAN_SLOTS] = {0};
    int far = 0; /* a field past the plan's slots: nfetch 16, the encoder takes the plan row */
    /* the flags a fast plan adds (slow's bits 1, 2 and 3); bit 0 alone makes it slow */
    unsigned extra = (slow & 2 ? GCN_FAST_CANON : 0u) | (slow & 4 ? GCN_FAST_UNMODELLED : 0u) |
                     (slow & 8 ? GCN_FAST_CBUS : 0u);
    slow &= 1;
    slow |= nck > GCN_FAST_CHECKS;
    /* the refused bits (GCN_FAST_UNMODELLED) as two bytes of the word (gcn_fast_refused) */
    for (i = 0; i < 8; i++)
        if ((refused >> (8 * i)) & 0xffu) {
            if (nref < 2) {
                ref_at[nref] = i;
                ref_bits[nref] = (unsigned)(refused >> (8 * i)) & 0xffu;
            }
            nref++;
        }
    slow |= nref > 2;
    /* the literal, read as the word's upper half: after a 32-bit word only */
    for (i = 0; i < nck; i++)
        slow |= ck[i].lit && bytes != 4;
    /* the fetches by slot; the vector path reads each field from one 32-bit half of the word,
     * so a field across bit 32 makes the plan slow */
    for (i = 0; i < n; i++) {
        unsigned w = 0;
        while (w < 32 && (f[i].mask >> w))
            w++;
        if (f[i].mask != gcn_width_mask(w))
            s->fast_mask_bad = 1;
        slow |= f[i].lo < 32 && f[i].lo + w > 32;
        slow |= f[i].slot >= GCN_FAST_SLOTS; /* past the vector path's */
        if (f[i].slot >= GCN_FAST_PLAN_SLOTS) {
            far = 1;
            continue;
        }
        slot_lo[f[i].slot] = f[i].lo;
        slot_w[f[i].slot] = w;
    }
    for (i = 0; i < GCN_FAST_FETCH && !far; i++)
        order |= (n ? f[i < n ? i : n - 1].slot : 0u) << (4 * i);
    for (zero_slot = 0; zero_slot < GCN_FAST_SLOTS && slot_w[zero_slot]; zero_slot++)
        ;
    slow |= !nck && zero_slot == GCN_FAST_SLOTS; /* nothing for the unused checks to read */
    for (i = 0; i < GCN_FAST_CHECKS; i++) {
        unsigned k = n;
        fcheck_t x = {0, 0, GCN_OK_ANY_BIT, 0, 255, 0, 0, 0, 0};
        if (i < nck && !slow) {
            x = ck[i];
            for (k = 0; k < n && f[k].slot != x.slot; k++)
                ;
            /* a field it does not fetch, or one wider than its check row (a reg_ok index, or a
             * 9-bit VALU source's two rows) */
            if (k == n || f[k].mask > (x.vsrc ? 0x1ffu : 0xffu))
                slow = 1;
        }
        if (k < n && i < nck && !slow) {
            ck_slot[i] = x.slot;
            ck_at[i] = check_row(s, g, &x) * 256u;
        } else if (i > 0 && nck) {
            ck_slot[i] = ck_slot[0];
            ck_at[i] = ck_at[0];
        } else {
            ck_slot[i] = zero_slot < GCN_FAST_SLOTS ? zero_slot : 0;
            ck_at[i] = 0;
        }
    }
    gcn_buf_printf(b, "    {.head = 0x%llxull, ", (unsigned long long)head);
    emit_array(b, "slot_lo", slot_lo, GCN_FAST_PLAN_SLOTS);
    emit_array(b, "slot_w", slot_w, GCN_FAST_PLAN_SLOTS);
    gcn_buf_puts(b, "\n     ");
    if (var_mask) {
        /* a variant selector: its variants in place of checks (gcn_fast_plan) */
        gcn_buf_printf(b, ".variants = %u, .imm_lo = %u, .soe_lo = %u, ", variants, imm_lo, soe_lo);
    } else {
        emit_array(b, "ck_at", ck_at, GCN_FAST_CHECKS);
        emit_array(b, "ck_slot", ck_slot, GCN_FAST_CHECKS);
        if (nref) {
            emit_array(b, "refused_at", ref_at, 2);
            emit_array(b, "refused_bits", ref_bits, 2);
        }
    }
    gcn_buf_printf(b, "\n     .order = 0x%x, .nfetch = %u, .ncheck = %u, .flags = 0x%x},\n", order,
                   n == 0   ? 0u
                   : far    ? 16u
                   : n <= 2 ? 2u
                   : n <= 4 ? 4u
                   : n <= 8 ? 8u
                            : 16u, /* more than the plan holds: the encoder takes the plan row */
                   nck == 0   ? 0u
                   : nck <= 2 ? 2u
                              : 4u,
                   var_mask ? var_mask
                   : slow   ? GCN_FAST_SLOW
                            : GCN_FAST_OK | extra);
}

/* The initializer emit_fast_row wrote into b from `at` on, kept as row `row` of
 * gcn_fast_plans for the key maps (without its indent). */
static void keep_fast_row(spec_t *s, unsigned row, const gcn_buf *b, size_t at)
{
    size_t n;
    if (b->oom || !s->fast_text || !b->data)
        return;
    while (at < b->len && b->data[at] == ' ')
        at++;
    n = b->len - at;
    s->fast_text[row] = malloc(n + 1);
    if (!s->fast_text[row])
        return; /* the key map then fails the run (emit_key_map) */
    memcpy(s->fast_text[row], b->data + at, n);
    s->fast_text[row][n] = 0;
}

/* The head of a plan (gcn_fast_plan.head): instruction insn of encoding enc on generation g,
 * bytes long. */
static uint64_t fast_head(unsigned insn, unsigned g, unsigned enc, unsigned bytes)
{
    return (uint64_t)insn | (uint64_t)g << 16 | (uint64_t)enc << 24 | (uint64_t)bytes << 32;
}

/* The field lo of slot on this layout, its mask; 0 when the layout lacks it. */
static int layout_slot(const enc_t *e, const cJSON *l, unsigned slot, unsigned *lo, unsigned *mask)
{
    unsigned w = 0;
    if (slot == GCN_NO_SLOT || !field_of(l, e->slot[slot], lo, &w))
        return 0;
    *mask = (unsigned)((1ull << w) - 1);
    return w > 0;
}

/* The four variants of an instruction with an SMEM offset operand (codec/decode.c: normalize
 * and smem_offset_ok), by IMM | SOE << 1:
 *   IMM=0, SOE=0  OFFSET's register bits are an SGPR; SOFFSET is not read (0)
 *   IMM=1, SOE=0  OFFSET is the immediate; SOFFSET 0
 *   IMM=0, SOE=1  SGPR[SOFFSET] alone: OFFSET takes SOFFSET's value, SOE and SOFFSET 0
 *   IMM=1, SOE=1  SOFFSET is an SGPR
 * where an SGPR is a register of one (the register-only code when there is one). A variant the
 * fast path cannot make is slow; all four are when the layout has no IMM field. */
static void emit_smem_variants(spec_t *s, unsigned g, uint64_t head, unsigned row, unsigned bytes,
                               const enc_t *e, const cJSON *l, const cJSON *op, int has_imm,
                               const fetch_t *f, unsigned n, const check_t *ck, unsigned nck,
                               gcn_buf *b)
{
    unsigned v, off, soe, soff, only, reg_mask = 0, soff_lo = 0, soff_mask = 0;
    int has_soff;
    off = (unsigned)slot_index(e, op_field(op));
    soe = str(op, "soe_field") ? (unsigned)slot_index(e, str(op, "soe_field")) : GCN_NO_SLOT;
    soff =
        str(op, "soffset_field") ? (unsigned)slot_index(e, str(op, "soffset_field")) : GCN_NO_SLOT;
    has_soff = layout_slot(e, l, soff, &soff_lo, &soff_mask);
    only = only_code(s, op, g);
    if (get(op, "register_bits"))
        reg_mask = (1u << (unsigned)cJSON_GetNumberValue(get(op, "register_bits"))) - 1u;
    for (v = 0; v < 4; v++) {
        int imm = v & 1, soe_set = v >> 1, slow = !has_imm;
        fetch_t vf[GCN_MAX_FETCH];
        fcheck_t vc[GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS];
        fcheck_t reg = {off,
                        0,
                        5 /* GCN_REG_OK(0, dst) */,
                        only == 0xffu ? 0 : only,
                        only == 0xffu ? 255 : 0,
                        0,
                        0,
                        0,
                        0};
        unsigned k, nc = 0;
        for (k = 0; k < nck; k++)
            if (ck[k].kind != GCN_CK_SMEM_OFFSET && !fast_check(&ck[k], &vc[nc++]))
                slow = 1;
        memcpy(vf, f, n * sizeof(*f));
        for (k = 0; k < n; k++) {
            if (vf[k].slot == soff && !(imm && soe_set))
                vf[k].mask = 0;
            if (vf[k].slot == soe && !imm)
                vf[k].mask = 0;
            if (vf[k].slot == off && !imm && !soe_set) {
                /* the register bits; without them, a field wider than a reg_ok index */
                if (!reg_mask || reg_mask > 0xff)
                    slow = 1;
                vf[k].mask &= reg_mask;
            }
            if (vf[k].slot == off && !imm && soe_set) {
                slow |= !has_soff;
                vf[k].lo = soff_lo;
                vf[k].mask = soff_mask;
            }
        }
        if (imm && soe_set) {
            reg.slot = soff;
            slow |= !has_soff;
        }
        if (!imm && soe_set && reg_mask && reg.min + reg.range > reg_mask) {
            if (reg.min > reg_mask)
                slow = 1; /* never valid: the plan rows say so */
            else
                reg.range = reg_mask - reg.min;
        }
        if ((!imm || soe_set) && nc < GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS)
            vc[nc++] = reg;
        {
            size_t at = b->len;
            emit_fast_row(s, g, head, bytes, vf, n, vc, nc, slow, 0, 0, 0, 0, 0, b);
            keep_fast_row(s, row + v, b, at);
        }
    }
}

/* The bits a word of layout l must have clear for the codec to decode the instruction whose
 * plan fetches fetch[0..n): those of the fields gcn.json's encoding lists as unmodelled_fields
 * (VOP3's ABS, NEG, OP_SEL) and of the fields of a form (VOP3B's SDST) the plan does not fetch,
 * less the bits the plan fetches (VOP3B's SDST covers VOP3A's ABS). */
static uint64_t unmodelled_bits(const spec_t *s, const enc_t *e, const cJSON *in, const cJSON *l,
                                const fetch_t *fetch, unsigned n)
{
    const cJSON *un = get(get(encoding_node(s, e->name), "unmodelled_fields"), "fields"), *f, *u;
    uint64_t bits = 0;
    unsigned i;
    cJSON_ArrayForEach(f, get(l, "fields"))
    {
        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
        unsigned hi = (unsigned)cJSON_GetNumberValue(get(f, "hi"));
        uint64_t m = (hi - lo + 1 >= 64 ? ~0ull : (1ull << (hi - lo + 1)) - 1) << lo;
        int fetched = 0, listed = 0;
        for (i = 0; i < n; i++)
            if (fetch[i].lo == lo && (uint64_t)fetch[i].mask << lo == m)
                fetched = 1;
        cJSON_ArrayForEach(u, un)
        {
            if (cJSON_IsString(u) && strcmp(u->valuestring, str(f, "name")) == 0)
                listed = 1;
        }
        if (listed || (str(f, "form") && !fetched))
            bits |= m;
    }
    for (i = 0; i < n; i++)
        bits &= ~((uint64_t)fetch[i].mask << fetch[i].lo);
    /* a source modifier field (ABS, NEG) is fetched whole: its bits of sources that take no
     * modifier, or of no source, stay unmodelled */
    cJSON_ArrayForEach(f, get(l, "fields"))
    {
        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
        unsigned hi = (unsigned)cJSON_GetNumberValue(get(f, "hi"));
        uint64_t m = (hi - lo + 1 >= 64 ? ~0ull : (1ull << (hi - lo + 1)) - 1) << lo, used = 0;
        int named = 0;
        const cJSON *op;
        cJSON_ArrayForEach(op, get(in, "operands"))
        {
            const char *af = str(op, "abs_field"), *nf = str(op, "neg_field");
            if ((af && strcmp(af, str(f, "name")) == 0) ||
                (nf && strcmp(nf, str(f, "name")) == 0)) {
                named = 1;
                used |= 1ull << ((unsigned)cJSON_GetNumberValue(get(op, "mod_bit")) + lo);
            }
        }
        if (named)
            bits |= m & ~used;
    }
    return bits;
}

/* An op-sel modifier's values: one per source (an operand with a mod_bit, the source's bit in
 * the field), then the destination's; a src-bits modifier's: one per source; 0 for any other
 * modifier. */
static unsigned op_sel_values(const cJSON *in, const cJSON *m)
{
    const cJSON *op;
    unsigned n;
    if (!str(m, "format"))
        return 0;
    /* src-bits (VOP3P): one value per source alone */
    if (strcmp(str(m, "format"), "src-bits") == 0)
        n = 0;
    else if (strcmp(str(m, "format"), "op-sel") == 0)
        n = 1;
    else
        return 0;
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        if (get(op, "mod_bit"))
            n++;
    }
    return n;
}

/* The bit of layout l that holds value k of src-bits modifier m (its field's bits from the
 * lowest, then field_hi's), or -1. */
static int src_bit_at(const cJSON *l, const cJSON *m, unsigned k)
{
    const char *names[2] = {str(m, "field"), str(m, "field_hi")};
    unsigned i;
    for (i = 0; i < 2 && names[i]; i++) {
        const cJSON *f;
        cJSON_ArrayForEach(f, get(l, "fields"))
        {
            unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
            unsigned hi = (unsigned)cJSON_GetNumberValue(get(f, "hi"));
            if (strcmp(str(f, "name"), names[i]) != 0)
                continue;
            if (k <= hi - lo)
                return (int)(lo + k);
            k -= hi - lo + 1;
        }
    }
    return -1;
}

/* The bits of in's src-bits modifiers past its sources (SRC2's on an instruction of two): with
 * ones 0, those that must be clear (llvm-mc: 'invalid instruction encoding'); with ones 1, those
 * of a modifier whose bits are 1 by default, which must be set (op_sel_hi: llvm-mc sets it and
 * ignores it when clear, K100). */
static uint64_t src_bits_past(const cJSON *in, const cJSON *l, int ones)
{
    const cJSON *m;
    uint64_t bits = 0;
    cJSON_ArrayForEach(m, get(in, "modifiers"))
    {
        unsigned v = op_sel_values(in, m), k;
        int at;
        if (!v || strcmp(str(m, "format"), "src-bits") != 0 ||
            cJSON_IsTrue(get(m, "default_ones")) != ones)
            continue;
        for (k = v; (at = src_bit_at(l, m, k)) >= 0; k++)
            bits |= 1ull << at;
    }
    return bits;
}

/* The bits a word of layout l must have clear for instruction in, whose plan fetches
 * fetch[0..n): those of the modifier fields gcn.json's zero_fields names (VOP3's CLAMP and
 * OMOD where the page gives them no effect), less the bits the plan fetches;
 * and op_sel's bits that no operand of in owns. */
static uint64_t zero_bits(const cJSON *in, const cJSON *l, const fetch_t *fetch, unsigned n)
{
    const cJSON *f, *z;
    uint64_t bits = 0;
    unsigned i;
    cJSON_ArrayForEach(f, get(l, "fields"))
    {
        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
        unsigned hi = (unsigned)cJSON_GetNumberValue(get(f, "hi"));
        cJSON_ArrayForEach(z, get(in, "zero_fields"))
        {
            if (cJSON_IsString(z) && strcmp(z->valuestring, str(f, "name")) == 0)
                bits |= (hi - lo + 1 >= 64 ? ~0ull : (1ull << (hi - lo + 1)) - 1) << lo;
        }
    }
    for (i = 0; i < n; i++)
        bits &= ~((uint64_t)fetch[i].mask << fetch[i].lo);
    /* op_sel's bits between the sources' and the destination's (SRC2's on an instruction of two
     * sources: llvm-mc refuses the word) must be clear */
    cJSON_ArrayForEach(f, get(l, "fields"))
    {
        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
        unsigned hi = (unsigned)cJSON_GetNumberValue(get(f, "hi"));
        cJSON_ArrayForEach(z, get(in, "modifiers"))
        {
            unsigned v = op_sel_values(in, z), k;
            if (!v || strcmp(str(z, "field"), str(f, "name")) != 0)
                continue;
            if (strcmp(str(z, "format"), "op-sel") != 0)
                continue;
            for (k = v - 1; lo + k < hi; k++)
                bits |= 1ull << (lo + k);
        }
    }
    return bits | src_bits_past(in, l, 0);
}

/* a and b equal but for case (ASCII) */
static int same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* The code of the scalar register named `name` (gcn.json's scalar_operands: asm32 for one
 * register, asm64 for a pair, any case) on generation g, or -1. */
static int scalar_code_named(spec_t *s, unsigned g, const char *name, unsigned regs)
{
    const cJSON *f, *gg;
    cJSON_ArrayForEach(f, get(s->doc.root, "scalar_operands"))
    {
        const char *a = str(f, regs == 2 ? "asm64" : "asm32");
        const cJSON *codes = get(f, "codes");
        long lo = (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 0));
        int on = 0;
        cJSON_ArrayForEach(gg, get(f, "gens"))
        {
            if (cJSON_IsString(gg) && strcmp(gg->valuestring, s->gens[g].id) == 0)
                on = 1;
        }
        if (on && a && same_name(a, name))
            return (int)lo;
    }
    return -1;
}

/* The constant bus row of instruction `in` on generation g (gcn_cbus_row), from its
 * encoding's constant_bus: its sources (the operands it reads that may hold a scalar value:
 * vsrc, ssrc and a scalar pair read as a source, SSRC2), its implicit read, the literal of an
 * operand of its own (V_MADMK_F32's K). Written as an initializer; n stays 0 where no operands
 * can break the rule (fewer than two values and LDS_DIRECT only where it may be), so that the
 * plan keeps its fast path. Returns n. */
static unsigned cbus_row(spec_t *s, unsigned g, const enc_t *e, const cJSON *in, gcn_buf *b)
{
    const cJSON *cb = get(encoding_node(s, e->name), "constant_bus"), *op, *x;
    const char *lds_field, *imp_name = NULL;
    unsigned n = 0, idx = 0, values = 0, classes = 0, imp = 0xff, imp_regs = 0, lds = 0xff;
    unsigned char ops[GCN_CBUS_SOURCES];
    int lds_elsewhere = 0, lds_slot;
    if (!cb) {
        gcn_buf_puts(b, "{0}");
        return 0;
    }
    lds_field = str(get(cb, "lds_direct"), "field");
    lds_slot = slot_index(e, lds_field);
    if (get(get(cb, "lds_direct"), "code"))
        lds = (unsigned)cJSON_GetNumberValue(get(get(cb, "lds_direct"), "code"));
    cJSON_ArrayForEach(x, get(cb, "classes"))
    {
        int c = cJSON_IsString(x) ? lookup(sclass_names, GCN_SC_COUNT, x->valuestring) : -1;
        if (c >= 0)
            classes |= 1u << c;
    }
    cJSON_ArrayForEach(op, get(in, "operands"))
    {
        const char *kind = str(op, "kind");
        int src =
            !cJSON_IsTrue(get(op, "defines")) && str(op, "field") &&
            (strcmp(kind, "vsrc") == 0 || strcmp(kind, "ssrc") == 0 || strcmp(kind, "sdst") == 0);
        if (strcmp(kind, "literal32") == 0)
            values++; /* a constant of its own (K): the literal */
        if (src && n < GCN_CBUS_SOURCES) {
            ops[n++] = (unsigned char)idx;
            values++;
            if (strcmp(kind, "vsrc") == 0 && (!lds_field || strcmp(str(op, "field"), lds_field)))
                lds_elsewhere = 1;
        }
        idx++;
    }
    cJSON_ArrayForEach(x, get(cb, "implicit"))
    {
        if (strcmp(str(x, "instruction"), str(in, "name")) == 0) {
            unsigned regs = (unsigned)cJSON_GetNumberValue(get(x, "regs"));
            int c = scalar_code_named(s, g, str(x, "reads"), regs);
            if (c >= 0) {
                imp = (unsigned)c;
                imp_regs = regs;
                imp_name = str(x, "reads");
                values++;
            }
        }
    }
    if ((values < 2 && !lds_elsewhere) || !n) {
        gcn_buf_puts(b, "{0}");
        return 0;
    }
    gcn_buf_printf(b, "{%u, {", n);
    for (idx = 0; idx < GCN_CBUS_SOURCES; idx++)
        gcn_buf_printf(b, "%s%u", idx ? ", " : "", idx < n ? ops[idx] : 0);
    gcn_buf_printf(b, "}, %u, 0x%xu, %u, %u, %u, %u, ",
                   (unsigned)cJSON_GetNumberValue(get(cb, "limit")), classes, imp, imp_regs, lds,
                   lds_slot < 0 ? 0xffu : (unsigned)lds_slot);
    c_string(b, str(cb, "sgpr_at"));
    gcn_buf_puts(b, ", ");
    c_string(b, str(get(cb, "lds_direct"), "at"));
    gcn_buf_puts(b, ", ");
    if (imp_name)
        c_string(b, imp_name);
    else
        gcn_buf_puts(b, "NULL");
    gcn_buf_puts(b, "}");
    return n;
}

/* Per generation and instruction, the fields to extract with their bit positions there and the
 * operand checks (gcn_plan_rows), and the same as the decoder's fast path takes them
 * (gcn_fast_plans, gcn_fast_variants). */
static void emit_plans(spec_t *s, gcn_buf *b)
{
    unsigned g, nvariants = 0;
    const cJSON *in;
    gcn_buf fast, variants;
    gcn_buf_init(&fast);
    gcn_buf_init(&variants);
    gcn_buf_printf(b, "static const gcn_plan_row gcn_plan_rows[%u] = {\n", s->ngens * s->ninsns);
    s->fvars = calloc((size_t)s->ngens * s->ninsns, sizeof(*s->fvars));
    /* the plans and at most 4 variants each */
    s->fast_text = calloc((size_t)s->ngens * s->ninsns * 5, sizeof(*s->fast_text));
    if (!s->fvars || !s->fast_text) {
        free(s->fvars);
        s->fvars = NULL;
        b->oom = 1;
        return;
    }
    for (g = 0; g < s->ngens; g++) {
        unsigned idx = 0;
        cJSON_ArrayForEach(in, s->insns)
        {
            unsigned insn = idx++, row = g * s->ninsns + insn;
            struct fvar *fv = &s->fvars[row];
            int ei = enc_index(s, str(in, "encoding"));
            const enc_t *e = &s->encs[ei];
            const cJSON *l = layout_for(s, encoding_node(s, e->name), s->gens[g].id), *f, *op2;
            const cJSON *smem_op = NULL;
            unsigned bytes;
            unsigned slot[GCN_MAX_SLOTS], gens[GCN_MAX_SLOTS], n, i, k = 0, nck, nfc = 0;
            fetch_t fetch[GCN_MAX_FETCH];
            check_t ck[GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS];
            fcheck_t fc[GCN_MAX_OPERANDS + GCN_MAX_MODIFIERS];
            int smem = 0, slow = 0, cbus = 0;
            long op;
            uint64_t head, unmodelled, zero, ones;
            size_t at = fast.len;
            if (!l || !opcode_of(in, s->gens[g].id, &op)) {
                gcn_buf_puts(b, "    {{{0}}, 0, 0, 0, {{0}}, 0, 0, 0, {0}},\n");
                gcn_buf_puts(&fast, "    {.flags = GCN_FAST_SLOW},\n");
                continue;
            }
            bytes = (unsigned)cJSON_GetNumberValue(get(l, "bits")) / 8;
            head = fast_head(insn, g, (unsigned)ei, bytes);
            n = fetch_slots(s, e, in, slot, gens);
            gcn_buf_puts(b, "    {");
            for (i = 0; i < n; i++) {
                if (!((gens[i] >> g) & 1))
                    continue;
                cJSON_ArrayForEach(f, get(l, "fields"))
                {
                    if (strcmp(str(f, "name"), e->slot[slot[i]]) == 0 && k < GCN_MAX_FETCH) {
                        unsigned lo = (unsigned)cJSON_GetNumberValue(get(f, "lo"));
                        unsigned w = (unsigned)cJSON_GetNumberValue(get(f, "hi")) - lo + 1;
                        gcn_buf_printf(b, "%s{%u, %u, %u}", k ? ", " : "{", lo, w, slot[i]);
                        fetch[k].lo = lo;
                        fetch[k].mask = (unsigned)((1ull << w) - 1);
                        fetch[k++].slot = slot[i];
                    }
                }
            }
            cJSON_ArrayForEach(op2, get(in, "operands"))
            {
                if (strcmp(str(op2, "kind"), "smem-offset") == 0)
                    smem_op = op2;
            }
            smem = smem_op != NULL;
            /* a symbolic 16-bit immediate whose text leaves bits out (s_waitcnt's bits no
             * counter holds, a valid sendmsg's others): the decoder clears them, so that the
             * instruction it gives encodes as its text assembles; the fast path leaves that to
             * the plan row */
            cJSON_ArrayForEach(op2, get(in, "operands"))
            {
                const char *fm = str(op2, "format");
                if (fm && (strcmp(fm, "waitcnt") == 0 || strcmp(fm, "sendmsg") == 0))
                    smem |= GCN_PLAN_CANON_SIMM16;
                /* an operand written with a flag alone: the plan row clears its field */
                if (str(op2, "when"))
                    smem |= GCN_PLAN_WHEN;
                /* a buffer address 'off': the plan row clears its field */
                if (strcmp(str(op2, "kind"), "vaddr-buf") == 0 ||
                    strcmp(str(op2, "kind"), "vaddr-saddr") == 0)
                    smem |= GCN_PLAN_NOREGS;
            }
            gcn_buf_printf(b, "%s, %u, %d, ", k ? "}" : "{{0}}", k, smem);
            nck = plan_checks(s, g, e, in, ck);
            gcn_buf_printf(b, "%u, {", nck);
            for (i = 0; i < nck; i++)
                gcn_buf_printf(b, "%s{%s, %d, %u}", i ? ", " : "", check_enums[ck[i].kind],
                               ck[i].slot, ck[i].arg);
            gcn_buf_puts(b, nck ? "}" : "{0}}");
            unmodelled = unmodelled_bits(s, e, in, l, fetch, k);
            zero = zero_bits(in, l, fetch, k);
            ones = src_bits_past(in, l, 1);
            unmodelled |= ones;
            gcn_buf_printf(b, ", 0x%llxull, 0x%llxull, 0x%llxull, ", (unsigned long long)unmodelled,
                           (unsigned long long)zero, (unsigned long long)ones);
            /* the constant bus: a plan whose operands can break it counts them after the fast
             * path (GCN_FAST_CBUS, the plan row's cbus) */
            cbus = cbus_row(s, g, e, in, b) != 0;
            gcn_buf_puts(b, "},\n");

            if (smem_op) {
                /* the row says which variant: IMM and SOE where the layout has them */
                const cJSON *o2 = smem_op;
                unsigned imm_lo = 0, soe_lo = 0, m, var_mask = 0;
                if (str(o2, "imm_field") &&
                    layout_slot(e, l, (unsigned)slot_index(e, str(o2, "imm_field")), &imm_lo, &m))
                    var_mask |= 1;
                if (str(o2, "soe_field") &&
                    layout_slot(e, l, (unsigned)slot_index(e, str(o2, "soe_field")), &soe_lo, &m))
                    var_mask |= 2;
                emit_fast_row(s, g, head, bytes, fetch, k, fc, 0, 0, nvariants, imm_lo, soe_lo,
                              var_mask, 0, &fast);
                keep_fast_row(s, row, &fast, at);
                fv->at = nvariants;
                fv->mask = var_mask;
                fv->imm_lo = imm_lo;
                fv->soe_lo = soe_lo;
                emit_smem_variants(s, g, head, s->ngens * s->ninsns + nvariants, bytes, e, l, o2,
                                   var_mask & 1, fetch, k, ck, nck, &variants);
                nvariants += 4;
                continue;
            }
            for (i = 0; i < nck; i++)
                if (!fast_check(&ck[i], &fc[nfc++]))
                    slow = 1; /* SMRD offsets: their rules depend on IMM */
            if (smem & (GCN_PLAN_WHEN | GCN_PLAN_NOREGS) || k > GCN_FAST_FETCH)
                slow = 1;
            /* bits that must be set: the plan row tests them (gcn_plan_row.ones) */
            if (ones)
                slow = 1;
            /* a symbolic immediate made canonical after the fast path (GCN_FAST_CANON), where
             * no check reads it; with checks, the plan row (it canonicalizes first) */
            /* unmodelled bits: the flagged path tests them before the fast plan */
            emit_fast_row(s, g, head, bytes, fetch, k, fc, nfc,
                          slow | ((smem & GCN_PLAN_CANON_SIMM16) && nfc ? 1 : 0) |
                              ((smem & GCN_PLAN_CANON_SIMM16) && !slow && !nfc ? 2 : 0) |
                              (unmodelled | zero ? 4 : 0) | (cbus ? 8 : 0),
                          0, 0, 0, 0, unmodelled | zero, &fast);
            keep_fast_row(s, row, &fast, at);
        }
    }
    gcn_buf_puts(b, "};\n\n");
    /* one array: the plans ([gen * ninsns + insn]), then the variants
     * (gcn_tables.fast_variants) */
    gcn_buf_printf(b, "static const gcn_fast_plan gcn_fast_plans[%u] = {\n",
                   s->ngens * s->ninsns + nvariants);
    gcn_buf_append(b, fast.data, fast.len);
    gcn_buf_append(b, variants.data, variants.len);
    gcn_buf_puts(b, "};\n\n");
    /* the check rows the fast plans name, 256 values each */
    gcn_buf_printf(b, "static const uint8_t gcn_check_rows[%u] = {", s->ncheck_rows * 256);
    {
        unsigned k, v;
        for (k = 0; k < s->ncheck_rows; k++)
            for (v = 0; v < 256; v++)
                gcn_buf_printf(b, "%s%s%u", k || v ? "," : "", v % 32 ? " " : "\n    ",
                               s->check_rows[k][v]);
    }
    gcn_buf_puts(b, "\n};\n\n");
    b->oom |= fast.oom || variants.oom;
    gcn_buf_free(&fast);
    gcn_buf_free(&variants);
}

/* An instruction's mnemonic as LLVM prints it: the spec's name in lower case and its
 * asm_suffix (v_mov_b32_e32). */
static void insn_mnemonic(char *d, const cJSON *in, size_t size)
{
    size_t n;
    lower(d, str(in, "name"), size);
    n = strlen(d);
    if (str(in, "asm_suffix"))
        lower(d + n, str(in, "asm_suffix"), size - n);
}

static void emit_insns(spec_t *s, gcn_buf *b)
{
    const cJSON *in, *op, *m;
    gcn_buf_printf(b, "static const gcn_insn_row gcn_insn_rows[%u] = {\n", s->ninsns);
    cJSON_ArrayForEach(in, s->insns)
    {
        const char *enc = str(in, "encoding");
        const enc_t *e = &s->encs[enc_index(s, enc)];
        char mn[96];
        unsigned g, nops = 0, nmods = 0;
        size_t text_max;
        insn_mnemonic(mn, in, sizeof(mn));
        cJSON_ArrayForEach(op, get(in, "operands")) nops++;
        cJSON_ArrayForEach(m, get(in, "modifiers")) nmods++;
        text_max = strlen(mn) + (size_t)GCN_TEXT_OPERAND_MAX * nops;
        gcn_buf_puts(b, "    {");
        pool_string(s, b, mn);
        gcn_buf_puts(b, ", ");
        c_string(b, str(in, "name"));
        gcn_buf_printf(b, ", %d, %u, %u, {", enc_index(s, enc), nops, nmods);
        cJSON_ArrayForEach(op, get(in, "operands"))
        {
            const char *fmt = str(op, "format");
            /* aux[0]: an SMEM/SMRD offset's IMM, or an attribute's channel */
            const char *aux[3] = {str(op, "imm_field") ? str(op, "imm_field")
                                                       : str(op, "chan_field"),
                                  str(op, "soe_field"), str(op, "soffset_field")};
            /* a buffer address: its OFFEN, IDXEN and ADDR64 flags */
            if (str(op, "offen_field")) {
                aux[0] = str(op, "offen_field");
                aux[1] = str(op, "idxen_field");
                aux[2] = str(op, "addr64_field");
            }
            /* an image's data: its DMASK and TFE */
            if (str(op, "dmask_field")) {
                aux[0] = str(op, "dmask_field");
                aux[1] = str(op, "tfe_field");
                aux[2] = NULL;
            }
            unsigned k, auxv[3] = {GCN_NO_SLOT, GCN_NO_SLOT, GCN_NO_SLOT};
            /* a GLOBAL/SCRATCH address: SADDR's slot, its width with SADDR 'off', SADDR's
             * 'off' code (the instruction's saddr operand); its width with an SGPR base */
            unsigned regs = str(op, "saddr")
                                ? (unsigned)cJSON_GetNumberValue(get(op, "regs_with_saddr"))
                                : (unsigned)cJSON_GetNumberValue(get(op, "regs"));
            for (k = 0; k < 3; k++) {
                int sl = aux[k] ? slot_index(e, aux[k]) : -1;
                auxv[k] = sl < 0 ? GCN_NO_SLOT : (unsigned)sl;
            }
            if (str(op, "saddr")) {
                const cJSON *o2;
                auxv[0] = (unsigned)slot_index(e, str(op, "saddr"));
                auxv[1] = (unsigned)cJSON_GetNumberValue(get(op, "regs_off"));
                cJSON_ArrayForEach(o2, get(in, "operands"))
                {
                    if (str(o2, "field") && strcmp(str(o2, "field"), str(op, "saddr")) == 0)
                        auxv[2] = (unsigned)cJSON_GetNumberValue(get(o2, "off"));
                }
            } else if (get(op, "off"))
                auxv[0] = (unsigned)cJSON_GetNumberValue(get(op, "off"));
            gcn_buf_printf(b, "{%s, %u, %d, %s, {",
                           kind_enums[lookup(kind_names, GCN_KIND_COUNT, str(op, "kind"))], regs,
                           slot_index(e, op_field(op)),
                           format_enums[fmt ? lookup(format_names, GCN_FMT_COUNT, fmt) : 0]);
            for (k = 0; k < 3; k++)
                gcn_buf_printf(b, "%u, ", auxv[k]);
            gcn_buf_printf(b, "}, %d, 0x%x, 0x%x, ", cJSON_IsTrue(get(op, "defines")),
                           get(op, "signed_gens") ? gens_mask(s, get(op, "signed_gens")) : 0,
                           get(op, "literal_gens") ? gens_mask(s, get(op, "literal_gens"))
                           : strcmp(str(op, "kind"), "ssrc") == 0 ||
                                   strcmp(str(op, "kind"), "vsrc") == 0
                               ? 0xffu
                               : 0u);
            c_string(b, str(op, "name"));
            gcn_buf_printf(b, ", 0x%x, {",
                           get(op, "register_bits")
                               ? (1u << (unsigned)cJSON_GetNumberValue(get(op, "register_bits"))) -
                                     1u
                               : 0u);
            for (g = 0; g < GCN_MAX_GENS; g++)
                gcn_buf_printf(b, "0x%x, ", g < s->ngens ? only_code(s, op, g) : 0xffu);
            gcn_buf_puts(b, "}, ");
            pool_string(s, b, str(op, "omitted")); /* padded: the parser reads 8 at a time */
            gcn_buf_printf(b, ", %d, ", cJSON_IsTrue(get(op, "accepts_signed")));
            {
                int ws = str(op, "when") ? slot_index(e, str(op, "when")) : -1;
                int ps = str(op, "plus") ? slot_index(e, str(op, "plus")) : -1;
                int as = str(op, "abs_field") ? slot_index(e, str(op, "abs_field")) : -1;
                int ns = str(op, "neg_field") ? slot_index(e, str(op, "neg_field")) : -1;
                const cJSON *rg = get(op, "regs_gens");
                gcn_buf_printf(
                    b, "%u, 0x%x, %u, %u, %u, %u, %u", ws < 0 ? GCN_NO_SLOT : (unsigned)ws,
                    rg ? gens_mask(s, get(rg, "gens")) : 0u,
                    rg ? (unsigned)cJSON_GetNumberValue(get(rg, "regs")) : 0u,
                    ps < 0 ? GCN_NO_SLOT : (unsigned)ps, as < 0 ? GCN_NO_SLOT : (unsigned)as,
                    ns < 0 ? GCN_NO_SLOT : (unsigned)ns,
                    get(op, "mod_bit") ? (unsigned)cJSON_GetNumberValue(get(op, "mod_bit")) : 0u);
            }
            {
                int ds = str(op, "d16_field") ? slot_index(e, str(op, "d16_field")) : -1;
                /* the widest VADDR, the D16 flag and where it packs */
                gcn_buf_printf(
                    b, ", %u, %u, 0x%x}, ",
                    get(op, "regs_max") ? (unsigned)cJSON_GetNumberValue(get(op, "regs_max")) : 0u,
                    ds < 0 ? GCN_NO_SLOT : (unsigned)ds,
                    get(op, "d16_packed_gens") ? gens_mask(s, get(op, "d16_packed_gens")) : 0u);
            }
        }
        gcn_buf_puts(b, "}, {");
        cJSON_ArrayForEach(m, get(in, "modifiers"))
        {
            gcn_buf_printf(b, "{%d, %s, %d, %d, 0x%x, ", slot_index(e, str(m, "field")),
                           format_enums[lookup(format_names, GCN_FMT_COUNT, str(m, "format"))],
                           cJSON_IsTrue(get(m, "required")), cJSON_IsTrue(get(m, "omit_zero")),
                           gens_mask(s, get(m, "gens")));
            pool_string(s, b, str(m, "asm"));
            {
                int s2 = str(m, "nfmt_field") ? slot_index(e, str(m, "nfmt_field"))
                         : str(m, "field_hi") ? slot_index(e, str(m, "field_hi"))
                                              : -1;
                gcn_buf_printf(b, ", %zu, %u, %u, %d}, ", strlen(str(m, "asm")),
                               s2 < 0 ? GCN_NO_SLOT : (unsigned)s2, op_sel_values(in, m),
                               cJSON_IsTrue(get(m, "default_ones")));
            }
            /* a buffer format's value: '[', both names, ',' and ']' */
            text_max += 2 + strlen(str(m, "asm")) +
                        (str(m, "nfmt_field") ? 3 + s->buf_name_max[0] + s->buf_name_max[1]
                                              : GCN_TEXT_VALUE_MAX);
        }
        gcn_buf_puts(b, "}, {");
        for (g = 0; g < GCN_MAX_GENS; g++) {
            long opc;
            if (g < s->ngens && opcode_of(in, s->gens[g].id, &opc))
                gcn_buf_printf(b, "%ld, ", opc);
            else
                gcn_buf_puts(b, "GCN_NO_INSN, ");
        }
        emit_fetch(s, e, in, b);
        gcn_buf_printf(b, "}, %zu, %zu, %zu, 0x%x},\n", strlen(mn), text_max,
                       str(in, "asm_suffix") ? strlen(str(in, "asm_suffix")) : 0,
                       gens_mask(s, get(in, "asm_suffix_gens")));
    }
    gcn_buf_puts(b, "};\n\n");
}

/* "s{n}" with n = 5 -> "s5"; "s[{n}:{n+1}]" -> "s[4:5]"; "-{n}" -> "-3" */
static void render(const char *tmpl, long n, char *out, size_t size)
{
    size_t k = 0;
    const char *p = tmpl;
    while (*p && k + 1 < size) {
        if (strncmp(p, "{n+1}", 5) == 0) {
            k += (size_t)snprintf(out + k, size - k, "%ld", n + 1);
            p += 5;
        } else if (strncmp(p, "{n}", 3) == 0) {
            k += (size_t)snprintf(out + k, size - k, "%ld", n);
            p += 3;
        } else {
            out[k++] = *p++;
        }
    }
    out[k < size ? k : size - 1] = 0;
}

/* A power of two at least twice n: linear probes stay short. */
static unsigned hash_size(unsigned n)
{
    unsigned size = 16;
    while (size < 2 * n)
        size *= 2;
    return size;
}

typedef struct row {
    int sclass, src, dst, pair;
    int vsrc; /* a source of the 9-bit VALU operands alone (LDS_DIRECT) */
    long index;
    char name32[48], name64[48];
    long ivalue;
    uint64_t f32, f64;
    int has32, has64;
    /* other spellings the assembler takes (the spec's "aliases": scc for src_scc, ...) */
    const char *alias[GCN_MAX_ALIASES];
    unsigned naliases;
} row;

typedef struct scalar_name {
    const char *name;
    unsigned code, wide;
} scalar_name;

static int scalar_name_cmp(const void *a, const void *b)
{
    const scalar_name *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    if (x->wide != y->wide)
        return x->wide < y->wide ? -1 : 1;
    return x->code < y->code ? -1 : x->code > y->code;
}

/* The parser's lookups: spellings sorted by name, SGPR/TTMP numbers to codes, inline integer
 * values to codes, the inline float codes. */
static void emit_scalar_lookups(spec_t *s, gcn_buf *b, const row *rows)
{
    scalar_name *names = calloc(s->ngens * 256 * (2 + 2 * GCN_MAX_ALIASES), sizeof(*names));
    unsigned gi, code, n = 0, i;
    unsigned first[GCN_MAX_GENS + 1];
    gcn_buf_puts(b, "static const gcn_scalar_name_row gcn_scalar_names[] = {\n");
    for (gi = 0; gi < s->ngens; gi++) {
        unsigned start = n;
        first[gi] = n;
        for (code = 0; code < 256; code++) {
            const row *r = &rows[gi * 256 + code];
            if (r->has32)
                names[n++] = (scalar_name){r->name32, code, 0};
            if (r->has64)
                names[n++] = (scalar_name){r->name64, code, 1};
            for (i = 0; i < r->naliases; i++) {
                if (r->has32)
                    names[n++] = (scalar_name){r->alias[i], code, 0};
                if (r->has64)
                    names[n++] = (scalar_name){r->alias[i], code, 1};
            }
        }
        qsort(names + start, n - start, sizeof(*names), scalar_name_cmp);
        for (i = start; i < n; i++) {
            gcn_buf_puts(b, "    {");
            pool_string(s, b, names[i].name); /* padded: the parser compares 8 bytes at a time */
            gcn_buf_printf(b, ", %u, %u, %zu},\n", names[i].code, names[i].wide,
                           strlen(names[i].name));
        }
    }
    first[s->ngens] = n;
    gcn_buf_puts(b, "    {0, 0, 0, 0}\n};\n");
    {
        unsigned most = 0, size, k;
        unsigned *slots;
        for (gi = 0; gi < s->ngens; gi++)
            if (first[gi + 1] - first[gi] > most)
                most = first[gi + 1] - first[gi];
        size = hash_size(most);
        slots = malloc(size * s->ngens * sizeof(*slots));
        for (k = 0; k < size * s->ngens; k++)
            slots[k] = GCN_HASH_EMPTY;
        for (gi = 0; gi < s->ngens; gi++)
            for (i = first[gi]; i < first[gi + 1]; i++) {
                uint32_t h;
                if (i > first[gi] && strcmp(names[i].name, names[i - 1].name) == 0)
                    continue;
                h = gcn_name_hash(names[i].name, strlen(names[i].name)) & (size - 1);
                while (slots[gi * size + h] != GCN_HASH_EMPTY)
                    h = (h + 1) & (size - 1);
                slots[gi * size + h] = i;
            }
        s->name_hash_mask = size - 1;
        gcn_buf_printf(b, "static const uint16_t gcn_scalar_name_hash[%u] = {", size * s->ngens);
        for (k = 0; k < size * s->ngens; k++)
            gcn_buf_printf(b, "%s%s%u", k ? "," : "", k % 16 ? " " : "\n    ", slots[k]);
        gcn_buf_puts(b, "\n};\n\n");
        free(slots);
    }
    gcn_buf_printf(b, "static const uint16_t gcn_scalar_name_first[%u] = {", s->ngens + 1);
    for (gi = 0; gi <= s->ngens; gi++)
        gcn_buf_printf(b, "%s%u", gi ? ", " : "", first[gi]);
    gcn_buf_puts(b, "};\n\n");
    free(names);

    gcn_buf_printf(b, "static const uint8_t gcn_reg_code[%u] = {", s->ngens * 2 * 128);
    for (gi = 0; gi < s->ngens; gi++)
        for (i = 0; i < 2 * 128; i++) {
            unsigned cls = i < 128 ? GCN_SC_SGPR : GCN_SC_TTMP, found = 0xff;
            for (code = 0; code < 256; code++) {
                const row *r = &rows[gi * 256 + code];
                if ((unsigned)r->sclass == cls && r->index == (long)(i % 128))
                    found = code;
            }
            gcn_buf_printf(b, "%s%s%u", gi || i ? "," : "", i % 16 ? " " : "\n    ", found);
        }
    gcn_buf_puts(b, "\n};\n\n");

    gcn_buf_printf(b, "static const uint8_t gcn_inline_int_code[%u] = {", s->ngens * 256);
    for (gi = 0; gi < s->ngens; gi++)
        for (i = 0; i < 256; i++) {
            long v = (long)(int8_t)(uint8_t)i;
            unsigned found = 0xff;
            for (code = 0; code < 256; code++) {
                const row *r = &rows[gi * 256 + code];
                if (r->sclass == GCN_SC_INLINE_INT && r->src && r->ivalue == v)
                    found = code;
            }
            gcn_buf_printf(b, "%s%s%u", gi || i ? "," : "", i % 16 ? " " : "\n    ", found);
        }
    gcn_buf_puts(b, "\n};\n\n");

    gcn_buf_printf(b, "static const uint8_t gcn_inline_float_codes[%u] = {", s->ngens * 16);
    for (gi = 0; gi < s->ngens; gi++) {
        unsigned k = 0;
        for (code = 0; code < 256 && k < 15; code++) {
            const row *r = &rows[gi * 256 + code];
            if (r->sclass == GCN_SC_INLINE_FLOAT && r->src) {
                gcn_buf_printf(b, "%s%u", gi || k ? ", " : "", code);
                k++;
            }
        }
        for (; k < 16; k++)
            gcn_buf_printf(b, "%s0xff", gi || k ? ", " : "");
    }
    gcn_buf_puts(b, "};\n\n");

    gcn_buf_printf(b, "static const uint16_t gcn_literal_code[%u] = {", s->ngens);
    for (gi = 0; gi < s->ngens; gi++) {
        unsigned found = 0xffff;
        for (code = 0; code < 256 && found == 0xffff; code++)
            if (rows[gi * 256 + code].sclass == GCN_SC_LITERAL)
                found = code;
        gcn_buf_printf(b, "%s%u", gi ? ", " : "", found);
    }
    gcn_buf_puts(b, "};\n\n");
}

static void emit_scalars(spec_t *s, gcn_buf *b)
{
    row *rows = calloc(s->ngens * 256, sizeof(row));
    unsigned *oks = s->oks;
    const cJSON *f, *g;
    unsigned gi, code;
    cJSON_ArrayForEach(f, get(s->doc.root, "scalar_operands"))
    {
        const cJSON *codes = get(f, "codes"), *use, *val = get(f, "value");
        long lo = (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 0));
        long hi = (long)cJSON_GetNumberValue(cJSON_GetArrayItem(codes, 1));
        long first = get(f, "first_index") ? (long)cJSON_GetNumberValue(get(f, "first_index")) : 0;
        int sc = lookup(sclass_names, GCN_SC_COUNT, str(f, "class"));
        cJSON_ArrayForEach(g, get(f, "gens"))
        {
            int gx = gen_index(s, g->valuestring);
            long c2;
            if (gx < 0 || sc < 0)
                continue;
            for (c2 = lo; c2 <= hi && c2 < 256; c2++) {
                row *r = &rows[gx * 256 + c2];
                long n = c2 - lo + first;
                r->sclass = sc;
                r->index = n;
                cJSON_ArrayForEach(use, get(f, "use"))
                {
                    if (strcmp(use->valuestring, "src") == 0)
                        r->src = 1;
                    if (strcmp(use->valuestring, "dst") == 0)
                        r->dst = 1;
                    if (strcmp(use->valuestring, "vsrc") == 0)
                        r->vsrc = 1;
                }
                if (str(f, "asm32") && sc != GCN_SC_LITERAL) {
                    render(str(f, "asm32"), n, r->name32, sizeof(r->name32));
                    r->has32 = 1;
                }
                /* a 64-bit spelling names the pair starting here: even registers only */
                if (str(f, "asm64") && sc != GCN_SC_LITERAL &&
                    !((sc == GCN_SC_SGPR || sc == GCN_SC_TTMP) && (n & 1))) {
                    render(str(f, "asm64"), n, r->name64, sizeof(r->name64));
                    r->has64 = 1;
                    r->pair = 1;
                }
                {
                    const cJSON *a; /* check_scalar_aliases checked them */
                    cJSON_ArrayForEach(a, get(f, "aliases"))
                    {
                        if (cJSON_IsString(a) && r->naliases < GCN_MAX_ALIASES)
                            r->alias[r->naliases++] = a->valuestring;
                    }
                }
                if (sc == GCN_SC_INLINE_INT)
                    r->ivalue = strtol(r->name32, NULL, 10);
                if (sc == GCN_SC_INLINE_FLOAT && cJSON_IsObject(val)) {
                    gcn_parse_u64(str(val, "f32"), &r->f32);
                    gcn_parse_u64(str(val, "f64"), &r->f64);
                }
            }
        }
    }
    gcn_buf_printf(b, "static const gcn_scalar_row gcn_scalar_rows[%u] = {\n", s->ngens * 256);
    for (gi = 0; gi < s->ngens; gi++)
        for (code = 0; code < 256; code++) {
            const row *r = &rows[gi * 256 + code];
            unsigned ok = 0, k, dst;
            /* which register operands may start here: the rules of codec_scalar_reg_ok */
            for (dst = 0; dst < 2; dst++)
                for (k = 0; k < 5; k++) {
                    const row *base = &rows[gi * 256];
                    unsigned regs = 1u << k, i;
                    int valid = (dst ? r->dst : r->src) &&
                                (r->sclass == GCN_SC_SGPR || r->sclass == GCN_SC_SPECIAL ||
                                 r->sclass == GCN_SC_TTMP);
                    if (valid && regs == 1)
                        valid = r->has32;
                    else if (valid && regs == 2)
                        valid = r->pair;
                    else if (valid) {
                        /* wider tuples: SGPRs or TTMPs, 4-aligned, all of one class */
                        valid = (r->sclass == GCN_SC_SGPR || r->sclass == GCN_SC_TTMP) &&
                                !(r->index & 3) && code + regs - 1 <= 255;
                        for (i = 1; valid && i < regs; i++)
                            valid = base[code + i].sclass == r->sclass &&
                                    base[code + i].index == r->index + (long)i;
                    }
                    if (valid)
                        ok |= GCN_REG_OK(k, dst);
                }
            /* the rest of the operand checks' bits (codec/tables.h) */
            ok |= 1u << GCN_OK_ANY_BIT;
            for (k = 0; k < 2; k++) {
                int cond = r->sclass == GCN_SC_COND && (k ? r->has64 : r->has32);
                if (r->src && (r->sclass == GCN_SC_LITERAL || r->sclass == GCN_SC_INLINE_INT ||
                               r->sclass == GCN_SC_INLINE_FLOAT || cond || (ok & GCN_REG_OK(k, 0))))
                    ok |= 1u << GCN_OK_SSRC_BIT(k);
            }
            if (r->src && r->sclass == GCN_SC_LITERAL)
                ok |= GCN_OK_LITERAL;
            if (r->vsrc && r->has32)
                ok |= GCN_OK_VSRC;
            oks[gi * 256 + code] = ok;
            gcn_buf_printf(b, "    /* %s %3u */ {%s, %d, %d, %d, %ld, ", s->gens[gi].id, code,
                           sclass_enums[r->sclass], r->src, r->dst, r->pair, r->index);
            pool_string(s, b, r->has32 ? r->name32 : NULL);
            gcn_buf_puts(b, ", ");
            pool_string(s, b, r->has64 ? r->name64 : NULL);
            gcn_buf_printf(b, ", %ld, 0x%llxu, 0x%llxull, 0x%x, %zu, %zu},\n", r->ivalue,
                           (unsigned long long)r->f32, (unsigned long long)r->f64, ok,
                           r->has32 ? strlen(r->name32) : 0, r->has64 ? strlen(r->name64) : 0);
        }
    gcn_buf_puts(b, "};\n\n");
    /* the operand checks' compact copies: validity bits, and class | src << 4 | has32 << 5 |
     * has64 << 6 */
    gcn_buf_printf(b, "static const uint16_t gcn_reg_ok[%u] = {", s->ngens * 256);
    for (gi = 0; gi < s->ngens * 256; gi++)
        gcn_buf_printf(b, "%s%s0x%x", gi ? "," : "", gi % 16 ? " " : "\n    ", oks[gi]);
    gcn_buf_puts(b, "\n};\n\n");
    gcn_buf_printf(b, "static const uint8_t gcn_code_info[%u] = {", s->ngens * 256);
    for (gi = 0; gi < s->ngens * 256; gi++) {
        const row *r = &rows[gi];
        unsigned info = (unsigned)r->sclass | (unsigned)(r->src != 0) << 4 |
                        (unsigned)(r->has32 != 0) << 5 | (unsigned)(r->has64 != 0) << 6;
        gcn_buf_printf(b, "%s%s0x%x", gi ? "," : "", gi % 16 ? " " : "\n    ", info);
    }
    gcn_buf_puts(b, "\n};\n\n");
    emit_scalar_lookups(s, b, rows);
    free(rows);
}

typedef struct named {
    char mnemonic[96];
    unsigned insn;
    size_t suffix; /* the length of its asm_suffix */
} named;

static int named_cmp(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->mnemonic, y->mnemonic);
    return c ? c : (x->insn < y->insn ? -1 : x->insn > y->insn);
}

/* The instruction rows sorted by mnemonic: the parser binary-searches it. */
static void emit_mnemonic_index(spec_t *s, gcn_buf *b)
{
    named *v = calloc(s->ninsns, sizeof(*v));
    const cJSON *in;
    unsigned i = 0;
    cJSON_ArrayForEach(in, s->insns)
    {
        insn_mnemonic(v[i].mnemonic, in, sizeof(v[i].mnemonic));
        v[i].insn = i;
        v[i].suffix = str(in, "asm_suffix") ? strlen(str(in, "asm_suffix")) : 0;
        i++;
    }
    qsort(v, s->ninsns, sizeof(*v), named_cmp);
    gcn_buf_printf(b, "static const uint16_t gcn_by_mnemonic[%u] = {", s->ninsns);
    for (i = 0; i < s->ninsns; i++)
        gcn_buf_printf(b, "%s%s%u", i ? "," : "", i % 16 ? " " : "\n    ", v[i].insn);
    gcn_buf_puts(b, "\n};\n\n");
    {
        /* room for each mnemonic and, where it has an asm_suffix, its bare spelling, which
         * LLVM's assembler takes too (v_mov_b32 for v_mov_b32_e32) */
        unsigned size = hash_size(2 * s->ninsns), *slots = malloc(size * sizeof(*slots)), k;
        size_t *slot_len = calloc(size, sizeof(*slot_len));
        for (k = 0; k < size; k++)
            slots[k] = GCN_HASH_EMPTY;
        for (i = 0; i < s->ninsns; i++) {
            uint32_t h;
            size_t len = strlen(v[i].mnemonic), bare = len - v[i].suffix, j;
            if (i && strcmp(v[i].mnemonic, v[i - 1].mnemonic) == 0)
                continue; /* the first row of a mnemonic stands for all of them */
            h = gcn_name_hash(v[i].mnemonic, len) & (size - 1);
            while (slots[h] != GCN_HASH_EMPTY)
                h = (h + 1) & (size - 1);
            slots[h] = i;
            slot_len[h] = len;
            if (!v[i].suffix)
                continue;
            /* the bare spelling, unless another row spells it in full */
            for (j = 0; j < s->ninsns; j++)
                if (strlen(v[j].mnemonic) == bare &&
                    memcmp(v[j].mnemonic, v[i].mnemonic, bare) == 0)
                    break;
            if (j < s->ninsns)
                continue;
            h = gcn_name_hash(v[i].mnemonic, bare) & (size - 1);
            while (slots[h] != GCN_HASH_EMPTY)
                h = (h + 1) & (size - 1);
            slots[h] = i;
            slot_len[h] = bare;
        }
        s->mnemonic_hash_mask = size - 1;
        /* each slot with the spelling itself (the pool's, padded), so that a probe compares
         * it without going through the rows */
        gcn_buf_printf(b, "static const gcn_mnemonic_slot gcn_mnemonic_hash[%u] = {\n", size);
        for (k = 0; k < size; k++) {
            gcn_buf_puts(b, "    {");
            if (slots[k] == GCN_HASH_EMPTY)
                gcn_buf_puts(b, "NULL");
            else
                pool_string(s, b, v[slots[k]].mnemonic);
            gcn_buf_printf(b, ", %u, %u},\n", slots[k],
                           slots[k] == GCN_HASH_EMPTY ? 0u : (unsigned)slot_len[k]);
        }
        gcn_buf_puts(b, "};\n\n");
        free(slots);
        free(slot_len);
    }
    free(v);
}

static int cmd_tables(const char *spec_path, const char *out_path, gcn_diag *diag)
{
    spec_t s;
    gcn_buf b;
    char *text = NULL;
    size_t len = 0;
    int ok;
    memset(&s, 0, sizeof(s));
    s.diag = diag;
    if (gcn_read_file(spec_path, &text, &len, diag) != GCN_OK)
        return 0;
    gcn_sha256_hex(text, len, s.sha);
    if (gcn_json_parse(&s.doc, spec_path, text, len, diag) != GCN_OK) {
        free(text);
        gcn_json_free(&s.doc);
        return 0;
    }
    free(text);
    ok = read_spec(&s) && check_layouts(&s) && check_encodings_disjoint(&s) &&
         check_instructions(&s) && check_scalar_aliases(&s) && order_slots(&s);
    if (ok) {
        gcn_buf rows;
        gcn_buf_init(&b);
        gcn_buf_init(&rows);
        gcn_buf_init(&s.pool);
        gcn_buf_printf(&b,
                       "/* Generated by gcngen from spec/gcn.json (sha256 %s). Do not edit: "
                       "change the spec. */\n\n",
                       s.sha);
        emit_gens(&s, &rows);
        emit_encodings(&s, &rows);
        emit_layouts(&s, &rows);
        buf_names_max(&s);
        emit_insns(&s, &rows);
        emit_scalars(&s, &rows); /* before the plans: their check rows read reg_ok */
        memset(s.check_rows[0], 0, 256);
        s.ncheck_rows = 1;
        emit_plans(&s, &rows);
        emit_mnemonic_index(&s, &rows);
        emit_dispatch(&s, &rows);
        ok = emit_simm16(&s, &rows) && emit_buf_formats(&s, &rows);
        emit_pool(&s, &b);
        gcn_buf_append(&b, rows.data, rows.len);
        b.oom |= rows.oom || s.pool.oom;
        gcn_buf_free(&rows);
        gcn_buf_printf(&b,
                       "const gcn_tables gcn_codec_table_data = {\n"
                       "    .ngens = %u, .nencodings = %u, .ninsns = %u,\n"
                       "    .gens = gcn_gen_rows, .encodings = gcn_encoding_rows,\n"
                       "    .layouts = gcn_layout_rows, .insns = gcn_insn_rows,\n"
                       "    .scalars = gcn_scalar_rows, .by_mnemonic = gcn_by_mnemonic,\n"
                       "    .spec_sha256 = \"%s\",\n"
                       "    .dispatch = gcn_dispatch_rows,\n"
                       "    .scalar_names = gcn_scalar_names,\n"
                       "    .scalar_name_first = gcn_scalar_name_first,\n"
                       "    .reg_code = gcn_reg_code,\n"
                       "    .inline_int_code = gcn_inline_int_code,\n"
                       "    .inline_float_codes = gcn_inline_float_codes,\n"
                       "    .literal_code = gcn_literal_code,\n"
                       "    .plans = gcn_plan_rows,\n"
                       "    .fast_plans = gcn_fast_plans,\n"
                       "    .fast_variants = gcn_fast_plans + %u,\n"
                       "    .check_rows = gcn_check_rows,\n"
                       "    .reg_ok = gcn_reg_ok,\n"
                       "    .code_info = gcn_code_info,\n"
                       "    .mnemonic_hash = gcn_mnemonic_hash, .mnemonic_hash_mask = %u,\n"
                       "    .name_hash = gcn_scalar_name_hash, .name_hash_mask = %u,\n"
                       "    .simm16 = gcn_simm16_rows,\n"
                       "    .buf_formats = gcn_buf_format_rows,\n"
                       "};\n",
                       s.ngens, s.nencs, s.ninsns, s.sha, s.ngens * s.ninsns, s.mnemonic_hash_mask,
                       s.name_hash_mask);
        if (!ok)
            ; /* emit_simm16 said why */
        else if (s.check_rows_full)
            ok = fail(&s, s.insns, "the fast plans need more than %d distinct operand checks",
                      GCN_MAX_CHECK_ROWS);
        else if (s.fast_mask_bad)
            ok = fail(&s, s.insns, "a fast plan fetches a field whose mask is not its low bits");
        else
            ok = !b.oom && gcn_write_file_atomic(out_path, b.data, b.len, diag) == GCN_OK;
        gcn_buf_free(&b);
        gcn_buf_free(&s.pool);
        while (s.npool)
            free(s.pool_strs[--s.npool]);
        free(s.pool_strs);
        free(s.pool_offs);
        free(s.fvars);
        if (s.fast_text) {
            unsigned k;
            for (k = 0; k < s.ngens * s.ninsns * 5; k++)
                free(s.fast_text[k]);
            free(s.fast_text);
        }
    }
    gcn_json_free(&s.doc);
    return ok;
}

static void usage(void)
{
    fprintf(stderr, "usage: gcngen resolve --facts F --errata F --curated DIR -o gcn.json "
                    "[--pages F --pages-docs DIR]\n"
                    "       gcngen tables --spec gcn.json -o gcn_tables.inc\n"
                    "       gcngen semantics --spec gcn.json -o gcn_semantics.inc "
                    "[--allow-missing]\n"
                    "       gcngen visa --spec gcn.json -o gcn_visa.inc\n"
                    "       gcngen encodings --spec gcn.json --encodings encodings.json "
                    "--decisions encoding-decisions.json -o gcn_catalogue.inc\n");
}

int main(int argc, char **argv)
{
    gcn_diag diag;
    const char *facts = NULL, *errata = NULL, *curated = NULL, *spec = NULL, *out = NULL;
    const char *encodings = NULL, *decisions = NULL, *pages = NULL, *pages_docs = NULL;
    int i, allow_missing = 0;
    gcn_diag_clear(&diag);
    if (argc < 2) {
        usage();
        return 2;
    }
    for (i = 2; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--allow-missing") == 0) {
            allow_missing = 1;
            continue;
        }
        if (strcmp(argv[i], "--facts") == 0)
            slot = &facts;
        else if (strcmp(argv[i], "--errata") == 0)
            slot = &errata;
        else if (strcmp(argv[i], "--curated") == 0)
            slot = &curated;
        else if (strcmp(argv[i], "--spec") == 0)
            slot = &spec;
        else if (strcmp(argv[i], "-o") == 0)
            slot = &out;
        else if (strcmp(argv[i], "--encodings") == 0)
            slot = &encodings;
        else if (strcmp(argv[i], "--decisions") == 0)
            slot = &decisions;
        else if (strcmp(argv[i], "--pages") == 0)
            slot = &pages;
        else if (strcmp(argv[i], "--pages-docs") == 0)
            slot = &pages_docs;
        if (!slot || i + 1 >= argc) {
            usage();
            return 2;
        }
        *slot = argv[++i];
    }
    if (strcmp(argv[1], "resolve") == 0 && facts && errata && curated && out) {
        gcn_resolve_in in = {facts, errata, curated, pages, pages_docs};
        gcn_resolve_out ro;
        if (gcn_resolve(&in, &ro, &diag) != GCN_OK ||
            gcn_json_write_file_depth(out, ro.spec, 4, &diag) != GCN_OK) {
            size_t k;
            for (k = 0; k < ro.unresolved.n; k++)
                fprintf(stderr, "%s: unresolved %s: %s\n",
                        ro.unresolved.v[k].facts.n ? ro.unresolved.v[k].facts.v[0] : "",
                        ro.unresolved.v[k].key, ro.unresolved.v[k].message);
            gcn_diag_print(&diag, stderr);
            gcn_resolve_out_free(&ro);
            return 1;
        }
        gcn_resolve_out_free(&ro);
        return 0;
    }
    if (strcmp(argv[1], "semantics") == 0 && spec && out)
        return gs_generate(spec, out, allow_missing, stderr, &diag) ? 0 : 1;
    if (strcmp(argv[1], "visa") == 0 && spec && out) {
        if (!gv_generate(spec, out, &diag)) {
            gcn_diag_print(&diag, stderr);
            return 1;
        }
        return 0;
    }
    if (strcmp(argv[1], "encodings") == 0 && spec && encodings && decisions && out) {
        if (!eg_generate(spec, encodings, decisions, out, &diag)) {
            gcn_diag_print(&diag, stderr);
            return 1;
        }
        return 0;
    }
    if (strcmp(argv[1], "tables") == 0 && spec && out) {
        if (!cmd_tables(spec, out, &diag)) {
            gcn_diag_print(&diag, stderr);
            return 1;
        }
        return 0;
    }
    usage();
    return 2;
}
