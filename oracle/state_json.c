/* State files: the wave state as JSON (the schema is in docs/oracle.md, "State files").
 *
 *   {"generation": "gfx9", "pc": "0x0", "scc": 0, "csp": 0, "clock": 0, "lgkm_cnt": 0,
 *    "sgprs": {"s0": "0x1", "vcc": "0x...", "s[4:7]": ["0x1", "0x2", "0x3", "0x4"]},
 *    "vgprs": {"v0": "0x5", "v1": [64 values], "v2": {"base": "0x0", "step": 4},
 *              "v3": {"lanes": {"0": "0x1", "4-7": "0x2"}, "rest": "0x0"}},
 *    "lds": {"0x100": "0x11223344", "0x104": ["0x1", "0x2"], "0x200": {"bytes": "0a0b0c"}},
 *    "gds": {...}, "smem": {...},
 *    "gws": {"wait": 0, "resources": {"5": {"counter": "0x3", "flag": 1}}}}
 *
 * Values are numbers or strings ("0x..", decimal, "0b.."); anything >= 2^31 is written as a
 * hex string. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "oracle_internal.h"
#include "util/json.h"

/* ---- reading ------------------------------------------------------------------------------ */

/* A value of at most `bits` bits. what names it in messages. */
static gcn_status value(const gcn_json_doc *doc, const cJSON *v, unsigned bits, const char *what,
                        uint64_t *out, gcn_diag *diag)
{
    uint64_t u;
    if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d < 0 || d > 9007199254740991.0 || d != (double)(uint64_t)d)
            return gcn_json_error(doc, v, diag,
                                  "%s: a number must be a non-negative integer below 2^53 "
                                  "(write larger values as \"0x...\" strings)",
                                  what);
        u = (uint64_t)d;
    } else if (cJSON_IsString(v)) {
        if (!gcn_parse_u64(v->valuestring, &u))
            return gcn_json_error(doc, v, diag, "%s: \"%s\" is not a number", what, v->valuestring);
    } else {
        return gcn_json_error(doc, v, diag, "%s: expected a number or a \"0x...\" string", what);
    }
    if (bits < 64 && u >> bits)
        return gcn_json_error(doc, v, diag, "%s: 0x%llx does not fit %u bits", what,
                              (unsigned long long)u, bits);
    *out = u;
    return GCN_OK;
}

/* The last sN (ttmp: ttmpN) the generation has, from the codec's register table. */
static long last_reg(int gen, int ttmp)
{
    const gcn_tables *t = gcn_codec_tables();
    const uint8_t *codes = t->reg_code + ((unsigned)gen * 2u + (ttmp ? 1u : 0u)) * 128u;
    long last = -1, i;
    for (i = 0; i < 128; i++)
        if (codes[i] != 0xff)
            last = i;
    return last;
}

static gcn_status load_sgprs(gcn_wave_state *s, const gcn_json_doc *doc, const cJSON *obj,
                             gcn_diag *diag)
{
    const cJSON *e;
    if (!cJSON_IsObject(obj))
        return gcn_json_error(doc, obj, diag, "\"sgprs\" must be an object of NAME: value");
    cJSON_ArrayForEach(e, obj)
    {
        unsigned code, count, k;
        uint64_t v;
        gcn_status st;
        if (gcn_state_reg_lookup(s, e->string, &code, &count) != GCN_OK) {
            long last_s = last_reg(s->gen, 0), last_ttmp = last_reg(s->gen, 1);
            return gcn_json_error(doc, e, diag,
                                  "'%s' is no scalar register of %s: it has s0 to s%ld, ttmp0 "
                                  "to ttmp%ld, tuples of them (s[4:7]) and named ones (vcc, "
                                  "exec_lo, m0, ...)",
                                  e->string, gcn_gen_id(s->gen), last_s, last_ttmp);
        }
        if (cJSON_IsArray(e)) {
            const cJSON *d;
            if ((unsigned)cJSON_GetArraySize(e) != count)
                return gcn_json_error(doc, e, diag, "'%s' has %u registers: give %u values",
                                      e->string, count, count);
            k = 0;
            cJSON_ArrayForEach(d, e)
            {
                if ((st = value(doc, d, 32, e->string, &v, diag)) != GCN_OK)
                    return st;
                s->sreg[code + k++] = (uint32_t)v;
            }
            continue;
        }
        if ((st = value(doc, e, count >= 2 ? 64 : 32, e->string, &v, diag)) != GCN_OK)
            return st;
        for (k = 0; k < count; k++)
            s->sreg[code + k] = k < 2 ? (uint32_t)(v >> (32 * k)) : 0;
    }
    return GCN_OK;
}

