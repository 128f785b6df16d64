/* One level of the reversible integer Haar wavelet (the S-transform of lossless image
 * coders) applied to every band of a hyperspectral cube, in place by lifting: along
 * the rows each odd sample becomes the detail (difference with its even neighbour) and
 * each even sample the rounded mean, then the same along the columns. The coefficients
 * stay interleaved (no reordering into quadrants). Stride-2 subscripts; heap array of
 * fixed size, passed as a pointer to planes. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NB
#define NB 32
#endif
#ifndef H
#define H 2048
#endif
#ifndef W
#define W 2048
#endif

static void haar_level(int (*restrict X)[H][W])
{
    int b, i, j;
#pragma scop
    for (b = 0; b < NB; b++)
        for (i = 0; i < H; i++)
            for (j = 0; j < W / 2; j++) {
                X[b][i][2 * j + 1] = X[b][i][2 * j + 1] - X[b][i][2 * j];
                X[b][i][2 * j] = X[b][i][2 * j] + X[b][i][2 * j + 1] / 2;
            }
    for (b = 0; b < NB; b++)
        for (i = 0; i < H / 2; i++)
            for (j = 0; j < W; j++) {
                X[b][2 * i + 1][j] = X[b][2 * i + 1][j] - X[b][2 * i][j];
                X[b][2 * i][j] = X[b][2 * i][j] + X[b][2 * i + 1][j] / 2;
            }
#pragma endscop
}

int main(void)
{
    int (*X)[H][W] = malloc(sizeof(int[NB][H][W]));
    if (!X)
        return 1;
    /* 12-bit radiances: a smooth scene whose brightness depends on the band, plus
     * texture; the coefficients stay within [-8192, 8192] */
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++)
                X[b][i][j] = 1000 + 40 * (b % 9) + ((i / 16 + j / 24) % 7) * 300
                           + (i * 13 + j * 29 + b * 7) % 101;

    haar_level(X);

    long long sum = 0;
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < H; i++)
            for (int j = 0; j < W; j++)
                sum += (long long)X[b][i][j] * (1 + (b + 3 * i + 7 * j) % 13);
    printf("%.10e\n", (double)sum);
    free(X);
    return 0;
}
