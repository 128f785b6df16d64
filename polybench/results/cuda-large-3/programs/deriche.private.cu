/* deriche: Deriche recursive edge detection filter on a W x H image.  A causal and
 * an anti-causal first-order recursive filter run horizontally (along j) into y1 and
 * y2, their sum goes to imgOut; the same pair then runs vertically (along i) on
 * imgOut, and imgOut := y1 + y2 again.  The coefficients come from alpha. */
#define DATA_TYPE_IS_FLOAT
#include "harness.h"

#if defined(MINI_DATASET)
# define W 64
# define H 64
#elif defined(SMALL_DATASET)
# define W 192
# define H 128
#elif defined(MEDIUM_DATASET)
# define W 720
# define H 480
#elif defined(LARGE_DATASET)
# define W 4096
# define H 2160
#else
# define W 7680
# define H 4320
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE imgIn[W][H])
{
  *alpha = 0.25;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (DATA_TYPE) ((313 * i + 991 * j) % 65536) / 65535.0f;
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha)
{
  (*b1) = POW_FUN(SCALAR_VAL(2.0), -alpha);
  (*k) = ((SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))) / ((SCALAR_VAL(1.0) + ((SCALAR_VAL(2.0) * alpha) * EXP_FUN(-alpha))) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
  (*a4) = ((*a8) = (-(*k)) * EXP_FUN(SCALAR_VAL(-2.0) * alpha));
  (*a3) = ((*a7) = ((*k) * EXP_FUN(-alpha)) * (alpha + SCALAR_VAL(1.0)));
  (*b2) = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  DATA_TYPE xp1;
  DATA_TYPE xp2;
  DATA_TYPE yp1;
  DATA_TYPE yp2;
  if (polyopt_low0 + 32 * b0 + t0 >= 0 && W >= polyopt_low0 + 32 * b0 + t0 + 1)
  {
    xp2 = SCALAR_VAL(0.0);
    xp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    for (int polyopt_c1 = 1; polyopt_c1 <= H; polyopt_c1++)
    {
      y2[(polyopt_low0 + 32 * b0 + t0) * H + (H - polyopt_c1)] = ((((*a3) * xp1) + ((*a4) * xp2)) + ((*b1) * yp1)) + ((*b2) * yp2);
      yp2 = yp1;
      yp1 = y2[(polyopt_low0 + 32 * b0 + t0) * H + (H - polyopt_c1)];
      xp2 = xp1;
      xp1 = imgIn[(polyopt_low0 + 32 * b0 + t0) * H + (H - polyopt_c1)];
    }
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha)
{
  (*c1) = ((*c2) = 1);
}

__global__ void polyopt_kernel3(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha)
{
  (*a2) = ((*a6) = ((*k) * EXP_FUN(-alpha)) * (alpha - SCALAR_VAL(1.0)));
  (*a1) = ((*a5) = (*k));
}

__global__ void polyopt_kernel4(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  DATA_TYPE xm1;
  DATA_TYPE ym1;
  DATA_TYPE ym2;
  if (polyopt_low0 + 32 * polyopt_b0 + polyopt_t0 >= 0 && W >= polyopt_low0 + 32 * polyopt_b0 + polyopt_t0 + 1)
  {
    ym1 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    for (int polyopt_c1 = 0; polyopt_c1 < H; polyopt_c1++)
    {
      y1[(polyopt_low0 + 32 * polyopt_b0 + polyopt_t0) * H + polyopt_c1] = ((((*a1) * imgIn[(polyopt_low0 + 32 * polyopt_b0 + polyopt_t0) * H + polyopt_c1]) + ((*a2) * xm1)) + ((*b1) * ym1)) + ((*b2) * ym2);
      xm1 = imgIn[(polyopt_low0 + 32 * polyopt_b0 + polyopt_t0) * H + polyopt_c1];
      ym2 = ym1;
      ym1 = y1[(polyopt_low0 + 32 * polyopt_b0 + polyopt_t0) * H + polyopt_c1];
    }
  }
}

__global__ void polyopt_kernel5(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_t0 = threadIdx.y;
  const int polyopt_b1 = blockIdx.x, t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_b1 + t1 >= 0 && H >= polyopt_low1 + 32 * polyopt_b1 + t1 + 1 && W >= polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0 + 1)
  {
    imgOut[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_b1 + t1)] = (*c1) * (y1[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_b1 + t1)] + y2[(polyopt_low0 + 8 * polyopt_polyopt_b0 + polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_b1 + t1)]);
  }
}

