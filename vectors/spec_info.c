#include "spec_info.h"

#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

typedef struct insn_info {
    const cJSON *sources, *errata, *peer_lacks;
} insn_info;

struct gcn_spec_info {
    gcn_json_doc doc;
    char sha[65];
    cJSON *empty;
    insn_info *insns;
    const char *scalar_id[GCN_MAX_GENS][256];
    const cJSON *layout_errata[GCN_MAX_GENS][8];
};

void gcn_spec_info_free(gcn_spec_info *s)
{
    if (!s)
        return;
    gcn_json_free(&s->doc);
    cJSON_Delete(s->empty);
    free(s->insns);
    free(s);
}

const char *gcn_spec_info_sha256(const gcn_spec_info *s)
{
    return s->sha;
}

static const cJSON *array_or_empty(const gcn_spec_info *s, const cJSON *a)
{
    return cJSON_IsArray(a) ? a : s->empty;
}

const cJSON *gcn_spec_info_sources(const gcn_spec_info *s, int insn)
{
    return insn >= 0 ? array_or_empty(s, s->insns[insn].sources) : s->empty;
}

const cJSON *gcn_spec_info_errata(const gcn_spec_info *s, int insn)
{
    return insn >= 0 ? array_or_empty(s, s->insns[insn].errata) : s->empty;
}

const cJSON *gcn_spec_info_peer_lacks(const gcn_spec_info *s, int insn)
{
    return insn >= 0 ? array_or_empty(s, s->insns[insn].peer_lacks) : s->empty;
}

const char *gcn_spec_info_scalar_id(const gcn_spec_info *s, int gen, unsigned code)
{
    return gen >= 0 && gen < GCN_MAX_GENS && code < 256 ? s->scalar_id[gen][code] : NULL;
}

const cJSON *gcn_spec_info_layout_errata(const gcn_spec_info *s, int gen, int enc)
{
    if (gen < 0 || gen >= GCN_MAX_GENS || enc < 0 || enc >= 8)
        return s->empty;
    return array_or_empty(s, s->layout_errata[gen][enc]);
}

static gcn_status load_instructions(gcn_spec_info *s, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *list = NULL, *e;
    unsigned i;
    gcn_status st = gcn_json_arr(&s->doc, s->doc.root, "instructions", 1, &list, diag);
    if (st != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, list)
    {
        const char *name = NULL, *enc = NULL;
        if ((st = gcn_json_str(&s->doc, e, "name", 1, &name, diag)) != GCN_OK ||
            (st = gcn_json_str(&s->doc, e, "encoding", 1, &enc, diag)) != GCN_OK)
            return st;
        for (i = 0; i < t->ninsns; i++) {
            const gcn_insn_row *row = &t->insns[i];
            if (strcmp(row->spec_name, name) == 0 &&
                strcmp(t->encodings[row->encoding].name, enc) == 0) {
                s->insns[i].sources = cJSON_GetObjectItemCaseSensitive(e, "sources");
                s->insns[i].errata = cJSON_GetObjectItemCaseSensitive(e, "errata");
                s->insns[i].peer_lacks = cJSON_GetObjectItemCaseSensitive(e, "peer_lacks");
            }
        }
    }
    for (i = 0; i < t->ninsns; i++)
        if (!s->insns[i].sources)
            return gcn_json_error(&s->doc, list, diag,
                                  "no entry for %s (%s): not the spec gcnspec was built from",
                                  t->insns[i].spec_name, t->encodings[t->insns[i].encoding].name);
    return GCN_OK;
}

