/* gemm (polybench/kernels/gemm.c) through cuBLAS DGEMM, the reference a GPU
 * matrix product is measured against.  Same sizes, same initial values, same
 * harness: its dump compares with the original's, and it prints the CUDA event
 * times the way polyopt's generated code does (-DPOLYOPT_CUDA_TIMING):
 *
 *   nvcc -O3 -arch=sm_90 -I polybench -I polybench/kernels -DLARGE_DATASET \
 *        experiments/cublas_gemm.cu polybench/harness.c -o cublas_gemm -lcublas
 *
 * Row-major C = alpha A B + beta C is column-major C^T = alpha B^T A^T + beta C^T,
 * so DGEMM gets B before A and no transposition.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>

/* The sizes, init_array and the harness come from the kernel itself. */
#define main polyopt_gemm_main
#include "gemm.c"
#undef main

#define CHECK(call)                                                                 \
  do {                                                                              \
    int status_ = (int) (call);                                                     \
    if (status_ != 0) {                                                             \
      fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #call, status_); \
      exit(EXIT_FAILURE);                                                           \
    }                                                                               \
  } while (0)

int main(void)
{
  double alpha, beta;
  double (*C)[NJ] = harness_alloc(sizeof(double[NI][NJ]));
  double (*A)[NK] = harness_alloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = harness_alloc(sizeof(double[NK][NJ]));
  init_array(&alpha, &beta, C, A, B);

  cublasHandle_t handle;
  CHECK(cublasCreate(&handle));       /* context and handle creation are not timed */
  {
    /* nor the loading of DGEMM's kernel (CUDA loads modules lazily: the first call of
     * a size costs tens of ms): one product of the same sizes on scratch buffers */
    double *a, *b, *c;
    CHECK(cudaMalloc((void **) &a, sizeof(double) * NI * NK));
    CHECK(cudaMalloc((void **) &b, sizeof(double) * NK * NJ));
    CHECK(cudaMalloc((void **) &c, sizeof(double) * NI * NJ));
    CHECK(cudaMemset(a, 0, sizeof(double) * NI * NK));
    CHECK(cudaMemset(b, 0, sizeof(double) * NK * NJ));
    CHECK(cudaMemset(c, 0, sizeof(double) * NI * NJ));
    CHECK(cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, NJ, NI, NK, &alpha, b, NJ, a, NK, &beta, c, NJ));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
  }
  cudaEvent_t events[4];
  for (int e = 0; e < 4; e++)
    CHECK(cudaEventCreate(&events[e]));
  double *dev_A, *dev_B, *dev_C;

  harness_start();
  CHECK(cudaEventRecord(events[0]));
  CHECK(cudaMalloc((void **) &dev_A, sizeof(double) * NI * NK));
  CHECK(cudaMalloc((void **) &dev_B, sizeof(double) * NK * NJ));
  CHECK(cudaMalloc((void **) &dev_C, sizeof(double) * NI * NJ));
  CHECK(cudaMemcpy(dev_A, A, sizeof(double) * NI * NK, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dev_B, B, sizeof(double) * NK * NJ, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dev_C, C, sizeof(double) * NI * NJ, cudaMemcpyHostToDevice));
  CHECK(cudaEventRecord(events[1]));
  CHECK(cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, NJ, NI, NK, &alpha, dev_B, NJ, dev_A, NK,
                    &beta, dev_C, NJ));
  CHECK(cudaEventRecord(events[2]));
  CHECK(cudaMemcpy(C, dev_C, sizeof(double) * NI * NJ, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dev_A));
  CHECK(cudaFree(dev_B));
  CHECK(cudaFree(dev_C));
  CHECK(cudaEventRecord(events[3]));
  CHECK(cudaEventSynchronize(events[3]));
  harness_stop();

  float total, kernels;
  CHECK(cudaEventElapsedTime(&total, events[0], events[3]));
  CHECK(cudaEventElapsedTime(&kernels, events[1], events[2]));
  fprintf(stderr, "polyopt-cuda: cublas_gemm: total %.6f s, kernels %.6f s\n", total / 1e3,
          kernels / 1e3);
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], NI * NJ);
  cublasDestroy(handle);
  free(C);
  free(A);
  free(B);
  return 0;
}
