#include "cholesky_kernel.hu"
__global__ void kernel0(double *A, int c0)
{

    A[c0 * 2000 + c0] = sqrt(A[c0 * 2000 + c0]);
}
__global__ void kernel1(double *A, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    double private_A_0[1][1];
    __shared__ double shared_A_1[1][1];

    {
      if (32 * b0 + t0 <= 1998 && 32 * b0 + t0 >= c0)
        private_A_0[0][0] = A[(32 * b0 + t0 + 1) * 2000 + c0];
      if (t0 == 0)
        shared_A_1[0][0] = A[c0 * 2000 + c0];
      __syncthreads();
      if (32 * b0 + t0 <= 1998 && 32 * b0 + t0 >= c0) {
        private_A_0[0][0] /= shared_A_1[0][0];
        A[(32 * b0 + t0 + 1) * 2000 + (32 * b0 + t0 + 1)] -= (private_A_0[0][0] * private_A_0[0][0]);
        A[(32 * b0 + t0 + 1) * 2000 + c0] = private_A_0[0][0];
      }
    }
}
__global__ void kernel2(double *A, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A_1[32][1];
    __shared__ double shared_A_2[32][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1997 && t1 == 0)
        shared_A_1[t0][0] = A[(32 * b0 + t0 + 2) * 2000 + c0];
      if (32 * b1 + t0 <= 1998 && t1 == 0)
        shared_A_2[t0][0] = A[(32 * b1 + t0 + 1) * 2000 + c0];
      __syncthreads();
      if (32 * b0 + t0 <= 1997)
        for (int c4 = ppcg_max(t1, -32 * b1 + t1 + 16 * ((-t1 + c0 + 15) / 16)); c4 <= ppcg_min(31, 32 * b0 - 32 * b1 + t0); c4 += 16)
          A[(32 * b0 + t0 + 2) * 2000 + (32 * b1 + c4 + 1)] -= (shared_A_1[t0][0] * shared_A_2[c4][0]);
    }
}
