/* polyopt:
   OFF expands to a file-scope name, c0, that polyopt also picks for its
   generated iterator: the subscript silently changes meaning. */
#include <stdio.h>
#define N 16
static int c0 = 1;
#define OFF (c0 + 1)
static long V[2 * N + 8], W[2 * N + 8];

int main(void)
{
  int i;
  for (i = 0; i < 2 * N + 8; i++)
    V[i] = i % 7;
#pragma scop
  for (i = 0; i < N; i++)
    W[i] = V[i + OFF];
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    sum = sum * 3 + W[i];
  printf("%ld\n", sum);
  return 0;
}
