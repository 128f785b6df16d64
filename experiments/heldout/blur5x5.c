/* 5x5 convolution of a grayscale image with a separable-looking but general filter
 * kernel, as an image-processing pipeline would apply it (valid region only). */
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 7000
#endif
#ifndef W
#define W 8000
#endif
#define K 5

static void convolve5x5(float out[restrict H - K + 1][W - K + 1],
                        float img[restrict H][W], float filt[restrict K][K])
{
    int y, x, u, v;
#pragma scop
    for (y = 0; y < H - K + 1; y++)
        for (x = 0; x < W - K + 1; x++) {
            out[y][x] = 0.0f;
            for (u = 0; u < K; u++)
                for (v = 0; v < K; v++)
                    out[y][x] += filt[u][v] * img[y + u][x + v];
        }
#pragma endscop
}

int main(void)
{
    float (*img)[W] = malloc(sizeof(float[H][W]));
    float (*out)[W - K + 1] = malloc(sizeof(float[H - K + 1][W - K + 1]));
    float filt[K][K];
    if (!img || !out)
        return 1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            img[y][x] = (float)((y * 7 + x * 3) % 256) / 255.0f;
    for (int u = 0; u < K; u++)
        for (int v = 0; v < K; v++)
            filt[u][v] = (float)((u + 1) * (K - v) % 7 + 1) / 100.0f;

    convolve5x5(out, img, filt);

    double sum = 0.0;
    for (int y = 0; y < H - K + 1; y++)
        for (int x = 0; x < W - K + 1; x++)
            sum += out[y][x] * (1.0 + (double)((y + 2 * x) % 13) / 13.0);
    printf("%.10e\n", sum);
    free(img);
    free(out);
    return 0;
}
