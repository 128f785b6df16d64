/* adi: alternating direction implicit solver for 2-D heat conduction on an N x N grid,
 * TSTEPS time steps.  Each step does a column sweep (a tridiagonal solve along each
 * column of u into v, forward elimination into p and q, then back substitution) and
 * a row sweep (the same along each row of v back into u). */
#include "harness.h"

#if defined(MINI_DATASET)
# define TSTEPS 20
# define N 20
#elif defined(SMALL_DATASET)
# define TSTEPS 40
# define N 60
#elif defined(MEDIUM_DATASET)
# define TSTEPS 100
# define N 200
#elif defined(LARGE_DATASET)
# define TSTEPS 500
# define N 1000
#else
# define TSTEPS 1000
# define N 2000
#endif

static void init_array(DATA_TYPE u[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (DATA_TYPE) (i + N - j) / N;
}

static void kernel_adi(DATA_TYPE u[N][N], DATA_TYPE v[N][N], DATA_TYPE p[N][N],
                       DATA_TYPE q[N][N])
{
  int t, i, j;
  DATA_TYPE DX, DY, DT;
  DATA_TYPE B1, B2;
  DATA_TYPE mul1, mul2;
  DATA_TYPE a, b, c, d, e, f;

#pragma scop
  DX = SCALAR_VAL(1.0) / (DATA_TYPE) N;
  DY = SCALAR_VAL(1.0) / (DATA_TYPE) N;
  DT = SCALAR_VAL(1.0) / (DATA_TYPE) TSTEPS;
  B1 = SCALAR_VAL(2.0);
  B2 = SCALAR_VAL(1.0);
  mul1 = B1 * DT / (DX * DX);
  mul2 = B2 * DT / (DY * DY);

  a = -mul1 / SCALAR_VAL(2.0);
  b = SCALAR_VAL(1.0) + mul1;
  c = a;
  d = -mul2 / SCALAR_VAL(2.0);
  e = SCALAR_VAL(1.0) + mul2;
  f = d;

  for (t = 1; t <= TSTEPS; t++) {
    /* column sweep */
    for (i = 1; i < N - 1; i++) {
      v[0][i] = SCALAR_VAL(1.0);
      p[i][0] = SCALAR_VAL(0.0);
      q[i][0] = v[0][i];
      for (j = 1; j < N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * d) * u[j][i]
                   - f * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      v[N - 1][i] = SCALAR_VAL(1.0);
      for (j = N - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    /* row sweep */
    for (i = 1; i < N - 1; i++) {
      u[i][0] = SCALAR_VAL(1.0);
      p[i][0] = SCALAR_VAL(0.0);
      q[i][0] = u[i][0];
      for (j = 1; j < N - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * a) * v[i][j]
                   - c * v[i + 1][j] - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
      }
      u[i][N - 1] = SCALAR_VAL(1.0);
      for (j = N - 2; j >= 1; j--)
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
    }
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*u)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*v)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*p)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));
  DATA_TYPE (*q)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(u);
  harness_start();
  kernel_adi(u, v, p, q);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("u", &u[0][0], N * N);
  free(u);
  free(v);
  free(p);
  free(q);
  return 0;
}
