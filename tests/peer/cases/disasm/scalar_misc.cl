/* scalar and wave-level builtins: s_sleep, s_barrier, s_memtime and s_memrealtime (GCN 1.2+),
 * s_getpc, s_getreg, s_dcache_inv/wb, wave barrier, scalar arithmetic on kernel arguments,
 * 64-bit scalar compares, frexp/ldexp, cvt_pknorm, div_fixup/div_scale builtins */
#if defined(__gfx802__) || defined(__gfx900__)
#define HAS_VI_INSTS 1
#endif
__kernel void scalar_misc(__global ulong *t, __global int *a, __global float *f,
                          __constant uint *k, ulong n, uint sh)
{
    int i = __builtin_amdgcn_workitem_id_x();
    ulong t0 = __builtin_amdgcn_s_memtime();
    __builtin_amdgcn_s_sleep(2);
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_wave_barrier();
    ulong t1 = __builtin_amdgcn_s_memtime();
#ifdef HAS_VI_INSTS
    t1 += __builtin_amdgcn_s_memrealtime();
    __builtin_amdgcn_s_dcache_wb();
#endif
    __builtin_amdgcn_s_dcache_inv();
    uint s = k[0] * k[1] + (k[2] << (sh & 31)) + (k[3] >> 3) + (uint)__builtin_popcount(k[4]) +
             (uint)__builtin_clz(k[5] | 1) + (k[6] & ~k[7]) + __builtin_bitreverse32(k[8]) +
             (uint)__builtin_amdgcn_s_getreg((1 << 11) | (0 << 6) | 1);
    ulong big = n * 7 + (n >> sh) + (n < 1000 ? n : 1000) + (ulong)__builtin_amdgcn_s_getpc();
    t[i] = t1 - t0 + big + s;
    float x = f[i], y = f[i + 64];
    a[i] = __builtin_amdgcn_frexp_expf(x) + (int)(s ^ sh) +
           __builtin_bit_cast(int, __builtin_amdgcn_cvt_pknorm_i16(x, y)) +
           __builtin_bit_cast(int, __builtin_amdgcn_cvt_pk_u16(s, sh));
    bool flag;
    f[i] = __builtin_amdgcn_ldexpf(__builtin_amdgcn_frexp_mantf(x), (int)sh) +
           __builtin_amdgcn_div_fixupf(x, y, 3.0f) +
           __builtin_amdgcn_div_scalef(x, y, true, &flag) + (flag ? 1.0f : 0.0f) +
           __builtin_amdgcn_div_fmasf(x, y, 2.0f, i & 1);
}
