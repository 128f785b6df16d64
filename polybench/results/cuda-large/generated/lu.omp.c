/* lu: LU decomposition A = L * U without pivoting of an N x N matrix, in place:
 * the unit lower triangular L (diagonal not stored) goes below the diagonal of A,
 * U on and above it. */
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

static void init_array(DATA_TYPE A[N][N])
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) (-j % N) / N + 1;
    for (int j = i + 1; j < N; j++)
      A[i][j] = 0;
    A[i][i] = 1;
  }

  /* Make the matrix positive semi-definite: A := A * A^T, through a temporary B,
   * with PolyBench's t-r-s loop order and statement B[r][s] += A[r][t] * A[s][t].
   * A[s][t] is read from an exact transposed copy AT[t][s], so that the inner loop
   * walks memory contiguously (PolyBench's column-wise walk takes minutes at
   * LARGE); the operations, their order, and so the values, are the same. */
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*AT)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++) {
      B[r][s] = 0;
      AT[s][r] = A[r][s];
    }
  for (int t = 0; t < N; t++)
    for (int r = 0; r < N; r++)
      for (int s = 0; s < N; s++)
        B[r][s] += A[r][t] * AT[t][s];
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++)
      A[r][s] = B[r][s];
  free(AT);
  free(B);
}

static void kernel_lu(DATA_TYPE A[N][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 5.4x over the original: parallel depth-2 loop (2e+03 regions); tiled 64x256; parallel loops c1; checked against the dependences */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  for (int c0 = 0; c0 < N - 1; c0++)
  {
    #pragma omp parallel for
    for (int c1 = -((c0 + 1) % 64) + c0 + 1; c1 < N; c1 += 64)
    {
      if (N >= c0 + 3 && c1 + 61 >= c0)
      {
        if (c0 >= 255)
        {
          #pragma omp simd
          for (int c3 = polyopt_max(0, c0 - c1 + 1); c3 <= polyopt_min(63, N - c1 - 1); c3++)
          {
            A[c1 + c3][c0] /= A[c0][c0];
          }
        }
        for (int c2 = -((c0 + 1) % 256) + c0 + 1; c2 <= polyopt_min(N - 2, c1 + 62); c2 += 256)
        {
          for (int c3 = polyopt_max(0, c0 - c1 + 1); c3 <= polyopt_min(63, N - c1 - 1); c3++)
          {
            if (c2 == 0)
            {
              A[c1 + c3][c0] /= A[c0][c0];
            }
            #pragma omp simd
            for (int c4 = polyopt_max(0, c0 - c2 + 1); c4 <= polyopt_min(255, c1 - c2 + c3 - 1); c4++)
            {
              A[c1 + c3][c2 + c4] -= A[c1 + c3][c0] * A[c0][c2 + c4];
            }
            #pragma omp simd
            for (int c4 = c1 - c2 + c3; c4 <= polyopt_min(255, N - c2 - 1); c4++)
            {
              A[c1 + c3][c2 + c4] -= A[c1 + c3][c0] * A[c0][c2 + c4];
            }
          }
        }
        if (c1 + 1 == N && (N - 1) % 256 == 0)
        {
          A[N - 1][N - 1] -= A[N - 1][c0] * A[c0][N - 1];
        }
        for (int c2 = -((c1 + 62) % 256) + c1 + 318; c2 < N; c2 += 256)
        {
          for (int c3 = polyopt_max(0, c0 - c1 + 1); c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= polyopt_min(255, N - c2 - 1); c4++)
            {
              A[c1 + c3][c2 + c4] -= A[c1 + c3][c0] * A[c0][c2 + c4];
            }
          }
        }
      }
      else
      {
        if (c0 + 2 == N)
        {
          if (N >= 257)
          {
            A[N - 1][N - 2] /= A[N - 2][N - 2];
          }
          if (N <= 256)
          {
            A[N - 1][N - 2] /= A[N - 2][N - 2];
          }
          A[N - 1][N - 1] -= A[N - 1][N - 2] * A[N - 2][N - 1];
        }
        else
        {
          if (c0 >= 318)
          {
            A[c0 + 1][c0] /= A[c0][c0];
          }
          for (int c2 = -((c0 + 1) % 256) + c0 + 1; c2 < N; c2 += 256)
          {
            if (c2 == 0)
            {
              A[c0 + 1][c0] /= A[c0][c0];
            }
            #pragma omp simd
            for (int c4 = polyopt_max(0, c0 - c2 + 1); c4 <= polyopt_min(255, N - c2 - 1); c4++)
            {
              A[c0 + 1][c2 + c4] -= A[c0 + 1][c0] * A[c0][c2 + c4];
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
  DATA_TYPE (*A)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(A);
  harness_start();
  kernel_lu(A);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0], N * N);
  free(A);
  return 0;
}
