/* cross-lane operations: DPP moves and updates, ds_permute/ds_bpermute (GCN 1.2+), ds_swizzle,
 * readlane/readfirstlane, mbcnt, a wave reduction, integer and float compares to a lane mask */
#if defined(__gfx802__) || defined(__gfx900__)
#define HAS_VI_INSTS 1
#endif
__kernel void cross_lane(__global int *a, __global float *f, __global uint *m, int lane)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    int x = a[i];
    uint id = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
    int s = x;
#ifdef HAS_VI_INSTS
    s += __builtin_amdgcn_mov_dpp(s, 0x111, 0xf, 0xf, 0);   /* row_shr:1 */
    s += __builtin_amdgcn_mov_dpp(s, 0x112, 0xf, 0xe, 1);   /* row_shr:2 */
    s += __builtin_amdgcn_update_dpp(0, s, 0x114, 0xf, 0xf, 0); /* row_shr:4 */
    s += __builtin_amdgcn_update_dpp(x, s, 0x142, 0xa, 0xf, 0); /* row_bcast:15 */
    s += __builtin_amdgcn_update_dpp(0, s, 0x143, 0xc, 0xf, 0); /* row_bcast:31 */
    s += __builtin_amdgcn_mov_dpp(s, 0x1b, 0xf, 0xf, 1);    /* quad_perm:[3,2,1,0] */
    s += __builtin_amdgcn_mov_dpp(s, 0x130, 0xf, 0xf, 0);   /* wave_shl:1 */
    s += __builtin_amdgcn_mov_dpp(s, 0x141, 0xf, 0xf, 0);   /* row_half_mirror */
    s += __builtin_amdgcn_ds_bpermute((int)((id ^ 1) << 2), s);
    s += __builtin_amdgcn_ds_permute((int)((id + 3) << 2), x);
#endif
    s += __builtin_amdgcn_ds_swizzle(x, 0x041f);            /* swap neighbours */
    s += __builtin_amdgcn_ds_swizzle(s, 0x801b);            /* quad permute mode */
    s += __builtin_amdgcn_readlane(x, lane & 63) + __builtin_amdgcn_readfirstlane(s);
    a[i] = s + (int)id;
    f[i] = __builtin_bit_cast(float, __builtin_amdgcn_readfirstlane(__builtin_bit_cast(int, f[i])));
    ulong ballot = __builtin_amdgcn_sicmp(x, 17, 32); /* ICMP_EQ */
    ulong fb = __builtin_amdgcn_fcmpf(f[i + 1], 1.0f, 4); /* FCMP_OLT */
    m[i] = (uint)__builtin_popcountl(ballot) + (uint)(fb >> 32) + (uint)__builtin_ctzl(fb | 1);
}
