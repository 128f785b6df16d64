/* Successive over-relaxation for the 2-D Poisson equation on a square grid, swept in
 * place (Gauss-Seidel order), a fixed number of sweeps. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 1500
#endif
#ifndef SWEEPS
#define SWEEPS 60
#endif

static double U[N][N], F[N][N];

static void sor(double omega, double h2)
{
    int s, i, j;
#pragma scop
    for (s = 0; s < SWEEPS; s++)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                U[i][j] = (1.0 - omega) * U[i][j]
                        + omega * 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1]
                                          + U[i][j + 1] - h2 * F[i][j]);
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            F[i][j] = (double)((i * 7 + j * 3) % 17) / 17.0 - 0.5;
            U[i][j] = (i == 0 || j == 0 || i == N - 1 || j == N - 1)
                          ? (double)((i + j) % 5) / 5.0 : 0.0;
        }

    sor(1.5, 1.0 / ((double)(N - 1) * (N - 1)));

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += U[i][j] * (double)(1 + (i * 3 + j) % 7);
    printf("%.10e\n", sum);
    return 0;
}
