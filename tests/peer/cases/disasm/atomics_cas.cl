/* atomics on global and local memory: compare-and-swap loops, 32- and 64-bit read-modify-write
 * of every kind, returning and not returning */
__kernel void atomics_cas(__global int *a, __global uint *u, __global long *l,
                          __global ulong *q, __global float *f)
{
    __local int li[64];
    __local long ll[32];
    int i = __builtin_amdgcn_workitem_id_x();
    li[i & 63] = i;
    ll[i & 31] = i;
    __builtin_amdgcn_s_barrier();
    int expect = i;
    __atomic_compare_exchange_n(&a[i & 7], &expect, i + 1, 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
    long lexpect = i;
    __atomic_compare_exchange_n(&l[i & 7], &lexpect, (long)i << 33, 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
    int lx = i;
    __atomic_compare_exchange_n(&li[(i + 1) & 63], &lx, 5, 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
    /* a float add as a compare-and-swap loop */
    float old = f[0], nv;
    do {
        nv = old + 1.5f;
    } while (!__atomic_compare_exchange_n((__global int *)f, (int *)&old,
                                          __builtin_bit_cast(int, nv), 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    int r = __atomic_fetch_sub(&a[8], 2, __ATOMIC_RELAXED) +
            __atomic_fetch_and(&a[9], i, __ATOMIC_RELAXED) +
            __atomic_fetch_or(&a[10], i, __ATOMIC_RELAXED) +
            __atomic_fetch_xor(&a[11], i, __ATOMIC_RELAXED) +
            __atomic_fetch_min(&a[12], i, __ATOMIC_RELAXED) +
            __atomic_exchange_n(&a[13], i, __ATOMIC_RELAXED);
    __atomic_fetch_max(&u[0], (uint)i, __ATOMIC_RELAXED);
    __atomic_fetch_min(&u[1], (uint)i, __ATOMIC_RELAXED);
    __atomic_fetch_add(&l[8], (long)i, __ATOMIC_RELAXED);
    __atomic_fetch_max(&l[9], (long)r, __ATOMIC_RELAXED);
    __atomic_fetch_and(&q[0], (ulong)i, __ATOMIC_RELAXED);
    r += (int)__atomic_fetch_or(&q[1], (ulong)r, __ATOMIC_RELAXED);
    r += __atomic_fetch_sub(&li[i & 63], 1, __ATOMIC_RELAXED) +
         __atomic_fetch_min(&li[(i + 3) & 63], r, __ATOMIC_RELAXED) +
         __atomic_fetch_max(&li[(i + 5) & 63], r, __ATOMIC_RELAXED) +
         __atomic_fetch_xor(&li[(i + 7) & 63], r, __ATOMIC_RELAXED);
    __atomic_fetch_and(&li[(i + 9) & 63], r, __ATOMIC_RELAXED);
    __atomic_fetch_max((__local uint *)&li[(i + 11) & 63], (uint)r, __ATOMIC_RELAXED);
    r += (int)__atomic_fetch_add(&ll[i & 31], (long)r, __ATOMIC_RELAXED);
    r += (int)__atomic_exchange_n(&ll[(i + 1) & 31], (long)i, __ATOMIC_RELAXED);
    __builtin_amdgcn_s_barrier();
    a[64 + i] = r + li[63 - (i & 63)];
}
