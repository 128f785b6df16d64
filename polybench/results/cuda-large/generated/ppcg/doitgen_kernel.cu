#include "doitgen_kernel.hu"
__global__ void kernel0(double *A, double *C4, double *sum, int c0, int c1)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_A[1][1][32];
    double private_sum[1];

    {
      for (int c3 = 0; c3 <= 159; c3 += 32) {
        shared_A[0][0][t0] = A[(c0 * 140 + c1) * 160 + (t0 + c3)];
        __syncthreads();
        if (c3 == 0)
          private_sum[0] = 0.;
        for (int c5 = 0; c5 <= 31; c5 += 1)
          private_sum[0] += (shared_A[0][0][c5] * C4[(c3 + c5) * 160 + (32 * b0 + t0)]);
        __syncthreads();
      }
      sum[32 * b0 + t0] = private_sum[0];
    }
}
__global__ void kernel1(double *A, double *sum, int c0, int c1)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    A[(c0 * 140 + c1) * 160 + (32 * b0 + t0)] = sum[32 * b0 + t0];
}
