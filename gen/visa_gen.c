/* gcngen visa: gcn.json's "visa" section -> the oracle's DWORD_ATOMIC operations. Each row of
 * the page's operation table becomes one C function compiled from the row's formula ("new =
 * (old==src1) ? src0 : old") in the row's dword type, plus a table the runtime (oracle/visa.c)
 * reads: names, codes, what the operation returns and reads, provenance. */
#include "visa_gen.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"
#include "util/hash.h"
#include "util/json.h"

typedef struct parser {
    const char *p;
    const char *type; /* "UD", "D", "F" */
    const char *err;
    gcn_buf *out;
} parser;

static void skip(parser *x)
{
    while (isspace((unsigned char)*x->p))
        x->p++;
}

static int eat(parser *x, const char *tok)
{
    size_t n = strlen(tok);
    skip(x);
    if (strncmp(x->p, tok, n) != 0)
        return 0;
    /* "=" must not eat "==", "|" must not be read as "||" */
    if (n == 1 && (tok[0] == '=' || tok[0] == '|' || tok[0] == '&') && x->p[1] == tok[0])
        return 0;
    x->p += n;
    return 1;
}

static const char *sfx(const parser *x)
{
    return strcmp(x->type, "UD") == 0 ? "u32" : strcmp(x->type, "D") == 0 ? "i32" : "f32";
}

static const char *ctype(const parser *x)
{
    return strcmp(x->type, "UD") == 0  ? "uint32_t"
           : strcmp(x->type, "D") == 0 ? "int32_t"
                                       : "float";
}

/* Each level emits C into a fresh buffer so that binary operators can wrap their operands. */
typedef int (*level_fn)(parser *x, gcn_buf *b);
static int cond(parser *x, gcn_buf *b);

static int primary(parser *x, gcn_buf *b)
{
    skip(x);
    if (eat(x, "(")) {
        gcn_buf_putc(b, '(');
        if (!cond(x, b))
            return 0;
        if (!eat(x, ")")) {
            x->err = "')' expected";
            return 0;
        }
        gcn_buf_putc(b, ')');
        return 1;
    }
    if (isdigit((unsigned char)*x->p)) {
        unsigned long v = strtoul(x->p, (char **)&x->p, 10);
        gcn_buf_printf(b, "((%s)%lu)", ctype(x), v);
        return 1;
    }
    if (isalpha((unsigned char)*x->p)) {
        char w[16];
        size_t k = 0;
        while (isalnum((unsigned char)*x->p) && k + 1 < sizeof(w))
            w[k++] = *x->p++;
        w[k] = 0;
        if (strcmp(w, "old") == 0 || strcmp(w, "src0") == 0 || strcmp(w, "src1") == 0) {
            gcn_buf_puts(b, strcmp(w, "old") == 0 ? "o" : strcmp(w, "src0") == 0 ? "a" : "c");
            return 1;
        }
        if (strcmp(w, "min") == 0 || strcmp(w, "max") == 0) {
            gcn_buf_printf(b, "gv_%s_%s(", w, sfx(x));
            if (!eat(x, "(") || !cond(x, b) || !eat(x, ","))
                return x->err = x->err ? x->err : "min/max(a, b) expected", 0;
            gcn_buf_puts(b, ", ");
            if (!cond(x, b) || !eat(x, ")"))
                return x->err = x->err ? x->err : "')' expected", 0;
            gcn_buf_putc(b, ')');
            return 1;
        }
        x->err = "unknown name";
        return 0;
    }
    x->err = "operand expected";
    return 0;
}

/* Left-associative binary levels; integers wrap (D: through uint32_t), floats: IEEE. */
static int binary(parser *x, gcn_buf *b, level_fn next, const char *const *ops)
{
    gcn_buf lhs;
    gcn_buf_init(&lhs);
    if (!next(x, &lhs)) {
        gcn_buf_free(&lhs);
        return 0;
    }
    for (;;) {
        const char *const *op;
        gcn_buf rhs;
        for (op = ops; *op && !eat(x, *op); op++)
            ;
        if (!*op)
            break;
        gcn_buf_init(&rhs);
        if (!next(x, &rhs)) {
            gcn_buf_free(&lhs);
            gcn_buf_free(&rhs);
            return 0;
        }
        {
            gcn_buf t;
            gcn_buf_init(&t);
            if (strcmp(*op, "==") == 0)
                gcn_buf_printf(&t, "(%s == %s)", lhs.data, rhs.data);
            else if (strcmp(x->type, "F") == 0 && strchr("&|^", (*op)[0])) {
                x->err = "bitwise operator on a float operation";
                gcn_buf_free(&t);
                gcn_buf_free(&lhs);
                gcn_buf_free(&rhs);
                return 0;
            } else if (strcmp(x->type, "F") == 0)
                gcn_buf_printf(&t, "(%s %s %s)", lhs.data, *op, rhs.data);
            else
                gcn_buf_printf(&t, "((%s)((uint32_t)(%s) %s (uint32_t)(%s)))", ctype(x), lhs.data,
                               *op, rhs.data);
            gcn_buf_free(&lhs);
            gcn_buf_free(&rhs);
            lhs = t;
        }
    }
    gcn_buf_append(b, lhs.data, lhs.len);
    gcn_buf_free(&lhs);
    return 1;
}

