/* correlation: the M x M correlation matrix corr of N data points with M attributes
 * each (data is N x M, one point a row): column means and standard deviations
 * (a deviation <= eps is taken as 1), data centred and reduced in place, then
 * corr[i][j] = sum_k data[k][i] * data[k][j], with a unit diagonal. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 28
# define N 32
#elif defined(SMALL_DATASET)
# define M 80
# define N 100
#elif defined(MEDIUM_DATASET)
# define M 240
# define N 260
#elif defined(LARGE_DATASET)
# define M 1200
# define N 1400
#else
# define M 2600
# define N 3000
#endif

static void init_array(DATA_TYPE *float_n, DATA_TYPE data[N][M])
{
  *float_n = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE) (i * j) / M + i;
}

#ifndef POLYOPT_CUDA_CHECK
#define POLYOPT_CUDA_CHECK
#include <stdio.h>
#include <stdlib.h>
static void polyopt_cuda_check(cudaError_t status, const char *call, const char *file, int line)
{
  if (status != cudaSuccess) {
    fprintf(stderr, "%s:%d: polyopt: CUDA error in %s: %s\n", file, line, call,
            cudaGetErrorString(status));
    exit(EXIT_FAILURE);
  }
}
#endif

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (polyopt_low0 + 256 * b0 + t0 >= 0 && M >= polyopt_low0 + 256 * b0 + t0 + 1)
  {
    mean[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.0);
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && M >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
  {
    if (0 < N)
    {
      DATA_TYPE polyopt_accumulator = mean[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
      for (int k1 = 0; k1 < N; k1++)
      {
        polyopt_accumulator += data[k1 * M + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)];
      }
      mean[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = polyopt_accumulator;
    }
    stddev[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = SCALAR_VAL(0.0);
    mean[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] /= float_n;
    if (N < 2 * N)
    {
      DATA_TYPE polyopt_accumulator = stddev[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
      for (int k1 = N; k1 < 2 * N; k1++)
      {
        polyopt_accumulator += (data[(-N + k1) * M + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] - mean[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0]) * (data[(-N + k1) * M + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] - mean[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0]);
      }
      stddev[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = polyopt_accumulator;
    }
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0)
{
  const int polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_t0 = threadIdx.x;
  if (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 >= 0 && M >= polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 + 1)
  {
    stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0] /= float_n;
    stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0] = SQRT_FUN(stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0]);
    stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0] = (stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0] <= eps) ? (SCALAR_VAL(1.0)) : (stddev[polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0]);
  }
}

__global__ void polyopt_kernel3(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_polyopt_t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && M >= polyopt_low1 + 32 * b1 + t1 + 1 && N >= polyopt_low0 + 8 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 + 1)
  {
    data[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * b1 + t1)] -= mean[polyopt_low1 + 32 * b1 + t1];
    data[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * b1 + t1)] /= SQRT_FUN(float_n) * stddev[polyopt_low1 + 32 * b1 + t1];
  }
}

__global__ void polyopt_kernel4(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_polyopt_polyopt_t0 = threadIdx.y;
  const int polyopt_b1 = blockIdx.x, polyopt_t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 >= polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0 + 1 && M >= polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 + 1)
  {
    corr[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] = SCALAR_VAL(0.0);
    if (0 < N)
    {
      DATA_TYPE polyopt_accumulator = corr[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)];
      for (int k2 = 0; k2 < N; k2++)
      {
        polyopt_accumulator += data[k2 * M + (polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0)] * data[k2 * M + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)];
      }
      corr[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] = polyopt_accumulator;
    }
  }
}

__global__ void polyopt_kernel5(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_polyopt_polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_polyopt_polyopt_polyopt_t0 = threadIdx.y;
  const int polyopt_polyopt_b1 = blockIdx.x, polyopt_polyopt_t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1 >= polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0 + 1 && M >= polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1 + 1)
  {
    corr[(polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1) * M + (polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0)] = corr[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0) * M + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1)];
  }
}

__global__ void polyopt_kernel6(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n, int polyopt_low0)
{
  const int polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_t0 = threadIdx.x;
  if (polyopt_low0 + 256 * polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_t0 >= 0 && M >= polyopt_low0 + 256 * polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_t0 + 2)
  {
    corr[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_t0) * M + (polyopt_low0 + 256 * polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_polyopt_t0)] = SCALAR_VAL(1.0);
  }
}

__global__ void polyopt_kernel7(DATA_TYPE *__restrict__ mean, DATA_TYPE *__restrict__ data, DATA_TYPE *__restrict__ stddev, DATA_TYPE *__restrict__ corr, DATA_TYPE eps, DATA_TYPE float_n)
{
  corr[(M - 1) * M + (M - 1)] = SCALAR_VAL(1.0);
}

static void kernel_correlation(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                               DATA_TYPE mean[M], DATA_TYPE stddev[M])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);

#pragma scop
  /* polyopt: isl scheduler; CUDA, 8 kernel(s): 256, 256, 256, 32x8, 32x8, 32x8, 256, 1 thread */
  {
    DATA_TYPE *dev_mean;
    DATA_TYPE *dev_data;
    DATA_TYPE *dev_stddev;
    DATA_TYPE *dev_corr;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_mean, sizeof(DATA_TYPE) * (M)), "cudaMalloc(mean)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_data, sizeof(DATA_TYPE) * (N) * (M)), "cudaMalloc(data)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_stddev, sizeof(DATA_TYPE) * (M)), "cudaMalloc(stddev)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_corr, sizeof(DATA_TYPE) * (M) * (M)), "cudaMalloc(corr)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_data, data, sizeof(DATA_TYPE) * (N) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(data to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 1 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 1 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 1 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel2<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = M - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel3<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel3", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 2 - polyopt_low0 + 1;
      const int polyopt_low1 = 1;
      const int polyopt_extent1 = M - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel4<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel4", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 2 - polyopt_low0 + 1;
      const int polyopt_low1 = 1;
      const int polyopt_extent1 = M - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel5<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel5", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 2 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel6<<<polyopt_grid, polyopt_block>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel6", __FILE__, __LINE__);
      }
    }
    polyopt_kernel7<<<1, 1>>>(dev_mean, dev_data, dev_stddev, dev_corr, eps, float_n);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel7", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(mean, dev_mean, sizeof(DATA_TYPE) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(mean to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(data, dev_data, sizeof(DATA_TYPE) * (N) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(data to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(stddev, dev_stddev, sizeof(DATA_TYPE) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(stddev to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(corr, dev_corr, sizeof(DATA_TYPE) * (M) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(corr to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_mean), "cudaFree(mean)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_data), "cudaFree(data)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_stddev), "cudaFree(stddev)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_corr), "cudaFree(corr)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/correlation.c:39:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)j; (void)i; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE (*corr)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *stddev = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(&float_n, data);
  harness_start();
  kernel_correlation(float_n, data, corr, mean, stddev);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("corr", &corr[0][0], M * M);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
