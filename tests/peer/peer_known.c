#define _POSIX_C_SOURCE 200809L
#include "peer_known.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int peer_key_matches(const cJSON *entry, const char *key, const char *val)
{
    return peer_pattern_matches(cJSON_GetObjectItemCaseSensitive(entry, key), val);
}

int peer_pattern_matches(const cJSON *pat, const char *val)
{
    const cJSON *p;
    if (!pat)
        return 1;
    if (cJSON_IsString(pat))
        return fnmatch(pat->valuestring, val, 0) == 0;
    cJSON_ArrayForEach(p, pat)
    {
        if (cJSON_IsString(p) && fnmatch(p->valuestring, val, 0) == 0)
            return 1;
    }
    return 0;
}

int peer_entries_init(peer_entries *pe, const cJSON *list, const char *const *keys)
{
    const cJSON *e;
    size_t k;
    memset(pe, 0, sizeof(*pe));
    for (k = 0; keys[k]; k++)
        if (k == PEER_KEYS_MAX)
            return 0;
    pe->nkeys = k;
    pe->v = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(*pe->v));
    if (!pe->v)
        return 0;
    cJSON_ArrayForEach(e, list)
    {
        peer_entry *c = &pe->v[pe->n++];
        c->entry = e;
        for (k = 0; k < pe->nkeys; k++)
            c->pat[k] = cJSON_GetObjectItemCaseSensitive(e, keys[k]);
    }
    return 1;
}

int peer_entry_matches(const peer_entries *pe, size_t i, const char *const *vals)
{
    size_t k;
    for (k = 0; k < pe->nkeys; k++)
        if (!peer_pattern_matches(pe->v[i].pat[k], vals[k]))
            return 0;
    return 1;
}

void peer_entries_free(peer_entries *pe)
{
    free(pe->v);
    memset(pe, 0, sizeof(*pe));
}

/* peer_lacks_gen's index: "peer\037gen\037mnemonic" (lower case; gen "" for any generation),
 * sorted, built once per spec document (the tests load one) */
static struct {
    const cJSON *spec;
    char **v;
    size_t n, cap;
} lacks_ix;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void lacks_add(const char *peer, const char *gen, const char *mnemonic)
{
    size_t len = strlen(peer) + strlen(gen) + strlen(mnemonic) + 3, i;
    char *s = malloc(len);
    if (!s)
        abort();
    snprintf(s, len, "%s\037%s\037%s", peer, gen, mnemonic);
    for (i = strlen(peer) + strlen(gen) + 2; s[i]; i++)
        s[i] = (char)tolower((unsigned char)s[i]);
    if (lacks_ix.n == lacks_ix.cap) {
        lacks_ix.cap = lacks_ix.cap ? 2 * lacks_ix.cap : 256;
        lacks_ix.v = realloc(lacks_ix.v, lacks_ix.cap * sizeof(*lacks_ix.v));
        if (!lacks_ix.v)
            abort();
    }
    lacks_ix.v[lacks_ix.n++] = s;
}

static void lacks_build(const cJSON *spec)
{
    const cJSON *i;
    size_t k;
    for (k = 0; k < lacks_ix.n; k++)
        free(lacks_ix.v[k]);
    lacks_ix.n = 0;
    lacks_ix.spec = spec;
    cJSON_ArrayForEach(i, cJSON_GetObjectItemCaseSensitive(spec, "instructions"))
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(i, "name"), *pl, *o;
        const cJSON *suffix = cJSON_GetObjectItemCaseSensitive(i, "asm_suffix");
        const cJSON *lacks = cJSON_GetObjectItemCaseSensitive(i, "peer_lacks");
        if (!cJSON_IsString(name) || !cJSON_GetArraySize(lacks))
            continue;
        /* the mnemonic as printed on each generation the instruction has: the name and its
         * form suffix where the generation prints it (v_mov_fed_b32_e32; VOP3's
         * v_writelane_b32_e64 on GCN 1.0, v_writelane_b32 on GCN 1.2); the catalogue's
         * mnemonic carries the suffix on every generation */
        cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(i, "opcodes"))
        {
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "gen");
            char full[128], always[128];
            int with;
            if (!cJSON_IsString(g))
                continue;
            with = cJSON_IsString(suffix) && peer_key_matches(i, "asm_suffix_gens", g->valuestring);
            snprintf(full, sizeof(full), "%s%s", name->valuestring,
                     with ? suffix->valuestring : "");
            snprintf(always, sizeof(always), "%s%s", name->valuestring,
                     cJSON_IsString(suffix) ? suffix->valuestring : "");
            cJSON_ArrayForEach(pl, lacks)
            {
                const cJSON *p = cJSON_GetObjectItemCaseSensitive(pl, "peer");
                if (!cJSON_IsString(p) || !peer_key_matches(pl, "gens", g->valuestring))
                    continue;
                lacks_add(p->valuestring, g->valuestring, full);
                lacks_add(p->valuestring, g->valuestring, always);
                lacks_add(p->valuestring, "", full);
                lacks_add(p->valuestring, "", always);
            }
        }
    }
    if (lacks_ix.n)
        qsort(lacks_ix.v, lacks_ix.n, sizeof(*lacks_ix.v), cmp_str);
}

int peer_lacks_gen(const cJSON *spec, const char *peer, const char *gen, const char *mnemonic)
{
    char key[256], *kp = key;
    size_t i;
    if (lacks_ix.spec != spec)
        lacks_build(spec);
    snprintf(key, sizeof(key), "%s\037%s\037%s", peer, gen ? gen : "", mnemonic);
    for (i = strlen(peer) + strlen(gen ? gen : "") + 2; key[i]; i++)
        key[i] = (char)tolower((unsigned char)key[i]);
    return lacks_ix.n && bsearch(&kp, lacks_ix.v, lacks_ix.n, sizeof(*lacks_ix.v), cmp_str);
}

int peer_lacks(const cJSON *spec, const char *peer, const char *mnemonic)
{
    return peer_lacks_gen(spec, peer, NULL, mnemonic);
}

int peer_load(gcn_json_doc *doc, const char *rel)
{
    char path[4096];
    gcn_diag d;
    snprintf(path, sizeof(path), "%s/%s", getenv("GCN_SOURCE_DIR") ? getenv("GCN_SOURCE_DIR") : ".",
             rel);
    if (gcn_json_load(doc, path, &d) != GCN_OK) {
        gcn_diag_print(&d, stderr);
        return 0;
    }
    return 1;
}
