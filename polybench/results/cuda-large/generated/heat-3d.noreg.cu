/* heat-3d: 3-D heat equation on an N x N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, over the interior points:
 * B[i][j][k] = 0.125 * (second differences of A along i, j and k) + A[i][j][k]. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 10
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 20
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 40
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 120
#else
# define TSTEPS 1000
# define N 200
#endif

static void init_array(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) (i + j + (N - k)) * 10 / (N);
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1, int polyopt_low2)
{
  const int b0 = blockIdx.z, t0 = threadIdx.z;
  const int b1 = blockIdx.y, t1 = threadIdx.y;
  const int b2 = blockIdx.x, t2 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 2 * b0 + t0 >= 1 && polyopt_low1 + 4 * b1 + t1 >= 1 && polyopt_low2 + 32 * b2 + t2 >= 1 && N >= polyopt_low0 + 2 * b0 + t0 + 2 && N >= polyopt_low1 + 4 * b1 + t1 + 2 && N >= polyopt_low2 + 32 * b2 + t2 + 2 && TSTEPS >= c0)
  {
    B[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)] = (((SCALAR_VAL(0.125) * ((A[(((polyopt_low0 + 2 * b0 + t0) + 1) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)] - (SCALAR_VAL(2.0) * A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)])) + A[(((polyopt_low0 + 2 * b0 + t0) - 1) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)])) + (SCALAR_VAL(0.125) * ((A[((polyopt_low0 + 2 * b0 + t0) * N + ((polyopt_low1 + 4 * b1 + t1) + 1)) * N + (polyopt_low2 + 32 * b2 + t2)] - (SCALAR_VAL(2.0) * A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)])) + A[((polyopt_low0 + 2 * b0 + t0) * N + ((polyopt_low1 + 4 * b1 + t1) - 1)) * N + (polyopt_low2 + 32 * b2 + t2)]))) + (SCALAR_VAL(0.125) * ((A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + ((polyopt_low2 + 32 * b2 + t2) + 1)] - (SCALAR_VAL(2.0) * A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)])) + A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + ((polyopt_low2 + 32 * b2 + t2) - 1)]))) + A[((polyopt_low0 + 2 * b0 + t0) * N + (polyopt_low1 + 4 * b1 + t1)) * N + (polyopt_low2 + 32 * b2 + t2)];
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1, int polyopt_low2)
{
  const int polyopt_b0 = blockIdx.z, polyopt_t0 = threadIdx.z;
  const int polyopt_b1 = blockIdx.y, polyopt_t1 = threadIdx.y;
  const int polyopt_b2 = blockIdx.x, polyopt_t2 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 2 * polyopt_b0 + polyopt_t0 >= 1 && polyopt_low1 + 4 * polyopt_b1 + polyopt_t1 >= 1 && polyopt_low2 + 32 * polyopt_b2 + polyopt_t2 >= 1 && N >= polyopt_low0 + 2 * polyopt_b0 + polyopt_t0 + 2 && N >= polyopt_low1 + 4 * polyopt_b1 + polyopt_t1 + 2 && N >= polyopt_low2 + 32 * polyopt_b2 + polyopt_t2 + 2 && TSTEPS >= c0)
  {
    A[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)] = (((SCALAR_VAL(0.125) * ((B[(((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) + 1) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)] - (SCALAR_VAL(2.0) * B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)])) + B[(((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) - 1) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)])) + (SCALAR_VAL(0.125) * ((B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + ((polyopt_low1 + 4 * polyopt_b1 + polyopt_t1) + 1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)] - (SCALAR_VAL(2.0) * B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)])) + B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + ((polyopt_low1 + 4 * polyopt_b1 + polyopt_t1) - 1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)]))) + (SCALAR_VAL(0.125) * ((B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + ((polyopt_low2 + 32 * polyopt_b2 + polyopt_t2) + 1)] - (SCALAR_VAL(2.0) * B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)])) + B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + ((polyopt_low2 + 32 * polyopt_b2 + polyopt_t2) - 1)]))) + B[((polyopt_low0 + 2 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 4 * polyopt_b1 + polyopt_t1)) * N + (polyopt_low2 + 32 * polyopt_b2 + polyopt_t2)];
  }
}

static void kernel_heat_3d(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 32x4x2, 32x4x2 */
  {
    DATA_TYPE *dev_B;
    DATA_TYPE *dev_A;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (N) * (N) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (N) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 1; c0 <= TSTEPS; c0++)
    {
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        const int polyopt_low1 = 1;
        const int polyopt_extent1 = N - 2 - polyopt_low1 + 1;
        const int polyopt_low2 = 1;
        const int polyopt_extent2 = N - 2 - polyopt_low2 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0 && polyopt_extent2 > 0)
        {
          dim3 polyopt_grid((polyopt_extent2 + 31) / 32, (polyopt_extent1 + 3) / 4, (polyopt_extent0 + 1) / 2);
          dim3 polyopt_block(32, 4, 2);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0, polyopt_low1, polyopt_low2);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        const int polyopt_low1 = 1;
        const int polyopt_extent1 = N - 2 - polyopt_low1 + 1;
        const int polyopt_low2 = 1;
        const int polyopt_extent2 = N - 2 - polyopt_low2 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0 && polyopt_extent2 > 0)
        {
          dim3 polyopt_grid((polyopt_extent2 + 31) / 32, (polyopt_extent1 + 3) / 4, (polyopt_extent0 + 1) / 2);
          dim3 polyopt_block(32, 4, 2);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0, polyopt_low1, polyopt_low2);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(B, dev_B, sizeof(DATA_TYPE) * (N) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(B to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (N) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/heat-3d.c:36:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE (*B)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));

  init_array(A, B);
  harness_start();
  kernel_heat_3d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], N * N * N);
  free(A);
  free(B);
  return 0;
}
