/* LDS with barriers: a tree reduction, a prefix sum, two-address and 64-bit accesses, an
 * LDS array indexed by the data */
__kernel void lds_reduce(__global const float *in, __global float *out, __global int *hist,
                         __global long *wide)
{
    __local float part[256];
    __local int bins[64];
    __local long pairs[128];
    uint lid = __builtin_amdgcn_workitem_id_x();
    uint gid = lid + __builtin_amdgcn_workgroup_id_x() * 256;
    float v = in[gid];
    part[lid] = v;
    if (lid < 64)
        bins[lid] = 0;
    pairs[lid & 127] = (long)gid * 3;
    __builtin_amdgcn_s_barrier();
    for (uint s = 128; s > 0; s >>= 1) {
        if (lid < s)
            part[lid] += part[lid + s];
        __builtin_amdgcn_s_barrier();
    }
    if (lid == 0)
        out[__builtin_amdgcn_workgroup_id_x()] = part[0];
    __atomic_fetch_add(&bins[(int)v & 63], 1, __ATOMIC_RELAXED);
    for (uint d = 1; d < 256; d <<= 1) {
        float t = lid >= d ? part[lid - d] : 0.0f;
        __builtin_amdgcn_s_barrier();
        part[lid] += t;
        __builtin_amdgcn_s_barrier();
    }
    if (lid < 64)
        hist[lid] = bins[lid];
    wide[gid] = pairs[(lid + 1) & 127] + pairs[(lid + 65) & 127] + (long)part[255 - lid];
}