__global__ void polyopt_kernel6(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0)
{
  const int polyopt_polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_polyopt_t0 = threadIdx.x;
  DATA_TYPE tm1;
  DATA_TYPE ym1;
  DATA_TYPE ym2;
  if (polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 >= 0 && H >= polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0 + 1)
  {
    tm1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    for (int polyopt_c1 = 0; polyopt_c1 < W; polyopt_c1++)
    {
      y1[polyopt_c1 * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0)] = ((((*a5) * imgOut[polyopt_c1 * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0)]) + ((*a6) * tm1)) + ((*b1) * ym1)) + ((*b2) * ym2);
      ym2 = ym1;
      ym1 = y1[polyopt_c1 * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0)];
      tm1 = imgOut[polyopt_c1 * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_t0)];
    }
  }
}

__global__ void polyopt_kernel7(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0)
{
  const int polyopt_polyopt_polyopt_polyopt_b0 = blockIdx.x, polyopt_polyopt_polyopt_polyopt_t0 = threadIdx.x;
  DATA_TYPE tp1;
  DATA_TYPE tp2;
  DATA_TYPE yp1;
  DATA_TYPE yp2;
  if (polyopt_low0 + 32 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0 >= 0 && H >= polyopt_low0 + 32 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0 + 1)
  {
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    tp2 = SCALAR_VAL(0.0);
    tp1 = SCALAR_VAL(0.0);
    for (int polyopt_c1 = 1; polyopt_c1 <= W; polyopt_c1++)
    {
      y2[(W - polyopt_c1) * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0)] = ((((*a7) * tp1) + ((*a8) * tp2)) + ((*b1) * yp1)) + ((*b2) * yp2);
      yp2 = yp1;
      yp1 = y2[(W - polyopt_c1) * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0)];
      tp2 = tp1;
      tp1 = imgOut[(W - polyopt_c1) * H + (polyopt_low0 + 32 * polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_t0)];
    }
  }
}

__global__ void polyopt_kernel8(DATA_TYPE *__restrict__ k, DATA_TYPE *__restrict__ a1, DATA_TYPE *__restrict__ a5, DATA_TYPE *__restrict__ a2, DATA_TYPE *__restrict__ a6, DATA_TYPE *__restrict__ a3, DATA_TYPE *__restrict__ a7, DATA_TYPE *__restrict__ a4, DATA_TYPE *__restrict__ a8, DATA_TYPE *__restrict__ b1, DATA_TYPE *__restrict__ b2, DATA_TYPE *__restrict__ c1, DATA_TYPE *__restrict__ c2, DATA_TYPE *__restrict__ y1, DATA_TYPE *__restrict__ imgIn, DATA_TYPE *__restrict__ y2, DATA_TYPE *__restrict__ imgOut, DATA_TYPE alpha, int polyopt_low0, int polyopt_low1)
{
  const int polyopt_polyopt_polyopt_polyopt_polyopt_b0 = blockIdx.y, polyopt_polyopt_polyopt_polyopt_polyopt_t0 = threadIdx.y;
  const int polyopt_polyopt_b1 = blockIdx.x, polyopt_t1 = threadIdx.x;
  if (polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0 >= 0 && polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_t1 >= 0 && H >= polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_t1 + 1 && W >= polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0 + 1)
  {
    imgOut[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_t1)] = (*c2) * (y1[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_t1)] + y2[(polyopt_low0 + 8 * polyopt_polyopt_polyopt_polyopt_polyopt_b0 + polyopt_polyopt_polyopt_polyopt_polyopt_t0) * H + (polyopt_low1 + 32 * polyopt_polyopt_b1 + polyopt_t1)]);
  }
}

