/* Range-Doppler map of a pulse-Doppler radar dwell: the slow-time samples of every
 * range gate (one complex sample per pulse, stored pulse by pulse as Xr[p][r],
 * Xi[p][r]) are tapered by a window and transformed by a direct DFT over the pulses,
 * one Doppler bin at a time (two block-local accumulators for the real and imaginary
 * parts, the twiddles read from cosine and sine tables), and the power of each cell
 * stored in P[k][r]. The reads walk down a column of the pulse matrix. Sizes are
 * arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPULSE
#define NPULSE 128
#endif
#ifndef NGATE
#define NGATE 6144
#endif
#ifndef NDOP
#define NDOP 128
#endif

static void range_doppler(int np, int nr, int nk, const float Xr[restrict np][nr],
                          const float Xi[restrict np][nr], const float win[restrict np],
                          const float C[restrict nk][np], const float S[restrict nk][np],
                          float P[restrict nk][nr])
{
    int r, k, p;
#pragma scop
    for (r = 0; r < nr; r++)
        for (k = 0; k < nk; k++) {
            float re = 0.0f;
            float im = 0.0f;
            for (p = 0; p < np; p++) {
                re += win[p] * (Xr[p][r] * C[k][p] + Xi[p][r] * S[k][p]);
                im += win[p] * (Xi[p][r] * C[k][p] - Xr[p][r] * S[k][p]);
            }
            P[k][r] = re * re + im * im;
        }
#pragma endscop
}

int main(void)
{
    int np = NPULSE, nr = NGATE, nk = NDOP;
    float (*Xr)[nr] = malloc(sizeof(float[np][nr]));
    float (*Xi)[nr] = malloc(sizeof(float[np][nr]));
    float *win = malloc(sizeof(float[np]));
    float (*C)[np] = malloc(sizeof(float[nk][np]));
    float (*S)[np] = malloc(sizeof(float[nk][np]));
    float (*P)[nr] = malloc(sizeof(float[nk][nr]));
    if (!Xr || !Xi || !win || !C || !S || !P)
        return 1;
    const double pi = 3.14159265358979;
    /* Hann-like window kept above 0.08 (Hamming); twiddles of an nk-point DFT over np
     * pulses */
    for (int p = 0; p < np; p++)
        win[p] = (float)(0.54 - 0.46 * cos(2.0 * pi * (double)p / (double)(np > 1 ? np - 1 : 1)));
    for (int k = 0; k < nk; k++)
        for (int p = 0; p < np; p++) {
            C[k][p] = (float)cos(2.0 * pi * (double)k * (double)p / (double)nk);
            S[k][p] = (float)sin(2.0 * pi * (double)k * (double)p / (double)nk);
        }
    /* every gate holds one moving target whose Doppler phase step depends on the gate,
     * amplitude decaying slowly with range, plus a clutter term at zero Doppler and a
     * small deterministic noise: samples within [-2.5, 2.5] */
    for (int p = 0; p < np; p++)
        for (int r = 0; r < nr; r++) {
            double amp = 1.0 / (1.0 + (double)r / (double)nr);
            double ph = 2.0 * pi * (double)((r * 37) % 97) / 97.0 * (double)p * 0.5 + 0.1 * (double)r;
            double nz1 = 0.05 * (double)((p * 13 + r * 7) % 19 - 9) / 9.0;
            double nz2 = 0.05 * (double)((p * 5 + r * 11) % 23 - 11) / 11.0;
            Xr[p][r] = (float)(amp * cos(ph) + 0.3 + nz1);
            Xi[p][r] = (float)(amp * sin(ph) - 0.2 + nz2);
        }

    range_doppler(np, nr, nk, Xr, Xi, win, C, S, P);

    double sum = 0.0;
    for (int k = 0; k < nk; k++)
        for (int r = 0; r < nr; r++)
            sum += 1e-3 * (double)P[k][r] * (double)(1 + (2 * k + r) % 7);
    printf("%.10e\n", sum);
    free(Xr); free(Xi); free(win); free(C); free(S); free(P);
    return 0;
}
