#include "findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"
#include "util/text.h"

void fuzz_finding_id(const char *signature, char out[16])
{
    char hex[65];
    if (!gcn_sha256_hex(signature, strlen(signature), hex))
        snprintf(hex, sizeof(hex), "0000000000");
    snprintf(out, 16, "F-%.10s", hex);
}

/* The hashes of a space-separated list, in turn: the first at list, each next after p; NULL
 * after the last (or at a piece too short to be one). */
static const char *next_hash(const char *list, const char *p)
{
    if (p)
        p += FUZZ_INPUT_HASH_CHARS + (p[FUZZ_INPUT_HASH_CHARS] == ' ');
    else
        p = list;
    return p && !memchr(p, 0, FUZZ_INPUT_HASH_CHARS) ? p : NULL;
}

/* Is the hash h (FUZZ_INPUT_HASH_CHARS characters) in the list? */
static int hash_listed(const char *list, const char *h)
{
    const char *p;
    for (p = next_hash(list, NULL); p; p = next_hash(list, p))
        if (memcmp(p, h, FUZZ_INPUT_HASH_CHARS) == 0)
            return 1;
    return 0;
}

/* Appends h to list (FUZZ_INPUT_HASH_LIST_BYTES) unless it is there or the list is full; 1 when h
 * was not there. */
static int hash_join(char *list, const char *h)
{
    size_t len = strlen(list);
    if (hash_listed(list, h))
        return 0;
    if (len + 1 + FUZZ_INPUT_HASH_CHARS < FUZZ_INPUT_HASH_LIST_BYTES) {
        if (len)
            list[len++] = ' ';
        memcpy(list + len, h, FUZZ_INPUT_HASH_CHARS);
        list[len + FUZZ_INPUT_HASH_CHARS] = 0;
    }
    return 1;
}

int fuzz_input_hash_add(char *list, const void *data, size_t n)
{
    char hex[65];
    if (!gcn_sha256_hex(data, n, hex))
        return 1;
    return hash_join(list, hex);
}

static char *dup_or_empty(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    char *d = malloc(n + 1);
    if (!d)
        return NULL;
    if (n)
        memcpy(d, s, n);
    d[n] = 0;
    return d;
}

static void free_rec(fuzz_finding_rec *r)
{
    free(r->id);
    free(r->signature);
    free(r->target);
    free(r->engine);
    free(r->cls);
    free(r->class_by);
    free(r->why);
    free(r->title);
    free(r->evidence);
    free(r->reproducer);
    free(r->replay);
    free(r->replay_plain);
    free(r->first_seen);
    free(r->last_seen);
    free(r->input_hashes);
}

static void free_campaign(fuzz_campaign_rec *c)
{
    free(c->target);
    free(c->engine);
    free(c->sanitizers);
    free(c->date);
}

void fuzz_db_free(fuzz_findings_db *db)
{
    size_t i;
    for (i = 0; i < db->n; i++)
        free_rec(&db->v[i]);
    for (i = 0; i < db->nc; i++)
        free_campaign(&db->c[i]);
    free(db->v);
    free(db->c);
    memset(db, 0, sizeof(*db));
}

static void copy_rec(fuzz_finding_rec *d, const fuzz_finding_rec *s)
{
    d->id = dup_or_empty(s->id);
    d->signature = dup_or_empty(s->signature);
    d->target = dup_or_empty(s->target);
    d->engine = dup_or_empty(s->engine);
    d->cls = dup_or_empty(s->cls);
    d->class_by = dup_or_empty(s->class_by && *s->class_by ? s->class_by : "rule");
    d->why = dup_or_empty(s->why);
    d->title = dup_or_empty(s->title);
    d->evidence = dup_or_empty(s->evidence);
    d->reproducer = dup_or_empty(s->reproducer);
    d->replay = dup_or_empty(s->replay);
    d->replay_plain = dup_or_empty(s->replay_plain);
    d->first_seen = dup_or_empty(s->first_seen);
    d->last_seen = dup_or_empty(s->last_seen);
    d->inputs = s->inputs;
    d->size = s->size;
    d->input_hashes = malloc(FUZZ_INPUT_HASH_LIST_BYTES);
    if (d->input_hashes)
        snprintf(d->input_hashes, FUZZ_INPUT_HASH_LIST_BYTES, "%s",
                 s->input_hashes ? s->input_hashes : "");
}

