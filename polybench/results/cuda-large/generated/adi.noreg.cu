/* adi: alternating direction implicit solver for 2-D heat conduction on an N x N grid,
 * TSTEPS time steps.  Each step does a column sweep (a tridiagonal solve along each
 * column of u into v, forward elimination into p and q, then back substitution) and
 * a row sweep (the same along each row of v back into u). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 20
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 60
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 200
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1000
#else
# define TSTEPS 1000
# define N 2000
#endif

static void init_array(DATA_TYPE u[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (DATA_TYPE) (i + N - j) / N;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u)
{
  (*DT) = SCALAR_VAL(1.0) / ((DATA_TYPE) TSTEPS);
  (*B2) = SCALAR_VAL(1.0);
  (*DY) = SCALAR_VAL(1.0) / ((DATA_TYPE) N);
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u)
{
  (*mul2) = ((*B2) * (*DT)) / ((*DY) * (*DY));
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u)
{
  (*d) = (-(*mul2)) / SCALAR_VAL(2.0);
  (*f) = (*d);
  (*DX) = SCALAR_VAL(1.0) / ((DATA_TYPE) N);
  (*B1) = SCALAR_VAL(2.0);
}

__global__ void polyopt_kernel3(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u)
{
  (*mul1) = ((*B1) * (*DT)) / ((*DX) * (*DX));
}

__global__ void polyopt_kernel4(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u)
{
  (*b) = SCALAR_VAL(1.0) + (*mul1);
  (*e) = SCALAR_VAL(1.0) + (*mul2);
  (*a) = (-(*mul1)) / SCALAR_VAL(2.0);
  (*c) = (*a);
}

__global__ void polyopt_kernel5(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u, int c0, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 256 * b0 + t0 >= 1 && N >= polyopt_low0 + 256 * b0 + t0 + 2 && TSTEPS >= c0)
  {
    v[0 * N + (polyopt_low0 + 256 * b0 + t0)] = SCALAR_VAL(1.0);
    q[(polyopt_low0 + 256 * b0 + t0) * N + 0] = v[0 * N + (polyopt_low0 + 256 * b0 + t0)];
    p[(polyopt_low0 + 256 * b0 + t0) * N + 0] = SCALAR_VAL(0.0);
    for (int k2 = 1; k2 < N - 1; k2++)
    {
      q[(polyopt_low0 + 256 * b0 + t0) * N + k2] = (((((-(*d)) * u[k2 * N + ((polyopt_low0 + 256 * b0 + t0) - 1)]) + ((SCALAR_VAL(1.0) + (SCALAR_VAL(2.0) * (*d))) * u[k2 * N + (polyopt_low0 + 256 * b0 + t0)])) - ((*f) * u[k2 * N + ((polyopt_low0 + 256 * b0 + t0) + 1)])) - ((*a) * q[(polyopt_low0 + 256 * b0 + t0) * N + (k2 - 1)])) / (((*a) * p[(polyopt_low0 + 256 * b0 + t0) * N + (k2 - 1)]) + (*b));
      p[(polyopt_low0 + 256 * b0 + t0) * N + k2] = (-(*c)) / (((*a) * p[(polyopt_low0 + 256 * b0 + t0) * N + (k2 - 1)]) + (*b));
    }
  }
}

__global__ void polyopt_kernel6(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 1 && N >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 2 && TSTEPS >= c0)
  {
    v[(N - 1) * N + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = SCALAR_VAL(1.0);
    for (int k2 = 2; k2 < N; k2++)
    {
      v[(N - k2) * N + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = (p[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + (N - k2)] * v[((N - k2) + 1) * N + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)]) + q[(polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) * N + (N - k2)];
    }
  }
}

__global__ void polyopt_kernel7(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u, int c0, int polyopt_low0)
{
  const int polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_t0 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 >= 1 && N >= polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0 + 2 && TSTEPS >= c0)
  {
    p[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + 0] = SCALAR_VAL(0.0);
    u[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + 0] = SCALAR_VAL(1.0);
    q[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + 0] = u[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + 0];
    for (int k2 = 1; k2 < N - 1; k2++)
    {
      p[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + k2] = (-(*f)) / (((*d) * p[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + (k2 - 1)]) + (*e));
      q[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + k2] = (((((-(*a)) * v[((polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) - 1) * N + k2]) + ((SCALAR_VAL(1.0) + (SCALAR_VAL(2.0) * (*a))) * v[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + k2])) - ((*c) * v[((polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) + 1) * N + k2])) - ((*d) * q[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + (k2 - 1)])) / (((*d) * p[(polyopt_low0 + 256 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * N + (k2 - 1)]) + (*e));
    }
  }
}

__global__ void polyopt_kernel8(DATA_TYPE *__restrict__ DX, DATA_TYPE *__restrict__ DY, DATA_TYPE *__restrict__ DT, DATA_TYPE *__restrict__ B1, DATA_TYPE *__restrict__ B2, DATA_TYPE *__restrict__ mul1, DATA_TYPE *__restrict__ mul2, DATA_TYPE *__restrict__ a, DATA_TYPE *__restrict__ b, DATA_TYPE *__restrict__ c, DATA_TYPE *__restrict__ d, DATA_TYPE *__restrict__ e, DATA_TYPE *__restrict__ f, DATA_TYPE *__restrict__ v, DATA_TYPE *__restrict__ p, DATA_TYPE *__restrict__ q, DATA_TYPE *__restrict__ u, int c0, int polyopt_low0)
{
  const int polyopt_polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_polyopt_t0 = threadIdx.x;
  if (c0 >= 1 && polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 >= 1 && N >= polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 + 2 && TSTEPS >= c0)
  {
    u[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * N + (N - 1)] = SCALAR_VAL(1.0);
    for (int k2 = 2; k2 < N; k2++)
    {
      u[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * N + (N - k2)] = (p[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * N + (N - k2)] * u[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * N + ((N - k2) + 1)]) + q[(polyopt_low0 + 256 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0) * N + (N - k2)];
    }
  }
}

static void kernel_adi(DATA_TYPE u[N][N], DATA_TYPE v[N][N], DATA_TYPE p[N][N],
                       DATA_TYPE q[N][N])
{
  int t, i, j;
  DATA_TYPE DX, DY, DT;
  DATA_TYPE B1, B2;
  DATA_TYPE mul1, mul2;
  DATA_TYPE a, b, c, d, e, f;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 9 kernel(s): 1 thread, 1 thread, 1 thread, 1 thread, 1 thread, 256, 256, 256, 256 */
  {
    DATA_TYPE *dev_DX;
    DATA_TYPE *dev_DY;
    DATA_TYPE *dev_DT;
    DATA_TYPE *dev_B1;
    DATA_TYPE *dev_B2;
    DATA_TYPE *dev_mul1;
    DATA_TYPE *dev_mul2;
    DATA_TYPE *dev_a;
    DATA_TYPE *dev_b;
    DATA_TYPE *dev_c;
    DATA_TYPE *dev_d;
    DATA_TYPE *dev_e;
    DATA_TYPE *dev_f;
    DATA_TYPE *dev_v;
    DATA_TYPE *dev_p;
    DATA_TYPE *dev_q;
    DATA_TYPE *dev_u;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_DX, sizeof(DATA_TYPE)), "cudaMalloc(DX)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_DY, sizeof(DATA_TYPE)), "cudaMalloc(DY)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_DT, sizeof(DATA_TYPE)), "cudaMalloc(DT)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_B1, sizeof(DATA_TYPE)), "cudaMalloc(B1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_B2, sizeof(DATA_TYPE)), "cudaMalloc(B2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_mul1, sizeof(DATA_TYPE)), "cudaMalloc(mul1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_mul2, sizeof(DATA_TYPE)), "cudaMalloc(mul2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_a, sizeof(DATA_TYPE)), "cudaMalloc(a)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_b, sizeof(DATA_TYPE)), "cudaMalloc(b)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_c, sizeof(DATA_TYPE)), "cudaMalloc(c)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_d, sizeof(DATA_TYPE)), "cudaMalloc(d)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_e, sizeof(DATA_TYPE)), "cudaMalloc(e)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_f, sizeof(DATA_TYPE)), "cudaMalloc(f)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_v, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(v)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_p, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(p)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_q, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(q)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_u, sizeof(DATA_TYPE) * (N) * (N)), "cudaMalloc(u)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_v, v, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(v to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_p, p, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(p to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_q, q, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(q to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_u, u, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(u to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    polyopt_kernel0<<<1, 1>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
    polyopt_kernel1<<<1, 1>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
    polyopt_kernel2<<<1, 1>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
    polyopt_kernel3<<<1, 1>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel3", __FILE__, __LINE__);
    polyopt_kernel4<<<1, 1>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel4", __FILE__, __LINE__);
    for (int c0 = 1; c0 <= TSTEPS; c0++)
    {
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel5<<<polyopt_grid, polyopt_block>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel5", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel6<<<polyopt_grid, polyopt_block>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel6", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel7<<<polyopt_grid, polyopt_block>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel7", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 1;
        const int polyopt_extent0 = N - 2 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel8<<<polyopt_grid, polyopt_block>>>(dev_DX, dev_DY, dev_DT, dev_B1, dev_B2, dev_mul1, dev_mul2, dev_a, dev_b, dev_c, dev_d, dev_e, dev_f, dev_v, dev_p, dev_q, dev_u, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel8", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(&DX, dev_DX, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(DX to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&DY, dev_DY, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(DY to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&DT, dev_DT, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(DT to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&B1, dev_B1, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(B1 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&B2, dev_B2, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(B2 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&mul1, dev_mul1, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(mul1 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&mul2, dev_mul2, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(mul2 to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&a, dev_a, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&b, dev_b, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(b to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&c, dev_c, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(c to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&d, dev_d, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(d to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&e, dev_e, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(e to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&f, dev_f, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(f to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(v, dev_v, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(v to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(p, dev_p, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(p to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(q, dev_q, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(q to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(u, dev_u, sizeof(DATA_TYPE) * (N) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(u to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_DX), "cudaFree(DX)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_DY), "cudaFree(DY)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_DT), "cudaFree(DT)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B1), "cudaFree(B1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_B2), "cudaFree(B2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_mul1), "cudaFree(mul1)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_mul2), "cudaFree(mul2)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_a), "cudaFree(a)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_b), "cudaFree(b)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_c), "cudaFree(c)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_d), "cudaFree(d)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_e), "cudaFree(e)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_f), "cudaFree(f)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_v), "cudaFree(v)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_p), "cudaFree(p)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_q), "cudaFree(q)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_u), "cudaFree(u)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/adi.c:41:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*u)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*v)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*p)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*q)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(u);
  harness_start();
  kernel_adi(u, v, p, q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("u", &u[0][0], N * N);
  free(u);
  free(v);
  free(p);
  free(q);
  return 0;
}
