/* In-place LU decomposition without pivoting of a diagonally dominant matrix. */
#include <stdio.h>

#ifndef N
#define N 2000
#endif

static double A[N][N];

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i == j) ? 2.0 * N : (double)((i * j + 1) % 7) / 7.0;
#pragma scop
  for (int k = 0; k < N; k++) {
    for (int j = k + 1; j < N; j++)
      A[k][j] = A[k][j] / A[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
#pragma endscop
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j];
  printf("%.10e %.10e\n", sum, A[N / 2][N / 3]);
  return 0;
}
