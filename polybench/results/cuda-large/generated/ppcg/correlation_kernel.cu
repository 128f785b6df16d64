#include "correlation_kernel.hu"
__global__ void kernel0(double *corr)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;

    if (32 * b0 + t0 <= 1198)
      corr[(32 * b0 + t0) * 1200 + (32 * b0 + t0)] = 1.;
}
__global__ void kernel1(double *data, double eps, double float_n, double *mean, double *stddev)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    double private_mean[1];
    double private_stddev[1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    if (32 * b0 + t0 <= 1199) {
      private_mean[0] = 0.;
      for (int c1 = 0; c1 <= 1399; c1 += 32)
        for (int c3 = 0; c3 <= ppcg_min(31, -c1 + 1399); c3 += 1)
          private_mean[0] += data[(c1 + c3) * 1200 + (32 * b0 + t0)];
      private_mean[0] /= float_n;
      private_stddev[0] = 0.;
      for (int c1 = 1376; c1 <= 2798; c1 += 32)
        for (int c3 = ppcg_max(0, -c1 + 1399); c3 <= ppcg_min(31, -c1 + 2798); c3 += 1)
          private_stddev[0] += ((data[(c1 + c3 - 1399) * 1200 + (32 * b0 + t0)] - private_mean[0]) * (data[(c1 + c3 - 1399) * 1200 + (32 * b0 + t0)] - private_mean[0]));
      private_stddev[0] /= float_n;
      private_stddev[0] = sqrt(private_stddev[0]);
      private_stddev[0] = ((private_stddev[0] <= eps) ? 1. : private_stddev[0]);
      stddev[32 * b0 + t0] = private_stddev[0];
      mean[32 * b0 + t0] = private_mean[0];
    }
}
__global__ void kernel2(double *data, double float_n, double *mean, double *stddev)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    double private_data[1][2];
    __shared__ double shared_mean[32];
    __shared__ double shared_stddev[32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1399) {
        private_data[0][0] = data[(32 * b0 + t0) * 1200 + (32 * b1 + t1)];
        if (32 * b1 + t1 <= 1183)
          private_data[0][1] = data[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)];
        if (t0 == 0) {
          for (int c0 = t1; c0 <= ppcg_min(31, -32 * b1 + 1199); c0 += 16)
            shared_mean[c0] = mean[32 * b1 + c0];
          for (int c0 = t1; c0 <= ppcg_min(31, -32 * b1 + 1199); c0 += 16)
            shared_stddev[c0] = stddev[32 * b1 + c0];
        }
      }
      __syncthreads();
      if (32 * b0 + t0 <= 1399) {
        private_data[0][0] -= shared_mean[t1];
        if (32 * b1 + t1 <= 1183)
          private_data[0][1] -= shared_mean[t1 + 16];
        private_data[0][0] /= (sqrt(float_n) * shared_stddev[t1]);
        if (32 * b1 + t1 <= 1183)
          private_data[0][1] /= (sqrt(float_n) * shared_stddev[t1 + 16]);
        data[(32 * b0 + t0) * 1200 + (32 * b1 + t1)] = private_data[0][0];
        if (32 * b1 + t1 <= 1183)
          data[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 16)] = private_data[0][1];
      }
    }
}
__global__ void kernel3(double *corr, double *data)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;
    double private_corr_0[1][2];
    __shared__ double shared_corr_1[32][32];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    {
      if (32 * b0 + t0 <= 1198 && 32 * b1 + t1 + 16 >= 32 * b0 + t0 && 32 * b1 + t1 <= 1198) {
        if (32 * b1 + t1 >= 32 * b0 + t0)
          private_corr_0[0][0] = 0.;
        if (32 * b1 + t1 <= 1182)
          private_corr_0[0][1] = 0.;
        for (int c2 = 0; c2 <= 1399; c2 += 32)
          for (int c3 = 0; c3 <= ppcg_min(31, -c2 + 1399); c3 += 1) {
            if (32 * b1 + t1 >= 32 * b0 + t0)
              private_corr_0[0][0] += (data[(c2 + c3) * 1200 + (32 * b0 + t0)] * data[(c2 + c3) * 1200 + (32 * b1 + t1 + 1)]);
            if (32 * b1 + t1 <= 1182)
              private_corr_0[0][1] += (data[(c2 + c3) * 1200 + (32 * b0 + t0)] * data[(c2 + c3) * 1200 + (32 * b1 + t1 + 17)]);
          }
        if (32 * b1 + t1 >= 32 * b0 + t0)
          shared_corr_1[t1][t0] = private_corr_0[0][0];
        if (32 * b1 + t1 <= 1182)
          shared_corr_1[t1 + 16][t0] = private_corr_0[0][1];
      }
      __syncthreads();
      if (32 * b1 + t0 <= 1198)
        for (int c1 = t1; c1 <= ppcg_min(31, -32 * b0 + 32 * b1 + t0); c1 += 16)
          corr[(32 * b1 + t0 + 1) * 1200 + (32 * b0 + c1)] = shared_corr_1[t0][c1];
      if (32 * b0 + t0 <= 1198 && 32 * b1 + t1 + 16 >= 32 * b0 + t0 && 32 * b1 + t1 <= 1198) {
        if (32 * b1 + t1 >= 32 * b0 + t0)
          corr[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 1)] = private_corr_0[0][0];
        if (32 * b1 + t1 <= 1182)
          corr[(32 * b0 + t0) * 1200 + (32 * b1 + t1 + 17)] = private_corr_0[0][1];
      }
    }
}
