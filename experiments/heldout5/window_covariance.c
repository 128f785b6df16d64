/* Short-time spatial covariance of a multichannel recording (microphone or EEG arrays,
 * input to beamforming and source separation): the signal is cut into overlapping
 * windows of WL samples, HOP apart; for every window the channel means, then the lower
 * triangle of the covariance matrix of the centred channels (triangular loop b <= a,
 * block-local accumulators over the window). Two nests; global arrays. */
#include <stdio.h>

#ifndef P
#define P 32
#endif
#ifndef NWIN
#define NWIN 2048
#endif
#ifndef WL
#define WL 256
#endif
#ifndef HOP
#define HOP 128
#endif
#define NS ((NWIN - 1) * HOP + WL)

static float X[P][NS], Mean[NWIN][P], Cov[NWIN][P][P];

static void window_cov(void)
{
    int t, a, b, k;
#pragma scop
    for (t = 0; t < NWIN; t++)
        for (a = 0; a < P; a++) {
            float s = 0.0f;
            for (k = 0; k < WL; k++)
                s += X[a][t * HOP + k];
            Mean[t][a] = s / WL;
        }
    for (t = 0; t < NWIN; t++)
        for (a = 0; a < P; a++)
            for (b = 0; b <= a; b++) {
                float s = 0.0f;
                for (k = 0; k < WL; k++)
                    s += (X[a][t * HOP + k] - Mean[t][a]) * (X[b][t * HOP + k] - Mean[t][b]);
                Cov[t][a][b] = s / (WL - 1);
            }
#pragma endscop
}

int main(void)
{
    /* a few shared sources mixed into every channel with channel-dependent gains, a
     * per-channel offset and some channel-specific noise; values within [-2, 3] */
    for (int a = 0; a < P; a++)
        for (int n = 0; n < NS; n++) {
            float s1 = (float)((n * 7) % 41 - 20) / 20.0f;
            float s2 = (float)((n / 3 + n % 5) % 23 - 11) / 11.0f;
            float e = (float)((n * 13 + a * 101) % 31 - 15) / 60.0f;
            X[a][n] = 0.5f + (float)(a % 4) * 0.1f
                    + (float)(1 + a % 5) / 5.0f * s1 + (float)(a % 3 - 1) * 0.6f * s2 + e;
        }
    for (int t = 0; t < NWIN; t++)
        for (int a = 0; a < P; a++)
            for (int b = 0; b < P; b++)
                Cov[t][a][b] = 0.0f;

    window_cov();

    double sum = 0.0;
    for (int t = 0; t < NWIN; t++)
        for (int a = 0; a < P; a++) {
            sum += Mean[t][a] * (double)(1 + (t + a) % 5);
            for (int b = 0; b <= a; b++)
                sum += Cov[t][a][b] * (double)(1 + (t * 3 + a + 2 * b) % 11);
        }
    printf("%.10e\n", sum);
    return 0;
}
