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
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 72.7x over the original: parallel outer loop (3 regions), 45.3x less memory traffic, stride-1 vectorizable innermost loop; tiled 64x256, 64x256, 64x16x64; parallel loops c0 (nests 2, 3, 4); not parallel: too little work per region (c0); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  #pragma omp simd
  for (int c0 = 0; c0 < M; c0++)
  {
    mean[c0] = SCALAR_VAL(0.0);
  }
  #pragma omp parallel for
  for (int c0 = 0; c0 < M; c0 += 256)
  {
    for (int c1 = 0; c1 < N; c1 += 64)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, N - c1 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= polyopt_min(255, M - c0 - 1); c3++)
        {
          mean[c0 + c3] += data[c1 + c2][c0 + c3];
        }
      }
    }
    for (int c2 = 0; c2 <= 63; c2++)
    {
      #pragma omp simd
      for (int c3 = 0; c3 <= polyopt_min(255, M - c0 - 1); c3++)
      {
        if ((N - c2) % 64 == 0)
        {
          mean[c0 + c3] /= float_n;
        }
        if (2 * N >= c2 + 64 * polyopt_floord(N, 64) + 1 && c2 + 64 * polyopt_floord(N, 64) >= N)
        {
          data[-(N % 64) + c2][c0 + c3] -= mean[c0 + c3];
        }
      }
    }
    for (int c1 = 64 * polyopt_floord(N, 64) + 64; c1 < 2 * N; c1 += 64)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, 2 * N - c1 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= polyopt_min(255, M - c0 - 1); c3++)
        {
          data[-N + c1 + c2][c0 + c3] -= mean[c0 + c3];
        }
      }
    }
  }
  #pragma omp parallel for
  for (int c0 = 0; c0 < M; c0 += 64)
  {
    for (int c1 = -((c0 + 256) % 256) + c0; c1 < M; c1 += 256)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, M - c0 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = polyopt_max(0, c0 - c1 + c2); c3 <= polyopt_min(255, M - c1 - 1); c3++)
        {
          cov[c0 + c2][c1 + c3] = SCALAR_VAL(0.0);
        }
      }
    }
  }
  #pragma omp parallel for
  for (int c0 = 0; c0 < M; c0 += 64)
  {
    for (int c1 = c0; c1 < M; c1 += 64)
    {
      for (int c2 = 0; c2 < N - 15; c2 += 16)
      {
        for (int c3 = 0; c3 <= polyopt_min(63, M - c0 - 1); c3++)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            #pragma omp simd
            for (int c5 = polyopt_max(0, c0 - c1 + c3); c5 <= polyopt_min(63, M - c1 - 1); c5++)
            {
              cov[c0 + c3][c1 + c5] += data[c2 + c4][c0 + c3] * data[c2 + c4][c1 + c5];
            }
          }
        }
      }
      for (int c3 = 0; c3 <= polyopt_min(63, M - c0 - 1); c3++)
      {
        if (N >= 0)
        {
          for (int c4 = 0; c4 < N % 16; c4++)
          {
            #pragma omp simd
            for (int c5 = polyopt_max(0, c0 - c1 + c3); c5 <= polyopt_min(63, M - c1 - 1); c5++)
            {
              cov[c0 + c3][c1 + c5] += data[-(N % 16) + N + c4][c0 + c3] * data[-(N % 16) + N + c4][c1 + c5];
            }
          }
        }
        #pragma omp simd
        for (int c5 = polyopt_max(0, c0 - c1 + c3); c5 <= polyopt_min(63, M - c1 - 1); c5++)
        {
          cov[c0 + c3][c1 + c5] /= float_n - SCALAR_VAL(1.0);
          cov[c1 + c5][c0 + c3] = cov[c0 + c3][c1 + c5];
        }
      }
    }
  }
  (void)j; (void)i; (void)k;
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
