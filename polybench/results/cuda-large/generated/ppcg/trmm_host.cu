#include <assert.h>
#include <stdio.h>
#include "trmm_kernel.hu"
/* trmm: triangular matrix multiply, B := alpha * A^T * B, with A a unit lower
 * triangular M x M matrix (only its strict lower triangle is read) and B of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % M) / M;
    A[i][i] = 1.0;
    /* The upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < M; j++)
      A[i][j] = 0.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE) ((N + (i - j)) % N) / N;
  }
}

static void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
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
    double *dev_B;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1000) * (1000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (1000) * (1200) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1000) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(38);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(16, 32);
      dim3 k1_dimGrid(38, 32);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_B, alpha);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(B, dev_B, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
  }
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, A, B);
  harness_start();
  kernel_trmm(alpha, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("B", &B[0][0], M * N);
  free(A);
  free(B);
  return 0;
}
