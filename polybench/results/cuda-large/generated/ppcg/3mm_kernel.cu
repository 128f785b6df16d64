#include "3mm_kernel.hu"
__global__ void kernel0(double *C, double *D, double *F)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_C[32][32];
    double private_F[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      for (int c2 = 0; c2 <= 1199; c2 += 32) {
        if (32 * b0 + t0 <= 899)
          for (int c4 = t1; c4 <= ppcg_min(31, -c2 + 1199); c4 += 16)
            shared_C[t0][c4] = C[(32 * b0 + t0) * 1200 + (c2 + c4)];
        __syncthreads();
        if (32 * b0 + t0 <= 899 && 32 * b1 + t1 <= 1099 && c2 == 0) {
          private_F[0][0] = 0.;
          if (32 * b1 + t1 <= 1083)
            private_F[0][1] = 0.;
        }
        if (32 * b0 + t0 <= 899 && 32 * b1 + t1 <= 1099)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 1199); c3 += 1) {
            private_F[0][0] += (shared_C[t0][c3] * D[(c2 + c3) * 1100 + (32 * b1 + t1)]);
            if (32 * b1 + t1 <= 1083)
              private_F[0][1] += (shared_C[t0][c3] * D[(c2 + c3) * 1100 + (32 * b1 + t1 + 16)]);
          }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 899 && 32 * b1 + t1 <= 1099) {
        F[(32 * b0 + t0) * 1100 + (32 * b1 + t1)] = private_F[0][0];
        if (32 * b1 + t1 <= 1083)
          F[(32 * b0 + t0) * 1100 + (32 * b1 + t1 + 16)] = private_F[0][1];
      }
    }
}
__global__ void kernel1(double *A, double *B, double *E)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A[32][32];
    double private_E[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      for (int c2 = 0; c2 <= 999; c2 += 32) {
        for (int c4 = t1; c4 <= ppcg_min(31, -c2 + 999); c4 += 16)
          shared_A[t0][c4] = A[(32 * b0 + t0) * 1000 + (c2 + c4)];
        __syncthreads();
        if (32 * b1 + t1 <= 899 && c2 == 0) {
          private_E[0][0] = 0.;
          if (32 * b1 + t1 <= 883)
            private_E[0][1] = 0.;
        }
        if (32 * b1 + t1 <= 899)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 999); c3 += 1) {
            private_E[0][0] += (shared_A[t0][c3] * B[(c2 + c3) * 900 + (32 * b1 + t1)]);
            if (32 * b1 + t1 <= 883)
              private_E[0][1] += (shared_A[t0][c3] * B[(c2 + c3) * 900 + (32 * b1 + t1 + 16)]);
          }
        __syncthreads();
      }
      if (32 * b1 + t1 <= 899) {
        E[(32 * b0 + t0) * 900 + (32 * b1 + t1)] = private_E[0][0];
        if (32 * b1 + t1 <= 883)
          E[(32 * b0 + t0) * 900 + (32 * b1 + t1 + 16)] = private_E[0][1];
      }
    }
}
__global__ void kernel2(double *E, double *F, double *G)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_E[32][32];
    double private_G[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      for (int c2 = 0; c2 <= 899; c2 += 32) {
        for (int c4 = t1; c4 <= ppcg_min(31, -c2 + 899); c4 += 16)
          shared_E[t0][c4] = E[(32 * b0 + t0) * 900 + (c2 + c4)];
        __syncthreads();
        if (32 * b1 + t1 <= 1099 && c2 == 0) {
          private_G[0][0] = 0.;
          if (32 * b1 + t1 <= 1083)
            private_G[0][1] = 0.;
        }
        if (32 * b1 + t1 <= 1099)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 899); c3 += 1) {
            private_G[0][0] += (shared_E[t0][c3] * F[(c2 + c3) * 1100 + (32 * b1 + t1)]);
            if (32 * b1 + t1 <= 1083)
              private_G[0][1] += (shared_E[t0][c3] * F[(c2 + c3) * 1100 + (32 * b1 + t1 + 16)]);
          }
        __syncthreads();
      }
      if (32 * b1 + t1 <= 1099) {
        G[(32 * b0 + t0) * 1100 + (32 * b1 + t1)] = private_G[0][0];
        if (32 * b1 + t1 <= 1083)
          G[(32 * b0 + t0) * 1100 + (32 * b1 + t1 + 16)] = private_G[0][1];
      }
    }
}
