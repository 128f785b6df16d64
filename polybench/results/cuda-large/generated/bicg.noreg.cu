/* bicg: the BiCG sub-kernel, s := A^T * r and q := A * p, with A of N x M,
 * r and q of N, p and s of M. */
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

static void init_array(DATA_TYPE A[N][M], DATA_TYPE r[N], DATA_TYPE p[M])
{
  for (int i = 0; i < M; i++)
    p[i] = (DATA_TYPE) (i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % N) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ s, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ p, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_r[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_tile = 0;
    if (polyopt_tile == 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && M >= polyopt_low0 + 256 * b0 + t0 + 1)
    {
      s[polyopt_low0 + 256 * b0 + t0] = 0;
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int r_low0 = 32 * polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (r_low0 + polyopt_d0 >= 0 && r_low0 + polyopt_d0 < N)
          shared_r[polyopt_d0] = r[(r_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && M >= polyopt_low0 + 256 * b0 + t0 + 1)
      {
        for (int k_1 = 32 * polyopt_tile; k_1 <= polyopt_min(32 * polyopt_tile + 31, N - 1); k_1++)
        {
          s[polyopt_low0 + 256 * b0 + t0] = s[polyopt_low0 + 256 * b0 + t0] + (shared_r[k_1 - r_low0] * A[k_1 * M + (polyopt_low0 + 256 * b0 + t0)]);
        }
      }
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ s, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ p, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_p[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_polyopt_tile = 0;
    if (polyopt_polyopt_tile == 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
    {
      q[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = SCALAR_VAL(0.0);
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(M - 1, 32); k0++)
  {
    {
      const int polyopt_polyopt_tile = k0;
      const int p_low0 = 32 * polyopt_polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (p_low0 + polyopt_d0 >= 0 && p_low0 + polyopt_d0 < M)
          shared_p[polyopt_d0] = p[(p_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_polyopt_tile >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
      {
        for (int k_1 = 32 * polyopt_polyopt_tile; k_1 <= polyopt_min(32 * polyopt_polyopt_tile + 31, M - 1); k_1++)
        {
          q[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = q[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] + (A[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * M + k_1] * shared_p[k_1 - p_low0]);
        }
      }
    }
  }
}

static void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N],
                        DATA_TYPE p[M], DATA_TYPE r[N])
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
    DATA_TYPE *dev_s;
    DATA_TYPE *dev_q;
    DATA_TYPE *dev_r;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_p;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_s, sizeof(DATA_TYPE) * (M)), "cudaMalloc(s)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_q, sizeof(DATA_TYPE) * (N)), "cudaMalloc(q)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_r, sizeof(DATA_TYPE) * (N)), "cudaMalloc(r)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (M)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_p, sizeof(DATA_TYPE) * (M)), "cudaMalloc(p)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_r, r, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(r to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_p, p, sizeof(DATA_TYPE) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(p to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_s, dev_q, dev_r, dev_A, dev_p, polyopt_low0);
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
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_s, dev_q, dev_r, dev_A, dev_p, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(s, dev_s, sizeof(DATA_TYPE) * (M), cudaMemcpyDeviceToHost), "cudaMemcpy(s to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(q, dev_q, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(q to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_s), "cudaFree(s)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_q), "cudaFree(q)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_r), "cudaFree(r)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_p), "cudaFree(p)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/bicg.c:39:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE *s = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *q = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *p = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, r, p);
  harness_start();
  kernel_bicg(A, s, q, p, r);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("s", s, M);
  HARNESS_DUMP_ARRAY("q", q, N);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
