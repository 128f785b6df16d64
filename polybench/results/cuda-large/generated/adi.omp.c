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
  /* polyopt: auto: original order; predicted 2.0x over the original: parallel depth-2 loop (1e+03 regions); not tiled; parallel loops c1 */
  DX = SCALAR_VAL(1.0) / ((DATA_TYPE) N);
  DY = SCALAR_VAL(1.0) / ((DATA_TYPE) N);
  DT = SCALAR_VAL(1.0) / ((DATA_TYPE) TSTEPS);
  B1 = SCALAR_VAL(2.0);
  B2 = SCALAR_VAL(1.0);
  mul1 = (B1 * DT) / (DX * DX);
  mul2 = (B2 * DT) / (DY * DY);
  a = (-mul1) / SCALAR_VAL(2.0);
  b = SCALAR_VAL(1.0) + mul1;
  c = a;
  d = (-mul2) / SCALAR_VAL(2.0);
  e = SCALAR_VAL(1.0) + mul2;
  f = d;
  for (int c0 = 1; c0 <= TSTEPS; c0++)
  {
    #pragma omp parallel for
    for (int c1 = 1; c1 < N - 1; c1++)
    {
      v[0][c1] = SCALAR_VAL(1.0);
      p[c1][0] = SCALAR_VAL(0.0);
      q[c1][0] = v[0][c1];
      for (int c2 = 1; c2 < N - 1; c2++)
      {
        p[c1][c2] = (-c) / ((a * p[c1][c2 - 1]) + b);
        q[c1][c2] = (((((-d) * u[c2][c1 - 1]) + ((SCALAR_VAL(1.0) + (SCALAR_VAL(2.0) * d)) * u[c2][c1])) - (f * u[c2][c1 + 1])) - (a * q[c1][c2 - 1])) / ((a * p[c1][c2 - 1]) + b);
      }
      v[N - 1][c1] = SCALAR_VAL(1.0);
      for (int c2 = -N + 2; c2 < 0; c2++)
      {
        v[-c2][c1] = (p[c1][-c2] * v[(-c2) + 1][c1]) + q[c1][-c2];
      }
    }
    #pragma omp parallel for
    for (int c1 = 1; c1 < N - 1; c1++)
    {
      u[c1][0] = SCALAR_VAL(1.0);
      p[c1][0] = SCALAR_VAL(0.0);
      q[c1][0] = u[c1][0];
      for (int c2 = 1; c2 < N - 1; c2++)
      {
        p[c1][c2] = (-f) / ((d * p[c1][c2 - 1]) + e);
        q[c1][c2] = (((((-a) * v[c1 - 1][c2]) + ((SCALAR_VAL(1.0) + (SCALAR_VAL(2.0) * a)) * v[c1][c2])) - (c * v[c1 + 1][c2])) - (d * q[c1][c2 - 1])) / ((d * p[c1][c2 - 1]) + e);
      }
      u[c1][N - 1] = SCALAR_VAL(1.0);
      for (int c2 = -N + 2; c2 < 0; c2++)
      {
        u[c1][-c2] = (p[c1][-c2] * u[c1][(-c2) + 1]) + q[c1][-c2];
      }
    }
  }
  (void)t; (void)i; (void)j;
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
