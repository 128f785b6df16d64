/* covariance: the M x M covariance matrix cov of N data points with M attributes
 * each (data is N x M, one point a row): the column means are subtracted from data
 * in place, then cov[i][j] = sum_k data[k][i] * data[k][j] / (N - 1). */
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
      data[i][j] = ((DATA_TYPE) i * j) / M;
}

static void kernel_covariance(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE cov[M][M],
                              DATA_TYPE mean[M])
{
  int i, j, k;

#pragma scop
  for (j = 0; j < M; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      data[i][j] -= mean[j];

  for (i = 0; i < M; i++)
    for (j = i; j < M; j++) {
      cov[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - SCALAR_VAL(1.0));
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE float_n;
  DATA_TYPE (*data)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE (*cov)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE *mean = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(&float_n, data);
  harness_start();
  kernel_covariance(float_n, data, cov, mean);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("cov", &cov[0][0], M * M);
  free(data);
  free(cov);
  free(mean);
  return 0;
}
