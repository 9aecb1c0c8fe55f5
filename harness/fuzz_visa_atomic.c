/* Target 6, GCN DS atomics vs Intel vISA DWORD_ATOMIC on the same operands:
 *
 *   [pair][generation][channels][emask:2][flags][bound][offset x16][src0 x16:4][src1 x16:4]
 *   [memory window bytes]
 *
 * spec/peers/visa-ds.json (compiled in) pairs each vISA operation with the DS instruction that
 * does the same and says which source feeds VDATA0/VDATA1. The vISA instruction runs in the
 * oracle (gcn_visa_exec, channels in ascending order) on a surface; the DS one (as corrected)
 * on a wave whose first `channels` lanes are the channels (EXEC = the channel enables, ADDR =
 * the byte offsets, VDATA0/1 = the sources, M0 = the surface's size), LDS holding the same
 * bytes. The returned values of the enabled channels and the memory window must agree. When
 * they do not, the DS result is judged against every order vISA allows for channels on one
 * address (gcn_visa_outcomes); a difference the file's "known" entries explain (unaligned
 * offsets) is not a finding either. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "gcnspec/oracle.h"
#include "oracle_input.h"
#include "util/json.h"
#include "util/buf.h"

#define TARGET "visa_atomic"
#define MAX_PAIRS 32
#define WINDOW 260 /* offsets 0..255 and a dword past the last */

extern const unsigned char gcn_visa_ds_json[];
extern const size_t gcn_visa_ds_json_len;

typedef struct pair {
    int visa_op;
    char ds[48];
    /* VDATA0/VDATA1: 0 none, 1 src0, 2 src1, 3 the constant */
    int data_src[2];
    uint32_t data_const[2];
} pair;

static pair pairs[MAX_PAIRS];
static unsigned npairs;
static unsigned sizes[8], nsizes;
static gcn_visa_state vs, vs_before;

