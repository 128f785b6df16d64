/* trmm: triangular matrix multiply, B := alpha * A^T * B, with A a unit lower
 * triangular M x M matrix (only its strict lower triangle is read) and B of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % M) / M;
    A[i][i] = 1.0;
    /* The upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < M; j++)
      A[i][j] = 0.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE) ((N + (i - j)) % N) / N;
  }
}

static void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      for (k = i + 1; k < M; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, A, B);
  harness_start();
  kernel_trmm(alpha, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("B", &B[0][0], M * N);
  free(A);
  free(B);
  return 0;
}
