/* global memory of several widths, constant (scalar) loads */
__kernel void memory(__global char *c, __global short *s, __global long *l, __constant int *k,
                     __global int4 *v)
{
    int i = __builtin_amdgcn_workitem_id_x();
    c[i] = (char)(k[0] + k[1]);
    s[i] = (short)(c[i + 1] * k[2]);
    l[i] = l[i + 1] + (long)k[3] * 0x100000001L;
    v[i] = v[i + 1] * (int4)(k[4], k[5], k[6], k[7]);
}
