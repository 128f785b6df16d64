#include <assert.h>
#include <stdio.h>
#include "gesummv_kernel.hu"
/* gesummv: scalar, vector and matrix multiplication, y := alpha * A * x + beta * B * x,
 * with A and B of N x N; tmp (of N) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define N 30
#elif defined(SMALL_DATASET)
# define N 90
#elif defined(MEDIUM_DATASET)
# define N 250
#elif defined(LARGE_DATASET)
# define N 1300
#else
# define N 2800
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE B[N][N], DATA_TYPE x[N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    x[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE) ((i * j + 2) % N) / N;
    }
  }
}

static void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                           DATA_TYPE B[N][N], DATA_TYPE tmp[N], DATA_TYPE x[N],
                           DATA_TYPE y[N])
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
    double *dev_B;
    double *dev_tmp;
    double *dev_x;
    double *dev_y;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1300) * (1300) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (1300) * (1300) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_tmp, (1300) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x, (1300) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y, (1300) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1300) * (1300) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (1300) * (1300) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_x, x, (1300) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(41);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B, alpha, beta, dev_tmp, dev_x, dev_y);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(tmp, dev_tmp, (1300) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(y, dev_y, (1300) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
    cudaCheckReturn(cudaFree(dev_tmp));
    cudaCheckReturn(cudaFree(dev_x));
    cudaCheckReturn(cudaFree(dev_y));
  }
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, B, x);
  harness_start();
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(B);
  free(tmp);
  free(x);
  free(y);
  return 0;
}
