#include <assert.h>
#include <stdio.h>
#include "doitgen_kernel.hu"
/* doitgen: multiresolution analysis kernel (MADNESS), A[r][q][:] := A[r][q][:] * C4
 * for every r and q, with A of NR x NQ x NP and C4 of NP x NP; sum (of NP) is scratch. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NQ 8
# define NR 10
# define NP 12
#elif defined(SMALL_DATASET)
# define NQ 20
# define NR 25
# define NP 30
#elif defined(MEDIUM_DATASET)
# define NQ 40
# define NR 50
# define NP 60
#elif defined(LARGE_DATASET)
# define NQ 140
# define NR 150
# define NP 160
#else
# define NQ 220
# define NR 250
# define NP 270
#endif

static void init_array(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP])
{
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NQ; j++)
      for (int k = 0; k < NP; k++)
        A[i][j][k] = (DATA_TYPE) ((i * j + k) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = (DATA_TYPE) (i * j % NP) / NP;
}

static void kernel_doitgen(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP],
                           DATA_TYPE sum[NP])
{
  int r, q, p, s;

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
    double *dev_C4;
    double *dev_sum;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (150) * (140) * (160) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_C4, (160) * (160) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_sum, (160) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (150) * (140) * (160) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_C4, C4, (160) * (160) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 0; c0 <= 149; c0 += 1)
      for (int c1 = 0; c1 <= 139; c1 += 1) {
        {
          dim3 k0_dimBlock(32);
          dim3 k0_dimGrid(5);
          kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_C4, dev_sum, c0, c1);
          cudaCheckKernel();
        }
        
        {
          dim3 k1_dimBlock(32);
          dim3 k1_dimGrid(5);
          kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_A, dev_sum, c0, c1);
          cudaCheckKernel();
        }
        
      }
    cudaCheckReturn(cudaMemcpy(A, dev_A, (150) * (140) * (160) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(sum, dev_sum, (160) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_C4));
    cudaCheckReturn(cudaFree(dev_sum));
  }
}

int main(void)
{
  DATA_TYPE (*A)[NQ][NP] = harness_alloc(sizeof(DATA_TYPE[NR][NQ][NP]));
  DATA_TYPE (*C4)[NP] = harness_alloc(sizeof(DATA_TYPE[NP][NP]));
  DATA_TYPE *sum = harness_alloc(sizeof(DATA_TYPE[NP]));

  init_array(A, C4);
  harness_start();
  kernel_doitgen(A, C4, sum);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], NR * NQ * NP);
  free(A);
  free(C4);
  free(sum);
  return 0;
}
