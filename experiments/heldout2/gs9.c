/* Nine-point (Mehrstellen) Gauss-Seidel smoother for the 2-D Poisson equation, swept
 * in place with damping, a fixed number of sweeps, as a multigrid code smooths. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 1000
#endif
#ifndef SWEEPS
#define SWEEPS 80
#endif

static double U[N][N], F[N][N];

static void smooth(double w, double h2)
{
    int s, i, j;
#pragma scop
    for (s = 0; s < SWEEPS; s++)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                U[i][j] = (1.0 - w) * U[i][j]
                        + w * (4.0 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1])
                               + U[i - 1][j - 1] + U[i - 1][j + 1] + U[i + 1][j - 1]
                               + U[i + 1][j + 1] - 6.0 * h2 * F[i][j]) / 20.0;
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            F[i][j] = (double)((i * 5 + j * 9) % 19) / 19.0 - 0.5;
            U[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1)
                          ? (double)((i * 3 + j) % 7) / 7.0 : 0.0;
        }

    smooth(0.8, 1.0 / ((double)(N - 1) * (N - 1)));

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += U[i][j] * (double)(1 + (i * 5 + j) % 11);
    printf("%.10e\n", sum);
    return 0;
}
