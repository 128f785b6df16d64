#include <assert.h>
#include <stdio.h>
#include "atax_kernel.hu"
/* atax: y := A^T * (A * x), with A of M x N, x and y of N; tmp (of M) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 38
# define N 42
#elif defined(SMALL_DATASET)
# define M 116
# define N 124
#elif defined(MEDIUM_DATASET)
# define M 390
# define N 410
#elif defined(LARGE_DATASET)
# define M 1900
# define N 2100
#else
# define M 1800
# define N 2200
#endif

static void init_array(DATA_TYPE A[M][N], DATA_TYPE x[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % N) / (5 * M);
}

static void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N],
                        DATA_TYPE tmp[M])
{
  int i, j;

  {
#define cudaCheckReturn(ret) \
  do { \
    cudaError_t cudaCheckReturn_e = (ret); \
    if (cudaCheckReturn_e != cudaSuccess) { \
      fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(cudaCheckReturn_e)); \
      fflush(stderr); \
    } \
    assert(cudaCheckReturn_e == cudaSuccess); \
  } while(0)
#define cudaCheckKernel() \
  do { \
    cudaCheckReturn(cudaGetLastError()); \
  } while(0)

    double *dev_A;
    double *dev_tmp;
    double *dev_x;
    double *dev_y;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1900) * (2100) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_tmp, (1900) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x, (2100) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y, (2100) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1900) * (2100) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_x, x, (2100) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(60);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_tmp, dev_x);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(32);
      dim3 k1_dimGrid(66);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_tmp, dev_y);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(tmp, dev_tmp, (1900) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(y, dev_y, (2100) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_tmp));
    cudaCheckReturn(cudaFree(dev_x));
    cudaCheckReturn(cudaFree(dev_y));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(A, x);
  harness_start();
  kernel_atax(A, x, y, tmp);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
