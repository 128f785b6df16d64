/* mvt: matrix-vector product and transpose, x1 := x1 + A * y_1 and
 * x2 := x2 + A^T * y_2, with A of N x N. */
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

static void init_array(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE) (i % N) / N;
    x2[i] = (DATA_TYPE) ((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE) ((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE) ((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N],
                       DATA_TYPE y_2[N], DATA_TYPE A[N][N])
{
  int i, j;

#pragma scop
  /* polyopt: auto: original order tiled; predicted 3.2x over the original: parallel outer loop (2 regions), stride-1 vectorizable innermost loop; tiled 64x256, 64x256; parallel loops c0 (nests 1, 3); not parallel: too little work per region (c0, c3); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (N >= 256)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < N - 255; c1 += 256)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          {
            DATA_TYPE polyopt_accumulator = x1[c0 + c2];
            for (int c3 = 0; c3 <= 255; c3++)
            {
              polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * y_1[c1 + c3]);
            }
            x1[c0 + c2] = polyopt_accumulator;
          }
        }
      }
      for (int c2 = 0; c2 <= 63; c2++)
      {
        if (0 < N % 256)
        {
          DATA_TYPE polyopt_accumulator = x1[c0 + c2];
          for (int c3 = 0; c3 < N % 256; c3++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][-(N % 256) + N + c3] * y_1[-(N % 256) + N + c3]);
          }
          x1[c0 + c2] = polyopt_accumulator;
        }
      }
    }
  }
  if (N <= 255 || N >= 64 * polyopt_floord(N, 64) + 1)
  {
    for (int c0 = 0; c0 < N; c0 += 64)
    {
      for (int c1 = 0; c1 < N; c1 += 256)
      {
        if (N >= 256 && c0 + 63 >= N)
        {
          for (int c2 = 0; c2 < N - c0; c2++)
          {
            if (0 <= polyopt_min(255, N - c1 - 1))
            {
              DATA_TYPE polyopt_accumulator = x1[c0 + c2];
              for (int c3 = 0; c3 <= polyopt_min(255, N - c1 - 1); c3++)
              {
                polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * y_1[c1 + c3]);
              }
              x1[c0 + c2] = polyopt_accumulator;
            }
          }
        }
        else
        {
          if (N <= 255 && c1 == 0)
          {
            for (int c2 = 0; c2 <= polyopt_min(63, N - c0 - 1); c2++)
            {
              if (0 < N)
              {
                DATA_TYPE polyopt_accumulator = x1[c0 + c2];
                for (int c3 = 0; c3 < N; c3++)
                {
                  polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c3] * y_1[c3]);
                }
                x1[c0 + c2] = polyopt_accumulator;
              }
            }
          }
        }
      }
    }
  }
  #pragma omp parallel for
  for (int c0 = 0; c0 < N - 255; c0 += 256)
  {
    for (int c1 = 0; c1 < N - 63; c1 += 64)
    {
      for (int c2 = 0; c2 <= 63; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= 255; c3++)
        {
          x2[c0 + c3] = x2[c0 + c3] + (A[c1 + c2][c0 + c3] * y_2[c1 + c2]);
        }
      }
    }
    for (int c2 = 0; c2 < N % 64; c2++)
    {
      #pragma omp simd
      for (int c3 = 0; c3 <= 255; c3++)
      {
        x2[c0 + c3] = x2[c0 + c3] + (A[-(N % 64) + N + c2][c0 + c3] * y_2[-(N % 64) + N + c2]);
      }
    }
  }
  if (N <= 63 || N >= 256 * polyopt_floord(N, 256) + 1)
  {
    for (int c1 = 0; c1 < N; c1 += 64)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, N - c1 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 < N % 256; c3++)
        {
          x2[(255 * N + 255) % 256 + N + c3 - 255] = x2[(255 * N + 255) % 256 + N + c3 - 255] + (A[c1 + c2][(255 * N + 255) % 256 + N + c3 - 255] * y_2[c1 + c2]);
        }
      }
    }
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *x1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y_2 = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(x1, x2, y_1, y_2, A);
  harness_start();
  kernel_mvt(x1, x2, y_1, y_2, A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("x1", x1, N);
  HARNESS_DUMP_ARRAY("x2", x2, N);
  free(A);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
  return 0;
}
