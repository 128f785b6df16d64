#include "jacobi-1d_kernel.hu"
__global__ void kernel0(double *A, double *B, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (32 * b0 + t0 <= 1997)
      B[32 * b0 + t0 + 1] = (0.33333000000000002 * ((A[32 * b0 + t0] + A[32 * b0 + t0 + 1]) + A[32 * b0 + t0 + 2]));
}
__global__ void kernel1(double *A, double *B, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (32 * b0 + t0 <= 1997)
      A[32 * b0 + t0 + 1] = (0.33333000000000002 * ((B[32 * b0 + t0] + B[32 * b0 + t0 + 1]) + B[32 * b0 + t0 + 2]));
}
