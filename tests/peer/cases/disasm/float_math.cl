/* float math without a library: fma, sqrt, rsq/rcp, min/max, fabs and negation, conversions,
 * the amdgcn builtins (fract, sin/cos, class, cubeid, med3, cvt_pkrtz) */
__kernel void float_math(__global float *f, __global const float *g, __global int *o,
                         __global uint *u, float k)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    float x = f[i], y = g[i], z = g[i + 64];
    float a = __builtin_fmaf(x, y, z) + __builtin_sqrtf(__builtin_fabsf(x));
    float b = __builtin_amdgcn_rsqf(y) * __builtin_amdgcn_rcpf(z) - __builtin_fminf(x, k);
    float c = __builtin_fmaxf(-x, y) * __builtin_amdgcn_fractf(z) + __builtin_amdgcn_sinf(x) +
              __builtin_amdgcn_cosf(y);
    float d = __builtin_amdgcn_fmed3f(x, y, z) +
              __builtin_amdgcn_cubeid(x, y, z) + __builtin_amdgcn_cubema(x, y, z);
    f[i] = a * b - c / d;
    f[i + 64] = __builtin_floorf(x) + __builtin_ceilf(y) + __builtin_truncf(z) +
                __builtin_rintf(a) + __builtin_copysignf(b, x);
    o[i] = (int)x + (int)(y * 256.0f) + __builtin_amdgcn_class(z, 0x3) +
           (x < y) + (z >= k ? 5 : 9) + __builtin_isnan(a) + __builtin_isinf(b);
    u[i] = (uint)__builtin_fabsf(c) + (uint)(float)u[i + 1] +
           __builtin_bit_cast(uint, __builtin_amdgcn_cvt_pkrtz(x, y));
}
