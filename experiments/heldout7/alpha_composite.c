/* Compositing a stack of image layers (graphics / photo editing) in 8-bit integer
 * arithmetic with straight (not premultiplied) alpha: the layers, stored interleaved
 * RGBA (four bytes per pixel), are laid "over" a planar RGB canvas that has its own
 * coverage, from the bottom layer (the last) to the top one (the first), the layer
 * loop counting down. Per pixel the layer's alpha and the combined weight
 * aw = 255 a + cov (255 - a) go into block-local scalars; each colour channel becomes
 * the rounded weighted mean (255 a c + (255 - a) cov canvas + aw / 2) / aw (an integer
 * division by a data-dependent value) and the coverage becomes aw / 255. Heap arrays
 * of fixed size. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NL
#define NL 16
#endif
#ifndef H
#define H 2048
#endif
#ifndef W
#define W 2048
#endif

static void composite(const unsigned char (*restrict L)[H][W][4], int (*restrict Out)[H][W],
                      int (*restrict Cov)[W])
{
    int l, i, j, ch;
#pragma scop
    for (l = NL - 1; l >= 0; l--)
        for (i = 0; i < H; i++)
            for (j = 0; j < W; j++) {
                int a = L[l][i][j][3];
                int aw = 255 * a + Cov[i][j] * (255 - a);
                for (ch = 0; ch < 3; ch++)
                    Out[ch][i][j] = (255 * a * L[l][i][j][ch] + (255 - a) * Cov[i][j] * Out[ch][i][j]
                                     + aw / 2) / aw;
                Cov[i][j] = (aw + 127) / 255;
            }
#pragma endscop
}

int main(void)
{
    unsigned char (*L)[H][W][4] = malloc(sizeof(unsigned char[NL][H][W][4]));
    int (*Out)[H][W] = malloc(sizeof(int[3][H][W]));
    int (*Cov)[W] = malloc(sizeof(int[H][W]));
    if (!L || !Out || !Cov)
        return 1;
    /* every layer a pattern of bands with its own colour ramps, alpha between 10 and
     * 200 (no layer fully opaque, so every layer leaves a trace); the canvas starts as
     * a checkerboard of two colours with coverage 64 or 128. The weight aw is at least
     * 2550, the products stay below 2^25, and every value stays in [0, 255]. */
    for (int l = 0; l < NL; l++)
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++) {
                int band = ((i + 2 * j + 37 * l) >> (3 + l % 3)) & 7;
                L[l][i][j][0] = (unsigned char)((i * 3 + l * 41) & 255);
                L[l][i][j][1] = (unsigned char)((j * 5 + l * 23) & 255);
                L[l][i][j][2] = (unsigned char)((i + j + l * 67) & 255);
                L[l][i][j][3] = (unsigned char)(10 + band * 27 + ((i ^ j ^ l) & 1));
            }
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            for (int ch = 0; ch < 3; ch++)
                Out[ch][i][j] = (((i >> 5) + (j >> 5)) & 1) ? 200 - 20 * ch : 60 + 10 * ch;
            Cov[i][j] = (((i >> 5) + (j >> 5)) & 1) ? 128 : 64;
        }

    composite(L, Out, Cov);

    double sum = 0.0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            for (int ch = 0; ch < 3; ch++)
                sum += (double)Out[ch][i][j] * (double)(1 + (i + 2 * j + ch) % 7);
            sum += (double)Cov[i][j] * (double)(1 + (3 * i + j) % 5);
        }
    printf("%.10e\n", sum);
    free(L); free(Out); free(Cov);
    return 0;
}
