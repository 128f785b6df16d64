/* seidel-2d: 2-D Gauss-Seidel stencil on an N x N grid, TSTEPS time steps, in place:
 * each interior A[i][j] becomes the average of its 3 x 3 neighbourhood, using the
 * values already updated in this sweep (rows above, columns to the left). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 40
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 120
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 400
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 2000
#else
# define TSTEPS 1000
# define N 4000
#endif

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
}

static void kernel_seidel_2d(DATA_TYPE A[N][N])
{
  int t, i, j;

#pragma scop
  for (t = 0; t <= TSTEPS - 1; t++)
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_seidel_2d(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
