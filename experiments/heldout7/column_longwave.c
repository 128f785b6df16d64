/* Longwave radiative cooling in the column physics of an atmospheric model (grey
 * two-stream scheme): for every model column and time step, each layer's transmissivity
 * from its optical depth (diffusivity factor 1.66, the depth growing with temperature
 * like the water vapour path) and its Planck emission sigma T^4; the downward flux
 * integrated from the top of the atmosphere (zero there) down to the surface, the
 * level loop counting down; the upward flux from the surface emission up to the top;
 * then every layer's temperature changed by its flux convergence plus a prescribed
 * solar / convective heating. Levels: layer k lies between interfaces k and k + 1,
 * k = 0 at the surface. Sizes are arguments; the time loop is outermost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCOL
#define NCOL 16384
#endif
#ifndef NLEV
#define NLEV 64
#endif
#ifndef STEPS
#define STEPS 40
#endif
#define SIG 5.670374e-8
#define DTHC (1800.0 / 1.6e5)

static void longwave(int nc, int nz, int nst, const double tau[restrict nc][nz],
                     const double Q[restrict nc][nz], double Tk[restrict nc][nz],
                     double Tr[restrict nc][nz], double B[restrict nc][nz],
                     double Fd[restrict nc][nz + 1], double Fu[restrict nc][nz + 1])
{
    int s, c, k;
#pragma scop
    for (s = 0; s < nst; s++) {
        for (c = 0; c < nc; c++)
            for (k = 0; k < nz; k++) {
                Tr[c][k] = exp(-1.66 * tau[c][k] * (Tk[c][k] / 260.0));
                B[c][k] = SIG * Tk[c][k] * Tk[c][k] * Tk[c][k] * Tk[c][k];
            }
        for (c = 0; c < nc; c++)
            for (k = nz - 1; k >= 0; k--)
                Fd[c][k] = Fd[c][k + 1] * Tr[c][k] + B[c][k] * (1.0 - Tr[c][k]);
        for (c = 0; c < nc; c++)
            for (k = 0; k < nz; k++)
                Fu[c][k + 1] = Fu[c][k] * Tr[c][k] + B[c][k] * (1.0 - Tr[c][k]);
        for (c = 0; c < nc; c++)
            for (k = 0; k < nz; k++)
                Tk[c][k] += DTHC * (Q[c][k] + Fu[c][k] - Fu[c][k + 1] + Fd[c][k + 1] - Fd[c][k]);
    }
#pragma endscop
}

int main(void)
{
    int nc = NCOL, nz = NLEV, nst = STEPS;
    double (*tau)[nz] = malloc(sizeof(double[nc][nz]));
    double (*Q)[nz] = malloc(sizeof(double[nc][nz]));
    double (*Tk)[nz] = malloc(sizeof(double[nc][nz]));
    double (*Tr)[nz] = malloc(sizeof(double[nc][nz]));
    double (*B)[nz] = malloc(sizeof(double[nc][nz]));
    double (*Fd)[nz + 1] = malloc(sizeof(double[nc][nz + 1]));
    double (*Fu)[nz + 1] = malloc(sizeof(double[nc][nz + 1]));
    if (!tau || !Q || !Tk || !Tr || !B || !Fd || !Fu)
        return 1;
    /* temperatures from 285-295 K at the surface falling linearly to 215-225 K at the
     * top; a column optical depth of 3 to 5, concentrated near the surface; heating
     * 0.5 to 2.5 W/m^2 per layer; the surface emits as a black body at 288-298 K and
     * nothing comes down from space. Every layer changes by well under 1 K per step. */
    for (int c = 0; c < nc; c++) {
        double dtc = 10.0 * (double)((c * 7) % 11) / 10.0;
        double od = 3.0 + 2.0 * (double)((c * 13) % 17) / 16.0;
        for (int k = 0; k < nz; k++) {
            double z = (double)k / (double)nz;
            Tk[c][k] = 285.0 + dtc - 70.0 * z;
            tau[c][k] = od * 2.0 * (1.0 - z) / (double)nz + 1e-3;
            Q[c][k] = 0.5 + 2.0 * (double)((c + 5 * k) % 9) / 8.0;
            Tr[c][k] = 0.0;
            B[c][k] = 0.0;
        }
        double ts = 288.0 + dtc;
        for (int k = 0; k <= nz; k++) {
            Fd[c][k] = 0.0;
            Fu[c][k] = 0.0;
        }
        Fu[c][0] = SIG * ts * ts * ts * ts;
    }

    longwave(nc, nz, nst, tau, Q, Tk, Tr, B, Fd, Fu);

    double sum = 0.0;
    for (int c = 0; c < nc; c++) {
        for (int k = 0; k < nz; k++)
            sum += Tk[c][k] * (double)(1 + (c + 2 * k) % 7);
        for (int k = 0; k <= nz; k++)
            sum += 1e-2 * (Fu[c][k] + 2.0 * Fd[c][k]) * (double)(1 + (3 * c + k) % 5);
    }
    printf("%.10e\n", sum);
    free(tau); free(Q); free(Tk); free(Tr); free(B); free(Fd); free(Fu);
    return 0;
}
