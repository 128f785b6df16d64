#include <assert.h>
#include <stdio.h>
#include "adi_kernel.hu"
/* adi: alternating direction implicit solver for 2-D heat conduction on an N x N grid,
 * TSTEPS time steps.  Each step does a column sweep (a tridiagonal solve along each
 * column of u into v, forward elimination into p and q, then back substitution) and
 * a row sweep (the same along each row of v back into u). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 20
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 60
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 200
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1000
#else
# define TSTEPS 1000
# define N 2000
#endif

static void init_array(DATA_TYPE u[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (DATA_TYPE) (i + N - j) / N;
}

static void kernel_adi(DATA_TYPE u[N][N], DATA_TYPE v[N][N], DATA_TYPE p[N][N],
                       DATA_TYPE q[N][N])
{
  int t, i, j;
  DATA_TYPE DX, DY, DT;
  DATA_TYPE B1, B2;
  DATA_TYPE mul1, mul2;
  DATA_TYPE a, b, c, d, e, f;

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

    double *dev_a;
    double *dev_b;
    double *dev_c;
    double *dev_d;
    double *dev_e;
    double *dev_f;
    double *dev_p;
    double *dev_q;
    double *dev_u;
    double *dev_v;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_a, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_b, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_c, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_d, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_e, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_f, sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_p, (999) * (1000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_q, (999) * (1000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_u, (999) * (1000) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_v, (1000) * (1000) * sizeof(double)));
    
    B1 = 2.;
    DT = (1. / ((double) 500));
    DX = (1. / ((double) 1000));
    mul1 = ((B1 * DT) / (DX * DX));
    a = ((-mul1) / 2.);
    DY = (1. / ((double) 1000));
    B2 = 1.;
    mul2 = ((B2 * DT) / (DY * DY));
    d = ((-mul2) / 2.);
    c = a;
    e = (1. + mul2);
    f = d;
    b = (1. + mul1);
    cudaCheckReturn(cudaMemcpy(dev_a, &a, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_b, &b, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_c, &c, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_d, &d, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_e, &e, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_f, &f, sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_p, p, (999) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_q, q, (999) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_u, u, (999) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_v, v, (1000) * (1000) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 1; c0 <= 500; c0 += 1) {
      {
        dim3 k0_dimBlock(32);
        dim3 k0_dimGrid(32);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_a, dev_b, dev_c, dev_d, dev_f, dev_p, dev_q, dev_u, dev_v, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock(32);
        dim3 k1_dimGrid(32);
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_p, dev_q, dev_v, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k2_dimBlock(32);
        dim3 k2_dimGrid(32);
        kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_a, dev_c, dev_d, dev_e, dev_f, dev_p, dev_q, dev_u, dev_v, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k3_dimBlock(32);
        dim3 k3_dimGrid(32);
        kernel3 <<<k3_dimGrid, k3_dimBlock>>> (dev_p, dev_q, dev_u, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(p, dev_p, (999) * (1000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(q, dev_q, (999) * (1000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(u, dev_u, (999) * (1000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(v, dev_v, (1000) * (1000) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_a));
    cudaCheckReturn(cudaFree(dev_b));
    cudaCheckReturn(cudaFree(dev_c));
    cudaCheckReturn(cudaFree(dev_d));
    cudaCheckReturn(cudaFree(dev_e));
    cudaCheckReturn(cudaFree(dev_f));
    cudaCheckReturn(cudaFree(dev_p));
    cudaCheckReturn(cudaFree(dev_q));
    cudaCheckReturn(cudaFree(dev_u));
    cudaCheckReturn(cudaFree(dev_v));
  }
}

int main(void)
{
  DATA_TYPE (*u)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*v)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*p)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*q)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(u);
  harness_start();
  kernel_adi(u, v, p, q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("u", &u[0][0], N * N);
  free(u);
  free(v);
  free(p);
  free(q);
  return 0;
}
