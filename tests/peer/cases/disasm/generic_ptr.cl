/* OpenCL 2.0's generic address space: a function that is not inlined, called with local and
 * global pointers, reads and writes through FLAT instructions (GCN 1.1+) and tests where its
 * pointer points (the shared and private apertures: src_shared_base on GCN 1.4, loaded from
 * the queue pointer before); GCN 1.0 has no FLAT, and gets the same work on global memory */
#if defined(__gfx600__)
#define GENERIC __global
#else
#define GENERIC
#endif
__attribute__((noinline)) int touch(GENERIC int *p, int i, int v)
{
    int old = p[i];
    p[i + 1] = old + v;
    __atomic_fetch_add(&p[i + 2], v, __ATOMIC_RELAXED);
#if !defined(__gfx600__)
    if (__builtin_amdgcn_is_shared((GENERIC char *)p))
        old += 100;
    if (__builtin_amdgcn_is_private((GENERIC char *)p))
        old += 1000;
#endif
    return old;
}

__kernel void generic_ptr(__global int *a, int n)
{
    __local int l[256];
    int i = __builtin_amdgcn_workitem_id_x();
    l[i] = a[i];
    __builtin_amdgcn_s_barrier();
#if defined(__gfx600__)
    int r = touch(a, i, n);
#else
    GENERIC int *p = n > 3 ? (GENERIC int *)l : (GENERIC int *)a;
    int r = touch(p, i & 63, n) + touch(a, i + 64, 1);
#endif
    __builtin_amdgcn_s_barrier();
    a[i] = r + l[(i + 1) & 255];
}
