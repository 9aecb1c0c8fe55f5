/* LDS access forms the codec decodes: two-address reads and writes (read2/write2, st64 strides),
 * 8/16-bit loads and stores with sign and zero extension, 64- and 128-bit accesses, 64-bit
 * compare-and-swap, append/consume, increment/decrement, float min/max/add (GCN 1.2+), 16-bit
 * loads into a register's high half (GCN 1.4); and wide scalar loads (s_load_dwordx16) */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#if defined(__gfx802__) || defined(__gfx900__)
#define HAS_VI_INSTS 1
#endif
__kernel void lds_forms(__global int *a, __global long *l, __global float *f,
                        __global int4 *v, __global half2 *h, __constant int16 *k)
{
    __local int t[512];
    __local char c[256];
    __local short s[256];
    __local long w[128];
    __local int4 q[64];
    __local float g[64];
    __local half hh[128];
    __local int counter;
    uint i = __builtin_amdgcn_workitem_id_x();
    int16 kk = k[0];
    if (i == 0)
        counter = 0;
    t[2 * i] = a[i];
    t[2 * i + 1] = a[i + 64];
    t[i + 256] = kk.s0 + (int)i;
    c[i & 255] = (char)a[i];
    s[i & 255] = (short)a[i + 1];
    w[i & 127] = l[i];
    w[(i & 63) + 64] = l[i + 1];
    q[i & 63] = v[i];
    g[i & 63] = f[i];
    hh[i & 127] = (half)f[i + 1];
    __builtin_amdgcn_s_barrier();
    int x = t[2 * i] + t[2 * i + 1] + t[i] + t[i + 128] + c[(i + 1) & 255] +
            (uchar)c[(i + 2) & 255] + s[(i + 3) & 255] + (ushort)s[(i + 4) & 255] + kk.s7 + kk.sf;
    long y = w[i & 127] + w[(i + 1) & 127] + w[((i + 3) & 63) + 64];
    int4 z = q[(i + 1) & 63] + q[(i + 5) & 63];
    long expect = 5;
    __atomic_compare_exchange_n(&w[i & 15], &expect, y, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    x += __builtin_amdgcn_ds_append(&counter);
    x += __builtin_amdgcn_ds_consume(&counter);
    x += (int)__builtin_amdgcn_atomic_inc32((__local uint *)&t[i & 7], 100u, __ATOMIC_RELAXED,
                                            "workgroup");
    x += (int)__builtin_amdgcn_atomic_dec32((__local uint *)&t[(i + 8) & 15], 100u,
                                            __ATOMIC_RELAXED, "workgroup");
    float m = g[(i + 7) & 63];
#ifdef HAS_VI_INSTS
    m += __builtin_amdgcn_ds_faddf(&g[i & 7], 1.5f, __ATOMIC_RELAXED, 2, false);
    m += __builtin_amdgcn_ds_fminf(&g[(i + 8) & 15], m, __ATOMIC_RELAXED, 2, false);
    m += __builtin_amdgcn_ds_fmaxf(&g[(i + 16) & 31], m, __ATOMIC_RELAXED, 2, false);
#endif
    half2 hv = (half2)(hh[i & 127], hh[(i + 1) & 127]);
    __builtin_amdgcn_s_barrier();
    a[i] = x;
    l[i] = y;
    v[i] = z;
    f[i] = m;
    h[i] = hv * (half)2.0f;
}
