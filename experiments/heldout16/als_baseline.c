/* Analytical spectroscopy / chemometrics: baseline removal of a batch of Raman
 * spectra by asymmetric least squares (Whittaker smoother with asymmetric weights).
 * Per spectrum and reweighting pass: the pentadiagonal system W + lambda D'D of the
 * second-difference penalty (its bands from nested ternaries at the spectrum ends)
 * factorised as L D L' in one sweep together with the forward substitution
 * (recurrences on the two previous points, block-local matrix entries), the back
 * substitution from the far end (recurrence on the two following points) and the new
 * weights (ternary on the sign of the residual); then per spectrum the corrected
 * spectrum, its band area (ternary on positive values), strongest band and noise
 * level from the second differences (fabs, ternary); last the mean corrected
 * spectrum of the batch (a contraction down the columns). The arrays have two ghost
 * points at each end. Double precision, sizes are #define (heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSPEC
#define NSPEC 512
#endif
#ifndef NPT
#define NPT 2048
#endif
#ifndef NPASS
#define NPASS 20
#endif
#define PASYM 0.01

static void baseline(double (*restrict Y)[NPT + 4], double (*restrict W)[NPT + 4], double (*restrict Dg)[NPT + 4],
                     double (*restrict L1)[NPT + 4], double (*restrict L2)[NPT + 4], double (*restrict Bf)[NPT + 4],
                     double (*restrict Z)[NPT + 4], double (*restrict Yc)[NPT + 4], const double *restrict Lam,
                     double *restrict Area, double *restrict Peak, double *restrict Noise, double *restrict Mean)
{
    int s, it, i;
#pragma scop
    for (s = 0; s < NSPEC; s++)
        for (it = 0; it < NPASS; it++) {
            for (i = 0; i < NPT; i++) {
                double a0 = W[s][i + 2] + Lam[s] * (i == 0 || i == NPT - 1 ? 1.0 : i == 1 || i == NPT - 2 ? 5.0 : 6.0);
                double a1 = i >= 1 ? Lam[s] * (i == 1 || i == NPT - 1 ? -2.0 : -4.0) : 0.0;
                double a2 = i >= 2 ? Lam[s] : 0.0;
                L2[s][i + 2] = a2 / Dg[s][i];
                L1[s][i + 2] = (a1 - L2[s][i + 2] * Dg[s][i] * L1[s][i + 1]) / Dg[s][i + 1];
                Dg[s][i + 2] = a0 - L1[s][i + 2] * L1[s][i + 2] * Dg[s][i + 1] - L2[s][i + 2] * L2[s][i + 2] * Dg[s][i];
                Bf[s][i + 2] = W[s][i + 2] * Y[s][i + 2] - L1[s][i + 2] * Bf[s][i + 1] - L2[s][i + 2] * Bf[s][i];
            }
            for (i = NPT - 1; i >= 0; i--)
                Z[s][i + 2] = Bf[s][i + 2] / Dg[s][i + 2] - L1[s][i + 3] * Z[s][i + 3] - L2[s][i + 4] * Z[s][i + 4];
            for (i = 0; i < NPT; i++)
                W[s][i + 2] = Y[s][i + 2] > Z[s][i + 2] ? PASYM : 1.0 - PASYM;
        }
    for (s = 0; s < NSPEC; s++) {
        Area[s] = 0.0;
        Peak[s] = 0.0;
        for (i = 0; i < NPT; i++) {
            Yc[s][i + 2] = Y[s][i + 2] - Z[s][i + 2];
            Area[s] += Yc[s][i + 2] > 0.0 ? Yc[s][i + 2] : 0.0;
            Peak[s] = Yc[s][i + 2] > Peak[s] ? Yc[s][i + 2] : Peak[s];
        }
        Noise[s] = 0.0;
        for (i = 1; i < NPT - 1; i++)
            Noise[s] += fabs(Yc[s][i + 1] - 2.0 * Yc[s][i + 2] + Yc[s][i + 3]) < 50.0 ? fabs(Yc[s][i + 1] - 2.0 * Yc[s][i + 2] + Yc[s][i + 3]) / (NPT - 2) : 0.0;
    }
    for (i = 0; i < NPT; i++) {
        Mean[i] = 0.0;
        for (s = 0; s < NSPEC; s++)
            Mean[i] += Yc[s][i + 2] / NSPEC;
    }
#pragma endscop
}

int main(void)
{
    double (*Y)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4])), (*W)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4]));
    double (*Dg)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4])), (*L1)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4]));
    double (*L2)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4])), (*Bf)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4]));
    double (*Z)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4])), (*Yc)[NPT + 4] = malloc(sizeof(double[NSPEC][NPT + 4]));
    double *Lam = malloc(sizeof(double[NSPEC])), *Area = malloc(sizeof(double[NSPEC])), *Peak = malloc(sizeof(double[NSPEC]));
    double *Noise = malloc(sizeof(double[NSPEC])), *Mean = malloc(sizeof(double[NPT]));
    if (!Y || !W || !Dg || !L1 || !L2 || !Bf || !Z || !Yc || !Lam || !Area || !Peak || !Noise || !Mean)
        return 1;
    /* spectra: a fluorescence background (a broad exponential shoulder plus a slow
     * quadratic, 500-3000 counts) under eight Lorentzian Raman bands of varying
     * height and width, plus hashed noise of a few counts; smoothing parameters 1e4
     * to 1e6; ghost points hold unit pivots and zero factors */
    for (int s = 0; s < NSPEC; s++) {
        Lam[s] = pow(10.0, 4.0 + 2.0 * (double)(s % 9) / 8.0);
        Area[s] = Peak[s] = Noise[s] = 0.0;
        for (int i = 0; i < NPT + 4; i++) {
            double x = (double)(i - 2) / NPT;
            unsigned h = (unsigned)(s + 1) * 2654435761u ^ (unsigned)(i + 11) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            double y = 500.0 + 1500.0 * (1.0 + (s % 5)) / 5.0 * exp(-3.0 * x) + 400.0 * (x - 0.3 - 0.05 * (s % 7)) * (x - 0.3 - 0.05 * (s % 7));
            for (int b = 0; b < 8; b++) {
                double c = 0.08 + 0.11 * b + 0.004 * ((s * (b + 3)) % 5), g = 0.002 + 0.001 * ((b + s) % 4);
                y += (200.0 + 150.0 * ((s + 3 * b) % 7)) * g * g / ((x - c) * (x - c) + g * g);
            }
            Y[s][i] = y + 4.0 * ((double)(h % 1000u) / 500.0 - 1.0);
            W[s][i] = 1.0;
            Dg[s][i] = 1.0;
            L1[s][i] = L2[s][i] = Bf[s][i] = Z[s][i] = Yc[s][i] = 0.0;
        }
    }
    for (int i = 0; i < NPT; i++)
        Mean[i] = 0.0;

    baseline(Y, W, Dg, L1, L2, Bf, Z, Yc, Lam, Area, Peak, Noise, Mean);

    double sum = 0.0;
    for (int s = 0; s < NSPEC; s++) {
        for (int i = 2; i < NPT + 2; i++)
            sum += (Yc[s][i] + 0.01 * Z[s][i]) * (double)(1 + (s + 3 * i) % 7);
        sum += (1e-3 * Area[s] + Peak[s] + 10.0 * Noise[s]) * (double)(1 + s % 5);
    }
    for (int i = 0; i < NPT; i++)
        sum += Mean[i] * (double)(1 + i % 3);
    printf("%.10e\n", sum);
    free(Y); free(W); free(Dg); free(L1); free(L2); free(Bf); free(Z); free(Yc); free(Lam); free(Area); free(Peak); free(Noise); free(Mean);
    return 0;
}
