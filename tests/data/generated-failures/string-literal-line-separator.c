/* polyopt:
   A raw U+2028 (and a raw form feed) inside a string literal in a region:
   the region is re-split into lines at them and the literal breaks. */
#include <stdio.h>
#define N 8
static long V[N];

static long lit(const char *s, long v)
{
  for (; *s; s++)
    v = (v * 7 + (unsigned char)*s) % 1009;
  return v;
}

int main(void)
{
  int i;
#pragma scop
  for (i = 0; i < N; i++)
    V[i] = lit("a bc", V[i]) + i;
#pragma endscop
  long sum = 0;
  for (i = 0; i < N; i++)
    sum = sum * 3 + V[i];
  printf("%ld\n", sum);
  return 0;
}
