/* double math: fma, sqrt, rsq/rcp, division (div_scale/div_fmas/div_fixup), min/max,
 * rounding (expanded on GCN 1.0), frexp/ldexp, conversions to and from int, long and float */
__kernel void double_math(__global double *d, __global const double *e, __global long *l,
                          __global float *f, __global int *n, double k)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    double x = d[i], y = e[i], z = e[i + 64];
    double a = __builtin_fma(x, y, z) + __builtin_sqrt(__builtin_fabs(x)) + x / y;
    double b = __builtin_amdgcn_rsq(y) * __builtin_amdgcn_rcp(z) - __builtin_fmin(x, k) +
               __builtin_fmax(-y, z);
    double c = __builtin_amdgcn_frexp_mant(x) + __builtin_amdgcn_ldexp(y, n[i]) +
               __builtin_amdgcn_fract(z) + __builtin_amdgcn_trig_preop(x, n[i] & 31);
    double r = __builtin_floor(a) + __builtin_ceil(b) + __builtin_trunc(c) + __builtin_rint(x);
    d[i] = a * b - c + r;
    l[i] = (long)x + (long)(ulong)y;
    f[i] = (float)a + (float)l[i + 1];
    n[i] = (int)b + __builtin_amdgcn_frexp_exp(z) + __builtin_amdgcn_class(x, 0x60) +
           (x < y) + (z != k);
    d[i + 64] = (double)n[i + 1] + (double)(uint)n[i + 2] + (double)f[i + 1];
}