static void replace(char **field, const char *value)
{
    char *d = dup_or_empty(value);
    if (!d)
        return;
    free(*field);
    *field = d;
}

fuzz_finding_rec *fuzz_db_add_finding(fuzz_findings_db *db, const fuzz_finding_rec *r)
{
    size_t i;
    for (i = 0; i < db->n; i++) {
        fuzz_finding_rec *o = &db->v[i];
        if (strcmp(o->id, r->id) != 0)
            continue;
        if (r->input_hashes && *r->input_hashes && o->input_hashes) {
            /* only the inputs not counted before (a triage run again on the same files) */
            unsigned long listed = 0;
            const char *p;
            for (p = next_hash(r->input_hashes, NULL); p; p = next_hash(r->input_hashes, p)) {
                listed++;
                o->inputs += (unsigned long)hash_join(o->input_hashes, p);
            }
            o->inputs += r->inputs > listed ? r->inputs - listed : 0;
        } else
            o->inputs += r->inputs;
        replace(&o->last_seen, r->last_seen);
        if (r->size && (!o->size || r->size <= o->size)) { /* the smaller reproducer wins */
            o->size = r->size;
            replace(&o->reproducer, r->reproducer);
            replace(&o->replay, r->replay);
            replace(&o->replay_plain, r->replay_plain);
            replace(&o->evidence, r->evidence);
            replace(&o->engine, r->engine);
        }
        if (strcmp(o->class_by, "hand") != 0) {
            replace(&o->cls, r->cls);
            replace(&o->why, r->why);
        }
        return o;
    }
    if (db->n == db->cap) {
        fuzz_finding_rec *g = realloc(db->v, (db->cap = db->cap ? 2 * db->cap : 16) * sizeof(*g));
        if (!g)
            return NULL;
        db->v = g;
    }
    copy_rec(&db->v[db->n], r);
    return &db->v[db->n++];
}

void fuzz_db_add_campaign(fuzz_findings_db *db, const fuzz_campaign_rec *c)
{
    size_t i;
    fuzz_campaign_rec *d = NULL;
    for (i = 0; i < db->nc; i++)
        if (strcmp(db->c[i].target, c->target) == 0 && strcmp(db->c[i].engine, c->engine) == 0) {
            d = &db->c[i];
            free_campaign(d);
            break;
        }
    if (!d) {
        if (db->nc == db->ccap) {
            fuzz_campaign_rec *g =
                realloc(db->c, (db->ccap = db->ccap ? 2 * db->ccap : 8) * sizeof(*g));
            if (!g)
                return;
            db->c = g;
        }
        d = &db->c[db->nc++];
    }
    *d = *c;
    d->target = dup_or_empty(c->target);
    d->engine = dup_or_empty(c->engine);
    d->sanitizers = dup_or_empty(c->sanitizers);
    d->date = dup_or_empty(c->date);
}

/* ---- reading -------------------------------------------------------------------------------- */

static gcn_status str_field(const gcn_json_doc *doc, const cJSON *o, const char *key, int required,
                            char **out, gcn_diag *diag)
{
    const char *s = NULL;
    gcn_status st = gcn_json_str(doc, o, key, required, &s, diag);
    if (st == GCN_OK)
        *out = dup_or_empty(s);
    return st;
}

static gcn_status num_field(const gcn_json_doc *doc, const cJSON *o, const char *key, double *out,
                            gcn_diag *diag)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!n)
        return GCN_OK;
    if (!cJSON_IsNumber(n) || n->valuedouble < 0)
        return gcn_json_error(doc, n, diag, "%s: expected a number >= 0", key);
    *out = n->valuedouble;
    return GCN_OK;
}

