/* Materials science (phase-field modelling): spinodal decomposition of a binary alloy
 * by the Cahn-Hilliard equation dc/dt = M lap(mu), mu = c^3 - c - KAPPA lap(c), with
 * explicit Euler steps on a square grid of unit spacing. Every step first the chemical
 * potential on the interior (block-local copy of the cell's concentration), then the
 * concentration update from the five-point Laplacian of mu one cell further in (the two
 * outer rings stay at their initial composition), then the interface content of the
 * microstructure, the sum of (1 - c^2)^2 (block-local double sum, one value per step).
 * Double precision, sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NROW
#define NROW 1024
#endif
#ifndef NCOL
#define NCOL 1024
#endif
#ifndef NSTEP
#define NSTEP 200
#endif
#define KAPPA 0.5   /* gradient energy coefficient */
#define DTM 0.02    /* time step times mobility */

static void cahn_hilliard(int n, int m, int nt, double C[restrict n][m],
                          double Mu[restrict n][m], double Ifc[restrict nt])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < m - 1; j++) {
                double c = C[i][j];
                Mu[i][j] = c * c * c - c - KAPPA * (C[i - 1][j] + C[i + 1][j] + C[i][j - 1] + C[i][j + 1] - 4.0 * c);
            }
        for (i = 2; i < n - 2; i++)
            for (j = 2; j < m - 2; j++)
                C[i][j] += DTM * (Mu[i - 1][j] + Mu[i + 1][j] + Mu[i][j - 1] + Mu[i][j + 1] - 4.0 * Mu[i][j]);
        double e = 0.0;
        for (i = 0; i < n; i++)
            for (j = 0; j < m; j++)
                e += (1.0 - C[i][j] * C[i][j]) * (1.0 - C[i][j] * C[i][j]);
        Ifc[t] = e;
    }
#pragma endscop
}

int main(void)
{
    double (*C)[NCOL] = malloc(sizeof(double[NROW][NCOL]));
    double (*Mu)[NCOL] = malloc(sizeof(double[NROW][NCOL]));
    double *Ifc = malloc(sizeof(double[NSTEP]));
    if (!C || !Mu || !Ifc)
        return 1;
    /* quenched alloy: composition slightly off-critical (mean 0.05 with a gentle
     * gradient), a +-0.08 modulation of wavelength about 9 cells (in the unstable band)
     * and a deterministic fluctuation of +-0.1 */
    for (int i = 0; i < NROW; i++) {
        double si = sin(0.7 * i + 0.001 * (double)i * i);
        for (int j = 0; j < NCOL; j++) {
            C[i][j] = 0.05 + 0.05 * (double)(i - NROW / 2) / NROW
                    + 0.08 * si * cos(0.65 * j + 0.3 * si)
                    + 0.1 * (double)((i * 37 + j * 91 + (i * j) % 13) % 21 - 10) / 10.0;
            Mu[i][j] = 0.0;
        }
    }
    for (int t = 0; t < NSTEP; t++)
        Ifc[t] = 0.0;

    cahn_hilliard(NROW, NCOL, NSTEP, C, Mu, Ifc);

    double sum = 0.0;
    for (int i = 0; i < NROW; i++)
        for (int j = 0; j < NCOL; j++)
            sum += (C[i][j] + 0.1 * Mu[i][j]) * (double)(1 + (i + 3 * j) % 7);
    for (int t = 0; t < NSTEP; t++)
        sum += 1e-4 * Ifc[t] * (double)(1 + t % 5);
    printf("%.10e\n", sum);
    free(C); free(Mu); free(Ifc);
    return 0;
}
