/* trmm: triangular matrix multiply, B := alpha * A^T * B, with A a unit lower
 * triangular M x M matrix (only its strict lower triangle is read) and B of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % M) / M;
    A[i][i] = 1.0;
    /* The upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < M; j++)
      A[i][j] = 0.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE) ((N + (i - j)) % N) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, DATA_TYPE alpha, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
  {
    for (int k1 = 1; k1 < M; k1++)
    {
      for (int k2 = 0; k2 < k1; k2++)
      {
        B[k2 * N + (polyopt_low0 + 256 * b0 + t0)] += A[k1 * M + k2] * B[k1 * N + (polyopt_low0 + 256 * b0 + t0)];
      }
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, DATA_TYPE alpha, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_b0 = blockIdx.y, polyopt_t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && M >= polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 + 1 && N >= polyopt_low1 + 32 * b1 + t1 + 1)
  {
    B[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 32 * b1 + t1)] = alpha * B[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * N + (polyopt_low1 + 32 * b1 + t1)];
  }
}

static void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 256, 32x8 */
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
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (M) * (M)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (M) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, alpha, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = M - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = N - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_B, dev_A, alpha, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(B, dev_B, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(B to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/trmm.c:42:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, A, B);
  harness_start();
  kernel_trmm(alpha, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("B", &B[0][0], M * N);
  free(A);
  free(B);
  return 0;
}
