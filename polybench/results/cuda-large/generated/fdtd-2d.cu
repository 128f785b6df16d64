/* fdtd-2d: 2-D finite-difference time-domain kernel on an NX x NY grid, TMAX time
 * steps.  Each step sets the boundary row of the electric field ey from _fict_[t],
 * updates ey and ex from the magnetic field hz, then hz from ex and ey. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TMAX 20
# define NX 20
# define NY 30
#elif defined(SMALL_DATASET)
# define TMAX 40
# define NX 60
# define NY 80
#elif defined(MEDIUM_DATASET)
# define TMAX 100
# define NX 200
# define NY 240
#elif defined(LARGE_DATASET)
# define TMAX 500
# define NX 1000
# define NY 1200
#else
# define TMAX 1000
# define NX 2000
# define NY 2600
#endif

static void init_array(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                       DATA_TYPE _fict_[TMAX])
{
  for (int i = 0; i < TMAX; i++)
    _fict_[i] = (DATA_TYPE) i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE) i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE) i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE) i * (j + 3)) / NX;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ ey, DATA_TYPE *__restrict__ _fict_, DATA_TYPE *__restrict__ hz, DATA_TYPE *__restrict__ ex, int c0, int polyopt_low0, int polyopt_low1)
{
  const int b0 = blockIdx.y, t0 = threadIdx.y;
  const int b1 = blockIdx.x, t1 = threadIdx.x;
  if (c0 >= 0 && polyopt_low0 + 8 * b0 + t0 >= 0 && polyopt_low1 + 32 * b1 + t1 >= 1 && NX >= polyopt_low0 + 8 * b0 + t0 + 1 && NY >= polyopt_low1 + 32 * b1 + t1 + 1 && TMAX >= c0 + 1)
  {
    ex[(polyopt_low0 + 8 * b0 + t0) * NY + (polyopt_low1 + 32 * b1 + t1)] = ex[(polyopt_low0 + 8 * b0 + t0) * NY + (polyopt_low1 + 32 * b1 + t1)] - (SCALAR_VAL(0.5) * (hz[(polyopt_low0 + 8 * b0 + t0) * NY + (polyopt_low1 + 32 * b1 + t1)] - hz[(polyopt_low0 + 8 * b0 + t0) * NY + ((polyopt_low1 + 32 * b1 + t1) - 1)]));
  }
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ ey, DATA_TYPE *__restrict__ _fict_, DATA_TYPE *__restrict__ hz, DATA_TYPE *__restrict__ ex, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  __shared__ DATA_TYPE shared__fict_[1];
  const int polyopt_thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  if (c0 >= 0 && TMAX >= c0 + 1)
  {
    {
      const int polyopt_polyopt_tile = 0;
      const int _fict__low0 = c0;
      __syncthreads();
      for (int polyopt_e = polyopt_thread; polyopt_e < 1; polyopt_e += 256)
      {
        const int polyopt_d0 = polyopt_e;
        if (_fict__low0 + polyopt_d0 >= 0 && _fict__low0 + polyopt_d0 < TMAX)
          shared__fict_[polyopt_d0] = _fict_[(_fict__low0 + polyopt_d0)];
      }
      __syncthreads();
      if (polyopt_polyopt_tile == 0 && c0 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && NY >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1 && TMAX >= c0 + 1)
      {
        ey[0 * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = shared__fict_[c0 - _fict__low0];
      }
    }
    for (int k1 = 0; k1 <= polyopt_floord(NX - 1, 32); k1++)
    {
      {
        const int polyopt_polyopt_tile = k1;
        if (c0 >= 0 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && NY >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1 && TMAX >= c0 + 1)
        {
          for (int k_2 = polyopt_max(1, 32 * polyopt_polyopt_tile); k_2 <= polyopt_min(32 * polyopt_polyopt_tile + 31, NX - 1); k_2++)
          {
            ey[k_2 * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = ey[k_2 * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] - (SCALAR_VAL(0.5) * (hz[k_2 * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] - hz[(k_2 - 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)]));
            if (NY >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 2)
            {
              hz[(k_2 - 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] = hz[(k_2 - 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)] - (SCALAR_VAL(0.7) * (((ex[(k_2 - 1) * NY + ((polyopt_low0 + 256 * polyopt_b0 + polyopt_t0) + 1)] - ex[(k_2 - 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)]) + ey[((k_2 - 1) + 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)]) - ey[(k_2 - 1) * NY + (polyopt_low0 + 256 * polyopt_b0 + polyopt_t0)]));
            }
          }
        }
      }
    }
  }
}

static void kernel_fdtd_2d(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE _fict_[TMAX])
{
  int t, i, j;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 2 kernel(s): 32x8, 256 */
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
    DATA_TYPE *dev_ey;
    DATA_TYPE *dev__fict_;
    DATA_TYPE *dev_hz;
    DATA_TYPE *dev_ex;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_ey, sizeof(DATA_TYPE) * (NX) * (NY)), "cudaMalloc(ey)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev__fict_, sizeof(DATA_TYPE) * (TMAX)), "cudaMalloc(_fict_)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_hz, sizeof(DATA_TYPE) * (NX) * (NY)), "cudaMalloc(hz)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_ex, sizeof(DATA_TYPE) * (NX) * (NY)), "cudaMalloc(ex)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_ey, ey, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyHostToDevice), "cudaMemcpy(ey to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev__fict_, _fict_, sizeof(DATA_TYPE) * (TMAX), cudaMemcpyHostToDevice), "cudaMemcpy(_fict_ to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_hz, hz, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyHostToDevice), "cudaMemcpy(hz to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_ex, ex, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyHostToDevice), "cudaMemcpy(ex to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    for (int c0 = 0; c0 < TMAX; c0++)
    {
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = NX - 1 - polyopt_low0 + 1;
        const int polyopt_low1 = 1;
        const int polyopt_extent1 = NY - 1 - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel0<<<polyopt_grid, polyopt_block>>>(dev_ey, dev__fict_, dev_hz, dev_ex, c0, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = NY - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_ey, dev__fict_, dev_hz, dev_ex, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(ey, dev_ey, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyDeviceToHost), "cudaMemcpy(ey to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(hz, dev_hz, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyDeviceToHost), "cudaMemcpy(hz to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(ex, dev_ex, sizeof(DATA_TYPE) * (NX) * (NY), cudaMemcpyDeviceToHost), "cudaMemcpy(ex to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_ey), "cudaFree(ey)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev__fict_), "cudaFree(_fict_)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_hz), "cudaFree(hz)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_ex), "cudaFree(ex)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/fdtd-2d.c:47:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)t; (void)j; (void)i;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*ex)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*ey)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*hz)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE *_fict_ = harness_alloc(sizeof(DATA_TYPE[TMAX]));

  init_array(ex, ey, hz, _fict_);
  harness_start();
  kernel_fdtd_2d(ex, ey, hz, _fict_);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("ex", &ex[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("ey", &ey[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("hz", &hz[0][0], NX * NY);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
  return 0;
}
