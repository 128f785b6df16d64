#include <assert.h>
#include <stdio.h>
#include "durbin_kernel.hu"
/* durbin: Levinson-Durbin recursion, solving the Yule-Walker equations
 * T * y = -r for the N x N symmetric Toeplitz matrix T built from the
 * autocorrelation vector r (with T's diagonal normalised to 1); z is a
 * temporary of the kernel. */
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

static void init_array(DATA_TYPE r[N])
{
  for (int i = 0; i < N; i++)
    r[i] = (N + 1 - i);
}

static void kernel_durbin(DATA_TYPE r[N], DATA_TYPE y[N])
{
  DATA_TYPE z[N];
  DATA_TYPE alpha;
  DATA_TYPE beta;
  DATA_TYPE sum;
  int i, k;

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

    double *dev_alpha;
    double *dev_beta;
    double *dev_r;
    double *dev_sum;
    double *dev_y;
    double *dev_z;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_alpha, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_beta, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_r, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_sum, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y, (2000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_z, (1999) * sizeof(double)));
    
    y[0] = (-r[0]);
    alpha = (-r[0]);
    beta = 1.;
    cudaCheckReturn(cudaMemcpy(dev_alpha, &alpha, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_beta, &beta, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_r, r, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_y, y, (2000) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 1; c0 <= 1999; c0 += 1) {
      {
        dim3 k0_dimBlock;
        dim3 k0_dimGrid;
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_sum, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock;
        dim3 k1_dimGrid;
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_r, dev_sum, dev_y, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k2_dimBlock;
        dim3 k2_dimGrid;
        kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_alpha, dev_beta, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k3_dimBlock;
        dim3 k3_dimGrid;
        kernel3 <<<k3_dimGrid, k3_dimBlock>>> (dev_alpha, dev_beta, dev_r, dev_sum, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k4_dimBlock(32);
        dim3 k4_dimGrid(63);
        kernel4 <<<k4_dimGrid, k4_dimBlock>>> (dev_alpha, dev_y, dev_z, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k5_dimBlock;
        dim3 k5_dimGrid;
        kernel5 <<<k5_dimGrid, k5_dimBlock>>> (dev_alpha, dev_y, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k6_dimBlock(32);
        dim3 k6_dimGrid(63);
        kernel6 <<<k6_dimGrid, k6_dimBlock>>> (dev_y, dev_z, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(y, dev_y, (2000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_alpha));
    cudaCheckReturn(cudaFree(dev_beta));
    cudaCheckReturn(cudaFree(dev_r));
    cudaCheckReturn(cudaFree(dev_sum));
    cudaCheckReturn(cudaFree(dev_y));
    cudaCheckReturn(cudaFree(dev_z));
  }
}

int main(void)
{
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(r);
  harness_start();
  kernel_durbin(r, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(r);
  free(y);
  return 0;
}
