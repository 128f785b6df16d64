#include "gemver_kernel.hu"
__global__ void kernel0(double *A, double *u1, double *u2, double *v1, double *v2)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_u1[32];
    __shared__ double shared_u2[32];
    __shared__ double shared_v1[32];
    __shared__ double shared_v2[32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (t0 == 0) {
        for (int c0 = t1; c0 <= ppcg_min(31, -32 * b0 + 1999); c0 += 16)
          shared_u1[c0] = u1[32 * b0 + c0];
        for (int c0 = t1; c0 <= ppcg_min(31, -32 * b0 + 1999); c0 += 16)
          shared_u2[c0] = u2[32 * b0 + c0];
        for (int c0 = t1; c0 <= ppcg_min(31, -32 * b1 + 1999); c0 += 16)
          shared_v1[c0] = v1[32 * b1 + c0];
        for (int c0 = t1; c0 <= ppcg_min(31, -32 * b1 + 1999); c0 += 16)
          shared_v2[c0] = v2[32 * b1 + c0];
      }
      __syncthreads();
      if (32 * b0 + t0 <= 1999)
        for (int c3 = t1; c3 <= ppcg_min(31, -32 * b1 + 1999); c3 += 16)
          A[(32 * b0 + t0) * 2000 + (32 * b1 + c3)] = ((A[(32 * b0 + t0) * 2000 + (32 * b1 + c3)] + (shared_u1[t0] * shared_v1[c3])) + (shared_u2[t0] * shared_v2[c3]));
    }
}
__global__ void kernel1(double *A, double beta, double *x, double *y, double *z)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    double private_x[1];
    __shared__ double shared_y[32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1999)
        private_x[0] = x[32 * b0 + t0];
      for (int c1 = 0; c1 <= 1999; c1 += 32) {
        if (t0 + c1 <= 1999)
          shared_y[t0] = y[t0 + c1];
        __syncthreads();
        if (32 * b0 + t0 <= 1999) {
          for (int c3 = 0; c3 <= ppcg_min(31, -c1 + 1999); c3 += 1)
            private_x[0] = (private_x[0] + ((beta * A[(c1 + c3) * 2000 + (32 * b0 + t0)]) * shared_y[c3]));
          if (c1 == 1984)
            private_x[0] = (private_x[0] + z[32 * b0 + t0]);
        }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 1999)
        x[32 * b0 + t0] = private_x[0];
    }
}
__global__ void kernel2(double *A, double alpha, double *w, double *x)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_A[32][32];
    double private_w[1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1999)
        private_w[0] = w[32 * b0 + t0];
      for (int c1 = 0; c1 <= 1999; c1 += 32) {
        if (t0 + c1 <= 1999)
          for (int c2 = 0; c2 <= ppcg_min(31, -32 * b0 + 1999); c2 += 1)
            shared_A[c2][t0] = A[(32 * b0 + c2) * 2000 + (t0 + c1)];
        __syncthreads();
        if (32 * b0 + t0 <= 1999)
          for (int c3 = 0; c3 <= ppcg_min(31, -c1 + 1999); c3 += 1)
            private_w[0] = (private_w[0] + ((alpha * shared_A[t0][c3]) * x[c1 + c3]));
        __syncthreads();
      }
      if (32 * b0 + t0 <= 1999)
        w[32 * b0 + t0] = private_w[0];
    }
}
