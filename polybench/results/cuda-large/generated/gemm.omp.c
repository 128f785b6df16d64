/* gemm: C := alpha * A * B + beta * C, with A of NI x NK and B of NK x NJ. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 20
# define NJ 25
# define NK 30
#elif defined(SMALL_DATASET)
# define NI 60
# define NJ 70
# define NK 80
#elif defined(MEDIUM_DATASET)
# define NI 200
# define NJ 220
# define NK 240
#elif defined(LARGE_DATASET)
# define NI 1000
# define NJ 1100
# define NK 1200
#else
# define NI 2000
# define NJ 2300
# define NK 2600
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE C[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) (i * (j + 1) % NK) / NK;
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) (i * (j + 2) % NJ) / NJ;
}

static void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[NI][NJ],
                        DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ])
{
  int i, j, k;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 5.2x over the original: parallel outer loop, 56.3x less memory traffic; tiled 64x16x64; parallel loops c0 (nests 1, 2); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (NJ >= 64 && NK >= 16)
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < NI - 63; c0 += 64)
    {
      for (int c1 = 0; c1 < NJ - 63; c1 += 64)
      {
        for (int c2 = 0; c2 < NK - 15; c2 += 16)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            for (int c4 = 0; c4 <= 15; c4++)
            {
              #pragma omp simd
              for (int c5 = 0; c5 <= 63; c5++)
              {
                if (c2 == 0 && c4 == 0)
                {
                  C[c0 + c3][c1 + c5] *= beta;
                }
                C[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][c2 + c4]) * B[c2 + c4][c1 + c5];
              }
            }
          }
        }
        for (int c3 = 0; c3 <= 63; c3++)
        {
          for (int c4 = 0; c4 < NK % 16; c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 <= 63; c5++)
            {
              C[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][-(NK % 16) + NK + c4]) * B[-(NK % 16) + NK + c4][c1 + c5];
            }
          }
        }
      }
      for (int c2 = 0; c2 < NK; c2 += 16)
      {
        for (int c3 = 0; c3 <= 63; c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, NK - c2 - 1); c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 < NJ % 64; c5++)
            {
              if (c2 == 0 && c4 == 0)
              {
                C[c0 + c3][-(NJ % 64) + NJ + c5] *= beta;
              }
              C[c0 + c3][-(NJ % 64) + NJ + c5] += (alpha * A[c0 + c3][c2 + c4]) * B[c2 + c4][-(NJ % 64) + NJ + c5];
            }
          }
        }
      }
    }
  }
  if ((NI >= 1 && NJ <= 63) || (NI >= 1 && NJ >= 64 && NK <= 15) || (NJ >= 64 && NK >= 16 && NI >= 64 * polyopt_floord(NI, 64) + 1))
  {
    #pragma omp parallel for
    for (int c0 = 0; c0 < NI; c0 += 64)
    {
      for (int c1 = 0; c1 < NJ; c1 += 64)
      {
        for (int c2 = 0; c2 <= ((NJ <= 63 && NK <= 1 && c1 == 0) || (NJ >= 64 && NK <= 15) ? 0 : NK - 1); c2 += 16)
        {
          if (NJ >= 64 && NK >= 16 && c0 + 63 >= NI)
          {
            for (int c3 = 0; c3 < NI - c0; c3++)
            {
              for (int c4 = 0; c4 <= polyopt_min(15, NK - c2 - 1); c4++)
              {
                #pragma omp simd
                for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
                {
                  if (c2 == 0 && c4 == 0)
                  {
                    C[c0 + c3][c1 + c5] *= beta;
                  }
                  C[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][c2 + c4]) * B[c2 + c4][c1 + c5];
                }
              }
            }
          }
          else
          {
            if (NJ >= 64 && NK <= 15 && c2 == 0)
            {
              for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
              {
                if (NK <= 0)
                {
                  #pragma omp simd
                  for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
                  {
                    C[c0 + c3][c1 + c5] *= beta;
                  }
                }
                for (int c4 = 0; c4 < NK; c4++)
                {
                  #pragma omp simd
                  for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
                  {
                    if (c4 == 0)
                    {
                      C[c0 + c3][c1 + c5] *= beta;
                    }
                    C[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][c4]) * B[c4][c1 + c5];
                  }
                }
              }
            }
            else
            {
              if (NJ <= 63 && c1 == 0 && c2 >= 16)
              {
                for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
                {
                  for (int c4 = 0; c4 <= polyopt_min(15, NK - c2 - 1); c4++)
                  {
                    #pragma omp simd
                    for (int c5 = 0; c5 < NJ; c5++)
                    {
                      C[c0 + c3][c5] += (alpha * A[c0 + c3][c2 + c4]) * B[c2 + c4][c5];
                    }
                  }
                }
              }
              else
              {
                if (NJ <= 63 && c1 == 0 && c2 == 0)
                {
                  for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
                  {
                    for (int c4 = 0; c4 <= polyopt_min(15, NK - 1); c4++)
                    {
                      #pragma omp simd
                      for (int c5 = 0; c5 < NJ; c5++)
                      {
                        if (c4 == 0)
                        {
                          C[c0 + c3][c5] *= beta;
                        }
                        C[c0 + c3][c5] += (alpha * A[c0 + c3][c4]) * B[c4][c5];
                      }
                    }
                    if (NK <= 0)
                    {
                      #pragma omp simd
                      for (int c5 = 0; c5 < NJ; c5++)
                      {
                        C[c0 + c3][c5] *= beta;
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
  }
  (void)i; (void)j; (void)k;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  DATA_TYPE (*C)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));

  init_array(&alpha, &beta, C, A, B);
  harness_start();
  kernel_gemm(alpha, beta, C, A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("C", &C[0][0], NI * NJ);
  free(C);
  free(A);
  free(B);
  return 0;
}
