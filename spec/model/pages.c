#include "pages.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/file.h"
#include "util/json.h"

gcn_status gcn_pages_encodings(const char *curated_dir, gcn_strs *out, gcn_strs *further,
                               gcn_diag *diag)
{
    char *path = gcn_path_join(curated_dir, "pages.json");
    gcn_json_doc doc;
    const char *schema = NULL, *topic = NULL;
    const cJSON *list = NULL, *e;
    gcn_status st;
    if (!path)
        return GCN_ERR_NOMEM;
    /* a curated directory without the list resolves the seeds alone */
    if (access(path, F_OK) != 0) {
        free(path);
        return GCN_OK;
    }
    st = gcn_json_load(&doc, path, diag);
    free(path);
    if (st != GCN_OK)
        return st;
    if (!cJSON_IsObject(doc.root))
        st = gcn_json_error(&doc, doc.root, diag, "a curated file must hold an object");
    else if ((st = gcn_json_str(&doc, doc.root, "schema", 1, &schema, diag)) == GCN_OK &&
             (st = gcn_json_str(&doc, doc.root, "topic", 1, &topic, diag)) == GCN_OK) {
        if (strcmp(schema, "gcnspec-curated/1") != 0)
            st = gcn_json_error(&doc, doc.root, diag, "unknown schema \"%s\"", schema);
        else if (strcmp(topic, "pages") != 0)
            st = gcn_json_error(&doc, doc.root, diag, "topic is \"%s\", expected \"pages\"", topic);
        else
            st = gcn_json_arr(&doc, doc.root, "encodings", 1, &list, diag);
    }
    if (st == GCN_OK)
        cJSON_ArrayForEach(e, list)
        {
            /* the keys the pipeline reads (the resolver: oracle_pending, forms_pending,
             * form_opcodes_same, segments, extra_dword_forms), so that a misspelt one is no silent
             * no-op */
            static const char *const keys[] = {"encoding",
                                               "note",
                                               "further",
                                               "oracle_pending",
                                               "forms_pending",
                                               "form_opcodes_same",
                                               "form_opcodes_same_source",
                                               "segments",
                                               "extra_dword_forms",
                                               NULL};
            static const char *const notes[] = {"oracle_pending", "forms_pending",
                                                "form_opcodes_same_source"};
            const char *name = NULL, *note = NULL, *same = NULL, *src = NULL;
            const cJSON *fu = cJSON_GetObjectItemCaseSensitive(e, "further"), *o;
            size_t k;
            if ((st = gcn_json_only_keys(&doc, e, keys, diag)) != GCN_OK ||
                (st = gcn_json_str(&doc, e, "encoding", 1, &name, diag)) != GCN_OK ||
                (st = gcn_json_str(&doc, e, "note", 1, &note, diag)) != GCN_OK ||
                (st = gcn_json_str(&doc, e, "form_opcodes_same", 0, &same, diag)) != GCN_OK)
                break;
            for (k = 0; k < sizeof(notes) / sizeof(notes[0]) && st == GCN_OK; k++)
                st = gcn_json_str(&doc, e, notes[k], 0, &src, diag);
            if (st == GCN_OK) /* the encoding's segments: the resolver reads each */
                st = gcn_json_arr(&doc, e, "segments", 0, &o, diag);
            if (st == GCN_OK) /* its extra-dword forms (SDWA, DPP): the resolver reads each */
                st = gcn_json_arr(&doc, e, "extra_dword_forms", 0, &o, diag);
            if (st != GCN_OK)
                break;
            if (same) {
                /* the encoding whose form has the same opcodes: another entry, with the page's
                 * sentence that says so */
                int found = 0;
                cJSON_ArrayForEach(o, list)
                {
                    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "encoding");
                    found |= o != e && cJSON_IsString(n) && strcmp(n->valuestring, same) == 0;
                }
                if (!found) {
                    st = gcn_json_error(
                        &doc, cJSON_GetObjectItemCaseSensitive(e, "form_opcodes_same"), diag,
                        "form_opcodes_same names \"%s\", which no other entry "
                        "lists: name the encoding whose form has the same opcodes",
                        same);
                    break;
                }
                if (!cJSON_GetObjectItemCaseSensitive(e, "form_opcodes_same_source")) {
                    st = gcn_json_error(&doc, e, diag,
                                        "form_opcodes_same needs form_opcodes_same_source: the "
                                        "page's sentence that says the opcodes are the same");
                    break;
                }
            }
            if (fu && !cJSON_IsBool(fu)) {
                st = gcn_json_error(&doc, fu, diag, "\"further\" must be true or false");
                break;
            }
            if (gcn_strs_has(out, name)) {
                st = gcn_json_error(&doc, e, diag, "encoding \"%s\" is listed twice", name);
                break;
            }
            if (!gcn_strs_push(out, name) ||
                (further && cJSON_IsTrue(fu) && !gcn_strs_push(further, name))) {
                st = GCN_ERR_NOMEM;
                break;
            }
        }
    gcn_json_free(&doc);
    return st;
}

