/* uniform scalar work the compiler keeps in SGPRs (SOP1 and SOP2): counting and searching bits,
 * sign extension, abs, bit reversal, 64-bit masks; a function that is not inlined (s_getpc,
 * s_swappc, s_setpc); a register array indexed by a uniform value (m0-relative moves) */
__attribute__((noinline)) int scale_by(int x, int y)
{
    return x * y + (x >> 3);
}

__kernel void sop1_forms(__global int *out, __global long *lo, int a, int b, long c, ulong d)
{
    int i = __builtin_amdgcn_workitem_id_x();
    int s = __builtin_ctz(a | 1) + __builtin_clz(b | 1) + __builtin_popcountl(d) +
            __builtin_ctzl(d | 1) + __builtin_clzl(d | 1) + (char)a + (short)b +
            __builtin_abs(a - b) + (int)__builtin_bitreverse32((uint)a) + ~b + (a > b ? a : b);
    long t = (long)__builtin_bitreverse64(d) + (c < 0 ? -c : c) + (long)(d & ~(ulong)c) +
             (long)(d | (ulong)1 << (a & 63)) + (long)(d ^ (ulong)c) + (c >> (b & 63));
    int arr[8];
    for (int k = 0; k < 8; k++)
        arr[k] = out[i + k * 64] + k;
    s += arr[a & 7] + arr[(b + 1) & 7];
    s = scale_by(s, out[i + 1]);
    out[i] = s;
    lo[i] = t + s;
}
