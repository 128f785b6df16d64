#include "gramschmidt_kernel.hu"
__global__ void kernel0(double *R)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    for (int c3 = ppcg_max(t1, 32 * b0 - 32 * b1 + t1 + 16 * ((t0 - t1 + 15) / 16)); c3 <= ppcg_min(31, -32 * b1 + 1198); c3 += 16)
      R[(32 * b0 + t0) * 1200 + (32 * b1 + c3 + 1)] = 0.;
}
__global__ void kernel1(double *nrm, int c0)
{

    nrm[0] = 0.;
}
__global__ void kernel2(double *A, double *nrm, int c0)
{
    double private_nrm;

    {
      private_nrm = *nrm;
      for (int c1 = 0; c1 <= 999; c1 += 1)
        private_nrm += (A[c1 * 1200 + c0] * A[c1 * 1200 + c0]);
      *nrm = private_nrm;
    }
}
__global__ void kernel3(double *R, double *nrm, int c0)
{

    R[c0 * 1200 + c0] = sqrt(nrm[0]);
}
__global__ void kernel4(double *A, double *Q, double *R, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_R[1][1];

    {
      if (t0 == 0)
        shared_R[0][0] = R[c0 * 1200 + c0];
      __syncthreads();
      if (32 * b0 + t0 <= 999)
        Q[(32 * b0 + t0) * 1200 + c0] = (A[(32 * b0 + t0) * 1200 + c0] / shared_R[0][0]);
    }
}
__global__ void kernel5(double *A, double *Q, double *R, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_Q[32][1];
    double private_R[1][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + 31 >= c0) {
      if (32 * b0 + t0 <= 1198 && 32 * b0 + t0 >= c0)
        private_R[0][0] = R[c0 * 1200 + (32 * b0 + t0 + 1)];
      for (int c2 = 0; c2 <= 999; c2 += 32) {
        if (t0 == 0)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 999); c3 += 1)
            shared_Q[c3][0] = Q[(c2 + c3) * 1200 + c0];
        __syncthreads();
        if (32 * b0 + t0 <= 1198 && 32 * b0 + t0 >= c0)
          for (int c4 = 0; c4 <= ppcg_min(31, -c2 + 999); c4 += 1)
            private_R[0][0] += (shared_Q[c4][0] * A[(c2 + c4) * 1200 + (32 * b0 + t0 + 1)]);
        __syncthreads();
      }
      if (32 * b0 + t0 <= 1198 && 32 * b0 + t0 >= c0)
        R[c0 * 1200 + (32 * b0 + t0 + 1)] = private_R[0][0];
    }
}
__global__ void kernel6(double *A, double *Q, double *R, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_A[32][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (32 * b1 + t0 <= 999)
        for (int c2 = t1; c2 <= ppcg_min(31, -32 * b0 + 1198); c2 += 16)
          shared_A[t0][c2] = A[(32 * b1 + t0) * 1200 + (32 * b0 + c2 + 1)];
      __syncthreads();
      if (32 * b0 + t0 <= 1198 && 32 * b0 + t0 >= c0)
        for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 999); c4 += 16)
          shared_A[c4][t0] = (shared_A[c4][t0] - (Q[(32 * b1 + c4) * 1200 + c0] * R[c0 * 1200 + (32 * b0 + t0 + 1)]));
      __syncthreads();
      if (32 * b1 + t0 <= 999)
        for (int c2 = ppcg_max(t1, -32 * b0 + t1 + 16 * ((-t1 + c0 + 15) / 16)); c2 <= ppcg_min(31, -32 * b0 + 1198); c2 += 16)
          A[(32 * b1 + t0) * 1200 + (32 * b0 + c2 + 1)] = shared_A[t0][c2];
    }
}
