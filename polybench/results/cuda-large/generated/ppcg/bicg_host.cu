#include <assert.h>
#include <stdio.h>
#include "bicg_kernel.hu"
/* bicg: the BiCG sub-kernel, s := A^T * r and q := A * p, with A of N x M,
 * r and q of N, p and s of M. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 38
# define N 42
#elif defined(SMALL_DATASET)
# define M 116
# define N 124
#elif defined(MEDIUM_DATASET)
# define M 390
# define N 410
#elif defined(LARGE_DATASET)
# define M 1900
# define N 2100
#else
# define M 1800
# define N 2200
#endif

static void init_array(DATA_TYPE A[N][M], DATA_TYPE r[N], DATA_TYPE p[M])
{
  for (int i = 0; i < M; i++)
    p[i] = (DATA_TYPE) (i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % N) / N;
  }
}

static void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N],
                        DATA_TYPE p[M], DATA_TYPE r[N])
{
  int i, j;

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
    double *dev_p;
    double *dev_q;
    double *dev_r;
    double *dev_s;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (2100) * (1900) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_p, (1900) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_q, (2100) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_r, (2100) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_s, (1900) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (2100) * (1900) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_p, p, (1900) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_r, r, (2100) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(66);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_p, dev_q);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock(32);
      dim3 k1_dimGrid(60);
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_r, dev_s);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(q, dev_q, (2100) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(s, dev_s, (1900) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_p));
    cudaCheckReturn(cudaFree(dev_q));
    cudaCheckReturn(cudaFree(dev_r));
    cudaCheckReturn(cudaFree(dev_s));
  }
}

int main(void)
{
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE *s = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *q = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *p = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, r, p);
  harness_start();
  kernel_bicg(A, s, q, p, r);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("s", s, M);
  HARNESS_DUMP_ARRAY("q", q, N);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
