/* Image and video coding: intra coding of a group of frames with the 8x8 block DCT of
 * JPEG / MPEG. For every 8x8 block of every frame each coefficient (u, v) is the
 * direct 2-D DCT-II of the level-shifted pixels (block-local float sum over the 64
 * pixels, basis table read as Cb[u][x] and Cb[v][y]), divided by the quantiser step
 * of the scaled luminance table and rounded to an integer level (floorf); the decoder
 * side then rebuilds every pixel by the inverse DCT of the dequantised levels
 * (block-local sum over the 64 coefficients, basis read transposed as Cb[u][x]),
 * clamps it to 0 .. 255 by ternaries and adds the squared error to the frame's
 * distortion. Block subscripts 8 bi + x, 8 bj + y. Sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NFRAME
#define NFRAME 4
#endif
#ifndef H
#define H 720
#endif
#ifndef W
#define W 1280
#endif

static void intra_code(unsigned char (*restrict Img)[H][W], int (*restrict Lev)[H][W],
                       float (*restrict Rec)[H][W], float (*restrict Cb)[8],
                       float (*restrict Qt)[8], double *restrict Sse)
{
    int f, bi, bj, u, v, x, y;
#pragma scop
    for (f = 0; f < NFRAME; f++)
        for (bi = 0; bi < H / 8; bi++)
            for (bj = 0; bj < W / 8; bj++)
                for (u = 0; u < 8; u++)
                    for (v = 0; v < 8; v++) {
                        float s = 0.0f;
                        for (x = 0; x < 8; x++)
                            for (y = 0; y < 8; y++)
                                s += Cb[u][x] * Cb[v][y] * (float)(Img[f][8 * bi + x][8 * bj + y] - 128);
                        Lev[f][8 * bi + u][8 * bj + v] = (int)floorf(s / Qt[u][v] + 0.5f);
                    }
    for (f = 0; f < NFRAME; f++)
        for (bi = 0; bi < H / 8; bi++)
            for (bj = 0; bj < W / 8; bj++)
                for (x = 0; x < 8; x++)
                    for (y = 0; y < 8; y++) {
                        float r = 128.0f;
                        for (u = 0; u < 8; u++)
                            for (v = 0; v < 8; v++)
                                r += Cb[u][x] * Cb[v][y] * Qt[u][v] * (float)Lev[f][8 * bi + u][8 * bj + v];
                        Rec[f][8 * bi + x][8 * bj + y] = r < 0.0f ? 0.0f : r > 255.0f ? 255.0f : r;
                        Sse[f] += (double)((Rec[f][8 * bi + x][8 * bj + y] - Img[f][8 * bi + x][8 * bj + y])
                                           * (Rec[f][8 * bi + x][8 * bj + y] - Img[f][8 * bi + x][8 * bj + y]));
                    }
#pragma endscop
}

int main(void)
{
    unsigned char (*Img)[H][W] = malloc(sizeof(unsigned char[NFRAME][H][W]));
    int (*Lev)[H][W] = malloc(sizeof(int[NFRAME][H][W]));
    float (*Rec)[H][W] = malloc(sizeof(float[NFRAME][H][W]));
    float (*Cb)[8] = malloc(sizeof(float[8][8]));
    float (*Qt)[8] = malloc(sizeof(float[8][8]));
    double *Sse = malloc(sizeof(double[NFRAME]));
    if (!Img || !Lev || !Rec || !Cb || !Qt || !Sse)
        return 1;
    /* orthonormal DCT-II basis; the JPEG luminance table scaled to quality 75 (halved) */
    static const int q50[8][8] = {
        {16, 11, 10, 16, 24, 40, 51, 61}, {12, 12, 14, 19, 26, 58, 60, 55},
        {14, 13, 16, 24, 40, 57, 69, 56}, {14, 17, 22, 29, 51, 87, 80, 62},
        {18, 22, 37, 56, 68, 109, 103, 77}, {24, 35, 55, 64, 81, 104, 113, 92},
        {49, 64, 78, 87, 103, 121, 120, 101}, {72, 92, 95, 98, 112, 100, 103, 99}};
    for (int u = 0; u < 8; u++)
        for (int x = 0; x < 8; x++) {
            Cb[u][x] = (float)((u == 0 ? sqrt(0.125) : 0.5) * cos((2 * x + 1) * u * M_PI / 16.0));
            Qt[u][x] = (float)q50[u][x] / 2.0f;
        }
    /* frames of a panning scene: smooth shading, stripes and a checker texture with
     * sharp edges, grey levels 8 to 247 */
    for (int f = 0; f < NFRAME; f++) {
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++) {
                int jj = j + 5 * f;
                int v = 40 + (i * 120) / H + (jj * 60) / W
                      + ((jj / 24 + i / 24) % 2) * 30 + ((i * 7 + jj * 3) % 17) - 8
                      + (jj % 64 < 6 ? 40 : 0);
                Img[f][i][j] = (unsigned char)(v < 8 ? 8 : v > 247 ? 247 : v);
                Lev[f][i][j] = 0;
                Rec[f][i][j] = 0.0f;
            }
        Sse[f] = 0.0;
    }

    intra_code(Img, Lev, Rec, Cb, Qt, Sse);

    double sum = 0.0;
    for (int f = 0; f < NFRAME; f++) {
        sum += 1e-3 * Sse[f] * (double)(1 + f);
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++)
                sum += ((double)Lev[f][i][j] + 1e-2 * (double)Rec[f][i][j]) * (double)(1 + (i + 3 * j + f) % 7);
    }
    printf("%.10e\n", sum);
    free(Img); free(Lev); free(Rec); free(Cb); free(Qt); free(Sse);
    return 0;
}
