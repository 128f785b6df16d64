/* 3mm: G := (A * B) * (C * D), computed as E := A * B, F := C * D, G := E * F, with
 * A of NI x NK, B of NK x NJ, C of NJ x NM, D of NM x NL. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NI 16
# define NJ 18
# define NK 20
# define NL 22
# define NM 24
#elif defined(SMALL_DATASET)
# define NI 40
# define NJ 50
# define NK 60
# define NL 70
# define NM 80
#elif defined(MEDIUM_DATASET)
# define NI 180
# define NJ 190
# define NK 200
# define NL 210
# define NM 220
#elif defined(LARGE_DATASET)
# define NI 800
# define NJ 900
# define NK 1000
# define NL 1100
# define NM 1200
#else
# define NI 1600
# define NJ 1800
# define NK 2000
# define NL 2200
# define NM 2400
#endif

static void init_array(DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NM],
                       DATA_TYPE D[NM][NL])
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % NI) / (5 * NI);
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++)
      B[i][j] = (DATA_TYPE) ((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NM; j++)
      C[i][j] = (DATA_TYPE) (i * (j + 3) % NL) / (5 * NL);
  for (int i = 0; i < NM; i++)
    for (int j = 0; j < NL; j++)
      D[i][j] = (DATA_TYPE) ((i * (j + 2) + 2) % NK) / (5 * NK);
}

static void kernel_3mm(DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                       DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                       DATA_TYPE G[NI][NL])
{
  int i, j, k;

#pragma scop
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      E[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < NK; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++) {
      F[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < NM; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++) {
      G[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < NJ; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*E)[NJ] = harness_alloc(sizeof(DATA_TYPE[NI][NJ]));
  DATA_TYPE (*A)[NK] = harness_alloc(sizeof(DATA_TYPE[NI][NK]));
  DATA_TYPE (*B)[NJ] = harness_alloc(sizeof(DATA_TYPE[NK][NJ]));
  DATA_TYPE (*F)[NL] = harness_alloc(sizeof(DATA_TYPE[NJ][NL]));
  DATA_TYPE (*C)[NM] = harness_alloc(sizeof(DATA_TYPE[NJ][NM]));
  DATA_TYPE (*D)[NL] = harness_alloc(sizeof(DATA_TYPE[NM][NL]));
  DATA_TYPE (*G)[NL] = harness_alloc(sizeof(DATA_TYPE[NI][NL]));

  init_array(A, B, C, D);
  harness_start();
  kernel_3mm(E, A, B, F, C, D, G);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("G", &G[0][0], NI * NL);
  free(E);
  free(A);
  free(B);
  free(F);
  free(C);
  free(D);
  free(G);
  return 0;
}
