/* Automatic gain control of a seismic shot gather: every sample of every trace is
 * divided by the root-mean-square amplitude of the trace in a window of 2 * HW + 1
 * samples centred on it (the window clipped at both ends of the trace by ternary
 * bounds, the energy summed into a block-local scalar and normalised by the full window
 * length, as processing packages do), which evens out the decay of the reflections
 * with travel time; then the RMS of every balanced trace is recorded for quality
 * control. Heap arrays of fixed size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NTR
#define NTR 1024
#endif
#ifndef NT
#define NT 4096
#endif
#ifndef HW
#define HW 64
#endif
#define EPS 1e-6f

static void agc(const float (*restrict X)[NT], float (*restrict Y)[NT], float *restrict rms)
{
    int r, t, k;
#pragma scop
    for (r = 0; r < NTR; r++)
        for (t = 0; t < NT; t++) {
            float e = 0.0f;
            for (k = (t - HW > 0 ? t - HW : 0); k <= (t + HW < NT - 1 ? t + HW : NT - 1); k++)
                e += X[r][k] * X[r][k];
            Y[r][t] = X[r][t] / sqrtf(e / (2.0f * HW + 1.0f) + EPS);
        }
    for (r = 0; r < NTR; r++) {
        float s = 0.0f;
        for (t = 0; t < NT; t++)
            s += Y[r][t] * Y[r][t];
        rms[r] = sqrtf(s / NT);
    }
#pragma endscop
}

int main(void)
{
    float (*X)[NT] = malloc(sizeof(float[NTR][NT]));
    float (*Y)[NT] = malloc(sizeof(float[NTR][NT]));
    float *rms = malloc(sizeof(float[NTR]));
    if (!X || !Y || !rms)
        return 1;
    /* reflections as a sum of two oscillations whose frequencies vary with offset,
     * under an amplitude that decays with time from 1 to about 0.02 (spherical
     * divergence and absorption), plus a noise floor of about 1e-3: every window's
     * energy is far above EPS */
    for (int r = 0; r < NTR; r++)
        for (int t = 0; t < NT; t++) {
            float tt = (float)t / (float)NT;
            float decay = expf(-4.0f * tt);
            float osc = sinf(0.07f * (float)t + 0.002f * (float)r * (float)(t % 64))
                      + 0.5f * sinf(0.023f * (float)t + 0.01f * (float)r);
            X[r][t] = decay * osc + 1e-3f * (float)((r * 7 + t * 3) % 11 - 5);
        }

    agc(X, Y, rms);

    double sum = 0.0;
    for (int r = 0; r < NTR; r++) {
        sum += (double)rms[r] * (double)(1 + r % 7);
        for (int t = 0; t < NT; t++)
            sum += 1e-2 * (double)Y[r][t] * (double)(1 + (r + 2 * t) % 11);
    }
    printf("%.10e\n", sum);
    free(X); free(Y); free(rms);
    return 0;
}
