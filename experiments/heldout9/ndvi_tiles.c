/* Remote sensing: vegetation index composite of a satellite scene. The bands come as
 * 16-bit digital numbers (reflectance = DN * GAIN). First every pixel's modified
 * soil-adjusted vegetation index MSAVI2 = (2 N + 1 - sqrt((2 N + 1)^2 - 8 (N - R))) / 2
 * from the near-infrared and red reflectances, with a simple cloud test on the blue
 * band (bright blue means cloud): a cloudy pixel's value is set to 0 and its clear-sky
 * flag to 0 (ternaries). Then the scene is cut into TS x TS tiles and every
 * tile's mean NDVI over its clear pixels is formed from two block-local sums (values
 * and clear flags), the pixel subscripts TS * ti + i, TS * tj + j. Two nests; sizes as
 * macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 5120
#endif
#ifndef W
#define W 5120
#endif
#ifndef TS
#define TS 64
#endif
#define GAIN 2e-5f    /* reflectance per digital number */
#define CLOUD 11000   /* blue DN above which a pixel is cloudy (reflectance 0.22) */

static void composite(unsigned short (*restrict Nir)[W], unsigned short (*restrict Red)[W],
                      unsigned short (*restrict Blue)[W], float (*restrict V)[W],
                      float (*restrict Clr)[W], float (*restrict Mean)[W / TS])
{
    int i, j, ti, tj;
#pragma scop
    for (i = 0; i < H; i++)
        for (j = 0; j < W; j++) {
            V[i][j] = Blue[i][j] > CLOUD ? 0.0f
                    : 0.5f * (2.0f * GAIN * Nir[i][j] + 1.0f
                              - sqrtf((2.0f * GAIN * Nir[i][j] + 1.0f) * (2.0f * GAIN * Nir[i][j] + 1.0f)
                                      - 8.0f * GAIN * (Nir[i][j] - Red[i][j])));
            Clr[i][j] = Blue[i][j] > CLOUD ? 0.0f : 1.0f;
        }
    for (ti = 0; ti < H / TS; ti++)
        for (tj = 0; tj < W / TS; tj++) {
            float s = 0.0f;
            float n = 0.0f;
            for (i = 0; i < TS; i++)
                for (j = 0; j < TS; j++) {
                    s += V[TS * ti + i][TS * tj + j];
                    n += Clr[TS * ti + i][TS * tj + j];
                }
            Mean[ti][tj] = s / n;
        }
#pragma endscop
}

int main(void)
{
    unsigned short (*Nir)[W] = malloc(sizeof(unsigned short[H][W]));
    unsigned short (*Red)[W] = malloc(sizeof(unsigned short[H][W]));
    unsigned short (*Blue)[W] = malloc(sizeof(unsigned short[H][W]));
    float (*V)[W] = malloc(sizeof(float[H][W]));
    float (*Clr)[W] = malloc(sizeof(float[H][W]));
    float (*Mean)[W / TS] = malloc(sizeof(float[H / TS][W / TS]));
    if (!Nir || !Red || !Blue || !V || !Clr || !Mean)
        return 1;
    /* reflectances 0.02 to 0.5 (DN 1000 to 25000): fields, forest, water and bare soil in patches;
     * clouds (blue above 0.22) in diagonal bands covering about 15 % of the scene, at
     * most about half of any tile */
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            int cls = ((i >> 5) * 3 + (j >> 6) * 5) & 3;
            int base = 1000 + 500 * ((i * 3 + j * 7) & 7);
            Red[i][j] = (unsigned short)(base + (cls == 0 ? 1500 : cls == 1 ? 2500 : cls == 2 ? 1000 : 7500));
            Nir[i][j] = (unsigned short)(base + (cls == 0 ? 17500 : cls == 1 ? 12500 : cls == 2 ? 500 : 10000));
            Blue[i][j] = (unsigned short)(((i + 2 * j) & 255) < 40 && ((i >> 6) + (j >> 6)) % 3 != 0
                       ? 15000 + 100 * ((i + j) & 31) : 1500 + base);
        }

    composite(Nir, Red, Blue, V, Clr, Mean);

    double sum = 0.0;
    for (int ti = 0; ti < H / TS; ti++)
        for (int tj = 0; tj < W / TS; tj++)
            sum += (double)Mean[ti][tj] * (double)(1 + (ti + 3 * tj) % 7);
    for (int i = 0; i < H; i += 7)
        for (int j = 0; j < W; j += 5)
            sum += (double)V[i][j] * (double)(1 + (i + j) % 5);
    printf("%.10e\n", sum);
    free(Nir); free(Red); free(Blue); free(V); free(Clr); free(Mean);
    return 0;
}
