/* Petroleum reservoir engineering: waterflood performance of a set of linear core
 * and reservoir models by the Buckley-Leverett equation (immiscible displacement of
 * oil by water, no capillary pressure). Per case the Corey relative permeabilities
 * (normalised saturation clamped to [0, 1] by ternaries, pow) and the fractional
 * flow of water in every cell (block-local), then the explicit upwind update of the
 * water saturation; the injector cell held at 1 - Sor; at the producer the water cut
 * history, the cumulative oil recovered in pore volumes (recurrence over the steps)
 * and the water breakthrough time (ternary with &&); last the average saturation and
 * the recovery factor per case. Double precision, sizes are arguments passed directly
 * from macros (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCASE
#define NCASE 16
#endif
#ifndef NCELL
#define NCELL 200
#endif
#ifndef NSTEP
#define NSTEP 3400
#endif
#define CR 0.09

static void waterflood(int nc, int nx, int nt, const double Swc[restrict nc], const double Sor[restrict nc],
                       const double Mu[restrict nc], const double Nw[restrict nc], const double No[restrict nc],
                       const double Krw[restrict nc], double S[restrict nc][nx], double Fw[restrict nc][nx],
                       double Wc[restrict nc][nt], double Np[restrict nc], double Tbt[restrict nc], double Sav[restrict nc],
                       double Rf[restrict nc])
{
    int c, t, i;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (c = 0; c < nc; c++)
            S[c][0] = 1.0 - Sor[c];
        for (c = 0; c < nc; c++)
            for (i = 0; i < nx; i++) {
                double sn = (S[c][i] - Swc[c]) / (1.0 - Swc[c] - Sor[c]);
                double se = sn < 0.0 ? 0.0 : (sn > 1.0 ? 1.0 : sn);
                double krw = Krw[c] * pow(se, Nw[c]);
                double kro = pow(1.0 - se, No[c]);
                Fw[c][i] = krw / (krw + kro / Mu[c]);
            }
        for (c = 0; c < nc; c++)
            for (i = 1; i < nx; i++)
                S[c][i] = S[c][i] - CR * (Fw[c][i] - Fw[c][i - 1]);
        for (c = 0; c < nc; c++) {
            Wc[c][t] = Fw[c][nx - 1];
            Np[c] += CR / nx * (1.0 - Fw[c][nx - 1]);
            Tbt[c] = Fw[c][nx - 1] > 0.01 && Tbt[c] < 0.0 ? (t + 1) * CR / nx : Tbt[c];
        }
    }
    for (c = 0; c < nc; c++) {
        Sav[c] = 0.0;
        for (i = 0; i < nx; i++)
            Sav[c] += S[c][i] / nx;
        Rf[c] = (Sav[c] - Swc[c]) / (1.0 - Swc[c]);
    }
#pragma endscop
}

int main(void)
{
    double *Swc = malloc(sizeof(double[NCASE])), *Sor = malloc(sizeof(double[NCASE])), *Mu = malloc(sizeof(double[NCASE]));
    double *Nw = malloc(sizeof(double[NCASE])), *No = malloc(sizeof(double[NCASE])), *Krw = malloc(sizeof(double[NCASE]));
    double (*S)[NCELL] = malloc(sizeof(double[NCASE][NCELL])), (*Fw)[NCELL] = malloc(sizeof(double[NCASE][NCELL]));
    double (*Wc)[NSTEP] = malloc(sizeof(double[NCASE][NSTEP]));
    double *Np = malloc(sizeof(double[NCASE])), *Tbt = malloc(sizeof(double[NCASE])), *Sav = malloc(sizeof(double[NCASE]));
    double *Rf = malloc(sizeof(double[NCASE]));
    if (!Swc || !Sor || !Mu || !Nw || !No || !Krw || !S || !Fw || !Wc || !Np || !Tbt || !Sav || !Rf)
        return 1;
    /* connate water 0.10-0.25, residual oil 0.15-0.30, oil-water viscosity ratios
     * 1-20, Corey exponents 1.5-3, end-point water permeability 0.3-0.6; every case
     * starts at connate water saturation */
    for (int c = 0; c < NCASE; c++) {
        Swc[c] = 0.10 + 0.15 * (double)((c * 3) % 4) / 3.0;
        Sor[c] = 0.15 + 0.15 * (double)((c * 5) % 7) / 6.0;
        Mu[c] = 1.0 + 19.0 * (double)((c * 7) % 9) / 8.0;
        Nw[c] = 1.5 + 1.5 * (double)(c % 4) / 3.0;
        No[c] = 1.5 + 1.5 * (double)((c / 4) % 4) / 3.0;
        Krw[c] = 0.3 + 0.3 * (double)((c * 11) % 5) / 4.0;
        Np[c] = Sav[c] = Rf[c] = 0.0;
        Tbt[c] = -1.0;
        for (int i = 0; i < NCELL; i++) {
            S[c][i] = Swc[c];
            Fw[c][i] = 0.0;
        }
        for (int t = 0; t < NSTEP; t++)
            Wc[c][t] = 0.0;
    }

    waterflood(NCASE, NCELL, NSTEP, Swc, Sor, Mu, Nw, No, Krw, S, Fw, Wc, Np, Tbt, Sav, Rf);

    double sum = 0.0;
    for (int c = 0; c < NCASE; c++) {
        for (int i = 0; i < NCELL; i++)
            sum += ((double)S[c][i] + (double)Fw[c][i]) * (double)(1 + (c + 3 * i) % 7);
        for (int t = 0; t < NSTEP; t++)
            sum += 1e-2 * (double)Wc[c][t] * (double)(1 + (c + t) % 5);
        sum += ((double)Np[c] + (double)Tbt[c] + (double)Sav[c] + (double)Rf[c]) * (double)(1 + c % 3);
    }
    printf("%.10e\n", sum);
    free(Swc); free(Sor); free(Mu); free(Nw); free(No); free(Krw); free(S); free(Fw); free(Wc);
    free(Np); free(Tbt); free(Sav); free(Rf);
    return 0;
}
