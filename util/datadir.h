/* Where gcnspec's data lies: the resolved spec, the curated facts, the peers' known
 * disagreements, the documents. The data directory has the source tree's layout
 * (spec/gcn.json, spec/curated/, spec/peers/, the vectors/ known lists, documents/), so a file is
 * named the same way wherever it lies: the source tree, or an installed share/gcnspec. */
#ifndef GCN_UTIL_DATADIR_H
#define GCN_UTIL_DATADIR_H

#include <stddef.h>

#include "gcnspec/diag.h"
#include "gcnspec/status.h"

/* The environment variable naming the data directory. */
#define GCN_DATA_DIR_ENV "GCNSPEC_DATA_DIR"
/* The file that makes a directory a data directory. */
#define GCN_DATA_DIR_MARK "spec/gcn.json"

typedef enum gcn_data_origin {
    GCN_DATA_OPTION,    /* named by the caller (gcnspec --data-dir) */
    GCN_DATA_ENV,       /* $GCNSPEC_DATA_DIR */
    GCN_DATA_INSTALLED, /* beside the executable: <bindir>/../share/gcnspec */
    GCN_DATA_SOURCE     /* the source tree the program was built from (a build-tree run) */
} gcn_data_origin;

/* Finds the data directory, first of: option (when not NULL), $GCNSPEC_DATA_DIR (when set and
 * not empty), the installed data beside the running executable, the source tree it was built
 * from (when it still holds the data). A directory named by option or the environment must be
 * one (no fall-through to another: the caller asked for that one); otherwise the error lists
 * every place looked and says how to name one. dir receives an absolute path. */
gcn_status gcn_data_dir_find(const char *option, char *dir, size_t size, gcn_data_origin *origin,
                             gcn_diag *diag);
/* "--data-dir", "GCNSPEC_DATA_DIR", "installed", "source tree" */
const char *gcn_data_origin_str(gcn_data_origin origin);

#endif
