/* Speech / audio features: mel-frequency cepstral coefficients of a recording that has
 * already been cut into frames and Fourier transformed. Every frame's power spectrum
 * from the real and imaginary parts; then the energies of NMEL triangular mel filters,
 * applied as a dense filterbank matrix (block-local accumulator over the spectrum bins,
 * started at a small energy floor) and their logarithms; then the cepstrum by a DCT-II
 * matrix over the log mel energies (block-local accumulator), liftered. Float data,
 * sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NFRAME
#define NFRAME 24000
#endif
#ifndef NBIN
#define NBIN 201
#endif
#ifndef NMEL
#define NMEL 80
#endif
#ifndef NCEP
#define NCEP 20
#endif
#define EFLOOR 1e-3f   /* energy floor added before the logarithm */
#define RATE 16000.0   /* sampling rate, Hz */

static void mfcc(int nf, int nb, int nm, int nc, const float Re[restrict nf][nb],
                 const float Im[restrict nf][nb], float P[restrict nf][nb],
                 const float Mel[restrict nm][nb], float Lg[restrict nf][nm],
                 const float Dct[restrict nc][nm], const float Lift[restrict nc],
                 float C[restrict nf][nc])
{
    int f, k, m, c;
#pragma scop
    for (f = 0; f < nf; f++)
        for (k = 0; k < nb; k++)
            P[f][k] = (Re[f][k] * Re[f][k] + Im[f][k] * Im[f][k]) / (float)(2 * (nb - 1));
    for (f = 0; f < nf; f++)
        for (m = 0; m < nm; m++) {
            float e = EFLOOR;
            for (k = 0; k < nb; k++)
                e += Mel[m][k] * P[f][k];
            Lg[f][m] = (float)log(e);
        }
    for (f = 0; f < nf; f++)
        for (c = 0; c < nc; c++) {
            float s = 0.0f;
            for (m = 0; m < nm; m++)
                s += Dct[c][m] * Lg[f][m];
            C[f][c] = Lift[c] * s;
        }
#pragma endscop
}

static double hz2mel(double hz) { return 2595.0 * log(1.0 + hz / 700.0) / log(10.0); }
static double mel2hz(double mel) { return 700.0 * (exp(mel / 2595.0 * log(10.0)) - 1.0); }

int main(void)
{
    int nb = NBIN, nm = NMEL;
    float (*Re)[NBIN] = malloc(sizeof(float[NFRAME][NBIN]));
    float (*Im)[NBIN] = malloc(sizeof(float[NFRAME][NBIN]));
    float (*P)[NBIN] = malloc(sizeof(float[NFRAME][NBIN]));
    float (*Mel)[NBIN] = malloc(sizeof(float[NMEL][NBIN]));
    float (*Lg)[NMEL] = malloc(sizeof(float[NFRAME][NMEL]));
    float (*Dct)[NMEL] = malloc(sizeof(float[NCEP][NMEL]));
    float *Lift = malloc(sizeof(float[NCEP]));
    float (*C)[NCEP] = malloc(sizeof(float[NFRAME][NCEP]));
    if (!Re || !Im || !P || !Mel || !Lg || !Dct || !Lift || !C)
        return 1;
    /* triangular filters equally spaced on the mel scale from 0 Hz to RATE / 2, peak 1
     * (Slaney-style area normalisation omitted) */
    double mmax = hz2mel(RATE / 2.0);
    for (int m = 0; m < nm; m++) {
        double lo = mel2hz(mmax * m / (nm + 1)), mid = mel2hz(mmax * (m + 1) / (nm + 1));
        double hi = mel2hz(mmax * (m + 2) / (nm + 1));
        for (int k = 0; k < nb; k++) {
            double hz = RATE / 2.0 * k / (nb - 1);
            double w = hz < lo || hz > hi ? 0.0 : hz <= mid ? (hz - lo) / (mid - lo) : (hi - hz) / (hi - mid);
            Mel[m][k] = (float)w;
        }
    }
    for (int c = 0; c < NCEP; c++) {
        for (int m = 0; m < nm; m++)
            Dct[c][m] = (float)(sqrt(2.0 / nm) * cos(3.14159265358979 * c * (m + 0.5) / nm));
        Lift[c] = (float)(1.0 + 11.0 * sin(3.14159265358979 * c / 22.0));
    }
    /* voiced-speech-like spectra: a falling envelope with three formant bumps whose
     * positions drift from frame to frame, and a harmonic ripple; parts of magnitude
     * about 0.05 to 60, never both zero */
    for (int f = 0; f < NFRAME; f++) {
        int f1 = 10 + (f / 40) % 15, f2 = 40 + (f / 25) % 30, f3 = 90 + (f / 60) % 40;
        for (int k = 0; k < nb; k++) {
            int d1 = k - f1, d2 = k - f2, d3 = k - f3;
            float env = 60.0f / (1.0f + 0.05f * (float)k)
                      + 30.0f / (1.0f + 0.02f * (float)(d1 * d1))
                      + 15.0f / (1.0f + 0.02f * (float)(d2 * d2))
                      + 6.0f / (1.0f + 0.02f * (float)(d3 * d3));
            float rip = 0.6f + 0.4f * (float)((k * 7 + f * 3) % 11) / 10.0f;
            Re[f][k] = env * rip * (float)((f * 5 + k * 11) % 13 - 6) / 6.0f + 0.05f;
            Im[f][k] = env * rip * (float)((f * 3 + k * 17) % 7 - 3) / 3.0f;
        }
    }

    mfcc(NFRAME, NBIN, NMEL, NCEP, Re, Im, P, Mel, Lg, Dct, Lift, C);

    double sum = 0.0;
    for (int f = 0; f < NFRAME; f++)
        for (int c = 0; c < NCEP; c++)
            sum += (double)C[f][c] * (double)(1 + (f + 3 * c) % 7);
    for (int f = 0; f < NFRAME; f += 11)
        for (int k = 0; k < nb; k += 3)
            sum += 1e-3 * (double)P[f][k] * (double)(1 + (f + k) % 5);
    printf("%.10e\n", sum);
    free(Re); free(Im); free(P); free(Mel); free(Lg); free(Dct); free(Lift); free(C);
    return 0;
}
