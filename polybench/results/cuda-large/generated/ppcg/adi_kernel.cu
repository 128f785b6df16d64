#include "adi_kernel.hu"
__global__ void kernel0(double *a, double *b, double *c, double *d, double *f, double *p, double *q, double *u, double *v, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_a;
    __shared__ double shared_b;
    __shared__ double shared_c;
    __shared__ double shared_d;
    __shared__ double shared_f;
    double private_v[1][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (t0 == 0) {
        shared_a = *a;
        shared_b = *b;
        shared_c = *c;
        shared_d = *d;
        shared_f = *f;
      }
      __syncthreads();
      for (int c2 = 0; c2 <= 998; c2 += 32) {
        if (32 * b0 + t0 <= 997 && c2 == 0) {
          private_v[0][0] = 1.;
          q[(32 * b0 + t0 + 1) * 1000 + 0] = private_v[0][0];
          p[(32 * b0 + t0 + 1) * 1000 + 0] = 0.;
        }
        if (32 * b0 + t0 <= 997)
          for (int c4 = ppcg_max(0, -c2 + 1); c4 <= ppcg_min(31, -c2 + 998); c4 += 1) {
            p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4)] = ((-shared_c) / ((shared_a * p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)]) + shared_b));
            q[(32 * b0 + t0 + 1) * 1000 + (c2 + c4)] = ((((((-shared_d) * u[(c2 + c4) * 1000 + (32 * b0 + t0)]) + ((1. + (2. * shared_d)) * u[(c2 + c4) * 1000 + (32 * b0 + t0 + 1)])) - (shared_f * u[(c2 + c4) * 1000 + (32 * b0 + t0 + 2)])) - (shared_a * q[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)])) / ((shared_a * p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)]) + shared_b));
          }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 997)
        v[0 * 1000 + (32 * b0 + t0 + 1)] = private_v[0][0];
    }
}
__global__ void kernel1(double *p, double *q, double *v, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_p[32][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    for (int c2 = 0; c2 <= 997; c2 += 32) {
      if (t0 + 967 >= c2)
        for (int c3 = 0; c3 <= ppcg_min(31, -32 * b0 + 997); c3 += 1)
          shared_p[c3][t0] = p[(32 * b0 + c3 + 1) * 1000 + (t0 - c2 + 967)];
      __syncthreads();
      if (32 * b0 + t0 <= 997 && c2 == 0)
        v[999 * 1000 + (32 * b0 + t0 + 1)] = 1.;
      if (32 * b0 + t0 <= 997)
        for (int c4 = 0; c4 <= ppcg_min(31, -c2 + 997); c4 += 1)
          v[(-c2 - c4 + 998) * 1000 + (32 * b0 + t0 + 1)] = ((shared_p[t0][-c4 + 31] * v[(-c2 - c4 + 999) * 1000 + (32 * b0 + t0 + 1)]) + q[(32 * b0 + t0 + 1) * 1000 + (-c2 - c4 + 998)]);
      __syncthreads();
    }
}
__global__ void kernel2(double *a, double *c, double *d, double *e, double *f, double *p, double *q, double *u, double *v, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_a;
    __shared__ double shared_c;
    __shared__ double shared_d;
    __shared__ double shared_e;
    __shared__ double shared_f;
    double private_u[1][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    {
      if (t0 == 0) {
        shared_a = *a;
        shared_c = *c;
        shared_d = *d;
        shared_e = *e;
        shared_f = *f;
      }
      __syncthreads();
      for (int c2 = 0; c2 <= 998; c2 += 32) {
        if (32 * b0 + t0 <= 997 && c2 == 0) {
          private_u[0][0] = 1.;
          q[(32 * b0 + t0 + 1) * 1000 + 0] = private_u[0][0];
          p[(32 * b0 + t0 + 1) * 1000 + 0] = 0.;
        }
        if (32 * b0 + t0 <= 997)
          for (int c4 = ppcg_max(0, -c2 + 1); c4 <= ppcg_min(31, -c2 + 998); c4 += 1) {
            p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4)] = ((-shared_f) / ((shared_d * p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)]) + shared_e));
            q[(32 * b0 + t0 + 1) * 1000 + (c2 + c4)] = ((((((-shared_a) * v[(32 * b0 + t0) * 1000 + (c2 + c4)]) + ((1. + (2. * shared_a)) * v[(32 * b0 + t0 + 1) * 1000 + (c2 + c4)])) - (shared_c * v[(32 * b0 + t0 + 2) * 1000 + (c2 + c4)])) - (shared_d * q[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)])) / ((shared_d * p[(32 * b0 + t0 + 1) * 1000 + (c2 + c4 - 1)]) + shared_e));
          }
        __syncthreads();
      }
      if (32 * b0 + t0 <= 997)
        u[(32 * b0 + t0 + 1) * 1000 + 0] = private_u[0][0];
    }
}
__global__ void kernel3(double *p, double *q, double *u, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    __shared__ double shared_p[32][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    for (int c2 = 0; c2 <= 997; c2 += 32) {
      if (t0 + 967 >= c2)
        for (int c3 = 0; c3 <= ppcg_min(31, -32 * b0 + 997); c3 += 1)
          shared_p[c3][t0] = p[(32 * b0 + c3 + 1) * 1000 + (t0 - c2 + 967)];
      __syncthreads();
      if (32 * b0 + t0 <= 997 && c2 == 0)
        u[(32 * b0 + t0 + 1) * 1000 + 999] = 1.;
      if (32 * b0 + t0 <= 997)
        for (int c4 = 0; c4 <= ppcg_min(31, -c2 + 997); c4 += 1)
          u[(32 * b0 + t0 + 1) * 1000 + (-c2 - c4 + 998)] = ((shared_p[t0][-c4 + 31] * u[(32 * b0 + t0 + 1) * 1000 + (-c2 - c4 + 999)]) + q[(32 * b0 + t0 + 1) * 1000 + (-c2 - c4 + 998)]);
      __syncthreads();
    }
}
