#include <assert.h>
#include <stdio.h>
#include "syrk_kernel.hu"
/* syrk: symmetric rank-k update, C := alpha * A * A^T + beta * C, with A of N x M
 * and only the lower triangle of the N x N matrix C (j <= i) computed. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 20
# define N 30
#elif defined(SMALL_DATASET)
# define M 60
# define N 80
#elif defined(MEDIUM_DATASET)
# define M 200
# define N 240
#elif defined(LARGE_DATASET)
# define M 1000
# define N 1200
#else
# define M 2000
# define N 2600
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[N][N],
                       DATA_TYPE A[N][M])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 2) % M) / M;
}

static void kernel_syrk(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N],
                        DATA_TYPE A[N][M])
{
  int i, j, k;

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
    double *dev_C;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1200) * (1000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_C, (1200) * (1200) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1200) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_C, C, (1200) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(16, 32);
      dim3 k0_dimGrid(38, 38);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_C, alpha, beta);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(C, dev_C, (1200) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_C));
  }
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));

  init_array(&alpha, &beta, C, A);
  harness_start();
  kernel_syrk(alpha, beta, C, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], N * N);
  free(C);
  free(A);
  return 0;
}
