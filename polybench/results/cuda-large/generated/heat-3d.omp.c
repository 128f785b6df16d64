/* heat-3d: 3-D heat equation on an N x N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, over the interior points:
 * B[i][j][k] = 0.125 * (second differences of A along i, j and k) + A[i][j][k]. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 10
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 20
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 40
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 120
#else
# define TSTEPS 1000
# define N 200
#endif

static void init_array(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) (i + j + (N - k)) * 10 / (N);
}

static void kernel_heat_3d(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

#pragma scop
  /* polyopt: auto: original order tiled; predicted 1.8x over the original: parallel depth-2 loop (1e+03 regions); tiled 16x16x64, 16x16x64; parallel loops c1; not parallel: too little work per region (c2, c1); checked against the dependences */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  for (int c0 = 1; c0 <= TSTEPS; c0++)
  {
    if (N >= 129)
    {
      for (int c2 = 0; c2 < N - 1; c2 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 1; c4 <= 15; c4++)
          {
            for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                B[c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[c4 + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * A[c4][c2 + c5][c3 + c6])) + A[c4 - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c4][c2 + c5][c3 + c6])) + A[c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[c4][c2 + c5][c3 + c6])) + A[c4][c2 + c5][(c3 + c6) - 1]))) + A[c4][c2 + c5][c3 + c6];
              }
            }
          }
        }
      }
      for (int c1 = 16; c1 < N - 16; c1 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 1; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                B[c1 + c4][c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][c5][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c5][c3 + c6])) + A[(c1 + c4) - 1][c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c5 + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c5][c3 + c6])) + A[c1 + c4][c5 - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c5][c3 + c6])) + A[c1 + c4][c5][(c3 + c6) - 1]))) + A[c1 + c4][c5][c3 + c6];
              }
            }
          }
        }
        for (int c2 = 16; c2 < N - 16; c2 += 16)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = 1; c6 <= 63; c6++)
              {
                B[c1 + c4][c2 + c5][c6] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][c2 + c5][c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c6])) + A[(c1 + c4) - 1][c2 + c5][c6])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][(c2 + c5) + 1][c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c6])) + A[c1 + c4][(c2 + c5) - 1][c6]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c2 + c5][c6 + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c6])) + A[c1 + c4][c2 + c5][c6 - 1]))) + A[c1 + c4][c2 + c5][c6];
              }
            }
          }
          for (int c3 = 64; c3 < N - 64; c3 += 64)
          {
            for (int c4 = 0; c4 <= 15; c4++)
            {
              for (int c5 = 0; c5 <= 15; c5++)
              {
                #pragma omp simd
                for (int c6 = 0; c6 <= 63; c6++)
                {
                  B[c1 + c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[(c1 + c4) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[c1 + c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[c1 + c4][c2 + c5][(c3 + c6) - 1]))) + A[c1 + c4][c2 + c5][c3 + c6];
                }
              }
            }
          }
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = 0; c6 < (N - 1) % 64; c6++)
              {
                B[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][c2 + c5][-((N - 1) % 64) + N + c6 - 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + A[(c1 + c4) - 1][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][(c2 + c5) + 1][-((N - 1) % 64) + N + c6 - 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + A[c1 + c4][(c2 + c5) - 1][-((N - 1) % 64) + N + c6 - 1]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c2 + c5][(-((N - 1) % 64) + N + c6 - 1) + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + A[c1 + c4][c2 + c5][(-((N - 1) % 64) + N + c6 - 1) - 1]))) + A[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1];
              }
            }
          }
        }
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 < (N - 1) % 16; c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][-((N - 1) % 16) + N + c5 - 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + A[(c1 + c4) - 1][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][(-((N - 1) % 16) + N + c5 - 1) + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + A[c1 + c4][(-((N - 1) % 16) + N + c5 - 1) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][(c3 + c6) - 1]))) + A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6];
              }
            }
          }
        }
      }
      for (int c2 = 0; c2 < N - 1; c2 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 < (N - 1) % 16; c4++)
          {
            for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[(-((N - 1) % 16) + N + c4 - 1) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + A[(-((N - 1) % 16) + N + c4 - 1) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[-((N - 1) % 16) + N + c4 - 1][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + A[-((N - 1) % 16) + N + c4 - 1][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][(c3 + c6) - 1]))) + A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6];
              }
            }
          }
        }
      }
      for (int c2 = 0; c2 < N - 1; c2 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 1; c4 <= 15; c4++)
          {
            for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                A[c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[c4 + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * B[c4][c2 + c5][c3 + c6])) + B[c4 - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c4][c2 + c5][c3 + c6])) + B[c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[c4][c2 + c5][c3 + c6])) + B[c4][c2 + c5][(c3 + c6) - 1]))) + B[c4][c2 + c5][c3 + c6];
              }
            }
          }
        }
      }
      for (int c1 = 16; c1 < N - 16; c1 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 1; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                A[c1 + c4][c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][c5][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c5][c3 + c6])) + B[(c1 + c4) - 1][c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c5 + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c5][c3 + c6])) + B[c1 + c4][c5 - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c5][c3 + c6])) + B[c1 + c4][c5][(c3 + c6) - 1]))) + B[c1 + c4][c5][c3 + c6];
              }
            }
          }
        }
        for (int c2 = 16; c2 < N - 16; c2 += 16)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = 1; c6 <= 63; c6++)
              {
                A[c1 + c4][c2 + c5][c6] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][c2 + c5][c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c6])) + B[(c1 + c4) - 1][c2 + c5][c6])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][(c2 + c5) + 1][c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c6])) + B[c1 + c4][(c2 + c5) - 1][c6]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c2 + c5][c6 + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c6])) + B[c1 + c4][c2 + c5][c6 - 1]))) + B[c1 + c4][c2 + c5][c6];
              }
            }
          }
          for (int c3 = 64; c3 < N - 64; c3 += 64)
          {
            for (int c4 = 0; c4 <= 15; c4++)
            {
              for (int c5 = 0; c5 <= 15; c5++)
              {
                #pragma omp simd
                for (int c6 = 0; c6 <= 63; c6++)
                {
                  A[c1 + c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[(c1 + c4) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[c1 + c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[c1 + c4][c2 + c5][(c3 + c6) - 1]))) + B[c1 + c4][c2 + c5][c3 + c6];
                }
              }
            }
          }
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 <= 15; c5++)
            {
              #pragma omp simd
              for (int c6 = 0; c6 < (N - 1) % 64; c6++)
              {
                A[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][c2 + c5][-((N - 1) % 64) + N + c6 - 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + B[(c1 + c4) - 1][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][(c2 + c5) + 1][-((N - 1) % 64) + N + c6 - 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + B[c1 + c4][(c2 + c5) - 1][-((N - 1) % 64) + N + c6 - 1]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c2 + c5][(-((N - 1) % 64) + N + c6 - 1) + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1])) + B[c1 + c4][c2 + c5][(-((N - 1) % 64) + N + c6 - 1) - 1]))) + B[c1 + c4][c2 + c5][-((N - 1) % 64) + N + c6 - 1];
              }
            }
          }
        }
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 <= 15; c4++)
          {
            for (int c5 = 0; c5 < (N - 1) % 16; c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                A[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][-((N - 1) % 16) + N + c5 - 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + B[(c1 + c4) - 1][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][(-((N - 1) % 16) + N + c5 - 1) + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + B[c1 + c4][(-((N - 1) % 16) + N + c5 - 1) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6])) + B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][(c3 + c6) - 1]))) + B[c1 + c4][-((N - 1) % 16) + N + c5 - 1][c3 + c6];
              }
            }
          }
        }
      }
      for (int c2 = 0; c2 < N - 1; c2 += 16)
      {
        for (int c3 = 0; c3 < N - 1; c3 += 64)
        {
          for (int c4 = 0; c4 < (N - 1) % 16; c4++)
          {
            for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
            {
              #pragma omp simd
              for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
              {
                A[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[(-((N - 1) % 16) + N + c4 - 1) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + B[(-((N - 1) % 16) + N + c4 - 1) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[-((N - 1) % 16) + N + c4 - 1][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + B[-((N - 1) % 16) + N + c4 - 1][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6])) + B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][(c3 + c6) - 1]))) + B[-((N - 1) % 16) + N + c4 - 1][c2 + c5][c3 + c6];
              }
            }
          }
        }
      }
    }
    else
    {
      #pragma omp parallel for
      for (int c1 = 0; c1 < N - 1; c1 += 16)
      {
        for (int c2 = 0; c2 < N - 1; c2 += 16)
        {
          for (int c3 = 0; c3 < N - 1; c3 += 64)
          {
            for (int c4 = polyopt_max(0, -c1 + 1); c4 <= polyopt_min(15, N - c1 - 2); c4++)
            {
              for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
              {
                #pragma omp simd
                for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
                {
                  B[c1 + c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((A[(c1 + c4) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[(c1 + c4) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((A[c1 + c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[c1 + c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((A[c1 + c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * A[c1 + c4][c2 + c5][c3 + c6])) + A[c1 + c4][c2 + c5][(c3 + c6) - 1]))) + A[c1 + c4][c2 + c5][c3 + c6];
                }
              }
            }
          }
        }
      }
      #pragma omp parallel for
      for (int c1 = 0; c1 < N - 1; c1 += 16)
      {
        for (int c2 = 0; c2 < N - 1; c2 += 16)
        {
          for (int c3 = 0; c3 < N - 1; c3 += 64)
          {
            for (int c4 = polyopt_max(0, -c1 + 1); c4 <= polyopt_min(15, N - c1 - 2); c4++)
            {
              for (int c5 = polyopt_max(0, -c2 + 1); c5 <= polyopt_min(15, N - c2 - 2); c5++)
              {
                #pragma omp simd
                for (int c6 = polyopt_max(0, -c3 + 1); c6 <= polyopt_min(63, N - c3 - 2); c6++)
                {
                  A[c1 + c4][c2 + c5][c3 + c6] = (((SCALAR_VAL(0.125) * ((B[(c1 + c4) + 1][c2 + c5][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[(c1 + c4) - 1][c2 + c5][c3 + c6])) + (SCALAR_VAL(0.125) * ((B[c1 + c4][(c2 + c5) + 1][c3 + c6] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[c1 + c4][(c2 + c5) - 1][c3 + c6]))) + (SCALAR_VAL(0.125) * ((B[c1 + c4][c2 + c5][(c3 + c6) + 1] - (SCALAR_VAL(2.0) * B[c1 + c4][c2 + c5][c3 + c6])) + B[c1 + c4][c2 + c5][(c3 + c6) - 1]))) + B[c1 + c4][c2 + c5][c3 + c6];
                }
              }
            }
          }
        }
      }
    }
  }
  (void)t; (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));
  DATA_TYPE (*B)[N][N] = harness_alloc(sizeof(DATA_TYPE[N][N][N]));

  init_array(A, B);
  harness_start();
  kernel_heat_3d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], N * N * N);
  free(A);
  free(B);
  return 0;
}
