#include <assert.h>
#include <stdio.h>
#include "jacobi-1d_kernel.hu"
/* jacobi-1d: 1-D Jacobi stencil on N points, TSTEPS time steps.  Each step computes
 * B from A, then A from B, as the three-point average over the interior points:
 * B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
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

static void init_array(DATA_TYPE A[N], DATA_TYPE B[N])
{
  for (int i = 0; i < N; i++) {
    A[i] = ((DATA_TYPE) i + 2) / N;
    B[i] = ((DATA_TYPE) i + 3) / N;
  }
}

static void kernel_jacobi_1d(DATA_TYPE A[N], DATA_TYPE B[N])
{
  int t, i;

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
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (2000) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 0; c0 <= 499; c0 += 1) {
      {
        dim3 k0_dimBlock(32);
        dim3 k0_dimGrid(63);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock(32);
        dim3 k1_dimGrid(63);
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_B, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(A, dev_A, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(B, dev_B, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
  }
}

int main(void)
{
  DATA_TYPE *A = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *B = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_1d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", A, N);
  free(A);
  free(B);
  return 0;
}
