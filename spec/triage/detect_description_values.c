/* Descriptions against their pseudocode, on what the value is: its signedness (the description
 * says unsigned, the code sign-extends; or the reverse), the counter it is read from (the
 * description names one counter, the code reads another), the half of a register it comes from
 * or goes to (low/high), and a zero test ("is zero" where the code tests != 0). Each rule reads
 * one explicit claim of the description and fires only where the description makes it; the other
 * description rules are in detect_text.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "findings.h"
#include "sections.h"

/* w as a whole word, case-insensitively (letters and digits around it do not continue it) */
static int word(const char *s, const char *w)
{
    size_t n = strlen(w);
    const char *p;
    for (p = s; *p; p++) {
        size_t i;
        for (i = 0; i < n && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)w[i]);
             i++)
            ;
        if (i == n && (p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
            return 1;
    }
    return 0;
}

/* The code with every blank removed, so that "& 0xffff" and "&0xffff" read alike. */
static char *squeeze(const char *code)
{
    char *s = gcn_code_without_comments(code), *p, *q;
    if (!s)
        return NULL;
    for (p = q = s; *p; p++)
        if (!isspace((unsigned char)*p))
            *q++ = *p;
    *q = 0;
    return s;
}

/* A signed integer type name (INT8..INT64, not UINT..) as a whole word, no wider than
 * `max_bits` when that is not 0: a wider signed type holds every value of an unsigned
 * narrower one ("unsigned 16-bit value" computed in an INT32 to clamp at 0, V_SUB_U16). */
static int has_signed_type(const char *code, int max_bits)
{
    const char *p = code;
    while ((p = strstr(p, "INT")) != NULL) {
        int before = p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        if (before && isdigit((unsigned char)p[3]) && (!max_bits || atoi(p + 3) <= max_bits))
            return 1;
        p += 3;
    }
    return 0;
}

/* The width the description gives the value, "16-bit" in "unsigned 16-bit value": the first
 * "N-bit" after the word "unsigned", or 0. */
static int unsigned_bits(const char *d)
{
    const char *p = d;
    while ((p = strstr(p, "unsigned ")) != NULL) {
        p += 9;
        if (isdigit((unsigned char)*p)) {
            int bits = atoi(p);
            while (isdigit((unsigned char)*p))
                p++;
            if (strncmp(p, "-bit", 4) == 0)
                return bits;
        }
    }
    return 0;
}

static int has_unsigned_type(const char *code)
{
    const char *p = code;
    while ((p = strstr(p, "UINT")) != NULL) {
        int before = p == code || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        if (before && isdigit((unsigned char)p[4]))
            return 1;
        p += 4;
    }
    return 0;
}

static gcn_status report(gcn_findings *out, const gcn_section_view *s, const char *msg)
{
    gcn_strs ids = {0};
    gcn_finding *x;
    gcn_strs_push(&ids, s->description->id);
    gcn_strs_push(&ids, s->operation->id);
    x = gcn_findings_add(out, GCN_FC_DESCRIPTION, s->section->encoding, s->section->name, &ids,
                         NULL, "%s: %s", s->section->name, msg);
    gcn_strs_free(&ids);
    return x ? GCN_OK : GCN_ERR_NOMEM;
}

/* "signed"/"unsigned" in the description against sign extension and the types the code reads
 * the value through. Code without any integer type (ABS(SSRC0)) makes no claim. */
static const char *signedness(const char *d, const char *code)
{
    int d_signed = word(d, "signed"), d_unsigned = word(d, "unsigned");
    int sext = strstr(code, "SEXT") != NULL;
    int c_signed = sext || has_signed_type(code, unsigned_bits(d));
    int c_unsigned = has_unsigned_type(code);
    if (d_unsigned && sext)
        return "the description stores an unsigned value, the code sign-extends it (SEXT)";
    if (d_unsigned && !d_signed && c_signed && !c_unsigned)
        return "the description says unsigned, the code reads the value as a signed type";
    if (d_signed && !d_unsigned && c_unsigned && !c_signed)
        return "the description says signed, the code reads the value as an unsigned type";
    return NULL;
}

/* "the RTC counter" against the counter the code reads (a name holding CNT, e.g. CLOCKCNT). */
static int counter(const char *d, const char *code, char *msg, size_t size)
{
    const char *p = d;
    char code_counter[64] = "";
    const char *c = strstr(code, "CNT");
    if (!c)
        return 0;
    {
        const char *a = c, *b = c;
        while (a > code && (isalnum((unsigned char)a[-1]) || a[-1] == '_'))
            a--;
        while (isalnum((unsigned char)*b) || *b == '_')
            b++;
        snprintf(code_counter, sizeof(code_counter), "%.*s", (int)(b - a), a);
    }
    while ((p = strstr(p, " counter")) != NULL) {
        const char *e = p, *a = p;
        char name[64], upper[64];
        size_t i;
        while (a > d && (isalnum((unsigned char)a[-1]) || a[-1] == '_'))
            a--;
        snprintf(name, sizeof(name), "%.*s", (int)(e - a), a);
        p += 8;
        if (!name[0] || isdigit((unsigned char)name[0]))
            continue;
        for (i = 0; name[i] && i + 1 < sizeof(upper); i++)
            upper[i] = (char)toupper((unsigned char)name[i]);
        upper[i] = 0;
        if (strstr(code_counter, upper))
            continue; /* "clock counter", CLOCKCNT */
        {
            /* the code's name is the description's word cut short: "performance counter",
             * PERFCNT; "RTC counter" is no CLOCKCNT */
            size_t stem = strlen(code_counter) - 3;
            const char *cnt = strstr(code_counter, "CNT");
            if (cnt && cnt[3] == '\0' && stem >= 3 && strncmp(upper, code_counter, stem) == 0)
                continue;
        }
        snprintf(msg, size, "the description reads the %s counter, the code reads %s", name,
                 code_counter);
        return 1;
    }
    return 0;
}

