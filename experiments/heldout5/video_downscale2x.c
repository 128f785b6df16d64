/* Video resizing: every frame of a clip is halved in both directions by an
 * anti-aliasing 4x4 filter (the separable [1 3 3 1] / 8 kernel, passed as a table of
 * weights) centred between the source pixels it replaces, output pixel (i, j) reading
 * source rows 2i-1 .. 2i+2 and columns 2j-1 .. 2j+2. Only output pixels whose taps lie
 * inside the frame are computed; the one-pixel output border is left as set. Heap
 * arrays of fixed size. */
#include <stdio.h>
#include <stdlib.h>

#ifndef F
#define F 10
#endif
#ifndef H
#define H 2160
#endif
#ifndef W
#define W 3840
#endif

static void downscale(const float In[restrict F][H][W], const float wt[restrict 4][4],
                      float Out[restrict F][H / 2][W / 2])
{
    int f, i, j, di, dj;
#pragma scop
    for (f = 0; f < F; f++)
        for (i = 1; i < H / 2 - 1; i++)
            for (j = 1; j < W / 2 - 1; j++) {
                float s = 0.0f;
                for (di = 0; di < 4; di++)
                    for (dj = 0; dj < 4; dj++)
                        s += wt[di][dj] * In[f][2 * i - 1 + di][2 * j - 1 + dj];
                Out[f][i][j] = s;
            }
#pragma endscop
}

int main(void)
{
    float (*In)[H][W] = malloc(sizeof(float[F][H][W]));
    float (*Out)[H / 2][W / 2] = malloc(sizeof(float[F][H / 2][W / 2]));
    float (*wt)[4] = malloc(sizeof(float[4][4]));
    if (!In || !Out || !wt)
        return 1;
    const float tap[4] = {1.0f, 3.0f, 3.0f, 1.0f};
    for (int di = 0; di < 4; di++)
        for (int dj = 0; dj < 4; dj++)
            wt[di][dj] = tap[di] * tap[dj] / 64.0f;
    /* a moving pattern of bars and a gradient, values in [0.05, 1] */
    for (int f = 0; f < F; f++)
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++)
                In[f][i][j] = 0.05f + (float)(((i + 3 * f) / 9 + (j + 5 * f) / 14) % 2) * 0.5f
                            + (float)((i * 3 + j * 7 + f) % 64) / 140.0f;
    for (int f = 0; f < F; f++)
        for (int i = 0; i < H / 2; i++)
            for (int j = 0; j < W / 2; j++)
                Out[f][i][j] = 0.5f;

    downscale(In, wt, Out);

    double sum = 0.0;
    for (int f = 0; f < F; f++)
        for (int i = 0; i < H / 2; i++)
            for (int j = 0; j < W / 2; j++)
                sum += Out[f][i][j] * (double)(1 + (f * 5 + i * 3 + j) % 13);
    printf("%.10e\n", sum);
    free(In); free(Out); free(wt);
    return 0;
}
