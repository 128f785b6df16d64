/* Computational fluid dynamics: lattice Boltzmann method, D2Q9 lattice with the BGK
 * collision operator. The nine distributions are stored as F[a][b][i][j], direction
 * (a, b) moving with lattice velocity (cx, cy) = (b - 1, a - 1), so the streaming
 * offsets are affine in the direction indices. Every time step first collides each
 * interior cell into the post-collision buffer P: density and momentum as block-local
 * sums over the nine directions, then relaxation towards the second-order equilibrium
 * W[a][b] rho (1 + 3 c.u + 4.5 (c.u)^2 - 1.5 u.u) with u = momentum / rho. Then every
 * interior cell pulls its distributions from the neighbours upwind (pull streaming,
 * P[a][b][i + 1 - a][j + 1 - b]) back into F. The one-cell frame holds fixed
 * equilibrium distributions of a uniform far-field flow (in both buffers, never
 * written). Sizes as macros, heap arrays. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NY
#define NY 600
#endif
#ifndef NX
#define NX 600
#endif
#ifndef NSTEP
#define NSTEP 100
#endif
#define OMEGA 1.6     /* relaxation rate 1 / tau, kinematic viscosity 0.0417 */
#define UFAR 0.04     /* far-field velocity along x, lattice units */

static void lbm(double (*restrict F)[3][NY][NX], double (*restrict P)[3][NY][NX],
                const double W[restrict 3][3])
{
    int t, i, j, a, b;
#pragma scop
    for (t = 0; t < NSTEP; t++) {
        for (i = 1; i < NY - 1; i++)
            for (j = 1; j < NX - 1; j++) {
                double rho = 0.0;
                double jx = 0.0;
                double jy = 0.0;
                for (a = 0; a < 3; a++)
                    for (b = 0; b < 3; b++) {
                        rho += F[a][b][i][j];
                        jx += (b - 1) * F[a][b][i][j];
                        jy += (a - 1) * F[a][b][i][j];
                    }
                for (a = 0; a < 3; a++)
                    for (b = 0; b < 3; b++)
                        P[a][b][i][j] = F[a][b][i][j] + OMEGA * (W[a][b] * rho
                            * (1.0 + 3.0 * ((b - 1) * jx + (a - 1) * jy) / rho
                               + 4.5 * ((b - 1) * jx + (a - 1) * jy) * ((b - 1) * jx + (a - 1) * jy) / (rho * rho)
                               - 1.5 * (jx * jx + jy * jy) / (rho * rho))
                            - F[a][b][i][j]);
            }
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++)
                for (i = 1; i < NY - 1; i++)
                    for (j = 1; j < NX - 1; j++)
                        F[a][b][i][j] = P[a][b][i + 1 - a][j + 1 - b];
    }
#pragma endscop
}

int main(void)
{
    double (*F)[3][NY][NX] = malloc(sizeof(double[3][3][NY][NX]));
    double (*P)[3][NY][NX] = malloc(sizeof(double[3][3][NY][NX]));
    double W[3][3];
    if (!F || !P)
        return 1;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            W[a][b] = (a == 1 && b == 1) ? 4.0 / 9.0 : (a == 1 || b == 1) ? 1.0 / 9.0 : 1.0 / 36.0;
    /* equilibrium of density 1 +- 0.02 and a velocity of at most about 0.06: the far
     * field (frame) flows along x at UFAR, the interior adds a smooth vortex street
     * pattern; every distribution stays between about 0.02 and 0.5 */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++) {
            int frame = i == 0 || j == 0 || i == NY - 1 || j == NX - 1;
            double rho = frame ? 1.0 : 1.0 + 0.02 * (double)((i * 7 + j * 3) % 11 - 5) / 5.0;
            double ux = UFAR + (frame ? 0.0 : 0.02 * (double)((i / 8 + j / 16) % 5 - 2) / 2.0);
            double uy = frame ? 0.0 : 0.02 * (double)((j / 8 + 2 * (i / 16)) % 5 - 2) / 2.0;
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double cu = (b - 1) * ux + (a - 1) * uy;
                    F[a][b][i][j] = W[a][b] * rho * (1.0 + 3.0 * cu + 4.5 * cu * cu
                                                      - 1.5 * (ux * ux + uy * uy));
                    P[a][b][i][j] = F[a][b][i][j];
                }
        }

    lbm(F, P, W);

    double sum = 0.0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < NY; i++)
                for (int j = 0; j < NX; j++)
                    sum += F[a][b][i][j] * (double)(1 + (3 * a + b + i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(F); free(P);
    return 0;
}
