/* Atmospheric tracer transport: a passive tracer advected through a 2-D shear flow
 * (x-velocity varying with the row, y-velocity with the column, so the flow is
 * divergence-free) by a dimension-split second-order upwind finite-volume scheme with
 * minmod-limited slopes (ternaries, fabs): per step the x slopes, x face fluxes and x
 * update, then the same along y, and the tracer mass and maximum of the step. Two
 * ghost layers hold fixed inflow values. Flat 1-D arrays indexed i * nx + j with the
 * row length nx a parameter. Double precision, sizes are arguments passed directly
 * from macros (flat restrict pointers). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NYY
#define NYY 800
#endif
#ifndef NXX
#define NXX 800
#endif
#ifndef NT
#define NT 360
#endif

static void muscl(int ny, int nx, int nt, const double *restrict U, const double *restrict V,
                  double *restrict q, double *restrict s, double *restrict F,
                  double *restrict Mass, double *restrict Qmax)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 2; i < ny - 2; i++)
            for (j = 1; j < nx - 1; j++) {
                double dl = q[i * nx + j] - q[i * nx + j - 1];
                double dr = q[i * nx + j + 1] - q[i * nx + j];
                s[i * nx + j] = dl * dr <= 0.0 ? 0.0 : (fabs(dl) < fabs(dr) ? dl : dr);
            }
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 1; j++)
                F[i * nx + j] = U[i] * (q[i * nx + j - 1] + 0.5 * (1.0 - U[i]) * s[i * nx + j - 1]);
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 2; j++)
                q[i * nx + j] -= F[i * nx + j + 1] - F[i * nx + j];
        for (i = 1; i < ny - 1; i++)
            for (j = 2; j < nx - 2; j++) {
                double dl = q[i * nx + j] - q[(i - 1) * nx + j];
                double dr = q[(i + 1) * nx + j] - q[i * nx + j];
                s[i * nx + j] = dl * dr <= 0.0 ? 0.0 : (fabs(dl) < fabs(dr) ? dl : dr);
            }
        for (i = 2; i < ny - 1; i++)
            for (j = 2; j < nx - 2; j++)
                F[i * nx + j] = V[j] * (q[(i - 1) * nx + j] + 0.5 * (1.0 - V[j]) * s[(i - 1) * nx + j]);
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 2; j++)
                q[i * nx + j] -= F[(i + 1) * nx + j] - F[i * nx + j];
        Mass[t] = 0.0;
        Qmax[t] = 0.0;
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 2; j++) {
                Mass[t] += q[i * nx + j];
                Qmax[t] = q[i * nx + j] > Qmax[t] ? q[i * nx + j] : Qmax[t];
            }
    }
#pragma endscop
}

int main(void)
{
    double *q = malloc(sizeof(double) * NYY * NXX), *s = malloc(sizeof(double) * NYY * NXX);
    double *F = malloc(sizeof(double) * NYY * NXX);
    double *U = malloc(sizeof(double) * NYY), *V = malloc(sizeof(double) * NXX);
    double *Mass = malloc(sizeof(double) * NT), *Qmax = malloc(sizeof(double) * NT);
    if (!q || !s || !F || !U || !V || !Mass || !Qmax)
        return 1;
    /* Courant numbers (velocity * dt / dx) between 0.1 and 0.45; a smooth plume, a
     * sharp-edged square and a faint background; inflow ghosts carry the background */
    for (int i = 0; i < NYY; i++)
        U[i] = 0.1 + 0.35 * (double)((i * 7) % 100) / 100.0 * (double)i / (double)NYY;
    for (int j = 0; j < NXX; j++)
        V[j] = 0.1 + 0.25 * (double)j / (double)NXX;
    for (int i = 0; i < NYY; i++)
        for (int j = 0; j < NXX; j++) {
            double dx = (double)(j - NXX / 4) / (double)NXX, dy = (double)(i - NYY / 3) / (double)NYY;
            double plume = exp(-80.0 * (dx * dx + dy * dy));
            int in_sq = i > NYY / 2 && i < 2 * NYY / 3 && j > NXX / 2 && j < 5 * NXX / 8;
            q[i * NXX + j] = 0.05 + plume + (in_sq ? 0.8 : 0.0);
            s[i * NXX + j] = 0.0;
            F[i * NXX + j] = 0.0;
        }
    for (int t = 0; t < NT; t++)
        Mass[t] = Qmax[t] = 0.0;

    muscl(NYY, NXX, NT, U, V, q, s, F, Mass, Qmax);

    double sum = 0.0;
    for (int i = 0; i < NYY; i++)
        for (int j = 0; j < NXX; j++)
            sum += (q[i * NXX + j] + 10.0 * s[i * NXX + j] + F[i * NXX + j]) * (double)(1 + (i + 3 * j) % 7);
    for (int t = 0; t < NT; t++)
        sum += (1e-3 * Mass[t] + Qmax[t]) * (double)(1 + t % 5);
    printf("%.10e\n", sum);
    free(q); free(s); free(F); free(U); free(V); free(Mass); free(Qmax);
    return 0;
}
