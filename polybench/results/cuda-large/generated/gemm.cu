/* gemm: C := alpha * A * B + beta * C, with A of NI x NK and B of NK x NJ. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 20
# define NJ 25
# define NK 30
#elif defined(SMALL_DATASET)
# define NI 60
# define NJ 70
# define NK 80
#elif defined(MEDIUM_DATASET)
# define NI 200
# define NJ 220
# define NK 240
#elif defined(LARGE_DATASET)
# define NI 1000
# define NJ 1100
# define NK 1200
#else
# define NI 2000
# define NJ 2300
# define NK 2600
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % NK) / NK;
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) (i * (j + 2) % NJ) / NJ;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ B, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  __shared__ DATA_TYPE shared_A[8][32];
  __shared__ DATA_TYPE shared_B[32][32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_tile = 0;
    if (polyopt_tile == 0 && polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && NI >= polyopt_low0 + 8 * b0 + t0 + 1 && NJ >= polyopt_low1 + 32 * b1 + t1 + 1)
    {
      C[(polyopt_low0 + 8 * b0 + t0) * NJ + (polyopt_low1 + 32 * b1 + t1)] *= beta;
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(NK - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int A_low0 = polyopt_max(0, polyopt_low0 + 8 * b0);
      const int A_low1 = 32 * polyopt_tile;
      const int B_low0 = 32 * polyopt_tile;
      const int B_low1 = polyopt_max(0, polyopt_low1 + 32 * b1);
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 256; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
        if (A_low0 + polyopt_d0 >= 0 && A_low0 + polyopt_d0 < NI && A_low1 + polyopt_d1 >= 0 && A_low1 + polyopt_d1 < NK)
          shared_A[polyopt_d0][polyopt_d1] = A[(A_low0 + polyopt_d0) * NK + (A_low1 + polyopt_d1)];
      }
      for (int polyopt_e = polyopt_thread; polyopt_e < 1024; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
        if (B_low0 + polyopt_d0 >= 0 && B_low0 + polyopt_d0 < NK && B_low1 + polyopt_d1 >= 0 && B_low1 + polyopt_d1 < NJ)
          shared_B[polyopt_d0][polyopt_d1] = B[(B_low0 + polyopt_d0) * NJ + (B_low1 + polyopt_d1)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && NI >= polyopt_low0 + 8 * b0 + t0 + 1 && NJ >= polyopt_low1 + 32 * b1 + t1 + 1)
      {
        if ((32 * polyopt_tile) <= polyopt_min(32 * polyopt_tile + 31, NK - 1))
        {
          DATA_TYPE polyopt_accumulator = C[(polyopt_low0 + 8 * b0 + t0) * NJ + (polyopt_low1 + 32 * b1 + t1)];
          for (int k_2 = 32 * polyopt_tile; k_2 <= polyopt_min(32 * polyopt_tile + 31, NK - 1); k_2++)
          {
            polyopt_accumulator += (alpha * shared_A[(polyopt_low0 + 8 * b0 + t0) - A_low0][k_2 - A_low1]) * shared_B[k_2 - B_low0][(polyopt_low1 + 32 * b1 + t1) - B_low1];
          }
          C[(polyopt_low0 + 8 * b0 + t0) * NJ + (polyopt_low1 + 32 * b1 + t1)] = polyopt_accumulator;
        }
      }
    }
  }
}

static void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[NI][NJ],
                        DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  int i, j, k;

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
    DATA_TYPE *dev_C;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_B;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_C, sizeof(DATA_TYPE) * (NI) * (NJ)), "cudaMalloc(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (NI) * (NK)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (NK) * (NJ)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_C, C, sizeof(DATA_TYPE) * (NI) * (NJ), cudaMemcpyHostToDevice), "cudaMemcpy(C to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (NI) * (NK), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (NK) * (NJ), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = NI - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = NJ - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_C, dev_A, dev_B, alpha, beta, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(C, dev_C, sizeof(DATA_TYPE) * (NI) * (NJ), cudaMemcpyDeviceToHost), "cudaMemcpy(C to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_C), "cudaFree(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/gemm.c:48:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_gemm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], NI * NJ);
  free(C);
  free(A);
  free(B);
  return 0;
}
