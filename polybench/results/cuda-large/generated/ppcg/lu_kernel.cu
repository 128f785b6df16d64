#include "lu_kernel.hu"
__global__ void kernel0(double *A, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_A_1[1][1];

    {
      if (t0 == 0)
        shared_A_1[0][0] = A[c0 * 2000 + c0];
      __syncthreads();
      if (32 * b0 + t0 <= 1998 && 32 * b0 + t0 >= c0)
        A[(32 * b0 + t0 + 1) * 2000 + c0] /= shared_A_1[0][0];
    }
}
__global__ void kernel1(double *A, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A_1[32][1];
    __shared__ double shared_A_2[1][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1998 && t1 == 0)
        shared_A_1[t0][0] = A[(32 * b0 + t0 + 1) * 2000 + c0];
      if (t0 == 0)
        for (int c2 = t1; c2 <= ppcg_min(31, -32 * b1 + 1998); c2 += 16)
          shared_A_2[0][c2] = A[c0 * 2000 + (32 * b1 + c2 + 1)];
      __syncthreads();
      if (32 * b0 + t0 >= c0)
        for (int c4 = ppcg_max(t1, 32 * b0 - 32 * b1 + t1 + 16 * ((t0 - t1 + 15) / 16)); c4 <= ppcg_min(31, -32 * b1 + 1998); c4 += 16)
          A[(32 * b0 + t0 + 1) * 2000 + (32 * b1 + c4 + 1)] -= (shared_A_1[t0][0] * shared_A_2[0][c4]);
    }
}
__global__ void kernel2(double *A, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A_1[32][1];
    __shared__ double shared_A_2[1][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1997 && t1 == 0)
        shared_A_1[t0][0] = A[(32 * b0 + t0 + 2) * 2000 + c0];
      if (t0 == 0)
        for (int c2 = t1; c2 <= ppcg_min(31, -32 * b1 + 1998); c2 += 16)
          shared_A_2[0][c2] = A[c0 * 2000 + (32 * b1 + c2 + 1)];
      __syncthreads();
      if (32 * b0 + t0 <= 1997)
        for (int c4 = ppcg_max(t1, -32 * b1 + t1 + 16 * ((-t1 + c0 + 15) / 16)); c4 <= ppcg_min(31, 32 * b0 - 32 * b1 + t0); c4 += 16)
          A[(32 * b0 + t0 + 2) * 2000 + (32 * b1 + c4 + 1)] -= (shared_A_1[t0][0] * shared_A_2[0][c4]);
    }
}