/* "N" or "N-M", lanes 0..63 */
static int lane_range(const char *key, unsigned *lo, unsigned *hi)
{
    char *end;
    unsigned long a, b;
    if (!isdigit((unsigned char)*key))
        return 0;
    a = strtoul(key, &end, 10);
    b = a;
    if (*end == '-') {
        if (!isdigit((unsigned char)end[1]))
            return 0;
        b = strtoul(end + 1, &end, 10);
    }
    if (*end || a > b || b > 63)
        return 0;
    *lo = (unsigned)a;
    *hi = (unsigned)b;
    return 1;
}

static gcn_status load_vgpr(uint32_t *lanes, const gcn_json_doc *doc, const cJSON *e,
                            gcn_diag *diag)
{
    uint64_t v;
    gcn_status st;
    unsigned k;
    if (cJSON_IsArray(e)) {
        const cJSON *d;
        if (cJSON_GetArraySize(e) != GCN_LANES)
            return gcn_json_error(doc, e, diag, "'%s': a list gives all 64 lanes", e->string);
        k = 0;
        cJSON_ArrayForEach(d, e)
        {
            if ((st = value(doc, d, 32, e->string, &v, diag)) != GCN_OK)
                return st;
            lanes[k++] = (uint32_t)v;
        }
        return GCN_OK;
    }
    if (cJSON_IsObject(e)) {
        static const char *const keys[] = {"base", "step", "lanes", "rest", NULL};
        const cJSON *base = cJSON_GetObjectItemCaseSensitive(e, "base");
        const cJSON *step = cJSON_GetObjectItemCaseSensitive(e, "step");
        const cJSON *ls = cJSON_GetObjectItemCaseSensitive(e, "lanes");
        const cJSON *rest = cJSON_GetObjectItemCaseSensitive(e, "rest"), *l;
        if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK)
            return st;
        if ((base || step) && (ls || rest))
            return gcn_json_error(doc, e, diag,
                                  "'%s': either {\"base\", \"step\"} or {\"lanes\", \"rest\"}",
                                  e->string);
        if (base || step) {
            uint64_t b = 0, d = 0;
            if (base && (st = value(doc, base, 32, "base", &b, diag)) != GCN_OK)
                return st;
            if (step && (st = value(doc, step, 32, "step", &d, diag)) != GCN_OK)
                return st;
            for (k = 0; k < GCN_LANES; k++)
                lanes[k] = (uint32_t)(b + d * k);
            return GCN_OK;
        }
        v = 0;
        if (rest && (st = value(doc, rest, 32, "rest", &v, diag)) != GCN_OK)
            return st;
        for (k = 0; k < GCN_LANES; k++)
            lanes[k] = (uint32_t)v;
        if (ls && !cJSON_IsObject(ls))
            return gcn_json_error(doc, ls, diag, "\"lanes\" must be an object of LANE: value");
        cJSON_ArrayForEach(l, ls)
        {
            unsigned lo, hi;
            if (!lane_range(l->string, &lo, &hi))
                return gcn_json_error(doc, l, diag, "'%s' is no lane or lane range (0..63, 4-7)",
                                      l->string);
            if ((st = value(doc, l, 32, l->string, &v, diag)) != GCN_OK)
                return st;
            for (k = lo; k <= hi; k++)
                lanes[k] = (uint32_t)v;
        }
        return GCN_OK;
    }
    if ((st = value(doc, e, 32, e->string, &v, diag)) != GCN_OK)
        return st;
    for (k = 0; k < GCN_LANES; k++)
        lanes[k] = (uint32_t)v;
    return GCN_OK;
}

