#include "gcnspec/status.h"

static const char *const status_text[] = {
#define GCN_STATUS_TEXT(name, text) text,
    GCN_STATUS_LIST(GCN_STATUS_TEXT)
#undef GCN_STATUS_TEXT
};

const char *gcn_status_str(gcn_status status)
{
    if ((unsigned)status >= GCN_STATUS_COUNT)
        return "unknown status";
    return status_text[status];
}
