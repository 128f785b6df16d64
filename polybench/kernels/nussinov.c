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
  for (i = N - 1; i >= 0; i--) {
    for (j = i + 1; j < N; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < N)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);

      if (j - 1 >= 0 && i + 1 < N) {
        /* no bond between adjacent bases */
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }

      for (k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
#pragma endscop
}

int main(void)
{
  char *seq = harness_alloc_unperturbed(sizeof(char[N]));
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
