#include "jacobi-2d_kernel.hu"
__global__ void kernel0(double *A, double *B, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + t0 <= 1297)
      for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1297); c4 += 16)
        B[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 1)] = (0.20000000000000001 * ((((A[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 1)] + A[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4)]) + A[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 2)]) + A[(32 * b0 + t0 + 2) * 1300 + (32 * b1 + c4 + 1)]) + A[(32 * b0 + t0) * 1300 + (32 * b1 + c4 + 1)]));
}
__global__ void kernel1(double *A, double *B, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + t0 <= 1297)
      for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1297); c4 += 16)
        A[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 1)] = (0.20000000000000001 * ((((B[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 1)] + B[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4)]) + B[(32 * b0 + t0 + 1) * 1300 + (32 * b1 + c4 + 2)]) + B[(32 * b0 + t0 + 2) * 1300 + (32 * b1 + c4 + 1)]) + B[(32 * b0 + t0) * 1300 + (32 * b1 + c4 + 1)]));
}