static void kernel_deriche(DATA_TYPE alpha, DATA_TYPE imgIn[W][H], DATA_TYPE imgOut[W][H],
                           DATA_TYPE y1[W][H], DATA_TYPE y2[W][H])
{
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;
  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;

#pragma scop
  /* polyopt: isl scheduler (PPCG's GPU settings); private to each thread: tm1, tp1, tp2, xm1, xp1, xp2, ym1, ym2, yp1, yp2; CUDA, 9 kernel(s): 1 thread, 32, 1 thread, 1 thread, 32, 32x8, 32, 32, 32x8 */
  if (((const char *) y1 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgIn || (const char *) imgIn + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y1)
      && ((const char *) y1 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y2 || (const char *) y2 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y1)
      && ((const char *) y1 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgOut || (const char *) imgOut + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y1)
      && ((const char *) imgIn + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y2 || (const char *) y2 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgIn)
      && ((const char *) imgIn + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgOut || (const char *) imgOut + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgIn)
      && ((const char *) y2 + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) imgOut || (const char *) imgOut + sizeof(DATA_TYPE) * (W) * (H) <= (const char *) y2))
  {
    {
      DATA_TYPE *dev_k;
      DATA_TYPE *dev_a1;
      DATA_TYPE *dev_a5;
      DATA_TYPE *dev_a2;
      DATA_TYPE *dev_a6;
      DATA_TYPE *dev_a3;
      DATA_TYPE *dev_a7;
      DATA_TYPE *dev_a4;
      DATA_TYPE *dev_a8;
      DATA_TYPE *dev_b1;
      DATA_TYPE *dev_b2;
      DATA_TYPE *dev_c1;
      DATA_TYPE *dev_c2;
      DATA_TYPE *dev_y1;
      DATA_TYPE *dev_imgIn;
      DATA_TYPE *dev_y2;
      DATA_TYPE *dev_imgOut;
#ifdef POLYOPT_CUDA_TIMING
      cudaEvent_t polyopt_events[4];
      for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
        cudaEventCreate(&polyopt_events[polyopt_e]);
      cudaFree(0);
      cudaEventRecord(polyopt_events[0]);
#endif
      polyopt_cuda_check(cudaMalloc((void **) &dev_k, sizeof(DATA_TYPE)), "cudaMalloc(k)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a1, sizeof(DATA_TYPE)), "cudaMalloc(a1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a5, sizeof(DATA_TYPE)), "cudaMalloc(a5)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a2, sizeof(DATA_TYPE)), "cudaMalloc(a2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a6, sizeof(DATA_TYPE)), "cudaMalloc(a6)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a3, sizeof(DATA_TYPE)), "cudaMalloc(a3)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a7, sizeof(DATA_TYPE)), "cudaMalloc(a7)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a4, sizeof(DATA_TYPE)), "cudaMalloc(a4)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_a8, sizeof(DATA_TYPE)), "cudaMalloc(a8)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_b1, sizeof(DATA_TYPE)), "cudaMalloc(b1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_b2, sizeof(DATA_TYPE)), "cudaMalloc(b2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_c1, sizeof(DATA_TYPE)), "cudaMalloc(c1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_c2, sizeof(DATA_TYPE)), "cudaMalloc(c2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_y1, sizeof(DATA_TYPE) * (W) * (H)), "cudaMalloc(y1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_imgIn, sizeof(DATA_TYPE) * (W) * (H)), "cudaMalloc(imgIn)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_y2, sizeof(DATA_TYPE) * (W) * (H)), "cudaMalloc(y2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMalloc((void **) &dev_imgOut, sizeof(DATA_TYPE) * (W) * (H)), "cudaMalloc(imgOut)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(dev_imgIn, imgIn, sizeof(DATA_TYPE) * (W) * (H), cudaMemcpyHostToDevice), "cudaMemcpy(imgIn to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[1]);
#endif
      polyopt_kernel0<<<1, 1>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (W - 1) - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 31) / 32);
          dim3 polyopt_block(32);
          polyopt_kernel1<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
        }
      }
      polyopt_kernel2<<<1, 1>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
      polyopt_kernel3<<<1, 1>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel3", __FILE__, __LINE__);
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (W - 1) - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 31) / 32);
          dim3 polyopt_block(32);
          polyopt_kernel4<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel4", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (W - 1) - polyopt_low0 + 1;
        const int polyopt_low1 = 0;
        const int polyopt_extent1 = (H - 1) - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel5<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel5", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (H - 1) - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 31) / 32);
          dim3 polyopt_block(32);
          polyopt_kernel6<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel6", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (H - 1) - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 31) / 32);
          dim3 polyopt_block(32);
          polyopt_kernel7<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel7", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = (W - 1) - polyopt_low0 + 1;
        const int polyopt_low1 = 0;
        const int polyopt_extent1 = (H - 1) - polyopt_low1 + 1;
        if (polyopt_extent0 > 0 && polyopt_extent1 > 0)
        {
          dim3 polyopt_grid((polyopt_extent1 + 31) / 32, (polyopt_extent0 + 7) / 8);
          dim3 polyopt_block(32, 8);
          polyopt_kernel8<<<polyopt_grid, polyopt_block>>>(dev_k, dev_a1, dev_a5, dev_a2, dev_a6, dev_a3, dev_a7, dev_a4, dev_a8, dev_b1, dev_b2, dev_c1, dev_c2, dev_y1, dev_imgIn, dev_y2, dev_imgOut, alpha, polyopt_low0, polyopt_low1);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel8", __FILE__, __LINE__);
        }
      }
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[2]);
#endif
      polyopt_cuda_check(cudaMemcpy(&k, dev_k, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(k to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a1, dev_a1, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a1 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a5, dev_a5, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a5 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a2, dev_a2, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a2 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a6, dev_a6, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a6 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a3, dev_a3, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a3 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a7, dev_a7, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a7 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a4, dev_a4, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a4 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&a8, dev_a8, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(a8 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&b1, dev_b1, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(b1 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&b2, dev_b2, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(b2 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&c1, dev_c1, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(c1 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(&c2, dev_c2, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(c2 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(y1, dev_y1, sizeof(DATA_TYPE) * (W) * (H), cudaMemcpyDeviceToHost), "cudaMemcpy(y1 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(y2, dev_y2, sizeof(DATA_TYPE) * (W) * (H), cudaMemcpyDeviceToHost), "cudaMemcpy(y2 to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaMemcpy(imgOut, dev_imgOut, sizeof(DATA_TYPE) * (W) * (H), cudaMemcpyDeviceToHost), "cudaMemcpy(imgOut to the host)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_k), "cudaFree(k)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a1), "cudaFree(a1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a5), "cudaFree(a5)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a2), "cudaFree(a2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a6), "cudaFree(a6)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a3), "cudaFree(a3)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a7), "cudaFree(a7)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a4), "cudaFree(a4)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_a8), "cudaFree(a8)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_b1), "cudaFree(b1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_b2), "cudaFree(b2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_c1), "cudaFree(c1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_c2), "cudaFree(c2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_y1), "cudaFree(y1)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_imgIn), "cudaFree(imgIn)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_y2), "cudaFree(y2)", __FILE__, __LINE__);
      polyopt_cuda_check(cudaFree(dev_imgOut), "cudaFree(imgOut)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
      cudaEventRecord(polyopt_events[3]);
      cudaEventSynchronize(polyopt_events[3]);
      {
        float polyopt_total, polyopt_kernels;
        cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
        cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
        fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/deriche.c:46:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
      }
#endif
    }
  }
  else
  {
    k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))
        / (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
    a1 = a5 = k;
    a2 = a6 = k * EXP_FUN(-alpha) * (alpha - SCALAR_VAL(1.0));
    a3 = a7 = k * EXP_FUN(-alpha) * (alpha + SCALAR_VAL(1.0));
    a4 = a8 = -k * EXP_FUN(SCALAR_VAL(-2.0) * alpha);
    b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
    b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
    c1 = c2 = 1;

    for (i = 0; i < W; i++) {
      ym1 = SCALAR_VAL(0.0);
      ym2 = SCALAR_VAL(0.0);
      xm1 = SCALAR_VAL(0.0);
      for (j = 0; j < H; j++) {
        y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
        xm1 = imgIn[i][j];
        ym2 = ym1;
        ym1 = y1[i][j];
      }
    }

    for (i = 0; i < W; i++) {
      yp1 = SCALAR_VAL(0.0);
      yp2 = SCALAR_VAL(0.0);
      xp1 = SCALAR_VAL(0.0);
      xp2 = SCALAR_VAL(0.0);
      for (j = H - 1; j >= 0; j--) {
        y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
        xp2 = xp1;
        xp1 = imgIn[i][j];
        yp2 = yp1;
        yp1 = y2[i][j];
      }
    }

    for (i = 0; i < W; i++)
      for (j = 0; j < H; j++)
        imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

    for (j = 0; j < H; j++) {
      tm1 = SCALAR_VAL(0.0);
      ym1 = SCALAR_VAL(0.0);
      ym2 = SCALAR_VAL(0.0);
      for (i = 0; i < W; i++) {
        y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
        tm1 = imgOut[i][j];
        ym2 = ym1;
        ym1 = y1[i][j];
      }
    }

    for (j = 0; j < H; j++) {
      tp1 = SCALAR_VAL(0.0);
      tp2 = SCALAR_VAL(0.0);
      yp1 = SCALAR_VAL(0.0);
      yp2 = SCALAR_VAL(0.0);
      for (i = W - 1; i >= 0; i--) {
        y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
        tp2 = tp1;
        tp1 = imgOut[i][j];
        yp2 = yp1;
        yp1 = y2[i][j];
      }
    }

    for (i = 0; i < W; i++)
      for (j = 0; j < H; j++)
        imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*imgIn)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*imgOut)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y1)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y2)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));

  init_array(&alpha, imgIn);
  harness_start();
  kernel_deriche(alpha, imgIn, imgOut, y1, y2);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("imgOut", &imgOut[0][0], W * H);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
  return 0;
}
