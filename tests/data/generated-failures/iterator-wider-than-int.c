/* polyopt:
   A long iterator from 2147483640 to 2147483649: the generated iterator is an
   int, which overflows (the program crashes or loops wrongly). */
#include <stdio.h>
static long W[16];

int main(void)
{
#pragma scop
  for (long s = 2147483640L; s < 2147483650L; s++)
    W[s - 2147483640L] = W[s - 2147483640L] + s % 5;
#pragma endscop
  long sum = 0;
  for (int i = 0; i < 16; i++)
    sum = sum * 3 + W[i];
  printf("%ld\n", sum);
  return 0;
}
