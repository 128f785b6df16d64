/* Explicit finite differences for the 1-D heat equation on a rod, fixed ends: a new
 * profile from the old one each step, then copied back. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 200000
#endif
#ifndef STEPS
#define STEPS 6000
#endif

static double u[N], v[N];

static void diffuse(double r)
{
    int t, i;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 1; i < N - 1; i++)
            v[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        for (i = 1; i < N - 1; i++)
            u[i] = v[i];
    }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        u[i] = (double)((i * 7) % 17) / 17.0 + 0.5;
    u[0] = 1.0;
    u[N - 1] = 0.0;

    diffuse(0.25);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += u[i] * (double)(1 + i % 9);
    printf("%.10e\n", sum);
    return 0;
}
