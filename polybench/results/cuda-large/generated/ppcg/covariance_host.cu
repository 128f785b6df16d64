#include <assert.h>
#include <stdio.h>
#include "covariance_kernel.hu"
/* covariance: the M x M covariance matrix cov of N data points with M attributes
 * each (data is N x M, one point a row): the column means are subtracted from data
 * in place, then cov[i][j] = sum_k data[k][i] * data[k][j] / (N - 1). */
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
      data[i][j] = ((DATA_TYPE) i * j) / M;
}

static void kernel_covariance(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE cov[M][M],
                              DATA_TYPE mean[M])
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

    double *dev_cov;
    double *dev_data;
    double *dev_mean;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_cov, (1200) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_data, (1400) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_mean, (1200) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_data, data, (1400) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(38);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_data, float_n, dev_mean);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(16, 32);
      dim3 k1_dimGrid(38, 44);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_data, dev_mean);
      cudaCheckKernel();
    }
    
    {
      dim3 k2_dimBlock(16, 32);
      dim3 k2_dimGrid(38, 38);
      kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_cov, dev_data, float_n);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(cov, dev_cov, (1200) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(data, dev_data, (1400) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(mean, dev_mean, (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_cov));
    cudaCheckReturn(cudaFree(dev_data));
    cudaCheckReturn(cudaFree(dev_mean));
  }
}

int main(void)
{
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE (*cov)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(&float_n, data);
  harness_start();
  kernel_covariance(float_n, data, cov, mean);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("cov", &cov[0][0], M * M);
  free(data);
  free(cov);
  free(mean);
  return 0;
}
