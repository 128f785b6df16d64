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
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 4.3x over the original: parallel outer loop, 50.0x less memory traffic; tiled 64x16x64; parallel loops c1 (nests 1, 2), c0 (nest 2); not parallel: too little work per region (c0); checked against the dependences */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (M >= 64 && N >= 80)
  {
    #pragma omp parallel for
    for (int c1 = 0; c1 <= 63; c1 += 16)
    {
      for (int c2 = 0; c2 < M; c2 += 64)
      {
        for (int c3 = c1; c3 <= 63; c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, -c1 + c3); c4++)
          {
            if (c2 == 0)
            {
              C[c3][c1 + c4] *= beta;
            }
            if (0 <= polyopt_min(63, M - c2 - 1))
            {
              DATA_TYPE polyopt_accumulator = C[c3][c1 + c4];
              for (int c5 = 0; c5 <= polyopt_min(63, M - c2 - 1); c5++)
              {
                polyopt_accumulator += (alpha * A[c3][c2 + c5]) * A[c1 + c4][c2 + c5];
              }
              C[c3][c1 + c4] = polyopt_accumulator;
            }
          }
        }
      }
    }
  }
  if (M >= 64)
  {
    #pragma omp parallel for
    for (int c0 = 64; c0 < N - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < c0 - 15; c1 += 16)
      {
        for (int c2 = 0; c2 < M - 63; c2 += 64)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 <= 15; c4++)
            {
              if (c2 == 0)
              {
                C[c0 + c3][c1 + c4] *= beta;
              }
              {
                DATA_TYPE polyopt_accumulator = C[c0 + c3][c1 + c4];
                for (int c5 = 0; c5 <= 63; c5++)
                {
                  polyopt_accumulator += (alpha * A[c0 + c3][c2 + c5]) * A[c1 + c4][c2 + c5];
                }
                C[c0 + c3][c1 + c4] = polyopt_accumulator;
              }
            }
          }
        }
        for (int c3 = 0; c3 <= 63; c3++)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            if (0 < M % 64)
            {
              DATA_TYPE polyopt_accumulator = C[c0 + c3][c1 + c4];
              for (int c5 = 0; c5 < M % 64; c5++)
              {
                polyopt_accumulator += (alpha * A[c0 + c3][-(M % 64) + M + c5]) * A[c1 + c4][-(M % 64) + M + c5];
              }
              C[c0 + c3][c1 + c4] = polyopt_accumulator;
            }
          }
        }
      }
      for (int c1 = c0; c1 <= c0 + 63; c1 += 16)
      {
        for (int c2 = 0; c2 < M; c2 += 64)
        {
          for (int c3 = -c0 + c1; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 <= polyopt_min(15, c0 - c1 + c3); c4++)
            {
              if (c2 == 0)
              {
                C[c0 + c3][c1 + c4] *= beta;
              }
              if (0 <= polyopt_min(63, M - c2 - 1))
              {
                DATA_TYPE polyopt_accumulator = C[c0 + c3][c1 + c4];
                for (int c5 = 0; c5 <= polyopt_min(63, M - c2 - 1); c5++)
                {
                  polyopt_accumulator += (alpha * A[c0 + c3][c2 + c5]) * A[c1 + c4][c2 + c5];
                }
                C[c0 + c3][c1 + c4] = polyopt_accumulator;
              }
            }
          }
        }
      }
    }
    if (N >= 80)
    {
      #pragma omp parallel for
      for (int c1 = 0; c1 < N; c1 += 16)
      {
        for (int c2 = 0; c2 < M; c2 += 64)
        {
          for (int c3 = polyopt_max(0, N % 64 - N + c1); c3 < N % 64; c3++)
          {
            for (int c4 = 0; c4 <= polyopt_min(15, -(N % 64) + N - c1 + c3); c4++)
            {
              if (c2 == 0)
              {
                C[-(N % 64) + N + c3][c1 + c4] *= beta;
              }
              if (0 <= polyopt_min(63, M - c2 - 1))
              {
                DATA_TYPE polyopt_accumulator = C[-(N % 64) + N + c3][c1 + c4];
                for (int c5 = 0; c5 <= polyopt_min(63, M - c2 - 1); c5++)
                {
                  polyopt_accumulator += (alpha * A[-(N % 64) + N + c3][c2 + c5]) * A[c1 + c4][c2 + c5];
                }
                C[-(N % 64) + N + c3][c1 + c4] = polyopt_accumulator;
              }
            }
          }
        }
      }
    }
  }
  if (M <= 63 || N <= 79)
  {
    for (int c0 = 0; c0 < N; c0 += 64)
    {
      for (int c1 = 0; c1 <= polyopt_min(N - 1, c0 + 63); c1 += 16)
      {
        for (int c2 = 0; c2 <= (M <= 63 ? 0 : M - 1); c2 += 64)
        {
          if (M <= 63 && c2 == 0)
          {
            for (int c3 = polyopt_max(0, -c0 + c1); c3 <= polyopt_min(63, N - c0 - 1); c3++)
            {
              for (int c4 = 0; c4 <= polyopt_min(15, c0 - c1 + c3); c4++)
              {
                C[c0 + c3][c1 + c4] *= beta;
                if (0 < M)
                {
                  DATA_TYPE polyopt_accumulator = C[c0 + c3][c1 + c4];
                  for (int c5 = 0; c5 < M; c5++)
                  {
                    polyopt_accumulator += (alpha * A[c0 + c3][c5]) * A[c1 + c4][c5];
                  }
                  C[c0 + c3][c1 + c4] = polyopt_accumulator;
                }
              }
            }
          }
          else
          {
            if (M >= 64 && N <= 79 && c0 == 64 && M >= c2 + 1)
            {
              for (int c3 = 0; c3 < N - 64; c3++)
              {
                for (int c4 = 0; c4 <= polyopt_min(15, -c1 + c3 + 64); c4++)
                {
                  if (c2 == 0)
                  {
                    C[c3 + 64][c1 + c4] *= beta;
                  }
                  if (0 <= polyopt_min(63, M - c2 - 1))
                  {
                    DATA_TYPE polyopt_accumulator = C[c3 + 64][c1 + c4];
                    for (int c5 = 0; c5 <= polyopt_min(63, M - c2 - 1); c5++)
                    {
                      polyopt_accumulator += (alpha * A[c3 + 64][c2 + c5]) * A[c1 + c4][c2 + c5];
                    }
                    C[c3 + 64][c1 + c4] = polyopt_accumulator;
                  }
                }
              }
            }
            else
            {
              if (M >= 64 && N <= 79 && c0 == 0 && M >= c2 + 1)
              {
                for (int c3 = c1; c3 <= polyopt_min(63, N - 1); c3++)
                {
                  for (int c4 = 0; c4 <= polyopt_min(15, -c1 + c3); c4++)
                  {
                    if (c2 == 0)
                    {
                      C[c3][c1 + c4] *= beta;
                    }
                    if (0 <= polyopt_min(63, M - c2 - 1))
                    {
                      DATA_TYPE polyopt_accumulator = C[c3][c1 + c4];
                      for (int c5 = 0; c5 <= polyopt_min(63, M - c2 - 1); c5++)
                      {
                        polyopt_accumulator += (alpha * A[c3][c2 + c5]) * A[c1 + c4][c2 + c5];
                      }
                      C[c3][c1 + c4] = polyopt_accumulator;
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  (void)i; (void)j; (void)k;
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
