/* Hydraulic engineering: water hammer in a set of reservoir-pipe-valve pipelines after a
 * valve closure, by the method of characteristics on the characteristic grid
 * (dt = dx / a). Every step: at the interior nodes of every pipe the C+ and C-
 * invariants from the two neighbours with the quadratic friction term (block-local,
 * fabs), the new discharge and head from them; the upstream reservoir node (fixed
 * head, C- from the first interior node); the downstream valve node with the relative
 * opening of a closure law (1 - t / Tc)^Em until the closure time, closed after it
 * (ternary, pow) and the valve equation solved for the discharge (sqrt, ternary
 * guard for a non-positive C+); then the new values copied back and the head envelope
 * (maximum and minimum over time, ternaries) updated. Double precision, sizes are
 * arguments passed directly from the macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPIPE
#define NPIPE 256
#endif
#ifndef NREACH
#define NREACH 400
#endif
#ifndef NSTEP
#define NSTEP 4000
#endif
#define DTS 0.01     /* time step, s */
#define H0 150.0     /* reservoir head, m */

static void hammer(int np, int nx, int nt, const double Bc[restrict np], const double Rc[restrict np],
                   const double Tc[restrict np], const double Em[restrict np], const double Q0[restrict np],
                   const double Hv[restrict np], double Q[restrict np][nx + 1],
                   double H[restrict np][nx + 1], double Qn[restrict np][nx + 1],
                   double Hn[restrict np][nx + 1], double Hmax[restrict np][nx + 1],
                   double Hmin[restrict np][nx + 1])
{
    int t, p, i;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (p = 0; p < np; p++)
            for (i = 1; i < nx; i++) {
                double cp = H[p][i - 1] + Bc[p] * Q[p][i - 1] - Rc[p] * Q[p][i - 1] * fabs(Q[p][i - 1]);
                double cm = H[p][i + 1] - Bc[p] * Q[p][i + 1] + Rc[p] * Q[p][i + 1] * fabs(Q[p][i + 1]);
                Hn[p][i] = 0.5 * (cp + cm);
                Qn[p][i] = (cp - cm) / (2.0 * Bc[p]);
            }
        for (p = 0; p < np; p++) {
            double cm = H[p][1] - Bc[p] * Q[p][1] + Rc[p] * Q[p][1] * fabs(Q[p][1]);
            Hn[p][0] = H0;
            Qn[p][0] = (H0 - cm) / Bc[p];
            double cp = H[p][nx - 1] + Bc[p] * Q[p][nx - 1] - Rc[p] * Q[p][nx - 1] * fabs(Q[p][nx - 1]);
            double tau = (t + 1) * DTS < Tc[p] ? pow(1.0 - (t + 1) * DTS / Tc[p], Em[p]) : 0.0;
            double cv = tau * tau * Q0[p] * Q0[p] / Hv[p];
            Qn[p][nx] = cp > 0.0 ? 0.5 * (sqrt(Bc[p] * Bc[p] * cv * cv + 4.0 * cv * cp) - Bc[p] * cv) : 0.0;
            Hn[p][nx] = cp - Bc[p] * Qn[p][nx];
        }
        for (p = 0; p < np; p++)
            for (i = 0; i <= nx; i++) {
                Q[p][i] = Qn[p][i];
                H[p][i] = Hn[p][i];
                Hmax[p][i] = Hn[p][i] > Hmax[p][i] ? Hn[p][i] : Hmax[p][i];
                Hmin[p][i] = Hn[p][i] < Hmin[p][i] ? Hn[p][i] : Hmin[p][i];
            }
    }
#pragma endscop
}

int main(void)
{
    double *Bc = malloc(sizeof(double[NPIPE]));
    double *Rc = malloc(sizeof(double[NPIPE]));
    double *Tc = malloc(sizeof(double[NPIPE]));
    double *Em = malloc(sizeof(double[NPIPE]));
    double *Q0 = malloc(sizeof(double[NPIPE]));
    double *Hv = malloc(sizeof(double[NPIPE]));
    double (*Q)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    double (*H)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    double (*Qn)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    double (*Hn)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    double (*Hmax)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    double (*Hmin)[NREACH + 1] = malloc(sizeof(double[NPIPE][NREACH + 1]));
    if (!Bc || !Rc || !Tc || !Em || !Q0 || !Hv || !Q || !H || !Qn || !Hn || !Hmax || !Hmin)
        return 1;
    /* steel and ductile-iron pipes: wave speed 900 to 1300 m/s (reach dx = a dt),
     * diameter 0.3 to 0.8 m, Darcy friction 0.012 to 0.03, velocity 0.3 to 0.9 m/s;
     * closure in 1 to 12 s with exponent 0.6 to 2.5; steady state: uniform
     * discharge, head falling linearly by the friction loss, the valve's steady head
     * Hv at the last node */
    for (int p = 0; p < NPIPE; p++) {
        double a = 900.0 + 400.0 * (double)((p * 37) % 53) / 52.0;
        double dia = 0.3 + 0.5 * (double)((p * 17 + 3) % 29) / 28.0;
        double f = 0.012 + 0.018 * (double)((p * 11 + 5) % 23) / 22.0;
        double area = 0.785398163 * dia * dia;
        double dx = a * DTS;
        Bc[p] = a / (9.81 * area);
        Rc[p] = f * dx / (2.0 * 9.81 * dia * area * area);
        Tc[p] = 1.0 + 11.0 * (double)((p * 13 + 1) % 31) / 30.0;
        Em[p] = 0.6 + 1.9 * (double)((p * 7 + 2) % 19) / 18.0;
        Q0[p] = area * (0.3 + 0.6 * (double)((p * 29 + 4) % 41) / 40.0);
        double dh = Rc[p] * Q0[p] * Q0[p];
        for (int i = 0; i <= NREACH; i++) {
            Q[p][i] = Qn[p][i] = Q0[p];
            H[p][i] = Hn[p][i] = Hmax[p][i] = Hmin[p][i] = H0 - dh * i;
        }
        Hv[p] = H0 - dh * NREACH;
    }

    hammer(NPIPE, NREACH, NSTEP, Bc, Rc, Tc, Em, Q0, Hv, Q, H, Qn, Hn, Hmax, Hmin);

    double sum = 0.0;
    for (int p = 0; p < NPIPE; p++)
        for (int i = 0; i <= NREACH; i++)
            sum += (1e-2 * H[p][i] + 1e2 * Q[p][i] + 1e-2 * (Hmax[p][i] + Hmin[p][i])) * (double)(1 + (p + 3 * i) % 7);
    printf("%.10e\n", sum);
    free(Bc); free(Rc); free(Tc); free(Em); free(Q0); free(Hv);
    free(Q); free(H); free(Qn); free(Hn); free(Hmax); free(Hmin);
    return 0;
}
