#include "vector.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[] = {
#define GCN_VKIND_NAME(e, s) s,
    GCN_VKIND_LIST(GCN_VKIND_NAME)
#undef GCN_VKIND_NAME
};

static const char *const tag_names[] = {
#define GCN_VTAG_NAME(e, s, m) s,
    GCN_VTAG_LIST(GCN_VTAG_NAME)
#undef GCN_VTAG_NAME
};

static const char *const tag_meanings[] = {
#define GCN_VTAG_MEANING(e, s, m) m,
    GCN_VTAG_LIST(GCN_VTAG_MEANING)
#undef GCN_VTAG_MEANING
};

static const char *const err_names[] = {
#define GCN_VERR_NAME(e, s, m) s,
    GCN_VERR_LIST(GCN_VERR_NAME)
#undef GCN_VERR_NAME
};

static const char *const err_meanings[] = {
#define GCN_VERR_MEANING(e, s, m) m,
    GCN_VERR_LIST(GCN_VERR_MEANING)
#undef GCN_VERR_MEANING
};

const char *gcn_vkind_name(int kind)
{
    return kind >= 0 && kind < GCN_VKIND_COUNT ? kind_names[kind] : "?";
}

const char *gcn_vtag_name(int tag)
{
    return tag >= 0 && tag < GCN_VTAG_COUNT ? tag_names[tag] : "?";
}

const char *gcn_vtag_meaning(int tag)
{
    return tag >= 0 && tag < GCN_VTAG_COUNT ? tag_meanings[tag] : "?";
}

const char *gcn_verr_name(int err)
{
    return err >= 0 && err < GCN_VERR_COUNT ? err_names[err] : "?";
}

const char *gcn_verr_meaning(int err)
{
    return err >= 0 && err < GCN_VERR_COUNT ? err_meanings[err] : "?";
}

static int lookup(const char *const *names, int n, const char *name)
{
    int i;
    for (i = 0; name && i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

int gcn_vtag_lookup(const char *name)
{
    return lookup(tag_names, GCN_VTAG_COUNT, name);
}

int gcn_verr_lookup(const char *name)
{
    return lookup(err_names, GCN_VERR_COUNT, name);
}

int gcn_vkind_lookup(const char *name)
{
    return lookup(kind_names, GCN_VKIND_COUNT, name);
}

void gcn_vec_copy(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (!size)
        return;
    if (n >= size)
        n = size - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t gcn_vec_parse_hex(const char *s, uint8_t *out, size_t max, size_t *bad_col)
{
    size_t n = 0, i = 0;
    *bad_col = 0;
    for (;;) {
        int hi, lo;
        if (s[i] != '0' || (s[i + 1] != 'x' && s[i + 1] != 'X') || (hi = hexval(s[i + 2])) < 0 ||
            (lo = hexval(s[i + 3])) < 0 || n == max) {
            *bad_col = i + 1;
            return 0;
        }
        out[n++] = (uint8_t)(hi << 4 | lo);
        i += 4;
        if (!s[i])
            return n;
        if (s[i] != ',') {
            *bad_col = i + 1;
            return 0;
        }
        i++;
    }
}
