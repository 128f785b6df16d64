/* gemver: vector multiplication and matrix addition,
 * A := A + u1 * v1^T + u2 * v2^T, x := x + beta * A^T * y + z, w := w + alpha * A * x,
 * with A of N x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                       DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                       DATA_TYPE y[N], DATA_TYPE z[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ u1, DATA_TYPE *__restrict__ v1, DATA_TYPE *__restrict__ u2, DATA_TYPE *__restrict__ v2, DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ z, DATA_TYPE *__restrict__ w, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_u1[32];
  __shared__ DATA_TYPE shared_u2[32];
  __shared__ DATA_TYPE shared_y[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int u1_low0 = 32 * polyopt_tile;
      const int u2_low0 = 32 * polyopt_tile;
      const int y_low0 = 32 * polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (u1_low0 + polyopt_d0 >= 0 && u1_low0 + polyopt_d0 < N)
          shared_u1[polyopt_d0] = u1[(u1_low0 + polyopt_d0)];
      }
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (u2_low0 + polyopt_d0 >= 0 && u2_low0 + polyopt_d0 < N)
          shared_u2[polyopt_d0] = u2[(u2_low0 + polyopt_d0)];
      }
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (y_low0 + polyopt_d0 >= 0 && y_low0 + polyopt_d0 < N)
          shared_y[polyopt_d0] = y[(y_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
      {
        for (int k_1 = 32 * polyopt_tile; k_1 <= polyopt_min(32 * polyopt_tile + 31, N - 1); k_1++)
        {
          A[k_1 * N + (polyopt_low0 + 256 * b0 + t0)] = (A[k_1 * N + (polyopt_low0 + 256 * b0 + t0)] + (shared_u1[k_1 - u1_low0] * v1[polyopt_low0 + 256 * b0 + t0])) + (shared_u2[k_1 - u2_low0] * v2[polyopt_low0 + 256 * b0 + t0]);
          x[polyopt_low0 + 256 * b0 + t0] = x[polyopt_low0 + 256 * b0 + t0] + ((beta * A[k_1 * N + (polyopt_low0 + 256 * b0 + t0)]) * shared_y[k_1 - y_low0]);
        }
      }
    }
  }
  {
    const int polyopt_tile = N / 32;
    if (polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1 && N >= 32 * polyopt_tile && 32 * polyopt_tile + 31 >= N)
    {
      x[polyopt_low0 + 256 * b0 + t0] = x[polyopt_low0 + 256 * b0 + t0] + z[polyopt_low0 + 256 * b0 + t0];
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ u1, DATA_TYPE *__restrict__ v1, DATA_TYPE *__restrict__ u2, DATA_TYPE *__restrict__ v2, DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ z, DATA_TYPE *__restrict__ w, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1)
  {
    for (int k1 = 0; k1 < N; k1++)
    {
      w[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = w[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] + ((alpha * A[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + k1]) * x[k1]);
    }
  }
}

static void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                          DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                          DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                          DATA_TYPE y[N], DATA_TYPE z[N])
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
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_u1;
    DATA_TYPE *dev_v1;
    DATA_TYPE *dev_u2;
    DATA_TYPE *dev_v2;
    DATA_TYPE *dev_x;
    DATA_TYPE *dev_y;
    DATA_TYPE *dev_z;
    DATA_TYPE *dev_w;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_u1, sizeof(DATA_TYPE) * (N)), "cudaMalloc(u1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_v1, sizeof(DATA_TYPE) * (N)), "cudaMalloc(v1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_u2, sizeof(DATA_TYPE) * (N)), "cudaMalloc(u2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_v2, sizeof(DATA_TYPE) * (N)), "cudaMalloc(v2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_x, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_y, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_z, sizeof(DATA_TYPE) * (N)), "cudaMalloc(z)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_w, sizeof(DATA_TYPE) * (N)), "cudaMalloc(w)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_u1, u1, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(u1 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_v1, v1, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(v1 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_u2, u2, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(u2 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_v2, v2, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(v2 to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_x, x, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(x to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_y, y, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(y to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_z, z, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(z to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_w, w, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(w to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_A, dev_u1, dev_v1, dev_u2, dev_v2, dev_x, dev_y, dev_z, dev_w, alpha, beta, polyopt_low0);
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
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_A, dev_u1, dev_v1, dev_u2, dev_v2, dev_x, dev_y, dev_z, dev_w, alpha, beta, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(x, dev_x, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(x to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(w, dev_w, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(w to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_u1), "cudaFree(u1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_v1), "cudaFree(v1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_u2), "cudaFree(u2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_v2), "cudaFree(v2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x), "cudaFree(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y), "cudaFree(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_z), "cudaFree(z)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_w), "cudaFree(w)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/gemver.c:48:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *u1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *u2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *w = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *z = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_start();
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("w", w, N);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
