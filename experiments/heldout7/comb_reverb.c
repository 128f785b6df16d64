/* Artificial reverberation of a multitrack recording (audio effects, Schroeder /
 * Freeverb style): every track is fed through a bank of parallel feedback comb filters
 * with increasing delays, each comb damping its feedback by a one-pole low-pass (a
 * block-local filter state carried along the samples), then the comb outputs are summed
 * per sample (block-local accumulator) and mixed with the dry signal. Comb c delays by
 * D0 + c * DS samples; its buffer keeps PAD leading samples that stay silent, so the
 * delayed read never leaves the array. Global arrays of fixed size. */
#include <stdio.h>

#ifndef NTRK
#define NTRK 16
#endif
#ifndef NS
#define NS 1048576
#endif
#ifndef NCOMB
#define NCOMB 8
#endif
#ifndef D0
#define D0 1116
#endif
#ifndef DS
#define DS 72
#endif
#define PAD (D0 + (NCOMB - 1) * DS)
#define DAMP 0.2f
#define WET 0.12f
#define DRY 0.7f

static float X[NTRK][NS], Out[NTRK][NS], Y[NCOMB][PAD + NS], fb[NCOMB];

static void reverb(void)
{
    int t, c, n;
#pragma scop
    for (t = 0; t < NTRK; t++) {
        for (c = 0; c < NCOMB; c++) {
            float lp = 0.0f;
            for (n = 0; n < NS; n++) {
                lp = (1.0f - DAMP) * Y[c][PAD + n - D0 - c * DS] + DAMP * lp;
                Y[c][PAD + n] = X[t][n] + fb[c] * lp;
            }
        }
        for (n = 0; n < NS; n++) {
            float s = 0.0f;
            for (c = 0; c < NCOMB; c++)
                s += Y[c][PAD + n];
            Out[t][n] = WET * s + DRY * X[t][n];
        }
    }
#pragma endscop
}

int main(void)
{
    /* feedback gains 0.80 .. 0.87 (below 1, so every comb output stays within about
     * 1 / (1 - 0.87) of the input's range); the input of every track is a sawtooth-like
     * integer pattern in [-0.5, 0.5] with a slow amplitude envelope in [0.5, 1] */
    for (int c = 0; c < NCOMB; c++)
        fb[c] = 0.80f + 0.07f * (float)c / (float)(NCOMB > 1 ? NCOMB - 1 : 1);
    for (int c = 0; c < NCOMB; c++)
        for (int n = 0; n < PAD + NS; n++)
            Y[c][n] = 0.0f;
    for (int t = 0; t < NTRK; t++)
        for (int n = 0; n < NS; n++) {
            float env = 0.5f + 0.5f * (float)((n / 4096 + 3 * t) % 17) / 16.0f;
            X[t][n] = env * ((float)((n * 7 + t * 13) % 101) / 100.0f - 0.5f
                             + 0.003f * (float)(1 + (n + t) % 5));
        }

    reverb();

    double sum = 0.0;
    for (int t = 0; t < NTRK; t++)
        for (int n = 0; n < NS; n++)
            sum += (double)Out[t][n] * (double)(1 + (t + 3 * n) % 7);
    for (int c = 0; c < NCOMB; c++)
        for (int n = 0; n < NS; n++)
            sum += 1e-3 * (double)Y[c][PAD + n] * (double)(1 + (c + n) % 5);
    printf("%.10e\n", sum);
    return 0;
}
