#include "text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char *text_trim(const char *s)
{
    const char *e;
    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    return gcn_strndup(s, (size_t)(e - s));
}

int text_starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

int text_cells(const char *line, gcn_strs *cells)
{
    const char *s = line, *e;
    size_t len;
    while (*s == ' ')
        s++;
    if (*s == '|')
        s++;
    len = strlen(s);
    while (len && s[len - 1] == ' ')
        len--;
    if (len && s[len - 1] == '|')
        len--;
    e = s + len;
    for (;;) {
        const char *bar = memchr(s, '|', (size_t)(e - s));
        const char *stop = bar ? bar : e;
        char *raw = gcn_strndup(s, (size_t)(stop - s)), *t;
        if (!raw)
            return 0;
        t = text_trim(raw);
        free(raw);
        if (!t || !gcn_strs_push(cells, t)) {
            free(t);
            return 0;
        }
        free(t);
        if (!bar)
            break;
        s = bar + 1;
    }
    return 1;
}

int text_is_table_separator(const char *line)
{
    int dashes = 0;
    for (; *line; line++) {
        if (*line == '-')
            dashes++;
        else if (*line != '|' && *line != ' ' && *line != ':')
            return 0;
    }
    return dashes >= 3;
}

int text_gens(const char *s, gcn_strs *gens)
{
    int count = 0;
    const char *p = s;
    while ((p = strstr(p, "GCN")) != NULL) {
        p += 3;
        while (*p == ' ')
            p++;
        for (;;) {
            char ver[16], id[32];
            size_t n = 0;
            if (!isdigit((unsigned char)p[0]) || p[1] != '.' || !isdigit((unsigned char)p[2]))
                break;
            /* major "." minor: digits, one dot, digits (a sentence's full stop is not part) */
            while (n < 4 && isdigit((unsigned char)p[n]))
                n++;
            n++;
            while (n < 8 && isdigit((unsigned char)p[n]))
                n++;
            memcpy(ver, p, n);
            ver[n] = '\0';
            snprintf(id, sizeof(id), "gcn%s", ver);
            if (!gcn_strs_has(gens, id)) {
                gcn_strs_push(gens, id);
                count++;
            }
            p += n;
            if (*p == '/' && isdigit((unsigned char)p[1]))
                p++;
            else
                break;
        }
    }
    return count;
}

int text_opcode(const char *s, long *dec, char **hex, long *hexval, const char **end)
{
    char *e;
    const char *p = s;
    while (*p == ' ')
        p++;
    if (!isdigit((unsigned char)*p))
        return 0;
    *dec = strtol(p, &e, 10);
    p = e;
    *hex = NULL;
    *hexval = -1;
    while (*p == ' ')
        p++;
    if (p[0] == '(' && p[1] == '0' && (p[2] == 'x' || p[2] == 'X')) {
        const char *q = p + 3;
        while (isxdigit((unsigned char)*q))
            q++;
        if (*q == ')' && q > p + 3) {
            *hex = gcn_strndup(p + 1, (size_t)(q - p - 1));
            *hexval = strtol(p + 3, NULL, 16);
            p = q + 1;
        }
    }
    *end = p;
    return 1;
}

int text_bits(const char *s, long *lo, long *hi)
{
    char *e;
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return 0;
    *lo = strtol(p, &e, 10);
    *hi = *lo;
    if (*e == '-') {
        if (!isdigit((unsigned char)e[1]))
            return 0;
        *hi = strtol(e + 1, &e, 10);
    }
    return *e == '\0' && *lo >= 0 && *hi >= *lo && *hi < 128;
}

