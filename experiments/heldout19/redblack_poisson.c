/* Electrostatics: the potential in a 2-D cross-section of a device with a varying
 * permittivity, -div(eps grad u) = rho, by red-black successive over-relaxation: per
 * sweep the two colours in turn, every inner node of the colour picked by a parity
 * condition ((i + j) % 2 == c) inside the full loops, the face coefficients of the
 * node (east, west = Ae[i][j - 1], north, south = An[i - 1][j]) summed into a
 * block-local diagonal, the over-relaxed change (block-local) applied and the largest
 * change of the sweep kept (ternary, fabs); last the residual of every inner node and
 * its squared norm. Fixed potentials on the frame. Double precision, sizes are passed
 * through local int variables (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NN
#define NN 1000
#endif
#ifndef NSWEEP
#define NSWEEP 150
#endif

static void rb_sor(int n, int ns, double omega, double U[restrict n][n], const double Rho[restrict n][n],
                   const double Ae[restrict n][n], const double An[restrict n][n],
                   double Dmax[restrict ns], double R[restrict n][n], double *restrict rnorm)
{
    int s, c, i, j;
#pragma scop
    for (s = 0; s < ns; s++) {
        Dmax[s] = 0.0;
        for (c = 0; c < 2; c++)
            for (i = 1; i < n - 1; i++)
                for (j = 1; j < n - 1; j++)
                    if ((i + j) % 2 == c) {
                        double ap = Ae[i][j] + Ae[i][j - 1] + An[i][j] + An[i - 1][j];
                        double du = omega * ((Rho[i][j] + Ae[i][j] * U[i][j + 1] + Ae[i][j - 1] * U[i][j - 1]
                                              + An[i][j] * U[i + 1][j] + An[i - 1][j] * U[i - 1][j]) / ap - U[i][j]);
                        U[i][j] += du;
                        Dmax[s] = fabs(du) > Dmax[s] ? fabs(du) : Dmax[s];
                    }
    }
    *rnorm = 0.0;
    for (i = 1; i < n - 1; i++)
        for (j = 1; j < n - 1; j++) {
            R[i][j] = Rho[i][j] + Ae[i][j] * U[i][j + 1] + Ae[i][j - 1] * U[i][j - 1] + An[i][j] * U[i + 1][j]
                      + An[i - 1][j] * U[i - 1][j] - (Ae[i][j] + Ae[i][j - 1] + An[i][j] + An[i - 1][j]) * U[i][j];
            *rnorm += R[i][j] * R[i][j];
        }
#pragma endscop
}

int main(void)
{
    int n = NN, ns = NSWEEP;
    double (*U)[n] = malloc(sizeof(double[n][n])), (*Rho)[n] = malloc(sizeof(double[n][n]));
    double (*Ae)[n] = malloc(sizeof(double[n][n])), (*An)[n] = malloc(sizeof(double[n][n]));
    double (*R)[n] = malloc(sizeof(double[n][n]));
    double *Dmax = malloc(sizeof(double[ns]));
    double rnorm = 0.0;
    if (!U || !Rho || !Ae || !An || !R || !Dmax)
        return 1;
    /* permittivity 1 (oxide-like layers 4) in bands, two charge blobs of opposite sign,
     * the frame at 0 V except a gate strip at 1 V on the top edge */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double e = ((i / 37) % 3 == 0 ? 4.0 : 1.0) * (1.0 + 0.2 * (double)((i + 2 * j) % 5) / 5.0);
            Ae[i][j] = e;
            An[i][j] = 0.5 * e + 0.5 * (((j / 53) % 2) ? 3.0 : 1.0);
            double d1 = (double)((i - n / 3) * (i - n / 3) + (j - n / 3) * (j - n / 3));
            double d2 = (double)((i - 2 * n / 3) * (i - 2 * n / 3) + (j - n / 2) * (j - n / 2));
            Rho[i][j] = 1e-3 * (d1 < (double)(n * n) / 100.0 ? 1.0 : 0.0) - 7e-4 * (d2 < (double)(n * n) / 64.0 ? 1.0 : 0.0);
            U[i][j] = (i == 0 && j > n / 4 && j < 3 * n / 4) ? 1.0 : 0.0;
            R[i][j] = 0.0;
        }
    for (int s = 0; s < ns; s++)
        Dmax[s] = 0.0;

    rb_sor(n, ns, 1.9, U, Rho, Ae, An, Dmax, R, &rnorm);

    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += (U[i][j] + 1e3 * R[i][j]) * (double)(1 + (i + 3 * j) % 7);
    for (int s = 0; s < ns; s++)
        sum += 1e2 * Dmax[s] * (double)(1 + s % 5);
    sum += 1e6 * rnorm;
    printf("%.10e\n", sum);
    free(U); free(Rho); free(Ae); free(An); free(R); free(Dmax);
    return 0;
}
