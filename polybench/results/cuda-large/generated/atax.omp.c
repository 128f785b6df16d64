/* atax: y := A^T * (A * x), with A of M x N, x and y of N; tmp (of M) holds A * x. */
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

static void init_array(DATA_TYPE A[M][N], DATA_TYPE x[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  for (int i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % N) / (5 * M);
}

static void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N],
                        DATA_TYPE tmp[M])
{
  int i, j;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 1.5x over the original: parallel outer loop (2 regions); tiled 64x256, 64x256; parallel loops c0 (nests 1, 2, 3, 4); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (N >= 256)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < M - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < N - 255; c1 += 256)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          if (c1 == 0)
          {
            tmp[c0 + c2] = SCALAR_VAL(0.0);
          }
          {
            DATA_TYPE polyopt_accumulator = tmp[c0 + c2];
            for (int c3 = 0; c3 <= 255; c3++)
            {
              polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * x[c1 + c3]);
            }
            tmp[c0 + c2] = polyopt_accumulator;
          }
        }
      }
      for (int c2 = 0; c2 <= 63; c2++)
      {
        if (0 < N % 256)
        {
          DATA_TYPE polyopt_accumulator = tmp[c0 + c2];
          for (int c3 = 0; c3 < N % 256; c3++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][-(N % 256) + N + c3] * x[-(N % 256) + N + c3]);
          }
          tmp[c0 + c2] = polyopt_accumulator;
        }
      }
    }
  }
  if ((M >= 1 && N <= 255) || (N >= 256 && M >= 64 * polyopt_floord(M, 64) + 1))
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < M; c0 += 64)
    {
      for (int c1 = 0; c1 <= (N <= 255 ? 0 : N - 1); c1 += 256)
      {
        if (N >= 256 && c0 + 63 >= M && N >= c1 + 1)
        {
          for (int c2 = 0; c2 < M - c0; c2++)
          {
            if (c1 == 0)
            {
              tmp[c0 + c2] = SCALAR_VAL(0.0);
            }
            if (0 <= polyopt_min(255, N - c1 - 1))
            {
              DATA_TYPE polyopt_accumulator = tmp[c0 + c2];
              for (int c3 = 0; c3 <= polyopt_min(255, N - c1 - 1); c3++)
              {
                polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * x[c1 + c3]);
              }
              tmp[c0 + c2] = polyopt_accumulator;
            }
          }
        }
        else
        {
          if (N <= 255 && c1 == 0)
          {
            for (int c2 = 0; c2 <= polyopt_min(63, M - c0 - 1); c2++)
            {
              tmp[c0 + c2] = SCALAR_VAL(0.0);
              if (0 < N)
              {
                DATA_TYPE polyopt_accumulator = tmp[c0 + c2];
                for (int c3 = 0; c3 < N; c3++)
                {
                  polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c3] * x[c3]);
                }
                tmp[c0 + c2] = polyopt_accumulator;
              }
            }
          }
        }
      }
    }
  }
  if (M >= 64)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N - 255; c0 += 256)
    {
      for (int c1 = 0; c1 < M - 63; c1 += 64)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          #pragma omp simd
          for (int c3 = 0; c3 <= 255; c3++)
          {
            if (c1 == 0 && c2 == 0)
            {
              y[c0 + c3] = 0;
            }
            y[c0 + c3] = y[c0 + c3] + (A[c1 + c2][c0 + c3] * tmp[c1 + c2]);
          }
        }
      }
      for (int c2 = 0; c2 < M % 64; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= 255; c3++)
        {
          y[c0 + c3] = y[c0 + c3] + (A[-(M % 64) + M + c2][c0 + c3] * tmp[-(M % 64) + M + c2]);
        }
      }
    }
  }
  if ((M <= 63 && N >= 1) || (M >= 64 && N >= 256 * polyopt_floord(N, 256) + 1))
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N; c0 += 256)
    {
      for (int c1 = 0; c1 <= (M <= 63 ? 0 : M - 1); c1 += 64)
      {
        if (M >= 64 && c0 + 255 >= N)
        {
          for (int c2 = 0; c2 <= polyopt_min(63, M - c1 - 1); c2++)
          {
            #pragma omp simd
            for (int c3 = 0; c3 < N - c0; c3++)
            {
              if (c1 == 0 && c2 == 0)
              {
                y[c0 + c3] = 0;
              }
              y[c0 + c3] = y[c0 + c3] + (A[c1 + c2][c0 + c3] * tmp[c1 + c2]);
            }
          }
        }
        else
        {
          if (M <= 0 && c1 == 0)
          {
            #pragma omp simd
            for (int c3 = 0; c3 <= polyopt_min(255, N - c0 - 1); c3++)
            {
              y[c0 + c3] = 0;
            }
          }
          if (M <= 63 && c1 == 0)
          {
            for (int c2 = 0; c2 < M; c2++)
            {
              #pragma omp simd
              for (int c3 = 0; c3 <= polyopt_min(255, N - c0 - 1); c3++)
              {
                if (c2 == 0)
                {
                  y[c0 + c3] = 0;
                }
                y[c0 + c3] = y[c0 + c3] + (A[c2][c0 + c3] * tmp[c2]);
              }
            }
          }
        }
      }
    }
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *tmp = harness_alloc(sizeof(DATA_TYPE[M]));

  init_array(A, x);
  harness_start();
  kernel_atax(A, x, y, tmp);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
