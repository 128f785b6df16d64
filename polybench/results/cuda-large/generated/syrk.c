/* syrk: symmetric rank-k update, C := alpha * A * A^T + beta * C, with A of N x M
 * and only the lower triangle of the N x N matrix C (j <= i) computed. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[N][N],
                       DATA_TYPE A[N][M])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 2) % M) / M;
}

static void kernel_syrk(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N],
                        DATA_TYPE A[N][M])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));

  init_array(&alpha, &beta, C, A);
  harness_start();
  kernel_syrk(alpha, beta, C, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], N * N);
  free(C);
  free(A);
  return 0;
}
