/* gramschmidt: QR decomposition A = Q * R of an M x N matrix by the modified
 * Gram-Schmidt process; Q is M x N with orthonormal columns, R is N x N upper
 * triangular, and A is overwritten with the residuals. */
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

static void init_array(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((DATA_TYPE) ((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0.0;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= polyopt_low0 + 8 * b0 + t0 + 1 && N >= polyopt_low1 + 32 * b1 + t1 + 1)
  {
    R[(polyopt_low0 + 8 * b0 + t0) * N + (polyopt_low1 + 32 * b1 + t1)] = SCALAR_VAL(0.0);
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int c0)
{
  if (c0 >= 0 && N >= c0 + 1)
  {
    (*nrm) = SCALAR_VAL(0.0);
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int c0)
{
  if (c0 >= 0 && N >= c0 + 1)
  {
    for (int k1 = 0; k1 < M; k1++)
    {
      (*nrm) += A[k1 * N + c0] * A[k1 * N + c0];
    }
  }
}

__global__ void polyopt_kernel3(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int c0)
{
  if (c0 >= 0 && N >= c0 + 1)
  {
    R[c0 * N + c0] = SQRT_FUN((*nrm));
  }
}

__global__ void polyopt_kernel4(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && M >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1 && N >= c0 + 1)
  {
    Q[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + c0] = A[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + c0] / R[c0 * N + c0];
  }
}

__global__ void polyopt_kernel5(DATA_TYPE *__restrict__ nrm, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ R, DATA_TYPE *__restrict__ Q, int c0, int polyopt_low0)
{
  const int polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_t0 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 >= c0 + 1 && N >= polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 + 1)
  {
    for (int k2 = 0; k2 < M; k2++)
    {
      R[c0 * N + (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0)] += Q[k2 * N + c0] * A[k2 * N + (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0)];
    }
    for (int k2 = M; k2 < 2 * M; k2++)
    {
      A[(-M + k2) * N + (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0)] = A[(-M + k2) * N + (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0)] - (Q[(-M + k2) * N + c0] * R[c0 * N + (polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0)]);
    }
  }
}

static void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  int i, j, k;
  DATA_TYPE nrm;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 6 kernel(s): 32x8, 1 thread, 1 thread, 1 thread, 256, 256 */
  {
    DATA_TYPE *dev_nrm;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_R;
    DATA_TYPE *dev_Q;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_nrm, sizeof(DATA_TYPE)), "cudaMalloc(nrm)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_R, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(R)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_Q, sizeof(DATA_TYPE) * (M) * (N)), "cudaMalloc(Q)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_nrm, &nrm, sizeof(DATA_TYPE), cudaMemcpyHostToDevice), "cudaMemcpy(nrm to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_R, R, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(R to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
      const int polyopt_low1 = 1;
      const int polyopt_extent1 = N - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_nrm, dev_A, dev_R, dev_Q, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    for (int c0 = 0; c0 < N; c0++)
    {
      polyopt_kernel1<<<1, 1>>>(dev_nrm, dev_A, dev_R, dev_Q, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      polyopt_kernel2<<<1, 1>>>(dev_nrm, dev_A, dev_R, dev_Q, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
      polyopt_kernel3<<<1, 1>>>(dev_nrm, dev_A, dev_R, dev_Q, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel3", __FILE__, __LINE__);
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = M - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel4<<<polyopt_grid, polyopt_block>>>(dev_nrm, dev_A, dev_R, dev_Q, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel4", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = c0 + 1;
        const int polyopt_extent0 = N - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel5<<<polyopt_grid, polyopt_block>>>(dev_nrm, dev_A, dev_R, dev_Q, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel5", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(&nrm, dev_nrm, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(nrm to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(A, dev_A, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(A to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(R, dev_R, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(R to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(Q, dev_Q, sizeof(DATA_TYPE) * (M) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(Q to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_nrm), "cudaFree(nrm)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_R), "cudaFree(R)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_Q), "cudaFree(Q)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/gramschmidt.c:41:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)k; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*R)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*Q)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(A, R, Q);
  harness_start();
  kernel_gramschmidt(A, R, Q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("R", &R[0][0], N * N);
  HARNESS_DUMP_ARRAY("Q", &Q[0][0], M * N);
  free(A);
  free(R);
  free(Q);
  return 0;
}