/* Halves of the destination ("to lower 16-bits of VDST", "into higher part of VDST"): the code
 * keeps the other half (VDST & 0xffff0000 keeps the high one, so it writes the low one). */
static const char *dest_half(const char *d, const char *code)
{
    int low = word(d, "lower") || word(d, "low"), high = word(d, "higher") || word(d, "high");
    int of_dest = strstr(d, "of VDST") || strstr(d, "of SDST");
    int keeps_high = strstr(code, "0xffff0000") != NULL;
    int keeps_low = strstr(code, "&0xffff)") != NULL;
    if (!of_dest || low == high)
        return NULL;
    if (low && keeps_low && !keeps_high)
        return "the description writes the low half of the destination, the code keeps the low "
               "half and writes the high one";
    if (high && keeps_high && !keeps_low)
        return "the description writes the high half of the destination, the code keeps the high "
               "half and writes the low one";
    return NULL;
}

/* Halves of a source ("low 16 bits from VDATA0", "high 16-23 bits from ..."): the high half is
 * read by a right shift by the claimed width, the low one without it. */
static int source_half(const char *d, const char *code, char *msg, size_t size)
{
    static const char *const words[] = {"low", "lower", "lowest", "high", "higher", "highest"};
    size_t i;
    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        const char *p = d;
        size_t n = strlen(words[i]);
        while ((p = strstr(p, words[i])) != NULL) {
            const char *q = p + n;
            char shift[16];
            int bits, high = words[i][0] == 'h', shifted;
            if ((p > d && isalpha((unsigned char)p[-1])) || *q != ' ' ||
                !isdigit((unsigned char)q[1])) {
                p = q;
                continue;
            }
            bits = atoi(q + 1);
            q++;
            while (isdigit((unsigned char)*q) || *q == '-')
                q++;
            if (strncmp(q, " bits from", 10) != 0) {
                p = q;
                continue;
            }
            snprintf(shift, sizeof(shift), ">>%d", bits);
            shifted = strstr(code, shift) != NULL;
            if (high != shifted) {
                snprintf(
                    msg, size, "the description takes the %s %d bits of the source, the code %s",
                    high ? "high" : "low", bits,
                    high ? "takes the low ones (no right shift)" : "shifts the high ones down");
                return 1;
            }
            p = q;
        }
    }
    return 0;
}

/* "is zero" / "is not zero" against the code's test of the same condition. */
static const char *zero_test(const char *d, const char *code)
{
    int says_zero = strstr(d, " is zero") != NULL, says_not = strstr(d, " is not zero") != NULL;
    int tests_not = strstr(code, "!=0") != NULL, tests_zero = strstr(code, "==0") != NULL;
    if (says_zero && !says_not && tests_not && !tests_zero)
        return "the description tests the value for zero, the code for non-zero (!= 0)";
    if (says_not && !says_zero && tests_zero && !tests_not)
        return "the description tests the value for non-zero, the code for zero (== 0)";
    return NULL;
}

static gcn_status one_section(const gcn_section_view *s, gcn_findings *out)
{
    const char *d = s->description->description;
    char *code = squeeze(s->operation->code), msg[300];
    const char *why;
    gcn_status st = GCN_OK;
    if (!code)
        return GCN_ERR_NOMEM;
    if ((why = signedness(d, code)) != NULL)
        st = report(out, s, why);
    if (st == GCN_OK && counter(d, code, msg, sizeof(msg)))
        st = report(out, s, msg);
    if (st == GCN_OK && (why = dest_half(d, code)) != NULL)
        st = report(out, s, why);
    if (st == GCN_OK && source_half(d, code, msg, sizeof(msg)))
        st = report(out, s, msg);
    if (st == GCN_OK && (why = zero_test(d, code)) != NULL)
        st = report(out, s, why);
    free(code);
    return st;
}

gcn_status gcn_detect_description_values(const gcn_facts *f, gcn_findings *out)
{
    gcn_section_view *v;
    size_t n, i;
    gcn_status st = gcn_section_views(f, &v, &n);
    if (st != GCN_OK)
        return st;
    for (i = 0; i < n && st == GCN_OK; i++)
        if (v[i].description && v[i].description->description && v[i].operation)
            st = one_section(&v[i], out);
    free(v);
    return st;
}
