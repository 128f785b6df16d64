/* nussinov: Nussinov's dynamic program for RNA folding.  seq is a sequence of N bases
 * (0..3, A C G U); table[i][j] becomes the largest number of bonding base pairs
 * (bases b1, b2 with b1 + b2 == 3) in seq[i..j], with no bond between adjacent
 * bases, filled from the bottom row up and left to right within a row. */
#define DATA_TYPE_IS_INT
#include "harness.h"

#if defined(MINI_DATASET)
# define N 60
#elif defined(SMALL_DATASET)
# define N 180
#elif defined(MEDIUM_DATASET)
# define N 500
#elif defined(LARGE_DATASET)
# define N 2500
#else
# define N 5500
#endif

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void init_array(char seq[N], DATA_TYPE table[N][N])
{
  for (int i = 0; i < N; i++)
    seq[i] = (char) ((i + 1) % 4);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      table[i][j] = 0;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ table, char *__restrict__ seq, int c0, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 256 * b0 + t0 >= 1 && N >= c0 + polyopt_low0 + 256 * b0 + t0)
  {
    table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)] = max_score(table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)], table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + ((c0 + polyopt_low0 + 256 * b0 + t0 - 1) - 1)]);
    table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)] = max_score(table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)], table[((polyopt_low0 + 256 * b0 + t0 - 1) + 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)]);
    if (c0 >= 2)
    {
      table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)] = max_score(table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)], table[((polyopt_low0 + 256 * b0 + t0 - 1) + 1) * N + ((c0 + polyopt_low0 + 256 * b0 + t0 - 1) - 1)] + match(seq[polyopt_low0 + 256 * b0 + t0 - 1], seq[c0 + polyopt_low0 + 256 * b0 + t0 - 1]));
    }
  }
  if (polyopt_low0 + 256 * b0 + t0 >= 1 && N >= c0 + polyopt_low0 + 256 * b0 + t0)
  {
    if ((polyopt_low0 + 256 * b0 + t0 + 1) < c0 + polyopt_low0 + 256 * b0 + t0)
    {
      DATA_TYPE polyopt_accumulator = table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)];
      for (int k2 = polyopt_low0 + 256 * b0 + t0 + 1; k2 < c0 + polyopt_low0 + 256 * b0 + t0; k2++)
      {
        polyopt_accumulator = max_score(polyopt_accumulator, table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (k2 - 1)] + table[((k2 - 1) + 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)]);
      }
      table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (c0 + polyopt_low0 + 256 * b0 + t0 - 1)] = polyopt_accumulator;
    }
    if (c0 == 1)
    {
      table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (polyopt_low0 + 256 * b0 + t0)] = max_score(table[(polyopt_low0 + 256 * b0 + t0 - 1) * N + (polyopt_low0 + 256 * b0 + t0)], table[((polyopt_low0 + 256 * b0 + t0 - 1) + 1) * N + ((polyopt_low0 + 256 * b0 + t0) - 1)]);
    }
  }
}

static void kernel_nussinov(char seq[N], DATA_TYPE table[N][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 1 kernel(s): 256 */
  {
    DATA_TYPE *dev_table;
    char *dev_seq;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_table, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(table)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_seq, sizeof(char) * (N)), "cudaMalloc(seq)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_table, table, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(table to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_seq, seq, sizeof(char) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(seq to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 1; c0 < N; c0++)
    {
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - c0 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_table, dev_seq, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(table, dev_table, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(table to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_table), "cudaFree(table)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_seq), "cudaFree(seq)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/nussinov.c:37:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  char *seq = harness_alloc(sizeof(char[N]));
  DATA_TYPE (*table)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(seq, table);
  harness_start();
  kernel_nussinov(seq, table);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("table", &table[0][0], N * N);
  free(seq);
  free(table);
  return 0;
}
