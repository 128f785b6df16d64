#include <assert.h>
#include <stdio.h>
#include "nussinov_kernel.hu"
/* nussinov: Nussinov's dynamic program for RNA folding.  seq is a sequence of N bases
 * (0..3, A C G U); table[i][j] becomes the largest number of bonding base pairs
 * (bases b1, b2 with b1 + b2 == 3) in seq[i..j], with no bond between adjacent
 * bases, filled from the bottom row up and left to right within a row. */
#define DATA_TYPE_IS_INT
#include "harness.h"

#if defined(MINI_DATASET)
# define N 60
#elif defined(SMALL_DATASET)
# define N 180
#elif defined(MEDIUM_DATASET)
# define N 500
#elif defined(LARGE_DATASET)
# define N 2500
#else
# define N 5500
#endif

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void init_array(char seq[N], DATA_TYPE table[N][N])
{
  for (int i = 0; i < N; i++)
    seq[i] = (char) ((i + 1) % 4);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      table[i][j] = 0;
}

static void kernel_nussinov(char seq[N], DATA_TYPE table[N][N])
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

    char *dev_seq;
    int *dev_table;
    
    cudaCheckReturn(cudaMalloc((void **) &dev_seq, (2500) * sizeof(char)));
    cudaCheckReturn(cudaMalloc((void **) &dev_table, (2500) * (2500) * sizeof(int)));
    
    cudaCheckReturn(cudaMemcpy(dev_seq, seq, (2500) * sizeof(char), cudaMemcpyHostToDevice));
    cudaCheckReturn(cudaMemcpy(dev_table, table, (2500) * (2500) * sizeof(int), cudaMemcpyHostToDevice));
    for (int c0 = 1; c0 <= 2499; c0 += 1)
      {
        dim3 k0_dimBlock(32);
        dim3 k0_dimGrid(79);
        kernel0 <<<k0_dimGrid, k0_dimBlock>>> (dev_seq, dev_table, c0);
        cudaCheckKernel();
      }
      
    cudaCheckReturn(cudaMemcpy(table, dev_table, (2500) * (2500) * sizeof(int), cudaMemcpyDeviceToHost));
    cudaCheckReturn(cudaFree(dev_seq));
    cudaCheckReturn(cudaFree(dev_table));
  }
}

int main(void)
{
  char *seq = harness_alloc(sizeof(char[N]));
  DATA_TYPE (*table)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(seq, table);
  harness_start();
  kernel_nussinov(seq, table);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("table", &table[0][0], N * N);
  free(seq);
  free(table);
  return 0;
}
