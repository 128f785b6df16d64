/* Electroanalytical chemistry: digital simulation of cyclic voltammograms of a
 * one-electron reduction O + e- = R at a planar electrode for a set of experiments
 * (scan rates from 10 mV/s to 1 V/s, standard rate constants from quasi-irreversible
 * to reversible). The potential waveform (ternary between the forward and the reverse
 * sweep) and the Butler-Volmer rate constants of every step (exp); the grid spacing of
 * every experiment (sqrt); then per experiment and time step a backward-Euler
 * diffusion step on a uniform grid solved by the Thomas algorithm: the electrode row
 * from the Butler-Volmer flux condition, the forward elimination (a recurrence over
 * the nodes with a block-local pivot reciprocal), the back substitution from the bulk
 * (a recurrence from the far end), the current from the surface gradient; last per
 * experiment the cathodic and anodic peak currents and potentials and the passed
 * charge (ternaries). Double precision, sizes are arguments passed directly from
 * macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NEXP
#define NEXP 32
#endif
#ifndef NX
#define NX 256
#endif
#ifndef NT
#define NT 5000
#endif
#define DIFF 1.0e-9
#define CB 1.0
#define FARADAY 96485.0
#define FRT 38.92
#define ALPHA 0.5

static void voltammetry(int ne, int nx, int nt, double lam, const double Rate[restrict ne], const double K0[restrict ne],
                        double Ep[restrict nt + 1], double Kf[restrict ne][nt + 1], double Kb[restrict ne][nt + 1],
                        double H[restrict ne], double C[restrict ne][nx], double Cp[restrict ne][nx], double Dp[restrict ne][nx],
                        double Ic[restrict ne][nt + 1], double Ipc[restrict ne], double Epc[restrict ne], double Ipa[restrict ne],
                        double Epa[restrict ne], double Qc[restrict ne])
{
    int e, t, i;
#pragma scop
    for (t = 0; t <= nt; t++)
        Ep[t] = 2 * t <= nt ? 0.3 - 1.2 * t / nt : -0.9 + 1.2 * t / nt;
    for (e = 0; e < ne; e++)
        for (t = 0; t <= nt; t++) {
            Kf[e][t] = K0[e] * exp(-ALPHA * FRT * Ep[t]);
            Kb[e][t] = K0[e] * exp((1.0 - ALPHA) * FRT * Ep[t]);
        }
    for (e = 0; e < ne; e++)
        H[e] = 6.0 * sqrt(DIFF * 1.2 / Rate[e]) / (nx - 1);
    for (e = 0; e < ne; e++)
        for (t = 1; t <= nt; t++) {
            Cp[e][0] = -1.0 / (1.0 + H[e] * (Kf[e][t] + Kb[e][t]) / DIFF);
            Dp[e][0] = H[e] * Kb[e][t] * CB / DIFF / (1.0 + H[e] * (Kf[e][t] + Kb[e][t]) / DIFF);
            for (i = 1; i < nx - 1; i++) {
                double m = 1.0 / (1.0 + 2.0 * lam + lam * Cp[e][i - 1]);
                Cp[e][i] = -lam * m;
                Dp[e][i] = (C[e][i] + lam * Dp[e][i - 1]) * m;
            }
            for (i = nx - 2; i >= 0; i--)
                C[e][i] = Dp[e][i] - Cp[e][i] * C[e][i + 1];
            Ic[e][t] = FARADAY * DIFF * (C[e][1] - C[e][0]) / H[e];
        }
    for (e = 0; e < ne; e++) {
        Ipc[e] = 0.0;
        Epc[e] = Ep[0];
        Ipa[e] = 0.0;
        Epa[e] = Ep[0];
        Qc[e] = 0.0;
        for (t = 1; t <= nt; t++) {
            Epc[e] = Ic[e][t] > Ipc[e] ? Ep[t] : Epc[e];
            Ipc[e] = Ic[e][t] > Ipc[e] ? Ic[e][t] : Ipc[e];
            Epa[e] = Ic[e][t] < Ipa[e] ? Ep[t] : Epa[e];
            Ipa[e] = Ic[e][t] < Ipa[e] ? Ic[e][t] : Ipa[e];
            Qc[e] += Ic[e][t] > 0.0 ? Ic[e][t] * 1.2 / (Rate[e] * nt) : 0.0;
        }
    }
#pragma endscop
}

int main(void)
{
    double *Rate = malloc(sizeof(double[NEXP])), *K0 = malloc(sizeof(double[NEXP])), *Ep = malloc(sizeof(double[NT + 1]));
    double (*Kf)[NT + 1] = malloc(sizeof(double[NEXP][NT + 1])), (*Kb)[NT + 1] = malloc(sizeof(double[NEXP][NT + 1]));
    double (*Ic)[NT + 1] = malloc(sizeof(double[NEXP][NT + 1])), *H = malloc(sizeof(double[NEXP]));
    double (*C)[NX] = malloc(sizeof(double[NEXP][NX])), (*Cp)[NX] = malloc(sizeof(double[NEXP][NX]));
    double (*Dp)[NX] = malloc(sizeof(double[NEXP][NX]));
    double *Ipc = malloc(sizeof(double[NEXP])), *Epc = malloc(sizeof(double[NEXP])), *Ipa = malloc(sizeof(double[NEXP]));
    double *Epa = malloc(sizeof(double[NEXP])), *Qc = malloc(sizeof(double[NEXP]));
    if (!Rate || !K0 || !Ep || !Kf || !Kb || !Ic || !H || !C || !Cp || !Dp || !Ipc || !Epc || !Ipa || !Epa || !Qc)
        return 1;
    /* scan rates 10 mV/s to 1 V/s (four per decade), standard rate constants 1e-6 to
     * 1e-2 m/s; 1 mM bulk solution of O, no R; the grid reaches six diffusion lengths
     * of the whole sweep, so the time step and node spacing give the same lambda for
     * every experiment */
    double lam = (double)(NX - 1) * (NX - 1) / (36.0 * NT);
    for (int e = 0; e < NEXP; e++) {
        Rate[e] = 0.01 * pow(10.0, 0.25 * (e % 9));
        K0[e] = 1.0e-6 * pow(10.0, 0.5 * ((e * 5) % 9));
        H[e] = Ipc[e] = Epc[e] = Ipa[e] = Epa[e] = Qc[e] = 0.0;
        for (int i = 0; i < NX; i++) {
            C[e][i] = CB;
            Cp[e][i] = Dp[e][i] = 0.0;
        }
        for (int t = 0; t <= NT; t++)
            Kf[e][t] = Kb[e][t] = Ic[e][t] = 0.0;
    }
    for (int t = 0; t <= NT; t++)
        Ep[t] = 0.0;

    voltammetry(NEXP, NX, NT, lam, Rate, K0, Ep, Kf, Kb, H, C, Cp, Dp, Ic, Ipc, Epc, Ipa, Epa, Qc);

    double sum = 0.0;
    for (int e = 0; e < NEXP; e++) {
        for (int t = 1; t <= NT; t++)
            sum += 10.0 * Ic[e][t] * (double)(1 + (e + 3 * t) % 7);
        for (int i = 0; i < NX; i++)
            sum += C[e][i] * (double)(1 + (e + i) % 5);
        sum += (10.0 * (Ipc[e] - Ipa[e]) + 100.0 * (Epa[e] - Epc[e]) + 0.1 * Qc[e]) * (double)(1 + e % 5);
    }
    printf("%.10e\n", sum);
    free(Rate); free(K0); free(Ep); free(Kf); free(Kb); free(Ic); free(H); free(C); free(Cp); free(Dp);
    free(Ipc); free(Epc); free(Ipa); free(Epa); free(Qc);
    return 0;
}
