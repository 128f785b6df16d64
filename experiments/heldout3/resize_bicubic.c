/* Image upscaling by an integer factor with separable bicubic (Catmull-Rom)
 * interpolation: rows first into a wide intermediate image, then columns, with the
 * interpolation weights of each sub-pixel phase taken from a small table and the result
 * clamped to [0, 1] (Catmull-Rom overshoots at edges). Output pixel (ci - 1) * F + di
 * lies between input pixels ci and ci + 1. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 2000
#endif
#ifndef W
#define W 2000
#endif
#ifndef F
#define F 4
#endif
#define HO ((H - 3) * F)
#define WO ((W - 3) * F)

static void upscale(const float In[restrict H][W], const float wt[restrict F][4],
                    float Tmp[restrict H][WO], float Out[restrict HO][WO])
{
    int i, j, ci, cj, di, dj;
#pragma scop
    for (i = 0; i < H; i++)
        for (cj = 1; cj < W - 2; cj++)
            for (dj = 0; dj < F; dj++)
                Tmp[i][(cj - 1) * F + dj] = wt[dj][0] * In[i][cj - 1] + wt[dj][1] * In[i][cj]
                                          + wt[dj][2] * In[i][cj + 1] + wt[dj][3] * In[i][cj + 2];
    for (ci = 1; ci < H - 2; ci++)
        for (di = 0; di < F; di++)
            for (j = 0; j < WO; j++)
                Out[(ci - 1) * F + di][j] =
                    fminf(1.0f, fmaxf(0.0f, wt[di][0] * Tmp[ci - 1][j] + wt[di][1] * Tmp[ci][j]
                                          + wt[di][2] * Tmp[ci + 1][j] + wt[di][3] * Tmp[ci + 2][j]));
#pragma endscop
}

int main(void)
{
    float (*In)[W] = malloc(sizeof(float[H][W]));
    float (*Tmp)[WO] = malloc(sizeof(float[H][WO]));
    float (*Out)[WO] = malloc(sizeof(float[HO][WO]));
    float (*wt)[4] = malloc(sizeof(float[F][4]));
    if (!In || !Tmp || !Out || !wt)
        return 1;
    for (int d = 0; d < F; d++) {
        float t = (float)d / F, t2 = t * t, t3 = t2 * t;
        wt[d][0] = 0.5f * (-t3 + 2.0f * t2 - t);
        wt[d][1] = 0.5f * (3.0f * t3 - 5.0f * t2 + 2.0f);
        wt[d][2] = 0.5f * (-3.0f * t3 + 4.0f * t2 + t);
        wt[d][3] = 0.5f * (t3 - t2);
    }
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            In[i][j] = (float)((i * 7 + j * 13) % 17) / 16.0f * (((i / 16 + j / 16) % 2) ? 1.0f : 0.5f);

    upscale(In, wt, Tmp, Out);

    double sum = 0.0;
    for (int i = 0; i < HO; i++)
        for (int j = 0; j < WO; j += 3)
            sum += Out[i][j] * (double)(1 + (i * 3 + j) % 11);
    for (int i = 0; i < H; i += 7)
        for (int j = 0; j < WO; j++)
            sum += 1e-2 * Tmp[i][j] * (double)(1 + (i + j) % 5);
    printf("%.10e\n", sum);
    free(In); free(Tmp); free(Out); free(wt);
    return 0;
}
