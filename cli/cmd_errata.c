#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "spec/extract/extract.h"
#include "spec/triage/findings.h"

int cmd_errata(int argc, char **argv)
{
    gcn_facts facts;
    gcn_findings fs;
    gcn_diag diag;
    size_t i, k;
    (void)argc;
    (void)argv;
    gcn_facts_init(&facts);
    if (gcn_extract_dir("../shared/seeds", &facts, &diag) != GCN_OK ||
        gcn_find_errata(&facts, &fs, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    for (i = 0; i < fs.n; i++) {
        printf("%s: %s\n", fs.v[i].key, fs.v[i].message);
        for (k = 0; k < fs.v[i].facts.n; k++)
            printf("    %s\n", fs.v[i].facts.v[k]);
        if (fs.v[i].gens.n) {
            printf("    gens:");
            for (k = 0; k < fs.v[i].gens.n; k++)
                printf(" %s", fs.v[i].gens.v[k]);
            printf("\n");
        }
    }
    gcn_findings_free(&fs);
    gcn_facts_free(&facts);
    return 0;
}
