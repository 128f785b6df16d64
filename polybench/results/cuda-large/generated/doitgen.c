/* doitgen: multiresolution analysis kernel (MADNESS), A[r][q][:] := A[r][q][:] * C4
 * for every r and q, with A of NR x NQ x NP and C4 of NP x NP; sum (of NP) is scratch. */
#include "harness.h"

#if defined(MINI_DATASET)
# define NQ 8
# define NR 10
# define NP 12
#elif defined(SMALL_DATASET)
# define NQ 20
# define NR 25
# define NP 30
#elif defined(MEDIUM_DATASET)
# define NQ 40
# define NR 50
# define NP 60
#elif defined(LARGE_DATASET)
# define NQ 140
# define NR 150
# define NP 160
#else
# define NQ 220
# define NR 250
# define NP 270
#endif

static void init_array(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP])
{
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NQ; j++)
      for (int k = 0; k < NP; k++)
        A[i][j][k] = (DATA_TYPE) ((i * j + k) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++)
      C4[i][j] = (DATA_TYPE) (i * j % NP) / NP;
}

static void kernel_doitgen(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP],
                           DATA_TYPE sum[NP])
{
  int r, q, p, s;

#pragma scop
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++) {
      for (p = 0; p < NP; p++) {
        sum[p] = SCALAR_VAL(0.0);
        for (s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*A)[NQ][NP] = harness_alloc(sizeof(DATA_TYPE[NR][NQ][NP]));
  DATA_TYPE (*C4)[NP] = harness_alloc(sizeof(DATA_TYPE[NP][NP]));
  DATA_TYPE *sum = harness_alloc(sizeof(DATA_TYPE[NP]));

  init_array(A, C4);
  harness_start();
  kernel_doitgen(A, C4, sum);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", &A[0][0][0], NR * NQ * NP);
  free(A);
  free(C4);
  free(sum);
  return 0;
}
