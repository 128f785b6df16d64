/* floyd-warshall: all-pairs shortest paths on a graph of N nodes; path[i][j] is the
 * weight of edge i -> j and becomes the length of the shortest path i -> j:
 * path[i][j] := min(path[i][j], path[i][k] + path[k][j]) for every k in turn. */
#define DATA_TYPE_IS_INT
#include "harness.h"

#if defined(MINI_DATASET)
# define N 60
#elif defined(SMALL_DATASET)
# define N 180
#elif defined(MEDIUM_DATASET)
# define N 500
#elif defined(LARGE_DATASET)
# define N 2800
#else
# define N 5600
#endif

static void init_array(DATA_TYPE path[N][N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
    }
}

static void kernel_floyd_warshall(DATA_TYPE path[N][N])
{
  int i, j, k;

#pragma scop
  for (k = 0; k < N; k++) {
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ?
          path[i][j] : path[i][k] + path[k][j];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*path)[N] = harness_alloc(sizeof(DATA_TYPE[N][N]));

  init_array(path);
  harness_start();
  kernel_floyd_warshall(path);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("path", &path[0][0], N * N);
  free(path);
  return 0;
}
