#include <assert.h>
#include <stdio.h>
#include "fdtd-2d_kernel.hu"
/* fdtd-2d: 2-D finite-difference time-domain kernel on an NX x NY grid, TMAX time
 * steps.  Each step sets the boundary row of the electric field ey from _fict_[t],
 * updates ey and ex from the magnetic field hz, then hz from ex and ey. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TMAX 20
# define NX 20
# define NY 30
#elif defined(SMALL_DATASET)
# define TMAX 40
# define NX 60
# define NY 80
#elif defined(MEDIUM_DATASET)
# define TMAX 100
# define NX 200
# define NY 240
#elif defined(LARGE_DATASET)
# define TMAX 500
# define NX 1000
# define NY 1200
#else
# define TMAX 1000
# define NX 2000
# define NY 2600
#endif

static void init_array(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                       DATA_TYPE _fict_[TMAX])
{
  for (int i = 0; i < TMAX; i++)
    _fict_[i] = (DATA_TYPE) i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE) i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE) i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE) i * (j + 3)) / NX;
    }
}

static void kernel_fdtd_2d(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE _fict_[TMAX])
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

    double *dev__fict_;
    double *dev_ex;
    double *dev_ey;
    double *dev_hz;
    
    cudaCheckReturn(cudaMalloc((void **) &dev__fict_, (500) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_ex, (1000) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_ey, (1000) * (1200) * sizeof(double)));
    cudaCheckReturn(cudaMalloc((void **) &dev_hz, (1000) * (1200) * sizeof(double)));
    
    cudaCheckReturn(cudaMemcpy(dev__fict_, _fict_, (500) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_ex, ex, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_ey, ey, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_hz, hz, (1000) * (1200) * sizeof(double), cudaMemcpyHostToDevice));
    for (int c0 = 0; c0 <= 499; c0 += 1) {
      {
        dim3 k0_dimBlock(16, 32);
        dim3 k0_dimGrid(38, 32);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_ey, dev_hz, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k1_dimBlock(16, 32);
        dim3 k1_dimGrid(38, 32);
        kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_ex, dev_hz, c0);
        cudaCheckKernel();
      }
      
      {
        dim3 k2_dimBlock(16, 32);
        dim3 k2_dimGrid(38, 32);
        kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev__fict_, dev_ex, dev_ey, dev_hz, c0);
        cudaCheckKernel();
      }
      
    }
    cudaCheckReturn(cudaMemcpy(ex, dev_ex, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(ey, dev_ey, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(hz, dev_hz, (1000) * (1200) * sizeof(double), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev__fict_));
    cudaCheckReturn(cudaFree(dev_ex));
    cudaCheckReturn(cudaFree(dev_ey));
    cudaCheckReturn(cudaFree(dev_hz));
  }
}

int main(void)
{
  DATA_TYPE (*ex)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*ey)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*hz)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE *_fict_ = harness_alloc(sizeof(DATA_TYPE[TMAX]));

  init_array(ex, ey, hz, _fict_);
  harness_start();
  kernel_fdtd_2d(ex, ey, hz, _fict_);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("ex", &ex[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("ey", &ey[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("hz", &hz[0][0], NX * NY);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
  return 0;
}
