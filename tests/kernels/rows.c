/* A band of rows in the middle of larger arrays, and no row at all (n <= 10): the
   CUDA target copies the rows accessed only, and nothing where there are none. */
#include <stdio.h>
#define N 120
#define M 50
static double A[N][M], B[N][M];
void kernel(int n)
{
#pragma scop
  for (int i = 10; i < n; i++)
    for (int j = 0; j < M; j++)
      B[i][j] = 0.5 * (A[i - 1][j] + A[i + 1][j]) + B[i][j];
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double) ((i * 7 + j) % 13);
      B[i][j] = (double) ((i + 3 * j) % 11);
    }
  kernel(70);
  kernel(5);            /* no row at all */
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += B[i][j] * (i + 1) + A[i][j];
  printf("%.17g\n", sum);
  return 0;
}
