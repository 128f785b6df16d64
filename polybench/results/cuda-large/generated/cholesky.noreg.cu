/* cholesky: Cholesky decomposition A = L * L^T of a symmetric positive definite
 * N x N matrix, computed in place: L overwrites the lower triangle of A (the strict
 * upper triangle is left as it was). */
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

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) (-j % N) / N + 1;
    for (int j = i + 1; j < N; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }

  /* Make the matrix positive semi-definite: A := A * A^T, through a temporary B,
   * with PolyBench's t-r-s loop order and statement B[r][s] += A[r][t] * A[s][t].
   * A[s][t] is read from an exact transposed copy AT[t][s], so that the inner loop
   * walks memory contiguously (PolyBench's column-wise walk takes minutes at
   * LARGE); the operations, their order, and so the values, are the same. */
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*AT)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++) {
      B[r][s] = 0;
      AT[s][r] = A[r][s];
    }
  for (int t = 0; t < N; t++)
    for (int r = 0; r < N; r++)
      for (int s = 0; s < N; s++)
        B[r][s] += A[r][t] * AT[t][s];
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++)
      A[r][s] = B[r][s];
  free(AT);
  free(B);
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ A, int c0)
{
  if (c0 >= 0 && N >= c0 + 1)
  {
    A[c0 * N + c0] = SQRT_FUN(A[c0 * N + c0]);
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ A, int c0, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * b0 + t0 >= c0 + 1 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
  {
    A[(polyopt_low0 + 256 * b0 + t0) * N + c0] /= A[c0 * N + c0];
    A[(polyopt_low0 + 256 * b0 + t0) * N + (polyopt_low0 + 256 * b0 + t0)] -= A[(polyopt_low0 + 256 * b0 + t0) * N + c0] * A[(polyopt_low0 + 256 * b0 + t0) * N + c0];
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ A, int c0, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_b0 = blockIdx.y, polyopt_t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (c0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= c0 + 1 && polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 >= polyopt_low1 + 32 * b1 + t1 + 1 && N >= polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 + 1)
  {
    A[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 32 * b1 + t1)] -= A[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + c0] * A[(polyopt_low1 + 32 * b1 + t1) * N + c0];
  }
}

static void kernel_cholesky(DATA_TYPE A[N][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 3 kernel(s): 1 thread, 256, 32x8 */
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
    for (int c0 = 0; c0 < N; c0++)
    {
      polyopt_kernel0<<<1, 1>>>(dev_A, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      {
        const int polyopt_low0 = c0 + 1;
        const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_A, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = c0 + 2;
        const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
        const int polyopt_low1 = c0 + 1;
        const int polyopt_extent1 = N - 2 - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel2<<<polyopt_grid, polyopt_block>>>(dev_A, c0, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
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
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/cholesky.c:56:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_cholesky(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
