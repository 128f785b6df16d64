#include "ludcmp_kernel.hu"
__global__ void kernel0(double *A, int c0)
{
    double private_w;

    for (int c1 = 0; c1 < c0; c1 += 1) {
      private_w = A[c0 * 2000 + c1];
      for (int c2 = 0; c2 < c1; c2 += 1)
        private_w -= (A[c0 * 2000 + c2] * A[c2 * 2000 + c1]);
      A[c0 * 2000 + c1] = (private_w / A[c1 * 2000 + c1]);
    }
}
__global__ void kernel1(double *A, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    double private_A_0[1][1];
    double private_w;

    if (32 * b0 + t0 <= 1999 && 32 * b0 + t0 >= c0) {
      private_A_0[0][0] = A[c0 * 2000 + (32 * b0 + t0)];
      private_w = private_A_0[0][0];
      for (int c3 = 0; c3 < c0; c3 += 1)
        private_w -= (A[c0 * 2000 + c3] * A[c3 * 2000 + (32 * b0 + t0)]);
      private_A_0[0][0] = private_w;
      A[c0 * 2000 + (32 * b0 + t0)] = private_A_0[0][0];
    }
}
