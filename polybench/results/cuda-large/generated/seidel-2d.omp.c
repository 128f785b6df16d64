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
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 2.9x over the original: parallel depth-2 loop (7.99e+03 regions); not tiled; parallel loops c1 */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  for (int c0 = 3; c0 < 3 * N + 4 * TSTEPS - 9; c0++)
  {
    #pragma omp parallel for
    for (int c1 = polyopt_max(1, -N - 2 * TSTEPS + polyopt_floord(N + c0 + 1, 2) + 3); c1 < polyopt_min(N - 1, (c0 + 1) / 2); c1++)
    {
      #pragma omp simd
      for (int c2 = polyopt_max(0, -c1 + polyopt_floord(-N + c0 + 2 * c1 + 1, 4) + 1); c2 <= polyopt_min(TSTEPS - 1, -c1 + (c0 + 2 * c1 - 1) / 4); c2++)
      {
        A[c1][c0 - 2 * c1 - 4 * c2] = ((((((((A[c1 - 1][(c0 - 2 * c1 - 4 * c2) - 1] + A[c1 - 1][c0 - 2 * c1 - 4 * c2]) + A[c1 - 1][(c0 - 2 * c1 - 4 * c2) + 1]) + A[c1][(c0 - 2 * c1 - 4 * c2) - 1]) + A[c1][c0 - 2 * c1 - 4 * c2]) + A[c1][(c0 - 2 * c1 - 4 * c2) + 1]) + A[c1 + 1][(c0 - 2 * c1 - 4 * c2) - 1]) + A[c1 + 1][c0 - 2 * c1 - 4 * c2]) + A[c1 + 1][(c0 - 2 * c1 - 4 * c2) + 1]) / SCALAR_VAL(9.0);
      }
    }
  }
  (void)t; (void)i; (void)j;
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
