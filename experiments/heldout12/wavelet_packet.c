/* Condition monitoring (vibration analysis): wavelet-packet band energies of
 * overlapping frames of many accelerometer channels. Each frame of FL samples is split
 * by the Daubechies-8 low/high pair (eight taps, filter row b), giving two half-band
 * sequences; each of those is split again into four quarter bands, and those into the
 * eight bands of level three, whose energies are accumulated per frame. The level-1 and
 * level-2 sequences live in a per-channel workspace reused by every frame; every
 * filter output is a block-local sum over the eight taps, read at 2 i + t (the frames
 * run a few samples into the next hop instead of wrapping around). Single precision,
 * sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NCH
#define NCH 24
#endif
#ifndef NFR
#define NFR 65536
#endif
#define HOP 4
#define FL 64
#define L1 (FL / 2 + 18)  /* level-1 outputs needed by level 2 */
#define L2 (FL / 4 + 6)   /* level-2 outputs needed by level 3 */
#define L3 (FL / 8)
#define SLEN (NFR * HOP + FL + 48)

static float Xs[NCH][SLEN];         /* signals */
static float Hf[2][8];              /* low-pass and high-pass analysis filters */
static float W1[NCH][2][L1];        /* level-1 workspace */
static float W2[NCH][4][L2];        /* level-2 workspace */
static float E[NCH][NFR][8];        /* level-3 band energies */

static void packets(void)
{
    int c, f, b, q, i, t;
#pragma scop
    for (c = 0; c < NCH; c++)
        for (f = 0; f < NFR; f++) {
            for (b = 0; b < 2; b++)
                for (i = 0; i < L1; i++) {
                    float s = 0.0f;
                    for (t = 0; t < 8; t++)
                        s += Hf[b][t] * Xs[c][HOP * f + 2 * i + t];
                    W1[c][b][i] = s;
                }
            for (q = 0; q < 2; q++)
                for (b = 0; b < 2; b++)
                    for (i = 0; i < L2; i++) {
                        float s = 0.0f;
                        for (t = 0; t < 8; t++)
                            s += Hf[b][t] * W1[c][q][2 * i + t];
                        W2[c][2 * q + b][i] = s;
                    }
            for (q = 0; q < 4; q++)
                for (b = 0; b < 2; b++)
                    for (i = 0; i < L3; i++) {
                        float s = 0.0f;
                        for (t = 0; t < 8; t++)
                            s += Hf[b][t] * W2[c][q][2 * i + t];
                        E[c][f][2 * q + b] += s * s;
                    }
        }
#pragma endscop
}

int main(void)
{
    /* Daubechies-8 (db4) low-pass filter; the high-pass is its alternating flip */
    static const double h[8] = {0.23037781330885523, 0.7148465705525415, 0.6308807679295904,
                                -0.02798376941698385, -0.18703481171888114, 0.030841381835986965,
                                0.032883011666982945, -0.010597401784997278};
    for (int t = 0; t < 8; t++) {
        Hf[0][t] = (float)h[t];
        Hf[1][t] = (float)((t % 2 ? -1.0 : 1.0) * h[7 - t]);
    }
    /* signals from a 1024-point sine table: a shaft tone of 8 to 20 cycles per 1024
     * samples (channel-dependent) and its harmonic, a bearing-defect burst train, and
     * a deterministic broadband term; amplitudes up to about 2.2 */
    static float Tab[1024];
    for (int n = 0; n < 1024; n++)
        Tab[n] = (float)sin(2.0 * M_PI * n / 1024.0);
    for (int c = 0; c < NCH; c++) {
        int fc = 8 + c % 13;
        for (int n = 0; n < SLEN; n++)
            Xs[c][n] = Tab[(fc * n) % 1024] + 0.5f * Tab[(2 * fc * n + 50 * c) % 1024]
                     + ((n % 97) < 6 ? 0.4f * Tab[(373 * n) % 1024] : 0.0f)
                     + 0.3f * ((float)((n * 37 + c * 11) % 29) / 14.0f - 1.0f);
    }
    for (int c = 0; c < NCH; c++) {
        for (int f = 0; f < NFR; f++)
            for (int b = 0; b < 8; b++)
                E[c][f][b] = 0.0f;
        for (int b = 0; b < 2; b++)
            for (int i = 0; i < L1; i++)
                W1[c][b][i] = 0.0f;
        for (int b = 0; b < 4; b++)
            for (int i = 0; i < L2; i++)
                W2[c][b][i] = 0.0f;
    }

    packets();

    double sum = 0.0;
    for (int c = 0; c < NCH; c++)
        for (int f = 0; f < NFR; f++)
            for (int b = 0; b < 8; b++)
                sum += (double)E[c][f][b] * (double)(1 + (c + 3 * f + 5 * b) % 7);
    printf("%.10e\n", sum);
    return 0;
}
