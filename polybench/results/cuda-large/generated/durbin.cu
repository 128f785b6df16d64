/* durbin: Levinson-Durbin recursion, solving the Yule-Walker equations
 * T * y = -r for the N x N symmetric Toeplitz matrix T built from the
 * autocorrelation vector r (with T's diagonal normalised to 1); z is a
 * temporary of the kernel. */
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

static void init_array(DATA_TYPE r[N])
{
  for (int i = 0; i < N; i++)
    r[i] = (N + 1 - i);
}

static void kernel_durbin(DATA_TYPE r[N], DATA_TYPE y[N])
{
  DATA_TYPE z[N];
  DATA_TYPE alpha;
  DATA_TYPE beta;
  DATA_TYPE sum;
  int i, k;

#pragma scop
  /* polyopt: isl scheduler; not tiled; no parallel loop; not parallel: too little work per region (c1) */
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];
  y[0] = -r[0];
  for (int c0 = 1; c0 < N; c0++)
  {
    sum = SCALAR_VAL(0.0);
    for (int c1 = 0; c1 < c0; c1++)
    {
      sum += r[(c0 - c1) - 1] * y[c1];
    }
    beta = (1 - (alpha * alpha)) * beta;
    alpha = (-(r[c0] + sum)) / beta;
    #pragma omp simd
    for (int c1 = 0; c1 < c0; c1++)
    {
      z[c1] = y[c1] + (alpha * y[(c0 - c1) - 1]);
    }
    #pragma omp simd
    for (int c1 = 0; c1 < c0; c1++)
    {
      y[c1] = z[c1];
    }
    y[c0] = alpha;
  }
  (void)k; (void)i;
#pragma endscop
}

int main(void)
{
  DATA_TYPE *r = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *y = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(r);
  harness_start();
  kernel_durbin(r, y);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("y", y, N);
  free(r);
  free(y);
  return 0;
}
