/* Target 2, the text round trip: [generation byte][text, one instruction a line]. A line that
 * parses must encode, and from there asm text -> encode -> decode -> print -> parse -> encode is
 * a fixpoint (the same bytes, the same text); a line that does not parse must be refused with a
 * message and a column inside the line (1 .. length + 1), never a crash. */
#include <string.h>

#include "fuzz_common.h"
#include "util/buf.h"

#define TARGET "text_roundtrip"
#define LINE_MAX 1024

static void check_line(int gen, const char *line)
{
    gcn_inst p, d, p2, d2;
    gcn_diag diag;
    uint8_t b1[GCN_INST_MAX_BYTES], b2[GCN_INST_MAX_BYTES];
    size_t n1 = 0, n2 = 0, len = strlen(line);
    char t1[FUZZ_TEXT_MAX], t2[FUZZ_TEXT_MAX], hex[128], subject[160];
    const char *m;

    gcn_diag_clear(&diag);
    if (gcn_parse(gen, line, &p, &diag) != GCN_OK) {
        gcn_diag again;
        gcn_diag_clear(&again);
        /* gcn_assemble refuses it with the same message */
        if (gcn_assemble(gen, line, NULL, b1, sizeof(b1), &n1, &again) == GCN_OK ||
            again.col != diag.col || strcmp(again.msg, diag.msg) != 0)
            fuzz_finding(TARGET, "assemble-differs", "refused",
                         "  gen: %s\n  line: '%s'\n  gcn_parse: col %u: %s\n  gcn_assemble: col "
                         "%u: %s",
                         gcn_gen_id(gen), line, diag.col, diag.msg, again.col, again.msg);
        if (!diag.msg[0] || diag.col < 1 || diag.col > len + 1) {
            fuzz_subject_shape(diag.msg, subject, sizeof(subject));
            fuzz_finding(TARGET, diag.msg[0] ? "diagnostic-column-outside" : "diagnostic-empty",
                         subject, "  gen: %s\n  line: '%s' (%zu characters)\n  col %u: %s",
                         gcn_gen_id(gen), line, len, diag.col, diag.msg);
        }
        return;
    }
    /* subjects name the encoding; the mnemonic is in the evidence */
    m = gcn_inst_encoding(&p);
    if (gcn_encode(&p, b1, sizeof(b1), &n1) != GCN_OK)
        fuzz_finding(TARGET, "parsed-text-does-not-encode", m, "  line: '%s'", line);
    gcn_hex_bytes(b1, n1, hex, sizeof(hex));
    {
        /* the one-call path: the same instruction and bytes */
        gcn_inst a;
        uint8_t ba[GCN_INST_MAX_BYTES];
        size_t na = 0;
        if (gcn_assemble(gen, line, &a, ba, sizeof(ba), &na, &diag) != GCN_OK || na != n1 ||
            memcmp(ba, b1, n1) != 0 || !fuzz_same_inst(&a, &p))
            fuzz_finding(TARGET, "assemble-differs", m,
                         "  line: '%s'\n  gcn_parse + gcn_encode: %s\n  gcn_assemble differs", line,
                         hex);
    }
    if (gcn_decode(gen, b1, n1, &d) != GCN_OK || d.size != n1)
        fuzz_finding(TARGET, "encoded-text-does-not-decode", m, "  line: '%s'\n  bytes: %s", line,
                     hex);
    gcn_print(&d, t1, sizeof(t1));
    gcn_diag_clear(&diag);
    if (gcn_parse(gen, t1, &p2, &diag) != GCN_OK)
        fuzz_finding(TARGET, "printed-text-does-not-parse", m,
                     "  line: '%s'\n  bytes: %s\n  printed: '%s'\n  col %u: %s", line, hex, t1,
                     diag.col, diag.msg);
    if (gcn_encode(&p2, b2, sizeof(b2), &n2) != GCN_OK)
        fuzz_finding(TARGET, "parsed-text-does-not-encode", m, "  line: '%s'\n  printed: '%s'",
                     line, t1);
    if (n1 != n2 || memcmp(b1, b2, n1) != 0) {
        char hex2[128];
        gcn_hex_bytes(b2, n2, hex2, sizeof(hex2));
        if (gcn_decode(gen, b2, n2, &d2) != GCN_OK)
            fuzz_finding(TARGET, "encoded-text-does-not-decode", m, "  printed: '%s'", t1);
        if (!fuzz_alias(&d, &d2)) {
            fuzz_subject_diff(&d, &d2, subject, sizeof(subject));
            fuzz_finding(TARGET, "not-a-fixpoint", subject,
                         "  line: '%s'\n  bytes: %s\n  printed: '%s'\n  which assembles to: %s",
                         line, hex, t1, hex2);
        }
        return;
    }
    if (gcn_decode(gen, b2, n2, &d2) != GCN_OK)
        fuzz_finding(TARGET, "encoded-text-does-not-decode", m, "  printed: '%s'", t1);
    gcn_print(&d2, t2, sizeof(t2));
    if (strcmp(t1, t2) != 0)
        fuzz_finding(TARGET, "not-a-fixpoint", m, "  line: '%s'\n  printed: '%s'\n  then: '%s'",
                     line, t1, t2);
    /* the bytes the text gave are a canonical encoding: the byte round trip holds on them */
    fuzz_check_bytes(TARGET, gen, b1, n1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[LINE_MAX];
    int gen = fuzz_take_gen(&data, &size);
    size_t i = 0;
    if (gen < 0)
        return 0;
    while (i < size) {
        size_t n = 0;
        /* a line ends at a newline; a NUL ends the C string gcn_parse reads */
        while (i < size && data[i] != '\n') {
            if (n < sizeof(line) - 1)
                line[n++] = (char)data[i];
            i++;
        }
        i++;
        line[n] = 0;
        check_line(gen, line);
    }
    return 0;
}
