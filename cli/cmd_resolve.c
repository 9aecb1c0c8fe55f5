#include <stdio.h>

#include "commands.h"

int cmd_resolve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "gcnspec resolve: not built yet\n");
    return 1;
}
