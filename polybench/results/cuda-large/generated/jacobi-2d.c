/* jacobi-2d: 2-D Jacobi stencil on an N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, as the five-point average over the interior:
 * B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 90
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 250
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1300
#else
# define TSTEPS 1000
# define N 2800
#endif

static void init_array(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / N;
    }
}

static void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_2d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  free(B);
  return 0;
}
