/* polyopt:
   A GNU typeof cast in a region is parsed as a call of a call, and printed
   back without the cast's parentheses: typeof(V[0])(...) does not compile. */
#include <stdio.h>
#define N 16
static long V[N], W[N];

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    W[i] = i % 5;
#pragma scop
  for (i = 0; i < N; i++)
    V[i] = (typeof(V[0]))((V[i] + W[i]) % 1009);
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    sum = sum * 3 + V[i];
  printf("%ld\n", sum);
  return 0;
}