static int data_source(const cJSON *v, int *src, uint32_t *k)
{
    uint64_t n;
    if (!v) {
        *src = 0;
        return 1;
    }
    if (!cJSON_IsString(v))
        return 0;
    if (strcmp(v->valuestring, "src0") == 0)
        *src = 1;
    else if (strcmp(v->valuestring, "src1") == 0)
        *src = 2;
    else if (gcn_parse_u64(v->valuestring, &n) && n <= 0xffffffffu) {
        *src = 3;
        *k = (uint32_t)n;
    } else
        return 0;
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    gcn_json_doc doc;
    gcn_diag d;
    const cJSON *list, *p;
    unsigned n;
    (void)argc;
    (void)argv;
    if (npairs)
        return 0;
    if (gcn_json_parse(&doc, "spec/peers/visa-ds.json", (const char *)gcn_visa_ds_json,
                       gcn_visa_ds_json_len, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        exit(1);
    }
    list = cJSON_GetObjectItemCaseSensitive(doc.root, "pairs");
    cJSON_ArrayForEach(p, list)
    {
        const cJSON *visa = cJSON_GetObjectItemCaseSensitive(p, "visa");
        const cJSON *ds = cJSON_GetObjectItemCaseSensitive(p, "ds");
        pair *q = &pairs[npairs];
        if (npairs == MAX_PAIRS || !cJSON_IsString(visa) || !cJSON_IsString(ds) ||
            (q->visa_op = gcn_visa_op_lookup(visa->valuestring)) < 0 ||
            !data_source(cJSON_GetObjectItemCaseSensitive(p, "data0"), &q->data_src[0],
                         &q->data_const[0]) ||
            !data_source(cJSON_GetObjectItemCaseSensitive(p, "data1"), &q->data_src[1],
                         &q->data_const[1])) {
            fprintf(stderr,
                    "spec/peers/visa-ds.json: pair %u is malformed or names an "
                    "operation the oracle lacks\n",
                    npairs);
            exit(1);
        }
        snprintf(q->ds, sizeof(q->ds), "%s", ds->valuestring);
        npairs++;
    }
    gcn_json_free(&doc);
    for (n = 1; n <= GCN_VISA_MAX_CHANNELS && nsizes < 8; n++)
        if (gcn_visa_state_init(&vs, n) == GCN_OK)
            sizes[nsizes++] = n;
    if (!npairs || !nsizes) {
        fprintf(stderr, "fuzz_visa_atomic: no pairs or no channel counts\n");
        exit(1);
    }
    return 0;
}

typedef struct operands {
    const pair *p;
    int gen;
    unsigned channels;
    uint32_t emask, bound;
    int unaligned;
    uint32_t offset[GCN_VISA_MAX_CHANNELS], src0[GCN_VISA_MAX_CHANNELS],
        src1[GCN_VISA_MAX_CHANNELS];
    uint8_t window[WINDOW];
} operands;

static unsigned take(const uint8_t **d, const uint8_t *end, unsigned n)
{
    unsigned v = 0, i;
    for (i = 0; i < n; i++, (*d)++)
        if (*d < end)
            v |= (unsigned)**d << (8 * i);
    return v;
}

static void read_operands(const uint8_t *data, size_t size, operands *o)
{
    const uint8_t *d = data, *end = data + size;
    unsigned i, flags;
    memset(o, 0, sizeof(*o));
    o->p = &pairs[take(&d, end, 1) % npairs];
    o->gen = (int)(take(&d, end, 1) % (unsigned)gcn_gen_count());
    o->channels = sizes[nsizes - 1 - take(&d, end, 1) % nsizes]; /* 0: the most */
    o->emask = ~take(&d, end, 2) & 0xffff;                       /* zero bytes: every channel */
    flags = take(&d, end, 1);
    o->bound = (flags & 2) ? take(&d, end, 1) * 4 : (take(&d, end, 1), GCN_VISA_SURFACE_BYTES);
    for (i = 0; i < GCN_VISA_MAX_CHANNELS; i++) {
        o->offset[i] = take(&d, end, 1);
        if (!(flags & 1))
            o->offset[i] &= ~3u;
    }
    for (i = 0; i < GCN_VISA_MAX_CHANNELS; i++)
        o->src0[i] = take(&d, end, 4);
    for (i = 0; i < GCN_VISA_MAX_CHANNELS; i++)
        o->src1[i] = take(&d, end, 4);
    for (i = 0; i < WINDOW; i++)
        o->window[i] = d < end ? (uint8_t)take(&d, end, 1) : (uint8_t)(i * 7 + 1);
}

static void visa_setup(const operands *o, gcn_visa_state *s)
{
    unsigned i;
    gcn_visa_state_init(s, o->channels);
    s->emask = o->emask;
    s->surface_bytes = o->bound;
    for (i = 0; i < o->channels; i++) {
        s->element_offset[i] = o->offset[i];
        s->src0[i] = o->src0[i];
        s->src1[i] = o->src1[i];
    }
    memcpy(s->surface, o->window, WINDOW);
}

static uint32_t data_value(const operands *o, int k, unsigned ch)
{
    switch (o->p->data_src[k]) {
    case 1:
        return o->src0[ch];
    case 2:
        return o->src1[ch];
    case 3:
        return o->p->data_const[k];
    default:
        return 0;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    operands o;
    gcn_inst in;
    gcn_diag d;
    gcn_wave_state *w;
    ox_state x;
    gcn_exec_options opt;
    char text[FUZZ_TEXT_MAX], what[64] = "", detail[256] = "";
    uint32_t chen;
    unsigned i, l;
    gcn_status vst, gst;
    if (!npairs)
        LLVMFuzzerInitialize(NULL, NULL);
    if (size < 1)
        return 0;
    read_operands(data, size, &o);
    snprintf(text, sizeof(text), "%s v2, v1, v3%s", o.p->ds, o.p->data_src[1] ? ", v4" : "");
    if (gcn_parse(o.gen, text, &in, &d) != GCN_OK)
        return 0; /* not on this generation */
    /* vISA */
    visa_setup(&o, &vs);
    chen = gcn_visa_chen(&vs);
    vst = gcn_visa_exec(&vs, (unsigned)o.p->visa_op, NULL, &d);
    /* GCN: the channels are the first lanes */
    {
        static const uint8_t none[1];
        ox_read_state(none, 0, &x);
    }
    x.exec = chen;
    x.m0 = o.bound;
    ox_begin(0, o.gen, &x, OX_ALL);
    w = ox_wave(0, o.gen);
    for (l = 0; l < GCN_LANES; l++) {
        w->vgpr[1][l] = l < o.channels ? o.offset[l] : 0;
        w->vgpr[2][l] = 0xdeadbeefu;
        w->vgpr[3][l] = l < o.channels ? data_value(&o, 0, l) : 0;
        w->vgpr[4][l] = l < o.channels ? data_value(&o, 1, l) : 0;
    }
    ox_place(w, 0, 0, o.window, WINDOW);
    memset(&opt, 0, sizeof(opt));
    opt.variant = GCN_AS_CORRECTED;
    gst = ox_exec(0, o.gen, &in, &opt, &d);
    if (vst != GCN_OK || gst != GCN_OK) {
        if ((vst == GCN_OK) == (gst == GCN_OK))
            return 0;
        snprintf(what, sizeof(what), "status");
        snprintf(detail, sizeof(detail), "vISA %s, DS %s: %.160s", gcn_status_str(vst),
                 gcn_status_str(gst), d.msg);
    }
    for (i = 0; i < o.channels && !what[0]; i++)
        if ((chen >> i & 1) && vs.dst[i] != w->vgpr[2][i]) {
            snprintf(what, sizeof(what), "returned");
            snprintf(detail, sizeof(detail), "channel %u (offset %u): vISA 0x%08x, DS 0x%08x", i,
                     o.offset[i], vs.dst[i], w->vgpr[2][i]);
        }
    for (i = 0; i < WINDOW && !what[0]; i++)
        if (vs.surface[i] != w->lds[i]) {
            snprintf(what, sizeof(what), "memory");
            snprintf(detail, sizeof(detail), "byte %u: vISA 0x%02x, DS 0x%02x", i, vs.surface[i],
                     w->lds[i]);
        }
    if (!what[0])
        return 0;
    /* explained: an unaligned offset (known VD01) */
    for (i = 0; i < o.channels; i++)
        if ((chen >> i & 1) && (o.offset[i] & 3))
            return 0;
    /* explained: a channel past the surface's bound where M0 limits no LDS access of the
     * instruction on this generation (known VD02: the DS reaches the whole LDS) */
    {
        gcn_sem_info si;
        if (gcn_sem_info_get((int)in.insn, o.gen, &si) == GCN_OK &&
            si.m0[GCN_AS_CORRECTED][GCN_M0_LDS] != GCN_M0_LIMIT)
            for (i = 0; i < o.channels; i++)
                if ((chen >> i & 1) && o.offset[i] + 4 > o.bound)
                    return 0;
    }
    /* explained: another order of channels on one address, which vISA allows */
    if (strcmp(what, "status") != 0) {
        gcn_outcome_limits lim;
        gcn_outcome_report r;
        static gcn_visa_state observed;
        visa_setup(&o, &vs_before);
        memcpy(&observed, &vs_before, sizeof(observed));
        for (i = 0; i < o.channels; i++)
            if (chen >> i & 1)
                observed.dst[i] = w->vgpr[2][i];
        memcpy(observed.surface, w->lds, WINDOW);
        memset(&lim, 0, sizeof(lim));
        if (gcn_visa_outcomes(&vs_before, (unsigned)o.p->visa_op, &lim, &observed, &r, &d) ==
                GCN_OK &&
            r.allowed)
            return 0;
    }
    {
        char subject[128], hex[200];
        gcn_visa_op_info info;
        gcn_visa_op_info_get((unsigned)o.p->visa_op, &info);
        snprintf(subject, sizeof(subject), "%s-vs-%s:%s", info.name, o.p->ds, what);
        gcn_hex_bytes(data, size < 48 ? size : 48, hex, sizeof(hex));
        fuzz_finding(TARGET, "visa-ds-differ", subject,
                     "  vISA %s (%s, %s) vs %s on %s, %u channels, emask 0x%04x, bound %u\n"
                     "  %s\n  input (head): %s",
                     info.name, info.formula, info.at, text, gcn_gen_id(o.gen), o.channels, o.emask,
                     o.bound, detail, hex);
    }
    return 0;
}
