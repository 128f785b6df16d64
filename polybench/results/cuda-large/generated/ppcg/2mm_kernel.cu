#include "2mm_kernel.hu"
__global__ void kernel0(double *A, double *B, double alpha, double *tmp)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A[32][32];
    double private_tmp[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      for (int c2 = 0; c2 <= 1099; c2 += 32) {
        for (int c4 = t1; c4 <= ppcg_min(31, -c2 + 1099); c4 += 16)
          shared_A[t0][c4] = A[(32 * b0 + t0) * 1100 + (c2 + c4)];
        __syncthreads();
        if (32 * b1 + t1 <= 899 && c2 == 0) {
          private_tmp[0][0] = 0.;
          if (32 * b1 + t1 <= 883)
            private_tmp[0][1] = 0.;
        }
        if (32 * b1 + t1 <= 899)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 1099); c3 += 1) {
            private_tmp[0][0] += ((alpha * shared_A[t0][c3]) * B[(c2 + c3) * 900 + (32 * b1 + t1)]);
            if (32 * b1 + t1 <= 883)
              private_tmp[0][1] += ((alpha * shared_A[t0][c3]) * B[(c2 + c3) * 900 + (32 * b1 + t1 + 16)]);
          }
        __syncthreads();
      }
      if (32 * b1 + t1 <= 899) {
        tmp[(32 * b0 + t0) * 900 + (32 * b1 + t1)] = private_tmp[0][0];
        if (32 * b1 + t1 <= 883)
          tmp[(32 * b0 + t0) * 900 + (32 * b1 + t1 + 16)] = private_tmp[0][1];
      }
    }
}
__global__ void kernel1(double *C, double *D, double beta, double *tmp)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_C[32][32];
    double private_D[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      private_D[0][0] = D[(32 * b0 + t0) * 1200 + (32 * b1 + t1)];
      if (32 * b1 + t1 <= 1183)
        private_D[0][1] = D[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)];
      for (int c2 = 0; c2 <= 899; c2 += 32) {
        if (t0 + c2 <= 899)
          for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1199); c4 += 16)
            shared_C[t0][c4] = C[(t0 + c2) * 1200 + (32 * b1 + c4)];
        __syncthreads();
        if (c2 == 0) {
          private_D[0][0] *= beta;
          if (32 * b1 + t1 <= 1183)
            private_D[0][1] *= beta;
        }
        for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 899); c3 += 1) {
          private_D[0][0] += (tmp[(32 * b0 + t0) * 900 + (c2 + c3)] * shared_C[c3][t1]);
          if (32 * b1 + t1 <= 1183)
            private_D[0][1] += (tmp[(32 * b0 + t0) * 900 + (c2 + c3)] * shared_C[c3][t1 + 16]);
        }
        __syncthreads();
      }
      D[(32 * b0 + t0) * 1200 + (32 * b1 + t1)] = private_D[0][0];
      if (32 * b1 + t1 <= 1183)
        D[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)] = private_D[0][1];
    }
}
