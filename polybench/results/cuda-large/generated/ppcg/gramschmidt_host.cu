#include <assert.h>
#include <stdio.h>
#include "gramschmidt_kernel.hu"
/* gramschmidt: QR decomposition A = Q * R of an M x N matrix by the modified
 * Gram-Schmidt process; Q is M x N with orthonormal columns, R is N x N upper
 * triangular, and A is overwritten with the residuals. */
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

static void init_array(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((DATA_TYPE) ((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  int i, j, k;
  DATA_TYPE nrm;

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
    double *dev_Q;
    double *dev_R;
    double *dev_nrm;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1000) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_Q, (1000) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_R, (1200) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_nrm, sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_R, R, (1200) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(16, 32);
      dim3 k0_dimGrid(38, 38);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_R);
      cudaCheckKernel();
    }
    
    for (int c0 = 0; c0 <= 1199; c0 += 1) {
      {
        dim3 k1_dimBlock;
        dim3 k1_dimGrid;
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_nrm, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k2_dimBlock;
        dim3 k2_dimGrid;
        kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_A, dev_nrm, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k3_dimBlock;
        dim3 k3_dimGrid;
        kernel3 <<<k3_dimGrid, k3_dimBlock>>> (dev_R, dev_nrm, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k4_dimBlock(32);
        dim3 k4_dimGrid(32);
        kernel4 <<<k4_dimGrid, k4_dimBlock>>> (dev_A, dev_Q, dev_R, c0);
        cudaCheckKernel();
      }
      
      if (c0 <= 1198) {
        {
          dim3 k5_dimBlock(32);
          dim3 k5_dimGrid(38);
          kernel5 <<<k5_dimGrid, k5_dimBlock>>> (dev_A, dev_Q, dev_R, c0);
          cudaCheckKernel();
        }
        
        {
          dim3 k6_dimBlock(16, 32);
          dim3 k6_dimGrid(32, 38);
          kernel6 <<<k6_dimGrid, k6_dimBlock>>> (dev_A, dev_Q, dev_R, c0);
          cudaCheckKernel();
        }
        
      }
    }
    cudaCheckReturn(cudaMemcpy(A, dev_A, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(Q, dev_Q, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(R, dev_R, (1200) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_Q));
    cudaCheckReturn(cudaFree(dev_R));
    cudaCheckReturn(cudaFree(dev_nrm));
  }
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*R)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*Q)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(A, R, Q);
  harness_start();
  kernel_gramschmidt(A, R, Q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("R", &R[0][0], N * N);
  HARNESS_DUMP_ARRAY("Q", &Q[0][0], M * N);
  free(A);
  free(R);
  free(Q);
  return 0;
}
