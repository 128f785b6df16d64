/* out = in^T + out, through size_t-indexed pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

static void transpose_add(size_t n, const float *restrict in, float *restrict out)
{
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      out[j * n + i] += in[i * n + j];
}

int main(void)
{
  size_t n = 3000;
  float *in = malloc(sizeof(float) * n * n), *out = malloc(sizeof(float) * n * n);
  for (size_t x = 0; x < n * n; x++) {
    in[x] = (float) (x % 19);
    out[x] = (float) (x % 7);
  }
  for (int r = 0; r < 5; r++)
    transpose_add(n, in, out);
  double sum = 0.0;
  for (size_t x = 0; x < n * n; x += 7) sum += out[x] * (double) (x % 3);
  printf("%.6e\n", sum);
  free(in); free(out);
  return 0;
}
