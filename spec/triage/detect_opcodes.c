/* Opcode detectors: decimal vs hex, and the conflicts among claims ("M is at N on G") read off
 * tables and Opcode lines. Claims linked by a shared (generation, mnemonic) with different
 * opcodes, or a shared (generation, opcode) with different mnemonics, form one finding: one
 * defect in the documents, however many rows it touches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "spec/model/claims.h"

static int gens_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static gcn_status dec_hex(const gcn_facts *f, gcn_findings *out)
{
    size_t i, p;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        gcn_strs ids = {0};
        if (x->kind == GCN_FACT_OPCODE_ROW && x->hexval >= 0 && x->hexval != x->lo) {
            gcn_strs_push(&ids, x->id);
            if (!gcn_findings_add(out, GCN_FC_DEC_HEX, x->encoding, x->mnemonic ? x->mnemonic : "",
                                  &ids, NULL, "opcode %ld is written as %s (= %ld)", x->lo, x->hex,
                                  x->hexval))
                return GCN_ERR_NOMEM;
        }
        if (x->kind == GCN_FACT_OPCODE_LINE)
            for (p = 0; p < x->nparts; p++)
                if (x->parts[p].hexval >= 0 && x->parts[p].hexval != x->parts[p].dec) {
                    if (!ids.n)
                        gcn_strs_push(&ids, x->id);
                    if (!gcn_findings_add(out, GCN_FC_DEC_HEX, x->encoding, x->name, &ids,
                                          &x->parts[p].gens,
                                          "%s: opcode %ld is written as %s (= %ld)", x->name,
                                          x->parts[p].dec, x->parts[p].hex, x->parts[p].hexval))
                        return GCN_ERR_NOMEM;
                }
        gcn_strs_free(&ids);
    }
    return GCN_OK;
}

static size_t find_root(size_t *parent, size_t i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static void unite(size_t *parent, size_t a, size_t b)
{
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a != b)
        parent[a < b ? b : a] = a < b ? a : b;
}

/* Levenshtein distance, capped: only "close" matters. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), i, j, prev[64], cur[64];
    if (la >= 63 || lb >= 63)
        return 99;
    for (j = 0; j <= lb; j++)
        prev[j] = j;
    for (i = 1; i <= la; i++) {
        cur[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, (lb + 1) * sizeof(size_t));
    }
    return prev[lb];
}

/* Pairs of names one fact gives to one instruction ("A\tB"): a section headed "V_ADD_I32,
 * V_ADD_U32", a table cell "S_CMP_LG_U64, S_CMP_NE_U64". Such names share their opcode. */
static int alias_pairs(const gcn_facts *f, gcn_strs *pairs)
{
    size_t i, j, k;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        gcn_strs names = {0};
        if (x->kind == GCN_FACT_SECTION)
            for (k = 0; k < x->cells.n; k++)
                gcn_strs_push(&names, x->cells.v[k]);
        /* a row's names for one generation at one opcode (a rename across generations is no
         * alias, nor are two instructions of one range row at two opcodes of its range) */
        if (x->kind == GCN_FACT_OPCODE_ROW)
            for (j = 0; j < x->nclaims; j++)
                for (k = 0; k < x->nclaims; k++) {
                    const gcn_claim *a = &x->claims[j], *b = &x->claims[k];
                    char pair[256];
                    if (!a->mnemonic[0] || !b->mnemonic[0] ||
                        strcmp(a->mnemonic, b->mnemonic) == 0 || strcmp(a->gen, b->gen) != 0 ||
                        GCN_CLAIM_OPCODE(x, j) != GCN_CLAIM_OPCODE(x, k))
                        continue;
                    snprintf(pair, sizeof(pair), "%s\t%s", a->mnemonic, b->mnemonic);
                    if (!gcn_strs_has(pairs, pair) && !gcn_strs_push(pairs, pair))
                        return 0;
                }
        for (j = 0; j < names.n; j++)
            for (k = 0; k < names.n; k++) {
                char pair[256];
                if (j == k)
                    continue;
                snprintf(pair, sizeof(pair), "%s\t%s", names.v[j], names.v[k]);
                if (!gcn_strs_has(pairs, pair) && !gcn_strs_push(pairs, pair)) {
                    gcn_strs_free(&names);
                    return 0;
                }
            }
        gcn_strs_free(&names);
    }
    return 1;
}

/* The alias pairs, sorted, for named_together's binary search. */
typedef struct alias_set {
    const char **v;
    size_t n;
} alias_set;