static gcn_status load_vgprs(gcn_wave_state *s, const gcn_json_doc *doc, const cJSON *obj,
                             gcn_diag *diag)
{
    const cJSON *e;
    if (!cJSON_IsObject(obj))
        return gcn_json_error(doc, obj, diag, "\"vgprs\" must be an object of vN: value");
    cJSON_ArrayForEach(e, obj)
    {
        char *end;
        unsigned long n;
        gcn_status st;
        if ((e->string[0] != 'v' && e->string[0] != 'V') || !isdigit((unsigned char)e->string[1]))
            return gcn_json_error(doc, e, diag, "'%s' is no VGPR (v0 .. v255)", e->string);
        n = strtoul(e->string + 1, &end, 10);
        if (*end || n >= GCN_VGPRS)
            return gcn_json_error(doc, e, diag, "'%s' is no VGPR (v0 .. v255)", e->string);
        if ((st = load_vgpr(s->vgpr[n], doc, e, diag)) != GCN_OK)
            return st;
    }
    return GCN_OK;
}

/* bytes as hex digits, spaces allowed: "0a 0b0c" */
static gcn_status hex_bytes(const gcn_json_doc *doc, const cJSON *v, uint8_t *out, size_t cap,
                            size_t *n, gcn_diag *diag)
{
    const char *p;
    int half = -1;
    *n = 0;
    if (!cJSON_IsString(v))
        return gcn_json_error(doc, v, diag, "\"bytes\" must be a string of hex digits");
    for (p = v->valuestring; *p; p++) {
        int d;
        if (*p == ' ')
            continue;
        if (!isxdigit((unsigned char)*p))
            return gcn_json_error(doc, v, diag, "\"bytes\": '%c' is no hex digit", *p);
        d = isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10;
        if (half < 0) {
            half = d;
            continue;
        }
        if (*n == cap)
            return gcn_json_error(doc, v, diag, "\"bytes\": more than %zu bytes", cap);
        out[(*n)++] = (uint8_t)(half << 4 | d);
        half = -1;
    }
    if (half >= 0)
        return gcn_json_error(doc, v, diag, "\"bytes\": an odd number of hex digits");
    return GCN_OK;
}

/* one ADDRESS: data entry into lds/gds (size bytes at mem) or scalar memory (mem NULL) */
static gcn_status load_chunk(gcn_wave_state *s, uint8_t *mem, uint64_t size, const char *what,
                             const gcn_json_doc *doc, const cJSON *e, uint8_t *buf, size_t cap,
                             gcn_diag *diag)
{
    uint64_t addr, v;
    size_t n = 0;
    gcn_status st;
    if (!gcn_parse_u64(e->string, &addr))
        return gcn_json_error(doc, e, diag, "%s: '%s' is not an address", what, e->string);
    if (cJSON_IsObject(e)) {
        static const char *const keys[] = {"bytes", NULL};
        if ((st = gcn_json_only_keys(doc, e, keys, diag)) != GCN_OK)
            return st;
        if (!cJSON_GetObjectItemCaseSensitive(e, "bytes"))
            return gcn_json_error(doc, e, diag, "%s: {\"bytes\": \"0a0b..\"}", what);
        st = hex_bytes(doc, cJSON_GetObjectItemCaseSensitive(e, "bytes"), buf, cap, &n, diag);
        if (st != GCN_OK)
            return st;
    } else if (cJSON_IsArray(e)) {
        const cJSON *d;
        cJSON_ArrayForEach(d, e)
        {
            if (n + 4 > cap)
                return gcn_json_error(doc, d, diag, "%s: more than %zu bytes at once", what, cap);
            if ((st = value(doc, d, 32, what, &v, diag)) != GCN_OK)
                return st;
            buf[n++] = (uint8_t)v;
            buf[n++] = (uint8_t)(v >> 8);
            buf[n++] = (uint8_t)(v >> 16);
            buf[n++] = (uint8_t)(v >> 24);
        }
    } else {
        if ((st = value(doc, e, 32, what, &v, diag)) != GCN_OK)
            return st;
        buf[n++] = (uint8_t)v;
        buf[n++] = (uint8_t)(v >> 8);
        buf[n++] = (uint8_t)(v >> 16);
        buf[n++] = (uint8_t)(v >> 24);
    }
    if (mem) {
        if (addr > size || n > size - addr)
            return gcn_json_error(doc, e, diag, "%s: %zu bytes at 0x%llx end beyond its %llu", what,
                                  n, (unsigned long long)addr, (unsigned long long)size);
        memcpy(mem + addr, buf, n);
        return GCN_OK;
    }
    if (addr + n < addr)
        return gcn_json_error(doc, e, diag, "%s: %zu bytes at 0x%llx wrap around", what, n,
                              (unsigned long long)addr);
    if (gcn_smem_write(s, addr, buf, n) != GCN_OK)
        return gcn_json_error(doc, e, diag, "%s: more than %d pages of %d bytes of scalar memory",
                              what, GCN_SMEM_PAGES, GCN_SMEM_PAGE_BYTES);
    return GCN_OK;
}

