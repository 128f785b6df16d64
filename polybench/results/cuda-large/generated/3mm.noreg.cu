/* 3mm: G := (A * B) * (C * D), computed as E := A * B, F := C * D, G := E * F, with
 * A of NI x NK, B of NK x NJ, C of NJ x NM, D of NM x NL. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 16
# define NJ 18
# define NK 20
# define NL 22
# define NM 24
#elif defined(SMALL_DATASET)
# define NI 40
# define NJ 50
# define NK 60
# define NL 70
# define NM 80
#elif defined(MEDIUM_DATASET)
# define NI 180
# define NJ 190
# define NK 200
# define NL 210
# define NM 220
#elif defined(LARGE_DATASET)
# define NI 800
# define NJ 900
# define NK 1000
# define NL 1100
# define NM 1200
#else
# define NI 1600
# define NJ 1800
# define NK 2000
# define NL 2200
# define NM 2400
#endif

static void init_array(DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NM],
                       DATA_TYPE D[NM][NL])
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / (5 * NI);
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) ((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NM; j++)
      C[i][j] = (DATA_TYPE) (i * (j + 3) % NL) / (5 * NL);
  for (int i = 0; i < NM; i++)
    for (int j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE) ((i * (j + 2) + 2) % NK) / (5 * NK);
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ E, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ F, DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ D, DATA_TYPE *__restrict__ G, int polyopt_low0, int polyopt_low1)
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
      E[(polyopt_low0 + 8 * b0 + t0) * NJ + (polyopt_low1 + 32 * b1 + t1)] = SCALAR_VAL(0.0);
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
        for (int k_2 = 32 * polyopt_tile; k_2 <= polyopt_min(32 * polyopt_tile + 31, NK - 1); k_2++)
        {
          E[(polyopt_low0 + 8 * b0 + t0) * NJ + (polyopt_low1 + 32 * b1 + t1)] += shared_A[(polyopt_low0 + 8 * b0 + t0) - A_low0][k_2 - A_low1] * shared_B[k_2 - B_low0][(polyopt_low1 + 32 * b1 + t1) - B_low1];
        }
      }
    }
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ E, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ F, DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ D, DATA_TYPE *__restrict__ G, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_b0 = blockIdx.y, polyopt_t0 = threadIdx.y;
  const int polyopt_b1 = blockIdx.x, polyopt_t1 = threadIdx.x;
  __shared__ DATA_TYPE shared_C[8][32];
  __shared__ DATA_TYPE shared_D[32][32];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  {
    const int polyopt_polyopt_tile = 0;
    if (polyopt_polyopt_tile == 0 && polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 >= 0 && NJ >= polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 + 1 && NL >= polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 + 1)
    {
      F[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * NL + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] = SCALAR_VAL(0.0);
    }
  }
  for (int k0 = 0; k0 <= polyopt_floord(NM - 1, 32); k0++)
  {
    {
      const int polyopt_polyopt_tile = k0;
      const int C_low0 = polyopt_max(0, polyopt_low0 + 8 * polyopt_b0);
      const int C_low1 = 32 * polyopt_polyopt_tile;
      const int D_low0 = 32 * polyopt_polyopt_tile;
      const int D_low1 = polyopt_max(0, polyopt_low1 + 32 * polyopt_b1);
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 256; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
        if (C_low0 + polyopt_d0 >= 0 && C_low0 + polyopt_d0 < NJ && C_low1 + polyopt_d1 >= 0 && C_low1 + polyopt_d1 < NM)
          shared_C[polyopt_d0][polyopt_d1] = C[(C_low0 + polyopt_d0) * NM + (C_low1 + polyopt_d1)];
      }
      for (int polyopt_e = polyopt_thread; polyopt_e < 1024; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e / 32, polyopt_d1 = polyopt_e % 32;
        if (D_low0 + polyopt_d0 >= 0 && D_low0 + polyopt_d0 < NM && D_low1 + polyopt_d1 >= 0 && D_low1 + polyopt_d1 < NL)
          shared_D[polyopt_d0][polyopt_d1] = D[(D_low0 + polyopt_d0) * NL + (D_low1 + polyopt_d1)];
      }
      __syncthreads();
      if (polyopt_polyopt_tile >= 0 && polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 >= 0 && NJ >= polyopt_low0 + 8 * polyopt_b0 + polyopt_t0 + 1 && NL >= polyopt_low1 + 32 * polyopt_b1 + polyopt_t1 + 1)
      {
        for (int k_2 = 32 * polyopt_polyopt_tile; k_2 <= polyopt_min(32 * polyopt_polyopt_tile + 31, NM - 1); k_2++)
        {
          F[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) * NL + (polyopt_low1 + 32 * polyopt_b1 + polyopt_t1)] += shared_C[(polyopt_low0 + 8 * polyopt_b0 + polyopt_t0) - C_low0][k_2 - C_low1] * shared_D[k_2 - D_low0][(polyopt_low1 + 32 * polyopt_b1 + polyopt_t1) - D_low1];
        }
      }
    }
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ E, DATA_TYPE *__restrict__ A, DATA_TYPE *__restrict__ B, DATA_TYPE *__restrict__ F, DATA_TYPE *__restrict__ C, DATA_TYPE *__restrict__ D, DATA_TYPE *__restrict__ G, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_t0 = threadIdx.y;
  const int polyopt_polyopt_b1 = blockIdx.x, polyopt_polyopt_t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1 >= 0 && NI >= polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0 + 1 && NL >= polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1 + 1)
  {
    G[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * NL + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1)] = SCALAR_VAL(0.0);
    for (int k2 = 0; k2 < NJ; k2++)
    {
      G[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * NL + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1)] += E[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * NJ + k2] * F[k2 * NL + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_polyopt_t1)];
    }
  }
}

static void kernel_3mm(DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                       DATA_TYPE G[NI][NL])
{
  int i, j, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 3 kernel(s): 32x8, 32x8, 32x8 */
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
    DATA_TYPE *dev_E;
    DATA_TYPE *dev_A;
    DATA_TYPE *dev_B;
    DATA_TYPE *dev_F;
    DATA_TYPE *dev_C;
    DATA_TYPE *dev_D;
    DATA_TYPE *dev_G;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_E, sizeof(DATA_TYPE) * (NI) * (NJ)), "cudaMalloc(E)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_A, sizeof(DATA_TYPE) * (NI) * (NK)), "cudaMalloc(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_B, sizeof(DATA_TYPE) * (NK) * (NJ)), "cudaMalloc(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_F, sizeof(DATA_TYPE) * (NJ) * (NL)), "cudaMalloc(F)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_C, sizeof(DATA_TYPE) * (NJ) * (NM)), "cudaMalloc(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_D, sizeof(DATA_TYPE) * (NM) * (NL)), "cudaMalloc(D)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_G, sizeof(DATA_TYPE) * (NI) * (NL)), "cudaMalloc(G)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_A, A, sizeof(DATA_TYPE) * (NI) * (NK), cudaMemcpyHostToDevice), "cudaMemcpy(A to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_B, B, sizeof(DATA_TYPE) * (NK) * (NJ), cudaMemcpyHostToDevice), "cudaMemcpy(B to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_C, C, sizeof(DATA_TYPE) * (NJ) * (NM), cudaMemcpyHostToDevice), "cudaMemcpy(C to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_D, D, sizeof(DATA_TYPE) * (NM) * (NL), cudaMemcpyHostToDevice), "cudaMemcpy(D to the device)", __FILE__, __LINE__);
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
        polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_E, dev_A, dev_B, dev_F, dev_C, dev_D, dev_G, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = NJ - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = NL - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_E, dev_A, dev_B, dev_F, dev_C, dev_D, dev_G, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      }
    }
    {
      const int polyopt_low0 = 0;
      const int polyopt_extent0 = NI - 1 - polyopt_low0 + 1;
      const int polyopt_low1 = 0;
      const int polyopt_extent1 = NL - 1 - polyopt_low1 + 1;
      if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
      {
        dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
        dim3 polyopt_block(32, 8);
        polyopt_kernel2<<<polyopt_grid, polyopt_block>>>(dev_E, dev_A, dev_B, dev_F, dev_C, dev_D, dev_G, polyopt_low0, polyopt_low1);
        polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(E, dev_E, sizeof(DATA_TYPE) * (NI) * (NJ), cudaMemcpyDeviceToHost), "cudaMemcpy(E to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(F, dev_F, sizeof(DATA_TYPE) * (NJ) * (NL), cudaMemcpyDeviceToHost), "cudaMemcpy(F to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(G, dev_G, sizeof(DATA_TYPE) * (NI) * (NL), cudaMemcpyDeviceToHost), "cudaMemcpy(G to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_E), "cudaFree(E)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_A), "cudaFree(A)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B), "cudaFree(B)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_F), "cudaFree(F)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_C), "cudaFree(C)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_D), "cudaFree(D)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_G), "cudaFree(G)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/3mm.c:61:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*E)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));
  DATA_TYPE (*F)[NL] = harness_alloc(sizeof(DATA_TYPE[NJ][NL]));
  DATA_TYPE (*C)[NM] = harness_alloc(sizeof(DATA_TYPE[NJ][NM]));
  DATA_TYPE (*D)[NL] = harness_alloc(sizeof(DATA_TYPE[NM][NL]));
  DATA_TYPE (*G)[NL] = harness_alloc(sizeof(DATA_TYPE[NI][NL]));

  init_array(A, B, C, D);
  harness_start();
  kernel_3mm(E, A, B, F, C, D, G);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("G", &G[0][0], NI * NL);
  free(E);
  free(A);
  free(B);
  free(F);
  free(C);
  free(D);
  free(G);
  return 0;
}
