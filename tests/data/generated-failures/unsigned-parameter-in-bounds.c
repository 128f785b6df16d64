/* polyopt:
   An unsigned bound parameter (un): the generated bounds compute -un + 5,
   which C evaluates in unsigned arithmetic, so the loops run wrongly. */
#include <stdio.h>
#define N 16
static long A[2 * N + 8][2 * N + 8], C[N][N], V[N], W[N];

int main(void)
{
  int i, j;
  int n = N - 2;
  unsigned un = N;
  for (i = 0; i < 2 * N + 8; i++)
    for (j = 0; j < 2 * N + 8; j++)
      A[i][j] = (i * 7 + j * 3 + 1) % 13;
  for (i = 0; i < N; i++) {
    V[i] = i % 11;
    W[i] = (i * 3 + 2) % 7;
  }
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 2; j <= un - 1; j++) {
      A[i][i + 3] = (A[i][i + 3] + W[j]) % 1009;
      C[i][i] = (C[i][i] + V[j] + A[j][j + i + 1]) % 1009;
    }
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sum = (sum * 7 + A[i][j] + C[i][j]) % 1000003;
  printf("%ld\n", sum);
  return 0;
}
