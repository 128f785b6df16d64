/* Colour quantization of an image by Lloyd's k-means on pixel features (three colour
 * channels and two down-weighted position coordinates): per iteration every pixel is
 * assigned to the nearest palette entry (block-local squared distance, the label and
 * the distance kept by ternaries, int labels), the per-cluster sums and int counts are
 * gathered with a label-match mask (cluster loop outside the pixel loop), the palette
 * entries with members are moved to their means (ternary) and the iteration's inertia
 * is summed. Double precision (int labels and counts), sizes are #define (global
 * arrays). */
#include <stdio.h>

#ifndef NPIX
#define NPIX 200000
#endif
#ifndef NF
#define NF 5
#endif
#ifndef NK
#define NK 24
#endif
#ifndef NIT
#define NIT 20
#endif

static double X[NPIX][NF], C[NK][NF], S[NK][NF], Dist[NPIX], Inertia[NIT];
static int Lab[NPIX], Cnt[NK];

static void kmeans(void)
{
    int it, p, k, d;
#pragma scop
    for (it = 0; it < NIT; it++) {
        for (p = 0; p < NPIX; p++) {
            double best = 1e30;
            int lab = 0;
            for (k = 0; k < NK; k++) {
                double d2 = 0.0;
                for (d = 0; d < NF; d++)
                    d2 += (X[p][d] - C[k][d]) * (X[p][d] - C[k][d]);
                lab = d2 < best ? k : lab;
                best = d2 < best ? d2 : best;
            }
            Lab[p] = lab;
            Dist[p] = best;
        }
        for (k = 0; k < NK; k++) {
            Cnt[k] = 0;
            for (d = 0; d < NF; d++)
                S[k][d] = 0.0;
            for (p = 0; p < NPIX; p++) {
                Cnt[k] += Lab[p] == k ? 1 : 0;
                for (d = 0; d < NF; d++)
                    S[k][d] += Lab[p] == k ? X[p][d] : 0.0;
            }
            for (d = 0; d < NF; d++)
                C[k][d] = Cnt[k] > 0 ? S[k][d] / (double)Cnt[k] : C[k][d];
        }
        Inertia[it] = 0.0;
        for (p = 0; p < NPIX; p++)
            Inertia[it] += Dist[p];
    }
#pragma endscop
}

int main(void)
{
    /* pixels drawn around 40 colour/position modes with LCG noise; the first palette
     * taken from evenly spaced pixels */
    unsigned int seed = 12345u;
    for (int p = 0; p < NPIX; p++) {
        int m = (p * 7 + p / 1000) % 40;
        for (int d = 0; d < NF; d++) {
            seed = seed * 1664525u + 1013904223u;
            double noise = (double)(seed >> 8) / 16777216.0 - 0.5;
            double centre = (double)((m * (3 + 2 * d) + 5 * d) % 17) / 17.0;
            X[p][d] = (d < 3 ? 1.0 : 0.3) * (centre + 0.15 * noise);
        }
        Lab[p] = 0;
        Dist[p] = 0.0;
    }
    for (int k = 0; k < NK; k++) {
        for (int d = 0; d < NF; d++) {
            C[k][d] = X[(k * (NPIX / NK) + 17) % NPIX][d];
            S[k][d] = 0.0;
        }
        Cnt[k] = 0;
    }
    for (int it = 0; it < NIT; it++)
        Inertia[it] = 0.0;

    kmeans();

    double sum = 0.0;
    for (int p = 0; p < NPIX; p++)
        sum += (1e2 * Dist[p] + 1e-3 * (double)Lab[p]) * (double)(1 + p % 7);
    for (int k = 0; k < NK; k++) {
        for (int d = 0; d < NF; d++)
            sum += (C[k][d] + 1e-4 * S[k][d]) * (double)(1 + (k + 2 * d) % 5);
        sum += 1e-3 * (double)Cnt[k] * (double)(1 + k % 3);
    }
    for (int it = 0; it < NIT; it++)
        sum += 1e-2 * Inertia[it] * (double)(1 + it % 4);
    printf("%.10e\n", sum);
    return 0;
}
