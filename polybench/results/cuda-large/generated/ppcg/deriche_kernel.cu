#include "deriche_kernel.hu"
__global__ void kernel0(float *a3, float *a4, float *b1, float *b2, float *imgIn, float *y2)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ float shared_a3;
    __shared__ float shared_a4;
    __shared__ float shared_b1;
    __shared__ float shared_b2;
    float private_xp1;
    float private_xp2;
    float private_yp1;
    float private_yp2;

    {
      if (t0 == 0) {
        shared_a3 = *a3;
        shared_a4 = *a4;
        shared_b1 = *b1;
        shared_b2 = *b2;
      }
      __syncthreads();
      private_xp2 = 0.F;
      private_yp2 = 0.F;
      private_yp1 = 0.F;
      private_xp1 = 0.F;
      for (int c2_0 = -2159; c2_0 <= 0; c2_0 += 1) {
        y2[(32 * b0 + t0) * 2160 + -c2_0] = ((((shared_a3 * private_xp1) + (shared_a4 * private_xp2)) + (shared_b1 * private_yp1)) + (shared_b2 * private_yp2));
        private_xp2 = private_xp1;
        private_yp2 = private_yp1;
        private_yp1 = y2[(32 * b0 + t0) * 2160 + -c2_0];
        private_xp1 = imgIn[(32 * b0 + t0) * 2160 + -c2_0];
      }
    }
}
__global__ void kernel1(float *c1, float *c2)
{

    c1[0] = (c2[0] = 1);
}
__global__ void kernel2(float *a1, float *a2, float *b1, float *b2, float *imgIn, float *y1)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ float shared_a1;
    __shared__ float shared_a2;
    __shared__ float shared_b1;
    __shared__ float shared_b2;
    float private_xm1;
    float private_ym1;
    float private_ym2;

    {
      if (t0 == 0) {
        shared_a1 = *a1;
        shared_a2 = *a2;
        shared_b1 = *b1;
        shared_b2 = *b2;
      }
      __syncthreads();
      private_ym1 = 0.F;
      private_xm1 = 0.F;
      private_ym2 = 0.F;
      for (int c2_0 = 0; c2_0 <= 2159; c2_0 += 1) {
        y1[(32 * b0 + t0) * 2160 + c2_0] = ((((shared_a1 * imgIn[(32 * b0 + t0) * 2160 + c2_0]) + (shared_a2 * private_xm1)) + (shared_b1 * private_ym1)) + (shared_b2 * private_ym2));
        private_xm1 = imgIn[(32 * b0 + t0) * 2160 + c2_0];
        private_ym2 = private_ym1;
        private_ym1 = y1[(32 * b0 + t0) * 2160 + c2_0];
      }
    }
}
__global__ void kernel3(float *c1, float *imgOut, float *y1, float *y2)
{
    int b0 = blockIdx.y, b1_0 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ float shared_c1;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (t0 == 0 && t1 == 0)
        shared_c1 = *c1;
      __syncthreads();
      for (int c3 = t1; c3 <= ppcg_min(31, -32 * b1_0 + 2159); c3 += 16)
        imgOut[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)] = (shared_c1 * (y1[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)] + y2[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)]));
    }
}
__global__ void kernel4(float *a7, float *a8, float *b1, float *b2, float *imgOut, float *y2)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ float shared_a7;
    __shared__ float shared_a8;
    __shared__ float shared_b1;
    __shared__ float shared_b2;
    float private_tp1;
    float private_tp2;
    float private_yp1;
    float private_yp2;

    {
      if (t0 == 0) {
        shared_a7 = *a7;
        shared_a8 = *a8;
        shared_b1 = *b1;
        shared_b2 = *b2;
      }
      __syncthreads();
      if (32 * b0 + t0 <= 2159) {
        private_yp2 = 0.F;
        private_yp1 = 0.F;
        private_tp1 = 0.F;
        private_tp2 = 0.F;
        for (int c2_0 = -4095; c2_0 <= 0; c2_0 += 1) {
          y2[-c2_0 * 2160 + (32 * b0 + t0)] = ((((shared_a7 * private_tp1) + (shared_a8 * private_tp2)) + (shared_b1 * private_yp1)) + (shared_b2 * private_yp2));
          private_tp2 = private_tp1;
          private_tp1 = imgOut[-c2_0 * 2160 + (32 * b0 + t0)];
          private_yp2 = private_yp1;
          private_yp1 = y2[-c2_0 * 2160 + (32 * b0 + t0)];
        }
      }
    }
}
__global__ void kernel5(float *a5, float *a6, float *b1, float *b2, float *imgOut, float *y1)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ float shared_a5;
    __shared__ float shared_a6;
    __shared__ float shared_b1;
    __shared__ float shared_b2;
    float private_tm1;
    float private_ym1;
    float private_ym2;

    {
      if (t0 == 0) {
        shared_a5 = *a5;
        shared_a6 = *a6;
        shared_b1 = *b1;
        shared_b2 = *b2;
      }
      __syncthreads();
      if (32 * b0 + t0 <= 2159) {
        private_ym2 = 0.F;
        private_tm1 = 0.F;
        private_ym1 = 0.F;
        for (int c2_0 = 0; c2_0 <= 4095; c2_0 += 1) {
          y1[c2_0 * 2160 + (32 * b0 + t0)] = ((((shared_a5 * imgOut[c2_0 * 2160 + (32 * b0 + t0)]) + (shared_a6 * private_tm1)) + (shared_b1 * private_ym1)) + (shared_b2 * private_ym2));
          private_ym2 = private_ym1;
          private_tm1 = imgOut[c2_0 * 2160 + (32 * b0 + t0)];
          private_ym1 = y1[c2_0 * 2160 + (32 * b0 + t0)];
        }
      }
    }
}
__global__ void kernel6(float *c2, float *imgOut, float *y1, float *y2)
{
    int b0 = blockIdx.y, b1_0 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ float shared_c2;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (t0 == 0 && t1 == 0)
        shared_c2 = *c2;
      __syncthreads();
      for (int c3 = t1; c3 <= ppcg_min(31, -32 * b1_0 + 2159); c3 += 16)
        imgOut[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)] = (shared_c2 * (y1[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)] + y2[(32 * b0 + t0) * 2160 + (32 * b1_0 + c3)]));
    }
}
