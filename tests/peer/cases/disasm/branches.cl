/* divergent branches and a uniform one: SOPP branches, VOPC compares, exec masking */
__kernel void branches(__global int *a, int n)
{
    int i = __builtin_amdgcn_workitem_id_x();
    if (n > 4) {
        if (a[i] > i)
            a[i] = a[i] - i;
        else
            a[i] = i * 5;
    } else if (a[i] == 0) {
        a[i] = -1;
    }
}
