/* symm: symmetric matrix multiplication, C := alpha * A * B + beta * C, with A a
 * symmetric M x M matrix stored in its lower triangle, B and C of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[M][N],
                       DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE) ((N + i - j) % 100) / M;
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
    for (int j = i + 1; j < M; j++)
      A[i][j] = -999; /* the upper triangle is never read */
  }
}

static void kernel_symm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[M][N],
                        DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
  DATA_TYPE temp2;

#pragma scop
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_symm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], M * N);
  free(C);
  free(A);
  free(B);
  return 0;
}
