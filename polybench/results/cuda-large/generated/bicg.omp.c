/* bicg: the BiCG sub-kernel, s := A^T * r and q := A * p, with A of N x M,
 * r and q of N, p and s of M. */
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

static void init_array(DATA_TYPE A[N][M], DATA_TYPE r[N], DATA_TYPE p[M])
{
  for (int i = 0; i < M; i++)
    p[i] = (DATA_TYPE) (i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE) (i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % N) / N;
  }
}

static void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N],
                        DATA_TYPE p[M], DATA_TYPE r[N])
{
  int i, j;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 1.3x over the original: parallel outer loop (2 regions); tiled 64x256, 64x256; parallel loops c0 (nests 1, 2, 3, 4); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (N >= 64)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < M - 255; c0 += 256)
    {
      for (int c1 = 0; c1 < N - 63; c1 += 64)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          #pragma omp simd
          for (int c3 = 0; c3 <= 255; c3++)
          {
            if (c1 == 0 && c2 == 0)
            {
              s[c0 + c3] = 0;
            }
            s[c0 + c3] = s[c0 + c3] + (r[c1 + c2] * A[c1 + c2][c0 + c3]);
          }
        }
      }
      for (int c2 = 0; c2 < N % 64; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= 255; c3++)
        {
          s[c0 + c3] = s[c0 + c3] + (r[-(N % 64) + N + c2] * A[-(N % 64) + N + c2][c0 + c3]);
        }
      }
    }
  }
  if ((M >= 1 && N <= 63) || (N >= 64 && M >= 256 * polyopt_floord(M, 256) + 1))
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < M; c0 += 256)
    {
      for (int c1 = 0; c1 <= (N <= 63 ? 0 : N - 1); c1 += 64)
      {
        if (N >= 64 && c0 + 255 >= M)
        {
          for (int c2 = 0; c2 <= polyopt_min(63, N - c1 - 1); c2++)
          {
            #pragma omp simd
            for (int c3 = 0; c3 < M - c0; c3++)
            {
              if (c1 == 0 && c2 == 0)
              {
                s[c0 + c3] = 0;
              }
              s[c0 + c3] = s[c0 + c3] + (r[c1 + c2] * A[c1 + c2][c0 + c3]);
            }
          }
        }
        else
        {
          if (N <= 0 && c1 == 0)
          {
            #pragma omp simd
            for (int c3 = 0; c3 <= polyopt_min(255, M - c0 - 1); c3++)
            {
              s[c0 + c3] = 0;
            }
          }
          if (N <= 63 && c1 == 0)
          {
            for (int c2 = 0; c2 < N; c2++)
            {
              #pragma omp simd
              for (int c3 = 0; c3 <= polyopt_min(255, M - c0 - 1); c3++)
              {
                if (c2 == 0)
                {
                  s[c0 + c3] = 0;
                }
                s[c0 + c3] = s[c0 + c3] + (r[c2] * A[c2][c0 + c3]);
              }
            }
          }
        }
      }
    }
  }
  if (M >= 256)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < M - 255; c1 += 256)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          if (c1 == 0)
          {
            q[c0 + c2] = SCALAR_VAL(0.0);
          }
          {
            DATA_TYPE polyopt_accumulator = q[c0 + c2];
            for (int c3 = 0; c3 <= 255; c3++)
            {
              polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * p[c1 + c3]);
            }
            q[c0 + c2] = polyopt_accumulator;
          }
        }
      }
      for (int c2 = 0; c2 <= 63; c2++)
      {
        if (0 < M % 256)
        {
          DATA_TYPE polyopt_accumulator = q[c0 + c2];
          for (int c3 = 0; c3 < M % 256; c3++)
          {
            polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][-(M % 256) + M + c3] * p[-(M % 256) + M + c3]);
          }
          q[c0 + c2] = polyopt_accumulator;
        }
      }
    }
  }
  if ((M <= 255 && N >= 1) || (M >= 256 && N >= 64 * polyopt_floord(N, 64) + 1))
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N; c0 += 64)
    {
      for (int c1 = 0; c1 <= (M <= 255 ? 0 : M - 1); c1 += 256)
      {
        if (M >= 256 && c0 + 63 >= N && M >= c1 + 1)
        {
          for (int c2 = 0; c2 < N - c0; c2++)
          {
            if (c1 == 0)
            {
              q[c0 + c2] = SCALAR_VAL(0.0);
            }
            if (0 <= polyopt_min(255, M - c1 - 1))
            {
              DATA_TYPE polyopt_accumulator = q[c0 + c2];
              for (int c3 = 0; c3 <= polyopt_min(255, M - c1 - 1); c3++)
              {
                polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c1 + c3] * p[c1 + c3]);
              }
              q[c0 + c2] = polyopt_accumulator;
            }
          }
        }
        else
        {
          if (M <= 255 && c1 == 0)
          {
            for (int c2 = 0; c2 <= polyopt_min(63, N - c0 - 1); c2++)
            {
              q[c0 + c2] = SCALAR_VAL(0.0);
              if (0 < M)
              {
                DATA_TYPE polyopt_accumulator = q[c0 + c2];
                for (int c3 = 0; c3 < M; c3++)
                {
                  polyopt_accumulator = polyopt_accumulator + (A[c0 + c2][c3] * p[c3]);
                }
                q[c0 + c2] = polyopt_accumulator;
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
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[N][M]));
  DATA_TYPE *s = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *q = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *p = harness_alloc(sizeof(DATA_TYPE[M]));
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, r, p);
  harness_start();
  kernel_bicg(A, s, q, p, r);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("s", s, M);
  HARNESS_DUMP_ARRAY("q", q, N);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
