/* Elastodynamics: explicit time stepping of the 2-D Navier-Lame equations of a
 * heterogeneous elastic plate (plane strain), rho u_tt = (lambda + 2 mu) u_xx +
 * mu u_yy + (lambda + mu) v_xy and rho v_tt = mu v_xx + (lambda + 2 mu) v_yy +
 * (lambda + mu) u_xy, with second differences and the four-point mixed derivatives
 * (block-local uxy, vxy), the inverse density per cell, a clamped edge, and the
 * velocities then the displacements advanced (symplectic Euler). Double precision,
 * sizes are arguments passed directly from the macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTEP
#define NSTEP 240
#endif
#ifndef NROW
#define NROW 720
#endif
#ifndef NCOL
#define NCOL 720
#endif
#define DT 0.2
#define LAM 2.0
#define MU 1.0

static void lame(int nt, int ny, int nx, const double Bi[restrict ny][nx],
                 double U[restrict ny][nx], double V[restrict ny][nx],
                 double P[restrict ny][nx], double Q[restrict ny][nx])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++) {
                double uxy = 0.25 * (U[i + 1][j + 1] - U[i + 1][j - 1] - U[i - 1][j + 1] + U[i - 1][j - 1]);
                double vxy = 0.25 * (V[i + 1][j + 1] - V[i + 1][j - 1] - V[i - 1][j + 1] + V[i - 1][j - 1]);
                P[i][j] += DT * Bi[i][j] * ((LAM + 2.0 * MU) * (U[i][j + 1] - 2.0 * U[i][j] + U[i][j - 1])
                                            + MU * (U[i + 1][j] - 2.0 * U[i][j] + U[i - 1][j]) + (LAM + MU) * vxy);
                Q[i][j] += DT * Bi[i][j] * (MU * (V[i][j + 1] - 2.0 * V[i][j] + V[i][j - 1])
                                            + (LAM + 2.0 * MU) * (V[i + 1][j] - 2.0 * V[i][j] + V[i - 1][j]) + (LAM + MU) * uxy);
            }
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++) {
                U[i][j] += DT * P[i][j];
                V[i][j] += DT * Q[i][j];
            }
    }
#pragma endscop
}

int main(void)
{
    int ny = NROW, nx = NCOL;
    double (*Bi)[nx] = malloc(sizeof(double[ny][nx]));
    double (*U)[nx] = malloc(sizeof(double[ny][nx]));
    double (*V)[nx] = malloc(sizeof(double[ny][nx]));
    double (*P)[nx] = malloc(sizeof(double[ny][nx]));
    double (*Q)[nx] = malloc(sizeof(double[ny][nx]));
    if (!Bi || !U || !V || !P || !Q)
        return 1;
    /* densities 1 to 2 in layers (inverse 0.5 to 1); initial displacement: a smooth
     * bump of amplitude 1 plus a weak long-wave shear pattern, zero on the edge; at
     * rest */
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++) {
            double y = (double)i / (ny - 1), x = (double)j / (nx - 1);
            double r2 = (x - 0.4) * (x - 0.4) + (y - 0.55) * (y - 0.55);
            int edge = i == 0 || j == 0 || i == ny - 1 || j == nx - 1;
            Bi[i][j] = 1.0 / (1.0 + (double)((i / 16 + j / 48) % 5) / 4.0);
            U[i][j] = edge ? 0.0 : exp(-400.0 * r2) + 0.1 * sin(M_PI * x) * sin(2.0 * M_PI * y);
            V[i][j] = edge ? 0.0 : 0.5 * exp(-400.0 * r2) + 0.1 * sin(2.0 * M_PI * x) * sin(M_PI * y);
            P[i][j] = Q[i][j] = 0.0;
        }

    lame(NSTEP, NROW, NCOL, Bi, U, V, P, Q);

    double sum = 0.0;
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++)
            sum += (U[i][j] + 2.0 * V[i][j] + P[i][j] + 0.5 * Q[i][j]) * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(Bi); free(U); free(V); free(P); free(Q);
    return 0;
}
