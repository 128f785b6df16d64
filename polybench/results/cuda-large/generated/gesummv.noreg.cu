/* gesummv: scalar, vector and matrix multiplication, y := alpha * A * x + beta * B * x,
 * with A and B of N x N; tmp (of N) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define N 30
#elif defined(SMALL_DATASET)
# define N 90
#elif defined(MEDIUM_DATASET)
# define N 250
#elif defined(LARGE_DATASET)
# define N 1300
#else
# define N 2800
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE B[N][N], DATA_TYPE x[N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    x[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE) ((i * j + 2) % N) / N;
    }
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ tmp, DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ x, DATA_TYPE *__restrict__ B, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  __shared__ DATA_TYPE shared_x[32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_tile = 0;
    if (polyopt_tile == 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
    {
      tmp[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.0);
    }
  }
  {
    const int polyopt_tile = 0;
    if (polyopt_tile == 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
    {
      y[polyopt_low0 + 256 * b0 + t0] = SCALAR_VAL(0.0);
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(N - 1, 32); k0++)
  {
    {
      const int polyopt_tile = k0;
      const int x_low0 = 32 * polyopt_tile;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 32; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (x_low0 + polyopt_d0 >= 0 && x_low0 + polyopt_d0 < N)
          shared_x[polyopt_d0] = x[(x_low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_tile >= 0 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1)
      {
        for (int k_1 = 32 * polyopt_tile; k_1 <= polyopt_min(32 * polyopt_tile + 31, N - 1); k_1++)
        {
          tmp[polyopt_low0 + 256 * b0 + t0] = (A[(polyopt_low0 + 256 * b0 + t0) * N + k_1] * shared_x[k_1 - x_low0]) + tmp[polyopt_low0 + 256 * b0 + t0];
          y[polyopt_low0 + 256 * b0 + t0] = (B[(polyopt_low0 + 256 * b0 + t0) * N + k_1] * shared_x[k_1 - x_low0]) + y[polyopt_low0 + 256 * b0 + t0];
        }
      }
    }
  }
  {
    const int polyopt_tile = N / 32;
    if (polyopt_low0 + 256 * b0 + t0 >= 0 && N >= polyopt_low0 + 256 * b0 + t0 + 1 && N >= 32 * polyopt_tile && 32 * polyopt_tile + 31 >= N)
    {
      y[polyopt_low0 + 256 * b0 + t0] = (alpha * tmp[polyopt_low0 + 256 * b0 + t0]) + (beta * y[polyopt_low0 + 256 * b0 + t0]);
    }
  }
}

static void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                           DATA_TYPE B[N][N], DATA_TYPE tmp[N], DATA_TYPE x[N],
                           DATA_TYPE y[N])
{
  int i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 1 kernel(s): 256 */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  {
    DATA_TYPE *dev_tmp;
    DATA_TYPE *dev_y;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_x;
    DATA_TYPE *dev_B;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_tmp, sizeof(DATA_TYPE) * (N)), "cudaMalloc(tmp)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_y, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_x, sizeof(DATA_TYPE) * (N)), "cudaMalloc(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_x, x, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(x to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_tmp, dev_y, dev_A, dev_x, dev_B, alpha, beta, polyopt_low0);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(tmp, dev_tmp, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(tmp to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(y, dev_y, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(y to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_tmp), "cudaFree(tmp)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y), "cudaFree(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_x), "cudaFree(x)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/gesummv.c:38:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
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
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, B, x);
  harness_start();
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(B);
  free(tmp);
  free(x);
  free(y);
  return 0;
}
