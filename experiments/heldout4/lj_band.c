/* Bead-spring chain in one dimension: the Lennard-Jones-type interaction energy and
 * force on every bead from the beads within W places of it along the chain. A softened
 * squared distance r2 = d*d + EPS keeps close pairs finite; the bead itself is skipped
 * by a zero weight. */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 1048576
#endif
#ifndef W
#define W 64
#endif
#ifndef EPS
#define EPS 0.01
#endif

static double X[N], E[N], F[N];

static void chain_forces(double sigma2)
{
    int i, j;
#pragma scop
    for (i = 0; i < N; i++) {
        E[i] = 0.0;
        F[i] = 0.0;
        for (j = (i - W > 0 ? i - W : 0); j <= (i + W < N - 1 ? i + W : N - 1); j++) {
            double d = X[j] - X[i];
            double r2 = d * d + EPS;
            double s2 = sigma2 / r2;
            double s6 = s2 * s2 * s2;
            double other = j == i ? 0.0 : 1.0;
            E[i] += other * 2.0 * (s6 * s6 - s6);
            F[i] -= other * 24.0 * (2.0 * s6 * s6 - s6) * d / r2;
        }
    }
#pragma endscop
}

int main(void)
{
    /* beads about 1.12 apart (near the potential minimum), slightly displaced */
    for (int i = 0; i < N; i++) {
        X[i] = 1.12 * (double)i + 0.05 * (double)((i * 29) % 17 - 8) / 8.0;
        E[i] = 0.0;
        F[i] = 0.0;
    }

    chain_forces(1.0);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += E[i] * (double)(1 + i % 7) + F[i] * (double)(1 + (i * 3) % 11);
    printf("%.10e\n", sum);
    return 0;
}
