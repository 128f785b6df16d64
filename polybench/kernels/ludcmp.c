/* ludcmp: solve A * x = b through an LU decomposition A = L * U without pivoting,
 * computed in place in A, followed by forward substitution L * y = b and back
 * substitution U * x = y. */
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

static void init_array(DATA_TYPE A[N][N], DATA_TYPE b[N], DATA_TYPE x[N], DATA_TYPE y[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;

  for (int i = 0; i < N; i++) {
    x[i] = 0;
    y[i] = 0;
    b[i] = (i + 1) / fn / 2.0 + 4;
  }

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

static void kernel_ludcmp(DATA_TYPE A[N][N], DATA_TYPE b[N], DATA_TYPE x[N], DATA_TYPE y[N])
{
  int i, j, k;
  DATA_TYPE w;

#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < N; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }

  for (i = 0; i < N; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }

  for (i = N - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < N; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *b = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, b, x, y);
  harness_start();
  kernel_ludcmp(A, b, x, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x", x, N);
  free(A);
  free(b);
  free(x);
  free(y);
  return 0;
}