static int additive(parser *x, gcn_buf *b)
{
    static const char *const ops[] = {"+", "-", NULL};
    return binary(x, b, primary, ops);
}
static int equality(parser *x, gcn_buf *b)
{
    static const char *const ops[] = {"==", NULL};
    return binary(x, b, additive, ops);
}
static int band(parser *x, gcn_buf *b)
{
    static const char *const ops[] = {"&", NULL};
    return binary(x, b, equality, ops);
}
static int bxor(parser *x, gcn_buf *b)
{
    static const char *const ops[] = {"^", NULL};
    return binary(x, b, band, ops);
}
static int bor(parser *x, gcn_buf *b)
{
    static const char *const ops[] = {"|", NULL};
    return binary(x, b, bxor, ops);
}

static int cond(parser *x, gcn_buf *b)
{
    gcn_buf c;
    gcn_buf_init(&c);
    if (!bor(x, &c)) {
        gcn_buf_free(&c);
        return 0;
    }
    if (eat(x, "?")) {
        gcn_buf_putc(b, '(');
        gcn_buf_append(b, c.data, c.len);
        gcn_buf_puts(b, " ? ");
        gcn_buf_free(&c);
        if (!cond(x, b))
            return 0;
        if (!eat(x, ":"))
            return x->err = "':' expected", 0;
        gcn_buf_puts(b, " : ");
        if (!cond(x, b))
            return 0;
        gcn_buf_putc(b, ')');
        return 1;
    }
    gcn_buf_append(b, c.data, c.len);
    gcn_buf_free(&c);
    return 1;
}

static const char *str_of(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void c_string(gcn_buf *b, const char *s)
{
    gcn_buf_putc(b, '"');
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            gcn_buf_putc(b, '\\');
        if (*s == '\n')
            gcn_buf_puts(b, "\\n");
        else
            gcn_buf_putc(b, *s);
    }
    gcn_buf_putc(b, '"');
}

static int has_str(const cJSON *arr, const char *s)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, arr) if (cJSON_IsString(e) && strcmp(e->valuestring, s) == 0) return 1;
    return 0;
}

static int bad(gcn_diag *diag, const char *path, const char *what, const char *detail)
{
    gcn_diag_set(diag, path, 0, 0, "visa: %s%s", what, detail ? detail : "");
    return 0;
}

