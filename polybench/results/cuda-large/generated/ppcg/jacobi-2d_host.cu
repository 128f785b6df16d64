#include <assert.h>
#include <stdio.h>
#include "jacobi-2d_kernel.hu"
/* jacobi-2d: 2-D Jacobi stencil on an N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, as the five-point average over the interior:
 * B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 90
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 250
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1300
#else
# define TSTEPS 1000
# define N 2800
#endif

static void init_array(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / N;
    }
}

static void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int t, i, j;

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
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1300) * (1300) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (1300) * (1300) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1300) * (1300) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (1300) * (1300) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 0; c0 <= 499; c0 += 1) {
      {
        dim3 k0_dimBlock(16, 32);
        dim3 k0_dimGrid(41, 41);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock(16, 32);
        dim3 k1_dimGrid(41, 41);
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(A, dev_A, (1300) * (1300) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(B, dev_B, (1300) * (1300) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_2d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  free(B);
  return 0;
}
