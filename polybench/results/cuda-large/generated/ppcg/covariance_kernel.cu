#include "covariance_kernel.hu"
__global__ void kernel0(double *data, double float_n, double *mean)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    double private_mean[1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    if (32 * b0 + t0 <= 1199) {
      private_mean[0] = 0.;
      for (int c1 = 0; c1 <= 1399; c1 += 32)
        for (int c3 = 0; c3 <= ppcg_min(31, -c1 + 1399); c3 += 1)
          private_mean[0] += data[(c1 + c3) * 1200 + (32 * b0 + t0)];
      private_mean[0] /= float_n;
      mean[32 * b0 + t0] = private_mean[0];
    }
}
__global__ void kernel1(double *data, double *mean)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_mean[32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (t0 == 0)
        for (int c0 = t1; c0 <= ppcg_min(31, -32 * b1 + 1199); c0 += 16)
          shared_mean[c0] = mean[32 * b1 + c0];
      __syncthreads();
      if (32 * b0 + t0 <= 1399)
        for (int c3 = t1; c3 <= ppcg_min(31, -32 * b1 + 1199); c3 += 16)
          data[(32 * b0 + t0) * 1200 + (32 * b1 + c3)] -= shared_mean[c3];
    }
}
__global__ void kernel2(double *cov, double *data, double float_n)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    __shared__ double shared_data_0[32][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    if (b1 >= b0)
      for (int c2 = 0; c2 <= 1399; c2 += 32) {
        if (t0 + c2 <= 1399)
          for (int c4 = t1; c4 <= ppcg_min(31, -32 * b0 + 1199); c4 += 16)
            shared_data_0[t0][c4] = data[(t0 + c2) * 1200 + (32 * b0 + c4)];
        __syncthreads();
        for (int c4 = ppcg_max(t1, 32 * b0 - 32 * b1 + t1 + 16 * ((t0 - t1 + 15) / 16)); c4 <= ppcg_min(31, -32 * b1 + 1199); c4 += 16) {
          if (c2 == 0)
            cov[(32 * b0 + t0) * 1200 + (32 * b1 + c4)] = 0.;
          for (int c5 = 0; c5 <= ppcg_min(31, -c2 + 1399); c5 += 1)
            cov[(32 * b0 + t0) * 1200 + (32 * b1 + c4)] += (shared_data_0[c5][t0] * data[(c2 + c5) * 1200 + (32 * b1 + c4)]);
          if (c2 == 1376) {
            cov[(32 * b0 + t0) * 1200 + (32 * b1 + c4)] /= (float_n - 1.);
            cov[(32 * b1 + c4) * 1200 + (32 * b0 + t0)] = cov[(32 * b0 + t0) * 1200 + (32 * b1 + c4)];
          }
        }
        __syncthreads();
      }
}
