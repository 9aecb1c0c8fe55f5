/* Defects the current detectors miss or mishandle (each test fails until its detector is
 * fixed): a bitwise operation contradicting its description in an instruction whose address
 * computation already uses the same operator; a name that ends the code (read past its end,
 * seen under AddressSanitizer). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "triage_docs.h"
#include "triage_run.h"

#define DS "ds.md"

static void fires_once(const char *page, const char *from, const char *to, gcn_finding_cat c,
                       const char *at)
{
    char *bad = doc_edit(page, from, to);
    triage_doc d[] = {{DS, bad}}, clean[] = {{DS, page}};
    triage_result r;
    const gcn_finding *f;
    triage_run(clean, 1, &r);
    assert_int_equal(r.findings.n, 0);
    triage_free(&r);
    triage_run(d, 1, &r);
    f = only_finding(&r, c);
    if (!cites(f, DS, doc_line_of(bad, at, 1)))
        fail_msg("%s does not cite line %u", f->key, doc_line_of(bad, at, 1));
    triage_free(&r);
    free(bad);
}

static void test_bitwise_beside_address_mask(void **state)
{
    (void)state;
    /* "bitwise AND", but the operation ORs; the '&' of the address mask must not count */
    fires_once(ds_page, "*V = *V & VDATA0", "*V = *V | VDATA0", GCN_FC_DESCRIPTION,
               "Description: Do bitwise AND");
}

static void test_name_at_end_of_code(void **state)
{
    (void)state;
    /* "sets SCC" but SCC is only read, as the code's very last word: the rule that looks for
     * an assignment after the name must not read past the end of the code */
    fires_once(sop1_page, "SCC = EXEC!=0\n```\n\n#### S_ANDN2", "SDST = SCC\n```\n\n#### S_ANDN2",
               GCN_FC_DESCRIPTION, "Make bitwise AND on SSRC0 and EXEC\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bitwise_beside_address_mask),
        cmocka_unit_test(test_name_at_end_of_code),
    };
    return cmocka_run_group_tests_name("triage_detector_gaps", tests, NULL, NULL);
}
