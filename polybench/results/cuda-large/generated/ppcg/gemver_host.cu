#include <assert.h>
#include <stdio.h>
#include "gemver_kernel.hu"
/* gemver: vector multiplication and matrix addition,
 * A := A + u1 * v1^T + u2 * v2^T, x := x + beta * A^T * y + z, w := w + alpha * A * x,
 * with A of N x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                       DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                       DATA_TYPE y[N], DATA_TYPE z[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                          DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                          DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                          DATA_TYPE y[N], DATA_TYPE z[N])
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
    double *dev_u1;
    double *dev_u2;
    double *dev_v1;
    double *dev_v2;
    double *dev_w;
    double *dev_x;
    double *dev_y;
    double *dev_z;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (2000) * (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_u1, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_u2, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_v1, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_v2, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_w, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_x, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_z, (2000) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (2000) * (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_u1, u1, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_u2, u2, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_v1, v1, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_v2, v2, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_w, w, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_x, x, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_y, y, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_z, z, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(16, 32);
      dim3 k0_dimGrid(63, 63);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_u1, dev_u2, dev_v1, dev_v2);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(32);
      dim3 k1_dimGrid(63);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, beta, dev_x, dev_y, dev_z);
      cudaCheckKernel();
    }
    
    {
      dim3 k2_dimBlock(32);
      dim3 k2_dimGrid(63);
      kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_A, alpha, dev_w, dev_x);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(A, dev_A, (2000) * (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(w, dev_w, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(x, dev_x, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_u1));
    cudaCheckReturn(cudaFree(dev_u2));
    cudaCheckReturn(cudaFree(dev_v1));
    cudaCheckReturn(cudaFree(dev_v2));
    cudaCheckReturn(cudaFree(dev_w));
    cudaCheckReturn(cudaFree(dev_x));
    cudaCheckReturn(cudaFree(dev_y));
    cudaCheckReturn(cudaFree(dev_z));
  }
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *u1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *u2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *w = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *z = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_start();
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("w", w, N);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
