/* global and local atomics (clang's __atomic builtins: no library calls) */
__kernel void atomics(__global int *a, __global unsigned *c)
{
    __local int l[4];
    int i = __builtin_amdgcn_workitem_id_x();
    if (i < 4)
        l[i] = 0;
    __builtin_amdgcn_s_barrier();
    __atomic_fetch_add(&l[i & 3], i, __ATOMIC_RELAXED);
    __atomic_fetch_max(&a[i & 15], i, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c[0], 1u, __ATOMIC_RELAXED);
    __builtin_amdgcn_s_barrier();
    if (i < 4)
        a[16 + i] = __atomic_exchange_n(&l[i], 7, __ATOMIC_RELAXED);
}
