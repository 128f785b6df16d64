/* heat-3d: 3-D heat equation on an N x N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, over the interior points:
 * B[i][j][k] = 0.125 * (second differences of A along i, j and k) + A[i][j][k]. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 10
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 20
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 40
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 120
#else
# define TSTEPS 1000
# define N 200
#endif

static void init_array(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) (i + j + (N - k)) * 10 / (N);
}

static void kernel_heat_3d(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

#pragma scop
  for (t = 1; t <= TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k])
                       + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k])
                       + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1])
                       + A[i][j][k];
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        for (k = 1; k < N - 1; k++)
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i - 1][j][k])
                       + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j - 1][k])
                       + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k - 1])
                       + B[i][j][k];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE (*B)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));

  init_array(A, B);
  harness_start();
  kernel_heat_3d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], N * N * N);
  free(A);
  free(B);
  return 0;
}
