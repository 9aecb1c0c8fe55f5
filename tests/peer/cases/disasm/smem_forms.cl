/* scalar memory forms: loads of every width, at small, large and variable uniform offsets
 * (SMRD's 8-bit, GCN 1.1's 32-bit literal and SGPR offsets; SMEM's 20-bit and SGPR offsets),
 * and a uniform loop over a constant table */
__kernel void smem_forms(__global int *out, __constant int *k, __constant long *kl,
                         __constant int4 *k4, __constant int8 *k8, __constant int16 *k16, int n,
                         int m)
{
    int i = __builtin_amdgcn_workitem_id_x();
    int s = k[0] + k[1] + k[255] + k[256] + k[1000] + k[70000] + k[n] + k[n + 300] + k[m * 4];
    long t = kl[3] + kl[300] + kl[n];
    int4 u = k4[2] + k4[n & 1023] + k4[5000];
    int8 v = k8[1] + k8[m];
    int16 w = k16[0] + k16[n];
    for (int j = 0; j < n; j++)
        s += k[j * 3 + 7];
    out[i] = s + (int)t + u.x + u.w + v.s0 + v.s7 + w.s3 + w.sf;
}
