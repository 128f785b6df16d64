/* Neural-network layout change: a channels-last activation tensor In[h][w][c] is
 * permuted to channels-first Out[c][h][w], with a per-channel affine scale (a folded
 * batch normalisation) and a leaky ReLU by ternary on the way. The loops run in the
 * order of the output. */
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 512
#endif
#ifndef W
#define W 512
#endif
#ifndef C
#define C 128
#endif

static void permute(const float In[restrict H][W][C], const float g[restrict C],
                    const float b[restrict C], float Out[restrict C][H][W])
{
    int c, h, w;
#pragma scop
    for (c = 0; c < C; c++)
        for (h = 0; h < H; h++)
            for (w = 0; w < W; w++) {
                float v = In[h][w][c] * g[c] + b[c];
                Out[c][h][w] = v > 0.0f ? v : 0.01f * v;
            }
#pragma endscop
}

int main(void)
{
    float (*In)[W][C] = malloc(sizeof(float[H][W][C]));
    float (*Out)[H][W] = malloc(sizeof(float[C][H][W]));
    float *g = malloc(sizeof(float[C]));
    float *b = malloc(sizeof(float[C]));
    if (!In || !Out || !g || !b)
        return 1;
    for (int c = 0; c < C; c++) {
        g[c] = 0.5f + (float)(c % 7) / 7.0f;
        b[c] = (float)(c % 5) / 5.0f - 0.4f;
    }
    for (int h = 0; h < H; h++)
        for (int w = 0; w < W; w++)
            for (int c = 0; c < C; c++)
                In[h][w][c] = (float)((h * 3 + w * 5 + c * 7) % 19) / 19.0f - 0.5f;

    permute(In, g, b, Out);

    double sum = 0.0;
    for (int c = 0; c < C; c++)
        for (int h = 0; h < H; h++)
            for (int w = 0; w < W; w += 2)
                sum += Out[c][h][w] * (double)(1 + (c * 3 + h + w) % 11);
    printf("%.10e\n", sum);
    free(In); free(Out); free(g); free(b);
    return 0;
}
