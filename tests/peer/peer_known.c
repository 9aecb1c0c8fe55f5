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

int peer_lacks(const cJSON *spec, const char *peer, const char *mnemonic)
{
    const cJSON *i;
    cJSON_ArrayForEach(i, cJSON_GetObjectItemCaseSensitive(spec, "instructions"))
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(i, "name"), *pl;
        const cJSON *suffix = cJSON_GetObjectItemCaseSensitive(i, "asm_suffix");
        char full[128];
        if (!cJSON_IsString(name))
            continue;
        /* the mnemonic as printed: the name and its form suffix (v_mov_fed_b32_e32) */
        snprintf(full, sizeof(full), "%s%s", name->valuestring,
                 cJSON_IsString(suffix) ? suffix->valuestring : "");
        if (strcasecmp(name->valuestring, mnemonic) != 0 && strcasecmp(full, mnemonic) != 0)
            continue;
        cJSON_ArrayForEach(pl, cJSON_GetObjectItemCaseSensitive(i, "peer_lacks"))
        {
            const cJSON *p = cJSON_GetObjectItemCaseSensitive(pl, "peer");
            if (cJSON_IsString(p) && strcmp(p->valuestring, peer) == 0)
                return 1;
        }
    }
    return 0;
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
