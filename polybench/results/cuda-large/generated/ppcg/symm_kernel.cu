#include "symm_kernel.hu"
__global__ void kernel0(double *A, double *B, double *C, double alpha, double beta)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A_1[3][3];
    double private_temp2;

    #define ppcg_fdiv_q(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    for (int c1 = 32 * ((13 * b0 + b1 + 256) % 256) + 15968 * b0; c1 <= ppcg_min(499700, 15968 * b0 + 16668); c1 += 8192) {
      if (t0 <= 2 && t1 <= 2 && 499 * t1 + c1 >= 701 && 499 * t0 + c1 >= 701 && 499 * t0 + c1 <= 499700 && 499 * t1 + c1 <= 499700)
        shared_A_1[t0][t1] = A[(t0 + ppcg_fdiv_q(c1 - 202, 499) - 1) * 1000 + (t1 + ppcg_fdiv_q(c1 - 202, 499) - 1)];
      __syncthreads();
      if (32 * b0 + t0 <= 999)
        for (int c3 = ppcg_max(t1, 15968 * b0 + 496 * t0 + t1 + 16 * ppcg_fdiv_q(3 * t0 - t1 - c1 - 1, 16) + 16); c3 <= ppcg_min(31, 15968 * b0 + 499 * t0 - c1 + 1199); c3 += 16) {
          private_temp2 = 0;
          for (int c4 = 0; c4 < 32 * b0 + t0; c4 += 1)
            private_temp2 += (B[c4 * 1200 + (-15968 * b0 - 499 * t0 + c1 + c3)] * A[(32 * b0 + t0) * 1000 + c4]);
          C[(32 * b0 + t0) * 1200 + (-15968 * b0 - 499 * t0 + c1 + c3)] = (((beta * C[(32 * b0 + t0) * 1200 + (-15968 * b0 - 499 * t0 + c1 + c3)]) + ((alpha * B[(32 * b0 + t0) * 1200 + (-15968 * b0 - 499 * t0 + c1 + c3)]) * shared_A_1[32 * b0 + t0 - ppcg_fdiv_q(c1 - 202, 499) + 1][32 * b0 + t0 - ppcg_fdiv_q(c1 - 202, 499) + 1])) + (alpha * private_temp2));
        }
      __syncthreads();
    }
}
__global__ void kernel1(double *A, double *B, double *C, double alpha)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A[32][32];
    double private_C[2][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1199 && 32 * b1 + t1 <= 998) {
        private_C[0][0] = C[(32 * b1 + t1) * 1200 + (32 * b0 + t0)];
        if (32 * b1 + t1 <= 982)
          private_C[1][0] = C[(32 * b1 + t1 + 16) * 1200 + (32 * b0 + t0)];
      }
      for (int c2 = 32 * b1; c2 <= 998; c2 += 32) {
        if (t0 + c2 <= 998)
          for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 999); c4 += 16)
            shared_A[t0][c4] = A[(t0 + c2 + 1) * 1000 + (32 * b1 + c4)];
        __syncthreads();
        if (32 * b0 + t0 <= 1199)
          for (int c3 = ppcg_max(0, 32 * b1 + t1 - c2); c3 <= ppcg_min(31, -c2 + 998); c3 += 1) {
            private_C[0][0] += ((alpha * B[(c2 + c3 + 1) * 1200 + (32 * b0 + t0)]) * shared_A[c3][t1]);
            if (c2 + c3 >= 32 * b1 + t1 + 16)
              private_C[1][0] += ((alpha * B[(c2 + c3 + 1) * 1200 + (32 * b0 + t0)]) * shared_A[c3][t1 + 16]);
          }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 1199 && 32 * b1 + t1 <= 998) {
        C[(32 * b1 + t1) * 1200 + (32 * b0 + t0)] = private_C[0][0];
        if (32 * b1 + t1 <= 982)
          C[(32 * b1 + t1 + 16) * 1200 + (32 * b0 + t0)] = private_C[1][0];
      }
    }
}
