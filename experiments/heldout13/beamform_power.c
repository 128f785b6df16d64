/* Underwater acoustics / sonar: narrowband frequency-domain (Bartlett) beamforming of a
 * towed line array. Every snapshot holds the FFT bins of every hydrophone; first the
 * steering weights of every bin and look direction are formed from the phase
 * (f + FLO) * m * sin(theta_b) (cosf, sinf of an expression of the iterators), then the
 * beam power map is accumulated over the snapshots: per snapshot, bin and beam the
 * complex inner product of the steering vector with the array data (block-local real
 * and imaginary sums) and its squared magnitude; finally the broadband bearing
 * response, a weighted sum of the map over the bins read down a column. Single
 * precision, sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NSNAP
#define NSNAP 384    /* snapshots (FFT frames) */
#endif
#ifndef NF
#define NF 256       /* frequency bins analysed */
#endif
#ifndef NB
#define NB 181       /* look directions, -90 to +90 degrees */
#endif
#ifndef NM
#define NM 48        /* hydrophones */
#endif
#define FLO 32       /* first bin analysed */
#define PH 0.0122718463f  /* 2 pi d / (c N_fft) per bin and element (d half a wavelength at bin 256) */

static float Xr[NSNAP][NF][NM], Xi[NSNAP][NF][NM];   /* array data, FFT bins */
static float Wr[NF][NB][NM], Wi[NF][NB][NM];         /* steering weights */
static float Sb[NB];                                 /* sin of the look angles */
static float Bw[NF];                                 /* band weights */
static float P[NF][NB];                              /* beam power map */
static float Bb[NB];                                 /* broadband bearing response */

static void beamform(void)
{
    int s, f, b, m;
#pragma scop
    for (f = 0; f < NF; f++)
        for (b = 0; b < NB; b++)
            for (m = 0; m < NM; m++) {
                Wr[f][b][m] = cosf(PH * (f + FLO) * m * Sb[b]) / NM;
                Wi[f][b][m] = sinf(PH * (f + FLO) * m * Sb[b]) / NM;
            }
    for (s = 0; s < NSNAP; s++)
        for (f = 0; f < NF; f++)
            for (b = 0; b < NB; b++) {
                float re = 0.0f;
                float im = 0.0f;
                for (m = 0; m < NM; m++) {
                    re += Wr[f][b][m] * Xr[s][f][m] + Wi[f][b][m] * Xi[s][f][m];
                    im += Wr[f][b][m] * Xi[s][f][m] - Wi[f][b][m] * Xr[s][f][m];
                }
                P[f][b] += re * re + im * im;
            }
    for (b = 0; b < NB; b++)
        for (f = 0; f < NF; f++)
            Bb[b] += Bw[f] * P[f][b];
#pragma endscop
}

int main(void)
{
    /* two plane-wave sources (at -20 and +35 degrees, the second weaker and only in
     * the upper bins) whose phase drifts slowly from snapshot to snapshot, plus a
     * hashed uncorrelated noise floor on every element */
    for (int b = 0; b < NB; b++) {
        Sb[b] = sinf((float)(b - (NB - 1) / 2) * 3.14159265f / (float)(NB - 1));
        Bb[b] = 0.0f;
    }
    for (int f = 0; f < NF; f++) {
        Bw[f] = 1.0f / (1.0f + 0.01f * f);
        for (int b = 0; b < NB; b++)
            P[f][b] = 0.0f;
    }
    const float s1 = -0.3420201f, s2 = 0.5735764f;
    for (int s = 0; s < NSNAP; s++)
        for (int f = 0; f < NF; f++) {
            float a2 = f > NF / 2 ? 0.5f : 0.0f;
            for (int m = 0; m < NM; m++) {
                float p1 = PH * (f + FLO) * m * s1 + 0.37f * s + 0.011f * f;
                float p2 = PH * (f + FLO) * m * s2 - 0.23f * s;
                float n1 = (float)((s * 131 + f * 29 + m * 17) % 61 - 30) / 120.0f;
                float n2 = (float)((s * 71 + f * 43 + m * 11) % 53 - 26) / 104.0f;
                Xr[s][f][m] = cosf(p1) + a2 * cosf(p2) + n1;
                Xi[s][f][m] = sinf(p1) + a2 * sinf(p2) + n2;
            }
        }

    beamform();

    double sum = 0.0;
    for (int f = 0; f < NF; f++)
        for (int b = 0; b < NB; b++)
            sum += (double)P[f][b] * (double)(1 + (f + 3 * b) % 7);
    for (int b = 0; b < NB; b++)
        sum += (double)Bb[b] * (double)(1 + b % 5);
    printf("%.10e\n", sum);
    return 0;
}
