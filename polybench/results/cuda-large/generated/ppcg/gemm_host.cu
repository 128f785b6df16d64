#include <assert.h>
#include <stdio.h>
#include "gemm_kernel.hu"
/* gemm: C := alpha * A * B + beta * C, with A of NI x NK and B of NK x NJ. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 20
# define NJ 25
# define NK 30
#elif defined(SMALL_DATASET)
# define NI 60
# define NJ 70
# define NK 80
#elif defined(MEDIUM_DATASET)
# define NI 200
# define NJ 220
# define NK 240
#elif defined(LARGE_DATASET)
# define NI 1000
# define NJ 1100
# define NK 1200
#else
# define NI 2000
# define NJ 2300
# define NK 2600
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % NK) / NK;
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) (i * (j + 2) % NJ) / NJ;
}

static void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[NI][NJ],
                        DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
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

    double *dev_A;
    double *dev_B;
    double *dev_C;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_A, (1000) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_B, (1200) * (1100) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_C, (1000) * (1100) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev_A, A, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_B, B, (1200) * (1100) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_C, C, (1000) * (1100) * sizeof(double), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(16, 32);
      dim3 k0_dimGrid(35, 32);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_A, dev_B, dev_C, alpha, beta);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(C, dev_C, (1000) * (1100) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_A));
    cudaCheckReturn(cudaFree(dev_B));
    cudaCheckReturn(cudaFree(dev_C));
  }
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_gemm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], NI * NJ);
  free(C);
  free(A);
  free(B);
  return 0;
}
