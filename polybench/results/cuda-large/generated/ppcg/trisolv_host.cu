#include <assert.h>
#include <stdio.h>
#include "trisolv_kernel.hu"
/* trisolv: solve the lower triangular system L * x = b by forward substitution,
 * with L of N x N (only its lower triangle, diagonal included, is read). */
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

static void init_array(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  for (int i = 0; i < N; i++) {
    x[i] = -999;
    b[i] = i;
    for (int j = 0; j <= i; j++)
      L[i][j] = (DATA_TYPE) (i + N - j + 1) * 2 / N;
    /* The strict upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < N; j++)
      L[i][j] = 0;
  }
}

static void kernel_trisolv(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
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

    double *dev_L;
    double *dev_b;
    double *dev_x;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_L, (2000) * (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_b, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x, (2000) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_L, L, (2000) * (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_b, b, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(63);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_b, dev_x);
      cudaCheckKernel();
    }
    
    for (int c0 = 0; c0 <= 1999; c0 += 1) {
      {
        dim3 k1_dimBlock;
        dim3 k1_dimGrid;
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_L, dev_x, c0);
        cudaCheckKernel();
      }
      
      if (c0 <= 1998)
        {
          dim3 k2_dimBlock(32);
          dim3 k2_dimGrid(63);
          kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_L, dev_x, c0);
          cudaCheckKernel();
        }
        
    }
    cudaCheckReturn(cudaMemcpy(x, dev_x, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_L));
    cudaCheckReturn(cudaFree(dev_b));
    cudaCheckReturn(cudaFree(dev_x));
  }
}

int main(void)
{
  DATA_TYPE (*L)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *b = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(L, x, b);
  harness_start();
  kernel_trisolv(L, x, b);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x", x, N);
  free(L);
  free(x);
  free(b);
  return 0;
}
