/* Clinical pharmacology: concentration-time profiles of a population of virtual
 * patients on a repeated oral regimen, by superposition of single-dose responses of a
 * one-compartment model with first-order absorption. First every subject's
 * elimination rate CL / V and unit-dose response on the sampling grid (two exp per
 * sample, ka != ke); then every dose added to the profile from its dosing time on
 * (triangular: t >= K d, read at t - K d), the dose amounts varying with adherence;
 * last per subject the peak concentration (ternary), the first sample above the
 * minimum inhibitory concentration and the time above it (ternaries), the area under
 * the curve by the trapezoidal rule, and the trough before every next dose (read at
 * K d + K - 1). Double precision, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSUBJ
#define NSUBJ 2560
#endif
#ifndef NDOSE
#define NDOSE 84
#endif
#define KINT 48                    /* samples per dosing interval (12 h) */
#define NSAMP (KINT * NDOSE + 96)  /* 15-minute samples, one day after the last dose */
#define DT 0.25                    /* hours */
#define FBIO 0.85                  /* oral bioavailability */
#define MIC 2.0                    /* mg/L */

static void profiles(const double *restrict Cl, const double *restrict V, const double *restrict Ka,
                     double (*restrict Dose)[NDOSE], double *restrict Ke, double (*restrict G)[NSAMP],
                     double (*restrict C)[NSAMP], double *restrict Cmax, int *restrict Ton,
                     double *restrict Auc, int *restrict Tab, double (*restrict Tr)[NDOSE])
{
    int s, d, t;
#pragma scop
    for (s = 0; s < NSUBJ; s++)
        Ke[s] = Cl[s] / V[s];
    for (s = 0; s < NSUBJ; s++)
        for (t = 0; t < NSAMP; t++)
            G[s][t] = FBIO * Ka[s] / (V[s] * (Ka[s] - Ke[s])) * (exp(-Ke[s] * DT * t) - exp(-Ka[s] * DT * t));
    for (s = 0; s < NSUBJ; s++)
        for (t = 0; t < NSAMP; t++)
            C[s][t] = 0.0;
    for (s = 0; s < NSUBJ; s++)
        for (d = 0; d < NDOSE; d++)
            for (t = KINT * d; t < NSAMP; t++)
                C[s][t] += Dose[s][d] * G[s][t - KINT * d];
    for (s = 0; s < NSUBJ; s++) {
        Cmax[s] = C[s][0];
        Ton[s] = 0;
        Auc[s] = 0.0;
        Tab[s] = 0;
        for (t = 1; t < NSAMP; t++) {
            Ton[s] = C[s][t] > MIC && Ton[s] == 0 ? t : Ton[s];
            Cmax[s] = C[s][t] > Cmax[s] ? C[s][t] : Cmax[s];
            Auc[s] += 0.5 * DT * (C[s][t - 1] + C[s][t]);
            Tab[s] += C[s][t] > MIC ? 1 : 0;
        }
    }
    for (s = 0; s < NSUBJ; s++)
        for (d = 0; d < NDOSE; d++)
            Tr[s][d] = C[s][KINT * d + KINT - 1];
#pragma endscop
}

int main(void)
{
    double *Cl = malloc(sizeof(double) * NSUBJ);
    double *V = malloc(sizeof(double) * NSUBJ);
    double *Ka = malloc(sizeof(double) * NSUBJ);
    double *Ke = malloc(sizeof(double) * NSUBJ);
    double *Cmax = malloc(sizeof(double) * NSUBJ);
    double *Auc = malloc(sizeof(double) * NSUBJ);
    int *Ton = malloc(sizeof(int) * NSUBJ);
    int *Tab = malloc(sizeof(int) * NSUBJ);
    double (*Dose)[NDOSE] = malloc(sizeof(double[NSUBJ][NDOSE]));
    double (*Tr)[NDOSE] = malloc(sizeof(double[NSUBJ][NDOSE]));
    double (*G)[NSAMP] = malloc(sizeof(double[NSUBJ][NSAMP]));
    double (*C)[NSAMP] = malloc(sizeof(double[NSUBJ][NSAMP]));
    if (!Cl || !V || !Ka || !Ke || !Cmax || !Auc || !Ton || !Tab || !Dose || !Tr || !G || !C)
        return 1;
    /* log-normal-like spread of clearance 2 to 8 L/h (scaled by body weight 50 to
     * 110 kg), volume 20 to 60 L, absorption 1.0 to 2.5 per hour (always above
     * the elimination rate, at most 0.63 per hour); 500 mg twice a day, every ninth to
     * twentieth dose missed or taken at half strength depending on the subject */
    for (int s = 0; s < NSUBJ; s++) {
        double wt = 50.0 + 60.0 * (double)((s * 37) % 101) / 100.0;
        Cl[s] = (2.0 + 6.0 * (double)((s * 53 + 7) % 89) / 88.0) * wt / 70.0;
        V[s] = 20.0 + 40.0 * (double)((s * 29 + 3) % 97) / 96.0;
        Ka[s] = 1.0 + 1.5 * (double)((s * 17 + 5) % 83) / 82.0;
        Ke[s] = Cmax[s] = Auc[s] = 0.0;
        Ton[s] = Tab[s] = 0;
        int gap = 9 + s % 12;
        for (int d = 0; d < NDOSE; d++) {
            Dose[s][d] = (d + s) % gap == 0 ? 0.0 : ((d + 2 * s) % (gap + 5) == 0 ? 250.0 : 500.0);
            Tr[s][d] = 0.0;
        }
        for (int t = 0; t < NSAMP; t++)
            G[s][t] = C[s][t] = 0.0;
    }

    profiles(Cl, V, Ka, Dose, Ke, G, C, Cmax, Ton, Auc, Tab, Tr);

    double sum = 0.0;
    for (int s = 0; s < NSUBJ; s++) {
        for (int t = 0; t < NSAMP; t++)
            sum += C[s][t] * (double)(1 + (s + 3 * t) % 7);
        for (int d = 0; d < NDOSE; d++)
            sum += Tr[s][d] * (double)(1 + (s + d) % 5);
        sum += (Cmax[s] + 1e-2 * Auc[s] + 1e-3 * (Ton[s] + Tab[s])) * (double)(1 + s % 3);
    }
    printf("%.10e\n", sum);
    free(Cl); free(V); free(Ka); free(Ke); free(Cmax); free(Auc); free(Ton); free(Tab);
    free(Dose); free(Tr); free(G); free(C);
    return 0;
}
