/* Two pages describing one instruction (the older markdown DS page and the newer scraped one)
 * must say the same: the same syntax and the same pseudocode. Differences only in parentheses
 * are grouped into one finding, since one edit made them all. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "sections.h"

/* operands, widths and modifiers, upper-cased, without the mnemonic */
static char *syntax_key(const gcn_fact *s)
{
    char buf[512] = "";
    size_t i;
    int k;
    for (i = 0; i < s->noperands; i++) {
        char one[64];
        snprintf(one, sizeof(one), "%s%s", i ? "," : "", s->operands[i].name);
        strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
        for (k = 0; k < s->operands[i].nwidths; k++) {
            snprintf(one, sizeof(one), "(%d)", s->operands[i].widths[k]);
            strncat(buf, one, sizeof(buf) - strlen(buf) - 1);
        }
    }
    for (i = 0; i < s->modifiers.n; i++) {
        char *p;
        strncat(buf, " [", sizeof(buf) - strlen(buf) - 1);
        p = buf + strlen(buf);
        strncat(buf, s->modifiers.v[i], sizeof(buf) - strlen(buf) - 1);
        for (; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        strncat(buf, "]", sizeof(buf) - strlen(buf) - 1);
    }
    return gcn_strdup(buf);
}

/* code without comments and blanks; without parentheses too when `parens` is 0 */
static char *code_key(const char *code, int parens)
{
    char *c = gcn_code_without_comments(code), *p, *q;
    if (!c)
        return NULL;
    for (p = q = c; *p; p++)
        if (!isspace((unsigned char)*p) && (parens || (*p != '(' && *p != ')')))
            *q++ = *p;
    *q = 0;
    return c;
}

gcn_status gcn_detect_pages(const gcn_facts *f, gcn_findings *out)
{
    gcn_section_view *v;
    size_t n, i, j;
    gcn_status st = gcn_section_views(f, &v, &n);
    if (st != GCN_OK)
        return st;
    for (i = 0; i < n && st == GCN_OK; i++)
        for (j = i + 1; j < n && st == GCN_OK; j++) {
            const gcn_section_view *a = &v[i], *b = &v[j];
            gcn_strs ids = {0};
            if (strcmp(a->section->name, b->section->name) != 0 ||
                strcmp(a->section->file, b->section->file) == 0 ||
                strcmp(a->section->encoding, b->section->encoding) != 0)
                continue;
            if (a->syntax && b->syntax) {
                char *ka = syntax_key(a->syntax), *kb = syntax_key(b->syntax);
                if (ka && kb && strcmp(ka, kb) != 0) {
                    gcn_strs_push(&ids, a->syntax->id);
                    gcn_strs_push(&ids, b->syntax->id);
                    if (!gcn_findings_add(out, GCN_FC_PAGE_CONFLICT, a->section->encoding,
                                          a->section->name, &ids, NULL,
                                          "the pages give %s different operands: '%s' and '%s'",
                                          a->section->name, ka, kb))
                        st = GCN_ERR_NOMEM;
                    gcn_strs_free(&ids);
                }
                free(ka);
                free(kb);
            }
            if (st == GCN_OK && a->operation && b->operation) {
                char *ca = code_key(a->operation->code, 1), *cb = code_key(b->operation->code, 1);
                if (ca && cb && strcmp(ca, cb) != 0) {
                    char *pa = code_key(a->operation->code, 0),
                         *pb = code_key(b->operation->code, 0);
                    int parens_only = pa && pb && strcmp(pa, pb) == 0;
                    gcn_strs_push(&ids, a->operation->id);
                    gcn_strs_push(&ids, b->operation->id);
                    if (!gcn_findings_add(
                            out, GCN_FC_PAGE_CONFLICT, a->section->encoding,
                            parens_only ? "parentheses" : a->section->name, &ids, NULL,
                            parens_only ? "the pages parenthesize the pseudocode differently "
                                          "(the same tokens grouped otherwise)%s"
                                        : "the pages give %s different pseudocode",
                            parens_only ? "" : a->section->name))
                        st = GCN_ERR_NOMEM;
                    gcn_strs_free(&ids);
                    free(pa);
                    free(pb);
                }
                free(ca);
                free(cb);
            }
        }
    free(v);
    return st;
}
