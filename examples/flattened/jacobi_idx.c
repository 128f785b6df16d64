/* A 2-D Jacobi sweep on one block of memory, indexed through a macro. */
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j) ((i) * n + (j))

static void sweep(int n, const double *restrict in, double *restrict out)
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[IDX(i, j)] = 0.2 * (in[IDX(i, j)] + in[IDX(i - 1, j)] + in[IDX(i + 1, j)]
                              + in[IDX(i, j - 1)] + in[IDX(i, j + 1)]);
}

int main(void)
{
  int n = 2000;
  double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n);
  for (int x = 0; x < n * n; x++) a[x] = b[x] = (double) (x % 23) / 22.0;
  for (int t = 0; t < 20; t++) {
    sweep(n, a, b);
    sweep(n, b, a);
  }
  double sum = 0.0;
  for (int x = 0; x < n * n; x += 3) sum += a[x];
  printf("%.10e\n", sum);
  free(a); free(b);
  return 0;
}
