/* polyopt:
   Two regions, one in each branch of an #ifdef: the helper macros
   (polyopt_min, ...) are defined only in the first generated region, which
   the preprocessor skips, so the second one uses undefined names. */
#include <stdio.h>
#define N 40
static double A[N][N];

int main(void)
{
  int i, j;
  int n = N - 2;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i * 3 + j) % 7;
#ifdef ALT
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = 2.0 * A[i][j];
#pragma endscop
#else
#pragma scop
  for (i = 1; i < n; i++)
    for (j = 1; j < n; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
#pragma endscop
#endif
  double sum = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum += A[i][j];
  printf("%.6e\n", sum);
  return 0;
}
