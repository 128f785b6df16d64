/* gramschmidt: QR decomposition A = Q * R of an M x N matrix by the modified
 * Gram-Schmidt process; Q is M x N with orthonormal columns, R is N x N upper
 * triangular, and A is overwritten with the residuals. */
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

static void init_array(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((DATA_TYPE) ((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0.0;
}

static void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N])
{
  int i, j, k;
  DATA_TYPE nrm;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 7.5x over the original: parallel depth-2 loop (1.2e+03 regions), stride-1 vectorizable innermost loop; tiled 64x256, 64x256; parallel loops c0 (nests 1, 2), c2 (nest 3), c1 (nest 3); not parallel: too little work per region (c1, c4); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  #pragma omp parallel for
  for (int c0 = 0; c0 < N - 319; c0 += 64)
  {
    for (int c2 = 0; c2 <= polyopt_min(63, -((c0 + 63) % 256) + 317); c2++)
    {
      #pragma omp simd
      for (int c3 = (c0 + 63) % 256 + c2 - 62; c3 <= 255; c3++)
      {
        R[c0 + c2][-((c0 + 63) % 256) + c0 + c3 + 63] = SCALAR_VAL(0.0);
      }
    }
    for (int c1 = -((c0 + 63) % 256) + c0 + 319; c1 < N - 255; c1 += 256)
    {
      for (int c2 = 0; c2 <= 63; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 <= 255; c3++)
        {
          R[c0 + c2][c1 + c3] = SCALAR_VAL(0.0);
        }
      }
    }
    for (int c2 = 0; c2 <= 63; c2++)
    {
      #pragma omp simd
      for (int c3 = 0; c3 < N % 256; c3++)
      {
        R[c0 + c2][-((N + 256) % 256) + N + c3] = SCALAR_VAL(0.0);
      }
    }
  }
  #pragma omp parallel for
  for (int c0 = polyopt_max(0, 64 * polyopt_floord(N, 64) - 256); c0 < N - 1; c0 += 64)
  {
    for (int c1 = -((c0 + 257) % 256) + c0 + 1; c1 < N; c1 += 256)
    {
      for (int c2 = 0; c2 <= polyopt_min(63, polyopt_min(N - c0 - 2, -c0 + c1 + 254)); c2++)
      {
        #pragma omp simd
        for (int c3 = polyopt_max(0, c0 - c1 + c2 + 1); c3 <= polyopt_min(255, N - c1 - 1); c3++)
        {
          R[c0 + c2][c1 + c3] = SCALAR_VAL(0.0);
        }
      }
    }
  }
  for (int c0 = 0; c0 < N; c0++)
  {
    nrm = SCALAR_VAL(0.0);
    for (int c1 = 0; c1 < M; c1++)
    {
      nrm += A[c1][c0] * A[c1][c0];
    }
    R[c0][c0] = SQRT_FUN(nrm);
    #pragma omp simd
    for (int c1 = 0; c1 < M; c1++)
    {
      Q[c1][c0] = A[c1][c0] / R[c0][c0];
    }
    if (M >= 32 && N >= c0 + 257 && (c0 + 1) % 256 >= 1)
    {
      for (int c2 = 0; c2 < M; c2 += 64)
      {
        for (int c3 = 0; c3 <= polyopt_min(63, M - c2 - 1); c3++)
        {
          #pragma omp simd
          for (int c4 = (c0 + 1) % 256; c4 <= 255; c4++)
          {
            R[c0][-((c0 + 1) % 256) + c0 + c4 + 1] += Q[c2 + c3][c0] * A[c2 + c3][-((c0 + 1) % 256) + c0 + c4 + 1];
          }
        }
      }
      #pragma omp parallel for
      for (int c2 = -(M % 64) + M; c2 < 2 * M; c2 += 64)
      {
        for (int c3 = polyopt_max(0, M - c2); c3 <= polyopt_min(63, 2 * M - c2 - 1); c3++)
        {
          #pragma omp simd
          for (int c4 = (c0 + 1) % 256; c4 <= 255; c4++)
          {
            A[-M + c2 + c3][-((c0 + 1) % 256) + c0 + c4 + 1] = A[-M + c2 + c3][-((c0 + 1) % 256) + c0 + c4 + 1] - (Q[-M + c2 + c3][c0] * R[c0][-((c0 + 1) % 256) + c0 + c4 + 1]);
          }
        }
      }
    }
    if (M >= 32)
    {
      #pragma omp parallel for
      for (int c1 = -(c0 % 256) + c0 + 256; c1 < N - 255; c1 += 256)
      {
        for (int c2 = 0; c2 < polyopt_min(2 * M - 63, M); c2 += 64)
        {
          for (int c3 = 0; c3 <= polyopt_min(63, M - c2 - 1); c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= 255; c4++)
            {
              R[c0][c1 + c4] += Q[c2 + c3][c0] * A[c2 + c3][c1 + c4];
            }
          }
        }
        for (int c2 = polyopt_max(0, 64 * polyopt_floord(M, 64)); c2 < 2 * M - 63; c2 += 64)
        {
          for (int c3 = polyopt_max(0, M - c2); c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= 255; c4++)
            {
              A[-M + c2 + c3][c1 + c4] = A[-M + c2 + c3][c1 + c4] - (Q[-M + c2 + c3][c0] * R[c0][c1 + c4]);
            }
          }
        }
        for (int c3 = 0; c3 < 2 * (M % 32); c3++)
        {
          #pragma omp simd
          for (int c4 = 0; c4 <= 255; c4++)
          {
            A[-(2 * (M % 32)) + M + c3][c1 + c4] = A[-(2 * (M % 32)) + M + c3][c1 + c4] - (Q[-(2 * (M % 32)) + M + c3][c0] * R[c0][c1 + c4]);
          }
        }
      }
      if (N >= c0 + 257)
      {
        for (int c2 = 0; c2 < M; c2 += 64)
        {
          for (int c3 = 0; c3 <= polyopt_min(63, M - c2 - 1); c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 < N % 256; c4++)
            {
              R[c0][-((N + 256) % 256) + N + c4] += Q[c2 + c3][c0] * A[c2 + c3][-((N + 256) % 256) + N + c4];
            }
          }
        }
        #pragma omp parallel for
        for (int c2 = -(M % 64) + M; c2 < 2 * M; c2 += 64)
        {
          for (int c3 = polyopt_max(0, M - c2); c3 <= polyopt_min(63, 2 * M - c2 - 1); c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 < N % 256; c4++)
            {
              A[-M + c2 + c3][-((N + 256) % 256) + N + c4] = A[-M + c2 + c3][-((N + 256) % 256) + N + c4] - (Q[-M + c2 + c3][c0] * R[c0][-((N + 256) % 256) + N + c4]);
            }
          }
        }
      }
    }
    if (M <= 31 || c0 + 256 >= N)
    {
      #pragma omp parallel for
      for (int c1 = -((c0 + 1) % 256) + c0 + 1; c1 < N; c1 += 256)
      {
        for (int c2 = 0; c2 < M; c2 += 64)
        {
          if (M >= 32 && c0 + 256 >= N)
          {
            for (int c3 = 0; c3 <= polyopt_min(63, M - c2 - 1); c3++)
            {
              #pragma omp simd
              for (int c4 = polyopt_max(0, c0 - c1 + 1); c4 <= polyopt_min(255, N - c1 - 1); c4++)
              {
                R[c0][c1 + c4] += Q[c2 + c3][c0] * A[c2 + c3][c1 + c4];
              }
            }
          }
          else
          {
            for (int c3 = 0; c3 < M; c3++)
            {
              #pragma omp simd
              for (int c4 = polyopt_max(0, c0 - c1 + 1); c4 <= polyopt_min(255, N - c1 - 1); c4++)
              {
                R[c0][c1 + c4] += Q[c3][c0] * A[c3][c1 + c4];
              }
            }
          }
        }
        for (int c2 = 64 * polyopt_floord(M, 64); c2 < 2 * M; c2 += 64)
        {
          if (M >= 32 && c0 + 256 >= N)
          {
            for (int c3 = polyopt_max(0, M - c2); c3 <= polyopt_min(63, 2 * M - c2 - 1); c3++)
            {
              #pragma omp simd
              for (int c4 = polyopt_max(0, c0 - c1 + 1); c4 <= polyopt_min(255, N - c1 - 1); c4++)
              {
                A[-M + c2 + c3][c1 + c4] = A[-M + c2 + c3][c1 + c4] - (Q[-M + c2 + c3][c0] * R[c0][c1 + c4]);
              }
            }
          }
          else
          {
            if (c2 == 0)
            {
              for (int c3 = M; c3 < 2 * M; c3++)
              {
                #pragma omp simd
                for (int c4 = polyopt_max(0, c0 - c1 + 1); c4 <= polyopt_min(255, N - c1 - 1); c4++)
                {
                  A[-M + c3][c1 + c4] = A[-M + c3][c1 + c4] - (Q[-M + c3][c0] * R[c0][c1 + c4]);
                }
              }
            }
          }
        }
      }
    }
  }
  (void)k; (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*R)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*Q)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(A, R, Q);
  harness_start();
  kernel_gramschmidt(A, R, Q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("R", &R[0][0], N * N);
  HARNESS_DUMP_ARRAY("Q", &Q[0][0], M * N);
  free(A);
  free(R);
  free(Q);
  return 0;
}
