#include "extract_operands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "spec/extract/operands.h"
#include "spec/extract/page_tables.h"
#include "spec/triage/operands_check.h"
#include "util/file.h"
#include "util/json.h"

static void tell_unreadable(const cJSON *facts, const char *page)
{
    const cJSON *u;
    char dir[512];
    const char *base = strrchr(page, '/');
    snprintf(dir, sizeof(dir), "%.*s", base ? (int)(base - page + 1) : 0, page);
    cJSON_ArrayForEach(u, cJSON_GetObjectItem(facts, "unreadable"))
    {
        fprintf(stderr, "%s%s: unreadable row (kept as a fact): %s\n", dir,
                cJSON_GetStringValue(cJSON_GetObjectItem(u, "from")),
                cJSON_GetStringValue(cJSON_GetObjectItem(u, "why")));
    }
}

static void tell_summary(const cJSON *findings, const char *output)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(findings, "summary"))
    {
        fprintf(stderr,
                "  %s: %d page rows, %d page codes; %d compared: %d agree, %d both unassigned, "
                "%d page-erratum, %d page-silent, %d scalar-scope, %d name-differs\n",
                cJSON_GetStringValue(cJSON_GetObjectItem(s, "gen")),
                cJSON_GetObjectItem(s, "page_rows")->valueint,
                cJSON_GetObjectItem(s, "page_codes")->valueint,
                cJSON_GetObjectItem(s, "compared")->valueint,
                cJSON_GetObjectItem(s, "agree")->valueint,
                cJSON_GetObjectItem(s, "both_unassigned")->valueint,
                cJSON_GetObjectItem(s, "page-erratum")->valueint,
                cJSON_GetObjectItem(s, "page-silent")->valueint,
                cJSON_GetObjectItem(s, "scalar-scope")->valueint,
                cJSON_GetObjectItem(s, "name-differs")->valueint);
    }
    fprintf(stderr, "gcnspec extract: %d findings -> %s\n",
            cJSON_GetArraySize(cJSON_GetObjectItem(findings, "findings")), output);
}

int cli_extract_operands(const char *page, const char *curated, const char *output,
                         const char *check)
{
    cJSON *facts = NULL, *result = NULL;
    gcn_diag diag;
    char *text, redo[1536];
    int rc;
    gcn_diag_clear(&diag);
    if (gcn_extract_operands(page, &facts, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    tell_unreadable(facts, page);
    if (curated) {
        if (gcn_operands_cross_check(facts, curated, &result, &diag) != GCN_OK) {
            gcn_diag_print(&diag, stderr);
            cJSON_Delete(facts);
            return 1;
        }
        cJSON_Delete(facts);
    } else
        result = facts;
    text = gcn_json_print_depth(result, curated ? 4 : 3);
    if (!text) {
        cJSON_Delete(result);
        fprintf(stderr, "gcnspec extract: out of memory\n");
        return 1;
    }
    snprintf(redo, sizeof(redo), "gcnspec extract --operands %s%s%s -o %s", page,
             curated ? " --cross-check --curated " : "", curated ? curated : "",
             check ? check : output);
    if (check) {
        rc = cli_same_as_file(text, check, redo) ? 0 : 1;
    } else {
        rc = gcn_write_file_atomic(output, text, strlen(text), &diag) == GCN_OK ? 0 : 1;
        if (rc)
            gcn_diag_print(&diag, stderr);
        else if (curated)
            tell_summary(result, output);
        else
            fprintf(stderr,
                    "gcnspec extract: %d tables, %d code rows, %d unreadable rows, %d "
                    "alignment rules -> %s\n",
                    cJSON_GetArraySize(cJSON_GetObjectItem(result, "tables")),
                    cJSON_GetArraySize(cJSON_GetObjectItem(result, "codes")),
                    cJSON_GetArraySize(cJSON_GetObjectItem(result, "unreadable")),
                    cJSON_GetArraySize(cJSON_GetObjectItem(result, "alignment")), output);
    }
    free(text);
    cJSON_Delete(result);
    return rc;
}

int cli_extract_page_tables(const char *page, const char *output, const char *check)
{
    cJSON *facts = NULL;
    const cJSON *t, *u;
    gcn_diag diag;
    char *text, redo[1536];
    int rc, rows = 0, lost = 0;
    gcn_diag_clear(&diag);
    if (gcn_extract_page_tables(page, &facts, &diag) != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        return 1;
    }
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(facts, "tables"))
    {
        rows += cJSON_GetArraySize(cJSON_GetObjectItem(t, "rows"));
        cJSON_ArrayForEach(u, cJSON_GetObjectItem(t, "unreadable"))
        {
            fprintf(stderr, "%s: unreadable row (kept as a fact): %s\n",
                    cJSON_GetStringValue(cJSON_GetObjectItem(u, "from")),
                    cJSON_GetStringValue(cJSON_GetObjectItem(u, "why")));
            lost++;
        }
    }
    text = gcn_json_print_depth(facts, 4);
    if (!text) {
        cJSON_Delete(facts);
        fprintf(stderr, "gcnspec extract: out of memory\n");
        return 1;
    }
    snprintf(redo, sizeof(redo), "gcnspec extract --tables %s -o %s", page, check ? check : output);
    if (check) {
        rc = cli_same_as_file(text, check, redo) ? 0 : 1;
    } else {
        rc = gcn_write_file_atomic(output, text, strlen(text), &diag) == GCN_OK ? 0 : 1;
        if (rc)
            gcn_diag_print(&diag, stderr);
        else
            fprintf(stderr,
                    "gcnspec extract: %d tables, %d rows, %d unreadable rows, %d checks -> "
                    "%s\n",
                    cJSON_GetArraySize(cJSON_GetObjectItem(facts, "tables")), rows, lost,
                    cJSON_GetArraySize(cJSON_GetObjectItem(facts, "checks")), output);
    }
    free(text);
    cJSON_Delete(facts);
    return rc;
}