static gcn_status load_memory(gcn_wave_state *s, uint8_t *mem, uint64_t size, const char *what,
                              const gcn_json_doc *doc, const cJSON *obj, gcn_diag *diag)
{
    const cJSON *e;
    enum { CAP = GCN_LDS_BYTES };
    uint8_t *buf;
    gcn_status st = GCN_OK;
    if (!cJSON_IsObject(obj))
        return gcn_json_error(doc, obj, diag, "\"%s\" must be an object of ADDRESS: data", what);
    buf = malloc(CAP);
    if (!buf) {
        gcn_diag_set(diag, doc->file, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    cJSON_ArrayForEach(e, obj)
    {
        st = load_chunk(s, mem, size, what, doc, e, buf, CAP, diag);
        if (st != GCN_OK)
            break;
    }
    free(buf);
    return st;
}

/* "gws": {"wait": 0|1, "resources": {"N": {"counter": V, "flag": 0|1}}}, N < 64 */
static gcn_status load_gws(gcn_wave_state *s, const gcn_json_doc *doc, const cJSON *obj,
                           gcn_diag *diag)
{
    static const char *const keys[] = {"wait", "resources", NULL};
    static const char *const rkeys[] = {"counter", "flag", NULL};
    const cJSON *res, *e;
    long long n = 0;
    gcn_status st;
    if (!cJSON_IsObject(obj))
        return gcn_json_error(doc, obj, diag, "\"gws\" must be an object");
    if ((st = gcn_json_only_keys(doc, obj, keys, diag)) != GCN_OK ||
        (st = gcn_json_int(doc, obj, "wait", 0, 0, 1, &n, diag)) != GCN_OK)
        return st;
    s->gws_wait = (uint32_t)n;
    res = cJSON_GetObjectItemCaseSensitive(obj, "resources");
    if (!res)
        return GCN_OK;
    if (!cJSON_IsObject(res))
        return gcn_json_error(doc, res, diag, "\"resources\" must be an object of N: {...}");
    cJSON_ArrayForEach(e, res)
    {
        char *end;
        unsigned long id = strtoul(e->string, &end, 10);
        const cJSON *c;
        uint64_t v;
        if (!isdigit((unsigned char)e->string[0]) || *end || id >= GCN_GWS_RESOURCES)
            return gcn_json_error(doc, e, diag, "gws resource \"%s\": a decimal number below %d",
                                  e->string, GCN_GWS_RESOURCES);
        if (!cJSON_IsObject(e))
            return gcn_json_error(doc, e, diag, "gws resource %lu must be an object", id);
        if ((st = gcn_json_only_keys(doc, e, rkeys, diag)) != GCN_OK)
            return st;
        if ((c = cJSON_GetObjectItemCaseSensitive(e, "counter")) != NULL) {
            if ((st = value(doc, c, 32, "gws counter", &v, diag)) != GCN_OK)
                return st;
            s->gws_counter[id] = (uint32_t)v;
        }
        n = 0;
        if ((st = gcn_json_int(doc, e, "flag", 0, 0, 1, &n, diag)) != GCN_OK)
            return st;
        s->gws_flag[id] = (uint32_t)n;
    }
    return GCN_OK;
}

gcn_status gcn_state_from_json(gcn_wave_state *s, int gen, const char *text, size_t len,
                               const char *file, gcn_diag *diag)
{
    static const char *const keys[] = {"generation", "pc",    "scc",      "csp",   "mode",
                                       "vskip",      "clock", "lgkm_cnt", "sgprs", "vgprs",
                                       "lds",        "gds",   "smem",     "gws",   NULL};
    gcn_json_doc doc;
    const cJSON *root, *x;
    const char *gname = NULL;
    long long n;
    uint64_t v;
    gcn_status st;
    if ((st = gcn_json_parse(&doc, file, text, len, diag)) != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    root = doc.root;
    if (!cJSON_IsObject(root)) {
        st = gcn_json_error(&doc, root, diag, "a state file is a JSON object");
        goto out;
    }
    if ((st = gcn_json_only_keys(&doc, root, keys, diag)) != GCN_OK ||
        (st = gcn_json_str(&doc, root, "generation", gen < 0, &gname, diag)) != GCN_OK)
        goto out;
    if (gname) {
        int g = gcn_gen_lookup(gname);
        if (g < 0) {
            char choices[512];
            gcn_codec_gen_choices(gcn_codec_tables(), choices, sizeof(choices));
            st = gcn_json_error(&doc, cJSON_GetObjectItemCaseSensitive(root, "generation"), diag,
                                "unknown generation '%s': one of %s", gname, choices);
            goto out;
        }
        if (gen >= 0 && g != gen) {
            st = gcn_json_error(&doc, cJSON_GetObjectItemCaseSensitive(root, "generation"), diag,
                                "the state is for %s, the run for %s", gcn_gen_id(g),
                                gcn_gen_id(gen));
            goto out;
        }
        gen = g;
    }
    gcn_state_init(s, gen);
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "pc")) != NULL) {
        if ((st = value(&doc, x, 64, "pc", &v, diag)) != GCN_OK)
            goto out;
        s->pc = v;
    }
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "clock")) != NULL) {
        if ((st = value(&doc, x, 64, "clock", &v, diag)) != GCN_OK)
            goto out;
        s->clock = v;
    }
    n = 0;
    if ((st = gcn_json_int(&doc, root, "scc", 0, 0, 1, &n, diag)) != GCN_OK)
        goto out;
    s->scc = (uint32_t)n;
    n = 0;
    if ((st = gcn_json_int(&doc, root, "csp", 0, 0, 0xffffffffll, &n, diag)) != GCN_OK)
        goto out;
    s->csp = (uint32_t)n;
    n = 0;
    if ((st = gcn_json_int(&doc, root, "mode", 0, 0, 0xffffffffll, &n, diag)) != GCN_OK)
        goto out;
    s->mode = (uint32_t)n;
    n = 0;
    if ((st = gcn_json_int(&doc, root, "vskip", 0, 0, 1, &n, diag)) != GCN_OK)
        goto out;
    s->vskip = (uint32_t)n;
    n = 0;
    if ((st = gcn_json_int(&doc, root, "lgkm_cnt", 0, 0, 0xffffffffll, &n, diag)) != GCN_OK)
        goto out;
    s->lgkm_cnt = (uint32_t)n;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "sgprs")) &&
        (st = load_sgprs(s, &doc, x, diag)) != GCN_OK)
        goto out;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "vgprs")) &&
        (st = load_vgprs(s, &doc, x, diag)) != GCN_OK)
        goto out;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "lds")) &&
        (st = load_memory(s, s->lds, GCN_LDS_BYTES, "lds", &doc, x, diag)) != GCN_OK)
        goto out;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "gds")) &&
        (st = load_memory(s, s->gds, GCN_GDS_BYTES, "gds", &doc, x, diag)) != GCN_OK)
        goto out;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "smem")) &&
        (st = load_memory(s, NULL, 0, "smem", &doc, x, diag)) != GCN_OK)
        goto out;
    if ((x = cJSON_GetObjectItemCaseSensitive(root, "gws")) &&
        (st = load_gws(s, &doc, x, diag)) != GCN_OK)
        goto out;
