/* divergent control flow: nested ifs, a switch, loops with breaks and continues, an early
 * return, a uniform branch on a kernel argument, a loop whose trip count differs per lane */
__kernel void control_flow(__global int *a, __global const int *b, __global float *f, int n,
                           int mode)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    int x = b[i];
    if (x < 0)
        return;
    int acc = 0;
    switch (x & 7) {
    case 0:
        acc = x * 3;
        break;
    case 1:
        acc = x ^ n;
        break;
    case 3:
        acc = -x;
        break;
    case 6:
        acc = b[x & 255];
        break;
    default:
        acc = 42;
    }
    for (int k = 0; k < x; k++) {
        if (b[k] == n)
            break;
        if (k & 1)
            continue;
        acc += b[k] >> 1;
    }
    while (acc > 1000) {
        acc = (acc & 1) ? acc * 3 + 1 : acc >> 1;
        if (acc == 4)
            break;
    }
    if (mode == 2) {
        for (int k = 0; k < n; k++)
            f[i] = f[i] * 0.5f + (float)k;
    } else if (mode > 5) {
        f[i] = (float)acc;
    }
    a[i] = acc;
}
