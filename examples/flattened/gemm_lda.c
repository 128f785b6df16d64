/* A BLAS-style matrix product through pointers with leading dimensions. */
#include <stdio.h>
#include <stdlib.h>

static void gemm(int m, int n, int k, double alpha, const double *a, int lda,
                 const double *b, int ldb, double beta, double *c, int ldc)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int p = 0; p < k; p++)
        s += a[i * lda + p] * b[p * ldb + j];
      c[i * ldc + j] = alpha * s + beta * c[i * ldc + j];
    }
}

int main(void)
{
  int m = 900, n = 1000, k = 800;
  double *a = malloc(sizeof(double) * m * k), *b = malloc(sizeof(double) * k * n);
  double *c = malloc(sizeof(double) * m * n);
  for (int x = 0; x < m * k; x++) a[x] = (double) (x % 17) / 16.0 - 0.5;
  for (int x = 0; x < k * n; x++) b[x] = (double) (x % 13) / 12.0 - 0.5;
  for (int x = 0; x < m * n; x++) c[x] = (double) (x % 7) / 6.0;
  gemm(m, n, k, 1.5, a, k, b, n, 0.5, c, n);
  double sum = 0.0;
  for (int x = 0; x < m * n; x++) sum += c[x] * (double) (x % 5 + 1);
  printf("%.10e\n", sum);
  free(a); free(b); free(c);
  return 0;
}