static gcn_status load_finding(const gcn_json_doc *doc, const cJSON *o, fuzz_finding_rec *r,
                               gcn_diag *diag)
{
    static const char *const keys[] = {
        "id",         "signature", "target",   "engine",     "class",        "class_by",
        "why",        "title",     "evidence", "reproducer", "replay",       "replay_plain",
        "first_seen", "last_seen", "inputs",   "size",       "input_hashes", NULL};
    gcn_status st;
    double inputs = 0, size = 0;
    memset(r, 0, sizeof(*r));
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "a finding is an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = str_field(doc, o, "id", 1, &r->id, diag)) != GCN_OK ||
        (st = str_field(doc, o, "signature", 1, &r->signature, diag)) != GCN_OK ||
        (st = str_field(doc, o, "target", 1, &r->target, diag)) != GCN_OK ||
        (st = str_field(doc, o, "engine", 0, &r->engine, diag)) != GCN_OK ||
        (st = str_field(doc, o, "class", 1, &r->cls, diag)) != GCN_OK ||
        (st = str_field(doc, o, "class_by", 0, &r->class_by, diag)) != GCN_OK ||
        (st = str_field(doc, o, "why", 0, &r->why, diag)) != GCN_OK ||
        (st = str_field(doc, o, "title", 0, &r->title, diag)) != GCN_OK ||
        (st = str_field(doc, o, "evidence", 0, &r->evidence, diag)) != GCN_OK ||
        (st = str_field(doc, o, "reproducer", 0, &r->reproducer, diag)) != GCN_OK ||
        (st = str_field(doc, o, "replay", 0, &r->replay, diag)) != GCN_OK ||
        (st = str_field(doc, o, "replay_plain", 0, &r->replay_plain, diag)) != GCN_OK ||
        (st = str_field(doc, o, "first_seen", 0, &r->first_seen, diag)) != GCN_OK ||
        (st = str_field(doc, o, "last_seen", 0, &r->last_seen, diag)) != GCN_OK ||
        (st = num_field(doc, o, "inputs", &inputs, diag)) != GCN_OK ||
        (st = num_field(doc, o, "size", &size, diag)) != GCN_OK ||
        (st = str_field(doc, o, "input_hashes", 0, &r->input_hashes, diag)) != GCN_OK)
        return st;
    if (r->input_hashes && strlen(r->input_hashes) >= FUZZ_INPUT_HASH_LIST_BYTES)
        return gcn_json_error(doc, cJSON_GetObjectItemCaseSensitive(o, "input_hashes"), diag,
                              "input_hashes: at most %d hashes", FUZZ_MAX_INPUT_HASHES);
    r->inputs = (unsigned long)inputs;
    r->size = (unsigned long)size;
    return GCN_OK;
}

