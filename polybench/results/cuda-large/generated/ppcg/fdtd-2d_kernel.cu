#include "fdtd-2d_kernel.hu"
__global__ void kernel0(double *ey, double *hz, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + t0 <= 998)
      for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1199); c4 += 16)
        ey[(32 * b0 + t0 + 1) * 1200 + (32 * b1 + c4)] = (ey[(32 * b0 + t0 + 1) * 1200 + (32 * b1 + c4)] - (0.5 * (hz[(32 * b0 + t0 + 1) * 1200 + (32 * b1 + c4)] - hz[(32 * b0 + t0) * 1200 + (32 * b1 + c4)])));
}
__global__ void kernel1(double *ex, double *hz, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + t0 <= 999)
      for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1198); c4 += 16)
        ex[(32 * b0 + t0) * 1200 + (32 * b1 + c4 + 1)] = (ex[(32 * b0 + t0) * 1200 + (32 * b1 + c4 + 1)] - (0.5 * (hz[(32 * b0 + t0) * 1200 + (32 * b1 + c4 + 1)] - hz[(32 * b0 + t0) * 1200 + (32 * b1 + c4)])));
}
__global__ void kernel2(double *_fict_, double *ex, double *ey, double *hz, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared__fict_[1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (t0 == 0 && t1 == 0)
        shared__fict_[0] = _fict_[c0];
      __syncthreads();
      if (32 * b0 + t0 <= 998) {
        for (int c4 = t1; c4 <= ppcg_min(31, -32 * b1 + 1198); c4 += 16) {
          if (b0 == 0 && t0 == 0)
            ey[0 * 1200 + (32 * b1 + c4)] = shared__fict_[0];
          hz[(32 * b0 + t0) * 1200 + (32 * b1 + c4)] = (hz[(32 * b0 + t0) * 1200 + (32 * b1 + c4)] - (0.69999999999999996 * (((ex[(32 * b0 + t0) * 1200 + (32 * b1 + c4 + 1)] - ex[(32 * b0 + t0) * 1200 + (32 * b1 + c4)]) + ey[(32 * b0 + t0 + 1) * 1200 + (32 * b1 + c4)]) - ey[(32 * b0 + t0) * 1200 + (32 * b1 + c4)])));
        }
        if (b0 == 0 && b1 == 37 && t0 == 0 && t1 == 15)
          ey[0 * 1200 + 1199] = shared__fict_[0];
      }
    }
}
