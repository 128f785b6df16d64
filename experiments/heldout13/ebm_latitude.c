/* Climate: a one-dimensional diffusive energy balance model (North / Budyko-Sellers)
 * in sine of latitude, integrated to equilibrium for a set of forcing scenarios
 * (solar constant and greenhouse forcing varied together). Per time step and
 * scenario, every latitude band: the albedo by a ternary on its temperature (ice
 * below -10 C, otherwise the P2-shaped ocean/land albedo), the absorbed insolation,
 * the outgoing longwave A + B T, the meridional heat transport as the divergence of
 * D (1 - x^2) dT/dx (face weights precomputed, zero at the poles, ghost bands in the
 * padding), block-local terms, the new temperature in a second array; then the
 * temperatures copied back and their running sum kept for the time mean; last the
 * area-weighted global mean and the ice-edge count of every scenario. Double
 * precision, sizes are arguments passed as macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTEP
#define NSTEP 12000
#endif
#ifndef NSC
#define NSC 384
#endif
#ifndef NLAT
#define NLAT 180
#endif
#define DT 0.001     /* years */
#define CAP 9.8      /* heat capacity, W yr m^-2 K^-1 */
#define AOLR 203.3
#define BOLR 2.09
#define DIFF 0.55

static void ebm(int nt, int ns, int nl, const double Sx[restrict nl + 2],
                const double P2[restrict nl + 2], const double Wf[restrict nl + 2],
                const double Q[restrict ns], const double F[restrict ns],
                double T[restrict ns][nl + 2], double Tn[restrict ns][nl + 2],
                double Tm[restrict ns][nl + 2], double G[restrict ns], double Ice[restrict ns])
{
    int t, s, j;
    double idx2 = 1.0 / ((2.0 / nl) * (2.0 / nl));
#pragma scop
    for (t = 0; t < nt; t++) {
        for (s = 0; s < ns; s++)
            for (j = 1; j <= nl; j++) {
                double alb = T[s][j] < -10.0 ? 0.62 : 0.30 + 0.08 * P2[j];
                double asr = Q[s] * Sx[j] * (1.0 - alb);
                double olr = AOLR + BOLR * T[s][j];
                double tr = DIFF * idx2 * (Wf[j] * (T[s][j + 1] - T[s][j]) - Wf[j - 1] * (T[s][j] - T[s][j - 1]));
                Tn[s][j] = T[s][j] + DT / CAP * (asr - olr + F[s] + tr);
            }
        for (s = 0; s < ns; s++)
            for (j = 1; j <= nl; j++) {
                T[s][j] = Tn[s][j];
                Tm[s][j] += Tn[s][j];
            }
    }
    for (s = 0; s < ns; s++) {
        G[s] = 0.0;
        Ice[s] = 0.0;
        for (j = 1; j <= nl; j++) {
            G[s] += Tm[s][j] / (nt * nl);
            Ice[s] += T[s][j] < -10.0 ? 1.0 : 0.0;
        }
    }
#pragma endscop
}

int main(void)
{
    double *Sx = malloc(sizeof(double[NLAT + 2]));
    double *P2 = malloc(sizeof(double[NLAT + 2]));
    double *Wf = malloc(sizeof(double[NLAT + 2]));
    double *Q = malloc(sizeof(double[NSC]));
    double *F = malloc(sizeof(double[NSC]));
    double *G = malloc(sizeof(double[NSC]));
    double *Ice = malloc(sizeof(double[NSC]));
    double (*T)[NLAT + 2] = malloc(sizeof(double[NSC][NLAT + 2]));
    double (*Tn)[NLAT + 2] = malloc(sizeof(double[NSC][NLAT + 2]));
    double (*Tm)[NLAT + 2] = malloc(sizeof(double[NSC][NLAT + 2]));
    if (!Sx || !P2 || !Wf || !Q || !F || !G || !Ice || !T || !Tn || !Tm)
        return 1;
    /* bands j = 1 .. NLAT at x = sin(latitude) = -1 + (j - 0.5) dx; face j between
     * bands j and j + 1 at x = -1 + j dx, weight 1 - x^2 (0 at both poles); annual
     * insolation shape 1 - 0.482 P2(x); Q = 320 to 360 W m^-2, forcing -6 to +8 W m^-2;
     * start 10 - 30 x^2 C; ghost bands hold 0 and are multiplied by zero weights */
    double dx = 2.0 / NLAT;
    for (int j = 0; j < NLAT + 2; j++) {
        double x = -1.0 + (j - 0.5) * dx, xf = -1.0 + j * dx;
        P2[j] = 0.5 * (3.0 * x * x - 1.0);
        Sx[j] = 1.0 - 0.482 * P2[j];
        Wf[j] = j <= NLAT ? 1.0 - xf * xf : 0.0;
    }
    Wf[0] = Wf[NLAT] = 0.0;
    for (int s = 0; s < NSC; s++) {
        Q[s] = 320.0 + 40.0 * (double)((s * 7) % NSC) / (NSC - 1);
        F[s] = -6.0 + 14.0 * (double)((s * 5) % NSC) / (NSC - 1);
        G[s] = Ice[s] = 0.0;
        for (int j = 0; j < NLAT + 2; j++) {
            double x = -1.0 + (j - 0.5) * dx;
            T[s][j] = j >= 1 && j <= NLAT ? 10.0 - 30.0 * x * x : 0.0;
            Tn[s][j] = T[s][j];
            Tm[s][j] = 0.0;
        }
    }

    ebm(NSTEP, NSC, NLAT, Sx, P2, Wf, Q, F, T, Tn, Tm, G, Ice);

    double sum = 0.0;
    for (int s = 0; s < NSC; s++) {
        for (int j = 1; j <= NLAT; j++)
            sum += (T[s][j] + 1e-3 * Tm[s][j]) * (double)(1 + (s + 3 * j) % 7);
        sum += (G[s] + Ice[s]) * (double)(1 + s % 5);
    }
    printf("%.10e\n", sum);
    free(Sx); free(P2); free(Wf); free(Q); free(F); free(G); free(Ice); free(T);
    free(Tn); free(Tm);
    return 0;
}
