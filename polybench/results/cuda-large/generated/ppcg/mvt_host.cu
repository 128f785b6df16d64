#include <assert.h>
#include <stdio.h>
#include "mvt_kernel.hu"
/* mvt: matrix-vector product and transpose, x1 := x1 + A * y_1 and
 * x2 := x2 + A^T * y_2, with A of N x N. */
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

static void init_array(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE) (i % N) / N;
    x2[i] = (DATA_TYPE) ((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE) ((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE) ((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
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
    double *dev_x1;
    double *dev_x2;
    double *dev_y_1;
    double *dev_y_2;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (2000) * (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x1, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x2, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y_1, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y_2, (2000) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (2000) * (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_x1, x1, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_x2, x2, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_y_1, y_1, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_y_2, y_2, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(63);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_x1, dev_y_1);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(32);
      dim3 k1_dimGrid(63);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_x2, dev_y_2);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(x1, dev_x1, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(x2, dev_x2, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_x1));
    cudaCheckReturn(cudaFree(dev_x2));
    cudaCheckReturn(cudaFree(dev_y_1));
    cudaCheckReturn(cudaFree(dev_y_2));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_2 = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(x1, x2, y_1, y_2, A);
  harness_start();
  kernel_mvt(x1, x2, y_1, y_2, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x1", x1, N);
  HARNESS_DUMP_ARRAY("x2", x2, N);
  free(A);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
  return 0;
}