out:
    gcn_json_free(&doc);
    return st;
}

/* ---- writing ------------------------------------------------------------------------------ */

static cJSON *hex(uint64_t v, int width32)
{
    char b[24];
    if (width32)
        snprintf(b, sizeof(b), "0x%08llx", (unsigned long long)v);
    else
        snprintf(b, sizeof(b), "0x%llx", (unsigned long long)v);
    return cJSON_CreateString(b);
}

/* the lanes in their most compact form: one value, a progression, runs of equal values, or
 * all 64 */
static cJSON *vgpr_json(const uint32_t *l)
{
    unsigned k, runs = 1;
    uint32_t step = l[1] - l[0];
    int same = 1, progression = 1;
    cJSON *a;
    for (k = 1; k < GCN_LANES; k++) {
        same &= l[k] == l[0];
        progression &= l[k] - l[k - 1] == step;
        runs += l[k] != l[k - 1];
    }
    if (same)
        return hex(l[0], 1);
    if (progression) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "base", hex(l[0], 1));
        cJSON_AddItemToObject(o, "step", hex(step, 1));
        return o;
    }
    if (runs <= 8) {
        cJSON *o = cJSON_CreateObject(), *lanes = cJSON_AddObjectToObject(o, "lanes");
        unsigned first = 0;
        for (k = 1; k <= GCN_LANES; k++) {
            char key[16];
            if (k < GCN_LANES && l[k] == l[first])
                continue;
            if (k - 1 == first)
                snprintf(key, sizeof(key), "%u", first);
            else
                snprintf(key, sizeof(key), "%u-%u", first, k - 1);
            cJSON_AddItemToObject(lanes, key, hex(l[first], 1));
            first = k;
        }
        return o;
    }
    a = cJSON_CreateArray();
    for (k = 0; k < GCN_LANES; k++)
        cJSON_AddItemToArray(a, hex(l[k], 1));
    return a;
}

