/* byte and short fields: the extracts, inserts and narrow arithmetic that GCN 1.2+ compiles to
 * SDWA and 16-bit forms (GCN 1.0/1.1 to bitfield extracts), uchar4/short2 vectors, 24-bit
 * multiply-adds (mul24/mad24 patterns), byte conversions to float (cvt_f32_ubyteN) */
__kernel void sdwa_bytes(__global uint *w, __global uchar4 *c4, __global short2 *s2,
                         __global ushort *us, __global float *f, __global int *o)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_x() * 64;
    uint x = w[i], y = w[i + 64];
    uchar4 a = c4[i], b = c4[i + 64];
    short2 p = s2[i], q = s2[i + 64];
    ushort h = us[i], g = us[i + 64];
    uint b0 = x & 0xff, b1 = (x >> 8) & 0xff, b2 = (x >> 16) & 0xff, b3 = x >> 24;
    uint h0 = y & 0xffff, h1 = y >> 16;
    w[i] = b0 * b1 + b2 * b3 + h0 * h1 + (h1 << 16 | h0 >> 8) + ((b3 + b1) << 8);
    c4[i] = a + b * (uchar4)(3, 5, 7, 9) - (a >> (uchar4)1);
    s2[i] = p * q + (short2)(p.y, q.x) - (q >> (short2)2);
    us[i] = (ushort)(h * g + (h >> 3) - g);
    f[i] = (float)b0 + (float)b1 * 2.0f + (float)b2 * 4.0f + (float)b3 * 8.0f + (float)h1;
    o[i] = (int)((x & 0xffffff) * (y & 0xffffff) + (x >> 8) * (y & 0xffff)) +
           (((int)x << 8) >> 8) * (((int)y << 8) >> 8) + (short)h1 + (char)b2 +
           (int)__builtin_amdgcn_ubfe(x, 12, 12) * (int)__builtin_amdgcn_ubfe(y, 0, 20);
}
