/* correlation: the M x M correlation matrix corr of N data points with M attributes
 * each (data is N x M, one point a row): column means and standard deviations
 * (a deviation <= eps is taken as 1), data centred and reduced in place, then
 * corr[i][j] = sum_k data[k][i] * data[k][j], with a unit diagonal. */
#include "harness.h"

#if defined(MINI_DATASET)
# define M 28
# define N 32
#elif defined(SMALL_DATASET)
# define M 80
# define N 100
#elif defined(MEDIUM_DATASET)
# define M 240
# define N 260
#elif defined(LARGE_DATASET)
# define M 1200
# define N 1400
#else
# define M 2600
# define N 3000
#endif

static void init_array(DATA_TYPE *float_n, DATA_TYPE data[N][M])
{
  *float_n = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE) (i * j) / M + i;
}

static void kernel_correlation(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE corr[M][M],
                               DATA_TYPE mean[M], DATA_TYPE stddev[M])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);

#pragma scop
  for (j = 0; j < M; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (j = 0; j < M; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (i = 0; i < N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    /* A near-zero deviation would divide by zero below; take it as 1. */
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }

  /* Centre and reduce the column vectors. */
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }

  /* The M x M correlation matrix. */
  for (i = 0; i < M - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < M; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < N; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[M - 1][M - 1] = SCALAR_VAL(1.0);
#pragma endscop
}

int main(void)
{
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE (*corr)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *stddev = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(&float_n, data);
  harness_start();
  kernel_correlation(float_n, data, corr, mean, stddev);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("corr", &corr[0][0], M * M);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
