/* half and half2 math: native 16-bit VALU on GCN 1.2 and 1.4 (SDWA forms, VOP3 with op_sel),
 * packed math (VOP3P) on GCN 1.4, conversions; GCN 1.0/1.1 promote to float */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#if defined(__gfx802__) || defined(__gfx900__)
#define HAS_16BIT_INSTS 1
#endif
__kernel void half_math(__global half *h, __global half2 *p, __global const half2 *q,
                        __global float *f, __global short *s)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    half x = h[i], y = h[i + 64], z = h[i + 128];
    half2 a = p[i], b = q[i], c = q[i + 64];
    half m = x * y + z;
    m = m - (half)__builtin_fabsf((float)x) * (half)0.5f;
#ifdef HAS_16BIT_INSTS
    m = m + __builtin_amdgcn_rcph(y) + __builtin_amdgcn_sqrth(z) + __builtin_amdgcn_rsqh(x);
    m = m * __builtin_amdgcn_ldexph(x, 3) + __builtin_amdgcn_frexp_manth(y) +
        __builtin_amdgcn_fracth(z) + __builtin_amdgcn_sinh(x) + __builtin_amdgcn_cosh(y);
    s[i] = __builtin_amdgcn_frexp_exph(z) + __builtin_amdgcn_classh(x, 3);
#endif
#ifdef __gfx900__
    m = m + __builtin_amdgcn_fmed3h(x, y, z);
#endif
    h[i] = m;
    h[i + 64] = x < y ? (half)((float)z * 2.0f) : (half)-(float)y;
    p[i] = a * b + c;
    p[i + 64] = a - b * (half2)(x, y);
    p[i + 128] = (half2)(a.y, b.x) * c.yx;
    f[i] = (float)x + (float)a.x * (float)b.y + (float)(s[i + 1]);
    s[i + 2] = (short)z + (short)(uint)(ushort)(half)f[i + 1];
}
