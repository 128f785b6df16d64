/* polyopt:
   C compares int s with unsigned un as unsigned: -1 < un is false and the
   original loop never runs; polyopt's model runs it for s = -1 .. un-1. */
#include <stdio.h>
#define N 16
static long V[N + 2];

int main(void)
{
  unsigned un = N;
#pragma scop
  for (int s = -1; s < un; s++)
    V[s + 1] = V[s + 1] + 1;
#pragma endscop
  long sum = 0;
  for (int i = 0; i < N + 2; i++)
    sum += V[i];
  printf("%ld\n", sum);
  return 0;
}
