/* Contaminant transport in a layered aquifer: explicit 2-D diffusion with a spatially
 * varying diffusivity K (conservative form, each face coefficient the sum of the two
 * cell values), a source/sink term, and the concentration clamped at zero by fmax.
 * Ping-pong between two grids, two half steps per step; fixed boundary values.
 * Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void transport(int n, int m, int steps, double r, const double K[restrict n][m],
                      const double Q[restrict n][m], double U0[restrict n][m],
                      double U1[restrict n][m])
{
    int s, i, j;
#pragma scop
    for (s = 0; s < steps; s++) {
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < m - 1; j++)
                U1[i][j] = fmax(0.0, U0[i][j]
                    + r * ((K[i][j] + K[i][j + 1]) * (U0[i][j + 1] - U0[i][j])
                         - (K[i][j - 1] + K[i][j]) * (U0[i][j] - U0[i][j - 1])
                         + (K[i][j] + K[i + 1][j]) * (U0[i + 1][j] - U0[i][j])
                         - (K[i - 1][j] + K[i][j]) * (U0[i][j] - U0[i - 1][j]))
                    + Q[i][j]);
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < m - 1; j++)
                U0[i][j] = fmax(0.0, U1[i][j]
                    + r * ((K[i][j] + K[i][j + 1]) * (U1[i][j + 1] - U1[i][j])
                         - (K[i][j - 1] + K[i][j]) * (U1[i][j] - U1[i][j - 1])
                         + (K[i][j] + K[i + 1][j]) * (U1[i + 1][j] - U1[i][j])
                         - (K[i - 1][j] + K[i][j]) * (U1[i][j] - U1[i - 1][j]))
                    + Q[i][j]);
    }
#pragma endscop
}

int main(void)
{
    int n = 1200, m = 1200, steps = 70;
    double (*K)[m] = malloc(sizeof(double[n][m]));
    double (*Q)[m] = malloc(sizeof(double[n][m]));
    double (*U0)[m] = malloc(sizeof(double[n][m]));
    double (*U1)[m] = malloc(sizeof(double[n][m]));
    if (!K || !Q || !U0 || !U1)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            /* layers of different permeability, in [0.05, 1] */
            K[i][j] = 0.05 + 0.95 * (double)(((i + j / 8) / 40) % 5) / 4.0
                    * (1.0 - 0.3 * (double)((i * 3 + j) % 7) / 7.0);
            /* a few wells injecting, a line of extraction */
            Q[i][j] = ((i % 150) == 75 && (j % 200) == 100) ? 0.05
                    : ((j == 3 * m / 4) ? -2e-4 : 0.0);
            U0[i][j] = (j == 0) ? 1.0 : 0.0;
            U1[i][j] = U0[i][j];
        }

    transport(n, m, steps, 0.1, K, Q, U0, U1);

    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            sum += U0[i][j] * (double)(1 + (i * 5 + j) % 13);
    printf("%.10e\n", sum);
    free(K); free(Q); free(U0); free(U1);
    return 0;
}
