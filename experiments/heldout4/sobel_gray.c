/* Edge map of a colour photograph: the RGB planes are converted to luma (ITU-R BT.601
 * weights), then the 3x3 Sobel gradient magnitude is computed at every interior pixel.
 * The one-pixel border of the edge map is left at zero. */
#include <math.h>
#include <stdio.h>

#ifndef H
#define H 4000
#endif
#ifndef W
#define W 6000
#endif

static float R[H][W], G[H][W], B[H][W], Y[H][W], M[H][W];

static void edge_map(void)
{
    int i, j;
#pragma scop
    for (i = 0; i < H; i++)
        for (j = 0; j < W; j++)
            Y[i][j] = 0.299f * R[i][j] + 0.587f * G[i][j] + 0.114f * B[i][j];
    for (i = 1; i < H - 1; i++)
        for (j = 1; j < W - 1; j++) {
            float gx = (Y[i - 1][j + 1] + 2.0f * Y[i][j + 1] + Y[i + 1][j + 1])
                     - (Y[i - 1][j - 1] + 2.0f * Y[i][j - 1] + Y[i + 1][j - 1]);
            float gy = (Y[i + 1][j - 1] + 2.0f * Y[i + 1][j] + Y[i + 1][j + 1])
                     - (Y[i - 1][j - 1] + 2.0f * Y[i - 1][j] + Y[i - 1][j + 1]);
            M[i][j] = sqrtf(gx * gx + gy * gy);
        }
#pragma endscop
}

int main(void)
{
    /* gradients, tiles and a few sharp stripes, values in [0, 1] */
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            R[i][j] = (float)((i * 3 + j * 5) % 256) / 255.0f;
            G[i][j] = (float)(((i / 8) * 7 + (j / 8) * 3) % 256) / 255.0f;
            B[i][j] = ((i / 32 + j / 48) % 2 == 0 ? 0.2f : 0.8f)
                    + (float)((i * 13 + j * 7) % 17) / 100.0f;
            M[i][j] = 0.0f;
        }

    edge_map();

    double sum = 0.0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            sum += (double)M[i][j] * (double)(1 + (i * 7 + j) % 13)
                 + 1e-3 * (double)Y[i][j] * (double)(1 + (i + j) % 5);
    printf("%.10e\n", sum);
    return 0;
}
