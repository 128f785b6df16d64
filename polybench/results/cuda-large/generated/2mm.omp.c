/* 2mm: D := alpha * A * B * C + beta * D, computed as tmp := alpha * A * B, then
 * D := beta * D + tmp * C, with A of NI x NK, B of NK x NJ, C of NJ x NL, D of NI x NL. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 16
# define NJ 18
# define NK 22
# define NL 24
#elif defined(SMALL_DATASET)
# define NI 40
# define NJ 50
# define NK 70
# define NL 80
#elif defined(MEDIUM_DATASET)
# define NI 180
# define NJ 190
# define NK 210
# define NL 220
#elif defined(LARGE_DATASET)
# define NI 800
# define NJ 900
# define NK 1100
# define NL 1200
#else
# define NI 1600
# define NJ 1800
# define NK 2200
# define NL 2400
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE A[NI][NK],
                       DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL])
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / NI;
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) (i * (j + 1) % NJ) / NJ;
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++)
      C[i][j] = (DATA_TYPE) ((i * (j + 3) + 1) % NL) / NL;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE) (i * (j + 2) % NK) / NK;
}

static void kernel_2mm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE tmp[NI][NJ],
                       DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NL],
                       DATA_TYPE D[NI][NL])
{
  int i, j, k;

#pragma scop
  /* polyopt: auto: isl (outer coincidence) tiled; predicted 13.4x over the original: parallel outer loop (2 regions), 54.6x less memory traffic, stride-1 vectorizable innermost loop; tiled 64x16x64, 64x16x64; parallel loops c0 (nests 1, 2); checked against the dependences */
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  #pragma omp parallel for
  for (int c0 = 0; c0 < NI; c0 += 64)
  {
    for (int c1 = 0; c1 < NJ; c1 += 64)
    {
      for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
      {
        for (int c4 = 0; c4 <= polyopt_min(15, NK - 1); c4++)
        {
          #pragma omp simd
          for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
          {
            if (c4 == 0)
            {
              tmp[c0 + c3][c1 + c5] = SCALAR_VAL(0.0);
            }
            tmp[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][c4]) * B[c4][c1 + c5];
          }
        }
        if (NK <= 0)
        {
          #pragma omp simd
          for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
          {
            tmp[c0 + c3][c1 + c5] = SCALAR_VAL(0.0);
          }
        }
      }
      for (int c2 = 16; c2 < NK; c2 += 16)
      {
        for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, NK - c2 - 1); c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 <= polyopt_min(63, NJ - c1 - 1); c5++)
            {
              tmp[c0 + c3][c1 + c5] += (alpha * A[c0 + c3][c2 + c4]) * B[c2 + c4][c1 + c5];
            }
          }
        }
      }
    }
  }
  #pragma omp parallel for
  for (int c0 = 0; c0 < NI; c0 += 64)
  {
    for (int c1 = 0; c1 < NL; c1 += 64)
    {
      for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
      {
        for (int c4 = 0; c4 <= polyopt_min(15, NJ - 1); c4++)
        {
          #pragma omp simd
          for (int c5 = 0; c5 <= polyopt_min(63, NL - c1 - 1); c5++)
          {
            if (c4 == 0)
            {
              D[c0 + c3][c1 + c5] *= beta;
            }
            D[c0 + c3][c1 + c5] += tmp[c0 + c3][c4] * C[c4][c1 + c5];
          }
        }
        if (NJ <= 0)
        {
          #pragma omp simd
          for (int c5 = 0; c5 <= polyopt_min(63, NL - c1 - 1); c5++)
          {
            D[c0 + c3][c1 + c5] *= beta;
          }
        }
      }
      for (int c2 = 16; c2 < NJ; c2 += 16)
      {
        for (int c3 = 0; c3 <= polyopt_min(63, NI - c0 - 1); c3++)
        {
          for (int c4 = 0; c4 <= polyopt_min(15, NJ - c2 - 1); c4++)
          {
            #pragma omp simd
            for (int c5 = 0; c5 <= polyopt_min(63, NL - c1 - 1); c5++)
            {
              D[c0 + c3][c1 + c5] += tmp[c0 + c3][c2 + c4] * C[c2 + c4][c1 + c5];
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
  DATA_TYPE (*tmp)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));
  DATA_TYPE (*C)[NL] = harness_alloc(sizeof(DATA_TYPE[NJ][NL]));
  DATA_TYPE (*D)[NL] = harness_alloc(sizeof(DATA_TYPE[NI][NL]));

  init_array(&alpha, &beta, A, B, C, D);
  harness_start();
  kernel_2mm(alpha, beta, tmp, A, B, C, D);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("D", &D[0][0], NI * NL);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
