/* durbin: Levinson-Durbin recursion, solving the Yule-Walker equations
 * T * y = -r for the N x N symmetric Toeplitz matrix T built from the
 * autocorrelation vector r (with T's diagonal normalised to 1); z is a
 * temporary of the kernel. */
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

static void init_array(DATA_TYPE r[N])
{
  for (int i = 0; i < N; i++)
    r[i] = (N + 1 - i);
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

__global__ void polyopt_kernel0(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z)
{
  (*beta) = SCALAR_VAL(1.0);
  (*alpha) = -r[0];
  y[0] = -r[0];
}

__global__ void polyopt_kernel1(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z, int c0)
{
  if (c0 >= 1 && N >= c0 + 1)
  {
    (*sum) = SCALAR_VAL(0.0);
  }
  if (N >= c0 + 1)
  {
    for (int k1 = 0; k1 < c0; k1++)
    {
      (*sum) += r[(c0 - k1) - 1] * y[k1];
    }
    if (c0 >= 1)
    {
      (*beta) = (1 - ((*alpha) * (*alpha))) * (*beta);
    }
  }
}

__global__ void polyopt_kernel2(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z, int c0)
{
  if (c0 >= 1 && N >= c0 + 1)
  {
    (*alpha) = (-(r[c0] + (*sum))) / (*beta);
  }
}

__global__ void polyopt_kernel3(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z, int c0, int polyopt_low0)
{
  const int b0 = blockIdx.x, t0 = threadIdx.x;
  if (c0 >= polyopt_low0 + 256 * b0 + t0 + 1 && polyopt_low0 + 256 * b0 + t0 >= 0 && N >= c0 + 1)
  {
    z[polyopt_low0 + 256 * b0 + t0] = y[polyopt_low0 + 256 * b0 + t0] + ((*alpha) * y[(c0 - (polyopt_low0 + 256 * b0 + t0)) - 1]);
  }
}

__global__ void polyopt_kernel4(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z, int c0, int polyopt_low0)
{
  const int polyopt_b0 = blockIdx.x, polyopt_t0 = threadIdx.x;
  if (c0 >= polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 + 1 && polyopt_low0 + 256 * polyopt_b0 + polyopt_t0 >= 0 && N >= c0 + 1)
  {
    y[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0] = z[polyopt_low0 + 256 * polyopt_b0 + polyopt_t0];
  }
}

__global__ void polyopt_kernel5(DATA_TYPE *__restrict__ y, DATA_TYPE *__restrict__ r, DATA_TYPE *__restrict__ beta, DATA_TYPE *__restrict__ alpha, DATA_TYPE *__restrict__ sum, DATA_TYPE *__restrict__ z, int c0)
{
  if (c0 >= 1 && N >= c0 + 1)
  {
    y[c0] = (*alpha);
  }
}

static void kernel_durbin(DATA_TYPE r[N], DATA_TYPE y[N])
{
  DATA_TYPE z[N];
  DATA_TYPE alpha;
  DATA_TYPE beta;
  DATA_TYPE sum;
  int i, k;

#pragma scop
  /* polyopt: isl scheduler; CUDA, 6 kernel(s): 1 thread, 1 thread, 1 thread, 256, 256, 1 thread */
  {
    DATA_TYPE *dev_y;
    DATA_TYPE *dev_r;
    DATA_TYPE *dev_beta;
    DATA_TYPE *dev_alpha;
    DATA_TYPE *dev_sum;
    DATA_TYPE *dev_z;
#ifdef POLYOPT_CUDA_TIMING
    cudaEvent_t polyopt_events[4];
    for (int polyopt_e = 0; polyopt_e < 4; polyopt_e++)
      cudaEventCreate(&polyopt_events[polyopt_e]);
    cudaFree(0);
    cudaEventRecord(polyopt_events[0]);
#endif
    polyopt_cuda_check(cudaMalloc((void **) &dev_y, sizeof(DATA_TYPE) * (N)), "cudaMalloc(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_r, sizeof(DATA_TYPE) * (N)), "cudaMalloc(r)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_beta, sizeof(DATA_TYPE)), "cudaMalloc(beta)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_alpha, sizeof(DATA_TYPE)), "cudaMalloc(alpha)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_sum, sizeof(DATA_TYPE)), "cudaMalloc(sum)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMalloc((void **) &dev_z, sizeof(DATA_TYPE) * (N)), "cudaMalloc(z)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_r, r, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(r to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_sum, &sum, sizeof(DATA_TYPE), cudaMemcpyHostToDevice), "cudaMemcpy(sum to the device)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(dev_z, z, sizeof(DATA_TYPE) * (N), cudaMemcpyHostToDevice), "cudaMemcpy(z to the device)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[1]);
#endif
    polyopt_kernel0<<<1, 1>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z);
    polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel0", __FILE__, __LINE__);
    for (int c0 = 1; c0 < N; c0++)
    {
      polyopt_kernel1<<<1, 1>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel1", __FILE__, __LINE__);
      polyopt_kernel2<<<1, 1>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel2", __FILE__, __LINE__);
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = c0 - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel3<<<polyopt_grid, polyopt_block>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel3", __FILE__, __LINE__);
        }
      }
      {
        const int polyopt_low0 = 0;
        const int polyopt_extent0 = c0 - 1 - polyopt_low0 + 1;
        if (polyopt_extent0 > 0)
        {
          dim3 polyopt_grid((polyopt_extent0 + 255) / 256);
          dim3 polyopt_block(256);
          polyopt_kernel4<<<polyopt_grid, polyopt_block>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z, c0, polyopt_low0);
          polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel4", __FILE__, __LINE__);
        }
      }
      polyopt_kernel5<<<1, 1>>>(dev_y, dev_r, dev_beta, dev_alpha, dev_sum, dev_z, c0);
      polyopt_cuda_check(cudaGetLastError(), "launch of polyopt_kernel5", __FILE__, __LINE__);
    }
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[2]);
#endif
    polyopt_cuda_check(cudaMemcpy(y, dev_y, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(y to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&beta, dev_beta, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(beta to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&alpha, dev_alpha, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(alpha to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(&sum, dev_sum, sizeof(DATA_TYPE), cudaMemcpyDeviceToHost), "cudaMemcpy(sum to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaMemcpy(z, dev_z, sizeof(DATA_TYPE) * (N), cudaMemcpyDeviceToHost), "cudaMemcpy(z to the host)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_y), "cudaFree(y)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_r), "cudaFree(r)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_beta), "cudaFree(beta)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_alpha), "cudaFree(alpha)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_sum), "cudaFree(sum)", __FILE__, __LINE__);
    polyopt_cuda_check(cudaFree(dev_z), "cudaFree(z)", __FILE__, __LINE__);
#ifdef POLYOPT_CUDA_TIMING
    cudaEventRecord(polyopt_events[3]);
    cudaEventSynchronize(polyopt_events[3]);
    {
      float polyopt_total, polyopt_kernels;
      cudaEventElapsedTime(&polyopt_total, polyopt_events[0], polyopt_events[3]);
      cudaEventElapsedTime(&polyopt_kernels, polyopt_events[1], polyopt_events[2]);
      fprintf(stderr, "polyopt-cuda: /work/main/polybench/kernels/durbin.c:34:1: total %.6f s, kernels %.6f s\n", polyopt_total / 1e3, polyopt_kernels / 1e3);
    }
#endif
  }
  (void)k; (void)i;
#pragma endscop
}

int main(void)
{
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(r);
  harness_start();
  kernel_durbin(r, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(r);
  free(y);
  return 0;
}
