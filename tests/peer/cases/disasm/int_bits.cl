/* 32- and 64-bit integer arithmetic: mul_hi, 24-bit multiplies (mul24/mad24 patterns),
 * shifts, bitfield extract and insert, popcount, clz/ctz, bit reverse, alignbit/alignbyte,
 * sad, 64-bit multiply, division and remainder (expanded inline), min/max, abs */
__kernel void int_bits(__global int *a, __global uint *b, __global long *l, __global ulong *u,
                       int k)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    int x = a[i], y = a[i + 64];
    uint p = b[i], q = b[i + 64], r = b[i + 128];
    long s = l[i], t = l[i + 64];
    ulong v = u[i], w = u[i + 64];
    int hi = (int)(((long)x * (long)y) >> 32);
    uint uhi = (uint)(((ulong)p * (ulong)q) >> 32);
    uint m24 = (p & 0xffffff) * (q & 0xffffff) + (r & 0xffffff);
    int s24 = ((x << 8) >> 8) * ((y << 8) >> 8) + k;
    a[i] = hi + s24 + (x >> (y & 31)) + __builtin_amdgcn_sbfe(x, 4, 9) + (x / 7) + (y % 13) +
           __builtin_abs(x - y) + __builtin_popcount(p) + __builtin_clz(p | 1) +
           __builtin_ctz(q | 0x100) + (x < y ? x : y) + (x > k ? x : k);
    b[i] = uhi + m24 + (p << (q & 31)) + (q >> 5) + __builtin_amdgcn_ubfe(p, q & 31, 7) +
           __builtin_bitreverse32(r) + __builtin_amdgcn_alignbit(p, q, r & 31) +
           __builtin_amdgcn_alignbyte(p, q, r & 3) + __builtin_amdgcn_sad_u8(p, q, r) +
           __builtin_amdgcn_msad_u8(p, q, r) + __builtin_amdgcn_sad_hi_u8(p, q, r) +
           ((p & ~0xff0u) | ((q << 4) & 0xff0u)) + p / q + p % (q | 1);
    l[i] = s * t + (s >> (t & 63)) + (s << 3) - t / 9 + __builtin_popcountl(v) +
           __builtin_clzl(w | 1) + (s < t ? s : t);
    u[i] = v * w + v / (w | 1) + v % 1000003u + (v >> 17) + (w << (v & 63)) +
           __builtin_bitreverse64(v);
#ifndef __gfx600__
    /* clang-14 selects v_qsad_pk_u16_u8 for tahiti too, which llvm-mc-14 refuses there (GCN
     * 1.0 has V_QSAD_U8 at that opcode): GCN 1.1+ only */
    u[i + 64] =
        __builtin_amdgcn_qsad_pk_u16_u8(v, p, w) + __builtin_amdgcn_mqsad_pk_u16_u8(w, q, v);
#endif
}
