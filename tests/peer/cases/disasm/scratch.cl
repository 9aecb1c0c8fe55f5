/* private (scratch) memory with dynamic indexing, and global memory at computed addresses:
 * MUBUF scratch accesses, 8/16/64/128-bit global loads and stores */
__kernel void scratch(__global int *a, __global const int *idx, __global uchar *c,
                      __global ushort *s, __global long4 *v, int n)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    int priv[48];
    long lp[16];
    for (int k = 0; k < 48; k++)
        priv[k] = a[i + k * 64] ^ k;
    for (int k = 0; k < 16; k++)
        lp[k] = (long)priv[k * 3] << k;
    int j = idx[i] % 48;
    if (j < 0)
        j = -j;
    priv[(j + n) % 48] += 3;
    a[i] = priv[j] + priv[(j * 7) % 48] + (int)lp[j & 15];
    c[idx[i + 1]] = (uchar)(c[i] + 1);
    s[idx[i + 2] & 1023] = (ushort)(s[i] * 3);
    v[i] = v[idx[i + 3] & 255] + (long4)(lp[1], lp[2], lp[j & 15], n);
}
