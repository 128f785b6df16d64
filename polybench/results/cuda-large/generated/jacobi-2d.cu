/* jacobi-2d: 2-D Jacobi stencil on an N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, as the five-point average over the interior:
 * B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 90
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 250
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1300
#else
# define TSTEPS 1000
# define N 2800
#endif

static void init_array(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 8 * b0 + t0 >= 1 && polyopt_low1 + 32 * b1 + t1 >= 1 && N >= polyopt_low0 + 8 * b0 + t0 + 2 && N >= polyopt_low1 + 32 * b1 + t1 + 2 && TSTEPS >= c0 + 1)
  {
    B[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] = SCALAR_VAL(0.2) * ((((A[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] + A[(polyopt_low0 + 8 * b0 + t0) * N + ((polyopt_low1 + 32 * b1 + t1) - 1)]) + A[(polyopt_low0 + 8 * b0 + t0) * N + (1 + (polyopt_low1 + 32 * b1 + t1))]) + A[(1 + (polyopt_low0 + 8 * b0 + t0)) * N + (polyopt_low1 + 32 * b1 + t1)]) + A[((polyopt_low0 + 8 * b0 + t0) - 1) * N + (polyopt_low1 + 32 * b1 + t1)]);
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_b0 = blockIdx.y, polyopt_t0 = threadIdx.y;
  const int polyopt_b1 = blockIdx.x, polyopt_t1 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 >= 1 && polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 >= 1 && N >= polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 + 2 && N >= polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 + 2 && TSTEPS >= c0 + 1)
  {
    A[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] = SCALAR_VAL(0.2) * ((((B[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] + B[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + ((polyopt_low1 + 32 * polyopt_b1 + polyopt_t1) - 1)]) + B[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (1 + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1))]) + B[(1 + (polyopt_low0 + 8 * polyopt_b0 + polyopt_t0)) * N + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)]) + B[((polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) - 1) * N + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)]);
  }
}

static void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int t, i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 32x8, 32x8 */
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
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 0; c0 < TSTEPS; c0++)
    {
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        const int polyopt_low1 = 1;
        const int polyopt_extent1 = N - 2 - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        const int polyopt_low1 = 1;
        const int polyopt_extent1 = N - 2 - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(B, dev_B, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(B to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/jacobi-2d.c:37:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_2d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  free(B);
  return 0;
}
