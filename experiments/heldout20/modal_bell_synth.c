/* Modal synthesis of struck bars and bells for a sound-effects engine: each of nm
 * inharmonic modes rings as an exponentially damped sinusoid, and each of np strike /
 * pickup positions hears the modes weighted by their shape there. The region computes
 * the mode gains per position (sin of the mode shape at the strike point times exp of a
 * high-mode roll-off), the damped-sinusoid table of every mode over nt samples (exp and
 * sin), the output signals as the product of the gain matrix and the table (position,
 * mode, sample order with a block-local gain), and per position the peak absolute
 * sample (ternary, fabs) and the energy. Double precision; sizes are parameters (VLA),
 * passed directly from macros. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef NPOS
#define NPOS 64
#endif
#ifndef NMODE
#define NMODE 96
#endif
#ifndef NSAMP
#define NSAMP 98304
#endif

static void modal_synth(int np, int nm, int nt, double xs[np], double om[nm], double dec[nm],
                        double A[np][nm], double Wt[nm][nt], double Y[np][nt],
                        double peak[np], double energy[np])
{
    int p, m, t;
#pragma scop
    for (p = 0; p < np; p++)
        for (m = 0; m < nm; m++)
            A[p][m] = sin(3.14159265358979 * (m + 1) * xs[p]) * exp(-0.03 * m);
    for (m = 0; m < nm; m++)
        for (t = 0; t < nt; t++)
            Wt[m][t] = exp(-dec[m] * t) * sin(om[m] * t);
    for (p = 0; p < np; p++) {
        for (t = 0; t < nt; t++)
            Y[p][t] = 0.0;
        for (m = 0; m < nm; m++) {
            double g = A[p][m];
            for (t = 0; t < nt; t++)
                Y[p][t] += g * Wt[m][t];
        }
    }
    for (p = 0; p < np; p++) {
        peak[p] = 0.0;
        energy[p] = 0.0;
        for (t = 0; t < nt; t++) {
            peak[p] = fabs(Y[p][t]) > peak[p] ? fabs(Y[p][t]) : peak[p];
            energy[p] += Y[p][t] * Y[p][t];
        }
    }
#pragma endscop
}

int main(void)
{
    double *xs = malloc(sizeof(double) * NPOS);
    double *om = malloc(sizeof(double) * NMODE);
    double *dec = malloc(sizeof(double) * NMODE);
    double (*A)[NMODE] = malloc(sizeof(double) * (size_t)NPOS * NMODE);
    double (*Wt)[NSAMP] = malloc(sizeof(double) * (size_t)NMODE * NSAMP);
    double (*Y)[NSAMP] = malloc(sizeof(double) * (size_t)NPOS * NSAMP);
    double *peak = malloc(sizeof(double) * NPOS);
    double *energy = malloc(sizeof(double) * NPOS);
    if (!xs || !om || !dec || !A || !Wt || !Y || !peak || !energy)
        return 1;
    for (int p = 0; p < NPOS; p++)
        xs[p] = 0.03 + 0.94 * (double)p / (double)NPOS;
    /* 44.1 kHz, fundamental 220 Hz, stretched partials kept below 18 kHz */
    for (int m = 0; m < NMODE; m++) {
        double f = 220.0 * pow((double)(m + 1), 1.12);
        if (f > 18000.0)
            f = 18000.0 - 37.0 * m;
        om[m] = 2.0 * 3.14159265358979 * f / 44100.0;
        dec[m] = 2.0e-5 + 1.0e-5 * m;
    }
    modal_synth(NPOS, NMODE, NSAMP, xs, om, dec, A, Wt, Y, peak, energy);
    double cs = 0.0;
    for (int p = 0; p < NPOS; p++) {
        cs += (peak[p] + 1.0e-3 * energy[p]) * (double)(p + 1);
        for (int m = 0; m < NMODE; m++)
            cs += A[p][m] * (double)((p + m * 3) % 11 + 1);
        for (int t = 0; t < NSAMP; t++)
            cs += Y[p][t] * (double)((p * 7 + t) % 89 + 1);
    }
    for (int m = 0; m < NMODE; m++)
        for (int t = 0; t < NSAMP; t++)
            cs += Wt[m][t] * (double)((m * 5 + t * 3) % 53 + 1);
    printf("%.10e\n", cs);
    free(xs);
    free(om);
    free(dec);
    free(A);
    free(Wt);
    free(Y);
    free(peak);
    free(energy);
    return 0;
}
