/* seidel-2d: 2-D Gauss-Seidel stencil on an N x N grid, TSTEPS time steps, in place:
 * each interior A[i][j] becomes the average of its 3 x 3 neighbourhood, using the
 * values already updated in this sweep (rows above, columns to the left). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 40
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

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
}

#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 1 && c0 >= 4 * polyopt_low0 + 2 * polyopt_low1 + 32 * b0 + 64 * b1 + 4 * t0 + 2 * t1 + 1 && 4 * polyopt_low0 + 2 * polyopt_low1 + 32 * b0 + 64 * b1 + 4 * t0 + 2 * t1 + N >= c0 + 2 && N >= polyopt_low1 + 32 * b1 + t1 + 2 && TSTEPS >= polyopt_low0 + 8 * b0 + t0 + 1)
  {
    A[(polyopt_low1 + 32 * b1 + t1) * N + (c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1)] = ((((((((A[((polyopt_low1 + 32 * b1 + t1) - 1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) - 1)] + A[((polyopt_low1 + 32 * b1 + t1) - 1) * N + (c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1)]) + A[((polyopt_low1 + 32 * b1 + t1) - 1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) + 1)]) + A[(polyopt_low1 + 32 * b1 + t1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) - 1)]) + A[(polyopt_low1 + 32 * b1 + t1) * N + (c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1)]) + A[(polyopt_low1 + 32 * b1 + t1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) + 1)]) + A[((polyopt_low1 + 32 * b1 + t1) + 1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) - 1)]) + A[((polyopt_low1 + 32 * b1 + t1) + 1) * N + (c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1)]) + A[((polyopt_low1 + 32 * b1 + t1) + 1) * N + ((c0 - 4 * polyopt_low0 - 2 * polyopt_low1 - 32 * b0 - 64 * b1 - 4 * t0 - 2 * t1) + 1)]) / SCALAR_VAL(9.0);
  }
}

static void kernel_seidel_2d(DATA_TYPE A[N][N])
{
  int t, i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 1 kernel(s): 32x8 */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  {
    DATA_TYPE *dev_A;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 3; c0 < 3 * N + 4 * TSTEPS - 9; c0++)
    {
      {
        const int polyopt_low0 = polyopt_max(0, c0 - (3 * N + 3 * c0 + 2) / 4 + 2);
        const int polyopt_extent0 = polyopt_min(TSTEPS - 1, (c0 + 1) / 4 - 1) - polyopt_low0 + 1;
        const int polyopt_low1 = N >= c0 || (N + 4 * TSTEPS >= c0 + 4 && c0 + 4 * polyopt_floord(N - c0, 4) >= 3) ? 1 : polyopt_max(2, -2 * TSTEPS + c0 - (N + c0) / 2 + 3);
        const int polyopt_extent1 = (N >= 4 && c0 + 3 >= 2 * N && (-2 * N + c0 + 3) % 4 + 2 >= N) ? N - 3 : polyopt_min(N - 2, (c0 + 1) / 2 - 1) - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_A, c0, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/seidel-2d.c:35:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_seidel_2d(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
