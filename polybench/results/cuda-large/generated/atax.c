/* atax: y := A^T * (A * x), with A of M x N, x and y of N; tmp (of M) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 38
# define N 42
#elif defined(SMALL_DATASET)
# define M 116
# define N 124
#elif defined(MEDIUM_DATASET)
# define M 390
# define N 410
#elif defined(LARGE_DATASET)
# define M 1900
# define N 2100
#else
# define M 1800
# define N 2200
#endif

static void init_array(DATA_TYPE A[M][N], DATA_TYPE x[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % N) / (5 * M);
}

static void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N],
                        DATA_TYPE tmp[M])
{
  int i, j;

#pragma scop
  for (i = 0; i < N; i++)
    y[i] = 0;
  for (i = 0; i < M; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(A, x);
  harness_start();
  kernel_atax(A, x, y, tmp);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
