/* cholesky: Cholesky decomposition A = L * L^T of a symmetric positive definite
 * N x N matrix, computed in place: L overwrites the lower triangle of A (the strict
 * upper triangle is left as it was). */
#include "harness.h"

#if defined(MINI_DATASET)
# define N 40
#elif defined(SMALL_DATASET)
# define N 120
#elif defined(MEDIUM_DATASET)
# define N 400
#elif defined(LARGE_DATASET)
# define N 2000
#else
# define N 4000
#endif

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) (-j % N) / N + 1;
    for (int j = i + 1; j < N; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }

  /* Make the matrix positive semi-definite: A := A * A^T, through a temporary B,
   * with PolyBench's t-r-s loop order and statement B[r][s] += A[r][t] * A[s][t].
   * A[s][t] is read from an exact transposed copy AT[t][s], so that the inner loop
   * walks memory contiguously (PolyBench's column-wise walk takes minutes at
   * LARGE); the operations, their order, and so the values, are the same. */
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*AT)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++) {
      B[r][s] = 0;
      AT[s][r] = A[r][s];
    }
  for (int t = 0; t < N; t++)
    for (int r = 0; r < N; r++)
      for (int s = 0; s < N; s++)
        B[r][s] += A[r][t] * AT[t][s];
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++)
      A[r][s] = B[r][s];
  free(AT);
  free(B);
}

static void kernel_cholesky(DATA_TYPE A[N][N])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < N; i++) {
    /* j < i */
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    /* i == j */
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(A[i][i]);
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_cholesky(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
