#define _POSIX_C_SOURCE 200809L
#include "known_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

peer_known *known_list_load(void)
{
    const char *path = getenv("GCN_LLVM_KNOWN");
    char tmp[512];
    peer_known *k = NULL;
    gcn_diag diag;
    gcn_status st;
    int fd = -1;
    gcn_diag_clear(&diag);
    if (!path || !*path) {
        /* peer_known_load reads a file: the compiled-in copy goes through a private one */
        const char *dir = getenv("TMPDIR");
        snprintf(tmp, sizeof(tmp), "%s/gcnspec-known-XXXXXX", dir && *dir ? dir : "/tmp");
        fd = mkstemp(tmp);
        if (fd < 0 ||
            write(fd, gcn_known_json, gcn_known_json_len) != (ssize_t)gcn_known_json_len) {
            fprintf(stderr, "gcnspec-fuzz: cannot write %s\n", tmp);
            exit(1);
        }
        close(fd);
        path = tmp;
    }
    st = peer_known_load(&k, path, &diag);
    if (fd >= 0)
        unlink(tmp);
    if (st != GCN_OK) {
        gcn_diag_print(&diag, stderr);
        exit(1);
    }
    return k;
}
