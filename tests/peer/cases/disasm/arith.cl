/* integer and float arithmetic: VOP2/VOP3 with literals, SOP2, VOP1 conversions */
__kernel void arith(__global int *a, __global float *f, int k)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 256;
    int x = a[i];
    a[i] = (x * 0x12345 + k) ^ (x >> 3) ^ 0x7e000000;
    f[i] = f[i] * 3.25f + (float)x / 7.0f - 0x1p-3f;
}
