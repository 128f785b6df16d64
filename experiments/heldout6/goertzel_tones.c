/* Tone detection in a telephone-line recording (DTMF decoding): the signal is cut into
 * blocks of bl samples and, for every block, the power at each of nf target
 * frequencies is computed by the Goertzel recurrence (a second-order resonator run
 * over the block, two block-local state scalars), then the power from the final state.
 * Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NBLK
#define NBLK 65536
#endif
#ifndef NFREQ
#define NFREQ 16
#endif
#ifndef BLEN
#define BLEN 205
#endif

static void goertzel(int nb, int nf, int bl, const float X[restrict nb][bl],
                     const float cf[restrict nf], float Pw[restrict nb][nf])
{
    int b, f, n;
#pragma scop
    for (b = 0; b < nb; b++)
        for (f = 0; f < nf; f++) {
            float s1 = 0.0f;
            float s2 = 0.0f;
            for (n = 0; n < bl; n++) {
                float s0 = X[b][n] + cf[f] * s1 - s2;
                s2 = s1;
                s1 = s0;
            }
            Pw[b][f] = s1 * s1 + s2 * s2 - cf[f] * s1 * s2;
        }
#pragma endscop
}

int main(void)
{
    int nb = NBLK, nf = NFREQ, bl = BLEN;
    float (*X)[bl] = malloc(sizeof(float[nb][bl]));
    float *cf = malloc(sizeof(float[nf]));
    float (*Pw)[nf] = malloc(sizeof(float[nb][nf]));
    if (!X || !cf || !Pw)
        return 1;
    /* 8 kHz sampling; the eight DTMF frequencies and their second harmonics; every
     * block carries one key (a row tone and a column tone) plus a little deterministic
     * noise, amplitude within [-2.2, 2.2] */
    const double pi = 3.14159265358979;
    const double fr[8] = {697.0, 770.0, 852.0, 941.0, 1209.0, 1336.0, 1477.0, 1633.0};
    for (int f = 0; f < nf; f++) {
        double hz = fr[f % 8] * (double)(1 + (f / 8) % 2);
        double kbin = floor(0.5 + (double)bl * hz / 8000.0);
        cf[f] = (float)(2.0 * cos(2.0 * pi * kbin / (double)bl));
    }
    for (int b = 0; b < nb; b++) {
        double f1 = fr[b % 4], f2 = fr[4 + (b / 4) % 4];
        for (int n = 0; n < bl; n++)
            X[b][n] = (float)(sin(2.0 * pi * f1 * (double)n / 8000.0)
                            + 0.8 * sin(2.0 * pi * f2 * (double)n / 8000.0 + 0.3)
                            + 0.2 * (double)((b * 31 + n * 17) % 23 - 11) / 11.0);
    }

    goertzel(nb, nf, bl, X, cf, Pw);

    double sum = 0.0;
    for (int b = 0; b < nb; b++)
        for (int f = 0; f < nf; f++)
            sum += 1e-3 * (double)Pw[b][f] * (double)(1 + (b + 3 * f) % 7);
    printf("%.10e\n", sum);
    free(X); free(cf); free(Pw);
    return 0;
}
