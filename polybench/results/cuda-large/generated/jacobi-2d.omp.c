/* jacobi-2d: 2-D Jacobi stencil on an N x N grid, TSTEPS time steps.  Each step
 * computes B from A, then A from B, as the five-point average over the interior:
 * B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 90
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 250
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1300
#else
# define TSTEPS 1000
# define N 2800
#endif

static void init_array(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE) i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE) i * (j + 3) + 3) / N;
    }
}

static void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
  int t, i, j;

#pragma scop
  /* polyopt: auto: original order tiled; predicted 1.9x over the original: parallel depth-2 loop (1e+03 regions); tiled 64x256, 64x256; parallel loops c2, c1; not parallel: too little work per region (c1); checked against the dependences */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  for (int c0 = 0; c0 < TSTEPS; c0++)
  {
    if (N >= 513)
    {
      #pragma omp parallel for
      for (int c2 = 0; c2 < N - 1; c2 += 256)
      {
        for (int c3 = 1; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
          {
            B[c3][c2 + c4] = SCALAR_VAL(0.2) * ((((A[c3][c2 + c4] + A[c3][(c2 + c4) - 1]) + A[c3][1 + (c2 + c4)]) + A[1 + c3][c2 + c4]) + A[c3 - 1][c2 + c4]);
          }
        }
      }
      #pragma omp parallel for
      for (int c1 = 64; c1 < N - 64; c1 += 64)
      {
        for (int c3 = 0; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = 1; c4 <= 255; c4++)
          {
            B[c1 + c3][c4] = SCALAR_VAL(0.2) * ((((A[c1 + c3][c4] + A[c1 + c3][c4 - 1]) + A[c1 + c3][1 + c4]) + A[1 + (c1 + c3)][c4]) + A[(c1 + c3) - 1][c4]);
          }
        }
        for (int c2 = 256; c2 < N - 256; c2 += 256)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= 255; c4++)
            {
              B[c1 + c3][c2 + c4] = SCALAR_VAL(0.2) * ((((A[c1 + c3][c2 + c4] + A[c1 + c3][(c2 + c4) - 1]) + A[c1 + c3][1 + (c2 + c4)]) + A[1 + (c1 + c3)][c2 + c4]) + A[(c1 + c3) - 1][c2 + c4]);
            }
          }
        }
        for (int c3 = 0; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = 0; c4 < (N - 1) % 256; c4++)
          {
            B[c1 + c3][-((N - 1) % 256) + N + c4 - 1] = SCALAR_VAL(0.2) * ((((A[c1 + c3][-((N - 1) % 256) + N + c4 - 1] + A[c1 + c3][(-((N - 1) % 256) + N + c4 - 1) - 1]) + A[c1 + c3][1 + (-((N - 1) % 256) + N + c4 - 1)]) + A[1 + (c1 + c3)][-((N - 1) % 256) + N + c4 - 1]) + A[(c1 + c3) - 1][-((N - 1) % 256) + N + c4 - 1]);
          }
        }
      }
      #pragma omp parallel for
      for (int c2 = 0; c2 < N - 1; c2 += 256)
      {
        for (int c3 = 0; c3 < (N - 1) % 64; c3++)
        {
          #pragma omp simd
          for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
          {
            B[-((N - 1) % 64) + N + c3 - 1][c2 + c4] = SCALAR_VAL(0.2) * ((((A[-((N - 1) % 64) + N + c3 - 1][c2 + c4] + A[-((N - 1) % 64) + N + c3 - 1][(c2 + c4) - 1]) + A[-((N - 1) % 64) + N + c3 - 1][1 + (c2 + c4)]) + A[1 + (-((N - 1) % 64) + N + c3 - 1)][c2 + c4]) + A[(-((N - 1) % 64) + N + c3 - 1) - 1][c2 + c4]);
          }
        }
      }
      #pragma omp parallel for
      for (int c2 = 0; c2 < N - 1; c2 += 256)
      {
        for (int c3 = 1; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
          {
            A[c3][c2 + c4] = SCALAR_VAL(0.2) * ((((B[c3][c2 + c4] + B[c3][(c2 + c4) - 1]) + B[c3][1 + (c2 + c4)]) + B[1 + c3][c2 + c4]) + B[c3 - 1][c2 + c4]);
          }
        }
      }
      #pragma omp parallel for
      for (int c1 = 64; c1 < N - 64; c1 += 64)
      {
        for (int c3 = 0; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = 1; c4 <= 255; c4++)
          {
            A[c1 + c3][c4] = SCALAR_VAL(0.2) * ((((B[c1 + c3][c4] + B[c1 + c3][c4 - 1]) + B[c1 + c3][1 + c4]) + B[1 + (c1 + c3)][c4]) + B[(c1 + c3) - 1][c4]);
          }
        }
        for (int c2 = 256; c2 < N - 256; c2 += 256)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= 255; c4++)
            {
              A[c1 + c3][c2 + c4] = SCALAR_VAL(0.2) * ((((B[c1 + c3][c2 + c4] + B[c1 + c3][(c2 + c4) - 1]) + B[c1 + c3][1 + (c2 + c4)]) + B[1 + (c1 + c3)][c2 + c4]) + B[(c1 + c3) - 1][c2 + c4]);
            }
          }
        }
        for (int c3 = 0; c3 <= 63; c3++)
        {
          #pragma omp simd
          for (int c4 = 0; c4 < (N - 1) % 256; c4++)
          {
            A[c1 + c3][-((N - 1) % 256) + N + c4 - 1] = SCALAR_VAL(0.2) * ((((B[c1 + c3][-((N - 1) % 256) + N + c4 - 1] + B[c1 + c3][(-((N - 1) % 256) + N + c4 - 1) - 1]) + B[c1 + c3][1 + (-((N - 1) % 256) + N + c4 - 1)]) + B[1 + (c1 + c3)][-((N - 1) % 256) + N + c4 - 1]) + B[(c1 + c3) - 1][-((N - 1) % 256) + N + c4 - 1]);
          }
        }
      }
      #pragma omp parallel for
      for (int c2 = 0; c2 < N - 1; c2 += 256)
      {
        for (int c3 = 0; c3 < (N - 1) % 64; c3++)
        {
          #pragma omp simd
          for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
          {
            A[-((N - 1) % 64) + N + c3 - 1][c2 + c4] = SCALAR_VAL(0.2) * ((((B[-((N - 1) % 64) + N + c3 - 1][c2 + c4] + B[-((N - 1) % 64) + N + c3 - 1][(c2 + c4) - 1]) + B[-((N - 1) % 64) + N + c3 - 1][1 + (c2 + c4)]) + B[1 + (-((N - 1) % 64) + N + c3 - 1)][c2 + c4]) + B[(-((N - 1) % 64) + N + c3 - 1) - 1][c2 + c4]);
          }
        }
      }
    }
    else
    {
      for (int c1 = 0; c1 < N - 1; c1 += 64)
      {
        for (int c2 = 0; c2 < N - 1; c2 += 256)
        {
          for (int c3 = polyopt_max(0, -c1 + 1); c3 <= polyopt_min(63, N - c1 - 2); c3++)
          {
            #pragma omp simd
            for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
            {
              B[c1 + c3][c2 + c4] = SCALAR_VAL(0.2) * ((((A[c1 + c3][c2 + c4] + A[c1 + c3][(c2 + c4) - 1]) + A[c1 + c3][1 + (c2 + c4)]) + A[1 + (c1 + c3)][c2 + c4]) + A[(c1 + c3) - 1][c2 + c4]);
            }
          }
        }
      }
      for (int c1 = 0; c1 < N - 1; c1 += 64)
      {
        for (int c2 = 0; c2 < N - 1; c2 += 256)
        {
          for (int c3 = polyopt_max(0, -c1 + 1); c3 <= polyopt_min(63, N - c1 - 2); c3++)
          {
            #pragma omp simd
            for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, N - c2 - 2); c4++)
            {
              A[c1 + c3][c2 + c4] = SCALAR_VAL(0.2) * ((((B[c1 + c3][c2 + c4] + B[c1 + c3][(c2 + c4) - 1]) + B[c1 + c3][1 + (c2 + c4)]) + B[1 + (c1 + c3)][c2 + c4]) + B[(c1 + c3) - 1][c2 + c4]);
            }
          }
        }
      }
    }
  }
  (void)t; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_2d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  free(B);
  return 0;
}
