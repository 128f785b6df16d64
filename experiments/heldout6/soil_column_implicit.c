/* Vertical heat conduction in the soil columns of a land-surface model: every column
 * is advanced by backward-Euler steps, each a tridiagonal system over the layers
 * (layer-dependent conductivities, so every column has its own coefficients) solved
 * by the Thomas algorithm - forward elimination down the column, then back
 * substitution upward (k from nz - 2 down to 0). Columns are independent; the time
 * loop is outermost. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NCOL
#define NCOL 8192
#endif
#ifndef NZ
#define NZ 256
#endif
#ifndef STEPS
#define STEPS 24
#endif

static void soil_steps(int steps, int ncol, int nz, const double lo[restrict ncol][nz],
                       const double dg[restrict ncol][nz], const double up[restrict ncol][nz],
                       const double Q[restrict ncol][nz], double T[restrict ncol][nz],
                       double cp[restrict ncol][nz], double dp[restrict ncol][nz])
{
    int s, c, k;
#pragma scop
    for (s = 0; s < steps; s++)
        for (c = 0; c < ncol; c++) {
            cp[c][0] = up[c][0] / dg[c][0];
            dp[c][0] = (T[c][0] + Q[c][0]) / dg[c][0];
            for (k = 1; k < nz; k++) {
                cp[c][k] = up[c][k] / (dg[c][k] - lo[c][k] * cp[c][k - 1]);
                dp[c][k] = (T[c][k] + Q[c][k] - lo[c][k] * dp[c][k - 1])
                         / (dg[c][k] - lo[c][k] * cp[c][k - 1]);
            }
            T[c][nz - 1] = dp[c][nz - 1];
            for (k = nz - 2; k >= 0; k--)
                T[c][k] = dp[c][k] - cp[c][k] * T[c][k + 1];
        }
#pragma endscop
}

int main(void)
{
    int steps = STEPS, ncol = NCOL, nz = NZ;
    double (*lo)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*dg)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*up)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*Q)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*T)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*cp)[nz] = malloc(sizeof(double[ncol][nz]));
    double (*dp)[nz] = malloc(sizeof(double[ncol][nz]));
    if (!lo || !dg || !up || !Q || !T || !cp || !dp)
        return 1;
    /* dt/dz^2 times the face conductivity between 0.05 and 0.45: the matrix is
     * diagonally dominant (diagonal 1 + both faces), insulated top and bottom; the
     * temperatures start between 270 and 300 K, the source (heating of the top layers,
     * root uptake below) is small, so they stay in that range */
    for (int c = 0; c < ncol; c++)
        for (int k = 0; k < nz; k++) {
            double kup = k == 0 ? 0.0 : 0.05 + 0.4 * (double)((c * 13 + k * 7) % 19) / 18.0;
            double kdn = k == nz - 1 ? 0.0 : 0.05 + 0.4 * (double)((c * 13 + (k + 1) * 7) % 19) / 18.0;
            lo[c][k] = -kup;
            up[c][k] = -kdn;
            dg[c][k] = 1.0 + kup + kdn;
            Q[c][k] = k < 8 ? 0.02 * (double)(1 + c % 5) : -0.001 * (double)(k % 3);
            T[c][k] = 270.0 + 30.0 * (double)((c * 7 + k * 3) % 29) / 28.0;
            cp[c][k] = 0.0;
            dp[c][k] = 0.0;
        }

    soil_steps(steps, ncol, nz, lo, dg, up, Q, T, cp, dp);

    double sum = 0.0;
    for (int c = 0; c < ncol; c++)
        for (int k = 0; k < nz; k++)
            sum += T[c][k] * (double)(1 + (c * 3 + k) % 11);
    printf("%.10e\n", sum);
    free(lo); free(dg); free(up); free(Q); free(T); free(cp); free(dp);
    return 0;
}