/* seconds, execs and exec_per_s are read from files written before they left the reports */
static gcn_status load_campaign(const gcn_json_doc *doc, const cJSON *o, fuzz_campaign_rec *c,
                                gcn_diag *diag)
{
    static const char *const keys[] = {
        "target",     "engine", "sanitizers", "date",     "seconds",     "jobs",     "execs",
        "exec_per_s", "corpus", "coverage",   "features", "crash_files", "findings", NULL};
    double jobs = 0, execs = 0, corpus = 0, cov = 0, ft = 0, crashes = 0, findings = 0;
    gcn_status st;
    memset(c, 0, sizeof(*c));
    if (!cJSON_IsObject(o))
        return gcn_json_error(doc, o, diag, "a campaign is an object");
    if ((st = gcn_json_only_keys(doc, o, keys, diag)) != GCN_OK ||
        (st = str_field(doc, o, "target", 1, &c->target, diag)) != GCN_OK ||
        (st = str_field(doc, o, "engine", 1, &c->engine, diag)) != GCN_OK ||
        (st = str_field(doc, o, "sanitizers", 0, &c->sanitizers, diag)) != GCN_OK ||
        (st = str_field(doc, o, "date", 0, &c->date, diag)) != GCN_OK ||
        (st = num_field(doc, o, "seconds", &c->seconds, diag)) != GCN_OK ||
        (st = num_field(doc, o, "exec_per_s", &c->exec_per_s, diag)) != GCN_OK ||
        (st = num_field(doc, o, "jobs", &jobs, diag)) != GCN_OK ||
        (st = num_field(doc, o, "execs", &execs, diag)) != GCN_OK ||
        (st = num_field(doc, o, "corpus", &corpus, diag)) != GCN_OK ||
        (st = num_field(doc, o, "coverage", &cov, diag)) != GCN_OK ||
        (st = num_field(doc, o, "features", &ft, diag)) != GCN_OK ||
        (st = num_field(doc, o, "crash_files", &crashes, diag)) != GCN_OK ||
        (st = num_field(doc, o, "findings", &findings, diag)) != GCN_OK)
        return st;
    c->jobs = (unsigned)jobs;
    c->execs = (unsigned long long)execs;
    c->corpus = (unsigned long)corpus;
    c->coverage = (unsigned long)cov;
    c->features = (unsigned long)ft;
    c->crash_files = (unsigned long)crashes;
    c->findings = (unsigned long)findings;
    return GCN_OK;
}

gcn_status fuzz_db_load(fuzz_findings_db *db, const char *json_path, gcn_diag *diag)
{
    gcn_json_doc doc;
    const cJSON *list = NULL, *it;
    const char *schema = NULL;
    gcn_status st;
    FILE *f;
    memset(db, 0, sizeof(*db));
    f = fopen(json_path, "rb");
    if (!f)
        return GCN_OK;
    fclose(f);
    if ((st = gcn_json_load(&doc, json_path, diag)) != GCN_OK) {
        gcn_json_free(&doc);
        return st;
    }
    if (!cJSON_IsObject(doc.root)) {
        st = gcn_json_error(&doc, doc.root, diag, "expected an object");
        goto out;
    }
    if ((st = gcn_json_str(&doc, doc.root, "schema", 1, &schema, diag)) != GCN_OK)
        goto out;
    if (strcmp(schema, "gcnspec-fuzz-findings/1") != 0) {
        st = gcn_json_error(&doc, doc.root, diag, "unknown schema \"%s\"", schema);
        goto out;
    }
    if ((st = gcn_json_arr(&doc, doc.root, "findings", 1, &list, diag)) != GCN_OK)
        goto out;
    cJSON_ArrayForEach(it, list)
    {
        fuzz_finding_rec r;
        st = load_finding(&doc, it, &r, diag);
        if (st == GCN_OK && !fuzz_db_add_finding(db, &r))
            st = GCN_ERR_NOMEM;
        free_rec(&r);
        if (st != GCN_OK)
            goto out;
    }
    list = NULL;
    if ((st = gcn_json_arr(&doc, doc.root, "campaigns", 0, &list, diag)) != GCN_OK)
        goto out;
    if (list)
        cJSON_ArrayForEach(it, list)
        {
            fuzz_campaign_rec c;
            st = load_campaign(&doc, it, &c, diag);
            if (st == GCN_OK)
                fuzz_db_add_campaign(db, &c);
            free_campaign(&c);
            if (st != GCN_OK)
                goto out;
        }
out:
    gcn_json_free(&doc);
    if (st != GCN_OK)
        fuzz_db_free(db);
    return st;
}

/* ---- writing -------------------------------------------------------------------------------- */

static int by_id(const void *a, const void *b)
{
    return strcmp(((const fuzz_finding_rec *)a)->id, ((const fuzz_finding_rec *)b)->id);
}

static int by_target(const void *a, const void *b)
{
    const fuzz_campaign_rec *x = a, *y = b;
    int c = strcmp(x->target, y->target);
    return c ? c : strcmp(x->engine, y->engine);
}

static void md_escape(gcn_buf *b, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            gcn_buf_puts(b, "\\|");
        else if (*s == '\n')
            gcn_buf_puts(b, " ");
        else
            gcn_buf_putc(b, *s);
    }
}

