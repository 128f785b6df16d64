/* Wind energy: wake losses of a large offshore wind farm for a full wind rose by the
 * Jensen (top-hat) wake model. For every wind-direction sector the turbines are given in
 * rotated coordinates, sorted by their downwind position X[c][i], so turbine j sees the
 * wakes of the turbines i < j only (triangular). The wake of turbine i widens linearly
 * with the downwind distance, radius R0 + KW * dx; turbine j lies in it when the
 * crosswind offset is smaller than that radius (ternary), the velocity deficit then
 * being (1 - sqrt(1 - CT)) * (R0 / rw)^2. Deficits combine as the root of the sum of
 * squares (block-local accumulator, started at a small ambient term), and the waked
 * wind speed of every turbine is stored. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSECT
#define NSECT 180
#endif
#ifndef NTURB
#define NTURB 2560
#endif
#define R0 60.0      /* rotor radius, m */
#define KW 0.05      /* wake decay constant (offshore) */
#define CT 0.8       /* thrust coefficient */
#define AMB 1e-4     /* ambient term of the squared-deficit sum */

static void wake(int nc, int nt, const double X[restrict nc][nt],
                 const double Y[restrict nc][nt], const double U0[restrict nc],
                 double U[restrict nc][nt])
{
    int c, i, j;
#pragma scop
    for (c = 0; c < nc; c++)
        for (j = 0; j < nt; j++) {
            double s = AMB;
            for (i = 0; i < j; i++) {
                double dx = X[c][j] - X[c][i];
                double rw = R0 + KW * dx;
                double def = fabs(Y[c][j] - Y[c][i]) < rw
                           ? (1.0 - sqrt(1.0 - CT)) * (R0 / rw) * (R0 / rw) : 0.0;
                s += def * def;
            }
            U[c][j] = U0[c] * (1.0 - sqrt(s));
        }
#pragma endscop
}

int main(void)
{
    int nc = NSECT, nt = NTURB;
    double (*X)[nt] = malloc(sizeof(double[nc][nt]));
    double (*Y)[nt] = malloc(sizeof(double[nc][nt]));
    double (*U)[nt] = malloc(sizeof(double[nc][nt]));
    double *U0 = malloc(sizeof(double[nc]));
    if (!X || !Y || !U || !U0)
        return 1;
    /* turbines on a slightly sheared grid, 7 rotor diameters apart, projected on the
     * sector's direction; the downwind coordinate grows with the index (sorted), 1 to
     * 5 m between consecutive turbines plus a jump of 840 m at every 64th, and the
     * crosswind offsets wrap within +-4 km, so a turbine is waked by some tens to some
     * hundreds of upstream turbines; free-stream speeds 7 to 12 m/s */
    for (int c = 0; c < nc; c++) {
        U0[c] = 7.0 + 5.0 * (double)((c * 13) % 37) / 36.0;
        double x = 0.0;
        for (int i = 0; i < nt; i++) {
            x += (i % 64 == 0 ? 840.0 : 1.0 + (double)((i * 7 + c) % 5));
            X[c][i] = x;
            Y[c][i] = -4000.0 + (double)(((i % 64) * 840 + c * 97 + (i / 64) * 131) % 8000);
            U[c][i] = 0.0;
        }
    }

    wake(nc, nt, X, Y, U0, U);

    double sum = 0.0;
    for (int c = 0; c < nc; c++)
        for (int j = 0; j < nt; j++)
            sum += U[c][j] * U[c][j] * U[c][j] * (double)(1 + (c + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(X); free(Y); free(U); free(U0);
    return 0;
}
