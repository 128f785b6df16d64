/* mvt: matrix-vector product and transpose, x1 := x1 + A * y_1 and
 * x2 := x2 + A^T * y_2, with A of N x N. */
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

static void init_array(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE) (i % N) / N;
    x2[i] = (DATA_TYPE) ((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE) ((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE) ((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ x1, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ y_1, DATA_TYPE *__restrict__ x2, DATA_TYPE *__restrict__ y_2, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_y_2[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int y_2_low0 = 32 * polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (y_2_low0 + polyopt_d0 >= 0 && y_2_low0 + polyopt_d0 < N)
          shared_y_2[polyopt_d0] = y_2[(y_2_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
      {
        if ((32 * polyopt_tile) <= polyopt_min(32 * polyopt_tile + 31, N - 1))
        {
          DATA_TYPE polyopt_accumulator = x2[polyopt_low0 + 256 * b0 + t0];
          for (int k_1 = 32 * polyopt_tile; k_1 <= polyopt_min(32 * polyopt_tile + 31, N - 1); k_1++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[k_1 * N + (polyopt_low0 + 256 * b0 + t0)] * shared_y_2[k_1 - y_2_low0]);
          }
          x2[polyopt_low0 + 256 * b0 + t0] = polyopt_accumulator;
        }
      }
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ x1, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ y_1, DATA_TYPE *__restrict__ x2, DATA_TYPE *__restrict__ y_2, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_y_1[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_polyopt_tile = k0;
      const int y_1_low0 = 32 * polyopt_polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (y_1_low0 + polyopt_d0 >= 0 && y_1_low0 + polyopt_d0 < N)
          shared_y_1[polyopt_d0] = y_1[(y_1_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_polyopt_tile >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
      {
        if ((32 * polyopt_polyopt_tile) <= polyopt_min(32 * polyopt_polyopt_tile + 31, N - 1))
        {
          DATA_TYPE polyopt_accumulator = x1[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
          for (int k_1 = 32 * polyopt_polyopt_tile; k_1 <= polyopt_min(32 * polyopt_polyopt_tile + 31, N - 1); k_1++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + k_1] * shared_y_1[k_1 - y_1_low0]);
          }
          x1[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = polyopt_accumulator;
        }
      }
    }
  }
}

static void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
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
    DATA_TYPE *dev_x1;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_y_1;
    DATA_TYPE *dev_x2;
    DATA_TYPE *dev_y_2;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_x1, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_y_1, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y_1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_x2, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_y_2, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y_2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_x1, x1, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(x1 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_y_1, y_1, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(y_1 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_x2, x2, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(x2 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_y_2, y_2, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(y_2 to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_x1, dev_A, dev_y_1, dev_x2, dev_y_2, polyopt_low0);
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
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_x1, dev_A, dev_y_1, dev_x2, dev_y_2, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(x1, dev_x1, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(x1 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(x2, dev_x2, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(x2 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x1), "cudaFree(x1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y_1), "cudaFree(y_1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x2), "cudaFree(x2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y_2), "cudaFree(y_2)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/mvt.c:36:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_2 = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(x1, x2, y_1, y_2, A);
  harness_start();
  kernel_mvt(x1, x2, y_1, y_2, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x1", x1, N);
  HARNESS_DUMP_ARRAY("x2", x2, N);
  free(A);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
  return 0;
}
