#define _POSIX_C_SOURCE 200809L
#include "real_code.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/codeobj.h"
#include "util/file.h"

static int is_code_object(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 2 && strcmp(d->d_name + n - 2, ".o") == 0;
}

int bench_real_code(const char *prog, const char *dir, int gen, bench_code_fn each, void *ctx,
                    size_t *items)
{
    struct dirent **list = NULL;
    char suffix[64];
    int n = scandir(dir, &list, is_code_object, alphasort), i, files = 0, bad = 0;
    if (n < 0) {
        fprintf(stderr,
                "%s: %s: cannot read the real-code corpus (cmake --build BUILD --target "
                "real_code_report compiles it; or give --code DIR)\n",
                prog, dir);
        return -1;
    }
    snprintf(suffix, sizeof(suffix), "_%s.o", gcn_gen_mcpu(gen));
    for (i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        size_t len = strlen(name), sl = strlen(suffix), k;
        char path[4096], *data = NULL;
        size_t size = 0;
        gcn_codeobj obj;
        gcn_diag d;
        if (!bad && len > sl && strcmp(name + len - sl, suffix) == 0) {
            snprintf(path, sizeof(path), "%s/%s", dir, name);
            gcn_diag_clear(&d);
            if (gcn_read_file(path, &data, &size, &d) != GCN_OK ||
                gcn_codeobj_read(path, (const uint8_t *)data, size, &obj, &d) != GCN_OK) {
                gcn_diag_print(&d, stderr);
                bad = 1;
            } else {
                for (k = 0; k < obj.nsections && !bad; k++) {
                    const gcn_codeobj_section *sec = &obj.sections[k];
                    size_t pos = 0;
                    while (pos < sec->size && !bad) {
                        gcn_disasm_item item;
                        gcn_disasm_next(gen, sec->data + pos, sec->size - pos, &item);
                        if (item.kind == GCN_ITEM_INST)
                            bad = each(ctx, sec->data + pos, item.size, &item);
                        if (items)
                            (*items)++;
                        pos += item.size;
                    }
                }
                gcn_codeobj_free(&obj);
                files++;
            }
            free(data);
        }
        free(list[i]);
    }
    free(list);
    return bad ? -1 : files;
}