static int str_ptr_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int alias_set_build(const gcn_strs *pairs, alias_set *out)
{
    out->n = pairs->n;
    out->v = malloc((pairs->n + 1) * sizeof(*out->v));
    if (!out->v)
        return 0;
    if (pairs->n)
        memcpy(out->v, pairs->v, pairs->n * sizeof(*out->v));
    qsort(out->v, out->n, sizeof(*out->v), str_ptr_cmp);
    return 1;
}

static int named_together(const alias_set *pairs, const char *a, const char *b)
{
    char pair[256];
    const char *key = pair;
    snprintf(pair, sizeof(pair), "%s\t%s", a, b);
    return pairs->n && bsearch(&key, pairs->v, pairs->n, sizeof(*pairs->v), str_ptr_cmp) != NULL;
}

/* 1 when some pair starts with name a (a has another name at all). */
static int has_pair(const alias_set *pairs, const char *a)
{
    char key[256];
    size_t lo = 0, hi = pairs->n, n;
    n = (size_t)snprintf(key, sizeof(key), "%s\t", a);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(pairs->v[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < pairs->n && strncmp(pairs->v[lo], key, n) == 0;
}

static int same_key(const gcn_claim_rec *a, const gcn_claim_rec *b)
{
    return strcmp(a->encoding, b->encoding) == 0 && strcmp(a->gen, b->gen) == 0;
}

/* Claim indices sorted by (encoding, generation, then mnemonic or opcode), so that the claims
 * one comparison concerns sit in one run; ties keep the claims' order. */
static const gcn_claims *sort_claims;
static int sort_by_mnemonic;

static int claim_idx_cmp(const void *pa, const void *pb)
{
    size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
    const gcn_claim_rec *a = &sort_claims->v[ia], *b = &sort_claims->v[ib];
    int r = strcmp(a->encoding, b->encoding);
    if (!r)
        r = strcmp(a->gen, b->gen);
    if (!r && sort_by_mnemonic)
        r = strcmp(a->mnemonic, b->mnemonic);
    if (!r && !sort_by_mnemonic)
        r = (a->opcode > b->opcode) - (a->opcode < b->opcode);
    if (!r)
        r = (ia > ib) - (ia < ib);
    return r;
}

static size_t *claims_sorted(const gcn_claims *c, int by_mnemonic)
{
    size_t *idx = malloc((c->n + 1) * sizeof(*idx)), i;
    if (!idx)
        return NULL;
    for (i = 0; i < c->n; i++)
        idx[i] = i;
    sort_claims = c;
    sort_by_mnemonic = by_mnemonic;
    qsort(idx, c->n, sizeof(*idx), claim_idx_cmp);
    return idx;
}

/* The end of the run of claims that share (encoding, generation, mnemonic or opcode) with
 * by[from]. */
static size_t run_end(const gcn_claims *c, const size_t *by, size_t from, int by_mnemonic)
{
    const gcn_claim_rec *a = &c->v[by[from]];
    size_t e = from + 1;
    while (e < c->n) {
        const gcn_claim_rec *b = &c->v[by[e]];
        if (!same_key(a, b) ||
            (by_mnemonic ? strcmp(a->mnemonic, b->mnemonic) != 0 : a->opcode != b->opcode))
            break;
        e++;
    }
    return e;
}

static gcn_status conflicts(const gcn_facts *f, const gcn_claims *c, const alias_set *aliases,
                            gcn_findings *out, unsigned char *in_conflict)
{
    size_t *parent = malloc((c->n + 1) * sizeof(*parent)), i, j;
    size_t *by_m = claims_sorted(c, 1), *by_op = claims_sorted(c, 0);
    size_t *root_of = malloc((c->n + 1) * sizeof(*root_of));
    size_t *members = malloc((c->n + 1) * sizeof(*members)), *first = NULL, *next = NULL;
    unsigned char *linked = calloc(c->n + 1, 1), *named_twice = calloc(c->n + 1, 1);
    gcn_status st = GCN_OK;
    if (!parent || !linked || !named_twice || !by_m || !by_op || !root_of || !members) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (i = 0; i < c->n; i++)
        parent[i] = i;
    /* One mnemonic at two opcodes (one encoding and generation): its claims form one finding.
     * Such a claim explains itself; it does not drag the other instruction at its wrong opcode
     * into the finding. */
    for (i = 0; i < c->n; i = j) {
        size_t k;
        int two_ops = 0;
        j = run_end(c, by_m, i, 1);
        for (k = i + 1; k < j; k++)
            if (c->v[by_m[k]].opcode != c->v[by_m[i]].opcode)
                two_ops = 1;
        if (!two_ops)
            continue;
        for (k = i; k < j; k++) {
            named_twice[by_m[k]] = linked[by_m[k]] = 1;
            unite(parent, by_m[i], by_m[k]);
        }
    }
    /* One opcode with two names that no fact gives together. */
    for (i = 0; i < c->n; i = j) {
        size_t k, l;
        j = run_end(c, by_op, i, 0);
        for (k = i; k < j; k++)
            for (l = k + 1; l < j; l++) {
                size_t x = by_op[k], y = by_op[l];
                const gcn_claim_rec *a = &c->v[x], *b = &c->v[y];
                if (strcmp(a->mnemonic, b->mnemonic) != 0 && !named_twice[x] && !named_twice[y] &&
                    !named_together(aliases, a->mnemonic, b->mnemonic)) {
                    unite(parent, x, y);
                    linked[x] = linked[y] = 1;
                }
            }
    }
    /* Each component's members in claim order: first[root], then next[]. */
    first = malloc((c->n + 1) * sizeof(*first));
    next = malloc((c->n + 1) * sizeof(*next));
    if (!first || !next) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (i = 0; i < c->n; i++) {
        root_of[i] = find_root(parent, i);
        first[i] = next[i] = (size_t)-1;
    }
    for (i = c->n; i-- > 0;) {
        next[i] = first[root_of[i]];
        first[root_of[i]] = i;
    }
    /* One finding per component (per generation; equal fact sets merge across generations). */
    for (i = 0; i < c->n && st == GCN_OK; i++) {
        gcn_strs ids = {0}, names = {0}, gens = {0};
        size_t root, k, nm = 0, m, q;
        int two_in_one_table = 0, close = 0;
        const char *subject;
        gcn_finding_cat cat;
        char detail[1536] = "";
        if (!linked[i] || root_of[i] != i)
            continue;
        root = i;
        for (k = first[root]; k != (size_t)-1; k = next[k])
            members[nm++] = k;
        for (m = 0; m < nm; m++) {
            const gcn_claim_rec *a = &c->v[members[m]];
            k = members[m];
            in_conflict[k] = 1;
            gcn_strs_push(&ids, a->fact->id);
            if (!gcn_strs_has(&names, a->mnemonic))
                gcn_strs_push(&names, a->mnemonic);
            if (!gcn_strs_has(&gens, a->gen))
                gcn_strs_push(&gens, a->gen);
            for (q = 0; q < nm; q++) {
                const gcn_claim_rec *b = &c->v[members[q]];
                if (members[q] != k && !a->from_section && !b->from_section && !a->weak &&
                    !b->weak && a->fact->ref && b->fact->ref &&
                    strcmp(a->fact->ref, b->fact->ref) == 0 &&
                    strcmp(a->mnemonic, b->mnemonic) == 0 && a->opcode != b->opcode)
                    two_in_one_table = 1;
            }
            {
                char one[160];
                snprintf(one, sizeof(one), "%s%s at %ld (%s:%u)", detail[0] ? "; " : "",
                         a->mnemonic, a->opcode, a->fact->file, a->fact->line);
                if (!strstr(detail, one + (detail[0] ? 2 : 0)) &&
                    strlen(detail) + strlen(one) + 1 < sizeof(detail))
                    strcat(detail, one);
            }
        }
        for (k = 0; k < names.n; k++)
            for (j = k + 1; j < names.n; j++)
                if (edit_distance(names.v[k], names.v[j]) <= 2)
                    close = 1;
        cat = close              ? GCN_FC_MISSPELLED
              : two_in_one_table ? GCN_FC_DUP_MNEMONIC
                                 : GCN_FC_OPCODE_CONFLICT;
        if (!close && !two_in_one_table) {
            /* one opcode with two names, and no name at two opcodes */
            int name_two_ops = 0;
            for (m = 0; m < nm; m++)
                for (q = m + 1; q < nm; q++) {
                    const gcn_claim_rec *a = &c->v[members[m]], *b = &c->v[members[q]];
                    if (same_key(a, b) && strcmp(a->mnemonic, b->mnemonic) == 0 &&
                        a->opcode != b->opcode)
                        name_two_ops = 1;
                }
            if (!name_two_ops)
                cat = GCN_FC_DUP_OPCODE;
        }
        subject = names.v[0];
        for (k = 1; k < names.n; k++)
            if (strcmp(names.v[k], subject) < 0)
                subject = names.v[k];
        if (!gcn_findings_add(out, cat, c->v[i].encoding, subject, &ids, &gens, "%s", detail))
            st = GCN_ERR_NOMEM;
        gcn_strs_free(&ids);
        gcn_strs_free(&names);
        gcn_strs_free(&gens);
    }
done:
    (void)f;
    free(parent);
    free(linked);
    free(named_twice);
    free(by_m);
    free(by_op);
    free(root_of);
    free(members);
    free(first);
    free(next);
    return st;
}

/* Tables of opcode ranges ("0-15 (0x00-0x0f) | V_CMP_{OP16}_F32") each list one kind of
 * instruction (the float comparisons, the integer ones): none is the page's whole list for its
 * generations, so an instruction it leaves out is no availability question. */
static int range_tables(const gcn_facts *f, gcn_strs *ids)
{
    size_t i, k;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        if (x->kind != GCN_FACT_OPCODE_ROW || !x->ref || gcn_strs_has(ids, x->ref))
            continue;
        for (k = 0; k < x->nclaims; k++)
            if (x->claims[k].ref) {
                if (!gcn_strs_push(ids, x->ref))
                    return 0;
                break;
            }
    }
    return 1;
}

/* Claims sorted by (the table their fact belongs to, generation), for the tables' lookups. */
static int ref_gen_cmp(const void *pa, const void *pb)
{
    size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
    const gcn_claim_rec *a = &sort_claims->v[ia], *b = &sort_claims->v[ib];
    int r = strcmp(a->fact->ref ? a->fact->ref : "", b->fact->ref ? b->fact->ref : "");
    if (!r)
        r = strcmp(a->gen, b->gen);
    if (!r)
        r = (ia > ib) - (ia < ib);
    return r;
}

/* The first position in `by` (sorted by ref_gen_cmp) whose claim has table `ref` and `gen`. */
static size_t ref_gen_lower(const gcn_claims *c, const size_t *by, const char *ref, const char *gen)
{
    size_t lo = 0, hi = c->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const gcn_claim_rec *b = &c->v[by[mid]];
        int r = strcmp(b->fact->ref ? b->fact->ref : "", ref);
        if (!r)
            r = strcmp(b->gen, gen);
        if (r < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A table covering generation G that does not list M at all, while another source says M
 * exists on G. */
static gcn_status availability(const gcn_facts *f, const gcn_claims *c, const alias_set *aliases,
                               gcn_findings *out, const unsigned char *in_conflict)
{
    size_t i, t, k, ntab = 0, *tabs = malloc((f->n + 1) * sizeof(*tabs));
    size_t *by_ref = malloc((c->n + 1) * sizeof(*by_ref));
    gcn_strs partial = {0}, explained = {0};
    alias_set explained_set = {0};
    gcn_status st = GCN_OK;
    if (!tabs || !by_ref || !range_tables(f, &partial)) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (t = 0; t < f->n; t++)
        if (f->v[t].kind == GCN_FACT_OPCODE_TABLE && !gcn_strs_has(&partial, f->v[t].id))
            tabs[ntab++] = t;
    for (k = 0; k < c->n; k++)
        by_ref[k] = k;
    sort_claims = c;
    qsort(by_ref, c->n, sizeof(*by_ref), ref_gen_cmp);
    /* claims already in an opcode finding are explained there: their (encoding, mnemonic) */
    for (k = 0; k < c->n; k++)
        if (in_conflict[k]) {
            char key[256];
            snprintf(key, sizeof(key), "%s\t%s", c->v[k].encoding, c->v[k].mnemonic);
            if (!gcn_strs_push(&explained, key)) {
                st = GCN_ERR_NOMEM;
                goto done;
            }
        }
    if (!alias_set_build(&explained, &explained_set)) {
        st = GCN_ERR_NOMEM;
        goto done;
    }
    for (i = 0; i < c->n; i++) {
        const gcn_claim_rec *a = &c->v[i];
        int aliased;
        /* a claim for another form (VOP3 of a VOP1 instruction) is not listed in that form's
         * own tables: its page's tables cover it */
        if (a->weak || a->form || named_together(&explained_set, a->encoding, a->mnemonic))
            continue;
        aliased = has_pair(aliases, a->mnemonic);
        for (t = 0; t < ntab; t++) {
            const gcn_fact *tab = &f->v[tabs[t]];
            int listed = 0;
            gcn_strs ids = {0}, gens = {0};
            if (strcmp(tab->encoding, a->encoding) != 0 || !gcn_strs_has(&tab->gens, a->gen))
                continue;
            for (k = ref_gen_lower(c, by_ref, tab->id, a->gen); k < c->n; k++) {
                const gcn_claim_rec *b = &c->v[by_ref[k]];
                if (!b->fact->ref || strcmp(b->fact->ref, tab->id) != 0 ||
                    strcmp(b->gen, a->gen) != 0)
                    break;
                if (b->from_section || strcmp(b->encoding, a->encoding) != 0)
                    continue;
                /* the table mentions M for G (or another name the documents give M with it),
                 * or has a row naming M with G as a candidate */
                if (strcmp(b->mnemonic, a->mnemonic) == 0 ||
                    (aliased && named_together(aliases, a->mnemonic, b->mnemonic))) {
                    listed = 1;
                    break;
                }
            }
            if (listed)
                continue;
            gcn_strs_push(&ids, a->fact->id);
            gcn_strs_push(&ids, tab->id);
            gcn_strs_push(&gens, a->gen);
            {
                /* one instruction's opcode missing from its tables is one finding, however many
                 * versions of the page (each with its section and table) repeat it */
                char group[300];
                gcn_finding *g;
                snprintf(group, sizeof(group), "availability|%s|%s|%ld", a->encoding, a->mnemonic,
                         a->opcode);
                g = gcn_findings_add_grouped(
                    out, GCN_FC_AVAILABILITY, a->encoding, a->mnemonic, group, &ids,
                    "%s:%u says %s exists (opcode %ld), but the opcode "
                    "table at %s:%u does not list it for these "
                    "generations",
                    a->fact->file, a->fact->line, a->mnemonic, a->opcode, tab->file, tab->line);
                if (!g || (!gcn_strs_has(&g->gens, a->gen) && !gcn_strs_push(&g->gens, a->gen)))
                    st = GCN_ERR_NOMEM;
                else if (g->gens.n > 1)
                    qsort(g->gens.v, g->gens.n, sizeof(*g->gens.v), gens_cmp);
            }
            gcn_strs_free(&ids);
            gcn_strs_free(&gens);
            if (st != GCN_OK)
                break;
        }
        if (st != GCN_OK)
            break;
    }
done:
    free(tabs);
    free(by_ref);
    free(explained_set.v);
    gcn_strs_free(&explained);
    gcn_strs_free(&partial);
    return st;
}

static gcn_status ambiguous_rows(const gcn_facts *f, gcn_findings *out)
{
    size_t i;
    for (i = 0; i < f->n; i++) {
        const gcn_fact *x = &f->v[i];
        gcn_strs ids = {0};
        if (x->kind != GCN_FACT_AMBIGUOUS_ROW)
            continue;
        gcn_strs_push(&ids, x->id);
        if (!gcn_findings_add(out, GCN_FC_AMBIGUOUS_ROW, x->encoding,
                              x->mnemonic ? x->mnemonic : "", &ids, &x->gens,
                              "'%s' lost empty cells: its checkmark could belong to any of %zu "
                              "generation columns",
                              x->text, x->candidates.n)) {
            gcn_strs_free(&ids);
            return GCN_ERR_NOMEM;
        }
        gcn_strs_free(&ids);
    }
    return GCN_OK;
}

gcn_status gcn_detect_opcodes(const gcn_facts *f, gcn_findings *out)
{
    gcn_claims c;
    gcn_strs aliases = {0};
    alias_set alias_sorted = {0};
    unsigned char *in_conflict;
    gcn_status st = gcn_claims_build(f, &c);
    if (st != GCN_OK)
        return st;
    in_conflict = calloc(c.n + 1, 1);
    if (!in_conflict) {
        gcn_claims_free(&c);
        return GCN_ERR_NOMEM;
    }
    st = dec_hex(f, out);
    if (st == GCN_OK && (!alias_pairs(f, &aliases) || !alias_set_build(&aliases, &alias_sorted)))
        st = GCN_ERR_NOMEM;
    if (st == GCN_OK)
        st = conflicts(f, &c, &alias_sorted, out, in_conflict);
    if (st == GCN_OK)
        st = availability(f, &c, &alias_sorted, out, in_conflict);
    if (st == GCN_OK)
        st = ambiguous_rows(f, out);
    free(in_conflict);
    free(alias_sorted.v);
    gcn_strs_free(&aliases);
    gcn_claims_free(&c);
    return st;
}
