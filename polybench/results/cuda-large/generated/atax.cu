/* atax: y := A^T * (A * x), with A of M x N, x and y of N; tmp (of M) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 38
# define N 42
#elif defined(SMALL_DATASET)
# define M 116
# define N 124
#elif defined(MEDIUM_DATASET)
# define M 390
# define N 410
#elif defined(LARGE_DATASET)
# define M 1900
# define N 2100
#else
# define M 1800
# define N 2200
#endif

static void init_array(DATA_TYPE A[M][N], DATA_TYPE x[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % N) / (5 * M);
}

#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ tmp, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ x, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_x[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_tile = 0;
    if (polyopt_tile == 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && M >= polyopt_low0 + 256 * b0 + t0 + 1)
    {
      tmp[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.0);
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int x_low0 = 32 * polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (x_low0 + polyopt_d0 >= 0 && x_low0 + polyopt_d0 < N)
          shared_x[polyopt_d0] = x[(x_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && M >= polyopt_low0 + 256 * b0 + t0 + 1)
      {
        if ((32 * polyopt_tile) <= polyopt_min(32 * polyopt_tile + 31, N - 1))
        {
          DATA_TYPE polyopt_accumulator = tmp[polyopt_low0 + 256 * b0 + t0];
          for (int k_1 = 32 * polyopt_tile; k_1 <= polyopt_min(32 * polyopt_tile + 31, N - 1); k_1++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[(polyopt_low0 + 256 * b0 + t0) * N + k_1] * shared_x[k_1 - x_low0]);
          }
          tmp[polyopt_low0 + 256 * b0 + t0] = polyopt_accumulator;
        }
      }
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ tmp, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ x, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
  {
    y[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = 0;
    if (0 < M)
    {
      DATA_TYPE polyopt_accumulator = y[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
      for (int k1 = 0; k1 < M; k1++)
      {
        polyopt_accumulator = polyopt_accumulator + (A[k1 * N + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] * tmp[k1]);
      }
      y[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = polyopt_accumulator;
    }
  }
}

static void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N],
                        DATA_TYPE tmp[M])
{
  int i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 256, 256 */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  {
    DATA_TYPE *dev_y;
    DATA_TYPE *dev_tmp;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_x;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_y, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_tmp, sizeof(DATA_TYPE) * (M)), "cudaMalloc(tmp)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_x, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_x, x, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(x to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_y, dev_tmp, dev_A, dev_x, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
      if (polyopt_extent0 > 0)
      {
        dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
        dim3 polyopt_block(256);
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_y, dev_tmp, dev_A, dev_x, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(y, dev_y, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(y to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(tmp, dev_tmp, sizeof(DATA_TYPE) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(tmp to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y), "cudaFree(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_tmp), "cudaFree(tmp)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x), "cudaFree(x)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/atax.c:37:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(A, x);
  harness_start();
  kernel_atax(A, x, y, tmp);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