static uint32_t word_at(const uint8_t *m, size_t a)
{
    return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 |
           (uint32_t)m[a + 3] << 24;
}

/* Runs of dwords that differ from before (or are non-zero, without before). */
static void memory_json(cJSON *root, const char *key, const uint8_t *m, const uint8_t *before,
                        size_t size)
{
    static const uint8_t zeros[64];
    cJSON *obj = NULL, *run = NULL;
    size_t a, run_at = 0, run_n = 0;
    char addr[32];
    for (a = 0; a + 4 <= size; a += 4) {
        uint32_t w;
        /* 64 bytes at a time where nothing shows (most of LDS and GDS) */
        if (!(a & 63) && a + 64 <= size && memcmp(m + a, before ? before + a : zeros, 64) == 0) {
            run = NULL;
            a += 60;
            continue;
        }
        w = word_at(m, a);
        int show = before ? w != word_at(before, a) : w != 0;
        if (!show) {
            run = NULL;
            continue;
        }
        if (!obj)
            obj = cJSON_AddObjectToObject(root, key);
        if (!run || run_at + 4 * run_n != a) {
            snprintf(addr, sizeof(addr), "0x%zx", a);
            run = cJSON_AddArrayToObject(obj, addr);
            run_at = a;
            run_n = 0;
        }
        cJSON_AddItemToArray(run, hex(w, 1));
        run_n++;
    }
}

static int page_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void smem_json(cJSON *root, const gcn_wave_state *s, const gcn_wave_state *before)
{
    uint64_t pages[2 * GCN_SMEM_PAGES];
    unsigned i, n = 0;
    cJSON *obj = NULL, *run = NULL;
    uint64_t run_end = 0;
    for (i = 0; i < s->smem.npages; i++)
        pages[n++] = s->smem.page_addr[i];
    for (i = 0; before && i < before->smem.npages; i++)
        pages[n++] = before->smem.page_addr[i];
    qsort(pages, n, sizeof(pages[0]), page_cmp);
    for (i = 0; i < n; i++) {
        if (i && pages[i] == pages[i - 1])
            continue;
        uint8_t now[GCN_SMEM_PAGE_BYTES], old[GCN_SMEM_PAGE_BYTES];
        size_t a;
        gcn_smem_read(s, pages[i], now, sizeof(now));
        if (before)
            gcn_smem_read(before, pages[i], old, sizeof(old));
        else
            memset(old, 0, sizeof(old));
        for (a = 0; a < GCN_SMEM_PAGE_BYTES; a += 4) {
            uint64_t addr = pages[i] + a;
            uint32_t w = word_at(now, a);
            char key[32];
            if (w == word_at(old, a)) {
                run = NULL;
                continue;
            }
            if (!obj)
                obj = cJSON_AddObjectToObject(root, "smem");
            if (!run || run_end != addr) {
                snprintf(key, sizeof(key), "0x%llx", (unsigned long long)addr);
                run = cJSON_AddArrayToObject(obj, key);
            }
            cJSON_AddItemToArray(run, hex(w, 1));
            run_end = addr + 4;
        }
        run = NULL;
    }
}

/* "gws": only what differs from before (without before: what is not zero), so a state that
 * never ran a GWS instruction prints as it did before the resources were modelled */
