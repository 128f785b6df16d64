/* nussinov: Nussinov's dynamic program for RNA folding.  seq is a sequence of N bases
 * (0..3, A C G U); table[i][j] becomes the largest number of bonding base pairs
 * (bases b1, b2 with b1 + b2 == 3) in seq[i..j], with no bond between adjacent
 * bases, filled from the bottom row up and left to right within a row. */
#define DATA_TYPE_IS_INT
#include "harness.h"

#if defined(MINI_DATASET)
# define N 60
#elif defined(SMALL_DATASET)
# define N 180
#elif defined(MEDIUM_DATASET)
# define N 500
#elif defined(LARGE_DATASET)
# define N 2500
#else
# define N 5500
#endif

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

static void init_array(char seq[N], DATA_TYPE table[N][N])
{
  for (int i = 0; i < N; i++)
    seq[i] = (char) ((i + 1) % 4);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      table[i][j] = 0;
}

static void kernel_nussinov(char seq[N], DATA_TYPE table[N][N])
{
  int i, j, k;

#pragma scop
  /* polyopt: auto: original order tiled, wavefront; predicted 1.7x over the original: parallel depth-2 loop (80 regions), 8.1x less memory traffic; tiled 64x32; parallel loops c1 (nests 1, 2, 3); not parallel: too little work per region (c1) */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (N >= 128)
  {
    for (int c0 = -1; c0 <= 1; c0++)
    {
      #pragma omp parallel for
      for (int c1 = polyopt_max(0, 32 * c0); c1 <= polyopt_min(64 * c0 + 93, 32 * c0 + (N + 1) / 2 + 30); c1 += 32)
      {
        for (int c2 = polyopt_max(0, polyopt_max(-64 * c0 + c1 - 30, -N - 64 * c0 + 2 * c1 + 2)); c2 <= polyopt_min(63, -64 * c0 + 2 * c1); c2++)
        {
          for (int c3 = polyopt_max(0, -64 * c0 + c1 - c2 + 1); c3 <= polyopt_min(31, N - c1 - 1); c3++)
          {
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
            if (64 * c0 + c2 + c3 >= c1 + 2)
            {
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
            }
            else
            {
              table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1] = max_score(table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1], table[(-64 * c0 + 2 * c1 - c2) + 1][(-64 * c0 + 2 * c1 - c2 + 1) - 1]);
            }
            if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
            {
              DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
              for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
              {
                polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
              }
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
            }
          }
        }
      }
    }
  }
  for (int c0 = 2; c0 < polyopt_floord(N, 32) - 1; c0++)
  {
    for (int c3 = 0; c3 <= 31; c3++)
    {
      table[0][32 * c0 + c3] = max_score(table[0][32 * c0 + c3], table[0][(32 * c0 + c3) - 1]);
      table[0][32 * c0 + c3] = max_score(table[0][32 * c0 + c3], table[0 + 1][32 * c0 + c3]);
      table[0][32 * c0 + c3] = max_score(table[0][32 * c0 + c3], table[0 + 1][(32 * c0 + c3) - 1] + match(seq[0], seq[32 * c0 + c3]));
      if (1 < 32 * c0 + c3)
      {
        DATA_TYPE polyopt_accumulator = table[0][32 * c0 + c3];
        for (int c4 = 1; c4 < 32 * c0 + c3; c4++)
        {
          polyopt_accumulator = max_score(polyopt_accumulator, table[0][c4] + table[c4 + 1][32 * c0 + c3]);
        }
        table[0][32 * c0 + c3] = polyopt_accumulator;
      }
    }
    #pragma omp parallel for
    for (int c1 = 32 * c0 + 32; c1 < polyopt_min(N - 31, 64 * c0 - 31); c1 += 32)
    {
      for (int c2 = 0; c2 <= 63; c2++)
      {
        for (int c3 = 0; c3 <= 31; c3++)
        {
          table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
          table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
          table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
          if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
          {
            DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
            for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
            {
              polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
            }
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
          }
        }
      }
    }
    #pragma omp parallel for
    for (int c1 = polyopt_min(64 * c0, -(N % 32) + N); c1 <= polyopt_min(N - 1, polyopt_min(64 * c0 + 93, 32 * c0 + (N + 1) / 2 + 30)); c1 += 32)
    {
      if (c1 >= 64 * c0)
      {
        for (int c2 = polyopt_max(0, polyopt_max(-64 * c0 + c1 - 30, -N - 64 * c0 + 2 * c1 + 2)); c2 <= 63; c2++)
        {
          for (int c3 = polyopt_max(0, -64 * c0 + c1 - c2 + 1); c3 <= polyopt_min(31, N - c1 - 1); c3++)
          {
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
            if (64 * c0 + c2 + c3 >= c1 + 2)
            {
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
            }
            else
            {
              table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1] = max_score(table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1], table[(-64 * c0 + 2 * c1 - c2) + 1][(-64 * c0 + 2 * c1 - c2 + 1) - 1]);
            }
            if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
            {
              DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
              for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
              {
                polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
              }
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
            }
          }
        }
      }
      else
      {
        if (c1 + 31 >= N)
        {
          for (int c2 = 0; c2 <= 63; c2++)
          {
            for (int c3 = 0; c3 < N - c1; c3++)
            {
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
              if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
              {
                DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
                for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
                {
                  polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
                }
                table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
              }
            }
          }
        }
      }
    }
  }
  if (N >= 128)
  {
    for (int c0 = N / 32 - 1; c0 <= (N - 1) / 32; c0++)
    {
      #pragma omp parallel for
      for (int c1 = 32 * c0; c1 < N; c1 += 32)
      {
        for (int c2 = 0; c2 <= polyopt_min(63, -64 * c0 + 2 * c1); c2++)
        {
          for (int c3 = 0; c3 <= polyopt_min(31, N - c1 - 1); c3++)
          {
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
            if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
            {
              DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
              for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
              {
                polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
              }
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
            }
          }
        }
      }
    }
  }
  else
  {
    for (int c0 = polyopt_max(-1, polyopt_floord(-N + 2, 64)); c0 <= polyopt_floord(N - 1, 32); c0++)
    {
      for (int c1 = polyopt_max(0, 32 * c0); c1 <= polyopt_min(N - 1, polyopt_min(64 * c0 + 93, 32 * c0 + (N + 1) / 2 + 30)); c1 += 32)
      {
        for (int c2 = polyopt_max(0, polyopt_max(-64 * c0 + c1 - 30, -N - 64 * c0 + 2 * c1 + 2)); c2 <= polyopt_min(63, -64 * c0 + 2 * c1); c2++)
        {
          for (int c3 = polyopt_max(0, -64 * c0 + c1 - c2 + 1); c3 <= polyopt_min(31, N - c1 - 1); c3++)
          {
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[-64 * c0 + 2 * c1 - c2][(c1 + c3) - 1]);
            table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][c1 + c3]);
            if (64 * c0 + c2 + c3 >= c1 + 2)
            {
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = max_score(table[-64 * c0 + 2 * c1 - c2][c1 + c3], table[(-64 * c0 + 2 * c1 - c2) + 1][(c1 + c3) - 1] + match(seq[-64 * c0 + 2 * c1 - c2], seq[c1 + c3]));
            }
            else
            {
              table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1] = max_score(table[-64 * c0 + 2 * c1 - c2][-64 * c0 + 2 * c1 - c2 + 1], table[(-64 * c0 + 2 * c1 - c2) + 1][(-64 * c0 + 2 * c1 - c2 + 1) - 1]);
            }
            if ((-64 * c0 + 2 * c1 - c2 + 1) < c1 + c3)
            {
              DATA_TYPE polyopt_accumulator = table[-64 * c0 + 2 * c1 - c2][c1 + c3];
              for (int c4 = -64 * c0 + 2 * c1 - c2 + 1; c4 < c1 + c3; c4++)
              {
                polyopt_accumulator = max_score(polyopt_accumulator, table[-64 * c0 + 2 * c1 - c2][c4] + table[c4 + 1][c1 + c3]);
              }
              table[-64 * c0 + 2 * c1 - c2][c1 + c3] = polyopt_accumulator;
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
  char *seq = harness_alloc(sizeof(char[N]));
  DATA_TYPE (*table)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(seq, table);
  harness_start();
  kernel_nussinov(seq, table);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("table", &table[0][0], N * N);
  free(seq);
  free(table);
  return 0;
}
