/* polyopt:
   A loop of step 10^9 (s / 1000000000 in [0, 4]) before a nest that writes
   the same array: the optimized program computes different values. */
#include <stdio.h>
#define N 16
static long V[N + 2], W[N + 2];

int main(void)
{
  int i;
  for (i = 0; i < N + 2; i++) {
    V[i] = (i * 5 + 1) % 11;
    W[i] = (i * 3 + 2) % 7;
  }
#pragma scop
  for (long s = 0; s < 5000000000L; s += 1000000000L)
    W[s / 1000000000L] = (W[s / 1000000000L] + s % 3) % 1009;
  for (i = 0; i < N; i++)
    W[i + 1] = (V[i] + 2 * V[i + 2]) % 1009;
#pragma endscop
  long sum = 0;
  for (i = 0; i < N + 2; i++)
    sum = sum * 3 + W[i];
  printf("%ld\n", sum);
  return 0;
}