static void gws_json(cJSON *root, const gcn_wave_state *s, const gcn_wave_state *before)
{
    cJSON *g = NULL, *res = NULL;
    unsigned i;
    uint32_t wait0 = before ? before->gws_wait : 0;
    if (s->gws_wait != wait0) {
        g = cJSON_AddObjectToObject(root, "gws");
        cJSON_AddNumberToObject(g, "wait", s->gws_wait);
    }
    for (i = 0; i < GCN_GWS_RESOURCES; i++) {
        uint32_t c0 = before ? before->gws_counter[i] : 0, f0 = before ? before->gws_flag[i] : 0;
        char key[8];
        cJSON *r;
        if (s->gws_counter[i] == c0 && s->gws_flag[i] == f0)
            continue;
        if (!g)
            g = cJSON_AddObjectToObject(root, "gws");
        if (!res)
            res = cJSON_AddObjectToObject(g, "resources");
        snprintf(key, sizeof(key), "%u", i);
        r = cJSON_AddObjectToObject(res, key);
        if (s->gws_counter[i] != c0)
            cJSON_AddItemToObject(r, "counter", hex(s->gws_counter[i], 1));
        if (s->gws_flag[i] != f0)
            cJSON_AddNumberToObject(r, "flag", s->gws_flag[i]);
    }
}

cJSON *gcn_state_to_cjson(const gcn_wave_state *s, const gcn_wave_state *before)
{
    const gcn_tables *t = gcn_codec_tables();
    cJSON *root = cJSON_CreateObject(), *sg = NULL, *vg = NULL;
    unsigned code, r;
    if (!root)
        return NULL;
    cJSON_AddStringToObject(root, "generation", gcn_gen_id(s->gen));
    if (!before || before->pc != s->pc)
        cJSON_AddItemToObject(root, "pc", hex(s->pc, 0));
    if (!before || before->scc != s->scc)
        cJSON_AddNumberToObject(root, "scc", s->scc);
    if (!before || before->csp != s->csp)
        cJSON_AddItemToObject(root, "csp", hex(s->csp, 0));
    if (before ? before->mode != s->mode : s->mode != 0)
        cJSON_AddItemToObject(root, "mode", hex(s->mode, 0));
    if (before ? before->vskip != s->vskip : s->vskip != 0)
        cJSON_AddNumberToObject(root, "vskip", s->vskip);
    if (!before || before->clock != s->clock)
        cJSON_AddItemToObject(root, "clock", hex(s->clock, 0));
    if (!before || before->lgkm_cnt != s->lgkm_cnt)
        cJSON_AddItemToObject(root, "lgkm_cnt", hex(s->lgkm_cnt, 0));
    for (code = 0; code < GCN_SCALAR_CODES; code++) {
        const gcn_scalar_row *row = &t->scalars[(unsigned)s->gen * 256 + code];
        int cls = row->sclass;
        if (!(cls == GCN_SC_SGPR || cls == GCN_SC_SPECIAL || cls == GCN_SC_TTMP) || !row->name32)
            continue;
        if (before && before->sreg[code] == s->sreg[code])
            continue;
        if (!sg)
            sg = cJSON_AddObjectToObject(root, "sgprs");
        cJSON_AddItemToObject(sg, row->name32, hex(s->sreg[code], 1));
    }
    for (r = 0; r < GCN_VGPRS; r++) {
        char name[8];
        unsigned k, diff = 0;
        for (k = 0; k < GCN_LANES; k++)
            diff |= before ? s->vgpr[r][k] != before->vgpr[r][k] : s->vgpr[r][k] != 0;
        if (!diff)
            continue;
        if (!vg)
            vg = cJSON_AddObjectToObject(root, "vgprs");
        snprintf(name, sizeof(name), "v%u", r);
        cJSON_AddItemToObject(vg, name, vgpr_json(s->vgpr[r]));
    }
    memory_json(root, "lds", s->lds, before ? before->lds : NULL, GCN_LDS_BYTES);
    memory_json(root, "gds", s->gds, before ? before->gds : NULL, GCN_GDS_BYTES);
    smem_json(root, s, before);
    gws_json(root, s, before);
    return root;
}

char *gcn_state_to_json(const gcn_wave_state *s, const gcn_wave_state *before)
{
    cJSON *root = gcn_state_to_cjson(s, before);
    char *out;
    if (!root)
        return NULL;
    out = gcn_json_print_depth(root, 2);
    cJSON_Delete(root);
    return out;
}
