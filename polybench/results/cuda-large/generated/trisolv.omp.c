/* trisolv: solve the lower triangular system L * x = b by forward substitution,
 * with L of N x N (only its lower triangle, diagonal included, is read). */
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

static void init_array(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  for (int i = 0; i < N; i++) {
    x[i] = -999;
    b[i] = i;
    for (int j = 0; j <= i; j++)
      L[i][j] = (DATA_TYPE) (i + N - j + 1) * 2 / N;
    /* The strict upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < N; j++)
      L[i][j] = 0;
  }
}

static void kernel_trisolv(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N])
{
  int i, j;

#pragma scop
  for (i = 0; i < N; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*L)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *b = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(L, x, b);
  harness_start();
  kernel_trisolv(L, x, b);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x", x, N);
  free(L);
  free(x);
  free(b);
  return 0;
}
