/* jacobi-1d: 1-D Jacobi stencil on N points, TSTEPS time steps.  Each step computes
 * B from A, then A from B, as the three-point average over the interior points:
 * B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 30
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 120
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 400
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 2000
#else
# define TSTEPS 1000
# define N 4000
#endif

static void init_array(DATA_TYPE A[N], DATA_TYPE B[N])
{
  for (int i = 0; i < N; i++) {
    A[i] = ((DATA_TYPE) i + 2) / N;
    B[i] = ((DATA_TYPE) i + 3) / N;
  }
}

static void kernel_jacobi_1d(DATA_TYPE A[N], DATA_TYPE B[N])
{
  int t, i;

#pragma scop
  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = SCALAR_VAL(0.33333) * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE *A = harness_alloc(sizeof(DATA_TYPE[N]));
  DATA_TYPE *B = harness_alloc(sizeof(DATA_TYPE[N]));

  init_array(A, B);
  harness_start();
  kernel_jacobi_1d(A, B);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("A", A, N);
  free(A);
  free(B);
  return 0;
}
