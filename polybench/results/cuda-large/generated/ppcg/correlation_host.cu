#include <assert.h>
#include <stdio.h>
#include "correlation_kernel.hu"
/* correlation: the M x M correlation matrix corr of N data points with M attributes
 * each (data is N x M, one point a row): column means and standard deviations
 * (a deviation <= eps is taken as 1), data centred and reduced in place, then
 * corr[i][j] = sum_k data[k][i] * data[k][j], with a unit diagonal. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 28
# define N 32
#elif defined(SMALL_DATASET)
# define M 80
# define N 100
#elif defined(MEDIUM_DATASET)
# define M 240
# define N 260
#elif defined(LARGE_DATASET)
# define M 1200
# define N 1400
#else
# define M 2600
# define N 3000
#endif

static void init_array(DATA_TYPE *float_n, DATA_TYPE data[N][M])
{
  *float_n = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE) (i * j) / M + i;
}

static void kernel_correlation(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                               DATA_TYPE mean[M], DATA_TYPE stddev[M])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);

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

    double *dev_corr;
    double *dev_data;
    double *dev_mean;
    double *dev_stddev;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_corr, (1200) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_data, (1400) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_mean, (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_stddev, (1200) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_data, data, (1400) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(38);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_corr);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(32);
      dim3 k1_dimGrid(38);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_data, eps, float_n, dev_mean, dev_stddev);
      cudaCheckKernel();
    }
    
    {
      dim3 k2_dimBlock(16, 32);
      dim3 k2_dimGrid(38, 44);
      kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_data, float_n, dev_mean, dev_stddev);
      cudaCheckKernel();
    }
    
    {
      dim3 k3_dimBlock(16, 32);
      dim3 k3_dimGrid(38, 38);
      kernel3 <<<k3_dimGrid, k3_dimBlock>>> (dev_corr, dev_data);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(corr, dev_corr, (1200) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(data, dev_data, (1400) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(mean, dev_mean, (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(stddev, dev_stddev, (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    corr[1199][1199] = 1.;
    cudaCheckReturn(cudaFree(dev_corr));
    cudaCheckReturn(cudaFree(dev_data));
    cudaCheckReturn(cudaFree(dev_mean));
    cudaCheckReturn(cudaFree(dev_stddev));
  }
}

int main(void)
{
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE (*corr)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *stddev = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(&float_n, data);
  harness_start();
  kernel_correlation(float_n, data, corr, mean, stddev);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("corr", &corr[0][0], M * M);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
