/* polyopt:
   A statement of 300 terms: a RecursionError traceback instead of an answer. */
#include <stdio.h>
#define N 8
static long V[N + 4], W[N];

int main(void)
{
  int i;
  for (i = 0; i < N + 4; i++)
    V[i] = i;
#pragma scop
  for (i = 0; i < N; i++)
    W[i] = (V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2] + V[i + 0] + V[i + 1] + V[i + 2]) % 1009;
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    sum = sum * 3 + W[i];
  printf("%ld\n", sum);
  return 0;
}