int gv_generate(const char *spec_path, const char *out_path, gcn_diag *diag)
{
    char *text = NULL, sha[65];
    size_t len = 0, nops = 0, k;
    gcn_json_doc doc;
    const cJSON *visa, *ops, *op, *opd, *val;
    gcn_buf b, rows;
    int ok = 0;
    if (gcn_read_file(spec_path, &text, &len, diag) != GCN_OK)
        return 0;
    gcn_sha256_hex(text, len, sha);
    if (gcn_json_parse(&doc, spec_path, text, len, diag) != GCN_OK) {
        free(text);
        return 0;
    }
    free(text);
    visa = cJSON_GetObjectItemCaseSensitive(doc.root, "visa");
    ops = cJSON_GetObjectItemCaseSensitive(visa, "ops");
    if (!cJSON_IsArray(ops) || cJSON_GetArraySize(ops) == 0) {
        gcn_json_free(&doc);
        return bad(diag, spec_path, "the spec has no vISA operation table", NULL);
    }
    gcn_buf_init(&b);
    gcn_buf_init(&rows);
    gcn_buf_printf(
        &b, "/* Generated by gcngen visa from spec/gcn.json (sha256 %s). Do not edit. */\n", sha);
    gcn_buf_puts(&rows, "static const gv_op gv_op_rows[] = {\n");
    cJSON_ArrayForEach(op, ops)
    {
        const char *name = str_of(op, "name"), *expr = str_of(op, "new"),
                   *type = str_of(op, "type"), *ret = str_of(op, "returns"),
                   *code = str_of(op, "code"), *at = str_of(op, "at");
        const cJSON *reads = cJSON_GetObjectItemCaseSensitive(op, "reads");
        const cJSON *errata = cJSON_GetObjectItemCaseSensitive(op, "errata"), *e;
        parser x;
        gcn_buf body;
        char errs[128] = "";
        if (!name || !expr || !type || !ret || !code || !at || !cJSON_IsArray(reads))
            goto fail_row;
        if (strcmp(type, "UD") && strcmp(type, "D") && strcmp(type, "F"))
            goto fail_row;
        if (strcmp(ret, "old") && strcmp(ret, "new"))
            goto fail_row;
        x.p = expr;
        x.type = type;
        x.err = NULL;
        gcn_buf_init(&body);
        if (!cond(&x, &body) || (skip(&x), *x.p)) {
            gcn_diag_set(diag, at, 0, 0, "visa: %s: the formula '%s' does not compile: %s", name,
                         expr, x.err ? x.err : "trailing text");
            gcn_buf_free(&body);
            goto done;
        }
        gcn_buf_printf(&b,
                       "/* %s: new = %s (%s) */\n"
                       "static uint32_t gv_op_%s(uint32_t old_bits, uint32_t src0_bits, "
                       "uint32_t src1_bits)\n{\n"
                       "    %s o = gv_from_%s(old_bits), a = gv_from_%s(src0_bits), c = "
                       "gv_from_%s(src1_bits);\n"
                       "    (void)o; (void)a; (void)c;\n"
                       "    return gv_to_%s(%s);\n}\n\n",
                       at, expr, type, name,
                       strcmp(type, "UD") == 0  ? "uint32_t"
                       : strcmp(type, "D") == 0 ? "int32_t"
                                                : "float",
                       sfx(&x), sfx(&x), sfx(&x), sfx(&x), body.data);
        gcn_buf_free(&body);
        cJSON_ArrayForEach(e, errata) if (cJSON_IsString(e))
        {
            size_t n = strlen(errs);
            snprintf(errs + n, sizeof(errs) - n, "%s%s", n ? " " : "", e->valuestring);
        }
        gcn_buf_printf(&rows, "    {");
        c_string(&rows, name);
        gcn_buf_puts(&rows, ", ");
        c_string(&rows, str_of(op, "mnemonic"));
        gcn_buf_puts(&rows, ", ");
        c_string(&rows, str_of(op, "formula"));
        gcn_buf_puts(&rows, ", ");
        c_string(&rows, type);
        gcn_buf_puts(&rows, ", ");
        c_string(&rows, at);
        gcn_buf_puts(&rows, ", ");
        c_string(&rows, errs);
        gcn_buf_printf(&rows, ", %s, GV_%s, %d, %d, %d, gv_op_%s},\n", code, type,
                       strcmp(ret, "new") == 0, has_str(reads, "src0"), has_str(reads, "src1"),
                       name);
        nops++;
        continue;
    fail_row:
        bad(diag, at ? at : spec_path,
            "an operation row lacks name/new/type/returns/code/at: ", name);
        goto done;
    }
    gcn_buf_puts(&rows, "};\n\n");
    gcn_buf_append(&b, rows.data, rows.len);
    /* the channel counts Exec_size allows */
    gcn_buf_puts(&b, "static const uint8_t gv_channel_counts[] = {");
    k = 0;
    cJSON_ArrayForEach(opd, cJSON_GetObjectItemCaseSensitive(visa, "operands"))
    {
        const char *n = str_of(opd, "name");
        if (!n || strcmp(n, "Exec_size") != 0)
            continue;
        cJSON_ArrayForEach(val, cJSON_GetObjectItemCaseSensitive(opd, "values"))
        {
            const cJSON *ch = cJSON_GetObjectItemCaseSensitive(val, "channels");
            if (cJSON_IsNumber(ch)) {
                gcn_buf_printf(&b, "%s%d", k ? ", " : "", ch->valueint);
                k++;
            }
        }
    }
    gcn_buf_puts(&b, "};\n");
    if (!k) {
        bad(diag, spec_path, "Exec_size lists no channel counts", NULL);
        goto done;
    }
    {
        const cJSON *oob = cJSON_GetObjectItemCaseSensitive(visa, "out_of_bounds");
        const cJSON *same = cJSON_GetObjectItemCaseSensitive(visa, "same_address");
        const cJSON *sem = cJSON_GetObjectItemCaseSensitive(visa, "semantics");
        const char *rd = str_of(oob, "read"), *wr = str_of(oob, "write");
        if (!rd || !wr || strcmp(rd, "zero") || strcmp(wr, "drop")) {
            bad(diag, spec_path, "out_of_bounds must be read: zero, write: drop", NULL);
            goto done;
        }
        gcn_buf_printf(&b,
                       "static const gv_table gv_table_data = {\n"
                       "    gv_op_rows, %zu, gv_channel_counts, %zu,\n    ",
                       nops, k);
        c_string(&b, str_of(oob, "at"));
        gcn_buf_puts(&b, ", ");
        c_string(&b, same ? str_of(same, "at") : "");
        gcn_buf_puts(&b, ", ");
        c_string(&b, str_of(sem, "at"));
        gcn_buf_puts(&b, ", ");
        c_string(&b, str_of(visa, "name"));
        gcn_buf_printf(&b, ", \"%s\"};\n", sha);
    }
    ok = !b.oom && !rows.oom && gcn_write_file_atomic(out_path, b.data, b.len, diag) == GCN_OK;
done:
    gcn_buf_free(&b);
    gcn_buf_free(&rows);
    gcn_json_free(&doc);
    return ok;
}
