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
  /* polyopt: auto: isl (Feautrier); predicted 3.8x over the original: stride-1 vectorizable innermost loop; not tiled; no parallel loop; not parallel: too little work per region (c3) */
  for (int c0 = 0; c0 < NR; c0++)
  {
    for (int c1 = 0; c1 < NQ; c1++)
    {
      #pragma omp simd
      for (int c3 = 0; c3 < NP; c3++)
      {
        sum[c3] = SCALAR_VAL(0.0);
      }
      for (int c2 = 1; c2 <= NP; c2++)
      {
        #pragma omp simd
        for (int c3 = 0; c3 < NP; c3++)
        {
          sum[c3] += A[c0][c1][c2 - 1] * C4[c2 - 1][c3];
        }
      }
      #pragma omp simd
      for (int c3 = 0; c3 < NP; c3++)
      {
        A[c0][c1][c3] = sum[c3];
      }
    }
  }
  (void)r; (void)q; (void)p; (void)s;
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
