#include <assert.h>
#include <stdio.h>
#include "seidel-2d_kernel.hu"
/* seidel-2d: 2-D Gauss-Seidel stencil on an N x N grid, TSTEPS time steps, in place:
 * each interior A[i][j] becomes the average of its 3 x 3 neighbourhood, using the
 * values already updated in this sweep (rows above, columns to the left). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 40
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 120
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 400
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 2000
#else
# define TSTEPS 1000
# define N 4000
#endif

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
}

static void kernel_seidel_2d(DATA_TYPE A[N][N])
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
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (2000) * (2000) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (2000) * (2000) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 3; c0 <= 7990; c0 += 1)
      {
        dim3 k0_dimBlock(16, 32);
        dim3 k0_dimGrid(63, 16);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, c0);
        cudaCheckKernel();
      }
      
    cudaCheckReturn(cudaMemcpy(A, dev_A, (2000) * (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_seidel_2d(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
