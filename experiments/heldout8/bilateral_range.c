/* Image processing: edge-preserving smoothing of a grey image by a bilateral-type
 * filter whose range kernel is piecewise constant: each neighbour in the 11x11 window
 * gets its spatial (Gaussian) weight times 1, 1/2, 1/8 or 0 according to how far its
 * value lies from the centre pixel's (nested ternaries on fabsf of the difference), so
 * pixels across an edge do not blur into each other. Weighted sum and total weight are
 * block-local accumulators; the output is their ratio. The input carries a frame of
 * RAD pixels (replicated border) so that every window is complete. Heap arrays of fixed
 * size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 4096
#endif
#ifndef W
#define W 4096
#endif
#define RAD 5
#define T1 0.04f
#define T2 0.10f
#define T3 0.25f

static void bilateral(const float (*restrict In)[W + 2 * RAD],
                      const float (*restrict Ws)[2 * RAD + 1], float (*restrict Out)[W])
{
    int i, j, di, dj;
#pragma scop
    for (i = 0; i < H; i++)
        for (j = 0; j < W; j++) {
            float num = 0.0f;
            float den = 0.0f;
            for (di = 0; di <= 2 * RAD; di++)
                for (dj = 0; dj <= 2 * RAD; dj++) {
                    float d = fabsf(In[i + di][j + dj] - In[i + RAD][j + RAD]);
                    float w = Ws[di][dj] * (d < T1 ? 1.0f : d < T2 ? 0.5f : d < T3 ? 0.125f : 0.0f);
                    num += w * In[i + di][j + dj];
                    den += w;
                }
            Out[i][j] = num / den;
        }
#pragma endscop
}

int main(void)
{
    float (*In)[W + 2 * RAD] = malloc(sizeof(float[H + 2 * RAD][W + 2 * RAD]));
    float (*Ws)[2 * RAD + 1] = malloc(sizeof(float[2 * RAD + 1][2 * RAD + 1]));
    float (*Out)[W] = malloc(sizeof(float[H][W]));
    if (!In || !Ws || !Out)
        return 1;
    /* spatial weights exp(-r^2 / 18); the image in [0.1, 0.85]: flat regions of four
     * levels 0.2 apart separated by straight and diagonal edges (steps of 0.2 weighted
     * 1/8, larger steps 0), a slow shading, and a fine texture of amplitude 0.06 whose
     * differences fall under the first or second range threshold */
    for (int di = 0; di <= 2 * RAD; di++)
        for (int dj = 0; dj <= 2 * RAD; dj++)
            Ws[di][dj] = expf(-(float)((di - RAD) * (di - RAD) + (dj - RAD) * (dj - RAD)) / 18.0f);
    for (int i = 0; i < H + 2 * RAD; i++)
        for (int j = 0; j < W + 2 * RAD; j++) {
            int y = i < RAD ? 0 : i >= H + RAD ? H - 1 : i - RAD;
            int x = j < RAD ? 0 : j >= W + RAD ? W - 1 : j - RAD;
            int region = (x / 256 + y / 320) % 3 + ((x + y) / 700) % 2;
            float tex = 0.06f * (float)((x * 7 + y * 13) % 17) / 16.0f;
            In[i][j] = 0.1f + 0.2f * (float)region + 0.1f * (float)(x + y) / (float)(H + W) + tex;
        }

    bilateral(In, Ws, Out);

    double sum = 0.0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            sum += (double)Out[i][j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(In); free(Ws); free(Out);
    return 0;
}