static int has_encoding(const gcn_facts *f, const char *enc)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->v[i].encoding && strcmp(f->v[i].encoding, enc) == 0)
            return 1;
    return 0;
}

gcn_status gcn_facts_add_pages(gcn_facts *f, const char *pages_path, const char *root,
                               const char *curated_dir, gcn_diag *diag)
{
    gcn_strs encs = {0}, further = {0};
    gcn_facts pages;
    gcn_status st;
    size_t i, keep = 0, nfacts = 0;
    gcn_facts_init(&pages);
    if ((st = gcn_pages_encodings(curated_dir, &encs, &further, diag)) != GCN_OK)
        goto out;
    if (encs.n == 0)
        goto out;
    if ((st = gcn_facts_load(&pages, pages_path, diag)) != GCN_OK)
        goto out;
    for (i = 0; i < encs.n; i++) {
        if (!has_encoding(&pages, encs.v[i])) {
            gcn_diag_set(diag, pages_path, 0, 0,
                         "curated/pages.json lists %s, which no page of these facts describes",
                         encs.v[i]);
            st = GCN_ERR_INVALID;
            goto out;
        }
        /* a further page (a newer version of a seed's page) joins an encoding the seeds
         * describe; any other page, one they do not */
        if (has_encoding(f, encs.v[i]) != gcn_strs_has(&further, encs.v[i])) {
            gcn_diag_set(diag, pages_path, 0, 0,
                         gcn_strs_has(&further, encs.v[i])
                             ? "curated/pages.json lists %s as a further page, but the seeds do "
                               "not describe it: leave out \"further\""
                             : "curated/pages.json lists %s, which the seeds already describe: "
                               "list it with \"further\": true, so that its pages join the "
                               "seeds' as further versions",
                         encs.v[i]);
            st = GCN_ERR_INVALID;
            goto out;
        }
    }
    /* room for the adopted facts and documents */
    for (i = 0; i < pages.n; i++)
        nfacts += pages.v[i].encoding && gcn_strs_has(&encs, pages.v[i].encoding);
    if (f->n + nfacts > f->cap) {
        gcn_fact *v = realloc(f->v, (f->n + nfacts + 1) * sizeof(*v));
        if (!v) {
            st = GCN_ERR_NOMEM;
            goto out;
        }
        f->v = v;
        f->cap = f->n + nfacts + 1;
    }
    {
        gcn_doc_info *d = realloc(f->docs, (f->ndocs + pages.ndocs + 1) * sizeof(*d));
        if (!d) {
            st = GCN_ERR_NOMEM;
            goto out;
        }
        f->docs = d;
    }
    for (i = 0; i < pages.ndocs; i++) {
        gcn_doc_info *d = &pages.docs[i];
        if (d->encoding && gcn_strs_has(&encs, d->encoding)) {
            f->docs[f->ndocs] = *d;
            f->docs[f->ndocs].root = root ? gcn_strdup(root) : NULL;
            f->ndocs++;
        } else {
            pages.docs[keep++] = *d;
        }
    }
    pages.ndocs = keep;
    keep = 0;
    /* the pages' facts in their order, after the seeds' (ids differ: the files differ) */
    for (i = 0; i < pages.n; i++) {
        if (pages.v[i].encoding && gcn_strs_has(&encs, pages.v[i].encoding))
            f->v[f->n++] = pages.v[i];
        else
            pages.v[keep++] = pages.v[i];
    }
    pages.n = keep;
out:
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, pages_path, 0, 0, "out of memory");
    gcn_facts_free(&pages);
    gcn_strs_free(&encs);
    gcn_strs_free(&further);
    return st;
}
