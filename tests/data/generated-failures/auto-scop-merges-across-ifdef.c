/* polyopt: --auto-scop
   Consecutive nests separated by #ifdef/#else/#endif lines are taken as one
   SCoP: the directive lines are dropped and both branches run. */
#include <stdio.h>
#define N 16
#define ALT 1
static long V[N], W[N];

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    V[i] = i;
#ifdef ALT
  for (i = 0; i < N; i++)
    W[i] = V[i] + 1;
#else
  for (i = 0; i < N; i++)
    W[i] = V[i] + 100;
#endif
  for (i = 0; i < N; i++)
    V[i] = W[i] * 2;
  long sum = 0;
  for (i = 0; i < N; i++)
    sum += V[i];
  printf("%ld\n", sum);
  return 0;
}
