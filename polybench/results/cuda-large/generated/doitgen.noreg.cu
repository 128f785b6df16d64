/* doitgen: multiresolution analysis kernel (MADNESS), A[r][q][:] := A[r][q][:] * C4
 * for every r and q, with A of NR x NQ x NP and C4 of NP x NP; sum (of NP) is scratch. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NQ 8
# define NR 10
# define NP 12
#elif defined(SMALL_DATASET)
# define NQ 20
# define NR 25
# define NP 30
#elif defined(MEDIUM_DATASET)
# define NQ 40
# define NR 50
# define NP 60
#elif defined(LARGE_DATASET)
# define NQ 140
# define NR 150
# define NP 160
#else
# define NQ 220
# define NR 250
# define NP 270
#endif

static void init_array(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP])
{
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NQ; j++)
      for (int k = 0; k < NP; k++)
        A[i][j][k] = (DATA_TYPE) ((i * j + k) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = (DATA_TYPE) (i * j % NP) / NP;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ C4, int c0, int c1, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 0 && c1 >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && NP >= polyopt_low0 + 256 * b0 + t0 + 1 && NQ >= c1 + 1 && NR >= c0 + 1)
  {
    sum[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.0);
    for (int k3 = 0; k3 < NP; k3++)
    {
      sum[polyopt_low0 + 256 * b0 + t0] += A[(c0 * NQ + c1) * NP + k3] * C4[k3 * NP + (polyopt_low0 + 256 * b0 + t0)];
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ C4, int c0, int c1, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= 0 && c1 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && NP >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1 && NQ >= c1 + 1 && NR >= c0 + 1)
  {
    A[(c0 * NQ + c1) * NP + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = sum[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
  }
}

static void kernel_doitgen(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP],
                           DATA_TYPE sum[NP])
{
  int r, q, p, s;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 256, 256 */
  {
    DATA_TYPE *dev_sum;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_C4;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_sum, sizeof(DATA_TYPE) * (NP)), "cudaMalloc(sum)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (NR) * (NQ) * (NP)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_C4, sizeof(DATA_TYPE) * (NP) * (NP)), "cudaMalloc(C4)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_sum, sum, sizeof(DATA_TYPE) * (NP), cudaMemcpyHostToDevice), "cudaMemcpy(sum to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (NR) * (NQ) * (NP), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_C4, C4, sizeof(DATA_TYPE) * (NP) * (NP), cudaMemcpyHostToDevice), "cudaMemcpy(C4 to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 0; c0 < NR; c0++)
    {
      for (int c1 = 0; c1 < NQ; c1++)
      {
        {
          const int polyopt_low0 = 0;
          const int polyopt_extent0 = NP - 1 - polyopt_low0 + 1;
          if (polyopt_extent0 > 0)
          {
            dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
            dim3 polyopt_block(256);
            polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_sum, dev_A, dev_C4, c0, c1, polyopt_low0);
            polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
          }
        }
        {
          const int polyopt_low0 = 0;
          const int polyopt_extent0 = NP - 1 - polyopt_low0 + 1;
          if (polyopt_extent0 > 0)
          {
            dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
            dim3 polyopt_block(256);
            polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_sum, dev_A, dev_C4, c0, c1, polyopt_low0);
            polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
          }
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(sum, dev_sum, sizeof(DATA_TYPE) * (NP), cudaMemcpyDeviceToHost), "cudaMemcpy(sum to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (NR) * (NQ) * (NP), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_sum), "cudaFree(sum)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_C4), "cudaFree(C4)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/doitgen.c:44:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)r; (void)q; (void)p; (void)s;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[NQ][NP] = harness_alloc(sizeof(DATA_TYPE[NR][NQ][NP]));
  DATA_TYPE (*C4)[NP] = harness_alloc(sizeof(DATA_TYPE[NP][NP]));
  DATA_TYPE *sum = harness_alloc(sizeof(DATA_TYPE[NP]));

  init_array(A, C4);
  harness_start();
  kernel_doitgen(A, C4, sum);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], NR * NQ * NP);
  free(A);
  free(C4);
  free(sum);
  return 0;
}
