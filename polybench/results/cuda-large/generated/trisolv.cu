/* trisolv: solve the lower triangular system L * x = b by forward substitution,
 * with L of N x N (only its lower triangle, diagonal included, is read). */
#include "harness.h"

#if defined(MINI_DATASET)
# define N 40
#elif defined(SMALL_DATASET)
# define N 120
#elif defined(MEDIUM_DATASET)
# define N 400
#elif defined(LARGE_DATASET)
# define N 2000
#else
# define N 4000
#endif

static void init_array(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  for (int i = 0; i < N; i++) {
    x[i] = -999;
    b[i] = i;
    for (int j = 0; j <= i; j++)
      L[i][j] = (DATA_TYPE) (i + N - j + 1) * 2 / N;
    /* The strict upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < N; j++)
      L[i][j] = 0;
  }
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ L, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
  {
    x[polyopt_low0 + 256 * b0 + t0] = b[polyopt_low0 + 256 * b0 + t0];
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ L, int c0)
{
  if (c0 >= 0 && N >= c0 + 1)
  {
    x[c0] = x[c0] / L[c0 * N + c0];
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ L, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= c0 + 1 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
  {
    x[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] -= L[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + c0] * x[c0];
  }
}

static void kernel_trisolv(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  int i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 3 kernel(s): 256, 1 thread, 256 */
  {
    DATA_TYPE *dev_x;
    DATA_TYPE *dev_b;
    DATA_TYPE *dev_L;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_x, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_b, sizeof(DATA_TYPE) * (N)), "cudaMalloc(b)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_L, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(L)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_b, b, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(b to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_L, L, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(L to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_x, dev_b, dev_L, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    for (int c0 = 0; c0 < N; c0++)
    {
      polyopt_kernel1<<<1, 1>>>(dev_x, dev_b, dev_L, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      {
        const int polyopt_low0 = c0 + 1;
        const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel2<<<polyopt_grid, polyopt_block>>>(dev_x, dev_b, dev_L, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(x, dev_x, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(x to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x), "cudaFree(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_b), "cudaFree(b)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_L), "cudaFree(L)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/trisolv.c:35:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*L)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *b = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(L, x, b);
  harness_start();
  kernel_trisolv(L, x, b);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x", x, N);
  free(L);
  free(x);
  free(b);
  return 0;
}