static gcn_status load_scalars(gcn_spec_info *s, gcn_diag *diag)
{
    const cJSON *list = NULL, *e;
    gcn_status st = gcn_json_arr(&s->doc, s->doc.root, "scalar_operands", 1, &list, diag);
    if (st != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, list)
    {
        const char *id = NULL;
        const cJSON *gens = NULL, *codes = NULL, *g;
        long long lo, hi, c;
        if ((st = gcn_json_str(&s->doc, e, "id", 1, &id, diag)) != GCN_OK ||
            (st = gcn_json_arr(&s->doc, e, "gens", 1, &gens, diag)) != GCN_OK ||
            (st = gcn_json_arr(&s->doc, e, "codes", 1, &codes, diag)) != GCN_OK)
            return st;
        if (cJSON_GetArraySize(codes) != 2 || !cJSON_IsNumber(cJSON_GetArrayItem(codes, 0)) ||
            !cJSON_IsNumber(cJSON_GetArrayItem(codes, 1)))
            return gcn_json_error(&s->doc, codes, diag, "codes: [lo, hi]");
        lo = (long long)cJSON_GetArrayItem(codes, 0)->valuedouble;
        hi = (long long)cJSON_GetArrayItem(codes, 1)->valuedouble;
        if (lo < 0 || hi > 255 || lo > hi)
            return gcn_json_error(&s->doc, codes, diag, "codes: 0 <= lo <= hi <= 255");
        cJSON_ArrayForEach(g, gens)
        {
            int gen = cJSON_IsString(g) ? gcn_gen_lookup(g->valuestring) : -1;
            if (gen < 0 || gen >= GCN_MAX_GENS)
                return gcn_json_error(&s->doc, g, diag, "unknown generation");
            for (c = lo; c <= hi; c++)
                s->scalar_id[gen][c] = id;
        }
    }
    return GCN_OK;
}

static gcn_status load_layouts(gcn_spec_info *s, gcn_diag *diag)
{
    const gcn_tables *t = gcn_codec_tables();
    const cJSON *list = NULL, *e;
    gcn_status st = gcn_json_arr(&s->doc, s->doc.root, "encodings", 1, &list, diag);
    if (st != GCN_OK)
        return st;
    cJSON_ArrayForEach(e, list)
    {
        const char *name = NULL;
        const cJSON *layouts = NULL, *l;
        unsigned enc;
        if ((st = gcn_json_str(&s->doc, e, "name", 1, &name, diag)) != GCN_OK ||
            (st = gcn_json_arr(&s->doc, e, "layouts", 1, &layouts, diag)) != GCN_OK)
            return st;
        for (enc = 0; enc < t->nencodings && enc < 8; enc++)
            if (strcmp(t->encodings[enc].name, name) == 0)
                break;
        if (enc >= t->nencodings || enc >= 8)
            continue;
        cJSON_ArrayForEach(l, layouts)
        {
            const cJSON *g;
            cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(l, "gens"))
            {
                int gen = cJSON_IsString(g) ? gcn_gen_lookup(g->valuestring) : -1;
                if (gen >= 0 && gen < GCN_MAX_GENS)
                    s->layout_errata[gen][enc] = cJSON_GetObjectItemCaseSensitive(l, "decided_by");
            }
        }
    }
    return GCN_OK;
}

gcn_status gcn_spec_info_load(gcn_spec_info **out, const char *path, gcn_diag *diag)
{
    gcn_spec_info *s = calloc(1, sizeof(*s));
    char *text = NULL;
    size_t len = 0;
    gcn_status st;
    *out = NULL;
    if (!s || !(s->empty = cJSON_CreateArray()) ||
        !(s->insns = calloc(gcn_codec_tables()->ninsns + 1, sizeof(*s->insns)))) {
        gcn_spec_info_free(s);
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = gcn_read_file(path, &text, &len, diag);
    if (st == GCN_OK) {
        gcn_sha256_hex(text, len, s->sha);
        if (strcmp(s->sha, gcn_codec_tables()->spec_sha256) != 0) {
            gcn_diag_set(diag, path, 0, 0,
                         "not the spec gcnspec was built from (sha256 %.12s..., the tables' "
                         "%.12s...): rebuild, or pass the spec the build used",
                         s->sha, gcn_codec_tables()->spec_sha256);
            st = GCN_ERR_INVALID;
        }
    }
    if (st == GCN_OK)
        st = gcn_json_parse(&s->doc, path, text, len, diag);
    free(text);
    if (st == GCN_OK)
        st = load_instructions(s, diag);
    if (st == GCN_OK)
        st = load_scalars(s, diag);
    if (st == GCN_OK)
        st = load_layouts(s, diag);
    if (st != GCN_OK) {
        gcn_spec_info_free(s);
        return st;
    }
    *out = s;
    return GCN_OK;
}
