/* syrk: symmetric rank-k update, C := alpha * A * A^T + beta * C, with A of N x M
 * and only the lower triangle of the N x N matrix C (j <= i) computed. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 20
# define N 30
#elif defined(SMALL_DATASET)
# define M 60
# define N 80
#elif defined(MEDIUM_DATASET)
# define M 200
# define N 240
#elif defined(LARGE_DATASET)
# define M 1000
# define N 1200
#else
# define M 2000
# define N 2600
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[N][N],
                       DATA_TYPE A[N][M])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 2) % M) / M;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ A, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low1 + 32 * b1 + t1 >= 0 && polyopt_low0 + 8 * b0 + t0 >= polyopt_low1 + 32 * b1 + t1 && N >= polyopt_low0 + 8 * b0 + t0 + 1)
  {
    C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] *= beta;
    for (int k2 = 0; k2 < M; k2++)
    {
      C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] += (alpha * A[(polyopt_low0 + 8 * b0 + t0) * M + k2]) * A[(polyopt_low1 + 32 * b1 + t1) * M + k2];
    }
  }
}

static void kernel_syrk(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N],
                        DATA_TYPE A[N][M])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 1 kernel(s): 32x8 */
  {
    DATA_TYPE *dev_C;
    DATA_TYPE *dev_A;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_C, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (M)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_C, C, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(C to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = N - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_C, dev_A, alpha, beta, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(C, dev_C, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(C to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_C), "cudaFree(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/syrk.c:41:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));

  init_array(&alpha, &beta, C, A);
  harness_start();
  kernel_syrk(alpha, beta, C, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], N * N);
  free(C);
  free(A);
  return 0;
}
