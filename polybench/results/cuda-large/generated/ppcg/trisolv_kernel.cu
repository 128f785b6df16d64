#include "trisolv_kernel.hu"
__global__ void kernel0(double *b, double *x)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (32 * b0 + t0 <= 1999)
      x[32 * b0 + t0] = b[32 * b0 + t0];
}
__global__ void kernel1(double *L, double *x, int c0)
{

    x[c0] = (x[c0] / L[c0 * 2000 + c0]);
}
__global__ void kernel2(double *L, double *x, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_x_1[1];

    {
      if (t0 == 0)
        shared_x_1[0] = x[c0];
      __syncthreads();
      if (32 * b0 + t0 <= 1998 && 32 * b0 + t0 >= c0)
        x[32 * b0 + t0 + 1] -= (L[(32 * b0 + t0 + 1) * 2000 + c0] * shared_x_1[0]);
    }
}
