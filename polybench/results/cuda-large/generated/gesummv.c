/* gesummv: scalar, vector and matrix multiplication, y := alpha * A * x + beta * B * x,
 * with A and B of N x N; tmp (of N) holds A * x. */
#include "harness.h"

#if defined(MINI_DATASET)
# define N 30
#elif defined(SMALL_DATASET)
# define N 90
#elif defined(MEDIUM_DATASET)
# define N 250
#elif defined(LARGE_DATASET)
# define N 1300
#else
# define N 2800
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE B[N][N], DATA_TYPE x[N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    x[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE) ((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE) ((i * j + 2) % N) / N;
    }
  }
}

static void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                           DATA_TYPE B[N][N], DATA_TYPE tmp[N], DATA_TYPE x[N],
                           DATA_TYPE y[N])
{
  int i, j;

#pragma scop
  for (i = 0; i < N; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    y[i] = SCALAR_VAL(0.0);
    for (j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, B, x);
  harness_start();
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(B);
  free(tmp);
  free(x);
  free(y);
  return 0;
}