static char *markdown(const fuzz_findings_db *db, const fuzz_finding_rec *v, const size_t *order)
{
    gcn_buf b;
    size_t i, k, counts[8] = {0};
    static const char *const classes[] = {"our-bug", "llvm-bug", "doc-erratum", "unclassified"};
    (void)order;
    gcn_buf_init(&b);
    gcn_buf_printf(&b, "# Fuzzing findings\n\n"
                       "Written by `gcnspec fuzz --reports reports` at the end of a campaign "
                       "(the JSON for machines: `reports/findings.json`).\n"
                       "Each finding is one signature (`harness/triage.h`): the harness' "
                       "FINDING line, or the sanitizer's\n"
                       "error and top frames. Its class comes from the evidence (the rules are "
                       "in `harness/triage.h`);\n"
                       "`\"class_by\": \"hand\"` in the JSON keeps a class set by hand. Every "
                       "reproducer is in\n`reports/findings/`, with the command that replays "
                       "it.\n\n");
    /* what each campaign reached; its speed (execs, exec/s, seconds), which changes from run to
     * run, is printed at its end and kept out of the committed reports */
    gcn_buf_printf(&b, "## Campaigns\n\nThe last campaign of each target and engine.\n\n"
                       "| target | engine | sanitizers | date | jobs | corpus | coverage | "
                       "features | crashing inputs | findings |\n"
                       "|---|---|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (i = 0; i < db->nc; i++) {
        const fuzz_campaign_rec *c = &db->c[i];
        gcn_buf_printf(&b, "| %s | %s | %s | %s | %u | %lu | %lu | %lu | %lu | %lu |\n", c->target,
                       c->engine, c->sanitizers, c->date, c->jobs, c->corpus, c->coverage,
                       c->features, c->crash_files, c->findings);
    }
    for (i = 0; i < db->n; i++)
        for (k = 0; k < 4; k++)
            counts[k] += strcmp(v[i].cls, classes[k]) == 0;
    gcn_buf_printf(&b,
                   "\n## Findings\n\n%zu finding%s: %zu our-bug, %zu llvm-bug, %zu "
                   "doc-erratum, %zu unclassified.\n\n",
                   db->n, db->n == 1 ? "" : "s", counts[0], counts[1], counts[2], counts[3]);
    if (db->n) {
        gcn_buf_printf(&b, "| id | class | target | what | inputs |\n|---|---|---|---|--:|\n");
        for (i = 0; i < db->n; i++) {
            gcn_buf_printf(&b, "| [%s](#%s) | %s | %s | ", v[i].id, v[i].id, v[i].cls, v[i].target);
            md_escape(&b, v[i].title);
            gcn_buf_printf(&b, " | %lu |\n", v[i].inputs);
        }
    }
    for (i = 0; i < db->n; i++) {
        const fuzz_finding_rec *r = &v[i];
        gcn_buf_printf(&b, "\n### %s\n\n- **%s** (%s, by %s): ", r->id, r->title, r->cls,
                       r->class_by);
        md_escape(&b, r->why);
        gcn_buf_printf(&b,
                       "\n- signature: `%s`\n- target: %s (found with %s); %lu crashing "
                       "input%s; first seen %s, last %s\n"
                       "- reproducer: `%s` (%lu bytes)\n- replay: `%s`\n",
                       r->signature, r->target, r->engine, r->inputs, r->inputs == 1 ? "" : "s",
                       r->first_seen, r->last_seen, r->reproducer, r->size, r->replay);
        if (r->replay_plain && *r->replay_plain)
            gcn_buf_printf(&b, "- replay without an engine: `%s`\n", r->replay_plain);
        if (r->evidence && *r->evidence)
            gcn_buf_printf(&b, "\n```\n%s%s```\n", r->evidence,
                           r->evidence[strlen(r->evidence) - 1] == '\n' ? "" : "\n");
    }
    return gcn_buf_take(&b);
}

