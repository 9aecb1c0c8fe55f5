#define _XOPEN_SOURCE 700 /* readlink, realpath */
#include "datadir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set by util/CMakeLists.txt: the data directory relative to the installed binary's directory
 * (from CMAKE_INSTALL_BINDIR and CMAKE_INSTALL_DATADIR), and the source tree. */
#ifndef GCN_DATA_FROM_BINDIR
#define GCN_DATA_FROM_BINDIR "../share/gcnspec"
#endif
#ifndef GCN_DATA_SOURCE_DIR
#define GCN_DATA_SOURCE_DIR ""
#endif

const char *gcn_data_origin_str(gcn_data_origin origin)
{
    switch (origin) {
    case GCN_DATA_OPTION:
        return "--data-dir";
    case GCN_DATA_ENV:
        return GCN_DATA_DIR_ENV;
    case GCN_DATA_INSTALLED:
        return "installed";
    case GCN_DATA_SOURCE:
        return "source tree";
    }
    return "?";
}

/* dir holds the data: its absolute form into out. */
static int is_data_dir(const char *dir, char *out, size_t size)
{
    char mark[PATH_MAX + 32], *real;
    int ok;
    if (snprintf(mark, sizeof(mark), "%s/%s", dir, GCN_DATA_DIR_MARK) >= (int)sizeof(mark) ||
        access(mark, R_OK) != 0)
        return 0;
    real = realpath(dir, NULL);
    ok = real && snprintf(out, size, "%s", real) < (int)size;
    free(real);
    return ok;
}

/* <directory of the running executable>/GCN_DATA_FROM_BINDIR into out; 0 when unknown. */
static int beside_executable(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    char *slash;
    if (n <= 0)
        return 0;
    exe[n] = 0;
    slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    *slash = 0;
    return snprintf(out, size, "%s/%s", exe, GCN_DATA_FROM_BINDIR) < (int)size;
}

gcn_status gcn_data_dir_find(const char *option, char *dir, size_t size, gcn_data_origin *origin,
                             gcn_diag *diag)
{
    const char *env = getenv(GCN_DATA_DIR_ENV);
    char installed[PATH_MAX + 32];
    int have_installed;
    if (option) {
        *origin = GCN_DATA_OPTION;
        if (is_data_dir(option, dir, size))
            return GCN_OK;
        gcn_diag_set(diag, option, 0, 0,
                     "not a gcnspec data directory (no readable %s in it): --data-dir names "
                     "the directory holding spec/ and documents/ (an installed gcnspec's "
                     "share/gcnspec, or a source tree)",
                     GCN_DATA_DIR_MARK);
        return GCN_ERR_IO;
    }
    if (env && *env) {
        *origin = GCN_DATA_ENV;
        if (is_data_dir(env, dir, size))
            return GCN_OK;
        gcn_diag_set(diag, env, 0, 0,
                     "not a gcnspec data directory (no readable %s in it), named by "
                     "$" GCN_DATA_DIR_ENV ": set it to the directory holding spec/ and "
                     "documents/ (an installed gcnspec's share/gcnspec), or unset it",
                     GCN_DATA_DIR_MARK);
        return GCN_ERR_IO;
    }
    have_installed = beside_executable(installed, sizeof(installed));
    *origin = GCN_DATA_INSTALLED;
    if (have_installed && is_data_dir(installed, dir, size))
        return GCN_OK;
    *origin = GCN_DATA_SOURCE;
    if (GCN_DATA_SOURCE_DIR[0] && is_data_dir(GCN_DATA_SOURCE_DIR, dir, size))
        return GCN_OK;
    gcn_diag_set(diag, "gcnspec", 0, 0,
                 "no data directory (%s and what the commands read): looked in %s%s%s; "
                 "install gcnspec with its data (cmake --install), or name the directory "
                 "with --data-dir DIR or $" GCN_DATA_DIR_ENV,
                 GCN_DATA_DIR_MARK, have_installed ? installed : "(the executable's directory)",
                 GCN_DATA_SOURCE_DIR[0] ? " and " : "", GCN_DATA_SOURCE_DIR);
    return GCN_ERR_IO;
}
