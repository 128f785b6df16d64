#include <assert.h>
#include <stdio.h>
#include "deriche_kernel.hu"
/* deriche: Deriche recursive edge detection filter on a W x H image.  A causal and
 * an anti-causal first-order recursive filter run horizontally (along j) into y1 and
 * y2, their sum goes to imgOut; the same pair then runs vertically (along i) on
 * imgOut, and imgOut := y1 + y2 again.  The coefficients come from alpha. */
#define DATA_TYPE_IS_FLOAT
#include "harness.h"

#if defined(MINI_DATASET)
# define W 64
# define H 64
#elif defined(SMALL_DATASET)
# define W 192
# define H 128
#elif defined(MEDIUM_DATASET)
# define W 720
# define H 480
#elif defined(LARGE_DATASET)
# define W 4096
# define H 2160
#else
# define W 7680
# define H 4320
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE imgIn[W][H])
{
  *alpha = 0.25;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (DATA_TYPE) ((313 * i + 991 * j) % 65536) / 65535.0f;
}

static void kernel_deriche(DATA_TYPE alpha, DATA_TYPE imgIn[W][H], DATA_TYPE imgOut[W][H],
                           DATA_TYPE y1[W][H], DATA_TYPE y2[W][H])
{
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;
  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;

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

    float *dev_a1;
    float *dev_a2;
    float *dev_a3;
    float *dev_a4;
    float *dev_a5;
    float *dev_a6;
    float *dev_a7;
    float *dev_a8;
    float *dev_b1;
    float *dev_b2;
    float *dev_c1;
    float *dev_c2;
    float *dev_imgIn;
    float *dev_imgOut;
    float *dev_y1;
    float *dev_y2;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_a1, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a2, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a3, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a4, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a5, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a6, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a7, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_a8, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_b1, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_b2, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_c1, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_c2, sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_imgIn, (4096) * (2160) * sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_imgOut, (4096) * (2160) * sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y1, (4096) * (2160) * sizeof(float)));
    cudaCheckReturn(cudaMalloc((void **) &dev_y2, (4096) * (2160) * sizeof(float)));
    
    b1 = powf(2.F, -alpha);
    k = (((1.F - expf(-alpha)) * (1.F - expf(-alpha))) / ((1.F + ((2.F * alpha) * expf(-alpha))) - expf(2.F * alpha)));
    a1 = (a5 = k);
    a2 = (a6 = ((k * expf(-alpha)) * (alpha - 1.F)));
    a3 = (a7 = ((k * expf(-alpha)) * (alpha + 1.F)));
    a4 = (a8 = ((-k) * expf((-2.F) * alpha)));
    b2 = (-expf((-2.F) * alpha));
    cudaCheckReturn(cudaMemcpy(dev_a1, &a1, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a2, &a2, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a3, &a3, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a4, &a4, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a5, &a5, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a6, &a6, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a7, &a7, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_a8, &a8, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_b1, &b1, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_b2, &b2, sizeof(float), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_imgIn, imgIn, (4096) * (2160) * sizeof(float), cudaMemcpyHostToDevice));
    {
      dim3 k0_dimBlock(32);
      dim3 k0_dimGrid(128);
      kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_a3, dev_a4, dev_b1, dev_b2, dev_imgIn, dev_y2);
      cudaCheckKernel();
    }
    
    {
      dim3 k1_dimBlock;
      dim3 k1_dimGrid;
      kernel1 <<<k1_dimGrid, k1_dimBlock>>> (dev_c1, dev_c2);
      cudaCheckKernel();
    }
    
    {
      dim3 k2_dimBlock(32);
      dim3 k2_dimGrid(128);
      kernel2 <<<k2_dimGrid, k2_dimBlock>>> (dev_a1, dev_a2, dev_b1, dev_b2, dev_imgIn, dev_y1);
      cudaCheckKernel();
    }
    
    {
      dim3 k3_dimBlock(16, 32);
      dim3 k3_dimGrid(68, 128);
      kernel3 <<<k3_dimGrid, k3_dimBlock>>> (dev_c1, dev_imgOut, dev_y1, dev_y2);
      cudaCheckKernel();
    }
    
    {
      dim3 k4_dimBlock(32);
      dim3 k4_dimGrid(68);
      kernel4 <<<k4_dimGrid, k4_dimBlock>>> (dev_a7, dev_a8, dev_b1, dev_b2, dev_imgOut, dev_y2);
      cudaCheckKernel();
    }
    
    {
      dim3 k5_dimBlock(32);
      dim3 k5_dimGrid(68);
      kernel5 <<<k5_dimGrid, k5_dimBlock>>> (dev_a5, dev_a6, dev_b1, dev_b2, dev_imgOut, dev_y1);
      cudaCheckKernel();
    }
    
    {
      dim3 k6_dimBlock(16, 32);
      dim3 k6_dimGrid(68, 128);
      kernel6 <<<k6_dimGrid, k6_dimBlock>>> (dev_c2, dev_imgOut, dev_y1, dev_y2);
      cudaCheckKernel();
    }
    
    cudaCheckReturn(cudaMemcpy(imgOut, dev_imgOut, (4096) * (2160) * sizeof(float), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(y1, dev_y1, (4096) * (2160) * sizeof(float), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaMemcpy(y2, dev_y2, (4096) * (2160) * sizeof(float), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_a1));
    cudaCheckReturn(cudaFree(dev_a2));
    cudaCheckReturn(cudaFree(dev_a3));
    cudaCheckReturn(cudaFree(dev_a4));
    cudaCheckReturn(cudaFree(dev_a5));
    cudaCheckReturn(cudaFree(dev_a6));
    cudaCheckReturn(cudaFree(dev_a7));
    cudaCheckReturn(cudaFree(dev_a8));
    cudaCheckReturn(cudaFree(dev_b1));
    cudaCheckReturn(cudaFree(dev_b2));
    cudaCheckReturn(cudaFree(dev_c1));
    cudaCheckReturn(cudaFree(dev_c2));
    cudaCheckReturn(cudaFree(dev_imgIn));
    cudaCheckReturn(cudaFree(dev_imgOut));
    cudaCheckReturn(cudaFree(dev_y1));
    cudaCheckReturn(cudaFree(dev_y2));
  }
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*imgIn)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*imgOut)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y1)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y2)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));

  init_array(&alpha, imgIn);
  harness_start();
  kernel_deriche(alpha, imgIn, imgOut, y1, y2);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("imgOut", &imgOut[0][0], W * H);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
  return 0;
}