int text_is_mnemonic(const char *s)
{
    const char *p = s;
    if (!isupper((unsigned char)*p))
        return 0;
    for (; *p; p++)
        if (!isupper((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '_')
            return 0;
    return strchr(s, '_') != NULL;
}

static int has_word(const char *s, const char *w)
{
    const char *p = s;
    size_t n = strlen(w);
    while ((p = strstr(p, w)) != NULL) {
        int before = p == s || !isalnum((unsigned char)p[-1]);
        int after = !isalnum((unsigned char)p[n]);
        if (before && after)
            return 1;
        p += n;
    }
    return 0;
}

void text_note_topics(const char *s, gcn_strs *topics)
{
    if (has_word(s, "M0"))
        gcn_strs_push(topics, "m0");
    if (strstr(s, "LGKM"))
        gcn_strs_push(topics, "lgkm");
    if (has_word(s, "GDS"))
        gcn_strs_push(topics, "gds");
    if (has_word(s, "SBASE") && (strstr(s, "multipl") || strstr(s, "aligned")))
        gcn_strs_push(topics, "sbase-alignment");
    if (strstr(s, "offset register"))
        gcn_strs_push(topics, "store-offset");
    if (has_word(s, "IMM") || has_word(s, "SOE"))
        gcn_strs_push(topics, "offset-mode");
    if (strstr(s, "delay"))
        gcn_strs_push(topics, "hazard");
    if (strstr(s, "out of the order") || strstr(s, "in order") || strstr(s, "serialized"))
        gcn_strs_push(topics, "ordering");
    if (strstr(s, "Modifiers"))
        gcn_strs_push(topics, "modifiers");
    if (strstr(s, "type requirements") || strstr(s, ": type "))
        gcn_strs_push(topics, "operand-types");
}

static const char *skip_blank(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static const char *skip_name(const char *q)
{
    while (isupper((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_')
        q++;
    return q;
}

/* One alternative of an operand: NAME, NAME(n[,m...]), NAME(n:m), NAME(ARG[, ARG...]), each
 * optionally followed by .NAME parts. Register counts are read into r only for the first
 * alternative and only when they are plain numbers; *plain is cleared when the alternative is
 * more than NAME or NAME(n[,m...]). */
static int read_alternative(const char *p, const char **end, gcn_operand_ref *r, int first,
                            int *plain)
{
    const char *q = p;
    if (!isupper((unsigned char)*q))
        return 0;
    q = skip_name(q);
    if (first) {
        r->name = gcn_strndup(p, (size_t)(q - p));
        if (!r->name)
            return 0;
    }
    if (*q == '(') {
        q = skip_blank(q + 1);
        for (;;) {
            if (isdigit((unsigned char)*q)) {
                char *e;
                long v = strtol(q, &e, 10);
                q = e;
                if (*q == ':') {
                    /* a range of register counts: kept as written only */
                    if (!isdigit((unsigned char)q[1]))
                        return 0;
                    strtol(q + 1, &e, 10);
                    q = e;
                    *plain = 0;
                    if (first)
                        r->nwidths = 0;
                    first = 0;
                } else if (first) {
                    if (r->nwidths == 4)
                        return 0;
                    r->widths[r->nwidths++] = (int)v;
                }
            } else if (isupper((unsigned char)*q)) {
                q = skip_name(q);
                *plain = 0;
            } else {
                return 0;
            }
            q = skip_blank(q);
            if (*q == ',') {
                q = skip_blank(q + 1);
                continue;
            }
            if (*q != ')')
                return 0;
            q++;
            break;
        }
    }
    while (*q == '.' && isupper((unsigned char)q[1])) {
        q = skip_name(q + 1);
        *plain = 0;
    }
    *end = q;
    return 1;
}

/* An operand: one alternative, or several joined by '|' ("SADDR(2)|OFF"). */
static int read_operand(const char *p, const char **end, gcn_operand_ref *r)
{
    const char *q = p;
    int plain = 1, first = 1;
    memset(r, 0, sizeof(*r));
    for (;;) {
        if (!read_alternative(q, &q, r, first, &plain))
            return 0;
        first = 0;
        if (*q != '|')
            break;
        plain = 0;
        q++;
    }
    if (!plain) {
        r->text = gcn_strndup(p, (size_t)(q - p));
        if (!r->text)
            return 0;
    }
    *end = q;
    return 1;
}

int text_syntax(const char *s, gcn_fact *f, size_t *bad)
{
    const char *p = skip_blank(s), *q;
    q = p;
    while (*q && *q != ' ' && *q != '\t')
        q++;
    if (q == p) {
        *bad = (size_t)(p - s);
        return 0;
    }
    f->mnemonic = gcn_strndup(p, (size_t)(q - p));
    p = skip_blank(q);
    /* operands: comma separated, until a modifier starts */
    while (*p && *p != '[') {
        gcn_operand_ref r;
        const char *e;
        gcn_operand_ref *v;
        if (!read_operand(p, &e, &r)) {
            free(r.name);
            free(r.text);
            *bad = (size_t)(p - s);
            return 0;
        }
        v = realloc(f->operands, (f->noperands + 1) * sizeof(*v));
        if (!v) {
            free(r.name);
            free(r.text);
            return 0;
        }
        f->operands = v;
        f->operands[f->noperands++] = r;
        p = skip_blank(e);
        if (*p == ',') {
            p = skip_blank(p + 1);
            continue;
        }
        break;
    }
    /* modifiers: [..] groups or bare NAME:NAME words */
    while (*p) {
        const char *e;
        char *m;
        if (*p == '[') {
            e = strchr(p, ']');
            if (!e) {
                *bad = (size_t)(p - s);
                return 0;
            }
            m = gcn_strndup(p + 1, (size_t)(e - p - 1));
            e++;
        } else {
            e = p;
            while (*e && *e != ' ' && *e != '\t')
                e++;
            /* a modifier outside brackets is required: recorded with a leading '!' */
            m = malloc((size_t)(e - p) + 2);
            if (!m)
                return 0;
            m[0] = '!';
            memcpy(m + 1, p, (size_t)(e - p));
            m[e - p + 1] = '\0';
            if (!isupper((unsigned char)m[1])) {
                free(m);
                *bad = (size_t)(p - s);
                return 0;
            }
        }
        gcn_strs_push(&f->modifiers, m);
        free(m);
        p = skip_blank(e);
    }
    return 1;
}
