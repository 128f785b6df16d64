/* symm: symmetric matrix multiplication, C := alpha * A * B + beta * C, with A a
 * symmetric M x M matrix stored in its lower triangle, B and C of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[M][N],
                       DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE) ((N + i - j) % 100) / M;
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
    for (int j = i + 1; j < M; j++)
      A[i][j] = -999; /* the upper triangle is never read */
  }
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ A, DATA_TYPE alpha, DATA_TYPE beta, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  DATA_TYPE temp2;
  __shared__ DATA_TYPE shared_B[32][32];
  __shared__ DATA_TYPE shared_A[32][32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  if (polyopt_low0 + 8 * b0 >= -7 && M >= polyopt_low0 + 8 * b0 + 1)
  {
    {
      const int polyopt_tile = 0;
      if (polyopt_tile == 0 && polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && M >= polyopt_low0 + 8 * b0 + t0 + 1 && N >= polyopt_low1 + 32 * b1 + t1 + 1)
      {
        temp2 = 0;
      }
    }
    for (int k0 = 0; k0 <= polyopt_floord(M - 1, 32); k0++)
    {
      {
        const int polyopt_tile = k0;
        const int B_low0 = 32 * polyopt_tile == polyopt_low0 + 8 * b0 ? polyopt_low0 + 8 * b0 : 32 * polyopt_tile;
        const int B_low1 = polyopt_max(0, polyopt_low1 + 32 * b1);
        const int A_low0 = polyopt_low0 + 8 * b0 >= 32 * polyopt_tile ? polyopt_low0 + 8 * b0 : 32 * polyopt_tile;
        const int A_low1 = (polyopt_low0 + 8 * b0 >= 0 && 32 * polyopt_tile >= polyopt_low0 + 8 * b0) || (M >= 2 && polyopt_low0 + 8 * b0 <= -1) ? polyopt_max(0, polyopt_low0 + 8 * b0) : 32 * polyopt_tile;
        __syncthreads();
        for (int polyopt_e = polyopt_thread; polyopt_e < 1024; polyopt_e += 256)
        {
          const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
          if (B_low0 + polyopt_d0 >= 0 && B_low0 + polyopt_d0 < M && B_low1 + polyopt_d1 >= 0 && B_low1 + polyopt_d1 < N)
            shared_B[polyopt_d0][polyopt_d1] = B[(B_low0 + polyopt_d0) * N + (B_low1 + polyopt_d1)];
        }
        for (int polyopt_e = polyopt_thread; polyopt_e < 1024; polyopt_e += 256)
        {
          const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
          if (A_low0 + polyopt_d0 >= 0 && A_low0 + polyopt_d0 < M && A_low1 + polyopt_d1 >= 0 && A_low1 + polyopt_d1 < M)
            shared_A[polyopt_d0][polyopt_d1] = A[(A_low0 + polyopt_d0) * M + (A_low1 + polyopt_d1)];
        }
        __syncthreads();
        if (polyopt_tile >= 0 && polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 0 && M >= polyopt_low0 + 8 * b0 + t0 + 1 && N >= polyopt_low1 + 32 * b1 + t1 + 1)
        {
          for (int k_2 = 32 * polyopt_tile; k_2 <= polyopt_min(32 * polyopt_tile + 31, polyopt_low0 + 8 * b0 + t0 - 1); k_2++)
          {
            temp2 += shared_B[k_2 - B_low0][(polyopt_low1 + 32 * b1 + t1) - B_low1] * shared_A[(polyopt_low0 + 8 * b0 + t0) - A_low0][k_2 - A_low1];
          }
          if (polyopt_low0 + 8 * b0 + t0 >= 32 * polyopt_tile && 32 * polyopt_tile + 31 >= polyopt_low0 + 8 * b0 + t0)
          {
            C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] = ((beta * C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)]) + ((alpha * shared_B[(polyopt_low0 + 8 * b0 + t0) - B_low0][(polyopt_low1 + 32 * b1 + t1) - B_low1]) * shared_A[(polyopt_low0 + 8 * b0 + t0) - A_low0][(polyopt_low0 + 8 * b0 + t0) - A_low1])) + (alpha * temp2);
          }
          if ((polyopt_max(32 * polyopt_tile, polyopt_low0 + 8 * b0 + t0 + 1)) <= polyopt_min(32 * polyopt_tile + 31, M - 1))
          {
            DATA_TYPE polyopt_accumulator = C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)];
            for (int k_2 = polyopt_max(32 * polyopt_tile, polyopt_low0 + 8 * b0 + t0 + 1); k_2 <= polyopt_min(32 * polyopt_tile + 31, M - 1); k_2++)
            {
              polyopt_accumulator += (alpha * shared_B[k_2 - B_low0][(polyopt_low1 + 32 * b1 + t1) - B_low1]) * shared_A[k_2 - A_low0][(polyopt_low0 + 8 * b0 + t0) - A_low1];
            }
            C[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] = polyopt_accumulator;
          }
        }
      }
    }
  }
}

static void kernel_symm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[M][N],
                        DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
  DATA_TYPE temp2;

#pragma scop
  /* polyopt: isl scheduler (PPCG's GPU settings); private to each thread: temp2; CUDA, 1 kernel(s): 32x8 */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (((const char *) C + sizeof(DATA_TYPE) * (M) * (N) <= (const char *) B || (const char *) B + sizeof(DATA_TYPE) * (M) * (N) <= (const char *) C)
      && ((const char *) C + sizeof(DATA_TYPE) * (M) * (N) <= (const char *) A || (const char *) A + sizeof(DATA_TYPE) * (M) * (M) <= (const char *) C))
  {
    {
      DATA_TYPE *dev_C;
      DATA_TYPE *dev_B;
      DATA_TYPE *dev_A;
#ifdef POLYOPT_CUDA_TIMING
      cudaEvent_t polyopt_events[4];
      for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
        cudaEventCreate(&polyopt_events[polyopt_e]);
      cudaFree(0);
      cudaEventRecord(polyopt_events[0]);
#endif
      polyopt_cuda_check(cudaMalloc((void **) &dev_C, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(C)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(B)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (M) * (M)), "cudaMalloc(A)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(dev_C, C, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(C to the device)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (M) * (M), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[1]);
#endif
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (M - 1) - polyopt_low0 + 1;
        const int polyopt_low1 = 0;
        const int polyopt_extent1 = (N - 1) - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_C, dev_B, dev_A, alpha, beta, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[2]);
#endif
      polyopt_cuda_check(cudaMemcpy(C, dev_C, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(C to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_C), "cudaFree(C)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[3]);
      cudaEventSynchronize(polyopt_events[3]);
      {
        float polyopt_total, polyopt_kernels;
        cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
        cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
        fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/symm.c:47:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
      }
#endif
    }
  }
  else
  {
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++) {
        temp2 = 0;
        for (k = 0; k < i; k++) {
          C[k][j] += alpha * B[i][j] * A[i][k];
          temp2 += B[k][j] * A[i][k];
        }
        C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
      }
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_symm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], M * N);
  free(C);
  free(A);
  free(B);
  return 0;
}
