/* Integer partition counts modulo a prime by in-place dynamic programming, the way a
 * combinatorics library tabulates them: partitions of every n <= NMAX into parts of
 * size at most KMAX (each part size added in turn, ascending n, so it may repeat),
 * then partitions into distinct parts of size at most KMAX (descending n, so each part
 * is used at most once). Integer data, sizes are #define (global arrays). */
#include <stdio.h>

#ifndef NMAX
#define NMAX 200000
#endif
#ifndef KMAX
#define KMAX 4000
#endif
#define MODP 1000000007

static int P[NMAX + 1], Q[NMAX + 1];

static void partitions(void)
{
    int k, n;
#pragma scop
    for (k = 1; k <= KMAX; k++)
        for (n = k; n <= NMAX; n++)
            P[n] = (P[n] + P[n - k]) % MODP;
    for (k = 1; k <= KMAX; k++)
        for (n = NMAX; n >= k; n--)
            Q[n] = (Q[n] + Q[n - k]) % MODP;
#pragma endscop
}

int main(void)
{
    for (int n = 0; n <= NMAX; n++)
        P[n] = Q[n] = n == 0 ? 1 : 0;

    partitions();

    double sum = 0.0;
    for (int n = 0; n <= NMAX; n++)
        sum += ((double)P[n] + 0.5 * (double)Q[n]) * (double)(1 + n % 7);
    printf("%.10e\n", sum);
    return 0;
}
