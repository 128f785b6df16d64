#include "syrk_kernel.hu"
__global__ void kernel0(double *A, double *C, double alpha, double beta)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A_0[32][32];
    double private_C[1][2];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (b0 >= b1) {
      if (32 * b0 + t0 <= 1199 && 32 * b0 + t0 >= 32 * b1 + t1) {
        private_C[0][0] = C[(32 * b0 + t0) * 1200 + (32 * b1 + t1)];
        if (32 * b0 + t0 >= 32 * b1 + t1 + 16)
          private_C[0][1] = C[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)];
      }
      for (int c2 = 0; c2 <= 999; c2 += 32) {
        if (32 * b0 + t0 <= 1199)
          for (int c4 = t1; c4 <= ppcg_min(31, -c2 + 999); c4 += 16)
            shared_A_0[t0][c4] = A[(32 * b0 + t0) * 1000 + (c2 + c4)];
        __syncthreads();
        if (32 * b0 + t0 <= 1199 && 32 * b0 + t0 >= 32 * b1 + t1 && c2 == 0) {
          private_C[0][0] *= beta;
          if (32 * b0 + t0 >= 32 * b1 + t1 + 16)
            private_C[0][1] *= beta;
        }
        if (32 * b0 + t0 <= 1199 && 32 * b0 + t0 >= 32 * b1 + t1)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 999); c3 += 1) {
            private_C[0][0] += ((alpha * shared_A_0[t0][c3]) * A[(32 * b1 + t1) * 1000 + (c2 + c3)]);
            if (32 * b0 + t0 >= 32 * b1 + t1 + 16)
              private_C[0][1] += ((alpha * shared_A_0[t0][c3]) * A[(32 * b1 + t1 + 16) * 1000 + (c2 + c3)]);
          }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 1199 && 32 * b0 + t0 >= 32 * b1 + t1) {
        C[(32 * b0 + t0) * 1200 + (32 * b1 + t1)] = private_C[0][0];
        if (32 * b0 + t0 >= 32 * b1 + t1 + 16)
          C[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)] = private_C[0][1];
      }
    }
}
