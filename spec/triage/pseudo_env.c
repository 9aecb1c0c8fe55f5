#include "pseudo_env.h"

#include <stdlib.h>
#include <string.h>

#include "util/json.h"

static const char *intern(gcn_pseudo_env *env, const char *s)
{
    if (!gcn_strs_push(&env->strings, s))
        return NULL;
    return env->strings.v[env->strings.n - 1];
}

static gcn_status add_names(gcn_pseudo_env *env, const gcn_json_doc *doc, const cJSON *list,
                            const char ***out, size_t *n, int objects, gcn_diag *diag)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, list)
    {
        const char *name = NULL, *s;
        const char **v;
        if (objects) {
            gcn_status st = gcn_json_str(doc, x, "name", 1, &name, diag);
            if (st != GCN_OK)
                return st;
        } else if (cJSON_IsString(x)) {
            name = x->valuestring;
        } else {
            return gcn_json_error(doc, x, diag, "expected a name");
        }
        s = intern(env, name);
        v = realloc((void *)*out, (*n + 1) * sizeof(*v));
        if (!s || !v)
            return GCN_ERR_NOMEM;
        v[(*n)++] = s;
        *out = v;
    }
    return GCN_OK;
}

static gcn_status add_helpers(gcn_pseudo_env *env, const gcn_json_doc *doc, const cJSON *list,
                              gcn_pseudo_env_enc *e, gcn_diag *diag)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, list)
    {
        const char *name = NULL;
        long long arity = 0;
        ps_helper *v;
        gcn_status st;
        if ((st = gcn_json_str(doc, x, "name", 1, &name, diag)) != GCN_OK ||
            (st = gcn_json_int(doc, x, "arity", 1, -1, 16, &arity, diag)) != GCN_OK)
            return st;
        v = realloc(e->helpers, (e->nhelpers + 1) * sizeof(*v));
        if (!v)
            return GCN_ERR_NOMEM;
        e->helpers = v;
        e->helpers[e->nhelpers].name = intern(env, name);
        e->helpers[e->nhelpers].arity = (int)arity;
        e->nhelpers++;
    }
    return GCN_OK;
}

gcn_status gcn_pseudo_env_load(gcn_pseudo_env *env, const char *path, gcn_diag *diag)
{
    gcn_json_doc doc;
    const cJSON *common = NULL, *encs = NULL, *x;
    const char *topic = NULL;
    gcn_status st;
    memset(env, 0, sizeof(*env));
    if ((st = gcn_json_load(&doc, path, diag)) != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    if ((st = gcn_json_str(&doc, doc.root, "topic", 1, &topic, diag)) != GCN_OK)
        goto out;
    if (strcmp(topic, "pseudocode") != 0) {
        st = gcn_json_error(&doc, doc.root, diag, "topic must be \"pseudocode\"");
        goto out;
    }
    if ((st = gcn_json_obj(&doc, doc.root, "common", 1, &common, diag)) != GCN_OK ||
        (st = gcn_json_arr(&doc, doc.root, "encodings", 1, &encs, diag)) != GCN_OK)
        goto out;
    env->v = calloc((size_t)cJSON_GetArraySize(encs) + 1, sizeof(*env->v));
    if (!env->v) {
        st = GCN_ERR_NOMEM;
        goto out;
    }
    cJSON_ArrayForEach(x, encs)
    {
        gcn_pseudo_env_enc *e = &env->v[env->n++];
        const char *name = NULL;
        if ((st = gcn_json_str(&doc, x, "encoding", 1, &name, diag)) != GCN_OK)
            goto out;
        e->encoding = (char *)intern(env, name);
        if ((st = add_names(env, &doc, cJSON_GetObjectItemCaseSensitive(common, "names"), &e->names,
                            &e->nnames, 1, diag)) != GCN_OK ||
            (st = add_names(env, &doc, cJSON_GetObjectItemCaseSensitive(x, "names"), &e->names,
                            &e->nnames, 1, diag)) != GCN_OK ||
            (st = add_names(env, &doc, cJSON_GetObjectItemCaseSensitive(x, "outputs"), &e->outputs,
                            &e->noutputs, 0, diag)) != GCN_OK ||
            (st = add_helpers(env, &doc, cJSON_GetObjectItemCaseSensitive(common, "helpers"), e,
                              diag)) != GCN_OK ||
            (st = add_helpers(env, &doc, cJSON_GetObjectItemCaseSensitive(x, "helpers"), e,
                              diag)) != GCN_OK)
            goto out;
    }
out:
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, path, 0, 0, "out of memory");
    gcn_json_free(&doc);
    if (st != GCN_OK)
        gcn_pseudo_env_free(env);
    return st;
}

void gcn_pseudo_env_free(gcn_pseudo_env *env)
{
    size_t i;
    for (i = 0; i < env->n; i++) {
        free((void *)env->v[i].names);
        free(env->v[i].helpers);
        free((void *)env->v[i].outputs);
    }
    free(env->v);
    gcn_strs_free(&env->strings);
    memset(env, 0, sizeof(*env));
}

int gcn_pseudo_env_for(const gcn_pseudo_env *env, const char *encoding, ps_env *out)
{
    size_t i;
    memset(out, 0, sizeof(*out));
    for (i = 0; env && i < env->n; i++)
        if (strcmp(env->v[i].encoding, encoding) == 0) {
            out->names = env->v[i].names;
            out->nnames = env->v[i].nnames;
            out->helpers = env->v[i].helpers;
            out->nhelpers = env->v[i].nhelpers;
            out->outputs = env->v[i].outputs;
            out->noutputs = env->v[i].noutputs;
            return 1;
        }
    return 0;
}
