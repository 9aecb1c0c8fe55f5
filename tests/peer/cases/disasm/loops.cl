/* a loop with a variable trip count and a scalar loop */
__kernel void loops(__global int *a, __global const int *b, int n)
{
    int i = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workitem_id_y() * 16;
    int s = 0;
    for (int k = 0; k < n; k++)
        s += b[k] * (i + k);
    for (int k = 0; k < (i & 7); k++)
        s ^= s << 1;
    a[i] = s;
}
