/* gemver: vector multiplication and matrix addition,
 * A := A + u1 * v1^T + u2 * v2^T, x := x + beta * A^T * y + z, w := w + alpha * A * x,
 * with A of N x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[N][N],
                       DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                       DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                       DATA_TYPE y[N], DATA_TYPE z[N])
{
  DATA_TYPE fn = (DATA_TYPE) N;
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE) (i * j % N) / N;
  }
}

static void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N],
                          DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                          DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N],
                          DATA_TYPE y[N], DATA_TYPE z[N])
{
  int i, j;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 3.7x over the original: parallel outer loop (2 regions), stride-1 vectorizable innermost loop; tiled 64x256, 64x256; parallel loops c0 (nests 1, 2); not parallel: too little work per region (c3, c0); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  #pragma omp parallel for
  for (int c0 = 0; c0 < N - 255; c0 += 256)
  {
    for (int c1 = 0; c1 < N - 62; c1 += 64)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, N - c1 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= 255; c3++)
        {
          A[c1 + c2][c0 + c3] = (A[c1 + c2][c0 + c3] + (u1[c1 + c2] * v1[c0 + c3])) + (u2[c1 + c2] * v2[c0 + c3]);
          x[c0 + c3] = x[c0 + c3] + ((beta * A[c1 + c2][c0 + c3]) * y[c1 + c2]);
        }
      }
    }
    for (int c2 = 0; c2 < (N + 1) % 64 - 1; c2++)
    {
      #pragma omp simd
      for (int c3 = 0; c3 <= 255; c3++)
      {
        A[-((N + 65) % 64) + N + c2 + 1][c0 + c3] = (A[-((N + 65) % 64) + N + c2 + 1][c0 + c3] + (u1[-((N + 65) % 64) + N + c2 + 1] * v1[c0 + c3])) + (u2[-((N + 65) % 64) + N + c2 + 1] * v2[c0 + c3]);
        x[c0 + c3] = x[c0 + c3] + ((beta * A[-((N + 65) % 64) + N + c2 + 1][c0 + c3]) * y[-((N + 65) % 64) + N + c2 + 1]);
      }
    }
    if ((N + 1) % 64 == 0)
    {
      #pragma omp simd
      for (int c3 = 0; c3 <= 255; c3++)
      {
        x[c0 + c3] = x[c0 + c3] + z[c0 + c3];
      }
    }
    else
    {
      #pragma omp simd
      for (int c3 = 0; c3 <= 255; c3++)
      {
        x[c0 + c3] = x[c0 + c3] + z[c0 + c3];
      }
    }
  }
  if (N >= 1)
  {
    for (int c1 = 0; c1 < N; c1 += 64)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, N - c1 - 1); c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 < N % 256; c3++)
        {
          A[c1 + c2][-(N % 256) + N + c3] = (A[c1 + c2][-(N % 256) + N + c3] + (u1[c1 + c2] * v1[-(N % 256) + N + c3])) + (u2[c1 + c2] * v2[-(N % 256) + N + c3]);
          x[-(N % 256) + N + c3] = x[-(N % 256) + N + c3] + ((beta * A[c1 + c2][-(N % 256) + N + c3]) * y[c1 + c2]);
        }
      }
    }
    #pragma omp simd
    for (int c3 = 0; c3 < N % 256; c3++)
    {
      x[-(N % 256) + N + c3] = x[-(N % 256) + N + c3] + z[-(N % 256) + N + c3];
    }
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
              DATA_TYPE polyopt_accumulator = w[c0 + c2];
              for (int c3 = 0; c3 <= 255; c3++)
              {
                polyopt_accumulator = polyopt_accumulator + ((alpha * A[c0 + c2][c1 + c3]) * x[c1 + c3]);
              }
              w[c0 + c2] = polyopt_accumulator;
            }
          }
        }
        for (int c2 = 0; c2 <= 63; c2++)
        {
          if (0 < N % 256)
          {
            DATA_TYPE polyopt_accumulator = w[c0 + c2];
            for (int c3 = 0; c3 < N % 256; c3++)
            {
              polyopt_accumulator = polyopt_accumulator + ((alpha * A[c0 + c2][-(N % 256) + N + c3]) * x[-(N % 256) + N + c3]);
            }
            w[c0 + c2] = polyopt_accumulator;
          }
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
              DATA_TYPE polyopt_accumulator = w[c0 + c2];
              for (int c3 = 0; c3 <= polyopt_min(255, N - c1 - 1); c3++)
              {
                polyopt_accumulator = polyopt_accumulator + ((alpha * A[c0 + c2][c1 + c3]) * x[c1 + c3]);
              }
              w[c0 + c2] = polyopt_accumulator;
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
                DATA_TYPE polyopt_accumulator = w[c0 + c2];
                for (int c3 = 0; c3 < N; c3++)
                {
                  polyopt_accumulator = polyopt_accumulator + ((alpha * A[c0 + c2][c3]) * x[c3]);
                }
                w[c0 + c2] = polyopt_accumulator;
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
  DATA_TYPE alpha, beta;
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE *u1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v1 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *u2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *v2 = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *w = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *x = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *z = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(&alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_start();
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("w", w, N);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
