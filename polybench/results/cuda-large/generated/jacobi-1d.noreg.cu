/* jacobi-1d: 1-D Jacobi stencil on N points, TSTEPS time steps.  Each step computes
 * B from A, then A from B, as the three-point average over the interior points:
 * B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 120
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 400
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 2000
#else
# define TSTEPS 1000
# define N 4000
#endif

static void init_array(DATA_TYPE A[N], DATA_TYPE B[N])
{
  for (int i = 0; i < N; i++) {
    A[i] = ((DATA_TYPE) i + 2) / N;
    B[i] = ((DATA_TYPE) i + 3) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * b0 + t0 >= 1 && N >= polyopt_low0 + 256 * b0 + t0 + 2 && TSTEPS >= c0 + 1)
  {
    B[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.33333) * ((A[(polyopt_low0 + 256 * b0 + t0) - 1] + A[polyopt_low0 + 256 * b0 + t0]) + A[(polyopt_low0 + 256 * b0 + t0) + 1]);
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 1 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 2 && TSTEPS >= c0 + 1)
  {
    A[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = SCALAR_VAL(0.33333) * ((B[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) - 1] + B[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0]) + B[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) + 1]);
  }
}

static void kernel_jacobi_1d(DATA_TYPE A[N], DATA_TYPE B[N])
{
  int t, i;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 256, 256 */
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
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 0; c0 < TSTEPS; c0++)
    {
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(B, dev_B, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(B to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/jacobi-1d.c:36:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)i;
#pragma endscop
}

int main(void)
{
  DATA_TYPE *A = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *B = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_1d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", A, N);
  free(A);
  free(B);
  return 0;
}
