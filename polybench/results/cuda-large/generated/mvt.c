/* mvt: matrix-vector product and transpose, x1 := x1 + A * y_1 and
 * x2 := x2 + A^T * y_2, with A of N x N. */
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

static void init_array(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE) (i % N) / N;
    x2[i] = (DATA_TYPE) ((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE) ((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE) ((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  int i, j;

#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_2 = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(x1, x2, y_1, y_2, A);
  harness_start();
  kernel_mvt(x1, x2, y_1, y_2, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x1", x1, N);
  HARNESS_DUMP_ARRAY("x2", x2, N);
  free(A);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
  return 0;
}
