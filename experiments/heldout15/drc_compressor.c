/* Audio mastering: feed-forward dynamic range compression of a multitrack session
 * and its stereo mixdown. Every frame and track: the level in dB (log10f), the static
 * gain of a soft-knee compressor (nested ternaries: below, inside and above the knee),
 * the gain smoothed by attack and release one-pole filters (ternary on the gain's
 * direction, a recurrence over the frames), the make-up gain applied (powf), the
 * track peak (ternary) and energy; then the left and right mix of every frame from the
 * pan law (a contraction over the tracks with a fixed inner dimension of two). Single
 * precision, interleaved frames, sizes are #define (heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NTRACK
#define NTRACK 32
#endif
#ifndef NFRAME
#define NFRAME 240000
#endif
#define KNEE 6.0f

static void compress(float (*restrict X)[NTRACK], float (*restrict L)[NTRACK], float (*restrict Gs)[NTRACK],
                     float (*restrict Y)[NTRACK], float (*restrict Mix)[2], const float *restrict Thr,
                     const float *restrict Rat, const float *restrict Mk, const float (*restrict Pan)[2],
                     const float *restrict Aa, const float *restrict Ar, float *restrict Pk, float *restrict En)
{
    int n, c, k;
#pragma scop
    for (n = 0; n < NFRAME; n++)
        for (c = 0; c < NTRACK; c++) {
            float ov = 10.0f * log10f(X[n][c] * X[n][c] + 1e-9f) - Thr[c];
            float sl = 1.0f / Rat[c] - 1.0f;
            L[n][c] = ov < -0.5f * KNEE ? 0.0f : ov > 0.5f * KNEE ? sl * ov
                    : sl * (ov + 0.5f * KNEE) * (ov + 0.5f * KNEE) / (2.0f * KNEE);
        }
    for (c = 0; c < NTRACK; c++)
        Gs[0][c] = L[0][c];
    for (n = 1; n < NFRAME; n++)
        for (c = 0; c < NTRACK; c++)
            Gs[n][c] = L[n][c] < Gs[n - 1][c] ? Aa[c] * Gs[n - 1][c] + (1.0f - Aa[c]) * L[n][c]
                                              : Ar[c] * Gs[n - 1][c] + (1.0f - Ar[c]) * L[n][c];
    for (c = 0; c < NTRACK; c++) {
        Pk[c] = 0.0f;
        En[c] = 0.0f;
    }
    for (n = 0; n < NFRAME; n++)
        for (c = 0; c < NTRACK; c++) {
            Y[n][c] = X[n][c] * powf(10.0f, 0.05f * (Gs[n][c] + Mk[c]));
            Pk[c] = fabsf(Y[n][c]) > Pk[c] ? fabsf(Y[n][c]) : Pk[c];
            En[c] += Y[n][c] * Y[n][c];
        }
    for (n = 0; n < NFRAME; n++)
        for (k = 0; k < 2; k++) {
            Mix[n][k] = 0.0f;
            for (c = 0; c < NTRACK; c++)
                Mix[n][k] += Pan[c][k] * Y[n][c];
        }
#pragma endscop
}

int main(void)
{
    float (*X)[NTRACK] = malloc(sizeof(float[NFRAME][NTRACK]));
    float (*L)[NTRACK] = malloc(sizeof(float[NFRAME][NTRACK]));
    float (*Gs)[NTRACK] = malloc(sizeof(float[NFRAME][NTRACK]));
    float (*Y)[NTRACK] = malloc(sizeof(float[NFRAME][NTRACK]));
    float (*Mix)[2] = malloc(sizeof(float[NFRAME][2]));
    float Thr[NTRACK], Rat[NTRACK], Mk[NTRACK], Pan[NTRACK][2], Aa[NTRACK], Ar[NTRACK], Pk[NTRACK], En[NTRACK];
    if (!X || !L || !Gs || !Y || !Mix)
        return 1;
    /* tracks: a tone at 55-1400 Hz (48 kHz) under a slow swell and a beat envelope,
     * peaks 0.05-0.9; thresholds -30 to -10 dB, ratios 2-8, attack 1-5 ms, release
     * 50-250 ms, make-up 0-6 dB, constant-power pan across the stereo field */
    for (int c = 0; c < NTRACK; c++) {
        Thr[c] = -30.0f + 20.0f * (float)((c * 7) % 11) / 10.0f;
        Rat[c] = 2.0f + 6.0f * (float)((c * 5) % 9) / 8.0f;
        Aa[c] = expf(-1.0f / (48.0f * (1.0f + 4.0f * (float)((c * 3) % 7) / 6.0f)));
        Ar[c] = expf(-1.0f / (48.0f * (50.0f + 200.0f * (float)((c * 11) % 13) / 12.0f)));
        Mk[c] = 6.0f * (float)((c * 13) % 7) / 6.0f;
        float th = 0.7853982f * (float)c / (NTRACK > 1 ? NTRACK - 1 : 1);
        Pan[c][0] = cosf(th);
        Pan[c][1] = sinf(th);
        Pk[c] = En[c] = 0.0f;
    }
    for (int n = 0; n < NFRAME; n++) {
        for (int c = 0; c < NTRACK; c++) {
            float f = 55.0f * (1.0f + (float)((c * 17) % 25));
            float env = (0.05f + 0.85f * (float)((c * 3) % 8) / 7.0f) * (0.55f + 0.45f * sinf(0.00013f * n + c))
                      * (0.6f + 0.4f * cosf(0.0021f * n * (1 + c % 3)));
            X[n][c] = env * sinf(6.2831853f * f * (float)(n % 48000) / 48000.0f + 0.1f * c);
            L[n][c] = Gs[n][c] = Y[n][c] = 0.0f;
        }
        Mix[n][0] = Mix[n][1] = 0.0f;
    }

    compress(X, L, Gs, Y, Mix, Thr, Rat, Mk, Pan, Aa, Ar, Pk, En);

    double sum = 0.0;
    for (int n = 0; n < NFRAME; n++)
        sum += (fabs((double)Mix[n][0]) + 2.0 * fabs((double)Mix[n][1])) * (double)(1 + n % 7);
    for (int c = 0; c < NTRACK; c++)
        sum += ((double)Pk[c] + 1e-3 * En[c] + Gs[NFRAME - 1][c]) * (double)(1 + c % 5);
    printf("%.10e\n", sum);
    free(X); free(L); free(Gs); free(Y); free(Mix);
    return 0;
}
