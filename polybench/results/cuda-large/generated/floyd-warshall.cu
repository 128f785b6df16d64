/* floyd-warshall: all-pairs shortest paths on a graph of N nodes; path[i][j] is the
 * weight of edge i -> j and becomes the length of the shortest path i -> j:
 * path[i][j] := min(path[i][j], path[i][k] + path[k][j]) for every k in turn. */
#define DATA_TYPE_IS_INT
#include "harness.h"

#if defined(MINI_DATASET)
# define N 60
#elif defined(SMALL_DATASET)
# define N 180
#elif defined(MEDIUM_DATASET)
# define N 500
#elif defined(LARGE_DATASET)
# define N 2800
#else
# define N 5600
#endif

static void init_array(DATA_TYPE path[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
}

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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ path, int c0, int c1, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && c1 >= polyopt_low0 + 256 * b0 + t0 && N >= c0 + 1 && polyopt_low0 + 256 * b0 + t0 + N >= c1 + 1 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
  {
    path[(polyopt_low0 + 256 * b0 + t0) * N + (c1 - polyopt_low0 - 256 * b0 - t0)] = (path[(polyopt_low0 + 256 * b0 + t0) * N + (c1 - polyopt_low0 - 256 * b0 - t0)] < (path[(polyopt_low0 + 256 * b0 + t0) * N + c0] + path[c0 * N + (c1 - polyopt_low0 - 256 * b0 - t0)])) ? (path[(polyopt_low0 + 256 * b0 + t0) * N + (c1 - polyopt_low0 - 256 * b0 - t0)]) : (path[(polyopt_low0 + 256 * b0 + t0) * N + c0] + path[c0 * N + (c1 - polyopt_low0 - 256 * b0 - t0)]);
  }
}

static void kernel_floyd_warshall(DATA_TYPE path[N][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 1 kernel(s): 256 */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  {
    DATA_TYPE *dev_path;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_path, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(path)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_path, path, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(path to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 0; c0 < N; c0++)
    {
      for (int c1 = 0; c1 < 2 * N - 1; c1++)
      {
        {
          const int polyopt_low0 = polyopt_max(0, -N + c1 + 1);
          const int polyopt_extent0 = polyopt_min(N - 1, c1) - polyopt_low0 + 1;
          if (polyopt_extent0 > 0)
          {
            dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
            dim3 polyopt_block(256);
            polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_path, c0, c1, polyopt_low0);
            polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
          }
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(path, dev_path, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(path to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_path), "cudaFree(path)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/floyd-warshall.c:34:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)k; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*path)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(path);
  harness_start();
  kernel_floyd_warshall(path);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("path", &path[0][0], N * N);
  free(path);
  return 0;
}
