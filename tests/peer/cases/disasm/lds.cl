/* local memory: DS reads, writes, two-address forms and a barrier */
__kernel void lds(__global int *a)
{
    __local int t[256];
    __local long u[64];
    int i = __builtin_amdgcn_workitem_id_x();
    t[i] = a[i];
    u[i & 63] = (long)a[i] << 3;
    __builtin_amdgcn_s_barrier();
    a[i] = t[255 - i] + t[(i + 1) & 255] + (int)u[(i + 7) & 63];
}
