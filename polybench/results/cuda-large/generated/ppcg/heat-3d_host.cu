#include <assert.h>
#include <stdio.h>
#include "heat-3d_kernel.hu"
/* heat-3d: 3-D heat equation on an N x N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, over the interior points:
 * B[i][j][k] = 0.125 * (second differences of A along i, j and k) + A[i][j][k]. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 10
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 20
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 40
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 120
#else
# define TSTEPS 1000
# define N 200
#endif

static void init_array(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) (i + j + (N - k)) * 10 / (N);
}

static void kernel_heat_3d(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

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
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (120) * (120) * (120) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (120) * (120) * (120) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (120) * (120) * (120) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (120) * (120) * (120) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 1; c0 <= 500; c0 += 1) {
      {
        dim3 k0_dimBlock(4, 4, 32);
        dim3 k0_dimGrid(4, 4);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock(4, 4, 32);
        dim3 k1_dimGrid(4, 4);
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(A, dev_A, (120) * (120) * (120) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(B, dev_B, (120) * (120) * (120) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE (*B)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));

  init_array(A, B);
  harness_start();
  kernel_heat_3d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], N * N * N);
  free(A);
  free(B);
  return 0;
}
