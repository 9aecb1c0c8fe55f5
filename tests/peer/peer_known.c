#define _POSIX_C_SOURCE 200809L
#include "peer_known.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int peer_key_matches(const cJSON *entry, const char *key, const char *val)
{
    const cJSON *pat = cJSON_GetObjectItemCaseSensitive(entry, key), *p;
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

int peer_lacks_gen(const cJSON *spec, const char *peer, const char *gen, const char *mnemonic)
{
    const cJSON *i;
    cJSON_ArrayForEach(i, cJSON_GetObjectItemCaseSensitive(spec, "instructions"))
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(i, "name"), *pl, *o;
        const cJSON *suffix = cJSON_GetObjectItemCaseSensitive(i, "asm_suffix");
        if (!cJSON_IsString(name))
            continue;
        /* the mnemonic as printed on each generation the instruction has: the name and its
         * form suffix where the generation prints it (v_mov_fed_b32_e32; VOP3's
         * v_writelane_b32_e64 on GCN 1.0, v_writelane_b32 on GCN 1.2) */
        cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(i, "opcodes"))
        {
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "gen");
            char full[128], always[128];
            int with;
            if (!cJSON_IsString(g) || (gen && strcmp(g->valuestring, gen) != 0))
                continue;
            with = cJSON_IsString(suffix) && peer_key_matches(i, "asm_suffix_gens", g->valuestring);
            snprintf(full, sizeof(full), "%s%s", name->valuestring,
                     with ? suffix->valuestring : "");
            /* the catalogue's mnemonic carries the suffix on every generation */
            snprintf(always, sizeof(always), "%s%s", name->valuestring,
                     cJSON_IsString(suffix) ? suffix->valuestring : "");
            if (strcasecmp(full, mnemonic) != 0 && strcasecmp(always, mnemonic) != 0)
                continue;
            cJSON_ArrayForEach(pl, cJSON_GetObjectItemCaseSensitive(i, "peer_lacks"))
            {
                const cJSON *p = cJSON_GetObjectItemCaseSensitive(pl, "peer");
                if (cJSON_IsString(p) && strcmp(p->valuestring, peer) == 0 &&
                    peer_key_matches(pl, "gens", g->valuestring))
                    return 1;
            }
        }
    }
    return 0;
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
