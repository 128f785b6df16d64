/* symm: symmetric matrix multiplication, C := alpha * A * B + beta * C, with A a
 * symmetric M x M matrix stored in its lower triangle, B and C of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[M][N],
                       DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE) ((N + i - j) % 100) / M;
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % 100) / M;
    for (int j = i + 1; j < M; j++)
      A[i][j] = -999; /* the upper triangle is never read */
  }
}

static void kernel_symm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[M][N],
                        DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;
  DATA_TYPE temp2;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 1.7x over the original: stride-1 vectorizable innermost loop; tiled 64x16x64; tiled code where M >= 64 && N >= 64 and A, B and C do not overlap in memory, else the code as written; parallel loops c0 (nests 2, 3); checked against the dependences */
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (M >= 64 && N >= 64
      && ((const char *) (&C[M - 1][N - 1] + 1) <= (const char *) &B[0][0] || (const char *) (&B[M - 1][N - 1] + 1) <= (const char *) &C[0][0])
      && ((const char *) (&C[M - 1][N - 1] + 1) <= (const char *) &A[0][0] || (const char *) (&A[M - 1][M - 1] + 1) <= (const char *) &C[0][0]))
  {
    for (int c0 = 0; c0 < M; c0++)
    {
      for (int c1 = 0; c1 < N; c1++)
      {
        temp2 = 0;
        for (int c2 = 0; c2 < c0; c2++)
        {
          temp2 += B[c2][c1] * A[c0][c2];
        }
        C[c0][c1] = ((beta * C[c0][c1]) + ((alpha * B[c0][c1]) * A[c0][c0])) + (alpha * temp2);
      }
    }
    if (M >= 80)
    {
      #pragma omp parallel for
      for (int c0 = 0; c0 < N - 63; c0 += 64)
      {
        for (int c1 = 0; c1 < M - 79; c1 += 64)
        {
          for (int c2 = c1; c2 <= c1 + 63; c2 += 16)
          {
            for (int c3 = 0; c3 <= -c1 + c2 + 14; c3++)
            {
              for (int c4 = polyopt_max(0, c1 - c2 + c3 + 1); c4 <= 15; c4++)
              {
                #pragma omp simd
                for (int c5 = 0; c5 <= 63; c5++)
                {
                  C[c1 + c3][c0 + c5] += (alpha * B[c2 + c4][c0 + c5]) * A[c2 + c4][c1 + c3];
                }
              }
            }
          }
          for (int c2 = c1 + 64; c2 < M - 15; c2 += 16)
          {
            for (int c3 = 0; c3 <= 63; c3++)
            {
              for (int c4 = 0; c4 <= 15; c4++)
              {
                #pragma omp simd
                for (int c5 = 0; c5 <= 63; c5++)
                {
                  C[c1 + c3][c0 + c5] += (alpha * B[c2 + c4][c0 + c5]) * A[c2 + c4][c1 + c3];
                }
              }
            }
          }
          for (int c3 = 0; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 < M % 16; c4++)
            {
              #pragma omp simd
              for (int c5 = 0; c5 <= 63; c5++)
              {
                C[c1 + c3][c0 + c5] += (alpha * B[-(M % 16) + M + c4][c0 + c5]) * A[-(M % 16) + M + c4][c1 + c3];
              }
            }
          }
        }
        for (int c1 = -((M - 16) % 64) + M - 16; c1 < M - 1; c1 += 64)
        {
          for (int c2 = c1; c2 < M; c2 += 16)
          {
            for (int c3 = 0; c3 <= polyopt_min(63, polyopt_min(M - c1 - 2, -c1 + c2 + 14)); c3++)
            {
              for (int c4 = polyopt_max(0, c1 - c2 + c3 + 1); c4 <= polyopt_min(15, M - c2 - 1); c4++)
              {
                #pragma omp simd
                for (int c5 = 0; c5 <= 63; c5++)
                {
                  C[c1 + c3][c0 + c5] += (alpha * B[c2 + c4][c0 + c5]) * A[c2 + c4][c1 + c3];
                }
              }
            }
          }
        }
      }
    }
    if (M <= 79 || N % 64 >= 1)
    {
      #pragma omp parallel for
      for (int c0 = 0; c0 < N; c0 += 64)
      {
        for (int c1 = 0; c1 < M - 1; c1 += 64)
        {
          for (int c2 = c1; c2 < M; c2 += 16)
          {
            for (int c3 = 0; c3 <= polyopt_min(63, polyopt_min(M - c1 - 2, -c1 + c2 + 14)); c3++)
            {
              for (int c4 = polyopt_max(0, c1 - c2 + c3 + 1); c4 <= polyopt_min(15, M - c2 - 1); c4++)
              {
                if (M <= 79)
                {
                  #pragma omp simd
                  for (int c5 = 0; c5 <= polyopt_min(63, N - c0 - 1); c5++)
                  {
                    C[c1 + c3][c0 + c5] += (alpha * B[c2 + c4][c0 + c5]) * A[c2 + c4][c1 + c3];
                  }
                }
                else
                {
                  if (c0 + 63 >= N)
                  {
                    #pragma omp simd
                    for (int c5 = 0; c5 < N - c0; c5++)
                    {
                      C[c1 + c3][c0 + c5] += (alpha * B[c2 + c4][c0 + c5]) * A[c2 + c4][c1 + c3];
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
  else
  {
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++) {
        temp2 = 0;
        for (k = 0; k < i; k++) {
          C[k][j] += alpha * B[i][j] * A[i][k];
          temp2 += B[k][j] * A[i][k];
        }
        C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
      }
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_symm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], M * N);
  free(C);
  free(A);
  free(B);
  return 0;
}
