#include "floyd-warshall_kernel.hu"
__global__ void kernel0(int *path, int c0, int c1)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (32 * b0 + t0 <= 2799 && c1 >= 32 * b0 + t0 && 32 * b0 + t0 + 2799 >= c1)
      path[(32 * b0 + t0) * 2800 + (-32 * b0 - t0 + c1)] = ((path[(32 * b0 + t0) * 2800 + (-32 * b0 - t0 + c1)] < (path[(32 * b0 + t0) * 2800 + c0] + path[c0 * 2800 + (-32 * b0 - t0 + c1)])) ? path[(32 * b0 + t0) * 2800 + (-32 * b0 - t0 + c1)] : (path[(32 * b0 + t0) * 2800 + c0] + path[c0 * 2800 + (-32 * b0 - t0 + c1)]));
}
