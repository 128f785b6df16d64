#include "durbin_kernel.hu"
__global__ void kernel0(double *sum, int c0)
{

    sum[0] = 0.;
}
__global__ void kernel1(double *r, double *sum, double *y, int c0)
{
    double private_sum;

    {
      private_sum = *sum;
      for (int c1 = 0; c1 < c0; c1 += 1)
        private_sum += (r[c0 - c1 - 1] * y[c1]);
      *sum = private_sum;
    }
}
__global__ void kernel2(double *alpha, double *beta, int c0)
{

    beta[0] = ((1 - (alpha[0] * alpha[0])) * beta[0]);
}
__global__ void kernel3(double *alpha, double *beta, double *r, double *sum, int c0)
{

    alpha[0] = ((-(r[c0] + sum[0])) / beta[0]);
}
__global__ void kernel4(double *alpha, double *y, double *z, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_alpha;
    __shared__ double shared_y_1[32];

    {
      if (t0 == 0 && c0 >= 32 * b0 + 1)
        shared_alpha = *alpha;
      if (t0 + c0 >= 32 * b0 + 32)
        shared_y_1[t0] = y[-32 * b0 + t0 + c0 - 32];
      __syncthreads();
      if (c0 >= 32 * b0 + t0 + 1)
        z[32 * b0 + t0] = (y[32 * b0 + t0] + (shared_alpha * shared_y_1[-t0 + 31]));
    }
}
__global__ void kernel5(double *alpha, double *y, int c0)
{

    y[c0] = alpha[0];
}
__global__ void kernel6(double *y, double *z, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (c0 >= 32 * b0 + t0 + 1)
      y[32 * b0 + t0] = z[32 * b0 + t0];
}
