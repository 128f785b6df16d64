/* bicg: the BiCG sub-kernel, s := A^T * r and q := A * p, with A of N x M,
 * r and q of N, p and s of M. */
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

static void init_array(DATA_TYPE A[N][M], DATA_TYPE r[N], DATA_TYPE p[M])
{
  for (int i = 0; i < M; i++)
    p[i] = (DATA_TYPE) (i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % N) / N;
  }
}

static void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N],
                        DATA_TYPE p[M], DATA_TYPE r[N])
{
  int i, j;

#pragma scop
  for (i = 0; i < M; i++)
    s[i] = 0;
  for (i = 0; i < N; i++) {
    q[i] = SCALAR_VAL(0.0);
    for (j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE *s = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *q = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *p = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, r, p);
  harness_start();
  kernel_bicg(A, s, q, p, r);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("s", s, M);
  HARNESS_DUMP_ARRAY("q", q, N);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
