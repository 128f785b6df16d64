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
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      tmp[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < NK; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (k = 0; k < NJ; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
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
