/* gramschmidt: QR decomposition A = Q * R of an M x N matrix by the modified
 * Gram-Schmidt process; Q is M x N with orthonormal columns, R is N x N upper
 * triangular, and A is overwritten with the residuals. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 20
# define N 30
#elif defined(SMALL_DATASET)
# define M 60
# define N 80
#elif defined(MEDIUM_DATASET)
# define M 200
# define N 240
#elif defined(LARGE_DATASET)
# define M 1000
# define N 1200
#else
# define M 2000
# define N 2600
#endif

static void init_array(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((DATA_TYPE) ((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  int i, j, k;
  DATA_TYPE nrm;

#pragma scop
  for (k = 0; k < N; k++) {
    nrm = SCALAR_VAL(0.0);
    for (i = 0; i < M; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = SQRT_FUN(nrm);
    for (i = 0; i < M; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < N; j++) {
      R[k][j] = SCALAR_VAL(0.0);
      for (i = 0; i < M; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*R)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*Q)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(A, R, Q);
  harness_start();
  kernel_gramschmidt(A, R, Q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("R", &R[0][0], N * N);
  HARNESS_DUMP_ARRAY("Q", &Q[0][0], M * N);
  free(A);
  free(R);
  free(Q);
  return 0;
}
