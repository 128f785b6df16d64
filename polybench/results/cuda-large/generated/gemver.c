/* gemver: vector multiplication and matrix addition,
 * A := A + u1 * v1^T + u2 * v2^T, x := x + beta * A^T * y + z, w := w + alpha * A * x,
 * with A of N x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                       DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                       DATA_TYPE y[N], DATA_TYPE z[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                          DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                          DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                          DATA_TYPE y[N], DATA_TYPE z[N])
{
  int i, j;

#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < N; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *u1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *u2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *w = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *z = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_start();
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("w", w, N);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
