/* trmm: triangular matrix multiply, B := alpha * A^T * B, with A a unit lower
 * triangular M x M matrix (only its strict lower triangle is read) and B of M x N. */
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

static void init_array(DATA_TYPE *alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  *alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE) ((i + j) % M) / M;
    A[i][i] = 1.0;
    /* The upper triangle is never read; zero it so that no value is uninitialised. */
    for (int j = i + 1; j < M; j++)
      A[i][j] = 0.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE) ((N + (i - j)) % N) / N;
  }
}

static void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 20.0x over the original: parallel outer loop (2 regions), 46.0x less memory traffic, stride-1 vectorizable innermost loop; tiled 64x16x64, 64x256; parallel loops c0 (nests 1, 2, 3); not parallel: too little work per region (c0); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (M >= 128)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N - 63; c0 += 64)
    {
      for (int c2 = 0; c2 <= 62; c2 += 16)
      {
        for (int c3 = c2 + 1; c3 <= 63; c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, -c2 + c3 - 1); c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 <= 63; c5++)
            {
              B[c2 + c4][c0 + c5] += A[c3][c2 + c4] * B[c3][c0 + c5];
            }
          }
        }
      }
      for (int c1 = 64; c1 < M - 63; c1 += 64)
      {
        for (int c2 = 0; c2 < c1 - 15; c2 += 16)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 <= 15; c4++)
            {
              #pragma omp simd
              for (int c5 = 0; c5 <= 63; c5++)
              {
                B[c2 + c4][c0 + c5] += A[c1 + c3][c2 + c4] * B[c1 + c3][c0 + c5];
              }
            }
          }
        }
        for (int c2 = c1; c2 <= c1 + 62; c2 += 16)
        {
          for (int c3 = -c1 + c2 + 1; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 <= polyopt_min(15, c1 - c2 + c3 - 1); c4++)
            {
              #pragma omp simd
              for (int c5 = 0; c5 <= 63; c5++)
              {
                B[c2 + c4][c0 + c5] += A[c1 + c3][c2 + c4] * B[c1 + c3][c0 + c5];
              }
            }
          }
        }
      }
      for (int c2 = 0; c2 < M - 1; c2 += 16)
      {
        for (int c3 = polyopt_max(0, M % 64 - M + c2 + 1); c3 < M % 64; c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, -(M % 64) + M - c2 + c3 - 1); c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 <= 63; c5++)
            {
              B[c2 + c4][c0 + c5] += A[-(M % 64) + M + c3][c2 + c4] * B[-(M % 64) + M + c3][c0 + c5];
            }
          }
        }
      }
    }
  }
  if (M <= 127 || N >= 64 * polyopt_floord(N, 64) + 1)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < N; c0 += 64)
    {
      for (int c1 = 0; c1 < M; c1 += 64)
      {
        for (int c2 = 0; c2 <= polyopt_min(M - 2, c1 + 62); c2 += 16)
        {
          for (int c3 = polyopt_max(0, -c1 + c2 + 1); c3 <= polyopt_min(63, M - c1 - 1); c3++)
          {
            for (int c4 = 0; c4 <= polyopt_min(15, c1 - c2 + c3 - 1); c4++)
            {
              if (M <= 127)
              {
                #pragma omp simd
                for (int c5 = 0; c5 <= polyopt_min(63, N - c0 - 1); c5++)
                {
                  B[c2 + c4][c0 + c5] += A[c1 + c3][c2 + c4] * B[c1 + c3][c0 + c5];
                }
              }
              else
              {
                if (c0 + 63 >= N)
                {
                  #pragma omp simd
                  for (int c5 = 0; c5 < N - c0; c5++)
                  {
                    B[c2 + c4][c0 + c5] += A[c1 + c3][c2 + c4] * B[c1 + c3][c0 + c5];
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  if (N >= 256)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < M - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < N - 255; c1 += 256)
      {
        for (int c2 = 0; c2 <= 63; c2++)
        {
          #pragma omp simd
          for (int c3 = 0; c3 <= 255; c3++)
          {
            B[c0 + c2][c1 + c3] = alpha * B[c0 + c2][c1 + c3];
          }
        }
      }
      for (int c2 = 0; c2 <= 63; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 < N % 256; c3++)
        {
          B[c0 + c2][-(N % 256) + N + c3] = alpha * B[c0 + c2][-(N % 256) + N + c3];
        }
      }
    }
  }
  if (N <= 255 || M >= 64 * polyopt_floord(M, 64) + 1)
  {
    for (int c0 = 0; c0 < M; c0 += 64)
    {
      for (int c1 = 0; c1 < N; c1 += 256)
      {
        if (N >= 256 && c0 + 63 >= M)
        {
          for (int c2 = 0; c2 < M - c0; c2++)
          {
            #pragma omp simd
            for (int c3 = 0; c3 <= polyopt_min(255, N - c1 - 1); c3++)
            {
              B[c0 + c2][c1 + c3] = alpha * B[c0 + c2][c1 + c3];
            }
          }
        }
        else
        {
          if (N <= 255 && c1 == 0)
          {
            for (int c2 = 0; c2 <= polyopt_min(63, M - c0 - 1); c2++)
            {
              #pragma omp simd
              for (int c3 = 0; c3 < N; c3++)
              {
                B[c0 + c2][c3] = alpha * B[c0 + c2][c3];
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
  DATA_TYPE alpha;
  DATA_TYPE (*A)[M] = harness_alloc(sizeof(DATA_TYPE[M][M]));
  DATA_TYPE (*B)[N] = harness_alloc(sizeof(DATA_TYPE[M][N]));

  init_array(&alpha, A, B);
  harness_start();
  kernel_trmm(alpha, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("B", &B[0][0], M * N);
  free(A);
  free(B);
  return 0;
}
