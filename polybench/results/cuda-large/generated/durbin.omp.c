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
  y[0] = -r[0];
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];

  for (k = 1; k < N; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = SCALAR_VAL(0.0);
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;

    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
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