gcn_status fuzz_db_write(const fuzz_findings_db *db, const char *json_path, const char *md_path,
                         gcn_diag *diag)
{
    cJSON *root = cJSON_CreateObject(), *list, *camps;
    fuzz_finding_rec *v = malloc((db->n + 1) * sizeof(*v));
    fuzz_campaign_rec *cs = malloc((db->nc + 1) * sizeof(*cs));
    char *md;
    size_t i;
    gcn_status st;
    if (!root || !v || !cs) {
        cJSON_Delete(root);
        free(v);
        free(cs);
        return GCN_ERR_NOMEM;
    }
    if (db->n)
        memcpy(v, db->v, db->n * sizeof(*v));
    if (db->nc)
        memcpy(cs, db->c, db->nc * sizeof(*cs));
    qsort(v, db->n, sizeof(*v), by_id);
    qsort(cs, db->nc, sizeof(*cs), by_target);
    cJSON_AddStringToObject(root, "schema", "gcnspec-fuzz-findings/1");
    camps = cJSON_AddArrayToObject(root, "campaigns");
    for (i = 0; i < db->nc; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "target", cs[i].target);
        cJSON_AddStringToObject(o, "engine", cs[i].engine);
        cJSON_AddStringToObject(o, "sanitizers", cs[i].sanitizers);
        cJSON_AddStringToObject(o, "date", cs[i].date);
        cJSON_AddNumberToObject(o, "jobs", cs[i].jobs);
        cJSON_AddNumberToObject(o, "corpus", cs[i].corpus);
        cJSON_AddNumberToObject(o, "coverage", cs[i].coverage);
        cJSON_AddNumberToObject(o, "features", cs[i].features);
        cJSON_AddNumberToObject(o, "crash_files", cs[i].crash_files);
        cJSON_AddNumberToObject(o, "findings", cs[i].findings);
        cJSON_AddItemToArray(camps, o);
    }
    list = cJSON_AddArrayToObject(root, "findings");
    for (i = 0; i < db->n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", v[i].id);
        cJSON_AddStringToObject(o, "signature", v[i].signature);
        cJSON_AddStringToObject(o, "target", v[i].target);
        cJSON_AddStringToObject(o, "engine", v[i].engine);
        cJSON_AddStringToObject(o, "class", v[i].cls);
        cJSON_AddStringToObject(o, "class_by", v[i].class_by);
        cJSON_AddStringToObject(o, "why", v[i].why);
        cJSON_AddStringToObject(o, "title", v[i].title);
        cJSON_AddStringToObject(o, "evidence", v[i].evidence);
        cJSON_AddStringToObject(o, "reproducer", v[i].reproducer);
        cJSON_AddStringToObject(o, "replay", v[i].replay);
        cJSON_AddStringToObject(o, "replay_plain", v[i].replay_plain);
        cJSON_AddStringToObject(o, "first_seen", v[i].first_seen);
        cJSON_AddStringToObject(o, "last_seen", v[i].last_seen);
        cJSON_AddNumberToObject(o, "inputs", v[i].inputs);
        cJSON_AddNumberToObject(o, "size", v[i].size);
        if (v[i].input_hashes && *v[i].input_hashes)
            cJSON_AddStringToObject(o, "input_hashes", v[i].input_hashes);
        cJSON_AddItemToArray(list, o);
    }
    st = gcn_json_write_file(json_path, root, diag);
    cJSON_Delete(root);
    if (st == GCN_OK) {
        fuzz_findings_db sorted = *db;
        sorted.c = cs;
        char *clean;
        md = markdown(&sorted, v, NULL);
        /* a peer's output or a crash log may hold any bytes: valid UTF-8 (util/text) */
        clean = md ? gcn_text_clean(md, GCN_TEXT_PLAIN) : NULL;
        st = clean ? gcn_write_file_atomic(md_path, clean, strlen(clean), diag) : GCN_ERR_NOMEM;
        free(clean);
        free(md);
    }
    free(v);
    free(cs);
    return st;
}
